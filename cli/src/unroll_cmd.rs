//! `formgate unroll --depth N FORM`: print the form with every `$ref` cycle unrolled
//! into N levels, the last leaving the recursive alternative out, so that the form
//! itself bounds the recursion (see `Form::unroll`).

use std::path::PathBuf;

use crate::Status;

/// Arguments of `formgate unroll`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    dialect: crate::form_arg::CompileArgs,
    /// Levels of each recursive definition: values nest through a cycle at most N times
    #[arg(long, value_name = "N")]
    depth: u32,
    /// The form (a JSON Schema file), or `-` for standard input
    #[arg(value_name = "FORM")]
    form: PathBuf,
}

/// Print the unrolled form (compact, like `render`): exit 0, or 1 if the form does not
/// compile or the unrolled form exceeds the limits of a form.
pub(crate) fn run(args: &Args) -> Status {
    let form = match crate::form_arg::load(&args.form, formgate::Limits::default(), &args.dialect) {
        Ok(form) => form,
        Err(status) => return status,
    };
    match form.unroll(args.depth) {
        Ok(unrolled) => {
            outln!("{}", unrolled.schema_json());
            Status::Accepted
        }
        Err(e) => {
            eprintln!("formgate unroll: {e}");
            Status::Rejected
        }
    }
}
