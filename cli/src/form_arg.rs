//! Loading the FORM argument: read (bounded) and compile, with limits for its bodies.

use std::path::Path;

use formgate::{Dialect, Form, Limits};

use crate::input::Source;

/// The largest form read from disk or standard input.
const MAX_FORM_BYTES: usize = formgate::DEFAULT_MAX_BYTES;

/// `--default-dialect`, shared by every subcommand that compiles a form
/// (`#[command(flatten)]` it into the subcommand's arguments).
#[derive(Debug, Clone, Copy, clap::Args)]
pub(crate) struct DialectArg {
    /// The dialect of a form without `$schema`: draft4, draft6, draft7, 2019-09 or
    /// 2020-12 (a form's own `$schema` always wins)
    #[arg(long, value_name = "DIALECT", default_value = "2020-12", value_parser = parse_dialect)]
    pub default_dialect: Dialect,
}

fn parse_dialect(s: &str) -> Result<Dialect, String> {
    Dialect::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.name()).collect();
        format!("expected one of {}", names.join(", "))
    })
}

/// Read and compile the form at `path` with `limits` for its bodies, of `dialect`
/// unless its `$schema` says otherwise. On failure the message is printed and the
/// status to exit with is returned.
pub(crate) fn load(path: &Path, limits: Limits, dialect: Dialect) -> Result<Form, crate::Status> {
    let source = Source::new(path);
    let bytes = match source.read(MAX_FORM_BYTES + 1) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: {e}", source.name());
            return Err(crate::Status::Failed);
        }
    };
    match Form::builder()
        .limits(limits)
        .default_dialect(dialect)
        .compile(&bytes)
    {
        Ok(form) => Ok(form),
        Err(e) => {
            eprintln!("{}: {e}", source.name());
            Err(crate::Status::Rejected)
        }
    }
}
