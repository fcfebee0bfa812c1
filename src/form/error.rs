//! [`FormError`]: the form is not strict JSON, or uses something outside the vocabulary.

use std::fmt;

use crate::parse::error::ParseError;

use super::vocabulary::Dialect;

/// Why a form does not compile.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FormErrorKind {
    /// The form's bytes are not strict JSON.
    Parse(ParseError),
    /// A schema is neither an object nor a boolean.
    NotASchema,
    /// A keyword outside the vocabulary, or one the form's dialect does not have (fail
    /// closed: it is never ignored).
    UnknownKeyword,
    /// A keyword whose value has the wrong shape (`maxLength: -1`, `required: "a"`);
    /// the text says what was expected.
    InvalidValue(&'static str),
    /// `type` names the same type twice.
    DuplicateType,
    /// A `format` other than those formgate asserts (`docs/FORMATS.md`).
    UnsupportedFormat,
    /// A `pattern` that is not ECMA-262, or cannot be matched exactly in linear time.
    InvalidPattern(String),
    /// A `$schema` that names none of the five dialects ([`Dialect::from_uri`]) nor a
    /// metaschema the form holds or its owner registered ([`FormError::detail`] names
    /// it); or one below the root naming another dialect than the schema around it,
    /// where that schema is no embedded resource's root.
    UnsupportedDialect,
    /// A `$ref` to a document other than the form, the resources embedded in it
    /// (schemas with an `$id`) and those registered with `FormBuilder::resource`:
    /// remote documents are never fetched. [`FormError::detail`] names the URI.
    RemoteRef,
    /// A `$ref` to a plain-name anchor (`#foo`) that no `$anchor` (or draft-04..07
    /// fragment `$id`) of the resource defines.
    AnchorRef,
    /// A `$ref` whose JSON Pointer names no schema in this form.
    RefNotFound,
    /// `$ref`s and in-place applicators that lead back to the same schema without
    /// descending into the instance: no value could ever be decided.
    RefCycle,
    /// A `discriminator` that does not agree with its `oneOf`/`anyOf` branches, or has
    /// none: the text says how (`docs/DIALECTS.md`).
    Discriminator(String),
    /// Two schemas of the form with the same resource URI (`$id`, compared after RFC
    /// 3986 normalization; an empty fragment names the resource itself, so
    /// `http://x.org/a#` below `http://x.org/a` is a second one), or two anchors of the
    /// same name in one resource. [`FormError::detail`] names the identifier and the
    /// schema it named first.
    DuplicateIdentifier,
    /// A subschema whose in-place applicators (`$ref`, `allOf`, `anyOf`, `oneOf`)
    /// reach more than 100,000 subschemas on one value (shared `$ref`s counted once per
    /// path): verifying a single value against it would cost that much, so the form is
    /// refused (bounded work). Also a form whose dynamic scopes (`$dynamicRef`,
    /// `$recursiveRef`) would need more than 100,000 schemas compiled for them.
    ExpansionTooLarge,
    /// A `$ref` with a sibling keyword that is not an annotation, in a dialect that
    /// ignores every sibling of `$ref` (draft-04, draft-06, draft-07): the form would
    /// mean one thing to formgate and another to that dialect's validators. The keyword
    /// named is the sibling.
    RefSibling(Dialect),
    /// A name given to `FormBuilder::annotation` that is a keyword of the vocabulary
    /// or one formgate refuses by name (`unevaluatedProperties`, `$vocabulary`...):
    /// only keywords no dialect defines may be declared annotations.
    NotDeclarable,
    /// A `contentEncoding` other than `base64`, or a `contentMediaType` other than
    /// `application/json`: formgate asserts content (`docs/FORMATS.md`) and implements
    /// only those, so any other would go unchecked.
    UnsupportedContent,
    /// A `contentSchema` without `contentMediaType` beside it, which the specification
    /// says to ignore: formgate ignores no keyword.
    ContentSchemaAlone,
    /// A document given to `FormBuilder::resource` that cannot be one: its URI is not
    /// absolute, has a fragment or was given twice, or its schema is neither an object
    /// nor a boolean; the text says which.
    InvalidResource(String),
    /// [`Form::unroll`](crate::Form::unroll) of a form it cannot rewrite exactly: one
    /// with `$dynamicRef` or `$recursiveRef`, whose targets depend on the embedded
    /// resources an unrolled form drops, or a recursive one whose schemas are read by
    /// more than one dialect or metaschema, whose resources give them their meaning.
    /// The text says which, and [`FormError::pointer`] where.
    NotUnrollable(String),
    /// A format the form's owner defined that cannot be one
    /// ([`FormBuilder::format`](crate::FormBuilder::format),
    /// [`FormBuilder::format_pattern`](crate::FormBuilder::format_pattern)): a name
    /// defined twice, empty, or one formgate implements, or a pattern formgate cannot
    /// match exactly; the text says which.
    FormatDefinition(String),
    /// A `$schema` naming a metaschema whose vocabularies formgate cannot honour: one
    /// that requires a vocabulary formgate does not implement, names vocabularies of
    /// two drafts, does not require the Core vocabulary, or has no `$vocabulary` and a
    /// `$schema` of its own that names none of the five dialects. [`FormError::detail`]
    /// says which (docs/DIALECTS.md, "Vocabularies").
    UnsupportedVocabulary,
}

