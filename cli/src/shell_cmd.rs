//! `formgate completions SHELL` and `formgate man`: the command line described for a
//! shell's completion and for `man`, generated from the same clap definitions that
//! parse the arguments, so they never fall behind.

use std::io::Write;

use clap::CommandFactory;

use crate::Status;

/// Arguments of `formgate completions`.
#[derive(Debug, clap::Args)]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum, value_name = "SHELL")]
    shell: clap_complete::Shell,
}

/// Print the completion script for the shell.
pub(crate) fn completions(args: &CompletionsArgs) -> Status {
    let mut cmd = crate::Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "formgate", &mut out);
    write_out(&out)
}

/// Print the manual page (roff), for `formgate man | man -l -`.
pub(crate) fn man() -> Status {
    let mut out = Vec::new();
    match clap_mangen::Man::new(crate::Cli::command()).render(&mut out) {
        Ok(()) => write_out(&out),
        Err(e) => {
            eprintln!("formgate man: {e}");
            Status::Failed
        }
    }
}

/// Write `bytes` to standard output; a closed one is no failure.
fn write_out(bytes: &[u8]) -> Status {
    let _ = std::io::stdout().lock().write_all(bytes);
    Status::Accepted
}
