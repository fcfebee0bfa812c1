//! [`Rejection`]: the body is not admitted, with where and why, for logs only.

use std::fmt;

use crate::form::node::NodeId;
use crate::form::vocabulary::Keyword;
use crate::form::Form;
use crate::parse::error::{ParseError, ParseErrorKind};
use crate::parse::value::write_json_string;

/// Why a body was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RejectionKind {
    /// The body is longer than `max_bytes` (the limit is given); nothing was parsed.
    TooLarge {
        /// The `max_bytes` in force.
        limit: usize,
    },
    /// The body is not strict JSON (or nests deeper than `max_depth`).
    Malformed(ParseErrorKind),
    /// The body is strict JSON, but the form does not admit it; the keyword that
    /// decided is named.
    NotAdmitted {
        /// The form keyword whose assertion failed ([`Keyword::Type`],
        /// [`Keyword::Required`], [`Keyword::AdditionalProperties`], ...), or
        /// [`Keyword::False`] for the boolean schema `false`.
        keyword: Keyword,
    },
    /// The form admits the body, but it does not fit the type `verify_into` was asked
    /// for (see [`Rejection::detail`]).
    Unrepresentable,
}

impl RejectionKind {
    /// The kind's stable name, without its parameters: `"too-large"`, `"malformed"`,
    /// `"not-admitted"` or `"unrepresentable"`. What was malformed is
    /// [`ParseErrorKind::name`], and which keyword did not admit is [`Keyword::name`].
    ///
    /// The names are part of the API, like [`ParseErrorKind::name`]'s: never changed,
    /// never reused for another kind.
    ///
    /// ```
    /// let form = formgate::Form::compile(br#"{"maxLength":2}"#).unwrap();
    /// assert_eq!(form.verify(br#""abc""#).unwrap_err().kind().name(), "not-admitted");
    /// assert_eq!(form.verify(b"[1,]").unwrap_err().kind().name(), "malformed");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            RejectionKind::TooLarge { .. } => "too-large",
            RejectionKind::Malformed(_) => "malformed",
            RejectionKind::NotAdmitted { .. } => "not-admitted",
            RejectionKind::Unrepresentable => "unrepresentable",
        }
    }

    /// The limit the kind names: `max_bytes` for [`RejectionKind::TooLarge`], and
    /// `max_depth` for a body nested too deep ([`ParseErrorKind::TooDeep`]).
    ///
    /// ```
    /// use formgate::Form;
    /// let form = Form::builder().max_bytes(8).max_depth(1).compile(b"true").unwrap();
    /// assert_eq!(form.verify(b"[1,2,3,4,5]").unwrap_err().kind().limit(), Some(8));
    /// assert_eq!(form.verify(b"[[]]").unwrap_err().kind().limit(), Some(1));
    /// assert_eq!(form.verify(b"[1,]").unwrap_err().kind().limit(), None);
    /// ```
    pub fn limit(&self) -> Option<usize> {
        match *self {
            RejectionKind::TooLarge { limit }
            | RejectionKind::Malformed(ParseErrorKind::TooDeep { limit }) => Some(limit),
            _ => None,
        }
    }
}

impl fmt::Display for RejectionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RejectionKind::TooLarge { limit } => write!(f, "body exceeds max_bytes ({limit})"),
            RejectionKind::Malformed(kind) => write!(f, "malformed: {kind}"),
            RejectionKind::NotAdmitted { keyword } => {
                write!(f, "not admitted by {:?}", keyword.name())
            }
            RejectionKind::Unrepresentable => {
                f.write_str("admitted, but not of the requested type")
            }
        }
    }
}

