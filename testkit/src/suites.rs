//! Where the pinned conformance suites live.

use std::path::{Path, PathBuf};

/// The suites a suite directory must hold (`vendor-testsuite/README.md`).
pub const SUITES: [&str; 2] = ["JSONTestSuite", "JSON-Schema-Test-Suite"];

/// Set to `1` (as CI does) to make a missing suite a failure instead of a skip.
pub const REQUIRE_ENV: &str = "FORMGATE_REQUIRE_SUITES";

/// Overrides where the suites are looked for.
pub const SUITE_DIR_ENV: &str = "FORMGATE_SUITE_DIR";

/// The workspace root: this crate's parent directory.
pub fn workspace_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the test kit lives in a directory of the workspace")
}

fn holds_suites(dir: &Path) -> bool {
    SUITES.iter().all(|s| dir.join(s).is_dir())
}

/// The directory holding both conformance suites: `$FORMGATE_SUITE_DIR`, then
/// `<workspace>/vendor-testsuite/`, then `<workspace>/../shared/vendor-testsuite/`; the
/// first that holds both suites wins.
pub fn suite_dir() -> Option<PathBuf> {
    let root = workspace_root();
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
    candidates.push(root.join("vendor-testsuite"));
    candidates.push(root.join("..").join("shared").join("vendor-testsuite"));
    candidates.into_iter().find(|d| holds_suites(d))
}

/// Whether a missing suite must fail the run (`FORMGATE_REQUIRE_SUITES=1`).
pub fn require_suites() -> bool {
    std::env::var(REQUIRE_ENV).is_ok_and(|v| v == "1")
}
