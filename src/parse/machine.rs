//! The strict JSON state machine: bytes in, [`Event`]s out, one token per step.
//!
//! Invariants:
//! 1. No recursion: nesting lives in an explicit stack, so a million `[` cost a
//!    `max_depth` check, not a stack overflow. Depth is checked at the byte that opens a
//!    container (`TooDeep` there).
//! 2. The machine owns no input. Each [`Machine::step`] is handed a slice and a position;
//!    structural state changes only when a whole token has been read, so a slice that
//!    ends inside a token (`NeedMore`) leaves the machine as it was and the caller may
//!    retry with more bytes. `base` makes every offset absolute.
//! 3. Events form a well-formed document (containers balance, every key has one value,
//!    names are unique per object), followed by exactly one `End`, after which only JSON
//!    whitespace was seen.
//! 4. All buffers (stack, names, scratch) are kept across [`Machine::reset`], so a
//!    reused machine does not allocate once warmed up.
//!
//! Cost: O(n) time; O(depth + length of the names of the open objects) memory.

use super::error::{ParseError, ParseErrorKind};
use super::event::{Event, Str};
use super::keys::KeySet;
use super::lex::{self, Input, Lexed, StrAt};

/// What the machine expects next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// A value: the top level, or after `:`.
    Value,
    /// An array element after `,` (a `]` here is a trailing comma).
    Element,
    /// The first element of an array, or `]`.
    ArrayFirst,
    /// The first member name of an object, or `}`.
    ObjectFirst,
    /// A member name after `,` (a `}` here is a trailing comma).
    Key,
    /// The `:` after a member name.
    Colon,
    /// `,` or the closing bracket, after a value inside a container.
    After,
    /// Only whitespace, then the end of input.
    Done,
}

#[derive(Debug, Clone, Copy)]
struct Frame {
    object: bool,
    /// Elements begun (arrays) or names read (objects).
    count: u32,
}

/// The result of one [`Machine::step`].
#[derive(Debug)]
pub enum Step<'a, 's> {
    /// The next event.
    Event(Event<'a, 's>),
    /// The document is complete and only whitespace followed.
    End,
    /// The slice ended (inside a token, or between tokens) before the document did.
    NeedMore,
}

/// The resumable strict-JSON state machine behind [`Parser`](crate::json::Parser).
#[derive(Debug)]
pub struct Machine {
    max_depth: usize,
    expect: Expect,
    stack: Vec<Frame>,
    keys: KeySet,
    scratch: String,
    base: u64,
    token_start: u64,
}

impl Machine {
    /// A machine at the start of a document, with `max_depth` nesting allowed.
    pub fn new(max_depth: usize) -> Machine {
        Machine {
            max_depth,
            expect: Expect::Value,
            stack: Vec::new(),
            keys: KeySet::default(),
            scratch: String::new(),
            base: 0,
            token_start: 0,
        }
    }

    /// Start a new document, keeping the buffers.
    pub fn reset(&mut self, max_depth: usize) {
        self.max_depth = max_depth;
        self.expect = Expect::Value;
        self.stack.clear();
        self.keys.clear();
        self.scratch.clear();
        self.base = 0;
        self.token_start = 0;
    }

    /// Declare that the next slice handed to [`step`](Machine::step) starts at absolute
    /// offset `base` of the document.
    pub fn set_base(&mut self, base: u64) {
        self.base = base;
    }

    /// The absolute offset of the first byte of the most recent token.
    #[inline]
    pub fn token_start(&self) -> u64 {
        self.token_start
    }

    /// How many containers are open.
    #[inline]
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    #[cold]
    fn fail(&self, kind: ParseErrorKind, at: usize, in_value: bool) -> ParseError {
        ParseError::new(kind, self.base + at as u64).with_pointer(self.pointer(in_value))
    }

    /// The JSON Pointer of the innermost open container, extended by its current member
    /// or element when `in_value` (the error lies inside that member's value).
    #[cold]
    pub(crate) fn pointer(&self, in_value: bool) -> String {
        let mut out = String::new();
        let mut objects = 0;
        let n = self.stack.len();
        for (d, f) in self.stack.iter().enumerate() {
            let innermost = d + 1 == n;
            if f.object {
                let name = self.keys.last_in(objects);
                objects += 1;
                if innermost && !in_value {
                    break;
                }
                if let Some(name) = name {
                    out.push('/');
                    for c in String::from_utf8_lossy(name).chars() {
                        match c {
                            '~' => out.push_str("~0"),
                            '/' => out.push_str("~1"),
                            c => out.push(c),
                        }
                    }
                }
            } else {
                if innermost && !in_value {
                    break;
                }
                if f.count > 0 {
                    out.push('/');
                    out.push_str(&(f.count - 1).to_string());
                }
            }
        }
        out
    }

