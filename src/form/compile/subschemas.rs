//! The keywords whose values hold subschemas, each compiled by a function of its own:
//! the only way the compiler's recursion goes ([`Compiler::schema`] →
//! [`Compiler::node`] → [`Compiler::keyword`] → one of these → `schema`).
//!
//! Invariant: each function holds one keyword's work, so that a level of the recursion
//! keeps one keyword's frame on the stack rather than every keyword's (about 8.5 KB a
//! level in a debug build, from 42 KB: the leaf keywords' work is in
//! [`Compiler::leaf`], out of line). What a form may nest is bounded by its parse depth
//! limit; `tests/form_depth.rs` compiles the deepest on a thread of 2 MiB.

use super::*;

impl Compiler<'_> {
    /// A keyword whose value is one subschema (`additionalProperties`, `items` in its
    /// schema form, `additionalItems`, `propertyNames`, `contains`,
    /// `unevaluatedProperties`, `unevaluatedItems`, `contentSchema`, `not`, `if`, `then`,
    /// `else`): compiled, then recorded where `kw` keeps it.
    #[inline(never)]
    pub(super) fn sub_one(
        &mut self,
        built: &mut Building,
        kw: Keyword,
        value: &Value<'_>,
        at: &str,
        here: &str,
    ) -> Result<Option<Box<str>>> {
        match kw {
            // The array form is `sub_list`'s where the dialect has it.
            Keyword::Items if matches!(value, Value::Array(_)) => {
                return Err(invalid(kw, at, "a schema"));
            }
            // A boolean is a schema here even in draft-04, which has no boolean schemas.
            Keyword::AdditionalProperties | Keyword::AdditionalItems => self.bool_ok = true,
            _ => {}
        }
        let sub = Some(self.schema(value, here, false)?);
        let b = built;
        match kw {
            Keyword::AdditionalProperties => {
                b.object.additional = sub;
                b.has_object = true;
            }
            Keyword::Items => {
                b.array.items = sub;
                b.has_array = true;
            }
            Keyword::AdditionalItems => b.legacy.additional_items = sub,
            Keyword::PropertyNames => {
                b.object.property_names = sub;
                b.has_object = true;
            }
            Keyword::Contains => {
                b.array.contains = sub;
                // 2020-12 Core 10.3.1.3: `contains` gives `unevaluatedItems` the
                // elements it matched; 2019-09's does not.
                b.array.contains_evaluates = self.dialect == Dialect::Draft2020_12;
                b.has_array = true;
            }
            Keyword::UnevaluatedProperties => {
                b.object.unevaluated = sub;
                b.has_object = true;
                b.general_only = true;
            }
            Keyword::UnevaluatedItems => {
                b.array.unevaluated = sub;
                b.has_array = true;
                b.general_only = true;
            }
            Keyword::ContentSchema => b.content.get_or_insert_with(Content::default).schema = sub,
            Keyword::Not => b.node.not = sub,
            Keyword::If => b.node.if_ = sub,
            Keyword::Then => b.node.then_ = sub,
            Keyword::Else => b.node.else_ = sub,
            _ => unreachable!("`keyword` sends only single-subschema keywords here"),
        }
        Ok(None)
    }

    /// A keyword whose value is a non-empty array of subschemas (`allOf`, `anyOf`,
    /// `oneOf`, `prefixItems`, and `items` in its array form where the dialect has it):
    /// compiled, then recorded where `kw` keeps them.
    #[inline(never)]
    pub(super) fn sub_list(
        &mut self,
        built: &mut Building,
        kw: Keyword,
        value: &Value<'_>,
        at: &str,
    ) -> Result<Option<Box<str>>> {
        let list = self.schema_list(value, kw, at)?;
        let b = built;
        match kw {
            Keyword::AllOf => b.node.all_of = list,
            Keyword::AnyOf => b.node.any_of = list,
            Keyword::OneOf => b.node.one_of = list,
            Keyword::PrefixItems => {
                b.array.prefix = list.into_vec();
                b.has_array = true;
            }
            Keyword::Items => {
                b.array.prefix = list.into_vec();
                b.legacy.items_array = true;
                b.has_array = true;
            }
            _ => unreachable!("`keyword` sends only subschema-list keywords here"),
        }
        Ok(None)
    }

    /// `properties` (see the module documentation): one subschema a member.
    #[inline(never)]
    pub(super) fn sub_properties(
        &mut self,
        built: &mut Building,
        kw: Keyword,
        value: &Value<'_>,
        at: &str,
        here: &str,
    ) -> Result<Option<Box<str>>> {
        let Building {
            object,
            has_object,
            properties,
            ..
        } = built;
        let Value::Object(props) = value else {
            return Err(invalid(kw, at, "an object of schemas"));
        };
        for (pname, pschema) in props {
            let child = self.schema(pschema, &pointer::join(here, pname), false)?;
            properties.push((pname.as_ref().into(), child));
        }
        object.has_properties = true;
        *has_object = true;
        Ok(None)
    }

    /// `dependencies` (draft-04 to 7; see the module documentation): a subschema or a list of names a member.
    #[inline(never)]
    pub(super) fn sub_dependencies(
        &mut self,
        built: &mut Building,
        kw: Keyword,
        value: &Value<'_>,
        at: &str,
        here: &str,
    ) -> Result<Option<Box<str>>> {
        let Building {
            node,
            object,
            has_object,
            legacy,
            ..
        } = built;
        let Value::Object(entries) = value else {
            return Err(invalid(kw, at, "an object of schemas or name lists"));
        };
        for (trigger, dep) in entries {
            let is_schema = !matches!(dep, Value::Array(_));
            if is_schema {
                let child = self.schema(dep, &pointer::join(here, trigger), false)?;
                node.dependent_schemas
                    .push((trigger.as_ref().into(), child));
            } else {
                let list = names(dep, kw, at, "an object of schemas or name lists")?;
                self.draft4_non_empty(
                    list.is_empty(),
                    kw,
                    at,
                    "an object of schemas or non-empty name lists (draft-04)",
                )?;
                object
                    .dependent_required
                    .push((trigger.as_ref().into(), list));
            }
            legacy
                .dependencies
                .push((trigger.as_ref().into(), is_schema));
        }
        *has_object = true;
        Ok(None)
    }

    /// `dependentSchemas` (see the module documentation): one subschema a member.
    #[inline(never)]
    pub(super) fn sub_dependent_schemas(
        &mut self,
        built: &mut Building,
        kw: Keyword,
        value: &Value<'_>,
        at: &str,
        here: &str,
    ) -> Result<Option<Box<str>>> {
        let Building {
            node, has_object, ..
        } = built;
        let Value::Object(entries) = value else {
            return Err(invalid(kw, at, "an object of schemas"));
        };
        for (trigger, sub) in entries {
            let child = self.schema(sub, &pointer::join(here, trigger), false)?;
            node.dependent_schemas
                .push((trigger.as_ref().into(), child));
        }
        *has_object = true;
        Ok(None)
    }

    /// `patternProperties` (see the module documentation): one subschema a member.
    #[inline(never)]
    pub(super) fn sub_pattern_properties(
        &mut self,
        built: &mut Building,
        kw: Keyword,
        value: &Value<'_>,
        at: &str,
        here: &str,
    ) -> Result<Option<Box<str>>> {
        let Building {
            object, has_object, ..
        } = built;
        let Value::Object(entries) = value else {
            return Err(invalid(kw, at, "an object of schemas"));
        };
        for (source, sub) in entries {
            let p = Pattern::new(source).map_err(|e| {
                FormError::new(
                    FormErrorKind::InvalidPattern(e.to_string()),
                    Some(kw.name()),
                    pointer::join(here, source),
                )
            })?;
            let child = self.schema(sub, &pointer::join(here, source), false)?;
            object.pattern_properties.push((p, child));
        }
        *has_object = true;
        Ok(None)
    }

    /// `$defs` or `definitions` (see the module documentation): one subschema a member.
    #[inline(never)]
    pub(super) fn sub_defs(
        &mut self,
        built: &mut Building,
        kw: Keyword,
        value: &Value<'_>,
        at: &str,
        here: &str,
    ) -> Result<Option<Box<str>>> {
        let Building { node, .. } = built;
        let Value::Object(defs) = value else {
            return Err(invalid(kw, at, "an object of schemas"));
        };
        for (dname, dschema) in defs {
            let child = self.schema(dschema, &pointer::join(here, dname), false)?;
            node.defs.push((kw, dname.as_ref().into(), child));
        }
        Ok(None)
    }
}
