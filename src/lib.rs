//! # formgate
//!
//! The gate every request body passes before a GPT address acts on it: a zero-copy,
//! strict JSON parser feeding a compiled, fail-closed JSON Schema validator.
//!
//! ```
//! use formgate::{parse, Limits, ParseErrorKind};
//!
//! let limits = Limits::default(); // 1 MiB, depth 128
//! let doc = parse(br#"{"act":"greet","n":1.0}"#, &limits).unwrap();
//! assert_eq!(doc.get("act").and_then(|v| v.as_str()), Some("greet"));
//!
//! // Duplicate member names are rejected at any depth, compared after unescaping.
//! let err = parse(br#"{"a":1,"\u0061":2}"#, &limits).unwrap_err();
//! assert_eq!(err.kind(), ParseErrorKind::DuplicateKey);
//! ```
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
//! ## Limits
//!
//! [`Limits`]: `max_bytes` (default 1 MiB) is checked before any parsing; `max_depth`
//! (default 128) counts nested containers, a document exactly that deep is accepted.
//! The parser never recurses, so no input can grow the stack.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[doc(hidden)]
pub mod __fuzz {
    //! Hidden entry points for the fuzz targets.
    pub use crate::fuzz::*;
}
mod fasthash;
mod form;
mod fuzz;
mod limits;
mod parse;
mod render;
mod verify;

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
