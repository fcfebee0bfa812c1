//! Reload on SIGHUP: the addresses are read again (the config file and every form),
//! and what compiles is swapped in.
//!
//! Invariants:
//! 1. The swap is atomic: a request sees the addresses before or after, never a mix;
//!    an act in flight finishes against the address (the form) it started with.
//! 2. An address whose form (or anything else of it) fails to build keeps the one
//!    served at its path, and the log says why; one that is new is not served, and the
//!    log says why. A config file that cannot be read keeps every address as it was.
//! 3. Addresses the file no longer names are no longer served.
//! 4. Building runs off the connections' threads (forms compile for as long as they
//!    take), one reload at a time.

use std::sync::Arc;

use super::address::{build, Routes};
use super::state::App;

/// Read the addresses again and swap in what builds (invariants 1–4).
pub(crate) async fn reload(app: &'static App) {
    let done = tokio::task::spawn_blocking(move || rebuild(app)).await;
    if done.is_err() {
        app.log
            .note("reload failed unexpectedly; every address kept as it was");
    }
}

/// The blocking half of [`reload`].
fn rebuild(app: &App) {
    let specs = match app.origin.specs() {
        Ok(s) => s,
        Err(e) => {
            app.log
                .note(&format!("reload: {e}; every address kept as it was"));
            return;
        }
    };
    let old = app.routes();
    let mut addresses = Vec::with_capacity(specs.len());
    for spec in &specs {
        let previous = old.get(&spec.path);
        let at = format!("address {}", spec.path);
        match build(spec, &app.common, previous.map(|p| &**p)) {
            Ok(address) => {
                app.log
                    .note(&format!("reload: {at}: {}", address.described));
                addresses.push(Arc::new(address));
            }
            Err((_, why)) => match previous {
                Some(p) => {
                    app.log.note(&format!(
                        "reload: {at}: {why}; still serving {}",
                        p.described
                    ));
                    addresses.push(Arc::clone(p));
                }
                None => app.log.note(&format!("reload: {at}: {why}; not served")),
            },
        }
    }
    let routes = Routes::new(addresses);
    let n = routes.len();
    app.swap(routes);
    app.log.note(&format!("reloaded: {n} addresses served"));
}
