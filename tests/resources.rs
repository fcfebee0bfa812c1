//! Other documents, given with `FormBuilder::resource` and bundled into the form
//! (`src/form/bundle.rs`): a `$ref` reaches them by URI, pointer and anchor, nothing
//! unregistered is reached, errors are located in the document they are in, and the
//! published `s` is one self-contained schema that compiles alone to the same verdicts
//! (the fixed point).

use formgate::{Dialect, Form, FormBuilder, FormErrorKind};

/// `builder` compiled on `form`; then its published `s` compiled with no resources,
/// which must render the same `s` and give every body of `bodies` the same verdict.
fn fixed_point(builder: FormBuilder, form: &str, bodies: &[&str]) -> Form {
    let compiled = builder
        .compile(form.as_bytes())
        .unwrap_or_else(|e| panic!("{form} does not compile: {e}"));
    let alone = Form::compile(compiled.schema_json().as_bytes()).unwrap_or_else(|e| {
        panic!(
            "the bundle {} does not compile alone: {e}",
            compiled.schema_json()
        )
    });
    assert_eq!(
        alone.schema_json(),
        compiled.schema_json(),
        "rendering the bundle changes it"
    );
    for body in bodies {
        assert_eq!(
            compiled.verify(body.as_bytes()).is_ok(),
            alone.verify(body.as_bytes()).is_ok(),
            "{body}: the bundle alone decides otherwise than the form with resources"
        );
    }
    compiled
}

fn accepts(form: &Form, body: &str) -> bool {
    form.verify(body.as_bytes()).is_ok()
}

