//! The `format` keyword as an assertion, for exactly the formats listed here.
//!
//! A form that names any other format never compiles (the compiler asks
//! [`Format::from_name`] and turns `None` into an error), so every verdict here is
//! one of these checks. String formats apply to the *decoded* string value and let
//! every other type pass; numeric formats apply to the exact value of a number and let
//! every other type pass. `docs/FORMATS.md` is the full table, with the
//! implementation-defined choices and where each format is tested.
//!
//! | name                    | definition                                                   |
//! |-------------------------|--------------------------------------------------------------|
//! | `date-time`             | RFC 3339 §5.6 `date-time`; offset required; `T`/`t`, `Z`/`z` |
//! | `date`                  | RFC 3339 §5.6 `full-date`, checked against the calendar      |
//! | `time`                  | RFC 3339 §5.6 `full-time` (offset required)                  |
//! | `duration`              | RFC 3339 Appendix A `duration` (ISO 8601 subset)             |
//! | `email`                 | RFC 5321 §4.1.2 `Mailbox`, with the §4.5.3.1 size limits     |
//! | `idn-email`             | RFC 6531 §3.3 `Mailbox` (UTF-8 local parts, U-label domains) |
//! | `hostname`              | RFC 1123 §2.1 host name; `xn--` labels must be A-labels      |
//! | `idn-hostname`          | IDNA2008 (RFC 5890–5893) domain name of A-, U- and LDH labels|
//! | `ipv4`                  | RFC 2673 §3.2 dotted-quad: no leading zeros                  |
//! | `ipv6`                  | RFC 4291 §2.2 text forms, incl. a trailing dotted quad       |
//! | `uri`                   | RFC 3986 §3 `URI`                                            |
//! | `uri-reference`         | RFC 3986 §4.1 `URI-reference`                                |
//! | `iri`                   | RFC 3987 §2.2 `IRI`                                          |
//! | `iri-reference`         | RFC 3987 §2.2 `IRI-reference`                                |
//! | `uri-template`          | RFC 6570 §2 `URI-Template` (level 4), Errata ID 6937         |
//! | `json-pointer`          | RFC 6901 §3 `json-pointer`                                   |
//! | `relative-json-pointer` | draft-handrews-relative-json-pointer-01 §3                   |
//! | `regex`                 | ECMA-262 (2024) §22.2.1 `Pattern` under the `u` flag         |
//! | `uuid`                  | RFC 4122 §3 string form: 8-4-4-4-12 hex digits, either case  |
//! | `byte`                  | RFC 4648 §4 base64 with padding, canonical                   |
//! | `int8` … `int128`       | an integer from −2^(N−1) to 2^(N−1) − 1 (numbers only)       |
//! | `uint8` … `uint128`     | an integer from 0 to 2^N − 1 (numbers only)                  |
//! | `int`, `uint`           | as `int64`, `uint64` (schemars' `isize`, `usize`)            |
//! | `float`, `double`       | rounds to a finite IEEE 754 binary32 / binary64 (numbers)    |
//!
//! # Invariants
//! 1. **Total and panic-free.** [`Format::is_valid`] and [`Format::is_valid_number`]
//!    answer for every input: every slice and index is preceded by the length check
//!    that keeps it in bounds, and arithmetic that could overflow is checked.
//! 2. **ASCII where the grammar is ASCII.** The formats whose grammar has no place for
//!    other characters (all but `idn-email`, `idn-hostname`, `iri`, `iri-reference`,
//!    `uri-template`, `json-pointer`, `relative-json-pointer` and `regex`) accept only
//!    ASCII strings: non-ASCII look-alike digits and dots are rejected.
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
//!    name, every label satisfies the Bidi rule (RFC 5893 §2). `idn-hostname` holds
//!    its U-labels to the same rules, and their A-labels to 63 octets. The code point
//!    data are Unicode 16.0, the version of the `regex` crate's tables (see the `idna`
//!    module and its `unicode_tables`); code points unassigned in 16.0 are UNASSIGNED
//!    and rejected.
//! 5. **No floats.** Numbers are compared as exact decimals (`form::number`), so
//!    `1e400` is beyond every range and `1.0` is an integer.
//! 6. **No allocation** but in `regex` (group names and the stack of open groups are
//!    unbounded): all other working storage is fixed-size arrays bounded by the
//!    63-octet DNS label limit (under 2.5 KiB of stack).
//!
//! # Layout
//! One file per family: `datetime` (RFC 3339), `ip` (IPv4, IPv6, UUID), `email`,
//! `hostname` (RFC 1123 labels), `idn` (`idn-hostname`, `idn-email`), `idna`
//! (Punycode, A-label and U-label validation, the contextual rules, the Bidi rule, the
//! NFC check) with its code point data in `unicode_tables`, `uri` (URIs and IRIs),
//! `template` (URI Templates), `pointer` (JSON Pointers), `regex`, `base64` (`byte`)
//! and `numeric`. The tests of the formats are in `tests` and `tests_more`.
//!
//! # Cost
//! O(n) time in the length of the string and O(1) memory for every format but `regex`
//! (O(n) memory, O(n log n) time for its group names). A host name label is at most 63
//! octets, so the per-label work of Punycode decoding and encoding, normalisation
//! checking and the contextual rules is bounded by a constant; a host name is at most
//! 253 octets and an e-mail address at most 254. Measured on a release build:
//! `www.example.com` takes about 60 ns; the slowest host names found (four maximal
//! A-labels full of combining marks, kana or Arabic-Indic digits) take 3–16 µs for
//! 253 octets, about half of it in the code point table lookups. A numeric format
//! costs two exact comparisons.
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
//! - `idn-hostname` separates labels by U+002E, U+3002, U+FF0E and U+FF61 (RFC 3490
//!   §3.1); a U-label must already be a U-label (NFC, lower case: no mapping such as
//!   UTS #46 is applied); the 253-octet limit counts U-labels as their A-labels.
//! - `idn-email` is `email` with RFC 6531's extensions: any non-ASCII character in the
//!   local part (quoted or not), a domain of `.`-separated labels each an LDH label,
//!   an A-label or a U-label, with `idn-hostname`'s rules; the size limits count UTF-8
//!   octets.
//! - `uri`, `iri`: a `reg-name` host is not checked further (RFC 3986 §3.2.2 lets any
//!   `reg-name` through, so `999.999.999.999` is a host); the `ls32` of an IPv6
//!   literal is a `dec-octet` dotted quad, without leading zeros.
//! - `uri-template` accepts the reserved operators `=`, `,`, `!`, `@`, `|`, which
//!   the RFC 6570 grammar includes (`op-reserve`).
//! - `relative-json-pointer` follows the definition the 2020-12 vocabulary cites,
//!   without the index manipulation (`0+1`) of later drafts.
//! - `regex` is the 2024 edition of ECMA-262 (modifiers and duplicate group names in
//!   separate alternatives, added in 2025, are rejected).
//! - `byte` rejects non-zero pad bits (`QR==`), which RFC 4648 §3.5 lets decoders
//!   reject: each byte string has exactly one accepted encoding.
//! - `float`, `double`: any number whose nearest binary value is finite, however many
//!   digits it has (`0.1` is a `float`); `int` and `uint` are 64-bit, as schemars
//!   writes them for `isize` and `usize` on 64-bit targets.

