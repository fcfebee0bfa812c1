//! Stage 3: strict events → verdict, by two engines behind one order.
//!
//! - [`fast`]: a schema-directed recursive pass over the body and the form together. It
//!   admits, rejects exactly as the general validator would (the same kind, offset and
//!   pointers), or is not sure (`fast` invariants 1 and 5).
//! - [`general`]: the event-driven validator. It never recurses, streams, and decides
//!   every body; it is the reference the fast engine is held to.
//! - [`serde`]: one serde `Deserializer` (`serde/de.rs`) over two token sources that
//!   read a body into a type on either engine's terms (`serde/guided.rs` on the fast
//!   engine's, `serde/events.rs` through the general validator).
//!
//! The order, for every entry point: the size limit first; then the fast engine, whose
//! rejection is final; only where it is not sure, the general validator, from the
//! body's first byte. For a whole body it is written once, `Runtime::in_order`, which
//! `verify`, `accept` and `verify_into` take with their own fast attempt and general
//! pass; the streaming `Verifier` follows it chunk by chunk (`stream.rs`).
//!
//! | entry point | fast engine | when not sure |
//! |---|---|---|
//! | [`Runtime::verify`] (`Form::verify`) | `fast::decide` | `Runtime::general` |
//! | [`Runtime::accept`] (`Form::accept`) | `fast::decide`, then the tree | `Runtime::general_with`, building the tree |
//! | `Form::verify_into` (`serde/mod.rs`) | the guided source (`serde/guided.rs`) | the events source (`serde/events.rs`): events through the general validator, into the same deserializer |
//! | `Verifier` (`stream.rs`) | `fast::resumable`, chunk by chunk | the general validator reads every byte received, then goes on |
//!
//! The invariant that ties them: both engines give equal verdicts, and on a rejection
//! the fast engine's is the general validator's, or it is not sure. `tests/verify_fast.rs`,
//! `tests/common` `engines_agree` and the `verify` fuzz target hold it.

pub(crate) mod accepted;
mod api;
pub(crate) mod fast;
pub(crate) mod general;
pub(crate) mod rejection;
pub(crate) mod serde;
pub(crate) mod stream;

use std::cell::RefCell;

use crate::form::Form;
use crate::parse::event::Event;
use crate::parse::lex::Input;
use crate::parse::machine::{Machine, Step};
use general::State;
use rejection::Rejection;

/// What a fast engine made of a whole body: admitted (with what the entry point makes
/// of it), rejected (as the general validator rejects it), or not sure.
pub(crate) enum Fast<T> {
    Admitted(T),
    Rejected(Rejection),
    Unsure,
}

/// Per-verification state, reused across bodies: the parser, the general validator's
/// state and the fast engine's buffers (nothing is allocated once they are warm).
#[derive(Debug)]
pub(crate) struct Runtime {
    pub(crate) machine: Machine,
    pub(crate) state: State,
    fast: fast::Buffers,
    /// Decoded strings with escapes, for `verify_into`'s guided route.
    scratch: String,
}

thread_local! {
    /// This thread's runtime: the entry points of `api.rs` borrow it, and so does a
    /// streamed body's first chunk read whole (`stream.rs`).
    static RUNTIME: RefCell<Option<Runtime>> = const { RefCell::new(None) };
}

/// Run `f` with this thread's reusable runtime, or a fresh one if it is in use (a
/// form's per-call state never lives in the form), or once the runtime itself has
/// been destroyed: a `Form::verify` made from the destructor of a thread-local
/// destroyed after it reads its body as any other, where `LocalKey::with` would
/// panic, and a panic there aborts the process.
///
/// `f` is `Copy` (the callers' closures hold references only) so that the fallback
/// can call it after `try_with` declined to: an `Option` around it cost the small
/// body's `verify` about 0.5% of its instructions.
#[inline(always)]
fn with_runtime<R, F: FnOnce(&mut Runtime) -> R + Copy>(f: F) -> R {
    match RUNTIME.try_with(|cell| in_runtime(cell, f)) {
        Ok(r) => r,
        Err(_) => in_fresh_runtime(f),
    }
}

/// `f` with a runtime of its own, made for it and dropped after.
#[cold]
#[inline(never)]
fn in_fresh_runtime<R>(f: impl FnOnce(&mut Runtime) -> R) -> R {
    f(&mut Runtime::new())
}

/// [`with_runtime`] for a caller with a reader of its own to fall back on (a streamed
/// body's first chunk, which the verifier's engine reads otherwise, `stream.rs`):
/// `None` once the runtime is destroyed, rather than a fresh runtime made for the
/// call.
fn try_with_runtime<R>(f: impl FnOnce(&mut Runtime) -> R) -> Option<R> {
    RUNTIME.try_with(|cell| in_runtime(cell, f)).ok()
}

