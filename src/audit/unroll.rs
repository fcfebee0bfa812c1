//! Bounded recursion within the form: `$ref` cycles unrolled into levels.
//!
//! The recursive `$ref`s are those whose source and target share a strongly connected
//! component of the form's graph (`graph` invariant 2: cutting them leaves no cycle);
//! their targets are the *definitions*. With `n` levels:
//! - the form itself is the top level `n` of every cycle;
//! - each definition gets copies at levels `n-1` … `1` under the root's `$defs`
//!   (`definitions` in draft-04..07), named after it (`node_2`, `node_1`);
//! - a recursive `$ref` at level `k` of its cycle points to the copy at level `k-1`;
//!   at level 1 it is left out: the schema holding it becomes `false`, and that
//!   `false` is simplified away where its meaning allows (an `anyOf`/`oneOf` branch is
//!   dropped, an `allOf`, a required member of an object-only schema or a required
//!   element of an array-only schema makes its schema `false`, a one-branch `anyOf`
//!   left alone collapses into the branch). With `n = 0` every schema on a cycle
//!   becomes `false` where the form enters it. (draft-04, which allows boolean schemas
//!   only under `additionalProperties` and `additionalItems`, gets `{"not":{}}`.)
//!
//! Invariants:
//! 1. Only schema positions change: data (`enum`, `const`, `default`, `examples`) and
//!    annotations are copied verbatim, so copies keep their titles and descriptions.
//! 2. The output has no `$ref` cycle: a recursive `$ref` always points one level down.
//! 3. Every `$ref` of the output resolves: copies drop their nested `$defs` (and the
//!    root-only `$schema`, `$id`), whose entries the copied `$ref`s still name in the
//!    original.
//! 4. A level `k` of a cycle is entered only through a recursive `$ref` of level
//!    `k + 1`, so a value validates against the output iff it validates against the form
//!    using at most `n` levels of every visit to a cycle (exact for positive forms; a
//!    `oneOf` on a cycle can count a branch that only the cut-off depth fails).
//!
//! Cost: O(n × size of the definitions + size of the form) time and output; recursion
//! follows the form's nesting, which its parse depth limit bounds.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};

use crate::form::error::FormError;
use crate::form::node::{NodeId, Types};
use crate::form::Form;
use crate::limits::Limits;
use crate::parse::error::{ParseError, ParseErrorKind};
use crate::parse::value::{write_compact, Value};

use super::graph::Graph;

/// The form's text with every `$ref` cycle unrolled into `depth` levels, or the error
/// compiling it would give when the copies alone exceed the size of a form (checked
/// as they are made, so a huge `depth` costs at most that much).
pub(crate) fn unroll(form: &Form, depth: u32) -> Result<String, FormError> {
    let graph = Graph::new(form);
    let text = form.schema_json();
    // The rendered form is strict JSON no larger and no deeper than the form was.
    let limits = Limits::default().with_max_bytes(text.len().max(1));
    let root = crate::parse::parse(text.as_bytes(), &limits).expect("a rendered form parses");
    let targets: BTreeSet<NodeId> = (0..graph.edges.len())
        .filter(|&i| graph.recursive[i])
        .filter_map(|i| form.nodes()[i].reference)
        .collect();
    if targets.is_empty() {
        return Ok(text.to_owned());
    }
    if form.has_embedded_identifiers() {
        // A copy's `$ref`s resolve against the identifiers around it; moved under the
        // root's definitions they would name other schemas, or none.
        return Err(FormError::new(
            crate::form::error::FormErrorKind::NestedId,
            None,
            String::new(),
        ));
    }
    let defs_keyword = form.dialect().defs_keyword();
    let existing: Vec<&str> = match root.get(defs_keyword) {
        Some(Value::Object(m)) => m.iter().map(|(k, _)| k.as_ref()).collect(),
        _ => Vec::new(),
    };
    // Copies are named `{base}_{level}`. Two distinct bases never give the same name
    // (a level is digits, a base's tail after `_` would have to be too), so a base
    // only has to differ from the others and own no existing name.
    let mut bases: HashMap<NodeId, String> = HashMap::new();
    for &t in &targets {
        let mut base = base_name(&form.node(t).pointer);
        while bases.values().any(|b| *b == base)
            || existing.iter().any(|name| is_level_name(name, &base))
        {
            base.push('_');
        }
        bases.insert(t, base);
    }
    let by_pointer: HashMap<&str, NodeId> = form
        .nodes()
        .iter()
        .enumerate()
        .skip(2)
        .map(|(i, n)| (&*n.pointer, NodeId(i as u32)))
        .collect();
    let u = Unroller {
        graph: &graph,
        depth,
        bases: &bases,
        by_pointer: &by_pointer,
        defs_keyword,
        draft4: form.dialect() == crate::form::vocabulary::Dialect::Draft4,
    };
    let max_bytes = Limits::default().max_bytes();
    let mut size = text.len();
    let mut copies: Vec<(Cow<'_, str>, Value<'_>)> = Vec::new();
    for &t in &targets {
        let pointer = &*form.node(t).pointer;
        let original = lookup(&root, pointer).expect("a compiled node is in the rendered form");
        for level in (1..depth).rev() {
            let scope = Scope {
                component: graph.component[t.index()],
                level,
                copy: true,
            };
            let (value, _) = u.schema(original, pointer, scope);
            let mut piece = String::new();
            write_compact(&value, &mut piece);
            size += piece.len();
            if size > max_bytes {
                let limit = max_bytes;
                let e = ParseError::new(ParseErrorKind::TooLarge { limit }, limit as u64);
                return Err(FormError::parse(e));
            }
            copies.push((Cow::Owned(u.name(t, level)), value));
        }
    }
    let top = Scope {
        component: u32::MAX,
        level: depth,
        copy: false,
    };
    let (mut out, _) = u.schema(&root, "", top);
    if let Value::Object(members) = &mut out {
        match members.iter_mut().find(|(k, _)| k.as_ref() == defs_keyword) {
            Some((_, Value::Object(defs))) => defs.extend(copies),
            _ => members.push((Cow::Borrowed(defs_keyword), Value::Object(copies))),
        }
    }
    let mut text = String::new();
    write_compact(&out, &mut text);
    Ok(text)
}

