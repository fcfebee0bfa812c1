//! Conformance runner over JSON-Schema-Test-Suite (json-schema-org, pinned by
//! `vendor-testsuite/sync`): `tests/draft2020-12/`, `draft2019-09/`, `draft7/`,
//! `draft6/` and `draft4/`, each with its `optional/` and `optional/format/`
//! directories.
//!
//! For every group the runner decides on its own, from the vocabulary documented in the crate docs and
//! never by asking the compiler, whether the group's schema is inside the vocabulary
//! ([`classify`]). Then:
//!
//! 1. An in-vocabulary group must compile, and every test must get the suite's verdict,
//!    unless `tests/data/schema_suite_decisions.txt` records a deliberate deviation
//!    (`accept`, or `reject:<keyword>`: rejected as `NotAdmitted` by that keyword).
//! 2. An out-of-vocabulary group must be refused by [`Form::compile`]; the reasons are
//!    counted by category.
//! 3. An in-vocabulary group may be refused only where the decisions file says why.
//!
//! Test data reaches [`Form::verify`] as `serde_json::to_vec` of the suite's value;
//! serde_json's `arbitrary_precision` keeps every number's digits (only an exponent is
//! respelled, `1E2` as `1e+2`, the same decimal value). Most groups carry
//! no `$schema`: the runner compiles each with its directory's draft as
//! `FormBuilder::default_dialect`, as a suite runner configures an implementation for
//! the draft under test.
//!
//! A `libtest-mimic` harness: one trial per suite file, named by its path under the
//! suite's `tests/` (`draft2020-12/optional/format/ipv4.json`), which reports all the
//! file's failures at once, grouped. `cargo test --test schema_suite -- format/` runs the
//! files whose name contains `format/`; `FORMGATE_TEST_FILTER=text` further narrows each
//! file to the tests whose `file/group/test` name contains `text`. The trial `totals`
//! runs every file again, unfiltered, and checks the counts stated in the README
//! (docs/CONFORMANCE.md) and the refusal reasons against [`EXPECTED`] and
//! [`REFUSAL_REASONS`]; on a difference it prints the tables of counts.
//! `FORMGATE_SUITE_VERBOSE=1` prints, for every group, the runner's reasons beside the
//! compiler's verdict, and the tables.
//!
//! Two more kinds of trial hold formgate's private checks (reached through
//! `formgate::__fuzz`) against the suite's string instances, without a form:
//! `pattern/<file>` compiles the lone `pattern` of every group of the six `pattern.json`,
//! `optional/ecmascript-regex.json` and `optional/non-bmp-regex.json` files and checks its
//! match on every string, a pattern being refused only for lookahead, lookbehind or a
//! backreference; `format/<draft>/optional/format/<name>.json` checks each asserted
//! format on every string of its file, allowing only [`FORMAT_DEVIATIONS`]. The trial
//! `totals` checks their counts too ([`PATTERN_EXPECTED`], [`FORMAT_EXPECTED`]).
//!
//! Without the suite data every suite trial is listed as ignored, with one message saying
//! how to get it; with `FORMGATE_REQUIRE_SUITES=1` those trials fail instead.

mod checks;
mod classify;
#[path = "../common/mod.rs"]
mod common;
mod expected;
mod remotes;
mod report;
mod strings;

use checks::*;
use classify::*;
use expected::*;
use remotes::*;
use report::*;
use strings::*;

use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use formgate::__fuzz::Visits;
use formgate::{Dialect, Form, RejectionKind};
use libtest_mimic::{Arguments, Failed, Trial};
use serde::Deserialize;
use serde_json::Value;

const DECISIONS: &str = include_str!("../data/schema_suite_decisions.txt");

/// The formats formgate asserts (the crate docs, docs/FORMATS.md).
const FORMATS: [&str; 35] = [
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
    "uuid",
    "byte",
    "binary",
    "int8",
    "int16",
    "int32",
    "int64",
    "int128",
    "int",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "uint128",
    "uint",
    "float",
    "double",
];

/// Keywords whose value is data, not subschemas: assertions on scalars and sets.
const DATA_ASSERTIONS: [&str; 15] = [
    "type",
    "uniqueItems",
    "minProperties",
    "maxProperties",
    "enum",
    "required",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
];

