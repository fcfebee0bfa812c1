//! The act: `POST /`, verified as it streams in (formgate-address's `read_act`), then
//! answered `200`, forwarded, or refused.
//!
//! Invariants:
//! 1. Reading is formgate-address's: a declared `Content-Length` over `max_bytes` is
//!    refused before any body byte is read (hyper sends no `100 Continue`, since the
//!    body is never polled); every frame is fed to the verifier as it arrives, and no
//!    frame is read after the first that leaves the form or crosses `max_bytes`; a
//!    body whose first frame is all of its declared length is verified whole, with
//!    `Form::verify`'s accept-only fast path (which took a 19 KB act from about 100 µs
//!    to about 35 µs of verification: `benches/README.md`). hyper's read buffer, capped
//!    at 64 KiB (server.rs), bounds what sits unread in memory; what is held (only to
//!    forward it) is what the verifier has admitted so far, so never more than
//!    `max_bytes`.
//! 2. Whatever fails, the actor gets formgate-address's bare `204` with no body and no
//!    reason (with `Connection: close` when body bytes were left unread; the
//!    connection is then closed without a reset, so the early answer reaches a client
//!    still sending: conn.rs). Only the operator's log says why; with
//!    `--report-rejections`, a refused body is answered `422` with a problem report
//!    (the stable names, never a value of the body).
//! 3. An act whose `If-Match` names another form than the one served is `412`, its
//!    body unread: an actor that wrote it for an older form never has it verified
//!    against this one. Without `If-Match`, nothing changes.
//! 4. An act over its client's rate (`--rate-limit`) is `429` with `Retry-After`, its
//!    body unread, before anything else is looked at.
//! 5. An accepted body is forwarded as the exact bytes received, in one buffer, never
//!    re-serialized.
//! 6. `GPT-Actor` is read for the log only.
//! 7. An act whose body is kept (to forward it) is read only with one of its
//!    connection's permits (protocol.rs, invariant 5), held until the body is handed
//!    to the upstream; one that gets none within the body time-out is refused as
//!    timed out, its body unread.

use std::net::IpAddr;
use std::pin::pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use formgate_address::{read_act, refused, Read, Traffic, Verdict, Verify, GPT_ACTOR};
use hyper::body::{Body as _, Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Request, Response};
use tokio::sync::Semaphore;

use super::address::Address;
use super::http::{answer, full, Body};
use super::record::Entry;
use super::state::App;

/// The answer to an act accepted with no upstream.
const ACCEPTED: &[u8] = b"{\"accepted\":true}";

/// Verify the body of `req`, from `client`, for `address`, and answer it (invariants
/// 1–6). The address is the one served when the request came: a reload meanwhile
/// changes nothing for this act.
pub(crate) async fn act(
    app: &'static App,
    address: Arc<Address>,
    req: Request<Incoming>,
    client: IpAddr,
    kept: &Semaphore,
) -> Response<Body> {
    let started = Instant::now();
    let (parts, body) = req.into_parts();
    let actor = parts.headers.get(&GPT_ACTOR).map(HeaderValue::as_bytes);
    let if_match = parts.headers.get_all(header::IF_MATCH);
    let mut permit = None;
    let read = if let Err(retry_after) = address.rate.check(client, Traffic::Act, started) {
        Read::unread(Verdict::Limited { retry_after }, body.is_end_stream())
    } else if !address
        .arrival
        .published()
        .if_match(if_match.iter().map(HeaderValue::as_bytes))
    {
        Read::unread(Verdict::Stale, body.is_end_stream())
    } else {
        let keep = address.upstream.is_some();
        let mut deadline = pin!(tokio::time::sleep(app.body_timeout));
        // Invariant 7: a body kept to forward it waits for one of the connection's
        // permits, within its time-out.
        let waited = match keep {
            true => tokio::select! {
                p = kept.acquire() => p.ok(),
                () = &mut deadline => None,
            },
            false => None,
        };
        permit = waited;
        if keep && permit.is_none() {
            Read::unread(Verdict::Timeout, body.is_end_stream())
        } else {
            read_act(&address.form, body, &Verify, keep, deadline).await
        }
    };
    let limited = matches!(read.verdict, Verdict::Limited { .. });

    let mut upstream_note = None;
    let response = match (&read.verdict, &address.upstream, read.kept) {
        (Verdict::Accept, Some(up), Some(bytes)) => {
            let (response, note) = up.forward(bytes, actor).await;
            upstream_note = Some(note);
            drop(permit);
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
        // Invariant 2: without reports, nothing in this answer depends on why.
        (verdict, _, _) => answer(refused(verdict, app.reports, !read.drained)),
    };
    app.log.act(&Entry {
        verdict: &read.verdict,
        status: response.status().as_u16(),
        bytes: read.bytes,
        elapsed: started.elapsed(),
        upstream: upstream_note.as_deref(),
        actor,
        client: limited.then_some(client),
        address: app.origin.is_file().then_some(address.path.as_str()),
    });
    response
}

/// The time allowed for a whole body, by default.
pub(crate) const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(10);