/// A rejected body: the kind, the byte offset where the verdict became certain, the
/// JSON Pointer of the offending value in the body and of the deciding keyword in the
/// form, and, for a failure under `anyOf` or `oneOf`, of the applicator whose last
/// branch failed so.
///
/// Meant for logs and development: a server answers a rejection with no reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    kind: RejectionKind,
    offset: u64,
    /// The body pointer, then the form pointer, then the applicator's pointer, in one
    /// string: one allocation, where a rejection of a small body costs about as much
    /// as its acceptance (benches/README.md, "What a rejection costs").
    pointers: String,
    /// Where the body pointer ends in `pointers`.
    body_end: usize,
    /// Where the form pointer ends, if there is one.
    form_end: Option<usize>,
    /// Whether the applicator's pointer follows the form pointer.
    applicator: bool,
    detail: Option<String>,
}

impl Rejection {
    pub(crate) fn new(
        kind: RejectionKind,
        offset: u64,
        pointer: String,
        form_pointer: Option<String>,
    ) -> Rejection {
        let body_end = pointer.len();
        let mut pointers = pointer;
        let form_end = form_pointer.map(|fp| {
            pointers.push_str(&fp);
            pointers.len()
        });
        Rejection {
            kind,
            offset,
            pointers,
            body_end,
            form_end,
            applicator: false,
            detail: None,
        }
    }

    /// The rejection of a body that a node's keyword does not admit (`None`: the
    /// boolean schema `false`), at `offset`, at `pointer` in the body, reported
    /// through the `anyOf` or `oneOf` of node `via` when it is given: the one way
    /// every engine names a failure.
    pub(crate) fn not_admitted(
        form: &Form,
        node: NodeId,
        keyword: Option<Keyword>,
        offset: u64,
        pointer: String,
        via: Option<(NodeId, Keyword)>,
    ) -> Rejection {
        let node = form.node(node);
        let body_end = pointer.len();
        let mut pointers = pointer;
        pointers.push_str(&node.pointer);
        let keyword = match keyword {
            Some(k) => {
                crate::form::pointer::push(&mut pointers, k.name());
                k
            }
            None => Keyword::False,
        };
        let form_end = Some(pointers.len());
        if let Some((applicator, k)) = via {
            pointers.push_str(&form.node(applicator).pointer);
            crate::form::pointer::push(&mut pointers, k.name());
        }
        Rejection {
            kind: RejectionKind::NotAdmitted { keyword },
            offset,
            pointers,
            body_end,
            form_end,
            applicator: via.is_some(),
            detail: None,
        }
    }

    pub(crate) fn with_detail(mut self, detail: String) -> Rejection {
        self.detail = Some(detail);
        self
    }

    pub(crate) fn from_parse(e: ParseError) -> Rejection {
        let kind = match e.kind() {
            ParseErrorKind::TooLarge { limit } => RejectionKind::TooLarge { limit },
            k => RejectionKind::Malformed(k),
        };
        Rejection::new(kind, e.offset(), e.pointer().unwrap_or("").to_owned(), None)
    }

    /// Why.
    pub fn kind(&self) -> RejectionKind {
        self.kind
    }

    /// The byte offset in the body at which the rejection became certain.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The JSON Pointer of the offending value in the body (`""` is the whole body).
    pub fn pointer(&self) -> &str {
        &self.pointers[..self.body_end]
    }

