//! `formgate serve` over HTTP/2 with prior knowledge, driven frame by frame (the `h2`
//! crate): what a client can do with flow control and stream multiplexing must not
//! let it hold a connection, an upstream or memory beyond what the operator allows.
//!
//! Only 127.0.0.1; every wait is bounded; every server is killed by its handle.

mod serve_support;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hyper::body::Bytes;
use hyper::{Method, Request, StatusCode};
use serve_support::*;
use tokio::io::AsyncWriteExt as _;
use tokio::net::TcpStream;

/// An HTTP/2 client connection to `server` whose own receive window is `window`: the
/// handle to send on, and the connection's task (it ends when the connection does).
async fn connect(
    server: &Server,
    window: u32,
) -> (
    h2::client::SendRequest<Bytes>,
    tokio::task::JoinHandle<Result<(), h2::Error>>,
) {
    let tcp = TcpStream::connect(server.addr).await.expect("connect");
    let (send, conn) = h2::client::Builder::new()
        .initial_window_size(window)
        .handshake(tcp)
        .await
        .expect("an HTTP/2 handshake");
    (send, tokio::spawn(conn))
}

/// A request for `server`'s address.
fn request(server: &Server, method: Method) -> Request<()> {
    Request::builder()
        .method(method)
        .uri(format!("http://{}/", server.addr))
        .body(())
        .expect("a request")
}

