//! `Form::verify_into`: verification and deserialization in one pass.
//!
//! 1. No `T` ever comes from a body `verify` rejects, whatever `T` would accept:
//!    duplicates (`{"role":"admin","role":"user"}` never deserializes), form
//!    assertions `T` knows nothing of, members `T` ignores, trailing bytes, limits.
//! 2. A body the form admits but `T` cannot hold is `RejectionKind::Unrepresentable`.
//! 3. Strings without escapes are borrowed from the body (`&str`, `Cow::Borrowed`);
//!    escaped ones are owned.
//! 4. Derived structs and enums, `Option`, `Vec`, `&str`, `Cow<str>`, with and without
//!    `#[serde(deny_unknown_fields)]`.
//! 5. A property over generated forms and bodies: `verify_into::<serde_json::Value>` and
//!    `accept` succeed exactly when `verify` does.

use std::borrow::Cow;
use std::collections::BTreeMap;

use formgate::json::ParseErrorKind;
use formgate::{Form, Keyword, Limits, Rejection, RejectionKind};
use formgate_testkit::{self as testkit, config, J};
use proptest::prelude::*;
use serde::Deserialize;

fn form(schema: &str) -> Form {
    Form::compile(schema.as_bytes()).unwrap_or_else(|e| panic!("{schema}: {e}"))
}

const ROLE_FORM: &str = r#"{
    "type": "object",
    "properties": {"role": {"enum": ["user", "admin"]}},
    "required": ["role"]
}"#;

#[derive(Debug, PartialEq, Deserialize)]
struct Act<'a> {
    role: &'a str,
}

#[derive(Debug, PartialEq, Deserialize)]
struct ActOwned {
    role: String,
}

#[derive(Debug, PartialEq, Deserialize)]
struct ActCow<'a> {
    #[serde(borrow)]
    role: Cow<'a, str>,
}

#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActStrict {
    role: Role,
}

#[derive(Debug, PartialEq, Eq, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Role {
    User,
    Admin,
}

#[derive(Debug, PartialEq, Deserialize)]
struct ActRole {
    role: Role,
}

fn is_duplicate(r: &Rejection) -> bool {
    r.kind() == RejectionKind::Malformed(ParseErrorKind::DuplicateKey)
}

// ---------------------------------------------------------------------------
// 1. Nothing from a rejected body

#[test]
fn rejects_duplicate_role_in_verify_into() {
    let f = form(ROLE_FORM);
    let bodies = [
        r#"{"role":"admin","role":"user"}"#,
        r#"{"role":"user","role":"admin"}"#,
        r#"{"role":"user","role":"user"}"#,
        r#"{"role":"admin","\u0072ole":"user"}"#,
        r#"{"r\u006fle":"admin","role":"user"}"#,
        r#"{ "role" : "admin" , "role" : "user" }"#,
    ];
    for body in bodies {
        let b = body.as_bytes();
        let verdict = f.verify(b).unwrap_err();
        assert!(is_duplicate(&verdict), "{body}: {verdict:?}");
        let checks: [(&str, Result<(), Rejection>); 8] = [
            ("&str", f.verify_into::<Act>(b).map(drop)),
            ("String", f.verify_into::<ActOwned>(b).map(drop)),
            ("Cow", f.verify_into::<ActCow>(b).map(drop)),
            (
                "deny_unknown_fields",
                f.verify_into::<ActStrict>(b).map(drop),
            ),
            ("enum field", f.verify_into::<ActRole>(b).map(drop)),
            (
                "map",
                f.verify_into::<BTreeMap<String, String>>(b).map(drop),
            ),
            (
                "serde_json::Value",
                f.verify_into::<serde_json::Value>(b).map(drop),
            ),
            (
                "IgnoredAny",
                f.verify_into::<serde::de::IgnoredAny>(b).map(drop),
            ),
        ];
        for (t, got) in checks {
            let e = got.expect_err(body);
            assert!(is_duplicate(&e), "{t} {body}: {e:?}");
            assert_eq!(
                e, verdict,
                "{t} {body}: the rejection differs from verify's"
            );
        }
    }
}