/// Annotations: kept verbatim, never affecting a verdict (`$schema` and `$id` are
/// handled on their own, being allowed at the root only).
/// In the order the drafts added them: draft-04 has the first three, draft-06 adds
/// `examples`, draft-07 the next three, 2019-09 `deprecated` ([`annotations`]).
const ANNOTATIONS: [&str; 8] = [
    "title",
    "description",
    "default",
    "examples",
    "$comment",
    "readOnly",
    "writeOnly",
    "deprecated",
];

/// The drafts, oldest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Draft {
    D4,
    D6,
    D7,
    D2019,
    D2020,
}

impl Draft {
    /// The dialect formgate compiles the draft's groups in.
    fn dialect(self) -> Dialect {
        match self {
            Draft::D4 => Dialect::Draft4,
            Draft::D6 => Dialect::Draft6,
            Draft::D7 => Dialect::Draft7,
            Draft::D2019 => Dialect::Draft2019_09,
            Draft::D2020 => Dialect::Draft2020_12,
        }
    }
}

/// The suite directories, relative to the suite's `tests/`, in table order.
const DIRS: [(Draft, &str); 15] = [
    (Draft::D2020, "draft2020-12"),
    (Draft::D2020, "draft2020-12/optional"),
    (Draft::D2020, "draft2020-12/optional/format"),
    (Draft::D2019, "draft2019-09"),
    (Draft::D2019, "draft2019-09/optional"),
    (Draft::D2019, "draft2019-09/optional/format"),
    (Draft::D7, "draft7"),
    (Draft::D7, "draft7/optional"),
    (Draft::D7, "draft7/optional/format"),
    (Draft::D6, "draft6"),
    (Draft::D6, "draft6/optional"),
    (Draft::D6, "draft6/optional/format"),
    (Draft::D4, "draft4"),
    (Draft::D4, "draft4/optional"),
    (Draft::D4, "draft4/optional/format"),
];

#[derive(Deserialize)]
struct Group {
    description: String,
    schema: Value,
    tests: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    description: String,
    data: Value,
    valid: bool,
}

// ---------------------------------------------------------------------------------------
// The runner.

/// Compile a group's schema as its draft's directory says: the draft is the default
/// dialect, which the schema's own `$schema` (if any) overrides; the suite's
/// `remotes/` are registered at [`REMOTE_BASE`].
fn compile(schema: &[u8], draft: Draft) -> Result<Form, formgate::FormError> {
    remotes()
        .iter()
        .fold(Form::builder(), |b, r| {
            b.resource(&r.uri, r.bytes.as_slice())
        })
        .default_dialect(draft.dialect())
        .compile(schema)
}

struct Run<'a> {
    decisions: &'a Decisions,
    filter: Option<String>,
    failures: Failures,
    reasons: BTreeMap<String, [usize; 15]>,
    /// Refused groups by [`category`] (a group once per category it has a reason of).
    categories: BTreeMap<&'static str, usize>,
    /// `FORMGATE_SUITE_VERBOSE=1`: one line per group, the runner's reasons beside the
    /// compiler's verdict.
    verbose: bool,
}

