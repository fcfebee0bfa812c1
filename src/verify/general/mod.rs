//! The general validator: strict events → verdict, in one pass, with no tree of the
//! body and no recursion. It decides every body the fast engine is not sure of, it is
//! the only engine of the one-pass `verify_into` route and of a stream once the fast
//! engine hands over, and it is the reference the fast engine is held to.
//!
//! For every open container the runtime keeps the *instances* alive on it: one per
//! (compiled node, reason it applies). A node with `allOf`/`anyOf`/`oneOf`/`$ref`
//! expands into child instances on the same value, linked to their parent with a
//! [`Role`] saying how their verdicts combine. Member values and array elements start
//! instances for the subschemas that apply to them, linked with `Role::Member`.
//!
//! Invariants:
//! 1. An instance's parent was created before it, so a frame's instances finalize
//!    children-first by walking them in reverse.
//! 2. A failure propagates upward at once (`allOf`/member: the parent fails; `anyOf`/
//!    `oneOf`: the parent fails when no branch can still pass), so the body is rejected
//!    at the first event after which the root cannot be satisfied; keywords decided
//!    only at a container's end (`required`, `unevaluatedProperties`...) fail there.
//! 3. Expansion terminates: the compiler rejects same-instance cycles; recursion through
//!    properties and items is bounded by the body's `max_depth`.
//! 4. All buffers live in [`Runtime`](super::Runtime) and are reused, so a warmed-up runtime verifies
//!    without allocating (composite `enum` matchers included).
//!
//! Cost: O(events × instances alive per container) time; O(depth × instances) memory.

mod content;
mod expand;
pub(crate) mod matcher;
mod unevaluated;
pub(crate) mod unique;

use crate::form::check::scalar;
use crate::form::consts::Scalar;
use crate::form::node::{NodeId, ObjectChecks};
use crate::form::plan::Via;
use crate::form::vocabulary::Keyword;
use crate::form::Form;
use crate::parse::event::Event;
use matcher::Matcher;

const NONE: u32 = u32::MAX;

/// How an instance's verdict combines into its parent's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The document itself: failing rejects the body.
    Root,
    /// A member value or array element of the parent's container.
    Member,
    /// An `allOf` branch or a `$ref` target.
    All,
    /// An `anyOf` branch.
    Any,
    /// A `oneOf` branch.
    One,
    /// `not`: passing fails the parent.
    Not,
    /// `if`: its verdict picks which of `then` and `else` must pass.
    If,
    /// `then`: must pass if `if` passes.
    Then,
    /// `else`: must pass if `if` fails.
    Else,
    /// A `dependentSchemas` entry (the name's tracked index): must pass if the object
    /// has the member.
    Dependent(u32),
    /// An element against `contains`: passing counts a match.
    Contains,
    /// `contains` in a container tracked for `unevaluatedItems`: as `Contains`, and a
    /// match is kept in the tracker's slot.
    ContainsAt(u32),
    /// An owner's `unevaluated*` schema on one member or element: failing is kept in
    /// the tracker's slot, and decided at the container's end.
    Unevaluated(u32),
}

/// `Inst::cond` bits: what is known of `if`, `then` and `else`.
const IF_PASSED: u8 = 1;
const IF_FAILED: u8 = 2;
const THEN_FAILED: u8 = 4;
const ELSE_FAILED: u8 = 8;

#[derive(Debug, Clone, Copy)]
struct Inst {
    node: NodeId,
    parent: u32,
    role: Role,
    failed: bool,
    /// Members (objects) or elements (arrays) seen.
    count: u32,
    /// Objects: required names seen (names are unique, so a count suffices). Arrays:
    /// elements that met `contains`.
    seen: u32,
    /// What is known of `if`, `then` and `else` (`IF_PASSED`...).
    cond: u8,
    /// Where the object's presence bits start in `State::bits` (`NONE`: the node tracks
    /// no names): one bit per tracked name, then one per `dependentSchemas` entry that
    /// failed.
    bits: u32,
    any_left: u32,
    any_passed: u32,
    one_left: u32,
    one_passed: u32,
    /// The matcher for a composite `enum`/`const`, or `NONE`.
    matcher: u32,
    /// More parents (`State::links`), when several subschemas of the enclosing
    /// container apply the same node to this value: the instance is shared, not
    /// duplicated, so overlapping recursive branches cannot double the work per level.
    links: u32,
}

