//! Conformance runner over JSON-Schema-Test-Suite (json-schema-org, pinned in the shared
//! `vendor-testsuite/`): `tests/draft2020-12/` and `tests/draft7/`, each with its
//! `optional/` and `optional/format/` directories.
//!
//! For every group the runner decides on its own, from Vocabulary v1 in DESIGN.md and
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
//! respelled, `1E2` as `1e+2`, the same decimal value). draft7 groups carry
//! no `$schema`, and formgate learns a form's dialect only from `$schema`, so the runner
//! adds draft-07's URI (as zod-to-json-schema writes it) to every draft7 object schema,
//! as a suite runner configures an implementation for the draft under test.
//!
//! All failures are collected and printed, grouped, before one assertion; a table of
//! counts is printed either way. `FORMGATE_TEST_FILTER=text` runs only the tests whose
//! `file/group/test` name contains `text` (file relative to the suite's `tests/`);
//! `FORMGATE_SUITE_VERBOSE=1` prints, for every group, the runner's reasons beside the
//! compiler's verdict.

mod common;

use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use formgate::{Form, RejectionKind};
use serde::Deserialize;
use serde_json::{Map, Value};

const DECISIONS: &str = include_str!("data/schema_suite_decisions.txt");

/// `$schema` of the 2020-12 dialect (DESIGN: the only one accepted, besides draft-07).
const URI_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";
/// `$schema` of draft-07, spelled as zod-to-json-schema writes it.
const URI_DRAFT_07: &str = "http://json-schema.org/draft-07/schema#";

