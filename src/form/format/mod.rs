//! The `format` keyword as an assertion, for exactly nine formats.
//!
//! A form that names any other format never compiles (the compiler asks
//! [`Format::from_name`] and turns `None` into an error), so every verdict here is
//! one of these nine checks, applied to the *decoded* string value:
//!
//! | name        | grammar                                                              |
//! |-------------|----------------------------------------------------------------------|
//! | `date-time` | RFC 3339 §5.6 `date-time`; offset required; `T`/`t`, `Z`/`z`         |
//! | `date`      | RFC 3339 §5.6 `full-date`, checked against the Gregorian calendar     |
//! | `time`      | RFC 3339 §5.6 `full-time` (offset required)                          |
//! | `duration`  | RFC 3339 Appendix A `duration` (ISO 8601 subset, integers only)       |
//! | `email`     | RFC 5321 §4.1.2 `Mailbox`, with the §4.5.3.1 size limits              |
//! | `hostname`  | RFC 1123 §2.1 host name; `xn--` labels must be IDNA2008 A-labels      |
//! | `ipv4`      | RFC 2673 §3.2 dotted-quad: four decimal octets, no leading zeros      |
//! | `ipv6`      | RFC 4291 §2.2 text forms, incl. a trailing dotted quad; no zone id    |
//! | `uuid`      | RFC 4122 §3 string form: 8-4-4-4-12 hex digits, either case           |
//!
//! # Invariants
//! 1. **Total and panic-free.** [`Format::is_valid`] answers `true` or `false` for
//!    every `&str`: every slice and index is preceded by the length check that keeps
//!    it in bounds, and arithmetic that could overflow is checked.
//! 2. **ASCII only on the wire.** Every accepted string is ASCII: these grammars have
//!    no place for other characters (`idn-email` and `idn-hostname` are not in the
//!    vocabulary). Non-ASCII look-alike digits and dots are therefore rejected.
//! 3. **Leap seconds** (`time`, `date-time`): second `60` is accepted only when the
//!    time normalised to UTC is `23:59`, the minute in which leap seconds are
//!    inserted; the date of the leap second is not checked (RFC 3339 §5.7 leaves the
//!    table of leap seconds to the application).
//! 4. **A-labels are checked, not trusted.** A hostname label starting `xn--` (any
//!    case) is accepted only if it is a valid IDNA2008 A-label: it Punycode-decodes
//!    (RFC 3492 §6.2, with its overflow and basic-code-point checks) to a U-label
//!    that is NFC, obeys the hyphen and combining-mark restrictions (RFC 5891
//!    §4.2.3.1–2), contains only PVALID code points or CONTEXTJ/CONTEXTO code points
//!    whose RFC 5892 Appendix A rule holds, and, if the host name is a Bidi domain
//!    name, every label satisfies the Bidi rule (RFC 5893 §2). The code point data are
//!    Unicode 16.0, the version of the `regex` crate's tables (see the `idna` module
//!    and its `unicode_tables`); code points unassigned in 16.0 are UNASSIGNED and
//!    rejected.
//! 5. **No allocation, no floats.** All working storage is fixed-size arrays bounded
//!    by the 63-octet DNS label limit (under 2.5 KiB of stack).
//!
//! # Layout
//! One file per family: `datetime` (RFC 3339), `ip` (IPv4, IPv6, UUID), `email`,
//! `hostname` (RFC 1123 labels), and `idna` (Punycode, A-label and U-label validation,
//! the contextual rules, the Bidi rule, the NFC check) with its code point data in
//! `unicode_tables`. The tests of every format are in `tests`.
//!
//! # Cost
//! O(n) time in the length of the string and O(1) memory for every format. A host
//! name label is at most 63 octets, so the per-label work of Punycode decoding,
//! normalisation checking and the contextual rules is bounded by a constant; a host
//! name is at most 253 octets and an e-mail address at most 254. Measured on a
//! release build: `www.example.com` takes about 60 ns; the slowest host names found
//! (four maximal A-labels full of combining marks, kana or Arabic-Indic digits) take
//! 3–16 µs for 253 octets, about half of it in the code point table lookups.
//!
//! # Implementation-defined choices
//! - `duration` designators are case-insensitive, because RFC 3339 Appendix A is ABNF
//!   and ABNF literals are case-insensitive (RFC 5234 §2.3); the same rule is why
//!   RFC 3339 §5.6 allows `t` and `z`.
//! - `hostname` accepts ASCII labels with `--` in the third and fourth positions
//!   unless they start `xn--` (RFC 1123 allows them and names such as
//!   `r3---sn-abc.example` exist); `xn--` labels are held to invariant 4.
//! - `email`: the domain is a `hostname` (so `xn--` labels are checked too). An
//!   address literal is an RFC 5321 `IPv4-address-literal` (each `Snum` is one to
//!   three digits, so leading zeros are allowed) or `IPv6:` followed by an RFC 5321
//!   `IPv6-addr` (where `::` stands for at least two groups). A
//!   `General-address-literal` is rejected: no tag other than `IPv6` is registered.
//!   The local part is at most 64 octets and the whole address at most 254 (the
//!   256-octet path limit less the angle brackets).
//! - `hostname` accepts all-numeric labels, top-level included (`1.2.3.4` is a
//!   syntactically valid host name; RFC 1123 §2.1 only asks applications that also
//!   take addresses to try the address form first).
//! - A-labels are compared case-insensitively (`XN--9N2BP8Q` is accepted), and a
//!   payload that begins with its only hyphen (`xn---abc`) is rejected, as RFC 3492
//!   §6.2 decodes it, since no encoder produces it.

