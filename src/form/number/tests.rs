//! Unit tests of `form::number`.

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
        // The value the lexer adds up as it scans is the parsed one (the fast engine's
        // `one-walk-numbers`).
        for (lexeme, parsed) in [(&a, sa), (&b, sb)] {
            let lexed = match crate::parse::lex::number_digits(lexeme.as_bytes(), 0, true) {
                Ok(crate::parse::lex::Lexed::Done(d, end)) if end == lexeme.len() => Small::from_digits(d),
                _ => panic!("{lexeme} lexes"),
            };
            prop_assert_eq!(format!("{lexed:?}"), format!("{parsed:?}"), "{}", lexeme);
        }
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

/// The lexer's running value (`lex::number_digits`) is `Small::parse`'s at the edges of
/// what a `Small` holds: 18 digits, 19, leading zeros, a wrapped sum, exponents.
#[test]
fn lexed_digits_agree_with_parsing_at_the_edges() {
    let lexemes = [
        "0",
        "-0",
        "0.0",
        "-0.000",
        "999999999999999999",
        "-999999999999999999",
        "1000000000000000000",
        "99999999999999999.9",
        "0.00000000000000001",
        "0.000000000000000001",
        "184467440737095516150",
        "123456789012345678901234567890",
        "1e2",
        "1.5E-3",
        "-12.30",
    ];
    for lexeme in lexemes {
        let lexed = match crate::parse::lex::number_digits(lexeme.as_bytes(), 0, true) {
            Ok(crate::parse::lex::Lexed::Done(d, end)) if end == lexeme.len() => {
                Small::from_digits(d)
            }
            _ => panic!("{lexeme} lexes"),
        };
        assert_eq!(
            format!("{lexed:?}"),
            format!("{:?}", Small::parse(lexeme)),
            "{lexeme}"
        );
    }
}