/// `f` with the runtime in `cell`, made on first use, or a fresh one if it is in use.
#[inline(always)]
fn in_runtime<R>(cell: &RefCell<Option<Runtime>>, f: impl FnOnce(&mut Runtime) -> R) -> R {
    // Used in place rather than moved out and back: the runtime is a few hundred bytes,
    // and on a 279-byte body the two moves were a measurable part of a verify.
    match cell.try_borrow_mut() {
        Ok(mut slot) => f(slot.get_or_insert_with(Runtime::new)),
        Err(_) => in_fresh_runtime(f),
    }
}

impl Runtime {
    pub(crate) fn new() -> Runtime {
        Runtime {
            machine: Machine::new(0),
            state: State::default(),
            fast: fast::Buffers::default(),
            scratch: String::new(),
        }
    }

    /// The order of every entry point that takes a whole body (the module docs): the
    /// size limit; then `fast`, the fast engine's attempt (its rejection is final, and
    /// is the general validator's); only where it is not sure, `general`, the general
    /// validator from the body's first byte.
    pub(crate) fn in_order<T>(
        &mut self,
        form: &Form,
        body: &[u8],
        fast: impl FnOnce(&mut Runtime) -> Fast<T>,
        general: impl FnOnce(&mut Runtime) -> Result<T, Rejection>,
    ) -> Result<T, Rejection> {
        crate::parse::check_size(body.len(), &form.limits()).map_err(Rejection::from_parse)?;
        match fast(self) {
            Fast::Admitted(t) => Ok(t),
            Fast::Rejected(r) => Err(r),
            Fast::Unsure => general(self),
        }
    }

    /// The fast engine's verdict on a whole body, with `admitted` made of a body it
    /// admits (`None`: let the general validator decide after all).
    fn decide<T>(
        &mut self,
        form: &Form,
        body: &[u8],
        admitted: impl FnOnce() -> Option<T>,
    ) -> Fast<T> {
        match fast::decide(form, body, &mut self.fast) {
            fast::Verdict::Admitted => admitted().map_or(Fast::Unsure, Fast::Admitted),
            fast::Verdict::Rejected(r) => Fast::Rejected(r),
            fast::Verdict::Unsure => Fast::Unsure,
        }
    }

    /// Verify a complete body. O(n) in the body for a fixed form.
    pub(crate) fn verify(&mut self, form: &Form, body: &[u8]) -> Result<(), Rejection> {
        self.in_order(
            form,
            body,
            |rt| rt.decide(form, body, || Some(())),
            |rt| rt.general(form, body),
        )
    }

    /// Verify a complete body and build its tree: parsed after the fast engine admits
    /// it (the parse cannot fail on an admitted body; if it did, the general pass
    /// would decide), or built by the general validator in its one pass.
    pub(crate) fn accept<'a>(
        &mut self,
        form: &Form,
        body: &'a [u8],
    ) -> Result<crate::parse::value::Value<'a>, Rejection> {
        let parsed = || crate::parse::parse(body, &form.limits()).ok();
        self.in_order(
            form,
            body,
            |rt| rt.decide(form, body, parsed),
            |rt| {
                let mut tree = crate::parse::value::TreeBuilder::default();
                rt.general_with(form, body, |ev| tree.push(ev))?;
                Ok(tree.finish())
            },
        )
    }

    /// The fast engine's verdict on a whole body, with this runtime's buffers and
    /// nothing else: for a streamed body whose first chunk looks whole
    /// (`stream.rs`, `Verifier::feed`).
    pub(crate) fn decide_fast(&mut self, form: &Form, body: &[u8]) -> fast::Verdict {
        fast::decide(form, body, &mut self.fast)
    }

    /// [`Runtime::verify`] by the general validator alone (the reference the fast path
    /// is tested against), for a body within `max_bytes`.
    pub(crate) fn general(&mut self, form: &Form, body: &[u8]) -> Result<(), Rejection> {
        self.general_with(form, body, |_| {})
    }

    /// [`Runtime::general`], handing every event to `each` after the validator (so
    /// `accept` builds the tree in the same pass).
    pub(crate) fn general_with<'a>(
        &mut self,
        form: &Form,
        body: &'a [u8],
        mut each: impl FnMut(Event<'a, '_>),
    ) -> Result<(), Rejection> {
        self.start(form);
        let input = Input::new(body);
        let mut pos = 0;
        loop {
            let step = self
                .machine
                .step(&input, &mut pos, true)
                .map_err(Rejection::from_parse)?;
            let ev = match step {
                Step::Event(ev) => ev,
                Step::End => return Ok(()),
                Step::NeedMore => unreachable!("a final slice never needs more"),
            };
            let admitted = self.state.event(form, ev);
            each(ev);
            if !admitted {
                return Err(self.rejection(form));
            }
        }
    }

    /// Prepare for a new body.
    pub(crate) fn start(&mut self, form: &Form) {
        self.machine.reset(form.limits().max_depth());
        self.state.reset(form.root());
    }

    #[cold]
    fn rejection(&self, form: &Form) -> Rejection {
        let cause = self.state.cause().expect("a rejection has a cause");
        Rejection::not_admitted(
            form,
            cause.node(),
            cause.keyword(),
            self.machine.token_start(),
            self.machine.pointer(true),
            cause.via(),
        )
    }
}
