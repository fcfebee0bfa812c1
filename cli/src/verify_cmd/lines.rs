//! `formgate verify FORM --lines FILE|-`: one body per line (JSON Lines), one verdict
//! per line, in the order of the lines.
//!
//! - A line ends at `\n`; a `\r` before it is JSON whitespace, so CRLF files verify
//!   as they are. The last line needs no `\n`.
//! - Each line is a body of its own, held to the form's limits: a line longer than
//!   `max_bytes` is read to `max_bytes + 1` bytes (enough for the `too-large`
//!   verdict) and the rest of it is passed over unread, so memory stays bounded
//!   whatever the lines' length.
//! - A blank line (nothing but spaces, tabs and `\r`) is verified as the empty body it
//!   is, and rejected, unless `--skip-blank` passes over it.
//! - Lines are read in batches; a batch is verified on `--jobs` threads (rayon) while
//!   the next one is read, and written in order.
//! - A summary goes to standard error: lines, accepted, rejected, skipped.
//!
//! Exit status: 0 when every line is accepted, 1 when any is rejected, 2 when the input
//! could not be read (the lines read before still get their verdicts).

use std::io::{self, Read, Write};

use formgate::lines::LineReader;
use formgate::Form;
use rayon::prelude::*;

use super::Report;
use crate::format::Format;
use crate::input::Source;
use crate::Status;

/// What `--lines` was asked for.
pub(crate) struct Options {
    pub(crate) format: Format,
    pub(crate) explain: bool,
    pub(crate) skip_blank: bool,
    /// Threads that verify a batch.
    pub(crate) jobs: usize,
}

/// Lines read before a batch is verified, unless [`BATCH_BYTES`] comes first.
const BATCH_LINES: usize = 8192;
/// Bytes read before a batch is verified.
const BATCH_BYTES: usize = 8 << 20;

/// One batch of lines: their bytes end to end, and each line's span and number.
#[derive(Default)]
struct Batch {
    bytes: Vec<u8>,
    lines: Vec<(usize, usize, u64)>,
}

/// Counts for the summary.
#[derive(Default)]
struct Tally {
    lines: u64,
    accepted: u64,
    rejected: u64,
    skipped: u64,
}

/// Verify every line of `source` against `form` (see the module documentation).
pub(crate) fn run(form: &Form, source: &Source, options: &Options) -> Status {
    let name = source.name();
    let reader: Box<dyn Read + Send> = match source {
        Source::Stdin => Box::new(io::stdin()),
        Source::File(path) => match std::fs::File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("{name}: {e}");
                return Status::Failed;
            }
        },
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs)
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!(
                "formgate verify: cannot start {} threads: {e}",
                options.jobs
            );
            return Status::Failed;
        }
    };
    let mut reader = Lines {
        inner: LineReader::new(reader, form.limits()),
        next: 1,
    };
    let mut tally = Tally::default();
    let mut worst = Status::Accepted;
    let mut current = Batch::default();
    let mut read = reader.fill(&mut current, options.skip_blank, &mut tally.skipped);
    let mut next = Batch::default();
    loop {
        let more = matches!(read, Ok(true));
        next.bytes.clear();
        next.lines.clear();
        // The batch read is verified while the next one is read (double buffering).
        let (results, next_read) = pool.install(|| {
            rayon::join(
                || verify(form, &current, options.jobs),
                || more.then(|| reader.fill(&mut next, options.skip_blank, &mut tally.skipped)),
            )
        });
        write(&name, &current, &results, options, &mut tally, &mut worst);
        if let Err(e) = read {
            eprintln!("{name}: line {}: {e}", reader.next);
            worst = Status::Failed;
            break;
        }
        match next_read {
            Some(r) => read = r,
            None => break,
        }
        std::mem::swap(&mut current, &mut next);
    }
    eprintln!(
        "formgate verify: {} lines: {} accepted, {} rejected, {} blank passed over",
        tally.lines, tally.accepted, tally.rejected, tally.skipped
    );
    worst
}

/// The verdicts of `batch`'s lines, in order: on the pool's threads when `jobs > 1`.
fn verify(form: &Form, batch: &Batch, jobs: usize) -> Vec<Result<(), formgate::Rejection>> {
    let one = |&(s, e, _): &(usize, usize, u64)| form.verify(&batch.bytes[s..e]);
    if jobs > 1 {
        batch.lines.par_iter().map(one).collect()
    } else {
        batch.lines.iter().map(one).collect()
    }
}

/// Write the verdicts of `batch`, in order.
fn write(
    name: &str,
    batch: &Batch,
    results: &[Result<(), formgate::Rejection>],
    options: &Options,
    tally: &mut Tally,
    worst: &mut Status,
) {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    for (&(s, e, number), result) in batch.lines.iter().zip(results) {
        let report = Report {
            name,
            line: Some(number),
            result,
            bytes: Some(&batch.bytes[s..e]),
        };
        // A closed standard output (`| head`) must not turn verdicts into a crash.
        let _ = report.write_to(&mut out, options.format, options.explain);
        tally.lines += 1;
        if result.is_ok() {
            tally.accepted += 1;
        } else {
            tally.rejected += 1;
            *worst = (*worst).max(Status::Rejected);
        }
    }
    let _ = out.flush();
}

/// The numbered lines of a reader, each cut at `max_bytes + 1` bytes
/// ([`formgate::lines::LineReader`]), gathered into batches.
struct Lines<R> {
    inner: LineReader<R>,
    /// The number of the next line.
    next: u64,
}

impl<R: Read> Lines<R> {
    /// Read lines into `batch` until it is full: `Ok(true)` if more may follow,
    /// `Ok(false)` at the end of the input.
    fn fill(&mut self, batch: &mut Batch, skip_blank: bool, skipped: &mut u64) -> io::Result<bool> {
        while batch.lines.len() < BATCH_LINES && batch.bytes.len() < BATCH_BYTES {
            let start = batch.bytes.len();
            if !self.inner.read_line(&mut batch.bytes)? {
                return Ok(false);
            }
            let number = self.next;
            self.next += 1;
            let line = &batch.bytes[start..];
            if skip_blank && line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
                batch.bytes.truncate(start);
                *skipped += 1;
                continue;
            }
            batch.lines.push((start, batch.bytes.len(), number));
        }
        Ok(true)
    }
}
