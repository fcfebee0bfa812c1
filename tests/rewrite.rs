//! `Form::rewrite`: the form spelled for decoders admits exactly what the form admits.
//!
//! 1. Examples: each rule applied where its proof holds, and kept, with why, where it
//!    does not (overlapping branches, `additionalProperties` beside an `allOf`, a
//!    definition used twice, a `$ref` into a branch, dynamic references, an `anyOf`
//!    already beside the `oneOf`); a `unevaluatedProperties` beside the union keeps its
//!    verdicts; owner formats, declared annotations and bundled resources survive.
//! 2. Property, per rule, on forms built around it from the test kit's subschemas
//!    (`oneOf` of subschemas now and then tagged or typed apart, with
//!    `unevaluatedProperties` beside it; `allOf` of plain objects, now and then
//!    clashing, beside `properties` and `unevaluatedProperties`; definitions used once
//!    or twice, bare or with annotations): the rewritten form gives every generated body
//!    the original's verdict, and rewriting it again applies nothing and changes
//!    nothing. A sample of each family must see its rule applied, so that the property
//!    cannot pass by never rewriting.
//! 3. Property, on forms of the whole vocabulary (every dialect, tagged unions,
//!    discriminators, embedded resources, dynamic scope): the same.

use formgate::audit::{Rewrite, RewriteRule};
use formgate::Form;
use formgate_testkit::{self as testkit, config, Gen, Tape, J, NAMES};
use proptest::prelude::*;

fn compile(text: &str) -> Form {
    Form::compile(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn rewrite(form: &Form) -> Rewrite {
    form.rewrite().expect("a compiled form rewrites")
}

fn applied(r: &Rewrite, rule: RewriteRule) -> usize {
    r.steps()
        .iter()
        .filter(|s| s.applied() && s.rule() == rule)
        .count()
}

fn kept_reason(r: &Rewrite, rule: RewriteRule) -> String {
    r.steps()
        .iter()
        .find(|s| !s.applied() && s.rule() == rule)
        .unwrap_or_else(|| panic!("no kept {rule} step in {:?}", r.steps()))
        .reason()
        .to_owned()
}

/// Every body gets the same verdict from both forms.
fn same_verdicts(original: &Form, rewritten: &Form, bodies: &[String]) -> Result<(), String> {
    for b in bodies {
        let (x, y) = (
            original.verify(b.as_bytes()).is_ok(),
            rewritten.verify(b.as_bytes()).is_ok(),
        );
        if x != y {
            return Err(format!(
                "body {b}: original {x}, rewritten {y}\noriginal {}\nrewritten {}",
                original.schema_json(),
                rewritten.schema_json()
            ));
        }
    }
    Ok(())
}

/// The whole check of property 2 and 3 on one form.
fn check(text: &str, bodies: &[String]) -> Result<Rewrite, TestCaseError> {
    let original = compile(text);
    let r = rewrite(&original);
    same_verdicts(&original, r.form(), bodies).map_err(TestCaseError::fail)?;
    let again = rewrite(r.form());
    prop_assert_eq!(again.applied(), 0, "{:?}", again.steps());
    prop_assert_eq!(again.form().schema_json(), r.form().schema_json());
    Ok(r)
}

// ---------------------------------------------------------------------------
// Examples

#[test]
fn rewrites_a_tagged_union_and_keeps_its_verdicts() {
    let form = compile(
        r#"{"type": "object", "properties": {"pet": {"oneOf": [
            {"type": "object", "properties": {"kind": {"const": "cat"}, "lives": {"type": "integer"}}, "required": ["kind"]},
            {"type": "object", "properties": {"kind": {"enum": ["dog", "wolf"]}}, "required": ["kind"]},
            {"type": "null"}
        ]}}}"#,
    );
    let r = rewrite(&form);
    assert_eq!(applied(&r, RewriteRule::OneOfToAnyOf), 1, "{:?}", r.steps());
    assert!(!r.form().schema_json().contains("oneOf"));
    for body in [
        r#"{"pet":{"kind":"cat","lives":9}}"#,
        r#"{"pet":{"kind":"wolf"}}"#,
        r#"{"pet":null}"#,
        r#"{"pet":{"kind":"cow"}}"#,
        r#"{"pet":{"lives":1}}"#,
        r#"{"pet":"cat"}"#,
    ] {
        assert_eq!(
            form.verify(body.as_bytes()).is_ok(),
            r.form().verify(body.as_bytes()).is_ok(),
            "{body}"
        );
    }
}

