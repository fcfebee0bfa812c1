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
//! 3. Every `$ref` of the output is the JSON Pointer, from the output's root, of the
//!    schema that stands for its target there (RFC 6901 tokens, percent-encoded as a URI
//!    fragment): a recursive one the copy one level down; any other its target at the
//!    top level, which is the same schema; or, when the top level lost it (left out
//!    with a schema around it) or it is a boolean, a definition of its own added for it
//!    (`{name}_ref`). So copies drop their nested `$defs` and `$schema`.
//! 4. A level `k` of a cycle is entered only through a recursive `$ref` of level
//!    `k + 1`, so a value validates against the output iff it validates against the form
//!    using at most `n` levels of every visit to a cycle (exact for positive forms; a
//!    `oneOf` on a cycle can count a branch that only the cut-off depth fails).
//! 5. Identifiers stay at the root only: every `$id` (draft-04 `id`) and `$anchor`
//!    below it is dropped, since invariant 3 leaves no `$ref` that needs them and a copy
//!    of one would name two schemas. Nothing else depends on a base URI, so what a
//!    schema admits does not change. A `discriminator`'s `mapping` follows its branches'
//!    `$ref`s (entries whose branch is gone or not a bare `$ref` are left out; a mapping
//!    never decides a verdict).
//!
//! Cost: O(n × size of the definitions + size of the form) time and output; recursion
//! follows the form's nesting, which its parse depth limit bounds.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

use crate::form::error::{FormError, FormErrorKind};
use crate::form::node::{Node, NodeId, Types};
use crate::form::Form;
use crate::limits::Limits;
use crate::parse::error::{ParseError, ParseErrorKind};
use crate::parse::value::{write_compact, Value};

use super::graph::Graph;

