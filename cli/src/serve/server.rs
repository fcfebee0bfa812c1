//! The address: routing and the connection loop.
//!
//! One resource per address, at its path (`/` unless `--config` says otherwise; any
//! query string is ignored): `GET` and `HEAD` arrive (formgate-address's `Arrival`),
//! `POST` acts (act.rs), any other method is `405` with `Allow`; any other path is
//! `404`. HTTP/1.1 only.
//!
//! Invariants:
//! 1. Every connection has a header time-out (also bounding how long an idle kept-alive
//!    connection is held), every body a body time-out and every write to the client a
//!    write time-out (conn.rs), so no client holds a task forever; at most
//!    `max_connections` connections are served at once, more wait in the listen
//!    backlog. A connection's slot is held until its lingering close ends (conn.rs).
//! 2. Each address, and everything precomputed from its form, is built once (at
//!    startup or on reload) and only read afterwards; a request takes the address
//!    served when it came and keeps it to its answer.
//! 3. Shutdown stops accepting at once (the listener is closed, so new connections are
//!    refused), lets every request in flight finish and closes idle connections, and
//!    cuts what is left at the shutdown time-out.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use formgate_address::{client_address, limited, Traffic};

use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::conn::{linger, Client};
use super::http::{allow, answer, bare, Body};
use super::state::App;

/// How connections are handled.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ConnLimits {
    /// The time allowed for a request head, and for an idle connection's next one.
    pub header_timeout: Duration,
    /// At most this many connections at once.
    pub max_connections: usize,
    /// After the shutdown signal, how long requests in flight may take to finish.
    pub shutdown_timeout: Duration,
    /// The longest a write to the client may make no progress.
    pub write_timeout: Duration,
}

/// Answer one request from `peer`.
pub(crate) async fn handle(
    app: &'static App,
    req: Request<Incoming>,
    peer: IpAddr,
) -> Response<Body> {
    // `OPTIONS *` asks about the server as a whole (RFC 9110, section 9.3.7).
    if req.method() == Method::OPTIONS && req.uri() == "*" {
        return allow(StatusCode::OK);
    }
    let Some(address) = app.routes().get(req.uri().path()).cloned() else {
        return bare(StatusCode::NOT_FOUND);
    };
    let client = || client_address(peer, req.headers(), app.trust_forwarded_for);
    match *req.method() {
        Method::GET | Method::HEAD => {
            let client = client();
            if let Err(retry) = address.rate.check(client, Traffic::Get, Instant::now()) {
                app.log.get_limited(client, retry);
                return answer(limited(retry));
            }
            answer(address.arrival.respond(req.headers()))
        }
        Method::POST => {
            let client = client();
            super::act::act(app, address, req, client).await
        }
        Method::OPTIONS => allow(StatusCode::OK),
        _ => allow(StatusCode::METHOD_NOT_ALLOWED),
    }
}

/// Serve `app` on `listener` until `shutdown` completes; then stop accepting and give
/// open connections up to the shutdown time-out to finish their current request
/// (invariant 3).
pub(crate) async fn serve(
    app: &'static App,
    listener: TcpListener,
    limits: ConnLimits,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        // Bounds how far past `max_bytes` one read can go (the verifier stops at the
        // frame that crosses it); the minimum hyper allows is 8 KiB.
        .max_buf_size(64 * 1024);
    let builder = Arc::new(builder);
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            () = &mut shutdown => break,
            p = Arc::clone(&slots).acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
        };
        let (stream, peer): (_, SocketAddr) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors and the like: wait rather than spin.
                    app.log.note(&format!("accept failed: {e}"));
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let (client, returned) = Client::new(stream, limits.write_timeout);
        let conn = builder.serve_connection(
            TokioIo::new(client),
            service_fn(
                move |req| async move { Ok::<_, Infallible>(handle(app, req, peer.ip()).await) },
            ),
        );
        let conn = graceful.watch(conn);
        let open = app.metrics.open();
        tokio::spawn(async move {
            // A client that resets or times out ends only its own connection; one that
            // ended well is closed without a reset (conn.rs, invariant 2).
            let ended_well = conn.await.is_ok();
            if let (true, Ok(stream)) = (ended_well, returned.await) {
                linger(stream).await;
            }
            drop(open);
            drop(permit);
        });
    }
    // Invariant 3: new connections are refused from here on.
    drop(listener);
    let in_flight = limits.max_connections.max(1) - slots.available_permits();
    app.log.note(&format!(
        "shutting down: {in_flight} connections open, up to {} s to finish",
        limits.shutdown_timeout.as_secs_f64()
    ));
    if tokio::time::timeout(limits.shutdown_timeout, graceful.shutdown())
        .await
        .is_err()
    {
        let cut = limits.max_connections.max(1) - slots.available_permits();
        app.log.note(&format!(
            "shutdown time-out: {cut} connections cut unfinished"
        ));
    }
}
