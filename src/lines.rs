//! JSON Lines input: one body per line, each line held to the limits' byte bound.
//!
//! The framing before the strict parse when bodies arrive as JSON Lines (model outputs
//! collected for evaluation, logs of acts): [`LineReader`] cuts a byte stream into
//! lines and keeps at most `max_bytes + 1` bytes of each, enough for the line's
//! [`TooLarge`](crate::json::ParseErrorKind::TooLarge) verdict, passing over the rest
//! unread into memory. A file is thus read in bounded memory whatever its lines'
//! length, and every line is judged by the same limits as a single body.
//!
//! - A line ends at `\n`. A `\r` before it stays in the line, where it is JSON
//!   whitespace, so CRLF files verify as they are.
//! - The last line needs no `\n`; an input that ends with `\n` has no empty line after
//!   it.
//! - A blank line is the empty body (rejected by the parser); what to do with blank
//!   lines is the caller's choice.

use std::io::{self, BufRead, BufReader, Read};

use crate::limits::Limits;

/// The read buffer of [`LineReader::new`]: 1 MiB, so that a line is usually one
/// `memchr` over one buffer.
const DEFAULT_CAPACITY: usize = 1 << 20;

/// The lines of a reader, each cut at `max_bytes + 1` bytes.
///
/// ```
/// use formgate::{lines::LineReader, Limits};
///
/// let input: &[u8] = b"{\"a\":1}\r\n\"a long line\"\n[]";
/// let mut lines = LineReader::new(input, Limits::default().with_max_bytes(4));
/// let mut line = Vec::new();
/// let mut seen = Vec::new();
/// while lines.read_line(&mut line)? {
///     seen.push(String::from_utf8(line.clone()).unwrap());
///     line.clear();
/// }
/// // Cut at 5 bytes: enough to know each line is over the bound of 4.
/// assert_eq!(seen, ["{\"a\":", "\"a lo", "[]"]);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct LineReader<R> {
    inner: BufReader<R>,
    cap: usize,
}

impl<R: Read> LineReader<R> {
    /// Lines of `inner`, each kept to `limits.max_bytes() + 1` bytes, read through a
    /// 1 MiB buffer.
    pub fn new(inner: R, limits: Limits) -> Self {
        Self::with_capacity(DEFAULT_CAPACITY, inner, limits)
    }

    /// As [`LineReader::new`], with a read buffer of `capacity` bytes.
    pub fn with_capacity(capacity: usize, inner: R, limits: Limits) -> Self {
        LineReader {
            inner: BufReader::with_capacity(capacity.max(1), inner),
            cap: limits.max_bytes().saturating_add(1),
        }
    }

    /// Append the next line to `out`, without its `\n` and at most `max_bytes + 1`
    /// bytes of it: `Ok(true)` when a line was read, `Ok(false)` at the end of the
    /// input (nothing appended).
    ///
    /// # Errors
    ///
    /// The reader's error, other than [`io::ErrorKind::Interrupted`] (retried). The
    /// bytes of the line read before it stay appended.
    pub fn read_line(&mut self, out: &mut Vec<u8>) -> io::Result<bool> {
        let mut kept = 0usize;
        let mut any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                return Ok(any);
            }
            any = true;
            let (chunk, used, done) = match memchr::memchr(b'\n', buf) {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            let take = chunk.len().min(self.cap - kept);
            out.extend_from_slice(&chunk[..take]);
            kept += take;
            self.inner.consume(used);
            if done {
                return Ok(true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max_bytes: usize, capacity: usize) -> Vec<Vec<u8>> {
        let limits = Limits::default().with_max_bytes(max_bytes);
        let mut reader = LineReader::with_capacity(capacity, input, limits);
        let mut out = Vec::new();
        let mut line = Vec::new();
        while reader.read_line(&mut line).unwrap() {
            out.push(std::mem::take(&mut line));
        }
        out
    }

    #[test]
    fn lines_end_at_newline_and_the_last_needs_none() {
        for capacity in [1, 2, 3, 7, 1 << 20] {
            assert_eq!(
                lines(b"1\n22\r\n\n333", 100, capacity),
                [&b"1"[..], b"22\r", b"", b"333"]
            );
            assert_eq!(lines(b"1\n", 100, capacity), [b"1"]);
            assert!(lines(b"", 100, capacity).is_empty());
        }
    }

    #[test]
    fn a_long_line_is_cut_one_past_the_bound_and_the_next_is_whole() {
        for capacity in [1, 4, 5, 6, 64] {
            let got = lines(b"abcdefghij\nxyz\nabcde\nabcdef", 4, capacity);
            assert_eq!(
                got,
                [&b"abcde"[..], b"xyz", b"abcde", b"abcde"],
                "capacity {capacity}"
            );
        }
    }

    #[test]
    fn a_line_is_appended_to_what_the_buffer_holds() {
        let limits = Limits::default();
        let mut reader = LineReader::new(&b"b\nc"[..], limits);
        let mut out = b"a".to_vec();
        assert!(reader.read_line(&mut out).unwrap());
        assert!(reader.read_line(&mut out).unwrap());
        assert!(!reader.read_line(&mut out).unwrap());
        assert_eq!(out, b"abc");
    }
}
