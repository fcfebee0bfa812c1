//! The recursive-descent parser of ECMA-262 Pattern[+UnicodeMode], building the small
//! syntax tree both engines compile: [`super::emit`] writes it as `regex` syntax, and
//! [`super::linear`] compiles it (lookaround included) to automata of its own.

use super::class::{
    identifier_regex, lookup, ClassSet, Property, BINARY_PROPERTIES, DIGIT, DOT,
    GENERAL_CATEGORIES, MAX_CODE_POINT, SCRIPTS, SPACE, UNSUPPORTED_BINARY_PROPERTIES,
    UNSUPPORTED_SCRIPTS, WORD,
};
use super::{PatternError, PatternErrorKind, NEST_LIMIT};

/// A parsed pattern: its disjunction, and how many lookarounds it holds.
#[derive(Debug)]
pub(super) struct Ast {
    /// The whole pattern.
    pub(super) body: Disjunction,
    /// The number of lookarounds; their [`Look::id`]s are `0..looks`.
    pub(super) looks: usize,
}

/// Alternatives separated by `|` (at least one, possibly empty).
pub(super) type Disjunction = Vec<Alternative>;

/// A sequence of terms.
pub(super) type Alternative = Vec<Term>;

/// A term of an alternative.
#[derive(Debug)]
pub(super) enum Term {
    /// `^`, `$`, `\b`, `\B`.
    Assertion(Assertion),
    /// `(?=..)`, `(?!..)`, `(?<=..)`, `(?<!..)`: never quantified in Unicode mode.
    Look(Look),
    /// An atom and its quantifier, if any.
    Atom(Atom, Option<Quantifier>),
}

/// A zero-width test of the position alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Assertion {
    /// `^`: the start of input only.
    Start,
    /// `$`: the end of input only.
    End,
    /// `\b`: an ASCII word character on exactly one side.
    WordBoundary,
    /// `\B`: not `\b`.
    NotWordBoundary,
}

/// A lookaround assertion.
#[derive(Debug)]
pub(super) struct Look {
    /// `(?<=` or `(?<!`: the body must end here; otherwise it must start here.
    pub(super) behind: bool,
    /// `(?!` or `(?<!`.
    pub(super) negated: bool,
    /// What must (or must not) match.
    pub(super) body: Disjunction,
    /// Numbered in the order lookarounds close, so every lookaround nested in this
    /// one has a smaller id (innermost first).
    pub(super) id: usize,
}

/// An atom: what a quantifier repeats.
#[derive(Debug)]
pub(super) enum Atom {
    /// One code point; a lone surrogate matches nothing.
    Char(u32),
    /// A class (`[..]`, `\d`, `\p{..}`, `.`), negated if the flag is set.
    Set(ClassSet, bool),
    /// A group of any kind (capturing, named, non-capturing): all alike here.
    Group(Disjunction),
}

/// Parses an ECMA-262 pattern in Unicode mode, or says what is wrong and where. O(n)
/// time and memory in the source length, recursion bounded by [`NEST_LIMIT`].
pub(super) fn parse(source: &str) -> Result<Ast, PatternError> {
    let mut parser = Parser {
        src: source,
        pos: 0,
        depth: 0,
        names: Vec::new(),
        looks: 0,
    };
    let body = parser.disjunction()?;
    if parser.peek().is_some() {
        // The only way a disjunction stops before the end is a `)` it did not open.
        return Err(PatternError::new(
            parser.pos,
            PatternErrorKind::UnmatchedParen,
        ));
    }
    Ok(Ast {
        body,
        looks: parser.looks,
    })
}

/// An atom that may stand at one end of a class range.
enum ClassAtom {
    /// One code point (possibly a lone surrogate).
    Char(u32),
    /// A class escape: `\d`, `\D`, `\s`, `\S`, `\w`, `\W`, `\p{..}`, `\P{..}`.
    Set(ClassSet),
}

/// A parsed quantifier.
#[derive(Debug, Clone, Copy)]
pub(super) struct Quantifier {
    /// Minimum count.
    pub(super) min: u32,
    /// Maximum count, `None` for unbounded.
    pub(super) max: Option<u32>,
    /// `?` suffix: lazy (no effect on a verdict).
    pub(super) lazy: bool,
}

/// The parser's state.
struct Parser<'s> {
    /// The ECMA-262 source.
    src: &'s str,
    /// Byte offset of the next character.
    pos: usize,
    /// Current group nesting depth (lookarounds count as groups).
    depth: u32,
    /// Group names seen so far.
    names: Vec<String>,
    /// Lookarounds closed so far.
    looks: usize,
}