impl Run<'_> {
    fn file(&mut self, dir: usize, draft: Draft, file: &str, bytes: &[u8], counts: &mut Counts) {
        let groups: Vec<Group> = match serde_json::from_slice(bytes) {
            Ok(g) => g,
            Err(e) => {
                return self
                    .failures
                    .push(SUITE_BAD, format!("{file}: not a list of groups: {e}"))
            }
        };
        let mut seen = HashSet::new();
        for group in &groups {
            if !seen.insert(group.description.as_str()) {
                self.failures.push(
                    SUITE_BAD,
                    format!("{file}: two groups named {:?}", group.description),
                );
            }
            self.group(dir, draft, file, group, counts);
        }
    }

    fn group(&mut self, dir: usize, draft: Draft, file: &str, group: &Group, counts: &mut Counts) {
        let gname = &group.description;
        let selected: Vec<&Case> = group
            .tests
            .iter()
            .filter(|t| {
                let name = format!("{file}/{gname}/{}", t.description);
                common::selected(&name, self.filter.as_deref())
            })
            .collect();
        if selected.is_empty() {
            return;
        }
        counts.groups += 1;
        let reasons = classify(&group.schema, draft);
        let in_vocab = reasons.is_empty();
        let refuse =
            lookup(self.decisions, file, gname, "*").filter(|d| d.kind == DecisionKind::Refuse);
        if let (Some(d), false) = (refuse, in_vocab) {
            d.unneeded.set(Some("the group is outside the vocabulary"));
        }

        let form = serde_json::to_vec(&group.schema).expect("a JSON value serializes");
        watch(format!("compiling {file}/{gname}"));
        let compiled = match catch_unwind(|| compile(&form, draft)) {
            Ok(c) => c,
            Err(p) => {
                self.failures.push(
                    PANICKED,
                    format!("{file} | {gname}: compile panicked: {}", panic_text(&*p)),
                );
                counts.not_run += selected.len();
                return;
            }
        };
        if self.verbose {
            let verdict = match &compiled {
                Ok(_) => "compiles".to_string(),
                Err(e) => format!("refused: {e}"),
            };
            eprintln!("{file} | {gname} | outside: {reasons:?} | {verdict}");
        }
        let form = match (compiled, in_vocab) {
            (Err(_), false) => {
                counts.out_refused += 1;
                counts.not_run += selected.len();
                let categories: BTreeSet<&str> = reasons.iter().map(|r| category(r)).collect();
                for c in categories {
                    *self.categories.entry(c).or_default() += 1;
                }
                for r in reasons {
                    self.reasons.entry(r).or_default()[dir] += 1;
                }
                return;
            }
            (Ok(_), false) => {
                counts.out_compiled += 1;
                counts.not_run += selected.len();
                self.failures.push(
                    OUT_COMPILED,
                    format!("{file} | {gname}: compiled, but {}", reasons.join("; ")),
                );
                return;
            }
            (Err(e), true) => {
                counts.not_run += selected.len();
                match refuse {
                    Some(d) => {
                        d.used.set(true);
                        counts.in_refused_decided += 1;
                    }
                    None => {
                        counts.in_refused_undecided += 1;
                        self.failures.push(
                            IN_REFUSED,
                            format!("{file} | {gname}: {e} [{:?}]", e.kind()),
                        );
                    }
                }
                return;
            }
            (Ok(form), true) => {
                if let Some(d) = refuse {
                    d.unneeded.set(Some("the group compiles"));
                }
                counts.compiled += 1;
                form
            }
        };

        let group_verdict =
            lookup(self.decisions, file, gname, "*").filter(|d| d.kind != DecisionKind::Refuse);
        for case in selected {
            let tname = &case.description;
            let body = serde_json::to_vec(&case.data).expect("a JSON value serializes");
            watch(format!("verifying {file}/{gname}/{tname}"));
            let got = match catch_unwind(AssertUnwindSafe(|| form.verify(&body))) {
                Ok(g) => g,
                Err(p) => {
                    self.failures.push(
                        PANICKED,
                        format!(
                            "{file} | {gname} | {tname}: verify panicked: {} (data {})",
                            panic_text(&*p),
                            show(&case.data)
                        ),
                    );
                    counts.wrong += 1;
                    continue;
                }
            };
            // The same body fed one byte at a time gets the same verdict, kind and
            // offset (streaming verification, `Form::verifier`).
            let streamed = catch_unwind(AssertUnwindSafe(|| {
                let mut v = form.verifier();
                for b in body.chunks(1) {
                    v.feed(b)?;
                }
                v.finish()
            }));
            let same = match (&got, &streamed) {
                (Ok(()), Ok(Ok(()))) => true,
                (Err(a), Ok(Err(b))) => a.kind() == b.kind() && a.offset() == b.offset(),
                _ => false,
            };
            if !same {
                self.failures.push(
                    WRONG,
                    format!(
                        "{file} | {gname} | {tname}: whole body {}, one byte at a time {:?}",
                        show_verdict(&got),
                        streamed.as_ref().map_err(|p| panic_text(&**p))
                    ),
                );
                counts.wrong += 1;
                continue;
            }
            // Deserialized on the way (`Form::verify_into`, into a type that asks for its
            // values every way serde types do): the same verdict, kind and offset (an
            // admitted number beyond `f64` aside), and the same visitor calls on the
            // guided route as on the one-pass route.
            let typed = catch_unwind(AssertUnwindSafe(|| {
                let visits = form.verify_into::<Visits>(&body);
                let routes_agree = visits == formgate::__fuzz::verify_into_one_pass(&form, &body);
                (visits, routes_agree)
            }));
            let same = match (&got, &typed) {
                (_, Ok((_, false))) | (_, Err(_)) => false,
                (Ok(()), Ok((Ok(_), true))) => true,
                (Ok(()), Ok((Err(r), true))) => r.kind() == RejectionKind::Unrepresentable,
                (Err(a), Ok((Err(b), true))) => a.kind() == b.kind() && a.offset() == b.offset(),
                (Err(_), Ok((Ok(_), true))) => false,
            };
            if !same {
                self.failures.push(
                    WRONG,
                    format!(
                        "{file} | {gname} | {tname}: verify {}, verify_into {:?}",
                        show_verdict(&got),
                        typed.as_ref().map_err(|p| panic_text(&**p))
                    ),
                );
                counts.wrong += 1;
                continue;
            }
            let decision = lookup(self.decisions, file, gname, tname).or(group_verdict);
            let agrees = got.is_ok() == case.valid;
            let Some(d) = decision else {
                if agrees {
                    counts.right += 1;
                } else {
                    counts.wrong += 1;
                    self.failures.push(
                        WRONG,
                        format!(
                            "{file} | {gname} | {tname}: suite says {}, formgate says {} \
                             (data {})",
                            if case.valid { "valid" } else { "invalid" },
                            show_verdict(&got),
                            show(&case.data)
                        ),
                    );
                }
                continue;
            };
            let decided = match &d.kind {
                DecisionKind::Refuse => {
                    d.unneeded
                        .set(Some("refuse names a whole group, with test *"));
                    None
                }
                DecisionKind::Accept => Some((true, None)),
                DecisionKind::Reject(keyword) => Some((false, Some(keyword.as_str()))),
            };
            let Some((accept, keyword)) = decided else {
                continue;
            };
            let stale = |why: &'static str, failures: &mut Failures| {
                d.unneeded.set(Some(STALE_REPORTED));
                failures.push(
                    DECISIONS_BAD,
                    format!(
                        "decisions line {}: stale for {file}|{gname}|{tname}: {why}",
                        d.line
                    ),
                );
            };
            if accept == case.valid {
                // The entry repeats the suite's verdict (with `*`: the group holds a test
                // the decision does not flip); the test is judged as if undecided.
                if agrees {
                    counts.right += 1;
                } else {
                    counts.wrong += 1;
                }
                stale("the suite already says so", &mut self.failures);
                continue;
            }
            let as_decided = match (&got, keyword) {
                (Ok(()), None) => true,
                (Err(r), Some(k)) => {
                    matches!(r.kind(), RejectionKind::NotAdmitted { keyword } if keyword.name() == k)
                }
                _ => false,
            };
            if as_decided {
                d.used.set(true);
                counts.decided += 1;
            } else if agrees {
                counts.right += 1;
                stale(
                    "formgate already gives the suite's verdict",
                    &mut self.failures,
                );
            } else {
                // The flip is decided, but formgate rejects for another reason.
                d.used.set(true);
                counts.wrong += 1;
                self.failures.push(
                    WRONG,
                    format!(
                        "{file} | {gname} | {tname}: decided (line {}) reject:{}, formgate \
                         says {} (data {})",
                        d.line,
                        keyword.unwrap_or_default(),
                        show_verdict(&got),
                        show(&case.data)
                    ),
                );
            }
        }
    }
}

