//! Two routines on one benchmark body, timed in alternation: a round times each for
//! about `ms` milliseconds, back to back, and the ratio is taken within the round. On a
//! machine whose speed drifts by a factor of two between criterion's measurement windows
//! (this one's, at times), the ratios of adjacent windows stay comparable where those of
//! a criterion group do not; the median over the rounds is the figure.
//!
//! ```text
//! cargo run --release -p formgate-bench --example paired -- PAIR BODY [ROUNDS] [MS]
//! ```
//!
//! Pairs (the baseline first; the ratio printed is the baseline's time per call divided
//! by formgate's, higher is better for formgate, as in `ratios.py`):
//! - `into`: `serde_json::from_slice` into the Rust type of `benches/acts.rs` against
//!   `Form::verify_into` into it (bodies `small`, `large`);
//! - `sonic`: `sonic_rs::from_slice` into its `Value` against `Form::verify` (every body:
//!   `small`, `medium` and its parts `medium_texts` and `medium_spans`, `large`, `order`,
//!   `order_listed`, `thread`);
//! - `stream`: `Form::verify` against `Form::verifier` fed 16 KiB chunks (every body).
//!
//! Defaults: 31 rounds of 40 ms a side.

use std::hint::black_box;
use std::time::{Duration, Instant};

use formgate_bench::inputs;

#[path = "../acts.rs"]
mod acts;

#[path = "../orders.rs"]
mod orders;

/// One side of a pair: a call on the body, `true` when it succeeds.
type Routine<'a> = Box<dyn FnMut() -> bool + 'a>;

/// Calls of `f` for at least `budget`, in batches: the time per call.
fn per_call(budget: Duration, f: &mut dyn FnMut() -> bool) -> f64 {
    let started = Instant::now();
    let mut calls = 0u64;
    loop {
        for _ in 0..8 {
            assert!(f(), "every call succeeds");
        }
        calls += 8;
        let spent = started.elapsed();
        if spent >= budget {
            return spent.as_secs_f64() / calls as f64;
        }
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let usage = "usage: paired (into|sonic|stream) (small|medium|medium_texts|medium_spans|large|order|order_listed|thread) [ROUNDS] [MS]";
    let mut args = std::env::args().skip(1);
    let pair = args.next().expect(usage);
    let name = args.next().expect(usage);
    let rounds: usize = args.next().map_or(31, |s| s.parse().expect(usage));
    let budget = Duration::from_millis(args.next().map_or(40, |s| s.parse().expect(usage)));
    let case = match name.as_str() {
        "small" => inputs::small(),
        "medium" => inputs::medium(),
        "large" => inputs::large(),
        "medium_texts" => inputs::medium_texts(),
        "medium_spans" => inputs::medium_spans(),
        "order" => inputs::derived::<orders::Order>("order", orders::order()),
        "order_listed" => inputs::derived::<orders::Order>("order", orders::order_listed()),
        "thread" => inputs::derived::<orders::Comment>("thread", orders::thread()),
        _ => panic!("{usage}"),
    };
    let form = formgate::Form::builder()
        .max_bytes(4 << 20)
        .compile(case.form.as_bytes())
        .expect("the form compiles");
    let body = case.body.as_slice();
    let verify = || form.verify(black_box(body)).is_ok();
    let stream = || {
        let mut v = form.verifier();
        body.chunks(16 * 1024).all(|c| v.feed(black_box(c)).is_ok()) && v.finish().is_ok()
    };
    let sonic = || sonic_rs::from_slice::<sonic_rs::Value>(black_box(body)).is_ok();
    let (mut baseline, mut formgate): (Routine, Routine) = match (pair.as_str(), name.as_str()) {
        ("into", "small") => (
            Box::new(|| serde_json::from_slice::<acts::Small>(black_box(body)).is_ok()),
            Box::new(|| form.verify_into::<acts::Small>(black_box(body)).is_ok()),
        ),
        ("into", "large") => (
            Box::new(|| serde_json::from_slice::<acts::Records>(black_box(body)).is_ok()),
            Box::new(|| form.verify_into::<acts::Records>(black_box(body)).is_ok()),
        ),
        ("sonic", _) => (Box::new(sonic), Box::new(verify)),
        ("stream", _) => (Box::new(verify), Box::new(stream)),
        _ => panic!("{usage}"),
    };
    // Warm both (caches, the allocator, the runtime's buffers).
    per_call(budget, &mut *baseline);
    per_call(budget, &mut *formgate);
    let mut ratios = Vec::with_capacity(rounds);
    let (mut least_b, mut least_f) = (f64::INFINITY, f64::INFINITY);
    for round in 0..rounds {
        // Alternate which goes first, so that a drift within a round favours neither.
        let (b, f) = if round % 2 == 0 {
            let b = per_call(budget, &mut *baseline);
            (b, per_call(budget, &mut *formgate))
        } else {
            let f = per_call(budget, &mut *formgate);
            (per_call(budget, &mut *baseline), f)
        };
        ratios.push(b / f);
        least_b = least_b.min(b);
        least_f = least_f.min(f);
        println!(
            "round {round:2}: baseline {:10.2} µs, formgate {:10.2} µs, ratio {:.3}",
            b * 1e6,
            f * 1e6,
            b / f
        );
    }
    println!(
        "{pair} {name}: median ratio {:.3} over {rounds} rounds; least times {:.2} µs and {:.2} µs, ratio {:.3}",
        median(ratios),
        least_b * 1e6,
        least_f * 1e6,
        least_b / least_f
    );
}
