//! `formgate audit [--json] [--profile NAME] FORM`: where the form admits more than it
//! should. One finding per line, `RULE POINTER message` (the pointer as a URI fragment,
//! `#/properties/name`), then `max depth: N|unbounded; max size: N bytes|unbounded`
//! (and, where a bound is unbounded, the conditions it is not narrowed by), then
//! `memory: at most P bytes per body byte + C bytes`, the heap one verification takes.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use formgate::audit::Profile;

use crate::Status;

/// Arguments of `formgate audit`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    dialect: crate::form_arg::CompileArgs,
    /// Print the audit as one JSON object: profile, findings (rule, pointer, message),
    /// conditions, max_depth, max_size, memory_per_byte, memory_constant
    #[arg(long)]
    json: bool,
    /// How to write the audit: `json` is the same as --json
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = crate::format::Format::Text)]
    format: crate::format::Format,
    /// Also report what a constrained decoder does not accept
    #[arg(
        long,
        value_name = "NAME",
        default_value = "portable",
        value_parser = PossibleValuesParser::new(Profile::ALL.map(Profile::name))
            .map(|name| Profile::from_name(&name).unwrap_or_default()),
    )]
    profile: Profile,
    /// The form (a JSON Schema file), or `-` for standard input
    #[arg(value_name = "FORM")]
    form: PathBuf,
}

/// Audit the form: exit 0 without findings, 1 with findings or if the form does not
/// compile, 2 on I/O errors.
pub(crate) fn run(args: &Args) -> Status {
    let form = match crate::form_arg::load(&args.form, formgate::Limits::default(), &args.dialect) {
        Ok(form) => form,
        Err(status) => return status,
    };
    let audit = form.audit(args.profile);
    if args.json || args.format == crate::format::Format::Json {
        outln!("{}", audit.to_json());
    } else {
        outln!("{audit}");
    }
    if audit.is_clean() {
        Status::Accepted
    } else {
        Status::Rejected
    }
}