// The sizes `form::memory` charges for an instance and a link.
const _: () = assert!(
    std::mem::size_of::<Inst>() as u64 <= crate::form::memory::INSTANCE_BYTES,
    "an instance outgrows form::memory's charge"
);
const _: () = assert!(
    std::mem::size_of::<Link>() as u64 <= crate::form::memory::LINK_BYTES,
    "a link outgrows form::memory's charge"
);

/// One more parent of a shared instance.
#[derive(Debug, Clone, Copy)]
struct Link {
    parent: u32,
    role: Role,
    next: u32,
}

impl Inst {
    #[inline]
    fn new(node: NodeId, parent: u32, role: Role, any: u32, one: u32) -> Inst {
        Inst {
            node,
            parent,
            role,
            failed: false,
            count: 0,
            seen: 0,
            cond: 0,
            bits: NONE,
            any_left: any,
            any_passed: 0,
            one_left: one,
            one_passed: 0,
            matcher: NONE,
            links: NONE,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    first: u32,
    object: bool,
    /// `State::bits` length when the container opened.
    bits: u32,
    /// `State::links` length before its instances were expanded: the links made for
    /// them go when they do.
    links: u32,
    /// Whether some instance has `unevaluatedProperties` (objects) or
    /// `unevaluatedItems` (arrays): the tracker follows the container.
    tracked: bool,
}

/// Which keyword of which node decided a failure.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cause {
    node: NodeId,
    /// `None`: the boolean schema `false`.
    keyword: Option<Keyword>,
    /// The innermost `anyOf` or `oneOf` (its node) through which the failure came,
    /// when all its branches failed: the rejection names it beside the branch's
    /// keyword.
    via: Option<(NodeId, Keyword)>,
}

impl Cause {
    /// The node whose keyword failed.
    pub(crate) fn node(&self) -> NodeId {
        self.node
    }

    /// The keyword (`None`: the boolean schema `false`).
    pub(crate) fn keyword(&self) -> Option<Keyword> {
        self.keyword
    }

    /// The applicator through which the failure came (see `via`).
    pub(crate) fn via(&self) -> Option<(NodeId, Keyword)> {
        self.via
    }

    /// The cause as it fails the node `applicator` through its `anyOf` or `oneOf`
    /// (`keyword`): named there unless an inner applicator already is.
    #[inline]
    fn through(mut self, applicator: NodeId, keyword: Keyword) -> Cause {
        self.via.get_or_insert((applicator, keyword));
        self
    }

    #[inline]
    fn of(node: NodeId, keyword: Keyword) -> Cause {
        Cause {
            node,
            keyword: Some(keyword),
            via: None,
        }
    }
}

/// A target for the next value: validate it against `node`, reporting to `parent`.
#[derive(Debug, Clone, Copy)]
struct Target {
    node: NodeId,
    parent: u32,
    role: Role,
}

#[derive(Debug, Default)]
pub(crate) struct State {
    insts: Vec<Inst>,
    frames: Vec<Frame>,
    targets: Vec<Target>,
    matchers: Vec<Matcher>,
    active: usize,
    /// Extra parents of shared instances (see `Inst::links`). The links of a value's
    /// instances are made when they are expanded and dropped when they are, so this
    /// holds the open values' links only, never one per value of the body.
    links: Vec<Link>,
    /// Per node: the expansion batch (`batch`) and instance that last rooted it, to share
    /// an instance among the targets of one value.
    rooted: Vec<(u32, u32)>,
    batch: u32,
    /// Per node: the stamp (`reach_stamp`) of the DAG expansion that last reached it,
    /// and its instance there (`expand.rs`).
    reached: Vec<(u32, u32)>,
    reach_stamp: u32,
    /// Scratch of a DAG expansion: the nodes in post-order, and the search's stack.
    order: Vec<NodeId>,
    dfs: Vec<(NodeId, bool)>,
    /// Instances whose failure is being propagated, each with the cause it reports.
    failing: Vec<(u32, Cause)>,
    /// Presence bits of open objects (see `Inst::bits`).
    bits: Vec<u64>,
    /// Canonical keys of the elements of arrays held to `uniqueItems`.
    keys: unique::Keys,
    /// What `unevaluatedProperties` and `unevaluatedItems` need (`unevaluated.rs`).
    uneval: unevaluated::Tracker,
    /// Set when the root failed.
    rejected: Option<Cause>,
    /// Containers around this body: 0, or for a `contentSchema` document its string's
    /// depth plus one (`content.rs`).
    base_depth: usize,
}

impl State {
    /// Why the root failed, once it has.
    pub(crate) fn cause(&self) -> Option<Cause> {
        self.rejected
    }

