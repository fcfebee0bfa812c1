//! `unevaluatedProperties` and `unevaluatedItems` in the general validator.
//!
//! A member (element) is *evaluated* by an instance when the instance's own
//! `properties`, `patternProperties` or `additionalProperties` (`prefixItems`, `items`,
//! and in 2020-12 a matching `contains`) apply to it, or when an in-place subschema
//! of the instance that *passed* evaluated it: annotations of failing subschemas are
//! dropped, as 2020-12 says. An instance with `unevaluated*` that passes has evaluated
//! everything. The keyword then holds every member it did not evaluate to its schema.
//!
//! Which branches pass is known only when the container closes, so while it is read:
//! - each member records which of the container's instances evaluate it on their own
//!   (a bit per instance: `own`);
//! - an owner's `unevaluated*` schema is tried on every member it does not evaluate on
//!   its own, and the outcome is kept in a slot instead of failing the owner;
//! - a `contains` match (2020-12) is kept in a slot too.
//!
//! When it closes (`State::finish`, children before parents), each instance's
//! evaluated set is its own bits plus the sets of its passing in-place children
//! (`then` only if `if` passed, `else` only if it failed, a `dependentSchemas` entry
//! only if its member is present; never `not`), and an owner fails if a member it did
//! not evaluate failed its schema.
//!
//! Only containers where some instance has the keyword are tracked; no other form or
//! body pays anything. Cost: O(members × instances of the container) bits and time, where
//! a container's instances are at most its targets' plans (32 each) or their distinct
//! in-place nodes (`expand.rs`): a fan-out of paths to the same nodes costs nothing more.

/// A condition a parent's in-place child contributes under, known only at the
/// parent's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum When {
    /// `then`: if the parent's `if` passed.
    IfPassed,
    /// `else`: if the parent's `if` failed.
    IfFailed,
    /// A `dependentSchemas` entry: if the object has the member (its tracked index).
    Present(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The owner's `unevaluated*` schema on a member: the slot says it failed.
    Check,
    /// A `contains` schema on an element: the slot says it matched.
    Contains,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    member: u32,
    /// The instance, as an offset in its container.
    inst: u32,
    slot: u32,
    kind: Kind,
    /// The instance's previous `Check` entry (`NONE`), so an owner visits only its own.
    next: u32,
}

// The size `form::memory` charges for an entry and its slot.
const _: () = assert!(
    (std::mem::size_of::<Entry>() + std::mem::size_of::<bool>()) as u64
        <= crate::form::memory::ENTRY_BYTES,
    "an entry outgrows form::memory's charge"
);

/// No entry.
const END: u32 = u32::MAX;

/// One tracked container.
#[derive(Debug, Clone, Copy)]
struct Tracked {
    /// Instances of the container (`State::insts[first..first + n]`).
    n: u32,
    members: u32,
    own: usize,
    entries: usize,
    slots: usize,
    deferred: usize,
    /// Where the container's per-instance list heads start in `heads`.
    heads: usize,
}

/// The tracking state of every open tracked container, innermost last.
#[derive(Debug, Default)]
pub(crate) struct Tracker {
    open: Vec<Tracked>,
    /// Per member of each tracked container, a row of `words(n)` bits: the instances
    /// that evaluate it on their own.
    own: Vec<u64>,
    entries: Vec<Entry>,
    /// Outcomes (see `Kind`), by slot.
    slots: Vec<bool>,
    /// In-place children that passed, to add to a parent under a condition: the
    /// condition, the child, and the parent's previous deferred child.
    deferred: Vec<(When, u32, u32)>,
    /// Per instance of each tracked container, two list heads (`END` when empty): its
    /// last `Check` entry and its last deferred child. Each instance visits only its
    /// own, so a container's end costs O(entries + children), not their product with
    /// the number of instances.
    heads: Vec<[u32; 2]>,
    /// While a container finishes: per instance, a row of `words(members)` bits, the
    /// members it evaluated.
    rows: Vec<u64>,
}

fn words(bits: u32) -> usize {
    (bits as usize).div_ceil(64).max(1)
}

