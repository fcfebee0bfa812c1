//! The `compile_form` target: any bytes, or a generated form, as a schema.
//!
//! [`compile_form`] asserts, for any input:
//! 1. [`Form::compile`] returns; it never panics, whatever the bytes.
//! 2. A form error is well-formed: a byte offset within the input (when there is one),
//!    a JSON Pointer (`""` or starting with `/`), a message.
//! 3. A compiled form renders to a fixed point: its `schema_json` is strict JSON, compiles
//!    again, and the second form renders the same text (docs/ARCHITECTURE.md, "Where each promise is kept").
//! 4. The form and its re-compiled rendering give the same verdict, kind, offset and
//!    pointers on a few fixed bodies, on the form's own text, and on every string the
//!    form holds (pattern sources, enum members, names, as string bodies): what is
//!    published enforces what was compiled.
//! 5. The published GET body is strict JSON.

use crate::json::{parse, Value};
use crate::publish::Message;
use crate::{Form, FormErrorKind, Limits};

/// Bodies every compiled form is tried on, besides the form's own text and strings.
const BODIES: &[&[u8]] = &[
    b"null",
    b"true",
    b"0",
    b"-1.5e1",
    b"\"\"",
    b"\"a\"",
    b"[]",
    b"[1,\"a\",null,{}]",
    b"{}",
    b"{\"a\":1,\"b\":[true]}",
    b"{\"a\":1,\"a\":2}",
    b"[",
];

/// How many strings of the form are tried as bodies (invariant 4), at most.
const MAX_STRINGS: usize = 24;

/// Run every check above on `data`; panics on a violation, returns the compiled form.
pub fn compile_form(data: &[u8]) -> Option<Form> {
    // 1.
    let form = match Form::compile(data) {
        Ok(form) => form,
        Err(e) => {
            // 2.
            if let Some(offset) = e.offset() {
                assert!(
                    offset <= data.len() as u64,
                    "form error offset {offset} past the end ({} bytes): {e:?}",
                    data.len()
                );
            }
            assert!(
                e.pointer().is_empty() || e.pointer().starts_with('/'),
                "not a JSON Pointer: {e:?}"
            );
            if let FormErrorKind::Parse(p) = e.kind() {
                assert_eq!(e.offset(), Some(p.offset()), "{e:?}");
            }
            assert!(!e.to_string().is_empty());
            return None;
        }
    };

    // 3.
    let text = form.schema_json().to_owned();
    let text = text.as_str();
    let rendered = parse(text.as_bytes(), &Limits::default())
        .unwrap_or_else(|e| panic!("the rendered form is not strict JSON ({e}): {text}"));
    let again = Form::compile(text.as_bytes())
        .unwrap_or_else(|e| panic!("the rendered form does not compile ({e}): {text}"));
    assert_eq!(again.schema_json(), text, "rendering is not a fixed point");

    // 4.
    let mut bodies: Vec<Vec<u8>> = BODIES.iter().map(|b| b.to_vec()).collect();
    bodies.push(data.to_vec());
    let mut strings = Vec::new();
    collect_strings(&rendered, &mut strings);
    drop(rendered);
    for s in strings {
        let mut body = String::new();
        crate::parse::value::write_json_string(&s, &mut body);
        bodies.push(body.into_bytes());
    }
    for body in &bodies {
        let first = form.verify(body);
        let second = again.verify(body);
        assert_eq!(
            first,
            second,
            "the form and its rendering disagree on {:?}\nform {text}",
            String::from_utf8_lossy(body)
        );
    }

    // 5.
    let published = form.publish("prompt", &[Message::new("user", "content")]);
    parse(published.body(), &Limits::default()).expect("the GET body is strict JSON");
    Some(form)
}

/// The first [`MAX_STRINGS`] strings of `v`, member names included, breadth first.
fn collect_strings(v: &Value<'_>, out: &mut Vec<String>) {
    let mut queue = std::collections::VecDeque::from([v]);
    while let Some(v) = queue.pop_front() {
        if out.len() >= MAX_STRINGS {
            return;
        }
        match v {
            Value::String(s) => out.push(s.to_string()),
            Value::Array(items) => queue.extend(items),
            Value::Object(members) => {
                for (k, x) in members {
                    out.push(k.to_string());
                    queue.push_back(x);
                }
            }
            _ => {}
        }
    }
}
