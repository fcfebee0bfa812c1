//! IPv4 and IPv6 addresses and UUIDs.

use super::datetime::decimal;

/// Whether a dotted-decimal octet may carry leading zeros.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Octets {
    /// RFC 2673 `decbyte` (and RFC 3986 `dec-octet`): `0` or a number without
    /// leading zeros.
    NoLeadingZeros,
    /// RFC 5321 `Snum = 1*3DIGIT`: leading zeros allowed.
    Snum,
}

/// Four decimal octets 0–255 separated by dots.
pub(super) fn is_ipv4(b: &[u8], octets: Octets) -> bool {
    let mut parts = 0;
    for part in b.split(|&c| c == b'.') {
        parts += 1;
        let leading_zero = part.len() > 1 && part[0] == b'0';
        let in_range = part.len() <= 3 && decimal(part).is_some_and(|v| v <= 255);
        if parts > 4 || !in_range || (leading_zero && octets == Octets::NoLeadingZeros) {
            return false;
        }
    }
    parts == 4
}

/// Which grammar an IPv6 address follows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Ipv6Dialect {
    /// RFC 4291 §2.2: `::` stands for one or more groups, the dotted quad is RFC 2673.
    Rfc4291,
    /// RFC 5321 §4.1.3 `IPv6-addr`: `::` stands for at least two groups (so at most
    /// six others), the dotted quad is `IPv4-address-literal`.
    Rfc5321,
}

/// An IPv6 address in text form: eight groups of one to four hex digits, the last two
/// optionally written as a dotted quad, with at most one `::` for zero groups.
pub(super) fn is_ipv6(b: &[u8], dialect: Ipv6Dialect) -> bool {
    let gap = b.windows(2).position(|w| w == b"::");
    let Some(gap) = gap else {
        return ipv6_groups(b, true, dialect) == Some(8);
    };
    let (head, tail) = (&b[..gap], &b[gap + 2..]);
    let head_groups = if head.is_empty() {
        Some(0)
    } else {
        ipv6_groups(head, false, dialect)
    };
    let tail_groups = if tail.is_empty() {
        Some(0)
    } else {
        ipv6_groups(tail, true, dialect)
    };
    let max_explicit = match dialect {
        Ipv6Dialect::Rfc4291 => 7,
        Ipv6Dialect::Rfc5321 => 6,
    };
    matches!((head_groups, tail_groups), (Some(h), Some(t)) if h + t <= max_explicit)
}

/// Counts the 16-bit groups in a `:`-separated run (a dotted quad counts two and may
/// only be last, and only if `dotted_quad_last`), or `None` if an element is malformed.
fn ipv6_groups(b: &[u8], dotted_quad_last: bool, dialect: Ipv6Dialect) -> Option<usize> {
    let mut groups = 0;
    let mut elements = b.split(|&c| c == b':').peekable();
    while let Some(element) = elements.next() {
        let is_last = elements.peek().is_none();
        if is_last && dotted_quad_last && element.contains(&b'.') {
            let octets = match dialect {
                Ipv6Dialect::Rfc4291 => Octets::NoLeadingZeros,
                Ipv6Dialect::Rfc5321 => Octets::Snum,
            };
            if !is_ipv4(element, octets) {
                return None;
            }
            groups += 2;
        } else if (1..=4).contains(&element.len()) && element.iter().all(u8::is_ascii_hexdigit) {
            groups += 1;
        } else {
            return None;
        }
    }
    Some(groups)
}

/// RFC 4122 §3 `UUID = time-low "-" time-mid "-" time-high-and-version "-"
/// clock-seq-and-reserved clock-seq-low "-" node`, hex digits in either case. Version
/// and variant bits are not checked: the grammar does not constrain them.
pub(super) fn is_uuid(b: &[u8]) -> bool {
    b.len() == 36
        && b.iter().enumerate().all(|(i, &c)| {
            if matches!(i, 8 | 13 | 18 | 23) {
                c == b'-'
            } else {
                c.is_ascii_hexdigit()
            }
        })
}
