//! A form nested as deeply as its parse depth limit allows (128 levels of JSON: 127
//! schemas inside one another through `items`, 63 through `properties`, `anyOf` or
//! `allOf`) is compiled, verified against, rendered, rewritten and unrolled on a thread
//! of 2 MiB (the stack of a test's thread, or of a tokio worker) in every build, debug
//! too: the compiler's recursion keeps its frames small (`form/compile/subschemas.rs`).
//! So is a body nested to `max_depth`, on every route.
//!
//! A stack overflow aborts the process, so this file is a test binary of its own.

use formgate::Form;

/// `depth` schemas of `kind` inside one another around `{"type":"integer"}`, and a body
/// every one of them admits.
fn nested(kind: &str, depth: usize) -> (String, String) {
    let mut form = String::from(r#"{"type":"integer"}"#);
    let mut body = String::from("1");
    for _ in 0..depth {
        (form, body) = match kind {
            "properties" => (
                format!(r#"{{"type":"object","properties":{{"a":{form}}},"required":["a"]}}"#),
                format!(r#"{{"a":{body}}}"#),
            ),
            "items" => (
                format!(r#"{{"type":"array","items":{form},"minItems":1}}"#),
                format!("[{body}]"),
            ),
            "anyOf" => (format!(r#"{{"anyOf":[{form},{{"type":"null"}}]}}"#), body),
            _ => (format!(r#"{{"allOf":[{form}]}}"#), body),
        };
    }
    (form, body)
}

#[test]
fn the_deepest_forms_compile_on_a_small_stack() {
    for (kind, deepest) in [
        ("properties", 63),
        ("items", 127),
        ("anyOf", 63),
        ("allOf", 63),
    ] {
        let (form, body) = nested(kind, deepest);
        // One level more is past the parse depth limit.
        let (deeper, _) = nested(kind, deepest + 1);
        assert!(
            Form::compile(deeper.as_bytes()).is_err(),
            "{kind}: 64 levels"
        );
        let run = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let form = Form::compile(form.as_bytes()).expect("the form compiles");
                let admitted = form.verify(body.as_bytes()).is_ok();
                let refused = form.verify(b"\"x\"").is_err();
                let again = Form::compile(form.schema_json().as_bytes()).is_ok();
                let rewritten = form.rewrite().is_ok();
                let unrolled = form.unroll(4).is_ok();
                (admitted, refused, again, rewritten, unrolled)
            })
            .expect("a thread")
            .join()
            .expect("no panic");
        assert_eq!(run, (true, true, true, true, true), "{kind}");
    }
}

/// A body nested to `max_depth` is decided on every route (`verify`, the streaming
/// verifier, `verify_into`) on a thread of 2 MiB, against forms that follow it down
/// (a recursive `$ref`, the deepest `items` chain) and one that does not look inside.
#[test]
fn the_deepest_bodies_verify_on_a_small_stack() {
    let (items, _) = nested("items", 127);
    let forms = [
        items,
        "{}".to_owned(),
        r##"{"anyOf":[{"type":"array","items":{"$ref":"#"}},{"type":"integer"}]}"##.to_owned(),
    ];
    for form in forms {
        let run = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let form = Form::compile(form.as_bytes()).expect("the form compiles");
                let mut verdicts = Vec::new();
                for depth in [127usize, 128, 129] {
                    let body = format!("{}1{}", "[".repeat(depth), "]".repeat(depth));
                    let body = body.as_bytes();
                    let whole = form.verify(body).is_ok();
                    let mut v = form.verifier();
                    let streamed = v.feed(body).and_then(|()| v.finish()).is_ok();
                    let into = form.verify_into::<serde_json::Value>(body).is_ok();
                    assert_eq!((whole, streamed, into), (whole, whole, whole), "{depth}");
                    verdicts.push(whole);
                }
                verdicts
            })
            .expect("a thread")
            .join()
            .expect("no panic");
        // 129 levels are past the default `max_depth` (128) whatever the form.
        assert!(!run[2], "{run:?}");
    }
}