mod datetime;
mod email;
mod hostname;
mod idna;
mod ip;
#[cfg(test)]
mod tests;
mod unicode_tables;

use self::datetime::{is_date_time, is_duration, is_full_date, is_full_time};
use self::email::is_email;
use self::hostname::is_hostname;
use self::ip::{is_ipv4, is_ipv6, is_uuid, Ipv6Dialect, Octets};

/// A `format` value the vocabulary implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// `date-time`: RFC 3339 `date-time`.
    DateTime,
    /// `date`: RFC 3339 `full-date`.
    Date,
    /// `time`: RFC 3339 `full-time`.
    Time,
    /// `duration`: RFC 3339 Appendix A `duration`.
    Duration,
    /// `email`: RFC 5321 `Mailbox`.
    Email,
    /// `hostname`: RFC 1123 host name with IDNA2008 A-labels.
    Hostname,
    /// `ipv4`: RFC 2673 dotted-quad.
    Ipv4,
    /// `ipv6`: RFC 4291 text representation.
    Ipv6,
    /// `uuid`: RFC 4122 string representation.
    Uuid,
}

impl Format {
    /// Every implemented format, in the order of the vocabulary table.
    pub(crate) const ALL: [Format; 9] = [
        Format::DateTime,
        Format::Date,
        Format::Time,
        Format::Duration,
        Format::Email,
        Format::Hostname,
        Format::Ipv4,
        Format::Ipv6,
        Format::Uuid,
    ];

    /// The format called `name` in a schema (exact, case-sensitive), or `None` if the
    /// vocabulary does not implement it.
    pub(crate) fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The keyword value that names this format in a schema.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Format::DateTime => "date-time",
            Format::Date => "date",
            Format::Time => "time",
            Format::Duration => "duration",
            Format::Email => "email",
            Format::Hostname => "hostname",
            Format::Ipv4 => "ipv4",
            Format::Ipv6 => "ipv6",
            Format::Uuid => "uuid",
        }
    }

    /// Whether the decoded string `s` conforms to this format. O(n) time, O(1) memory.
    pub(crate) fn is_valid(self, s: &str) -> bool {
        let b = s.as_bytes();
        match self {
            Format::DateTime => is_date_time(b),
            Format::Date => is_full_date(b),
            Format::Time => is_full_time(b),
            Format::Duration => is_duration(b),
            Format::Email => is_email(b),
            Format::Hostname => is_hostname(b),
            Format::Ipv4 => is_ipv4(b, Octets::NoLeadingZeros),
            Format::Ipv6 => is_ipv6(b, Ipv6Dialect::Rfc4291),
            Format::Uuid => is_uuid(b),
        }
    }
}
