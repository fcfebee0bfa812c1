//! A typed axum endpoint, request to answer, in process (`tower::ServiceExt::oneshot`):
//! formgate-axum's `Verified<T>` against the usual stacks, in the same run.
//!
//! For each body, one criterion group with three routers, each answering `204` to an
//! admitted body:
//! - `formgate_verified`: `Verified<T>`, the form derived from `T` by schemars, strict
//!   parse, validation and deserialization in one pass (`Form::verify_into`);
//! - `axum_json`: axum's `Json<T>`, serde_json straight into `T`, no validation (the
//!   schema's lengths and ranges are not checked);
//! - `axum_json_value_jsonschema`: `Json<serde_json::Value>`, then the jsonschema
//!   crate's `is_valid` against the same schemars schema (validator built once, format
//!   assertion on).
//!
//! The `typed` groups time the same bodies without HTTP: `Form::verify_into::<T>` (what
//! `Verified<T>` runs), `Form::verify` (the accept-only fast path first) and
//! `serde_json::from_slice::<T>` (what `Json<T>` runs), to show where the time goes.
//!
//! Bodies: `ticket`, an 87-byte object of a bounded string, a `u8` and a list of tags;
//! `order`, an 8,862-byte object of 100 line items (strings, `u16`, `u32`, `Option`, an
//! enum). Each router's answer to each body is asserted once, outside the timed loop.

use std::hint::black_box;

use axum::body::{Body, Bytes};
use axum::http::{Request, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use formgate_axum::{FormFor, Verified};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use tower::ServiceExt as _;

#[path = "orders.rs"]
mod orders;
use orders::{order, Order};

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Ticket {
    #[schemars(length(min = 1, max = 120))]
    title: String,
    #[schemars(range(min = 1, max = 5))]
    priority: u8,
    #[schemars(length(max = 8))]
    tags: Vec<String>,
}

fn ticket() -> Vec<u8> {
    br#"{"title":"The printer on floor 3 is on fire","priority":1,"tags":["hardware","urgent"]}"#
        .to_vec()
}

/// The three routers for `T`, in the order of the module docs.
fn routers<T>() -> [(&'static str, Router); 3]
where
    T: DeserializeOwned + JsonSchema + Send + 'static,
{
    let verified = Router::new()
        .route(
            "/",
            post(|Verified(t): Verified<T>| async move {
                black_box(&t);
                StatusCode::NO_CONTENT
            }),
        )
        .with_state(FormFor::<T>::from_schemars().expect("formgate compiles the form"));
    let json = Router::new().route(
        "/",
        post(|Json(t): Json<T>| async move {
            black_box(&t);
            StatusCode::NO_CONTENT
        }),
    );
    let schema = schemars::generate::SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    let validator = std::sync::Arc::new(
        jsonschema::options()
            .should_validate_formats(true)
            .build(schema.as_value())
            .expect("jsonschema compiles the form"),
    );
    let jsonschema = Router::new().route(
        "/",
        post(move |Json(v): Json<serde_json::Value>| async move {
            if validator.is_valid(&v) {
                StatusCode::NO_CONTENT
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            }
        }),
    );
    [
        ("formgate_verified", verified),
        ("axum_json", json),
        ("axum_json_value_jsonschema", jsonschema),
    ]
}

fn request(body: &Bytes) -> Request<Body> {
    Request::post("/")
        .header("content-type", "application/json")
        .body(Body::from(body.clone()))
        .expect("a request")
}

fn bench_case<T>(c: &mut Criterion, name: &str, body: Vec<u8>)
where
    T: DeserializeOwned + JsonSchema + Send + 'static,
{
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    let body = Bytes::from(body);
    let mut group = c.benchmark_group(format!("axum/{name}"));
    group.throughput(Throughput::Bytes(body.len() as u64));
    for (function, router) in routers::<T>() {
        // The answer once, outside the timed loop: every router admits the body.
        let status = rt
            .block_on(router.clone().oneshot(request(&body)))
            .expect("infallible")
            .status();
        assert_eq!(status, StatusCode::NO_CONTENT, "{function} {name}");
        group.bench_with_input(BenchmarkId::new(function, name), &body, |b, body| {
            b.iter(|| {
                rt.block_on(router.clone().oneshot(request(body)))
                    .expect("infallible")
                    .status()
            })
        });
    }
    group.finish();

    let form = formgate::Form::from_schemars::<T>().expect("formgate compiles the form");
    assert!(form.verify_into::<T>(&body).is_ok(), "{name}");
    let mut group = c.benchmark_group(format!("typed/{name}"));
    group.throughput(Throughput::Bytes(body.len() as u64));
    group.bench_with_input(BenchmarkId::new("verify_into", name), &body, |b, body| {
        b.iter(|| form.verify_into::<T>(black_box(body)).is_ok())
    });
    group.bench_with_input(BenchmarkId::new("verify", name), &body, |b, body| {
        b.iter(|| form.verify(black_box(body)).is_ok())
    });
    group.bench_with_input(BenchmarkId::new("serde_json", name), &body, |b, body| {
        b.iter(|| serde_json::from_slice::<T>(black_box(body)).is_ok())
    });
    group.finish();
}

fn bench_axum(c: &mut Criterion) {
    bench_case::<Ticket>(c, "ticket", ticket());
    bench_case::<Order>(c, "order", order());
}

criterion_group!(benches, bench_axum);
criterion_main!(benches);
