//! [`App`]: everything the process serves. The addresses are swapped whole on reload
//! (reload.rs); the rest is built once at startup and only read afterwards
//! (`&'static`, shared by every connection).

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use formgate_address::find_client;
use hyper::HeaderMap;

use super::address::{Common, Routes};
use super::config::Origin;
use super::log::Log;
use super::metrics::Metrics;

/// Everything the process serves.
#[derive(Debug)]
pub(crate) struct App {
    /// The addresses: read at the start of each request, replaced whole on reload.
    routes: RwLock<Arc<Routes>>,
    /// Where the addresses come from, to read them again.
    pub origin: Origin,
    /// What every address shares.
    pub common: Common,
    /// The operator's log.
    pub log: Log,
    /// What the operator's listener exposes.
    pub metrics: &'static Metrics,
    /// The time allowed for a whole request body.
    pub body_timeout: Duration,
    /// Whether refused bodies are answered `422` with why (`--report-rejections`).
    pub reports: bool,
    /// How many proxies in front append to `X-Forwarded-For` (0: it is never read).
    pub trust_forwarded_for: usize,
    /// Whether a request has counted against its proxy for want of a readable
    /// `X-Forwarded-For` entry (said once in the log).
    fell_back: AtomicBool,
}

/// What [`App::new`] is built from, besides the addresses.
#[derive(Debug)]
pub(crate) struct Settings {
    /// Where the addresses come from.
    pub origin: Origin,
    /// What every address shares.
    pub common: Common,
    /// The time allowed for a whole request body.
    pub body_timeout: Duration,
    /// `--report-rejections`.
    pub reports: bool,
    /// `--trust-forwarded-for`.
    pub trust_forwarded_for: usize,
}

impl App {
    /// The process serving `routes`.
    pub fn new(routes: Routes, settings: Settings, log: Log, metrics: &'static Metrics) -> App {
        if settings.origin.is_file() {
            metrics.serve_addresses(routes.paths());
        }
        App {
            routes: RwLock::new(Arc::new(routes)),
            origin: settings.origin,
            common: settings.common,
            log,
            metrics,
            body_timeout: settings.body_timeout,
            reports: settings.reports,
            trust_forwarded_for: settings.trust_forwarded_for,
            fell_back: AtomicBool::new(false),
        }
    }

    /// The address a request from `peer` with `headers` counts against
    /// (formgate-address's `find_client`); the first time one counts against its proxy
    /// for want of a readable `X-Forwarded-For` entry, the log says so.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let client = find_client(peer, headers, self.trust_forwarded_for);
        if client.fell_back && !self.fell_back.swap(true, Ordering::Relaxed) {
            self.log.note(&format!(
                "--trust-forwarded-for {}: a request from {peer} has no readable address \
                 in that X-Forwarded-For entry, so it counts against {peer} itself, as \
                 will every such request (said once)",
                self.trust_forwarded_for
            ));
        }
        client.address
    }

    /// The addresses served now: an act holds them (or its one address) until it is
    /// answered, whatever is swapped in meanwhile.
    pub fn routes(&self) -> Arc<Routes> {
        // A poisoned lock only means a swap panicked; the value in it is whole.
        Arc::clone(&self.routes.read().unwrap_or_else(|e| e.into_inner()))
    }

    /// Serve `routes` from now on (and show their metrics, metrics.rs invariant 3).
    pub fn swap(&self, routes: Routes) {
        if self.origin.is_file() {
            self.metrics.serve_addresses(routes.paths());
        }
        *self.routes.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(routes);
    }
}
