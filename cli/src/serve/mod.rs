//! `formgate serve [FORM]`: a GPT address over HTTP (1.1 and 2, with or without TLS). `GET /` publishes the form,
//! `POST /` acts: the body is verified as it streams in, and an accepted body is
//! answered `200` or forwarded, byte for byte, to `--upstream`. With `--config
//! FILE.toml`, one process serves many addresses, each at its own path (config.rs).
//! On SIGHUP the forms (and the config file) are read again, and what compiles is
//! swapped in (reload.rs).
//!
//! Without FORM it serves the embedded example, a tree of text and styled spans
//! (`examples/tree.form.json`: recursion unrolled to three levels, every string and
//! array bounded, objects closed, styles an enum).
//!
//! The protocol itself (the answers to `GET`, reading and verifying an act, the answer
//! to a refused one) is formgate-address's, shared with formgate-axum. The modules
//! here form layers, each using only those above it (`tests/serve_modules.rs` holds
//! them to it):
//!
//! | layer | modules |
//! |---|---|
//! | 0 | [`http`] the body type and bare answers; [`record`] an act's entry and its log line; [`conn`] the client's socket; [`config`] the addresses as configured |
//! | 1 | [`sink`] the log's writer thread; [`metrics`] the counters; [`deadline`] the answers in flight on an HTTP/2 connection |
//! | 2 | [`log`] level, sink and counting; [`upstream`] forwarding; [`protocol`] one connection, HTTP/1.1 or HTTP/2 |
//! | 3 | [`address`] one address, built from its configuration |
//! | 4 | [`state`] the process: its addresses, swapped whole, and what they share |
//! | 5 | [`act`] `POST`; [`ops`] the operator's listener; [`reload`] SIGHUP |
//! | 6 | [`server`] routing, the accept loop and shutdown |
//! | 7 | this file: the arguments, and the composition |
//!
//! At startup one line `formgate serve: listening on http://ADDR` goes to standard
//! error, with the address actually bound (so `--addr 127.0.0.1:0` can be used); with
//! `--metrics-addr`, before it, `formgate serve: metrics on http://ADDR/metrics`. (In
//! `--log-format json` these are the `message` of a JSON line.) On SIGTERM or Ctrl-C
//! the server stops accepting, lets acts in flight finish for up to
//! `--shutdown-timeout`, and exits 0.

mod act;
mod address;
mod config;
mod conn;
mod deadline;
mod http;
mod log;
mod metrics;
mod ops;
mod protocol;
mod record;
mod reload;
mod server;
mod sink;
mod state;
mod tls;
mod upstream;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::limits::LimitArgs;
use crate::Status;

