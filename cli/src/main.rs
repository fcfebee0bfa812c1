//! `formgate`: the command line.
//!
//! Each subcommand lives in its own file with an `Args` struct (clap derive) and a
//! `run(&Args) -> Status` function; this file only parses the arguments, dispatches and
//! turns the [`Status`] into the process exit code.
//!
//! Exit codes, for every subcommand:
//! - 0: every input was accepted (or the form compiled);
//! - 1: some input was rejected (or the form did not compile);
//! - 2: usage or I/O error.

/// `println!` that never panics: a closed standard output (`formgate verify … | head`)
/// must not turn a verdict into a crash, so write errors are ignored.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

mod audit_cmd;
mod check_cmd;
mod form_arg;
mod format;
mod input;
mod limits;
mod names;
mod parse_cmd;
mod publish_cmd;
mod render_cmd;
mod rewrite_cmd;
mod serve;
mod shell_cmd;
mod unroll_cmd;
mod verify_cmd;
mod walk;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

// `about` is the package description in cli/Cargo.toml.
#[derive(Debug, Parser)]
#[command(name = "formgate", version, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check that each FILE is strict JSON (RFC 8259, UTF-8, no duplicate names).
    Parse(parse_cmd::Args),
    /// Compile each FORM (directories are walked for *.json); a refusal names the
    /// keyword and its JSON Pointer. `--summary` counts the refusal reasons.
    Check(check_cmd::Args),
    /// Verify each BODY against FORM: `accept PATH` or `reject PATH`, one line each.
    Verify(verify_cmd::Args),
    /// Print the published `s`, rendered from the compiled FORM.
    Render(render_cmd::Args),
    /// Print the GET body `{"p":...,"m":[...],"s":...}` of an address serving FORM.
    Publish(publish_cmd::Args),
    /// Audit FORM: unbounded strings and arrays, open objects, oneOf, unbounded
    /// recursion, unsatisfiable subschemas; the largest admitted value.
    Audit(audit_cmd::Args),
    /// Print FORM with every $ref cycle unrolled into N levels.
    Unroll(unroll_cmd::Args),
    /// Print FORM spelled for decoders, admitting exactly the same values: oneOf as
    /// anyOf where its branches are proven disjoint, plain allOf branches merged,
    /// single-use definitions inlined; each step, applied or kept, on standard error.
    Rewrite(rewrite_cmd::Args),
    /// Serve FORM as a GPT address over HTTP: GET publishes it, POST acts are verified.
    Serve(Box<serve::Args>),
    /// Print the completion script for SHELL (bash, zsh, fish, elvish, powershell).
    Completions(shell_cmd::CompletionsArgs),
    /// Print the manual page (roff): `formgate man | man -l -`.
    Man,
}

/// The outcome of a subcommand, ordered from best to worst: when several inputs are
/// processed, the worst one decides the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Status {
    /// Everything accepted: exit 0.
    Accepted,
    /// Something rejected: exit 1.
    Rejected,
    /// A usage or I/O error: exit 2.
    Failed,
}

impl From<Status> for ExitCode {
    fn from(s: Status) -> ExitCode {
        match s {
            Status::Accepted => ExitCode::SUCCESS,
            Status::Rejected => ExitCode::from(1),
            Status::Failed => ExitCode::from(2),
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // `--help` and `--version` also arrive here, on stdout and with success.
            let _ = e.print();
            return if e.use_stderr() {
                Status::Failed.into()
            } else {
                Status::Accepted.into()
            };
        }
    };
    let status = match &cli.command {
        Command::Parse(args) => parse_cmd::run(args),
        Command::Check(args) => check_cmd::run(args),
        Command::Verify(args) => verify_cmd::run(args),
        Command::Render(args) => render_cmd::run(args),
        Command::Publish(args) => publish_cmd::run(args),
        Command::Audit(args) => audit_cmd::run(args),
        Command::Unroll(args) => unroll_cmd::run(args),
        Command::Rewrite(args) => rewrite_cmd::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Completions(args) => shell_cmd::completions(args),
        Command::Man => shell_cmd::man(),
    };
    status.into()
}
