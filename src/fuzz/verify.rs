//! The `verify` target: a form and a body, the body also fed in chunks.
//!
//! A *case* is one file: the form on the first line (compact JSON has no raw line
//! break), the split points on the second (decimal byte offsets separated by spaces,
//! possibly none), and the body: every byte after the second line break. The fuzz
//! target writes its generated cases in this shape, so the seeds in
//! `fuzz/corpus/verify/` and the crash files in `fuzz/regressions/verify/` are readable
//! and replay here.
//!
//! [`verify`] asserts, for a form that compiles and any body:
//! 1. [`Form::accept`], [`Form::verify_into`] (into `IgnoredAny`) and the general
//!    validator alone (no fast path, [`general_verify`](super::general_verify)) give
//!    exactly `verify`'s verdict: the same `Ok`, or an equal [`Rejection`]. So does
//!    `verify_into` into [`Visits`](super::Visits), except that an admitted body may be
//!    `Unrepresentable` (a number beyond `f64`), and it gives exactly what the one-pass
//!    route ([`verify_into_one_pass`](super::verify_into_one_pass)) gives: the same
//!    visitor calls, or the same rejection.
//! 2. Streaming: feeding the body in chunks cut at the split points (and, for a short
//!    body, one byte at a time) gives the same verdict, kind and offset as `verify`
//!    (within `max_bytes`, `verify::stream` invariant 4). Every `feed` after the
//!    first rejection repeats it.
//! 3. The verdict agrees with the strict parser under the form's limits: an admitted
//!    body parses; a `Malformed` or `TooLarge` rejection is the parser's error (kind and
//!    offset); a body that does not parse is rejected no later than the parser fails.
//! 4. The verdict does not change when the body is re-serialized: its compact text,
//!    the same with whitespace between all tokens, and the same with every string
//!    character written as a `\u` escape are admitted exactly when the body is.
//! 5. `max_bytes` is exact: with `max_bytes` equal to the body's length the verdict is
//!    the same; one byte less, `verify` says `TooLarge` at that offset without parsing,
//!    and streaming rejects too.

use serde::de::IgnoredAny;

use crate::json::parse;
use crate::{Form, Rejection, RejectionKind};

/// Bodies at most this long are also streamed one byte at a time (invariant 2).
const BYTEWISE: usize = 512;

/// A case file cut into its form, split points and body (see the module docs). A
/// missing line is empty; split points that are not numbers are ignored.
pub fn split_case(case: &[u8]) -> (&[u8], Vec<usize>, &[u8]) {
    let mut lines = case.splitn(3, |&b| b == b'\n');
    let form = lines.next().unwrap_or_default();
    let splits = lines.next().unwrap_or_default();
    let body = lines.next().unwrap_or_default();
    let splits = String::from_utf8_lossy(splits)
        .split_ascii_whitespace()
        .filter_map(|s| s.parse().ok())
        .collect();
    (form, splits, body)
}

/// Write a case file (the inverse of [`split_case`] for a form without a raw line
/// break).
pub fn case_text(form: &[u8], splits: &[usize], body: &[u8]) -> Vec<u8> {
    let mut out = form.to_vec();
    out.push(b'\n');
    let splits: Vec<String> = splits.iter().map(usize::to_string).collect();
    out.extend_from_slice(splits.join(" ").as_bytes());
    out.push(b'\n');
    out.extend_from_slice(body);
    out
}

/// [`verify`] on a case file.
pub fn verify_case(case: &[u8]) -> Option<Form> {
    let (form, splits, body) = split_case(case);
    verify(form, body, &splits)
}

/// Compile `form` (`None` if it does not compile) and run every check above on `body`;
/// panics on a violation, returns the compiled form.
pub fn verify(form: &[u8], body: &[u8], splits: &[usize]) -> Option<Form> {
    let mut compiled = Form::compile(form).ok()?;
    verify_compiled(form, &mut compiled, body, splits);
    Some(compiled)
}

