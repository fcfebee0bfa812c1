//! JSON Pointers (RFC 6901) and Relative JSON Pointers
//! (draft-handrews-relative-json-pointer-01, the definition JSON Schema 2020-12 cites).

/// RFC 6901 §3 `json-pointer = *( "/" reference-token )`, where a reference token is
/// any characters with `~` only as the escapes `~0` and `~1`. The empty string is the
/// whole document. Works on the decoded string, so every Unicode scalar value
/// (control characters included) is allowed outside the escapes.
pub(super) fn is_json_pointer(b: &[u8]) -> bool {
    match b.first() {
        None => true,
        Some(b'/') => tildes_are_escapes(b),
        Some(_) => false,
    }
}

/// Every `~` is followed by `0` or `1`.
fn tildes_are_escapes(b: &[u8]) -> bool {
    let mut rest = b;
    while let Some(at) = memchr::memchr(b'~', rest) {
        match rest.get(at + 1) {
            Some(b'0' | b'1') => rest = &rest[at + 2..],
            _ => return false,
        }
    }
    true
}

/// draft-handrews-relative-json-pointer-01 §3
/// `relative-json-pointer = non-negative-integer ( "#" / json-pointer )`, with
/// `non-negative-integer = %x30 / %x31-39 *%x30-39` (no sign, no leading zeros, ASCII
/// digits only, any size). The index manipulation (`0+1/a`) of the later
/// draft-bhutton-relative-json-pointer-00 is not part of this definition.
pub(super) fn is_relative_json_pointer(b: &[u8]) -> bool {
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 || (digits > 1 && b[0] == b'0') {
        return false;
    }
    match &b[digits..] {
        b"#" => true,
        rest => is_json_pointer(rest),
    }
}
