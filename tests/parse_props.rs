//! Property tests for the strict parser.
//!
//! 1. Round trips: generated values, written as JSON (by a writer that varies escapes
//!    and whitespace, by formgate's `Display`, by serde_json), parse back equal.
//! 2. A one-way differential against serde_json (`arbitrary_precision`, `preserve_order`)
//!    on arbitrary bytes, JSON-alphabet bytes and mutated valid JSON: formgate never
//!    panics; if formgate accepts, serde_json accepts an equal value; if serde_json
//!    rejects, formgate rejects. The oracle's own deviations are pinned down in
//!    `oracle_*` tests below: serde_json accepts duplicate names (formgate does not:
//!    fine one way), rejects lone surrogate escapes like formgate, rewrites exponents
//!    (`1E5` → `1e+5`, compared after the same rewrite), and stops at depth 128 where
//!    formgate's default accepts exactly 128 (accounted for precisely).

mod common;

use formgate::json::Value;
use formgate::Limits;
use formgate_testkit::config;
use proptest::prelude::*;

/// A JSON value as the generator sees it: decoded strings, number lexemes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum J {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

fn limits() -> Limits {
    Limits::default().with_max_bytes(usize::MAX)
}

// ---------------------------------------------------------------------------
// Generators

fn json_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::char::range(' ', '~'),
        2 => prop::sample::select(vec!['"', '\\', '/', '\u{7f}', 'é', '\u{301}', '\u{2028}',
            '\u{feff}', '\u{ffff}', '\u{d7ff}', '\u{e000}', '\u{1f600}', '\u{10000}',
            '\u{10ffff}']),
        1 => proptest::char::range('\u{0}', '\u{1f}'),
        1 => any::<char>(),
    ]
}

fn json_string() -> impl Strategy<Value = String> {
    prop::collection::vec(json_char(), 0..10).prop_map(|cs| cs.into_iter().collect())
}

/// Short names from a small alphabet, so that objects come close to duplicates.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[abé/\"\\\\]{0,3}",
        1 => json_string(),
    ]
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => "-?(0|[1-9][0-9]{0,25})(\\.[0-9]{1,12})?([eE][+-]?[0-9]{1,4})?",
        1 => "-?[1-9](\\.[0-9]{1,3})?[eE][+-]?[1-9][0-9]{10,30}",
        1 => prop::sample::select(vec!["-0", "0", "-0.0", "0e0", "-0E-0", "1E400", "1e-400",
            "9007199254740993", "18446744073709551616", "-9223372036854775809"])
            .prop_map(str::to_string),
    ]
}

fn json_value() -> impl Strategy<Value = J> {
    let leaf = prop_oneof![
        Just(J::Null),
        any::<bool>().prop_map(J::Bool),
        number().prop_map(J::Num),
        json_string().prop_map(J::Str),
    ];
    // Depth at most 6 containers: far from serde_json's limit of 128.
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(J::Arr),
            prop::collection::vec((name(), inner), 0..6).prop_map(|members| {
                let mut seen = std::collections::HashSet::new();
                J::Obj(
                    members
                        .into_iter()
                        .filter(|(k, _)| seen.insert(k.clone()))
                        .collect(),
                )
            }),
        ]
    })
}

// ---------------------------------------------------------------------------
// A JSON writer that varies its style with a seed: optional escapes (short and `\u`,
// either hex case, surrogate pairs), `\/`, and whitespace between tokens.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn one_in(&mut self, n: u64) -> bool {
        self.next() % n == 0
    }
}

fn ws(out: &mut String, rng: &mut Rng) {
    if rng.one_in(4) {
        let all = [" ", "\t", "\n", "\r", " \r\n\t "];
        out.push_str(all[(rng.next() % all.len() as u64) as usize]);
    }
}

fn write_u(out: &mut String, unit: u32, rng: &mut Rng) {
    if rng.one_in(2) {
        out.push_str(&format!("\\u{unit:04X}"));
    } else {
        out.push_str(&format!("\\u{unit:04x}"));
    }
}

fn write_string(s: &str, out: &mut String, rng: &mut Rng) {
    out.push('"');
    for c in s.chars() {
        let must = c == '"' || c == '\\' || c < ' ';
        if !must && !rng.one_in(6) {
            out.push(c);
            continue;
        }
        let short = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '/' => Some("\\/"),
            '\u{8}' => Some("\\b"),
            '\u{c}' => Some("\\f"),
            '\n' => Some("\\n"),
            '\r' => Some("\\r"),
            '\t' => Some("\\t"),
            _ => None,
        };
        match short {
            Some(e) if rng.one_in(2) => out.push_str(e),
            _ => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    write_u(out, u32::from(*u), rng);
                }
            }
        }
    }
    out.push('"');
}

