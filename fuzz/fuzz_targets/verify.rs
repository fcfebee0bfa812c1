#![no_main]
//! Verifying bodies: after a zero byte, an in-vocabulary form and a body aimed at it,
//! generated from the bytes; otherwise the bytes are a case file (form, split points,
//! body). The library's checks (`formgate::__fuzz::verify`: accept, verify_into,
//! streaming at the split points, the parser, re-serialization, max_bytes), then the
//! comparisons with serde_json and, where they cannot legitimately differ, jsonschema.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match data.split_first() {
        Some((0, rest)) => {
            let case = formgate_fuzz::VerifyCase::generate(rest);
            formgate_fuzz::save(|| formgate_fuzz::case_text(&case));
            let form = case.form.as_bytes();
            formgate_fuzz::with_form(form, |compiled| {
                formgate::__fuzz::verify_compiled(form, compiled, &case.body, &case.splits);
                formgate_fuzz::oracle::typed_agrees(compiled, &case.body);
                if case.oracle {
                    let admitted = compiled.verify(&case.body).is_ok();
                    formgate_fuzz::jsonschema_agrees(&case.form, &case.body, admitted);
                }
            })
            .unwrap_or_else(|| panic!("a generated form does not compile: {}", case.form));
        }
        _ => {
            let (form, splits, body) = formgate::__fuzz::split_case(data);
            formgate_fuzz::with_form(form, |compiled| {
                formgate::__fuzz::verify_compiled(form, compiled, body, &splits);
                formgate_fuzz::oracle::typed_agrees(compiled, body);
            });
        }
    }
});
