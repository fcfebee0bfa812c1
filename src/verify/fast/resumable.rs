//! The accept-only fast path for a body that arrives in chunks.
//!
//! [`fast`](super) reads a complete body by recursion. Here the body's
//! outer containers are kept as explicit frames instead (the open object or array, its
//! node, and what has been read of it: names seen, required names met, the count), so
//! that reading can stop at the end of the bytes received so far and go on when more
//! arrive. Each member value and element is read by the recursive pass, on the bytes
//! received so far: when they end inside it (`Fail::Truncated`), a container whose node
//! reads it in one go (no in-place applicator, a plain object or an array without
//! `contains` or `uniqueItems`) becomes a frame of its own, and any other value is read
//! again from its start when the next chunk arrives. The elements of an array frame
//! are read by one pass for as long as each is read whole and admitted; the one that
//! stops it is read as any value is.
//!
//! Invariants:
//! 1. As the recursive pass (its invariants 1 and 5): [`Resumable::finish`] returns
//!    `true` only for a body the form admits. A prefix that certainly fails the form
//!    at a place the pass names exactly (a keyword of a frame, or the recursive
//!    pass's exact failure inside a value, at the path of the frames around it) is
//!    refused at the chunk that broke it with the general validator's rejection
//!    ([`Resumable::rejection`]). Anything else (a syntax error, a vague
//!    failure, a value the pass cannot decide) hands over: the caller gives every
//!    byte received to the general validator, which decides the verdict, kind and
//!    offset exactly as if it had read the body from the start.
//! 2. Bounded work: every byte is read by at most one frame and one attempt at its
//!    value, except the bytes of a value the bytes so far end inside, or that fails:
//!    in an array frame's run of elements read by one pass (`fast::elements_at`),
//!    such an element is read again at once as any value is, and a value cut short is
//!    read again by the next attempt; a value that is cut short more than
//!    [`MAX_RETRIES`] times hands over, so small chunks cannot make the work
//!    quadratic. A first chunk that looks whole is read once more before all that,
//!    as a whole body, by the verifier (`verify/stream.rs`, `Verifier::feed`). A
//!    container element that a run found cut off is entered as a frame at once, not
//!    attempted whole again ([`Resumable::cut_at`]). The attempts share the
//!    recursive pass's budget over the bytes received (`fast::budget`); the work of
//!    an attempt at a container the bytes so far end inside, which is then entered as
//!    a frame and never attempted again, is given back to it, up to as much again
//!    over the stream ([`Resumable::refunds`]). Without those, each level of
//!    nesting that a chunk's end cuts read the rest of the chunk two or three times
//!    more, and a body nested five levels deep in 16 KiB chunks spent the budget in
//!    its first chunk and was handed over (benches/README.md, optimization
//!    `cut-attempts`). In an object
//!    entered so, a member container with more than [`TRY_WHOLE`] bytes after it is
//!    entered at once (optimization `cut-frames`): most likely the end lies in it too.
//! 3. Memory: the bytes received so far are kept for the handover (at most
//!    `max_bytes`, which the caller enforces before feeding), plus a frame per open
//!    container.
//!
//! What it bought (benches/README.md, optimization `resumable-stream`): the medium and
//! large bodies fed in 16 KiB chunks take 549 K and 25.7 M instructions, against 1.63 M
//! and 58.5 M through the general validator and 510 K and 23.4 M through
//! `Form::verify` on the whole body.

use crate::form::node::{Node, NodeId};
use crate::form::Form;
use crate::parse::lex::{self, Input, Lexed, StrAt};
use crate::verify::rejection::Rejection;

use super::miss::{Miss, Seg};
use super::tally::{enterable, Tally};
use super::{Buffers, Fail, MAX_FRAMES};
use crate::form::check::scalar;
use crate::verify::fast;

/// Containers this shallow (the body's outer object and the containers right inside
/// it) are entered as frames at once, without first trying to read them whole, when
/// more than [`TRY_WHOLE`] bytes follow their start: they are the ones a chunk boundary
/// most likely cuts, and an attempt cut short is read again.
const ENTER_AT_ONCE: usize = 2;