#[test]
fn keeps_a_one_of_whose_branches_overlap() {
    for (text, what) in [
        (
            r#"{"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}"#,
            "object",
        ),
        // 0 is in both ranges.
        (
            r#"{"oneOf": [{"type": "number", "maximum": 0}, {"type": "number", "minimum": 0.0}]}"#,
            "integer",
        ),
        (
            r#"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#,
            "integer",
        ),
        (
            r#"{"oneOf": [{"type": "string", "maxLength": 3}, {"type": "string", "minLength": 2}]}"#,
            "string",
        ),
        // The same pinned value in both.
        (
            r#"{"oneOf": [{"properties": {"k": {"const": 1}}, "required": ["k"]},
                       {"properties": {"k": {"enum": [1.0, 2]}}, "required": ["k"]}]}"#,
            "object",
        ),
        // A member only one branch requires proves nothing.
        (
            r#"{"oneOf": [{"properties": {"k": {"const": 1}}, "required": ["k"]},
                       {"properties": {"k": {"const": 2}}}]}"#,
            "object",
        ),
    ] {
        let r = rewrite(&compile(text));
        assert_eq!(r.applied(), 0, "{text}: {:?}", r.steps());
        let why = kept_reason(&r, RewriteRule::OneOfToAnyOf);
        assert!(why.contains(what), "{text}: {why}");
        assert!(r.form().schema_json().contains("oneOf"));
    }
}

#[test]
fn proves_by_types_values_members_and_unions() {
    for text in [
        r#"{"oneOf": [{"type": "string"}, {"type": ["integer", "null"]}, {"type": "object"}]}"#,
        // Values the other side's keywords reject, exactly.
        r#"{"oneOf": [{"enum": ["a", "bb"]}, {"type": "string", "minLength": 3}, {"const": 4}]}"#,
        // A nested pinned member, through $refs.
        r##"{"$defs": {"a": {"properties": {"v": {"type": "object", "properties": {"t": {"const": "x"}}, "required": ["t"]}}, "required": ["v"]}},
            "type": "object",
            "oneOf": [{"$ref": "#/$defs/a"}, {"properties": {"v": {"type": "object", "properties": {"t": {"const": "y"}}, "required": ["t"]}}, "required": ["v"]}]}"##,
        // Number ranges apart, an exclusive bound at the meeting point.
        r#"{"oneOf": [{"type": "integer", "maximum": 0}, {"type": "number", "exclusiveMinimum": 0}, {"type": "string"}]}"#,
        // A member one side requires and the other closes out.
        r#"{"oneOf": [{"type": "object", "properties": {"a": true}, "required": ["a"], "additionalProperties": false},
                      {"type": "object", "properties": {"b": true, "a": false}, "required": ["b"]}]}"#,
        // The union of a branch splits.
        r#"{"oneOf": [{"anyOf": [{"type": "string"}, {"type": "null"}]}, {"type": "boolean"}]}"#,
        // The schema's own type decides: only objects are left, and those are tagged.
        r#"{"type": "object", "oneOf": [{"properties": {"k": {"const": 1}}, "required": ["k"]}, {"properties": {"k": {"const": 2}}, "required": ["k"]}]}"#,
    ] {
        let r = rewrite(&compile(text));
        assert_eq!(
            applied(&r, RewriteRule::OneOfToAnyOf),
            1,
            "{text}: {:?}",
            r.steps()
        );
    }
}

