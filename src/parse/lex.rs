//! Token scanners over a byte slice: strings, numbers, literals.
//!
//! Invariants:
//! 1. A scanner either returns a complete, valid token, an error with the index of the
//!    offending byte, or (only when the slice is not the last of the input) `NeedMore`
//!    when the slice ends inside the token. `NeedMore` is never returned for bytes that
//!    are already invalid: an error in a token's first part is reported at once.
//! 2. Strings: raw U+0000–U+001F are errors, every byte run between escapes is UTF-8
//!    validated by `std::str::from_utf8` (which rejects overlong forms, encoded surrogates
//!    and code points above U+10FFFF), and `\u` surrogates must come as high+low pairs.
//!
//! Cost: O(token length) time; strings with escapes use the caller's scratch buffer.

use std::cell::Cell;

use super::error::ParseErrorKind;

/// What a scanner found.
pub(crate) enum Lexed<T> {
    /// The token, and the index just past it.
    Done(T, usize),
    /// The slice ended inside the token; more input may complete it.
    NeedMore,
}

pub(crate) type LexResult<T> = Result<Lexed<T>, (ParseErrorKind, usize)>;

/// A scanned string: where its decoded text is.
pub(crate) enum StrAt<'a> {
    /// No escape: the text is this slice of the input.
    Input(&'a str),
    /// Escapes were decoded into the scratch buffer.
    Scratch,
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Bit 7 of each byte of the result is set where the byte of `x` is `"`, `\` or below
/// 0x20. Carries can set spurious bits only above a genuine one, so the lowest set bit
/// is exact.
#[inline(always)]
fn special_mask(x: u64) -> u64 {
    let q = x ^ (ONES * b'"' as u64);
    let b = x ^ (ONES * b'\\' as u64);
    let zq = q.wrapping_sub(ONES) & !q;
    let zb = b.wrapping_sub(ONES) & !b;
    let lt = x.wrapping_sub(ONES * 0x20) & !x;
    (zq | zb | lt) & HIGHS
}

/// The offset in `chunk` of its first `"`, `\` or control byte, if any: one SSE2
/// step of sixteen byte comparisons (`safe_arch`, which exposes them as safe
/// functions where the target has them; every x86-64 target does). Against two
/// words of [`special_mask`], it took the scan's step from 23 instructions to 15 and
/// the exit from up to 10 to 3: `verify` on the large body 11.26 M → 11.00 M
/// instructions, sonic-rs ÷ `verify` by time 0.93 → 0.97 (benches/README.md,
/// optimization `sse2-scan`).
#[cfg(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "sse2"
))]
#[inline(always)]
fn first_special(chunk: &[u8; 16]) -> Option<usize> {
    use safe_arch::{
        cmp_eq_mask_i8_m128i, load_unaligned_m128i, min_u8_m128i, move_mask_i8_m128i,
        set_splat_i8_m128i,
    };
    let x = load_unaligned_m128i(chunk);
    let quote = cmp_eq_mask_i8_m128i(x, set_splat_i8_m128i(b'"' as i8));
    let escape = cmp_eq_mask_i8_m128i(x, set_splat_i8_m128i(b'\\' as i8));
    // Below 0x20: the byte is its own minimum with 0x1F (unsigned).
    let control = cmp_eq_mask_i8_m128i(min_u8_m128i(x, set_splat_i8_m128i(0x1f)), x);
    let bits = move_mask_i8_m128i(quote | escape | control) as u32;
    (bits != 0).then(|| bits.trailing_zeros() as usize)
}

/// [`first_special`] where the target has no SSE2.
#[cfg(not(all(
    any(target_arch = "x86", target_arch = "x86_64"),
    target_feature = "sse2"
)))]
#[inline(always)]
fn first_special(chunk: &[u8; 16]) -> Option<usize> {
    first_special_in_words(chunk)
}

/// [`first_special`] by two words of [`special_mask`] (SWAR), one branch for both
/// (benches/README.md, optimization `sixteen-bytes`): the step where the target has
/// no SSE2, and the SSE2 step's reference in the tests.
#[cfg_attr(
    all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse2"
    ),
    cfg_attr(not(test), allow(dead_code))
)]
#[inline(always)]
fn first_special_in_words(chunk: &[u8; 16]) -> Option<usize> {
    let (lo, hi) = chunk.split_at(8);
    let a = special_mask(u64::from_le_bytes(lo.try_into().expect("8 bytes")));
    let b = special_mask(u64::from_le_bytes(hi.try_into().expect("8 bytes")));
    if a | b == 0 {
        None
    } else if a != 0 {
        Some((a.trailing_zeros() / 8) as usize)
    } else {
        Some(8 + (b.trailing_zeros() / 8) as usize)
    }
}

