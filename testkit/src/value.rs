//! [`J`]: JSON values as the generators build them, and how they are written.
//!
//! Values are [`J`], not `serde_json::Value`: serde_json rewrites exponents even with
//! `arbitrary_precision` (`1.0E1` becomes `1.0e+1`), and the tests need every number
//! exactly as written.
//!
//! [`J::compact`] writes a value as formgate must render a form: compact, members in
//! order, numbers as written, strings escaped minimally. [`J::text`] writes it in a
//! varied spelling for bodies and form sources.

use std::fmt::Write;

use crate::source::Source;

/// A JSON value: decoded strings, number lexemes as written, object members in order.
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

/// Object members, in order.
pub type Members = Vec<(String, J)>;

impl J {
    pub fn num(lexeme: &str) -> J {
        J::Num(lexeme.to_owned())
    }

    /// An object of `members`, in order.
    pub fn obj(members: &[(&str, J)]) -> J {
        J::Obj(
            members
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
        )
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

    /// The member named `name`, mutably, if this is an object that has one.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut J> {
        match self {
            J::Obj(m) => m.iter_mut().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Compact JSON with minimal escaping: how formgate renders a form.
    pub fn compact(&self) -> String {
        let mut out = String::new();
        self.write_compact(&mut out);
        out
    }

    fn write_compact(&self, out: &mut String) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => out.push_str(n),
            J::Str(s) => write_min_string(s, out),
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_compact(out);
                }
                out.push(']');
            }
            J::Obj(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_min_string(k, out);
                    out.push(':');
                    v.write_compact(out);
                }
                out.push('}');
            }
        }
    }

    /// JSON text in a varied spelling: whitespace between tokens and escapes of
    /// characters that need none, as `style` allows; one duplicate member if it asks.
    pub fn text<S: Source>(&self, src: &mut S, style: Style) -> String {
        self.text_noting_duplicate(src, style).0
    }

    /// [`J::text`], and whether a member was repeated (`style.dup` and some object is
    /// not empty).
    pub fn text_noting_duplicate<S: Source>(&self, src: &mut S, style: Style) -> (String, bool) {
        let mut w = Writer {
            src,
            style,
            out: String::new(),
            duplicated: false,
        };
        w.space();
        w.value(self);
        w.space();
        (w.out, w.duplicated)
    }

    /// Whether some number in this value has a magnitude no `f64` holds (`1e400`).
    pub fn has_overflowing_number(&self) -> bool {
        match self {
            J::Num(n) => !n
                .parse::<f64>()
                .expect("a JSON number parses as f64")
                .is_finite(),
            J::Arr(items) => items.iter().any(J::has_overflowing_number),
            J::Obj(members) => members.iter().any(|(_, v)| v.has_overflowing_number()),
            _ => false,
        }
    }

    /// Whether some string or name holds a line terminator of ECMA-262 other than `\n`
    /// (CR, U+2028, U+2029), which ECMA `.` and the regex crate's `.` read differently.
    /// Whether an integer is written with a fraction or an exponent (`1.0`, `1e2`,
    /// `10E-1`): where draft-04's `integer` is read by spelling (the `jsonschema` crate)
    /// or by value (formgate) the two differ.
    pub fn has_spelled_number(&self) -> bool {
        match self {
            J::Num(n) => spelled_integer(n),
            J::Arr(items) => items.iter().any(J::has_spelled_number),
            J::Obj(m) => m.iter().any(|(_, v)| v.has_spelled_number()),
            _ => false,
        }
    }

    /// Whether a member named `name` is anywhere in the value.
    pub fn has_member(&self, name: &str) -> bool {
        match self {
            J::Arr(items) => items.iter().any(|v| v.has_member(name)),
            J::Obj(m) => m.iter().any(|(k, v)| k == name || v.has_member(name)),
            _ => false,
        }
    }

    pub fn has_odd_line_terminator(&self) -> bool {
        let odd = |s: &str| s.contains(['\r', '\u{2028}', '\u{2029}']);
        match self {
            J::Str(s) => odd(s),
            J::Arr(items) => items.iter().any(J::has_odd_line_terminator),
            J::Obj(m) => m.iter().any(|(k, v)| odd(k) || v.has_odd_line_terminator()),
            _ => false,
        }
    }
}

