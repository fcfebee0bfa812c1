//! The one serde `Deserializer` of `verify_into`, generic over where its tokens come
//! from, as serde_json's `Deserializer<R: Read>` is over its reader.
//!
//! A [`Source`] reads a body's tokens and checks them against the form on its engine's
//! terms: [`Events`](super::events::Events), the parser's events through the general
//! validator; [`Guided`](super::guided::Guided), the fast engine's checks at each
//! value's node. This file turns tokens into a visitor's calls, and knows nothing of
//! the form. So every route hands a visitor the same calls on the same body, and gives
//! the same `T`, by construction: the routes differ only in who checks.
//!
//! Invariants:
//! 1. One call per value: each `deserialize_*` takes exactly one value's first token
//!    from the source (or the one [`Deserializer::peeked`] by `deserialize_option`),
//!    and a container's last token is taken by [`Source::close`].
//! 2. The read-nothing guard, written once: a seed that returns `Ok` for an element or
//!    a member's value without taking a value is an error, so no visitor can make the
//!    deserializer hand out the same token for ever; nor can it ask for two names
//!    without a value between them, or a value without a name, or end an object or a
//!    variant after a name without its value (`{"a":}`).
//! 3. Every error that leaves this deserializer or a seed it runs is recorded in
//!    [`Deserializer::failed`], even one a visitor swallows: the guided route then does
//!    not admit the body.
//! 4. Strings without escapes are handed over borrowed from the body
//!    (`visit_borrowed_str`); escaped ones from the source's scratch buffer.
//!
//! Cost: nothing beyond the source's and the visitor's work; recursion depth is the
//! body's, which the source bounds by `max_depth`.

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

/// A string's or a number's text: borrowed from the body, or decoded into the
/// source's scratch buffer ([`Source::scratch`]) until the source is next called.
#[derive(Debug, Clone, Copy)]
pub(super) enum Text<'de> {
    Body(&'de str),
    Scratch,
}

/// The first token of one value, as a [`Source`] read and checked it; `O` is the
/// state of a container it opened.
#[derive(Debug)]
pub(super) enum Token<'de, O> {
    Null,
    Bool(bool),
    Str(Text<'de>),
    Number(Text<'de>),
    /// An object's `{`, read.
    Object(O),
    /// An array's `[`, read.
    Array(O),
}

/// Where the deserializer's tokens come from, read and checked on one engine's terms.
/// Every `Err` is "stop": the source has recorded why, if it has a why.
pub(super) trait Source<'de> {
    /// The deserializer's error.
    type Error: de::Error;
    /// What the source keeps of one open container while the visitor walks it.
    type Open;

    /// Read the next value's first token: a scalar whole, a container's opening.
    fn value(&mut self) -> Result<Token<'de, Self::Open>, Self::Error>;

    /// Read the next member's name and its `:` in the object `open`, or `None` when
    /// the object closes next (its close is left for [`Source::close`]).
    fn member(&mut self, open: &mut Self::Open) -> Result<Option<Text<'de>>, Self::Error>;

    /// Whether another element follows in the array `open` (its `,` read); `false`
    /// when the array closes next (its close is left for [`Source::close`]).
    fn element(&mut self, open: &mut Self::Open) -> Result<bool, Self::Error>;

    /// Read the close of the container `open`, which must come next, and check the
    /// container whole.
    fn close(&mut self, open: Self::Open) -> Result<(), Self::Error>;

    /// Read one whole value that the visitor ignores, checking it all the same.
    fn skip(&mut self) -> Result<(), Self::Error>;

    /// The text of the most recent [`Text::Scratch`].
    fn scratch(&self) -> &str;
}

/// The deserializer over one [`Source`] (see the module documentation).
pub(super) struct Deserializer<'de, S: Source<'de>> {
    pub(super) src: S,
    /// The value `deserialize_option` read that was not `null`, for the next call.
    peeked: Option<Token<'de, S::Open>>,
    /// Values taken from the source so far (invariant 2).
    taken: u64,
    /// Whether any error left the deserializer (invariant 3).
    pub(super) failed: bool,
}

