//! [`J`]: JSON values as the generators build them, written exactly (numbers as their
//! lexemes, members in order), compact or in a varied spelling.

use std::fmt::Write;

/// A JSON value: decoded strings, number lexemes as written, members in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum J {
    Null,
    Bool(bool),
    /// A number lexeme, valid by RFC 8259.
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    pub fn num(lexeme: &str) -> J {
        J::Num(lexeme.to_owned())
    }

    pub fn str(s: &str) -> J {
        J::Str(s.to_owned())
    }

    /// The member named `name`, if this is an object that has one.
    pub fn get(&self, name: &str) -> Option<&J> {
        match self {
            J::Obj(m) => m.iter().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Compact JSON with minimal escaping: how formgate renders a form.
    pub fn compact(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, &mut Plain);
        out
    }

    /// JSON text spelled by `style`: whitespace between tokens, needless escapes, and a
    /// repeated member.
    pub fn text(&self, style: &mut dyn Spelling) -> String {
        let mut out = String::new();
        style.space(&mut out);
        self.write(&mut out, style);
        style.space(&mut out);
        out
    }

    fn write(&self, out: &mut String, style: &mut dyn Spelling) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => out.push_str(n),
            J::Str(s) => write_string(s, out, style),
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    style.space(out);
                    v.write(out, style);
                    style.space(out);
                }
                out.push(']');
            }
            J::Obj(members) => {
                out.push('{');
                let dup = !members.is_empty() && style.duplicate();
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_member(k, v, out, style);
                    if i == 0 && dup {
                        out.push(',');
                        write_member(k, v, out, style);
                    }
                }
                out.push('}');
            }
        }
    }
}

fn write_member(k: &str, v: &J, out: &mut String, style: &mut dyn Spelling) {
    style.space(out);
    write_string(k, out, style);
    style.space(out);
    out.push(':');
    style.space(out);
    v.write(out, style);
    style.space(out);
}

/// Choices made while writing a value.
pub trait Spelling {
    /// Whitespace between tokens, or nothing.
    fn space(&mut self, _out: &mut String) {}
    /// Whether to write this character as a `\u` escape though it needs none.
    fn escape(&mut self, _c: char) -> bool {
        false
    }
    /// Whether this object (the first non-empty one asked) repeats its first member.
    fn duplicate(&mut self) -> bool {
        false
    }
}

/// Compact, minimal escapes, no duplicate.
pub struct Plain;

impl Spelling for Plain {}

/// `s` as a JSON string: `"`, `\` and U+0000–U+001F escaped (short forms where JSON has
/// them), other characters escaped where `style` asks.
fn write_string(s: &str, out: &mut String, style: &mut dyn Spelling) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            '/' if style.escape(c) => out.push_str("\\/"),
            c if style.escape(c) => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{u:04X}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_compact_text() {
        let v = J::Obj(vec![
            ("a".into(), J::Arr(vec![J::num("1.0"), J::Null])),
            ("\"\n\u{1}".into(), J::str("é/")),
        ]);
        assert_eq!(v.compact(), r#"{"a":[1.0,null],"\"\n\u0001":"é/"}"#);
    }
}
