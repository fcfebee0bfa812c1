//! Loading the FORM argument: read (bounded) and compile, with limits for its bodies.

use std::path::Path;

use formgate::{Form, Limits};

use crate::input::Source;

/// The largest form read from disk or standard input.
const MAX_FORM_BYTES: usize = formgate::DEFAULT_MAX_BYTES;

/// Read and compile the form at `path` with `limits` for its bodies. On failure the
/// message is printed and the status to exit with is returned.
pub(crate) fn load(path: &Path, limits: Limits) -> Result<Form, crate::Status> {
    let source = Source::new(path);
    let bytes = match source.read(MAX_FORM_BYTES + 1) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: {e}", source.name());
            return Err(crate::Status::Failed);
        }
    };
    match Form::builder().limits(limits).compile(&bytes) {
        Ok(form) => Ok(form),
        Err(e) => {
            eprintln!("{}: {e}", source.name());
            Err(crate::Status::Rejected)
        }
    }
}
