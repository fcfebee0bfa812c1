//! [`ParseError`]: the bytes are not strict JSON, or exceed a limit.

use std::fmt;

/// What is wrong with the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input is longer than `max_bytes` (the limit is given); nothing was parsed.
    TooLarge {
        /// The `max_bytes` in force.
        limit: usize,
    },
    /// A container opens deeper than `max_depth` (the limit is given).
    TooDeep {
        /// The `max_depth` in force.
        limit: usize,
    },
    /// The input starts with a UTF-8 byte order mark, which RFC 8259 forbids.
    Bom,
    /// The input ends before the value is complete.
    UnexpectedEnd,
    /// A byte that cannot begin a JSON value where one is expected.
    ExpectedValue,
    /// Something other than a string where an object member name is expected.
    ExpectedKey,
    /// Something other than `:` after a member name.
    ExpectedColon,
    /// Something other than `,` or the closing bracket after a value in a container.
    ExpectedCommaOrClose,
    /// A `,` directly before `]` or `}`.
    TrailingComma,
    /// Bytes other than JSON whitespace after the top-level value.
    TrailingBytes,
    /// A misspelled `true`, `false` or `null`.
    InvalidLiteral,
    /// A number that breaks the RFC 8259 grammar (`+1`, `1.`, `.5`, `1e`, `-`).
    InvalidNumber,
    /// A number with a superfluous leading zero (`01`, `-00`).
    LeadingZero,
    /// A raw byte U+0000–U+001F inside a string.
    ControlCharacter,
    /// A backslash escape RFC 8259 does not define, or a malformed `\u` escape.
    InvalidEscape,
    /// A `\u` escape of a surrogate that is not a high surrogate followed by a low one.
    LoneSurrogate,
    /// Bytes inside a string that are not UTF-8 (invalid, overlong, truncated,
    /// an encoded surrogate, or above U+10FFFF).
    InvalidUtf8,
    /// An object member name that an earlier member of the same object already has,
    /// compared after unescaping.
    DuplicateKey,
}

impl ParseErrorKind {
    /// The kind's stable name: kebab-case, space-free, without the limit
    /// (`"duplicate-key"`, `"too-deep"`, `"invalid-utf8"`).
    ///
    /// The names are part of the API: a name is never changed or reused for another
    /// kind, so logs, metrics labels and the integrations (the command line,
    /// formgate-axum, the Python package) can match on them. A kind added later gets a
    /// new name. `docs/ARCHITECTURE.md` ("Stable names") has the table.
    ///
    /// ```
    /// use formgate::json::{check, ParseErrorKind};
    /// let err = check(br#"{"a":1,"a":2}"#, &formgate::Limits::default()).unwrap_err();
    /// assert_eq!(err.kind().name(), "duplicate-key");
    /// assert_eq!(ParseErrorKind::TooDeep { limit: 2 }.name(), "too-deep");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            ParseErrorKind::TooLarge { .. } => "too-large",
            ParseErrorKind::TooDeep { .. } => "too-deep",
            ParseErrorKind::Bom => "bom",
            ParseErrorKind::UnexpectedEnd => "unexpected-end",
            ParseErrorKind::ExpectedValue => "expected-value",
            ParseErrorKind::ExpectedKey => "expected-key",
            ParseErrorKind::ExpectedColon => "expected-colon",
            ParseErrorKind::ExpectedCommaOrClose => "expected-comma-or-close",
            ParseErrorKind::TrailingComma => "trailing-comma",
            ParseErrorKind::TrailingBytes => "trailing-bytes",
            ParseErrorKind::InvalidLiteral => "invalid-literal",
            ParseErrorKind::InvalidNumber => "invalid-number",
            ParseErrorKind::LeadingZero => "leading-zero",
            ParseErrorKind::ControlCharacter => "control-character",
            ParseErrorKind::InvalidEscape => "invalid-escape",
            ParseErrorKind::LoneSurrogate => "lone-surrogate",
            ParseErrorKind::InvalidUtf8 => "invalid-utf8",
            ParseErrorKind::DuplicateKey => "duplicate-key",
        }
    }

    fn describe(&self) -> &'static str {
        match self {
            ParseErrorKind::TooLarge { .. } => "input exceeds max_bytes",
            ParseErrorKind::TooDeep { .. } => "nesting exceeds max_depth",
            ParseErrorKind::Bom => "byte order mark",
            ParseErrorKind::UnexpectedEnd => "unexpected end of input",
            ParseErrorKind::ExpectedValue => "expected a value",
            ParseErrorKind::ExpectedKey => "expected a member name (a string)",
            ParseErrorKind::ExpectedColon => "expected ':'",
            ParseErrorKind::ExpectedCommaOrClose => "expected ',' or a closing bracket",
            ParseErrorKind::TrailingComma => "trailing comma",
            ParseErrorKind::TrailingBytes => "bytes after the value",
            ParseErrorKind::InvalidLiteral => "invalid literal",
            ParseErrorKind::InvalidNumber => "invalid number",
            ParseErrorKind::LeadingZero => "number with a leading zero",
            ParseErrorKind::ControlCharacter => "raw control character in a string",
            ParseErrorKind::InvalidEscape => "invalid escape",
            ParseErrorKind::LoneSurrogate => "lone or misordered surrogate escape",
            ParseErrorKind::InvalidUtf8 => "invalid UTF-8",
            ParseErrorKind::DuplicateKey => "duplicate member name",
        }
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::TooLarge { limit } => write!(f, "input exceeds max_bytes ({limit})"),
            ParseErrorKind::TooDeep { limit } => write!(f, "nesting exceeds max_depth ({limit})"),
            other => f.write_str(other.describe()),
        }
    }
}

