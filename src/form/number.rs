//! Exact decimal arithmetic on JSON number lexemes.
//!
//! A JSON number denotes exactly its decimal value: `1.0` is an integer, `1e2 == 100`,
//! `9007199254740993 > 9007199254740992`, `0.3` is a multiple of `0.1`. Nothing here
//! converts to a float, and no number, however long its mantissa or its exponent, costs
//! more than time linear in its length (times the divisor's length for `multipleOf`) and
//! constant extra memory (apart from owned copies and keys, which are linear).
//!
//! # Representation
//!
//! Every nonzero number is `±0.d₁d₂…dₙ × 10^P`: a sign, its *significant digits*
//! `D = d₁…dₙ` with `d₁ ≠ 0` and `dₙ ≠ 0`, and its *point exponent* `P`. Equivalently it
//! is `±D × 10^T` with the integer `D` and the *trailing exponent* `T = P − n`.
//! [`NumRef`] borrows `D` from the lexeme as two slices (what is left of the integer part
//! and of the fraction part once leading and trailing zeros are cut), and keeps `P` either
//! as an `i64` or, when the written exponent `E` has more than 18 digits, as
//! `±E + lead` with `E` still borrowed as digits and `lead` (how far the first significant
//! digit sits from the decimal point) an `i64`. [`Decimal`] owns the same normal form.
//!
//! # Invariants
//!
//! 1. **Normal form.** `D` has no leading and no trailing zero; zero has no digits and no
//!    sign, so `-0`, `0.0` and `0e7` are the same value. Two nonzero numbers are equal iff
//!    their signs, their `D` and their `P` are equal. Established by `NumRef::new`;
//!    `NumRef::to_decimal` keeps it and also makes `P` unique in representation.
//! 2. **Exact exponents.** `P` and `T` are never rounded or clamped. Whenever two
//!    exponents are compared or subtracted (`ex_diff`), the difference of their digit parts
//!    is computed digit by digit from the most significant end; once it exceeds `2^100` in
//!    magnitude it can only grow and keep its sign (`|10δ + c| > |δ|` for `|c| ≤ 18`), and
//!    every offset is below `2^66` in magnitude (it is bounded by the length of a slice), so
//!    the difference is exact when below `2^99` and has the right sign beyond. An exponent
//!    with a million digits is therefore ordered exactly against a neighbour that differs
//!    from it by one, and against a small exponent after reading about 31 of its digits.
//! 3. **No allocation on the hot path.** `NumRef::new`, the comparisons, `is_integer`,
//!    `as_u64` and `is_multiple_of` allocate nothing, except `is_multiple_of` with a
//!    divisor of more than 143 significant digits (beyond a 16-limb stack buffer), which
//!    allocates `O(len(divisor))` scratch. `canonical_key` only appends to the buffer it is
//!    given.
//! 4. **Exact `multipleOf`.** `x = mx·10^tx` is a multiple of `d = md·10^td` iff
//!    `k = tx − td ≥ 0` and `md` divides `mx·10^min(k, 4·len(md))` (see
//!    [`NumRef::is_multiple_of`]); the remainder is computed by Horner's rule in one pass over
//!    the digits of `mx`.
//! 5. **No panics, no floats.** Every input is accepted: the parser's lexemes are read
//!    exactly, and anything else is read as its longest number-like prefix (an empty or
//!    digitless prefix reads as zero). No floating-point type appears in this file.
//!
//! # Costs
//!
//! With `n` the length of the lexeme(s) involved and `m` the number of significant digits
//! of a divisor:
//! - `NumRef::new`: O(n) time, O(1) memory; a handful of byte scans for ordinary numbers.
//! - `cmp`, `==`: O(1) when both exponents have at most 18 digits (always for ordinary
//!   numbers) plus, on equal exponents, a comparison of digit strings; else O(n) time (an
//!   exponent of many digits is usually decided after ~31 of them); O(1) memory.
//! - `is_integer`, `as_u64`: O(1) for exponents of at most 18 digits, else O(n); O(1) memory.
//! - `is_multiple_of`: O(n) time and O(1) memory when `m ≤ 19` (u128 arithmetic on
//!   19-digit chunks, skipped entirely when the divisor's digits are `1`, as for `0.1` or
//!   `1e-8`), else O(n·m) time and O(m) memory (schoolbook division on 9-digit chunks).
//! - `canonical_key`: O(n) time, appends O(n) bytes.
//! - `Decimal::parse`: O(n) time and memory; `Decimal::as_num`: O(1).

use std::cmp::Ordering;
use std::fmt;
use std::iter;

