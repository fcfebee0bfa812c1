//! `unevaluatedProperties` and `unevaluatedItems` at their edges
//! (`src/verify/general/unevaluated.rs`): what counts as evaluated, and that annotations of
//! failing subschemas are dropped.

use formgate::{Form, Keyword, RejectionKind};

fn form(text: &str) -> Form {
    Form::compile(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn verdicts(text: &str, admitted: &[&str], rejected: &[&str]) {
    let f = form(text);
    for body in admitted {
        assert!(
            f.verify(body.as_bytes()).is_ok(),
            "{text}\n{body} should be admitted"
        );
        // Every path agrees: accept, verify_into, the streaming verifier byte by byte.
        assert!(f.accept(body.as_bytes()).is_ok(), "{body}");
        assert!(
            f.verify_into::<serde::de::IgnoredAny>(body.as_bytes())
                .is_ok(),
            "{body}"
        );
        let mut v = f.verifier();
        for b in body.as_bytes() {
            v.feed(std::slice::from_ref(b)).unwrap();
        }
        assert!(v.finish().is_ok(), "{body}");
    }
    for body in rejected {
        let e = f
            .verify(body.as_bytes())
            .expect_err(&format!("{text}\n{body} should be rejected"));
        assert_eq!(f.accept(body.as_bytes()).err(), Some(e.clone()), "{body}");
        assert_eq!(
            f.verify_into::<serde::de::IgnoredAny>(body.as_bytes())
                .err(),
            Some(e.clone()),
            "{body}"
        );
    }
}

#[test]
fn adjacent_keywords_evaluate() {
    let text = r#"{"properties":{"a":true},"patternProperties":{"^x-":true},"unevaluatedProperties":false}"#;
    verdicts(
        text,
        &[r#"{"a":1,"x-b":2}"#, "{}", "[]"],
        &[r#"{"a":1,"b":2}"#],
    );
    // With additionalProperties every member is evaluated.
    verdicts(
        r#"{"additionalProperties":{"type":"integer"},"unevaluatedProperties":false}"#,
        &[r#"{"z":1}"#],
        &[r#"{"z":"s"}"#],
    );
    // A schema, not only false: unevaluated members meet it.
    verdicts(
        r#"{"properties":{"a":true},"unevaluatedProperties":{"type":"string"}}"#,
        &[r#"{"a":1,"b":"x"}"#],
        &[r#"{"a":1,"b":2}"#],
    );
}

#[test]
fn failing_branches_evaluate_nothing() {
    // `b` is evaluated only by the second branch; where it fails, `b` is unevaluated.
    let text = r#"{"anyOf":[{"properties":{"a":{"type":"integer"}}},
        {"properties":{"b":{"type":"integer"}},"required":["b"]}],
      "unevaluatedProperties":false}"#;
    verdicts(
        text,
        &[r#"{"a":1}"#, r#"{"b":1}"#, r#"{"a":1,"b":2}"#],
        &[r#"{"a":1,"b":"x"}"#, r#"{"c":1}"#],
    );
    // oneOf: only the passing branch counts.
    verdicts(
        r#"{"oneOf":[{"properties":{"k":{"const":"a"},"x":true},"required":["k"]},
            {"properties":{"k":{"const":"b"},"y":true},"required":["k"]}],
          "unevaluatedProperties":false}"#,
        &[r#"{"k":"a","x":1}"#, r#"{"k":"b","y":1}"#],
        &[r#"{"k":"a","y":1}"#, r#"{"k":"b","x":1}"#],
    );
    // `not` never evaluates.
    verdicts(
        r#"{"not":{"properties":{"a":{"type":"string"}},"required":["a"]},"unevaluatedProperties":false}"#,
        &["{}"],
        &[r#"{"a":1}"#],
    );
}

#[test]
fn conditional_and_dependent_subschemas_evaluate_when_they_apply() {
    // `if` evaluates when it passes, `then` only then, `else` only otherwise.
    let text = r#"{"if":{"properties":{"k":{"const":"a"}},"required":["k"]},
        "then":{"properties":{"x":true}},"else":{"properties":{"y":true}},
        "unevaluatedProperties":false}"#;
    // Where `if` fails, what it evaluated (`k`) is dropped too.
    verdicts(
        text,
        &[r#"{"k":"a","x":1}"#, r#"{"y":1}"#],
        &[
            r#"{"k":"a","y":1}"#,
            r#"{"k":"b","x":1}"#,
            r#"{"k":"b","y":1}"#,
        ],
    );
    // A lone `if` decides nothing, but what it evaluates counts when it passes.
    verdicts(
        r#"{"if":{"properties":{"a":{"type":"string"}}},"unevaluatedProperties":false}"#,
        &[r#"{"a":"s"}"#],
        &[r#"{"a":1}"#],
    );
    // dependentSchemas: only when the member is present.
    verdicts(
        r#"{"properties":{"t":true},"dependentSchemas":{"t":{"properties":{"u":true}}},
          "unevaluatedProperties":false}"#,
        &[r#"{"t":1,"u":2}"#, "{}"],
        &[r#"{"u":2}"#],
    );
}

#[test]
fn references_and_nesting() {
    // `$ref` beside it applies (2020-12), and what the target evaluated counts. This is
    // what schemars writes for `flatten` with `deny_unknown_fields`.
    let text = r##"{"$defs":{"base":{"properties":{"id":{"type":"integer"}},"required":["id"]}},
        "$ref":"#/$defs/base","properties":{"name":{"type":"string"}},
        "unevaluatedProperties":false}"##;
    verdicts(
        text,
        &[r#"{"id":1,"name":"n"}"#],
        &[r#"{"id":1,"extra":0}"#],
    );
    // A nested unevaluatedProperties that passes evaluated everything for its parent;
    // siblings in an allOf see nothing of each other.
    verdicts(
        r#"{"allOf":[{"properties":{"a":true}},{"unevaluatedProperties":true}],"unevaluatedProperties":false}"#,
        &[r#"{"a":1,"b":2}"#],
        &[],
    );
    verdicts(
        r#"{"allOf":[{"properties":{"a":true}},{"unevaluatedProperties":false}]}"#,
        &["{}"],
        &[r#"{"a":1}"#],
    );
    // Only the object's own members: a nested object is its own instance.
    verdicts(
        r#"{"properties":{"o":{"properties":{"p":true}}},"unevaluatedProperties":false}"#,
        &[r#"{"o":{"q":1}}"#],
        &[r#"{"o":{},"q":1}"#],
    );
}

#[test]
fn items_prefix_items_and_contains() {
    verdicts(
        r#"{"prefixItems":[{"type":"string"}],"unevaluatedItems":false}"#,
        &[r#"["a"]"#, "[]"],
        &[r#"["a",1]"#],
    );
    verdicts(
        r#"{"allOf":[{"prefixItems":[true,true]}],"unevaluatedItems":{"type":"integer"}}"#,
        &[r#"["a","b",1,2]"#],
        &[r#"["a","b","c"]"#],
    );
    // 2020-12: elements `contains` matched are evaluated; others are not.
    verdicts(
        r#"{"contains":{"type":"string"},"unevaluatedItems":{"type":"integer"}}"#,
        &[r#"["a",1,"b"]"#],
        &[r#"["a",1.5]"#, "[1]"],
    );
    // 2019-09: `contains` evaluates nothing.
    verdicts(
        r#"{"$schema":"https://json-schema.org/draft/2019-09/schema","contains":{"type":"string"},"unevaluatedItems":{"type":"integer"}}"#,
        &[],
        &[r#"["a",1]"#],
    );
    // 2019-09 spells prefixItems as array-form items.
    verdicts(
        r#"{"$schema":"https://json-schema.org/draft/2019-09/schema","items":[true],"unevaluatedItems":false}"#,
        &[r#"[1]"#],
        &[r#"[1,2]"#],
    );
}

#[test]
fn a_rejection_names_the_keyword_at_the_container_end() {
    let f = form(r#"{"properties":{"a":true},"unevaluatedProperties":false}"#);
    let body = br#"{"a":1,"b":2} "#;
    let e = f.verify(body).unwrap_err();
    assert_eq!(
        e.kind(),
        RejectionKind::NotAdmitted {
            keyword: Keyword::UnevaluatedProperties
        }
    );
    // Decided when the object closes: the offset is that of its `}`.
    assert_eq!(e.offset(), 12);
    assert_eq!(e.form_pointer(), Some("/unevaluatedProperties"));
}

#[test]
fn many_members_and_branches_stay_linear() {
    // 20,000 members, each evaluated by one of eight passing branches: the union of
    // what they evaluated is every member but one.
    let branches: Vec<String> = (0..8)
        .map(|i| format!(r#"{{"patternProperties":{{"^m{i}":{{"type":"integer"}}}}}}"#))
        .collect();
    let text = format!(
        r#"{{"anyOf":[{}],"unevaluatedProperties":false}}"#,
        branches.join(",")
    );
    let f = Form::builder()
        .max_bytes(1 << 22)
        .compile(text.as_bytes())
        .unwrap();
    let members: Vec<String> = (0..20_000)
        .map(|i| format!(r#""m{}_{i}":{i}"#, i % 8))
        .collect();
    let body = format!("{{{}}}", members.join(","));
    assert!(f.verify(body.as_bytes()).is_ok());
    let body = format!(r#"{{{},"z":0}}"#, members.join(","));
    let e = f.verify(body.as_bytes()).unwrap_err();
    assert_eq!(e.form_pointer(), Some("/unevaluatedProperties"));
    // A member no passing branch evaluated: its branch fails on its value.
    let body = format!(r#"{{{},"m5_x":"s"}}"#, members.join(","));
    assert!(f.verify(body.as_bytes()).is_err());
}

/// A form whose `$ref`s fan out to 2^13 instances on one value, each with a `then`
/// (deferred to its parent's end) or an owner of its own: a container's end visits
/// each instance's own entries, not every entry once per instance (which took seconds
/// per member, and would take days on a full body).
#[test]
fn wide_fan_outs_cost_their_size_once() {
    fn fan_out(leaf: &str) -> String {
        let mut defs: Vec<String> = (0..13)
            .map(|i| {
                format!(
                    r##""d{i}":{{"allOf":[{{"$ref":"#/$defs/d{n}"}},{{"$ref":"#/$defs/d{n}"}}]}}"##,
                    n = i + 1
                )
            })
            .collect();
        defs.push(format!(r#""d13":{leaf}"#));
        format!(
            r##"{{"$defs":{{{}}},"$ref":"#/$defs/d0","unevaluatedProperties":false}}"##,
            defs.join(",")
        )
    }
    let members: Vec<String> = (0..40).map(|i| format!(r#""k{i}":{i}"#)).collect();
    let body = format!("{{{}}}", members.join(","));
    // 2^13 deferred `then`s, each with what it evaluated.
    let f = Form::compile(
        fan_out(r#"{"if":true,"then":{"patternProperties":{"^k":true}}}"#).as_bytes(),
    )
    .unwrap();
    assert!(f.verify(body.as_bytes()).is_ok());
    assert!(f.verify(br#"{"k1":1,"z":2}"#).is_err());
    // 2^13 owners of their own.
    let f = Form::compile(fan_out(r#"{"unevaluatedProperties":{"type":"integer"}}"#).as_bytes())
        .unwrap();
    assert!(f.verify(body.as_bytes()).is_ok());
    assert!(f.verify(br#"{"k1":"s"}"#).is_err());
}
