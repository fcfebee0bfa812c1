//! The `byte` format of OpenAPI: base64 data.

/// RFC 4648 §4 base64 with padding: groups of four characters of the base64 alphabet
/// (`A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`), the last group possibly ending `x=` or `xx=`
/// padding; no line breaks or other characters (§3.3). The empty string encodes no
/// data. The bits that padding leaves over must be zero (§3.5: the encoding is
/// canonical), so `QR==` is rejected and `QQ==` accepted. O(n) time, O(1) memory.
pub(crate) fn is_base64(b: &[u8]) -> bool {
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

/// The data a string [`is_base64`] encodes, or `None` when it is not base64 by that
/// definition. O(n) time, one allocation of three quarters of the input.
pub(crate) fn decode(b: &[u8]) -> Option<Vec<u8>> {
    if !is_base64(b) {
        return None;
    }
    let mut out = Vec::with_capacity(b.len() / 4 * 3);
    for group in b.chunks_exact(4) {
        let v = |i: usize| value(group[i]).map_or(0u32, u32::from);
        let bits = (v(0) << 18) | (v(1) << 12) | (v(2) << 6) | v(3);
        let [_, x, y, z] = bits.to_be_bytes();
        out.push(x);
        if group[2] != b'=' {
            out.push(y);
        }
        if group[3] != b'=' {
            out.push(z);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn decodes_what_it_admits() {
        assert_eq!(decode(b"").as_deref(), Some(&b""[..]));
        assert_eq!(decode(b"QQ==").as_deref(), Some(&b"A"[..]));
        assert_eq!(decode(b"QUI=").as_deref(), Some(&b"AB"[..]));
        assert_eq!(decode(b"QUJD").as_deref(), Some(&b"ABC"[..]));
        assert_eq!(
            decode(b"eyJmb28iOiAiYmFyIn0K").as_deref(),
            Some(&b"{\"foo\": \"bar\"}\n"[..])
        );
        for bad in [
            &b"QR=="[..],
            b"QQ=",
            b"Q===",
            b"eyJmb28iOi%iYmFyIn0K",
            b"{}",
            b"QQ==QQ==",
        ] {
            assert_eq!(decode(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
    }
}
