//! Dynamic scope (`src/form/dynamic.rs`): `$dynamicRef`/`$dynamicAnchor` (2020-12) and
//! `$recursiveRef`/`$recursiveAnchor` (2019-09) resolved at compile time, verified the
//! same by every engine, rendered as written, and bounded.

mod common;

use formgate::{Form, FormErrorKind, Keyword, RejectionKind};

/// A list whose items an extension narrows through a `$dynamicAnchor`: the usual use.
const EXTENDED_LIST: &str = r##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/numbers","$ref":"list","$defs":{"item":{"$dynamicAnchor":"item","type":"number","maximum":10},"list":{"$id":"list","type":"array","items":{"$dynamicRef":"#item"},"$defs":{"item":{"$dynamicAnchor":"item"}}}}}"##;

/// The same list alone: its own anchor admits anything.
const PLAIN_LIST: &str = r##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/list","type":"array","items":{"$dynamicRef":"#item"},"$defs":{"item":{"$dynamicAnchor":"item"}}}"##;

/// A tree whose nodes an extension requires a name of, through `$recursiveAnchor`.
const NAMED_TREE: &str = r##"{"$schema":"https://json-schema.org/draft/2019-09/schema","$id":"https://example.com/named","$recursiveAnchor":true,"$ref":"tree","required":["name"],"$defs":{"tree":{"$id":"tree","$recursiveAnchor":true,"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$recursiveRef":"#"}}}}}}"##;

