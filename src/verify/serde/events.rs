//! The one-pass route's [`Source`]: the parser's events, each fed to the general
//! validator before the deserializer sees it.
//!
//! Invariants:
//! 1. Every event pulled from the parser is first fed to the validator, in document
//!    order; events the target type ignores are pulled and fed all the same, and
//!    [`Events::drain`] pulls whatever the visitor left.
//! 2. The first rejection, the parser's or the validator's, stops the pass and is kept
//!    ([`Events::rejection`]): every later call fails.
//!
//! Cost: the general validator's per event; nothing is buffered but one event.

use std::fmt;

use serde::de;

use crate::form::Form;
use crate::parse::event::{Event, Str};
use crate::parse::lex::Input;
use crate::parse::machine::Step;
use crate::verify::rejection::Rejection;
use crate::verify::Runtime;

use super::de::{Source, Text, Token};

/// A deserialization failure on the one-pass route; a rejection's real reason is kept
/// by the source.
#[derive(Debug)]
pub(super) struct DeError(String);

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<M: fmt::Display>(msg: M) -> Self {
        DeError(msg.to_string())
    }
}

/// A pulled event, its text borrowed from the body or held in `buf`.
#[derive(Debug, Clone, Copy)]
enum Ev<'de> {
    ObjectStart,
    ObjectEnd,
    ArrayStart,
    ArrayEnd,
    Key(Text<'de>),
    String(Text<'de>),
    Number(Text<'de>),
    Bool(bool),
    Null,
}

/// The events of one body through the general validator (see the module
/// documentation).
pub(super) struct Events<'de, 'r> {
    form: &'r Form,
    pub(super) rt: &'r mut Runtime,
    input: Input<'de>,
    pos: usize,
    buf: String,
    /// The event pulled to look at and not yet taken.
    peeked: Option<Ev<'de>>,
    /// Why the pass stopped (invariant 2).
    stop: Option<Rejection>,
}

impl<'de, 'r> Events<'de, 'r> {
    /// The events of `body`, with `rt` started on `form`.
    pub(super) fn new(form: &'r Form, rt: &'r mut Runtime, body: &'de [u8]) -> Self {
        rt.start(form);
        Events {
            form,
            rt,
            input: Input::new(body),
            pos: 0,
            buf: String::new(),
            peeked: None,
            stop: None,
        }
    }

    /// The rejection that stopped the pass, if one did.
    pub(super) fn rejection(&mut self) -> Option<Rejection> {
        self.stop.take()
    }

    /// Pull every event left through the validator (invariant 1).
    pub(super) fn drain(&mut self) {
        self.peeked = None;
        while let Ok(Some(_)) = self.pull() {}
    }

    /// Pull the next event from the parser and feed it to the validator.
    fn pull(&mut self) -> Result<Option<Ev<'de>>, DeError> {
        if let Some(ev) = self.peeked.take() {
            return Ok(Some(ev));
        }
        if self.stop.is_some() {
            return Err(DeError("the body was rejected".into()));
        }
        let step = match self.rt.machine.step(&self.input, &mut self.pos, true) {
            Ok(s) => s,
            Err(e) => {
                self.stop = Some(Rejection::from_parse(e));
                return Err(DeError("the body is not strict JSON".into()));
            }
        };
        let ev = match step {
            Step::Event(ev) => ev,
            Step::End => return Ok(None),
            Step::NeedMore => unreachable!("a final slice never needs more"),
        };
        let admitted = self.rt.state.event(self.form, ev);
        let buf = &mut self.buf;
        let mut text = |s: Str<'de, '_>| match s {
            Str::Input(s) => Text::Body(s),
            Str::Scratch(s) => {
                buf.clear();
                buf.push_str(s);
                Text::Scratch
            }
        };
        let out = match ev {
            Event::ObjectStart => Ev::ObjectStart,
            Event::ObjectEnd => Ev::ObjectEnd,
            Event::ArrayStart => Ev::ArrayStart,
            Event::ArrayEnd => Ev::ArrayEnd,
            Event::Key(k) => Ev::Key(text(k)),
            Event::String(s) => Ev::String(text(s)),
            Event::Number(n) => Ev::Number(text(n)),
            Event::Bool(b) => Ev::Bool(b),
            Event::Null => Ev::Null,
        };
        if !admitted {
            self.stop = Some(self.rt.rejection(self.form));
            return Err(DeError("the body is not admitted by the form".into()));
        }
        Ok(Some(out))
    }

    fn next(&mut self) -> Result<Ev<'de>, DeError> {
        self.pull()?
            .ok_or_else(|| DeError("unexpected end of the body".into()))
    }

    fn peek(&mut self) -> Result<Ev<'de>, DeError> {
        let ev = self.next()?;
        self.peeked = Some(ev);
        Ok(ev)
    }
}

impl<'de> Source<'de> for Events<'de, '_> {
    type Error = DeError;
    /// Whether the container is an object.
    type Open = bool;

    fn value(&mut self) -> Result<Token<'de, bool>, DeError> {
        Ok(match self.next()? {
            Ev::Null => Token::Null,
            Ev::Bool(b) => Token::Bool(b),
            Ev::String(t) => Token::Str(t),
            Ev::Number(t) => Token::Number(t),
            Ev::ObjectStart => Token::Object(true),
            Ev::ArrayStart => Token::Array(false),
            Ev::ObjectEnd | Ev::ArrayEnd | Ev::Key(_) => {
                return Err(DeError("expected a value".into()))
            }
        })
    }

    fn member(&mut self, _open: &mut bool) -> Result<Option<Text<'de>>, DeError> {
        match self.peek()? {
            Ev::Key(t) => {
                self.peeked = None;
                Ok(Some(t))
            }
            _ => Ok(None),
        }
    }

    fn element(&mut self, _open: &mut bool) -> Result<bool, DeError> {
        Ok(!matches!(self.peek()?, Ev::ArrayEnd))
    }

    fn close(&mut self, object: bool) -> Result<(), DeError> {
        match (self.next()?, object) {
            (Ev::ObjectEnd, true) | (Ev::ArrayEnd, false) => Ok(()),
            (_, true) => Err(DeError("the object has more members than expected".into())),
            (_, false) => Err(DeError("the array has more elements than expected".into())),
        }
    }

    fn skip(&mut self) -> Result<(), DeError> {
        let mut depth = match self.next()? {
            Ev::ObjectStart | Ev::ArrayStart => 1usize,
            Ev::ObjectEnd | Ev::ArrayEnd | Ev::Key(_) => {
                return Err(DeError("expected a value".into()))
            }
            _ => 0,
        };
        while depth > 0 {
            match self.next()? {
                Ev::ObjectStart | Ev::ArrayStart => depth += 1,
                Ev::ObjectEnd | Ev::ArrayEnd => depth -= 1,
                _ => {}
            }
        }
        Ok(())
    }

    fn scratch(&self) -> &str {
        &self.buf
    }
}
