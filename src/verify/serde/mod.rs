//! `verify_into`: verification and serde deserialization in the same single pass.
//!
//! Invariants:
//! 1. Every event the deserializer pulls from the parser is first fed to the validator,
//!    in document order; events the target type ignores are pulled and fed all the same.
//! 2. A `T` is returned only after the whole body was read, the validator admitted it and
//!    nothing but whitespace followed: no `T` can come from a body `verify` rejects.
//! 3. Strings without escapes are handed to the visitor borrowed from the body
//!    (`visit_borrowed_str`); escaped ones from a reused buffer.
//!
//! A body goes another way first: `guided.rs` checks and deserializes it on the fast
//! pass's terms, and only a body it does not admit, or a `T` that cannot hold it,
//! comes back here.
//!
//! Cost: the cost of `verify` plus the visitor's; recursion depth is the body's depth,
//! bounded by `max_depth`.

use std::fmt;

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use crate::form::Form;
use crate::parse::event::{Event, Str};
use crate::parse::lex::Input;
use crate::parse::machine::Step;
use crate::verify::rejection::{Rejection, RejectionKind};
use crate::verify::{Fast, Runtime};

mod cursor;
mod guided;
mod reread;

/// A deserialization failure inside the one pass; the real reason is kept aside.
#[derive(Debug)]
pub(crate) struct DeError(String);

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

/// A pulled event whose text is either borrowed from the body or held in `buf`.
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

#[derive(Debug, Clone, Copy)]
enum Text<'de> {
    Body(&'de str),
    Buf,
}

/// Why the pass stopped early.
enum Stop {
    /// The parser or the validator rejected the body.
    Rejected(Rejection),
}

pub(crate) struct Deserializer<'de, 'r> {
    form: &'r Form,
    rt: &'r mut Runtime,
    body: &'de [u8],
    input: Input<'de>,
    pos: usize,
    buf: String,
    peeked: Option<Ev<'de>>,
    stop: Option<Stop>,
}

/// Verify `body` against `form` and deserialize it into `T` in one pass.
pub(crate) fn verify_into<'de, T: de::Deserialize<'de>>(
    form: &Form,
    rt: &mut Runtime,
    body: &'de [u8],
) -> Result<T, Rejection> {
    // Most bodies are admitted: the guided route checks and deserializes them in one
    // read, without the general validator's bookkeeping. Anything else (not sure,
    // rejected, or a `T` that cannot hold the body) takes the one pass below, which
    // decides and explains.
    rt.in_order(
        form,
        body,
        |rt| match guided::deserialize(form, body, &mut rt.fast, &mut rt.reread) {
            Some(value) => Fast::Admitted(value),
            None => Fast::Unsure,
        },
        |rt| one_pass(form, rt, body),
    )
}

/// [`verify_into`] without the fast route: the general validator and the deserializer
/// in one pass, for any body within `max_bytes`.
pub(crate) fn one_pass<'de, T: de::Deserialize<'de>>(
    form: &Form,
    rt: &mut Runtime,
    body: &'de [u8],
) -> Result<T, Rejection> {
    rt.start(form);
    let mut d = Deserializer {
        form,
        rt,
        body,
        input: Input::new(body),
        pos: 0,
        buf: String::new(),
        peeked: None,
        stop: None,
    };
    let value = T::deserialize(&mut d);
    // Invariant 2: read to the end whatever the visitor did, then decide.
    let drained = d.drain();
    if let Some(Stop::Rejected(r)) = d.stop.take() {
        return Err(r);
    }
    let end_offset = d.body.len() as u64;
    match (value, drained) {
        (Ok(v), Ok(())) => Ok(v),
        (Err(e), Ok(())) => Err(Rejection::new(
            RejectionKind::Unrepresentable,
            d.rt.machine.token_start(),
            d.rt.machine.pointer(true),
            None,
        )
        .with_detail(e.0)),
        (_, Err(())) => unreachable!("a failed drain sets stop (end {end_offset})"),
    }
}

