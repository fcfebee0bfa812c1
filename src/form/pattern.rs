//! The `pattern` keyword: ECMA-262 regular expressions, compiled once per form
//! and matched in time linear in the input, lookaround included.
//!
//! A JSON Schema `pattern` is an ECMA-262 regular expression, matched against
//! the decoded string as an unanchored search. The JSON Schema 2020-12 test
//! suite expects Unicode semantics, so the source is read as if the `u` flag
//! were set (and no other flag). [`parse`] reads that dialect with a small
//! recursive-descent parser into a syntax tree, which one of two engines runs:
//!
//! - **Without lookaround**, [`emit`] writes the tree as an equivalent pattern
//!   for the `regex` crate, whose engines match in linear time. The emitted
//!   pattern spells every construct in one unambiguous form, so no difference
//!   between the two dialects' surface syntax can leak through: literals are
//!   `\x{..}` escapes (ASCII letters and digits excepted), classes are explicit
//!   code point ranges plus canonical Unicode property names, groups are
//!   non-capturing `(?:..)`.
//! - **With lookaround** (`(?=..)`, `(?!..)`, `(?<=..)`, `(?<!..)`, nested
//!   anywhere), [`linear`] compiles the tree to Thompson automata, one per
//!   lookaround and one for the pattern, and [`pike`] runs them without
//!   backtracking: each lookaround, innermost first, fills a table of one bit
//!   per input position in one pass; the pattern then runs as one unanchored
//!   state-set simulation that reads those tables as zero-width assertions.
//!   O(m * n) time for m automaton states and n code points; see
//!   `docs/PATTERNS.md` for the design and why it is exact.
//!
//! # Invariants
//!
//! 1. **Exact or error.** A [`Pattern`] exists only if its source is a valid
//!    ECMA-262 pattern in Unicode mode whose every construct has a translation
//!    with exactly the ECMA meaning. Everything else is a [`PatternError`]
//!    naming the problem and its byte offset in the source: backreferences
//!    (no linear-time exact match), inline modifiers, invalid identity escapes
//!    such as `\a` (a syntax error in Unicode mode), lone `{` `}` `]`,
//!    malformed escapes, quantifiers on nothing (an assertion or lookaround
//!    included), out-of-order ranges and counts, unknown property names. A few
//!    valid patterns are refused rather than approximated: duplicate group
//!    names (ES2025 allows them in different alternatives) and properties the
//!    `regex` crate has no table for (`Changes_When_NFKC_Casefolded`,
//!    `Script=Unknown`).
//! 2. **ECMA character sets.** `\d` is `[0-9]`, `\w` is `[A-Za-z0-9_]`, `\s` is
//!    ECMA WhiteSpace plus LineTerminator (U+0009, U+000B, U+000C, U+0020,
//!    U+00A0, U+FEFF, the Zs category, U+000A, U+000D, U+2028, U+2029: it holds
//!    U+FEFF and not U+0085); `\D` `\W` `\S` are their complements over all code
//!    points; `.` is every code point except U+000A, U+000D, U+2028, U+2029.
//!    All of these are explicit ranges, never `regex` shorthands. Both engines
//!    read a class from the same `regex` spelling ([`class::ClassSet::write`]),
//!    so they hold the same code points by construction.
//! 3. **ECMA assertions.** `^` is the start of input only (`\A`), `$` the very
//!    end of input only (`\z`), `\b` and `\B` use the ASCII word characters of
//!    `\w` (`(?-u:\b)`, `(?-u:\B)`). ECMA-262 tries start positions code point
//!    by code point under `u`, and neither engine considers a position inside
//!    a code point, so `\B` never matches inside a character. (V8 does match
//!    `/\B/u` inside a surrogate pair, e.g. in `"a🐲a"`; the specification and
//!    this module do not.)
//! 4. **Code points.** The pattern and the input are sequences of Unicode scalar
//!    values: a non-BMP character is one atom, a surrogate pair written
//!    `\uD83D\uDE00` is one code point, and a lone surrogate (which a well-formed
//!    string never holds) matches nothing. Property escapes use the `regex`
//!    crate's Unicode tables (Unicode 16 for `regex` 1.13); an engine on another
//!    Unicode version can differ on code points assigned in between.
//! 5. **Verdicts, not captures.** Only [`Pattern::is_match`] is observable, so
//!    capturing and named groups are plain groups and lazy quantifiers cannot
//!    change a verdict. Without backreferences, ECMA's backtracking search is
//!    exhaustive, so "some match exists" coincides with the automaton meaning
//!    both engines compute; a lookaround is a test of its position alone.
//! 6. **Bounded work, no panics.** Group nesting (lookarounds included) is
//!    limited to [`NEST_LIMIT`], repetition counts to `u32::MAX`, the `regex`
//!    program to [`SIZE_LIMIT`] bytes and the linear matcher's automata to
//!    [`STATE_LIMIT`] states (a pattern without lookaround over the first
//!    limit is matched by the linear matcher); exceeding them is an error,
//!    never a panic. Neither engine recurses on the input.
//!
//! # Cost
//!
//! Parsing is O(n) time and O(n) memory in the source length `n`, plus a
//! scan of a property table (under 200 entries) per `\p{..}` escape and a
//! once-per-process compile of the identifier checker for named groups.
//! Compilation is bounded by [`SIZE_LIMIT`] or [`STATE_LIMIT`]. Matching is
//! linear in the input: the `regex` crate's worst case is O(m * len) for a
//! compiled size m bounded by [`SIZE_LIMIT`]; the linear matcher's is
//! O(m * len) time for m states bounded by [`STATE_LIMIT`], and memory of one
//! bit per code point per lookaround plus O(m).

