//! Metaschemas and dialects per resource (`src/form/metaschema.rs`): the standard
//! metaschemas are documents a `$ref` reaches, a `$schema` naming a registered
//! metaschema gives the vocabularies its `$vocabulary` declares, an embedded resource
//! with a `$schema` of its own compiles in that dialect, and a `$ref` into an
//! annotation's value compiles that value as a schema. Every form here is also held to
//! the fixed point: its published `s` compiles with no resources, renders itself, and
//! every engine gives it the same verdicts.

#[path = "common/mod.rs"]
mod common;

use formgate::{Dialect, Form, FormBuilder, FormErrorKind};

/// `builder` compiled on `form`; then its `s` compiled alone, which must render itself
/// and give each of `bodies` the verdict listed, in every engine.
fn decides(builder: FormBuilder, form: &str, bodies: &[(&str, bool)]) -> Form {
    let compiled = builder
        .compile(form.as_bytes())
        .unwrap_or_else(|e| panic!("{form} does not compile: {e}"));
    let s = compiled.schema_json();
    let alone = Form::compile(s.as_bytes())
        .unwrap_or_else(|e| panic!("the bundle {s} does not compile alone: {e}"));
    assert_eq!(alone.schema_json(), s, "rendering the bundle changes it");
    let mut failures = Vec::new();
    for &(body, admitted) in bodies {
        assert_eq!(
            compiled.verify(body.as_bytes()).is_ok(),
            admitted,
            "{form} on {body}"
        );
        common::engines_agree(s, body.as_bytes(), admitted, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    compiled
}

#[test]
fn a_ref_reaches_the_standard_metaschemas() {
    for (dialect, uri) in [
        (Dialect::Draft4, "http://json-schema.org/draft-04/schema#"),
        (Dialect::Draft6, "http://json-schema.org/draft-06/schema#"),
        (Dialect::Draft7, "http://json-schema.org/draft-07/schema#"),
        (
            Dialect::Draft2019_09,
            "https://json-schema.org/draft/2019-09/schema",
        ),
        (
            Dialect::Draft2020_12,
            "https://json-schema.org/draft/2020-12/schema",
        ),
    ] {
        let form = format!(r##"{{"$schema":"{}","$ref":"{uri}"}}"##, dialect.uri());
        let defs = if dialect < Dialect::Draft2019_09 {
            "definitions"
        } else {
            "$defs"
        };
        decides(
            Form::builder(),
            &form,
            &[
                (r##"{"type":"string","minLength":2}"##, true),
                (r##"{"properties":{"a":{"maximum":3}}}"##, true),
                (r##"{"type":1}"##, false),
                (r##"{"minLength":-1}"##, false),
                (
                    &format!(r##"{{"{defs}":{{"a":{{"type":"nope"}}}}}}"##),
                    false,
                ),
                ("[]", false),
            ],
        );
    }
}

#[test]
fn a_registered_metaschema_gives_its_vocabularies() {
    let meta = "https://example.com/meta/no-validation";
    let builder = || {
        Form::builder().resource(
            meta,
            format!(
                r##"{{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"{meta}",
                    "$vocabulary":{{"https://json-schema.org/draft/2020-12/vocab/core":true,
                        "https://json-schema.org/draft/2020-12/vocab/applicator":true,
                        "https://example.com/vocab/mine":false}},
                    "$dynamicAnchor":"meta",
                    "allOf":[{{"$ref":"https://json-schema.org/draft/2020-12/meta/core"}},
                        {{"$ref":"https://json-schema.org/draft/2020-12/meta/applicator"}}]}}"##
            ),
        )
    };
    // The applicator vocabulary is in use: `properties` and `false` decide.
    let form = decides(
        builder(),
        &format!(
            r##"{{"$schema":"{meta}","properties":{{"bad":false,"n":{{"not":{{"properties":{{"x":false}}}}}}}}}}"##
        ),
        &[
            (r##"{"n":{"x":1}}"##, true),
            (r##"{"bad":1}"##, false),
            (r##"{"n":{}}"##, false),
        ],
    );
    assert_eq!(form.dialect(), Dialect::Draft2020_12);
    // The validation vocabulary is not: its keywords are unknown, refused.
    let e = builder()
        .compile(
            format!(r##"{{"$schema":"{meta}","properties":{{"n":{{"minimum":10}}}}}}"##).as_bytes(),
        )
        .unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::UnknownKeyword);
    assert_eq!(
        (e.keyword(), e.pointer()),
        (Some("minimum"), "/properties/n/minimum")
    );
    // Declaring it an annotation does not help: it is a keyword of JSON Schema.
    let e = builder()
        .annotation("minimum")
        .compile(format!(r##"{{"$schema":"{meta}"}}"##).as_bytes())
        .unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::NotDeclarable);
}

#[test]
fn metaschemas_formgate_cannot_honour_are_refused() {
    let meta = "https://example.com/meta";
    let form = format!(r##"{{"$schema":"{meta}"}}"##);
    for (document, why) in [
        (
            r##"{"$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,"https://example.com/vocab/units":true}}"##,
            "https://example.com/vocab/units",
        ),
        (
            r##"{"$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/validation":true}}"##,
            "Core",
        ),
        (
            r##"{"$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,"https://json-schema.org/draft/2019-09/vocab/validation":true}}"##,
            "two drafts",
        ),
        (
            r##"{"$schema":"https://example.com/other"}"##,
            "five dialects",
        ),
    ] {
        let e = Form::builder()
            .resource(meta, document)
            .compile(form.as_bytes())
            .unwrap_err();
        assert_eq!(
            e.kind(),
            &FormErrorKind::UnsupportedVocabulary,
            "{document}"
        );
        assert_eq!(e.kind().name(), "unsupported-vocabulary");
        assert!(e.detail().unwrap().contains(why), "{e}");
    }
    // Not registered: refused, naming it.
    let e = Form::compile(form.as_bytes()).unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::UnsupportedDialect);
    assert!(e.detail().unwrap().contains(meta), "{e}");
    // A standard metaschema cannot be registered over formgate's own.
    let e = Form::builder()
        .resource("https://json-schema.org/draft/2020-12/schema", "{}")
        .compile(b"{}")
        .unwrap_err();
    assert_eq!(e.kind().name(), "invalid-resource");
}

#[test]
fn a_metaschema_without_vocabulary_gives_its_own_dialect() {
    let meta = "https://example.com/strict-07";
    let builder = Form::builder().resource(
        meta,
        r##"{"$schema":"http://json-schema.org/draft-07/schema#","allOf":[{"$ref":"http://json-schema.org/draft-07/schema#"}],"required":["type"]}"##,
    );
    let form = decides(
        builder,
        &format!(
            r##"{{"$schema":"{meta}","items":[{{"type":"string"}}],"additionalItems":false}}"##
        ),
        &[
            (r##"["a"]"##, true),
            (r##"["a",1]"##, false),
            ("[1]", false),
        ],
    );
    assert_eq!(form.dialect(), Dialect::Draft7);
}

#[test]
fn documents_in_another_dialect_compile_in_their_own() {
    // draft-07's array `items` and `dependencies`, from a 2020-12 form.
    let old = Form::builder().resource(
        "https://example.com/old.json",
        r##"{"$schema":"http://json-schema.org/draft-07/schema#","items":[{"type":"integer"}],
            "additionalItems":false,"dependencies":{"a":["b"]}}"##,
    );
    decides(
        old,
        r##"{"prefixItems":[true],"properties":{"list":{"$ref":"https://example.com/old.json"}}}"##,
        &[
            (r##"{"list":[1]}"##, true),
            (r##"{"list":[1,2]}"##, false),
            (r##"{"list":{"a":1,"b":2}}"##, true),
            (r##"{"list":{"a":1}}"##, false),
        ],
    );
    // draft-04 integers by spelling, and its boolean `exclusiveMaximum`, where the
    // 2020-12 form around them holds `1.0` an integer.
    let draft4 = Form::builder().resource(
        "https://example.com/four.json",
        r##"{"$schema":"http://json-schema.org/draft-04/schema#","type":"integer","maximum":5,"exclusiveMaximum":true}"##,
    );
    decides(
        draft4,
        r##"{"properties":{"old":{"$ref":"https://example.com/four.json"},"new":{"type":"integer"}}}"##,
        &[
            (r##"{"old":4,"new":1.0}"##, true),
            (r##"{"old":4.0}"##, false),
            (r##"{"old":5}"##, false),
        ],
    );
    // 2020-12's `prefixItems` and `$defs`, from a draft-04 form.
    let new = Form::builder().resource(
        "https://example.com/new.json",
        r##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{"s":{"type":"string"}},
            "prefixItems":[{"$ref":"#/$defs/s"}],"items":false}"##,
    );
    decides(
        new,
        r##"{"$schema":"http://json-schema.org/draft-04/schema#","properties":{"t":{"$ref":"https://example.com/new.json"}}}"##,
        &[
            (r##"{"t":["x"]}"##, true),
            (r##"{"t":[1]}"##, false),
            (r##"{"t":["x",1]}"##, false),
        ],
    );
}

#[test]
fn contains_evaluates_items_as_its_own_dialect_says() {
    // In 2020-12 an element `contains` matched is evaluated; in 2019-09 it is not.
    let embedded = |dialect: Dialect| {
        format!(
            r##"{{"$defs":{{"t":{{"$schema":"{}","$id":"https://example.com/t",
                "contains":{{"type":"string"}},"unevaluatedItems":false}}}},
                "$ref":"https://example.com/t"}}"##,
            dialect.uri()
        )
    };
    decides(
        Form::builder().default_dialect(Dialect::Draft2019_09),
        &embedded(Dialect::Draft2020_12),
        &[(r##"["a"]"##, true), (r##"["a",1]"##, false)],
    );
    decides(
        Form::builder(),
        &embedded(Dialect::Draft2019_09),
        &[(r##"["a"]"##, false), ("[]", false)],
    );
}

#[test]
fn another_dialect_only_at_a_resource_root() {
    let e = Form::compile(
        br##"{"properties":{"a":{"$schema":"http://json-schema.org/draft-07/schema#","type":"string"}}}"##,
    )
    .unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::UnsupportedDialect);
    assert_eq!(e.pointer(), "/properties/a/$schema");
    // The same dialect as around it is harmless anywhere.
    Form::compile(
        br##"{"properties":{"a":{"$schema":"https://json-schema.org/draft/2020-12/schema"}}}"##,
    )
    .unwrap();
    // draft-04..07 ignore an `$id` beside `$ref`: no resource root there.
    let e = Form::compile(
        br##"{"$defs":{"a":{"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://example.com/a","$ref":"#/definitions/b","definitions":{"b":{}}}}}"##,
    )
    .unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::UnsupportedDialect);
}

#[test]
fn a_ref_into_an_annotation_reads_that_value_as_a_schema() {
    decides(
        Form::builder(),
        r##"{"examples":[{"type":"string"}],"$ref":"#/examples/0"}"##,
        &[(r##""a""##, true), ("42", false)],
    );
    // A value that is no schema is refused where it is.
    let e = Form::compile(br##"{"examples":[3],"$ref":"#/examples/0"}"##).unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::NotASchema);
    assert_eq!(e.pointer(), "/examples/0");
    // And nothing is still nothing.
    let e = Form::compile(br##"{"examples":[],"$ref":"#/examples/0"}"##).unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::RefNotFound);
}

#[test]
fn forms_of_several_dialects_are_not_unrolled() {
    let form = Form::compile(
        br##"{"$defs":{"t":{"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://example.com/t",
            "type":"object","properties":{"next":{"$ref":"#"}}}},"$ref":"https://example.com/t"}"##,
    )
    .unwrap();
    let e = form.unroll(2).unwrap_err();
    assert_eq!(e.kind().name(), "not-unrollable");
    assert!(e.to_string().contains("more than one dialect"), "{e}");
}

#[test]
fn a_schema_beside_ref_in_draft_04_to_07_switches_nothing() {
    // draft-07 ignores `$schema` and `$id` beside `$ref`: they cannot make a resource of
    // another dialect, whose `$id` would change where the `$ref` resolves.
    let e = Form::compile(
        br##"{"$schema":"http://json-schema.org/draft-07/schema#","$id":"http://a/root.json",
            "definitions":{"s":{"$id":"http://a/t.json","type":"string"},"l":{"$id":"http://b/t.json"}},
            "properties":{"p":{"$ref":"t.json","$id":"http://b/x.json",
                "$schema":"https://json-schema.org/draft/2020-12/schema"}}}"##,
    )
    .unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::UnsupportedDialect);
    assert_eq!(e.pointer(), "/properties/p/$schema");
}

#[test]
fn a_value_read_as_a_schema_names_nothing() {
    // An anchor inside `default` is no anchor: were it one, `n` would bind to it and the
    // `$dynamicRef` would admit `{"v":1}`, which the form as written rejects.
    for naming in [
        r##"{"$dynamicAnchor":"n"}"##,
        r##"{"$anchor":"a"}"##,
        r##"{"$id":"http://x/inner"}"##,
        r##"{"$schema":"http://json-schema.org/draft-07/schema#"}"##,
    ] {
        let form = format!(
            r##"{{"$id":"http://x/root",
                "$defs":{{"unused":{{"$ref":"http://x/S#/default"}},
                  "S":{{"$id":"http://x/S","default":{naming},"$ref":"http://x/T"}},
                  "T":{{"$id":"http://x/T","$dynamicAnchor":"n","type":"object",
                        "properties":{{"v":{{"$dynamicRef":"#n"}}}}}}}},
                "$ref":"http://x/S"}}"##
        );
        let e = Form::compile(form.as_bytes()).unwrap_err();
        assert_eq!(e.kind().name(), "invalid-value", "{naming}: {e}");
        assert!(e.pointer().starts_with("/$defs/S/default/"), "{e}");
    }
}

#[test]
fn a_metaschema_the_form_holds_may_have_a_relative_id() {
    let form = decides(
        Form::builder(),
        r##"{"$id":"http://x/root","$schema":"http://x/m",
            "$defs":{"m":{"$id":"m","$schema":"https://json-schema.org/draft/2020-12/schema",
                "$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,
                    "https://json-schema.org/draft/2020-12/vocab/applicator":true}}},
            "properties":{"a":false}}"##,
        &[(r##"{"b":1}"##, true), (r##"{"a":1}"##, false)],
    );
    assert_eq!(form.dialect(), Dialect::Draft2020_12);
    // A dialect's metaschema cannot be registered in the other scheme either.
    let e = Form::builder()
        .resource("https://json-schema.org/draft-07/schema", "{}")
        .compile(b"{}")
        .unwrap_err();
    assert_eq!(e.kind().name(), "invalid-resource");
}
