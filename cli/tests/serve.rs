//! `formgate serve` as clients meet it: the built binary on a loopback port, a real
//! HTTP client (and raw TCP where the framing itself is the point), a test upstream.
//!
//! One test per rule of the address: arrival (the precomputed body, `ETag`, `304`,
//! `GPT-Type`, the page for people), the act (verdicts, a bare `204`, `Content-Length`
//! refused before reading, a chunked body cut off at the limit, reading stopped at the
//! first chunk that leaves the form, time-outs), `405`, forwarding byte for byte, the
//! operator's log, and 10,000 acts from 50 concurrent clients.
//!
//! Only 127.0.0.1; every wait is bounded; every server is killed by its handle.

mod serve_support;

use std::time::{Duration, Instant};

use formgate::publish::{Answer, Message};
use formgate::Form;
use hyper::{Method, StatusCode};
use serve_support::*;
use tokio::io::AsyncWriteExt as _;

/// Bodies for the embedded tree form that it admits.
fn admitted() -> Vec<Vec<u8>> {
    vec![
        example_bytes("tree.act.json"),
        br#"{"title":"t","paragraphs":[[{"text":"x"}]]}"#.to_vec(),
        br#"{"paragraphs":[[{"style":["bold","italic"],"children":[{"style":["code"],"children":[{"text":"deep"}]}]}]],"title":"order"}"#.to_vec(),
        b"{\n \"title\" : \"caf\\u00e9 \\/ \\\"q\\\"\" ,\r\n\t\"paragraphs\":[ [ {\"text\":\"\\ud83d\\ude00\"} ] ] }\n".to_vec(),
    ]
}

/// Bodies for the embedded tree form that it does not admit, each for another reason.
fn refused() -> Vec<Vec<u8>> {
    vec![
        b"".to_vec(),
        br#"{"title":"t"}"#.to_vec(),
        br#"{"title":"t","paragraphs":[[{"text":"x"}]],"title":"u"}"#.to_vec(),
        br#"{"title":"t","paragraphs":[[{"text":"x"}]],"\u0074itle":"u"}"#.to_vec(),
        br#"{"title":"t","paragraphs":[[{"text":"x"}]]} x"#.to_vec(),
        br#"{"title":"t","paragraphs":[[{"text":"x","extra":1}]]}"#.to_vec(),
        br#"{"title":"t","paragraphs":[[{"style":["blink"],"children":[{"text":"x"}]}]]}"#.to_vec(),
        br#"{"title":"t","paragraphs":[[{"style":["bold"],"children":[{"style":["bold"],"children":[{"style":["bold"],"children":[{"text":"too deep"}]}]}]}]]}"#.to_vec(),
        br#"{"title":"","paragraphs":[[{"text":"x"}]]}"#.to_vec(),
        br#"[1,2,3]"#.to_vec(),
        b"{\"title\":\"\xff\",\"paragraphs\":[[{\"text\":\"x\"}]]}".to_vec(),
        b"\xef\xbb\xbf{\"title\":\"t\",\"paragraphs\":[[{\"text\":\"x\"}]]}".to_vec(),
    ]
}

/// The embedded form, compiled here as the server compiles it.
fn tree() -> Form {
    Form::compile(&example_bytes("tree.form.json")).expect("the tree form compiles")
}

#[test]
fn the_test_bodies_are_what_they_claim() {
    let form = tree();
    for b in admitted() {
        assert!(form.verify(&b).is_ok(), "{}", String::from_utf8_lossy(&b));
    }
    for b in refused() {
        assert!(form.verify(&b).is_err(), "{}", String::from_utf8_lossy(&b));
    }
}

/// The acts made good or bad by construction are what their labels say, for the
/// library as well: a check of the generator, which the load test trusts.
#[test]
fn the_made_acts_are_what_they_claim() {
    let form = tree();
    let acts = acts::mixed(0x5eed, 1000);
    for a in &acts {
        assert_eq!(
            form.verify(&a.body).is_ok(),
            a.admitted,
            "{}: {}",
            a.how,
            String::from_utf8_lossy(&a.body)
        );
    }
    let kinds: std::collections::BTreeSet<_> = acts.iter().map(|a| a.how).collect();
    assert_eq!(
        kinds.len(),
        acts::FAULTS.len() + 1,
        "every fault, and good acts"
    );
    assert!(acts.iter().filter(|a| a.admitted).count() >= 500);
}

/// The headers of a reply other than `Date`, for comparing answers.
fn headers_but_date(r: &Reply) -> Vec<(String, String)> {
    let mut h: Vec<(String, String)> = r
        .headers
        .iter()
        .filter(|(k, _)| k.as_str() != "date")
        .map(|(k, v)| (k.to_string(), v.to_str().unwrap_or("").to_owned()))
        .collect();
    h.sort();
    h
}

