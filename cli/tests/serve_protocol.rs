//! `formgate serve`'s answers to the protocol draft's open questions, as clients meet
//! them: an act that names its form by entity tag (`If-Match`, `412`), rejection
//! reports for an address under development (`--report-rejections`, `422`), long-running
//! acts whose answer streams from the upstream, and rate limits (`429`).
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
    // A malformed field refuses anywhere in it, even after or around the match.
    let junk = [
        format!("{etag} junk"),
        format!("*, {etag}"),
        format!("{etag}, *"),
    ];
    for tag in ["\"fg-0\"", &format!("W/{etag}"), "fg-0", "", "*garbage"]
        .into_iter()
        .chain(junk.iter().map(String::as_str))
    {
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
            .contains("formgate_rejections_total{kind=\"stale\"} 10\n"),
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

/// Send `request` on a connection from `source` (a loopback address of its own, so
/// that the server sees another client) and read the answer to its end.
async fn from(source: &str, server: &Server, request: &str) -> String {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket
        .bind(format!("{source}:0").parse().expect("an address"))
        .expect("bind the source address");
    let mut stream = socket.connect(server.addr).await.expect("connect");
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut got = Vec::new();
    tokio::time::timeout(STEP, stream.read_to_end(&mut got))
        .await
        .expect("answered in time")
        .expect("read");
    String::from_utf8_lossy(&got).into_owned()
}

/// `POST /` of `{"n":1}` with `headers`, closing the connection after.
fn act(headers: &str) -> String {
    format!("POST / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n{headers}Content-Length: 7\r\n\r\n{{\"n\":1}}")
}

/// One client floods and is refused `429` with `Retry-After`, logged and counted,
/// while a second client is still served; `GET`s have a bucket of their own.
#[tokio::test]
async fn one_client_floods_while_another_is_served() {
    let form = temp_file("rate.form.json", FORM);
    let server = Server::start(&[
        form.to_str().expect("UTF-8 path"),
        "--rate-limit",
        "0.1",
        "--rate-burst",
        "3",
        "--get-rate-limit",
        "0.1",
        "--get-rate-burst",
        "2",
        "--metrics-addr",
        "127.0.0.1:0",
    ]);
    // One token every ten seconds: within this test, the bursts are all there is.
    let mut statuses = Vec::new();
    for _ in 0..10 {
        let answer = from("127.0.0.1", &server, &act("")).await;
        statuses.push(answer[9..12].to_owned());
        if statuses.len() > 3 {
            assert!(answer.contains("\r\nretry-after: 10\r\n"), "{answer}");
            assert!(answer.ends_with("\r\n\r\n"), "no body: {answer}");
        }
    }
    assert_eq!(statuses[..3], ["200"; 3]);
    assert_eq!(statuses[3..], ["429"; 7]);
    // Another client, and X-Forwarded-For (not trusted here) changes nothing.
    let other = from("127.0.0.2", &server, &act("")).await;
    assert!(other.starts_with("HTTP/1.1 200 "), "{other}");
    let spoofed = from("127.0.0.1", &server, &act("X-Forwarded-For: 192.0.2.1\r\n")).await;
    assert!(spoofed.starts_with("HTTP/1.1 429 "), "{spoofed}");
    // GETs: their own bucket, full for the flooding client.
    let get = "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
    for _ in 0..2 {
        let a = from("127.0.0.1", &server, get).await;
        assert!(a.starts_with("HTTP/1.1 200 "), "{a}");
    }
    let a = from("127.0.0.1", &server, get).await;
    assert!(
        a.starts_with("HTTP/1.1 429 ") && a.contains("\r\nretry-after: 10\r\n"),
        "{a}"
    );
    assert!(from("127.0.0.2", &server, get)
        .await
        .starts_with("HTTP/1.1 200 "));

    let line = server.wait_for_act(&["verdict=limited", "status=429"]);
    assert!(line.contains(" retry_after=10 client=127.0.0.1 "), "{line}");
    server.wait_for_line("a GET refused", |l| {
        l.contains(" get verdict=limited status=429 retry_after=10 client=127.0.0.1")
    });
    let m = metrics(&server).await;
    for want in [
        "formgate_rate_limited_total{request=\"act\"} 8\n",
        "formgate_rate_limited_total{request=\"get\"} 1\n",
        "formgate_rejections_total{kind=\"rate-limited\"} 8\n",
    ] {
        assert!(m.contains(want), "{want}: {m}");
    }
}

/// With `--trust-forwarded-for 1`, the client is the address the proxy appended last
/// to `X-Forwarded-For`; what a client put before it decides nothing.
#[tokio::test]
async fn forwarded_for_names_the_client_only_when_trusted() {
    let form = temp_file("forwarded.form.json", FORM);
    let server = Server::start(&[
        form.to_str().expect("UTF-8 path"),
        "--rate-limit",
        "0.1",
        "--rate-burst",
        "1",
        "--trust-forwarded-for",
        "1",
    ]);
    let status = |answer: String| answer[9..12].to_owned();
    let via = |client: &str| act(&format!("X-Forwarded-For: {client}\r\n"));
    assert_eq!(
        status(from("127.0.0.1", &server, &via("192.0.2.1")).await),
        "200"
    );
    assert_eq!(
        status(from("127.0.0.1", &server, &via("192.0.2.1")).await),
        "429"
    );
    assert_eq!(
        status(from("127.0.0.1", &server, &via("192.0.2.2")).await),
        "200"
    );
    assert_eq!(
        status(from("127.0.0.1", &server, &via("192.0.2.9, 192.0.2.1")).await),
        "429",
        "what the client wrote before the proxy's entry does not count"
    );
    // An entry with a port, or brackets, names the address in it: each its own
    // client, not the proxy.
    for (entry, again) in [
        ("192.0.2.3:5555", "192.0.2.3"),
        ("[2001:db8::1]", "2001:db8::1"),
        ("[2001:db8:0:1::1]:443", "[2001:db8:0:1::2]"),
    ] {
        assert_eq!(
            status(from("127.0.0.1", &server, &via(entry)).await),
            "200",
            "{entry}"
        );
        assert_eq!(
            status(from("127.0.0.1", &server, &via(again)).await),
            "429",
            "{again} is the client {entry} named"
        );
    }
    // No header, or no address in the entry: the proxy itself, once, and the log says
    // so the first time.
    assert_eq!(status(from("127.0.0.1", &server, &act("")).await), "200");
    assert_eq!(
        status(from("127.0.0.1", &server, &via("unknown")).await),
        "429"
    );
    server.wait_for_line("the fallback said", |l| {
        l.contains("--trust-forwarded-for 1: a request from 127.0.0.1 has no readable address")
    });
    let said = server
        .stderr_lines()
        .iter()
        .filter(|l| l.contains("no readable address"))
        .count();
    assert_eq!(said, 1, "said once");
}

#[test]
fn rate_limits_out_of_range_are_usage_errors() {
    for args in [
        &["--rate-limit", "0"][..],
        &["--rate-limit", "-1"],
        &["--rate-limit", "NaN"],
        &["--get-rate-limit", "1", "--get-rate-burst", "0"],
        &["--rate-burst", "2"],
    ] {
        let out = serve_fails(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// An upstream answer that streams (`text/event-stream`, chunked) reaches the client
/// event by event as each arrives: five events a second apart arrive as five
/// separately timed events. `--upstream-timeout` bounds the head only, so an answer
/// longer than it is not cut.
#[tokio::test]
async fn a_streamed_answer_is_relayed_event_by_event() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let up = raw_upstream(|mut s| async move {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n";
        if s.write_all(head.as_bytes()).await.is_err() {
            return;
        }
        for n in 1..=5 {
            if n > 1 {
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            let event = format!("event: progress\ndata: {{\"step\":{n}}}\n\n");
            if s.write_all(&chunk(event.as_bytes())).await.is_err() {
                return;
            }
        }
        let _ = s.write_all(b"0\r\n\r\n").await;
    })
    .await;
    let server = Server::start(&[
        "--upstream",
        &format!("http://{up}/"),
        "--upstream-timeout",
        "1",
    ]);
    let mut stream = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    stream
        .write_all(&post_bytes(&example_bytes("tree.act.json")))
        .await
        .expect("write");
    let started = std::time::Instant::now();
    let mut got = Vec::new();
    let mut seen: Vec<Duration> = Vec::new();
    let mut buf = [0u8; 4096];
    let read = async {
        while !got.ends_with(b"0\r\n\r\n") {
            let n = stream.read(&mut buf).await.expect("read");
            assert!(n > 0, "closed early: {:?}", String::from_utf8_lossy(&got));
            got.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&got);
            while seen.len() < 5 && text.contains(&format!("\"step\":{}}}", seen.len() + 1)) {
                seen.push(started.elapsed());
            }
        }
    };
    tokio::time::timeout(STEP, read)
        .await
        .expect("the answer ends in time");
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 200 "), "{text}");
    assert!(
        text.contains("\r\ncontent-type: text/event-stream\r\n"),
        "{text}"
    );
    assert!(
        text.contains("\r\ntransfer-encoding: chunked\r\n"),
        "{text}"
    );
    assert_eq!(seen.len(), 5, "{text}");
    for pair in seen.windows(2) {
        let gap = pair[1] - pair[0];
        assert!(
            gap >= Duration::from_millis(700),
            "events arrived together, not as sent: {seen:?}"
        );
    }
}

/// A rate so small that the wait for a token overflows any duration still refuses,
/// saying to come back in a day, and the server goes on.
#[tokio::test]
async fn a_tiny_rate_refuses_without_failing() {
    let form = temp_file("tiny-rate.form.json", FORM);
    let server = Server::start(&[
        form.to_str().expect("UTF-8 path"),
        "--get-rate-limit",
        "1e-20",
        "--rate-limit",
        "1e-300",
    ]);
    let get = "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
    let a = from("127.0.0.1", &server, get).await;
    assert!(a.starts_with("HTTP/1.1 200 "), "{a}");
    for _ in 0..2 {
        let a = from("127.0.0.1", &server, get).await;
        assert!(
            a.starts_with("HTTP/1.1 429 ") && a.contains("\r\nretry-after: 86400\r\n"),
            "{a}"
        );
    }
    let a = from("127.0.0.1", &server, &act("")).await;
    assert!(a.starts_with("HTTP/1.1 200 "), "{a}");
    let a = from("127.0.0.1", &server, &act("")).await;
    assert!(
        a.starts_with("HTTP/1.1 429 ") && a.contains("\r\nretry-after: 86400\r\n"),
        "{a}"
    );
}
