//! One address, built from its [`Spec`]: the compiled form, the precomputed answers to
//! `GET`, the upstream and the rate limits; and [`Routes`], the addresses of the
//! process by path.
//!
//! Invariants:
//! 1. An address is built whole or not at all: a form that does not compile, messages
//!    that are not a list of messages, a header value or an upstream that is invalid,
//!    a rate out of range, each is an error naming the address, and nothing of it is
//!    served.
//! 2. Once built, an address is only read (shared as `Arc<Address>`): an act holds the
//!    address it started with until it is answered, whatever is swapped in meanwhile.
//! 3. The published body, its entity tag and the page are computed from the same
//!    compiled form that verifies acts; a changed form gets a new tag.
//! 4. Rebuilding an address with the same rates keeps its clients' buckets, so a reload
//!    never hands a flooding client a fresh burst.

use std::path::Path;
use std::sync::Arc;

use formgate::publish::Message;
use formgate::{Form, Limits};
use formgate_address::{Arrival, Rate, RateLimiter};
use hyper::header::HeaderValue;

use super::config::Spec;
use super::upstream::{Timeouts, Upstream};
use crate::form_arg::CompileArgs;
use crate::input::Source;
use crate::Status;

/// The embedded default form: `cli/assets/`' copy of `examples/tree.form.json`, inside
/// the package so that it builds from its `.crate` file alone (`tests/assets.rs` holds
/// the two copies equal).
pub(crate) const TREE_FORM: &[u8] = include_bytes!("../../assets/tree.form.json");

/// An act the embedded form accepts: the starting text of the page's try-an-act box
/// (`cli/assets/`' copy of `examples/tree.act.json`).
pub(crate) const TREE_ACT: &str = include_str!("../../assets/tree.act.json");

/// The prompt served with the embedded form when none is given.
const TREE_PROMPT: &str = "This address accepts one short styled document. Write it as a \
single JSON value that conforms to the JSON Schema in `s`: a title and one or more \
paragraphs, each a list of plain text runs and styled spans (bold, italic, code, \
underline, strike) that nest at most three deep. Send that value, unchanged, as the body \
of a POST to this address.";

/// The prompt served with a form of the operator's when none is given.
const FORM_PROMPT: &str = "Write a single JSON value that conforms to the JSON Schema in \
`s`, and send it, unchanged, as the body of a POST to this address.";

/// What every address of the process shares: how forms compile, the upstreams'
/// deadlines, the size of the rate limits' tables.
#[derive(Debug)]
pub(crate) struct Common {
    /// `--default-dialect`, `--annotation`, `--resource` and the like.
    pub compile: CompileArgs,
    /// The deadlines of an upstream's answer.
    pub timeouts: Timeouts,
    /// The most clients a rate limit remembers.
    pub rate_clients: usize,
    /// How https upstreams are verified.
    pub upstream_tls: tokio_rustls::rustls::ClientConfig,
}

/// One address, built (invariants 1–3).
#[derive(Debug)]
pub(crate) struct Address {
    /// Where it is.
    pub path: String,
    /// The compiled form: it verifies every act, and its rendering is published.
    pub form: Form,
    /// The precomputed answers to `GET`.
    pub arrival: Arrival,
    /// Where accepted acts go, if anywhere.
    pub upstream: Option<Upstream>,
    /// The clients' rates of acts and `GET`s.
    pub rate: Arc<RateLimiter>,
    /// One line for the operator: the form, its limits, its tag, its upstream.
    pub described: String,
}

