//! The usual stack as a gate, for the side-by-side HTTP bench (`benches/http.sh`): an
//! axum server that reads a `POST /` body (1 MiB at most), parses it with serde_json
//! and checks it with the jsonschema crate's `is_valid` against FORM (validator built
//! once, format assertion on, as in `benches/verify.rs`). It answers as
//! `formgate serve` without an upstream does: `200` with `{"accepted":true}` for an
//! admitted body, a bare `204` for anything else.
//!
//! ```text
//! cargo run --release -p formgate-bench --example http_baseline -- FORM HOST:PORT
//! ```

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;

/// The largest body read, as `formgate serve`'s default `--max-bytes`.
const MAX_BYTES: usize = 1 << 20;

async fn act(State(validator): State<Arc<jsonschema::Validator>>, body: Bytes) -> Response {
    match serde_json::from_slice::<serde_json::Value>(&body) {
        Ok(value) if validator.is_valid(&value) => (
            [(header::CONTENT_TYPE, "application/json")],
            r#"{"accepted":true}"#,
        )
            .into_response(),
        _ => StatusCode::NO_CONTENT.into_response(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [form, addr] = args.as_slice() else {
        eprintln!("usage: http_baseline FORM HOST:PORT");
        std::process::exit(2);
    };
    let form = std::fs::read(form).expect("read the form");
    let schema: serde_json::Value = serde_json::from_slice(&form).expect("the form is JSON");
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the form compiles for jsonschema");
    let app = Router::new()
        .route("/", post(act))
        .layer(DefaultBodyLimit::max(MAX_BYTES))
        .with_state(Arc::new(validator));
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(async {
            let listener = tokio::net::TcpListener::bind(addr.as_str())
                .await
                .expect("bind the address");
            println!("listening on {}", listener.local_addr().expect("bound"));
            axum::serve(listener, app).await.expect("serve");
        });
}