/// The nine formats formgate asserts (DESIGN, Vocabulary v1).
const FORMATS: [&str; 9] = [
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// Keywords whose value is data, not subschemas: assertions on scalars and sets.
const DATA_ASSERTIONS: [&str; 13] = [
    "type",
    "enum",
    "const",
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
const ANNOTATIONS: [&str; 8] = [
    "title",
    "description",
    "default",
    "examples",
    "$comment",
    "deprecated",
    "readOnly",
    "writeOnly",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Draft {
    D2020,
    D7,
}

/// The suite directories, relative to the suite's `tests/`, in table order.
const DIRS: [(Draft, &str); 6] = [
    (Draft::D2020, "draft2020-12"),
    (Draft::D2020, "draft2020-12/optional"),
    (Draft::D2020, "draft2020-12/optional/format"),
    (Draft::D7, "draft7"),
    (Draft::D7, "draft7/optional"),
    (Draft::D7, "draft7/optional/format"),
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
// The classifier: is a schema inside Vocabulary v1? Decided from DESIGN.md alone.

/// The reasons (short categories, deduplicated, in the order found) why `schema` is
/// outside Vocabulary v1 when read as `draft`; empty means in the vocabulary.
fn classify(schema: &Value, draft: Draft) -> Vec<String> {
    let mut walk = Walk {
        draft,
        reasons: Vec::new(),
        schemas: HashSet::new(),
        refs: Vec::new(),
    };
    walk.schema(schema, "", true);
    let refs = std::mem::take(&mut walk.refs);
    for r in refs {
        walk.resolve(schema, &r);
    }
    walk.reasons
}

struct Walk {
    draft: Draft,
    reasons: Vec<String>,
    /// JSON Pointers (canonically escaped) of every schema position walked.
    schemas: HashSet<String>,
    /// Every `$ref` value seen.
    refs: Vec<String>,
}

impl Walk {
    fn out(&mut self, reason: impl Into<String>) {
        let reason = reason.into();
        if !self.reasons.contains(&reason) {
            self.reasons.push(reason);
        }
    }

    fn schema(&mut self, v: &Value, ptr: &str, root: bool) {
        let obj = match v {
            Value::Bool(_) => {
                self.schemas.insert(ptr.to_string());
                return;
            }
            Value::Object(obj) => obj,
            _ => return self.out("a schema that is neither object nor boolean"),
        };
        self.schemas.insert(ptr.to_string());
        if self.draft == Draft::D7 && obj.contains_key("$ref") {
            // draft-07 ignores every sibling of `$ref`: where one of them would assert
            // something, the meanings differ.
            let asserting = obj.keys().any(|k| {
                k != "$ref"
                    && !ANNOTATIONS.contains(&k.as_str())
                    && !["$schema", "$id", "definitions"].contains(&k.as_str())
            });
            if asserting {
                self.out("draft-07 $ref with sibling keywords");
            }
        }
        for (k, val) in obj {
            let at = format!("{ptr}/{}", escape(k));
            match (k.as_str(), self.draft) {
                ("properties", _) => self.schema_map(val, &at, k),
                ("additionalProperties", _) => self.schema(val, &at, false),
                ("items", Draft::D7) if val.is_array() => {
                    self.out("draft-07 array-form items");
                }
                ("items", _) => self.schema(val, &at, false),
                ("prefixItems", Draft::D2020) | ("allOf" | "anyOf" | "oneOf", _) => {
                    self.schema_list(val, &at, k)
                }
                ("$defs", Draft::D2020) | ("definitions", Draft::D7) => {
                    self.schema_map(val, &at, k)
                }
                ("$ref", _) => match val.as_str() {
                    Some(r) => self.refs.push(r.to_string()),
                    None => self.out("malformed $ref"),
                },
                ("format", _) => match val.as_str() {
                    Some(f) if FORMATS.contains(&f) => {}
                    Some(f) => self.out(format!("format {f:?}")),
                    None => self.out("malformed format"),
                },
                ("pattern", _) => match val.as_str() {
                    Some(p) => {
                        if let Some(why) = regex_outside(p) {
                            self.out(format!("pattern with {why}"));
                        }
                    }
                    None => self.out("malformed pattern"),
                },
                ("$schema", _) if !root => self.out("$schema below the root"),
                ("$schema", Draft::D2020) => {
                    if !is_uri(val, URI_2020_12) {
                        self.out("$schema other than 2020-12");
                    }
                }
                ("$schema", Draft::D7) => {
                    if !is_uri(val, URI_DRAFT_07) {
                        self.out("$schema other than draft-07");
                    }
                }
                ("$id", _) if !root => self.out("$id below the root"),
                ("$id", _) => {}
                (k, _) if DATA_ASSERTIONS.contains(&k) || ANNOTATIONS.contains(&k) => {}
                ("prefixItems" | "$defs" | "definitions", _) => {
                    self.out(format!("keyword {k} outside {}", self.draft_name()));
                }
                (k, _) => self.out(format!("keyword {k}")),
            }
        }
    }

    fn draft_name(&self) -> &'static str {
        match self.draft {
            Draft::D2020 => "2020-12",
            Draft::D7 => "draft-07",
        }
    }

    fn schema_map(&mut self, v: &Value, ptr: &str, keyword: &str) {
        match v {
            Value::Object(map) => {
                for (name, sub) in map {
                    self.schema(sub, &format!("{ptr}/{}", escape(name)), false);
                }
            }
            _ => self.out(format!("malformed {keyword}")),
        }
    }

    fn schema_list(&mut self, v: &Value, ptr: &str, keyword: &str) {
        match v {
            Value::Array(list) => {
                for (i, sub) in list.iter().enumerate() {
                    self.schema(sub, &format!("{ptr}/{i}"), false);
                }
            }
            _ => self.out(format!("malformed {keyword}")),
        }
    }

    /// DESIGN: `$ref` resolves only `#` and `#/...` JSON Pointers (with `~0`, `~1` and
    /// percent-decoding) inside the same document, to a schema.
    fn resolve(&mut self, root: &Value, r: &str) {
        let Some(fragment) = r.strip_prefix('#') else {
            return self.out("$ref to another document");
        };
        if !fragment.is_empty() && !fragment.starts_with('/') {
            return self.out("$ref to an anchor");
        }
        let Some(decoded) = percent_decode(fragment) else {
            return self.out("malformed $ref");
        };
        let tokens: Vec<String> = decoded
            .split('/')
            .skip(1)
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect();
        let canonical: String = tokens.iter().map(|t| format!("/{}", escape(t))).collect();
        if self.schemas.contains(&canonical) {
            return;
        }
        let exists = tokens
            .iter()
            .try_fold(root, |v, t| match v {
                Value::Object(m) => m.get(t),
                Value::Array(a) => t.parse::<usize>().ok().and_then(|i| a.get(i)),
                _ => None,
            })
            .is_some();
        if exists {
            self.out("$ref to a value that is not a schema of the vocabulary");
        } else {
            self.out("$ref to nothing");
        }
    }
}

fn is_uri(v: &Value, uri: &str) -> bool {
    let bare = uri.strip_suffix('#').unwrap_or(uri);
    v.as_str()
        .is_some_and(|s| s.strip_suffix('#').unwrap_or(s) == bare)
}

/// A JSON Pointer token, escaped.
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// A URI fragment, percent-decoded; `None` if malformed or not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Why an ECMA-262 pattern needs more than a linear-time matcher: lookaround or
/// backreferences (DESIGN: a compile error). `None` if it needs neither.
fn regex_outside(p: &str) -> Option<&'static str> {
    let b = p.as_bytes();
    let mut class = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                match (b.get(i + 1), b.get(i + 2)) {
                    (Some(b'1'..=b'9'), _) if !class => return Some("backreference"),
                    (Some(b'k'), Some(b'<')) if !class => return Some("backreference"),
                    _ => {}
                }
                i += 2;
                continue;
            }
            b'[' if !class => class = true,
            b']' if class => class = false,
            b'(' if !class => {
                let rest = &p[i..];
                if ["(?=", "(?!", "(?<=", "(?<!"]
                    .iter()
                    .any(|l| rest.starts_with(l))
                {
                    return Some("lookaround");
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

// ---------------------------------------------------------------------------------------
// The decisions file.

/// What a decisions line says formgate does, where the suite says otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
enum DecisionKind {
    /// `refuse`: an in-vocabulary group formgate refuses on purpose (test field `*`).
    Refuse,
    /// `accept`: a test the suite calls invalid and formgate accepts on purpose.
    Accept,
    /// `reject:<keyword>`: a test the suite calls valid and formgate rejects on purpose,
    /// `NotAdmitted` by this form keyword.
    Reject(String),
}

struct Decision {
    kind: DecisionKind,
    line: usize,
    /// Whether a case needed this entry.
    used: Cell<bool>,
    /// Why the entry was not needed, when a case matched it.
    unneeded: Cell<Option<&'static str>>,
}

/// (file, group, test or `*`) → decision.
type Decisions = BTreeMap<(String, String, String), Decision>;

fn decisions(failures: &mut Vec<String>) -> Decisions {
    let mut out = Decisions::new();
    for (n, line) in DECISIONS.lines().enumerate() {
        let n = n + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.splitn(5, '|').collect();
        let [file, group, test, decision, reason] = fields[..] else {
            failures.push(format!(
                "decisions line {n}: want `file|group|test or *|decision|reason`"
            ));
            continue;
        };
        if reason.trim().is_empty() {
            failures.push(format!("decisions line {n}: no reason"));
        }
        if !file.ends_with(".json") || file.contains('*') || group.contains('*') {
            failures.push(format!(
                "decisions line {n}: name one file and one group, without globs"
            ));
        }
        let kind = match decision {
            "refuse" => DecisionKind::Refuse,
            "accept" => DecisionKind::Accept,
            d => match d.strip_prefix("reject:") {
                Some(keyword) if !keyword.is_empty() => DecisionKind::Reject(keyword.to_string()),
                _ => {
                    failures.push(format!(
                        "decisions line {n}: decision {d:?} is none of refuse, accept, \
                         reject:<keyword>"
                    ));
                    continue;
                }
            },
        };
        if kind == DecisionKind::Refuse && test != "*" {
            failures.push(format!(
                "decisions line {n}: refuse decides a whole group; the test field must be *"
            ));
        }
        let key = (file.to_string(), group.to_string(), test.to_string());
        // A group-wide entry and a test entry of the same group overlap: a duplicate.
        let overlap = out.iter().find(|((f, g, t), _)| {
            *f == key.0 && *g == key.1 && (*t == key.2 || *t == "*" || key.2 == "*")
        });
        if let Some((_, first)) = overlap {
            failures.push(format!(
                "decisions line {n}: duplicate entry for {file}|{group}|{test} (first on line {})",
                first.line
            ));
            continue;
        }
        out.insert(
            key,
            Decision {
                kind,
                line: n,
                used: Cell::new(false),
                unneeded: Cell::new(None),
            },
        );
    }
    out
}

fn lookup<'d>(d: &'d Decisions, file: &str, group: &str, test: &str) -> Option<&'d Decision> {
    d.get(&(file.to_string(), group.to_string(), test.to_string()))
}

// ---------------------------------------------------------------------------------------
// Counting and reporting.

#[derive(Default, Clone)]
struct Counts {
    groups: usize,
    compiled: usize,
    out_refused: usize,
    out_compiled: usize,
    in_refused_decided: usize,
    in_refused_undecided: usize,
    right: usize,
    wrong: usize,
    decided: usize,
    not_run: usize,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.groups += o.groups;
        self.compiled += o.compiled;
        self.out_refused += o.out_refused;
        self.out_compiled += o.out_compiled;
        self.in_refused_decided += o.in_refused_decided;
        self.in_refused_undecided += o.in_refused_undecided;
        self.right += o.right;
        self.wrong += o.wrong;
        self.decided += o.decided;
        self.not_run += o.not_run;
    }
}

/// Failures by heading, each a list of lines, in the order headings first appear.
#[derive(Default)]
struct Failures {
    by_heading: Vec<(String, Vec<String>)>,
}

impl Failures {
    fn push(&mut self, heading: &str, line: String) {
        match self.by_heading.iter_mut().find(|(h, _)| h == heading) {
            Some((_, lines)) => lines.push(line),
            None => self.by_heading.push((heading.to_string(), vec![line])),
        }
    }

    fn total(&self) -> usize {
        self.by_heading.iter().map(|(_, l)| l.len()).sum()
    }

    fn render(&self) -> String {
        let mut s = String::new();
        for (heading, lines) in &self.by_heading {
            s.push_str(&format!("\n== {heading} ({}) ==\n", lines.len()));
            for l in lines {
                s.push_str(&format!("  {l}\n"));
            }
        }
        s
    }
}

const WRONG: &str = "wrong verdicts";
const IN_REFUSED: &str = "in-vocabulary groups refused (no decision)";
const OUT_COMPILED: &str = "out-of-vocabulary groups that compiled";
const PANICKED: &str = "panics";
const DECISIONS_BAD: &str = "decisions file";
const SUITE_BAD: &str = "suite files";
/// Marks an entry already reported stale where its test ran.
const STALE_REPORTED: &str = "reported";

/// A short rendering of a test's data for failure messages.
fn show(v: &Value) -> String {
    let s = serde_json::to_string(v).expect("a JSON value serializes");
    if s.chars().count() > 80 {
        let head: String = s.chars().take(80).collect();
        format!("{head}... ({} bytes)", s.len())
    } else {
        s
    }
}

fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a non-text panic".to_string())
}

