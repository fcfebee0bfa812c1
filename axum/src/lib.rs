//! # formgate-axum
//!
//! [formgate] for axum servers whose acts are Rust types: the form is derived
//! from the type (schemars), compiled once at start-up, and every body is read through
//! axum's limit, strictly parsed, verified and deserialized in one pass.
//!
//! - [`Verified<T>`], an extractor: `415` without a JSON content type, `413` over the
//!   body limit, `400` for a body that is not strict JSON (syntax, duplicate names,
//!   bytes after the value), `422` for one the form does not admit; the rejection,
//!   [`VerifyRejection`], answers RFC 9457 `application/problem+json` and has a text
//!   for a model ([`VerifyRejection::model_text`]).
//! - [`Address`], a router speaking the GPT address protocol for one form: `GET`
//!   publishes `{"p","m","s"}` with an `ETag`, `POST` hands accepted values to your
//!   handler and answers `204` with no body on any failure.
//! - [`VerifyLayer`], a tower layer that verifies bodies in front of any service.
//!
//! ```
//! use axum::{body::Body, http::Request, routing::post, Router};
//! use formgate_axum::{FormFor, Verified};
//! use tower::ServiceExt as _;
//!
//! #[derive(serde::Deserialize, schemars::JsonSchema)]
//! #[serde(deny_unknown_fields)]
//! struct Ticket {
//!     #[schemars(length(min = 1, max = 120))]
//!     title: String,
//!     #[schemars(range(min = 1, max = 5))]
//!     priority: u8,
//! }
//!
//! async fn create(Verified(ticket): Verified<Ticket>) -> String {
//!     format!("{} (priority {})", ticket.title, ticket.priority)
//! }
//!
//! // At start-up: a form that does not compile stops here, not at a request.
//! let tickets: FormFor<Ticket> = FormFor::from_schemars().expect("the form compiles");
//! let app = Router::new().route("/tickets", post(create)).with_state(tickets);
//!
//! let post = |body: &'static str| {
//!     Request::post("/tickets")
//!         .header("content-type", "application/json")
//!         .body(Body::from(body))
//!         .unwrap()
//! };
//! let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
//! rt.block_on(async {
//!     let ok = app.clone().oneshot(post(r#"{"title":"Printer","priority":2}"#)).await.unwrap();
//!     assert_eq!(ok.status(), 200);
//!     let high = app.clone().oneshot(post(r#"{"title":"Printer","priority":9}"#)).await.unwrap();
//!     assert_eq!(high.status(), 422);
//!     assert_eq!(high.headers()["content-type"], "application/problem+json");
//!     let twice = app.oneshot(post(r#"{"title":"a","title":"b","priority":1}"#)).await.unwrap();
//!     assert_eq!(twice.status(), 400);
//! });
//! ```
//!
//! The form is found through the router's state ([`FormFor<T>`], or a state with
//! `FromRef` to it), so a handler taking `Verified<T>` without a form for `T` does not
//! compile. [`Problems`] sets, at run time, the status of each kind of failure,
//! whether problem bodies explain, and how many errors they list.
//!
//! The crate adds no validation of its own: every verdict is formgate's.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod address;
mod extract;
mod layer;
mod rejection;

pub use address::{Address, DEFAULT_BODY_TIMEOUT, DEFAULT_MAX_ACTS_IN_FLIGHT, GPT_TYPE};
pub use extract::{FormFor, Verified};
/// A rate for [`Address::rate_limit`] (formgate-address's).
pub use formgate_address::Rate;
pub use layer::{VerifyLayer, VerifyService};
pub use rejection::{
    Problem, ProblemError, Problems, VerifyRejection, MAX_POINTER, PROBLEM_CONTENT_TYPE,
};
