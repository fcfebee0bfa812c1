//! The upstream: where an accepted act goes when the address is a gateway.
//!
//! Invariants:
//! 1. The upstream receives the exact bytes of the accepted body, as a `POST` with
//!    `Content-Type: application/json` and the `GPT-Actor` value if there was one,
//!    to the configured URL; nothing is re-serialized.
//! 2. Its status (a `202 Accepted` with its `Location` as any other), headers and body
//!    are relayed as they come, but for the hop-by-hop headers, which describe the
//!    upstream's connection and not the answer ([`HOP_BY_HOP`] and whatever its
//!    `Connection` names), and `Content-Length`: the framing towards the client is
//!    hyper's. The body is relayed frame by frame as each arrives, never gathered, so
//!    a streamed answer (`text/event-stream`, any chunked body) reaches the client
//!    event by event. If the upstream cannot be reached the answer is `502`, if its
//!    head does not come within the upstream time-out, `504`.
//! 3. Three deadlines bound an answer, so an upstream cannot hold a client longer than
//!    the operator allows: the head (with the connection) within `--upstream-timeout`
//!    of forwarding; each frame of the body within `--upstream-idle-timeout` of the
//!    one before (of the head, for the first); the whole answer within
//!    `--upstream-max-duration` of forwarding. A body past either of the last two is
//!    cut off: the client sees the answer end early, never a complete one.
//!
//! 4. An `https://` upstream is verified (tls.rs: the webpki roots, or `--upstream-ca`);
//!    one whose certificate does not verify cannot be reached (`502`).

use std::future::Future as _;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use formgate_address::GPT_ACTOR;
use http_body_util::{BodyExt as _, Full};
use hyper::body::{Bytes, Frame, Incoming, SizeHint};
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode, Uri};
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use tokio::time::{Instant, Sleep};
use tokio_rustls::rustls::ClientConfig;

use super::deadline::Allowance;
use super::http::{bare, Body, BoxError};

/// The deadlines of an upstream's answer (invariant 3).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Timeouts {
    /// From forwarding to the answer's head (the connection included).
    pub head: Duration,
    /// Between two frames of the body (or the head and the first).
    pub idle: Duration,
    /// From forwarding to the body's end.
    pub max: Duration,
}

/// A configured upstream and its connection pool.
#[derive(Debug)]
pub(crate) struct Upstream {
    uri: Uri,
    client: Client<HttpsConnector<HttpConnector>, Full<Bytes>>,
    timeouts: Timeouts,
}

impl Upstream {
    /// An upstream at `url`, which must be `http://` or `https://HOST[:PORT][/PATH]`;
    /// `tls` verifies an https one (invariant 4).
    pub fn new(url: &str, timeouts: Timeouts, tls: &ClientConfig) -> Result<Upstream, String> {
        let uri: Uri = url
            .parse()
            .map_err(|e| format!("upstream {url:?}: not a URL: {e}"))?;
        if !matches!(uri.scheme_str(), Some("http" | "https")) {
            return Err(format!(
                "upstream {url:?}: must start with http:// or https://"
            ));
        }
        if uri.authority().is_none() {
            return Err(format!("upstream {url:?}: no host"));
        }
        let mut connector = HttpConnector::new();
        connector.set_nodelay(true);
        connector.set_connect_timeout(Some(timeouts.head));
        connector.enforce_http(false);
        let connector = HttpsConnectorBuilder::new()
            .with_tls_config(tls.clone())
            .https_or_http()
            .enable_http1()
            .wrap_connector(connector);
        let client = Client::builder(TokioExecutor::new()).build(connector);
        Ok(Upstream {
            uri,
            client,
            timeouts,
        })
    }

    /// The upstream URL.
    pub fn uri(&self) -> &Uri {
        &self.uri
    }

