//! The fast pass's scalars: a string, number, `true`, `false` or `null` read and
//! checked against a node's own keywords, each by the shortest plan the node allows
//! (a word, a length, a range fixed at compile time), else by the scalar checks
//! every engine shares (`form/check/scalar.rs`).

use crate::form::check::scalar;
use crate::form::consts::Scalar;
use crate::form::format;
use crate::form::node::Node;
use crate::form::number::Small;
use crate::parse::lex::{self, Lexed};

use super::{Fail, Pass, R};

impl<'a, 'f> Pass<'a, 'f> {
    /// The `true`, `false` or `null` at `i`, whose first byte is `c`, against node
    /// `n`'s own keywords.
    #[inline(always)]
    pub(super) fn own_literal(&mut self, n: &'f Node, i: usize, c: u8) -> R {
        // Each word compared as a constant, not through `memcmp` (benches/README.md,
        // optimization `literal-words`; `lex::literal` is inlined for it).
        let (lexed, scalar) = match c {
            b't' => (
                lex::literal(self.bytes, i, b"true", self.complete),
                Scalar::Bool(true),
            ),
            b'f' => (
                lex::literal(self.bytes, i, b"false", self.complete),
                Scalar::Bool(false),
            ),
            _ => (
                lex::literal(self.bytes, i, b"null", self.complete),
                Scalar::Null,
            ),
        };
        match lexed {
            Ok(Lexed::Done((), end)) => self.pos = end,
            r => return Err(self.unlexed(r)),
        }
        match scalar::check_literal(n, self.consts, scalar) {
            Ok(()) => Ok(()),
            Err(k) => Err(self.miss(i, n, k)),
        }
    }

    /// The string at `i` against node `n`'s own keywords.
    #[inline(always)]
    pub(super) fn own_string(&mut self, n: &'f Node, i: usize) -> R {
        if let Some(words) = n.words.as_deref() {
            // One of the `enum`'s strings, compared in place with the body's bytes,
            // without the string scanner (benches/README.md, optimization
            // `enum-words`).
            if let Some(end) = words.written_at(self.bytes, i + 1) {
                self.pos = end;
                return self.spend(end - i);
            }
        }
        if n.date_times && format::date_time_at(self.bytes, i + 1) {
            // A `date-time` in its common spelling, read from the body's bytes
            // (benches/README.md, optimization `date-time-words`).
            self.pos = i + 22;
            return self.spend(22);
        }
        if n.lengths.is_some() {
            // Nothing but its length to check: the length alone, where it passes
            // (benches/README.md, optimization `length-plan`).
            let (len, end) = match lex::string_length(&self.inp, i, self.scratch, self.complete) {
                Ok(Lexed::Done(len, end)) => (len, end),
                r => return Err(self.unlexed(r)),
            };
            if scalar::string_by_length(n, len) {
                self.pos = end;
                return self.spend(end - i);
            }
        }
        let (s, end) = self.string(i)?;
        let s = s.unwrap_or(self.scratch);
        let r = scalar::check_string(n, self.consts, s);
        self.pos = end;
        self.spend(end - i)?;
        if let Err(k) = r {
            return Err(self.miss(i, n, k));
        }
        if n.string.as_deref().is_some_and(|c| c.content.is_some()) {
            // `contentEncoding`, `contentMediaType`, `contentSchema` are the general
            // validator's (`verify/general/content.rs`).
            return Err(Fail::Abort);
        }
        Ok(())
    }

    /// The number at `i` against node `n`'s own keywords.
    #[inline(always)]
    pub(super) fn own_number(&mut self, n: &'f Node, i: usize) -> R {
        let (digits, end) = match lex::number_digits(self.bytes, i, self.complete) {
            Ok(Lexed::Done(digits, end)) => (digits, end),
            r => return Err(self.unlexed(r)),
        };
        if scalar::number_by_range(n, digits) {
            // A short number within the node's range (benches/README.md,
            // optimizations `integer-plan` and `decimal-plan`).
            self.pos = end;
            return self.spend(end - i);
        }
        let text = lex::ascii(&self.inp, i, end);
        self.pos = end;
        self.spend(end - i)?;
        // The value was added up as the number was scanned (benches/README.md,
        // optimization `one-walk-numbers`).
        match scalar::check_number(n, self.consts, text, || Small::from_digits(digits)) {
            Ok(()) => Ok(()),
            Err(k) => Err(self.miss(i, n, k)),
        }
    }
}
