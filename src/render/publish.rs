//! The GET body of an address: `{"p": prompt, "m": messages, "s": form}`, built once.
//!
//! Invariants:
//! 1. `s` is [`Form::schema_json`] byte for byte: the published form is the enforced one.
//! 2. The body and its entity tag are computed once; serving them is a copy.
//! 3. Every message is an object with exactly a string `role` and a string `content`.
//! 4. Which answer a `GET` gets, and its response headers, are decided here
//!    ([`Published::answer`], [`Published::headers`]), as plain data, so every server
//!    of an address sends the same ones.

use crate::form::Form;
use crate::parse::error::ParseError;
use crate::parse::value::{write_json_string, Value};
use crate::Limits;

/// The content type of the GET body.
pub const CONTENT_TYPE: &str = "application/json";

/// The name of the response header that carries an address's type, when it has one.
pub const GPT_TYPE: &str = "gpt-type";

/// A response header as plain data: its name (lower case, a valid field name) and its
/// value.
pub type Header = (&'static str, Vec<u8>);

/// The answer to a `GET` (or `HEAD`) of an address, as [`Published::answer`] chooses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Answer {
    /// `200 OK` with the JSON body, [`Published::body`].
    Json,
    /// `304 Not Modified`, no body: the request's `If-None-Match` matched.
    NotModified,
    /// `200 OK` with the page for people, [`page`](crate::publish::page): the
    /// request's `Accept` named `text/html`.
    Page,
}

impl Answer {
    /// Every answer, for precomputing their heads.
    pub const ALL: [Answer; 3] = [Answer::Json, Answer::NotModified, Answer::Page];

    /// The status code of the answer: `200`, `304` or `200`.
    pub fn status(self) -> u16 {
        match self {
            Answer::Json | Answer::Page => 200,
            Answer::NotModified => 304,
        }
    }
}

/// A prior message for the actor: `{"role": ..., "content": ...}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    role: String,
    content: String,
}

impl Message {
    /// A message with this role (`"user"`, `"assistant"`, ...) and content.
    pub fn new(role: impl Into<String>, content: impl Into<String>) -> Message {
        Message {
            role: role.into(),
            content: content.into(),
        }
    }

    /// The role.
    pub fn role(&self) -> &str {
        &self.role
    }

    /// The content.
    pub fn content(&self) -> &str {
        &self.content
    }

    /// Read messages from strict JSON: an array of objects, each with exactly a string
    /// `role` and a string `content` (invariant 3).
    ///
    /// ```
    /// let m = formgate::publish::Message::list_from_json(br#"[{"role":"user","content":"hi"}]"#).unwrap();
    /// assert_eq!(m[0].role(), "user");
    /// assert!(formgate::publish::Message::list_from_json(br#"[{"role":"user"}]"#).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`MessagesError::Parse`] when `json` is not strict JSON (within the default
    /// limits), [`MessagesError::NotAnArray`] when it is not an array, and
    /// [`MessagesError::Invalid`] naming the first element that is not such an object.
    pub fn list_from_json(json: &[u8]) -> Result<Vec<Message>, MessagesError> {
        let v = crate::parse::parse(json, &Limits::default()).map_err(MessagesError::Parse)?;
        let Value::Array(items) = &v else {
            return Err(MessagesError::NotAnArray);
        };
        let mut out = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let invalid = |what| MessagesError::Invalid { index, what };
            let Value::Object(members) = item else {
                return Err(invalid("not an object"));
            };
            let role = item.get("role").ok_or_else(|| invalid("no role"))?;
            let content = item.get("content").ok_or_else(|| invalid("no content"))?;
            if members.len() != 2 {
                return Err(invalid("members other than role and content"));
            }
            let (Some(role), Some(content)) = (role.as_str(), content.as_str()) else {
                return Err(invalid("role and content must be strings"));
            };
            out.push(Message::new(role, content));
        }
        Ok(out)
    }
}

/// Messages that are not a list of `{role, content}` objects.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MessagesError {
    /// The bytes are not strict JSON.
    #[error("messages are not strict JSON: {0}")]
    Parse(ParseError),
    /// The value is not an array.
    #[error("messages must be a JSON array")]
    NotAnArray,
    /// An entry is malformed.
    #[error("message {index}: {what}")]
    Invalid {
        /// The entry's index.
        index: usize,
        /// What is wrong with it.
        what: &'static str,
    },
}

