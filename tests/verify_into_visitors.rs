//! `Form::verify_into` against visitors that do not keep to the common path: a type
//! that swallows its own errors, one that reads nothing, one that stops after a
//! member's name or leaves the root unread. None of them gets a value from a body
//! `verify` rejects, and none makes the deserializer loop.

use std::collections::BTreeMap;

use formgate::{Form, RejectionKind};
use serde::Deserialize;

fn form(schema: &str) -> Form {
    Form::compile(schema.as_bytes()).unwrap_or_else(|e| panic!("{schema}: {e}"))
}

/// A type that swallows its own deserialization errors (as `serde_with`'s
/// `DefaultOnError` does) cannot make a value that fails the form pass: the guided
/// route remembers the failure even when the visitor goes on.
#[test]
fn a_swallowed_error_still_rejects() {
    #[derive(Debug)]
    struct Lenient<T>(#[allow(dead_code)] Option<T>);
    impl<'de, T: Deserialize<'de>> Deserialize<'de> for Lenient<T> {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            Ok(Lenient(T::deserialize(d).ok()))
        }
    }
    #[derive(Debug, Deserialize)]
    struct Act {
        #[allow(dead_code)]
        a: Lenient<String>,
        #[allow(dead_code)]
        b: Lenient<Vec<u8>>,
    }
    // A seed that fails without asking the deserializer for anything, swallowed by
    // its sequence's visitor: the separators it would walk over still reject.
    struct Refuse;
    impl<'de> serde::de::DeserializeSeed<'de> for Refuse {
        type Value = ();
        fn deserialize<D: serde::Deserializer<'de>>(self, _: D) -> Result<(), D::Error> {
            Err(serde::de::Error::custom("refused"))
        }
    }
    #[derive(Debug)]
    struct Count(#[allow(dead_code)] usize);
    impl<'de> Deserialize<'de> for Count {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Count;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("an array")
                }
                fn visit_seq<A: serde::de::SeqAccess<'de>>(
                    self,
                    mut a: A,
                ) -> Result<Count, A::Error> {
                    let mut n = 0;
                    for _ in 0..8 {
                        match a.next_element_seed(Refuse) {
                            Ok(None) => break,
                            Ok(Some(())) | Err(_) => n += 1,
                        }
                    }
                    Ok(Count(n))
                }
            }
            d.deserialize_seq(V)
        }
    }
    let open = form("true");
    for body in [&b"[,]"[..], b"[,,]", b"[1,]"] {
        let r = open.verify_into::<Count>(body).expect_err("not JSON");
        assert_eq!(
            Err(r),
            open.verify(body),
            "{}",
            String::from_utf8_lossy(body)
        );
    }

    let f = form(
        r#"{"type":"object","properties":{
            "a":{"type":"string","maxLength":2},
            "b":{"type":"array","items":{"type":"integer","maximum":5},"minItems":2}
        }}"#,
    );
    assert!(f.verify_into::<Act>(br#"{"a":"ok","b":[1,2]}"#).is_ok());
    for body in [
        &br#"{"a":5,"b":[1,2]}"#[..],
        br#"{"a":"long","b":[1,2]}"#,
        br#"{"a":"ok","b":[1,9]}"#,
        br#"{"a":"ok","b":[1]}"#,
    ] {
        let r = f.verify_into::<Act>(body).expect_err("the form rejects it");
        assert_eq!(Err(r), f.verify(body), "{}", String::from_utf8_lossy(body));
    }
}

/// A type that never asks the deserializer for anything (its `Deserialize` returns at
/// once) gets nothing from a body `verify` rejects, the empty body included: the body
/// is still read and checked whole.
#[test]
fn a_type_that_reads_nothing_still_needs_an_admitted_body() {
    #[derive(Debug, PartialEq)]
    struct Nothing;
    impl<'de> Deserialize<'de> for Nothing {
        fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
            Ok(Nothing)
        }
    }
    let f = form("true");
    for body in [&b""[..], b"  ", b"\n", b"1", b"{}", b"[1,2]"] {
        let got = f.verify_into::<Nothing>(body);
        match f.verify(body) {
            Err(r) => assert_eq!(got, Err(r), "{:?}", String::from_utf8_lossy(body)),
            // Admitted: the body was read and checked whole all the same.
            Ok(()) => assert_eq!(got, Ok(Nothing), "{:?}", String::from_utf8_lossy(body)),
        }
    }
    // Elements and member values that are never read: separators where a value must
    // begin are refused, and an element handed out twice unread ends the pass rather
    // than looping (a zero-sized element would never exhaust memory). Each call runs
    // on a thread of its own, so that a loop fails the test instead of hanging it.
    let bounded = |body: &'static [u8]| {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let f = form(r#"{"type":["array","object"],"maxItems":3}"#);
            let list = f.verify_into::<Vec<Nothing>>(body).map(|v| v.len());
            let map = f
                .verify_into::<BTreeMap<String, Nothing>>(body)
                .map(|m| m.len());
            let _ = tx.send((f.verify(body), list, map));
        });
        rx.recv_timeout(std::time::Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("no verdict for {}", String::from_utf8_lossy(body)))
    };
    for body in [
        &b"[,]"[..],
        b"[,,]",
        b"[,,,,]",
        b"[1,]",
        b"[1,,2]",
        b"[1]",
        b"[1,2]",
        b"[]",
        b"{\"a\":}",
        b"{\"a\":,\"b\":1}",
        b"{\"a\":1}",
        b"{}",
    ] {
        let (verdict, list, map) = bounded(body);
        let show = String::from_utf8_lossy(body);
        match verdict {
            Err(r) => {
                assert_eq!(list, Err(r.clone()), "{show} into a list");
                assert_eq!(map, Err(r), "{show} into a map");
            }
            Ok(()) => {
                // Admitted: an unread element is the type's failure, never a verdict
                // on the body; an empty container holds nothing to leave unread.
                for got in [&list, &map] {
                    if let Err(r) = got {
                        assert_eq!(r.kind(), RejectionKind::Unrepresentable, "{show}");
                    }
                }
            }
        }
    }
}

