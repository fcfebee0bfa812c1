//! The memory one verification takes grows with the body, not with the body times the
//! form's fan-out: on forms whose `$ref`s fan out to 2^14 paths (a 988-byte form, the
//! chain of definitions each referring to the next twice) with `unevaluated*`, every
//! entry point stays within `PER_BYTE` bytes per body byte plus `SLACK` on a body of
//! about 208 KB.
//!
//! And on every form here, fan-outs, wide `anyOf`s, nested `uniqueItems` and
//! `contentSchema`, composite `enum`s and many names, each entry point stays within the
//! bound that `Form::audit` reports for the form (`Audit::memory_per_byte` and
//! `memory_constant`).
//!
//! Measured by a counting allocator: the peak of the bytes live during the call, above
//! what was live before it. Everything runs in one test, so no other test's
//! allocations are counted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use formgate::Form;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
}

// SAFETY: every call is passed on to `System` unchanged; only counters are kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        if new >= layout.size() {
            grew(new - layout.size());
        } else {
            LIVE.fetch_sub(layout.size() - new, Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most bytes of memory per body byte a verification may take here.
const PER_BYTE: usize = 16;
/// And the constant beside it.
const SLACK: usize = 1 << 20;

/// The peak of the bytes allocated and live while `f` runs.
fn peak(f: impl FnOnce()) -> usize {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    f();
    PEAK.load(Relaxed) - base
}

/// A form whose root refers to `d0`, each `d{i}` refers to `d{i+1}` twice (2^14 paths to
/// `d14`), `d14` is `leaf`, and the root has `top`'s keywords.
fn fan_out(leaf: &str, top: &str) -> String {
    let mut defs: Vec<String> = (0..14)
        .map(|i| {
            format!(
                r##""d{i}":{{"allOf":[{{"$ref":"#/$defs/d{n}"}},{{"$ref":"#/$defs/d{n}"}}]}}"##,
                n = i + 1
            )
        })
        .collect();
    defs.push(format!(r#""d14":{leaf}"#));
    format!(
        r##"{{"$defs":{{{}}},"$ref":"#/$defs/d0",{top}}}"##,
        defs.join(",")
    )
}

/// Every entry point that verifies `body` against `form`, within the bound; returns
/// the largest peak.
fn within_bound(name: &str, form: &Form, body: &[u8], admitted: bool) -> usize {
    let bound = PER_BYTE * body.len() + SLACK;
    let mut peaks = Vec::new();
    peaks.push((
        "verify",
        peak(|| assert_eq!(form.verify(body).is_ok(), admitted, "{name}")),
    ));
    peaks.push((
        "accept",
        peak(|| assert_eq!(form.accept(body).is_ok(), admitted, "{name}")),
    ));
    peaks.push((
        "verifier",
        peak(|| {
            let mut v = form.verifier();
            let fed = body.chunks(16 * 1024).all(|c| v.feed(c).is_ok());
            assert_eq!(fed && v.finish().is_ok(), admitted, "{name}");
        }),
    ));
    for (route, bytes) in &peaks {
        assert!(
            *bytes <= bound,
            "{name}, {route}: {bytes} bytes on a {}-byte body, over {PER_BYTE} per byte + {SLACK}",
            body.len()
        );
    }
    peaks.iter().map(|p| p.1).max().unwrap_or(0)
}

#[test]
fn a_fan_out_of_two_to_the_fourteen_takes_memory_linear_in_the_body() {
    let then = r#"{"if":true,"then":{"patternProperties":{"^k":true}}}"#;
    let form_text = fan_out(then, r#""unevaluatedProperties":false"#);
    assert_eq!(form_text.len(), 988, "the form of the review's case");
    let members: Vec<String> = (0..15_300).map(|i| format!(r#""k{i}":{i}"#)).collect();
    let object = format!("{{{}}}", members.join(","));
    assert!(object.len() > 200_000);
    let elements: Vec<String> = (0..40_000).map(|i| i.to_string()).collect();
    let array = format!("[{}]", elements.join(","));

    let cases = [
        // 2^14 paths to a deferred `then` that evaluates every member.
        ("then", form_text.clone(), object.as_bytes(), true),
        // 2^14 paths to an owner of its own, under the root's owner.
        (
            "owners",
            fan_out(
                r#"{"unevaluatedProperties":{"type":"integer"}}"#,
                r#""unevaluatedProperties":false"#,
            ),
            object.as_bytes(),
            true,
        ),
        // Every member's value expands the fan-out again.
        (
            "members",
            fan_out(
                r##"{"additionalProperties":{"$ref":"#"}}"##,
                r#""unevaluatedProperties":false"#,
            ),
            object.as_bytes(),
            true,
        ),
        // Every element's value expands the fan-out again (before its links were
        // dropped with its instances, 83 bytes per body byte).
        (
            "elements",
            fan_out(r##"{"items":{"$ref":"#"}}"##, r#""unevaluatedItems":false"#),
            array.as_bytes(),
            true,
        ),
        // The same, failing at the last element.
        (
            "elements, rejected",
            fan_out(
                r##"{"items":{"$ref":"#","type":["array","integer"],"maximum":39998}}"##,
                r#""unevaluatedItems":false"#,
            ),
            array.as_bytes(),
            false,
        ),
    ];
    for (name, text, body, admitted) in cases {
        let form = Form::compile(text.as_bytes()).unwrap();
        within_bound(name, &form, body, admitted);
        within_audited_bound(name, &form, body, admitted);
    }

    // Forms whose memory grows with something other than the fan-out.
    let ints: Vec<String> = (0..20_000).map(|i| i.to_string()).collect();
    let ints = ints.join(",");
    let branches: Vec<String> = (0..40)
        .map(|i| format!(r#"{{"patternProperties":{{"^k":{{"type":"integer","minimum":-{i}}}}}}}"#))
        .collect();
    let nested_unique = format!("{}[{ints}]{}", "[".repeat(40), "]".repeat(40));
    // A string whose content is a JSON array holding a string whose content is ...,
    // three levels down to an array of numbers.
    let mut content = format!("[{ints}]");
    for _ in 0..3 {
        content = serde_json::to_string(&[serde_json::to_string(&content).unwrap()]).unwrap();
    }
    let content = serde_json::to_string(&content).unwrap();
    let pairs = vec!["[1,2]"; 20_000].join(",");
    let values: Vec<String> = (0..50).map(|i| format!("[{i},{}]", i + 1)).collect();
    let names: Vec<String> = (0..50_000).map(|i| format!(r#""n{i}":0"#)).collect();
    let cases = [
        (
            "forty branches, each an owner",
            format!(r#"{{"anyOf":[{}],"unevaluatedProperties":false}}"#, branches.join(",")),
            object.clone(),
            true,
        ),
        (
            "nested uniqueItems",
            r##"{"type":"array","uniqueItems":true,"items":{"anyOf":[{"type":"integer"},{"$ref":"#"}]}}"##.to_owned(),
            nested_unique,
            true,
        ),
        (
            "nested contentSchema",
            r##"{"anyOf":[
                {"type":"string","contentMediaType":"application/json","contentSchema":{"$ref":"#"}},
                {"type":"array","items":{"$ref":"#"}},
                {"type":"integer"}]}"##
                .to_owned(),
            content,
            true,
        ),
        (
            "composite enum",
            format!(r#"{{"type":"array","items":{{"enum":[{}]}}}}"#, values.join(",")),
            format!("[{pairs}]"),
            true,
        ),
        (
            "many names",
            "true".to_owned(),
            format!("{{{}}}", names.join(",")),
            true,
        ),
    ];
    for (name, text, body, admitted) in cases {
        let form = Form::compile(text.as_bytes()).unwrap();
        within_audited_bound(name, &form, body.as_bytes(), admitted);
    }
}

/// Every entry point that verifies `body` against `form` stays within the bound the
/// form's audit reports.
fn within_audited_bound(name: &str, form: &Form, body: &[u8], admitted: bool) {
    let audit = form.audit(formgate::audit::Profile::Portable);
    let bound = audit.memory_per_byte() as usize * body.len() + audit.memory_constant() as usize;
    // `verify` and `verify_into` keep a runtime per thread: each runs on a thread of
    // its own, so that it starts cold.
    let cold = |f: &(dyn Fn() + Sync)| std::thread::scope(|s| s.spawn(f).join().unwrap());
    let peaks = [
        (
            "verify",
            peak(|| cold(&|| assert_eq!(form.verify(body).is_ok(), admitted, "{name}"))),
        ),
        (
            "verifier",
            peak(|| {
                let mut v = form.verifier();
                let fed = body.chunks(16 * 1024).all(|c| v.feed(c).is_ok());
                assert_eq!(fed && v.finish().is_ok(), admitted, "{name}");
            }),
        ),
        (
            "verify_into",
            peak(|| {
                cold(&|| {
                    let r = form.verify_into::<serde::de::IgnoredAny>(body);
                    assert_eq!(r.is_ok(), admitted, "{name}");
                })
            }),
        ),
        (
            "general validator",
            peak(|| {
                let r = formgate::__fuzz::general_verify(form, body);
                assert_eq!(r.is_ok(), admitted, "{name}");
            }),
        ),
    ];
    for (route, bytes) in peaks {
        eprintln!(
            "{name}, {route}: {bytes} bytes on {} ({:.1} per byte), bound {} per byte + {}",
            body.len(),
            bytes as f64 / body.len() as f64,
            audit.memory_per_byte(),
            audit.memory_constant()
        );
        assert!(
            bytes <= bound,
            "{name}, {route}: {bytes} bytes on a {}-byte body, over the audited {} per byte + {}",
            body.len(),
            audit.memory_per_byte(),
            audit.memory_constant()
        );
    }
}
