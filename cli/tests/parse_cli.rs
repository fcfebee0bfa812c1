//! `formgate parse` as a user runs it: the built binary, real files, standard input,
//! exit codes 0 (all strict JSON), 1 (some rejected), 2 (usage or I/O error).

mod support;

use support::{code, formgate, stderr, stdout};

/// This file's scratch directory.
const DIR: &str = "parse_cli";

#[test]
fn accepts_the_bundled_example() {
    let o = formgate(&["parse", &support::example("act.json")], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("act.json: ok"));
    assert!(o.stderr.is_empty());
}

#[test]
fn accepts_quietly() {
    let o = formgate(&["parse", "--quiet", &support::example("act.json")], b"");
    assert_eq!(code(&o), 0);
    assert!(o.stdout.is_empty() && o.stderr.is_empty());
}

#[test]
fn rejects_a_duplicate_name_with_offset_line_column_and_pointer() {
    let path = support::file(DIR, "dup.json", b"{\"a\":{\"b\":1,\n\"\\u0062\":2}}");
    let o = formgate(&["parse", &path], b"");
    assert_eq!(code(&o), 1);
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("{path}: duplicate member name at byte 13 ")),
        "{err}"
    );
    assert!(err.contains("line 2, column 1"), "{err}");
    assert!(err.contains("pointer \"/a\""), "{err}");
}

#[test]
fn rejects_trailing_bytes() {
    let path = support::file(DIR, "trailing.json", b"{} x");
    let o = formgate(&["parse", &path], b"");
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("bytes after the value at byte 3"));
}

#[test]
fn reads_standard_input() {
    let o = formgate(&["parse", "-"], b"[1, 2.5e3, \"\\u00e9\"]\n");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("<stdin>: ok"));

    let o = formgate(&["parse", "-"], b"[1,]");
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).starts_with("<stdin>: trailing comma at byte 3"));
}

#[test]
fn checks_every_file_and_reports_the_worst() {
    let good = support::file(DIR, "multi_good.json", b"{\"ok\":true}");
    let bad = support::file(DIR, "multi_bad.json", b"[01]");
    let o = formgate(&["parse", &good, &bad, &good], b"");
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o).matches(": ok").count(), 2);
    assert!(stderr(&o).contains(&format!("{bad}: number with a leading zero at byte 1")));

    let missing = support::tmp(DIR, "missing.json");
    let o = formgate(&["parse", &bad, &missing, &good], b"");
    assert_eq!(code(&o), 2, "an I/O error outranks a rejection");
    assert!(stderr(&o).contains("leading zero"));
    assert!(stderr(&o).contains(&format!("{missing}: cannot read")));
    assert!(stdout(&o).contains(&format!("{good}: ok")));
}

#[test]
fn applies_max_bytes_on_both_sides_of_the_limit() {
    let path = support::file(DIR, "size.json", b"[1,2,3]");
    let o = formgate(&["parse", "--max-bytes", "7", &path], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = formgate(&["parse", "--max-bytes", "6", &path], b"");
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("max_bytes (6) at byte 6"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn applies_max_depth_on_both_sides_of_the_limit() {
    let path = support::file(DIR, "depth.json", b"[[[]]]");
    let o = formgate(&["parse", "--max-depth", "3", &path], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = formgate(&["parse", "--max-depth", "2", &path], b"");
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("max_depth (2) at byte 2"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn fails_on_usage_errors() {
    for args in [
        &["parse"][..],
        &["parse", "--max-depth", "deep", "x.json"],
        &["parse", "--no-such-flag", "x.json"],
        &["no-such-command"],
        &[],
        &["parse", "-", "-"],
    ] {
        let o = formgate(args, b"");
        assert_eq!(code(&o), 2, "args {args:?}: {}", stderr(&o));
        assert!(!o.stderr.is_empty(), "args {args:?}");
    }
}

#[test]
fn prints_help_and_version_successfully() {
    for args in [&["--help"][..], &["parse", "--help"], &["--version"]] {
        let o = formgate(args, b"");
        assert_eq!(code(&o), 0, "args {args:?}");
        assert!(!o.stdout.is_empty());
    }
}
