//! A typed server: tickets as a Rust type, served as a GPT address and as a typed API.
//!
//! ```text
//! cargo run -p formgate-axum --example typed_address -- --addr 127.0.0.1:8080
//! ```
//!
//! - `GET /` publishes the ticket form `{"p","m","s"}` (the page for browsers);
//! - `POST /` is the address: `200 {"accepted":true}`, or `204` with no body on any
//!   failure;
//! - `POST /api/tickets` is a typed API through `Verified<Ticket>`: `201` with the
//!   ticket as JSON, or a problem+json `422`, `400`, `413` or `415`.
//!
//! Bodies are limited to 64 KiB.

use std::net::SocketAddr;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use formgate_axum::{Address, FormFor, Verified};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The body limit of both routes.
const MAX_BYTES: usize = 64 * 1024;

/// What the address tells an actor.
const PROMPT: &str = "This address files support tickets. Write one ticket as a single \
JSON value that conforms to the JSON Schema in `s`, and send it, unchanged, as the body \
of a POST to this address.";

/// A support ticket.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ticket {
    /// What is wrong, in a few words.
    #[schemars(length(min = 1, max = 120))]
    title: String,
    /// 1 is the most urgent.
    #[schemars(range(min = 1, max = 5))]
    priority: u8,
    /// Labels for triage.
    #[schemars(length(max = 8))]
    tags: Vec<String>,
}

/// The application: built once, before listening. A form that does not compile is an
/// error here, never at a request.
pub fn app() -> Result<Router, formgate::FormError> {
    let tickets = FormFor::<Ticket>::with_builder(formgate::Form::builder().max_bytes(MAX_BYTES))?;
    let address = Address::new(tickets.clone(), PROMPT)
        .sample(r#"{"title":"The printer is on fire","priority":1,"tags":["hardware"]}"#)
        .on_reject(|r| eprintln!("typed_address: act refused: {r}"))
        .on_act(|_ticket: Ticket| async { Json(serde_json::json!({ "accepted": true })) });
    Ok(address
        .route("/api/tickets", post(create))
        .with_state(tickets)
        .layer(DefaultBodyLimit::max(MAX_BYTES)))
}

/// `POST /api/tickets`: the ticket, verified and typed.
async fn create(Verified(ticket): Verified<Ticket>) -> (StatusCode, Json<Ticket>) {
    (StatusCode::CREATED, Json(ticket))
}

/// `--addr HOST:PORT` (default 127.0.0.1:8080; port 0 picks a free port).
fn addr() -> Result<SocketAddr, String> {
    let mut args = std::env::args().skip(1);
    let mut addr = "127.0.0.1:8080".to_owned();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--addr" => addr = args.next().ok_or("--addr needs HOST:PORT")?,
            other => {
                return Err(format!(
                    "unknown argument {other:?}; usage: --addr HOST:PORT"
                ))
            }
        }
    }
    addr.parse().map_err(|e| format!("--addr {addr:?}: {e}"))
}

#[tokio::main]
async fn main() {
    let addr = addr().unwrap_or_else(|e| {
        eprintln!("typed_address: {e}");
        std::process::exit(2);
    });
    let app = app().unwrap_or_else(|e| {
        eprintln!("typed_address: the ticket form does not compile: {e}");
        std::process::exit(1);
    });
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .unwrap_or_else(|e| {
            eprintln!("typed_address: cannot listen on {addr}: {e}");
            std::process::exit(2);
        });
    let bound = listener.local_addr().unwrap_or(addr);
    eprintln!("typed_address: listening on http://{bound}");
    if let Err(e) = axum::serve(listener, app).await {
        eprintln!("typed_address: {e}");
        std::process::exit(1);
    }
}
