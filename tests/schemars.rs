//! `Form::from_schemars`: forms derived from Rust types by schemars 1.x, compiled as
//! schemars writes them, and their verdicts held against serde's on the same bodies.
//!
//! For every type and body: `serde_json::from_slice::<T>` (what a server without
//! formgate accepts), `Form::verify` (what the form admits) and `Form::verify_into::<T>`
//! (both in one pass). Where the form and serde mean the same thing they must agree;
//! the bodies where they differ are listed with the side each takes, as in the table
//! of docs/SCHEMARS.md, and `verify_into` gives a value exactly when both accept.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use formgate::{Form, FormErrorKind};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Deserialize;

/// What a body gets from serde and from the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Both accept.
    Both,
    /// Both reject.
    Neither,
    /// serde accepts, the form rejects (the form is stricter: docs/SCHEMARS.md).
    FormOnlyRejects,
    /// The form admits, serde rejects (`T` cannot hold it: `Unrepresentable`).
    SerdeOnlyRejects,
    /// The form rejects; serde's verdict depends on serde_json's features (an `f32`
    /// beyond its range is infinity, or an error with `float_roundtrip`).
    FormRejects,
    /// Both accept, but `verify_into` hands numbers to serde as 64-bit integers or
    /// `f64`, so an integer beyond 64 bits is `Unrepresentable` there.
    BothBeyond64Bits,
}

use Expect::Both;
use Expect::{BothBeyond64Bits, FormOnlyRejects, FormRejects, Neither, SerdeOnlyRejects};

fn schema_of<T: JsonSchema>() -> String {
    schemars::generate::SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>()
        .as_value()
        .to_string()
}

