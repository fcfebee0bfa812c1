//! `Form::unroll`: recursion bounded within the form.
//!
//! 1. Examples: the served tree form is the unrolling of its recursive original; the
//!    last level leaves the recursive alternative out; annotations, `$schema`, draft-07
//!    `definitions` and name clashes are handled; a form without cycles comes back
//!    unchanged; embedded resources, anchors (and draft-07 fragment ids), names that
//!    need escaping, `$ref`s into what the last level leaves out and discriminators'
//!    mappings give the form's verdicts within the levels.
//! 2. Property, on a family of recursive forms (trees and lists through `properties`,
//!    `items`, `prefixItems`, `anyOf`, mutual recursion, the root itself, definitions
//!    named by pointer, embedded `$id`, `$anchor` or both): the unrolled
//!    form compiles, audits as bounded, and accepts a body iff the original does and
//!    the body's recursion depth is at most `n`; the depth is computed by an
//!    independent evaluator written here.
//! 3. Property, on forms of the whole vocabulary: the unrolled form compiles, has no
//!    cycle left, admits nothing the original rejects (forms without `oneOf`), and
//!    unrolling it again changes nothing.

use formgate::audit::{Bound, Profile, Rule};
use formgate::json::{ParseErrorKind, Value};
use formgate::{Form, FormErrorKind, Limits};
use formgate_testkit::{self as testkit, config, Rng, J};
use proptest::prelude::*;
use proptest::sample::select;

fn compile(text: &str) -> Form {
    Form::compile(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A parsed value as a [`J`].
fn to_j(v: &Value<'_>) -> J {
    match v {
        Value::Null => J::Null,
        Value::Bool(b) => J::Bool(*b),
        Value::Number(n) => J::num(n.as_str()),
        Value::String(s) => J::Str(s.to_string()),
        Value::Array(items) => J::Arr(items.iter().map(to_j).collect()),
        Value::Object(m) => J::Obj(m.iter().map(|(k, v)| (k.to_string(), to_j(v))).collect()),
    }
}

fn parse_j(text: &str) -> J {
    to_j(&formgate::json::parse(text.as_bytes(), &Limits::default()).unwrap())
}

/// Whether the form has no `$ref` cycle at all (the Anthropic profile reports every
/// recursive `$ref`, followable or not).
fn acyclic(form: &Form) -> bool {
    form.audit(Profile::Anthropic).findings().iter().all(|f| {
        !matches!(
            f.rule(),
            Rule::AnthropicRecursion | Rule::UnboundedRecursion
        )
    })
}

// ---------------------------------------------------------------------------
// Examples

/// The served example, written with one recursive `node` instead of three levels.
const TREE_RECURSIVE: &str = r##"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Styled text",
  "type": "object",
  "properties": {
    "title": { "type": "string", "minLength": 1, "maxLength": 120 },
    "paragraphs": {
      "type": "array", "minItems": 1, "maxItems": 20,
      "items": { "$ref": "#/$defs/paragraph" }
    }
  },
  "required": ["title", "paragraphs"],
  "additionalProperties": false,
  "$defs": {
    "paragraph": { "type": "array", "minItems": 1, "maxItems": 40, "items": { "$ref": "#/$defs/node" } },
    "text": {
      "type": "object",
      "properties": { "text": { "type": "string", "minLength": 1, "maxLength": 2000 } },
      "required": ["text"],
      "additionalProperties": false
    },
    "style": { "enum": ["bold", "italic", "code", "underline", "strike"] },
    "styles": { "type": "array", "minItems": 1, "maxItems": 3, "items": { "$ref": "#/$defs/style" } },
    "node": {
      "description": "A run of text, or styled spans around more nodes.",
      "anyOf": [
        { "$ref": "#/$defs/text" },
        {
          "type": "object",
          "properties": {
            "style": { "$ref": "#/$defs/styles" },
            "children": { "type": "array", "minItems": 1, "maxItems": 20, "items": { "$ref": "#/$defs/node" } }
          },
          "required": ["style", "children"],
          "additionalProperties": false
        }
      ]
    }
  }
}"##;

fn served() -> (String, Form) {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/tree.form.json"
    ))
    .unwrap();
    let form = compile(&text);
    (text, form)
}

