//! RFC 1123 host names.

use super::idna::{self, ULabel, Verdict};

/// RFC 1035 §2.3.4: the longest label, in octets.
pub(super) const MAX_LABEL: usize = 63;
/// RFC 1035 §2.3.4: 255 octets on the wire are 253 characters of text without a
/// trailing dot.
pub(super) const MAX_HOSTNAME: usize = 253;

/// An RFC 1123 §2.1 host name: dot-separated labels of letters, digits and inner
/// hyphens, 1–63 octets each, 253 in all, no trailing dot; `xn--` labels are held to
/// invariant 4.
pub(super) fn is_hostname(b: &[u8]) -> bool {
    if b.is_empty() || b.len() > MAX_HOSTNAME {
        return false;
    }
    let mut bidi_domain = false;
    for label in b.split(|&c| c == b'.') {
        match ascii_label(label) {
            Some(rtl) => bidi_domain |= rtl,
            None => return false,
        }
    }
    // RFC 5893 §1.4 and §2: in a Bidi domain name every label obeys the Bidi rule.
    !bidi_domain || b.split(|&c| c == b'.').all(label_satisfies_bidi_rule)
}

/// An RFC 1123 label, held to invariant 4 if it starts `xn--`: `None` if it is not one,
/// else whether it is an RTL label (an A-label whose U-label is one).
pub(super) fn ascii_label(label: &[u8]) -> Option<bool> {
    if !is_ldh_label(label) {
        return None;
    }
    // Invariant 4: an `xn--` label must be an A-label.
    match a_label_payload(label) {
        Some(punycode) => match ULabel::from_punycode(punycode)?.validate() {
            Verdict::Valid { rtl } => Some(rtl),
            Verdict::Invalid => None,
        },
        None => Some(false),
    }
}

/// RFC 1123 §2.1 label: 1–63 letters, digits and hyphens, not starting or ending
/// with a hyphen.
fn is_ldh_label(label: &[u8]) -> bool {
    (1..=MAX_LABEL).contains(&label.len())
        && label.first() != Some(&b'-')
        && label.last() != Some(&b'-')
        && label
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'-')
}

/// The Punycode after an `xn--` prefix (ACE prefix, RFC 5890 §2.3.2.5, any case).
fn a_label_payload(label: &[u8]) -> Option<&[u8]> {
    match label.get(..4) {
        Some(prefix) if prefix.eq_ignore_ascii_case(b"xn--") => Some(&label[4..]),
        _ => None,
    }
}

/// RFC 5893 §2 for one label of a Bidi domain name (an already validated LDH label).
pub(super) fn label_satisfies_bidi_rule(label: &[u8]) -> bool {
    match a_label_payload(label) {
        Some(punycode) => ULabel::from_punycode(punycode).is_some_and(|u| u.satisfies_bidi_rule()),
        None => idna::bidi_rule(label.iter().map(|&c| idna::Bidi::of_ascii_ldh(c))),
    }
}
