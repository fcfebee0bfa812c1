//! The client's connection as hyper sees it: a write time-out.
//!
//! Invariants:
//! 1. A write that makes no progress for the write time-out fails, so a client that
//!    stops reading its answer ends its own connection (and with it any upstream
//!    answer being relayed to it) instead of holding both for ever.

use std::future::Future as _;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Sleep;

/// A client's socket with a write time-out (invariant 1).
#[derive(Debug)]
pub(crate) struct Client {
    stream: Option<TcpStream>,
    write_timeout: Duration,
    /// Set while a write makes no progress: when it fires, the write fails.
    stalled: Option<Pin<Box<Sleep>>>,
}

impl Client {
    /// The socket, writes to which fail after `write_timeout` without progress.
    pub fn new(stream: TcpStream, write_timeout: Duration) -> Client {
        Client {
            stream: Some(stream),
            write_timeout,
            stalled: None,
        }
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
