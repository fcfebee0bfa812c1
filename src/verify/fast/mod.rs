//! The fast engine: one schema-directed pass over a complete body that says
//! "admitted", "rejected, exactly as the general validator rejects it", or "not sure".
//!
//! The general validator (`verify/general/`) takes strict events one at a time and keeps,
//! for every open container, the instances of every subschema that applies to it, so
//! that it can stream, share work among overlapping branches and say exactly where and
//! why a body fails. That bookkeeping is the larger part of its cost. This pass walks
//! the body and the compiled form together instead, the way a recursive-descent parser
//! walks a grammar: a member name is looked up once in its object's member index, which
//! also detects duplicates for listed names (a bit per member), and each value is
//! checked against the one node it meets. A listed name written unescaped is read in
//! place, by comparing it with the body's bytes (`ObjectChecks::listed_at`), and a
//! plain object's members are read so by a short loop (`listed_members`); strings and
//! numbers meeting nodes that assert only lengths or short bounds are decided by a
//! range or a word fixed at compile time (`Node::lengths`, `Node::integers`,
//! `Node::decimals`, `Node::words`, `Node::date_times`). Where a value meets several subschemas at
//! once (`allOf`, `anyOf`, `oneOf`, `$ref` with sibling keywords) the pass rewinds to
//! the value's first byte and reads it once per subschema.
//!
//! Vocabulary v2 is decided here too, except `unevaluated*` (`Node::general_only`):
//! `patternProperties` and `propertyNames` as each name is read (the name's token is
//! read again as a string value), `dependentRequired` and `dependentSchemas` from a
//! bit per tracked name once the object is read, `contains` by reading each element
//! once more, `uniqueItems` by the sorted keys of scalar elements (`unique.rs`; an
//! array of containers that must be unique is handed over), `not` and `if` by reading
//! the value once more.
//!
//! Invariants:
//! 1. Sound admission: [`decide`] says `Admitted` only for a body that is strict JSON
//!    within the form's limits and that the form admits. What it cannot decide (a
//!    syntax error, a composite `enum`, a keyword it leaves to the general validator
//!    (`Node::general_only`), a body nested deeper than [`MAX_FRAMES`], a spent
//!    budget) is `Unsure`, and the caller runs the general validator. A wrong `Unsure`
//!    costs time, never correctness; the lexers are the parser's own, so strictness is
//!    the parser's.
//! 2. Bounded work: every value visited and every token byte read is charged to a
//!    budget of `BUDGET_FACTOR × len + BUDGET_SLACK`, so rewinding can at most multiply
//!    the cost of a pass by a constant before the general validator takes over.
//! 3. Bounded stack: the pass recurses once per container and per in-place subschema,
//!    at most [`MAX_FRAMES`] deep, and each function that stays on the stack under the
//!    values it reads (`value_landed`, `union_child`, `learned_members`) counts as a
//!    frame; deeper bodies are left to the non-recursive validator. `child_apart`, a
//!    call between the member loop and a member value's own frame, is at most one per
//!    counted frame and is not counted: the small-stack tests (`tests/verify_fast.rs`)
//!    measure that the recursion fits with it.
//! 4. Nothing is allocated once the reused buffers are warm (names of open objects
//!    without a member index, unescaped strings, `uniqueItems` keys, failure paths).
//! 5. Exact rejection: `Rejected` is the general validator's rejection of the body,
//!    the same kind, offset, pointer and form pointer. A failure is recorded where a
//!    keyword fails (`failure.rs`, `miss.rs`) only where the general validator fails
//!    the body at that token for that cause; anything else is a *vague* failure, which
//!    lets another branch be tried but is never reported (`Unsure`). While `anyOf`
//!    and `oneOf` branches are tried, nothing is recorded; a node that fails is read
//!    again with failures recorded only when its failure can reach the body's root.
//!    So a body that fails late costs about what admitting it costs, and the general
//!    validator never reads a body twice for a failure the pass has already found.
//!
//! Measured by `cargo bench -p formgate-bench --bench verify` and `--bench rejection`
//! (see `benches/README.md`).

use crate::form::check::container::{self as check, Applies};
use crate::form::check::scalar;
use crate::form::consts::{Consts, Scalar};
use crate::form::node::{ArrayChecks, Keyed, Node, NodeId, ObjectChecks, Types};
use crate::form::vocabulary::Keyword;
use crate::form::Form;
use crate::parse::keys::KeySet;
use crate::parse::lex::{self, Input, Lexed, StrAt};

use super::rejection::Rejection;
pub(super) use entries::{elements_at, value_at, value_in};
use miss::{Miss, Seg};
use orders::{Orders, Reading};
use unique::UniqueKeys;

mod branches;
mod entries;
mod failure;
pub(super) mod miss;
mod orders;
pub(super) mod resumable;
mod scalars;
pub(super) mod tally;
mod unique;

/// The deepest recursion (open containers plus in-place subschemas on one path) the
/// fast path takes on. At 80 it needs between 48 and 64 KiB of stack in an optimized
/// build: the member loop's frame grew by half with the keyed members' prologue
/// (benches/README.md, optimization `keyed-members`), and 96 frames, which needed
/// between 32 and 48 KiB before, overflowed 64 KiB. A debug build's frames are over ten
/// times larger, so there it stops at 32, which needs between 448 and 512 KiB (between
/// 384 and 448 KiB before the keyed members, between 256 and 320 KiB before the short
/// member loop and the length plan; `tests/verify_fast.rs` runs both on small stacks).
pub(crate) const MAX_FRAMES: u32 = if cfg!(debug_assertions) { 32 } else { 80 };

