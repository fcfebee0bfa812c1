//! One connection, served as HTTP/1.1 or HTTP/2, until it ends or is told to stop.
//!
//! Invariants:
//! 1. HTTP/1.1: the head of every request has the header time-out (which also bounds
//!    how long an idle kept-alive connection is held), and hyper's read buffer is at
//!    most 64 KiB.
//! 2. HTTP/2 (through ALPN on TLS, or with prior knowledge on a plain connection): at
//!    most [`MAX_STREAMS`] requests at once on one connection, and a connection on
//!    which no request has started for the header time-out is closed gracefully
//!    (`GOAWAY`: the requests in flight finish, streamed answers included).
//! 3. When told to stop (shutdown), a connection finishes what is in flight and
//!    closes; an idle one closes at once.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::Poll;
use std::time::{Duration, Instant};

use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulConnection;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::watch;

use super::http::Body;

/// Requests one HTTP/2 connection may have in flight at once (invariant 2).
pub(crate) const MAX_STREAMS: u32 = 100;

/// The HTTP/1.1 and HTTP/2 servers, configured once.
#[derive(Debug)]
pub(crate) struct Protocols {
    http1: hyper::server::conn::http1::Builder,
    http2: hyper::server::conn::http2::Builder<TokioExecutor>,
    header_timeout: Duration,
}

impl Protocols {
    /// The servers, with `header_timeout` for heads and idle connections.
    pub fn new(header_timeout: Duration) -> Protocols {
        let mut http1 = hyper::server::conn::http1::Builder::new();
        http1
            .timer(TokioTimer::new())
            .header_read_timeout(header_timeout)
            // Bounds how far past `max_bytes` one read can go (the verifier stops at
            // the frame that crosses it); the minimum hyper allows is 8 KiB.
            .max_buf_size(64 * 1024);
        let mut http2 = hyper::server::conn::http2::Builder::new(TokioExecutor::new());
        http2
            .timer(TokioTimer::new())
            .max_concurrent_streams(MAX_STREAMS);
        Protocols {
            http1,
            http2,
            header_timeout,
        }
    }

    /// Serve `io` as HTTP/2 when `h2`, else HTTP/1.1, answering each request with
    /// `answer`, until the connection ends or `stop` says so (invariants 1–3). Whether
    /// it ended well (not reset, not timed out).
    pub fn serve<'a, I, F, Fut>(
        &'a self,
        io: I,
        h2: bool,
        answer: F,
        stop: watch::Receiver<bool>,
    ) -> Pin<Box<dyn Future<Output = bool> + Send + 'a>>
    where
        I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
        F: Fn(Request<Incoming>) -> Fut + Clone + Send + Sync + 'static,
        Fut: Future<Output = Response<Body>> + Send + 'static,
    {
        // Boxed, so that the connection's future is proven `Send` here, where its
        // types are known, not where it is spawned.
        Box::pin(self.serve_inner(io, h2, answer, stop))
    }

    async fn serve_inner<I, F, Fut>(
        &self,
        io: I,
        h2: bool,
        answer: F,
        stop: watch::Receiver<bool>,
    ) -> bool
    where
        I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
        F: Fn(Request<Incoming>) -> Fut + Clone + Send + Sync + 'static,
        Fut: Future<Output = Response<Body>> + Send + 'static,
    {
        let started = Instant::now();
        // Milliseconds from `started` to the start of the last request.
        let last = Arc::new(AtomicU64::new(0));
        let seen = Arc::clone(&last);
        let service = service_fn(move |req| {
            let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            seen.store(ms, Ordering::Relaxed);
            let answer = answer.clone();
            async move { Ok::<_, Infallible>(answer(req).await) }
        });
        let io = TokioIo::new(io);
        if h2 {
            let idle = Some((started, last, self.header_timeout));
            run(self.http2.serve_connection(io, service), stop, idle).await
        } else {
            run(self.http1.serve_connection(io, service), stop, None).await
        }
    }
}

/// Drive `conn` to its end, shutting it down gracefully when `stop` says so or, for
/// HTTP/2, when no request has started for the idle time (invariants 2 and 3).
fn run<C>(
    conn: C,
    stop: watch::Receiver<bool>,
    idle: Option<(Instant, Arc<AtomicU64>, Duration)>,
) -> Run<C>
where
    C: GracefulConnection,
{
    let tick = idle
        .as_ref()
        .map_or(Duration::from_secs(3600), |(_, _, t)| {
            (*t / 4).max(Duration::from_millis(50))
        });
    let mut stop = stop;
    Run {
        conn: Box::pin(conn),
        stop: Some(Box::pin(async move {
            while !*stop.borrow_and_update() {
                if stop.changed().await.is_err() {
                    break;
                }
            }
        })),
        ticks: tokio::time::interval(tick),
        idle,
    }
}

/// The future of [`run`]: a plain state machine (an `async fn` here makes the
/// compiler ask for a `Send` proof it cannot give for hyper's HTTP/2 connection).
struct Run<C> {
    conn: Pin<Box<C>>,
    /// Completes when told to stop; gone once the connection was told.
    stop: Option<Pin<Box<dyn Future<Output = ()> + Send>>>,
    ticks: tokio::time::Interval,
    idle: Option<(Instant, Arc<AtomicU64>, Duration)>,
}

impl<C: GracefulConnection> Future for Run<C> {
    type Output = bool;

    fn poll(self: Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> Poll<bool> {
        let this = self.get_mut();
        if let Some(stop) = &mut this.stop {
            let mut shut = stop.as_mut().poll(cx).is_ready();
            if let Some((started, last, limit)) = &this.idle {
                while this.ticks.poll_tick(cx).is_ready() {
                    let at = Duration::from_millis(last.load(Ordering::Relaxed));
                    shut |= started.elapsed().saturating_sub(at) >= *limit;
                }
            }
            if shut {
                this.stop = None;
                this.conn.as_mut().graceful_shutdown();
            }
        }
        this.conn.as_mut().poll(cx).map(|ended| ended.is_ok())
    }
}
