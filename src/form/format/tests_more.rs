//! Edge cases of the formats added after the first nine: internationalized names,
//! URIs and IRIs, URI Templates, JSON Pointers, ECMA-262 syntax, base64 and the
//! numeric formats (the suite's `optional/format/` files are the trials `format/...`
//! of `tests/schema_suite`).

use super::tests::{check, check_by};
use super::Format;
use crate::form::number::NumRef;

/// Checks every number lexeme against `expected`.
fn check_numbers(format: Format, expected: bool, cases: &[&str]) {
    check_by(format, expected, cases, |s| {
        format.is_valid_number(&NumRef::new(s))
    });
}

#[test]
fn string_and_number_formats_let_the_other_type_pass() {
    for f in Format::ALL {
        if f.applies_to_numbers() {
            assert!(f.is_valid("not a number"), "{}", f.name());
        } else {
            assert!(f.is_valid_number(&NumRef::new("1e400")), "{}", f.name());
        }
    }
}

#[test]
fn idn_hostnames() {
    check(
        Format::IdnHostname,
        true,
        &[
            "example.com",
            "bücher.example",
            "xn--bcher-kva.example",
            "a。b",
            "a．b｡c",
            "실례.테스트",
            // 59 `a`s and one `ü`: the A-label `xn--` + 59 + `-` + 3 is 67 octets.
            &"ü".repeat(20),
            "ab--cd",
        ],
    );
    check(
        Format::IdnHostname,
        false,
        &[
            "",
            ".",
            "a..b",
            "a.",
            "Bücher.example",
            "bu\u{308}cher.example",
            "-bücher",
            "bücher-",
            "ab--ü",
            "\u{300}a",
            "a b",
            "a\u{3002}",
            &"ü".repeat(64),
            &format!("{}a", "ü".repeat(58)),
            "xn--bcher-kva\u{3002}xn--X",
            "aא",
        ],
    );
    // The 253-octet limit counts U-labels as their A-labels: `bücher` is
    // `xn--bcher-kva` (13 octets).
    let label = "bücher";
    let fits = [label; 18].join(".");
    assert_eq!(fits.chars().count(), 18 * 7 - 1);
    assert!(Format::IdnHostname.is_valid(&fits));
    let over = [label; 19].join(".");
    assert!(!Format::IdnHostname.is_valid(&over));
}

#[test]
fn idn_emails() {
    check(
        Format::IdnEmail,
        true,
        &[
            "a@b",
            "δοκιμή@παράδειγμα.δοκιμή",
            "\"δο κι\"@example.com",
            "用户@例子.广告",
            "user@xn--bcher-kva.example",
            "user@[127.0.0.1]",
            "user@[IPv6:::1]",
            &format!("{}@example.com", "é".repeat(32)),
        ],
    );
    check(
        Format::IdnEmail,
        false,
        &[
            "",
            "@example.com",
            "user@",
            "user@example。com",
            "user@Bücher.example",
            "user@cafe\u{301}.com",
            "a..b@example.com",
            &format!("{}a@example.com", "é".repeat(32)),
            "user＠example.com",
        ],
    );
}

#[test]
fn uris() {
    check(
        Format::Uri,
        true,
        &[
            "a:",
            "urn:isbn:0451450523",
            "http://user:pw@example.com:8080/p/a/t/h?q=1&r=2/?#frag/?",
            "http://[::1]:80/",
            "http://[v7.abc:def]/",
            "http://example.com:/",
            "file:///etc/hosts",
            "http://%41/",
            "s+v-1.x://h",
        ],
    );
    check(
        Format::Uri,
        false,
        &[
            "",
            ":a",
            "/a",
            "//h/p",
            "1a:b",
            "a_b:c",
            "http://h/%4",
            "http://h/%g0",
            "http://h/ä",
            "http://[::1/",
            "http://[v.x]/",
            "http://[vx.x]/",
            "http://[::1]x/",
            "http://a@b@c/",
            "http://h:8a/",
            "http://h/#a#b",
            "http://h/ ",
            "http://[fe80::1%25eth0]/",
            "http://h/?a[]=1",
        ],
    );
    check(
        Format::UriReference,
        true,
        &["", "a", "./a:b", "?", "#", "//", "/a//b", "a/b:c", "%20"],
    );
    check(
        Format::UriReference,
        false,
        &["a:b:c{", "1:b", "a b", "\\", "#\u{e9}", "//[::1"],
    );
}

