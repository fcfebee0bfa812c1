//! Conformance runner over JSONTestSuite's `test_parsing/` (nst/JSONTestSuite, pinned by
//! `vendor-testsuite/sync`).
//!
//! Every `y_` file must be accepted and every `n_` file rejected, unless
//! `tests/data/json_test_suite_decisions.txt` records a deliberate deviation; every `i_`
//! file is decided there, with a reason. Files are read as raw bytes and parsed with the
//! default limits; `parse`, `check` and the pull `Parser` must agree on the verdict, the
//! error kind and its offset.
//!
//! A `libtest-mimic` harness: one trial per suite file (`test_parsing/n_array_comma.json`),
//! so a failing file names itself; `cargo test --test json_test_suite -- i_string` runs
//! the files whose name contains `i_string`. The trial `totals` checks the counts stated
//! in docs/CONFORMANCE.md against what the runner finds, over all files,
//! streamed ones included.
//!
//! Each file also has a trial `stream/test_parsing/<file>`: fed to the streaming
//! verifier of the form `true` at every split (single cuts up to 512 bytes, one byte at
//! a time, a few strides), it must get the same verdict, kind, offset and pointer as
//! `Form::verify` of the whole body.
//!
//! Without the suite data every suite trial is listed as ignored, with one message saying
//! how to get it; with `FORMGATE_REQUIRE_SUITES=1` those trials fail instead.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use common::{same, stream};
use formgate::{Form, Limits};
use libtest_mimic::{Arguments, Failed, Trial};

const DECISIONS: &str = include_str!("data/json_test_suite_decisions.txt");

const SUITE: &str = "JSONTestSuite";
/// The directory read, relative to the suite; also the prefix of every trial name.
const PARSING: &str = "test_parsing";
/// The prefix of the streaming trials' names.
const STREAM: &str = "stream";

// The totals docs/CONFORMANCE.md states (the trial `conformance_doc_states_the_totals`
// holds its text to them). The trial `totals` fails, with
// expected and found, when the data or formgate's behaviour drifts from them.
const Y_FILES: usize = 95;
/// `y_` files rejected by a decision (the two duplicate-name files).
const Y_REJECTED: usize = 2;
const N_FILES: usize = 188;
const I_FILES: usize = 35;
const I_ACCEPT: usize = 10;
const I_REJECT: usize = 25;

/// What a decisions line says formgate does with a file.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Decision {
    Accept,
    /// Rejected with this `ParseErrorKind` variant.
    Reject(String),
}

/// File name → (decision, line number).
type Decisions = BTreeMap<String, (Decision, usize)>;

/// Parse the decisions file. Format errors and duplicate entries are pushed onto
/// `failures`.
fn decisions(failures: &mut Vec<String>) -> Decisions {
    let mut out = Decisions::new();
    for (n, line) in DECISIONS.lines().enumerate() {
        let n = n + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.splitn(3, char::is_whitespace);
        let (Some(name), Some(verdict), Some(reason)) =
            (fields.next(), fields.next(), fields.next())
        else {
            failures.push(format!(
                "decisions line {n}: want `file accept|reject:Kind reason`"
            ));
            continue;
        };
        if reason.trim().is_empty() {
            failures.push(format!("decisions line {n}: {name} has no reason"));
        }
        let decision = match verdict {
            "accept" => Decision::Accept,
            v => match v.strip_prefix("reject:") {
                Some(kind) if !kind.is_empty() => Decision::Reject(kind.to_string()),
                _ => {
                    failures.push(format!(
                        "decisions line {n}: {name}: verdict {v:?} is neither accept nor reject:Kind"
                    ));
                    continue;
                }
            },
        };
        if let Some((_, first)) = out.insert(name.to_string(), (decision, n)) {
            failures.push(format!(
                "decisions line {n}: duplicate entry for {name} (first on line {first})"
            ));
        }
    }
    out
}

/// How a file came out, when it came out as it must.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    YAccepted,
    /// A `y_` file rejected as its decision says.
    YRejected,
    NRejected,
    IAccept,
    IReject,
}

/// Parse one suite file and hold the verdict against its prefix and its decision.
fn judge(name: &str, bytes: &[u8], decisions: &Decisions) -> Result<Outcome, String> {
    let verdict = common::verdict(bytes, &Limits::default()).map_err(|e| format!("{name}: {e}"))?;
    let decision = decisions.get(name).map(|(d, _)| d.clone());
    let expected = match (name.get(..2), decision) {
        (Some("y_"), None) => Decision::Accept,
        (Some("n_"), _) => Decision::Reject(String::new()),
        (Some("i_"), None) => return Err(format!("{name}: no entry in the decisions file")),
        (Some("y_" | "i_"), Some(d)) => d,
        _ => return Err(format!("{name}: not a y_, n_ or i_ file")),
    };
    match (&expected, &verdict) {
        (Decision::Accept, None) => Ok(match &name[..2] {
            "y_" => Outcome::YAccepted,
            _ => Outcome::IAccept,
        }),
        (Decision::Reject(kind), Some(err))
            if kind.is_empty() || *kind == common::kind_name(err.kind()) =>
        {
            Ok(match &name[..2] {
                "y_" => Outcome::YRejected,
                "n_" => Outcome::NRejected,
                _ => Outcome::IReject,
            })
        }
        (expected, got) => Err(format!(
            "{name}: expected {expected:?}, got {} ({})",
            match got {
                None => "accept".to_string(),
                Some(e) => format!("{:?} at {}", e.kind(), e.offset()),
            },
            show(bytes),
        )),
    }
}