/// Whether `name` is `{base}_{digits}`, a name copies of `base` could take.
fn is_level_name(name: &str, base: &str) -> bool {
    name.strip_prefix(base)
        .and_then(|rest| rest.strip_prefix('_'))
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// A name for copies of the definition at `pointer`: its `$defs` name, or its pointer's
/// tokens, reduced to `[A-Za-z0-9_-]` so that a `$ref` needs no escaping.
fn base_name(pointer: &str) -> String {
    let tokens: Vec<String> = pointer
        .split('/')
        .skip(1)
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let raw = match tokens.as_slice() {
        [] => "root".to_owned(),
        [defs, name] if defs == "$defs" || defs == "definitions" => name.clone(),
        _ => tokens.join("_"),
    };
    let mut name: String = raw
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(64)
        .collect();
    if name.is_empty() {
        name.push_str("def");
    }
    name
}

/// The value at a JSON Pointer.
fn lookup<'v, 'a>(root: &'v Value<'a>, pointer: &str) -> Option<&'v Value<'a>> {
    let mut at = root;
    for raw in pointer.split('/').skip(1) {
        let token = raw.replace("~1", "/").replace("~0", "~");
        at = match at {
            Value::Object(members) => members.iter().find(|(k, _)| *k == token).map(|(_, v)| v)?,
            Value::Array(items) => items.get(token.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(at)
}

/// Which level of which cycle a schema is emitted at: `level` for the cycle `component`,
/// the top level (`depth`) for every other.
#[derive(Clone, Copy)]
struct Scope {
    component: u32,
    level: u32,
    /// Inside a copy: drop nested `$defs`, `$schema`, `$id` (invariant 3).
    copy: bool,
}

struct Unroller<'g, 'f, 'n> {
    graph: &'g Graph<'f>,
    depth: u32,
    bases: &'n HashMap<NodeId, String>,
    by_pointer: &'n HashMap<&'f str, NodeId>,
    defs_keyword: &'static str,
    /// draft-04 has no boolean schemas but under `additionalProperties` and
    /// `additionalItems`: a cut schema is written `{"not":{}}` there.
    draft4: bool,
}

/// A schema as emitted, and whether it became `false` because recursion was left out.
type Emitted<'a> = (Value<'a>, bool);

impl<'a> Unroller<'_, '_, '_> {
    /// The name of the copy of definition `t` at `level` (invariant 3: the name needs
    /// no escaping in a `$ref`).
    fn name(&self, t: NodeId, level: u32) -> String {
        format!("{}_{level}", self.bases[&t])
    }

    fn level(&self, id: NodeId, scope: Scope) -> u32 {
        if self.graph.component[id.index()] == scope.component {
            scope.level
        } else {
            self.depth
        }
    }

    /// The schema that admits nothing, as the form's dialect can write it anywhere.
    fn nothing(&self) -> Value<'a> {
        if self.draft4 {
            Value::Object(vec![("not".into(), Value::Object(Vec::new()))])
        } else {
            Value::Bool(false)
        }
    }

    /// Emit the schema `v` found at `pointer` in the form.
    fn schema(&self, v: &Value<'a>, pointer: &str, scope: Scope) -> Emitted<'a> {
        let Value::Object(members) = v else {
            return (v.clone(), false);
        };
        let Some(&id) = self.by_pointer.get(pointer) else {
            return (v.clone(), false);
        };
        let node = self.graph.node(id);
        let level = self.level(id, scope);
        if self.graph.cyclic[id.index()] && level == 0 {
            return (self.nothing(), true);
        }
        let recursive_target = if self.graph.recursive[id.index()] {
            let below = level - 1;
            if below == 0 {
                return (self.nothing(), true);
            }
            let target = node.reference.expect("a recursive node holds a $ref");
            Some(format!(
                "#/{}/{}",
                self.defs_keyword,
                self.name(target, below)
            ))
        } else {
            None
        };
        let object_only = node.types_written.is_some() && node.types.0 == Types::OBJECT;
        let array_only = node.types_written.is_some() && node.types.0 == Types::ARRAY;
        let min_items = node.array.as_ref().map_or(0, |a| a.min());
        let required = |name: &str| {
            node.object
                .as_ref()
                .and_then(|o| o.member(name))
                .is_some_and(|m| m.required)
        };
        let join = |k: &str| crate::form::pointer::join(pointer, k);
        let mut out: Vec<(Cow<'a, str>, Value<'a>)> = Vec::with_capacity(members.len());
        let mut dead = false;
        let mut pruned = false;
        for (k, value) in members {
            let emitted = match (k.as_ref(), value) {
                ("$defs" | "definitions" | "$schema" | "$id" | "id", _) if scope.copy => continue,
                ("$ref", _) if recursive_target.is_some() => {
                    Value::String(Cow::Owned(recursive_target.clone().unwrap_or_default()))
                }
                ("properties", Value::Object(props)) => {
                    let base = join("properties");
                    let mut list = Vec::with_capacity(props.len());
                    for (name, sub) in props {
                        let (s, gone) =
                            self.schema(sub, &crate::form::pointer::join(&base, name), scope);
                        dead |= gone && object_only && required(name);
                        list.push((name.clone(), s));
                    }
                    Value::Object(list)
                }
                ("$defs" | "definitions", Value::Object(defs)) => {
                    let base = join(k);
                    let list = defs
                        .iter()
                        .map(|(name, sub)| {
                            let p = crate::form::pointer::join(&base, name);
                            (name.clone(), self.schema(sub, &p, scope).0)
                        })
                        .collect();
                    Value::Object(list)
                }
                ("items" | "additionalItems", v) if !matches!(v, Value::Array(_)) => {
                    let (s, gone) = self.schema(value, &join(k), scope);
                    let prefix = node.array.as_ref().map_or(0, |a| a.prefix.len()) as u64;
                    // `additionalItems` applies only after array-form `items`.
                    let applies =
                        k == "items" || node.legacy.as_ref().is_some_and(|l| l.items_array);
                    dead |= gone && applies && array_only && min_items > prefix;
                    s
                }
                (
                    "additionalProperties"
                    | "then"
                    | "else"
                    | "contains"
                    | "propertyNames"
                    | "unevaluatedProperties"
                    | "unevaluatedItems"
                    | "contentSchema",
                    _,
                ) => {
                    // Cut to `false`, these only admit less.
                    self.schema(value, &join(k), scope).0
                }
                ("not" | "if", _) => {
                    // A cut anywhere below these would admit more (`not: false` admits
                    // everything): when unrolling changed anything below them, the
                    // schema is left out instead, which admits less.
                    let (s, gone) = self.schema(value, &join(k), scope);
                    dead |= gone || s != *value;
                    s
                }
                (
                    "patternProperties" | "dependentSchemas" | "dependencies",
                    Value::Object(entries),
                ) => {
                    let base = join(k);
                    let list = entries
                        .iter()
                        .map(|(name, sub)| {
                            let p = crate::form::pointer::join(&base, name);
                            (name.clone(), self.schema(sub, &p, scope).0)
                        })
                        .collect();
                    Value::Object(list)
                }
                ("prefixItems" | "items" | "allOf" | "anyOf" | "oneOf", Value::Array(list)) => {
                    let base = join(k);
                    let mut kept = Vec::with_capacity(list.len());
                    for (i, sub) in list.iter().enumerate() {
                        let p = crate::form::pointer::join(&base, &i.to_string());
                        let (s, gone) = self.schema(sub, &p, scope);
                        match k.as_ref() {
                            "prefixItems" | "items" => {
                                dead |= gone && array_only && min_items > i as u64;
                                kept.push(s);
                            }
                            "allOf" => {
                                dead |= gone;
                                kept.push(s);
                            }
                            _ if gone => pruned = true,
                            _ => kept.push(s),
                        }
                    }
                    dead |= kept.is_empty();
                    Value::Array(kept)
                }
                _ => value.clone(),
            };
            out.push((k.clone(), emitted));
        }
        if dead {
            return (self.nothing(), true);
        }
        if pruned {
            // A lone `anyOf`/`oneOf` branch is the schema.
            if let [(k, Value::Array(branches))] = out.as_mut_slice() {
                if (k == "anyOf" || k == "oneOf") && branches.len() == 1 {
                    return (branches.pop().expect("one branch"), false);
                }
            }
        }
        (Value::Object(out), false)
    }
}
