//! Vocabulary v2 keywords at their exact edges. Every row is checked through every
//! engine: `verify` (fast path first), `accept`, `verify_into`, and the streaming
//! verifier fed whole and one byte at a time; and the form's rendering is a fixed point
//! that gives the same verdicts.

mod common;

use formgate::{Form, Keyword, RejectionKind};

/// (form, body, admitted).
const CASES: &[(&str, &str, bool)] = &[
    // minProperties / maxProperties: members counted, other types pass.
    (r#"{"minProperties":2}"#, r#"{"a":1}"#, false),
    (r#"{"minProperties":2}"#, r#"{"a":1,"b":{}}"#, true),
    (r#"{"minProperties":2}"#, r#""ab""#, true),
    (r#"{"minProperties":1}"#, r#"{}"#, false),
    (r#"{"maxProperties":1}"#, r#"{"a":1,"b":2}"#, false),
    (r#"{"maxProperties":1}"#, r#"{"a":{"b":1,"c":2}}"#, true),
    (r#"{"maxProperties":0}"#, r#"{}"#, true),
    (r#"{"maxProperties":0}"#, r#"[1,2]"#, true),
    // dependentRequired.
    (
        r#"{"dependentRequired":{"a":["b","c"]}}"#,
        r#"{"a":1,"b":2}"#,
        false,
    ),
    (
        r#"{"dependentRequired":{"a":["b","c"]}}"#,
        r#"{"c":1,"a":1,"b":2}"#,
        true,
    ),
    (
        r#"{"dependentRequired":{"a":["b","c"]}}"#,
        r#"{"b":1}"#,
        true,
    ),
    (
        r#"{"dependentRequired":{"a":["b"]}}"#,
        r#"{"b\u0061":1,"\u0061":1}"#,
        false,
    ),
    (r#"{"dependentRequired":{"a":[]}}"#, r#"{"a":1}"#, true),
    (r#"{"dependentRequired":{"a":["b"]}}"#, r#"["a"]"#, true),
    // not.
    (r#"{"not":{"type":"string"}}"#, r#""x""#, false),
    (r#"{"not":{"type":"string"}}"#, r#"1"#, true),
    (r#"{"not":{}}"#, r#"null"#, false),
    (r#"{"not":false}"#, r#"{"a":[1]}"#, true),
    (r#"{"not":{"not":{"minimum":2}}}"#, r#"1"#, false),
    (r#"{"not":{"not":{"minimum":2}}}"#, r#"2.0"#, true),
    (r#"{"not":{"required":["a"]}}"#, r#"{"b":1,"a":2}"#, false),
    (
        r#"{"not":{"items":{"type":"integer"}}}"#,
        r#"[1,2,"x"]"#,
        true,
    ),
    (
        r#"{"not":{"items":{"type":"integer"}}}"#,
        r#"[1,2e0]"#,
        false,
    ),
    // if / then / else.
    (
        r#"{"if":{"type":"string"},"then":{"maxLength":2},"else":{"type":"integer"}}"#,
        r#""ab""#,
        true,
    ),
    (
        r#"{"if":{"type":"string"},"then":{"maxLength":2},"else":{"type":"integer"}}"#,
        r#""abc""#,
        false,
    ),
    (
        r#"{"if":{"type":"string"},"then":{"maxLength":2},"else":{"type":"integer"}}"#,
        r#"30"#,
        true,
    ),
    (
        r#"{"if":{"type":"string"},"then":{"maxLength":2},"else":{"type":"integer"}}"#,
        r#"3.5"#,
        false,
    ),
    (r#"{"then":false}"#, r#"1"#, true),
    (r#"{"else":false}"#, r#"1"#, true),
    (r#"{"if":false}"#, r#"1"#, true),
    (
        r#"{"if":{"minimum":0},"else":{"multipleOf":2}}"#,
        r#"-3"#,
        false,
    ),
    (
        r#"{"if":{"minimum":0},"else":{"multipleOf":2}}"#,
        r#"-2"#,
        true,
    ),
    (
        r#"{"if":{"minimum":0},"else":{"multipleOf":2}}"#,
        r#"5"#,
        true,
    ),
    (
        r#"{"if":{"minimum":0},"then":{"multipleOf":2}}"#,
        r#"5"#,
        false,
    ),
    (
        r#"{"if":{"required":["a"]},"then":{"required":["b"]}}"#,
        r#"{"a":1}"#,
        false,
    ),
    (
        r#"{"if":{"required":["a"]},"then":{"required":["b"]}}"#,
        r#"{"b":1,"a":1}"#,
        true,
    ),
    (
        r#"{"if":{"required":["a"]},"then":{"required":["b"]}}"#,
        r#"{"c":1}"#,
        true,
    ),
    // Both branches fail: rejected whatever `if` says.
    (
        r#"{"if":{"maxLength":1},"then":{"type":"null"},"else":{"type":"null"}}"#,
        r#""x""#,
        false,
    ),
    // dependentSchemas.
    (
        r#"{"dependentSchemas":{"a":{"required":["b"]}}}"#,
        r#"{"a":1}"#,
        false,
    ),
    (
        r#"{"dependentSchemas":{"a":{"required":["b"]}}}"#,
        r#"{"a":1,"b":1}"#,
        true,
    ),
    (
        r#"{"dependentSchemas":{"a":{"required":["b"]}}}"#,
        r#"{"c":1}"#,
        true,
    ),
    (
        r#"{"dependentSchemas":{"z":{"maxProperties":1}}}"#,
        r#"{"a":1,"b":2,"z":3}"#,
        false,
    ),
    (
        r#"{"dependentSchemas":{"z":{"maxProperties":1}}}"#,
        r#"{"a":1,"b":2}"#,
        true,
    ),
    (r#"{"dependentSchemas":{"a":false}}"#, r#"{"b":1}"#, true),
    (
        r#"{"dependentSchemas":{"a":false}}"#,
        r#"{"\u0061":1}"#,
        false,
    ),
    (r#"{"dependentSchemas":{"a":false}}"#, r#""a""#, true),
    // propertyNames: lengths in code points, after unescaping.
    (
        r#"{"propertyNames":{"maxLength":3}}"#,
        r#"{"abcd":1}"#,
        false,
    ),
    (r#"{"propertyNames":{"maxLength":3}}"#, r#"{"abc":1}"#, true),
    (r#"{"propertyNames":{"maxLength":3}}"#, r#"{"ééé":1}"#, true),
    (
        r#"{"propertyNames":{"maxLength":3}}"#,
        r#"{"😀😀😀":1}"#,
        true,
    ),
    (
        r#"{"propertyNames":{"maxLength":3}}"#,
        r#"{"ab\u0063d":1}"#,
        false,
    ),
    (r#"{"propertyNames":false}"#, r#"{}"#, true),
    (r#"{"propertyNames":false}"#, r#"{"a":1}"#, false),
    (
        r#"{"propertyNames":{"pattern":"^a"}}"#,
        r#"{"ab":1,"ba":2}"#,
        false,
    ),
    (
        r#"{"propertyNames":{"anyOf":[{"const":"a"},{"enum":["b"]}]}}"#,
        r#"{"a":1,"b":2}"#,
        true,
    ),
    (
        r#"{"propertyNames":{"anyOf":[{"const":"a"},{"enum":["b"]}]}}"#,
        r#"{"a":1,"c":2}"#,
        false,
    ),
    (
        r#"{"propertyNames":{"type":"number"}}"#,
        r#"{"1":1}"#,
        false,
    ),
    // patternProperties: unanchored ECMA-262 search on the decoded name.
    (
        r#"{"patternProperties":{"^x-":{"type":"integer"}},"additionalProperties":false}"#,
        r#"{"x-a":1}"#,
        true,
    ),
    (
        r#"{"patternProperties":{"^x-":{"type":"integer"}},"additionalProperties":false}"#,
        r#"{"x-a":"s"}"#,
        false,
    ),
    (
        r#"{"patternProperties":{"^x-":{"type":"integer"}},"additionalProperties":false}"#,
        r#"{"y":1}"#,
        false,
    ),
    (
        r#"{"properties":{"x-a":{"type":"integer"}},"patternProperties":{"^x-":{"minimum":5}}}"#,
        r#"{"x-a":3}"#,
        false,
    ),
    (
        r#"{"properties":{"x-a":{"type":"integer"}},"patternProperties":{"^x-":{"minimum":5}}}"#,
        r#"{"x-a":5}"#,
        true,
    ),
    (
        r#"{"patternProperties":{"a":{"type":"null"}}}"#,
        r#"{"bab":1}"#,
        false,
    ),
    (
        r#"{"patternProperties":{"a":{"type":"null"},"b":{"const":null}}}"#,
        r#"{"ab":null}"#,
        true,
    ),
    (
        r#"{"patternProperties":{"\\d":false}}"#,
        r#"{"x٣":1}"#,
        true,
    ),
    (
        r#"{"patternProperties":{"\\d":false}}"#,
        r#"{"x3":1}"#,
        false,
    ),
    (
        r#"{"patternProperties":{"^(?!x-)":{"type":"null"}}}"#,
        r#"{"x-a":1,"b":null}"#,
        true,
    ),
    (
        r#"{"patternProperties":{"^(?!x-)":{"type":"null"}}}"#,
        r#"{"b":1}"#,
        false,
    ),
    // contains / minContains / maxContains.
    (r#"{"contains":{"type":"integer"}}"#, r#"[]"#, false),
    (r#"{"contains":{"type":"integer"}}"#, r#"["a",1.0]"#, true),
    (r#"{"contains":{"type":"integer"}}"#, r#"["a"]"#, false),
    (r#"{"contains":{"type":"integer"}}"#, r#""x""#, true),
    (
        r#"{"contains":{"const":1},"minContains":2}"#,
        r#"[1]"#,
        false,
    ),
    (
        r#"{"contains":{"const":1},"minContains":2}"#,
        r#"[1,1e0]"#,
        true,
    ),
    (
        r#"{"contains":{"const":1},"maxContains":1}"#,
        r#"[1,1]"#,
        false,
    ),
    (
        r#"{"contains":{"const":1},"maxContains":1}"#,
        r#"[1,2]"#,
        true,
    ),
    (r#"{"contains":{"const":1},"minContains":0}"#, r#"[]"#, true),
    (
        r#"{"contains":{"const":1},"minContains":0,"maxContains":0}"#,
        r#"[1]"#,
        false,
    ),
    (r#"{"minContains":2}"#, r#"[]"#, true),
    (r#"{"maxContains":0}"#, r#"[1]"#, true),
    (r#"{"contains":true}"#, r#"[]"#, false),
    (r#"{"contains":true}"#, r#"[0]"#, true),
    (r#"{"contains":false}"#, r#"[1]"#, false),
    (
        r#"{"items":{"type":"integer"},"contains":{"minimum":3}}"#,
        r#"[1,2,"3"]"#,
        false,
    ),
    (
        r#"{"contains":{"type":"array","contains":{"const":"x"}}}"#,
        r#"[[],["y","x"]]"#,
        true,
    ),
    (
        r#"{"contains":{"type":"array","contains":{"const":"x"}}}"#,
        r#"[[],["y"]]"#,
        false,
    ),
    // uniqueItems: JSON value equality with exact numbers, unescaped strings, objects
    // regardless of member order.
    (r#"{"uniqueItems":true}"#, r#"[1,2,3]"#, true),
    (r#"{"uniqueItems":true}"#, r#"[1,2,1]"#, false),
    (r#"{"uniqueItems":true}"#, r#"[1,1.0]"#, false),
    (r#"{"uniqueItems":true}"#, r#"[1,1e0]"#, false),
    (r#"{"uniqueItems":true}"#, r#"[100,1e2]"#, false),
    (r#"{"uniqueItems":true}"#, r#"[0,-0]"#, false),
    (
        r#"{"uniqueItems":true}"#,
        r#"[0.1,0.10000000000000001]"#,
        true,
    ),
    (
        r#"{"uniqueItems":true}"#,
        r#"[9007199254740992,9007199254740993]"#,
        true,
    ),
    (r#"{"uniqueItems":true}"#, r#"[1e400,10e399]"#, false),
    (r#"{"uniqueItems":true}"#, r#"["a","a"]"#, false),
    (r#"{"uniqueItems":true}"#, r#"["a","A"]"#, true),
    (r#"{"uniqueItems":true}"#, r#"["é","é"]"#, true),
    (
        r#"{"uniqueItems":true}"#,
        r#"[{"a":1,"b":2},{"b":2,"a":1.0}]"#,
        false,
    ),
    (
        r#"{"uniqueItems":true}"#,
        r#"[{"a":1},{"a":1,"b":2}]"#,
        true,
    ),
    (r#"{"uniqueItems":true}"#, r#"[[1,2],[2,1]]"#, true),
    (r#"{"uniqueItems":true}"#, r#"[[1,[2]],[1.0,[2e0]]]"#, false),
    (
        r#"{"uniqueItems":true}"#,
        r#"[[],{},"",0,false,null]"#,
        true,
    ),
    (r#"{"uniqueItems":true}"#, r#"[null,null]"#, false),
    (r#"{"uniqueItems":true}"#, r#"[true,false,true]"#, false),
    (r#"{"uniqueItems":true}"#, r#"[["a","b"],["ab"]]"#, true),
    (r#"{"uniqueItems":false}"#, r#"[1,1]"#, true),
    (r#"{"uniqueItems":true}"#, r#"{"a":1,"b":1}"#, true),
    (
        r#"{"items":{"uniqueItems":true}}"#,
        r#"[[1,2],[3,3]]"#,
        false,
    ),
    (
        r#"{"uniqueItems":true,"items":{"uniqueItems":true}}"#,
        r#"[[1,2],[2,1]]"#,
        true,
    ),
    (
        r#"{"uniqueItems":true,"items":{"uniqueItems":true}}"#,
        r#"[[1,2],[1,2]]"#,
        false,
    ),
    (
        r#"{"anyOf":[{"uniqueItems":true},{"maxItems":2}]}"#,
        r#"[1,1]"#,
        true,
    ),
    (
        r#"{"anyOf":[{"uniqueItems":true},{"maxItems":2}]}"#,
        r#"[1,1,1]"#,
        false,
    ),
    (r#"{"not":{"uniqueItems":true}}"#, r#"[1,1]"#, true),
    (r#"{"not":{"uniqueItems":true}}"#, r#"[1,2]"#, false),
    (
        r#"{"properties":{"a":{"uniqueItems":true}}}"#,
        r#"{"a":[{"x":[1]},{"x":[1.0]}]}"#,
        false,
    ),
    // Together, through references and combinators.
    (
        r##"{"$defs":{"d":{"not":{"const":0}}},"items":{"$ref":"#/$defs/d"},"contains":{"$ref":"#/$defs/d"}}"##,
        r##"[1,0]"##,
        false,
    ),
    (
        r#"{"anyOf":[{"not":{"type":"object"}},{"minProperties":1}]}"#,
        r#"{}"#,
        false,
    ),
    (
        r#"{"anyOf":[{"not":{"type":"object"}},{"minProperties":1}]}"#,
        r#"[]"#,
        true,
    ),
    (
        r#"{"oneOf":[{"contains":{"const":1}},{"contains":{"const":2}}]}"#,
        r#"[1,2]"#,
        false,
    ),
    (
        r#"{"oneOf":[{"contains":{"const":1}},{"contains":{"const":2}}]}"#,
        r#"[2,3]"#,
        true,
    ),
];

#[test]
fn every_engine_agrees_at_the_edges() {
    let mut failures = Vec::new();
    for &(form_text, body, admitted) in CASES {
        common::engines_agree(form_text, body.as_bytes(), admitted, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The keyword and the offset a rejection names: the byte at which no admitted value
/// can begin any more.
#[test]
fn rejections_name_the_keyword_and_the_deciding_byte() {
    let cases: &[(&str, &str, &str, u64)] = &[
        // The member that exceeds: its name.
        (
            r#"{"maxProperties":1}"#,
            r#"{"a":1,"b":2}"#,
            "maxProperties",
            7,
        ),
        // Decided only at the end: the closing brace.
        (r#"{"minProperties":2}"#, r#"{"a":1}"#, "minProperties", 6),
        (
            r#"{"dependentRequired":{"a":["b"]}}"#,
            r#"{"a":1}"#,
            "dependentRequired",
            6,
        ),
        // The name itself.
        (
            r#"{"propertyNames":{"maxLength":1}}"#,
            r#"{"a":1,"bc":2}"#,
            "maxLength",
            7,
        ),
        // The element that matches once too often.
        (
            r#"{"contains":{"const":1},"maxContains":1}"#,
            r#"[1,1,2]"#,
            "maxContains",
            3,
        ),
        (r#"{"contains":{"const":1}}"#, r#"[2,3]"#, "contains", 4),
        (r#"{"not":{"type":"string"}}"#, r#""x""#, "not", 0),
        // The branch that had to pass is named, whichever was decided first.
        (
            r#"{"if":{"type":"string"},"then":{"maxLength":1}}"#,
            r#""xy""#,
            "then",
            0,
        ),
        (
            r#"{"if":{"type":"string"},"else":{"type":"null"}}"#,
            r#"[1]"#,
            "else",
            0,
        ),
        (
            r#"{"dependentSchemas":{"z":{"maxProperties":1}}}"#,
            r#"{"a":1,"b":2,"z":3}"#,
            "dependentSchemas",
            13,
        ),
        // The element that repeats: its first byte, or its closing bracket.
        (r#"{"uniqueItems":true}"#, r#"[1,2,1.0]"#, "uniqueItems", 5),
        (r#"{"uniqueItems":true}"#, r#"[[1],[1]]"#, "uniqueItems", 7),
        (
            r#"{"patternProperties":{"^a":{"type":"null"}}}"#,
            r#"{"ab":1}"#,
            "type",
            6,
        ),
    ];
    let mut failures = Vec::new();
    for &(form, body, keyword, offset) in cases {
        let form = Form::compile(form.as_bytes()).unwrap();
        let e = form.verify(body.as_bytes()).expect_err(body);
        let named =
            matches!(e.kind(), RejectionKind::NotAdmitted { keyword: k } if k.name() == keyword);
        let ok = named && e.offset() == offset;
        if !ok {
            failures.push(format!(
                "{body}: expected {keyword} at {offset}, got {:?} at {}",
                e.kind(),
                e.offset()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn keywords_of_later_drafts_are_refused_in_draft_07() {
    for kw in [
        r#""dependentRequired":{}"#,
        r#""dependentSchemas":{}"#,
        r#""minContains":1"#,
        r#""maxContains":1"#,
    ] {
        let form = format!(r#"{{"$schema":"http://json-schema.org/draft-07/schema#",{kw}}}"#);
        assert!(Form::compile(form.as_bytes()).is_err(), "{form}");
    }
    let ok = r#"{"$schema":"http://json-schema.org/draft-07/schema#","not":{},"if":{},"then":{},"contains":{},"propertyNames":{},"patternProperties":{},"minProperties":1}"#;
    assert!(Form::compile(ok.as_bytes()).is_ok());
}

#[test]
fn malformed_keyword_values_are_refused_with_their_pointer() {
    let cases: &[(&str, &str)] = &[
        (r#"{"minProperties":-1}"#, "/minProperties"),
        (r#"{"maxContains":1.5}"#, "/maxContains"),
        (
            r#"{"dependentRequired":{"a":["b","b"]}}"#,
            "/dependentRequired",
        ),
        (r#"{"dependentRequired":{"a":"b"}}"#, "/dependentRequired"),
        (r#"{"dependentSchemas":{"a":1}}"#, "/dependentSchemas/a"),
        (
            r#"{"patternProperties":{"(a)\\1":{}}}"#,
            "/patternProperties/(a)\\1",
        ),
        (r#"{"not":[]}"#, "/not"),
        (
            r#"{"propertyNames":{"unknown":1}}"#,
            "/propertyNames/unknown",
        ),
        (
            r##"{"$defs":{"a":{"not":{"$ref":"#/$defs/a"}}},"$ref":"#/$defs/a"}"##,
            "/$defs/a/not/$ref",
        ),
    ];
    for &(form, pointer) in cases {
        let e = Form::compile(form.as_bytes()).expect_err(form);
        assert_eq!(e.pointer(), pointer, "{form}: {e}");
    }
}

/// 100,000 elements, distinct or with one repeat at the end: decided by hashing with a
/// random key (no input can choose collisions), in time linear in the body; numbers
/// that differ only in spelling, and objects that differ only in member order, repeat.
#[test]
fn unique_items_over_a_hundred_thousand_elements() {
    let form = Form::builder()
        .max_bytes(16 << 20)
        .compile(br#"{"uniqueItems":true}"#)
        .unwrap();
    let n = 100_000;
    let ints: Vec<String> = (0..n).map(|i| i.to_string()).collect();
    let body = format!("[{}]", ints.join(","));
    assert!(form.verify(body.as_bytes()).is_ok());
    let repeat = format!("[{},{}e0]", ints.join(","), n / 2);
    let e = form.verify(repeat.as_bytes()).unwrap_err();
    assert_eq!(
        e.offset() as usize,
        repeat.len() - 1 - format!("{}e0", n / 2).len()
    );
    // Same lengths, same bytes in another order: distinct.
    let strings: Vec<String> = (0..n).map(|i| format!("\"{:0>6}\"", i)).collect();
    assert!(form
        .verify(format!("[{}]", strings.join(",")).as_bytes())
        .is_ok());
    let objects: Vec<String> = (0..n)
        .map(|i| format!(r#"{{"a":{i},"b":{}}}"#, n - i))
        .collect();
    let body = format!("[{},{{\"b\":{},\"a\":7}}]", objects.join(","), n - 7);
    let e = form.verify(body.as_bytes()).unwrap_err();
    assert_eq!(
        e.kind(),
        RejectionKind::NotAdmitted {
            keyword: Keyword::UniqueItems
        }
    );
    assert_eq!(e.offset() as usize, body.len() - 2);
}
