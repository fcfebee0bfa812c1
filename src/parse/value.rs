//! [`Value`]: a strict JSON document as a tree that borrows from its input.
//!
//! Invariants:
//! 1. Strings without escapes and all number lexemes borrow from the input; only
//!    unescaped strings are owned.
//! 2. Objects keep their members in document order; names are unique (the parser
//!    guarantees it).
//! 3. Nothing here recurses on the depth of the tree: building, dropping, comparing and
//!    writing use explicit stacks, so any depth the limits admit is safe.

use std::borrow::Cow;
use std::fmt;

use super::error::ParseError;
use super::event::{Event, Str};
use super::Parser;

/// A JSON number, kept as its exact lexeme (RFC 8259 grammar already checked).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Number<'a>(Cow<'a, str>);

impl<'a> Number<'a> {
    /// The lexeme exactly as written (`1.0`, `-0`, `1e400`).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Number<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A strict JSON value.
///
/// Equality is structural with numbers compared by lexeme (`1.0 != 1` here; the
/// validator compares numbers by value) and object members compared in order.
/// `Debug` prints the compact JSON.
pub enum Value<'a> {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, as its exact lexeme.
    Number(Number<'a>),
    /// A string, unescaped.
    String(Cow<'a, str>),
    /// An array.
    Array(Vec<Value<'a>>),
    /// An object's members in document order.
    Object(Vec<(Cow<'a, str>, Value<'a>)>),
}

impl<'a> Value<'a> {
    /// The member named `name`, if this is an object that has one.
    pub fn get(&self, name: &str) -> Option<&Value<'a>> {
        match self {
            Value::Object(m) => m.iter().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, if this is one.
    pub fn as_number(&self) -> Option<&Number<'a>> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    pub fn as_array(&self) -> Option<&[Value<'a>]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The members in document order, if this is an object.
    pub fn as_object(&self) -> Option<&[(Cow<'a, str>, Value<'a>)]> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// The same value, owning all its text.
    pub fn into_owned(self) -> Value<'static> {
        own(self)
    }

    /// The nesting depth in containers, as `max_depth` counts it: a scalar has depth 0,
    /// `[]` depth 1, `[[1]]` depth 2.
    pub fn depth(&self) -> usize {
        let mut max = 0;
        let mut stack = vec![(self, 0usize)];
        while let Some((v, d)) = stack.pop() {
            match v {
                Value::Array(a) => {
                    max = max.max(d + 1);
                    stack.extend(a.iter().map(|e| (e, d + 1)));
                }
                Value::Object(m) => {
                    max = max.max(d + 1);
                    stack.extend(m.iter().map(|(_, e)| (e, d + 1)));
                }
                _ => {}
            }
        }
        max
    }
}

fn own(v: Value<'_>) -> Value<'static> {
    rebuild(&v, |s| Cow::Owned(s.to_string()))
}

/// Copy a tree bottom-up without recursion (invariant 3), mapping every text through
/// `text`.
fn rebuild<'a, 'b>(v: &Value<'a>, text: impl Fn(&Cow<'a, str>) -> Cow<'b, str>) -> Value<'b> {
    enum Todo<'v, 'a> {
        Visit(&'v Value<'a>),
        Array(usize),
        Object(&'v [(Cow<'a, str>, Value<'a>)]),
    }
    let mut todo = vec![Todo::Visit(v)];
    let mut done: Vec<Value<'b>> = Vec::new();
    while let Some(t) = todo.pop() {
        match t {
            Todo::Visit(v) => match v {
                Value::Null => done.push(Value::Null),
                Value::Bool(b) => done.push(Value::Bool(*b)),
                Value::Number(n) => done.push(Value::Number(Number(text(&n.0)))),
                Value::String(s) => done.push(Value::String(text(s))),
                Value::Array(a) => {
                    todo.push(Todo::Array(a.len()));
                    todo.extend(a.iter().rev().map(Todo::Visit));
                }
                Value::Object(m) => {
                    todo.push(Todo::Object(m));
                    todo.extend(m.iter().rev().map(|(_, v)| Todo::Visit(v)));
                }
            },
            Todo::Array(n) => {
                let items = done.split_off(done.len() - n);
                done.push(Value::Array(items));
            }
            Todo::Object(members) => {
                let values = done.split_off(done.len() - members.len());
                let names = members.iter().map(|(k, _)| text(k));
                done.push(Value::Object(names.zip(values).collect()));
            }
        }
    }
    done.pop().expect("one value")
}

impl Clone for Value<'_> {
    fn clone(&self) -> Self {
        rebuild(self, Cow::clone)
    }
}

impl fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_compact(self, &mut out);
        write!(f, "Value({out})")
    }
}

impl Drop for Value<'_> {
    fn drop(&mut self) {
        // Invariant 3: flatten children onto a heap stack instead of recursing.
        let mut stack = match self {
            Value::Array(a) if !a.is_empty() => std::mem::take(a),
            Value::Object(m) if !m.is_empty() => {
                std::mem::take(m).into_iter().map(|(_, v)| v).collect()
            }
            _ => return,
        };
        while let Some(mut v) = stack.pop() {
            match &mut v {
                Value::Array(a) => stack.append(a),
                Value::Object(m) => stack.extend(std::mem::take(m).into_iter().map(|(_, v)| v)),
                _ => {}
            }
        }
    }
}