/// Digit-part exponent differences saturate at this magnitude (invariant 2).
const SAT: i128 = 1 << 100;

/// Exponents written with at most this many significant digits are parsed as `i64`.
const SMALL_EXP_DIGITS: usize = 18;

/// Exponents with more digits than this are larger than any offset (`10^36 > 2^66`).
const I128_SAFE_DIGITS: usize = 36;

/// `10^i` for `i` in `0..=19`.
const POW10: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// Divisors up to this many 32-bit limbs are divided in a stack buffer (invariant 3).
const STACK_LIMBS: usize = 16;

/// A zero-allocation view of a JSON number lexeme, ordered and compared by exact value.
///
/// `Copy` and at most 72 bytes (on 64-bit targets); all methods borrow. Equality and ordering
/// are numeric: `1.0 == 1 == 1e0 == 10e-1 == 0.1e1` and `-0 == 0`.
#[derive(Clone, Copy)]
pub(crate) struct NumRef<'a> {
    /// Negative and nonzero.
    neg: bool,
    /// First part of the significant digits `D`: ASCII digits, first one nonzero.
    hi: &'a [u8],
    /// Rest of `D` (the fraction part when `hi` is the integer part); if nonempty its last
    /// digit is nonzero, else `hi`'s is.
    lo: &'a [u8],
    /// The point exponent `P` (meaningless for zero, kept at `Small(0)`).
    point: Exp<'a>,
}

/// A point exponent `P`.
#[derive(Clone, Copy)]
enum Exp<'a> {
    /// `P` itself.
    Small(i64),
    /// `P = (−1)^neg · digits + off`, with `digits` ASCII, no leading zero, nonempty.
    Big {
        /// The sign of the written exponent.
        neg: bool,
        /// The written exponent's magnitude.
        digits: &'a [u8],
        /// The position adjustment (`lead`), or 0 in a [`Decimal`].
        off: i64,
    },
}

impl<'a> Exp<'a> {
    /// This exponent as an arithmetic value.
    fn ex(self) -> Ex<'a> {
        match self {
            Exp::Small(p) => Ex {
                neg: false,
                digits: &[],
                off: i128::from(p),
            },
            Exp::Big { neg, digits, off } => Ex {
                neg,
                digits,
                off: i128::from(off),
            },
        }
    }
}

/// An exact integer `(−1)^neg · digits + off` used for exponent arithmetic; `digits` has
/// no leading zero (empty means zero), `|off| < 2^65`.
#[derive(Clone, Copy)]
struct Ex<'a> {
    /// The sign of the digit part.
    neg: bool,
    /// The magnitude of the digit part, ASCII digits.
    digits: &'a [u8],
    /// The exact small part.
    off: i128,
}

impl Ex<'_> {
    /// The integer 0.
    const ZERO: Ex<'static> = Ex {
        neg: false,
        digits: &[],
        off: 0,
    };
}

/// `a − b` exactly when `|a − b| < 2^99`; otherwise a value of the same sign and of
/// magnitude above `2^99` (invariant 2). O(1) when both digit parts are empty, else
/// O(max digits) time, O(1) memory.
fn ex_diff(a: Ex<'_>, b: Ex<'_>) -> i128 {
    let off = a.off - b.off;
    if a.digits.is_empty() && b.digits.is_empty() {
        return off;
    }
    // (−1)^sa·A − (−1)^sb·B = (−1)^sa·(A ∓ B): subtract on equal signs, add on different
    // ones. This also holds when A or B is 0, whatever its sign flag.
    let d = digit_diff(a.digits, b.digits, a.neg != b.neg);
    (if a.neg { -d } else { d }) + off
}

/// `A + B` (if `add`) or `A − B` for two ASCII digit strings, clamped to `[−SAT, SAT]`.
/// Leaves the loop as soon as the clamp is reached: from there on the magnitude only grows
/// (`|10δ + c| ≥ 10|δ| − 18 > |δ|`) and the sign stays.
fn digit_diff(a: &[u8], b: &[u8], add: bool) -> i128 {
    let len = a.len().max(b.len());
    let (pa, pb) = (len - a.len(), len - b.len());
    let mut d: i128 = 0;
    for i in 0..len {
        let x = if i >= pa { digit(a[i - pa]) } else { 0 };
        let y = if i >= pb { digit(b[i - pb]) } else { 0 };
        d = d * 10 + if add { x + y } else { x - y };
        if d >= SAT {
            return SAT;
        }
        if d <= -SAT {
            return -SAT;
        }
    }
    d
}

