//! `formgate check`, `verify`, `render`, `publish` and `rewrite` as a user runs them: the built
//! binary on the example form, exit codes 0 / 1 / 2, standard input streamed.

mod support;

use support::{code, formgate, stderr, stdout};

/// This file's scratch directory.
const DIR: &str = "form_cli";

#[test]
fn check_accepts_the_example_form() {
    let o = formgate(&["check", &support::example("tree.form.json")], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn check_rejects_unknown_keyword_naming_it() {
    let form = support::file(
        DIR,
        "unknown.json",
        br#"{"properties":{"a":{"discriminator":{}}}}"#,
    );
    let o = formgate(&["check", &form], b"");
    assert_eq!(code(&o), 1);
    let err = stderr(&o);
    assert!(
        err.contains("discriminator") && err.contains("/properties/a/discriminator"),
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
    let bad = support::file(
        DIR,
        "bad.json",
        br#"{"title":"x","paragraphs":[[{"text":"a"}]],"extra":1}"#,
    );
    let form = support::example("tree.form.json");
    let act = support::example("tree.act.json");
    let o = formgate(&["verify", &form, &act, &bad], b"");
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o), format!("accept {act}\nreject {bad}\n"));
    let o = formgate(&["verify", &form, &act], b"");
    assert_eq!(code(&o), 0);
}

/// The largest `--max-bytes` works for files and standard input alike (one more byte
/// is read than the limit, which must not overflow), and a larger one is refused at
/// start, naming the limit.
#[test]
fn verify_takes_the_largest_max_bytes_and_refuses_larger() {
    let form = support::example("tree.form.json");
    let act = support::example("tree.act.json");
    let body = std::fs::read(&act).unwrap();
    let max = formgate::Limits::MAX_BYTES.to_string();
    let o = formgate(&["verify", "--max-bytes", &max, &form, &act], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = formgate(&["verify", "--max-bytes", &max, &form, "-"], &body);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    for over in [
        "4294967296",
        "18446744073709551615",
        "99999999999999999999999",
    ] {
        let o = formgate(&["verify", "--max-bytes", over, &form, &act], b"");
        assert_eq!(code(&o), 2, "{over}: {}", stderr(&o));
        assert!(stderr(&o).contains("--max-bytes"), "{}", stderr(&o));
        assert!(stderr(&o).contains("4294967295"), "{}", stderr(&o));
    }
}

#[test]
fn verify_explains_with_offset_and_pointers() {
    let bad = support::file(
        DIR,
        "explain.json",
        b"{\"title\":\"x\",\n\"paragraphs\":[[{\"text\":\"\"}]]}",
    );
    let o = formgate(
        &[
            "verify",
            "--explain",
            &support::example("tree.form.json"),
            &bad,
        ],
        b"",
    );
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    for part in [
        "explain.json: not-admitted:minLength at byte 37 (line 2, column 24)",
        "/paragraphs/0/0/text",
        "/$defs/text/properties/text/minLength",
    ] {
        assert!(out.contains(part), "{part} missing from {out}");
    }
}

#[test]
fn verify_streams_standard_input_and_applies_limits() {
    let form = support::example("tree.form.json");
    let act = std::fs::read(support::example("tree.act.json")).unwrap();
    let o = formgate(&["verify", &form, "-"], &act);
    assert_eq!((code(&o), stdout(&o)), (0, "accept <stdin>\n".to_owned()));
    let o = formgate(
        &["verify", "--explain", "--max-bytes", "64", &form, "-"],
        &act,
    );
    assert_eq!(code(&o), 1);
    assert!(
        stdout(&o).contains("too-large limit=64 at byte 64"),
        "{}",
        stdout(&o)
    );
    let o = formgate(&["verify", "--max-depth", "2", &form, "-"], &act);
    assert_eq!(code(&o), 1);
}

#[test]
fn verify_usage_and_io_errors_exit_2() {
    let form = support::example("tree.form.json");
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
    let form = support::file(
        DIR,
        "render.json",
        b"{ \"type\" : \"string\" ,\n \"maxLength\" : 1.0E1 }",
    );
    let o = formgate(&["render", &form], b"");
    assert_eq!(code(&o), 0);
    assert_eq!(stdout(&o), "{\"type\":\"string\",\"maxLength\":1.0E1}\n");
}

#[test]
fn publish_prints_the_get_body() {
    let form = support::file(DIR, "publish.json", br#"{"type":"string"}"#);
    let messages = support::file(DIR, "messages.json", br#"[{"role":"user","content":"hi"}]"#);
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
    let bad = support::file(DIR, "bad_messages.json", br#"[{"role":"user"}]"#);
    let o = formgate(
        &["publish", &form, "--prompt", "x", "--messages", &bad],
        b"",
    );
    assert_eq!(code(&o), 1);
}

#[test]
fn check_and_render_keep_a_declared_annotation() {
    let form = support::file(
        DIR,
        "declared.json",
        br#"{"type":"string","x-ui":{"widget":"text"}}"#,
    );
    let o = formgate(&["check", &form], b"");
    assert_eq!(code(&o), 1, "undeclared, it is refused");
    assert!(stderr(&o).contains("x-ui"), "{}", stderr(&o));
    let o = formgate(&["check", "--annotation", "x-ui", &form], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = formgate(&["render", "--annotation", "x-ui", &form], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains(r#""x-ui":{"widget":"text"}"#));
    let o = formgate(&["check", "--annotation", "maxLength", &form], b"");
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("cannot be declared"), "{}", stderr(&o));
}

#[test]
fn rewrite_prints_the_form_and_its_steps() {
    let form = br#"{"oneOf":[{"type":"string"},{"type":"null"}],"properties":{"a":{"oneOf":[{"required":["x"]},{"required":["y"]}]}}}"#;
    let o = formgate(&["rewrite", "-"], form);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"null\"}],\"properties\":{\"a\":{\"oneOf\":[{\"required\":[\"x\"]},{\"required\":[\"y\"]}]}}}\n"
    );
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].starts_with("applied one-of-to-any-of # "), "{err}");
    assert!(
        lines[1].starts_with("kept one-of-to-any-of #/properties/a "),
        "{err}"
    );
    let o = formgate(&["rewrite", "--format", "json", "-"], form);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("{\"form\":{\"anyOf\":"), "{out}");
    assert!(
        out.contains(
            "\"steps\":[{\"rule\":\"one-of-to-any-of\",\"pointer\":\"\",\"applied\":true,"
        ),
        "{out}"
    );
    assert_eq!(
        code(&formgate(&["rewrite", "-"], br#"{"type":"strin"}"#)),
        1
    );
}