/// A document whose spans nest `depth` deep (1: plain text runs).
fn styled(depth: u32) -> String {
    let mut node = r#"{"text":"hi"}"#.to_owned();
    for _ in 1..depth {
        node = format!(r#"{{"style":["bold"],"children":[{node},{{"text":"x"}}]}}"#);
    }
    format!(r#"{{"title":"T","paragraphs":[[{node}]]}}"#)
}

#[test]
fn accepts_the_served_form_as_the_unrolling_of_its_original() {
    let original = compile(TREE_RECURSIVE);
    assert_eq!(
        original.audit(Profile::Portable).findings()[0].rule(),
        Rule::UnboundedRecursion
    );
    let unrolled = original.unroll(3).unwrap();
    let (served_text, served) = served();
    let a = unrolled.audit(Profile::Portable);
    assert!(a.is_clean(), "{a}");
    // The same findings and bounds on the values; the memory bound follows the
    // forms' layouts, which differ.
    let b = served.audit(Profile::Portable);
    assert_eq!(a.summary(), b.summary());
    assert_eq!(a.findings(), b.findings());

    // The levels: `node` on top, then `node_2`, then `node_1` with the styled branch
    // left out, which leaves the text alone.
    let s = parse_j(unrolled.schema_json());
    let defs = s.get("$defs").unwrap();
    assert_eq!(
        defs.get("node_1").unwrap().compact(),
        r##"{"description":"A run of text, or styled spans around more nodes.","anyOf":[{"$ref":"#/$defs/text"}]}"##
    );
    let node_2 = defs.get("node_2").unwrap().compact();
    assert!(
        node_2.contains(r##""items":{"$ref":"#/$defs/node_1"}"##),
        "{node_2}"
    );
    assert!(defs.get("node_3").is_none());

    for depth in 1..=5 {
        let body = styled(depth);
        assert!(original.verify(body.as_bytes()).is_ok(), "{body}");
        let expected = depth <= 3;
        assert_eq!(unrolled.verify(body.as_bytes()).is_ok(), expected, "{body}");
        assert_eq!(served.verify(body.as_bytes()).is_ok(), expected, "{body}");
    }
    // Bodies aimed at either form get the same verdict from both.
    let served_j = parse_j(&served_text);
    let original_j = parse_j(TREE_RECURSIVE);
    for seed in 0..2000u64 {
        let aim = if seed % 2 == 0 {
            &served_j
        } else {
            &original_j
        };
        let body = testkit::body_text(aim, &testkit::FULL, seed);
        assert_eq!(
            unrolled.verify(body.as_bytes()).is_ok(),
            served.verify(body.as_bytes()).is_ok(),
            "{body}"
        );
    }
}

#[test]
fn rejects_an_unrolling_larger_than_a_form() {
    let form = compile(TREE_RECURSIVE);
    let hundred = form.unroll(100).unwrap();
    assert!(acyclic(&hundred));
    // Found after about a mebibyte of copies, not four billion of them.
    let e = form.unroll(u32::MAX).unwrap_err();
    let FormErrorKind::Parse(p) = e.kind() else {
        panic!("{e}");
    };
    assert!(matches!(p.kind(), ParseErrorKind::TooLarge { .. }), "{e}");
}

#[test]
fn accepts_recursion_through_the_root() {
    let list = compile(
        r##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/list","title":"list","anyOf":[{"type":"null"},{"type":"array","prefixItems":[{"type":"boolean"},{"$ref":"#"}],"minItems":2,"items":false}],"$defs":{"unused":{"type":"string"}}}"##,
    );
    let two = list.unroll(2).unwrap();
    // The copy of the root drops `$schema`, `$id` and `$defs`; its recursive branch
    // is left out.
    assert_eq!(
        two.schema_json(),
        r##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/list","title":"list","anyOf":[{"type":"null"},{"type":"array","prefixItems":[{"type":"boolean"},{"$ref":"#/$defs/root_1"}],"minItems":2,"items":false}],"$defs":{"unused":{"type":"string"},"root_1":{"title":"list","anyOf":[{"type":"null"}]}}}"##
    );
    assert!(two.verify(b"null").is_ok());
    assert!(two.verify(b"[true,null]").is_ok());
    assert!(two.verify(b"[true,[false,null]]").is_err());
    assert!(list.verify(b"[true,[false,null]]").is_ok());
    assert_eq!(two.audit(Profile::Portable).max_depth(), Bound::Finite(1));
}

#[test]
fn accepts_depth_zero_and_one() {
    let tree = r##"{"$defs":{"node":{"type":"object","properties":{"kids":{"type":"array","maxItems":2,"items":{"$ref":"#/$defs/node"}}},"additionalProperties":false}},"$ref":"#/$defs/node"}"##;
    let form = compile(tree);
    let zero = form.unroll(0).unwrap();
    assert_eq!(
        zero.schema_json(),
        r##"{"$defs":{"node":false},"$ref":"#/$defs/node"}"##
    );
    assert!(zero.verify(b"{}").is_err());
    let one = form.unroll(1).unwrap();
    assert_eq!(
        one.schema_json(),
        r##"{"$defs":{"node":{"type":"object","properties":{"kids":{"type":"array","maxItems":2,"items":false}},"additionalProperties":false}},"$ref":"#/$defs/node"}"##
    );
    assert!(one.verify(br#"{"kids":[]}"#).is_ok());
    assert!(one.verify(br#"{"kids":[{}]}"#).is_err());
}

#[test]
fn accepts_forms_without_recursion_unchanged() {
    let (_, served) = served();
    assert_eq!(
        served.unroll(4).unwrap().schema_json(),
        served.schema_json()
    );
    let b = compile("true");
    assert_eq!(b.unroll(2).unwrap().schema_json(), "true");
}

#[test]
fn accepts_draft_07_definitions_and_name_clashes() {
    let form = compile(
        r##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a b":{"type":"array","maxItems":1,"items":{"$ref":"#/definitions/a%20b"}},"a_b_1":{"type":"null"}},"$ref":"#/definitions/a%20b"}"##,
    );
    let two = form.unroll(2).unwrap();
    assert_eq!(
        two.schema_json(),
        r##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a b":{"type":"array","maxItems":1,"items":{"$ref":"#/definitions/a_b__1"}},"a_b_1":{"type":"null"},"a_b__1":{"type":"array","maxItems":1,"items":false}},"$ref":"#/definitions/a%20b"}"##
    );
    assert!(two.verify(b"[[]]").is_ok());
    assert!(two.verify(b"[[[]]]").is_err());
}

/// draft-04 has boolean schemas only under `additionalProperties` and `additionalItems`:
/// a cut elsewhere is written as the schema that admits nothing, `{"not":{}}`.
#[test]
fn accepts_draft_04_cuts_written_without_booleans() {
    let form = compile(
        r##"{"$schema":"http://json-schema.org/draft-04/schema#","definitions":{"n":{"type":"array","maxItems":1,"items":{"$ref":"#/definitions/n"}}},"$ref":"#/definitions/n"}"##,
    );
    let two = form.unroll(2).unwrap();
    assert_eq!(
        two.schema_json(),
        r##"{"$schema":"http://json-schema.org/draft-04/schema#","definitions":{"n":{"type":"array","maxItems":1,"items":{"$ref":"#/definitions/n_1"}},"n_1":{"type":"array","maxItems":1,"items":{"not":{}}}},"$ref":"#/definitions/n"}"##
    );
    assert!(two.verify(b"[[]]").is_ok());
    assert!(two.verify(b"[[[]]]").is_err());
}

#[test]
fn accepts_mutual_recursion() {
    // An even number of nested arrays: `a` holds a `b`, `b` holds an `a` or nothing.
    let form = compile(
        r##"{"$defs":{"a":{"type":"array","minItems":1,"maxItems":1,"items":{"$ref":"#/$defs/b"}},"b":{"type":"array","maxItems":1,"items":{"$ref":"#/$defs/a"}}},"$ref":"#/$defs/a"}"##,
    );
    let three = form.unroll(3).unwrap();
    assert!(acyclic(&three));
    // `[[]]`: a, then b: 2 levels. `[[[[]]]]`: a b a b: 4 levels.
    assert!(three.verify(b"[[]]").is_ok());
    assert!(form.verify(b"[[[[]]]]").is_ok());
    assert!(three.verify(b"[[[[]]]]").is_err());
    // `a` must hold a `b`, which level 1 cannot reach: `a_1` is false.
    let s = parse_j(three.schema_json());
    assert_eq!(s.get("$defs").unwrap().get("a_1"), Some(&J::Bool(false)));
}

/// Unroll `text` to `depth` levels and check, per body, the original's verdict and the
/// unrolled form's: `(body, admitted by the form, admitted within depth levels)`.
fn unrolls_to(text: &str, depth: u32, cases: &[(&str, bool, bool)]) -> Form {
    let form = compile(text);
    let unrolled = form
        .unroll(depth)
        .unwrap_or_else(|e| panic!("{text} does not unroll: {e}"));
    let out = unrolled.schema_json();
    assert!(acyclic(&unrolled), "{out}");
    assert_eq!(unrolled.unroll(depth).unwrap().schema_json(), out);
    for &(body, original, within) in cases {
        assert_eq!(
            form.verify(body.as_bytes()).is_ok(),
            original,
            "{body} against {text}"
        );
        assert_eq!(
            unrolled.verify(body.as_bytes()).is_ok(),
            within,
            "{body} against {out}"
        );
    }
    unrolled
}

#[test]
fn accepts_recursion_through_an_embedded_resource_with_relative_refs() {
    // `#` and `#/$defs/leaf` inside `tree.json` name that resource's root and its own
    // `leaf` (a short string), not the form's (an integer).
    let text = r##"{"$id":"https://example.com/forms/root.json","type":"object",
      "properties":{"tree":{"$ref":"tree.json"},"n":{"$ref":"#/$defs/leaf"}},
      "$defs":{"leaf":{"type":"integer"},
        "tree":{"$id":"tree.json","type":"object",
          "properties":{"kids":{"type":"array","items":{"$ref":"#"}},"leaf":{"$ref":"#/$defs/leaf"}},
          "$defs":{"leaf":{"type":"string","maxLength":3}}}}}"##;
    let u = unrolls_to(
        text,
        2,
        &[
            (r#"{"n":1,"tree":{"leaf":"abc"}}"#, true, true),
            (r#"{"tree":{"kids":[{"leaf":"x"}]}}"#, true, true),
            (r#"{"tree":{"kids":[{"leaf":1}]}}"#, false, false),
            (r#"{"tree":{"kids":[{"kids":[]}]}}"#, true, true),
            (r#"{"tree":{"kids":[{"kids":[{}]}]}}"#, true, false),
            (r#"{"tree":{"leaf":"abcd"}}"#, false, false),
            (r#"{"n":"x"}"#, false, false),
        ],
    );
    let out = u.schema_json();
    // The root keeps its identifier; the embedded resource's is dropped with its copies.
    assert_eq!(out.matches("\"$id\"").count(), 1, "{out}");
    assert!(
        out.starts_with(r#"{"$id":"https://example.com/forms/root.json""#),
        "{out}"
    );
}

#[test]
fn accepts_anchor_refs_and_anchors_in_embedded_resources() {
    let text = r##"{"$ref":"#list",
      "$defs":{"list":{"$anchor":"list","anyOf":[{"type":"null"},
          {"type":"array","maxItems":2,"items":{"$ref":"item.json#it"}}]},
        "item":{"$id":"item.json","$anchor":"it","type":"object",
          "properties":{"next":{"$ref":"#it"},"tail":{"$ref":"root.json#list"}}}}}"##;
    // A relative `$id` resolves against the default base; `root.json` is not the form.
    let e = Form::compile(text.as_bytes()).unwrap_err();
    assert_eq!(e.kind(), &FormErrorKind::RemoteRef);
    let text = text.replace(
        "{\"$ref\":\"#list\",",
        "{\"$id\":\"https://example.com/root.json\",\"$ref\":\"#list\",",
    );
    unrolls_to(
        &text,
        3,
        &[
            ("null", true, true),
            ("[{}]", true, true),
            (r#"[{"next":{}}]"#, true, true),
            (r#"[{"next":{"next":{}}}]"#, true, false),
            (r#"[{"tail":null},{"tail":[]}]"#, true, true),
            (r#"[{"tail":[{}]}]"#, true, false),
            (r#"[{"tail":1}]"#, false, false),
            ("[1]", false, false),
        ],
    );
}

#[test]
fn accepts_draft_07_fragment_ids() {
    let text = r##"{"$schema":"http://json-schema.org/draft-07/schema#",
      "definitions":{"node":{"$id":"#node","type":"array","maxItems":2,"items":{"$ref":"#node"}}},
      "allOf":[{"$ref":"#node"}]}"##;
    let u = unrolls_to(
        text,
        2,
        &[
            ("[]", true, true),
            ("[[]]", true, true),
            ("[[[]]]", true, false),
            ("[1]", false, false),
        ],
    );
    assert!(!u.schema_json().contains("#node"), "{}", u.schema_json());
}

#[test]
fn accepts_refs_whose_pointer_needs_escaping() {
    // Names with `/`, `~`, `%`, a space and non-ASCII: the rewritten `$ref`s are RFC 6901
    // tokens, percent-encoded as a URI fragment.
    let text = r##"{"$id":"https://example.com/r.json","$ref":"#/$defs/a~1b~0c%25d%20%C3%A9",
      "$defs":{"a/b~c%d é":{"$id":"inner.json","type":"array","maxItems":2,
          "items":{"anyOf":[{"$ref":"#"},{"$ref":"r.json#/$defs/x%22y"}]}},
        "x\"y":{"type":"boolean"}}}"##;
    let u = unrolls_to(
        text,
        2,
        &[
            ("[true,[false]]", true, true),
            ("[[[]]]", true, false),
            ("[1]", false, false),
        ],
    );
    assert!(
        u.schema_json().contains(r##""$ref":"#/$defs/x%22y""##),
        "{}",
        u.schema_json()
    );
}

#[test]
fn accepts_refs_into_schemas_the_last_level_leaves_out() {
    // At depth 1 the object branch of `n` is left out, and the `$ref` into it (and the
    // one to a boolean schema) are given definitions of their own.
    let text = r##"{"type":"object","properties":{"x":{"$ref":"#/$defs/n"},
        "y":{"$ref":"#/$defs/n/anyOf/1/properties/s"},"z":{"$ref":"#/$defs/f"}},
      "$defs":{"f":false,"n":{"anyOf":[{"type":"null"},{"type":"object",
        "properties":{"a":{"$ref":"#/$defs/n"},"s":{"type":"string","maxLength":1}},"required":["a"]}]}}}"##;
    unrolls_to(
        text,
        1,
        &[
            (r#"{"x":null,"y":"a"}"#, true, true),
            (r#"{"x":{"a":null}}"#, true, false),
            (r#"{"y":"ab"}"#, false, false),
            (r#"{"z":1}"#, false, false),
        ],
    );
}

#[test]
fn accepts_discriminator_mappings_in_copies() {
    let text = r##"{"$ref":"#/$defs/shape","$defs":{
      "shape":{"oneOf":[{"$ref":"#/$defs/leaf"},{"$ref":"#/$defs/group"}],
        "discriminator":{"propertyName":"kind","mapping":{"leaf":"#/$defs/leaf","group":"#/$defs/group"}}},
      "leaf":{"type":"object","properties":{"kind":{"const":"leaf"}},"required":["kind"]},
      "group":{"type":"object","properties":{"kind":{"const":"group"},
        "items":{"type":"array","items":{"$ref":"#/$defs/shape"}}},"required":["kind"]}}}"##;
    unrolls_to(
        text,
        3,
        &[
            (r#"{"kind":"leaf"}"#, true, true),
            // shape, group, shape, leaf: three levels of the cycle shape → group.
            (r#"{"kind":"group","items":[{"kind":"leaf"}]}"#, true, true),
            (
                r#"{"kind":"group","items":[{"kind":"group","items":[]}]}"#,
                true,
                false,
            ),
            (r#"{"kind":"other"}"#, false, false),
        ],
    );
}

#[test]
fn accepts_discriminator_mappings_of_inline_branches() {
    // The mapping names inline branches by pointer; after unrolling it names the same
    // branches where they stand, and in a copy, where the last level prunes `b`, the
    // entries are left out.
    let text = r##"{"$defs":{"n":{"anyOf":[
        {"type":"object","required":["k"],"properties":{"k":{"const":"a"},"next":{"$ref":"#/$defs/n"}}},
        {"type":"object","required":["k","next"],"properties":{"k":{"const":"b"},"next":{"$ref":"#/$defs/n"}}}],
      "discriminator":{"propertyName":"k","mapping":{"a":"#/$defs/n/anyOf/0","b":"#/$defs/n/anyOf/1"}}}},
      "$ref":"#/$defs/n"}"##;
    let u = unrolls_to(
        text,
        2,
        &[
            (r#"{"k":"a"}"#, true, true),
            (r#"{"k":"a","next":{"k":"a"}}"#, true, true),
            (r#"{"k":"b","next":{"k":"a"}}"#, true, true),
            (
                r#"{"k":"b","next":{"k":"b","next":{"k":"a"}}}"#,
                true,
                false,
            ),
            (
                r#"{"k":"a","next":{"k":"a","next":{"k":"a"}}}"#,
                true,
                false,
            ),
            (r#"{"k":"c"}"#, false, false),
        ],
    );
    let out = u.schema_json();
    assert!(
        out.contains(r##""mapping":{"a":"#/$defs/n/anyOf/0","b":"#/$defs/n/anyOf/1"}"##),
        "{out}"
    );
}

/// A `not` over a `$ref` into a cycle: the cycle is cut at the last level, so the
/// `$ref` admits less there and its `not` would admit more; the schema holding the
/// `not` is left out instead.
#[test]
fn accepts_a_not_over_a_cycle_only_by_leaving_it_out() {
    let text = r##"{"$defs":{"n":{"type":"array","items":{"$ref":"#/$defs/n"}}},
      "properties":{"a":{"not":{"$ref":"#/$defs/n"}}}}"##;
    unrolls_to(
        text,
        1,
        &[
            ("{}", true, true),
            (r#"{"a":[[]]}"#, false, false),
            (r#"{"a":1}"#, true, false),
        ],
    );
}

// ---------------------------------------------------------------------------
// Property 2: a family of recursive forms, with an independent evaluator

/// A recursive form of the family, and whether its root is itself the recursion.
#[derive(Debug, Clone)]
struct Family {
    form: J,
    root_recursive: bool,
}

impl Family {
    /// The schema a `$ref` of the family names: `#` the root, else the definition
    /// `n{i}`, however the `$ref` names it (`#/$defs/n1`, `root.json#/$defs/n1`,
    /// `n1.json`, `root.json#n1`, `n1.json#a1`).
    fn target(&self, t: &str) -> &J {
        if t == "#" {
            return &self.form;
        }
        let b = t.as_bytes();
        let at = (0..b.len() - 1)
            .find(|&i| b[i] == b'n' && b[i + 1].is_ascii_digit())
            .unwrap_or_else(|| panic!("not a family $ref: {t}"));
        let digits: String = t[at + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        self.form
            .get("$defs")
            .and_then(|d| d.get(&format!("n{digits}")))
            .expect("defined")
    }
}

/// How the family names definition `n{i}`: by pointer, by an embedded resource
/// `n{i}.json`, by an anchor `n{i}` of the root resource, or by an anchor `a{i}` of the
/// embedded resource `n{i}.json`.
fn naming(i: usize, how: u8, ids: bool) -> (Vec<(String, J)>, String) {
    match (ids, how % 4) {
        (false, _) => (Vec::new(), format!("#/$defs/n{i}")),
        (true, 0) => (Vec::new(), format!("root.json#/$defs/n{i}")),
        (true, 1) => (
            vec![("$id".into(), J::Str(format!("n{i}.json")))],
            format!("n{i}.json"),
        ),
        (true, 2) => (
            vec![("$anchor".into(), J::Str(format!("n{i}")))],
            format!("root.json#n{i}"),
        ),
        _ => (
            vec![
                ("$id".into(), J::Str(format!("n{i}.json"))),
                ("$anchor".into(), J::Str(format!("a{i}"))),
            ],
            format!("n{i}.json#a{i}"),
        ),
    }
}

fn obj(members: Vec<(&str, J)>) -> J {
    J::Obj(
        members
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
    )
}

fn leaf() -> impl Strategy<Value = J> {
    prop_oneof![
        Just(obj(vec![
            ("type", J::str("string")),
            ("maxLength", J::num("2"))
        ])),
        Just(obj(vec![("enum", J::Arr(vec![J::str("x"), J::str("y")]))])),
        Just(obj(vec![("type", J::str("null"))])),
        Just(obj(vec![("type", J::str("boolean"))])),
    ]
}

/// A position holding the `$ref` `target`: directly, in an array, or optional by
/// `anyOf` with `null`.
fn child(target: String) -> impl Strategy<Value = J> {
    let r = obj(vec![("$ref", J::Str(target))]);
    let (a, b) = (r.clone(), r.clone());
    prop_oneof![
        Just(r),
        (1u32..3).prop_map(move |m| obj(vec![
            ("type", J::str("array")),
            ("maxItems", J::Num(m.to_string())),
            ("items", a.clone()),
        ])),
        Just(obj(vec![(
            "anyOf",
            J::Arr(vec![obj(vec![("type", J::str("null"))]), b])
        )])),
    ]
}

/// The recursive part of definition `i`: its first `$ref` names `first` (the ring),
/// a second one `second`.
fn container(first: String, second: String) -> BoxedStrategy<J> {
    let one = first.clone();
    prop_oneof![
        (
            leaf(),
            child(first.clone()),
            proptest::option::of(child(second)),
            any::<[bool; 3]>()
        )
            .prop_map(|(v, a, b, req)| {
                let mut props = vec![("v".to_owned(), v), ("a".to_owned(), a)];
                if let Some(b) = b {
                    props.push(("b".to_owned(), b));
                }
                let required: Vec<J> = props
                    .iter()
                    .zip(req)
                    .filter(|(_, r)| *r)
                    .map(|((n, _), _)| J::Str(n.clone()))
                    .collect();
                obj(vec![
                    ("type", J::str("object")),
                    ("properties", J::Obj(props)),
                    ("required", J::Arr(required)),
                    ("additionalProperties", J::Bool(false)),
                ])
            }),
        (1u32..4).prop_map(move |m| obj(vec![
            ("type", J::str("array")),
            ("maxItems", J::Num(m.to_string())),
            ("items", obj(vec![("$ref", J::Str(one.clone()))])),
        ])),
        (leaf(), 0u32..3).prop_map(move |(l, min)| obj(vec![
            ("type", J::str("array")),
            (
                "prefixItems",
                J::Arr(vec![l, obj(vec![("$ref", J::Str(first.clone()))])])
            ),
            ("items", J::Bool(false)),
            ("minItems", J::Num(min.to_string())),
        ])),
    ]
    .boxed()
}

/// Definition `i`: the container alone, or an `anyOf` of a leaf and the container,
/// with annotations now and then.
fn definition(first: String, second: String) -> BoxedStrategy<J> {
    (
        leaf(),
        container(first, second),
        0u32..3,
        proptest::option::of(select(&["A node.", "é \"q\""][..])),
    )
        .prop_map(|(l, c, shape, note)| {
            let mut d = match shape {
                0 => c,
                _ => obj(vec![("anyOf", J::Arr(vec![l, c]))]),
            };
            if let (Some(note), J::Obj(m)) = (note, &mut d) {
                m.insert(0, ("description".to_owned(), J::str(note)));
            }
            d
        })
        .boxed()
}

/// With `ids`, the root is the resource `root.json` and each definition is named
/// one of [`naming`]'s ways, so copies move schemas out of their resources.
fn family() -> BoxedStrategy<Family> {
    (
        1usize..=3,
        any::<bool>(),
        any::<[prop::sample::Index; 3]>(),
        any::<bool>(),
        any::<[u8; 3]>(),
    )
        .prop_flat_map(|(k, root_recursive, picks, ids, hows)| {
            let root_recursive = root_recursive && k == 1;
            let target = move |j: usize| {
                if root_recursive {
                    "#".to_owned()
                } else {
                    naming(j, hows[j], ids).1
                }
            };
            let defs: Vec<BoxedStrategy<J>> = (0..k)
                .map(|i| definition(target((i + 1) % k), target(picks[i].index(k))))
                .collect();
            defs.prop_map(move |defs| {
                let form = if root_recursive {
                    defs.into_iter().next().expect("one definition")
                } else {
                    let entries = defs
                        .into_iter()
                        .enumerate()
                        .map(|(i, mut d)| {
                            if let J::Obj(m) = &mut d {
                                for (n, member) in naming(i, hows[i], ids).0.into_iter().rev() {
                                    m.insert(0, (n, member));
                                }
                            }
                            (format!("n{i}"), d)
                        })
                        .collect();
                    let mut root = vec![("$ref", J::Str(target(0))), ("$defs", J::Obj(entries))];
                    if ids {
                        root.insert(0, ("$id", J::str("https://example.com/forms/root.json")));
                    }
                    obj(root)
                };
                Family {
                    form,
                    root_recursive,
                }
            })
        })
        .boxed()
}

/// The independent evaluator: `None` if `v` does not validate against `s`, else the
/// fewest recursive `$ref`s the deepest path of some validation takes. Every `$ref` of
/// the family is recursive except the root's entry `$ref` (`entry`).
fn rec(fam: &Family, s: &J, v: &J, entry: bool) -> Option<u32> {
    let members = match s {
        J::Bool(true) => return Some(0),
        J::Bool(false) => return None,
        J::Obj(m) => m,
        _ => panic!("not a schema: {s:?}"),
    };
    let mut worst = 0;
    for (k, x) in members {
        let r = match (k.as_str(), x) {
            ("type", J::Str(t)) => {
                let ok = matches!(
                    (t.as_str(), v),
                    ("null", J::Null)
                        | ("boolean", J::Bool(_))
                        | ("string", J::Str(_))
                        | ("array", J::Arr(_))
                        | ("object", J::Obj(_))
                );
                ok.then_some(0)
            }
            ("enum", J::Arr(vs)) => vs.contains(v).then_some(0),
            ("maxLength", J::Num(n)) => match v {
                J::Str(s) => (s.chars().count() <= n.parse().unwrap()).then_some(0),
                _ => Some(0),
            },
            ("maxItems", J::Num(n)) => match v {
                J::Arr(a) => (a.len() <= n.parse().unwrap()).then_some(0),
                _ => Some(0),
            },
            ("minItems", J::Num(n)) => match v {
                J::Arr(a) => (a.len() >= n.parse().unwrap()).then_some(0),
                _ => Some(0),
            },
            ("items", _) => match v {
                J::Arr(a) => {
                    let prefix = match s.get("prefixItems") {
                        Some(J::Arr(p)) => p.len(),
                        _ => 0,
                    };
                    a.iter()
                        .skip(prefix)
                        .try_fold(0, |acc, e| rec(fam, x, e, false).map(|r| acc.max(r)))
                }
                _ => Some(0),
            },
            ("prefixItems", J::Arr(ps)) => match v {
                J::Arr(a) => a
                    .iter()
                    .zip(ps)
                    .try_fold(0, |acc, (e, p)| rec(fam, p, e, false).map(|r| acc.max(r))),
                _ => Some(0),
            },
            ("required", J::Arr(names)) => match v {
                J::Obj(m) => names
                    .iter()
                    .all(|n| m.iter().any(|(k, _)| J::Str(k.clone()) == *n))
                    .then_some(0),
                _ => Some(0),
            },
            ("properties", J::Obj(props)) => match v {
                J::Obj(m) => m.iter().try_fold(0, |acc, (name, mv)| {
                    let schema = props
                        .iter()
                        .find(|(p, _)| p == name)
                        .map(|(_, p)| p.clone())
                        .or_else(|| s.get("additionalProperties").cloned())
                        .unwrap_or(J::Bool(true));
                    rec(fam, &schema, mv, false).map(|r| acc.max(r))
                }),
                _ => Some(0),
            },
            ("anyOf", J::Arr(bs)) => bs.iter().filter_map(|b| rec(fam, b, v, false)).min(),
            ("$ref", J::Str(t)) => {
                let target = fam.target(t);
                let step = u32::from(!entry);
                rec(fam, target, v, false).map(|r| r + step)
            }
            // `additionalProperties` is read by `properties` (always present beside
            // it in the family); annotations assert nothing.
            ("additionalProperties" | "description" | "$defs" | "$id" | "$anchor", _) => Some(0),
            other => panic!("the evaluator does not know {other:?}"),
        };
        worst = worst.max(r?);
    }
    Some(worst)
}

/// The recursion depth of a body the family's form admits: entering the cycle counts 1.
fn recursion_depth(fam: &Family, v: &J) -> Option<u32> {
    rec(fam, &fam.form, v, !fam.root_recursive).map(|r| r + 1)
}

/// A body following `s`, taking at most `budget` recursive `$ref`s where it can choose
/// not to (and at most `budget + 4` where it cannot), and now and then a wrong value.
fn body(fam: &Family, s: &J, r: &mut Rng, budget: u32) -> J {
    body_with_fuel(fam, s, r, budget, budget + 4)
}

fn body_with_fuel(fam: &Family, s: &J, r: &mut Rng, budget: u32, fuel: u32) -> J {
    if r.chance(0.03) {
        return r
            .pick(&[
                J::str("zzz"),
                J::num("1"),
                J::Obj(vec![]),
                J::Arr(vec![J::Null]),
            ])
            .clone();
    }
    let J::Obj(_) = s else {
        return J::Null;
    };
    if let Some(J::Str(t)) = s.get("$ref") {
        let target = fam.target(t).clone();
        if fuel == 0 {
            return J::Null;
        }
        return body_with_fuel(fam, &target, r, budget.saturating_sub(1), fuel - 1);
    }
    if let Some(J::Arr(bs)) = s.get("anyOf") {
        // Out of budget: prefer the first branch (a leaf, or null).
        let b = if budget == 0 && r.chance(0.8) {
            bs[0].clone()
        } else {
            r.pick(bs).clone()
        };
        return body_with_fuel(fam, &b, r, budget, fuel);
    }
    if let Some(J::Arr(vs)) = s.get("enum") {
        return r.pick(vs).clone();
    }
    match s.get("type") {
        Some(J::Str(t)) if t == "string" => J::str(r.pick::<&str>(&["", "a", "ab", "é😀"])),
        Some(J::Str(t)) if t == "boolean" => J::Bool(r.chance(0.5)),
        Some(J::Str(t)) if t == "array" => {
            let max = match s.get("maxItems") {
                Some(J::Num(n)) => n.parse().unwrap(),
                _ => 2,
            };
            let prefix = match s.get("prefixItems") {
                Some(J::Arr(p)) => p.clone(),
                _ => Vec::new(),
            };
            let items = s.get("items").cloned().unwrap_or(J::Bool(true));
            let len = if budget == 0 && r.chance(0.7) {
                prefix.len().min(1)
            } else {
                r.below(max.max(prefix.len()) + 1)
            };
            J::Arr(
                (0..len)
                    .map(|i| match prefix.get(i) {
                        Some(p) => body_with_fuel(fam, p, r, budget, fuel),
                        None => body_with_fuel(fam, &items, r, budget, fuel),
                    })
                    .collect(),
            )
        }
        Some(J::Str(t)) if t == "object" => {
            let J::Obj(props) = s.get("properties").cloned().unwrap() else {
                unreachable!()
            };
            let mut members = Vec::new();
            for (name, p) in &props {
                let required = matches!(s.get("required"), Some(J::Arr(req)) if req.contains(&J::Str(name.clone())));
                if required || (budget > 0 && r.chance(0.6)) || r.chance(0.2) {
                    members.push((name.clone(), body_with_fuel(fam, p, r, budget, fuel)));
                }
            }
            J::Obj(members)
        }
        _ => J::Null,
    }
}

proptest! {
    #![proptest_config(config("unroll", 128))]

    /// Property 2.
    #[test]
    fn unrolled_forms_admit_exactly_the_shallow_values(
        fam in family(),
        depth in 0u32..5,
        seeds in prop::collection::vec(any::<u64>(), 24),
    ) {
        let text = fam.form.compact();
        let original = compile(&text);
        let unrolled = original.unroll(depth).unwrap();
        prop_assert!(acyclic(&unrolled), "{}", unrolled.schema_json());
        let a = unrolled.audit(Profile::Portable);
        prop_assert!(a.max_depth().finite().is_some(), "{}: {}", unrolled.schema_json(), a);
        prop_assert!(a.max_size().finite().is_some(), "{}: {}", unrolled.schema_json(), a);
        prop_assert!(a.findings().iter().all(|f| f.rule() != Rule::UnboundedRecursion));
        for seed in seeds {
            let mut r = Rng::new(seed);
            let budget = r.below(depth as usize + 3) as u32;
            let v = body(&fam, &fam.form, &mut r, budget);
            let b = v.compact();
            let admitted = original.verify(b.as_bytes()).is_ok();
            let levels = recursion_depth(&fam, &v);
            prop_assert_eq!(admitted, levels.is_some(), "evaluator disagrees on {}", b);
            let expected = levels.is_some_and(|l| l <= depth);
            prop_assert_eq!(
                unrolled.verify(b.as_bytes()).is_ok(),
                expected,
                "body {} (depth {:?}) against {}",
                b,
                levels,
                unrolled.schema_json()
            );
        }
    }

    /// Property 3.
    #[test]
    fn unrolled_forms_are_acyclic_and_admit_no_more((form, bodies) in testkit::form_and_bodies(&testkit::FULL), depth in 0u32..4) {
        let text = form.compact();
        let original = compile(&text);
        let unrolled = original.unroll(depth).unwrap();
        prop_assert!(acyclic(&unrolled), "{}", unrolled.schema_json());
        let again = unrolled.unroll(depth).unwrap();
        prop_assert_eq!(again.schema_json(), unrolled.schema_json());
        if !text.contains("\"oneOf\"") {
            for b in &bodies {
                if unrolled.verify(b.as_bytes()).is_ok() {
                    prop_assert!(original.verify(b.as_bytes()).is_ok(), "{} admits {}", unrolled.schema_json(), b);
                }
            }
        }
    }
}

/// A recursive `$ref` under `not` cannot be cut to `false` (`not: false` admits
/// everything): the schema holding it is left out instead, so the unrolled form admits
/// only what the original admits.
#[test]
fn accepts_recursion_under_not_only_by_leaving_the_schema_out() {
    let form = compile(
        r##"{"$defs":{"n":{"type":"array","maxItems":2,"items":{"anyOf":[{"type":"null"},
            {"$ref":"#/$defs/n","not":{"items":{"$ref":"#/$defs/n"}}}]}}},
          "$ref":"#/$defs/n"}"##,
    );
    let unrolled = form.unroll(2).expect("unrolls");
    assert!(acyclic(&unrolled), "{}", unrolled.schema_json());
    for body in ["[]", "[null]", "[[null],[]]", "[[[[]]]]", "[[1]]"] {
        if unrolled.verify(body.as_bytes()).is_ok() {
            assert!(
                form.verify(body.as_bytes()).is_ok(),
                "the unrolled form admits {body}, the original does not:\n{}",
                unrolled.schema_json()
            );
        }
    }
}

/// A form holding both `$defs` and `definitions` unrolls, each holder keeping its own
/// entries (the rendering it starts from used to list the entries of both under each).
#[test]
fn unrolls_a_form_with_both_definition_holders() {
    let form = compile(
        r##"{"$defs":{"node":{"type":"array","items":{"$ref":"#/$defs/node"}}},"definitions":{"leaf":{"type":"string"}},"anyOf":[{"$ref":"#/$defs/node"},{"$ref":"#/definitions/leaf"}]}"##,
    );
    let two = form.unroll(2).unwrap();
    assert!(acyclic(&two));
    let text = two.schema_json();
    let value = formgate::json::parse(text.as_bytes(), &Limits::default())
        .unwrap_or_else(|e| panic!("not strict JSON ({e}): {text}"));
    let Value::Object(members) = &value else {
        panic!("{text}")
    };
    let holder = |name: &str| {
        members
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.to_string())
            .unwrap_or_default()
    };
    assert!(holder("definitions").contains("leaf"), "{text}");
    assert!(!holder("definitions").contains("node"), "{text}");
    for body in [&b"\"x\""[..], b"[]", b"[[]]"] {
        assert!(
            two.verify(body).is_ok(),
            "{}",
            String::from_utf8_lossy(body)
        );
    }
    assert!(two.verify(b"1").is_err());
}
