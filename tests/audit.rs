//! `Form::audit`: one test per rule (portable and per profile), the exact bounds of
//! small forms, and two properties:
//!
//! 1. `max size` and `max depth` are upper bounds: no admitted body's compact
//!    serialization is longer, and none nests deeper (generated forms and bodies, and a
//!    family of bounded forms with bodies built to be as large as they allow, control
//!    characters and all).
//! 2. An audit that proves nothing admitted (`max size: 0 bytes`) is right: every body
//!    is rejected.

use formgate::audit::{Audit, Bound, Profile, Rule};
use formgate::json::Value;
use formgate::{Form, Limits};
use formgate_testkit::{self as testkit, config, Rng, J};
use proptest::prelude::*;
use proptest::sample::select;

fn audit_with(form: &str, profile: Profile) -> Audit {
    Form::compile(form.as_bytes())
        .unwrap_or_else(|e| panic!("{form}: {e}"))
        .audit(profile)
}

fn audit(form: &str) -> Audit {
    audit_with(form, Profile::Portable)
}

/// The findings as `(rule, pointer)` pairs.
fn found(a: &Audit) -> Vec<(Rule, String)> {
    a.findings()
        .iter()
        .map(|f| (f.rule(), f.pointer().to_owned()))
        .collect()
}

/// The pointers at which `rule` is reported.
fn at(a: &Audit, rule: Rule) -> Vec<String> {
    a.findings()
        .iter()
        .filter(|f| f.rule() == rule)
        .map(|f| f.pointer().to_owned())
        .collect()
}

fn has(a: &Audit, rule: Rule, pointer: &str) -> bool {
    at(a, rule).iter().any(|p| p == pointer)
}

fn clean(form: &str) {
    let a = audit(form);
    assert!(a.is_clean(), "{form}:\n{a}");
}

// ---------------------------------------------------------------------------
// The served example

#[test]
fn accepts_the_served_tree_form_under_every_profile_but_anthropic() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/tree.form.json"
    ))
    .unwrap();
    for profile in [Profile::Portable, Profile::OpenAi] {
        let a = audit_with(&text, profile);
        assert!(a.is_clean(), "{profile:?}:\n{a}");
        assert_eq!(a.max_depth(), Bound::Finite(8));
        assert!(a.max_size().finite().is_some());
    }
    let a = audit_with(&text, Profile::Anthropic);
    assert!(a
        .findings()
        .iter()
        .all(|f| f.rule() == Rule::AnthropicBoundNotEnforced));
    assert!(has(
        &a,
        Rule::AnthropicBoundNotEnforced,
        "/$defs/text/properties/text/maxLength"
    ));
}

// ---------------------------------------------------------------------------
// unbounded-string