impl FormErrorKind {
    /// The kind's stable name, without its parameters: `"malformed"` (the form is not
    /// strict JSON), `"unknown-keyword"`, `"unsupported-format"`, `"remote-ref"`, ...
    /// The bindings (Python, Node) and the command line's JSON report it as the error's
    /// kind.
    ///
    /// The names are part of the API, like [`RejectionKind::name`]'s: never changed,
    /// never reused for another kind.
    ///
    /// [`RejectionKind::name`]: crate::RejectionKind::name
    ///
    /// ```
    /// let e = formgate::Form::compile(br#"{"x-order":1}"#).unwrap_err();
    /// assert_eq!(e.kind().name(), "unknown-keyword");
    /// let e = formgate::Form::compile(b"{").unwrap_err();
    /// assert_eq!(e.kind().name(), "malformed");
    /// ```
    pub fn name(&self) -> &'static str {
        match self {
            FormErrorKind::Parse(_) => "malformed",
            FormErrorKind::NotASchema => "not-a-schema",
            FormErrorKind::UnknownKeyword => "unknown-keyword",
            FormErrorKind::InvalidValue(_) => "invalid-value",
            FormErrorKind::DuplicateType => "duplicate-type",
            FormErrorKind::UnsupportedFormat => "unsupported-format",
            FormErrorKind::InvalidPattern(_) => "invalid-pattern",
            FormErrorKind::UnsupportedDialect => "unsupported-dialect",
            FormErrorKind::RemoteRef => "remote-ref",
            FormErrorKind::AnchorRef => "anchor-ref",
            FormErrorKind::RefNotFound => "ref-not-found",
            FormErrorKind::RefCycle => "ref-cycle",
            FormErrorKind::Discriminator(_) => "discriminator",
            FormErrorKind::DuplicateIdentifier => "duplicate-identifier",
            FormErrorKind::ExpansionTooLarge => "expansion-too-large",
            FormErrorKind::RefSibling(_) => "ref-sibling",
            FormErrorKind::NotDeclarable => "not-declarable",
            FormErrorKind::UnsupportedContent => "unsupported-content",
            FormErrorKind::ContentSchemaAlone => "content-schema-alone",
            FormErrorKind::InvalidResource(_) => "invalid-resource",
            FormErrorKind::NotUnrollable(_) => "not-unrollable",
            FormErrorKind::FormatDefinition(_) => "format-definition",
            FormErrorKind::UnsupportedVocabulary => "unsupported-vocabulary",
        }
    }

    /// What the kind's parameter says, as text: the strictness rule of
    /// [`FormErrorKind::Parse`] ([`ParseErrorKind::name`]), what
    /// [`FormErrorKind::InvalidValue`] expected, why a pattern or a discriminator was
    /// refused, the dialect of [`FormErrorKind::RefSibling`]; `None` for the kinds
    /// without one.
    ///
    /// [`ParseErrorKind::name`]: crate::json::ParseErrorKind::name
    pub fn reason(&self) -> Option<String> {
        match self {
            FormErrorKind::Parse(p) => Some(p.kind().name().to_owned()),
            FormErrorKind::InvalidValue(what) => Some((*what).to_owned()),
            FormErrorKind::InvalidPattern(why)
            | FormErrorKind::Discriminator(why)
            | FormErrorKind::InvalidResource(why)
            | FormErrorKind::NotUnrollable(why)
            | FormErrorKind::FormatDefinition(why) => Some(why.clone()),
            FormErrorKind::RefSibling(d) => Some(d.name().to_owned()),
            _ => None,
        }
    }
}

