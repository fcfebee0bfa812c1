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
//!    Unicode 14.0 (see the `idna` module below); code points unassigned in 14.0 are
//!    UNASSIGNED and rejected.
//! 5. **No allocation, no floats.** All working storage is fixed-size arrays bounded
//!    by the 63-octet DNS label limit (under 2.5 KiB of stack).
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

use self::idna::{ULabel, Verdict};

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

// ---------------------------------------------------------------------------------
// RFC 3339 dates and times

/// The value of a run of ASCII digits, or `None` if `b` is empty, holds anything
/// else, or is too long to matter (callers pass at most four digits).
fn decimal(b: &[u8]) -> Option<u32> {
    if b.is_empty() || b.len() > 9 {
        return None;
    }
    b.iter().try_fold(0u32, |acc, &c| {
        c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0'))
    })
}

/// Two ASCII digits at `b[at..at + 2]`.
fn two_digits(b: &[u8], at: usize) -> Option<u32> {
    b.get(at..at + 2).filter(|d| d.len() == 2).and_then(decimal)
}

/// Days in `month` (1–12) of `year` in the proleptic Gregorian calendar.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// RFC 3339 `full-date = date-fullyear "-" date-month "-" date-mday`, with the
/// day checked against the month and year (§5.7).
fn is_full_date(b: &[u8]) -> bool {
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) =
        (decimal(&b[..4]), two_digits(b, 5), two_digits(b, 8))
    else {
        return false;
    };
    (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month)
}

/// RFC 3339 `full-time = partial-time time-offset`, with the leap-second rule of
/// invariant 3.
fn is_full_time(b: &[u8]) -> bool {
    // partial-time = time-hour ":" time-minute ":" time-second [time-secfrac]
    if b.get(2) != Some(&b':') || b.get(5) != Some(&b':') {
        return false;
    }
    let (Some(hour), Some(minute), Some(second)) =
        (two_digits(b, 0), two_digits(b, 3), two_digits(b, 6))
    else {
        return false;
    };
    let mut rest = &b[8..];
    if let Some((b'.', frac)) = rest.split_first() {
        let digits = frac.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return false;
        }
        rest = &frac[digits..];
    }
    // time-offset = "Z" / time-numoffset; time-numoffset = ("+" / "-") hour ":" minute
    let offset_minutes: i32 = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let (Some(oh), Some(om)) = (two_digits(rest, 1), two_digits(rest, 4)) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let magnitude = (oh * 60 + om) as i32;
            if *sign == b'-' {
                -magnitude
            } else {
                magnitude
            }
        }
        _ => return false,
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    // Invariant 3: a leap second is the 61st second of 23:59 UTC.
    second < 60
        || ((hour * 60 + minute) as i32 - offset_minutes).rem_euclid(24 * 60) == 23 * 60 + 59
}

/// RFC 3339 `date-time = full-date "T" full-time`, `T` in either case (§5.6 note).
fn is_date_time(b: &[u8]) -> bool {
    b.len() > 11 && matches!(b[10], b'T' | b't') && is_full_date(&b[..10]) && is_full_time(&b[11..])
}

/// RFC 3339 Appendix A:
///
/// ```text
/// duration = "P" (dur-date / dur-time / dur-week)
/// dur-date = (dur-day / dur-month / dur-year) [dur-time]
/// dur-time = "T" (dur-hour / dur-minute / dur-second)
/// dur-year = 1*DIGIT "Y" [dur-month]    dur-hour   = 1*DIGIT "H" [dur-minute]
/// dur-month = 1*DIGIT "M" [dur-day]     dur-minute = 1*DIGIT "M" [dur-second]
/// dur-day = 1*DIGIT "D"                 dur-second = 1*DIGIT "S"
/// dur-week = 1*DIGIT "W"
/// ```
///
/// So the date designators are a non-empty contiguous run of `Y M D`, the time
/// designators a non-empty contiguous run of `H M S`, and a week stands alone.
fn is_duration(b: &[u8]) -> bool {
    let Some((b'P' | b'p', rest)) = b.split_first() else {
        return false;
    };
    if let Some((w, digits)) = rest.split_last() {
        if w.eq_ignore_ascii_case(&b'W') {
            return decimal_run(digits) == digits.len() && !digits.is_empty();
        }
    }
    let Some((date_count, rest)) = designated_run(rest, b"YMD") else {
        return false;
    };
    match rest.split_first() {
        None => date_count > 0,
        Some((b'T' | b't', time)) => {
            matches!(designated_run(time, b"HMS"), Some((count, [])) if count > 0)
        }
        Some(_) => false,
    }
}

/// Length of the leading run of ASCII digits in `b`.
fn decimal_run(b: &[u8]) -> usize {
    b.iter().take_while(|c| c.is_ascii_digit()).count()
}

/// Consumes `1*DIGIT designator` elements whose designators form a contiguous run of
/// `order` (case-insensitive), stopping at the first byte that does not start an
/// element. Returns the number of elements and the rest, or `None` if digits are not
/// followed by the next designator in order.
fn designated_run<'a>(mut b: &'a [u8], order: &[u8]) -> Option<(usize, &'a [u8])> {
    let mut count = 0;
    let mut next = 0;
    loop {
        let digits = decimal_run(b);
        if digits == 0 {
            return Some((count, b));
        }
        let designator = b.get(digits)?.to_ascii_uppercase();
        let at = order.iter().position(|&d| d == designator)?;
        if count > 0 && at != next {
            return None;
        }
        count += 1;
        next = at + 1;
        b = &b[digits + 1..];
    }
}

// ---------------------------------------------------------------------------------
// IP addresses and UUIDs

/// Whether a dotted-decimal octet may carry leading zeros.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Octets {
    /// RFC 2673 `decbyte` (and RFC 3986 `dec-octet`): `0` or a number without
    /// leading zeros.
    NoLeadingZeros,
    /// RFC 5321 `Snum = 1*3DIGIT`: leading zeros allowed.
    Snum,
}

