//! Internationalized host names (RFC 5890–5893, IDNA2008) and e-mail addresses
//! (RFC 6531).

use super::email::{is_mailbox, Mailbox};
use super::hostname::{ascii_label, label_satisfies_bidi_rule, MAX_HOSTNAME, MAX_LABEL};
use super::idna::{ULabel, Verdict};

/// Which characters separate the labels of an internationalized domain name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Separators {
    /// RFC 3490 §3.1: FULL STOP and its ideographic, fullwidth and halfwidth forms
    /// (U+002E, U+3002, U+FF0E, U+FF61), as the `idn-hostname` format takes them.
    Idna,
    /// U+002E only: RFC 5321's `Domain`, which RFC 6531 extends with U-labels.
    Dot,
}

/// An `idn-hostname`: labels separated by [`Separators::Idna`].
pub(super) fn is_idn_hostname(s: &str) -> bool {
    is_idn_domain(s, Separators::Idna)
}

/// An internationalized domain name: every label an RFC 1123 label (an `xn--` label an
/// A-label, as in `hostname`) or a U-label (RFC 5890 §2.3.2.1: NFC, only PVALID code
/// points and CONTEXTJ/CONTEXTO ones whose rule holds, the hyphen and leading-mark
/// restrictions of RFC 5891 §4.2.3) whose A-label has at most 63 octets; at most 253
/// octets with every U-label written as its A-label; and, in a Bidi domain name, the
/// Bidi rule (RFC 5893 §2) on every label. O(n) time, O(1) memory: a label is read up
/// to its 64th code point at most.
pub(super) fn is_idn_domain(s: &str, separators: Separators) -> bool {
    let is_separator = |c: char| match separators {
        Separators::Idna => matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}'),
        Separators::Dot => c == '.',
    };
    if s.is_empty() {
        return false;
    }
    // The length of the name written with A-labels and `.`, plus one.
    let mut octets = 0;
    let mut bidi_domain = false;
    for label in s.split(is_separator) {
        let (len, rtl) = if label.is_ascii() {
            match ascii_label(label.as_bytes()) {
                Some(rtl) => (label.len(), rtl),
                None => return false,
            }
        } else {
            let Some(u) = ULabel::from_chars(label) else {
                return false;
            };
            let Verdict::Valid { rtl } = u.validate() else {
                return false;
            };
            match u.punycode_len() {
                Some(len) if len + 4 <= MAX_LABEL => (len + 4, rtl),
                _ => return false,
            }
        };
        bidi_domain |= rtl;
        octets += len + 1;
        if octets > MAX_HOSTNAME + 1 {
            return false;
        }
    }
    // RFC 5893 §1.4 and §2: in a Bidi domain name every label obeys the Bidi rule.
    !bidi_domain
        || s.split(is_separator).all(|label| {
            if label.is_ascii() {
                label_satisfies_bidi_rule(label.as_bytes())
            } else {
                ULabel::from_chars(label).is_some_and(|u| u.satisfies_bidi_rule())
            }
        })
}

/// An `idn-email`: RFC 6531 §3.3 `Mailbox`.
pub(super) fn is_idn_email(s: &str) -> bool {
    is_mailbox(s.as_bytes(), Mailbox::Utf8)
}
