//! `formgate serve` with TLS and HTTP/2: `--tls-cert`/`--tls-key` (HTTP/2 and HTTP/1.1
//! through ALPN), HTTP/2 with prior knowledge on a plain listener, and https upstreams
//! verified against `--upstream-ca` (or the webpki roots). Every certificate is made
//! here, by rcgen: a CA, and a server certificate it signs for `localhost` and
//! 127.0.0.1. Where `curl` is installed, it is asked too, as the docs show it.
//!
//! Only 127.0.0.1; every wait is bounded; every server is killed by its handle.

mod serve_support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt as _, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode, Version};
use hyper_util::rt::{TokioExecutor, TokioIo};
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
use serve_support::*;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio_rustls::rustls::pki_types::pem::PemObject as _;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore, ServerConfig};
use tokio_rustls::{TlsAcceptor, TlsConnector};

/// A CA and a server certificate it signed, as PEM files in a directory of their own.
struct Pki {
    ca: PathBuf,
    cert: PathBuf,
    key: PathBuf,
}

impl Pki {
    fn new(name: &str) -> Pki {
        let dir =
            std::env::temp_dir().join(format!("formgate-serve-tls-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory");
        let ca_key = KeyPair::generate().expect("a CA key");
        let mut ca = CertificateParams::new(Vec::<String>::new()).expect("CA parameters");
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.distinguished_name
            .push(DnType::CommonName, "formgate test CA");
        let ca_cert = ca.self_signed(&ca_key).expect("the CA certificate");
        let issuer = Issuer::new(ca, ca_key);
        let key = KeyPair::generate().expect("a server key");
        let cert = CertificateParams::new(vec!["localhost".to_owned(), "127.0.0.1".to_owned()])
            .expect("server parameters")
            .signed_by(&key, &issuer)
            .expect("the server certificate");
        let write = |file: &str, pem: String| {
            let path = dir.join(file);
            std::fs::write(&path, pem).expect("write a PEM file");
            path
        };
        Pki {
            ca: write("ca.pem", ca_cert.pem()),
            cert: write("cert.pem", cert.pem()),
            key: write("key.pem", key.serialize_pem()),
        }
    }

    fn arg(path: &Path) -> &str {
        path.to_str().expect("a UTF-8 path")
    }

    /// A client configuration trusting this CA alone, offering `alpn`.
    fn client(&self, alpn: &[&[u8]]) -> TlsConnector {
        let mut roots = RootCertStore::empty();
        for cert in CertificateDer::pem_file_iter(&self.ca).expect("the CA file") {
            roots.add(cert.expect("a certificate")).expect("a root");
        }
        let mut config = ClientConfig::builder()
            .with_root_certificates(roots)
            .with_no_client_auth();
        config.alpn_protocols = alpn.iter().map(|p| p.to_vec()).collect();
        TlsConnector::from(Arc::new(config))
    }

    /// A server configuration with this certificate.
    fn server(&self) -> TlsAcceptor {
        let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(&self.cert)
            .expect("the certificate file")
            .map(|c| c.expect("a certificate"))
            .collect();
        let key = PrivateKeyDer::from_pem_file(&self.key).expect("the key");
        let config = ServerConfig::builder()
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .expect("a server configuration");
        TlsAcceptor::from(Arc::new(config))
    }
}

/// The crypto provider of this process's own TLS (the server's is in its own).
fn install_provider() {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
}

/// What one exchange gave: status, version, body.
#[derive(Debug)]
struct Got {
    status: StatusCode,
    version: Version,
    body: Bytes,
}

/// Send `requests` on one connection over `io`, as HTTP/2 when `h2`, else HTTP/1.1.
async fn exchange<I>(io: I, h2: bool, requests: Vec<Request<Full<Bytes>>>) -> Vec<Got>
where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let io = TokioIo::new(io);
    let mut out = Vec::new();
    let work = async {
        if h2 {
            let (mut send, conn) = hyper::client::conn::http2::handshake(TokioExecutor::new(), io)
                .await
                .expect("an HTTP/2 handshake");
            tokio::spawn(conn);
            for req in requests {
                out.push(read(send.send_request(req).await.expect("an answer")).await);
            }
        } else {
            let (mut send, conn) = hyper::client::conn::http1::handshake(io)
                .await
                .expect("an HTTP/1.1 handshake");
            tokio::spawn(conn);
            for req in requests {
                out.push(read(send.send_request(req).await.expect("an answer")).await);
            }
        }
    };
    tokio::time::timeout(STEP, work).await.expect("in time");
    out
}