#[test]
fn rejects_unbounded_string() {
    let a = audit(r#"{"type":"string","minLength":2}"#);
    assert_eq!(found(&a), [(Rule::UnboundedString, String::new())]);
    assert_eq!(a.max_size(), Bound::Unbounded);
}

#[test]
fn rejects_string_with_an_unbounded_format() {
    for f in ["date-time", "time", "duration"] {
        let a = audit(&format!(r#"{{"type":"string","format":"{f}"}}"#));
        assert_eq!(at(&a, Rule::UnboundedString), [""], "{f}");
    }
}

#[test]
fn accepts_strings_bounded_by_length_enum_const_or_format() {
    clean(r#"{"type":"string","maxLength":8}"#);
    clean(r#"{"enum":["a","b"]}"#);
    clean(r#"{"const":"x"}"#);
    for f in ["date", "email", "hostname", "ipv4", "ipv6", "uuid"] {
        clean(&format!(r#"{{"type":"string","format":"{f}"}}"#));
    }
}

#[test]
fn accepts_string_bounded_by_a_conjunct() {
    clean(r#"{"type":"string","maxLength":5,"anyOf":[{"minLength":1},{"pattern":"a"}]}"#);
    clean(r#"{"allOf":[{"type":"string"},{"maxLength":5}]}"#);
    clean(r##"{"$ref":"#/$defs/s","maxLength":4,"$defs":{"s":{"type":"string"}}}"##);
}

#[test]
fn rejects_unbounded_string_in_the_branch_that_admits_it() {
    let a = audit(r#"{"anyOf":[{"type":"string"},{"type":"null"}]}"#);
    assert_eq!(found(&a), [(Rule::UnboundedString, "/anyOf/0".to_owned())]);
    let a = audit(r##"{"$ref":"#/$defs/s","$defs":{"s":{"type":"string"}}}"##);
    assert_eq!(found(&a), [(Rule::UnboundedString, "/$defs/s".to_owned())]);
}

#[test]
fn accepts_branches_whose_kind_the_enclosing_type_excludes() {
    // The branches admit any string on their own; the instance is an integer.
    let a = audit(r#"{"type":"integer","anyOf":[{"minimum":1},{"maximum":-1}]}"#);
    assert!(a.is_clean(), "{a}");
    assert_eq!(a.max_depth(), Bound::Finite(0));
}

// ---------------------------------------------------------------------------
// unbounded-array

#[test]
fn rejects_unbounded_array() {
    let a = audit(r#"{"type":"array","items":{"enum":[true]}}"#);
    assert_eq!(found(&a), [(Rule::UnboundedArray, String::new())]);
    assert_eq!(a.max_depth(), Bound::Finite(1));
}

#[test]
fn accepts_arrays_bounded_by_max_items_or_closed_prefix_items() {
    clean(r#"{"type":"array","maxItems":3,"items":{"const":1}}"#);
    clean(r#"{"type":"array","prefixItems":[{"const":"a"},{"type":"null"}],"items":false}"#);
}

#[test]
fn rejects_array_elements_without_items() {
    let a = audit(r#"{"type":"array","maxItems":2}"#);
    assert_eq!(
        found(&a),
        [
            (Rule::UnboundedString, "/items".to_owned()),
            (Rule::UnboundedArray, "/items".to_owned()),
            (Rule::OpenObject, "/items".to_owned()),
        ]
    );
}

// ---------------------------------------------------------------------------
// open-object

#[test]
fn rejects_open_object() {
    let a = audit(r#"{"type":"object","properties":{"a":{"const":1}}}"#);
    assert_eq!(found(&a), [(Rule::OpenObject, String::new())]);
    assert_eq!(a.max_size(), Bound::Unbounded);
}

#[test]
fn rejects_additional_properties_schema() {
    let a = audit(r#"{"type":"object","additionalProperties":{"type":"string","maxLength":2}}"#);
    assert_eq!(found(&a), [(Rule::OpenObject, String::new())]);
    assert!(a.findings()[0].message().contains("additionalProperties"));
}

#[test]
fn rejects_any_value_member() {
    let a =
        audit(r#"{"type":"object","properties":{"a":true,"b":{}},"additionalProperties":false}"#);
    for p in ["/properties/a", "/properties/b"] {
        for rule in [
            Rule::UnboundedString,
            Rule::UnboundedArray,
            Rule::OpenObject,
        ] {
            assert!(has(&a, rule, p), "{rule} at {p}:\n{a}");
        }
    }
    assert_eq!(a.findings().len(), 6, "{a}");
}

#[test]
fn accepts_closed_objects_and_enumerated_values() {
    clean(
        r#"{"type":"object","properties":{"a":{"type":"boolean"}},"additionalProperties":false}"#,
    );
    // An unsatisfiable additionalProperties closes the object too.
    let a = audit(
        r#"{"type":"object","additionalProperties":{"type":"string","minLength":3,"maxLength":1}}"#,
    );
    assert!(at(&a, Rule::OpenObject).is_empty(), "{a}");
    // An enum fixes the whole value, members included.
    clean(r#"{"enum":[{"a":"x"}],"properties":{"a":{"type":"string"}}}"#);
}

// ---------------------------------------------------------------------------
// one-of

#[test]
fn rejects_one_of() {
    let a = audit(r#"{"oneOf":[{"const":"a"},{"const":"b"}]}"#);
    assert_eq!(found(&a), [(Rule::OneOf, "/oneOf".to_owned())]);
}

#[test]
fn accepts_any_of() {
    clean(r#"{"anyOf":[{"const":"a"},{"const":"b"}]}"#);
}

// ---------------------------------------------------------------------------
// unbounded-recursion

const TREE: &str = r##"{"$defs":{"node":{"type":"object","properties":{"v":{"type":"string","maxLength":3},"kids":{"type":"array","maxItems":2,"items":{"$ref":"#/$defs/node"}}},"required":["v"],"additionalProperties":false}},"$ref":"#/$defs/node"}"##;

#[test]
fn rejects_unbounded_recursion() {
    let a = audit(TREE);
    assert_eq!(
        found(&a),
        [(
            Rule::UnboundedRecursion,
            "/$defs/node/properties/kids/items/$ref".to_owned()
        )]
    );
    assert_eq!(a.max_depth(), Bound::Unbounded);
    assert_eq!(a.max_size(), Bound::Unbounded);
    let a = audit(r##"{"type":"array","maxItems":1,"items":{"$ref":"#"}}"##);
    assert_eq!(at(&a, Rule::UnboundedRecursion), ["/items/$ref"]);
}

#[test]
fn accepts_recursion_no_value_can_follow() {
    // The only recursive position is an element no array may have.
    let a = audit(
        r##"{"anyOf":[{"type":"null"},{"type":"array","maxItems":0,"items":{"$ref":"#"}}]}"##,
    );
    assert!(a.is_clean(), "{a}");
    assert_eq!(a.max_depth(), Bound::Finite(1));
    assert_eq!(a.max_size(), Bound::Finite(4));
}

// ---------------------------------------------------------------------------
// unsatisfiable

fn unsatisfiable(form: &str, pointer: &str) {
    let a = audit(form);
    assert!(
        has(&a, Rule::Unsatisfiable, pointer),
        "{form}: expected unsatisfiable at {pointer:?}:\n{a}"
    );
}

#[test]
fn rejects_min_length_above_max_length() {
    unsatisfiable(r#"{"type":"string","minLength":5,"maxLength":3}"#, "");
    let a = audit(r#"{"type":"string","minLength":5,"maxLength":3}"#);
    assert_eq!(a.findings()[0].message(), "minLength 5 exceeds maxLength 3");
    assert_eq!(a.max_size(), Bound::Finite(0));
}

#[test]
fn rejects_lengths_a_format_cannot_have() {
    unsatisfiable(r#"{"type":"string","format":"uuid","maxLength":30}"#, "");
    unsatisfiable(r#"{"type":"string","format":"ipv4","minLength":16}"#, "");
    unsatisfiable(r#"{"type":"string","pattern":"a","maxLength":0}"#, "");
}

#[test]
fn rejects_empty_number_ranges() {
    unsatisfiable(r#"{"type":"number","minimum":5,"maximum":3}"#, "");
    unsatisfiable(r#"{"type":"number","minimum":1,"exclusiveMaximum":1}"#, "");
    unsatisfiable(
        r#"{"type":"number","exclusiveMinimum":1e0,"maximum":1.0}"#,
        "",
    );
    unsatisfiable(r#"{"type":"integer","minimum":0.2,"maximum":0.8}"#, "");
    unsatisfiable(
        r#"{"type":"integer","exclusiveMinimum":1,"exclusiveMaximum":2}"#,
        "",
    );
    unsatisfiable(
        r#"{"type":"number","minimum":3,"maximum":3,"multipleOf":2}"#,
        "",
    );
    unsatisfiable(
        r#"{"type":"integer","multipleOf":0.5,"minimum":0.5,"maximum":0.5}"#,
        "",
    );
    // Exact decimals: 2^53 + 1 is above 2^53.
    unsatisfiable(
        r#"{"type":"integer","minimum":9007199254740993,"maximum":9007199254740992}"#,
        "",
    );
}

#[test]
fn accepts_satisfiable_number_ranges() {
    let ok = [
        r#"{"type":"number","minimum":0.2,"maximum":0.8}"#,
        r#"{"type":"integer","minimum":0.5,"maximum":1.5}"#,
        r#"{"type":"integer","minimum":3,"maximum":3}"#,
        r#"{"type":"integer","exclusiveMinimum":1,"maximum":2}"#,
        r#"{"type":"integer","minimum":1e400,"maximum":1e401}"#,
    ];
    for form in ok {
        let a = audit(form);
        assert!(at(&a, Rule::Unsatisfiable).is_empty(), "{form}:\n{a}");
    }
}

#[test]
fn rejects_array_lengths_that_leave_nothing() {
    unsatisfiable(r#"{"type":"array","minItems":3,"maxItems":2}"#, "");
    unsatisfiable(
        r#"{"type":"array","prefixItems":[{},{}],"items":false,"minItems":3}"#,
        "",
    );
    unsatisfiable(
        r#"{"type":"array","prefixItems":[{},false],"minItems":2}"#,
        "",
    );
}

#[test]
fn rejects_required_member_the_schema_forbids() {
    unsatisfiable(
        r#"{"type":"object","properties":{"a":{}},"required":["b"],"additionalProperties":false}"#,
        "",
    );
    unsatisfiable(
        r#"{"type":"object","properties":{"a":false},"required":["a"]}"#,
        "",
    );
}

#[test]
fn rejects_types_no_conjunct_shares() {
    unsatisfiable(r#"{"allOf":[{"type":"string"},{"type":"integer"}]}"#, "");
    unsatisfiable(r#"{"type":"object","enum":["a",1]}"#, "");
    unsatisfiable(r#"{"type":"string","maxLength":1,"const":"ab"}"#, "");
}

#[test]
fn rejects_false_where_a_value_is_needed() {
    unsatisfiable(r#"{"allOf":[{"type":"null"},false]}"#, "/allOf/1");
    unsatisfiable(r#"{"anyOf":[{"type":"null"},false]}"#, "/anyOf/1");
}

#[test]
fn rejects_required_member_that_only_infinite_values_satisfy() {
    let form = r##"{"type":"object","properties":{"next":{"$ref":"#"}},"required":["next"]}"##;
    unsatisfiable(form, "");
    assert!(Form::compile(form.as_bytes())
        .unwrap()
        .verify(br#"{"next":{"next":{}}}"#)
        .is_err());
}

#[test]
fn accepts_false_where_it_forbids_an_optional_member() {
    clean(
        r#"{"type":"object","properties":{"a":false,"b":{"const":1}},"additionalProperties":false}"#,
    );
    clean(r#"{"type":"array","prefixItems":[{"const":1}],"items":false}"#);
}

// ---------------------------------------------------------------------------
// OpenAI

fn openai(form: &str) -> Audit {
    audit_with(form, Profile::OpenAi)
}

const CLOSED: &str = r#"{"type":"object","properties":{"a":{"type":"boolean"}},"required":["a"],"additionalProperties":false}"#;

#[test]
fn accepts_a_strict_openai_form() {
    let a = openai(CLOSED);
    assert!(a.is_clean(), "{a}");
}

#[test]
fn rejects_openai_root_not_object() {
    let a = openai(r#"{"type":"boolean"}"#);
    assert_eq!(found(&a), [(Rule::OpenAiRootNotObject, String::new())]);
    let a = openai(r#"{"type":["object","null"],"additionalProperties":false}"#);
    assert!(has(&a, Rule::OpenAiRootNotObject, ""), "{a}");
}

#[test]
fn rejects_openai_root_any_of() {
    let a = openai(&format!(r#"{{"anyOf":[{CLOSED},{CLOSED}]}}"#));
    assert!(has(&a, Rule::OpenAiRootAnyOf, "/anyOf"), "{a}");
}

#[test]
fn rejects_openai_not_required() {
    let a = openai(
        r#"{"type":"object","properties":{"a":{"type":"boolean"},"b":{"type":"null"}},"required":["a"],"additionalProperties":false}"#,
    );
    assert_eq!(
        found(&a),
        [(Rule::OpenAiNotRequired, "/properties/b".to_owned())]
    );
}

#[test]
fn rejects_openai_open_object_where_portable_is_silent() {
    // An enum fixes the value (portable is satisfied); OpenAI still wants `false`.
    let a = openai(r#"{"type":"object","enum":[{}]}"#);
    assert_eq!(found(&a), [(Rule::OpenAiOpenObject, String::new())]);
    // Where the portable rule reports it, OpenAI's does not repeat it.
    let a = openai(r#"{"type":"object"}"#);
    assert_eq!(found(&a), [(Rule::OpenObject, String::new())]);
}

#[test]
fn rejects_openai_all_of_and_prefix_items() {
    let a = openai(&format!(
        r#"{{"type":"object","properties":{{"p":{{"type":"array","prefixItems":[{{"type":"null"}}],"items":false}},"q":{{"allOf":[{CLOSED}]}}}},"required":["p","q"],"additionalProperties":false}}"#
    ));
    assert_eq!(
        found(&a),
        [
            (
                Rule::OpenAiPrefixItems,
                "/properties/p/prefixItems".to_owned()
            ),
            (Rule::OpenAiAllOf, "/properties/q/allOf".to_owned()),
        ]
    );
}

/// An object form nesting `levels` containers deep.
fn nested(levels: usize) -> String {
    let mut s = r#"{"type":"boolean"}"#.to_owned();
    for _ in 1..levels {
        s = format!(r#"{{"type":"array","maxItems":1,"items":{s}}}"#);
    }
    format!(
        r#"{{"type":"object","properties":{{"a":{s}}},"required":["a"],"additionalProperties":false}}"#
    )
}

#[test]
fn rejects_openai_too_deep() {
    let ten = openai(&nested(10));
    assert!(ten.is_clean(), "{ten}");
    assert_eq!(ten.max_depth(), Bound::Finite(10));
    let eleven = openai(&nested(11));
    assert_eq!(found(&eleven), [(Rule::OpenAiTooDeep, String::new())]);
}

#[test]
fn rejects_openai_too_many_properties() {
    let props = |n: usize| {
        let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        let schemas: Vec<String> = names
            .iter()
            .map(|n| format!(r#""{n}":{{"const":1}}"#))
            .collect();
        let required: Vec<String> = names.iter().map(|n| format!(r#""{n}""#)).collect();
        format!(
            r#"{{"type":"object","properties":{{{}}},"required":[{}],"additionalProperties":false}}"#,
            schemas.join(","),
            required.join(",")
        )
    };
    let a = openai(&props(5_000));
    assert!(a.is_clean(), "{}", a.findings()[0]);
    let a = openai(&props(5_001));
    assert_eq!(found(&a), [(Rule::OpenAiTooManyProperties, String::new())]);
}

#[test]
fn rejects_openai_too_many_enum_values() {
    let form = |n: usize| {
        let values: Vec<String> = (0..n).map(|i| format!(r#""v{i}""#)).collect();
        format!(
            r#"{{"type":"object","properties":{{"e":{{"enum":[{}]}}}},"required":["e"],"additionalProperties":false}}"#,
            values.join(",")
        )
    };
    assert!(openai(&form(1_000)).is_clean());
    let a = openai(&form(1_001));
    assert_eq!(found(&a), [(Rule::OpenAiTooManyEnumValues, String::new())]);
}

// ---------------------------------------------------------------------------
// Anthropic

#[test]
fn rejects_anthropic_bound_not_enforced() {
    let a = audit_with(
        r#"{"type":"object","properties":{"n":{"type":"integer","minimum":0,"multipleOf":2},"s":{"type":"string","maxLength":3},"l":{"type":"array","minItems":1,"maxItems":2,"items":{"const":0}}},"additionalProperties":false}"#,
        Profile::Anthropic,
    );
    assert_eq!(
        at(&a, Rule::AnthropicBoundNotEnforced),
        [
            "/properties/n/minimum",
            "/properties/n/multipleOf",
            "/properties/s/maxLength",
            "/properties/l/maxItems",
        ]
    );
}

#[test]
fn rejects_anthropic_recursion() {
    // Recursion no value can follow: portable is silent, Anthropic's decoder still refuses.
    let form =
        r##"{"anyOf":[{"type":"null"},{"type":"array","maxItems":0,"items":{"$ref":"#"}}]}"##;
    let a = audit_with(form, Profile::Anthropic);
    assert!(
        has(&a, Rule::AnthropicRecursion, "/anyOf/1/items/$ref"),
        "{a}"
    );
    // Where unbounded-recursion says so, Anthropic's rule does not repeat it.
    let a = audit_with(TREE, Profile::Anthropic);
    assert!(at(&a, Rule::AnthropicRecursion).is_empty(), "{a}");
    assert!(!at(&a, Rule::UnboundedRecursion).is_empty());
}

#[test]
fn accepts_anthropic_min_items_of_one() {
    let a = audit_with(
        r#"{"type":"array","prefixItems":[{"const":1}],"minItems":1,"items":false}"#,
        Profile::Anthropic,
    );
    assert!(a.is_clean(), "{a}");
}

// ---------------------------------------------------------------------------
// Names, reports, exact bounds

#[test]
fn accepts_rule_and_profile_names() {
    let names: Vec<&str> = Rule::ALL.iter().map(|r| r.as_str()).collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len());
    assert!(names.contains(&"unbounded-string"));
    assert!(names.contains(&"openai-not-required"));
    for r in Rule::ALL {
        let prefix = match r.profile() {
            Profile::OpenAi => "openai-",
            Profile::Anthropic => "anthropic-",
            Profile::Llguidance => "llguidance-",
            Profile::Xgrammar => "xgrammar-",
            Profile::Outlines => "outlines-",
            _ => "",
        };
        assert!(r.as_str().starts_with(prefix), "{r}");
    }
    for p in Profile::ALL {
        assert_eq!(Profile::from_name(p.name()), Some(p));
    }
    assert_eq!(Profile::from_name("OpenAI"), None);
}

#[test]
fn accepts_report_formats() {
    let a = audit(r#"{"type":"object","properties":{"a b":{"type":"string"}}}"#);
    let text = a.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "open-object # objects admit members of any name: no additionalProperties: false",
            "unbounded-string #/properties/a%20b strings of any length are admitted: no maxLength, enum, const or length-bounding format",
            "max depth: unbounded; max size: unbounded",
            a.memory_summary().as_str(),
        ]
    );
    assert_eq!(
        a.memory_summary(),
        format!(
            "memory: at most {} bytes per body byte + {} bytes",
            a.memory_per_byte(),
            a.memory_constant()
        )
    );
    let json = a.to_json();
    let v = formgate::json::parse(json.as_bytes(), &Limits::default()).unwrap();
    assert_eq!(v.get("profile").and_then(Value::as_str), Some("portable"));
    assert_eq!(v.get("max_size").and_then(Value::as_str), Some("unbounded"));
    let findings = v.get("findings").and_then(Value::as_array).unwrap();
    assert_eq!(
        findings[1].get("pointer").and_then(Value::as_str),
        Some("/properties/a b")
    );
    let bounded = audit(r#"{"const":"x"}"#);
    assert_eq!(bounded.summary(), "max depth: 0; max size: 3 bytes");
    assert!(bounded.to_json().ends_with(&format!(
        r#""max_depth":0,"max_size":3,"memory_per_byte":{},"memory_constant":{}}}"#,
        bounded.memory_per_byte(),
        bounded.memory_constant()
    )));
}

#[test]
fn accepts_exact_bounds_of_small_forms() {
    let cases: &[(&str, Bound, Bound)] = &[
        (r#"{"type":"null"}"#, Bound::Finite(4), Bound::Finite(0)),
        (r#"{"type":"boolean"}"#, Bound::Finite(5), Bound::Finite(0)),
        (
            r#"{"enum":[true,"a\"b",null]}"#,
            Bound::Finite(6),
            Bound::Finite(0),
        ),
        (
            r#"{"type":"string","maxLength":3}"#,
            Bound::Finite(20),
            Bound::Finite(0),
        ),
        (
            r#"{"type":"string","format":"uuid"}"#,
            Bound::Finite(38),
            Bound::Finite(0),
        ),
        (
            r#"{"type":"string","format":"email"}"#,
            Bound::Finite(510),
            Bound::Finite(0),
        ),
        (
            r#"{"type":"string","format":"ipv4","maxLength":9}"#,
            Bound::Finite(11),
            Bound::Finite(0),
        ),
        (
            r#"{"type":"integer","minimum":0,"maximum":9}"#,
            Bound::Unbounded,
            Bound::Finite(0),
        ),
        (r#"{"const":[1]}"#, Bound::Unbounded, Bound::Finite(1)),
        (
            r#"{"const":{"a":["b"]}}"#,
            Bound::Finite(11),
            Bound::Finite(2),
        ),
        (
            r#"{"type":"array","maxItems":3,"items":{"type":"null"}}"#,
            Bound::Finite(16),
            Bound::Finite(1),
        ),
        (
            r#"{"type":"array","prefixItems":[{"const":"ab"},{"type":"boolean"}],"items":false}"#,
            Bound::Finite(12),
            Bound::Finite(1),
        ),
        (
            r#"{"type":"object","properties":{"a":{"type":"null"},"b":{"const":[[]]},"c":false},"additionalProperties":false}"#,
            Bound::Finite(19),
            Bound::Finite(3),
        ),
        (
            // Two members at most, names of at most one code point (`"\u0001"`: 8
            // bytes), values `null`: `{` 2 × (8 + 1 + 4) `,` `}`.
            r#"{"type":"object","maxProperties":2,"propertyNames":{"maxLength":1},
                "additionalProperties":{"type":"null"}}"#,
            Bound::Finite(29),
            Bound::Finite(1),
        ),
        (
            r#"{"type":"object","maxProperties":2,"propertyNames":{"enum":["a","bc"]},
                "properties":{"a":{"type":"boolean"}},"additionalProperties":{"type":"null"}}"#,
            Bound::Finite(2 + 2 * (4 + 1 + 5) + 1),
            Bound::Finite(1),
        ),
        (
            r#"{"type":"object","maxProperties":2,"propertyNames":{"maxLength":1}}"#,
            Bound::Unbounded,
            Bound::Unbounded,
        ),
        (
            r#"{"anyOf":[{"type":"null"},{"type":"string","maxLength":1}]}"#,
            Bound::Finite(8),
            Bound::Finite(0),
        ),
        (
            r#"{"allOf":[{"type":"string","maxLength":9},{"maxLength":1}]}"#,
            Bound::Finite(8),
            Bound::Finite(0),
        ),
        (
            r#"{"type":["string","null"],"maxLength":0}"#,
            Bound::Finite(4),
            Bound::Finite(0),
        ),
    ];
    for &(form, size, depth) in cases {
        let a = audit(form);
        assert_eq!((a.max_size(), a.max_depth()), (size, depth), "{form}");
    }
}

// ---------------------------------------------------------------------------
// Property: the bounds are upper bounds

/// Check every accepted body against the audit's bounds (invariant 1), and that a form
/// proven empty accepts nothing (invariant 2).
fn check_bounds(form: &Form, a: &Audit, body: &[u8]) -> Result<(), TestCaseError> {
    if form.verify(body).is_err() {
        return Ok(());
    }
    prop_assert!(
        a.max_size() != Bound::Finite(0),
        "accepted though proven empty: {}",
        String::from_utf8_lossy(body)
    );
    let value = formgate::json::parse(body, &Limits::default()).expect("an accepted body parses");
    let size = value.to_string().len() as u64;
    let depth = value.depth() as u64;
    if let Bound::Finite(max) = a.max_size() {
        prop_assert!(size <= max, "size {size} > {max}: {value}");
    }
    if let Bound::Finite(max) = a.max_depth() {
        prop_assert!(depth <= max, "depth {depth} > {max}: {value}");
    }
    Ok(())
}

/// Strings that stress the compact serialization: control characters take six bytes,
/// quotes two, emoji four.
const WIDE: [&str; 7] = ["\u{1}", "\"", "\\", "😀", "é", "\n", "a"];

/// A schema whose values are all bounded: no numbers, closed objects, bounded arrays.
fn bounded_schema() -> BoxedStrategy<J> {
    let obj = |members: Vec<(&str, J)>| {
        J::Obj(
            members
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
        )
    };
    let leaf = prop_oneof![
        (0u32..5).prop_map(move |n| J::Obj(vec![
            ("type".into(), J::str("string")),
            ("maxLength".into(), J::Num(n.to_string())),
        ])),
        select(&["date", "email", "hostname", "ipv4", "ipv6", "uuid"][..]).prop_map(|f| J::Obj(
            vec![
                ("type".into(), J::str("string")),
                ("format".into(), J::str(f))
            ]
        )),
        Just(J::Obj(vec![("type".into(), J::str("null"))])),
        Just(J::Obj(vec![("type".into(), J::str("boolean"))])),
        Just(J::Obj(vec![
            (
                "type".into(),
                J::Arr(vec![J::str("string"), J::str("null")])
            ),
            ("maxLength".into(), J::num("2")),
        ])),
        Just(J::Obj(vec![(
            "enum".into(),
            J::Arr(vec![
                J::str("\u{1}\"x"),
                J::Null,
                J::Bool(false),
                J::Arr(vec![
                    J::str("é"),
                    J::Obj(vec![("k\n".into(), J::Bool(true))])
                ]),
            ])
        )])),
        Just(J::Obj(vec![("const".into(), J::str("😀\\"))])),
    ];
    leaf.prop_recursive(3, 24, 3, move |inner| {
        let names = select(&["a", "b\"", "\u{1f}", "é", "long name"][..]);
        prop_oneof![
            (inner.clone(), 0u32..4, proptest::option::of(0u32..2)).prop_map(
                move |(items, max, min)| {
                    let mut m = vec![
                        ("type", J::str("array")),
                        ("maxItems", J::Num(max.to_string())),
                        ("items", items),
                    ];
                    if let Some(min) = min {
                        m.push(("minItems", J::Num(min.to_string())));
                    }
                    obj(m)
                }
            ),
            (prop::collection::vec(inner.clone(), 1..3), any::<bool>()).prop_map(
                move |(prefix, extra)| {
                    let mut m = vec![("type", J::str("array")), ("prefixItems", J::Arr(prefix))];
                    if extra {
                        m.push(("items", J::Obj(vec![("type".into(), J::str("null"))])));
                        m.push(("maxItems", J::num("3")));
                    } else {
                        m.push(("items", J::Bool(false)));
                    }
                    obj(m)
                }
            ),
            (
                prop::collection::vec((names, inner.clone(), any::<bool>()), 0..4),
                any::<bool>()
            )
                .prop_map(move |(props, listed)| {
                    let mut seen: Vec<String> = Vec::new();
                    let mut ps = Vec::new();
                    let mut req = Vec::new();
                    for (n, s, r) in props {
                        if seen.iter().any(|x| x == n) {
                            continue;
                        }
                        seen.push(n.to_owned());
                        if r {
                            req.push(J::str(n));
                        }
                        ps.push((n.to_owned(), s));
                    }
                    let mut m = vec![
                        ("properties", J::Obj(ps)),
                        ("required", J::Arr(req)),
                        ("additionalProperties", J::Bool(false)),
                    ];
                    m.insert(0, ("type", J::str("object")));
                    if !listed {
                        m.retain(|(k, _)| *k != "required");
                    }
                    obj(m)
                }),
            // An open object that `maxProperties` and `propertyNames` bound.
            (0..4u64, 0..4u64, inner.clone()).prop_map(move |(max, len, value)| {
                obj(vec![
                    ("type", J::str("object")),
                    ("maxProperties", J::Num(max.to_string())),
                    (
                        "propertyNames",
                        obj(vec![("maxLength", J::Num(len.to_string()))]),
                    ),
                    ("additionalProperties", value),
                ])
            }),
            (
                select(&["anyOf", "allOf", "oneOf"][..]),
                prop::collection::vec(inner, 1..3)
            )
                .prop_map(|(k, bs)| J::Obj(vec![(k.to_owned(), J::Arr(bs))])),
        ]
    })
    .boxed()
}

/// A value built to be as large as `s` lets it be, with random choices where it offers
/// some (and now and then a plain random value, to exercise rejections).
fn large_value(s: &J, r: &mut Rng, depth: u32) -> J {
    let J::Obj(_) = s else {
        return J::Null;
    };
    if depth == 0 {
        return J::Null;
    }
    if let Some(J::Arr(vs)) = s.get("enum") {
        return r.pick(vs).clone();
    }
    if let Some(c) = s.get("const") {
        return c.clone();
    }
    for k in ["anyOf", "allOf", "oneOf"] {
        if let Some(J::Arr(bs)) = s.get(k) {
            let b = r.pick(bs).clone();
            return large_value(&b, r, depth - 1);
        }
    }
    let types: Vec<String> = match s.get("type") {
        Some(J::Str(t)) => vec![t.clone()],
        Some(J::Arr(ts)) => ts
            .iter()
            .filter_map(|t| match t {
                J::Str(t) => Some(t.clone()),
                _ => None,
            })
            .collect(),
        _ if s.get("properties").is_some() => vec!["object".to_owned()],
        _ => vec!["null".to_owned()],
    };
    let count = |k: &str| match s.get(k) {
        Some(J::Num(n)) => n.parse::<usize>().ok(),
        _ => None,
    };
    match r.pick(&types).as_str() {
        "string" => {
            if let Some(J::Str(f)) = s.get("format") {
                let samples: Vec<&str> = testkit::FORMATS
                    .iter()
                    .filter(|x| x.name == f.as_str())
                    .flat_map(|x| x.samples.iter().copied())
                    .collect();
                return J::str(r.pick::<&str>(&samples));
            }
            let n = count("maxLength").unwrap_or(3);
            J::Str((0..n).map(|_| *r.pick(&WIDE)).collect())
        }
        "boolean" => J::Bool(r.chance(0.5)),
        "array" => {
            let prefix: Vec<J> = match s.get("prefixItems") {
                Some(J::Arr(p)) => p.clone(),
                _ => Vec::new(),
            };
            let n = count("maxItems").unwrap_or(prefix.len());
            let items = s.get("items").cloned().unwrap_or(J::Bool(true));
            J::Arr(
                (0..n)
                    .map(|i| match prefix.get(i) {
                        Some(p) => large_value(p, r, depth - 1),
                        None => large_value(&items, r, depth - 1),
                    })
                    .collect(),
            )
        }
        "object" => {
            let J::Obj(props) = s.get("properties").cloned().unwrap_or(J::Obj(Vec::new())) else {
                return J::Null;
            };
            let mut members = Vec::new();
            for (k, p) in &props {
                if r.chance(0.9) {
                    members.push((k.clone(), large_value(p, r, depth - 1)));
                }
            }
            if let (Some(max), Some(J::Obj(_))) = (count("maxProperties"), s.get("propertyNames")) {
                // As many members as allowed, with the longest names of the widest
                // characters (distinct: a counter in the first character).
                let len = s
                    .get("propertyNames")
                    .and_then(|n| n.get("maxLength"))
                    .and_then(|n| match n {
                        J::Num(n) => n.parse::<usize>().ok(),
                        _ => None,
                    })
                    .unwrap_or(3);
                let extra = s
                    .get("additionalProperties")
                    .cloned()
                    .unwrap_or(J::Bool(true));
                for i in 0..max {
                    if len == 0 && i > 0 {
                        break;
                    }
                    let mut name: String = WIDE[i % WIDE.len()].to_owned();
                    name.extend((1..len).map(|_| *r.pick(&WIDE)));
                    if len == 0 {
                        name.clear();
                    }
                    members.push((name, large_value(&extra, r, depth - 1)));
                }
            }
            J::Obj(members)
        }
        _ => J::Null,
    }
}

proptest! {
    #![proptest_config(config("audit", 256))]

    /// Invariants 1 and 2 on forms of the whole vocabulary and bodies aimed at them.
    #[test]
    fn bounds_hold_for_generated_forms((form, bodies) in testkit::form_and_bodies(&testkit::FULL)) {
        let text = form.compact();
        let compiled = Form::compile(text.as_bytes()).unwrap();
        let a = compiled.audit(Profile::Portable);
        for b in &bodies {
            check_bounds(&compiled, &a, b.as_bytes())?;
        }
        // Every profile audits every form without trouble.
        for p in [Profile::OpenAi, Profile::Anthropic] {
            let other = compiled.audit(p);
            prop_assert_eq!((other.max_size(), other.max_depth()), (a.max_size(), a.max_depth()));
        }
    }

    /// Invariant 1 where bounds are finite, with bodies as large as the form allows.
    #[test]
    fn bounds_hold_for_bounded_forms(schema in bounded_schema(), seeds in prop::collection::vec(any::<u64>(), 8)) {
        let text = schema.compact();
        let compiled = Form::compile(text.as_bytes()).unwrap();
        let a = compiled.audit(Profile::Portable);
        prop_assert!(a.max_size().finite().is_some(), "{}: {}", text, a);
        prop_assert!(a.max_depth().finite().is_some(), "{}: {}", text, a);
        for seed in seeds {
            let mut r = Rng::new(seed);
            let large = large_value(&schema, &mut r, 8).compact();
            check_bounds(&compiled, &a, large.as_bytes())?;
            let aimed = testkit::body_text(&schema, &testkit::FULL, seed);
            check_bounds(&compiled, &a, aimed.as_bytes())?;
        }
    }
}

// ---------------------------------------------------------------------------
// Vocabulary v2: conditions narrow, never widen; patternProperties opens names

#[test]
fn rejects_pattern_properties_as_open_names_even_without_additional_properties() {
    let form = r#"{"type":"object","additionalProperties":false,
        "patternProperties":{"^x-":{"type":"string","maxLength":4}}}"#;
    let a = audit(form);
    assert!(has(&a, Rule::OpenObject, ""), "{a}");
    assert!(a.to_string().contains("patternProperties"), "{a}");
    assert_eq!(a.max_size(), Bound::Unbounded);
}

#[test]
fn accepts_objects_that_max_properties_and_property_names_bound() {
    let form = r#"{"type":"object","maxProperties":3,"propertyNames":{"maxLength":4},
        "additionalProperties":{"type":"string","maxLength":2}}"#;
    let a = audit(form);
    assert!(at(&a, Rule::OpenObject).is_empty(), "{a}");
    assert_eq!(
        a.max_size(),
        Bound::Finite(2 + 3 * ((6 * 4 + 2) + 1 + (6 * 2 + 2)) + 2)
    );
    // Without either keyword the object stays open.
    for open in [
        r#"{"type":"object","propertyNames":{"maxLength":4},"additionalProperties":{"const":1}}"#,
        r#"{"type":"object","maxProperties":3,"additionalProperties":{"type":"null"}}"#,
        r#"{"type":"object","maxProperties":3,"propertyNames":{"pattern":"^a$"},
            "additionalProperties":{"type":"null"}}"#,
    ] {
        let a = audit(open);
        assert!(has(&a, Rule::OpenObject, ""), "{open}: {a}");
        assert_eq!(a.max_size(), Bound::Unbounded, "{open}");
    }
}

#[test]
fn accepts_a_required_name_that_only_a_pattern_admits_as_satisfiable() {
    // `additionalProperties: false` alone would make the required member impossible;
    // the pattern admits it, so the form is satisfiable and not reported.
    let form = r#"{"type":"object","required":["x-a"],"additionalProperties":false,
        "patternProperties":{"^x-":{"type":"null"}}}"#;
    let a = audit(form);
    assert!(at(&a, Rule::Unsatisfiable).is_empty(), "{a}");
}

#[test]
fn accepts_conditions_without_reporting_what_they_exclude() {
    // `not` and `if` hold conditions, not admitted values: an unbounded string under
    // them is no finding, and the bounds stay those of the admitted values.
    let form = r#"{"type":"string","maxLength":8,"not":{"type":"string"},
        "if":{"type":"string"},"then":{"maxLength":4}}"#;
    let a = audit(form);
    assert!(at(&a, Rule::UnboundedString).is_empty(), "{a}");
    assert_eq!(a.max_size(), Bound::Finite(6 * 8 + 2));
}

#[test]
fn accepts_conditions_and_names_them_where_a_bound_is_unknowable() {
    // The conditions would bound the string; the audit says so rather than guess.
    let form = r#"{"type":"object","additionalProperties":false,
        "properties":{"a":{"type":"string","not":{"minLength":4}},
                      "b":{"type":"string","maxLength":1,"not":{"const":"x"}}},
        "dependentSchemas":{"a":{"maxProperties":1}}}"#;
    let a = audit(form);
    assert_eq!(a.max_size(), Bound::Unbounded);
    assert_eq!(a.conditions(), ["", "/properties/a", "/properties/b"]);
    assert!(
        a.summary()
            .ends_with("not narrowed by the conditions at #, #/properties/a, #/properties/b"),
        "{}",
        a.summary()
    );
    assert!(a
        .to_json()
        .contains(r#""conditions":["","/properties/a","/properties/b"]"#));
    // Where both bounds are finite, no condition is named.
    let finite =
        audit(r#"{"type":"string","maxLength":8,"if":{"minLength":2},"then":{"maxLength":4}}"#);
    assert_eq!(finite.max_size(), Bound::Finite(6 * 8 + 2));
    assert!(finite.conditions().is_empty());
    assert!(finite.to_json().contains(r#""conditions":[]"#));
}

#[test]
fn rejects_unbounded_values_in_then_and_dependent_schemas() {
    let form = r#"{"type":"object","additionalProperties":false,
        "properties":{"a":{"type":"string","maxLength":2}},
        "if":{"required":["a"]},"then":{"properties":{"a":{"type":"array"}}}}"#;
    let a = audit(form);
    assert!(!a.is_clean(), "{a}");
}
