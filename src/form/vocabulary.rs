//! The vocabulary: every keyword a form may use, and what kind of thing it is.
//!
//! Invariants:
//! 1. A name not in [`Keyword::from_name`] is not part of the vocabulary: compiling a
//!    form that uses it fails, naming the keyword and its pointer.
//! 2. Each keyword is exactly one of: an assertion (affects verdicts), an applicator
//!    (holds subschemas), or an annotation (kept verbatim for rendering, never read by
//!    the validator).

/// The 2020-12 dialect URI.
pub(crate) const DIALECT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";
/// draft-07's URI, accepted where its meaning equals 2020-12's.
pub(crate) const DIALECT_DRAFT_07: &str = "http://json-schema.org/draft-07/schema";

/// Which dialect a form declares with `$schema`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// JSON Schema 2020-12 (also the default when `$schema` is absent).
    Draft2020_12,
    /// draft-07, compiled only where its meaning is identical to 2020-12's.
    Draft07,
}

impl Dialect {
    /// The dialect named by a `$schema` value, if it is one formgate implements.
    pub(crate) fn from_uri(uri: &str) -> Option<Dialect> {
        let bare = uri.strip_suffix('#').unwrap_or(uri);
        if bare == DIALECT_2020_12 {
            Some(Dialect::Draft2020_12)
        } else if bare == DIALECT_DRAFT_07 {
            Some(Dialect::Draft07)
        } else {
            None
        }
    }
}

/// A keyword of Vocabulary v1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub(crate) enum Keyword {
    // Assertions.
    Type,
    Enum,
    Const,
    Required,
    MinItems,
    MaxItems,
    MinLength,
    MaxLength,
    Pattern,
    Format,
    Minimum,
    Maximum,
    ExclusiveMinimum,
    ExclusiveMaximum,
    MultipleOf,
    MinProperties,
    MaxProperties,
    DependentRequired,
    MinContains,
    MaxContains,
    UniqueItems,
    // Applicators.
    Properties,
    AdditionalProperties,
    Items,
    PrefixItems,
    AnyOf,
    OneOf,
    AllOf,
    Ref,
    Defs,
    /// draft-07's name for `$defs`.
    Definitions,
    Not,
    If,
    Then,
    Else,
    DependentSchemas,
    PropertyNames,
    PatternProperties,
    Contains,
    // Annotations and identifiers.
    Title,
    Description,
    Default,
    Examples,
    Comment,
    Deprecated,
    ReadOnly,
    WriteOnly,
    Schema,
    Id,
}

impl Keyword {
    /// Every keyword, in the order the vocabulary lists them.
    pub(crate) const ALL: [Keyword; 49] = [
        Keyword::Type,
        Keyword::Enum,
        Keyword::Const,
        Keyword::Required,
        Keyword::MinItems,
        Keyword::MaxItems,
        Keyword::MinLength,
        Keyword::MaxLength,
        Keyword::Pattern,
        Keyword::Format,
        Keyword::Minimum,
        Keyword::Maximum,
        Keyword::ExclusiveMinimum,
        Keyword::ExclusiveMaximum,
        Keyword::MultipleOf,
        Keyword::MinProperties,
        Keyword::MaxProperties,
        Keyword::DependentRequired,
        Keyword::MinContains,
        Keyword::MaxContains,
        Keyword::UniqueItems,
        Keyword::Properties,
        Keyword::AdditionalProperties,
        Keyword::Items,
        Keyword::PrefixItems,
        Keyword::AnyOf,
        Keyword::OneOf,
        Keyword::AllOf,
        Keyword::Ref,
        Keyword::Defs,
        Keyword::Definitions,
        Keyword::Not,
        Keyword::If,
        Keyword::Then,
        Keyword::Else,
        Keyword::DependentSchemas,
        Keyword::PropertyNames,
        Keyword::PatternProperties,
        Keyword::Contains,
        Keyword::Title,
        Keyword::Description,
        Keyword::Default,
        Keyword::Examples,
        Keyword::Comment,
        Keyword::Deprecated,
        Keyword::ReadOnly,
        Keyword::WriteOnly,
        Keyword::Schema,
        Keyword::Id,
    ];

