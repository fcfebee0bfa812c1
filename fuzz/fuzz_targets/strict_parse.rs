#![no_main]
//! Strict parsing: the library's own checks (`formgate::__fuzz::strict_parse`), then a
//! one-way comparison with serde_json, which cannot live in the library.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    formgate::__fuzz::strict_parse(data);
    formgate_fuzz::oracle::serde_json_agrees(data);
});