impl fmt::Display for FormErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormErrorKind::Parse(e) => write!(f, "the form is not strict JSON: {e}"),
            FormErrorKind::NotASchema => f.write_str("a schema must be an object or a boolean"),
            FormErrorKind::UnknownKeyword => f.write_str("keyword outside the vocabulary"),
            FormErrorKind::InvalidValue(what) => write!(f, "invalid value: expected {what}"),
            FormErrorKind::DuplicateType => f.write_str("type names the same type twice"),
            FormErrorKind::UnsupportedContent => {
                f.write_str("unsupported contentEncoding or contentMediaType")
            }
            FormErrorKind::ContentSchemaAlone => {
                f.write_str("contentSchema without contentMediaType (it would be ignored)")
            }
            FormErrorKind::UnsupportedFormat => f.write_str("unsupported format"),
            FormErrorKind::InvalidPattern(why) => write!(f, "invalid pattern: {why}"),
            FormErrorKind::UnsupportedDialect => f.write_str("unsupported $schema dialect"),
            FormErrorKind::RemoteRef => f.write_str(
                "$ref to a document outside the form (remote documents are never fetched)",
            ),
            FormErrorKind::AnchorRef => f.write_str("$ref to an anchor the form does not define"),
            FormErrorKind::RefNotFound => f.write_str("$ref target is not a schema in this form"),
            FormErrorKind::RefCycle => {
                f.write_str("$ref cycle that never descends into the instance")
            }
            FormErrorKind::Discriminator(why) => {
                write!(f, "discriminator disagrees with its branches: {why}")
            }
            FormErrorKind::DuplicateIdentifier => {
                f.write_str("the same identifier names two schemas of the form")
            }
            FormErrorKind::ExpansionTooLarge => f.write_str(
                "in-place applicators reach too many subschemas on one value (bounded work)",
            ),
            FormErrorKind::NotDeclarable => f.write_str(
                "a keyword of JSON Schema cannot be declared an annotation (only extensions can)",
            ),
            FormErrorKind::RefSibling(d) => write!(
                f,
                "keyword beside $ref, which {d} ignores (move it into an allOf with the $ref)"
            ),
            FormErrorKind::InvalidResource(why) => write!(f, "invalid resource: {why}"),
            FormErrorKind::NotUnrollable(why) => write!(f, "cannot be unrolled: {why}"),
            FormErrorKind::FormatDefinition(why) => write!(f, "invalid format definition: {why}"),
            FormErrorKind::UnsupportedVocabulary => {
                f.write_str("$schema names a metaschema whose vocabularies cannot be honoured")
            }
        }
    }
}

/// A form that does not compile: the kind, the keyword, its JSON Pointer in the form and
/// the byte offset of that keyword (when the form parsed); for an error in a document
/// given with `FormBuilder::resource`, that document's URI, the pointer and offset
/// being in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    kind: FormErrorKind,
    keyword: Option<Box<str>>,
    pointer: String,
    offset: Option<u64>,
    detail: Option<Box<str>>,
    resource: Option<Box<str>>,
}

