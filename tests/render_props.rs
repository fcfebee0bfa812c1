//! The published form `s` and the GET body.
//!
//! 1. `render(compile(render(f))) == render(f)` byte for byte, and `render(f)` is exactly
//!    the form written compactly: keywords and members in the order written, numbers as
//!    written, annotations kept, strings escaped minimally, no whitespace.
//! 2. The rendered form gives every body the same verdict (and the same rejection) as
//!    the source form.
//! 3. `publish`: the GET body parses strictly, has members `p`, `m`, `s` in that order,
//!    `s` is `schema_json` byte for byte, and the entity tag is stable and changes with
//!    what is served.

use formgate::json::Value;
use formgate::publish::Message;
use formgate::{Form, Limits};
use formgate_testkit::{self as testkit, config, Rng, Style, J};
use proptest::prelude::*;

fn render(form: &str) -> String {
    Form::compile(form.as_bytes())
        .unwrap_or_else(|e| panic!("{form}: {e}"))
        .schema_json()
        .to_owned()
}

/// The rendering of `form` is `expected`, and a fixed point.
fn renders_as(form: &str, expected: &str) {
    let once = render(form);
    assert_eq!(once, expected, "rendering {form}");
    assert_eq!(render(&once), once, "rendering the rendering of {form}");
}

// ---------------------------------------------------------------------------
// Rendering, by example

#[test]
fn renders_keywords_in_written_order() {
    renders_as(
        r#"{"maxLength":3,"type":"string","minLength":1,"pattern":"^a"}"#,
        r#"{"maxLength":3,"type":"string","minLength":1,"pattern":"^a"}"#,
    );
    renders_as(
        r#"{"required":["b","a"],"properties":{"b":{},"a":{"type":["string","null"]}},"type":"object"}"#,
        r#"{"required":["b","a"],"properties":{"b":{},"a":{"type":["string","null"]}},"type":"object"}"#,
    );
    renders_as(
        r#"{"oneOf":[{"const":2},{"const":1}],"anyOf":[true],"allOf":[{}],"type":["object","array","null"]}"#,
        r#"{"oneOf":[{"const":2},{"const":1}],"anyOf":[true],"allOf":[{}],"type":["object","array","null"]}"#,
    );
    renders_as(
        r#"{"items":{"type":"integer"},"prefixItems":[{"type":"string"}],"maxItems":3,"minItems":1}"#,
        r#"{"items":{"type":"integer"},"prefixItems":[{"type":"string"}],"maxItems":3,"minItems":1}"#,
    );
}

#[test]
fn renders_numbers_as_written() {
    renders_as(
        r#"{"maximum":1.0E1,"minimum":-0,"exclusiveMaximum":1e400,"exclusiveMinimum":-1.50,"multipleOf":0.30}"#,
        r#"{"maximum":1.0E1,"minimum":-0,"exclusiveMaximum":1e400,"exclusiveMinimum":-1.50,"multipleOf":0.30}"#,
    );
    renders_as(
        r#"{"maxLength":1.0E1,"minLength":2.0,"maxItems":1e1,"minItems":0}"#,
        r#"{"maxLength":1.0E1,"minLength":2.0,"maxItems":1e1,"minItems":0}"#,
    );
    renders_as(
        r#"{"enum":[1e2,100,1.0,-0.0,9007199254740993,0.1000000000000000055511151231257827]}"#,
        r#"{"enum":[1e2,100,1.0,-0.0,9007199254740993,0.1000000000000000055511151231257827]}"#,
    );
    renders_as(
        r#"{"const":{"a":[1E+2,2e-0]},"default":1.0E1,"examples":[-0,0.30]}"#,
        r#"{"const":{"a":[1E+2,2e-0]},"default":1.0E1,"examples":[-0,0.30]}"#,
    );
}

#[test]
fn renders_annotations_verbatim() {
    let form = r#"{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/f","title":"T","description":"D","$comment":"C","default":{"b":[1.0,null],"a":true},"examples":[{"z":1},"x",[]],"deprecated":true,"readOnly":false,"writeOnly":true,"type":"object"}"#;
    renders_as(form, form);
    // Annotations below the root too, and inside data they are just data.
    let nested = r##"{"properties":{"a":{"title":"A","default":"a","examples":[{"type":"x"}]}},"default":{"$ref":"#/nowhere","title":1}}"##;
    renders_as(nested, nested);
}

