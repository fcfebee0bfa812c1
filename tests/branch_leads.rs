//! The `anyOf` and `oneOf` branches the fast engine passes over because the value's
//! first byte or its first member's name rules them out (`Node::leads`,
//! `form/check/branches.rs`; benches/README.md, optimization `branch-leads`): every
//! engine must decide as the general validator does, and a union that a branch admits
//! is still decided by the fast engine alone.
//!
//! A branch ruled out wrongly is caught where the union's failure is taken at its
//! word: under `oneOf` (one branch fewer counted), `not` and `if`.

mod common;

use common::every_engine_agrees;
use formgate::Form;

/// Closed objects told apart by the first byte of their first name, beside branches
/// that `type` or `false` rule out, each way a union can be written: `anyOf`, `oneOf`,
/// under `not`, as an `if`.
fn forms() -> Vec<String> {
    let text = r#"{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}"#;
    let span = r#"{"type":"object","properties":{"style":{"enum":["bold","code"]},"see":{"type":"integer"},"":{"type":"null"}},"required":["style"],"additionalProperties":false}"#;
    // Names only `required` lists are still names no `additionalProperties` takes.
    let only_required = r#"{"type":"object","required":["zed"],"additionalProperties":false}"#;
    // A pattern takes names the first byte does not rule out: never passed over.
    let patterned = r#"{"type":"object","patternProperties":{"^x":{"type":"integer"}},"additionalProperties":false}"#;
    // Non-ASCII first bytes, and a name that needs an escape.
    let wide = r#"{"type":"object","properties":{"é":{"type":"integer"},"\"q":{"type":"integer"}},"additionalProperties":false}"#;
    let integer = r#"{"type":"integer","maximum":5}"#;
    let null = r#"{"type":"null"}"#;
    let unions = [
        format!("[{text},{span}]"),
        format!("[{span},{text}]"),
        format!("[false,{text},{integer},{span}]"),
        format!("[{only_required},{text},{patterned}]"),
        format!("[{wide},{null},{integer},{text}]"),
        format!(r##"[{text},{{"$ref":"#/$defs/span"}},{{"type":["string","boolean"]}}]"##),
        // Two branches that both admit some values: `oneOf` must count both.
        format!(r#"[{span},{{"type":"object","properties":{{"style":true}}}}]"#),
        format!(r#"[{integer},{{"type":"number","minimum":3}}]"#),
    ];
    let mut forms = Vec::new();
    for union in &unions {
        let defs = format!(r#""$defs":{{"span":{span}}}"#);
        forms.push(format!(r#"{{{defs},"anyOf":{union}}}"#));
        forms.push(format!(r#"{{{defs},"oneOf":{union}}}"#));
        forms.push(format!(r#"{{{defs},"not":{{"anyOf":{union}}}}}"#));
        forms.push(format!(r#"{{{defs},"not":{{"oneOf":{union}}}}}"#));
        forms.push(format!(
            r#"{{{defs},"if":{{"anyOf":{union}}},"then":{{"type":"object"}},"else":{{"type":"number"}}}}"#
        ));
        // Inside an array, so that a streamed prefix ends within the union's values.
        forms.push(format!(
            r#"{{{defs},"type":"array","items":{{"anyOf":{union}}}}}"#
        ));
        // As a member's value, read by the member loops (`union_child`).
        forms.push(format!(
            r#"{{{defs},"type":"object","properties":{{"u":{{"anyOf":{union}}}}},"additionalProperties":false}}"#
        ));
    }
    forms
}

/// Values whose first byte or first name rules branches out, and values that only
/// look as if they do: escaped names, whitespace before the name, the empty name,
/// non-ASCII names, names cut off, and bytes that begin no value.
const VALUES: &[&str] = &[
    r#"{"text":"a"}"#,
    r#"{"style":"bold"}"#,
    r#"{"style":"bold","see":3}"#,
    r#"{"see":3,"style":"code"}"#,
    r#"{"":null,"style":"code"}"#,
    r#"{"":null}"#,
    r#"{ "style" : "bold" }"#,
    "{\n\t\"text\":\"a\"}",
    r#"{"\u0073tyle":"bold"}"#,
    r#"{"s\u0074yle":"bold"}"#,
    r#"{"\u0074ext":"a"}"#,
    r#"{"zed":1}"#,
    r#"{"x1":2}"#,
    r#"{"xy":"no"}"#,
    r#"{"é":1}"#,
    r#"{"\u00e9":1}"#,
    r#"{"\"q":1}"#,
    r#"{"q":1}"#,
    r#"{"other":1}"#,
    r#"{"text":"a","style":"bold"}"#,
    r#"{"style":"bold","text":"a"}"#,
    r#"{"style":"italic"}"#,
    r#"{"text":1}"#,
    r#"{}"#,
    r#"{"te"#,
    r#"{"text"#,
    r#"{"text":"#,
    "{\"t\u{1}\":1}",
    "{\"\u{1}\":1}",
    r#"{"style":"bold""#,
    r#"{"style"}"#,
    r#"{style:1}"#,
    "3",
    "-3",
    "4.5",
    "6",
    "1e0",
    "-",
    "true",
    "tru",
    "false",
    "null",
    "nul",
    r#""s""#,
    "[]",
    "[1]",
    "x",
    "",
];

/// Every engine decides each value as the general validator does, alone, inside an
/// array (where streamed prefixes end within it) and as a member's value.
#[test]
fn branches_ruled_out_by_first_byte_and_name_agree_through_every_engine() {
    for source in forms() {
        let form = Form::compile(source.as_bytes()).expect("the form compiles");
        for value in VALUES {
            let what = format!("{source} with {value}");
            every_engine_agrees(&form, value.as_bytes(), &what);
            let body = format!("[{value},{value}]");
            every_engine_agrees(&form, body.as_bytes(), &what);
            let body = format!(r#"{{"u":{value}}}"#);
            every_engine_agrees(&form, body.as_bytes(), &what);
        }
    }
}

/// A union one of whose branches admits the value is decided by the fast engine
/// alone, whichever branches its first byte and name rule out.
#[test]
fn unions_a_branch_admits_are_decided_by_the_fast_engine() {
    let text = r#"{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}"#;
    let span = r#"{"type":"object","properties":{"style":{"type":"string"}},"required":["style"],"additionalProperties":false}"#;
    let null = r#"{"type":"null"}"#;
    for applicator in ["anyOf", "oneOf"] {
        let source = format!(r#"{{"{applicator}":[{null},{text},{span}]}}"#);
        let form = Form::compile(source.as_bytes()).expect("the form compiles");
        for body in [
            r#"{"text":"a"}"#,
            r#"{"style":"b"}"#,
            r#"{ "style":"b"}"#,
            "null",
        ] {
            assert!(
                formgate::__fuzz::fast_accepts(&form, body.as_bytes()),
                "{source} with {body}"
            );
            assert_eq!(form.verify(body.as_bytes()), Ok(()), "{source} with {body}");
        }
    }
}

/// A union whose leads leave one branch for some values and several for others, read
/// as an element where its verdict counts (`not`, `oneOf`) and as a member's value:
/// the branch the compiled table names (`Node::sole`) is the one testing each branch
/// would leave, and a value two branches may take is read through the union as a
/// whole, so a branch's failure is never taken for the union's.
#[test]
fn sole_branches_agree_where_a_false_failure_would_count() {
    let pad = " ".repeat(16);
    let union = r#"{"anyOf":[{"type":"null"},{"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":false},{"type":"object","properties":{"b":{}},"additionalProperties":false},{"type":"string","maxLength":2}]}"#;
    let open = r#"{"anyOf":[{"type":"object","required":["x"]},{"type":"object"}]}"#;
    let mut sources = Vec::new();
    for u in [union, open] {
        sources.push(format!(r#"{{"not":{{"type":"array","items":{u}}}}}"#));
        sources.push(format!(
            r#"{{"oneOf":[{{"type":"array","items":{u}}},{{"type":"array","items":{{"type":["object","string"]}}}}]}}"#
        ));
        sources.push(format!(r#"{{"type":"array","items":{u}}}"#));
        sources.push(format!(
            r#"{{"type":"array","items":{{"type":"object","properties":{{"x":{u}}}}}}}"#
        ));
    }
    let values = [
        "null",
        "1",
        r#""ab""#,
        r#""abc""#,
        r#"{"a":1}"#,
        r#"{"a":"1"}"#,
        r#"{"b":1}"#,
        r#"{"c":1}"#,
        r#"{"\u0061":1}"#,
        "{}",
        "[]",
        "true",
        r#"{"a":1,"b":2}"#,
        r#"{"":1}"#,
        r#"{"x":1}"#,
    ];
    for source in &sources {
        let form = Form::compile(source.as_bytes()).expect("the form compiles");
        for v in values {
            for body in [
                format!("[{v}]{pad}"),
                format!("[{v}]"),
                format!(r#"[{{"x":{v}}}]{pad}"#),
                format!("[{v},{v}]{pad}"),
            ] {
                every_engine_agrees(&form, body.as_bytes(), &format!("{source} with {body}"));
            }
        }
    }
}
