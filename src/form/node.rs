//! The compiled form: nodes addressed by [`NodeId`], each one subschema.
//!
//! Invariants:
//! 1. Every `NodeId` stored in a node indexes `Form::nodes`; ids are only made by the
//!    compiler.
//! 2. Applicator edges that stay on the same instance (`allOf`, `anyOf`, `oneOf`,
//!    `$ref`) form no cycle: the compiler rejects such forms, so expanding a node for
//!    one instance always terminates.
//! 3. Node 0 is the boolean schema `true`, node 1 is `false`; every other node keeps
//!    its keywords in the order written (`order`), for rendering.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};

use smallvec::SmallVec;

use super::check::branches::Sole;
use super::consts::ConstId;
use super::dialect::Legacy;
use super::format::owner::OwnerFormat;
use super::format::Format;
use super::names::{self, Key, NameTable};
use super::number::{Decimal, Small};
use super::pattern::Pattern;
use super::vocabulary::Keyword;

/// The index of a compiled subschema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct NodeId(pub(crate) u32);

impl NodeId {
    /// The boolean schema `true`.
    pub(crate) const TRUE: NodeId = NodeId(0);
    /// The boolean schema `false`.
    pub(crate) const FALSE: NodeId = NodeId(1);

    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of JSON types, as bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Types(pub(crate) u8);

impl Types {
    pub(crate) const NULL: u8 = 1;
    pub(crate) const BOOLEAN: u8 = 2;
    pub(crate) const INTEGER: u8 = 4;
    /// `number` admits integers too.
    pub(crate) const NUMBER: u8 = 8;
    pub(crate) const STRING: u8 = 16;
    pub(crate) const ARRAY: u8 = 32;
    pub(crate) const OBJECT: u8 = 64;
    pub(crate) const ALL: Types = Types(127);

    /// The bit for a type name, as `type` spells it.
    pub(crate) fn bit(name: &str) -> Option<u8> {
        Some(match name {
            "null" => Types::NULL,
            "boolean" => Types::BOOLEAN,
            "integer" => Types::INTEGER,
            "number" => Types::NUMBER,
            "string" => Types::STRING,
            "array" => Types::ARRAY,
            "object" => Types::OBJECT,
            _ => return None,
        })
    }

    #[inline]
    pub(crate) fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
}

/// How a subschema applied to the same value combines into its applier's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Via {
    /// The value itself (an expansion's first entry; its relation is the caller's).
    Root,
    /// A `$ref` target or an `allOf` branch: must pass.
    All,
    /// An `anyOf` branch.
    Any,
    /// A `oneOf` branch.
    One,
    /// `not`: must fail.
    Not,
    /// `if`: decides whether `then` or `else` must pass.
    If,
    /// `then`: must pass when `if` passed.
    Then,
    /// `else`: must pass when `if` failed.
    Else,
    /// A `dependentSchemas` entry, by its name's tracked index: must pass when the
    /// object has that member.
    Dependent(u32),
}

/// Where a keyword came from in the form, for errors and rejections.
pub(crate) type Pointer = Box<str>;

/// How a member name maps to a subschema and to `required`.
#[derive(Debug, Clone)]
pub(crate) struct Member {
    pub(crate) name: Box<str>,
    /// The `properties` subschema, if the name is listed there.
    pub(crate) schema: Option<NodeId>,
    /// Whether `required` lists the name.
    pub(crate) required: bool,
    /// The node the value of this member lands on in an object without
    /// `patternProperties`: its `properties` subschema, else `additionalProperties`
    /// (or `true`), at the end of its bare `$ref` chain (`Node::landing`). Cached by
    /// the compiler for the fast engine's short member loop (benches/README.md,
    /// optimization `landed-members`).
    pub(crate) landed: NodeId,
}