/// The index of the first `"`, `\` or control byte at or after `i`, or `bytes.len()`.
///
/// Sixteen bytes per step where they are there ([`first_special`]), then eight
/// (SWAR), then one: safe code only. Inlined in optimized builds only: a debug build
/// keeps the step's vectors in the frame of every recursive function it is inlined
/// into, which took `tests/verify_fast.rs`'s small stacks past their size.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn find_special(bytes: &[u8], mut i: usize) -> usize {
    while let Some(chunk) = bytes.get(i..i + 16) {
        if let Some(k) = first_special(chunk.try_into().expect("16 bytes")) {
            return i + k;
        }
        i += 16;
    }
    while let Some(chunk) = bytes.get(i..i + 8) {
        let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        let m = special_mask(x);
        if m != 0 {
            return i + (m.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'"' || c == b'\\' || c < 0x20 {
            return i;
        }
        i += 1;
    }
    i
}

/// A slice of input, UTF-8-validated lazily in blocks as the parser reaches them.
///
/// Validating blocks of at least 16 KiB and slicing each string out of its block's
/// `&str` costs about a tenth of validating each string on its own: strings are short
/// and the per-call overhead of `from_utf8` dominated (benches/README.md, optimization `block-utf8`). Validating lazily, rather than the
/// whole input up front, keeps an early rejection early: a 1 MB body that breaks its
/// form in the first record costs one block, not a megabyte.
///
/// A block starts at the first byte of the token that needed it (always a char
/// boundary), so no token spans two blocks; bytes are validated at most twice.
#[derive(Debug, Clone)]
pub(crate) struct Input<'a> {
    pub(crate) bytes: &'a [u8],
    /// Where `block` starts in `bytes`.
    block_start: Cell<usize>,
    /// A validated run of `bytes` starting at `block_start`.
    block: Cell<&'a str>,
}

/// The least a block validates at once.
const BLOCK: usize = 16 * 1024;

impl<'a> Input<'a> {
    /// An input nothing of which is validated yet. O(1).
    pub(crate) fn new(bytes: &'a [u8]) -> Input<'a> {
        Input {
            bytes,
            block_start: Cell::new(0),
            block: Cell::new(""),
        }
    }

    /// An input known to be UTF-8 already: nothing is validated again. O(1).
    pub(crate) fn text_of(text: &'a str) -> Input<'a> {
        Input {
            bytes: text.as_bytes(),
            block_start: Cell::new(0),
            block: Cell::new(text),
        }
    }

    /// The text of `start..end`, whose ends are char boundaries if the bytes are UTF-8;
    /// `Err` with the offset of the first invalid byte in that range.
    #[inline(always)]
    fn text(&self, start: usize, end: usize) -> Result<&'a str, usize> {
        let bs = self.block_start.get();
        if start >= bs && end >= start {
            // Cut by the start, then by the length: the compiler inlines these two
            // one-sided cuts where it called `get(a..b)` out of line (benches/README.md,
            // optimization `split-slice`).
            let block = self.block.get();
            if let Some(t) = block.get(start - bs..).and_then(|t| t.get(..end - start)) {
                return Ok(t);
            }
        }
        self.extend(start, end)
    }

    /// Validate a new block from `start` covering at least `start..end`.
    #[cold]
    fn extend(&self, start: usize, end: usize) -> Result<&'a str, usize> {
        let target = end.max(start.saturating_add(BLOCK)).min(self.bytes.len());
        let run = &self.bytes[start..target];
        // simdutf8 validates with SIMD where the CPU has it; only an invalid run goes
        // through std for the offset of its first bad byte (benches/README.md, optimization `simd-utf8`).
        let valid = match simdutf8::basic::from_utf8(run).or_else(|_| std::str::from_utf8(run)) {
            Ok(t) => t,
            Err(e) => {
                if start + e.valid_up_to() < end {
                    return Err(start + e.valid_up_to());
                }
                std::str::from_utf8(&run[..e.valid_up_to()]).unwrap_or("")
            }
        };
        self.block_start.set(start);
        self.block.set(valid);
        valid.get(..end - start).ok_or(start)
    }
}

