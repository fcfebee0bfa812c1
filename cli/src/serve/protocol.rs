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
//! 4. HTTP/2: every answer has a deadline kept outside its body (deadline.rs), so a
//!    client that gives an answer no flow-control window cannot hold the connection,
//!    or an upstream, past it: once an answer is overdue, or the connection has been
//!    closing with nothing leaving it for the write time-out, the connection is cut.
//! 5. HTTP/2: what one connection holds of its request bodies is bounded as for
//!    HTTP/1.1, not multiplied by its streams: at most [`STREAM_WINDOW`] unread per
//!    stream and [`CONNECTION_WINDOW`] in all, and at most [`KEPT_ACTS`] acts read
//!    at once where the body is kept (server.rs hands each connection its permits;
//!    act.rs takes one), so at most `KEPT_ACTS` times `max_bytes` kept.

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

use super::deadline::Answers;
use super::http::Body;

/// Requests one HTTP/2 connection may have in flight at once (invariant 2).
pub(crate) const MAX_STREAMS: u32 = 32;

/// Acts whose body is kept (to forward it) that one connection may read at once; the
/// others wait, their bodies unread (invariant 5).
pub(crate) const KEPT_ACTS: usize = 4;

/// The HTTP/2 flow-control window of each request body: what a client may send that
/// is not read yet, as hyper's 64 KiB read buffer bounds it for HTTP/1.1 (invariant 5).
const STREAM_WINDOW: u32 = 64 * 1024;

/// The HTTP/2 flow-control window of a whole connection: what all its request bodies
/// together may have sent that is not read yet (invariant 5). As large as every
/// stream's window together, so that streams waiting unread never leave the ones being
/// read without room.
const CONNECTION_WINDOW: u32 = MAX_STREAMS * STREAM_WINDOW;

/// The HTTP/1.1 and HTTP/2 servers, configured once.
#[derive(Debug)]
pub(crate) struct Protocols {
    http1: hyper::server::conn::http1::Builder,
    http2: hyper::server::conn::http2::Builder<TokioExecutor>,
    header_timeout: Duration,
    write_timeout: Duration,
}

impl Protocols {
    /// The servers, with `header_timeout` for heads and idle connections, and
    /// `write_timeout` for answers a client leaves unread (invariant 4).
    pub fn new(header_timeout: Duration, write_timeout: Duration) -> Protocols {
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
            .max_concurrent_streams(MAX_STREAMS)
            .initial_stream_window_size(STREAM_WINDOW)
            .initial_connection_window_size(CONNECTION_WINDOW);
        Protocols {
            http1,
            http2,
            header_timeout,
            write_timeout,
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
        let answers = h2.then(|| Answers::new(self.write_timeout));
        let register = answers.clone();
        let service = service_fn(move |req| {
            let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            seen.store(ms, Ordering::Relaxed);
            let answer = answer.clone();
            let entry = register.as_ref().map(Answers::start);
            async move {
                let response = answer(req).await;
                Ok::<_, Infallible>(match entry {
                    Some(entry) => entry.answered(response),
                    None => response,
                })
            }
        });
        let io = TokioIo::new(io);
        if h2 {
            let idle = Some((started, last, self.header_timeout));
            let tick = self.header_timeout.min(self.write_timeout);
            let conn = self.http2.serve_connection(io, service);
            run(conn, stop, idle, answers, tick).await
        } else {
            let conn = self.http1.serve_connection(io, service);
            run(conn, stop, None, None, Duration::from_secs(3600)).await
        }
    }
}

/// Drive `conn` to its end, shutting it down gracefully when `stop` says so or, for
/// HTTP/2, when no request has started for the idle time, and cutting it when one of
/// its `answers` is overdue (invariants 2–4); `tick` is the shortest of the times
/// checked.
fn run<C>(
    conn: C,
    stop: watch::Receiver<bool>,
    idle: Option<(Instant, Arc<AtomicU64>, Duration)>,
    answers: Option<Arc<Answers>>,
    tick: Duration,
) -> Run<C>
where
    C: GracefulConnection,
{
    let tick = (tick / 4).max(Duration::from_millis(50));
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
        answers,
        closing: None,
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
    /// The answers in flight, for HTTP/2 (invariant 4).
    answers: Option<Arc<Answers>>,
    /// When the connection was told to close.
    closing: Option<Instant>,
}

impl<C: GracefulConnection> Future for Run<C> {
    type Output = bool;

    fn poll(self: Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> Poll<bool> {
        let this = self.get_mut();
        let mut ticked = false;
        while this.ticks.poll_tick(cx).is_ready() {
            ticked = true;
        }
        if let Some(stop) = &mut this.stop {
            let mut shut = stop.as_mut().poll(cx).is_ready();
            if let (true, Some((started, last, limit))) = (ticked, &this.idle) {
                let at = Duration::from_millis(last.load(Ordering::Relaxed));
                shut |= started.elapsed().saturating_sub(at) >= *limit;
            }
            if shut {
                this.stop = None;
                this.closing = Some(Instant::now());
                this.conn.as_mut().graceful_shutdown();
            }
        }
        if let (true, Some(answers)) = (ticked, &this.answers) {
            if answers.overdue(Instant::now(), this.closing) {
                // Dropping the connection ends every stream on it, and every upstream
                // answer being relayed to them.
                return Poll::Ready(false);
            }
        }
        this.conn.as_mut().poll(cx).map(|ended| ended.is_ok())
    }
}