impl<'de, S: Source<'de>> Deserializer<'de, S> {
    /// A deserializer over `src`, at the start of a body.
    pub(super) fn new(src: S) -> Self {
        Deserializer {
            src,
            peeked: None,
            taken: 0,
            failed: false,
        }
    }

    /// Whether nothing is left half read: no token parked by `deserialize_option`. With
    /// the source's own state, what tells a visitor that read the whole value from
    /// one that left it open at the root (below the root, invariant 2 does).
    pub(super) fn idle(&self) -> bool {
        self.peeked.is_none()
    }

    /// Record `r`'s error, if it is one (invariant 3).
    #[inline(always)]
    fn noted<T>(&mut self, r: Result<T, S::Error>) -> Result<T, S::Error> {
        if r.is_err() {
            self.failed = true;
        }
        r
    }

    /// The next value's first token (invariant 1).
    #[inline(always)]
    fn token(&mut self) -> Result<Token<'de, S::Open>, S::Error> {
        self.taken += 1;
        match self.peeked.take() {
            Some(t) => Ok(t),
            None => self.src.value(),
        }
    }

    /// Hand `text` to `visitor` as a string.
    #[inline(always)]
    fn visit_text<V: Visitor<'de>>(
        &self,
        text: Text<'de>,
        visitor: V,
    ) -> Result<V::Value, S::Error> {
        match text {
            Text::Body(s) => visitor.visit_borrowed_str(s),
            Text::Scratch => visitor.visit_str(self.src.scratch()),
        }
    }

    /// Deserialize `text`, a member or variant name, with `seed`.
    #[inline(always)]
    fn name<K: DeserializeSeed<'de>>(
        &self,
        text: Text<'de>,
        seed: K,
    ) -> Result<K::Value, S::Error> {
        match text {
            Text::Body(s) => seed.deserialize(BorrowedStrDeserializer::new(s)),
            Text::Scratch => seed.deserialize(self.src.scratch().to_owned().into_deserializer()),
        }
    }

    /// `deserialize_any` on the value whose first token is `token`.
    #[inline(always)]
    fn any<V: Visitor<'de>>(
        &mut self,
        token: Token<'de, S::Open>,
        visitor: V,
    ) -> Result<V::Value, S::Error> {
        match token {
            Token::Null => visitor.visit_unit(),
            Token::Bool(b) => visitor.visit_bool(b),
            Token::Str(t) => self.visit_text(t, visitor),
            Token::Number(t) => match t {
                Text::Body(s) => visit_number(s, visitor),
                Text::Scratch => visit_number(self.src.scratch(), visitor),
            },
            Token::Object(open) => {
                let mut map = Map {
                    de: &mut *self,
                    open,
                    pending: false,
                };
                let value = visitor.visit_map(&mut map)?;
                if map.pending {
                    // A name whose value was never read: `{"a":}` must not pass for
                    // an object because the visitor stopped there (invariant 2).
                    return Err(de::Error::custom("a member's value was not read"));
                }
                let open = map.open;
                self.src.close(open)?;
                Ok(value)
            }
            Token::Array(open) => {
                let mut seq = Seq {
                    de: &mut *self,
                    open,
                };
                let value = visitor.visit_seq(&mut seq)?;
                let open = seq.open;
                self.src.close(open)?;
                Ok(value)
            }
        }
    }

    /// The rest of a value the visitor ignores, whose first token is `token`.
    fn skip_rest(&mut self, token: Token<'de, S::Open>) -> Result<(), S::Error> {
        match token {
            Token::Object(mut open) => {
                while self.src.member(&mut open)?.is_some() {
                    self.src.skip()?;
                }
                self.src.close(open)
            }
            Token::Array(mut open) => {
                while self.src.element(&mut open)? {
                    self.src.skip()?;
                }
                self.src.close(open)
            }
            _ => Ok(()),
        }
    }
}

