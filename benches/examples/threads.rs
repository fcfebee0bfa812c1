//! One `Form` shared by threads: verify 40,000 medium bodies on one thread, then split
//! over two, alternating for five rounds, so that a drift in the machine's speed shows
//! in both halves of a round rather than between two benchmarks.
//!
//! ```text
//! cargo run --release -p formgate-bench --example threads
//! ```

use std::time::Instant;

use formgate_bench::inputs;

fn main() {
    let case = inputs::medium();
    let form = formgate::Form::compile(case.form.as_bytes()).expect("the form compiles");
    let bodies = 40_000u64;
    for _ in 0..5 {
        let mut times = [0.0f64; 2];
        for (k, threads) in [1u64, 2].into_iter().enumerate() {
            let started = Instant::now();
            std::thread::scope(|s| {
                for _ in 0..threads {
                    s.spawn(|| {
                        for _ in 0..bodies / threads {
                            assert!(form.verify(std::hint::black_box(&case.body)).is_ok());
                        }
                    });
                }
            });
            times[k] = started.elapsed().as_secs_f64();
        }
        println!(
            "one thread {:.3} s, two threads {:.3} s: two take {:.2} of one's time",
            times[0],
            times[1],
            times[1] / times[0]
        );
    }
}
