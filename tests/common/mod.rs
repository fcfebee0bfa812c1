//! Helpers shared by the integration tests: where the pinned conformance suites live,
//! and the name filter of the table-driven runners.
//!
//! Each test binary compiles this module on its own and uses only part of it.
#![allow(dead_code)]

pub mod gen;

use std::path::{Path, PathBuf};

/// The suites a suite directory must hold (see DESIGN.md, "Conformance data").
pub const SUITES: [&str; 2] = ["JSONTestSuite", "JSON-Schema-Test-Suite"];

/// Set to `1` (as CI does) to make a missing suite a failure instead of a skip.
pub const REQUIRE_ENV: &str = "FORMGATE_REQUIRE_SUITES";

/// Overrides where the suites are looked for.
pub const SUITE_DIR_ENV: &str = "FORMGATE_SUITE_DIR";

/// Restricts table-driven runners to the cases whose name contains this text.
pub const FILTER_ENV: &str = "FORMGATE_TEST_FILTER";

fn holds_suites(dir: &Path) -> bool {
    SUITES.iter().all(|s| dir.join(s).is_dir())
}

/// The directory holding both conformance suites: `$FORMGATE_SUITE_DIR`, then
/// `<crate>/vendor-testsuite/`, then `<crate>/../shared/vendor-testsuite/`; the first
/// that holds both suites wins.
pub fn suite_dir() -> Option<PathBuf> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut candidates = Vec::new();
    if let Some(dir) = std::env::var_os(SUITE_DIR_ENV).filter(|d| !d.is_empty()) {
        let dir = PathBuf::from(dir);
        if !holds_suites(&dir) {
            eprintln!(
                "warning: {SUITE_DIR_ENV}={} does not hold {SUITES:?}; looking elsewhere",
                dir.display()
            );
        }
        candidates.push(dir);
    }
    candidates.push(manifest.join("vendor-testsuite"));
    candidates.push(manifest.join("..").join("shared").join("vendor-testsuite"));
    candidates.into_iter().find(|d| holds_suites(d))
}

/// Whether a missing suite must fail the run (`FORMGATE_REQUIRE_SUITES=1`).
pub fn require_suites() -> bool {
    std::env::var(REQUIRE_ENV).is_ok_and(|v| v == "1")
}

/// The directory of the suite `name` (one of [`SUITES`]), or `None` after saying loudly
/// that the runner skips. Panics instead when [`require_suites`] is set.
pub fn suite(name: &str) -> Option<PathBuf> {
    if let Some(dir) = suite_dir() {
        return Some(dir.join(name));
    }
    let msg = format!(
        "conformance suite {name} not found: set {SUITE_DIR_ENV}, or copy the suites into \
         vendor-testsuite/ (or ../shared/vendor-testsuite/)"
    );
    if require_suites() {
        panic!("{msg} ({REQUIRE_ENV}=1)");
    }
    eprintln!("\n!!!!!!!! SKIPPED: {msg} !!!!!!!!\n");
    None
}

/// The name filter from `FORMGATE_TEST_FILTER`, if one is set.
pub fn filter() -> Option<String> {
    std::env::var(FILTER_ENV).ok().filter(|f| !f.is_empty())
}

/// Whether the case `name` passes the name filter (a substring match).
pub fn selected(name: &str, filter: Option<&str>) -> bool {
    match filter {
        Some(f) => name.contains(f),
        None => true,
    }
}

/// The name of a [`formgate::json::ParseErrorKind`] variant, without its fields
/// (`TooDeep { limit: 128 }` gives `TooDeep`).
pub fn kind_name(kind: formgate::json::ParseErrorKind) -> String {
    let debug = format!("{kind:?}");
    match debug.find([' ', '{', '(']) {
        Some(end) => debug[..end].to_string(),
        None => debug,
    }
}

/// The error's kind name and offset, or `None` if the input is accepted; checks that
/// [`formgate::json::parse`], [`formgate::json::check`] and the pull [`formgate::json::Parser`] agree.
pub fn verdict(
    input: &[u8],
    limits: &formgate::Limits,
) -> Result<Option<formgate::json::ParseError>, String> {
    let parsed = formgate::json::parse(input, limits).err();
    let checked = formgate::json::check(input, limits).err();
    let pulled = match formgate::json::Parser::new(input, limits) {
        Err(e) => Some(e),
        Ok(mut p) => loop {
            match p.next() {
                Ok(Some(_)) => {}
                Ok(None) => break None,
                Err(e) => break Some(e),
            }
        },
    };
    if parsed != checked || parsed != pulled {
        return Err(format!(
            "parse, check and Parser disagree: {parsed:?} / {checked:?} / {pulled:?}"
        ));
    }
    Ok(parsed)
}