/// Four decimal octets 0–255 separated by dots.
fn is_ipv4(b: &[u8], octets: Octets) -> bool {
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
enum Ipv6Dialect {
    /// RFC 4291 §2.2: `::` stands for one or more groups, the dotted quad is RFC 2673.
    Rfc4291,
    /// RFC 5321 §4.1.3 `IPv6-addr`: `::` stands for at least two groups (so at most
    /// six others), the dotted quad is `IPv4-address-literal`.
    Rfc5321,
}

/// An IPv6 address in text form: eight groups of one to four hex digits, the last two
/// optionally written as a dotted quad, with at most one `::` for zero groups.
fn is_ipv6(b: &[u8], dialect: Ipv6Dialect) -> bool {
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
fn is_uuid(b: &[u8]) -> bool {
    b.len() == 36
        && b.iter().enumerate().all(|(i, &c)| {
            if matches!(i, 8 | 13 | 18 | 23) {
                c == b'-'
            } else {
                c.is_ascii_hexdigit()
            }
        })
}

// ---------------------------------------------------------------------------------
// RFC 5321 mailboxes

/// RFC 5321 §4.5.3.1.1: the longest local part, in octets.
const MAX_LOCAL_PART: usize = 64;
/// RFC 5321 §4.5.3.1.3: the longest path is 256 octets including `<` and `>`.
const MAX_MAILBOX: usize = 254;

/// RFC 5321 §4.1.2 `Mailbox = Local-part "@" ( Domain / address-literal )`.
fn is_email(b: &[u8]) -> bool {
    if b.len() > MAX_MAILBOX {
        return false;
    }
    let Some(local_len) = local_part_len(b) else {
        return false;
    };
    if local_len > MAX_LOCAL_PART {
        return false;
    }
    match &b[local_len..] {
        [b'@', b'[', literal @ .., b']'] => is_address_literal(literal),
        [b'@', domain @ ..] => is_hostname(domain),
        _ => false,
    }
}

/// Length of the `Local-part = Dot-string / Quoted-string` that starts `b`.
fn local_part_len(b: &[u8]) -> Option<usize> {
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
                _ => return None,
            }
        }
    }
    // Dot-string = Atom *("." Atom); Atom = 1*atext
    let mut i = 0;
    let mut atom_len = 0;
    loop {
        match b.get(i) {
            Some(&c) if is_atext(c) => atom_len += 1,
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

// ---------------------------------------------------------------------------------
// RFC 1123 host names

/// RFC 1035 §2.3.4: the longest label, in octets.
const MAX_LABEL: usize = 63;
/// RFC 1035 §2.3.4: 255 octets on the wire are 253 characters of text without a
/// trailing dot.
const MAX_HOSTNAME: usize = 253;

/// An RFC 1123 §2.1 host name: dot-separated labels of letters, digits and inner
/// hyphens, 1–63 octets each, 253 in all, no trailing dot; `xn--` labels are held to
/// invariant 4.
fn is_hostname(b: &[u8]) -> bool {
    if b.is_empty() || b.len() > MAX_HOSTNAME {
        return false;
    }
    let mut bidi_domain = false;
    for label in b.split(|&c| c == b'.') {
        if !is_ldh_label(label) {
            return false;
        }
        // Invariant 4: an `xn--` label must be an A-label.
        if let Some(punycode) = a_label_payload(label) {
            match ULabel::from_punycode(punycode).map(|u_label| u_label.validate()) {
                Some(Verdict::Valid { rtl }) => bidi_domain |= rtl,
                Some(Verdict::Invalid) | None => return false,
            }
        }
    }
    // RFC 5893 §1.4 and §2: in a Bidi domain name every label obeys the Bidi rule.
    !bidi_domain || b.split(|&c| c == b'.').all(label_satisfies_bidi_rule)
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
fn label_satisfies_bidi_rule(label: &[u8]) -> bool {
    match a_label_payload(label) {
        Some(punycode) => ULabel::from_punycode(punycode).is_some_and(|u| u.satisfies_bidi_rule()),
        None => idna::bidi_rule(label.iter().map(|&c| idna::Bidi::of_ascii_ldh(c))),
    }
}

// ---------------------------------------------------------------------------------
// IDNA2008 A-labels

/// IDNA2008 A-label validation for `hostname` (invariant 4).
///
/// The code point data are derived from Unicode 14.0, the version of the Unicode
/// Character Database this module was generated from:
///
/// - `Class` is the IDNA2008 derived property, computed with the algorithm of
///   RFC 5892 §3 from the categories of RFC 5892 §2 (exceptions, unassigned, LDH,
///   join controls, unstable under NFKC_Casefold, default-ignorable/white
///   space/noncharacters, the three ignorable blocks, old Hangul jamo, letters and
///   digits). When generated it was cross-checked against an independent
///   implementation's Unicode 17.0 tables: no difference on any code point assigned
///   in Unicode 14.0.
/// - For valid (PVALID, CONTEXTJ, CONTEXTO) code points only, the table also keeps
///   `Bidi_Class`, `Joining_Type` (`L`, `D`, `R`, `T`, other), `Script` (the five the
///   contextual rules name), whether `General_Category` is a mark, and
///   `NFC_Quick_Check=Maybe` and `Canonical_Combining_Class`; for other code points
///   these fields are placeholders that cannot change a verdict, because a label
///   holding such a code point is rejected on its class.
/// - The composition tables hold every primary composite (canonical pair not
///   excluded from composition) whose parts can occur in the canonical decomposition
///   of a valid code point, which is all that NFC needs on labels made of valid code
///   points. Every valid code point is NFC-stable and decomposes, if at all, into a
///   chain of such pairs at most three code points long. Hangul syllables are left
///   whole: conjoining jamo are DISALLOWED, so no valid label composes with them.
mod idna {
    use super::MAX_LABEL;

    /// IDNA2008 derived property value (RFC 5892 §2); UNASSIGNED is `Disallowed`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(super) enum Class {
        /// DISALLOWED or UNASSIGNED: never in a U-label.
        Disallowed,
        /// PVALID: allowed anywhere (subject to the label-level rules).
        Pvalid,
        /// CONTEXTJ: a join control, allowed where its RFC 5892 Appendix A rule holds.
        ContextJ,
        /// CONTEXTO: allowed where its RFC 5892 Appendix A rule holds.
        ContextO,
    }

    /// `Bidi_Class` values of valid code points. In Unicode 14.0 no valid code point
    /// is CS, ET or any class the Bidi rule rejects outright, so those are absent.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(super) enum Bidi {
        /// Left-to-right.
        L,
        /// Right-to-left.
        R,
        /// Arabic letter.
        Al,
        /// Arabic number.
        An,
        /// European number.
        En,
        /// European separator (the hyphen).
        Es,
        /// Other neutral.
        On,
        /// Boundary neutral (the join controls).
        Bn,
        /// Non-spacing mark.
        Nsm,
    }

    impl Bidi {
        /// The class of a byte of an LDH label: letters L, digits EN, hyphen ES.
        pub(super) fn of_ascii_ldh(c: u8) -> Bidi {
            match c {
                b'0'..=b'9' => Bidi::En,
                b'-' => Bidi::Es,
                _ => Bidi::L,
            }
        }
    }

    /// `Joining_Type`, as far as the CONTEXTJ rule for ZERO WIDTH NON-JOINER needs it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Joining {
        /// Left_Joining (`L`).
        Left,
        /// Dual_Joining (`D`).
        Dual,
        /// Right_Joining (`R`).
        Right,
        /// Transparent (`T`).
        Transparent,
        /// Non_Joining or Join_Causing.
        Other,
    }

    /// `Script`, as far as the CONTEXTO rules need it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Script {
        /// `Greek` (GREEK LOWER NUMERAL SIGN).
        Greek,
        /// `Hebrew` (GERESH, GERSHAYIM).
        Hebrew,
        /// `Hiragana` (KATAKANA MIDDLE DOT).
        Hiragana,
        /// `Katakana` (KATAKANA MIDDLE DOT).
        Katakana,
        /// `Han` (KATAKANA MIDDLE DOT).
        Han,
        /// Any other script.
        Other,
    }

    /// What the validity checks need to know about one code point.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Props {
        /// IDNA2008 derived property.
        class: Class,
        /// `Bidi_Class`, for the Bidi rule.
        bidi: Bidi,
        /// `Joining_Type`, for ZERO WIDTH NON-JOINER.
        joining: Joining,
        /// `Script`, for the CONTEXTO rules.
        script: Script,
        /// `General_Category` is `Mn`, `Mc` or `Me`.
        mark: bool,
        /// `NFC_Quick_Check` is Maybe: the second code point of a primary composite.
        nfc_maybe: bool,
        /// `Canonical_Combining_Class`.
        ccc: u8,
    }

    impl Props {
        /// The properties of every code point outside the valid set: only `class` is
        /// meaningful, and it alone decides the verdict for such a code point.
        const DISALLOWED: Props = p(
            Class::Disallowed,
            Bidi::L,
            Joining::Other,
            Script::Other,
            false,
            false,
            0,
        );
    }

    /// Short constructor for the generated table.
    const fn p(
        class: Class,
        bidi: Bidi,
        joining: Joining,
        script: Script,
        mark: bool,
        nfc_maybe: bool,
        ccc: u8,
    ) -> Props {
        Props {
            class,
            bidi,
            joining,
            script,
            mark,
            nfc_maybe,
            ccc,
        }
    }

    /// `Canonical_Combining_Class` of a virama (RFC 5892 Appendix A.1, A.2).
    const VIRAMA: u8 = 9;
    /// Longest canonical decomposition of a valid code point (see the module docs).
    const MAX_DECOMPOSITION: usize = 3;

    /// Looks up a code point. O(log ranges).
    fn lookup(cp: u32) -> Props {
        let after = tables::RANGES.partition_point(|&r| r >> 8 <= cp);
        after
            .checked_sub(1)
            .and_then(|i| tables::RANGES.get(i))
            .and_then(|&r| tables::PROPS.get((r & 0xFF) as usize))
            .copied()
            .unwrap_or(Props::DISALLOWED)
    }

    /// The outcome of [`ULabel::validate`].
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(super) enum Verdict {
        /// Not a U-label.
        Invalid,
        /// A U-label; `rtl` if it is an RTL label, making the name a Bidi domain name.
        Valid { rtl: bool },
    }

    /// A U-label being decoded: at most 63 code points, since every code point of an
    /// A-label's payload takes at least one octet of a 63-octet label.
    pub(super) struct ULabel {
        /// Storage; `cps[..len]` are the code points, all Unicode scalar values.
        cps: [u32; MAX_LABEL],
        /// How many code points have been decoded.
        len: usize,
    }

    /// Punycode `base` (RFC 3492 §5).
    const BASE: u32 = 36;
    /// Punycode `tmin`.
    const T_MIN: u32 = 1;
    /// Punycode `tmax`.
    const T_MAX: u32 = 26;
    /// Punycode `skew`.
    const SKEW: u32 = 38;
    /// Punycode `damp`.
    const DAMP: u32 = 700;
    /// Punycode `initial_bias`.
    const INITIAL_BIAS: u32 = 72;
    /// Punycode `initial_n`: the first non-basic code point.
    const INITIAL_N: u32 = 0x80;

    /// RFC 3492 §6.1 bias adaptation. No overflow: `delta` is at most `u32::MAX`
    /// and is halved (or divided by `DAMP`) before `delta / num_points` is added.
    fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
        let mut delta = if first_time { delta / DAMP } else { delta / 2 };
        delta += delta / num_points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
    }

    /// RFC 3492 §5 digit values: `a`–`z` (either case) are 0–25, `0`–`9` are 26–35.
    fn punycode_digit(c: u8) -> Option<u32> {
        match c {
            b'a'..=b'z' => Some(u32::from(c - b'a')),
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 26),
            _ => None,
        }
    }

    impl ULabel {
        /// A label with no code points.
        const EMPTY: ULabel = ULabel {
            cps: [0; MAX_LABEL],
            len: 0,
        };

        /// The decoded code points.
        fn cps(&self) -> &[u32] {
            &self.cps[..self.len]
        }

        /// Inserts `cp` at `at`; false if the label is full.
        fn insert(&mut self, at: usize, cp: u32) -> bool {
            if self.len == MAX_LABEL || at > self.len {
                return false;
            }
            self.cps.copy_within(at..self.len, at + 1);
            self.cps[at] = cp;
            self.len += 1;
            true
        }

        /// Decodes the Punycode payload of an A-label (RFC 3492 §6.2). Basic code
        /// points are lower-cased, since host names compare case-insensitively and a
        /// U-label holds no upper-case letters. `None` if the payload is not the
        /// Punycode of a label with at least one non-ASCII code point (overflow, a bad
        /// digit, a truncated integer, a decoded basic or non-scalar code point, or
        /// nothing to decode). O(1): at most 59 octets in, 63 code points out.
        pub(super) fn from_punycode(input: &[u8]) -> Option<ULabel> {
            let mut label = ULabel::EMPTY;
            label.decode_punycode(input).then_some(label)
        }

        /// [`ULabel::from_punycode`] into an empty `self`.
        fn decode_punycode(&mut self, input: &[u8]) -> bool {
            // "Let b be the number of input code points before the last delimiter, or 0
            // if there is none"; with b = 0 decoding starts at the first byte, so a
            // payload that starts with its only delimiter fails on that byte below.
            let (basic, extended) = match input.iter().rposition(|&c| c == b'-') {
                Some(at) if at > 0 => (&input[..at], &input[at + 1..]),
                _ => (&input[..0], input),
            };
            if extended.is_empty() {
                return false;
            }
            for &c in basic {
                if !self.insert(self.len, u32::from(c.to_ascii_lowercase())) {
                    return false;
                }
            }
            let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
            let mut digits = extended.iter();
            while digits.len() > 0 {
                let old_i = i;
                let mut w = 1u32;
                let mut k = BASE;
                loop {
                    let Some(digit) = digits.next().and_then(|&c| punycode_digit(c)) else {
                        return false;
                    };
                    let Some(next_i) = digit.checked_mul(w).and_then(|dw| i.checked_add(dw)) else {
                        return false;
                    };
                    i = next_i;
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if digit < t {
                        break;
                    }
                    let Some(next_w) = w.checked_mul(BASE - t) else {
                        return false;
                    };
                    w = next_w;
                    k += BASE;
                }
                let points = self.len as u32 + 1;
                bias = adapt(i - old_i, points, old_i == 0);
                let Some(next_n) = n.checked_add(i / points) else {
                    return false;
                };
                n = next_n;
                i %= points;
                // A decoded basic code point means the encoder would not have produced
                // this payload; a surrogate or out-of-range value is no code point.
                if n < INITIAL_N || char::from_u32(n).is_none() || !self.insert(i as usize, n) {
                    return false;
                }
                i += 1;
            }
            true
        }

        /// RFC 5891 §4.2.3.1–3 and §5.4 for a decoded label. The Bidi rule is not
        /// applied here because whether it applies depends on the whole domain name.
        pub(super) fn validate(&self) -> Verdict {
            let cps = self.cps();
            let hyphen = u32::from(b'-');
            if cps.first() == Some(&hyphen)
                || cps.last() == Some(&hyphen)
                || (cps.get(2) == Some(&hyphen) && cps.get(3) == Some(&hyphen))
            {
                return Verdict::Invalid;
            }
            // One lookup per code point: every rule below reads this copy, which keeps
            // the label-wide rules linear.
            let mut buf = [Props::DISALLOWED; MAX_LABEL];
            let props = &mut buf[..cps.len()];
            for (props, &cp) in props.iter_mut().zip(cps) {
                *props = lookup(cp);
            }
            let props = &*props;
            match props.first() {
                Some(first) if !first.mark => {}
                _ => return Verdict::Invalid,
            }
            let context = Context::new(cps, props);
            let classes_ok = props.iter().enumerate().all(|(i, p)| match p.class {
                Class::Pvalid => true,
                Class::ContextJ => context.contextj_holds(i),
                Class::ContextO => context.contexto_holds(i),
                Class::Disallowed => false,
            });
            // Only now is every code point valid, which the normalisation tables need.
            if !classes_ok || !is_nfc(cps, props) {
                return Verdict::Invalid;
            }
            // RFC 5893 §1.4: an RTL label holds a code point of class R, AL or AN.
            let rtl = props
                .iter()
                .any(|p| matches!(p.bidi, Bidi::R | Bidi::Al | Bidi::An));
            Verdict::Valid { rtl }
        }

        /// RFC 5893 §2 for this label.
        pub(super) fn satisfies_bidi_rule(&self) -> bool {
            bidi_rule(self.cps().iter().map(|&cp| lookup(cp).bidi))
        }
    }

    /// A decoded label with its properties and the label-wide facts the contextual
    /// rules of RFC 5892 Appendix A ask about, gathered in one pass.
    struct Context<'a> {
        /// The code points.
        cps: &'a [u32],
        /// Their properties, index for index.
        props: &'a [Props],
        /// Some code point is Hiragana, Katakana or Han.
        has_kana_or_han: bool,
        /// Some code point is an ARABIC-INDIC DIGIT.
        has_arabic_indic: bool,
        /// Some code point is an EXTENDED ARABIC-INDIC DIGIT.
        has_extended_arabic_indic: bool,
    }

    /// ARABIC-INDIC DIGIT ZERO to NINE.
    const ARABIC_INDIC: std::ops::RangeInclusive<u32> = 0x0660..=0x0669;
    /// EXTENDED ARABIC-INDIC DIGIT ZERO to NINE.
    const EXTENDED_ARABIC_INDIC: std::ops::RangeInclusive<u32> = 0x06F0..=0x06F9;

    impl<'a> Context<'a> {
        /// Gathers the label-wide facts. O(n).
        fn new(cps: &'a [u32], props: &'a [Props]) -> Context<'a> {
            Context {
                cps,
                props,
                has_kana_or_han: props
                    .iter()
                    .any(|p| matches!(p.script, Script::Hiragana | Script::Katakana | Script::Han)),
                has_arabic_indic: cps.iter().any(|cp| ARABIC_INDIC.contains(cp)),
                has_extended_arabic_indic: cps.iter().any(|cp| EXTENDED_ARABIC_INDIC.contains(cp)),
            }
        }

        /// RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER)
        /// for the code point at `i`. The scans for the ZWNJ pattern stop at the first
        /// non-transparent code point, and a ZWNJ is one, so over a whole label they
        /// visit each code point at most twice.
        fn contextj_holds(&self, i: usize) -> bool {
            let before = i.checked_sub(1).and_then(|j| self.props.get(j));
            if before.is_some_and(|b| b.ccc == VIRAMA) {
                return true;
            }
            if self.cps[i] != 0x200C {
                return false;
            }
            // (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
            let not_transparent =
                |p: &Props| (p.joining != Joining::Transparent).then_some(p.joining);
            let left = self.props[..i].iter().rev().find_map(not_transparent);
            let right = self.props[i + 1..].iter().find_map(not_transparent);
            matches!(left, Some(Joining::Left | Joining::Dual))
                && matches!(right, Some(Joining::Right | Joining::Dual))
        }

        /// RFC 5892 Appendix A.3–A.9 for the code point at `i`. A CONTEXTO code point
        /// without a rule would be rejected (RFC 5891 §4.2.3.3); Unicode 14.0 has none.
        fn contexto_holds(&self, i: usize) -> bool {
            let before = i.checked_sub(1).and_then(|j| self.cps.get(j)).copied();
            let after = self.cps.get(i + 1).copied();
            let script_before = i
                .checked_sub(1)
                .and_then(|j| self.props.get(j))
                .map(|p| p.script);
            let script_after = self.props.get(i + 1).map(|p| p.script);
            let l = u32::from(b'l');
            match self.cps[i] {
                // MIDDLE DOT: between two `l`s (Catalan).
                0x00B7 => before == Some(l) && after == Some(l),
                // GREEK LOWER NUMERAL SIGN (KERAIA): followed by Greek.
                0x0375 => script_after == Some(Script::Greek),
                // HEBREW PUNCTUATION GERESH and GERSHAYIM: preceded by Hebrew.
                0x05F3 | 0x05F4 => script_before == Some(Script::Hebrew),
                // KATAKANA MIDDLE DOT: some Hiragana, Katakana or Han in the label.
                0x30FB => self.has_kana_or_han,
                // ARABIC-INDIC DIGITS and EXTENDED ARABIC-INDIC DIGITS do not mix.
                cp if ARABIC_INDIC.contains(&cp) => !self.has_extended_arabic_indic,
                cp if EXTENDED_ARABIC_INDIC.contains(&cp) => !self.has_arabic_indic,
                _ => false,
            }
        }
    }

    /// RFC 5893 §2, the Bidi rule, over the classes of one label's code points.
    pub(super) fn bidi_rule(mut classes: impl Iterator<Item = Bidi>) -> bool {
        // 1. The first character must be L, R or AL; R or AL make an RTL label.
        let rtl = match classes.next() {
            Some(Bidi::R | Bidi::Al) => true,
            Some(Bidi::L) => false,
            _ => return false,
        };
        let (mut last_non_nsm_ok, mut has_en, mut has_an) = (true, false, false);
        for class in classes {
            // 2. (RTL) and 5. (LTR): the classes allowed at all.
            let allowed = if rtl {
                !matches!(class, Bidi::L)
            } else {
                !matches!(class, Bidi::R | Bidi::Al | Bidi::An)
            };
            if !allowed {
                return false;
            }
            has_en |= class == Bidi::En;
            has_an |= class == Bidi::An;
            // 3. (RTL) and 6. (LTR): how the label ends, before trailing NSMs.
            if class != Bidi::Nsm {
                last_non_nsm_ok = if rtl {
                    matches!(class, Bidi::R | Bidi::Al | Bidi::En | Bidi::An)
                } else {
                    matches!(class, Bidi::L | Bidi::En)
                };
            }
        }
        // 4. (RTL): EN and AN do not mix.
        last_non_nsm_ok && !(rtl && has_en && has_an)
    }

    /// Whether `cps` (all valid code points, with their `props`) is in Normalization
    /// Form C. The quick check of UAX #15 §9 settles most labels: marks out of
    /// canonical order are never NFC, and without a code point that may compose with
    /// what precedes it (NFC_Quick_Check=Maybe; no valid code point is No) the label
    /// is NFC. Otherwise [`round_trips_nfc`] decides.
    fn is_nfc(cps: &[u32], props: &[Props]) -> bool {
        let mut last_ccc = 0;
        let mut maybe = false;
        for p in props {
            if p.ccc != 0 && last_ccc > p.ccc {
                return false;
            }
            last_ccc = p.ccc;
            maybe |= p.nfc_maybe;
        }
        !maybe || round_trips_nfc(cps)
    }

    /// Whether `cps` is unchanged by decomposition, canonical reordering and
    /// recomposition (UAX #15 §3, §9) into a bounded buffer of code points and their
    /// combining classes. O(1): at most 63 × 3 code points.
    fn round_trips_nfc(cps: &[u32]) -> bool {
        let mut buf = [(0u32, 0u8); MAX_LABEL * MAX_DECOMPOSITION];
        let mut len = 0;
        for &cp in cps {
            if !decompose(cp, &mut buf, &mut len) {
                return false;
            }
        }
        let nfd = &mut buf[..len];
        // Canonical ordering: a stable sort of each run of non-starters by class.
        for i in 1..nfd.len() {
            let class = nfd[i].1;
            let mut j = i;
            while class != 0 && j > 0 && nfd[j - 1].1 > class {
                nfd.swap(j - 1, j);
                j -= 1;
            }
        }
        let composed = compose(nfd);
        nfd[..composed]
            .iter()
            .map(|&(cp, _)| cp)
            .eq(cps.iter().copied())
    }

    /// Appends the full canonical decomposition of `cp`, with combining classes, to
    /// `buf[*len..]`; false if it does not fit.
    fn decompose(cp: u32, buf: &mut [(u32, u8)], len: &mut usize) -> bool {
        let pair = tables::DECOMPOSE_ORDER
            .binary_search_by_key(&cp, |&k| tables::COMPOSE_RESULT[usize::from(k)])
            .ok()
            .map(|j| usize::from(tables::DECOMPOSE_ORDER[j]));
        if let Some(k) = pair {
            return decompose(tables::COMPOSE_FIRST[k], buf, len)
                && decompose(tables::COMPOSE_SECOND[k], buf, len);
        }
        let Some(slot) = buf.get_mut(*len) else {
            return false;
        };
        *slot = (cp, lookup(cp).ccc);
        *len += 1;
        true
    }

    /// The primary composite of `first` and `second`, if any.
    fn composite(first: u32, second: u32) -> Option<u32> {
        let (mut lo, mut hi) = (0, tables::COMPOSE_FIRST.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match (tables::COMPOSE_FIRST[mid], tables::COMPOSE_SECOND[mid]).cmp(&(first, second)) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(tables::COMPOSE_RESULT[mid]),
            }
        }
        None
    }

    /// The canonical composition algorithm (UAX #15 §9) in place on a canonically
    /// ordered decomposition; returns the composed length.
    fn compose(buf: &mut [(u32, u8)]) -> usize {
        let Some(&(_, first_class)) = buf.first() else {
            return 0;
        };
        let mut starter = 0;
        // A leading non-starter blocks every later composition with it.
        let mut last_class: u16 = if first_class == 0 { 0 } else { 256 };
        let mut out = 1;
        for i in 1..buf.len() {
            let (cp, class) = buf[i];
            let class = u16::from(class);
            let unblocked = last_class < class || last_class == 0;
            match unblocked.then(|| composite(buf[starter].0, cp)).flatten() {
                Some(c) => buf[starter].0 = c,
                None => {
                    if class == 0 {
                        starter = out;
                    }
                    last_class = class;
                    buf[out] = buf[i];
                    out += 1;
                }
            }
        }
        out
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn accepts_table_invariants() {
            assert_eq!(tables::RANGES[0] >> 8, 0, "the ranges start at U+0000");
            for pair in tables::RANGES.windows(2) {
                assert!(
                    pair[0] >> 8 < pair[1] >> 8,
                    "ranges sorted: {:#x} {:#x}",
                    pair[0],
                    pair[1]
                );
                assert_ne!(
                    pair[0] & 0xFF,
                    pair[1] & 0xFF,
                    "adjacent ranges differ: {:#x}",
                    pair[1]
                );
            }
            assert!(tables::RANGES
                .iter()
                .all(|&r| ((r & 0xFF) as usize) < tables::PROPS.len()));
            assert!(tables::RANGES.last().is_some_and(|&r| r >> 8 <= 0x10FFFF));
            let n = tables::COMPOSE_FIRST.len();
            assert_eq!(
                (tables::COMPOSE_SECOND.len(), tables::COMPOSE_RESULT.len()),
                (n, n)
            );
            for i in 1..n {
                let (a, b) = (i - 1, i);
                let key = |k: usize| (tables::COMPOSE_FIRST[k], tables::COMPOSE_SECOND[k]);
                assert!(key(a) < key(b), "pairs sorted at {i}");
            }
            let mut seen = vec![false; n];
            for pair in tables::DECOMPOSE_ORDER.windows(2) {
                let result = |k: u16| tables::COMPOSE_RESULT[usize::from(k)];
                assert!(result(pair[0]) < result(pair[1]), "decompositions sorted");
            }
            for &k in &tables::DECOMPOSE_ORDER {
                assert!(
                    !std::mem::replace(&mut seen[usize::from(k)], true),
                    "permutation"
                );
            }
            assert!(seen.iter().all(|&s| s));
        }

        #[test]
        fn accepts_every_valid_code_point_as_nfc_and_short() {
            for cp in 0..=0x10FFFF {
                if lookup(cp).class == Class::Disallowed {
                    continue;
                }
                let (mut buf, mut len) = ([(0, 0); MAX_DECOMPOSITION], 0);
                assert!(
                    decompose(cp, &mut buf, &mut len),
                    "U+{cp:04X} decomposes within bounds"
                );
                assert!(buf[..len]
                    .iter()
                    .all(|&(part, _)| lookup(part).class != Class::Disallowed));
                assert!(round_trips_nfc(&[cp]), "U+{cp:04X} is NFC-stable");
            }
        }

        #[test]
        fn accepts_known_properties() {
            let check = |cp: u32, class: Class, bidi: Bidi, ccc: u8| {
                let props = lookup(cp);
                assert_eq!(
                    (props.class, props.bidi, props.ccc),
                    (class, bidi, ccc),
                    "U+{cp:04X}"
                );
            };
            check(u32::from(b'a'), Class::Pvalid, Bidi::L, 0);
            check(u32::from(b'-'), Class::Pvalid, Bidi::Es, 0);
            check(u32::from(b'7'), Class::Pvalid, Bidi::En, 0);
            check(0x300, Class::Pvalid, Bidi::Nsm, 230);
            check(0x94D, Class::Pvalid, Bidi::Nsm, VIRAMA);
            check(0x5D0, Class::Pvalid, Bidi::R, 0);
            check(0x627, Class::Pvalid, Bidi::Al, 0);
            check(0x200C, Class::ContextJ, Bidi::Bn, 0);
            check(0x00B7, Class::ContextO, Bidi::On, 0);
            check(0x0660, Class::ContextO, Bidi::An, 0);
            check(0x06F0, Class::ContextO, Bidi::En, 0);
            for disallowed in [
                0x41, 0x2E, 0x5F, 0xC9, 0x640, 0x7FA, 0x302E, 0x303B, 0x1100, 0x20D0, 0xFF0E,
                0x212A, 0x11F00,
            ] {
                assert_eq!(
                    lookup(disallowed).class,
                    Class::Disallowed,
                    "U+{disallowed:04X}"
                );
            }
            for pvalid in [
                0xDF, 0x3C2, 0x6FD, 0x6FE, 0xF0B, 0x3007, 0xAC00, 0x4E00, 0x3042,
            ] {
                assert_eq!(lookup(pvalid).class, Class::Pvalid, "U+{pvalid:04X}");
            }
            assert_eq!(lookup(0x300).joining, Joining::Transparent);
            assert_eq!(lookup(0x628).joining, Joining::Dual);
            assert_eq!(lookup(0x627).joining, Joining::Right);
            assert!(lookup(0x903).mark && lookup(0x300).mark && !lookup(0x61).mark);
            // An enclosing mark (Me) is not a letter or digit, so DISALLOWED.
            assert_eq!(lookup(0x488).class, Class::Disallowed);
            assert_eq!(lookup(0x3B1).script, Script::Greek);
            assert_eq!(lookup(0x30A2).script, Script::Katakana);
            assert_eq!(lookup(0x10FFFF).class, Class::Disallowed);
        }

        #[test]
        fn rejects_bad_punycode() {
            let bad = [
                "",
                "-",
                "-abc",
                "abc-",
                "b",
                "zzzz",
                "99999999999",
                "9999999999a",
                "6666666a",
                "a!",
                "x-a!",
                "ab-c",
            ];
            for payload in bad {
                assert!(
                    ULabel::from_punycode(payload.as_bytes()).is_none(),
                    "{payload:?}"
                );
            }
            let good: [(&str, &[u32]); 5] = [
                ("bcher-kva", &[0x62, 0xFC, 0x63, 0x68, 0x65, 0x72]),
                ("BCHER-KVA", &[0x62, 0xFC, 0x63, 0x68, 0x65, 0x72]),
                ("a", &[0x80]),
                ("ba", &[0x81]),
                ("kva", &[0x369]),
            ];
            for (payload, cps) in good {
                let label = ULabel::from_punycode(payload.as_bytes());
                assert_eq!(label.as_ref().map(ULabel::cps), Some(cps), "{payload:?}");
            }
        }

        #[test]
        fn accepts_bidi_rule_cases() {
            use Bidi::*;
            assert!(bidi_rule([L, En, Nsm].into_iter()));
            assert!(bidi_rule([R, An, Nsm, Nsm].into_iter()));
            assert!(bidi_rule([Al, En].into_iter()));
            assert!(!bidi_rule([En, L].into_iter()));
            assert!(!bidi_rule([R, L].into_iter()));
            assert!(!bidi_rule([L, R].into_iter()));
            assert!(!bidi_rule([R, En, An].into_iter()));
            assert!(!bidi_rule([R, On].into_iter()));
            assert!(!bidi_rule([L, Es].into_iter()));
            assert!(!bidi_rule(std::iter::empty()));
        }
    }

    /// Generated Unicode 14.0 data (see the docs of the enclosing module). Do not edit
    /// by hand; the tests below check the structural invariants lookups rely on.
    mod tables {
        use super::{p, Bidi, Class, Joining, Props, Script};

        /// Distinct property combinations, as `p(class, bidi, joining, script, mark,
        /// nfc_maybe, ccc)`; `RANGES` entries index into it.
        #[rustfmt::skip]
        pub(super) static PROPS: [Props; 98] = [
            Props::DISALLOWED,
            p(Class::ContextJ, Bidi::Bn, Joining::Other, Script::Other, false, false, 0),
            p(Class::ContextO, Bidi::An, Joining::Other, Script::Other, false, false, 0),
            p(Class::ContextO, Bidi::En, Joining::Other, Script::Other, false, false, 0),
            p(Class::ContextO, Bidi::On, Joining::Other, Script::Greek, false, false, 0),
            p(Class::ContextO, Bidi::On, Joining::Other, Script::Other, false, false, 0),
            p(Class::ContextO, Bidi::R, Joining::Other, Script::Hebrew, false, false, 0),
            p(Class::Pvalid, Bidi::Al, Joining::Dual, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::Al, Joining::Left, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::Al, Joining::Other, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::Al, Joining::Right, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::An, Joining::Other, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::En, Joining::Other, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::Es, Joining::Other, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Dual, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Left, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Other, Script::Greek, false, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Other, Script::Han, false, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Other, Script::Han, true, false, 6),
            p(Class::Pvalid, Bidi::L, Joining::Other, Script::Hiragana, false, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Other, Script::Katakana, false, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Other, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Other, Script::Other, true, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Other, Script::Other, true, false, 9),
            p(Class::Pvalid, Bidi::L, Joining::Other, Script::Other, true, true, 0),
            p(Class::Pvalid, Bidi::L, Joining::Transparent, Script::Other, true, false, 0),
            p(Class::Pvalid, Bidi::L, Joining::Transparent, Script::Other, true, false, 9),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 10),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 11),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 12),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 13),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 14),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 15),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 16),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 17),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 18),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 19),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 20),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 21),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 22),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 23),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 24),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 25),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 26),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 220),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 222),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 228),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Hebrew, true, false, 230),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 0),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 1),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 7),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 9),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 27),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 28),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 29),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 30),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 31),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 32),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 33),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 34),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 35),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 36),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 84),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 103),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 107),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 118),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 122),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 129),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 130),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 132),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 202),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 214),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 216),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 218),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 220),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 222),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 228),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 230),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 232),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 233),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, false, 234),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 0),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 1),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 7),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 8),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 9),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 91),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 202),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 216),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 220),
            p(Class::Pvalid, Bidi::Nsm, Joining::Transparent, Script::Other, true, true, 230),
            p(Class::Pvalid, Bidi::On, Joining::Other, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::R, Joining::Dual, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::R, Joining::Left, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::R, Joining::Other, Script::Hebrew, false, false, 0),
            p(Class::Pvalid, Bidi::R, Joining::Other, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::R, Joining::Right, Script::Other, false, false, 0),
            p(Class::Pvalid, Bidi::R, Joining::Transparent, Script::Other, false, false, 0),
        ];

        /// `start << 8 | index into PROPS`, sorted by start; a range ends where the next begins.
        pub(super) static RANGES: [u32; 3220] = [
            0x00000000, 0x00002D0D, 0x00002E00, 0x0000300C, 0x00003A00, 0x00006115, 0x00007B00,
            0x0000B705, 0x0000B800, 0x0000DF15, 0x0000F700, 0x0000F815, 0x00010000, 0x00010115,
            0x00010200, 0x00010315, 0x00010400, 0x00010515, 0x00010600, 0x00010715, 0x00010800,
            0x00010915, 0x00010A00, 0x00010B15, 0x00010C00, 0x00010D15, 0x00010E00, 0x00010F15,
            0x00011000, 0x00011115, 0x00011200, 0x00011315, 0x00011400, 0x00011515, 0x00011600,
            0x00011715, 0x00011800, 0x00011915, 0x00011A00, 0x00011B15, 0x00011C00, 0x00011D15,
            0x00011E00, 0x00011F15, 0x00012000, 0x00012115, 0x00012200, 0x00012315, 0x00012400,
            0x00012515, 0x00012600, 0x00012715, 0x00012800, 0x00012915, 0x00012A00, 0x00012B15,
            0x00012C00, 0x00012D15, 0x00012E00, 0x00012F15, 0x00013000, 0x00013115, 0x00013200,
            0x00013515, 0x00013600, 0x00013715, 0x00013900, 0x00013A15, 0x00013B00, 0x00013C15,
            0x00013D00, 0x00013E15, 0x00013F00, 0x00014215, 0x00014300, 0x00014415, 0x00014500,
            0x00014615, 0x00014700, 0x00014815, 0x00014900, 0x00014B15, 0x00014C00, 0x00014D15,
            0x00014E00, 0x00014F15, 0x00015000, 0x00015115, 0x00015200, 0x00015315, 0x00015400,
            0x00015515, 0x00015600, 0x00015715, 0x00015800, 0x00015915, 0x00015A00, 0x00015B15,
            0x00015C00, 0x00015D15, 0x00015E00, 0x00015F15, 0x00016000, 0x00016115, 0x00016200,
            0x00016315, 0x00016400, 0x00016515, 0x00016600, 0x00016715, 0x00016800, 0x00016915,
            0x00016A00, 0x00016B15, 0x00016C00, 0x00016D15, 0x00016E00, 0x00016F15, 0x00017000,
            0x00017115, 0x00017200, 0x00017315, 0x00017400, 0x00017515, 0x00017600, 0x00017715,
            0x00017800, 0x00017A15, 0x00017B00, 0x00017C15, 0x00017D00, 0x00017E15, 0x00017F00,
            0x00018015, 0x00018100, 0x00018315, 0x00018400, 0x00018515, 0x00018600, 0x00018815,
            0x00018900, 0x00018C15, 0x00018E00, 0x00019215, 0x00019300, 0x00019515, 0x00019600,
            0x00019915, 0x00019C00, 0x00019E15, 0x00019F00, 0x0001A115, 0x0001A200, 0x0001A315,
            0x0001A400, 0x0001A515, 0x0001A600, 0x0001A815, 0x0001A900, 0x0001AA15, 0x0001AC00,
            0x0001AD15, 0x0001AE00, 0x0001B015, 0x0001B100, 0x0001B415, 0x0001B500, 0x0001B615,
            0x0001B700, 0x0001B915, 0x0001BC00, 0x0001BD15, 0x0001C400, 0x0001CE15, 0x0001CF00,
            0x0001D015, 0x0001D100, 0x0001D215, 0x0001D300, 0x0001D415, 0x0001D500, 0x0001D615,
            0x0001D700, 0x0001D815, 0x0001D900, 0x0001DA15, 0x0001DB00, 0x0001DC15, 0x0001DE00,
            0x0001DF15, 0x0001E000, 0x0001E115, 0x0001E200, 0x0001E315, 0x0001E400, 0x0001E515,
            0x0001E600, 0x0001E715, 0x0001E800, 0x0001E915, 0x0001EA00, 0x0001EB15, 0x0001EC00,
            0x0001ED15, 0x0001EE00, 0x0001EF15, 0x0001F100, 0x0001F515, 0x0001F600, 0x0001F915,
            0x0001FA00, 0x0001FB15, 0x0001FC00, 0x0001FD15, 0x0001FE00, 0x0001FF15, 0x00020000,
            0x00020115, 0x00020200, 0x00020315, 0x00020400, 0x00020515, 0x00020600, 0x00020715,
            0x00020800, 0x00020915, 0x00020A00, 0x00020B15, 0x00020C00, 0x00020D15, 0x00020E00,
            0x00020F15, 0x00021000, 0x00021115, 0x00021200, 0x00021315, 0x00021400, 0x00021515,
            0x00021600, 0x00021715, 0x00021800, 0x00021915, 0x00021A00, 0x00021B15, 0x00021C00,
            0x00021D15, 0x00021E00, 0x00021F15, 0x00022000, 0x00022115, 0x00022200, 0x00022315,
            0x00022400, 0x00022515, 0x00022600, 0x00022715, 0x00022800, 0x00022915, 0x00022A00,
            0x00022B15, 0x00022C00, 0x00022D15, 0x00022E00, 0x00022F15, 0x00023000, 0x00023115,
            0x00023200, 0x00023315, 0x00023A00, 0x00023C15, 0x00023D00, 0x00023F15, 0x00024100,
            0x00024215, 0x00024300, 0x00024715, 0x00024800, 0x00024915, 0x00024A00, 0x00024B15,
            0x00024C00, 0x00024D15, 0x00024E00, 0x00024F15, 0x0002B000, 0x0002B95B, 0x0002BB15,
            0x0002C200, 0x0002C65B, 0x0002D015, 0x0002D200, 0x0002EC5B, 0x0002ED00, 0x0002EE15,
            0x0002EF00, 0x0003005A, 0x0003054D, 0x0003065A, 0x00030D4D, 0x00030F5A, 0x0003104D,
            0x0003115A, 0x0003124D, 0x0003135A, 0x0003154E, 0x0003164A, 0x00031A4E, 0x00031B58,
            0x00031C4A, 0x00032146, 0x00032359, 0x00032757, 0x0003294A, 0x00032D59, 0x00032F4A,
            0x00033059, 0x0003324A, 0x00033431, 0x00033852, 0x0003394A, 0x00033D4D, 0x00034000,
            0x0003425A, 0x00034300, 0x0003464D, 0x0003474A, 0x00034A4D, 0x00034D4A, 0x00034F00,
            0x0003504D, 0x0003534A, 0x0003574D, 0x0003584E, 0x0003594A, 0x00035B4D, 0x00035C4F,
            0x00035D50, 0x00035F4F, 0x00036050, 0x0003624F, 0x0003634D, 0x00037000, 0x00037110,
            0x00037200, 0x00037310, 0x00037400, 0x00037504, 0x00037600, 0x00037710, 0x00037800,
            0x00037B10, 0x00037E00, 0x00039010, 0x00039100, 0x0003AC10, 0x0003CF00, 0x0003D710,
            0x0003D800, 0x0003D910, 0x0003DA00, 0x0003DB10, 0x0003DC00, 0x0003DD10, 0x0003DE00,
            0x0003DF10, 0x0003E000, 0x0003E110, 0x0003E200, 0x0003E315, 0x0003E400, 0x0003E515,
            0x0003E600, 0x0003E715, 0x0003E800, 0x0003E915, 0x0003EA00, 0x0003EB15, 0x0003EC00,
            0x0003ED15, 0x0003EE00, 0x0003EF15, 0x0003F000, 0x0003F310, 0x0003F400, 0x0003F810,
            0x0003F900, 0x0003FB10, 0x0003FD00, 0x00043015, 0x00046000, 0x00046115, 0x00046200,
            0x00046315, 0x00046400, 0x00046515, 0x00046600, 0x00046715, 0x00046800, 0x00046915,
            0x00046A00, 0x00046B15, 0x00046C00, 0x00046D15, 0x00046E00, 0x00046F15, 0x00047000,
            0x00047115, 0x00047200, 0x00047315, 0x00047400, 0x00047515, 0x00047600, 0x00047715,
            0x00047800, 0x00047915, 0x00047A00, 0x00047B15, 0x00047C00, 0x00047D15, 0x00047E00,
            0x00047F15, 0x00048000, 0x00048115, 0x00048200, 0x0004834D, 0x00048800, 0x00048B15,
            0x00048C00, 0x00048D15, 0x00048E00, 0x00048F15, 0x00049000, 0x00049115, 0x00049200,
            0x00049315, 0x00049400, 0x00049515, 0x00049600, 0x00049715, 0x00049800, 0x00049915,
            0x00049A00, 0x00049B15, 0x00049C00, 0x00049D15, 0x00049E00, 0x00049F15, 0x0004A000,
            0x0004A115, 0x0004A200, 0x0004A315, 0x0004A400, 0x0004A515, 0x0004A600, 0x0004A715,
            0x0004A800, 0x0004A915, 0x0004AA00, 0x0004AB15, 0x0004AC00, 0x0004AD15, 0x0004AE00,
            0x0004AF15, 0x0004B000, 0x0004B115, 0x0004B200, 0x0004B315, 0x0004B400, 0x0004B515,
            0x0004B600, 0x0004B715, 0x0004B800, 0x0004B915, 0x0004BA00, 0x0004BB15, 0x0004BC00,
            0x0004BD15, 0x0004BE00, 0x0004BF15, 0x0004C000, 0x0004C215, 0x0004C300, 0x0004C415,
            0x0004C500, 0x0004C615, 0x0004C700, 0x0004C815, 0x0004C900, 0x0004CA15, 0x0004CB00,
            0x0004CC15, 0x0004CD00, 0x0004CE15, 0x0004D000, 0x0004D115, 0x0004D200, 0x0004D315,
            0x0004D400, 0x0004D515, 0x0004D600, 0x0004D715, 0x0004D800, 0x0004D915, 0x0004DA00,
            0x0004DB15, 0x0004DC00, 0x0004DD15, 0x0004DE00, 0x0004DF15, 0x0004E000, 0x0004E115,
            0x0004E200, 0x0004E315, 0x0004E400, 0x0004E515, 0x0004E600, 0x0004E715, 0x0004E800,
            0x0004E915, 0x0004EA00, 0x0004EB15, 0x0004EC00, 0x0004ED15, 0x0004EE00, 0x0004EF15,
            0x0004F000, 0x0004F115, 0x0004F200, 0x0004F315, 0x0004F400, 0x0004F515, 0x0004F600,
            0x0004F715, 0x0004F800, 0x0004F915, 0x0004FA00, 0x0004FB15, 0x0004FC00, 0x0004FD15,
            0x0004FE00, 0x0004FF15, 0x00050000, 0x00050115, 0x00050200, 0x00050315, 0x00050400,
            0x00050515, 0x00050600, 0x00050715, 0x00050800, 0x00050915, 0x00050A00, 0x00050B15,
            0x00050C00, 0x00050D15, 0x00050E00, 0x00050F15, 0x00051000, 0x00051115, 0x00051200,
            0x00051315, 0x00051400, 0x00051515, 0x00051600, 0x00051715, 0x00051800, 0x00051915,
            0x00051A00, 0x00051B15, 0x00051C00, 0x00051D15, 0x00051E00, 0x00051F15, 0x00052000,
            0x00052115, 0x00052200, 0x00052315, 0x00052400, 0x00052515, 0x00052600, 0x00052715,
            0x00052800, 0x00052915, 0x00052A00, 0x00052B15, 0x00052C00, 0x00052D15, 0x00052E00,
            0x00052F15, 0x00053000, 0x00055915, 0x00055A00, 0x00056015, 0x00058700, 0x00058815,
            0x00058900, 0x0005912C, 0x0005922F, 0x0005962C, 0x0005972F, 0x00059A2D, 0x00059B2C,
            0x00059C2F, 0x0005A22C, 0x0005A82F, 0x0005AA2C, 0x0005AB2F, 0x0005AD2D, 0x0005AE2E,
            0x0005AF2F, 0x0005B01B, 0x0005B11C, 0x0005B21D, 0x0005B31E, 0x0005B41F, 0x0005B520,
            0x0005B621, 0x0005B722, 0x0005B823, 0x0005B924, 0x0005BB25, 0x0005BC26, 0x0005BD27,
            0x0005BE00, 0x0005BF28, 0x0005C000, 0x0005C129, 0x0005C22A, 0x0005C300, 0x0005C42F,
            0x0005C52C, 0x0005C600, 0x0005C723, 0x0005C800, 0x0005D05E, 0x0005EB00, 0x0005EF5E,
            0x0005F306, 0x0005F500, 0x0006104D, 0x00061837, 0x00061938, 0x00061A39, 0x00061B00,
            0x00062007, 0x00062109, 0x0006220A, 0x00062607, 0x0006270A, 0x00062807, 0x0006290A,
            0x00062A07, 0x00062F0A, 0x00063307, 0x00064000, 0x00064107, 0x0006480A, 0x00064907,
            0x00064B34, 0x00064C35, 0x00064D36, 0x00064E37, 0x00064F38, 0x00065039, 0x0006513A,
            0x0006523B, 0x0006535A, 0x00065559, 0x0006564A, 0x0006574D, 0x00065C4A, 0x00065D4D,
            0x00065F4A, 0x00066002, 0x00066A00, 0x00066E07, 0x0006703C, 0x0006710A, 0x00067409,
            0x00067500, 0x00067907, 0x0006880A, 0x00069A07, 0x0006C00A, 0x0006C107, 0x0006C30A,
            0x0006CC07, 0x0006CD0A, 0x0006CE07, 0x0006CF0A, 0x0006D007, 0x0006D20A, 0x0006D400,
            0x0006D50A, 0x0006D64D, 0x0006DD00, 0x0006DF4D, 0x0006E34A, 0x0006E44D, 0x0006E509,
            0x0006E74D, 0x0006E900, 0x0006EA4A, 0x0006EB4D, 0x0006ED4A, 0x0006EE0A, 0x0006F003,
            0x0006FA07, 0x0006FD09, 0x0006FF07, 0x00070000, 0x0007100A, 0x0007113D, 0x00071207,
            0x0007150A, 0x00071A07, 0x00071E0A, 0x00071F07, 0x0007280A, 0x00072907, 0x00072A0A,
            0x00072B07, 0x00072C0A, 0x00072D07, 0x00072F0A, 0x0007304D, 0x0007314A, 0x0007324D,
            0x0007344A, 0x0007354D, 0x0007374A, 0x00073A4D, 0x00073B4A, 0x00073D4D, 0x00073E4A,
            0x00073F4D, 0x0007424A, 0x0007434D, 0x0007444A, 0x0007454D, 0x0007464A, 0x0007474D,
            0x0007484A, 0x0007494D, 0x00074B00, 0x00074D0A, 0x00074E07, 0x0007590A, 0x00075C07,
            0x00076B0A, 0x00076D07, 0x0007710A, 0x00077207, 0x0007730A, 0x00077507, 0x0007780A,
            0x00077A07, 0x00078009, 0x0007A630, 0x0007B109, 0x0007B200, 0x0007C05F, 0x0007CA5C,
            0x0007EB4D, 0x0007F24A, 0x0007F34D, 0x0007F45F, 0x0007F600, 0x0007FD4A, 0x0007FE00,
            0x0008005F, 0x0008164D, 0x00081A5F, 0x00081B4D, 0x0008245F, 0x0008254D, 0x0008285F,
            0x0008294D, 0x00082E00, 0x00084060, 0x0008415C, 0x00084660, 0x0008485C, 0x00084960,
            0x00084A5C, 0x00085460, 0x0008555C, 0x00085660, 0x0008594A, 0x00085C00, 0x00086007,
            0x00086109, 0x00086207, 0x00086609, 0x0008670A, 0x00086807, 0x0008690A, 0x00086B00,
            0x0008700A, 0x00088309, 0x00088607, 0x00088709, 0x00088800, 0x00088907, 0x00088E0A,
            0x00088F00, 0x0008984D, 0x0008994A, 0x00089C4D, 0x0008A007, 0x0008AA0A, 0x0008AD09,
            0x0008AE0A, 0x0008AF07, 0x0008B10A, 0x0008B307, 0x0008B90A, 0x0008BA07, 0x0008C909,
            0x0008CA4D, 0x0008CF4A, 0x0008D44D, 0x0008E200, 0x0008E34A, 0x0008E44D, 0x0008E64A,
            0x0008E74D, 0x0008E94A, 0x0008EA4D, 0x0008ED4A, 0x0008F034, 0x0008F135, 0x0008F236,
            0x0008F34D, 0x0008F64A, 0x0008F74D, 0x0008F94A, 0x0008FB4D, 0x00090030, 0x00090316,
            0x00090415, 0x00093A30, 0x00093B16, 0x00093C53, 0x00093D15, 0x00093E16, 0x00094130,
            0x00094916, 0x00094D33, 0x00094E16, 0x00095015, 0x0009514D, 0x0009524A, 0x0009534D,
            0x00095530, 0x00095800, 0x00096015, 0x00096230, 0x00096400, 0x00096615, 0x00097000,
            0x00097115, 0x00098130, 0x00098216, 0x00098400, 0x00098515, 0x00098D00, 0x00098F15,
            0x00099100, 0x00099315, 0x0009A900, 0x0009AA15, 0x0009B100, 0x0009B215, 0x0009B300,
            0x0009B615, 0x0009BA00, 0x0009BC32, 0x0009BD15, 0x0009BE18, 0x0009BF16, 0x0009C130,
            0x0009C500, 0x0009C716, 0x0009C900, 0x0009CB16, 0x0009CD33, 0x0009CE15, 0x0009CF00,
            0x0009D718, 0x0009D800, 0x0009E015, 0x0009E230, 0x0009E400, 0x0009E615, 0x0009F200,
            0x0009FC15, 0x0009FD00, 0x0009FE4D, 0x0009FF00, 0x000A0130, 0x000A0316, 0x000A0400,
            0x000A0515, 0x000A0B00, 0x000A0F15, 0x000A1100, 0x000A1315, 0x000A2900, 0x000A2A15,
            0x000A3100, 0x000A3215, 0x000A3300, 0x000A3515, 0x000A3600, 0x000A3815, 0x000A3A00,
            0x000A3C32, 0x000A3D00, 0x000A3E16, 0x000A4130, 0x000A4300, 0x000A4730, 0x000A4900,
            0x000A4B30, 0x000A4D33, 0x000A4E00, 0x000A5130, 0x000A5200, 0x000A5C15, 0x000A5D00,
            0x000A6615, 0x000A7030, 0x000A7215, 0x000A7530, 0x000A7600, 0x000A8130, 0x000A8316,
            0x000A8400, 0x000A8515, 0x000A8E00, 0x000A8F15, 0x000A9200, 0x000A9315, 0x000AA900,
            0x000AAA15, 0x000AB100, 0x000AB215, 0x000AB400, 0x000AB515, 0x000ABA00, 0x000ABC32,
            0x000ABD15, 0x000ABE16, 0x000AC130, 0x000AC600, 0x000AC730, 0x000AC916, 0x000ACA00,
            0x000ACB16, 0x000ACD33, 0x000ACE00, 0x000AD015, 0x000AD100, 0x000AE015, 0x000AE230,
            0x000AE400, 0x000AE615, 0x000AF000, 0x000AF915, 0x000AFA30, 0x000B0000, 0x000B0130,
            0x000B0216, 0x000B0400, 0x000B0515, 0x000B0D00, 0x000B0F15, 0x000B1100, 0x000B1315,
            0x000B2900, 0x000B2A15, 0x000B3100, 0x000B3215, 0x000B3400, 0x000B3515, 0x000B3A00,
            0x000B3C32, 0x000B3D15, 0x000B3E18, 0x000B3F30, 0x000B4016, 0x000B4130, 0x000B4500,
            0x000B4716, 0x000B4900, 0x000B4B16, 0x000B4D33, 0x000B4E00, 0x000B5530, 0x000B5651,
            0x000B5718, 0x000B5800, 0x000B5F15, 0x000B6230, 0x000B6400, 0x000B6615, 0x000B7000,
            0x000B7115, 0x000B7200, 0x000B8230, 0x000B8315, 0x000B8400, 0x000B8515, 0x000B8B00,
            0x000B8E15, 0x000B9100, 0x000B9215, 0x000B9600, 0x000B9915, 0x000B9B00, 0x000B9C15,
            0x000B9D00, 0x000B9E15, 0x000BA000, 0x000BA315, 0x000BA500, 0x000BA815, 0x000BAB00,
            0x000BAE15, 0x000BBA00, 0x000BBE18, 0x000BBF16, 0x000BC030, 0x000BC116, 0x000BC300,
            0x000BC616, 0x000BC900, 0x000BCA16, 0x000BCD33, 0x000BCE00, 0x000BD015, 0x000BD100,
            0x000BD718, 0x000BD800, 0x000BE615, 0x000BF000, 0x000C0030, 0x000C0116, 0x000C0430,
            0x000C0515, 0x000C0D00, 0x000C0E15, 0x000C1100, 0x000C1215, 0x000C2900, 0x000C2A15,
            0x000C3A00, 0x000C3C32, 0x000C3D15, 0x000C3E30, 0x000C4116, 0x000C4500, 0x000C4630,
            0x000C4900, 0x000C4A30, 0x000C4D33, 0x000C4E00, 0x000C553E, 0x000C5656, 0x000C5700,
            0x000C5815, 0x000C5B00, 0x000C5D15, 0x000C5E00, 0x000C6015, 0x000C6230, 0x000C6400,
            0x000C6615, 0x000C7000, 0x000C8015, 0x000C8130, 0x000C8216, 0x000C8400, 0x000C8515,
            0x000C8D00, 0x000C8E15, 0x000C9100, 0x000C9215, 0x000CA900, 0x000CAA15, 0x000CB400,
            0x000CB515, 0x000CBA00, 0x000CBC32, 0x000CBD15, 0x000CBE16, 0x000CBF19, 0x000CC016,
            0x000CC218, 0x000CC316, 0x000CC500, 0x000CC619, 0x000CC716, 0x000CC900, 0x000CCA16,
            0x000CCC30, 0x000CCD33, 0x000CCE00, 0x000CD518, 0x000CD700, 0x000CDD15, 0x000CDF00,
            0x000CE015, 0x000CE230, 0x000CE400, 0x000CE615, 0x000CF000, 0x000CF115, 0x000CF300,
            0x000D0030, 0x000D0216, 0x000D0415, 0x000D0D00, 0x000D0E15, 0x000D1100, 0x000D1215,
            0x000D3B33, 0x000D3D15, 0x000D3E18, 0x000D3F16, 0x000D4130, 0x000D4500, 0x000D4616,
            0x000D4900, 0x000D4A16, 0x000D4D33, 0x000D4E15, 0x000D4F00, 0x000D5415, 0x000D5718,
            0x000D5800, 0x000D5F15, 0x000D6230, 0x000D6400, 0x000D6615, 0x000D7000, 0x000D7A15,
            0x000D8000, 0x000D8130, 0x000D8216, 0x000D8400, 0x000D8515, 0x000D9700, 0x000D9A15,
            0x000DB200, 0x000DB315, 0x000DBC00, 0x000DBD15, 0x000DBE00, 0x000DC015, 0x000DC700,
            0x000DCA55, 0x000DCB00, 0x000DCF18, 0x000DD016, 0x000DD230, 0x000DD500, 0x000DD630,
            0x000DD700, 0x000DD816, 0x000DDF18, 0x000DE000, 0x000DE615, 0x000DF000, 0x000DF216,
            0x000DF400, 0x000E0115, 0x000E3130, 0x000E3215, 0x000E3300, 0x000E3430, 0x000E383F,
            0x000E3A33, 0x000E3B00, 0x000E4015, 0x000E4730, 0x000E4840, 0x000E4C30, 0x000E4F00,
            0x000E5015, 0x000E5A00, 0x000E8115, 0x000E8300, 0x000E8415, 0x000E8500, 0x000E8615,
            0x000E8B00, 0x000E8C15, 0x000EA400, 0x000EA515, 0x000EA600, 0x000EA715, 0x000EB130,
            0x000EB215, 0x000EB300, 0x000EB430, 0x000EB841, 0x000EBA33, 0x000EBB30, 0x000EBD15,
            0x000EBE00, 0x000EC015, 0x000EC500, 0x000EC615, 0x000EC700, 0x000EC842, 0x000ECC30,
            0x000ECE00, 0x000ED015, 0x000EDA00, 0x000EDE15, 0x000EE000, 0x000F0015, 0x000F0100,
            0x000F0B15, 0x000F0C00, 0x000F184A, 0x000F1A00, 0x000F2015, 0x000F2A00, 0x000F354A,
            0x000F3600, 0x000F374A, 0x000F3800, 0x000F3948, 0x000F3A00, 0x000F3E16, 0x000F4015,
            0x000F4300, 0x000F4415, 0x000F4800, 0x000F4915, 0x000F4D00, 0x000F4E15, 0x000F5200,
            0x000F5315, 0x000F5700, 0x000F5815, 0x000F5C00, 0x000F5D15, 0x000F6900, 0x000F6A15,
            0x000F6D00, 0x000F7143, 0x000F7244, 0x000F7300, 0x000F7445, 0x000F7500, 0x000F7A44,
            0x000F7E30, 0x000F7F16, 0x000F8044, 0x000F8100, 0x000F824D, 0x000F8433, 0x000F8500,
            0x000F864D, 0x000F8815, 0x000F8D30, 0x000F9300, 0x000F9430, 0x000F9800, 0x000F9930,
            0x000F9D00, 0x000F9E30, 0x000FA200, 0x000FA330, 0x000FA700, 0x000FA830, 0x000FAC00,
            0x000FAD30, 0x000FB900, 0x000FBA30, 0x000FBD00, 0x000FC64A, 0x000FC700, 0x00100015,
            0x00102B16, 0x00102D30, 0x00102E51, 0x00102F30, 0x00103116, 0x00103230, 0x00103732,
            0x00103816, 0x00103933, 0x00103B16, 0x00103D30, 0x00103F15, 0x00104A00, 0x00105015,
            0x00105616, 0x00105830, 0x00105A15, 0x00105E30, 0x00106115, 0x00106216, 0x00106515,
            0x00106716, 0x00106E15, 0x00107130, 0x00107515, 0x00108230, 0x00108316, 0x00108530,
            0x00108716, 0x00108D4A, 0x00108E15, 0x00108F16, 0x00109015, 0x00109A16, 0x00109D30,
            0x00109E00, 0x0010D015, 0x0010FB00, 0x0010FD15, 0x00110000, 0x00120015, 0x00124900,
            0x00124A15, 0x00124E00, 0x00125015, 0x00125700, 0x00125815, 0x00125900, 0x00125A15,
            0x00125E00, 0x00126015, 0x00128900, 0x00128A15, 0x00128E00, 0x00129015, 0x0012B100,
            0x0012B215, 0x0012B600, 0x0012B815, 0x0012BF00, 0x0012C015, 0x0012C100, 0x0012C215,
            0x0012C600, 0x0012C815, 0x0012D700, 0x0012D815, 0x00131100, 0x00131215, 0x00131600,
            0x00131815, 0x00135B00, 0x00135D4D, 0x00136000, 0x00138015, 0x00139000, 0x0013A015,
            0x0013F600, 0x00140115, 0x00166D00, 0x00166F15, 0x00168000, 0x00168115, 0x00169B00,
            0x0016A015, 0x0016EB00, 0x0016F115, 0x0016F900, 0x00170015, 0x00171230, 0x00171433,
            0x00171517, 0x00171600, 0x00171F15, 0x00173230, 0x00173417, 0x00173500, 0x00174015,
            0x00175230, 0x00175400, 0x00176015, 0x00176D00, 0x00176E15, 0x00177100, 0x00177230,
            0x00177400, 0x00178015, 0x0017B400, 0x0017B616, 0x0017B730, 0x0017BE16, 0x0017C630,
            0x0017C716, 0x0017C930, 0x0017D233, 0x0017D330, 0x0017D400, 0x0017D715, 0x0017D800,
            0x0017DC15, 0x0017DD4D, 0x0017DE00, 0x0017E015, 0x0017EA00, 0x00181015, 0x00181A00,
            0x0018200E, 0x00187900, 0x00188015, 0x00188530, 0x0018870E, 0x0018A94C, 0x0018AA0E,
            0x0018AB00, 0x0018B015, 0x0018F600, 0x00190015, 0x00191F00, 0x00192030, 0x00192316,
            0x00192730, 0x00192916, 0x00192C00, 0x00193016, 0x00193230, 0x00193316, 0x0019394B,
            0x00193A4D, 0x00193B4A, 0x00193C00, 0x00194615, 0x00196E00, 0x00197015, 0x00197500,
            0x00198015, 0x0019AC00, 0x0019B015, 0x0019CA00, 0x0019D015, 0x0019DA00, 0x001A0015,
            0x001A174D, 0x001A184A, 0x001A1916, 0x001A1B30, 0x001A1C00, 0x001A2015, 0x001A5516,
            0x001A5630, 0x001A5716, 0x001A5830, 0x001A5F00, 0x001A6033, 0x001A6116, 0x001A6230,
            0x001A6316, 0x001A6530, 0x001A6D16, 0x001A7330, 0x001A754D, 0x001A7D00, 0x001A7F4A,
            0x001A8015, 0x001A8A00, 0x001A9015, 0x001A9A00, 0x001AA715, 0x001AA800, 0x001AB04D,
            0x001AB54A, 0x001ABB4D, 0x001ABD4A, 0x001ABE00, 0x001ABF4A, 0x001AC14D, 0x001AC34A,
            0x001AC54D, 0x001ACA4A, 0x001ACB4D, 0x001ACF00, 0x001B0030, 0x001B0416, 0x001B0515,
            0x001B3432, 0x001B3518, 0x001B3630, 0x001B3B16, 0x001B3C30, 0x001B3D16, 0x001B4230,
            0x001B4316, 0x001B4417, 0x001B4515, 0x001B4D00, 0x001B5015, 0x001B5A00, 0x001B6B4D,
            0x001B6C4A, 0x001B6D4D, 0x001B7400, 0x001B8030, 0x001B8216, 0x001B8315, 0x001BA116,
            0x001BA230, 0x001BA616, 0x001BA830, 0x001BAA17, 0x001BAB33, 0x001BAC30, 0x001BAE15,
            0x001BE632, 0x001BE716, 0x001BE830, 0x001BEA16, 0x001BED30, 0x001BEE16, 0x001BEF30,
            0x001BF217, 0x001BF400, 0x001C0015, 0x001C2416, 0x001C2C30, 0x001C3416, 0x001C3630,
            0x001C3732, 0x001C3800, 0x001C4015, 0x001C4A00, 0x001C4D15, 0x001C7E00, 0x001CD04D,
            0x001CD300, 0x001CD431, 0x001CD54A, 0x001CDA4D, 0x001CDC4A, 0x001CE04D, 0x001CE116,
            0x001CE231, 0x001CE915, 0x001CED4A, 0x001CEE15, 0x001CF44D, 0x001CF515, 0x001CF716,
            0x001CF84D, 0x001CFA15, 0x001CFB00, 0x001D0015, 0x001D2610, 0x001D2B15, 0x001D2C00,
            0x001D2F15, 0x001D3000, 0x001D3B15, 0x001D3C00, 0x001D4E15, 0x001D4F00, 0x001D6B15,
            0x001D7800, 0x001D7915, 0x001D9B00, 0x001DC04D, 0x001DC24A, 0x001DC34D, 0x001DCA4A,
            0x001DCB4D, 0x001DCD50, 0x001DCE47, 0x001DCF4A, 0x001DD046, 0x001DD14D, 0x001DF64E,
            0x001DF74C, 0x001DF94A, 0x001DFA49, 0x001DFB4D, 0x001DFC4F, 0x001DFD4A, 0x001DFE4D,
            0x001DFF4A, 0x001E0000, 0x001E0115, 0x001E0200, 0x001E0315, 0x001E0400, 0x001E0515,
            0x001E0600, 0x001E0715, 0x001E0800, 0x001E0915, 0x001E0A00, 0x001E0B15, 0x001E0C00,
            0x001E0D15, 0x001E0E00, 0x001E0F15, 0x001E1000, 0x001E1115, 0x001E1200, 0x001E1315,
            0x001E1400, 0x001E1515, 0x001E1600, 0x001E1715, 0x001E1800, 0x001E1915, 0x001E1A00,
            0x001E1B15, 0x001E1C00, 0x001E1D15, 0x001E1E00, 0x001E1F15, 0x001E2000, 0x001E2115,
            0x001E2200, 0x001E2315, 0x001E2400, 0x001E2515, 0x001E2600, 0x001E2715, 0x001E2800,
            0x001E2915, 0x001E2A00, 0x001E2B15, 0x001E2C00, 0x001E2D15, 0x001E2E00, 0x001E2F15,
            0x001E3000, 0x001E3115, 0x001E3200, 0x001E3315, 0x001E3400, 0x001E3515, 0x001E3600,
            0x001E3715, 0x001E3800, 0x001E3915, 0x001E3A00, 0x001E3B15, 0x001E3C00, 0x001E3D15,
            0x001E3E00, 0x001E3F15, 0x001E4000, 0x001E4115, 0x001E4200, 0x001E4315, 0x001E4400,
            0x001E4515, 0x001E4600, 0x001E4715, 0x001E4800, 0x001E4915, 0x001E4A00, 0x001E4B15,
            0x001E4C00, 0x001E4D15, 0x001E4E00, 0x001E4F15, 0x001E5000, 0x001E5115, 0x001E5200,
            0x001E5315, 0x001E5400, 0x001E5515, 0x001E5600, 0x001E5715, 0x001E5800, 0x001E5915,
            0x001E5A00, 0x001E5B15, 0x001E5C00, 0x001E5D15, 0x001E5E00, 0x001E5F15, 0x001E6000,
            0x001E6115, 0x001E6200, 0x001E6315, 0x001E6400, 0x001E6515, 0x001E6600, 0x001E6715,
            0x001E6800, 0x001E6915, 0x001E6A00, 0x001E6B15, 0x001E6C00, 0x001E6D15, 0x001E6E00,
            0x001E6F15, 0x001E7000, 0x001E7115, 0x001E7200, 0x001E7315, 0x001E7400, 0x001E7515,
            0x001E7600, 0x001E7715, 0x001E7800, 0x001E7915, 0x001E7A00, 0x001E7B15, 0x001E7C00,
            0x001E7D15, 0x001E7E00, 0x001E7F15, 0x001E8000, 0x001E8115, 0x001E8200, 0x001E8315,
            0x001E8400, 0x001E8515, 0x001E8600, 0x001E8715, 0x001E8800, 0x001E8915, 0x001E8A00,
            0x001E8B15, 0x001E8C00, 0x001E8D15, 0x001E8E00, 0x001E8F15, 0x001E9000, 0x001E9115,
            0x001E9200, 0x001E9315, 0x001E9400, 0x001E9515, 0x001E9A00, 0x001E9C15, 0x001E9E00,
            0x001E9F15, 0x001EA000, 0x001EA115, 0x001EA200, 0x001EA315, 0x001EA400, 0x001EA515,
            0x001EA600, 0x001EA715, 0x001EA800, 0x001EA915, 0x001EAA00, 0x001EAB15, 0x001EAC00,
            0x001EAD15, 0x001EAE00, 0x001EAF15, 0x001EB000, 0x001EB115, 0x001EB200, 0x001EB315,
            0x001EB400, 0x001EB515, 0x001EB600, 0x001EB715, 0x001EB800, 0x001EB915, 0x001EBA00,
            0x001EBB15, 0x001EBC00, 0x001EBD15, 0x001EBE00, 0x001EBF15, 0x001EC000, 0x001EC115,
            0x001EC200, 0x001EC315, 0x001EC400, 0x001EC515, 0x001EC600, 0x001EC715, 0x001EC800,
            0x001EC915, 0x001ECA00, 0x001ECB15, 0x001ECC00, 0x001ECD15, 0x001ECE00, 0x001ECF15,
            0x001ED000, 0x001ED115, 0x001ED200, 0x001ED315, 0x001ED400, 0x001ED515, 0x001ED600,
            0x001ED715, 0x001ED800, 0x001ED915, 0x001EDA00, 0x001EDB15, 0x001EDC00, 0x001EDD15,
            0x001EDE00, 0x001EDF15, 0x001EE000, 0x001EE115, 0x001EE200, 0x001EE315, 0x001EE400,
            0x001EE515, 0x001EE600, 0x001EE715, 0x001EE800, 0x001EE915, 0x001EEA00, 0x001EEB15,
            0x001EEC00, 0x001EED15, 0x001EEE00, 0x001EEF15, 0x001EF000, 0x001EF115, 0x001EF200,
            0x001EF315, 0x001EF400, 0x001EF515, 0x001EF600, 0x001EF715, 0x001EF800, 0x001EF915,
            0x001EFA00, 0x001EFB15, 0x001EFC00, 0x001EFD15, 0x001EFE00, 0x001EFF15, 0x001F0010,
            0x001F0800, 0x001F1010, 0x001F1600, 0x001F2010, 0x001F2800, 0x001F3010, 0x001F3800,
            0x001F4010, 0x001F4600, 0x001F5010, 0x001F5800, 0x001F6010, 0x001F6800, 0x001F7010,
            0x001F7100, 0x001F7210, 0x001F7300, 0x001F7410, 0x001F7500, 0x001F7610, 0x001F7700,
            0x001F7810, 0x001F7900, 0x001F7A10, 0x001F7B00, 0x001F7C10, 0x001F7D00, 0x001FB010,
            0x001FB200, 0x001FB610, 0x001FB700, 0x001FC610, 0x001FC700, 0x001FD010, 0x001FD300,
            0x001FD610, 0x001FD800, 0x001FE010, 0x001FE300, 0x001FE410, 0x001FE800, 0x001FF610,
            0x001FF700, 0x00200C01, 0x00200E00, 0x00214E15, 0x00214F00, 0x00218415, 0x00218500,
            0x002C3015, 0x002C6000, 0x002C6115, 0x002C6200, 0x002C6515, 0x002C6700, 0x002C6815,
            0x002C6900, 0x002C6A15, 0x002C6B00, 0x002C6C15, 0x002C6D00, 0x002C7115, 0x002C7200,
            0x002C7315, 0x002C7500, 0x002C7615, 0x002C7C00, 0x002C8115, 0x002C8200, 0x002C8315,
            0x002C8400, 0x002C8515, 0x002C8600, 0x002C8715, 0x002C8800, 0x002C8915, 0x002C8A00,
            0x002C8B15, 0x002C8C00, 0x002C8D15, 0x002C8E00, 0x002C8F15, 0x002C9000, 0x002C9115,
            0x002C9200, 0x002C9315, 0x002C9400, 0x002C9515, 0x002C9600, 0x002C9715, 0x002C9800,
            0x002C9915, 0x002C9A00, 0x002C9B15, 0x002C9C00, 0x002C9D15, 0x002C9E00, 0x002C9F15,
            0x002CA000, 0x002CA115, 0x002CA200, 0x002CA315, 0x002CA400, 0x002CA515, 0x002CA600,
            0x002CA715, 0x002CA800, 0x002CA915, 0x002CAA00, 0x002CAB15, 0x002CAC00, 0x002CAD15,
            0x002CAE00, 0x002CAF15, 0x002CB000, 0x002CB115, 0x002CB200, 0x002CB315, 0x002CB400,
            0x002CB515, 0x002CB600, 0x002CB715, 0x002CB800, 0x002CB915, 0x002CBA00, 0x002CBB15,
            0x002CBC00, 0x002CBD15, 0x002CBE00, 0x002CBF15, 0x002CC000, 0x002CC115, 0x002CC200,
            0x002CC315, 0x002CC400, 0x002CC515, 0x002CC600, 0x002CC715, 0x002CC800, 0x002CC915,
            0x002CCA00, 0x002CCB15, 0x002CCC00, 0x002CCD15, 0x002CCE00, 0x002CCF15, 0x002CD000,
            0x002CD115, 0x002CD200, 0x002CD315, 0x002CD400, 0x002CD515, 0x002CD600, 0x002CD715,
            0x002CD800, 0x002CD915, 0x002CDA00, 0x002CDB15, 0x002CDC00, 0x002CDD15, 0x002CDE00,
            0x002CDF15, 0x002CE000, 0x002CE115, 0x002CE200, 0x002CE315, 0x002CE500, 0x002CEC15,
            0x002CED00, 0x002CEE15, 0x002CEF4D, 0x002CF200, 0x002CF315, 0x002CF400, 0x002D0015,
            0x002D2600, 0x002D2715, 0x002D2800, 0x002D2D15, 0x002D2E00, 0x002D3015, 0x002D6800,
            0x002D7F33, 0x002D8015, 0x002D9700, 0x002DA015, 0x002DA700, 0x002DA815, 0x002DAF00,
            0x002DB015, 0x002DB700, 0x002DB815, 0x002DBF00, 0x002DC015, 0x002DC700, 0x002DC815,
            0x002DCF00, 0x002DD015, 0x002DD700, 0x002DD815, 0x002DDF00, 0x002DE04D, 0x002E0000,
            0x002E2F5B, 0x002E3000, 0x00300511, 0x00300615, 0x00300711, 0x00300800, 0x00302A49,
            0x00302B4C, 0x00302C4E, 0x00302D4B, 0x00302E00, 0x00303C15, 0x00303D00, 0x00304113,
            0x00309700, 0x00309954, 0x00309B00, 0x00309D13, 0x00309F00, 0x0030A114, 0x0030FB05,
            0x0030FC15, 0x0030FD14, 0x0030FF00, 0x00310515, 0x00313000, 0x0031A015, 0x0031C000,
            0x0031F014, 0x00320000, 0x00340011, 0x004DC000, 0x004E0011, 0x00A00015, 0x00A48D00,
            0x00A4D015, 0x00A4FE00, 0x00A50015, 0x00A60D00, 0x00A61015, 0x00A62C00, 0x00A64115,
            0x00A64200, 0x00A64315, 0x00A64400, 0x00A64515, 0x00A64600, 0x00A64715, 0x00A64800,
            0x00A64915, 0x00A64A00, 0x00A64B15, 0x00A64C00, 0x00A64D15, 0x00A64E00, 0x00A64F15,
            0x00A65000, 0x00A65115, 0x00A65200, 0x00A65315, 0x00A65400, 0x00A65515, 0x00A65600,
            0x00A65715, 0x00A65800, 0x00A65915, 0x00A65A00, 0x00A65B15, 0x00A65C00, 0x00A65D15,
            0x00A65E00, 0x00A65F15, 0x00A66000, 0x00A66115, 0x00A66200, 0x00A66315, 0x00A66400,
            0x00A66515, 0x00A66600, 0x00A66715, 0x00A66800, 0x00A66915, 0x00A66A00, 0x00A66B15,
            0x00A66C00, 0x00A66D15, 0x00A66F4D, 0x00A67000, 0x00A6744D, 0x00A67E00, 0x00A67F5B,
            0x00A68000, 0x00A68115, 0x00A68200, 0x00A68315, 0x00A68400, 0x00A68515, 0x00A68600,
            0x00A68715, 0x00A68800, 0x00A68915, 0x00A68A00, 0x00A68B15, 0x00A68C00, 0x00A68D15,
            0x00A68E00, 0x00A68F15, 0x00A69000, 0x00A69115, 0x00A69200, 0x00A69315, 0x00A69400,
            0x00A69515, 0x00A69600, 0x00A69715, 0x00A69800, 0x00A69915, 0x00A69A00, 0x00A69B15,
            0x00A69C00, 0x00A69E4D, 0x00A6A015, 0x00A6E600, 0x00A6F04D, 0x00A6F200, 0x00A7175B,
            0x00A72000, 0x00A72315, 0x00A72400, 0x00A72515, 0x00A72600, 0x00A72715, 0x00A72800,
            0x00A72915, 0x00A72A00, 0x00A72B15, 0x00A72C00, 0x00A72D15, 0x00A72E00, 0x00A72F15,
            0x00A73200, 0x00A73315, 0x00A73400, 0x00A73515, 0x00A73600, 0x00A73715, 0x00A73800,
            0x00A73915, 0x00A73A00, 0x00A73B15, 0x00A73C00, 0x00A73D15, 0x00A73E00, 0x00A73F15,
            0x00A74000, 0x00A74115, 0x00A74200, 0x00A74315, 0x00A74400, 0x00A74515, 0x00A74600,
            0x00A74715, 0x00A74800, 0x00A74915, 0x00A74A00, 0x00A74B15, 0x00A74C00, 0x00A74D15,
            0x00A74E00, 0x00A74F15, 0x00A75000, 0x00A75115, 0x00A75200, 0x00A75315, 0x00A75400,
            0x00A75515, 0x00A75600, 0x00A75715, 0x00A75800, 0x00A75915, 0x00A75A00, 0x00A75B15,
            0x00A75C00, 0x00A75D15, 0x00A75E00, 0x00A75F15, 0x00A76000, 0x00A76115, 0x00A76200,
            0x00A76315, 0x00A76400, 0x00A76515, 0x00A76600, 0x00A76715, 0x00A76800, 0x00A76915,
            0x00A76A00, 0x00A76B15, 0x00A76C00, 0x00A76D15, 0x00A76E00, 0x00A76F15, 0x00A77000,
            0x00A77115, 0x00A77900, 0x00A77A15, 0x00A77B00, 0x00A77C15, 0x00A77D00, 0x00A77F15,
            0x00A78000, 0x00A78115, 0x00A78200, 0x00A78315, 0x00A78400, 0x00A78515, 0x00A78600,
            0x00A78715, 0x00A7885B, 0x00A78900, 0x00A78C15, 0x00A78D00, 0x00A78E15, 0x00A79000,
            0x00A79115, 0x00A79200, 0x00A79315, 0x00A79600, 0x00A79715, 0x00A79800, 0x00A79915,
            0x00A79A00, 0x00A79B15, 0x00A79C00, 0x00A79D15, 0x00A79E00, 0x00A79F15, 0x00A7A000,
            0x00A7A115, 0x00A7A200, 0x00A7A315, 0x00A7A400, 0x00A7A515, 0x00A7A600, 0x00A7A715,
            0x00A7A800, 0x00A7A915, 0x00A7AA00, 0x00A7AF15, 0x00A7B000, 0x00A7B515, 0x00A7B600,
            0x00A7B715, 0x00A7B800, 0x00A7B915, 0x00A7BA00, 0x00A7BB15, 0x00A7BC00, 0x00A7BD15,
            0x00A7BE00, 0x00A7BF15, 0x00A7C000, 0x00A7C115, 0x00A7C200, 0x00A7C315, 0x00A7C400,
            0x00A7C815, 0x00A7C900, 0x00A7CA15, 0x00A7CB00, 0x00A7D115, 0x00A7D200, 0x00A7D315,
            0x00A7D400, 0x00A7D515, 0x00A7D600, 0x00A7D715, 0x00A7D800, 0x00A7D915, 0x00A7DA00,
            0x00A7F615, 0x00A7F800, 0x00A7FA15, 0x00A80230, 0x00A80315, 0x00A80633, 0x00A80715,
            0x00A80B30, 0x00A80C15, 0x00A82316, 0x00A82530, 0x00A82716, 0x00A82800, 0x00A82C33,
            0x00A82D00, 0x00A8400E, 0x00A8720F, 0x00A87315, 0x00A87400, 0x00A88016, 0x00A88215,
            0x00A8B416, 0x00A8C433, 0x00A8C530, 0x00A8C600, 0x00A8D015, 0x00A8DA00, 0x00A8E04D,
            0x00A8F215, 0x00A8F800, 0x00A8FB15, 0x00A8FC00, 0x00A8FD15, 0x00A8FF30, 0x00A90015,
            0x00A92630, 0x00A92B4A, 0x00A92E00, 0x00A93015, 0x00A94730, 0x00A95216, 0x00A95317,
            0x00A95400, 0x00A98030, 0x00A98316, 0x00A98415, 0x00A9B332, 0x00A9B416, 0x00A9B630,
            0x00A9BA16, 0x00A9BC30, 0x00A9BE16, 0x00A9C017, 0x00A9C100, 0x00A9CF15, 0x00A9DA00,
            0x00A9E015, 0x00A9E530, 0x00A9E615, 0x00A9FF00, 0x00AA0015, 0x00AA2930, 0x00AA2F16,
            0x00AA3130, 0x00AA3316, 0x00AA3530, 0x00AA3700, 0x00AA4015, 0x00AA4330, 0x00AA4415,
            0x00AA4C30, 0x00AA4D16, 0x00AA4E00, 0x00AA5015, 0x00AA5A00, 0x00AA6015, 0x00AA7700,
            0x00AA7A15, 0x00AA7B16, 0x00AA7C30, 0x00AA7D16, 0x00AA7E15, 0x00AAB04D, 0x00AAB115,
            0x00AAB24D, 0x00AAB44A, 0x00AAB515, 0x00AAB74D, 0x00AAB915, 0x00AABE4D, 0x00AAC015,
            0x00AAC14D, 0x00AAC215, 0x00AAC300, 0x00AADB15, 0x00AADE00, 0x00AAE015, 0x00AAEB16,
            0x00AAEC30, 0x00AAEE16, 0x00AAF000, 0x00AAF215, 0x00AAF516, 0x00AAF633, 0x00AAF700,
            0x00AB0115, 0x00AB0700, 0x00AB0915, 0x00AB0F00, 0x00AB1115, 0x00AB1700, 0x00AB2015,
            0x00AB2700, 0x00AB2815, 0x00AB2F00, 0x00AB3015, 0x00AB5B00, 0x00AB6015, 0x00AB6510,
            0x00AB6615, 0x00AB6900, 0x00ABC015, 0x00ABE316, 0x00ABE530, 0x00ABE616, 0x00ABE830,
            0x00ABE916, 0x00ABEB00, 0x00ABEC16, 0x00ABED33, 0x00ABEE00, 0x00ABF015, 0x00ABFA00,
            0x00AC0015, 0x00D7A400, 0x00FA0E11, 0x00FA1000, 0x00FA1111, 0x00FA1200, 0x00FA1311,
            0x00FA1500, 0x00FA1F11, 0x00FA2000, 0x00FA2111, 0x00FA2200, 0x00FA2311, 0x00FA2500,
            0x00FA2711, 0x00FA2A00, 0x00FB1E2B, 0x00FB1F00, 0x00FE204D, 0x00FE274A, 0x00FE2E4D,
            0x00FE3000, 0x00FE7309, 0x00FE7400, 0x01000015, 0x01000C00, 0x01000D15, 0x01002700,
            0x01002815, 0x01003B00, 0x01003C15, 0x01003E00, 0x01003F15, 0x01004E00, 0x01005015,
            0x01005E00, 0x01008015, 0x0100FB00, 0x0101FD4A, 0x0101FE00, 0x01028015, 0x01029D00,
            0x0102A015, 0x0102D100, 0x0102E04A, 0x0102E100, 0x01030015, 0x01032000, 0x01032D15,
            0x01034100, 0x01034215, 0x01034A00, 0x01035015, 0x0103764D, 0x01037B00, 0x01038015,
            0x01039E00, 0x0103A015, 0x0103C400, 0x0103C815, 0x0103D000, 0x01042815, 0x01049E00,
            0x0104A015, 0x0104AA00, 0x0104D815, 0x0104FC00, 0x01050015, 0x01052800, 0x01053015,
            0x01056400, 0x01059715, 0x0105A200, 0x0105A315, 0x0105B200, 0x0105B315, 0x0105BA00,
            0x0105BB15, 0x0105BD00, 0x01060015, 0x01073700, 0x01074015, 0x01075600, 0x01076015,
            0x01076800, 0x01078015, 0x01078100, 0x0108005F, 0x01080600, 0x0108085F, 0x01080900,
            0x01080A5F, 0x01083600, 0x0108375F, 0x01083900, 0x01083C5F, 0x01083D00, 0x01083F5F,
            0x01085600, 0x0108605F, 0x01087700, 0x0108805F, 0x01089F00, 0x0108E05F, 0x0108F300,
            0x0108F45F, 0x0108F600, 0x0109005F, 0x01091600, 0x0109205F, 0x01093A00, 0x0109805F,
            0x0109B800, 0x0109BE5F, 0x0109C000, 0x010A005F, 0x010A0130, 0x010A0400, 0x010A0530,
            0x010A0700, 0x010A0C30, 0x010A0D4A, 0x010A0E30, 0x010A0F4D, 0x010A105F, 0x010A1400,
            0x010A155F, 0x010A1800, 0x010A195F, 0x010A3600, 0x010A384D, 0x010A3931, 0x010A3A4A,
            0x010A3B00, 0x010A3F33, 0x010A4000, 0x010A605F, 0x010A7D00, 0x010A805F, 0x010A9D00,
            0x010AC05C, 0x010AC560, 0x010AC65F, 0x010AC760, 0x010AC800, 0x010AC960, 0x010ACB5F,
            0x010ACD5D, 0x010ACE60, 0x010AD35C, 0x010AD75D, 0x010AD85C, 0x010ADD60, 0x010ADE5C,
            0x010AE160, 0x010AE25F, 0x010AE460, 0x010AE54D, 0x010AE64A, 0x010AE700, 0x010B005F,
            0x010B3600, 0x010B405F, 0x010B5600, 0x010B605F, 0x010B7300, 0x010B805C, 0x010B8160,
            0x010B825C, 0x010B8360, 0x010B865C, 0x010B8960, 0x010B8A5C, 0x010B8C60, 0x010B8D5C,
            0x010B8E60, 0x010B905C, 0x010B9160, 0x010B9200, 0x010C005F, 0x010C4900, 0x010CC05F,
            0x010CF300, 0x010D0008, 0x010D0107, 0x010D220A, 0x010D2307, 0x010D244D, 0x010D2800,
            0x010D300B, 0x010D3A00, 0x010E805F, 0x010EAA00, 0x010EAB4D, 0x010EAD00, 0x010EB05F,
            0x010EB200, 0x010F005F, 0x010F1D00, 0x010F275F, 0x010F2800, 0x010F3007, 0x010F330A,
            0x010F3407, 0x010F4509, 0x010F464A, 0x010F484D, 0x010F4B4A, 0x010F4C4D, 0x010F4D4A,
            0x010F5100, 0x010F705C, 0x010F7460, 0x010F765C, 0x010F824D, 0x010F834A, 0x010F844D,
            0x010F854A, 0x010F8600, 0x010FB05C, 0x010FB15F, 0x010FB25C, 0x010FB460, 0x010FB75F,
            0x010FB85C, 0x010FB960, 0x010FBB5C, 0x010FBD60, 0x010FBE5C, 0x010FC05F, 0x010FC15C,
            0x010FC260, 0x010FC45C, 0x010FC500, 0x010FE05F, 0x010FF700, 0x01100016, 0x01100130,
            0x01100216, 0x01100315, 0x01103830, 0x01104633, 0x01104700, 0x01106615, 0x01107033,
            0x01107115, 0x01107330, 0x01107515, 0x01107600, 0x01107F33, 0x01108030, 0x01108216,
            0x01108315, 0x0110B016, 0x0110B330, 0x0110B716, 0x0110B933, 0x0110BA53, 0x0110BB00,
            0x0110C230, 0x0110C300, 0x0110D015, 0x0110E900, 0x0110F015, 0x0110FA00, 0x0111004D,
            0x01110315, 0x01112751, 0x01112830, 0x01112C16, 0x01112D30, 0x01113333, 0x01113500,
            0x01113615, 0x01114000, 0x01114415, 0x01114516, 0x01114715, 0x01114800, 0x01115015,
            0x01117332, 0x01117400, 0x01117615, 0x01117700, 0x01118030, 0x01118216, 0x01118315,
            0x0111B316, 0x0111B630, 0x0111BF16, 0x0111C017, 0x0111C115, 0x0111C500, 0x0111C930,
            0x0111CA32, 0x0111CB30, 0x0111CD00, 0x0111CE16, 0x0111CF30, 0x0111D015, 0x0111DB00,
            0x0111DC15, 0x0111DD00, 0x01120015, 0x01121200, 0x01121315, 0x01122C16, 0x01122F30,
            0x01123216, 0x01123430, 0x01123517, 0x01123632, 0x01123730, 0x01123800, 0x01123E30,
            0x01123F00, 0x01128015, 0x01128700, 0x01128815, 0x01128900, 0x01128A15, 0x01128E00,
            0x01128F15, 0x01129E00, 0x01129F15, 0x0112A900, 0x0112B015, 0x0112DF30, 0x0112E016,
            0x0112E330, 0x0112E932, 0x0112EA33, 0x0112EB00, 0x0112F015, 0x0112FA00, 0x01130030,
            0x01130216, 0x01130400, 0x01130515, 0x01130D00, 0x01130F15, 0x01131100, 0x01131315,
            0x01132900, 0x01132A15, 0x01133100, 0x01133215, 0x01133400, 0x01133515, 0x01133A00,
            0x01133B32, 0x01133D15, 0x01133E18, 0x01133F16, 0x01134030, 0x01134116, 0x01134500,
            0x01134716, 0x01134900, 0x01134B16, 0x01134D17, 0x01134E00, 0x01135015, 0x01135100,
            0x01135718, 0x01135800, 0x01135D15, 0x01136216, 0x01136400, 0x0113664D, 0x01136D00,
            0x0113704D, 0x01137500, 0x01140015, 0x01143516, 0x01143830, 0x01144016, 0x01144233,
            0x01144330, 0x01144516, 0x01144632, 0x01144715, 0x01144B00, 0x01145015, 0x01145A00,
            0x01145E4D, 0x01145F15, 0x01146200, 0x01148015, 0x0114B018, 0x0114B116, 0x0114B330,
            0x0114B916, 0x0114BA51, 0x0114BB16, 0x0114BD18, 0x0114BE16, 0x0114BF30, 0x0114C116,
            0x0114C233, 0x0114C332, 0x0114C415, 0x0114C600, 0x0114C715, 0x0114C800, 0x0114D015,
            0x0114DA00, 0x01158015, 0x0115AF18, 0x0115B016, 0x0115B230, 0x0115B600, 0x0115B816,
            0x0115BC30, 0x0115BE16, 0x0115BF33, 0x0115C032, 0x0115C100, 0x0115D815, 0x0115DC30,
            0x0115DE00, 0x01160015, 0x01163016, 0x01163330, 0x01163B16, 0x01163D30, 0x01163E16,
            0x01163F33, 0x01164030, 0x01164100, 0x01164415, 0x01164500, 0x01165015, 0x01165A00,
            0x01168015, 0x0116AB30, 0x0116AC16, 0x0116AD30, 0x0116AE16, 0x0116B030, 0x0116B617,
            0x0116B732, 0x0116B815, 0x0116B900, 0x0116C015, 0x0116CA00, 0x01170015, 0x01171B00,
            0x01171D30, 0x01172016, 0x01172230, 0x01172616, 0x01172730, 0x01172B33, 0x01172C00,
            0x01173015, 0x01173A00, 0x01174015, 0x01174700, 0x01180015, 0x01182C16, 0x01182F30,
            0x01183816, 0x01183933, 0x01183A32, 0x01183B00, 0x0118C015, 0x0118EA00, 0x0118FF15,
            0x01190700, 0x01190915, 0x01190A00, 0x01190C15, 0x01191400, 0x01191515, 0x01191700,
            0x01191815, 0x01193018, 0x01193116, 0x01193600, 0x01193716, 0x01193900, 0x01193B30,
            0x01193D17, 0x01193E33, 0x01193F15, 0x01194016, 0x01194115, 0x01194216, 0x01194332,
            0x01194400, 0x01195015, 0x01195A00, 0x0119A015, 0x0119A800, 0x0119AA15, 0x0119D116,
            0x0119D430, 0x0119D800, 0x0119DA30, 0x0119DC16, 0x0119E033, 0x0119E115, 0x0119E200,
            0x0119E315, 0x0119E416, 0x0119E500, 0x011A0015, 0x011A0130, 0x011A0719, 0x011A0930,
            0x011A0B15, 0x011A3330, 0x011A3433, 0x011A3530, 0x011A3916, 0x011A3A15, 0x011A3B30,
            0x011A3F00, 0x011A4733, 0x011A4800, 0x011A5015, 0x011A5130, 0x011A5716, 0x011A5930,
            0x011A5C15, 0x011A8A30, 0x011A9716, 0x011A9830, 0x011A9933, 0x011A9A00, 0x011A9D15,
            0x011A9E00, 0x011AB015, 0x011AF900, 0x011C0015, 0x011C0900, 0x011C0A15, 0x011C2F16,
            0x011C3030, 0x011C3700, 0x011C3830, 0x011C3E16, 0x011C3F1A, 0x011C4015, 0x011C4100,
            0x011C5015, 0x011C5A00, 0x011C7215, 0x011C9000, 0x011C9230, 0x011CA800, 0x011CA916,
            0x011CAA30, 0x011CB116, 0x011CB230, 0x011CB416, 0x011CB530, 0x011CB700, 0x011D0015,
            0x011D0700, 0x011D0815, 0x011D0A00, 0x011D0B15, 0x011D3130, 0x011D3700, 0x011D3A30,
            0x011D3B00, 0x011D3C30, 0x011D3E00, 0x011D3F30, 0x011D4232, 0x011D4330, 0x011D4433,
            0x011D4615, 0x011D4730, 0x011D4800, 0x011D5015, 0x011D5A00, 0x011D6015, 0x011D6600,
            0x011D6715, 0x011D6900, 0x011D6A15, 0x011D8A16, 0x011D8F00, 0x011D9030, 0x011D9200,
            0x011D9316, 0x011D9530, 0x011D9616, 0x011D9733, 0x011D9815, 0x011D9900, 0x011DA015,
            0x011DAA00, 0x011EE015, 0x011EF330, 0x011EF516, 0x011EF700, 0x011FB015, 0x011FB100,
            0x01200015, 0x01239A00, 0x01248015, 0x01254400, 0x012F9015, 0x012FF100, 0x01300015,
            0x01342F00, 0x01440015, 0x01464700, 0x01680015, 0x016A3900, 0x016A4015, 0x016A5F00,
            0x016A6015, 0x016A6A00, 0x016A7015, 0x016ABF00, 0x016AC015, 0x016ACA00, 0x016AD015,
            0x016AEE00, 0x016AF031, 0x016AF500, 0x016B0015, 0x016B304D, 0x016B3700, 0x016B4015,
            0x016B4400, 0x016B5015, 0x016B5A00, 0x016B6315, 0x016B7800, 0x016B7D15, 0x016B9000,
            0x016E6015, 0x016E8000, 0x016F0015, 0x016F4B00, 0x016F4F30, 0x016F5015, 0x016F5116,
            0x016F8800, 0x016F8F30, 0x016F9315, 0x016FA000, 0x016FE015, 0x016FE200, 0x016FE311,
            0x016FE430, 0x016FE500, 0x016FF012, 0x016FF200, 0x01700015, 0x0187F800, 0x01880015,
            0x018CD600, 0x018D0015, 0x018D0900, 0x01AFF014, 0x01AFF400, 0x01AFF514, 0x01AFFC00,
            0x01AFFD14, 0x01AFFF00, 0x01B00014, 0x01B00113, 0x01B12014, 0x01B12300, 0x01B15013,
            0x01B15300, 0x01B16414, 0x01B16800, 0x01B17015, 0x01B2FC00, 0x01BC0015, 0x01BC6B00,
            0x01BC7015, 0x01BC7D00, 0x01BC8015, 0x01BC8900, 0x01BC9015, 0x01BC9A00, 0x01BC9D30,
            0x01BC9E31, 0x01BC9F00, 0x01CF0030, 0x01CF2E00, 0x01CF3030, 0x01CF4700, 0x01DA0030,
            0x01DA3700, 0x01DA3B30, 0x01DA6D00, 0x01DA7530, 0x01DA7600, 0x01DA8430, 0x01DA8500,
            0x01DA9B30, 0x01DAA000, 0x01DAA130, 0x01DAB000, 0x01DF0015, 0x01DF1F00, 0x01E0004D,
            0x01E00700, 0x01E0084D, 0x01E01900, 0x01E01B4D, 0x01E02200, 0x01E0234D, 0x01E02500,
            0x01E0264D, 0x01E02B00, 0x01E10015, 0x01E12D00, 0x01E1304D, 0x01E13715, 0x01E13E00,
            0x01E14015, 0x01E14A00, 0x01E14E15, 0x01E14F00, 0x01E29015, 0x01E2AE4D, 0x01E2AF00,
            0x01E2C015, 0x01E2EC4D, 0x01E2F015, 0x01E2FA00, 0x01E7E015, 0x01E7E700, 0x01E7E815,
            0x01E7EC00, 0x01E7ED15, 0x01E7EF00, 0x01E7F015, 0x01E7FF00, 0x01E8005F, 0x01E8C500,
            0x01E8D04A, 0x01E8D700, 0x01E9225C, 0x01E9444D, 0x01E94A32, 0x01E94B61, 0x01E94C00,
            0x01E9505F, 0x01E95A00, 0x02000011, 0x02A6E000, 0x02A70011, 0x02B73900, 0x02B74011,
            0x02B81E00, 0x02B82011, 0x02CEA200, 0x02CEB011, 0x02EBE100, 0x03000011, 0x03134B00,
        ];
        /// First code point of each composable pair; pairs sorted by first, then second.
        pub(super) static COMPOSE_FIRST: [u32; 479] = [
            0x0061, 0x0061, 0x0061, 0x0061, 0x0061, 0x0061, 0x0061, 0x0061, 0x0061, 0x0061, 0x0061,
            0x0061, 0x0061, 0x0061, 0x0061, 0x0061, 0x0062, 0x0062, 0x0062, 0x0063, 0x0063, 0x0063,
            0x0063, 0x0063, 0x0064, 0x0064, 0x0064, 0x0064, 0x0064, 0x0064, 0x0065, 0x0065, 0x0065,
            0x0065, 0x0065, 0x0065, 0x0065, 0x0065, 0x0065, 0x0065, 0x0065, 0x0065, 0x0065, 0x0065,
            0x0065, 0x0065, 0x0065, 0x0066, 0x0067, 0x0067, 0x0067, 0x0067, 0x0067, 0x0067, 0x0067,
            0x0068, 0x0068, 0x0068, 0x0068, 0x0068, 0x0068, 0x0068, 0x0068, 0x0069, 0x0069, 0x0069,
            0x0069, 0x0069, 0x0069, 0x0069, 0x0069, 0x0069, 0x0069, 0x0069, 0x0069, 0x0069, 0x0069,
            0x006A, 0x006A, 0x006B, 0x006B, 0x006B, 0x006B, 0x006B, 0x006C, 0x006C, 0x006C, 0x006C,
            0x006C, 0x006C, 0x006D, 0x006D, 0x006D, 0x006E, 0x006E, 0x006E, 0x006E, 0x006E, 0x006E,
            0x006E, 0x006E, 0x006E, 0x006F, 0x006F, 0x006F, 0x006F, 0x006F, 0x006F, 0x006F, 0x006F,
            0x006F, 0x006F, 0x006F, 0x006F, 0x006F, 0x006F, 0x006F, 0x006F, 0x0070, 0x0070, 0x0072,
            0x0072, 0x0072, 0x0072, 0x0072, 0x0072, 0x0072, 0x0072, 0x0073, 0x0073, 0x0073, 0x0073,
            0x0073, 0x0073, 0x0073, 0x0074, 0x0074, 0x0074, 0x0074, 0x0074, 0x0074, 0x0074, 0x0074,
            0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0075,
            0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0075, 0x0076, 0x0076, 0x0077,
            0x0077, 0x0077, 0x0077, 0x0077, 0x0077, 0x0077, 0x0078, 0x0078, 0x0079, 0x0079, 0x0079,
            0x0079, 0x0079, 0x0079, 0x0079, 0x0079, 0x0079, 0x0079, 0x007A, 0x007A, 0x007A, 0x007A,
            0x007A, 0x007A, 0x00E2, 0x00E2, 0x00E2, 0x00E2, 0x00E4, 0x00E5, 0x00E6, 0x00E6, 0x00E7,
            0x00EA, 0x00EA, 0x00EA, 0x00EA, 0x00EF, 0x00F4, 0x00F4, 0x00F4, 0x00F4, 0x00F5, 0x00F5,
            0x00F5, 0x00F6, 0x00F8, 0x00FC, 0x00FC, 0x00FC, 0x00FC, 0x0103, 0x0103, 0x0103, 0x0103,
            0x0113, 0x0113, 0x014D, 0x014D, 0x015B, 0x0161, 0x0169, 0x016B, 0x01A1, 0x01A1, 0x01A1,
            0x01A1, 0x01A1, 0x01B0, 0x01B0, 0x01B0, 0x01B0, 0x01B0, 0x01EB, 0x0227, 0x0229, 0x022F,
            0x0292, 0x03B1, 0x03B1, 0x03B1, 0x03B1, 0x03B1, 0x03B1, 0x03B1, 0x03B5, 0x03B5, 0x03B5,
            0x03B5, 0x03B7, 0x03B7, 0x03B7, 0x03B7, 0x03B7, 0x03B9, 0x03B9, 0x03B9, 0x03B9, 0x03B9,
            0x03B9, 0x03B9, 0x03B9, 0x03BF, 0x03BF, 0x03BF, 0x03BF, 0x03C1, 0x03C1, 0x03C5, 0x03C5,
            0x03C5, 0x03C5, 0x03C5, 0x03C5, 0x03C5, 0x03C5, 0x03C9, 0x03C9, 0x03C9, 0x03C9, 0x03C9,
            0x03CA, 0x03CA, 0x03CA, 0x03CB, 0x03CB, 0x03CB, 0x0430, 0x0430, 0x0433, 0x0435, 0x0435,
            0x0435, 0x0436, 0x0436, 0x0437, 0x0438, 0x0438, 0x0438, 0x0438, 0x043A, 0x043E, 0x0443,
            0x0443, 0x0443, 0x0443, 0x0447, 0x044B, 0x044D, 0x0456, 0x0475, 0x04D9, 0x04E9, 0x0627,
            0x0627, 0x0627, 0x0648, 0x064A, 0x06C1, 0x06D2, 0x06D5, 0x0928, 0x0930, 0x0933, 0x09C7,
            0x09C7, 0x0B47, 0x0B47, 0x0B47, 0x0B92, 0x0BC6, 0x0BC6, 0x0BC7, 0x0C46, 0x0CBF, 0x0CC6,
            0x0CC6, 0x0CC6, 0x0CCA, 0x0D46, 0x0D46, 0x0D47, 0x0DD9, 0x0DD9, 0x0DD9, 0x0DDC, 0x1025,
            0x1B05, 0x1B07, 0x1B09, 0x1B0B, 0x1B0D, 0x1B11, 0x1B3A, 0x1B3C, 0x1B3E, 0x1B3F, 0x1B42,
            0x1E37, 0x1E5B, 0x1E63, 0x1EA1, 0x1EA1, 0x1EB9, 0x1ECD, 0x1F00, 0x1F00, 0x1F00, 0x1F01,
            0x1F01, 0x1F01, 0x1F10, 0x1F10, 0x1F11, 0x1F11, 0x1F20, 0x1F20, 0x1F20, 0x1F21, 0x1F21,
            0x1F21, 0x1F30, 0x1F30, 0x1F30, 0x1F31, 0x1F31, 0x1F31, 0x1F40, 0x1F40, 0x1F41, 0x1F41,
            0x1F50, 0x1F50, 0x1F50, 0x1F51, 0x1F51, 0x1F51, 0x1F60, 0x1F60, 0x1F60, 0x1F61, 0x1F61,
            0x1F61, 0x3046, 0x304B, 0x304D, 0x304F, 0x3051, 0x3053, 0x3055, 0x3057, 0x3059, 0x305B,
            0x305D, 0x305F, 0x3061, 0x3064, 0x3066, 0x3068, 0x306F, 0x306F, 0x3072, 0x3072, 0x3075,
            0x3075, 0x3078, 0x3078, 0x307B, 0x307B, 0x309D, 0x30A6, 0x30AB, 0x30AD, 0x30AF, 0x30B1,
            0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8,
            0x30CF, 0x30CF, 0x30D2, 0x30D2, 0x30D5, 0x30D5, 0x30D8, 0x30D8, 0x30DB, 0x30DB, 0x30EF,
            0x30F0, 0x30F1, 0x30F2, 0x30FD, 0x11099, 0x1109B, 0x110A5, 0x11131, 0x11132, 0x11347,
            0x11347, 0x114B9, 0x114B9, 0x114B9, 0x115B8, 0x115B9, 0x11935,
        ];
        /// Second code point of each pair.
        pub(super) static COMPOSE_SECOND: [u32; 479] = [
            0x0300, 0x0301, 0x0302, 0x0303, 0x0304, 0x0306, 0x0307, 0x0308, 0x0309, 0x030A, 0x030C,
            0x030F, 0x0311, 0x0323, 0x0325, 0x0328, 0x0307, 0x0323, 0x0331, 0x0301, 0x0302, 0x0307,
            0x030C, 0x0327, 0x0307, 0x030C, 0x0323, 0x0327, 0x032D, 0x0331, 0x0300, 0x0301, 0x0302,
            0x0303, 0x0304, 0x0306, 0x0307, 0x0308, 0x0309, 0x030C, 0x030F, 0x0311, 0x0323, 0x0327,
            0x0328, 0x032D, 0x0330, 0x0307, 0x0301, 0x0302, 0x0304, 0x0306, 0x0307, 0x030C, 0x0327,
            0x0302, 0x0307, 0x0308, 0x030C, 0x0323, 0x0327, 0x032E, 0x0331, 0x0300, 0x0301, 0x0302,
            0x0303, 0x0304, 0x0306, 0x0308, 0x0309, 0x030C, 0x030F, 0x0311, 0x0323, 0x0328, 0x0330,
            0x0302, 0x030C, 0x0301, 0x030C, 0x0323, 0x0327, 0x0331, 0x0301, 0x030C, 0x0323, 0x0327,
            0x032D, 0x0331, 0x0301, 0x0307, 0x0323, 0x0300, 0x0301, 0x0303, 0x0307, 0x030C, 0x0323,
            0x0327, 0x032D, 0x0331, 0x0300, 0x0301, 0x0302, 0x0303, 0x0304, 0x0306, 0x0307, 0x0308,
            0x0309, 0x030B, 0x030C, 0x030F, 0x0311, 0x031B, 0x0323, 0x0328, 0x0301, 0x0307, 0x0301,
            0x0307, 0x030C, 0x030F, 0x0311, 0x0323, 0x0327, 0x0331, 0x0301, 0x0302, 0x0307, 0x030C,
            0x0323, 0x0326, 0x0327, 0x0307, 0x0308, 0x030C, 0x0323, 0x0326, 0x0327, 0x032D, 0x0331,
            0x0300, 0x0301, 0x0302, 0x0303, 0x0304, 0x0306, 0x0308, 0x0309, 0x030A, 0x030B, 0x030C,
            0x030F, 0x0311, 0x031B, 0x0323, 0x0324, 0x0328, 0x032D, 0x0330, 0x0303, 0x0323, 0x0300,
            0x0301, 0x0302, 0x0307, 0x0308, 0x030A, 0x0323, 0x0307, 0x0308, 0x0300, 0x0301, 0x0302,
            0x0303, 0x0304, 0x0307, 0x0308, 0x0309, 0x030A, 0x0323, 0x0301, 0x0302, 0x0307, 0x030C,
            0x0323, 0x0331, 0x0300, 0x0301, 0x0303, 0x0309, 0x0304, 0x0301, 0x0301, 0x0304, 0x0301,
            0x0300, 0x0301, 0x0303, 0x0309, 0x0301, 0x0300, 0x0301, 0x0303, 0x0309, 0x0301, 0x0304,
            0x0308, 0x0304, 0x0301, 0x0300, 0x0301, 0x0304, 0x030C, 0x0300, 0x0301, 0x0303, 0x0309,
            0x0300, 0x0301, 0x0300, 0x0301, 0x0307, 0x0307, 0x0301, 0x0308, 0x0300, 0x0301, 0x0303,
            0x0309, 0x0323, 0x0300, 0x0301, 0x0303, 0x0309, 0x0323, 0x0304, 0x0304, 0x0306, 0x0304,
            0x030C, 0x0300, 0x0301, 0x0304, 0x0306, 0x0313, 0x0314, 0x0342, 0x0300, 0x0301, 0x0313,
            0x0314, 0x0300, 0x0301, 0x0313, 0x0314, 0x0342, 0x0300, 0x0301, 0x0304, 0x0306, 0x0308,
            0x0313, 0x0314, 0x0342, 0x0300, 0x0301, 0x0313, 0x0314, 0x0313, 0x0314, 0x0300, 0x0301,
            0x0304, 0x0306, 0x0308, 0x0313, 0x0314, 0x0342, 0x0300, 0x0301, 0x0313, 0x0314, 0x0342,
            0x0300, 0x0301, 0x0342, 0x0300, 0x0301, 0x0342, 0x0306, 0x0308, 0x0301, 0x0300, 0x0306,
            0x0308, 0x0306, 0x0308, 0x0308, 0x0300, 0x0304, 0x0306, 0x0308, 0x0301, 0x0308, 0x0304,
            0x0306, 0x0308, 0x030B, 0x0308, 0x0308, 0x0308, 0x0308, 0x030F, 0x0308, 0x0308, 0x0653,
            0x0654, 0x0655, 0x0654, 0x0654, 0x0654, 0x0654, 0x0654, 0x093C, 0x093C, 0x093C, 0x09BE,
            0x09D7, 0x0B3E, 0x0B56, 0x0B57, 0x0BD7, 0x0BBE, 0x0BD7, 0x0BBE, 0x0C56, 0x0CD5, 0x0CC2,
            0x0CD5, 0x0CD6, 0x0CD5, 0x0D3E, 0x0D57, 0x0D3E, 0x0DCA, 0x0DCF, 0x0DDF, 0x0DCA, 0x102E,
            0x1B35, 0x1B35, 0x1B35, 0x1B35, 0x1B35, 0x1B35, 0x1B35, 0x1B35, 0x1B35, 0x1B35, 0x1B35,
            0x0304, 0x0304, 0x0307, 0x0302, 0x0306, 0x0302, 0x0302, 0x0300, 0x0301, 0x0342, 0x0300,
            0x0301, 0x0342, 0x0300, 0x0301, 0x0300, 0x0301, 0x0300, 0x0301, 0x0342, 0x0300, 0x0301,
            0x0342, 0x0300, 0x0301, 0x0342, 0x0300, 0x0301, 0x0342, 0x0300, 0x0301, 0x0300, 0x0301,
            0x0300, 0x0301, 0x0342, 0x0300, 0x0301, 0x0342, 0x0300, 0x0301, 0x0342, 0x0300, 0x0301,
            0x0342, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099,
            0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x309A, 0x3099, 0x309A, 0x3099,
            0x309A, 0x3099, 0x309A, 0x3099, 0x309A, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099,
            0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099, 0x3099,
            0x3099, 0x309A, 0x3099, 0x309A, 0x3099, 0x309A, 0x3099, 0x309A, 0x3099, 0x309A, 0x3099,
            0x3099, 0x3099, 0x3099, 0x3099, 0x110BA, 0x110BA, 0x110BA, 0x11127, 0x11127, 0x1133E,
            0x11357, 0x114B0, 0x114BA, 0x114BD, 0x115AF, 0x115AF, 0x11930,
        ];
        /// The primary composite of each pair.
        pub(super) static COMPOSE_RESULT: [u32; 479] = [
            0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x0101, 0x0103, 0x0227, 0x00E4, 0x1EA3, 0x00E5, 0x01CE,
            0x0201, 0x0203, 0x1EA1, 0x1E01, 0x0105, 0x1E03, 0x1E05, 0x1E07, 0x0107, 0x0109, 0x010B,
            0x010D, 0x00E7, 0x1E0B, 0x010F, 0x1E0D, 0x1E11, 0x1E13, 0x1E0F, 0x00E8, 0x00E9, 0x00EA,
            0x1EBD, 0x0113, 0x0115, 0x0117, 0x00EB, 0x1EBB, 0x011B, 0x0205, 0x0207, 0x1EB9, 0x0229,
            0x0119, 0x1E19, 0x1E1B, 0x1E1F, 0x01F5, 0x011D, 0x1E21, 0x011F, 0x0121, 0x01E7, 0x0123,
            0x0125, 0x1E23, 0x1E27, 0x021F, 0x1E25, 0x1E29, 0x1E2B, 0x1E96, 0x00EC, 0x00ED, 0x00EE,
            0x0129, 0x012B, 0x012D, 0x00EF, 0x1EC9, 0x01D0, 0x0209, 0x020B, 0x1ECB, 0x012F, 0x1E2D,
            0x0135, 0x01F0, 0x1E31, 0x01E9, 0x1E33, 0x0137, 0x1E35, 0x013A, 0x013E, 0x1E37, 0x013C,
            0x1E3D, 0x1E3B, 0x1E3F, 0x1E41, 0x1E43, 0x01F9, 0x0144, 0x00F1, 0x1E45, 0x0148, 0x1E47,
            0x0146, 0x1E4B, 0x1E49, 0x00F2, 0x00F3, 0x00F4, 0x00F5, 0x014D, 0x014F, 0x022F, 0x00F6,
            0x1ECF, 0x0151, 0x01D2, 0x020D, 0x020F, 0x01A1, 0x1ECD, 0x01EB, 0x1E55, 0x1E57, 0x0155,
            0x1E59, 0x0159, 0x0211, 0x0213, 0x1E5B, 0x0157, 0x1E5F, 0x015B, 0x015D, 0x1E61, 0x0161,
            0x1E63, 0x0219, 0x015F, 0x1E6B, 0x1E97, 0x0165, 0x1E6D, 0x021B, 0x0163, 0x1E71, 0x1E6F,
            0x00F9, 0x00FA, 0x00FB, 0x0169, 0x016B, 0x016D, 0x00FC, 0x1EE7, 0x016F, 0x0171, 0x01D4,
            0x0215, 0x0217, 0x01B0, 0x1EE5, 0x1E73, 0x0173, 0x1E77, 0x1E75, 0x1E7D, 0x1E7F, 0x1E81,
            0x1E83, 0x0175, 0x1E87, 0x1E85, 0x1E98, 0x1E89, 0x1E8B, 0x1E8D, 0x1EF3, 0x00FD, 0x0177,
            0x1EF9, 0x0233, 0x1E8F, 0x00FF, 0x1EF7, 0x1E99, 0x1EF5, 0x017A, 0x1E91, 0x017C, 0x017E,
            0x1E93, 0x1E95, 0x1EA7, 0x1EA5, 0x1EAB, 0x1EA9, 0x01DF, 0x01FB, 0x01FD, 0x01E3, 0x1E09,
            0x1EC1, 0x1EBF, 0x1EC5, 0x1EC3, 0x1E2F, 0x1ED3, 0x1ED1, 0x1ED7, 0x1ED5, 0x1E4D, 0x022D,
            0x1E4F, 0x022B, 0x01FF, 0x01DC, 0x01D8, 0x01D6, 0x01DA, 0x1EB1, 0x1EAF, 0x1EB5, 0x1EB3,
            0x1E15, 0x1E17, 0x1E51, 0x1E53, 0x1E65, 0x1E67, 0x1E79, 0x1E7B, 0x1EDD, 0x1EDB, 0x1EE1,
            0x1EDF, 0x1EE3, 0x1EEB, 0x1EE9, 0x1EEF, 0x1EED, 0x1EF1, 0x01ED, 0x01E1, 0x1E1D, 0x0231,
            0x01EF, 0x1F70, 0x03AC, 0x1FB1, 0x1FB0, 0x1F00, 0x1F01, 0x1FB6, 0x1F72, 0x03AD, 0x1F10,
            0x1F11, 0x1F74, 0x03AE, 0x1F20, 0x1F21, 0x1FC6, 0x1F76, 0x03AF, 0x1FD1, 0x1FD0, 0x03CA,
            0x1F30, 0x1F31, 0x1FD6, 0x1F78, 0x03CC, 0x1F40, 0x1F41, 0x1FE4, 0x1FE5, 0x1F7A, 0x03CD,
            0x1FE1, 0x1FE0, 0x03CB, 0x1F50, 0x1F51, 0x1FE6, 0x1F7C, 0x03CE, 0x1F60, 0x1F61, 0x1FF6,
            0x1FD2, 0x0390, 0x1FD7, 0x1FE2, 0x03B0, 0x1FE7, 0x04D1, 0x04D3, 0x0453, 0x0450, 0x04D7,
            0x0451, 0x04C2, 0x04DD, 0x04DF, 0x045D, 0x04E3, 0x0439, 0x04E5, 0x045C, 0x04E7, 0x04EF,
            0x045E, 0x04F1, 0x04F3, 0x04F5, 0x04F9, 0x04ED, 0x0457, 0x0477, 0x04DB, 0x04EB, 0x0622,
            0x0623, 0x0625, 0x0624, 0x0626, 0x06C2, 0x06D3, 0x06C0, 0x0929, 0x0931, 0x0934, 0x09CB,
            0x09CC, 0x0B4B, 0x0B48, 0x0B4C, 0x0B94, 0x0BCA, 0x0BCC, 0x0BCB, 0x0C48, 0x0CC0, 0x0CCA,
            0x0CC7, 0x0CC8, 0x0CCB, 0x0D4A, 0x0D4C, 0x0D4B, 0x0DDA, 0x0DDC, 0x0DDE, 0x0DDD, 0x1026,
            0x1B06, 0x1B08, 0x1B0A, 0x1B0C, 0x1B0E, 0x1B12, 0x1B3B, 0x1B3D, 0x1B40, 0x1B41, 0x1B43,
            0x1E39, 0x1E5D, 0x1E69, 0x1EAD, 0x1EB7, 0x1EC7, 0x1ED9, 0x1F02, 0x1F04, 0x1F06, 0x1F03,
            0x1F05, 0x1F07, 0x1F12, 0x1F14, 0x1F13, 0x1F15, 0x1F22, 0x1F24, 0x1F26, 0x1F23, 0x1F25,
            0x1F27, 0x1F32, 0x1F34, 0x1F36, 0x1F33, 0x1F35, 0x1F37, 0x1F42, 0x1F44, 0x1F43, 0x1F45,
            0x1F52, 0x1F54, 0x1F56, 0x1F53, 0x1F55, 0x1F57, 0x1F62, 0x1F64, 0x1F66, 0x1F63, 0x1F65,
            0x1F67, 0x3094, 0x304C, 0x304E, 0x3050, 0x3052, 0x3054, 0x3056, 0x3058, 0x305A, 0x305C,
            0x305E, 0x3060, 0x3062, 0x3065, 0x3067, 0x3069, 0x3070, 0x3071, 0x3073, 0x3074, 0x3076,
            0x3077, 0x3079, 0x307A, 0x307C, 0x307D, 0x309E, 0x30F4, 0x30AC, 0x30AE, 0x30B0, 0x30B2,
            0x30B4, 0x30B6, 0x30B8, 0x30BA, 0x30BC, 0x30BE, 0x30C0, 0x30C2, 0x30C5, 0x30C7, 0x30C9,
            0x30D0, 0x30D1, 0x30D3, 0x30D4, 0x30D6, 0x30D7, 0x30D9, 0x30DA, 0x30DC, 0x30DD, 0x30F7,
            0x30F8, 0x30F9, 0x30FA, 0x30FE, 0x1109A, 0x1109C, 0x110AB, 0x1112E, 0x1112F, 0x1134B,
            0x1134C, 0x114BC, 0x114BB, 0x114BE, 0x115BA, 0x115BB, 0x11938,
        ];
        /// Indices into the `COMPOSE_*` tables, sorted by `COMPOSE_RESULT`.
        pub(super) static DECOMPOSE_ORDER: [u16; 479] = [
            0, 1, 2, 3, 7, 9, 23, 30, 31, 32, 37, 63, 64, 65, 69, 95, 102, 103, 104, 105, 109, 143,
            144, 145, 149, 174, 179, 4, 5, 15, 19, 20, 21, 22, 25, 34, 35, 36, 44, 39, 49, 51, 52,
            54, 55, 66, 67, 68, 75, 77, 82, 84, 87, 85, 94, 99, 97, 106, 107, 111, 120, 126, 122,
            128, 129, 134, 131, 140, 137, 146, 147, 148, 151, 152, 159, 166, 175, 183, 185, 186,
            115, 156, 10, 71, 112, 153, 214, 213, 215, 212, 193, 239, 196, 53, 80, 117, 238, 242,
            78, 48, 93, 194, 195, 211, 11, 12, 40, 41, 72, 73, 113, 114, 123, 124, 154, 155, 133,
            139, 58, 6, 43, 210, 208, 108, 241, 177, 287, 244, 251, 255, 260, 290, 263, 277, 268,
            274, 282, 303, 295, 297, 294, 314, 305, 301, 308, 315, 298, 292, 293, 296, 316, 299,
            300, 302, 304, 306, 317, 313, 307, 309, 310, 311, 312, 318, 319, 321, 320, 322, 325,
            323, 324, 326, 327, 328, 329, 330, 332, 331, 333, 334, 335, 337, 336, 338, 339, 341,
            342, 340, 343, 344, 346, 345, 347, 348, 350, 349, 351, 352, 353, 354, 355, 356, 357,
            358, 359, 360, 361, 362, 14, 16, 17, 18, 197, 24, 26, 29, 27, 28, 220, 221, 45, 46,
            240, 47, 50, 56, 59, 57, 60, 61, 76, 202, 79, 81, 83, 86, 363, 89, 88, 90, 91, 92, 96,
            98, 101, 100, 207, 209, 222, 223, 118, 119, 121, 125, 364, 127, 130, 132, 224, 225,
            365, 135, 138, 142, 141, 158, 161, 160, 226, 227, 162, 163, 164, 165, 168, 167, 170,
            171, 172, 178, 184, 187, 188, 62, 136, 169, 181, 13, 8, 190, 189, 192, 191, 366, 217,
            216, 219, 218, 367, 42, 38, 33, 199, 198, 201, 200, 368, 70, 74, 116, 110, 204, 203,
            206, 205, 369, 229, 228, 231, 230, 232, 157, 150, 234, 233, 236, 235, 237, 173, 182,
            180, 176, 247, 248, 370, 373, 371, 374, 372, 375, 252, 253, 376, 378, 377, 379, 256,
            257, 380, 383, 381, 384, 382, 385, 264, 265, 386, 389, 387, 390, 388, 391, 269, 270,
            392, 394, 393, 395, 278, 279, 396, 399, 397, 400, 398, 401, 283, 284, 402, 405, 403,
            406, 404, 407, 243, 250, 254, 259, 267, 273, 281, 246, 245, 249, 258, 262, 261, 286,
            266, 288, 276, 275, 289, 271, 272, 280, 291, 285, 409, 410, 411, 412, 413, 414, 415,
            416, 417, 418, 419, 420, 421, 422, 423, 424, 425, 426, 427, 428, 429, 430, 431, 432,
            433, 408, 434, 436, 437, 438, 439, 440, 441, 442, 443, 444, 445, 446, 447, 448, 449,
            450, 451, 452, 453, 454, 455, 456, 457, 458, 459, 460, 435, 461, 462, 463, 464, 465,
            466, 467, 468, 469, 470, 471, 472, 474, 473, 475, 476, 477, 478,
        ];
    }
}

