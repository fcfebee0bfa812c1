//! Tests of every format against hand-picked cases (the JSON-Schema-Test-Suite's
//! `optional/format/` files are the trials `format/...` of `tests/schema_suite.rs`).

use super::Format;

/// Checks every case of a table against `expected`, collecting all failures.
pub(super) fn check(format: Format, expected: bool, cases: &[&str]) {
    check_by(format, expected, cases, |s| format.is_valid(s));
}

/// Checks every case against `expected` through `valid`, collecting all failures.
pub(super) fn check_by(
    format: Format,
    expected: bool,
    cases: &[&str],
    valid: impl Fn(&str) -> bool,
) {
    let wrong: Vec<&str> = cases
        .iter()
        .copied()
        .filter(|s| valid(s) != expected)
        .collect();
    assert!(
        wrong.is_empty(),
        "{} should {} {:?}",
        format.name(),
        if expected { "accept" } else { "reject" },
        wrong
    );
}

#[test]
fn accepts_every_name_back_and_forth() {
    for format in Format::ALL {
        assert_eq!(Format::from_name(format.name()), Some(format));
    }
    for name in [
        "",
        "Date",
        "DATE-TIME",
        "URI",
        "password",
        "Binary",
        "int256",
        "uint7",
        "float32",
        "unknown",
        "date-time ",
    ] {
        assert_eq!(Format::from_name(name), None, "{name:?}");
    }
}

#[test]
fn accepts_dates() {
    check(
        Format::Date,
        true,
        &[
            "1963-06-19",
            "2000-02-29",
            "2020-02-29",
            "0400-02-29",
            "2021-02-28",
            "0000-01-01",
            "9999-12-31",
            "2021-01-31",
            "2021-04-30",
            "0000-02-29",
        ],
    );
}

#[test]
fn rejects_dates() {
    check(
        Format::Date,
        false,
        &[
            "1900-02-29",
            "2021-02-29",
            "2100-02-29",
            "2021-13-01",
            "2021-00-10",
            "2021-01-00",
            "2021-04-31",
            "2021-01-32",
            "21-01-01",
            "2021-1-01",
            "2021-01-1",
            "2021/01/01",
            "20210101",
            "2021-01-01T",
            "",
            "2021-01-01 ",
            "+2021-01-01",
            "２０２１-01-01",
            "2021-W01-1",
        ],
    );
}

#[test]
fn accepts_times() {
    check(
        Format::Time,
        true,
        &[
            "08:30:06Z",
            "08:30:06z",
            "08:30:06.283185Z",
            "23:59:60Z",
            "23:59:60+00:00",
            "15:59:60-08:00",
            "00:29:60-23:30",
            "12:34:56-00:00",
            "00:00:00+23:59",
            "23:59:59.999999999999999999-23:59",
        ],
    );
}

#[test]
fn rejects_times() {
    check(
        Format::Time,
        false,
        &[
            "12:00:00",
            "12:00:00.52",
            "24:00:00Z",
            "00:60:00Z",
            "00:00:61Z",
            "22:59:60Z",
            "23:58:60Z",
            "23:59:60+01:00",
            "23:59:60-00:30",
            "01:02:03+24:00",
            "01:02:03+00:60",
            "01:02:03Z+00:30",
            "08:30:06 PST",
            "08:30:06.Z",
            "8:30:06Z",
            "08:30:06+0800",
            "08:30:06+08",
            "08:30:06-8:000",
            "08:30:06ZZ",
            "",
            "08:30",
            "1963-06-19T08:30:06Z",
        ],
    );
}

#[test]
fn accepts_date_times() {
    check(
        Format::DateTime,
        true,
        &[
            "1963-06-19T08:30:06.283185Z",
            "1963-06-19t08:30:06.283185z",
            "1963-06-19T08:30:06Z",
            "1998-12-31T23:59:60Z",
            "1998-12-31T15:59:60.123-08:00",
            "2000-02-29T00:00:00+14:00",
            "1937-01-01T12:00:27.87+00:20",
        ],
    );
}

#[test]
fn rejects_date_times() {
    check(
        Format::DateTime,
        false,
        &[
            "1963-06-19T08:30:06",
            "1963-06-19 08:30:06Z",
            "1963-06-19T08:30:06.Z",
            "1998-12-31T23:59:61Z",
            "1998-12-31T22:59:60Z",
            "1990-02-31T15:59:59Z",
            "1900-02-29T00:00:00Z",
            "2021-02-29T00:00:00Z",
            "2013-350T01:01:01Z",
            "1963-06-19T",
            "1963-06-19",
            "T08:30:06Z",
            "1963-06-19T08:30:06Z\n",
        ],
    );
}