/// The precomputed GET body of an address and its strong entity tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Published {
    body: Box<[u8]>,
    etag: String,
}

impl Published {
    /// The body: compact JSON `{"p":...,"m":[...],"s":...}`.
    pub fn body(&self) -> &[u8] {
        &self.body
    }

    /// The strong entity tag, quoted as HTTP wants it (`"fg-…"`), derived from the body
    /// and the content type: equal tags mean byte-identical representations.
    pub fn etag(&self) -> &str {
        &self.etag
    }

    /// The content type, `application/json`.
    pub fn content_type(&self) -> &'static str {
        CONTENT_TYPE
    }

    /// Whether any of these `If-None-Match` field values matches this entity tag (weak
    /// comparison, RFC 9110 §13.1.2) or is `*`: then a `GET` is answered `304 Not
    /// Modified`. Entity tags are scanned as quoted strings, so a comma inside one
    /// cannot split it; a malformed list matches nothing (the full answer is always
    /// safe).
    ///
    /// ```
    /// let form = formgate::Form::compile(b"{}").unwrap();
    /// let get = form.publish("Send anything.", &[]);
    /// let tag = format!("W/{}, \"other\"", get.etag());
    /// assert!(get.matches([tag.as_bytes()]));
    /// assert!(!get.matches([&b"\"fg-0\""[..]]));
    /// ```
    pub fn matches<'a>(&self, if_none_match: impl IntoIterator<Item = &'a [u8]>) -> bool {
        if_none_match
            .into_iter()
            .any(|v| list_matches(v, self.etag.as_bytes()))
    }

    /// Whether an act with these `If-Match` field values may go on (RFC 9110
    /// §13.1.1): with no `If-Match` at all, yes; otherwise only when the field is `*`
    /// alone or a list that names this entity tag by strong comparison (a weak tag
    /// `W/"…"` never matches). An act whose tag names another form does not go on, nor
    /// does one whose field is malformed anywhere (`*` with anything else, bytes that
    /// are not an entity tag, before or after the match): fail closed. An address
    /// answers it `412 Precondition Failed`, so an actor that wrote its body for one
    /// form never has it verified against another.
    ///
    /// ```
    /// let form = formgate::Form::compile(b"{}").unwrap();
    /// let get = form.publish("Send anything.", &[]);
    /// let none: [&[u8]; 0] = [];
    /// assert!(get.if_match(none));
    /// assert!(get.if_match([get.etag().as_bytes()]));
    /// assert!(get.if_match([&b"*"[..]]));
    /// assert!(!get.if_match([&b"\"fg-0\""[..]]));
    /// assert!(!get.if_match([format!("W/{}", get.etag()).as_bytes()]));
    /// assert!(!get.if_match([format!("{} junk", get.etag()).as_bytes()]));
    /// assert!(!get.if_match([&b"*garbage"[..]]));
    /// ```
    pub fn if_match<'a>(&self, if_match: impl IntoIterator<Item = &'a [u8]>) -> bool {
        let mut fields = 0;
        let mut any = false;
        let mut named = false;
        for v in if_match {
            fields += 1;
            match strict_list(v, self.etag.as_bytes()) {
                None => return false,
                Some(List::Any) => any = true,
                Some(List::Tags { named: n }) => named |= n,
            }
        }
        match (fields, any) {
            (0, _) => true,
            // `*` is the whole field: with anything else, the field is malformed.
            (_, true) => fields == 1,
            (_, false) => named,
        }
    }

    /// The answer to a `GET` with these `Accept` and `If-None-Match` field values: the
    /// page when `Accept` names `text/html` ([`wants_html`](crate::publish::wants_html)),
    /// else `304` when `If-None-Match` matches ([`Published::matches`]), else the JSON.
    /// No other request header counts.
    ///
    /// ```
    /// use formgate::publish::Answer;
    /// let get = formgate::Form::compile(b"{}").unwrap().publish("Send anything.", &[]);
    /// let none: [&[u8]; 0] = [];
    /// assert_eq!(get.answer(none, none), Answer::Json);
    /// assert_eq!(get.answer(none, [get.etag().as_bytes()]), Answer::NotModified);
    /// assert_eq!(get.answer([&b"text/html"[..]], [get.etag().as_bytes()]), Answer::Page);
    /// ```
    pub fn answer<'a>(
        &self,
        accept: impl IntoIterator<Item = &'a [u8]>,
        if_none_match: impl IntoIterator<Item = &'a [u8]>,
    ) -> Answer {
        if crate::render::page::wants_html(accept) {
            Answer::Page
        } else if self.matches(if_none_match) {
            Answer::NotModified
        } else {
            Answer::Json
        }
    }

    /// The response headers of `answer`, the same whatever the request, in order:
    /// `vary: Accept` (both representations live at one address),
    /// `cache-control: no-cache` (the form may change when the address restarts:
    /// revalidate, cheaply, by tag), `x-content-type-options: nosniff`, the address's
    /// type `gpt-type` when it has one; then `etag` for the JSON and `304`, and the
    /// content type, with the page's `content-security-policy` for the page. Framing
    /// headers (`Content-Length`, `Date`) are the server's.
    ///
    /// ```
    /// use formgate::publish::Answer;
    /// let get = formgate::Form::compile(b"{}").unwrap().publish("Send anything.", &[]);
    /// let json = get.headers(Answer::Json, Some(b"demo"));
    /// assert!(json.contains(&("etag", get.etag().as_bytes().to_vec())));
    /// assert!(json.contains(&("gpt-type", b"demo".to_vec())));
    /// assert!(!get.headers(Answer::Page, None).iter().any(|(name, _)| *name == "etag"));
    /// ```
    pub fn headers(&self, answer: Answer, gpt_type: Option<&[u8]>) -> Vec<Header> {
        let mut out: Vec<Header> = vec![
            ("vary", b"Accept".to_vec()),
            ("cache-control", b"no-cache".to_vec()),
            ("x-content-type-options", b"nosniff".to_vec()),
        ];
        if let Some(t) = gpt_type {
            out.push((GPT_TYPE, t.to_vec()));
        }
        let page = crate::render::page::PAGE_CONTENT_TYPE;
        let policy = crate::render::page::PAGE_CONTENT_SECURITY_POLICY;
        match answer {
            Answer::Json => {
                out.push(("etag", self.etag.as_bytes().to_vec()));
                out.push(("content-type", CONTENT_TYPE.as_bytes().to_vec()));
            }
            Answer::NotModified => out.push(("etag", self.etag.as_bytes().to_vec())),
            Answer::Page => {
                out.push(("content-type", page.as_bytes().to_vec()));
                out.push(("content-security-policy", policy.as_bytes().to_vec()));
            }
        }
        out
    }
}

