//! The comparisons with serde_json and the jsonschema crate (feature `oracle`), which
//! cannot live in formgate's hidden `__fuzz` module (formgate does not depend on them).
//!
//! 1. [`serde_json_agrees`] (strict_parse): one-way agreement with serde_json. What
//!    formgate accepts, serde_json accepts with an equal value; what serde_json
//!    rejects, formgate rejects. Documents naming a member
//!    `$serde_json::private::Number` are left out: serde_json's `arbitrary_precision`
//!    (on here, to read numbers exactly) reserves that name.
//! 2. [`typed_agrees`] (verify): `verify_into::<serde_json::Value>` gives exactly
//!    `verify`'s verdict, and an admitted body's value equals serde_json's reading.
//! 3. [`jsonschema_agrees`] (verify): the jsonschema crate (the form's dialect, formats
//!    asserted, exact numbers) gives formgate's verdict on cases the generator marked as lying
//!    where the two cannot legitimately differ ([`crate::Gen::oracle`], or a form of
//!    the [`crate::ORACLE`] profile). [`jsonschema_validator`] and [`jsonschema_admits`]
//!    are its two halves.

use formgate::{Form, Limits, RejectionKind};

/// Invariant 1.
pub fn serde_json_agrees(data: &[u8]) {
    let ours = formgate::json::parse(data, &Limits::default());
    // serde_json's `arbitrary_precision` reads an object whose first member has this
    // name as a number (and refuses the document when it does not hold one).
    if ours.as_ref().is_ok_and(names_serde_json_reserves) {
        return;
    }
    match (ours, serde_json::from_slice::<serde_json::Value>(data)) {
        (Ok(ours), Ok(theirs)) => assert!(
            same(&ours, &theirs),
            "formgate and serde_json disagree on {data:?}: {ours} vs {theirs}"
        ),
        // serde_json stops at 128 levels of nesting; formgate's default allows 128.
        (Ok(_), Err(e)) if e.to_string().starts_with("recursion limit exceeded") => {}
        (Ok(_), Err(e)) => panic!("formgate accepts what serde_json rejects ({e}): {data:?}"),
        // formgate is stricter: duplicate names, the depth limit.
        (Err(_), _) => {}
    }
}

/// The member name serde_json's `arbitrary_precision` feature (on in the oracles, to
/// read numbers exactly) reserves to carry a number through serde: an object holding it
/// is read as a number, or refused. JSON gives the name no meaning.
const SERDE_JSON_NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// Whether `value` holds a member named [`SERDE_JSON_NUMBER_TOKEN`] anywhere (after
/// unescaping, as serde_json compares it).
fn names_serde_json_reserves(value: &formgate::json::Value<'_>) -> bool {
    use formgate::json::Value as F;
    match value {
        F::Array(items) => items.iter().any(names_serde_json_reserves),
        F::Object(members) => members
            .iter()
            .any(|(k, v)| k == SERDE_JSON_NUMBER_TOKEN || names_serde_json_reserves(v)),
        _ => false,
    }
}

fn same(ours: &formgate::json::Value<'_>, theirs: &serde_json::Value) -> bool {
    use formgate::json::Value as F;
    use serde_json::Value as S;
    match (ours, theirs) {
        (F::Null, S::Null) => true,
        (F::Bool(a), S::Bool(b)) => a == b,
        (F::Number(a), S::Number(b)) => serde_json_spelling(a.as_str()) == b.as_str(),
        (F::String(a), S::String(b)) => a == b,
        (F::Array(a), S::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y))
        }
        (F::Object(a), S::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((ka, va), (kb, vb))| ka == kb && same(va, vb))
        }
        _ => false,
    }
}

/// serde_json's arbitrary_precision keeps a number's digits but writes the exponent as
/// `e` followed by an explicit sign: `1E2` becomes `1e+2`.
fn serde_json_spelling(lexeme: &str) -> String {
    match lexeme.split_once(['e', 'E']) {
        None => lexeme.to_owned(),
        Some((mantissa, exp)) if exp.starts_with(['+', '-']) => format!("{mantissa}e{exp}"),
        Some((mantissa, exp)) => format!("{mantissa}e+{exp}"),
    }
}

/// Invariant 2. formgate hands numbers to serde as `u64`, `i64` or the nearest `f64`
/// (`verify::deserialize`: the serde data model has nothing exact), so values are
/// compared with numbers read that way, and a body with a number beyond `f64` is
/// `Unrepresentable`.
pub fn typed_agrees(form: &Form, body: &[u8]) {
    // No `serde_json::Value` holds an object with serde_json's reserved name.
    if formgate::json::parse(body, &form.limits()).is_ok_and(|v| names_serde_json_reserves(&v)) {
        return;
    }
    let verdict = form.verify(body);
    let typed = form.verify_into::<serde_json::Value>(body);
    let show = || String::from_utf8_lossy(body).into_owned();
    match (&verdict, typed) {
        (Ok(()), Ok(v)) => {
            let theirs: serde_json::Value =
                serde_json::from_slice(body).expect("serde_json reads an admitted body");
            assert!(
                same_rounded(&v, &theirs),
                "verify_into's value {v} differs from serde_json's {theirs}: {}",
                show()
            );
        }
        (Ok(()), Err(e)) if e.kind() == RejectionKind::Unrepresentable => {
            let theirs: serde_json::Value =
                serde_json::from_slice(body).expect("serde_json reads an admitted body");
            assert!(
                beyond_f64(&theirs),
                "admitted but unrepresentable as serde_json::Value ({e}): {}",
                show()
            );
        }
        (_, typed) => assert_eq!(
            typed.map(drop),
            verdict,
            "verify_into::<serde_json::Value> differs on {}",
            show()
        ),
    }
}

