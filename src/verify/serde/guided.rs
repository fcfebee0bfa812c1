//! `verify_into`'s fast route: a serde `Deserializer` that checks each value against
//! the node it meets as it hands the value to the visitor, so that an admitted body is
//! read once, not verified by the fast pass and then read again.
//!
//! The visitor asks for one value at a time; the deserializer knows the node that value
//! meets (the form's root, a member's subschema, an element's) and reads it the way
//! the fast pass ([`super::fast`]) would:
//! - a scalar meeting a node without in-place applicators is lexed, checked with the
//!   fast pass's own scalar checks and visited;
//! - a container that can be read member by member ([`enterable`]) is checked as it
//!   is visited, each name and element counted and checked before its value, as
//!   the streamed fast path does ([`Tally`]);
//! - any other value (in-place applicators, a composite `enum`, an array with
//!   `uniqueItems`, a value the visitor skips, an externally tagged enum) is checked
//!   whole by the recursive fast pass first, then handed to the visitor by
//!   [`Reread`], which checks nothing more.
//!
//! Invariants:
//! 1. Accept-only, as the fast pass: [`deserialize`] returns a `T` only when every byte
//!    of the body was read and checked and the form admits it. Anything else (a
//!    keyword that fails, a syntax error, a value the pass does not decide, an error
//!    from the visitor, even one a visitor swallowed) is `None`, and the caller runs
//!    the one-pass route (`deserialize.rs`), which decides and says why and where.
//! 2. A visitor that keeps serde's contract gets the same calls as from [`Reread`] and
//!    from the one-pass route on the same body, so all routes give the same `T`, or
//!    all fail.
//! 3. Bounded work and stack: the values read here are read once; the values checked
//!    whole are charged to one budget for the body, as in `fast::decide`. Open
//!    containers here and the fast pass's frames below them count together against
//!    [`MAX_FRAMES`] and `max_depth`.
//!
//! What it bought (benches/README.md, optimization `guided-into`).

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use super::cursor::{Cursor, Text};
use super::reread::{Miss, Reread};
use super::visit_number;
use crate::form::check::scalar;
use crate::form::consts::{Consts, Scalar};
use crate::form::node::{ArrayChecks, Node, NodeId, ObjectChecks};
use crate::form::Form;
use crate::verify::fast::tally::{enterable, Tally};
use crate::verify::fast::{self, Buffers, MAX_FRAMES};

/// Deserialize a `T` from `body` (within `max_bytes`) while checking it against
/// `form`: `None` when the form does not certainly admit it or `T` cannot hold it
/// (invariant 1).
pub(crate) fn deserialize<'de, T: de::Deserialize<'de>>(
    form: &Form,
    body: &'de [u8],
    buffers: &mut Buffers,
    scratch: &mut String,
) -> Option<T> {
    fast::clear(buffers);
    let mut guided = Guided {
        form,
        nodes: form.nodes(),
        consts: form.consts(),
        cur: Cursor::new(body),
        node: form.root(),
        depth: 0,
        max_depth: form.limits().max_depth(),
        budget: fast::budget(body.len()),
        failed: false,
        buffers,
        scratch,
    };
    let value = T::deserialize(&mut guided);
    // A type that never asks for the value must not make a body admitted: every value
    // read moves the cursor, and an empty or blank body has none.
    let read = guided.cur.pos > 0;
    guided.cur.peek();
    match value {
        Ok(value) if read && !guided.failed && guided.cur.pos == body.len() => Some(value),
        _ => None,
    }
}

struct Guided<'de, 'f, 'b> {
    form: &'f Form,
    nodes: &'f [Node],
    consts: &'f Consts,
    cur: Cursor<'de>,
    /// The node the next value meets.
    node: NodeId,
    /// Open containers.
    depth: usize,
    max_depth: usize,
    /// Work left for the values checked whole (invariant 3).
    budget: usize,
    /// Whether anything failed, even if a visitor went on (invariant 1).
    failed: bool,
    buffers: &'b mut Buffers,
    /// Decoded text of the most recent string with escapes.
    scratch: &'b mut String,
}

