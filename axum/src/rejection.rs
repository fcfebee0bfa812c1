//! [`VerifyRejection`]: why a body was refused, as an HTTP status, an RFC 9457
//! `application/problem+json` body, and a text for a model.
//!
//! Invariants:
//! 1. Nothing in a rejection's answer comes from the body's values: messages are built
//!    from the kind of failure, the form's keyword and pointer, and byte offsets; the
//!    deserializer's message (which may quote a value) is never sent. The body pointer
//!    names members the client itself sent, and is cut to whole segments within
//!    [`MAX_POINTER`] bytes.
//! 2. `errors` holds at most [`Problems::max_errors`] entries (formgate reports the
//!    first violation, so today at most one).
//! 3. The status is decided by the kind of failure ([`Problem`]) and the
//!    [`Problems`] in force, never by the body.

use std::fmt;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use formgate::{Rejection, RejectionKind};
use formgate_address::{cut_pointer, problem_json};
pub use formgate_address::{ProblemError, MAX_POINTER, PROBLEM_CONTENT_TYPE};

/// The kind of failure, which decides the status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Problem {
    /// The body is not strict JSON: a syntax error, a duplicate member name, bytes after
    /// the value, nesting beyond `max_depth`. `400 Bad Request` by default.
    ///
    /// formgate decides at the first byte after which no admitted value can begin, so
    /// a body that breaks both the form and strict JSON gets whichever comes first: `[`
    /// for an object form is [`Problem::Form`] (`type`), `{"a":1,"a":2}` is this.
    Strictness,
    /// The body is strict JSON but the form does not admit it, or the form admits it and
    /// the handler's type cannot hold it. `422 Unprocessable Content` by default.
    Form,
    /// The body is longer than the form's `max_bytes` or axum's body limit
    /// (`DefaultBodyLimit`). `413 Content Too Large` by default.
    TooLarge,
    /// The request does not say its body is JSON (`Content-Type: application/json` or
    /// `application/*+json`). `415 Unsupported Media Type` by default.
    MediaType,
    /// The body could not be read (the connection broke, a framing error). `400 Bad
    /// Request` by default.
    Unreadable,
    /// An act to an [`Address`](crate::Address) whose `If-Match` names another form
    /// than the one served: refused before reading. `412 Precondition Failed` by
    /// default.
    Precondition,
    /// An act to an [`Address`](crate::Address) over its client's rate
    /// ([`Address::rate_limit`](crate::Address::rate_limit)). `429 Too Many Requests`
    /// by default (the address answers it with `Retry-After`).
    RateLimited,
}

impl Problem {
    fn index(self) -> usize {
        match self {
            Problem::Strictness => 0,
            Problem::Form => 1,
            Problem::TooLarge => 2,
            Problem::MediaType => 3,
            Problem::Unreadable => 4,
            Problem::Precondition => 5,
            Problem::RateLimited => 6,
        }
    }

    fn default_status(self) -> StatusCode {
        match self {
            Problem::Strictness | Problem::Unreadable => StatusCode::BAD_REQUEST,
            Problem::Form => StatusCode::UNPROCESSABLE_ENTITY,
            Problem::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Problem::MediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Problem::Precondition => StatusCode::PRECONDITION_FAILED,
            Problem::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        }
    }
}

/// How rejections are answered: the status of each [`Problem`], whether the problem
/// body explains, and how many errors it lists. Set at start-up or changed at run
/// time (it is a value held by the [`FormFor`](crate::FormFor) or
/// [`VerifyLayer`](crate::VerifyLayer)); the default answers 400, 422, 413 and 415 with
/// an explaining body of at most 8 errors.
///
/// ```
/// use axum::http::StatusCode;
/// use formgate_axum::{Problem, Problems};
///
/// let problems = Problems::default()
///     .status(Problem::Form, StatusCode::BAD_REQUEST)
///     .explain(false);
/// assert_eq!(problems.status_of(Problem::Form), StatusCode::BAD_REQUEST);
/// assert_eq!(problems.status_of(Problem::TooLarge), StatusCode::PAYLOAD_TOO_LARGE);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problems {
    statuses: [StatusCode; 7],
    explain: bool,
    max_errors: usize,
}