/// Equal, numbers compared as formgate hands them over: integers exactly, the rest as
/// the nearest `f64`.
fn same_rounded(ours: &serde_json::Value, theirs: &serde_json::Value) -> bool {
    use serde_json::Value as S;
    match (ours, theirs) {
        // `-0` (any spelling of an integer zero with a sign): serde_json, read without
        // arbitrary precision, gives the float -0.0, as formgate does (no integer
        // holds the sign).
        (S::Number(a), S::Number(b)) if b.as_i64() == Some(0) && b.to_string().starts_with('-') => {
            a.as_f64().is_some_and(|x| x == 0.0 && x.is_sign_negative()) && a.is_f64()
        }
        (S::Number(a), S::Number(b)) => match (b.as_u64(), b.as_i64()) {
            (Some(u), _) => a.as_u64() == Some(u),
            (_, Some(i)) => a.as_i64() == Some(i),
            _ => a.as_f64().is_some() && a.as_f64() == b.as_f64(),
        },
        (S::Array(a), S::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_rounded(x, y))
        }
        (S::Object(a), S::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((ka, va), (kb, vb))| ka == kb && same_rounded(va, vb))
        }
        (a, b) => a == b,
    }
}

/// Whether some number in `v` is no `u64`, `i64` or finite `f64`.
fn beyond_f64(v: &serde_json::Value) -> bool {
    use serde_json::Value as S;
    match v {
        S::Number(n) => {
            n.as_u64().is_none()
                && n.as_i64().is_none()
                && !n.as_str().parse::<f64>().is_ok_and(f64::is_finite)
        }
        S::Array(items) => items.iter().any(beyond_f64),
        S::Object(m) => m.values().any(beyond_f64),
        _ => false,
    }
}

/// The jsonschema crate's validator for `form`: the draft its `$schema` names, 2020-12
/// without one (as formgate's default), formats asserted (and, through the
/// `arbitrary-precision` feature, exact numbers). Panics if it does not build: every
/// form formgate compiles must.
/// Numeric formats, which jsonschema ignores, are handed to it as the ranges they mean
/// ([`crate::for_jsonschema`]).
pub fn jsonschema_validator(form: &str) -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(form).expect("the form is JSON");
    let respelled = crate::for_jsonschema(&from_serde(&schema)).compact();
    let schema: serde_json::Value = serde_json::from_str(&respelled).expect("still JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap_or_else(|e| {
            panic!("jsonschema does not build a form formgate compiles ({e}): {form}")
        })
}

/// A serde_json value as a [`crate::J`], numbers as written.
fn from_serde(v: &serde_json::Value) -> crate::J {
    use crate::J;
    use serde_json::Value as S;
    match v {
        S::Null => J::Null,
        S::Bool(b) => J::Bool(*b),
        S::Number(n) => J::Num(n.to_string()),
        S::String(s) => J::Str(s.clone()),
        S::Array(items) => J::Arr(items.iter().map(from_serde).collect()),
        S::Object(m) => J::Obj(m.iter().map(|(k, v)| (k.clone(), from_serde(v))).collect()),
    }
}

/// jsonschema's verdict on `body`, read by serde_json (which keeps the last of
/// duplicate members: formgate rejects those, by design, so no verdict compares).
pub fn jsonschema_admits(validator: &jsonschema::Validator, body: &[u8]) -> bool {
    let instance: serde_json::Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => panic!(
            "a generated body is not JSON ({e}): {}",
            String::from_utf8_lossy(body)
        ),
    };
    validator.is_valid(&instance)
}

/// Invariant 3: `admitted` is formgate's verdict on `body` under `form`.
pub fn jsonschema_agrees(form: &str, body: &[u8], admitted: bool) {
    jsonschema_agrees_with(&jsonschema_validator(form), form, body, admitted);
}

/// [`jsonschema_agrees`] with `form` already built as `validator` (by
/// [`jsonschema_validator`]).
pub fn jsonschema_agrees_with(
    validator: &jsonschema::Validator,
    form: &str,
    body: &[u8],
    admitted: bool,
) {
    let theirs = jsonschema_admits(validator, body);
    assert_eq!(
        admitted,
        theirs,
        "formgate {} but jsonschema {}\nform {form}\nbody {}",
        if admitted { "admits" } else { "rejects" },
        if theirs { "admits" } else { "rejects" },
        String::from_utf8_lossy(body)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `strict_parse` fuzz target: serde_json (with `arbitrary_precision`)
    /// refuses these valid documents, so the one-way agreement leaves them out.
    #[test]
    fn serde_json_reserved_name_is_left_out() {
        for doc in [
            &br#"{"$serde_json::private::Number":"compose"}"#[..],
            br#"[{"a":1},{"\u0024serde_json::private::Number":"x","b":2}]"#,
            // serde_json reads these as numbers: no error, but not an object either.
            br#"{"$serde_json::private::Number":"1"}"#,
            br#"[{"$serde_json::private::Number":"-0"}]"#,
        ] {
            serde_json_agrees(doc);
            let form = Form::compile(b"{}").unwrap();
            typed_agrees(&form, doc);
        }
        // A near miss is still compared.
        serde_json_agrees(br#"{"$serde_json::private::Numbers":"x"}"#);
    }
}