/// Work allowed per body byte, and a constant for tiny bodies (invariant 2).
const BUDGET_FACTOR: usize = 4;
const BUDGET_SLACK: usize = 1024;

/// Buffers the fast path reuses across bodies.
#[derive(Debug, Default)]
pub(crate) struct Buffers {
    /// Names of open objects whose names are not all listed in a member index.
    keys: KeySet,
    /// Unescaped text of the most recent string with escapes.
    scratch: String,
    /// Canonical keys of the elements of open `uniqueItems` arrays.
    unique: UniqueKeys,
    /// The last failure (invariant 5).
    miss: Miss,
    /// The path of the last failure, innermost segment first (`Miss::from`).
    segs: Vec<Seg>,
    /// The orders of members learned from bodies (`orders.rs`), kept from one body to
    /// the next: a guess, never a verdict.
    orders: Orders,
}

/// The node `id` lands on (`form::node::landed`).
pub(super) use crate::form::node::landed as landing;

/// What the pass says of a whole body.
#[derive(Debug)]
pub(crate) enum Verdict {
    /// The form certainly admits it (invariant 1).
    Admitted,
    /// The form certainly does not, and this is the general validator's rejection
    /// (invariant 5).
    Rejected(Rejection),
    /// Not sure: the general validator decides.
    Unsure,
}

/// What the pass can say of `body`: admitted, rejected exactly as the general
/// validator rejects it, or not sure (invariants 1 and 5).
pub(crate) fn decide(form: &Form, body: &[u8], buffers: &mut Buffers) -> Verdict {
    let limits = form.limits();
    if body.len() > limits.max_bytes() {
        return Verdict::Unsure;
    }
    clear(buffers);
    let mut pass = Pass::new(form, body, true, 0, 0, buffers);
    match pass.value(form.root()) {
        Ok(()) => {
            pass.skip_ws();
            if pass.pos == body.len() {
                Verdict::Admitted
            } else {
                Verdict::Unsure
            }
        }
        Err(Fail::Mismatch) if pass.miss.exact => {
            let miss = *pass.miss;
            let segs = pass.segs.get(miss.from..).unwrap_or(&[]);
            Verdict::Rejected(miss.rejection(form, &pass.inp, 0, &[], segs))
        }
        Err(_) => Verdict::Unsure,
    }
}

/// The failure of the last [`value_at`] or [`value_in`] that said `Mismatch`, and its
/// path below the value read: where and why, when it is exact (invariant 5).
pub(super) fn last_miss(buffers: &Buffers) -> (Miss, &[Seg]) {
    let m = buffers.miss;
    let segs = buffers.segs.get(m.from..).unwrap_or(&[]);
    (m, segs)
}

/// The work [`decide`] allows for a body of `len` bytes (invariant 2).
pub(super) fn budget(len: usize) -> usize {
    len.saturating_mul(BUDGET_FACTOR)
        .saturating_add(BUDGET_SLACK)
}

/// Clear the buffers for a new body (what [`decide`] does first).
pub(super) fn clear(buffers: &mut Buffers) {
    buffers.keys.clear();
    buffers.unique.clear();
    buffers.segs.clear();
    buffers.miss = Miss::default();
}

/// The name set of `buffers` (for the open objects of `guided`).
pub(super) fn keys(buffers: &mut Buffers) -> &mut KeySet {
    &mut buffers.keys
}

/// The name set and the scratch string of `buffers` (for the open objects of
/// `resumable` and `guided`).
pub(super) fn keys_and_scratch(buffers: &mut Buffers) -> (&mut KeySet, &mut String) {
    (&mut buffers.keys, &mut buffers.scratch)
}

/// Why a value was not admitted. Only `Mismatch` may be recovered from (by another
/// `anyOf`/`oneOf` branch); `Abort` and `Truncated` end the pass with "not sure".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fail {
    /// The value fails a keyword of the subschema being tried, on tokens read whole;
    /// where and why are in the pass's `miss` (invariant 5).
    Mismatch,
    /// Not strict JSON, beyond a limit, out of budget, or outside what this pass handles.
    Abort,
    /// The input (a prefix of the body) ended before anything failed: more bytes may
    /// still complete the value either way.
    Truncated,
}

type R = Result<(), Fail>;

/// What the member loop has read of an object: the listed members seen (a bit each),
/// the required ones among them, the members begun, and the guess at the next name.
struct Listed {
    seen: u64,
    required: u32,
    count: u64,
    guess: u32,
}

