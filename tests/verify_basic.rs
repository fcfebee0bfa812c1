//! Table-driven verdicts of compiled forms on bodies: each row is (name, form, body,
//! admitted?). All failures are collected before one assertion.

use formgate::{Form, Rejection, RejectionKind};
use serde_json::json;

const CASES: &[(&str, &str, &str, bool)] = &[
    ("accepts_true_schema", "true", r#"{"a":[1,2]}"#, true),
    ("rejects_false_schema", "false", "null", false),
    (
        "accepts_type_string",
        r#"{"type":"string"}"#,
        r#""x""#,
        true,
    ),
    (
        "rejects_type_string_on_number",
        r#"{"type":"string"}"#,
        "1",
        false,
    ),
    ("accepts_integer_1_0", r#"{"type":"integer"}"#, "1.0", true),
    ("rejects_integer_1_5", r#"{"type":"integer"}"#, "1.5", false),
    ("accepts_integer_1e2", r#"{"type":"integer"}"#, "1e2", true),
    (
        "rejects_max_exact",
        r#"{"maximum":9007199254740992}"#,
        "9007199254740993",
        false,
    ),
    (
        "accepts_max_exact",
        r#"{"maximum":9007199254740992}"#,
        "9007199254740992",
        true,
    ),
    (
        "accepts_multiple_of_0_1",
        r#"{"multipleOf":0.1}"#,
        "0.3",
        true,
    ),
    (
        "rejects_multiple_of_0_1",
        r#"{"multipleOf":0.1}"#,
        "0.35",
        false,
    ),
    (
        "accepts_huge_exp_max",
        r#"{"maximum":1e401}"#,
        "1e400",
        true,
    ),
    (
        "rejects_huge_exp_max",
        r#"{"maximum":1e399}"#,
        "1e400",
        false,
    ),
    (
        "accepts_required",
        r#"{"required":["a"]}"#,
        r#"{"a":1}"#,
        true,
    ),
    (
        "rejects_required",
        r#"{"required":["a"]}"#,
        r#"{"b":1}"#,
        false,
    ),
    (
        "accepts_required_non_object",
        r#"{"required":["a"]}"#,
        "[]",
        true,
    ),
    (
        "rejects_additional_false",
        r#"{"properties":{"a":{}},"additionalProperties":false}"#,
        r#"{"a":1,"b":2}"#,
        false,
    ),
    (
        "accepts_additional_false",
        r#"{"properties":{"a":{}},"additionalProperties":false}"#,
        r#"{"a":1}"#,
        true,
    ),
    (
        "rejects_additional_schema",
        r#"{"additionalProperties":{"type":"string"}}"#,
        r#"{"a":1}"#,
        false,
    ),
    (
        "rejects_nested_property",
        r#"{"properties":{"a":{"properties":{"b":{"type":"string"}}}}}"#,
        r#"{"a":{"b":1}}"#,
        false,
    ),
    (
        "accepts_nested_property",
        r#"{"properties":{"a":{"properties":{"b":{"type":"string"}}}}}"#,
        r#"{"a":{"b":"x"}}"#,
        true,
    ),
    (
        "accepts_items",
        r#"{"items":{"type":"integer"}}"#,
        "[1,2,3]",
        true,
    ),
    (
        "rejects_items",
        r#"{"items":{"type":"integer"}}"#,
        "[1,2,\"x\"]",
        false,
    ),
    (
        "accepts_prefix_items",
        r#"{"prefixItems":[{"type":"string"}],"items":false}"#,
        r#"["a"]"#,
        true,
    ),
    (
        "rejects_prefix_items_extra",
        r#"{"prefixItems":[{"type":"string"}],"items":false}"#,
        r#"["a",1]"#,
        false,
    ),
    ("rejects_min_items", r#"{"minItems":2}"#, "[1]", false),
    ("rejects_max_items", r#"{"maxItems":1}"#, "[1,2]", false),
    (
        "accepts_min_length_code_points",
        r#"{"minLength":2}"#,
        r#""éé""#,
        true,
    ),
    (
        "rejects_max_length_code_points",
        r#"{"maxLength":1}"#,
        r#""éé""#,
        false,
    ),
    (
        "accepts_max_length_non_bmp",
        r#"{"maxLength":1}"#,
        r#""💩""#,
        true,
    ),
    (
        "accepts_anyof",
        r#"{"anyOf":[{"type":"string"},{"type":"integer"}]}"#,
        "1",
        true,
    ),
    (
        "rejects_anyof",
        r#"{"anyOf":[{"type":"string"},{"type":"integer"}]}"#,
        "1.5",
        false,
    ),
    (
        "rejects_oneof_both",
        r#"{"oneOf":[{"type":"integer"},{"minimum":0}]}"#,
        "1",
        false,
    ),
    (
        "accepts_oneof_one",
        r#"{"oneOf":[{"type":"integer"},{"minimum":2}]}"#,
        "1",
        true,
    ),
    (
        "rejects_allof",
        r#"{"allOf":[{"type":"integer"},{"minimum":2}]}"#,
        "1",
        false,
    ),
    (
        "accepts_anyof_objects",
        r#"{"anyOf":[{"required":["a"]},{"required":["b"]}]}"#,
        r#"{"b":1}"#,
        true,
    ),
    (
        "rejects_anyof_objects",
        r#"{"anyOf":[{"required":["a"]},{"required":["b"]}]}"#,
        r#"{"c":1}"#,
        false,
    ),
    (
        "rejects_oneof_objects",
        r#"{"oneOf":[{"required":["a"]},{"required":["b"]}]}"#,
        r#"{"a":1,"b":1}"#,
        false,
    ),
    (
        "accepts_ref_recursion",
        r##"{"$defs":{"n":{"type":"object","properties":{"c":{"type":"array","items":{"$ref":"#/$defs/n"}}},"additionalProperties":false}},"$ref":"#/$defs/n"}"##,
        r#"{"c":[{"c":[]},{}]}"#,
        true,
    ),
    (
        "rejects_ref_recursion",
        r##"{"$defs":{"n":{"type":"object","properties":{"c":{"type":"array","items":{"$ref":"#/$defs/n"}}},"additionalProperties":false}},"$ref":"#/$defs/n"}"##,
        r#"{"c":[{"c":[{"x":1}]}]}"#,
        false,
    ),
    (
        "accepts_enum_scalar",
        r#"{"enum":["a",1,null]}"#,
        "1.0",
        true,
    ),
    (
        "rejects_enum_scalar",
        r#"{"enum":["a",1,null]}"#,
        "2",
        false,
    ),
    (
        "accepts_enum_object",
        r#"{"enum":[{"a":[1,{"b":2}]}]}"#,
        r#"{"a":[1.0,{"b":2}]}"#,
        true,
    ),
    (
        "rejects_enum_object_extra",
        r#"{"enum":[{"a":1}]}"#,
        r#"{"a":1,"b":2}"#,
        false,
    ),
    (
        "rejects_enum_object_missing",
        r#"{"enum":[{"a":1,"b":2}]}"#,
        r#"{"a":1}"#,
        false,
    ),
    (
        "accepts_enum_object_reordered",
        r#"{"enum":[{"a":1,"b":2}]}"#,
        r#"{"b":2,"a":1}"#,
        true,
    ),
    (
        "rejects_enum_array_short",
        r#"{"const":[1,2]}"#,
        "[1]",
        false,
    ),
    (
        "rejects_enum_array_long",
        r#"{"const":[1,2]}"#,
        "[1,2,3]",
        false,
    ),
    (
        "accepts_const_nested",
        r#"{"properties":{"x":{"const":[[],{}]}}}"#,
        r#"{"x":[[],{}]}"#,
        true,
    ),
    ("rejects_duplicate_key", r#"{}"#, r#"{"a":1,"a":2}"#, false),
    ("accepts_pattern", r#"{"pattern":"^a+$"}"#, r#""aaa""#, true),
    (
        "rejects_pattern",
        r#"{"pattern":"^a+$"}"#,
        r#""aab""#,
        false,
    ),
    (
        "accepts_format_date",
        r#"{"format":"date"}"#,
        r#""2024-02-29""#,
        true,
    ),
    (
        "rejects_format_date",
        r#"{"format":"date"}"#,
        r#""2023-02-29""#,
        false,
    ),
];

#[test]
fn renders_enum_and_const_as_written() {
    let form = r#"{"enum":3,"const":3}"#;
    assert!(Form::compile(form.as_bytes()).is_err());
    let form = r#"{"enum":[3,4],"const":3.0}"#;
    assert_eq!(Form::compile(form.as_bytes()).unwrap().schema_json(), form);
}

#[test]
fn verdicts() {
    let filter = std::env::var("FORMGATE_TEST_FILTER").unwrap_or_default();
    let mut failures = Vec::new();
    for &(name, form, body, admitted) in CASES {
        if !name.contains(&filter) {
            continue;
        }
        let form = match Form::compile(form.as_bytes()) {
            Ok(f) => f,
            Err(e) => {
                failures.push(format!("{name}: form does not compile: {e}"));
                continue;
            }
        };
        let got = form.verify(body.as_bytes());
        if got.is_ok() != admitted {
            failures.push(format!("{name}: expected admitted={admitted}, got {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `Rejection::to_json` parsed back: exactly the members the kind has, each equal to
/// what the accessors say, by the stable names.
fn rejection_json(r: &Rejection) -> serde_json::Map<String, serde_json::Value> {
    let text = r.to_json();
    let v: serde_json::Value = serde_json::from_str(&text).expect("to_json is JSON");
    let object = v.as_object().expect("an object").clone();
    let mut want = serde_json::Map::new();
    want.insert("kind".into(), json!(r.kind().name()));
    match r.kind() {
        RejectionKind::Malformed(k) => {
            want.insert("reason".into(), json!(k.name()));
        }
        RejectionKind::NotAdmitted { keyword } => {
            want.insert("keyword".into(), json!(keyword.name()));
        }
        _ => {}
    }
    if let Some(limit) = r.kind().limit() {
        want.insert("limit".into(), json!(limit));
    }
    want.insert("offset".into(), json!(r.offset()));
    want.insert("pointer".into(), json!(r.pointer()));
    if let Some(fp) = r.form_pointer() {
        want.insert("formPointer".into(), json!(fp));
    }
    if let Some(d) = r.detail() {
        want.insert("detail".into(), json!(d));
    }
    assert_eq!(object, want, "{text}");
    assert!(
        object.keys().eq(want.keys()),
        "in the documented order: {text}"
    );
    assert_eq!(serde_json::to_string(&v).unwrap(), text, "compact");
    object
}

#[test]
fn rejections_as_json_escape_every_pointer() {
    let form = Form::compile(br#"{"additionalProperties":false}"#).unwrap();
    // The name is `a"b\c~d/eé` and a U+0001; its pointer escapes `~` and `/`.
    let body = "{\"a\\\"b\\\\c~d/e\u{e9}\\u0001\":1}";
    let r = form.verify(body.as_bytes()).unwrap_err();
    assert_eq!(r.pointer(), "/a\"b\\c~0d~1e\u{e9}\u{1}");
    let object = rejection_json(&r);
    assert_eq!(object["kind"], "not-admitted");
    assert_eq!(object["keyword"], "additionalProperties");
    assert_eq!(object["pointer"], "/a\"b\\c~0d~1e\u{e9}\u{1}");
    assert_eq!(object["formPointer"], "/additionalProperties");
    assert_eq!(object["offset"], 1);
    // Non-ASCII stays UTF-8; what JSON requires is escaped.
    let text = r.to_json();
    assert!(
        text.contains(r#""pointer":"/a\"b\\c~0d~1eé\u0001""#),
        "{text}"
    );
}

#[test]
fn rejections_as_json_by_kind() {
    let form = Form::builder()
        .max_bytes(64)
        .compile(br#"{"type":"array","items":{"type":"integer","maximum":300}}"#)
        .unwrap();
    let r = form.verify(&[b' '; 65]).unwrap_err();
    let object = rejection_json(&r);
    assert_eq!(
        (&object["kind"], &object["limit"]),
        (&json!("too-large"), &json!(64))
    );
    let deep = Form::builder().max_depth(2).compile(b"true").unwrap();
    let r = deep.verify(b"[[[1]]]").unwrap_err();
    let object = rejection_json(&r);
    assert_eq!(
        (&object["kind"], &object["reason"], &object["limit"]),
        (&json!("malformed"), &json!("too-deep"), &json!(2))
    );
    let r = form.verify(b"[1,]").unwrap_err();
    let object = rejection_json(&r);
    assert_eq!(object["reason"], "trailing-comma");
    assert!(!object.contains_key("limit") && !object.contains_key("keyword"));
    let r = form.verify(b"false").unwrap_err();
    assert_eq!(rejection_json(&r)["keyword"], "type");
    let r = Form::compile(b"false").unwrap().verify(b"{}").unwrap_err();
    let object = rejection_json(&r);
    assert_eq!(
        (&object["keyword"], &object["formPointer"]),
        (&json!("false"), &json!(""))
    );
    // Admitted, but 300 is no u8: the deserializer's message is the detail.
    let r = form.verify_into::<Vec<u8>>(b"[1,300]").unwrap_err();
    let object = rejection_json(&r);
    assert_eq!(object["kind"], "unrepresentable");
    assert!(
        object["detail"].as_str().is_some_and(|d| !d.is_empty()),
        "{object:?}"
    );
}
