#![no_main]
//! Compiling forms: any bytes, or (after a zero byte) a form generated from the bytes,
//! inside the vocabulary or not; the checks are `formgate::__fuzz::compile_form`'s.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let generated;
    let form = match data.split_first() {
        Some((0, rest)) => {
            generated = formgate_fuzz::wild_form(rest);
            formgate_fuzz::save(|| generated.as_bytes());
            generated.as_bytes()
        }
        _ => data,
    };
    formgate::__fuzz::compile_form(form);
});