struct Pass<'a, 'f> {
    inp: Input<'a>,
    bytes: &'a [u8],
    /// Whether `bytes` is the whole body (else a prefix of it: running out of bytes is
    /// `Truncated`, not `Abort`).
    complete: bool,
    pos: usize,
    nodes: &'f [Node],
    consts: &'f Consts,
    /// Open containers.
    depth: usize,
    max_depth: usize,
    /// Recursion depth (invariant 3).
    frames: u32,
    /// Work left (invariant 2).
    budget: usize,
    keys: &'f mut KeySet,
    scratch: &'f mut String,
    unique: &'f mut UniqueKeys,
    orders: &'f mut Orders,
    /// The tracked names (`ObjectChecks::tracked`) present in the object whose members
    /// were read last, as bits: `dependentSchemas` reads them once its object is read.
    present: u64,
    /// The last failure, and the path segments pushed as it unwinds (invariant 5).
    miss: &'f mut Miss,
    segs: &'f mut Vec<Seg>,
    /// Whether failures are recorded in `miss` and `segs`. Off while `anyOf` and
    /// `oneOf` branches are tried (most failures there are recovered from); a failed
    /// applicator is read again with it on when its failure may be reported.
    record: bool,
}

impl<'a, 'f> Pass<'a, 'f> {
    /// A pass over `body` from `pos`, inside `open` containers already open.
    fn new(
        form: &'f Form,
        body: &'a [u8],
        complete: bool,
        pos: usize,
        open: usize,
        buffers: &'f mut Buffers,
    ) -> Pass<'a, 'f> {
        let limits = form.limits();
        Pass {
            inp: Input::new(body),
            bytes: body,
            complete,
            pos,
            nodes: form.nodes(),
            consts: form.consts(),
            depth: open,
            max_depth: limits.max_depth(),
            frames: u32::try_from(open).unwrap_or(u32::MAX),
            budget: budget(body.len()),
            keys: &mut buffers.keys,
            scratch: &mut buffers.scratch,
            unique: &mut buffers.unique,
            orders: &mut buffers.orders,
            present: 0,
            miss: &mut buffers.miss,
            segs: &mut buffers.segs,
            record: true,
        }
    }

    /// Read one value against `id` with the input `inp` (handed back with what it
    /// validated) and the work left in `budget`: where the value ends.
    fn run(mut self, id: NodeId, inp: &mut Input<'a>, budget: &mut usize) -> Result<usize, Fail> {
        std::mem::swap(&mut self.inp, inp);
        self.budget = *budget;
        let r = self.value(id);
        *budget = self.budget;
        std::mem::swap(&mut self.inp, inp);
        r.map(|()| self.pos)
    }

    /// The failure for bytes that ran out: `Truncated` on a prefix, else `Abort`.
    #[cold]
    fn ran_out(&self) -> Fail {
        if self.complete {
            Fail::Abort
        } else {
            Fail::Truncated
        }
    }

    /// The failure for a token the lexer did not finish.
    #[cold]
    fn unlexed<T>(&self, r: lex::LexResult<T>) -> Fail {
        match r {
            Ok(Lexed::NeedMore) => self.ran_out(),
            _ => Fail::Abort,
        }
    }

    #[inline(always)]
    fn skip_ws(&mut self) {
        // No store of the cursor when there is nothing to skip (the common case).
        if self.bytes.get(self.pos).is_some_and(|&c| c > b' ') {
            return;
        }
        self.pos = lex::skip_ws(self.bytes, self.pos);
    }

    #[inline(always)]
    fn spend(&mut self, work: usize) -> R {
        match self.budget.checked_sub(work) {
            Some(left) => {
                self.budget = left;
                Ok(())
            }
            None => Err(Fail::Abort),
        }
    }

    /// The value at the cursor (after whitespace) against node `id`.
    #[inline(always)]
    fn value(&mut self, id: NodeId) -> R {
        self.skip_ws();
        self.value_landed(landing(self.nodes, id))
    }

    /// The value at the cursor, whitespace skipped, against node `n`, a node at the end
    /// of its bare `$ref` chain (`Node::landing`): the recursion's one frame per value
    /// (invariant 3).
    fn value_landed(&mut self, n: &'f Node) -> R {
        if self.frames >= MAX_FRAMES {
            return Err(Fail::Abort);
        }
        self.frames += 1;
        let r = self.value_in_place(n);
        self.frames -= 1;
        r
    }

    #[inline(always)]
    fn value_in_place(&mut self, n: &'f Node) -> R {
        self.spend(1)?;
        self.value_charged(n)
    }

    /// [`Pass::value_in_place`] once the value's visit is charged: also inlined into
    /// `union_child`, out of line itself, so that a union's sole branch takes no call
    /// of its own in optimized builds (benches/README.md, optimization
    /// `branch-in-place`).
    #[inline(always)]
    fn value_charged(&mut self, n: &'f Node) -> R {
        if n.in_place {
            self.applicators(n)
        } else {
            self.own(n)
        }
    }

    /// [`Pass::value_charged`] out of line, for `union_child` in a debug build, which
    /// keeps every inlined local in the frame: inlined, the value's reading doubled
    /// that frame.
    #[cfg(debug_assertions)]
    #[inline(never)]
    fn value_charged_apart(&mut self, n: &'f Node) -> R {
        self.value_charged(n)
    }

    /// The string whose opening quote is at `i`, and the index past it: `None` when its
    /// escapes were decoded into `scratch`.
    #[inline(always)]
    fn string(&mut self, i: usize) -> Result<(Option<&'a str>, usize), Fail> {
        match lex::string(&self.inp, i, self.scratch, self.complete) {
            Ok(Lexed::Done(StrAt::Input(s), end)) => Ok((Some(s), end)),
            Ok(Lexed::Done(StrAt::Scratch, end)) => Ok((None, end)),
            r => Err(self.unlexed(r)),
        }
    }

