//! The golden exchanges of an address, shared by `formgate serve`'s and formgate-axum's
//! golden tests: the requests, a reader of one answer, and the comparison with a golden
//! file (written anew with `FORMGATE_BLESS=1`). Only tokio and the standard library, so
//! that both packages' tests can include it.

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

/// The form, prompt and messages served.
pub const FORM: &[u8] = br#"{"type":"object","properties":{"n":{"type":"integer","maximum":5}},"required":["n"],"additionalProperties":false}"#;
/// The prompt served.
pub const PROMPT: &str = "Send n, at most 5.";
/// The messages served.
pub const MESSAGES: &[u8] = br#"[{"role":"user","content":"three"}]"#;

/// What the address serves, as the library makes it: the form (with `max_bytes` 64),
/// the messages, the entity tag of the published body, and the page for people of an
/// address of type `golden`.
pub fn served() -> (
    formgate::Form,
    Vec<formgate::publish::Message>,
    String,
    String,
) {
    let form = formgate::Form::builder()
        .max_bytes(64)
        .compile(FORM)
        .expect("the form compiles");
    let messages = formgate::publish::Message::list_from_json(MESSAGES).expect("messages");
    let etag = form.publish(PROMPT, &messages).etag().to_owned();
    let page = formgate::publish::page(&form, PROMPT, &messages, None, Some("golden"));
    (form, messages, etag, page)
}

