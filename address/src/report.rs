//! Rejection reports: an RFC 9457 `application/problem+json` body that says why a body
//! was refused, by the library's stable names, for an address under development
//! (`formgate serve --report-rejections`, formgate-axum's `Address::report_rejections`)
//! and for formgate-axum's typed API.
//!
//! Invariants:
//! 1. Nothing in a report comes from the body's values: an entry holds the members and
//!    stable names of `Rejection::to_json` (the kind, the keyword or the rule of strict
//!    JSON, the limit, the byte offset, the pointers) and a message built from them,
//!    never `Rejection::detail`, which may quote a value. The body pointer names
//!    members the client itself sent, and is cut to whole segments within
//!    [`MAX_POINTER`] bytes.
//! 2. A report is built from the rejection alone: the same rejection, the same bytes.

use formgate::{Rejection, RejectionKind};
use http::StatusCode;

/// The content type of a problem body (RFC 9457 §3).
pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

/// The longest body pointer a report repeats, in bytes.
pub const MAX_POINTER: usize = 256;

/// One entry of a problem's `errors`: formgate's rejection by the members and names of
/// `Rejection::to_json` (`kind`, `reason`, `keyword`, `limit`, `offset`, `pointer`,
/// `formPointer`, `applicator`), and a `message`; never its `detail`, which may quote
/// the body (invariant 1).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProblemError {
    /// What was wrong: the entry's `kind` is its [`RejectionKind::name`]
    /// (`"not-admitted"`, `"malformed"`, `"too-large"`, `"unrepresentable"`), with the
    /// keyword that decided as `keyword` ([`formgate::Keyword::name`]: `"maximum"`,
    /// `"required"`), the rule of strict JSON broken as `reason`
    /// ([`formgate::json::ParseErrorKind::name`]: `"duplicate-key"`,
    /// `"trailing-bytes"`), and the limit in force as `limit`.
    pub kind: RejectionKind,
    /// The byte offset in the body at which the rejection became certain.
    pub offset: u64,
    /// The JSON Pointer of the offending value in the body (`""` is the whole body),
    /// cut to whole segments within [`MAX_POINTER`] bytes.
    pub pointer: String,
    /// The JSON Pointer, in the form, of the keyword that decided (for
    /// `"not-admitted"`).
    pub form_pointer: Option<String>,
    /// For a failure under `anyOf` or `oneOf`: the JSON Pointer, in the form, of the
    /// applicator whose branches all failed (`Rejection::applicator`).
    pub applicator: Option<String>,
    /// A short message built from the kind, keyword and pointers, never from the
    /// body's values.
    pub message: String,
}

impl ProblemError {
    /// The entry for `rejection` (invariant 1).
    ///
    /// ```
    /// let form = formgate::Form::compile(br#"{"properties":{"n":{"maximum":5}}}"#).unwrap();
    /// let e = formgate_address::ProblemError::new(&form.verify(br#"{"n":6}"#).unwrap_err());
    /// assert_eq!(e.pointer, "/n");
    /// assert_eq!(e.message, "not admitted by the form's \"maximum\" at /properties/n/maximum");
    /// ```
    pub fn new(rejection: &Rejection) -> ProblemError {
        let r = rejection;
        let message = match r.kind() {
            RejectionKind::NotAdmitted { keyword } => match r.form_pointer() {
                Some(at) => format!("not admitted by the form's {:?} at {at}", keyword.name()),
                None => format!("not admitted by the form's {:?}", keyword.name()),
            },
            RejectionKind::Malformed(kind) => format!("{kind} at byte {}", r.offset()),
            RejectionKind::TooLarge { limit } => format!("longer than {limit} bytes"),
            _ => "admitted by the form, but not of the server's type".to_owned(),
        };
        ProblemError {
            kind: r.kind(),
            offset: r.offset(),
            pointer: cut_pointer(r.pointer()).to_owned(),
            form_pointer: r.form_pointer().map(str::to_owned),
            applicator: r.applicator().map(str::to_owned),
            message,
        }
    }

