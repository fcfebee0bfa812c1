//! `--resource URI=FILE` and `--resource-dir BASE_URI=DIR` on the subcommands that
//! compile a form: the documents a `$ref` names, read from files and never fetched,
//! bundled into what `render` prints; an error inside one is located in it.

mod support;

use support::{code, formgate, stderr, stdout};

/// This file's scratch directory.
const DIR: &str = "resources_cli";

const FORM: &[u8] = br#"{"type":"object","properties":{
    "price":{"$ref":"https://example.com/s/money.json"},
    "code":{"$ref":"https://example.com/s/sub/code.json"}},"additionalProperties":false}"#;

/// A directory `name` holding `money.json` and `sub/code.json`, with `money` as the
/// former's schema.
fn defs(name: &str, money: &[u8]) -> String {
    let root = support::tmp(DIR, name);
    std::fs::create_dir_all(format!("{root}/sub")).expect("scratch dir");
    std::fs::write(format!("{root}/money.json"), money).expect("write");
    std::fs::write(
        format!("{root}/sub/code.json"),
        br#"{"type":"string","maxLength":3}"#,
    )
    .expect("write");
    std::fs::write(format!("{root}/notes.txt"), b"not a schema").expect("write");
    root
}

#[test]
fn without_the_documents_the_form_is_refused_naming_the_uri() {
    let form = support::file(DIR, "alone.json", FORM);
    let o = formgate(&["check", &form], b"");
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o)
            .contains("https://example.com/s/money.json is neither in the form nor registered"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_resource_dir_registers_every_json_file_at_its_relative_path() {
    let form = support::file(DIR, "form.json", FORM);
    let dir = defs("defs", br#"{"type":"integer","minimum":0}"#);
    let good = support::file(DIR, "good.json", br#"{"price":1,"code":"abc"}"#);
    let bad = support::file(DIR, "bad.json", br#"{"price":-1}"#);
    // With and without a trailing slash on the base.
    for base in ["https://example.com/s", "https://example.com/s/"] {
        let registered = format!("{base}={dir}");
        let o = formgate(&["check", "--resource-dir", &registered, &form], b"");
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let o = formgate(
            &["verify", "--resource-dir", &registered, &form, &good, &bad],
            b"",
        );
        assert_eq!(code(&o), 1, "{}", stderr(&o));
        assert_eq!(stdout(&o), format!("accept {good}\nreject {bad}\n"));
    }
}

#[test]
fn render_prints_the_bundle_which_compiles_alone() {
    let form = support::file(DIR, "render.json", FORM);
    let dir = defs("render-defs", br#"{"type":"integer","minimum":0}"#);
    let o = formgate(
        &[
            "render",
            "--resource",
            &format!("https://example.com/s/money.json={dir}/money.json"),
            "--resource",
            &format!("https://example.com/s/sub/code.json={dir}/sub/code.json"),
            &form,
        ],
        b"",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let s = stdout(&o);
    assert!(
        s.contains(r#""$defs":{"https://example.com/s/money.json":{"$id":"https://example.com/s/money.json","type":"integer","minimum":0}"#),
        "{s}"
    );
    let bundle = support::file(DIR, "bundle.json", s.trim_end().as_bytes());
    let o = formgate(&["check", &bundle], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn an_error_in_a_document_names_it_and_its_pointer() {
    let form = support::file(DIR, "located.json", FORM);
    let dir = defs("bad-defs", br#"{"type":"integer","minimum":"0"}"#);
    let o = formgate(
        &[
            "check",
            "--format",
            "json",
            "--resource-dir",
            &format!("https://example.com/s={dir}"),
            &form,
        ],
        b"",
    );
    assert_eq!(code(&o), 1);
    let line = stdout(&o);
    let v = formgate::json::parse(line.trim_end().as_bytes(), &formgate::Limits::default())
        .expect("strict JSON");
    assert_eq!(
        v.get("resource").and_then(|r| r.as_str()),
        Some("https://example.com/s/money.json")
    );
    assert_eq!(v.get("pointer").and_then(|r| r.as_str()), Some("/minimum"));
    assert_eq!(v.get("keyword").and_then(|r| r.as_str()), Some("minimum"));
}

#[test]
fn unreadable_documents_are_usage_errors() {
    let form = support::file(DIR, "unread.json", FORM);
    let missing = support::tmp(DIR, "no-such-file.json");
    for arg in [
        vec![
            "--resource".to_owned(),
            format!("https://example.com/a.json={missing}"),
        ],
        vec!["--resource".to_owned(), "no-equals-sign".to_owned()],
        vec![
            "--resource-dir".to_owned(),
            format!("https://example.com/={missing}"),
        ],
    ] {
        let mut args = vec!["check"];
        args.extend(arg.iter().map(String::as_str));
        args.push(&form);
        let o = formgate(&args, b"");
        assert_eq!(code(&o), 2, "{arg:?}: {}", stderr(&o));
    }
}

#[test]
fn check_compiles_resources_of_another_dialect_and_registered_metaschemas() {
    // An embedded resource of draft-07 (array `items`, `dependencies`) in a 2020-12 form.
    let embedded = support::file(
        DIR,
        "embedded.json",
        br##"{"$defs":{"old":{"$schema":"http://json-schema.org/draft-07/schema#",
            "$id":"https://example.com/old.json","items":[{"type":"integer"}],
            "dependencies":{"a":["b"]}}},"$ref":"https://example.com/old.json"}"##,
    );
    let o = formgate(&["check", &embedded], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let good = support::file(DIR, "list.json", b"[1]");
    let bad = support::file(DIR, "bad-list.json", br#"["a"]"#);
    let o = formgate(&["verify", &embedded, &good, &bad], b"");
    assert_eq!(stdout(&o), format!("accept {good}\nreject {bad}\n"));
    // Elsewhere than an embedded resource's root, another dialect is refused.
    let nested = support::file(
        DIR,
        "nested.json",
        br#"{"properties":{"a":{"$schema":"http://json-schema.org/draft-04/schema#"}}}"#,
    );
    let o = formgate(&["check", &nested], b"");
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("embedded resource's root"),
        "{}",
        stderr(&o)
    );
    // A metaschema registered with --resource gives its vocabularies.
    let meta = support::file(
        DIR,
        "meta.json",
        br#"{"$schema":"https://json-schema.org/draft/2020-12/schema",
            "$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,
                "https://json-schema.org/draft/2020-12/vocab/applicator":true}}"#,
    );
    let form = support::file(
        DIR,
        "uses-meta.json",
        br#"{"$schema":"https://example.com/meta","properties":{"n":{"minimum":1}}}"#,
    );
    let resource = format!("https://example.com/meta={meta}");
    let o = formgate(&["check", "--resource", &resource, &form], b"");
    assert_eq!(code(&o), 1);
    assert!(stderr(&o).contains("\"minimum\""), "{}", stderr(&o));
}