#[tokio::test]
async fn arrival_is_the_precomputed_body_whatever_the_request() {
    let form_bytes = br#"{"type":"object","properties":{"n":{"type":"integer","maximum":1e1}},"required":["n"],"additionalProperties":false}"#;
    let form_path = temp_file("small.form.json", form_bytes);
    let messages = br#"[{"role":"user","content":"pick a <number> & say \"why\""}]"#;
    let messages_path = temp_file("messages.json", messages);
    let prompt = "Give a number: n \u{2264} 10.";
    let server = Server::start(&[
        form_path.to_str().expect("UTF-8 path"),
        "--prompt",
        prompt,
        "--messages",
        messages_path.to_str().expect("UTF-8 path"),
    ]);
    let expected = Form::compile(form_bytes).expect("compiles").publish(
        prompt,
        &Message::list_from_json(messages).expect("messages"),
    );
    let url = server.url();

    let first = get(&url, &[]).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header("content-type"), Some("application/json"));
    assert_eq!(
        &first.body[..],
        expected.body(),
        "the body is the library's"
    );
    assert_eq!(first.header("etag"), Some(expected.etag()));
    assert!(!expected.etag().starts_with("W/"), "a strong tag");
    assert_eq!(first.header("gpt-type"), None, "no --type, no GPT-Type");

    let variants: &[&[(&str, &str)]] = &[
        &[("accept", "*/*")],
        &[("accept", "application/json")],
        &[("accept", "text/*, application/*")],
        &[("accept", "text/html;q=0")],
        &[("cookie", "session=abc; seen=1")],
        &[("authorization", "Bearer x"), ("gpt-actor", "someone")],
        &[("if-none-match", "\"fg-other\"")],
        &[("user-agent", "Mozilla/5.0"), ("accept-language", "de")],
    ];
    for round in 0..2 {
        for headers in variants {
            let r = get(&url, headers).await;
            assert_eq!(r.status, StatusCode::OK, "{headers:?}");
            assert_eq!(r.body, first.body, "{headers:?}");
            assert_eq!(
                headers_but_date(&r),
                headers_but_date(&first),
                "{headers:?}"
            );
        }
        if round == 0 {
            // History changes nothing: acts, accepted or not, then the same answer.
            assert_eq!(post(&url, br#"{"n":3}"#).await.status, StatusCode::OK);
            assert_eq!(
                post(&url, br#"{"n":11}"#).await.status,
                StatusCode::NO_CONTENT
            );
        }
    }
    // A query string is the same address.
    assert_eq!(get(&format!("{url}?x=1"), &[]).await.body, first.body);
}

/// Every answer to `GET` carries exactly the headers the library decides for it
/// (`Published::headers`, shared with formgate-axum), besides `Date` and framing.
#[tokio::test]
async fn arrival_heads_are_the_librarys() {
    let form_bytes = br#"{"type":"array","maxItems":3}"#;
    let form_path = temp_file("heads.form.json", form_bytes);
    let prompt = "Send up to three things.";
    let server = Server::start(&[
        form_path.to_str().expect("UTF-8 path"),
        "--prompt",
        prompt,
        "--type",
        "demo",
    ]);
    let published = Form::compile(form_bytes)
        .expect("compiles")
        .publish(prompt, &[]);
    let url = server.url();
    let cases: [(Answer, &[(&str, &str)]); 3] = [
        (Answer::Json, &[]),
        (Answer::NotModified, &[("if-none-match", published.etag())]),
        (Answer::Page, &[("accept", "text/html")]),
    ];
    for (answer, request) in cases {
        let r = get(&url, request).await;
        assert_eq!(r.status.as_u16(), answer.status(), "{answer:?}");
        let mut got: Vec<(String, String)> = headers_but_date(&r)
            .into_iter()
            .filter(|(k, _)| k != "content-length")
            .collect();
        got.sort();
        let mut want: Vec<(String, String)> = published
            .headers(answer, Some(b"demo"))
            .into_iter()
            .map(|(k, v)| (k.to_owned(), String::from_utf8(v).expect("ASCII")))
            .collect();
        want.sort();
        assert_eq!(got, want, "{answer:?}");
    }
}

#[tokio::test]
async fn arrival_of_the_embedded_form() {
    let server = Server::start(&["--type", "styled-text"]);
    let r = get(&server.url(), &[]).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("gpt-type"), Some("styled-text"));
    let body = std::str::from_utf8(&r.body).expect("UTF-8");
    let s = tree().schema_json().to_owned();
    assert!(body.starts_with("{\"p\":\""), "{body}");
    assert!(body.ends_with(&format!(",\"s\":{s}}}")), "{body}");
    assert!(formgate::json::check(&r.body, &formgate::Limits::default()).is_ok());
}

#[tokio::test]
async fn if_none_match_answers_304() {
    let server = Server::start(&["--type", "t"]);
    let url = server.url();
    let full = get(&url, &[]).await;
    let etag = full.header("etag").expect("an ETag").to_owned();
    let weak = format!("W/{etag}");
    let list = format!("\"fg-0\", {etag}");
    for inm in [etag.as_str(), weak.as_str(), list.as_str(), "*"] {
        let r = get(&url, &[("if-none-match", inm)]).await;
        assert_eq!(r.status, StatusCode::NOT_MODIFIED, "{inm}");
        assert!(r.body.is_empty());
        assert_eq!(r.header("etag"), Some(etag.as_str()));
        assert_eq!(r.header("gpt-type"), Some("t"));
    }
    let r = get(&url, &[("if-none-match", "\"fg-0\"")]).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body, full.body);
}