/// Shorthand for an error result.
fn fail<T>(offset: usize, kind: PatternErrorKind) -> Result<T, PatternError> {
    Err(PatternError::new(offset, kind))
}

impl Parser<'_> {
    /// The next character, if any.
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    /// The character `n` places after the next one, if any.
    fn peek_nth(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    /// Consumes and returns the next character.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Consumes the next character if it is `c`.
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// Disjunction: alternatives separated by `|`, up to `)` or the end.
    /// Disjunction: alternatives separated by `|`, up to `)` or the end.
    fn disjunction(&mut self) -> Result<Disjunction, PatternError> {
        let mut alternatives = Vec::new();
        loop {
            alternatives.push(self.alternative()?);
            if !self.eat('|') {
                return Ok(alternatives);
            }
        }
    }

    /// Alternative: a sequence of terms, up to `|`, `)` or the end.
    fn alternative(&mut self) -> Result<Alternative, PatternError> {
        let mut terms = Vec::new();
        while !matches!(self.peek(), None | Some('|') | Some(')')) {
            terms.push(self.term()?);
        }
        Ok(terms)
    }

    /// Term: an assertion, or an atom with an optional quantifier. A
    /// quantifier after an assertion or another quantifier is left for the
    /// next term, where it is a [`PatternErrorKind::NothingToRepeat`]: in
    /// Unicode mode no assertion, lookaround included, is quantifiable.
    fn term(&mut self) -> Result<Term, PatternError> {
        let assertion = match (self.peek(), self.peek_nth(1)) {
            (Some('^'), _) => Some((1, Assertion::Start)),
            (Some('$'), _) => Some((1, Assertion::End)),
            (Some('\\'), Some('b')) => Some((2, Assertion::WordBoundary)),
            (Some('\\'), Some('B')) => Some((2, Assertion::NotWordBoundary)),
            _ => None,
        };
        if let Some((len, assertion)) = assertion {
            self.pos += len;
            return Ok(Term::Assertion(assertion));
        }
        if let Some(look) = self.look()? {
            return Ok(Term::Look(look));
        }
        let atom = self.atom()?;
        let quantifier = self.quantifier()?;
        Ok(Term::Atom(atom, quantifier))
    }

    /// A lookaround, if one starts here: `(?=`, `(?!`, `(?<=`, `(?<!`, its
    /// disjunction and `)`.
    fn look(&mut self) -> Result<Option<Look>, PatternError> {
        let rest = &self.src[self.pos..];
        let (behind, negated, len) = if rest.starts_with("(?=") {
            (false, false, 3)
        } else if rest.starts_with("(?!") {
            (false, true, 3)
        } else if rest.starts_with("(?<=") {
            (true, false, 4)
        } else if rest.starts_with("(?<!") {
            (true, true, 4)
        } else {
            return Ok(None);
        };
        let start = self.pos;
        self.pos += len;
        let body = self.group_body(start)?;
        let id = self.looks;
        self.looks += 1;
        Ok(Some(Look {
            behind,
            negated,
            body,
            id,
        }))
    }

    /// Atom: one character, class, escape or group, which a quantifier can follow.
    fn atom(&mut self) -> Result<Atom, PatternError> {
        let start = self.pos;
        let Some(c) = self.bump() else {
            return fail(start, PatternErrorKind::NothingToRepeat);
        };
        match c {
            '.' => Ok(Atom::Set(ClassSet::from_ranges(DOT, false), false)),
            '(' => self.group(start),
            '[' => self.class(start),
            '\\' => self.atom_escape(start),
            '*' | '+' | '?' => fail(start, PatternErrorKind::NothingToRepeat),
            '{' => {
                // A well-formed `{n,m}` here has nothing to repeat; anything
                // else is a lone brace.
                self.pos = start;
                let kind = match self.quantifier() {
                    Ok(None) => PatternErrorKind::LoneBrace,
                    Err(err) if err.kind == PatternErrorKind::LoneBrace => {
                        PatternErrorKind::LoneBrace
                    }
                    _ => PatternErrorKind::NothingToRepeat,
                };
                fail(start, kind)
            }
            '}' => fail(start, PatternErrorKind::LoneBrace),
            ']' => fail(start, PatternErrorKind::LoneBracket),
            ')' => fail(start, PatternErrorKind::UnmatchedParen),
            c => Ok(Atom::Char(u32::from(c))),
        }
    }

    /// Quantifier: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally
    /// followed by `?`. `None` if no quantifier starts here; a `{` that does
    /// not form one is an error (Unicode mode has no literal `{`).
    fn quantifier(&mut self) -> Result<Option<Quantifier>, PatternError> {
        let start = self.pos;
        let (min, max) = match self.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                self.pos += 1;
                let Some(min) = self.decimal(start)? else {
                    return fail(start, PatternErrorKind::LoneBrace);
                };
                let max = if self.eat(',') {
                    self.decimal(start)?
                } else {
                    Some(min)
                };
                if self.peek() != Some('}') {
                    return fail(start, PatternErrorKind::LoneBrace);
                }
                (min, max)
            }
            _ => return Ok(None),
        };
        self.pos += 1;
        if let Some(max) = max {
            if max < min {
                return fail(start, PatternErrorKind::RepetitionOutOfOrder { min, max });
            }
        }
        let lazy = self.eat('?');
        Ok(Some(Quantifier { min, max, lazy }))
    }

    /// DecimalDigits of a quantifier starting at `start`: `None` if there are
    /// none; counts above `u32::MAX` are an error.
    fn decimal(&mut self, start: usize) -> Result<Option<u32>, PatternError> {
        let digits = self.src[self.pos..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            return Ok(None);
        }
        let text = &self.src[self.pos..self.pos + digits];
        self.pos += digits;
        // Only digits, so the only failure is overflow.
        match text.parse::<u32>() {
            Ok(n) => Ok(Some(n)),
            Err(_) => fail(
                start,
                PatternErrorKind::RepetitionTooLarge { limit: u32::MAX },
            ),
        }
    }

    /// Group after its `(` at `start`: `( )`, `(?: )`, `(?<name> )`;
    /// lookaround and modifiers are errors (invariant 1). Captures are not
    /// observable, so every group is emitted non-capturing (invariant 5).
    /// Group after its `(` at `start`: `( )`, `(?: )`, `(?<name> )`; modifiers
    /// are errors (invariant 1), lookarounds are terms ([`Parser::look`]).
    /// Captures are not observable, so every group is alike (invariant 5).
    fn group(&mut self, start: usize) -> Result<Atom, PatternError> {
        if self.eat('?') {
            match (self.peek(), self.peek_nth(1)) {
                (Some(':'), _) => self.pos += 1,
                // A lookaround here follows nothing a term could start with,
                // e.g. `((?=a)` is handled by `term`, so this is unreachable
                // in practice; it is refused rather than assumed.
                (Some('=' | '!'), _) | (Some('<'), Some('=' | '!')) => {
                    return fail(start, PatternErrorKind::InvalidGroup)
                }
                (Some('<'), _) => {
                    self.pos += 1;
                    self.group_name()?;
                }
                (Some('i' | 'm' | 's' | '-'), _) => {
                    return fail(start, PatternErrorKind::Modifiers)
                }
                _ => return fail(start, PatternErrorKind::InvalidGroup),
            }
        }
        Ok(Atom::Group(self.group_body(start)?))
    }

    /// The disjunction and `)` of a group or lookaround opened at `start`,
    /// within [`NEST_LIMIT`].
    fn group_body(&mut self, start: usize) -> Result<Disjunction, PatternError> {
        self.depth += 1;
        if self.depth > NEST_LIMIT {
            return fail(
                start,
                PatternErrorKind::NestingTooDeep { limit: NEST_LIMIT },
            );
        }
        let body = self.disjunction()?;
        if !self.eat(')') {
            return fail(start, PatternErrorKind::UnclosedGroup);
        }
        self.depth -= 1;
        Ok(body)
    }

    /// GroupName after `(?<`: a RegExpIdentifierName (characters or `\u`
    /// escapes) and `>`, unique in the pattern.
    fn group_name(&mut self) -> Result<(), PatternError> {
        let name_start = self.pos;
        let mut name = String::new();
        loop {
            let escape_start = self.pos;
            match self.bump() {
                None => return fail(name_start, PatternErrorKind::InvalidGroupName),
                Some('>') => break,
                Some('\\') => {
                    if !self.eat('u') {
                        return fail(name_start, PatternErrorKind::InvalidGroupName);
                    }
                    let cp = self.unicode_escape(escape_start)?;
                    match char::from_u32(cp) {
                        Some(c) => name.push(c),
                        None => return fail(name_start, PatternErrorKind::InvalidGroupName),
                    }
                }
                Some(c) => name.push(c),
            }
        }
        if !identifier_regex().is_match(&name) {
            return fail(name_start, PatternErrorKind::InvalidGroupName);
        }
        if self.names.contains(&name) {
            return fail(name_start, PatternErrorKind::DuplicateGroupName(name));
        }
        self.names.push(name);
        Ok(())
    }

    /// AtomEscape after its `\` at `start` (`\b` and `\B` are assertions,
    /// handled by [`Parser::term`]).
    /// AtomEscape after its `\` at `start` (`\b` and `\B` are assertions,
    /// handled by [`Parser::term`]).
    fn atom_escape(&mut self, start: usize) -> Result<Atom, PatternError> {
        match self.peek() {
            Some('1'..='9') => fail(start, PatternErrorKind::Backreference),
            Some('k') if self.peek_nth(1) == Some('<') => {
                fail(start, PatternErrorKind::Backreference)
            }
            _ => Ok(match self.class_escape(start, false)? {
                ClassAtom::Char(cp) => Atom::Char(cp),
                ClassAtom::Set(set) => Atom::Set(set, false),
            }),
        }
    }

    /// ClassEscape (`in_class`) or the CharacterClassEscape and
    /// CharacterEscape parts of AtomEscape, after the `\` at `start`.
    fn class_escape(&mut self, start: usize, in_class: bool) -> Result<ClassAtom, PatternError> {
        let Some(c) = self.bump() else {
            return fail(start, PatternErrorKind::TrailingBackslash);
        };
        let cp = match c {
            'd' | 'D' => return Ok(ClassAtom::Set(ClassSet::from_ranges(DIGIT, c == 'D'))),
            's' | 'S' => return Ok(ClassAtom::Set(ClassSet::from_ranges(SPACE, c == 'S'))),
            'w' | 'W' => return Ok(ClassAtom::Set(ClassSet::from_ranges(WORD, c == 'W'))),
            'p' | 'P' => {
                let property = self.property(start)?;
                let mut set = ClassSet::default();
                set.add_property(c == 'P', property);
                return Ok(ClassAtom::Set(set));
            }
            'b' if in_class => 0x08,
            '-' if in_class => u32::from('-'),
            'f' => 0x0C,
            'n' => 0x0A,
            'r' => 0x0D,
            't' => 0x09,
            'v' => 0x0B,
            'c' => match self.peek() {
                Some(letter) if letter.is_ascii_alphabetic() => {
                    self.pos += 1;
                    u32::from(letter) % 32
                }
                _ => return fail(start, PatternErrorKind::InvalidControlEscape),
            },
            '0' => {
                if self.peek().is_some_and(|d| d.is_ascii_digit()) {
                    return fail(start, PatternErrorKind::OctalEscape);
                }
                0
            }
            'x' => {
                let Some(value) = self.hex_digits(2) else {
                    return fail(start, PatternErrorKind::InvalidHexEscape);
                };
                value
            }
            'u' => self.unicode_escape(start)?,
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => u32::from(c),
            other => return fail(start, PatternErrorKind::InvalidEscape(other)),
        };
        Ok(ClassAtom::Char(cp))
    }

    /// Exactly `n` hex digits, consumed only if all are present.
    fn hex_digits(&mut self, n: usize) -> Option<u32> {
        let text = self.src.get(self.pos..self.pos + n)?;
        if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let value = u32::from_str_radix(text, 16).ok()?;
        self.pos += n;
        Some(value)
    }

    /// RegExpUnicodeEscapeSequence[+UnicodeMode] after `\u` (the `\` at
    /// `start`): `{H..}` up to 10FFFF, or four hex digits, where a lead
    /// surrogate followed by `\u` and a trail surrogate is one code point
    /// (invariant 4).
    fn unicode_escape(&mut self, start: usize) -> Result<u32, PatternError> {
        if self.eat('{') {
            let digits = self.src[self.pos..]
                .bytes()
                .take_while(u8::is_ascii_hexdigit)
                .count();
            let text = &self.src[self.pos..self.pos + digits];
            let value = text.trim_start_matches('0');
            // Leading zeros are allowed; more than six significant digits
            // is above 10FFFF anyway.
            let cp = if digits == 0 || value.len() > 6 {
                None
            } else if value.is_empty() {
                Some(0)
            } else {
                u32::from_str_radix(value, 16).ok()
            };
            self.pos += digits;
            return match cp {
                Some(cp) if cp <= MAX_CODE_POINT && self.eat('}') => Ok(cp),
                _ => fail(start, PatternErrorKind::InvalidUnicodeEscape),
            };
        }
        let Some(lead) = self.hex_digits(4) else {
            return fail(start, PatternErrorKind::InvalidUnicodeEscape);
        };
        if (0xD800..=0xDBFF).contains(&lead) && self.src[self.pos..].starts_with("\\u") {
            let resume = self.pos;
            self.pos += 2;
            match self.hex_digits(4) {
                Some(trail) if (0xDC00..=0xDFFF).contains(&trail) => {
                    return Ok(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
                }
                _ => self.pos = resume,
            }
        }
        Ok(lead)
    }

    /// UnicodePropertyValueExpression after `\p` or `\P` (the `\` at
    /// `start`): `{Name}` or `{Name=Value}`, spelled exactly as ECMA-262
    /// and PropertyValueAliases.txt spell it.
    fn property(&mut self, start: usize) -> Result<Property, PatternError> {
        if !self.eat('{') {
            return fail(start, PatternErrorKind::InvalidPropertyEscape);
        }
        let Some(len) = self.src[self.pos..].find('}') else {
            return fail(start, PatternErrorKind::InvalidPropertyEscape);
        };
        let body = &self.src[self.pos..self.pos + len];
        self.pos += len + 1;
        let (name, value) = match body.split_once('=') {
            Some((name, value)) => (Some(name), value),
            None => (None, body),
        };
        let name_ok = match name {
            None => true,
            Some(name) => {
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_')
            }
        };
        let value_ok = !value.is_empty()
            && value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !name_ok || !value_ok {
            return fail(start, PatternErrorKind::InvalidPropertyEscape);
        }
        let property = match name {
            None => lookup(GENERAL_CATEGORIES, value)
                .map(general_category)
                .or_else(|| lookup(BINARY_PROPERTIES, value).map(Property::Binary)),
            Some("General_Category" | "gc") => {
                lookup(GENERAL_CATEGORIES, value).map(general_category)
            }
            Some("Script" | "sc") => lookup(SCRIPTS, value).map(Property::Script),
            Some("Script_Extensions" | "scx") => {
                lookup(SCRIPTS, value).map(Property::ScriptExtensions)
            }
            Some(_) => None,
        };
        match property {
            Some(property) => Ok(property),
            None => {
                let unsupported = match name {
                    None => UNSUPPORTED_BINARY_PROPERTIES,
                    Some("Script" | "sc" | "Script_Extensions" | "scx") => UNSUPPORTED_SCRIPTS,
                    Some(_) => "",
                }
                .split_ascii_whitespace()
                .any(|known| known == value);
                let kind = if unsupported {
                    PatternErrorKind::UnsupportedProperty(body.to_owned())
                } else {
                    PatternErrorKind::UnknownProperty(body.to_owned())
                };
                fail(start, kind)
            }
        }
    }

    /// CharacterClass after its `[` at `start`, emitted as one `regex` class
    /// of explicit ranges and canonical property names (invariant 2).
    /// CharacterClass after its `[` at `start` (invariant 2).
    fn class(&mut self, start: usize) -> Result<Atom, PatternError> {
        let negated = self.eat('^');
        let mut set = ClassSet::default();
        loop {
            let atom_start = self.pos;
            match self.peek() {
                None => return fail(start, PatternErrorKind::UnclosedClass),
                Some(']') => {
                    self.pos += 1;
                    break;
                }
                _ => {}
            }
            let first = self.class_atom()?;
            // A `-` is a range operator unless it is last before `]` (or the end).
            if self.peek() == Some('-') && !matches!(self.peek_nth(1), None | Some(']')) {
                self.pos += 1;
                let second = self.class_atom()?;
                match (first, second) {
                    (ClassAtom::Char(lo), ClassAtom::Char(hi)) => {
                        if lo > hi {
                            return fail(atom_start, PatternErrorKind::ClassRangeOutOfOrder);
                        }
                        set.ranges.push((lo, hi));
                    }
                    _ => return fail(atom_start, PatternErrorKind::ClassRangeWithClassEscape),
                }
            } else {
                match first {
                    ClassAtom::Char(cp) => set.ranges.push((cp, cp)),
                    ClassAtom::Set(other) => set.union(other),
                }
            }
        }
        Ok(Atom::Set(set, negated))
    }

    /// ClassAtom: a character (any but `\` and `]`; `[` is literal here) or
    /// a ClassEscape. The caller has checked that one follows.
    fn class_atom(&mut self) -> Result<ClassAtom, PatternError> {
        let start = self.pos;
        match self.bump() {
            Some('\\') => self.class_escape(start, true),
            Some(c) => Ok(ClassAtom::Char(u32::from(c))),
            None => fail(start, PatternErrorKind::UnclosedClass),
        }
    }
}

/// A General_Category long name as a [`Property`].
fn general_category(name: &'static str) -> Property {
    if name == "Surrogate" {
        Property::Surrogate
    } else {
        Property::GeneralCategory(name)
    }
}
