//! Stage 1: bytes → strict events.
//!
//! [`Parser`] pulls [`Event`]s from a byte slice; [`parse`] builds a borrowed [`Value`]
//! tree from them for callers who only want strict JSON. Forms and bodies both pass
//! through this one parser.
//!
//! Invariants (what "strict" means here):
//! 1. RFC 8259 grammar exactly; after the value only space, tab, LF, CR, then the end.
//! 2. UTF-8 only: no byte order mark, no invalid, overlong or truncated sequence, no
//!    encoded surrogate, nothing above U+10FFFF, no raw U+0000–U+001F in a string.
//! 3. Escapes are RFC 8259's; surrogate escapes only as a high+low pair.
//! 4. No member name twice in one object, compared after unescaping.
//! 5. `max_bytes` is checked before any byte is parsed; `max_depth` bounds nesting.
//! 6. Numbers are checked against the grammar and kept as their exact lexeme.

pub(crate) mod error;
pub(crate) mod event;
pub(crate) mod keys;
pub(crate) mod lex;
pub(crate) mod machine;
pub(crate) mod value;

use crate::limits::Limits;
use error::{ParseError, ParseErrorKind};
use event::Event;
use machine::{Machine, Step};
use value::Value;

/// A pull parser over a complete input: call [`Parser::next`] until it yields `None`.
///
/// ```
/// use formgate::Limits;
/// use formgate::json::{Event, Parser};
/// let mut p = Parser::new(br#"{"a":[1,"x"]}"#, &Limits::default()).unwrap();
/// let mut n = 0;
/// while let Some(ev) = p.next().unwrap() {
///     if let Event::Number(lexeme) = ev {
///         assert_eq!(lexeme.as_str(), "1");
///     }
///     n += 1;
/// }
/// assert_eq!(n, 7);
/// ```
#[derive(Debug)]
pub struct Parser<'a> {
    input: lex::Input<'a>,
    pos: usize,
    machine: Machine,
}

impl<'a> Parser<'a> {
    /// A parser over `input`.
    ///
    /// # Errors
    ///
    /// [`ParseErrorKind::TooLarge`] at once if `input` exceeds `limits.max_bytes()`;
    /// nothing is parsed.
    pub fn new(input: &'a [u8], limits: &Limits) -> Result<Parser<'a>, ParseError> {
        check_size(input.len(), limits)?;
        Ok(Parser {
            input: lex::Input::new(input),
            pos: 0,
            machine: Machine::new(limits.max_depth()),
        })
    }

    /// The next event, or `None` once the document is complete and the input ended.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] at the first byte that is not strict JSON, or that opens a
    /// container deeper than `max_depth`. After an error the parser must not be used
    /// further.
    #[inline]
    #[allow(clippy::should_implement_trait)] // events borrow the parser; not an Iterator
    pub fn next(&mut self) -> Result<Option<Event<'a, '_>>, ParseError> {
        match self.machine.step(&self.input, &mut self.pos, true)? {
            Step::Event(e) => Ok(Some(e)),
            Step::End => Ok(None),
            Step::NeedMore => unreachable!("a final slice never needs more"),
        }
    }

    /// The byte offset of the first byte of the most recent event's token.
    #[inline]
    pub fn offset(&self) -> u64 {
        self.machine.token_start()
    }

    /// The byte offset just past the most recent event.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// How many containers are open.
    #[inline]
    pub fn depth(&self) -> usize {
        self.machine.depth()
    }

    /// The JSON Pointer of the value the most recent event belongs to, as far as the
    /// parser knows it (the innermost container and its current member). Allocates;
    /// meant for error reports.
    pub fn pointer(&self) -> String {
        self.machine.pointer(true)
    }
}

/// Invariant 5: the size limit comes before any parsing.
#[inline]
pub(crate) fn check_size(len: usize, limits: &Limits) -> Result<(), ParseError> {
    if len > limits.max_bytes() {
        return Err(ParseError::new(
            ParseErrorKind::TooLarge {
                limit: limits.max_bytes(),
            },
            limits.max_bytes() as u64,
        ));
    }
    Ok(())
}

/// Check that `input` is strict JSON within `limits`, building nothing.
///
/// O(n) time, O(depth + names of open objects) memory.
///
/// # Errors
///
/// A [`ParseError`]: [`ParseErrorKind::TooLarge`] before any parsing when `input`
/// exceeds `limits.max_bytes()`, else the first byte that is not strict JSON (or
/// nests deeper than `limits.max_depth()`).
pub fn check(input: &[u8], limits: &Limits) -> Result<(), ParseError> {
    let mut p = Parser::new(input, limits)?;
    while p.next()?.is_some() {}
    Ok(())
}

/// Parse strict JSON into a [`Value`] that borrows unescaped strings from `input`.
///
/// ```
/// use formgate::Limits;
/// use formgate::json::{parse, ParseErrorKind};
/// let v = parse(br#"{"name":"gate","n":1e400}"#, &Limits::default()).unwrap();
/// assert_eq!(v.get("name").and_then(|v| v.as_str()), Some("gate"));
/// let e = parse(br#"{"a":1,"\u0061":2}"#, &Limits::default()).unwrap_err();
/// assert_eq!(e.kind(), ParseErrorKind::DuplicateKey);
/// assert_eq!(e.offset(), 7);
/// ```
///
/// # Errors
///
/// A [`ParseError`], as [`check`] gives.
pub fn parse<'a>(input: &'a [u8], limits: &Limits) -> Result<Value<'a>, ParseError> {
    let mut p = Parser::new(input, limits)?;
    value::build(&mut p)
}
