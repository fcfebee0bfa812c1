//! The baseline of `benches/lines.sh`: `Form::verify` on each line of a JSON Lines file,
//! in one thread, the lines already in memory. What `formgate verify --lines` adds
//! (reading, splitting, writing a verdict per line) is measured against this.
//!
//! ```text
//! cargo run --release -p formgate-bench --example lines_baseline -- FORM FILE [ROUNDS]
//! ```
//!
//! Prints the median over ROUNDS (default 3) of the bytes per second, lines included,
//! as `MB/s N` (10^6 bytes), and the verdicts' counts.

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(form), Some(file)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: lines_baseline FORM FILE [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.get(3).and_then(|r| r.parse().ok()).unwrap_or(3);
    let form = formgate::Form::compile(&std::fs::read(form).expect("read the form"))
        .expect("the form compiles");
    let text = std::fs::read(file).expect("read the lines");
    let lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    let mut rates = Vec::new();
    let mut accepted = 0;
    for _ in 0..rounds {
        accepted = 0;
        let start = Instant::now();
        for line in &lines {
            accepted += usize::from(std::hint::black_box(form.verify(line)).is_ok());
        }
        rates.push(text.len() as f64 / start.elapsed().as_secs_f64() / 1e6);
    }
    rates.sort_by(f64::total_cmp);
    println!("MB/s {:.1}", rates[rates.len() / 2]);
    eprintln!("{} lines, {accepted} accepted", lines.len());
}