#[test]
fn rejects_duplicates_in_members_the_type_ignores() {
    let f = form(r#"{"type":"object","properties":{"role":{"type":"string"}}}"#);
    for body in [
        r#"{"role":"user","meta":{"a":1,"a":2}}"#,
        r#"{"meta":[{"k":{"x":null,"x":null}}],"role":"user"}"#,
        r#"{"role":"user","meta":1,"meta":2}"#,
    ] {
        assert!(f.verify(body.as_bytes()).is_err(), "{body}");
        let e = f.verify_into::<Act>(body.as_bytes()).unwrap_err();
        assert!(is_duplicate(&e), "{body}: {e:?}");
        let e = f
            .verify_into::<serde::de::IgnoredAny>(body.as_bytes())
            .unwrap_err();
        assert!(is_duplicate(&e), "{body}: {e:?}");
    }
}

/// `T` takes any string; the form does not.
#[test]
fn rejects_body_the_form_rejects_even_if_t_accepts() {
    let cases = [
        (
            r#"{"type":"object","properties":{"role":{"type":"string","maxLength":4}}}"#,
            r#"{"role":"admin"}"#,
            Keyword::MaxLength,
        ),
        (
            r#"{"type":"object","properties":{"role":{"type":"string","pattern":"^u"}}}"#,
            r#"{"role":"admin"}"#,
            Keyword::Pattern,
        ),
        (ROLE_FORM, r#"{"role":"root"}"#, Keyword::Enum),
        (
            r#"{"type":"object","properties":{"role":{}},"additionalProperties":false}"#,
            r#"{"role":"user","extra":true}"#,
            Keyword::AdditionalProperties,
        ),
        (
            r#"{"type":"object","required":["role","since"]}"#,
            r#"{"role":"user"}"#,
            Keyword::Required,
        ),
        (
            r#"{"type":"object","properties":{"role":{"format":"email"}}}"#,
            r#"{"role":"user"}"#,
            Keyword::Format,
        ),
    ];
    for (schema, body, keyword) in cases {
        let f = form(schema);
        let b = body.as_bytes();
        let verdict = f.verify(b).unwrap_err();
        assert_eq!(
            verdict.kind(),
            RejectionKind::NotAdmitted { keyword },
            "{body}"
        );
        // Every one of these types would hold the body.
        assert!(serde_json::from_str::<ActOwned>(body).is_ok());
        for got in [
            f.verify_into::<ActOwned>(b).map(drop),
            f.verify_into::<Act>(b).map(drop),
            f.verify_into::<serde_json::Value>(b).map(drop),
            f.verify_into::<serde::de::IgnoredAny>(b).map(drop),
        ] {
            assert_eq!(got.unwrap_err(), verdict, "{schema} {body}");
        }
    }
}

#[test]
fn rejects_numbers_out_of_bounds_even_if_t_holds_them() {
    #[derive(Debug, Deserialize)]
    struct Qty {
        #[allow(dead_code)]
        n: u64,
    }
    let f = form(
        r#"{"type":"object","properties":{"n":{"type":"integer","maximum":10,"multipleOf":2}}}"#,
    );
    assert_eq!(f.verify_into::<Qty>(br#"{"n":10}"#).unwrap().n, 10);
    for body in [r#"{"n":12}"#, r#"{"n":3}"#, r#"{"n":1.5}"#] {
        let verdict = f.verify(body.as_bytes()).unwrap_err();
        assert_eq!(f.verify_into::<Qty>(body.as_bytes()).unwrap_err(), verdict);
    }
}

/// Members `T` skips are pulled through the validator all the same.
#[test]
fn ignored_unknown_fields_are_still_validated() {
    let f = form(
        r#"{"type":"object","properties":{
            "role":{"type":"string"},
            "meta":{"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":false}
        }}"#,
    );
    let ok = [
        r#"{"role":"x","meta":{"a":1}}"#,
        r#"{"meta":{"a":1},"role":"x"}"#,
        r#"{"role":"x","meta":{}}"#,
    ];
    for body in ok {
        assert!(f.verify(body.as_bytes()).is_ok(), "{body}");
        assert_eq!(f.verify_into::<Act>(body.as_bytes()).unwrap().role, "x");
    }
    let bad = [
        (
            r#"{"role":"x","meta":{"a":1,"b":2}}"#,
            Keyword::AdditionalProperties,
        ),
        (
            r#"{"meta":{"b":2},"role":"x"}"#,
            Keyword::AdditionalProperties,
        ),
        (r#"{"role":"x","meta":{"a":"s"}}"#, Keyword::Type),
        (r#"{"role":"x","meta":[]}"#, Keyword::Type),
        (r#"{"role":"x","meta":{"a":1.5}}"#, Keyword::Type),
    ];
    for (body, keyword) in bad {
        let verdict = f.verify(body.as_bytes()).unwrap_err();
        assert_eq!(
            verdict.kind(),
            RejectionKind::NotAdmitted { keyword },
            "{body}"
        );
        for got in [
            f.verify_into::<Act>(body.as_bytes()).map(drop),
            f.verify_into::<ActOwned>(body.as_bytes()).map(drop),
            f.verify_into::<serde::de::IgnoredAny>(body.as_bytes())
                .map(drop),
        ] {
            assert_eq!(got.unwrap_err(), verdict, "{body}");
        }
    }
}

#[test]
fn rejects_trailing_bytes() {
    let f = form(ROLE_FORM);
    for body in [
        &br#"{"role":"user"} x"#[..],
        br#"{"role":"user"}{}"#,
        br#"{"role":"user"}}"#,
        b"{\"role\":\"user\"}\0",
        br#"{"role":"user"},"#,
        b"{\"role\":\"user\"}\x0c",
    ] {
        let verdict = f.verify(body).unwrap_err();
        assert!(
            matches!(verdict.kind(), RejectionKind::Malformed(_)),
            "{verdict:?}"
        );
        assert_eq!(f.verify_into::<Act>(body).unwrap_err(), verdict);
        assert_eq!(
            f.verify_into::<serde::de::IgnoredAny>(body).unwrap_err(),
            verdict
        );
    }
    let act: Act = f.verify_into(b"\t{\"role\":\"user\"} \r\n").unwrap();
    assert_eq!(act.role, "user");
}

#[test]
fn rejects_truncated_and_malformed_bodies() {
    let f = form(ROLE_FORM);
    for body in [
        &br#"{"role":"user""#[..],
        br#"{"role":"user",}"#,
        br#"{"role":'user'}"#,
        b"",
        b"\xef\xbb\xbf{\"role\":\"user\"}",
        br#"{"role":"\ud800"}"#,
    ] {
        let verdict = f.verify(body).unwrap_err();
        assert_eq!(f.verify_into::<Act>(body).unwrap_err(), verdict);
    }
}

#[test]
fn rejects_bodies_over_the_limits() {
    let f = Form::builder()
        .max_bytes(16)
        .max_depth(2)
        .compile(b"true")
        .unwrap();
    let sixteen = br#"{"role":"usr"}  "#;
    assert_eq!(sixteen.len(), 16);
    assert!(f.verify_into::<serde_json::Value>(sixteen).is_ok());
    let seventeen = br#"{"role":"user"}  "#;
    assert_eq!(
        f.verify_into::<serde_json::Value>(seventeen)
            .unwrap_err()
            .kind(),
        RejectionKind::TooLarge { limit: 16 }
    );
    assert!(f.verify_into::<Vec<Vec<u8>>>(b"[[1]]").is_ok());
    let deep = f.verify_into::<Vec<Vec<Vec<u8>>>>(b"[[[1]]]").unwrap_err();
    assert!(
        matches!(deep.kind(), RejectionKind::Malformed(_)),
        "{deep:?}"
    );
    assert_eq!(deep, f.verify(b"[[[1]]]").unwrap_err());
}

// ---------------------------------------------------------------------------
// 2. Admitted, but not of the requested type

#[test]
fn rejects_admitted_body_t_cannot_hold_as_unrepresentable() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Small {
        n: u8,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Whole {
        n: i32,
    }
    let numbers = form(r#"{"type":"object","properties":{"n":{"type":"number"}}}"#);
    let cases: [(&str, Result<(), Rejection>); 4] = [
        (
            r#"{"n":300}"#,
            numbers.verify_into::<Small>(br#"{"n":300}"#).map(drop),
        ),
        (
            r#"{"n":-1}"#,
            numbers.verify_into::<Small>(br#"{"n":-1}"#).map(drop),
        ),
        (
            r#"{"n":1.5}"#,
            numbers.verify_into::<Whole>(br#"{"n":1.5}"#).map(drop),
        ),
        (r#"{}"#, numbers.verify_into::<Whole>(br#"{}"#).map(drop)),
    ];
    for (body, got) in cases {
        assert!(numbers.verify(body.as_bytes()).is_ok(), "{body}");
        let e = got.unwrap_err();
        assert_eq!(e.kind(), RejectionKind::Unrepresentable, "{body}: {e:?}");
        assert!(e.detail().is_some(), "{body}: {e:?}");
    }

    // deny_unknown_fields: the form allows the extra member, T does not.
    let open = form(r#"{"type":"object","properties":{"role":{"enum":["user","admin"]}}}"#);
    let body = br#"{"role":"user","note":"hi"}"#;
    assert!(open.verify(body).is_ok());
    assert_eq!(
        open.verify_into::<ActStrict>(body).unwrap_err().kind(),
        RejectionKind::Unrepresentable
    );
    // Without it, the extra member is skipped.
    assert_eq!(
        open.verify_into::<ActRole>(body).unwrap(),
        ActRole { role: Role::User }
    );
    // A variant T does not know.
    let any_role =
        form(r#"{"type":"object","properties":{"role":{"type":"string"}},"required":["role"]}"#);
    assert_eq!(
        any_role
            .verify_into::<ActRole>(br#"{"role":"root"}"#)
            .unwrap_err()
            .kind(),
        RejectionKind::Unrepresentable
    );
    // A string where T wants a number, a number where it wants a string.
    assert_eq!(
        any_role
            .verify_into::<Whole>(br#"{"role":"x","n":"7"}"#)
            .unwrap_err()
            .kind(),
        RejectionKind::Unrepresentable
    );
}

/// The whole body is read whatever `T` did: a rejection later in the body wins over
/// `T`'s earlier failure, so a log never calls a rejected body merely unrepresentable.
#[test]
fn rejects_with_the_form_verdict_after_t_fails() {
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Small {
        n: u8,
    }
    let f = form(r#"{"type":"object","properties":{"role":{"enum":["user"]}}}"#);
    for body in [
        &br#"{"n":300,"role":"root"}"#[..],
        br#"{"n":300,"x":{"a":1,"a":2}}"#,
        br#"{"n":300} x"#,
        br#"{"n":"s","role":"user","role":"user"}"#,
        br#"{"n":300,"#,
    ] {
        let verdict = f.verify(body).unwrap_err();
        let got = f.verify_into::<Small>(body).unwrap_err();
        assert_ne!(got.kind(), RejectionKind::Unrepresentable, "{got:?}");
        assert_eq!(got, verdict);
    }
    assert_eq!(
        f.verify_into::<Small>(br#"{"n":300,"role":"user"}"#)
            .unwrap_err()
            .kind(),
        RejectionKind::Unrepresentable
    );
}

/// `&'de str` can only borrow: an escaped string cannot be one.
#[test]
fn rejects_escaped_string_into_borrowed_str_as_unrepresentable() {
    let f = form(ROLE_FORM);
    let body = br#"{"role":"us\u0065r"}"#;
    assert!(f.verify(body).is_ok());
    let e = f.verify_into::<Act>(body).unwrap_err();
    assert_eq!(e.kind(), RejectionKind::Unrepresentable, "{e:?}");
    assert_eq!(f.verify_into::<ActOwned>(body).unwrap().role, "user");
}

/// The serde data model has no exact decimals: numbers reach a visitor as `u64`, `i64`
/// or the nearest `f64` (verdicts never use those). A magnitude no `f64` holds cannot
/// reach it at all, even a visitor (`serde_json::Value` with `arbitrary_precision`) that
/// could keep it: the one way `verify_into::<serde_json::Value>` fails on an admitted
/// body (see the property below).
#[test]
fn rejects_number_beyond_f64_as_unrepresentable() {
    let f = form(r#"{"type":"array","items":{"type":"number"}}"#);
    for body in ["[1e400]", "[-1e400]", "[1,2e308]"] {
        assert!(f.verify(body.as_bytes()).is_ok());
        let e = f
            .verify_into::<serde_json::Value>(body.as_bytes())
            .unwrap_err();
        assert_eq!(e.kind(), RejectionKind::Unrepresentable, "{body}: {e:?}");
        assert!(f.verify_into::<Vec<f64>>(body.as_bytes()).is_err());
    }
    // Underflow is the nearest f64, zero; the verdict still saw the exact value.
    let g = form(r#"{"type":"array","items":{"exclusiveMinimum":0}}"#);
    assert_eq!(g.verify_into::<Vec<f64>>(b"[1e-400]").unwrap(), [0.0]);
    assert!(g.verify_into::<Vec<f64>>(b"[0.0]").is_err());
    // Integers that fit u64 or i64 arrive exactly, beyond 2^53 too.
    let v: Vec<u64> = f.verify_into(b"[9007199254740993]").unwrap();
    assert_eq!(v, [9_007_199_254_740_993]);
    let v: Vec<i64> = f.verify_into(b"[-9007199254740993]").unwrap();
    assert_eq!(v, [-9_007_199_254_740_993]);
}

// ---------------------------------------------------------------------------
// 3. Borrowing

fn within(body: &[u8], s: &str) -> bool {
    let range = body.as_ptr_range();
    let (start, end) = (s.as_ptr(), s.as_ptr().wrapping_add(s.len()));
    range.start <= start && end <= range.end
}

#[test]
fn accepts_borrowed_str_pointing_into_the_body() {
    let f = form(ROLE_FORM);
    let body = br#"{ "role" : "admin" }"#;
    let act: Act = f.verify_into(body).unwrap();
    assert_eq!(act.role, "admin");
    assert!(within(body, act.role));
    let offset = act.role.as_ptr() as usize - body.as_ptr() as usize;
    assert_eq!(&body[offset..offset + 5], b"admin");
}

#[test]
fn accepts_cow_borrowed_without_escapes_and_owned_with() {
    let f = form(ROLE_FORM);
    let plain = br#"{"role":"user"}"#;
    let act: ActCow = f.verify_into(plain).unwrap();
    match &act.role {
        Cow::Borrowed(s) => assert!(within(plain, s)),
        Cow::Owned(s) => panic!("owned {s:?} for a string without escapes"),
    }
    for escaped in [
        &br#"{"role":"us\u0065r"}"#[..],
        br#"{"role":"\u0075ser"}"#,
        br#"{"role":"use\u0072"}"#,
    ] {
        let act: ActCow = f.verify_into(escaped).unwrap();
        assert_eq!(act.role, "user");
        assert!(matches!(act.role, Cow::Owned(_)), "{:?}", act.role);
    }
    // Member names with escapes still find their field.
    let act: ActCow = f.verify_into(br#"{"r\u006fle":"admin"}"#).unwrap();
    assert!(matches!(act.role, Cow::Borrowed("admin")));
}

#[test]
fn accepts_borrowed_strings_in_nested_vec_and_option() {
    #[derive(Debug, Deserialize)]
    struct Order<'a> {
        #[serde(borrow)]
        items: Vec<&'a str>,
        note: Option<String>,
        #[serde(borrow)]
        tag: Option<Cow<'a, str>>,
        qty: Option<u32>,
    }
    let f = form(
        r#"{"type":"object","properties":{
            "items":{"type":"array","items":{"type":"string","maxLength":8},"maxItems":3},
            "note":{"type":["string","null"]},
            "tag":{"type":"string"},
            "qty":{"type":"integer","minimum":1}
        },"required":["items"],"additionalProperties":false}"#,
    );
    let body = br#"{"items":["tea","scone"],"note":null,"tag":"x\ty","qty":2}"#;
    let o: Order = f.verify_into(body).unwrap();
    assert_eq!(o.items, ["tea", "scone"]);
    assert!(o.items.iter().all(|s| within(body, s)));
    assert_eq!(o.note, None);
    assert!(matches!(o.tag.as_deref(), Some("x\ty")));
    assert!(matches!(o.tag, Some(Cow::Owned(_))));
    assert_eq!(o.qty, Some(2));

    let o: Order = f.verify_into(br#"{"items":[]}"#).unwrap();
    assert!(o.items.is_empty() && o.note.is_none() && o.tag.is_none() && o.qty.is_none());

    for bad in [
        &br#"{"items":["a","b","c","d"]}"#[..],
        br#"{"items":["toolongitem"]}"#,
        br#"{"items":[],"qty":0}"#,
        br#"{"items":[],"note":1}"#,
        br#"{"items":[],"other":1}"#,
        br#"{"note":"x"}"#,
    ] {
        let verdict = f.verify(bad).unwrap_err();
        assert_eq!(f.verify_into::<Order>(bad).unwrap_err(), verdict);
    }
}

// ---------------------------------------------------------------------------
// 4. Enums and other shapes

#[test]
fn accepts_derived_enums() {
    #[derive(Debug, PartialEq, Deserialize)]
    enum Cmd<'a> {
        Stop,
        Greet { name: &'a str },
        Move(i32, i32),
        Say(String),
    }
    let f = form(
        r#"{"oneOf":[
            {"const":"Stop"},
            {"type":"object","properties":{"Greet":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}},"required":["Greet"],"additionalProperties":false},
            {"type":"object","properties":{"Move":{"type":"array","prefixItems":[{"type":"integer"},{"type":"integer"}],"items":false,"minItems":2}},"required":["Move"],"additionalProperties":false},
            {"type":"object","properties":{"Say":{"type":"string","maxLength":5}},"required":["Say"],"additionalProperties":false}
        ]}"#,
    );
    assert_eq!(f.verify_into::<Cmd>(br#""Stop""#).unwrap(), Cmd::Stop);
    assert_eq!(
        f.verify_into::<Cmd>(br#"{"Greet":{"name":"Ada"}}"#)
            .unwrap(),
        Cmd::Greet { name: "Ada" }
    );
    assert_eq!(
        f.verify_into::<Cmd>(br#"{"Move":[1,-2]}"#).unwrap(),
        Cmd::Move(1, -2)
    );
    assert_eq!(
        f.verify_into::<Cmd>(br#"{"Say":"hi"}"#).unwrap(),
        Cmd::Say("hi".into())
    );
    for bad in [
        &br#""Go""#[..],
        br#"{"Say":"too long"}"#,
        br#"{"Move":[1,2,3]}"#,
        br#"{"Move":[1]}"#,
        br#"{"Greet":{"name":"Ada","name":"Bob"}}"#,
        br#"{"Greet":{"name":"Ada"},"Stop":null}"#,
    ] {
        let verdict = f.verify(bad).unwrap_err();
        assert_eq!(f.verify_into::<Cmd>(bad).unwrap_err(), verdict, "{bad:?}");
    }
}

#[test]
fn accepts_internally_tagged_and_untagged_enums() {
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(tag = "kind", rename_all = "lowercase")]
    enum Shape {
        Circle { r: f64 },
        Square { side: u32 },
    }
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(untagged)]
    enum Id {
        Num(u64),
        Text(String),
    }
    let shapes = form(
        r#"{"type":"object","properties":{"kind":{"enum":["circle","square"]}},"required":["kind"]}"#,
    );
    assert_eq!(
        shapes
            .verify_into::<Shape>(br#"{"r":0.5,"kind":"circle"}"#)
            .unwrap(),
        Shape::Circle { r: 0.5 }
    );
    assert_eq!(
        shapes
            .verify_into::<Shape>(br#"{"kind":"square","side":3}"#)
            .unwrap(),
        Shape::Square { side: 3 }
    );
    let dup = br#"{"kind":"square","side":3,"kind":"circle"}"#;
    assert!(is_duplicate(&shapes.verify_into::<Shape>(dup).unwrap_err()));
    let ids = form(r#"{"type":["integer","string"],"maxLength":3,"maximum":99}"#);
    assert_eq!(ids.verify_into::<Id>(b"42").unwrap(), Id::Num(42));
    assert_eq!(
        ids.verify_into::<Id>(br#""abc""#).unwrap(),
        Id::Text("abc".into())
    );
    assert!(ids.verify_into::<Id>(b"100").is_err());
    assert!(ids.verify_into::<Id>(br#""abcd""#).is_err());
}

#[test]
fn accepts_tuples_maps_and_unit() {
    let f = form(
        r#"{"type":"array","prefixItems":[{"type":"string"},{"type":"boolean"},{"type":"null"}],"items":false}"#,
    );
    let (s, b, ()): (&str, bool, ()) = f.verify_into(br#"["a",true,null]"#).unwrap();
    assert_eq!((s, b), ("a", true));
    assert!(f
        .verify_into::<(&str, bool, ())>(br#"["a",true,null,1]"#)
        .is_err());

    let m = form(r#"{"type":"object","additionalProperties":{"type":"integer","minimum":0}}"#);
    let map: BTreeMap<&str, u32> = m.verify_into(br#"{"b":2,"a":1}"#).unwrap();
    assert_eq!(map.into_iter().collect::<Vec<_>>(), [("a", 1), ("b", 2)]);
    assert!(m
        .verify_into::<BTreeMap<&str, i64>>(br#"{"a":-1}"#)
        .is_err());
}

/// The guided route (each value checked as it is deserialized) and the one pass give
/// the same `T` or the same rejection, `Unrepresentable` ones included, whatever the
/// type asks of the body.
#[test]
fn both_routes_give_the_same_typed_values() {
    #[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
    enum Key {
        Stop,
        Go,
    }
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Act<'a> {
        #[serde(borrow)]
        name: std::borrow::Cow<'a, str>,
        level: Option<u8>,
        cmd: Key,
        #[serde(default)]
        score: f64,
        #[serde(default)]
        pair: Option<(i64, bool)>,
        #[serde(default)]
        keys: BTreeMap<Key, i32>,
    }
    fn same<'a, T: Deserialize<'a> + PartialEq + std::fmt::Debug>(f: &Form, body: &'a [u8]) {
        let fast = f.verify_into::<T>(body);
        let one = formgate::__fuzz::verify_into_one_pass::<T>(f, body);
        assert_eq!(fast, one, "{}", String::from_utf8_lossy(body));
    }
    let f = form("true");
    for body in [
        &br#"{"name":"a","level":3,"cmd":"Go"}"#[..],
        br#"{"n\u0061me":"\u00e9t\u00e9","level":null,"cmd":"St\u006fp","score":1e2}"#,
        br#" { "name" : "x" , "cmd" : "Stop" , "pair" : [ -7 , true ] } "#,
        br#"{"name":"x","cmd":"Stop","keys":{"Go":1,"St\u006fp":-2}}"#,
        br#"{"name":"x","cmd":"Stop","level":256}"#,
        br#"{"name":"x","cmd":"Stop","level":-1}"#,
        br#"{"name":"x","cmd":"Stop","level":1.0}"#,
        br#"{"name":"x","cmd":"Halt"}"#,
        br#"{"name":"x","cmd":{"Go":null}}"#,
        br#"{"name":"x","cmd":"Stop","pair":[1]}"#,
        br#"{"name":"x","cmd":"Stop","pair":[1,true,null]}"#,
        br#"{"name":"x","cmd":"Stop","keys":{"Run":1}}"#,
        br#"{"name":"x","cmd":"Stop","score":1e400}"#,
        br#"{"name":"x","cmd":"Stop","other":[{"a":[1,"\""]}]}"#,
        br#"{"name":"x","cmd":"Stop","name":"y"}"#,
        br#"{"name":"x"}"#,
        br#"[1,2]"#,
        br#"{"name":"x","cmd":"Stop"} x"#,
    ] {
        same::<Act>(&f, body);
        same::<serde_json::Value>(&f, body);
        same::<serde::de::IgnoredAny>(&f, body);
        same::<BTreeMap<String, serde_json::Value>>(&f, body);
    }
    for body in [
        &b"18446744073709551615"[..],
        b"-9223372036854775808",
        b"-0",
        b"1.5e-3",
    ] {
        same::<u64>(&f, body);
        same::<i64>(&f, body);
        same::<f32>(&f, body);
        same::<serde_json::Value>(&f, body);
    }
}

/// Numbers reach the visitor as serde_json hands them over: integers that fit as `u64`
/// (unsigned) or `i64` (negative), anything else as the nearest `f64`, at every
/// boundary of the integer walk (19 digits) and of the two integer types. (`Value` is
/// no oracle here: the tests build serde_json with `arbitrary_precision`.)
#[test]
fn numbers_reach_the_visitor_as_from_serde_json() {
    let f = form("true");
    for lexeme in [
        "0",
        "7",
        "-7",
        "1234567890123456789",
        "9999999999999999999",
        "-999999999999999999",
        "-9999999999999999999",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775807",
        "-9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "-18446744073709551616",
        "123456789012345678901234567890",
        "1.5",
        "-0.0",
        "1e3",
        "-2E-3",
        "10000000000000000000.5",
    ] {
        let typed = f.verify_into::<f64>(lexeme.as_bytes()).ok();
        assert_eq!(
            typed,
            serde_json::from_str::<f64>(lexeme).ok(),
            "{lexeme} as f64"
        );
        let typed = f
            .verify_into::<Option<i64>>(lexeme.as_bytes())
            .ok()
            .flatten();
        assert_eq!(
            typed,
            serde_json::from_str::<i64>(lexeme).ok(),
            "{lexeme} as i64"
        );
        let typed = f
            .verify_into::<Option<u64>>(lexeme.as_bytes())
            .ok()
            .flatten();
        assert_eq!(
            typed,
            serde_json::from_str::<u64>(lexeme).ok(),
            "{lexeme} as u64"
        );
    }
}

/// Zeros keep their sign as serde_json keeps it: `-0` reaches the visitor as the float
/// `-0.0` (no integer holds the sign), so an integer type refuses it with serde_json's
/// message, and a float gets the sign bit. Compared bit for bit, since `-0.0 == 0.0`.
/// (`Value` compares through `as_f64` only: with `arbitrary_precision` serde_json keeps
/// the lexeme.)
#[test]
fn signed_zeros_reach_the_visitor_as_from_serde_json() {
    let f = form(r#"{"type":"number"}"#);
    for lexeme in ["-0", "-0.0", "0", "-0e0", "0.0", "-0E+0"] {
        let b = lexeme.as_bytes();
        let bits = |x: Option<f64>| x.map(f64::to_bits);
        assert_eq!(
            bits(f.verify_into::<f64>(b).ok()),
            bits(serde_json::from_str::<f64>(lexeme).ok()),
            "{lexeme} as f64"
        );
        assert_eq!(
            f.verify_into::<f32>(b).ok().map(f32::to_bits),
            serde_json::from_str::<f32>(lexeme).ok().map(f32::to_bits),
            "{lexeme} as f32"
        );
        for (ours, theirs) in [
            (
                f.verify_into::<i64>(b).map(|i| i.to_string()),
                serde_json::from_str::<i64>(lexeme).map(|i| i.to_string()),
            ),
            (
                f.verify_into::<u64>(b).map(|u| u.to_string()),
                serde_json::from_str::<u64>(lexeme).map(|u| u.to_string()),
            ),
        ] {
            match (ours, theirs) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{lexeme}"),
                (Err(r), Err(e)) => {
                    assert_eq!(r.kind(), RejectionKind::Unrepresentable, "{lexeme}");
                    let detail = r.detail().expect("the deserializer's message");
                    assert!(
                        e.to_string().starts_with(detail),
                        "{lexeme}: {detail} / {e}"
                    );
                }
                (ours, theirs) => panic!("{lexeme}: {ours:?}, serde_json {theirs:?}"),
            }
        }
        let value = f.verify_into::<serde_json::Value>(b).unwrap();
        let expected: serde_json::Value = serde_json::from_str(lexeme).unwrap();
        assert_eq!(
            bits(value.as_f64()),
            bits(expected.as_f64()),
            "{lexeme} as Value"
        );
    }
    // The sign is there to see, not only in the bits serde_json gives.
    assert!(f.verify_into::<f64>(b"-0").unwrap().is_sign_negative());
    assert!(f.verify_into::<i64>(b"-0").is_err());
    assert_eq!(f.verify_into::<i64>(b"0").unwrap(), 0);
}

/// Typed values through a form that constrains them: each route checks the same
/// keywords on values the type reads, skips, or asks for as an `Option` or an enum.
#[test]
fn both_routes_agree_through_a_constraining_form() {
    #[derive(Debug, PartialEq, Deserialize)]
    enum Mode {
        Fast,
        Slow(u8),
    }
    #[derive(Debug, PartialEq, Deserialize)]
    struct Act<'a> {
        name: &'a str,
        level: Option<u8>,
        mode: Mode,
        tags: Vec<Cow<'a, str>>,
    }
    let f = form(
        r#"{"type":"object","required":["name","mode","tags"],"properties":{
            "name":{"type":"string","pattern":"^[a-z]+$"},
            "level":{"anyOf":[{"type":"null"},{"type":"integer","minimum":1}]},
            "mode":{"oneOf":[{"const":"Fast"},{"type":"object","required":["Slow"]}]},
            "tags":{"type":"array","uniqueItems":true,"maxItems":2,"items":{"minLength":1}},
            "extra":{"type":"object","additionalProperties":false}
        },"additionalProperties":{"type":"integer"}}"#,
    );
    for body in [
        &br#"{"name":"a","level":3,"mode":"Fast","tags":["x","y"]}"#[..],
        br#"{"name":"a","level":null,"mode":{"Slow":4},"tags":[]}"#,
        br#"{"name":"a","mode":"Fast","tags":[],"extra":{},"more":7}"#,
        br#"{"name":"A","mode":"Fast","tags":[]}"#,
        br#"{"name":"a","level":0,"mode":"Fast","tags":[]}"#,
        br#"{"name":"a","mode":"Slow","tags":[]}"#,
        br#"{"name":"a","mode":"Fast","tags":["x","x"]}"#,
        br#"{"name":"a","mode":"Fast","tags":["x","y","z"]}"#,
        br#"{"name":"a","mode":"Fast","tags":[""]}"#,
        br#"{"name":"a","mode":"Fast","tags":[],"extra":{"k":1}}"#,
        br#"{"name":"a","mode":"Fast","tags":[],"more":"7"}"#,
        br#"{"name":"a","mode":"Fast","tags":[],"more":7,"more":8}"#,
        br#"{"name":"a","mode":"Fast"}"#,
    ] {
        let guided = f.verify_into::<Act>(body);
        let one = formgate::__fuzz::verify_into_one_pass::<Act>(&f, body);
        assert_eq!(guided, one, "{}", String::from_utf8_lossy(body));
        if let Err(r) = f.verify(body) {
            assert_eq!(guided, Err(r), "{}", String::from_utf8_lossy(body));
        }
    }
}

// ---------------------------------------------------------------------------
// 5. The property

fn check(form: &J, bodies: &[String]) -> Result<(), TestCaseError> {
    let text = form.compact();
    let f =
        Form::compile(text.as_bytes()).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    for body in bodies {
        let b = body.as_bytes();
        let verdict = f.verify(b);
        let into = f.verify_into::<serde_json::Value>(b);
        // The fast route (fast path, then a plain deserialization) and the one pass
        // give the same value or the same rejection.
        let one_pass = formgate::__fuzz::verify_into_one_pass::<serde_json::Value>(&f, b);
        prop_assert_eq!(&into, &one_pass, "form {}\nbody {}", text, body);
        let ignored = f.verify_into::<serde::de::IgnoredAny>(b);
        let accepted = f.accept(b);
        match &verdict {
            Err(r) => {
                prop_assert_eq!(into.as_ref().err(), Some(r), "form {}\nbody {}", text, body);
                prop_assert_eq!(
                    ignored.as_ref().err(),
                    Some(r),
                    "form {}\nbody {}",
                    text,
                    body
                );
                prop_assert_eq!(
                    accepted.as_ref().err(),
                    Some(r),
                    "form {}\nbody {}",
                    text,
                    body
                );
            }
            Ok(()) => {
                prop_assert!(
                    ignored.is_ok(),
                    "form {}\nbody {}\n{:?}",
                    text,
                    body,
                    ignored
                );
                let accepted = accepted.map_err(|e| {
                    TestCaseError::fail(format!("accept: {e:?}\nform {text}\nbody {body}"))
                })?;
                prop_assert_eq!(accepted.body(), b);
                let parsed = formgate::json::parse(b, &Limits::default()).unwrap();
                prop_assert_eq!(accepted.value(), &parsed);
                match into {
                    Ok(v) => {
                        let expected: serde_json::Value = serde_json::from_str(body).unwrap();
                        prop_assert!(same_shape(&v, &expected), "{} vs {}", v, expected);
                    }
                    // The one allowed way (`rejects_number_beyond_f64_as_unrepresentable`).
                    Err(e) => {
                        let value = body_value(body);
                        prop_assert!(
                            e.kind() == RejectionKind::Unrepresentable
                                && value.has_overflowing_number(),
                            "form {}\nbody {}\n{:?}",
                            text,
                            body,
                            e
                        );
                    }
                }
            }
        }
    }
    Ok(())
}

/// Equal but for numbers, which the serde data model hands over as `u64`/`i64`/`f64`.
fn same_shape(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value as V;
    match (a, b) {
        (V::Number(_), V::Number(_)) => true,
        (V::Array(x), V::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_shape(a, b))
        }
        (V::Object(x), V::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((ka, a), (kb, b))| ka == kb && same_shape(a, b))
        }
        _ => a == b,
    }
}

/// The body as a generator value, for [`J::has_overflowing_number`].
fn body_value(body: &str) -> J {
    fn conv(v: &formgate::json::Value<'_>) -> J {
        match v {
            formgate::json::Value::Null => J::Null,
            formgate::json::Value::Bool(b) => J::Bool(*b),
            formgate::json::Value::Number(n) => J::num(n.as_str()),
            formgate::json::Value::String(s) => J::str(s),
            formgate::json::Value::Array(items) => J::Arr(items.iter().map(conv).collect()),
            formgate::json::Value::Object(m) => {
                J::Obj(m.iter().map(|(k, v)| (k.to_string(), conv(v))).collect())
            }
        }
    }
    conv(&formgate::json::parse(body.as_bytes(), &Limits::default()).unwrap())
}

proptest! {
    #![proptest_config(config("verify_into", 256))]

    #[test]
    fn verify_into_and_accept_agree_with_verify(
        (form, bodies) in testkit::form_and_bodies(&testkit::FULL)
    ) {
        check(&form, &bodies)?;
    }
}