    pub(crate) fn reset(&mut self, root: NodeId) {
        self.insts.clear();
        self.frames.clear();
        self.targets.clear();
        self.active = 0;
        self.links.clear();
        self.bits.clear();
        self.keys.clear();
        self.uneval.clear();
        self.rejected = None;
        self.targets.push(Target {
            node: root,
            parent: NONE,
            role: Role::Root,
        });
    }

    /// Feed one event. Returns `false` once the body can no longer be admitted.
    #[inline]
    pub(crate) fn event(&mut self, form: &Form, ev: Event<'_, '_>) -> bool {
        let scalar = match ev {
            Event::ObjectStart => {
                self.open(form, true);
                if self.keys.active() {
                    self.keys.open(true, false);
                }
                None
            }
            Event::ArrayStart => {
                self.open(form, false);
                let tracked = self.tracks_unique(form);
                if tracked || self.keys.active() {
                    self.keys.open(false, tracked);
                }
                None
            }
            Event::ObjectEnd | Event::ArrayEnd => {
                self.close(form);
                if self.keys.active() && self.keys.close() {
                    self.repeated(form);
                }
                None
            }
            Event::Key(k) => {
                self.key(form, k.as_str());
                if self.keys.active() {
                    self.keys.key(k.as_str());
                }
                None
            }
            Event::String(s) => Some(Scalar::String(s.as_str())),
            Event::Number(n) => Some(Scalar::Number(n.as_str())),
            Event::Bool(b) => Some(Scalar::Bool(b)),
            Event::Null => Some(Scalar::Null),
        };
        if let Some(s) = scalar {
            self.scalar(form, s);
            if self.keys.active() && self.keys.scalar(s) {
                self.repeated(form);
            }
        }
        self.rejected.is_none()
    }

    /// Whether an instance of the array just opened is held to `uniqueItems`.
    fn tracks_unique(&self, form: &Form) -> bool {
        let Some(frame) = self.frames.last() else {
            return false;
        };
        self.insts[frame.first as usize..]
            .iter()
            .any(|i| form.node(i.node).array.as_ref().is_some_and(|a| a.unique()))
    }

    /// An element of the innermost array repeats one before it: fail every instance
    /// held to `uniqueItems` there.
    #[cold]
    fn repeated(&mut self, form: &Form) {
        let Some(&frame) = self.frames.last() else {
            return;
        };
        for i in frame.first..self.insts.len() as u32 {
            let inst = self.insts[i as usize];
            let unique = form
                .node(inst.node)
                .array
                .as_ref()
                .is_some_and(|a| a.unique());
            if unique && !inst.failed {
                self.fail(i, Cause::of(inst.node, Keyword::UniqueItems));
            }
        }
    }

    #[inline]
    fn in_array(&self) -> bool {
        self.frames.last().is_some_and(|f| !f.object)
    }

    /// Fail instance `i` (if not failed already) and propagate to every parent
    /// (invariant 2). Each instance fails at most once, so this is O(instances + links).
    fn fail(&mut self, i: u32, cause: Cause) {
        let mut failing = std::mem::take(&mut self.failing);
        failing.clear();
        failing.push((i, cause));
        self.propagate(&mut failing);
        self.failing = failing;
    }

    fn propagate(&mut self, failing: &mut Vec<(u32, Cause)>) {
        while let Some((i, cause)) = failing.pop() {
            if i == NONE {
                continue;
            }
            let inst = &mut self.insts[i as usize];
            if inst.failed {
                continue;
            }
            inst.failed = true;
            let (parent, role, mut link) = (inst.parent, inst.role, inst.links);
            self.failed_child(parent, role, cause, failing);
            while link != NONE {
                let l = self.links[link as usize];
                self.failed_child(l.parent, l.role, cause, failing);
                link = l.next;
            }
        }
    }

