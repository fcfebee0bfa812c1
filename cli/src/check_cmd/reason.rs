//! The reason key of a refusal: what the form needs that formgate does not do, short
//! and stable, so that `--summary` can count forms by it.
//!
//! The key comes from the [`FormErrorKind`] and the keyword it names, plus the value
//! where the value is what is missing (`unsupported format "uri"`, the `$schema`
//! dialect, the kind of pattern construct). Pointers, offsets and limits never enter a
//! key, so forms refused for the same reason share it.

use formgate::json::{ParseErrorKind, Value};
use formgate::{FormError, FormErrorKind, Limits};

/// How a form that did not compile failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// The form is strict JSON but outside the vocabulary (or beyond a limit).
    Refused,
    /// The form's bytes are not strict JSON.
    Malformed,
}

/// The class and reason key of `e`, raised compiling the form `bytes`.
pub(crate) fn classify(e: &FormError, bytes: &[u8]) -> (Class, String) {
    let keyword = e.keyword().unwrap_or("?");
    let key = match e.kind() {
        FormErrorKind::Parse(p) => {
            return match p.kind() {
                // A limit, not a defect of the JSON: the form may be fine but too big.
                ParseErrorKind::TooLarge { .. } => (Class::Refused, "too large (max_bytes)".into()),
                ParseErrorKind::TooDeep { .. } => (Class::Refused, "too deep (max_depth)".into()),
                kind => (Class::Malformed, format!("invalid JSON: {kind}")),
            };
        }
        FormErrorKind::NotASchema => "not a schema (neither object nor boolean)".to_owned(),
        FormErrorKind::UnknownKeyword => format!("unknown keyword {keyword:?}"),
        FormErrorKind::InvalidValue(_) => format!("invalid value of {keyword:?}"),
        FormErrorKind::DuplicateType => "type names a type twice".to_owned(),
        FormErrorKind::UnsupportedFormat => match string_at(bytes, e.pointer()) {
            Some(name) => format!("unsupported format {name:?}"),
            None => "unsupported format".to_owned(),
        },
        FormErrorKind::InvalidPattern(why) => format!("pattern: {}", pattern_reason(why)),
        FormErrorKind::UnsupportedDialect => dialect_reason(e, bytes),
        FormErrorKind::RemoteRef => "$ref to a document outside the form".to_owned(),
        FormErrorKind::AnchorRef => "$ref to an undefined anchor".to_owned(),
        FormErrorKind::RefNotFound => "$ref target not found".to_owned(),
        FormErrorKind::RefCycle => "$ref cycle".to_owned(),
        FormErrorKind::DuplicateIdentifier => format!("duplicate {keyword}"),
        FormErrorKind::Discriminator(_) => "discriminator disagrees with its branches".to_owned(),
        FormErrorKind::ExpansionTooLarge => "expansion too large (bounded work)".to_owned(),
        FormErrorKind::RefSibling(d) => format!("{keyword:?} beside $ref ({d} ignores it)"),
        // A kind added to the library later: its text, which names no pointer.
        other => other.to_string(),
    };
    (Class::Refused, key)
}

/// The pattern error without its offset and explanation: `backreference`, `invalid escape
/// `\a``, `repetition range out of order`.
fn pattern_reason(why: &str) -> String {
    let mut s = why;
    if let Some(i) = s.find(" (at byte ") {
        s = &s[..i];
    }
    for cut in [": ", " ("] {
        if let Some(i) = s.find(cut) {
            s = &s[..i];
        }
    }
    s.strip_suffix(" is not supported").unwrap_or(s).to_owned()
}

/// `unsupported dialect draft-04` for the json-schema.org dialects, the URI (without
/// `http(s)://` and a trailing `#`) for others; `$schema below the root naming another
/// dialect` when nested.
fn dialect_reason(e: &FormError, bytes: &[u8]) -> String {
    if e.pointer() != "/$schema" {
        return "$schema below the root naming another dialect".to_owned();
    }
    let Some(uri) = string_at(bytes, e.pointer()) else {
        return "unsupported dialect".to_owned();
    };
    let s = uri.trim().trim_end_matches('#');
    let s = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"))
        .unwrap_or(s);
    let name = match s.strip_prefix("json-schema.org/") {
        Some(rest) => {
            let rest = rest.trim_end_matches('/');
            let rest = rest.strip_suffix("/schema").unwrap_or(rest);
            rest.strip_prefix("draft/").unwrap_or(rest).to_owned()
        }
        None => s.to_owned(),
    };
    format!("unsupported dialect {name:?}")
}

/// The string at JSON Pointer `pointer` in the document `bytes`, if there is one.
fn string_at(bytes: &[u8], pointer: &str) -> Option<String> {
    let doc = formgate::json::parse(bytes, &Limits::default()).ok()?;
    let mut at = &doc;
    for token in pointer.split('/').skip(1) {
        let token = token.replace("~1", "/").replace("~0", "~");
        at = match at {
            Value::Object(_) => at.get(&token)?,
            Value::Array(items) => items.get(token.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    at.as_str().map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(form: &str) -> (Class, String) {
        let e = formgate::Form::compile(form.as_bytes()).expect_err("refused");
        classify(&e, form.as_bytes())
    }

    #[test]
    fn keys_name_what_the_form_needs() {
        let refused = |form: &str, want: &str| assert_eq!(key(form), (Class::Refused, want.into()));
        refused(
            r##"{"$schema":"https://json-schema.org/draft/2019-09/schema","$dynamicRef":"#"}"##,
            r#"unknown keyword "$dynamicRef""#,
        );
        refused(
            r#"{"discriminator":{"propertyName":"k"}}"#,
            "discriminator disagrees with its branches",
        );
        refused(
            r#"{"properties":{"a/b":{"format":"unknown"}}}"#,
            r#"unsupported format "unknown""#,
        );
        refused(
            r#"{"$schema":"http://json-schema.org/draft-03/schema#"}"#,
            r#"unsupported dialect "draft-03""#,
        );
        refused(
            r#"{"$schema":"https://json-schema.org/draft/2099-01/schema"}"#,
            r#"unsupported dialect "2099-01""#,
        );
        refused(
            r##"{"$schema":"http://json-schema.org/draft-07/schema#","$ref":"#","type":"null"}"##,
            r#""type" beside $ref (draft-07 ignores it)"#,
        );
        refused(
            r#"{"$ref":"other.json#/a"}"#,
            "$ref to a document outside the form",
        );
        refused(
            r#"{"$defs":{"a":{"$anchor":"x"},"b":{"$anchor":"x"}}}"#,
            "duplicate $anchor",
        );
        refused(
            r#"{"items":{"$schema":"http://json-schema.org/draft-07/schema#"}}"#,
            "$schema below the root naming another dialect",
        );
        refused(r#"{"pattern":"(a)\\1"}"#, "pattern: backreference");
        refused(r#"{"pattern":"\\a"}"#, "pattern: invalid escape `\\a`");
        refused(r#"{"required":true}"#, r#"invalid value of "required""#);
    }

    #[test]
    fn invalid_json_is_malformed() {
        assert_eq!(
            key(r#"{"a":1,"a":2}"#),
            (
                Class::Malformed,
                "invalid JSON: duplicate member name".into()
            )
        );
    }
}
