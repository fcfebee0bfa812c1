//! [`Address`]: the GPT address protocol for one form, as an axum router.
//!
//! `GET /` (and `HEAD /`) publishes `{"p","m","s"}` with a strong `ETag` (`304` on a
//! matching `If-None-Match`), or the page for people when the request asks for
//! `text/html` by name; `POST /` verifies the act and hands the value to the handler.
//! Other methods answer `405` with `Allow`.
//!
//! Invariants:
//! 1. The published body, its tag and the page are built once, from the same compiled
//!    form that verifies acts (`formgate::publish`), and served as shared bytes.
//! 2. Whatever fails in an act (a declared or counted size over `max_bytes`, a body
//!    that cannot be read, strictness, the form, a value the type cannot hold) is
//!    answered `204 No Content` with no body and no reason; when body bytes may be left
//!    unread, also `Connection: close`. Only the `on_reject` observer learns why.
//! 3. The handler is called only with a value deserialized from an admitted body.

use std::future::Future;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use formgate::publish::{Answer, Header, Message, Published};
use serde::de::DeserializeOwned;

use crate::extract::{declared_length, read_error, FormFor};
use crate::rejection::{Problems, VerifyRejection};

/// The `GPT-Type` response header ([`formgate::publish::GPT_TYPE`]).
pub static GPT_TYPE: HeaderName = HeaderName::from_static(formgate::publish::GPT_TYPE);

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
}

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
        }
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

    /// The GET body this address publishes, and its entity tag.
    pub fn published(&self) -> Published {
        self.form.form().publish(&self.prompt, &self.messages)
    }

    /// The router: `GET`/`HEAD /` publish, `POST /` verifies and calls `handler` with
    /// the accepted value, whose answer is the act's answer. Merge or nest it into
    /// your application's router.
    ///
    /// An act is read whole, up to the form's `max_bytes` (the address's own limit,
    /// whatever `DefaultBodyLimit` says), then verified and deserialized in one pass;
    /// a declared `Content-Length` over the limit is refused before reading. Unlike
    /// `formgate serve`, which verifies chunks as they arrive, a body that leaves the
    /// form early is still read to its end (at most `max_bytes`).
    pub fn on_act<S, F, Fut, R>(self, handler: F) -> Router<S>
    where
        S: Clone + Send + Sync + 'static,
        F: Fn(T) -> Fut + Clone + Send + Sync + 'static,
        Fut: Future<Output = R> + Send + 'static,
        R: IntoResponse,
    {
        let arrival = Arc::new(Arrival::new(&self));
        let form = self.form;
        let observer = self.observer;
        let act = move |req: Request| {
            let form = form.clone();
            let observer = observer.clone();
            let handler = handler.clone();
            async move {
                match read_act(&form, req).await {
                    Ok(value) => handler(value).await.into_response(),
                    Err((rejection, unread)) => {
                        if let Some(observe) = &observer {
                            observe(&rejection);
                        }
                        refused(unread)
                    }
                }
            }
        };
        Router::new().route(
            "/",
            get(move |headers: HeaderMap| async move { arrival.respond(&headers) }).post(act),
        )
    }
}

/// Read and verify an act (invariants 2 and 3). On failure, also whether body bytes
/// may be left unread.
async fn read_act<T: DeserializeOwned>(
    form: &FormFor<T>,
    req: Request,
) -> Result<T, (VerifyRejection, bool)> {
    let problems = Problems::default();
    let limit = form.form().limits().max_bytes();
    if declared_length(req.headers()).is_some_and(|n| n > limit as u64) {
        return Err((
            VerifyRejection::too_large(Some(limit as u64), &problems),
            true,
        ));
    }
    let body = axum::body::to_bytes(req.into_body(), limit)
        .await
        .map_err(|e| (read_error(&e, limit, &problems), true))?;
    form.form()
        .verify_into::<T>(&body)
        .map_err(|r| (VerifyRejection::from_rejection(r, &problems), false))
}

/// The bare `204` of a refused act (invariant 2).
fn refused(unread: bool) -> Response {
    let mut r = StatusCode::NO_CONTENT.into_response();
    if unread {
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    r
}

/// The precomputed answers to `GET /` (invariant 1): for each [`Answer`], in
/// [`Answer::ALL`]'s order, its status, headers and body. The choice of answer and its
/// headers are the library's (`Published::answer`, `Published::headers`), shared with
/// `formgate serve`.
struct Arrival {
    published: Published,
    answers: [(StatusCode, HeaderMap, Bytes); 3],
}

impl Arrival {
    fn new<T>(address: &Address<T>) -> Arrival {
        let form = address.form.form();
        let published = form.publish(&address.prompt, &address.messages);
        let html = Bytes::from(formgate::publish::page(
            form,
            &address.prompt,
            &address.messages,
            address.sample.as_deref(),
            address.gpt_type.as_ref().and_then(|v| v.to_str().ok()),
        ));
        let json = Bytes::copy_from_slice(published.body());
        let gpt_type = address.gpt_type.as_ref().map(HeaderValue::as_bytes);
        let answers = Answer::ALL.map(|answer| {
            let body = match answer {
                Answer::Json => json.clone(),
                Answer::NotModified => Bytes::new(),
                Answer::Page => html.clone(),
            };
            let status = StatusCode::from_u16(answer.status()).unwrap_or(StatusCode::OK);
            (
                status,
                header_map(published.headers(answer, gpt_type)),
                body,
            )
        });
        Arrival { published, answers }
    }

    fn respond(&self, request: &HeaderMap) -> Response {
        let values = |name| request.get_all(name).into_iter().map(HeaderValue::as_bytes);
        let answer = self
            .published
            .answer(values(header::ACCEPT), values(header::IF_NONE_MATCH));
        let (status, headers, body) = &self.answers[answer as usize];
        let mut r = Response::new(Body::from(body.clone()));
        *r.status_mut() = *status;
        *r.headers_mut() = headers.clone();
        r
    }
}

/// The library's headers as a map. Every name is a valid lower-case field name and
/// every value a valid field value (the `GPT-Type` value is a `HeaderValue` already),
/// so none is dropped in practice; one that were invalid would be left out, not sent
/// broken.
fn header_map(headers: Vec<Header>) -> HeaderMap {
    headers
        .into_iter()
        .filter_map(|(name, value)| {
            let name = HeaderName::from_bytes(name.as_bytes()).ok()?;
            Some((name, HeaderValue::from_bytes(&value).ok()?))
        })
        .collect()
}