fn show_verdict(got: &Result<(), formgate::Rejection>) -> String {
    match got {
        Ok(()) => "accept".to_string(),
        Err(r) => format!("reject: {r}"),
    }
}

fn table(dirs: &[(Draft, &str)], counts: &[Counts]) -> String {
    let mut total = Counts::default();
    let mut s = format!(
        "{:<30} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8} {:>6} {:>6} {:>7} {:>7}\n",
        "directory",
        "groups",
        "compiled",
        "out:ref",
        "out:COMP",
        "in:dec",
        "in:UNDEC",
        "right",
        "WRONG",
        "decided",
        "not run"
    );
    let row = |name: &str, c: &Counts| {
        format!(
            "{:<30} {:>6} {:>8} {:>8} {:>8} {:>8} {:>8} {:>6} {:>6} {:>7} {:>7}\n",
            name,
            c.groups,
            c.compiled,
            c.out_refused,
            c.out_compiled,
            c.in_refused_decided,
            c.in_refused_undecided,
            c.right,
            c.wrong,
            c.decided,
            c.not_run
        )
    };
    for ((_, dir), c) in dirs.iter().zip(counts) {
        s.push_str(&row(dir, c));
        total.add(c);
    }
    s.push_str(&row("total", &total));
    s.push_str(
        "  out:ref = outside the vocabulary and refused; out:COMP = outside but compiled \
         (failure);\n  in:dec / in:UNDEC = in the vocabulary, refused with / without a \
         decision (UNDEC fails);\n  right / WRONG / decided = test verdicts equal to the \
         suite / different (failure) / different as decided;\n  not run = tests of groups \
         that did not compile (or should not have)\n",
    );
    s
}

