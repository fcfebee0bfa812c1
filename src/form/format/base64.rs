//! The `byte` format of OpenAPI: base64 data.

/// RFC 4648 §4 base64 with padding: groups of four characters of the base64 alphabet
/// (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`), the last group possibly ending `x=` or `xx=`
/// padding; no line breaks or other characters (§3.3). The empty string encodes no
/// data. The bits that padding leaves over must be zero (§3.5: the encoding is
/// canonical), so `QR==` is rejected and `QQ==` accepted. O(n) time, O(1) memory.
pub(super) fn is_base64(b: &[u8]) -> bool {
    if b.len() % 4 != 0 {
        return false;
    }
    let (body, last) = match b.len() {
        0 => return true,
        len => (&b[..len - 4], &b[len - 4..]),
    };
    if !body.iter().all(|&c| value(c).is_some()) {
        return false;
    }
    match *last {
        [a, b2, b'=', b'='] => value(a).is_some() && value(b2).is_some_and(|v| v & 0x0F == 0),
        [a, b2, c, b'='] => {
            value(a).is_some() && value(b2).is_some() && value(c).is_some_and(|v| v & 0x03 == 0)
        }
        _ => last.iter().all(|&c| value(c).is_some()),
    }
}

/// The 6-bit value of a character of the base64 alphabet (RFC 4648 Table 1).
fn value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}
