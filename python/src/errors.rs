//! formgate's errors as the Python exceptions of `formgate._errors`.
//!
//! Invariants:
//! 1. Every Rust error crosses the boundary as an instance of one of the package's
//!    exception classes, never as a panic: [`rejection`] for bodies, [`form_error`] for
//!    schemas.
//! 2. Kind names are the core crate's stable names (`RejectionKind::name`,
//!    `ParseErrorKind::name`: `"not-admitted"`, `"duplicate-key"`), never a table of
//!    this package's own, so they are the same as the command line's and
//!    formgate-axum's, and as `tests/data/verdicts.json` at the repository root spells
//!    them, which a Rust test of the core crate also reads.

use formgate::json::{ParseError, ParseErrorKind};
use formgate::{FormError, Rejection, RejectionKind};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

static REJECTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static FORM_ERROR: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The fields of a Python `Rejection`, in the order its constructor takes them.
pub(crate) struct RejectionFields {
    pub message: String,
    pub kind: &'static str,
    pub offset: u64,
    pub pointer: String,
    pub form_pointer: Option<String>,
    pub reason: Option<String>,
    pub limit: Option<usize>,
    pub detail: Option<String>,
    pub applicator: Option<String>,
}

impl RejectionFields {
    /// The Python exception (invariant 1).
    pub(crate) fn into_err(self, py: Python<'_>) -> PyErr {
        let class = match REJECTION.import(py, "formgate._errors", "Rejection") {
            Ok(class) => class,
            Err(e) => return e,
        };
        let args = (
            self.message,
            self.kind,
            self.offset,
            self.pointer,
            self.form_pointer,
            self.reason,
            self.limit,
            self.detail,
            self.applicator,
        );
        match class.call1(args) {
            Ok(instance) => PyErr::from_value(instance),
            Err(e) => e,
        }
    }
}

/// The Python `Rejection` for a body the form does not admit.
pub(crate) fn rejection(py: Python<'_>, r: &Rejection) -> PyErr {
    let (reason, limit) = reason_and_limit(r.kind());
    RejectionFields {
        message: r.to_string(),
        kind: r.kind().name(),
        offset: r.offset(),
        pointer: r.pointer().to_owned(),
        form_pointer: r.form_pointer().map(str::to_owned),
        reason,
        limit,
        detail: r.detail().map(str::to_owned),
        applicator: r.applicator().map(str::to_owned),
    }
    .into_err(py)
}

/// The Python `Rejection` for bytes that are not strict JSON (`formgate.check`): the
/// kind a body with this error would be rejected with.
pub(crate) fn parse_rejection(py: Python<'_>, e: &ParseError) -> PyErr {
    let kind = match e.kind() {
        ParseErrorKind::TooLarge { limit } => RejectionKind::TooLarge { limit },
        k => RejectionKind::Malformed(k),
    };
    let (reason, limit) = reason_and_limit(kind);
    RejectionFields {
        message: e.to_string(),
        kind: kind.name(),
        offset: e.offset(),
        pointer: e.pointer().unwrap_or("").to_owned(),
        form_pointer: None,
        reason,
        limit,
        detail: None,
        applicator: None,
    }
    .into_err(py)
}

/// The `reason` (the strictness rule for `malformed`, the keyword for `not-admitted`)
/// and the `limit` (of `too-large` and `too-deep`) of a rejection, by their stable
/// names (invariant 2).
fn reason_and_limit(kind: RejectionKind) -> (Option<String>, Option<usize>) {
    let reason = match kind {
        RejectionKind::Malformed(k) => Some(k.name().to_owned()),
        RejectionKind::NotAdmitted { keyword } => Some(keyword.name().to_owned()),
        _ => None,
    };
    (reason, kind.limit())
}

/// The Python `FormError` for a schema that does not compile.
pub(crate) fn form_error(py: Python<'_>, e: &FormError) -> PyErr {
    // The crate's stable names (invariant 2).
    let (kind, reason) = (e.kind().name(), e.kind().reason());
    let class = match FORM_ERROR.import(py, "formgate._errors", "FormError") {
        Ok(class) => class,
        Err(err) => return err,
    };
    let args = (
        e.to_string(),
        kind,
        e.keyword(),
        e.pointer(),
        e.offset(),
        reason,
        e.resource(),
    );
    match class.call1(args) {
        Ok(instance) => PyErr::from_value(instance),
        Err(err) => err,
    }
}