impl<'a> Input<'a> {
    /// Whether the validated block holds `start..end`, where `start` follows and `end`
    /// is an ASCII byte of the input (a quote): those bytes are then text, with no
    /// need to slice them out.
    #[inline(always)]
    fn covers(&self, start: usize, end: usize) -> bool {
        let bs = self.block_start.get();
        start >= bs && end - bs <= self.block.get().len()
    }

    /// The text of `start..end`, or `None` if those bytes are not UTF-8 or do not
    /// end at character boundaries.
    #[inline(always)]
    pub(crate) fn text_at(&self, start: usize, end: usize) -> Option<&'a str> {
        self.text(start, end).ok()
    }
}

/// Whether `b` is JSON whitespace: space, tab, line feed or carriage return.
#[inline(always)]
pub(crate) fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// The index of the first byte at or after `i` that is not JSON whitespace
/// (`bytes.len()` if there is none). Bodies written by machines mostly have no
/// whitespace between tokens: one comparison decides that case (benches/README.md,
/// optimization `guided-peek`).
#[inline(always)]
pub(crate) fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    if bytes.get(i).is_some_and(|&c| c > b' ') {
        return i;
    }
    while bytes.get(i).is_some_and(|&b| is_ws(b)) {
        i += 1;
    }
    i
}

/// The text of an ASCII token (a number) at `start..end`.
#[inline]
pub(crate) fn ascii<'a>(inp: &Input<'a>, start: usize, end: usize) -> &'a str {
    inp.text(start, end).unwrap_or("")
}

/// The text of `start..end`, whose ends are ASCII bytes (quotes, escapes) and so char
/// boundaries, or `InvalidUtf8` at the first bad byte.
#[inline]
fn utf8<'a>(inp: &Input<'a>, start: usize, end: usize) -> Result<&'a str, (ParseErrorKind, usize)> {
    inp.text(start, end)
        .map_err(|at| (ParseErrorKind::InvalidUtf8, at))
}

/// Validate a run that ends at the slice's end while more input may follow: a UTF-8
/// sequence cut off by the slice's end is not (yet) an error.
fn utf8_prefix(bytes: &[u8], start: usize, end: usize) -> Result<(), (ParseErrorKind, usize)> {
    match std::str::from_utf8(&bytes[start..end]) {
        Ok(_) => Ok(()),
        Err(e) if e.error_len().is_none() => Ok(()),
        Err(e) => Err((ParseErrorKind::InvalidUtf8, start + e.valid_up_to())),
    }
}

/// Scan a string whose opening quote is at `open`.
///
/// The common case (no escape: scan to the closing quote, slice the validated block) is
/// inlined into its callers; everything else is out of line (benches/README.md, optimization `inline-string`).
#[inline(always)]
pub(crate) fn string<'a>(
    inp: &Input<'a>,
    open: usize,
    scratch: &mut String,
    last: bool,
) -> LexResult<StrAt<'a>> {
    let bytes = inp.bytes;
    let start = open + 1;
    let i = find_special(bytes, start);
    if bytes.get(i) == Some(&b'"') {
        return Ok(Lexed::Done(StrAt::Input(utf8(inp, start, i)?), i + 1));
    }
    string_rest(inp, start, i, scratch, last)
}

/// [`string`] where only the decoded text's length in bytes is wanted: the same
/// token, checked the same way, without slicing out a string that has no escape
/// when the validated block already holds it (benches/README.md, optimization
/// `length-plan`). Inlined in optimized builds only: inlined into the fast engine's
/// recursion in a debug build, whose frames keep every local, it took the frames of
/// `tests/verify_fast.rs`'s small stacks past their size.
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn string_length(
    inp: &Input<'_>,
    open: usize,
    scratch: &mut String,
    last: bool,
) -> LexResult<usize> {
    let bytes = inp.bytes;
    let start = open + 1;
    let i = find_special(bytes, start);
    if bytes.get(i) == Some(&b'"') {
        let len = if inp.covers(start, i) {
            i - start
        } else {
            utf8(inp, start, i)?.len()
        };
        return Ok(Lexed::Done(len, i + 1));
    }
    Ok(match string_rest(inp, start, i, scratch, last)? {
        Lexed::Done(StrAt::Input(s), end) => Lexed::Done(s.len(), end),
        Lexed::Done(StrAt::Scratch, end) => Lexed::Done(scratch.len(), end),
        Lexed::NeedMore => Lexed::NeedMore,
    })
}