    /// Run `id` on the value starting at `start`, rewinding first; on success, `end`
    /// records where the value ended.
    fn attempt(&mut self, start: usize, id: NodeId, end: &mut usize) -> R {
        self.pos = start;
        self.value(id)?;
        *end = self.pos;
        Ok(())
    }

    /// A node with in-place applicators: its own keywords and each applicator read the
    /// same value in turn. The parts that must pass are all read, so that a failure is
    /// the earliest one (invariant 5).
    fn applicators(&mut self, n: &'f Node) -> R {
        if n.general_only {
            // `unevaluatedProperties` and `unevaluatedItems` are the general validator's.
            return Err(Fail::Abort);
        }
        self.in_place(n)
    }

    fn in_place(&mut self, n: &'f Node) -> R {
        if n.only_any_of {
            return self.bare_any_of(n);
        }
        let start = self.pos;
        let mut end = start;
        // Whether a subschema was cut short by the end of a prefix (`Truncated`): the
        // others are still read, so that one that already fails says `Mismatch` (and a
        // streamed prefix is refused as soon as the general validator would).
        let mut cut = false;
        let mut note = |r: R| match r {
            Err(Fail::Truncated) => {
                cut = true;
                Ok(())
            }
            r => r,
        };
        // A part that must pass fails: the value fails, at the earliest failure of
        // them all, which `settle` finds.
        if !n.asserts_nothing {
            if let Err(e) = note(self.own(n)) {
                return Err(self.settled(e, n, start));
            }
            end = self.pos;
        }
        if let Some(target) = n.reference {
            if let Err(e) = note(self.attempt(start, target, &mut end)) {
                return Err(self.settled(e, n, start));
            }
        }
        if let Some(target) = n.dynamic_reference {
            if let Err(e) = note(self.attempt(start, target, &mut end)) {
                return Err(self.settled(e, n, start));
            }
        }
        for &b in &n.all_of {
            if let Err(e) = note(self.attempt(start, b, &mut end)) {
                return Err(self.settled(e, n, start));
            }
        }
        if !n.any_of.is_empty() {
            let record = std::mem::replace(&mut self.record, false);
            let r = self.any_branch(n, start, &mut end);
            self.record = record;
            match r {
                Ok(true) => {}
                Ok(false) => return Err(self.settled(Fail::Mismatch, n, start)),
                // No later branch can pass a value cut short: undecided.
                Err(Fail::Truncated) => cut = true,
                Err(e) => return Err(e),
            }
        }
        if let Some(x) = n.not {
            // A `Mismatch` is a keyword that fails on a value read so far; the value
            // is read whole below (by another applicator or as `true`), so a value
            // that fails `x` certainly passes `not`.
            let mut ignored = start;
            match self.attempt(start, x, &mut ignored) {
                // `not` fails at a time this pass does not follow.
                Ok(()) => return Err(self.vague()),
                Err(Fail::Mismatch) => {}
                Err(Fail::Truncated) => cut = true,
                Err(e) => return Err(e),
            }
        }
        if let (Some(cond), true) = (n.if_, n.then_.is_some() || n.else_.is_some()) {
            let mut ignored = start;
            let branch = match self.attempt(start, cond, &mut ignored) {
                Ok(()) => n.then_,
                Err(Fail::Mismatch) => n.else_,
                Err(Fail::Truncated) => {
                    cut = true;
                    None
                }
                Err(e) => return Err(e),
            };
            if let Some(b) = branch {
                match self.attempt(start, b, &mut end) {
                    Ok(()) => {}
                    Err(Fail::Truncated) => cut = true,
                    // As `not`: not followed.
                    Err(e) => return Err(self.unplaced(e)),
                }
            }
        }
        if !n.one_of.is_empty() {
            let record = std::mem::replace(&mut self.record, false);
            let r = self.one_branch(n, start, &mut end);
            self.record = record;
            match r {
                Ok(1) => {}
                // Every branch failed: at the last one's failure, as for `anyOf`.
                Ok(0) => return Err(self.settled(Fail::Mismatch, n, start)),
                // Two passed: `oneOf` fails at a time this pass does not follow.
                Ok(_) => return Err(self.vague()),
                Err(Fail::Truncated) => cut = true,
                Err(e) => return Err(e),
            }
        }
        if cut {
            return Err(Fail::Truncated);
        }
        if end == start {
            // Only `not` or an `if` without the branch it chose: nothing has read the
            // value whole yet (and checked that it is strict JSON).
            self.attempt(start, NodeId::TRUE, &mut end)?;
        }
        // Each success read the whole value to the same end.
        self.pos = end;
        Ok(())
    }

    /// The value at the cursor against node `n` (whose id is `id`)'s own keywords.
    #[inline(always)]
    fn own(&mut self, n: &'f Node) -> R {
        let i = self.pos;
        let Some(&c) = self.bytes.get(i) else {
            return Err(self.ran_out());
        };
        match c {
            b'"' => self.own_string(n, i),
            b'{' | b'[' => self.own_open(n, i, c == b'{'),
            b'-' | b'0'..=b'9' => self.own_number(n, i),
            b't' | b'f' | b'n' => self.own_literal(n, i, c),
            _ => Err(Fail::Abort),
        }
    }