/// Up to this many bytes from a container's start, it is tried whole first: a small
/// body in one chunk is then read as [`fast::decide`] reads it, without frames (the
/// `small` body took 7.9 K instructions fed in one chunk with frames, 4.0 K verified
/// whole: `benches/examples/instructions.rs`).
const TRY_WHOLE: usize = 4096;

/// How many times in a row the bytes so far may end inside one value that is not
/// entered as a frame before the general validator takes over (invariant 2).
const MAX_RETRIES: u32 = 8;

/// Where an open container's reading stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    /// Just after the opening bracket: a member, an element or the close.
    Start,
    /// After a member or element: `,` or the close.
    Value,
    /// After a `,`: a member or element.
    Comma,
    /// After a member name, counted and checked: the `:`, then a value for this node.
    Colon(NodeId),
    /// Before a member value or an element, counted and checked: a value for this node.
    Member(NodeId),
}

/// An open object or array.
#[derive(Debug)]
struct Frame {
    /// The node it meets.
    node: NodeId,
    object: bool,
    at: At,
    /// What has been read of it.
    tally: Tally,
    /// Where the name of the member being read begins (objects).
    name: usize,
    /// Whether the end of the bytes so far was found inside it when it was entered
    /// (an attempt at it was cut off).
    cut: bool,
}

/// What reading one value did.
enum Step {
    /// Read whole; it ends here.
    Done(usize),
    /// Its container is to be entered (`true` for an object).
    Enter(bool),
    /// The bytes so far end inside it.
    Wait,
    /// Hand over to the general validator.
    HandOver,
}

/// The fast path's state for one body fed in chunks (see the module documentation).
#[derive(Debug, Default)]
pub(crate) struct Resumable {
    /// The bytes received so far, up to the last whole character: UTF-8 is validated
    /// once, as chunks arrive, and never again by the attempts.
    text: String,
    /// What follows `text`: the start of a character the next chunk completes, or
    /// (once handing over) the rest of the bytes from the first invalid one.
    tail: Vec<u8>,
    /// Where reading stands in `text`.
    pos: usize,
    frames: Vec<Frame>,
    /// Whether the body's value has been read whole.
    done: bool,
    /// Attempts in a row cut short at `pos`.
    retries: u32,
    /// Work left for the recursive pass over the whole stream (invariant 2): its
    /// factor per byte received, as `fast::decide` allows for a whole body.
    budget: usize,
    /// Work spent on attempts at containers the end of the bytes so far cut off, that
    /// may still be given back to `budget` (invariant 2): as much again as `budget`
    /// has been given.
    refunds: usize,
    /// Where an element begins that an array frame's run of elements found cut off by
    /// the end of the bytes so far, and the work the run spent on it: a container
    /// there is entered at once, not attempted whole again, and that work refunded.
    cut_at: Option<(usize, usize)>,
    /// Whether the container about to be entered is known to hold the end of the
    /// bytes so far ([`Frame::cut`]).
    entering_cut: bool,
    /// Where the bytes so far certainly fail the form, at a place this path names
    /// exactly (`fast` invariant 5): the failure, the path of the containers around
    /// the value read (outermost first), and whether the recursive pass's path inside
    /// that value (kept in the buffers, `fast::last_miss`) follows.
    failure: Option<(Miss, Vec<Seg>, bool)>,
}

impl Resumable {
    /// A fresh state; `buffers` are the ones every later call is given.
    pub(crate) fn new(buffers: &mut Buffers) -> Resumable {
        fast::clear(buffers);
        Resumable {
            budget: fast::budget(0),
            ..Resumable::default()
        }
    }

    /// Make this state fresh for another body, keeping the capacity of its text and
    /// frames (benches/README.md, optimization `spare-stream`). The buffers are
    /// cleared when the body's first bytes arrive ([`Resumable::feed`]): nothing reads
    /// them before.
    pub(crate) fn reset(&mut self) {
        self.text.clear();
        self.tail.clear();
        self.frames.clear();
        self.pos = 0;
        self.done = false;
        self.retries = 0;
        self.budget = fast::budget(0);
        self.refunds = 0;
        self.cut_at = None;
        self.entering_cut = false;
        self.failure = None;
    }

    /// The bytes this state holds room for.
    pub(crate) fn capacity(&self) -> usize {
        self.text.capacity() + self.tail.capacity()
    }

