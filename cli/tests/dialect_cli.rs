//! `--default-dialect` on every subcommand that compiles a form: a form without
//! `$schema` is read in the dialect named, and its own `$schema` always wins.

mod support;

use support::{code, formgate, stderr, stdout};

/// This file's scratch directory.
const DIR: &str = "dialect_cli";

/// draft-07 spellings, no `$schema`: array-form items, additionalItems, dependencies.
const LEGACY: &[u8] =
    br#"{"type":"array","items":[{"type":"string"}],"additionalItems":false,"maxItems":1}"#;

#[test]
fn every_form_subcommand_takes_the_default_dialect() {
    let form = support::file(DIR, "legacy.json", LEGACY);
    let body = support::file(DIR, "body.json", br#"["x"]"#);
    let bad = support::file(DIR, "bad.json", br#"["x",1]"#);
    for sub in ["check", "render", "audit"] {
        let o = formgate(&[sub, &form], b"");
        assert_eq!(code(&o), 1, "{sub} without the flag: {}", stdout(&o));
        let o = formgate(&[sub, "--default-dialect", "draft7", &form], b"");
        assert_ne!(code(&o), 2, "{sub}: {}", stderr(&o));
        assert!(
            !stderr(&o).contains("additionalItems"),
            "{sub}: {}",
            stderr(&o)
        );
    }
    let o = formgate(&["check", "--default-dialect", "draft4", &form], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = formgate(&["render", "--default-dialect", "2019-09", &form], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o).trim_end().as_bytes(), LEGACY);
    let o = formgate(
        &["verify", "--default-dialect", "draft6", &form, &body, &bad],
        b"",
    );
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o), format!("accept {body}\nreject {bad}\n"));
    let o = formgate(
        &[
            "unroll",
            "--default-dialect",
            "draft7",
            "--depth",
            "1",
            &form,
        ],
        b"",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = formgate(
        &[
            "publish",
            "--default-dialect",
            "draft7",
            &form,
            "--prompt",
            "p",
        ],
        b"",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn the_form_schema_wins_and_bad_names_are_refused() {
    let own = support::file(
        DIR,
        "own.json",
        br#"{"$schema":"https://json-schema.org/draft/2020-12/schema","items":[{}]}"#,
    );
    let o = formgate(&["check", "--default-dialect", "draft7", &own], b"");
    assert_eq!(code(&o), 1);
    let o = formgate(&["check", "--default-dialect", "draft-07", &own], b"");
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("draft7"), "{}", stderr(&o));
    // A $ref sibling draft-07 would ignore is named.
    let o = formgate(
        &["check", "--default-dialect", "draft7", "-"],
        br##"{"$ref":"#/definitions/a","type":"string","definitions":{"a":{}}}"##,
    );
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("draft-07"), "{}", stderr(&o));
}