impl FormError {
    pub(crate) fn new(kind: FormErrorKind, keyword: Option<&str>, pointer: String) -> FormError {
        FormError {
            kind,
            keyword: keyword.map(Box::from),
            pointer,
            offset: None,
            detail: None,
            resource: None,
        }
    }

    /// The same error, saying more than its kind can (which identifier, and where it
    /// was first given).
    pub(crate) fn with_detail(mut self, detail: String) -> FormError {
        self.detail = Some(detail.into());
        self
    }

    pub(crate) fn parse(e: ParseError) -> FormError {
        let offset = Some(e.offset());
        let pointer = e.pointer().unwrap_or("").to_owned();
        FormError {
            kind: FormErrorKind::Parse(e),
            keyword: None,
            pointer,
            offset,
            detail: None,
            resource: None,
        }
    }

    pub(crate) fn set_offset(&mut self, offset: Option<u64>) {
        self.offset = offset;
    }

    /// The same error, located in the registered document `uri` at `pointer` (the
    /// bundle's pointer translated back, `crate::form::bundle`).
    pub(crate) fn in_resource(
        mut self,
        uri: &str,
        pointer: String,
        offset: Option<u64>,
    ) -> FormError {
        self.resource = Some(uri.into());
        self.pointer = pointer;
        self.offset = offset;
        self
    }

    /// What is wrong.
    pub fn kind(&self) -> &FormErrorKind {
        &self.kind
    }

    /// The offending keyword's name, when a keyword is at fault.
    pub fn keyword(&self) -> Option<&str> {
        self.keyword.as_deref()
    }

    /// The JSON Pointer of the offending keyword (or schema) in the form, or in the
    /// document [`FormError::resource`] names.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// The byte offset of the offending keyword's name (or of the parse error) in the
    /// form (or the document [`FormError::resource`] names), where known.
    pub fn offset(&self) -> Option<u64> {
        self.offset
    }

    /// The URI of the document given with `FormBuilder::resource` that the error is
    /// in, as registered; `None` when it is in the form itself.
    ///
    /// ```
    /// let e = formgate::Form::builder()
    ///     .resource("https://example.com/name.json", br#"{"type":"string","maxLen":3}"#)
    ///     .compile(br#"{"$ref":"https://example.com/name.json"}"#)
    ///     .unwrap_err();
    /// assert_eq!(e.resource(), Some("https://example.com/name.json"));
    /// assert_eq!((e.keyword(), e.pointer(), e.offset()), (Some("maxLen"), "/maxLen", Some(17)));
    /// ```
    pub fn resource(&self) -> Option<&str> {
        self.resource.as_deref()
    }

    /// More about what is wrong, when the kind alone does not say it: for
    /// [`FormErrorKind::DuplicateIdentifier`], the identifier (as compared, after RFC
    /// 3986 normalization) and the JSON Pointer of the schema it named first; for
    /// [`FormErrorKind::RemoteRef`], the URI of the document the `$ref` names.
    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let FormErrorKind::Parse(e) = &self.kind {
            return match &self.resource {
                Some(uri) => write!(f, "the resource {uri} is not strict JSON: {e}"),
                None => write!(f, "the form is not strict JSON: {e}"),
            };
        }
        if let Some(uri) = &self.resource {
            write!(f, "in the resource {uri}: ")?;
        }
        match &self.keyword {
            Some(k) => write!(f, "{:?}: {} at {:?}", k, self.kind, self.pointer)?,
            None => write!(f, "{} at {:?}", self.kind, self.pointer)?,
        }
        if let Some(o) = self.offset {
            write!(f, " (byte {o})")?;
        }
        if let Some(d) = &self.detail {
            write!(f, ": {d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for FormError {}
