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
            formgate_fuzz::save(&formgate_fuzz::case_text(&case));
            let form = formgate::__fuzz::verify(case.form.as_bytes(), &case.body, &case.splits)
                .unwrap_or_else(|| panic!("a generated form does not compile: {}", case.form));
            formgate_fuzz::oracle::typed_agrees(&form, &case.body);
            if case.oracle {
                let admitted = form.verify(&case.body).is_ok();
                formgate_fuzz::oracle::jsonschema_agrees(&case.form, &case.body, admitted);
            }
        }
        _ => {
            let (form, splits, body) = formgate::__fuzz::split_case(data);
            if let Some(form) = formgate::__fuzz::verify(form, body, &splits) {
                formgate_fuzz::oracle::typed_agrees(&form, body);
            }
        }
    }
});
