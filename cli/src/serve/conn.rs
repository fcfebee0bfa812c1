//! The client's connection as hyper sees it: a write time-out, and a lingering close.
//!
//! Invariants:
//! 1. A write that makes no progress for the write time-out fails, so a client that
//!    stops reading its answer ends its own connection (and with it any upstream
//!    answer being relayed to it) instead of holding both for ever.
//! 2. When hyper is done with a connection it half-closes it (its answer is complete
//!    and says `Connection: close` where body bytes were left unread); the socket is
//!    then read and discarded until the client closes its side, for at most
//!    [`LINGER_MAX_BYTES`] and [`LINGER_MAX_TIME`], before it is closed. Closing a
//!    socket with unread bytes makes the kernel send a reset, which can destroy an
//!    early answer (a `204` sent as soon as a prefix leaves the form) before the
//!    client has read it, and fails the client's remaining writes.

use std::future::Future as _;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::time::Sleep;

/// The most bytes of a request left unread that are read and discarded before a
/// connection is closed (invariant 2): enough for a client that sends a body of a few
/// megabytes whole before it reads to finish sending and read the early answer; past
/// it, the connection is closed with whatever is still coming.
pub(crate) const LINGER_MAX_BYTES: u64 = 8 << 20;

/// The longest a connection is held, half-closed, for the client to finish sending and
/// close its side (invariant 2).
pub(crate) const LINGER_MAX_TIME: Duration = Duration::from_secs(2);

/// A client's socket with a write time-out (invariant 1). When dropped, the socket goes
/// back through the receiver [`Client::new`] returned, to [`linger`] on it.
#[derive(Debug)]
pub(crate) struct Client {
    stream: Option<TcpStream>,
    back: Option<oneshot::Sender<TcpStream>>,
    write_timeout: Duration,
    /// Set while a write makes no progress: when it fires, the write fails.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Client {
    /// The socket, and where it comes back when hyper drops it.
    pub fn new(
        stream: TcpStream,
        write_timeout: Duration,
    ) -> (Client, oneshot::Receiver<TcpStream>) {
        let (back, returned) = oneshot::channel();
        let client = Client {
            stream: Some(stream),
            back: Some(back),
            write_timeout,
            stalled: None,
        };
        (client, returned)
    }

    /// `op` on the socket, or an error once it has been handed back.
    fn on_stream<T>(
        &mut self,
        cx: &mut Context<'_>,
        op: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match self.stream.as_mut() {
            Some(s) => op(Pin::new(s), cx),
            None => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::NotConnected,
                "the socket is gone",
            ))),
        }
    }

    /// A write's outcome under the write time-out: progress clears the stall, no
    /// progress starts it, and a stall as long as the time-out is an error.
    fn watch<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let timeout = self.write_timeout;
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!(
                    "the client took none of its answer for the write time-out ({:.1} s)",
                    timeout.as_secs_f64()
                ),
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Client {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        self.get_mut().on_stream(cx, |s, cx| s.poll_read(cx, buf))
    }
}

impl AsyncWrite for Client {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = this.on_stream(cx, |s, cx| s.poll_write(cx, buf));
        this.watch(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = this.on_stream(cx, |s, cx| s.poll_write_vectored(cx, bufs));
        this.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream
            .as_ref()
            .is_some_and(TcpStream::is_write_vectored)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = this.on_stream(cx, |s, cx| s.poll_flush(cx));
        this.watch(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut().on_stream(cx, |s, cx| s.poll_shutdown(cx))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let (Some(stream), Some(back)) = (self.stream.take(), self.back.take()) {
            // If no one waits for it, it comes back in the error and is closed here.
            let _ = back.send(stream);
        }
    }
}

/// Half-close `stream` and read and discard what the client still sends, until it
/// closes its side or [`LINGER_MAX_BYTES`] or [`LINGER_MAX_TIME`] is reached
/// (invariant 2); the socket is closed when this returns.
pub(crate) async fn linger(mut stream: TcpStream) {
    if stream.shutdown().await.is_err() {
        return; // Already reset by the client: nothing to protect.
    }
    let mut buf = vec![0u8; 16 * 1024];
    let mut left = LINGER_MAX_BYTES;
    let drain = async {
        while left > 0 {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => left = left.saturating_sub(n as u64),
            }
        }
    };
    let _ = tokio::time::timeout(LINGER_MAX_TIME, drain).await;
}
