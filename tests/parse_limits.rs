//! Limits on both sides of their boundary, and inputs built to exhaust the stack or to
//! make duplicate detection quadratic.
//!
//! Tests that must not overflow the stack run on a thread with a small stack inside a
//! child process (the test binary re-running itself for that one test), so a
//! regression shows up as one failed test instead of aborting the whole run.

mod common;

use std::time::Instant;

use formgate::json::{parse, ParseError, ParseErrorKind, Value};
use formgate::{Limits, DEFAULT_MAX_DEPTH};

/// A stack far smaller than the main thread's 8 MiB: recursion on depth cannot fit in it.
const SMALL_STACK: usize = 64 * 1024;

/// Run `f` on a thread with a [`SMALL_STACK`], in a child process.
fn on_small_stack_isolated(test: &str, f: fn()) {
    if common::in_child_process(test) {
        std::thread::Builder::new()
            .stack_size(SMALL_STACK)
            .spawn(f)
            .expect("spawning a small-stack thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
    }
}

fn err(input: &[u8], limits: &Limits) -> ParseError {
    let e = match parse(input, limits) {
        Ok(_) => panic!("accepted {} bytes", input.len()),
        Err(e) => e,
    };
    // `check` and the pull parser report the same error.
    assert_eq!(
        formgate::json::check(input, limits).as_ref().err(),
        Some(&e)
    );
    e
}

fn accepts(input: &[u8], limits: &Limits) -> bool {
    let parsed = parse(input, limits).is_ok();
    assert_eq!(formgate::json::check(input, limits).is_ok(), parsed);
    parsed
}

fn arrays(depth: usize) -> String {
    format!("{}{}", "[".repeat(depth), "]".repeat(depth))
}

fn objects(depth: usize) -> String {
    format!("{}1{}", r#"{"a":"#.repeat(depth), "}".repeat(depth))
}

/// `depth` containers alternating array and object (`[{"k":[{"k":...`); an innermost
/// object gets `null` for its name.
fn mixed(depth: usize) -> String {
    let mut open = String::new();
    let mut close = String::new();
    for d in 0..depth {
        if d % 2 == 0 {
            open.push('[');
            close.insert(0, ']');
        } else {
            open.push_str(r#"{"k":"#);
            close.insert(0, '}');
        }
    }
    let inner = if depth % 2 == 0 && depth > 0 {
        "null"
    } else {
        ""
    };
    format!("{open}{inner}{close}")
}

/// The offset of the bracket that opens container `n` (1-based) in [`mixed`]: after
/// the `[` (1 byte) and `{"k":` (5 bytes) of the containers before it.
fn mixed_at(n: usize) -> u64 {
    let before = n as u64 - 1;
    before.div_ceil(2) + 5 * (before / 2)
}

fn assert_too_deep(e: &ParseError, limit: usize, at: u64) {
    assert_eq!(e.kind(), ParseErrorKind::TooDeep { limit });
    assert_eq!(e.offset(), at, "TooDeep offset");
}

#[test]
fn default_depth_128_passes_and_129_fails() {
    let limits = Limits::default();
    assert_eq!(limits.max_depth(), DEFAULT_MAX_DEPTH);
    assert_eq!(DEFAULT_MAX_DEPTH, 128);

    assert!(accepts(arrays(128).as_bytes(), &limits));
    assert_too_deep(&err(arrays(129).as_bytes(), &limits), 128, 128);

    assert!(accepts(objects(128).as_bytes(), &limits));
    assert_too_deep(&err(objects(129).as_bytes(), &limits), 128, 5 * 128);

    // Innermost empty object, and a scalar inside the deepest array.
    let empty_obj = format!("{}{{}}{}", "[".repeat(127), "]".repeat(127));
    assert!(accepts(empty_obj.as_bytes(), &limits));
    let scalar = format!("{}1{}", "[".repeat(128), "]".repeat(128));
    assert!(accepts(scalar.as_bytes(), &limits));

    assert!(accepts(mixed(128).as_bytes(), &limits));
    assert!(accepts(mixed(127).as_bytes(), &limits));
    assert_too_deep(&err(mixed(129).as_bytes(), &limits), 128, mixed_at(129));
    assert_too_deep(&err(mixed(130).as_bytes(), &limits), 128, mixed_at(129));

    // The depth counts open containers, not containers seen: a long flat run of
    // siblings at depth 128 is fine.
    let siblings = format!(
        "{}{}{}",
        "[".repeat(127),
        vec!["[1]"; 1000].join(","),
        "]".repeat(127)
    );
    assert!(accepts(siblings.as_bytes(), &limits));
}

#[test]
fn depth_limit_sweep() {
    for limit in 0..=10 {
        let limits = Limits::default().with_max_depth(limit);
        for depth in 0..=12 {
            let inputs: [(String, u64); 3] = [
                (arrays(depth), limit as u64),
                (objects(depth), 5 * limit as u64),
                (mixed(depth), mixed_at(limit + 1)),
            ];
            for (input, at) in inputs {
                let input = if depth == 0 { "0".to_string() } else { input };
                match parse(input.as_bytes(), &limits) {
                    Ok(v) => assert!(depth <= limit, "limit {limit} accepted {input}: {v}"),
                    Err(e) => {
                        assert!(depth > limit, "limit {limit} rejected {input}: {e}");
                        assert_too_deep(&e, limit, at);
                    }
                };
            }
        }
    }
}

#[test]
fn depth_1_and_0() {
    let one = Limits::default().with_max_depth(1);
    for ok in ["[]", "{}", "[1,2,3]", r#"{"a":1,"b":"c"}"#, "1"] {
        assert!(accepts(ok.as_bytes(), &one), "{ok}");
    }
    assert_too_deep(&err(b"[[]]", &one), 1, 1);
    assert_too_deep(&err(br#"{"a":[]}"#, &one), 1, 5);
    assert_too_deep(&err(b"[1,{}]", &one), 1, 3);

    let zero = Limits::default().with_max_depth(0);
    for ok in ["1", "-0.5e3", r#""s""#, "true", "false", "null"] {
        assert!(accepts(ok.as_bytes(), &zero), "{ok}");
    }
    assert_too_deep(&err(b"[]", &zero), 0, 0);
    assert_too_deep(&err(b"{}", &zero), 0, 0);
    assert_too_deep(&err(b"  [1]", &zero), 0, 2);
}

#[test]
fn max_bytes_boundary() {
    for max in [0usize, 1, 2, 10, 100, 4096] {
        let limits = Limits::default().with_max_bytes(max);
        // Exactly max_bytes passes (a string filling the budget; `0` or nothing below 2).
        let exact = match max {
            0 => String::new(),
            1 => "0".to_string(),
            _ => format!("\"{}\"", "x".repeat(max - 2)),
        };
        assert_eq!(exact.len(), max);
        if max == 0 {
            assert_eq!(err(b"", &limits).kind(), ParseErrorKind::UnexpectedEnd);
        } else {
            assert!(accepts(exact.as_bytes(), &limits), "max {max}");
        }
        // One byte more fails with TooLarge at offset max_bytes, whatever the bytes are:
        // valid JSON with a trailing space, or garbage that would fail at byte 0.
        let over = format!("{exact} ");
        let garbage = vec![0xFFu8; max + 1];
        for input in [over.as_bytes(), &garbage] {
            let e = err(input, &limits);
            assert_eq!(e.kind(), ParseErrorKind::TooLarge { limit: max });
            assert_eq!(e.offset(), max as u64);
            let pulled = formgate::json::Parser::new(input, &limits)
                .map(|_| ())
                .unwrap_err();
            assert_eq!(pulled, e, "Parser::new checks the size");
        }
        // Garbage within the budget is parsed (and rejected for what it is).
        if max > 0 {
            let e = err(&garbage[..max], &limits);
            assert_eq!(e.kind(), ParseErrorKind::ExpectedValue);
        }
    }
}

#[test]
fn default_max_bytes_is_one_mebibyte() {
    let limits = Limits::default();
    assert_eq!(limits.max_bytes(), 1 << 20);
    let exact = format!("\"{}\"", "x".repeat((1 << 20) - 2));
    assert!(accepts(exact.as_bytes(), &limits));
    let over = format!("{exact}\n");
    let e = err(over.as_bytes(), &limits);
    assert_eq!(e.kind(), ParseErrorKind::TooLarge { limit: 1 << 20 });
    assert_eq!(e.offset(), 1 << 20);
}

fn million_brackets() {
    let input = vec![b'['; 1_000_000];
    // Default limits: rejected at the 129th bracket.
    let e = err(&input, &Limits::default());
    assert_too_deep(&e, 128, 128);
    // With the depth limit out of the way the parser walks all of them (no recursion)
    // and then finds the input ends.
    let unbounded = Limits::default().with_max_depth(usize::MAX);
    let e = err(&input, &unbounded);
    assert_eq!(e.kind(), ParseErrorKind::UnexpectedEnd);
    assert_eq!(e.offset(), 1_000_000);
    let closed = [input, vec![b']'; 1_000_000]].concat();
    let big = unbounded.with_max_bytes(closed.len());
    assert!(formgate::json::check(&closed, &big).is_ok());
}

#[test]
fn million_open_brackets_on_a_small_stack() {
    on_small_stack_isolated("million_open_brackets_on_a_small_stack", million_brackets);
}

fn nested_objects() {
    let n = 200_000;
    let open = r#"{"a":"#.repeat(n);
    let e = err(open.as_bytes(), &Limits::default());
    assert_too_deep(&e, 128, 5 * 128);
    let unbounded = Limits::default()
        .with_max_depth(usize::MAX)
        .with_max_bytes(usize::MAX);
    let e = err(open.as_bytes(), &unbounded);
    assert_eq!(e.kind(), ParseErrorKind::UnexpectedEnd);
    assert_eq!(e.offset(), 5 * n as u64);
    let closed = format!("{open}1{}", "}".repeat(n));
    assert!(formgate::json::check(closed.as_bytes(), &unbounded).is_ok());
    // A duplicate at the bottom is still found, with the whole path as its pointer's
    // depth.
    let dup = format!(r#"{open}{{"b":1,"b":2}}{}"#, "}".repeat(n));
    let e = err(dup.as_bytes(), &unbounded);
    assert_eq!(e.kind(), ParseErrorKind::DuplicateKey);
    assert_eq!(e.offset(), 5 * n as u64 + 7);
}

#[test]
fn two_hundred_thousand_nested_objects_on_a_small_stack() {
    on_small_stack_isolated(
        "two_hundred_thousand_nested_objects_on_a_small_stack",
        nested_objects,
    );
}

fn many_keys(n: usize, extra: Option<&str>) -> (String, u64) {
    let mut s = String::from("{");
    for i in 0..n {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&format!("\"k{i}\":{i}"));
    }
    let at = s.len() as u64 + 1;
    if let Some(name) = extra {
        s.push_str(&format!(",\"{name}\":0"));
    }
    s.push('}');
    (s, at)
}

#[test]
fn duplicate_detection_on_100_000_names() {
    let n = 100_000;
    let limits = Limits::default().with_max_bytes(usize::MAX);

    let (distinct, _) = many_keys(n, None);
    let t = Instant::now();
    assert!(accepts(distinct.as_bytes(), &limits));
    eprintln!("{n} distinct names: accepted in {:?}", t.elapsed());

    // The duplicate at the end repeats the first name, the last name, and one in the
    // middle spelled with an escape.
    for name in ["k0", "k99999", r"\u006b50000"] {
        let (dup, at) = many_keys(n, Some(name));
        let t = Instant::now();
        let e = err(dup.as_bytes(), &limits);
        eprintln!(
            "{n} names + duplicate {name}: rejected in {:?}",
            t.elapsed()
        );
        assert_eq!(e.kind(), ParseErrorKind::DuplicateKey, "{name}");
        assert_eq!(e.offset(), at, "{name}");
    }

    // Many objects of just over the linear-scan size, side by side and nested, reuse
    // their index tables.
    let member = (0..17).map(|i| format!("\"n{i}\":0")).collect::<Vec<_>>();
    let obj = format!("{{{}}}", member.join(","));
    let flat = format!("[{}]", vec![obj.as_str(); 5_000].join(","));
    let t = Instant::now();
    assert!(accepts(flat.as_bytes(), &limits));
    eprintln!("5000 objects of 17 names: accepted in {:?}", t.elapsed());
}

fn deep_value_roundtrip() {
    let depth = 100_000;
    let limits = Limits::default()
        .with_max_depth(depth)
        .with_max_bytes(usize::MAX);
    let text = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    let a = parse(text.as_bytes(), &limits).expect("depth 100000 within the raised limit");
    let b = parse(text.as_bytes(), &limits).expect("again");
    assert!(a == b, "equal deep values compare equal");
    assert_eq!(a.depth(), depth);
    assert_eq!(a.to_string(), text, "Display writes the compact text back");
    let other = format!("{}2{}", "[".repeat(depth), "]".repeat(depth));
    let c = parse(other.as_bytes(), &limits).expect("a third");
    assert!(a != c, "a difference at the bottom is found");
    let shallower = parse(&text.as_bytes()[1..text.len() - 1], &limits).expect("one less");
    assert!(a != shallower);
    drop((a, b, c, shallower));

    let objs = format!("{}null{}", r#"{"a":"#.repeat(depth), "}".repeat(depth));
    let o = parse(objs.as_bytes(), &limits).expect("nested objects");
    assert_eq!(o.to_string(), objs);
    assert!(o == parse(objs.as_bytes(), &limits).expect("again"));
    drop(o);
}

#[test]
fn deep_value_build_compare_display_drop_on_a_small_stack() {
    on_small_stack_isolated(
        "deep_value_build_compare_display_drop_on_a_small_stack",
        deep_value_roundtrip,
    );
}

fn deep_value_into_owned() {
    let depth = 100_000;
    let limits = Limits::default()
        .with_max_depth(depth)
        .with_max_bytes(usize::MAX);
    let text = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    let a = parse(text.as_bytes(), &limits).expect("deep");
    let owned: Value<'static> = a.into_owned();
    assert_eq!(owned.to_string(), text);
}

#[test]
fn deep_value_into_owned_on_a_small_stack() {
    on_small_stack_isolated(
        "deep_value_into_owned_on_a_small_stack",
        deep_value_into_owned,
    );
}

fn deep_value_clone() {
    let depth = 100_000;
    let limits = Limits::default()
        .with_max_depth(depth)
        .with_max_bytes(usize::MAX);
    let text = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
    let a = parse(text.as_bytes(), &limits).expect("deep");
    let b = a.clone();
    assert!(a == b);
}

/// `Value`'s module promises nothing recurses on the depth of the tree; a derived
/// `Clone` does.
#[test]
fn deep_value_clone_on_a_small_stack() {
    on_small_stack_isolated("deep_value_clone_on_a_small_stack", deep_value_clone);
}

/// `Value::depth` counts containers as `max_depth` does, so a value always re-parses
/// within a depth limit of its own `depth()` (which `into_owned` relies on).
#[test]
fn value_depth_counts_containers_like_max_depth() {
    let cases = [
        ("1", 0),
        ("[]", 1),
        ("{}", 1),
        ("[1]", 1),
        ("[[]]", 2),
        ("[[1]]", 2),
        (r#"{"a":{}}"#, 2),
        (r#"[1,[2,[3]],{}]"#, 3),
    ];
    let mut failures = Vec::new();
    for (text, depth) in cases {
        let v = parse(text.as_bytes(), &Limits::default()).expect(text);
        if v.depth() != depth {
            failures.push(format!("{text}: depth() = {}, want {depth}", v.depth()));
        }
        let own_limit = Limits::default().with_max_depth(v.depth());
        if let Err(e) = parse(v.to_string().as_bytes(), &own_limit) {
            failures.push(format!("{text}: does not re-parse within its depth(): {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn into_owned_keeps_empty_containers() {
    let mut failures = Vec::new();
    for text in [
        "[]",
        "{}",
        "[[]]",
        r#"{"a":{}}"#,
        r#"[1,[]]"#,
        r#"{"a":[1],"b":[]}"#,
    ] {
        let v = parse(text.as_bytes(), &Limits::default()).expect(text);
        match std::panic::catch_unwind(|| v.clone().into_owned()) {
            Ok(owned) if owned == v => {}
            Ok(owned) => failures.push(format!("{text}: into_owned gave {owned}")),
            Err(_) => failures.push(format!("{text}: into_owned panicked")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
