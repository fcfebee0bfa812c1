//! `formgate serve` as an operator runs it: a log that never stalls an act (standard
//! error unread), the JSON log format, shutdown on SIGTERM and SIGINT (acts in flight
//! finish, new connections are refused, the time-out cuts the rest), and the operator's
//! listener (`/metrics`, `/healthz`, `/readyz`).
//!
//! Only 127.0.0.1; every wait is bounded; every server is killed by its handle.

mod serve_support;

use std::time::{Duration, Instant};

use formgate::json::Value;
use hyper::{Method, StatusCode};
use serve_support::*;

/// The value of the sample `key` (a name with its labels, as written) in a scrape.
fn sample(scrape: &str, key: &str) -> Option<f64> {
    scrape.lines().find_map(|l| {
        let value = l.strip_prefix(key)?.strip_prefix(' ')?;
        value.parse().ok()
    })
}

/// Each sample `key` of the scrape `m` has the value `want`.
fn assert_samples(m: &str, expected: &[(&str, f64)]) {
    for &(key, want) in expected {
        assert_eq!(sample(m, key), Some(want), "{key}: {m}");
    }
}

/// `GET /metrics` on the operator's listener.
async fn scrape(server: &Server) -> String {
    let r = get(&format!("{}metrics", server.metrics_url()), &[]).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.header("content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    String::from_utf8(r.body.to_vec()).expect("UTF-8")
}

/// The log used to be written with blocking writes from the act itself: with standard
/// error a pipe nobody reads, the pipe filled after a few hundred lines and every act
/// after that waited forever. Now lines that do not fit are dropped and counted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unread_standard_error_never_stalls_an_act() {
    const CLIENTS: usize = 8;
    const ACTS_PER_CLIENT: usize = 1000;
    let mut server = Server::start_unread(&["--log-level", "all", "--metrics-addr", "127.0.0.1:0"]);
    let url = server.url();
    let good = example_bytes("tree.act.json");
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..CLIENTS {
        let url = url.clone();
        let good = good.clone();
        tasks.push(tokio::spawn(async move {
            let client = client();
            let mut answered = 0usize;
            for i in 0..ACTS_PER_CLIENT {
                let body: &[u8] = if i % 2 == 0 { &good } else { b"[]" };
                let mut req = hyper::Request::new(http_body_util::Full::new(
                    hyper::body::Bytes::copy_from_slice(body),
                ));
                *req.method_mut() = Method::POST;
                *req.uri_mut() = url.parse().expect("URL");
                // A stalled act is one not answered in five seconds.
                match tokio::time::timeout(Duration::from_secs(5), client.request(req)).await {
                    Ok(Ok(r)) if r.status().is_success() => answered += 1,
                    _ => break,
                }
            }
            answered
        }));
    }
    let mut answered = 0;
    for t in tasks {
        answered += t.await.expect("a client task");
    }
    let all = CLIENTS * ACTS_PER_CLIENT;
    eprintln!(
        "unread stderr: {answered} of {all} acts answered in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(answered, all, "acts answered with standard error unread");

    let m = scrape(&server).await;
    // Every other act is accepted, from the first.
    let accepted = CLIENTS * ACTS_PER_CLIENT.div_ceil(2);
    assert_eq!(
        sample(&m, "formgate_acts_total{verdict=\"accept\"}"),
        Some(accepted as f64)
    );
    let dropped = sample(&m, "formgate_log_lines_dropped_total").expect("the drop count");
    assert!(
        dropped > 0.0,
        "a pipe of 64 KiB and a queue of 4,096 lines cannot hold 8,000 lines"
    );

    // Once standard error is read again, the writer catches up: every act line is
    // written or reported dropped, in one count with the metric. (Only then the
    // signal: with the queue still full, its messages could be dropped too.)
    server.read_stderr();
    let counts = |lines: &[String]| {
        let reported: f64 = lines
            .iter()
            .filter_map(|l| {
                l.strip_prefix("formgate serve: ")?
                    .strip_suffix(" log lines dropped")
            })
            .map(|n| n.parse::<f64>().expect("a count"))
            .sum();
        let written = lines.iter().filter(|l| l.contains(" act verdict=")).count();
        (written as f64, reported)
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    let (written, reported) = loop {
        let (written, reported) = counts(&server.stderr_lines());
        if written + reported >= all as f64 || Instant::now() > deadline {
            break (written, reported);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(
        written + reported,
        all as f64,
        "every line written or counted"
    );
    assert_eq!(
        reported, dropped,
        "the drops reported are the drops counted"
    );
    assert_eq!(server.terminate(), Some(0));
    // The exit can be seen before the thread reading standard error has read its end.
    server.wait_for_line("the stopped line", |l| l.ends_with("stopped"));
    let lines = server.stderr_lines();
    assert_eq!(counts(&lines), (written, reported), "nothing more dropped");
    assert!(
        lines.last().is_some_and(|l| l.ends_with("stopped")),
        "{:?}",
        lines.last()
    );
}

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

/// A request that sends its head and half its body now, and the rest after `later`.
fn slow_upload(body: &[u8], later: Duration) -> Vec<(Duration, Vec<u8>)> {
    let head = format!(
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let (a, b) = body.split_at(body.len() / 2);
    vec![
        (Duration::ZERO, head.into_bytes()),
        (Duration::ZERO, a.to_vec()),
        (later, b.to_vec()),
    ]
}

/// Wait (bounded) until the open-connections gauge reaches `n`.
async fn wait_for_connections(server: &Server, n: f64) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let open = sample(&scrape(server).await, "formgate_open_connections").expect("the gauge");
        if open >= n {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{open} connections open, not {n}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_lets_acts_in_flight_finish_and_refuses_new_connections() {
    const UPLOADS: usize = 8;
    let mut server = Server::start(&["--metrics-addr", "127.0.0.1:0", "--body-timeout", "30"]);
    let good = example_bytes("tree.act.json");
    // The second halves of the bodies come this long after the first.
    let later = Duration::from_secs(3);
    let started = Instant::now();
    let uploads: Vec<_> = (0..UPLOADS)
        .map(|_| {
            let writes = slow_upload(&good, later);
            tokio::spawn(raw(server.addr, writes, Duration::from_secs(15)))
        })
        .collect();
    wait_for_connections(&server, UPLOADS as f64).await;
    assert_eq!(
        get(&format!("{}readyz", server.metrics_url()), &[])
            .await
            .status,
        StatusCode::OK
    );
    server.signal("TERM");

    // Not ready from the signal on; the operator's listener still answers.
    let readyz = format!("{}readyz", server.metrics_url());
    let deadline = Instant::now() + Duration::from_secs(5);
    while get(&readyz, &[]).await.status != StatusCode::SERVICE_UNAVAILABLE {
        assert!(
            Instant::now() < deadline,
            "/readyz still ready after SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // The listener is closed right after: a new connection is refused.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let refused = tokio::net::TcpStream::connect(server.addr).await;
    assert!(refused.is_err(), "a connection accepted after SIGTERM");
    assert!(
        started.elapsed() < later,
        "checked while the uploads are in flight"
    );

    for u in uploads {
        let r = u.await.expect("an upload");
        let text = r.text();
        assert!(text.starts_with("HTTP/1.1 200 "), "{text:?}");
        assert!(text.ends_with(r#"{"accepted":true}"#), "{text:?}");
    }
    assert_eq!(server.wait_exit(Duration::from_secs(10)), Some(0));
    server.wait_for_acts(UPLOADS);
    // All eight were in flight at the signal.
    let line = server.wait_for_line("shutting down", |l| l.contains("shutting down: "));
    let open: usize = line
        .split("shutting down: ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a count");
    assert!(open >= UPLOADS, "{line}");
}

#[cfg(unix)]
#[tokio::test]
async fn the_shutdown_timeout_cuts_what_does_not_finish() {
    let mut server = Server::start(&["--shutdown-timeout", "1", "--body-timeout", "60"]);
    let good = example_bytes("tree.act.json");
    // Half a body, and the rest never.
    let stalled = tokio::spawn(raw(
        server.addr,
        slow_upload(&good, Duration::from_secs(3600)),
        Duration::from_secs(15),
    ));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let signalled = Instant::now();
    server.signal("TERM");
    assert_eq!(server.wait_exit(Duration::from_secs(10)), Some(0));
    let took = signalled.elapsed();
    assert!(
        took >= Duration::from_millis(900),
        "not before the time-out: {took:?}"
    );
    assert!(took < Duration::from_secs(5), "soon after it: {took:?}");
    let r = stalled.await.expect("the stalled upload");
    assert!(r.closed.is_some(), "its connection is closed");
    let lines = server.stderr_lines();
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("shutdown time-out: 1 connections cut unfinished")),
        "{lines:#?}"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn sigint_stops_the_server_cleanly_too() {
    let mut server = Server::start(&[]);
    assert_eq!(
        post(&server.url(), b"[]").await.status,
        StatusCode::NO_CONTENT
    );
    server.signal("INT");
    assert_eq!(server.wait_exit(Duration::from_secs(10)), Some(0));
    // The exit can be seen before the thread reading standard error has read its end.
    server.wait_for_line("the stopped line", |l| l.ends_with("stopped"));
}

#[tokio::test]
async fn metrics_count_acts_by_verdict_and_kind() {
    let server = Server::start(&["--metrics-addr", "127.0.0.1:0", "--max-bytes", "4096"]);
    let ops = server.metrics_url();
    let health = get(&format!("{ops}healthz"), &[]).await;
    assert_eq!(
        (health.status, &health.body[..]),
        (StatusCode::OK, &b"ok\n"[..])
    );
    assert_eq!(
        get(&format!("{ops}readyz"), &[]).await.status,
        StatusCode::OK
    );
    assert_eq!(
        get(&format!("{ops}other"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    let post_metrics = send(Method::POST, &format!("{ops}metrics"), &[], b"").await;
    assert_eq!(post_metrics.status, StatusCode::METHOD_NOT_ALLOWED);
    // The act listener does not serve them.
    assert_eq!(
        get(&format!("{}metrics", server.url()), &[]).await.status,
        StatusCode::NOT_FOUND
    );

    let m = scrape(&server).await;
    assert_eq!(
        sample(&m, "formgate_acts_total{verdict=\"accept\"}"),
        Some(0.0)
    );
    assert_eq!(sample(&m, "formgate_act_duration_seconds_count"), Some(0.0));

    let url = server.url();
    let good = example_bytes("tree.act.json");
    for _ in 0..3 {
        assert_eq!(post(&url, &good).await.status, StatusCode::OK);
    }
    assert_eq!(post(&url, b"[]").await.status, StatusCode::NO_CONTENT);
    assert_eq!(
        post(&url, br#"{"title":"t"}"#).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        post(&url, br#"{"title":"t","paragraphs":[[{"text":"x"}]]} x"#)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        post(&url, &[b' '; 5000]).await.status,
        StatusCode::NO_CONTENT
    );

    let m = scrape(&server).await;
    assert_samples(
        &m,
        &[
            ("formgate_acts_total{verdict=\"accept\"}", 3.0),
            ("formgate_acts_total{verdict=\"reject\"}", 4.0),
            ("formgate_rejections_total{kind=\"not-admitted:type\"}", 1.0),
            (
                "formgate_rejections_total{kind=\"not-admitted:required\"}",
                1.0,
            ),
            (
                "formgate_rejections_total{kind=\"malformed:trailing-bytes\"}",
                1.0,
            ),
            ("formgate_rejections_total{kind=\"too-large\"}", 1.0),
            ("formgate_act_duration_seconds_count", 7.0),
            ("formgate_act_duration_seconds_bucket{le=\"+Inf\"}", 7.0),
        ],
    );
    let ten = sample(&m, "formgate_act_duration_seconds_bucket{le=\"10\"}").expect("le=10");
    assert_eq!(ten, 7.0, "local acts take well under ten seconds: {m}");
    let sum = sample(&m, "formgate_act_duration_seconds_sum").expect("a sum");
    assert!(sum > 0.0 && sum < 7.0, "{m}");
    assert_eq!(
        sample(&m, "formgate_log_lines_dropped_total"),
        Some(0.0),
        "{m}"
    );
    for name in ["acts_total", "rejections_total", "log_lines_dropped_total"] {
        assert!(
            m.contains(&format!("# TYPE formgate_{name} counter\n")),
            "{m}"
        );
    }
    assert!(
        m.contains("# TYPE formgate_act_duration_seconds histogram\n"),
        "{m}"
    );
    assert!(
        m.contains("# TYPE formgate_open_connections gauge\n"),
        "{m}"
    );

    // A connection held open is counted while it is open.
    let held = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    wait_for_connections(&server, 1.0).await;
    drop(held);

    // An operator's address that cannot be bound is a startup error naming the flag.
    let taken = ops.trim_start_matches("http://").trim_end_matches('/');
    let out = serve_fails(&["--addr", "127.0.0.1:0", "--metrics-addr", taken]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--metrics-addr"),
        "{out:?}"
    );
}

/// An accepted act counts as `accept` whatever its upstream answered; how forwarding
/// went is counted apart, by the upstream's status class or why there was none.
#[tokio::test]
async fn metrics_count_what_the_upstream_answered() {
    let act = example_bytes("tree.act.json");
    let (up, _) = upstream(StatusCode::SERVICE_UNAVAILABLE, "later").await;
    let server = Server::start(&[
        "--metrics-addr",
        "127.0.0.1:0",
        "--upstream",
        &format!("http://{up}/"),
    ]);
    for _ in 0..2 {
        assert_eq!(
            post(&server.url(), &act).await.status,
            StatusCode::SERVICE_UNAVAILABLE
        );
    }
    assert_eq!(
        post(&server.url(), b"[]").await.status,
        StatusCode::NO_CONTENT
    );
    let m = scrape(&server).await;
    assert_samples(
        &m,
        &[
            ("formgate_acts_total{verdict=\"accept\"}", 2.0),
            ("formgate_upstream_total{result=\"5xx\"}", 2.0),
            ("formgate_upstream_total{result=\"2xx\"}", 0.0),
            ("formgate_upstream_total{result=\"unreachable\"}", 0.0),
        ],
    );
    assert!(
        m.contains("# TYPE formgate_upstream_total counter\n"),
        "{m}"
    );

    let gone = closed_port().await;
    let server = Server::start(&[
        "--metrics-addr",
        "127.0.0.1:0",
        "--upstream",
        &format!("http://{gone}/"),
    ]);
    assert_eq!(
        post(&server.url(), &act).await.status,
        StatusCode::BAD_GATEWAY
    );
    let m = scrape(&server).await;
    assert_samples(
        &m,
        &[
            ("formgate_acts_total{verdict=\"accept\"}", 1.0),
            ("formgate_upstream_total{result=\"unreachable\"}", 1.0),
            ("formgate_upstream_total{result=\"5xx\"}", 0.0),
        ],
    );
}

/// The operator's listener serves a bounded number of connections: one more is closed
/// unanswered, and once the held ones go, it serves again.
#[tokio::test]
async fn the_operators_listener_closes_connections_over_its_cap() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    let server = Server::start(&["--metrics-addr", "127.0.0.1:0"]);
    let ops = server
        .metrics_url()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    // Each held connection has sent a request head in part, so it is being served.
    let mut held = Vec::new();
    for _ in 0..32 {
        let mut s = tokio::net::TcpStream::connect(&ops).await.expect("connect");
        s.write_all(b"GET /metrics HTTP/1.1\r\n")
            .await
            .expect("write");
        held.push(s);
    }
    // A health check on a connection of its own: what came back before the close.
    let healthz = |ops: String| async move {
        let mut s = tokio::net::TcpStream::connect(&ops).await.expect("connect");
        let _ = s
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await;
        let mut answer = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut answer))
            .await
            .expect("answered or closed, not held");
        String::from_utf8_lossy(&answer).into_owned()
    };
    // The listener takes connections in order, so the 33rd is over the cap.
    let answer = healthz(ops.clone()).await;
    assert!(answer.is_empty(), "over the cap, answered: {answer:?}");
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let answer = healthz(ops.clone()).await;
        if answer.starts_with("HTTP/1.1 200 ") {
            break;
        }
        assert!(Instant::now() < deadline, "not served again: {answer:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