/// [`verify`] with `form` already compiled as `compiled` (with the default limits):
/// the fuzz target keeps compiled forms, so that a mutation of the body alone does not
/// compile the form again. `compiled` is lent back with its limits as they were.
pub fn verify_compiled(form: &[u8], compiled: &mut Form, body: &[u8], splits: &[usize]) {
    let limits = compiled.limits();
    let verdict = compiled.verify(body);
    let show = || {
        format!(
            "form {}\nbody {:?}\nverify {verdict:?}",
            String::from_utf8_lossy(form),
            String::from_utf8_lossy(body)
        )
    };

    // 1.
    let accepted = compiled.accept(body).map(drop);
    assert_eq!(accepted, verdict, "accept differs\n{}", show());
    let typed = compiled.verify_into::<IgnoredAny>(body).map(drop);
    assert_eq!(typed, verdict, "verify_into differs\n{}", show());
    let visits = compiled.verify_into::<super::Visits>(body);
    let one_pass = super::verify_into_one_pass::<super::Visits>(compiled, body);
    assert_eq!(
        visits,
        one_pass,
        "the routes of verify_into differ\n{}",
        show()
    );
    match (&visits, &verdict) {
        (Ok(_), Ok(())) => {}
        (Err(r), Ok(())) => assert_eq!(r.kind(), RejectionKind::Unrepresentable, "{}", show()),
        (got, Err(_)) => assert_eq!(
            got.clone().map(drop),
            verdict,
            "verify_into differs\n{}",
            show()
        ),
    }
    let general = super::general_verify(compiled, body);
    assert_eq!(
        general,
        verdict,
        "the general validator differs\n{}",
        show()
    );

    // 2.
    let within = body.len() <= compiled.limits().max_bytes();
    let mut cuts: Vec<usize> = splits.iter().map(|&s| s.min(body.len())).collect();
    cuts.sort_unstable();
    let streamed = stream(compiled, body, &cuts);
    if within {
        same_verdict(&streamed, &verdict, "streaming", &show);
        if body.len() <= BYTEWISE {
            let every: Vec<usize> = (0..=body.len()).collect();
            same_verdict(&stream(compiled, body, &every), &verdict, "bytewise", &show);
        }
    } else {
        assert!(streamed.is_err(), "streaming admits a body over max_bytes");
    }

    // 3.
    let parsed = parse(body, &compiled.limits());
    match (&verdict, &parsed) {
        (Ok(()), Ok(_)) => {}
        (Ok(()), Err(e)) => panic!("admitted, but the parser says {e:?}\n{}", show()),
        (Err(r), _) => match r.kind() {
            RejectionKind::Malformed(_) | RejectionKind::TooLarge { .. } => {
                let e = parsed
                    .as_ref()
                    .expect_err("a malformed body does not parse");
                assert_eq!(
                    Rejection::from_parse(e.clone()),
                    *r,
                    "the parser's error differs\n{}",
                    show()
                );
            }
            _ => {
                if let Err(e) = &parsed {
                    assert!(
                        r.offset() <= e.offset(),
                        "rejected after the parser's error {e:?}\n{}",
                        show()
                    );
                }
            }
        },
    }

    // 4.
    if let Ok(value) = &parsed {
        let compact = value.to_string();
        for (how, text) in [
            ("compact", compact.clone()),
            ("spaced", respell(&compact, false)),
            ("escaped", respell(&compact, true)),
        ] {
            compiled.set_limits(limits.with_max_bytes(text.len().max(limits.max_bytes())));
            let again = compiled.verify(text.as_bytes());
            compiled.set_limits(limits);
            assert_eq!(
                again.is_ok(),
                verdict.is_ok(),
                "the {how} re-serialization {text:?} gets {again:?}\n{}",
                show()
            );
        }
    }

    // 5.
    if within && !body.is_empty() {
        compiled.set_limits(limits.with_max_bytes(body.len()));
        assert_eq!(compiled.verify(body), verdict, "at max_bytes\n{}", show());
        let limit = body.len() - 1;
        compiled.set_limits(limits.with_max_bytes(limit));
        let e = compiled.verify(body).expect_err("one byte over max_bytes");
        assert_eq!(e.kind(), RejectionKind::TooLarge { limit }, "{}", show());
        assert_eq!(e.offset(), limit as u64, "{}", show());
        let e = stream(compiled, body, &cuts).expect_err("streamed one byte over max_bytes");
        if let RejectionKind::TooLarge { limit: l } = e.kind() {
            assert_eq!((l, e.offset()), (limit, limit as u64), "{}", show());
        }
        compiled.set_limits(limits);
    }
}