/// Assertions on objects.
#[derive(Debug, Clone, Default)]
pub(crate) struct ObjectChecks {
    /// Every name in `properties` or `required`, sorted by name.
    pub(crate) members: Vec<Member>,
    /// Open-addressing index into `members` by fast hash (at most half full).
    pub(crate) slots: Box<[u32]>,
    /// The index in `members` of the first name of `properties` as written, and for
    /// each member the index of the name written after it (`u32::MAX`: none). Bodies
    /// mostly list members in the order of the form, so the next name is guessed and
    /// compared before it is hashed (benches/README.md, optimization `guessed-names`).
    pub(crate) first_written: u32,
    pub(crate) then_written: Box<[u32]>,
    /// Member names by their first two bytes, and which of the first 64 members'
    /// names need no escape (a bit each), for [`ObjectChecks::listed_at`].
    pub(crate) lead: NameTable,
    pub(crate) bare: u64,
    /// The first byte of every member's name as a body writes it unescaped (the
    /// closing quote for the empty name), a bit each: a name written with another
    /// first byte, not an escape, is none of them ([`ObjectChecks::may_start`]).
    pub(crate) firsts: [u64; 4],
    /// How many distinct names `required` lists.
    pub(crate) required: u32,
    /// `additionalProperties`: `None` when absent (any other member is allowed).
    pub(crate) additional: Option<NodeId>,
    /// Whether `properties` was given (for rendering; an empty one still counts).
    pub(crate) has_properties: bool,
    /// `required` in the order written, for rendering.
    pub(crate) required_order: Vec<Box<str>>,
    /// `properties` names in the order written, for rendering.
    pub(crate) properties_order: Vec<Box<str>>,
    pub(crate) min_properties: Option<Count>,
    pub(crate) max_properties: Option<Count>,
    /// `patternProperties` in the order written: a member whose name matches a pattern
    /// (anywhere, as ECMA-262 `test` does) meets its schema, and is no longer subject to
    /// `additionalProperties`.
    pub(crate) pattern_properties: Vec<(Pattern, NodeId)>,
    /// `propertyNames`: every member name, as a string, meets this schema.
    pub(crate) property_names: Option<NodeId>,
    /// `unevaluatedProperties`: the members that neither this node's `properties`,
    /// `patternProperties` and `additionalProperties` nor a passing in-place subschema
    /// evaluated meet this schema.
    pub(crate) unevaluated: Option<NodeId>,
    /// `dependentRequired` as written: when the first name is present, so must be the
    /// others.
    pub(crate) dependent_required: Vec<(Box<str>, Vec<Box<str>>)>,
    /// The names whose presence a verdict depends on (`dependentRequired`'s names and
    /// `dependentSchemas`' keys), sorted; a name's index is its bit in the validator's
    /// per-object presence set.
    pub(crate) tracked: Vec<Box<str>>,
    /// `dependentRequired` by tracked index: (trigger, required names).
    pub(crate) dependent_required_bits: Vec<(u32, Vec<u32>)>,
    /// No `patternProperties`, `propertyNames` or tracked names: a member's subschema
    /// is found by the member index alone (set by [`ObjectChecks::index`]).
    pub(crate) plain: bool,
    /// More than 64 members, tracked names or `patternProperties`: more than the fast
    /// engine's sets of one word each hold (set by [`ObjectChecks::index`]).
    pub(crate) wide: bool,
    /// `maxProperties`' value, `u64::MAX` without it, for [`ObjectChecks::too_many`]
    /// (set by [`ObjectChecks::index`], which the compiler calls on every object's
    /// checks).
    pub(crate) most: u64,
    /// The members of `properties` in the order written, up to the first whose name
    /// has no [`Key`] or is not one of the first 64 members (set by
    /// [`ObjectChecks::key`], once the members are landed): the fast engine reads a
    /// body that follows this order by comparing each name with its key alone
    /// (benches/README.md, optimization `keyed-members`). That order's steps come
    /// first, each followed by its [`Keyed::then`]; after them, the runs that pass
    /// over its optional members, each the [`Keyed::skip`] of the step of the member
    /// it passes over, so that a body leaving that member out stays on keys
    /// (optimization `keyed-skips`).
    pub(crate) keyed: Box<[Keyed]>,
    /// The [`Key`] of each of the first 64 members' names, by index in `members` (set
    /// by [`ObjectChecks::key`]): the fast engine compares it with the body's bytes
    /// when it guesses the member from the order of an object read before
    /// (`verify/fast/orders.rs`). Beside `members` rather than in each [`Member`],
    /// which every engine's member lookups read: in a `Member` it cost `verify_into`
    /// the large body 1.2% (callgrind).
    pub(crate) keys: Box<[Option<Key>]>,
    /// A number no other checks compiled in this process carry (set by
    /// [`ObjectChecks::key`]; 0 before): what the fast engine files the orders it
    /// learns under (`verify/fast/orders.rs`). Unlike an address, it is never reused
    /// by the checks of a form compiled after this one is dropped, so a learned order
    /// can hold this form's keys and landed nodes.
    pub(crate) serial: u64,
}

/// The next [`ObjectChecks::serial`] (0 stands for none).
static SERIALS: AtomicU64 = AtomicU64::new(1);

/// A member of [`ObjectChecks::keyed`], and what the members read up to it in the
/// form's order add up to.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Keyed {
    /// The member's name as a body most often writes it.
    pub(crate) key: Key,
    /// The member's `landed` node.
    pub(crate) landed: NodeId,
    /// The bits of this member and of every member read before it on the way to this
    /// step (in its run, and before the member its run passes over), as the member
    /// loop keeps the members seen.
    pub(crate) seen: u64,
    /// How many of them `required` lists (at most 64).
    pub(crate) required: u8,
    /// How many members are read once this one is (at most 64).
    pub(crate) count: u8,
    /// The member written after this one (`then_written`), the loop's next guess.
    pub(crate) next: u32,
    /// The step read after this one: the next of its run, or this one's own index
    /// with [`Keyed::ENDED`] set at the end of the run, which no step has.
    pub(crate) then: u16,
    /// The step read instead when the body's bytes are not this key and this member
    /// is optional: the first of the members after it, without it ([`Keyed::NONE`]
    /// for none).
    pub(crate) skip: u16,
    /// The step read last before this one ([`Keyed::NONE`] for none): the one before
    /// it in its run, or for a run's first step, the one before the member the run
    /// passes over. The members read when the body leaves the order here.
    pub(crate) prev: u16,
}

impl Keyed {
    /// No step.
    pub(crate) const NONE: u16 = u16::MAX;

    /// The bit of [`Keyed::then`] that ends a run: `keyed` holds fewer steps.
    pub(crate) const ENDED: u16 = 1 << 14;

    /// A member that stands for none, to fill an array; never read.
    pub(crate) const VACANT: Keyed = Keyed {
        key: Key::VACANT,
        landed: NodeId::FALSE,
        seen: 0,
        required: 0,
        count: 0,
        next: u32::MAX,
        then: Keyed::NONE,
        skip: Keyed::NONE,
        prev: Keyed::NONE,
    };
}

/// The most steps of [`ObjectChecks::keyed`] the runs that pass over optional members
/// add to the form's order (`ObjectChecks::key`).
const MOST_SKIPPING: usize = 32;