/// The reasons by draft (each draft's three directories together).
fn reasons_table(reasons: &BTreeMap<String, [usize; 15]>) -> String {
    let mut s = format!(
        "refusal reasons (groups; a group may count under several):\n{:<58} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}\n",
        "reason", "2020", "2019", "d7", "d6", "d4", "total"
    );
    for (r, n) in reasons {
        let by = |d: usize| n[3 * d..3 * d + 3].iter().sum::<usize>();
        s.push_str(&format!(
            "{:<58} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}\n",
            r,
            by(0),
            by(1),
            by(2),
            by(3),
            by(4),
            n.iter().sum::<usize>()
        ));
    }
    s
}

// ---------------------------------------------------------------------------------------
// The harness: one trial per suite file.

const SUITE: &str = "JSON-Schema-Test-Suite";

/// One suite file: its directory (an index into [`DIRS`]) and its name relative to the
/// suite's `tests/`, which is also its trial's name and the decisions file's name for it.
struct SuiteFile {
    dir: usize,
    file: String,
    path: PathBuf,
}

/// The `.json` files of every directory of [`DIRS`], in table order.
fn list(tests_dir: &Path) -> Result<Vec<SuiteFile>, String> {
    let mut out = Vec::new();
    for (i, (_, dir)) in DIRS.iter().enumerate() {
        let path = tests_dir.join(dir);
        let entries =
            std::fs::read_dir(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        let mut names = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| format!("reading {}: {e}", path.display()))?;
            if !entry.file_type().is_ok_and(|t| t.is_file()) {
                continue;
            }
            let name = entry
                .file_name()
                .into_string()
                .map_err(|n| format!("{}: a file name that is not UTF-8: {n:?}", path.display()))?;
            if name.ends_with(".json") {
                names.push(name);
            }
        }
        if names.is_empty() {
            return Err(format!("no suite files in {}", path.display()));
        }
        names.sort();
        out.extend(names.into_iter().map(|name| SuiteFile {
            dir: i,
            file: format!("{dir}/{name}"),
            path: path.join(name),
        }));
    }
    Ok(out)
}

/// What running some files found.
struct Report {
    /// Per directory of [`DIRS`].
    counts: Vec<Counts>,
    reasons: BTreeMap<String, [usize; 15]>,
    categories: BTreeMap<&'static str, usize>,
    failures: Failures,
}