/// A short, unambiguous rendering of a suite file for failure messages.
fn show(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes.iter().take(60) {
        match b {
            b' '..=b'~' if b != b'\\' => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02X}")),
        }
    }
    if bytes.len() > 60 {
        s.push_str(&format!("... ({} bytes)", bytes.len()));
    }
    s
}

/// The `.json` files of `dir`, sorted.
fn list(dir: &Path) -> Result<Vec<String>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("reading {}: {e}", dir.display()))?;
        let name = entry
            .file_name()
            .into_string()
            .map_err(|n| format!("{}: a file name that is not UTF-8: {n:?}", dir.display()))?;
        if name.ends_with(".json") {
            files.push(name);
        }
    }
    files.sort();
    Ok(files)
}

fn read(dir: &Path, name: &str) -> Result<Vec<u8>, String> {
    std::fs::read(dir.join(name)).map_err(|e| format!("reading {name}: {e}"))
}

/// Streams a suite file at every single-cut split (up to 512 bytes), one byte per
/// chunk, and a few strides; each must get what `Form::verify` gets for the whole body.
/// Names the first split that differs.
fn stream_all_splits(name: &str, body: &[u8]) -> Result<(), String> {
    let form = Form::compile(b"true").map_err(|e| format!("the form `true`: {e}"))?;
    let whole = form.verify(body);
    let mut splits: Vec<Vec<usize>> = vec![(1..body.len()).collect()];
    if body.len() <= 512 {
        splits.extend((0..=body.len()).map(|c| vec![c]));
    }
    for stride in [2usize, 3, 7, 16] {
        splits.push((1..body.len()).filter(|i| i % stride == 0).collect());
    }
    for cuts in &splits {
        let got = stream(&form, body, cuts);
        if !same(&whole, &got) {
            return Err(format!(
                "{name}: cuts {:?}: whole {whole:?}, streamed {got:?}",
                &cuts[..cuts.len().min(8)]
            ));
        }
    }
    Ok(())
}