/// The value of an ASCII digit.
fn digit(c: u8) -> i128 {
    i128::from(c.wrapping_sub(b'0'))
}

/// Splits `s` after its leading run of ASCII digits.
fn split_digits(s: &[u8]) -> (&[u8], &[u8]) {
    let n = s
        .iter()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(s.len());
    s.split_at(n)
}

/// `s` without its leading `0`s.
fn trim_leading_zeros(s: &[u8]) -> &[u8] {
    let n = s.iter().position(|&c| c != b'0').unwrap_or(s.len());
    &s[n..]
}

/// `s` without its trailing `0`s.
fn trim_trailing_zeros(s: &[u8]) -> &[u8] {
    let n = s.iter().rposition(|&c| c != b'0').map_or(0, |i| i + 1);
    &s[..n]
}

/// A slice length as `i64`; exact, since a slice is never longer than `isize::MAX`.
fn len_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl<'a> NumRef<'a> {
    /// The number 0.
    const ZERO: NumRef<'static> = NumRef {
        neg: false,
        hi: &[],
        lo: &[],
        point: Exp::Small(0),
    };

    /// Views a lexeme of the RFC 8259 grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    ///
    /// Never allocates and never panics; O(len) time. Any other string is read as its
    /// longest prefix of the shape `-?[0-9]*(\.[0-9]*)?([eE][+-]?[0-9]*)?` (invariant 5).
    pub(crate) fn new(lexeme: &'a str) -> NumRef<'a> {
        let b = lexeme.as_bytes();
        let (neg, rest) = match b.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, b),
        };
        let (int, rest) = split_digits(rest);
        let (frac, rest) = match rest.split_first() {
            Some((b'.', rest)) => split_digits(rest),
            _ => (&[][..], rest),
        };
        let (eneg, edigits) = match rest.split_first() {
            Some((b'e' | b'E', rest)) => match rest.split_first() {
                Some((b'-', rest)) => (true, split_digits(rest).0),
                Some((b'+', rest)) => (false, split_digits(rest).0),
                _ => (false, split_digits(rest).0),
            },
            _ => (false, &[][..]),
        };
        Self::from_parts(neg, int, frac, eneg, edigits)
    }

    /// Normalizes `±int.frac e ±exp` (invariant 1).
    fn from_parts(neg: bool, int: &'a [u8], frac: &'a [u8], eneg: bool, exp: &'a [u8]) -> Self {
        let int = trim_leading_zeros(int);
        let (hi, lo, lead): (&[u8], &[u8], i64) = if int.is_empty() {
            // 0.000ddd: the first significant digit sits `zeros` places after the point.
            let sig = trim_leading_zeros(frac);
            let zeros = frac.len() - sig.len();
            (trim_trailing_zeros(sig), &[], -len_i64(zeros))
        } else {
            let frac = trim_trailing_zeros(frac);
            let lead = len_i64(int.len());
            if frac.is_empty() {
                (trim_trailing_zeros(int), &[], lead)
            } else {
                (int, frac, lead)
            }
        };
        if hi.is_empty() {
            return NumRef::ZERO;
        }
        let exp = trim_leading_zeros(exp);
        let big = Exp::Big {
            neg: eneg,
            digits: exp,
            off: lead,
        };
        let point = if exp.len() <= SMALL_EXP_DIGITS {
            // |E| < 10^18, so E is exact in i64; only E + lead can overflow.
            let e = exp
                .iter()
                .fold(0i64, |acc, &c| acc * 10 + i64::from(c - b'0'));
            let e = if eneg { -e } else { e };
            e.checked_add(lead).map_or(big, Exp::Small)
        } else {
            big
        };
        NumRef { neg, hi, lo, point }
    }

    /// Whether the value is 0 (`0`, `-0`, `0.000`, `0e99`).
    pub(crate) fn is_zero(&self) -> bool {
        self.hi.is_empty()
    }

    /// Whether the value is below 0; `-0` is not.
    pub(crate) fn is_negative(&self) -> bool {
        self.neg
    }

    /// The number of significant digits `n`.
    fn digit_count(&self) -> usize {
        self.hi.len() + self.lo.len()
    }

    /// The significant digits `D` as values `0..=9`, most significant first.
    fn digits(&self) -> impl Iterator<Item = u8> + Clone + 'a {
        self.hi
            .iter()
            .chain(self.lo.iter())
            .map(|&c| c.wrapping_sub(b'0'))
    }

    /// The trailing exponent `T = P − n`, so that the value is `±D·10^T`.
    fn trailing(&self) -> Ex<'a> {
        let mut e = self.point.ex();
        e.off -= self.digit_count() as i128;
        e
    }

    /// Whether the value is an integer: `1.0`, `1e2`, `10e-1`, `-0.0`, `1e400` are;
    /// `1.5`, `1e-400` are not. O(1) for ordinary exponents (`T ≥ 0`).
    pub(crate) fn is_integer(&self) -> bool {
        self.is_zero() || ex_diff(self.trailing(), Ex::ZERO) >= 0
    }

    /// The value as a `u64` when it is a non-negative integer that fits: `"2"`, `"2.0"`,
    /// `"2e0"`, `"200e-2"`, `"-0"` all give `Some`; `"2.5"`, `"-1"`, `"1e20"` give `None`.
    pub(crate) fn as_u64(&self) -> Option<u64> {
        if self.neg {
            return None;
        }
        if self.is_zero() {
            return Some(0);
        }
        // u64::MAX < 10^20, so a fitting value has P ≤ 20; an integer has P ≥ n ≥ 1.
        let p = ex_diff(self.point.ex(), Ex::ZERO);
        let n = self.digit_count();
        if p > 20 || p < n as i128 {
            return None;
        }
        let mut v: u64 = 0;
        for d in self.digits() {
            v = v.checked_mul(10)?.checked_add(u64::from(d))?;
        }
        for _ in n..usize::try_from(p).ok()? {
            v = v.checked_mul(10)?;
        }
        Some(v)
    }

    /// Whether `self` is an integer multiple of `divisor` (`self = q·divisor` for an integer
    /// `q`). 0 is a multiple of everything; the caller guarantees `divisor > 0` (the sign is
    /// ignored, and a nonzero number is not a multiple of 0).
    ///
    /// With `self = mx·10^tx` and `divisor = md·10^td` in normal form and `k = tx − td`:
    /// - `k < 0`: never, since `mx·10^k/md ∈ ℤ` would need `md·10^−k | mx`, so `10 | mx`,
    ///   but `mx` ends in a nonzero digit.
    /// - `k ≥ 0`: iff `md | mx·10^k`. Write `md = 2^a·5^b·r` with `gcd(r, 10) = 1`; this holds
    ///   iff `r | mx`, `2^a | mx·2^k` and `5^b | mx·5^k`. For `k ≥ max(a, b)` the last two
    ///   hold, so every such `k` gives the same answer, and `max(a, b) < 4·len(md)`
    ///   (`md < 10^len < 16^len`): it suffices to test `md | mx·10^min(k, 4·len(md))`.
    ///
    /// `0.3` is a multiple of `0.1`, `0.0075` of `0.0001`, `1e308` of `0.5`; `1e308` is not
    /// a multiple of `0.123456789`, `4.5` of `0.2`. O(len(self)·len(divisor)) time.
    pub(crate) fn is_multiple_of(&self, divisor: &NumRef<'_>) -> bool {
        if self.is_zero() {
            return true;
        }
        if divisor.is_zero() {
            return false;
        }
        let k = ex_diff(self.trailing(), divisor.trailing());
        if k < 0 {
            return false;
        }
        let m_len = divisor.digit_count();
        let cap = (m_len as i128).saturating_mul(4);
        let zeros = usize::try_from(k.min(cap)).unwrap_or(usize::MAX);
        match small_mantissa(divisor) {
            Some(1) => true,
            Some(m) => divides_u64(self.digits(), zeros, m),
            None => divides_big(self.digits(), zeros, divisor.digits(), m_len),
        }
    }

    /// Appends a byte string that is equal for two numbers iff they are numerically equal:
    /// `0` for zero, else `±D e P` (sign, significant digits, `e`, the exact point exponent
    /// in decimal), e.g. `+15e1` for `1.5`, `1.50` and `0.15e1`. O(len) time; huge exponents
    /// are written out in full, exactly.
    pub(crate) fn canonical_key(&self, out: &mut Vec<u8>) {
        if self.is_zero() {
            out.push(b'0');
            return;
        }
        out.push(if self.neg { b'-' } else { b'+' });
        out.extend_from_slice(self.hi);
        out.extend_from_slice(self.lo);
        out.push(b'e');
        let p = self.point.ex();
        write_sum(p.neg, p.digits, p.off, out);
    }

    /// An owned copy in normal form. O(len) time and memory.
    pub(crate) fn to_decimal(self) -> Decimal {
        if self.is_zero() {
            return Decimal {
                neg: false,
                digits: Box::default(),
                point: DecExp::Small(0),
            };
        }
        let mut digits = Vec::with_capacity(self.digit_count());
        digits.extend_from_slice(self.hi);
        digits.extend_from_slice(self.lo);
        let point = match self.point {
            Exp::Small(p) => DecExp::Small(p),
            Exp::Big { neg, digits, off } => {
                // Canonical: Small whenever P fits, else P's own digits with no offset.
                let mut p = Vec::new();
                write_sum(neg, digits, i128::from(off), &mut p);
                let (pneg, mag) = match p.split_first() {
                    Some((b'-', mag)) => (true, mag),
                    _ => (false, &p[..]),
                };
                match parse_i64(pneg, mag) {
                    Some(p) => DecExp::Small(p),
                    None => DecExp::Big {
                        neg: pneg,
                        digits: mag.into(),
                    },
                }
            }
        };
        Decimal {
            neg: self.neg,
            digits: digits.into_boxed_slice(),
            point,
        }
    }

    /// Compares magnitudes of two nonzero numbers: point exponents, then digits.
    fn cmp_magnitude(&self, other: &NumRef<'_>) -> Ordering {
        let by_point = match (self.point, other.point) {
            (Exp::Small(a), Exp::Small(b)) => a.cmp(&b),
            (a, b) => ex_diff(a.ex(), b.ex()).cmp(&0),
        };
        // Same P: 0.D ordering is lexicographic, and a proper prefix is smaller because
        // the longer string goes on to a nonzero last digit.
        by_point.then_with(|| {
            if self.lo.is_empty() && other.lo.is_empty() {
                self.hi.cmp(other.hi)
            } else {
                self.hi
                    .iter()
                    .chain(self.lo)
                    .cmp(other.hi.iter().chain(other.lo))
            }
        })
    }

    /// −1, 0 or 1.
    fn signum(&self) -> i8 {
        if self.is_zero() {
            0
        } else if self.neg {
            -1
        } else {
            1
        }
    }
}