/// Unique names, the first member of each name kept.
pub fn dedup(members: Members) -> Members {
    let mut out: Members = Vec::with_capacity(members.len());
    for (k, v) in members {
        if !out.iter().any(|(o, _)| *o == k) {
            out.push((k, v));
        }
    }
    out
}

/// A JSON string with only `"`, `\` and U+0000–U+001F escaped (short forms where JSON
/// has them, else `\u00xx` in lower case): the rendering formgate promises.
pub fn write_min_string(s: &str, out: &mut String) {
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
            c => out.push(c),
        }
    }
    out.push('"');
}

/// How [`J::text`] spells a value.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    /// Whitespace between tokens, sometimes.
    pub ws: bool,
    /// Escapes of characters that need none (`\u0061`, `\/`, surrogate pairs), sometimes.
    pub escapes: bool,
    /// Repeat the first member of the first non-empty object.
    pub dup: bool,
}

struct Writer<'s, S> {
    src: &'s mut S,
    style: Style,
    out: String,
    duplicated: bool,
}

impl<S: Source> Writer<'_, S> {
    fn space(&mut self) {
        if self.style.ws && self.src.chance(0.2) {
            let s = *self.src.pick(&[" ", "\n", "\t", "\r\n", "  "]);
            self.out.push_str(s);
        }
    }

    fn string(&mut self, s: &str) {
        self.out.push('"');
        for c in s.chars() {
            let fancy = self.style.escapes && self.src.chance(0.15);
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '/' if fancy => self.out.push_str("\\/"),
                '\n' if !fancy => self.out.push_str("\\n"),
                '\t' if !fancy => self.out.push_str("\\t"),
                c if (c as u32) < 0x20 || fancy => {
                    let mut units = [0u16; 2];
                    for u in c.encode_utf16(&mut units) {
                        if self.src.chance(0.5) {
                            let _ = write!(self.out, "\\u{u:04x}");
                        } else {
                            let _ = write!(self.out, "\\u{u:04X}");
                        }
                    }
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    fn value(&mut self, v: &J) {
        match v {
            J::Null => self.out.push_str("null"),
            J::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => self.out.push_str(n),
            J::Str(s) => self.string(s),
            J::Arr(items) => {
                self.out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.space();
                    self.value(item);
                    self.space();
                }
                self.out.push(']');
            }
            J::Obj(members) => {
                self.out.push('{');
                let dup = self.style.dup && !members.is_empty();
                if dup {
                    self.style.dup = false;
                    self.duplicated = true;
                }
                for (i, (k, item)) in members.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.member(k, item);
                    if i == 0 && dup {
                        self.out.push(',');
                        self.member(k, item);
                    }
                }
                self.out.push('}');
            }
        }
    }

    fn member(&mut self, k: &str, v: &J) {
        self.space();
        self.string(k);
        self.space();
        self.out.push(':');
        self.space();
        self.value(v);
        self.space();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Rng;

    #[test]
    fn writes_compact_text() {
        let v = J::Obj(vec![
            ("a".into(), J::Arr(vec![J::num("1.0"), J::Null])),
            ("\"\n\u{1}".into(), J::str("é/")),
        ]);
        assert_eq!(v.compact(), r#"{"a":[1.0,null],"\"\n\u0001":"é/"}"#);
    }

    #[test]
    fn plain_style_is_compact_and_dup_repeats_one_member() {
        let v = J::Obj(vec![("a".into(), J::Obj(vec![("b".into(), J::Null)]))]);
        let mut r = Rng::new(1);
        assert_eq!(v.text(&mut r, Style::default()), v.compact());
        let dup = Style {
            dup: true,
            ..Style::default()
        };
        let (text, duplicated) = v.text_noting_duplicate(&mut r, dup);
        assert!(duplicated);
        assert_eq!(text, r#"{"a":{"b":null},"a":{"b":null}}"#);
    }
}

/// Whether a JSON number is an integer written with a fraction or an exponent (`1.0`,
/// `1e2`, `10E-1`), decided exactly whatever the exponent: where draft-04's `integer`
/// is read by spelling (the `jsonschema` crate) or by value (formgate).
pub fn spelled_integer(lexeme: &str) -> bool {
    lexeme.contains(['.', 'e', 'E']) && integral(lexeme)
}

/// An integer written with a fraction or an exponent, written plainly (`1.50e1` →
/// `15`, `-0.0` → `0`); `None` for a number that is no integer or would take more than
/// 100 digits.
pub fn plain_integer(lexeme: &str) -> Option<String> {
    if !integral(lexeme) {
        return None;
    }
    let negative = lexeme.starts_with('-');
    let (mantissa, exponent) = match lexeme.find(['e', 'E']) {
        Some(i) => (&lexeme[..i], lexeme[i + 1..].trim_start_matches('+')),
        None => (lexeme, "0"),
    };
    let exponent: i64 = exponent.parse().ok()?;
    let mantissa = mantissa.trim_start_matches('-');
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut digits = format!("{whole}{fraction}");
    if digits.trim_start_matches('0').is_empty() {
        return Some("0".to_owned());
    }
    let shift = exponent - fraction.len() as i64;
    if shift >= 0 {
        if digits.len() as i64 + shift > 100 {
            return None;
        }
        digits.extend(std::iter::repeat_n('0', shift as usize));
    } else {
        // Integral and not zero: the last -shift digits are zeros.
        digits.truncate(digits.len().saturating_sub(shift.unsigned_abs() as usize));
    }
    let digits = digits.trim_start_matches('0');
    Some(match (digits.is_empty(), negative) {
        (true, _) => "0".to_owned(),
        (false, true) => format!("-{digits}"),
        (false, false) => digits.to_owned(),
    })
}

/// Whether a JSON number's value is an integer, exactly (any exponent).
fn integral(lexeme: &str) -> bool {
    let (mantissa, exponent) = match lexeme.find(['e', 'E']) {
        Some(i) => (&lexeme[..i], &lexeme[i + 1..]),
        None => (lexeme, "0"),
    };
    let exponent: i64 =
        exponent
            .trim_start_matches('+')
            .parse()
            .unwrap_or(if exponent.starts_with('-') {
                i64::MIN / 2
            } else {
                i64::MAX / 2
            });
    let mantissa = mantissa.trim_start_matches('-');
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: String = format!("{whole}{fraction}");
    let significant = digits.trim_end_matches('0');
    if significant.trim_start_matches('0').is_empty() {
        return true; // zero
    }
    let trailing_zeros = (digits.len() - significant.len()) as i64;
    // value = significant × 10^(exponent − |fraction| + trailing zeros)
    exponent
        .saturating_sub(fraction.len() as i64)
        .saturating_add(trailing_zeros)
        >= 0
}

#[cfg(test)]
mod integral_tests {
    #[test]
    fn integers_are_written_plainly() {
        for (n, plain) in [
            ("1.0", "1"),
            ("1e2", "100"),
            ("10E-1", "1"),
            ("-0.0", "0"),
            ("1.500e3", "1500"),
            ("-12.30e1", "-123"),
            ("3E0", "3"),
            ("0e-5", "0"),
        ] {
            assert_eq!(super::plain_integer(n).as_deref(), Some(plain), "{n}");
        }
        assert_eq!(super::plain_integer("1.5"), None);
        assert_eq!(super::plain_integer("1e400"), None);
    }

    #[test]
    fn integers_are_told_by_value() {
        for n in [
            "1.0", "1e2", "10E-1", "-0.0", "0e-5", "1.500e3", "12.30e1", "1e400",
        ] {
            assert!(super::integral(n), "{n}");
        }
        for n in ["1.5", "1e-1", "15e-2", "-0.1", "1.05e1", "1e-400"] {
            assert!(!super::integral(n), "{n}");
        }
    }
}
