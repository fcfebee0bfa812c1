//! `formgate verify [--explain] FORM BODY...`: one line per body, `accept PATH` or
//! `reject PATH` (with the reason under `--explain`). Standard input is verified as it
//! streams in, never holding more than `max_bytes + 1` bytes.

use std::path::PathBuf;

use formgate::{Form, ReadError, Rejection};

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
    #[command(flatten)]
    limits: LimitArgs,
    /// The form (a JSON Schema file)
    #[arg(value_name = "FORM")]
    form: PathBuf,
    /// The bodies to verify; `-` reads standard input
    #[arg(value_name = "BODY", required = true)]
    bodies: Vec<PathBuf>,
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
    let form = match crate::form_arg::load(&args.form, args.limits.limits(), &args.dialect) {
        Ok(f) => f,
        Err(status) => return status,
    };
    let mut worst = Status::Accepted;
    for source in &sources {
        worst = worst.max(verify_one(&form, source, args.explain));
    }
    worst
}

fn verify_one(form: &Form, source: &Source, explain: bool) -> Status {
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
    match result {
        Ok(()) => {
            outln!("accept {name}");
            Status::Accepted
        }
        Err(r) if explain => {
            outln!("reject {name}: {}", explanation(&r, bytes.as_deref()));
            Status::Rejected
        }
        Err(_) => {
            outln!("reject {name}");
            Status::Rejected
        }
    }
}

/// The reason: what, by the stable names `formgate serve` logs (`names.rs`:
/// `not-admitted:maxLength`, `malformed:duplicate-key`, `too-large limit=64`), where in
/// the body (byte, and line:column when the bytes are at hand), and which form
/// keyword decided.
fn explanation(r: &Rejection, bytes: Option<&[u8]>) -> String {
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