#[test]
fn accepts_durations() {
    check(
        Format::Duration,
        true,
        &[
            "P1Y",
            "PT1H",
            "P1W",
            "P0D",
            "PT0S",
            "P1Y2M3DT4H5M6S",
            "P1M2D",
            "P1Y2M",
            "PT1M2S",
            "PT36H",
            "P01D",
            "p1y",
            "P1dt2h",
            "P99999999999999999999999999W",
        ],
    );
}

#[test]
fn rejects_durations() {
    check(
        Format::Duration,
        false,
        &[
            "P", "PT", "P1YT", "P1Y2W", "P1WT1H", "P2D1Y", "P1Y2D", "PT1H2S", "P1D2H", "P2S",
            "PT1D", "P1", "PT0.5S", "PT0,5S", "-P1D", "P-1D", "1D", "", " P1D", "P1D ", "PW",
            "P1Y1Y", "P1M1M", "PT1H1H", "P1DT", "P1D2T3H", "PT1HT1M",
        ],
    );
}

#[test]
fn accepts_emails() {
    check(
        Format::Email,
        true,
        &[
            "joe.bloggs@example.com",
            "te~st@example.com",
            "\"joe bloggs\"@example.com",
            "\"joe..bloggs\"@example.com",
            "\"joe@bloggs\"@example.com",
            "\"a\\\"b\"@example.com",
            "\"\"@example.com",
            "joe.bloggs@[127.0.0.1]",
            "joe@[127.000.0.001]",
            "joe.bloggs@[IPv6:::1]",
            "joe@[ipv6:1:2:3:4:5:6:7:8]",
            "joe@[IPv6:1:2:3:4:5:6:1.2.3.4]",
            "joe@[IPv6:1:2::5:6]",
            "!#$%&'*+-/=?^_`{|}~@example.com",
            "a@b",
            "a@xn--9n2bp8q.xn--9t4b11yi5a",
        ],
    );
    let local = "a".repeat(64);
    let domain = [
        "a".repeat(63),
        "b".repeat(63),
        "c".repeat(63),
        "d".repeat(59),
    ]
    .join(".");
    check(
        Format::Email,
        true,
        &[
            &format!("{local}@example.com"),
            &format!("{local}@{}", &domain[..189]),
        ],
    );
}

#[test]
fn rejects_emails() {
    check(
        Format::Email,
        false,
        &[
            "2962",
            "@example.com",
            "joe.bloggs@",
            ".test@example.com",
            "test.@example.com",
            "te..st@example.com",
            "joe bloggs@example.com",
            "joe.bloggs@invalid=domain.com",
            "joe.bloggs@[127.0.0.300]",
            "user1@oceania.org, user2@oceania.org",
            "\"unterminated@example.com",
            "\"a\"b@example.com",
            "joe@[IPv6:1:2:3:4:5:6:7::]",
            "joe@[IPv6:127.0.0.1]",
            "joe@[1.2.3]",
            "joe@[tag:content]",
            "joe@[]",
            "joe@example.com.",
            "joe@-example.com",
            "jöe@example.com",
            "joe@xn--X",
            "a@@b",
            "a@b@c",
            "\"a\tb\"@example.com",
        ],
    );
    check(
        Format::Email,
        false,
        &[&format!("{}@example.com", "a".repeat(65))],
    );
    let long = format!(
        "{}@{}.{}.{}",
        "a".repeat(64),
        "b".repeat(63),
        "c".repeat(63),
        "d".repeat(62)
    );
    assert_eq!(long.len(), 255);
    check(Format::Email, false, &[&long]);
}

#[test]
fn accepts_hostnames() {
    check(
        Format::Hostname,
        true,
        &[
            "www.example.com",
            "hostname",
            "1host",
            "a--b.com",
            "r3---sn-abc.example",
            "EXAMPLE.COM",
            "a",
            "xn--9n2bp8q.xn--9t4b11yi5a",
            "XN--9N2BP8Q",
            "xn--bcher-kva.example",
            "xn--ll-0ea",
            "xn--wva3je",
            "xn--4dbc5h",
            "xn--k8j5u",
            "xn--vek778f",
            "xn--ngba1o",
            "xn--0-gyc",
            "xn--11b2ezcw70k",
            "xn--ngba5hb2804a",
            "xn--qmbc",
            "example.xn--qmbc",
            &["a".repeat(63), "b".repeat(63)].join("."),
        ],
    );
    let max = [
        "a".repeat(63),
        "b".repeat(63),
        "c".repeat(63),
        "d".repeat(61),
    ]
    .join(".");
    assert_eq!(max.len(), 253);
    check(Format::Hostname, true, &[&max]);
}