/// Arguments of `formgate serve`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    #[command(flatten)]
    dialect: crate::form_arg::CompileArgs,
    /// The form (a JSON Schema file); without it, the embedded tree of styled text
    #[arg(value_name = "FORM")]
    form: Option<PathBuf>,
    /// Serve the addresses of this TOML file, one [[address]] table each (path, form,
    /// prompt, messages, type, upstream, limits, rate limits), instead of one from the
    /// command line
    #[arg(long, value_name = "FILE.toml", conflicts_with_all = [
        "form", "prompt", "messages", "gpt_type", "upstream", "max_bytes", "max_depth",
        "rate_limit", "rate_burst", "get_rate_limit", "get_rate_burst",
    ])]
    config: Option<PathBuf>,
    /// The system context `p`: what this address is, and what to do
    #[arg(long, value_name = "TEXT")]
    prompt: Option<String>,
    /// A JSON array of prior messages `m`, each {"role": ..., "content": ...}
    #[arg(long, value_name = "FILE")]
    messages: Option<PathBuf>,
    /// Where to listen (port 0 picks a free port; the address bound is printed)
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    #[command(flatten)]
    limits: LimitArgs,
    /// Forward accepted acts, byte for byte, as a POST to this http:// URL and relay
    /// its answer (502 if unreachable, 504 if it does not answer in time)
    #[arg(long, value_name = "URL")]
    upstream: Option<String>,
    /// Send this `GPT-Type` header with the form
    #[arg(long = "type", value_name = "NAME")]
    gpt_type: Option<String>,
    /// Write one line per act to standard error: every act, only those not accepted,
    /// or none (lines standard error cannot take in time are dropped and counted,
    /// never waited for)
    #[arg(long, value_name = "LEVEL", value_enum, default_value = "all")]
    log_level: record::Level,
    /// How log lines are written: `logfmt` text, or one JSON object per line
    #[arg(long, value_name = "FORMAT", value_enum, default_value = "text")]
    log_format: record::Format,
    /// Serve GET /metrics (Prometheus), /healthz and /readyz on this second address
    /// (keep it private: port 0 picks a free port; the address bound is printed)
    #[arg(long, value_name = "HOST:PORT")]
    metrics_addr: Option<SocketAddr>,
    /// Seconds allowed, after SIGTERM or Ctrl-C, for acts in flight to finish; what is
    /// left is then cut and the process exits 0
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_SHUTDOWN_TIMEOUT.as_secs_f64())]
    shutdown_timeout: f64,
    /// Seconds allowed for a whole request body; a slower one is rejected
    #[arg(long, value_name = "SECS", default_value_t = act::DEFAULT_BODY_TIMEOUT.as_secs_f64())]
    body_timeout: f64,
    /// Seconds allowed for a request head (and for an idle connection's next request)
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    header_timeout: f64,
    /// Seconds allowed for the upstream to connect and send its answer's head (504
    /// past it)
    #[arg(long, value_name = "SECS", default_value_t = upstream::DEFAULT_UPSTREAM_TIMEOUT.as_secs_f64())]
    upstream_timeout: f64,
    /// Seconds the upstream may send nothing in the middle of its answer's body (an
    /// answer cut off by it ends early)
    #[arg(long, value_name = "SECS", default_value_t = upstream::DEFAULT_UPSTREAM_IDLE_TIMEOUT.as_secs_f64())]
    upstream_idle_timeout: f64,
    /// Seconds the upstream's whole answer may take, streamed or not (an answer cut off
    /// by it ends early)
    #[arg(long, value_name = "SECS", default_value_t = upstream::DEFAULT_UPSTREAM_MAX_DURATION.as_secs_f64())]
    upstream_max_duration: f64,
    /// Seconds a client may take none of its answer before its connection is closed
    /// (over HTTP/2: the seconds an answer may take, past its head and any upstream's
    /// --upstream-max-duration, to be sent whole)
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    write_timeout: f64,
    /// Answer a refused act 422 with an application/problem+json report of why (the
    /// kind, keyword, offset and pointers, never a value of the body), not a bare
    /// 204: for an address under development, never for a public one
    #[arg(long)]
    report_rejections: bool,
    /// Acts per second each client may send, on average (a token bucket per client
    /// address); over it, 429 with Retry-After. Not limited without it
    #[arg(long, value_name = "N")]
    rate_limit: Option<f64>,
    /// Acts a client may send at once before --rate-limit applies (default: the rate,
    /// rounded up)
    #[arg(long, value_name = "N", requires = "rate_limit")]
    rate_burst: Option<u32>,
    /// GETs of the form per second each client may send, on average; over it, 429
    #[arg(long, value_name = "N")]
    get_rate_limit: Option<f64>,
    /// GETs a client may send at once before --get-rate-limit applies (default: the
    /// rate, rounded up)
    #[arg(long, value_name = "N", requires = "get_rate_limit")]
    get_rate_burst: Option<u32>,
    /// The most clients the rate limits remember; past it, the one seen longest ago is
    /// forgotten
    #[arg(long, value_name = "N", default_value_t = 65_536)]
    rate_clients: usize,
    /// How many proxies in front of the server append to X-Forwarded-For: the client
    /// is the address the outermost of them saw (a port or brackets in the entry are
    /// taken off). Without it the header is never read. With it, the listener must be
    /// reachable only through those proxies: a client that reaches it directly writes
    /// its own X-Forwarded-For
    #[arg(long, value_name = "N", default_value_t = 0)]
    trust_forwarded_for: usize,
    /// Serve TLS with the certificate chain in this PEM file (with --tls-key); HTTP/2
    /// and HTTP/1.1 are offered through ALPN
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert, a PEM file
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Verify https upstreams against the certificates in this PEM file alone, instead
    /// of the webpki roots
    #[arg(long, value_name = "FILE")]
    upstream_ca: Option<PathBuf>,
    /// Serve at most N connections at once (1 to 1048576); more wait to be accepted
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = parse_max_connections)]
    max_connections: usize,
}

/// The time acts in flight are given to finish at shutdown, by default: what the body
/// time-out gives a whole body.
const DEFAULT_SHUTDOWN_TIMEOUT: Duration = act::DEFAULT_BODY_TIMEOUT;

