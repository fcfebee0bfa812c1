//! Where log lines go: a bounded queue to one writer thread that owns standard error.
//!
//! Invariants:
//! 1. Writing a line never waits: an act (or the accept loop) hands its line to the
//!    queue with a `try_send`, and a full queue drops the line and counts it. A
//!    standard error that nobody reads stalls only the writer thread, never an act.
//! 2. The writer writes lines whole under the standard-error lock, in queue order, so
//!    lines never interleave.
//! 3. Dropped lines are reported: when the writer can write again, before the next
//!    line, one line says how many were dropped since the last report; the rest are
//!    reported at [`Sink::finish`]. The total is [`Metrics::log_lines_dropped`].
//! 4. [`Sink::finish`] waits a bounded time for the queue to be written, so a process
//!    whose standard error is stuck still exits.
//!
//! [`Metrics::log_lines_dropped`]: super::metrics::Metrics::log_lines_dropped

use std::io::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime};

use super::record::{note_line, Format};

/// Lines the queue holds before it drops: a second or more of acts at full speed (so
/// a writer thread kept off the CPU for a moment loses nothing), under a megabyte for
/// typical lines (every field from a request is capped, so a line is at most a few
/// kilobytes).
pub(crate) const QUEUE_LINES: usize = 4096;

/// What the writer receives.
enum Msg {
    /// A whole line, newline included.
    Line(String),
    /// Report any drops, say so on the reply channel, and stop.
    Finish,
}

/// The sending end of the log queue (invariant 1).
#[derive(Debug)]
pub(crate) struct Sink {
    queue: SyncSender<Msg>,
    dropped: &'static AtomicU64,
    /// Signalled by the writer once it has written everything before [`Msg::Finish`].
    done: Mutex<Option<Receiver<()>>>,
}

impl std::fmt::Debug for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Msg::Line(l) => f.debug_tuple("Line").field(l).finish(),
            Msg::Finish => f.write_str("Finish"),
        }
    }
}

impl Sink {
    /// Start the writer thread, writing report lines in `format` and counting drops in
    /// `dropped`; the reason if the thread cannot be started.
    pub fn start(format: Format, dropped: &'static AtomicU64) -> Result<Sink, String> {
        let (queue, lines) = mpsc::sync_channel(QUEUE_LINES);
        let (done_tx, done) = mpsc::channel();
        std::thread::Builder::new()
            .name("formgate-log".to_owned())
            .spawn(move || write_lines(&lines, format, dropped, &done_tx))
            .map_err(|e| format!("cannot start the log writer: {e}"))?;
        Ok(Sink {
            queue,
            dropped,
            done: Mutex::new(Some(done)),
        })
    }

    /// Queue `line` (newline included) without waiting; drop and count it if the queue
    /// is full (invariant 1).
    pub fn write(&self, line: String) {
        match self.queue.try_send(Msg::Line(line)) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                self.dropped.fetch_add(1, Ordering::Relaxed);
            }
            // The writer is gone (after `finish`): nowhere to write.
            Err(TrySendError::Disconnected(_)) => {}
        }
    }

    /// Ask the writer to write what is queued, report drops, and stop; wait at most
    /// `wait` for it (invariant 4). Later lines are not written.
    pub fn finish(&self, wait: Duration) {
        let deadline = Instant::now() + wait;
        loop {
            match self.queue.try_send(Msg::Finish) {
                Ok(()) => break,
                Err(TrySendError::Disconnected(_)) => return,
                Err(TrySendError::Full(_)) => {
                    if Instant::now() >= deadline {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
        let done = self.done.lock().ok().and_then(|mut d| d.take());
        if let Some(done) = done {
            let _ = done.recv_timeout(deadline.saturating_duration_since(Instant::now()));
        }
    }
}

/// The most bytes the writer gathers from the queue into one write.
const BATCH_BYTES: usize = 64 * 1024;

/// The writer thread (invariants 2 and 3): what is queued is written in batches, a
/// write per batch, so a burst of acts costs few system calls.
fn write_lines(
    lines: &Receiver<Msg>,
    format: Format,
    dropped: &AtomicU64,
    done: &mpsc::Sender<()>,
) {
    let mut reported = 0u64;
    let mut batch = String::with_capacity(BATCH_BYTES);
    while let Ok(first) = lines.recv() {
        // Drops since the last report are reported before the lines that follow them.
        let now = dropped.load(Ordering::Relaxed);
        if now > reported {
            let message = format!("{} log lines dropped", now - reported);
            batch.push_str(&note_line(format, SystemTime::now(), &message));
            reported = now;
        }
        let mut next = Some(first);
        let mut finish = false;
        while let Some(msg) = next.take() {
            match msg {
                Msg::Line(line) => batch.push_str(&line),
                Msg::Finish => {
                    finish = true;
                    break;
                }
            }
            if batch.len() < BATCH_BYTES {
                next = lines.try_recv().ok();
            }
        }
        if finish {
            // Drops after the last report, if any.
            let now = dropped.load(Ordering::Relaxed);
            if now > reported {
                let message = format!("{} log lines dropped", now - reported);
                batch.push_str(&note_line(format, SystemTime::now(), &message));
            }
        }
        let mut out = std::io::stderr().lock();
        // A closed standard error must not take the server down.
        let _ = out.write_all(batch.as_bytes());
        let _ = out.flush();
        drop(out);
        batch.clear();
        if finish {
            let _ = done.send(());
            return;
        }
    }
}