#[test]
fn rejects_hostnames() {
    check(
        Format::Hostname,
        false,
        &[
            "",
            ".",
            ".example",
            "example.",
            "example..com",
            "-hostname",
            "hostname-",
            "host_name",
            "host name",
            "example\u{FF0E}com",
            "\u{212A}elvin.example.com",
            "bücher.example",
            "xn--X",
            "xn--",
            "xn---",
            "xn--abc-",
            "xn---abc",
            "xn--bcher-kva-",
            "xn--a",
            "xn--07jt112bpxg",
            "xn--hello-txk",
            "xn--hello-zed",
            "xn--chb89f",
            "xn--al-0ea",
            "xn--wva3j",
            "xn--5db1e",
            "xn--vek",
            "xn--ngb6iyr",
            "xn--02b508i",
            "XN--aa---o47jg78q",
            "1host.xn--qmbc",
            "xn--qmbc.1host",
            "example.com\n",
            &["a".repeat(64), "com".to_string()].join("."),
        ],
    );
    let long = [
        "a".repeat(63),
        "b".repeat(63),
        "c".repeat(63),
        "d".repeat(62),
    ]
    .join(".");
    assert_eq!(long.len(), 254);
    check(Format::Hostname, false, &[&long]);
}

#[test]
fn rejects_non_nfc_and_uppercase_a_labels() {
    // "e" + COMBINING ACUTE ACCENT is canonically "é": not NFC.
    assert!(!Format::Hostname.is_valid(&a_label(&[0x65, 0x301])));
    // "é" + COMBINING DOT BELOW: NFC reorders and composes to "ẹ" + acute.
    assert!(!Format::Hostname.is_valid(&a_label(&[0xE9, 0x323])));
    // "ẹ" + COMBINING ACUTE ACCENT is NFC (there is no precomposed form).
    assert!(Format::Hostname.is_valid(&a_label(&[0x1EB9, 0x301])));
    // Acute then circumflex (both 230): the second is blocked, so this is NFC.
    assert!(Format::Hostname.is_valid(&a_label(&[0x1EA1, 0x301, 0x302])));
    // "é" alone is NFC; "É" is DISALLOWED (not stable under case folding).
    assert!(Format::Hostname.is_valid(&a_label(&[0xE9])));
    assert!(!Format::Hostname.is_valid(&a_label(&[0xC9])));
    // Out-of-order marks: dot below (220) must precede acute (230).
    assert!(!Format::Hostname.is_valid(&a_label(&[0x78, 0x301, 0x323])));
    assert!(Format::Hostname.is_valid(&a_label(&[0x78, 0x323, 0x301])));
    // "a" + dot below composes to "ạ" even with an acute after it.
    assert!(!Format::Hostname.is_valid(&a_label(&[0x61, 0x323, 0x301])));
    // Bengali vowel sign AA after KA is fine; after E (U+09C7) it composes to O.
    assert!(!Format::Hostname.is_valid(&a_label(&[0x995, 0x9C7, 0x9BE])));
    assert!(Format::Hostname.is_valid(&a_label(&[0x995, 0x9CB])));
    // A code point unassigned in Unicode 16.0 is UNASSIGNED here.
    assert!(!Format::Hostname.is_valid(&a_label(&[0x61, 0x11B60])));
}

#[test]
fn accepts_a_labels_of_unicode_15_and_16_scripts() {
    // Kawi and Nag Mundari (15.0); Garay (16.0) is written right to left.
    assert!(Format::Hostname.is_valid(&a_label(&[0x11F04, 0x11F00])));
    assert!(Format::Hostname.is_valid(&a_label(&[0x1E4D0, 0x1E4D1])));
    assert!(Format::Hostname.is_valid(&a_label(&[0x10D70, 0x10D71])));
    assert!(Format::Hostname.is_valid(&format!("a.{}", a_label(&[0x10D70, 0x10D40, 0x10D71]))));
    // A Garay label makes a Bidi domain name, where a label starting with a digit
    // breaks the Bidi rule.
    assert!(!Format::Hostname.is_valid(&format!("1.{}", a_label(&[0x10D70, 0x10D71]))));
    // A Garay capital letter is not stable under case folding.
    assert!(!Format::Hostname.is_valid(&a_label(&[0x10D50, 0x10D71])));
    // Kirat Rai (16.0) vowel signs compose: AA + E is O, and O + E is AU.
    assert!(!Format::Hostname.is_valid(&a_label(&[0x16D63, 0x16D67])));
    assert!(!Format::Hostname.is_valid(&a_label(&[0x16D63, 0x16D67, 0x16D67])));
    assert!(Format::Hostname.is_valid(&a_label(&[0x16D69])));
    assert!(Format::Hostname.is_valid(&a_label(&[0x16D6A])));
}