fn write(j: &J, out: &mut String, rng: &mut Rng) {
    ws(out, rng);
    match j {
        J::Null => out.push_str("null"),
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::Num(n) => out.push_str(n),
        J::Str(s) => write_string(s, out, rng),
        J::Arr(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out, rng);
            }
            ws(out, rng);
            out.push(']');
        }
        J::Obj(members) => {
            out.push('{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                ws(out, rng);
                write_string(k, out, rng);
                ws(out, rng);
                out.push(':');
                write(v, out, rng);
            }
            ws(out, rng);
            out.push('}');
        }
    }
    ws(out, rng);
}

fn written(j: &J, seed: u64) -> String {
    let mut out = String::new();
    write(j, &mut out, &mut Rng(seed | 1));
    out
}

// ---------------------------------------------------------------------------
// Conversions and comparisons

fn from_formgate(v: &Value<'_>) -> J {
    match v {
        Value::Null => J::Null,
        Value::Bool(b) => J::Bool(*b),
        Value::Number(n) => J::Num(n.as_str().to_string()),
        Value::String(s) => J::Str(s.to_string()),
        Value::Array(a) => J::Arr(a.iter().map(from_formgate).collect()),
        Value::Object(m) => J::Obj(
            m.iter()
                .map(|(k, v)| (k.to_string(), from_formgate(v)))
                .collect(),
        ),
    }
}

fn from_serde(v: &serde_json::Value) -> J {
    match v {
        serde_json::Value::Null => J::Null,
        serde_json::Value::Bool(b) => J::Bool(*b),
        serde_json::Value::Number(n) => J::Num(n.to_string()),
        serde_json::Value::String(s) => J::Str(s.clone()),
        serde_json::Value::Array(a) => J::Arr(a.iter().map(from_serde).collect()),
        serde_json::Value::Object(m) => {
            J::Obj(m.iter().map(|(k, v)| (k.clone(), from_serde(v))).collect())
        }
    }
}

fn to_serde(j: &J) -> serde_json::Value {
    match j {
        J::Null => serde_json::Value::Null,
        J::Bool(b) => serde_json::Value::Bool(*b),
        J::Num(n) => serde_json::from_str(n).expect("a generated number is JSON"),
        J::Str(s) => serde_json::Value::String(s.clone()),
        J::Arr(a) => serde_json::Value::Array(a.iter().map(to_serde).collect()),
        J::Obj(m) => {
            serde_json::Value::Object(m.iter().map(|(k, v)| (k.clone(), to_serde(v))).collect())
        }
    }
}

