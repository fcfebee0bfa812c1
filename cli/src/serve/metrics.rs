//! The operator's numbers: counters of acts, rendered in the Prometheus text
//! exposition format for `GET /metrics` (ops.rs serves them).
//!
//! Invariants:
//! 1. Counting is a few relaxed atomic additions per act (one short lock for a
//!    rejection's kind), never a wait on the listener; the numbers are read only when
//!    scraped.
//! 2. Labels have few values: `verdict` is `accept` or `reject`, `kind` the stable
//!    name of a rejection kind (`names.rs`, `kind_name`) or `timeout`, `broken`, and
//!    `result` (of forwarding an accepted act) one of [`UPSTREAM_RESULTS`].
//! 3. A process that serves several addresses (`--config`) counts acts per address:
//!    every series about acts and rate limits carries an `address` label, the path;
//!    an address keeps its counters for the life of the process (a reload that stops
//!    serving it leaves them as they were, one that serves it again goes on from
//!    them). A process serving one address writes no `address` label.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use formgate::RejectionKind;
use formgate_address::Verdict;

use super::record::Entry;
use crate::names::kind_name;

/// The upper bounds, in seconds, of `formgate_act_duration_seconds`: half a millisecond
/// (a small act verified whole) to ten seconds (the default body time-out).
const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The values of `formgate_upstream_total{result}`: the class of the status in the
/// upstream's answer head, or why there was none (upstream.rs). `other` holds a status
/// outside 200–599.
const UPSTREAM_RESULTS: [&str; 7] = [
    "2xx",
    "3xx",
    "4xx",
    "5xx",
    "unreachable",
    "timeout",
    "other",
];

/// The index in [`UPSTREAM_RESULTS`] of an act's upstream note (`Entry::upstream`).
fn upstream_result(note: &str) -> usize {
    let named = match note.parse::<u16>() {
        Ok(status) => match status / 100 {
            2 => "2xx",
            3 => "3xx",
            4 => "4xx",
            5 => "5xx",
            _ => "other",
        },
        Err(_) => note,
    };
    UPSTREAM_RESULTS
        .iter()
        .position(|r| *r == named)
        .unwrap_or(UPSTREAM_RESULTS.len() - 1)
}

/// What the server counts (invariant 1). Lives as long as the process.
#[derive(Debug, Default)]
pub(crate) struct Metrics {
    /// The acts of a process serving one address.
    acts: Counts,
    /// The acts of each address, by path, when the process serves several
    /// (invariant 3).
    addresses: RwLock<BTreeMap<String, Arc<Counts>>>,
    /// Log lines dropped because the log queue was full (sink.rs).
    pub log_lines_dropped: AtomicU64,
    /// Connections being served on the act listener.
    open_connections: AtomicU64,
    /// Listening, and not shutting down.
    ready: AtomicBool,
}

/// The counters of acts, of one address or of the process.
#[derive(Debug, Default)]
struct Counts {
    accepted: AtomicU64,
    rejected: AtomicU64,
    /// Acts not accepted, by kind.
    rejections: Mutex<BTreeMap<String, u64>>,
    /// Acts by duration: one count per bucket of [`BUCKETS`], then those above.
    durations: [AtomicU64; BUCKETS.len() + 1],
    /// The sum of act durations, in nanoseconds.
    duration_nanos: AtomicU64,
    /// Accepted acts forwarded, by [`UPSTREAM_RESULTS`]: an act counted `accept` may
    /// still have been answered 502 or 504 for its upstream.
    upstream: [AtomicU64; UPSTREAM_RESULTS.len()],
    /// Requests refused over their client's rate: acts, then `GET`s.
    rate_limited: [AtomicU64; 2],
}