/// What the members read before a step add up to, while [`ObjectChecks::keyed`] is
/// built.
#[derive(Clone, Copy)]
struct Totals {
    seen: u64,
    required: u8,
    count: u8,
    prev: u16,
}

impl ObjectChecks {
    /// The tracked index of a member name (see [`ObjectChecks::tracked`]).
    #[inline]
    pub(crate) fn tracked_index(&self, name: &str) -> Option<u32> {
        self.tracked
            .binary_search_by(|t| (**t).cmp(name))
            .ok()
            .map(|i| i as u32)
    }
}

impl ObjectChecks {
    /// Build the member index; called once by the compiler after `members` is final.
    pub(crate) fn index(&mut self) {
        self.plain = self.pattern_properties.is_empty()
            && self.property_names.is_none()
            && self.tracked.is_empty();
        self.most = self.max_properties.as_ref().map_or(u64::MAX, |m| m.value);
        self.wide = self.members.len() > 64
            || self.tracked.len() > 64
            || self.pattern_properties.len() > 64;
        let size = (self.members.len() * 2).next_power_of_two().max(8);
        let mut slots = vec![0u32; size];
        for (i, m) in self.members.iter().enumerate() {
            let mut at = crate::fasthash::hash(m.name.as_bytes()) as usize & (size - 1);
            while slots[at] != 0 {
                at = (at + 1) & (size - 1);
            }
            slots[at] = i as u32 + 1;
        }
        self.slots = slots.into_boxed_slice();
        let written: Vec<u32> = self
            .properties_order
            .iter()
            .filter_map(|name| self.member_index(name).map(|k| k as u32))
            .collect();
        self.first_written = written.first().copied().unwrap_or(u32::MAX);
        let mut then = vec![u32::MAX; self.members.len()];
        for pair in written.windows(2) {
            then[pair[0] as usize] = pair[1];
        }
        self.then_written = then.into_boxed_slice();
        let names = self
            .members
            .iter()
            .map(|m| (m.name.as_bytes(), names::bare(&m.name)));
        // Only the first 64 members, whose bits `bare` holds, are proposed: a proposal
        // is then a member that needs no escape, with a bit of its own.
        self.lead = NameTable::build(names.clone().take(64));
        self.firsts = [0; 4];
        for m in &self.members {
            let b = m.name.as_bytes().first().copied().unwrap_or(b'"');
            self.firsts[usize::from(b >> 6)] |= 1u64 << (b & 63);
        }
        self.bare = names
            .take(64)
            .enumerate()
            .filter(|(_, (_, bare))| *bare)
            .fold(0, |bits, (k, _)| bits | 1u64 << k);
    }

    /// Set the first 64 members' keys and fill [`ObjectChecks::keyed`] from the order
    /// written; called by the compiler after [`ObjectChecks::index`] and once every
    /// member's `landed` is set.
    pub(crate) fn key(&mut self) {
        self.keys = self
            .members
            .iter()
            .take(64)
            .map(|m| Key::new(&m.name))
            .collect();
        let start = Totals {
            seen: 0,
            required: 0,
            count: 0,
            prev: Keyed::NONE,
        };
        let mut keyed = Vec::new();
        let mut optional = VecDeque::new();
        self.run(&mut keyed, self.first_written, start, &mut optional);
        // The runs that pass over one member of the form's order first, then those
        // that pass over two, and so on, while they add at most as many steps as
        // that order has, and at most `MOST_SKIPPING`. With `maxProperties`, none: a
        // choice, not a need, since the member loop tests each step's own count (the
        // members read up to it) against the bound (`keyed_member`).
        let limit = if self.most != u64::MAX {
            0
        } else {
            keyed.len() + keyed.len().min(MOST_SKIPPING)
        };
        while let Some((at, next, before)) = optional.pop_front() {
            let mark = keyed.len();
            let mut more = VecDeque::new();
            self.run(&mut keyed, next, before, &mut more);
            if keyed.len() == mark {
                // No member after it: the step's own miss ends the order as that
                // run's would.
                continue;
            }
            if keyed.len() > limit {
                // Over the bound: that run is dropped whole, and a miss ends there.
                keyed.truncate(mark);
                continue;
            }
            keyed[usize::from(at)].skip = mark as u16;
            optional.append(&mut more);
        }
        // (At most 64 + 32 steps: far below `Keyed::ENDED`.)
        debug_assert!(keyed.len() < usize::from(Keyed::ENDED));
        self.keyed = keyed.into_boxed_slice();
        // Relaxed: the number only has to differ from every other one taken. (2^64
        // checks are never compiled in one process.)
        self.serial = SERIALS.fetch_add(1, Ordering::Relaxed);
    }

    /// Append to `keyed` the run of steps from member `k` on in the order written,
    /// after members that add up to `before`; and to `optional`, each of its optional members' steps (but the whole order's first,
    /// step 0: a body that does not begin with it is read in a learned order,
    /// `verify/fast/orders.rs`) with the member after it and the totals before it.
    fn run(
        &self,
        keyed: &mut Vec<Keyed>,
        mut k: u32,
        before: Totals,
        optional: &mut VecDeque<(u16, u32, Totals)>,
    ) {
        let mut t = before;
        while let Some(key) = self.key_after(k, t.seen) {
            let m = &self.members[k as usize];
            let next = self.then_written[k as usize];
            let at = keyed.len() as u16;
            if !m.required && at != 0 {
                optional.push_back((at, next, t));
            }
            t.seen |= 1u64 << k;
            t.required += u8::from(m.required);
            t.count += 1;
            keyed.push(Keyed {
                key,
                landed: m.landed,
                seen: t.seen,
                required: t.required,
                count: t.count,
                next,
                then: at + 1,
                skip: Keyed::NONE,
                prev: t.prev,
            });
            t.prev = at;
            k = next;
        }
        if let Some(last) = keyed
            .get_mut(usize::from(t.prev))
            .filter(|_| t.prev != before.prev)
        {
            last.then = t.prev | Keyed::ENDED;
        }
    }