    /// The keyword's name as written in a form.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Keyword::Type => "type",
            Keyword::Enum => "enum",
            Keyword::Const => "const",
            Keyword::Required => "required",
            Keyword::MinItems => "minItems",
            Keyword::MaxItems => "maxItems",
            Keyword::MinLength => "minLength",
            Keyword::MaxLength => "maxLength",
            Keyword::Pattern => "pattern",
            Keyword::Format => "format",
            Keyword::Minimum => "minimum",
            Keyword::Maximum => "maximum",
            Keyword::ExclusiveMinimum => "exclusiveMinimum",
            Keyword::ExclusiveMaximum => "exclusiveMaximum",
            Keyword::MultipleOf => "multipleOf",
            Keyword::MinProperties => "minProperties",
            Keyword::MaxProperties => "maxProperties",
            Keyword::DependentRequired => "dependentRequired",
            Keyword::MinContains => "minContains",
            Keyword::MaxContains => "maxContains",
            Keyword::UniqueItems => "uniqueItems",
            Keyword::Properties => "properties",
            Keyword::AdditionalProperties => "additionalProperties",
            Keyword::Items => "items",
            Keyword::PrefixItems => "prefixItems",
            Keyword::AnyOf => "anyOf",
            Keyword::OneOf => "oneOf",
            Keyword::AllOf => "allOf",
            Keyword::Ref => "$ref",
            Keyword::Defs => "$defs",
            Keyword::Definitions => "definitions",
            Keyword::Not => "not",
            Keyword::If => "if",
            Keyword::Then => "then",
            Keyword::Else => "else",
            Keyword::DependentSchemas => "dependentSchemas",
            Keyword::PropertyNames => "propertyNames",
            Keyword::PatternProperties => "patternProperties",
            Keyword::Contains => "contains",
            Keyword::Title => "title",
            Keyword::Description => "description",
            Keyword::Default => "default",
            Keyword::Examples => "examples",
            Keyword::Comment => "$comment",
            Keyword::Deprecated => "deprecated",
            Keyword::ReadOnly => "readOnly",
            Keyword::WriteOnly => "writeOnly",
            Keyword::Schema => "$schema",
            Keyword::Id => "$id",
        }
    }

    /// The keyword named `name`, if it is in the vocabulary (invariant 1).
    pub(crate) fn from_name(name: &str) -> Option<Keyword> {
        Keyword::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Annotations never affect a verdict; their values are kept verbatim.
    pub(crate) fn is_annotation(self) -> bool {
        matches!(
            self,
            Keyword::Title
                | Keyword::Description
                | Keyword::Default
                | Keyword::Examples
                | Keyword::Comment
                | Keyword::Deprecated
                | Keyword::ReadOnly
                | Keyword::WriteOnly
        )
    }

    /// Keywords that 2020-12 introduced or renamed, unknown to draft-07 (which would
    /// ignore them: formgate refuses them instead).
    pub(crate) fn is_2019_or_later(self) -> bool {
        matches!(
            self,
            Keyword::Defs
                | Keyword::PrefixItems
                | Keyword::DependentRequired
                | Keyword::DependentSchemas
                | Keyword::MinContains
                | Keyword::MaxContains
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for k in Keyword::ALL {
            assert_eq!(Keyword::from_name(k.name()), Some(k));
        }
        assert_eq!(Keyword::from_name("propertiez"), None);
        assert_eq!(Keyword::from_name("unevaluatedItems"), None);
    }

    #[test]
    fn accepts_both_spellings_of_dialect_uris() {
        assert_eq!(
            Dialect::from_uri("https://json-schema.org/draft/2020-12/schema"),
            Some(Dialect::Draft2020_12)
        );
        assert_eq!(
            Dialect::from_uri("http://json-schema.org/draft-07/schema#"),
            Some(Dialect::Draft07)
        );
        assert_eq!(
            Dialect::from_uri("https://json-schema.org/draft/2019-09/schema"),
            None
        );
    }
}
