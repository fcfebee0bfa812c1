//! The fast engine of `Form::verify` (`src/verify/fast/mod.rs`): it must never admit
//! what the general validator rejects, a rejection of its own must be the general
//! validator's (kind, offset, pointers, applicator), it must serve the bodies it exists
//! for, and its limits (recursion, work budget) must hand over to the general validator
//! with the right verdict.
//!
//! The general validator is reached through `formgate::__fuzz::general_verify`, which
//! never takes the fast path (`Form::accept` and `Form::verify_into` do, so they are no
//! reference here). `tests/stream.rs` and the `verify` fuzz target also compare `verify`
//! with the streaming verifier, which runs the same fast engine resumable across chunks
//! (`src/verify/fast/resumable.rs`): two routes through one engine, so it is the
//! general validator here that each is held to.

mod common;

#[path = "../benches/inputs.rs"]
mod inputs;

#[path = "../benches/orders.rs"]
mod orders;

#[path = "../benches/acts.rs"]
mod acts;

use common::{engines_agree_on, every_engine_agrees};
use formgate::__fuzz::{fast_accepts, fast_rejects, general_verify};
use formgate::Form;
use formgate_testkit::{self as testkit, config};
use proptest::prelude::*;

#[test]
fn benchmark_bodies_take_the_fast_path() {
    // The bench bodies, and the medium body's parts the profile reads apart.
    let parts = [inputs::medium_texts(), inputs::medium_spans()];
    for case in inputs::admitted().into_iter().chain(parts) {
        let form = Form::builder()
            .max_bytes(4 << 20)
            .compile(case.form.as_bytes())
            .unwrap();
        assert!(fast_accepts(&form, &case.body), "{}", case.name);
        assert!(general_verify(&form, &case.body).is_ok(), "{}", case.name);
    }
    let broken = inputs::large_early_break();
    let form = Form::builder()
        .max_bytes(4 << 20)
        .compile(broken.form.as_bytes())
        .unwrap();
    assert!(!fast_accepts(&form, &broken.body));
    assert!(form.verify(&broken.body).is_err());
    // The order, in the body's order (learned) and in the form's.
    let order = Form::from_schemars::<orders::Order>().unwrap();
    for body in [orders::order(), orders::order_listed()] {
        assert!(fast_accepts(&order, &body));
        assert!(general_verify(&order, &body).is_ok());
    }
}

/// `verify_into` serves the typed bench bodies on its guided route (one read, no
/// general validator), written compactly or pretty-printed: whitespace between tokens
/// is read, not a reason to hand the body over (`src/verify/serde/cursor.rs`).
#[test]
fn benchmark_bodies_take_the_guided_route_of_verify_into() {
    fn pretty(body: &[u8]) -> Vec<u8> {
        let value: serde_json::Value = serde_json::from_slice(body).unwrap();
        let mut text = serde_json::to_vec_pretty(&value).unwrap();
        // Every kind of whitespace JSON allows, and some before the first token.
        text.splice(0..0, *b" \r\n\t");
        text.extend_from_slice(b"\t\r\n ");
        text
    }
    fn both<'de, T>(form: &Form, body: &'de [u8], name: &str)
    where
        T: serde::Deserialize<'de> + PartialEq + std::fmt::Debug,
    {
        let guided = formgate::__fuzz::verify_into_guided::<T>(form, body);
        let value = guided.unwrap_or_else(|| panic!("{name}: the guided route was not sure"));
        assert_eq!(value, form.verify_into::<T>(body).unwrap(), "{name}");
    }
    for case in [inputs::small(), inputs::large()] {
        let form = Form::builder()
            .max_bytes(4 << 20)
            .compile(case.form.as_bytes())
            .unwrap();
        let spaced = pretty(&case.body);
        assert!(spaced.len() > case.body.len() + case.body.len() / 8);
        for (body, how) in [(&case.body, "compact"), (&spaced, "pretty")] {
            let name = format!("{} ({how})", case.name);
            if case.name == "small" {
                both::<acts::Small>(&form, body, &name);
            } else {
                both::<acts::Records>(&form, body, &name);
            }
        }
    }
}

/// The bodies of the rejection bench, broken in their last record, are rejected by the
/// fast engine itself, as the general validator rejects them: so a late rejection is no
/// second read (`benches/rejection.rs`).
#[test]
fn late_breaking_bench_bodies_are_rejected_by_the_fast_engine() {
    let mut cases: Vec<(String, Form, Vec<u8>)> = inputs::late()
        .into_iter()
        .map(|case| {
            let form = Form::builder()
                .max_bytes(4 << 20)
                .compile(case.form.as_bytes())
                .unwrap();
            (case.name.to_owned(), form, case.body)
        })
        .collect();
    let order = Form::from_schemars::<orders::Order>().unwrap();
    cases.push(("order_late".to_owned(), order, orders::order_late()));
    for (name, form, body) in &cases {
        let general = general_verify(form, body).expect_err(name);
        assert_eq!(fast_rejects(form, body).as_ref(), Some(&general), "{name}");
        // Streamed in small chunks, the refusal is the same one.
        let mut v = form.verifier();
        let streamed = body
            .chunks(1000)
            .map(|chunk| v.feed(chunk))
            .find_map(Result::err)
            .or_else(|| v.finish().err());
        assert_eq!(streamed.as_ref(), Some(&general), "{name} streamed");
    }
    // The medium body fails in a span, one branch of an `anyOf`: the rejection names it.
    let medium = &cases[1];
    let r = fast_rejects(&medium.1, &medium.2).unwrap();
    assert_eq!(r.applicator(), Some("/$defs/node/anyOf"));
    assert_eq!(r.form_pointer(), Some("/$defs/span/properties/style/enum"));
}

