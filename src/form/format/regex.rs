//! The `regex` format: ECMA-262 regular expression syntax, Unicode mode.
//!
//! A syntax check, not a matcher: lookaround and backreferences, which the `pattern`
//! keyword refuses because it cannot match them exactly in linear time, are valid
//! here. The grammar is ECMA-262 15th edition (2024) §22.2.1 with the `u` flag and no
//! other (so no Annex B leniency: lone `{`, `}` and `]`, identity escapes of letters,
//! legacy octal escapes and quantified lookaheads are errors), plus its early errors
//! (§22.2.1.1): `{n,m}` with `n > m`, an out-of-order class range or one with a class
//! escape at an end, a `\1`-style backreference beyond the number of capturing groups,
//! `\k<name>` without a group of that name, a duplicate group name, a group name that
//! is not an identifier, a code point escape above U+10FFFF, and an unknown Unicode
//! property or value (checked against the property tables of the `pattern` module).
//! The additions of later editions (`(?i:…)` modifiers and duplicate names in separate
//! alternatives, ES2025) are not part of this edition and are rejected.
//!
//! Cost: O(n) time in the length of the source, plus O(k log k) for k group names and
//! a table scan per distinct `\p{…}`. Memory: a stack of open groups and the group names (the
//! only format that allocates, because names and nesting are unbounded).

use std::collections::HashSet;
use std::sync::OnceLock;

use regex::Regex;

use crate::form::pattern::{translate, PatternErrorKind};

/// Whether `s` is a valid ECMA-262 pattern under the `u` flag.
pub(super) fn is_regex(s: &str) -> bool {
    let mut p = Parser {
        s,
        pos: 0,
        groups: 0,
        names: Vec::new(),
        references: Vec::new(),
        max_backreference: 0,
        properties: HashSet::new(),
    };
    p.pattern().is_some() && p.early_errors_hold()
}

/// Whether each open group is a lookaround (which Unicode mode never quantifies).
type Open = Vec<bool>;

/// The state of one syntax check.
struct Parser<'a> {
    /// The source.
    s: &'a str,
    /// Byte offset of the next character.
    pos: usize,
    /// Capturing groups so far.
    groups: u64,
    /// The decoded names of named groups.
    names: Vec<String>,
    /// The decoded names `\k<…>` refers to.
    references: Vec<String>,
    /// The largest `\N` (saturated).
    max_backreference: u64,
    /// The `\p{…}` escapes already found valid, so that each distinct one is looked up
    /// once.
    properties: HashSet<&'a str>,
}

/// A class atom: one code point, or a class escape (`\d`, `\p{…}`…).
enum ClassAtom {
    /// A code point.
    Char(u32),
    /// A set: `\d`, `\w`, `\s`, their negations, `\p{…}`, `\P{…}`.
    Class,
}