/// One open connection, counted until dropped.
#[derive(Debug)]
pub(crate) struct Open(&'static Metrics);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.open_connections.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Metrics {
    /// Count one act (log.rs calls this for every act), against its address when the
    /// process serves several (invariant 3).
    pub fn act(&self, entry: &Entry<'_>) {
        self.with_counts(entry.address, |c| c.act(entry));
    }

    /// Count a `GET` refused over its client's rate (acts are counted by
    /// [`Metrics::act`]), at `address` when the process serves several.
    pub fn get_limited(&self, address: Option<&str>) {
        self.with_counts(address, |c| {
            c.rate_limited[1].fetch_add(1, Ordering::Relaxed);
        });
    }

    /// Show these addresses from now on, with zero counts until their first act (at
    /// start and after each reload, when the process serves several; invariant 3).
    pub fn serve_addresses<'a>(&self, paths: impl IntoIterator<Item = &'a str>) {
        let mut addresses = self.addresses.write().unwrap_or_else(|e| e.into_inner());
        for path in paths {
            if !addresses.contains_key(path) {
                addresses.insert(path.to_owned(), Arc::default());
            }
        }
    }

    /// Run `f` on the counters of `address` (the process's own for `None`): a short
    /// shared lock to find them, taken exclusively only for an address first seen.
    fn with_counts(&self, address: Option<&str>, f: impl FnOnce(&Counts)) {
        let Some(path) = address else {
            return f(&self.acts);
        };
        let found = self
            .addresses
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(path)
            .cloned();
        let counts = found.unwrap_or_else(|| {
            let mut addresses = self.addresses.write().unwrap_or_else(|e| e.into_inner());
            Arc::clone(addresses.entry(path.to_owned()).or_default())
        });
        f(&counts);
    }

    /// Count a connection on the act listener until the value is dropped.
    pub fn open(&'static self) -> Open {
        self.open_connections.fetch_add(1, Ordering::Relaxed);
        Open(self)
    }

    /// Say whether `/readyz` answers ready.
    pub fn set_ready(&self, ready: bool) {
        self.ready.store(ready, Ordering::Relaxed);
    }

    /// Whether `/readyz` answers ready.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Relaxed)
    }

    /// The exposition, in the Prometheus text format (version 0.0.4).
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(2048);
        let load = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let addresses = self.addresses.read().unwrap_or_else(|e| e.into_inner());
        // One address: no `address` label (invariant 3).
        let counted: Vec<(Option<&str>, &Counts)> = if addresses.is_empty() {
            vec![(None, &self.acts)]
        } else {
            addresses
                .iter()
                .map(|(path, c)| (Some(path.as_str()), &**c))
                .collect()
        };
        head(
            &mut out,
            "acts_total",
            "counter",
            "Acts answered, by verdict.",
        );
        for &(at, c) in &counted {
            for (verdict, n) in [("accept", &c.accepted), ("reject", &c.rejected)] {
                series(&mut out, "acts_total", at, &[("verdict", verdict)], load(n));
            }
        }
        head(
            &mut out,
            "rejections_total",
            "counter",
            "Acts not accepted, by the kind of rejection.",
        );
        for &(at, c) in &counted {
            if let Ok(r) = c.rejections.lock() {
                for (kind, n) in r.iter() {
                    series(&mut out, "rejections_total", at, &[("kind", kind)], n);
                }
            }
        }
        head(
            &mut out,
            "upstream_total",
            "counter",
            "Accepted acts forwarded to the upstream, by its status class or why there was none.",
        );
        for &(at, c) in &counted {
            for (result, n) in UPSTREAM_RESULTS.iter().zip(&c.upstream) {
                series(
                    &mut out,
                    "upstream_total",
                    at,
                    &[("result", result)],
                    load(n),
                );
            }
        }
        head(
            &mut out,
            "act_duration_seconds",
            "histogram",
            "From the start of an act's request to its answer.",
        );
        for &(at, c) in &counted {
            let name = "act_duration_seconds_bucket";
            let mut cumulative = 0u64;
            for (i, le) in BUCKETS.iter().enumerate() {
                cumulative += load(&c.durations[i]);
                series(&mut out, name, at, &[("le", &le.to_string())], cumulative);
            }
            cumulative += load(&c.durations[BUCKETS.len()]);
            series(&mut out, name, at, &[("le", "+Inf")], cumulative);
            let sum = Duration::from_nanos(load(&c.duration_nanos)).as_secs_f64();
            series(&mut out, "act_duration_seconds_sum", at, &[], sum);
            series(&mut out, "act_duration_seconds_count", at, &[], cumulative);
        }
        head(
            &mut out,
            "rate_limited_total",
            "counter",
            "Requests refused over their client's rate (429), acts and GETs.",
        );
        for &(at, c) in &counted {
            for (request, n) in ["act", "get"].iter().zip(&c.rate_limited) {
                series(
                    &mut out,
                    "rate_limited_total",
                    at,
                    &[("request", request)],
                    load(n),
                );
            }
        }
        drop(addresses);
        head(
            &mut out,
            "log_lines_dropped_total",
            "counter",
            "Log lines dropped because standard error did not keep up.",
        );
        let _ = writeln!(
            out,
            "formgate_log_lines_dropped_total {}",
            load(&self.log_lines_dropped)
        );
        head(
            &mut out,
            "open_connections",
            "gauge",
            "Connections being served on the act listener.",
        );
        let _ = writeln!(
            out,
            "formgate_open_connections {}",
            load(&self.open_connections)
        );
        out
    }
}