#[cfg(test)]
mod tests {
    use super::Format;

    /// Checks every case of a table against `expected`, collecting all failures.
    fn check(format: Format, expected: bool, cases: &[&str]) {
        let wrong: Vec<&str> = cases
            .iter()
            .copied()
            .filter(|s| format.is_valid(s) != expected)
            .collect();
        assert!(
            wrong.is_empty(),
            "{} should {} {:?}",
            format.name(),
            if expected { "accept" } else { "reject" },
            wrong
        );
    }

    #[test]
    fn accepts_every_name_back_and_forth() {
        for format in Format::ALL {
            assert_eq!(Format::from_name(format.name()), Some(format));
        }
        for name in [
            "",
            "Date",
            "DATE-TIME",
            "uri",
            "idn-hostname",
            "idn-email",
            "regex",
            "date-time ",
        ] {
            assert_eq!(Format::from_name(name), None, "{name:?}");
        }
    }

    #[test]
    fn accepts_dates() {
        check(
            Format::Date,
            true,
            &[
                "1963-06-19",
                "2000-02-29",
                "2020-02-29",
                "0400-02-29",
                "2021-02-28",
                "0000-01-01",
                "9999-12-31",
                "2021-01-31",
                "2021-04-30",
                "0000-02-29",
            ],
        );
    }