impl Tracker {
    pub(crate) fn clear(&mut self) {
        self.open.clear();
        self.own.clear();
        self.entries.clear();
        self.slots.clear();
        self.deferred.clear();
        self.heads.clear();
        self.rows.clear();
    }

    /// A container with `n` instances opens and needs tracking.
    pub(crate) fn begin(&mut self, n: u32) {
        self.open.push(Tracked {
            n,
            members: 0,
            own: self.own.len(),
            entries: self.entries.len(),
            slots: self.slots.len(),
            deferred: self.deferred.len(),
            heads: self.heads.len(),
        });
        self.heads.extend(std::iter::repeat_n([END; 2], n as usize));
    }

    fn top(&self) -> Tracked {
        *self.open.last().expect("a tracked container is open")
    }

    /// A new member (element) of the innermost tracked container: its index.
    pub(crate) fn member(&mut self) -> u32 {
        let t = self.open.last_mut().expect("a tracked container is open");
        let m = t.members;
        t.members += 1;
        let n = t.n;
        self.own.extend(std::iter::repeat_n(0, words(n)));
        m
    }

    /// Instance `k` (offset) evaluates member `m` on its own.
    pub(crate) fn set_own(&mut self, m: u32, k: u32) {
        let t = self.top();
        let at = t.own + m as usize * words(t.n) + k as usize / 64;
        self.own[at] |= 1 << (k % 64);
    }

    fn own_bit(&self, t: Tracked, m: u32, k: u32) -> bool {
        let at = t.own + m as usize * words(t.n) + k as usize / 64;
        self.own[at] & (1 << (k % 64)) != 0
    }

    /// Whether instance `k` evaluates member `m` on its own.
    pub(crate) fn evaluates_own(&self, m: u32, k: u32) -> bool {
        self.own_bit(self.top(), m, k)
    }

    /// A slot for the owner `k`'s `unevaluated*` schema on member `m`.
    pub(crate) fn check_slot(&mut self, m: u32, k: u32) -> u32 {
        self.slot(m, k, Kind::Check)
    }

    /// A slot for instance `k`'s `contains` schema on element `m`.
    pub(crate) fn contains_slot(&mut self, m: u32, k: u32) -> u32 {
        self.slot(m, k, Kind::Contains)
    }

    fn slot(&mut self, member: u32, inst: u32, kind: Kind) -> u32 {
        let slot = self.slots.len() as u32;
        self.slots.push(false);
        let at = self.top().heads + inst as usize;
        let head = &mut self.heads[at][0];
        let next = if kind == Kind::Check {
            std::mem::replace(head, self.entries.len() as u32)
        } else {
            END
        };
        self.entries.push(Entry {
            member,
            inst,
            slot,
            kind,
            next,
        });
        slot
    }

    /// The schema of a `Check` slot failed, or the schema of a `Contains` slot matched.
    pub(crate) fn mark(&mut self, slot: u32) {
        if let Some(s) = self.slots.get_mut(slot as usize) {
            *s = true;
        }
    }

    /// The innermost tracked container closes: build every instance's row from its
    /// own bits and its `contains` matches.
    pub(crate) fn finish_begin(&mut self) {
        let t = self.top();
        let w = words(t.members);
        self.rows.clear();
        self.rows.resize(t.n as usize * w, 0);
        for m in 0..t.members {
            for k in 0..t.n {
                if self.own_bit(t, m, k) {
                    self.rows[k as usize * w + m as usize / 64] |= 1 << (m % 64);
                }
            }
        }
        for e in &self.entries[t.entries..] {
            if e.kind == Kind::Contains && self.slots[e.slot as usize] {
                self.rows[e.inst as usize * w + e.member as usize / 64] |= 1 << (e.member % 64);
            }
        }
    }

    /// Add child `c`'s evaluated members to parent `p` (offsets).
    pub(crate) fn merge(&mut self, c: u32, p: u32) {
        let w = words(self.top().members);
        for j in 0..w {
            let bits = self.rows[c as usize * w + j];
            self.rows[p as usize * w + j] |= bits;
        }
    }