    /// The key of member `k` when a run of [`ObjectChecks::keyed`] may read it after
    /// the members of `seen`: one of the first 64 members, with a key, not read
    /// already (a name written twice in `properties` closes the run).
    fn key_after(&self, k: u32, seen: u64) -> Option<Key> {
        if k >= 64 || seen & 1u64 << k != 0 {
            return None;
        }
        self.keys.get(k as usize).copied().flatten()
    }

    /// Whether a member's name may be the one a body writes with the byte `b` after
    /// the opening quote (a byte other than `\`): `false` when no member's name
    /// starts with it (a body's `""` is the empty name).
    #[inline(always)]
    pub(crate) fn may_start(&self, b: u8) -> bool {
        self.firsts[usize::from(b >> 6)] & 1u64 << (b & 63) != 0
    }

    /// The listed member whose name the body writes, unescaped and followed by its
    /// closing quote, at `at` (the byte after the opening quote): its index in
    /// `members` and the index past the closing quote. Tries `guess` (a member index
    /// or `u32::MAX`) first, then the member the name's first two bytes propose;
    /// `None` leaves the name to the string scanner and [`ObjectChecks::member_index`]
    /// (`form/names.rs`; benches/README.md, optimization `fused-names`).
    #[inline(always)]
    pub(crate) fn listed_at(&self, body: &[u8], at: usize, guess: u32) -> Option<(usize, usize)> {
        if let Some(end) = self.written_at(body, at, guess as usize) {
            return Some((guess as usize, end));
        }
        let k = self.lead.propose(*body.get(at)?, *body.get(at + 1)?)?;
        // A proposal is one of the first 64 members and needs no escape (`index`):
        // no need to test `bare` (benches/README.md, optimization `bare-proposals`).
        debug_assert!(k < 64 && self.bare & (1u64 << k) != 0, "proposed {k}");
        self.bare_written_at(body, at, k).map(|end| (k, end))
    }

    /// Whether the bytes at `at` are member `k`'s name (one that needs no escape)
    /// and its closing quote: the index past the quote.
    #[inline(always)]
    fn written_at(&self, body: &[u8], at: usize, k: usize) -> Option<usize> {
        if k >= 64 || self.bare & (1u64 << k) == 0 {
            return None;
        }
        self.bare_written_at(body, at, k)
    }

    /// [`ObjectChecks::written_at`] for a member `k` known to need no escape.
    #[inline(always)]
    fn bare_written_at(&self, body: &[u8], at: usize, k: usize) -> Option<usize> {
        names::written(body, at, self.members.get(k)?.name.as_bytes())
    }

    /// [`ObjectChecks::member_index`], trying `guess` (a member index or `u32::MAX`)
    /// first.
    #[inline(always)]
    pub(crate) fn member_index_guessing(&self, name: &str, guess: u32) -> Option<usize> {
        if let Some(m) = self.members.get(guess as usize) {
            if crate::fasthash::bytes_eq(m.name.as_bytes(), name.as_bytes()) {
                return Some(guess as usize);
            }
        }
        self.member_index(name)
    }

    /// The entry for a member name: one hash and, nearly always, one comparison.
    /// Probing is bounded by the table size whatever the name.
    #[inline]
    pub(crate) fn member(&self, name: &str) -> Option<&Member> {
        self.member_index(name).map(|k| &self.members[k])
    }

    /// The index in `members` of a member name (see [`ObjectChecks::member`]).
    /// Always inlined: with a call of its own in the fast engine's failure paths,
    /// the compiler stopped inlining it into the member loop, which cost 3% of
    /// `verify` on the order body (`benches/examples/instructions.rs order verify`).
    #[inline(always)]
    pub(crate) fn member_index(&self, name: &str) -> Option<usize> {
        let mask = self.slots.len().wrapping_sub(1);
        if self.slots.is_empty() {
            return None;
        }
        let mut at = crate::fasthash::hash(name.as_bytes()) as usize & mask;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return None;
            }
            let k = slot as usize - 1;
            if crate::fasthash::bytes_eq(self.members[k].name.as_bytes(), name.as_bytes()) {
                return Some(k);
            }
            at = (at + 1) & mask;
        }
    }
}

/// A count from the form (`minLength`, `maxItems`...): its value, saturated at
/// `u64::MAX`, and its lexeme as written.
#[derive(Debug, Clone)]
pub(crate) struct Count {
    pub(crate) value: u64,
    pub(crate) lexeme: Box<str>,
}

/// Assertions on arrays.
#[derive(Debug, Clone, Default)]
pub(crate) struct ArrayChecks {
    /// `prefixItems`, or empty when absent.
    pub(crate) prefix: Vec<NodeId>,
    /// `items`: `None` when absent.
    pub(crate) items: Option<NodeId>,
    pub(crate) min_items: Option<Count>,
    pub(crate) max_items: Option<Count>,
    /// `maxItems`' value, `u64::MAX` without it (set by the compiler with
    /// [`ArrayChecks::settle`]).
    pub(crate) most: u64,
    /// `contains`: how many elements meet it is counted, and must lie within
    /// `minContains` (default 1) and `maxContains`.
    pub(crate) contains: Option<NodeId>,
    pub(crate) min_contains: Option<Count>,
    pub(crate) max_contains: Option<Count>,
    /// Whether an element `contains` matches counts as evaluated for
    /// `unevaluatedItems` (2020-12; not in 2019-09).
    pub(crate) contains_evaluates: bool,
    /// `uniqueItems` as written; `Some(true)` asserts that no two elements are equal.
    pub(crate) unique_items: Option<bool>,
    /// `unevaluatedItems`: the elements that neither this node's `prefixItems`,
    /// `items` and (2020-12) `contains` nor a passing in-place subschema evaluated
    /// meet this schema.
    pub(crate) unevaluated: Option<NodeId>,
}

