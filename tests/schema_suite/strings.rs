//! The trials `pattern/<file>` and `format/<file>`.

use super::*;

/// Suite files (relative to the suite's `tests/`) whose lone-`pattern` groups the trials
/// `pattern/<file>` check.
pub(crate) const PATTERN_FILES: [&str; 6] = [
    "draft2020-12/pattern.json",
    "draft2020-12/optional/ecmascript-regex.json",
    "draft2020-12/optional/non-bmp-regex.json",
    "draft7/pattern.json",
    "draft7/optional/ecmascript-regex.json",
    "draft7/optional/non-bmp-regex.json",
];

/// The drafts whose `optional/format/` files the trials `format/<file>` run: formgate
/// has one definition per format, and every draft's files are held to it.
pub(crate) const FORMAT_DRAFTS: [&str; 5] =
    ["draft2020-12", "draft2019-09", "draft7", "draft6", "draft4"];

/// A suite expectation formgate's format checks deliberately do not meet, with the
/// reason. An entry that turns out not to be needed fails the run.
pub(crate) struct FormatDeviation {
    pub(crate) draft: &'static str,
    pub(crate) format: &'static str,
    pub(crate) data: &'static str,
    pub(crate) reason: &'static str,
}

/// Why `idn-email` rejects a domain label that is not in NFC, which the suite accepts.
const NOT_NFC: &str = "RFC 6531 §3.3 extends the domain with U-labels, and a U-label is NFC \
                       (RFC 5890 §2.3.2.1); the suite expects a UTS #46 processor's \
                       normalization, and formgate applies no mapping";

/// Deliberate deviations from the suite's `optional/format/` files.
pub(crate) const FORMAT_DEVIATIONS: &[FormatDeviation] = &[
    FormatDeviation {
        draft: "draft2020-12",
        format: "idn-email",
        data: "user@cafe\u{301}.com",
        reason: NOT_NFC,
    },
    FormatDeviation {
        draft: "draft2019-09",
        format: "idn-email",
        data: "user@cafe\u{301}.com",
        reason: NOT_NFC,
    },
    FormatDeviation {
        draft: "draft7",
        format: "idn-email",
        data: "user@cafe\u{301}.com",
        reason: NOT_NFC,
    },
];

/// What the pattern or format checks of some files found.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StringCounts {
    /// Lone-`pattern` groups, or `optional/format/` files.
    pub(crate) units: usize,
    /// String instances checked.
    pub(crate) instances: usize,
    /// Patterns refused for lookahead, lookbehind or a backreference (fail-closed).
    pub(crate) closed: usize,
}

/// The `pattern` of a schema that is only `pattern` (with `$schema` and
/// `"type": "string"` allowed beside it).
pub(crate) fn lone_pattern(schema: &Value) -> Option<&str> {
    let object = schema.as_object()?;
    let only_pattern = object.iter().all(|(key, value)| match key.as_str() {
        "pattern" | "$schema" => true,
        "type" => value == "string",
        _ => false,
    });
    if only_pattern {
        object.get("pattern")?.as_str()
    } else {
        None
    }
}

pub(crate) fn read_groups(path: &Path, file: &str) -> Result<Vec<Value>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let groups: Value =
        serde_json::from_slice(&bytes).map_err(|e| format!("{file}: not JSON: {e}"))?;
    match groups {
        Value::Array(groups) => Ok(groups),
        _ => Err(format!("{file}: not an array of groups")),
    }
}

/// Compiles the lone `pattern` of every group of `file` with formgate's matcher and
/// checks its verdict on every string instance. A pattern may be refused only for
/// lookahead, lookbehind or a backreference (fail closed, docs/ARCHITECTURE.md); `say_closed`
/// prints each such refusal.
pub(crate) fn pattern_file(
    tests_dir: &Path,
    file: &str,
    say_closed: bool,
    failures: &mut Vec<String>,
) -> StringCounts {
    let mut c = StringCounts::default();
    let groups = match read_groups(&tests_dir.join(file), file) {
        Ok(g) => g,
        Err(e) => {
            failures.push(e);
            return c;
        }
    };
    for group in &groups {
        let Some(source) = lone_pattern(&group["schema"]) else {
            continue;
        };
        let description = group["description"].as_str().unwrap_or("?");
        c.units += 1;
        let matches = match formgate::__fuzz::pattern_matcher(source) {
            Ok(matches) => matches,
            Err(err) => {
                c.closed += 1;
                if say_closed {
                    eprintln!("fail-closed: {file}: {description}: {source:?}: {err}");
                }
                if err.feature.is_none() {
                    failures.push(format!("{file}: {description}: {source:?}: {err}"));
                }
                continue;
            }
        };
        let at = format!("{file}: {description}");
        for (test, data, expected) in string_tests(group, &at, &mut c, failures) {
            if matches(data) != expected {
                failures.push(format!(
                    "{file}: {description}: {:?}: {source:?} on {data:?}: expected {expected}",
                    test["description"].as_str().unwrap_or("?")
                ));
            }
        }
    }
    if c.units == 0 {
        failures.push(format!("{file}: no pattern groups found"));
    }
    c
}