    /// A child of `parent` (in `role`) failed: queue the parent if it fails too.
    #[inline]
    fn failed_child(
        &mut self,
        parent: u32,
        role: Role,
        cause: Cause,
        failing: &mut Vec<(u32, Cause)>,
    ) {
        match role {
            Role::Root => {
                self.rejected.get_or_insert(cause);
            }
            Role::Member | Role::All => failing.push((parent, cause)),
            Role::Any => {
                let p = &mut self.insts[parent as usize];
                p.any_left -= 1;
                if p.any_left == 0 && p.any_passed == 0 {
                    failing.push((parent, cause.through(p.node, Keyword::AnyOf)));
                }
            }
            Role::One => {
                let p = &mut self.insts[parent as usize];
                p.one_left -= 1;
                if p.one_left == 0 && p.one_passed == 0 {
                    failing.push((parent, cause.through(p.node, Keyword::OneOf)));
                }
            }
            Role::Not | Role::Contains | Role::ContainsAt(_) => {}
            Role::Unevaluated(slot) => self.uneval.mark(slot),
            Role::If => {
                let p = &mut self.insts[parent as usize];
                p.cond |= IF_FAILED;
                if p.cond & ELSE_FAILED != 0 {
                    let node = p.node;
                    failing.push((parent, Cause::of(node, Keyword::Else)));
                }
            }
            // The branch that had to pass is named, whichever of `if` and the branch
            // was decided first.
            Role::Then => {
                let p = &mut self.insts[parent as usize];
                p.cond |= THEN_FAILED;
                if p.cond & (IF_PASSED | ELSE_FAILED) != 0 {
                    let node = p.node;
                    failing.push((parent, Cause::of(node, Keyword::Then)));
                }
            }
            Role::Else => {
                let p = &mut self.insts[parent as usize];
                p.cond |= ELSE_FAILED;
                if p.cond & (IF_FAILED | THEN_FAILED) != 0 {
                    let node = p.node;
                    failing.push((parent, Cause::of(node, Keyword::Else)));
                }
            }
            Role::Dependent(k) => {
                let p = self.insts[parent as usize];
                if p.bits == NONE {
                    // Not an object: it has no members, so no dependency applies.
                    return;
                }
                let tracked = self.tracked_len(p.bits);
                self.set_bit(p.bits, tracked + k as usize);
                if self.bit(p.bits, k as usize) {
                    failing.push((parent, Cause::of(p.node, Keyword::DependentSchemas)));
                }
            }
        }
    }

    /// The number of tracked names of the object whose bits start at `at` (stored in
    /// the first word's slot before them; see `alloc_bits`).
    #[inline]
    fn tracked_len(&self, at: u32) -> usize {
        self.bits[at as usize - 1] as usize
    }

    #[inline]
    fn bit(&self, at: u32, k: usize) -> bool {
        self.bits[at as usize + k / 64] & (1 << (k % 64)) != 0
    }

    #[inline]
    fn set_bit(&mut self, at: u32, k: usize) {
        self.bits[at as usize + k / 64] |= 1 << (k % 64);
    }

    /// Room for an object's presence bits: `tracked` names plus `dependent` entries,
    /// after a word holding `tracked`. Returns where the bits start.
    fn alloc_bits(&mut self, tracked: usize, dependent: usize) -> u32 {
        self.bits.push(tracked as u64);
        let at = self.bits.len() as u32;
        let words = (tracked + dependent).div_ceil(64);
        self.bits.extend(std::iter::repeat_n(0, words));
        at
    }

    /// Fail the target's parent directly (the target's node cannot pass), as if an
    /// instance had been made for it and failed.
    fn fail_target(&mut self, t: Target, cause: Cause) {
        let mut failing = std::mem::take(&mut self.failing);
        failing.clear();
        self.failed_child(t.parent, t.role, cause, &mut failing);
        self.propagate(&mut failing);
        self.failing = failing;
    }

