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
//! compiling the form, one warming call) cancels out. Bodies: `small`, `medium` (and
//! its parts `medium_texts`, the text nodes alone, and `medium_spans`, spans with
//! little text), `large`, `order` (the schemars-derived form of `orders.rs`, every line
//! item out of the form's order), `order_listed` (the same order in the form's order),
//! `thread` (the recursive schemars-derived form of `orders.rs`, every object out of
//! the form's order) and `thread_listed` (the same thread in the form's order), and
//! each of them breaking its form in its last record (`small_late`, `medium_late`,
//! `large_late`, `order_late`: the rejection path); modes: `verify`, `check`, and
//! `stream` (`Form::verifier` fed 16 KiB chunks), and for the small and the large body
//! `into` (`Form::verify_into` into the Rust type of `benches/acts.rs`) and `serde`
//! (`serde_json::from_slice` into the same type, validating nothing); for every
//! admitted body, `value` (`Form::verify_into::<serde_json::Value>`), `serde_value`
//! (`serde_json::from_slice::<serde_json::Value>`), `jsonschema` (the `jsonschema`
//! crate's `is_valid` on the parsed value, as `benches/into.rs` builds it) and `clone`
//! (cloning the parsed value: what building the same tree costs at the least); and the
//! two anchors of speed, on every body: `sonic` (`sonic_rs::from_slice` into its own
//! `Value`, the fastest parse in Rust, validating nothing) and `memchr` (one
//! `memchr::memchr` over the body for a byte it does not hold: the least a pass that
//! reads every byte can cost, the memory-bandwidth anchor).

use formgate_bench::inputs;

#[path = "../acts.rs"]
mod acts;

#[path = "../orders.rs"]
mod orders;

/// Deserialize the body into the act type of its case: through `verify_into` when
/// `gate`, else through `serde_json::from_slice`; `true` if it fits.
fn into_type(form: &formgate::Form, case: &str, body: &[u8], gate: bool) -> bool {
    fn one<'b, T: serde::Deserialize<'b>>(
        form: &formgate::Form,
        body: &'b [u8],
        gate: bool,
    ) -> bool {
        if gate {
            std::hint::black_box(form.verify_into::<T>(body)).is_ok()
        } else {
            std::hint::black_box(serde_json::from_slice::<T>(body)).is_ok()
        }
    }
    match case {
        "small" => one::<acts::Small>(form, body, gate),
        "large" => one::<acts::Records>(form, body, gate),
        _ => panic!("into and serde take the small or the large body"),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: instructions \
         small|medium|medium_texts|medium_spans|large|order|order_listed|thread|thread_listed|small_late|medium_late|large_late|order_late \
         verify|check|stream|into|serde|value|serde_value|jsonschema|clone|sonic|memchr N";
    let name = args.next().unwrap_or_default();
    let (case, rejected) = match name.as_str() {
        "small" => (inputs::small(), false),
        "medium" => (inputs::medium(), false),
        "large" => (inputs::large(), false),
        "medium_texts" => (inputs::medium_texts(), false),
        "medium_spans" => (inputs::medium_spans(), false),
        "small_late" => (inputs::small_late(), true),
        // The name the earlier tables use.
        "medium_late" | "medium_rejected" => (inputs::medium_late(), true),
        "large_late" => (inputs::large_late(), true),
        "order" => (
            inputs::derived::<orders::Order>("order", orders::order()),
            false,
        ),
        "order_listed" => (
            inputs::derived::<orders::Order>("order", orders::order_listed()),
            false,
        ),
        "order_late" => (
            inputs::derived::<orders::Order>("order", orders::order_late()),
            true,
        ),
        "thread" => (
            inputs::derived::<orders::Comment>("thread", orders::thread()),
            false,
        ),
        "thread_listed" => (
            inputs::derived::<orders::Comment>("thread", orders::thread_listed()),
            false,
        ),
        _ => panic!("{usage}"),
    };
    let mode = match args.next().as_deref() {
        Some(
            mode @ ("verify" | "check" | "stream" | "into" | "serde" | "value" | "serde_value"
            | "jsonschema" | "clone" | "sonic" | "memchr"),
        ) => mode.to_owned(),
        _ => panic!("{usage}"),
    };
    let n: usize = args.next().and_then(|s| s.parse().ok()).expect(usage);
    let form = formgate::Form::compile(case.form.as_bytes()).expect("the form compiles");
    let limits = form.limits();
    assert!(form.verify(&case.body).is_ok() != rejected);
    assert!(formgate::json::check(&case.body, &limits).is_ok());
    if mode == "into" || mode == "serde" {
        assert!(into_type(&form, &name, &case.body, mode == "into"));
    }
    // Built only for the modes that use them: the validator's hash maps are seeded at
    // random, which would make the setup's count, and so every mode's, vary by run.
    let parsed: serde_json::Value = match mode.as_str() {
        "jsonschema" | "clone" => serde_json::from_slice(&case.body).expect("JSON"),
        _ => serde_json::Value::Null,
    };
    let js = (mode == "jsonschema").then(|| {
        let schema: serde_json::Value = serde_json::from_str(&case.form).expect("JSON");
        let js = jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .expect("jsonschema compiles the form");
        assert_eq!(js.is_valid(&parsed), !rejected);
        js
    });
    for _ in 0..n {
        let body = std::hint::black_box(&case.body);
        let ok = match mode.as_str() {
            "check" => formgate::json::check(body, &limits).is_ok(),
            "stream" => {
                let mut v = form.verifier();
                body.chunks(16 * 1024).all(|chunk| v.feed(chunk).is_ok()) && v.finish().is_ok()
            }
            "into" => into_type(&form, &name, body, true),
            "serde" => into_type(&form, &name, body, false),
            "value" => form.verify_into::<serde_json::Value>(body).is_ok(),
            "serde_value" => serde_json::from_slice::<serde_json::Value>(body).is_ok(),
            "jsonschema" => js
                .as_ref()
                .is_some_and(|js| js.is_valid(std::hint::black_box(&parsed))),
            "clone" => std::hint::black_box(parsed.clone()).is_object(),
            "sonic" => sonic_rs::from_slice::<sonic_rs::Value>(body).is_ok(),
            "memchr" => memchr::memchr(0, body).is_none(),
            _ => form.verify(body).is_ok(),
        };
        std::hint::black_box(ok);
    }
}
