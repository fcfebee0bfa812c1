//! Formats the form's owner defines (`src/form/format/owner.rs`): by a function or by
//! a pattern the whole string matches, strings only, verified the same by every
//! engine, rendered as written; a format nobody defined is still refused.

use formgate::{Form, FormBuilder, FormErrorKind, Keyword, RejectionKind};

const TOPIC: &str = r#"{"type":"object","properties":{"topic":{"format":"topic"},"code":{"type":"string","format":"even"}},"additionalProperties":false}"#;

fn builder() -> FormBuilder {
    Form::builder()
        .format_pattern("topic", "[a-z]+(/[a-z]+)*")
        .format("even", |s: &str| s.chars().count() % 2 == 0)
}

/// Every engine's verdict on `body`: `verify`, the general validator alone, the
/// streaming verifier one byte at a time, and `verify_into`.
fn verdicts(form: &Form, body: &str) -> [bool; 4] {
    let b = body.as_bytes();
    let mut v = form.verifier();
    let streamed = b
        .iter()
        .all(|byte| v.feed(std::slice::from_ref(byte)).is_ok())
        && v.finish().is_ok();
    [
        form.verify(b).is_ok(),
        formgate::__fuzz::general_verify(form, b).is_ok(),
        streamed,
        form.verify_into::<serde::de::IgnoredAny>(b).is_ok(),
    ]
}

#[test]
fn owner_formats_decide_as_defined_in_every_engine() {
    let form = builder().compile(TOPIC.as_bytes()).unwrap();
    for (body, admitted) in [
        (r#"{"topic":"news"}"#, true),
        (r#"{"topic":"news/sport/cricket"}"#, true),
        (r#"{"topic":"news/"}"#, false),
        // The whole string: a match inside it is not enough.
        (r#"{"topic":"Breaking news"}"#, false),
        (r#"{"topic":"news\n"}"#, false),
        // Decoded: the escape is the letter.
        (r#"{"topic":"\u006eews"}"#, true),
        // Strings only.
        (r#"{"topic":12}"#, true),
        (r#"{"code":"ab"}"#, true),
        (r#"{"code":"abc"}"#, false),
        (r#"{"code":"éé"}"#, true),
    ] {
        assert_eq!(verdicts(&form, body), [admitted; 4], "{body}");
    }
    let r = form.verify(br#"{"topic":"a","code":"abc"}"#).unwrap_err();
    assert_eq!(
        r.kind(),
        RejectionKind::NotAdmitted {
            keyword: Keyword::Format
        }
    );
    assert_eq!(r.pointer(), "/code");
    assert_eq!(r.form_pointer(), Some("/properties/code/format"));
}

#[test]
fn the_published_form_keeps_the_format_as_written() {
    let form = builder().compile(TOPIC.as_bytes()).unwrap();
    assert_eq!(form.schema_json(), TOPIC);
    // Alone, the published form names a format nobody defined: refused.
    let e = Form::compile(form.schema_json().as_bytes()).unwrap_err();
    assert_eq!(*e.kind(), FormErrorKind::UnsupportedFormat);
    // A form made from this one keeps its owner's formats.
    let unrolled = form.unroll(1).unwrap();
    assert!(unrolled.verify(br#"{"topic":"news/"}"#).is_err());
    assert!(unrolled.verify(br#"{"topic":"news"}"#).is_ok());
}

#[test]
fn definitions_that_cannot_be_one_are_refused() {
    let schema = br#"{"format":"topic"}"#;
    let cases = [
        Form::builder().format_pattern("email", ".+"),
        Form::builder()
            .format("topic", |_: &str| true)
            .format_pattern("topic", "a"),
        Form::builder().format_pattern("", "a"),
        Form::builder().format_pattern("topic", "(a"),
        Form::builder().format_pattern("topic", "a)(b"),
        Form::builder().format_pattern("topic", r"(a)\1"),
    ];
    for builder in cases {
        let e = builder.compile(schema).unwrap_err();
        assert_eq!(e.kind().name(), "format-definition", "{e}");
        assert_eq!(e.keyword(), Some("format"));
    }
    // A format nobody defined is still refused, beside one that is defined.
    let e = builder().compile(br#"{"format":"colour"}"#).unwrap_err();
    assert_eq!(*e.kind(), FormErrorKind::UnsupportedFormat);
    assert_eq!(e.pointer(), "/format");
}
