//! `verify_into`'s fast route: the [`Source`] that checks each value against the node it
//! meets as the deserializer reads it, so that an admitted body is read once, not
//! verified by the fast pass and then read again.
//!
//! The deserializer asks for one value at a time; the source knows the node that value
//! meets (the form's root, a member's subschema, an element's) and reads it the way
//! the fast pass ([`crate::verify::fast`]) would:
//! - a scalar meeting a node without in-place applicators is lexed, checked with the
//!   form's own scalar checks and handed over;
//! - a container that can be read member by member ([`enterable`]) is checked as it
//!   is walked, each name and element counted and checked before its value, as the
//!   streamed fast path does ([`Tally`]);
//! - any other value (in-place applicators, a composite `enum`, `content*`, an array
//!   with `uniqueItems`) is checked whole by the recursive fast pass first, then read
//!   plain: its tokens are handed over with no check, until the value ends where the
//!   check ended. A value the visitor ignores is checked whole and stepped over.
//!
//! Invariants:
//! 1. Accept-only, as the fast pass: [`deserialize`] returns a `T` only when every byte
//!    of the body was read and checked and the form admits it. Anything else (a
//!    keyword that fails, a syntax error, a value the pass does not decide, an error
//!    from the visitor, even one a visitor swallowed) is `None`, and the caller runs
//!    the one-pass route (`events.rs`), which decides and says why and where.
//! 2. The deserializer is the one-pass route's ([`Deserializer`]), so a visitor gets
//!    the same calls on the same body from both routes, and both give the same `T`,
//!    or both fail.
//! 3. Bounded work and stack: the values read checked are read once; the values checked
//!    whole are charged to one budget for the body, as in `fast::decide`. Open
//!    containers here and the fast pass's frames below them count together against
//!    [`MAX_FRAMES`] and `max_depth`.
//!
//! What it bought (benches/README.md, optimization `guided-into`).

use std::fmt;

use serde::de;

use super::cursor::Cursor;
use super::de::{Deserializer, Source, Text, Token};
use crate::form::check::scalar;
use crate::form::consts::{Consts, Scalar};
use crate::form::node::{ArrayChecks, Node, NodeId, ObjectChecks};
use crate::form::number::Small;
use crate::form::Form;
use crate::verify::fast::tally::{enterable, Tally};
use crate::verify::fast::{self, Buffers, MAX_FRAMES};

/// A failure of the fast route; why is the one-pass route's to say (invariant 1), so
/// the visitor's message is dropped unread.
#[derive(Debug)]
pub(crate) struct Miss;

impl fmt::Display for Miss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not deserialized on the fast route")
    }
}

impl std::error::Error for Miss {}

impl de::Error for Miss {
    fn custom<M: fmt::Display>(_msg: M) -> Self {
        Miss
    }
}

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
    let mut de = Deserializer::new(Guided {
        form,
        nodes: form.nodes(),
        consts: form.consts(),
        cur: Cursor::new(body),
        node: form.root(),
        depth: 0,
        max_depth: form.limits().max_depth(),
        budget: fast::budget(body.len()),
        whole: None,
        failed: false,
        buffers,
        scratch,
    });
    let value = T::deserialize(&mut de);
    // Nothing left open: no container the visitor began and never closed (a type whose
    // `visit_some` ignores its deserializer after `[`), no value checked whole and not
    // read to its end.
    let open = !de.idle() || de.src.depth != 0 || de.src.whole.is_some();
    let failed = de.failed || de.src.failed || open;
    let cur = &mut de.src.cur;
    // A type that never asks for the value must not make a body admitted: every value
    // read moves the cursor, and an empty or blank body has none.
    let read = cur.pos > 0;
    cur.peek();
    match value {
        Ok(value) if read && !failed && cur.pos == body.len() => Some(value),
        _ => None,
    }
}

/// The guided source (see the module documentation).
pub(super) struct Guided<'de, 'f, 'b> {
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
    /// While a value checked whole is read plain: the open containers outside it, and
    /// where the check ended.
    whole: Option<(usize, usize)>,
    /// Whether anything failed here (invariant 1).
    failed: bool,
    buffers: &'b mut Buffers,
    /// Decoded text of the most recent string with escapes.
    scratch: &'b mut String,
}

/// An open container: what it meets (nothing, inside a value checked whole) and what
/// was read of it.
pub(super) struct Open<'f> {
    meets: Meets<'f>,
    tally: Tally,
}