    /// The entry for a body refused by its declared length, over `limit`, before any
    /// of it was read: `too-large` at offset 0.
    pub fn declared(limit: usize) -> ProblemError {
        ProblemError {
            kind: RejectionKind::TooLarge { limit },
            offset: 0,
            pointer: String::new(),
            form_pointer: None,
            applicator: None,
            message: format!("declared longer than {limit} bytes"),
        }
    }

    /// The entry as a JSON object, its members in `Rejection::to_json`'s order, a
    /// member that does not apply left out, then `message`.
    pub fn write_json(&self, out: &mut String) {
        out.push_str("{\"kind\":");
        json_string(self.kind.name(), out);
        match self.kind {
            RejectionKind::Malformed(reason) => {
                out.push_str(",\"reason\":");
                json_string(reason.name(), out);
            }
            RejectionKind::NotAdmitted { keyword } => {
                out.push_str(",\"keyword\":");
                json_string(keyword.name(), out);
            }
            _ => {}
        }
        if let Some(limit) = self.kind.limit() {
            out.push_str(&format!(",\"limit\":{limit}"));
        }
        out.push_str(&format!(",\"offset\":{},\"pointer\":", self.offset));
        json_string(&self.pointer, out);
        if let Some(fp) = &self.form_pointer {
            out.push_str(",\"formPointer\":");
            json_string(fp, out);
        }
        if let Some(a) = &self.applicator {
            out.push_str(",\"applicator\":");
            json_string(a, out);
        }
        out.push_str(",\"message\":");
        json_string(&self.message, out);
        out.push('}');
    }
}

/// The problem's `detail` for a rejection of this kind: one sentence, from the kind
/// only.
pub fn detail(kind: RejectionKind) -> String {
    match kind {
        RejectionKind::Malformed(_) => "The body is not strict JSON.".to_owned(),
        RejectionKind::NotAdmitted { .. } => "The body is not admitted by the form.".to_owned(),
        RejectionKind::TooLarge { limit } => {
            format!("The body is longer than the limit of {limit} bytes.")
        }
        _ => "The body is admitted by the form but does not fit the server's type.".to_owned(),
    }
}

/// An RFC 9457 problem body, compact JSON: `type` `about:blank`, the status's reason as
/// `title`, `status`, and, when `explain` is given, its `detail` and `errors`.
///
/// ```
/// let body = formgate_address::problem_json(http::StatusCode::BAD_REQUEST, None);
/// assert_eq!(body, r#"{"type":"about:blank","title":"Bad Request","status":400}"#);
/// ```
pub fn problem_json(status: StatusCode, explain: Option<(&str, &[ProblemError])>) -> String {
    let mut out = String::with_capacity(256);
    out.push_str("{\"type\":\"about:blank\",\"title\":");
    json_string(status.canonical_reason().unwrap_or("Error"), &mut out);
    out.push_str(",\"status\":");
    out.push_str(&status.as_u16().to_string());
    if let Some((detail, errors)) = explain {
        out.push_str(",\"detail\":");
        json_string(detail, &mut out);
        out.push_str(",\"errors\":[");
        for (i, e) in errors.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            e.write_json(&mut out);
        }
        out.push(']');
    }
    out.push('}');
    out
}

/// `pointer` cut to whole segments within [`MAX_POINTER`] bytes (invariant 1).
///
/// ```
/// use formgate_address::{cut_pointer, MAX_POINTER};
/// assert_eq!(cut_pointer("/a/b"), "/a/b");
/// let long = format!("/{}/{}", "x".repeat(200), "y".repeat(100));
/// assert_eq!(cut_pointer(&long), format!("/{}", "x".repeat(200)));
/// assert_eq!(cut_pointer(&format!("/{}", "z".repeat(MAX_POINTER))), "");
/// ```
pub fn cut_pointer(pointer: &str) -> &str {
    if pointer.len() <= MAX_POINTER {
        return pointer;
    }
    let mut end = 0;
    for (i, _) in pointer.match_indices('/') {
        if i > MAX_POINTER {
            break;
        }
        end = i;
    }
    &pointer[..end]
}

/// Write `s` as a JSON string.
fn json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_json_strings() {
        let mut out = String::new();
        json_string("a\"b\\c\n\u{1}é", &mut out);
        assert_eq!(out, r#""a\"b\\c\u000a\u0001é""#);
    }
}
