//! The totals the README states, checked by the trial `totals`.

use super::*;

pub(crate) const EXPECTED: Counts = Counts {
    groups: 782,
    compiled: 562,
    out_refused: 220,
    out_compiled: 0,
    in_refused_decided: 0,
    in_refused_undecided: 0,
    right: 3324,
    wrong: 0,
    decided: 21,
    not_run: 601,
};

/// The trials `pattern/<file>`: groups whose schema is a lone `pattern`, their string
/// instances, and the patterns refused fail-closed (lookahead, lookbehind, backreference).
pub(crate) const PATTERN_EXPECTED: StringCounts = StringCounts {
    units: 37,
    instances: 137,
    closed: 0,
};

/// The trials `format/<file>`: files and their string instances.
pub(crate) const FORMAT_EXPECTED: StringCounts = StringCounts {
    units: 70,
    instances: 2250,
    closed: 0,
};

/// Groups refused as outside the vocabulary, by reason, over all directories (a group
/// may count under several reasons).
pub(crate) const REFUSAL_REASONS: &[(&str, usize)] = &[
    ("$id below the root", 53),
    ("$ref to a value that is not a schema of the vocabulary", 5),
    ("$ref to an anchor", 5),
    ("$ref to another document", 87),
    ("$ref to nothing", 5),
    ("$schema other than 2020-12", 4),
    ("draft-07 $ref with sibling keywords", 1),
    ("draft-07 array-form items", 15),
    ("format \"unknown\"", 2),
    ("keyword $anchor", 12),
    ("keyword $dynamicAnchor", 21),
    ("keyword $dynamicRef", 18),
    ("keyword additionalItems", 12),
    ("keyword array_of_schemas", 2),
    ("keyword contentEncoding", 5),
    ("keyword contentMediaType", 5),
    ("keyword contentSchema", 1),
    ("keyword dependencies", 14),
    ("keyword object_of_schemas", 2),
    ("keyword unevaluatedItems", 29),
    ("keyword unevaluatedProperties", 47),
    ("keyword unknown-keyword", 2),
    ("keyword unknown/keyword", 2),
];
