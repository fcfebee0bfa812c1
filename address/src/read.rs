//! [`read_act`]: an act's body, verified as it streams in.
//!
//! Invariants:
//! 1. A declared size (`Content-Length`, as the body's exact size hint) over
//!    `max_bytes` is refused before any body byte is read.
//! 2. Every frame is fed to the incremental verifier as it arrives; the verifier counts
//!    bytes and says no at the first frame that leaves the form or crosses
//!    `max_bytes`, and no further frame is read. A body whose first frame is all of
//!    its declared length is checked whole by [`Admit::whole`] instead (for
//!    [`Verify`], `Form::verify`: the same verdict, and its accept-only fast path,
//!    which needs the complete body). At most `max_bytes + 1` body bytes are ever fed
//!    (a frame that crosses the limit is cut there). What is kept (to forward it, or to
//!    make a value of it) is what the verifier has admitted so far, so never more than
//!    `max_bytes`.
//! 3. The whole read has one deadline: a body not finished by then is
//!    [`Verdict::Timeout`], whatever was read.
//! 4. An admitted body is kept as the exact bytes received, never re-serialized.

use std::future::{poll_fn, Future};
use std::pin::pin;
use std::task::Poll;

use bytes::Bytes;
use formgate::{Form, Rejection};
use http_body::Body;

use crate::verdict::Verdict;

/// What a body the form admits becomes: checked whole when it came in one frame, made
/// into a value after the streaming verifier admitted it.
pub trait Admit {
    /// What an admitted body is made into.
    type Value;

    /// Verify a complete body that came in one frame, and make its value. Must give the
    /// verdict `Form::verify` gives.
    fn whole(&self, form: &Form, body: &[u8]) -> Result<Self::Value, Rejection>;

    /// Make the value of a body the streaming verifier has admitted. `body` is empty
    /// unless [`Admit::needs_body`].
    fn streamed(&self, form: &Form, body: &[u8]) -> Result<Self::Value, Rejection>;

    /// Whether [`Admit::streamed`] reads the body (then the frames are kept for it).
    fn needs_body(&self) -> bool;
}

/// The admission of `formgate serve`: the verdict only, no value.
#[derive(Debug, Clone, Copy, Default)]
pub struct Verify;

impl Admit for Verify {
    type Value = ();

    fn whole(&self, form: &Form, body: &[u8]) -> Result<(), Rejection> {
        form.verify(body)
    }

    fn streamed(&self, _: &Form, _: &[u8]) -> Result<(), Rejection> {
        Ok(())
    }

    fn needs_body(&self) -> bool {
        false
    }
}

/// How reading and verifying an act's body ended.
#[derive(Debug)]
#[non_exhaustive]
pub struct Read<V> {
    /// The verdict.
    pub verdict: Verdict,
    /// The admitted body's value, when accepted.
    pub value: Option<V>,
    /// Body bytes read (all of them were fed to the verifier).
    pub bytes: u64,
    /// The exact body, when accepted and asked to be kept.
    pub kept: Option<Bytes>,
    /// Whether the body was read to its end (so the connection can be reused).
    pub drained: bool,
}

impl<V> Read<V> {
    /// An act refused before its body was read (a failed precondition, a rate
    /// limit): nothing read, `drained` when the body was empty anyway.
    pub fn unread(verdict: Verdict, drained: bool) -> Read<V> {
        Read {
            verdict,
            value: None,
            bytes: 0,
            kept: None,
            drained,
        }
    }
}

/// Read `body` and verify it against `form` frame by frame until `deadline` completes
/// (invariants 1–4); keep the admitted bytes when `keep`.
pub async fn read_act<B, A, D>(
    form: &Form,
    body: B,
    admit: &A,
    keep: bool,
    deadline: D,
) -> Read<A::Value>
where
    B: Body<Data = Bytes>,
    A: Admit,
    D: Future<Output = ()>,
{
    let limit = form.limits().max_bytes();
    let mut body = pin!(body);
    let mut deadline = pin!(deadline);
    // The declared length, when there is one (the server holds the body to it).
    let declared = body.size_hint().exact();
    if let Some(length) = declared.filter(|&n| n > limit as u64) {
        return Read::unread(Verdict::Declared { length, limit }, false);
    }
    // Frames are held for the admission, or to be handed back.
    let hold = keep || admit.needs_body();
    let mut verifier = form.verifier();
    let mut kept: Vec<Bytes> = Vec::new();
    let mut bytes = 0u64;
    // Set when the first frame was the whole body and `Admit::whole` admitted it.
    let mut whole = None;
    let mut ended = false;
    let verdict = loop {
        let next = poll_fn(|cx| {
            if let Poll::Ready(frame) = body.as_mut().poll_frame(cx) {
                return Poll::Ready(Some(frame));
            }
            deadline.as_mut().poll(cx).map(|()| None)
        })
        .await;
        let frame = match next {
            None => break Verdict::Timeout,
            Some(None) => {
                ended = true;
                break Verdict::Accept; // The end: see below.
            }
            Some(Some(Err(_))) => break Verdict::Broken,
            Some(Some(Ok(frame))) => frame,
        };
        // Trailers carry no body bytes, and are ignored; so are empty data frames
        // (HTTP/2 may end a body with one after all its bytes).
        let Ok(mut data) = frame.into_data() else {
            continue;
        };
        if data.is_empty() {
            continue;
        }
        // One byte past the limit is enough for the verifier to say `TooLarge`; the
        // rest of a frame that crosses it is never looked at.
        let room = (limit as u64).saturating_add(1).saturating_sub(bytes);
        if data.len() as u64 > room {
            data.truncate(room as usize);
        }
        if whole.is_some() {
            // More bytes than the declared length: the server should not let this be.
            break Verdict::Broken;
        }
        if bytes == 0 && declared == Some(data.len() as u64) {
            bytes = data.len() as u64;
            match admit.whole(form, &data) {
                Ok(value) => whole = Some(value),
                Err(r) => break Verdict::Reject(r),
            }
            if hold {
                kept.push(data);
            }
            continue;
        }
        bytes += data.len() as u64;
        if let Err(r) = verifier.feed(&data) {
            break Verdict::Reject(r);
        }
        if hold {
            kept.push(data);
        }
    };
    let drained = ended || body.is_end_stream();
    let (verdict, value, kept) = match (verdict, whole) {
        (Verdict::Accept, Some(value)) => {
            (Verdict::Accept, Some(value), keep.then(|| concat(kept)))
        }
        (Verdict::Accept, None) => {
            let made = verifier.finish().and_then(|()| {
                let body = concat(kept);
                admit.streamed(form, &body).map(|v| (v, body))
            });
            match made {
                Ok((value, body)) => (Verdict::Accept, Some(value), keep.then_some(body)),
                Err(r) => (Verdict::Reject(r), None, None),
            }
        }
        (other, _) => (other, None, None),
    };
    Read {
        verdict,
        value,
        bytes,
        kept,
        drained,
    }
}

/// The frames as one buffer; a single frame is passed on without a copy.
fn concat(mut frames: Vec<Bytes>) -> Bytes {
    if frames.len() <= 1 {
        return frames.pop().unwrap_or_default();
    }
    let total = frames.iter().map(Bytes::len).sum();
    let mut all = Vec::with_capacity(total);
    for f in &frames {
        all.extend_from_slice(f);
    }
    Bytes::from(all)
}
