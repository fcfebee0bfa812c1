//! [`Address`]: the GPT address protocol for one form, as an axum router.
//!
//! `GET /` (and `HEAD /`) publishes `{"p","m","s"}` with a strong `ETag` (`304` on a
//! matching `If-None-Match`), or the page for people when the request asks for
//! `text/html` by name; `POST /` verifies the act and hands the value to the handler.
//! Other methods answer `405` with `Allow: GET,HEAD,POST`, `OPTIONS` too (axum's
//! method router answers it). `formgate serve` answers `OPTIONS` itself, `200` with
//! `Allow: GET, HEAD, POST, OPTIONS`; a router that needs that can add an `OPTIONS`
//! route beside this one.
//!
//! The protocol is formgate-address's, shared with `formgate serve`: the same answers
//! to `GET`, the same reading of an act, the same answer to a refused one.
//!
//! Invariants:
//! 1. The published body, its tag and the page are built once, from the same compiled
//!    form that verifies acts (`formgate::publish`), and served as shared bytes.
//! 2. An act is verified as its body streams in, and reading stops at the first frame
//!    that leaves the form or crosses `max_bytes`; a declared `Content-Length` over
//!    `max_bytes` is refused before reading (formgate-address's `read_act`).
//! 3. Whatever fails in an act (a declared or counted size over `max_bytes`, a body
//!    that cannot be read, strictness, the form, a value the type cannot hold) is
//!    answered `204 No Content` with no body and no reason; when body bytes were left
//!    unread, also `Connection: close`. Only the `on_reject` observer learns why, unless
//!    [`Address::report_rejections`] asks for a `422` problem report.
//! 4. An act whose `If-Match` names another form than the one served is `412` with no
//!    body, unread; without `If-Match`, nothing changes.
//! 5. The handler is called only with a value deserialized from an admitted body.
//! 6. With [`Address::rate_limit`], a request over its client's rate is `429` with
//!    `Retry-After` and no body, before anything else (an act unread).
//! 7. An act's body has a time-out ([`Address::body_timeout`], 10 s by default): one
//!    not finished by then is refused. At most [`Address::max_acts_in_flight`] acts
//!    are read at once (each keeps up to `max_bytes` to make its value, and over
//!    HTTP/2 one connection can carry many); the others wait unread, within their
//!    time-out.

use std::future::Future;
use std::marker::PhantomData;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::body::HttpBody as _;
use axum::extract::{ConnectInfo, Request};
use axum::http::{header, HeaderValue};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use formgate::publish::{Message, Published};
use formgate::{Form, Rejection};
use formgate_address::{
    client_address, limited, read_act, refused, Admit, Arrival, Rate, RateLimiter, Read, Traffic,
    Verdict,
};
use serde::de::DeserializeOwned;
use tokio::sync::Semaphore;

use crate::extract::FormFor;
use crate::rejection::{Problems, VerifyRejection};

/// The `GPT-Type` response header ([`formgate::publish::GPT_TYPE`]).
pub use formgate_address::GPT_TYPE;

/// What is told of a refused act: the rejection (with its kind and, for logs,
/// formgate's [`Rejection`](formgate::Rejection)).
type Observer = Arc<dyn Fn(&VerifyRejection) + Send + Sync>;

/// A GPT address for the form of `T`: build it at start-up, give it a handler for
/// accepted acts, and serve the router it makes.
///
/// ```
/// use axum::Json;
/// use formgate_axum::{Address, FormFor};
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// #[serde(deny_unknown_fields)]
/// struct Vote { #[schemars(range(min = 1, max = 5))] stars: u8 }
///
/// let votes: FormFor<Vote> = FormFor::from_schemars().expect("the form compiles");
/// let app: axum::Router = Address::new(votes, "Rate the talk from 1 to 5 stars.")
///     .on_reject(|r| eprintln!("act refused: {r}"))
///     .on_act(|vote: Vote| async move {
///         Json(serde_json::json!({ "accepted": true, "stars": vote.stars }))
///     });
/// # let _ = app;
/// ```
pub struct Address<T> {
    form: FormFor<T>,
    prompt: String,
    messages: Vec<Message>,
    sample: Option<String>,
    gpt_type: Option<HeaderValue>,
    observer: Option<Observer>,
    report: bool,
    rate: Option<Arc<RateLimiter>>,
    trusted_hops: usize,
    body_timeout: Duration,
    in_flight: usize,
}