    /// The object (`object`) or array whose opening bracket is at `i` against node
    /// `n`'s own keywords.
    #[inline(always)]
    fn own_open(&mut self, n: &'f Node, i: usize, object: bool) -> R {
        // One test where the node lets the container in (benches/README.md,
        // optimization `open-plan`); else why not, out of line.
        let bit = if object { Types::OBJECT } else { Types::ARRAY };
        if n.opens & bit == 0 {
            return Err(self.not_opened(n, i, object));
        }
        if self.depth >= self.max_depth {
            return Err(Fail::Abort);
        }
        self.depth += 1;
        self.pos = i + 1;
        let r = if object {
            self.object(n)
        } else {
            self.array(n)
        };
        self.depth -= 1;
        r.map_err(|e| self.container_failed(e, n))?;
        if object && n.object.as_deref().is_some_and(|o| !o.plain) {
            self.dependent_schemas(n, i).map_err(|e| self.unplaced(e))?;
        }
        Ok(())
    }

    /// Why node `n` does not let in the object (`object`) or array whose opening
    /// bracket is at `i` (`Node::opens`): the keyword it fails, or the general
    /// validator's turn.
    #[cold]
    #[inline(never)]
    fn not_opened(&mut self, n: &'f Node, i: usize, object: bool) -> Fail {
        if let Err(k) = scalar::check_open(n, self.consts, object) {
            if self.depth >= self.max_depth {
                // The parser refuses the bracket first.
                return Fail::Abort;
            }
            return self.miss(i, n, k);
        }
        // A composite `enum`/`const`, and `unevaluated*`, are the general validator's.
        Fail::Abort
    }

    /// The `dependentSchemas` of node `n` on the object at `start`, just read (its
    /// members' presence still in `present`; a node with `dependentSchemas` tracks
    /// names, so its object checks are not plain): each entry whose member is present
    /// reads the object once more.
    fn dependent_schemas(&mut self, n: &'f Node, start: usize) -> R {
        if n.dependent_schemas.is_empty() {
            return Ok(());
        }
        let (present, end) = (self.present, self.pos);
        let o = n.object.as_deref().ok_or(Fail::Abort)?;
        let mut ignored = start;
        for (name, sub) in &n.dependent_schemas {
            let bit = o.tracked_index(name).ok_or(Fail::Abort)?;
            if present & (1u64 << bit) != 0 {
                self.attempt(start, *sub, &mut ignored)?;
            }
        }
        self.pos = end;
        Ok(())
    }

    /// A member value or an element against node `id`: a string, number or literal
    /// meeting a node without applicators (the most common values) is checked here,
    /// without the recursive call (benches/README.md, optimizations `scalar-children`
    /// and, for `true`, `false` and `null`, `literal-children`).
    #[inline(always)]
    fn child(&mut self, id: NodeId) -> R {
        self.child_with(id, 1)
    }

    /// [`Pass::child`], out of line: for the member loop of objects read otherwise than
    /// by their keys (patterns, `propertyNames`, names the checks do not list).
    // Inlined there, the scalar readers' copy in `members` moved the keyed loop's
    // registers: with `keyed-skips`, large 11.26 M -> 11.47 M instructions, small
    // 2,580 -> 2,613, medium 274.9 K -> 277.2 K; the thread body, which takes that
    // loop more often, 1.977 M against 1.971 M (callgrind, benches/README.md).
    #[inline(never)]
    fn child_apart(&mut self, id: NodeId) -> R {
        self.child(id)
    }

    /// [`Pass::child`], charging `unit` for a scalar (0 where the caller charged it,
    /// with the member name's bytes: `listed_members`; benches/README.md,
    /// optimization `member-charge`). A container's value is charged by
    /// [`Pass::value`], so a unit charged before is refunded.
    #[inline(always)]
    fn child_with(&mut self, id: NodeId, unit: usize) -> R {
        self.child_landed(self.nodes[id.index()].landing, unit)
    }

    /// [`Pass::child_with`] for a node already at the end of its bare `$ref` chain
    /// (`Node::landing`).
    #[inline(always)]
    fn child_landed(&mut self, landed: NodeId, unit: usize) -> R {
        self.skip_ws();
        let n = &self.nodes[landed.index()];
        if !n.in_place {
            match self.bytes.get(self.pos) {
                Some(b'"') => {
                    self.spend(unit)?;
                    return self.own_string(n, self.pos);
                }
                Some(b'-' | b'0'..=b'9') => {
                    self.spend(unit)?;
                    return self.own_number(n, self.pos);
                }
                Some(&c @ (b't' | b'f' | b'n')) => {
                    self.spend(unit)?;
                    return self.own_literal(n, self.pos, c);
                }
                _ => {}
            }
        }
        self.budget += 1 - unit;
        if n.only_any_of && n.leads {
            return self.union_child(n);
        }
        self.value_landed(n)
    }

    /// The members of an object meeting node `owner`, whose `{` was just read.
    #[inline(always)]
    fn object(&mut self, owner: &'f Node) -> R {
        let checks = owner.object.as_deref();
        if checks.is_some_and(|o| o.wide) {
            // The seen-members, present-names and matched-patterns sets are one word each.
            return Err(Fail::Abort);
        }
        let mut keys_open = false;
        let r = self.members(checks, &mut keys_open);
        if keys_open {
            self.keys.close();
        }
        r
    }

