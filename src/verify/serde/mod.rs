//! `verify_into`: verification and serde deserialization in one read of the body.
//!
//! One [`Deserializer`](de::Deserializer) (`de.rs`) turns tokens into a visitor's calls;
//! where the tokens come from, and who checks them, is its [`Source`](de::Source):
//! - the guided route (`guided.rs`) checks each value on the fast engine's terms at
//!   the node it meets, and admits, or is not sure;
//! - the one-pass route (`events.rs`) feeds the parser's events through the general
//!   validator, and decides and explains every body.
//!
//! Invariants:
//! 1. A `T` is returned only after the whole body was read and admitted and nothing but
//!    whitespace followed: no `T` can come from a body `verify` rejects.
//! 2. Both routes drive the same deserializer, so on the same body a visitor gets the
//!    same calls from either and the routes give the same `T`.
//! 3. Strings without escapes are handed to the visitor borrowed from the body
//!    (`visit_borrowed_str`); escaped ones from a reused buffer.
//!
//! Cost: the cost of `verify` plus the visitor's; recursion depth is the body's depth,
//! bounded by `max_depth`.

use serde::de as serde_de;

use crate::form::Form;
use crate::verify::rejection::{Rejection, RejectionKind};
use crate::verify::{Fast, Runtime};

mod cursor;
mod de;
mod events;
mod guided;

/// Verify `body` against `form` and deserialize it into `T` in one pass.
pub(crate) fn verify_into<'de, T: serde_de::Deserialize<'de>>(
    form: &Form,
    rt: &mut Runtime,
    body: &'de [u8],
) -> Result<T, Rejection> {
    // Most bodies are admitted: the guided route checks and deserializes them in one
    // read, without the general validator's bookkeeping. Anything else (not sure,
    // rejected, or a `T` that cannot hold the body) takes the one pass below, which
    // decides and explains.
    rt.in_order(
        form,
        body,
        |rt| match guided::deserialize(form, body, &mut rt.fast, &mut rt.scratch) {
            Some(value) => Fast::Admitted(value),
            None => Fast::Unsure,
        },
        |rt| one_pass(form, rt, body),
    )
}

/// [`verify_into`] on the guided route alone: `None` is "not sure" (the form does not
/// certainly admit the body, or `T` cannot hold it). For the tests' hidden entry point.
#[cfg(any(fuzzing, feature = "__fuzz"))]
pub(crate) fn guided_only<'de, T: serde_de::Deserialize<'de>>(
    form: &Form,
    body: &'de [u8],
) -> Option<T> {
    if body.len() > form.limits().max_bytes() {
        return None;
    }
    guided::deserialize(form, body, &mut Default::default(), &mut String::new())
}

/// [`verify_into`] without the fast route: the general validator and the deserializer
/// in one pass, for any body within `max_bytes`.
pub(crate) fn one_pass<'de, T: serde_de::Deserialize<'de>>(
    form: &Form,
    rt: &mut Runtime,
    body: &'de [u8],
) -> Result<T, Rejection> {
    let mut d = de::Deserializer::new(events::Events::new(form, rt, body));
    let value = T::deserialize(&mut d);
    // Invariant 1: read to the end whatever the visitor did, then decide.
    d.src.drain();
    if let Some(r) = d.src.rejection() {
        return Err(r);
    }
    value.map_err(|e| {
        Rejection::new(
            RejectionKind::Unrepresentable,
            d.src.rt.machine.token_start(),
            d.src.rt.machine.pointer(true),
            None,
        )
        .with_detail(e.to_string())
    })
}