/// Whether the entity-tag list `s` (one `If-None-Match` field value) is `*` or holds
/// `etag` by weak comparison (RFC 9110 §8.8.3.2). A malformed list matches nothing, so
/// the full answer goes out, which is always safe.
fn list_matches(mut s: &[u8], etag: &[u8]) -> bool {
    loop {
        while let [b' ' | b'\t' | b',', rest @ ..] = s {
            s = rest;
        }
        if s.is_empty() {
            return false;
        }
        if s[0] == b'*' {
            return true;
        }
        let weak = s.starts_with(b"W/");
        if weak {
            s = &s[2..];
        }
        if s.first() != Some(&b'"') {
            return false; // Malformed: no match, the full answer is always safe.
        }
        let Some(close) = s[1..].iter().position(|&b| b == b'"') else {
            return false;
        };
        let tag = &s[..close + 2];
        if tag == etag {
            return true;
        }
        s = &s[close + 2..];
    }
}

/// One `If-Match` field value read strictly (RFC 9110 §13.1.1, §8.8.3).
enum List {
    /// `*`.
    Any,
    /// A list of entity tags; whether one of them names the tag asked about by strong
    /// comparison.
    Tags { named: bool },
}

/// `s` as `*` or a list of entity tags (empty elements allowed, as RFC 9110 §5.6.1
/// asks of a recipient), with whether the list names `etag`; `None` when anything in
/// it is neither. A comma inside a tag's quotes belongs to the tag.
fn strict_list(s: &[u8], etag: &[u8]) -> Option<List> {
    let ows = |s: &mut &[u8]| {
        while let [b' ' | b'\t', rest @ ..] = *s {
            *s = rest;
        }
    };
    let mut s = s;
    ows(&mut s);
    if let [b'*', rest @ ..] = s {
        let mut rest = rest;
        ows(&mut rest);
        return rest.is_empty().then_some(List::Any);
    }
    let mut named = false;
    loop {
        // Empty elements and the spaces around them.
        while let [b' ' | b'\t' | b',', rest @ ..] = s {
            s = rest;
        }
        if s.is_empty() {
            return Some(List::Tags { named });
        }
        let weak = s.starts_with(b"W/");
        if weak {
            s = &s[2..];
        }
        // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE; etagc = %x21 / %x23-7E / obs-text
        if s.first() != Some(&b'"') {
            return None;
        }
        let close = 1 + s[1..].iter().position(|&b| b == b'"')?;
        let inner = &s[1..close];
        if !inner
            .iter()
            .all(|&b| b == 0x21 || (0x23..=0x7e).contains(&b) || b >= 0x80)
        {
            return None;
        }
        named |= !weak && &s[..=close] == etag;
        s = &s[close + 1..];
        ows(&mut s);
        match s {
            [] => return Some(List::Tags { named }),
            [b',', rest @ ..] => s = rest,
            _ => return None,
        }
    }
}

