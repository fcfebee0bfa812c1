//! Helpers for tests/serve.rs and tests/serve_ops.rs: the built `formgate serve` on a
//! loopback port, an HTTP client, raw TCP exchanges, and a test upstream.
//!
//! Every wait here is bounded: a server that does not start, a response that does not
//! come, a log line that is not written, each fails the test after a few seconds
//! instead of hanging it. Servers are killed when their handle is dropped.

#![allow(dead_code)] // Each test uses some of the helpers.

pub mod acts;
pub mod golden;

use std::convert::Infallible;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::header::HeaderMap;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How long any single exchange may take before the test fails.
pub const STEP: Duration = Duration::from_secs(20);

/// A path under the repository's `examples/`.
pub fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("examples")
        .join(name)
}

/// The bytes of `examples/NAME`.
pub fn example_bytes(name: &str) -> Vec<u8> {
    std::fs::read(example(name)).expect("example file")
}

/// A file with `contents` in a fresh temporary directory, kept for the process.
pub fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "formgate-serve-test-{}-{}",
        std::process::id(),
        name.replace(['/', '.'], "_")
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = dir.join(name);
    std::fs::write(&p, contents).expect("temp file");
    p
}

/// A running `formgate serve` child process on a loopback port.
pub struct Server {
    child: Child,
    /// The address it bound.
    pub addr: SocketAddr,
    lines: Arc<Mutex<Vec<String>>>,
    /// Standard error left unread (see [`Server::start_unread`]).
    unread: Option<BufReader<ChildStderr>>,
}

/// The address in a line that says `… on http://ADDR…`, text or JSON.
fn address_after(line: &str, marker: &str) -> Option<String> {
    let rest = line.split(marker).nth(1)?;
    Some(
        rest.chars()
            .take_while(|c| !c.is_whitespace() && *c != '"' && *c != '/')
            .collect(),
    )
}

impl Server {
    /// Start `formgate serve --addr 127.0.0.1:0 ARGS...` and wait until it listens.
    pub fn start(args: &[&str]) -> Server {
        let mut server = Server::start_unread(args);
        server.read_stderr();
        server
    }

