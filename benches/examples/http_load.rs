//! The load generator of the side-by-side HTTP bench (`benches/http.sh`): CONNECTIONS
//! keep-alive HTTP/1.1 connections to HOST:PORT, each sending BODY as `POST /` again as
//! soon as the previous answer is read, for SECONDS. Prints one line: acts answered per
//! second, the median and 99th-percentile latency (request written to answer read),
//! how many answers had another status than STATUS, and how many connections the
//! server closed after an answer (then reopened). Exits non-zero if an answer had
//! another status, if a connection failed, or if nothing was answered.
//!
//! ```text
//! cargo run --release -p formgate-bench --example http_load -- HOST:PORT BODY STATUS SECONDS CONNECTIONS
//! ```
//!
//! One thread (a current-thread runtime), so that the bench script can give the client
//! one core and the server the other.

use std::time::{Duration, Instant};

use http_body_util::{BodyExt as _, Full};
use hyper::body::Bytes;
use hyper::header::{CONNECTION, CONTENT_TYPE, HOST};
use hyper::Request;
use hyper_util::rt::TokioIo;

/// What one connection saw.
#[derive(Default)]
struct Tally {
    /// Latency of every answered act, in microseconds.
    latencies: Vec<u32>,
    /// Answers with another status than the expected one.
    wrong_status: u64,
    /// Connections that failed (connect, write or read), each reopened.
    errors: u64,
    /// Connections the server closed after a complete answer (`Connection: close`, as
    /// `formgate serve` says when it answers before reading a whole body), reopened.
    closed: u64,
}

/// Send `body` over one connection (reopened after a failure) until `deadline`.
async fn connection(addr: String, body: Bytes, expect: u16, deadline: Instant) -> Tally {
    let mut tally = Tally::default();
    while Instant::now() < deadline {
        if let Err(e) = session(&addr, &body, expect, deadline, &mut tally).await {
            eprintln!("connection failed: {e}");
            tally.errors += 1;
        }
    }
    tally
}

async fn session(
    addr: &str,
    body: &Bytes,
    expect: u16,
    deadline: Instant,
    tally: &mut Tally,
) -> Result<(), Box<dyn std::error::Error>> {
    let stream = tokio::net::TcpStream::connect(addr).await?;
    stream.set_nodelay(true)?;
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(conn);
    while Instant::now() < deadline {
        sender.ready().await?;
        let request = Request::post("/")
            .header(HOST, addr)
            .header(CONTENT_TYPE, "application/json")
            .body(Full::new(body.clone()))?;
        let sent = Instant::now();
        let answer = sender.send_request(request).await?;
        let status = answer.status().as_u16();
        let close = answer
            .headers()
            .get(CONNECTION)
            .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"close"));
        answer.into_body().collect().await?;
        let micros = sent.elapsed().as_micros();
        tally
            .latencies
            .push(u32::try_from(micros).unwrap_or(u32::MAX));
        if status != expect {
            tally.wrong_status += 1;
        }
        if close {
            tally.closed += 1;
            return Ok(());
        }
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [addr, body, expect, seconds, connections] = args.as_slice() else {
        eprintln!("usage: http_load HOST:PORT BODY STATUS SECONDS CONNECTIONS");
        std::process::exit(2);
    };
    let body = Bytes::from(std::fs::read(body).expect("read the body"));
    let expect: u16 = expect.parse().expect("STATUS is a number");
    let seconds: f64 = seconds.parse().expect("SECONDS is a number");
    let connections: usize = connections.parse().expect("CONNECTIONS is a number");

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(seconds);
    let tallies = runtime.block_on(async {
        let tasks: Vec<_> = (0..connections)
            .map(|_| tokio::spawn(connection(addr.clone(), body.clone(), expect, deadline)))
            .collect();
        let mut tallies = Vec::new();
        for task in tasks {
            tallies.push(task.await.expect("a connection task"));
        }
        tallies
    });
    let elapsed = started.elapsed().as_secs_f64();

    let mut latencies: Vec<u32> = tallies
        .iter()
        .flat_map(|t| t.latencies.iter().copied())
        .collect();
    let wrong_status: u64 = tallies.iter().map(|t| t.wrong_status).sum();
    let errors: u64 = tallies.iter().map(|t| t.errors).sum();
    let closed: u64 = tallies.iter().map(|t| t.closed).sum();
    latencies.sort_unstable();
    let at = |q: f64| {
        let i = ((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1));
        f64::from(latencies.get(i).copied().unwrap_or(0)) / 1000.0
    };
    println!(
        "acts={} rate={:.0} p50_ms={:.3} p99_ms={:.3} wrong_status={wrong_status} errors={errors} closed={closed}",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        at(0.50),
        at(0.99),
    );
    if latencies.is_empty() || wrong_status > 0 || errors > 0 {
        std::process::exit(1);
    }
}
