//! # formgate
//!
//! The gate every request body passes before a GPT address acts on it: a zero-copy,
//! strict JSON parser feeding a compiled, fail-closed JSON Schema validator. One
//! compiled [`Form`] both verifies acts and renders the published schema, so what is
//! published cannot diverge from what is enforced.
//!
//! ```
//! use formgate::publish::Message;
//! use formgate::Form;
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
//! ## Modules
//!
//! The crate root holds what a server needs: [`Form`] (compiled once, shared by
//! threads), [`FormBuilder`] and [`Limits`], the verdict types [`Rejection`],
//! [`RejectionKind`], [`Keyword`] and [`FormError`], and [`Accepted`] and [`Verifier`]. Three modules
//! hold the rest:
//!
//! - [`json`]: the strict parser for plain JSON, as a tree ([`json::parse`]), a verdict
//!   ([`json::check`]) or a stream of events ([`json::Parser`]);
//! - [`publish`]: the GET body `{"p", "m", "s"}` of an address and its entity tag;
//! - [`audit`]: what a form lets an actor cause, and unrolling recursive forms.
//!
//! With the feature `schemars`, `Form::from_schemars::<T>()` and
//! `FormBuilder::compile_schemars::<T>()` compile the JSON Schema schemars 1.x derives
//! for a Rust type, as it comes (`docs/SCHEMARS.md`).
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
//! ## Vocabulary (2020-12 spellings)
//!
//! | kind | keywords |
//! |---|---|
//! | assertions | `type`, `enum`, `const`, `required`, `minItems`, `maxItems`, `minLength`, `maxLength` (code points), `pattern` (ECMA-262 with `u`, lookahead and lookbehind included, linear time), `format` (asserted, `docs/FORMATS.md`: on strings `date-time`, `date`, `time`, `duration`, `email`, `idn-email`, `hostname`, `idn-hostname`, `ipv4`, `ipv6`, `uri`, `uri-reference`, `iri`, `iri-reference`, `uri-template`, `json-pointer`, `relative-json-pointer`, `regex`, `uuid`, `byte`; on numbers `int8`…`int128`, `uint8`…`uint128`, `int`, `uint`, `float`, `double`), `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf` (exact decimals), `minProperties`, `maxProperties`, `dependentRequired`, `minContains`, `maxContains`, `uniqueItems` (JSON value equality, exact numbers), `contentEncoding` (`base64`), `contentMediaType` (`application/json`) and `contentSchema` (asserted on strings, `docs/FORMATS.md`) |
//! | applicators | `properties`, `additionalProperties`, `items`, `prefixItems`, `anyOf`, `oneOf`, `allOf`, `$ref` (`#`, `#/…` only), `$defs`, `not`, `if`/`then`/`else`, `dependentSchemas`, `patternProperties` (ECMA-262, like `pattern`), `propertyNames` (names as strings, after unescaping), `contains`; boolean schemas |
//! | annotations | `title`, `description`, `default`, `examples`, `$comment`, `deprecated`, `readOnly`, `writeOnly`, `$schema`, `$id` (root only): kept verbatim, never decide |
//!
//! Everything else is a compile error ([`FormError`]) naming the keyword and its JSON
//! Pointer: fail closed.
//!
//! ## Dialects
//!
//! draft-04, draft-06, draft-07, 2019-09 and 2020-12 ([`Dialect`]), chosen by the
//! root's `$schema`, else by [`FormBuilder::default_dialect`] (2020-12 unless set).
//! Each keeps its own keywords and meanings: draft-04's `id` and boolean
//! `exclusiveMaximum`/`exclusiveMinimum`, `definitions` and `dependencies` up to
//! draft-07, array-form `items` with `additionalItems` up to 2019-09; a keyword the
//! dialect lacks is refused, as is a `$ref` beside assertions in draft-04..07 (those
//! drafts ignore its siblings). The published `s` keeps the author's spelling.
//! `docs/DIALECTS.md` has the table.
//!
//! ## Limits
//!
//! [`Limits`]: `max_bytes` (default 1 MiB) is checked before any parsing; `max_depth`
//! (default 128) counts nested containers, a document exactly that deep is accepted.
//! Set them per form with [`Form::builder`]. The parser never recurses and the fast
//! path of [`Form::verify`] recurses at most 80 levels, and a `contentSchema` document
//! inside a string one level per document within a document (under 80 at the largest
//! `max_bytes`), so no input can grow the stack beyond a fixed bound; a rejection names the first byte after which no admitted value
//! can begin, and [`Form::verifier`] applies the same to a body arriving in chunks.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The pipeline, one stage a module (docs/ARCHITECTURE.md): bytes → `parse` (strict
// events) → `form` (compiled nodes) → `verify` (verdict), and `form` → `render` (the
// published `s`); `audit` reads compiled forms; `builder` composes parse, form and
// render into `Form::compile`. No stage imports one above it (tests/module_graph.rs).
pub mod audit;
mod builder;
mod fasthash;
mod form;
mod limits;
pub mod lines;
mod parse;
mod render;
mod verify;

