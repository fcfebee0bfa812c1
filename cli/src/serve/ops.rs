//! The operator's listener (`--metrics-addr`): `GET /metrics` in the Prometheus text
//! exposition format, `GET /healthz` (the process answers) and `GET /readyz` (it is
//! listening and not shutting down).
//!
//! Invariant: nothing here reads or answers acts: it is a separate listener, meant for
//! a private network (a load balancer's health checks, a Prometheus server). It serves
//! at most [`MAX_OPERATOR_CONNECTIONS`] connections at once and closes any further one
//! at once, so a client that opens many cannot exhaust the process's descriptors
//! through it.

use std::convert::Infallible;
use std::time::Duration;

use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;

use super::http::{full, Body};
use super::metrics::Metrics;

/// Connections the operator's listener serves at once (the invariant): a scraper and a
/// few health checkers need a handful.
const MAX_OPERATOR_CONNECTIONS: usize = 32;

/// The content type of the text exposition format.
const EXPOSITION: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Answer one request on the operator's listener.
fn respond(metrics: &Metrics, req: &Request<Incoming>) -> Response<Body> {
    let (status, body) = match (req.method(), req.uri().path()) {
        (&Method::GET | &Method::HEAD, "/metrics") => (StatusCode::OK, metrics.render()),
        (&Method::GET | &Method::HEAD, "/healthz") => (StatusCode::OK, "ok\n".to_owned()),
        (&Method::GET | &Method::HEAD, "/readyz") => {
            if metrics.is_ready() {
                (StatusCode::OK, "ready\n".to_owned())
            } else {
                (StatusCode::SERVICE_UNAVAILABLE, "not ready\n".to_owned())
            }
        }
        (&Method::GET | &Method::HEAD, _) => (StatusCode::NOT_FOUND, String::new()),
        _ => (StatusCode::METHOD_NOT_ALLOWED, String::new()),
    };
    let mut r = Response::new(full(Bytes::from(body)));
    *r.status_mut() = status;
    let content_type = if req.uri().path() == "/metrics" {
        EXPOSITION
    } else {
        "text/plain; charset=utf-8"
    };
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if status == StatusCode::METHOD_NOT_ALLOWED {
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    }
    r
}

/// Serve the operator's listener for as long as the process runs; every connection
/// has the act listener's header time-out.
pub(crate) async fn serve(
    listener: TcpListener,
    metrics: &'static Metrics,
    header_timeout: Duration,
) {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout);
    let builder = std::sync::Arc::new(builder);
    let slots = std::sync::Arc::new(tokio::sync::Semaphore::new(MAX_OPERATOR_CONNECTIONS));
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of descriptors and the like: wait rather than spin.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        // The invariant: over the cap, the connection is closed unanswered.
        let Ok(slot) = std::sync::Arc::clone(&slots).try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let builder = std::sync::Arc::clone(&builder);
        tokio::spawn(async move {
            let _slot = slot;
            let service =
                service_fn(move |req| async move { Ok::<_, Infallible>(respond(metrics, &req)) });
            let _ = builder
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}
