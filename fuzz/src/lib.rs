//! What the fuzz targets share: generators of forms and bodies from the fuzzer's bytes
//! (`arbitrary`), and the comparisons with serde_json and jsonschema, which cannot live
//! in formgate's hidden `__fuzz` module (formgate does not depend on them).
//!
//! Structured inputs start with a zero byte; anything else is taken as it is (any bytes
//! for `compile_form`, a case file for `verify`), so the seed corpora can hold
//! readable JSON and case files.
//!
//! To turn a structured crash into a committed regression, rerun it with
//! `FORMGATE_FUZZ_SAVE=<file>`: the target writes the form (`compile_form`) or the case
//! file (`verify`) it built there, which `cargo test` then replays through formgate.

pub mod gen;
pub mod json;
pub mod oracle;
pub mod tables;

use std::path::PathBuf;
use std::sync::OnceLock;

use arbitrary::Unstructured;

/// A generated `verify` case.
#[derive(Debug)]
pub struct VerifyCase {
    /// The form, compact JSON.
    pub form: String,
    pub body: Vec<u8>,
    /// Split points for streaming, sorted.
    pub splits: Vec<usize>,
    /// Whether the jsonschema crate must agree (`gen` invariant 3).
    pub oracle: bool,
}

impl VerifyCase {
    /// An in-vocabulary form and a body aimed at it, from the fuzzer's bytes.
    pub fn generate(data: &[u8]) -> VerifyCase {
        let mut u = Unstructured::new(data);
        let mut g = gen::Gen::new(&mut u, false);
        let form = g.form();
        let value = g.value(&form, &form, 6);
        let body = g.body_text(&value).into_bytes();
        let splits = g.splits(body.len());
        VerifyCase {
            form: form.compact(),
            body,
            splits,
            oracle: g.oracle,
        }
    }

    /// The case file (see `formgate::__fuzz::split_case`).
    pub fn text(&self) -> Vec<u8> {
        formgate::__fuzz::case_text(self.form.as_bytes(), &self.splits, &self.body)
    }
}

/// A form from the fuzzer's bytes, inside the vocabulary or not (`gen` invariant 2).
pub fn wild_form(data: &[u8]) -> String {
    let mut u = Unstructured::new(data);
    let mut g = gen::Gen::new(&mut u, true);
    g.form().compact()
}

/// Write `bytes` to the file `FORMGATE_FUZZ_SAVE` names, if it is set.
pub fn save(bytes: &[u8]) {
    static PATH: OnceLock<Option<PathBuf>> = OnceLock::new();
    if let Some(path) =
        PATH.get_or_init(|| std::env::var_os("FORMGATE_FUZZ_SAVE").map(PathBuf::from))
    {
        std::fs::write(path, bytes).expect("FORMGATE_FUZZ_SAVE is writable");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pseudo-random inputs of every length up to 400 bytes (SplitMix64).
    fn inputs(n: usize) -> impl Iterator<Item = Vec<u8>> {
        let mut state = 0x5eed_u64;
        let mut next = move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        (0..n).map(move |i| (0..i % 400).map(|_| next() as u8).collect())
    }

    /// `gen` invariants 1 and 5, and the generator is worth its time: both verdicts
    /// and the oracle are common.
    #[test]
    fn generated_forms_compile_and_get_both_verdicts() {
        let (mut admitted, mut oracle, total) = (0, 0, 2000);
        for data in inputs(total) {
            let case = VerifyCase::generate(&data);
            let form = formgate::Form::compile(case.form.as_bytes())
                .unwrap_or_else(|e| panic!("{e}: {}", case.form));
            admitted += usize::from(form.verify(&case.body).is_ok());
            oracle += usize::from(case.oracle);
            let _ = wild_form(&data);
        }
        eprintln!("{admitted} of {total} admitted, {oracle} for the oracle");
        assert!(
            admitted * 5 > total && admitted * 5 < total * 4,
            "{admitted}"
        );
        assert!(oracle * 3 > total, "{oracle}");
    }

    #[test]
    fn empty_input_gives_a_small_case() {
        let case = VerifyCase::generate(&[]);
        assert_eq!(case.form, "{}");
        assert!(wild_form(&[]).len() < 8);
    }
}