impl PartialEq for Value<'_> {
    fn eq(&self, other: &Self) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            match (a, b) {
                (Value::Null, Value::Null) => {}
                (Value::Bool(x), Value::Bool(y)) if x == y => {}
                (Value::Number(x), Value::Number(y)) if x == y => {}
                (Value::String(x), Value::String(y)) if x == y => {}
                (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                    stack.extend(x.iter().zip(y.iter()));
                }
                (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
                    for ((kx, vx), (ky, vy)) in x.iter().zip(y.iter()) {
                        if kx != ky {
                            return false;
                        }
                        stack.push((vx, vy));
                    }
                }
                _ => return false,
            }
        }
        true
    }
}

impl Eq for Value<'_> {}

/// Compact JSON: no whitespace, strings escaped minimally (`"`, `\`, control
/// characters), numbers exactly as their lexemes.
impl fmt::Display for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_compact(self, &mut out);
        f.write_str(&out)
    }
}

/// Append `s` as a JSON string literal with minimal escaping.
pub(crate) fn write_json_string(s: &str, out: &mut String) {
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if esc.is_empty() {
            out.push_str(&format!("\\u{:04x}", b));
        } else {
            out.push_str(esc);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Append the compact serialization of `v` (no recursion).
pub(crate) fn write_compact(v: &Value<'_>, out: &mut String) {
    enum Item<'v, 'a> {
        Value(&'v Value<'a>),
        Text(&'static str),
        Name(&'v str),
    }
    let mut stack = vec![Item::Value(v)];
    while let Some(item) = stack.pop() {
        match item {
            Item::Text(t) => out.push_str(t),
            Item::Name(n) => {
                write_json_string(n, out);
                out.push(':');
            }
            Item::Value(v) => match v {
                Value::Null => out.push_str("null"),
                Value::Bool(true) => out.push_str("true"),
                Value::Bool(false) => out.push_str("false"),
                Value::Number(n) => out.push_str(n.as_str()),
                Value::String(s) => write_json_string(s, out),
                Value::Array(a) => {
                    out.push('[');
                    stack.push(Item::Text("]"));
                    for (i, e) in a.iter().enumerate().rev() {
                        stack.push(Item::Value(e));
                        if i > 0 {
                            stack.push(Item::Text(","));
                        }
                    }
                }
                Value::Object(m) => {
                    out.push('{');
                    stack.push(Item::Text("}"));
                    for (i, (k, e)) in m.iter().enumerate().rev() {
                        stack.push(Item::Value(e));
                        stack.push(Item::Name(k));
                        if i > 0 {
                            stack.push(Item::Text(","));
                        }
                    }
                }
            },
        }
    }
}

fn text<'a>(s: Str<'a, '_>) -> Cow<'a, str> {
    match s {
        Str::Input(s) => Cow::Borrowed(s),
        Str::Scratch(s) => Cow::Owned(s.to_owned()),
    }
}

enum Open<'a> {
    Array(Vec<Value<'a>>),
    Object(Vec<(Cow<'a, str>, Value<'a>)>, Option<Cow<'a, str>>),
}

/// Builds a [`Value`] from a well-formed event sequence with an explicit stack
/// (invariant 3), so any consumer of events can also keep the tree.
#[derive(Default)]
pub(crate) struct TreeBuilder<'a> {
    open: Vec<Open<'a>>,
    root: Option<Value<'a>>,
}

impl<'a> TreeBuilder<'a> {
    /// Take one event.
    pub(crate) fn push(&mut self, ev: Event<'a, '_>) {
        let v = match ev {
            Event::ObjectStart => {
                self.open.push(Open::Object(Vec::new(), None));
                return;
            }
            Event::ArrayStart => {
                self.open.push(Open::Array(Vec::new()));
                return;
            }
            Event::Key(k) => {
                if let Some(Open::Object(_, key)) = self.open.last_mut() {
                    *key = Some(text(k));
                }
                return;
            }
            Event::ObjectEnd | Event::ArrayEnd => match self.open.pop() {
                Some(Open::Array(a)) => Value::Array(a),
                Some(Open::Object(m, _)) => Value::Object(m),
                None => unreachable!("the parser balances containers"),
            },
            Event::String(s) => Value::String(text(s)),
            Event::Number(n) => Value::Number(Number(text(n))),
            Event::Bool(b) => Value::Bool(b),
            Event::Null => Value::Null,
        };
        match self.open.last_mut() {
            Some(Open::Array(a)) => a.push(v),
            Some(Open::Object(m, key)) => {
                let k = key.take().expect("the parser gives every value a name");
                m.push((k, v));
            }
            None => self.root = Some(v),
        }
    }

    /// The finished tree (after the parser's `End`).
    pub(crate) fn finish(self) -> Value<'a> {
        self.root.expect("a complete document has a value")
    }
}

/// Build the tree from the parser's events.
pub(crate) fn build<'a>(p: &mut Parser<'a>) -> Result<Value<'a>, ParseError> {
    let mut tree = TreeBuilder::default();
    while let Some(ev) = p.next()? {
        tree.push(ev);
    }
    Ok(tree.finish())
}
