//! Arrival: `GET /` (and `HEAD /`) answers the form.
//!
//! Invariants:
//! 1. The JSON body is [`formgate::publish::Published::body`], computed once at startup from the
//!    compiled form that verifies acts; every answer is a reference-counted copy of the
//!    same bytes, so it cannot depend on headers, cookies or history.
//! 2. The only request headers read are `Accept` (the page for people, only when it
//!    names `text/html` with a non-zero weight) and `If-None-Match` (`304` when it
//!    matches the strong entity tag of the JSON). With no `Accept`, or one without
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
    etag: String,
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
            HeaderValue::from_static("text/html; charset=utf-8"),
        );
        html_headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
                 connect-src 'self'; form-action 'none'; frame-ancestors 'none'",
            ),
        );

        Arrival {
            json: Bytes::copy_from_slice(published.body()),
            json_headers,
            not_modified_headers,
            etag: published.etag().to_owned(),
            html: Bytes::from(html),
            html_headers,
        }
    }

    /// The answer to a `GET` or `HEAD` with these request headers (invariant 2). For
    /// `HEAD` the server sends the same head and no body.
    pub fn respond(&self, request: &HeaderMap) -> Response<Body> {
        if wants_html(request) {
            return answer(StatusCode::OK, &self.html_headers, self.html.clone());
        }
        if if_none_match(request, &self.etag) {
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

/// Whether any `Accept` field names `text/html` with a weight above zero. `*/*` and
/// `text/*` do not count: the JSON is the default, the page only asked for by name.
pub(crate) fn wants_html(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|range| {
            let mut parts = range.split(';');
            let media = parts.next().unwrap_or("").trim();
            media.eq_ignore_ascii_case("text/html")
                && !parts.any(|p| {
                    let p = p.trim();
                    let q = p
                        .strip_prefix("q=")
                        .or_else(|| p.strip_prefix("Q="))
                        .map(str::trim);
                    q.is_some_and(is_zero_weight)
                })
        })
}

/// `0`, `0.`, `0.0`, `0.000`: the weights that mean "not acceptable" (RFC 9110 §12.4.2).
fn is_zero_weight(q: &str) -> bool {
    match q.strip_prefix('0') {
        Some(rest) => {
            rest.is_empty()
                || rest
                    .strip_prefix('.')
                    .is_some_and(|d| d.bytes().all(|b| b == b'0'))
        }
        None => false,
    }
}

/// Whether `If-None-Match` matches `etag` (weak comparison, RFC 9110 §13.1.2), or is
/// `*`. Entity tags are scanned as quoted strings, so a comma inside one cannot split it.
pub(crate) fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .any(|v| list_matches(v.as_bytes(), etag.as_bytes()))
}

fn list_matches(mut s: &[u8], etag: &[u8]) -> bool {
    loop {
        while let [b' ' | b'\t' | b',', rest @ ..] = s {
            s = rest;
        }
        if s.is_empty() {
            return false;
        }
        if s[0] == b'*' {
            return true;
        }
        if let Some(rest) = s.strip_prefix(b"W/") {
            s = rest;
        }
        if s.first() != Some(&b'"') {
            return false; // Malformed: no match, the full answer is always safe.
        }
        let Some(close) = s[1..].iter().position(|&b| b == b'"') else {
            return false;
        };
        let tag = &s[..close + 2];
        if tag == etag {
            return true;
        }
        s = &s[close + 2..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(name: HeaderName, values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(name.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn accepts_html_only_by_name() {
        let yes = |v: &[&str]| wants_html(&headers(header::ACCEPT, v));
        assert!(yes(&["text/html"]));
        assert!(yes(&["application/json, TEXT/HTML;level=1;q=0.5"]));
        assert!(yes(&["application/json", "text/html"]));
        assert!(yes(&["text/html;q=0.001"]));
        assert!(!yes(&[]));
        assert!(!yes(&["*/*"]));
        assert!(!yes(&["text/*"]));
        assert!(!yes(&["application/json"]));
        assert!(!yes(&["text/html;q=0"]));
        assert!(!yes(&["text/html; q=0.000"]));
        assert!(!yes(&["text/htmlx"]));
    }

    #[test]
    fn matches_entity_tags() {
        let m = |v: &[&str]| if_none_match(&headers(header::IF_NONE_MATCH, v), "\"fg-1\"");
        assert!(m(&["\"fg-1\""]));
        assert!(m(&["W/\"fg-1\""]));
        assert!(m(&["\"a\", \"fg-1\""]));
        assert!(m(&["\"a,\"fg-1\"\"", "\"fg-1\""]));
        assert!(m(&["*"]));
        assert!(!m(&[]));
        assert!(!m(&["\"fg-2\""]));
        assert!(!m(&["fg-1"]));
        assert!(!m(&["\"a,\"fg-1\"\""])); // a quoted comma does not split a tag
        assert!(!m(&["\"fg-1"]));
    }
}
