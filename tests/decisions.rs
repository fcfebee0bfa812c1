//! Each keyword's decision is written once (docs/ARCHITECTURE.md, "Each keyword's
//! decision"): the engines under `src/verify/` call `form/check/` and read none of the
//! compiled fields a keyword is decided from. A read of one of them in `verify/` fails
//! here with its file and line; the few reads that decide nothing (whether an engine
//! can place a failure at all) are listed below with their reason.

use std::fs;
use std::path::{Path, PathBuf};

/// Compiled fields that only `form/check/` may decide from.
const DECIDED_IN_CHECK: &[&str] = &[
    "max_properties",
    "min_properties",
    "dependent_required_bits",
    "additional",
    "max_items",
    "min_items",
    "prefix",
    "items",
    "min_contains",
    "max_contains",
    "min_length",
    "max_length",
    "multiple_of",
    "minimum",
    "maximum",
    "exclusive_minimum",
    "exclusive_maximum",
    "small",
];

/// Reads that decide no keyword: (file under `src/verify/`, the code on the line).
const NOT_DECISIONS: &[(&str, &str)] = &[
    // Whether `maxContains` can fail alongside an element: where the fast engine can
    // place a failure, not whether there is one.
    (
        "fast/failure.rs",
        ".is_some_and(|a| a.contains.is_some() && a.max_contains.is_some());",
    ),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A line's code without its `//` comment (strings in the engines hold no `//`).
fn code(line: &str) -> &str {
    line.split("//").next().unwrap_or("")
}

/// Whether `code` reads `.field` (not a longer name that starts with it).
fn reads(code: &str, field: &str) -> bool {
    let needle = format!(".{field}");
    code.match_indices(&needle).any(|(at, _)| {
        code[at + needle.len()..]
            .chars()
            .next()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
    })
}

#[test]
fn engines_decide_no_keyword_of_their_own() {
    let verify = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/verify");
    let mut files = Vec::new();
    rust_files(&verify, &mut files);
    assert!(files.len() > 10, "the engines' files were found");
    let mut found = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&verify).unwrap().to_string_lossy();
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = code(line);
            let excused = NOT_DECISIONS
                .iter()
                .any(|(f, c)| *f == rel && code.trim() == *c);
            for field in DECIDED_IN_CHECK {
                if reads(code, field) && !excused {
                    found.push(format!("src/verify/{rel}:{}: reads `.{field}`", n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "decide these in form/check/ and call it:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_a_read() {
    assert!(reads("if a.max_items.is_some() {", "max_items"));
    assert!(reads("o.additional", "additional"));
    assert!(!reads("o.additional_x", "additional"));
    assert!(!reads("a.itemsx", "items"));
    assert!(code("x // a.max_items").trim() == "x");
}
