//! The operator's log: one line per act on standard error, saying why; the actor is
//! never told (the response to a rejection is a bare `204`).
//!
//! Invariants:
//! 1. One act, at most one line, handed whole to the log queue (sink.rs), which never
//!    makes an act wait and never interleaves lines; a full queue drops lines and
//!    counts them.
//! 2. Logging only records: nothing in a verdict reads the log or the `GPT-Actor` value.
//! 3. Every act passes through [`Log::act`] once, whatever the level, and is counted
//!    there in the metrics (metrics.rs).

use std::net::IpAddr;
use std::time::{Duration, SystemTime};

use formgate_address::retry_seconds;

use super::metrics::Metrics;
use super::record::{format_line, get_limited_line, json_line, note_line, Entry, Format, Level};
use super::sink::Sink;

/// Where act lines go, and how many.
#[derive(Debug)]
pub(crate) struct Log {
    level: Level,
    format: Format,
    sink: Sink,
    metrics: &'static Metrics,
}

impl Log {
    /// A log at `level`, written in `format` to `sink`, counting every act in `metrics`.
    pub fn new(level: Level, format: Format, sink: Sink, metrics: &'static Metrics) -> Log {
        Log {
            level,
            format,
            sink,
            metrics,
        }
    }

    /// Count one act and queue its line, if the level asks for it (invariants 1, 3).
    pub fn act(&self, entry: &Entry<'_>) {
        self.metrics.act(entry);
        let wanted = match self.level {
            Level::Off => false,
            Level::Reject => !entry.verdict.accepted() || entry.status >= 500,
            Level::All => true,
        };
        if !wanted {
            return;
        }
        let now = SystemTime::now();
        self.sink.write(match self.format {
            Format::Text => format_line(now, entry),
            Format::Json => json_line(now, entry),
        });
    }

    /// Count a `GET` refused over its client's rate, and queue its line unless the
    /// level is `off`.
    pub fn get_limited(&self, client: IpAddr, retry_after: Duration, address: Option<&str>) {
        self.metrics.get_limited(address);
        if self.level != Level::Off {
            let retry = retry_seconds(retry_after);
            let line = get_limited_line(self.format, SystemTime::now(), client, retry, address);
            self.sink.write(line);
        }
    }

    /// Queue one of the server's own messages (`listening on …`, `stopped`), whatever
    /// the level.
    pub fn note(&self, message: &str) {
        self.sink
            .write(note_line(self.format, SystemTime::now(), message));
    }

    /// Write what is queued, waiting at most `wait` (sink.rs, invariant 4).
    pub fn finish(&self, wait: Duration) {
        self.sink.finish(wait);
    }
}