#[test]
fn keeps_unevaluated_properties_verdicts_beside_the_union() {
    // Without `type`, a string would meet both branches: the form says the body is an
    // object.
    let text = r#"{"type": "object", "unevaluatedProperties": false, "oneOf": [
        {"properties": {"t": {"const": "a"}, "x": true}, "required": ["t"]},
        {"properties": {"t": {"const": "b"}, "y": true}, "required": ["t"]}]}"#;
    let form = compile(text);
    let r = rewrite(&form);
    assert_eq!(applied(&r, RewriteRule::OneOfToAnyOf), 1, "{:?}", r.steps());
    let bodies: Vec<String> = [
        r#"{"t":"a","x":1}"#,
        r#"{"t":"a","y":1}"#,
        r#"{"t":"b","y":1}"#,
        r#"{"t":"b","x":1}"#,
        r#"{"x":1}"#,
    ]
    .map(String::from)
    .to_vec();
    same_verdicts(&form, r.form(), &bodies).unwrap();
}

#[test]
fn keeps_what_moving_or_renaming_would_break() {
    // A $ref names a schema inside a branch by its place.
    let r = rewrite(&compile(
        r##"{"properties": {"a": {"oneOf": [{"type": "string"}, {"type": "null"}]}, "b": {"$ref": "#/properties/a/oneOf/0"}}}"##,
    ));
    assert!(kept_reason(&r, RewriteRule::OneOfToAnyOf).contains("by its place"));
    // An anyOf already beside the oneOf.
    let r = rewrite(&compile(
        r#"{"anyOf": [{"type": "string"}, {"type": "null"}], "oneOf": [{"type": "string"}, {"type": "null"}]}"#,
    ));
    assert!(kept_reason(&r, RewriteRule::OneOfToAnyOf).contains("anyOf beside it"));
    // additionalProperties beside an allOf depends on the names properties lists.
    let r = rewrite(&compile(
        r#"{"properties": {"a": true}, "additionalProperties": false, "allOf": [{"properties": {"b": true}}]}"#,
    ));
    assert!(kept_reason(&r, RewriteRule::MergeAllOf).contains("additionalProperties"));
    // Branches that hold one member to different schemas, or are not plain.
    let r = rewrite(&compile(
        r#"{"allOf": [{"properties": {"a": {"type": "string"}}}, {"properties": {"a": {"maxLength": 2}}}, {"minProperties": 1}]}"#,
    ));
    assert_eq!(applied(&r, RewriteRule::MergeAllOf), 1, "{:?}", r.steps());
    let why = kept_reason(&r, RewriteRule::MergeAllOf);
    assert!(
        why.contains("different schemas") && why.contains("minProperties"),
        "{why}"
    );
    // A definition used twice, and one whose $ref has an assertion beside it.
    let r = rewrite(&compile(
        r##"{"$defs": {"s": {"type": "string"}, "n": {"type": "integer"}},
            "properties": {"a": {"$ref": "#/$defs/s"}, "b": {"$ref": "#/$defs/s"}, "c": {"$ref": "#/$defs/n", "minimum": 1}}}"##,
    ));
    assert_eq!(r.applied(), 0, "{:?}", r.steps());
    let reasons: Vec<&str> = r.steps().iter().map(|s| s.reason()).collect();
    assert!(
        reasons.iter().any(|w| w.contains("2 schemas refer to it")),
        "{reasons:?}"
    );
    assert!(
        reasons.iter().any(|w| w.contains("minimum beside it")),
        "{reasons:?}"
    );
    // Dynamic references: nothing moves.
    let r = rewrite(&compile(
        r##"{"$defs": {"t": {"$dynamicAnchor": "t", "allOf": [{"properties": {"a": true}}]}},
            "$ref": "#/$defs/t", "properties": {"x": {"$dynamicRef": "#t"}}}"##,
    ));
    assert!(kept_reason(&r, RewriteRule::MergeAllOf).contains("dynamic"));
}

#[test]
fn merges_plain_objects_and_inlines_single_uses() {
    let text = r##"{"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "#/definitions/Root",
        "definitions": {"Root": {"title": "Root", "allOf": [
            {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "title": "A"},
            {"properties": {"b": {"$ref": "#/definitions/B"}}, "required": ["b"]}]},
          "B": {"type": "integer", "description": "b"}}}"##;
    let form = compile(text);
    let r = rewrite(&form);
    assert_eq!(applied(&r, RewriteRule::MergeAllOf), 1, "{:?}", r.steps());
    assert_eq!(applied(&r, RewriteRule::InlineRef), 2, "{:?}", r.steps());
    assert_eq!(
        r.form().schema_json(),
        r#"{"$schema":"http://json-schema.org/draft-07/schema#","title":"Root","type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer","description":"b"}},"required":["a","b"]}"#
    );
    let bodies: Vec<String> = [
        r#"{"a":"x","b":1}"#,
        r#"{"a":"x"}"#,
        r#"{"a":1,"b":1}"#,
        "[]",
        r#"{"b":1.5,"a":""}"#,
    ]
    .map(String::from)
    .to_vec();
    same_verdicts(&form, r.form(), &bodies).unwrap();
}