/// A number lexeme as serde_json (`arbitrary_precision`) writes it back: the exponent
/// marker lowercased and given an explicit sign. Everything else is kept.
fn serde_lexeme(n: &str) -> String {
    let mut out = String::with_capacity(n.len() + 1);
    let mut chars = n.chars().peekable();
    while let Some(c) = chars.next() {
        if c == 'e' || c == 'E' {
            out.push('e');
            if !matches!(chars.peek(), Some('+' | '-')) {
                out.push('+');
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn serde_numbers(j: &J) -> J {
    match j {
        J::Num(n) => J::Num(serde_lexeme(n)),
        J::Arr(a) => J::Arr(a.iter().map(serde_numbers).collect()),
        J::Obj(m) => J::Obj(
            m.iter()
                .map(|(k, v)| (k.clone(), serde_numbers(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Nested containers, counted as `max_depth` counts them.
fn containers(v: &Value<'_>) -> usize {
    match v {
        Value::Array(a) => 1 + a.iter().map(containers).max().unwrap_or(0),
        Value::Object(m) => 1 + m.iter().map(|(_, v)| containers(v)).max().unwrap_or(0),
        _ => 0,
    }
}

/// The one-way differential for one input.
fn agrees_with_serde_json(bytes: &[u8]) -> Result<(), TestCaseError> {
    // Same verdict from parse, check and the pull parser, under several limits; none
    // may panic.
    for limits in [
        Limits::default(),
        Limits::default().with_max_depth(2),
        Limits::default().with_max_bytes(bytes.len() / 2),
    ] {
        if let Err(e) = common::verdict(bytes, &limits) {
            return Err(TestCaseError::fail(format!("{bytes:?}: {e}")));
        }
    }
    let ours = formgate::json::parse(bytes, &Limits::default());
    let theirs = serde_json::from_slice::<serde_json::Value>(bytes);
    match (&ours, &theirs) {
        (Ok(v), Ok(s)) => {
            prop_assert_eq!(
                serde_numbers(&from_formgate(v)),
                from_serde(s),
                "formgate and serde_json read {:?} differently",
                String::from_utf8_lossy(bytes)
            );
        }
        (Ok(v), Err(e)) => {
            // serde_json's recursion limit stops at 128 open containers; formgate's
            // default admits exactly 128.
            let depth_128 =
                containers(v) == 128 && e.to_string().starts_with("recursion limit exceeded");
            prop_assert!(
                depth_128,
                "formgate accepts what serde_json rejects ({}): {:?}",
                e,
                String::from_utf8_lossy(bytes)
            );
        }
        (Err(_), _) => {}
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(config("parse_props", 256))]

    /// Any spelling of a value (escapes, whitespace) parses to that value; its `Display`
    /// parses back equal.
    #[test]
    fn written_values_parse_back(j in json_value(), seed in any::<u64>()) {
        let text = written(&j, seed);
        let v = match formgate::json::parse(text.as_bytes(), &limits()) {
            Ok(v) => v,
            Err(e) => return Err(TestCaseError::fail(format!("{text:?} rejected: {e}"))),
        };
        prop_assert_eq!(&from_formgate(&v), &j, "{:?}", text);
        let shown = v.to_string();
        let w = formgate::json::parse(shown.as_bytes(), &limits()).expect("Display re-parses");
        prop_assert!(w == v, "{:?} displayed as {:?}", text, shown);
        // The same text through serde_json: an equal value (numbers as serde writes them).
        let s: serde_json::Value = serde_json::from_str(&text).expect("serde_json reads it");
        prop_assert_eq!(from_serde(&s), serde_numbers(&j));
    }

    /// serde_json's output parses to the value serde_json was given, and formgate's
    /// `Display` of it is byte for byte serde_json's compact text (both escape minimally:
    /// `"`, `\`, and controls as `\b \f \n \r \t` or lowercase `\u00XX`).
    #[test]
    fn serde_json_output_parses_back(j in json_value()) {
        let s = to_serde(&j);
        let expected = serde_numbers(&j);
        for text in [serde_json::to_string(&s).unwrap(), serde_json::to_string_pretty(&s).unwrap()] {
            let v = match formgate::json::parse(text.as_bytes(), &limits()) {
                Ok(v) => v,
                Err(e) => return Err(TestCaseError::fail(format!("{text:?} rejected: {e}"))),
            };
            prop_assert_eq!(&from_formgate(&v), &expected, "{:?}", text);
        }
        let compact = serde_json::to_string(&s).unwrap();
        let v = formgate::json::parse(compact.as_bytes(), &limits()).unwrap();
        prop_assert_eq!(v.to_string(), compact.as_str());
    }
}

proptest! {
    #![proptest_config(config("parse_props", 2048))]

    #[test]
    fn arbitrary_bytes_agree_one_way(bytes in prop::collection::vec(any::<u8>(), 0..48)) {
        agrees_with_serde_json(&bytes)?;
    }

    #[test]
    fn json_alphabet_bytes_agree_one_way(
        bytes in prop::collection::vec(prop::sample::select(ALPHABET.to_vec()), 0..40)
    ) {
        agrees_with_serde_json(&bytes)?;
    }
}

proptest! {
    // Generating a value costs more than parsing it; fewer cases, each more telling.
    #![proptest_config(config("parse_props", 768))]

    #[test]
    fn mutated_json_agrees_one_way(
        j in json_value(),
        seed in any::<u64>(),
        edits in prop::collection::vec(
            (0u8..6, any::<prop::sample::Index>(), any::<u8>(), any::<prop::sample::Index>()),
            1..4,
        ),
    ) {
        let mut bytes = written(&j, seed).into_bytes();
        for (op, at, b, from) in edits {
            mutate(&mut bytes, op, at, b, from);
        }
        agrees_with_serde_json(&bytes)?;
    }
}

/// Bytes that matter to JSON, UTF-8 and the parser's special cases.
const ALPHABET: &[u8] = b"{}[]\",:\\ \t\n\r0123456789-+.eEtrufalsn/ubfDdCc8'x\
    \x00\x01\x0c\x1f\x7f\x80\xa0\xa9\xbb\xbf\xc0\xc3\xcc\xe0\xed\xef\xf0\xf4\x90\xff";

fn mutate(bytes: &mut Vec<u8>, op: u8, at: prop::sample::Index, b: u8, from: prop::sample::Index) {
    let n = bytes.len();
    let byte = ALPHABET[b as usize % ALPHABET.len()];
    match op {
        // Replace a byte with an interesting one, or with any byte.
        0 if n > 0 => bytes[at.index(n)] = byte,
        1 if n > 0 => bytes[at.index(n)] = b,
        2 => bytes.insert(at.index(n + 1), byte),
        3 if n > 0 => {
            bytes.remove(at.index(n));
        }
        // Copy a short run elsewhere: repeats names, values, separators.
        4 if n > 0 => {
            let start = from.index(n);
            let end = (start + 1 + b as usize % 12).min(n);
            let run = bytes[start..end].to_vec();
            let to = at.index(n + 1);
            bytes.splice(to..to, run);
        }
        5 => bytes.truncate(at.index(n + 1)),
        _ => {}
    }
}

// ---------------------------------------------------------------------------
// The oracle's behaviour, pinned down so the differential above stays honest.

#[test]
fn oracle_serde_json_accepts_duplicate_names() {
    let text = br#"{"a":1,"a":2}"#;
    assert!(serde_json::from_slice::<serde_json::Value>(text).is_ok());
    assert!(formgate::json::parse(text, &Limits::default()).is_err());
}

#[test]
fn oracle_serde_json_rejects_lone_surrogate_escapes() {
    for text in [
        r#""\uD800""#,
        r#""\uDC00""#,
        r#""\uD800\u0041""#,
        r#""\uDC00\uD800""#,
    ] {
        assert!(
            serde_json::from_str::<serde_json::Value>(text).is_err(),
            "serde_json accepted {text}"
        );
        assert!(formgate::json::parse(text.as_bytes(), &Limits::default()).is_err());
    }
}

#[test]
fn oracle_serde_json_keeps_lexemes_but_rewrites_exponents() {
    for (lexeme, shown) in [
        ("-0", "-0"),
        ("1.0", "1.0"),
        ("1E5", "1e+5"),
        ("1e5", "1e+5"),
        ("1e-5", "1e-5"),
        ("2.50E+07", "2.50e+07"),
        (
            "123456789012345678901234567890",
            "123456789012345678901234567890",
        ),
    ] {
        let n: serde_json::Value = serde_json::from_str(lexeme).unwrap();
        assert_eq!(n.to_string(), shown);
        assert_eq!(serde_lexeme(lexeme), shown);
        let v = formgate::json::parse(lexeme.as_bytes(), &Limits::default()).unwrap();
        assert_eq!(v.to_string(), lexeme, "formgate keeps the lexeme");
    }
}

#[test]
fn oracle_serde_json_stops_at_depth_128() {
    let nest = |d: usize| format!("{}{}", "[".repeat(d), "]".repeat(d));
    assert!(serde_json::from_str::<serde_json::Value>(&nest(127)).is_ok());
    let e = serde_json::from_str::<serde_json::Value>(&nest(128)).unwrap_err();
    assert!(e.to_string().starts_with("recursion limit exceeded"), "{e}");
    // formgate's default admits exactly 128; the differential allows that one case.
    assert!(agrees_with_serde_json(nest(128).as_bytes()).is_ok());
    assert!(formgate::json::parse(nest(129).as_bytes(), &Limits::default()).is_err());
}

#[test]
fn writer_escapes_round_trip_through_serde_json() {
    // A sanity check of the test's own writer against the oracle.
    let j = J::Obj(vec![
        (
            "a/\"\\".to_string(),
            J::Str("\u{0}\u{1f}\u{7f}\u{1f600}\u{10ffff}".to_string()),
        ),
        (
            "".to_string(),
            J::Arr(vec![J::Num("-0".to_string()), J::Null, J::Bool(true)]),
        ),
    ]);
    for seed in 0..200 {
        let text = written(&j, seed);
        let s: serde_json::Value = serde_json::from_str(&text).expect(&text);
        assert_eq!(from_serde(&s), serde_numbers(&j), "{text}");
    }
}
