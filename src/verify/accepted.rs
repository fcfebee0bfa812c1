//! [`Accepted`]: proof, in the type system, that a body was verified.

use crate::parse::value::Value;

/// A body the form admitted, with its tree.
///
/// Only [`Form::accept`](crate::Form::accept) creates one, so a function that takes an
/// `Accepted` cannot be handed an unchecked body.
///
/// ```
/// use formgate::{Accepted, Form};
/// fn act(a: &Accepted<'_>) -> usize {
///     a.value().as_array().map_or(0, |v| v.len())
/// }
/// let form = Form::compile(br#"{"type":"array","maxItems":3}"#).unwrap();
/// let accepted = form.accept(b"[1,2]").unwrap();
/// assert_eq!(act(&accepted), 2);
/// assert_eq!(accepted.body(), b"[1,2]");
/// assert!(form.accept(b"[1,2,3,4]").is_err());
/// ```
#[derive(Debug, Clone)]
pub struct Accepted<'a> {
    body: &'a [u8],
    value: Value<'a>,
}

impl<'a> Accepted<'a> {
    pub(crate) fn new(body: &'a [u8], value: Value<'a>) -> Accepted<'a> {
        Accepted { body, value }
    }

    /// The body exactly as received (for forwarding unchanged).
    pub fn body(&self) -> &'a [u8] {
        self.body
    }

    /// The body's value, borrowing unescaped strings from the body.
    pub fn value(&self) -> &Value<'a> {
        &self.value
    }

    /// The body's value, by move.
    pub fn into_value(self) -> Value<'a> {
        self.value
    }
}