#[test]
fn keeps_owner_formats_and_declared_annotations() {
    let form = Form::builder()
        .format_pattern("ticket", "^T-[0-9]+$")
        .annotation("x-hint")
        .compile(
            br##"{"$defs": {"t": {"type": "string", "format": "ticket", "x-hint": 1}},
                "oneOf": [{"$ref": "#/$defs/t"}, {"type": "null"}]}"##,
        )
        .unwrap();
    let r = rewrite(&form);
    assert_eq!(r.applied(), 2, "{:?}", r.steps());
    assert!(r.form().verify(br#""T-1""#).is_ok());
    assert!(r.form().verify(br#""X-1""#).is_err());
}

// ---------------------------------------------------------------------------
// Property 2: families built around each rule.

/// A subschema of the test kit, its placeholders dropped (no definitions to name).
fn sub(words: Vec<u32>, depth: u32) -> J {
    let mut g = Gen::new(Tape::new(words), &testkit::FULL, false);
    g.schema(depth)
}

/// Pin member `tag` to `i`: the branch requires it and holds it to `const: i`.
fn tag(m: &mut Vec<(String, J)>, i: usize) {
    let pin = J::obj(&[("const", J::num(&i.to_string()))]);
    match m.iter_mut().find(|(k, _)| k == "properties") {
        Some((_, J::Obj(props))) => {
            props.retain(|(k, _)| k != "tag");
            props.push(("tag".into(), pin));
        }
        _ => m.push(("properties".into(), J::obj(&[("tag", pin)]))),
    }
    match m.iter_mut().find(|(k, _)| k == "required") {
        Some((_, J::Arr(names))) if !names.contains(&J::str("tag")) => names.push(J::str("tag")),
        Some(_) => {}
        None => m.push(("required".into(), J::Arr(vec![J::str("tag")]))),
    }
}

const TYPES: [&str; 6] = ["null", "boolean", "integer", "string", "array", "object"];

/// `oneOf` of subschemas, each now and then tagged by a distinct `const`, or typed
/// apart; now and then `unevaluatedProperties` and `properties` beside it.
fn one_of_family() -> BoxedStrategy<J> {
    let branch = (prop::collection::vec(any::<u32>(), 256), 0u8..4, 0usize..6);
    (prop::collection::vec(branch, 1..4), 0u8..4, any::<bool>())
        .prop_map(|(branches, beside, typed_root)| {
            let list = branches
                .into_iter()
                .enumerate()
                .map(|(i, (words, how, t))| {
                    let mut s = sub(words, 2);
                    if let J::Obj(m) = &mut s {
                        match how {
                            0 | 1 => tag(m, i),
                            2 => {
                                m.retain(|(k, _)| k != "type");
                                m.push(("type".into(), J::str(TYPES[(t + i) % TYPES.len()])));
                            }
                            _ => {}
                        }
                    }
                    s
                })
                .collect();
            let mut root = vec![("oneOf", J::Arr(list))];
            match beside {
                0 => root.push(("unevaluatedProperties", J::Bool(false))),
                1 => {
                    root.push(("properties", J::obj(&[("x", J::Bool(true))])));
                    root.push((
                        "unevaluatedProperties",
                        J::obj(&[("type", J::str("integer"))]),
                    ));
                }
                _ => {}
            }
            if typed_root {
                root.push(("type", J::str("object")));
            }
            resolved(J::obj(&root))
        })
        .boxed()
}

/// `allOf` of plain objects over a few names (now and then the same name twice, the
/// same schema or not), and now and then a subschema that is not plain; the schema
/// holding it now and then with `properties`, `type` or `unevaluatedProperties`.
fn all_of_family() -> BoxedStrategy<J> {
    let plain = (
        prop::collection::vec((0usize..4, prop::collection::vec(any::<u32>(), 128)), 0..3),
        prop::collection::vec(0usize..4, 0..3),
        any::<bool>(),
        0u8..8,
    );
    (
        prop::collection::vec(plain, 1..4),
        prop::collection::vec(any::<u32>(), 128),
        0u8..5,
    )
        .prop_map(|(branches, words, beside)| {
            let name = |i: usize| NAMES[i % NAMES.len()];
            let list = branches
                .into_iter()
                .map(|(props, required, typed, odd)| {
                    let mut m = Vec::new();
                    if typed {
                        m.push(("type", J::str("object")));
                    }
                    let props: Vec<(String, J)> = props
                        .into_iter()
                        .map(|(n, w)| {
                            (
                                name(n).to_owned(),
                                if n == 0 {
                                    J::obj(&[("type", J::str("string"))])
                                } else {
                                    sub(w, 1)
                                },
                            )
                        })
                        .collect();
                    m.push(("properties", J::Obj(testkit::dedup(props))));
                    if !required.is_empty() {
                        let mut names: Vec<J> = Vec::new();
                        for r in required {
                            if !names.contains(&J::str(name(r))) {
                                names.push(J::str(name(r)));
                            }
                        }
                        m.push(("required", J::Arr(names)));
                    }
                    if odd == 0 {
                        m.push(("minProperties", J::num("2")));
                    }
                    if odd == 1 {
                        m.push(("title", J::str("branch")));
                    }
                    J::obj(&m)
                })
                .collect();
            let mut root = vec![("allOf", J::Arr(list))];
            match beside {
                0 => root.push((
                    "properties",
                    J::obj(&[(name(0), J::obj(&[("type", J::str("string"))]))]),
                )),
                1 => root.push(("unevaluatedProperties", J::Bool(false))),
                2 => root.push(("type", J::Arr(vec![J::str("object"), J::str("null")]))),
                3 => root.push(("properties", J::obj(&[(name(1), sub(words, 1))]))),
                _ => {}
            }
            resolved(J::obj(&root))
        })
        .boxed()
}

/// Definitions used once or twice, by bare `$ref`s or with an annotation beside, and
/// now and then by the root.
fn inline_family() -> BoxedStrategy<J> {
    (
        prop::collection::vec((prop::collection::vec(any::<u32>(), 256), 0u8..4), 1..4),
        any::<bool>(),
    )
        .prop_map(|(defs, root_ref)| {
            let mut d = Vec::new();
            let mut props = Vec::new();
            for (i, (words, uses)) in defs.into_iter().enumerate() {
                let name = format!("d{i}");
                d.push((name.clone(), sub(words, 2)));
                let r = J::obj(&[("$ref", J::Str(format!("#/$defs/{name}")))]);
                for u in 0..=(uses / 2) {
                    let mut at = r.clone();
                    if uses % 2 == 1 {
                        if let J::Obj(m) = &mut at {
                            m.push(("description".into(), J::str("a use")));
                        }
                    }
                    props.push((format!("p{i}_{u}"), at));
                }
            }
            let mut root: Vec<(&str, J)> = vec![("$defs", J::Obj(d))];
            if root_ref {
                root.push(("$ref", J::str("#/$defs/d0")));
            }
            root.push(("properties", J::Obj(props)));
            resolved(J::obj(&root))
        })
        .boxed()
}

/// The family's form with the kit's `$ref` placeholders resolved (or dropped).
fn resolved(mut form: J) -> J {
    testkit::fix_refs(&mut form);
    testkit::fix_mappings(&mut form);
    form
}

fn bodies(form: &J, seeds: &[u64]) -> Vec<String> {
    seeds
        .iter()
        .map(|&s| testkit::body_text(form, &testkit::FULL, s))
        .collect()
}

/// The families' forms compile (the kit's subschemas are within the vocabulary), and a
/// sample of each sees its rule applied.
#[test]
fn every_family_sees_its_rule_applied() {
    for (family, rule, at_least) in [
        (one_of_family(), RewriteRule::OneOfToAnyOf, 20),
        (all_of_family(), RewriteRule::MergeAllOf, 20),
        (inline_family(), RewriteRule::InlineRef, 20),
    ] {
        let n = testkit::sample(family, 64)
            .iter()
            .filter(|f| applied(&rewrite(&compile(&f.compact())), rule) > 0)
            .count();
        assert!(n >= at_least, "{rule}: applied in {n} of 64 forms");
    }
}

proptest! {
    #![proptest_config(config("rewrite", 96))]

    #[test]
    fn one_of_to_any_of_keeps_verdicts(form in one_of_family(), seeds in prop::collection::vec(any::<u64>(), 16)) {
        check(&form.compact(), &bodies(&form, &seeds))?;
    }

    #[test]
    fn merge_all_of_keeps_verdicts(form in all_of_family(), seeds in prop::collection::vec(any::<u64>(), 16)) {
        check(&form.compact(), &bodies(&form, &seeds))?;
    }

    #[test]
    fn inline_ref_keeps_verdicts(form in inline_family(), seeds in prop::collection::vec(any::<u64>(), 16)) {
        check(&form.compact(), &bodies(&form, &seeds))?;
    }

    /// Property 3.
    #[test]
    fn rewriting_any_form_keeps_verdicts((form, bodies) in testkit::form_and_bodies(&testkit::FULL)) {
        check(&form.compact(), &bodies)?;
    }
}

// ---------------------------------------------------------------------------
// The suite's forms where a rule applies.

/// Every group of JSON-Schema-Test-Suite that compiles (in its directory's dialect,
/// without the remote documents) and that the rewrite changes: each test's data gets
/// the original's verdict from the rewritten form, and rewriting again applies
/// nothing. The groups rewritten, by rule, are counted exactly, so a rule that stops
/// applying (or starts applying somewhere new) shows here.
#[test]
fn rewriting_changes_no_verdict_of_the_suite() {
    use formgate::Dialect;
    let Some(dir) = testkit::suites::suite_dir() else {
        assert!(
            !testkit::suites::require_suites(),
            "the conformance suites are missing: run `bash vendor-testsuite/sync`"
        );
        eprintln!("skipped: no conformance suites (bash vendor-testsuite/sync)");
        return;
    };
    let root = dir.join("JSON-Schema-Test-Suite").join("tests");
    let drafts = [
        ("draft4", Dialect::Draft4),
        ("draft6", Dialect::Draft6),
        ("draft7", Dialect::Draft7),
        ("draft2019-09", Dialect::Draft2019_09),
        ("draft2020-12", Dialect::Draft2020_12),
    ];
    let mut groups_by_rule = [0usize; 3];
    let mut tests_checked = 0usize;
    let mut wrong = Vec::new();
    for (name, dialect) in drafts {
        let mut files = Vec::new();
        let mut stack = vec![root.join(name)];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "json") {
                    files.push(path);
                }
            }
        }
        files.sort();
        for file in files {
            let groups: serde_json::Value =
                serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
            for group in groups.as_array().unwrap() {
                let schema = serde_json::to_vec(&group["schema"]).unwrap();
                let Ok(form) = Form::builder().default_dialect(dialect).compile(&schema) else {
                    continue;
                };
                let r = rewrite(&form);
                if r.applied() == 0 {
                    continue;
                }
                for (i, rule) in RewriteRule::ALL.iter().enumerate() {
                    if applied(&r, *rule) > 0 {
                        groups_by_rule[i] += 1;
                    }
                }
                let at = format!("{} | {}", file.display(), group["description"]);
                let again = rewrite(r.form());
                if again.applied() != 0 || again.form().schema_json() != r.form().schema_json() {
                    wrong.push(format!("{at}: rewriting again changed {:?}", again.steps()));
                }
                for case in group["tests"].as_array().unwrap() {
                    let body = serde_json::to_vec(&case["data"]).unwrap();
                    tests_checked += 1;
                    let (x, y) = (form.verify(&body).is_ok(), r.form().verify(&body).is_ok());
                    if x != y {
                        wrong.push(format!(
                            "{at} | {}: original {x}, rewritten {y}\n  {}",
                            case["description"],
                            r.form().schema_json()
                        ));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("groups rewritten by rule {groups_by_rule:?}, tests checked {tests_checked}");
    assert_eq!(
        (groups_by_rule, tests_checked),
        ([15, 51, 60], 327),
        "groups rewritten by rule (one-of-to-any-of, merge-all-of, inline-ref), tests checked"
    );
}

/// A document given by the owner is bundled into `s` as a resource with its `$id`: it
/// stays where it is (it names a resource), and what refers to it still does.
#[test]
fn keeps_bundled_resources() {
    let form = Form::builder()
        .resource(
            "https://example.com/pet.json",
            br#"{"oneOf": [{"type": "string"}, {"type": "null"}]}"#.to_vec(),
        )
        .compile(br#"{"type": "object", "properties": {"pet": {"$ref": "https://example.com/pet.json"}}}"#)
        .unwrap();
    let r = rewrite(&form);
    assert_eq!(applied(&r, RewriteRule::OneOfToAnyOf), 1, "{:?}", r.steps());
    assert!(
        kept_reason(&r, RewriteRule::InlineRef).contains("resource"),
        "{:?}",
        r.steps()
    );
    for body in [r#"{"pet":"x"}"#, r#"{"pet":null}"#, r#"{"pet":1}"#] {
        assert_eq!(
            form.verify(body.as_bytes()).is_ok(),
            r.form().verify(body.as_bytes()).is_ok(),
            "{body}"
        );
    }
}

#[test]
fn forms_of_several_dialects_move_no_schema() {
    // A draft-07 resource inside a 2020-12 form: inlining its one use, or merging a
    // branch into it, would move schemas out of the resource that gives them their
    // meaning.
    let form = Form::compile(
        br##"{"$defs":{"old":{"$schema":"http://json-schema.org/draft-07/schema#",
            "$id":"https://example.com/old","items":[{"type":"string"}]}},
            "allOf":[{"$ref":"https://example.com/old"},{"type":"object","properties":{"a":true}}]}"##,
    )
    .unwrap();
    let r = rewrite(&form);
    assert_eq!(r.applied(), 0, "{:?}", r.steps());
    assert!(
        r.steps()
            .iter()
            .any(|s| s.to_string().contains("more than one dialect")),
        "{:?}",
        r.steps()
    );
}

#[test]
fn a_ref_to_a_boolean_branch_keeps_the_branches_in_place() {
    // The `$ref` names `true` by its place in the `allOf`: merging branch 0 away would
    // shift it onto `false`.
    let form = Form::compile(
        br##"{"$defs":{"h":{"allOf":[{"properties":{"a":{"type":"string"}}},true,false]}},
            "properties":{"x":{"$ref":"#/$defs/h/allOf/1"}}}"##,
    )
    .unwrap();
    let r = rewrite(&form);
    assert_eq!(r.applied(), 0, "{:?}", r.steps());
    assert!(r.form().verify(br#"{"x":1}"#).is_ok());
    assert!(
        r.steps()
            .iter()
            .any(|s| s.to_string().contains("true or false schema")),
        "{:?}",
        r.steps()
    );
}

#[test]
fn many_definitions_are_inlined_in_bounded_work() {
    // 300 definitions each used once: every one is inlined, each round cheap.
    let n = 300;
    let defs: Vec<String> = (0..n)
        .map(|i| format!(r#""d{i}":{{"type":"integer","minimum":{i}}}"#))
        .collect();
    let props: Vec<String> = (0..n)
        .map(|i| format!(r##""p{i}":{{"$ref":"#/$defs/d{i}"}}"##))
        .collect();
    let text = format!(
        r#"{{"$defs":{{{}}},"properties":{{{}}}}}"#,
        defs.join(","),
        props.join(",")
    );
    let form = Form::compile(text.as_bytes()).unwrap();
    let r = rewrite(&form);
    assert_eq!(r.applied(), n, "{:?}", &r.steps()[..3]);
    assert!(r.form().verify(br#"{"p7":7}"#).is_ok());
    assert!(r.form().verify(br#"{"p7":6}"#).is_err());
}
