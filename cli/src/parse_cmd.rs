//! `formgate parse [--max-bytes N] [--max-depth N] FILE...`: strict JSON only.
//!
//! Every FILE is read and checked (no tree is built). An accepted file prints
//! `PATH: ok` on stdout unless `--quiet`; a rejected one prints
//! `PATH: KIND at byte N (line L, column C[, pointer "P"])` on stderr. All files are
//! checked; the worst outcome decides the exit code.

use std::path::PathBuf;

use formgate::json::ParseError;

use crate::input::{self, Source};
use crate::limits::LimitArgs;
use crate::Status;

/// Arguments of `formgate parse`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    limits: LimitArgs,
    /// Print nothing for accepted files
    #[arg(short, long)]
    quiet: bool,
    /// JSON documents to check (`-` reads standard input)
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
}

pub(crate) fn run(args: &Args) -> Status {
    let sources = match input::sources(&args.files) {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("formgate parse: {msg}");
            return Status::Failed;
        }
    };
    let limits = args.limits.limits();
    sources
        .iter()
        .map(|source| {
            let status = check_one(source, &limits);
            if status == Status::Accepted && !args.quiet {
                outln!("{}: ok", source.name());
            }
            status
        })
        .max()
        .unwrap_or(Status::Accepted)
}

fn check_one(source: &Source, limits: &formgate::Limits) -> Status {
    // One byte past the limit is enough for the parser to report `TooLarge`.
    let bytes = match source.read(limits.max_bytes().saturating_add(1)) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: cannot read: {e}", source.name());
            return Status::Failed;
        }
    };
    match formgate::json::check(&bytes, limits) {
        Ok(()) => Status::Accepted,
        Err(e) => {
            eprintln!("{}: {}", source.name(), describe(&e, &bytes));
            Status::Rejected
        }
    }
}

/// `KIND at byte N (line L, column C, pointer "P")`; line and column count bytes.
fn describe(e: &ParseError, input: &[u8]) -> String {
    let (line, column) = e.line_column(input);
    let mut msg = format!(
        "{} at byte {} (line {line}, column {column}",
        e.kind(),
        e.offset()
    );
    if let Some(p) = e.pointer() {
        msg.push_str(&format!(", pointer {p:?}"));
    }
    msg.push(')');
    msg
}
