//! The totals the README states, checked by the trial `totals`.

use super::*;

pub(crate) const EXPECTED: Counts = Counts {
    groups: 1705,
    compiled: 1637,
    out_refused: 68,
    out_compiled: 0,
    in_refused_decided: 0,
    in_refused_undecided: 0,
    right: 8074,
    wrong: 0,
    decided: 40,
    not_run: 213,
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
    ("$ref to a value that is not a schema of the vocabulary", 10),
    ("$ref to another document", 10),
    ("$ref with sibling keywords in draft-04", 2),
    ("$ref with sibling keywords in draft-06", 2),
    ("$ref with sibling keywords in draft-07", 1),
    ("$schema below the root naming another dialect", 4),
    ("$schema other than 2019-09", 2),
    ("$schema other than 2020-12", 4),
    ("format \"unknown\"", 5),
    ("keyword $comment outside draft-04", 3),
    ("keyword $comment outside draft-06", 8),
    ("keyword array_of_schemas", 4),
    ("keyword const outside draft-04", 1),
    ("keyword dependencies outside 2019-09", 7),
    ("keyword dependencies outside 2020-12", 7),
    ("keyword dependentRequired", 1),
    ("keyword object_of_schemas", 4),
    ("keyword prefixItems outside 2019-09", 1),
    ("keyword unknown-keyword", 4),
    ("keyword unknown/keyword", 4),
];