/// Damaged copies of a body: one byte replaced by each of a few troublemakers.
fn variants(body: &str) -> Vec<Vec<u8>> {
    let mut out = vec![body.as_bytes().to_vec()];
    let bytes = body.as_bytes();
    for (k, bad) in [b'"', b'\\', b'}', 0xff, b'1', b' ', b',', b']']
        .iter()
        .enumerate()
    {
        if bytes.is_empty() {
            break;
        }
        let mut b = bytes.to_vec();
        let at = (k * 7919 + bytes.len() / 2) % b.len();
        b[at] = *bad;
        out.push(b);
    }
    out
}

/// Over a fixed sample of generated forms and bodies (admitted, rejected and damaged):
/// the fast path admits nothing the general validator rejects, a rejection of its own
/// is the general validator's, and it serves most of the admitted bodies (when
/// measured, 1,516 of 1,616; every other one met a composite `enum`/`const`, which the
/// fast path leaves to the general validator on purpose) and half the bodies the form
/// does not admit (when measured, 2,681 of 4,818 not-admitted ones; the rest fail where
/// the fast engine cannot place the failure as the general validator would: `not`,
/// `if`, `uniqueItems`, ties between branches, composite `enum`s).
#[test]
fn fast_path_is_sound_and_serves_most_admitted_bodies() {
    let mut admitted = 0;
    let mut fast = 0;
    let mut not_admitted = 0;
    let mut fast_rejected = 0;
    for (form, bodies) in testkit::sample(testkit::form_and_bodies(&testkit::FULL), 400) {
        let f = Form::compile(form.compact().as_bytes()).unwrap();
        for body in &bodies {
            for bytes in variants(body) {
                let general = general_verify(&f, &bytes);
                let quick = fast_accepts(&f, &bytes);
                assert!(
                    !quick || general.is_ok(),
                    "fast path admits what the general validator rejects ({general:?})\nform {}\nbody {:?}",
                    form.compact(),
                    String::from_utf8_lossy(&bytes)
                );
                assert_eq!(f.verify(&bytes), general);
                let refused = fast_rejects(&f, &bytes);
                if let Some(r) = &refused {
                    assert_eq!(
                        Err(r),
                        general.as_ref(),
                        "the fast engine's rejection is not the general validator's\nform {}\nbody {:?}",
                        form.compact(),
                        String::from_utf8_lossy(&bytes)
                    );
                }
                if general.is_ok() {
                    admitted += 1;
                    fast += quick as usize;
                } else if general
                    .as_ref()
                    .is_err_and(|r| matches!(r.kind(), formgate::RejectionKind::NotAdmitted { .. }))
                {
                    not_admitted += 1;
                    fast_rejected += refused.is_some() as usize;
                }
            }
        }
    }
    println!("fast path admitted {fast} of {admitted} admitted bodies");
    println!("fast path rejected {fast_rejected} of {not_admitted} bodies not admitted");
    assert!(admitted > 300, "the sample admits too little: {admitted}");
    assert!(
        fast * 10 >= admitted * 8,
        "fast path served {fast} of {admitted}"
    );
    assert!(
        not_admitted > 300,
        "the sample rejects too little: {not_admitted}"
    );
    assert!(
        fast_rejected * 2 >= not_admitted,
        "fast path rejected {fast_rejected} of {not_admitted}"
    );
}

/// Overlapping `anyOf` branches that fail only after reading a whole subtree would cost
/// 2^depth re-reads; the work budget hands over to the general validator, which shares
/// the instance and stays linear.
#[test]
fn exponential_rewinding_hands_over_to_the_general_validator() {
    let form = Form::compile(
        br##"{"$defs":{"n":{"anyOf":[
            {"type":"array","items":{"$ref":"#/$defs/n"},"minItems":2},
            {"type":"array","items":{"$ref":"#/$defs/n"}}]}},
          "$ref":"#/$defs/n"}"##,
    )
    .unwrap();
    let depth = 40;
    let body = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    assert!(!fast_accepts(&form, body.as_bytes()));
    assert!(form.verify(body.as_bytes()).is_ok());
    let bad = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    assert!(form.verify(bad.as_bytes()).is_err());
}