    /// Take the next chunk: `false` hands over (invariant 1).
    pub(crate) fn feed(&mut self, form: &Form, chunk: &[u8], buffers: &mut Buffers) -> bool {
        if self.text.is_empty() && self.tail.is_empty() {
            // The body's first bytes (or all it has had were none).
            fast::clear(buffers);
        }
        let more = fast::budget(chunk.len()) - fast::budget(0);
        self.budget = self.budget.saturating_add(more);
        self.refunds = self.refunds.saturating_add(more);
        let whole = if self.tail.is_empty() {
            self.push_text(chunk)
        } else {
            let mut joined = std::mem::take(&mut self.tail);
            joined.extend_from_slice(chunk);
            self.push_text(&joined)
        };
        if !whole || !self.advance(form, false, buffers) {
            return false;
        }
        // A character cut off where a token must begin: no token begins with a
        // non-ASCII byte, so the general validator refuses it now.
        self.tail.is_empty() || lex::skip_ws(self.text.as_bytes(), self.pos) < self.text.len()
    }

    /// The body is complete: `true` if the form certainly admits it, `false` hands over.
    pub(crate) fn finish(&mut self, form: &Form, buffers: &mut Buffers) -> bool {
        self.tail.is_empty() && self.advance(form, true, buffers) && self.done
    }

    /// The rejection, if `feed` or `finish` said no because the bytes so far certainly
    /// fail the form, named exactly as the general validator names it: then nothing
    /// needs to be read again. The same each time it is asked for (it is made anew,
    /// so that a caller that stops at the first answer pays for one).
    #[inline]
    pub(crate) fn rejection(&self, form: &Form, buffers: &Buffers) -> Option<Rejection> {
        // No failure, the common case, is told inline; a rejection is made out of line.
        self.failure.as_ref()?;
        self.failure_rejection(form, buffers)
    }

    /// The rejection of `failure`, made anew.
    #[cold]
    fn failure_rejection(&self, form: &Form, buffers: &Buffers) -> Option<Rejection> {
        let (miss, outer, inner) = self.failure.as_ref()?;
        let inp = Input::text_of(&self.text);
        let inner = if *inner {
            fast::last_miss(buffers).1
        } else {
            &[]
        };
        Some(miss.rejection(form, &inp, 0, outer, inner))
    }

    /// Every byte received, for the general validator.
    pub(crate) fn into_body(self) -> Vec<u8> {
        let mut body = self.text.into_bytes();
        body.extend_from_slice(&self.tail);
        body
    }

    /// Append `bytes` to the text, keeping a character they cut off in `tail`: `false`
    /// (hand over) at an invalid byte, which the general validator reports.
    fn push_text(&mut self, bytes: &[u8]) -> bool {
        match simdutf8::compat::from_utf8(bytes) {
            Ok(text) => {
                self.text.push_str(text);
                true
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                match simdutf8::basic::from_utf8(valid) {
                    Ok(text) => self.text.push_str(text),
                    Err(_) => {
                        self.tail.extend_from_slice(bytes);
                        return false;
                    }
                }
                self.tail.extend_from_slice(rest);
                e.error_len().is_none()
            }
        }
    }

    /// Read as far as the bytes so far allow: `false` hands over.
    fn advance(&mut self, form: &Form, complete: bool, buffers: &mut Buffers) -> bool {
        loop {
            self.pos = lex::skip_ws(self.text.as_bytes(), self.pos);
            let Some(&c) = self.text.as_bytes().get(self.pos) else {
                // Wait for more; at the end, admitted only if the value was read whole.
                return !complete || self.done;
            };
            let Some(&Frame { object, at, .. }) = self.frames.last() else {
                if self.done {
                    return false; // a byte after the body's value
                }
                match self.value(form, form.root(), complete, buffers) {
                    Step::Done(end) => {
                        self.pos = end;
                        self.done = true;
                    }
                    Step::Enter(object) => self.enter(form.root(), object),
                    Step::Wait => return !complete,
                    Step::HandOver => return false,
                }
                continue;
            };
            let close = if object { b'}' } else { b']' };
            let read = match (at, c) {
                (At::Value, b',') => {
                    self.pos += 1;
                    self.top().at = At::Comma;
                    Some(true)
                }
                (At::Value | At::Start, _) if c == close => {
                    self.pos += 1;
                    Some(self.close(form, buffers))
                }
                (At::Value, _) => Some(false),
                (At::Start | At::Comma, _) if object => self.name(form, complete, buffers),
                (At::Start | At::Comma, _) => Some(self.elements(form, buffers)),
                (At::Colon(schema), b':') => {
                    self.pos += 1;
                    self.top().at = At::Member(schema);
                    Some(true)
                }
                (At::Colon(_), _) => Some(false),
                (At::Member(schema), _) => self.member_value(form, schema, complete, buffers),
            };
            match read {
                Some(true) => {}
                Some(false) => return false,
                None => return !complete,
            }
        }
    }