    #[test]
    fn rejects_dates() {
        check(
            Format::Date,
            false,
            &[
                "1900-02-29",
                "2021-02-29",
                "2100-02-29",
                "2021-13-01",
                "2021-00-10",
                "2021-01-00",
                "2021-04-31",
                "2021-01-32",
                "21-01-01",
                "2021-1-01",
                "2021-01-1",
                "2021/01/01",
                "20210101",
                "2021-01-01T",
                "",
                "2021-01-01 ",
                "+2021-01-01",
                "２０２１-01-01",
                "2021-W01-1",
            ],
        );
    }

    #[test]
    fn accepts_times() {
        check(
            Format::Time,
            true,
            &[
                "08:30:06Z",
                "08:30:06z",
                "08:30:06.283185Z",
                "23:59:60Z",
                "23:59:60+00:00",
                "15:59:60-08:00",
                "00:29:60-23:30",
                "12:34:56-00:00",
                "00:00:00+23:59",
                "23:59:59.999999999999999999-23:59",
            ],
        );
    }

    #[test]
    fn rejects_times() {
        check(
            Format::Time,
            false,
            &[
                "12:00:00",
                "12:00:00.52",
                "24:00:00Z",
                "00:60:00Z",
                "00:00:61Z",
                "22:59:60Z",
                "23:58:60Z",
                "23:59:60+01:00",
                "23:59:60-00:30",
                "01:02:03+24:00",
                "01:02:03+00:60",
                "01:02:03Z+00:30",
                "08:30:06 PST",
                "08:30:06.Z",
                "8:30:06Z",
                "08:30:06+0800",
                "08:30:06+08",
                "08:30:06-8:000",
                "08:30:06ZZ",
                "",
                "08:30",
                "1963-06-19T08:30:06Z",
            ],
        );
    }

