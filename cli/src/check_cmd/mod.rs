//! `formgate check FORM`: compile a form; the error names the keyword and its pointer.

use std::path::PathBuf;

use crate::Status;

/// Arguments of `formgate check`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The form (a JSON Schema file), or `-` for standard input
    #[arg(value_name = "FORM")]
    form: PathBuf,
}

/// Compile the form: exit 0 if it compiles, 1 with the error if not.
pub(crate) fn run(args: &Args) -> Status {
    match crate::form_arg::load(&args.form, formgate::Limits::default()) {
        Ok(_) => {
            outln!("ok {}", args.form.display());
            Status::Accepted
        }
        Err(status) => status,
    }
}