/// The time allowed for an act's whole body, by default (as `formgate serve`'s).
pub const DEFAULT_BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The acts one [`Address`] reads at once, by default.
pub const DEFAULT_MAX_ACTS_IN_FLIGHT: usize = 64;

impl<T> std::fmt::Debug for Address<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Address")
            .field("form", &self.form)
            .field("prompt", &self.prompt)
            .field("messages", &self.messages)
            .finish_non_exhaustive()
    }
}

impl<T: DeserializeOwned + Send + 'static> Address<T> {
    /// An address publishing `form` with the system context `prompt` (`p`).
    pub fn new(form: FormFor<T>, prompt: impl Into<String>) -> Address<T> {
        Address {
            form,
            prompt: prompt.into(),
            messages: Vec::new(),
            sample: None,
            gpt_type: None,
            observer: None,
            report: false,
            rate: None,
            trusted_hops: 0,
            body_timeout: DEFAULT_BODY_TIMEOUT,
            in_flight: DEFAULT_MAX_ACTS_IN_FLIGHT,
        }
    }

    /// The time an act's whole body may take ([`DEFAULT_BODY_TIMEOUT`] unless set): a
    /// body not finished by then is refused (a bare `204`; the observer is told it was
    /// unreadable), so a client that sends slowly or stops holds nothing for ever.
    pub fn body_timeout(mut self, timeout: Duration) -> Address<T> {
        self.body_timeout = timeout;
        self
    }

    /// Read at most `acts` acts at once ([`DEFAULT_MAX_ACTS_IN_FLIGHT`] unless set; at
    /// least 1). Each act being read keeps up to the form's `max_bytes` to make its
    /// value, so this bounds the memory acts hold to `acts` times `max_bytes` however
    /// many requests the server takes at once (over HTTP/2, one connection may carry
    /// many). An act over the bound waits, its body unread, within its body time-out.
    pub fn max_acts_in_flight(mut self, acts: usize) -> Address<T> {
        self.in_flight = acts.max(1);
        self
    }

    /// Prior messages for the actor (`m`).
    pub fn messages(mut self, messages: Vec<Message>) -> Address<T> {
        self.messages = messages;
        self
    }

    /// A body the page for people starts its try-an-act box with.
    pub fn sample(mut self, body: impl Into<String>) -> Address<T> {
        self.sample = Some(body.into());
        self
    }

    /// Send this `GPT-Type` header with the form.
    pub fn gpt_type(mut self, value: HeaderValue) -> Address<T> {
        self.gpt_type = Some(value);
        self
    }

    /// Call `observer` with every refused act, for the operator's log (the actor gets
    /// a bare `204` whatever it says).
    pub fn on_reject(
        mut self,
        observer: impl Fn(&VerifyRejection) + Send + Sync + 'static,
    ) -> Address<T> {
        self.observer = Some(Arc::new(observer));
        self
    }

    /// Answer a refused act `422` with an `application/problem+json` report of why (the
    /// kind, keyword, offset and pointers by formgate's stable names, never a value of
    /// the body: formgate-address's `refused`), instead of a bare `204`. Off by
    /// default: a report helps whoever acts to build a body the form admits, so turn it
    /// on only for an address under development.
    ///
    /// ```
    /// # #[derive(serde::Deserialize, schemars::JsonSchema)] struct Vote { stars: u8 }
    /// # let votes = formgate_axum::FormFor::<Vote>::from_schemars().unwrap();
    /// let app: axum::Router = formgate_axum::Address::new(votes, "Vote.")
    ///     .report_rejections(cfg!(debug_assertions))
    ///     .on_act(|v: Vote| async move { v.stars.to_string() });
    /// # let _ = app;
    /// ```
    pub fn report_rejections(mut self, report: bool) -> Address<T> {
        self.report = report;
        self
    }

    /// Limit each client to `acts` and `gets` (`None`: not limited), remembering at
    /// most `max_clients` clients (formgate-address's `RateLimiter`: a token bucket per
    /// client address, an IPv6 client by its /64). Over its rate, a request is answered
    /// `429` with `Retry-After` and no body, an act unread, and the observer is told
    /// ([`Problem::RateLimited`](crate::Problem::RateLimited)).
    ///
    /// The client is the connection's peer, which axum knows when the router is served
    /// with `into_make_service_with_connect_info::<SocketAddr>()`; without it every
    /// request counts against one shared bucket (the safe way to be wrong). Behind
    /// proxies, see [`Address::trust_forwarded_for`].
    ///
    /// ```
    /// use formgate_axum::Rate;
    /// # #[derive(serde::Deserialize, schemars::JsonSchema)] struct Vote { stars: u8 }
    /// # let votes = formgate_axum::FormFor::<Vote>::from_schemars().unwrap();
    /// let app: axum::Router = formgate_axum::Address::new(votes, "Vote.")
    ///     .rate_limit(Rate::new(2.0, 5), Rate::new(20.0, 40), 65_536)
    ///     .on_act(|v: Vote| async move { v.stars.to_string() });
    /// # let _ = app;
    /// ```
    pub fn rate_limit(
        mut self,
        acts: Option<Rate>,
        gets: Option<Rate>,
        max_clients: usize,
    ) -> Address<T> {
        self.rate = Some(Arc::new(RateLimiter::new(acts, gets, max_clients)));
        self
    }

    /// Read `X-Forwarded-For` as far as `hops` proxies in front append to it: the
    /// client is the address the outermost of them saw. With 0 (the default) the
    /// header is never read.
    pub fn trust_forwarded_for(mut self, hops: usize) -> Address<T> {
        self.trusted_hops = hops;
        self
    }

    /// The GET body this address publishes, and its entity tag.
    pub fn published(&self) -> Published {
        self.form.form().publish(&self.prompt, &self.messages)
    }

    /// The router: `GET`/`HEAD /` publish, `POST /` verifies and calls `handler` with
    /// the accepted value, whose answer is the act's answer. Merge or nest it into
    /// your application's router.
    ///
    /// An act is verified as it streams in, up to the form's `max_bytes` (the
    /// address's own limit, whatever `DefaultBodyLimit` says), and reading stops at the
    /// first frame that leaves the form, as in `formgate serve`; a declared
    /// `Content-Length` over the limit is refused before reading. A body that came in
    /// one frame is verified and deserialized in one pass; one that came in several is
    /// deserialized once the stream is admitted (a second pass over the kept bytes).
    pub fn on_act<S, F, Fut, R>(self, handler: F) -> Router<S>
    where
        S: Clone + Send + Sync + 'static,
        F: Fn(T) -> Fut + Clone + Send + Sync + 'static,
        Fut: Future<Output = R> + Send + 'static,
        R: IntoResponse,
    {
        let form = self.form.form();
        let page = formgate::publish::page(
            form,
            &self.prompt,
            &self.messages,
            self.sample.as_deref(),
            self.gpt_type.as_ref().and_then(|v| v.to_str().ok()),
        );
        let published = form.publish(&self.prompt, &self.messages);
        let arrival = Arc::new(Arrival::new(&published, self.gpt_type.as_ref(), page));
        let form = self.form;
        let observer = self.observer;
        let report = self.report;
        let limits = Limits {
            rate: self.rate,
            trusted_hops: self.trusted_hops,
        };
        let reading = Reading {
            timeout: self.body_timeout,
            permits: Arc::new(Semaphore::new(self.in_flight)),
        };
        let acts = Arc::clone(&arrival);
        let act_limits = limits.clone();
        let act = move |req: Request| {
            let form = form.clone();
            let observer = observer.clone();
            let handler = handler.clone();
            let arrival = Arc::clone(&acts);
            let limits = act_limits.clone();
            let reading = reading.clone();
            async move {
                let mut read = match limits.check(&req, Traffic::Act) {
                    Err(retry_after) => {
                        Read::unread(Verdict::Limited { retry_after }, req.body().is_end_stream())
                    }
                    Ok(()) => read_act_into(&form, arrival.published(), req, &reading).await,
                };
                if let (Verdict::Accept, Some(value)) = (&read.verdict, read.value.take()) {
                    return handler(value).await.into_response();
                }
                if let Some(observe) = &observer {
                    observe(&rejection(&read.verdict));
                }
                refused(&read.verdict, report, !read.drained).map(Body::from)
            }
        };
        let get_one = move |req: Request| async move {
            if let Err(retry_after) = limits.check(&req, Traffic::Get) {
                return limited(retry_after).map(Body::from);
            }
            arrival.respond(req.headers()).map(Body::from)
        };
        Router::new().route("/", get(get_one).post(act))
    }
}

