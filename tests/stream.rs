//! Streaming verification agrees with whole-body verification: same verdict, kind and
//! offset for every way of splitting a body within `max_bytes`. (Every JSONTestSuite
//! file is streamed the same way by the trials `stream/...` of `tests/json_test_suite.rs`.)

mod common;

#[path = "../benches/orders.rs"]
mod orders;

use formgate::Form;
use formgate_testkit::{self as testkit, config};
use proptest::prelude::*;

use common::{same, stream};

/// Every single-cut split, one byte per chunk, and a few strides.
fn check_all_splits(form: &Form, name: &str, body: &[u8], failures: &mut Vec<String>) {
    let whole = form.verify(body);
    let mut splits: Vec<Vec<usize>> = vec![(1..body.len()).collect()];
    if body.len() <= 512 {
        splits.extend((0..=body.len()).map(|c| vec![c]));
    }
    for stride in [2usize, 3, 7, 16] {
        splits.push((1..body.len()).filter(|i| i % stride == 0).collect());
    }
    for cuts in &splits {
        let got = stream(form, body, cuts);
        if !same(&whole, &got) {
            failures.push(format!(
                "{name}: cuts {:?}: whole {whole:?}, streamed {got:?}",
                &cuts[..cuts.len().min(8)]
            ));
            return;
        }
    }
}

