//! What the dialects before 2020-12 spell or mean differently, for the compiler and
//! for rendering (`docs/DIALECTS.md`).
//!
//! The engine knows one set of checks (2020-12's). An older dialect's keyword is
//! compiled into those checks when its meaning is one of them, and [`Legacy`] records
//! how the author spelled it, so the published `s` keeps the author's dialect:
//! - array-form `items` (draft-04..2019-09) is `prefixItems`, and `additionalItems`
//!   beside it is `items`; beside a schema-form or absent `items`, `additionalItems`
//!   means nothing (it is compiled, checked and rendered, never applied);
//! - `dependencies` (draft-04..07) is `dependentRequired` for an array value and
//!   `dependentSchemas` for a schema value;
//! - draft-04's boolean `exclusiveMaximum: true` makes `maximum` exclusive (both
//!   checks hold, which is `< maximum`); `false`, or either without `maximum`, means
//!   nothing.
//!
//! Invariants:
//! 1. A keyword is compiled only in a dialect that has it ([`Keyword::in_dialect`]).
//! 2. In draft-04..07, a `$ref`'s siblings are annotations, identifiers or
//!    `definitions` only: those dialects ignore the others, formgate would not.

use super::error::{FormError, FormErrorKind};
use super::metaschema::Meta;
use super::node::NodeId;
use super::pointer;
use super::vocabulary::Keyword;

/// How a node spelled what 2020-12 spells otherwise (absent for 2020-12 forms).
#[derive(Debug, Clone, Default)]
pub(crate) struct Legacy {
    /// `items` was an array: `ArrayChecks::prefix` holds it, and its `items` is
    /// `additionalItems`.
    pub(crate) items_array: bool,
    /// `additionalItems` as written (applied only when `items_array`).
    pub(crate) additional_items: Option<NodeId>,
    /// `dependencies` entries in the order written, with whether each is a schema
    /// (`Node::dependent_schemas`) or a list of names
    /// (`ObjectChecks::dependent_required`).
    pub(crate) dependencies: Vec<(Box<str>, bool)>,
    /// draft-04's boolean `exclusiveMinimum` and `exclusiveMaximum`.
    pub(crate) exclusive_minimum: bool,
    pub(crate) exclusive_maximum: bool,
}

impl Legacy {
    /// Whether anything was recorded (a node keeps a `Legacy` only then).
    pub(crate) fn is_used(&self) -> bool {
        self.items_array
            || self.additional_items.is_some()
            || !self.dependencies.is_empty()
            || self.exclusive_minimum
            || self.exclusive_maximum
    }

    /// The keyword a `prefixItems` position is written under in this node.
    pub(crate) fn prefix_keyword(legacy: Option<&Legacy>) -> &'static str {
        match legacy {
            Some(l) if l.items_array => "items",
            _ => "prefixItems",
        }
    }

    /// The keyword the `items` position (the elements after the prefix) is written
    /// under in this node.
    pub(crate) fn items_keyword(legacy: Option<&Legacy>) -> &'static str {
        match legacy {
            Some(l) if l.items_array => "additionalItems",
            _ => "items",
        }
    }

    /// The keyword a `dependentSchemas` entry is written under in this node.
    pub(crate) fn dependent_keyword(legacy: Option<&Legacy>) -> &'static str {
        match legacy {
            Some(l) if !l.dependencies.is_empty() => "dependencies",
            _ => "dependentSchemas",
        }
    }
}

/// Invariants 1 and 2 for the member `name` (keyword `kw`) of the schema at `at`,
/// whose members include a `$ref` when `has_ref`; and that a vocabulary `meta` gives
/// defines it (`form/metaschema.rs`).
pub(crate) fn admit(
    kw: Keyword,
    name: &str,
    meta: Meta,
    has_ref: bool,
    at: &str,
) -> Result<(), FormError> {
    let dialect = meta.dialect;
    if !kw.in_dialect(dialect) {
        return Err(FormError::new(
            FormErrorKind::UnknownKeyword,
            Some(name),
            pointer::join(at, name),
        ));
    }
    if !meta.defines(kw) {
        return Err(FormError::new(
            FormErrorKind::UnknownKeyword,
            Some(name),
            pointer::join(at, name),
        )
        .with_detail("no vocabulary the form's metaschema gives defines it".to_owned()));
    }
    let ignored_beside_ref = !matches!(
        kw,
        Keyword::Ref | Keyword::Definitions | Keyword::Schema | Keyword::Id | Keyword::LegacyId
    ) && !kw.is_annotation();
    if dialect.is_pre_2019() && has_ref && ignored_beside_ref {
        return Err(FormError::new(
            FormErrorKind::RefSibling(dialect),
            Some(name),
            pointer::join(at, name),
        ));
    }
    Ok(())
}

/// draft-04 has no boolean schemas but for `additionalProperties` and
/// `additionalItems`.
pub(crate) fn no_boolean_schema(at: &str) -> FormError {
    FormError::new(
        FormErrorKind::InvalidValue("an object (draft-04 has no boolean schemas here)"),
        None,
        at.to_owned(),
    )
}
