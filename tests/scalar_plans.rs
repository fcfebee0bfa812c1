//! The plans that decide a scalar by a test fixed when the form is compiled, without
//! the general checks (`Node::integers`, `Node::decimals`, `Node::words`,
//! `Node::date_times`; benches/README.md, optimizations `integer-plan`, `decimal-plan`,
//! `enum-words`, `date-time-words`): at their edges, each must decide as the general
//! validator does through every engine (`verify`, the fast engine alone, the streaming
//! verifier, `verify_into`'s routes).

mod common;

use common::every_engine_agrees;
use formgate::Form;

/// The integer plan (`Node::integers`, optimization `integer-plan`) at its edges:
/// `-0`, exclusive and decimal bounds, bounds beyond 18 digits, `multipleOf`, `enum`
/// and `const` beside (none of which may take the plan), draft-04's integers by
/// spelling (`1.0` and `1e2` are none there), `type` with a string beside, and
/// numbers that are not plainly written or not numbers at all. Through every engine.
#[test]
fn integer_plan_edges_agree_through_every_engine() {
    let keywords = [
        r#""exclusiveMinimum":0,"exclusiveMaximum":10"#,
        r#""minimum":-0.0,"maximum":10.0"#,
        r#""minimum":0.5,"maximum":9.5"#,
        r#""maximum":999999999999999999"#,
        r#""minimum":-1000000000000000000,"maximum":1000000000000000000"#,
        r#""maximum":10,"multipleOf":3"#,
        r#""maximum":10,"enum":[1,12,"x"]"#,
        r#""minimum":20,"const":10"#,
        r#""format":"uint8","exclusiveMaximum":200"#,
        r#""format":"int8","minimum":-200"#,
    ];
    let dialects = [
        "",
        r#""$schema":"http://json-schema.org/draft-04/schema#","#,
    ];
    let types = [r#""integer""#, r#""number""#, r#"["integer","string"]"#];
    let lexemes = [
        "0",
        "-0",
        "1",
        "3",
        "9",
        "10",
        "11",
        "12",
        "-1",
        "200",
        "-128",
        "-129",
        "1.0",
        "10.0",
        "1e1",
        "1E0",
        "-0.0",
        "1.5",
        "01",
        "-01",
        "1.",
        "-",
        "999999999999999999",
        "1000000000000000000",
        "-999999999999999999",
        "\"10\"",
        "null",
    ];
    for dialect in dialects {
        for ty in types {
            for kw in keywords {
                let form = format!(r#"{{{dialect}"type":{ty},{kw}}}"#);
                let Ok(f) = Form::compile(form.as_bytes()) else {
                    // draft-04 has no `const` and boolean exclusive bounds.
                    assert!(!dialect.is_empty(), "{form}");
                    continue;
                };
                let listed = format!(r#"{{{dialect}"properties":{{"n":{{"type":{ty},{kw}}}}}}}"#);
                let fl = Form::compile(listed.as_bytes()).unwrap();
                for lexeme in lexemes {
                    every_engine_agrees(&f, lexeme.as_bytes(), &form);
                    every_engine_agrees(&fl, format!(r#"{{"n":{lexeme}}}"#).as_bytes(), &listed);
                }
            }
        }
    }
    // draft-04's boolean exclusive bounds fold into the range as the exclusive ones do.
    let form = r#"{"$schema":"http://json-schema.org/draft-04/schema#","type":"integer","minimum":0,"exclusiveMinimum":true,"maximum":10,"exclusiveMaximum":true}"#;
    let f = Form::compile(form.as_bytes()).unwrap();
    for lexeme in ["0", "-0", "1", "9", "10", "5.0"] {
        every_engine_agrees(&f, lexeme.as_bytes(), form);
    }
}

/// The decimal plan (`Node::decimals`, optimization `decimal-plan`) at its edges:
/// numbers with a fraction at, just inside and just outside inclusive, exclusive and
/// fractional bounds, at 18 digits (the most it takes) and at 19 (which it leaves to
/// the exact path), bounds it cannot take (beyond 18 digits, `multipleOf`, an integer
/// `format`, `enum`) and `type`s without `number` (which it must not take). Through
/// every engine.
#[test]
fn decimal_plan_edges_agree_through_every_engine() {
    let keywords = [
        r#""minimum":0,"maximum":100"#,
        r#""exclusiveMinimum":0.5,"exclusiveMaximum":99.5"#,
        r#""minimum":-90,"exclusiveMaximum":90"#,
        r#""minimum":0.00000000000000001"#,
        r#""exclusiveMinimum":-0.00000000000000001"#,
        r#""maximum":99999999999999999.9"#,
        r#""minimum":-1000000000000000000"#,
        r#""maximum":10,"multipleOf":0.5"#,
        r#""maximum":100,"format":"int32""#,
        r#""maximum":100,"format":"float""#,
        r#""maximum":100,"enum":[1.5,100,"x"]"#,
        r#""maximum":100.25"#,
    ];
    let types = [
        r#""number""#,
        r#"["number","string"]"#,
        r#""integer""#,
        r#"["integer","null"]"#,
    ];
    let lexemes = [
        "0",
        "-0",
        "0.0",
        "-0.0",
        "0.5",
        "0.50",
        "0.4999999999999999",
        "0.5000000000000001",
        "1.5",
        "-1.5",
        "99.5",
        "99.49",
        "99.500000000000001",
        "100",
        "100.0",
        "100.25",
        "100.250000000000001",
        "100.00000000000001",
        "100.000000000000001",
        "100.0000000000000001",
        "-90",
        "-90.0",
        "-90.00000000000001",
        "89.99999999999999",
        "90.0",
        "0.00000000000000001",
        "0.000000000000000009",
        "0.000000000000000001",
        "-0.00000000000000001",
        "-0.000000000000000009",
        "99999999999999999.9",
        "99999999999999999.91",
        "999999999999999999",
        "-999999999999999999.0",
        "1e2",
        "1.5e0",
        "1.",
        ".5",
        "\"1.5\"",
    ];
    for ty in types {
        for kw in keywords {
            let bodies = lexemes.iter().map(|l| l.as_bytes());
            in_three_places(
                &format!(r#""type":{ty},{kw}"#),
                bodies,
                [b"{\"s\":1.5x}", b"[1.5x]"],
            );
        }
    }
    // draft-04's boolean exclusive bounds close the range by one unit as well.
    let form = r#"{"$schema":"http://json-schema.org/draft-04/schema#","type":"number","minimum":0.5,"exclusiveMinimum":true,"maximum":10,"exclusiveMaximum":true}"#;
    let f = Form::compile(form.as_bytes()).unwrap();
    for lexeme in [
        "0.5",
        "0.500000000000001",
        "9.999999999999999",
        "10",
        "10.0",
        "5.25",
    ] {
        every_engine_agrees(&f, lexeme.as_bytes(), form);
    }
}

/// The `enum` words (`Node::words`, optimization `enum-words`): a string compared in
/// place with the candidates of its node's `enum` or `const` is admitted only when its
/// bytes and closing quote are a candidate's; a candidate written with escapes, a
/// prefix or an extension of one, a candidate that needs an escape, candidates sharing
/// their first two bytes, the empty string, and nodes with a string keyword beside
/// (which may not take the words) are read the usual way. Through every engine.
#[test]
fn enum_words_agree_through_every_engine() {
    let keywords = [
        r#""enum":["alpha","beta","b","gamma","tab\t","q\"uote","","alps",7,null]"#,
        r#""const":"beta""#,
        r#""enum":["alpha","beta","b"],"minLength":2"#,
        r#""enum":["alpha","beta","b"],"pattern":"^a""#,
        r#""enum":["alpha","beta","b"],"format":"email""#,
        r#""enum":["é","éa","日本"]"#,
    ];
    let types = [
        "",
        r#""type":"string","#,
        r#""type":["string","null"],"#,
        r#""type":"integer","#,
    ];
    let strings = [
        r#""alpha""#,
        r#""alps""#,
        r#""al\u0070ha""#,
        r#""bet\u0061""#,
        r#""beta""#,
        r#""bet""#,
        r#""betas""#,
        r#""b""#,
        r#""""#,
        r#""tab\t""#,
        r#""q\"uote""#,
        r#""gamma""#,
        r#""é""#,
        r#""éa""#,
        r#""\u00e9""#,
        r#""日本""#,
        r#""日""#,
        "\"beta\u{1}\"",
        // The candidate that needs an escape, written raw: not JSON.
        "\"tab\t\"",
        "7",
        "null",
    ];
    let not_utf8: &[u8] = b"\"b\xff\"";
    let bodies = strings.iter().map(|s| s.as_bytes()).chain([not_utf8]);
    let malformed: [&[u8]; 2] = [br#"{"s":"betax}"#, br#"["betax]"#];
    for ty in types {
        for kw in keywords {
            // The last two: not JSON, the string's closing quote missing where a word
            // would end, and the bytes after it closing the container.
            in_three_places(&format!("{ty}{kw}"), bodies.clone(), malformed);
        }
    }
}

/// The `date-time` words (`Node::date_times`, optimization `date-time-words`): a
/// string read from the body's bytes as a `date-time` in its most common spelling is
/// admitted only when it is a valid one and the whole string; invalid days, leap years
/// and leap seconds, other spellings (a fraction, an offset, escapes), strings cut off
/// or longer, and nodes with another string keyword or an `enum` beside (which may not
/// take the plan) are read the usual way. Through every engine.
#[test]
fn date_time_words_agree_through_every_engine() {
    let keywords = [
        r#""format":"date-time""#,
        r#""format":"date-time","maxLength":19"#,
        r#""format":"date-time","pattern":"^2024""#,
        r#""format":"date-time","enum":["2024-02-29T23:59:60Z",1]"#,
        r#""format":"date""#,
    ];
    let types = [
        "",
        r#""type":"string","#,
        r#""type":["string","null"],"#,
        r#""type":"integer","#,
    ];
    let strings = [
        r#""2026-12-14T10:30:00Z""#,
        r#""2024-02-29t23:59:60z""#,
        r#""2024-02-29T23:59:60Z""#,
        r#""2024-02-29T22:59:60Z""#,
        r#""2023-02-29T00:00:00Z""#,
        r#""1900-02-29T12:00:00Z""#,
        r#""2000-02-29T12:00:00Z""#,
        r#""2026-04-31T12:00:00Z""#,
        r#""2026-13-01T12:00:00Z""#,
        r#""2026-00-01T12:00:00Z""#,
        r#""2026-01-00T12:00:00Z""#,
        r#""2026-01-01T24:00:00Z""#,
        r#""2026-01-01T23:60:00Z""#,
        r#""2026-01-01T12:00:00.5Z""#,
        r#""2026-01-01T12:00:00+01:00""#,
        r#""2026-01-01T12:00:00Zx""#,
        r#""2026-01-01T12:00:00""#,
        r#""2026-01-01\u005412:00:00Z""#,
        r#""2026-01-01T12:00:0\u0030Z""#,
        r#""2026-01-01X12:00:00Z""#,
        r#""2026-01-01""#,
        "\"2026-01-01T12:00:0\u{1}Z\"",
        "null",
        "20260101",
    ];
    let malformed: [&[u8]; 2] = [
        br#"{"s":"2026-01-01T12:00:00Zx}"#,
        br#"["2026-01-01T12:00:00Zx]"#,
    ];
    for ty in types {
        for kw in keywords {
            // As for the words: the last two are the plan's bytes without their quote.
            let bodies = strings.iter().map(|s| s.as_bytes());
            in_three_places(&format!("{ty}{kw}"), bodies, malformed);
        }
    }
}

/// The subschema `keywords` (an object's members, without braces) as the whole form,
/// as the subschema of the listed member `s` and as the items' subschema; each of
/// `bodies` through every engine as the value, as that member (also cut off at every
/// byte) and as two elements; then `malformed`, a member body and an elements body.
fn in_three_places<'b>(
    keywords: &str,
    bodies: impl Iterator<Item = &'b [u8]>,
    malformed: [&[u8]; 2],
) {
    let form = format!("{{{keywords}}}");
    let f = Form::compile(form.as_bytes()).unwrap();
    let listed = format!(r#"{{"properties":{{"s":{{{keywords}}}}}}}"#);
    let fl = Form::compile(listed.as_bytes()).unwrap();
    let items = format!(r#"{{"items":{{{keywords}}}}}"#);
    let fa = Form::compile(items.as_bytes()).unwrap();
    for body in bodies {
        every_engine_agrees(&f, body, &form);
        let member = [br#"{"s":"#.as_slice(), body, b"}"].concat();
        every_engine_agrees(&fl, &member, &listed);
        let elements = [b"[".as_slice(), body, b",", body, b"]"].concat();
        every_engine_agrees(&fa, &elements, &items);
        // Cut off inside the value or right after it.
        for cut in 0..member.len() {
            every_engine_agrees(&fl, &member[..cut], &listed);
        }
    }
    every_engine_agrees(&fl, malformed[0], &listed);
    every_engine_agrees(&fa, malformed[1], &items);
}

/// A plan decides a node's own keywords only: beside in-place applicators (`not`,
/// `allOf`, `anyOf`, `oneOf`) the value is still read against each of
/// them, whether the plan admits it or not. Through every engine.
#[test]
fn plans_beside_applicators_agree_through_every_engine() {
    let cases: [(&str, &[&str]); 4] = [
        (
            r#""enum":["a","b"],"not":{"const":"a"}"#,
            &[r#""a""#, r#""b""#, r#""c""#],
        ),
        (
            r#""format":"date-time","allOf":[{"pattern":"^2024"}]"#,
            &[r#""2024-02-29T23:59:60Z""#, r#""2026-01-01T00:00:00Z""#],
        ),
        (
            r#""type":"number","minimum":0,"maximum":1,"anyOf":[{"maximum":0.5},{"minimum":0.75}]"#,
            &["0.25", "0.6", "0.75", "1.5"],
        ),
        (
            r#""type":"number","minimum":0,"oneOf":[{"exclusiveMaximum":0.5},{"minimum":0.25}]"#,
            &["0.25", "0.5", "-0.5"],
        ),
    ];
    for (keywords, bodies) in cases {
        let bodies = bodies.iter().map(|b| b.as_bytes());
        in_three_places(keywords, bodies, [b"{\"s\":}", b"[,]"]);
    }
}
