//! The numeric formats of schemars and OpenAPI: exact ranges on numbers.
//!
//! They constrain only numbers (strings and every other type pass) and are decided on
//! the exact decimal value of the body's number ([`NumRef`]), never through a float:
//! `1.0` and `1e2` are integers, `1e400` is beyond every range.

use crate::form::number::NumRef;

/// The inclusive bounds of an integer format, as JSON lexemes.
pub(super) type Range = (&'static str, &'static str);

/// The integer formats' ranges: two's complement for `intN`, unsigned for `uintN`.
pub(super) struct Ranges;

impl Ranges {
    /// `int8`: -128 to 127.
    pub(super) const INT8: Range = ("-128", "127");
    /// `int16`: -32768 to 32767.
    pub(super) const INT16: Range = ("-32768", "32767");
    /// `int32`: -2147483648 to 2147483647.
    pub(super) const INT32: Range = ("-2147483648", "2147483647");
    /// `int64`: -9223372036854775808 to 9223372036854775807.
    pub(super) const INT64: Range = ("-9223372036854775808", "9223372036854775807");
    /// `int128`: -170141183460469231731687303715884105728 to 170141183460469231731687303715884105727.
    pub(super) const INT128: Range = (
        "-170141183460469231731687303715884105728",
        "170141183460469231731687303715884105727",
    );
    /// `uint8`: 0 to 255.
    pub(super) const UINT8: Range = ("0", "255");
    /// `uint16`: 0 to 65535.
    pub(super) const UINT16: Range = ("0", "65535");
    /// `uint32`: 0 to 4294967295.
    pub(super) const UINT32: Range = ("0", "4294967295");
    /// `uint64`: 0 to 18446744073709551615.
    pub(super) const UINT64: Range = ("0", "18446744073709551615");
    /// `uint128`: 0 to 340282366920938463463374607431768211455.
    pub(super) const UINT128: Range = ("0", "340282366920938463463374607431768211455");
}

/// A number that is an integer (by exact value) within `range`.
pub(super) fn is_integer_in(n: &NumRef<'_>, (min, max): Range) -> bool {
    n.is_integer() && *n >= NumRef::new(min) && *n <= NumRef::new(max)
}

/// Which IEEE 754 binary format a number must round to a finite value of.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Binary {
    /// binary32 (`float`).
    Single,
    /// binary64 (`double`).
    Double,
}

/// 2^1024 − 2^970: the midpoint between the largest finite binary64 (2^1024 − 2^971)
/// and 2^1024. Round-to-nearest-even takes it, and everything above it, to infinity
/// (its even neighbour is 2^1024).
const DOUBLE_OVERFLOW: &str = "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";
/// −(2^1024 − 2^970).
const NEG_DOUBLE_OVERFLOW: &str = "-179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";
/// 2^128 − 2^103: the binary32 counterpart (largest finite 2^128 − 2^104).
const SINGLE_OVERFLOW: &str = "340282356779733661637539395458142568448";
/// −(2^128 − 2^103).
const NEG_SINGLE_OVERFLOW: &str = "-340282356779733661637539395458142568448";

/// A number that rounds (to nearest, ties to even) to a finite value of `format`:
/// its magnitude is below the overflow threshold. Underflow is no failure: a tiny
/// number rounds to a subnormal or to zero, both finite.
pub(super) fn is_finite_in(n: &NumRef<'_>, format: Binary) -> bool {
    let (low, high) = match format {
        Binary::Single => (NEG_SINGLE_OVERFLOW, SINGLE_OVERFLOW),
        Binary::Double => (NEG_DOUBLE_OVERFLOW, DOUBLE_OVERFLOW),
    };
    *n > NumRef::new(low) && *n < NumRef::new(high)
}
