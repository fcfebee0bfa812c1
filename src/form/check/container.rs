//! The decisions on objects and arrays: which subschemas a member or an element meets
//! (selection), the counts checked as each one begins, and the checks on the container
//! as a whole at its close. The engines keep the counts and bits; these functions
//! decide from them.
//!
//! Order, the same for every caller: a member or element is counted when it begins,
//! and `maxProperties` (`maxItems`) is decided then, before its subschema is chosen; a
//! subschema `false` fails the member's name (the element's start), naming the keyword
//! that gave it; the checks at the close are decided in the order of
//! [`ObjectChecks::at_close`] and [`ArrayChecks::at_close`].
//!
//! Which members and elements an object's or array's own keywords *evaluate*, for
//! `unevaluatedProperties` and `unevaluatedItems`, is decided here too
//! ([`ObjectChecks::evaluates`], [`ArrayChecks::evaluates`]).
//!
//! Cost: O(1) per decision, except selection by `patternProperties` (one match per
//! pattern) and `dependentRequired` at the close (one bit per name it lists).

use crate::form::node::{ArrayChecks, Member, NodeId, ObjectChecks};
use crate::form::vocabulary::Keyword;

/// A subschema that a member's value meets, by the keyword that gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Applies {
    /// `properties` lists the name with this subschema.
    Listed(NodeId),
    /// The `patternProperties` entry of this index matches the name.
    Pattern(usize, NodeId),
    /// `additionalProperties` (`true` where absent): the name is neither listed with a
    /// subschema nor matched by a pattern.
    Additional(NodeId),
}

impl Applies {
    /// The subschema.
    #[inline(always)]
    pub(crate) fn schema(self) -> NodeId {
        match self {
            Applies::Listed(s) | Applies::Pattern(_, s) | Applies::Additional(s) => s,
        }
    }

    /// The keyword that gives it, which a rejection names when the subschema is `false`.
    #[inline]
    pub(crate) fn keyword(self) -> Keyword {
        match self {
            Applies::Listed(_) => Keyword::Properties,
            Applies::Pattern(..) => Keyword::PatternProperties,
            Applies::Additional(_) => Keyword::AdditionalProperties,
        }
    }
}

impl ObjectChecks {
    /// `maxProperties`: whether an object with `count` members begun (the one just
    /// begun included) has too many.
    #[inline(always)]
    pub(crate) fn too_many(&self, count: u64) -> bool {
        count > self.most
    }

    /// The subschema `properties` or `additionalProperties` holds the value of a member
    /// to, where `listed` is the name's entry in the member index and `patterns` says
    /// whether some `patternProperties` pattern matches it: `None` where only patterns
    /// apply. This is the whole selection for an object without `patternProperties`
    /// (`patterns` false); [`ObjectChecks::member_targets`] adds the patterns.
    #[inline(always)]
    pub(crate) fn member_schema(&self, listed: Option<&Member>, patterns: bool) -> Option<Applies> {
        match listed.and_then(|m| m.schema) {
            Some(s) => Some(Applies::Listed(s)),
            None if patterns => None,
            None => Some(Applies::Additional(self.additional.unwrap_or(NodeId::TRUE))),
        }
    }

    /// For a name the member index does not list, read after `count` members: the
    /// keyword it fails as it begins, where nothing but the member index selects
    /// (`plain`: no `patternProperties`, `propertyNames` or tracked names, which would
    /// be decided first) and `additionalProperties` is `false`; else `None`.
    #[inline(always)]
    pub(crate) fn unlisted_fails(&self, count: u64) -> Option<Keyword> {
        if !self.plain || self.additional != Some(NodeId::FALSE) {
            return None;
        }
        Some(if self.too_many(count + 1) {
            Keyword::MaxProperties
        } else {
            Keyword::AdditionalProperties
        })
    }

