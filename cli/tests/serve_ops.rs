//! `formgate serve` as an operator runs it: the JSON log format.
//!
//! Only 127.0.0.1; every wait is bounded; every server is killed by its handle.

mod serve_support;

use std::time::Duration;

use formgate::json::Value;
use hyper::{Method, StatusCode};
use serve_support::*;

/// `line` as strict JSON (the crate's own parser).
fn json(line: &str) -> Value<'static> {
    formgate::json::parse(line.as_bytes(), &formgate::Limits::default())
        .unwrap_or_else(|e| panic!("not a JSON line ({e}): {line}"))
        .into_owned()
}

/// Every line, each parsed as strict JSON.
fn json_lines(server: &Server) -> Vec<Value<'static>> {
    server.stderr_lines().iter().map(|l| json(l)).collect()
}

/// A field of a JSON line as text (strings as they are, numbers as written).
fn field(v: &Value<'_>, name: &str) -> Option<String> {
    let f = v.get(name)?;
    f.as_str()
        .map(str::to_owned)
        .or_else(|| f.as_number().map(|n| n.as_str().to_owned()))
        .or_else(|| f.as_bool().map(|b| b.to_string()))
}

/// Wait (bounded) for a JSON act line for which `wanted` holds.
fn json_act(server: &Server, what: &str, wanted: impl Fn(&Value<'_>) -> bool) -> Value<'static> {
    let line = server.wait_for_line(what, |l| {
        let v = json(l);
        field(&v, "event").as_deref() == Some("act") && wanted(&v)
    });
    json(&line)
}

/// Wait (bounded) for the JSON act line whose `actor` is `actor`.
fn json_actor(server: &Server, actor: &str) -> Value<'static> {
    json_act(server, &format!("actor {actor:?}"), |v| {
        field(v, "actor").as_deref() == Some(actor)
    })
}

#[tokio::test]
async fn json_lines_carry_the_same_fields_escaped_and_capped() {
    let server = Server::start(&["--log-format", "json", "--max-bytes", "65536"]);
    let url = server.url();
    // The server's own lines are JSON too.
    let first = json_lines(&server);
    assert!(first
        .iter()
        .any(|v| field(v, "event").as_deref() == Some("serve")
            && field(v, "message").is_some_and(|m| m.starts_with("listening on http://"))));

    let good = example_bytes("tree.act.json");
    let r = send(
        Method::POST,
        &url,
        &[("gpt-actor", "a \"quoted\" \\ actor")],
        &good,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    let v = json_actor(&server, "a \"quoted\" \\ actor");
    assert_eq!(field(&v, "verdict").as_deref(), Some("accept"));
    assert_eq!(field(&v, "status").as_deref(), Some("200"));
    assert_eq!(field(&v, "bytes").as_deref(), Some("529"));
    assert!(field(&v, "ms").is_some());
    let time = field(&v, "time").expect("a time");
    assert!(time.len() == 24 && time.ends_with('Z'), "{time}");

    // A member name of 300 characters, with a quote, a backslash and a newline in it:
    // the pointer is cut at 256 characters, and says so.
    let name = format!("q\\\"b\\\\n\\n{}", "x".repeat(300));
    let body = format!(r#"{{"title":"t","paragraphs":[[{{"text":"x","{name}":1}}]]}}"#);
    let r = send(
        Method::POST,
        &url,
        &[("gpt-actor", "long")],
        body.as_bytes(),
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let v = json_actor(&server, "long");
    assert_eq!(field(&v, "verdict").as_deref(), Some("reject"));
    assert_eq!(
        field(&v, "kind").as_deref(),
        Some("not-admitted:additionalProperties")
    );
    let pointer = field(&v, "pointer").expect("a pointer");
    assert_eq!(pointer.chars().count(), 256);
    assert!(
        pointer.starts_with("/paragraphs/0/0/q\"b\\n\n"),
        "{pointer:?}"
    );
    assert_eq!(field(&v, "pointer_cut").as_deref(), Some("true"));
    assert!(field(&v, "form_pointer").is_some());
    assert!(field(&v, "offset").is_some());

    // Bytes that are not UTF-8 in the actor, and an actor over its cap.
    let long_actor = "y".repeat(300);
    let r = send(Method::POST, &url, &[("gpt-actor", &long_actor)], b"[]").await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let v = json_actor(&server, &"y".repeat(200));
    assert_eq!(field(&v, "actor_cut").as_deref(), Some("true"));
    assert_eq!(field(&v, "kind").as_deref(), Some("not-admitted:type"));
    let raw_actor = raw(
        server.addr,
        vec![(
            Duration::ZERO,
            b"POST / HTTP/1.1\r\nHost: x\r\nGPT-Actor: caf\xe9\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
                .to_vec(),
        )],
        Duration::from_secs(5),
    )
    .await;
    assert!(
        raw_actor.text().starts_with("HTTP/1.1 204 "),
        "{}",
        raw_actor.text()
    );
    json_actor(&server, "caf\u{fffd}");

    // A declared length over the limit, and no actor: `null`.
    let r = raw(
        server.addr,
        vec![(
            Duration::ZERO,
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n".to_vec(),
        )],
        Duration::from_secs(5),
    )
    .await;
    assert!(r.text().starts_with("HTTP/1.1 204 "), "{}", r.text());
    let v = json_act(&server, "a declared length", |v| {
        field(v, "declared").is_some()
    });
    assert_eq!(field(&v, "kind").as_deref(), Some("too-large"));
    assert_eq!(field(&v, "declared").as_deref(), Some("1000000"));
    assert_eq!(field(&v, "limit").as_deref(), Some("65536"));
    assert!(v.get("actor").is_some_and(Value::is_null));
}
