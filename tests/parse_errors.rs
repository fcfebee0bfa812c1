//! Table-driven strict-parse corpus: `tests/data/parse_errors.txt` gives, per case, the
//! verdict (the `ParseErrorKind` variant, or `ok`) and the exact byte offset. Every case
//! goes through `parse`, `check` and the pull `Parser`, which must agree; all failures
//! are collected before one assertion.
//!
//! `FORMGATE_TEST_FILTER=text` runs only the cases whose name contains `text`.

mod common;

use std::collections::BTreeSet;

use formgate::json::ParseErrorKind;
use formgate::Limits;

const CORPUS: &str = include_str!("data/parse_errors.txt");

/// Every `ParseErrorKind` variant; each must be exercised by the corpus.
const ALL_KINDS: [&str; 18] = [
    "TooLarge",
    "TooDeep",
    "Bom",
    "UnexpectedEnd",
    "ExpectedValue",
    "ExpectedKey",
    "ExpectedColon",
    "ExpectedCommaOrClose",
    "TrailingComma",
    "TrailingBytes",
    "InvalidLiteral",
    "InvalidNumber",
    "LeadingZero",
    "ControlCharacter",
    "InvalidEscape",
    "LoneSurrogate",
    "InvalidUtf8",
    "DuplicateKey",
];

struct Case {
    line: usize,
    name: String,
    /// `None` for `ok`.
    expect: Option<(String, u64)>,
    limits: Limits,
    input: Vec<u8>,
}

/// Split off the next whitespace-delimited field.
fn field(rest: &str) -> Option<(&str, &str)> {
    let rest = rest.trim_start();
    if rest.is_empty() {
        return None;
    }
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    Some((&rest[..end], &rest[end..]))
}

/// Decode the input column: `\xNN` is the byte NN, everything else is itself.
fn decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && bytes.get(i + 1) == Some(&b'x') {
            if let Some(b) = text
                .get(i + 2..i + 4)
                .filter(|h| h.bytes().all(|c| c.is_ascii_hexdigit()))
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(b);
                i += 4;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

fn parse_limits(text: &str) -> Result<Limits, String> {
    let mut limits = Limits::default();
    if text == "-" {
        return Ok(limits);
    }
    for part in text.split(',') {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("limit {part:?} is not key=value"))?;
        let n: usize = value.parse().map_err(|e| format!("limit {part:?}: {e}"))?;
        limits = match key {
            "bytes" => limits.with_max_bytes(n),
            "depth" => limits.with_max_depth(n),
            _ => return Err(format!("unknown limit {key:?}")),
        };
    }
    Ok(limits)
}

fn corpus(failures: &mut Vec<String>) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut names = BTreeSet::new();
    for (n, line) in CORPUS.lines().enumerate() {
        let n = n + 1;
        let line = line.trim_end();
        if line.trim_start().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let Some((name, rest)) = field(line) else {
            continue;
        };
        let mut fail = None;
        let Some((expect, rest)) = field(rest) else {
            failures.push(format!("line {n}: {name}: missing columns"));
            continue;
        };
        let Some((offset, rest)) = field(rest) else {
            failures.push(format!("line {n}: {name}: missing offset and limits"));
            continue;
        };
        let Some((limits, rest)) = field(rest) else {
            failures.push(format!("line {n}: {name}: missing limits"));
            continue;
        };
        let input = decode(rest.trim_start());
        if !names.insert(name.to_string()) {
            fail = Some(format!("duplicate case name {name}"));
        }
        let expect = match (expect, offset) {
            ("ok", "-") => None,
            ("ok", _) => {
                fail = Some(format!("{name}: an ok case takes `-` as its offset"));
                None
            }
            (kind, offset) => match offset.parse::<u64>() {
                Ok(at) if ALL_KINDS.contains(&kind) => Some((kind.to_string(), at)),
                Ok(_) => {
                    fail = Some(format!("{name}: unknown kind {kind:?}"));
                    None
                }
                Err(e) => {
                    fail = Some(format!("{name}: offset {offset:?}: {e}"));
                    None
                }
            },
        };
        let limits = match parse_limits(limits) {
            Ok(l) => l,
            Err(e) => {
                fail = Some(format!("{name}: {e}"));
                Limits::default()
            }
        };
        if let Some(f) = fail {
            failures.push(format!("line {n}: {f}"));
            continue;
        }
        cases.push(Case {
            line: n,
            name: name.to_string(),
            expect,
            limits,
            input,
        });
    }
    cases
}