/// Punycode-encodes `cps` (RFC 3492 §6.3) behind `xn--`, for building test labels.
fn a_label(cps: &[u32]) -> String {
    let adapt = |mut delta: u32, points: u32, first: bool| {
        delta = if first { delta / 700 } else { delta / 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > 35 * 26 / 2 {
            delta /= 35;
            k += 36;
        }
        k + 36 * delta / (delta + 38)
    };
    let digit = |d: u32| {
        char::from(if d < 26 {
            b'a' + d as u8
        } else {
            b'0' + (d - 26) as u8
        })
    };
    let mut out: String = cps
        .iter()
        .filter(|&&c| c < 0x80)
        .map(|&c| char::from(c as u8))
        .collect();
    let basic = out.len() as u32;
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut h) = (0x80u32, 0u32, 72u32, basic);
    while (h as usize) < cps.len() {
        let m = cps.iter().copied().filter(|&c| c >= n).min().unwrap();
        delta += (m - n) * (h + 1);
        n = m;
        for &c in cps {
            if c < n {
                delta += 1;
            }
            if c == n {
                let mut q = delta;
                let mut k = 36;
                loop {
                    let t = if k <= bias {
                        1
                    } else if k >= bias + 26 {
                        26
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (36 - t)));
                    q = (q - t) / (36 - t);
                    k += 36;
                }
                out.push(digit(q));
                bias = adapt(delta, h + 1, h == basic);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    format!("xn--{out}")
}

#[test]
fn accepts_own_punycode_round_trips() {
    assert_eq!(a_label(&[0xC2E4, 0xB840]), "xn--9n2bp8q");
    assert_eq!(
        a_label(&"bücher".chars().map(u32::from).collect::<Vec<_>>()),
        "xn--bcher-kva"
    );
    assert_eq!(
        a_label(&[0x628, 0x64A, 0x200C, 0x628, 0x64A]),
        "xn--ngba5hb2804a"
    );
}

#[test]
fn accepts_ipv4() {
    check(
        Format::Ipv4,
        true,
        &[
            "192.168.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "10.20.30.40",
            "1.2.3.4",
        ],
    );
}

#[test]
fn rejects_ipv4() {
    check(
        Format::Ipv4,
        false,
        &[
            "087.10.0.1",
            "192.168.0.01",
            "00.0.0.0",
            "256.0.0.0",
            "1.2.3",
            "1.2.3.4.5",
            "1.2..4",
            ".1.2.3.4",
            "1.2.3.4.",
            "0x7f.0.0.1",
            "2130706433",
            "1.2.3.4/24",
            " 1.2.3.4",
            "1.2.3.4 ",
            "1.2.3.4\n",
            "+1.2.3.4",
            "1.2.3.1000",
            "",
            "::ffff:1.2.3.4",
            "１.2.3.4",
        ],
    );
}

#[test]
fn accepts_ipv6() {
    check(
        Format::Ipv6,
        true,
        &[
            "::",
            "1::",
            "::1",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "1::1.2.3.4",
            "1:2:3:4:5::1.2.3.4",
            "FE80::ABCD",
            "d6::",
            "1:d6::42",
            "0:0::0",
            "::0.0.0.0",
        ],
    );
}

#[test]
fn rejects_ipv6() {
    check(
        Format::Ipv6,
        false,
        &[
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8::",
            "::1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6::1.2.3.4",
            "1:2:3:4:5:6:7:1.2.3.4",
            "12345::",
            ":1::",
            "1::2::3",
            ":::",
            "1:::2",
            ":2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7:",
            "::ffff:1.2.3.04",
            "::1.2.3",
            "1.2.3.4::",
            "1.2.3.4",
            "[::1]",
            "fe80::1%eth0",
            "fe80::/64",
            "::g",
            "",
            ":",
            "1",
            " ::1",
            "::1 ",
        ],
    );
}

#[test]
fn accepts_uuids() {
    check(
        Format::Uuid,
        true,
        &[
            "2EB8AA08-AA98-11EA-B4AA-73B441D16380",
            "2eb8aa08-aa98-11ea-b4aa-73b441d16380",
            "2eb8aa08-AA98-11ea-B4Aa-73B441D16380",
            "00000000-0000-0000-0000-000000000000",
            "99c17cbb-656f-f64a-940f-1a4568f03487",
        ],
    );
}

#[test]
fn rejects_uuids() {
    check(
        Format::Uuid,
        false,
        &[
            "2eb8aa08-aa98-11ea-b4aa-73b441d1638",
            "2eb8aa08-aa98-11ea-b4aa-73b441d163800",
            "2eb8aa08aa9811eab4aa73b441d16380",
            "2eb8aa08-aa98-11ea-b4ga-73b441d16380",
            "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}",
            "urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380",
            "2eb8aa0-8aa98-11e-ab4aa7-3b441d16380",
            "",
        ],
    );
}