impl<'de, 'f> Guided<'de, 'f, '_> {
    /// Record a failure (invariant 1).
    #[cold]
    fn miss(&mut self) -> Miss {
        self.failed = true;
        Miss
    }

    /// Pass `r` on, recording a failure.
    #[inline(always)]
    fn noted<T>(&mut self, r: Result<T, Miss>) -> Result<T, Miss> {
        if r.is_err() {
            self.failed = true;
        }
        r
    }

    /// The next byte that is not whitespace, without consuming it.
    #[inline(always)]
    fn peek(&mut self) -> Option<u8> {
        self.cur.peek()
    }

    /// Consume `byte`, the next one that is not whitespace.
    #[inline(always)]
    fn expect(&mut self, byte: u8) -> Result<(), Miss> {
        self.cur.expect(byte).ok_or_else(|| self.miss())
    }

    /// Read one value for `seed`, meeting node `node`. A seed that fails, even without
    /// asking this deserializer for anything, or that returns without reading (every
    /// value read moves the cursor) is a miss: it cannot walk over `[,]` or `{"a":}`,
    /// swallowed by its visitor or not.
    #[inline(always)]
    fn seeded<S: DeserializeSeed<'de>>(&mut self, node: NodeId, seed: S) -> Result<S::Value, Miss> {
        self.node = node;
        let before = self.cur.pos;
        match seed.deserialize(&mut *self) {
            Ok(value) if self.cur.pos != before => Ok(value),
            _ => Err(self.miss()),
        }
    }

    /// The node the next value meets.
    #[inline(always)]
    fn here(&self) -> &'f Node {
        fast::landing(self.nodes, self.node)
    }

    /// The string whose opening quote is the next byte.
    #[inline(always)]
    fn string(&mut self) -> Result<Text<'de>, Miss> {
        self.cur.string(self.scratch).ok_or_else(|| self.miss())
    }

    /// Consume `word` at the cursor, the literal `scalar`, checked against node `n`.
    /// Inlined, so that each call compares a constant word rather than calling `memcmp`
    /// (benches/README.md, optimization `guided-literal`).
    #[inline(always)]
    fn literal(&mut self, n: &Node, word: &[u8], scalar: Scalar<'_>) -> Result<(), Miss> {
        if self.cur.literal(word).is_none() || scalar::check(n, self.consts, scalar).is_err() {
            return Err(self.miss());
        }
        Ok(())
    }

    /// Check the value at the cursor whole against its node, by the recursive fast
    /// pass: where it starts and where it ends. The cursor stays at its start.
    fn check_whole(&mut self) -> Result<(usize, usize), Miss> {
        self.peek();
        let start = self.cur.pos;
        let end = fast::value_in(
            self.form,
            &mut self.cur.inp,
            start,
            self.depth,
            self.node,
            &mut self.budget,
            self.buffers,
        );
        match end {
            Ok(end) => Ok((start, end)),
            Err(_) => Err(self.miss()),
        }
    }

    /// Check the value at the cursor whole, then hand it to `visit` through
    /// [`Reread`], which must end where the check ended.
    fn checked_then<V>(
        &mut self,
        visit: impl FnOnce(&mut Reread<'de, '_>) -> Result<V, Miss>,
    ) -> Result<V, Miss> {
        let (_, end) = self.check_whole()?;
        let mut reread = Reread::resume(self.cur.clone(), self.scratch);
        let value = visit(&mut reread);
        self.cur = reread.into_cursor();
        match value {
            Ok(v) if self.cur.pos == end => Ok(v),
            _ => Err(self.miss()),
        }
    }

    /// The whole `deserialize_any`: a value read here, or checked whole and reread.
    fn any<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value, Miss> {
        let Some(c) = self.peek() else {
            return Err(self.miss());
        };
        let n = self.here();
        if n.in_place {
            return self.checked_then(|r| de::Deserializer::deserialize_any(r, visitor));
        }
        match c {
            b'"' => {
                if n.string.as_deref().is_some_and(|s| s.content.is_some()) {
                    // `content*` is the general validator's: the check hands over.
                    return self.checked_then(|r| de::Deserializer::deserialize_any(r, visitor));
                }
                let text = self.string()?;
                let s = match text {
                    Text::Body(s) => s,
                    Text::Scratch => self.scratch.as_str(),
                };
                if scalar::check_string(n, self.consts, s).is_err() {
                    return Err(self.miss());
                }
                match text {
                    Text::Body(s) => visitor.visit_borrowed_str(s),
                    Text::Scratch => visitor.visit_str(self.scratch),
                }
            }
            b'{' | b'[' => {
                let object = c == b'{';
                if !enterable(n, object) {
                    return self.checked_then(|r| de::Deserializer::deserialize_any(r, visitor));
                }
                if scalar::check_open(n, self.consts, object).is_err()
                    || self.depth >= self.max_depth
                    || self.depth >= MAX_FRAMES as usize
                {
                    return Err(self.miss());
                }
                self.cur.pos += 1;
                self.depth += 1;
                let value = if object {
                    self.object(n.object.as_deref(), visitor)?
                } else {
                    self.array(n.array.as_deref(), visitor)?
                };
                self.depth -= 1;
                Ok(value)
            }
            b't' => {
                self.literal(n, b"true", Scalar::Bool(true))?;
                visitor.visit_bool(true)
            }
            b'f' => {
                self.literal(n, b"false", Scalar::Bool(false))?;
                visitor.visit_bool(false)
            }
            b'n' => {
                self.literal(n, b"null", Scalar::Null)?;
                visitor.visit_unit()
            }
            _ => {
                let Some(text) = self.cur.number() else {
                    return Err(self.miss());
                };
                if scalar::check(n, self.consts, Scalar::Number(text)).is_err() {
                    return Err(self.miss());
                }
                visit_number(text, visitor)
            }
        }
    }

    /// The object whose `{` was just read, meeting `checks`, visited member by member.
    fn object<V: Visitor<'de>>(
        &mut self,
        checks: Option<&'f ObjectChecks>,
        visitor: V,
    ) -> Result<V::Value, Miss> {
        let mut members = Members {
            de: &mut *self,
            checks,
            tally: Tally::default(),
            pending: None,
        };
        let value = visitor.visit_map(&mut members)?;
        let tally = members.tally;
        self.expect(b'}')?;
        if tally
            .close_object(checks, fast::keys(self.buffers))
            .is_err()
        {
            return Err(self.miss());
        }
        Ok(value)
    }

    /// The array whose `[` was just read, meeting `checks`, visited element by element.
    fn array<V: Visitor<'de>>(
        &mut self,
        checks: Option<&'f ArrayChecks>,
        visitor: V,
    ) -> Result<V::Value, Miss> {
        let mut elements = Elements {
            de: &mut *self,
            checks,
            tally: Tally::default(),
        };
        let value = visitor.visit_seq(&mut elements)?;
        let tally = elements.tally;
        self.expect(b']')?;
        if tally.close_array(checks).is_err() {
            return Err(self.miss());
        }
        Ok(value)
    }

    /// `deserialize_option`'s work: `null` is `None`, anything else `Some`.
    fn option<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value, Miss> {
        if self.peek() != Some(b'n') {
            return visitor.visit_some(self);
        }
        let n = self.here();
        if n.in_place {
            let (_, end) = self.check_whole()?;
            self.cur.pos = end;
        } else {
            self.literal(n, b"null", Scalar::Null)?;
        }
        visitor.visit_none()
    }
}