/// `DuplicateKey` → `duplicate-key`.
fn kebab(variant: &str) -> String {
    let mut out = String::new();
    for (i, c) in variant.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

fn show(kind: Option<(String, u64)>) -> String {
    match kind {
        None => "ok".to_string(),
        Some((k, at)) => format!("{k} at {at}"),
    }
}

#[test]
fn parse_error_corpus() {
    let filter = common::filter();
    let mut failures = Vec::new();
    let cases = corpus(&mut failures);
    let mut run = 0;
    let mut kinds_seen = BTreeSet::new();
    for case in &cases {
        if let Some((kind, _)) = &case.expect {
            kinds_seen.insert(kind.as_str());
        }
        if !common::selected(&case.name, filter.as_deref()) {
            continue;
        }
        run += 1;
        let err = match common::verdict(&case.input, &case.limits) {
            Ok(e) => e,
            Err(e) => {
                failures.push(format!("line {} {}: {e}", case.line, case.name));
                continue;
            }
        };
        // A limit error names the limit in force.
        match err.as_ref().map(|e| e.kind()) {
            Some(ParseErrorKind::TooLarge { limit }) if limit != case.limits.max_bytes() => {
                failures.push(format!("{}: TooLarge names {limit}", case.name));
            }
            Some(ParseErrorKind::TooDeep { limit }) if limit != case.limits.max_depth() => {
                failures.push(format!("{}: TooDeep names {limit}", case.name));
            }
            _ => {}
        }
        // The stable name is the variant's, in kebab-case.
        if let Some(e) = &err {
            let (variant, name) = (common::kind_name(e.kind()), e.kind().name());
            if name != kebab(&variant) {
                failures.push(format!("{}: {variant} is named {name:?}", case.name));
            }
        }
        let got = err.map(|e| (common::kind_name(e.kind()), e.offset()));
        if got != case.expect {
            failures.push(format!(
                "line {} {}: expected {}, got {}",
                case.line,
                case.name,
                show(case.expect.clone()),
                show(got)
            ));
            continue;
        }
        if case.expect.is_none() {
            // What is accepted renders to text that parses back to the same value.
            let v = formgate::json::parse(&case.input, &case.limits).expect("accepted above");
            let text = v.to_string();
            let limits = Limits::default().with_max_bytes(usize::MAX);
            match formgate::json::parse(text.as_bytes(), &limits) {
                Ok(w) if w == v => {}
                other => failures.push(format!(
                    "{}: rendered as {text:?}, which parses as {other:?}",
                    case.name
                )),
            };
        }
    }
    if filter.is_none() {
        for kind in ALL_KINDS {
            if !kinds_seen.contains(kind) {
                failures.push(format!("no case for ParseErrorKind::{kind}"));
            }
        }
    }
    eprintln!("parse_errors: {run} of {} cases run", cases.len());
    assert!(
        failures.is_empty(),
        "{} parse-error corpus failure(s):\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}

#[test]
fn corpus_decoder_reads_hex_escapes_only() {
    assert_eq!(decode(r"\x5Cx41"), b"\\x41");
    assert_eq!(decode(r"\u0041\\n"), b"\\u0041\\\\n");
    assert_eq!(decode(r"\xC3\xA9\x20"), "é ".as_bytes());
    assert_eq!(decode(r"\xZZ\x4"), b"\\xZZ\\x4");
    assert_eq!(decode("é"), "é".as_bytes());
}

/// The JSON Pointer of the enclosing value, for a sample of errors.
#[test]
fn errors_carry_the_pointer_of_the_enclosing_value() {
    let deep = Limits::default().with_max_depth(2);
    let cases: &[(&str, &Limits, &str, u64, &str)] = &[
        (
            r#"{"a":[1,{"b":x}]}"#,
            &Limits::new(),
            "ExpectedValue",
            13,
            "/a/1/b",
        ),
        (r#"[1,2,trux]"#, &Limits::new(), "InvalidLiteral", 5, "/2"),
        (
            r#"{"a~b/c":x}"#,
            &Limits::new(),
            "ExpectedValue",
            9,
            "/a~0b~1c",
        ),
        (
            r#"{"a":{"b":1,"b":2}}"#,
            &Limits::new(),
            "DuplicateKey",
            12,
            "/a",
        ),
        (r#"{"a":[["#, &deep, "TooDeep", 6, "/a/0"),
        (r#"[1,]"#, &Limits::new(), "TrailingComma", 3, ""),
        (
            "{\"a\":\"\\uD800\"}",
            &Limits::new(),
            "LoneSurrogate",
            6,
            "/a",
        ),
        ("", &Limits::new(), "UnexpectedEnd", 0, ""),
    ];
    let mut failures = Vec::new();
    for &(input, limits, kind, at, pointer) in cases {
        match formgate::json::parse(input.as_bytes(), limits) {
            Ok(_) => failures.push(format!("{input}: accepted")),
            Err(e) => {
                let got = (common::kind_name(e.kind()), e.offset(), e.pointer());
                if got != (kind.to_string(), at, Some(pointer)) {
                    failures.push(format!(
                        "{input}: expected {kind} at {at} in {pointer:?}, got {got:?}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
