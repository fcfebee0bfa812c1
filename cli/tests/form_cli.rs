//! `formgate check`, `verify`, `render` and `publish` as a user runs them: the built
//! binary on the example form, exit codes 0 / 1 / 2, standard input streamed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn formgate(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_formgate"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the formgate binary runs");
    let _ = child.stdin.take().expect("piped").write_all(stdin);
    child.wait_with_output().expect("formgate finishes")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn example(name: &str) -> String {
    let p: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("examples")
        .join(name);
    p.to_str().expect("UTF-8 path").to_owned()
}

fn file(name: &str, contents: &[u8]) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("form_cli");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("write temp file");
    path.to_str().expect("UTF-8 temp path").to_owned()
}

#[test]
fn check_accepts_the_example_form() {
    let o = formgate(&["check", &example("tree.form.json")], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn check_rejects_unknown_keyword_naming_it() {
    let form = file("unknown.json", br#"{"properties":{"a":{"minContains":1}}}"#);
    let o = formgate(&["check", &form], b"");
    assert_eq!(code(&o), 1);
    let err = stderr(&o);
    assert!(
        err.contains("minContains") && err.contains("/properties/a/minContains"),
        "{err}"
    );
}

#[test]
fn check_reads_standard_input() {
    assert_eq!(code(&formgate(&["check", "-"], br#"{"type":"string"}"#)), 0);
    assert_eq!(code(&formgate(&["check", "-"], br#"{"type":"strin"}"#)), 1);
}

#[test]
fn verify_prints_one_line_per_body_and_exits_by_the_worst() {
    let bad = file(
        "bad.json",
        br#"{"title":"x","paragraphs":[[{"text":"a"}]],"extra":1}"#,
    );
    let form = example("tree.form.json");
    let act = example("tree.act.json");
    let o = formgate(&["verify", &form, &act, &bad], b"");
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o), format!("accept {act}\nreject {bad}\n"));
    let o = formgate(&["verify", &form, &act], b"");
    assert_eq!(code(&o), 0);
}

#[test]
fn verify_explains_with_offset_and_pointers() {
    let bad = file(
        "explain.json",
        b"{\"title\":\"x\",\n\"paragraphs\":[[{\"text\":\"\"}]]}",
    );
    let o = formgate(
        &["verify", "--explain", &example("tree.form.json"), &bad],
        b"",
    );
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    for part in [
        "\"minLength\"",
        "at byte 37",
        "line 2",
        "/paragraphs/0/0/text",
        "/$defs/text/properties/text/minLength",
    ] {
        assert!(out.contains(part), "{part} missing from {out}");
    }
}

#[test]
fn verify_streams_standard_input_and_applies_limits() {
    let form = example("tree.form.json");
    let act = std::fs::read(example("tree.act.json")).unwrap();
    let o = formgate(&["verify", &form, "-"], &act);
    assert_eq!((code(&o), stdout(&o)), (0, "accept <stdin>\n".to_owned()));
    let o = formgate(
        &["verify", "--explain", "--max-bytes", "64", &form, "-"],
        &act,
    );
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("max_bytes (64)"), "{}", stdout(&o));
    let o = formgate(&["verify", "--max-depth", "2", &form, "-"], &act);
    assert_eq!(code(&o), 1);
}

#[test]
fn verify_usage_and_io_errors_exit_2() {
    let form = example("tree.form.json");
    assert_eq!(code(&formgate(&["verify", &form], b"")), 2);
    assert_eq!(
        code(&formgate(&["verify", &form, "/nonexistent/body.json"], b"")),
        2
    );
    assert_eq!(code(&formgate(&["verify", &form, "-", "-"], b"{}")), 2);
    assert_eq!(code(&formgate(&["verify", "-", "-"], b"{}")), 2);
}

#[test]
fn render_prints_the_compact_form() {
    let form = file(
        "render.json",
        b"{ \"type\" : \"string\" ,\n \"maxLength\" : 1.0E1 }",
    );
    let o = formgate(&["render", &form], b"");
    assert_eq!(code(&o), 0);
    assert_eq!(stdout(&o), "{\"type\":\"string\",\"maxLength\":1.0E1}\n");
}

#[test]
fn publish_prints_the_get_body() {
    let form = file("publish.json", br#"{"type":"string"}"#);
    let messages = file("messages.json", br#"[{"role":"user","content":"hi"}]"#);
    let o = formgate(
        &[
            "publish",
            &form,
            "--prompt",
            "Say \"hi\".",
            "--messages",
            &messages,
        ],
        b"",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{\"p\":\"Say \\\"hi\\\".\",\"m\":[{\"role\":\"user\",\"content\":\"hi\"}],\"s\":{\"type\":\"string\"}}\n"
    );
    let bad = file("bad_messages.json", br#"[{"role":"user"}]"#);
    let o = formgate(
        &["publish", &form, "--prompt", "x", "--messages", &bad],
        b"",
    );
    assert_eq!(code(&o), 1);
}
