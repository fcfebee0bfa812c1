//! Bytes to data: formgate `verify_into` against the usual stack, in the same run.
//!
//! For each case of `inputs.rs`, one criterion group `into/<case>` with:
//! - `formgate_into_value`: `Form::verify_into::<serde_json::Value>`;
//! - `serde_json_jsonschema`: `serde_json::from_slice::<serde_json::Value>`, then the
//!   `jsonschema` crate's `is_valid` (format assertion on);
//!
//! and for the small and the large case, where the body has a fixed shape, a Rust type
//! borrowing its strings:
//! - `formgate_into_struct`: `Form::verify_into` into that type;
//! - `serde_json_struct`: `serde_json::from_slice` into the same type, which validates
//!   nothing beyond the type.
//!
//! Every verdict and value is asserted once, outside the timed loops.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use formgate::Form;
use formgate_bench::inputs;
use serde::Deserialize;

mod acts;

use acts::{Records, Small};

fn validator(form: &str) -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(form).expect("form is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("jsonschema compiles the form")
}

fn bench_value(c: &mut Criterion) {
    for case in inputs::admitted() {
        let form = Form::compile(case.form.as_bytes()).expect("formgate compiles the form");
        let js = validator(&case.form);
        let ours: serde_json::Value = form.verify_into(&case.body).expect("admitted");
        let theirs: serde_json::Value = serde_json::from_slice(&case.body).expect("JSON");
        assert_eq!(ours, theirs, "{}", case.name);
        assert!(js.is_valid(&theirs), "{}", case.name);

        let mut group = c.benchmark_group(format!("into/{}", case.name));
        group.throughput(Throughput::Bytes(case.body.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("formgate_into_value", case.name),
            &case.body,
            |b, body| {
                b.iter(|| {
                    form.verify_into::<serde_json::Value>(black_box(body))
                        .is_ok()
                })
            },
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

fn bench_struct<'a, T>(c: &mut Criterion, case: &'a inputs::Case)
where
    T: Deserialize<'a> + PartialEq + std::fmt::Debug,
{
    let form = Form::compile(case.form.as_bytes()).expect("formgate compiles the form");
    let ours: T = form.verify_into(&case.body).expect("admitted");
    let theirs: T = serde_json::from_slice(&case.body).expect("JSON");
    assert_eq!(ours, theirs, "{}", case.name);

    let mut group = c.benchmark_group(format!("into/{}", case.name));
    group.throughput(Throughput::Bytes(case.body.len() as u64));
    group.bench_function(BenchmarkId::new("formgate_into_struct", case.name), |b| {
        b.iter(|| form.verify_into::<T>(black_box(&case.body)).is_ok())
    });
    group.bench_function(BenchmarkId::new("serde_json_struct", case.name), |b| {
        b.iter(|| serde_json::from_slice::<T>(black_box(&case.body)).is_ok())
    });
    group.finish();
}

fn bench_structs(c: &mut Criterion) {
    let small = inputs::small();
    bench_struct::<Small>(c, &small);
    let large = inputs::large();
    bench_struct::<Records>(c, &large);
}

criterion_group!(benches, bench_value, bench_structs);
criterion_main!(benches);