#[test]
fn renders_strings_with_minimal_escapes() {
    // Written with every escape JSON has; rendered with only the necessary ones.
    renders_as(
        r#"{"title":"\u00e9\u00E9 \ud83d\ude00 \/ \u0041 \u001f \u007f \u2028 \" \\ \n\r\t\b\f"}"#,
        "{\"title\":\"éé 😀 / A \\u001f \u{7f} \u{2028} \\\" \\\\ \\n\\r\\t\\b\\f\"}",
    );
    renders_as(
        r#"{"const":"\u0000\u0001\u001E\uffff\udbff\udfff"}"#,
        "{\"const\":\"\\u0000\\u0001\\u001e\u{ffff}\u{10ffff}\"}",
    );
    renders_as(
        r#"{"properties":{"a\/b":{"pattern":"^\\d\/x$"},"\u00e9":true},"required":["a\/b","\u00e9"]}"#,
        r#"{"properties":{"a/b":{"pattern":"^\\d/x$"},"é":true},"required":["a/b","é"]}"#,
    );
    renders_as(
        r#"{"enum":["\u0022","\u005c","</script>"]}"#,
        r#"{"enum":["\"","\\","</script>"]}"#,
    );
}

#[test]
fn renders_without_whitespace() {
    renders_as(
        " \r\n\t{ \"type\" :\n [ \"object\" , \"null\" ] ,\r\n \"properties\" : { \"a b\" : { } } ,\t\"enum\" : [ { \"x\" : [ 1 , 2 ] } , null ] } \n",
        r#"{"type":["object","null"],"properties":{"a b":{}},"enum":[{"x":[1,2]},null]}"#,
    );
}

#[test]
fn renders_boolean_schemas_and_refs() {
    renders_as("true", "true");
    renders_as(" false ", "false");
    renders_as("{}", "{}");
    renders_as(
        r#"{"items":false,"additionalProperties":true,"properties":{"a":false},"anyOf":[true,false]}"#,
        r#"{"items":false,"additionalProperties":true,"properties":{"a":false},"anyOf":[true,false]}"#,
    );
    renders_as(
        r##"{"$defs":{"a b":{"type":"string"},"x/y":{"$ref":"#/$defs/a%20b"},"t~n":{"items":{"$ref":"#"}}},"$ref":"#/$defs/x~1y","properties":{"n":{"$ref":"#/$defs/t~0n"}}}"##,
        r##"{"$defs":{"a b":{"type":"string"},"x/y":{"$ref":"#/$defs/a%20b"},"t~n":{"items":{"$ref":"#"}}},"$ref":"#/$defs/x~1y","properties":{"n":{"$ref":"#/$defs/t~0n"}}}"##,
    );
}

/// `$defs` and `definitions` side by side each render their own entries. Both rendered
/// the entries of both (duplicate names, so the published form was not strict JSON)
/// until the `compile_form` fuzzer found it.
#[test]
fn renders_each_definitions_holder_apart() {
    for form in [
        r#"{"$defs":{"a":false},"definitions":{"b":true}}"#,
        r#"{"$defs":{"a":false},"definitions":{"a":false}}"#,
        r#"{"definitions":{"a":{"items":false}},"type":"object","$defs":{"a b":false,"a":{}}}"#,
        r##"{"properties":{"p":{"$defs":{"x":{}},"definitions":{"y":{"$ref":"#/$defs/z"}}}},"$defs":{"z":true}}"##,
    ] {
        renders_as(form, form);
    }
}

#[test]
fn renders_property_names_and_values_as_data() {
    let form = r##"{"properties":{"propertiez":{},"type":{"const":{"type":"nope","enum":5}},"$ref":{"enum":[{"$ref":"#/x"}]}},"required":["type","$ref"]}"##;
    renders_as(form, form);
}

#[test]
fn renders_draft_07_forms_as_written() {
    let form = r##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"n":{"type":"integer"}},"type":"object","properties":{"a":{"$ref":"#/definitions/n"}}}"##;
    renders_as(form, form);
}

// ---------------------------------------------------------------------------
// The GET body

const FORM: &str = r#"{ "type" : "object", "properties" : { "title" : { "type" : "string", "maxLength" : 1.0E1 } }, "required" : [ "title" ], "additionalProperties" : false }"#;

/// `{"p":...,"m":[...],"s":...}` as `publish` must write it.
fn expected_body(prompt: &str, messages: &[(&str, &str)], s: &str) -> String {
    let mut out = String::from("{\"p\":");
    testkit::write_min_string(prompt, &mut out);
    out.push_str(",\"m\":[");
    for (i, (role, content)) in messages.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"role\":");
        testkit::write_min_string(role, &mut out);
        out.push_str(",\"content\":");
        testkit::write_min_string(content, &mut out);
        out.push('}');
    }
    out.push_str("],\"s\":");
    out.push_str(s);
    out.push('}');
    out
}

