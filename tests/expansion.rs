//! Values that many in-place subschemas apply to: a node too large for a plan is
//! expanded as a DAG, one instance per distinct node however many paths reach it
//! (`src/verify/general/expand.rs`). The verdicts must be those of the tree of paths, checked
//! here against the `jsonschema` crate on forms whose definitions each apply the next
//! one along two paths (2^levels paths), in every role an in-place edge can have.

use formgate::__fuzz::general_verify;
use formgate::Form;
use formgate_testkit::oracle::{jsonschema_admits, jsonschema_validator};

/// A chain of `levels` definitions, each applying the next twice through `shape`
/// (`{next}` is replaced by a `$ref` to the next definition), ending in `leaf`; the
/// root applies the first and adds `root` (a JSON object's members, or nothing).
fn chain(levels: usize, shape: &str, leaf: &str, root: &str) -> String {
    let mut defs = Vec::new();
    for i in 0..levels {
        let next = format!(r##"{{"$ref":"#/$defs/d{}"}}"##, i + 1);
        defs.push(format!(r#""d{i}":{}"#, shape.replace("{next}", &next)));
    }
    defs.push(format!(r#""d{levels}":{leaf}"#));
    let sep = if root.is_empty() { "" } else { "," };
    format!(
        r##"{{"$defs":{{{}}},"$ref":"#/$defs/d0"{sep}{root}}}"##,
        defs.join(",")
    )
}

const SHAPES: &[&str] = &[
    r#"{"allOf":[{next},{next}]}"#,
    r#"{"anyOf":[{next},{next}]}"#,
    r#"{"oneOf":[{next},{next}]}"#,
    r#"{"oneOf":[{next},{"not":{next}}]}"#,
    r#"{"allOf":[{next}],"anyOf":[{next},{"type":"string"}]}"#,
    r#"{"if":{next},"then":{next},"else":{"required":["q"]}}"#,
    r#"{"$ref":"{any}","allOf":[{next}]}"#,
    r#"{"dependentSchemas":{"a":{next}},"allOf":[{next}]}"#,
    r#"{"not":{"not":{next}},"anyOf":[{next}]}"#,
];

const LEAVES: &[&str] = &[
    r#"{"properties":{"a":{"type":"integer"}},"required":["a"]}"#,
    r#"{"properties":{"a":{"maximum":3}}}"#,
    r#"{"type":"object","maxProperties":2}"#,
    r#"{"properties":{"b":{"type":"string"}},"patternProperties":{"^c":true}}"#,
];

const ROOTS: &[&str] = &[
    "",
    r#""unevaluatedProperties":false"#,
    r#""minProperties":1"#,
];

const BODIES: &[&str] = &[
    "{}",
    r#"{"a":1}"#,
    r#"{"a":5}"#,
    r#"{"a":"x"}"#,
    r#"{"a":1,"b":"s"}"#,
    r#"{"a":1,"b":2}"#,
    r#"{"a":1,"c":2,"d":3}"#,
    r#"{"b":"s","c":null}"#,
    r#"{"q":1}"#,
    r#""s""#,
    "[1]",
    "7",
];

#[test]
fn shared_instances_decide_as_every_path_would() {
    let mut checked = 0;
    for levels in [2, 6] {
        for shape in SHAPES {
            // `{any}`: a definition that admits everything, beside the chain.
            let shape_defs = shape.replace("{any}", "#/$defs/any");
            for leaf in LEAVES {
                for root in ROOTS {
                    let mut text = chain(levels, &shape_defs, leaf, root);
                    text = text.replacen(r#""$defs":{"#, r#""$defs":{"any":true,"#, 1);
                    let form =
                        Form::compile(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
                    let oracle = jsonschema_validator(&text);
                    for body in BODIES {
                        let expected = jsonschema_admits(&oracle, body.as_bytes());
                        let general = general_verify(&form, body.as_bytes());
                        assert_eq!(general.is_ok(), expected, "{text}\n{body}: {general:?}");
                        assert_eq!(form.verify(body.as_bytes()), general, "{text}\n{body}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(
        checked,
        2 * SHAPES.len() * LEAVES.len() * ROOTS.len() * BODIES.len()
    );
}

/// Twelve levels are 2^13 paths to the leaf on every value: expanded as a tree, a
/// 20,000-member body meant 2^13 instances per member and, with
/// `unevaluatedProperties`, a bit per member and instance (minutes and hundreds of MB;
/// with `minProperties` alone, minutes). As a DAG it is thirteen instances.
#[test]
fn a_fan_out_of_paths_costs_its_distinct_nodes() {
    let body = format!(
        "{{{}}}",
        (0..20_000)
            .map(|i| format!(r#""x{i}":1"#))
            .collect::<Vec<_>>()
            .join(",")
    );
    for root in [
        r#""unevaluatedProperties":{"type":"integer"}"#,
        r#""minProperties":1"#,
    ] {
        let text = chain(
            12,
            r#"{"allOf":[{next},{next}]}"#,
            r#"{"properties":{"x":{}}}"#,
            root,
        );
        let form = Form::builder()
            .max_bytes(1 << 20)
            .compile(text.as_bytes())
            .unwrap();
        assert_eq!(general_verify(&form, body.as_bytes()), Ok(()), "{root}");
        let bad = body.replacen(r#""x7":1"#, r#""x7":"s""#, 1);
        let rejected = general_verify(&form, bad.as_bytes());
        assert_eq!(rejected.is_err(), root.contains("unevaluated"), "{root}");
    }
}
