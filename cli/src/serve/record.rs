//! The operator's record of an act: what is known of it ([`Entry`]), and its line in
//! the log, as text or JSON. Pure data, no I/O: log.rs writes the lines, metrics.rs
//! counts the entries.
//!
//! Invariants:
//! 1. Everything that came from the request (the `GPT-Actor` value, pointers into the
//!    body) is written quoted and escaped, so no request can forge or split a line.
//! 2. Every field from the request is capped, so no line is longer than a few
//!    kilobytes.
//!
//! `--log-format text` (the default) writes `logfmt`: `TIME act verdict=… status=…
//! bytes=… ms=… [kind=… [limit=…] offset=… pointer="…" form_pointer="…" [applicator="…"]] [upstream=…]
//! actor="…"|actor=-`, and the server's own messages as `formgate serve: …`. The
//! kind is spelled with the library's stable names (`names.rs`:
//! `not-admitted:required`, `malformed:duplicate-key`, `too-large`).
//! `--log-format json` writes one JSON object per line with the same fields
//! (`{"time":…,"event":"act","verdict":…}`; a field cut to its cap has a sibling
//! `…_cut: true`), and the server's messages as `{"time":…,"event":"serve",
//! "message":…}`.

use std::fmt::Write as _;
use std::net::IpAddr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use formgate::RejectionKind;
use formgate_address::{retry_seconds, Verdict};

use crate::names::kind_name;

/// How much the server writes per act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum)]
pub(crate) enum Level {
    /// Nothing.
    Off,
    /// Only acts that were not accepted (rejections, time-outs, broken bodies, upstream
    /// failures).
    Reject,
    /// Every act.
    All,
}

/// How lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// `logfmt` lines, `key=value` separated by spaces.
    Text,
    /// One JSON object per line.
    Json,
}

/// The longest `GPT-Actor` value written; longer values are cut, and say so.
const MAX_ACTOR_CHARS: usize = 200;

/// The longest pointer written (a body's member names are in it, and a member name
/// can be a megabyte long); longer ones are cut, and say so.
const MAX_POINTER_CHARS: usize = 256;

/// One act, as the operator sees it.
#[derive(Debug)]
pub(crate) struct Entry<'a> {
    /// The verdict on the body.
    pub verdict: &'a Verdict,
    /// The status answered to the actor.
    pub status: u16,
    /// Body bytes read (the verifier saw exactly these).
    pub bytes: u64,
    /// From the start of the request to the answer.
    pub elapsed: Duration,
    /// The upstream's status, or why there is none, when the act was forwarded.
    pub upstream: Option<&'a str>,
    /// The raw `GPT-Actor` header value, if any.
    pub actor: Option<&'a [u8]>,
    /// The client the act counted against, written for an act over its rate only.
    pub client: Option<IpAddr>,
    /// The address's path, written when the process serves several (`--config`).
    pub address: Option<&'a str>,
}

/// The line for one of the server's own messages, newline included.
pub(crate) fn note_line(format: Format, now: SystemTime, message: &str) -> String {
    match format {
        Format::Text => format!("formgate serve: {message}\n"),
        Format::Json => {
            let mut line = String::with_capacity(64 + message.len());
            line.push_str("{\"time\":\"");
            line.push_str(&rfc3339(now));
            line.push_str("\",\"event\":\"serve\",\"message\":");
            json_string(message, usize::MAX, &mut line);
            line.push_str("}\n");
            line
        }
    }
}

/// The line for a `GET` refused over its client's rate, newline included:
/// `TIME get verdict=limited status=429 retry_after=N client=IP [address="PATH"]`, or
/// its JSON object.
pub(crate) fn get_limited_line(
    format: Format,
    now: SystemTime,
    client: IpAddr,
    retry_after: u64,
    address: Option<&str>,
) -> String {
    let mut line = String::with_capacity(128);
    match format {
        Format::Text => {
            let _ = write!(
                line,
                "{} get verdict=limited status=429 retry_after={retry_after} client={client}",
                rfc3339(now)
            );
            if let Some(a) = address {
                line.push_str(" address=");
                quote_capped(a, MAX_POINTER_CHARS, &mut line);
            }
        }
        Format::Json => {
            let _ = write!(
                line,
                "{{\"time\":\"{}\",\"event\":\"get\",\"verdict\":\"limited\",\"status\":429,\"retry_after\":{retry_after},\"client\":\"{client}\"",
                rfc3339(now)
            );
            if let Some(a) = address {
                json_field("address", a, MAX_POINTER_CHARS, &mut line);
            }
            line.push('}');
        }
    }
    line.push('\n');
    line
}