/// What an open container meets.
enum Meets<'f> {
    Object(Option<&'f ObjectChecks>),
    Array(Option<&'f ArrayChecks>),
    /// Inside a value checked whole: an object (`true`) or an array, checked already.
    Plain(bool),
}

impl<'de, 'f> Guided<'de, 'f, '_> {
    /// Record a failure (invariant 1).
    #[cold]
    fn miss(&mut self) -> Miss {
        self.failed = true;
        Miss
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

    /// The text of `text`, a string just read.
    #[inline(always)]
    fn text(&self, text: Text<'de>) -> &str {
        match text {
            Text::Body(s) => s,
            Text::Scratch => self.scratch.as_str(),
        }
    }

    /// Consume `word` at the cursor. Inlined, so that each call compares a constant
    /// word rather than calling `memcmp` (benches/README.md, optimization
    /// `guided-literal`).
    #[inline(always)]
    fn literal(&mut self, word: &[u8]) -> Result<(), Miss> {
        self.cur.literal(word).ok_or_else(|| self.miss())
    }

    /// Consume `word` at the cursor, the literal `scalar`, checked against node `n`.
    #[inline(always)]
    fn checked_literal(&mut self, n: &Node, word: &[u8], scalar: Scalar<'_>) -> Result<(), Miss> {
        self.literal(word)?;
        if scalar::check_literal(n, self.consts, scalar).is_err() {
            return Err(self.miss());
        }
        Ok(())
    }

    /// Check the value at the cursor whole against its node, by the recursive fast
    /// pass: where it ends. The cursor stays at its start.
    #[inline(never)]
    fn check_whole(&mut self) -> Result<usize, Miss> {
        self.peek();
        let end = fast::value_in(
            self.form,
            &mut self.cur.inp,
            self.cur.pos,
            self.depth,
            self.node,
            &mut self.budget,
            self.buffers,
        );
        end.map_err(|_| self.miss())
    }

    /// A value checked whole is read to its end: it must end where the check did.
    #[inline(always)]
    fn ended(&mut self) -> Result<(), Miss> {
        match self.whole {
            Some((depth, end)) if depth == self.depth => {
                self.whole = None;
                if self.cur.pos != end {
                    return Err(self.miss());
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The value at the cursor, checked against its node as it is read: the token,
    /// or `None` when the value is to be checked whole first.
    #[inline(always)]
    fn checked(&mut self, c: u8) -> Result<Option<Token<'de, Open<'f>>>, Miss> {
        let n = self.here();
        if n.in_place {
            return Ok(None);
        }
        Ok(Some(match c {
            b'"' => {
                if n.string.as_deref().is_some_and(|s| s.content.is_some()) {
                    // `content*` is the general validator's: the check hands over.
                    return Ok(None);
                }
                if let Some(words) = n.words.as_deref() {
                    if let Some(text) = self.cur.word(words) {
                        return Ok(Some(Token::Str(Text::Body(text))));
                    }
                }
                if n.date_times {
                    if let Some(text) = self.cur.date_time() {
                        return Ok(Some(Token::Str(Text::Body(text))));
                    }
                }
                let text = self.string()?;
                let s = self.text(text);
                // By its length alone where the node allows (benches/README.md,
                // optimization `length-plan`).
                if !scalar::string_by_length(n, s.len())
                    && scalar::check_string(n, self.consts, s).is_err()
                {
                    return Err(self.miss());
                }
                Token::Str(text)
            }
            b'{' | b'[' => {
                let object = c == b'{';
                if !enterable(n, object) {
                    return Ok(None);
                }
                if scalar::check_open(n, self.consts, object).is_err()
                    || self.depth >= self.max_depth
                    || self.depth >= MAX_FRAMES as usize
                {
                    return Err(self.miss());
                }
                self.cur.pos += 1;
                self.depth += 1;
                let tally = Tally::default();
                if object {
                    Token::Object(Open {
                        meets: Meets::Object(n.object.as_deref()),
                        tally,
                    })
                } else {
                    Token::Array(Open {
                        meets: Meets::Array(n.array.as_deref()),
                        tally,
                    })
                }
            }
            b't' => {
                self.checked_literal(n, b"true", Scalar::Bool(true))?;
                Token::Bool(true)
            }
            b'f' => {
                self.checked_literal(n, b"false", Scalar::Bool(false))?;
                Token::Bool(false)
            }
            b'n' => {
                self.checked_literal(n, b"null", Scalar::Null)?;
                Token::Null
            }
            _ => {
                let Some((text, digits)) = self.cur.number_digits() else {
                    return Err(self.miss());
                };
                let short = || Small::from_digits(digits);
                if !scalar::number_by_range(n, digits)
                    && scalar::check_number(n, self.consts, text, short).is_err()
                {
                    return Err(self.miss());
                }
                Token::Number(Text::Body(text))
            }
        }))
    }

    /// The value at the cursor, inside a value checked whole: read, not checked.
    #[inline(always)]
    fn plain(&mut self, c: u8) -> Result<Token<'de, Open<'f>>, Miss> {
        let token = match c {
            b'"' => Token::Str(self.string()?),
            b'{' | b'[' => {
                self.cur.pos += 1;
                self.depth += 1;
                let object = c == b'{';
                let open = Open {
                    meets: Meets::Plain(object),
                    tally: Tally::default(),
                };
                return Ok(if object {
                    Token::Object(open)
                } else {
                    Token::Array(open)
                });
            }
            b't' => {
                self.literal(b"true")?;
                Token::Bool(true)
            }
            b'f' => {
                self.literal(b"false")?;
                Token::Bool(false)
            }
            b'n' => {
                self.literal(b"null")?;
                Token::Null
            }
            _ => match self.cur.number() {
                Some(text) => Token::Number(Text::Body(text)),
                None => return Err(self.miss()),
            },
        };
        self.ended()?;
        Ok(token)
    }

    /// Step over one value inside a value checked whole, strings scanned for their
    /// closing quote only.
    fn skip_plain(&mut self) -> Result<(), Miss> {
        let mut depth = 0usize;
        loop {
            match self.peek() {
                Some(b'{' | b'[') => {
                    depth += 1;
                    self.cur.pos += 1;
                }
                Some(b'}' | b']') => {
                    depth = depth.checked_sub(1).ok_or_else(|| self.miss())?;
                    self.cur.pos += 1;
                }
                Some(b',' | b':') => self.cur.pos += 1,
                Some(b'"') => {
                    self.string()?;
                }
                Some(b't') => self.literal(b"true")?,
                Some(b'f') => self.literal(b"false")?,
                Some(b'n') => self.literal(b"null")?,
                Some(_) => {
                    if self.cur.number().is_none() {
                        return Err(self.miss());
                    }
                }
                None => return Err(self.miss()),
            }
            if depth == 0 {
                return self.ended();
            }
        }
    }

    /// The `,` before a member or element after the first, or the close: `true` when
    /// the close is next.
    #[inline(always)]
    fn separator(&mut self, open: &Open<'_>, close: u8) -> Result<bool, Miss> {
        match self.peek() {
            Some(c) if c == close => Ok(true),
            Some(b',') if open.tally.begun() => {
                self.cur.pos += 1;
                Ok(false)
            }
            Some(_) if !open.tally.begun() => Ok(false),
            _ => Err(self.miss()),
        }
    }
}

impl<'de, 'f> Source<'de> for Guided<'de, 'f, '_> {
    type Error = Miss;
    type Open = Open<'f>;

    #[inline(always)]
    fn value(&mut self) -> Result<Token<'de, Open<'f>>, Miss> {
        let Some(c) = self.peek() else {
            return Err(self.miss());
        };
        if self.whole.is_none() {
            if let Some(token) = self.checked(c)? {
                return Ok(token);
            }
            let end = self.check_whole()?;
            self.whole = Some((self.depth, end));
        }
        self.plain(c)
    }

    #[inline(always)]
    fn member(&mut self, open: &mut Open<'f>) -> Result<Option<Text<'de>>, Miss> {
        if self.separator(open, b'}')? {
            return Ok(None);
        }
        if let Meets::Object(Some(o)) = open.meets {
            // A listed name read in place (benches/README.md, optimization
            // `guided-names`).
            if self.peek() == Some(b'"') {
                if let Some((k, name)) = self.cur.listed(o, open.tally.guess(Some(o))) {
                    match open
                        .tally
                        .named(Some(o), Some(k), name, fast::keys(self.buffers))
                    {
                        Ok(schema) => self.node = schema,
                        Err(_) => return Err(self.miss()),
                    }
                    self.expect(b':')?;
                    return Ok(Some(Text::Body(name)));
                }
            }
        }
        let text = self.string()?;
        match open.meets {
            Meets::Object(checks) => {
                let name = match text {
                    Text::Body(s) => s,
                    Text::Scratch => self.scratch.as_str(),
                };
                match open.tally.name(checks, name, fast::keys(self.buffers)) {
                    Ok(schema) => self.node = schema,
                    Err(_) => return Err(self.miss()),
                }
            }
            Meets::Plain(true) => open.tally.plain(),
            _ => return Err(self.miss()),
        }
        self.expect(b':')?;
        Ok(Some(text))
    }

    #[inline(always)]
    fn element(&mut self, open: &mut Open<'f>) -> Result<bool, Miss> {
        if self.separator(open, b']')? {
            return Ok(false);
        }
        match open.meets {
            Meets::Array(checks) => match open.tally.element(checks) {
                Ok(schema) => self.node = schema,
                Err(_) => return Err(self.miss()),
            },
            Meets::Plain(false) => open.tally.plain(),
            _ => return Err(self.miss()),
        }
        Ok(true)
    }

    fn close(&mut self, open: Open<'f>) -> Result<(), Miss> {
        let Open { meets, tally } = open;
        let admitted = match meets {
            Meets::Object(checks) => {
                self.expect(b'}')?;
                tally.close_object(checks, fast::keys(self.buffers)).is_ok()
            }
            Meets::Array(checks) => {
                self.expect(b']')?;
                tally.close_array(checks).is_ok()
            }
            Meets::Plain(object) => {
                self.expect(if object { b'}' } else { b']' })?;
                true
            }
        };
        self.depth -= 1;
        if !admitted {
            return Err(self.miss());
        }
        self.ended()
    }

    fn skip(&mut self) -> Result<(), Miss> {
        if self.whole.is_some() {
            return self.skip_plain();
        }
        let end = self.check_whole()?;
        self.cur.pos = end;
        Ok(())
    }

    fn scratch(&self) -> &str {
        self.scratch
    }
}
