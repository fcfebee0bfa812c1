//! [`Arrival`]: `GET` (and `HEAD`) answers the form.
//!
//! Invariants:
//! 1. The JSON body is [`Published::body`], computed once from the compiled form that
//!    verifies acts; every answer is a reference-counted copy of the same bytes, so it
//!    cannot depend on headers, cookies or history.
//! 2. The only request headers read are `Accept` (the page for people, only when it
//!    names `text/html` with a non-zero weight: `formgate::publish::wants_html`) and
//!    `If-None-Match` (`304` when it matches the strong entity tag of the JSON:
//!    [`Published::matches`]). With no `Accept`, or one without `text/html`, the
//!    answer is always the JSON.
//! 3. Both representations carry `Vary: Accept`, so a cache never hands one for the
//!    other. The choice of answer and every header of it are the library's
//!    ([`Published::answer`], [`Published::headers`]).

use bytes::Bytes;
use formgate::publish::{Answer, Published};
use http::header::{self, HeaderMap, HeaderValue};
use http::{Response, StatusCode};

use crate::header::header_map;

/// The precomputed answers to `GET`: for each [`Answer`], in [`Answer::ALL`]'s order,
/// its status, headers and body.
#[derive(Debug, Clone)]
pub struct Arrival {
    published: Published,
    answers: [(StatusCode, HeaderMap, Bytes); 3],
}

impl Arrival {
    /// Precompute the answers from the published body and its entity tag, the optional
    /// `GPT-Type` value and the page for people (invariant 3).
    ///
    /// ```
    /// let form = formgate::Form::compile(b"{}").unwrap();
    /// let published = form.publish("Send anything.", &[]);
    /// let page = formgate::publish::page(&form, "Send anything.", &[], None, None);
    /// let arrival = formgate_address::Arrival::new(&published, None, page);
    /// let answer = arrival.respond(&http::HeaderMap::new());
    /// assert_eq!(answer.status(), 200);
    /// assert_eq!(answer.body().as_ref(), published.body());
    /// ```
    pub fn new(published: &Published, gpt_type: Option<&HeaderValue>, page: String) -> Arrival {
        let json = Bytes::copy_from_slice(published.body());
        let html = Bytes::from(page);
        let gpt_type = gpt_type.map(HeaderValue::as_bytes);
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

    /// The published body and its entity tag.
    pub fn published(&self) -> &Published {
        &self.published
    }

    /// The answer to a `GET` or `HEAD` with these request headers (invariant 2). For
    /// `HEAD` the server sends the same head and no body.
    pub fn respond(&self, request: &HeaderMap) -> Response<Bytes> {
        let values = |name| request.get_all(name).into_iter().map(HeaderValue::as_bytes);
        let answer = self
            .published
            .answer(values(header::ACCEPT), values(header::IF_NONE_MATCH));
        let (status, headers, body) = &self.answers[answer as usize];
        let mut r = Response::new(body.clone());
        *r.status_mut() = *status;
        *r.headers_mut() = headers.clone();
        r
    }
}