fn check(form: &str, cases: &[(&str, bool)]) {
    let mut failures = Vec::new();
    for (body, admitted) in cases {
        common::engines_agree(form, body.as_bytes(), *admitted, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_extension_narrows_the_items_of_the_list_it_refers_to() {
    check(
        EXTENDED_LIST,
        &[
            ("[]", true),
            ("[1,2.5,10]", true),
            ("[1,11]", false),
            (r#"[1,"a"]"#, false),
            ("{}", false),
        ],
    );
    check(
        PLAIN_LIST,
        &[("[1,11]", true), (r#"[1,"a",{}]"#, true), ("{}", false)],
    );
}

#[test]
fn a_rejection_names_the_schema_the_scope_chose() {
    let form = Form::compile(EXTENDED_LIST.as_bytes()).unwrap();
    let r = form.verify(b"[1,11]").unwrap_err();
    assert_eq!(
        r.kind(),
        RejectionKind::NotAdmitted {
            keyword: Keyword::Maximum
        }
    );
    assert_eq!(r.form_pointer(), Some("/$defs/item/maximum"));
    assert_eq!(r.pointer(), "/1");
}

#[test]
fn an_extension_of_a_recursive_tree_holds_at_every_depth() {
    check(
        NAMED_TREE,
        &[
            (r#"{"name":"a"}"#, true),
            (
                r#"{"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]}"#,
                true,
            ),
            (
                r#"{"name":"a","children":[{"name":"b","children":[{}]}]}"#,
                false,
            ),
            (r#"{"name":"a","children":[{}]}"#, false),
            (r#"{"children":[]}"#, false),
            (r#"{"name":"a","children":[{"name":1}]}"#, false),
        ],
    );
    // Without the anchor at the root, `$recursiveRef` stays in the tree: only the top
    // needs a name.
    let unanchored = NAMED_TREE.replacen(r#""$recursiveAnchor":true,"$ref""#, r#""$ref""#, 1);
    check(
        &unanchored,
        &[
            (r#"{"name":"a","children":[{}]}"#, true),
            (r#"{"children":[]}"#, false),
        ],
    );
}

#[test]
fn the_scope_follows_the_path_not_the_nesting() {
    // `then` enters `second`, whose anchor is the outermost on that path; `if`'s
    // resource was left before `then` was entered.
    let form = r##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/main","if":{"$id":"first","$defs":{"t":{"$dynamicAnchor":"t","type":"number"}}},"then":{"$id":"second","$ref":"start","$defs":{"t":{"$dynamicAnchor":"t","type":"null"}}},"$defs":{"start":{"$id":"start","$dynamicRef":"inner#t"},"t":{"$id":"inner","$dynamicAnchor":"t","type":"string"}}}"##;
    check(form, &[("null", true), ("1", false), (r#""a""#, false)]);
}

#[test]
fn the_keywords_are_refused_where_they_mean_nothing() {
    let cases: &[(&str, &str)] = &[
        (
            r#"{"$schema":"https://json-schema.org/draft/2019-09/schema","items":{"$recursiveAnchor":true}}"#,
            "/items/$recursiveAnchor",
        ),
        (
            r##"{"$schema":"https://json-schema.org/draft/2019-09/schema","$recursiveRef":"#/$defs/a"}"##,
            "/$recursiveRef",
        ),
        (r#"{"$dynamicAnchor":"1a"}"#, "/$dynamicAnchor"),
        (r#"{"$dynamicAnchor":"a","$anchor":"a"}"#, "/$dynamicAnchor"),
    ];
    for (form, pointer) in cases {
        let e = Form::compile(form.as_bytes()).expect_err(form);
        assert_eq!(e.pointer(), *pointer, "{form}: {e}");
    }
    let e = Form::compile(br##"{"$dynamicRef":"#nowhere"}"##).unwrap_err();
    assert_eq!(*e.kind(), FormErrorKind::AnchorRef, "{e}");
    assert_eq!(e.keyword(), Some("$dynamicRef"));
}

#[test]
fn a_dynamic_cycle_on_one_value_is_refused() {
    let form = r##"{"$dynamicAnchor":"a","$dynamicRef":"#a"}"##;
    let e = Form::compile(form.as_bytes()).unwrap_err();
    assert_eq!(*e.kind(), FormErrorKind::RefCycle, "{e}");
    assert_eq!(e.keyword(), Some("$dynamicRef"));
}

/// `n` names, each bound on the way by one of two resources, chosen by an `anyOf` at
/// each step: 2^n scopes reach the end, which uses every name.
fn multiplying(n: usize) -> String {
    let mut defs = Vec::new();
    for i in 0..n {
        let next = if i + 1 == n {
            "end".to_owned()
        } else {
            format!("step{}", i + 1)
        };
        defs.push(format!(
            r#""step{i}":{{"$id":"step{i}","anyOf":[{{"$ref":"a{i}"}},{{"$ref":"b{i}"}}]}}"#
        ));
        let below = -(i as i64) - 1;
        for (side, bound) in [
            ("a", format!(r#""minimum":{i}"#)),
            ("b", format!(r#""exclusiveMaximum":{below}"#)),
        ] {
            defs.push(format!(
                r#""{side}{i}":{{"$id":"{side}{i}","$ref":"{next}","$defs":{{"n":{{"$dynamicAnchor":"n{i}",{bound}}}}}}}"#
            ));
        }
    }
    let uses: Vec<String> = (0..n)
        .map(|i| format!(r##"{{"$dynamicRef":"a{i}#n{i}"}}"##))
        .collect();
    defs.push(format!(
        r#""end":{{"$id":"end","allOf":[{}]}}"#,
        uses.join(",")
    ));
    format!(
        r#"{{"$id":"https://example.com/root","$ref":"step0","$defs":{{{}}}}}"#,
        defs.join(",")
    )
}

#[test]
fn scopes_that_multiply_are_refused_at_the_bound() {
    // 2^20 scopes: the compile stops at the bound.
    let e = Form::compile(multiplying(20).as_bytes()).unwrap_err();
    assert_eq!(*e.kind(), FormErrorKind::ExpansionTooLarge, "{e}");
    // 2^5 scopes are well within it, and each path holds the bounds its own
    // anchors set: step i binds `minimum: i` (side a) or `exclusiveMaximum: -i-1`
    // (side b), so 5 passes all a, -6 all b, and 3 and -0.5 no path.
    check(
        &multiplying(5),
        &[
            ("5", true),
            ("-6", true),
            ("3", false),
            ("-0.5", false),
            ("\"x\"", true),
        ],
    );
}

/// `m` resources, each binding the anchor `n` and referring to one schema of
/// `properties` names that uses it: `m` copies of that schema, each with its names.
fn wide(m: usize, properties: usize) -> String {
    let names: Vec<String> = (0..properties).map(|i| format!(r#""p{i}":{{}}"#)).collect();
    let mut defs = vec![format!(
        r##""x":{{"$id":"x","properties":{{{}}},"$dynamicRef":"r0#n"}}"##,
        names.join(",")
    )];
    for i in 0..m {
        defs.push(format!(
            r#""r{i}":{{"$id":"r{i}","$defs":{{"t":{{"$dynamicAnchor":"n"}}}},"$ref":"x"}}"#
        ));
    }
    let branches: Vec<String> = (0..m).map(|i| format!(r#"{{"$ref":"r{i}"}}"#)).collect();
    format!(
        r#"{{"$id":"https://example.com/root","anyOf":[{}],"$defs":{{{}}}}}"#,
        branches.join(","),
        defs.join(",")
    )
}

#[test]
fn copies_are_bounded_by_what_they_hold_too() {
    // 500 copies are few, but each would hold 5,000 member names: refused.
    let e = Form::compile(wide(500, 5000).as_bytes()).unwrap_err();
    assert_eq!(*e.kind(), FormErrorKind::ExpansionTooLarge, "{e}");
    assert!(e.detail().is_some_and(|d| d.contains("members")), "{e}");
    // The same shape, small, compiles.
    Form::compile(wide(20, 20).as_bytes()).unwrap();
}

#[test]
fn the_published_form_keeps_the_keywords_as_written() {
    for form in [EXTENDED_LIST, PLAIN_LIST, NAMED_TREE] {
        let compiled = Form::compile(form.as_bytes()).unwrap();
        assert_eq!(compiled.schema_json(), form);
    }
}

#[test]
fn the_audit_follows_dynamic_references_and_unroll_refuses_them() {
    use formgate::audit::{Profile, Rule};
    // The list's items are numbers at most 10 through the extension's anchor: no
    // finding says they are unbounded strings or open objects.
    let list = Form::compile(EXTENDED_LIST.as_bytes()).unwrap();
    let audit = list.audit(Profile::default());
    let items: Vec<_> = audit
        .findings()
        .iter()
        .filter(|f| f.pointer().starts_with("/$defs/list/items"))
        .collect();
    assert!(items.is_empty(), "{items:?}");
    // The tree recurses through `$recursiveRef`, without bound.
    let tree = Form::compile(NAMED_TREE.as_bytes()).unwrap();
    let audit = tree.audit(Profile::default());
    assert!(
        audit
            .findings()
            .iter()
            .any(|f| f.rule() == Rule::UnboundedRecursion
                && f.pointer() == "/$defs/tree/properties/children/items/$recursiveRef"),
        "{:?}",
        audit.findings()
    );
    for form in [&list, &tree] {
        let e = form.unroll(2).unwrap_err();
        assert_eq!(e.kind().name(), "not-unrollable", "{e}");
    }
}