    /// Forward an accepted body (invariant 1) and relay the answer (invariants 2 and
    /// 3). The second value says, for the log, what the upstream did.
    pub async fn forward(&self, body: Bytes, actor: Option<&[u8]>) -> (Response<Body>, String) {
        let forwarded = Instant::now();
        let deadline = forwarded + self.timeouts.head;
        let mut req = Request::new(Full::new(body));
        *req.method_mut() = Method::POST;
        *req.uri_mut() = self.uri.clone();
        req.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        if let Some(a) = actor.and_then(|a| HeaderValue::from_bytes(a).ok()) {
            req.headers_mut().insert(GPT_ACTOR.clone(), a);
        }
        match tokio::time::timeout_at(deadline, self.client.request(req)).await {
            Ok(Ok(up)) => {
                let status = up.status();
                let (parts, incoming) = up.into_parts();
                let relay = Relay {
                    body: incoming,
                    idle: self.timeouts.idle,
                    quiet: Box::pin(tokio::time::sleep(self.timeouts.idle)),
                    end: Box::pin(tokio::time::sleep_until(forwarded + self.timeouts.max)),
                };
                let mut r = Response::new(relay.boxed());
                *r.status_mut() = status;
                // Its deadlines are the relay's own, but HTTP/2 may stop polling it:
                // the connection keeps them too (deadline.rs).
                r.extensions_mut().insert(Allowance(self.timeouts.max));
                *r.headers_mut() = relayed(&parts.headers);
                (r, status.as_u16().to_string())
            }
            Ok(Err(_)) => (bare(StatusCode::BAD_GATEWAY), "unreachable".to_owned()),
            Err(_) => (bare(StatusCode::GATEWAY_TIMEOUT), "timeout".to_owned()),
        }
    }
}

/// The response headers that describe one connection rather than the answer (RFC 9110
/// section 7.6.1, and the obsolete `Keep-Alive` and `Proxy-Connection`), and the
/// framing, which hyper writes anew for the client's connection: never relayed.
const HOP_BY_HOP: &[&str] = &[
    "connection",
    "keep-alive",
    "proxy-connection",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "content-length",
];

/// The upstream's response headers to relay (invariant 2): all but [`HOP_BY_HOP`] and
/// those its `Connection` header names, every value of a repeated header kept in order.
fn relayed(upstream: &HeaderMap) -> HeaderMap {
    let named: Vec<&[u8]> = upstream
        .get_all(header::CONNECTION)
        .iter()
        .flat_map(|v| v.as_bytes().split(|&b| b == b','))
        .map(<[u8]>::trim_ascii)
        .filter(|n| !n.is_empty())
        .collect();
    let mut out = HeaderMap::with_capacity(upstream.len());
    for (name, value) in upstream {
        let hop = HOP_BY_HOP.contains(&name.as_str())
            || named
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name.as_str().as_bytes()));
        if !hop {
            out.append(name.clone(), value.clone());
        }
    }
    out
}

/// The upstream's body, relayed frame by frame as each arrives (invariant 2) until a
/// deadline (invariant 3); past it, an error, which makes hyper end the client's
/// connection without completing the answer.
struct Relay {
    body: Incoming,
    /// The longest wait for the next frame.
    idle: Duration,
    /// When the wait for the next frame is over.
    quiet: Pin<Box<Sleep>>,
    /// When the whole answer must have ended.
    end: Pin<Box<Sleep>>,
}

impl hyper::body::Body for Relay {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = self.get_mut();
        if this.end.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Some(Err(BoxError::from(
                "the upstream's answer did not end within --upstream-max-duration",
            ))));
        }
        if let Poll::Ready(frame) = Pin::new(&mut this.body).poll_frame(cx) {
            let next = Instant::now() + this.idle;
            this.quiet.as_mut().reset(next);
            return Poll::Ready(frame.map(|f| f.map_err(BoxError::from)));
        }
        match this.quiet.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(BoxError::from(
                "the upstream sent nothing for --upstream-idle-timeout",
            )))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// The time allowed for the upstream to connect and send its answer's head, by
/// default.
pub(crate) const DEFAULT_UPSTREAM_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest wait between two frames of an upstream's answer, by default.
pub(crate) const DEFAULT_UPSTREAM_IDLE_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest an upstream's whole answer may take, by default: long enough for an act
/// whose answer streams its progress, short enough that none holds a client for ever.
pub(crate) const DEFAULT_UPSTREAM_MAX_DURATION: Duration = Duration::from_secs(300);
