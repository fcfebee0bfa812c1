//! `contentEncoding`, `contentMediaType` and `contentSchema`, asserted on strings
//! (docs/FORMATS.md, "Content"), and the scalar checks of the general validator that
//! apply them.
//!
//! A string's content is decoded (`base64`), then parsed as one strict JSON document
//! (`application/json`), then verified against `contentSchema` by a validator of its
//! own on the same form, in that order; the first step that fails names its keyword,
//! at the string's offset (the validator's rejection of the string).
//!
//! Invariants:
//! 1. Only strings are constrained: any other value passes these keywords.
//! 2. The document is held to the form's limits, and counts as nested one level below
//!    its string: a string inside `d` containers holds a document at most
//!    `max_depth - d - 1` deep, and a string at `max_depth` can hold no document. So
//!    documents within documents (a `contentSchema` whose `$ref` leads back to it)
//!    nest at most `max_depth` times, and each is smaller than its string. The body's
//!    size bounds them too: a document's text within a string grows by a third
//!    (base64) or doubles its escapes (a JSON string) per level, so a 1 MiB body holds
//!    about 40 levels, a 4 GiB one under 80; each level is one call of
//!    [`document_admitted`] on the stack.
//!
//! Cost: O(length of the string) to decode and parse, plus the verification of the
//! document (O(its events × instances), as for a body).

use crate::form::consts::Scalar;
use crate::form::format::base64;
use crate::form::node::{Content, NodeId};
use crate::form::vocabulary::Keyword;
use crate::form::Form;
use crate::parse::lex::Input;
use crate::parse::machine::{Machine, Step};

use super::{Cause, Closing, State, Target};
use crate::form::check::scalar;

impl State {
    /// A node's local assertions on a scalar ([`scalar::check`]), then, on a string, its
    /// content assertions.
    #[inline]
    fn check_scalar(&self, form: &Form, id: NodeId, s: Scalar<'_>) -> Result<(), Option<Keyword>> {
        let node = form.node(id);
        scalar::check(node, form.consts(), s)?;
        let Scalar::String(text) = s else {
            return Ok(());
        };
        match node.string.as_deref().and_then(|c| c.content.as_deref()) {
            Some(c) => check(form, c, text, self.base_depth + self.frames.len()).map_err(Some),
            None => Ok(()),
        }
    }

    /// A target without applicators on a scalar: it passes or fails at once.
    fn decide(&mut self, form: &Form, t: Target, s: Scalar<'_>) {
        match self.check_scalar(form, t.node, s) {
            Ok(()) => self.pass(form, t.parent, t.role),
            Err(keyword) => self.fail_target(
                t,
                Cause {
                    node: t.node,
                    keyword,
                    via: None,
                },
            ),
        }
    }

    /// Check a scalar (a value, or a member name under `propertyNames`) against every
    /// pending target.
    pub(super) fn scalar_targets(&mut self, form: &Form, s: Scalar<'_>) {
        // The common case: one subschema without applicators applies.
        if let [t] = self.targets[..] {
            let node = form.node(t.node);
            if !node.in_place {
                self.targets.clear();
                self.decide(form, t, s);
                return;
            }
        }
        // Fast path: a target without applicators needs no instance.
        let mut k = 0;
        while k < self.targets.len() {
            let t = self.targets[k];
            let node = form.node(t.node);
            if node.in_place {
                k += 1;
                continue;
            }
            self.targets.swap_remove(k);
            self.decide(form, t, s);
        }
        if self.targets.is_empty() {
            return;
        }
        let links = self.links.len();
        let first = self.expand(form);
        for i in first..self.insts.len() as u32 {
            let node_id = self.insts[i as usize].node;
            if let Err(keyword) = self.check_scalar(form, node_id, s) {
                self.fail(
                    i,
                    Cause {
                        node: node_id,
                        keyword,
                        via: None,
                    },
                );
            }
        }
        self.finish(form, first, Closing::Scalar, false);
        self.insts.truncate(first as usize);
        // The links made for these instances go with them: kept, they grew with every
        // value of the body (83 bytes per body byte on an array whose elements each
        // expand a 2^14 fan-out).
        self.links.truncate(links);
    }
}

/// The content assertions on a string inside `depth` containers (counting those
/// around the document it is in, if any): the keyword of the first that fails.
pub(super) fn check(form: &Form, c: &Content, text: &str, depth: usize) -> Result<(), Keyword> {
    let decoded;
    let bytes = if c.base64 {
        decoded = base64::decode(text.as_bytes()).ok_or(Keyword::ContentEncoding)?;
        &decoded[..]
    } else {
        text.as_bytes()
    };
    if !c.json {
        return Ok(());
    }
    // Invariant 2: the document sits one level below its string.
    let inner = depth + 1;
    let room = form
        .limits()
        .max_depth()
        .checked_sub(inner)
        .ok_or(Keyword::ContentMediaType)?;
    let limits = form.limits().with_max_depth(room);
    crate::parse::check(bytes, &limits).map_err(|_| Keyword::ContentMediaType)?;
    match c.schema {
        Some(schema) if !document_admitted(form, schema, bytes, inner, room) => {
            Err(Keyword::ContentSchema)
        }
        _ => Ok(()),
    }
}

/// Whether the strict JSON `bytes` meet node `root` of `form`, verified by the general
/// validator as a body `room` containers deep at most, inside `base` containers.
fn document_admitted(form: &Form, root: NodeId, bytes: &[u8], base: usize, room: usize) -> bool {
    let mut machine = Machine::new(room);
    let mut state = State {
        base_depth: base,
        ..State::default()
    };
    state.reset(root);
    let input = Input::new(bytes);
    let mut pos = 0;
    loop {
        match machine.step(&input, &mut pos, true) {
            Ok(Step::Event(ev)) => {
                if !state.event(form, ev) {
                    return false;
                }
            }
            Ok(Step::End) => return true,
            // The document was checked before: neither can happen.
            Ok(Step::NeedMore) | Err(_) => return false,
        }
    }
}
