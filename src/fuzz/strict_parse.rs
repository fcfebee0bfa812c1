//! The `strict_parse` target: arbitrary bytes through the strict parser.
//!
//! [`strict_parse`] asserts, for any input:
//! 1. [`check`] and [`parse`] agree: both accept, or both reject with the same error.
//! 2. A rejection's offset lies within the input, and its line and column can be
//!    computed.
//! 3. An accepted document is a fixed point of serialization: its compact text
//!    (`Display`) is no longer than the input, re-parses to an equal value, and
//!    serializes to the same text again.
//! 4. [`Value::into_owned`] keeps the value.
//! 5. The limits are exact: an accepted document is accepted with `max_bytes` equal to
//!    its length and `max_depth` equal to its nesting, and rejected with `TooLarge` or
//!    `TooDeep` one below either.

use crate::json::{check, parse, ParseError, ParseErrorKind, Parser, Value};
use crate::Limits;

/// Run every check above on `data`; panics on a violation, returns otherwise.
pub fn strict_parse(data: &[u8]) {
    let limits = Limits::default();
    let checked = check(data, &limits);
    let parsed = parse(data, &limits);
    // 1.
    match (&checked, &parsed) {
        (Ok(()), Ok(_)) => {}
        (Err(a), Err(b)) => assert_eq!(a, b, "check and parse report different errors"),
        _ => panic!("check says {checked:?}, parse says {parsed:?}"),
    }
    match parsed {
        Err(e) => rejected(&e, data),
        Ok(v) => accepted(v, data),
    }
}

fn rejected(e: &ParseError, data: &[u8]) {
    // 2.
    let offset = usize::try_from(e.offset()).expect("offset fits usize");
    assert!(
        offset <= data.len(),
        "offset {offset} past the end of {data:?}"
    );
    let (line, column) = e.line_column(data);
    assert!(line >= 1 && column >= 1);
    let _ = e.to_string();
}

fn accepted(v: Value<'_>, data: &[u8]) {
    let nesting = nesting(data);

    // 3.
    let text = v.to_string();
    assert!(
        text.len() <= data.len(),
        "compact text {text:?} is longer than the input {data:?}"
    );
    let exact = Limits::new()
        .with_max_bytes(text.len())
        .with_max_depth(nesting);
    let again = parse(text.as_bytes(), &exact).expect("the compact text re-parses");
    assert_eq!(again, v, "re-parsed value differs");
    assert_eq!(
        again.to_string(),
        text,
        "serialization is not a fixed point"
    );

    // 4.
    let owned = v.clone().into_owned();
    assert_eq!(owned, v, "into_owned changed the value");

    // 5.
    let exact = Limits::new()
        .with_max_bytes(data.len())
        .with_max_depth(nesting);
    check(data, &exact).expect("accepted at its own size and nesting");
    if let Some(n) = data.len().checked_sub(1) {
        let e = check(data, &exact.with_max_bytes(n)).expect_err("one byte too long");
        assert_eq!(e.kind(), ParseErrorKind::TooLarge { limit: n });
    }
    if let Some(d) = nesting.checked_sub(1) {
        let e = check(data, &exact.with_max_depth(d)).expect_err("one level too deep");
        assert_eq!(e.kind(), ParseErrorKind::TooDeep { limit: d });
    }
}

/// The deepest nesting of containers in an accepted document (`[[]]` is 2, `1` is 0).
pub(crate) fn nesting(data: &[u8]) -> usize {
    let mut p = Parser::new(data, &Limits::default()).expect("accepted");
    let mut max = 0;
    while p.next().expect("accepted").is_some() {
        max = max.max(p.depth());
    }
    max
}
