//! A serde `Deserializer` over one value that the fast pass ([`super::fast`]) has
//! already admitted: the guided route (`guided.rs`) checks the values it does not read
//! itself (in-place applicators, a composite `enum`, `uniqueItems`, an externally
//! tagged enum) whole, then hands them to the visitor through this.
//!
//! An admitted value is strict JSON within the limits, and its node admits it, so this
//! pass checks nothing: no keyword, no duplicate member, no budget. It only finds the
//! tokens the visitor asks for, with the same scanners as the parser, and hands them
//! over.
//!
//! Invariants:
//! 1. Run only on a value the fast pass admitted, from its first byte.
//! 2. A visitor that keeps serde's contract gets the same calls as from the one-pass
//!    [`Deserializer`] of `deserialize.rs` on the same body: the same `visit_*` per value, member names and
//!    strings borrowed from the body when they have no escape, numbers through the same
//!    [`visit_number`]. So both routes give the same `T`, or both fail.
//! 3. Any failure (the visitor's, or a byte where none was expected, which invariant 1
//!    rules out) is only a "no": the caller then runs the one-pass route, which says
//!    why and where. Nothing here panics or loops on any input.
//!
//! Cost: one scan of the value, as `serde_json::from_slice` does, plus the visitor's
//! work; recursion depth is the value's, which the fast pass bounded by `max_depth`.
//!
//! [`Deserializer`]: super::deserialize::Deserializer

use std::fmt;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use super::cursor::{Cursor, Text};
use super::visit_number;

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

/// The deserializer of one admitted value (see the module documentation).
pub(super) struct Reread<'de, 's> {
    cur: Cursor<'de>,
    /// Decoded text of the most recent string with escapes.
    scratch: &'s mut String,
}

impl<'de, 's> Reread<'de, 's> {
    /// A deserializer of the value at `cur`, which the fast pass admitted there
    /// (invariant 1).
    pub(super) fn resume(cur: Cursor<'de>, scratch: &'s mut String) -> Self {
        Reread { cur, scratch }
    }

    /// Where reading stands.
    pub(super) fn into_cursor(self) -> Cursor<'de> {
        self.cur
    }
}

impl<'de> Reread<'de, '_> {
    /// The next byte that is not whitespace, without consuming it.
    #[inline(always)]
    fn peek(&mut self) -> Option<u8> {
        self.cur.peek()
    }

    /// Consume `byte`, the next one that is not whitespace.
    #[inline(always)]
    fn expect(&mut self, byte: u8) -> Result<(), Miss> {
        self.cur.expect(byte).ok_or(Miss)
    }

    /// The string whose opening quote is the next byte.
    #[inline(always)]
    fn string(&mut self) -> Result<Text<'de>, Miss> {
        self.cur.string(self.scratch).ok_or(Miss)
    }

    /// Skip one whole value, strings scanned for their closing quote only.
    fn skip_value(&mut self) -> Result<(), Miss> {
        let mut depth = 0usize;
        loop {
            match self.peek().ok_or(Miss)? {
                b'{' | b'[' => {
                    depth += 1;
                    self.cur.pos += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1).ok_or(Miss)?;
                    self.cur.pos += 1;
                }
                b',' | b':' => self.cur.pos += 1,
                b'"' => {
                    self.string()?;
                }
                b't' => self.cur.literal(b"true").ok_or(Miss)?,
                b'f' => self.cur.literal(b"false").ok_or(Miss)?,
                b'n' => self.cur.literal(b"null").ok_or(Miss)?,
                _ => {
                    self.cur.number().ok_or(Miss)?;
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
                self.cur.pos += 1;
                let value = visitor.visit_map(Members {
                    de: &mut *self,
                    first: true,
                })?;
                self.expect(b'}')?;
                Ok(value)
            }
            b'[' => {
                self.cur.pos += 1;
                let value = visitor.visit_seq(Elements {
                    de: &mut *self,
                    first: true,
                })?;
                self.expect(b']')?;
                Ok(value)
            }
            b't' => {
                self.cur.literal(b"true").ok_or(Miss)?;
                visitor.visit_bool(true)
            }
            b'f' => {
                self.cur.literal(b"false").ok_or(Miss)?;
                visitor.visit_bool(false)
            }
            b'n' => {
                self.cur.literal(b"null").ok_or(Miss)?;
                visitor.visit_unit()
            }
            _ => visit_number(self.cur.number().ok_or(Miss)?, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Miss> {
        if self.peek() == Some(b'n') {
            self.cur.literal(b"null").ok_or(Miss)?;
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
                self.cur.pos += 1;
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
            b',' if !self.first => self.de.cur.pos += 1,
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
            b',' if !self.first => self.de.cur.pos += 1,
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