mod class;
mod emit;
mod linear;
mod parse;
mod pike;

use std::fmt;

use regex::{Regex, RegexBuilder};

#[cfg(test)]
use class::{BINARY_PROPERTIES, GENERAL_CATEGORIES, MAX_CODE_POINT, SCRIPTS};

/// Maximum size in bytes of one compiled `regex` program (the `regex` crate's
/// `size_limit`, which is also its default). `^\p{L}{1,100}$` fits; a
/// pattern that would compile larger goes to the linear matcher, and one too
/// large for that too is a [`PatternErrorKind::TooLarge`].
pub(crate) const SIZE_LIMIT: usize = 10 * (1 << 20);

/// Maximum number of automaton states of a pattern for the linear matcher, its
/// lookarounds' automata included: each costs a step per input code point. A
/// class is one state whatever its size, so `^(?=\d)\p{L}{1,1000}$` fits; a
/// repetition that would compile larger is a [`PatternErrorKind::TooManyStates`].
pub(crate) const STATE_LIMIT: usize = 100_000;

/// Maximum nesting depth of groups in an ECMA source. Each ECMA group emits at
/// most two nesting levels for `regex` (the group and its repetition), so
/// [`REGEX_NEST_LIMIT`] is never the limit that is hit.
pub(crate) const NEST_LIMIT: u32 = 100;

/// The `regex` crate's own nesting limit: two levels per ECMA group plus the
/// outer group, with headroom.
const REGEX_NEST_LIMIT: u32 = 2 * NEST_LIMIT + 8;

/// A compiled `pattern`: the ECMA-262 source as written in the form and a
/// program with the same meaning (invariants 1 to 6 of the module).
#[derive(Debug, Clone)]
pub(crate) struct Pattern {
    /// The ECMA-262 source, as written in the form.
    source: Box<str>,
    /// The program that decides it.
    engine: Engine,
}

/// The program of a [`Pattern`].
#[derive(Debug, Clone)]
enum Engine {
    /// A pattern without lookaround, translated for the `regex` crate.
    Regex(Regex),
    /// A pattern with lookaround (or any pattern, for the tests), compiled
    /// for the linear matcher.
    Linear(Box<linear::Linear>),
}

