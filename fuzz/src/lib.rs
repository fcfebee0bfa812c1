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

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use formgate::Form;

pub use formgate_testkit::fuzzing::{wild_form, VerifyCase};
pub use formgate_testkit::oracle;
pub use pattern::{pattern_case, PatternCase};

/// The case file of `case` (see `formgate::__fuzz::split_case`).
pub fn case_text(case: &VerifyCase) -> Vec<u8> {
    formgate::__fuzz::case_text(case.form.as_bytes(), &case.splits, &case.body)
}

/// Write the bytes `make` gives to the file `FORMGATE_FUZZ_SAVE` names, if it is set
/// (`make` runs only then).
pub fn save<B: AsRef<[u8]>>(make: impl FnOnce() -> B) {
    static PATH: OnceLock<Option<PathBuf>> = OnceLock::new();
    if let Some(path) =
        PATH.get_or_init(|| std::env::var_os("FORMGATE_FUZZ_SAVE").map(PathBuf::from))
    {
        std::fs::write(path, make()).expect("FORMGATE_FUZZ_SAVE is writable");
    }
}

/// Forms (and jsonschema validators) kept at most by [`with_form`] and
/// [`jsonschema_agrees`]; a memo starts over when full. (Generated forms are small; this
/// bounds the memory of kept ones.)
const FORMS_KEPT: usize = 256;

/// The value `memo` keeps for `key`, made by `make` (and kept) if it has none.
fn kept<'m, K, Q, V>(memo: &'m mut HashMap<K, V>, key: &Q, make: impl FnOnce(&Q) -> V) -> &'m mut V
where
    K: std::borrow::Borrow<Q> + std::hash::Hash + Eq,
    Q: ToOwned<Owned = K> + std::hash::Hash + Eq + ?Sized,
{
    if !memo.contains_key(key) {
        if memo.len() >= FORMS_KEPT {
            memo.clear();
        }
        memo.insert(key.to_owned(), make(key));
    }
    memo.get_mut(key).expect("kept above")
}

thread_local! {
    static FORMS: RefCell<HashMap<Vec<u8>, Option<Form>>> = RefCell::new(HashMap::new());
    static VALIDATORS: RefCell<HashMap<String, jsonschema::Validator>> =
        RefCell::new(HashMap::new());
}

/// Run `check` on `form` compiled, or return `None` if it does not compile.
///
/// Compiled forms are kept by their text: most mutations of a case change its body
/// alone, and compiling the form again was the largest part of a `verify` execution
/// (the `compile_form` target fuzzes compilation itself). A form is a pure function of
/// its text, so keeping it changes no verdict.
pub fn with_form<R>(form: &[u8], check: impl FnOnce(&mut Form) -> R) -> Option<R> {
    FORMS.with(|forms| {
        kept(&mut forms.borrow_mut(), form, |f| Form::compile(f).ok())
            .as_mut()
            .map(check)
    })
}

/// [`oracle::jsonschema_agrees`], with jsonschema's validator kept by form text as
/// [`with_form`] keeps formgate's forms.
pub fn jsonschema_agrees(form: &str, body: &[u8], admitted: bool) {
    VALIDATORS.with(|validators| {
        let mut validators = validators.borrow_mut();
        let validator = kept(&mut validators, form, oracle::jsonschema_validator);
        oracle::jsonschema_agrees_with(validator, form, body, admitted);
    });
}
