//! # formgate
//!
//! The gate every request body passes before a GPT address acts on it: a zero-copy,
//! strict JSON parser feeding a compiled, fail-closed JSON Schema validator. One
//! compiled [`Form`] both verifies acts and renders the published schema, so what is
//! published cannot diverge from what is enforced.
//!
//! ```
//! use formgate::{Form, Message};
//!
//! let form = Form::compile(br#"{
//!     "type": "object",
//!     "properties": {"role": {"enum": ["user", "admin"]}, "note": {"type": "string", "maxLength": 80}},
//!     "required": ["role"],
//!     "additionalProperties": false
//! }"#).unwrap();
//!
//! // The GET body {"p", "m", "s"}, built once; `s` is rendered from the compiled form.
//! let get = form.publish("Leave a note.", &[Message::new("user", "hello")]);
//! assert!(get.body().ends_with(br#""additionalProperties":false}}"#));
//!
//! // Verification and deserialization in one pass over the bytes.
//! #[derive(serde::Deserialize)]
//! struct Act<'a> { role: &'a str, note: Option<&'a str> }
//! let act: Act = form.verify_into(br#"{"role":"user","note":"hi"}"#).unwrap();
//! assert_eq!((act.role, act.note), ("user", Some("hi")));
//!
//! // Duplicate names are rejected at any depth, whatever a permissive parser would keep.
//! assert!(form.verify_into::<Act>(br#"{"role":"admin","role":"user"}"#).is_err());
//! ```
//!
//! [`parse`] and [`Parser`] give the same strict parser for plain JSON.
//!
//! ## What "strict" means
//!
//! | rule | rejected |
//! |---|---|
//! | RFC 8259 grammar exactly | comments, `NaN`, `Infinity`, `+1`, `01`, `1.`, `.5`, trailing commas, single quotes, unquoted names |
//! | nothing after the value but JSON whitespace | `{} x`, `[]]`, a NUL after the value |
//! | whitespace is space, tab, LF, CR only | form feed, NBSP, U+2028 between tokens |
//! | UTF-8 only | a byte order mark, invalid, overlong or truncated sequences, encoded surrogates, code points above U+10FFFF |
//! | no raw control characters in strings | U+0000–U+001F unescaped |
//! | RFC 8259 escapes only, surrogates paired | `\x41`, `\'`, `\uD800` alone, `\uDC00\uD800` |
//! | unique member names, after unescaping | `{"a":1,"\u0061":2}`, `{"/":1,"\/":2}` (but NFC and NFD spellings differ) |
//! | numbers exact | nothing is converted to a float; `1e400`, `-0`, 400-digit integers are kept as written |
//!
//! ## Vocabulary v1 (JSON Schema 2020-12 semantics)
//!
//! | kind | keywords |
//! |---|---|
//! | assertions | `type`, `enum`, `const`, `required`, `minItems`, `maxItems`, `minLength`, `maxLength` (code points), `pattern` (ECMA-262, linear time), `format` (`date-time`, `date`, `time`, `duration`, `email`, `hostname`, `ipv4`, `ipv6`, `uuid`, asserted), `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf` (exact decimals) |
//! | applicators | `properties`, `additionalProperties`, `items`, `prefixItems`, `anyOf`, `oneOf`, `allOf`, `$ref` (`#`, `#/…` only), `$defs`; boolean schemas |
//! | annotations | `title`, `description`, `default`, `examples`, `$comment`, `deprecated`, `readOnly`, `writeOnly`, `$schema`, `$id` (root only): kept verbatim, never decide |
//!
//! Everything else is a compile error ([`FormError`]) naming the keyword and its JSON
//! Pointer: fail closed. draft-07 forms compile where their meaning equals 2020-12's.
//!
//! ## Limits
//!
//! [`Limits`]: `max_bytes` (default 1 MiB) is checked before any parsing; `max_depth`
//! (default 128) counts nested containers, a document exactly that deep is accepted.
//! Set them per form with [`Form::builder`]. The parser never recurses and the fast
//! path of [`Form::verify`] recurses at most 96 levels, so no input can grow the stack
//! beyond a fixed bound; a rejection names the first byte after which no admitted value
//! can begin, and [`Form::verifier`] applies the same to a body arriving in chunks.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[doc(hidden)]
pub mod __fuzz {
    //! Hidden entry points for the fuzz targets.
    pub use crate::fuzz::*;
}
mod audit;
mod fasthash;
mod form;
mod fuzz;
mod limits;
mod parse;
mod render;
mod verify;

pub use audit::{Audit, Bound, Finding, Profile, Rule};
pub use form::error::{FormError, FormErrorKind};
pub use form::{Form, FormBuilder};
pub use limits::{Limits, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH};
pub use parse::error::{ParseError, ParseErrorKind};
pub use parse::event::{Event, Str};
pub use parse::value::{Number, Value};
pub use parse::{check, parse, Parser};
pub use render::publish::{Message, MessagesError, Published, CONTENT_TYPE};
pub use verify::accepted::Accepted;
pub use verify::rejection::{Rejection, RejectionKind};
pub use verify::stream::{ReadError, Verifier};
