//! The answer to an act that was not accepted.
//!
//! Invariant: whatever failed (a rejection, a declared or counted size over the limit,
//! a body that did not finish in time, broken framing), the actor gets the same bare
//! `204 No Content` with no body and no reason. A time-out is a `204` too: a distinct
//! status would tell the actor that the bytes sent so far were still inside the form.
//! When body bytes were left unread the answer also says `Connection: close`: a matter
//! of framing, not of the reason (and an answer that comes before the body is sent says
//! as much anyway).

use bytes::Bytes;
use http::header::{self, HeaderValue};
use http::{Response, StatusCode};

/// The bare `204` of a refused act; `unread`: body bytes may be left unread, so the
/// connection is not reused.
pub fn refused(unread: bool) -> Response<Bytes> {
    let mut r = Response::new(Bytes::new());
    *r.status_mut() = StatusCode::NO_CONTENT;
    if unread {
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    r
}
