//! The token reader of the guided route (`guided.rs`): the parser's own lexers at a
//! cursor, on a complete body. It checks the tokens' syntax and nothing of the form.

use super::de::Text;
use crate::form::format;
use crate::form::names::Words;
use crate::form::node::ObjectChecks;
use crate::parse::lex::{self, Input, Lexed, StrAt};

/// A position in a complete body, with the input that keeps what was validated of its
/// UTF-8 so far. Every method's `None` is "not a token of that kind here".
#[derive(Debug, Clone)]
pub(super) struct Cursor<'de> {
    pub(super) inp: Input<'de>,
    /// `inp`'s bytes, kept apart from `inp` (whose cells a lexer call may change):
    /// read through `inp`, they cost the small act's `verify_into` 4% more
    /// instructions (`benches/examples/instructions.rs`, mode `into`).
    bytes: &'de [u8],
    pub(super) pos: usize,
}

impl<'de> Cursor<'de> {
    /// The start of `body`.
    pub(super) fn new(body: &'de [u8]) -> Cursor<'de> {
        Cursor {
            inp: Input::new(body),
            bytes: body,
            pos: 0,
        }
    }

    /// The next byte that is not whitespace, without consuming it.
    #[inline(always)]
    pub(super) fn peek(&mut self) -> Option<u8> {
        // The byte itself when it is no whitespace, without a store of the cursor (1%
        // of the large act's `verify_into`; optimization `guided-peek`).
        match self.bytes.get(self.pos) {
            Some(&b) if b > b' ' => Some(b),
            _ => {
                self.pos = lex::skip_ws(self.bytes, self.pos);
                self.bytes.get(self.pos).copied()
            }
        }
    }

    /// Consume `byte`, the next one that is not whitespace.
    #[inline(always)]
    pub(super) fn expect(&mut self, byte: u8) -> Option<()> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Some(())
        } else {
            None
        }
    }

    /// The string whose opening quote is the next byte; its escapes, if any, decoded
    /// into `scratch`.
    #[inline(always)]
    pub(super) fn string(&mut self, scratch: &mut String) -> Option<Text<'de>> {
        if self.peek() != Some(b'"') {
            return None;
        }
        match lex::string(&self.inp, self.pos, scratch, true) {
            Ok(Lexed::Done(at, end)) => {
                self.pos = end;
                Some(match at {
                    StrAt::Input(s) => Text::Body(s),
                    StrAt::Scratch => Text::Scratch,
                })
            }
            _ => None,
        }
    }

    /// The member name at the cursor (the next byte is its opening quote) when it is
    /// a name `checks` lists, written unescaped: its index in the member index and
    /// its text, the cursor past it (`ObjectChecks::listed_at`; benches/README.md,
    /// optimization `guided-names`). `None` leaves the cursor where it was.
    #[inline(always)]
    pub(super) fn listed(
        &mut self,
        checks: &ObjectChecks,
        guess: u32,
    ) -> Option<(usize, &'de str)> {
        let (k, end) = checks.listed_at(self.bytes, self.pos + 1, guess)?;
        // The bytes are the name's, which is text: validating them cannot fail.
        let text = self.inp.text_at(self.pos + 1, end - 1)?;
        self.pos = end;
        Some((k, text))
    }

    /// The string at the cursor (the next byte is its opening quote) when it is one
    /// of `words`, written unescaped: its text, the cursor past it
    /// (`Words::written_at`; benches/README.md, optimization `enum-words`). `None`
    /// leaves the cursor where it was.
    #[inline(always)]
    pub(super) fn word(&mut self, words: &Words) -> Option<&'de str> {
        if self.peek() != Some(b'"') {
            return None;
        }
        let end = words.written_at(self.bytes, self.pos + 1)?;
        // The bytes are the word's, which is text: validating them cannot fail.
        let text = self.inp.text_at(self.pos + 1, end - 1)?;
        self.pos = end;
        Some(text)
    }

    /// The string at the cursor when it is a `date-time` in its most common spelling:
    /// its text, the cursor past it (`format::date_time_at`; benches/README.md,
    /// optimization `date-time-words`). `None` leaves the cursor where it was.
    #[inline(always)]
    pub(super) fn date_time(&mut self) -> Option<&'de str> {
        if self.peek() != Some(b'"') || !format::date_time_at(self.bytes, self.pos + 1) {
            return None;
        }
        // The bytes are ASCII: validating them cannot fail.
        let text = self.inp.text_at(self.pos + 1, self.pos + 21)?;
        self.pos += 22;
        Some(text)
    }

    /// The number starting at the cursor, and its value as the lexer added it up
    /// (benches/README.md, optimization `one-walk-numbers`).
    #[inline(always)]
    pub(super) fn number_digits(&mut self) -> Option<(&'de str, lex::Digits)> {
        let start = self.pos;
        match lex::number_digits(self.bytes, start, true) {
            Ok(Lexed::Done(digits, end)) => {
                self.pos = end;
                Some((lex::ascii(&self.inp, start, end), digits))
            }
            _ => None,
        }
    }

    /// The number starting at the cursor.
    #[inline(always)]
    pub(super) fn number(&mut self) -> Option<&'de str> {
        let start = self.pos;
        match lex::number(self.bytes, start, true) {
            Ok(Lexed::Done((), end)) => {
                self.pos = end;
                Some(lex::ascii(&self.inp, start, end))
            }
            _ => None,
        }
    }

    /// Consume `word` (`true`, `false`, `null`) at the cursor.
    #[inline(always)]
    pub(super) fn literal(&mut self, word: &[u8]) -> Option<()> {
        match lex::literal(self.bytes, self.pos, word, true) {
            Ok(Lexed::Done((), end)) => {
                self.pos = end;
                Some(())
            }
            _ => None,
        }
    }
}