/// The bytes are not strict JSON: the kind, the byte offset where it was detected, and
/// the JSON Pointer of the enclosing value where one is known.
///
/// Line and column are not stored; [`ParseError::line_column`] computes them from the
/// input when a message for people is wanted.
///
/// One pointer wide, so that `Result<Event, ParseError>` stays small on the hot path
/// (a 48-byte error made every event travel through misaligned stack copies).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} at byte {}{}", .0.kind, .0.offset, pointer_suffix(&.0.pointer))]
pub struct ParseError(Box<Detail>);

#[derive(Debug, Clone, PartialEq, Eq)]
struct Detail {
    kind: ParseErrorKind,
    offset: u64,
    pointer: Option<String>,
}

fn pointer_suffix(pointer: &Option<String>) -> String {
    match pointer {
        Some(p) => format!(" (in {:?})", p),
        None => String::new(),
    }
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind, offset: u64) -> ParseError {
        ParseError(Box::new(Detail {
            kind,
            offset,
            pointer: None,
        }))
    }

    pub(crate) fn with_pointer(mut self, pointer: String) -> ParseError {
        self.0.pointer = Some(pointer);
        self
    }

    /// What is wrong.
    pub fn kind(&self) -> ParseErrorKind {
        self.0.kind
    }

    /// The byte offset (from the start of the input) where the error was detected.
    pub fn offset(&self) -> u64 {
        self.0.offset
    }

    /// The JSON Pointer of the innermost value that encloses the error, where known
    /// (`""` is the whole document).
    pub fn pointer(&self) -> Option<&str> {
        self.0.pointer.as_deref()
    }

    /// The 1-based line and column (counted in bytes) of the offset within `input`.
    /// O(offset) time; meant for messages, never for decisions.
    pub fn line_column(&self, input: &[u8]) -> (usize, usize) {
        let end = usize::try_from(self.0.offset)
            .unwrap_or(usize::MAX)
            .min(input.len());
        let before = &input[..end];
        let line = memchr::memchr_iter(b'\n', before).count() + 1;
        let col = end - memchr::memrchr(b'\n', before).map_or(0, |i| i + 1) + 1;
        (line, col)
    }
}
