//! The decoder profiles: what three constrained decoding engines refuse to compile,
//! and what they compile but do not enforce, read from the engines themselves
//! (docs/DECODERS.md).
//!
//! An engine that *refuses* a construct refuses the whole form: the actor cannot use
//! it. An engine that *does not enforce* a construct compiles the form, and an honest
//! actor under its mask may write values formgate then refuses (`int32` bounds,
//! duplicate member names, lone surrogates...): constrained decoding is not
//! enforcement. Each claim below for llguidance and outlines-core is checked against
//! the engine by `python/tests/test_decoders.py` (a schema using the construct, and,
//! for a construct not enforced, a value the engine's mask lets through and formgate
//! refuses); the claims for xgrammar, whose package pulls in torch, by
//! `scripts/xgrammar_claims.py`, by hand.
//!
//! Invariants:
//! 1. Findings read the compiled nodes reachable from the root, once per rule and
//!    pointer, like every rule (`rules` invariant 1).
//! 2. A claim's finding names the construct the way the check names it: `refuses
//!    WHAT:` or `does not enforce WHAT:`, WHAT a keyword (`not`), a format (`format
//!    "int32"`) or one of the constructs of [`Feature`].
//!
//! Cost: O(nodes + edges), plus the `oneOf` proofs (`disjoint::BUDGET` steps per pair
//! of branches).

use crate::form::node::{NodeId, Types};
use crate::form::pointer;
use crate::form::vocabulary::Keyword;

use super::bounds::{self, Kinds};
use super::disjoint::Prover;
use super::graph::Graph;
use super::{Profile, Rule};

