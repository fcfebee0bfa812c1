//! The fast pass's failures: where and why a value fails, recorded so that a definite
//! failure is reported as the general validator reports it (`miss.rs`, and
//! invariant 5 of the pass).
//!
//! Everything here is off the path of an admitted value: a keyword's check in the
//! pass says `Mismatch` through one of these, and a node whose parts must all pass
//! has its failure settled here by reading them again with failures recorded.

use crate::form::check::container as check;
use crate::form::node::{ArrayChecks, Node, NodeId, ObjectChecks};
use crate::form::vocabulary::Keyword;
use crate::parse::lex::{self, Lexed, StrAt};

use super::miss::{Miss, Seg};
use super::{Fail, Pass, R};

/// The node of a container's own failure until [`Pass::container_failed`] names it:
/// `true`, which never fails.
const OWNER: NodeId = NodeId::TRUE;

impl<'a, 'f> Pass<'a, 'f> {
    /// Node `n`'s `keyword` fails on the token at `at` (invariant 5).
    #[cold]
    #[inline(never)]
    pub(super) fn miss(&mut self, at: usize, n: &Node, keyword: Option<Keyword>) -> Fail {
        if self.record {
            *self.miss = Miss::new(at, self.id_of(n), keyword, self.segs);
        }
        Fail::Mismatch
    }

    /// The id of node `n`, one of the form's nodes. Found from its address, so that
    /// the reading keeps no id beside each node it holds (what the fast pass would
    /// otherwise carry for failures alone).
    #[cold]
    pub(super) fn id_of(&self, n: &Node) -> NodeId {
        let offset = (n as *const Node as usize).wrapping_sub(self.nodes.as_ptr() as usize);
        let index = offset / std::mem::size_of::<Node>();
        debug_assert!(std::ptr::eq(&self.nodes[index], n));
        NodeId(index as u32)
    }

    /// Push a path segment of the failure unwinding, if failures are recorded.
    #[inline]
    pub(super) fn seg(&mut self, seg: Seg) {
        if self.record {
            self.segs.push(seg);
        }
    }

    /// The value fails, but not at a place this pass can name (invariant 5).
    #[cold]
    pub(super) fn vague(&mut self) -> Fail {
        self.miss.exact = false;
        Fail::Mismatch
    }

    /// `e`, with a `Mismatch` made vague.
    #[cold]
    pub(super) fn unplaced(&mut self, e: Fail) -> Fail {
        if e == Fail::Mismatch {
            self.vague()
        } else {
            e
        }
    }

    /// A part of `n` that must pass has been read (`r`): note a cut or a failure, or
    /// give up. `Ok(true)` if it passed.
    #[inline(always)]
    pub(super) fn part(
        &mut self,
        r: R,
        cut: &mut bool,
        failed: &mut Option<Miss>,
        before: usize,
    ) -> Result<bool, Fail> {
        match r {
            Ok(()) => {
                self.segs.truncate(before);
                Ok(true)
            }
            Err(Fail::Truncated) => {
                *cut = true;
                Ok(false)
            }
            Err(Fail::Mismatch) => {
                self.miss.keep_earliest(failed, self.segs, before);
                Ok(false)
            }
            Err(Fail::Abort) => Err(self.given_up(Fail::Abort, failed)),
        }
    }

    /// A part of node `n` that must pass failed (`e`) on the value at `start`: when
    /// failures are recorded, the value's failure (invariant 5) is found by
    /// [`Self::settle`].
    #[inline(always)]
    pub(super) fn settled(&mut self, e: Fail, n: &'f Node, start: usize) -> Fail {
        if e == Fail::Mismatch && self.record {
            self.settle(n, start)
        } else {
            e
        }
    }

    /// The failure of node `n` on the value at `start`, which fails: every part that
    /// must pass is read again with failures recorded, and the earliest failure is the
    /// value's (the general validator fails the value at the first part that fails);
    /// of the branches of `anyOf` or `oneOf`, when all fail, the furthest. `not` and
    /// `if` fail at times this pass does not follow, so with them it is vague.
    #[cold]
    #[inline(never)]
    pub(super) fn settle(&mut self, n: &'f Node, start: usize) -> Fail {
        if n.not.is_some() || n.if_.is_some() {
            return self.vague();
        }
        let mut failed: Option<Miss> = None;
        let mut cut = false;
        let mut end = start;
        let r = self.settle_parts(n, start, &mut end, &mut cut, &mut failed);
        match (r, failed) {
            (Err(e), None) => e,
            // A part gave up after another failed: the value fails, somewhere.
            (Err(_), Some(_)) => self.vague(),
            // A part cut short by the end of a prefix may already have failed in the
            // general validator (which decides some keywords before this pass reads
            // them: a name's `false` subschema before its `:`, `dependentSchemas`
            // alongside its object), earlier than the failure found.
            (Ok(()), Some(_)) if cut => self.vague(),
            (Ok(()), Some(m)) => {
                *self.miss = m;
                Fail::Mismatch
            }
            // Read the same way, it failed before.
            (Ok(()), None) if cut => Fail::Truncated,
            (Ok(()), None) => self.vague(),
        }
    }