/// How acts are read: their time-out, and the permits to read one (invariant 7).
#[derive(Clone)]
struct Reading {
    timeout: Duration,
    permits: Arc<Semaphore>,
}

/// Read and verify an act (invariants 2–5 and 7): refused unread when its `If-Match`
/// names another form, or when no permit to read it comes within its time-out.
async fn read_act_into<T: DeserializeOwned>(
    form: &FormFor<T>,
    published: &Published,
    req: Request,
    reading: &Reading,
) -> Read<T> {
    let if_match = req.headers().get_all(header::IF_MATCH);
    if !published.if_match(if_match.iter().map(HeaderValue::as_bytes)) {
        return Read::unread(Verdict::Stale, req.body().is_end_stream());
    }
    let until = tokio::time::Instant::now() + reading.timeout;
    let Ok(Ok(_permit)) = tokio::time::timeout_at(until, reading.permits.acquire()).await else {
        return Read::unread(Verdict::Timeout, req.body().is_end_stream());
    };
    let admit = MakeValue::<T>(PhantomData);
    let deadline = tokio::time::sleep_until(until);
    read_act(form.form(), req.into_body(), &admit, false, deadline).await
}

/// The rate limits of an address, and how far `X-Forwarded-For` is read.
#[derive(Clone)]
struct Limits {
    rate: Option<Arc<RateLimiter>>,
    trusted_hops: usize,
}

