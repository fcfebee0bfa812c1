//! `contentEncoding`, `contentMediaType` and `contentSchema`, asserted (docs/FORMATS.md,
//! "Content"): every engine gives the same verdict, kind and offset; the rejection names
//! the first step that fails; other encodings and media types, and `contentSchema`
//! alone, fail the compile; each dialect has the keywords its specification lists; the
//! rendering is a fixed point; the audit and `unroll` know the position.

mod common;

use common::engines_agree;
use formgate::{Dialect, Form, FormErrorKind, Limits, RejectionKind};

const JSON_B64: &str = r#"{"contentEncoding":"base64","contentMediaType":"application/json","contentSchema":{"type":"object","required":["foo"],"properties":{"foo":{"type":"string"}}}}"#;

fn b64(data: &[u8]) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in data.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for k in 0..4 {
            if k <= c.len() {
                out.push(A[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn keyword(form: &Form, body: &[u8]) -> Option<(String, u64)> {
    match form.verify(body) {
        Ok(()) => None,
        Err(r) => match r.kind() {
            RejectionKind::NotAdmitted { keyword } => Some((keyword.name().to_owned(), r.offset())),
            other => panic!("{other:?}"),
        },
    }
}

#[test]
fn every_engine_agrees() {
    let mut failures = Vec::new();
    let cases: &[(&str, String, bool)] = &[
        (JSON_B64, format!("{:?}", b64(br#"{"foo":"bar"}"#)), true),
        (JSON_B64, format!("{:?}", b64(br#"{"foo":1}"#)), false),
        (JSON_B64, format!("{:?}", b64(b"[]")), false),
        (JSON_B64, format!("{:?}", b64(b"{:}")), false),
        (JSON_B64, r#""{}""#.to_owned(), false),
        (JSON_B64, "100".to_owned(), true),
        (JSON_B64, "{}".to_owned(), true),
        (
            r#"{"properties":{"a":{"contentMediaType":"application/json"}}}"#,
            r#"{"a":"[1,{\"b\":null}]"}"#.to_owned(),
            true,
        ),
        (
            r#"{"properties":{"a":{"contentMediaType":"application/json"}}}"#,
            r#"{"a":"{\"b\":1,\"b\":2}"}"#.to_owned(),
            false,
        ),
        (
            r#"{"items":{"contentEncoding":"base64"}}"#,
            r#"["", "QQ==", "QUJD"]"#.to_owned(),
            true,
        ),
        (
            r#"{"items":{"contentEncoding":"base64"}}"#,
            r#"["QQ==", "QR=="]"#.to_owned(),
            false,
        ),
        (
            r#"{"propertyNames":{"contentMediaType":"application/json"}}"#,
            r#"{"1":0,"x":0}"#.to_owned(),
            false,
        ),
    ];
    for (form, body, admitted) in cases {
        engines_agree(form, body.as_bytes(), *admitted, &mut failures);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_rejection_names_the_first_step_that_fails_at_the_string() {
    let form = Form::compile(format!(r#"{{"properties":{{"d":{JSON_B64}}}}}"#).as_bytes()).unwrap();
    let at = |s: &str| format!(r#"{{"d": {s}}}"#);
    let cases = [
        (format!("{:?}", "eyJmb28iOi%iYmFyIn0K"), "contentEncoding"),
        (format!("{:?}", b64(b"{:}")), "contentMediaType"),
        (format!("{:?}", b64(&[0xff, b'1'])), "contentMediaType"),
        (format!("{:?}", b64(br#"{"boo":20}"#)), "contentSchema"),
    ];
    for (s, kw) in cases {
        assert_eq!(
            keyword(&form, at(&s).as_bytes()),
            Some((kw.to_owned(), 6)),
            "{s}"
        );
    }
    let r = form.verify(at("\"e30=\"").as_bytes()).unwrap_err();
    assert_eq!(r.form_pointer(), Some("/properties/d/contentSchema"));
    assert_eq!(r.pointer(), "/d");
}

#[test]
fn a_media_type_alone_parses_the_string_itself() {
    let form = Form::compile(
        br#"{"contentMediaType":"application/json","contentSchema":{"type":"integer"}}"#,
    )
    .unwrap();
    assert!(form.verify(br#""12""#).is_ok());
    assert!(form.verify(br#"" 12 ""#).is_ok());
    assert_eq!(
        keyword(&form, br#""1.5""#),
        Some(("contentSchema".into(), 0))
    );
    assert_eq!(
        keyword(&form, br#""MTI=""#),
        Some(("contentMediaType".into(), 0))
    );
    assert_eq!(
        keyword(&form, br#""""#),
        Some(("contentMediaType".into(), 0))
    );
}

#[test]
fn documents_within_documents_stay_within_the_depth_limit() {
    // A string holding JSON that is a string holding JSON...: each level one deeper.
    let form = Form::builder()
        .limits(Limits::default().with_max_depth(3))
        .compile(br##"{"anyOf":[{"type":"integer"},{"type":"string","contentMediaType":"application/json","contentSchema":{"$ref":"#"}}]}"##)
        .unwrap();
    let mut doc = "1".to_owned();
    for level in 0..6 {
        doc = serde_json::to_string(&doc).unwrap();
        let verdict = form.verify(doc.as_bytes());
        // A string at depth 0 holds a document at depth 1: three levels fit in 3.
        assert_eq!(verdict.is_ok(), level < 3, "level {level}: {doc}");
    }
    let form = Form::builder()
        .limits(Limits::default().with_max_depth(1))
        .compile(br#"{"items":{"contentMediaType":"application/json"}}"#)
        .unwrap();
    assert!(form.verify(br#"["1"]"#).is_err());
}

#[test]
fn other_encodings_media_types_and_a_lone_schema_fail_the_compile() {
    for (text, kind, pointer) in [
        (
            r#"{"contentEncoding":"base32"}"#,
            FormErrorKind::UnsupportedContent,
            "/contentEncoding",
        ),
        (
            r#"{"contentEncoding":"BASE64"}"#,
            FormErrorKind::UnsupportedContent,
            "/contentEncoding",
        ),
        (
            r#"{"contentEncoding":1}"#,
            FormErrorKind::UnsupportedContent,
            "/contentEncoding",
        ),
        (
            r#"{"contentMediaType":"text/html"}"#,
            FormErrorKind::UnsupportedContent,
            "/contentMediaType",
        ),
        (
            r#"{"properties":{"a":{"contentSchema":{}}}}"#,
            FormErrorKind::ContentSchemaAlone,
            "/properties/a/contentSchema",
        ),
        (
            r#"{"contentEncoding":"base64","contentSchema":{}}"#,
            FormErrorKind::ContentSchemaAlone,
            "/contentSchema",
        ),
    ] {
        let e = Form::compile(text.as_bytes()).unwrap_err();
        assert_eq!((e.kind(), e.pointer()), (&kind, pointer), "{text}");
    }
}

#[test]
fn each_dialect_has_the_keywords_its_specification_lists() {
    let enc = br#"{"contentEncoding":"base64","contentMediaType":"application/json"}"#;
    let schema = br#"{"contentMediaType":"application/json","contentSchema":{"type":"null"}}"#;
    for d in Dialect::ALL {
        let b = || Form::builder().default_dialect(d);
        let got = b().compile(enc);
        assert_eq!(got.is_ok(), d >= Dialect::Draft7, "{d}: {got:?}");
        if let Err(e) = got {
            assert_eq!(e.kind(), &FormErrorKind::UnknownKeyword);
        }
        let got = b().compile(schema);
        assert_eq!(got.is_ok(), d >= Dialect::Draft2019_09, "{d}: {got:?}");
    }
    // draft-07 ignores `$ref`'s siblings: content beside it is refused.
    let e = Form::compile(
        br##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"a":{}},"properties":{"p":{"$ref":"#/definitions/a","contentEncoding":"base64"}}}"##,
    )
    .unwrap_err();
    assert_eq!(e.keyword(), Some("contentEncoding"));
}

#[test]
fn renders_as_written_and_audits() {
    let text = r#"{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"d":{"type":"string","maxLength":64,"contentEncoding":"base64","contentMediaType":"application/json","contentSchema":{"type":"array","items":{"type":"integer"}}}},"additionalProperties":false}"#;
    let form = Form::compile(text.as_bytes()).unwrap();
    assert_eq!(form.schema_json(), text);
    // The document lives inside the string: the body's bounds are the string's.
    let audit = form.audit(formgate::audit::Profile::Portable);
    assert_eq!(audit.max_depth(), formgate::audit::Bound::Finite(1));
}

#[test]
fn unroll_cuts_a_cycle_through_content_schema() {
    let text = r##"{"anyOf":[{"type":"integer"},{"type":"string","contentMediaType":"application/json","contentSchema":{"$ref":"#"}}]}"##;
    let form = Form::compile(text.as_bytes()).unwrap();
    let two = form.unroll(2).unwrap();
    let one = serde_json::to_string("1").unwrap();
    let deeper = serde_json::to_string(&serde_json::to_string(&one).unwrap()).unwrap();
    assert!(form.verify(deeper.as_bytes()).is_ok());
    assert!(two.verify(one.as_bytes()).is_ok());
    assert!(two.verify(deeper.as_bytes()).is_err());
}

#[test]
fn the_deepest_chain_a_body_can_hold_keeps_the_stack_bounded() {
    // Each level is base64 of a JSON string: 4/3 of the one inside, plus quotes. A
    // body of 1 MiB holds 39 levels; the depth limit is set far above that.
    let text = r##"{"anyOf":[{"type":"integer"},{"type":"string","contentEncoding":"base64","contentMediaType":"application/json","contentSchema":{"$ref":"#"}}]}"##;
    let form = Form::builder()
        .limits(Limits::default().with_max_depth(100_000))
        .compile(text.as_bytes())
        .unwrap();
    let chain = |inner: &str| {
        let mut doc = inner.to_owned();
        let mut levels = 0;
        loop {
            let next = format!("{:?}", b64(doc.as_bytes()));
            if next.len() > formgate::DEFAULT_MAX_BYTES {
                return (doc, levels);
            }
            doc = next;
            levels += 1;
        }
    };
    let (good, levels) = chain("1");
    assert!(levels >= 39, "{levels}");
    assert!(form.verify(good.as_bytes()).is_ok());
    // The innermost document fails: so does the outermost string.
    let (bad, _) = chain("1.5");
    assert_eq!(
        keyword(&form, bad.as_bytes()),
        Some(("contentSchema".into(), 0))
    );
}
