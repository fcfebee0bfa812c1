//! Conformance runner over JSONTestSuite's `test_parsing/` (nst/JSONTestSuite, pinned in
//! the shared `vendor-testsuite/`).
//!
//! Every `y_` file must be accepted and every `n_` file rejected, unless
//! `tests/data/json_test_suite_decisions.txt` records a deliberate deviation; every `i_`
//! file is decided there, with a reason. Files are read as raw bytes and parsed with the
//! default limits. All failures are collected and reported at once.
//!
//! `FORMGATE_TEST_FILTER=text` runs only the files whose name contains `text`.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use formgate::Limits;

const DECISIONS: &str = include_str!("data/json_test_suite_decisions.txt");

/// What a decisions line says formgate does with a file.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Decision {
    Accept,
    /// Rejected with this `ParseErrorKind` variant.
    Reject(String),
}

/// Parse the decisions file: file name → (decision, line number). Format errors and
/// duplicate entries are pushed onto `failures`.
fn decisions(failures: &mut Vec<String>) -> BTreeMap<String, (Decision, usize)> {
    let mut out = BTreeMap::new();
    for (n, line) in DECISIONS.lines().enumerate() {
        let n = n + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.splitn(3, char::is_whitespace);
        let (Some(name), Some(verdict), Some(reason)) =
            (fields.next(), fields.next(), fields.next())
        else {
            failures.push(format!(
                "decisions line {n}: want `file accept|reject:Kind reason`"
            ));
            continue;
        };
        if reason.trim().is_empty() {
            failures.push(format!("decisions line {n}: {name} has no reason"));
        }
        let decision = match verdict {
            "accept" => Decision::Accept,
            v => match v.strip_prefix("reject:") {
                Some(kind) if !kind.is_empty() => Decision::Reject(kind.to_string()),
                _ => {
                    failures.push(format!(
                        "decisions line {n}: {name}: verdict {v:?} is neither accept nor reject:Kind"
                    ));
                    continue;
                }
            },
        };
        if let Some((_, first)) = out.insert(name.to_string(), (decision, n)) {
            failures.push(format!(
                "decisions line {n}: duplicate entry for {name} (first on line {first})"
            ));
        }
    }
    out
}

#[derive(Default)]
struct Counts {
    y_accepted: usize,
    y_rejected: usize,
    n_rejected: usize,
    i_accept: usize,
    i_reject: usize,
}

#[test]
fn json_test_suite_parsing() {
    let Some(suite) = common::suite("JSONTestSuite") else {
        return;
    };
    let dir = suite.join("test_parsing");
    let filter = common::filter();
    let mut failures = Vec::new();
    let decisions = decisions(&mut failures);

    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").file_name())
        .map(|name| name.into_string().expect("suite file names are UTF-8"))
        .filter(|name| name.ends_with(".json"))
        .collect();
    files.sort();
    assert!(
        files.len() > 300,
        "only {} files in {}",
        files.len(),
        dir.display()
    );

    // Stale entries: a file that does not exist, or an entry the prefix already decides.
    for (name, (decision, line)) in &decisions {
        let stale = if files.binary_search(name).is_err() {
            Some("names a file that does not exist")
        } else if name.starts_with("n_") {
            Some("n_ files must be rejected; there is nothing to decide")
        } else if name.starts_with("y_") && *decision == Decision::Accept {
            Some("y_ files are accepted anyway; the entry is not needed")
        } else if !name.starts_with(['y', 'n', 'i']) {
            Some("not a y_, n_ or i_ file")
        } else {
            None
        };
        if let Some(why) = stale {
            failures.push(format!("decisions line {line}: stale entry {name}: {why}"));
        }
    }

    let limits = Limits::default();
    let mut counts = Counts::default();
    for name in &files {
        if !common::selected(name, filter.as_deref()) {
            continue;
        }
        let bytes = std::fs::read(dir.join(name)).expect("reading a suite file");
        let verdict = match common::verdict(&bytes, &limits) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let decision = decisions.get(name).map(|(d, _)| d.clone());
        let expected = match (&name[..2], decision) {
            ("y_", None) => Decision::Accept,
            ("n_", _) => Decision::Reject(String::new()),
            ("i_", None) => {
                failures.push(format!("{name}: no entry in the decisions file"));
                continue;
            }
            (_, Some(d)) => d,
            _ => {
                failures.push(format!("{name}: not a y_, n_ or i_ file"));
                continue;
            }
        };
        match (&expected, &verdict) {
            (Decision::Accept, None) => match &name[..2] {
                "y_" => counts.y_accepted += 1,
                _ => counts.i_accept += 1,
            },
            (Decision::Reject(kind), Some(err))
                if kind.is_empty() || *kind == common::kind_name(err.kind()) =>
            {
                match &name[..2] {
                    "y_" => counts.y_rejected += 1,
                    "n_" => counts.n_rejected += 1,
                    _ => counts.i_reject += 1,
                }
            }
            (expected, got) => failures.push(format!(
                "{name}: expected {expected:?}, got {} ({})",
                match got {
                    None => "accept".to_string(),
                    Some(e) => format!("{:?} at {}", e.kind(), e.offset()),
                },
                show(&bytes),
            )),
        }
    }

    let y_files = counts.y_accepted + counts.y_rejected;
    eprintln!(
        "JSONTestSuite{}: y {} ({} accepted, {} rejected by decision), n {} rejected, \
         i {} decided ({} accept, {} reject)",
        filter
            .as_deref()
            .map_or(String::new(), |f| format!(" (filter {f:?})")),
        y_files,
        counts.y_accepted,
        counts.y_rejected,
        counts.n_rejected,
        counts.i_accept + counts.i_reject,
        counts.i_accept,
        counts.i_reject,
    );
    assert!(
        failures.is_empty(),
        "{} JSONTestSuite failure(s):\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}

/// A short, unambiguous rendering of a suite file for failure messages.
fn show(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes.iter().take(60) {
        match b {
            b' '..=b'~' if b != b'\\' => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02X}")),
        }
    }
    if bytes.len() > 60 {
        s.push_str(&format!("... ({} bytes)", bytes.len()));
    }
    s
}

#[test]
fn decisions_file_is_well_formed() {
    // Runs without the suite: format errors and duplicates are caught everywhere.
    let mut failures = Vec::new();
    let d = decisions(&mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(d
        .keys()
        .all(|name| Path::new(name).extension().is_some_and(|e| e == "json")));
}
