//! `formgate verify [--explain] [--format F] FORM BODY...`: one line per body,
//! `accept PATH` or `reject PATH` (with the reason under `--explain`). Standard input
//! is verified as it streams in, never holding more than `max_bytes + 1` bytes.
//!
//! `formgate verify FORM --lines FILE|-` takes one body per line instead (JSON Lines,
//! [`lines`]): `accept FILE:LINE` or `reject FILE:LINE`, in the order of the lines
//! however many `--jobs` verify them, and a summary on standard error.
//!
//! `--format json` writes one JSON object per body instead of a line of text
//! ([`Report`]), with the rejection as `Rejection::to_json` names it.

mod lines;

use std::num::NonZeroUsize;
use std::path::PathBuf;

use formgate::{Form, ReadError, Rejection};

use crate::format::Format;
use crate::input::{self, Source};
use crate::limits::LimitArgs;
use crate::names;
use crate::Status;

/// Arguments of `formgate verify`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    dialect: crate::form_arg::CompileArgs,
    /// Say why a body was rejected: kind (`not-admitted:maxLength`,
    /// `malformed:duplicate-key`, ...), byte offset, line:column, and the pointers in
    /// the body and in the form
    #[arg(long)]
    explain: bool,
    /// How to write the verdicts
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    limits: LimitArgs,
    /// Verify each line of FILE as a body of its own (JSON Lines); `-` reads standard
    /// input. Each line is held to the limits; a blank line is verified as an empty
    /// body (and rejected) unless --skip-blank is given
    #[arg(long, value_name = "FILE", conflicts_with = "bodies")]
    lines: Option<PathBuf>,
    /// With --lines, pass over blank lines (only whitespace) without a verdict
    #[arg(long)]
    skip_blank: bool,
    /// With --lines, verify N lines at a time [default: the available cores]
    #[arg(short, long, value_name = "N")]
    jobs: Option<NonZeroUsize>,
    /// The form (a JSON Schema file)
    #[arg(value_name = "FORM")]
    form: PathBuf,
    /// The bodies to verify; `-` reads standard input
    #[arg(value_name = "BODY", required_unless_present = "lines")]
    bodies: Vec<PathBuf>,
}

/// One verdict as it is written out (see the module documentation).
pub(crate) struct Report<'a> {
    /// The body's name: its path, or `<stdin>`.
    pub(crate) name: &'a str,
    /// Its line, under `--lines` (from 1).
    pub(crate) line: Option<u64>,
    pub(crate) result: &'a Result<(), Rejection>,
    /// The body's bytes, when they are at hand (for `--explain`'s line and column).
    pub(crate) bytes: Option<&'a [u8]>,
}

impl Report<'_> {
    /// Write the verdict's line of output, with its newline, to `out`. An accepted
    /// line in text is written straight through, with nothing allocated: under
    /// `--lines` it is most of what is written (`benches/lines.sh`).
    pub(crate) fn write_to(
        &self,
        out: &mut impl std::io::Write,
        format: Format,
        explain: bool,
    ) -> std::io::Result<()> {
        match (format, self.result, self.line) {
            (Format::Text, Ok(()), Some(line)) => writeln!(out, "accept {}:{line}", self.name),
            (Format::Text, Ok(()), None) => writeln!(out, "accept {}", self.name),
            _ => writeln!(out, "{}", self.render(format, explain)),
        }
    }

    /// The verdict's line of output, without its newline.
    pub(crate) fn render(&self, format: Format, explain: bool) -> String {
        match format {
            Format::Text => {
                let verdict = if self.result.is_ok() {
                    "accept"
                } else {
                    "reject"
                };
                let mut out = format!("{verdict} {}", self.name);
                if let Some(line) = self.line {
                    out.push_str(&format!(":{line}"));
                }
                if let (Err(r), true) = (self.result, explain) {
                    out.push_str(&format!(": {}", explanation(r, self.bytes)));
                }
                out
            }
            Format::Json => {
                let mut out = String::from("{\"body\":");
                out.push_str(&serde_json::to_string(self.name).unwrap_or_default());
                if let Some(line) = self.line {
                    out.push_str(&format!(",\"line\":{line}"));
                }
                match self.result {
                    Ok(()) => out.push_str(",\"verdict\":\"accept\"}"),
                    Err(r) => {
                        out.push_str(",\"verdict\":\"reject\",\"rejection\":");
                        out.push_str(&r.to_json());
                        out.push('}');
                    }
                }
                out
            }
        }
    }
}

