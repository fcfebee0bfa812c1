//! `verify_into`'s fast route: a serde `Deserializer` over a body that the fast pass
//! ([`super::fast`]) has already admitted.
//!
//! An admitted body is strict JSON within the limits, and the form admits it, so this
//! pass checks nothing: no keyword, no duplicate member, no budget. It only finds the
//! tokens the visitor asks for, with the same scanners as the parser, and hands them
//! over. That is what makes `verify_into` cost a `verify` plus a plain deserialization,
//! rather than the general validator's bookkeeping on every event.
//!
//! Invariants:
//! 1. Run only on a body `fast::accepts` admitted for the same form and limits.
//! 2. The visitor gets the same calls as from the one-pass [`Deserializer`] of
//!    `deserialize.rs` on the same body: the same `visit_*` per value, member names and
//!    strings borrowed from the body when they have no escape, numbers through the same
//!    [`visit_number`]. So both routes give the same `T`, or both fail.
//! 3. Any failure (the visitor's, or a byte where none was expected, which invariant 1
//!    rules out) is only a "no": the caller then runs the one-pass route, which says
//!    why and where. Nothing here panics or loops on any input.
//!
//! Cost: one scan of the body, as `serde_json::from_slice` does, plus the visitor's
//! work; recursion depth is the body's, which the fast pass bounded by `max_depth`.
//!
//! [`Deserializer`]: super::deserialize::Deserializer

use std::fmt;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use super::deserialize::visit_number;
use crate::parse::lex::{self, Input, Lexed, StrAt};

/// A failure of the fast route; why is the one-pass route's to say (invariant 3), so
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

/// Deserialize a `T` from `body`, which the fast pass admitted (invariant 1); `None`
/// when `T` cannot hold it.
pub(crate) fn deserialize<'de, T: de::Deserialize<'de>>(
    body: &'de [u8],
    scratch: &mut String,
) -> Option<T> {
    let mut de = Reread {
        inp: Input::new(body),
        bytes: body,
        pos: 0,
        scratch,
    };
    T::deserialize(&mut de).ok()
}

struct Reread<'de, 's> {
    inp: Input<'de>,
    bytes: &'de [u8],
    pos: usize,
    /// Decoded text of the most recent string with escapes.
    scratch: &'s mut String,
}

/// A string's text: borrowed from the body, or decoded into the scratch buffer.
enum Text<'de> {
    Body(&'de str),
    Scratch,
}

impl<'de> Reread<'de, '_> {
    /// The next byte that is not whitespace, without consuming it.
    #[inline(always)]
    fn peek(&mut self) -> Option<u8> {
        while let Some(&b) = self.bytes.get(self.pos) {
            if !matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
                return Some(b);
            }
            self.pos += 1;
        }
        None
    }

    /// Consume `byte`, the next one that is not whitespace.
    #[inline(always)]
    fn expect(&mut self, byte: u8) -> Result<(), Miss> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(Miss)
        }
    }

    /// The string whose opening quote is the next byte.
    #[inline(always)]
    fn string(&mut self) -> Result<Text<'de>, Miss> {
        if self.peek() != Some(b'"') {
            return Err(Miss);
        }
        match lex::string(&self.inp, self.pos, self.scratch, true) {
            Ok(Lexed::Done(at, end)) => {
                self.pos = end;
                Ok(match at {
                    StrAt::Input(s) => Text::Body(s),
                    StrAt::Scratch => Text::Scratch,
                })
            }
            _ => Err(Miss),
        }
    }

    /// The number starting at the next byte.
    fn number(&mut self) -> Result<&'de str, Miss> {
        let start = self.pos;
        match lex::number(self.bytes, start, true) {
            Ok(Lexed::Done((), end)) => {
                self.pos = end;
                Ok(lex::ascii(&self.inp, start, end))
            }
            _ => Err(Miss),
        }
    }

    /// Consume `word` (`true`, `false`, `null`) at the next byte.
    fn literal(&mut self, word: &[u8]) -> Result<(), Miss> {
        match lex::literal(self.bytes, self.pos, word, true) {
            Ok(Lexed::Done((), end)) => {
                self.pos = end;
                Ok(())
            }
            _ => Err(Miss),
        }
    }

    /// Skip one whole value, strings scanned for their closing quote only.
    fn skip_value(&mut self) -> Result<(), Miss> {
        let mut depth = 0usize;
        loop {
            match self.peek().ok_or(Miss)? {
                b'{' | b'[' => {
                    depth += 1;
                    self.pos += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1).ok_or(Miss)?;
                    self.pos += 1;
                }
                b',' | b':' => self.pos += 1,
                b'"' => {
                    self.string()?;
                }
                b't' => self.literal(b"true")?,
                b'f' => self.literal(b"false")?,
                b'n' => self.literal(b"null")?,
                _ => {
                    self.number()?;
                }
            }
            if depth == 0 {
                return Ok(());
            }
        }
    }
}