    fn top(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("an open frame")
    }

    /// The value at `pos` against node `id`, not yet consumed.
    fn value(&mut self, form: &Form, id: NodeId, complete: bool, buffers: &mut Buffers) -> Step {
        let start = self.pos;
        // Taken whatever the value: an offset names one value, so a stale one could
        // only name this one again, but it is not left to that.
        let cut = match self.cut_at.take() {
            Some((at, work)) if at == start => Some(work),
            _ => None,
        };
        let n = landing(form, id);
        let container = match self.text.as_bytes().get(start) {
            Some(b'{') => Some(true),
            Some(b'[') => Some(false),
            _ => None,
        };
        let enterable = container.filter(|&object| enterable(n, object));
        if let (Some(object), false) = (enterable, complete) {
            // In an object that holds the end of the bytes so far, a member container
            // with more than a few KiB after its start most likely holds it too: its
            // attempt whole would read to the end and be cut off.
            let in_cut = self.frames.last().is_some_and(|f| f.cut && f.object);
            let large = self.text.len() - start > TRY_WHOLE;
            if cut.is_some() || (self.frames.len() < ENTER_AT_ONCE || in_cut) && large {
                // The run's attempt at a cut element is given back only now that the
                // element is entered, never to be attempted whole again.
                self.refund(cut.unwrap_or(0));
                self.entering_cut = cut.is_some() || in_cut;
                return self.may_enter(form, n, object);
            }
        }
        let open = self.frames.len();
        let left = self.budget;
        let read = fast::value_at(
            form,
            &self.text,
            complete,
            start,
            open,
            id,
            &mut self.budget,
            buffers,
        );
        match read {
            Ok(end) => {
                self.retries = 0;
                Step::Done(end)
            }
            Err(Fail::Truncated) => match enterable {
                Some(object) => {
                    // Read again as a frame; never attempted whole again.
                    self.refund(left - self.budget);
                    self.entering_cut = true;
                    self.may_enter(form, n, object)
                }
                None => match self.wait() {
                    None => Step::Wait,
                    Some(_) => Step::HandOver,
                },
            },
            Err(Fail::Mismatch) => {
                let miss = fast::last_miss(buffers).0;
                if miss.exact {
                    self.fail(miss, self.frames.len(), None, true);
                }
                Step::HandOver
            }
            Err(Fail::Abort) => Step::HandOver,
        }
    }

    /// The bytes so far fail the form at `miss`, exactly: the rejection, at the path of
    /// the first `open` frames (each at its current member or element), then `last`,
    /// then `segs` (innermost first).
    #[cold]
    fn fail(&mut self, miss: Miss, open: usize, last: Option<Seg>, inner: bool) {
        let mut outer: Vec<Seg> = self.frames[..open]
            .iter()
            .filter_map(|f| match (f.object, f.tally.count()) {
                (_, 0) => None,
                (true, _) => Some(Seg::Name(f.name)),
                (false, k) => Some(Seg::Index(k - 1)),
            })
            .collect();
        outer.extend(last);
        self.failure = Some((miss, outer, inner));
    }

    /// Whether the container at `pos` may become a frame for node `n`: its type and
    /// the depth limits allow it.
    fn may_enter(&mut self, form: &Form, n: &Node, object: bool) -> Step {
        let depth = self.frames.len();
        if depth >= form.limits().max_depth() {
            // The parser refuses the bracket.
            return Step::HandOver;
        }
        if let Err(keyword) = scalar::check_open(n, form.consts(), object) {
            let miss = Miss::new(self.pos, n.landing, keyword, &[]);
            self.fail(miss, self.frames.len(), None, false);
            return Step::HandOver;
        }
        if depth >= MAX_FRAMES as usize {
            return Step::HandOver;
        }
        self.retries = 0;
        Step::Enter(object)
    }