#[test]
fn iris() {
    check(
        Format::Iri,
        true,
        &[
            "http://例子.测试/路径?查询=值#片段",
            "http://h/?\u{E000}",
            "http://h/?\u{10FFFD}",
            "http://h/\u{A0}\u{D7FF}\u{F900}\u{FFEF}\u{1FFFD}\u{E1000}",
        ],
    );
    check(
        Format::Iri,
        false,
        &[
            "http://h/\u{E000}",
            "http://h/#\u{E000}",
            "http://h/\u{9F}",
            "http://h/\u{FFFE}",
            "http://h/\u{1FFFE}",
            "http://h/\u{FDD0}",
            "http://h/\u{E0FFF}",
            "路径",
        ],
    );
    check(
        Format::IriReference,
        true,
        &["路径", "", "#片段", "?\u{F0000}"],
    );
    check(Format::IriReference, false, &["#\u{F0000}", "a\u{7F}"]);
}

#[test]
fn uri_templates() {
    check(
        Format::UriTemplate,
        true,
        &[
            "",
            "{a}",
            "{!a}",
            "{=a}",
            "{@a,b}",
            "{|a}",
            "{a_1.b2:9999}",
            "{a*,b:1}",
            "{%2A}",
            "x'y",
            "%41{b}%42",
            "\u{E000}",
        ],
    );
    check(
        Format::UriTemplate,
        false,
        &[
            "{",
            "}",
            "{a",
            "{a}}",
            "{{a}}",
            "{+}",
            "{.a}b}",
            "{a.}",
            "{.}",
            "{a:}",
            "{a:0}",
            "{a:10000}",
            "{a*:1}",
            "{a:1*}",
            "{a-b}",
            "{%2}",
            "a\"b",
            "a<b",
            "a\\b",
            "a^b",
            "a`b",
            "a|b",
            "a%b",
            "a\u{1F}",
            "{++a}",
            "{@a,b|}",
        ],
    );
}

#[test]
fn json_pointers() {
    check(
        Format::JsonPointer,
        true,
        &["", "/", "//", "/~0~1", "/a~01", "/\u{0}", "/é"],
    );
    check(
        Format::JsonPointer,
        false,
        &["a", "#/a", "/~", "/~2", "/~~0", "/a~"],
    );
    check(
        Format::RelativeJsonPointer,
        true,
        &["0", "0#", "10/a", "99999999999999999999999/", "1/~0"],
    );
    check(
        Format::RelativeJsonPointer,
        false,
        &[
            "", "#", "00", "01", "-1", "+1", "0+1/a", "0-1", "1##", "1#/", "1a", "٠",
        ],
    );
}

