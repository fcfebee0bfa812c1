//! The local assertions of one node on one scalar: types, `enum`/`const`, strings and
//! numbers; and, when a container opens, the ones decided there. Nothing here looks at
//! applicators or containers' contents.
//!
//! Cost: O(1) per number (plus O(digits) for exact comparisons), O(length) per string
//! (code points are counted only when the byte length cannot decide).

use crate::form::consts::{ConstId, Consts, Scalar};
use crate::form::format::Format;
use crate::form::names::Words;
use crate::form::node::{Node, NumberChecks, SmallBounds, StringChecks, Types};
use crate::form::number::{NumRef, Small};
use crate::form::vocabulary::Keyword;
use crate::parse::lex::Digits;

/// Check `node`'s local assertions on a scalar. `Err(None)` is the boolean schema
/// `false`; `Err(Some(k))` names the failing keyword.
#[inline]
pub(crate) fn check(
    node: &Node,
    consts: &Consts,
    scalar: Scalar<'_>,
) -> Result<(), Option<Keyword>> {
    match scalar {
        Scalar::String(s) => check_string(node, consts, s),
        _ if node.reject_all => Err(None),
        Scalar::Number(lexeme) => check_number(node, consts, lexeme, || Small::parse(lexeme)),
        Scalar::Bool(_) | Scalar::Null => check_literal(node, consts, scalar),
    }
}

/// [`check`] for `true`, `false` or `null`: the node's types and `enum`/`const` alone
/// decide one. Inlined where the fast engine reads a literal, where the call to
/// [`check`] cost a `null` of the order body 26 instructions (benches/README.md,
/// optimization `literal-checks`).
#[inline(always)]
pub(crate) fn check_literal(
    node: &Node,
    consts: &Consts,
    scalar: Scalar<'_>,
) -> Result<(), Option<Keyword>> {
    let kind = match scalar {
        Scalar::Bool(_) => Types::BOOLEAN,
        Scalar::Null => Types::NULL,
        // Not a literal: the whole check.
        _ => return check(node, consts, scalar),
    };
    if node.reject_all {
        return Err(None);
    }
    if !node.types.has(kind) {
        return Err(Some(Keyword::Type));
    }
    values(node, consts, scalar)
}

/// [`check`] for a number, given how to read it as a [`Small`] (`short`: `None` for a
/// number that is not one). The fast engine reads the `Small` as it lexes the number
/// (benches/README.md, optimization `one-walk-numbers`); every other caller parses
/// the lexeme.
#[inline]
pub(crate) fn check_number(
    node: &Node,
    consts: &Consts,
    lexeme: &str,
    short: impl FnOnce() -> Option<Small>,
) -> Result<(), Option<Keyword>> {
    if node.reject_all {
        return Err(None);
    }
    let types = node.types;
    let scalar = Scalar::Number(lexeme);
    let int_only = !types.has(Types::NUMBER);
    if int_only && !types.has(Types::INTEGER) {
        return Err(Some(Keyword::Type));
    }
    // draft-04: an integer is spelt without a fraction or an exponent.
    if int_only
        && node.integer_by_spelling
        && lexeme.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'))
    {
        return Err(Some(Keyword::Type));
    }
    // Short numbers against short bounds, in i128 rather than digit by digit
    // (benches/README.md, optimization `short-numbers`).
    if let Some(n) = short_of(node, int_only, short) {
        if int_only && !n.is_integer() {
            return Err(Some(Keyword::Type));
        }
        values(node, consts, scalar)?;
        if let Some(b) = node.number.as_ref().and_then(|c| c.small.as_ref()) {
            small_bounds(b, n)?;
        }
        return Ok(());
    }
    // The exact decoding is the costly part; only numeric keywords pay it.
    let n = (int_only || node.number.is_some()).then(|| NumRef::new(lexeme));
    if int_only && !n.as_ref().is_some_and(NumRef::is_integer) {
        return Err(Some(Keyword::Type));
    }
    values(node, consts, scalar)?;
    if let (Some(c), Some(n)) = (&node.number, &n) {
        number(c, n)?;
    }
    Ok(())
}

/// [`check`] for a string: the most common scalar, inlined into the fast path
/// (`verify/fast/mod.rs`; benches/README.md, optimization `string-check-inline`).
#[inline(always)]
pub(crate) fn check_string(node: &Node, consts: &Consts, s: &str) -> Result<(), Option<Keyword>> {
    if node.reject_all {
        return Err(None);
    }
    if !node.types.has(Types::STRING) {
        return Err(Some(Keyword::Type));
    }
    values(node, consts, Scalar::String(s))?;
    if let Some(c) = &node.string {
        string(c, s)?;
    }
    Ok(())
}