    /// Open a frame for the container at `pos`, meeting node `id`.
    fn enter(&mut self, id: NodeId, object: bool) {
        self.pos += 1;
        self.frames.push(Frame {
            node: id,
            object,
            at: At::Start,
            tally: Tally::default(),
            name: 0,
            cut: std::mem::take(&mut self.entering_cut),
        });
    }

    /// Give back to the budget `work` spent on an attempt the end of the bytes so far
    /// cut off, as far as [`Self::refunds`] allows (invariant 2).
    fn refund(&mut self, work: usize) {
        let back = work.min(self.refunds);
        self.refunds -= back;
        self.budget = self.budget.saturating_add(back);
    }

    /// Wait for more bytes, up to a point (invariant 2): `None` waits, `Some(false)`
    /// hands over.
    fn wait(&mut self) -> Option<bool> {
        self.retries += 1;
        if self.retries > MAX_RETRIES {
            Some(false)
        } else {
            None
        }
    }

    /// Close the innermost frame, whose closing bracket was just read: its checks on
    /// the container as a whole. `false` hands over.
    fn close(&mut self, form: &Form, buffers: &mut Buffers) -> bool {
        let frame = self.frames.pop().expect("an open frame");
        let n = landing(form, frame.node);
        let fits = if frame.object {
            let (keys, _) = fast::keys_and_scratch(buffers);
            frame.tally.close_object(n.object.as_deref(), keys)
        } else {
            frame.tally.close_array(n.array.as_deref())
        };
        if self.frames.is_empty() {
            self.done = true;
        }
        match fits {
            Ok(()) => true,
            Err(keyword) => {
                // At the closing bracket, just read; the path is the container's.
                let miss = Miss::new(self.pos - 1, frame.node_landed(form), Some(keyword), &[]);
                self.fail(miss, self.frames.len(), None, false);
                false
            }
        }
    }

    /// The member name at `pos` in the innermost frame, an object: counted and checked
    /// at once (its duplicate check, required count, `maxProperties`, a closed object),
    /// as the general validator checks a name before its value. `Some(true)` read,
    /// `Some(false)` hand over, `None` wait.
    fn name(&mut self, form: &Form, complete: bool, buffers: &mut Buffers) -> Option<bool> {
        let i = self.pos;
        if self.text.as_bytes()[i] != b'"' {
            return Some(false);
        }
        let frame = self.frames.last_mut().expect("an open frame");
        let checks = landing(form, frame.node).object.as_deref();
        let (keys, scratch) = fast::keys_and_scratch(buffers);
        let (name, end) = match name_at(&self.text, i, complete, scratch) {
            Ok(found) => found,
            Err(Fail::Truncated) => return self.wait(),
            Err(_) => return Some(false),
        };
        let schema = match frame.tally.name(checks, name, keys) {
            Ok(schema) => schema,
            Err(None) => return Some(false),
            Err(Some(keyword)) => {
                let node = frame.node_landed(form);
                let miss = Miss::new(i, node, Some(keyword), &[]);
                let open = self.frames.len() - 1;
                self.fail(miss, open, Some(Seg::Name(i)), false);
                return Some(false);
            }
        };
        frame.name = i;
        frame.at = At::Colon(schema);
        self.retries = 0;
        self.pos = end;
        Some(true)
    }