impl<'de> Deserializer<'de, '_> {
    /// Pull the next event from the parser and feed it to the validator (invariant 1).
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
                self.stop = Some(Stop::Rejected(Rejection::from_parse(e)));
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
                Text::Buf
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
            self.stop = Some(Stop::Rejected(self.rt.rejection(self.form)));
            return Err(DeError("the body is not admitted by the form".into()));
        }
        Ok(Some(out))
    }

    fn next(&mut self) -> Result<Ev<'de>, DeError> {
        self.pull()?
            .ok_or_else(|| DeError("unexpected end of the body".into()))
    }

    fn peek(&mut self) -> Result<Option<Ev<'de>>, DeError> {
        if self.peeked.is_none() {
            self.peeked = self.pull()?;
        }
        Ok(self.peeked)
    }

    /// Read everything left, feeding the validator; `Err` if the pass stopped.
    fn drain(&mut self) -> Result<(), ()> {
        self.peeked = None;
        loop {
            match self.pull() {
                Ok(Some(_)) => {}
                Ok(None) => return Ok(()),
                Err(_) => return if self.stop.is_some() { Err(()) } else { Ok(()) },
            }
        }
    }

    fn text(&self, t: Text<'de>) -> TextRef<'de, '_> {
        match t {
            Text::Body(s) => TextRef::Body(s),
            Text::Buf => TextRef::Buf(&self.buf),
        }
    }

    /// Skip one whole value (its events still reach the validator).
    fn skip_value(&mut self, first: Ev<'de>) -> Result<(), DeError> {
        let mut depth = match first {
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
}

enum TextRef<'de, 'b> {
    Body(&'de str),
    Buf(&'b str),
}

impl<'de> TextRef<'de, '_> {
    fn visit_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        match self {
            TextRef::Body(s) => v.visit_borrowed_str(s),
            TextRef::Buf(s) => v.visit_str(s),
        }
    }

    fn as_str(&self) -> &str {
        match self {
            TextRef::Body(s) => s,
            TextRef::Buf(s) => s,
        }
    }
}

/// Hand a number lexeme to a visitor: integers that fit as `u64`/`i64`, anything else
/// as the nearest `f64` (the serde data model has nothing exact; verdicts never use it).
/// `-0` is the float `-0.0`, as serde_json gives it: no integer holds its sign, so an
/// integer type refuses it as serde_json's does.
pub(crate) fn visit_number<'de, V: Visitor<'de>, E: de::Error>(
    lexeme: &str,
    v: V,
) -> Result<V::Value, E> {
    // An integer lexeme is tried as `u64` (unsigned) or `i64` (negative); a fraction,
    // an exponent or an integer beyond both goes to `f64`. The same results as trying
    // `u64`, `i64` and `f64` in turn, without two failed parses for every fraction.
    let digits = lexeme.strip_prefix('-').unwrap_or(lexeme);
    if digits.len() <= 19 {
        // At most 19 digits fit a `u64` whatever they are: one walk checks and adds
        // them up (benches/README.md, optimization `one-walk-integers`).
        let mut acc: u64 = 0;
        let mut integer = true;
        for &b in digits.as_bytes() {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                integer = false;
                break;
            }
            acc = acc * 10 + u64::from(d);
        }
        if integer {
            if digits.len() == lexeme.len() {
                return v.visit_u64(acc);
            }
            if acc == 0 {
                return v.visit_f64(-0.0);
            }
            // -2^63 is the one negative whose magnitude is no `i64`.
            if acc <= i64::MAX as u64 + 1 {
                return v.visit_i64((acc as i64).wrapping_neg());
            }
        }
    } else if digits.bytes().all(|b| b.is_ascii_digit()) {
        if digits.len() == lexeme.len() {
            if let Ok(u) = lexeme.parse::<u64>() {
                return v.visit_u64(u);
            }
        } else if let Ok(i) = lexeme.parse::<i64>() {
            return v.visit_i64(i);
        }
    }
    match lexeme.parse::<f64>() {
        Ok(f) if f.is_finite() => v.visit_f64(f),
        _ => Err(E::custom(format_args!(
            "number {lexeme} does not fit a float"
        ))),
    }
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de, '_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match self.next()? {
            Ev::Null => visitor.visit_unit(),
            Ev::Bool(b) => visitor.visit_bool(b),
            Ev::String(t) => self.text(t).visit_str(visitor),
            Ev::Number(t) => visit_number(self.text(t).as_str(), visitor),
            Ev::ArrayStart => {
                let value = visitor.visit_seq(Seq {
                    de: &mut *self,
                    at: None,
                })?;
                match self.next()? {
                    Ev::ArrayEnd => Ok(value),
                    _ => Err(DeError("the array has more elements than expected".into())),
                }
            }
            Ev::ObjectStart => {
                let value = visitor.visit_map(Map { de: &mut *self })?;
                match self.next()? {
                    Ev::ObjectEnd => Ok(value),
                    _ => Err(DeError("the object has more members than expected".into())),
                }
            }
            Ev::ObjectEnd | Ev::ArrayEnd | Ev::Key(_) => Err(DeError("expected a value".into())),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        if let Some(Ev::Null) = self.peek()? {
            self.peeked = None;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self.next()? {
            Ev::String(t) => match self.text(t) {
                TextRef::Body(s) => visitor.visit_enum(BorrowedStrDeserializer::new(s)),
                TextRef::Buf(s) => visitor.visit_enum(s.to_owned().into_deserializer()),
            },
            Ev::ObjectStart => {
                let value = visitor.visit_enum(Variant { de: &mut *self })?;
                match self.next()? {
                    Ev::ObjectEnd => Ok(value),
                    _ => Err(DeError("an enum object has exactly one member".into())),
                }
            }
            _ => Err(DeError("expected a string or an object for an enum".into())),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        let first = self.next()?;
        self.skip_value(first)?;
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

struct Seq<'a, 'de, 'r> {
    de: &'a mut Deserializer<'de, 'r>,
    /// The parser's position when the last element was handed out: if it has not
    /// moved by the next call, the seed read nothing, and handing the same event out
    /// again would loop for ever.
    at: Option<usize>,
}

impl<'de> de::SeqAccess<'de> for Seq<'_, 'de, '_> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DeError> {
        match self.de.peek()? {
            Some(Ev::ArrayEnd) | None => Ok(None),
            Some(_) if self.at == Some(self.de.pos) => {
                Err(DeError("an element was not read".into()))
            }
            Some(_) => {
                self.at = Some(self.de.pos);
                seed.deserialize(&mut *self.de).map(Some)
            }
        }
    }
}