    #[test]
    fn accepts_date_times() {
        check(
            Format::DateTime,
            true,
            &[
                "1963-06-19T08:30:06.283185Z",
                "1963-06-19t08:30:06.283185z",
                "1963-06-19T08:30:06Z",
                "1998-12-31T23:59:60Z",
                "1998-12-31T15:59:60.123-08:00",
                "2000-02-29T00:00:00+14:00",
                "1937-01-01T12:00:27.87+00:20",
            ],
        );
    }

    #[test]
    fn rejects_date_times() {
        check(
            Format::DateTime,
            false,
            &[
                "1963-06-19T08:30:06",
                "1963-06-19 08:30:06Z",
                "1963-06-19T08:30:06.Z",
                "1998-12-31T23:59:61Z",
                "1998-12-31T22:59:60Z",
                "1990-02-31T15:59:59Z",
                "1900-02-29T00:00:00Z",
                "2021-02-29T00:00:00Z",
                "2013-350T01:01:01Z",
                "1963-06-19T",
                "1963-06-19",
                "T08:30:06Z",
                "1963-06-19T08:30:06Z\n",
            ],
        );
    }

    #[test]
    fn accepts_durations() {
        check(
            Format::Duration,
            true,
            &[
                "P1Y",
                "PT1H",
                "P1W",
                "P0D",
                "PT0S",
                "P1Y2M3DT4H5M6S",
                "P1M2D",
                "P1Y2M",
                "PT1M2S",
                "PT36H",
                "P01D",
                "p1y",
                "P1dt2h",
                "P99999999999999999999999999W",
            ],
        );
    }

