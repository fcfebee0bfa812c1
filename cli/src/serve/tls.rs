//! TLS with rustls (its default provider, aws-lc-rs, with post-quantum key exchange): the listener's (`--tls-cert`, `--tls-key`),
//! which offers HTTP/2, HTTP/1.1 and HTTP/1.0 through ALPN, and the one upstreams are verified
//! with (the webpki roots, or `--upstream-ca`).
//!
//! Invariants:
//! 1. Only rustls's safe defaults: TLS 1.2 and 1.3, its cipher suites, no client
//!    certificates asked for.
//! 2. A certificate chain, key or CA file that cannot be read or holds nothing usable
//!    is an error at start naming the file, never a listener without TLS or an
//!    upstream verified against nothing.
//! 3. An upstream's certificate is verified against the roots in `--upstream-ca` when
//!    given (and those alone), else against the webpki roots (Mozilla's).

use std::path::Path;
use std::sync::Arc;

use rustls_pki_types::pem::PemObject as _;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore, ServerConfig};
use tokio_rustls::TlsAcceptor;

/// The protocols the listener offers through ALPN, preferred first (HTTP/1.0 is
/// served as HTTP/1.1 serves it, by the same server).
const ALPN: [&[u8]; 3] = [b"h2", b"http/1.1", b"http/1.0"];

/// The crypto provider of every TLS configuration here.
fn provider() -> Arc<rustls::crypto::CryptoProvider> {
    Arc::new(rustls::crypto::aws_lc_rs::default_provider())
}

/// The certificates in the PEM file at `path`, at least one (invariant 2).
fn certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, String> {
    let name = path.display();
    let certs = CertificateDer::pem_file_iter(path)
        .map_err(|e| format!("{name}: {e}"))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{name}: {e}"))?;
    if certs.is_empty() {
        return Err(format!("{name}: no PEM certificate in it"));
    }
    Ok(certs)
}

/// The acceptor of a TLS listener with the chain in `cert` and the key in `key`
/// (invariants 1 and 2).
pub(crate) fn acceptor(cert: &Path, key: &Path) -> Result<TlsAcceptor, String> {
    let chain = certificates(cert)?;
    let key = PrivateKeyDer::from_pem_file(key).map_err(|e| format!("{}: {e}", key.display()))?;
    let mut config = ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|e| format!("{}: {e}", cert.display()))?;
    config.alpn_protocols = ALPN.iter().map(|p| p.to_vec()).collect();
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// How upstreams are verified (invariants 1–3).
pub(crate) fn upstream_config(ca: Option<&Path>) -> Result<ClientConfig, String> {
    let mut roots = RootCertStore::empty();
    match ca {
        Some(path) => {
            for cert in certificates(path)? {
                roots
                    .add(cert)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
        None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
    }
    Ok(ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?
        .with_root_certificates(roots)
        .with_no_client_auth())
}