pub(crate) mod base64;
mod datetime;
mod email;
mod hostname;
mod idn;
mod idna;
mod ip;
mod numeric;
pub(crate) mod owner;
mod pointer;
mod regex;
mod template;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_more;
mod unicode_tables;
mod uri;

use self::base64::is_base64;
pub(crate) use self::datetime::date_time_at;
use self::datetime::{is_date_time, is_duration, is_full_date, is_full_time};
use self::email::is_email;
use self::hostname::is_hostname;
use self::idn::{is_idn_email, is_idn_hostname};
use self::ip::{is_ipv4, is_ipv6, is_uuid, Ipv6Dialect, Octets};
use self::numeric::{is_finite_in, is_integer_in, Binary, Ranges};
use self::pointer::{is_json_pointer, is_relative_json_pointer};
use self::regex::is_regex;
use self::template::is_uri_template;
use self::uri::{is_uri, Chars, Form};
use crate::form::number::NumRef;

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
    /// `idn-email`: RFC 6531 `Mailbox`.
    IdnEmail,
    /// `hostname`: RFC 1123 host name with IDNA2008 A-labels.
    Hostname,
    /// `idn-hostname`: IDNA2008 domain name with U-labels.
    IdnHostname,
    /// `ipv4`: RFC 2673 dotted-quad.
    Ipv4,
    /// `ipv6`: RFC 4291 text representation.
    Ipv6,
    /// `uri`: RFC 3986 `URI`.
    Uri,
    /// `uri-reference`: RFC 3986 `URI-reference`.
    UriReference,
    /// `iri`: RFC 3987 `IRI`.
    Iri,
    /// `iri-reference`: RFC 3987 `IRI-reference`.
    IriReference,
    /// `uri-template`: RFC 6570 `URI-Template`.
    UriTemplate,
    /// `json-pointer`: RFC 6901 JSON Pointer.
    JsonPointer,
    /// `relative-json-pointer`: Relative JSON Pointer.
    RelativeJsonPointer,
    /// `regex`: ECMA-262 regular expression (`u` flag).
    Regex,
    /// `uuid`: RFC 4122 string representation.
    Uuid,
    /// `byte`: RFC 4648 base64 with padding.
    Byte,
    /// `binary` (OpenAPI 3.0): any sequence of octets, so every string. pydantic writes
    /// it for `bytes` fields; asserting it admits exactly what it defines.
    Binary,
    /// `int8`: an integer in the range of `i8` (numbers only).
    Int8,
    /// `int16`: an integer in the range of `i16` (numbers only).
    Int16,
    /// `int32`: an integer in the range of `i32` (numbers only).
    Int32,
    /// `int64`: an integer in the range of `i64` (numbers only).
    Int64,
    /// `int128`: an integer in the range of `i128` (numbers only).
    Int128,
    /// `int`: schemars' `isize`: as `int64` (numbers only).
    Int,
    /// `uint8`: an integer in the range of `u8` (numbers only).
    Uint8,
    /// `uint16`: an integer in the range of `u16` (numbers only).
    Uint16,
    /// `uint32`: an integer in the range of `u32` (numbers only).
    Uint32,
    /// `uint64`: an integer in the range of `u64` (numbers only).
    Uint64,
    /// `uint128`: an integer in the range of `u128` (numbers only).
    Uint128,
    /// `uint`: schemars' `usize`: as `uint64` (numbers only).
    Uint,
    /// `float`: rounds to a finite IEEE 754 binary32 (numbers only).
    Float,
    /// `double`: rounds to a finite IEEE 754 binary64 (numbers only).
    Double,
}

