//! The decisions file, and counting and reporting the verdicts.

use super::*;

/// What a decisions line says formgate does, where the suite says otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DecisionKind {
    /// `refuse`: an in-vocabulary group formgate refuses on purpose (test field `*`).
    Refuse,
    /// `accept`: a test the suite calls invalid and formgate accepts on purpose.
    Accept,
    /// `reject:<keyword>`: a test the suite calls valid and formgate rejects on purpose,
    /// `NotAdmitted` by this form keyword.
    Reject(String),
}

pub(crate) struct Decision {
    pub(crate) kind: DecisionKind,
    pub(crate) line: usize,
    /// Whether a case needed this entry.
    pub(crate) used: Cell<bool>,
    /// Why the entry was not needed, when a case matched it.
    pub(crate) unneeded: Cell<Option<&'static str>>,
}

/// (file, group, test or `*`) → decision.
pub(crate) type Decisions = BTreeMap<(String, String, String), Decision>;

pub(crate) fn decisions(failures: &mut Vec<String>) -> Decisions {
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

pub(crate) fn lookup<'d>(
    d: &'d Decisions,
    file: &str,
    group: &str,
    test: &str,
) -> Option<&'d Decision> {
    d.get(&(file.to_string(), group.to_string(), test.to_string()))
}

// ---------------------------------------------------------------------------------------
// Counting and reporting.

#[derive(Default, Clone)]
pub(crate) struct Counts {
    pub(crate) groups: usize,
    pub(crate) compiled: usize,
    pub(crate) out_refused: usize,
    pub(crate) out_compiled: usize,
    pub(crate) in_refused_decided: usize,
    pub(crate) in_refused_undecided: usize,
    pub(crate) right: usize,
    pub(crate) wrong: usize,
    pub(crate) decided: usize,
    pub(crate) not_run: usize,
}

impl Counts {
    pub(crate) fn fields(&self) -> [(&'static str, usize); 10] {
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

    pub(crate) fn add(&mut self, o: &Counts) {
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
pub(crate) struct Failures {
    pub(crate) by_heading: Vec<(String, Vec<String>)>,
}

impl Failures {
    pub(crate) fn push(&mut self, heading: &str, line: String) {
        match self.by_heading.iter_mut().find(|(h, _)| h == heading) {
            Some((_, lines)) => lines.push(line),
            None => self.by_heading.push((heading.to_string(), vec![line])),
        }
    }

    pub(crate) fn total(&self) -> usize {
        self.by_heading.iter().map(|(_, l)| l.len()).sum()
    }

    pub(crate) fn render(&self) -> String {
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

pub(crate) const WRONG: &str = "wrong verdicts";
pub(crate) const IN_REFUSED: &str = "in-vocabulary groups refused (no decision)";
pub(crate) const OUT_COMPILED: &str = "out-of-vocabulary groups that compiled";
pub(crate) const PANICKED: &str = "panics";
pub(crate) const DECISIONS_BAD: &str = "decisions file";
pub(crate) const SUITE_BAD: &str = "suite files";
/// Marks an entry already reported stale where its test ran.
pub(crate) const STALE_REPORTED: &str = "reported";

/// A short rendering of a test's data for failure messages.
pub(crate) fn show(v: &Value) -> String {
    let s = serde_json::to_string(v).expect("a JSON value serializes");
    if s.chars().count() > 80 {
        let head: String = s.chars().take(80).collect();
        format!("{head}... ({} bytes)", s.len())
    } else {
        s
    }
}

pub(crate) fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a non-text panic".to_string())
}

/// Says on stderr which case has been running for more than ten seconds, so a hang is
/// named rather than silent. Trials run on several threads: one slot per thread, one
/// watching thread for them all.
pub(crate) fn watch(case: String) {
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
