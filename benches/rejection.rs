//! What a rejection costs: a body that breaks its form only in its last record, against
//! the acceptance of the same body unbroken, in the same run.
//!
//! For each case (the three bodies of `inputs.rs`, broken by `inputs::late`, and the
//! schemars-derived order of `orders.rs`, its last line item's `state` out of the
//! enum), one criterion group with:
//! - `accept`: `Form::verify` on the admitted body;
//! - `reject_late`: `Form::verify` on the late-breaking body;
//! - `accept_stream`, `reject_late_stream`: the same, fed to `Form::verifier` in 16 KiB
//!   chunks.
//!
//! A gate an adversary cannot make expensive rejects for about what it accepts for:
//! `reject_late / accept` is the ratio `benches/README.md` records. Every verdict is
//! asserted once, outside the timed loops.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use formgate::Form;
use formgate_bench::inputs;

#[path = "orders.rs"]
mod orders;

const CHUNK: usize = 16 * 1024;

fn streamed(form: &Form, body: &[u8]) -> bool {
    let mut v = form.verifier();
    body.chunks(CHUNK).all(|chunk| v.feed(chunk).is_ok()) && v.finish().is_ok()
}

fn bench_case(c: &mut Criterion, name: &str, form: &Form, admitted: &[u8], late: &[u8]) {
    assert!(form.verify(admitted).is_ok(), "{name}");
    let rejection = form.verify(late).expect_err(name);
    // The break is in the last record (for the small body, its last member): the
    // rejection comes in the body's second half.
    assert!(
        rejection.offset() as usize * 2 > late.len(),
        "{name}: rejected at {} of {}",
        rejection.offset(),
        late.len()
    );
    assert!(streamed(form, admitted), "{name}");
    assert!(!streamed(form, late), "{name}");

    let mut group = c.benchmark_group(format!("rejection/{name}"));
    group.throughput(Throughput::Bytes(admitted.len() as u64));
    group.bench_with_input(BenchmarkId::new("accept", name), admitted, |b, body| {
        b.iter(|| form.verify(black_box(body)).is_ok())
    });
    group.bench_with_input(BenchmarkId::new("reject_late", name), late, |b, body| {
        b.iter(|| form.verify(black_box(body)).is_ok())
    });
    group.bench_with_input(
        BenchmarkId::new("accept_stream", name),
        admitted,
        |b, body| b.iter(|| streamed(form, black_box(body))),
    );
    group.bench_with_input(
        BenchmarkId::new("reject_late_stream", name),
        late,
        |b, body| b.iter(|| streamed(form, black_box(body))),
    );
    group.finish();
}

fn bench_rejection(c: &mut Criterion) {
    for (admitted, late) in inputs::admitted().into_iter().zip(inputs::late()) {
        let form = Form::compile(admitted.form.as_bytes()).expect("formgate compiles the form");
        bench_case(c, admitted.name, &form, &admitted.body, &late.body);
    }
    let form = Form::from_schemars::<orders::Order>().expect("formgate compiles the form");
    bench_case(c, "order", &form, &orders::order(), &orders::order_late());
}

criterion_group!(benches, bench_rejection);
criterion_main!(benches);