/// A construct of a form that an engine treats in its own way.
#[derive(Debug, Clone, Copy)]
enum Feature {
    /// A keyword, present on a reachable schema.
    Keyword(Keyword),
    /// A `format` of formgate's, by name.
    Format(&'static str),
    /// A `pattern` or a `patternProperties` name with lookaround.
    Lookaround,
    /// A `pattern` or a `patternProperties` name with `\d` or `\w`, which ECMA-262
    /// reads as ASCII classes and other regex dialects as Unicode ones.
    AsciiClasses,
    /// A `$ref` on a cycle.
    Recursion,
    /// A `oneOf` whose branches formgate proves disjoint.
    OneOfProven,
    /// A `oneOf` whose branches formgate does not prove disjoint.
    OneOfUnproven,
    /// A member schema that is `false`.
    FalseMember,
    /// A `$ref` that is not a JSON Pointer fragment (`#/...`): an anchor or a URI.
    NonPointerRef,
    /// Array-form `items` (draft-04..2019-09).
    ItemsArray,
    /// An object that admits names `properties` does not list, so a name can repeat.
    OpenNames,
    /// A string position.
    Strings,
}

impl Feature {
    /// How a finding names the construct (invariant 2).
    fn what(self) -> String {
        match self {
            Feature::Keyword(k) => k.name().to_owned(),
            Feature::Format(f) => format!("format {f:?}"),
            Feature::Lookaround => "a pattern with lookaround".to_owned(),
            Feature::AsciiClasses => "a pattern's \\d or \\w as ASCII".to_owned(),
            Feature::Recursion => "a recursive $ref".to_owned(),
            Feature::OneOfProven => "oneOf formgate proves disjoint".to_owned(),
            Feature::OneOfUnproven => "oneOf formgate does not prove disjoint".to_owned(),
            Feature::FalseMember => "a member schema false".to_owned(),
            Feature::NonPointerRef => "a $ref by anchor or URI".to_owned(),
            Feature::ItemsArray => "array-form items".to_owned(),
            Feature::OpenNames => "duplicate member names".to_owned(),
            Feature::Strings => "strict strings".to_owned(),
        }
    }
}

/// One claim: an engine refuses a construct, or does not enforce it; and why it
/// matters, for people.
#[derive(Debug, Clone, Copy)]
struct Claim {
    feature: Feature,
    refuses: bool,
    note: &'static str,
}

const fn refuses(feature: Feature) -> Claim {
    Claim {
        feature,
        refuses: true,
        note: "",
    }
}

const fn ignores(feature: Feature) -> Claim {
    Claim {
        feature,
        refuses: false,
        note: "",
    }
}

const fn ignores_as(feature: Feature, note: &'static str) -> Claim {
    Claim {
        feature,
        refuses: false,
        note,
    }
}

/// The numeric formats no engine enforces: each writes `552024120246` for `int32`.
const NUMERIC: [&str; 14] = [
    "int8", "int16", "int32", "int64", "int128", "uint8", "uint16", "uint32", "uint64", "uint128",
    "int", "uint", "float", "double",
];

/// One claim per format of `names`.
const fn formats<const N: usize>(names: [&'static str; N], refused: bool) -> [Claim; N] {
    let mut out = [refuses(Feature::Format("")); N];
    let mut i = 0;
    while i < N {
        out[i] = Claim {
            feature: Feature::Format(names[i]),
            refuses: refused,
            note: "",
        };
        i += 1;
    }
    out
}

const NUMERIC_IGNORED: [Claim; 14] = formats(NUMERIC, false);

/// The string formats neither llguidance nor outlines-core knows.
const UNKNOWN_FORMATS: [&str; 11] = [
    "idn-email",
    "idn-hostname",
    "uri-reference",
    "iri",
    "iri-reference",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
    "byte",
    "binary",
];

const UNKNOWN_REFUSED: [Claim; 11] = formats(UNKNOWN_FORMATS, true);

/// llguidance 1.9.1, with its default options (`lenient` off: it refuses what it does
/// not implement).
const LLGUIDANCE: &[&[Claim]] = &[
    &[
        Claim {
            feature: Feature::OneOfProven,
            refuses: true,
            note: "unless it shows the branches disjoint itself: formgate rewrite writes it anyOf",
        },
        Claim {
            feature: Feature::OneOfUnproven,
            refuses: true,
            note: "unless it shows the branches disjoint itself",
        },
        refuses(Feature::Keyword(Keyword::Not)),
        refuses(Feature::Keyword(Keyword::If)),
        refuses(Feature::Keyword(Keyword::DependentRequired)),
        refuses(Feature::Keyword(Keyword::DependentSchemas)),
        refuses(Feature::Keyword(Keyword::Dependencies)),
        refuses(Feature::Keyword(Keyword::PropertyNames)),
        refuses(Feature::Keyword(Keyword::UnevaluatedProperties)),
        refuses(Feature::Keyword(Keyword::UnevaluatedItems)),
        refuses(Feature::Keyword(Keyword::UniqueItems)),
        refuses(Feature::Keyword(Keyword::Contains)),
        refuses(Feature::Keyword(Keyword::DynamicAnchor)),
        refuses(Feature::Lookaround),
    ],
    &UNKNOWN_REFUSED,
    &[
        ignores_as(Feature::Format("date"), "it admits 2021-02-29"),
        ignores(Feature::Keyword(Keyword::ContentEncoding)),
        ignores(Feature::Keyword(Keyword::ContentMediaType)),
        ignores(Feature::Keyword(Keyword::ContentSchema)),
        ignores_as(
            Feature::OpenNames,
            "a name additionalProperties or patternProperties admits may repeat",
        ),
    ],
    &NUMERIC_IGNORED,
];

/// outlines-core 0.2.14.
const OUTLINES: &[&[Claim]] = &[
    &[
        refuses(Feature::Lookaround),
        refuses(Feature::Recursion),
        refuses(Feature::FalseMember),
        refuses(Feature::NonPointerRef),
        refuses(Feature::ItemsArray),
        refuses(Feature::Keyword(Keyword::DynamicRef)),
        refuses(Feature::Format("duration")),
        refuses(Feature::Format("hostname")),
        refuses(Feature::Format("ipv4")),
        refuses(Feature::Format("ipv6")),
    ],
    &UNKNOWN_REFUSED,
    &[
        Claim {
            feature: Feature::OneOfUnproven,
            refuses: false,
            note: "it reads it as anyOf",
        },
        ignores_as(
            Feature::AsciiClasses,
            "it writes any Unicode digit or letter for them",
        ),
        ignores(Feature::Keyword(Keyword::Not)),
        ignores(Feature::Keyword(Keyword::If)),
        ignores(Feature::Keyword(Keyword::DependentRequired)),
        ignores(Feature::Keyword(Keyword::DependentSchemas)),
        ignores(Feature::Keyword(Keyword::Dependencies)),
        ignores(Feature::Keyword(Keyword::PropertyNames)),
        ignores(Feature::Keyword(Keyword::UniqueItems)),
        ignores(Feature::Keyword(Keyword::Contains)),
        ignores(Feature::Keyword(Keyword::MaxProperties)),
        ignores_as(Feature::Keyword(Keyword::MultipleOf), "on integers"),
        ignores_as(Feature::Keyword(Keyword::Minimum), "on integers"),
        ignores_as(Feature::Keyword(Keyword::Maximum), "on integers"),
        ignores(Feature::Keyword(Keyword::ExclusiveMinimum)),
        ignores(Feature::Keyword(Keyword::ContentEncoding)),
        ignores(Feature::Keyword(Keyword::ContentMediaType)),
        ignores(Feature::Keyword(Keyword::ContentSchema)),
        ignores_as(Feature::Format("date"), "it admits 2021-02-29"),
        ignores_as(
            Feature::Format("date-time"),
            "it admits 2020-02-30T00:00:00Z",
        ),
        ignores_as(
            Feature::OpenNames,
            "a name additionalProperties or patternProperties admits may repeat",
        ),
    ],
    &NUMERIC_IGNORED,
];

/// xgrammar 0.2.8, with its defaults: it compiles what it does not implement. Checked
/// by hand (`scripts/xgrammar_claims.py`: its grammar compiler and matcher need no
/// torch, but its package cannot be installed without it), not in CI.
const XGRAMMAR: &[&[Claim]] = &[
    &[
        refuses(Feature::FalseMember),
        refuses(Feature::ItemsArray),
        Claim {
            feature: Feature::OneOfUnproven,
            refuses: false,
            note: "it reads it as anyOf",
        },
        ignores(Feature::Keyword(Keyword::Not)),
        ignores(Feature::Keyword(Keyword::If)),
        ignores(Feature::Keyword(Keyword::DependentRequired)),
        ignores(Feature::Keyword(Keyword::DependentSchemas)),
        ignores(Feature::Keyword(Keyword::Dependencies)),
        ignores(Feature::Keyword(Keyword::UniqueItems)),
        ignores(Feature::Keyword(Keyword::Contains)),
        ignores(Feature::Keyword(Keyword::ContentEncoding)),
        ignores(Feature::Keyword(Keyword::ContentMediaType)),
        ignores(Feature::Keyword(Keyword::ContentSchema)),
        ignores(Feature::NonPointerRef),
        ignores_as(Feature::Format("date"), "it admits 2021-02-29"),
        ignores_as(Feature::Format("date-time"), "it admits 2020-02-30T00:00:00Z"),
        ignores(Feature::Format("idn-email")),
        ignores(Feature::Format("idn-hostname")),
        ignores(Feature::Format("iri")),
        ignores(Feature::Format("iri-reference")),
        ignores(Feature::Format("regex")),
        ignores(Feature::Format("byte")),
        ignores_as(
            Feature::OpenNames,
            "a name additionalProperties or patternProperties admits may repeat",
        ),
        ignores_as(
            Feature::Strings,
            "it admits lone surrogate escapes; a sampled run wrote invalid UTF-8 and raw control characters too",
        ),
    ],
    &NUMERIC_IGNORED,
];

/// An engine: its name and version, the rules of what it refuses and of what it does
/// not enforce, and its claims.
type Engine = (&'static str, Rule, Rule, &'static [&'static [Claim]]);

fn engine(profile: Profile) -> Option<Engine> {
    Some(match profile {
        Profile::Llguidance => (
            "llguidance 1.9.1",
            Rule::LlguidanceRefuses,
            Rule::LlguidanceNotEnforced,
            LLGUIDANCE,
        ),
        Profile::Outlines => (
            "outlines-core 0.2.14",
            Rule::OutlinesRefuses,
            Rule::OutlinesNotEnforced,
            OUTLINES,
        ),
        Profile::Xgrammar => (
            "xgrammar 0.2.8",
            Rule::XgrammarRefuses,
            Rule::XgrammarNotEnforced,
            XGRAMMAR,
        ),
        _ => return None,
    })
}

/// The decoder profile's findings, as `(rule, pointer, message)`.
pub(crate) fn findings(
    graph: &Graph<'_>,
    sat: &[Kinds],
    profile: Profile,
) -> Vec<(Rule, String, String)> {
    let Some((name, refused, ignored, claims)) = engine(profile) else {
        return Vec::new();
    };
    let form = graph.form;
    let prover = Prover::new(form);
    let mut out = Vec::new();
    for id in (2..graph.edges.len())
        .filter(|&i| graph.reachable[i])
        .map(|i| NodeId(i as u32))
    {
        let node = graph.node(id);
        let at = &*node.pointer;
        let has = |k: Keyword| node.order.iter().any(|(kw, _)| *kw == Some(k));
        let formats = [
            node.string.as_ref().and_then(|s| s.format),
            node.number.as_ref().and_then(|n| n.format),
        ];
        let disjoint = (!node.one_of.is_empty()).then(|| prover.one_of_disjoint(id).is_ok());
        for claim in claims.iter().flat_map(|c| c.iter()) {
            let place: Option<String> = match claim.feature {
                Feature::Keyword(k) => has(k).then(|| pointer::join(at, k.name())),
                Feature::Format(f) => formats
                    .iter()
                    .flatten()
                    .any(|g| g.name() == f)
                    .then(|| pointer::join(at, "format")),
                Feature::Lookaround | Feature::AsciiClasses => {
                    let test = |p: &crate::form::pattern::Pattern| match claim.feature {
                        Feature::Lookaround => p.has_lookaround(),
                        _ => has_ascii_class(p.source()),
                    };
                    let in_pattern = node
                        .string
                        .as_ref()
                        .and_then(|s| s.pattern.as_ref())
                        .is_some_and(test);
                    let in_names = node
                        .object
                        .as_ref()
                        .is_some_and(|o| o.pattern_properties.iter().any(|(p, _)| test(p)));
                    if in_pattern {
                        Some(pointer::join(at, "pattern"))
                    } else {
                        in_names.then(|| pointer::join(at, "patternProperties"))
                    }
                }
                Feature::Recursion => (graph.recursive[id.index()]
                    || graph.recursive_dynamic[id.index()])
                .then(|| pointer::join(at, "$ref")),
                Feature::OneOfProven => {
                    (disjoint == Some(true)).then(|| pointer::join(at, "oneOf"))
                }
                Feature::OneOfUnproven => {
                    (disjoint == Some(false)).then(|| pointer::join(at, "oneOf"))
                }
                Feature::FalseMember => node.object.as_ref().and_then(|o| {
                    o.members
                        .iter()
                        .find(|m| m.schema == Some(NodeId::FALSE))
                        .map(|m| pointer::join(&pointer::join(at, "properties"), &m.name))
                }),
                Feature::NonPointerRef => node
                    .order
                    .iter()
                    .find(|(k, _)| *k == Some(Keyword::Ref))
                    .and_then(|(_, v)| v.as_deref())
                    .filter(|v| *v != "\"#\"" && !v.starts_with("\"#/"))
                    .map(|_| pointer::join(at, "$ref")),
                Feature::ItemsArray => node
                    .legacy
                    .as_ref()
                    .is_some_and(|l| l.items_array)
                    .then(|| pointer::join(at, "items")),
                Feature::OpenNames => {
                    let objects = sat[id.index()] & bounds::OBJ != 0
                        && (node.object.is_some()
                            || node
                                .types_written
                                .as_ref()
                                .is_some_and(|(_, ts)| ts.contains(&Types::OBJECT)));
                    (objects && !bounds::closed(node, sat)).then(|| {
                        match node.object.as_ref().and_then(|o| o.additional) {
                            Some(_) => pointer::join(at, "additionalProperties"),
                            None => at.to_owned(),
                        }
                    })
                }
                Feature::Strings => (sat[id.index()] & bounds::STR != 0
                    && (node.string.is_some()
                        || node
                            .types_written
                            .as_ref()
                            .is_some_and(|(_, ts)| ts.contains(&Types::STRING))))
                .then(|| at.to_owned()),
            };
            let Some(place) = place else { continue };
            let what = claim.feature.what();
            let (rule, message) = if claim.refuses {
                (
                    refused,
                    format!("{name} refuses {what}: it does not compile the form"),
                )
            } else {
                (
                    ignored,
                    format!("{name} does not enforce {what}: an actor under it may write values formgate refuses"),
                )
            };
            let message = if claim.note.is_empty() {
                message
            } else {
                format!("{message} ({})", claim.note)
            };
            out.push((rule, place, message));
        }
    }
    out
}

/// Whether an ECMA-262 pattern has the class escape `\d` or `\w` (in a class or
/// not): an escaped backslash is skipped.
fn has_ascii_class(source: &str) -> bool {
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.next(), Some('d' | 'w')) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::form::Form;
    use crate::parse::value::{write_compact, Value};

    /// The claims table the engines are checked against (`tests/data/decoders/`).
    const TABLE: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/decoders/claims.json"
    ));

    /// `refuses WHAT` or `does not enforce WHAT`, from a finding's message.
    fn claim_of(message: &str) -> Option<(bool, String)> {
        let marks = [(true, " refuses "), (false, " does not enforce ")];
        let (refuses, at, mark) = marks
            .iter()
            .filter_map(|&(r, m)| message.find(m).map(|at| (r, at, m)))
            .min_by_key(|&(_, at, _)| at)?;
        let what = message[at + mark.len()..].split_once(": ")?.0;
        Some((refuses, what.to_owned()))
    }

    #[test]
    fn finds_class_escapes_but_not_escaped_backslashes() {
        assert!(has_ascii_class(r"^\d{5}$"));
        assert!(has_ascii_class(r"[\w.-]+"));
        assert!(!has_ascii_class(r"^\\d$"));
        assert!(!has_ascii_class(r"^[0-9]\.\D$"));
    }

    /// Every claim of every profile is a row of the table, and every row's schema
    /// gets its claim from the profile: the code and the checked table say the same.
    #[test]
    fn profiles_make_exactly_the_tables_claims() {
        let limits = crate::Limits::default();
        let table = crate::parse::parse(TABLE.as_bytes(), &limits).unwrap();
        let engines = table.get("engines").unwrap();
        for profile in [Profile::Llguidance, Profile::Outlines, Profile::Xgrammar] {
            let (_, refused, ignored, claims) = engine(profile).unwrap();
            let Some(Value::Array(rows)) =
                engines.get(profile.name()).and_then(|e| e.get("claims"))
            else {
                panic!("no claims for {}", profile.name());
            };
            let mut in_code: Vec<(bool, String)> = claims
                .iter()
                .flat_map(|c| c.iter())
                .map(|c| (c.refuses, c.feature.what()))
                .collect();
            let mut in_table: Vec<(bool, String)> = rows
                .iter()
                .map(|r| {
                    (
                        r.get("refuses").and_then(Value::as_bool).unwrap(),
                        r.get("what").and_then(Value::as_str).unwrap().to_owned(),
                    )
                })
                .collect();
            in_code.sort();
            in_table.sort();
            assert_eq!(in_code, in_table, "{}", profile.name());
            for row in rows {
                let mut text = String::new();
                write_compact(row.get("schema").unwrap(), &mut text);
                let form = Form::compile(text.as_bytes()).unwrap();
                let want = (
                    row.get("refuses").and_then(Value::as_bool).unwrap(),
                    row.get("what").and_then(Value::as_str).unwrap().to_owned(),
                );
                let rule = if want.0 { refused } else { ignored };
                let found = form
                    .audit(profile)
                    .findings()
                    .iter()
                    .any(|f| f.rule() == rule && claim_of(f.message()).as_ref() == Some(&want));
                assert!(
                    found,
                    "{}: {want:?} not reported for {text}",
                    profile.name()
                );
                if let Some(w) = row.get("witness").and_then(Value::as_str) {
                    assert!(form.verify(w.as_bytes()).is_err(), "{text} admits {w}");
                }
            }
        }
    }
}
