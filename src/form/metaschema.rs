//! Metaschemas: what a `$schema` gives a form, and the five dialects' own documents.
//!
//! A `$schema` names a metaschema. The five standard ones name their dialect with every
//! vocabulary of it ([`Dialect::from_uri`]). Any other must be a document of the form:
//! an embedded resource at the root's `$defs` (`definitions`), where the builder
//! bundles one its owner registered (`crate::form::bundle`), so that the published `s`
//! holds the metaschema that says what its keywords mean. Its `$vocabulary` (2019-09
//! and later) lists the vocabularies its schemas use; without one, its own `$schema`
//! must name a standard dialect, whose vocabularies it then gives.
//!
//! The standard metaschemas are also documents a `$ref` may name (a form that admits
//! schemas refers to one): they are built in, exactly as published at their URIs by
//! the JSON Schema project (this folder's JSON files, their notice in
//! `metaschema/NOTICE`), and bundled like any registered document. Nothing is fetched.
//!
//! Invariants:
//! 1. A keyword is compiled only when a vocabulary in use defines it
//!    ([`Keyword::vocabulary`]); any other is unknown, and refused (fail closed) unless
//!    the form's owner declared it an annotation.
//! 2. A required vocabulary formgate does not implement, vocabularies of two drafts, or
//!    a `$vocabulary` without the Core vocabulary required, fail the compile
//!    ([`FormErrorKind::UnsupportedVocabulary`]); an optional vocabulary formgate does
//!    not know defines no keyword.
//! 3. Formats are asserted whichever of 2020-12's format vocabularies is in use (both
//!    give the keyword `format`; formgate asserts every format it compiles,
//!    `docs/FORMATS.md`).
//!
//! Cost: one lookup per `$schema`, and a read of the metaschema's `$vocabulary`.

use super::error::{FormError, FormErrorKind};
use super::resolve::{resolve, split, DEFAULT_BASE};
use super::vocabulary::{Dialect, Keyword};
use crate::parse::value::Value;

/// A vocabulary of 2019-09 or 2020-12: a set of keywords defined together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Vocabulary {
    /// `$schema`, `$id`, `$ref`, anchors, dynamic references, `$defs`, `$comment`.
    Core,
    /// The subschema keywords (in 2019-09 with `unevaluated*`).
    Applicator,
    /// `unevaluatedProperties` and `unevaluatedItems` (2020-12).
    Unevaluated,
    /// The assertions on values.
    Validation,
    /// `title`, `description`, `default`, `deprecated`, `readOnly`, `writeOnly`,
    /// `examples`.
    MetaData,
    /// `format` (2019-09's format vocabulary, 2020-12's format-annotation and
    /// format-assertion: invariant 3).
    Format,
    /// `contentEncoding`, `contentMediaType`, `contentSchema`.
    Content,
}

impl Vocabulary {
    fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The vocabulary and its draft a standard vocabulary URI names.
    fn from_uri(uri: &str) -> Option<(Dialect, Vocabulary)> {
        let (dialect, name) = if let Some(n) = uri.strip_prefix(VOCAB_2020_12) {
            (Dialect::Draft2020_12, n)
        } else {
            (Dialect::Draft2019_09, uri.strip_prefix(VOCAB_2019_09)?)
        };
        let vocabulary = match (name, dialect) {
            ("core", _) => Vocabulary::Core,
            ("applicator", _) => Vocabulary::Applicator,
            ("unevaluated", Dialect::Draft2020_12) => Vocabulary::Unevaluated,
            ("validation", _) => Vocabulary::Validation,
            ("meta-data", _) => Vocabulary::MetaData,
            ("format", Dialect::Draft2019_09)
            | ("format-annotation" | "format-assertion", Dialect::Draft2020_12) => {
                Vocabulary::Format
            }
            ("content", _) => Vocabulary::Content,
            _ => return None,
        };
        Some((dialect, vocabulary))
    }
}

