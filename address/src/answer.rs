//! The answer to an act that was not accepted.
//!
//! Invariants:
//! 1. By default, whatever failed in the body (a rejection, a declared or counted size
//!    over the limit, a body that did not finish in time, broken framing), the actor
//!    gets the same bare `204 No Content` with no body and no reason. A time-out is a
//!    `204` too: a distinct status would tell the actor that the bytes sent so far were
//!    still inside the form.
//! 2. With reports (an address under development), a body the verifier refused or
//!    whose declared length is over the limit is answered `422` with an
//!    `application/problem+json` report (report.rs: the stable names, never a value of
//!    the body); a time-out or broken framing is still a bare `204`.
//! 3. An act whose `If-Match` names another form is `412 Precondition Failed` with no
//!    body, with or without reports: it says nothing of the body, which was not read.
//! 4. An act over its client's rate is `429 Too Many Requests` with `Retry-After` and
//!    no body (rate.rs), with or without reports.
//! 5. When body bytes were left unread the answer also says `Connection: close`: a
//!    matter of framing, not of the reason (and an answer that comes before the body
//!    is sent says as much anyway).

use bytes::Bytes;
use formgate::RejectionKind;
use http::header::{self, HeaderValue};
use http::{Response, StatusCode};

use crate::rate::limited;
use crate::report::{detail, problem_json, ProblemError, PROBLEM_CONTENT_TYPE};
use crate::verdict::Verdict;

/// The answer to an act with this `verdict` (any but [`Verdict::Accept`], which is
/// the handler's; given one, the bare `204`): `report` says whether rejections are
/// explained (invariant 2), `unread` that body bytes may be left unread, so that the
/// connection is not reused (invariant 5).
///
/// ```
/// use formgate_address::{refused, Verdict};
/// let form = formgate::Form::compile(br#"{"maximum":5}"#).unwrap();
/// let rejected = Verdict::Reject(form.verify(b"6").unwrap_err());
/// assert_eq!(refused(&rejected, false, false).status(), 204);
/// let report = refused(&rejected, true, false);
/// assert_eq!(report.status(), 422);
/// assert_eq!(report.headers()["content-type"], "application/problem+json");
/// assert_eq!(refused(&Verdict::Stale, true, true).status(), 412);
/// ```
pub fn refused(verdict: &Verdict, report: bool, unread: bool) -> Response<Bytes> {
    let explained = match verdict {
        Verdict::Reject(r) if report => Some((detail(r.kind()), ProblemError::new(r))),
        Verdict::Declared { limit, .. } if report => Some((
            detail(RejectionKind::TooLarge { limit: *limit }),
            ProblemError::declared(*limit),
        )),
        _ => None,
    };
    let mut r = match explained {
        Some((detail, error)) => {
            let status = StatusCode::UNPROCESSABLE_ENTITY;
            let body = problem_json(status, Some((&detail, &[error])));
            let mut r = Response::new(Bytes::from(body));
            *r.status_mut() = status;
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(PROBLEM_CONTENT_TYPE),
            );
            r
        }
        None => match verdict {
            Verdict::Limited { retry_after } => limited(*retry_after),
            _ => {
                let mut r = Response::new(Bytes::new());
                *r.status_mut() = match verdict {
                    Verdict::Stale => StatusCode::PRECONDITION_FAILED,
                    _ => StatusCode::NO_CONTENT,
                };
                r
            }
        },
    };
    if unread {
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    r
}
