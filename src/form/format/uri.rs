//! URIs (RFC 3986) and IRIs (RFC 3987), absolute or as references.

use super::ip::{is_ipv6, Ipv6Dialect};

/// Whether a scheme is required.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    /// RFC 3986 §3 `URI` (RFC 3987 `IRI`): a scheme, a hierarchical part, an optional
    /// query and fragment.
    Absolute,
    /// RFC 3986 §4.1 `URI-reference` (RFC 3987 `IRI-reference`): a `URI` or a
    /// relative reference.
    Reference,
}

/// Which characters may appear unencoded.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Chars {
    /// RFC 3986: ASCII only.
    Uri,
    /// RFC 3987 §2.2: also `ucschar` wherever `unreserved` may appear, and `iprivate`
    /// in the query.
    Iri,
}

/// A URI or IRI of `form`, with `chars`. One pass over the string plus one over each
/// of its parts: O(n) time, O(1) memory.
pub(super) fn is_uri(s: &str, form: Form, chars: Chars) -> bool {
    let (rest, fragment) = split_at_first(s, '#');
    // fragment = *( pchar / "/" / "?" )
    if fragment.is_some_and(|f| !component(f, b":@/?", chars, false)) {
        return false;
    }
    // query = *( pchar / "/" / "?" ); iquery also allows iprivate.
    let (rest, query) = split_at_first(rest, '?');
    if query.is_some_and(|q| !component(q, b":@/?", chars, true)) {
        return false;
    }
    // The scheme ends at the first `:`, which no `/` precedes.
    let colon = rest.find(':').filter(|&at| !rest[..at].contains('/'));
    let hier = match colon {
        Some(at) if is_scheme(&rest[..at]) => &rest[at + 1..],
        // A `:` in the first segment of a relative reference (`path-noscheme`) or an
        // invalid scheme.
        Some(_) => return false,
        None if form == Form::Absolute => return false,
        None => rest,
    };
    match hier.strip_prefix("//") {
        // "//" authority path-abempty
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            is_authority(&after[..end], chars) && is_path(&after[end..], chars)
        }
        // path-absolute / path-rootless / path-noscheme / path-empty: the cases that
        // start `//` or hold a `:` in the first segment of a relative reference are
        // already excluded.
        None => is_path(hier, chars),
    }
}

/// `s` split at the first `c`, and what follows it (if it occurs).
fn split_at_first(s: &str, c: char) -> (&str, Option<&str>) {
    match s.find(c) {
        Some(at) => (&s[..at], Some(&s[at + 1..])),
        None => (s, None),
    }
}

/// RFC 3986 §3.1 `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn is_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b[1..]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
}

/// `*( "/" / pchar )`: the paths of every production, once their first-segment and
/// `//` conditions are settled.
fn is_path(s: &str, chars: Chars) -> bool {
    component(s, b":@/", chars, false)
}

/// RFC 3986 §3.2 `authority = [ userinfo "@" ] host [ ":" port ]`.
fn is_authority(s: &str, chars: Chars) -> bool {
    let (userinfo, hostport) = match s.find('@') {
        Some(at) => (Some(&s[..at]), &s[at + 1..]),
        None => (None, s),
    };
    // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
    if userinfo.is_some_and(|u| !component(u, b":", chars, false)) {
        return false;
    }
    let port = if let Some(literal) = hostport.strip_prefix('[') {
        // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
        let Some(close) = literal.find(']') else {
            return false;
        };
        if !is_ip_literal(&literal[..close]) {
            return false;
        }
        match &literal[close + 1..] {
            "" => "",
            after => match after.strip_prefix(':') {
                Some(port) => port,
                None => return false,
            },
        }
    } else {
        // reg-name = *( unreserved / pct-encoded / sub-delims ); it covers IPv4address.
        let (host, port) = split_at_first(hostport, ':');
        if !component(host, b"", chars, false) {
            return false;
        }
        port.unwrap_or("")
    };
    // port = *DIGIT
    port.bytes().all(|c| c.is_ascii_digit())
}

/// The inside of an RFC 3986 §3.2.2 `IP-literal`: an `IPv6address` (whose `ls32`
/// dotted quad has no leading zeros) or `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved /
/// sub-delims / ":" )`, the `v` in either case (an ABNF literal).
fn is_ip_literal(s: &str) -> bool {
    let b = s.as_bytes();
    match b.first() {
        Some(b'v' | b'V') => {
            let hex = b[1..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
            let Some((b'.', tail)) = b[1 + hex..].split_first() else {
                return false;
            };
            hex > 0
                && !tail.is_empty()
                && tail
                    .iter()
                    .all(|&c| is_unreserved_or_sub_delim(c) || c == b':')
        }
        _ => is_ipv6(b, Ipv6Dialect::Rfc4291),
    }
}

/// RFC 3986 §2.3 `unreserved` or §2.2 `sub-delims`.
fn is_unreserved_or_sub_delim(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=".contains(&c)
}

/// Whether `s` is made of `unreserved`, `sub-delims`, the ASCII characters of `extra`
/// and `pct-encoded` triplets; for an IRI also of `ucschar` and, if `private`, of
/// `iprivate`.
fn component(s: &str, extra: &[u8], chars: Chars, private: bool) -> bool {
    let mut it = s.chars();
    while let Some(c) = it.next() {
        let ok = match c {
            '%' => {
                it.next().is_some_and(|h| h.is_ascii_hexdigit())
                    && it.next().is_some_and(|h| h.is_ascii_hexdigit())
            }
            _ if c.is_ascii() => is_unreserved_or_sub_delim(c as u8) || extra.contains(&(c as u8)),
            _ => chars == Chars::Iri && (is_ucschar(c) || (private && is_iprivate(c))),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// RFC 3987 §2.2 `ucschar`: the non-ASCII characters an IRI may hold unencoded (no
/// controls, surrogates, private use, specials or the last two code points of a plane).
pub(super) fn is_ucschar(c: char) -> bool {
    let cp = u32::from(c);
    match cp {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        // %x10000-1FFFD ... %xD0000-DFFFD: every plane but the last two code points.
        0x1_0000..=0xD_FFFF => cp & 0xFFFF <= 0xFFFD,
        0xE_1000..=0xE_FFFD => true,
        _ => false,
    }
}

/// RFC 3987 §2.2 `iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD`.
pub(super) fn is_iprivate(c: char) -> bool {
    matches!(u32::from(c), 0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD)
}
