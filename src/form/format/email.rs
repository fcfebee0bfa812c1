//! RFC 5321 mailboxes, and their RFC 6531 internationalized form.

use super::hostname::is_hostname;
use super::idn::{is_idn_domain, Separators};
use super::ip::{is_ipv4, is_ipv6, Ipv6Dialect, Octets};

/// RFC 5321 §4.5.3.1.1: the longest local part, in octets.
const MAX_LOCAL_PART: usize = 64;
/// RFC 5321 §4.5.3.1.3: the longest path is 256 octets including `<` and `>`.
const MAX_MAILBOX: usize = 254;

/// Which grammar a mailbox follows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mailbox {
    /// RFC 5321: ASCII only.
    Ascii,
    /// RFC 6531 §3.3: `atext` and `qtextSMTP` also take `UTF8-non-ascii` (any
    /// non-ASCII character), and a domain's `sub-domain` may be a U-label. The size
    /// limits count UTF-8 octets.
    Utf8,
}

/// RFC 5321 §4.1.2 `Mailbox = Local-part "@" ( Domain / address-literal )`.
pub(super) fn is_email(b: &[u8]) -> bool {
    is_mailbox(b, Mailbox::Ascii)
}

/// A `Mailbox` of the given grammar.
pub(super) fn is_mailbox(b: &[u8], mailbox: Mailbox) -> bool {
    if b.len() > MAX_MAILBOX {
        return false;
    }
    let Some(local_len) = local_part_len(b, mailbox == Mailbox::Utf8) else {
        return false;
    };
    if local_len > MAX_LOCAL_PART {
        return false;
    }
    match &b[local_len..] {
        [b'@', b'[', literal @ .., b']'] => is_address_literal(literal),
        [b'@', domain @ ..] => match mailbox {
            Mailbox::Ascii => is_hostname(domain),
            // A valid UTF-8 string split after an ASCII `@` stays valid UTF-8.
            Mailbox::Utf8 => std::str::from_utf8(domain)
                .is_ok_and(|domain| is_idn_domain(domain, Separators::Dot)),
        },
        _ => false,
    }
}

/// Length of the `Local-part = Dot-string / Quoted-string` that starts `b`; with
/// `utf8`, every non-ASCII byte (of a character of a valid UTF-8 string) counts as
/// `atext` and `qtextSMTP`.
fn local_part_len(b: &[u8], utf8: bool) -> Option<usize> {
    if let Some((b'"', _)) = b.split_first() {
        // Quoted-string = DQUOTE *QcontentSMTP DQUOTE
        // QcontentSMTP = qtextSMTP / quoted-pairSMTP; quoted-pairSMTP = "\" %d32-126
        // qtextSMTP = %d32-33 / %d35-91 / %d93-126
        let mut i = 1;
        loop {
            match *b.get(i)? {
                b'"' => return Some(i + 1),
                b'\\' if (32..=126).contains(b.get(i + 1)?) => i += 2,
                32..=126 if b[i] != b'\\' => i += 1,
                0x80.. if utf8 => i += 1,
                _ => return None,
            }
        }
    }
    // Dot-string = Atom *("." Atom); Atom = 1*atext
    let mut i = 0;
    let mut atom_len = 0;
    loop {
        match b.get(i) {
            Some(&c) if is_atext(c) || (utf8 && c >= 0x80) => atom_len += 1,
            Some(b'.') if atom_len > 0 => atom_len = 0,
            _ => break,
        }
        i += 1;
    }
    (atom_len > 0).then_some(i)
}

/// RFC 5322 §3.2.3 `atext`.
fn is_atext(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&c)
}

/// The inside of an RFC 5321 `address-literal`: `IPv4-address-literal` or
/// `"IPv6:" IPv6-addr` (the tag is an ABNF literal, so case-insensitive).
fn is_address_literal(b: &[u8]) -> bool {
    match b.get(..5) {
        Some(tag) if tag.eq_ignore_ascii_case(b"IPv6:") => is_ipv6(&b[5..], Ipv6Dialect::Rfc5321),
        _ => is_ipv4(b, Octets::Snum),
    }
}
