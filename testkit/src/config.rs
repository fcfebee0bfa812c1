//! The property tests' configuration (feature `proptest`).

use proptest::test_runner::{Config, FileFailurePersistence};

/// `cases` per property, unless `PROPTEST_CASES` asks for a longer (or shorter) run;
/// failures persisted to `proptest-regressions/<test>.txt` (relative to the package
/// being tested, where cargo runs its tests).
pub fn config(test: &str, cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(cases);
    // `FileFailurePersistence::Direct` wants a `&'static str`: a few bytes per property.
    let path: &'static str = Box::leak(format!("proptest-regressions/{test}.txt").into_boxed_str());
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(path))),
        ..Config::default()
    }
}
