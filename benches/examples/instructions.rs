//! Run `Form::verify` (or `formgate::json::check`) `N` times on one benchmark body, for
//! instruction counts with callgrind (stable on a noisy machine, unlike times):
//!
//! ```text
//! cargo build --release -p formgate-bench --example instructions
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/instructions medium verify 0
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/instructions medium verify 10
//! ```
//!
//! `(refs at 10 - refs at 0) / 10` is the count per call: setup (generating the body,
//! compiling the form, one warming call) cancels out. Bodies: `small`, `medium`,
//! `large`, and `medium_rejected` (the rejection path); modes: `verify`, `check`, and
//! `stream` (`Form::verifier` fed 16 KiB chunks).

use formgate_bench::inputs;

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: instructions small|medium|large|medium_rejected verify|check|stream N";
    let (case, rejected) = match args.next().as_deref() {
        Some("small") => (inputs::small(), false),
        Some("medium") => (inputs::medium(), false),
        Some("large") => (inputs::large(), false),
        Some("medium_rejected") => (medium_rejected(), true),
        _ => panic!("{usage}"),
    };
    let mode = match args.next().as_deref() {
        Some(mode @ ("verify" | "check" | "stream")) => mode.to_owned(),
        _ => panic!("{usage}"),
    };
    let n: usize = args.next().and_then(|s| s.parse().ok()).expect(usage);
    let form = formgate::Form::compile(case.form.as_bytes()).expect("the form compiles");
    let limits = form.limits();
    assert!(form.verify(&case.body).is_ok() != rejected);
    assert!(formgate::json::check(&case.body, &limits).is_ok());
    for _ in 0..n {
        let body = std::hint::black_box(&case.body);
        let ok = match mode.as_str() {
            "check" => formgate::json::check(body, &limits).is_ok(),
            "stream" => {
                let mut v = form.verifier();
                body.chunks(16 * 1024).all(|chunk| v.feed(chunk).is_ok()) && v.finish().is_ok()
            }
            _ => form.verify(body).is_ok(),
        };
        std::hint::black_box(ok);
    }
}

/// The medium body with its last span's style out of the form's `enum` (as
/// `benches/http.sh` rejects it): the fast pass gives up near the end, then the general
/// validator decides from the start.
fn medium_rejected() -> inputs::Case {
    let mut case = inputs::medium();
    let text = String::from_utf8(case.body).expect("UTF-8");
    let at = text.rfind("\"style\":\"").expect("a span") + "\"style\":\"".len();
    let end = at + text[at..].find('"').expect("a closing quote");
    case.body = format!("{}blink{}", &text[..at], &text[end..]).into_bytes();
    case.admitted = false;
    case
}
