//! `formgate render FORM`: print the published `s`, rendered from the compiled form.

use std::path::PathBuf;

use crate::Status;

/// Arguments of `formgate render`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    dialect: crate::form_arg::CompileArgs,
    /// The form (a JSON Schema file), or `-` for standard input
    #[arg(value_name = "FORM")]
    form: PathBuf,
}

/// Print `s`: exit 0, or 1 if the form does not compile.
pub(crate) fn run(args: &Args) -> Status {
    match crate::form_arg::load(&args.form, formgate::Limits::default(), &args.dialect) {
        Ok(form) => {
            outln!("{}", form.schema_json());
            Status::Accepted
        }
        Err(status) => status,
    }
}