/// Build the address `spec` describes; `previous` is the one served at its path, if
/// any (invariant 4). The error is a message, and the status to exit with at startup.
pub(crate) fn build(
    spec: &Spec,
    common: &Common,
    previous: Option<&Address>,
) -> Result<Address, (Status, String)> {
    let failed = |m: String| (Status::Failed, m);
    let mut limits = Limits::default();
    if let Some(n) = spec.max_bytes {
        if n > Limits::MAX_BYTES {
            return Err(failed(format!(
                "max_bytes {n} is above the largest limit, {} bytes",
                Limits::MAX_BYTES
            )));
        }
        limits = limits.with_max_bytes(n);
    }
    if let Some(n) = spec.max_depth {
        limits = limits.with_max_depth(n);
    }
    let form = match &spec.form {
        Some(path) => crate::form_arg::compile_file(path, limits, &common.compile)?,
        None => Form::builder()
            .limits(limits)
            .compile(TREE_FORM)
            .map_err(|e| (Status::Rejected, format!("the embedded form: {e}")))?,
    };
    let prompt = spec.prompt.as_deref().unwrap_or(match spec.form {
        Some(_) => FORM_PROMPT,
        None => TREE_PROMPT,
    });
    let messages = read_messages(spec.messages.as_deref())?;
    let gpt_type = match &spec.gpt_type {
        None => None,
        Some(t) => Some(
            HeaderValue::from_str(t)
                .map_err(|_| failed(format!("type {t:?} is not a valid header value")))?,
        ),
    };
    let upstream = match &spec.upstream {
        None => None,
        Some(url) => {
            Some(Upstream::new(url, common.timeouts, &common.upstream_tls).map_err(failed)?)
        }
    };
    let acts = rate("rate_limit", spec.rate_limit, spec.rate_burst).map_err(failed)?;
    let gets = rate("get_rate_limit", spec.get_rate_limit, spec.get_rate_burst).map_err(failed)?;
    let rate = match previous {
        Some(p) if p.rate.rates() == (acts, gets) => Arc::clone(&p.rate),
        _ => Arc::new(RateLimiter::new(acts, gets, common.rate_clients)),
    };

    let published = form.publish(prompt, &messages);
    let sample = spec.form.is_none().then_some(TREE_ACT);
    let page = formgate::publish::page(&form, prompt, &messages, sample, spec.gpt_type.as_deref());
    let described = format!(
        "form {} (max_bytes {}, max_depth {}), ETag {}{}",
        spec.form
            .as_ref()
            .map_or_else(|| "<embedded tree>".to_owned(), |p| p.display().to_string()),
        form.limits().max_bytes(),
        form.limits().max_depth(),
        published.etag(),
        upstream
            .as_ref()
            .map_or_else(String::new, |u| format!(", upstream {}", u.uri())),
    );
    Ok(Address {
        path: spec.path.clone(),
        arrival: Arrival::new(&published, gpt_type.as_ref(), page),
        form,
        upstream,
        rate,
        described,
    })
}

/// A rate of `per_second` with `burst` (by default the rate, rounded up), or none.
fn rate(name: &str, per_second: Option<f64>, burst: Option<u32>) -> Result<Option<Rate>, String> {
    let Some(n) = per_second else {
        return match burst {
            None => Ok(None),
            Some(_) => Err(format!("a burst for {name} needs a rate")),
        };
    };
    let burst = burst.unwrap_or_else(|| n.ceil().clamp(1.0, f64::from(u32::MAX)) as u32);
    Rate::new(n, burst).map(Some).ok_or_else(|| {
        format!(
            "{name} {n} with a burst of {burst}: the rate must be a positive number per \
             second, the burst at least 1"
        )
    })
}

/// The messages file, if any.
fn read_messages(path: Option<&Path>) -> Result<Vec<Message>, (Status, String)> {
    let Some(path) = path else {
        return Ok(Vec::new());
    };
    let source = Source::new(path);
    let bytes = source
        .read(formgate::DEFAULT_MAX_BYTES + 1)
        .map_err(|e| (Status::Failed, format!("{}: {e}", source.name())))?;
    Message::list_from_json(&bytes)
        .map_err(|e| (Status::Rejected, format!("{}: {e}", source.name())))
}

/// The addresses of the process, by path.
#[derive(Debug, Default)]
pub(crate) struct Routes {
    addresses: Vec<Arc<Address>>,
}

impl Routes {
    /// These addresses (their paths are distinct: config.rs checked).
    pub fn new(addresses: Vec<Arc<Address>>) -> Routes {
        Routes { addresses }
    }

    /// The address at `path`, if any.
    pub fn get(&self, path: &str) -> Option<&Arc<Address>> {
        self.addresses.iter().find(|a| a.path == path)
    }

    /// The addresses' paths.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.addresses.iter().map(|a| a.path.as_str())
    }

    /// How many addresses there are.
    pub fn len(&self) -> usize {
        self.addresses.len()
    }
}
