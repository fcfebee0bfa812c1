//! The leaf vocabulary of the server's HTTP: the response body type, and the few
//! answers every listener makes the same way.

use std::convert::Infallible;

use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt as _, Full};
use hyper::body::Bytes;
use hyper::header::{self, HeaderValue};
use hyper::{Response, StatusCode};

/// Why a response body ended early: the upstream's connection failed, or a deadline
/// passed.
pub(crate) type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Every response body: precomputed bytes, or an upstream's body relayed.
pub(crate) type Body = BoxBody<Bytes, BoxError>;

/// A body of fixed bytes.
pub(crate) fn full(bytes: Bytes) -> Body {
    Full::new(bytes)
        .map_err(|never: Infallible| match never {})
        .boxed()
}

/// An answer of the address protocol (formgate-address), with its fixed body.
pub(crate) fn answer(r: Response<Bytes>) -> Response<Body> {
    r.map(full)
}

/// An empty answer with `status`.
pub(crate) fn bare(status: StatusCode) -> Response<Body> {
    let mut r = Response::new(full(Bytes::new()));
    *r.status_mut() = status;
    r
}

/// An empty answer listing the methods served (`Content-Length: 0`, as RFC 9110 asks
/// of a successful `OPTIONS` without content).
pub(crate) fn allow(status: StatusCode) -> Response<Body> {
    let mut r = bare(status);
    r.headers_mut().insert(
        header::ALLOW,
        HeaderValue::from_static("GET, HEAD, POST, OPTIONS"),
    );
    r
}
