//! The vocabulary: every keyword a form may use, and what kind of thing it is.
//!
//! Invariants:
//! 1. A name not in [`Keyword::from_name`] is not part of the vocabulary: compiling a
//!    form that uses it fails, naming the keyword and its pointer.
//! 2. Each keyword is exactly one of: an assertion (affects verdicts), an applicator
//!    (holds subschemas), or an annotation (kept verbatim for rendering, never read by
//!    the validator).
//! 3. From 2019-09 on, each keyword but `definitions` and `discriminator` belongs to
//!    one vocabulary ([`Keyword::vocabulary`]), which the form's metaschema must give
//!    it (`form/metaschema.rs`).

/// A JSON Schema dialect: which draft's keywords, spellings and meanings a form uses.
///
/// A form names its dialect with `$schema` at its root (see [`Dialect::from_uri`]);
/// without one, the dialect is [`FormBuilder::default_dialect`](crate::FormBuilder::default_dialect)'s,
/// 2020-12 unless set. Each dialect keeps its own meaning: a keyword the dialect does
/// not have is refused, never ignored (`docs/DIALECTS.md` has the table).
///
/// ```
/// use formgate::Dialect;
/// assert_eq!(Dialect::from_uri("http://json-schema.org/draft-04/schema#"), Some(Dialect::Draft4));
/// assert_eq!(Dialect::from_name("2019-09"), Some(Dialect::Draft2019_09));
/// assert_eq!(Dialect::default(), Dialect::Draft2020_12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum Dialect {
    /// draft-04 (`id`, boolean `exclusiveMaximum`/`exclusiveMinimum`, `definitions`,
    /// `dependencies`, array-form `items` with `additionalItems`).
    Draft4,
    /// draft-06: draft-04 plus `$id`, `const`, `contains`, `propertyNames`, `examples`,
    /// numeric `exclusiveMaximum`/`exclusiveMinimum`, boolean schemas.
    Draft6,
    /// draft-07: draft-06 plus `if`/`then`/`else`, `$comment`, `readOnly`, `writeOnly`.
    Draft7,
    /// 2019-09: `$defs`, `dependentRequired`, `dependentSchemas`, `minContains`,
    /// `maxContains`, `deprecated`; `$ref` applies beside other keywords; array-form
    /// `items` with `additionalItems` remain.
    Draft2019_09,
    /// 2020-12: `prefixItems` and `items` replace array-form `items` and
    /// `additionalItems`. The default.
    #[default]
    Draft2020_12,
}

impl Dialect {
    /// Every dialect, oldest first.
    pub const ALL: [Dialect; 5] = [
        Dialect::Draft4,
        Dialect::Draft6,
        Dialect::Draft7,
        Dialect::Draft2019_09,
        Dialect::Draft2020_12,
    ];

    /// The dialect's metaschema URI, as its specification writes it (the spelling
    /// generators should use).
    pub fn uri(self) -> &'static str {
        match self {
            Dialect::Draft4 => "http://json-schema.org/draft-04/schema#",
            Dialect::Draft6 => "http://json-schema.org/draft-06/schema#",
            Dialect::Draft7 => "http://json-schema.org/draft-07/schema#",
            Dialect::Draft2019_09 => "https://json-schema.org/draft/2019-09/schema",
            Dialect::Draft2020_12 => "https://json-schema.org/draft/2020-12/schema",
        }
    }

    /// The dialect's short name, as the command line's `--default-dialect` takes it:
    /// `draft4`, `draft6`, `draft7`, `2019-09`, `2020-12`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Draft4 => "draft4",
            Dialect::Draft6 => "draft6",
            Dialect::Draft7 => "draft7",
            Dialect::Draft2019_09 => "2019-09",
            Dialect::Draft2020_12 => "2020-12",
        }
    }

    /// The dialect with this short name ([`Dialect::name`]).
    pub fn from_name(name: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The dialect a `$schema` value names: the metaschema URI of one of the five
    /// drafts, with or without its trailing empty fragment `#`, with `http` or
    /// `https` (forms in the wild write both; the URI names the draft either way).
    /// Anything else is `None` (the form is refused: `UnsupportedDialect`).
    pub fn from_uri(uri: &str) -> Option<Dialect> {
        let bare = uri.strip_suffix('#').unwrap_or(uri);
        let rest = bare
            .strip_prefix("https://")
            .or_else(|| bare.strip_prefix("http://"))?;
        Dialect::ALL.into_iter().find(|d| {
            let canonical = d.uri().strip_suffix('#').unwrap_or(d.uri());
            canonical.split_once("://").map(|(_, r)| r) == Some(rest)
        })
    }

    /// draft-04, draft-06 or draft-07: `$ref` ignores its siblings, `definitions`,
    /// `dependencies`.
    pub(crate) fn is_pre_2019(self) -> bool {
        self < Dialect::Draft2019_09
    }

    /// Whether `items` may be an array (with `additionalItems` for the rest).
    pub(crate) fn has_array_items(self) -> bool {
        self < Dialect::Draft2020_12
    }

    /// The keyword naming a resource in this dialect: `id` in draft-04, `$id` after.
    pub(crate) fn id_keyword(self) -> Keyword {
        if self == Dialect::Draft4 {
            Keyword::LegacyId
        } else {
            Keyword::Id
        }
    }

    /// The keyword holding reusable schemas in this dialect.
    pub(crate) fn defs_keyword(self) -> &'static str {
        if self.is_pre_2019() {
            "definitions"
        } else {
            "$defs"
        }
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Dialect::Draft4 => "draft-04",
            Dialect::Draft6 => "draft-06",
            Dialect::Draft7 => "draft-07",
            Dialect::Draft2019_09 => "2019-09",
            Dialect::Draft2020_12 => "2020-12",
        })
    }
}