    /// Add child `c` to parent `p` at `p`'s end, if `when` holds then.
    pub(crate) fn defer(&mut self, p: u32, when: When, c: u32) {
        let at = self.top().heads + p as usize;
        let head = &mut self.heads[at][1];
        let next = std::mem::replace(head, self.deferred.len() as u32);
        self.deferred.push((when, c, next));
    }

    /// Parent `p` ends: add the deferred children whose condition `holds`.
    pub(crate) fn settle(&mut self, p: u32, holds: impl Fn(When) -> bool) {
        let mut d = self.heads[self.top().heads + p as usize][1];
        while d != END {
            let (when, c, next) = self.deferred[d as usize];
            if holds(when) {
                self.merge(c, p);
            }
            d = next;
        }
    }

    /// Whether owner `k` leaves a member unevaluated whose schema failed.
    pub(crate) fn fails(&self, k: u32) -> bool {
        let t = self.top();
        let w = words(t.members);
        let mut at = self.heads[t.heads + k as usize][0];
        while at != END {
            let e = self.entries[at as usize];
            let evaluated =
                self.rows[k as usize * w + e.member as usize / 64] & (1 << (e.member % 64)) != 0;
            if self.slots[e.slot as usize] && !evaluated {
                return true;
            }
            at = e.next;
        }
        false
    }

    /// Owner `k` passed: it evaluated every member.
    pub(crate) fn evaluate_all(&mut self, k: u32) {
        let w = words(self.top().members);
        self.rows[k as usize * w..(k as usize + 1) * w].fill(u64::MAX);
    }

    /// The innermost tracked container is done.
    pub(crate) fn end(&mut self) {
        let t = self.open.pop().expect("a tracked container is open");
        self.own.truncate(t.own);
        self.entries.truncate(t.entries);
        self.slots.truncate(t.slots);
        self.deferred.truncate(t.deferred);
        self.heads.truncate(t.heads);
    }
}

use super::{Role, State, Target, IF_FAILED, IF_PASSED, NONE};
use crate::form::node::{Node, NodeId};
use crate::form::vocabulary::Keyword;
use crate::form::Form;

impl Tracker {
    /// The number of instances of the innermost tracked container.
    fn instances(&self) -> u32 {
        self.top().n
    }
}

/// `node`'s `unevaluatedProperties` (`object`) or `unevaluatedItems` schema.
fn unevaluated_of(node: &Node, object: bool) -> Option<NodeId> {
    if object {
        node.object.as_ref().and_then(|o| o.unevaluated)
    } else {
        node.array.as_ref().and_then(|a| a.unevaluated)
    }
}

/// Whether `node` has `unevaluatedProperties` (`object`) or `unevaluatedItems`.
fn owns(node: &Node, object: bool) -> bool {
    unevaluated_of(node, object).is_some()
}

impl State {
    /// A container opened with instances `first..`: whether one of them has
    /// `unevaluatedProperties` (an object) or `unevaluatedItems` (an array), in which
    /// case the tracker follows the container.
    pub(super) fn track_open(&mut self, form: &Form, first: u32, object: bool) -> bool {
        if !form.has_unevaluated() {
            return false;
        }
        let needs = self.insts[first as usize..]
            .iter()
            .any(|i| owns(form.node(i.node), object));
        if needs {
            self.uneval.begin(self.insts.len() as u32 - first);
        }
        needs
    }

    /// A member name of a tracked object whose instances start at `first`: which
    /// instances evaluate it on their own, and the owners' schemas for the others.
    pub(super) fn track_key(&mut self, form: &Form, first: u32, name: &str) {
        let m = self.uneval.member();
        let n = self.uneval.instances();
        for k in 0..n {
            let inst = self.insts[(first + k) as usize];
            if inst.failed {
                continue;
            }
            let Some(o) = &form.node(inst.node).object else {
                continue;
            };
            if o.evaluates(name) {
                self.uneval.set_own(m, k);
            }
        }
        self.queue_owners(form, first, m, true);
    }