impl Format {
    /// Every implemented format, in the order of the vocabulary table.
    pub(crate) const ALL: [Format; 35] = [
        Format::DateTime,
        Format::Date,
        Format::Time,
        Format::Duration,
        Format::Email,
        Format::IdnEmail,
        Format::Hostname,
        Format::IdnHostname,
        Format::Ipv4,
        Format::Ipv6,
        Format::Uri,
        Format::UriReference,
        Format::Iri,
        Format::IriReference,
        Format::UriTemplate,
        Format::JsonPointer,
        Format::RelativeJsonPointer,
        Format::Regex,
        Format::Uuid,
        Format::Byte,
        Format::Binary,
        Format::Int8,
        Format::Int16,
        Format::Int32,
        Format::Int64,
        Format::Int128,
        Format::Int,
        Format::Uint8,
        Format::Uint16,
        Format::Uint32,
        Format::Uint64,
        Format::Uint128,
        Format::Uint,
        Format::Float,
        Format::Double,
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
            Format::IdnEmail => "idn-email",
            Format::Hostname => "hostname",
            Format::IdnHostname => "idn-hostname",
            Format::Ipv4 => "ipv4",
            Format::Ipv6 => "ipv6",
            Format::Uri => "uri",
            Format::UriReference => "uri-reference",
            Format::Iri => "iri",
            Format::IriReference => "iri-reference",
            Format::UriTemplate => "uri-template",
            Format::JsonPointer => "json-pointer",
            Format::RelativeJsonPointer => "relative-json-pointer",
            Format::Regex => "regex",
            Format::Uuid => "uuid",
            Format::Byte => "byte",
            Format::Binary => "binary",
            Format::Int8 => "int8",
            Format::Int16 => "int16",
            Format::Int32 => "int32",
            Format::Int64 => "int64",
            Format::Int128 => "int128",
            Format::Int => "int",
            Format::Uint8 => "uint8",
            Format::Uint16 => "uint16",
            Format::Uint32 => "uint32",
            Format::Uint64 => "uint64",
            Format::Uint128 => "uint128",
            Format::Uint => "uint",
            Format::Float => "float",
            Format::Double => "double",
        }
    }

    /// Whether this format constrains numbers (and lets strings pass) rather than
    /// strings (letting numbers pass).
    pub(crate) fn applies_to_numbers(self) -> bool {
        matches!(
            self,
            Format::Int8
                | Format::Int16
                | Format::Int32
                | Format::Int64
                | Format::Int128
                | Format::Int
                | Format::Uint8
                | Format::Uint16
                | Format::Uint32
                | Format::Uint64
                | Format::Uint128
                | Format::Uint
                | Format::Float
                | Format::Double
        )
    }

    /// Whether the decoded string `s` conforms to this format (always, for a numeric
    /// format). O(n) time; O(1) memory but for `regex`.
    pub(crate) fn is_valid(self, s: &str) -> bool {
        let b = s.as_bytes();
        match self {
            Format::DateTime => is_date_time(b),
            Format::Date => is_full_date(b),
            Format::Time => is_full_time(b),
            Format::Duration => is_duration(b),
            Format::Email => is_email(b),
            Format::IdnEmail => is_idn_email(s),
            Format::Hostname => is_hostname(b),
            Format::IdnHostname => is_idn_hostname(s),
            Format::Ipv4 => is_ipv4(b, Octets::NoLeadingZeros),
            Format::Ipv6 => is_ipv6(b, Ipv6Dialect::Rfc4291),
            Format::Uri => is_uri(s, Form::Absolute, Chars::Uri),
            Format::UriReference => is_uri(s, Form::Reference, Chars::Uri),
            Format::Iri => is_uri(s, Form::Absolute, Chars::Iri),
            Format::IriReference => is_uri(s, Form::Reference, Chars::Iri),
            Format::UriTemplate => is_uri_template(s),
            Format::JsonPointer => is_json_pointer(b),
            Format::RelativeJsonPointer => is_relative_json_pointer(b),
            Format::Regex => is_regex(s),
            Format::Uuid => is_uuid(b),
            Format::Byte => is_base64(b),
            Format::Binary => true,
            _ => self.applies_to_numbers(),
        }
    }

    /// A numeric format as a range: `Some(Some((min, max)))` for an integer format
    /// (its inclusive bounds, as JSON lexemes), `Some(None)` for `float` and `double`
    /// (decided by magnitude alone), `None` for a string format. The short path of
    /// `check::scalar` holds short numbers to this range; [`Format::is_valid_number`]
    /// decides every other number.
    pub(crate) fn integer_range(self) -> Option<Option<(&'static str, &'static str)>> {
        Some(Some(match self {
            Format::Int8 => Ranges::INT8,
            Format::Int16 => Ranges::INT16,
            Format::Int32 => Ranges::INT32,
            Format::Int64 | Format::Int => Ranges::INT64,
            Format::Int128 => Ranges::INT128,
            Format::Uint8 => Ranges::UINT8,
            Format::Uint16 => Ranges::UINT16,
            Format::Uint32 => Ranges::UINT32,
            Format::Uint64 | Format::Uint => Ranges::UINT64,
            Format::Uint128 => Ranges::UINT128,
            Format::Float | Format::Double => return Some(None),
            _ => return None,
        }))
    }

    /// Whether the number `n` conforms to this format (always, for a string format).
    /// Exact: two decimal comparisons, no float.
    pub(crate) fn is_valid_number(self, n: &NumRef<'_>) -> bool {
        match self {
            Format::Int8 => is_integer_in(n, Ranges::INT8),
            Format::Int16 => is_integer_in(n, Ranges::INT16),
            Format::Int32 => is_integer_in(n, Ranges::INT32),
            Format::Int64 => is_integer_in(n, Ranges::INT64),
            Format::Int128 => is_integer_in(n, Ranges::INT128),
            Format::Int => is_integer_in(n, Ranges::INT64),
            Format::Uint8 => is_integer_in(n, Ranges::UINT8),
            Format::Uint16 => is_integer_in(n, Ranges::UINT16),
            Format::Uint32 => is_integer_in(n, Ranges::UINT32),
            Format::Uint64 => is_integer_in(n, Ranges::UINT64),
            Format::Uint128 => is_integer_in(n, Ranges::UINT128),
            Format::Uint => is_integer_in(n, Ranges::UINT64),
            Format::Float => is_finite_in(n, Binary::Single),
            Format::Double => is_finite_in(n, Binary::Double),
            _ => !self.applies_to_numbers(),
        }
    }
}