/// The byte lengths between which a string certainly passes `node` (see
/// `Node::lengths`), for a node whose only string keywords are `minLength` and
/// `maxLength`: a string has at most as many code points as bytes and at least a
/// quarter as many, so `4 × minLength` bytes and at most `maxLength` bytes admit it.
pub(crate) fn lengths_plan(node: &Node) -> Option<(u64, u64)> {
    if node.reject_all || !node.types.has(Types::STRING) || node.values.is_some() {
        return None;
    }
    let Some(c) = node.string.as_deref() else {
        return Some((0, u64::MAX));
    };
    // Every string keyword named, so that a new one cannot slip past the plan.
    let StringChecks {
        min_length,
        max_length,
        pattern,
        format,
        owner_format,
        content,
    } = c;
    if format.is_some() || owner_format.is_some() || pattern.is_some() || content.is_some() {
        return None;
    }
    let min = min_length.as_ref().map_or(0, |m| m.value);
    let max = max_length.as_ref().map_or(u64::MAX, |m| m.value);
    Some((min.saturating_mul(4), max))
}

/// Whether node `n` certainly admits a string of `len` bytes by its length alone
/// (`Node::lengths`): what [`check_string`] says of it, without its other checks
/// (benches/README.md, optimization `length-plan`).
#[inline(always)]
pub(crate) fn string_by_length(node: &Node, len: usize) -> bool {
    node.lengths
        .is_some_and(|(least, most)| (least..=most).contains(&(len as u64)))
}

/// The inclusive range of integers that certainly pass `node` (see
/// `Node::integers`): its bounds and its integer `format`'s, for a node that admits
/// numbers, has no `enum` or `const`, and whose bounds are short integers and whose
/// `format` (if any) is an integer one (`SmallBounds`), without `multipleOf`.
pub(crate) fn integers_plan(node: &Node) -> Option<(i64, i64)> {
    let numbers = node.types.has(Types::INTEGER) || node.types.has(Types::NUMBER);
    if node.reject_all || !numbers || node.values.is_some() {
        return None;
    }
    let Some(c) = node.number.as_deref() else {
        return Some((i64::MIN, i64::MAX));
    };
    let b = c.small.as_ref()?;
    let int = |s: Option<Small>| -> Option<Option<i64>> {
        match s {
            None => Some(None),
            Some(s) => s.as_integer().map(Some),
        }
    };
    let mut lo = i64::MIN;
    let mut hi = i64::MAX;
    let mut floor = |v: Option<i64>| lo = lo.max(v.unwrap_or(i64::MIN));
    floor(int(b.minimum)?);
    floor(int(b.exclusive_minimum)?.map(|m| m + 1));
    let mut ceil = |v: Option<i64>| hi = hi.min(v.unwrap_or(i64::MAX));
    ceil(int(b.maximum)?);
    ceil(int(b.exclusive_maximum)?.map(|m| m - 1));
    if let Some(f) = b.format {
        lo = lo.max(int(f.min)?.unwrap_or(i64::MIN));
        hi = hi.min(int(f.max)?.unwrap_or(i64::MAX));
    }
    Some((lo, hi))
}

/// The string candidates that certainly pass `node` by being one of them (see
/// `Node::words`): for a node that admits strings, whose `enum` or `const` lists
/// strings, and that has no string keyword (length, `format`, `pattern`, content).
pub(crate) fn words_plan(node: &Node, consts: &Consts) -> Option<Box<Words>> {
    if node.reject_all || !node.types.has(Types::STRING) || node.string.is_some() {
        return None;
    }
    Words::build(&consts.set(node.values?).strings).map(Box::new)
}

/// Whether a string that is a `date-time` in its most common spelling certainly
/// passes `node` (see `Node::date_times`): the node admits strings, has no `enum` or
/// `const`, and its only string keyword is `format: "date-time"`.
pub(crate) fn date_times_plan(node: &Node) -> bool {
    if node.reject_all || !node.types.has(Types::STRING) || node.values.is_some() {
        return false;
    }
    // Every string keyword named, so that a new one cannot slip past the plan.
    node.string.as_deref().is_some_and(|c| {
        let StringChecks {
            min_length,
            max_length,
            pattern,
            format,
            owner_format,
            content,
        } = c;
        *format == Some(Format::DateTime)
            && min_length.is_none()
            && max_length.is_none()
            && pattern.is_none()
            && owner_format.is_none()
            && content.is_none()
    })
}