    #[test]
    fn rejects_durations() {
        check(
            Format::Duration,
            false,
            &[
                "P", "PT", "P1YT", "P1Y2W", "P1WT1H", "P2D1Y", "P1Y2D", "PT1H2S", "P1D2H", "P2S",
                "PT1D", "P1", "PT0.5S", "PT0,5S", "-P1D", "P-1D", "1D", "", " P1D", "P1D ", "PW",
                "P1Y1Y", "P1M1M", "PT1H1H", "P1DT", "P1D2T3H", "PT1HT1M",
            ],
        );
    }

    #[test]
    fn accepts_emails() {
        check(
            Format::Email,
            true,
            &[
                "joe.bloggs@example.com",
                "te~st@example.com",
                "\"joe bloggs\"@example.com",
                "\"joe..bloggs\"@example.com",
                "\"joe@bloggs\"@example.com",
                "\"a\\\"b\"@example.com",
                "\"\"@example.com",
                "joe.bloggs@[127.0.0.1]",
                "joe@[127.000.0.001]",
                "joe.bloggs@[IPv6:::1]",
                "joe@[ipv6:1:2:3:4:5:6:7:8]",
                "joe@[IPv6:1:2:3:4:5:6:1.2.3.4]",
                "joe@[IPv6:1:2::5:6]",
                "!#$%&'*+-/=?^_`{|}~@example.com",
                "a@b",
                "a@xn--9n2bp8q.xn--9t4b11yi5a",
            ],
        );
        let local = "a".repeat(64);
        let domain = [
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(59),
        ]
        .join(".");
        check(
            Format::Email,
            true,
            &[
                &format!("{local}@example.com"),
                &format!("{local}@{}", &domain[..189]),
            ],
        );
    }