/// Runs `files` (their tests whose name passes `filter`) and checks the decisions that
/// name them for staleness. Format errors of the decisions file are left to the trial
/// `decisions_file_is_well_formed`.
fn run(files: &[&SuiteFile], filter: Option<String>, verbose: bool) -> Report {
    let decisions = decisions(&mut Vec::new());
    let mut run = Run {
        decisions: &decisions,
        filter: filter.clone(),
        failures: Failures::default(),
        reasons: BTreeMap::new(),
        categories: BTreeMap::new(),
        verbose,
    };
    let mut counts = vec![Counts::default(); DIRS.len()];
    for f in files {
        match std::fs::read(&f.path) {
            Ok(bytes) => run.file(f.dir, DIRS[f.dir].0, &f.file, &bytes, &mut counts[f.dir]),
            Err(e) => run
                .failures
                .push(SUITE_BAD, format!("{}: cannot read: {e}", f.file)),
        }
    }
    watch(String::new());

    // Stale entries: never needed by a selected case of these files.
    for ((file, group, test), d) in &decisions {
        if !files.iter().any(|f| f.file == *file) {
            continue;
        }
        let name = format!("{file}/{group}/{}", if test == "*" { "" } else { test });
        if d.used.get() || (filter.is_some() && !common::selected(&name, filter.as_deref())) {
            continue;
        }
        if d.unneeded.get() == Some(STALE_REPORTED) {
            continue;
        }
        let why = d
            .unneeded
            .get()
            .unwrap_or("matches no case, or formgate already gives the suite's verdict");
        run.failures.push(
            DECISIONS_BAD,
            format!(
                "decisions line {}: stale entry {file}|{group}|{test}: {why}",
                d.line
            ),
        );
    }
    Report {
        counts,
        reasons: run.reasons,
        categories: run.categories,
        failures: run.failures,
    }
}

fn verbose() -> bool {
    std::env::var("FORMGATE_SUITE_VERBOSE").is_ok_and(|v| v == "1")
}

/// The trial of one suite file; `FORMGATE_TEST_FILTER` narrows it to some tests.
fn file_trial(f: &SuiteFile) -> Result<(), Failed> {
    let report = run(&[f], common::filter(), verbose());
    let failures = &report.failures;
    if failures.total() == 0 {
        return Ok(());
    }
    let c = &report.counts[f.dir];
    Err(format!(
        "{} failure(s) in {}:{}\n(groups {}, compiled {}, right {}, WRONG {}, decided {})",
        failures.total(),
        f.file,
        failures.render(),
        c.groups,
        c.compiled,
        c.right,
        c.wrong,
        c.decided
    )
    .into())
}

/// Decision entries naming a file that is not in the suite (the file trials check the
/// entries of their own file).
fn decisions_name_suite_files(files: &[SuiteFile]) -> Result<(), Failed> {
    let stale: Vec<String> = decisions(&mut Vec::new())
        .iter()
        .filter(|((file, _, _), _)| !files.iter().any(|f| f.file == *file))
        .map(|((file, group, test), d)| {
            format!(
                "decisions line {}: stale entry {file}|{group}|{test}: names a file that is \
                 not in the suite",
                d.line
            )
        })
        .collect();
    if stale.is_empty() {
        Ok(())
    } else {
        Err(stale.join("\n").into())
    }
}