#[cfg(any(fuzzing, feature = "__fuzz"))]
mod fuzz;

/// Hidden entry points for the fuzz targets and the tests that share their checks.
/// Present only when built by `cargo fuzz` (`cfg(fuzzing)`) or with the non-default
/// feature `__fuzz`; not part of the public API.
#[cfg(any(fuzzing, feature = "__fuzz"))]
#[doc(hidden)]
pub mod __fuzz {
    pub use crate::fuzz::*;
}

pub use builder::FormBuilder;
pub use form::error::{FormError, FormErrorKind};
pub use form::vocabulary::{Dialect, Keyword};
pub use form::Form;
pub use limits::{Limits, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH};
pub use verify::accepted::Accepted;
pub use verify::rejection::{Rejection, RejectionKind};
pub use verify::stream::{ReadError, Verifier};

// Promises the compiler keeps: a `Form` is shared by threads without a lock
// (docs/ARCHITECTURE.md, "The compiled form"; the Python package relies on it), a
// `Verifier` can be held across an `.await` on a multi-threaded runtime, and the
// errors fit in a `Box<dyn Error + Send + Sync>`.
const _: fn() = || {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Form>();
    send_sync::<Verifier<'static>>();
    send_sync::<Rejection>();
    send_sync::<FormError>();
};

pub mod json {
    //! Strict JSON (RFC 8259, with the rules in the crate documentation's table) for
    //! plain documents: the same parser that reads forms and bodies.
    //!
    //! ```
    //! use formgate::json::{parse, ParseErrorKind};
    //! use formgate::Limits;
    //!
    //! let limits = Limits::default(); // 1 MiB, depth 128
    //! let doc = parse(br#"{"act":"greet","n":1.0}"#, &limits).unwrap();
    //! assert_eq!(doc.get("act").and_then(|v| v.as_str()), Some("greet"));
    //!
    //! // Duplicate member names are rejected at any depth, compared after unescaping.
    //! let err = parse(br#"{"a":1,"\u0061":2}"#, &limits).unwrap_err();
    //! assert_eq!(err.kind(), ParseErrorKind::DuplicateKey);
    //! assert_eq!(err.offset(), 7);
    //! ```
    //!
    //! [`check`] gives the same verdict without building a tree, and [`Parser`] yields
    //! the document as a stream of [`Event`]s.
    pub use crate::parse::error::{ParseError, ParseErrorKind};
    pub use crate::parse::event::{Event, Str};
    pub use crate::parse::value::{Number, Value};
    pub use crate::parse::{check, parse, Parser};
}

pub mod publish {
    //! The GET body of an address, `{"p": prompt, "m": messages, "s": form}`, built once
    //! by [`Form::publish`](crate::Form::publish) with a strong entity tag.
    //!
    //! ```
    //! use formgate::publish::Message;
    //! let form = formgate::Form::compile(br#"{"type":"string","maxLength":80}"#).unwrap();
    //! let get = form.publish("Write a title.", &[Message::new("user", "about rain")]);
    //! assert!(get.etag().starts_with("\"fg-"));
    //! ```
    //!
    //! [`page`] is the page for people at the same address, and [`Published::answer`]
    //! decides between the page, the JSON and `304 Not Modified` from a request's
    //! `Accept` ([`wants_html`]) and `If-None-Match` ([`Published::matches`]);
    //! [`Published::headers`] gives each [`Answer`]'s response headers as plain data, so
    //! every server of an address sends the same.
    pub use crate::render::page::{
        page, wants_html, PAGE_CONTENT_SECURITY_POLICY, PAGE_CONTENT_TYPE,
    };
    pub use crate::render::publish::{
        Answer, Header, Message, MessagesError, Published, CONTENT_TYPE, GPT_TYPE,
    };
}