/// Build the GET body (invariants 1 and 2).
pub(crate) fn publish(form: &Form, prompt: &str, messages: &[Message]) -> Published {
    let mut out = String::with_capacity(form.schema_json().len() + prompt.len() + 32);
    out.push_str("{\"p\":");
    write_json_string(prompt, &mut out);
    out.push_str(",\"m\":[");
    for (i, m) in messages.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"role\":");
        write_json_string(&m.role, &mut out);
        out.push_str(",\"content\":");
        write_json_string(&m.content, &mut out);
        out.push('}');
    }
    out.push_str("],\"s\":");
    out.push_str(form.schema_json());
    out.push('}');
    let etag = format!("\"fg-{}\"", tag(CONTENT_TYPE.as_bytes(), out.as_bytes()));
    Published {
        body: out.into_bytes().into_boxed_slice(),
        etag,
    }
}

/// 128 bits of two FNV-1a 64 hashes with different offset bases over the content type,
/// a separator and the body. Stable across processes and versions, so every instance
/// of an address serving the same bytes gives the same tag. (Not a defence against
/// chosen collisions: the form and prompt are the operator's own.)
fn tag(content_type: &[u8], body: &[u8]) -> String {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut a: u64 = 0xcbf2_9ce4_8422_2325;
    let mut b: u64 = 0x6c62_272e_07bb_0142;
    for &byte in content_type.iter().chain(&[0u8]).chain(body) {
        a = (a ^ u64::from(byte)).wrapping_mul(PRIME);
        b = (b ^ u64::from(byte.rotate_left(3))).wrapping_mul(PRIME);
    }
    format!("{a:016x}{b:016x}")
}