/// The whole line for `entry`, newline included.
pub(crate) fn format_line(now: SystemTime, entry: &Entry<'_>) -> String {
    let mut line = String::with_capacity(160);
    line.push_str(&rfc3339(now));
    let verdict = entry.verdict.name();
    let ms = entry.elapsed.as_secs_f64() * 1000.0;
    let _ = write!(
        line,
        " act verdict={verdict} status={} bytes={} ms={ms:.3}",
        entry.status, entry.bytes
    );
    match entry.verdict {
        Verdict::Reject(r) => {
            let _ = write!(line, " kind={}", kind_name(r.kind()));
            if let Some(limit) = r.kind().limit() {
                let _ = write!(line, " limit={limit}");
            }
            let _ = write!(line, " offset={} pointer=", r.offset());
            quote_capped(r.pointer(), MAX_POINTER_CHARS, &mut line);
            if let Some(fp) = r.form_pointer() {
                line.push_str(" form_pointer=");
                quote_capped(fp, MAX_POINTER_CHARS, &mut line);
            }
            if let Some(a) = r.applicator() {
                line.push_str(" applicator=");
                quote_capped(a, MAX_POINTER_CHARS, &mut line);
            }
        }
        Verdict::Declared { length, limit } => {
            let kind = RejectionKind::TooLarge { limit: *limit };
            let _ = write!(
                line,
                " kind={} declared={length} limit={limit}",
                kind.name()
            );
        }
        Verdict::Accept
        | Verdict::Timeout
        | Verdict::Broken
        | Verdict::Stale
        | Verdict::Limited { .. } => {}
    }
    if let Some(u) = entry.upstream {
        let _ = write!(line, " upstream={u}");
    }
    if let Verdict::Limited { retry_after } = entry.verdict {
        let _ = write!(line, " retry_after={}", retry_seconds(*retry_after));
    }
    if let Some(c) = entry.client {
        let _ = write!(line, " client={c}");
    }
    if let Some(a) = entry.address {
        line.push_str(" address=");
        quote_capped(a, MAX_POINTER_CHARS, &mut line);
    }
    match entry.actor {
        None => line.push_str(" actor=-"),
        Some(raw) => {
            line.push_str(" actor=");
            quote_capped(&String::from_utf8_lossy(raw), MAX_ACTOR_CHARS, &mut line);
        }
    }
    line.push('\n');
    line
}

/// The whole JSON line for `entry`, newline included: the fields of [`format_line`].
pub(crate) fn json_line(now: SystemTime, entry: &Entry<'_>) -> String {
    let mut line = String::with_capacity(200);
    line.push_str("{\"time\":\"");
    line.push_str(&rfc3339(now));
    let ms = entry.elapsed.as_secs_f64() * 1000.0;
    let _ = write!(
        line,
        "\",\"event\":\"act\",\"verdict\":\"{}\",\"status\":{},\"bytes\":{},\"ms\":{ms:.3}",
        entry.verdict.name(),
        entry.status,
        entry.bytes
    );
    match entry.verdict {
        Verdict::Reject(r) => {
            // The text line's kind; a limit is a field of its own.
            json_field("kind", &kind_name(r.kind()), usize::MAX, &mut line);
            if let Some(limit) = r.kind().limit() {
                let _ = write!(line, ",\"limit\":{limit}");
            }
            let _ = write!(line, ",\"offset\":{}", r.offset());
            json_field("pointer", r.pointer(), MAX_POINTER_CHARS, &mut line);
            if let Some(fp) = r.form_pointer() {
                json_field("form_pointer", fp, MAX_POINTER_CHARS, &mut line);
            }
            if let Some(a) = r.applicator() {
                json_field("applicator", a, MAX_POINTER_CHARS, &mut line);
            }
        }
        Verdict::Declared { length, limit } => {
            let kind = RejectionKind::TooLarge { limit: *limit };
            json_field("kind", kind.name(), usize::MAX, &mut line);
            let _ = write!(line, ",\"declared\":{length},\"limit\":{limit}");
        }
        Verdict::Accept
        | Verdict::Timeout
        | Verdict::Broken
        | Verdict::Stale
        | Verdict::Limited { .. } => {}
    }
    if let Some(u) = entry.upstream {
        json_field("upstream", u, MAX_POINTER_CHARS, &mut line);
    }
    if let Verdict::Limited { retry_after } = entry.verdict {
        let _ = write!(line, ",\"retry_after\":{}", retry_seconds(*retry_after));
    }
    if let Some(c) = entry.client {
        json_field("client", &c.to_string(), usize::MAX, &mut line);
    }
    if let Some(a) = entry.address {
        json_field("address", a, MAX_POINTER_CHARS, &mut line);
    }
    match entry.actor {
        None => line.push_str(",\"actor\":null"),
        Some(raw) => json_field(
            "actor",
            &String::from_utf8_lossy(raw),
            MAX_ACTOR_CHARS,
            &mut line,
        ),
    }
    line.push_str("}\n");
    line
}

