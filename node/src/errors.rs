//! formgate's errors as plain data for `index.js`, which throws them as its `Rejection`
//! and `FormError` (subclasses of `Error`, made in JS where a stack trace is taken).
//!
//! Invariants:
//! 1. Every Rust error crosses the boundary as one of these values, never as a panic.
//! 2. Kind names are the core crate's stable names (`RejectionKind::name`,
//!    `ParseErrorKind::name`, `Keyword::name`), never a table of this package's own,
//!    so they are the same as the command line's, formgate-axum's and the Python
//!    package's, and as `tests/data/verdicts.json` spells them.

use formgate::json::{ParseError, ParseErrorKind};
use formgate::{FormError, Rejection, RejectionKind};
use napi_derive::napi;

/// A rejected body, as data (`index.js` turns it into a `Rejection`).
///
/// A plain object, not a `#[napi]` class: making a class instance and reading its ten
/// fields through getters took about 8.8 us per rejection of the small bench body with
/// an extra member, a plain object 2.8 us (verify included, medians of 7 runs of 10^5
/// calls on the bench machine).
#[napi(object)]
pub struct NativeRejection {
    /// The kind's stable name.
    pub kind: String,
    /// The keyword that did not admit (`not-admitted`).
    pub keyword: Option<String>,
    /// The keyword, or the strictness rule of `malformed`.
    pub reason: Option<String>,
    /// The byte offset of the verdict.
    pub offset: f64,
    /// The body pointer.
    pub pointer: String,
    /// The form pointer.
    pub form_pointer: Option<String>,
    /// The applicator's pointer.
    pub applicator: Option<String>,
    /// `max_bytes` or `max_depth`.
    pub limit: Option<f64>,
    /// More detail (`unrepresentable`).
    pub detail: Option<String>,
    /// The crate's one-line text of the rejection.
    pub message: String,
}

/// The `reason` (the strictness rule for `malformed`, the keyword for `not-admitted`),
/// the keyword, and the limit of a rejection's kind (invariant 2).
fn parts(kind: RejectionKind) -> (Option<String>, Option<String>, Option<f64>) {
    let (reason, keyword) = match kind {
        RejectionKind::Malformed(k) => (Some(k.name().to_owned()), None),
        RejectionKind::NotAdmitted { keyword } => (
            Some(keyword.name().to_owned()),
            Some(keyword.name().to_owned()),
        ),
        _ => (None, None),
    };
    (reason, keyword, kind.limit().map(|l| l as f64))
}

impl From<&Rejection> for NativeRejection {
    fn from(r: &Rejection) -> NativeRejection {
        let (reason, keyword, limit) = parts(r.kind());
        NativeRejection {
            kind: r.kind().name().to_owned(),
            keyword,
            reason,
            offset: r.offset() as f64,
            pointer: r.pointer().to_owned(),
            form_pointer: r.form_pointer().map(str::to_owned),
            applicator: r.applicator().map(str::to_owned),
            limit,
            detail: r.detail().map(str::to_owned),
            message: r.to_string(),
        }
    }
}

impl From<&ParseError> for NativeRejection {
    /// The rejection a body with this error gets (`check`).
    fn from(e: &ParseError) -> NativeRejection {
        let kind = match e.kind() {
            ParseErrorKind::TooLarge { limit } => RejectionKind::TooLarge { limit },
            k => RejectionKind::Malformed(k),
        };
        let (reason, keyword, limit) = parts(kind);
        NativeRejection {
            kind: kind.name().to_owned(),
            keyword,
            reason,
            offset: e.offset() as f64,
            pointer: e.pointer().unwrap_or("").to_owned(),
            form_pointer: None,
            applicator: None,
            limit,
            detail: None,
            message: e.to_string(),
        }
    }
}

impl NativeRejection {
    /// An admitted number that the value asked for cannot hold.
    pub(crate) fn unrepresentable(offset: u64, pointer: String, detail: String) -> Self {
        NativeRejection {
            kind: RejectionKind::Unrepresentable.name().to_owned(),
            keyword: None,
            reason: None,
            offset: offset as f64,
            message: format!(
                "admitted, but not of the requested type at byte {offset}, body {pointer:?}: {detail}"
            ),
            pointer,
            form_pointer: None,
            applicator: None,
            limit: None,
            detail: Some(detail),
        }
    }
}

/// A schema that did not compile, as data (`index.js` turns it into a `FormError`).
#[napi(object)]
pub struct NativeFormError {
    /// The kind's stable name (`FormErrorKind::name`).
    pub kind: String,
    /// The keyword at fault.
    pub keyword: Option<String>,
    /// The JSON Pointer of the fault.
    pub pointer: String,
    /// The byte offset, when known.
    pub offset: Option<f64>,
    /// The URI of the `resources` document the fault is in (pointer and offset are
    /// in it); absent for the form itself.
    pub resource: Option<String>,
    /// More detail.
    pub reason: Option<String>,
    /// The crate's text of the error.
    pub message: String,
}

impl From<&FormError> for NativeFormError {
    fn from(e: &FormError) -> NativeFormError {
        NativeFormError {
            kind: e.kind().name().to_owned(),
            keyword: e.keyword().map(str::to_owned),
            pointer: e.pointer().to_owned(),
            offset: e.offset().map(|o| o as f64),
            resource: e.resource().map(str::to_owned),
            reason: e.kind().reason(),
            message: e.to_string(),
        }
    }
}