impl Limits {
    /// Count `req` against its client: `Err` with the time to wait when over its rate.
    fn check(&self, req: &Request, traffic: Traffic) -> Result<(), Duration> {
        let Some(rate) = &self.rate else {
            return Ok(());
        };
        let peer = req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip());
        let client = client_address(peer, req.headers(), self.trusted_hops);
        rate.check(client, traffic, Instant::now())
    }
}

/// What the `on_reject` observer is told of a verdict other than an accepted value.
fn rejection(verdict: &Verdict) -> VerifyRejection {
    let problems = Problems::default();
    match verdict {
        Verdict::Reject(r) => VerifyRejection::from_rejection(r.clone(), &problems),
        Verdict::Declared { limit, .. } => {
            VerifyRejection::too_large(Some(*limit as u64), &problems)
        }
        Verdict::Stale => VerifyRejection::precondition_failed(&problems),
        Verdict::Limited { .. } => VerifyRejection::rate_limited(&problems),
        Verdict::Accept | Verdict::Timeout | Verdict::Broken => {
            VerifyRejection::unreadable(&problems)
        }
    }
}

/// An admitted body made into a `T` (formgate's `verify_into`): in one pass when it
/// came whole, after the streaming verifier when it came in frames.
struct MakeValue<T>(PhantomData<fn() -> T>);

impl<T: DeserializeOwned> Admit for MakeValue<T> {
    type Value = T;

    fn whole(&self, form: &Form, body: &[u8]) -> Result<T, Rejection> {
        form.verify_into::<T>(body)
    }

    fn streamed(&self, form: &Form, body: &[u8]) -> Result<T, Rejection> {
        form.verify_into::<T>(body)
    }

    fn needs_body(&self) -> bool {
        true
    }
}