    /// Like [`Server::start`], but once the server listens, leave its standard error
    /// unread (the pipe open, nobody reading) until [`Server::read_stderr`].
    pub fn start_unread(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_formgate"))
            .arg("serve")
            .args(["--addr", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the formgate binary runs");
        let stderr = child.stderr.take().expect("piped");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let sink = Arc::clone(&lines);
        // Read standard error up to the line that gives the address, then hand the
        // rest back unread.
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stderr);
            let mut line = String::new();
            while matches!(reader.read_line(&mut line), Ok(n) if n > 0) {
                let text = line.trim_end().to_owned();
                line.clear();
                let addr = address_after(&text, "listening on http://")
                    .or_else(|| address_after(&text, "listening on https://"));
                sink.lock().expect("log lock").push(text);
                if let Some(addr) = addr {
                    let _ = tx.send((addr, reader));
                    return;
                }
            }
        });
        let (addr, unread) = match rx.recv_timeout(STEP) {
            Ok((a, reader)) => (a.parse().expect("a socket address"), reader),
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "formgate serve did not start; stderr: {:?}",
                    lines.lock().expect("log lock")
                );
            }
        };
        Server {
            child,
            addr,
            lines,
            unread: Some(unread),
        }
    }

    /// Read standard error from here on, for the whole life of the child, so the log
    /// never finds the pipe full.
    pub fn read_stderr(&mut self) {
        let Some(reader) = self.unread.take() else {
            return;
        };
        let sink = Arc::clone(&self.lines);
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { break };
                sink.lock().expect("log lock").push(line);
            }
        });
    }

    /// `http://ADDR/` of the operator's listener (`--metrics-addr`), from its startup
    /// line.
    pub fn metrics_url(&self) -> String {
        let addr = self
            .stderr_lines()
            .iter()
            .find_map(|l| address_after(l, "metrics on http://"))
            .expect("a `metrics on` line before `listening on`");
        format!("http://{addr}/")
    }

    /// `http://ADDR/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Everything written to standard error so far.
    pub fn stderr_lines(&self) -> Vec<String> {
        self.lines.lock().expect("log lock").clone()
    }

    /// The act lines logged so far.
    pub fn act_lines(&self) -> Vec<String> {
        self.stderr_lines()
            .into_iter()
            .filter(|l| l.contains(" act verdict="))
            .collect()
    }

    /// Wait (bounded) for an act line containing every one of `parts`.
    pub fn wait_for_act(&self, parts: &[&str]) -> String {
        self.wait_for_line(&format!("an act line with {parts:?}"), |l| {
            l.contains(" act verdict=") && parts.iter().all(|p| l.contains(p))
        })
    }

    /// Wait (bounded) for a line of standard error for which `wanted` holds; `what`
    /// names it in the failure.
    pub fn wait_for_line(&self, what: &str, wanted: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(l) = self.stderr_lines().into_iter().find(|l| wanted(l)) {
                return l;
            }
            assert!(
                Instant::now() < deadline,
                "no line: {what}; log: {:#?}",
                self.stderr_lines()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Server {
    /// Wait (bounded) until exactly `n` act lines are logged; more is a failure.
    pub fn wait_for_acts(&self, n: usize) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let lines = self.act_lines();
            assert!(lines.len() <= n, "more than {n} act lines: {lines:#?}");
            if lines.len() == n {
                return lines;
            }
            assert!(
                Instant::now() < deadline,
                "{} act lines, not {n}: {lines:#?}",
                lines.len()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Server {
    /// Send SIGTERM and wait (bounded) for the process to exit: its exit code.
    #[cfg(unix)]
    pub fn terminate(&mut self) -> Option<i32> {
        self.signal("TERM");
        self.wait_exit(Duration::from_secs(10))
    }

    /// Send the signal `name` (`TERM`, `INT`).
    #[cfg(unix)]
    pub fn signal(&self, name: &str) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill")
            .args([&format!("-{name}"), &pid])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -{name} {pid}");
    }

    /// Wait up to `within` for the process to exit: its exit code.
    pub fn wait_exit(&mut self, within: Duration) -> Option<i32> {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code();
            }
            assert!(
                Instant::now() < deadline,
                "still running {within:?} after the signal"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Run `formgate serve ARGS...` expecting it to fail at startup (bounded).
pub fn serve_fails(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_formgate"))
        .arg("serve")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the formgate binary runs");
    let deadline = Instant::now() + STEP;
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "formgate serve {args:?} kept running: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// An HTTP/1.1 client keeping one pool of connections.
pub fn client() -> Client<HttpConnector, Full<Bytes>> {
    Client::builder(TokioExecutor::new()).build_http()
}

/// A response, read whole.
#[derive(Debug)]
pub struct Reply {
    /// The status.
    pub status: StatusCode,
    /// The headers.
    pub headers: HeaderMap,
    /// The body.
    pub body: Bytes,
}

impl Reply {
    /// A header's value as text, if present.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .get(name)
            .map(|v| v.to_str().expect("ASCII header"))
    }
}

/// Send one request with a fresh client (bounded by [`STEP`]).
pub async fn send(method: Method, url: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    send_with(&client(), method, url, headers, body).await
}

/// Send one request with `client` (bounded by [`STEP`]).
pub async fn send_with(
    client: &Client<HttpConnector, Full<Bytes>>,
    method: Method,
    url: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let mut req = Request::new(Full::new(Bytes::copy_from_slice(body)));
    *req.method_mut() = method;
    *req.uri_mut() = url.parse().expect("URL");
    for (k, v) in headers {
        req.headers_mut().append(
            hyper::header::HeaderName::from_bytes(k.as_bytes()).expect("header name"),
            v.parse().expect("header value"),
        );
    }
    let exchange = async {
        let r = client.request(req).await.expect("the request succeeds");
        let (parts, body) = r.into_parts();
        let body = body.collect().await.expect("the body arrives").to_bytes();
        Reply {
            status: parts.status,
            headers: parts.headers,
            body,
        }
    };
    tokio::time::timeout(STEP, exchange)
        .await
        .expect("the exchange finishes in time")
}

/// A GET of `url` with these headers.
pub async fn get(url: &str, headers: &[(&str, &str)]) -> Reply {
    send(Method::GET, url, headers, b"").await
}

/// A POST of `body` to `url`.
pub async fn post(url: &str, body: &[u8]) -> Reply {
    send(Method::POST, url, &[], body).await
}

/// What a raw exchange saw: the bytes read until the peer closed (or reset, or the
/// time ran out), and how long until the first byte and until the end.
#[derive(Debug)]
pub struct RawReply {
    /// The bytes read.
    pub bytes: Vec<u8>,
    /// Until the first byte, if any came.
    pub first_byte: Option<Duration>,
    /// Until the connection ended, if it did within the wait.
    pub closed: Option<Duration>,
}

impl RawReply {
    /// The bytes as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}

/// Connect to `addr`, write each of `writes` after its delay (stopping quietly at the
/// first write error: the server may have answered and closed), while reading
/// everything the server sends until it closes or `wait` has passed.
pub async fn raw(addr: SocketAddr, writes: Vec<(Duration, Vec<u8>)>, wait: Duration) -> RawReply {
    let stream = TcpStream::connect(addr).await.expect("connect");
    let (mut rd, mut wr) = stream.into_split();
    let started = Instant::now();
    let writer = tokio::spawn(async move {
        for (delay, bytes) in writes {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            if wr.write_all(&bytes).await.is_err() {
                return;
            }
        }
        // Keep the write half open: half-closing could end the request early.
        std::future::pending::<()>().await;
    });
    let mut bytes = Vec::new();
    let mut first_byte = None;
    let mut closed = None;
    let mut buf = [0u8; 8192];
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline, rd.read(&mut buf)).await {
            Err(_) => break,
            Ok(Ok(0)) | Ok(Err(_)) => {
                closed = Some(started.elapsed());
                break;
            }
            Ok(Ok(n)) => {
                first_byte.get_or_insert_with(|| started.elapsed());
                bytes.extend_from_slice(&buf[..n]);
            }
        }
    }
    writer.abort();
    RawReply {
        bytes,
        first_byte,
        closed,
    }
}

/// `data` as one chunk of the chunked transfer coding.
pub fn chunk(data: &[u8]) -> Vec<u8> {
    let mut c = format!("{:x}\r\n", data.len()).into_bytes();
    c.extend_from_slice(data);
    c.extend_from_slice(b"\r\n");
    c
}

/// What the test upstream received: headers and exact body of each request.
pub type Received = Arc<Mutex<Vec<(Method, String, HeaderMap, Bytes)>>>;

/// A test upstream on a loopback port, answering every request with `status`,
/// `Content-Type: text/plain` and `reply`, after recording it. Stops with the runtime.
pub async fn upstream(status: StatusCode, reply: &'static str) -> (SocketAddr, Received) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("local address");
    let received: Received = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&received);
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            let seen = Arc::clone(&seen);
            let service = hyper::service::service_fn(move |req: Request<Incoming>| {
                let seen = Arc::clone(&seen);
                async move {
                    let (parts, body) = req.into_parts();
                    let body = body
                        .collect()
                        .await
                        .map(|b| b.to_bytes())
                        .unwrap_or_default();
                    seen.lock().expect("lock").push((
                        parts.method,
                        parts.uri.to_string(),
                        parts.headers,
                        body,
                    ));
                    let mut r = Response::new(Full::new(Bytes::from_static(reply.as_bytes())));
                    *r.status_mut() = status;
                    r.headers_mut()
                        .insert("content-type", "text/plain".parse().expect("value"));
                    Ok::<_, Infallible>(r)
                }
            });
            tokio::spawn(async move {
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    (addr, received)
}

/// A loopback address where nothing listens (bound, then closed).
pub async fn closed_port() -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    l.local_addr().expect("local address")
}

/// The `p`-th percentile (nearest rank) of `samples`, which it sorts.
pub fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort_unstable();
    let rank = ((p / 100.0) * samples.len() as f64).ceil() as usize;
    samples[rank.clamp(1, samples.len()) - 1]
}

/// A scripted upstream on a loopback port: on each connection it reads one request
/// (the head, then a `Content-Length` body), then hands the connection to `answer`,
/// which writes what it likes and keeps the connection as long as it likes. Stops with
/// the runtime.
pub async fn raw_upstream<F, Fut>(answer: F) -> SocketAddr
where
    F: Fn(TcpStream) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("local address");
    let answer = Arc::new(answer);
    tokio::spawn(async move {
        loop {
            let Ok((mut stream, _)) = listener.accept().await else {
                return;
            };
            let answer = Arc::clone(&answer);
            tokio::spawn(async move {
                if read_request(&mut stream).await.is_some() {
                    answer(stream).await;
                }
            });
        }
    });
    addr
}

/// Read one request with a `Content-Length` body (or none) from `stream`: its head.
async fn read_request(stream: &mut TcpStream) -> Option<String> {
    let mut got = Vec::new();
    let mut buf = [0u8; 8192];
    let end = loop {
        if let Some(at) = got.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        let n = stream.read(&mut buf).await.ok()?;
        if n == 0 {
            return None;
        }
        got.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&got[..end]).into_owned();
    let length: usize = head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.trim().parse().ok())
        .unwrap_or(0);
    let mut body = got.len() - end;
    while body < length {
        let n = stream.read(&mut buf).await.ok()?;
        if n == 0 {
            return None;
        }
        body += n;
    }
    Some(head)
}

/// `POST /` of `body` with its `Content-Length`, as raw bytes.
pub fn post_bytes(body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

/// What a client that sends `head` and `body` whole saw of an early rejection: the
/// bytes it read, and the errors that ended its writing or reading, if any.
pub async fn send_while_rejected(
    addr: SocketAddr,
    head: String,
    body: Vec<u8>,
    read_while_sending: bool,
) -> (Vec<u8>, Option<std::io::Error>, Option<std::io::Error>) {
    let stream = TcpStream::connect(addr).await.expect("connect");
    let (mut rd, mut wr) = stream.into_split();
    let writer = tokio::spawn(async move {
        wr.write_all(head.as_bytes()).await?;
        for piece in body.chunks(65536) {
            wr.write_all(piece).await?;
        }
        // Keep the connection open: the server decides when it ends.
        Ok::<_, std::io::Error>(wr)
    });
    let written = async {
        match tokio::time::timeout(STEP, writer).await {
            Err(_) => panic!("the body was not sent in time"),
            Ok(result) => result.expect("the writing task"),
        }
    };
    // Like a client that writes the whole request before it reads, or one that reads
    // as it writes.
    let mut written = Box::pin(written);
    let mut write_error = None;
    let mut kept = None;
    if !read_while_sending {
        match written.as_mut().await {
            Ok(wr) => kept = Some(wr),
            Err(e) => write_error = Some(e),
        }
    }
    let mut got = Vec::new();
    let mut buf = [0u8; 8192];
    let read_error = loop {
        match tokio::time::timeout(STEP, rd.read(&mut buf)).await {
            Err(_) => panic!("no end to the answer: {:?}", String::from_utf8_lossy(&got)),
            Ok(Ok(0)) => break None,
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
            Ok(Err(e)) => break Some(e),
        }
    };
    if read_while_sending {
        match written.await {
            Ok(wr) => kept = Some(wr),
            Err(e) => write_error = Some(e),
        }
    }
    drop(kept);
    (got, write_error, read_error)
}