    pub(super) fn settle_parts(
        &mut self,
        n: &'f Node,
        start: usize,
        end: &mut usize,
        cut: &mut bool,
        failed: &mut Option<Miss>,
    ) -> R {
        if !n.asserts_nothing {
            let before = self.segs.len();
            self.pos = start;
            let r = self.own(n);
            self.part(r, cut, failed, before)?;
        }
        for b in n
            .reference
            .iter()
            .chain(&n.dynamic_reference)
            .chain(&n.all_of)
        {
            let before = self.segs.len();
            let r = self.attempt(start, *b, end);
            self.part(r, cut, failed, before)?;
        }
        if !n.any_of.is_empty() {
            let before = self.segs.len();
            let record = std::mem::replace(&mut self.record, false);
            let passed = self.any_branch(n, start, end);
            self.record = record;
            match passed {
                Ok(true) => {}
                Ok(false) => {
                    let r = self.furthest(n, Keyword::AnyOf, start);
                    self.part(r, cut, failed, before)?;
                }
                Err(Fail::Truncated) => *cut = true,
                Err(e) => return Err(e),
            }
        }
        if !n.one_of.is_empty() {
            let before = self.segs.len();
            let record = std::mem::replace(&mut self.record, false);
            let passed = self.one_branch(n, start, end);
            self.record = record;
            match passed {
                Ok(0) => {
                    let r = self.furthest(n, Keyword::OneOf, start);
                    self.part(r, cut, failed, before)?;
                }
                Ok(1) => {}
                Ok(_) => return Err(self.vague()),
                Err(Fail::Truncated) => *cut = true,
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// The branches `branches`, each known to fail on the value at `start`, read again
    /// with failures recorded: the failure of the value is the furthest one (the last
    /// branch to fail in the general validator's lockstep reading).
    #[cold]
    #[inline(never)]
    pub(super) fn furthest(&mut self, n: &Node, keyword: Keyword, start: usize) -> R {
        let branches = match keyword {
            Keyword::OneOf => &n.one_of,
            _ => &n.any_of,
        };
        let mut furthest: Option<Miss> = None;
        for &b in branches {
            let before = self.segs.len();
            let mut ignored = start;
            match self.attempt(start, b, &mut ignored) {
                Err(Fail::Mismatch) => self.miss.keep_furthest(&mut furthest, self.segs, before),
                // Read the same way, it failed before.
                Ok(()) => return Err(self.vague()),
                Err(e) => return Err(e),
            }
        }
        if let Some(mut m) = furthest {
            // Named through this applicator, unless an inner one already is.
            m.via.get_or_insert((self.id_of(n), keyword));
            *self.miss = m;
        }
        Err(Fail::Mismatch)
    }

    /// A part gave up (`e`): if another already failed, the value fails all the same,
    /// somewhere (a vague failure rather than "not sure").
    #[cold]
    pub(super) fn given_up(&mut self, e: Fail, failed: &Option<Miss>) -> Fail {
        if failed.is_some() {
            self.vague()
        } else {
            e
        }
    }

    /// The container just read failed (`e`) against node `n`: vague where the general
    /// validator has, alongside, a part this pass reads afterwards.
    #[cold]
    pub(super) fn container_failed(&mut self, e: Fail, n: &Node) -> Fail {
        if e == Fail::Mismatch && self.record && self.miss.node == OWNER {
            self.miss.node = self.id_of(n);
        }
        // `dependentSchemas` read the object in place; `maxContains` is decided as each
        // element matches `contains` (at its start, for `contains: true`).
        let alongside = !n.dependent_schemas.is_empty()
            || n.array
                .as_deref()
                .is_some_and(|a| a.contains.is_some() && a.max_contains.is_some());
        if alongside {
            self.unplaced(e)
        } else {
            e
        }
    }

    /// The container being read fails its `keyword` at the token at `at` (a name, an
    /// element's start, its closing bracket). Its node is filled in by
    /// [`Self::container_failed`] as the failure leaves it: the reading loops keep no
    /// node of their own for failures.
    #[cold]
    pub(super) fn container_miss(&mut self, at: usize, keyword: Keyword) -> Fail {
        if self.record {
            *self.miss = Miss::new(at, OWNER, Some(keyword), self.segs);
        }
        Fail::Mismatch
    }

    /// The name at `i` of the object meeting `checks` fails there: `maxProperties` if
    /// this member is one too many (the general validator counts first), else
    /// `keyword` (a name a closed object does not list).
    #[cold]
    pub(super) fn name_fails(
        &mut self,
        i: usize,
        checks: Option<&ObjectChecks>,
        count: u64,
        keyword: Keyword,
    ) -> Fail {
        if !self.record {
            return Fail::Mismatch;
        }
        // `maxProperties` is decided as the name begins, before its subschema.
        let over = checks.is_some_and(|o| o.too_many(count + 1));
        let keyword = if over {
            Keyword::MaxProperties
        } else {
            keyword
        };
        let f = self.container_miss(i, keyword);
        self.seg(Seg::Name(i));
        f
    }

    /// The value of the member whose name is at `i`, in an object meeting `checks`,
    /// failed (`e`). Its subschema is looked up again here, so that the loop over the
    /// members keeps nothing more for failures than the name's offset.
    #[cold]
    pub(super) fn member_failed(
        &mut self,
        e: Fail,
        i: usize,
        checks: Option<&ObjectChecks>,
    ) -> Fail {
        if e != Fail::Mismatch || !self.record {
            return e;
        }
        let mut scratch = String::new();
        let name = match lex::string(&self.inp, i, &mut scratch, true) {
            Ok(Lexed::Done(StrAt::Input(name), _)) => name,
            Ok(Lexed::Done(StrAt::Scratch, _)) => scratch.as_str(),
            _ => return self.vague(),
        };
        // No pattern matched the name (else the failure is not placed here).
        let applies = checks.and_then(|o| o.member_schema(o.member(name), false));
        if let Some(a) = applies.filter(|a| a.schema() == NodeId::FALSE) {
            // The general validator fails the name itself, naming the keyword that
            // gave the member `false`.
            let keyword = a.keyword();
            let exact = self.miss.exact;
            let f = self.container_miss(i, keyword);
            self.miss.exact = exact;
            self.seg(Seg::Name(i));
            return f;
        }
        self.seg(Seg::Name(i));
        Fail::Mismatch
    }

    /// Element `count - 1` (counted, starting at or after the cursor) is one too many:
    /// the general validator says so at its first token, once the parser has read it.
    #[cold]
    pub(super) fn too_many_elements(&mut self, count: u64) -> Fail {
        self.skip_ws();
        let i = self.pos;
        if let Err(e) = self.token_at(i) {
            return e;
        }
        let f = self.container_miss(i, Keyword::MaxItems);
        self.seg(Seg::Index(count - 1));
        f
    }

    /// Whether a value's first token at `i` is one the parser reads (a bracket within
    /// the depth limit, or a whole scalar): else why not.
    #[cold]
    pub(super) fn token_at(&mut self, i: usize) -> R {
        let Some(&c) = self.bytes.get(i) else {
            return Err(self.ran_out());
        };
        let r = match c {
            b'{' | b'[' if self.depth < self.max_depth => return Ok(()),
            b'"' => return self.string(i).map(|_| ()),
            b'-' | b'0'..=b'9' => lex::number(self.bytes, i, self.complete),
            b't' => lex::literal(self.bytes, i, b"true", self.complete),
            b'f' => lex::literal(self.bytes, i, b"false", self.complete),
            b'n' => lex::literal(self.bytes, i, b"null", self.complete),
            _ => return Err(Fail::Abort),
        };
        match r {
            Ok(Lexed::Done((), _)) => Ok(()),
            r => Err(self.unlexed(r)),
        }
    }
    /// Element `count - 1` of an array meeting `checks` failed (`e`).
    #[cold]
    pub(super) fn element_failed(
        &mut self,
        e: Fail,
        checks: Option<&ArrayChecks>,
        count: u64,
    ) -> Fail {
        if e != Fail::Mismatch || !self.record {
            return e;
        }
        let (schema, keyword) = check::element(checks, count - 1);
        if schema == NodeId::FALSE {
            // The general validator fails the element's start, naming the keyword
            // that gave it `false`.
            self.miss.node = OWNER;
            self.miss.keyword = Some(keyword);
        }
        self.seg(Seg::Index(count - 1));
        Fail::Mismatch
    }
}