struct Map<'a, 'de, 'r> {
    de: &'a mut Deserializer<'de, 'r>,
}

impl<'de> de::MapAccess<'de> for Map<'_, 'de, '_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        match self.de.peek()? {
            Some(Ev::Key(t)) => {
                self.de.peeked = None;
                let key = match self.de.text(t) {
                    TextRef::Body(s) => seed.deserialize(BorrowedStrDeserializer::new(s)),
                    TextRef::Buf(s) => seed.deserialize(s.to_owned().into_deserializer()),
                };
                key.map(Some)
            }
            _ => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        seed.deserialize(&mut *self.de)
    }
}

struct Variant<'a, 'de, 'r> {
    de: &'a mut Deserializer<'de, 'r>,
}

impl<'de> de::EnumAccess<'de> for Variant<'_, 'de, '_> {
    type Error = DeError;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), DeError> {
        let v = match self.de.next()? {
            Ev::Key(t) => match self.de.text(t) {
                TextRef::Body(s) => seed.deserialize(BorrowedStrDeserializer::new(s))?,
                TextRef::Buf(s) => seed.deserialize(s.to_owned().into_deserializer())?,
            },
            _ => return Err(DeError("expected the variant's name".into())),
        };
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, 'de, '_> {
    type Error = DeError;

    fn unit_variant(self) -> Result<(), DeError> {
        de::Deserialize::deserialize(&mut *self.de)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, DeError> {
        seed.deserialize(&mut *self.de)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, DeError> {
        de::Deserializer::deserialize_any(&mut *self.de, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        de::Deserializer::deserialize_any(&mut *self.de, visitor)
    }
}
