//! The address: routing and the connection loop.
//!
//! One resource per address, at its path (`/` unless `--config` says otherwise; any
//! query string is ignored): `GET` and `HEAD` arrive (formgate-address's `Arrival`),
//! `POST` acts (act.rs), any other method is `405` with `Allow`; any other path is
//! `404`. HTTP/1.1, and HTTP/2 through ALPN on TLS (`--tls-cert`) or with prior
//! knowledge on a plain listener (protocol.rs).
//!
//! Invariants:
//! 1. Every connection has a header time-out (also bounding its TLS handshake, and how
//!    long an idle connection is held: protocol.rs), every body a body time-out and
//!    every write to the client a write time-out (conn.rs), so no client holds a task
//!    forever; at most
//!    `max_connections` connections are served at once, more wait in the listen
//!    backlog. A connection's slot is held until its lingering close ends (conn.rs).
//! 2. Each address, and everything precomputed from its form, is built once (at
//!    startup or on reload) and only read afterwards; a request takes the address
//!    served when it came and keeps it to its answer.
//! 3. Shutdown stops accepting at once (the listener is closed, so new connections are
//!    refused), lets every request in flight finish and closes idle connections, and
//!    cuts what is left at the shutdown time-out.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use formgate_address::{limited, Traffic};
use hyper::body::Incoming;
use hyper::{Method, Request, Response, StatusCode};
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tokio_rustls::TlsAcceptor;

use super::conn::{linger, sniff, Client};
use super::http::{allow, answer, bare, Body};
use super::protocol::{Protocols, KEPT_ACTS};
use super::state::App;

/// The answer to one request, on its way.
type Answer = std::pin::Pin<Box<dyn std::future::Future<Output = Response<Body>> + Send>>;

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
/// `kept` is the connection's permits to read acts whose body is kept (protocol.rs,
/// invariant 5).
pub(crate) async fn handle(
    app: &'static App,
    req: Request<Incoming>,
    peer: IpAddr,
    kept: Arc<Semaphore>,
) -> Response<Body> {
    // `OPTIONS *` asks about the server as a whole (RFC 9110, section 9.3.7).
    if req.method() == Method::OPTIONS && req.uri() == "*" {
        return allow(StatusCode::OK);
    }
    let Some(address) = app.routes().get(req.uri().path()).cloned() else {
        return bare(StatusCode::NOT_FOUND);
    };
    let client = || app.client(peer, req.headers());
    match *req.method() {
        Method::GET | Method::HEAD => {
            let client = client();
            if let Err(retry) = address.rate.check(client, Traffic::Get, Instant::now()) {
                let path = app.origin.is_file().then_some(address.path.as_str());
                app.log.get_limited(client, retry, path);
                return answer(limited(retry));
            }
            answer(address.arrival.respond(req.headers()))
        }
        Method::POST => {
            let client = client();
            super::act::act(app, address, req, client, &kept).await
        }
        Method::OPTIONS => allow(StatusCode::OK),
        _ => allow(StatusCode::METHOD_NOT_ALLOWED),
    }
}

/// Serve `app` on `listener` (with TLS when `tls` is given) until `shutdown`
/// completes; then stop accepting and give open connections up to the shutdown
/// time-out to finish their current request (invariant 3).
pub(crate) async fn serve(
    app: &'static App,
    listener: TcpListener,
    tls: Option<TlsAcceptor>,
    limits: ConnLimits,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let protocols = Arc::new(Protocols::new(limits.header_timeout, limits.write_timeout));
    let max = limits.max_connections.max(1);
    // Held by a connection until its lingering close ends (invariant 1).
    let slots = Arc::new(Semaphore::new(max));
    // Held by a connection while it is served: what shutdown waits for.
    let serving = Arc::new(Semaphore::new(max));
    let (stop, stopped) = watch::channel(false);
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
        let Ok(served) = Arc::clone(&serving).try_acquire_owned() else {
            continue; // Never: there are as many as slots.
        };
        let _ = stream.set_nodelay(true);
        let open = app.metrics.open();
        let protocols = Arc::clone(&protocols);
        let tls = tls.clone();
        let stopped = stopped.clone();
        tokio::spawn(async move {
            let (client, returned) = Client::new(stream, limits.write_timeout);
            // Boxed: the future's type names no lifetime the compiler must prove Send
            // for every choice of.
            let kept = Arc::new(Semaphore::new(KEPT_ACTS));
            let answer =
                move |req| -> Answer { Box::pin(handle(app, req, peer.ip(), Arc::clone(&kept))) };
            let patience = limits.header_timeout;
            let ended_well = match tls {
                // The handshake has the header time-out.
                Some(tls) => match tokio::time::timeout(patience, tls.accept(client)).await {
                    Ok(Ok(io)) => {
                        let h2 = io.get_ref().1.alpn_protocol() == Some(b"h2");
                        protocols.serve(io, h2, answer, stopped).await
                    }
                    _ => false,
                },
                // So does telling HTTP/2 with prior knowledge from HTTP/1.1 (conn.rs).
                None => match tokio::time::timeout(patience, sniff(client)).await {
                    Ok(Ok((io, h2))) => protocols.serve(io, h2, answer, stopped).await,
                    _ => false,
                },
            };
            drop(served);
            // A client that resets or times out ends only its own connection; one that
            // ended well is closed without a reset (conn.rs, invariant 2).
            if let (true, Ok(stream)) = (ended_well, returned.await) {
                linger(stream).await;
            }
            drop(open);
            drop(permit);
        });
    }
    // Invariant 3: new connections are refused from here on.
    drop(listener);
    let _ = stop.send(true);
    let in_flight = max - serving.available_permits();
    app.log.note(&format!(
        "shutting down: {in_flight} connections open, up to {} s to finish",
        limits.shutdown_timeout.as_secs_f64()
    ));
    let all = u32::try_from(max).unwrap_or(u32::MAX);
    if tokio::time::timeout(limits.shutdown_timeout, serving.acquire_many(all))
        .await
        .is_err()
    {
        let cut = max - serving.available_permits();
        app.log.note(&format!(
            "shutdown time-out: {cut} connections cut unfinished"
        ));
    }
}