/// The form's text with every `$ref` cycle unrolled into `depth` levels, or the error
/// compiling it would give when the copies alone exceed the size of a form (checked
/// as they are made, so a huge `depth` costs at most that much).
pub(crate) fn unroll(form: &Form, depth: u32) -> Result<String, FormError> {
    // Invariant 5 drops the embedded resources dynamic references resolve through.
    if let Some(node) = form.nodes().iter().find(|n| n.dynamic_reference.is_some()) {
        let keyword = node.dynamic_keyword().name();
        return Err(FormError::new(
            FormErrorKind::NotUnrollable(format!(
                "{keyword} resolves through the embedded resources an unrolled form drops"
            )),
            Some(keyword),
            crate::form::pointer::join(&node.pointer, keyword),
        ));
    }
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
    if form.is_mixed() {
        // The copies would leave the resources whose `$schema` gives them their
        // meaning.
        return Err(FormError::new(
            FormErrorKind::NotUnrollable(
                "its schemas are read by more than one dialect or metaschema, whose \
                 resources an unrolled form drops"
                    .to_owned(),
            ),
            Some("$schema"),
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
    let mut u = Unroller {
        graph: &graph,
        depth,
        bases: &bases,
        by_pointer: &by_pointer,
        defs_keyword,
        draft4: form.dialect() == crate::form::vocabulary::Dialect::Draft4,
        reaches_cycle: reaches_cycle(&graph),
        at: HashMap::new(),
        placed: RefCell::new(Vec::new()),
        wanted: RefCell::new(Vec::new()),
        final_pass: false,
    };
    // Pass 1 places every schema and learns which `$ref` targets the output lacks;
    // pass 2, identical in shape, writes each `$ref` as the pointer of its target.
    u.emit(form, &root, &[])?;
    let extras = u.extras(form, &root, &existing);
    u.final_pass = true;
    u.emit(form, &root, &extras)
}

/// Whether each node reaches a node on a cycle (itself included): unrolling may change
/// what such a node admits, so a `not` or `if` that reaches it is left out (invariant 4).
fn reaches_cycle(graph: &Graph<'_>) -> Vec<bool> {
    let n = graph.edges.len();
    let mut back: Vec<Vec<NodeId>> = vec![Vec::new(); n];
    for (from, edges) in graph.edges.iter().enumerate() {
        for e in edges {
            back[e.to.index()].push(NodeId(from as u32));
        }
    }
    let mut reaches = graph.cyclic.clone();
    let mut stack: Vec<NodeId> = (0..n)
        .filter(|&i| reaches[i])
        .map(|i| NodeId(i as u32))
        .collect();
    while let Some(id) = stack.pop() {
        for &from in &back[id.index()] {
            if !reaches[from.index()] {
                reaches[from.index()] = true;
                stack.push(from);
            }
        }
    }
    reaches
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
    /// Inside a copy: drop nested `$defs` and `$schema` (invariant 3).
    copy: bool,
}

/// The scope of the form itself, and of the schemas added for `$ref`s whose target the
/// output would otherwise lack (`copy`: their nested `$defs` are not kept).
fn top(depth: u32, copy: bool) -> Scope {
    Scope {
        component: u32::MAX,
        level: depth,
        copy,
    }
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
    reaches_cycle: Vec<bool>,
    /// Where each schema stands in the output at the top level, once pass 1 is done.
    at: HashMap<NodeId, String>,
    /// Pass 1: the schemas placed at the top level, each with its output pointer, and
    /// the targets of the non-recursive `$ref`s emitted, in order.
    placed: RefCell<Vec<(NodeId, String)>>,
    wanted: RefCell<Vec<NodeId>>,
    /// Pass 2: every `$ref` target has a place in `at`.
    final_pass: bool,
}

/// A schema as emitted: its value, whether it became `false` because recursion was left
/// out, and whether unrolling changed what it admits (a recursive `$ref` redirected or
/// cut below it, or a `$ref` to a schema that reaches a cycle).
struct Emitted<'a> {
    value: Value<'a>,
    gone: bool,
    changed: bool,
}

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

    /// The output: the form at the top level, then under the root's definitions the
    /// copies of every definition and the schemas of `extras`, as `(name, target)`.
    fn emit(
        &self,
        form: &Form,
        root: &Value<'a>,
        extras: &[(String, NodeId)],
    ) -> Result<String, FormError> {
        let max_bytes = Limits::default().max_bytes();
        let mut size = form.schema_json().len();
        let mut added: Vec<(Cow<'a, str>, Value<'a>)> = Vec::new();
        let mut add = |name: String, value: Value<'a>| {
            let mut piece = String::new();
            write_compact(&value, &mut piece);
            size += piece.len() + name.len() + 4;
            if size > max_bytes {
                let limit = max_bytes;
                let e = ParseError::new(ParseErrorKind::TooLarge { limit }, limit as u64);
                return Err(FormError::parse(e));
            }
            added.push((Cow::Owned(name), value));
            Ok(())
        };
        for &t in self.bases.keys().collect::<BTreeSet<_>>() {
            let pointer = &*form.node(t).pointer;
            let original = lookup(root, pointer).expect("a compiled node is in the rendered form");
            for level in (1..self.depth).rev() {
                let scope = Scope {
                    component: self.graph.component[t.index()],
                    level,
                    copy: true,
                };
                add(
                    self.name(t, level),
                    self.schema(original, pointer, scope, None).value,
                )?;
            }
        }
        let mut out = self
            .schema(root, "", top(self.depth, false), Some(""))
            .value;
        for (name, t) in extras {
            add(name.clone(), self.extra(form, root, name, *t))?;
        }
        if let Value::Object(members) = &mut out {
            match members
                .iter_mut()
                .find(|(k, _)| k.as_ref() == self.defs_keyword)
            {
                Some((_, Value::Object(defs))) => defs.extend(added),
                _ => members.push((Cow::Borrowed(self.defs_keyword), Value::Object(added))),
            }
        }
        let mut text = String::new();
        write_compact(&out, &mut text);
        Ok(text)
    }

    /// The schema `t` emitted at the top level as the definition `name`.
    fn extra(&self, form: &Form, root: &Value<'a>, name: &str, t: NodeId) -> Value<'a> {
        let out = format!("/{}/{name}", self.defs_keyword);
        let value = match t {
            NodeId::TRUE if self.draft4 => Value::Object(Vec::new()),
            NodeId::TRUE => Value::Bool(true),
            NodeId::FALSE => self.nothing(),
            _ => {
                let pointer = &*form.node(t).pointer;
                let original =
                    lookup(root, pointer).expect("a compiled node is in the rendered form");
                self.schema(original, pointer, top(self.depth, true), Some(&out))
                    .value
            }
        };
        self.placed.borrow_mut().push((t, out));
        value
    }

    /// Record in `at` where the schemas placed since the last call stand.
    fn settle(&mut self) {
        for (id, out) in self.placed.get_mut().drain(..) {
            self.at.entry(id).or_insert(out);
        }
    }

    /// After pass 1: the targets of `$ref`s that the top level does not hold (left out
    /// with a schema around them, or boolean), each given a definition of its own, until
    /// every target has a place; `at` is filled.
    fn extras(
        &mut self,
        form: &Form,
        root: &Value<'a>,
        existing: &[&str],
    ) -> Vec<(String, NodeId)> {
        let mut extras: Vec<(String, NodeId)> = Vec::new();
        let mut seen = 0;
        loop {
            self.settle();
            let wanted: Vec<NodeId> = self.wanted.borrow()[seen..].to_vec();
            seen += wanted.len();
            let missing: BTreeSet<NodeId> = wanted
                .into_iter()
                .filter(|t| !self.at.contains_key(t))
                .collect();
            if missing.is_empty() {
                return extras;
            }
            for t in missing {
                // A target inside the definition just added for another is placed
                // there: so every schema is placed once at most.
                self.settle();
                if self.at.contains_key(&t) {
                    continue;
                }
                // `{base}_ref`: never a copy's `{base}_{digits}`, never an existing name.
                let mut name = match t {
                    NodeId::TRUE => "true".to_owned(),
                    NodeId::FALSE => "false".to_owned(),
                    _ => base_name(&form.node(t).pointer),
                };
                name.push_str("_ref");
                while existing.contains(&name.as_str()) || extras.iter().any(|(n, _)| *n == name) {
                    name.push('_');
                }
                // Pass 1 needs only where the extra's schemas stand and what it wants.
                let _ = self.extra(form, root, &name, t);
                extras.push((name, t));
            }
        }
    }

    /// Emit the schema `v` found at `pointer` in the form; `out` is where it stands in
    /// the output when that is the top level (not in a copy).
    fn schema(&self, v: &Value<'a>, pointer: &str, scope: Scope, out: Option<&str>) -> Emitted<'a> {
        let plain = |value: Value<'a>| Emitted {
            value,
            gone: false,
            changed: false,
        };
        let Value::Object(members) = v else {
            return plain(v.clone());
        };
        let Some(&id) = self.by_pointer.get(pointer) else {
            return plain(v.clone());
        };
        let placed_from = self.placed.borrow().len();
        let wanted_from = self.wanted.borrow().len();
        // Left out: nothing below it is in the output, and it stands there as `false`.
        let cut = || {
            self.placed.borrow_mut().truncate(placed_from);
            self.wanted.borrow_mut().truncate(wanted_from);
            if let Some(o) = out {
                self.placed.borrow_mut().push((id, o.to_owned()));
            }
            Emitted {
                value: self.nothing(),
                gone: true,
                changed: true,
            }
        };
        let node = self.graph.node(id);
        let level = self.level(id, scope);
        if self.graph.cyclic[id.index()] && level == 0 {
            return cut();
        }
        if let Some(o) = out {
            self.placed.borrow_mut().push((id, o.to_owned()));
        }
        let reference = match node.reference {
            Some(target) if self.graph.recursive[id.index()] => {
                let below = level - 1;
                if below == 0 {
                    return cut();
                }
                Some(format!(
                    "#/{}/{}",
                    self.defs_keyword,
                    self.name(target, below)
                ))
            }
            // Pass 1 wants the target of every `$ref` it keeps; one whose want went with
            // a schema left out around it is left out here too. Were that ever not so,
            // this `$ref` names no schema and the output fails to compile (fail closed).
            Some(target) if self.final_pass => Some(match self.at.get(&target) {
                Some(at) => super::fragment(at),
                None => "#/$unroll/unplaced".to_owned(),
            }),
            Some(target) => {
                self.wanted.borrow_mut().push(target);
                Some(String::new())
            }
            None => None,
        };
        let mut changed = self.graph.recursive[id.index()]
            || node
                .reference
                .is_some_and(|t| self.reaches_cycle[t.index()]);
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
        let below = |k: &str| out.map(|o| crate::form::pointer::join(o, k));
        let mut emitted: Vec<(Cow<'a, str>, Value<'a>)> = Vec::with_capacity(members.len());
        let mut dead = false;
        let mut pruned = false;
        // The original index of each branch kept, for the discriminator's mapping.
        let mut branches_kept: Vec<usize> = Vec::new();
        for (k, value) in members {
            let sub = match (k.as_ref(), value) {
                ("$defs" | "definitions" | "$schema", _) if scope.copy => continue,
                // Invariant 5: identifiers only at the root.
                ("$id" | "id" | "$anchor", _) if scope.copy || !pointer.is_empty() => continue,
                ("$ref", _) => Value::String(Cow::Owned(reference.clone().unwrap_or_default())),
                ("properties", Value::Object(props)) => {
                    let base = join("properties");
                    let out_base = below("properties");
                    let mut list = Vec::with_capacity(props.len());
                    for (name, sub) in props {
                        let s = self.member(sub, &base, out_base.as_deref(), name, scope);
                        dead |= s.gone && object_only && required(name);
                        changed |= s.changed;
                        list.push((name.clone(), s.value));
                    }
                    Value::Object(list)
                }
                (
                    "$defs" | "definitions" | "patternProperties" | "dependentSchemas"
                    | "dependencies",
                    Value::Object(entries),
                ) => {
                    let base = join(k);
                    let out_base = below(k);
                    let mut list = Vec::with_capacity(entries.len());
                    for (name, sub) in entries {
                        let s = self.member(sub, &base, out_base.as_deref(), name, scope);
                        // Definitions apply nowhere by themselves.
                        if !matches!(k.as_ref(), "$defs" | "definitions") {
                            changed |= s.changed;
                        }
                        list.push((name.clone(), s.value));
                    }
                    Value::Object(list)
                }
                ("items" | "additionalItems", v) if !matches!(v, Value::Array(_)) => {
                    let s = self.schema(value, &join(k), scope, below(k).as_deref());
                    let prefix = node.array.as_ref().map_or(0, |a| a.prefix.len()) as u64;
                    // `additionalItems` applies only after array-form `items`.
                    let applies =
                        k == "items" || node.legacy.as_ref().is_some_and(|l| l.items_array);
                    dead |= s.gone && applies && array_only && min_items > prefix;
                    changed |= s.changed;
                    s.value
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
                    let s = self.schema(value, &join(k), scope, below(k).as_deref());
                    changed |= s.changed;
                    s.value
                }
                ("not" | "if", _) => {
                    // A cut anywhere below these would admit more (`not: false` admits
                    // everything): when unrolling changed anything below them, the
                    // schema is left out instead, which admits less.
                    let s = self.schema(value, &join(k), scope, below(k).as_deref());
                    dead |= s.gone || s.changed;
                    s.value
                }
                ("prefixItems" | "items" | "allOf" | "anyOf" | "oneOf", Value::Array(list)) => {
                    let base = join(k);
                    let out_base = below(k);
                    let mut kept = Vec::with_capacity(list.len());
                    for (i, sub) in list.iter().enumerate() {
                        let p = crate::form::pointer::join(&base, &i.to_string());
                        let o = out_base
                            .as_deref()
                            .map(|o| crate::form::pointer::join(o, &kept.len().to_string()));
                        let (placed, wanted) =
                            (self.placed.borrow().len(), self.wanted.borrow().len());
                        let s = self.schema(sub, &p, scope, o.as_deref());
                        changed |= s.changed;
                        match k.as_ref() {
                            "prefixItems" | "items" => {
                                dead |= s.gone && array_only && min_items > i as u64;
                                kept.push(s.value);
                            }
                            "allOf" => {
                                dead |= s.gone;
                                kept.push(s.value);
                            }
                            _ if s.gone => {
                                pruned = true;
                                self.placed.borrow_mut().truncate(placed);
                                self.wanted.borrow_mut().truncate(wanted);
                            }
                            _ => {
                                branches_kept.push(i);
                                kept.push(s.value);
                            }
                        }
                    }
                    dead |= kept.is_empty();
                    Value::Array(kept)
                }
                _ => value.clone(),
            };
            emitted.push((k.clone(), sub));
        }
        if dead {
            return cut();
        }
        if pruned {
            // A lone `anyOf`/`oneOf` branch is the schema.
            if let [(k, Value::Array(branches))] = emitted.as_mut_slice() {
                if (k == "anyOf" || k == "oneOf") && branches.len() == 1 {
                    if let Some(o) = out {
                        // What was placed under the branch now stands at `o`.
                        let from = format!("{o}/{k}/0");
                        for (_, at) in self.placed.borrow_mut()[placed_from..].iter_mut() {
                            if let Some(rest) = at.strip_prefix(&from) {
                                *at = format!("{o}{rest}");
                            }
                        }
                    }
                    return Emitted {
                        value: branches.pop().expect("one branch"),
                        gone: false,
                        changed: true,
                    };
                }
            }
        }
        let placed = out.and_then(|_| self.at.get(&id)).map(String::as_str);
        self.remap_discriminator(node, placed, &mut emitted, &branches_kept);
        Emitted {
            value: Value::Object(emitted),
            gone: false,
            changed: changed || pruned,
        }
    }

    /// Emit the subschema `v` named `name` in the object at `pointer` (at `out` in the
    /// output, if placed).
    fn member(
        &self,
        v: &Value<'a>,
        pointer: &str,
        out: Option<&str>,
        name: &str,
        scope: Scope,
    ) -> Emitted<'a> {
        let p = crate::form::pointer::join(pointer, name);
        let o = out.map(|o| crate::form::pointer::join(o, name));
        self.schema(v, &p, scope, o.as_deref())
    }

    /// A `discriminator`'s `mapping` names its branches by `$ref`; its entries are
    /// rewritten to the `$ref` their branch now holds when it is a bare `$ref` (so they
    /// name the same branch in a copy), else to the pointer of the branch itself when
    /// the schema is placed (at the top level or in a definition of its own: `placed`,
    /// where it finally stands), and are left out otherwise or when their branch was
    /// left out. A mapping never changes a verdict.
    fn remap_discriminator(
        &self,
        node: &Node,
        placed: Option<&str>,
        emitted: &mut [(Cow<'a, str>, Value<'a>)],
        kept: &[usize],
    ) {
        let branches = if node.one_of.is_empty() {
            &node.any_of
        } else {
            &node.one_of
        };
        let Some(refs) = emitted
            .iter()
            .find(|(k, _)| matches!(k.as_ref(), "oneOf" | "anyOf"))
            .map(|(_, v)| match v {
                Value::Array(list) => list
                    .iter()
                    .map(|b| match b.get("$ref") {
                        Some(Value::String(r)) => Some(r.clone()),
                        _ => None,
                    })
                    .collect::<Vec<_>>(),
                _ => Vec::new(),
            })
        else {
            return;
        };
        let Some((_, Value::Object(d))) = emitted.iter_mut().find(|(k, _)| k == "discriminator")
        else {
            return;
        };
        let Some(property) = d.iter().find_map(|(k, v)| match v {
            Value::String(p) if k == "propertyName" => Some(p.to_string()),
            _ => None,
        }) else {
            return;
        };
        let Some((_, Value::Object(mapping))) = d.iter_mut().find(|(k, _)| k == "mapping") else {
            return;
        };
        let form = self.graph.form;
        mapping.retain_mut(|(key, value)| {
            let owner = kept.iter().position(|&j| {
                branches.get(j).is_some_and(|&b| {
                    crate::form::discriminator::branch_pins(
                        b,
                        &property,
                        form.nodes(),
                        form.consts(),
                    )
                    .is_some_and(|pins| pins.contains(&key.as_ref()))
                })
            });
            let spelled = |p: usize| {
                let b = branches[kept[p]];
                if form.node(b).landing != b {
                    return refs.get(p).cloned().flatten();
                }
                // Pass 2: where this schema's own branch stands, once every collapse
                // above it is known.
                let at = self.at.get(&b)?;
                let own = at.strip_prefix(placed?)?.starts_with('/');
                own.then(|| Cow::Owned(super::fragment(at)))
            };
            match owner.and_then(spelled) {
                Some(r) => {
                    *value = Value::String(r);
                    true
                }
                None => false,
            }
        });
    }
}