/// `,"NAME":"VALUE"` with the first `max` characters of `value`, and `,"NAME_cut":true`
/// if it is longer.
fn json_field(name: &str, value: &str, max: usize, out: &mut String) {
    let _ = write!(out, ",\"{name}\":");
    if json_string(value, max, out) {
        let _ = write!(out, ",\"{name}_cut\":true");
    }
}

/// Write the first `max` characters of `s` as a JSON string (RFC 8259: `\"`, `\\` and
/// every control character escaped; the rest is UTF-8 as it is). Whether `s` was cut.
fn json_string(s: &str, max: usize, out: &mut String) -> bool {
    let mut chars = s.chars();
    out.push('"');
    for c in chars.by_ref().take(max) {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    chars.next().is_some()
}

/// Write the first `max` characters of `s` as a double-quoted string with `\"`, `\\`
/// and every control or non-ASCII character escaped (invariant 1), followed by `(cut)`
/// if `s` is longer, so no field makes a line longer than a few times `max`.
fn quote_capped(s: &str, max: usize, out: &mut String) {
    let mut chars = s.chars();
    out.push('"');
    for c in chars.by_ref().take(max) {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            c => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    out.push('"');
    if chars.next().is_some() {
        out.push_str("(cut)");
    }
}

/// `t` as RFC 3339 UTC with milliseconds, `2026-05-01T09:16:55.123Z`.
pub(crate) fn rfc3339(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, day) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        d.subsec_millis()
    )
}