impl Default for Problems {
    fn default() -> Problems {
        let all = [
            Problem::Strictness,
            Problem::Form,
            Problem::TooLarge,
            Problem::MediaType,
            Problem::Unreadable,
            Problem::Precondition,
            Problem::RateLimited,
        ];
        Problems {
            statuses: all.map(Problem::default_status),
            explain: true,
            max_errors: 8,
        }
    }
}

impl Problems {
    /// Answer `problem` with `status` (any status; a 2xx would tell a client its
    /// request succeeded, so choose a 4xx).
    pub fn status(mut self, problem: Problem, status: StatusCode) -> Problems {
        self.statuses[problem.index()] = status;
        self
    }

    /// Whether the problem body carries `detail` and `errors` (default `true`). Without,
    /// it has only `type`, `title` and `status`.
    pub fn explain(mut self, explain: bool) -> Problems {
        self.explain = explain;
        self
    }

    /// The most entries `errors` lists (default 8).
    pub fn max_errors(mut self, n: usize) -> Problems {
        self.max_errors = n;
        self
    }

    /// The status `problem` is answered with.
    pub fn status_of(&self, problem: Problem) -> StatusCode {
        self.statuses[problem.index()]
    }

    /// Whether problem bodies explain.
    pub fn explains(&self) -> bool {
        self.explain
    }

    /// The most entries `errors` lists.
    pub fn error_cap(&self) -> usize {
        self.max_errors
    }
}

/// A refused request body: the status, the problem body and the model-facing text.
///
/// It answers as an RFC 9457 problem (`application/problem+json`):
///
/// ```json
/// {"type":"about:blank","title":"Unprocessable Entity","status":422,
///  "detail":"The body is not admitted by the form.",
///  "errors":[{"kind":"not-admitted","keyword":"maximum","offset":30,"pointer":"/priority",
///   "formPointer":"/properties/priority/maximum",
///   "message":"not admitted by the form's \"maximum\" at /properties/priority/maximum"}]}
/// ```
///
/// Each entry of `errors` names the rejection as `Rejection::to_json` does
/// ([`ProblemError`]): a body that is not strict JSON is `{"kind":"malformed",
/// "reason":"duplicate-key",...}`.
///
/// Nothing in it repeats a value of the body. Use it with axum-extra's
/// `WithRejection` to answer in your own error type.
///
/// ```
/// use formgate_axum::{Problem, VerifyRejection};
/// let form = formgate::Form::compile(br#"{"type":"integer","maximum":5}"#).unwrap();
/// let r = VerifyRejection::from_rejection(form.verify(b"6").unwrap_err(), &Default::default());
/// assert_eq!(r.problem(), Problem::Form);
/// assert_eq!(r.status().as_u16(), 422);
/// assert!(r.problem_json().contains(r#""keyword":"maximum""#));
/// assert!(!r.model_text().contains('6'));
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct VerifyRejection {
    problem: Problem,
    status: StatusCode,
    rejection: Option<Box<Rejection>>,
    limit: Option<u64>,
    explain: bool,
    max_errors: usize,
}

impl VerifyRejection {
    fn new(problem: Problem, problems: &Problems) -> VerifyRejection {
        VerifyRejection {
            problem,
            status: problems.status_of(problem),
            rejection: None,
            limit: None,
            explain: problems.explains(),
            max_errors: problems.error_cap(),
        }
    }

    /// A rejection by formgate (`Form::verify`, `verify_into`), answered as `problems`
    /// says.
    pub fn from_rejection(rejection: Rejection, problems: &Problems) -> VerifyRejection {
        let problem = match rejection.kind() {
            RejectionKind::TooLarge { .. } => Problem::TooLarge,
            RejectionKind::Malformed(_) => Problem::Strictness,
            _ => Problem::Form,
        };
        let limit = match rejection.kind() {
            RejectionKind::TooLarge { limit } => Some(limit as u64),
            _ => None,
        };
        VerifyRejection {
            rejection: Some(Box::new(rejection)),
            limit,
            ..VerifyRejection::new(problem, problems)
        }
    }

    /// The request's `Content-Type` is not JSON.
    pub fn media_type(problems: &Problems) -> VerifyRejection {
        VerifyRejection::new(Problem::MediaType, problems)
    }