impl Counts {
    /// Count one act.
    fn act(&self, entry: &Entry<'_>) {
        let kind = match entry.verdict {
            Verdict::Accept => None,
            Verdict::Reject(r) => Some(kind_name(r.kind())),
            Verdict::Declared { limit, .. } => {
                Some(RejectionKind::TooLarge { limit: *limit }.name().to_owned())
            }
            Verdict::Timeout => Some("timeout".to_owned()),
            Verdict::Broken => Some("broken".to_owned()),
            Verdict::Stale => Some("stale".to_owned()),
            Verdict::Limited { .. } => {
                self.rate_limited[0].fetch_add(1, Ordering::Relaxed);
                Some("rate-limited".to_owned())
            }
        };
        match kind {
            None => self.accepted.fetch_add(1, Ordering::Relaxed),
            Some(kind) => {
                if let Ok(mut r) = self.rejections.lock() {
                    *r.entry(kind).or_insert(0) += 1;
                }
                self.rejected.fetch_add(1, Ordering::Relaxed)
            }
        };
        if let Some(note) = entry.upstream {
            self.upstream[upstream_result(note)].fetch_add(1, Ordering::Relaxed);
        }
        let secs = entry.elapsed.as_secs_f64();
        let bucket = BUCKETS
            .iter()
            .position(|le| secs <= *le)
            .unwrap_or(BUCKETS.len());
        self.durations[bucket].fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(entry.elapsed.as_nanos()).unwrap_or(u64::MAX);
        self.duration_nanos.fetch_add(nanos, Ordering::Relaxed);
    }
}

/// One sample: `formgate_NAME{address="AT",LABELS} VALUE`, the braces left out when
/// there are no labels; label values escaped (`label`).
fn series(
    out: &mut String,
    name: &str,
    at: Option<&str>,
    labels: &[(&str, &str)],
    value: impl std::fmt::Display,
) {
    let _ = write!(out, "formgate_{name}");
    let mut labels = at
        .map(|path| ("address", path))
        .into_iter()
        .chain(labels.iter().copied())
        .peekable();
    if labels.peek().is_some() {
        out.push('{');
        for (i, (key, v)) in labels.enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{key}=\"{}\"", label(v));
        }
        out.push('}');
    }
    let _ = writeln!(out, " {value}");
}

/// The `# HELP` and `# TYPE` lines of `formgate_NAME`.
fn head(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP formgate_{name} {help}");
    let _ = writeln!(out, "# TYPE formgate_{name} {kind}");
}

/// A label value with `\`, `"` and newlines escaped, as the text format asks.
fn label(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}
