//! The act: `POST /`, verified as it streams in.
//!
//! Invariants:
//! 1. A declared `Content-Length` over `max_bytes` is refused before any body byte is
//!    read (hyper sends no `100 Continue`, since the body is never polled).
//! 2. Every frame is fed to the incremental verifier as it arrives; the verifier counts
//!    bytes and says no at the first frame that leaves the form or crosses `max_bytes`,
//!    and no further frame is read. A body whose first frame is all of its declared
//!    `Content-Length` is verified whole by `Form::verify` instead: the same verdict,
//!    and its accept-only fast path (which needs the complete body) took a 19 KB act
//!    from about 100 µs to about 35 µs of verification (`benches/README.md`). At most `max_bytes + 1` body bytes are ever fed
//!    (a frame that crosses the limit is cut there); hyper's read buffer, capped at
//!    64 KiB (app.rs), bounds what sits unread in memory. What is held (only to forward
//!    it) is what the verifier has admitted so far, so never more than `max_bytes`; the
//!    verifier's fast path keeps its own copy of those bytes until it is sure or hands
//!    over (at most `max_bytes` more).
//! 3. Whatever fails — a rejection, a declared or counted size over the limit, a body
//!    that does not finish within the body time-out, broken framing — the actor gets
//!    the same bare `204` with no body and no reason. A time-out is a `204` too: a
//!    distinct status would tell the actor that the bytes sent so far were still inside
//!    the form. Only the operator's log says why. (When body bytes were left unread the
//!    answer also says `Connection: close`: a matter of framing, not of the reason,
//!    and an answer that comes before the body is sent says as much anyway. The
//!    connection is then closed without a reset, so the early answer reaches a client
//!    still sending: conn.rs.)
//! 4. An accepted body is forwarded as the exact bytes received, in one buffer, never
//!    re-serialized.
//! 5. `GPT-Actor` is read for the log only.

use std::time::{Duration, Instant};

use http_body_util::BodyExt as _;
use hyper::body::{Body as _, Bytes, Incoming};
use hyper::header::{self, HeaderName, HeaderValue};
use hyper::{Request, Response, StatusCode};

use super::app::{full, App, Body};
use super::log::{Entry, Verdict};

/// The `GPT-Actor` request header.
pub(crate) static GPT_ACTOR: HeaderName = HeaderName::from_static("gpt-actor");

/// The answer to an act accepted with no upstream.
const ACCEPTED: &[u8] = b"{\"accepted\":true}";

/// How reading and verifying the body ended.
struct Read {
    verdict: Verdict,
    /// Bytes read from the body (all of them were fed to the verifier).
    bytes: u64,
    /// The exact body, when accepted and kept for the upstream.
    kept: Option<Bytes>,
    /// Whether the request body was read to its end (so the connection can be reused).
    drained: bool,
}

/// Verify the body of `req` and answer it (invariants 1–5).
pub(crate) async fn act(app: &'static App, req: Request<Incoming>) -> Response<Body> {
    let started = Instant::now();
    let (parts, body) = req.into_parts();
    let actor = parts.headers.get(&GPT_ACTOR).map(HeaderValue::as_bytes);
    let limit = app.form.limits().max_bytes();

    let read = match body.size_hint().exact() {
        // Invariant 1: hyper reports a declared `Content-Length` as the exact size.
        Some(length) if length > limit as u64 => Read {
            verdict: Verdict::Declared { length, limit },
            bytes: 0,
            kept: None,
            drained: false,
        },
        _ => read_body(app, body).await,
    };

    let mut upstream_note = None;
    let mut response = match (&read.verdict, &app.upstream, read.kept) {
        (Verdict::Accept, Some(up), Some(bytes)) => {
            let (response, note) = up.forward(bytes, actor).await;
            upstream_note = Some(note);
            response
        }
        (Verdict::Accept, _, _) => {
            let mut r = Response::new(full(Bytes::from_static(ACCEPTED)));
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            r
        }
        _ => {
            // Invariant 3: nothing in this answer depends on why.
            let mut r = Response::new(full(Bytes::new()));
            *r.status_mut() = StatusCode::NO_CONTENT;
            r
        }
    };
    if !read.drained {
        // Unread body bytes may still be in flight: do not reuse the connection.
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    app.log.act(&Entry {
        verdict: &read.verdict,
        status: response.status().as_u16(),
        bytes: read.bytes,
        elapsed: started.elapsed(),
        upstream: upstream_note.as_deref(),
        actor,
    });
    response
}

/// Read and verify the body, frame by frame, within the body time-out (invariant 2).
async fn read_body(app: &'static App, mut body: Incoming) -> Read {
    let limit = app.form.limits().max_bytes();
    let mut verifier = app.form.verifier();
    let keep = app.upstream.is_some();
    let mut kept: Vec<Bytes> = Vec::new();
    let mut bytes = 0u64;
    // The declared length, when there is one (hyper holds the body to it).
    let declared = body.size_hint().exact();
    // Set when the first frame was the whole body and `Form::verify` admitted it.
    let mut verified_whole = false;
    let deadline = tokio::time::Instant::now() + app.body_timeout;
    let verdict = loop {
        let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
            Err(_) => break Verdict::Timeout,
            Ok(None) => break Verdict::Accept, // The end: see `finish` below.
            Ok(Some(Err(_))) => break Verdict::Broken,
            Ok(Some(Ok(frame))) => frame,
        };
        // Trailers carry no body bytes, and are ignored.
        let Ok(mut data) = frame.into_data() else {
            continue;
        };
        // One byte past the limit is enough for the verifier to say `TooLarge`; the
        // rest of a frame that crosses it is never looked at.
        let room = (limit as u64).saturating_add(1).saturating_sub(bytes);
        if data.len() as u64 > room {
            data.truncate(room as usize);
        }
        if verified_whole {
            // More bytes than the declared length: hyper should not let this happen.
            break Verdict::Broken;
        }
        if bytes == 0 && declared == Some(data.len() as u64) {
            bytes = data.len() as u64;
            if let Err(r) = app.form.verify(&data) {
                break Verdict::Reject(r);
            }
            verified_whole = true;
            if keep {
                kept.push(data);
            }
            continue;
        }
        bytes += data.len() as u64;
        if let Err(r) = verifier.feed(&data) {
            break Verdict::Reject(r);
        }
        if keep {
            kept.push(data);
        }
    };
    let drained = body.is_end_stream();
    let verdict = match verdict {
        Verdict::Accept if verified_whole => Verdict::Accept,
        Verdict::Accept => match verifier.finish() {
            Ok(()) => Verdict::Accept,
            Err(r) => Verdict::Reject(r),
        },
        other => other,
    };
    let kept = match (&verdict, keep) {
        (Verdict::Accept, true) => Some(concat(kept)),
        _ => None,
    };
    Read {
        verdict,
        bytes,
        kept,
        drained,
    }
}

/// The frames as one buffer; a single frame is passed on without a copy.
fn concat(mut frames: Vec<Bytes>) -> Bytes {
    if frames.len() == 1 {
        return frames.pop().unwrap_or_default();
    }
    let total = frames.iter().map(Bytes::len).sum();
    let mut all = Vec::with_capacity(total);
    for f in &frames {
        all.extend_from_slice(f);
    }
    Bytes::from(all)
}

/// The time allowed for a whole body, by default.
pub(crate) const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(10);
