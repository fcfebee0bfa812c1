//! `formgate verify --lines` (JSON Lines), `--format json` for `verify`, `check` and
//! `audit`, and the conventions: `completions`, `man`, `--version`.

mod support;

use formgate::json::{parse, Value};
use formgate::Limits;
use support::{code, example, file, formgate, stderr, stdout};

const DIR: &str = "lines_cli";

/// A form that admits objects whose `n` is a small integer.
fn small_n_form() -> String {
    file(
        DIR,
        "n.form.json",
        br#"{"type":"object","properties":{"n":{"type":"integer","maximum":9}},"required":["n"]}"#,
    )
}

/// A number member as an integer.
fn int(v: &Value) -> Option<u64> {
    v.as_number().and_then(|n| n.as_str().parse().ok())
}

/// Each line of `out` parsed by formgate's own strict parser.
fn json_lines(out: &str) -> Vec<Value<'static>> {
    out.lines()
        .map(|l| {
            parse(l.as_bytes(), &Limits::default())
                .unwrap_or_else(|e| panic!("{l}: {e}"))
                .into_owned()
        })
        .collect()
}

#[test]
fn lines_get_one_verdict_each_in_order_whatever_the_jobs() {
    let form = small_n_form();
    // 30,000 lines, every seventh rejected: the threads finish out of order, the
    // verdicts come out in the order of the lines.
    let mut body = String::new();
    for i in 0..30_000u32 {
        let n = if i % 7 == 3 { 10 } else { i % 10 % 10 };
        let n = if i % 7 == 3 { n } else { n.min(9) };
        body.push_str(&format!("{{\"n\":{n}}}\n"));
    }
    let path = file(DIR, "many.jsonl", body.as_bytes());
    let one = formgate(&["verify", &form, "--lines", &path, "--jobs", "1"], b"");
    let four = formgate(&["verify", &form, "--lines", &path, "--jobs", "4"], b"");
    assert_eq!(code(&one), 1);
    assert_eq!(stdout(&one), stdout(&four));
    let lines: Vec<String> = stdout(&four).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 30_000);
    for (i, line) in lines.iter().enumerate() {
        let verdict = if i % 7 == 3 { "reject" } else { "accept" };
        assert_eq!(line, &format!("{verdict} {path}:{}", i + 1));
    }
    let rejected = (0..30_000).filter(|i| i % 7 == 3).count();
    assert!(
        stderr(&four).contains(&format!(
            "30000 lines: {} accepted, {rejected} rejected",
            30_000 - rejected
        )),
        "{}",
        stderr(&four)
    );
}

#[test]
fn a_bad_line_in_the_middle_is_rejected_and_the_rest_verified() {
    let form = small_n_form();
    let body = b"{\"n\":1}\n{\"n\":1,\"n\":2}\n{\"n\":1\n{\"n\":2}\r\n{\"n\":3}";
    let path = file(DIR, "middle.jsonl", body);
    let out = formgate(&["verify", "--explain", &form, "--lines", &path], b"");
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert_eq!(lines[0], format!("accept {path}:1"));
    assert!(
        lines[1].starts_with(&format!(
            "reject {path}:2: malformed:duplicate-key at byte 7"
        )),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with(&format!("reject {path}:3: malformed:unexpected-end")),
        "{}",
        lines[2]
    );
    // CRLF: the `\r` is whitespace; the last line needs no newline.
    assert_eq!(lines[3], format!("accept {path}:4"));
    assert_eq!(lines[4], format!("accept {path}:5"));
}

#[test]
fn a_line_over_max_bytes_is_too_large_and_the_next_is_read() {
    let form = small_n_form();
    let long = format!(
        "{{\"n\":1,\"pad\":\"{}\"}}\n{{\"n\":2}}\n",
        "x".repeat(5_000)
    );
    let path = file(DIR, "long.jsonl", long.as_bytes());
    let out = formgate(
        &[
            "verify",
            "--format",
            "json",
            "--max-bytes",
            "64",
            &form,
            "--lines",
            &path,
        ],
        b"",
    );
    assert_eq!(code(&out), 1);
    let v = json_lines(&stdout(&out));
    assert_eq!(v.len(), 2);
    let r = v[0].get("rejection").expect("a rejection");
    assert_eq!(r.get("kind").and_then(Value::as_str), Some("too-large"));
    assert_eq!(r.get("limit").and_then(int), Some(64));
    assert_eq!(v[0].get("line").and_then(int), Some(1));
    assert_eq!(v[1].get("verdict").and_then(Value::as_str), Some("accept"));
    assert_eq!(v[1].get("line").and_then(int), Some(2));
}