fn messages(list: &[(&str, &str)]) -> Vec<Message> {
    list.iter().map(|(r, c)| Message::new(*r, *c)).collect()
}

/// The body parses strictly into `{p, m, s}` in that order with the given content.
fn check_published(body: &[u8], prompt: &str, list: &[(&str, &str)], form: &Form) {
    let v = formgate::json::parse(body, &Limits::default()).expect("the GET body is strict JSON");
    let Value::Object(members) = &v else {
        panic!("not an object")
    };
    let names: Vec<&str> = members.iter().map(|(k, _)| k.as_ref()).collect();
    assert_eq!(names, ["p", "m", "s"]);
    assert_eq!(v.get("p").and_then(Value::as_str), Some(prompt));
    let m = v.get("m").and_then(Value::as_array).expect("m is an array");
    assert_eq!(m.len(), list.len());
    for (entry, (role, content)) in m.iter().zip(list) {
        let Value::Object(fields) = entry else {
            panic!("a message is not an object")
        };
        let names: Vec<&str> = fields.iter().map(|(k, _)| k.as_ref()).collect();
        assert_eq!(names, ["role", "content"]);
        assert_eq!(entry.get("role").and_then(Value::as_str), Some(*role));
        assert_eq!(entry.get("content").and_then(Value::as_str), Some(*content));
    }
    // `s` byte for byte: the body ends with it.
    let tail = format!(",\"s\":{}}}", form.schema_json());
    assert!(
        body.ends_with(tail.as_bytes()),
        "s is not schema_json verbatim"
    );
    let s = formgate::json::parse(form.schema_json().as_bytes(), &Limits::default()).unwrap();
    assert_eq!(v.get("s"), Some(&s));
}