    /// The body is longer than `limit` bytes (or than axum's body limit, when `None`).
    pub fn too_large(limit: Option<u64>, problems: &Problems) -> VerifyRejection {
        VerifyRejection {
            limit,
            ..VerifyRejection::new(Problem::TooLarge, problems)
        }
    }

    /// The body could not be read.
    pub fn unreadable(problems: &Problems) -> VerifyRejection {
        VerifyRejection::new(Problem::Unreadable, problems)
    }

    /// The act's `If-Match` names another form than the one served.
    pub fn precondition_failed(problems: &Problems) -> VerifyRejection {
        VerifyRejection::new(Problem::Precondition, problems)
    }

    /// The act's client is over its rate.
    pub fn rate_limited(problems: &Problems) -> VerifyRejection {
        VerifyRejection::new(Problem::RateLimited, problems)
    }

    /// The kind of failure.
    pub fn problem(&self) -> Problem {
        self.problem
    }

    /// The status of the answer.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// formgate's rejection (kind, byte offset, pointers), for logs; `None` for a
    /// refused media type, an unreadable body or a size refused before reading.
    pub fn rejection(&self) -> Option<&Rejection> {
        self.rejection.as_deref()
    }

    /// The problem's `detail`: one sentence, from the kind of failure only.
    pub fn detail(&self) -> String {
        if let (Problem::Strictness | Problem::Form, Some(r)) = (self.problem, self.rejection()) {
            return formgate_address::detail(r.kind());
        }
        match (self.problem, self.limit) {
            (Problem::Strictness, _) => "The body is not strict JSON.".to_owned(),
            (Problem::Form, _) => "The body is not admitted by the form.".to_owned(),
            (Problem::TooLarge, Some(limit)) => {
                format!("The body is longer than the limit of {limit} bytes.")
            }
            (Problem::TooLarge, None) => "The body is longer than the limit.".to_owned(),
            (Problem::MediaType, _) => {
                "The request must say Content-Type: application/json.".to_owned()
            }
            (Problem::Unreadable, _) => "The body could not be read.".to_owned(),
            (Problem::Precondition, _) => {
                "The act's If-Match names another form than the one served.".to_owned()
            }
            (Problem::RateLimited, _) => "Too many requests from this client.".to_owned(),
        }
    }

    /// The entries of the problem's `errors` (invariants 1 and 2), built by
    /// formgate-address as every report of an address is.
    pub fn errors(&self) -> Vec<ProblemError> {
        let Some(r) = &self.rejection else {
            return Vec::new();
        };
        std::iter::once(ProblemError::new(r))
            .take(self.max_errors)
            .collect()
    }

    /// The RFC 9457 problem body, compact JSON.
    pub fn problem_json(&self) -> String {
        let detail = self.detail();
        let errors = self.errors();
        problem_json(
            self.status,
            self.explain.then_some((detail.as_str(), errors.as_slice())),
        )
    }

    /// A text for a model that sent the body (an MCP tool result with `isError: true`,
    /// or a re-prompt): what was wrong, where, and what to do, without repeating any
    /// value of the body.
    ///
    /// ```
    /// use formgate_axum::VerifyRejection;
    /// let form = formgate::Form::compile(br#"{"type":"object","properties":{"n":{"maximum":5}}}"#).unwrap();
    /// let r = VerifyRejection::from_rejection(form.verify(br#"{"n":60}"#).unwrap_err(), &Default::default());
    /// assert_eq!(
    ///     r.model_text(),
    ///     "The request body was rejected (422): the value at /n is not admitted by the \
    ///      JSON Schema keyword \"maximum\" at /properties/n/maximum. Send the whole body \
    ///      again as one JSON value that conforms to the schema."
    /// );
    /// ```
    pub fn model_text(&self) -> String {
        let status = self.status.as_u16();
        let again = "Send the whole body again as one JSON value that conforms to the schema.";
        let r = self.rejection();
        let at = |r: &Rejection| match cut_pointer(r.pointer()) {
            "" => "the body".to_owned(),
            p => format!("the value at {p}"),
        };
        match (self.problem, r.map(Rejection::kind)) {
            (Problem::Form, Some(RejectionKind::NotAdmitted { keyword })) => {
                let r = r.expect("a rejection");
                let form_at = r
                    .form_pointer()
                    .map_or_else(String::new, |p| format!(" at {p}"));
                format!(
                    "The request body was rejected ({status}): {} is not admitted by the \
                     JSON Schema keyword {:?}{form_at}. {again}",
                    at(r),
                    keyword.name()
                )
            }
            (Problem::Strictness, Some(RejectionKind::Malformed(kind))) => {
                let r = r.expect("a rejection");
                format!(
                    "The request body was rejected ({status}): it is not strict JSON ({kind} \
                     at byte {}). Send exactly one JSON value, with unique member names and \
                     nothing after it.",
                    r.offset()
                )
            }
            (Problem::Form, _) => format!(
                "The request body was rejected ({status}): it conforms to the schema but the \
                 server cannot represent it. Send a different value."
            ),
            _ => format!(
                "The request body was rejected ({status}): {}",
                self.detail()
            ),
        }
    }
}

