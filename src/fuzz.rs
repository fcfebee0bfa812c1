//! Entry points for the fuzz targets in `fuzz/` (hidden): each target is one call here,
//! so the same code replays crash files as regression tests.
//!
//! | target | input | checks |
//! |---|---|---|
//! | `strict_parse` | any bytes | [`strict_parse`] |
//! | `compile_form` | any bytes, or a generated form | [`compile_form`] |
//! | `verify` | a case file: form, split points, body | [`verify`], [`verify_case`] |
//! | `pattern` | a generated pattern and strings | [`linear_pattern_matcher`] against [`pattern_matcher`] and `fancy-regex` |
//!
//! Comparisons with other crates (serde_json, jsonschema) live in the fuzz crate: the
//! library depends only on what its job needs.
//!
//! The unit tests below replay `fuzz/regressions/<target>/` and the seed corpus
//! `fuzz/corpus/<target>/` of every target through the same functions.
//!
//! The conformance runner `tests/schema_suite.rs` also reaches two private checks here,
//! to hold them against JSON-Schema-Test-Suite: [`pattern_matcher`] (a `pattern` alone)
//! and [`format_is_valid`] (a `format` alone).

mod compile_form;
mod strict_parse;
mod verify;
mod visits;

pub use compile_form::compile_form;
pub use strict_parse::strict_parse;
pub use verify::{case_text, split_case, verify, verify_case, verify_compiled};
pub use visits::Visits;

/// The crate's fast hash of member names (`fasthash`), for tests that build colliding
/// names.
pub fn fast_hash(bytes: &[u8]) -> u64 {
    crate::fasthash::hash(bytes)
}

/// Whether the fast engine of [`Form::verify`](crate::Form::verify) admits `body` on
/// its own, without the general validator: `false` also means "not sure". For tests
/// that the fast engine is sound (it never admits what the general validator rejects)
/// and that it serves the bodies it is meant for.
pub fn fast_accepts(form: &crate::Form, body: &[u8]) -> bool {
    matches!(
        crate::verify::fast::decide(form, body, &mut Default::default()),
        crate::verify::fast::Verdict::Admitted
    )
}

/// Whether the streaming verifier, fed `body` in chunks of `chunk` bytes, admits it
/// with its fast engine alone, the general validator never taking over. For tests that
/// the streamed fast engine serves the bodies it is meant for.
pub fn fast_streams(form: &crate::Form, body: &[u8], chunk: usize) -> bool {
    let mut v = form.verifier();
    body.chunks(chunk.max(1)).all(|c| v.feed(c).is_ok()) && v.finish_by_fast_engine()
}

/// The fast engine's own rejection of `body`, if it rejects it without the general
/// validator (`None`: it admits it or is not sure). For tests that its rejections are
/// the general validator's, and that it serves the rejections it is meant for.
pub fn fast_rejects(form: &crate::Form, body: &[u8]) -> Option<crate::Rejection> {
    match crate::verify::fast::decide(form, body, &mut Default::default()) {
        crate::verify::fast::Verdict::Rejected(r) => Some(r),
        _ => None,
    }
}

/// [`Form::verify`](crate::Form::verify) by the general validator alone, never the fast
/// path: the reference for tests that the fast path is sound. (`Form::accept` and
/// `Form::verify_into` take the fast path first, so they are no such reference.)
pub fn general_verify(form: &crate::Form, body: &[u8]) -> Result<(), crate::Rejection> {
    crate::parse::check_size(body.len(), &form.limits()).map_err(crate::Rejection::from_parse)?;
    crate::verify::Runtime::new().general(form, body)
}

/// [`Form::verify_into`](crate::Form::verify_into) on its one-pass route only (the
/// general validator feeding the deserializer), never on the fast route that
/// deserializes what the fast path admitted: tests hold the two routes to the same `T`
/// and the same rejection.
pub fn verify_into_one_pass<'de, T: serde::Deserialize<'de>>(
    form: &crate::Form,
    body: &'de [u8],
) -> Result<T, crate::Rejection> {
    crate::parse::check_size(body.len(), &form.limits()).map_err(crate::Rejection::from_parse)?;
    crate::verify::serde::one_pass(form, &mut crate::verify::Runtime::new(), body)
}

/// [`Form::verify_into`](crate::Form::verify_into) on its guided route only (the fast
/// engine's checks at each value as the deserializer reads it), never the one-pass
/// route it hands a body to when not sure: `None` is "not sure". For tests that the
/// guided route serves the bodies it exists for; that it is sound is held by the tests
/// that compare `verify_into` with `verify`.
pub fn verify_into_guided<'de, T: serde::Deserialize<'de>>(
    form: &crate::Form,
    body: &'de [u8],
) -> Option<T> {
    crate::verify::serde::guided_only(form, body)
}

/// Objects with more members than this check duplicates through a SipHash index with
/// a random key; smaller ones by a bounded scan.
pub const SMALL_OBJECT: usize = crate::parse::keys::SMALL;