    /// Instance `i` passed: tell every parent.
    fn pass_inst(&mut self, form: &Form, i: u32) {
        let inst = self.insts[i as usize];
        self.pass(form, inst.parent, inst.role);
        let mut link = inst.links;
        while link != NONE {
            let l = self.links[link as usize];
            self.pass(form, l.parent, l.role);
            link = l.next;
        }
    }

    /// Report a passing verdict to the parent.
    #[inline]
    fn pass(&mut self, form: &Form, parent: u32, role: Role) {
        match role {
            Role::Any => {
                let p = &mut self.insts[parent as usize];
                p.any_left -= 1;
                p.any_passed += 1;
            }
            Role::One => {
                let p = &mut self.insts[parent as usize];
                p.one_left -= 1;
                p.one_passed += 1;
                if p.one_passed > 1 {
                    let pnode = p.node;
                    self.fail(
                        parent,
                        Cause {
                            node: pnode,
                            keyword: Some(Keyword::OneOf),
                            via: None,
                        },
                    );
                }
            }
            Role::Not => {
                let node = self.insts[parent as usize].node;
                self.fail(parent, Cause::of(node, Keyword::Not));
            }
            Role::If => {
                let p = &mut self.insts[parent as usize];
                p.cond |= IF_PASSED;
                if p.cond & THEN_FAILED != 0 {
                    let node = p.node;
                    self.fail(parent, Cause::of(node, Keyword::Then));
                }
            }
            Role::Contains | Role::ContainsAt(_) => {
                if let Role::ContainsAt(slot) = role {
                    self.uneval.mark(slot);
                }
                let p = &mut self.insts[parent as usize];
                p.seen += 1;
                let (node, seen) = (p.node, p.seen);
                let array = form.node(node).array.as_deref();
                if array.is_some_and(|a| a.too_many_contained(u64::from(seen))) {
                    self.fail(parent, Cause::of(node, Keyword::MaxContains));
                }
            }
            Role::Root
            | Role::Member
            | Role::All
            | Role::Then
            | Role::Else
            | Role::Dependent(_)
            | Role::Unevaluated(_) => {}
        }
    }

    /// The subschemas that apply to the next element of the innermost array.
    fn element_targets(&mut self, form: &Form) {
        let Some(&frame) = self.frames.last() else {
            return;
        };
        if frame.object {
            return;
        }
        let element = frame.tracked.then(|| self.uneval.member());
        for i in frame.first..self.insts.len() as u32 {
            let inst = &mut self.insts[i as usize];
            if inst.failed {
                continue;
            }
            let node_id = inst.node;
            let Some(a) = &form.node(node_id).array else {
                continue;
            };
            let (child, keyword) = a.element(u64::from(inst.count));
            inst.count += 1;
            if a.too_many(u64::from(inst.count)) {
                self.fail(
                    i,
                    Cause {
                        node: node_id,
                        keyword: Some(Keyword::MaxItems),
                        via: None,
                    },
                );
                continue;
            }
            let (contains, evaluates) = (a.contains, a.contains_evaluates);
            self.push_target(form, i, child, node_id, keyword);
            if let Some(c) = contains {
                let role = match element {
                    Some(m) => self.contains_role(evaluates, m, i - frame.first),
                    None => Role::Contains,
                };
                self.push_contains(form, i, c, role);
            }
        }
        if let Some(m) = element {
            self.track_element(form, frame.first, m);
        }
    }

    /// Queue the `contains` schema `child` for the next element of `owner`'s array.
    fn push_contains(&mut self, form: &Form, owner: u32, child: NodeId, role: Role) {
        match child {
            NodeId::TRUE => self.pass(form, owner, role),
            NodeId::FALSE => {}
            _ => self.targets.push(Target {
                node: child,
                parent: owner,
                role,
            }),
        }
    }

    /// Queue `child` for the next value on behalf of member-owner `owner`.
    #[inline]
    fn push_target(
        &mut self,
        _form: &Form,
        owner: u32,
        child: NodeId,
        owner_node: NodeId,
        keyword: Keyword,
    ) {
        if child == NodeId::TRUE {
            return;
        }
        if child == NodeId::FALSE {
            self.fail(
                owner,
                Cause {
                    node: owner_node,
                    keyword: Some(keyword),
                    via: None,
                },
            );
            return;
        }
        self.targets.push(Target {
            node: child,
            parent: owner,
            role: Role::Member,
        });
    }