/// The proleptic Gregorian date of `days` since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_times_in_utc() {
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let t = UNIX_EPOCH + Duration::from_millis(951_782_400_123); // leap day 2000
        assert_eq!(rfc3339(t), "2000-02-29T00:00:00.123Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_767_225_599); // last second of 2025
        assert_eq!(rfc3339(t), "2025-12-31T23:59:59.000Z");
    }

    #[test]
    fn quotes_what_the_request_controls() {
        let v = Verdict::Accept;
        let actor = b"evil\" status=200\nforged \xff";
        let line = format_line(
            UNIX_EPOCH,
            &Entry {
                verdict: &v,
                status: 200,
                bytes: 3,
                elapsed: Duration::from_micros(1500),
                upstream: None,
                actor: Some(actor),
                client: None,
                address: None,
            },
        );
        assert_eq!(
            line,
            "1970-01-01T00:00:00.000Z act verdict=accept status=200 bytes=3 ms=1.500 \
             actor=\"evil\\\" status=200\\u{a}forged \\u{fffd}\"\n"
        );
    }

    #[test]
    fn names_the_rejection() {
        let form = formgate::Form::compile(br#"{"type":"object","required":["a"]}"#).unwrap();
        let r = form.verify(b"{}").unwrap_err();
        let v = Verdict::Reject(r);
        let line = format_line(
            UNIX_EPOCH,
            &Entry {
                verdict: &v,
                status: 204,
                bytes: 2,
                elapsed: Duration::ZERO,
                upstream: None,
                actor: None,
                client: None,
                address: None,
            },
        );
        assert!(
            line.contains(" verdict=reject status=204 bytes=2 "),
            "{line}"
        );
        assert!(line.contains(" kind=not-admitted:required "), "{line}");
        assert!(
            line.contains(" pointer=\"\" form_pointer=\"/required\""),
            "{line}"
        );
        assert!(line.ends_with(" actor=-\n"), "{line}");
    }

    /// A body nested too deep: the stable names, and the limit as a field of its own,
    /// as `too-large`'s.
    #[test]
    fn names_a_malformed_body_with_its_limit() {
        let form = formgate::Form::builder()
            .max_depth(1)
            .compile(b"true")
            .unwrap();
        let v = Verdict::Reject(form.verify(b"[[1]]").unwrap_err());
        let entry = Entry {
            verdict: &v,
            status: 204,
            bytes: 5,
            elapsed: Duration::ZERO,
            upstream: None,
            actor: None,
            client: None,
            address: None,
        };
        let line = format_line(UNIX_EPOCH, &entry);
        assert!(
            line.contains(" kind=malformed:too-deep limit=1 offset=1 pointer=\"/0\" "),
            "{line}"
        );
        let line = json_line(UNIX_EPOCH, &entry);
        assert!(
            line.contains(r#","kind":"malformed:too-deep","limit":1,"offset":1,"#),
            "{line}"
        );
    }

    /// The JSON line is strict JSON whatever the request put in it: quotes,
    /// backslashes, control characters, bytes that are not UTF-8.
    #[test]
    fn json_lines_escape_what_the_request_controls() {
        let form = formgate::Form::compile(br#"{"additionalProperties":false}"#).unwrap();
        let r = form.verify(b"{\"a\\\"\\\\\\u0001\\n\":1}").unwrap_err();
        let v = Verdict::Reject(r);
        let line = json_line(
            UNIX_EPOCH,
            &Entry {
                verdict: &v,
                status: 204,
                bytes: 20,
                elapsed: Duration::from_micros(1500),
                upstream: None,
                actor: Some(b"evil\" \\ \x01\x7f\xff"),
                client: None,
                address: None,
            },
        );
        assert!(line.ends_with("}\n"), "{line}");
        let limits = formgate::Limits::default();
        let doc = formgate::json::parse(line.trim_end().as_bytes(), &limits).unwrap();
        let field = |name: &str| doc.get(name).and_then(|v| v.as_str()).map(str::to_owned);
        assert_eq!(field("time").as_deref(), Some("1970-01-01T00:00:00.000Z"));
        assert_eq!(field("event").as_deref(), Some("act"));
        assert_eq!(field("verdict").as_deref(), Some("reject"));
        assert_eq!(
            field("kind").as_deref(),
            Some("not-admitted:additionalProperties")
        );
        assert_eq!(field("pointer").as_deref(), Some("/a\"\\\u{1}\n"));
        assert_eq!(
            field("actor").as_deref(),
            Some("evil\" \\ \u{1}\u{7f}\u{fffd}")
        );
        assert!(
            line.contains(r#","status":204,"bytes":20,"ms":1.500,"#),
            "{line}"
        );
        assert!(!line.contains("_cut"), "{line}");
        let note = note_line(Format::Json, UNIX_EPOCH, "listening on http://[::1]:80");
        assert!(formgate::json::parse(note.trim_end().as_bytes(), &limits).is_ok());
    }

    /// A member name of a megabyte made a megabyte line: every field from the request
    /// is cut, and says so.
    #[test]
    fn caps_every_field_from_the_request() {
        let form = formgate::Form::builder()
            .max_bytes(4 << 20)
            .compile(br#"{"additionalProperties":false}"#)
            .unwrap();
        let name = "\u{e9}".repeat(1 << 20);
        let body = format!(r#"{{"{name}":1}}"#);
        let r = form.verify(body.as_bytes()).unwrap_err();
        assert!(r.pointer().len() > 1 << 20);
        let v = Verdict::Reject(r);
        let actor = vec![b'a'; 1 << 20];
        let line = format_line(
            UNIX_EPOCH,
            &Entry {
                verdict: &v,
                status: 204,
                bytes: body.len() as u64,
                elapsed: Duration::ZERO,
                upstream: None,
                actor: Some(&actor),
                client: None,
                address: None,
            },
        );
        assert!(line.len() < 4096, "{} bytes", line.len());
        assert_eq!(line.matches("(cut)").count(), 2, "{line}");
        let pointer = format!(
            "pointer=\"/{}\"(cut)",
            "\\u{e9}".repeat(MAX_POINTER_CHARS - 1)
        );
        assert!(line.contains(&pointer), "{line}");
    }

    /// An act over its rate names its client and its wait; with several addresses,
    /// the address; a refused GET has a line of its own. The JSON lines are strict
    /// JSON.
    #[test]
    fn names_the_client_over_its_rate_and_the_address() {
        let v = Verdict::Limited {
            retry_after: Duration::from_millis(2500),
        };
        let entry = Entry {
            verdict: &v,
            status: 429,
            bytes: 0,
            elapsed: Duration::ZERO,
            upstream: None,
            actor: None,
            client: Some("192.0.2.7".parse().unwrap()),
            address: Some("/votes"),
        };
        let line = format_line(UNIX_EPOCH, &entry);
        assert!(
            line.contains(" verdict=limited status=429 bytes=0 ")
                && line.ends_with(" retry_after=3 client=192.0.2.7 address=\"/votes\" actor=-\n"),
            "{line}"
        );
        let limits = formgate::Limits::default();
        let json = json_line(UNIX_EPOCH, &entry);
        let doc = formgate::json::parse(json.trim_end().as_bytes(), &limits).unwrap();
        assert_eq!(
            doc.get("client").and_then(|v| v.as_str()),
            Some("192.0.2.7")
        );
        assert_eq!(doc.get("address").and_then(|v| v.as_str()), Some("/votes"));
        let client = "2001:db8::1".parse().unwrap();
        let get = get_limited_line(Format::Text, UNIX_EPOCH, client, 3, None);
        assert_eq!(
            get,
            "1970-01-01T00:00:00.000Z get verdict=limited status=429 retry_after=3 client=2001:db8::1\n"
        );
        let get = get_limited_line(Format::Json, UNIX_EPOCH, client, 3, Some("/"));
        assert!(
            formgate::json::parse(get.trim_end().as_bytes(), &limits).is_ok(),
            "{get}"
        );
    }
}
