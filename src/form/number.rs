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
/// [`NumRef`]s (which costs about 150 instructions per bound).
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
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn n(s: &str) -> NumRef<'_> {
        NumRef::new(s)
    }

    fn key(s: &str) -> Vec<u8> {
        let mut out = Vec::new();
        n(s).canonical_key(&mut out);
        out
    }

    /// Collects every failing row before one assertion.
    fn check_all<T: fmt::Debug>(failures: Vec<T>) {
        assert!(failures.is_empty(), "failures: {failures:#?}");
    }

    #[test]
    fn orders_across_representations() {
        use Ordering::{Equal as E, Greater as G, Less as L};
        let rows: &[(&str, &str, Ordering)] = &[
            ("1", "1.0", E),
            ("1", "1e0", E),
            ("1", "10e-1", E),
            ("1", "0.1e1", E),
            ("1", "100E-2", E),
            ("1", "0.01e+2", E),
            ("1.000", "1", E),
            ("-0", "0", E),
            ("-0.0", "0e10", E),
            ("0", "0.000e-99999999999999999999999", E),
            ("100", "1e2", E),
            ("1e2", "1E+2", E),
            ("1e2", "1e002", E),
            ("12.5", "125e-1", E),
            ("0.0075", "75e-4", E),
            ("9007199254740992", "9007199254740993", L),
            ("9007199254740993", "9007199254740992", G),
            ("9007199254740993", "9007199254740993.0", E),
            ("9007199254740993", "9.007199254740993e15", E),
            ("18446744073709551600", "18446744073709551615", L),
            ("-18446744073709551600", "-18446744073709551615", G),
            (
                "972783798187987123879878123.188781371",
                "972783798187987123879878123.18878137",
                G,
            ),
            (
                "-972783798187987123879878123.188781371",
                "-972783798187987123879878123.18878137",
                L,
            ),
            ("1e400", "1e399", G),
            ("-1e400", "-1e399", L),
            ("1e-400", "1e-399", L),
            ("-1e-400", "-1e-399", G),
            ("1e-400", "0", G),
            ("-1e-400", "0", L),
            ("-1e-400", "-0", L),
            ("1e400", "99999999999999999999", G),
            ("1", "0.99999999999999999999", G),
            ("1", "1.00000000000000000001", L),
            ("0.5", "0.49", G),
            ("0.5", "0.51", L),
            ("12", "1.2e1", E),
            ("12", "12.000000001", L),
            ("121", "12.1e1", E),
            ("2", "10", L),
            ("-2", "-10", G),
            ("-1", "1", L),
            ("-0", "1e-999", L),
            ("2.6", "3.0", L),
            ("3.5", "3.0", G),
            ("300.0", "300", E),
            ("299.97", "300", L),
            ("300.5", "300", G),
            ("-2.0001", "-2", L),
            ("-2.0", "-2", E),
            ("1.2", "1.1", G),
            ("0.6", "1.1", L),
            // Exponents beyond i64 compare exactly, offsets included.
            ("1e9223372036854775807", "1e9223372036854775808", L),
            ("10e9223372036854775807", "1e9223372036854775808", E),
            ("1e-9223372036854775808", "0.1e-9223372036854775807", E),
            ("1e-9223372036854775809", "1e-9223372036854775808", L),
            ("1e100000000000000000000", "10e99999999999999999999", E),
            ("1e100000000000000000000", "0.01e100000000000000000002", E),
            ("-1e100000000000000000000", "-1e99999999999999999999", L),
            ("1e-100000000000000000000", "1e-99999999999999999999", L),
            (
                // P = 10^40 + 11 on the left, 10^40 + 1 on the right: a digit-string
                // comparison of the written exponents alone would get this wrong.
                "12345678901e10000000000000000000000000000000000000000",
                "1e10000000000000000000000000000000000000005",
                G,
            ),
            (
                "12345678901e10000000000000000000000000000000000000000",
                "1e10000000000000000000000000000000000000011",
                L,
            ),
            (
                "12345678901e10000000000000000000000000000000000000000",
                "1.2345678901e10000000000000000000000000000000000000010",
                E,
            ),
            (
                "1e99999999999999999999999999",
                "1e-99999999999999999999999999",
                G,
            ),
            (
                "-1e99999999999999999999999999",
                "1e-99999999999999999999999999",
                L,
            ),
            ("1e99999999999999999999999999", "1e400", G),
            ("1e-99999999999999999999999999", "1e-400", L),
            (
                "0.0001e-99999999999999999999",
                "1e-100000000000000000003",
                E,
            ),
        ];
        let mut failures = Vec::new();
        for &(a, b, want) in rows {
            for (x, y, w) in [(a, b, want), (b, a, want.reverse())] {
                let got = n(x).cmp(&n(y));
                let owned = Decimal::parse(x).cmp(&Decimal::parse(y));
                let keys_equal = key(x) == key(y);
                if got != w || owned != w || keys_equal != (w == E) {
                    failures.push((x, y, w, got, owned, keys_equal));
                }
            }
        }
        check_all(failures);
    }

    #[test]
    fn shows_normal_form_in_debug() {
        assert_eq!(format!("{:?}", n("1.50")), "NumRef(+0.15e1)");
        assert_eq!(
            format!("{:?}", Decimal::parse("-0.015")),
            "Decimal(-0.15e-1)"
        );
        assert_eq!(format!("{:?}", n("-0.0")), "NumRef(0)");
    }

    #[test]
    fn stays_small_and_copyable() {
        assert!(std::mem::size_of::<NumRef<'_>>() <= 72);
        let a = n("1.5");
        let b = a;
        assert_eq!(a, b);
    }

    #[test]
    fn accepts_sign_and_zero_queries() {
        let rows: &[(&str, bool, bool)] = &[
            // lexeme, is_zero, is_negative
            ("0", true, false),
            ("-0", true, false),
            ("-0.0e5", true, false),
            ("0e-99999999999999999999999", true, false),
            ("-1", false, true),
            ("-1e-400", false, true),
            ("1e-400", false, false),
            ("0.001", false, false),
        ];
        let mut failures = Vec::new();
        for &(s, zero, negative) in rows {
            let got = (n(s).is_zero(), n(s).is_negative());
            if got != (zero, negative) {
                failures.push((s, got));
            }
        }
        check_all(failures);
    }

    #[test]
    fn accepts_integers_in_any_spelling() {
        let rows: &[(&str, bool)] = &[
            ("0", true),
            ("-0", true),
            ("-0.0", true),
            ("1", true),
            ("1.0", true),
            ("1e2", true),
            ("1E+2", true),
            ("10e-1", true),
            ("100e-2", true),
            ("0.1e1", true),
            ("1.5e1", true),
            ("1e400", true),
            ("-1e400", true),
            ("1e99999999999999999999999", true),
            (
                "12345678910111213141516171819202122232425262728293031",
                true,
            ),
            (
                "-12345678910111213141516171819202122232425262728293031",
                true,
            ),
            ("1e308", true),
            ("1.5", false),
            ("0.1", false),
            ("1e-1", false),
            ("15e-1", false),
            ("1e-400", false),
            ("-1e-400", false),
            ("1e-99999999999999999999999", false),
            ("1.00000000000000000001", false),
            ("9223372036854775807e-9223372036854775808", false),
            ("1e9223372036854775807", true),
            ("0.1e-9223372036854775808", false),
        ];
        let mut failures = Vec::new();
        for &(s, want) in rows {
            if n(s).is_integer() != want || Decimal::parse(s).as_num().is_integer() != want {
                failures.push(s);
            }
        }
        check_all(failures);
    }

    #[test]
    fn accepts_u64_values_only_when_exact() {
        let rows: &[(&str, Option<u64>)] = &[
            ("0", Some(0)),
            ("-0", Some(0)),
            ("0.0", Some(0)),
            ("2", Some(2)),
            ("2.0", Some(2)),
            ("2e0", Some(2)),
            ("200e-2", Some(2)),
            ("0.2e1", Some(2)),
            ("1e19", Some(10_000_000_000_000_000_000)),
            ("18446744073709551615", Some(u64::MAX)),
            ("18446744073709551615.000", Some(u64::MAX)),
            ("1.8446744073709551615e19", Some(u64::MAX)),
            ("18446744073709551616", None),
            ("1e20", None),
            ("1e400", None),
            ("1e99999999999999999999", None),
            ("2.5", None),
            ("-1", None),
            ("-2.0", None),
            ("1e-1", None),
            ("1e-99999999999999999999", None),
            ("4294967296", Some(1 << 32)),
        ];
        let mut failures = Vec::new();
        for &(s, want) in rows {
            if n(s).as_u64() != want || Decimal::parse(s).as_num().as_u64() != want {
                failures.push((s, n(s).as_u64()));
            }
        }
        check_all(failures);
    }

    #[test]
    fn accepts_multiples_exactly() {
        let rows: &[(&str, &str, bool)] = &[
            // JSON-Schema-Test-Suite draft2020-12 multipleOf.json
            ("10", "2", true),
            ("7", "2", false),
            ("0", "1.5", true),
            ("4.5", "1.5", true),
            ("-4.5", "1.5", true),
            ("35", "1.5", false),
            ("0.0075", "0.0001", true),
            ("0.00751", "0.0001", false),
            ("1e308", "0.123456789", false),
            ("12391239123", "1e-8", true),
            // optional/float-overflow.json
            ("1e308", "0.5", true),
            // more
            ("0.3", "0.1", true),
            ("0.30000000000000004", "0.1", false),
            ("3e-1", "1e-1", true),
            ("1", "0.1", true),
            ("1", "0.3", false),
            ("0.9", "0.3", true),
            ("1.2", "0.4", true),
            ("1.3", "0.4", false),
            ("4.5", "0.2", false),
            ("5", "2.5", true),
            ("7.5", "2.5", true),
            ("1", "0.125", true),
            ("0.375", "0.125", true),
            ("0.3", "0.125", false),
            ("1e-400", "1e-401", true),
            ("1e-401", "1e-400", false),
            ("4.5e1000000", "0.1", true),
            ("4.5e1000000", "1.5", true),
            ("4.5e1000000", "7", false),
            ("1e99999999999999999999999", "0.1", true),
            ("1e99999999999999999999999", "3", false),
            ("1e99999999999999999999999", "1024", true),
            ("1e99999999999999999999999", "0.0009765625", true),
            ("1e-99999999999999999999999", "0.1", false),
            (
                "-7e-99999999999999999999999",
                "7e-99999999999999999999999",
                true,
            ),
            (
                "14e-99999999999999999999999",
                "7e-99999999999999999999999",
                true,
            ),
            (
                "15e-99999999999999999999999",
                "7e-99999999999999999999999",
                false,
            ),
            ("1e3", "8", true),
            ("1e3", "16", false),
            ("1e4", "16", true),
            ("1e3", "125", true),
            ("1e3", "625", false),
            ("1e2", "1e2", true),
            ("1e2", "1e3", false),
            ("18446744073709551615", "18446744073709551615", true),
            ("36893488147419103230", "18446744073709551615", true),
            ("36893488147419103231", "18446744073709551615", false),
            // divisors beyond u64 take the schoolbook path
            ("18446744073709551616", "18446744073709551616", true),
            ("36893488147419103232", "18446744073709551616", true),
            ("36893488147419103233", "18446744073709551616", false),
            ("1e30", "1267650600228229401496703205376", false),
            ("1e100", "1267650600228229401496703205376", true),
            ("1e99", "1267650600228229401496703205376", false),
            (
                "1e99999999999999999999",
                "1267650600228229401496703205376",
                true,
            ),
            (
                "1e99999999999999999999",
                "12676506002282294014967032053761",
                false,
            ),
            (
                "1219326311370217952237463801111263526900",
                "12345678901234567890",
                true,
            ),
            (
                "1219326311370217952237463801111263526901",
                "12345678901234567890",
                false,
            ),
            (
                "121932631137021795223746380111126352690e-1",
                "1234567890123456789e-1",
                true,
            ),
            ("-0", "0.1", true),
            ("1", "0", false),
        ];
        let mut failures = Vec::new();
        for &(x, d, want) in rows {
            let owned = n(x).is_multiple_of(&Decimal::parse(d).as_num());
            if n(x).is_multiple_of(&n(d)) != want || owned != want {
                failures.push((x, d, want));
            }
        }
        check_all(failures);
    }

    #[test]
    fn accepts_suite_bounds() {
        // minimum.json, maximum.json, exclusive*.json, optional/bignum.json (draft2020-12):
        // (bound, value, value >= bound or value <= bound as the keyword needs, expected).
        let minimum: &[(&str, &str, bool)] = &[
            ("1.1", "2.6", true),
            ("1.1", "1.1", true),
            ("1.1", "0.6", false),
            ("-2", "-1", true),
            ("-2", "0", true),
            ("-2", "-2", true),
            ("-2", "-2.0", true),
            ("-2", "-2.0001", false),
            ("-2", "-3", false),
            ("-18446744073709551615", "-18446744073709551600", true),
        ];
        let maximum: &[(&str, &str, bool)] = &[
            ("3.0", "2.6", true),
            ("3.0", "3.0", true),
            ("3.0", "3.5", false),
            ("300", "299.97", true),
            ("300", "300", true),
            ("300", "300.0", true),
            ("300", "300.5", false),
            ("18446744073709551615", "18446744073709551600", true),
            ("9007199254740992", "9007199254740993", false),
        ];
        let exclusive_minimum: &[(&str, &str, bool)] = &[
            ("1.1", "1.2", true),
            ("1.1", "1.1", false),
            ("1.1", "0.6", false),
            (
                "-972783798187987123879878123.18878137",
                "-972783798187987123879878123.188781371",
                false,
            ),
        ];
        let exclusive_maximum: &[(&str, &str, bool)] = &[
            ("3.0", "2.2", true),
            ("3.0", "3.0", false),
            ("3.0", "3.5", false),
            (
                "972783798187987123879878123.18878137",
                "972783798187987123879878123.188781371",
                false,
            ),
        ];
        let mut failures = Vec::new();
        for (name, rows, admits) in [
            (
                "minimum",
                minimum,
                (|o| o != Ordering::Less) as fn(Ordering) -> bool,
            ),
            ("maximum", maximum, |o| o != Ordering::Greater),
            ("exclusiveMinimum", exclusive_minimum, |o| {
                o == Ordering::Greater
            }),
            ("exclusiveMaximum", exclusive_maximum, |o| {
                o == Ordering::Less
            }),
        ] {
            for &(bound, value, want) in rows {
                let bound = Decimal::parse(bound);
                if admits(n(value).cmp(&bound.as_num())) != want {
                    failures.push((name, bound, value));
                }
            }
        }
        check_all(failures);
    }

    #[test]
    fn accepts_equal_keys_iff_equal_values() {
        let classes: &[&[&str]] = &[
            &["0", "-0", "0.0", "-0.0e-5", "0e99999999999999999999999"],
            &["1", "1.0", "1e0", "10e-1", "0.1e1", "100E-2"],
            &["-1", "-1.0", "-1e0", "-10e-1"],
            &["1.5", "15e-1", "0.15e1", "1.50"],
            &["1e400", "10e399", "0.1e401", "10000e396"],
            &["1e-400", "0.1e-399", "10e-401"],
            &[
                "1e100000000000000000000",
                "10e99999999999999999999",
                "0.001e100000000000000000003",
            ],
            &[
                "-1e-100000000000000000000000000000000000000000",
                "-0.01e-99999999999999999999999999999999999999998",
                "-100e-100000000000000000000000000000000000000002",
            ],
            &["1e9223372036854775808", "10e9223372036854775807"],
            &["1e-9223372036854775809", "0.1e-9223372036854775808"],
            &["9007199254740993"],
            &["9007199254740992"],
        ];
        let mut failures = Vec::new();
        for (i, a) in classes.iter().enumerate() {
            for (j, b) in classes.iter().enumerate() {
                for x in a.iter() {
                    for y in b.iter() {
                        let same_key = key(x) == key(y);
                        let same_dec = Decimal::parse(x) == Decimal::parse(y);
                        if same_key != (i == j) || same_dec != (i == j) {
                            failures.push((*x, *y));
                        }
                    }
                }
            }
        }
        check_all(failures);
        assert_eq!(key("1.5"), b"+15e1");
        assert_eq!(key("-0.015"), b"-15e-1");
        assert_eq!(key("-0"), b"0");
        assert_eq!(key("1e100000000000000000000"), b"+1e100000000000000000001");
        assert_eq!(
            key("1e-1000000000000000000000000000000000000000"),
            b"+1e-999999999999999999999999999999999999999"
        );
        assert_eq!(
            key("-12e1000000000000000000000000000000000000000"),
            b"-12e1000000000000000000000000000000000000002"
        );
        assert_eq!(
            key("0.000123e-1000000000000000000000000000000000000000"),
            b"+123e-1000000000000000000000000000000000000003"
        );
        assert_eq!(
            key("99999999999999999999999999999999999999999e99999999999999999999999999999999999999999"),
            b"+99999999999999999999999999999999999999999e100000000000000000000000000000000000000040"
        );
    }

    #[test]
    fn accepts_any_string_without_panicking() {
        let rows: &[(&str, &str)] = &[
            ("", "0"),
            ("-", "0"),
            ("abc", "0"),
            (".", "0"),
            ("e5", "0"),
            ("1e", "1"),
            ("1e+", "1"),
            ("1.", "1"),
            (".5", "0.5"),
            ("01", "1"),
            ("+1", "0"),
            ("1x", "1"),
            ("1.5.5", "1.5"),
            ("--1", "0"),
            ("١", "0"),
        ];
        let mut failures = Vec::new();
        for &(s, want) in rows {
            let x = n(s);
            let _ = (x.is_integer(), x.as_u64(), x.is_multiple_of(&n("0.1")));
            if x != n(want) {
                failures.push(s);
            }
        }
        check_all(failures);
    }

    #[test]
    fn accepts_million_digit_mantissas_and_exponents_quickly() {
        let million = 1_000_000;
        let ones = "1".repeat(million);
        let huge_exp = format!("1e{}", "9".repeat(million));
        let tiny_exp = format!("1e-{}", "9".repeat(million));
        let huge_mantissa = format!("{ones}e{}", "9".repeat(million));
        let one_spelled_long = format!("1{}e-{million}", "0".repeat(million));
        let started = std::time::Instant::now();

        let maximum = Decimal::parse("9007199254740992");
        let tenth = n("0.1");
        assert!(n(&huge_exp) > maximum.as_num());
        assert!(n(&tiny_exp) < maximum.as_num());
        assert!(n(&tiny_exp) > n("0"));
        assert!(n(&huge_exp).is_integer());
        assert!(!n(&tiny_exp).is_integer());
        assert!(n(&huge_exp).is_multiple_of(&tenth));
        assert!(!n(&tiny_exp).is_multiple_of(&tenth));
        assert!(!n(&huge_exp).is_multiple_of(&n("3")));
        assert_eq!(n(&huge_exp).as_u64(), None);
        assert!(n(&huge_mantissa) > n(&huge_exp));
        assert!(n(&huge_mantissa).is_multiple_of(&n("0.1")));
        assert_eq!(n(&one_spelled_long), n("1"));
        assert_eq!(n(&one_spelled_long).as_u64(), Some(1));

        // R(n) = 11…1 (n ones) is divisible by R(d) iff d | n; 10^6 = 6·166666 + 4.
        assert!(n(&ones).is_multiple_of(&n("0.1")));
        assert!(n(&ones).is_multiple_of(&n("11")));
        assert!(!n(&ones).is_multiple_of(&n("111111")));
        assert!(n(&ones).is_multiple_of(&n("11111")));
        assert!(n(&ones[..999_996]).is_multiple_of(&n("111111")));
        // Divisors beyond u64, up to ones that need the heap (200 and 1000 digits), on
        // shorter mantissas to keep debug builds quick.
        assert!(n(&ones[..99_990]).is_multiple_of(&n(&ones[..22])));
        assert!(!n(&ones[..99_991]).is_multiple_of(&n(&ones[..22])));
        assert!(n(&ones[..99_900]).is_multiple_of(&n(&ones[..100])));
        assert!(n(&ones[..100_000]).is_multiple_of(&n(&ones[..200])));
        assert!(!n(&ones[..99_999]).is_multiple_of(&n(&ones[..200])));
        let thousand = format!("{}e-5", &ones[..1000]);
        assert!(n(&ones[..100_000]).is_multiple_of(&n(&thousand)));
        assert!(!n(&ones[..100_001]).is_multiple_of(&n(&thousand)));

        let mut k = Vec::new();
        n(&huge_exp).canonical_key(&mut k);
        assert_eq!(k.len(), million + 4); // "+1e1000…000"
        assert_eq!(&k[..4], b"+1e1");
        let nines_less_one = format!("10e{}8", "9".repeat(million - 1));
        assert_eq!(Decimal::parse(&huge_exp), Decimal::parse(&nines_less_one));
        assert_ne!(
            Decimal::parse(&huge_exp),
            Decimal::parse(&format!("0.1{}", &huge_exp[1..]))
        );
        let elapsed = started.elapsed();
        assert!(elapsed.as_secs() < 10, "took {elapsed:?}");
    }

    /// The value of a small lexeme scaled by `10^SCALE`, as `(negative, magnitude)`.
    const SCALE: i32 = 12;

    fn reference(int: u64, frac: &str, exp: i32, neg: bool) -> (bool, u128) {
        let f = frac.len() as i32;
        let mut m = u128::from(int);
        for c in frac.bytes() {
            m = m * 10 + u128::from(c - b'0');
        }
        let e = exp - f + SCALE;
        assert!(e >= 0);
        let v = m * 10u128.pow(e as u32);
        (neg && v != 0, v)
    }

    fn signed_cmp(a: (bool, u128), b: (bool, u128)) -> Ordering {
        match (a.0, b.0) {
            (false, false) => a.1.cmp(&b.1),
            (true, true) => b.1.cmp(&a.1),
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
        }
    }

    /// Lexemes of the RFC 8259 grammar with small values, and their scaled values.
    fn small_number() -> impl Strategy<Value = (String, (bool, u128))> {
        (
            any::<bool>(),
            prop_oneof![Just(0u64), 0u64..1000, 0u64..1_000_000],
            prop_oneof![Just(String::new()), "[0-9]{1,5}"],
            prop_oneof![
                Just(None),
                (-6i32..6, "[eE]", 0usize..3, any::<bool>()).prop_map(Some)
            ],
        )
            .prop_map(|(neg, int, frac, exp)| {
                let mut s = String::new();
                if neg {
                    s.push('-');
                }
                s.push_str(&int.to_string());
                if !frac.is_empty() {
                    s.push('.');
                    s.push_str(&frac);
                }
                let mut e = 0;
                if let Some((v, letter, pad, plus)) = exp {
                    e = v;
                    s.push_str(&letter);
                    if v < 0 {
                        s.push('-');
                    } else if plus {
                        s.push('+');
                    }
                    s.push_str(&"0".repeat(pad));
                    s.push_str(&v.unsigned_abs().to_string());
                }
                let r = reference(int, &frac, e, neg);
                (s, r)
            })
    }

    /// `lexeme` with `shift` added to its exponent, written out in full.
    fn shifted(lexeme: &str, shift: &str, shift_neg: bool) -> String {
        let (mant, e) = match lexeme.find(['e', 'E']) {
            Some(i) => (&lexeme[..i], lexeme[i + 1..].parse::<i128>().unwrap()),
            None => (lexeme, 0),
        };
        // shift = ±(H·10^30) with H < 10^20; add e (|e| < 10^6) exactly.
        let split = shift.len() - 30;
        let h: i128 = shift[..split].parse().unwrap();
        let low: i128 = shift[split..].parse().unwrap();
        let e = if shift_neg { -e } else { e };
        let (h, low) = if low + e < 0 {
            (h - 1, low + e + 10i128.pow(30))
        } else {
            (h, low + e)
        };
        let sign = if shift_neg { "-" } else { "" };
        format!("{mant}e{sign}{h}{low:030}")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn agrees_with_scaled_integers((a, ra) in small_number(), (b, rb) in small_number()) {
            let (x, y) = (n(&a), n(&b));
            let want = signed_cmp(ra, rb);
            prop_assert_eq!(x.cmp(&y), want);
            prop_assert_eq!(key(&a) == key(&b), want == Ordering::Equal);
            prop_assert_eq!(Decimal::parse(&a) == Decimal::parse(&b), want == Ordering::Equal);
            prop_assert_eq!(Decimal::parse(&a).cmp(&Decimal::parse(&b)), want);
            let owned = Decimal::parse(&a);
            prop_assert_eq!(owned.as_num(), x);
            let unit = 10u128.pow(SCALE as u32);
            prop_assert_eq!(x.is_integer(), ra.1 % unit == 0);
            prop_assert_eq!(x.is_zero(), ra.1 == 0);
            prop_assert_eq!(x.is_negative(), ra.0);
            let as_u64 = if ra.0 || ra.1 % unit != 0 { None } else { u64::try_from(ra.1 / unit).ok() };
            prop_assert_eq!(x.as_u64(), as_u64);
            if rb.1 != 0 {
                prop_assert_eq!(x.is_multiple_of(&y), ra.1 % rb.1 == 0, "{} multipleOf {}", a, b);
            }
            // The short form agrees wherever it applies, and applies to every lexeme of
            // at most 18 digits without an exponent.
            let short = |s: &str| !s.contains(['e', 'E']) && s.bytes().filter(u8::is_ascii_digit).count() <= 18;
            let (sa, sb) = (Small::parse(&a), Small::parse(&b));
            prop_assert_eq!(sa.is_some(), short(&a), "{}", a);
            if let (Some(sa), Some(sb)) = (sa, sb) {
                prop_assert_eq!(sa.cmp(&sb), want, "{} vs {}", a, b);
                prop_assert_eq!(sa.is_integer(), x.is_integer(), "{}", a);
            }
        }

        #[test]
        fn shifting_exponents_far_keeps_order_and_multiples(
            (a, ra) in small_number(),
            (b, rb) in small_number(),
            h in prop_oneof![Just(0u64), 1u64..10, 1u64..u64::MAX, Just(u64::MAX)],
            shift_neg in any::<bool>(),
        ) {
            // Exponents near ±h·10^30 (up to 50 digits): far beyond i64, close to each other.
            let shift = format!("{}{}", u128::from(h) + 1, "0".repeat(30));
            let (a2, b2) = (shifted(&a, &shift, shift_neg), shifted(&b, &shift, shift_neg));
            let (x, y) = (n(&a2), n(&b2));
            let want = signed_cmp(ra, rb);
            prop_assert_eq!(x.cmp(&y), want, "{} vs {}", a2, b2);
            prop_assert_eq!(key(&a2) == key(&b2), want == Ordering::Equal);
            prop_assert_eq!(Decimal::parse(&a2) == Decimal::parse(&b2), want == Ordering::Equal);
            let owned = Decimal::parse(&a2);
            prop_assert_eq!(owned.as_num(), x);
            prop_assert_eq!(x.is_integer(), ra.1 == 0 || !shift_neg);
            prop_assert_eq!(x.as_u64(), if ra.1 == 0 { Some(0) } else { None });
            if rb.1 != 0 {
                prop_assert_eq!(x.is_multiple_of(&y), ra.1 % rb.1 == 0, "{} multipleOf {}", a2, b2);
            }
        }

    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn schoolbook_division_matches_u128(
            m in prop_oneof![1u128..1 << 32, 1u128 << 32..1 << 64, 1u128 << 64..1 << 124],
            x in "[1-9][0-9]{0,60}",
            q in any::<u128>(),
            multiple in any::<bool>(),
            zeros in 0usize..40,
        ) {
            // Half the cases are exact multiples m·q (when that fits), plus or minus nothing.
            let x = match m.checked_mul(q % (u128::MAX / m)) {
                Some(p) if multiple && p != 0 => p.to_string(),
                _ => x,
            };
            let digits = || x.bytes().map(|c| c - b'0');
            let mut rem = 0u128;
            for d in digits().chain(iter::repeat_n(0, zeros)) {
                rem = (rem * 10 + u128::from(d)) % m;
            }
            let ms = m.to_string();
            let got = divides_big(digits(), zeros, ms.bytes().map(|c| c - b'0'), ms.len());
            prop_assert_eq!(got, rem == 0);
            if let Ok(m64) = u64::try_from(m) {
                prop_assert_eq!(divides_u64(digits(), zeros, m64), rem == 0);
            }
        }

        #[test]
        fn schoolbook_division_finds_constructed_multiples(
            a in "[1-9][0-9]{20,80}",
            q in "[1-9][0-9]{0,60}",
            plus in 0u32..3,
        ) {
            // x = a·q + plus, by schoolbook decimal multiplication.
            let (ad, qd): (Vec<u32>, Vec<u32>) = (
                a.bytes().rev().map(|c| u32::from(c - b'0')).collect(),
                q.bytes().rev().map(|c| u32::from(c - b'0')).collect(),
            );
            let mut prod = vec![0u32; ad.len() + qd.len() + 1];
            for (i, &p) in ad.iter().enumerate() {
                for (j, &r) in qd.iter().enumerate() {
                    prod[i + j] += p * r;
                }
            }
            prod[0] += plus;
            for i in 0..prod.len() - 1 {
                prod[i + 1] += prod[i] / 10;
                prod[i] %= 10;
            }
            let x: String = prod.iter().rev().map(|&d| char::from(b'0' + d as u8)).collect();
            let x = x.trim_start_matches('0');
            let got = divides_big(
                x.bytes().map(|c| c - b'0'),
                0,
                a.bytes().map(|c| c - b'0'),
                a.len(),
            );
            prop_assert_eq!(got, plus == 0);
        }
    }
}