#[test]
fn publishes_p_m_s_in_order_and_parses_strictly() {
    let form = Form::compile(FORM.as_bytes()).unwrap();
    let list = [
        ("system", "Answer with a title."),
        ("user", "rain, \"quoted\", é, 😀, \u{1f}, a/b\n"),
    ];
    let get = form.publish("Name the \"thing\".\t", &messages(&list));
    check_published(get.body(), "Name the \"thing\".\t", &list, &form);
    assert_eq!(get.content_type(), "application/json");
    assert_eq!(
        std::str::from_utf8(get.body()).unwrap(),
        expected_body("Name the \"thing\".\t", &list, form.schema_json())
    );
    let empty = form.publish("", &[]);
    check_published(empty.body(), "", &[], &form);
    assert_eq!(
        std::str::from_utf8(empty.body()).unwrap(),
        format!(r#"{{"p":"","m":[],"s":{}}}"#, form.schema_json())
    );
}

#[test]
fn publishes_s_equal_to_schema_json_byte_for_byte() {
    let form = Form::compile(FORM.as_bytes()).unwrap();
    assert_eq!(
        form.schema_json(),
        r#"{"type":"object","properties":{"title":{"type":"string","maxLength":1.0E1}},"required":["title"],"additionalProperties":false}"#
    );
    let get = form.publish("p", &[Message::new("user", "s")]);
    let body = std::str::from_utf8(get.body()).unwrap();
    let at = body.rfind(",\"s\":").unwrap() + 5;
    assert_eq!(&body[at..body.len() - 1], form.schema_json());
    // Publishing the published `s` again serves the same `s`.
    let again = Form::compile(form.schema_json().as_bytes()).unwrap();
    assert_eq!(again.publish("p", &[Message::new("user", "s")]), get);
}

#[test]
fn etag_is_stable_and_changes_with_the_prompt() {
    let a = Form::compile(FORM.as_bytes()).unwrap();
    let b = Form::compile(FORM.as_bytes()).unwrap();
    let list = messages(&[("user", "hello")]);
    let first = a.publish("Write a title.", &list);
    let tag = first.etag().to_owned();
    assert!(
        tag.starts_with('"') && tag.ends_with('"') && tag.len() > 2,
        "{tag}"
    );
    assert!(!tag.starts_with("W/"), "a strong tag: {tag}");
    // Stable: the same form (compiled again, or from its own rendering), prompt and
    // messages give the same tag.
    assert_eq!(a.publish("Write a title.", &list).etag(), tag);
    assert_eq!(b.publish("Write a title.", &list).etag(), tag);
    let rendered = Form::compile(a.schema_json().as_bytes()).unwrap();
    assert_eq!(rendered.publish("Write a title.", &list).etag(), tag);
    // Changes with whatever is served.
    let others = [
        a.publish("Write a title!", &list),
        a.publish("Write a title. ", &list),
        a.publish("", &list),
        a.publish("Write a title.", &[]),
        a.publish("Write a title.", &messages(&[("user", "hello!")])),
        a.publish("Write a title.", &messages(&[("assistant", "hello")])),
        Form::compile(br#"{"type":"string"}"#)
            .unwrap()
            .publish("Write a title.", &list),
    ];
    for other in &others {
        assert_ne!(
            other.etag(),
            tag,
            "{}",
            String::from_utf8_lossy(other.body())
        );
    }
    for (i, x) in others.iter().enumerate() {
        for y in &others[i + 1..] {
            assert_ne!(x.etag(), y.etag());
        }
    }
}

// ---------------------------------------------------------------------------
// The properties

fn check_round_trip(form: &J, bodies: &[String], seed: u64) -> Result<(), TestCaseError> {
    let mut r = Rng::new(seed);
    let style = Style {
        ws: r.chance(0.7),
        escapes: r.chance(0.7),
        dup: false,
    };
    let source = form.text(&mut r, style);
    let compiled = Form::compile(source.as_bytes())
        .map_err(|e| TestCaseError::fail(format!("{source}: {e}")))?;
    let once = compiled.schema_json();
    prop_assert_eq!(once, form.compact(), "source {}", source);
    let rendered = Form::compile(once.as_bytes())
        .map_err(|e| TestCaseError::fail(format!("the rendering {once} fails: {e}")))?;
    prop_assert_eq!(rendered.schema_json(), once);
    prop_assert_eq!(rendered.limits(), compiled.limits());
    for body in bodies {
        prop_assert_eq!(
            compiled.verify(body.as_bytes()),
            rendered.verify(body.as_bytes()),
            "form {}\nbody {}",
            once,
            body
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config("render_props", 256))]

    #[test]
    fn render_is_a_fixed_point_with_the_same_verdicts(
        (form, bodies) in testkit::form_and_bodies(&testkit::FULL),
        seed in any::<u64>(),
    ) {
        check_round_trip(&form, &bodies, seed)?;
    }

    #[test]
    fn publish_serves_the_rendered_form(
        form in testkit::form(&testkit::FULL),
        prompt in any::<String>(),
        list in prop::collection::vec((any::<String>(), any::<String>()), 0..3),
    ) {
        let f = Form::compile(form.compact().as_bytes()).unwrap();
        let pairs: Vec<(&str, &str)> = list.iter().map(|(r, c)| (r.as_str(), c.as_str())).collect();
        let get = f.publish(&prompt, &messages(&pairs));
        prop_assert_eq!(
            std::str::from_utf8(get.body()).unwrap(),
            expected_body(&prompt, &pairs, f.schema_json())
        );
        check_published(get.body(), &prompt, &pairs, &f);
        let again = f.publish(&prompt, &messages(&pairs));
        prop_assert_eq!(again.etag(), get.etag());
        let other = f.publish(&format!("{prompt}."), &messages(&pairs));
        prop_assert_ne!(other.etag(), get.etag());
    }
}

/// Rendering does not depend on the limits a form was compiled with, nor do limits
/// survive into `s` (they are the server's, not the form's).
#[test]
fn renders_the_same_whatever_the_limits() {
    let small = Form::builder()
        .max_bytes(10)
        .max_depth(1)
        .compile(FORM.as_bytes())
        .unwrap();
    assert_eq!(small.schema_json(), render(FORM));
}

/// The generator covers the annotations and escapes this file is about.
#[test]
fn generated_forms_cover_annotations_and_escapes() {
    let forms = testkit::sample(testkit::form(&testkit::FULL), 300);
    let texts: Vec<String> = forms.iter().map(J::compact).collect();
    for needle in [
        "\"title\"",
        "\"description\"",
        "\"$comment\"",
        "\"default\"",
        "\"examples\"",
        "\"deprecated\"",
        "\"readOnly\"",
        "\"writeOnly\"",
        "\"$schema\"",
        "\\u001f",
        "\\\"",
        "é",
        "E1",
        "-0",
    ] {
        let n = texts.iter().filter(|t| t.contains(needle)).count();
        assert!(
            n * 100 >= texts.len(),
            "{needle} in only {n} of {} forms",
            texts.len()
        );
    }
}