/// Bodies nested deeper than the fast path recurses are verified by the general
/// validator, with the same verdicts, on a thread with a small stack: 64 KiB in an
/// optimized build, whose fast path stops at 80 frames (48 KiB did not suffice; at 96
/// frames 48 KiB sufficed before the keyed members' prologue grew the member loop's
/// frame, and 64 KiB did not after), 512 KiB in a debug build, whose frames are larger
/// and whose fast path stops at 32 frames (448 KiB did not suffice since the keyed
/// members and the learned orders; it did since the short member loop and the string
/// routes of the length plan, and 384 KiB did not; 320 and 256 KiB before them).
#[test]
fn deep_bodies_hand_over_and_small_stacks_suffice() {
    let stack = if cfg!(debug_assertions) { 512 } else { 64 };
    std::thread::Builder::new()
        .stack_size(stack * 1024)
        .spawn(|| {
            let form = Form::compile(
                br##"{"$defs":{"n":{"anyOf":[{"type":"integer"},
                    {"type":"array","maxItems":1,"items":{"$ref":"#/$defs/n"}}]}},
                  "$ref":"#/$defs/n"}"##,
            )
            .unwrap();
            // The streaming verifier's fast path too, whole and a byte at a time.
            let streamed = |form: &Form, body: &[u8], size: usize| {
                let mut v = form.verifier();
                body.chunks(size).try_for_each(|c| v.feed(c))?;
                v.finish()
            };
            let agree = |form: &Form, body: &[u8]| {
                let whole = form.verify(body).is_ok();
                for size in [1, 7, body.len().max(1)] {
                    assert_eq!(
                        streamed(form, body, size).is_ok(),
                        whole,
                        "chunks of {size}"
                    );
                }
                whole
            };
            for depth in [1, 10, 30, 60, 127] {
                let body = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
                assert!(agree(&form, body.as_bytes()), "depth {depth}");
                let bad = format!("{}\"x\"{}", "[".repeat(depth), "]".repeat(depth));
                assert!(!agree(&form, bad.as_bytes()), "depth {depth}");
            }
            let body = format!("{}1{}", "[".repeat(129), "]".repeat(129));
            assert!(!agree(&form, body.as_bytes()), "beyond max_depth");
            let open = Form::compile(b"{}").unwrap();
            let body = format!("{}1{}", "[{\"a\":".repeat(60), "}]".repeat(60));
            assert!(agree(&open, body.as_bytes()));
            let body = format!("{}1{}", "[".repeat(127), "]".repeat(127));
            assert!(agree(&open, body.as_bytes()));
            assert!(fast_accepts(&open, "[[[1]]]".as_bytes()));
            // Objects read in an order learned from the body, each member's value a union
            // its leads narrow to one branch: the learned order's and the union's own
            // frames are counted, so these stay within the stack too.
            let learned = Form::compile(
                br##"{"$defs":{"t":{"anyOf":[{"type":"null"},{"type":"object",
                    "properties":{"z":{},"a":{"$ref":"#/$defs/t"}}}]}},
                  "type":"array","items":{"$ref":"#/$defs/t"}}"##,
            )
            .unwrap();
            for depth in [1, 10, 30, 60, 94, 126] {
                let x = format!("{}null{}", r#"{"a":"#.repeat(depth), "}".repeat(depth));
                let body = format!("[{x},{x},{x}]");
                assert!(agree(&learned, body.as_bytes()), "depth {depth}");
                let bad = format!(
                    "[{x},{x},{}1{}]",
                    r#"{"a":"#.repeat(depth),
                    "}".repeat(depth)
                );
                assert!(!agree(&learned, bad.as_bytes()), "depth {depth}");
            }
            // 40 nested arrays: within the release build's 80 frames, beyond the debug
            // build's 32. CI runs this file in both, so each limit is exercised.
            let forty = format!("{}1{}", "[".repeat(40), "]".repeat(40));
            assert_eq!(
                fast_accepts(&open, forty.as_bytes()),
                !cfg!(debug_assertions),
                "the fast path takes 40 levels in release builds only"
            );
        })
        .unwrap()
        .join()
        .unwrap();
}

/// `verify_into` on bodies up to the default `max_depth`, deserialized into a
/// `serde_json::Value` on a thread with a small stack: the guided route recurses once
/// per container through the visitor (within the fast path's frame limit), the one
/// pass beyond it. 128 KiB in an optimized build (96 KiB sufficed when measured, 64 KiB
/// did not), 640 KiB in a debug build (512 KiB sufficed, 384 KiB did not).
#[test]
fn verify_into_at_the_depth_limit_fits_a_small_stack() {
    let stack = if cfg!(debug_assertions) { 640 } else { 128 };
    std::thread::Builder::new()
        .stack_size(stack * 1024)
        .spawn(|| {
            let open = Form::compile(b"{}").unwrap();
            for depth in [30, 60, 127] {
                for body in [
                    format!("{}1{}", "[".repeat(depth), "]".repeat(depth)),
                    format!(
                        "{}1{}",
                        "[{\"a\":".repeat(depth / 2),
                        "}]".repeat(depth / 2)
                    ),
                ] {
                    let b = body.as_bytes();
                    let value = open.verify_into::<serde_json::Value>(b);
                    assert!(value.is_ok(), "depth {depth}");
                    let one_pass = formgate::__fuzz::verify_into_one_pass(&open, b);
                    assert_eq!(value, one_pass, "depth {depth}");
                }
            }
            let too_deep = format!("{}1{}", "[".repeat(129), "]".repeat(129));
            assert!(open
                .verify_into::<serde_json::Value>(too_deep.as_bytes())
                .is_err());
        })
        .unwrap()
        .join()
        .unwrap();
}