    /// The elements from `pos` on in the innermost frame, an array: as many as one pass
    /// reads whole and admits (`fast::elements_at`), then, if none was, the next one
    /// as [`Self::element`] begins it. `false` hands over.
    fn elements(&mut self, form: &Form, buffers: &mut Buffers) -> bool {
        let open = self.frames.len();
        let frame = self.frames.last_mut().expect("an open frame");
        let checks = landing(form, frame.node).array.as_deref();
        let (at, after, cut) = fast::elements_at(
            form,
            &self.text,
            self.pos,
            open,
            checks,
            &mut frame.tally,
            // As `value` enters these at once.
            open >= ENTER_AT_ONCE,
            &mut self.budget,
            buffers,
        );
        if at != self.pos {
            frame.at = if after { At::Value } else { At::Comma };
        }
        // The element cut off is read again at once, as any value is.
        if at == self.pos {
            self.cut_at = (cut > 0).then_some((at, cut));
            return self.element(form);
        }
        self.pos = at;
        self.retries = 0;
        if after {
            return true;
        }
        self.cut_at = (cut > 0).then(|| (lex::skip_ws(self.text.as_bytes(), at), cut));
        // Stopped before an element the pass did not take: begin that one now, as the
        // next round of `advance` would, without a second run trying it again.
        self.pos = lex::skip_ws(self.text.as_bytes(), self.pos);
        self.text.len() == self.pos || self.element(form)
    }

    /// The start of an element in the innermost frame, an array: counted and checked
    /// (`maxItems`) before it is read, as the general validator does. `false` hands over.
    fn element(&mut self, form: &Form) -> bool {
        let frame = self.frames.last_mut().expect("an open frame");
        let checks = landing(form, frame.node).array.as_deref();
        match frame.tally.element(checks) {
            Ok(schema) => {
                frame.at = At::Member(schema);
                true
            }
            Err(keyword) => {
                let node = frame.node_landed(form);
                let index = frame.tally.count() - 1;
                if self.token_whole(form) {
                    // The general validator fails the element at its first token.
                    let miss = Miss::new(self.pos, node, Some(keyword), &[]);
                    let open = self.frames.len() - 1;
                    self.fail(miss, open, Some(Seg::Index(index)), false);
                }
                false
            }
        }
    }

    /// Whether the token at `pos`, a value's first, is one the parser has read whole
    /// (a bracket within the depth limit, or a whole scalar): an element failing at
    /// its start is refused there only then.
    #[cold]
    fn token_whole(&self, form: &Form) -> bool {
        let (bytes, i) = (self.text.as_bytes(), self.pos);
        let r = match bytes.get(i) {
            Some(b'{' | b'[') => return self.frames.len() < form.limits().max_depth(),
            Some(b'"') => {
                let mut scratch = String::new();
                return name_at(&self.text, i, false, &mut scratch).is_ok();
            }
            Some(b'-' | b'0'..=b'9') => lex::number(bytes, i, false),
            Some(b't') => lex::literal(bytes, i, b"true", false),
            Some(b'f') => lex::literal(bytes, i, b"false", false),
            Some(b'n') => lex::literal(bytes, i, b"null", false),
            _ => return false,
        };
        matches!(r, Ok(Lexed::Done(..)))
    }

    /// The member value or element at `pos`, meeting node `schema`: as [`Self::name`].
    fn member_value(
        &mut self,
        form: &Form,
        schema: NodeId,
        complete: bool,
        buffers: &mut Buffers,
    ) -> Option<bool> {
        match self.value(form, schema, complete, buffers) {
            Step::Done(end) => {
                self.pos = end;
                self.top().at = At::Value;
            }
            Step::Enter(object) => {
                self.top().at = At::Value;
                self.enter(schema, object);
            }
            Step::Wait => return None,
            Step::HandOver => return Some(false),
        }
        Some(true)
    }
}

impl Frame {
    /// The node the container meets, bare `$ref` chains followed.
    fn node_landed(&self, form: &Form) -> NodeId {
        form.nodes()[self.node.index()].landing
    }
}

/// The node `id` lands on (bare `$ref` chains followed).
fn landing(form: &Form, id: NodeId) -> &Node {
    fast::landing(form.nodes(), id)
}

/// The member name whose quote is at `i`, and the index past it.
fn name_at<'b>(
    body: &'b str,
    i: usize,
    complete: bool,
    scratch: &'b mut String,
) -> Result<(&'b str, usize), Fail> {
    match lex::string(&Input::text_of(body), i, scratch, complete) {
        Ok(Lexed::Done(StrAt::Input(s), end)) => Ok((s, end)),
        Ok(Lexed::Done(StrAt::Scratch, end)) => Ok((scratch.as_str(), end)),
        Ok(Lexed::NeedMore) => Err(Fail::Truncated),
        Err(_) => Err(Fail::Abort),
    }
}
