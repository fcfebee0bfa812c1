//! Arrival: `GET /` (and `HEAD /`) answers the form.
//!
//! Invariants:
//! 1. The JSON body is [`formgate::publish::Published::body`], computed once at startup from the
//!    compiled form that verifies acts; every answer is a reference-counted copy of the
//!    same bytes, so it cannot depend on headers, cookies or history.
//! 2. The only request headers read are `Accept` (the page for people, only when it
//!    names `text/html` with a non-zero weight: `formgate::publish::wants_html`) and
//!    `If-None-Match` (`304` when it matches the strong entity tag of the JSON:
//!    `Published::matches`). With no `Accept`, or one without
//!    `text/html`, the answer is always the JSON.
//! 3. Both representations carry `Vary: Accept`, so a cache never hands one for the
//!    other. The choice of answer and every header of it are the library's
//!    (`Published::answer`, `Published::headers`), shared with formgate-axum.

use formgate::publish::{Answer, Header, Published};
use hyper::body::Bytes;
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Response, StatusCode};

use super::app::{full, Body};

/// The precomputed answers to `GET /`: for each [`Answer`], in [`Answer::ALL`]'s
/// order, its status, headers and body.
#[derive(Debug)]
pub(crate) struct Arrival {
    published: Published,
    answers: [(StatusCode, HeaderMap, Bytes); 3],
}

impl Arrival {
    /// Precompute the answers from the published body, its entity tag, the optional
    /// `GPT-Type` value and the page for people (invariant 3: the headers are the
    /// library's, [`Published::headers`]).
    pub fn new(published: &Published, gpt_type: Option<HeaderValue>, html: String) -> Arrival {
        let json = Bytes::copy_from_slice(published.body());
        let html = Bytes::from(html);
        let gpt_type = gpt_type.as_ref().map(HeaderValue::as_bytes);
        let answers = Answer::ALL.map(|answer| {
            let body = match answer {
                Answer::Json => json.clone(),
                Answer::NotModified => Bytes::new(),
                Answer::Page => html.clone(),
            };
            let status = StatusCode::from_u16(answer.status()).unwrap_or(StatusCode::OK);
            (
                status,
                header_map(published.headers(answer, gpt_type)),
                body,
            )
        });
        Arrival {
            published: published.clone(),
            answers,
        }
    }

    /// The answer to a `GET` or `HEAD` with these request headers (invariant 2). For
    /// `HEAD` the server sends the same head and no body.
    pub fn respond(&self, request: &HeaderMap) -> Response<Body> {
        let values = |name| request.get_all(name).into_iter().map(HeaderValue::as_bytes);
        let answer = self
            .published
            .answer(values(header::ACCEPT), values(header::IF_NONE_MATCH));
        let (status, headers, body) = &self.answers[answer as usize];
        let mut r = Response::new(full(body.clone()));
        *r.status_mut() = *status;
        *r.headers_mut() = headers.clone();
        r
    }
}

/// The library's headers as a map. Every name is a valid lower-case field name and
/// every value a valid field value (the `GPT-Type` value was one already), so none is
/// dropped in practice; one that were invalid would be left out, not sent broken.
fn header_map(headers: Vec<Header>) -> HeaderMap {
    headers
        .into_iter()
        .filter_map(|(name, value)| {
            let name = HeaderName::from_bytes(name.as_bytes()).ok()?;
            Some((name, HeaderValue::from_bytes(&value).ok()?))
        })
        .collect()
}
