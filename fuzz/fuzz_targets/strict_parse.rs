#![no_main]
//! Strict parsing: the library's own checks (`formgate::__fuzz::strict_parse`), then a
//! one-way comparison with serde_json, which cannot live in the library.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    formgate::__fuzz::strict_parse(data);
    agrees_with_serde_json(data);
});

/// If formgate accepts, serde_json accepts an equal value (formgate is stricter, so the
/// other direction is not checked: duplicate names, the depth limit).
fn agrees_with_serde_json(data: &[u8]) {
    let Ok(ours) = formgate::parse(data, &formgate::Limits::default()) else {
        return;
    };
    match serde_json::from_slice::<serde_json::Value>(data) {
        Ok(theirs) => assert!(
            same(&ours, &theirs),
            "formgate and serde_json disagree on {data:?}: {ours} vs {theirs}"
        ),
        // serde_json stops at 128 levels of nesting; formgate's default allows 128.
        Err(e) if e.to_string().starts_with("recursion limit exceeded") => {}
        Err(e) => panic!("formgate accepts what serde_json rejects ({e}): {data:?}"),
    }
}

fn same(ours: &formgate::Value<'_>, theirs: &serde_json::Value) -> bool {
    use formgate::Value as F;
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