impl fmt::Display for VerifyRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Invariant 1: formgate's `Rejection` may carry the deserializer's message, so it
        // is left to `rejection()`, for logs.
        write!(f, "{} ({})", self.detail(), self.status.as_u16())
    }
}

impl std::error::Error for VerifyRejection {}

impl IntoResponse for VerifyRejection {
    fn into_response(self) -> Response {
        let mut response = (self.status, self.problem_json()).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(PROBLEM_CONTENT_TYPE),
        );
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An entry of `errors` is the rejection as `Rejection::to_json` writes it, less
    /// the deserializer's `detail`, plus a `message`.
    #[test]
    fn entries_speak_to_json() {
        let form = formgate::Form::builder()
            .max_bytes(32)
            .max_depth(2)
            .compile(br#"{"items":{"type":"integer","maximum":300}}"#)
            .unwrap();
        let rejections = [
            form.verify(b"[400]").unwrap_err(),
            form.verify(br#"{"a":1,"a":2}"#).unwrap_err(),
            form.verify(br#"{"a":{"b":{}}}"#).unwrap_err(),
            form.verify(&[b' '; 33]).unwrap_err(),
            form.verify_into::<Vec<u8>>(b"[1,300]").unwrap_err(),
        ];
        let mut kinds = Vec::new();
        for r in rejections {
            let mut want: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&r.to_json()).unwrap();
            want.remove("detail");
            let problem = VerifyRejection::from_rejection(r, &Problems::default());
            let body: serde_json::Value = serde_json::from_str(&problem.problem_json()).unwrap();
            let mut entry = body["errors"][0].as_object().unwrap().clone();
            assert!(entry.remove("message").is_some_and(|m| m.is_string()));
            assert_eq!(entry, want, "{}", problem.problem_json());
            assert!(entry.keys().eq(want.keys()), "{}", problem.problem_json());
            kinds.push(want["kind"].as_str().unwrap().to_owned());
        }
        let expected = [
            "not-admitted",
            "malformed",
            "malformed",
            "too-large",
            "unrepresentable",
        ];
        assert_eq!(kinds, expected);
    }

    #[test]
    fn rejects_without_echoing_values() {
        let form = formgate::Form::compile(
            br#"{"type":"object","properties":{"secret":{"type":"string","maxLength":3}}}"#,
        )
        .unwrap();
        let r = form.verify(br#"{"secret":"hunter2"}"#).unwrap_err();
        let r = VerifyRejection::from_rejection(r, &Problems::default());
        for text in [r.problem_json(), r.model_text(), r.to_string()] {
            assert!(!text.contains("hunter2"), "{text}");
        }
        assert!(r.problem_json().contains(
            r#"{"kind":"not-admitted","keyword":"maxLength","offset":10,"pointer":"/secret","formPointer":"/properties/secret/maxLength","#
        ));
        let quiet = VerifyRejection::from_rejection(
            form.verify(b"{,").unwrap_err(),
            &Problems::default().explain(false),
        );
        assert_eq!(
            quiet.problem_json(),
            r#"{"type":"about:blank","title":"Bad Request","status":400}"#
        );
        let capped = VerifyRejection::from_rejection(
            form.verify(b"{,").unwrap_err(),
            &Problems::default().max_errors(0),
        );
        assert!(capped.problem_json().ends_with(r#""errors":[]}"#));
    }
}
