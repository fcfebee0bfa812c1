//! `formgate serve --config FILE.toml`: many addresses in one process, and reload on
//! SIGHUP (the example config, `examples/serve.toml`, among them).
//!
//! Only 127.0.0.1; every wait is bounded; every server is killed by its handle.
#![cfg(unix)]

mod serve_support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use hyper::StatusCode;
use serve_support::*;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "formgate-serve-config-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Copy `examples/NAME` into `dir`.
fn copy_example(dir: &Path, name: &str) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(example(name), &to).expect("copy an example");
    to
}

/// Send SIGHUP and wait (bounded) for the reload to finish: the lines it wrote, from
/// the SIGHUP line on.
fn reload(server: &Server, generation: usize) -> Vec<String> {
    server.signal("HUP");
    let done = |l: &str| l.contains("reloaded: ") || l.contains("every address kept as it was");
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let lines = server.stderr_lines();
        let hups: Vec<usize> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.contains("SIGHUP: reading the addresses again"))
            .map(|(i, _)| i)
            .collect();
        if let Some(&start) = hups.get(generation) {
            if lines[start..].iter().any(|l| done(l)) {
                return lines[start..].to_vec();
            }
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no reload {generation}: {lines:#?}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A vote `/votes` accepts, one it refuses, and a vote posted to the tree's address
/// `/`, which its form refuses: each answered as the protocol says.
async fn one_vote_each_way(url: &str, votes: &str) {
    assert_eq!(post(votes, br#"{"stars":4}"#).await.status, StatusCode::OK);
    assert_eq!(
        post(votes, br#"{"stars":9}"#).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        post(url, br#"{"stars":4}"#).await.status,
        StatusCode::NO_CONTENT
    );
}

/// The example config serves its two addresses, each with its own form and `ETag`;
/// on SIGHUP a changed form is swapped in with a new `ETag`, and a broken one keeps
/// the form served, the log saying why.
#[tokio::test]
async fn the_example_config_serves_two_addresses_and_survives_a_broken_form() {
    let dir = scratch("example");
    let config = copy_example(&dir, "serve.toml");
    let tree = copy_example(&dir, "tree.form.json");
    let vote = copy_example(&dir, "vote.form.json");
    let server = Server::start(&["--config", config.to_str().expect("UTF-8 path")]);
    let url = server.url();
    let votes = format!("{url}votes");
    let tree_get = get(&url, &[]).await;
    let vote_get = get(&votes, &[]).await;
    assert_eq!(
        (tree_get.status, vote_get.status),
        (StatusCode::OK, StatusCode::OK)
    );
    assert_eq!(tree_get.header("gpt-type"), Some("tree"));
    assert_eq!(vote_get.header("gpt-type"), Some("vote"));
    let tree_tag = tree_get.header("etag").expect("a tag").to_owned();
    let vote_tag = vote_get.header("etag").expect("a tag").to_owned();
    assert_ne!(tree_tag, vote_tag);
    assert!(String::from_utf8_lossy(&vote_get.body).contains("\"title\":\"A vote on a talk\""));
    one_vote_each_way(&url, &votes).await;
    assert_eq!(
        post(&url, &example_bytes("tree.act.json")).await.status,
        StatusCode::OK
    );
    assert_eq!(
        get(&format!("{url}other"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
    server.wait_for_act(&["verdict=accept", "status=200", " address=\"/votes\" "]);
    server.wait_for_act(&["verdict=reject", "status=204", " address=\"/\" "]);
    server.wait_for_line("the address lines", |l| {
        l.contains("address /votes: form ") && l.contains("vote.form.json (max_bytes 1024")
    });

    // One form changed, the other broken.
    let changed = String::from_utf8(example_bytes("tree.form.json"))
        .expect("UTF-8")
        .replacen("\"Styled text\"", "\"Styled text, again\"", 1);
    std::fs::write(&tree, changed).expect("write");
    std::fs::write(
        &vote,
        br#"{"type":"object","properties":{"stars":{"maximum":}}}"#,
    )
    .expect("write");
    let lines = reload(&server, 0);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("reload: address /votes: ") && l.contains("still serving form")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("reloaded: 2 addresses served")),
        "{lines:#?}"
    );
    let tree_again = get(&url, &[]).await;
    assert_ne!(
        tree_again.header("etag"),
        Some(tree_tag.as_str()),
        "a new ETag"
    );
    assert!(String::from_utf8_lossy(&tree_again.body).contains("Styled text, again"));
    let vote_again = get(&votes, &[]).await;
    assert_eq!(
        vote_again.header("etag"),
        Some(vote_tag.as_str()),
        "the old form"
    );
    assert_eq!(vote_again.body, vote_get.body);
    assert_eq!(post(&votes, br#"{"stars":5}"#).await.status, StatusCode::OK);
    // The old tag no longer names the form at `/`; the kept one still does at /votes.
    let stale = send(
        hyper::Method::POST,
        &url,
        &[("if-match", &tree_tag)],
        &example_bytes("tree.act.json"),
    )
    .await;
    assert_eq!(stale.status, StatusCode::PRECONDITION_FAILED);
    let kept = send(
        hyper::Method::POST,
        &votes,
        &[("if-match", &vote_tag)],
        br#"{"stars":5}"#,
    )
    .await;
    assert_eq!(kept.status, StatusCode::OK);

    // A config that cannot be read keeps every address as it was.
    std::fs::write(&config, "[[address]\n").expect("write");
    let lines = reload(&server, 1);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("every address kept as it was")),
        "{lines:#?}"
    );
    assert_eq!(get(&votes, &[]).await.status, StatusCode::OK);
}

/// An act in flight when the forms are swapped finishes against the form it started
/// with; the next act meets the new one. Addresses the file no longer names go.
#[tokio::test]
async fn an_act_in_flight_finishes_against_the_form_it_started_with() {
    let dir = scratch("in-flight");
    let form = dir.join("n.form.json");
    std::fs::write(&form, br#"{"properties":{"n":{"maximum":5}}}"#).expect("write");
    let config = dir.join("serve.toml");
    let both = "[[address]]\npath = \"/n\"\nform = \"n.form.json\"\n\n[[address]]\npath = \"/other\"\nform = \"n.form.json\"\n";
    std::fs::write(&config, both).expect("write");
    let server = Server::start(&["--config", config.to_str().expect("UTF-8 path")]);
    let head =
        "POST /n HTTP/1.1\r\nHost: t\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n";
    let addr = server.addr;
    let in_flight = tokio::spawn(async move {
        raw(
            addr,
            vec![
                (
                    Duration::ZERO,
                    [head.as_bytes(), &chunk(b"{\"n\":")].concat(),
                ),
                // Sent once the reload below is done.
                (
                    Duration::from_millis(1500),
                    [chunk(b"3}"), b"0\r\n\r\n".to_vec()].concat(),
                ),
            ],
            Duration::from_secs(10),
        )
        .await
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    std::fs::write(&form, br#"{"properties":{"n":{"maximum":1}}}"#).expect("write");
    std::fs::write(
        &config,
        "[[address]]\npath = \"/n\"\nform = \"n.form.json\"\n",
    )
    .expect("write");
    let lines = reload(&server, 0);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("reloaded: 1 addresses served")),
        "{lines:#?}"
    );
    let answer = in_flight.await.expect("the act");
    assert!(
        answer.text().starts_with("HTTP/1.1 200 "),
        "the old form admits 3: {}",
        answer.text()
    );
    let url = server.url();
    assert_eq!(
        post(&format!("{url}n"), br#"{"n":3}"#).await.status,
        StatusCode::NO_CONTENT,
        "the new form does not"
    );
    assert_eq!(
        get(&format!("{url}other"), &[]).await.status,
        StatusCode::NOT_FOUND
    );
}

/// Without `--config`, SIGHUP reads FORM again.
#[tokio::test]
async fn sighup_reads_the_form_of_the_command_line_again() {
    let dir = scratch("single");
    let form = dir.join("form.json");
    std::fs::write(&form, br#"{"maximum":5}"#).expect("write");
    let server = Server::start(&[form.to_str().expect("UTF-8 path")]);
    let url = server.url();
    let before = get(&url, &[]).await;
    std::fs::write(&form, br#"{"maximum":1}"#).expect("write");
    reload(&server, 0);
    let after = get(&url, &[]).await;
    assert_ne!(before.header("etag"), after.header("etag"));
    assert!(String::from_utf8_lossy(&after.body).ends_with(r#""s":{"maximum":1}}"#));
    assert_eq!(post(&url, b"3").await.status, StatusCode::NO_CONTENT);
}

#[test]
fn a_config_that_does_not_build_stops_the_server_at_start() {
    let dir = scratch("startup");
    let bad_toml = dir.join("bad.toml");
    std::fs::write(&bad_toml, "[[address]]\npath = \"/\"\nfrom = \"x\"\n").expect("write");
    let out = serve_fails(&["--config", bad_toml.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("unknown field `from`"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(dir.join("broken.json"), b"{\"maximum\":").expect("write");
    let broken = dir.join("broken.toml");
    std::fs::write(
        &broken,
        "[[address]]\npath = \"/b\"\nform = \"broken.json\"\n",
    )
    .expect("write");
    let out = serve_fails(&["--config", broken.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("address /b: "),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = serve_fails(&["--config", broken.to_str().expect("UTF-8"), "form.json"]);
    assert_eq!(out.status.code(), Some(2), "--config and FORM");
}

/// The sample `key` (name and labels, as written) of the scrape `m`.
fn sample(m: &str, key: &str) -> Option<f64> {
    m.lines()
        .find_map(|l| l.strip_prefix(key)?.strip_prefix(' ')?.parse().ok())
}

/// `GET /metrics` on the operator's listener.
async fn scrape(server: &Server) -> String {
    let r = get(&format!("{}metrics", server.metrics_url()), &[]).await;
    assert_eq!(r.status, StatusCode::OK);
    String::from_utf8(r.body.to_vec()).expect("UTF-8")
}

/// With several addresses, acts and rate limits are counted per address, under an
/// `address` label: every address shows from the start, and a reload neither resets
/// an address's counts nor loses an address it stops serving.
#[tokio::test]
async fn metrics_count_each_address_apart() {
    let dir = scratch("metrics");
    let config = copy_example(&dir, "serve.toml");
    copy_example(&dir, "tree.form.json");
    copy_example(&dir, "vote.form.json");
    let server = Server::start(&[
        "--config",
        config.to_str().expect("UTF-8 path"),
        "--metrics-addr",
        "127.0.0.1:0",
    ]);
    let url = server.url();
    let votes = format!("{url}votes");

    let m = scrape(&server).await;
    for at in ["/", "/votes"] {
        for verdict in ["accept", "reject"] {
            let key = format!("formgate_acts_total{{address=\"{at}\",verdict=\"{verdict}\"}}");
            assert_eq!(sample(&m, &key), Some(0.0), "{key}: {m}");
        }
    }
    assert!(!m.contains("formgate_acts_total{verdict="), "{m}");

    one_vote_each_way(&url, &votes).await;
    // /votes allows a burst of 5 acts a client: the sixth at once is refused.
    let mut limited = 0;
    for _ in 0..6 {
        if post(&votes, br#"{"stars":3}"#).await.status == StatusCode::TOO_MANY_REQUESTS {
            limited += 1;
        }
    }
    assert!(limited >= 1, "no act over the rate");
    server.wait_for_acts(9);

    let m = scrape(&server).await;
    let expect = |m: &str, key: &str, want: f64| {
        assert_eq!(sample(m, key), Some(want), "{key}: {m}");
    };
    let votes_accepted = 7.0 - limited as f64;
    expect(
        &m,
        "formgate_acts_total{address=\"/votes\",verdict=\"accept\"}",
        votes_accepted,
    );
    expect(
        &m,
        "formgate_acts_total{address=\"/votes\",verdict=\"reject\"}",
        1.0 + limited as f64,
    );
    expect(
        &m,
        "formgate_acts_total{address=\"/\",verdict=\"accept\"}",
        0.0,
    );
    expect(
        &m,
        "formgate_acts_total{address=\"/\",verdict=\"reject\"}",
        1.0,
    );
    expect(
        &m,
        "formgate_act_duration_seconds_count{address=\"/votes\"}",
        8.0,
    );
    expect(
        &m,
        "formgate_act_duration_seconds_count{address=\"/\"}",
        1.0,
    );
    expect(
        &m,
        "formgate_act_duration_seconds_bucket{address=\"/\",le=\"+Inf\"}",
        1.0,
    );
    expect(
        &m,
        "formgate_rate_limited_total{address=\"/votes\",request=\"act\"}",
        limited as f64,
    );
    expect(
        &m,
        "formgate_rate_limited_total{address=\"/\",request=\"act\"}",
        0.0,
    );
    expect(
        &m,
        "formgate_rejections_total{address=\"/votes\",kind=\"rate-limited\"}",
        limited as f64,
    );
    let kinds = |at: &str| {
        m.lines()
            .filter(|l| l.starts_with(&format!("formgate_rejections_total{{address=\"{at}\"")))
            .count()
    };
    assert_eq!((kinds("/"), kinds("/votes")), (1, 2), "{m}");

    // A reload that serves only /votes: its counts go on, and / keeps its own.
    std::fs::write(
        &config,
        "[[address]]\npath = \"/votes\"\nform = \"vote.form.json\"\n",
    )
    .expect("write");
    reload(&server, 0);
    assert_eq!(post(&votes, br#"{"stars":5}"#).await.status, StatusCode::OK);
    server.wait_for_acts(10);
    let m = scrape(&server).await;
    expect(
        &m,
        "formgate_acts_total{address=\"/votes\",verdict=\"accept\"}",
        votes_accepted + 1.0,
    );
    expect(
        &m,
        "formgate_acts_total{address=\"/\",verdict=\"reject\"}",
        1.0,
    );
}
