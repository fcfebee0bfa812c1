//! Declared annotations: extension keywords the form's owner names with
//! `FormBuilder::annotation`, kept verbatim and never deciding; everything else that is
//! unknown still fails the compile.

use formgate::{Form, FormErrorKind};

fn declared(form: &str, names: &[&str]) -> Result<Form, formgate::FormError> {
    let mut b = Form::builder();
    for n in names {
        b = b.annotation(*n);
    }
    b.compile(form.as_bytes())
}

#[test]
fn accepts_declared_extensions_anywhere_and_renders_them_as_written() {
    let text = r#"{"type":"object","x-group":"a","properties":{"n":{"type":"integer","x-group":{"k":[1,{"type":"string"}]},"maximum":9}},"example":{"n":1}}"#;
    let form = declared(text, &["x-group", "example"]).unwrap();
    assert_eq!(form.schema_json(), text);
    // A fixed point, given the same declarations.
    let again = declared(form.schema_json(), &["x-group", "example"]).unwrap();
    assert_eq!(again.schema_json(), text);
    // They never decide: the value under x-group is data, not a schema.
    assert!(form.verify(br#"{"n":9}"#).is_ok());
    assert!(form.verify(br#"{"n":10}"#).is_err());
    assert!(form.verify(br#"{"n":"x"}"#).is_err());
}

#[test]
fn rejects_undeclared_extensions_naming_them() {
    let e = declared(r#"{"properties":{"a":{"x-other":1}}}"#, &["x-group"]).unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::UnknownKeyword);
    assert_eq!(e.pointer(), "/properties/a/x-other");
}

#[test]
fn rejects_declaring_a_keyword_of_json_schema() {
    for name in [
        "maxLength",
        "type",
        "unevaluatedProperties",
        "$dynamicRef",
        "contentSchema",
        "discriminator",
    ] {
        let e = declared("{}", &[name]).unwrap_err();
        assert_eq!(e.kind(), &FormErrorKind::NotDeclarable, "{name}");
        assert_eq!(e.keyword(), Some(name));
    }
}

#[test]
fn accepts_declared_annotations_beside_ref_in_draft_07() {
    let text = r##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{"type":"string"}},"properties":{"p":{"$ref":"#/definitions/a","x-doc":"see a"}}}"##;
    let form = declared(text, &["x-doc"]).unwrap();
    assert!(form.verify(br#"{"p":"s"}"#).is_ok());
    assert!(form.verify(br#"{"p":1}"#).is_err());
}

#[test]
fn unroll_keeps_declared_annotations() {
    let text = r##"{"$defs":{"n":{"type":"array","maxItems":2,"x-note":"tree","items":{"anyOf":[{"type":"null"},{"$ref":"#/$defs/n"}]}}},"$ref":"#/$defs/n"}"##;
    let form = declared(text, &["x-note"]).unwrap();
    let unrolled = form.unroll(2).unwrap();
    assert!(unrolled.schema_json().contains(r#""x-note":"tree""#));
    assert!(unrolled.verify(b"[[null]]").is_ok());
}
