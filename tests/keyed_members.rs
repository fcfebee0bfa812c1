//! The members the fast engine reads in the form's order, each name compared with its
//! key at once (`ObjectChecks::keyed`, `form/names.rs`'s `Key`; benches/README.md,
//! optimization `keyed-members`): every engine must decide as the general validator
//! does, and a body that follows the form's order is decided by the fast engine alone.
//!
//! A key is compared only where 16 bytes of the body follow the name's opening quote,
//! so each body is tried as written, followed by whitespace, and inside an array.

mod common;

use common::{every_engine_agrees, every_engine_agrees_on_all, objects_alone_and_as_items};
use formgate::Form;

/// Every engine decides `body` as the general validator does, and `verify` admits it
/// exactly when `admitted`: twice, the second time with the orders the first left on
/// the thread.
fn agrees_with_orders_kept(form: &Form, body: &str, admitted: bool, what: &str) {
    every_engine_agrees(form, body.as_bytes(), what);
    for _ in 0..2 {
        assert_eq!(form.verify(body.as_bytes()).is_ok(), admitted, "{what}");
    }
}

/// Objects whose keyed members end in each way the chain can end: a name of 14 bytes
/// (too long for a key), a name that needs an escape, the end of `properties`; with
/// `maxProperties`, `minProperties`, `required` names that `properties` does not list,
/// and open and closed.
fn forms() -> Vec<String> {
    let members = r#""id":{"type":"integer"},"name":{"type":"string","maxLength":5},"":{"type":"null"},"thirteen_byte":{"type":"boolean"},"fourteen_bytes":{"type":"integer"},"tail":{"type":"integer"}"#;
    let escaped = r#""id":{"type":"integer"},"q\"x":{"type":"integer"},"name":{"type":"string"}"#;
    let shapes = [
        format!(
            r#""properties":{{{members}}},"required":["id","name"],"additionalProperties":false"#
        ),
        format!(r#""properties":{{{members}}},"required":["id","name"],"maxProperties":2"#),
        format!(r#""properties":{{{members}}},"required":["id","zz"],"minProperties":3"#),
        // At least as many members as a learned order of two closes an object with,
        // and nothing else to fail: the count at its close decides.
        format!(r#""properties":{{{members}}},"minProperties":2"#),
        format!(r#""properties":{{{members}}},"maxProperties":3,"additionalProperties":false"#),
        format!(r#""properties":{{{escaped}}},"required":["name"],"additionalProperties":false"#),
        r#""properties":{"a":{"type":"integer"}},"additionalProperties":{"type":"string"}"#
            .to_owned(),
    ];
    objects_alone_and_as_items(&shapes)
}

/// Members in the form's order and out of it, names that are a key's prefix or
/// extend it, escaped names, duplicates in and out of order, whitespace around the
/// colon, and bodies broken or cut off right after a keyed name.
const OBJECTS: &[&str] = &[
    r#"{"id":1,"name":"ab","":null,"thirteen_byte":true,"fourteen_bytes":2,"tail":0}"#,
    r#"{"id":1,"name":"ab","":null,"thirteen_byte":true,"tail":0}"#,
    r#"{"id":1,"name":"ab","":null}"#,
    r#"{"id":1,"name":"ab"}"#,
    r#"{"id":1}"#,
    r#"{"name":"ab"}"#,
    r#"{"name":"ab","id":1}"#,
    r#"{"id":1,"":null,"name":"ab"}"#,
    r#"{"id":1,"q\"x":2,"name":"ab"}"#,
    r#"{"id":1,"name":"abcdef"}"#,
    r#"{"id":"1","name":"ab"}"#,
    r#"{"id":1,"id":2,"name":"ab"}"#,
    r#"{"id":1,"name":"ab","id":2}"#,
    r#"{"id":1,"name":"ab","":null,"":null}"#,
    r#"{"id":1,"nam":"ab"}"#,
    r#"{"id":1,"names":"ab"}"#,
    r#"{"id":1,"\u006eame":"ab"}"#,
    r#"{"i\u0064":1,"name":"ab"}"#,
    r#"{"id":1,"name":"ab","thirteen_bytes":true}"#,
    r#"{"id":1,"name":"ab","x":1}"#,
    r#"{"id":1,"name":"ab","zz":"y"}"#,
    r#"{"a":1,"b":"c"}"#,
    r#"{"a":"1"}"#,
    r#"{"id" :1,"name":"ab"}"#,
    r#"{"id": 1 , "name" : "ab" }"#,
    "{\n  \"id\": 1,\n  \"name\": \"ab\",\n  \"\": null\n}",
    r#"{"id":1,"name":"ab",}"#,
    r#"{"id":1"name":"ab"}"#,
    r#"{"id" 1,"name":"ab"}"#,
    r#"{"id"x1,"name":"ab"}"#,
    r#"{"id":,"name":"ab"}"#,
    r#"{"id":1,"name":"ab""#,
    r#"{"id":1,"name":"#,
    r#"{"id":"#,
    r#"{"id""#,
    r#"{}"#,
];

/// Objects out of the form's order, each followed in an array by objects the order
/// learned from it fits in part or not at all (`verify/fast/orders.rs`): a duplicate
/// where the order proposes another member, a member missing, one more, the form's
/// own order, and an order that ends at a long or unlisted name.
const LEARNED: &[&str] = &[
    r#"{"name":"ab","id":1}"#,
    r#"{"name":"ab","name":"cd","id":1}"#,
    r#"{"name":"ab","id":1,"id":2}"#,
    r#"{"name":"ab"}"#,
    r#"{"name":"ab","id":1,"":null}"#,
    r#"{"id":1,"name":"ab"}"#,
    r#"{"name":"ab","id":1,"fourteen_bytes":2}"#,
    r#"{"name":"ab","id":1,"x":1}"#,
    r#"{"name":"abcdef","id":1}"#,
    r#"{"tail":1,"":null,"thirteen_byte":true,"name":"ab","id":1}"#,
    r#"{"tail":1,"":null,"thirteen_byte":true,"name":"ab","id":1,"fourteen_bytes":2}"#,
];

/// Each object as written, followed by whitespace (so that a key can be compared at
/// its last member), and twice inside an array; and each pair of the objects out of
/// order, one after the other in an array.
fn bodies() -> Vec<String> {
    let pad = " ".repeat(16);
    let mut bodies: Vec<String> = OBJECTS
        .iter()
        .flat_map(|o| {
            [
                o.to_string(),
                format!("{o}{pad}"),
                format!("[{o},{o}]{pad}"),
            ]
        })
        .collect();
    for a in LEARNED {
        for b in LEARNED {
            bodies.push(format!("[{a},{b},{a}]{pad}"));
        }
    }
    bodies
}

/// Every engine decides each body as the general validator does.
#[test]
fn keyed_members_agree_through_every_engine() {
    every_engine_agrees_on_all(&forms(), &bodies());
}

/// A body that follows the form's order, with or without whitespace around its
/// colons, is decided by the fast engine alone.
#[test]
fn bodies_in_the_forms_order_are_decided_by_the_fast_engine() {
    let source = r#"{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"},"":{"type":"null"},"thirteen_byte":{"type":"boolean"}},"required":["id","thirteen_byte"],"additionalProperties":false}"#;
    let form = Form::compile(source.as_bytes()).expect("the form compiles");
    for body in [
        r#"{"id":1,"name":"ab","":null,"thirteen_byte":true}                "#,
        r#"{"id" : 1, "name" : "ab", "" : null, "thirteen_byte" : true}"#,
        r#"{"id":1,"thirteen_byte":true,"name":"ab"}                "#,
    ] {
        assert!(
            formgate::__fuzz::fast_accepts(&form, body.as_bytes()),
            "{body}"
        );
        assert_eq!(form.verify(body.as_bytes()), Ok(()), "{body}");
    }
}

/// An order learned for one form's object stays on the thread when the form is
/// dropped; a form compiled after it may put its own object's checks at the same
/// address. The order holds the dropped form's keys, landed nodes and running totals,
/// so it is filed by the checks' serial, never their address: the next form's
/// limits, types and required names are its own.
#[test]
fn an_order_left_by_a_dropped_form_is_never_applied() {
    let pad = " ".repeat(16);
    let body = format!(r#"{{"c":1,"b":1,"a":1}}{pad}"#);
    let after = [
        r#"{"type":"object","properties":{"a":{},"b":{},"c":{}},"maxProperties":2}"#,
        r#"{"type":"object","properties":{"a":{},"b":{},"c":{"type":"string"}}}"#,
        r#"{"type":"object","properties":{"a":{},"b":{},"c":{}},"required":["d"]}"#,
        // The same names over other nodes: the dropped form's landed nodes would
        // check `c` against this one's `z`.
        r#"{"type":"object","properties":{"b":{},"a":{},"z":{},"c":{"type":"string"}}}"#,
        r#"{"type":"object","properties":{"b":{},"a":{},"z":{},"c":{"type":"string"}}}"#,
    ];
    for _ in 0..20 {
        let before = r#"{"type":"object","properties":{"a":{},"b":{},"c":{}}}"#;
        let form = Form::compile(before.as_bytes()).expect("the form compiles");
        assert_eq!(form.verify(body.as_bytes()), Ok(()));
        assert_eq!(form.verify(body.as_bytes()), Ok(()));
        drop(form);
        // Forms compiled one after another, so that one of them files its orders
        // where the dropped form's is (none of them learns one: each rejects).
        for after in after {
            let form = Form::compile(after.as_bytes()).expect("the form compiles");
            every_engine_agrees(&form, body.as_bytes(), &format!("{after} after {before}"));
            assert!(form.verify(body.as_bytes()).is_err(), "{after}");
        }
    }
}

/// Objects of six kinds, each nested in the one before, each written out of its
/// form's order: an object is read in its learned order while the objects inside it
/// are read, and more kinds than the engine keeps orders for take turns at the same
/// places. Every engine decides as the general validator does, the last repetition
/// breaking the form at each depth in turn.
#[test]
fn nested_objects_read_in_learned_orders_agree() {
    const KINDS: usize = 6;
    let mut defs = Vec::new();
    for k in 0..KINDS {
        let inner = if k + 1 < KINDS {
            format!(r##"{{"$ref":"#/$defs/o{}"}}"##, k + 1)
        } else {
            r#"{"type":"integer"}"#.to_owned()
        };
        defs.push(format!(
            r#""o{k}":{{"type":"object","properties":{{"inner":{inner},"n{k}":{{"type":"integer","maximum":5}}}},"required":["inner","n{k}"],"additionalProperties":false}}"#
        ));
    }
    let source = format!(
        r##"{{"type":"array","items":{{"$ref":"#/$defs/o0"}},"$defs":{{{}}}}}"##,
        defs.join(",")
    );
    let form = Form::compile(source.as_bytes()).expect("the form compiles");
    // Each object writes its own member first, then the nested one.
    let object = |broken: Option<usize>| {
        let mut text = "1".to_owned();
        for k in (0..KINDS).rev() {
            let n = if broken == Some(k) { 6 } else { 1 };
            text = format!(r#"{{"n{k}":{n},"inner":{text}}}"#);
        }
        text
    };
    let pad = " ".repeat(16);
    let good = object(None);
    for broken in (0..KINDS).map(Some).chain([None]) {
        let body = format!("[{good},{good},{}]{pad}", object(broken));
        let what = format!("{body} against {source}");
        agrees_with_orders_kept(&form, &body, broken.is_none(), &what);
    }
}

/// An object begun in a learned order and finished by the loop after it is learned
/// whole, the order's members first; an object that then repeats a name is refused,
/// whatever the order says.
#[test]
fn an_order_extended_after_a_partial_read_keeps_duplicates_out() {
    let source =
        r#"{"type":"array","items":{"type":"object","properties":{"z":{},"a":{},"b":{}}}}"#;
    let form = Form::compile(source.as_bytes()).expect("the form compiles");
    let pad = " ".repeat(16);
    for body in [
        format!(r#"[{{"b":1,"a":1}},{{"b":1,"a":1,"z":1}},{{"a":1,"a":1}}]{pad}"#),
        format!(r#"[{{"b":1,"a":1}},{{"b":1,"a":1,"z":1}},{{"b":1,"a":1,"z":1,"b":1}}]{pad}"#),
        format!(r#"[{{"b":1,"a":1}},{{"b":1,"a":1,"z":1}},{{"b":1,"a":1,"a":1}}]{pad}"#),
    ] {
        every_engine_agrees(&form, body.as_bytes(), &body);
        assert!(form.verify(body.as_bytes()).is_err(), "{body}");
    }
}

/// Objects of 15 to 64 members, each written in reverse of its form's order: orders of
/// up to 16 members are learned, longer ones are not. Each is followed by copies with
/// one member out of its bound, left out, or written twice.
#[test]
fn long_objects_out_of_order_agree() {
    let pad = " ".repeat(16);
    for n in [15usize, 16, 17, 20, 64] {
        let properties: Vec<String> = (0..n)
            .map(|i| format!(r#""p{i:02}":{{"maximum":{i}}}"#))
            .collect();
        let source = format!(
            r#"{{"type":"array","items":{{"type":"object","properties":{{{}}},"required":["p00"],"additionalProperties":false}}}}"#,
            properties.join(",")
        );
        let form = Form::compile(source.as_bytes()).expect("the form compiles");
        let reversed: Vec<String> = (0..n).rev().map(|i| format!(r#""p{i:02}":{i}"#)).collect();
        let good = format!("{{{}}}", reversed.join(","));
        let mut bodies = vec![format!("[{good},{good},{good}]{pad}")];
        for bad in 0..n {
            let at = n - 1 - bad;
            let mut over = reversed.clone();
            over[at] = format!(r#""p{bad:02}":{}"#, bad + 1);
            let mut missing = reversed.clone();
            missing.remove(at);
            let mut twice = reversed.clone();
            twice.insert(at, format!(r#""p{bad:02}":{bad}"#));
            for members in [over, missing, twice] {
                bodies.push(format!("[{good},{good},{{{}}}]{pad}", members.join(",")));
            }
        }
        for body in bodies {
            every_engine_agrees(&form, body.as_bytes(), &format!("{n} members: {body}"));
        }
    }
}

/// A recursive form whose objects nest in one another deeper than the engine keeps
/// orders for one checks (`orders.rs`, `DEEPEST`), each written out of the form's
/// order, with a leaf beside each level: every depth reads in the order learned at
/// its own depth, or without one. The last copy breaks the form at each depth in turn
/// (a bound, a missing member, a repeated one, an unknown one).
#[test]
fn recursive_objects_read_in_learned_orders_agree() {
    let source = r##"{"$ref":"#/$defs/c","$defs":{"c":{"type":"object","properties":{"a":{"type":"integer","maximum":5},"b":{"type":"array","items":{"$ref":"#/$defs/c"}},"id":{"type":"integer"}},"required":["a","b"],"additionalProperties":false}}}"##;
    let form = Form::compile(source.as_bytes()).expect("the form compiles");
    const DEPTH: usize = 14;
    // Each object writes `id` first, where the form lists `a`.
    let tree = |broken: Option<(usize, usize)>| {
        let mut text = r#"{"id":99,"b":[],"a":1}"#.to_owned();
        for d in (0..DEPTH).rev() {
            let leaf = r#"{"id":0,"b":[],"a":2}"#;
            let members = match broken {
                Some((at, way)) if at == d => [
                    format!(r#""id":{d},"b":[{leaf},{text}],"a":6"#),
                    format!(r#""id":{d},"b":[{leaf},{text}]"#),
                    format!(r#""id":{d},"b":[{leaf},{text}],"a":1,"id":{d}"#),
                    format!(r#""id":{d},"b":[{leaf},{text}],"a":1,"z":1"#),
                ][way]
                    .clone(),
                _ => format!(r#""id":{d},"b":[{leaf},{text}],"a":1"#),
            };
            text = format!("{{{members}}}");
        }
        text
    };
    let pad = " ".repeat(16);
    let good = tree(None);
    let broken = (0..DEPTH).flat_map(|at| (0..4).map(move |way| Some((at, way))));
    for broken in [None].into_iter().chain(broken) {
        // Wrapped in an object of the same checks whose `b` holds the good tree
        // first, so the orders at every depth are learned before the broken copy.
        let body = format!(r#"{{"id":-1,"b":[{good},{}],"a":1}}{pad}"#, tree(broken));
        let what = format!("{broken:?}: {body}");
        agrees_with_orders_kept(&form, &body, broken.is_none(), &what);
    }
}

/// Five kinds of objects that name the same members over other bounds, each nesting
/// the next in turn, all written out of the form's order: with more kinds than slots,
/// two share one, so orders of other checks lie on its stack under and over the
/// order being read. A member within its own kind's bound but not another's must be
/// decided by its own kind's: no order of one kind is ever applied to another.
#[test]
fn recursive_kinds_sharing_a_slot_keep_their_own_orders() {
    const KINDS: usize = 5;
    const DEPTH: usize = 15;
    let defs: Vec<String> = (0..KINDS)
        .map(|k| {
            format!(
                r##""k{k}":{{"type":"object","properties":{{"a":{{"type":"integer","maximum":{k}}},"b":{{"type":"array","items":{{"$ref":"#/$defs/k{}"}}}}}},"required":["a","b"],"additionalProperties":false}}"##,
                (k + 1) % KINDS
            )
        })
        .collect();
    let source = format!(
        r##"{{"$ref":"#/$defs/k0","$defs":{{{}}}}}"##,
        defs.join(",")
    );
    let form = Form::compile(source.as_bytes()).expect("the form compiles");
    // Each object writes `b` first, where the form lists `a`; each `b` holds an empty
    // object of the next kind first, then the rest of the chain.
    let chain = |over: Option<usize>| {
        let mut text = String::new();
        for d in (0..DEPTH).rev() {
            // The body's own object is of kind 0, so the chain begins with kind 1.
            let kind = (d + 1) % KINDS;
            let next = (d + 2) % KINDS;
            let a = if over == Some(d) { kind + 1 } else { kind };
            let rest = if text.is_empty() {
                String::new()
            } else {
                format!(",{text}")
            };
            text = format!(r#"{{"b":[{{"b":[],"a":{next}}}{rest}],"a":{a}}}"#);
        }
        text
    };
    let pad = " ".repeat(16);
    let good = chain(None);
    for over in [None].into_iter().chain((0..DEPTH).map(Some)) {
        let body = format!(r#"{{"b":[{good},{}],"a":0}}{pad}"#, chain(over));
        let what = format!("{over:?}: {body}");
        agrees_with_orders_kept(&form, &body, over.is_none(), &what);
    }
}
