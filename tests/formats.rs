//! The formats through the whole pipeline: numeric formats constrain numbers and let
//! strings pass, string formats the reverse; every engine (the fast path and the
//! general validator behind `verify`, `accept`, `verify_reader`) gives the same
//! verdict, the rejection names `format`, and the published form is the form.

use formgate::{Form, RejectionKind};

/// `(form, body, admitted)`.
const CASES: &[(&str, &str, bool)] = &[
    (r#"{"format":"int8"}"#, "127", true),
    (r#"{"format":"int8"}"#, "128", false),
    (r#"{"format":"int8"}"#, "-128", true),
    (r#"{"format":"int8"}"#, "-1.29e2", false),
    (r#"{"format":"int8"}"#, "1.0", true),
    (r#"{"format":"int8"}"#, "0.5", false),
    (r#"{"format":"int8"}"#, r#""999""#, true),
    (r#"{"format":"int8"}"#, "null", true),
    (r#"{"type":"integer","format":"uint8"}"#, "255", true),
    (r#"{"type":"integer","format":"uint8"}"#, "256", false),
    (
        r#"{"type":"integer","format":"uint8","maximum":10}"#,
        "11",
        false,
    ),
    (
        r#"{"format":"uint64","minimum":5}"#,
        "18446744073709551615",
        true,
    ),
    (
        r#"{"format":"uint64","minimum":5}"#,
        "18446744073709551616",
        false,
    ),
    (r#"{"format":"uint64","minimum":5}"#, "4", false),
    (
        r#"{"format":"int64","multipleOf":2}"#,
        "9223372036854775806",
        true,
    ),
    (
        r#"{"format":"int64","multipleOf":2}"#,
        "9223372036854775808",
        false,
    ),
    (r#"{"format":"double"}"#, "1.7976931348623157e308", true),
    (r#"{"format":"double"}"#, "1e309", false),
    (r#"{"format":"double"}"#, "1e-400", true),
    (r#"{"format":"float"}"#, "3.4e38", true),
    (r#"{"format":"float"}"#, "3.5e38", false),
    (r#"{"format":"float"}"#, r#""3.5e38""#, true),
    (r#"{"items":{"format":"int16"}}"#, "[1,-32768,32767]", true),
    (r#"{"items":{"format":"int16"}}"#, "[1,32768]", false),
    (
        r#"{"properties":{"n":{"format":"uint"}}}"#,
        r#"{"n":-1}"#,
        false,
    ),
    (
        r#"{"properties":{"n":{"format":"uint"}}}"#,
        r#"{"n":0}"#,
        true,
    ),
    (r#"{"format":"byte"}"#, r#""QUJD""#, true),
    (r#"{"format":"byte"}"#, r#""QUJ""#, false),
    (r#"{"format":"byte"}"#, "12", true),
    // Any sequence of octets: every string.
    (r#"{"format":"binary"}"#, r#""\u0000 any \"text\" é""#, true),
    (r#"{"format":"binary"}"#, r#""""#, true),
    (r#"{"format":"binary"}"#, "7", true),
    (
        r#"{"format":"uri"}"#,
        r#""https://example.com/a?b#c""#,
        true,
    ),
    (r#"{"format":"uri"}"#, r#""/a""#, false),
    (r#"{"format":"uri"}"#, "1", true),
    (
        r#"{"format":"idn-hostname"}"#,
        r#""b\u00fccher.example""#,
        true,
    ),
    (r#"{"format":"idn-hostname"}"#, r#""Bücher.example""#, false),
    (r#"{"format":"regex"}"#, r#""(?<=a)b\\1(c)""#, true),
    (r#"{"format":"regex"}"#, r#""(?<=a""#, false),
    (r#"{"format":"json-pointer"}"#, r#""/a~1b""#, true),
    (r#"{"format":"relative-json-pointer"}"#, r#""0#""#, true),
    (r#"{"format":"uri-template"}"#, r#""{/a*}""#, true),
    (r#"{"format":"idn-email"}"#, r#""用户@例子.广告""#, true),
    (r#"{"format":"iri"}"#, r#""http://例子.测试/""#, true),
    (r#"{"format":"iri-reference"}"#, r#""例子""#, true),
    (r#"{"format":"uri-reference"}"#, r#""例子""#, false),
];

#[test]
fn every_engine_agrees_on_formats() {
    let mut wrong = Vec::new();
    for &(form, body, admitted) in CASES {
        let compiled = Form::compile(form.as_bytes()).unwrap_or_else(|e| panic!("{form}: {e}"));
        let verdicts = [
            compiled.verify(body.as_bytes()).is_ok(),
            compiled.accept(body.as_bytes()).is_ok(),
            compiled.verify_reader(body.as_bytes()).is_ok(),
        ];
        if verdicts != [admitted; 3] {
            wrong.push(format!("{form} {body}: {verdicts:?}, expected {admitted}"));
        }
        if let Err(r) = compiled.verify(body.as_bytes()) {
            let at_format = r.form_pointer().is_some_and(|p| p.ends_with("/format"));
            if !matches!(r.kind(), RejectionKind::NotAdmitted { .. }) || !at_format {
                // Only the cases that combine keywords may fail on another one.
                if !form.contains("maximum") && !form.contains("minimum") {
                    wrong.push(format!("{form} {body}: rejected by {r:?}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn formats_are_published_as_written() {
    for &(form, _, _) in CASES {
        let compiled = Form::compile(form.as_bytes()).unwrap();
        assert_eq!(compiled.schema_json(), form);
    }
}

#[test]
fn other_formats_fail_the_compile() {
    for name in [
        "password", "Binary", "int256", "uint7", "float32", "unknown", "URI",
    ] {
        let form = format!(r#"{{"format":"{name}"}}"#);
        assert!(Form::compile(form.as_bytes()).is_err(), "{name}");
    }
}