#[test]
fn a_ref_reaches_a_document_by_uri_pointer_and_anchor() {
    let builder = Form::builder().resource(
        "https://example.com/defs.json",
        r##"{"$defs":{"small":{"type":"integer","maximum":9},
             "word":{"$anchor":"word","type":"string","maxLength":3}},
             "type":"boolean"}"##,
    );
    let form = fixed_point(
        builder,
        r##"{"type":"object","properties":{
            "whole":{"$ref":"https://example.com/defs.json"},
            "small":{"$ref":"https://example.com/defs.json#/$defs/small"},
            "word":{"$ref":"https://example.com/defs.json#word"}}}"##,
        &[
            r##"{"whole":true,"small":3,"word":"abc"}"##,
            r##"{"whole":1}"##,
            r##"{"small":10}"##,
            r##"{"word":"abcd"}"##,
        ],
    );
    assert!(accepts(&form, r##"{"whole":true,"small":3,"word":"abc"}"##));
    assert!(!accepts(&form, r##"{"whole":1}"##));
    assert!(!accepts(&form, r##"{"small":10}"##));
    assert!(!accepts(&form, r##"{"word":"abcd"}"##));
}

#[test]
fn documents_reach_documents_relative_to_their_own_uri() {
    // a.json names b.json relatively: it resolves against a.json's URI, not the form's.
    let builder = Form::builder()
        .resource(
            "https://example.com/schemas/a.json",
            r##"{"items":{"$ref":"b.json"}}"##,
        )
        .resource(
            "https://example.com/schemas/b.json",
            r##"{"$ref":"sub/c.json"}"##,
        )
        .resource(
            "https://example.com/schemas/sub/c.json",
            r##"{"type":"integer"}"##,
        )
        .resource("https://example.com/unused.json", r##"not even JSON"##);
    let form = fixed_point(
        builder,
        r##"{"$ref":"https://example.com/schemas/a.json"}"##,
        &["[1,2]", r##"[1,"x"]"##, "{}"],
    );
    assert!(accepts(&form, "[1,2]"));
    assert!(!accepts(&form, r##"[1,"x"]"##));
    // Only what is reached is bundled; an unused document is not even parsed.
    assert!(!form.schema_json().contains("unused"));
}

#[test]
fn a_document_that_refers_back_to_the_form_and_to_itself_recurses() {
    let builder = Form::builder().resource(
        "https://example.com/tree.json",
        r##"{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#"}}},
             "additionalProperties":false}"##,
    );
    let form = fixed_point(
        builder,
        r##"{"$id":"https://example.com/root.json","$ref":"tree.json"}"##,
        &[r##"{"kids":[{"kids":[]}]}"##, r##"{"kids":[{"x":1}]}"##],
    );
    assert!(accepts(&form, r##"{"kids":[{"kids":[{}]}]}"##));
    assert!(!accepts(&form, r##"{"kids":[{"kids":[{"x":1}]}]}"##));
}

#[test]
fn an_unregistered_document_is_a_compile_error_that_names_it() {
    let e = Form::builder()
        .resource("https://example.com/a.json", r##"{"$ref":"b.json"}"##)
        .compile(br##"{"$ref":"https://example.com/a.json"}"##)
        .unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::RemoteRef);
    assert_eq!(e.resource(), Some("https://example.com/a.json"));
    assert_eq!((e.pointer(), e.offset()), ("/$ref", Some(1)));
    assert!(
        e.detail().unwrap().contains("https://example.com/b.json"),
        "{e}"
    );
    let e = Form::compile(br##"{"$ref":"https://example.com/a.json#/x"}"##).unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::RemoteRef);
    assert_eq!(e.resource(), None);
    assert!(e.to_string().contains("https://example.com/a.json"), "{e}");
}

#[test]
fn an_error_in_a_document_is_located_in_it() {
    let doc = "{\n  \"type\": \"object\",\n  \"properties\": {\"n\": {\"minimum\": \"0\"}}\n}";
    let e = Form::builder()
        .resource("https://example.com/n.json", doc)
        .compile(br##"{"$ref":"https://example.com/n.json"}"##)
        .unwrap_err();
    assert_eq!(e.resource(), Some("https://example.com/n.json"));
    assert_eq!(e.pointer(), "/properties/n/minimum");
    assert_eq!(e.offset(), Some(doc.find("\"minimum\"").unwrap() as u64));
    assert!(
        e.to_string()
            .starts_with("in the resource https://example.com/n.json: "),
        "{e}"
    );

    let e = Form::builder()
        .resource("https://example.com/n.json", "{\"type\":")
        .compile(br##"{"$ref":"https://example.com/n.json"}"##)
        .unwrap_err();
    assert!(matches!(e.kind(), FormErrorKind::Parse(_)));
    assert_eq!(e.resource(), Some("https://example.com/n.json"));
    assert!(e
        .to_string()
        .contains("the resource https://example.com/n.json is not strict JSON"));

    let e = Form::builder()
        .resource("https://example.com/n.json", "[1]")
        .compile(br##"{"$ref":"https://example.com/n.json"}"##)
        .unwrap_err();
    assert_eq!(e.kind().name(), "invalid-resource");
}

#[test]
fn a_registered_uri_is_absolute_without_fragment_and_given_once() {
    for uri in ["defs.json", "https://example.com/a.json#x", "#", ""] {
        let e = Form::builder()
            .resource(uri, "{}")
            .compile(b"{}")
            .unwrap_err();
        assert_eq!(e.kind().name(), "invalid-resource", "{uri}");
        assert_eq!(e.resource(), Some(uri));
    }
    // An empty fragment names the document itself; the same URI after normalization
    // is the same document.
    let e = Form::builder()
        .resource("https://example.com/a.json#", "{}")
        .resource("HTTPS://EXAMPLE.com/./a.json", "{}")
        .compile(b"{}")
        .unwrap_err();
    assert_eq!(e.kind().name(), "invalid-resource");
    assert!(e.to_string().contains("registered twice"), "{e}");
}

#[test]
fn a_document_whose_id_names_another_uri_is_reached_by_both() {
    let builder = Form::builder().resource(
        "https://example.com/retrieved.json",
        r##"{"$id":"https://example.com/real.json","$defs":{"s":{"type":"string"}},"$ref":"#/$defs/s"}"##,
    );
    let form = fixed_point(
        builder,
        r##"{"anyOf":[{"$ref":"https://example.com/retrieved.json"},
                     {"$ref":"https://example.com/real.json"}]}"##,
        &[r##""x""##, "1"],
    );
    assert!(accepts(&form, r##""x""##));
    assert!(!accepts(&form, "1"));
}

#[test]
fn a_relative_id_in_a_document_resolves_against_its_uri() {
    let builder = Form::builder()
        .resource(
            "https://example.com/dir/a.json",
            r##"{"$id":"folder/","items":{"$ref":"int.json"}}"##,
        )
        .resource(
            "https://example.com/dir/folder/int.json",
            r##"{"type":"integer"}"##,
        );
    let form = fixed_point(
        builder,
        r##"{"$ref":"https://example.com/dir/a.json"}"##,
        &["[1]", r##"["a"]"##],
    );
    assert!(accepts(&form, "[1]"));
    assert!(!accepts(&form, r##"["a"]"##));
}

#[test]
fn older_dialects_bundle_into_definitions_with_their_id_keyword() {
    let doc = r##"{"definitions":{"int":{"type":"integer"},"ref":{"$ref":"#/definitions/int"}}}"##;
    for (dialect, id) in [
        (Dialect::Draft4, r##""id":"##),
        (Dialect::Draft7, r##""$id":"##),
    ] {
        let form = Form::builder()
            .default_dialect(dialect)
            .resource("http://localhost:1234/subSchemas.json", doc)
            .compile(br##"{"$ref":"http://localhost:1234/subSchemas.json#/definitions/ref"}"##)
            .unwrap();
        let s = form.schema_json();
        assert!(
            s.contains(r##""definitions":{"http://localhost:1234/subSchemas.json":{"##),
            "{s}"
        );
        assert!(s.contains(id), "{s}");
        assert!(accepts(&form, "1") && !accepts(&form, r##""a""##));
        let alone = Form::builder()
            .default_dialect(dialect)
            .compile(s.as_bytes())
            .unwrap();
        assert!(accepts(&alone, "1") && !accepts(&alone, r##""a""##));
    }
}

#[test]
fn before_2019_a_document_whose_root_is_a_ref_keeps_its_registered_base() {
    // draft-07 ignores an `$id` beside `$ref`: `b.json` resolves against the
    // registered URI, not against `elsewhere/`.
    let builder = Form::builder()
        .default_dialect(Dialect::Draft7)
        .resource(
            "http://localhost:1234/a.json",
            r##"{"$id":"http://localhost:1234/elsewhere/","$ref":"b.json"}"##,
        )
        .resource("http://localhost:1234/b.json", r##"{"type":"integer"}"##);
    let form = builder
        .compile(br##"{"$ref":"http://localhost:1234/a.json"}"##)
        .unwrap();
    assert!(accepts(&form, "1") && !accepts(&form, r##""a""##));
    let alone = Form::builder()
        .default_dialect(Dialect::Draft7)
        .compile(form.schema_json().as_bytes())
        .unwrap();
    assert_eq!(alone.schema_json(), form.schema_json());
    assert!(accepts(&alone, "1") && !accepts(&alone, r##""a""##));
}

#[test]
fn boolean_documents_keep_their_verdicts() {
    let builder = Form::builder()
        .resource("https://example.com/yes.json", "true")
        .resource("https://example.com/no.json", "false");
    let form = fixed_point(
        builder,
        r##"{"properties":{"a":{"$ref":"https://example.com/yes.json"},
                          "b":{"$ref":"https://example.com/no.json"}}}"##,
        &[r##"{"a":1}"##, r##"{"b":1}"##],
    );
    assert!(accepts(&form, r##"{"a":[1]}"##));
    assert!(!accepts(&form, r##"{"b":null}"##));
}

#[test]
fn the_owners_defs_are_kept_and_never_overwritten() {
    let uri = "https://example.com/x.json";
    let builder = Form::builder().resource(uri, r##"{"type":"string"}"##);
    let form = fixed_point(
        builder,
        &format!(
            r##"{{"$defs":{{"{uri}":{{"type":"integer"}}}},
                 "properties":{{"a":{{"$ref":"{uri}"}},"b":{{"$ref":"#/$defs/{}"}}}}}}"##,
            uri.replace('/', "~1")
        ),
        &[r##"{"a":"s","b":1}"##, r##"{"a":1}"##, r##"{"b":"s"}"##],
    );
    assert!(accepts(&form, r##"{"a":"s","b":1}"##));
    assert!(!accepts(&form, r##"{"a":1}"##));
    assert!(!accepts(&form, r##"{"b":"s"}"##));
}

#[test]
fn a_document_too_deep_to_bundle_is_refused_naming_it() {
    // The compiler recurses once per nested schema: 127 of them take more than a test
    // thread's 2 MiB in a debug build (not in release), so this runs on a larger stack.
    std::thread::Builder::new()
        .stack_size(16 << 20)
        .spawn(too_deep_to_bundle)
        .expect("a thread")
        .join()
        .expect("no panic");
}

fn too_deep_to_bundle() {
    // 127 levels compile alone; bundled two levels down, the published form would be
    // too deep to read back, so the form is refused rather than published unreadable.
    let uri = "https://example.com/deep.json";
    let deep = [r#"{"items":"#.repeat(126), "{}".into(), "}".repeat(126)].concat();
    Form::compile(deep.as_bytes()).unwrap();
    let e = Form::builder()
        .resource(uri, deep.as_bytes())
        .compile(format!(r#"{{"$ref":"{uri}"}}"#).as_bytes())
        .unwrap_err();
    assert_eq!(e.kind().name(), "invalid-resource", "{e}");
    assert_eq!(e.resource(), Some(uri));
    // A little shallower fits, and its `s` reads back.
    let fits = [r#"{"items":"#.repeat(120), "{}".into(), "}".repeat(120)].concat();
    let form = Form::builder()
        .resource(uri, fits.as_bytes())
        .compile(format!(r#"{{"$ref":"{uri}"}}"#).as_bytes())
        .unwrap();
    Form::compile(form.schema_json().as_bytes()).unwrap();
}