/// Runs every file, unfiltered, and the pattern and format checks, and compares the
/// counts with the README's.
fn totals(tests_dir: &Path, files: &[SuiteFile]) -> Result<(), Failed> {
    let report = run(&files.iter().collect::<Vec<_>>(), None, false);
    let mut found = Counts::default();
    for c in &report.counts {
        found.add(c);
    }
    let tests = |c: &Counts| c.right + c.wrong + c.decided + c.not_run;
    let run_tests = |c: &Counts| c.right + c.wrong + c.decided;
    let mut drift = Vec::new();
    for ((what, expected), (_, got)) in EXPECTED.fields().into_iter().zip(found.fields()) {
        if expected != got {
            drift.push(format!("  {what}: expected {expected}, found {got}"));
        }
    }
    for (what, expected, got) in [
        ("tests", tests(&EXPECTED), tests(&found)),
        (
            "tests of compiled groups",
            run_tests(&EXPECTED),
            run_tests(&found),
        ),
        ("failures in the file trials", 0, report.failures.total()),
    ] {
        if expected != got {
            drift.push(format!("  {what}: expected {expected}, found {got}"));
        }
    }
    let (mut pattern, mut pattern_failures) = (StringCounts::default(), Vec::new());
    for file in PATTERN_FILES {
        let c = pattern_file(tests_dir, file, false, &mut pattern_failures);
        pattern.units += c.units;
        pattern.instances += c.instances;
        pattern.closed += c.closed;
    }
    let format_files = format_files(tests_dir);
    let (mut format, mut format_failures) = (StringCounts::default(), Vec::new());
    for &(draft, f) in &format_files {
        let c = format_file(tests_dir, draft, f, &mut format_failures);
        format.units += c.units;
        format.instances += c.instances;
    }
    let unplaced = FORMAT_DEVIATIONS
        .iter()
        .filter(|d| !format_files.contains(&(d.draft, d.format)))
        .inspect(|d| {
            drift.push(format!(
                "  stale deviation {}/{} {:?}: names no suite file",
                d.draft, d.format, d.data
            ))
        })
        .count();
    for (what, expected, got) in [
        ("pattern groups", PATTERN_EXPECTED.units, pattern.units),
        (
            "pattern string instances",
            PATTERN_EXPECTED.instances,
            pattern.instances,
        ),
        (
            "patterns refused fail-closed",
            PATTERN_EXPECTED.closed,
            pattern.closed,
        ),
        ("failures in the pattern trials", 0, pattern_failures.len()),
        ("format files", FORMAT_EXPECTED.units, format.units),
        (
            "format string instances",
            FORMAT_EXPECTED.instances,
            format.instances,
        ),
        ("failures in the format trials", 0, format_failures.len()),
        ("format deviations naming no suite file", 0, unplaced),
    ] {
        if expected != got {
            drift.push(format!("  {what}: expected {expected}, found {got}"));
        }
    }
    let found_reasons: BTreeMap<&str, usize> = report
        .reasons
        .iter()
        .map(|(r, n)| (r.as_str(), n.iter().sum()))
        .collect();
    let expected_reasons: BTreeMap<&str, usize> = REFUSAL_REASONS.iter().copied().collect();
    let all: BTreeSet<&str> = found_reasons
        .keys()
        .chain(expected_reasons.keys())
        .copied()
        .collect();
    for r in all {
        let (expected, got) = (
            expected_reasons.get(r).copied().unwrap_or(0),
            found_reasons.get(r).copied().unwrap_or(0),
        );
        if expected != got {
            drift.push(format!(
                "  groups refused for {r}: expected {expected}, found {got}"
            ));
        }
    }
    let expected_categories: BTreeMap<&str, usize> = CATEGORIES.iter().copied().collect();
    let found_categories: BTreeMap<&str, usize> =
        report.categories.iter().map(|(c, n)| (*c, *n)).collect();
    if found_categories != expected_categories {
        drift.push(format!(
            "  refused groups by category: expected {expected_categories:?}, found {found_categories:?}"
        ));
    }
    let tables = format!(
        "{}\n{}",
        table(&DIRS, &report.counts),
        reasons_table(&report.reasons)
    );
    if verbose() {
        eprintln!("\n{SUITE}:\n{tables}");
    }
    if drift.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{SUITE} totals differ from docs/CONFORMANCE.md's:\n{}\n\n{tables}",
        drift.join("\n")
    )
    .into())
}

fn suite_trials(suite: PathBuf) -> Vec<Trial> {
    let tests_dir = Arc::new(suite.join("tests"));
    let files = match list(&tests_dir) {
        Ok(files) => Arc::new(files),
        Err(e) => return vec![Trial::test("tests/", move || Err(e.into()))],
    };
    let mut trials: Vec<Trial> = (0..files.len())
        .map(|i| {
            let files = Arc::clone(&files);
            Trial::test(files[i].file.clone(), move || file_trial(&files[i]))
        })
        .collect();
    for file in PATTERN_FILES {
        let dir = Arc::clone(&tests_dir);
        let name = format!("pattern/{file}");
        trials.push(Trial::test(name.clone(), move || {
            string_trial(&name, |failures| pattern_file(&dir, file, true, failures))
        }));
    }
    for (draft, format) in format_files(&tests_dir) {
        let dir = Arc::clone(&tests_dir);
        let name = format!("format/{}", format_file_name(draft, format));
        trials.push(Trial::test(name.clone(), move || {
            string_trial(&name, |failures| format_file(&dir, draft, format, failures))
        }));
    }
    let f = Arc::clone(&files);
    trials.push(Trial::test("decisions_name_suite_files", move || {
        decisions_name_suite_files(&f)
    }));
    trials.push(Trial::test("totals", move || totals(&tests_dir, &files)));
    trials
}

