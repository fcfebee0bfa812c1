//! Conformance runner over JSON-Schema-Test-Suite (json-schema-org, pinned by
//! `vendor-testsuite/sync`): `tests/draft2020-12/` and `tests/draft7/`, each with its
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
//! A `libtest-mimic` harness: one trial per suite file, named by its path under the
//! suite's `tests/` (`draft2020-12/optional/format/ipv4.json`), which reports all the
//! file's failures at once, grouped. `cargo test --test schema_suite -- format/` runs the
//! files whose name contains `format/`; `FORMGATE_TEST_FILTER=text` further narrows each
//! file to the tests whose `file/group/test` name contains `text`. The trial `totals`
//! runs every file again, unfiltered, and checks the counts stated in the README
//! (section "Conformance") and the refusal reasons against [`EXPECTED`] and
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

mod common;

use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use formgate::{Form, RejectionKind};
use libtest_mimic::{Arguments, Failed, Trial};
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
    fn fields(&self) -> [(&'static str, usize); 10] {
        [
            ("groups", self.groups),
            ("groups compiled", self.compiled),
            ("out-of-vocabulary groups refused", self.out_refused),
            ("out-of-vocabulary groups compiled", self.out_compiled),
            (
                "in-vocabulary groups refused by decision",
                self.in_refused_decided,
            ),
            ("in-vocabulary groups refused", self.in_refused_undecided),
            ("tests right", self.right),
            ("tests wrong", self.wrong),
            ("tests decided", self.decided),
            ("tests not run", self.not_run),
        ]
    }

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
/// named rather than silent. Trials run on several threads: one slot per thread, one
/// watching thread for them all.
fn watch(case: String) {
    type Slots = Mutex<HashMap<ThreadId, (String, Instant)>>;
    static SLOTS: OnceLock<Arc<Slots>> = OnceLock::new();
    let slots = SLOTS.get_or_init(|| {
        let slots: Arc<Slots> = Arc::default();
        let watched = Arc::clone(&slots);
        std::thread::spawn(move || {
            let mut warned = HashSet::new();
            loop {
                std::thread::sleep(Duration::from_millis(500));
                let guard = watched.lock().unwrap_or_else(|e| e.into_inner());
                for (case, since) in guard.values() {
                    if !case.is_empty()
                        && since.elapsed() > Duration::from_secs(10)
                        && warned.insert(case.clone())
                    {
                        eprintln!("schema_suite: still running after 10 s: {case}");
                    }
                }
            }
        });
        slots
    });
    slots
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(std::thread::current().id(), (case, Instant::now()));
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
        watch(format!("compiling {file}/{gname}"));
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

// ---------------------------------------------------------------------------------------
// The totals the README states (section "Conformance"). The trial `totals` runs every
// file again and fails, with expected and found, when the data or formgate's behaviour
// drifts from them.

const EXPECTED: Counts = Counts {
    groups: 782,
    compiled: 370,
    out_refused: 412,
    out_compiled: 0,
    in_refused_decided: 0,
    in_refused_undecided: 0,
    right: 1934,
    wrong: 0,
    decided: 9,
    not_run: 2003,
};

/// The trials `pattern/<file>`: groups whose schema is a lone `pattern`, their string
/// instances, and the patterns refused fail-closed (lookahead, lookbehind, backreference).
const PATTERN_EXPECTED: StringCounts = StringCounts {
    units: 37,
    instances: 137,
    closed: 0,
};

/// The trials `format/<file>`: files and their string instances.
const FORMAT_EXPECTED: StringCounts = StringCounts {
    units: 16,
    instances: 647,
    closed: 0,
};

/// Groups refused as outside the vocabulary, by reason, over all directories (a group
/// may count under several reasons).
const REFUSAL_REASONS: &[(&str, usize)] = &[
    ("$id below the root", 47),
    ("$ref to a value that is not a schema of the vocabulary", 5),
    ("$ref to an anchor", 5),
    ("$ref to another document", 86),
    ("$ref to nothing", 5),
    ("$schema other than 2020-12", 4),
    ("draft-07 $ref with sibling keywords", 1),
    ("draft-07 array-form items", 15),
    ("format \"idn-email\"", 4),
    ("format \"idn-hostname\"", 6),
    ("format \"iri\"", 4),
    ("format \"iri-reference\"", 4),
    ("format \"json-pointer\"", 4),
    ("format \"regex\"", 16),
    ("format \"relative-json-pointer\"", 4),
    ("format \"unknown\"", 2),
    ("format \"uri\"", 4),
    ("format \"uri-reference\"", 4),
    ("format \"uri-template\"", 4),
    ("keyword $anchor", 12),
    ("keyword $dynamicAnchor", 21),
    ("keyword $dynamicRef", 18),
    ("keyword additionalItems", 12),
    ("keyword contains", 28),
    ("keyword contentEncoding", 5),
    ("keyword contentMediaType", 5),
    ("keyword contentSchema", 1),
    ("keyword dependencies", 14),
    ("keyword dependentRequired", 4),
    ("keyword dependentSchemas", 7),
    ("keyword else", 24),
    ("keyword if", 33),
    ("keyword maxContains", 8),
    ("keyword maxProperties", 6),
    ("keyword minContains", 11),
    ("keyword minProperties", 4),
    ("keyword not", 23),
    ("keyword patternProperties", 33),
    ("keyword propertyNames", 14),
    ("keyword then", 26),
    ("keyword unevaluatedItems", 29),
    ("keyword unevaluatedProperties", 46),
    ("keyword uniqueItems", 12),
    ("keyword unknown-keyword", 2),
    ("keyword unknown/keyword", 2),
];

// ---------------------------------------------------------------------------------------
// The trials `pattern/<file>` and `format/<file>`: formgate's own pattern matcher and
// format checks, reached through `formgate::__fuzz`, against the suite's string instances.

/// Suite files (relative to the suite's `tests/`) whose lone-`pattern` groups the trials
/// `pattern/<file>` check.
const PATTERN_FILES: [&str; 6] = [
    "draft2020-12/pattern.json",
    "draft2020-12/optional/ecmascript-regex.json",
    "draft2020-12/optional/non-bmp-regex.json",
    "draft7/pattern.json",
    "draft7/optional/ecmascript-regex.json",
    "draft7/optional/non-bmp-regex.json",
];

/// The drafts whose `optional/format/` files the trials `format/<file>` run.
const FORMAT_DRAFTS: [&str; 2] = ["draft2020-12", "draft7"];

/// A suite expectation formgate's format checks deliberately do not meet, with the
/// reason. An entry that turns out not to be needed fails the run.
struct FormatDeviation {
    draft: &'static str,
    format: &'static str,
    data: &'static str,
    reason: &'static str,
}

/// Deliberate deviations from the suite's `optional/format/` files: none.
const FORMAT_DEVIATIONS: &[FormatDeviation] = &[];

/// What the pattern or format checks of some files found.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
struct StringCounts {
    /// Lone-`pattern` groups, or `optional/format/` files.
    units: usize,
    /// String instances checked.
    instances: usize,
    /// Patterns refused for lookahead, lookbehind or a backreference (fail-closed).
    closed: usize,
}

/// The `pattern` of a schema that is only `pattern` (with `$schema` and
/// `"type": "string"` allowed beside it).
fn lone_pattern(schema: &Value) -> Option<&str> {
    let object = schema.as_object()?;
    let only_pattern = object.iter().all(|(key, value)| match key.as_str() {
        "pattern" | "$schema" => true,
        "type" => value == "string",
        _ => false,
    });
    if only_pattern {
        object.get("pattern")?.as_str()
    } else {
        None
    }
}

fn read_groups(path: &Path, file: &str) -> Result<Vec<Value>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let groups: Value =
        serde_json::from_slice(&bytes).map_err(|e| format!("{file}: not JSON: {e}"))?;
    match groups {
        Value::Array(groups) => Ok(groups),
        _ => Err(format!("{file}: not an array of groups")),
    }
}

/// Compiles the lone `pattern` of every group of `file` with formgate's matcher and
/// checks its verdict on every string instance. A pattern may be refused only for
/// lookahead, lookbehind or a backreference (fail-closed, as DESIGN asks); `say_closed`
/// prints each such refusal.
fn pattern_file(
    tests_dir: &Path,
    file: &str,
    say_closed: bool,
    failures: &mut Vec<String>,
) -> StringCounts {
    let mut c = StringCounts::default();
    let groups = match read_groups(&tests_dir.join(file), file) {
        Ok(g) => g,
        Err(e) => {
            failures.push(e);
            return c;
        }
    };
    for group in &groups {
        let Some(source) = lone_pattern(&group["schema"]) else {
            continue;
        };
        let description = group["description"].as_str().unwrap_or("?");
        c.units += 1;
        let matches = match formgate::__fuzz::pattern_matcher(source) {
            Ok(matches) => matches,
            Err(err) => {
                c.closed += 1;
                if say_closed {
                    eprintln!("fail-closed: {file}: {description}: {source:?}: {err}");
                }
                if err.feature.is_none() {
                    failures.push(format!("{file}: {description}: {source:?}: {err}"));
                }
                continue;
            }
        };
        let Some(tests) = group["tests"].as_array() else {
            failures.push(format!("{file}: {description}: tests is not an array"));
            continue;
        };
        for test in tests {
            let Some(data) = test["data"].as_str() else {
                continue;
            };
            c.instances += 1;
            let Some(expected) = test["valid"].as_bool() else {
                failures.push(format!("{file}: {description}: valid is not a boolean"));
                continue;
            };
            if matches(data) != expected {
                failures.push(format!(
                    "{file}: {description}: {:?}: {source:?} on {data:?}: expected {expected}",
                    test["description"].as_str().unwrap_or("?")
                ));
            }
        }
    }
    if c.units == 0 {
        failures.push(format!("{file}: no pattern groups found"));
    }
    c
}

/// The suite file of `format` in `draft`, relative to the suite's `tests/`.
fn format_file_name(draft: &str, format: &str) -> String {
    format!("{draft}/optional/format/{format}.json")
}

/// The (draft, format) pairs that get a trial `format/<file>`: every format formgate
/// asserts, in every draft of [`FORMAT_DRAFTS`], where the suite has its file
/// (draft-07 has no `duration` or `uuid`); 2020-12 has all nine, so one missing there
/// gets a trial that fails.
fn format_files(tests_dir: &Path) -> Vec<(&'static str, &'static str)> {
    FORMAT_DRAFTS
        .into_iter()
        .flat_map(|draft| formgate::__fuzz::format_names().map(move |f| (draft, f)))
        .filter(|&(draft, f)| {
            draft == "draft2020-12" || tests_dir.join(format_file_name(draft, f)).is_file()
        })
        .collect()
}

/// Checks formgate's check of `format` on every string instance of its file in `draft`
/// (every group's schema must be that `format` alone), allowing only the listed
/// deviations, each of which must be needed.
fn format_file(
    tests_dir: &Path,
    draft: &str,
    format: &str,
    failures: &mut Vec<String>,
) -> StringCounts {
    let mut c = StringCounts::default();
    let file = format_file_name(draft, format);
    let groups = match read_groups(&tests_dir.join(&file), &file) {
        Ok(g) => g,
        Err(e) => {
            failures.push(e);
            return c;
        }
    };
    c.units = 1;
    let mut needed = vec![false; FORMAT_DEVIATIONS.len()];
    for group in &groups {
        let schema = group["schema"].as_object();
        let alone = schema.is_some_and(|s| {
            s.get("format").and_then(|f| f.as_str()) == Some(format)
                && s.keys().all(|k| k == "format" || k == "$schema")
        });
        if !alone {
            failures.push(format!("{file}: unexpected schema {}", group["schema"]));
            continue;
        }
        let Some(tests) = group["tests"].as_array() else {
            failures.push(format!("{file}: tests is not an array"));
            continue;
        };
        for test in tests {
            // A non-string is outside the format's domain: always valid.
            let Some(data) = test["data"].as_str() else {
                continue;
            };
            c.instances += 1;
            let Some(expected) = test["valid"].as_bool() else {
                failures.push(format!("{file}: {data:?}: valid is not a boolean"));
                continue;
            };
            let Some(got) = formgate::__fuzz::format_is_valid(format, data) else {
                failures.push(format!("{file}: formgate does not assert format {format}"));
                return c;
            };
            if got == expected {
                continue;
            }
            let listed = FORMAT_DEVIATIONS
                .iter()
                .position(|d| (d.draft, d.format, d.data) == (draft, format, data));
            match listed {
                Some(i) => needed[i] = true,
                None => failures.push(format!(
                    "{file}: {data:?} should be {} ({})",
                    if expected { "valid" } else { "invalid" },
                    test["description"]
                )),
            }
        }
    }
    for (d, needed) in FORMAT_DEVIATIONS.iter().zip(needed) {
        if (d.draft, d.format) == (draft, format) && !needed {
            failures.push(format!(
                "stale deviation {}/{} {:?}: the suite now agrees",
                d.draft, d.format, d.data
            ));
        }
    }
    c
}

/// The trial of `pattern/<file>` or `format/<file>`: the failures of one check.
fn string_trial(
    name: &str,
    check: impl FnOnce(&mut Vec<String>) -> StringCounts,
) -> Result<(), Failed> {
    let mut failures = Vec::new();
    let c = check(&mut failures);
    if failures.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} failure(s) in {name} ({} string instances):\n  {}",
        failures.len(),
        c.instances,
        failures.join("\n  ")
    )
    .into())
}