/// [`string`], called rather than inlined: for the event machine, whose one big step
/// function got slower with the scan inlined into it (benches/README.md, optimization `called-string`).
#[inline(never)]
pub(crate) fn string_called<'a>(
    inp: &Input<'a>,
    open: usize,
    scratch: &mut String,
    last: bool,
) -> LexResult<StrAt<'a>> {
    string(inp, open, scratch, last)
}

/// [`string`] once the scan stopped at `i` on something other than the closing quote.
#[inline(never)]
fn string_rest<'a>(
    inp: &Input<'a>,
    start: usize,
    i: usize,
    scratch: &mut String,
    last: bool,
) -> LexResult<StrAt<'a>> {
    let bytes = inp.bytes;
    match bytes.get(i) {
        Some(b'"') => Ok(Lexed::Done(StrAt::Input(utf8(inp, start, i)?), i + 1)),
        Some(b'\\') => {
            scratch.clear();
            scratch.push_str(utf8(inp, start, i)?);
            escaped(inp, i, scratch, last)
        }
        Some(_) => {
            utf8(inp, start, i)?;
            Err((ParseErrorKind::ControlCharacter, i))
        }
        None => end_inside(inp, start, last),
    }
}

#[cold]
fn end_inside<T>(inp: &Input<'_>, start: usize, last: bool) -> LexResult<T> {
    let bytes = inp.bytes;
    if last {
        utf8(inp, start, bytes.len())?;
        Err((ParseErrorKind::UnexpectedEnd, bytes.len()))
    } else {
        utf8_prefix(bytes, start, bytes.len())?;
        Ok(Lexed::NeedMore)
    }
}

/// Continue a string at the backslash at `i`, decoding into `scratch`.
fn escaped<'a>(
    inp: &Input<'a>,
    mut i: usize,
    scratch: &mut String,
    last: bool,
) -> LexResult<StrAt<'a>> {
    let bytes = inp.bytes;
    loop {
        // bytes[i] == b'\\'
        let Some(&e) = bytes.get(i + 1) else {
            return end_inside(inp, i, last);
        };
        let mut next = i + 2;
        match e {
            b'"' => scratch.push('"'),
            b'\\' => scratch.push('\\'),
            b'/' => scratch.push('/'),
            b'b' => scratch.push('\u{8}'),
            b'f' => scratch.push('\u{c}'),
            b'n' => scratch.push('\n'),
            b'r' => scratch.push('\r'),
            b't' => scratch.push('\t'),
            b'u' => {
                let hi = match hex4(bytes, i + 2, last)? {
                    Some(v) => v,
                    None => return Ok(Lexed::NeedMore),
                };
                next = i + 6;
                let c = match hi {
                    0xD800..=0xDBFF => {
                        // A high surrogate must be followed at once by `\u` and a low one.
                        match (bytes.get(next), bytes.get(next + 1)) {
                            (Some(b'\\'), Some(b'u')) => {}
                            (None, _) | (Some(b'\\'), None) if !last => return Ok(Lexed::NeedMore),
                            _ => return Err((ParseErrorKind::LoneSurrogate, i)),
                        }
                        let lo = match hex4(bytes, next + 2, last)? {
                            Some(v) => v,
                            None => return Ok(Lexed::NeedMore),
                        };
                        if !(0xDC00..=0xDFFF).contains(&lo) {
                            return Err((ParseErrorKind::LoneSurrogate, i));
                        }
                        next += 6;
                        let cp = 0x10000 + ((hi as u32 - 0xD800) << 10) + (lo as u32 - 0xDC00);
                        char::from_u32(cp).expect("a surrogate pair is a scalar value")
                    }
                    0xDC00..=0xDFFF => return Err((ParseErrorKind::LoneSurrogate, i)),
                    _ => char::from_u32(hi as u32).expect("not a surrogate"),
                };
                scratch.push(c);
            }
            _ => return Err((ParseErrorKind::InvalidEscape, i)),
        }
        let j = find_special(bytes, next);
        match bytes.get(j) {
            Some(b'"') => {
                scratch.push_str(utf8(inp, next, j)?);
                return Ok(Lexed::Done(StrAt::Scratch, j + 1));
            }
            Some(b'\\') => {
                scratch.push_str(utf8(inp, next, j)?);
                i = j;
            }
            Some(_) => {
                utf8(inp, next, j)?;
                return Err((ParseErrorKind::ControlCharacter, j));
            }
            None => return end_inside(inp, next, last),
        }
    }
}