/// A keyword of formgate's vocabulary, across the five dialects, as a rejection names
/// it ([`RejectionKind::NotAdmitted`](crate::RejectionKind::NotAdmitted)); and
/// [`Keyword::False`], the boolean schema `false`, which rejects whatever meets it.
///
/// [`Keyword::name`] is the keyword as JSON Schema spells it (`"additionalProperties"`,
/// `"$ref"`): stable, part of the API. A keyword formgate admits later is a new variant
/// (the enum is `#[non_exhaustive]`), with its specification's name.
///
/// ```
/// use formgate::{Form, Keyword, RejectionKind};
/// let form = Form::compile(br#"{"additionalProperties":false}"#).unwrap();
/// let r = form.verify(br#"{"a":1}"#).unwrap_err();
/// let keyword = Keyword::AdditionalProperties;
/// assert_eq!(r.kind(), RejectionKind::NotAdmitted { keyword });
/// assert_eq!(keyword.name(), "additionalProperties");
///
/// let r = Form::compile(b"false").unwrap().verify(b"1").unwrap_err();
/// assert_eq!(r.kind(), RejectionKind::NotAdmitted { keyword: Keyword::False });
/// assert_eq!(r.form_pointer(), Some(""));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Keyword {
    // Assertions.
    /// `type`: the value is of one of the named JSON types.
    Type,
    /// `enum`: the value equals one of the listed values.
    Enum,
    /// `const`: the value equals the given value.
    Const,
    /// `required`: an object has every listed member.
    Required,
    /// `minItems`: an array has at least this many elements.
    MinItems,
    /// `maxItems`: an array has at most this many elements.
    MaxItems,
    /// `minLength`: a string has at least this many code points.
    MinLength,
    /// `maxLength`: a string has at most this many code points.
    MaxLength,
    /// `pattern`: a string matches this ECMA-262 regular expression.
    Pattern,
    /// `format`: a string (or number) is of the named format, asserted
    /// (`docs/FORMATS.md`).
    Format,
    /// `minimum`: a number is at least this.
    Minimum,
    /// `maximum`: a number is at most this.
    Maximum,
    /// `exclusiveMinimum`: a number is greater than this (draft-04: a boolean making
    /// `minimum` exclusive).
    ExclusiveMinimum,
    /// `exclusiveMaximum`: a number is less than this (draft-04: a boolean making
    /// `maximum` exclusive).
    ExclusiveMaximum,
    /// `multipleOf`: a number is an integer multiple of this, exactly.
    MultipleOf,
    /// `minProperties`: an object has at least this many members.
    MinProperties,
    /// `maxProperties`: an object has at most this many members.
    MaxProperties,
    /// `dependentRequired`: an object with a given member has the listed others too.
    DependentRequired,
    /// `minContains`: at least this many elements meet `contains`.
    MinContains,
    /// `maxContains`: at most this many elements meet `contains`.
    MaxContains,
    /// `uniqueItems`: no two elements of an array are equal.
    UniqueItems,
    // Applicators.
    /// `properties`: the named members meet their schemas.
    Properties,
    /// `additionalProperties`: members no `properties` or `patternProperties` entry
    /// names meet this schema.
    AdditionalProperties,
    /// `items`: the elements (after `prefixItems`; draft-04..2019-09: each element, or
    /// the elements by position when an array) meet this schema.
    Items,
    /// `prefixItems`: the first elements meet these schemas, by position.
    PrefixItems,
    /// `anyOf`: the value meets at least one of these schemas.
    AnyOf,
    /// `oneOf`: the value meets exactly one of these schemas.
    OneOf,
    /// `allOf`: the value meets every one of these schemas.
    AllOf,
    /// `$ref`: the value meets the referenced schema of the form.
    Ref,
    /// `$defs`: schemas to reference, asserting nothing themselves.
    Defs,
    /// `definitions`: draft-07's name for `$defs`.
    Definitions,
    /// `not`: the value does not meet this schema.
    Not,
    /// `if`: which of `then` and `else` applies.
    If,
    /// `then`: the value meets this schema when it meets `if`.
    Then,
    /// `else`: the value meets this schema when it does not meet `if`.
    Else,
    /// `dependentSchemas`: an object with a given member meets the schema for it.
    DependentSchemas,
    /// `propertyNames`: every member name, as a string, meets this schema.
    PropertyNames,
    /// `patternProperties`: members whose names match a pattern meet its schema.
    PatternProperties,
    /// `contains`: at least one element (or `minContains`..`maxContains` of them)
    /// meets this schema.
    Contains,
    /// `unevaluatedProperties`: members no adjacent keyword (nor a passing in-place
    /// subschema) evaluated meet this schema.
    UnevaluatedProperties,
    /// `unevaluatedItems`: elements no adjacent keyword (nor a passing in-place
    /// subschema) evaluated meet this schema.
    UnevaluatedItems,
    // Annotations and identifiers.
    /// `title`: an annotation, kept verbatim.
    Title,
    /// `description`: an annotation, kept verbatim.
    Description,
    /// `default`: an annotation, kept verbatim.
    Default,
    /// `examples`: an annotation, kept verbatim.
    Examples,
    /// `$comment`: an annotation, kept verbatim.
    Comment,
    /// `deprecated`: an annotation, kept verbatim.
    Deprecated,
    /// `readOnly`: an annotation, kept verbatim.
    ReadOnly,
    /// `writeOnly`: an annotation, kept verbatim.
    WriteOnly,
    /// `$schema`: the form's dialect ([`Dialect::from_uri`]).
    Schema,
    /// `$id`: the schema's resource URI.
    Id,
    /// `id`: draft-04's name for `$id`.
    LegacyId,
    /// `$anchor` (2019-09 and later): a plain-name fragment for the schema holding it.
    Anchor,
    /// `$dynamicRef` (2020-12): the value meets the schema a `$dynamicAnchor` of the
    /// dynamic scope names, resolved exactly as the specification says (for each path
    /// of resources the form can take, at compile time).
    DynamicRef,
    /// `$dynamicAnchor` (2020-12): a plain-name fragment, like `$anchor`, that a
    /// `$dynamicRef` may resolve to from anywhere in the dynamic scope.
    DynamicAnchor,
    /// `$recursiveRef` (2019-09, the value `"#"` only): the value meets the outermost
    /// resource of the dynamic scope with `$recursiveAnchor: true`, or the current
    /// resource when its root has no such anchor.
    RecursiveRef,
    /// `$recursiveAnchor` (2019-09): whether a resource's root may be the target of a
    /// `$recursiveRef` from the dynamic scope.
    RecursiveAnchor,
    /// `$vocabulary` (2019-09 and later): in a metaschema, the vocabularies the schemas
    /// naming it in `$schema` use; asserts nothing about a value.
    Vocabulary,
    /// `discriminator`: OpenAPI's hint of which `oneOf`/`anyOf` branch a value takes,
    /// by one of its properties; compiled only when it agrees with the branches, and
    /// never deciding a verdict.
    Discriminator,
    /// `dependencies` (draft-04..07): `dependentRequired` (array values) and
    /// `dependentSchemas` (schema values) in one keyword.
    Dependencies,
    /// `additionalItems` (draft-04..2019-09): the schema for elements after array-form
    /// `items`.
    AdditionalItems,
    /// `contentEncoding` (draft-07 and later): a string holds data in this encoding
    /// (`base64` only); asserted.
    ContentEncoding,
    /// `contentMediaType` (draft-07 and later): a string (decoded, with
    /// `contentEncoding`) is a document of this media type (`application/json` only);
    /// asserted.
    ContentMediaType,
    /// `contentSchema` (2019-09 and later): the `contentMediaType` document meets this
    /// schema; asserted.
    ContentSchema,
    /// The boolean schema `false`, named `"false"`: no keyword of a schema object, but
    /// what rejects a value when no keyword does, as in a form that is `false` (its
    /// form pointer is the schema's). A `false` under a keyword is named by that
    /// keyword: `{"additionalProperties": false}` rejects a member as
    /// [`Keyword::AdditionalProperties`]. A form cannot use `"false"` as a keyword.
    False,
}