/// Without the suite: placeholders for the trials that would run (one per directory).
fn missing_trials(args: &Arguments) -> Vec<Trial> {
    let names = DIRS
        .iter()
        .map(|(_, dir)| format!("{dir}/*.json"))
        .chain(PATTERN_FILES.iter().map(|file| format!("pattern/{file}")))
        .chain(
            FORMAT_DRAFTS
                .iter()
                .map(|draft| format!("format/{}", format_file_name(draft, "*"))),
        )
        .chain([
            "decisions_name_suite_files".to_string(),
            "totals".to_string(),
        ]);
    common::missing_suite_trials(SUITE, args, names)
}

/// Runs a check that asserts by panicking as a trial.
fn check(name: &str, f: fn()) -> Trial {
    Trial::test(name, move || {
        f();
        Ok(())
    })
}

/// `n` with a comma between each group of three digits, as the docs write counts.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// docs/CONFORMANCE.md states the totals of [`EXPECTED`], which the trial `totals`
/// holds the runner to: a figure changed in one place only fails here.
fn conformance_doc_states_the_totals() -> Result<(), String> {
    let e = &EXPECTED;
    let run = e.right + e.decided;
    let stated = [
        format!(
            "of {} groups, {} compile and every one of their {} tests gets the suite's verdict or a recorded decision ({}:",
            grouped(e.groups),
            grouped(e.compiled),
            grouped(run),
            e.decided
        ),
        format!("the other {} use something outside the vocabulary", e.out_refused),
        format!(
            "Of the {} tests, the {} of refused groups are not run",
            grouped(run + e.not_run),
            e.not_run
        ),
    ];
    common::doc_states("docs/CONFORMANCE.md", &stated)?;
    // README.md's table of the groups refused, by why.
    let mut rows = vec![format!(
        "{} of the {} groups compile",
        grouped(e.compiled),
        grouped(e.groups)
    )];
    rows.extend(
        CATEGORIES
            .iter()
            .map(|(c, n)| format!("| {} | {n} |", category_text(c))),
    );
    common::doc_states("README.md", &rows)
}

/// The category of a refusal reason: the suite groups formgate refuses are those of a
/// keyword (or vocabulary) no dialect or metaschema in use defines, a format outside
/// the list, or a `$ref` beside keywords that draft-04..07 ignore (anything else is
/// `other`, which no group may be).
fn category(reason: &str) -> &'static str {
    if reason.starts_with("keyword ") || reason.starts_with("metaschema requiring") {
        "keyword"
    } else if reason.starts_with("format ") {
        "format"
    } else if reason.starts_with("$ref with sibling keywords") {
        "ref-sibling"
    } else {
        "other"
    }
}

/// How README.md words a [`category`].
fn category_text(category: &str) -> &'static str {
    match category {
        "keyword" => "a keyword its dialect does not have, or that no vocabulary its metaschema declares defines",
        "format" => "a format outside the dialect's list (`\"format\": \"unknown\"`)",
        "ref-sibling" => "a `$ref` with sibling keywords in draft-04..07, which those drafts ignore",
        _ => "something else",
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = vec![
        Trial::test("conformance_doc_states_the_totals", || {
            conformance_doc_states_the_totals().map_err(Into::into)
        }),
        check(
            "decisions_file_is_well_formed",
            decisions_file_is_well_formed,
        ),
        check(
            "classifier_reads_design_vocabulary",
            classifier_reads_design_vocabulary,
        ),
        check(
            "test_data_keeps_number_values",
            test_data_keeps_number_values,
        ),
        check(
            "format_deviations_are_well_formed",
            format_deviations_are_well_formed,
        ),
    ];
    match common::suite_dir() {
        Some(dir) => trials.extend(suite_trials(dir.join(SUITE))),
        None => trials.extend(missing_trials(&args)),
    }
    libtest_mimic::run(&args, trials).exit();
}
