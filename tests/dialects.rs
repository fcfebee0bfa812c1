//! The five dialects at the edges of their differences (`docs/DIALECTS.md`). Every
//! row goes through every engine: `verify` (fast path first), `accept`,
//! `verify_into`, and the streaming verifier whole, by one byte and by three; and the
//! rendering keeps the author's spelling as a fixed point with the same verdicts.

mod common;

use formgate::{Dialect, Form, FormErrorKind};

const D4: &str = r#""$schema":"http://json-schema.org/draft-04/schema#""#;
const D6: &str = r#""$schema":"http://json-schema.org/draft-06/schema#""#;
const D7: &str = r#""$schema":"http://json-schema.org/draft-07/schema#""#;
const D19: &str = r#""$schema":"https://json-schema.org/draft/2019-09/schema""#;

/// (dialect's `$schema` member, the rest of the form, body, admitted).
const CASES: &[(&str, &str, &str, bool)] = &[
    // draft-04: boolean exclusiveMaximum / exclusiveMinimum modify maximum / minimum.
    (D4, r#""maximum":5,"exclusiveMaximum":true"#, "5", false),
    (D4, r#""maximum":5,"exclusiveMaximum":true"#, "4.999", true),
    (D4, r#""maximum":5,"exclusiveMaximum":true"#, "5.0", false),
    (D4, r#""exclusiveMaximum":true,"maximum":5"#, "5", false),
    (D4, r#""maximum":5,"exclusiveMaximum":false"#, "5", true),
    (D4, r#""maximum":5,"exclusiveMaximum":false"#, "6", false),
    (D4, r#""exclusiveMaximum":true"#, "1e400", true),
    (
        D4,
        r#""minimum":-1.5,"exclusiveMinimum":true"#,
        "-1.5",
        false,
    ),
    (
        D4,
        r#""minimum":-1.5,"exclusiveMinimum":true"#,
        "-1.49",
        true,
    ),
    (
        D4,
        r#""minimum":-1.5,"exclusiveMinimum":false"#,
        "-1.5",
        true,
    ),
    (D4, r#""exclusiveMinimum":true"#, "-7", true),
    (
        D4,
        r#""exclusiveMinimum":true,"minimum":0,"maximum":1,"exclusiveMaximum":true"#,
        "0.5",
        true,
    ),
    (
        D4,
        r#""exclusiveMinimum":true,"minimum":0,"maximum":1,"exclusiveMaximum":true"#,
        "1",
        false,
    ),
    // draft-06 onwards: numeric exclusive bounds.
    (D6, r#""exclusiveMaximum":5"#, "5", false),
    (D6, r#""exclusiveMaximum":5"#, "4", true),
    (D7, r#""exclusiveMinimum":5,"minimum":0"#, "5", false),
    // id / $id at the root.
    (
        D4,
        r#""id":"http://example.com/s","type":"string""#,
        r#""a""#,
        true,
    ),
    (
        D6,
        r#""$id":"http://example.com/s","type":"string""#,
        "1",
        false,
    ),
    // dependencies, both forms, in the order written.
    (
        D4,
        r#""dependencies":{"a":["b"],"c":{"required":["d"]}}"#,
        r#"{"a":1}"#,
        false,
    ),
    (
        D4,
        r#""dependencies":{"a":["b"],"c":{"required":["d"]}}"#,
        r#"{"a":1,"b":2}"#,
        true,
    ),
    (
        D4,
        r#""dependencies":{"a":["b"],"c":{"required":["d"]}}"#,
        r#"{"c":1}"#,
        false,
    ),
    (
        D4,
        r#""dependencies":{"a":["b"],"c":{"required":["d"]}}"#,
        r#"{"c":1,"d":0}"#,
        true,
    ),
    (
        D4,
        r#""dependencies":{"a":["b"],"c":{"required":["d"]}}"#,
        r#"["a","c"]"#,
        true,
    ),
    (D6, r#""dependencies":{"a":[]}"#, r#"{"a":1}"#, true),
    (D6, r#""dependencies":{"a":false}"#, r#"{"a":1}"#, false),
    (D6, r#""dependencies":{"a":false}"#, r#"{"b":1}"#, true),
    (
        D7,
        r#""dependencies":{"a":true,"b":["a"]}"#,
        r#"{"b":1}"#,
        false,
    ),
    // Array-form items with additionalItems.
    (
        D4,
        r#""items":[{"type":"string"}],"additionalItems":false"#,
        r#"["a"]"#,
        true,
    ),
    (
        D4,
        r#""items":[{"type":"string"}],"additionalItems":false"#,
        r#"["a",1]"#,
        false,
    ),
    (
        D4,
        r#""items":[{"type":"string"}],"additionalItems":false"#,
        r#"[1]"#,
        false,
    ),
    (
        D4,
        r#""items":[{"type":"string"}],"additionalItems":false"#,
        r#"[]"#,
        true,
    ),
    (
        D6,
        r#""additionalItems":{"type":"integer"},"items":[{}]"#,
        r#"["x",1,2]"#,
        true,
    ),
    (
        D6,
        r#""additionalItems":{"type":"integer"},"items":[{}]"#,
        r#"["x",1,"y"]"#,
        false,
    ),
    (D7, r#""items":[true,false]"#, r#"[1]"#, true),
    (D7, r#""items":[true,false]"#, r#"[1,2]"#, false),
    (D7, r#""items":[{"type":"null"}]"#, r#"[null,1,"x"]"#, true),
    (
        D19,
        r#""items":[{"type":"null"}],"additionalItems":{"type":"string"}"#,
        r#"[null,"x"]"#,
        true,
    ),
    (
        D19,
        r#""items":[{"type":"null"}],"additionalItems":{"type":"string"}"#,
        r#"[null,1]"#,
        false,
    ),
    // additionalItems beside schema-form or absent items means nothing.
    (D4, r#""additionalItems":false"#, r#"[1,2]"#, true),
    (
        D7,
        r#""items":{"type":"integer"},"additionalItems":false"#,
        r#"[1,2]"#,
        true,
    ),
    (
        D19,
        r#""additionalItems":{"type":"string"}"#,
        r#"[1]"#,
        true,
    ),
    // A $ref with annotation siblings, and definitions beside it.
    (
        D4,
        r##""definitions":{"n":{"type":"integer"}},"$ref":"#/definitions/n","description":"n""##,
        "1.5",
        false,
    ),
    (
        D7,
        r##""definitions":{"n":{"type":"integer"}},"$ref":"#/definitions/n","$comment":"c""##,
        "2",
        true,
    ),
    // 2019-09 applies $ref's siblings, and has the 2019 keywords.
    (
        D19,
        r##""$defs":{"n":{"type":"integer"}},"$ref":"#/$defs/n","minimum":3"##,
        "2",
        false,
    ),
    (
        D19,
        r#""dependentRequired":{"a":["b"]},"dependentSchemas":{"b":false}"#,
        r#"{"a":1,"b":1}"#,
        false,
    ),
    (
        D19,
        r#""contains":{"const":1},"minContains":2"#,
        r#"[1,0,1]"#,
        true,
    ),
    (
        D19,
        r#""contains":{"const":1},"maxContains":1"#,
        r#"[1,0,1]"#,
        false,
    ),
    (D19, r#""deprecated":true,"type":"null""#, "null", true),
    // Keywords shared by every dialect keep their meaning.
    (
        D4,
        r#""type":"object","properties":{"a":{"enum":[1]}},"additionalProperties":false,"required":["a"]"#,
        r#"{"a":1}"#,
        true,
    ),
    (
        D4,
        r#""type":"object","properties":{"a":{"enum":[1]}},"additionalProperties":false,"required":["a"]"#,
        r#"{"a":1,"b":2}"#,
        false,
    ),
    (
        D6,
        r#""const":"x","propertyNames":{"maxLength":1},"contains":{},"examples":[1]"#,
        r#""x""#,
        true,
    ),
    (
        D7,
        r#""if":{"type":"string"},"then":{"maxLength":1},"readOnly":true"#,
        r#""xy""#,
        false,
    ),
];

#[test]
fn every_engine_agrees_on_each_dialect() {
    let mut failures = Vec::new();
    for &(schema, rest, body, admitted) in CASES {
        let form_text = format!("{{{schema},{rest}}}");
        let form = common::engines_agree(&form_text, body.as_bytes(), admitted, &mut failures);
        // The author's dialect, as a fixed point.
        let again = Form::compile(form.schema_json().as_bytes()).expect("the rendering compiles");
        if again.dialect() != form.dialect() {
            failures.push(format!(
                "{form_text}: rendering's dialect {:?}",
                again.dialect()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Each refusal names its kind, keyword and pointer.
#[test]
fn what_a_dialect_lacks_or_ignores_is_refused() {
    use FormErrorKind::*;
    let cases: &[(&str, &str, FormErrorKind, &str)] = &[
        // Keywords a dialect does not have.
        (D4, r#""const":1"#, UnknownKeyword, "/const"),
        (D4, r#""contains":{}"#, UnknownKeyword, "/contains"),
        (
            D4,
            r#""propertyNames":{}"#,
            UnknownKeyword,
            "/propertyNames",
        ),
        (D4, r#""examples":[]"#, UnknownKeyword, "/examples"),
        (D4, r#""if":{}"#, UnknownKeyword, "/if"),
        (D4, r#""$comment":"c""#, UnknownKeyword, "/$comment"),
        (D4, r#""readOnly":true"#, UnknownKeyword, "/readOnly"),
        (D4, r#""$id":"x""#, UnknownKeyword, "/$id"),
        (D6, r#""id":"x""#, UnknownKeyword, "/id"),
        (D6, r#""then":{}"#, UnknownKeyword, "/then"),
        (D6, r#""writeOnly":true"#, UnknownKeyword, "/writeOnly"),
        (D7, r#""$defs":{}"#, UnknownKeyword, "/$defs"),
        (D7, r#""deprecated":true"#, UnknownKeyword, "/deprecated"),
        (D7, r#""prefixItems":[{}]"#, UnknownKeyword, "/prefixItems"),
        (
            D7,
            r#""dependentSchemas":{}"#,
            UnknownKeyword,
            "/dependentSchemas",
        ),
        // `definitions` compiles there (definitions_is_a_deprecated_holder_of_schemas),
        // but what it holds is compiled like any schema.
        (
            D19,
            r#""definitions":{"a":{"typo":1}}"#,
            UnknownKeyword,
            "/definitions/a/typo",
        ),
        (D19, r#""dependencies":{}"#, UnknownKeyword, "/dependencies"),
        (D19, r#""prefixItems":[{}]"#, UnknownKeyword, "/prefixItems"),
        // Dynamic scope: each dialect's own keywords, as that dialect defines them.
        (
            D19,
            r##""$dynamicRef":"#a""##,
            UnknownKeyword,
            "/$dynamicRef",
        ),
        (
            D19,
            r#""$dynamicAnchor":"a""#,
            UnknownKeyword,
            "/$dynamicAnchor",
        ),
        (
            D7,
            r##""$recursiveRef":"#""##,
            UnknownKeyword,
            "/$recursiveRef",
        ),
        (
            D7,
            r#""$recursiveAnchor":true"#,
            UnknownKeyword,
            "/$recursiveAnchor",
        ),
        (
            D19,
            r##""items":{"$recursiveRef":"#/items"}"##,
            InvalidValue("\"#\" (the only value 2019-09 defines)"),
            "/items/$recursiveRef",
        ),
        (
            D19,
            r#""items":{"$recursiveAnchor":true}"#,
            InvalidValue("true only at a schema resource's root (beside $id)"),
            "/items/$recursiveAnchor",
        ),
        (
            D7,
            r#""unevaluatedItems":false"#,
            UnknownKeyword,
            "/unevaluatedItems",
        ),
        (D19, r#""id":"x""#, UnknownKeyword, "/id"),
        // Shapes.
        (
            D4,
            r#""exclusiveMaximum":5"#,
            InvalidValue("a boolean (draft-04)"),
            "/exclusiveMaximum",
        ),
        (
            D6,
            r#""exclusiveMinimum":true"#,
            InvalidValue("a number"),
            "/exclusiveMinimum",
        ),
        (
            D4,
            r#""properties":{"a":true}"#,
            InvalidValue("an object (draft-04 has no boolean schemas here)"),
            "/properties/a",
        ),
        (
            D4,
            r#""items":[]"#,
            InvalidValue("a non-empty array of schemas"),
            "/items",
        ),
        (
            D7,
            r#""dependencies":{"a":["b","b"]}"#,
            InvalidValue("an object of schemas or name lists"),
            "/dependencies",
        ),
        (
            D7,
            r#""dependencies":{"a":1}"#,
            NotASchema,
            "/dependencies/a",
        ),
        // Identifiers: one schema per URI and per anchor, fragments as each dialect
        // allows them (tests/identifiers.rs has what they mean).
        (
            D4,
            r#""properties":{"a":{"id":"x"},"b":{"id":"x"}}"#,
            DuplicateIdentifier,
            "/properties/b/id",
        ),
        (
            D7,
            r##""items":[{"$id":"#/a"}]"##,
            InvalidValue("a URI whose fragment, if any, is a plain name"),
            "/items/0/$id",
        ),
        (
            D19,
            r##""items":{"$id":"x#a"}"##,
            InvalidValue("a URI without a fragment (name anchors with $anchor)"),
            "/items/$id",
        ),
        (
            D19,
            r#""items":{"$anchor":"1a"}"#,
            InvalidValue("an anchor name"),
            "/items/$anchor",
        ),
        (
            D7,
            r#""items":{"$anchor":"a"}"#,
            UnknownKeyword,
            "/items/$anchor",
        ),
        // $ref siblings that draft-04..07 would ignore.
        (
            D4,
            r##""$ref":"#","maximum":1"##,
            RefSibling(Dialect::Draft4),
            "/maximum",
        ),
        (
            D6,
            r##""$ref":"#","items":{}"##,
            RefSibling(Dialect::Draft6),
            "/items",
        ),
        (
            D7,
            r##""type":"object","$ref":"#""##,
            RefSibling(Dialect::Draft7),
            "/type",
        ),
    ];
    let mut failures = Vec::new();
    for (schema, rest, kind, pointer) in cases {
        let form = format!("{{{schema},{rest}}}");
        match Form::compile(form.as_bytes()) {
            Ok(_) => failures.push(format!("{form}: compiled")),
            Err(e) if e.kind() != kind || e.pointer() != *pointer => {
                failures.push(format!("{form}: {e} [{:?}]", e.kind()))
            }
            Err(e) => assert!(e.offset().is_some(), "{form}: {e}"),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // 2020-12 has neither array-form items nor additionalItems.
    for rest in [r#"{"items":[{}]}"#, r#"{"additionalItems":{}}"#] {
        assert!(Form::compile(rest.as_bytes()).is_err(), "{rest}");
    }
}

/// 2019-09 and 2020-12 metaschemas keep `definitions` as a deprecated object of
/// schemas: it compiles, asserts nothing itself, and a `$ref` into it applies.
#[test]
fn definitions_is_a_deprecated_holder_of_schemas() {
    for schema in [
        D19,
        "\"$schema\":\"https://json-schema.org/draft/2020-12/schema\"",
        "",
    ] {
        let sep = if schema.is_empty() { "" } else { "," };
        let text = format!(
            r##"{{{schema}{sep}"definitions":{{"n":{{"type":"integer"}},"unused":{{"minimum":5}}}},"properties":{{"a":{{"$ref":"#/definitions/n"}}}}}}"##
        );
        let form = Form::compile(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(form.verify(br#"{"a":1}"#).is_ok(), "{text}");
        assert!(form.verify(br#"{"a":"x"}"#).is_err(), "{text}");
        // Nothing under `definitions` applies where no `$ref` points.
        assert!(form.verify(br#"{"b":"x","unused":1}"#).is_ok(), "{text}");
        assert!(form.verify(b"3").is_ok(), "{text}");
        // The published form keeps the author's spelling.
        assert!(form.schema_json().contains(r#""definitions":"#), "{text}");
    }
}

#[test]
fn schema_uris_name_dialects() {
    let cases = [
        ("http://json-schema.org/draft-04/schema#", Dialect::Draft4),
        ("http://json-schema.org/draft-04/schema", Dialect::Draft4),
        ("https://json-schema.org/draft-06/schema#", Dialect::Draft6),
        ("http://json-schema.org/draft-07/schema", Dialect::Draft7),
        (
            "https://json-schema.org/draft/2019-09/schema",
            Dialect::Draft2019_09,
        ),
        (
            "https://json-schema.org/draft/2019-09/schema#",
            Dialect::Draft2019_09,
        ),
        (
            "http://json-schema.org/draft/2020-12/schema",
            Dialect::Draft2020_12,
        ),
    ];
    for (uri, dialect) in cases {
        let form = format!(r#"{{"$schema":"{uri}"}}"#);
        let compiled = Form::compile(form.as_bytes()).unwrap();
        assert_eq!(compiled.dialect(), dialect, "{uri}");
        assert_eq!(compiled.schema_json(), form);
    }
    for uri in [
        "http://json-schema.org/draft-03/schema#",
        "http://json-schema.org/schema#",
        "http://json-schema.org/draft-07/schema#/",
    ] {
        let form = format!(r#"{{"$schema":"{uri}"}}"#);
        let e = Form::compile(form.as_bytes()).expect_err(uri);
        assert_eq!(e.kind(), &FormErrorKind::UnsupportedDialect);
    }
}

#[test]
fn the_default_dialect_applies_only_without_schema() {
    let legacy =
        br#"{"items":[{"type":"string"}],"additionalItems":false,"dependencies":{"a":["b"]}}"#;
    assert!(Form::compile(legacy).is_err());
    for d in [Dialect::Draft4, Dialect::Draft6, Dialect::Draft7] {
        let form = Form::builder().default_dialect(d).compile(legacy).unwrap();
        assert_eq!(form.dialect(), d);
        assert!(form.verify(br#"["x"]"#).is_ok());
        assert!(form.verify(br#"["x",1]"#).is_err());
        assert!(form.verify(br#"{"a":1}"#).is_err());
        // The rendering has no `$schema` either: it compiles the same way only with
        // the same default.
        assert_eq!(form.schema_json().as_bytes(), legacy);
    }
    // 2019-09 has no dependencies.
    let e = Form::builder()
        .default_dialect(Dialect::Draft2019_09)
        .compile(legacy)
        .unwrap_err();
    assert_eq!(e.keyword(), Some("dependencies"));
    // A form's own `$schema` wins over the default.
    let own = br#"{"$schema":"https://json-schema.org/draft/2020-12/schema","items":[{}]}"#;
    assert!(Form::builder()
        .default_dialect(Dialect::Draft7)
        .compile(own)
        .is_err());
    // draft-04 has no boolean schemas, even at the root.
    assert!(Form::builder()
        .default_dialect(Dialect::Draft4)
        .compile(b"true")
        .is_err());
    assert!(Form::builder()
        .default_dialect(Dialect::Draft6)
        .compile(b"true")
        .is_ok());
}

#[test]
fn audit_and_unroll_follow_the_spelling() {
    // A recursive definition reached through array-form items and dependencies.
    let form = format!(
        r##"{{{D7},"definitions":{{"t":{{"type":"array","items":[{{"$ref":"#/definitions/t"}}],"additionalItems":false,"dependencies":{{"x":{{"properties":{{"x":{{"$ref":"#/definitions/t"}}}}}}}}}}}},"$ref":"#/definitions/t"}}"##
    );
    let form = Form::compile(form.as_bytes()).unwrap();
    let again = form.unroll(2).unwrap();
    let unrolled = again.schema_json();
    assert!(unrolled.contains(r#""definitions":{"t":"#), "{unrolled}");
    assert!(unrolled.contains("t_1"), "{unrolled}");
    assert!(again.verify(b"[[]]").is_ok(), "{unrolled}");
    assert!(again.verify(b"[[[]]]").is_err(), "{unrolled}");
    let audit = form.audit(formgate::audit::Profile::Portable);
    for finding in audit.findings() {
        assert!(!finding.pointer().contains("prefixItems"), "{finding:?}");
    }
}

/// draft-04 says `enum`, `required` and each `dependencies` name list "MUST have at least
/// one element"; later drafts allow an empty one (an empty `enum` admits nothing).
#[test]
fn draft4_refuses_empty_lists_later_drafts_allow() {
    for (body, keyword) in [
        (r#""required":[]"#, "required"),
        (r#""enum":[]"#, "enum"),
        (r#""dependencies":{"a":[]}"#, "dependencies"),
    ] {
        let draft4 = format!(r#"{{"$schema":"http://json-schema.org/draft-04/schema#",{body}}}"#);
        let e = Form::compile(draft4.as_bytes()).unwrap_err();
        assert!(
            matches!(e.kind(), FormErrorKind::InvalidValue(_)),
            "{draft4}: {e}"
        );
        assert_eq!(e.keyword(), Some(keyword), "{draft4}");
        let draft7 = format!(r#"{{"$schema":"http://json-schema.org/draft-07/schema#",{body}}}"#);
        let form = Form::compile(draft7.as_bytes()).unwrap_or_else(|e| panic!("{draft7}: {e}"));
        assert_eq!(form.verify(b"{}").is_ok(), keyword != "enum", "{draft7}");
    }
}

/// `contains` evaluates the elements it matches for `unevaluatedItems` in 2020-12 only:
/// 2019-09's `unevaluatedItems` sees `items`, `additionalItems` and `unevaluatedItems`
/// (Core §9.3.1.3), 2020-12 added `contains` (Core §11.2). The jsonschema crate reads
/// 2019-09 as 2020-12 here (tests/differential.rs); a fuzzer found the difference.
#[test]
fn contains_evaluates_items_only_from_2020_12() {
    for (dialect, admitted) in [
        ("https://json-schema.org/draft/2019-09/schema", false),
        ("https://json-schema.org/draft/2020-12/schema", true),
    ] {
        let form = format!(
            r#"{{"$schema":"{dialect}","minContains":3,"contains":true,"maxContains":3,"unevaluatedItems":false}}"#
        );
        let form = Form::compile(form.as_bytes()).unwrap_or_else(|e| panic!("{dialect}: {e}"));
        for body in [&b"[1E2,1E2,1E2]"[..], b"[1,2,3]"] {
            assert_eq!(form.verify(body).is_ok(), admitted, "{dialect}");
        }
        // An empty array has nothing left unevaluated, and too few matches for either.
        assert!(form.verify(b"[]").is_err(), "{dialect}");
    }
}