impl Ord for NumRef<'_> {
    /// Exact numeric order. O(1) for ordinary numbers (exponents of at most 18 digits)
    /// apart from comparing digit strings; O(len) otherwise.
    fn cmp(&self, other: &Self) -> Ordering {
        let by_sign = self.signum().cmp(&other.signum());
        if by_sign != Ordering::Equal || self.is_zero() {
            return by_sign;
        }
        let m = self.cmp_magnitude(other);
        if self.neg {
            m.reverse()
        } else {
            m
        }
    }
}

impl PartialOrd for NumRef<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for NumRef<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for NumRef<'_> {}

impl fmt::Debug for NumRef<'_> {
    /// Normal form as `±0.DeP`, e.g. `NumRef(+0.15e1)` for `1.50`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_normal_form("NumRef", *self, f)
    }
}

/// Writes `name(±0.DeP)`, or `name(0)`.
fn debug_normal_form(name: &str, n: NumRef<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut key = Vec::new();
    n.canonical_key(&mut key);
    match key.split_first() {
        Some((&sign, rest)) if !n.is_zero() => {
            let rest = String::from_utf8_lossy(rest);
            write!(f, "{name}({}0.{rest})", char::from(sign))
        }
        _ => write!(f, "{name}(0)"),
    }
}

