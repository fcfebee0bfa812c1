//! Checks that need no suite data.

use super::*;

pub(crate) fn decisions_file_is_well_formed() {
    // Runs without the suite: format errors and duplicates are caught everywhere.
    let mut failures = Vec::new();
    decisions(&mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

pub(crate) fn classifier_reads_design_vocabulary() {
    use serde_json::json;
    let d = Draft::D2020;
    assert!(classify(&json!({"properties": {"propertiez": {}}}), d).is_empty());
    assert!(classify(&json!({"enum": [{"if": 1}], "default": {"$ref": "x"}}), d).is_empty());
    assert!(classify(&json!({"unevaluatedItems": true}), d).is_empty());
    assert_eq!(
        classify(&json!({"unevaluatedItems": true}), Draft::D7),
        ["keyword unevaluatedItems outside draft-07"]
    );
    assert!(classify(&json!({"if": {}, "not": {"contains": {}}}), d).is_empty());
    assert!(classify(
        &json!({"$defs": {"a~/b": true}, "$ref": "#/$defs/a~0~1b"}),
        d
    )
    .is_empty());
    assert!(classify(&json!({"$defs": {"a%b": true}, "$ref": "#/$defs/a%25b"}), d).is_empty());
    assert_eq!(
        classify(&json!({"$ref": "#/$defs/x"}), d),
        ["$ref to nothing"]
    );
    assert_eq!(
        classify(&json!({"$ref": "#foo"}), d),
        ["$ref to an anchor nothing defines"]
    );
    assert!(classify(
        &json!({"$defs": {"a": {"$anchor": "foo"}}, "$ref": "#foo"}),
        d
    )
    .is_empty());
    // An embedded resource: its own `#/...` pointers start at its root.
    assert!(classify(
        &json!({"$defs": {"a": {"$id": "a.json", "$defs": {"b": {}}, "$ref": "#/$defs/b"}}}),
        d
    )
    .is_empty());
    assert_eq!(
        classify(
            &json!({"$defs": {"a": {"$id": "a.json", "$ref": "#/$defs/a"}}}),
            d
        ),
        ["$ref to nothing"]
    );
    assert!(classify(
        &json!({"$defs": {"a": {"$id": "a.json"}}, "$ref": "a.json"}),
        d
    )
    .is_empty());
    assert_eq!(
        classify(&json!({"$ref": "http://localhost:1234/a.json"}), d),
        ["$ref to another document"]
    );
    assert!(classify(&json!({"pattern": "a(?=b)(?<!c)"}), d).is_empty());
    assert_eq!(
        classify(&json!({"pattern": "(a)\\1"}), d),
        ["pattern with backreference"]
    );
    assert!(classify(&json!({"pattern": "\\\\1[(?=]"}), d).is_empty());
    assert!(classify(&json!({"items": {"$id": "x"}}), d).is_empty());
    assert_eq!(
        classify(&json!({"items": {"$id": "x#a"}}), d),
        ["$id with a fragment"]
    );
    assert!(classify(&json!({"definitions": {}}), d).is_empty());
    let d7 = Draft::D7;
    assert!(classify(
        &json!({"definitions": {"a": {}}, "$ref": "#/definitions/a"}),
        d7
    )
    .is_empty());
    assert_eq!(
        classify(&json!({"$ref": "#", "type": "string"}), d7),
        ["$ref with sibling keywords in draft-07"]
    );
    assert!(classify(&json!({"items": [{}], "additionalItems": false}), d7).is_empty());
    assert!(classify(&json!({"dependencies": {"a": ["b"], "c": {}}}), d7).is_empty());
    assert_eq!(
        classify(&json!({"$defs": {}}), d7),
        ["keyword $defs outside draft-07"]
    );
    let d4 = Draft::D4;
    assert_eq!(
        classify(&json!({"const": 1}), d4),
        ["keyword const outside draft-04"]
    );
    assert_eq!(
        classify(&json!({"not": true}), d4),
        ["boolean schema in draft-04"]
    );
    assert!(classify(&json!({"id": "x", "additionalProperties": false}), d4).is_empty());
    assert!(classify(&json!({"items": {"id": "x"}}), d4).is_empty());
    assert!(classify(
        &json!({"items": {"id": "#a"}, "allOf": [{"$ref": "#a"}]}),
        d4
    )
    .is_empty());
    let d19 = Draft::D2019;
    assert!(classify(&json!({"items": [{}], "additionalItems": {}}), d19).is_empty());
    assert_eq!(
        classify(&json!({"prefixItems": [{}]}), d19),
        ["keyword prefixItems outside 2019-09"]
    );
    assert!(classify(
        &json!({"$recursiveAnchor": true, "items": {"$recursiveRef": "#"}}),
        d19
    )
    .is_empty());
    assert_eq!(
        classify(&json!({"$dynamicRef": "#a"}), d19),
        ["keyword $dynamicRef outside 2019-09"]
    );
}

pub(crate) fn test_data_keeps_number_values() {
    // The runner re-serializes each test's data. With `arbitrary_precision` the digits of
    // every number reach formgate as written; only the exponent is respelled (`1E2` as
    // `1e+2`), which denotes the same decimal value.
    let text = "[1.0,1E2,-0,1e-5,9007199254740993,0.30000000000000004,1e308,-2.0]";
    let v: Value = serde_json::from_str(text).unwrap();
    assert_eq!(
        serde_json::to_string(&v).unwrap(),
        "[1.0,1e+2,-0,1e-5,9007199254740993,0.30000000000000004,1e+308,-2.0]"
    );
}