    #[test]
    fn rejects_emails() {
        check(
            Format::Email,
            false,
            &[
                "2962",
                "@example.com",
                "joe.bloggs@",
                ".test@example.com",
                "test.@example.com",
                "te..st@example.com",
                "joe bloggs@example.com",
                "joe.bloggs@invalid=domain.com",
                "joe.bloggs@[127.0.0.300]",
                "user1@oceania.org, user2@oceania.org",
                "\"unterminated@example.com",
                "\"a\"b@example.com",
                "joe@[IPv6:1:2:3:4:5:6:7::]",
                "joe@[IPv6:127.0.0.1]",
                "joe@[1.2.3]",
                "joe@[tag:content]",
                "joe@[]",
                "joe@example.com.",
                "joe@-example.com",
                "jöe@example.com",
                "joe@xn--X",
                "a@@b",
                "a@b@c",
                "\"a\tb\"@example.com",
            ],
        );
        check(
            Format::Email,
            false,
            &[&format!("{}@example.com", "a".repeat(65))],
        );
        let long = format!(
            "{}@{}.{}.{}",
            "a".repeat(64),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(62)
        );
        assert_eq!(long.len(), 255);
        check(Format::Email, false, &[&long]);
    }

    #[test]
    fn accepts_hostnames() {
        check(
            Format::Hostname,
            true,
            &[
                "www.example.com",
                "hostname",
                "1host",
                "a--b.com",
                "r3---sn-abc.example",
                "EXAMPLE.COM",
                "a",
                "xn--9n2bp8q.xn--9t4b11yi5a",
                "XN--9N2BP8Q",
                "xn--bcher-kva.example",
                "xn--ll-0ea",
                "xn--wva3je",
                "xn--4dbc5h",
                "xn--k8j5u",
                "xn--vek778f",
                "xn--ngba1o",
                "xn--0-gyc",
                "xn--11b2ezcw70k",
                "xn--ngba5hb2804a",
                "xn--qmbc",
                "example.xn--qmbc",
                &["a".repeat(63), "b".repeat(63)].join("."),
            ],
        );
        let max = [
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(61),
        ]
        .join(".");
        assert_eq!(max.len(), 253);
        check(Format::Hostname, true, &[&max]);
    }