/// An owned exact decimal, for the numbers of a form (`minimum`, `multipleOf`, `enum`...).
///
/// Kept in normal form (invariant 1) with the point exponent fully resolved, so that
/// derived equality and hashing are numeric equality and hashing: `Decimal::parse("1.0")
/// == Decimal::parse("1e0")`. Viewing it as a [`NumRef`] is O(1).
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Decimal {
    /// Negative and nonzero.
    neg: bool,
    /// Significant digits, ASCII, no leading or trailing zero; empty for zero.
    digits: Box<[u8]>,
    /// The point exponent; `Small(0)` for zero.
    point: DecExp,
}

/// An owned point exponent: `Small` iff it fits in an `i64`.
#[derive(Clone, PartialEq, Eq, Hash)]
enum DecExp {
    /// `P`.
    Small(i64),
    /// `P = (−1)^neg · digits`, outside the range of `i64`, digits without leading zero.
    Big {
        /// `P < 0`.
        neg: bool,
        /// `|P|`, ASCII digits.
        digits: Box<[u8]>,
    },
}

impl Decimal {
    /// Parses a number lexeme (see [`NumRef::new`]). O(len) time and memory.
    pub(crate) fn parse(lexeme: &str) -> Decimal {
        NumRef::new(lexeme).to_decimal()
    }