/// Runs without the suite: the deviations are well formed.
fn format_deviations_are_well_formed() {
    let mut failures = Vec::new();
    for (i, d) in FORMAT_DEVIATIONS.iter().enumerate() {
        if d.reason.trim().is_empty() {
            failures.push(format!("deviation {i} has no reason"));
        }
        if !FORMAT_DRAFTS.contains(&d.draft) {
            failures.push(format!("deviation {i}: draft {} is not run", d.draft));
        }
        if formgate::__fuzz::format_is_valid(d.format, "").is_none() {
            failures.push(format!(
                "deviation {i}: format {} is not asserted",
                d.format
            ));
        }
        let duplicate = FORMAT_DEVIATIONS[..i]
            .iter()
            .any(|e| (e.draft, e.format, e.data) == (d.draft, d.format, d.data));
        if duplicate {
            failures.push(format!("deviation {i} is a duplicate"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
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
    reasons: BTreeMap<String, [usize; 6]>,
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
        "{SUITE} totals differ from the README's (section \"Conformance\"):\n{}\n\n{tables}",
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

/// Without the suite: placeholders for the trials that would run (one per directory),
/// ignored (failing when the suites are required), and one message saying how to get
/// the data.
fn missing_trials(args: &Arguments) -> Vec<Trial> {
    let required = common::require_suites();
    let msg = format!(
        "{SUITE} not found (looked in ${}, vendor-testsuite/, ../shared/vendor-testsuite/): \
         run `bash vendor-testsuite/sync`",
        common::SUITE_DIR_ENV
    );
    if !args.list {
        if required {
            eprintln!(
                "\nerror: {msg}; {}=1, so its trials fail\n",
                common::REQUIRE_ENV
            );
        } else {
            eprintln!("\nnote: {msg}; its trials are ignored\n");
        }
    }
    DIRS.iter()
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
        ])
        .map(|name| {
            let msg = msg.clone();
            Trial::test(name, move || Err(msg.into())).with_ignored_flag(!required)
        })
        .collect()
}

/// Runs a check that asserts by panicking as a trial.
fn check(name: &str, f: fn()) -> Trial {
    Trial::test(name, move || {
        f();
        Ok(())
    })
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = vec![
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

// ---------------------------------------------------------------------------------------
// Checks that need no suite data.

fn decisions_file_is_well_formed() {
    // Runs without the suite: format errors and duplicates are caught everywhere.
    let mut failures = Vec::new();
    decisions(&mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

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