impl<'de> de::Deserializer<'de> for &mut Reread<'de, '_> {
    type Error = Miss;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Miss> {
        match self.peek().ok_or(Miss)? {
            b'"' => match self.string()? {
                Text::Body(s) => visitor.visit_borrowed_str(s),
                Text::Scratch => visitor.visit_str(self.scratch),
            },
            b'{' => {
                self.pos += 1;
                let value = visitor.visit_map(Members {
                    de: &mut *self,
                    first: true,
                })?;
                self.expect(b'}')?;
                Ok(value)
            }
            b'[' => {
                self.pos += 1;
                let value = visitor.visit_seq(Elements {
                    de: &mut *self,
                    first: true,
                })?;
                self.expect(b']')?;
                Ok(value)
            }
            b't' => {
                self.literal(b"true")?;
                visitor.visit_bool(true)
            }
            b'f' => {
                self.literal(b"false")?;
                visitor.visit_bool(false)
            }
            b'n' => {
                self.literal(b"null")?;
                visitor.visit_unit()
            }
            _ => visit_number(self.number()?, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Miss> {
        if self.peek() == Some(b'n') {
            self.literal(b"null")?;
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Miss> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Miss> {
        match self.peek().ok_or(Miss)? {
            b'"' => match self.string()? {
                Text::Body(s) => visitor.visit_enum(de::value::BorrowedStrDeserializer::new(s)),
                Text::Scratch => visitor.visit_enum(self.scratch.clone().into_deserializer()),
            },
            b'{' => {
                self.pos += 1;
                let value = visitor.visit_enum(Variant { de: &mut *self })?;
                self.expect(b'}')?;
                Ok(value)
            }
            _ => Err(Miss),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Miss> {
        self.skip_value()?;
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

/// The elements of an array whose `[` was consumed.
struct Elements<'a, 'de, 's> {
    de: &'a mut Reread<'de, 's>,
    first: bool,
}

impl<'de> de::SeqAccess<'de> for Elements<'_, 'de, '_> {
    type Error = Miss;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Miss> {
        match self.de.peek().ok_or(Miss)? {
            b']' => return Ok(None),
            b',' if !self.first => self.de.pos += 1,
            _ if self.first => {}
            _ => return Err(Miss),
        }
        self.first = false;
        seed.deserialize(&mut *self.de).map(Some)
    }
}

/// The members of an object whose `{` was consumed.
struct Members<'a, 'de, 's> {
    de: &'a mut Reread<'de, 's>,
    first: bool,
}

impl<'de> de::MapAccess<'de> for Members<'_, 'de, '_> {
    type Error = Miss;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Miss> {
        match self.de.peek().ok_or(Miss)? {
            b'}' => return Ok(None),
            b',' if !self.first => self.de.pos += 1,
            _ if self.first => {}
            _ => return Err(Miss),
        }
        self.first = false;
        let key = match self.de.string()? {
            Text::Body(s) => seed.deserialize(de::value::BorrowedStrDeserializer::new(s))?,
            Text::Scratch => seed.deserialize(self.de.scratch.clone().into_deserializer())?,
        };
        self.de.expect(b':')?;
        Ok(Some(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Miss> {
        seed.deserialize(&mut *self.de)
    }
}

/// An externally tagged variant: `{"name": value}` with its `{` consumed.
struct Variant<'a, 'de, 's> {
    de: &'a mut Reread<'de, 's>,
}

impl<'de> de::EnumAccess<'de> for Variant<'_, 'de, '_> {
    type Error = Miss;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Miss> {
        let v = match self.de.string()? {
            Text::Body(s) => seed.deserialize(de::value::BorrowedStrDeserializer::new(s))?,
            Text::Scratch => seed.deserialize(self.de.scratch.clone().into_deserializer())?,
        };
        self.de.expect(b':')?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, 'de, '_> {
    type Error = Miss;

    fn unit_variant(self) -> Result<(), Miss> {
        de::Deserialize::deserialize(&mut *self.de)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Miss> {
        seed.deserialize(&mut *self.de)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Miss> {
        de::Deserializer::deserialize_any(&mut *self.de, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Miss> {
        de::Deserializer::deserialize_any(&mut *self.de, visitor)
    }
}
