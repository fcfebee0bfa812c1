//! formgate-axum as clients meet it: the example's application and small routers served
//! on a loopback port (port 0), spoken to over real TCP with raw HTTP/1.1.
//!
//! One test per rule: the typed API's statuses (201, 422, 400 for each strictness
//! rule, 413 declared and counted, 415), problem bodies that never repeat a value, the
//! address (the published body, `ETag`/`304`, `HEAD`, the page, `405`, `200` and a bare
//! `204` on any failure), `Problems` set at run time, `WithRejection`, and the layer.

#[allow(dead_code)]
#[path = "../examples/typed_address.rs"]
mod example;

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Bytes;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use axum_extra::extract::WithRejection;
use formgate_axum::{FormFor, Problem, Problems, Verified, VerifyLayer, VerifyRejection};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

/// Serve `app` on 127.0.0.1 port 0 for the rest of the test; its address.
async fn serve(app: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

/// An answer: status, headers (names lower-case), body.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn text(&self) -> &str {
        std::str::from_utf8(&self.body).unwrap()
    }
}

/// Send one request (`Connection: close`) and read the whole answer, within 10 s.
async fn send(addr: SocketAddr, head: &str, body: &[u8]) -> Answer {
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let mut request = format!("{head}\r\nHost: test\r\nConnection: close\r\n\r\n").into_bytes();
        request.extend_from_slice(body);
        // The server may answer and close before reading everything (a refused size).
        let _ = stream.write_all(&request).await;
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw).await;
        raw
    };
    let raw = tokio::time::timeout(Duration::from_secs(10), exchange)
        .await
        .expect("the server answers within 10 s");
    parse(&raw)
}

fn parse(raw: &[u8]) -> Answer {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no head in {:?}", String::from_utf8_lossy(raw)));
    let head = std::str::from_utf8(&raw[..end]).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .map(|l| {
            let (n, v) = l.split_once(':').unwrap();
            (n.trim().to_ascii_lowercase(), v.trim().to_owned())
        })
        .collect();
    let mut body = raw[end + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v == "chunked")
    {
        body = dechunk(&body);
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line = s.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = usize::from_str_radix(std::str::from_utf8(&s[..line]).unwrap(), 16).unwrap();
        s = &s[line + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&s[..size]);
        s = &s[size + 2..];
    }
}

async fn post_json(addr: SocketAddr, path: &str, body: &[u8]) -> Answer {
    let head = format!(
        "POST {path} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {}",
        body.len()
    );
    send(addr, &head, body).await
}

async fn example() -> SocketAddr {
    serve(example::app().expect("the example's form compiles")).await
}

const TICKET: &[u8] = br#"{"title":"Printer on fire","priority":1,"tags":["hardware"]}"#;

#[tokio::test]
async fn the_typed_api_creates_a_verified_ticket() {
    let addr = example().await;
    let a = post_json(addr, "/api/tickets", TICKET).await;
    assert_eq!(a.status, 201, "{}", a.text());
    assert_eq!(a.header("content-type"), Some("application/json"));
    let echoed: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
    let sent: serde_json::Value = serde_json::from_slice(TICKET).unwrap();
    assert_eq!(echoed, sent);
}

