//! The fast pass's `anyOf` and `oneOf`: each branch reads the value again from its
//! first byte, except a branch that certainly fails by the value's first byte or its
//! first member's name (`form/check/branches.rs`), which is passed over as if read and
//! failed (benches/README.md, optimization `branch-leads`).
//!
//! Passing over such a branch changes no verdict. The branch fails whatever the rest
//! of the value is, so the branches that are read decide `anyOf` and count `oneOf` as
//! all of them would; what a skipped branch would have said instead of failing
//! (`Abort` at a limit, `Truncated` at the end of a prefix) only ever made the pass
//! give up or wait, never admit. A value that fails every branch is read again with
//! failures recorded (`failure.rs`, `furthest`), every branch included, so a rejection
//! is the one the general validator gives (invariant 5).

use crate::form::check::branches;
use crate::form::node::{Node, NodeId, Types};

use crate::parse::lex;

use super::{Fail, Pass, MAX_FRAMES, R};

/// What tells the branches apart: the value's kind (`branches::kind_of`) and, for an
/// object, the byte its first member's name starts with as written (when that is not
/// an escape).
#[derive(Clone, Copy)]
struct Lead {
    kind: u8,
    first: Option<u8>,
}

impl<'a, 'f> Pass<'a, 'f> {
    /// [`Pass::in_place`] for a node that is a bare `anyOf` (`Node::only_any_of`): the
    /// same reading, without the parts such a node does not have (benches/README.md,
    /// optimization `bare-any-of`).
    #[inline]
    pub(super) fn bare_any_of(&mut self, n: &'f Node) -> R {
        let start = self.pos;
        let mut end = start;
        let record = std::mem::replace(&mut self.record, false);
        let r = self.any_branch(n, start, &mut end);
        self.record = record;
        match r {
            Ok(true) => {
                self.pos = end;
                Ok(())
            }
            Ok(false) => Err(self.settled(Fail::Mismatch, n, start)),
            Err(e) => Err(e),
        }
    }

    /// A bare `anyOf` (`Node::only_any_of`) with leads, met as a member's or an
    /// element's value at the cursor (its whitespace skipped): when the value's first
    /// byte and name rule out every branch but one, that branch is read in a frame of
    /// its own and the union takes none, as [`Pass::bare_any_of`] would read it
    /// (benches/README.md, optimization `sole-branch`); else the union is read as any
    /// value is.
    // Out of line: the member and element loops it is called from stay as they were.
    #[inline(never)]
    pub(super) fn union_child(&mut self, n: &'f Node) -> R {
        let start = self.pos;
        let Some(table) = n.sole.as_deref() else {
            return self.value_landed(n);
        };
        // The branch the leads leave, fixed at compile time for each first byte and
        // first name (`Node::sole`; benches/README.md, optimizations `sole-table` and
        // `sole-bytes`).
        let at = lex::skip_ws(self.bytes, start);
        let c = self.bytes.get(at).copied();
        let object = c == Some(b'{');
        let first = if object {
            self.first_name(at + 1)
        } else {
            None
        };
        let Some(&sole) = n.any_of.get(usize::from(table.branch(c, first))) else {
            return self.value_landed(n);
        };
        // The union's own visit and frame, and its branch's, as `value_landed` counts
        // them for each: this call's frame is both (invariant 3), and both visits are
        // charged at once (benches/README.md, optimization `union-frames`).
        if self.frames + 1 >= MAX_FRAMES {
            return Err(Fail::Abort);
        }
        self.spend(2)?;
        self.frames += 2;
        let record = std::mem::replace(&mut self.record, false);
        // The value's first byte.
        self.pos = at;
        let landed = super::landing(self.nodes, sole);
        // The branch read here, not through a call of its own (benches/README.md,
        // optimization `branch-in-place`). An object meeting a node without
        // applicators is opened at once: its first byte was read above (optimization
        // `union-frames`). A debug build reads the branch out of line.
        #[cfg(not(debug_assertions))]
        let r = if object && !landed.in_place {
            self.own_open(landed, at, true)
        } else {
            self.value_charged(landed)
        };
        #[cfg(debug_assertions)]
        let r = self.value_charged_apart(landed);
        self.record = record;
        self.frames -= 2;
        match r {
            Err(Fail::Mismatch) => Err(self.settled(Fail::Mismatch, n, start)),
            r => r,
        }
    }

    /// Node `n`'s `oneOf` branches on the value at `start`: how many pass, up to two
    /// (`end` is where one ended).
    #[inline]
    pub(super) fn one_branch(
        &mut self,
        n: &'f Node,
        start: usize,
        end: &mut usize,
    ) -> Result<u32, Fail> {
        let lead = self.lead(n, start);
        let mut passed = 0;
        let mut undecided = false;
        for &b in &n.one_of {
            if self.rules_out(lead, b) {
                continue;
            }
            match self.attempt(start, b, end) {
                Ok(()) => passed += 1,
                Err(Fail::Mismatch) => {}
                Err(Fail::Truncated) => undecided = true,
                Err(e) => return Err(e),
            }
            if passed > 1 {
                return Ok(passed);
            }
        }
        if undecided {
            return Err(Fail::Truncated);
        }
        Ok(passed)
    }

    /// Node `n`'s `anyOf` branches on the value at `start`: `Ok(true)` when one passes
    /// (`end` is where it ended), `Ok(false)` when every one fails.
    #[inline(always)]
    pub(super) fn any_branch(
        &mut self,
        n: &'f Node,
        start: usize,
        end: &mut usize,
    ) -> Result<bool, Fail> {
        let lead = self.lead(n, start);
        for &b in &n.any_of {
            if self.rules_out(lead, b) {
                continue;
            }
            match self.attempt(start, b, end) {
                Ok(()) => return Ok(true),
                Err(Fail::Mismatch) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(false)
    }

    /// What tells node `n`'s branches apart on the value at `start`: nothing unless
    /// some branch may be ruled out (`Node::leads`).
    #[inline(always)]
    fn lead(&self, n: &'f Node, start: usize) -> Lead {
        let mut lead = Lead {
            kind: 0,
            first: None,
        };
        if !n.leads {
            return lead;
        }
        let at = lex::skip_ws(self.bytes, start);
        let Some(&c) = self.bytes.get(at) else {
            return lead;
        };
        lead.kind = branches::kind_of(c);
        if lead.kind == Types::OBJECT {
            lead.first = self.first_name(at + 1);
        }
        lead
    }

    /// The byte the first member's name of the object whose `{` is just before `at`
    /// starts with, unless it is an escape (or a control character, which no JSON
    /// name holds).
    ///
    /// The name need not end in the bytes. A whole body that ends inside it is not
    /// JSON, and of a prefix that does, no branch can read the value whole: a branch
    /// ruled out by it would have said `Truncated`, and passing over it can neither
    /// admit the value (only a branch that reads it whole admits it) nor reject it
    /// (every failure that is reported is read again, every branch included, by
    /// `failure.rs`'s `furthest`, which says `Truncated` here as before).
    #[inline(always)]
    fn first_name(&self, at: usize) -> Option<u8> {
        let at = lex::skip_ws(self.bytes, at);
        if self.bytes.get(at) != Some(&b'"') {
            return None;
        }
        let b = *self.bytes.get(at + 1)?;
        (b != b'\\' && b >= 0x20).then_some(b)
    }

    /// Whether branch `b` certainly fails the value `lead` describes.
    #[inline(always)]
    fn rules_out(&self, lead: Lead, b: NodeId) -> bool {
        lead.kind != 0 && branches::fails(super::landing(self.nodes, b), lead.kind, lead.first)
    }
}