/// Feed `body` cut at `cuts` (sorted offsets within the body) and finish. Checks that a
/// rejection, once given, is repeated by every later `feed`.
fn stream(form: &Form, body: &[u8], cuts: &[usize]) -> Result<(), Rejection> {
    let mut v = form.verifier();
    let mut at = 0;
    let mut first: Option<Rejection> = None;
    for &cut in cuts.iter().chain([&body.len()]) {
        if cut < at {
            continue;
        }
        let fed = v.feed(&body[at..cut]);
        at = cut;
        match (&first, fed) {
            (None, Err(r)) => first = Some(r),
            (Some(r), fed) => assert_eq!(fed.as_ref(), Err(r), "a later feed forgot"),
            (None, Ok(())) => {}
        }
    }
    if first.is_none() {
        assert_eq!(v.received(), body.len() as u64);
    }
    let finished = v.finish();
    match first {
        Some(r) => {
            assert_eq!(finished.as_ref(), Err(&r), "finish forgot the rejection");
            Err(r)
        }
        None => finished,
    }
}

/// Kind and offset equal (the promise of `verify::stream` invariant 4).
fn same_verdict(
    got: &Result<(), Rejection>,
    want: &Result<(), Rejection>,
    how: &str,
    show: &dyn Fn() -> String,
) {
    let key = |r: &Result<(), Rejection>| r.as_ref().err().map(|r| (r.kind(), r.offset()));
    assert_eq!(key(got), key(want), "{how} differs: {got:?}\n{}", show());
}

/// `compact` (compact JSON) with a line break and two spaces after every structural
/// character, or with every string character as a `\u` escape (`escape`).
fn respell(compact: &str, escape: bool) -> String {
    let mut out = String::with_capacity(compact.len() * 2);
    let mut in_string = false;
    let mut chars = compact.chars();
    while let Some(c) = chars.next() {
        if in_string {
            match c {
                '"' => {
                    in_string = false;
                    out.push('"');
                }
                '\\' => {
                    // Escapes in compact text are kept as they are.
                    out.push('\\');
                    let next = chars.next().expect("an escape has a second character");
                    out.push(next);
                    if next == 'u' {
                        out.extend(chars.by_ref().take(4));
                    }
                }
                c if escape => {
                    let mut units = [0u16; 2];
                    for u in c.encode_utf16(&mut units) {
                        out.push_str(&format!("\\u{u:04X}"));
                    }
                }
                c => out.push(c),
            }
            continue;
        }
        out.push(c);
        match c {
            '"' => in_string = true,
            '{' | '[' | ',' | ':' if !escape => out.push_str("\n  "),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_case_framing() {
        let text = case_text(b"{}", &[1, 2], b"[1,\n2]");
        assert_eq!(text, b"{}\n1 2\n[1,\n2]");
        assert_eq!(split_case(&text), (&b"{}"[..], vec![1, 2], &b"[1,\n2]"[..]));
        assert_eq!(split_case(b"{}"), (&b"{}"[..], vec![], &b""[..]));
        assert_eq!(split_case(b"{}\nx 3\n1"), (&b"{}"[..], vec![3], &b"1"[..]));
    }

    #[test]
    fn accepts_respellings() {
        assert_eq!(
            respell(r#"{"a":[1,"é\n"]}"#, true),
            r#"{"\u0061":[1,"\u00E9\n"]}"#
        );
        assert_eq!(respell(r#"["😀"]"#, true), r#"["\uD83D\uDE00"]"#);
        assert_eq!(respell(r#"{"a":[1]}"#, false), "{\n  \"a\":\n  [\n  1]}");
    }
}
