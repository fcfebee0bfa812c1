//! `Form.verify_lines`: a JSON Lines file or buffer, one body per line, verified
//! without the interpreter lock.
//!
//! A line ends at `\n` (a `\r` before it is JSON whitespace); the last needs none.
//! Each line is held to the form's limits: a line longer than `max_bytes` is kept to
//! `max_bytes + 1` bytes, enough for its `too-large` verdict, and the rest passed over,
//! so a file is read in bounded memory whatever its lines' length. A blank line is the
//! empty body, and rejected.

use std::io::{self, Read};

use formgate::lines::LineReader;
use formgate::{Form, Rejection};

/// The verdict of every line of `input`, in order.
pub(crate) fn verify(form: &Form, input: impl Read) -> io::Result<Vec<Result<(), Rejection>>> {
    let mut reader = LineReader::new(input, form.limits());
    let mut line = Vec::new();
    let mut verdicts = Vec::new();
    while reader.read_line(&mut line)? {
        verdicts.push(form.verify(&line));
        line.clear();
    }
    Ok(verdicts)
}