/// Whether `name` may be declared an annotation: no keyword of any dialect (declaring
/// one would silently drop what it asserts).
pub(crate) fn declarable(name: &str) -> bool {
    Keyword::from_name(name).is_none()
}

impl Keyword {
    /// Every keyword, in the order the vocabulary lists them; not [`Keyword::False`],
    /// which no name in a form looks up.
    pub(crate) const ALL: [Keyword; 64] = [
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
        Keyword::UnevaluatedProperties,
        Keyword::UnevaluatedItems,
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
        Keyword::LegacyId,
        Keyword::Anchor,
        Keyword::DynamicRef,
        Keyword::DynamicAnchor,
        Keyword::RecursiveRef,
        Keyword::RecursiveAnchor,
        Keyword::Vocabulary,
        Keyword::Discriminator,
        Keyword::Dependencies,
        Keyword::AdditionalItems,
        Keyword::ContentEncoding,
        Keyword::ContentMediaType,
        Keyword::ContentSchema,
    ];

    /// The keyword as JSON Schema spells it (`"additionalProperties"`, `"$ref"`,
    /// `"false"` for [`Keyword::False`]): stable, part of the API; a name is never
    /// changed or given to another keyword.
    pub fn name(self) -> &'static str {
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
            Keyword::UnevaluatedProperties => "unevaluatedProperties",
            Keyword::UnevaluatedItems => "unevaluatedItems",
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
            Keyword::Anchor => "$anchor",
            Keyword::DynamicRef => "$dynamicRef",
            Keyword::DynamicAnchor => "$dynamicAnchor",
            Keyword::RecursiveRef => "$recursiveRef",
            Keyword::RecursiveAnchor => "$recursiveAnchor",
            Keyword::Vocabulary => "$vocabulary",
            Keyword::Discriminator => "discriminator",
            Keyword::LegacyId => "id",
            Keyword::Dependencies => "dependencies",
            Keyword::AdditionalItems => "additionalItems",
            Keyword::ContentEncoding => "contentEncoding",
            Keyword::ContentMediaType => "contentMediaType",
            Keyword::ContentSchema => "contentSchema",
            Keyword::False => "false",
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

