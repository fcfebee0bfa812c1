//! Loading the FORM argument: read (bounded) and compile, with limits for its bodies.

use std::path::Path;

use formgate::{Dialect, Form, Limits};

use crate::input::Source;

/// The largest form read from disk or standard input.
const MAX_FORM_BYTES: usize = formgate::DEFAULT_MAX_BYTES;

/// `--default-dialect` and `--annotation`, shared by every subcommand that compiles a
/// form (`#[command(flatten)]` it into the subcommand's arguments).
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct CompileArgs {
    /// The dialect of a form without `$schema`: draft4, draft6, draft7, 2019-09 or
    /// 2020-12 (a form's own `$schema` always wins)
    #[arg(long, value_name = "DIALECT", default_value = "2020-12", value_parser = parse_dialect)]
    pub default_dialect: Dialect,
    /// Keep the extension keyword NAME as an annotation wherever the form holds it
    /// (repeatable); any other unknown keyword fails the compile
    #[arg(long = "annotation", value_name = "NAME")]
    pub annotations: Vec<String>,
}

impl CompileArgs {
    /// A builder with these options and `limits` for the bodies.
    pub(crate) fn builder(&self, limits: Limits) -> formgate::FormBuilder {
        let mut b = Form::builder()
            .limits(limits)
            .default_dialect(self.default_dialect);
        for name in &self.annotations {
            b = b.annotation(name.as_str());
        }
        b
    }
}

fn parse_dialect(s: &str) -> Result<Dialect, String> {
    Dialect::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.name()).collect();
        format!("expected one of {}", names.join(", "))
    })
}

/// Read and compile the form at `path` with `limits` for its bodies and the options
/// `args`. On failure the message is printed and the status to exit with is returned.
pub(crate) fn load(path: &Path, limits: Limits, args: &CompileArgs) -> Result<Form, crate::Status> {
    let source = Source::new(path);
    let bytes = match source.read(MAX_FORM_BYTES + 1) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: {e}", source.name());
            return Err(crate::Status::Failed);
        }
    };
    match args.builder(limits).compile(&bytes) {
        Ok(form) => Ok(form),
        Err(e) => {
            eprintln!("{}: {e}", source.name());
            Err(crate::Status::Rejected)
        }
    }
}
