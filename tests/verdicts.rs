//! Verdicts shared with the Python package: `tests/data/verdicts.json` gives, per case,
//! a form (with its options), a body and the verdict (kind, reason, offset, pointers,
//! limit), or the compile error a form must give. `python/tests/test_parity.py` reads
//! the same file through the bindings, so both sides name kinds the same way (the
//! crate's stable names, here read from `Rejection::to_json`). All failures are
//! collected before one assertion; `FORMGATE_TEST_FILTER=text` runs the cases whose
//! name contains text.

mod common;

use formgate::{Dialect, Form, FormError, FormErrorKind, Rejection};
use serde_json::{json, Map, Value};

const CASES: &str = include_str!("data/verdicts.json");

/// A rejection as the case file writes it: the members of `Rejection::to_json`, with
/// the keyword of `not-admitted` as its `reason` (where the Python package's
/// `Rejection.reason` holds it) and `form_pointer` for `formPointer`.
fn rejection(r: &Rejection) -> Value {
    let Value::Object(members) = serde_json::from_str(&r.to_json()).expect("JSON") else {
        panic!("to_json is an object: {}", r.to_json());
    };
    let renamed = members.into_iter().map(|(name, value)| {
        let name = match name.as_str() {
            "keyword" => "reason".to_owned(),
            "formPointer" => "form_pointer".to_owned(),
            _ => name,
        };
        (name, value)
    });
    Value::Object(renamed.collect())
}

/// The fields of a compile error the case names, as the case file writes them.
fn form_error(e: &FormError, expected: &Map<String, Value>) -> Value {
    let (kind, reason) = match e.kind() {
        FormErrorKind::Parse(p) => ("malformed", Some(p.kind().name().to_owned())),
        FormErrorKind::UnknownKeyword => ("unknown-keyword", None),
        FormErrorKind::UnsupportedFormat => ("unsupported-format", None),
        FormErrorKind::InvalidPattern(why) => ("invalid-pattern", Some(why.clone())),
        FormErrorKind::RemoteRef => ("remote-ref", None),
        FormErrorKind::NotDeclarable => ("not-declarable", None),
        FormErrorKind::DuplicateIdentifier => ("duplicate-identifier", None),
        FormErrorKind::UnsupportedContent => ("unsupported-content", None),
        other => ("other", Some(format!("{other:?}"))),
    };
    let mut out = Map::new();
    for name in expected.keys() {
        let v = match name.as_str() {
            "kind" => json!(kind),
            "pointer" => json!(e.pointer()),
            "keyword" => json!(e.keyword()),
            "reason" => json!(reason),
            _ => json!(null),
        };
        out.insert(name.clone(), v);
    }
    Value::Object(out)
}

fn compile(case: &Value) -> Result<Form, FormError> {
    let mut builder = Form::builder();
    let options = case.get("options").and_then(Value::as_object);
    for (name, value) in options.into_iter().flatten() {
        builder = match name.as_str() {
            "max_bytes" => builder.max_bytes(value.as_u64().expect("max_bytes") as usize),
            "max_depth" => builder.max_depth(value.as_u64().expect("max_depth") as usize),
            "default_dialect" => builder.default_dialect(
                Dialect::from_name(value.as_str().expect("dialect")).expect("a dialect name"),
            ),
            "annotations" => value
                .as_array()
                .expect("annotations")
                .iter()
                .fold(builder, |b, a| b.annotation(a.as_str().expect("a name"))),
            other => panic!("unknown option {other}"),
        };
    }
    let form = case["form"].as_str().expect("form is text");
    builder.compile(form.as_bytes())
}

fn body(case: &Value) -> Vec<u8> {
    match &case["body"] {
        Value::String(s) => s.as_bytes().to_vec(),
        Value::Array(bytes) => bytes
            .iter()
            .map(|b| u8::try_from(b.as_u64().expect("a byte")).expect("a byte"))
            .collect(),
        other => panic!("body {other}"),
    }
}

#[test]
fn verdicts_shared_with_the_python_package() {
    let file: Value = serde_json::from_str(CASES).expect("verdicts.json is JSON");
    let cases = file["cases"].as_array().expect("cases");
    assert!(
        cases.len() >= 40,
        "the case file was read ({})",
        cases.len()
    );
    let filter = common::filter();
    let mut names = std::collections::HashSet::new();
    let mut failures = Vec::new();
    let mut run = 0;
    for case in cases {
        let name = case["name"].as_str().expect("name");
        assert!(names.insert(name), "duplicate case name {name}");
        if !common::selected(name, filter.as_deref()) {
            continue;
        }
        run += 1;
        let form = match (compile(case), case.get("form_error")) {
            (Ok(form), None) => form,
            (Err(e), Some(Value::Object(expected))) => {
                let seen = form_error(&e, expected);
                if seen != Value::Object(expected.clone()) {
                    failures.push(format!("{name}: form error {seen}, expected {expected:?}"));
                }
                continue;
            }
            (Ok(_), Some(expected)) => {
                failures.push(format!("{name}: compiled, expected {expected}"));
                continue;
            }
            (Err(e), _) => {
                failures.push(format!("{name}: the form does not compile: {e}"));
                continue;
            }
        };
        let body = body(case);
        let expected = &case["verdict"];
        let verdicts = [
            ("verify", form.verify(&body)),
            ("accept", form.accept(&body).map(|_| ())),
        ];
        for (via, verdict) in verdicts {
            let seen = match verdict {
                Ok(()) => json!("accept"),
                Err(r) => rejection(&r),
            };
            if &seen != expected {
                failures.push(format!("{name}: {via} gives {seen}, expected {expected}"));
            }
        }
    }
    eprintln!("verdicts: {run} of {} cases run", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