    /// Every subschema the value of the member `name` (whose entry in the member index
    /// is `listed`) meets, in order: `properties`', each matching `patternProperties`',
    /// then `additionalProperties`' if neither applies.
    #[inline]
    pub(crate) fn member_targets(
        &self,
        listed: Option<&Member>,
        name: &str,
        mut each: impl FnMut(Applies),
    ) {
        if let Some(s) = listed.and_then(|m| m.schema) {
            each(Applies::Listed(s));
        }
        let mut matched = false;
        for (k, (pattern, schema)) in self.pattern_properties.iter().enumerate() {
            if pattern.is_match(name) {
                matched = true;
                each(Applies::Pattern(k, *schema));
            }
        }
        if let Some(a @ Applies::Additional(_)) = self.member_schema(listed, matched) {
            each(a);
        }
    }

    /// Whether the object's own `properties`, `patternProperties` or
    /// `additionalProperties` evaluate the member `name`, for `unevaluatedProperties`:
    /// one of them is written and applies to it.
    #[inline]
    pub(crate) fn evaluates(&self, name: &str) -> bool {
        self.member(name).is_some_and(|m| m.schema.is_some())
            || self.additional.is_some()
            || self
                .pattern_properties
                .iter()
                .any(|(p, _)| p.is_match(name))
    }

    /// The checks on an object as a whole, at its close: `required` (`required` of the
    /// names it lists were read), `minProperties` (`count` members), and
    /// `dependentRequired` (`present` says whether the name of a tracked index was
    /// read), in that order; else the keyword that fails.
    #[inline]
    pub(crate) fn at_close(
        &self,
        required: u32,
        count: u64,
        present: impl Fn(u32) -> bool,
    ) -> Result<(), Keyword> {
        if required < self.required {
            return Err(Keyword::Required);
        }
        if self
            .min_properties
            .as_ref()
            .is_some_and(|min| count < min.value)
        {
            return Err(Keyword::MinProperties);
        }
        for (trigger, names) in &self.dependent_required_bits {
            if present(*trigger) && !names.iter().all(|&n| present(n)) {
                return Err(Keyword::DependentRequired);
            }
        }
        Ok(())
    }
}

impl ArrayChecks {
    /// The subschema element `index` meets by `prefixItems` or `items` (`true` where
    /// neither gives one), and the keyword that gives it.
    #[inline(always)]
    pub(crate) fn element(&self, index: u64) -> (NodeId, Keyword) {
        match usize::try_from(index).ok().and_then(|i| self.prefix.get(i)) {
            Some(&s) => (s, Keyword::PrefixItems),
            None => (self.items.unwrap_or(NodeId::TRUE), Keyword::Items),
        }
    }

    /// Whether the array's own `prefixItems` or `items` evaluate element `index`, for
    /// `unevaluatedItems` (a matching `contains` is the engine's to count).
    #[inline]
    pub(crate) fn evaluates(&self, index: u64) -> bool {
        index < self.prefix.len() as u64 || self.items.is_some()
    }

    /// `maxItems`: whether an array with `count` elements begun (the one just begun
    /// included) has too many.
    #[inline(always)]
    pub(crate) fn too_many(&self, count: u64) -> bool {
        count > self.most
    }

    /// `maxContains`: whether `matched` elements meeting `contains` are too many.
    #[inline]
    pub(crate) fn too_many_contained(&self, matched: u64) -> bool {
        self.contains.is_some()
            && self
                .max_contains
                .as_ref()
                .is_some_and(|max| matched > max.value)
    }

    /// The checks on an array as a whole, at its close: `minItems` (`count` elements),
    /// then `contains` or `minContains` (`matched` of them met `contains`); else the
    /// keyword that fails.
    #[inline]
    pub(crate) fn at_close(&self, count: u64, matched: u64) -> Result<(), Keyword> {
        if count < self.min() {
            return Err(Keyword::MinItems);
        }
        if self.contains.is_some() {
            let min = self.min_contains.as_ref().map_or(1, |c| c.value);
            if matched < min {
                return Err(match self.min_contains {
                    Some(_) => Keyword::MinContains,
                    None => Keyword::Contains,
                });
            }
        }
        Ok(())
    }
}

/// The subschema of element `index` of an array meeting `checks` (`None`: no array
/// keywords): see [`ArrayChecks::element`].
#[inline(always)]
pub(crate) fn element(checks: Option<&ArrayChecks>, index: u64) -> (NodeId, Keyword) {
    match checks {
        Some(a) => a.element(index),
        None => (NodeId::TRUE, Keyword::Items),
    }
}