    /// Whether `dialect` has this keyword (its metaschema and specification list it).
    /// A keyword a dialect lacks would be ignored by that dialect's validators: formgate
    /// refuses it instead (`UnknownKeyword`).
    pub(crate) fn in_dialect(self, dialect: Dialect) -> bool {
        use Dialect::*;
        match self {
            Keyword::LegacyId => dialect == Draft4,
            // The 2019-09 and 2020-12 metaschemas keep `definitions` as a deprecated holder
            // of schemas, which asserts nothing (docs/DIALECTS.md).
            Keyword::Definitions => true,
            Keyword::Dependencies => dialect.is_pre_2019(),
            Keyword::AdditionalItems => dialect.has_array_items(),
            Keyword::Id
            | Keyword::Const
            | Keyword::Contains
            | Keyword::PropertyNames
            | Keyword::Examples => dialect >= Draft6,
            Keyword::If
            | Keyword::Then
            | Keyword::Else
            | Keyword::Comment
            | Keyword::ReadOnly
            | Keyword::WriteOnly
            | Keyword::ContentEncoding
            | Keyword::ContentMediaType => dialect >= Draft7,
            Keyword::Defs
            | Keyword::Anchor
            | Keyword::UnevaluatedProperties
            | Keyword::UnevaluatedItems
            | Keyword::DependentRequired
            | Keyword::DependentSchemas
            | Keyword::MinContains
            | Keyword::MaxContains
            | Keyword::Deprecated
            | Keyword::Vocabulary
            | Keyword::ContentSchema => dialect >= Draft2019_09,
            Keyword::PrefixItems | Keyword::DynamicRef | Keyword::DynamicAnchor => {
                dialect == Draft2020_12
            }
            Keyword::RecursiveRef | Keyword::RecursiveAnchor => dialect == Draft2019_09,
            _ => true,
        }
    }