    /// A borrowed view, for comparing with the numbers of a body. O(1), no allocation.
    pub(crate) fn as_num(&self) -> NumRef<'_> {
        NumRef {
            neg: self.neg,
            hi: &self.digits,
            lo: &[],
            point: match &self.point {
                DecExp::Small(p) => Exp::Small(*p),
                DecExp::Big { neg, digits } => Exp::Big {
                    neg: *neg,
                    digits,
                    off: 0,
                },
            },
        }
    }
}

impl From<NumRef<'_>> for Decimal {
    fn from(n: NumRef<'_>) -> Decimal {
        n.to_decimal()
    }
}

impl Ord for Decimal {
    /// Exact numeric order, as for [`NumRef`].
    fn cmp(&self, other: &Self) -> Ordering {
        self.as_num().cmp(&other.as_num())
    }
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Decimal {
    /// Normal form as `±0.DeP`, e.g. `Decimal(-0.15e1)` for `-1.50`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_normal_form("Decimal", self.as_num(), f)
    }
}

/// Writes `v` in decimal, with a `-` when negative.
fn write_int(v: i128, out: &mut Vec<u8>) {
    if v < 0 {
        out.push(b'-');
    }
    let start = out.len();
    let mut m = v.unsigned_abs();
    loop {
        out.push(b'0' + (m % 10) as u8);
        m /= 10;
        if m == 0 {
            break;
        }
    }
    out[start..].reverse();
}

/// Writes the exact integer `(−1)^neg · digits + off` in decimal (`digits` without leading
/// zero, `|off| < 2^66`). O(len(digits)) time.
fn write_sum(neg: bool, digits: &[u8], off: i128, out: &mut Vec<u8>) {
    if digits.len() <= I128_SAFE_DIGITS {
        let m = digits.iter().fold(0i128, |acc, &c| acc * 10 + digit(c));
        write_int(if neg { -m } else { m } + off, out);
        return;
    }
    // |digits| ≥ 10^36 > |off|: the sign is `neg`, the magnitude |digits| ± |off| > 0.
    if neg {
        out.push(b'-');
    }
    let start = out.len();
    out.extend_from_slice(digits);
    // Add ±|off| from the right; the carry shrinks tenfold per digit, so the loop
    // stops after about 20 digits unless a borrow or carry runs through 0s or 9s.
    let mut carry = if neg { -off } else { off };
    for c in out[start..].iter_mut().rev() {
        match (carry, *c) {
            (0, _) => break,
            // Runs of 9s (or 0s) that a carry (or borrow) of 1 passes through.
            (1, b'9') => *c = b'0',
            (-1, b'0') => *c = b'9',
            _ => {
                let v = digit(*c) + carry;
                *c = b'0' + v.rem_euclid(10) as u8;
                carry = v.div_euclid(10);
            }
        }
    }
    if carry > 0 {
        let mut head = Vec::new();
        write_int(carry, &mut head);
        out.splice(start..start, head);
    }
    let zeros = out[start..].iter().take_while(|&&c| c == b'0').count();
    out.drain(start..start + zeros);
}

/// `∓mag` as an `i64` if it fits (`mag` ASCII digits without leading zero).
fn parse_i64(neg: bool, mag: &[u8]) -> Option<i64> {
    if mag.len() > 19 {
        return None;
    }
    // Accumulate negatively so that i64::MIN fits.
    let mut acc: i64 = 0;
    for &c in mag {
        acc = acc
            .checked_mul(10)?
            .checked_sub(i64::from(c.wrapping_sub(b'0')))?;
    }
    if neg {
        Some(acc)
    } else {
        acc.checked_neg()
    }
}

/// The divisor's significant digits as a `u64`, if they fit.
fn small_mantissa(n: &NumRef<'_>) -> Option<u64> {
    if n.digit_count() > 20 {
        return None;
    }
    n.digits()
        .try_fold(0u64, |v, d| v.checked_mul(10)?.checked_add(u64::from(d)))
}

/// Feeds `digits` followed by `zeros` zero digits to `step(10^len, chunk)` in chunks of
/// `width ≤ 19` digits, most significant first: Horner's rule in base `10^width`.
fn horner(
    digits: impl Iterator<Item = u8>,
    zeros: usize,
    width: usize,
    mut step: impl FnMut(u64, u64),
) {
    let mut chunk = 0u64;
    let mut len = 0usize;
    for d in digits.chain(iter::repeat_n(0, zeros)) {
        chunk = chunk * 10 + u64::from(d);
        len += 1;
        if len == width {
            step(POW10[width], chunk);
            chunk = 0;
            len = 0;
        }
    }
    if len > 0 {
        step(POW10[len], chunk);
    }
}