/// The inclusive range, in units of 10^-18 (`Small::fixed18`), of the numbers that
/// certainly pass `node` by their value alone, fraction or not (see
/// `Node::decimals`): for a node that admits every number, has no `enum` or `const`,
/// and whose bounds are short, without `multipleOf` or an integer `format`. The
/// exclusive bounds close by one unit: every short number is a whole count of units.
pub(crate) fn decimals_plan(node: &Node) -> Option<(i128, i128)> {
    if node.reject_all || !node.types.has(Types::NUMBER) || node.values.is_some() {
        return None;
    }
    let Some(c) = node.number.as_deref() else {
        return Some((i128::MIN, i128::MAX));
    };
    let b = c.small.as_ref()?;
    if b.format.is_some() {
        // An integer `format`: a fraction fails it.
        return None;
    }
    let mut lo = i128::MIN;
    let mut hi = i128::MAX;
    if let Some(m) = b.minimum {
        lo = lo.max(m.fixed18());
    }
    if let Some(m) = b.exclusive_minimum {
        lo = lo.max(m.fixed18() + 1);
    }
    if let Some(m) = b.maximum {
        hi = hi.min(m.fixed18());
    }
    if let Some(m) = b.exclusive_maximum {
        hi = hi.min(m.fixed18() - 1);
    }
    Some((lo, hi))
}

/// Whether node `n` certainly admits the number the lexer read as `d` by its value
/// alone: a plain integer within the node's integer range (`Node::integers`,
/// benches/README.md, optimization `integer-plan`), or a number of at most 18 digits
/// without an exponent within its range of decimals (`Node::decimals`, optimization
/// `decimal-plan`), is what [`check_number`] admits, without its other checks.
#[inline(always)]
pub(crate) fn number_by_range(node: &Node, d: Digits) -> bool {
    match node.integers {
        Some((lo, hi)) if !d.exponent && d.scale == 0 && d.digits <= 18 => {
            // At most 18 digits: below 10^18 < 2^63.
            let m = d.magnitude as i64;
            let v = if d.negative { -m } else { m };
            lo <= v && v <= hi
        }
        _ => node.decimals.is_some() && decimal_by_range(node, d),
    }
}

/// [`number_by_range`] for the decimal plan. Out of line: inlined into the member
/// loops, it cost 0.5% on the medium body, which has no numbers, and 1% on the order
/// (callgrind, `instructions medium verify`).
#[inline(never)]
fn decimal_by_range(node: &Node, d: Digits) -> bool {
    match (node.decimals, Small::from_digits(d)) {
        (Some((lo, hi)), Some(n)) => (lo..=hi).contains(&n.fixed18()),
        _ => false,
    }
}

/// `enum` / `const`: the test for their absence inline, the lookup out of line
/// (benches/README.md, optimization `values-inline`).
#[inline(always)]
fn values(node: &Node, consts: &Consts, scalar: Scalar<'_>) -> Result<(), Option<Keyword>> {
    match node.values {
        Some(set) => values_in(consts, set, scalar),
        None => Ok(()),
    }
}

#[inline(never)]
fn values_in(consts: &Consts, set: ConstId, scalar: Scalar<'_>) -> Result<(), Option<Keyword>> {
    if !consts.set_has_scalar(set, scalar) {
        let kw = if consts.set(set).is_const {
            Keyword::Const
        } else {
            Keyword::Enum
        };
        return Err(Some(kw));
    }
    Ok(())
}

/// Lengths in code points, `format`, `pattern`: a string's own keywords, `type` and
/// `enum`/`const` aside (the audit holds an `enum`'s strings to them).
#[inline(always)]
pub(crate) fn string(c: &StringChecks, s: &str) -> Result<(), Option<Keyword>> {
    let bytes = s.len() as u64;
    // A string has at most as many code points as bytes, and at least a quarter as
    // many: decide from the byte length where that suffices.
    if let Some(min) = c.min_length.as_ref().map(|c| c.value) {
        if bytes < min || (min > bytes / 4 && (s.chars().count() as u64) < min) {
            return Err(Some(Keyword::MinLength));
        }
    }
    if let Some(max) = c.max_length.as_ref().map(|c| c.value) {
        if bytes > max && s.chars().count() as u64 > max {
            return Err(Some(Keyword::MaxLength));
        }
    }
    if let Some(f) = c.format {
        if !f.is_valid(s) {
            return Err(Some(Keyword::Format));
        }
    }
    if let Some(f) = &c.owner_format {
        if !f.is_valid(s) {
            return Err(Some(Keyword::Format));
        }
    }
    if let Some(p) = &c.pattern {
        if !p.is_match(s) {
            return Err(Some(Keyword::Pattern));
        }
    }
    Ok(())
}

