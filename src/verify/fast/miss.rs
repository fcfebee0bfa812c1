//! Where and why the fast pass saw a value fail, kept so that a definite failure can be
//! reported as the general validator reports it, without reading the body again.
//!
//! The general validator rejects at the first event after which the root cannot be
//! satisfied (docs/ARCHITECTURE.md, "The offset rule for rejections"): its offset is
//! that event's token start, its body pointer the path to that token, and its cause the
//! node and keyword whose failure reached the root first. The fast pass reads in
//! document order too, so a failure it meets on a path where every failure propagates
//! at once (a member, an element, a part that must pass) is the same event. Where
//! failures combine (the parts that must all pass, `anyOf` and `oneOf` branches), the
//! combined failure happens at the earliest part's failure, or at the last branch's
//! (the furthest), as in the general validator's lockstep reading.
//!
//! A failure that the pass cannot place exactly (`uniqueItems`, `not`, `if`, two
//! failures at one event, anything under `patternProperties` or `propertyNames`...) is
//! *vague*: it still means "this value fails here", so that another branch may be
//! tried, but it is never reported; the general validator decides the body instead.
//!
//! Invariants:
//! 1. A `Miss` marked exact has the offset and cause the general validator gives for
//!    the value read, and `Seg`s pushed from `Miss::from` on, innermost first, are the
//!    path from that value to the failing token.
//! 2. Segments below `Miss::from` belong to failures recovered from earlier; nothing
//!    is pushed above a kept failure's segments while it is kept (the reading that
//!    follows truncates back to where it began).
//!
//! Cost: nothing on an admitted value; a few words per failed value.

use crate::form::node::NodeId;
use crate::form::vocabulary::Keyword;
use crate::form::Form;
use crate::parse::lex::{self, Input, Lexed, StrAt};

use crate::verify::rejection::Rejection;

/// One step of a failure's path in the body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seg {
    /// The member whose name's opening quote is at this offset of the text read.
    Name(usize),
    /// The element at this index.
    Index(u64),
}

/// A value's failure: where, why, and whether it is exact (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Miss {
    /// The offset (in the text read) of the token at which the value fails.
    pub(crate) at: usize,
    /// The node whose keyword failed.
    pub(crate) node: NodeId,
    /// The keyword; `None` is the boolean schema `false`.
    pub(crate) keyword: Option<Keyword>,
    /// The innermost `anyOf` or `oneOf` (its node) all of whose branches failed, the
    /// last of them so (the general validator's `Cause::via`).
    pub(crate) via: Option<(NodeId, Keyword)>,
    /// Where this failure's path segments start in the segment stack.
    pub(crate) from: usize,
    /// Whether the general validator fails the value at `at` for this cause.
    pub(crate) exact: bool,
}

impl Default for Miss {
    fn default() -> Miss {
        Miss {
            at: 0,
            node: NodeId::FALSE,
            keyword: None,
            via: None,
            from: 0,
            exact: false,
        }
    }
}

impl Miss {
    /// The miss a failing keyword makes, at `at`, with its path still to be pushed
    /// onto `segs`.
    #[inline]
    pub(crate) fn new(at: usize, node: NodeId, keyword: Option<Keyword>, segs: &[Seg]) -> Miss {
        Miss {
            at,
            node,
            keyword,
            via: None,
            from: segs.len(),
            exact: true,
        }
    }

    /// Keep the earlier of `kept` and `self` (parts that must all pass: the value fails
    /// at the first one's failure). `before` is where `self`'s reading began in `segs`.
    /// Two failures at one token, or a vague one, make the result vague (the general
    /// validator's cause there depends on the order of its instances).
    pub(crate) fn keep_earliest(self, kept: &mut Option<Miss>, segs: &mut Vec<Seg>, before: usize) {
        self.keep(kept, segs, before, |new, old| new < old);
    }

    /// Keep the later of `kept` and `self` (branches of which one must pass: the value
    /// fails when the last one fails), as [`Miss::keep_earliest`] otherwise.
    pub(crate) fn keep_furthest(self, kept: &mut Option<Miss>, segs: &mut Vec<Seg>, before: usize) {
        self.keep(kept, segs, before, |new, old| new > old);
    }

    /// Keep `self` in `kept` if there is none yet or `wins(self.at, kept.at)`; a loser's
    /// segments (from `before`) are dropped, a replaced one's are left below the
    /// winner's `from` (invariant 2).
    fn keep(
        self,
        kept: &mut Option<Miss>,
        segs: &mut Vec<Seg>,
        before: usize,
        wins: impl Fn(usize, usize) -> bool,
    ) {
        match kept {
            None => *kept = Some(self),
            Some(k) if self.exact && k.exact && self.at != k.at && wins(self.at, k.at) => {
                *k = self;
            }
            Some(k) => {
                if !self.exact || self.at == k.at {
                    k.exact = false;
                }
                segs.truncate(before);
            }
        }
    }

    /// The rejection the general validator gives for this failure, exact, of a value
    /// read through `inp` (whose offset 0 is body offset `base`; the names of the
    /// path are read again through it, so its UTF-8 is not validated again), inside
    /// the containers `outer` (outermost first) and at the path `segs` below them
    /// (innermost first).
    #[cold]
    pub(crate) fn rejection(
        self,
        form: &Form,
        inp: &Input<'_>,
        base: u64,
        outer: &[Seg],
        segs: &[Seg],
    ) -> Rejection {
        let mut pointer = String::with_capacity(64);
        let mut scratch = String::new();
        for seg in outer.iter().chain(segs.iter().rev()) {
            match *seg {
                Seg::Index(k) => crate::form::pointer::push(&mut pointer, &k.to_string()),
                Seg::Name(i) => {
                    let name = match lex::string(inp, i, &mut scratch, true) {
                        Ok(Lexed::Done(StrAt::Input(s), _)) => s,
                        Ok(Lexed::Done(StrAt::Scratch, _)) => scratch.as_str(),
                        // The name was read whole before the miss was made.
                        _ => "",
                    };
                    crate::form::pointer::push(&mut pointer, name);
                }
            }
        }
        Rejection::not_admitted(
            form,
            self.node,
            self.keyword,
            base + self.at as u64,
            pointer,
            self.via,
        )
    }
}