impl<'a> Parser<'a> {
    /// The next character.
    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }

    /// Consumes the next character.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// Consumes `c` if it comes next.
    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.pos += c.len_utf8();
        }
        hit
    }

    /// Consumes `prefix` if it comes next.
    fn eat_str(&mut self, prefix: &str) -> bool {
        let hit = self.s[self.pos..].starts_with(prefix);
        if hit {
            self.pos += prefix.len();
        }
        hit
    }

    /// `Pattern :: Disjunction`, without recursion: an explicit stack of open groups.
    fn pattern(&mut self) -> Option<()> {
        let mut open: Open = Vec::new();
        // Whether the term before is an atom a quantifier may follow.
        let mut quantifiable = false;
        while let Some(c) = self.bump() {
            quantifiable = match c {
                '|' | '^' | '$' => false,
                '(' => {
                    open.push(self.group_opening()?);
                    false
                }
                ')' => !open.pop()?,
                '*' | '+' | '?' => {
                    if !quantifiable {
                        return None;
                    }
                    self.eat('?');
                    false
                }
                '{' => {
                    // In Unicode mode a `{` starts a quantifier or is an error.
                    if !quantifiable || !self.braced_quantifier() {
                        return None;
                    }
                    self.eat('?');
                    false
                }
                '}' | ']' => return None,
                '[' => {
                    self.class()?;
                    true
                }
                '\\' => match self.peek()? {
                    'b' | 'B' => {
                        self.bump();
                        false
                    }
                    _ => {
                        self.atom_escape()?;
                        true
                    }
                },
                _ => true,
            };
        }
        open.is_empty().then_some(())
    }

    /// After `(`: the group's kind, consuming `?:`, `?=`, `?!`, `?<=`, `?<!` or
    /// `?<name>`; true for a lookaround.
    fn group_opening(&mut self) -> Option<bool> {
        if !self.eat('?') {
            self.groups += 1;
            return Some(false);
        }
        if self.eat(':') {
            return Some(false);
        }
        if self.eat('=') || self.eat('!') || self.eat_str("<=") || self.eat_str("<!") {
            return Some(true);
        }
        if self.eat('<') {
            let name = self.group_name()?;
            self.names.push(name);
            self.groups += 1;
            return Some(false);
        }
        None
    }

    /// `{n}`, `{n,}` or `{n,m}` with `n <= m`, after the `{`; false if it is not one.
    fn braced_quantifier(&mut self) -> bool {
        let Some(min) = self.digits() else {
            return false;
        };
        if self.eat('}') {
            return true;
        }
        if !self.eat(',') {
            return false;
        }
        if self.eat('}') {
            return true;
        }
        let Some(max) = self.digits() else {
            return false;
        };
        self.eat('}') && !greater(min, max)
    }

    /// One or more ASCII digits.
    fn digits(&mut self) -> Option<&'a str> {
        let start = self.pos;
        let len = self.s[start..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        self.pos += len;
        (len > 0).then(|| &self.s[start..start + len])
    }

    /// After `\` outside a class: `AtomEscape[+UnicodeMode, +NamedCaptureGroups]`
    /// (`\b` and `\B` are handled as assertions by the caller).
    fn atom_escape(&mut self) -> Option<()> {
        match self.peek()? {
            '1'..='9' => {
                let n = self.digits()?;
                let value = n.parse::<u64>().unwrap_or(u64::MAX);
                self.max_backreference = self.max_backreference.max(value);
                Some(())
            }
            'k' => {
                self.bump();
                if !self.eat('<') {
                    return None;
                }
                let name = self.group_name()?;
                self.references.push(name);
                Some(())
            }
            _ => self.class_escape(false).map(drop),
        }
    }

    /// After `[`: `ClassContents[+UnicodeMode, ~UnicodeSetsMode]` and the `]`.
    fn class(&mut self) -> Option<()> {
        self.eat('^');
        loop {
            if self.eat(']') {
                return Some(());
            }
            let from = self.class_atom()?;
            let rest = &self.s[self.pos..];
            if rest.starts_with('-') && !rest.starts_with("-]") {
                self.bump();
                let to = self.class_atom()?;
                match (from, to) {
                    (ClassAtom::Char(a), ClassAtom::Char(b)) if a <= b => {}
                    _ => return None,
                }
            }
        }
    }

    /// `ClassAtom[+UnicodeMode]`.
    fn class_atom(&mut self) -> Option<ClassAtom> {
        match self.bump()? {
            '\\' => self.class_escape(true),
            c => Some(ClassAtom::Char(u32::from(c))),
        }
    }

    /// After `\`: `CharacterClassEscape` or `CharacterEscape[+UnicodeMode]`, and in a
    /// class (`in_class`) also `\b` (U+0008) and `\-`.
    fn class_escape(&mut self, in_class: bool) -> Option<ClassAtom> {
        let c = self.bump()?;
        let cp = match c {
            'd' | 'D' | 's' | 'S' | 'w' | 'W' => return Some(ClassAtom::Class),
            'p' | 'P' => {
                self.property()?;
                return Some(ClassAtom::Class);
            }
            'b' if in_class => 0x08,
            '-' if in_class => u32::from('-'),
            'f' => 0x0C,
            'n' => 0x0A,
            'r' => 0x0D,
            't' => 0x09,
            'v' => 0x0B,
            'c' => match self.bump()? {
                l if l.is_ascii_alphabetic() => u32::from(l) % 32,
                _ => return None,
            },
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => 0,
            'x' => {
                let hi = self.hex_digit()?;
                hi * 16 + self.hex_digit()?
            }
            'u' => self.unicode_escape()?,
            // IdentityEscape[+UnicodeMode] :: SyntaxCharacter / `/`
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => u32::from(c),
            _ => return None,
        };
        Some(ClassAtom::Char(cp))
    }

    /// Consumes one hex digit, its value.
    fn hex_digit(&mut self) -> Option<u32> {
        self.bump()?.to_digit(16)
    }

    /// After `\u`: `RegExpUnicodeEscapeSequence[+UnicodeMode]`: `{CodePoint}` (at most
    /// U+10FFFF, any number of digits), a lead surrogate escape followed by a trail
    /// surrogate escape (one code point), or four hex digits.
    fn unicode_escape(&mut self) -> Option<u32> {
        if self.eat('{') {
            let mut value = 0u32;
            let mut any = false;
            while let Some(d) = self.peek().and_then(|c| c.to_digit(16)) {
                self.bump();
                value = value.checked_mul(16)? + d;
                if value > 0x10_FFFF {
                    return None;
                }
                any = true;
            }
            return (any && self.eat('}')).then_some(value);
        }
        let value = self.hex4()?;
        if (0xD800..0xDC00).contains(&value) {
            let save = self.pos;
            if self.eat_str("\\u") {
                if let Some(trail @ 0xDC00..=0xDFFF) = self.hex4() {
                    return Some(0x1_0000 + ((value - 0xD800) << 10) + (trail - 0xDC00));
                }
            }
            self.pos = save;
        }
        Some(value)
    }

    /// Consumes four hex digits, their value.
    fn hex4(&mut self) -> Option<u32> {
        let mut value = 0;
        for _ in 0..4 {
            value = value * 16 + self.hex_digit()?;
        }
        Some(value)
    }

    /// After `\p` or `\P`: `{Name=Value}` or `{NameOrValue}` naming a property
    /// ECMA-262 defines (§22.2.2.9.5, tables 67–69 and PropertyValueAliases.txt).
    fn property(&mut self) -> Option<()> {
        if !self.eat('{') {
            return None;
        }
        let start = self.pos;
        let len = self.s[start..]
            .bytes()
            .take_while(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'=')
            .count();
        self.pos += len;
        if len == 0 || !self.eat('}') {
            return None;
        }
        // The `pattern` module knows every name and value; a property it knows but
        // cannot match is still valid syntax.
        let body = &self.s[start - 3..self.pos];
        if self.properties.contains(body) {
            return Some(());
        }
        match translate(body) {
            Ok(_) => {}
            Err(e) if matches!(e.kind(), PatternErrorKind::UnsupportedProperty(_)) => {}
            Err(_) => return None,
        }
        self.properties.insert(body);
        Some(())
    }

    /// After `<`: `RegExpIdentifierName` and the `>`, decoded.
    fn group_name(&mut self) -> Option<String> {
        let mut name = String::new();
        loop {
            match self.bump()? {
                '>' => break,
                '\\' => {
                    if !self.eat('u') {
                        return None;
                    }
                    name.push(char::from_u32(self.unicode_escape()?)?);
                }
                c => name.push(c),
            }
        }
        identifier().is_match(&name).then_some(name)
    }

    /// The early errors that look at the whole pattern.
    fn early_errors_hold(&mut self) -> bool {
        if self.max_backreference > self.groups {
            return false;
        }
        self.names.sort_unstable();
        let unique = self.names.windows(2).all(|w| w[0] != w[1]);
        unique
            && self
                .references
                .iter()
                .all(|r| self.names.binary_search(r).is_ok())
    }
}

/// Whether the decimal `a` exceeds the decimal `b` (digit strings of any length).
fn greater(a: &str, b: &str) -> bool {
    let a = a.trim_start_matches('0');
    let b = b.trim_start_matches('0');
    (a.len(), a) > (b.len(), b)
}

/// ECMA-262 `RegExpIdentifierName` over decoded characters: an `ID_Start`, `$` or `_`,
/// then `ID_Continue`, `$`, ZWNJ or ZWJ.
fn identifier() -> &'static Regex {
    static IDENTIFIER: OnceLock<Regex> = OnceLock::new();
    IDENTIFIER.get_or_init(|| {
        Regex::new(r"\A[\p{ID_Start}$_][\p{ID_Continue}$\x{200C}\x{200D}]*\z")
            .expect("a fixed pattern that compiles")
    })
}
