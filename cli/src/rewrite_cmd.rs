//! `formgate rewrite [--format json] FORM`: print the form spelled for decoders
//! (`oneOf` as `anyOf` where its branches are proven disjoint, plain `allOf` branches
//! merged, single-use definitions inlined), admitting exactly the same values; every
//! step, applied or kept with why, goes to standard error (see `Form::rewrite`).

use std::path::PathBuf;

use crate::Status;

/// Arguments of `formgate rewrite`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    dialect: crate::form_arg::CompileArgs,
    /// How to write the result: `text` prints the form on standard output and one step
    /// per line on standard error; `json` prints `{"form": …, "steps": [{"rule",
    /// "pointer", "applied", "reason"}…]}` on standard output
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = crate::format::Format::Text)]
    format: crate::format::Format,
    /// The form (a JSON Schema file), or `-` for standard input
    #[arg(value_name = "FORM")]
    form: PathBuf,
}

/// Print the rewritten form (compact, like `render`) and its steps: exit 0, or 1 if
/// the form does not compile.
pub(crate) fn run(args: &Args) -> Status {
    let form = match crate::form_arg::load(&args.form, formgate::Limits::default(), &args.dialect) {
        Ok(form) => form,
        Err(status) => return status,
    };
    match form.rewrite() {
        Ok(rewritten) => {
            if args.format == crate::format::Format::Json {
                outln!(
                    "{{\"form\":{},\"steps\":{}}}",
                    rewritten.form().schema_json(),
                    rewritten.steps_json()
                );
            } else {
                outln!("{}", rewritten.form().schema_json());
                for step in rewritten.steps() {
                    eprintln!("{step}");
                }
            }
            Status::Accepted
        }
        Err(e) => {
            eprintln!("formgate rewrite: {e}");
            Status::Rejected
        }
    }
}
