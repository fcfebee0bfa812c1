//! `formgate serve`'s answers to the protocol draft's open questions, as clients meet
//! them: an act that names its form by entity tag (`If-Match`, `412`), and rejection
//! reports for an address under development (`--report-rejections`, `422`).
//!
//! Only 127.0.0.1; every wait is bounded; every server is killed by its handle.

mod serve_support;

use std::time::Duration;

use hyper::{Method, StatusCode};
use serve_support::*;

/// A small form, its file, and the entity tag a server publishes it with.
const FORM: &[u8] = br#"{"type":"object","properties":{"n":{"type":"integer","maximum":5},"secret":{"type":"string","maxLength":3}},"additionalProperties":false}"#;

/// `GET /metrics` on the operator's listener.
async fn metrics(server: &Server) -> String {
    let r = get(&format!("{}metrics", server.metrics_url()), &[]).await;
    String::from_utf8(r.body.to_vec()).expect("UTF-8")
}

/// An act may name the form it was written for: the served tag or `*` go on, another
/// tag (or a weak one, or a malformed list) is `412` with no body, unread, logged and
/// counted. Without `If-Match`, an act is answered as it always was.
#[tokio::test]
async fn an_act_for_another_form_is_412() {
    let form = temp_file("if-match.form.json", FORM);
    let server = Server::start(&[
        form.to_str().expect("UTF-8 path"),
        "--metrics-addr",
        "127.0.0.1:0",
    ]);
    let url = server.url();
    let etag = get(&url, &[])
        .await
        .header("etag")
        .expect("an ETag")
        .to_owned();
    let good = br#"{"n":1}"#;
    for tag in [etag.as_str(), "*", &format!("\"fg-0\", {etag}")] {
        let r = send(Method::POST, &url, &[("if-match", tag)], good).await;
        assert_eq!(r.status, StatusCode::OK, "If-Match: {tag}");
    }
    let r = send(Method::POST, &url, &[], good).await;
    assert_eq!(r.status, StatusCode::OK, "no If-Match");
    for tag in ["\"fg-0\"", &format!("W/{etag}"), "fg-0", ""] {
        let r = send(Method::POST, &url, &[("if-match", tag)], good).await;
        assert_eq!(r.status, StatusCode::PRECONDITION_FAILED, "If-Match: {tag}");
        assert!(r.body.is_empty());
        assert_eq!(r.header("content-type"), None);
    }
    // A body the form would refuse is not even read: the answer is about the form.
    let r = send(Method::POST, &url, &[("if-match", "\"fg-0\"")], b"[").await;
    assert_eq!(r.status, StatusCode::PRECONDITION_FAILED);
    // Sent with its body in one go and answered unread: the connection is not reused.
    let head = format!(
        "POST / HTTP/1.1\r\nHost: t\r\nIf-Match: \"fg-0\"\r\nContent-Length: {}\r\n\r\n",
        good.len()
    );
    let raw = raw(
        server.addr,
        vec![(Duration::ZERO, [head.as_bytes(), good].concat())],
        Duration::from_secs(10),
    )
    .await;
    let text = raw.text();
    assert!(text.starts_with("HTTP/1.1 412 "), "{text}");
    assert!(text.contains("\r\nconnection: close\r\n"), "{text}");
    let line = server.wait_for_act(&["verdict=stale", "status=412"]);
    assert!(line.contains(" bytes=0 "), "{line}");
    assert!(
        metrics(&server)
            .await
            .contains("formgate_rejections_total{kind=\"stale\"} 6\n"),
        "{}",
        metrics(&server).await
    );
}

/// With `--report-rejections` a refused act is answered `422` with a problem report:
/// the stable names, the offset and the pointers, exactly as `Rejection::to_json`
/// gives them (less its `detail`), never a value of the body. A time-out is still a
/// bare `204`. A loud line at start says so.
#[tokio::test]
async fn reports_explain_a_rejection_by_the_stable_names_only() {
    let form_path = temp_file("report.form.json", FORM);
    let server = Server::start(&[
        form_path.to_str().expect("UTF-8 path"),
        "--report-rejections",
        "--max-bytes",
        "64",
        "--body-timeout",
        "0.5",
    ]);
    let warning = server.wait_for_line("the warning", |l| l.contains("--report-rejections"));
    assert!(
        warning.contains("WARNING") && warning.contains("never for a public one"),
        "{warning}"
    );
    let url = server.url();
    let form = formgate::Form::builder()
        .max_bytes(64)
        .compile(FORM)
        .expect("the form compiles");
    for body in [
        &br#"{"secret":"hunter2"}"#[..],
        br#"{"n":1,"n":2}"#,
        br#"{"n":9}"#,
        br#"{"n":1} x"#,
    ] {
        let r = post(&url, body).await;
        let shown = String::from_utf8_lossy(body);
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{shown}");
        assert_eq!(
            r.header("content-type"),
            Some("application/problem+json"),
            "{shown}"
        );
        let text = String::from_utf8(r.body.to_vec()).expect("UTF-8");
        assert!(!text.contains("hunter2"), "{text}");
        let rejection = form.verify(body).expect_err("refused");
        let entry = rejection.to_json();
        let entry = entry.strip_suffix('}').expect("an object");
        assert!(
            text.starts_with(
                "{\"type\":\"about:blank\",\"title\":\"Unprocessable Entity\",\"status\":422,\"detail\":\"The body "
            ),
            "{text}"
        );
        assert!(
            text.contains(&format!("\"errors\":[{entry},\"message\":\"")),
            "{shown}: {text} does not hold {entry}"
        );
        assert!(
            formgate::json::parse(text.as_bytes(), &formgate::Limits::default()).is_ok(),
            "{text}"
        );
    }
    let r = post(&url, &[b' '; 100]).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    let text = String::from_utf8(r.body.to_vec()).expect("UTF-8");
    assert!(
        text.contains(r#""errors":[{"kind":"too-large","limit":64,"offset":0,"pointer":"","#),
        "declared: {text}"
    );
    // Not a verdict on the body: still a bare 204.
    let slow = raw(
        server.addr,
        vec![(
            Duration::ZERO,
            b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 7\r\n\r\n{\"n\"".to_vec(),
        )],
        Duration::from_secs(10),
    )
    .await;
    assert!(slow.text().starts_with("HTTP/1.1 204 "), "{}", slow.text());
    assert_eq!(
        post(&url, br#"{"n":5}"#).await.status,
        StatusCode::OK,
        "accepted acts as always"
    );
    server.wait_for_act(&[
        "verdict=reject",
        "status=422",
        "kind=not-admitted:maxLength",
    ]);
}