    /// A member name in the innermost object.
    fn key(&mut self, form: &Form, name: &str) {
        let frame = *self.frames.last().expect("a key is inside an object");
        let end = self.insts.len() as u32;
        // `propertyNames` first: the name is a string value of its own, checked now.
        let mut names = false;
        for i in frame.first..end {
            let inst = &mut self.insts[i as usize];
            if inst.failed {
                continue;
            }
            let node_id = inst.node;
            if let Some(p) = form
                .node(node_id)
                .object
                .as_ref()
                .and_then(|o| o.property_names)
            {
                self.push_target(form, i, p, node_id, Keyword::PropertyNames);
                names = true;
            }
        }
        if names && !self.targets.is_empty() {
            self.scalar_targets(form, Scalar::String(name));
        }
        for i in frame.first..end {
            let inst = &mut self.insts[i as usize];
            if inst.failed {
                continue;
            }
            let node_id = inst.node;
            let Some(o) = &form.node(node_id).object else {
                continue;
            };
            inst.count += 1;
            let count = inst.count;
            let bits = inst.bits;
            let member = o.member(name);
            if member.is_some_and(|m| m.required) {
                inst.seen += 1;
            }
            if o.too_many(u64::from(count)) {
                self.fail(i, Cause::of(node_id, Keyword::MaxProperties));
                continue;
            }
            if bits != NONE {
                if let Some(k) = o.tracked_index(name) {
                    self.set_bit(bits, k as usize);
                    let failed_dependency = self.tracked_len(bits) + k as usize;
                    if self.bit(bits, failed_dependency) {
                        self.fail(i, Cause::of(node_id, Keyword::DependentSchemas));
                        continue;
                    }
                }
            }
            o.member_targets(member, name, |a| {
                self.push_target(form, i, a.schema(), node_id, a.keyword());
            });
        }
        if frame.tracked {
            self.track_key(form, frame.first, name);
        }
        for k in 0..self.active {
            let m = &mut self.matchers[k];
            if m.alive() {
                m.key(form.consts(), name);
            }
        }
        if self.active > 0 {
            self.report_matchers(form);
        }
    }

    /// Fail the instance of every matcher that has no candidate left.
    fn report_matchers(&mut self, form: &Form) {
        for k in 0..self.active {
            let m = &self.matchers[k];
            if !m.alive() {
                let inst = m.inst;
                let node = self.insts[inst as usize].node;
                if !self.insts[inst as usize].failed {
                    let keyword = Some(values_keyword(form, node));
                    self.fail(
                        inst,
                        Cause {
                            node,
                            keyword,
                            via: None,
                        },
                    );
                }
            }
        }
    }

    /// A container opens.
    fn open(&mut self, form: &Form, object: bool) {
        self.element_targets(form);
        let in_array = self.in_array();
        for k in 0..self.active {
            let m = &mut self.matchers[k];
            if m.alive() {
                m.open(form.consts(), in_array, object);
            }
        }
        if self.active > 0 {
            self.report_matchers(form);
        }
        let bits_mark = self.bits.len() as u32;
        let links_mark = self.links.len() as u32;
        let first = self.expand(form);
        for i in first..self.insts.len() as u32 {
            let node_id = self.insts[i as usize].node;
            let node = form.node(node_id);
            if object {
                if let Some(o) = node.object.as_deref().filter(|o| !o.tracked.is_empty()) {
                    let at = self.alloc_bits(o.tracked.len(), node.dependent_schemas.len());
                    self.insts[i as usize].bits = at;
                }
            }
            if let Err(keyword) = scalar::check_open(node, form.consts(), object) {
                self.fail(
                    i,
                    Cause {
                        node: node_id,
                        keyword,
                        via: None,
                    },
                );
                continue;
            }
            if let Some(set) = node.values {
                if self.active == self.matchers.len() {
                    self.matchers.push(Matcher::default());
                }
                self.matchers[self.active].start(i, set, form.consts(), object);
                self.insts[i as usize].matcher = self.active as u32;
                self.active += 1;
            }
        }
        let tracked = self.track_open(form, first, object);
        self.frames.push(Frame {
            first,
            object,
            bits: bits_mark,
            links: links_mark,
            tracked,
        });
    }

