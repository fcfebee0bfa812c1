//! A form nested as deeply as its parse depth limit allows (128 levels of JSON: 127
//! schemas inside one another through `items`, 63 through `properties`, `anyOf` or
//! `allOf`) is
//! compiled, verified against, rendered, rewritten and unrolled on a thread of 2 MiB
//! (the stack of a test's thread, or of a tokio worker) in every build, debug too: the
//! compiler's recursion keeps its frames small (`Compiler::node`, `Compiler::leaf`).
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