impl Form {
    /// The GET body of an address serving this form, `{"p": prompt, "m": messages,
    /// "s": form}`, with its strong entity tag. Build it once and serve the bytes.
    ///
    /// ```
    /// use formgate::Form;
    /// use formgate::publish::Message;
    /// let form = Form::compile(br#"{"type":"string","maxLength":80}"#).unwrap();
    /// let get = form.publish("Write a haiku title.", &[Message::new("user", "about rain")]);
    /// assert!(std::str::from_utf8(get.body()).unwrap().ends_with(r#""s":{"type":"string","maxLength":80}}"#));
    /// assert_eq!(get.content_type(), "application/json");
    /// ```
    pub fn publish(&self, prompt: &str, messages: &[Message]) -> Published {
        publish(self, prompt, messages)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn publishes_the_rendered_form_verbatim() {
        let form = Form::compile(br#"{ "type" : "string", "maxLength" : 1.0E1 }"#).unwrap();
        let p = publish(&form, "Say \"hi\"", &[Message::new("user", "hello\n")]);
        assert_eq!(
            std::str::from_utf8(p.body()).unwrap(),
            r#"{"p":"Say \"hi\"","m":[{"role":"user","content":"hello\n"}],"s":{"type":"string","maxLength":1.0E1}}"#
        );
        assert!(crate::parse::parse(p.body(), &Limits::default()).is_ok());
        let again = publish(&form, "Say \"hi\"", &[Message::new("user", "hello\n")]);
        assert_eq!(p.etag(), again.etag());
        let other = publish(&form, "Say hi", &[]);
        assert_ne!(p.etag(), other.etag());
        assert!(p.etag().starts_with("\"fg-") && p.etag().ends_with('"'));
    }

    #[test]
    fn matches_entity_tags() {
        let m = |v: &[&str]| v.iter().any(|v| list_matches(v.as_bytes(), b"\"fg-1\""));
        assert!(m(&["\"fg-1\""]));
        assert!(m(&["W/\"fg-1\""]));
        assert!(m(&["\"a\", \"fg-1\""]));
        assert!(m(&["\"a,\"fg-1\"\"", "\"fg-1\""]));
        assert!(m(&["*"]));
        assert!(!m(&[]));
        assert!(!m(&["\"fg-2\""]));
        assert!(!m(&["fg-1"]));
        assert!(!m(&["\"a,\"fg-1\"\""])); // a quoted comma does not split a tag
        assert!(!m(&["\"fg-1"]));
        let strong = |v: &str| match strict_list(v.as_bytes(), b"\"fg-1\"") {
            None => None,
            Some(List::Any) => Some(true),
            Some(List::Tags { named }) => Some(named),
        };
        assert_eq!(strong("\"fg-1\""), Some(true));
        assert_eq!(strong(" \"a\", \"fg-1\" "), Some(true));
        assert_eq!(strong("\"a,b\", \"fg-1\""), Some(true)); // a quoted comma stays
        assert_eq!(strong(", ,\"fg-1\","), Some(true)); // empty elements are allowed
        assert_eq!(strong("*"), Some(true));
        assert_eq!(strong(" * "), Some(true));
        assert_eq!(strong("W/\"fg-1\""), Some(false));
        assert_eq!(strong("W/\"fg-1\", \"fg-2\""), Some(false));
        assert_eq!(strong("W/\"fg-1\", \"fg-1\""), Some(true));
        assert_eq!(strong(""), Some(false));
        for malformed in [
            "*garbage",
            "\"x\", *",
            "*, \"fg-1\"",
            "\"fg-1\" junk",
            "\"fg-1\" \"fg-2\"",
            "fg-1",
            "\"fg-1",
            "\"fg 1\"",
            "w/\"fg-1\"",
        ] {
            assert_eq!(strong(malformed), None, "{malformed}");
        }
    }

    #[test]
    fn heads_of_every_answer() {
        let form = Form::compile(b"{}").unwrap();
        let p = publish(&form, "hi", &[]);
        for answer in Answer::ALL {
            let h = p.headers(answer, Some(b"t"));
            for (name, _) in &h {
                assert!(
                    name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                    "{name}"
                );
            }
            let names: Vec<&str> = h.iter().map(|(n, _)| *n).collect();
            assert_eq!(
                names[..4],
                [
                    "vary",
                    "cache-control",
                    "x-content-type-options",
                    "gpt-type"
                ]
            );
            assert_eq!(
                names.contains(&"etag"),
                answer != Answer::Page,
                "{answer:?}"
            );
            assert_eq!(
                names.contains(&"content-type"),
                answer != Answer::NotModified
            );
        }
        assert!(!p
            .headers(Answer::Json, None)
            .iter()
            .any(|(n, _)| *n == "gpt-type"));
        let none: [&[u8]; 0] = [];
        let html: &[u8] = b"text/html;q=0.5";
        assert_eq!(p.answer([html], [&b"*"[..]]), Answer::Page);
        assert_eq!(p.answer([&b"*/*"[..]], [&b"*"[..]]), Answer::NotModified);
        assert_eq!(p.answer(none, [&b"\"fg-0\""[..]]), Answer::Json);
        assert_eq!(Answer::ALL.map(Answer::status), [200, 304, 200]);
    }

    #[test]
    fn rejects_malformed_messages() {
        for bad in [
            &br#"{}"#[..],
            br#"[1]"#,
            br#"[{"role":"user"}]"#,
            br#"[{"role":1,"content":"x"}]"#,
            br#"[{"role":"a","content":"b","extra":0}]"#,
            br#"[{"role":"a","content":"b","role":"c"}]"#,
        ] {
            assert!(
                Message::list_from_json(bad).is_err(),
                "{:?}",
                std::str::from_utf8(bad)
            );
        }
    }
}
