//! The form's order read past optional members a body leaves out
//! (`ObjectChecks::keyed`'s runs and their `skip`s; benches/README.md, optimization
//! `keyed-skips`): every engine must decide as the general validator does, and a body
//! that follows the form's order, whichever optional members it leaves out, is
//! decided by the fast engine alone.

mod common;

use common::{every_engine_agrees_on_all, objects_alone_and_as_items};
use formgate::Form;

/// The members: `a` and `e` required, `b`, `c` and `d` optional between them.
const MEMBERS: &str = r#""a":{"type":"integer"},"b":{"type":"string","maxLength":3},"c":{"type":"integer","maximum":5},"d":{"type":"boolean"},"e":{"type":"null"}"#;

/// The object checks the bodies meet: closed, open, with `maxProperties` and
/// `minProperties` (counted by each run's totals), and with `e` optional too.
fn forms() -> Vec<String> {
    let shapes = [
        format!(r#""properties":{{{MEMBERS}}},"required":["a","e"],"additionalProperties":false"#),
        format!(r#""properties":{{{MEMBERS}}},"required":["a","e"]"#),
        format!(r#""properties":{{{MEMBERS}}},"required":["a","e"],"maxProperties":3"#),
        format!(r#""properties":{{{MEMBERS}}},"required":["a","e"],"minProperties":4"#),
        format!(r#""properties":{{{MEMBERS}}},"required":["a"],"additionalProperties":false"#),
    ];
    objects_alone_and_as_items(&shapes)
}

/// Each subset of the optional members, in the form's order, between `a` and `e`.
fn in_order() -> Vec<String> {
    let optional = [r#""b":"xy""#, r#""c":3"#, r#""d":true"#];
    (0..8)
        .map(|bits: usize| {
            let mut members = vec![r#""a":1"#];
            members.extend((0..3).filter(|k| bits & 1 << k != 0).map(|k| optional[k]));
            members.push(r#""e":null"#);
            format!("{{{}}}", members.join(","))
        })
        .collect()
}

/// Bodies that leave a run: a member out of order after one passed over, a duplicate
/// of a member read or passed over, a value its member fails, an unlisted name, the
/// required `e` missing, a NUL byte where a run ends, and bodies cut off after a
/// member passed over.
const LEAVING: &[&str] = &[
    r#"{"a":1,"c":3,"b":"xy","e":null}"#,
    r#"{"a":1,"d":true,"c":3,"e":null}"#,
    r#"{"a":1,"c":3,"e":null,"b":"xy"}"#,
    r#"{"a":1,"c":3,"e":null,"c":4}"#,
    r#"{"a":1,"c":3,"c":4,"e":null}"#,
    r#"{"a":1,"d":true,"e":null,"a":2}"#,
    r#"{"a":1,"c":9,"e":null}"#,
    r#"{"a":1,"c":3,"d":"no","e":null}"#,
    r#"{"a":1,"b":"wxyz","d":true,"e":null}"#,
    r#"{"a":1,"c":3,"x":1,"e":null}"#,
    r#"{"a":1,"c":3,"e":null,"x":1}"#,
    r#"{"a":1,"c":3}"#,
    r#"{"a":1,"d":true}"#,
    r#"{"a":1,"c":3,"d":true,"e":null,"#,
    "{\"a\":1,\"c\":3,\"d\":true,\"e\":null,\u{0}\"x\":1}",
    "{\"a\":1,\"d\":true,\"e\":null,\u{0}\"x\":1}",
    r#"{"a":1,"c":3,"e":nul"#,
    r#"{"a":1,"d":true,"e""#,
    r#"{"a":1,"c":"#,
];

/// Each body as written, followed by whitespace (so that a key can be compared at
/// its last member), and three times in an array.
fn bodies() -> Vec<String> {
    let pad = " ".repeat(16);
    in_order()
        .into_iter()
        .chain(LEAVING.iter().map(|b| b.to_string()))
        .flat_map(|o| {
            [
                o.clone(),
                format!("{o}{pad}"),
                format!("[{o},{o},{o}]{pad}"),
            ]
        })
        .collect()
}

/// Every engine decides each body as the general validator does.
#[test]
fn keyed_skips_agree_through_every_engine() {
    every_engine_agrees_on_all(&forms(), &bodies());
}

/// A body in the form's order is decided by the fast engine alone, whichever of
/// the optional members it leaves out, and rejected by it where a member passed
/// over to is out of its bounds.
#[test]
fn bodies_leaving_out_optional_members_are_decided_by_the_fast_engine() {
    let source = format!(
        r#"{{"type":"object","properties":{{{MEMBERS}}},"required":["a","e"],"additionalProperties":false}}"#
    );
    let form = Form::compile(source.as_bytes()).expect("the form compiles");
    let pad = " ".repeat(16);
    for body in in_order() {
        let body = format!("{body}{pad}");
        assert!(
            formgate::__fuzz::fast_accepts(&form, body.as_bytes()),
            "{body}"
        );
        assert_eq!(form.verify(body.as_bytes()), Ok(()), "{body}");
    }
    let body = format!(r#"{{"a":1,"c":9,"e":null}}{pad}"#);
    let rejection = form
        .verify(body.as_bytes())
        .expect_err("c is over its maximum");
    assert_eq!(rejection.pointer(), "/c", "{rejection}");
}
