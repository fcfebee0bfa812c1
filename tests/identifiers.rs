//! Identifiers within a form (`src/form/resolve.rs`): embedded resources (`$id` below
//! the root, `id` in draft-04), anchors (`$anchor`, draft-04..07 fragment `$id`s), and
//! what a `$ref` names through them. Nothing is ever fetched.

use formgate::{Form, FormErrorKind};

fn form(text: &str) -> Form {
    Form::compile(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn verdicts(form: &Form, admitted: &[&str], rejected: &[&str]) {
    for body in admitted {
        assert!(
            form.verify(body.as_bytes()).is_ok(),
            "{body} should be admitted"
        );
    }
    for body in rejected {
        assert!(
            form.verify(body.as_bytes()).is_err(),
            "{body} should be rejected"
        );
    }
}

fn refused(text: &str, kind: FormErrorKind, pointer: &str) {
    match Form::compile(text.as_bytes()) {
        Ok(_) => panic!("{text}: compiled"),
        Err(e) => {
            assert_eq!(e.kind(), &kind, "{text}: {e}");
            assert_eq!(e.pointer(), pointer, "{text}: {e}");
        }
    }
}

#[test]
fn an_embedded_resource_resolves_its_own_pointers() {
    // `#/$defs/n` inside `item.json` is item.json's `$defs`, not the root's.
    let f = form(
        r##"{"$defs":{"item":{"$id":"item.json","$defs":{"n":{"type":"integer"}},
            "properties":{"n":{"$ref":"#/$defs/n"}}},
            "n":{"type":"string"}},
          "properties":{"a":{"$ref":"item.json"},"b":{"$ref":"#/$defs/n"}}}"##,
    );
    verdicts(
        &f,
        &[r#"{"a":{"n":1},"b":"x"}"#],
        &[r#"{"a":{"n":"x"}}"#, r#"{"b":1}"#],
    );
    // Relative URIs resolve against the resource in scope, dot segments and all.
    let f = form(
        r##"{"$id":"https://example.com/forms/root.json",
          "$defs":{"s":{"$id":"parts/s.json","type":"string",
                        "$defs":{"t":{"$ref":"../root.json#/$defs/u"}}},
                   "u":{"maxLength":2}},
          "properties":{"a":{"$ref":"https://example.com/forms/parts/s.json"},
                        "b":{"$ref":"parts/s.json#/$defs/t"}}}"##,
    );
    verdicts(
        &f,
        &[r#"{"a":"x","b":"ab"}"#],
        &[r#"{"a":1}"#, r#"{"b":"abc"}"#],
    );
}

#[test]
fn anchors_name_their_schema_in_their_resource() {
    let f = form(
        r##"{"$defs":{"s":{"$anchor":"text","type":"string"},
                    "r":{"$id":"r.json","$defs":{"i":{"$anchor":"text","type":"integer"}},
                         "$ref":"#text"}},
          "properties":{"a":{"$ref":"#text"},"b":{"$ref":"r.json"},"c":{"$ref":"r.json#text"}}}"##,
    );
    verdicts(
        &f,
        &[r#"{"a":"x","b":1,"c":2}"#],
        &[r#"{"a":1}"#, r#"{"b":"x"}"#, r#"{"c":"x"}"#],
    );
    // draft-07: a fragment-only `$id` is the anchor.
    let f = form(
        r##"{"$schema":"http://json-schema.org/draft-07/schema#",
          "definitions":{"s":{"$id":"#text","type":"string"}},
          "properties":{"a":{"$ref":"#text"}}}"##,
    );
    verdicts(&f, &[r#"{"a":"x"}"#], &[r#"{"a":1}"#]);
    // draft-04: `id`, both kinds.
    let f = form(
        r##"{"$schema":"http://json-schema.org/draft-04/schema#",
          "definitions":{"s":{"id":"#text","type":"string"},
                         "r":{"id":"r.json","definitions":{"m":{"minimum":3}},
                              "allOf":[{"$ref":"#/definitions/m"}]}},
          "properties":{"a":{"$ref":"#text"},"b":{"$ref":"r.json"}}}"##,
    );
    verdicts(&f, &[r#"{"a":"x","b":3}"#], &[r#"{"a":1}"#, r#"{"b":2}"#]);
}

#[test]
fn draft7_ignores_an_id_beside_a_ref() {
    // Were `other.json` a base URI here, `#/definitions/s` would name nothing.
    let f = form(
        r##"{"$schema":"http://json-schema.org/draft-07/schema#",
          "definitions":{"s":{"type":"string"}},
          "properties":{"a":{"$id":"other.json","$ref":"#/definitions/s"}}}"##,
    );
    verdicts(&f, &[r#"{"a":"x"}"#], &[r#"{"a":1}"#]);
    // In 2020-12 it is a base URI: the same form names nothing.
    refused(
        r##"{"$defs":{"s":{"type":"string"}},
          "properties":{"a":{"$id":"other.json","$ref":"#/$defs/s"}}}"##,
        FormErrorKind::RefNotFound,
        "/properties/a/$ref",
    );
}

#[test]
fn identifiers_in_data_are_data() {
    let f = form(r#"{"enum":[{"$id":"x","$anchor":"a"}],"const":{"$id":"x","$anchor":"a"}}"#);
    verdicts(
        &f,
        &[r#"{"$id":"x","$anchor":"a"}"#],
        &[r#"{"$id":"y","$anchor":"a"}"#],
    );
    // A `properties` member named `$id` is a property, not an identifier.
    let f = form(r#"{"properties":{"$id":{"type":"string"}},"$defs":{"a":{"$id":"a.json"}}}"#);
    verdicts(&f, &[r#"{"$id":"x"}"#], &[r#"{"$id":1}"#]);
}

#[test]
fn what_names_nothing_in_the_form_is_refused() {
    refused(
        r#"{"$ref":"https://example.com/elsewhere.json"}"#,
        FormErrorKind::RemoteRef,
        "/$ref",
    );
    refused(
        r#"{"$defs":{"a":{"$id":"a.json"}},"$ref":"b.json"}"#,
        FormErrorKind::RemoteRef,
        "/$ref",
    );
    refused(
        r##"{"$ref":"#nowhere"}"##,
        FormErrorKind::AnchorRef,
        "/$ref",
    );
    // An anchor belongs to its resource: from the root, `#inner` names nothing.
    refused(
        r##"{"$defs":{"a":{"$id":"a.json","$anchor":"inner"}},"$ref":"#inner"}"##,
        FormErrorKind::AnchorRef,
        "/$ref",
    );
    refused(
        r#"{"$defs":{"a":{"$anchor":"x"},"b":{"$anchor":"x"}}}"#,
        FormErrorKind::DuplicateIdentifier,
        "/$defs/b/$anchor",
    );
    refused(
        r#"{"$id":"https://example.com/a.json","$defs":{"a":{"$id":"https://example.com/a.json"}}}"#,
        FormErrorKind::DuplicateIdentifier,
        "/$defs/a/$id",
    );
    refused(
        r#"{"$defs":{"a":{"$id":"not a uri"}}}"#,
        FormErrorKind::InvalidValue("a URI reference"),
        "/$defs/a/$id",
    );
    // `$schema` below the root may only repeat the form's dialect.
    form(r#"{"$defs":{"a":{"$schema":"https://json-schema.org/draft/2020-12/schema"}}}"#);
    refused(
        r#"{"$defs":{"a":{"$schema":"http://json-schema.org/draft-07/schema#"}}}"#,
        FormErrorKind::UnsupportedDialect,
        "/$defs/a/$schema",
    );
}

#[test]
fn the_published_form_keeps_identifiers_and_unroll_rewrites_them() {
    let text = r##"{"$defs":{"node":{"$id":"node.json","$anchor":"n","type":"object","properties":{"next":{"$ref":"#n"}}}},"$ref":"node.json"}"##;
    let f = form(text);
    assert_eq!(f.schema_json(), text);
    assert!(f.verify(br#"{"next":{"next":{}}}"#).is_ok());
    assert!(f.verify(br#"{"next":{"next":1}}"#).is_err());
    // Copies under the root's `$defs` would resolve `#n` elsewhere: every `$ref` of the
    // output is a pointer from the root, and identifiers below the root are gone.
    let u = f.unroll(2).expect("unrolls");
    assert!(!u.schema_json().contains("$id"), "{}", u.schema_json());
    assert!(!u.schema_json().contains("$anchor"), "{}", u.schema_json());
    assert!(u.verify(br#"{"next":{}}"#).is_ok());
    assert!(u.verify(br#"{"next":{"next":{}}}"#).is_err());
}

#[test]
fn identifiers_compare_after_normalization() {
    // RFC 3986 section 6.2.2: scheme and host case, percent-encoding hex case,
    // percent-encoded unreserved characters, dot segments.
    let f = form(
        r##"{"$id":"HTTP://X.org/a","$defs":{
          "b":{"$id":"http://EXAMPLE.com/%7Eb/c%2fd","type":"integer"},
          "e":{"$id":"http://example.com/x/./y/../e","type":"string"}},
        "properties":{
          "a":{"$ref":"http://x.ORG/a#/$defs/b"},
          "b":{"$ref":"http://example.com/~b/c%2Fd"},
          "c":{"$ref":"HTTP://example.COM/x/%65"},
          "d":{"$ref":"http://x.org/%61#/$defs/e"}}}"##,
    );
    verdicts(
        &f,
        &[r#"{"a":1,"b":2,"c":"x","d":"y"}"#],
        &[r#"{"a":"1"}"#, r#"{"b":"2"}"#, r#"{"c":3}"#, r#"{"d":4}"#],
    );
    refused(
        r#"{"$defs":{"a":{"$id":"http://x.org/a"},"b":{"$id":"HTTP://x.org/./a"}}}"#,
        FormErrorKind::DuplicateIdentifier,
        "/$defs/b/$id",
    );
    refused(
        r##"{"$defs":{"a":{"$id":"http://x.org/a","$anchor":"n"},"b":{"$anchor":"n","$id":"http://X.org/%61"}}}"##,
        FormErrorKind::DuplicateIdentifier,
        "/$defs/b/$id",
    );
}

#[test]
fn an_empty_fragment_names_the_resource_itself() {
    // 2020-12 tolerates `#` at the end of an `$id`: the same URI as without it.
    let f = form(
        r##"{"$id":"http://x.org/root#","$defs":{"n":{"type":"null"}},"$ref":"http://x.org/root#/$defs/n"}"##,
    );
    verdicts(&f, &["null"], &["1"]);
    // Below a root of that URI it is a second schema with the root's identifier.
    for (dialect, defs) in [
        ("https://json-schema.org/draft/2020-12/schema", "$defs"),
        ("http://json-schema.org/draft-07/schema#", "definitions"),
    ] {
        let text = format!(
            r#"{{"$schema":"{dialect}","$id":"http://x.org/root","{defs}":{{"a":{{"$id":"http://x.org/root#"}}}}}}"#
        );
        let e = Form::compile(text.as_bytes()).unwrap_err();
        assert_eq!(e.kind(), &FormErrorKind::DuplicateIdentifier, "{e}");
        assert_eq!(e.pointer(), format!("/{defs}/a/$id"), "{e}");
        assert_eq!(
            e.detail(),
            Some(
                r#"http://x.org/root (an empty fragment names the resource itself) is already the resource at """#
            ),
            "{e}"
        );
        let message = e.to_string();
        assert!(
            message.contains("same identifier names two schemas"),
            "{message}"
        );
        assert!(
            message.contains("http://x.org/root (an empty fragment"),
            "{message}"
        );
    }
    let e = Form::compile(br#"{"$defs":{"a":{"$anchor":"x"},"b":{"$anchor":"x"}}}"#).unwrap_err();
    assert_eq!(
        e.detail(),
        Some(r#"the anchor "x" of formgate:///form.json already names the schema at "/$defs/a""#)
    );
}