#[tokio::test]
async fn the_typed_api_answers_the_form_with_422() {
    let addr = example().await;
    for (body, pointer, keyword, form_pointer) in [
        (
            &br#"{"title":"x","priority":6,"tags":[]}"#[..],
            "/priority",
            "maximum",
            "/properties/priority/maximum",
        ),
        (
            br#"{"title":"","priority":1,"tags":[]}"#,
            "/title",
            "minLength",
            "/properties/title/minLength",
        ),
        (
            br#"{"title":"x","priority":1,"tags":["1","2","3","4","5","6","7","8","9"]}"#,
            "/tags/8",
            "maxItems",
            "/properties/tags/maxItems",
        ),
        (
            br#"{"title":"x","priority":1,"tags":[],"secret":"hunter2"}"#,
            "/secret",
            "additionalProperties",
            "/additionalProperties",
        ),
        (br#"{"title":"x","tags":[]}"#, "", "required", "/required"),
    ] {
        let a = post_json(addr, "/api/tickets", body).await;
        let text = a.text();
        assert_eq!(a.status, 422, "{text}");
        assert_eq!(a.header("content-type"), Some("application/problem+json"));
        let p: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(p["status"], 422, "{text}");
        assert_eq!(p["type"], "about:blank", "{text}");
        let e = &p["errors"][0];
        assert_eq!(e["kind"], "not-admitted", "{text}");
        assert_eq!(e["pointer"], pointer, "{text}");
        assert_eq!(e["keyword"], keyword, "{text}");
        assert_eq!(e["formPointer"], form_pointer, "{text}");
        assert!(e["offset"].is_u64() && e.get("reason").is_none(), "{text}");
        assert!(!text.contains("hunter2"), "{text}");
    }
}

#[tokio::test]
async fn the_typed_api_answers_strictness_with_400() {
    let addr = example().await;
    for (body, reason, offset) in [
        (
            &br#"{"title":"a","title":"b","priority":1,"tags":[]}"#[..],
            "duplicate-key",
            13,
        ),
        (
            br#"{"title":"a","priority":1,"tags":[]} {}"#,
            "trailing-bytes",
            37,
        ),
        (
            br#"{"title":"a","priority":1,"tags":[],}"#,
            "trailing-comma",
            36,
        ),
        (
            br#"{"title":"a","priority":01,"tags":[]}"#,
            "leading-zero",
            24,
        ),
        (
            b"{\"title\":\"\xff\",\"priority\":1,\"tags\":[]}",
            "invalid-utf8",
            10,
        ),
        (b"", "unexpected-end", 0),
    ] {
        let a = post_json(addr, "/api/tickets", body).await;
        assert_eq!(
            a.status,
            400,
            "{}: {}",
            String::from_utf8_lossy(body),
            a.text()
        );
        let p: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
        let e = &p["errors"][0];
        assert_eq!(e["kind"], "malformed", "{}", a.text());
        assert_eq!(e["reason"], reason, "{}", a.text());
        assert_eq!(e["offset"], offset, "{}", a.text());
        assert!(e.get("keyword").is_none(), "{}", a.text());
    }
}

#[tokio::test]
async fn the_typed_api_answers_size_with_413_and_media_type_with_415() {
    let addr = example().await;
    // Declared over the limit: refused before the body is read.
    let big = vec![b' '; 64 * 1024 + 1];
    let a = post_json(addr, "/api/tickets", &big).await;
    assert_eq!(a.status, 413, "{}", a.text());
    assert_eq!(a.header("content-type"), Some("application/problem+json"));
    // Counted: a chunked body past the limit.
    let chunk = format!("{:x}\r\n{}\r\n0\r\n\r\n", big.len(), " ".repeat(big.len()));
    let a = send(
        addr,
        "POST /api/tickets HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked",
        chunk.as_bytes(),
    )
    .await;
    assert_eq!(a.status, 413, "{}", a.text());
    // Exactly the limit is read and verified (whitespace around the ticket).
    let mut exact = TICKET.to_vec();
    exact.resize(64 * 1024, b' ');
    assert_eq!(post_json(addr, "/api/tickets", &exact).await.status, 201);
    for content_type in ["text/plain", "application/x-www-form-urlencoded"] {
        let head = format!(
            "POST /api/tickets HTTP/1.1\r\nContent-Type: {content_type}\r\nContent-Length: {}",
            TICKET.len()
        );
        let a = send(addr, &head, TICKET).await;
        assert_eq!(a.status, 415, "{}", a.text());
    }
    let head = format!(
        "POST /api/tickets HTTP/1.1\r\nContent-Length: {}",
        TICKET.len()
    );
    assert_eq!(send(addr, &head, TICKET).await.status, 415);
}

/// Every answer to `GET` carries exactly the headers the library decides for it
/// (`Published::headers`, shared with `formgate serve`), besides `Date` and framing.
#[tokio::test]
async fn the_address_heads_are_the_librarys() {
    use formgate::publish::Answer as Kind;
    let votes: FormFor<serde_json::Value> =
        FormFor::new(formgate::Form::compile(br#"{"type":"array"}"#).unwrap());
    let address = formgate_axum::Address::new(votes, "Send a list.")
        .gpt_type(axum::http::HeaderValue::from_static("demo"));
    let published = address.published();
    let addr = serve(address.on_act(|_: serde_json::Value| async { "ok" })).await;
    let inm = format!("GET / HTTP/1.1\r\nIf-None-Match: {}", published.etag());
    let cases = [
        (Kind::Json, "GET / HTTP/1.1".to_owned()),
        (Kind::NotModified, inm),
        (Kind::Page, "GET / HTTP/1.1\r\nAccept: text/html".to_owned()),
    ];
    for (kind, head) in cases {
        let a = send(addr, &head, b"").await;
        assert_eq!(a.status, kind.status(), "{kind:?}");
        let mut got: Vec<(String, String)> = a
            .headers
            .into_iter()
            .filter(|(k, _)| !["date", "content-length", "connection"].contains(&k.as_str()))
            .collect();
        got.sort();
        let mut want: Vec<(String, String)> = published
            .headers(kind, Some(b"demo"))
            .into_iter()
            .map(|(k, v)| (k.to_owned(), String::from_utf8(v).unwrap()))
            .collect();
        want.sort();
        assert_eq!(got, want, "{kind:?}");
    }
}

#[tokio::test]
async fn the_address_publishes_its_form_with_an_entity_tag() {
    let addr = example().await;
    let a = send(addr, "GET / HTTP/1.1", b"").await;
    assert_eq!(a.status, 200);
    assert_eq!(a.header("content-type"), Some("application/json"));
    assert_eq!(a.header("vary"), Some("Accept"));
    let published: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
    assert!(published["p"].as_str().unwrap().contains("support tickets"));
    assert_eq!(published["m"], serde_json::json!([]));
    assert_eq!(published["s"]["properties"]["priority"]["maximum"], 5);
    assert_eq!(published["s"]["additionalProperties"], false);
    let form = formgate::Form::builder()
        .max_bytes(64 * 1024)
        .compile_schemars::<example::Ticket>()
        .unwrap();
    assert!(a
        .text()
        .ends_with(&format!(",\"s\":{}}}", form.schema_json())));
    let etag = a.header("etag").unwrap().to_owned();
    assert!(etag.starts_with("\"fg-"), "{etag}");

    let again = send(
        addr,
        &format!("GET / HTTP/1.1\r\nIf-None-Match: {etag}"),
        b"",
    )
    .await;
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), Some(etag.as_str()));
    let other = send(addr, "GET / HTTP/1.1\r\nIf-None-Match: \"fg-0\"", b"").await;
    assert_eq!(other.status, 200);

    let head = send(addr, "HEAD / HTTP/1.1", b"").await;
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_eq!(head.header("etag"), Some(etag.as_str()));

    let page = send(addr, "GET / HTTP/1.1\r\nAccept: text/html", b"").await;
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(page.text().contains("Printer") || page.text().contains("printer"));
    assert!(page.header("content-security-policy").is_some());

    let put = send(addr, "PUT / HTTP/1.1\r\nContent-Length: 0", b"").await;
    assert_eq!(put.status, 405);
    let allow = put.header("allow").unwrap_or("");
    assert!(allow.contains("GET") && allow.contains("POST"), "{allow}");
}

#[tokio::test]
async fn the_address_accepts_acts_and_answers_any_failure_with_a_bare_204() {
    let addr = example().await;
    let a = post_json(addr, "/", TICKET).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.text(), r#"{"accepted":true}"#);
    // The address does not ask for a content type: the act is the body.
    let head = format!("POST / HTTP/1.1\r\nContent-Length: {}", TICKET.len());
    assert_eq!(send(addr, &head, TICKET).await.status, 200);
    let big = vec![b' '; 64 * 1024 + 1];
    for body in [
        &br#"{"title":"x","priority":6,"tags":[]}"#[..],
        br#"{"title":"a","title":"b","priority":1,"tags":[]}"#,
        br#"{"title":"a","priority":1,"tags":[]} x"#,
        br#"{"title":"a","priority":1.0,"tags":[]}"#, // admitted, but no u8 for serde
        b"",
        &big,
    ] {
        let a = post_json(addr, "/", body).await;
        assert_eq!(
            a.status,
            204,
            "{}",
            String::from_utf8_lossy(&body[..body.len().min(80)])
        );
        assert!(a.body.is_empty());
        assert_eq!(a.header("content-type"), None);
    }
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
struct Vote {
    #[schemars(range(min = 1, max = 5))]
    stars: u8,
}

async fn vote(Verified(v): Verified<Vote>) -> String {
    v.stars.to_string()
}

#[tokio::test]
async fn problems_are_set_at_run_time() {
    let problems = Problems::default()
        .status(Problem::Form, axum::http::StatusCode::BAD_REQUEST)
        .explain(false);
    let votes = FormFor::<Vote>::from_schemars()
        .unwrap()
        .with_problems(problems);
    let addr = serve(Router::new().route("/", post(vote)).with_state(votes)).await;
    let a = post_json(addr, "/", br#"{"stars":9}"#).await;
    assert_eq!(a.status, 400);
    assert_eq!(
        a.text(),
        r#"{"type":"about:blank","title":"Bad Request","status":400}"#
    );
    assert_eq!(post_json(addr, "/", br#"{"stars":5}"#).await.text(), "5");
}

/// An application's own error, built from the extractor's rejection.
struct AppError(String);

impl From<VerifyRejection> for AppError {
    fn from(r: VerifyRejection) -> AppError {
        AppError(format!("{}|{}", r.status().as_u16(), r.model_text()))
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        (axum::http::StatusCode::IM_A_TEAPOT, self.0).into_response()
    }
}

async fn vote_with(
    WithRejection(Verified(v), _): WithRejection<Verified<Vote>, AppError>,
) -> String {
    v.stars.to_string()
}

#[tokio::test]
async fn with_rejection_answers_in_the_applications_own_type() {
    let votes = FormFor::<Vote>::from_schemars().unwrap();
    let addr = serve(Router::new().route("/", post(vote_with)).with_state(votes)).await;
    let a = post_json(addr, "/", br#"{"stars":0}"#).await;
    assert_eq!(a.status, 418);
    assert_eq!(
        a.text(),
        "422|The request body was rejected (422): the value at /stars is not admitted by the \
         JSON Schema keyword \"minimum\" at /properties/stars/minimum. Send the whole body \
         again as one JSON value that conforms to the schema."
    );
    assert_eq!(post_json(addr, "/", br#"{"stars":3}"#).await.text(), "3");
}

#[tokio::test]
async fn the_layer_lets_only_admitted_bodies_through() {
    let form = formgate::Form::builder()
        .max_bytes(32)
        .compile(br#"{"type":"array","items":{"type":"integer"},"maxItems":3}"#)
        .unwrap();
    let app = Router::new()
        .route(
            "/",
            post(|body: Bytes| async move { body }).get(|| async { "open" }),
        )
        .layer(VerifyLayer::new(form));
    let addr = serve(app).await;
    // The exact bytes reach the service.
    let a = post_json(addr, "/", b" [1, 2 ,3] ").await;
    assert_eq!((a.status, a.text()), (200, " [1, 2 ,3] "));
    assert_eq!(post_json(addr, "/", b"[1,2,3,4]").await.status, 422);
    assert_eq!(post_json(addr, "/", b"[1,2]]").await.status, 400);
    assert_eq!(post_json(addr, "/", &[b' '; 33]).await.status, 413);
    let head = "POST / HTTP/1.1\r\nContent-Type: text/plain\r\nContent-Length: 2";
    assert_eq!(send(addr, head, b"[]").await.status, 415);
    // Other methods pass untouched.
    assert_eq!(send(addr, "GET / HTTP/1.1", b"").await.text(), "open");
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[allow(dead_code)]
struct Peer {
    addr: std::net::IpAddr,
}

#[test]
fn a_form_that_does_not_compile_is_an_error_before_any_request() {
    // schemars writes `format: "ip"` (IPv4 or IPv6), a format formgate does not assert.
    let err = FormFor::<Peer>::from_schemars().unwrap_err();
    assert_eq!(err.keyword(), Some("format"), "{err}");
}

#[tokio::test]
async fn the_address_tells_only_its_observer_why() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    let refused = Arc::new(AtomicUsize::new(0));
    let last = Arc::new(Mutex::new(None));
    let (count, seen) = (Arc::clone(&refused), Arc::clone(&last));
    let votes = FormFor::<Vote>::from_schemars().unwrap();
    let app: Router = formgate_axum::Address::new(votes, "Vote.")
        .on_reject(move |r| {
            count.fetch_add(1, Ordering::SeqCst);
            *seen.lock().unwrap() = r.rejection().map(|r| r.pointer().to_owned());
        })
        .on_act(|v: Vote| async move { v.stars.to_string() });
    let addr = serve(app).await;
    assert_eq!(post_json(addr, "/", br#"{"stars":4}"#).await.text(), "4");
    assert_eq!(refused.load(Ordering::SeqCst), 0);
    let a = post_json(addr, "/", br#"{"stars":40}"#).await;
    assert_eq!((a.status, a.body.len()), (204, 0));
    assert_eq!(refused.load(Ordering::SeqCst), 1);
    assert_eq!(last.lock().unwrap().as_deref(), Some("/stars"));
}

/// An answer given before the body is read (a declared size over the limit) reaches a
/// client that is still sending, whole, rather than being lost to a connection reset:
/// read while sending, and read only once the writes are done or have failed.
#[tokio::test]
async fn an_early_answer_reaches_a_client_still_sending() {
    let addr = example().await;
    const BODY: usize = 8_000_000;
    for read_while_sending in [true, false] {
        for round in 0..3 {
            let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
            let (mut read, mut write) = stream.into_split();
            let head = format!(
                "POST / HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: {BODY}\r\n\r\n"
            );
            let writer = tokio::spawn(async move {
                write.write_all(head.as_bytes()).await?;
                write.write_all(&vec![b' '; BODY]).await
            });
            if !read_while_sending {
                let _ = tokio::time::timeout(Duration::from_secs(10), writer)
                    .await
                    .expect("the writes end within 10 s");
            }
            let mut got = Vec::new();
            let outcome = tokio::time::timeout(Duration::from_secs(10), read.read_to_end(&mut got))
                .await
                .expect("answered within 10 s");
            let text = String::from_utf8_lossy(&got);
            assert!(
                text.starts_with("HTTP/1.1 204 "),
                "reading while sending: {read_while_sending}, round {round}: {outcome:?}, {text:?}"
            );
        }
    }
}

/// The address verifies an act as it streams in: a chunked body whose first chunk
/// leaves the form is answered at once, while the rest has not been sent, and the
/// connection is closed (bytes were left unread). Reading the body whole first would
/// wait here for ever.
#[tokio::test]
async fn the_address_answers_at_the_first_chunk_that_leaves_the_form() {
    let addr = example().await;
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = "POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n[\r\n";
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut got))
        .await
        .expect("answered before the body ends")
        .unwrap();
    let a = parse(&got);
    assert_eq!(a.status, 204);
    assert_eq!(a.header("connection"), Some("close"));
    assert!(a.body.is_empty());
}

/// An act may name the form it was written for (`If-Match` with its `ETag`, or `*`);
/// another tag is `412` with no body, the act unread, and the observer is told.
#[tokio::test]
async fn the_address_answers_an_act_for_another_form_412() {
    use std::sync::{Arc, Mutex};

    let told = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&told);
    let votes = FormFor::<Vote>::from_schemars().unwrap();
    let address = formgate_axum::Address::new(votes, "Vote.").on_reject(move |r| {
        seen.lock().unwrap().push(r.problem());
    });
    let etag = address.published().etag().to_owned();
    let addr = serve(address.on_act(|v: Vote| async move { v.stars.to_string() })).await;
    let act = |tag: &str| {
        format!(
            "POST / HTTP/1.1\r\nIf-Match: {tag}\r\nContent-Length: {}",
            br#"{"stars":4}"#.len()
        )
    };
    for tag in [etag.as_str(), "*"] {
        assert_eq!(send(addr, &act(tag), br#"{"stars":4}"#).await.text(), "4");
    }
    let junk = format!("{etag} junk");
    for tag in ["\"fg-0\"", &format!("W/{etag}"), &junk] {
        let a = send(addr, &act(tag), br#"{"stars":4}"#).await;
        assert_eq!((a.status, a.body.len()), (412, 0), "{tag}");
    }
    assert_eq!(post_json(addr, "/", br#"{"stars":4}"#).await.text(), "4");
    assert_eq!(*told.lock().unwrap(), [Problem::Precondition; 3]);
}

/// With `report_rejections(true)` a refused act is answered `422` with the problem
/// report of formgate-address, the same bytes `formgate serve --report-rejections`
/// sends; by default, a bare `204`.
#[tokio::test]
async fn the_address_reports_rejections_only_when_asked() {
    let address = |report| {
        let votes = FormFor::<Vote>::from_schemars().unwrap();
        formgate_axum::Address::new(votes, "Vote.")
            .report_rejections(report)
            .on_act(|v: Vote| async move { v.stars.to_string() })
    };
    let quiet = serve(address(false)).await;
    let loud = serve(address(true)).await;
    let body = br#"{"stars":9}"#;
    assert_eq!(post_json(quiet, "/", body).await.status, 204);
    let a = post_json(loud, "/", body).await;
    assert_eq!(a.status, 422);
    assert_eq!(a.header("content-type"), Some("application/problem+json"));
    let form = FormFor::<Vote>::from_schemars().unwrap();
    let r = form.form().verify(body).unwrap_err();
    let want = formgate_address::refused(&formgate_address::Verdict::Reject(r), true, false);
    assert_eq!(a.body, want.body().to_vec());
    assert!(
        a.text()
            .contains(r#""kind":"not-admitted","keyword":"maximum","offset":9,"pointer":"/stars""#),
        "{}",
        a.text()
    );
    // A value the form admits but the type cannot hold: reported, with no value.
    let a = post_json(loud, "/", br#"{"stars":3.0}"#).await;
    assert_eq!(a.status, 422);
    assert!(
        a.text().contains(r#""kind":"unrepresentable""#),
        "{}",
        a.text()
    );
    assert!(!a.text().contains("3.0"), "{}", a.text());
}

/// With `rate_limit`, a client over its rate is answered `429` with `Retry-After` and
/// no body (its act unread, the observer told), while another client is served; the
/// client is the connection's peer (`ConnectInfo`), or, when trusted, the proxy's
/// `X-Forwarded-For` entry.
#[tokio::test]
async fn the_address_limits_each_clients_rate() {
    use std::net::SocketAddr;
    use std::sync::{Arc, Mutex};

    let told = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&told);
    let votes = FormFor::<Vote>::from_schemars().unwrap();
    let app: Router = formgate_axum::Address::new(votes, "Vote.")
        .rate_limit(
            formgate_axum::Rate::new(0.1, 2),
            formgate_axum::Rate::new(0.1, 1),
            100,
        )
        .trust_forwarded_for(1)
        .on_reject(move |r| seen.lock().unwrap().push(r.problem()))
        .on_act(|v: Vote| async move { v.stars.to_string() });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        .unwrap()
    });
    let act = |client: &str| {
        format!(
            "POST / HTTP/1.1\r\nX-Forwarded-For: {client}\r\nContent-Length: {}",
            br#"{"stars":4}"#.len()
        )
    };
    let body = br#"{"stars":4}"#;
    assert_eq!(send(addr, &act("192.0.2.1"), body).await.status, 200);
    assert_eq!(send(addr, &act("192.0.2.1"), body).await.status, 200);
    let over = send(addr, &act("192.0.2.1"), body).await;
    assert_eq!((over.status, over.body.len()), (429, 0));
    assert_eq!(over.header("retry-after"), Some("10"));
    assert_eq!(send(addr, &act("192.0.2.2"), body).await.status, 200);
    assert_eq!(*told.lock().unwrap(), [Problem::RateLimited]);
    let get = "GET / HTTP/1.1\r\nX-Forwarded-For: 192.0.2.3";
    assert_eq!(send(addr, get, b"").await.status, 200);
    let again = send(addr, get, b"").await;
    assert_eq!(
        (again.status, again.header("retry-after")),
        (429, Some("10"))
    );
}

/// An act whose body does not end within the address's body time-out is refused with a
/// bare `204`, and the observer is told it was unreadable: a client that stops
/// sending holds nothing for ever.
#[tokio::test]
async fn the_address_refuses_a_body_that_does_not_end_in_time() {
    use std::sync::{Arc, Mutex};

    let told = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&told);
    let votes = FormFor::<Vote>::from_schemars().unwrap();
    let address = formgate_axum::Address::new(votes, "Vote.")
        .body_timeout(Duration::from_millis(300))
        .on_reject(move |r| seen.lock().unwrap().push(r.problem()));
    let addr = serve(address.on_act(|v: Vote| async move { v.stars.to_string() })).await;
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = "POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{\"\r\n";
    stream.write_all(head.as_bytes()).await.unwrap();
    let started = std::time::Instant::now();
    let mut got = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut got))
        .await
        .expect("refused at the body time-out")
        .unwrap();
    assert!(started.elapsed() >= Duration::from_millis(250));
    let a = parse(&got);
    assert_eq!(a.status, 204);
    assert!(a.body.is_empty());
    assert_eq!(*told.lock().unwrap(), [Problem::Unreadable]);
}

/// At most `max_acts_in_flight` acts are read at once: another waits, unread, until the
/// one being read ends (here at its body time-out), and is read then.
#[tokio::test]
async fn the_address_reads_a_bounded_number_of_acts_at_once() {
    let votes = FormFor::<Vote>::from_schemars().unwrap();
    let address = formgate_axum::Address::new(votes, "Vote.")
        .body_timeout(Duration::from_millis(1000))
        .max_acts_in_flight(1);
    let addr = serve(address.on_act(|v: Vote| async move { v.stars.to_string() })).await;
    let mut first = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = "POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{\"\r\n";
    first.write_all(head.as_bytes()).await.unwrap();
    let started = std::time::Instant::now();
    let first = tokio::spawn(async move {
        let mut got = Vec::new();
        let _ = first.read_to_end(&mut got).await;
        (parse(&got).status, started.elapsed())
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let act = br#"{"stars":4}"#;
    let head = format!("POST / HTTP/1.1\r\nContent-Length: {}", act.len());
    let second = send(addr, &head, act).await;
    let waited = started.elapsed();
    assert_eq!(second.status, 200, "{}", second.text());
    assert!(
        waited >= Duration::from_millis(900),
        "the second act was read only once the first ended: {waited:?}"
    );
    let (status, refused_at) = tokio::time::timeout(Duration::from_secs(5), first)
        .await
        .expect("the first is refused at its time-out")
        .unwrap();
    assert_eq!(status, 204);
    assert!(refused_at >= Duration::from_millis(900), "{refused_at:?}");
}
