//! The JS string of an admitted body's text, for `JSON.parse`.
//!
//! Made here rather than by `Buffer#toString('utf8')`, whose UTF-8 decoding took about
//! 280 ns of the 366 ns `toString` spent on the 279-byte small bench body, and 35 us
//! on the 19 KB one: as long as the verify itself. Here:
//! - a text of ASCII alone becomes a one-byte (Latin-1) string by one copy;
//! - a text whose code points are all below U+0100 (most Latin-script text) becomes one
//!   by copying its ASCII runs, found a word at a time, and joining each two-byte
//!   sequence into its byte: the representation V8 itself gives such text, and the
//!   cheapest to make and to parse. This took 290 ns to 110 ns on the small body, call
//!   included (medians of 7 runs of 2*10^5 calls on the bench machine);
//! - any other text becomes a UTF-16 string, converted by `encoding_rs`.
//!
//! Invariant: the body is valid UTF-8 (the strict parser has admitted it), so the
//! conversions replace nothing and the string's text is the body's, exactly. On other
//! bytes they still make some string, never undefined behaviour.

use encoding_rs::mem;
use napi::{Env, JsString, Result};

/// The string of `body`'s text (see the invariant above).
pub(crate) fn string<'env>(env: &'env Env, body: &[u8]) -> Result<JsString<'env>> {
    let ascii = ascii_run(body);
    if ascii == body.len() {
        return env.create_string_latin1(body);
    }
    if let Some(latin1) = latin1(body, ascii) {
        return env.create_string_latin1(&latin1);
    }
    // UTF-16 needs at most one unit per byte; `convert_utf8_to_utf16` asks one more.
    let mut units = vec![0; body.len() + 1];
    let n = mem::convert_utf8_to_utf16(body, &mut units);
    env.create_string_utf16(&units[..n])
}

/// The Latin-1 bytes of a UTF-8 text whose first `ascii` bytes are ASCII, or `None` if
/// it has a code point above U+00FF.
fn latin1(body: &[u8], ascii: usize) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(body.len());
    out.extend_from_slice(&body[..ascii]);
    let mut i = ascii;
    while i < body.len() {
        // U+0080..U+00FF is 110000xx 10yyyyyy in UTF-8: the byte xxyyyyyy.
        let lead = body[i];
        let next = *body.get(i + 1)?;
        if lead != 0xC2 && lead != 0xC3 {
            return None;
        }
        out.push(((lead & 0x03) << 6) | (next & 0x3F));
        i += 2;
        let run = ascii_run(&body[i..]);
        out.extend_from_slice(&body[i..i + run]);
        i += run;
    }
    Some(out)
}

/// The length of the ASCII prefix of `bytes`, read eight bytes at a time.
fn ascii_run(bytes: &[u8]) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut n = 0;
    for chunk in bytes.chunks_exact(8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let high = u64::from_le_bytes(word) & HIGH;
        if high != 0 {
            return n + high.trailing_zeros() as usize / 8;
        }
        n += 8;
    }
    n + bytes[n..].iter().take_while(|b| b.is_ascii()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_runs() {
        assert_eq!(ascii_run(b""), 0);
        assert_eq!(ascii_run(b"abc"), 3);
        assert_eq!(ascii_run(b"abcdefghijk"), 11);
        assert_eq!(ascii_run("abcdefgh\u{e9}".as_bytes()), 8);
        assert_eq!(ascii_run("abcdefg\u{e9}h".as_bytes()), 7);
        assert_eq!(ascii_run("\u{e9}".as_bytes()), 0);
    }

    #[test]
    fn latin1_is_the_text_below_u0100() {
        for text in [
            "Z\u{fc}rich",
            "\u{80}\u{ff}",
            "caf\u{e9} au lait, na\u{ef}ve \u{bf}qu\u{e9}?",
            "\u{a0}",
        ] {
            let expected: Vec<u8> = text.chars().map(|c| u8::try_from(c).unwrap()).collect();
            let ascii = ascii_run(text.as_bytes());
            assert_eq!(latin1(text.as_bytes(), ascii), Some(expected), "{text:?}");
        }
        for text in ["\u{100}", "ok \u{6f22}", "\u{e9}\u{1f600}", "x\u{2028}"] {
            let ascii = ascii_run(text.as_bytes());
            assert_eq!(latin1(text.as_bytes(), ascii), None, "{text:?}");
        }
    }
}
