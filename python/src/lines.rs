//! `Form.verify_lines`: a JSON Lines file or buffer, one body per line, verified
//! without the interpreter lock.
//!
//! A line ends at `\n` (a `\r` before it is JSON whitespace); the last needs none.
//! Each line is held to the form's limits: a line longer than `max_bytes` is kept to
//! `max_bytes + 1` bytes, enough for its `too-large` verdict, and the rest passed over,
//! so a file is read in bounded memory whatever its lines' length. A blank line is the
//! empty body, and rejected.

use std::io::{self, BufRead, BufReader, Read};

use formgate::{Form, Rejection};

/// The verdict of every line of `input`, in order.
pub(crate) fn verify(form: &Form, input: impl Read) -> io::Result<Vec<Result<(), Rejection>>> {
    let cap = form.limits().max_bytes().saturating_add(1);
    let mut reader = BufReader::with_capacity(1 << 20, input);
    let mut line = Vec::new();
    let mut verdicts = Vec::new();
    while next_line(&mut reader, cap, &mut line)? {
        verdicts.push(form.verify(&line));
    }
    Ok(verdicts)
}

/// Read the next line into `out` (replacing what it held, without its `\n`, at most
/// `cap` bytes of it): `false` at the end of the input.
fn next_line(reader: &mut impl BufRead, cap: usize, out: &mut Vec<u8>) -> io::Result<bool> {
    out.clear();
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        let take = chunk.len().min(cap - out.len());
        out.extend_from_slice(&chunk[..take]);
        reader.consume(used);
        if done {
            return Ok(true);
        }
    }
}