    #[test]
    fn rejects_hostnames() {
        check(
            Format::Hostname,
            false,
            &[
                "",
                ".",
                ".example",
                "example.",
                "example..com",
                "-hostname",
                "hostname-",
                "host_name",
                "host name",
                "example\u{FF0E}com",
                "\u{212A}elvin.example.com",
                "bücher.example",
                "xn--X",
                "xn--",
                "xn---",
                "xn--abc-",
                "xn---abc",
                "xn--bcher-kva-",
                "xn--a",
                "xn--07jt112bpxg",
                "xn--hello-txk",
                "xn--hello-zed",
                "xn--chb89f",
                "xn--al-0ea",
                "xn--wva3j",
                "xn--5db1e",
                "xn--vek",
                "xn--ngb6iyr",
                "xn--02b508i",
                "XN--aa---o47jg78q",
                "1host.xn--qmbc",
                "xn--qmbc.1host",
                "example.com\n",
                &["a".repeat(64), "com".to_string()].join("."),
            ],
        );
        let long = [
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(62),
        ]
        .join(".");
        assert_eq!(long.len(), 254);
        check(Format::Hostname, false, &[&long]);
    }

    #[test]
    fn rejects_non_nfc_and_uppercase_a_labels() {
        // "e" + COMBINING ACUTE ACCENT is canonically "é": not NFC.
        assert!(!Format::Hostname.is_valid(&a_label(&[0x65, 0x301])));
        // "é" + COMBINING DOT BELOW: NFC reorders and composes to "ẹ" + acute.
        assert!(!Format::Hostname.is_valid(&a_label(&[0xE9, 0x323])));
        // "ẹ" + COMBINING ACUTE ACCENT is NFC (there is no precomposed form).
        assert!(Format::Hostname.is_valid(&a_label(&[0x1EB9, 0x301])));
        // Acute then circumflex (both 230): the second is blocked, so this is NFC.
        assert!(Format::Hostname.is_valid(&a_label(&[0x1EA1, 0x301, 0x302])));
        // "é" alone is NFC; "É" is DISALLOWED (not stable under case folding).
        assert!(Format::Hostname.is_valid(&a_label(&[0xE9])));
        assert!(!Format::Hostname.is_valid(&a_label(&[0xC9])));
        // Out-of-order marks: dot below (220) must precede acute (230).
        assert!(!Format::Hostname.is_valid(&a_label(&[0x78, 0x301, 0x323])));
        assert!(Format::Hostname.is_valid(&a_label(&[0x78, 0x323, 0x301])));
        // "a" + dot below composes to "ạ" even with an acute after it.
        assert!(!Format::Hostname.is_valid(&a_label(&[0x61, 0x323, 0x301])));
        // Bengali vowel sign AA after KA is fine; after E (U+09C7) it composes to O.
        assert!(!Format::Hostname.is_valid(&a_label(&[0x995, 0x9C7, 0x9BE])));
        assert!(Format::Hostname.is_valid(&a_label(&[0x995, 0x9CB])));
        // A code point first assigned after Unicode 14.0 is UNASSIGNED here.
        assert!(!Format::Hostname.is_valid(&a_label(&[0x61, 0x11F00])));
    }

    /// Punycode-encodes `cps` (RFC 3492 §6.3) behind `xn--`, for building test labels.
    fn a_label(cps: &[u32]) -> String {
        let adapt = |mut delta: u32, points: u32, first: bool| {
            delta = if first { delta / 700 } else { delta / 2 };
            delta += delta / points;
            let mut k = 0;
            while delta > 35 * 26 / 2 {
                delta /= 35;
                k += 36;
            }
            k + 36 * delta / (delta + 38)
        };
        let digit = |d: u32| {
            char::from(if d < 26 {
                b'a' + d as u8
            } else {
                b'0' + (d - 26) as u8
            })
        };
        let mut out: String = cps
            .iter()
            .filter(|&&c| c < 0x80)
            .map(|&c| char::from(c as u8))
            .collect();
        let basic = out.len() as u32;
        if basic > 0 {
            out.push('-');
        }
        let (mut n, mut delta, mut bias, mut h) = (0x80u32, 0u32, 72u32, basic);
        while (h as usize) < cps.len() {
            let m = cps.iter().copied().filter(|&c| c >= n).min().unwrap();
            delta += (m - n) * (h + 1);
            n = m;
            for &c in cps {
                if c < n {
                    delta += 1;
                }
                if c == n {
                    let mut q = delta;
                    let mut k = 36;
                    loop {
                        let t = if k <= bias {
                            1
                        } else if k >= bias + 26 {
                            26
                        } else {
                            k - bias
                        };
                        if q < t {
                            break;
                        }
                        out.push(digit(t + (q - t) % (36 - t)));
                        q = (q - t) / (36 - t);
                        k += 36;
                    }
                    out.push(digit(q));
                    bias = adapt(delta, h + 1, h == basic);
                    delta = 0;
                    h += 1;
                }
            }
            delta += 1;
            n += 1;
        }
        format!("xn--{out}")
    }

    #[test]
    fn accepts_own_punycode_round_trips() {
        assert_eq!(a_label(&[0xC2E4, 0xB840]), "xn--9n2bp8q");
        assert_eq!(
            a_label(&"bücher".chars().map(u32::from).collect::<Vec<_>>()),
            "xn--bcher-kva"
        );
        assert_eq!(
            a_label(&[0x628, 0x64A, 0x200C, 0x628, 0x64A]),
            "xn--ngba5hb2804a"
        );
    }

    #[test]
    fn accepts_ipv4() {
        check(
            Format::Ipv4,
            true,
            &[
                "192.168.0.1",
                "0.0.0.0",
                "255.255.255.255",
                "10.20.30.40",
                "1.2.3.4",
            ],
        );
    }

    #[test]
    fn rejects_ipv4() {
        check(
            Format::Ipv4,
            false,
            &[
                "087.10.0.1",
                "192.168.0.01",
                "00.0.0.0",
                "256.0.0.0",
                "1.2.3",
                "1.2.3.4.5",
                "1.2..4",
                ".1.2.3.4",
                "1.2.3.4.",
                "0x7f.0.0.1",
                "2130706433",
                "1.2.3.4/24",
                " 1.2.3.4",
                "1.2.3.4 ",
                "1.2.3.4\n",
                "+1.2.3.4",
                "1.2.3.1000",
                "",
                "::ffff:1.2.3.4",
                "１.2.3.4",
            ],
        );
    }

    #[test]
    fn accepts_ipv6() {
        check(
            Format::Ipv6,
            true,
            &[
                "::",
                "1::",
                "::1",
                "::ffff:1.2.3.4",
                "1:2:3:4:5:6:7:8",
                "1:2:3:4:5:6:7::",
                "::2:3:4:5:6:7:8",
                "1:2:3:4:5:6:1.2.3.4",
                "1::1.2.3.4",
                "1:2:3:4:5::1.2.3.4",
                "FE80::ABCD",
                "d6::",
                "1:d6::42",
                "0:0::0",
                "::0.0.0.0",
            ],
        );
    }

    #[test]
    fn rejects_ipv6() {
        check(
            Format::Ipv6,
            false,
            &[
                "1:2:3:4:5:6:7:8:9",
                "1:2:3:4:5:6:7",
                "1:2:3:4:5:6:7:8::",
                "::1:2:3:4:5:6:7:8",
                "1:2:3:4:5:6::1.2.3.4",
                "1:2:3:4:5:6:7:1.2.3.4",
                "12345::",
                ":1::",
                "1::2::3",
                ":::",
                "1:::2",
                ":2:3:4:5:6:7:8",
                "1:2:3:4:5:6:7:",
                "::ffff:1.2.3.04",
                "::1.2.3",
                "1.2.3.4::",
                "1.2.3.4",
                "[::1]",
                "fe80::1%eth0",
                "fe80::/64",
                "::g",
                "",
                ":",
                "1",
                " ::1",
                "::1 ",
            ],
        );
    }

    #[test]
    fn accepts_uuids() {
        check(
            Format::Uuid,
            true,
            &[
                "2EB8AA08-AA98-11EA-B4AA-73B441D16380",
                "2eb8aa08-aa98-11ea-b4aa-73b441d16380",
                "2eb8aa08-AA98-11ea-B4Aa-73B441D16380",
                "00000000-0000-0000-0000-000000000000",
                "99c17cbb-656f-f64a-940f-1a4568f03487",
            ],
        );
    }

    #[test]
    fn rejects_uuids() {
        check(
            Format::Uuid,
            false,
            &[
                "2eb8aa08-aa98-11ea-b4aa-73b441d1638",
                "2eb8aa08-aa98-11ea-b4aa-73b441d163800",
                "2eb8aa08aa9811eab4aa73b441d16380",
                "2eb8aa08-aa98-11ea-b4ga-73b441d16380",
                "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}",
                "urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380",
                "2eb8aa0-8aa98-11e-ab4aa7-3b441d16380",
                "",
            ],
        );
    }

    /// A suite expectation this module deliberately does not meet, with the reason.
    /// An entry that turns out not to be needed fails the run.
    struct Deviation {
        draft: &'static str,
        format: &'static str,
        data: &'static str,
        reason: &'static str,
    }

    /// Deliberate deviations from the JSON-Schema-Test-Suite: none.
    const DEVIATIONS: &[Deviation] = &[];

    /// The suite drafts whose `optional/format` files are run.
    const DRAFTS: [&str; 2] = ["draft2020-12", "draft7"];

    /// `FORMGATE_SUITE_DIR` if set, else `vendor-testsuite/`, else
    /// `../shared/vendor-testsuite/`, whichever holds the JSON-Schema-Test-Suite.
    fn suite_dir() -> Option<std::path::PathBuf> {
        let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let candidates: Vec<std::path::PathBuf> = match std::env::var_os("FORMGATE_SUITE_DIR") {
            Some(dir) => vec![dir.into()],
            None => vec![
                manifest.join("vendor-testsuite"),
                manifest.join("../shared/vendor-testsuite"),
            ],
        };
        candidates
            .into_iter()
            .find(|dir| dir.join("JSON-Schema-Test-Suite/tests").is_dir())
    }

    #[test]
    fn accepts_and_rejects_as_the_suite_does() {
        let Some(dir) = suite_dir() else {
            let message =
                "JSON-Schema-Test-Suite not found (FORMGATE_SUITE_DIR, vendor-testsuite/, \
                           ../shared/vendor-testsuite/): format conformance NOT CHECKED";
            assert!(
                std::env::var("FORMGATE_REQUIRE_SUITES").as_deref() != Ok("1"),
                "{message}"
            );
            eprintln!("\n!!!!!!!! {message} !!!!!!!!\n");
            return;
        };
        for (i, deviation) in DEVIATIONS.iter().enumerate() {
            assert!(!deviation.reason.is_empty(), "deviation {i} has no reason");
            let duplicate = DEVIATIONS[..i].iter().any(|d| {
                (d.draft, d.format, d.data) == (deviation.draft, deviation.format, deviation.data)
            });
            assert!(!duplicate, "deviation {i} is a duplicate");
        }
        let mut needed = vec![false; DEVIATIONS.len()];
        let mut failures = Vec::new();
        for draft in DRAFTS {
            for format in Format::ALL {
                let name = format.name();
                let path = dir.join(format!(
                    "JSON-Schema-Test-Suite/tests/{draft}/optional/format/{name}.json"
                ));
                let Ok(bytes) = std::fs::read(&path) else {
                    // draft-07 has no `duration` or `uuid`; 2020-12 has all nine.
                    if draft == "draft2020-12" {
                        failures.push(format!("{draft}/{name}: file missing"));
                    }
                    continue;
                };
                let groups: serde_json::Value =
                    serde_json::from_slice(&bytes).expect("suite file is JSON");
                let (mut passed, mut total) = (0, 0);
                for group in groups.as_array().expect("an array of groups") {
                    let schema = group["schema"].as_object().expect("an object schema");
                    if schema.get("format").and_then(|f| f.as_str()) != Some(name)
                        || schema.keys().any(|k| k != "format" && k != "$schema")
                    {
                        failures.push(format!(
                            "{draft}/{name}: unexpected schema {}",
                            group["schema"]
                        ));
                        continue;
                    }
                    for test in group["tests"].as_array().expect("an array of tests") {
                        // A non-string is outside the format's domain: always valid.
                        let Some(data) = test["data"].as_str() else {
                            continue;
                        };
                        total += 1;
                        let expected = test["valid"].as_bool().expect("a boolean `valid`");
                        if format.is_valid(data) == expected {
                            passed += 1;
                            continue;
                        }
                        let listed = DEVIATIONS
                            .iter()
                            .position(|d| (d.draft, d.format, d.data) == (draft, name, data));
                        match listed {
                            Some(i) => needed[i] = true,
                            None => failures.push(format!(
                                "{draft}/{name}: {data:?} should be {} ({})",
                                if expected { "valid" } else { "invalid" },
                                test["description"]
                            )),
                        }
                    }
                }
                println!("{draft}/{name}: {passed}/{total} string tests agree");
            }
        }
        for (deviation, needed) in DEVIATIONS.iter().zip(needed) {
            if !needed {
                failures.push(format!(
                    "stale deviation {}/{} {:?}: the suite now agrees",
                    deviation.draft, deviation.format, deviation.data
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "{} suite mismatches:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}
