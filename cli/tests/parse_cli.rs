//! `formgate parse` as a user runs it: the built binary, real files, standard input,
//! exit codes 0 (all strict JSON), 1 (some rejected), 2 (usage or I/O error).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Run `formgate` with `args`, feeding `stdin` to standard input.
fn formgate(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_formgate"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the formgate binary runs");
    // The binary may exit before reading (usage errors): ignore a broken pipe.
    let _ = child.stdin.take().expect("piped").write_all(stdin);
    child.wait_with_output().expect("formgate finishes")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A path in a directory of this file's own tests; `name` must be unique among them.
fn tmp(name: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("parse_cli");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path: PathBuf = dir.join(name);
    path.to_str().expect("UTF-8 temp path").to_owned()
}

/// A file `name` (see [`tmp`]) holding `contents`.
fn file(name: &str, contents: &[u8]) -> String {
    let path = tmp(name);
    std::fs::write(&path, contents).expect("write temp file");
    path
}

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/act.json")
        .to_str()
        .expect("UTF-8 path")
        .to_owned()
}

#[test]
fn accepts_the_bundled_example() {
    let o = formgate(&["parse", &example()], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("act.json: ok"));
    assert!(o.stderr.is_empty());
}

#[test]
fn accepts_quietly() {
    let o = formgate(&["parse", "--quiet", &example()], b"");
    assert_eq!(code(&o), 0);
    assert!(o.stdout.is_empty() && o.stderr.is_empty());
}

#[test]
fn rejects_a_duplicate_name_with_offset_line_column_and_pointer() {
    let path = file("dup.json", b"{\"a\":{\"b\":1,\n\"\\u0062\":2}}");
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
    let path = file("trailing.json", b"{} x");
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
    let good = file("multi_good.json", b"{\"ok\":true}");
    let bad = file("multi_bad.json", b"[01]");
    let o = formgate(&["parse", &good, &bad, &good], b"");
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o).matches(": ok").count(), 2);
    assert!(stderr(&o).contains(&format!("{bad}: number with a leading zero at byte 1")));

    let missing = tmp("missing.json");
    let o = formgate(&["parse", &bad, &missing, &good], b"");
    assert_eq!(code(&o), 2, "an I/O error outranks a rejection");
    assert!(stderr(&o).contains("leading zero"));
    assert!(stderr(&o).contains(&format!("{missing}: cannot read")));
    assert!(stdout(&o).contains(&format!("{good}: ok")));
}

#[test]
fn applies_max_bytes_on_both_sides_of_the_limit() {
    let path = file("size.json", b"[1,2,3]");
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
    let path = file("depth.json", b"[[[]]]");
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