#[test]
fn forms_agree_at_every_split() {
    let form = Form::compile(
        br#"{"type":"object","properties":{
            "name":{"type":"string","maxLength":5},
            "tags":{"type":"array","items":{"enum":["a","b",{"k":[1,2]}]},"maxItems":3},
            "n":{"type":"integer","minimum":-10,"maximum":1e3},
            "ok":{"type":"boolean"},
            "nothing":{"type":"null"}
        },"required":["name"],"additionalProperties":false}"#,
    )
    .unwrap();
    let bodies: &[&[u8]] = &[
        br#"{"name":"abc","tags":["a",{"k":[1,2.0]}],"n":12,"ok":true,"nothing":null}"#,
        br#" { "name" : "h\u00e9llo" , "n" : -1e1 } "#,
        br#"{"name":"abcdef"}"#,
        br#"{"name":"abc","tags":["a","b","a","b"]}"#,
        br#"{"name":"abc","n":1001}"#,
        br#"{"name":"abc","n":10.5}"#,
        br#"{"name":"abc","tags":[{"k":[1]}]}"#,
        br#"{"name":"abc","extra":1}"#,
        br#"{"tags":[]}"#,
        br#"{"name":"abc","name":"abd"}"#,
        br#"{"name":"abc","n":1,"n":2}"#,
        br#"{"name":"ab\"c\\"}"#,
        br#"{"name":"\uD83D\uDE00"} x"#,
        br#"{"name":"abc","ok":tru}"#,
        br#"{"name":"abc","ok":false,"nothing":nul"#,
        br#"{"name":"abc","n":-"#,
        br#"{"name":"abc","n":1e"#,
        br#"{"name":"abc","n":123456789012345678901234567890}"#,
        b"{\"name\":\"a\xc3\xa9\"}",
        b"{\"name\":\"a\xc3\"}",
        br#"[1,2]"#,
        b"",
        b"   ",
    ];
    let mut failures = Vec::new();
    for (i, body) in bodies.iter().enumerate() {
        check_all_splits(&form, &format!("body {i}"), body, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The fast path keeps the body's outer containers as frames of their own between
/// chunks: each check it makes on a frame (names seen, required names, counts, items by
/// position) and each way it hands over (a keyword that fails, a value cut short too
/// often, bytes after the body) gives `verify`'s verdict, kind and offset.
#[test]
fn containers_read_across_chunks_agree_at_every_split() {
    let form = Form::compile(
        br#"{"type":"object","properties":{
            "a":{"type":"array","minItems":1,"maxItems":4,"prefixItems":[{"type":"integer"}],
                 "items":{"type":"object","properties":{
                     "k":{"type":"string"},
                     "v":{"type":"array","items":{"type":"integer","maximum":9}}},
                   "required":["k"],"minProperties":1,"maxProperties":2}},
            "o":{"type":"object","additionalProperties":{"type":"integer"},
                 "minProperties":1,"maxProperties":3},
            "u":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"integer"}}]},
            "n":{"type":"integer"}
        },"required":["a"]}"#,
    )
    .unwrap();
    let long = format!(r#"{{"a":[1],"u":"{}"}}"#, "x".repeat(300));
    let bodies: &[&[u8]] = &[
        br#"{"a":[1,{"k":"x","v":[1,2,3]},{"k":"y"}],"o":{"p":1,"q":2},"u":[1,2,3],"n":5}"#,
        br#" { "a" : [ 1 , { "k" : "x" } ] , "o" : { "p" : 1 } } "#,
        br#"{"a":[1,{"k":"x"}],"n":1,"n":2}"#,
        br#"{"a":[1],"o":{"p":1,"p":2}}"#,
        br#"{"o":{"\u0070":1,"p":2},"a":[1]}"#,
        br#"{"a":[1,{"k":"\u0078","k":"y"}]}"#,
        br#"{"a":[1],"o":{}}"#,
        br#"{"a":[1],"o":{"p":1,"q":2,"r":3,"s":4}}"#,
        br#"{"a":[]}"#,
        br#"{"a":[1,{"k":"a"},{"k":"b"},{"k":"c"},{"k":"d"}]}"#,
        br#"{"a":["x"]}"#,
        br#"{"a":[{"k":"x"}]}"#,
        br#"{"a":[1,{"v":[]}]}"#,
        br#"{"a":[1,{"k":"x","v":[1,10]}]}"#,
        br#"{"a":[1,{"k":"x","v":[1,2],"w":1}]}"#,
        br#"{"a":[1],"u":[1,"x"]}"#,
        br#"{"a":[1],"u":[1,2,[3]]}"#,
        long.as_bytes(),
        br#"{"o":{"p":1}}"#,
        br#"{"a":[1],"o":{"p":1},}"#,
        br#"{"a":[1,]}"#,
        br#"{"a":[1]}{}"#,
        br#"{"a":[1]} x"#,
        br#"{"a":[1],"n":1.5}"#,
        br#"{"a":[1],"n":15"#,
        br#"{"a":[1],"n""#,
        br#"{"a" 1}"#,
        br#"{"a":[1] "n":1}"#,
        br#"[{"a":[1]}]"#,
    ];
    let mut failures = Vec::new();
    for (i, body) in bodies.iter().enumerate() {
        check_all_splits(&form, &format!("body {i}"), body, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The elements of an array kept as a frame are read by one pass for as long as each is
/// read whole and admitted (benches/README.md, optimization `batched-elements`): an
/// element cut off by a chunk, failing inside, failing at its start (`maxItems`), or
/// followed by a syntax error is read again as any value is, with the
/// verdict, kind, offset and pointer of `verify`. The bodies are long enough for the
/// outer containers to be entered at once.
#[test]
fn elements_read_in_one_pass_agree_at_every_split() {
    let form = Form::compile(
        br#"{"type":"object","properties":{"r":{"type":"array","maxItems":300,
            "prefixItems":[{"type":"integer"}],
            "items":{"type":"object","properties":{
                "k":{"type":"string","maxLength":8},
                "v":{"type":"integer","maximum":9},
                "t":{"type":"array","items":{"enum":["a","b"]}}},
              "required":["k"],"additionalProperties":false}}}}"#,
    )
    .unwrap();
    let body = |n: usize, edit: &dyn Fn(usize, String) -> String| {
        let records: Vec<String> = (0..n)
            .map(|i| {
                edit(
                    i,
                    format!(r#"{{"k":"k{}","v":{},"t":["a","b"]}}"#, i % 1000, i % 10),
                )
            })
            .collect();
        format!(r#"{{"r":[7, {}]}}"#, records.join(" , "))
    };
    let bodies = [
        body(250, &|_, r| r),
        body(301, &|_, r| r),
        body(250, &|i, r| {
            if i == 199 {
                r.replace(r#""v":9"#, r#""v":10"#)
            } else {
                r
            }
        }),
        body(250, &|i, r| {
            if i == 150 {
                r.replace('}', r#","x":1}"#)
            } else {
                r
            }
        }),
        body(250, &|i, r| {
            if i == 120 {
                r.replace(r#""b"]"#, r#""c"]"#)
            } else {
                r
            }
        }),
        body(250, &|i, r| {
            if i == 220 {
                r.replace(r#""k":"#, r#""j":"#)
            } else {
                r
            }
        }),
        body(250, &|i, r| if i == 249 { format!("{r},") } else { r }),
        body(250, &|i, r| if i == 100 { format!("{r} 1") } else { r }),
        body(250, &|i, r| {
            if i == 60 {
                r.replace("\"k6", "\"k\\u0036")
            } else {
                r
            }
        }),
        body(250, &|_, r| r).replace("[7, ", "[\"7\", "),
    ];
    let mut failures = Vec::new();
    for (i, body) in bodies.iter().enumerate() {
        let body = body.as_bytes();
        assert!(
            body.len() > 4096 || i == bodies.len() - 1,
            "body {i} is long"
        );
        let whole = form.verify(body);
        let mut splits: Vec<Vec<usize>> = (1..body.len()).step_by(97).map(|c| vec![c]).collect();
        for stride in [1usize, 7, 333, 1000, 4096] {
            splits.push((1..body.len()).filter(|i| i % stride == 0).collect());
        }
        splits.push(Vec::new());
        for cuts in &splits {
            let got = stream(&form, body, cuts);
            if !same(&whole, &got) {
                failures.push(format!(
                    "body {i}: cuts {:?}: whole {whole:?}, streamed {got:?}",
                    &cuts[..cuts.len().min(8)]
                ));
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The verdicts the splits agreed on are the ones meant.
    let verdicts: Vec<bool> = bodies
        .iter()
        .map(|b| form.verify(b.as_bytes()).is_ok())
        .collect();
    assert_eq!(
        verdicts,
        [true, false, false, false, false, false, false, false, true, false]
    );
}

/// A prefix that already breaks the form is refused at the chunk that completes the
/// bytes breaking it, as the general validator refuses it, although the streaming
/// verifier reads with its fast path first: a subschema cut short does not keep the
/// others from failing, and a name is counted and checked before its value.
#[test]
fn a_broken_prefix_is_refused_at_the_chunk_that_breaks_it() {
    let long = format!(r#"{{"a":"{}","b":1,"c":"#, "x".repeat(5000));
    let cases: &[(&str, &[&[u8]], usize)] = &[
        (
            r#"{"allOf":[{"type":"array"},{"items":{"type":"string"}}]}"#,
            &[b"[1,\"", b"a\"]"],
            0,
        ),
        (
            r#"{"type":"array","items":{"type":"string"},"anyOf":[{"maxItems":1}]}"#,
            &[b"[\"a\",\"b\"", b"]"],
            0,
        ),
        (r#"{"uniqueItems":true}"#, &[b"[1,1,", b"2]"], 0),
        (
            r#"{"contains":{"type":"integer"},"maxContains":1}"#,
            &[b"[1,2,", b"\"a\"]"],
            0,
        ),
        (
            r#"{"properties":{"a":{"type":"integer"},"b":{}},"maxProperties":3}"#,
            &[b"{", b"\"a\":1,\"a\":", b"2}"],
            1,
        ),
        (r#"{"maxProperties":2}"#, &[long.as_bytes(), b"1}"], 0),
        (
            r#"{"anyOf":[{"type":"array"},{"type":"string"}]}"#,
            &[b"{", b"}"],
            0,
        ),
        ("{}", &[b"\xc3", b"\xa9"], 0),
        ("{}", &[b"[1, \xc3", b"\xa9]"], 0),
    ];
    for (form, chunks, at) in cases {
        let f = Form::compile(form.as_bytes()).unwrap();
        let whole = f.verify(&chunks.concat());
        let mut v = f.verifier();
        let refused = chunks.iter().position(|c| v.feed(c).is_err());
        assert_eq!(refused, Some(*at), "{form}: refused at chunk {refused:?}");
        let mut v = f.verifier();
        let got = chunks
            .iter()
            .try_for_each(|c| v.feed(c))
            .and_then(|()| v.finish());
        assert!(
            same(&whole, &got),
            "{form}: whole {whole:?}, streamed {got:?}"
        );
    }
}

#[test]
fn rejects_over_the_limit_at_the_crossing_chunk() {
    let form = Form::builder().max_bytes(10).compile(b"true").unwrap();
    let mut v = form.verifier();
    v.feed(b"[1,2,3,").unwrap();
    let r = v.feed(b"4,5]").unwrap_err();
    assert_eq!(r.offset(), 10);
    assert!(matches!(
        r.kind(),
        formgate::RejectionKind::TooLarge { limit: 10 }
    ));
    // Exactly max_bytes is fine.
    let mut v = form.verifier();
    v.feed(b"[1,2,3,4]").unwrap();
    v.feed(b" ").unwrap();
    v.finish().unwrap();
}

#[test]
fn rejects_early_in_a_large_body() {
    // The first record breaks the form: the verifier says no at the first chunk.
    let form = Form::compile(
        br#"{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"}}}}"#,
    )
    .unwrap();
    let mut body = b"[{\"id\":\"x\"}".to_vec();
    while body.len() < 900_000 {
        body.extend_from_slice(b",{\"id\":1}");
    }
    body.push(b']');
    let mut v = form.verifier();
    let mut fed = 0;
    let mut rejected_after = None;
    for chunk in body.chunks(16 * 1024) {
        fed += chunk.len();
        if v.feed(chunk).is_err() {
            rejected_after = Some(fed);
            break;
        }
    }
    eprintln!("rejected after {rejected_after:?} of {} bytes", body.len());
    assert_eq!(rejected_after, Some(16 * 1024));
    // From a reader: stops reading there too.
    let mut r = std::io::Cursor::new(&body);
    assert!(form.verify_reader(&mut r).is_err());
    assert!(r.position() <= 16 * 1024, "read {} bytes", r.position());
}

/// A body that ends within the reader's first 16 KiB is verified whole (`Form::verify`,
/// with its fast path), a longer one streamed: the same verdicts, kinds and offsets as
/// `verify`, also from a reader that yields a few bytes per read.
#[test]
fn reader_verdicts_match_verify_below_and_above_one_chunk() {
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.0.len()).min(3);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let form = Form::compile(
        br#"{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"}},"additionalProperties":false}}"#,
    )
    .unwrap();
    let mut bodies: Vec<Vec<u8>> = Vec::new();
    for records in [0, 1, 100, 1_700, 5_000] {
        let mut good = b"[".to_vec();
        for i in 0..records {
            if i > 0 {
                good.push(b',');
            }
            good.extend_from_slice(b"{\"id\":1}");
        }
        good.push(b']');
        let mut bad = good.clone();
        let at = bad.len() - 2;
        bad[at] = b'x';
        let mut cut = good.clone();
        cut.pop();
        bodies.extend([good, bad, cut]);
    }
    for body in &bodies {
        let whole = form.verify(body);
        let read = match form.verify_reader(Trickle(body)) {
            Ok(()) => Ok(()),
            Err(formgate::ReadError::Rejected(r)) => Err(r),
            Err(e) => panic!("{e}"),
        };
        assert_eq!(read, whole, "{} bytes", body.len());
    }
    assert!(bodies
        .iter()
        .any(|b| b.len() > 16 * 1024 && form.verify(b).is_ok()));
}

/// A sender that pauses after a prefix that breaks the form is refused without waiting
/// for more: each read's bytes are verified as they arrive (a token once it is
/// complete). The reader below hands out its chunks, then fails as a paused sender's
/// connection would eventually; a refusal must come before that read.
#[test]
fn reader_refuses_a_bad_prefix_before_the_sender_resumes() {
    struct Paused<'a>(Vec<&'a [u8]>);
    impl std::io::Read for Paused<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                return Err(std::io::Error::other("the sender paused"));
            }
            let chunk = self.0.remove(0);
            buf[..chunk.len()].copy_from_slice(chunk);
            Ok(chunk.len())
        }
    }
    let form = Form::compile(br#"{"type":"array","items":{"type":"integer"}}"#).unwrap();
    let cases: &[&[&[u8]]] = &[
        // The first read already breaks the form (a token is judged once complete).
        &[b"[1,\"x\""],
        &[b"{"],
        // A good first read, then one that breaks it.
        &[b"[1,2", b",3,true"],
        &[b"[", b"1", b",", b"null"],
        // A complete admitted value, then a byte that cannot follow it.
        &[b"[1]", b" x"],
    ];
    for chunks in cases {
        let whole: Vec<u8> = chunks.concat();
        match form.verify_reader(Paused(chunks.to_vec())) {
            Err(formgate::ReadError::Rejected(r)) => {
                assert!(r.offset() <= whole.len() as u64, "{r:?}");
            }
            other => panic!("{:?}: {other:?}", String::from_utf8_lossy(&whole)),
        }
    }
    // An admitted body in one read, then the end: the fast path's verdict.
    assert!(form.verify_reader(&b"[1,2,3]"[..]).is_ok());
    // A good prefix is not refused: the paused sender's read error is what comes back.
    assert!(matches!(
        form.verify_reader(Paused(vec![b"[1,", b"2"])),
        Err(formgate::ReadError::Io(_))
    ));
}

#[test]
fn reader_reads_at_most_max_bytes_plus_one() {
    let form = Form::builder().max_bytes(1000).compile(b"true").unwrap();
    struct Counting(u64);
    impl std::io::Read for Counting {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.fill(b' ');
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
    }
    let mut src = Counting(0);
    let err = form.verify_reader(&mut src).unwrap_err();
    assert!(matches!(err, formgate::ReadError::Rejected(_)));
    // `take` bounds what is asked of the source.
    assert!(src.0 <= 1001, "read {}", src.0);
}

/// `max_bytes` as large as it goes: reading one byte past it must not overflow (it
/// did, refusing every body or panicking), and the builder caps it at the documented
/// largest value.
#[test]
fn reader_takes_the_largest_max_bytes() {
    for n in [formgate::Limits::MAX_BYTES, usize::MAX] {
        let form = Form::builder()
            .max_bytes(n)
            .compile(br#"{"type":"object"}"#)
            .unwrap();
        assert_eq!(form.limits().max_bytes(), formgate::Limits::MAX_BYTES);
        assert!(form.verify_reader(&b" {} "[..]).is_ok());
        assert!(form.verify_reader(&b"[]"[..]).is_err());
        assert!(form.verify(b"{}").is_ok());
        let mut v = form.verifier();
        v.feed(b"{").unwrap();
        v.feed(b"}").unwrap();
        assert!(v.finish().is_ok());
    }
}

proptest! {
    #![proptest_config(config("stream", 256))]

    /// Generated forms, bodies aimed at them (admitted and not, duplicates and broken
    /// bytes included) and random split points, down to one byte per chunk.
    #[test]
    fn streaming_matches_whole_body_verification(
        (form, bodies) in testkit::form_and_bodies(&testkit::FULL),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        damage in any::<prop::sample::Index>(),
        one_byte in any::<bool>(),
    ) {
        let f = Form::compile(form.compact().as_bytes()).unwrap();
        for body in &bodies {
            let mut variants = vec![body.clone().into_bytes()];
            // A damaged copy: one byte replaced, to reach the parser's error paths.
            let mut broken = body.clone().into_bytes();
            if !broken.is_empty() {
                let at = damage.index(broken.len());
                broken[at] = [b'"', b'\\', b'}', 0xff, b'1', b' '][at % 6];
            }
            variants.push(broken);
            for bytes in &variants {
                let whole = f.verify(bytes);
                let points: Vec<usize> = if one_byte {
                    (1..bytes.len()).collect()
                } else {
                    let mut p: Vec<usize> = cuts.iter().map(|c| c.index(bytes.len() + 1)).collect();
                    p.sort_unstable();
                    p
                };
                let streamed = stream(&f, bytes, &points);
                // The general validator alone is the reference: `verify` and the
                // streaming verifier both read with the fast path first.
                let general = formgate::__fuzz::general_verify(&f, bytes);
                prop_assert!(same(&general, &whole), "verify {:?}, general {:?}", whole, general);
                prop_assert!(
                    same(&whole, &streamed),
                    "body {:?} cuts {:?}: whole {:?}, streamed {:?}",
                    String::from_utf8_lossy(bytes), points, whole, streamed
                );
            }
        }
    }
}

/// The fast engine and buffers a streamed body leaves on its thread for the next one
/// (`verify/stream.rs`, `Spare`; optimization `spare-stream`) carry nothing into it:
/// whatever the body before did (admitted, refused by the fast engine, handed over,
/// dropped mid-body inside open objects with unlisted names, `uniqueItems` arrays and
/// escaped strings, or cut inside a character), the next body streamed on the thread
/// gets the general validator's verdict, kind, offset and pointer.
#[test]
fn a_spare_engine_carries_nothing_into_the_next_body() {
    let form = Form::compile(
        br#"{"type":"object","properties":{
            "a":{"type":"integer","maximum":3},
            "s":{"type":"string","maxLength":4},
            "u":{"type":"array","items":{"type":"string"},"uniqueItems":true},
            "o":{"type":"object","additionalProperties":{"type":"integer"},"maxProperties":2}
        },"required":["a"]}"#,
    )
    .unwrap();
    let other = Form::compile(br#"{"type":"array","items":{"minLength":2},"maxItems":3}"#).unwrap();
    // (form, body, bytes fed before the verifier is dropped: `None` feeds all and
    // finishes).
    let before: &[(&Form, &[u8], Option<usize>)] = &[
        (&form, br#"{"a":1,"s":"ab"}"#, None),
        (&form, br#"{"a":7,"s":"ab"}"#, None),
        (&form, br#"{"a":1,"a":2}"#, None),
        (&form, br#"{"a":1,"o":{"x":1,"y":2,"z":3}}"#, None),
        (&form, br#"{"a":1,"o":{"x":1,"y":"#, Some(18)),
        (&form, br#"{"a":1,"u":["p","q","#, Some(17)),
        (&form, br#"{"a":1,"s":"\u00e9\n"#, Some(16)),
        (&form, b"{\"a\":1,\"s\":\"\xc3", Some(13)),
        (&form, br#"{"a":1,"o":{"x\u0031":1,"#, Some(22)),
        (&other, br#"["ab","c","de"]"#, None),
        (&other, br#"["ab",["#, Some(7)),
    ];
    let after: &[&[u8]] = &[
        br#"{"a":1}"#,
        br#"{"a":1,"o":{"x":1,"y":2}}"#,
        br#"{"a":1,"o":{"x":1,"x":2}}"#,
        br#"{"a":1,"u":["p","q"]}"#,
        br#"{"a":1,"u":["p","p"]}"#,
        br#"{"a":1,"s":"\u00e9\u00e9\u00e9\u00e9"}"#,
        br#"{"s":"ab"}"#,
        br#"{"a":4}"#,
        br#"}"#,
    ];
    for &(f, body, stop) in before {
        for &next in after {
            for step in [1, 3, 64] {
                let mut v = f.verifier();
                match stop {
                    None => {
                        let _ = body.chunks(step).try_for_each(|c| v.feed(c));
                        let _ = v.finish();
                    }
                    Some(n) => {
                        let _ = body[..n].chunks(step).try_for_each(|c| v.feed(c));
                        drop(v);
                    }
                }
                let cuts: Vec<usize> = (step..next.len()).step_by(step).collect();
                let got = stream(&form, next, &cuts);
                let general = formgate::__fuzz::general_verify(&form, next);
                assert_eq!(
                    got,
                    general,
                    "after {:?} (stopped at {stop:?}, by {step}): {:?}",
                    String::from_utf8_lossy(body),
                    String::from_utf8_lossy(next)
                );
            }
        }
    }
}

/// A first chunk that looks like a whole container is read as `verify` reads a whole
/// body (`fast/resumable.rs`, `Resumable::feed`; optimization `whole-first-chunk`):
/// admitted, only whitespace may follow it, and the first other byte is refused where
/// the parser refuses bytes after the value; refused, at that chunk; not whole after
/// all (its last bracket inside a string, or closing an inner container), it is read
/// as any chunk is. Each case's verdict, kind, offset and pointer are `verify`'s and
/// the general validator's, and a refusal comes at the chunk that makes it certain.
#[test]
fn a_whole_first_chunk_is_read_as_verify_reads_it() {
    let form = Form::compile(
        br#"{"type":"object","properties":{
            "a":{"type":"integer","maximum":3},
            "s":{"type":"string","maxLength":4},
            "o":{"type":"object","additionalProperties":{"type":"integer"}},
            "l":{"type":"array","items":{"type":"integer"}}
        },"required":["a"]}"#,
    )
    .unwrap();
    let list = Form::compile(br#"{"type":"array","items":{"type":"integer"}}"#).unwrap();
    let nested = Form::compile(br#"{"type":"array","items":{"type":"array"}}"#).unwrap();
    // (form, chunks, the chunk whose feed refuses, if one does).
    type Case<'a> = (&'a Form, &'a [&'a [u8]], Option<usize>);
    let cases: &[Case] = &[
        (&form, &[br#"{"a":1}"#], None),
        (&form, &[br#" {"a":1} "#, b"  ", b"\n\t\r", b""], None),
        (&form, &[br#"{"a":1}"#, b" ", b"x"], Some(2)),
        (&form, &[br#"{"a":1}"#, b"  \xff"], Some(1)),
        (&form, &[br#"{"a":1} "#, b"", b"{}"], Some(2)),
        (&form, &[br#"{"a":1}"#, b"}"], Some(1)),
        (&form, &[br#"{"a":7}"#, b" "], Some(0)),
        (&form, &[br#"{"a":7}"#, b"x"], Some(0)),
        (&form, &[br#"{"a":1,"a":2}"#], Some(0)),
        (&form, &[br#"{"s":"ab"}"#, b" "], Some(0)),
        (&form, &[br#"{"a":1,"s":"}"#, br#""}"#], None),
        (&form, &[br#"{"a":1,"s":"}"#, br#"xyzw"}"#], Some(1)),
        (&form, &[br#"{"a":1,"o":{}"#, b"}"], None),
        (&form, &[br#"{"a":1,"o":{"x":1}"#, br#","l":[1]}"#], None),
        (&form, &[br#"{"a":1,"o":{"x":1}"#, br#","a":2}"#], Some(1)),
        (&form, &[br#"{"a":1,"l":[1]"#, br#","l":2}"#], Some(1)),
        (&form, &[br#"{"a":1,"#, br#""s":"ab"}"#], None),
        (&form, &[b"{\"a\":1,\"s\":\"\xc3\xa9\"}"], None),
        (&form, &[b"{\"a\":1,\"s\":\"\xc3\"}"], Some(0)),
        (&list, &[b"[1,2]", b"[3]"], Some(1)),
        (&list, &[b"[1,[2]", b"]"], Some(0)),
        (&nested, &[b"[[1],[2]", b"]"], None),
        (&nested, &[b"[[1],[2]", b",3]"], Some(1)),
        (&list, &[b"[1,2] ", b" "], None),
    ];
    for &(f, chunks, refusing) in cases {
        let body = chunks.concat();
        let whole = f.verify(&body);
        let general = formgate::__fuzz::general_verify(f, &body);
        assert!(
            same(&whole, &general),
            "{:?}: verify {whole:?}, general {general:?}",
            String::from_utf8_lossy(&body)
        );
        let mut v = f.verifier();
        let mut refused = None;
        for (i, chunk) in chunks.iter().enumerate() {
            if let Err(r) = v.feed(chunk) {
                refused = Some((i, r));
                break;
            }
        }
        let (at, streamed) = match refused {
            Some((i, r)) => (Some(i), Err(r)),
            None => (None, v.finish()),
        };
        assert!(
            same(&whole, &streamed),
            "{:?}: whole {whole:?}, streamed {streamed:?}",
            String::from_utf8_lossy(&body)
        );
        assert_eq!(
            at,
            refusing,
            "{:?}: refused at chunk {at:?}",
            String::from_utf8_lossy(&body)
        );
    }
}

/// A verifier made or dropped while its thread's locals are destroyed (one held by
/// another thread-local, or made in its destructor) does not panic: the spare engine
/// it would take or leave (`verify/stream.rs`, `Spare`), and the thread's runtime it
/// reads a whole first chunk with, may be gone by then, and a panic in a
/// thread-local's destructor aborts the process. Run in a child process,
/// since that abort is the failure.
#[test]
fn a_verifier_outliving_the_threads_spare_does_not_abort() {
    if !common::in_child_process("a_verifier_outliving_the_threads_spare_does_not_abort") {
        return;
    }
    use std::cell::RefCell;
    let form: &'static Form = Box::leak(Box::new(
        Form::compile(br#"{"type":"array","items":{"type":"integer"}}"#).unwrap(),
    ));
    thread_local! {
        static HELD: RefCell<Option<formgate::Verifier<'static>>> = const { RefCell::new(None) };
    }
    // Destroyed after the spare: its verifier is dropped when the spare is gone.
    std::thread::spawn(move || {
        HELD.with(|h| assert!(h.borrow().is_none()));
        let mut v = form.verifier();
        v.feed(b"[1,").unwrap();
        drop(v);
        let mut v = form.verifier();
        v.feed(b"[1,").unwrap();
        HELD.with(|h| *h.borrow_mut() = Some(v));
    })
    .join()
    .unwrap();
    // A destructor that streams a body once the spare is gone.
    struct Streams(&'static Form);
    impl Drop for Streams {
        fn drop(&mut self) {
            let mut v = self.0.verifier();
            assert!(v.feed(b"[1,2]").is_ok());
            assert!(v.finish().is_ok());
        }
    }
    thread_local! {
        static LATE: RefCell<Option<Streams>> = const { RefCell::new(None) };
    }
    std::thread::spawn(move || {
        LATE.with(|l| *l.borrow_mut() = Some(Streams(form)));
        drop(form.verifier());
    })
    .join()
    .unwrap();
    // The same once the thread's runtime is gone too: `verify` made it after `LATE`,
    // so it is destroyed first, and the destructor's whole first chunk finds it gone.
    std::thread::spawn(move || {
        LATE.with(|l| *l.borrow_mut() = Some(Streams(form)));
        assert!(form.verify(b"[1]").is_ok());
    })
    .join()
    .unwrap();
}

/// The form schemars derives for `orders::Comment` (its properties by name).
const THREAD_FORM: &str = r##"{"type":"object","properties":{"author":{"type":"string","minLength":1,"maxLength":40},"id":{"type":"integer","minimum":0},"replies":{"type":"array","items":{"$ref":"#"}},"score":{"type":"integer"},"text":{"type":"string","maxLength":2000}},"required":["id","author","text","score","replies"],"additionalProperties":false}"##;

/// A body nested five levels deep and larger than a chunk (a thread of comments, each
/// with its replies): every chunk's end cuts an object or array at each level, each
/// attempted whole as far as the chunk goes, then entered as a frame. The fast engine
/// reads it alone; the work of those attempts once spent the budget in the first chunk
/// and handed the body over.
#[test]
fn a_deep_body_in_chunks_is_read_by_the_fast_engine() {
    let form = Form::compile(THREAD_FORM.as_bytes()).expect("the form compiles");
    let body = orders::thread();
    for chunk in [16 * 1024, 4096, 1000] {
        assert!(
            formgate::__fuzz::fast_streams(&form, &body, chunk),
            "handed over in chunks of {chunk} bytes"
        );
    }
}

/// The deep body broken at places spread over it (a member of the wrong type, one
/// missing, one unknown, a syntax error), fed in chunks that cut it at every level:
/// the streaming verifier decides each as the general validator does, rejection for
/// rejection.
#[test]
fn a_deep_body_broken_anywhere_is_decided_in_chunks_as_whole() {
    let form = Form::compile(THREAD_FORM.as_bytes()).expect("the form compiles");
    let text = String::from_utf8(orders::thread()).expect("UTF-8");
    let at = |pattern: &str, nth: usize| {
        text.match_indices(pattern)
            .nth(nth)
            .map(|(i, _)| i)
            .expect("the pattern occurs")
    };
    let mut bodies = Vec::new();
    for nth in [0, 7, 300, 700, 1364] {
        let i = at(r#""score":"#, nth) + r#""score":"#.len();
        let end = i + text[i..].find(',').expect("a comma");
        bodies.push(format!("{}\"x\"{}", &text[..i], &text[end..]));
        let i = at(r#""author":"#, nth);
        let end = i + text[i..].find(',').expect("a comma") + 1;
        bodies.push(format!("{}{}", &text[..i], &text[end..]));
        let i = at(r#""replies":["#, nth);
        bodies.push(format!("{}\"z\":1,{}", &text[..i], &text[i..]));
        bodies.push(format!("{}]{}", &text[..i], &text[i..]));
    }
    for body in &bodies {
        let whole = formgate::__fuzz::general_verify(&form, body.as_bytes());
        assert!(whole.is_err());
        for chunk in [16 * 1024, 4096, 1000, 333] {
            let mut v = form.verifier();
            let streamed = body
                .as_bytes()
                .chunks(chunk)
                .try_for_each(|c| v.feed(c))
                .and_then(|()| v.finish());
            assert_eq!(streamed, whole, "in chunks of {chunk} bytes");
        }
    }
}
