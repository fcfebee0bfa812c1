//! Differential test of verdicts against the `jsonschema` crate (the form's dialect,
//! format assertion on, its `arbitrary-precision` feature on so it reads numbers exactly).
//!
//! 1. Forms generated within Vocabulary v1 and bodies aimed at them get the same verdict
//!    from formgate as from jsonschema, wherever the two cannot legitimately differ:
//!    the [`ORACLE`] profile leaves out what [`KNOWN_DIFFERENCES`] lists.
//! 2. Every entry of [`KNOWN_DIFFERENCES`] is typed (its [`Area`] and [`Basis`]),
//!    justified, and proved still real by its examples: a stale entry fails
//!    `known_differences_are_real`. Every sample the profile leaves out either agrees or
//!    is listed: a missing entry fails `known_differences_cover_every_excluded_sample`.
//! 3. Bodies are handed to jsonschema as `serde_json::Value` parsed from the same bytes.
//!    A body with a duplicate member name is not (serde_json keeps the last member);
//!    formgate must reject it, by design.
//! 4. Forms come in every dialect jsonschema reads as formgate does (draft-06, draft-07,
//!    2019-09, 2020-12; draft-04 too, whose `integer` both read by spelling), each compiled by
//!    both as its `$schema` says. The numeric formats, which jsonschema ignores, reach it
//!    as the ranges they mean (`testkit::for_jsonschema`); content keywords only in
//!    draft-07, the one dialect where jsonschema asserts them too, with the samples
//!    marked `oracle` (its JSON admits duplicate names). The marks are checked by
//!    `numeric_formats_and_content_agree_where_marked`.

use formgate::json::ParseErrorKind;
use formgate::{Form, Limits};
use formgate_testkit::oracle::{jsonschema_admits, jsonschema_validator};
use formgate_testkit::{self as testkit, config, short_decimal, J, ORACLE};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// Known differences

/// Where a difference lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Area {
    /// The two read the grammar of this `format` differently on some strings.
    Format(&'static str),
    /// jsonschema's ECMA-262 → `regex` translation changes the meaning of this construct.
    Pattern(&'static str),
    /// jsonschema falls back to `f64` for some numbers.
    Number(NumberArea),
    /// jsonschema gives this keyword its 2020-12 meaning in the earlier dialect named.
    Dialect(&'static str, &'static str),
}

/// The corners where jsonschema, `arbitrary-precision` on, still reads a number as `f64`:
/// it compares a body exactly with a bound written as an integer, but through `f64`
/// with a bound written with a fraction or exponent, and in some `multipleOf` checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NumberArea {
    /// A body whose decimal no `f64` holds: more significant digits than a double
    /// carries (`1.0000000000000001`), or an integer beyond 2^53 spelled with a fraction
    /// or an exponent (`9007199254740993.0`). jsonschema rounds it to the nearest `f64`.
    RoundedToF64,
    /// A nonzero body below the smallest `f64` (`1e-400`). jsonschema reads it as zero.
    UnderflowToZero,
}

/// Why the difference is not a formgate bug.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Basis {
    /// formgate follows the cited specification; jsonschema does not.
    OracleDeviates,
    /// The specifications leave the choice open; formgate documents its choice.
    ImplementationDefined,
}

/// A verdict formgate and jsonschema legitimately disagree on.
#[derive(Debug)]
struct KnownDifference {
    area: Area,
    basis: Basis,
    /// `(form, body, formgate admits)`, form and body as JSON texts; jsonschema's
    /// verdict is the opposite.
    examples: &'static [(&'static str, &'static str, bool)],
    reason: &'static str,
}