#[test]
fn regexes() {
    check(
        Format::Regex,
        true,
        &[
            "",
            "a|",
            "|",
            "()",
            "(?:)",
            "a{0}",
            "a{2,}",
            "a{2,2}?",
            "a{007,7}",
            "a{99999999999999999999,99999999999999999999}",
            "(a)\\1",
            "\\1(a)",
            "(?<n>a)\\k<n>",
            "\\k<n>(?<n>a)",
            "(?<$_é1>a)",
            "(?<\\u0061>a)\\k<a>",
            "(?<\\u{1d4d1}>a)",
            "(?=a)(?!b)(?<=c)(?<!d)",
            "[\\b\\-\\d-]",
            "[-a]",
            "[a-]",
            "[--/]",
            "[\\uD83D\\uDE00-\\uD83D\\uDE01]",
            "[\\u{0}-\\u{10FFFF}]",
            "\\cz\\f\\n\\r\\t\\v\\0\\x7F\\/",
            "\\p{L}\\P{Lu}\\p{Script=Greek}\\p{sc=Grek}\\p{scx=Latn}\\p{ASCII}\\p{Any}",
            "\\p{General_Category=Letter}",
            "^$\\b\\B.",
            "😀+",
        ],
    );
    check(
        Format::Regex,
        false,
        &[
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "a{1",
            "a{,1}",
            "a{2,1}",
            "a{10,9}",
            "*",
            "a**",
            "a{1}{1}",
            "^*",
            "\\b+",
            "(?=a)*",
            "(?<=a)?",
            "\\",
            "\\a",
            "\\-",
            "\\c",
            "\\c1",
            "\\x1",
            "\\u12",
            "\\u{}",
            "\\u{110000}",
            "\\00",
            "\\01",
            "(a)\\2",
            "\\k<n>",
            "\\k",
            "\\kn",
            "(?<n>a)(?<n>b)",
            "(?<n>a)|(?<n>b)",
            "(?<1>a)",
            "(?<>a)",
            "(?<a",
            "(?i)a",
            "(?i:a)",
            "(?P<n>a)",
            "(?#c)",
            "[z-a]",
            "[\\d-z]",
            "[a-\\w]",
            "[\\B]",
            "[\\1]",
            "[\\k<n>](?<n>a)",
            "\\p{Foo}",
            "\\p{L",
            "\\p{}",
            "\\p{letter}",
            "\\pL",
            "\\p{Script=Foo}",
        ],
    );
    // Deep nesting is handled without recursion.
    let deep = format!("{}{}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(Format::Regex.is_valid(&deep));
    assert!(!Format::Regex.is_valid(&deep[1..]));
}

#[test]
fn base64() {
    check(
        Format::Byte,
        true,
        &["", "QQ==", "QUI=", "QUJD", "+/+/", "AAAAAA==", "zz8="],
    );
    check(
        Format::Byte,
        false,
        &[
            "Q", "QQ", "QQ=", "QR==", "QUJ=", "Q===", "====", "QQ==QQ==", "QU=D", "QUJD\n", "QU D",
            "QUJ-", "QUJ_",
        ],
    );
}

#[test]
fn integers() {
    check_numbers(
        Format::Int8,
        true,
        &[
            "-128", "127", "0", "-0", "1.0", "1.27e2", "-1.28E+2", "12700e-2",
        ],
    );
    check_numbers(
        Format::Int8,
        false,
        &[
            "-129", "128", "0.5", "127.5", "1e400", "-1e400", "1e-400", "1.281e2",
        ],
    );
    check_numbers(Format::Uint8, true, &["0", "-0", "255", "2.55e2"]);
    check_numbers(Format::Uint8, false, &["-1", "256", "-0.5"]);
    check_numbers(Format::Int16, true, &["-32768", "32767"]);
    check_numbers(Format::Int16, false, &["-32769", "32768"]);
    check_numbers(Format::Uint16, true, &["65535"]);
    check_numbers(Format::Uint16, false, &["65536"]);
    check_numbers(Format::Int32, true, &["-2147483648", "2147483647"]);
    check_numbers(Format::Int32, false, &["-2147483649", "2147483648"]);
    check_numbers(Format::Uint32, true, &["4294967295"]);
    check_numbers(Format::Uint32, false, &["4294967296"]);
    for f in [Format::Int64, Format::Int] {
        check_numbers(f, true, &["-9223372036854775808", "9223372036854775807"]);
        check_numbers(
            f,
            false,
            &["-9223372036854775809", "9223372036854775808", "1e19"],
        );
    }
    for f in [Format::Uint64, Format::Uint] {
        check_numbers(f, true, &["18446744073709551615", "0"]);
        check_numbers(f, false, &["18446744073709551616", "-1"]);
    }
    check_numbers(
        Format::Int128,
        true,
        &[
            "-170141183460469231731687303715884105728",
            "170141183460469231731687303715884105727",
            "1e38",
        ],
    );
    check_numbers(
        Format::Int128,
        false,
        &[
            "-170141183460469231731687303715884105729",
            "170141183460469231731687303715884105728",
            "1e39",
        ],
    );
    check_numbers(
        Format::Uint128,
        true,
        &["340282366920938463463374607431768211455"],
    );
    check_numbers(
        Format::Uint128,
        false,
        &["340282366920938463463374607431768211456", "-1"],
    );
}

#[test]
fn floats() {
    // 2^1024 - 2^970 is the first magnitude that rounds to infinity.
    let max = "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";
    // max − 1 + 0.999…: just below the threshold, and not a double.
    let below = format!("{}1.{}", &max[..max.len() - 1], "9".repeat(40));
    check_numbers(
        Format::Double,
        true,
        &[
            "0",
            "-0",
            "1e-400",
            "0.1",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "-1.7976931348623158e308",
            "1.797693134862315807e308",
            &below,
        ],
    );
    check_numbers(
        Format::Double,
        false,
        &[
            max,
            &format!("-{max}"),
            &format!("{max}.0"),
            "1.797693134862315808e308",
            "1.8e308",
            "1e309",
            "1e400",
            "-1e400",
        ],
    );
    // 2^128 - 2^103 = 340282356779733661637539395458142568448.
    check_numbers(
        Format::Float,
        true,
        &[
            "3.4028234663852886e38",
            "340282356779733661637539395458142568447.999",
            "-340282356779733661637539395458142568447",
            "1e-50",
        ],
    );
    check_numbers(
        Format::Float,
        false,
        &[
            "340282356779733661637539395458142568448",
            "-340282356779733661637539395458142568448",
            "3.5e38",
            "1e39",
        ],
    );
}
