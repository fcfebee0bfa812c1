//! The client's connection as hyper sees it: a write time-out, a lingering close, and
//! which HTTP it speaks.
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
//! 3. On a plain connection, HTTP/2 with prior knowledge (h2c) is told from HTTP/1.1
//!    by its first bytes ([`sniff`]): bytes that cannot begin the HTTP/2 preface make
//!    it HTTP/1.1 at once, and the bytes read to tell are handed on unchanged
//!    ([`Prefixed`]).

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

/// The connection preface every HTTP/2 client sends first (RFC 9113, section 3.4).
const PREFACE: &[u8; 24] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// A stream whose first bytes were already read: they are read again first.
#[derive(Debug)]
pub(crate) struct Prefixed<I> {
    prefix: Vec<u8>,
    at: usize,
    inner: I,
}

impl<I: AsyncRead + Unpin> AsyncRead for Prefixed<I> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.at < this.prefix.len() {
            let rest = &this.prefix[this.at..];
            let n = rest.len().min(buf.remaining());
            buf.put_slice(&rest[..n]);
            this.at += n;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.inner).poll_read(cx, buf)
    }
}

impl<I: AsyncWrite + Unpin> AsyncWrite for Prefixed<I> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

/// Read the first bytes of a plain connection until they show which HTTP it speaks
/// (invariant 3): the stream with those bytes to read again, and whether it is HTTP/2
/// with prior knowledge. Bound it with the header time-out: a client that sends part of
/// the preface and stops would hold it.
pub(crate) async fn sniff<I: AsyncRead + Unpin>(mut io: I) -> io::Result<(Prefixed<I>, bool)> {
    let mut prefix = Vec::with_capacity(PREFACE.len());
    let mut buf = [0u8; 24];
    let h2 = loop {
        let seen = prefix.len().min(PREFACE.len());
        if prefix[..seen] != PREFACE[..seen] {
            break false;
        }
        if seen == PREFACE.len() {
            break true;
        }
        let n = io.read(&mut buf[..PREFACE.len() - seen]).await?;
        if n == 0 {
            // Closed before a whole request: HTTP/1.1 answers what there is.
            break false;
        }
        prefix.extend_from_slice(&buf[..n]);
    };
    Ok((
        Prefixed {
            prefix,
            at: 0,
            inner: io,
        },
        h2,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn tells_http2_from_http1_by_the_first_bytes() {
        let (io, h2) = sniff(&b"GET / HTTP/1.1\r\n\r\n"[..]).await.unwrap();
        assert!(!h2);
        assert!(
            io.prefix.len() <= PREFACE.len(),
            "no more than the preface is read"
        );
        let mut again = String::new();
        let mut io = io;
        io.read_to_string(&mut again).await.unwrap();
        assert_eq!(again, "GET / HTTP/1.1\r\n\r\n");

        let mut h2c = PREFACE.to_vec();
        h2c.extend_from_slice(b"\0\0\0\x04");
        let (mut io, h2) = sniff(&h2c[..]).await.unwrap();
        assert!(h2);
        let mut again = Vec::new();
        io.read_to_end(&mut again).await.unwrap();
        assert_eq!(again, h2c);

        let (_, h2) = sniff(&b"PRI * HTTP/1.1\r\n"[..]).await.unwrap();
        assert!(!h2, "a near miss is HTTP/1.1");
        let (_, h2) = sniff(&b""[..]).await.unwrap();
        assert!(!h2);
    }
}