#[test]
fn blank_lines_are_rejected_unless_skipped() {
    let form = small_n_form();
    let body = b"{\"n\":1}\n\n  \t\r\n{\"n\":2}\n";
    let out = formgate(&["verify", &form, "--lines", "-"], body);
    assert_eq!(code(&out), 1);
    assert_eq!(
        stdout(&out),
        "accept <stdin>:1\nreject <stdin>:2\nreject <stdin>:3\naccept <stdin>:4\n"
    );
    let out = formgate(&["verify", &form, "--lines", "-", "--skip-blank"], body);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "accept <stdin>:1\naccept <stdin>:4\n");
    assert!(stderr(&out).contains("2 lines: 2 accepted, 0 rejected, 2 blank"));
}

#[test]
fn lines_exit_codes_are_the_documented_ones() {
    let form = small_n_form();
    let ok = file(DIR, "ok.jsonl", b"{\"n\":1}\n{\"n\":2}\n");
    assert_eq!(code(&formgate(&["verify", &form, "--lines", &ok], b"")), 0);
    let missing = formgate(&["verify", &form, "--lines", "/no/such/file.jsonl"], b"");
    assert_eq!(code(&missing), 2);
    // Lines and body paths do not mix; the form and the lines are not both stdin.
    assert_eq!(
        code(&formgate(&["verify", &form, &ok, "--lines", &ok], b"")),
        2
    );
    assert_eq!(
        code(&formgate(&["verify", "-", "--lines", "-"], b"true")),
        2
    );
    assert_eq!(
        code(&formgate(&["verify", &form, "--skip-blank", &ok], b"")),
        2
    );
    assert_eq!(
        code(&formgate(&["verify", &form, "--jobs", "2", &ok], b"")),
        2
    );
}

#[test]
fn format_json_is_strict_json_by_the_stable_names() {
    let form = small_n_form();
    let good = file(DIR, "good.json", br#"{"n":1}"#);
    let bad = file(DIR, "bad.json", br#"{"n":10}"#);
    let out = formgate(&["verify", "--format", "json", &form, &good, &bad], b"");
    assert_eq!(code(&out), 1);
    let v = json_lines(&stdout(&out));
    assert_eq!(
        v[0].get("body").and_then(Value::as_str),
        Some(good.as_str())
    );
    assert_eq!(v[0].get("verdict").and_then(Value::as_str), Some("accept"));
    assert!(v[0].get("line").is_none());
    let r = v[1].get("rejection").unwrap();
    assert_eq!(r.get("kind").and_then(Value::as_str), Some("not-admitted"));
    assert_eq!(r.get("keyword").and_then(Value::as_str), Some("maximum"));
    assert_eq!(r.get("pointer").and_then(Value::as_str), Some("/n"));

    let refused = file(DIR, "refused.form.json", br#"{"type":"strin"}"#);
    let out = formgate(
        &[
            "check",
            "--format",
            "json",
            &example("tree.form.json"),
            &refused,
        ],
        b"",
    );
    assert_eq!(code(&out), 1);
    let v = json_lines(&stdout(&out));
    assert_eq!(v[0].get("ok"), Some(&Value::Bool(true)));
    assert_eq!(v[1].get("ok"), Some(&Value::Bool(false)));
    assert_eq!(v[1].get("class").and_then(Value::as_str), Some("refused"));
    assert_eq!(v[1].get("keyword").and_then(Value::as_str), Some("type"));
    assert_eq!(v[1].get("pointer").and_then(Value::as_str), Some("/type"));

    let out = formgate(
        &["audit", "--format", "json", &example("tree.form.json")],
        b"",
    );
    let v = json_lines(&stdout(&out));
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].get("max_depth").and_then(int), Some(8));
    assert!(v[0].get("memory_per_byte").and_then(int).is_some());
}

#[test]
fn completions_man_and_version_come_from_the_same_arguments() {
    let out = formgate(&["completions", "bash"], b"");
    assert_eq!(code(&out), 0);
    let script = stdout(&out);
    assert!(
        script.contains("formgate") && script.contains("--lines"),
        "{script}"
    );
    let out = formgate(&["completions", "nosuchshell"], b"");
    assert_eq!(code(&out), 2);
    let out = formgate(&["man"], b"");
    assert_eq!(code(&out), 0);
    assert!(stdout(&out).starts_with(".ie") || stdout(&out).contains(".TH formgate"));
    let out = formgate(&["--version"], b"");
    assert_eq!(code(&out), 0);
    assert_eq!(
        stdout(&out),
        format!("formgate {}\n", env!("CARGO_PKG_VERSION"))
    );
}
