//! `discriminator` (OpenAPI; pydantic writes one for every tagged union): a hint of
//! which `oneOf`/`anyOf` branch a value takes, by the value of one of its properties.
//!
//! formgate decides by the branches alone, so a discriminator never changes a verdict;
//! but a tool that trusts the hint would decide differently if the two disagreed. So a
//! discriminator compiles only when it agrees with its branches:
//! 1. it sits beside a `oneOf` or an `anyOf` (not both);
//! 2. every branch (through bare `$ref`s) requires `propertyName` and pins it with a
//!    `const` or an `enum` of strings, and no value is pinned by two branches;
//! 3. every `mapping` entry names (by `$ref`, resolved like one) one of the branches,
//!    and its key is a value that branch pins.
//!
//! Without `mapping`, OpenAPI derives values from component names, which a form has
//! no notion of; the values the branches pin are what formgate checks.
//!
//! Cost: O(branches × pinned values + mapping entries) per discriminator, at compile
//! time only.

use std::collections::HashMap;

use super::consts::{CValue, Consts};
use super::error::{FormError, FormErrorKind};
use super::node::{landed, Node, NodeId};
use super::pointer;
use super::resolve::Scopes;
use super::vocabulary::Keyword;
use crate::parse::value::Value;

/// A discriminator as written, checked once the form's references are resolved.
#[derive(Debug)]
pub(crate) struct Pending {
    /// The schema holding it.
    node: NodeId,
    /// Where the keyword is, for errors.
    pointer: String,
    property: String,
    /// `mapping`: value → `$ref` as written.
    mapping: Vec<(String, String)>,
    /// The base URI in scope, to resolve the mapping's references.
    base: String,
}

/// Read the keyword's value: `{"propertyName": string, "mapping"?: {string: string}}`.
pub(crate) fn parse(
    value: &Value<'_>,
    node: NodeId,
    at: &str,
    base: &str,
) -> Result<Pending, FormError> {
    const SHAPE: &str = "an object with a string propertyName and an optional mapping of strings";
    let here = pointer::join(at, Keyword::Discriminator.name());
    let invalid = || {
        FormError::new(
            FormErrorKind::InvalidValue(SHAPE),
            Some(Keyword::Discriminator.name()),
            here.clone(),
        )
    };
    let Value::Object(members) = value else {
        return Err(invalid());
    };
    let mut property = None;
    let mut mapping = Vec::new();
    for (name, v) in members {
        match (name.as_ref(), v) {
            ("propertyName", Value::String(p)) => property = Some(p.to_string()),
            ("mapping", Value::Object(entries)) => {
                for (key, target) in entries {
                    let Value::String(target) = target else {
                        return Err(invalid());
                    };
                    mapping.push((key.to_string(), target.to_string()));
                }
            }
            _ => return Err(invalid()),
        }
    }
    Ok(Pending {
        node,
        property: property.ok_or_else(invalid)?,
        mapping,
        base: base.to_owned(),
        pointer: here,
    })
}

/// Check every discriminator against its branches (invariants 1 to 3 of the module).
/// `nodes` have their `landing` computed.
pub(crate) fn check(
    pending: &[Pending],
    nodes: &[Node],
    consts: &Consts,
    scopes: &Scopes,
    by_pointer: &HashMap<String, NodeId>,
) -> Result<(), FormError> {
    for d in pending {
        check_one(d, nodes, consts, scopes, by_pointer).map_err(|why| {
            FormError::new(
                FormErrorKind::Discriminator(why),
                Some(Keyword::Discriminator.name()),
                d.pointer.clone(),
            )
        })?;
    }
    Ok(())
}

fn check_one(
    d: &Pending,
    nodes: &[Node],
    consts: &Consts,
    scopes: &Scopes,
    by_pointer: &HashMap<String, NodeId>,
) -> Result<(), String> {
    let node = &nodes[d.node.index()];
    let branches = match (node.one_of.is_empty(), node.any_of.is_empty()) {
        (false, true) => &node.one_of,
        (true, false) => &node.any_of,
        (true, true) => return Err("it needs a oneOf or an anyOf beside it".into()),
        (false, false) => return Err("it is beside both a oneOf and an anyOf".into()),
    };
    let landing = |id: NodeId| nodes[id.index()].landing;
    // Invariant 2: the values each branch pins.
    let mut owner: HashMap<&str, usize> = HashMap::new();
    let mut pinned: Vec<Vec<&str>> = Vec::new();
    for (i, &branch) in branches.iter().enumerate() {
        let target = landed(nodes, branch);
        let values = pins(target, &d.property, nodes, consts).ok_or_else(|| {
            format!(
                "branch {} does not require {:?} and pin it to string values with const or enum",
                target.pointer, d.property
            )
        })?;
        for &v in &values {
            if owner.insert(v, i).is_some() {
                return Err(format!("the value {v:?} is pinned by two branches"));
            }
        }
        pinned.push(values);
    }
    // Invariant 3.
    for (key, reference) in &d.mapping {
        let target = scopes
            .target(reference, &d.base)
            .ok()
            .and_then(|p| by_pointer.get(&p).copied())
            .ok_or_else(|| format!("mapping {key:?} names no schema of the form"))?;
        let Some(i) = branches
            .iter()
            .position(|&b| b == target || landing(b) == landing(target))
        else {
            return Err(format!(
                "mapping {key:?} names a schema that is not a branch"
            ));
        };
        if !pinned[i].contains(&key.as_str()) {
            return Err(format!(
                "mapping {key:?} names a branch that does not pin that value"
            ));
        }
    }
    Ok(())
}

/// The string values the branch `branch` (through bare `$ref`s) pins its required member
/// `property` to, as invariant 2 reads them; `None` when it pins none. `unroll` uses it
/// to point each `mapping` entry at the branch that owns its key.
pub(crate) fn branch_pins<'n>(
    branch: NodeId,
    property: &str,
    nodes: &'n [Node],
    consts: &'n Consts,
) -> Option<Vec<&'n str>> {
    pins(landed(nodes, branch), property, nodes, consts)
}

/// The string values `node` pins its required member `property` to, if it does.
fn pins<'n>(
    node: &'n Node,
    property: &str,
    nodes: &'n [Node],
    consts: &'n Consts,
) -> Option<Vec<&'n str>> {
    let member = node.object.as_ref()?.member(property)?;
    if !member.required {
        return None;
    }
    let schema = landed(nodes, member.schema?);
    let set = consts.set(schema.values?);
    set.values
        .iter()
        .map(|&v| match consts.value(v) {
            CValue::String(s) => Some(s.as_ref()),
            _ => None,
        })
        .collect()
}