const VOCAB_2020_12: &str = "https://json-schema.org/draft/2020-12/vocab/";
const VOCAB_2019_09: &str = "https://json-schema.org/draft/2019-09/vocab/";

/// What a `$schema` gives the schemas under it: a dialect, and the vocabularies in use
/// (every one of the dialect's, for a standard metaschema).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Meta {
    pub(crate) dialect: Dialect,
    vocabularies: u8,
}

impl Meta {
    /// A standard dialect, every vocabulary in use.
    pub(crate) fn standard(dialect: Dialect) -> Meta {
        Meta {
            dialect,
            vocabularies: u8::MAX,
        }
    }

    /// Whether a vocabulary in use defines `kw` (invariant 1).
    pub(crate) fn defines(self, kw: Keyword) -> bool {
        kw.vocabulary(self.dialect)
            .is_none_or(|v| self.vocabularies & v.bit() != 0)
    }
}

/// The standard metaschemas: (URI, document).
const BUILT_IN: [(&str, &str); 19] = [
    (
        "http://json-schema.org/draft-04/schema",
        include_str!("metaschema/draft4.json"),
    ),
    (
        "http://json-schema.org/draft-06/schema",
        include_str!("metaschema/draft6.json"),
    ),
    (
        "http://json-schema.org/draft-07/schema",
        include_str!("metaschema/draft7.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/schema",
        include_str!("metaschema/draft2019-09/schema.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/core",
        include_str!("metaschema/draft2019-09/meta/core.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/applicator",
        include_str!("metaschema/draft2019-09/meta/applicator.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/validation",
        include_str!("metaschema/draft2019-09/meta/validation.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/meta-data",
        include_str!("metaschema/draft2019-09/meta/meta-data.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/format",
        include_str!("metaschema/draft2019-09/meta/format.json"),
    ),
    (
        "https://json-schema.org/draft/2019-09/meta/content",
        include_str!("metaschema/draft2019-09/meta/content.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/schema",
        include_str!("metaschema/draft2020-12/schema.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/core",
        include_str!("metaschema/draft2020-12/meta/core.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/applicator",
        include_str!("metaschema/draft2020-12/meta/applicator.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/unevaluated",
        include_str!("metaschema/draft2020-12/meta/unevaluated.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/validation",
        include_str!("metaschema/draft2020-12/meta/validation.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/meta-data",
        include_str!("metaschema/draft2020-12/meta/meta-data.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/format-annotation",
        include_str!("metaschema/draft2020-12/meta/format-annotation.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/format-assertion",
        include_str!("metaschema/draft2020-12/meta/format-assertion.json"),
    ),
    (
        "https://json-schema.org/draft/2020-12/meta/content",
        include_str!("metaschema/draft2020-12/meta/content.json"),
    ),
];

/// The built-in documents, each with the (normalized) URI it is published at.
pub(crate) fn built_in() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    BUILT_IN.iter().map(|(uri, text)| (*uri, text.as_bytes()))
}

/// The built-in document a (normalized) `uri` stands for, by index into [`built_in`]:
/// its own URI, or a dialect's metaschema URI in the other scheme, which `$schema`
/// accepts ([`Dialect::from_uri`]); an owner may register none of them. A `$ref`
/// reaches a built-in document by its own URI only.
pub(crate) fn built_in_at(uri: &str) -> Option<usize> {
    let canonical = match Dialect::from_uri(uri) {
        Some(d) => d.uri().trim_end_matches('#'),
        None => uri,
    };
    BUILT_IN.iter().position(|(u, _)| *u == canonical)
}

/// The absolute URI a `$schema` value names (normalized, an empty fragment dropped);
/// `None` when it is not an absolute URI without a fragment.
pub(crate) fn uri_of(schema: &str) -> Option<String> {
    let (uri, fragment) = split(schema);
    if fragment.is_some_and(|f| !f.is_empty()) {
        return None;
    }
    iri_string::types::IriAbsoluteStr::new(uri).ok()?;
    resolve(uri, DEFAULT_BASE)
}

/// The metaschemas a form holds: what each member of the root's `$defs` and
/// `definitions` that is a resource with an absolute `$id` (`id`) would give as one,
/// by URI (read once, when a `$schema` names it).
#[derive(Debug, Default)]
pub(crate) struct Embedded(Vec<(String, Result<Meta, String>)>);

impl Embedded {
    /// The metaschemas the form `root` holds; a relative `$id` resolves against the
    /// root's base URI.
    pub(crate) fn of(root: &Value<'_>) -> Embedded {
        let id_of = |doc: &Value<'_>| {
            let id = ["$id", "id"].iter().find_map(|k| doc.get(k))?.as_str()?;
            match split(id) {
                (uri, None | Some("")) if !uri.is_empty() => Some(uri.to_owned()),
                _ => None,
            }
        };
        let base = id_of(root)
            .and_then(|id| resolve(&id, DEFAULT_BASE))
            .unwrap_or_else(|| DEFAULT_BASE.to_owned());
        let mut out = Vec::new();
        for container in ["$defs", "definitions"] {
            let Some(Value::Object(members)) = root.get(container) else {
                continue;
            };
            for (_, doc) in members {
                if let Some(uri) = id_of(doc).and_then(|id| resolve(&id, &base)) {
                    out.push((uri, read(doc)));
                }
            }
        }
        Embedded(out)
    }

    /// What the `$schema` value `schema` gives, looked up among the standard dialects
    /// and the form's metaschemas. `Ok(None)` when it names a document the form does
    /// not hold (the builder bundles it if its owner registered it), or is no absolute
    /// URI without a fragment; an error when it names a document that is no metaschema
    /// formgate can honour (invariant 2).
    pub(crate) fn meta_of(&self, schema: &str) -> Result<Option<Meta>, String> {
        if let Some(d) = Dialect::from_uri(schema) {
            return Ok(Some(Meta::standard(d)));
        }
        let Some(uri) = uri_of(schema) else {
            return Ok(None);
        };
        match self.0.iter().find(|(u, _)| *u == uri) {
            Some((_, meta)) => meta.clone().map(Some),
            None => Ok(None),
        }
    }
}

/// The vocabularies the metaschema `doc` declares (invariant 2).
pub(crate) fn read(doc: &Value<'_>) -> Result<Meta, String> {
    let Some(declared) = doc.get("$vocabulary") else {
        // No `$vocabulary`: the dialect its own `$schema` names, whole.
        return match doc.get("$schema").and_then(Value::as_str) {
            Some(s) => Dialect::from_uri(s).map(Meta::standard).ok_or_else(|| {
                format!("the metaschema's own $schema {s:?} is not one of the five dialects, and it has no $vocabulary")
            }),
            None => Err("the metaschema has neither $vocabulary nor a $schema of its own".into()),
        };
    };
    let Value::Object(entries) = declared else {
        return Err("its $vocabulary is not an object".into());
    };
    let mut dialect = None;
    let mut bits = 0u8;
    let mut core = false;
    for (uri, required) in entries {
        let Value::Bool(required) = required else {
            return Err(format!(
                "its $vocabulary gives {uri:?} a value that is not a boolean"
            ));
        };
        let Some((d, v)) = Vocabulary::from_uri(uri) else {
            if *required {
                return Err(format!(
                    "it requires the vocabulary {uri}, which formgate does not implement"
                ));
            }
            continue;
        };
        if dialect.is_some_and(|first| first != d) {
            return Err("its $vocabulary names vocabularies of two drafts".into());
        }
        dialect = Some(d);
        if v == Vocabulary::Core {
            core = *required;
            if !core {
                return Err("its $vocabulary makes the Core vocabulary optional".into());
            }
        }
        bits |= v.bit();
    }
    match dialect {
        Some(dialect) if core => Ok(Meta {
            dialect,
            vocabularies: bits,
        }),
        _ => Err("its $vocabulary does not require the Core vocabulary".into()),
    }
}

/// The error for a `$schema` at `at` that names nothing formgate can honour.
pub(crate) fn error(at: &str, why: String) -> FormError {
    FormError::new(
        FormErrorKind::UnsupportedVocabulary,
        Some("$schema"),
        super::pointer::join(at, "$schema"),
    )
    .with_detail(why)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;

    fn parse(text: &str) -> Value<'_> {
        crate::parse::parse(text.as_bytes(), &Limits::default()).unwrap()
    }

    #[test]
    fn built_in_documents_are_at_their_own_id() {
        for (uri, bytes) in built_in() {
            let doc = crate::parse::parse(bytes, &Limits::default()).unwrap();
            let id = ["$id", "id"].iter().find_map(|k| doc.get(k)).unwrap();
            assert_eq!(uri_of(id.as_str().unwrap()).as_deref(), Some(uri));
            assert!(doc
                .get("$schema")
                .and_then(Value::as_str)
                .and_then(Dialect::from_uri)
                .is_some());
        }
        // Each standard metaschema declares every vocabulary of its dialect.
        for d in [Dialect::Draft2019_09, Dialect::Draft2020_12] {
            let (_, bytes) = built_in()
                .find(|(u, _)| Dialect::from_uri(u) == Some(d))
                .unwrap();
            let doc = crate::parse::parse(bytes, &Limits::default()).unwrap();
            let meta = read(&doc).unwrap();
            assert_eq!(meta.dialect, d);
            assert!(Keyword::ALL.iter().all(|&k| meta.defines(k)), "{d}");
        }
    }

    #[test]
    fn vocabularies_decide_which_keywords_are_defined() {
        let doc = parse(
            r#"{"$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,
                "https://json-schema.org/draft/2020-12/vocab/applicator":true,
                "https://example.com/vocab/x":false}}"#,
        );
        let meta = read(&doc).unwrap();
        assert_eq!(meta.dialect, Dialect::Draft2020_12);
        assert!(meta.defines(Keyword::Properties) && meta.defines(Keyword::Ref));
        assert!(!meta.defines(Keyword::Minimum) && !meta.defines(Keyword::Format));
        assert!(!meta.defines(Keyword::UnevaluatedProperties));
        assert_ne!(meta, Meta::standard(Dialect::Draft2020_12));
        for (text, why) in [
            (
                r#"{"$vocabulary":{"https://example.com/vocab/x":true,"https://json-schema.org/draft/2020-12/vocab/core":true}}"#,
                "does not implement",
            ),
            (
                r#"{"$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":false}}"#,
                "optional",
            ),
            (
                r#"{"$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/validation":true}}"#,
                "Core",
            ),
            (
                r#"{"$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,"https://json-schema.org/draft/2019-09/vocab/validation":true}}"#,
                "two drafts",
            ),
            (
                r#"{"$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":1}}"#,
                "not a boolean",
            ),
            (
                r#"{"$schema":"https://example.com/mine"}"#,
                "not one of the five",
            ),
            ("{}", "neither"),
        ] {
            let e = read(&parse(text)).unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
        // Without `$vocabulary`, the metaschema's own dialect, whole.
        let meta = read(&parse(
            r#"{"$schema":"http://json-schema.org/draft-07/schema#"}"#,
        ))
        .unwrap();
        assert_eq!(meta, Meta::standard(Dialect::Draft7));
        // 2019-09 has no vocabulary of its own for `unevaluated*`: the applicator's.
        let doc = parse(
            r#"{"$vocabulary":{"https://json-schema.org/draft/2019-09/vocab/core":true,
                "https://json-schema.org/draft/2019-09/vocab/applicator":true}}"#,
        );
        let meta = read(&doc).unwrap();
        assert!(meta.defines(Keyword::UnevaluatedItems) && !meta.defines(Keyword::Type));
    }
}