fn decisions_file_is_well_formed() -> Result<(), Failed> {
    // Runs without the suite: format errors and duplicates are caught everywhere.
    let mut failures = Vec::new();
    let d = decisions(&mut failures);
    for name in d.keys() {
        if !name.ends_with(".json") {
            failures.push(format!("{name}: not a .json file name"));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n").into())
    }
}

/// Stale entries: a file that does not exist, or an entry the prefix already decides.
fn no_stale_decisions(files: &[String], decisions: &Decisions) -> Result<(), Failed> {
    let mut failures = Vec::new();
    for (name, (decision, line)) in decisions {
        let stale = if files.binary_search(name).is_err() {
            Some("names a file that does not exist")
        } else if name.starts_with("n_") {
            Some("n_ files must be rejected; there is nothing to decide")
        } else if name.starts_with("y_") && *decision == Decision::Accept {
            Some("y_ files are accepted anyway; the entry is not needed")
        } else if !name.starts_with(['y', 'n', 'i']) {
            Some("not a y_, n_ or i_ file")
        } else {
            None
        };
        if let Some(why) = stale {
            failures.push(format!("decisions line {line}: stale entry {name}: {why}"));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n").into())
    }
}

/// Judges and streams every file again and compares the counts with the documented ones.
fn totals(dir: &Path, files: &[String], decisions: &Decisions) -> Result<(), Failed> {
    let mut found: BTreeMap<Outcome, usize> = BTreeMap::new();
    let mut failing = Vec::new();
    let mut by_prefix = [0usize; 3];
    let (mut streamed, mut streamed_wrong) = (0, Vec::new());
    for name in files {
        match name.get(..2) {
            Some("y_") => by_prefix[0] += 1,
            Some("n_") => by_prefix[1] += 1,
            Some("i_") => by_prefix[2] += 1,
            _ => {}
        }
        let bytes = read(dir, name);
        match bytes
            .clone()
            .and_then(|bytes| judge(name, &bytes, decisions))
        {
            Ok(o) => *found.entry(o).or_default() += 1,
            Err(_) => failing.push(name.as_str()),
        }
        match bytes.and_then(|bytes| stream_all_splits(name, &bytes)) {
            Ok(()) => streamed += 1,
            Err(_) => streamed_wrong.push(name.as_str()),
        }
    }
    let get = |o| found.get(&o).copied().unwrap_or(0);
    let i_decided = decisions.keys().filter(|n| n.starts_with("i_")).count();
    let rows = [
        ("y_ files", Y_FILES, by_prefix[0]),
        ("n_ files", N_FILES, by_prefix[1]),
        ("i_ files", I_FILES, by_prefix[2]),
        ("y_ accepted", Y_FILES - Y_REJECTED, get(Outcome::YAccepted)),
        (
            "y_ rejected by decision",
            Y_REJECTED,
            get(Outcome::YRejected),
        ),
        ("n_ rejected", N_FILES, get(Outcome::NRejected)),
        ("i_ accepted by decision", I_ACCEPT, get(Outcome::IAccept)),
        ("i_ rejected by decision", I_REJECT, get(Outcome::IReject)),
        ("i_ decisions", I_FILES, i_decided),
        ("files judged wrong", 0, failing.len()),
        (
            "files streamed as verified whole",
            Y_FILES + N_FILES + I_FILES,
            streamed,
        ),
        ("files streamed differently", 0, streamed_wrong.len()),
    ];
    let drift: Vec<String> = rows
        .iter()
        .filter(|(_, expected, found)| expected != found)
        .map(|(what, expected, found)| format!("  {what}: expected {expected}, found {found}"))
        .collect();
    if drift.is_empty() {
        return Ok(());
    }
    let mut msg = format!(
        "JSONTestSuite totals differ from docs/CONFORMANCE.md's:\n{}",
        drift.join("\n")
    );
    if !failing.is_empty() {
        msg.push_str(&format!(
            "\nfiles judged wrong (see their trials): {}",
            failing.join(", ")
        ));
    }
    if !streamed_wrong.is_empty() {
        msg.push_str(&format!(
            "\nfiles streamed differently (see their trials {STREAM}/{PARSING}/...): {}",
            streamed_wrong.join(", ")
        ));
    }
    Err(msg.into())
}

/// One trial per file of `test_parsing/`, one streaming trial per file, then the
/// decisions and totals trials.
fn suite_trials(suite: PathBuf) -> Vec<Trial> {
    let dir = suite.join(PARSING);
    let files = match list(&dir) {
        Ok(files) => files,
        Err(e) => return vec![Trial::test(format!("{PARSING}/"), move || Err(e.into()))],
    };
    // Format errors in the decisions file are the trial decisions_file_is_well_formed's.
    let decisions = Arc::new(decisions(&mut Vec::new()));
    let (dir, files) = (Arc::new(dir), Arc::new(files));
    let mut trials: Vec<Trial> = files
        .iter()
        .map(|name| {
            let (dir, decisions, name) = (Arc::clone(&dir), Arc::clone(&decisions), name.clone());
            Trial::test(format!("{PARSING}/{name}"), move || {
                let bytes = read(&dir, &name)?;
                judge(&name, &bytes, &decisions)?;
                Ok(())
            })
        })
        .collect();
    trials.extend(files.iter().map(|name| {
        let (dir, name) = (Arc::clone(&dir), name.clone());
        Trial::test(format!("{STREAM}/{PARSING}/{name}"), move || {
            let bytes = read(&dir, &name)?;
            stream_all_splits(&name, &bytes)?;
            Ok(())
        })
    }));
    let (f, d) = (Arc::clone(&files), Arc::clone(&decisions));
    trials.push(Trial::test("decisions_have_no_stale_entries", move || {
        no_stale_decisions(&f, &d)
    }));
    trials.push(Trial::test("totals", move || {
        totals(&dir, &files, &decisions)
    }));
    trials
}

/// Without the suite: placeholders for the trials that would run.
fn missing_trials(args: &Arguments) -> Vec<Trial> {
    let names = [
        format!("{PARSING}/y_*.json"),
        format!("{PARSING}/n_*.json"),
        format!("{PARSING}/i_*.json"),
        format!("{STREAM}/{PARSING}/*.json"),
        "decisions_have_no_stale_entries".to_string(),
        "totals".to_string(),
    ];
    common::missing_suite_trials(SUITE, args, names)
}

/// docs/CONFORMANCE.md states the totals the trial `totals` holds the runner to, so a
/// figure changed in one place and not the other fails here (suites present or not).
fn conformance_doc_states_the_totals() -> Result<(), Failed> {
    let stated = [
        format!("all {Y_FILES} `y_` files accepted except the two duplicate-name files"),
        format!("all {N_FILES} `n_` rejected"),
        format!("the {I_FILES} `i_` files decided one by one with a reason ({I_ACCEPT} accept, {I_REJECT} reject)"),
    ];
    common::doc_states("docs/CONFORMANCE.md", &stated).map_err(Into::into)
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = vec![
        Trial::test(
            "decisions_file_is_well_formed",
            decisions_file_is_well_formed,
        ),
        Trial::test(
            "conformance_doc_states_the_totals",
            conformance_doc_states_the_totals,
        ),
    ];
    match common::suite_dir() {
        Some(dir) => trials.extend(suite_trials(dir.join(SUITE))),
        None => trials.extend(missing_trials(&args)),
    }
    libtest_mimic::run(&args, trials).exit();
}
