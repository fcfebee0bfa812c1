//! `discriminator` (OpenAPI, pydantic's tagged unions): compiled only when it agrees
//! with its `oneOf`/`anyOf` branches, and never deciding a verdict
//! (`src/form/discriminator.rs`).

use formgate::{Form, FormErrorKind};

/// pydantic's shape: `$defs` branches pinning `pet_type` with `const`, a `oneOf` of
/// `$ref`s, and a mapping from each value to its branch.
const PETS: &str = r##"{"$defs":{
  "Cat":{"properties":{"pet_type":{"const":"cat","title":"Pet Type","type":"string"},"meows":{"type":"integer"}},"required":["pet_type","meows"],"title":"Cat","type":"object"},
  "Dog":{"properties":{"pet_type":{"enum":["dog","puppy"],"type":"string"},"barks":{"type":"number"}},"required":["pet_type","barks"],"title":"Dog","type":"object"}},
 "properties":{"pet":{"discriminator":{"mapping":{"cat":"#/$defs/Cat","dog":"#/$defs/Dog","puppy":"#/$defs/Dog"},"propertyName":"pet_type"},
   "oneOf":[{"$ref":"#/$defs/Cat"},{"$ref":"#/$defs/Dog"}],"title":"Pet"}},
 "required":["pet"],"title":"Model","type":"object"}"##;

fn refused(form: &str, why: &str) {
    match Form::compile(form.as_bytes()) {
        Ok(_) => panic!("{form}: compiled"),
        Err(e) => {
            let FormErrorKind::Discriminator(got) = e.kind() else {
                panic!("{form}: {e}");
            };
            assert!(got.contains(why), "{form}: {got}");
            assert!(e.pointer().ends_with("/discriminator"), "{}", e.pointer());
        }
    }
}

#[test]
fn an_agreeing_discriminator_compiles_and_the_branches_decide() {
    let f = Form::compile(PETS.as_bytes()).unwrap();
    let compact: String = PETS.split('\n').map(str::trim_start).collect();
    assert_eq!(f.schema_json(), compact);
    for ok in [
        r#"{"pet":{"pet_type":"cat","meows":3}}"#,
        r#"{"pet":{"pet_type":"puppy","barks":1.5}}"#,
    ] {
        assert!(f.verify(ok.as_bytes()).is_ok(), "{ok}");
    }
    for bad in [
        r#"{"pet":{"pet_type":"cat","barks":1}}"#,
        r#"{"pet":{"pet_type":"bird"}}"#,
        r#"{"pet":{"meows":3}}"#,
    ] {
        assert!(f.verify(bad.as_bytes()).is_err(), "{bad}");
    }
    // Inline branches, an `anyOf`, no mapping, and pydantic's nullable wrapper.
    let inline = r#"{"anyOf":[{"discriminator":{"propertyName":"k"},"anyOf":[
        {"type":"object","properties":{"k":{"const":"a"}},"required":["k"]},
        {"type":"object","properties":{"k":{"const":"b"},"n":{"type":"integer"}},"required":["k","n"]}]},
      {"type":"null"}]}"#;
    let f = Form::compile(inline.as_bytes()).unwrap();
    assert!(f.verify(br#"{"k":"b","n":1}"#).is_ok());
    assert!(f.verify(b"null").is_ok());
    assert!(f.verify(br#"{"k":"b"}"#).is_err());
}

#[test]
fn a_disagreeing_discriminator_is_refused() {
    refused(
        r#"{"discriminator":{"propertyName":"k"}}"#,
        "needs a oneOf or an anyOf",
    );
    // A branch that does not require the property, or does not pin it to strings.
    refused(
        &PETS.replace(
            r#""required":["pet_type","meows"]"#,
            r#""required":["meows"]"#,
        ),
        "branch /$defs/Cat does not require",
    );
    refused(
        &PETS.replace(
            r#"{"const":"cat","title":"Pet Type","type":"string"}"#,
            r#"{"type":"string"}"#,
        ),
        "branch /$defs/Cat",
    );
    refused(
        &PETS.replace(r#""const":"cat""#, r#""const":1"#),
        "branch /$defs/Cat",
    );
    // One value, two branches.
    refused(
        &PETS.replace(r#"["dog","puppy"]"#, r#"["dog","cat"]"#),
        r#"the value "cat""#,
    );
    // Mappings that name no branch, or a value the branch does not pin.
    refused(
        &PETS.replace(r##""cat":"#/$defs/Cat""##, r##""cat":"#/$defs/Dog""##),
        r#"mapping "cat" names a branch that does not pin that value"#,
    );
    refused(
        &PETS.replace(r##""cat":"#/$defs/Cat""##, r##""cat":"#/properties/pet""##),
        r#"mapping "cat" names a schema that is not a branch"#,
    );
    refused(
        &PETS.replace(r##""cat":"#/$defs/Cat""##, r##""cat":"#/$defs/Bird""##),
        r#"mapping "cat" names no schema"#,
    );
}

#[test]
fn a_malformed_discriminator_is_refused() {
    for value in [
        r#""pet_type""#,
        r#"{}"#,
        r#"{"propertyName":1}"#,
        r#"{"propertyName":"k","mapping":{"a":1}}"#,
        r#"{"propertyName":"k","extra":1}"#,
    ] {
        let form = format!(r#"{{"discriminator":{value},"oneOf":[true]}}"#);
        let e = Form::compile(form.as_bytes()).unwrap_err();
        assert!(
            matches!(e.kind(), FormErrorKind::InvalidValue(_)),
            "{form}: {e}"
        );
        assert_eq!(e.pointer(), "/discriminator", "{form}");
    }
}
