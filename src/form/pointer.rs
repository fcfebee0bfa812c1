//! JSON Pointers (RFC 6901) as they appear in forms: building, escaping, and decoding
//! the fragment of a `$ref`.

use crate::limits::Limits;
use crate::parse::event::Event;
use crate::parse::Parser;

/// Append one reference token to a pointer, escaping `~` and `/`.
pub(crate) fn push(pointer: &mut String, token: &str) {
    pointer.push('/');
    // Most tokens need no escape: copied whole rather than a character at a time,
    // they cost a rejection's pointers a third of what they did
    // (`benches/examples/instructions.rs small_late verify`); found by `memchr2`
    // rather than a byte loop, a little less again (optimization `pointer-memchr`).
    if memchr::memchr2(b'~', b'/', token.as_bytes()).is_none() {
        pointer.push_str(token);
        return;
    }
    for c in token.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

/// `pointer` extended by `token`.
pub(crate) fn join(pointer: &str, token: &str) -> String {
    let mut out = String::with_capacity(pointer.len() + token.len() + 1);
    out.push_str(pointer);
    push(&mut out, token);
    out
}

/// Decode a URI fragment (the part after `#`) into a canonical pointer: percent-decoded,
/// `~1` and `~0` undone per token, then re-escaped as [`push`] does. `None` when the
/// fragment is not a JSON Pointer (`#foo`) or its escapes are malformed.
pub(crate) fn canonical_fragment(fragment: &str) -> Option<String> {
    let decoded = percent_decode(fragment)?;
    if decoded.is_empty() {
        return Some(String::new());
    }
    let rest = decoded.strip_prefix('/')?;
    let mut out = String::new();
    for raw in rest.split('/') {
        let mut token = String::with_capacity(raw.len());
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            if c == '~' {
                match chars.next() {
                    Some('0') => token.push('~'),
                    Some('1') => token.push('/'),
                    _ => return None,
                }
            } else {
                token.push(c);
            }
        }
        push(&mut out, &token);
    }
    Some(out)
}

/// The canonical pointer `pointer` written as a URI fragment (without the `#`): every
/// byte outside RFC 3986 `pchar` and `/` (unreserved, sub-delims, `:`, `@`)
/// percent-encoded, `%` included, so that [`canonical_fragment`] gives `pointer`
/// back and the fragment is also a valid IRI/URI reference.
pub(crate) fn to_fragment(pointer: &str) -> String {
    let mut out = String::with_capacity(pointer.len());
    for b in pointer.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `s` with its `%XX` escapes decoded; `None` when an escape is malformed or the
/// result is not UTF-8.
pub(crate) fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The byte offset of the member name (or array element) at `pointer` in `schema`, for
/// error messages. Re-parses the form; called only on compile errors.
pub(crate) fn offset_of(schema: &[u8], pointer: &str) -> Option<u64> {
    if pointer.is_empty() {
        return Some(0);
    }
    let target: Vec<String> = pointer
        .strip_prefix('/')?
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let mut p = Parser::new(schema, &Limits::default()).ok()?;
    // One entry per open container: the current member name or element index.
    let mut path: Vec<(bool, String, usize)> = Vec::new();
    let at = |path: &[(bool, String, usize)]| -> bool {
        path.len() == target.len()
            && path.iter().zip(&target).all(|((object, name, i), t)| {
                if *object {
                    name == t
                } else {
                    i.to_string() == *t
                }
            })
    };
    loop {
        let ev = p.next().ok()??;
        let mut matched = false;
        match ev {
            Event::Key(k) => {
                if let Some(last) = path.last_mut() {
                    last.1 = k.as_str().to_owned();
                }
                matched = at(&path);
            }
            Event::ObjectEnd | Event::ArrayEnd => {
                path.pop();
                continue;
            }
            _ => {
                if let Some(last) = path.last_mut() {
                    if !last.0 {
                        last.2 = last.2.wrapping_add(1);
                        matched = at(&path);
                    }
                }
            }
        }
        if matched {
            return Some(p.offset());
        }
        match ev {
            Event::ObjectStart => path.push((true, String::new(), 0)),
            Event::ArrayStart => path.push((false, String::new(), usize::MAX)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_escaped_and_percent_encoded_fragments() {
        assert_eq!(canonical_fragment("").as_deref(), Some(""));
        assert_eq!(canonical_fragment("/$defs/a").as_deref(), Some("/$defs/a"));
        assert_eq!(
            canonical_fragment("/$defs/tilde~0field").as_deref(),
            Some("/$defs/tilde~0field")
        );
        assert_eq!(
            canonical_fragment("/$defs/slash~1field").as_deref(),
            Some("/$defs/slash~1field")
        );
        assert_eq!(
            canonical_fragment("/$defs/percent%25field").as_deref(),
            Some("/$defs/percent%field")
        );
        assert_eq!(
            canonical_fragment("/$defs/foo%22bar").as_deref(),
            Some("/$defs/foo\"bar")
        );
        assert_eq!(join("/properties", "a/b~"), "/properties/a~1b~0");
    }

    #[test]
    fn rejects_anchors_and_bad_escapes() {
        assert_eq!(canonical_fragment("foo"), None);
        assert_eq!(canonical_fragment("/a~2"), None);
        assert_eq!(canonical_fragment("/a%2"), None);
        assert_eq!(canonical_fragment("/a%ff"), None);
    }

    #[test]
    fn writes_pointers_as_fragments_that_read_back() {
        for p in [
            "",
            "/$defs/a",
            "/properties/a~1b~0",
            "/properties/%",
            "/properties/a b\"#é",
            "/x/{}[]|^`<>",
        ] {
            let f = to_fragment(p);
            assert!(
                f.bytes()
                    .all(|b| b.is_ascii_graphic() && !b"#[]{}|^`<>\\\" ".contains(&b)),
                "{f}"
            );
            assert_eq!(canonical_fragment(&f).as_deref(), Some(p), "{f}");
        }
        assert_eq!(to_fragment("/properties/a b"), "/properties/a%20b");
        assert_eq!(to_fragment("/properties/é%"), "/properties/%C3%A9%25");
    }
}
