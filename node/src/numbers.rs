//! Which JS value a JSON number becomes, and a scan that says whether `JSON.parse` of an
//! admitted body would give every number exactly.
//!
//! `verifyInto` hands an admitted body to V8's `JSON.parse` whenever it can: the body
//! is strict JSON already (no duplicate names, no lone surrogates, nothing after the
//! value), so `JSON.parse` builds the same tree as formgate reads, except for numbers,
//! which it rounds to doubles. [`scan`] finds out, in one pass over the bytes, whether
//! any number would be rounded (or overflow); only then is the tree built here, from
//! the strict parser's events (`tree.rs`).
//!
//! Invariants:
//! 1. [`classify`] is [`Class::Double`] exactly when the nearest double denotes the
//!    number's decimal value as written, and for an integer lexeme, when it is also a
//!    safe integer (`|n| ≤ 2^53 − 1`): then `JSON.parse`'s number is the value itself.
//! 2. [`scan`] reads only an admitted body (strict JSON): outside strings, a `-` or a
//!    digit always begins a number. It is linear in the body's length.

use memchr::memchr2;

/// What a number becomes under `numbers: 'exact'`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// A JS `number`, which holds the value exactly.
    Double,
    /// An integer lexeme outside the safe range: a `bigint`.
    BigInt,
    /// Any other number: a `Decimal` of its text.
    Decimal,
}

/// The largest safe integer, 2^53 − 1.
const MAX_SAFE: u64 = (1 << 53) - 1;

/// The class of one number's lexeme (strict JSON: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`).
pub(crate) fn classify(lexeme: &str) -> Class {
    let digits = lexeme.strip_prefix('-').unwrap_or(lexeme);
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        // An integer lexeme: fifteen digits are always below 2^53.
        if digits.len() <= 15 {
            return Class::Double;
        }
        return match digits.parse::<u64>() {
            Ok(n) if n <= MAX_SAFE => Class::Double,
            _ => Class::BigInt,
        };
    }
    let d = Decimal::of(lexeme);
    if d.digits.is_empty() {
        return Class::Double; // zero, however written
    }
    // Fifteen significant digits or fewer, within the normal range, always round-trip
    // through a double (DBL_DIG is 15).
    if d.digits.len() <= 15 && (-300..=300).contains(&d.exponent) {
        return Class::Double;
    }
    match lexeme.parse::<f64>() {
        Ok(v) if v.is_finite() && v != 0.0 => {
            // The shortest text of the nearest double, in scientific notation.
            let shortest = format!("{:e}", v.abs());
            if Decimal::of(&shortest) == d {
                Class::Double
            } else {
                Class::Decimal
            }
        }
        _ => Class::Decimal, // overflows to infinity, or underflows to zero
    }
}

/// Whether a number beyond the double range (`JSON.parse` would give `Infinity`).
pub(crate) fn overflows(lexeme: &str) -> bool {
    !lexeme.parse::<f64>().is_ok_and(f64::is_finite)
}

/// A nonzero decimal's value, normalized: its significant digits without leading or
/// trailing zeros, and the power of ten of the first of them (`0.0125` is `125`, −2).
/// Zero has no digits.
#[derive(Debug, PartialEq, Eq)]
struct Decimal {
    digits: Vec<u8>,
    exponent: i64,
}

impl Decimal {
    fn of(text: &str) -> Decimal {
        let text = text.strip_prefix('-').unwrap_or(text);
        let (mantissa, exp) = match text.find(['e', 'E']) {
            Some(i) => (&text[..i], &text[i + 1..]),
            None => (text, ""),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        // The written exponent, saturated: beyond ±10^18 no double is near anyway, and
        // the comparison with a double's own exponent stays false.
        let exp = exp.strip_prefix('+').unwrap_or(exp);
        let written: i64 = exp.parse().unwrap_or(if exp.starts_with('-') {
            i64::MIN / 2
        } else if exp.is_empty() {
            0
        } else {
            i64::MAX / 2
        });
        let all: Vec<u8> = int.bytes().chain(frac.bytes()).collect();
        let Some(first) = all.iter().position(|&b| b != b'0') else {
            return Decimal {
                digits: Vec::new(),
                exponent: 0,
            };
        };
        let last = all.iter().rposition(|&b| b != b'0').unwrap_or(first);
        // The first significant digit's place: int.len() − 1 − first.
        let place = int.len() as i64 - 1 - first as i64;
        Decimal {
            digits: all[first..=last].to_vec(),
            exponent: written.saturating_add(place),
        }
    }
}

/// What [`scan`] found among an admitted body's numbers.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Found {
    /// A number that is not [`Class::Double`].
    pub inexact: bool,
    /// A number beyond the double range.
    pub overflow: bool,
}

