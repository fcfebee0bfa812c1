//! The totals the README states, checked by the trial `totals`.

use super::*;

pub(crate) const EXPECTED: Counts = Counts {
    groups: 1705,
    compiled: 1655,
    out_refused: 50,
    out_compiled: 0,
    in_refused_decided: 0,
    in_refused_undecided: 0,
    right: 8110,
    wrong: 0,
    decided: 40,
    not_run: 177,
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

/// Groups refused, by [`category`] of their reasons (a group counts once under each
/// category it has a reason of); README.md's table.
pub(crate) const CATEGORIES: &[(&str, usize)] =
    &[("format", 5), ("keyword", 42), ("ref-sibling", 5)];

/// Groups refused as outside the vocabulary, by reason, over all directories (a group
/// may count under several reasons).
pub(crate) const REFUSAL_REASONS: &[(&str, usize)] = &[
    ("$ref with sibling keywords in draft-04", 2),
    ("$ref with sibling keywords in draft-06", 2),
    ("$ref with sibling keywords in draft-07", 1),
    ("format \"unknown\"", 5),
    ("keyword $comment outside draft-04", 3),
    ("keyword $comment outside draft-06", 8),
    ("keyword array_of_schemas", 4),
    ("keyword const outside draft-04", 1),
    ("keyword dependencies outside 2019-09", 7),
    ("keyword dependencies outside 2020-12", 7),
    ("keyword dependentRequired outside draft-07", 1),
    ("keyword minimum outside its metaschema's vocabularies", 2),
    ("keyword object_of_schemas", 4),
    ("keyword prefixItems outside 2019-09", 1),
    ("keyword unknown-keyword", 4),
    ("keyword unknown/keyword", 4),
];