/// The body number as a [`Small`] (read by `short`), when that and the node's short
/// bounds decide every numeric keyword.
#[inline(always)]
fn short_of(node: &Node, int_only: bool, short: impl FnOnce() -> Option<Small>) -> Option<Small> {
    match &node.number {
        Some(c) if c.small.is_none() => None,
        Some(_) => short(),
        None if int_only => short(),
        None => None,
    }
}

/// Short bounds, exactly.
#[inline]
fn small_bounds(b: &SmallBounds, n: Small) -> Result<(), Option<Keyword>> {
    if b.minimum.is_some_and(|m| n < m) {
        return Err(Some(Keyword::Minimum));
    }
    if b.maximum.is_some_and(|m| n > m) {
        return Err(Some(Keyword::Maximum));
    }
    if b.exclusive_minimum.is_some_and(|m| n <= m) {
        return Err(Some(Keyword::ExclusiveMinimum));
    }
    if b.exclusive_maximum.is_some_and(|m| n >= m) {
        return Err(Some(Keyword::ExclusiveMaximum));
    }
    // An integer `format` (`int32`, `uint16`...), after the bounds as `number` orders
    // them; `multipleOf` is never beside a short `format` (`NumberChecks::index`).
    if let Some(f) = b.format {
        if !n.is_integer() || f.min.is_some_and(|m| n < m) || f.max.is_some_and(|m| n > m) {
            return Err(Some(Keyword::Format));
        }
    }
    Ok(())
}

/// Exact numeric bounds, `multipleOf` and a numeric `format`: a number's own
/// keywords, `type` and `enum`/`const` aside (the audit holds an `enum`'s numbers to
/// them).
#[inline]
pub(crate) fn number(c: &NumberChecks, n: &NumRef<'_>) -> Result<(), Option<Keyword>> {
    if let Some(b) = &c.minimum {
        if *n < b.value.as_num() {
            return Err(Some(Keyword::Minimum));
        }
    }
    if let Some(b) = &c.maximum {
        if *n > b.value.as_num() {
            return Err(Some(Keyword::Maximum));
        }
    }
    if let Some(b) = &c.exclusive_minimum {
        if *n <= b.value.as_num() {
            return Err(Some(Keyword::ExclusiveMinimum));
        }
    }
    if let Some(b) = &c.exclusive_maximum {
        if *n >= b.value.as_num() {
            return Err(Some(Keyword::ExclusiveMaximum));
        }
    }
    if let Some(b) = &c.multiple_of {
        if !n.is_multiple_of(&b.value.as_num()) {
            return Err(Some(Keyword::MultipleOf));
        }
    }
    if c.format.is_some_and(|f| !f.is_valid_number(n)) {
        return Err(Some(Keyword::Format));
    }
    Ok(())
}

/// [`Node::opens`]: the kinds of container that pass [`check_open`] on node `node`
/// and that the fast engine reads into at once: no `enum` or `const` (which
/// [`check_open`] lets through when a composite value may match them) and no keyword
/// of the general validator's alone.
pub(crate) fn opens_plan(node: &Node, consts: &Consts) -> u8 {
    if node.values.is_some() || node.general_only {
        return 0;
    }
    let opens = |object: bool, bit: u8| {
        if check_open(node, consts, object).is_ok() {
            bit
        } else {
            0
        }
    };
    opens(true, Types::OBJECT) | opens(false, Types::ARRAY)
}

/// Check `node`'s local assertions that can be decided when a container opens: the
/// boolean schema `false`, `type`, and whether `enum`/`const` has any candidate of this
/// kind.
// Inlined in optimized builds: with the fast engine's union branches read in place
// (`verify/fast/branches.rs`, `union_child`), the compiler made it a call, which cost
// the medium body 2.5% (callgrind). Out of line in a debug build, for the recursion's
// small-stack tests.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn check_open(
    node: &Node,
    consts: &Consts,
    object: bool,
) -> Result<(), Option<Keyword>> {
    if node.reject_all {
        return Err(None);
    }
    let bit = if object { Types::OBJECT } else { Types::ARRAY };
    if !node.types.has(bit) {
        return Err(Some(Keyword::Type));
    }
    if let Some(set) = node.values {
        let s = consts.set(set);
        let possible = if object { s.has_object } else { s.has_array };
        if !possible {
            return Err(Some(if s.is_const {
                Keyword::Const
            } else {
                Keyword::Enum
            }));
        }
    }
    Ok(())
}
