//! The fuzzing front-end (feature `arbitrary`): cases built from the fuzzer's bytes by
//! the rules of [`Gen`] reading an `arbitrary::Unstructured`.

use arbitrary::Unstructured;

use crate::bodies::BODY_DEPTH;
use crate::tables::FUZZ;
use crate::Gen;

/// A generated `verify` case.
#[derive(Debug)]
pub struct VerifyCase {
    /// The form, compact JSON.
    pub form: String,
    pub body: Vec<u8>,
    /// Split points for streaming, sorted.
    pub splits: Vec<usize>,
    /// Whether the jsonschema crate must agree ([`Gen::oracle`]).
    pub oracle: bool,
}

impl VerifyCase {
    /// A tame form of the [`FUZZ`] profile and a body aimed at it.
    pub fn generate(data: &[u8]) -> VerifyCase {
        let mut g = Gen::new(Unstructured::new(data), &FUZZ, false);
        let form = g.form();
        let value = g.value(&form, &form, BODY_DEPTH);
        let body = g.body_text(&value).into_bytes();
        let splits = g.splits(body.len());
        VerifyCase {
            form: form.compact(),
            body,
            splits,
            oracle: g.oracle,
        }
    }
}

/// A form from the fuzzer's bytes, inside the vocabulary or not.
pub fn wild_form(data: &[u8]) -> String {
    Gen::new(Unstructured::new(data), &FUZZ, true)
        .form()
        .compact()
}