async fn read(r: Response<Incoming>) -> Got {
    let (parts, body) = r.into_parts();
    Got {
        status: parts.status,
        version: parts.version,
        body: body.collect().await.expect("a body").to_bytes(),
    }
}

/// `GET /`, and `POST /` of `body`, to `authority`.
fn requests(authority: &str, h2: bool, body: &[u8]) -> Vec<Request<Full<Bytes>>> {
    let uri = if h2 {
        format!("https://{authority}/")
    } else {
        "/".to_owned()
    };
    let get = Request::builder()
        .method(Method::GET)
        .uri(&uri)
        .header("host", authority)
        .body(Full::new(Bytes::new()))
        .expect("a request");
    let post = Request::builder()
        .method(Method::POST)
        .uri(&uri)
        .header("host", authority)
        .body(Full::new(Bytes::copy_from_slice(body)))
        .expect("a request");
    vec![get, post]
}

/// `curl`, if it can be run here.
fn curl() -> Option<Command> {
    let found = Command::new("curl").arg("--version").output().is_ok();
    if !found {
        eprintln!("curl is not installed: its checks are skipped (the Rust client's ran)");
    }
    found.then(|| Command::new("curl"))
}

/// A TLS listener offers HTTP/2 and HTTP/1.1 through ALPN, and answers both as the
/// plain one does: the published form, an act accepted.
#[tokio::test]
async fn a_tls_listener_speaks_http2_and_http1_through_alpn() {
    install_provider();
    let pki = Pki::new("alpn");
    let server = Server::start(&[
        "--tls-cert",
        Pki::arg(&pki.cert),
        "--tls-key",
        Pki::arg(&pki.key),
    ]);
    server.wait_for_line("the https line", |l| l.contains("listening on https://"));
    let act = example_bytes("tree.act.json");
    for (alpn, h2, version) in [
        (&[&b"h2"[..], b"http/1.1"][..], true, Version::HTTP_2),
        (&[&b"http/1.1"[..]][..], false, Version::HTTP_11),
    ] {
        let tcp = tokio::net::TcpStream::connect(server.addr)
            .await
            .expect("connect");
        let name = ServerName::try_from("localhost").expect("a name");
        let tls = pki
            .client(alpn)
            .connect(name, tcp)
            .await
            .expect("a handshake");
        let negotiated = tls.get_ref().1.alpn_protocol().map(<[u8]>::to_vec);
        assert_eq!(negotiated.as_deref(), Some(alpn[0]), "ALPN");
        let got = exchange(tls, h2, requests("localhost", h2, &act)).await;
        assert_eq!(got[0].status, StatusCode::OK, "{version:?}");
        assert_eq!(got[0].version, version);
        assert!(
            got[0].body.starts_with(b"{\"p\":\"This address accepts"),
            "{version:?}: {:?}",
            got[0].body
        );
        assert_eq!(got[1].status, StatusCode::OK, "{version:?}");
        assert_eq!(&got[1].body[..], br#"{"accepted":true}"#);
    }
    server.wait_for_acts(2);

    // A client that offers only HTTP/1.0 (curl --http1.0) is served it.
    let tcp = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    let name = ServerName::try_from("localhost").expect("a name");
    let mut tls = pki
        .client(&[b"http/1.0"])
        .connect(name, tcp)
        .await
        .expect("a handshake offering http/1.0 alone");
    assert_eq!(tls.get_ref().1.alpn_protocol(), Some(&b"http/1.0"[..]));
    tls.write_all(b"GET / HTTP/1.0\r\nHost: localhost\r\n\r\n")
        .await
        .expect("a request");
    let mut got = Vec::new();
    tokio::time::timeout(STEP, tls.read_to_end(&mut got))
        .await
        .expect("answered in time")
        .expect("an answer");
    let got = String::from_utf8_lossy(&got);
    assert!(got.starts_with("HTTP/1.0 200 OK\r\n"), "{got}");

    // A client that does not trust the CA gets no answer at all.
    let tcp = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    let untrusting = TlsConnector::from(Arc::new(
        ClientConfig::builder()
            .with_root_certificates(RootCertStore::empty())
            .with_no_client_auth(),
    ));
    let name = ServerName::try_from("localhost").expect("a name");
    assert!(untrusting.connect(name, tcp).await.is_err());

    // curl, as docs/DEPLOYMENT.md shows it.
    if curl().is_some() {
        let url = format!("https://localhost:{}/", server.addr.port());
        let resolve = format!("localhost:{}:127.0.0.1", server.addr.port());
        let ask = |trust: bool, args: &[&str]| {
            let mut c = Command::new("curl");
            c.args(["-sS", "--http2", "--resolve", &resolve]);
            if trust {
                c.args(["--cacert", Pki::arg(&pki.ca)]);
            }
            let out = c.args(args).arg(&url).output().expect("curl runs");
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            (out.status.code(), text)
        };
        let form = ask(true, &["-w", "\n%{http_version} %{http_code}"]);
        assert_eq!(form.0, Some(0), "{}", form.1);
        assert!(
            form.1.ends_with("\n2 200") && form.1.starts_with("{\"p\":"),
            "{}",
            form.1
        );
        let body = format!("@{}", example("tree.act.json").display());
        let content_type = "Content-Type: application/json";
        let acted = ask(
            true,
            &[
                "-H",
                content_type,
                "--data-binary",
                &body,
                "-w",
                "\n%{http_version} %{http_code}",
            ],
        );
        assert_eq!(acted.1, "{\"accepted\":true}\n2 200");
        // Without the CA, curl refuses the certificate.
        assert_eq!(ask(false, &[]).0, Some(60), "certificate problem");
    }
}

/// A plain listener answers HTTP/2 with prior knowledge (h2c) as it answers HTTP/1.1.
#[tokio::test]
async fn a_plain_listener_answers_http2_with_prior_knowledge() {
    let server = Server::start(&[]);
    let act = example_bytes("tree.act.json");
    let tcp = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    let authority = server.addr.to_string();
    let mut reqs = requests(&authority, true, &act);
    for r in &mut reqs {
        *r.uri_mut() = format!("http://{authority}/").parse().expect("a URI");
    }
    let got = exchange(tcp, true, reqs).await;
    assert_eq!(
        (got[0].status, got[0].version),
        (StatusCode::OK, Version::HTTP_2)
    );
    assert!(got[0].body.starts_with(b"{\"p\":"));
    assert_eq!(&got[1].body[..], br#"{"accepted":true}"#);
    let refused = exchange(
        tokio::net::TcpStream::connect(server.addr)
            .await
            .expect("connect"),
        true,
        vec![Request::builder()
            .method(Method::POST)
            .uri(format!("http://{authority}/"))
            .body(Full::new(Bytes::from_static(b"[1]")))
            .expect("a request")],
    )
    .await;
    assert_eq!(refused[0].status, StatusCode::NO_CONTENT);
    assert!(refused[0].body.is_empty());
    if let Some(mut curl) = curl() {
        let out = curl
            .args(["-sS", "--http2-prior-knowledge", "-o", "/dev/null"])
            .args(["-w", "%{http_version} %{http_code}", &server.url()])
            .output()
            .expect("curl runs");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "2 200");
    }
}

/// An HTTP/2 connection on which no request starts for the header time-out is closed
/// gracefully, as an idle HTTP/1.1 one is; so is a TLS handshake that never comes.
#[tokio::test]
async fn idle_http2_connections_and_silent_handshakes_are_closed() {
    let server = Server::start(&["--header-timeout", "1"]);
    let tcp = tokio::net::TcpStream::connect(server.addr)
        .await
        .expect("connect");
    let (mut send, conn) =
        hyper::client::conn::http2::handshake(TokioExecutor::new(), TokioIo::new(tcp))
            .await
            .expect("an HTTP/2 handshake");
    let started = Instant::now();
    let ended = tokio::spawn(conn);
    let r = send
        .send_request(
            Request::builder()
                .uri(format!("http://{}/", server.addr))
                .body(Full::new(Bytes::new()))
                .expect("a request"),
        )
        .await
        .expect("an answer");
    assert_eq!(r.status(), StatusCode::OK);
    tokio::time::timeout(Duration::from_secs(10), ended)
        .await
        .expect("the idle connection is closed")
        .expect("the task")
        .expect("closed gracefully");
    assert!(started.elapsed() >= Duration::from_millis(900));

    let pki = Pki::new("silent");
    let tls = Server::start(&[
        "--tls-cert",
        Pki::arg(&pki.cert),
        "--tls-key",
        Pki::arg(&pki.key),
        "--header-timeout",
        "1",
    ]);
    let silent = raw(tls.addr, Vec::new(), Duration::from_secs(10)).await;
    let closed = silent.closed.expect("closed, not held");
    assert!(closed < Duration::from_secs(5), "{closed:?}");
}

/// An https upstream is verified: against `--upstream-ca` the act is forwarded and the
/// answer relayed; against the webpki roots alone (which do not hold the test CA) the
/// upstream cannot be reached, `502`.
#[tokio::test]
async fn https_upstreams_are_verified() {
    install_provider();
    let pki = Pki::new("upstream");
    let acceptor = pki.server();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let up = listener.local_addr().expect("an address");
    let received = Arc::new(std::sync::Mutex::new(Vec::<Bytes>::new()));
    let seen = Arc::clone(&received);
    tokio::spawn(async move {
        while let Ok((tcp, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            let seen = Arc::clone(&seen);
            tokio::spawn(async move {
                let Ok(tls) = acceptor.accept(tcp).await else {
                    return;
                };
                let service = hyper::service::service_fn(move |req: Request<Incoming>| {
                    let seen = Arc::clone(&seen);
                    async move {
                        let body = req.into_body().collect().await?.to_bytes();
                        seen.lock().expect("lock").push(body);
                        Ok::<_, hyper::Error>(Response::new(Full::new(Bytes::from_static(
                            b"relayed over TLS",
                        ))))
                    }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(tls), service)
                    .await;
            });
        }
    });
    let act = example_bytes("tree.act.json");
    let url = format!("https://localhost:{}/acts", up.port());
    let trusted = Server::start(&["--upstream", &url, "--upstream-ca", Pki::arg(&pki.ca)]);
    let r = post(&trusted.url(), &act).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(&r.body[..], b"relayed over TLS");
    assert_eq!(
        received.lock().expect("lock").as_slice(),
        [Bytes::from(act.clone())]
    );

    let untrusted = Server::start(&["--upstream", &url]);
    let r = post(&untrusted.url(), &act).await;
    assert_eq!(r.status, StatusCode::BAD_GATEWAY);
    untrusted.wait_for_act(&["status=502", "upstream=unreachable"]);
    assert_eq!(
        received.lock().expect("lock").len(),
        1,
        "nothing sent unverified"
    );
}

#[test]
fn tls_files_that_do_not_hold_what_they_should_stop_the_server() {
    let pki = Pki::new("startup");
    let not_pem = temp_file("not.pem", b"not a certificate");
    for (args, says) in [
        (vec!["--tls-cert", Pki::arg(&pki.cert)], "--tls-key"),
        (
            vec![
                "--tls-cert",
                not_pem.to_str().expect("UTF-8"),
                "--tls-key",
                Pki::arg(&pki.key),
            ],
            "not.pem",
        ),
        (
            vec![
                "--tls-cert",
                Pki::arg(&pki.cert),
                "--tls-key",
                Pki::arg(&pki.cert),
            ],
            "cert.pem",
        ),
        (
            vec!["--upstream-ca", not_pem.to_str().expect("UTF-8")],
            "not.pem",
        ),
    ] {
        let mut all = args.clone();
        all.extend(["--addr", "127.0.0.1:0"]);
        let out = serve_fails(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