impl<'de, S: Source<'de>> de::Deserializer<'de> for &mut Deserializer<'de, S> {
    type Error = S::Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, S::Error> {
        let r = match self.token() {
            Ok(token) => self.any(token, visitor),
            Err(e) => Err(e),
        };
        self.noted(r)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, S::Error> {
        let r = match self.peeked.take().map_or_else(|| self.src.value(), Ok) {
            Ok(Token::Null) => {
                self.taken += 1;
                visitor.visit_none()
            }
            Ok(token) => {
                self.peeked = Some(token);
                visitor.visit_some(&mut *self)
            }
            Err(e) => Err(e),
        };
        self.noted(r)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, S::Error> {
        let r = visitor.visit_newtype_struct(&mut *self);
        self.noted(r)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, S::Error> {
        let r = match self.token() {
            Ok(Token::Str(t)) => match t {
                Text::Body(s) => visitor.visit_enum(BorrowedStrDeserializer::new(s)),
                Text::Scratch => {
                    visitor.visit_enum(self.src.scratch().to_owned().into_deserializer())
                }
            },
            Ok(Token::Object(open)) => {
                let mut open = open;
                let mut named = None;
                let variant = Variant {
                    de: &mut *self,
                    open: &mut open,
                    named: &mut named,
                };
                match visitor.visit_enum(variant) {
                    // The variant's name was read, its value never (invariant 2).
                    Ok(_) if named == Some(self.taken) => {
                        Err(de::Error::custom("the variant's value was not read"))
                    }
                    Ok(value) => self.src.close(open).map(|()| value),
                    Err(e) => Err(e),
                }
            }
            Ok(_) => Err(de::Error::custom(
                "expected a string or an object for an enum",
            )),
            Err(e) => Err(e),
        };
        self.noted(r)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, S::Error> {
        self.taken += 1;
        let r = match self.peeked.take() {
            Some(token) => self.skip_rest(token),
            None => self.src.skip(),
        }
        .and_then(|()| visitor.visit_unit());
        self.noted(r)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

/// Run `seed` on the next value; `Ok` only if it took one (invariant 2).
#[inline(always)]
fn one_value<'de, S: Source<'de>, T: DeserializeSeed<'de>>(
    de: &mut Deserializer<'de, S>,
    seed: T,
    what: &'static str,
) -> Result<T::Value, S::Error> {
    let before = de.taken;
    let value = seed.deserialize(&mut *de);
    if value.is_err() || de.taken == before {
        de.failed = true;
    }
    match value {
        Ok(_) if de.taken == before => Err(de::Error::custom(what)),
        value => value,
    }
}

/// The elements of an open array.
struct Seq<'a, 'de, S: Source<'de>> {
    de: &'a mut Deserializer<'de, S>,
    open: S::Open,
}

impl<'de, S: Source<'de>> de::SeqAccess<'de> for &mut Seq<'_, 'de, S> {
    type Error = S::Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, S::Error> {
        match self.de.src.element(&mut self.open) {
            Ok(true) => one_value(self.de, seed, "an element was not read").map(Some),
            Ok(false) => Ok(None),
            Err(e) => {
                self.de.failed = true;
                Err(e)
            }
        }
    }
}

/// The members of an open object; `pending` while a name waits for its value.
struct Map<'a, 'de, S: Source<'de>> {
    de: &'a mut Deserializer<'de, S>,
    open: S::Open,
    pending: bool,
}

impl<'de, S: Source<'de>> de::MapAccess<'de> for &mut Map<'_, 'de, S> {
    type Error = S::Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, S::Error> {
        if self.pending {
            return self.de.noted(Err(de::Error::custom(
                "a name was asked for before a value",
            )));
        }
        let r = match self.de.src.member(&mut self.open) {
            Ok(Some(text)) => {
                self.pending = true;
                self.de.name(text, seed).map(Some)
            }
            other => other.map(|_| None),
        };
        self.de.noted(r)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, S::Error> {
        if !std::mem::take(&mut self.pending) {
            return self.de.noted(Err(de::Error::custom(
                "a value was asked for without a name",
            )));
        }
        one_value(self.de, seed, "a member's value was not read")
    }
}

/// An externally tagged variant, `{"name": value}`, with its `{` read. `open` is the
/// caller's: it reads the object's close once the visitor is done. `named` is set to
/// the count of values taken when the name was read, so the caller can tell a value
/// read after it from none.
struct Variant<'a, 'de, S: Source<'de>> {
    de: &'a mut Deserializer<'de, S>,
    open: &'a mut S::Open,
    named: &'a mut Option<u64>,
}

impl<'de, S: Source<'de>> de::EnumAccess<'de> for Variant<'_, 'de, S> {
    type Error = S::Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), S::Error> {
        let r = match self.de.src.member(self.open) {
            Ok(Some(text)) => self.de.name(text, seed),
            Ok(None) => Err(de::Error::custom("expected the variant's name")),
            Err(e) => Err(e),
        };
        let v = self.de.noted(r)?;
        *self.named = Some(self.de.taken);
        Ok((v, self))
    }
}

impl<'de, S: Source<'de>> de::VariantAccess<'de> for Variant<'_, 'de, S> {
    type Error = S::Error;

    fn unit_variant(self) -> Result<(), S::Error> {
        one_value(
            self.de,
            std::marker::PhantomData::<()>,
            "the variant's value was not read",
        )
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, S::Error> {
        one_value(self.de, seed, "the variant's value was not read")
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, S::Error> {
        de::Deserializer::deserialize_any(&mut *self.de, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, S::Error> {
        de::Deserializer::deserialize_any(&mut *self.de, visitor)
    }
}

/// Hand a number lexeme to a visitor: integers that fit as `u64`/`i64`, anything else
/// as the nearest `f64` (the serde data model has nothing exact; verdicts never use it).
/// `-0` is the float `-0.0`, as serde_json gives it: no integer holds its sign, so an
/// integer type refuses it as serde_json's does.
fn visit_number<'de, V: Visitor<'de>, E: de::Error>(lexeme: &str, v: V) -> Result<V::Value, E> {
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
