//! URI Templates (RFC 6570), the full level 4 syntax.

use super::uri::{is_iprivate, is_ucschar};

/// RFC 6570 §2 `URI-Template = *( literals / expression )`, with the literal set of
/// Errata ID 6937 (verified), which restores the apostrophe: `literals = %x21 /
/// %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E / ucschar /
/// iprivate / pct-encoded`. O(n) time, O(1) memory.
pub(super) fn is_uri_template(s: &str) -> bool {
    let mut it = s.chars();
    while let Some(c) = it.next() {
        let ok = match c {
            '{' => expression(&mut it),
            '%' => hex(it.next()) && hex(it.next()),
            '!' | '#' | '$' | '&'..=';' | '=' | '?'..='[' | ']' | '_' | 'a'..='z' | '~' => true,
            _ => is_ucschar(c) || is_iprivate(c),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// Whether `c` is a hex digit.
fn hex(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_ascii_hexdigit())
}

/// After `{`: `[ operator ] variable-list "}"`, consuming the `}`.
/// `operator = "+" / "#" / "." / "/" / ";" / "?" / "&" / "=" / "," / "!" / "@" / "|"`
/// (the last five are `op-reserve`: reserved, but part of the grammar);
/// `variable-list = varspec *( "," varspec )`.
fn expression(it: &mut std::str::Chars<'_>) -> bool {
    let mut next = it.next();
    if matches!(
        next,
        Some('+' | '#' | '.' | '/' | ';' | '?' | '&' | '=' | ',' | '!' | '@' | '|')
    ) {
        next = it.next();
    }
    loop {
        match varspec(next, it) {
            Some('}') => return true,
            Some(',') => next = it.next(),
            _ => return false,
        }
    }
}

/// `varspec = varname [ modifier-level4 ]` starting with `first`; returns the
/// character after it. `varname = varchar *( ["."] varchar )`, `varchar = ALPHA /
/// DIGIT / "_" / pct-encoded`; `modifier-level4 = prefix / explode`, `prefix = ":"
/// max-length`, `max-length = %x31-39 0*3DIGIT`, `explode = "*"`.
fn varspec(first: Option<char>, it: &mut std::str::Chars<'_>) -> Option<char> {
    let mut c = first;
    // Whether a varchar must come next (at the start, and after a `.`).
    let mut need = true;
    loop {
        match c? {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '_' => need = false,
            '%' if hex(it.next()) && hex(it.next()) => need = false,
            '.' if !need => need = true,
            _ => break,
        }
        c = it.next();
    }
    if need {
        return None;
    }
    match c? {
        '*' => it.next(),
        ':' => {
            if !matches!(it.next()?, '1'..='9') {
                return None;
            }
            for _ in 0..3 {
                match it.next()? {
                    '0'..='9' => {}
                    other => return Some(other),
                }
            }
            it.next()
        }
        other => Some(other),
    }
}
