//! `pattern` with lookaround: linear scaling on patterns that are exponential for
//! backtracking engines.
//!
//! Per case, one criterion group with the input at 1,000, 10,000 and 100,000 code
//! points: `Form::verify` of a form `{"type":"string","pattern":P}` on a body that is
//! the JSON string (its parse is a few percent of the time). Each verdict is asserted
//! before timing. The cases:
//!
//! - `nested_plus_lookahead`: `^(?=(a+)+$)a*$` on `a…a!`; a backtracking engine tries
//!   every split of the run of `a` inside the lookahead (2^n), then fails.
//! - `variable_lookbehind`: `(?<=(a|aa)+)b` on `a…a` (no `b`: every position fails);
//!   a backtracking lookbehind tries every decomposition into `a` and `aa`.
//! - `password_lookaheads`: five lookaheads over the whole input,
//!   `^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9])(?!.*\s).{12,}$`, on text whose
//!   upper-case letter comes last (admitted).
//!
//! Linear means time ×10 for input ×10; benches/README.md records the figures.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use formgate::Form;

/// (name, pattern, input of n code points, admitted).
type Case = (&'static str, &'static str, fn(usize) -> String, bool);

const CASES: [Case; 3] = [
    (
        "nested_plus_lookahead",
        r"^(?=(a+)+$)a*$",
        |n| format!("{}!", "a".repeat(n - 1)),
        false,
    ),
    (
        "variable_lookbehind",
        r"(?<=(a|aa)+)b",
        |n| "a".repeat(n),
        false,
    ),
    (
        "password_lookaheads",
        r"^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9])(?!.*\s).{12,}$",
        |n| format!("{}Z", "ab3!".repeat(n / 4).get(..n - 1).unwrap_or_default()),
        true,
    ),
];

fn bench_pattern(c: &mut Criterion) {
    for (name, pattern, input, admitted) in CASES {
        let schema = serde_json::json!({ "type": "string", "pattern": pattern }).to_string();
        let form = Form::compile(schema.as_bytes()).expect("the form compiles");
        let mut group = c.benchmark_group(format!("pattern/{name}"));
        for n in [1_000, 10_000, 100_000] {
            let body = serde_json::to_vec(&input(n)).expect("a JSON string");
            assert_eq!(form.verify(&body).is_ok(), admitted, "{name} at {n}");
            group.throughput(Throughput::Elements(n as u64));
            group.bench_with_input(BenchmarkId::from_parameter(n), &body, |b, body| {
                b.iter(|| form.verify(black_box(body)).is_ok())
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench_pattern);
criterion_main!(benches);
