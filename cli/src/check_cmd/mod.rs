//! `formgate check [--summary] [--quiet] [--jobs N] PATH...`: compile forms; a refusal
//! names the keyword and its pointer.
//!
//! One FORM file (or `-`) and no flag: `ok FORM` on stdout, or `FORM: <refusal>` on
//! stderr, as always. Otherwise every PATH is a form or a directory walked for `*.json`
//! files ([`walk`]), and each form gets one line on stdout, in path order: `PATH: ok`
//! or `PATH: <refusal>`. A file or directory that cannot be read gets
//! `PATH: cannot read: <error>` on stderr and the other forms are still checked.
//! `--quiet` drops the per-form lines; `--summary` adds the table of [`summary`].
//! `--format json` writes each form's line as one JSON object instead:
//! `{"form","ok":true}`, or `{"form","ok":false,"class","reason","keyword"?,"resource"?,
//! "pointer","message"}` for a refusal (`class` is `refused` or `malformed`, `reason`
//! the key `--summary` counts by, `resource` the `--resource` document the refusal is
//! in, where `pointer` points), or `{"form","ok":false,"error"}` for one that cannot be read.
//!
//! Exit status: 0 when every form compiles, 1 when any is refused or not strict JSON,
//! 2 when anything could not be read (even if others were refused: their lines and the
//! summary still say so).

mod reason;
mod summary;

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::walk::{self, Item};
use crate::Status;
use reason::Class;
use summary::Summary;

/// The largest form read from disk or standard input.
const MAX_FORM_BYTES: usize = formgate::DEFAULT_MAX_BYTES;

/// Arguments of `formgate check`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    dialect: crate::form_arg::CompileArgs,
    /// After the per-form lines, print the counts and the refusal reasons by count
    #[arg(long)]
    summary: bool,
    /// Print no per-form lines (read errors still go to stderr)
    #[arg(short, long)]
    quiet: bool,
    /// With --summary, list every refusal reason, not only the most frequent
    #[arg(long, requires = "summary")]
    all_reasons: bool,
    /// How to write each form's line
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = crate::format::Format::Text)]
    format: crate::format::Format,
    /// Compile N forms at a time [default: the available cores]
    #[arg(short, long, value_name = "N")]
    jobs: Option<NonZeroUsize>,
    /// Forms (JSON Schema files; `-` reads standard input) and directories to walk
    /// for `*.json` files
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
}

/// What became of one item.
enum Outcome {
    Compiled,
    Failed {
        class: Class,
        reason: String,
        message: String,
        keyword: Option<String>,
        pointer: String,
        /// The `--resource` document the error is in, if not the form.
        resource: Option<String>,
    },
    Unreadable(String),
}

pub(crate) fn run(args: &Args) -> Status {
    if let Err(msg) = crate::input::sources(&args.paths) {
        eprintln!("formgate check: {msg}");
        return Status::Failed;
    }
    if let [form] = args.paths.as_slice() {
        let text = args.format == crate::format::Format::Text;
        if !args.summary && !args.quiet && text && !walk::is_dir(form) {
            return check_one(form, &args.dialect);
        }
    }
    let items = walk::expand(&args.paths);
    let jobs = args
        .jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let mut summary = Summary::default();
    let mut status = Status::Accepted;
    let json = args.format == crate::format::Format::Json;
    for_each_outcome(&items, jobs, &args.dialect, |name, outcome| {
        if json && !args.quiet {
            outln!("{}", outcome_json(&name, &outcome));
        }
        match outcome {
            Outcome::Compiled => {
                summary.compiled();
                if !args.quiet && !json {
                    outln!("{name}: ok");
                }
            }
            Outcome::Failed {
                class,
                reason,
                message,
                ..
            } => {
                summary.failed(class, &reason);
                status = status.max(Status::Rejected);
                if !args.quiet && !json {
                    outln!("{name}: {message}");
                }
            }
            Outcome::Unreadable(e) => {
                summary.unreadable();
                status = Status::Failed;
                eprintln!("{name}: cannot read: {e}");
            }
        }
    });
    if args.summary {
        let limit = (!args.all_reasons).then_some(summary::TOP_REASONS);
        outln!("{}", summary.render(limit).trim_end());
    }
    status
}

/// One form's outcome as the JSON object `--format json` writes.
fn outcome_json(name: &str, outcome: &Outcome) -> String {
    let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
    match outcome {
        Outcome::Compiled => format!("{{\"form\":{},\"ok\":true}}", q(name)),
        Outcome::Failed {
            class,
            reason,
            message,
            keyword,
            pointer,
            resource,
        } => {
            let class = match class {
                Class::Refused => "refused",
                Class::Malformed => "malformed",
            };
            let keyword = keyword
                .as_deref()
                .map_or(String::new(), |k| format!(",\"keyword\":{}", q(k)));
            let resource = resource
                .as_deref()
                .map_or(String::new(), |r| format!(",\"resource\":{}", q(r)));
            format!(
                "{{\"form\":{},\"ok\":false,\"class\":\"{class}\",\"reason\":{}{keyword}{resource},\"pointer\":{},\"message\":{}}}",
                q(name),
                q(reason),
                q(pointer),
                q(message)
            )
        }
        Outcome::Unreadable(e) => {
            format!("{{\"form\":{},\"ok\":false,\"error\":{}}}", q(name), q(e))
        }
    }
}

/// The single-form check, its output unchanged: `ok FORM`, or the refusal on stderr.
fn check_one(form: &std::path::Path, options: &crate::form_arg::CompileArgs) -> Status {
    match crate::form_arg::load(form, formgate::Limits::default(), options) {
        Ok(_) => {
            outln!("ok {}", form.display());
            Status::Accepted
        }
        Err(status) => status,
    }
}

/// Check `items` on `jobs` threads and hand each outcome to `report` with the item's
/// name, in the order of `items` (a finished item waits for those before it).
fn for_each_outcome(
    items: &[Item],
    jobs: usize,
    options: &crate::form_arg::CompileArgs,
    mut report: impl FnMut(String, Outcome),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                if tx.send((i, check(item, options))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut pending = std::collections::BTreeMap::new();
        let mut due = 0;
        for (i, outcome) in rx {
            pending.insert(i, outcome);
            while let Some(outcome) = pending.remove(&due) {
                report(name(&items[due]), outcome);
                due += 1;
            }
        }
    });
}

fn name(item: &Item) -> String {
    match item {
        Item::Form(source) => source.name(),
        Item::Unreadable(path, _) => path.display().to_string(),
    }
}

/// Read and compile one form with `options` (its own `$schema` wins over their default
/// dialect).
fn check(item: &Item, options: &crate::form_arg::CompileArgs) -> Outcome {
    let source = match item {
        Item::Form(source) => source,
        Item::Unreadable(_, e) => return Outcome::Unreadable(e.to_string()),
    };
    let bytes = match source.read(MAX_FORM_BYTES + 1) {
        Ok(b) => b,
        Err(e) => return Outcome::Unreadable(e.to_string()),
    };
    match options.builder(formgate::Limits::default()).compile(&bytes) {
        Ok(_) => Outcome::Compiled,
        Err(e) => {
            // The pointer is in the document the error is in.
            let located = e.resource().and_then(|r| options.resource_bytes(r));
            let (class, reason) = reason::classify(&e, located.unwrap_or(&bytes));
            Outcome::Failed {
                class,
                reason,
                message: e.to_string(),
                keyword: e.keyword().map(str::to_owned),
                pointer: e.pointer().to_owned(),
                resource: e.resource().map(str::to_owned),
            }
        }
    }
}