/// A visitor that stops after a member's name, or an enum visitor that reads only the
/// variant's name, gets nothing from a body whose value is missing: `{"a":}` is not
/// JSON, whatever the type read of it. And a type whose `visit_some` ignores its
/// deserializer cannot leave an opened container at the root unread (`[`).
#[test]
fn a_name_without_its_value_and_an_unread_root_still_reject() {
    #[derive(Debug)]
    struct FirstKey(#[allow(dead_code)] String);
    impl<'de> Deserialize<'de> for FirstKey {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = FirstKey;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("a map")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut m: A,
                ) -> Result<FirstKey, A::Error> {
                    Ok(FirstKey(m.next_key::<String>()?.unwrap_or_default()))
                }
            }
            d.deserialize_map(V)
        }
    }
    #[derive(Debug)]
    struct VariantName(#[allow(dead_code)] String);
    impl<'de> Deserialize<'de> for VariantName {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = VariantName;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("an enum")
                }
                fn visit_enum<A: serde::de::EnumAccess<'de>>(
                    self,
                    a: A,
                ) -> Result<VariantName, A::Error> {
                    let (name, _rest): (String, _) = a.variant()?;
                    Ok(VariantName(name))
                }
            }
            d.deserialize_enum("E", &["A"], V)
        }
    }
    #[derive(Debug)]
    struct Lazy;
    impl<'de> Deserialize<'de> for Lazy {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Lazy;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("anything")
                }
                fn visit_none<E>(self) -> Result<Lazy, E> {
                    Ok(Lazy)
                }
                fn visit_some<D: serde::Deserializer<'de>>(self, _: D) -> Result<Lazy, D::Error> {
                    Ok(Lazy)
                }
            }
            d.deserialize_option(V)
        }
    }
    let f = form(r#"{"type":"object","required":["a"],"properties":{"a":{"type":"integer"}}}"#);
    for body in [&br#"{"a":}"#[..], br#"{"a": }"#, br#"{"a":"#] {
        let expected = f.verify(body).expect_err("not JSON");
        assert_eq!(
            f.verify_into::<FirstKey>(body).map(|_| ()),
            Err(expected),
            "{}",
            String::from_utf8_lossy(body)
        );
    }
    let open = form("true");
    for body in [&br#"{"x":{"a":}}"#[..], br#"{"A":}"#] {
        let expected = open.verify(body).expect_err("not JSON");
        assert_eq!(
            open.verify_into::<FirstKey>(body).map(|_| ()),
            Err(expected.clone()),
            "{}",
            String::from_utf8_lossy(body)
        );
        assert_eq!(
            open.verify_into::<VariantName>(body).map(|_| ()),
            Err(expected),
            "{}",
            String::from_utf8_lossy(body)
        );
    }
    for (schema, body) in [
        ("true", &b"["[..]),
        ("true", b"{ "),
        (r#"{"type":"array"}"#, b"["),
    ] {
        let f = form(schema);
        let expected = f.verify(body).expect_err("not JSON");
        assert_eq!(
            f.verify_into::<Lazy>(body).map(|_| ()),
            Err(expected),
            "{schema} {}",
            String::from_utf8_lossy(body)
        );
    }
    // On admitted bodies: a visitor that stops before a value cannot hold the body, as
    // from serde_json; one that reads nothing gets its value, the body read whole.
    let r = open.verify_into::<FirstKey>(br#"{"a":1}"#).unwrap_err();
    assert_eq!(r.kind(), formgate::RejectionKind::Unrepresentable);
    assert!(serde_json::from_slice::<FirstKey>(br#"{"a":1}"#).is_err());
    assert!(open.verify_into::<Lazy>(b"[1]").is_ok());
}