impl ArrayChecks {
    /// Fix what is derived from the keywords; called once by the compiler after they
    /// are final.
    pub(crate) fn settle(&mut self) {
        self.most = self.max_items.as_ref().map_or(u64::MAX, |m| m.value);
    }

    /// Whether the elements must be pairwise unequal.
    #[inline]
    pub(crate) fn unique(&self) -> bool {
        self.unique_items == Some(true)
    }
}

impl ArrayChecks {
    /// The smallest admitted length (0 without `minItems`).
    #[inline]
    pub(crate) fn min(&self) -> u64 {
        self.min_items.as_ref().map_or(0, |c| c.value)
    }
}

/// Assertions on strings.
#[derive(Debug, Clone, Default)]
pub(crate) struct StringChecks {
    pub(crate) min_length: Option<Count>,
    pub(crate) max_length: Option<Count>,
    pub(crate) pattern: Option<Pattern>,
    pub(crate) format: Option<Format>,
    /// A `format` the form's owner defined (`form/format/owner.rs`), when `format` is
    /// none of formgate's.
    pub(crate) owner_format: Option<std::sync::Arc<OwnerFormat>>,
    /// `contentEncoding`, `contentMediaType`, `contentSchema`: asserted on the string's
    /// decoded content (`verify::content`; docs/FORMATS.md). Its node is
    /// `general_only`.
    pub(crate) content: Option<Box<Content>>,
}

/// What a string's content must be: decoded, parsed, verified, in that order.
#[derive(Debug, Clone, Default)]
pub(crate) struct Content {
    /// `contentEncoding: "base64"` (RFC 4648 §4, with padding): the string is decoded
    /// before anything else; a string that is not base64 fails `contentEncoding`.
    pub(crate) base64: bool,
    /// `contentMediaType: "application/json"`: the (decoded) content is one strict JSON
    /// document within the form's limits; else it fails `contentMediaType`.
    pub(crate) json: bool,
    /// `contentSchema` (only beside `contentMediaType`): the document meets this
    /// schema of the same form; else it fails `contentSchema`.
    pub(crate) schema: Option<NodeId>,
}

/// A number from the form: its exact value, and its lexeme as written (for rendering).
#[derive(Debug, Clone)]
pub(crate) struct Num {
    pub(crate) lexeme: Box<str>,
    pub(crate) value: Decimal,
}

/// Assertions on numbers, exact.
#[derive(Debug, Clone, Default)]
pub(crate) struct NumberChecks {
    pub(crate) minimum: Option<Num>,
    pub(crate) maximum: Option<Num>,
    pub(crate) exclusive_minimum: Option<Num>,
    pub(crate) exclusive_maximum: Option<Num>,
    pub(crate) multiple_of: Option<Num>,
    /// A numeric `format` (`int32`, `double`...).
    pub(crate) format: Option<Format>,
    /// The bounds as [`Small`]s, when every bound given is one and there is no
    /// `multipleOf`, and the `format`, if any, is a numeric one (set by
    /// [`NumberChecks::index`]).
    pub(crate) small: Option<SmallBounds>,
}