    /// The vocabulary of `dialect` (2019-09 or later) that defines this keyword, which
    /// a form's metaschema must give it (`form/metaschema.rs`); `None` for a keyword no
    /// vocabulary holds, which the metaschema does not decide: every keyword of
    /// draft-04..07, `definitions` (the standard metaschemas keep it as a holder of
    /// schemas) and `discriminator` (OpenAPI's, deciding nothing).
    pub(crate) fn vocabulary(self, dialect: Dialect) -> Option<super::metaschema::Vocabulary> {
        use super::metaschema::Vocabulary as V;
        use Keyword::*;
        if dialect.is_pre_2019() {
            return None;
        }
        Some(match self {
            Schema | Id | Anchor | Ref | DynamicRef | DynamicAnchor | RecursiveRef
            | RecursiveAnchor | Vocabulary | Comment | Defs => V::Core,
            AllOf | AnyOf | OneOf | Not | If | Then | Else | DependentSchemas | PrefixItems
            | Items | AdditionalItems | Contains | Properties | PatternProperties
            | AdditionalProperties | PropertyNames => V::Applicator,
            UnevaluatedItems | UnevaluatedProperties if dialect == Dialect::Draft2019_09 => {
                V::Applicator
            }
            UnevaluatedItems | UnevaluatedProperties => V::Unevaluated,
            Type | Enum | Const | MultipleOf | Maximum | ExclusiveMaximum | Minimum
            | ExclusiveMinimum | MaxLength | MinLength | Pattern | MaxItems | MinItems
            | UniqueItems | MaxContains | MinContains | MaxProperties | MinProperties
            | Required | DependentRequired => V::Validation,
            Title | Description | Default | Deprecated | ReadOnly | WriteOnly | Examples => {
                V::MetaData
            }
            Format => V::Format,
            ContentEncoding | ContentMediaType | ContentSchema => V::Content,
            Definitions | Discriminator | Dependencies | LegacyId | False => return None,
        })
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
        // The boolean schema has a name, but a form cannot write it as a keyword.
        assert_eq!(Keyword::False.name(), "false");
        assert_eq!(Keyword::from_name("false"), None);
        assert!(!Keyword::ALL.contains(&Keyword::False));
    }

    #[test]
    fn accepts_both_spellings_of_dialect_uris() {
        assert_eq!(
            Dialect::from_uri("https://json-schema.org/draft/2020-12/schema"),
            Some(Dialect::Draft2020_12)
        );
        assert_eq!(
            Dialect::from_uri("http://json-schema.org/draft-07/schema#"),
            Some(Dialect::Draft7)
        );
        assert_eq!(
            Dialect::from_uri("https://json-schema.org/draft-04/schema"),
            Some(Dialect::Draft4)
        );
        assert_eq!(
            Dialect::from_uri("https://json-schema.org/draft/2019-09/schema#"),
            Some(Dialect::Draft2019_09)
        );
        for bad in [
            "http://json-schema.org/draft-03/schema#",
            "json-schema.org/draft-07/schema",
            "http://json-schema.org/draft-07/schema##",
            "http://json-schema.org/draft-07/schema#/",
            "http://json-schema.org/schema#",
            "",
        ] {
            assert_eq!(Dialect::from_uri(bad), None, "{bad}");
        }
        for d in Dialect::ALL {
            assert_eq!(Dialect::from_uri(d.uri()), Some(d));
            assert_eq!(Dialect::from_name(d.name()), Some(d));
        }
    }
}