    /// Read the next event from `input` starting at `*pos`, advancing `*pos` past it.
    ///
    /// `last` says whether `input` ends the document; when it does not, a slice that ends
    /// inside a token gives [`Step::NeedMore`] with `*pos` at the token's first byte.
    #[inline(always)]
    pub(crate) fn step<'a, 's>(
        &'s mut self,
        inp: &Input<'a>,
        pos: &mut usize,
        last: bool,
    ) -> Result<Step<'a, 's>, ParseError>
    where
        'a: 's,
    {
        let input = inp.bytes;
        loop {
            let mut i = *pos;
            while let Some(&c) = input.get(i) {
                if lex::is_ws(c) {
                    i += 1;
                } else {
                    break;
                }
            }
            *pos = i;
            let Some(&c) = input.get(i) else {
                if !last {
                    return Ok(Step::NeedMore);
                }
                if self.expect == Expect::Done {
                    return Ok(Step::End);
                }
                let in_value = matches!(
                    self.expect,
                    Expect::Value | Expect::Element | Expect::ArrayFirst
                );
                return Err(self.fail(ParseErrorKind::UnexpectedEnd, i, in_value));
            };
            self.token_start = self.base + i as u64;
            match self.expect {
                Expect::Value | Expect::Element | Expect::ArrayFirst => {
                    if c == b']' {
                        match self.expect {
                            Expect::ArrayFirst => {
                                *pos = i + 1;
                                self.close();
                                return Ok(Step::Event(Event::ArrayEnd));
                            }
                            Expect::Element => {
                                return Err(self.fail(ParseErrorKind::TrailingComma, i, false))
                            }
                            _ => {}
                        }
                    }
                    return self.value(inp, pos, i, c, last);
                }
                Expect::ObjectFirst | Expect::Key => {
                    if c == b'"' {
                        return self.key(inp, pos, i, last);
                    }
                    let kind = match (c, self.expect) {
                        (b'}', Expect::ObjectFirst) => {
                            *pos = i + 1;
                            self.keys.close();
                            self.close();
                            return Ok(Step::Event(Event::ObjectEnd));
                        }
                        (b'}', _) => ParseErrorKind::TrailingComma,
                        _ => ParseErrorKind::ExpectedKey,
                    };
                    return Err(self.fail(kind, i, false));
                }
                Expect::Colon => {
                    if c != b':' {
                        return Err(self.fail(ParseErrorKind::ExpectedColon, i, false));
                    }
                    self.expect = Expect::Value;
                    *pos = i + 1;
                }
                Expect::After => {
                    let object = self.stack.last().expect("After implies a container").object;
                    match (c, object) {
                        (b',', true) => self.expect = Expect::Key,
                        (b',', false) => self.expect = Expect::Element,
                        (b'}', true) => {
                            *pos = i + 1;
                            self.keys.close();
                            self.close();
                            return Ok(Step::Event(Event::ObjectEnd));
                        }
                        (b']', false) => {
                            *pos = i + 1;
                            self.close();
                            return Ok(Step::Event(Event::ArrayEnd));
                        }
                        _ => return Err(self.fail(ParseErrorKind::ExpectedCommaOrClose, i, false)),
                    }
                    *pos = i + 1;
                }
                Expect::Done => return Err(self.fail(ParseErrorKind::TrailingBytes, i, false)),
            }
        }
    }

    /// A container closed: pop it and expect what follows a value.
    #[inline]
    fn close(&mut self) {
        self.stack.pop();
        self.after_value();
    }

    #[inline]
    fn after_value(&mut self) {
        self.expect = if self.stack.is_empty() {
            Expect::Done
        } else {
            Expect::After
        };
    }

    #[inline]
    fn open(&mut self, object: bool, i: usize) -> Result<(), ParseError> {
        // Invariant 1: depth is checked at the opening byte.
        if self.stack.len() >= self.max_depth {
            return Err(self.fail(
                ParseErrorKind::TooDeep {
                    limit: self.max_depth,
                },
                i,
                true,
            ));
        }
        self.stack.push(Frame { object, count: 0 });
        Ok(())
    }

