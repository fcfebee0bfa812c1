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
//!    other.

use hyper::body::Bytes;
use hyper::header::{self, HeaderMap, HeaderName, HeaderValue};
use hyper::{Response, StatusCode};

use super::app::{full, Body};

/// The `GPT-Type` response header.
pub(crate) static GPT_TYPE: HeaderName = HeaderName::from_static("gpt-type");

/// The precomputed answers to `GET /`.
#[derive(Debug)]
pub(crate) struct Arrival {
    json: Bytes,
    json_headers: HeaderMap,
    not_modified_headers: HeaderMap,
    published: formgate::publish::Published,
    html: Bytes,
    html_headers: HeaderMap,
}

impl Arrival {
    /// Precompute the answers from the published body, its entity tag, the optional
    /// `GPT-Type` value and the page for people.
    pub fn new(
        published: &formgate::publish::Published,
        gpt_type: Option<HeaderValue>,
        html: String,
    ) -> Arrival {
        let etag = HeaderValue::from_str(published.etag()).expect("the entity tag is ASCII");
        let mut common = HeaderMap::new();
        common.insert(header::VARY, HeaderValue::from_static("Accept"));
        // The form may change when the address restarts: revalidate (cheaply, by tag).
        common.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        common.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        if let Some(t) = gpt_type {
            common.insert(GPT_TYPE.clone(), t);
        }

        let mut not_modified_headers = common.clone();
        not_modified_headers.insert(header::ETAG, etag.clone());

        let mut json_headers = not_modified_headers.clone();
        json_headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(published.content_type()),
        );

        let mut html_headers = common;
        html_headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(formgate::publish::PAGE_CONTENT_TYPE),
        );
        html_headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(formgate::publish::PAGE_CONTENT_SECURITY_POLICY),
        );

        Arrival {
            json: Bytes::copy_from_slice(published.body()),
            json_headers,
            not_modified_headers,
            published: published.clone(),
            html: Bytes::from(html),
            html_headers,
        }
    }

    /// The answer to a `GET` or `HEAD` with these request headers (invariant 2). For
    /// `HEAD` the server sends the same head and no body.
    pub fn respond(&self, request: &HeaderMap) -> Response<Body> {
        let values = |name| request.get_all(name).into_iter().map(HeaderValue::as_bytes);
        if formgate::publish::wants_html(values(header::ACCEPT)) {
            return answer(StatusCode::OK, &self.html_headers, self.html.clone());
        }
        if self.published.matches(values(header::IF_NONE_MATCH)) {
            return answer(
                StatusCode::NOT_MODIFIED,
                &self.not_modified_headers,
                Bytes::new(),
            );
        }
        answer(StatusCode::OK, &self.json_headers, self.json.clone())
    }
}

fn answer(status: StatusCode, headers: &HeaderMap, body: Bytes) -> Response<Body> {
    let mut r = Response::new(full(body));
    *r.status_mut() = status;
    *r.headers_mut() = headers.clone();
    r
}