#[tokio::test]
async fn a_page_for_people_only_when_html_is_asked_for_by_name() {
    let server = Server::start(&["--prompt", "Say <hi> & \"bye\"", "--type", "demo"]);
    let url = server.url();
    let json = get(&url, &[]).await;
    let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    for accept in [browser, "text/html", "application/json; q=0.5, text/html"] {
        let etag = json.header("etag").expect("etag");
        let r = get(&url, &[("accept", accept), ("if-none-match", etag)]).await;
        assert_eq!(r.status, StatusCode::OK, "{accept}");
        assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
        assert_eq!(r.header("vary"), Some("Accept"));
        assert_eq!(r.header("etag"), None, "the JSON's tag is not the page's");
        let page = std::str::from_utf8(&r.body).expect("UTF-8");
        assert!(
            page.contains("Say &lt;hi&gt; &amp; &quot;bye&quot;"),
            "{page}"
        );
        assert!(
            page.contains("&quot;maxLength&quot;: 120"),
            "the form, pretty"
        );
        assert!(page.contains("<textarea"), "a way to try an act");
        assert!(
            page.contains("Shipping notice"),
            "an example act to start from"
        );
    }
    assert_eq!(json.header("vary"), Some("Accept"));
    for accept in ["*/*", "text/*", "text/html;q=0", "application/json"] {
        let r = get(&url, &[("accept", accept)]).await;
        assert_eq!(r.body, json.body, "{accept}");
    }
}

#[tokio::test]
async fn head_is_get_without_the_body() {
    let server = Server::start(&[]);
    let g = get(&server.url(), &[]).await;
    let h = send(Method::HEAD, &server.url(), &[], b"").await;
    assert_eq!(h.status, StatusCode::OK);
    assert!(h.body.is_empty());
    assert_eq!(headers_but_date(&h), headers_but_date(&g));
}

#[tokio::test]
async fn other_methods_are_405_and_other_paths_404() {
    let server = Server::start(&[]);
    let url = server.url();
    for m in ["PUT", "DELETE", "PATCH", "TRACE", "FROB"] {
        let method = Method::from_bytes(m.as_bytes()).expect("method");
        let r = send(method, &url, &[], b"{}").await;
        assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{m}");
        assert_eq!(r.header("allow"), Some("GET, HEAD, POST, OPTIONS"), "{m}");
        assert!(r.body.is_empty());
    }
    // OPTIONS on the address, and `OPTIONS *` on the server (it answered 404): 200,
    // the methods, no content (RFC 9110, section 9.3.7).
    let r = send(Method::OPTIONS, &url, &[], b"").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.header("allow"), Some("GET, HEAD, POST, OPTIONS"));
    assert!(r.body.is_empty());
    let star = raw(
        server.addr,
        vec![(
            Duration::ZERO,
            b"OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
        )],
        Duration::from_secs(5),
    )
    .await
    .text();
    assert!(star.starts_with("HTTP/1.1 200 OK\r\n"), "{star}");
    assert!(
        star.to_ascii_lowercase()
            .contains("\r\nallow: get, head, post, options\r\n"),
        "{star}"
    );
    assert!(
        star.to_ascii_lowercase()
            .contains("\r\ncontent-length: 0\r\n"),
        "{star}"
    );
    let other = format!("{url}form");
    assert_eq!(get(&other, &[]).await.status, StatusCode::NOT_FOUND);
    let act = example_bytes("tree.act.json");
    let r = send(Method::POST, &other, &[], &act).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(server.act_lines().is_empty(), "nothing there is an act");
}