/// The tests of `group` whose data is a string, with the validity the suite expects;
/// each is counted as an instance, and a malformed entry is reported at `at`.
fn string_tests<'g>(
    group: &'g Value,
    at: &str,
    c: &mut StringCounts,
    failures: &mut Vec<String>,
) -> Vec<(&'g Value, &'g str, bool)> {
    let Some(tests) = group["tests"].as_array() else {
        failures.push(format!("{at}: tests is not an array"));
        return Vec::new();
    };
    let mut out = Vec::new();
    for test in tests {
        let Some(data) = test["data"].as_str() else {
            continue;
        };
        c.instances += 1;
        match test["valid"].as_bool() {
            Some(expected) => out.push((test, data, expected)),
            None => failures.push(format!("{at}: {data:?}: valid is not a boolean")),
        }
    }
    out
}

/// The suite file of `format` in `draft`, relative to the suite's `tests/`.
pub(crate) fn format_file_name(draft: &str, format: &str) -> String {
    format!("{draft}/optional/format/{format}.json")
}

/// The (draft, format) pairs that get a trial `format/<file>`: every format formgate
/// asserts, in every draft of [`FORMAT_DRAFTS`], where the suite has its file
/// (draft-07 has no `duration` or `uuid`, draft-04 only seven files; the suite has none
/// for `byte` and the numeric formats, which are OpenAPI's and schemars').
pub(crate) fn format_files(tests_dir: &Path) -> Vec<(&'static str, &'static str)> {
    FORMAT_DRAFTS
        .into_iter()
        .flat_map(|draft| formgate::__fuzz::format_names().map(move |f| (draft, f)))
        .filter(|&(draft, f)| tests_dir.join(format_file_name(draft, f)).is_file())
        .collect()
}

/// Checks formgate's check of `format` on every string instance of its file in `draft`
/// (every group's schema must be that `format` alone), allowing only the listed
/// deviations, each of which must be needed.
pub(crate) fn format_file(
    tests_dir: &Path,
    draft: &str,
    format: &str,
    failures: &mut Vec<String>,
) -> StringCounts {
    let mut c = StringCounts::default();
    let file = format_file_name(draft, format);
    let groups = match read_groups(&tests_dir.join(&file), &file) {
        Ok(g) => g,
        Err(e) => {
            failures.push(e);
            return c;
        }
    };
    c.units = 1;
    let mut needed = vec![false; FORMAT_DEVIATIONS.len()];
    for group in &groups {
        let schema = group["schema"].as_object();
        let alone = schema.is_some_and(|s| {
            s.get("format").and_then(|f| f.as_str()) == Some(format)
                && s.keys().all(|k| k == "format" || k == "$schema")
        });
        if !alone {
            failures.push(format!("{file}: unexpected schema {}", group["schema"]));
            continue;
        }
        // A non-string is outside the format's domain: always valid.
        for (test, data, expected) in string_tests(group, &file, &mut c, failures) {
            let Some(got) = formgate::__fuzz::format_is_valid(format, data) else {
                failures.push(format!("{file}: formgate does not assert format {format}"));
                return c;
            };
            if got == expected {
                continue;
            }
            let listed = FORMAT_DEVIATIONS
                .iter()
                .position(|d| (d.draft, d.format, d.data) == (draft, format, data));
            match listed {
                Some(i) => needed[i] = true,
                None => failures.push(format!(
                    "{file}: {data:?} should be {} ({})",
                    if expected { "valid" } else { "invalid" },
                    test["description"]
                )),
            }
        }
    }
    for (d, needed) in FORMAT_DEVIATIONS.iter().zip(needed) {
        if (d.draft, d.format) == (draft, format) && !needed {
            failures.push(format!(
                "stale deviation {}/{} {:?}: the suite now agrees",
                d.draft, d.format, d.data
            ));
        }
    }
    c
}

/// The trial of `pattern/<file>` or `format/<file>`: the failures of one check.
pub(crate) fn string_trial(
    name: &str,
    check: impl FnOnce(&mut Vec<String>) -> StringCounts,
) -> Result<(), Failed> {
    let mut failures = Vec::new();
    let c = check(&mut failures);
    if failures.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} failure(s) in {name} ({} string instances):\n  {}",
        failures.len(),
        c.instances,
        failures.join("\n  ")
    )
    .into())
}

/// Runs without the suite: the deviations are well formed.
pub(crate) fn format_deviations_are_well_formed() {
    let mut failures = Vec::new();
    for (i, d) in FORMAT_DEVIATIONS.iter().enumerate() {
        if d.reason.trim().is_empty() {
            failures.push(format!("deviation {i} has no reason"));
        }
        if !FORMAT_DRAFTS.contains(&d.draft) {
            failures.push(format!("deviation {i}: draft {} is not run", d.draft));
        }
        if formgate::__fuzz::format_is_valid(d.format, "").is_none() {
            failures.push(format!(
                "deviation {i}: format {} is not asserted",
                d.format
            ));
        }
        let duplicate = FORMAT_DEVIATIONS[..i]
            .iter()
            .any(|e| (e.draft, e.format, e.data) == (d.draft, d.format, d.data));
        if duplicate {
            failures.push(format!("deviation {i} is a duplicate"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