/// Four hex digits at `at`; `None` if the slice ends first and more may follow.
#[inline]
fn hex4(bytes: &[u8], at: usize, last: bool) -> Result<Option<u16>, (ParseErrorKind, usize)> {
    let mut v: u16 = 0;
    for k in 0..4 {
        let Some(&c) = bytes.get(at + k) else {
            return if last {
                Err((ParseErrorKind::UnexpectedEnd, bytes.len()))
            } else {
                Ok(None)
            };
        };
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => return Err((ParseErrorKind::InvalidEscape, at - 2)),
        };
        v = (v << 4) | d as u16;
    }
    Ok(Some(v))
}

/// Scan a number starting at `start`; the result is the index just past it.
///
/// Grammar (RFC 8259): `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
#[inline]
pub(crate) fn number(bytes: &[u8], start: usize, last: bool) -> LexResult<()> {
    match number_digits(bytes, start, last)? {
        Lexed::Done(_, end) => Ok(Lexed::Done((), end)),
        Lexed::NeedMore => Ok(Lexed::NeedMore),
    }
}

/// What [`number_digits`] reads of a number's value as it scans it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Digits {
    /// The digits of the integer and fraction parts as one integer, modulo 2^64
    /// (exact when `digits` is at most 19).
    pub(crate) magnitude: u64,
    /// How many digits the integer and fraction parts have, leading zeros included.
    pub(crate) digits: u32,
    /// How many of them follow the decimal point.
    pub(crate) scale: u32,
    pub(crate) negative: bool,
    /// Whether the number has an exponent (then the other fields ignore it).
    pub(crate) exponent: bool,
}

/// [`number`], adding up the digits as it scans them, so that a short number needs no
/// second walk over its lexeme (benches/README.md, optimization `one-walk-numbers`).
#[inline(always)]
pub(crate) fn number_digits(bytes: &[u8], start: usize, last: bool) -> LexResult<Digits> {
    let mut i = start;
    let at = |i: usize| bytes.get(i).copied();
    let more = |i: usize| -> LexResult<Digits> {
        if last {
            Err((ParseErrorKind::InvalidNumber, i))
        } else {
            Ok(Lexed::NeedMore)
        }
    };
    let mut m: u64 = 0;
    let negative = at(i) == Some(b'-');
    i += negative as usize;
    let int_start = i;
    match at(i) {
        Some(b'0') => {
            i += 1;
            if let Some(b'0'..=b'9') = at(i) {
                return Err((ParseErrorKind::LeadingZero, start));
            }
        }
        Some(c @ b'1'..=b'9') => {
            m = u64::from(c - b'0');
            i += 1;
            while let Some(c @ b'0'..=b'9') = at(i) {
                m = m.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
                i += 1;
            }
        }
        None => return more(i),
        Some(_) => return Err((ParseErrorKind::InvalidNumber, i)),
    }
    let mut digits = i - int_start;
    let mut scale = 0;
    if at(i) == Some(b'.') {
        i += 1;
        let frac_start = i;
        match at(i) {
            Some(b'0'..=b'9') => {}
            None => return more(i),
            Some(_) => return Err((ParseErrorKind::InvalidNumber, i)),
        }
        while let Some(c @ b'0'..=b'9') = at(i) {
            m = m.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
            i += 1;
        }
        scale = i - frac_start;
        digits += scale;
    }
    let mut exponent = false;
    if let Some(b'e' | b'E') = at(i) {
        exponent = true;
        i += 1;
        if let Some(b'+' | b'-') = at(i) {
            i += 1;
        }
        match at(i) {
            Some(b'0'..=b'9') => i += 1,
            None => return more(i),
            Some(_) => return Err((ParseErrorKind::InvalidNumber, i)),
        }
        while let Some(b'0'..=b'9') = at(i) {
            i += 1;
        }
    }
    if i == bytes.len() && !last {
        // More digits may follow in the next slice.
        return Ok(Lexed::NeedMore);
    }
    let digits = Digits {
        magnitude: m,
        digits: u32::try_from(digits).unwrap_or(u32::MAX),
        scale: u32::try_from(scale).unwrap_or(u32::MAX),
        negative,
        exponent,
    };
    Ok(Lexed::Done(digits, i))
}