    /// The deserializer's message, for [`RejectionKind::Unrepresentable`].
    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }

    /// The JSON Pointer, in the form, of the keyword that decided (for `NotAdmitted`).
    pub fn form_pointer(&self) -> Option<&str> {
        self.form_end.map(|end| &self.pointers[self.body_end..end])
    }

    /// For a failure under `anyOf` or `oneOf`: the JSON Pointer, in the form, of the
    /// applicator (`…/anyOf`, `…/oneOf`) whose branches all failed, the last of them
    /// as [`Rejection::form_pointer`] says. The innermost such applicator is named.
    /// `None` for any other rejection.
    ///
    /// ```
    /// let form = formgate::Form::compile(br#"{"anyOf":[
    ///     {"properties":{"kind":{"const":"a"}}},
    ///     {"properties":{"kind":{"const":"b"},"at":{"format":"date"}}}
    /// ]}"#).unwrap();
    /// let r = form.verify(br#"{"kind":"b","at":"soon"}"#).unwrap_err();
    /// assert_eq!(r.form_pointer(), Some("/anyOf/1/properties/at/format"));
    /// assert_eq!(r.applicator(), Some("/anyOf"));
    /// ```
    pub fn applicator(&self) -> Option<&str> {
        match (self.applicator, self.form_end) {
            (true, Some(end)) => Some(&self.pointers[end..]),
            _ => None,
        }
    }

    /// The rejection as one compact JSON object, by the stable names, for logs and
    /// for integrations that report rejections as data. Its members, in this order:
    ///
    /// | member | present | value |
    /// |---|---|---|
    /// | `kind` | always | [`RejectionKind::name`] |
    /// | `reason` | `malformed` | [`ParseErrorKind::name`] of what is not strict JSON |
    /// | `keyword` | `not-admitted` | [`Keyword::name`] of the keyword that decided |
    /// | `limit` | `too-large`, and `malformed` for `too-deep` | [`RejectionKind::limit`] |
    /// | `offset` | always | [`Rejection::offset`] |
    /// | `pointer` | always | [`Rejection::pointer`] |
    /// | `formPointer` | when known (`not-admitted`) | [`Rejection::form_pointer`] |
    /// | `applicator` | under `anyOf` or `oneOf` | [`Rejection::applicator`] |
    /// | `detail` | when known (`unrepresentable`) | [`Rejection::detail`] |
    ///
    /// A member that does not apply is absent, never `null`. Strings are escaped as
    /// RFC 8259 requires and are otherwise UTF-8 as they are. The pointer names members
    /// of the body, and `detail` is the deserializer's message, which may quote a
    /// value of the body: like the rest of a `Rejection`, this is for logs, not for the
    /// actor.
    ///
    /// ```
    /// let form = formgate::Form::compile(br#"{"properties":{"n":{"maximum":5}}}"#).unwrap();
    /// let r = form.verify(br#"{"n":6}"#).unwrap_err();
    /// assert_eq!(
    ///     r.to_json(),
    ///     r#"{"kind":"not-admitted","keyword":"maximum","offset":5,"pointer":"/n","formPointer":"/properties/n/maximum"}"#
    /// );
    /// let r = form.verify(br#"{"n":1,"n":2}"#).unwrap_err();
    /// assert_eq!(
    ///     r.to_json(),
    ///     r#"{"kind":"malformed","reason":"duplicate-key","offset":7,"pointer":""}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(96 + self.pointers.len());
        out.push_str("{\"kind\":");
        write_json_string(self.kind.name(), &mut out);
        match self.kind {
            RejectionKind::Malformed(reason) => {
                out.push_str(",\"reason\":");
                write_json_string(reason.name(), &mut out);
            }
            RejectionKind::NotAdmitted { keyword } => {
                out.push_str(",\"keyword\":");
                write_json_string(keyword.name(), &mut out);
            }
            RejectionKind::TooLarge { .. } | RejectionKind::Unrepresentable => {}
        }
        if let Some(limit) = self.kind.limit() {
            out.push_str(&format!(",\"limit\":{limit}"));
        }
        out.push_str(&format!(",\"offset\":{},\"pointer\":", self.offset));
        write_json_string(self.pointer(), &mut out);
        if let Some(fp) = self.form_pointer() {
            out.push_str(",\"formPointer\":");
            write_json_string(fp, &mut out);
        }
        if let Some(a) = self.applicator() {
            out.push_str(",\"applicator\":");
            write_json_string(a, &mut out);
        }
        if let Some(d) = &self.detail {
            out.push_str(",\"detail\":");
            write_json_string(d, &mut out);
        }
        out.push('}');
        out
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {}, body {:?}",
            self.kind,
            self.offset,
            self.pointer()
        )?;
        if let Some(fp) = self.form_pointer() {
            write!(f, ", form {fp:?}")?;
        }
        if let Some(a) = self.applicator() {
            write!(f, ", under {a:?}")?;
        }
        if let Some(d) = &self.detail {
            write!(f, ": {d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Rejection {}