impl Pattern {
    /// Parses and compiles an ECMA-262 pattern: for the `regex` crate if it
    /// has no lookaround, for the linear matcher if it has. A pattern without
    /// lookaround that the `regex` crate finds too large (its UTF-8 automata
    /// grow with every copy of a wide class: `.{10000}`) goes to the linear
    /// matcher, where a class is one state, if it fits there.
    ///
    /// Fails with the offset of the first construct that is malformed or has
    /// no exact linear-time match, or with offset 0 when the compiled program
    /// would exceed [`SIZE_LIMIT`] (no lookaround, and more than
    /// [`STATE_LIMIT`] states as well) or [`STATE_LIMIT`] (lookaround). O(n)
    /// parsing, compile bounded by those limits.
    pub(crate) fn new(source: &str) -> Result<Pattern, PatternError> {
        #[cfg(fuzzing)]
        return fuzz_memo::new(source);
        #[cfg(not(fuzzing))]
        Pattern::compile(source)
    }

    fn compile(source: &str) -> Result<Pattern, PatternError> {
        let ast = parse::parse(source)?;
        let engine = if ast.looks > 0 {
            Engine::Linear(Box::new(linear::compile(&ast)?))
        } else {
            match build_regex(&emit::emit(&ast.body)) {
                Ok(regex) => Engine::Regex(regex),
                Err(err) if matches!(err.kind, PatternErrorKind::TooLarge { .. }) => {
                    Engine::Linear(Box::new(linear::compile(&ast).map_err(|_| err)?))
                }
                Err(err) => return Err(err),
            }
        };
        Ok(Pattern {
            source: source.into(),
            engine,
        })
    }

    /// Like [`Pattern::new`], but always for the linear matcher: the fuzz
    /// targets and tests hold it against the `regex` crate on patterns
    /// without lookaround.
    #[cfg(any(test, fuzzing, feature = "__fuzz"))]
    pub(crate) fn new_linear(source: &str) -> Result<Pattern, PatternError> {
        let ast = parse::parse(source)?;
        Ok(Pattern {
            source: source.into(),
            engine: Engine::Linear(Box::new(linear::compile(&ast)?)),
        })
    }

    /// Whether the pattern matches anywhere in `s` (unanchored search, as
    /// ECMA-262 `RegExp.prototype.test` with the `u` flag). Linear in `s`.
    pub(crate) fn is_match(&self, s: &str) -> bool {
        match &self.engine {
            Engine::Regex(regex) => regex.is_match(s),
            Engine::Linear(linear) => pike::is_match(linear, s),
        }
    }

    /// The ECMA-262 source, as written in the form.
    pub(crate) fn source(&self) -> &str {
        &self.source
    }

    /// Whether the pattern has a lookaround (`(?=..)`, `(?!..)`, `(?<=..)`,
    /// `(?<!..)`), which most regex engines outside formgate refuse. Parses the
    /// source again: O(n).
    pub(crate) fn has_lookaround(&self) -> bool {
        parse::parse(&self.source).is_ok_and(|ast| ast.looks > 0)
    }
}

/// Under `cargo fuzz` only, compiled patterns are kept by their source: compiling one
/// (the `regex` crate's builder above all) was over a quarter of a `verify` fuzz
/// execution and lit thousands of coverage counters that libFuzzer then scans, while
/// the generators write few distinct patterns. A pattern is a pure function of its
/// source, so the memo changes no verdict; a new source is still compiled once.
#[cfg(fuzzing)]
mod fuzz_memo {
    use super::{Pattern, PatternError};
    use std::cell::RefCell;
    use std::collections::HashMap;

    /// Sources kept at most; the memo starts over when full. Small, because a compiled
    /// pattern may be large (up to the size and state limits) and the `pattern` and
    /// `compile_form` targets seek out large ones: at most 256 of them are held.
    const CAPACITY: usize = 256;

    thread_local! {
        static MEMO: RefCell<HashMap<String, Result<Pattern, PatternError>>> =
            RefCell::new(HashMap::new());
    }