/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` as [`Small`]s, and a
/// numeric `format` as the range it gives a [`Small`].
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SmallBounds {
    pub(crate) minimum: Option<Small>,
    pub(crate) maximum: Option<Small>,
    pub(crate) exclusive_minimum: Option<Small>,
    pub(crate) exclusive_maximum: Option<Small>,
    /// An integer `format` (`int32`, `uint16`...): the number must be an integer
    /// within these bounds (a bound of `None` in the range is one every [`Small`]
    /// meets, as both of `int64`'s, whose 19 digits are beyond every `Small`: it is
    /// no bound, never one that refuses). `float` and `double` are absent: every
    /// `Small` is finite in both (benches/README.md, optimization `short-formats`).
    pub(crate) format: Option<SmallRange>,
}

/// The range of an integer `format`, for [`Small`]s.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SmallRange {
    pub(crate) min: Option<Small>,
    pub(crate) max: Option<Small>,
}

impl NumberChecks {
    /// Cache the bounds' short forms; called once by the compiler when the node is done.
    pub(crate) fn index(&mut self) {
        fn small(b: &Option<Num>) -> Result<Option<Small>, ()> {
            match b {
                None => Ok(None),
                Some(n) => Small::parse(&n.lexeme).map(Some).ok_or(()),
            }
        }
        let bounds = || -> Result<SmallBounds, ()> {
            Ok(SmallBounds {
                minimum: small(&self.minimum)?,
                maximum: small(&self.maximum)?,
                exclusive_minimum: small(&self.exclusive_minimum)?,
                exclusive_maximum: small(&self.exclusive_maximum)?,
                format: None,
            })
        };
        // A numeric format as a range of `Small`s: a bound of the format beyond 18
        // digits is one every `Small` (below 10^18 in magnitude) already meets.
        let format = match self.format.map(Format::integer_range) {
            None => Ok(None),
            Some(Some(Some((min, max)))) => Ok(Some(SmallRange {
                min: Small::parse(min),
                max: Small::parse(max),
            })),
            // `float` and `double`: every `Small` is finite in both.
            Some(Some(None)) => Ok(None),
            Some(None) => Err(()),
        };
        self.small = match (&self.multiple_of, format) {
            (None, Ok(format)) => bounds().ok().map(|b| SmallBounds { format, ..b }),
            _ => None,
        };
    }
}

/// The node `id` lands on: the end of its bare `$ref` chain, followed at compile time
/// (`Node::landing`; benches/README.md, optimization `ref-landing`).
#[inline(always)]
pub(crate) fn landed(nodes: &[Node], id: NodeId) -> &Node {
    &nodes[nodes[id.index()].landing.index()]
}

/// One compiled subschema.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    /// The JSON Pointer of this subschema in the form.
    pub(crate) pointer: Pointer,
    /// `false`: nothing is admitted.
    pub(crate) reject_all: bool,
    pub(crate) types: Types,
    /// `integer` is tested by spelling, draft-04's definition ("a JSON number without
    /// a fraction or exponent part": `1.0` and `1e2` are not integers); by value in
    /// every later dialect.
    pub(crate) integer_by_spelling: bool,
    /// `type` as written: the names' bits in order, and whether it was an array.
    pub(crate) types_written: Option<(bool, SmallVec<[u8; 2]>)>,
    /// `enum` / `const`: the admitted values (`None`: no restriction). When a node has
    /// both, this is their intersection (the `const` value if `enum` lists it, else no
    /// value), so both hold.
    pub(crate) values: Option<ConstId>,
    /// `enum` and `const` as written, for rendering.
    pub(crate) enum_written: Option<ConstId>,
    pub(crate) const_written: Option<ConstId>,
    pub(crate) object: Option<Box<ObjectChecks>>,
    pub(crate) array: Option<Box<ArrayChecks>>,
    pub(crate) string: Option<Box<StringChecks>>,
    pub(crate) number: Option<Box<NumberChecks>>,
    pub(crate) all_of: SmallVec<[NodeId; 2]>,
    pub(crate) any_of: SmallVec<[NodeId; 2]>,
    pub(crate) one_of: SmallVec<[NodeId; 2]>,
    pub(crate) reference: Option<NodeId>,
    /// `$dynamicRef` (2020-12) or `$recursiveRef` (2019-09): the schema it resolves to
    /// on every path that reaches this node (the compiler gives each dynamic scope a
    /// path can have its own copy of the nodes it changes: `form/dynamic.rs`).
    pub(crate) dynamic_reference: Option<NodeId>,
    /// `not`: the value must not meet this schema.
    pub(crate) not: Option<NodeId>,
    /// `if`, `then`, `else` as written (each applies only as 2020-12 says: `then` and
    /// `else` only beside `if`, `if` only beside one of them).
    pub(crate) if_: Option<NodeId>,
    pub(crate) then_: Option<NodeId>,
    pub(crate) else_: Option<NodeId>,
    /// `dependentSchemas` as written: when the object has the member, the object meets
    /// the schema. The name's presence bit is `ObjectChecks::tracked_index`.
    pub(crate) dependent_schemas: Vec<(Box<str>, NodeId)>,
    /// An `if` without `then` or `else` applies all the same: it decides nothing, but
    /// when it passes, what it evaluated counts for `unevaluated*` (set by the compiler
    /// when the form has those keywords).
    pub(crate) lone_if_evaluates: bool,
    /// Whether the node brings any subschema to bear on the same value (see
    /// [`Node::for_each_in_place`]; cached by the compiler once references are
    /// resolved; read for every value).
    pub(crate) in_place: bool,
    /// Whether the node uses a keyword that only the general validator decides
    /// (`unevaluatedProperties`, `unevaluatedItems`); the fast path hands such a value
    /// over (cached by the compiler).
    pub(crate) general_only: bool,
    /// Whether the node asserts nothing itself (no `type`, `enum`, `const`, `false` or
    /// type-specific keyword): only its applicators, if any, constrain a value. Cached
    /// by the compiler.
    pub(crate) asserts_nothing: bool,
    /// Whether the node is a bare `anyOf`: it asserts nothing itself and applies no
    /// other subschema in place (cached by the compiler), as the union a `$ref`
    /// recursion or a schemars `enum` of structs is. The fast engine tries its branches
    /// without the rest of the in-place walk (benches/README.md, optimization
    /// `bare-any-of`).
    pub(crate) only_any_of: bool,
    /// Where a string's byte length alone admits it: the node admits strings and
    /// asserts nothing on them but `minLength` and `maxLength` (no `enum`, `const`,
    /// `format`, `pattern` or content keyword), and a string of at least `.0` and at
    /// most `.1` bytes has between `minLength` and `maxLength` code points (cached by
    /// the compiler; benches/README.md, optimization `length-plan`).
    pub(crate) lengths: Option<(u64, u64)>,
    /// Where an integer written plainly (no fraction, no exponent, at most 18 digits)
    /// passes by its value alone: the node admits numbers, has no `enum` or `const`,
    /// and its numeric keywords are bounds and an integer `format` that come to the
    /// inclusive range `.0..=.1` for integers (cached by the compiler;
    /// benches/README.md, optimization `integer-plan`).
    pub(crate) integers: Option<(i64, i64)>,
    /// Where a number written without an exponent in at most 18 digits passes by its
    /// value alone, fraction or not: the node admits every number (`type` allows
    /// `number`), has no `enum` or `const`, and its numeric keywords are short bounds
    /// (and at most a `float` or `double` format) that come to the inclusive range
    /// `.0..=.1` in units of 10^-18 (`Small::fixed18`; cached by the compiler;
    /// benches/README.md, optimization `decimal-plan`).
    pub(crate) decimals: Option<(i128, i128)>,
    /// Where a string passes by being one of the `enum`'s or `const`'s strings alone:
    /// the node admits strings and asserts nothing else on them (no string keyword),
    /// and a body string whose bytes are a candidate's (one needing no escape) and its
    /// closing quote is that candidate (cached by the compiler; `form/names.rs`;
    /// benches/README.md, optimization `enum-words`).
    pub(crate) words: Option<Box<names::Words>>,
    /// Where a string passes by being a `date-time` in its most common spelling
    /// (`YYYY-MM-DDTHH:MM:SSZ`) alone: the node admits strings and its only string
    /// assertion is `format: "date-time"` (no length, `pattern`, `enum` or `const`;
    /// cached by the compiler; `form/format/datetime.rs`, `date_time_at`;
    /// benches/README.md, optimization `date-time-words`).
    pub(crate) date_times: bool,
    /// The containers (`Types::OBJECT`, `Types::ARRAY`) the fast engine reads into at
    /// once: the node admits the kind, holds no `enum` or `const`, and leaves nothing
    /// to the general validator (cached by the compiler; `verify/fast/mod.rs`,
    /// `own_open`; benches/README.md, optimization `open-plan`).
    pub(crate) opens: u8,
    /// Whether a branch of the node's `anyOf` or `oneOf` may be ruled out by the
    /// value's first byte or its first member's name (`form/check/branches.rs`): only
    /// then does the fast engine read them before trying the branches (cached by the
    /// compiler; benches/README.md, optimization `branch-leads`).
    pub(crate) leads: bool,
    /// For a bare `anyOf` with leads, the branch its leads leave for each first byte
    /// and first name's first byte (`form/check/branches.rs`; cached by the compiler;
    /// benches/README.md, optimization `sole-table`).
    pub(crate) sole: Option<Box<Sole>>,
    /// The node a value meets after following bare `$ref`s (nodes with a `$ref` and
    /// nothing else that asserts) from this one; the node itself when it is not a bare
    /// `$ref`. Cached by the compiler; the chain is finite because same-instance cycles
    /// are refused.
    pub(crate) landing: NodeId,
    /// `$defs` and `definitions` entries, each with the keyword that holds it, in the
    /// order written (compiled and checked even when nothing references them). A schema
    /// may have both holders, with the same names in each.
    pub(crate) defs: Vec<(Keyword, Box<str>, NodeId)>,
    /// The names of declared annotations (the `None` entries of `order`), in the order
    /// written.
    pub(crate) declared: Vec<Box<str>>,
    /// Keywords in the order written (`None`: a declared annotation, named in
    /// `declared`), with annotation values as compact JSON.
    pub(crate) order: Vec<(Option<Keyword>, Option<Box<str>>)>,
    /// How a dialect before 2020-12 spelled this node's checks (`form::dialect`).
    pub(crate) legacy: Option<Box<Legacy>>,
}

impl Node {
    /// A node with no keywords: admits everything.
    pub(crate) fn empty(pointer: Pointer) -> Node {
        Node {
            pointer,
            reject_all: false,
            types: Types::ALL,
            types_written: None,
            values: None,
            enum_written: None,
            const_written: None,
            object: None,
            array: None,
            string: None,
            number: None,
            all_of: SmallVec::new(),
            any_of: SmallVec::new(),
            one_of: SmallVec::new(),
            reference: None,
            dynamic_reference: None,
            not: None,
            if_: None,
            then_: None,
            else_: None,
            dependent_schemas: Vec::new(),
            lone_if_evaluates: false,
            in_place: false,
            integer_by_spelling: false,
            general_only: false,
            asserts_nothing: false,
            only_any_of: false,
            lengths: None,
            integers: None,
            decimals: None,
            words: None,
            date_times: false,
            opens: 0,
            leads: false,
            sole: None,
            landing: NodeId::TRUE,
            defs: Vec::new(),
            declared: Vec::new(),
            order: Vec::new(),
            legacy: None,
        }
    }

    /// Whether the node is a bare `$ref`: a reference, no other applicator, and no
    /// assertion of its own (needs `asserts_nothing` and `in_place` cached).
    pub(crate) fn bare_reference(&self) -> Option<NodeId> {
        let target = self.reference?;
        let mut others = 0;
        self.for_each_in_place(|_, _| others += 1);
        (self.asserts_nothing && others == 1).then_some(target)
    }

    /// The keyword that wrote `dynamic_reference`: `$recursiveRef` or `$dynamicRef`.
    pub(crate) fn dynamic_keyword(&self) -> Keyword {
        if self
            .order
            .iter()
            .any(|(k, _)| *k == Some(Keyword::RecursiveRef))
        {
            Keyword::RecursiveRef
        } else {
            Keyword::DynamicRef
        }
    }

    /// Every subschema this node applies, to the value or to a part of it, as a place
    /// to change: every `NodeId` the node holds but its `$defs` (which apply to
    /// nothing) and `landing` (cached later). A field added to [`Node`] that holds a
    /// subschema belongs here.
    pub(crate) fn for_each_applied_mut(&mut self, mut f: impl FnMut(&mut NodeId)) {
        if let Some(o) = self.object.as_deref_mut() {
            o.members
                .iter_mut()
                .filter_map(|m| m.schema.as_mut())
                .for_each(&mut f);
            o.additional.iter_mut().for_each(&mut f);
            o.pattern_properties.iter_mut().for_each(|(_, n)| f(n));
            o.property_names.iter_mut().for_each(&mut f);
            o.unevaluated.iter_mut().for_each(&mut f);
        }
        if let Some(a) = self.array.as_deref_mut() {
            a.prefix.iter_mut().for_each(&mut f);
            a.items.iter_mut().for_each(&mut f);
            a.contains.iter_mut().for_each(&mut f);
            a.unevaluated.iter_mut().for_each(&mut f);
        }
        if let Some(c) = self
            .string
            .as_deref_mut()
            .and_then(|s| s.content.as_deref_mut())
        {
            c.schema.iter_mut().for_each(&mut f);
        }
        if let Some(l) = self.legacy.as_deref_mut() {
            l.additional_items.iter_mut().for_each(&mut f);
        }
        self.reference.iter_mut().for_each(&mut f);
        self.dynamic_reference.iter_mut().for_each(&mut f);
        self.all_of.iter_mut().for_each(&mut f);
        self.any_of.iter_mut().for_each(&mut f);
        self.one_of.iter_mut().for_each(&mut f);
        for n in [
            &mut self.not,
            &mut self.if_,
            &mut self.then_,
            &mut self.else_,
        ] {
            n.iter_mut().for_each(&mut f);
        }
        self.dependent_schemas.iter_mut().for_each(|(_, n)| f(n));
    }

    /// Every subschema this node applies to the same value, with how its verdict
    /// combines, in a fixed order: `$ref`, `$dynamicRef` (or `$recursiveRef`),
    /// `allOf`, `anyOf`, `oneOf`, `not`, `if`, `then`, `else`, `dependentSchemas`.
    /// `then` and `else` only beside `if`, and `if` only beside one of them (alone it
    /// decides nothing).
    pub(crate) fn for_each_in_place(&self, mut f: impl FnMut(NodeId, Via)) {
        if let Some(r) = self.reference {
            f(r, Via::All);
        }
        if let Some(r) = self.dynamic_reference {
            f(r, Via::All);
        }
        self.all_of.iter().for_each(|&n| f(n, Via::All));
        self.any_of.iter().for_each(|&n| f(n, Via::Any));
        self.one_of.iter().for_each(|&n| f(n, Via::One));
        if let Some(n) = self.not {
            f(n, Via::Not);
        }
        if let Some(c) = self.if_ {
            if self.then_.is_some() || self.else_.is_some() || self.lone_if_evaluates {
                f(c, Via::If);
                if let Some(n) = self.then_ {
                    f(n, Via::Then);
                }
                if let Some(n) = self.else_ {
                    f(n, Via::Else);
                }
            }
        }
        let tracked = self.object.as_deref();
        for (name, n) in &self.dependent_schemas {
            let bit = tracked
                .and_then(|o| o.tracked_index(name))
                .expect("dependentSchemas names are tracked");
            f(*n, Via::Dependent(bit));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Keyed;
    use crate::form::Form;

    /// The steps of the root object's checks of `source`: (`then`, `skip`, `prev`,
    /// `count`).
    fn steps(source: &str) -> Vec<(u16, u16, u16, u8)> {
        let form = Form::compile(source.as_bytes()).expect("the form compiles");
        let root = form.node(form.root());
        let o = root.object.as_deref().expect("object checks");
        o.keyed
            .iter()
            .map(|w| (w.then, w.skip, w.prev, w.count))
            .collect()
    }

    /// The form's order first, then the runs that pass over one optional member, then
    /// two, while they add at most as many steps as the order has; never over the
    /// first member, nor over a member with none after it; none with `maxProperties`.
    #[test]
    fn keyed_runs_pass_over_optional_members_within_their_bound() {
        let (none, ended) = (Keyed::NONE, Keyed::ENDED);
        let members = r#""properties":{"a":{},"b":{},"c":{},"d":{}},"required":["a","d"]"#;
        assert_eq!(
            steps(&format!("{{{members}}}")),
            [
                (1, none, none, 1), // a: never passed over
                (2, 4, 0, 2),       // b: on to c, d without it
                (3, 6, 1, 3),       // c: on to d without it
                (3 | ended, none, 2, 4),
                (5, 7, 0, 2), // c after a: on to d without it
                (5 | ended, none, 4, 3),
                (6 | ended, none, 1, 3), // d after a, b
                (7 | ended, none, 0, 2), // d after a
            ]
        );
        // An optional last member has no run after it.
        assert_eq!(
            steps(r#"{"properties":{"a":{},"b":{}}}"#),
            [(1, none, none, 1), (1 | ended, none, 0, 2)]
        );
        // Five optional members after the first: the runs stop at twice the order.
        let five = r#""properties":{"a":{},"b":{},"c":{},"d":{},"e":{},"f":{}}"#;
        assert_eq!(steps(&format!("{{{five}}}")).len(), 12);
        // With `maxProperties`, the form's order alone.
        let most = steps(&format!(r#"{{{members},"maxProperties":4}}"#));
        assert_eq!(most.len(), 4);
        assert!(most.iter().all(|s| s.1 == none), "{most:?}");
    }

    /// An object without a member to read by its key has no steps.
    #[test]
    fn no_keyed_member_no_steps() {
        assert!(steps(r#"{"properties":{"a b c d e f g h i j":{}}}"#).is_empty());
        assert!(steps(r#"{"additionalProperties":{"type":"integer"}}"#).is_empty());
    }
}