/// A `GET` on a connection whose client gives each answer `window` bytes and reads none
/// of them, with the header time-out `header`: the time until the server cuts it
/// (failing past 8 s: held for ever).
async fn cut_after(window: u32, header: &str) -> Duration {
    let form = temp_file("h2-window.form.json", br#"{"type":"object"}"#);
    let server = Server::start(&[
        form.to_str().expect("UTF-8 path"),
        "--header-timeout",
        header,
        "--write-timeout",
        "1",
    ]);
    let (mut send, conn) = connect(&server, window).await;
    let started = Instant::now();
    let (answer, _) = send
        .send_request(request(&server, Method::GET), true)
        .expect("a stream");
    let answer = tokio::time::timeout(STEP, answer)
        .await
        .expect("a head in time")
        .expect("a head");
    assert_eq!(answer.status(), StatusCode::OK);
    tokio::time::timeout(Duration::from_secs(8), conn)
        .await
        .expect("the connection is cut, not held for ever")
        .expect("the task")
        .expect("closed");
    started.elapsed()
}

/// A client that gives an answer no flow-control window gets its head, but cannot hold
/// the connection: an answer not sent whole within the write time-out of its head cuts
/// it.
#[tokio::test]
async fn an_answer_left_without_window_does_not_hold_the_connection() {
    let took = cut_after(0, "60").await;
    assert!(took >= Duration::from_millis(900), "{took:?}");
}

/// A client that gives an answer a window of one byte takes a byte of it, and the rest
/// is handed to the HTTP/2 layer whole, where it waits: once the connection has been
/// idle for the header time-out it is closed, and cut when nothing has left it for the
/// write time-out.
#[tokio::test]
async fn an_answer_left_unread_does_not_hold_a_closing_connection() {
    let took = cut_after(1, "1").await;
    assert!(took >= Duration::from_millis(1900), "{took:?}");
}

/// An upstream's answer relayed to a client that gives it no window ends at
/// `--upstream-max-duration` (and the write time-out), however long the connection may
/// stay open otherwise: the upstream is let go.
#[tokio::test]
async fn a_relay_without_window_ends_at_the_longest_answer() {
    let cut: Arc<Mutex<Option<Instant>>> = Arc::new(Mutex::new(None));
    let seen = Arc::clone(&cut);
    let up = raw_upstream(move |mut s| {
        let seen = Arc::clone(&seen);
        async move {
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";
            if s.write_all(head.as_bytes()).await.is_ok() {
                // Events for ever, until the connection is gone.
                loop {
                    let event = chunk(b"data: {}\n\n");
                    if s.write_all(&event).await.is_err() {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
            *seen.lock().expect("lock") = Some(Instant::now());
        }
    })
    .await;
    let form = temp_file("h2-relay.form.json", br#"{"type":"object"}"#);
    let server = Server::start(&[
        form.to_str().expect("UTF-8 path"),
        "--upstream",
        &format!("http://{up}/"),
        "--header-timeout",
        "60",
        "--write-timeout",
        "1",
        "--upstream-max-duration",
        "1",
        "--upstream-idle-timeout",
        "1",
    ]);
    let (mut send, conn) = connect(&server, 0).await;
    let started = Instant::now();
    let (answer, mut body) = send
        .send_request(request(&server, Method::POST), false)
        .expect("a stream");
    body.send_data(Bytes::from_static(b"{}"), true)
        .expect("the body");
    let answer = tokio::time::timeout(STEP, answer)
        .await
        .expect("a head in time")
        .expect("a head");
    assert_eq!(answer.status(), StatusCode::OK);
    // Cut with a stream unfinished: how the client's side ends does not matter.
    let _ended = tokio::time::timeout(Duration::from_secs(8), conn)
        .await
        .expect("the connection is cut at the longest answer")
        .expect("the task");
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(at) = *cut.lock().expect("lock") {
            assert!(at.duration_since(started) < Duration::from_secs(8));
            break;
        }
        assert!(Instant::now() < deadline, "the upstream is let go");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop((send, answer));
}

/// However many streams a client opens, one connection cannot make the server hold
/// more of its act bodies than a few acts' worth: acts that are forwarded are read a
/// few at a time, the others wait unread behind small flow-control windows.
#[tokio::test]
async fn many_streams_cannot_make_one_connection_hold_their_bodies() {
    let (up, _) = upstream(StatusCode::OK, "{}").await;
    let form = temp_file("h2-memory.form.json", br#"{"type":"object"}"#);
    let server = Server::start(&[
        form.to_str().expect("UTF-8 path"),
        "--upstream",
        &format!("http://{up}/"),
        "--body-timeout",
        "60",
    ]);
    let (mut send, conn) = connect(&server, 65_535).await;
    const STREAMS: usize = 32;
    const EACH: usize = 1_000_000;
    let mut bodies = Vec::new();
    let mut answers = Vec::new();
    for _ in 0..STREAMS {
        send = send.ready().await.expect("room for a stream");
        let (answer, mut body) = send
            .send_request(request(&server, Method::POST), false)
            .expect("a stream");
        body.send_data(Bytes::from_static(b"{\"a\":"), false)
            .expect("the start of a body");
        body.reserve_capacity(EACH);
        answers.push(answer);
        bodies.push((body, 0usize));
    }
    // Send whatever the server's windows let through, until it lets nothing more
    // through for half a second (or every body is sent: a failure).
    let spaces = Bytes::from(vec![b' '; 16 * 1024]);
    let mut quiet_since = Instant::now();
    let mut total = 0usize;
    while quiet_since.elapsed() < Duration::from_millis(500) && total < STREAMS * EACH {
        let mut moved = false;
        for (body, sent) in &mut bodies {
            let room = body.capacity().min(EACH - *sent).min(spaces.len());
            if room > 0 {
                body.send_data(spaces.slice(..room), false).expect("data");
                *sent += room;
                total += room;
                body.reserve_capacity(EACH - *sent);
                moved = true;
            }
        }
        if moved {
            quiet_since = Instant::now();
        } else {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    // 32 streams' windows of 64 KiB unread, and 4 acts of at most 1 MiB read.
    assert!(
        total <= (6 << 20) + (64 << 10),
        "one connection made the server take {total} bytes of unanswered bodies"
    );
    assert!(total > 1 << 20, "acts are read at all: {total} bytes");
    drop((send, answers, bodies, conn));
}

/// An act whose stream ends with an empty `DATA` frame after all its declared bytes is
/// the same act as one whose last frame ends it.
#[tokio::test]
async fn an_act_that_ends_with_an_empty_frame_is_accepted() {
    let form = temp_file("h2-empty.form.json", br#"{"type":"object"}"#);
    let server = Server::start(&[form.to_str().expect("UTF-8 path")]);
    let (mut send, _conn) = connect(&server, 65_535).await;
    let act = b"{\"stars\":3}";
    for last_empty in [false, true] {
        let mut req = request(&server, Method::POST);
        req.headers_mut().insert(
            "content-length",
            act.len().to_string().parse().expect("value"),
        );
        send = send.ready().await.expect("room for a stream");
        let (answer, mut body) = send.send_request(req, false).expect("a stream");
        body.send_data(Bytes::from_static(act), !last_empty)
            .expect("the body");
        if last_empty {
            tokio::time::sleep(Duration::from_millis(50)).await;
            body.send_data(Bytes::new(), true).expect("the end");
        }
        let answer = tokio::time::timeout(STEP, answer)
            .await
            .expect("an answer in time")
            .expect("an answer");
        assert_eq!(
            answer.status(),
            StatusCode::OK,
            "last frame empty: {last_empty}"
        );
    }
}