    /// Element `m` of a tracked array whose instances start at `first`: which
    /// instances evaluate it on their own (`prefixItems`, `items`; `contains` matches
    /// are kept in slots), and the owners' schemas for the others.
    pub(super) fn track_element(&mut self, form: &Form, first: u32, m: u32) {
        let n = self.uneval.instances();
        for k in 0..n {
            let inst = self.insts[(first + k) as usize];
            if inst.failed {
                continue;
            }
            let Some(a) = &form.node(inst.node).array else {
                continue;
            };
            if a.evaluates(u64::from(m)) {
                self.uneval.set_own(m, k);
            }
        }
        self.queue_owners(form, first, m, false);
    }

    /// The role of a `contains` schema on element `m` for instance `k` of a tracked
    /// array: where a match evaluates the element (2020-12, `evaluates`), it is kept.
    pub(super) fn contains_role(&mut self, evaluates: bool, m: u32, k: u32) -> Role {
        if evaluates {
            Role::ContainsAt(self.uneval.contains_slot(m, k))
        } else {
            Role::Contains
        }
    }

    /// Every owner of the innermost tracked container (instances from `first`) that has
    /// not failed tries its schema on member `m`.
    fn queue_owners(&mut self, form: &Form, first: u32, m: u32, object: bool) {
        for k in 0..self.uneval.instances() {
            let inst = self.insts[(first + k) as usize];
            let u = unevaluated_of(form.node(inst.node), object);
            if let Some(u) = u.filter(|_| !inst.failed) {
                self.queue_unevaluated(u, first + k, m, k);
            }
        }
    }

    /// Try owner's `unevaluated*` schema `u` on member `m`, unless the owner evaluates
    /// it on its own; the outcome goes to a slot.
    fn queue_unevaluated(&mut self, u: NodeId, owner: u32, m: u32, k: u32) {
        if u == NodeId::TRUE || self.uneval.evaluates_own(m, k) {
            return;
        }
        let slot = self.uneval.check_slot(m, k);
        if u == NodeId::FALSE {
            self.uneval.mark(slot);
        } else {
            self.targets.push(Target {
                node: u,
                parent: owner,
                role: Role::Unevaluated(slot),
            });
        }
    }

    /// Instance `i` of a tracked container (instances from `first`) is about to be
    /// decided: add its deferred children, then say whether its `unevaluated*` fails.
    pub(super) fn unevaluated_end(
        &mut self,
        form: &Form,
        first: u32,
        i: u32,
        object: bool,
    ) -> Option<Keyword> {
        let inst = self.insts[i as usize];
        let k = i - first;
        let bits = &self.bits;
        self.uneval.settle(k, |when| match when {
            When::IfPassed => inst.cond & IF_PASSED != 0,
            When::IfFailed => inst.cond & IF_FAILED != 0,
            When::Present(j) => {
                inst.bits != NONE
                    && bits[inst.bits as usize + j as usize / 64] & (1 << (j % 64)) != 0
            }
        });
        let keyword = if object {
            Keyword::UnevaluatedProperties
        } else {
            Keyword::UnevaluatedItems
        };
        (owns(form.node(inst.node), object) && self.uneval.fails(k)).then_some(keyword)
    }

    /// Instance `i` of a tracked container passed: an owner evaluated everything, and
    /// what it evaluated counts for its in-place parents.
    pub(super) fn unevaluated_passed(&mut self, form: &Form, first: u32, i: u32, object: bool) {
        let inst = self.insts[i as usize];
        let k = i - first;
        if owns(form.node(inst.node), object) {
            self.uneval.evaluate_all(k);
        }
        let end = first + self.uneval.instances();
        let (mut p, mut role, mut link) = (inst.parent, inst.role, inst.links);
        loop {
            if p != NONE && p >= first && p < end {
                let p = p - first;
                match role {
                    Role::All | Role::Any | Role::One | Role::If => self.uneval.merge(k, p),
                    Role::Then => self.uneval.defer(p, When::IfPassed, k),
                    Role::Else => self.uneval.defer(p, When::IfFailed, k),
                    Role::Dependent(j) => self.uneval.defer(p, When::Present(j), k),
                    _ => {}
                }
            }
            if link == NONE {
                return;
            }
            let l = self.links[link as usize];
            (p, role, link) = (l.parent, l.role, l.next);
        }
    }
}