/// A feature of ECMA-262 patterns refused on purpose, because no linear-time matcher
/// decides it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatternFeature {
    /// `\1`, `\k<name>`.
    Backreference,
}

/// Why [`pattern_matcher`] refused a pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternFailure {
    /// The refused feature, when that is the reason: a fail-closed refusal the design
    /// asks for. `None` for any other error.
    pub feature: Option<PatternFeature>,
    /// Whether the pattern exceeds an engine's size limit: the `regex` crate's program
    /// size or the linear matcher's state count, which measure different things, so
    /// the two engines can disagree here and only here.
    pub limit: bool,
    /// The compile error, as a form compile error would show it.
    pub message: String,
}

impl PatternFailure {
    /// The failure a form compile would report for `err`.
    fn of(err: &crate::form::pattern::PatternError) -> PatternFailure {
        use crate::form::pattern::PatternErrorKind;
        PatternFailure {
            feature: match err.kind() {
                PatternErrorKind::Backreference => Some(PatternFeature::Backreference),
                _ => None,
            },
            limit: matches!(
                err.kind(),
                PatternErrorKind::TooLarge { .. } | PatternErrorKind::TooManyStates { .. }
            ),
            message: err.to_string(),
        }
    }
}

impl std::fmt::Display for PatternFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Test entry point: compiles the ECMA-262 `source` as a `pattern` keyword does and
/// returns its matcher (unanchored search, linear in the string), or why it is refused.
pub fn pattern_matcher(source: &str) -> Result<impl Fn(&str) -> bool, PatternFailure> {
    use crate::form::pattern::Pattern;
    match Pattern::new(source) {
        Ok(pattern) => Ok(move |s: &str| pattern.is_match(s)),
        Err(err) => Err(PatternFailure::of(&err)),
    }
}

/// Test entry point: like [`pattern_matcher`], but always the linear matcher that
/// patterns with lookaround use (state-set simulation, no backtracking), even for a
/// pattern the `regex` crate would match: the fuzz target `pattern` and the tests hold
/// the two engines, and a backtracking reference, against each other.
pub fn linear_pattern_matcher(source: &str) -> Result<impl Fn(&str) -> bool, PatternFailure> {
    use crate::form::pattern::Pattern;
    match Pattern::new_linear(source) {
        Ok(pattern) => Ok(move |s: &str| pattern.is_match(s)),
        Err(err) => Err(PatternFailure::of(&err)),
    }
}

/// The `format` names that formgate asserts, in the order of the vocabulary table.
pub fn format_names() -> impl Iterator<Item = &'static str> {
    crate::form::format::Format::ALL
        .into_iter()
        .map(|f| f.name())
}

/// Test entry point: whether the string `s` conforms to the format called `name`, or
/// `None` if formgate does not assert that format.
pub fn format_is_valid(name: &str, s: &str) -> Option<bool> {
    crate::form::format::Format::from_name(name).map(|f| f.is_valid(s))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{compile_form, strict_parse, verify_case};

    /// Run `target` on every file in `dir` (relative to the crate root), naming the
    /// files that panic; returns how many files there were.
    fn replay(dir: &str, target: fn(&[u8])) -> usize {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return 0;
        };
        let mut files: Vec<_> = entries.map(|e| e.expect("readable dir").path()).collect();
        files.sort();
        let mut failed = Vec::new();
        for f in &files {
            let data = std::fs::read(f).expect("readable file");
            if std::panic::catch_unwind(|| target(&data)).is_err() {
                failed.push(f.display().to_string());
            }
        }
        assert!(failed.is_empty(), "{dir:?}: panicked on {failed:#?}");
        files.len()
    }

    fn compile(data: &[u8]) {
        compile_form(data);
    }

    fn verify(data: &[u8]) {
        verify_case(data);
    }

    #[test]
    fn replays_strict_parse() {
        replay("fuzz/regressions/strict_parse", strict_parse);
        assert!(replay("fuzz/corpus/strict_parse", strict_parse) > 0);
    }

    #[test]
    fn replays_compile_form() {
        replay("fuzz/regressions/compile_form", compile);
        assert!(replay("fuzz/corpus/compile_form", compile) > 0);
    }

    #[test]
    fn replays_verify() {
        replay("fuzz/regressions/verify", verify);
        assert!(replay("fuzz/corpus/verify", verify) > 0);
    }

    #[test]
    fn accepts_small_cases() {
        for case in [
            &b"1"[..],
            b"[[1],{\"a\":[]}]",
            b"\"\\u00e9\\/\\b\"",
            b" {\"a\" : 1 , \"b\":[true,false,null]} ",
            b"{\"a\":1,\"\\u0061\":2}",
            b"[1,]",
            b"\xef\xbb\xbf{}",
            b"",
        ] {
            strict_parse(case);
        }
    }
}