/// One request of the golden exchanges: its name and its writes, each after its delay.
pub type Exchange = (&'static str, Vec<(Duration, Vec<u8>)>);

/// `data` as one chunk of the chunked transfer coding.
fn chunk(data: &[u8]) -> Vec<u8> {
    let mut c = format!("{:x}\r\n", data.len()).into_bytes();
    c.extend_from_slice(data);
    c.extend_from_slice(b"\r\n");
    c
}

/// The requests, each named, each alone on a kept-alive connection (so that the
/// answer says `Connection: close` only when the server means to close).
pub fn exchanges(etag: &str) -> Vec<Exchange> {
    exchange_writes(etag)
        .into_iter()
        .map(|(name, writes)| {
            // Every write but the first comes a moment later, as a slow sender's would.
            let writes = writes
                .into_iter()
                .enumerate()
                .map(|(i, w)| (Duration::from_millis(if i == 0 { 0 } else { 50 }), w))
                .collect();
            (name, writes)
        })
        .collect()
}

/// The requests of [`exchanges`], their writes without delays.
fn exchange_writes(etag: &str) -> Vec<(&'static str, Vec<Vec<u8>>)> {
    let req = |head: &str| format!("{head}\r\nHost: t\r\n\r\n").into_bytes();
    let post_with = |headers: &str, body: &[u8]| {
        let mut r = format!(
            "POST / HTTP/1.1\r\nHost: t\r\n{headers}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        r.extend_from_slice(body);
        vec![r]
    };
    let post = |body: &[u8]| post_with("", body);
    let chunked = "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n";
    vec![
        ("GET", vec![req("GET / HTTP/1.1")]),
        ("GET with a query", vec![req("GET /?x=1 HTTP/1.1")]),
        ("HEAD", vec![req("HEAD / HTTP/1.1")]),
        (
            "GET for people",
            vec![req("GET / HTTP/1.1\r\nAccept: text/html")],
        ),
        (
            "GET with a matching If-None-Match",
            vec![req(&format!("GET / HTTP/1.1\r\nIf-None-Match: {etag}"))],
        ),
        (
            "GET with another If-None-Match",
            vec![req("GET / HTTP/1.1\r\nIf-None-Match: \"fg-0\"")],
        ),
        ("GET of another path", vec![req("GET /other HTTP/1.1")]),
        ("DELETE", vec![req("DELETE / HTTP/1.1")]),
        ("OPTIONS /", vec![req("OPTIONS / HTTP/1.1")]),
        ("OPTIONS *", vec![req("OPTIONS * HTTP/1.1")]),
        ("an accepted act", post(br#"{"n":3}"#)),
        (
            "an act for the form served (If-Match)",
            post_with(&format!("If-Match: {etag}\r\n"), br#"{"n":3}"#),
        ),
        (
            "an act for another form (If-Match)",
            post_with("If-Match: \"fg-0\"\r\n", br#"{"n":3}"#),
        ),
        ("an act the form does not admit", post(br#"{"n":9}"#)),
        ("an act that is not strict JSON", post(br#"{"n":1,"n":2}"#)),
        ("an empty act", post(b"")),
        (
            "an act declared longer than max_bytes",
            vec![b"POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n".to_vec()],
        ),
        (
            "a chunked act that leaves the form in its first chunk",
            vec![
                [chunked.as_bytes(), &chunk(b"[")].concat(),
                chunk(b"1]"),
                b"0\r\n\r\n".to_vec(),
            ],
        ),
        (
            "a chunked act accepted",
            vec![
                [chunked.as_bytes(), &chunk(br#"{"n""#)].concat(),
                chunk(b":0}"),
                b"0\r\n\r\n".to_vec(),
            ],
        ),
    ]
}

/// Write `writes` (each after its delay) on a fresh connection, and read one answer
/// whole: its head, then as many body bytes as `Content-Length` says (none for `HEAD`,
/// `204` and `304`), or the chunks to the last one.
async fn answer_to(
    addr: std::net::SocketAddr,
    writes: Vec<(Duration, Vec<u8>)>,
    head_only: bool,
) -> Vec<u8> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let (mut rd, mut wr) = stream.into_split();
    let writer = tokio::spawn(async move {
        for (delay, bytes) in writes {
            tokio::time::sleep(delay).await;
            if wr.write_all(&bytes).await.is_err() {
                break;
            }
        }
        std::future::pending::<()>().await;
    });
    let read = async {
        let mut got = Vec::new();
        let mut buf = [0u8; 8192];
        loop {
            if let Some(end) = complete(&got, head_only) {
                got.truncate(end);
                return got;
            }
            let n = rd.read(&mut buf).await.expect("read");
            assert!(
                n > 0,
                "closed before a whole answer: {:?}",
                String::from_utf8_lossy(&got)
            );
            got.extend_from_slice(&buf[..n]);
        }
    };
    let got = tokio::time::timeout(Duration::from_secs(20), read)
        .await
        .expect("an answer in time");
    writer.abort();
    got
}

/// Where the first answer in `got` ends, once it is all there.
fn complete(got: &[u8], head_only: bool) -> Option<usize> {
    let head_end = got.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let head = String::from_utf8_lossy(&got[..head_end]).to_ascii_lowercase();
    let status = &head[9..12];
    if head_only || status == "204" || status == "304" {
        return Some(head_end);
    }
    if head.contains("\r\ntransfer-encoding: chunked") {
        let at = got[head_end..].windows(5).position(|w| w == b"0\r\n\r\n")?;
        return Some(head_end + at + 5);
    }
    let length: usize = head
        .split("\r\n")
        .find_map(|l| l.strip_prefix("content-length:"))
        .map_or(0, |v| v.trim().parse().expect("a length"));
    (got.len() >= head_end + length).then_some(head_end + length)
}

/// The answer as the golden file holds it: `Date`'s value and the page replaced.
fn normalize(raw: &[u8], page: &str) -> String {
    let text = String::from_utf8(raw.to_vec()).expect("answers are UTF-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("a whole head");
    let mut out = String::new();
    let is_page = body == page;
    for line in head.split("\r\n") {
        let lower = line.to_ascii_lowercase();
        if lower.starts_with("date:") {
            out.push_str("date: <DATE>\n");
        } else if is_page && lower.starts_with("content-length:") {
            out.push_str("content-length: <PAGE LENGTH>\n");
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push('\n');
    if is_page {
        out.push_str("<PAGE>");
    } else {
        out.push_str(body);
    }
    out.push('\n');
    out
}

/// Send every exchange to `addr` and write the answers as the golden file holds them
/// (`page` is the body of the page for people, replaced by a placeholder).
pub async fn one_answer(addr: SocketAddr, exchanges: Vec<Exchange>, page: &str) -> String {
    let mut got = String::new();
    for (name, writes) in exchanges {
        let bytes = answer_to(addr, writes, name.starts_with("HEAD")).await;
        got.push_str(&format!(">>> {name}\n"));
        got.push_str(&normalize(&bytes, page));
    }
    got
}

/// Hold `got` to the golden file at `path` (written anew under `FORMGATE_BLESS=1`).
pub fn check(got: &str, path: &Path) {
    if std::env::var_os("FORMGATE_BLESS").is_some() {
        std::fs::write(path, got).expect("write the golden file");
    }
    let want = std::fs::read_to_string(path).expect("the golden file");
    let differ: Vec<String> = got
        .lines()
        .zip(want.lines())
        .enumerate()
        .filter(|(_, (g, w))| g != w)
        .map(|(n, (g, w))| format!("line {}: got {g:?}, want {w:?}", n + 1))
        .collect();
    assert!(
        got == want,
        "the answers differ from {} ({} lines, {} in the file):\n{}\n\nall that was got:\n{got}",
        path.display(),
        got.lines().count(),
        want.lines().count(),
        differ.join("\n")
    );
}