/// Compile `T`'s form and check every case; all failures are collected and reported
/// together with the schema.
fn check<T: DeserializeOwned + JsonSchema>(cases: &[(&str, Expect)]) {
    let name = std::any::type_name::<T>();
    let form = Form::from_schemars::<T>()
        .unwrap_or_else(|e| panic!("{name}: {e}\nschema: {}", schema_of::<T>()));
    let mut failures = Vec::new();
    for &(body, expect) in cases {
        let serde_ok = serde_json::from_slice::<T>(body.as_bytes()).is_ok();
        let form_ok = form.verify(body.as_bytes()).is_ok();
        let into_ok = form.verify_into::<T>(body.as_bytes()).is_ok();
        let found = match (serde_ok, form_ok) {
            (true, true) => Both,
            (false, false) => Neither,
            (true, false) => FormOnlyRejects,
            (false, true) => SerdeOnlyRejects,
        };
        let (agrees, into_expected) = match expect {
            FormRejects => (!form_ok, false),
            BothBeyond64Bits => (found == Both, false),
            _ => (found == expect, serde_ok && form_ok),
        };
        if !agrees {
            failures.push(format!("{body}: expected {expect:?}, found {found:?}"));
        }
        if into_ok != into_expected {
            failures.push(format!(
                "{body}: verify_into {into_ok}, serde {serde_ok}, verify {form_ok}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{name}\nschema: {}\n{}",
        schema_of::<T>(),
        failures.join("\n")
    );
}

/// The bounds of an integer type and one past each, plus the spellings serde's integer
/// types refuse although they denote integers.
macro_rules! integer_cases {
    ($($t:ty),*) => {$({
        let (min, max) = (<$t>::MIN as i128, <$t>::MAX as u128);
        let below = (min - 1).to_string();
        let above = (max + 1).to_string();
        let (min, max) = (min.to_string(), max.to_string());
        check::<$t>(&[
            (&min, Both),
            (&max, Both),
            (&below, Neither),
            (&above, Neither),
            ("7", Both),
            ("7.0", SerdeOnlyRejects),
            ("7e0", SerdeOnlyRejects),
            ("7.5", Neither),
            ("\"7\"", Neither),
            ("null", Neither),
            ("7 x", Neither),
        ]);
    })*};
}

#[test]
fn accepts_integers_of_every_width_exactly() {
    integer_cases!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);
}

#[test]
fn accepts_128_bit_integers_exactly() {
    check::<u128>(&[
        ("0", Both),
        ("18446744073709551615", Both),
        ("18446744073709551616", BothBeyond64Bits),
        ("340282366920938463463374607431768211455", BothBeyond64Bits),
        ("340282366920938463463374607431768211456", Neither),
        ("-1", Neither),
    ]);
    check::<i128>(&[
        ("-9223372036854775808", Both),
        ("-9223372036854775809", BothBeyond64Bits),
        ("-170141183460469231731687303715884105728", BothBeyond64Bits),
        ("170141183460469231731687303715884105727", BothBeyond64Bits),
        ("170141183460469231731687303715884105728", Neither),
        ("-170141183460469231731687303715884105729", Neither),
    ]);
}

#[test]
fn rejects_floats_beyond_their_range() {
    check::<f32>(&[
        ("0.1", Both),
        ("3.4e38", Both),
        ("-3.4e38", Both),
        ("1e-50", Both),       // underflow is no failure on either side
        ("1e39", FormRejects), // serde_json: f32::INFINITY, or an error with float_roundtrip
        ("-1e39", FormRejects),
        ("1e400", Neither),
        ("NaN", Neither),
    ]);
    check::<f64>(&[
        ("0.1", Both),
        ("1.7e308", Both),
        ("1e309", Neither),
        ("-1e400", Neither),
        ("Infinity", Neither),
    ]);
}

#[test]
fn accepts_chars_and_strings() {
    check::<char>(&[
        ("\"a\"", Both),
        ("\"\\u00e9\"", Both),
        ("\"\u{1F600}\"", Both),
        ("\"\"", Neither),
        ("\"ab\"", Neither),
        ("1", Neither),
    ]);
    check::<String>(&[
        ("\"x\"", Both),
        ("\"\\ud83d\\ude00\"", Both),
        ("\"\\ud800\"", Neither), // a lone surrogate
        ("\"\\x41\"", Neither),
    ]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Inner {
    x: u8,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Options {
    a: Option<u8>,
    b: Option<String>,
    c: Option<Inner>,
    #[serde(default)]
    d: u16,
}

#[test]
fn accepts_options_missing_or_null() {
    check::<Options>(&[
        ("{}", Both),
        (r#"{"a":null,"b":null,"c":null}"#, Both),
        (r#"{"a":1,"b":"x","c":{"x":2},"d":3}"#, Both),
        (r#"{"a":256}"#, Neither),
        (r#"{"b":1}"#, Neither),
        (r#"{"c":{}}"#, Neither),
        (r#"{"c":{"x":"1"}}"#, Neither),
        (r#"{"d":null}"#, Neither),
        (r#"{"unknown":[1]}"#, Both), // no deny_unknown_fields: ignored by both
        (r#"{"a":1,"a":2}"#, Neither), // a struct's duplicate field: serde refuses too
        (r#"{"a":1}}"#, Neither),
    ]);
}

#[test]
fn rejects_duplicates_in_sets_that_serde_drops() {
    check::<HashSet<u8>>(&[
        ("[]", Both),
        ("[1,2,3]", Both),
        ("[1,2,1]", FormOnlyRejects),
        ("[1,256]", Neither),
    ]);
    check::<BTreeSet<String>>(&[
        (r#"["a","b"]"#, Both),
        (r#"["a","\u0061"]"#, FormOnlyRejects),
    ]);
    check::<Vec<u8>>(&[("[1,1]", Both), ("[1,-1]", Neither)]);
}

#[test]
fn rejects_duplicate_map_keys_where_serde_keeps_the_last() {
    check::<BTreeMap<String, u8>>(&[
        ("{}", Both),
        (r#"{"a":1,"b":2}"#, Both),
        (r#"{"a":256}"#, Neither),
        (r#"{"a":1,"a":2}"#, FormOnlyRejects),
        (r#"{"a":1,"\u0061":2}"#, FormOnlyRejects),
        (r#"{"a":1,"a":256}"#, Neither),
    ]);
    check::<HashMap<String, Vec<bool>>>(&[(r#"{"k":[true]}"#, Both), (r#"{"k":[1]}"#, Neither)]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Pair(u8, String);

#[test]
fn accepts_tuples_of_their_exact_length() {
    check::<(u8, String, bool)>(&[
        (r#"[1,"a",true]"#, Both),
        (r#"[1,"a"]"#, Neither),
        (r#"[1,"a",true,4]"#, Neither),
        (r#"[1,2,true]"#, Neither),
        (r#"{"0":1}"#, Neither),
    ]);
    check::<Pair>(&[
        (r#"[255,""]"#, Both),
        (r#"[256,""]"#, Neither),
        (r#"[1]"#, Neither),
    ]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
enum External {
    Unit,
    New(u8),
    Tup(u8, bool),
    Struct { a: u8 },
}

#[test]
fn accepts_externally_tagged_enums() {
    check::<External>(&[
        (r#""Unit""#, Both),
        (r#"{"New":1}"#, Both),
        (r#"{"Tup":[1,true]}"#, Both),
        (r#"{"Struct":{"a":1}}"#, Both),
        (r#"{"Struct":{"a":1,"b":2}}"#, Both),
        (r#""Other""#, Neither),
        (r#"{"New":256}"#, Neither),
        (r#"{"New":1,"Tup":[1,true]}"#, Neither),
        (r#"{"Tup":[1]}"#, Neither),
        (r#"{}"#, Neither),
    ]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(tag = "type", deny_unknown_fields)]
#[allow(dead_code)]
enum Internal {
    A { x: u8 },
    B { y: String },
    C,
    D(Inner),
}

#[test]
fn accepts_internally_tagged_enums() {
    check::<Internal>(&[
        (r#"{"type":"A","x":1}"#, Both),
        (r#"{"x":1,"type":"A"}"#, Both),
        (r#"{"type":"B","y":"z"}"#, Both),
        (r#"{"type":"C"}"#, Both),
        (r#"{"type":"D","x":3}"#, Both),
        (r#"{"type":"A"}"#, Neither),
        (r#"{"type":"A","x":1,"z":0}"#, Neither), // deny_unknown_fields
        (r#"{"type":"E"}"#, Neither),
        (r#"{"x":1}"#, Neither),
        (r#"{"type":"A","x":1,"type":"A"}"#, Neither),
    ]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(tag = "t", content = "c")]
#[allow(dead_code)]
enum Adjacent {
    A(u8),
    B { y: String },
    C,
}

#[test]
fn accepts_adjacently_tagged_enums() {
    check::<Adjacent>(&[
        (r#"{"t":"A","c":1}"#, Both),
        (r#"{"c":1,"t":"A"}"#, Both),
        (r#"{"t":"B","c":{"y":"z"}}"#, Both),
        (r#"{"t":"C"}"#, Both),
        (r#"{"t":"A"}"#, Neither),
        (r#"{"t":"A","c":"x"}"#, Neither),
        (r#"{"t":"A","c":256}"#, Neither),
        (r#"{"t":"X","c":1}"#, Neither),
    ]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum Untagged {
    Num(u8),
    Text(String),
    Point { x: u8, y: u8 },
}

#[test]
fn accepts_untagged_enums() {
    check::<Untagged>(&[
        ("1", Both),
        (r#""a""#, Both),
        (r#"{"x":1,"y":2}"#, Both),
        ("300", Neither),
        ("true", Neither),
        (r#"{"x":1}"#, Neither),
        ("[]", Neither),
    ]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Node {
    label: String,
    children: Vec<Node>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
enum Expr {
    Lit(i64),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Program {
    body: Expr,
}

#[test]
fn accepts_recursive_types() {
    check::<Node>(&[
        (r#"{"label":"a","children":[]}"#, Both),
        (
            r#"{"label":"a","children":[{"label":"b","children":[{"label":"c","children":[]}]}]}"#,
            Both,
        ),
        (r#"{"label":"a","children":[{"label":"b"}]}"#, Neither),
        (
            r#"{"label":"a","children":[{"label":"b","children":[{"label":1,"children":[]}]}]}"#,
            Neither,
        ),
    ]);
    check::<Program>(&[
        (r#"{"body":{"Lit":1}}"#, Both),
        (r#"{"body":{"Add":[{"Lit":1},{"Neg":{"Lit":-2}}]}}"#, Both),
        (
            r#"{"body":{"Add":[{"Lit":1},{"Neg":{"Lit":1.5}}]}}"#,
            Neither,
        ),
        (r#"{"body":{"Neg":{}}}"#, Neither),
    ]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct Meta {
    name: String,
    note: Option<String>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Flattened {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
}

#[test]
fn accepts_a_flattened_struct_with_deny_unknown_fields() {
    check::<Flattened>(&[
        (r#"{"id":1,"name":"a"}"#, Both),
        (r#"{"name":"a","note":"n","id":1}"#, Both),
        (r#"{"id":1}"#, Neither),
        (r#"{"id":1,"name":"a","x":0}"#, Neither),
        (r#"{"id":-1,"name":"a"}"#, Neither),
    ]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(tag = "kind")]
#[allow(dead_code)]
enum Shape {
    Circle { r: u32 },
    Square { side: u32 },
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Drawing {
    id: u32,
    #[serde(flatten)]
    shape: Shape,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
struct OpenDrawing {
    id: u32,
    #[serde(flatten)]
    shape: Shape,
}

#[test]
fn accepts_a_flattened_enum_in_an_open_struct() {
    check::<OpenDrawing>(&[
        (r#"{"id":1,"kind":"Circle","r":2}"#, Both),
        (r#"{"kind":"Square","side":2,"id":1,"extra":0}"#, Both),
        (r#"{"id":1,"kind":"Circle"}"#, Neither),
        (r#"{"id":1,"kind":"Oval","r":2}"#, Neither),
    ]);
}

#[test]
fn closes_a_flattened_enum_with_deny_unknown_fields() {
    // schemars closes a struct whose flattened enum adds properties in `oneOf` with
    // `unevaluatedProperties: false`: a member is allowed when the struct or the one
    // branch that passes evaluates it.
    let schema = schema_of::<Drawing>();
    assert!(
        schema.contains(r#""unevaluatedProperties":false"#),
        "{schema}"
    );
    // serde itself refuses every body here: `deny_unknown_fields` does not see the
    // fields a flattened enum takes (serde's documented limitation). formgate follows
    // the form.
    check::<Drawing>(&[
        (r#"{"id":1,"kind":"Circle","r":2}"#, SerdeOnlyRejects),
        (r#"{"kind":"Square","side":2,"id":1}"#, SerdeOnlyRejects),
        (r#"{"id":1,"kind":"Circle","r":2,"extra":0}"#, Neither),
        // `side` belongs to the branch that failed: unevaluated.
        (r#"{"id":1,"kind":"Circle","r":2,"side":3}"#, Neither),
        (r#"{"id":1,"kind":"Oval","r":2}"#, Neither),
    ]);
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)]
/// A note with a documented reference.
struct Documented {
    /// The inner value: its description sits beside the `$ref`.
    inner: Inner,
    /// Optional, documented, referenced.
    maybe: Option<Inner>,
}

#[test]
fn accepts_doc_comments_beside_refs() {
    let schema = schema_of::<Documented>();
    assert!(
        schema.contains(r##""$ref":"#/$defs/Inner""##)
            && schema.contains("its description sits beside the `$ref`"),
        "{schema}"
    );
    check::<Documented>(&[
        (r#"{"inner":{"x":1}}"#, Both),
        (r#"{"inner":{"x":1},"maybe":{"x":2}}"#, Both),
        (r#"{"inner":{"x":300}}"#, Neither),
        (r#"{"inner":{"x":1},"maybe":{"x":300}}"#, Neither),
    ]);
    let form = Form::from_schemars::<Documented>().unwrap();
    assert!(form
        .schema_json()
        .contains("its description sits beside the `$ref`"));
}

#[test]
fn the_builder_applies_its_limits() {
    let form = Form::builder()
        .max_bytes(16)
        .compile_schemars::<Vec<u8>>()
        .unwrap();
    assert!(form.verify(b"[1,2,3,4,5,6,7]").is_ok());
    assert!(matches!(
        form.verify(b"[1,2,3,4,5,6,7,8]").unwrap_err().kind(),
        formgate::RejectionKind::TooLarge { limit: 16 }
    ));
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Ticket {
    #[schemars(length(min = 1, max = 120))]
    title: String,
    #[schemars(range(min = 1, max = 5))]
    priority: u8,
    #[schemars(length(max = 8))]
    tags: Vec<String>,
}

#[test]
fn applies_schemars_validation_attributes_that_serde_does_not() {
    let nine = r#"{"title":"t","priority":1,"tags":["1","2","3","4","5","6","7","8","9"]}"#;
    let long = format!(
        r#"{{"title":"{}","priority":1,"tags":[]}}"#,
        "é".repeat(121)
    );
    let at_most = format!(
        r#"{{"title":"{}","priority":5,"tags":[]}}"#,
        "é".repeat(120)
    );
    check::<Ticket>(&[
        (r#"{"title":"t","priority":1,"tags":[]}"#, Both),
        (&at_most, Both),
        (&long, FormOnlyRejects),
        (r#"{"title":"","priority":1,"tags":[]}"#, FormOnlyRejects),
        (r#"{"title":"t","priority":0,"tags":[]}"#, FormOnlyRejects),
        (r#"{"title":"t","priority":6,"tags":[]}"#, FormOnlyRejects),
        (nine, FormOnlyRejects),
        (r#"{"title":"t","priority":1,"tags":[],"x":1}"#, Neither),
    ]);
}

#[test]
fn refuses_the_format_of_ip_addr_and_accepts_ipv4_and_ipv6() {
    let err = Form::from_schemars::<std::net::IpAddr>().unwrap_err();
    assert!(
        matches!(err.kind(), FormErrorKind::UnsupportedFormat),
        "{err}"
    );
    assert_eq!(err.pointer(), "/format", "{err}");
    check::<std::net::Ipv4Addr>(&[("\"127.0.0.1\"", Both), ("\"127.0.0.01\"", Neither)]);
    check::<std::net::Ipv6Addr>(&[("\"::1\"", Both), ("\"::g\"", Neither)]);
}