proptest! {
    #![proptest_config(config("verify_fast", 256))]

    /// The fast path never admits a body the general validator rejects.
    #[test]
    fn fast_path_never_admits_a_rejected_body(
        (form, bodies) in testkit::form_and_bodies(&testkit::FULL),
    ) {
        let f = Form::compile(form.compact().as_bytes()).unwrap();
        for body in &bodies {
            for bytes in variants(body) {
                let general = general_verify(&f, &bytes);
                prop_assert!(
                    !fast_accepts(&f, &bytes) || general.is_ok(),
                    "body {:?}: general {:?}", String::from_utf8_lossy(&bytes), general
                );
            }
        }
    }
}

/// Vocabulary v2's keywords that the fast path decides itself: each admitted body takes
/// it, and each rejected one is rejected by both paths (the fast path says "not sure").
#[test]
fn v2_keywords_take_the_fast_path() {
    // (form, admitted bodies, rejected bodies)
    let cases: &[(&str, &[&str], &[&str])] = &[
        (
            r#"{"patternProperties":{"^x-":{"type":"integer"},"n$":{"minimum":2}},
                "properties":{"xn":{"maximum":5}},"additionalProperties":false}"#,
            &[r#"{}"#, r#"{"x-a":1,"x-n":3,"xn":4,"an":2}"#],
            &[
                r#"{"x-a":"s"}"#,
                r#"{"x-n":1}"#,
                r#"{"xn":6}"#,
                r#"{"b":1}"#,
            ],
        ),
        (
            r#"{"properties":{"a":{}},"required":["b"],
                "patternProperties":{"^b$":{"type":"string"}},"additionalProperties":false}"#,
            &[r#"{"b":"s","a":null}"#],
            &[r#"{"b":1}"#, r#"{"a":1}"#],
        ),
        (
            r#"{"propertyNames":{"maxLength":2,"pattern":"^[a-z]+$"}}"#,
            &[r#"{"ab":1,"c":[]}"#, r#"{"\u0061":1}"#],
            &[r#"{"abc":1}"#, r#"{"A":1}"#],
        ),
        (
            r#"{"dependentRequired":{"a":["b","c"]},"properties":{"b":{}}}"#,
            &[r#"{"a":1,"b":2,"c":3}"#, r#"{"b":1}"#, r#"{"c":1}"#],
            &[r#"{"a":1,"b":2}"#, r#"{"a":1}"#],
        ),
        (
            r#"{"dependentSchemas":{"a":{"required":["b"]},"z":{"maxProperties":1}}}"#,
            &[
                r#"{"a":1,"b":2}"#,
                r#"{"b":1,"c":2}"#,
                r#"{"z":{"a":1}}"#,
                r#"[1]"#,
            ],
            &[r#"{"a":1}"#, r#"{"z":1,"y":2}"#, r#"{"q":{"a":1}, "a":0}"#],
        ),
        (
            r#"{"contains":{"type":"string"},"minContains":2,"maxContains":3,
                "items":{"type":["string","integer"]}}"#,
            &[r#"["a","b"]"#, r#"[1,"a",2,"b","c"]"#],
            &[r#"["a"]"#, r#"["a","b","c","d"]"#, r#"[1,2]"#],
        ),
        (
            r#"{"contains":{"const":1}}"#,
            &[r#"[0,1.0]"#, r#"[{},1]"#],
            &[r#"[]"#, r#"[0,2]"#],
        ),
        (
            r#"{"uniqueItems":true}"#,
            &[
                r#"[1,"1",true,null,false,1.5]"#,
                r#"[]"#,
                r#"["a\u0062","ac"]"#,
            ],
            &[
                r#"[1,1.0]"#,
                r#"[0,-0]"#,
                r#"["ab","a\u0062"]"#,
                r#"[null,null]"#,
            ],
        ),
        (
            r#"{"items":{"uniqueItems":true},"uniqueItems":false}"#,
            &[r#"[[1,2],[1,2]]"#],
            &[r#"[[1,2],[2,2e0]]"#],
        ),
    ];
    for (form, admitted, rejected) in cases {
        let f = Form::compile(form.as_bytes()).unwrap();
        for body in *admitted {
            assert!(
                fast_accepts(&f, body.as_bytes()),
                "{form}: {body} should take the fast path"
            );
            assert!(
                general_verify(&f, body.as_bytes()).is_ok(),
                "{form}: {body}"
            );
        }
        for body in *rejected {
            assert!(!fast_accepts(&f, body.as_bytes()), "{form}: {body}");
            assert!(f.verify(body.as_bytes()).is_err(), "{form}: {body}");
            assert!(
                general_verify(&f, body.as_bytes()).is_err(),
                "{form}: {body}"
            );
        }
    }
}

/// Member names read in place (`ObjectChecks::listed_at`, `form/names.rs`): listed names
/// that share their first bytes, that are prefixes of each other, that need escapes,
/// the empty name; bodies that write them escaped, longer, shorter, cut off, repeated.
#[test]
fn names_read_in_place_agree_with_the_general_validator() {
    let forms = [
        r#"{"properties":{"id":{"type":"integer"},"idx":{"type":"string"},"i":{"const":1},"":{"type":"null"},
            "a\"b":{"type":"boolean"},"tab\t":{},"pri":{"maximum":3},"price":{"minimum":2},"priority":{"enum":[1,2]}},
            "required":["id"],"additionalProperties":false}"#,
        r#"{"properties":{"id":{"type":"integer"},"name":{"type":"string"}},"required":["id","name"]}"#,
        r#"{"properties":{"é":{"type":"integer"},"ü":{"type":"string"}},"additionalProperties":{"type":"boolean"},"maxProperties":3}"#,
        r#"{"properties":{"aa":{"type":"integer"}},"patternProperties":{"^a":{"minimum":0}},"propertyNames":{"maxLength":3}}"#,
    ];
    let names = [
        "id", "idx", "i", "", "a\\\"b", "tab\\t", "pri", "price", "priority", "\\u0069d",
        "i\\u0064", "name", "nam", "names", "é", "\\u00e9", "ü", "aa", "aaa", "aaaa", "ab", "p",
        "pr", "x",
    ];
    let values = ["1", "-1", "\"s\"", "null", "true", "2.5", "{}", "[1]"];
    for form in forms {
        let f = Form::compile(form.as_bytes()).unwrap();
        for a in names {
            for v in values {
                for b in ["id", "name", "aa", "price", "é"] {
                    let body = format!(r#"{{"{a}":{v},"{b}":1}}"#);
                    engines_agree_on(&f, body.as_bytes(), form);
                    let spaced = format!(r#"{{ "{a}" : {v} , "{b}" :1 }}"#);
                    engines_agree_on(&f, spaced.as_bytes(), form);
                    let repeated = format!(r#"{{"{a}":{v},"{a}":{v}}}"#);
                    engines_agree_on(&f, repeated.as_bytes(), form);
                }
            }
            // Cut off inside or right after the name.
            let whole = format!(r#"{{"{a}":1}}"#);
            for cut in 0..whole.len() {
                engines_agree_on(&f, &whole.as_bytes()[..cut], form);
            }
        }
    }
}

/// Short numbers under numeric `format`s and bounds (`SmallBounds`, optimizations
/// `short-formats` and `one-walk-numbers`; plain integers by `Node::integers`,
/// `integer-plan`) decide as the exact decimal path does: a lexeme with `e0` appended
/// has the same value and always takes the exact path.
#[test]
fn short_numbers_decide_as_exact_numbers() {
    let formats = [
        "int8", "int16", "int32", "int64", "int", "uint8", "uint16", "uint32", "uint64", "uint",
        "float", "double",
    ];
    let bounds = [
        "",
        r#","minimum":1"#,
        r#","maximum":100.5"#,
        r#","exclusiveMinimum":-3.25,"exclusiveMaximum":300"#,
        r#","minimum":0.000000000000000001"#,
        r#","maximum":1e3"#,
        // Integer bounds, which the integer plan (`Node::integers`) folds into a range.
        r#","exclusiveMinimum":3,"exclusiveMaximum":300"#,
        r#","minimum":-128,"maximum":255.0"#,
        r#","exclusiveMinimum":-1,"maximum":65535"#,
    ];
    let lexemes = [
        "0",
        "-0",
        "1",
        "127",
        "128",
        "-128",
        "-129",
        "255",
        "256",
        "32767",
        "-32769",
        "65535",
        "65536",
        "2147483647",
        "2147483648",
        "-2147483648",
        "-2147483649",
        "4294967295",
        "4294967296",
        "999999999999999999",
        "-999999999999999999",
        "1000000000000000000",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "1.0",
        "1.5",
        "127.0",
        "-0.0",
        "0.000000000000000001",
        "255.00000000000001",
        "100.5",
        "100.50",
        "100.51",
        "-3.25",
        "-3.2500001",
        "12.3",
        "300",
        "299.999",
        "3",
        "4",
        "299",
        "-1",
        "65536",
    ];
    for format in formats {
        for ty in ["integer", "number"] {
            for bound in bounds {
                let form = format!(r#"{{"type":"{ty}","format":"{format}"{bound}}}"#);
                let f = Form::compile(form.as_bytes()).unwrap();
                for lexeme in lexemes {
                    let short = f.verify(lexeme.as_bytes());
                    let exact = f.verify(format!("{lexeme}e0").as_bytes());
                    assert_eq!(short.is_ok(), exact.is_ok(), "{form} on {lexeme}");
                    if let (Err(a), Err(b)) = (&short, &exact) {
                        assert_eq!(a.kind(), b.kind(), "{form} on {lexeme}");
                    }
                    engines_agree_on(&f, lexeme.as_bytes(), &form);
                    let member = format!(r#"[{lexeme}]"#);
                    let items = format!(r#"{{"items":{form}}}"#);
                    let fi = Form::compile(items.as_bytes()).unwrap();
                    engines_agree_on(&fi, member.as_bytes(), &items);
                }
            }
        }
    }
}

/// Strings admitted by their byte length alone (`Node::lengths`, optimization
/// `length-plan`) around `minLength` and `maxLength`, in characters of one to four
/// bytes and escapes: the fast engine agrees with the general validator, which counts
/// code points.
#[test]
fn strings_admitted_by_length_agree_with_the_general_validator() {
    let chars = ["a", "é", "東", "😀", "\\u00e9", "\\ud83d\\ude00", "\\n"];
    for (min, max) in [(0, 0), (1, 1), (2, 3), (3, 8), (5, 5), (0, 12), (4, 400)] {
        for ty in [r#""type":"string","#, "", r#""type":["string","null"],"#] {
            let form = format!(r#"{{{ty}"minLength":{min},"maxLength":{max}}}"#);
            let f = Form::compile(form.as_bytes()).unwrap();
            let items = format!(r#"{{"items":{form}}}"#);
            let fi = Form::compile(items.as_bytes()).unwrap();
            for c in chars {
                for n in 0..=max.min(16) + 2 {
                    let s = format!("\"{}\"", c.repeat(n));
                    engines_agree_on(&f, s.as_bytes(), &form);
                    engines_agree_on(&fi, format!("[{s},{s}]").as_bytes(), &items);
                    let mixed = format!("\"a{}\"", c.repeat(n));
                    engines_agree_on(&f, mixed.as_bytes(), &form);
                }
            }
        }
    }
}

/// Listed names read in place by the short member loop (`listed_members`,
/// optimizations `fused-names`, `listed-loop`, `member-charge`, `guessing-stops`) and
/// the long loop it hands over to at the first name it does not read so: a listed name
/// written again escaped after the handover is a duplicate; `required`,
/// `minProperties` and `maxProperties` count the members of both loops; a name a
/// listed one is a prefix of, or one with a quote, backslash or non-ASCII byte, meets
/// `patternProperties` or `additionalProperties`, never the listed member; names cut
/// off or malformed. Through every engine.
#[test]
fn listed_names_agree_across_the_handover_to_the_long_loop() {
    let forms = [
        r#"{"properties":{"a":{"type":"integer"},"ab":{"type":"string"},"é":{"type":"null"}},"required":["a","ab","z"],"minProperties":3,"maxProperties":4}"#,
        r#"{"properties":{"a":{"type":"integer"},"ab":{"type":"string"}},"required":["z"],"additionalProperties":false,"maxProperties":2}"#,
        r#"{"properties":{"a":{"type":"integer"},"ab":false},"additionalProperties":{"type":"boolean"}}"#,
        r#"{"properties":{"a":{"type":"integer"},"ab":{"type":"string"}},"patternProperties":{"^a.":{"maxLength":1}},"additionalProperties":false}"#,
        r#"{"properties":{"a":{"type":"integer"},"a\"":{"type":"string"},"a\\":{"type":"boolean"}},"propertyNames":{"maxLength":2}}"#,
        r#"{"type":"object","properties":{"a":{"type":"integer"}},"dependentRequired":{"a":["ab"]}}"#,
    ];
    let bodies: &[&[u8]] = &[
        br#"{"a":1,"ab":"x","z":null}"#,
        r#"{"ab":"x","a":1,"z":0,"é":null}"#.as_bytes(),
        br#"{"a":1,"\u0061":2}"#,
        br#"{"a":1,"ab":"x","a":2}"#,
        br#"{"a":1,"zz":true,"\u0061":2}"#,
        br#"{"a":1,"zz":true,"a":2}"#,
        br#"{"\u0061":1,"a":2,"ab":"x"}"#,
        r#"{"a":1,"ab":"x","\u00e9":null,"é":null}"#.as_bytes(),
        br#"{"a":1,"ab":"x","z":1,"q":true,"r":false}"#,
        br#"{"abc":true,"a":1,"ab":"x"}"#,
        br#"{"a\"":"s","a\\":true,"a":1}"#,
        br#"{"a\u0022":"s","a\u005c":true,"a":1}"#,
        br#"{"ab":"x","a":"1","z":2}"#,
        br#"{"ab":1}"#,
        br#"{"ab":"xy","a":1}"#,
        r#"{"é":null,"a":1,"ab":"x","z":1,"y":true}"#.as_bytes(),
        br#"{"a":1,"ab":"x","z":1,}"#,
        br#"{"a":1 "ab":"x"}"#,
        br#"{"a":1,"ab":"x","z":1"#,
        br#"{"a"1}"#,
        br#"{"ab:1}"#,
        br#"{"a":1,"abc:"x"}"#,
        b"{\"a\":1,\"\xc3\xa9\":null,\"\xc3\":0}",
        b"{\"a\x01\":1}",
    ];
    for form in forms {
        let f = Form::compile(form.as_bytes()).unwrap();
        for body in bodies {
            every_engine_agrees(&f, body, form);
        }
    }
}

/// The length plan (`Node::lengths`, optimization `length-plan`) measures a string's
/// decoded text, not its escapes, and still refuses a malformed string: invalid
/// escapes, lone or reversed surrogates, raw control characters, bytes that are not
/// UTF-8, strings cut off. Through every engine.
#[test]
fn length_plan_reads_decoded_text_and_refuses_malformed_strings() {
    let strings: &[&[u8]] = &[
        br#""""#,
        br#""a""#,
        br#""abcdefg""#,
        br#""\u0041""#,
        br#""\u0041\u0042\u0043""#,
        br#""\uD83D\uDE00""#,
        br#""\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00""#,
        br#""\n\t\\\"\/""#,
        br#""\uD83D""#,
        br#""\uDE00\uD83D""#,
        br#""\uD83Dx""#,
        br#""\uD83D\u0041""#,
        br#""\x41""#,
        br#""\u00G1""#,
        br#""\u004""#,
        br#""abc"#,
        br#""ab\"#,
        b"\"a\x01b\"",
        b"\"\xff\xfe\"",
        b"\"\xed\xa0\xbd\"",
        b"\"\xc3\"",
        b"\"\xf0\x9f\x98\x80\xf0\x9f\x98\"",
    ];
    // (3, 12): two escaped letters are 12 bytes as written, 2 characters decoded.
    for (min, max) in [(1, 1), (2, 3), (3, 3), (1, 6), (3, 12)] {
        let form = format!(r#"{{"type":"string","minLength":{min},"maxLength":{max}}}"#);
        let f = Form::compile(form.as_bytes()).unwrap();
        let items = format!(r#"{{"items":{form}}}"#);
        let fi = Form::compile(items.as_bytes()).unwrap();
        for s in strings {
            every_engine_agrees(&f, s, &form);
            let mut array = b"[".to_vec();
            array.extend_from_slice(s);
            array.extend_from_slice(b",\"ab\"]");
            every_engine_agrees(&fi, &array, &items);
        }
    }
}

/// A bare `anyOf` (`Node::only_any_of`, optimization `bare-any-of`) beside
/// annotations only, and beside something that does matter (`unevaluated*`, `not`,
/// a lone `if` where annotations count, `dependentSchemas`, a format); `true`,
/// `false` and `null` read as scalar children (`literal-children`) against `const`,
/// `enum`, `type` and `false`. Through every engine.
#[test]
fn bare_any_of_and_literal_children_agree_through_every_engine() {
    let forms = [
        r#"{"anyOf":[{"type":"integer"},{"type":"string","maxLength":1}],"title":"t","description":"d","default":0,"examples":[1],"$comment":"c","deprecated":true}"#,
        r#"{"properties":{"x":{"anyOf":[{"properties":{"a":true}},{"properties":{"b":true}}]}},"unevaluatedProperties":false}"#,
        r#"{"anyOf":[{"properties":{"a":true}},{"properties":{"b":true}}],"unevaluatedProperties":false}"#,
        r#"{"anyOf":[{"prefixItems":[true]},{"type":"array"}],"unevaluatedItems":false}"#,
        r#"{"anyOf":[{"type":"integer"},{"type":"string"}],"not":{"const":2}}"#,
        r#"{"anyOf":[{"type":"object"},{"type":"integer"}],"if":{"properties":{"a":true}},"unevaluatedProperties":false}"#,
        r#"{"anyOf":[{"type":"object"},{"type":"integer"}],"dependentSchemas":{"a":false}}"#,
        r#"{"anyOf":[{"type":"integer"},{"type":"string"}],"format":"email"}"#,
        r#"{"items":{"anyOf":[{"const":true},{"const":null}]},"properties":{"f":{"const":false},"n":{"type":"null"},"b":{"enum":[true,1]},"z":false}}"#,
    ];
    let bodies: &[&[u8]] = &[
        b"1",
        b"2",
        b"\"a\"",
        b"\"ab\"",
        b"\"a@b.c\"",
        b"null",
        b"true",
        b"[]",
        b"[1]",
        b"[1,2]",
        br#"{}"#,
        br#"{"a":1}"#,
        br#"{"b":1}"#,
        br#"{"c":1}"#,
        br#"{"x":{"a":1}}"#,
        br#"{"x":{"c":1}}"#,
        br#"{"x":{"a":1},"y":1}"#,
        br#"[true,null,true]"#,
        br#"[true,false]"#,
        br#"{"f":false,"n":null,"b":true}"#,
        br#"{"f":true}"#,
        br#"{"n":false}"#,
        br#"{"b":false}"#,
        br#"{"z":null}"#,
        br#"[tru]"#,
        br#"{"f":fals}"#,
        br#"{"n":nul"#,
        br#"[true"#,
    ];
    for form in forms {
        let f = Form::compile(form.as_bytes()).unwrap();
        for body in bodies {
            every_engine_agrees(&f, body, form);
        }
    }
}

/// `date-time` in its common spelling (`common_date_time`, optimization
/// `common-date-time`) through every engine: leap years, month lengths, hour 24, the
/// leap second only at 23:59 UTC, `t` and `z` in either case, and near misses that
/// the general grammar decides.
#[test]
fn common_date_times_agree_through_every_engine() {
    let form = r#"{"type":"array","items":{"type":"string","format":"date-time"}}"#;
    let f = Form::compile(form.as_bytes()).unwrap();
    let cases = [
        ("2024-02-29T23:59:60Z", true),
        ("2024-02-29t12:00:00z", true),
        ("2000-02-29T00:00:00Z", true),
        ("2023-02-29T00:00:00Z", false),
        ("1900-02-29T00:00:00Z", false),
        ("2025-04-31T00:00:00Z", false),
        ("2025-12-31T24:00:00Z", false),
        ("2025-12-31T23:58:60Z", false),
        ("2025-12-31T22:59:60Z", false),
        ("2025-12-31T00:60:00Z", false),
        ("2025-13-01T00:00:00Z", false),
        ("2025-01-00T00:00:00Z", false),
        ("2025-01-01 00:00:00Z", false),
        ("2025-01-01T00:00:00X", false),
        ("2025-01-01T00:59:60+01:00", true),
        ("2025-01-01T23:59:60.5Z", true),
    ];
    for (s, valid) in cases {
        let body = format!(r#"["{s}"]"#);
        assert_eq!(f.verify(body.as_bytes()).is_ok(), valid, "{s}");
        every_engine_agrees(&f, body.as_bytes(), form);
        // Escaped, the same text: the same verdict.
        let escaped = format!(r#"["\u00{:02x}{}"]"#, s.as_bytes()[0], &s[1..]);
        assert_eq!(f.verify(escaped.as_bytes()).is_ok(), valid, "{escaped}");
    }
}

/// A listed member's value meets the node cached for the short member loop
/// (`Member::landed`, optimization `landed-members`): its `properties` subschema at the
/// end of a chain of bare `$ref`s, and for a name only `required` lists, the object's
/// `additionalProperties` (`false`, a subschema, or absent).
#[test]
fn listed_members_meet_their_landed_subschemas() {
    let forms = [
        r##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/c"},"c":{"type":"integer","maximum":3}},"properties":{"x":{"$ref":"#/$defs/a"},"y":{"type":"string"}},"required":["z"]}"##,
        r#"{"properties":{"x":{"type":"integer"}},"required":["x","z"],"additionalProperties":false}"#,
        r#"{"properties":{"x":{"type":"integer"}},"required":["z"],"additionalProperties":{"type":"string","maxLength":2}}"#,
    ];
    let bodies = [
        r#"{"x":1,"z":"ab"}"#,
        r#"{"x":4,"z":"ab"}"#,
        r#"{"x":"1","z":"ab"}"#,
        r#"{"z":"abc","x":1}"#,
        r#"{"z":1,"x":1}"#,
        r#"{"z":null}"#,
        r#"{"y":"s","x":3,"z":"a"}"#,
        r#"{"x":1}"#,
    ];
    for form in forms {
        let f = Form::compile(form.as_bytes()).unwrap();
        for body in bodies {
            every_engine_agrees(&f, body.as_bytes(), form);
        }
    }
}

/// Only the first 64 listed members (by name) are proposed from a name's first two
/// bytes (`ObjectChecks::lead`, optimization `bare-proposals`), and the fast engine and
/// the guided route hand an object listing more to the general validator: such an
/// object is read correctly whichever members a body writes, by every engine. Each
/// name has a two-byte lead of its own, so the table would propose every one.
#[test]
fn objects_listing_more_than_64_members_agree_through_every_engine() {
    let name = |k: u8| format!("{}{}", char::from(b'a' + k / 26), char::from(b'a' + k % 26));
    let properties: Vec<String> = (0..70)
        .map(|k| format!(r#""{}":{{"type":"integer","maximum":{k}}}"#, name(k)))
        .collect();
    let form = format!(
        r#"{{"properties":{{{}}},"additionalProperties":false}}"#,
        properties.join(",")
    );
    let f = Form::compile(form.as_bytes()).unwrap();
    let nested = format!(r#"{{"items":{form}}}"#);
    let fa = Form::compile(nested.as_bytes()).unwrap();
    for body in [
        format!(
            r#"{{"{}":0,"{}":63,"{}":64,"{}":69}}"#,
            name(0),
            name(63),
            name(64),
            name(69)
        ),
        format!(r#"{{"{}":70}}"#, name(69)),
        format!(r#"{{"{}":1,"{}":1}}"#, name(64), name(64)),
        format!(r#"{{"{}":1}}"#, name(70)),
        r#"{"a":1}"#.to_owned(),
    ] {
        every_engine_agrees(&f, body.as_bytes(), &form);
        every_engine_agrees(&fa, format!("[{body},{body}]").as_bytes(), &nested);
    }
}