/// Whether `m` divides `digits·10^zeros`. O(len) time, O(1) memory: 19-digit chunks,
/// `rem·10^19 + chunk < 2^64·10^19 + 10^19 < 2^128`.
fn divides_u64(digits: impl Iterator<Item = u8>, zeros: usize, m: u64) -> bool {
    let m = u128::from(m);
    let mut rem: u128 = 0;
    horner(digits, zeros, 19, |pow, chunk| {
        rem = (rem * u128::from(pow) + u128::from(chunk)) % m;
    });
    rem == 0
}

/// Whether the `m_len`-digit number `m` (nonzero) divides `digits·10^zeros`, for any size
/// of `m`: schoolbook division in base `2^32` on 9-digit chunks. O(len·m_len) time,
/// O(m_len) memory, on the stack up to [`STACK_LIMBS`] limbs.
fn divides_big(
    digits: impl Iterator<Item = u8>,
    zeros: usize,
    m: impl Iterator<Item = u8>,
    m_len: usize,
) -> bool {
    // m < 10^(9·⌈m_len/9⌉) < 2^(32·⌈m_len/9⌉): ⌈m_len/9⌉ limbs suffice.
    let cap = m_len / 9 + 1;
    let mut stack = [0u32; 2 * STACK_LIMBS + 1];
    let mut heap = Vec::new();
    let buf: &mut [u32] = if cap <= STACK_LIMBS {
        &mut stack[..2 * cap + 1]
    } else {
        heap.resize(2 * cap + 1, 0);
        &mut heap
    };
    let (v, w) = buf.split_at_mut(cap);
    let mut n = 0;
    horner(m, 0, 9, |pow, chunk| {
        n = mul_add(v, n, pow as u32, chunk as u32);
    });
    if n == 0 {
        return false;
    }
    let (v, w) = (&mut v[..n], &mut w[..=n]);
    // Normalize: with M = m·2^s and the top bit of M set, each quotient digit is estimated
    // within 2 (Knuth, TAOCP 4.3.1, Theorem B). Feeding chunk·2^s instead of chunk keeps
    // the remainder equal to (value mod m)·2^s, which is 0 iff m divides the value.
    let s = v[n - 1].leading_zeros();
    if s > 0 {
        let mut carry = 0u32;
        for l in v.iter_mut() {
            let t = *l;
            *l = (t << s) | carry;
            carry = t >> (32 - s);
        }
    }
    horner(digits, zeros, 9, |pow, chunk| {
        div_step(w, v, pow as u32, chunk << s);
    });
    w.iter().all(|&l| l == 0)
}

/// `limbs[..used] = limbs[..used]·mul + add`; returns the new number of limbs used.
fn mul_add(limbs: &mut [u32], used: usize, mul: u32, add: u32) -> usize {
    let mut carry = u64::from(add);
    for l in limbs.iter_mut().take(used) {
        let t = u64::from(*l) * u64::from(mul) + carry;
        *l = t as u32;
        carry = t >> 32;
    }
    match limbs.get_mut(used) {
        Some(l) if carry != 0 => {
            *l = carry as u32;
            used + 1
        }
        _ => {
            debug_assert_eq!(carry, 0, "limb capacity is computed from the digit count");
            used
        }
    }
}

/// `w = (w·b + c) mod v`, with `v` normalized (top bit set), `w[..n] < v`, `w[n] = 0`,
/// `b ≤ 10^9`, `c < b·2^31`: then `w·b + c < 2·b·v`, so it has `n + 1` limbs and its
/// quotient by `v` is below `2^31`. O(n) time.
fn div_step(w: &mut [u32], v: &[u32], b: u32, c: u64) {
    let n = v.len();
    let mut carry = u128::from(c);
    for l in w.iter_mut() {
        let t = u128::from(*l) * u128::from(b) + carry;
        *l = t as u32;
        carry = t >> 32;
    }
    debug_assert_eq!(carry, 0);
    // q̂ ≥ q ≥ q̂ − 2 for a normalized divisor.
    let top = (u64::from(w[n]) << 32) | u64::from(w[n - 1]);
    let qhat = (top / u64::from(v[n - 1])).min(u64::from(u32::MAX));
    let mut borrow: i64 = 0;
    let mut carry: u64 = 0;
    for (wl, &vl) in w.iter_mut().zip(v) {
        // q̂·v_i + carry ≤ (2^32 − 1)^2 + 2^32 − 1 < 2^64.
        let p = qhat * u64::from(vl) + carry;
        carry = p >> 32;
        let t = i64::from(*wl) - i64::from(p as u32) + borrow;
        *wl = t as u32;
        borrow = t >> 32;
    }
    let mut top = i64::from(w[n]) - carry as i64 + borrow;
    // At most twice: add the divisor back until the remainder is non-negative.
    while top < 0 {
        let mut c = 0u64;
        for (wl, &vl) in w.iter_mut().zip(v) {
            let s = u64::from(*wl) + u64::from(vl) + c;
            *wl = s as u32;
            c = s >> 32;
        }
        top += c as i64;
    }
    debug_assert_eq!(top, 0);
    w[n] = 0;
}

