//! `--format-pattern NAME=REGEX` on the subcommands that compile a form: a format the
//! owner defines, matched on the whole string; without it the form is refused.

mod support;

use support::{code, formgate, stderr, stdout};

/// This file's scratch directory.
const DIR: &str = "formats_cli";

const FORM: &[u8] =
    br#"{"type":"object","properties":{"topic":{"type":"string","format":"topic"}}}"#;

#[test]
fn a_pattern_format_decides_and_render_keeps_it() {
    let form = support::file(DIR, "form.json", FORM);
    let good = support::file(DIR, "good.json", br#"{"topic":"news/sport"}"#);
    let bad = support::file(DIR, "bad.json", br#"{"topic":"news sport"}"#);
    let defined = "topic=[a-z]+(/[a-z]+)*";
    let o = formgate(
        &["verify", "--format-pattern", defined, &form, &good, &bad],
        b"",
    );
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("accept {good}\nreject {bad}\n"));
    let o = formgate(&["render", "--format-pattern", defined, &form], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains(r#""format":"topic""#), "{}", stdout(&o));
}

#[test]
fn without_the_definition_or_with_a_bad_one_the_form_is_refused() {
    let form = support::file(DIR, "alone.json", FORM);
    let o = formgate(&["check", &form], b"");
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("unsupported format"), "{}", stderr(&o));
    let o = formgate(&["check", "--format-pattern", "topic=(a", &form], b"");
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("invalid format definition"),
        "{}",
        stderr(&o)
    );
    let o = formgate(&["check", "--format-pattern", "topic", &form], b"");
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("expected NAME=REGEX"), "{}", stderr(&o));
}
