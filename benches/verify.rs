//! Bytes to verdict: formgate `verify` against the usual stack, in the same run.
//!
//! For each case of `inputs.rs` (a 279-byte structured-output object, a 19 KB tree of
//! styled spans through `$ref` and `anyOf`, a 1 MB object of 5,000 records), one
//! criterion group with:
//! - `formgate_verify`: `Form::verify`, strict parse and validation in one pass (the
//!   accept-only fast path, with the general validator behind it);
//! - `serde_json_parse`: `serde_json::from_slice::<serde_json::Value>` alone;
//! - `sonic_rs_parse`: `sonic_rs::from_slice::<sonic_rs::Value>` alone, the fastest
//!   parser in Rust (SIMD), as the anchor of parse speed: nothing validated;
//! - `serde_json_jsonschema`: that parse, then the `jsonschema` crate's `is_valid`
//!   (validator built once, format assertion on, as formgate asserts formats);
//! - `memchr_scan`: one `memchr::memchr` over the body for a byte it does not hold, the
//!   least any pass that reads every byte costs: the memory-bandwidth anchor.
//!
//! The `stream` groups time each body verified whole, fed to
//! `Form::verifier` in 16 KiB chunks, and fed to it as one chunk. The `early_break`
//! group times the valid 1 MB body and the same body breaking its form in the first
//! record, both through `verify`. The `threads` group verifies a
//! fixed batch of medium bodies on one thread and split over two, sharing one `Form`.
//! Every input's verdict is asserted once, outside the timed loops, for all three
//! verifiers.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use formgate::Form;
use formgate_bench::inputs::{self, Case};

fn validator(case: &Case) -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(&case.form).expect("form is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("jsonschema compiles the form")
}

fn bench_cases(c: &mut Criterion) {
    for case in inputs::admitted() {
        let form = Form::compile(case.form.as_bytes()).expect("formgate compiles the form");
        let js = validator(&case);
        // Verdicts once, outside the timed loops: all three agree that the body is good.
        assert_eq!(
            form.verify(&case.body).is_ok(),
            case.admitted,
            "{}",
            case.name
        );
        let value: serde_json::Value = serde_json::from_slice(&case.body).expect("JSON");
        assert!(
            sonic_rs::from_slice::<sonic_rs::Value>(&case.body).is_ok(),
            "{}",
            case.name
        );
        assert_eq!(js.is_valid(&value), case.admitted, "{}", case.name);

        let mut group = c.benchmark_group(format!("verify/{}", case.name));
        group.throughput(Throughput::Bytes(case.body.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("formgate_verify", case.name),
            &case.body,
            |b, body| b.iter(|| form.verify(black_box(body)).is_ok()),
        );
        group.bench_with_input(
            BenchmarkId::new("serde_json_parse", case.name),
            &case.body,
            |b, body| {
                b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(body)).is_ok())
            },
        );
        // The parse-speed anchor: sonic-rs (SIMD) parsing into its own tree, no
        // validation.
        group.bench_with_input(
            BenchmarkId::new("sonic_rs_parse", case.name),
            &case.body,
            |b, body| b.iter(|| sonic_rs::from_slice::<sonic_rs::Value>(black_box(body)).is_ok()),
        );
        // The memory-bandwidth anchor: one SIMD scan over the same bytes.
        assert!(memchr::memchr(0, &case.body).is_none(), "{}", case.name);
        group.bench_with_input(
            BenchmarkId::new("memchr_scan", case.name),
            &case.body,
            |b, body| b.iter(|| memchr::memchr(0, black_box(body)).is_none()),
        );
        group.bench_with_input(
            BenchmarkId::new("serde_json_jsonschema", case.name),
            &case.body,
            |b, body| {
                b.iter(|| {
                    serde_json::from_slice::<serde_json::Value>(black_box(body))
                        .map(|v| js.is_valid(&v))
                        .unwrap_or(false)
                })
            },
        );
        group.finish();
    }
}

fn bench_early_break(c: &mut Criterion) {
    let valid = inputs::large();
    let broken = inputs::large_early_break();
    let form = Form::compile(valid.form.as_bytes()).expect("compiles");
    assert!(form.verify(&valid.body).is_ok());
    let r = form
        .verify(&broken.body)
        .expect_err("breaks in the first record");
    assert!(r.offset() < 100, "rejected at {}", r.offset());
    let mut group = c.benchmark_group("early_break");
    group.bench_function("formgate_verify/valid", |b| {
        b.iter(|| form.verify(black_box(&valid.body)).is_ok())
    });
    group.bench_function("formgate_verify/broken_first_record", |b| {
        b.iter(|| form.verify(black_box(&broken.body)).is_ok())
    });
    group.finish();
}

fn bench_stream(c: &mut Criterion) {
    for case in [inputs::small(), inputs::medium(), inputs::large()] {
        let form = Form::compile(case.form.as_bytes()).expect("compiles");
        let chunked = |body: &[u8]| {
            let mut v = form.verifier();
            for chunk in body.chunks(16 * 1024) {
                v.feed(chunk)?;
            }
            v.finish()
        };
        assert!(form.verify(&case.body).is_ok());
        assert!(chunked(&case.body).is_ok());
        let mut group = c.benchmark_group(format!("stream/{}", case.name));
        group.throughput(Throughput::Bytes(case.body.len() as u64));
        group.bench_function("formgate_verify_whole", |b| {
            b.iter(|| form.verify(black_box(&case.body)).is_ok())
        });
        group.bench_function("formgate_feed_16KiB_chunks", |b| {
            b.iter(|| chunked(black_box(&case.body)).is_ok())
        });
        // The streaming verifier given the whole body at once: the same engine as the
        // chunked run, so the difference is what chunking costs.
        group.bench_function("formgate_feed_one_chunk", |b| {
            b.iter(|| {
                let mut v = form.verifier();
                v.feed(black_box(&case.body))
                    .and_then(|()| v.finish())
                    .is_ok()
            })
        });
        group.finish();
    }
}

/// Verify `count` medium bodies split over `threads` threads sharing one form.
fn batch(form: &Form, body: &[u8], threads: usize, count: u64) -> Duration {
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                for _ in 0..count / threads as u64 {
                    assert!(form.verify(black_box(body)).is_ok());
                }
            });
        }
    });
    start.elapsed()
}

fn bench_threads(c: &mut Criterion) {
    let case = inputs::medium();
    let form = Form::compile(case.form.as_bytes()).expect("compiles");
    assert!(form.verify(&case.body).is_ok());
    let mut group = c.benchmark_group("threads");
    // The same work per iteration (one body per iteration, in batches), so the time
    // per iteration halves when two threads share the batch.
    group.throughput(Throughput::Bytes(case.body.len() as u64));
    for threads in [1usize, 2] {
        group.bench_function(BenchmarkId::new("formgate_verify_medium", threads), |b| {
            b.iter_custom(|iters| batch(&form, &case.body, threads, iters.max(threads as u64)))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_cases,
    bench_early_break,
    bench_stream,
    bench_threads
);
criterion_main!(benches);