/// A number of at most 18 digits written without an exponent, exactly: `mantissa /
/// 10^scale`. Most numbers in bodies and forms are of this kind, and comparing two of
/// them is two multiplications in `i128` rather than a digit-by-digit walk over
/// [`NumRef`]s (benches/README.md, optimization `short-numbers`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Small {
    mantissa: i64,
    /// Digits after the decimal point, at most 18.
    scale: u32,
}

impl Small {
    /// The value of a JSON number lexeme, or `None` if it has an exponent or more than
    /// 18 digits (leading zeros included).
    #[inline]
    pub(crate) fn parse(lexeme: &str) -> Option<Small> {
        let b = lexeme.as_bytes();
        let neg = b.first() == Some(&b'-');
        let mut m: u64 = 0;
        let mut digits = 0u32;
        let mut scale = 0u32;
        let mut fraction = false;
        for &c in &b[neg as usize..] {
            match c {
                b'0'..=b'9' => {
                    digits += 1;
                    if digits > 18 {
                        return None;
                    }
                    m = m * 10 + (c - b'0') as u64;
                    scale += fraction as u32;
                }
                b'.' => fraction = true,
                _ => return None,
            }
        }
        if digits == 0 {
            return None;
        }
        // At most 18 digits: below 10^18 < 2^63.
        let m = m as i64;
        Some(Small {
            mantissa: if neg { -m } else { m },
            scale,
        })
    }

    /// The value the lexer read of a number as it scanned it (`lex::number_digits`), or
    /// `None` where [`Small::parse`] of its lexeme is `None`: the same value either way.
    #[inline(always)]
    pub(crate) fn from_digits(d: crate::parse::lex::Digits) -> Option<Small> {
        if d.exponent || d.digits > 18 || d.digits == 0 {
            return None;
        }
        // At most 18 digits: below 10^18 < 2^63.
        let m = d.magnitude as i64;
        Some(Small {
            mantissa: if d.negative { -m } else { m },
            scale: d.scale,
        })
    }

    /// The value as an `i64`, if it is an integer (exact: a `Small` is below 10^18 in
    /// magnitude).
    #[inline]
    pub(crate) fn as_integer(self) -> Option<i64> {
        let unit = POW10[self.scale as usize] as i64;
        (self.mantissa % unit == 0).then(|| self.mantissa / unit)
    }

    /// The value in units of 10^-18, exact: a `Small` has at most 18 digits after
    /// its point and is below 10^18 in magnitude, so this is below 10^36.
    #[inline]
    pub(crate) fn fixed18(self) -> i128 {
        debug_assert!(self.scale <= 18, "scale {}", self.scale);
        self.mantissa as i128 * POW10[18usize.saturating_sub(self.scale as usize)] as i128
    }

    /// Whether the value is an integer (`1.0` is).
    #[inline]
    pub(crate) fn is_integer(self) -> bool {
        self.scale == 0 || self.mantissa % POW10[self.scale as usize] as i64 == 0
    }
}

impl Ord for Small {
    #[inline]
    fn cmp(&self, other: &Small) -> Ordering {
        if self.scale == other.scale {
            return self.mantissa.cmp(&other.mantissa);
        }
        // Both mantissas are below 10^18 and each factor at most 10^18: exact in i128.
        // (The `POW10` table rather than `pow`, which loops.)
        let s = self.scale.max(other.scale);
        let a = self.mantissa as i128 * POW10[(s - self.scale) as usize] as i128;
        let b = other.mantissa as i128 * POW10[(s - other.scale) as usize] as i128;
        a.cmp(&b)
    }
}

impl PartialEq for Small {
    #[inline]
    fn eq(&self, other: &Small) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Small {}

impl PartialOrd for Small {
    #[inline]
    fn partial_cmp(&self, other: &Small) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests;
