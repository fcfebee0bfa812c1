//! [`App`]: everything the process serves. The addresses are swapped whole on reload
//! (reload.rs); the rest is built once at startup and only read afterwards
//! (`&'static`, shared by every connection).

use std::sync::{Arc, RwLock};
use std::time::Duration;

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
        App {
            routes: RwLock::new(Arc::new(routes)),
            origin: settings.origin,
            common: settings.common,
            log,
            metrics,
            body_timeout: settings.body_timeout,
            reports: settings.reports,
            trust_forwarded_for: settings.trust_forwarded_for,
        }
    }

    /// The addresses served now: an act holds them (or its one address) until it is
    /// answered, whatever is swapped in meanwhile.
    pub fn routes(&self) -> Arc<Routes> {
        // A poisoned lock only means a swap panicked; the value in it is whole.
        Arc::clone(&self.routes.read().unwrap_or_else(|e| e.into_inner()))
    }

    /// Serve `routes` from now on.
    pub fn swap(&self, routes: Routes) {
        *self.routes.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(routes);
    }
}
