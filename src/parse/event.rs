//! The events the strict parser yields: the interface between bytes and everything after.

/// A decoded string: borrowed from the input when it holds no escape, otherwise decoded
/// into the parser's reusable scratch buffer (valid until the next event).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Str<'a, 's> {
    /// The string's bytes in the input, unchanged: no escape intervened.
    Input(&'a str),
    /// The string after unescaping, in the parser's scratch buffer.
    Scratch(&'s str),
}

impl<'a, 's> Str<'a, 's> {
    /// The decoded text, for as long as the shorter of the two borrows.
    #[inline]
    pub fn as_str(&self) -> &'s str
    where
        'a: 's,
    {
        match *self {
            Str::Input(s) => s,
            Str::Scratch(s) => s,
        }
    }

    /// The text as a borrow of the input, when no escape made a copy necessary.
    #[inline]
    pub fn borrowed(&self) -> Option<&'a str> {
        match *self {
            Str::Input(s) => Some(s),
            Str::Scratch(_) => None,
        }
    }
}

/// One step of a strict JSON document, in document order.
///
/// A well-formed sequence is guaranteed: containers balance, every `Key` is followed by
/// exactly one value, member names are unique within their object. `'a` is the input's
/// lifetime, `'s` the parser's scratch buffer's (the event's own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event<'a, 's> {
    /// `{`
    ObjectStart,
    /// `}`
    ObjectEnd,
    /// `[`
    ArrayStart,
    /// `]`
    ArrayEnd,
    /// An object member name, unescaped and already checked to be unique in its object.
    Key(Str<'a, 's>),
    /// A string value, unescaped.
    String(Str<'a, 's>),
    /// A number, as its exact lexeme (RFC 8259 grammar checked, nothing converted).
    Number(Str<'a, 's>),
    /// `true` or `false`.
    Bool(bool),
    /// `null`
    Null,
}
