//! Strict parsing against serde_json on the same bytes, in the same run.
//!
//! Two generated documents (see `docs/mod.rs`), ~20 KB and ~1 MB. Per size, one
//! criterion group with:
//! - `formgate_check`: `formgate::json::check`, strict, builds nothing;
//! - `formgate_parse`: `formgate::json::parse`, strict, builds a borrowed `Value`;
//! - `serde_json_value`: `serde_json::from_slice::<serde_json::Value>` (the baseline);
//! - `serde_json_ignored`: `serde_json::from_slice::<IgnoredAny>`, which skips strings
//!   without checking their UTF-8 or surrogate escapes: a lower bound, not an equal.
//!
//! serde_json accepts duplicate names (last one wins), so it does less checking than
//! either formgate function (benches/README.md discusses fairness). Each input's
//! verdict is asserted once before timing.

use formgate_bench::docs;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use formgate::Limits;
use serde::de::IgnoredAny;

fn bench_parse(c: &mut Criterion) {
    let limits = Limits::default();
    for (name, min_len, seed) in [("20KB", 20_000, 1), ("1MB", 1_000_000, 2)] {
        let doc = docs::records(min_len, seed);
        assert!(doc.len() <= formgate::DEFAULT_MAX_BYTES);

        // The verdicts, once, outside the timed loops: every function accepts.
        formgate::json::check(&doc, &limits).expect("formgate::json::check accepts the document");
        let tree = formgate::json::parse(&doc, &limits).expect("formgate::json::parse accepts");
        let records = tree
            .get("records")
            .and_then(|r| r.as_array())
            .expect("records");
        assert!(!records.is_empty());
        serde_json::from_slice::<serde_json::Value>(&doc).expect("serde_json accepts");

        let mut group = c.benchmark_group(format!("parse/{name}"));
        group.throughput(Throughput::Bytes(doc.len() as u64));
        group.bench_with_input(BenchmarkId::new("formgate_check", name), &doc, |b, d| {
            b.iter(|| formgate::json::check(black_box(d), &limits))
        });
        group.bench_with_input(BenchmarkId::new("formgate_parse", name), &doc, |b, d| {
            b.iter(|| formgate::json::parse(black_box(d), &limits).map(|v| black_box(v).is_null()))
        });
        group.bench_with_input(BenchmarkId::new("serde_json_value", name), &doc, |b, d| {
            b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(d)).is_ok())
        });
        group.bench_with_input(
            BenchmarkId::new("serde_json_ignored", name),
            &doc,
            |b, d| b.iter(|| serde_json::from_slice::<IgnoredAny>(black_box(d)).is_ok()),
        );
        group.finish();
    }
}

criterion_group!(benches, bench_parse);
criterion_main!(benches);