    #[inline(always)]
    fn value<'a, 's>(
        &'s mut self,
        inp: &Input<'a>,
        pos: &mut usize,
        i: usize,
        c: u8,
        last: bool,
    ) -> Result<Step<'a, 's>, ParseError>
    where
        'a: 's,
    {
        if let Some(f) = self.stack.last_mut() {
            if !f.object && self.expect != Expect::Value {
                f.count += 1;
            }
        }
        let input = inp.bytes;
        let lexed = match c {
            b'"' => {
                return match lex::string_called(inp, i, &mut self.scratch, last) {
                    Ok(Lexed::Done(at, end)) => {
                        *pos = end;
                        self.after_value();
                        Ok(Step::Event(Event::String(match at {
                            StrAt::Input(s) => Str::Input(s),
                            StrAt::Scratch => Str::Scratch(&self.scratch),
                        })))
                    }
                    Ok(Lexed::NeedMore) => Ok(self.need_more()),
                    Err((kind, at)) => Err(self.fail(kind, at, true)),
                };
            }
            b'{' => {
                self.open(true, i)?;
                self.keys.open();
                self.expect = Expect::ObjectFirst;
                *pos = i + 1;
                return Ok(Step::Event(Event::ObjectStart));
            }
            b'[' => {
                self.open(false, i)?;
                self.expect = Expect::ArrayFirst;
                *pos = i + 1;
                return Ok(Step::Event(Event::ArrayStart));
            }
            b'-' | b'0'..=b'9' => match lex::number(input, i, last) {
                Ok(Lexed::Done((), end)) => {
                    *pos = end;
                    self.after_value();
                    let text = lex::ascii(inp, i, end);
                    return Ok(Step::Event(Event::Number(Str::Input(text))));
                }
                other => other.map(|l| (l, Event::Null)),
            },
            b't' => lex::literal(input, i, b"true", last).map(|l| (l, Event::Bool(true))),
            b'f' => lex::literal(input, i, b"false", last).map(|l| (l, Event::Bool(false))),
            b'n' => lex::literal(input, i, b"null", last).map(|l| (l, Event::Null)),
            0xEF if self.base + i as u64 == 0 => match input.get(i..i + 3) {
                Some([0xEF, 0xBB, 0xBF]) => Err((ParseErrorKind::Bom, i)),
                None if !last && input[i..] == [0xEF, 0xBB, 0xBF][..input.len() - i] => {
                    Ok((Lexed::NeedMore, Event::Null))
                }
                _ => Err((ParseErrorKind::ExpectedValue, i)),
            },
            _ => Err((ParseErrorKind::ExpectedValue, i)),
        };
        match lexed {
            Ok((Lexed::Done((), end), event)) => {
                *pos = end;
                self.after_value();
                Ok(Step::Event(event))
            }
            Ok((Lexed::NeedMore, _)) => Ok(self.need_more()),
            Err((kind, at)) => Err(self.fail(kind, at, true)),
        }
    }

    /// The slice ended inside a value token: undo the element count taken at its start
    /// (invariant 2: nothing changes until a token is whole).
    #[cold]
    fn need_more<'a, 's>(&mut self) -> Step<'a, 's> {
        if let Some(f) = self.stack.last_mut() {
            if !f.object && self.expect != Expect::Value {
                f.count -= 1;
            }
        }
        Step::NeedMore
    }

    #[inline(always)]
    fn key<'a, 's>(
        &'s mut self,
        inp: &Input<'a>,
        pos: &mut usize,
        i: usize,
        last: bool,
    ) -> Result<Step<'a, 's>, ParseError>
    where
        'a: 's,
    {
        match lex::string_called(inp, i, &mut self.scratch, last) {
            Ok(Lexed::Done(at, end)) => {
                let name: Str<'a, 's> = match at {
                    StrAt::Input(s) => Str::Input(s),
                    StrAt::Scratch => Str::Scratch(&self.scratch),
                };
                if !self.keys.insert(name.as_str().as_bytes()) {
                    return Err(self.fail(ParseErrorKind::DuplicateKey, i, false));
                }
                if let Some(f) = self.stack.last_mut() {
                    f.count += 1;
                }
                self.expect = Expect::Colon;
                *pos = end;
                Ok(Step::Event(Event::Key(name)))
            }
            Ok(Lexed::NeedMore) => Ok(Step::NeedMore),
            Err((kind, at)) => Err(self.fail(kind, at, false)),
        }
    }
}