impl<'de> de::Deserializer<'de> for &mut Guided<'de, '_, '_> {
    type Error = Miss;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Miss> {
        let r = self.any(visitor);
        self.noted(r)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Miss> {
        let r = self.option(visitor);
        self.noted(r)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Miss> {
        let r = visitor.visit_newtype_struct(&mut *self);
        self.noted(r)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Miss> {
        self.checked_then(|r| de::Deserializer::deserialize_enum(r, name, variants, visitor))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Miss> {
        let (_, end) = self.check_whole()?;
        self.cur.pos = end;
        let r = visitor.visit_unit();
        self.noted(r)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

/// The members of an object whose `{` was read, each name counted and checked before
/// its value.
struct Members<'a, 'de, 'f, 'b> {
    de: &'a mut Guided<'de, 'f, 'b>,
    checks: Option<&'f ObjectChecks>,
    tally: Tally,
    /// The node of the value whose name was read last, until the value is read.
    pending: Option<NodeId>,
}

impl<'de> de::MapAccess<'de> for Members<'_, 'de, '_, '_> {
    type Error = Miss;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Miss> {
        let de = &mut *self.de;
        if self.pending.is_some() {
            // A visitor that asks for a name before the value of the last one.
            return Err(de.miss());
        }
        match de.peek() {
            Some(b'}') => return Ok(None),
            Some(b',') if self.tally.begun() => de.cur.pos += 1,
            Some(_) if !self.tally.begun() => {}
            _ => return Err(de.miss()),
        }
        let text = de.string()?;
        let name = match text {
            Text::Body(s) => s,
            Text::Scratch => de.scratch.as_str(),
        };
        let Ok(schema) = self.tally.name(self.checks, name, fast::keys(de.buffers)) else {
            return Err(de.miss());
        };
        let key = match text {
            Text::Body(s) => seed.deserialize(BorrowedStrDeserializer::new(s)),
            Text::Scratch => seed.deserialize(de.scratch.clone().into_deserializer()),
        };
        let key = de.noted(key)?;
        de.expect(b':')?;
        self.pending = Some(schema);
        Ok(Some(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Miss> {
        let Some(schema) = self.pending.take() else {
            return Err(self.de.miss());
        };
        self.de.seeded(schema, seed)
    }
}

/// The elements of an array whose `[` was read, each counted before it is read.
struct Elements<'a, 'de, 'f, 'b> {
    de: &'a mut Guided<'de, 'f, 'b>,
    checks: Option<&'f ArrayChecks>,
    tally: Tally,
}

impl<'de> de::SeqAccess<'de> for Elements<'_, 'de, '_, '_> {
    type Error = Miss;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Miss> {
        let de = &mut *self.de;
        match de.peek() {
            Some(b']') => return Ok(None),
            Some(b',') if self.tally.begun() => de.cur.pos += 1,
            Some(_) if !self.tally.begun() => {}
            _ => return Err(de.miss()),
        }
        let Ok(schema) = self.tally.element(self.checks) else {
            return Err(de.miss());
        };
        de.seeded(schema, seed).map(Some)
    }
}
