//! What the fuzz targets share beyond formgate's hidden `__fuzz` module: generators of
//! forms and bodies from the fuzzer's bytes and the comparisons with serde_json and
//! jsonschema, both from the test kit (`formgate-testkit`, whose rules the property
//! tests use too), and the saving of generated cases.
//!
//! Structured inputs start with a zero byte; anything else is taken as it is (any bytes
//! for `compile_form`, a case file for `verify`), so the seed corpora can hold
//! readable JSON and case files.
//!
//! To turn a structured crash into a committed regression, rerun it with
//! `FORMGATE_FUZZ_SAVE=<file>`: the target writes the form (`compile_form`) or the case
//! file (`verify`) it built there, which `cargo test` then replays through formgate.

mod pattern;

use std::path::PathBuf;
use std::sync::OnceLock;

pub use formgate_testkit::fuzzing::{wild_form, VerifyCase};
pub use formgate_testkit::oracle;
pub use pattern::{pattern_case, PatternCase};

/// The case file of `case` (see `formgate::__fuzz::split_case`).
pub fn case_text(case: &VerifyCase) -> Vec<u8> {
    formgate::__fuzz::case_text(case.form.as_bytes(), &case.splits, &case.body)
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