    pub(super) fn new(source: &str) -> Result<Pattern, PatternError> {
        if let Some(hit) = MEMO.with(|memo| memo.borrow().get(source).cloned()) {
            return hit;
        }
        let compiled = Pattern::compile(source);
        MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            if memo.len() >= CAPACITY {
                memo.clear();
            }
            memo.insert(source.to_owned(), compiled.clone());
        });
        compiled
    }
}

/// Compiles a translation for the `regex` crate. Every flag is spelled out
/// so the emitted syntax has one reading (invariant 2): no case folding, no
/// multi-line anchors, no verbose mode.
fn build_regex(translated: &str) -> Result<Regex, PatternError> {
    RegexBuilder::new(translated)
        .unicode(true)
        .case_insensitive(false)
        .multi_line(false)
        .dot_matches_new_line(false)
        .crlf(false)
        .swap_greed(false)
        .ignore_whitespace(false)
        .octal(false)
        .size_limit(SIZE_LIMIT)
        .nest_limit(REGEX_NEST_LIMIT)
        .build()
        .map_err(|err| {
            let kind = match err {
                regex::Error::CompiledTooBig(limit) => PatternErrorKind::TooLarge { limit },
                other => PatternErrorKind::Engine(other.to_string()),
            };
            PatternError::new(0, kind)
        })
}

/// Translates an ECMA-262 pattern (Unicode mode) without lookaround into
/// `regex` crate syntax with the same meaning, or says what is wrong and
/// where (a lookaround is an [`PatternErrorKind::Engine`] error here: it has
/// no `regex` spelling).
///
/// The output is wrapped in one non-capturing group and has no capture
/// groups; the only flag group is `(?-u:..)` around `\b` and `\B`. O(n) time
/// and memory. (The `regex` format uses it to check a `\p{..}` name.)
pub(crate) fn translate(source: &str) -> Result<String, PatternError> {
    let ast = parse::parse(source)?;
    if ast.looks > 0 {
        return Err(PatternError::new(
            0,
            PatternErrorKind::Engine("lookaround has no regex translation".into()),
        ));
    }
    Ok(emit::emit(&ast.body))
}

/// Why a `pattern` cannot be compiled, and where. Displays as the kind's
/// message followed by `(at byte N of the pattern)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PatternError {
    /// Byte offset in the ECMA-262 source of the offending construct.
    offset: usize,
    /// What is wrong.
    kind: PatternErrorKind,
}

impl PatternError {
    /// An error of `kind` at byte `offset` of the source.
    fn new(offset: usize, kind: PatternErrorKind) -> PatternError {
        PatternError { offset, kind }
    }

    /// Byte offset in the ECMA-262 source of the offending construct (0 for
    /// limits that concern the whole pattern).
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// What is wrong.
    pub(crate) fn kind(&self) -> &PatternErrorKind {
        &self.kind
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at byte {} of the pattern)",
            self.kind(),
            self.offset()
        )
    }
}

impl std::error::Error for PatternError {}