/// Whether `JSON.parse` of an admitted body gives its value as `verifyInto` delivers
/// it: every number exact (`exact`, the mode `'exact'`), or, under `'number'`, none
/// beyond the double range.
pub(crate) fn parse_gives_exactly(body: &[u8], exact: bool) -> bool {
    let found = scan(body, exact);
    if exact {
        !found.inexact
    } else {
        !found.overflow
    }
}

/// Classify every number of an admitted body (invariant 2). Stops at the first
/// inexact number when `stop_at_inexact`; else reads on to find an overflow too.
pub(crate) fn scan(body: &[u8], stop_at_inexact: bool) -> Found {
    let mut found = Found::default();
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'"' => {
                // Skip the string: to its closing quote, over escapes.
                i += 1;
                loop {
                    match memchr2(b'"', b'\\', &body[i..]) {
                        Some(j) if body[i + j] == b'\\' => i += j + 2,
                        Some(j) => {
                            i += j + 1;
                            break;
                        }
                        None => return found, // not an admitted body; nothing to add
                    }
                }
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < body.len()
                    && matches!(body[i], b'0'..=b'9' | b'.' | b'e' | b'E' | b'+' | b'-')
                {
                    i += 1;
                }
                // Strict JSON: the lexeme is ASCII.
                let lexeme = std::str::from_utf8(&body[start..i]).unwrap_or("0");
                if classify(lexeme) != Class::Double {
                    found.inexact = true;
                    if stop_at_inexact {
                        return found;
                    }
                    if overflows(lexeme) {
                        found.overflow = true;
                        return found;
                    }
                }
            }
            _ => i += 1,
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        for (lexeme, class) in [
            ("0", Class::Double),
            ("-0", Class::Double),
            ("0.0e-999999999999999999999", Class::Double),
            ("12", Class::Double),
            ("9007199254740991", Class::Double),
            ("-9007199254740991", Class::Double),
            ("9007199254740992", Class::BigInt),
            ("-9007199254740993", Class::BigInt),
            ("123456789012345678901234567890", Class::BigInt),
            ("0.1", Class::Double),
            ("1.0", Class::Double),
            ("1e2", Class::Double),
            ("1E+30", Class::Double),
            ("2.5e-3", Class::Double),
            ("0.30000000000000004", Class::Double),
            ("0.1000000000000000055511151231257827", Class::Decimal),
            ("0.10000000000000000001", Class::Decimal),
            ("12345678901234567890.0", Class::Decimal),
            ("9007199254740993.0", Class::Decimal),
            ("9007199254740992.0", Class::Double),
            ("1e400", Class::Decimal),
            ("-1e400", Class::Decimal),
            ("1e-400", Class::Decimal),
            ("5e-324", Class::Double),
            ("1.7976931348623157e308", Class::Double),
            ("1e99999999999999999999", Class::Decimal),
        ] {
            assert_eq!(classify(lexeme), class, "{lexeme}");
        }
    }

    #[test]
    fn scans_numbers_outside_strings_only() {
        let body = br#"{"a":"9007199254740993 \" 1e400","b":[1,2.5,-3]}"#;
        assert_eq!(scan(body, false), Found::default());
        let body = br#"{"a\\":"x","b":[1,9007199254740993]}"#;
        assert!(scan(body, true).inexact);
        let body = br#"[1e400]"#;
        assert_eq!(
            scan(body, false),
            Found {
                inexact: true,
                overflow: true
            }
        );
        let body = br#"[123456789012345678901234567890]"#;
        assert!(!scan(body, false).overflow);
    }
}