/// Says on stderr which case has been running for more than ten seconds, so a hang is
/// named rather than silent.
struct Watchdog {
    current: Arc<Mutex<(String, Instant)>>,
    done: Arc<AtomicBool>,
}

impl Watchdog {
    fn start() -> Watchdog {
        let current = Arc::new(Mutex::new((String::new(), Instant::now())));
        let done = Arc::new(AtomicBool::new(false));
        let (c, d) = (Arc::clone(&current), Arc::clone(&done));
        std::thread::spawn(move || {
            let mut warned = String::new();
            while !d.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(500));
                let guard = c.lock().unwrap_or_else(|e| e.into_inner());
                if guard.1.elapsed() > Duration::from_secs(10) && guard.0 != warned {
                    eprintln!("schema_suite: still running after 10 s: {}", guard.0);
                    warned = guard.0.clone();
                }
            }
        });
        Watchdog { current, done }
    }

    fn at(&self, case: String) {
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = (case, Instant::now());
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

// ---------------------------------------------------------------------------------------
// The runner.

/// The schema as compiled: for draft7, with draft-07's `$schema` at an object root.
fn form_bytes(schema: &Value, draft: Draft) -> Vec<u8> {
    match (draft, schema) {
        (Draft::D7, Value::Object(obj)) if !obj.contains_key("$schema") => {
            let mut with = Map::new();
            with.insert("$schema".to_string(), Value::from(URI_DRAFT_07));
            with.extend(obj.clone());
            serde_json::to_vec(&Value::Object(with))
        }
        _ => serde_json::to_vec(schema),
    }
    .expect("a JSON value serializes")
}

struct Run<'a> {
    decisions: &'a Decisions,
    filter: Option<String>,
    failures: Failures,
    reasons: BTreeMap<String, [usize; 6]>,
    watchdog: Watchdog,
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

        let form = form_bytes(&group.schema, draft);
        self.watchdog.at(format!("compiling {file}/{gname}"));
        let compiled = match catch_unwind(|| Form::compile(&form)) {
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
            self.watchdog
                .at(format!("verifying {file}/{gname}/{tname}"));
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
                    matches!(r.kind(), RejectionKind::NotAdmitted { keyword } if keyword == k)
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

fn reasons_table(reasons: &BTreeMap<String, [usize; 6]>) -> String {
    let mut s = format!(
        "refusal reasons (groups; a group may count under several):\n{:<58} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>6}\n",
        "reason", "20top", "20opt", "20fmt", "7top", "7opt", "7fmt", "total"
    );
    for (r, n) in reasons {
        s.push_str(&format!(
            "{:<58} {:>5} {:>5} {:>5} {:>5} {:>5} {:>5} {:>6}\n",
            r,
            n[0],
            n[1],
            n[2],
            n[3],
            n[4],
            n[5],
            n.iter().sum::<usize>()
        ));
    }
    s
}

#[test]
fn json_schema_test_suite() {
    let Some(suite) = common::suite("JSON-Schema-Test-Suite") else {
        return;
    };
    let tests_dir = suite.join("tests");
    let filter = common::filter();
    let mut bad_decisions = Vec::new();
    let decisions = decisions(&mut bad_decisions);
    let mut run = Run {
        decisions: &decisions,
        filter: filter.clone(),
        failures: Failures::default(),
        reasons: BTreeMap::new(),
        watchdog: Watchdog::start(),
        verbose: std::env::var("FORMGATE_SUITE_VERBOSE").is_ok_and(|v| v == "1"),
    };
    for b in bad_decisions {
        run.failures.push(DECISIONS_BAD, b);
    }

    let mut counts = vec![Counts::default(); DIRS.len()];
    let mut all_files = BTreeSet::new();
    for (i, (draft, dir)) in DIRS.iter().enumerate() {
        let path = tests_dir.join(dir);
        let mut files: Vec<String> = std::fs::read_dir(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
            .map(|entry| entry.expect("a directory entry"))
            .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
            .map(|entry| entry.file_name().into_string().expect("UTF-8 file names"))
            .filter(|name| name.ends_with(".json"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no suite files in {}", path.display());
        for name in files {
            let file = format!("{dir}/{name}");
            let bytes = std::fs::read(path.join(&name)).expect("reading a suite file");
            run.file(i, *draft, &file, &bytes, &mut counts[i]);
            all_files.insert(file);
        }
    }
    run.watchdog.at("done".to_string());

    // Stale entries: never needed by a selected case.
    for ((file, group, test), d) in &decisions {
        let name = format!("{file}/{group}/{}", if test == "*" { "" } else { test });
        if d.used.get() || (filter.is_some() && !common::selected(&name, filter.as_deref())) {
            continue;
        }
        if d.unneeded.get() == Some(STALE_REPORTED) {
            continue;
        }
        let why = match d.unneeded.get() {
            Some(why) => why,
            None if !all_files.contains(file) => "names a file that is not in the suite",
            None => "matches no case, or formgate already gives the suite's verdict",
        };
        run.failures.push(
            DECISIONS_BAD,
            format!(
                "decisions line {}: stale entry {file}|{group}|{test}: {why}",
                d.line
            ),
        );
    }

    let filtered = filter
        .as_deref()
        .map_or(String::new(), |f| format!(" (filter {f:?})"));
    eprintln!(
        "\nJSON-Schema-Test-Suite{filtered}:\n{}\n{}",
        table(&DIRS, &counts),
        reasons_table(&run.reasons)
    );
    let failures = &run.failures;
    if failures.total() > 0 {
        eprintln!("{}", failures.render());
    }
    assert!(
        failures.total() == 0,
        "{} JSON-Schema-Test-Suite failure(s), listed above:{}",
        failures.total(),
        failures
            .by_heading
            .iter()
            .map(|(h, l)| format!(" {} {h}", l.len()))
            .collect::<Vec<_>>()
            .join(",")
    );
}

#[test]
fn decisions_file_is_well_formed() {
    // Runs without the suite: format errors and duplicates are caught everywhere.
    let mut failures = Vec::new();
    decisions(&mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn classifier_reads_design_vocabulary() {
    use serde_json::json;
    let d = Draft::D2020;
    assert!(classify(&json!({"properties": {"propertiez": {}}}), d).is_empty());
    assert!(classify(&json!({"enum": [{"if": 1}], "default": {"$ref": "x"}}), d).is_empty());
    assert_eq!(classify(&json!({"if": {}}), d), ["keyword if"]);
    assert!(classify(
        &json!({"$defs": {"a~/b": true}, "$ref": "#/$defs/a~0~1b"}),
        d
    )
    .is_empty());
    assert!(classify(&json!({"$defs": {"a%b": true}, "$ref": "#/$defs/a%25b"}), d).is_empty());
    assert_eq!(
        classify(&json!({"$ref": "#/$defs/x"}), d),
        ["$ref to nothing"]
    );
    assert_eq!(classify(&json!({"$ref": "#foo"}), d), ["$ref to an anchor"]);
    assert_eq!(
        classify(&json!({"$ref": "http://localhost:1234/a.json"}), d),
        ["$ref to another document"]
    );
    assert_eq!(
        classify(&json!({"pattern": "a(?=b)"}), d),
        ["pattern with lookaround"]
    );
    assert_eq!(
        classify(&json!({"pattern": "(a)\\1"}), d),
        ["pattern with backreference"]
    );
    assert!(classify(&json!({"pattern": "\\\\1[(?=]"}), d).is_empty());
    assert_eq!(
        classify(&json!({"items": {"$id": "x"}}), d),
        ["$id below the root"]
    );
    assert_eq!(
        classify(&json!({"definitions": {}}), d),
        ["keyword definitions outside 2020-12"]
    );
    let d7 = Draft::D7;
    assert!(classify(
        &json!({"definitions": {"a": {}}, "$ref": "#/definitions/a"}),
        d7
    )
    .is_empty());
    assert_eq!(
        classify(&json!({"$ref": "#", "type": "string"}), d7),
        ["draft-07 $ref with sibling keywords"]
    );
    assert_eq!(
        classify(&json!({"items": [{}]}), d7),
        ["draft-07 array-form items"]
    );
}

#[test]
fn test_data_keeps_number_values() {
    // The runner re-serializes each test's data. With `arbitrary_precision` the digits of
    // every number reach formgate as written; only the exponent is respelled (`1E2` as
    // `1e+2`), which denotes the same decimal value.
    let text = "[1.0,1E2,-0,1e-5,9007199254740993,0.30000000000000004,1e308,-2.0]";
    let v: Value = serde_json::from_str(text).unwrap();
    assert_eq!(
        serde_json::to_string(&v).unwrap(),
        "[1.0,1e+2,-0,1e-5,9007199254740993,0.30000000000000004,1e+308,-2.0]"
    );
}