#[tokio::test]
async fn acts_are_accepted_or_answered_204_with_nothing_that_tells_why() {
    let server = Server::start(&[]);
    let url = server.url();
    for body in admitted() {
        let r = post(&url, &body).await;
        assert_eq!(
            r.status,
            StatusCode::OK,
            "{}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(r.header("content-type"), Some("application/json"));
        assert_eq!(&r.body[..], br#"{"accepted":true}"#);
    }
    let mut first: Option<Vec<(String, String)>> = None;
    for body in refused() {
        let r = post(&url, &body).await;
        let shown = String::from_utf8_lossy(&body);
        assert_eq!(r.status, StatusCode::NO_CONTENT, "{shown}");
        assert!(r.body.is_empty(), "{shown}");
        let h = headers_but_date(&r);
        // Every rejection looks the same, whatever its reason.
        assert_eq!(first.get_or_insert_with(|| h.clone()), &h, "{shown}");
    }
    assert_eq!(first, Some(Vec::new()), "a bare 204: no headers but Date");
    server.wait_for_acts(admitted().len() + refused().len());
}

#[tokio::test]
async fn the_log_says_why_and_who_claims_to_act_which_decides_nothing() {
    let server = Server::start(&[]);
    let url = server.url();
    let good = example_bytes("tree.act.json");
    let bad = br#"{"title":"t","paragraphs":[[{"text":"x","extra":1}]]}"#;
    for actor in ["gpt-4o", "root", "admin; role=operator", ""] {
        let h = [("gpt-actor", actor)];
        let ok = send(Method::POST, &url, &h, &good).await;
        assert_eq!(ok.status, StatusCode::OK, "{actor}");
        let no = send(Method::POST, &url, &h, bad).await;
        assert_eq!(no.status, StatusCode::NO_CONTENT, "{actor}");
    }
    let line = server.wait_for_act(&["verdict=accept", "actor=\"gpt-4o\""]);
    assert!(line.contains(" status=200 bytes=529 "), "{line}");
    let line = server.wait_for_act(&["verdict=reject", "actor=\"admin; role=operator\""]);
    assert!(line.contains(" status=204 "), "{line}");
    assert!(
        line.contains(" kind=not-admitted:additionalProperties "),
        "{line}"
    );
    assert!(
        line.contains(" pointer=\"/paragraphs/0/0/extra\""),
        "{line}"
    );
    assert!(line.contains(" form_pointer=\""), "{line}");
    let offset: u64 = line
        .split(" offset=")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .expect("an offset");
    assert!(offset > 0 && offset <= bad.len() as u64, "{line}");
    // Without the header, `actor=-`; the line starts with an RFC 3339 time.
    assert_eq!(post(&url, &good).await.status, StatusCode::OK);
    let line = server.wait_for_act(&["verdict=accept", "actor=-"]);
    let time = line.split(' ').next().expect("a time");
    assert!(
        time.len() == 24 && time.ends_with('Z') && &time[10..11] == "T",
        "{line}"
    );
}

#[tokio::test]
async fn log_levels() {
    let good = example_bytes("tree.act.json");
    let quiet = Server::start(&["--log-level", "reject"]);
    assert_eq!(post(&quiet.url(), &good).await.status, StatusCode::OK);
    assert_eq!(
        post(&quiet.url(), b"[]").await.status,
        StatusCode::NO_CONTENT
    );
    quiet.wait_for_act(&["verdict=reject"]);
    assert_eq!(quiet.act_lines().len(), 1, "{:?}", quiet.act_lines());

    let off = Server::start(&["--log-level", "off"]);
    assert_eq!(post(&off.url(), &good).await.status, StatusCode::OK);
    assert_eq!(post(&off.url(), b"[]").await.status, StatusCode::NO_CONTENT);
    // Once `Server::start` returns, the only later lines would be act lines.
    std::thread::sleep(Duration::from_millis(200));
    assert!(off.act_lines().is_empty(), "{:?}", off.act_lines());
}

#[tokio::test]
async fn a_declared_length_over_the_limit_is_refused_before_reading() {
    let server = Server::start(&["--max-bytes", "16384", "--body-timeout", "30"]);
    // The head promises a million bytes and none follow; with `Expect`, a server that
    // meant to read would first answer `100 Continue`.
    for expect in ["", "Expect: 100-continue\r\n"] {
        let head = format!(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: 1000000\r\n{expect}\r\n"
        );
        let started = Instant::now();
        let r = raw(
            server.addr,
            vec![(Duration::ZERO, head.into_bytes())],
            Duration::from_secs(10),
        )
        .await;
        let text = r.text();
        assert!(text.starts_with("HTTP/1.1 204 "), "{text:?}");
        assert!(!text.contains("100 Continue"), "{text:?}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "answered without the body"
        );
        assert!(
            r.closed.is_some(),
            "the connection is closed, the body never read"
        );
    }
    server.wait_for_act(&[
        " verdict=reject status=204 bytes=0 ",
        " kind=too-large declared=1000000 limit=16384 ",
    ]);

    // Exactly at the limit is still read and verified.
    let mut body = vec![b' '; 16384 - 2];
    body.extend_from_slice(b"[]");
    assert_eq!(
        post(&server.url(), &body).await.status,
        StatusCode::NO_CONTENT
    );
    let line = server.wait_for_act(&["bytes=16384 "]);
    assert!(line.contains("kind=not-admitted:type"), "{line}");
    // One byte more is refused from the head.
    body.insert(0, b' ');
    assert_eq!(
        post(&server.url(), &body).await.status,
        StatusCode::NO_CONTENT
    );
    server.wait_for_act(&[" bytes=0 ", " declared=16385 "]);
}

#[tokio::test]
async fn a_chunked_body_over_the_limit_is_cut_off_at_the_limit() {
    let server = Server::start(&["--max-bytes", "16384", "--body-timeout", "30"]);
    // Whitespace is a valid beginning of any JSON value, so only the count can stop it.
    let mut writes = vec![(
        Duration::ZERO,
        b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec(),
    )];
    for _ in 0..256 {
        writes.push((Duration::from_millis(1), chunk(&[b' '; 4096])));
    }
    let r = raw(server.addr, writes, Duration::from_secs(10)).await;
    let text = r.text();
    assert!(text.starts_with("HTTP/1.1 204 "), "{text:?}");
    let first = r.first_byte.expect("an answer");
    assert!(
        first < Duration::from_millis(256 + 5000),
        "before the 1 MiB was sent"
    );
    let line = server.wait_for_act(&["kind=too-large limit=16384"]);
    let bytes: u64 = line
        .split(" bytes=")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .expect("a byte count");
    assert_eq!(bytes, 16385, "no more than max_bytes + 1 is read: {line}");
}

#[tokio::test]
async fn reading_stops_at_the_first_chunk_that_leaves_the_form() {
    let server = Server::start(&["--body-timeout", "60"]);
    let writes = vec![
        (
            Duration::ZERO,
            b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec(),
        ),
        (Duration::ZERO, chunk(br#"{"title":["#)),
        // The rest would come much later: the answer must not wait for it.
        (Duration::from_secs(30), chunk(b"]}")),
    ];
    let r = raw(server.addr, writes, Duration::from_secs(10)).await;
    let text = r.text();
    assert!(text.starts_with("HTTP/1.1 204 "), "{text:?}");
    assert!(
        text.to_ascii_lowercase().contains("connection: close"),
        "{text:?}"
    );
    assert!(r.closed.is_some(), "closed, not left hanging");
    let line = server.wait_for_act(&["kind=not-admitted:type"]);
    assert!(
        line.contains(" bytes=10 "),
        "only the first chunk was read: {line}"
    );
}

/// A body that arrives whole in one frame (its declared `Content-Length`) is verified by
/// `Form::verify`, one sent in chunks by the streaming verifier: the same verdicts, and
/// the same logged rejection (kind, offset, pointers).
#[tokio::test]
async fn whole_and_chunked_bodies_get_the_same_verdict_and_reason() {
    let server = Server::start(&["--body-timeout", "60"]);
    let url = server.url();
    let good = example_bytes("tree.act.json");
    let bad: &[u8] = br#"{"title":"t","paragraphs":[[{"text":"x","extra":1}]]}"#;
    let chunked = |actor: &str, body: &[u8]| {
        let head = format!(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nGPT-Actor: {actor}\r\n\
             Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        );
        let mid = body.len() / 2;
        vec![
            (Duration::ZERO, head.into_bytes()),
            (Duration::ZERO, chunk(&body[..mid])),
            (Duration::from_millis(20), chunk(&body[mid..])),
            (Duration::ZERO, b"0\r\n\r\n".to_vec()),
        ]
    };
    for (body, status) in [(&good[..], "200"), (bad, "204")] {
        let (w, c) = (format!("whole-{status}"), format!("chunked-{status}"));
        let whole = send(Method::POST, &url, &[("gpt-actor", w.as_str())], body).await;
        assert_eq!(whole.status.as_str(), status);
        let r = raw(server.addr, chunked(&c, body), Duration::from_secs(10)).await;
        assert!(
            r.text().starts_with(&format!("HTTP/1.1 {status} ")),
            "{}",
            r.text()
        );
        let reason = |actor: &str| {
            let line = server.wait_for_act(&[&format!("actor=\"{actor}\"")]);
            // From the verdict on, without the time taken.
            let from = line.find(" verdict=").expect("a verdict");
            line[from..]
                .split(' ')
                .filter(|f| !f.starts_with("ms=") && !f.starts_with("actor="))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(reason(&w), reason(&c));
    }
}

#[tokio::test]
async fn bodies_that_never_finish_time_out() {
    let server = Server::start(&["--body-timeout", "1", "--header-timeout", "1"]);
    let started = Instant::now();
    let cases: Vec<Vec<(Duration, Vec<u8>)>> = vec![
        // Fewer bytes than declared, then silence.
        vec![(
            Duration::ZERO,
            b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"title\":\"a"
                .to_vec(),
        )],
        // A chunked body with no last chunk.
        vec![
            (
                Duration::ZERO,
                b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                    .to_vec(),
            ),
            (Duration::ZERO, chunk(br#"{"title":"a"#)),
        ],
        // A steady drip, one byte every 100 ms: the limit is on the whole body.
        std::iter::once((
            Duration::ZERO,
            b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n".to_vec(),
        ))
        .chain((0..60).map(|_| (Duration::from_millis(100), b" ".to_vec())))
        .collect(),
    ];
    let replies = futures_join(
        cases
            .into_iter()
            .map(|w| raw(server.addr, w, Duration::from_secs(8))),
    )
    .await;
    for r in &replies {
        let text = r.text();
        assert!(text.starts_with("HTTP/1.1 204 "), "{text:?}");
        let at = r.first_byte.expect("answered");
        assert!(
            at >= Duration::from_millis(900),
            "not before the time-out: {at:?}"
        );
        assert!(at < Duration::from_secs(5), "soon after it: {at:?}");
        assert!(r.closed.is_some());
    }
    let lines = server.wait_for_acts(3);
    let timeouts = lines
        .iter()
        .filter(|l| l.contains(" verdict=timeout status=204 "))
        .count();
    assert_eq!(timeouts, 3, "{lines:#?}");

    // A head that never finishes, and an idle kept-alive connection, are closed.
    let r = raw(
        server.addr,
        vec![(
            Duration::ZERO,
            b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n".to_vec(),
        )],
        Duration::from_secs(8),
    )
    .await;
    let closed = r
        .closed
        .expect("the server closes a connection with a slow head");
    assert!(closed < Duration::from_secs(5), "{closed:?}");
    let r = raw(
        server.addr,
        vec![(
            Duration::ZERO,
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".to_vec(),
        )],
        Duration::from_secs(8),
    )
    .await;
    assert!(r.text().starts_with("HTTP/1.1 200 "));
    assert!(r.closed.expect("an idle connection is closed") < Duration::from_secs(5));
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// Run the futures concurrently on this runtime and collect their outputs in order.
async fn futures_join<F>(futures: impl Iterator<Item = F>) -> Vec<F::Output>
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut out = Vec::with_capacity(handles.len());
    for h in handles {
        out.push(h.await.expect("task"));
    }
    out
}

#[tokio::test]
async fn accepted_acts_reach_the_upstream_byte_for_byte() {
    let (up, received) = upstream(StatusCode::CREATED, "made it").await;
    let up_url = format!("http://{up}/hook?x=1");
    let server = Server::start(&["--upstream", &up_url]);
    let url = server.url();
    let mut sent = Vec::new();
    for (i, body) in admitted().into_iter().enumerate() {
        let actor = format!("actor-{i}");
        let r = send(Method::POST, &url, &[("gpt-actor", &actor)], &body).await;
        assert_eq!(r.status, StatusCode::CREATED);
        assert_eq!(r.header("content-type"), Some("text/plain"));
        assert_eq!(&r.body[..], b"made it");
        sent.push((body, Some(actor)));
    }
    // The same, arriving in three chunks some time apart.
    let body = admitted().pop().expect("a body");
    let (a, rest) = body.split_at(7);
    let (b, c) = rest.split_at(rest.len() / 2);
    let writes = vec![
        (
            Duration::ZERO,
            b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec(),
        ),
        (Duration::ZERO, chunk(a)),
        (Duration::from_millis(50), chunk(b)),
        (Duration::from_millis(50), chunk(c)),
        (Duration::ZERO, b"0\r\n\r\n".to_vec()),
    ];
    let r = raw(server.addr, writes, Duration::from_secs(2)).await;
    assert!(r.text().starts_with("HTTP/1.1 201 "), "{}", r.text());
    assert!(r.text().ends_with("made it"), "{}", r.text());
    sent.push((body, None));
    // Rejected acts never reach it.
    for body in refused() {
        assert_eq!(post(&url, &body).await.status, StatusCode::NO_CONTENT);
    }

    let got = received.lock().expect("lock").clone();
    assert_eq!(
        got.len(),
        sent.len(),
        "one upstream request per accepted act"
    );
    for ((method, uri, headers, bytes), (body, actor)) in got.iter().zip(&sent) {
        assert_eq!(method, Method::POST);
        assert_eq!(uri, "/hook?x=1");
        assert_eq!(&bytes[..], &body[..], "exactly the bytes received");
        assert_eq!(
            headers.get("content-type").map(|v| v.as_bytes()),
            Some(&b"application/json"[..])
        );
        assert_eq!(
            headers.get("gpt-actor").map(|v| v.to_str().expect("ASCII")),
            actor.as_deref()
        );
    }
    server.wait_for_act(&["verdict=accept", "upstream=201"]);
}

#[tokio::test]
async fn an_upstream_that_cannot_be_reached_is_502_and_a_silent_one_504() {
    let gone = closed_port().await;
    let server = Server::start(&["--upstream", &format!("http://{gone}/")]);
    let act = example_bytes("tree.act.json");
    let r = post(&server.url(), &act).await;
    assert_eq!(r.status, StatusCode::BAD_GATEWAY);
    assert!(r.body.is_empty());
    assert_eq!(
        post(&server.url(), b"{}").await.status,
        StatusCode::NO_CONTENT
    );
    server.wait_for_act(&["verdict=accept", "status=502", "upstream=unreachable"]);

    // An upstream that accepts the connection and never answers.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let silent_addr = silent.local_addr().expect("address");
    let holder = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((s, _)) = silent.accept().await {
            held.push(s);
        }
    });
    let server = Server::start(&[
        "--upstream",
        &format!("http://{silent_addr}/"),
        "--upstream-timeout",
        "1",
    ]);
    let started = Instant::now();
    let r = post(&server.url(), &act).await;
    assert_eq!(r.status, StatusCode::GATEWAY_TIMEOUT);
    assert!(started.elapsed() < Duration::from_secs(8));
    server.wait_for_act(&["status=504", "upstream=timeout"]);
    holder.abort();
}

/// An upstream that sends its head and then stalls its body is cut off at the idle
/// time-out, and one that drips it a byte at a time for ever at the maximum duration:
/// a streamed answer is bounded too, though its head came in time.
#[tokio::test]
async fn an_upstream_that_stalls_or_drips_its_body_is_cut_off() {
    let stalled = raw_upstream(|mut s| async move {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n";
        let _ = s.write_all(head.as_bytes()).await;
        let _ = s.write_all(b"the first bytes").await;
        // Hold the connection open, silent.
        tokio::time::sleep(Duration::from_secs(60)).await;
    })
    .await;
    let dripping = raw_upstream(|mut s| async move {
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n";
        if s.write_all(head.as_bytes()).await.is_err() {
            return;
        }
        for _ in 0..600 {
            if s.write_all(&chunk(b"x")).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    let act = example_bytes("tree.act.json");
    for (name, up, limit) in [
        ("stalled", stalled, "--upstream-idle-timeout"),
        ("dripping", dripping, "--upstream-max-duration"),
    ] {
        let server = Server::start(&["--upstream", &format!("http://{up}/"), limit, "1"]);
        let r = raw(
            server.addr,
            vec![(Duration::ZERO, post_bytes(&act))],
            Duration::from_secs(10),
        )
        .await;
        let text = r.text();
        assert!(text.starts_with("HTTP/1.1 200 "), "{name}: {text:?}");
        let closed = r
            .closed
            .unwrap_or_else(|| panic!("{name}: the relay is cut off, not left hanging"));
        assert!(
            closed >= Duration::from_millis(900) && closed < Duration::from_secs(5),
            "{name}: cut off at the time-out, not {closed:?}"
        );
    }
}

/// A client that sends an act and never reads the answer holds neither its connection
/// nor the upstream's for long: sending the answer has its own time-out.
#[tokio::test]
async fn a_client_that_never_reads_its_answer_lets_the_upstream_go() {
    let (released_tx, released_rx) = std::sync::mpsc::channel::<Instant>();
    let released_tx = std::sync::Mutex::new(released_tx);
    let endless = raw_upstream(move |mut s| {
        let released = released_tx.lock().expect("lock").clone();
        async move {
            let head =
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n";
            let mut sent = s.write_all(head.as_bytes()).await;
            let block = chunk(&[b'x'; 65536]);
            while sent.is_ok() {
                sent = s.write_all(&block).await;
            }
            let _ = released.send(Instant::now());
        }
    })
    .await;
    let server = Server::start(&[
        "--upstream",
        &format!("http://{endless}/"),
        "--upstream-timeout",
        "60",
        "--write-timeout",
        "1",
    ]);
    let started = Instant::now();
    let mut client = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    client
        .write_all(&post_bytes(&example_bytes("tree.act.json")))
        .await
        .expect("the act is sent");
    // Never read; wait for the upstream to be let go.
    let released = tokio::task::spawn_blocking(move || released_rx.recv_timeout(STEP))
        .await
        .expect("the waiting task");
    let at = released
        .expect("the upstream connection is closed")
        .duration_since(started);
    assert!(at < Duration::from_secs(10), "let go after {at:?}");
    drop(client);
}

/// Every header of the upstream's answer is relayed but the hop-by-hop ones (RFC 9110
/// section 7.6.1), those the upstream's `Connection` names among them; the framing is
/// the gateway's own.
#[tokio::test]
async fn the_upstreams_headers_are_relayed_but_hop_by_hop_ones() {
    let up = raw_upstream(|mut s| async move {
        let answer = "HTTP/1.1 202 Accepted\r\n\
            Content-Type: application/json\r\n\
            Location: /acts/17\r\n\
            Retry-After: 120\r\n\
            Link: </a>; rel=\"a\"\r\n\
            Link: </b>; rel=\"b\"\r\n\
            Connection: keep-alive, X-Hop\r\n\
            X-Hop: secret\r\n\
            Keep-Alive: timeout=5\r\n\
            Proxy-Connection: keep-alive\r\n\
            Proxy-Authenticate: Basic realm=\"up\"\r\n\
            Proxy-Authorization: Basic eA==\r\n\
            Trailer: X-Checksum\r\n\
            TE: trailers\r\n\
            Upgrade: h2c\r\n\
            Content-Length: 13\r\n\r\n{\"queued\":17}";
        let _ = s.write_all(answer.as_bytes()).await;
        tokio::time::sleep(Duration::from_secs(5)).await;
    })
    .await;
    let server = Server::start(&["--upstream", &format!("http://{up}/")]);
    let r = post(&server.url(), &example_bytes("tree.act.json")).await;
    assert_eq!(r.status, StatusCode::ACCEPTED);
    assert_eq!(&r.body[..], br#"{"queued":17}"#);
    assert_eq!(r.header("location"), Some("/acts/17"));
    assert_eq!(r.header("retry-after"), Some("120"));
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert_eq!(r.header("content-length"), Some("13"));
    let links: Vec<_> = r.headers.get_all("link").iter().collect();
    assert_eq!(links.len(), 2, "{:?}", r.headers);
    for hop in [
        "x-hop",
        "keep-alive",
        "proxy-connection",
        "proxy-authenticate",
        "proxy-authorization",
        "trailer",
        "te",
        "upgrade",
        "transfer-encoding",
    ] {
        assert_eq!(r.header(hop), None, "{hop}: {:?}", r.headers);
    }
    assert_ne!(r.header("connection"), Some("keep-alive, X-Hop"));
}

/// A rejection answered while the client is still sending (its declared length is over
/// the limit, or its first bytes leave the form) reaches the client whole, and the
/// client can finish sending: the server half-closes and reads on for a while (up to a
/// few megabytes) rather than resetting the connection under the answer.
#[tokio::test]
async fn an_early_rejection_reaches_a_client_still_sending() {
    let server = Server::start(&["--body-timeout", "30"]);
    const BODY: usize = 8_000_000;
    let mut body = vec![b' '; BODY];
    body[0] = b'['; // The tree form wants an object.
    let mut chunked = Vec::with_capacity(BODY + 4096);
    for piece in body.chunks(65536) {
        chunked.extend_from_slice(&chunk(piece));
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let sized = format!("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {BODY}\r\n\r\n");
    let streamed =
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n".to_owned();
    for round in 0..3 {
        for (name, head, body) in [("sized", &sized, &body), ("chunked", &streamed, &chunked)] {
            for read_while_sending in [true, false] {
                let case =
                    format!("{name}, round {round}, reading while sending: {read_while_sending}");
                let (got, write_error, read_error) = send_while_rejected(
                    server.addr,
                    head.clone(),
                    body.clone(),
                    read_while_sending,
                )
                .await;
                let text = String::from_utf8_lossy(&got);
                assert!(
                    text.starts_with("HTTP/1.1 204 "),
                    "{case}: {text:?}, {read_error:?}"
                );
                assert!(text.ends_with("\r\n\r\n"), "{case}: {text:?}");
                assert!(read_error.is_none(), "{case}: reading: {read_error:?}");
                assert!(write_error.is_none(), "{case}: writing: {write_error:?}");
            }
        }
    }
}

#[test]
fn startup_errors_exit_1_or_2() {
    let bad_form = temp_file("bad.form.json", br#"{"type":"string","frobnicate":1}"#);
    let out = serve_fails(&[bad_form.to_str().expect("UTF-8"), "--addr", "127.0.0.1:0"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("frobnicate"));

    let bad_messages = temp_file("bad.messages.json", br#"[{"role":"user"}]"#);
    let out = serve_fails(&[
        "--messages",
        bad_messages.to_str().expect("UTF-8"),
        "--addr",
        "127.0.0.1:0",
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");

    for url in ["ftp://127.0.0.1/", "not a url", "https:///no-host"] {
        let out = serve_fails(&["--upstream", url, "--addr", "127.0.0.1:0"]);
        assert_eq!(out.status.code(), Some(2), "{url}: {out:?}");
    }
    let out = serve_fails(&["--body-timeout", "0", "--addr", "127.0.0.1:0"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    // Counts beyond what the server can hold are refused at start, naming the flag
    // (18446744073709551615 connections used to panic, past the semaphore's limit).
    for (flag, n) in [
        ("--max-connections", "0"),
        ("--max-connections", "18446744073709551615"),
        ("--max-bytes", "18446744073709551615"),
    ] {
        let out = serve_fails(&[flag, n, "--addr", "127.0.0.1:0"]);
        assert_eq!(out.status.code(), Some(2), "{flag} {n}: {out:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(flag),
            "{out:?}"
        );
    }

    let taken = Server::start(&[]);
    let out = serve_fails(&["--addr", &taken.addr.to_string()]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot listen"));
}

#[cfg(unix)]
#[tokio::test]
async fn sigterm_stops_the_server_cleanly() {
    let mut server = Server::start(&[]);
    assert_eq!(get(&server.url(), &[]).await.status, StatusCode::OK);
    assert_eq!(server.terminate(), Some(0));
    let deadline = Instant::now() + Duration::from_secs(10);
    while !server.stderr_lines().iter().any(|l| l.ends_with("stopped")) {
        assert!(Instant::now() < deadline, "{:?}", server.stderr_lines());
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_acts_from_fifty_clients() {
    const CLIENTS: usize = 50;
    const ACTS_PER_CLIENT: usize = 200;
    let server = Server::start(&[]);
    let url = server.url();
    // Every body labelled where it is made: the lists above by hand, the rest by
    // construction (serve_support/acts.rs); none by the verifier under test.
    let status = |admitted| {
        if admitted {
            StatusCode::OK
        } else {
            StatusCode::NO_CONTENT
        }
    };
    let bodies: Vec<(Vec<u8>, StatusCode, &str)> = admitted()
        .into_iter()
        .map(|b| (b, status(true), "admitted()"))
        .chain(
            refused()
                .into_iter()
                .map(|b| (b, status(false), "refused()")),
        )
        .chain(
            acts::mixed(0x5eed, 200)
                .into_iter()
                .map(|a| (a.body, status(a.admitted), a.how)),
        )
        .collect();
    assert!(bodies.iter().any(|b| b.1 == StatusCode::OK));
    assert!(bodies.iter().any(|b| b.1 == StatusCode::NO_CONTENT));
    let bodies = std::sync::Arc::new(bodies);

    let started = Instant::now();
    let mut tasks = Vec::new();
    for c in 0..CLIENTS {
        let url = url.clone();
        let bodies = std::sync::Arc::clone(&bodies);
        tasks.push(tokio::spawn(async move {
            // Each client keeps its own connection alive.
            let client = client();
            let mut latencies = Vec::with_capacity(ACTS_PER_CLIENT);
            let mut wrong = Vec::new();
            for i in 0..ACTS_PER_CLIENT {
                let (body, expected, how) = &bodies[(c * 7 + i) % bodies.len()];
                let actor = format!("client-{c}");
                let t = Instant::now();
                let r =
                    send_with(&client, Method::POST, &url, &[("gpt-actor", &actor)], body).await;
                latencies.push(t.elapsed());
                let ok_body = if *expected == StatusCode::OK {
                    &r.body[..] == br#"{"accepted":true}"#
                } else {
                    r.body.is_empty()
                };
                if r.status != *expected || !ok_body {
                    let shown = String::from_utf8_lossy(body).into_owned();
                    wrong.push((*how, shown, r.status));
                }
            }
            (latencies, wrong)
        }));
    }
    let mut latencies = Vec::with_capacity(CLIENTS * ACTS_PER_CLIENT);
    let mut wrong = Vec::new();
    let all = async {
        for t in tasks {
            let (l, w) = t.await.expect("a client task");
            latencies.extend(l);
            wrong.extend(w);
        }
    };
    tokio::time::timeout(Duration::from_secs(300), all)
        .await
        .expect("10,000 acts within five minutes");
    let elapsed = started.elapsed();
    assert!(wrong.is_empty(), "wrong verdicts: {wrong:?}");
    assert_eq!(latencies.len(), CLIENTS * ACTS_PER_CLIENT);
    let p50 = percentile(&mut latencies, 50.0);
    let p99 = percentile(&mut latencies, 99.0);
    let rate = latencies.len() as f64 / elapsed.as_secs_f64();
    eprintln!(
        "serve load: {} acts from {CLIENTS} clients in {:.2} s: {rate:.0} acts/s, p50 {:.2} ms, p99 {:.2} ms",
        latencies.len(),
        elapsed.as_secs_f64(),
        p50.as_secs_f64() * 1000.0,
        p99.as_secs_f64() * 1000.0,
    );
    // Every act was logged.
    server.wait_for_acts(CLIENTS * ACTS_PER_CLIENT);
}