/// Verify every body: exit 0 if all are accepted, 1 if any is rejected or the form does
/// not compile, 2 on usage or I/O errors.
pub(crate) fn run(args: &Args) -> Status {
    let sources = match input::sources(&args.bodies) {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("formgate verify: {msg}");
            return Status::Failed;
        }
    };
    if args.form.as_os_str() == "-" && sources.contains(&Source::Stdin) {
        eprintln!("formgate verify: standard input (`-`) can be read only once");
        return Status::Failed;
    }
    if args.lines.is_none() && (args.skip_blank || args.jobs.is_some()) {
        eprintln!("formgate verify: --skip-blank and --jobs go with --lines");
        return Status::Failed;
    }
    if let Some(lines) = &args.lines {
        if args.form.as_os_str() == "-" && lines.as_os_str() == "-" {
            eprintln!("formgate verify: standard input (`-`) can be read only once");
            return Status::Failed;
        }
    }
    let form = match crate::form_arg::load(&args.form, args.limits.limits(), &args.dialect) {
        Ok(f) => f,
        Err(status) => return status,
    };
    if let Some(path) = &args.lines {
        let jobs = args
            .jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get);
        let options = lines::Options {
            format: args.format,
            explain: args.explain,
            skip_blank: args.skip_blank,
            jobs,
        };
        return lines::run(&form, &Source::new(path), &options);
    }
    let mut worst = Status::Accepted;
    for source in &sources {
        worst = worst.max(verify_one(&form, source, args.explain, args.format));
    }
    worst
}

fn verify_one(form: &Form, source: &Source, explain: bool, format: Format) -> Status {
    let name = source.name();
    let (result, bytes) = match source {
        Source::Stdin => match form.verify_reader(std::io::stdin().lock()) {
            Ok(()) => (Ok(()), None),
            Err(ReadError::Rejected(r)) => (Err(r), None),
            Err(e) => {
                eprintln!("{name}: {e}");
                return Status::Failed;
            }
        },
        Source::File(_) => match source.read(form.limits().max_bytes().saturating_add(1)) {
            Ok(bytes) => (form.verify(&bytes), Some(bytes)),
            Err(e) => {
                eprintln!("{name}: {e}");
                return Status::Failed;
            }
        },
    };
    let report = Report {
        name: &name,
        line: None,
        result: &result,
        bytes: bytes.as_deref(),
    };
    outln!("{}", report.render(format, explain));
    if result.is_ok() {
        Status::Accepted
    } else {
        Status::Rejected
    }
}

/// The reason: what, by the stable names `formgate serve` logs (`names.rs`:
/// `not-admitted:maxLength`, `malformed:duplicate-key`, `too-large limit=64`), where in
/// the body (byte, and line:column when the bytes are at hand), and which form
/// keyword decided.
pub(crate) fn explanation(r: &Rejection, bytes: Option<&[u8]>) -> String {
    let mut out = names::kind_name(r.kind());
    if let Some(limit) = r.kind().limit() {
        out.push_str(&format!(" limit={limit}"));
    }
    out.push_str(&format!(" at byte {}", r.offset()));
    if let Some(bytes) = bytes {
        let end = usize::try_from(r.offset())
            .unwrap_or(usize::MAX)
            .min(bytes.len());
        let before = &bytes[..end];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = end
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        out.push_str(&format!(" (line {line}, column {col})"));
    }
    out.push_str(&format!(", body pointer {:?}", r.pointer()));
    if let Some(fp) = r.form_pointer() {
        out.push_str(&format!(", form keyword {fp:?}"));
    }
    if let Some(a) = r.applicator() {
        out.push_str(&format!(", under {a:?}"));
    }
    if let Some(d) = r.detail() {
        out.push_str(&format!(": {d}"));
    }
    out
}