    /// The innermost container closes: final verdicts for its instances.
    fn close(&mut self, form: &Form) {
        for k in 0..self.active {
            let m = &mut self.matchers[k];
            if m.alive() {
                m.close(form.consts());
            }
        }
        if self.active > 0 {
            self.report_matchers(form);
        }
        let frame = self.frames.pop().expect("balanced containers");
        let closing = if frame.object {
            Closing::Object
        } else {
            Closing::Array
        };
        self.finish(form, frame.first, closing, frame.tracked);
        self.insts.truncate(frame.first as usize);
        self.bits.truncate(frame.bits as usize);
        self.links.truncate(frame.links as usize);
        while self.active > 0 && self.matchers[self.active - 1].inst >= frame.first {
            self.active -= 1;
        }
    }

    /// A scalar value: check it against every target now.
    fn scalar(&mut self, form: &Form, s: Scalar<'_>) {
        let in_array = self.in_array();
        if in_array {
            self.element_targets(form);
        }
        if self.active > 0 {
            for k in 0..self.active {
                let m = &mut self.matchers[k];
                if m.alive() {
                    m.scalar(form.consts(), in_array, s);
                }
            }
            self.report_matchers(form);
        }
        self.scalar_targets(form, s);
    }

    /// The keyword an object fails at its end, if any: `required`, `minProperties`,
    /// `dependentRequired` (decided only once every member is known).
    fn object_end(&self, o: &ObjectChecks, inst: &Inst) -> Option<Keyword> {
        let present = |t: u32| inst.bits != NONE && self.bit(inst.bits, t as usize);
        o.at_close(inst.seen, u64::from(inst.count), present).err()
    }

    /// Final verdicts of instances `first..`, children first (invariant 1).
    fn finish(&mut self, form: &Form, first: u32, closing: Closing, tracked: bool) {
        if tracked {
            self.uneval.finish_begin();
        }
        let object = closing == Closing::Object;
        for i in (first..self.insts.len() as u32).rev() {
            let inst = self.insts[i as usize];
            if inst.failed {
                continue;
            }
            let node = form.node(inst.node);
            let mut cause = None;
            match (closing, &node.object, &node.array) {
                (Closing::Object, Some(o), _) => cause = self.object_end(o, &inst),
                (Closing::Array, _, Some(a)) => {
                    cause = a
                        .at_close(u64::from(inst.count), u64::from(inst.seen))
                        .err();
                }
                _ => {}
            }
            if cause.is_none() && !node.any_of.is_empty() && inst.any_passed == 0 {
                cause = Some(Keyword::AnyOf);
            }
            if cause.is_none() && !node.one_of.is_empty() && inst.one_passed != 1 {
                cause = Some(Keyword::OneOf);
            }
            if cause.is_none() && tracked {
                cause = self.unevaluated_end(form, first, i, object);
            }
            match cause {
                Some(k) => self.fail(
                    i,
                    Cause {
                        node: inst.node,
                        keyword: Some(k),
                        via: None,
                    },
                ),
                None => {
                    if tracked {
                        self.unevaluated_passed(form, first, i, object);
                    }
                    self.pass_inst(form, i)
                }
            }
        }
        if tracked {
            self.uneval.end();
        }
    }
}

/// The role of a subschema applied to the same value.
#[inline]
fn role_of(via: Via) -> Role {
    match via {
        Via::Any => Role::Any,
        Via::One => Role::One,
        Via::All | Via::Root => Role::All,
        Via::Not => Role::Not,
        Via::If => Role::If,
        Via::Then => Role::Then,
        Via::Else => Role::Else,
        Via::Dependent(k) => Role::Dependent(k),
    }
}

/// What kind of value is being finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Closing {
    Scalar,
    Object,
    Array,
}

/// `enum` or `const`, whichever the node wrote.
fn values_keyword(form: &Form, node: NodeId) -> Keyword {
    match form.node(node).values {
        Some(set) if form.consts().set(set).is_const => Keyword::Const,
        _ => Keyword::Enum,
    }
}