/// Scan `true`, `false` or `null` starting at `start` (whose first byte is known).
// Inlined, so that each call's word is a constant (benches/README.md, optimization
// `literal-words`): out of line, a `null` cost 28 instructions (49 with `memcmp`);
// inlined, the order body 2.3% less than that (callgrind). Out of line in a debug
// build, which keeps every inlined local in the caller's frame (the fast engine's
// recursion on a small stack, `tests/verify_fast.rs`).
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn literal(bytes: &[u8], start: usize, word: &[u8], last: bool) -> LexResult<()> {
    let end = start + word.len();
    if word_at(bytes, start, word) {
        return Ok(Lexed::Done((), end));
    }
    match bytes.get(start..end) {
        Some(_) => Err((ParseErrorKind::InvalidLiteral, start)),
        None => {
            let have = &bytes[start..];
            if have == &word[..have.len()] && !last {
                Ok(Lexed::NeedMore)
            } else if have == &word[..have.len()] {
                Err((ParseErrorKind::UnexpectedEnd, bytes.len()))
            } else {
                Err((ParseErrorKind::InvalidLiteral, start))
            }
        }
    }
}

/// Whether `bytes` hold `word` (`true`, `false` or `null`: four or five bytes) at
/// `start`, compared as a word of four bytes and the fifth. Compared as slices, where
/// [`literal`] was not inlined each literal was a call to `memcmp` (benches/README.md,
/// optimization `literal-words`, which had relied on the inlining).
#[inline(always)]
fn word_at(bytes: &[u8], start: usize, word: &[u8]) -> bool {
    let four = |s: &[u8]| s.first_chunk::<4>().map(|w| u32::from_le_bytes(*w));
    let Some(rest) = bytes.get(start..) else {
        return false;
    };
    match (four(rest), four(word), word.get(4..)) {
        (Some(have), Some(want), Some(tail)) if have == want => match tail {
            [] => true,
            [c] => rest.get(4) == Some(c),
            _ => rest.get(..word.len()) == Some(word),
        },
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_special_matches_bytewise_scan() {
        let mut data: Vec<u8> = (0u8..=255).collect();
        data.extend_from_slice(b"abcdefghijklmnop\"");
        for start in 0..data.len() {
            let expect = data[start..]
                .iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                .map_or(data.len(), |p| p + start);
            assert_eq!(find_special(&data, start), expect, "start {start}");
        }
        // Both sixteen-byte steps, on every window of the data above: two specials
        // or more in most, the lowest one wanted.
        for start in 0..=data.len() - 16 {
            let chunk: &[u8; 16] = data[start..start + 16].try_into().expect("16 bytes");
            let expect = chunk
                .iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20);
            assert_eq!(first_special(chunk), expect, "start {start}");
            assert_eq!(first_special_in_words(chunk), expect, "start {start}");
        }
        for v in 0u8..=255 {
            for pos in 0..16 {
                let mut chunk = [b'a'; 16];
                chunk[pos] = v;
                let expect = (v == b'"' || v == b'\\' || v < 0x20).then_some(pos);
                assert_eq!(first_special(&chunk), expect, "v={v} pos={pos}");
                assert_eq!(first_special_in_words(&chunk), expect, "v={v} pos={pos}");
            }
        }
        // Every byte value at every position of the sixteen-byte step, the eight-byte
        // step and the byte-wise tail.
        for len in [9, 17, 25] {
            for v in 0u8..=255 {
                for pos in 0..len {
                    let mut w = vec![b'a'; len];
                    w[pos] = v;
                    let special = v == b'"' || v == b'\\' || v < 0x20;
                    let expect = if special { pos } else { len };
                    assert_eq!(find_special(&w, 0), expect, "v={v} pos={pos} len={len}");
                }
            }
        }
    }
}