/// How long the log may take to write what is queued when the server stops (a
/// standard error that nobody reads must not keep the process alive).
const LOG_FINISH: Duration = Duration::from_secs(2);

/// The most `--max-connections` allows: far beyond what one process's file descriptors
/// hold, and far below what the connection semaphore can count.
const MAX_CONNECTIONS: usize = 1 << 20;

/// `--max-connections`: a count from 1 to [`MAX_CONNECTIONS`].
fn parse_max_connections(arg: &str) -> Result<usize, String> {
    match arg.parse::<usize>() {
        Ok(n) if (1..=MAX_CONNECTIONS).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{arg}` is not a count from 1 to {MAX_CONNECTIONS}"
        )),
    }
}

/// Serve until interrupted (Ctrl-C or SIGTERM): exit 0 then; 1 if the form does not
/// compile or the messages are malformed; 2 on usage or I/O errors (including an
/// address that cannot be bound).
pub(crate) fn run(args: &Args) -> Status {
    // Counted from the start: the log's drops are among the metrics.
    let metrics: &'static metrics::Metrics = Box::leak(Box::default());
    let sink = match sink::Sink::start(args.log_format, &metrics.log_lines_dropped) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("formgate serve: {e}");
            return Status::Failed;
        }
    };
    let log = log::Log::new(args.log_level, args.log_format, sink, metrics);
    let (app, conn) = match configure(args, log, metrics) {
        Ok(c) => c,
        Err(status) => return status,
    };
    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => match tls::acceptor(cert, key) {
            Ok(a) => Some(a),
            Err(e) => {
                eprintln!("formgate serve: --tls-cert/--tls-key: {e}");
                app.log.finish(LOG_FINISH);
                return Status::Failed;
            }
        },
        _ => None,
    };
    let status = serve_until_stopped(args, app, conn, tls);
    app.log.finish(LOG_FINISH);
    status
}

/// Bind the listeners and serve `app` until a shutdown signal, then drain.
fn serve_until_stopped(
    args: &Args,
    app: &'static state::App,
    conn: server::ConnLimits,
    tls: Option<tokio_rustls::TlsAcceptor>,
) -> Status {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("formgate serve: cannot start the runtime: {e}");
            return Status::Failed;
        }
    };
    let status = runtime.block_on(async {
        let listener = match tokio::net::TcpListener::bind(args.addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("formgate serve: cannot listen on {}: {e}", args.addr);
                return Status::Failed;
            }
        };
        if let Some(addr) = args.metrics_addr {
            let ops = match tokio::net::TcpListener::bind(addr).await {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("formgate serve: --metrics-addr: cannot listen on {addr}: {e}");
                    return Status::Failed;
                }
            };
            let bound = ops.local_addr().unwrap_or(addr);
            app.log.note(&format!("metrics on http://{bound}/metrics"));
            tokio::spawn(ops::serve(ops, app.metrics, conn.header_timeout));
        }
        let bound = listener.local_addr().unwrap_or(args.addr);
        let signal = shutdown_signal();
        reload_on_hangup(app);
        // Ready from here: the socket is listening (connections wait in its backlog),
        // and whoever reads the next line may ask at once.
        app.metrics.set_ready(true);
        let scheme = if tls.is_some() { "https" } else { "http" };
        app.log.note(&format!("listening on {scheme}://{bound}"));
        let shutdown = async {
            signal.await;
            app.metrics.set_ready(false);
        };
        server::serve(app, listener, tls, conn, shutdown).await;
        app.log.note("stopped");
        Status::Accepted
    });
    // Connections cut at the shutdown time-out are dropped with their tasks.
    runtime.shutdown_timeout(Duration::from_millis(100));
    status
}

/// Build the process from the arguments: its addresses (from `--config` or the command
/// line), and what they share. Printed errors; the status to exit with.
fn configure(
    args: &Args,
    log: log::Log,
    metrics: &'static metrics::Metrics,
) -> Result<(&'static state::App, server::ConnLimits), Status> {
    let seconds = |name: &str, secs: f64| {
        Duration::try_from_secs_f64(secs)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| {
                eprintln!("formgate serve: --{name} {secs}: must be a positive number of seconds");
                Status::Failed
            })
    };
    let body_timeout = seconds("body-timeout", args.body_timeout)?;
    let header_timeout = seconds("header-timeout", args.header_timeout)?;
    let shutdown_timeout = seconds("shutdown-timeout", args.shutdown_timeout)?;
    let write_timeout = seconds("write-timeout", args.write_timeout)?;
    let common = address::Common {
        compile: args.dialect.clone(),
        timeouts: upstream::Timeouts {
            head: seconds("upstream-timeout", args.upstream_timeout)?,
            idle: seconds("upstream-idle-timeout", args.upstream_idle_timeout)?,
            max: seconds("upstream-max-duration", args.upstream_max_duration)?,
        },
        rate_clients: args.rate_clients,
        upstream_tls: tls::upstream_config(args.upstream_ca.as_deref()).map_err(|e| {
            eprintln!("formgate serve: --upstream-ca: {e}");
            Status::Failed
        })?,
    };
    let origin = match &args.config {
        Some(path) => config::Origin::File(path.clone()),
        None => config::Origin::Given(config::Spec {
            path: "/".to_owned(),
            form: args.form.clone(),
            prompt: args.prompt.clone(),
            messages: args.messages.clone(),
            gpt_type: args.gpt_type.clone(),
            upstream: args.upstream.clone(),
            max_bytes: args.limits.max_bytes,
            max_depth: args.limits.max_depth,
            rate_limit: args.rate_limit,
            rate_burst: args.rate_burst,
            get_rate_limit: args.get_rate_limit,
            get_rate_burst: args.get_rate_burst,
        }),
    };
    let specs = origin.specs().map_err(|e| {
        eprintln!("formgate serve: {e}");
        Status::Failed
    })?;
    let mut addresses = Vec::with_capacity(specs.len());
    for spec in &specs {
        let address = address::build(spec, &common, None).map_err(|(status, why)| {
            match origin.is_file() {
                true => eprintln!("formgate serve: address {}: {why}", spec.path),
                false => eprintln!("formgate serve: {why}"),
            }
            status
        })?;
        match origin.is_file() {
            true => log.note(&format!("address {}: {}", address.path, address.described)),
            false => log.note(&address.described),
        }
        addresses.push(Arc::new(address));
    }
    if args.report_rejections {
        log.note(
            "WARNING: --report-rejections: every refused act is answered 422 with why it \
             was refused; this helps an actor build a body the form admits, so use it only \
             for an address under development, never for a public one",
        );
    }
    let settings = state::Settings {
        origin,
        common,
        body_timeout,
        reports: args.report_rejections,
        trust_forwarded_for: args.trust_forwarded_for,
    };
    let app = state::App::new(address::Routes::new(addresses), settings, log, metrics);
    let conn = server::ConnLimits {
        header_timeout,
        max_connections: args.max_connections,
        shutdown_timeout,
        write_timeout,
    };
    Ok((Box::leak(Box::new(app)), conn))
}

/// Reload the addresses on every SIGHUP for as long as the process runs (reload.rs).
/// The handler is installed when this is called, so a SIGHUP that comes right after
/// the server starts listening is a reload, never the default exit. Must be called
/// within the runtime.
#[cfg(unix)]
fn reload_on_hangup(app: &'static state::App) {
    use tokio::signal::unix::{signal, SignalKind};
    match signal(SignalKind::hangup()) {
        Ok(mut hup) => {
            tokio::spawn(async move {
                while hup.recv().await.is_some() {
                    app.log.note("SIGHUP: reading the addresses again");
                    reload::reload(app).await;
                }
            });
        }
        Err(e) => app.log.note(&format!("no reload on SIGHUP: {e}")),
    }
}

/// No SIGHUP here: the addresses are read once.
#[cfg(not(unix))]
fn reload_on_hangup(_: &'static state::App) {}

/// Completes on Ctrl-C (SIGINT) or SIGTERM. The handlers are installed when this is
/// called, not when it is first polled, so a signal that comes right after the server
/// starts listening is a shutdown too, never the default exit. Must be called within
/// the runtime.
#[cfg(unix)]
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    use tokio::signal::unix::{signal, Signal, SignalKind};
    let term = signal(SignalKind::terminate());
    let int = signal(SignalKind::interrupt());
    let wait = |s: std::io::Result<Signal>| async move {
        match s {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    async move {
        tokio::select! {
            () = wait(term) => {}
            () = wait(int) => {}
        }
    }
}

/// Completes on Ctrl-C.
#[cfg(not(unix))]
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_form_compiles_and_accepts_its_example() {
        let form = formgate::Form::compile(address::TREE_FORM).unwrap();
        assert!(form.verify(address::TREE_ACT.as_bytes()).is_ok());
    }
}