/// What is wrong with a `pattern`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub(crate) enum PatternErrorKind {
    /// `\1`..`\9...` or `\k<name>`.
    #[error("backreference is not supported (cannot be matched exactly in linear time)")]
    Backreference,
    /// `(?i:..)` and other inline modifier groups.
    #[error("inline modifier group is not supported")]
    Modifiers,
    /// `(?` followed by something that starts no group form.
    #[error("invalid group: `(?` must start `(?:`, `(?<name>`, `(?=`, `(?!`, `(?<=` or `(?<!`")]
    InvalidGroup,
    /// A group name that is not an ECMA-262 identifier, or is unterminated.
    #[error("invalid group name: expected an identifier followed by `>`")]
    InvalidGroupName,
    /// Two groups with the same name.
    #[error("duplicate group name `{0}`")]
    DuplicateGroupName(String),
    /// A `(` without its `)`.
    #[error("unclosed group: `(` has no matching `)`")]
    UnclosedGroup,
    /// A `)` without its `(`.
    #[error("unmatched `)`")]
    UnmatchedParen,
    /// A `[` without its `]`.
    #[error("unclosed character class: `[` has no matching `]`")]
    UnclosedClass,
    /// A `]` outside a class (a syntax error in Unicode mode).
    #[error("lone `]` (escape it as `\\]`)")]
    LoneBracket,
    /// A `{` or `}` that is not part of a quantifier (a syntax error in
    /// Unicode mode).
    #[error("lone `{{` or `}}` (escape it, or write a quantifier `{{n}}`, `{{n,}}`, `{{n,m}}`)")]
    LoneBrace,
    /// A quantifier with nothing quantifiable before it (start of an
    /// alternative, after an assertion, after another quantifier).
    #[error("quantifier has nothing to repeat")]
    NothingToRepeat,
    /// `{n,m}` with `n > m`.
    #[error("repetition range out of order: minimum {min} exceeds maximum {max}")]
    RepetitionOutOfOrder {
        /// The minimum count.
        min: u32,
        /// The maximum count.
        max: u32,
    },
    /// A repetition count above `u32::MAX`.
    #[error("repetition count exceeds the limit {limit}")]
    RepetitionTooLarge {
        /// The largest count accepted.
        limit: u32,
    },
    /// Groups nested deeper than [`NEST_LIMIT`].
    #[error("groups nested deeper than the limit {limit}")]
    NestingTooDeep {
        /// The nesting limit.
        limit: u32,
    },
    /// A `\` at the end of the pattern.
    #[error("`\\` at end of pattern")]
    TrailingBackslash,
    /// An escape that is not valid in Unicode mode, e.g. `\a`, `\-` outside
    /// a class, `\B` inside one.
    #[error(
        "invalid escape `\\{0}` (in Unicode mode only syntax characters and `/` may be escaped)"
    )]
    InvalidEscape(char),
    /// `\c` not followed by an ASCII letter.
    #[error("invalid control escape: `\\c` must be followed by an ASCII letter")]
    InvalidControlEscape,
    /// `\x` not followed by two hex digits.
    #[error("invalid hex escape: `\\x` must be followed by two hex digits")]
    InvalidHexEscape,
    /// `\u` not followed by four hex digits or `{hex}` up to `10FFFF`.
    #[error("invalid unicode escape: expected `\\uHHHH` or `\\u{{H..}}` up to 10FFFF")]
    InvalidUnicodeEscape,
    /// `\0` followed by a digit (a legacy octal escape, not valid in Unicode mode).
    #[error("octal escape is not valid in Unicode mode: `\\0` followed by a digit")]
    OctalEscape,
    /// `\p` or `\P` not followed by a well-formed `{Name}` or `{Name=Value}`.
    #[error("invalid property escape: expected `\\p{{Name}}` or `\\p{{Name=Value}}`")]
    InvalidPropertyEscape,
    /// A property name or value ECMA-262 does not define (matching is exact:
    /// case and underscores count).
    #[error("unknown Unicode property `{0}`")]
    UnknownProperty(String),
    /// A property ECMA-262 defines but the regex engine has no table for.
    #[error("Unicode property `{0}` is not supported by the regex engine")]
    UnsupportedProperty(String),
    /// A class range whose end is below its start.
    #[error("character class range out of order")]
    ClassRangeOutOfOrder,
    /// A class range with `\d`, `\w`, `\s`, `\p{..}` or a negation at an end
    /// (a syntax error in Unicode mode).
    #[error("character class range has a class escape as an endpoint")]
    ClassRangeWithClassEscape,
    /// The compiled program would exceed [`SIZE_LIMIT`].
    #[error("compiled pattern exceeds the size limit of {limit} bytes")]
    TooLarge {
        /// The size limit in bytes.
        limit: usize,
    },
    /// A pattern with lookaround whose automata would exceed [`STATE_LIMIT`] states.
    #[error("compiled pattern exceeds the limit of {limit} automaton states")]
    TooManyStates {
        /// The state limit.
        limit: usize,
    },
    /// The regex engine rejected the translation: a bug in this module,
    /// reported rather than hidden.
    #[error("internal error: the regex engine rejected the translation: {0}")]
    Engine(String),
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_linear;