const KNOWN_DIFFERENCES: &[KnownDifference] = &[
    KnownDifference {
        area: Area::Dialect("2019-09", "unevaluatedItems"),
        basis: Basis::OracleDeviates,
        examples: &[
            (
                r#"{"$schema":"https://json-schema.org/draft/2019-09/schema","contains":true,"unevaluatedItems":false}"#,
                "[1]",
                false,
            ),
            (
                r#"{"$schema":"https://json-schema.org/draft/2019-09/schema","contains":{"type":"string"},"items":[true],"unevaluatedItems":false}"#,
                r#"[1,"a"]"#,
                false,
            ),
        ],
        reason: "2019-09 (Core §9.3.1.3) lets `unevaluatedItems` see the annotations of \
                 `items`, `additionalItems` and `unevaluatedItems` only; 2020-12 (Core \
                 §11.2) added `contains`. jsonschema counts `contains` matches as \
                 evaluated in 2019-09 forms too. The generators turn the oracle off for a \
                 2019-09 form holding both keywords.",
    },
    KnownDifference {
        area: Area::Format("duration"),
        basis: Basis::ImplementationDefined,
        examples: &[
            (r#"{"format":"duration"}"#, r#""p1d""#, true),
            (r#"{"format":"duration"}"#, r#""pt1h""#, true),
        ],
        reason: "RFC 3339 Appendix A defines `duration` in ABNF, whose literals are \
                 case-insensitive (RFC 5234 §2.3), the rule that also gives RFC 3339 its \
                 `t` and `z`; formgate accepts lower-case designators, jsonschema only \
                 ISO 8601's upper case.",
    },
    KnownDifference {
        area: Area::Format("hostname"),
        basis: Basis::ImplementationDefined,
        examples: &[(r#"{"format":"hostname"}"#, r#""r3---sn-abc.example""#, true)],
        reason: "RFC 1123 §2.1 allows any letter-digit-hyphen label; the ban on `--` in \
                 the third and fourth positions (RFC 5891 §4.2.3.1) is for U-labels, \
                 i.e. IDNA names. formgate holds only `xn--` labels to IDNA2008; \
                 jsonschema applies the hyphen rule to every ASCII label.",
    },
    KnownDifference {
        area: Area::Format("regex"),
        basis: Basis::OracleDeviates,
        examples: &[(r#"{"format":"regex"}"#, r#""\\p{Foo}""#, false)],
        reason: "ECMA-262 §22.2.1.1 makes an unknown Unicode property name a syntax \
                 error under the `u` flag; jsonschema accepts it.",
    },
    KnownDifference {
        area: Area::Format("idn-hostname"),
        basis: Basis::OracleDeviates,
        examples: &[
            (
                r#"{"format":"idn-hostname"}"#,
                r#""B\u00fccher.example""#,
                false,
            ),
            (r#"{"format":"idn-hostname"}"#, r#""-a""#, false),
            (r#"{"format":"idn-hostname"}"#, r#""a..b""#, false),
        ],
        reason: "jsonschema checks `idn-hostname` only with its `idna` feature, which the \
                 oracle is built without: it treats the format as unknown and admits \
                 every string, so it does not assert the format it was asked to.",
    },
    KnownDifference {
        area: Area::Format("idn-email"),
        basis: Basis::OracleDeviates,
        examples: &[
            (
                r#"{"format":"idn-email"}"#,
                r#""user@B\u00fccher.example""#,
                false,
            ),
            (r#"{"format":"idn-email"}"#, r#""@x""#, false),
        ],
        reason: "jsonschema checks `idn-email` only with its `idna` feature, which the \
                 oracle is built without: it admits every string.",
    },
    KnownDifference {
        area: Area::Pattern("."),
        basis: Basis::OracleDeviates,
        examples: &[
            (r#"{"pattern":"^.{2,4}$"}"#, r#""a\rb""#, false),
            (r#"{"pattern":"^.{2,4}$"}"#, r#""\u2028x""#, false),
            (r#"{"pattern":"^.{2,4}$"}"#, r#""x\u2029""#, false),
        ],
        reason: "ECMA-262 `.` matches every code point but the four LineTerminators \
                 (U+000A, U+000D, U+2028, U+2029); jsonschema hands `.` to the regex \
                 crate, whose `.` leaves out only U+000A.",
    },
    KnownDifference {
        area: Area::Pattern("\\b"),
        basis: Basis::OracleDeviates,
        examples: &[
            (r#"{"pattern":"\\bfoo\\b"}"#, r#""éfoo""#, true),
            (r#"{"pattern":"\\bfoo\\b"}"#, r#""fooé""#, true),
        ],
        reason: "ECMA-262 `\\b` (without the `i` flag) looks at the ASCII word \
                 characters of `\\w`, so `é` is not one; jsonschema keeps the regex \
                 crate's Unicode-aware `\\b`.",
    },
    KnownDifference {
        area: Area::Number(NumberArea::RoundedToF64),
        basis: Basis::OracleDeviates,
        examples: &[
            (
                r#"{"minimum":9007199254740993}"#,
                "9007199254740993.0",
                true,
            ),
            (
                r#"{"minimum":9007199254740993}"#,
                "9007199254740993e0",
                true,
            ),
            (
                r#"{"minimum":9007199254740993}"#,
                "9.007199254740993e15",
                true,
            ),
            (
                r#"{"exclusiveMaximum":9007199254740993}"#,
                "9007199254740993.0",
                false,
            ),
            (
                r#"{"exclusiveMaximum":9007199254740993}"#,
                "9007199254740993e0",
                false,
            ),
            (
                r#"{"exclusiveMaximum":9007199254740993}"#,
                "9.007199254740993e15",
                false,
            ),
            (r#"{"maximum":1.0}"#, "1.0000000000000001", false),
            (r#"{"maximum":1e0}"#, "1.0000000000000001", false),
            (r#"{"exclusiveMinimum":1.0}"#, "1.0000000000000001", true),
            (r#"{"exclusiveMinimum":1e0}"#, "1.0000000000000001", true),
            (r#"{"multipleOf":1}"#, "1.0000000000000001", false),
            (r#"{"multipleOf":1.0}"#, "1.0000000000000001", false),
            (r#"{"multipleOf":1e0}"#, "1.0000000000000001", false),
        ],
        reason: "A JSON number denotes its decimal value (README, exact numbers; 2020-12 \
                 compares values, not floats): 9007199254740993.0 equals the bound \
                 9007199254740993 and 1.0000000000000001 exceeds 1 and is no integer. \
                 jsonschema compares these bodies as the nearest f64 \
                 (9007199254740992, 1).",
    },
    KnownDifference {
        area: Area::Number(NumberArea::UnderflowToZero),
        basis: Basis::OracleDeviates,
        examples: &[
            (r#"{"maximum":-0.0}"#, "1e-400", false),
            (r#"{"exclusiveMinimum":-0.0}"#, "1e-400", true),
            (r#"{"multipleOf":1.0}"#, "1e-400", false),
            (r#"{"multipleOf":1e0}"#, "1e-400", false),
            (r#"{"multipleOf":1.0E1}"#, "1e-400", false),
            (r#"{"multipleOf":2.5e1}"#, "1e-400", false),
            (r#"{"multipleOf":1e2}"#, "1e-400", false),
            (r#"{"multipleOf":1E2}"#, "1e-400", false),
            (r#"{"multipleOf":9007199254740993}"#, "1e-400", false),
            (
                r#"{"multipleOf":123456789012345678901234567890}"#,
                "1e-400",
                false,
            ),
            (r#"{"multipleOf":1e400}"#, "1e-400", false),
        ],
        reason: "1e-400 is greater than zero and no integer multiple of these; \
                 jsonschema reads it as the f64 zero, which is neither.",
    },
];

// ---------------------------------------------------------------------------
// The two validators

/// One form, compiled by both.
struct Both {
    form: String,
    ours: Form,
    theirs: jsonschema::Validator,
}

impl Both {
    fn new(form: &str) -> Both {
        Both {
            form: form.to_owned(),
            ours: Form::compile(form.as_bytes())
                .unwrap_or_else(|e| panic!("formgate does not compile {form}: {e}")),
            theirs: jsonschema_validator(form),
        }
    }

    /// (formgate admits, jsonschema admits) for `body`, a JSON text.
    fn verdicts(&self, body: &str) -> (bool, bool) {
        (
            self.ours.verify(body.as_bytes()).is_ok(),
            jsonschema_admits(&self.theirs, body.as_bytes()),
        )
    }

    /// Bodies the two disagree on, as `form body` lines, unless a known difference
    /// lists them.
    fn unlisted<'b>(&self, bodies: impl IntoIterator<Item = &'b str>) -> Vec<String> {
        bodies
            .into_iter()
            .filter(|body| {
                let (ours, theirs) = self.verdicts(body);
                ours != theirs && !listed(&self.form, body)
            })
            .map(|body| format!("{} {body}", self.form))
            .collect()
    }
}

fn pattern_form(source: &str) -> String {
    J::Obj(vec![("pattern".into(), J::str(source))]).compact()
}

fn format_form(name: &str) -> String {
    J::Obj(vec![("format".into(), J::str(name))]).compact()
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Whether an entry lists `body` for `form` (bodies compared as values: escapes may
/// differ).
fn listed(form: &str, body: &str) -> bool {
    let body = json(body);
    KNOWN_DIFFERENCES.iter().any(|d| {
        d.examples
            .iter()
            .any(|&(f, b, _)| f == form && json(b) == body)
    })
}

/// `1234` also as `1234.0`, `1234e0` and `1.234e3`: spellings of a wide integer that a
/// float reading may treat differently from the integer.
fn respellings(lexeme: &str) -> Vec<String> {
    let digits = lexeme.strip_prefix('-').unwrap_or(lexeme);
    if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() < 2 {
        return Vec::new();
    }
    let sign = &lexeme[..lexeme.len() - digits.len()];
    vec![
        format!("{lexeme}.0"),
        format!("{lexeme}e0"),
        format!(
            "{sign}{}.{}e{}",
            &digits[..1],
            &digits[1..],
            digits.len() - 1
        ),
    ]
}

const NUMBER_KEYWORDS: [&str; 6] = [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "const",
];

// ---------------------------------------------------------------------------
// Tests of the table

#[test]
fn known_differences_are_real() {
    let mut stale = Vec::new();
    for d in KNOWN_DIFFERENCES {
        for &(form, body, admits) in d.examples {
            let (ours, theirs) = Both::new(form).verdicts(body);
            if ours != admits || theirs == admits {
                stale.push(format!(
                    "{:?} {form} {body}: formgate {ours}, jsonschema {theirs}",
                    d.area
                ));
            }
        }
    }
    assert!(stale.is_empty(), "stale entries:\n{}", stale.join("\n"));
}

#[test]
fn known_differences_are_unique_and_typed() {
    for (i, d) in KNOWN_DIFFERENCES.iter().enumerate() {
        assert!(!d.examples.is_empty() && !d.reason.is_empty(), "{d:?}");
        for other in &KNOWN_DIFFERENCES[i + 1..] {
            assert_ne!(d.area, other.area, "two entries for one area");
        }
        for (j, &(form, body, _)) in d.examples.iter().enumerate() {
            assert!(
                d.examples[j + 1..]
                    .iter()
                    .all(|e| (e.0, e.1) != (form, body)),
                "{form} {body} twice"
            );
            let form = json(form);
            let body = json(body);
            match d.area {
                Area::Format(name) => {
                    assert_eq!(form["format"], name, "{d:?}");
                    assert!(body.is_string(), "{d:?}");
                }
                Area::Pattern(construct) => {
                    assert!(form["pattern"].as_str().unwrap().contains(construct));
                    assert!(body.is_string(), "{d:?}");
                }
                Area::Number(_) => {
                    let object = form.as_object().unwrap();
                    assert_eq!(object.len(), 1, "{d:?}");
                    assert!(NUMBER_KEYWORDS.iter().any(|k| object.contains_key(*k)));
                    assert!(body.is_number(), "{d:?}");
                }
                Area::Dialect(dialect, keyword) => {
                    let uri = form["$schema"].as_str().unwrap();
                    assert!(uri.contains(dialect), "{d:?}");
                    assert!(form.get(keyword).is_some(), "{d:?}");
                }
            }
        }
        // Only formats leave the specifications room for choice.
        if d.basis == Basis::ImplementationDefined {
            assert!(matches!(d.area, Area::Format(_)), "{d:?}");
        }
    }
}

/// Every sample the [`ORACLE`] profile leaves out, and every exact number against every
/// numeric keyword, either gets the same verdict from both or is listed: the table is
/// complete for what the generators know.
#[test]
fn known_differences_cover_every_excluded_sample() {
    let mut missing = Vec::new();
    for f in testkit::FORMATS.iter().chain(testkit::TRICKY_FORMATS) {
        let bodies: Vec<String> = f.samples.iter().map(|s| J::str(s).compact()).collect();
        missing.extend(Both::new(&format_form(f.name)).unlisted(bodies.iter().map(|b| b.as_str())));
    }
    for p in testkit::SAFE_PATTERNS
        .iter()
        .chain(testkit::TRICKY_PATTERNS)
    {
        let bodies: Vec<String> = p
            .samples
            .iter()
            .chain(testkit::STRINGS)
            .map(|s| J::str(s).compact())
            .collect();
        missing
            .extend(Both::new(&pattern_form(p.source)).unlisted(bodies.iter().map(|b| b.as_str())));
    }
    let numbers: Vec<&str> = testkit::PLAIN_NUMBERS
        .iter()
        .chain(testkit::EXACT_NUMBERS)
        .copied()
        .collect();
    let mut bodies: Vec<String> = numbers.iter().map(|n| n.to_string()).collect();
    bodies.extend(testkit::EXACT_NUMBERS.iter().flat_map(|n| respellings(n)));
    for kw in NUMBER_KEYWORDS {
        for bound in numbers.iter().chain(testkit::MULTIPLES) {
            if kw == "multipleOf"
                && (bound.starts_with('-')
                    || json(bound) == json("0")
                    || json(bound).as_f64() == Some(0.0))
            {
                continue;
            }
            let both = Both::new(&format!(r#"{{"{kw}":{bound}}}"#));
            missing.extend(both.unlisted(bodies.iter().map(|b| b.as_str())));
        }
    }
    assert!(
        missing.is_empty(),
        "unlisted differences:\n{}",
        missing.join("\n")
    );
}

/// The profile holds no listed example: what the table excludes is excluded.
#[test]
fn oracle_profile_avoids_known_differences() {
    for n in ORACLE.numbers.iter().chain(ORACLE.multiples) {
        assert!(short_decimal(n), "{n} is not a short decimal");
    }
    for d in KNOWN_DIFFERENCES {
        for &(form, body, _) in d.examples {
            let form = json(form);
            match d.area {
                Area::Format(name) => {
                    let s = json(body);
                    let s = s.as_str().unwrap();
                    assert!(!ORACLE.strings.contains(&s), "{d:?}");
                    assert!(
                        !ORACLE
                            .formats
                            .iter()
                            .any(|f| f.name == name && f.samples.contains(&s)),
                        "{d:?}"
                    );
                }
                Area::Pattern(construct) => {
                    let s = json(body);
                    let s = s.as_str().unwrap();
                    assert!(!ORACLE.strings.contains(&s), "{d:?}");
                    let source = form["pattern"].as_str().unwrap();
                    for p in ORACLE.patterns.iter().filter(|p| p.source == source) {
                        assert!(!p.samples.contains(&s), "{d:?}");
                    }
                    // `\b` is left out whole; `.` stays, tried on no line terminator but `\n`.
                    if construct == "\\b" {
                        assert!(ORACLE.patterns.iter().all(|p| !p.source.contains("\\b")));
                    }
                }
                Area::Number(_) => assert!(
                    !short_decimal(body) || {
                        let bound = form.as_object().unwrap().values().next().unwrap();
                        !short_decimal(&bound.to_string())
                    }
                ),
                // The oracle profile writes `unevaluatedItems` in 2020-12 only, and a
                // generated 2019-09 form holding it beside `contains` has the oracle off
                // (testkit, `Gen::form`), which testkit's
                // `the_oracle_profile_keeps_the_oracle` would report.
                Area::Dialect(..) => {}
            }
        }
    }
}

/// The samples marked `oracle` of the numeric formats (as ranges) and of content (in
/// draft-07) get the same verdict from both; the unmarked content samples do not, or
/// their mark would be needless.
#[test]
fn numeric_formats_and_content_agree_where_marked() {
    let mut missing = Vec::new();
    for f in testkit::NUMERIC_FORMATS {
        let bodies: Vec<&str> = f
            .samples
            .iter()
            .copied()
            .filter(|s| short_decimal(s))
            .collect();
        assert!(!bodies.is_empty(), "{}", f.name);
        for dialect in [testkit::DIALECT, testkit::DIALECT_URIS[1]] {
            let form = format!(r#"{{"$schema":"{dialect}","format":"{}"}}"#, f.name);
            missing.extend(Both::new(&form).unlisted(bodies.iter().copied()));
        }
    }
    let draft7 = testkit::DIALECT_URIS[2];
    for content in [
        r#""contentEncoding":"base64""#,
        r#""contentMediaType":"application/json""#,
        r#""contentEncoding":"base64","contentMediaType":"application/json""#,
    ] {
        let both = Both::new(&format!(r#"{{"$schema":"{draft7}",{content}}}"#));
        for &(sample, marked) in testkit::CONTENT_SAMPLES {
            let body = J::str(sample).compact();
            let (ours, theirs) = both.verdicts(&body);
            if marked && ours != theirs {
                missing.push(format!("{} {body}", both.form));
            }
        }
    }
    let both = Both::new(&format!(
        r#"{{"$schema":"{draft7}","contentMediaType":"application/json"}}"#
    ));
    for &(sample, marked) in testkit::CONTENT_SAMPLES {
        let body = J::str(sample).compact();
        if !marked && !sample.starts_with(|c: char| c.is_ascii_alphanumeric()) {
            assert_eq!(both.verdicts(&body), (false, true), "{body}");
        }
    }
    assert!(missing.is_empty(), "disagreements:\n{}", missing.join("\n"));
}

/// Exact numbers need the oracle's `arbitrary-precision` feature; without it these fail
/// and so would the property below, at random.
#[test]
fn oracle_reads_numbers_exactly() {
    let cases = [
        (r#"{"maximum":9007199254740992}"#, "9007199254740993", false),
        (r#"{"maximum":9007199254740992}"#, "9007199254740992", true),
        (r#"{"multipleOf":0.1}"#, "0.3", true),
        (r#"{"type":"integer"}"#, "1.0", true),
        (r#"{"type":"integer"}"#, "1e2", true),
        (r#"{"const":100}"#, "1e2", true),
        (r#"{"exclusiveMaximum":1e400}"#, "1e400", false),
        (r#"{"minimum":0.3}"#, "0.30000000000000001", true),
        (r#"{"maximum":0.3}"#, "0.30000000000000001", false),
        (r#"{"enum":[0]}"#, "-0", true),
    ];
    for (form, body, admitted) in cases {
        let verdicts = Both::new(form).verdicts(body);
        assert_eq!(
            verdicts,
            (admitted, admitted),
            "{form} {body}: (formgate, jsonschema)"
        );
    }
}

// ---------------------------------------------------------------------------
// The property

fn check(form: &J, bodies: &[String]) -> Result<(), TestCaseError> {
    let text = form.compact();
    let ours = Form::compile(text.as_bytes())
        .map_err(|e| TestCaseError::fail(format!("formgate does not compile {text}: {e}")))?;
    let theirs = jsonschema_validator(&text);
    for body in bodies {
        let verdict = ours.verify(body.as_bytes());
        match formgate::json::parse(body.as_bytes(), &Limits::default()) {
            Err(e) if e.kind() == ParseErrorKind::DuplicateKey => {
                prop_assert!(verdict.is_err(), "duplicate admitted: {} {}", text, body);
                continue;
            }
            Err(e) => return Err(TestCaseError::fail(format!("generated {body:?}: {e}"))),
            Ok(_) => {}
        }
        let admitted = jsonschema_admits(&theirs, body.as_bytes());
        prop_assert_eq!(
            verdict.is_ok(),
            admitted,
            "form {}\nbody {}\nformgate {:?}",
            text,
            body,
            verdict
        );
    }
    Ok(())
}

/// The form with every integer written plainly (`3E0` → `3`): the same form to formgate,
/// which reads numbers by value, and one jsonschema's draft-04 metaschema accepts.
fn plain_integers(form: &J) -> Option<J> {
    Some(match form {
        J::Num(n) if testkit::spelled_integer(n) => J::Num(testkit::plain_integer(n)?),
        J::Arr(items) => J::Arr(items.iter().map(plain_integers).collect::<Option<_>>()?),
        J::Obj(members) => J::Obj(
            members
                .iter()
                .map(|(k, v)| Some((k.clone(), plain_integers(v)?)))
                .collect::<Option<_>>()?,
        ),
        other => other.clone(),
    })
}

/// The draft-04 cases `agrees_with_jsonschema_in_draft_04` checks: the form with its
/// integers written plainly, and every body. Both read a body's `integer` by spelling
/// (`1.0` is not one), so bodies that spell an integer with a fraction or an exponent
/// are compared too; `integer_spelling_counts_in_draft_04` holds that they occur.
fn draft4_case(form: &J, bodies: Vec<String>) -> Option<(J, Vec<String>)> {
    Some((plain_integers(form)?, bodies))
}

proptest! {
    #![proptest_config(config("differential", 256))]

    #[test]
    fn agrees_with_jsonschema((form, bodies) in testkit::form_and_bodies(&ORACLE)) {
        check(&form, &bodies)?;
    }

    /// draft-04 on its own, its forms' integers written plainly (see
    /// `testkit::ORACLE_DRAFT4`).
    #[test]
    fn agrees_with_jsonschema_in_draft_04(
        (form, bodies) in testkit::form_and_bodies(&testkit::ORACLE_DRAFT4),
    ) {
        if let Some((form, bodies)) = draft4_case(&form, bodies) {
            check(&form, &bodies)?;
        }
    }
}

/// draft-04 reads `integer` by spelling, as jsonschema does: `1.0` and `1e2` are not
/// integers there, and are in every later dialect.
#[test]
fn integer_spelling_counts_in_draft_04() {
    let d4 = r#"{"$schema":"http://json-schema.org/draft-04/schema#","type":"integer"}"#;
    let d6 = r#"{"$schema":"http://json-schema.org/draft-06/schema#","type":"integer"}"#;
    for (body, in_d4) in [
        ("1", true),
        ("1.0", false),
        ("1e2", false),
        ("1E0", false),
        ("-0", true),
    ] {
        assert_eq!(
            Both::new(d4).verdicts(body),
            (in_d4, in_d4),
            "draft-04 {body}"
        );
        assert_eq!(
            Both::new(d6).verdicts(body),
            (true, true),
            "draft-06 {body}"
        );
    }
}

/// Most draft-04 cases stay in the comparison.
#[test]
fn draft4_cases_are_mostly_compared() {
    let cases = testkit::sample(testkit::form_and_bodies(&testkit::ORACLE_DRAFT4), 300);
    let kept = cases
        .into_iter()
        .filter_map(|(f, b)| draft4_case(&f, b))
        .count();
    assert!(kept * 10 > 300 * 8, "{kept} of 300 draft-04 cases compared");
}

/// The generators are worth their time: both verdicts are common, and every applicator
/// and the recursion of `$ref` occur in a fair share of forms.
#[test]
fn generated_cases_get_both_verdicts() {
    let cases = testkit::sample(testkit::form_and_bodies(&ORACLE), 300);
    let (mut admitted, mut rejected) = (0usize, 0usize);
    let forms_with = |needle: &str| {
        cases
            .iter()
            .filter(|(f, _)| f.compact().contains(needle))
            .count()
    };
    for needle in [
        "\"$ref\"",
        "\"$defs\"",
        "\"format\"",
        "\"pattern\"",
        "\"enum\"",
        "\"const\"",
        "\"oneOf\"",
        "\"anyOf\"",
        "\"allOf\"",
        "\"multipleOf\"",
        "\"prefixItems\"",
        "\"required\"",
        "\"additionalProperties\"",
        "\"items\"",
        "\"$ref\":\"#\"",
        "draft-06/schema#",
        "draft-07/schema#",
        "2019-09/schema",
        "\"definitions\"",
        "\"additionalItems\"",
        "\"format\":\"int",
        "\"$anchor\"",
        "\"$id\":\"d",
        "\"discriminator\"",
        "\"mapping\"",
    ] {
        let n = forms_with(needle);
        assert!(
            n * 50 >= cases.len(),
            "{needle} in only {n} of {} forms",
            cases.len()
        );
    }
    for (form, bodies) in &cases {
        let f = Form::compile(form.compact().as_bytes()).unwrap();
        for b in bodies {
            match f.verify(b.as_bytes()) {
                Ok(()) => admitted += 1,
                Err(_) => rejected += 1,
            }
        }
    }
    let total = admitted + rejected;
    assert!(
        admitted * 4 >= total && rejected * 4 >= total,
        "{admitted} admitted, {rejected} rejected"
    );
}