    fn members(&mut self, checks: Option<&'f ObjectChecks>, keys_open: &mut bool) -> R {
        let mut seen: u64 = 0;
        let mut required = 0u32;
        let mut count: u64 = 0;
        let mut present: u64 = 0;
        let mut guess = checks.map_or(u32::MAX, |o| o.first_written);
        // Objects without `patternProperties`, `propertyNames` or tracked names (most)
        // keep the short path: one subschema per member, found by the index alone.
        let plain = checks.is_none_or(|o| o.plain);
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b'}') {
            self.pos += 1;
        } else if !match checks {
            // A plain object's members with names it lists, read in place: the short
            // loop, which stops before a name it does not read so (benches/README.md,
            // optimization `listed-loop`).
            Some(o) if plain => {
                let mut read = Listed {
                    seen,
                    required,
                    count,
                    guess,
                };
                let closed = self.listed_members(o, &mut read)?;
                (seen, required, count, guess) = (read.seen, read.required, read.count, read.guess);
                closed
            }
            _ => false,
        } {
            loop {
                self.skip_ws();
                let i = self.pos;
                match self.bytes.get(i) {
                    Some(b'"') => {}
                    Some(_) => return Err(Fail::Abort),
                    None => return Err(self.ran_out()),
                }
                // A listed name is compared in place with the body's bytes, without
                // the string scanner (benches/README.md, optimization `fused-names`).
                let fused = checks.and_then(|o| Some((o, o.listed_at(self.bytes, i + 1, guess)?)));
                let (name, end, index) = match fused {
                    Some((o, (k, end))) => (&*o.members[k].name, end, Some(k)),
                    None => {
                        let (name, end) = self.string(i)?;
                        let name = name.unwrap_or(self.scratch);
                        (name, end, checks.and_then(|o| o.member_index(name)))
                    }
                };
                // The subschema the value meets by `properties` or
                // `additionalProperties`: `None` where neither names one.
                // The name's entry in the member index.
                let listed = match (checks, index) {
                    (Some(o), Some(k)) => {
                        // Once the body leaves the form's order, stop guessing from it
                        // (benches/README.md, optimization `guessing-stops`).
                        guess = if k as u32 == guess {
                            o.then_written[k]
                        } else {
                            u32::MAX
                        };
                        let bit = 1u64 << k;
                        if seen & bit != 0 {
                            return Err(Fail::Abort); // a duplicate name
                        }
                        seen |= bit;
                        let m = &o.members[k];
                        required += m.required as u32;
                        Some(m)
                    }
                    _ => {
                        if let Some(keyword) = checks.and_then(|o| o.unlisted_fails(count)) {
                            // Closed (the common anyOf branch that does not fit): no
                            // need to remember the name.
                            return Err(self.name_fails(i, checks, count, keyword));
                        }
                        // Names outside the member index cannot equal one inside it,
                        // so they need their own duplicate check.
                        if !*keys_open {
                            self.keys.open();
                            *keys_open = true;
                        }
                        if !self.keys.insert(name.as_bytes()) {
                            return Err(Fail::Abort);
                        }
                        None
                    }
                };
                let mut patterns: u64 = 0;
                let schema = match checks {
                    // (An unlisted name of a closed object failed above.)
                    Some(o) if plain => o.member_schema(listed, false).map(Applies::schema),
                    Some(o) => {
                        // The `patternProperties` whose patterns match the name (a bit
                        // each, read once each by `member_patterns`), and the one
                        // subschema of `properties` or `additionalProperties`.
                        let mut own = None;
                        o.member_targets(listed, name, |a| match a {
                            Applies::Pattern(k, _) => patterns |= 1u64 << k,
                            a => own = Some(a),
                        });
                        if let Some(t) = o.tracked_index(name) {
                            present |= 1u64 << t;
                        }
                        match own {
                            Some(Applies::Additional(NodeId::FALSE)) => return Err(self.vague()),
                            own => own.map(Applies::schema),
                        }
                    }
                    None => None,
                };
                if let Some(names) = checks.and_then(|o| o.property_names) {
                    // The name is a string value of its own: read its token again as one.
                    let mut ignored = i;
                    if let Err(e) = self.attempt(i, names, &mut ignored) {
                        return Err(self.unplaced(e));
                    }
                }
                self.pos = end;
                self.spend(end - i)?;
                self.colon()?;
                // Counted before its value is read, as the general validator counts it.
                count += 1;
                if checks.is_some_and(|o| o.too_many(count)) {
                    return Err(self.name_fails(i, checks, count - 1, Keyword::MaxProperties));
                }
                if patterns == 0 {
                    if let Err(e) = self.child_apart(schema.unwrap_or(NodeId::TRUE)) {
                        return Err(self.member_failed(e, i, checks));
                    }
                } else if let Err(e) = self.member_patterns(checks, schema, patterns) {
                    return Err(self.unplaced(e));
                }
                if self.closes(b'}')? {
                    break;
                }
            }
        }
        let Some(o) = checks else {
            return Ok(());
        };
        // The closing `}` was just read.
        let close = self.pos - 1;
        if let Err(keyword) = o.at_close(required, count, |t| present & (1u64 << t) != 0) {
            return Err(self.container_miss(close, keyword));
        }
        if !plain {
            // Written last, after every nested object, so that it is this object's.
            self.present = present;
        }
        Ok(())
    }

    /// The members of a plain object meeting `o` while their names are names it lists,
    /// written unescaped, each read in place (`ObjectChecks::listed_at`): `true` once
    /// the closing `}` is read, `false` before a name it does not read so (the cursor
    /// at or before its opening quote), which [`Pass::members`] reads on from `read`.
    /// The same reading as that loop's for such a name, without its branches for
    /// names read otherwise, patterns and `propertyNames`.
    // Inlined in optimized builds only: a debug build keeps every inlined local in
    // the frame, and this loop's doubled the recursion's frames there.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn listed_members(&mut self, o: &'f ObjectChecks, read: &mut Listed) -> Result<bool, Fail> {
        // First the members in the form's order, each name, quotes and colon compared
        // with its key at once (`ObjectChecks::keyed`). In that order nothing can be
        // a duplicate, and the members seen and required are the key's running totals
        // (benches/README.md, optimization `keyed-members`). An optional member the
        // body leaves out, after the first, is passed over by the step's `skip`, the
        // same order without it (optimization `keyed-skips`). If the first member is
        // not the form's first, the same in the order learned from the last such
        // object (`orders.rs`).
        let mut j = 0;
        let last = loop {
            let Some(w) = o.keyed.get(j) else {
                // Past the end of a run (`Keyed::ENDED`): the step read last. (With
                // no steps, `ENDED`: no step.)
                break j ^ usize::from(Keyed::ENDED);
            };
            match self.keyed_member::<true>(o, w)? {
                Some(false) => j = usize::from(w.then),
                Some(true) => {
                    (read.seen, read.required, read.count) =
                        (w.seen, w.required.into(), w.count.into());
                    return Ok(true);
                }
                None if w.skip == Keyed::NONE => break usize::from(w.prev),
                None => j = usize::from(w.skip),
            }
        };
        let mut reading = Reading::new();
        if let Some(w) = o.keyed.get(last) {
            (read.seen, read.required, read.count, read.guess) =
                (w.seen, w.required.into(), w.count.into(), w.next);
            // Begun in the form's order: nothing to learn.
            reading.stop();
        } else if self.learned_members(o, read, &mut reading)? {
            return Ok(true);
        }
        loop {
            self.skip_ws();
            let i = self.pos;
            if self.bytes.get(i) != Some(&b'"') {
                return Ok(false);
            }
            let Some((k, end)) = o.listed_at(self.bytes, i + 1, read.guess) else {
                return Ok(false);
            };
            // Once the body leaves the form's order, stop guessing from it
            // (benches/README.md, optimization `guessing-stops`).
            read.guess = if k as u32 == read.guess {
                o.then_written[k]
            } else {
                u32::MAX
            };
            let bit = 1u64 << k;
            if read.seen & bit != 0 {
                return Err(Fail::Abort); // a duplicate name
            }
            read.seen |= bit;
            reading.read(k);
            let m = &o.members[k];
            read.required += m.required as u32;
            self.pos = end;
            // The name's bytes and the unit `child` charges a scalar value, at once.
            self.spend(end - i + 1)?;
            self.colon()?;
            // Counted before its value is read, as the general validator counts it.
            read.count += 1;
            if o.too_many(read.count) {
                let count = read.count - 1;
                return Err(self.name_fails(i, Some(o), count, Keyword::MaxProperties));
            }
            // The member's subschema, landed at compile time (benches/README.md,
            // optimization `landed-members`).
            if let Err(e) = self.child_landed(m.landed, 0) {
                return Err(self.member_failed(e, i, Some(o)));
            }
            if self.closes(b'}')? {
                self.learn(o, &reading);
                return Ok(true);
            }
        }
    }

    /// The member at the cursor (after whitespace) read by step `w`'s key, as the
    /// `w.count`-th member of an object meeting `o`, its value against `w.landed`:
    /// `None`, with nothing read, when the body's bytes are not the key; else whether
    /// the object's closing `}` followed. The one reading of a member by its key, for
    /// the form's order (`listed_members`) and a learned one (`orders.rs`).
    /// `COUNTED`: whether the count is tested against `maxProperties`; a learned order
    /// holds no step past it (`Orders::learn`), so its loop passes `false`.
    #[inline(always)]
    pub(super) fn keyed_member<const COUNTED: bool>(
        &mut self,
        o: &'f ObjectChecks,
        w: &Keyed,
    ) -> Result<Option<bool>, Fail> {
        self.skip_ws();
        let i = self.pos;
        let Some(end) = w.key.written_at(self.bytes, i) else {
            return Ok(None);
        };
        self.pos = end;
        // The name's bytes and the unit `child` charges a scalar value, as the loop
        // of `listed_members` charges them (the colon stands for the unit).
        self.spend(end - i)?;
        let count = u64::from(w.count);
        if COUNTED && o.too_many(count) {
            return Err(self.name_fails(i, Some(o), count - 1, Keyword::MaxProperties));
        }
        if let Err(e) = self.child_landed(w.landed, 0) {
            return Err(self.member_failed(e, i, Some(o)));
        }
        self.closes(b'}').map(Some)
    }

    /// A member value that meets `schema` (if any) and the `patternProperties` of
    /// `patterns` (one bit per entry, at least one set), read once for each.
    fn member_patterns(
        &mut self,
        checks: Option<&'f ObjectChecks>,
        schema: Option<NodeId>,
        patterns: u64,
    ) -> R {
        let o = checks.ok_or(Fail::Abort)?;
        self.skip_ws();
        let start = self.pos;
        let mut end = start;
        if let Some(s) = schema {
            self.attempt(start, s, &mut end)?;
        }
        for (k, (_, sub)) in o.pattern_properties.iter().enumerate() {
            if patterns & (1u64 << k) != 0 {
                self.attempt(start, *sub, &mut end)?;
            }
        }
        self.pos = end;
        Ok(())
    }

    /// After a member name: the `:`, looked for before any whitespace is skipped
    /// (benches/README.md, optimization `member-charge`).
    #[inline(always)]
    fn colon(&mut self) -> R {
        if self.bytes.get(self.pos) != Some(&b':') {
            self.skip_ws();
            match self.bytes.get(self.pos) {
                Some(b':') => {}
                Some(_) => return Err(Fail::Abort),
                None => return Err(self.ran_out()),
            }
        }
        self.pos += 1;
        Ok(())
    }

    /// After a member or an element: read `,` (`false`, more follows) or `close`
    /// (`true`).
    #[inline(always)]
    fn closes(&mut self, close: u8) -> Result<bool, Fail> {
        self.skip_ws();
        match self.bytes.get(self.pos) {
            Some(b',') => {
                self.pos += 1;
                Ok(false)
            }
            Some(&c) if c == close => {
                self.pos += 1;
                Ok(true)
            }
            Some(_) => Err(Fail::Abort),
            None => Err(self.ran_out()),
        }
    }

    /// The elements of an array meeting node `owner`, whose `[` was just read.
    #[inline(always)]
    fn array(&mut self, owner: &'f Node) -> R {
        let checks = owner.array.as_deref();
        let unique = checks.is_some_and(|a| a.unique());
        let mark = self.unique.mark();
        let mut r = self.elements(checks, unique, mark);
        if unique {
            if matches!(r, Err(Fail::Truncated | Fail::Mismatch)) && self.unique.repeats(mark) {
                // Two elements read whole are already equal: the general validator
                // failed `uniqueItems` when the second ended, before anything later.
                r = Err(self.vague());
            }
            self.unique.release(mark);
        }
        r
    }

    fn elements(&mut self, checks: Option<&'f ArrayChecks>, unique: bool, mark: usize) -> R {
        let contains = checks.and_then(|a| a.contains);
        let mut count: u64 = 0;
        let mut matched: u64 = 0;
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b']') {
            self.pos += 1;
        } else {
            loop {
                let (schema, _) = check::element(checks, count);
                count += 1;
                if checks.is_some_and(|a| a.too_many(count)) {
                    return Err(self.too_many_elements(count));
                }
                if !unique && contains.is_none() {
                    if let Err(e) = self.child(schema) {
                        return Err(self.element_failed(e, checks, count));
                    }
                    if self.closes(b']')? {
                        break;
                    }
                    continue;
                }
                self.skip_ws();
                let start = self.pos;
                if let Err(e) = self.child(schema) {
                    return Err(self.element_failed(e, checks, count));
                }
                let end = self.pos;
                if let Some(c) = contains {
                    // The element was read whole above; a `Mismatch` here only says it
                    // does not count.
                    let mut ignored = start;
                    match self.attempt(start, c, &mut ignored) {
                        Ok(()) => {
                            matched += 1;
                            if checks.is_some_and(|a| a.too_many_contained(matched)) {
                                return Err(self.vague());
                            }
                        }
                        Err(Fail::Mismatch) => {}
                        Err(e) => return Err(e),
                    }
                    self.pos = end;
                }
                if unique {
                    self.unique_key(start, end)?;
                }
                if self.closes(b']')? {
                    break;
                }
            }
        }
        let Some(a) = checks else {
            return Ok(());
        };
        // The closing `]` was just read.
        let close = self.pos - 1;
        if let Err(keyword) = a.at_close(count, matched) {
            return Err(self.container_miss(close, keyword));
        }
        if a.too_many_contained(matched) {
            return Err(self.vague());
        }
        if unique && self.unique.repeats(mark) {
            return Err(self.vague());
        }
        Ok(())
    }

    /// Record the canonical key of the element in `start..end` (read and admitted) for
    /// `uniqueItems`. Only scalars have keys here; an array of containers that must be
    /// unique is the general validator's.
    fn unique_key(&mut self, start: usize, end: usize) -> R {
        self.spend(end - start)?;
        match self.bytes.get(start) {
            Some(b'"') => {
                let (s, _) = self.string(start)?;
                let s = s.unwrap_or(self.scratch);
                self.unique.push(Scalar::String(s));
            }
            Some(b'-' | b'0'..=b'9') => {
                let text = lex::ascii(&self.inp, start, end);
                self.unique.push(Scalar::Number(text));
            }
            Some(b't') => self.unique.push(Scalar::Bool(true)),
            Some(b'f') => self.unique.push(Scalar::Bool(false)),
            Some(b'n') => self.unique.push(Scalar::Null),
            _ => return Err(Fail::Abort),
        }
        Ok(())
    }
}
