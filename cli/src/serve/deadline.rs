//! The answers in flight on one HTTP/2 connection, each with the time by which it must
//! have been sent whole.
//!
//! HTTP/2 flow control lets a client stop an answer without stopping the connection:
//! with no window, hyper holds the answer's body and never polls it again, so the
//! deadlines inside the body (an upstream's, upstream.rs) never fire, and the socket
//! never stalls, so the write time-out (conn.rs) never fires either. The deadlines are
//! therefore kept here, outside the body, and the connection checks them (protocol.rs).
//!
//! Invariants:
//! 1. A request is registered when it starts, with no deadline while its answer is
//!    being made (its own time-outs bound that: the body time-out, the upstream's).
//! 2. Once its head is made, an answer must be sent whole within its [`Allowance`]
//!    (none by default; an upstream's relayed body has `--upstream-max-duration`)
//!    plus the write time-out; it leaves the register when hyper drops its body, which
//!    is when the body is sent or the stream is reset.
//! 3. [`Answers::overdue`] says when the connection has to be cut: an answer is past
//!    its deadline, or the connection was told to close and nothing has left it for
//!    the write time-out since (hyper hands a fixed body to the HTTP/2 layer whole, so
//!    once it is handed on only this bounds how long the client may leave it unread).

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use hyper::body::{Bytes, Frame, SizeHint};
use hyper::Response;

use super::http::{Body, BoxError};

/// How long past its head an answer's body may take, before the write time-out: set as
/// a response extension by whoever makes a body that takes time (invariant 2).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Allowance(pub Duration);

/// The register of one connection's answers in flight.
#[derive(Debug)]
pub(crate) struct Answers {
    write_timeout: Duration,
    state: Mutex<State>,
}

#[derive(Debug)]
struct State {
    next: u64,
    /// Each answer in flight, and its deadline once its head is made.
    open: HashMap<u64, Option<Instant>>,
    /// When the last answer in flight left (or the register was made).
    quiet_since: Instant,
}

impl Answers {
    /// An empty register for a connection with `write_timeout`.
    pub fn new(write_timeout: Duration) -> Arc<Answers> {
        Arc::new(Answers {
            write_timeout,
            state: Mutex::new(State {
                next: 0,
                open: HashMap::new(),
                quiet_since: Instant::now(),
            }),
        })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A poisoned lock only means a panic elsewhere; the map in it is whole.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Register a request that starts now (invariant 1).
    pub fn start(self: &Arc<Answers>) -> Entry {
        let mut state = self.state();
        let id = state.next;
        state.next += 1;
        state.open.insert(id, None);
        Entry {
            answers: Arc::clone(self),
            id,
        }
    }

    /// Whether the connection must be cut now (invariant 3); `closing` is when it was
    /// told to close, if it was.
    pub fn overdue(&self, now: Instant, closing: Option<Instant>) -> bool {
        let state = self.state();
        if state.open.values().flatten().any(|&at| at <= now) {
            return true;
        }
        match closing {
            Some(since) if state.open.is_empty() => {
                now.saturating_duration_since(since.max(state.quiet_since)) >= self.write_timeout
            }
            _ => false,
        }
    }
}

/// One request in the register, until dropped.
#[derive(Debug)]
pub(crate) struct Entry {
    answers: Arc<Answers>,
    id: u64,
}

impl Entry {
    /// The answer's head is made: give it its deadline (invariant 2) and keep the entry
    /// with its body, so that it leaves the register when hyper drops the body.
    pub fn answered(self, response: Response<Body>) -> Response<Body> {
        let allowance = response
            .extensions()
            .get::<Allowance>()
            .map_or(Duration::ZERO, |a| a.0);
        let at = Instant::now() + allowance + self.answers.write_timeout;
        if let Some(slot) = self.answers.state().open.get_mut(&self.id) {
            *slot = Some(at);
        }
        response.map(|body| Body::new(Tracked { body, _entry: self }))
    }
}

impl Drop for Entry {
    fn drop(&mut self) {
        let mut state = self.answers.state();
        state.open.remove(&self.id);
        if state.open.is_empty() {
            state.quiet_since = Instant::now();
        }
    }
}

/// A response body that holds its entry in the register.
struct Tracked {
    body: Body,
    _entry: Entry,
}

impl hyper::body::Body for Tracked {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::http::bare;
    use hyper::StatusCode;

    #[test]
    fn an_answer_is_overdue_past_its_allowance_and_the_write_timeout() {
        let answers = Answers::new(Duration::from_secs(2));
        let now = Instant::now();
        let making = answers.start();
        assert!(!answers.overdue(now + Duration::from_secs(3600), None));
        let mut r = bare(StatusCode::OK);
        r.extensions_mut().insert(Allowance(Duration::from_secs(5)));
        let r = making.answered(r);
        assert!(!answers.overdue(now + Duration::from_secs(6), None));
        assert!(answers.overdue(now + Duration::from_secs(8), None));
        drop(r);
        assert!(!answers.overdue(now + Duration::from_secs(8), None));
        let closing = Instant::now();
        assert!(!answers.overdue(closing + Duration::from_secs(1), Some(closing)));
        assert!(answers.overdue(closing + Duration::from_secs(2), Some(closing)));
    }
}
