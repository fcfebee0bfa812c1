//! [`App`]: everything the address serves, built once at startup and only read
//! afterwards (`&'static`, shared by every connection).

use std::time::Duration;

use formgate_address::{Arrival, RateLimiter};

use super::log::Log;
use super::metrics::Metrics;
use super::upstream::Upstream;

/// Everything the address serves, built once.
#[derive(Debug)]
pub(crate) struct App {
    /// The compiled form: it verifies every act, and its rendering is published.
    pub form: &'static formgate::Form,
    /// The precomputed answers to `GET /`.
    pub arrival: Arrival,
    /// Where accepted acts go, if anywhere.
    pub upstream: Option<Upstream>,
    /// The operator's log.
    pub log: Log,
    /// What the operator's listener exposes.
    pub metrics: &'static Metrics,
    /// The time allowed for a whole request body.
    pub body_timeout: Duration,
    /// Whether refused bodies are answered `422` with why (`--report-rejections`).
    pub reports: bool,
    /// The clients' rates of acts and `GET`s.
    pub rate: RateLimiter,
    /// How many proxies in front append to `X-Forwarded-For` (0: it is never read).
    pub trust_forwarded_for: usize,
}
