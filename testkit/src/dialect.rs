//! Forms in the older dialects: a tame 2020-12 form, its `$ref`s resolved, rewritten in
//! the spelling of draft-04, draft-06, draft-07 or 2019-09 (docs/DIALECTS.md).
//!
//! Invariants:
//! 1. What the dialect spells otherwise is respelled with the same meaning:
//!    `prefixItems` and `items` become array-form `items` and `additionalItems`
//!    (before 2020-12); `$defs` becomes `definitions` and its `$ref`s follow,
//!    `dependentRequired` and `dependentSchemas` merge into `dependencies`, and a
//!    `$ref` beside an assertion moves into an `allOf` (draft-04..07, which ignore
//!    `$ref`'s siblings); `const` becomes a one-value `enum`, a numeric
//!    `exclusiveMaximum` a boolean one beside `maximum`, a boolean schema below
//!    anything but `additionalProperties`/`additionalItems` `{}` or `{"not":{}}`, and
//!    `$id` becomes `id` (draft-04).
//! 2. What the dialect lacks is left out (`unevaluated*`, `minContains`, `if`,
//!    `contains`..., each from the first dialect without it), so the result compiles
//!    in its dialect.
//! 3. A `format` the jsonschema crate does not assert in that draft, or reads by another
//!    grammar there (`hostname` in draft-04 and draft-06), is left out under an
//!    `oracle_only` profile, and otherwise turns the oracle off ([`Translation::oracle`]).

use crate::value::{dedup, Members, J};

/// draft-04, the oldest of [`crate::DIALECT_URIS`].
pub(crate) const DRAFT4: usize = 0;
/// draft-06.
pub(crate) const DRAFT6: usize = 1;
/// draft-07.
pub(crate) const DRAFT7: usize = 2;
/// 2019-09.
pub(crate) const DRAFT2019: usize = 3;
/// 2020-12, which needs no translation.
pub(crate) const DRAFT2020: usize = 4;

/// Annotations and identifiers: the siblings draft-04..07 allow beside `$ref`.
const REF_SIBLINGS: &[&str] = &[
    "title",
    "description",
    "default",
    "examples",
    "$comment",
    "readOnly",
    "writeOnly",
    "$schema",
    "$id",
    "id",
    "definitions",
];

/// Whether the jsonschema crate asserts `format` `name` in dialect `level` with the
/// grammar formgate has (its `builtin_format`): formats newer than the draft are not
/// asserted there, and draft-04/06 `hostname` is RFC 1034 ASCII only.
pub(crate) fn oracle_format(name: &str, level: usize) -> bool {
    match name {
        "duration" | "uuid" => level >= DRAFT2019,
        "hostname" | "idn-hostname" | "iri" | "iri-reference" | "relative-json-pointer" => {
            level >= DRAFT7
        }
        "json-pointer" | "uri-reference" | "uri-template" => level >= DRAFT6,
        _ => true,
    }
}

/// One translation of a form into dialect `level`.
pub(crate) struct Translation {
    level: usize,
    oracle_only: bool,
    /// Invariant 3: false once a kept `format` lies where the oracle reads otherwise.
    pub(crate) oracle: bool,
}

impl Translation {
    pub(crate) fn new(level: usize, oracle_only: bool) -> Translation {
        Translation {
            level,
            oracle_only,
            oracle: true,
        }
    }

    /// Rewrite the schema `s`; `bool_ok`: a boolean may stand here even in draft-04.
    pub(crate) fn schema(&mut self, s: &mut J, bool_ok: bool) {
        match s {
            J::Bool(b) if self.level == DRAFT4 && !bool_ok => {
                *s = if *b {
                    J::Obj(Members::new())
                } else {
                    J::Obj(vec![("not".into(), J::Obj(Members::new()))])
                };
            }
            J::Obj(m) => {
                // `items` becomes `additionalItems` beside `prefixItems`.
                let prefix = m.iter().any(|(k, _)| k == "prefixItems");
                for (k, v) in m.iter_mut() {
                    self.children(k, v, prefix);
                }
                self.node(m);
            }
            _ => {}
        }
    }

    /// The subschemas under keyword `k`, and a `$ref` into `$defs`; `prefix`: the
    /// schema has `prefixItems`.
    fn children(&mut self, k: &str, v: &mut J, prefix: bool) {
        if let ("$ref", J::Str(r)) = (k, &mut *v) {
            if let Some(rest) = r
                .strip_prefix("#/$defs/")
                .filter(|_| self.level < DRAFT2019)
            {
                *r = format!("#/definitions/{rest}");
            }
            return;
        }
        let items_bool = prefix && self.level < DRAFT2020;
        subschemas(k, v, &mut |c, position| {
            // `items` becomes `additionalItems` beside `prefixItems`.
            let bool_ok = match position {
                Position::Additional => true,
                Position::Items => items_bool,
                Position::Other => false,
            };
            self.schema(c, bool_ok)
        });
    }

    /// The keywords of one schema object (invariants 1 to 3).
    fn node(&mut self, m: &mut Members) {
        let level = self.level;
        if level < DRAFT2020 && m.iter().any(|(k, _)| k == "prefixItems") {
            for (k, _) in m.iter_mut() {
                if k == "items" {
                    *k = "additionalItems".into();
                }
            }
            for (k, _) in m.iter_mut() {
                if k == "prefixItems" {
                    *k = "items".into();
                }
            }
        }
        let mut gone: Vec<&str> = Vec::new();
        if level < DRAFT2019 {
            gone.extend([
                "unevaluatedProperties",
                "unevaluatedItems",
                "minContains",
                "maxContains",
                "deprecated",
                "contentSchema",
            ]);
            for (k, _) in m.iter_mut() {
                if k == "$defs" {
                    *k = "definitions".into();
                }
            }
            merge_dependencies(m);
        }
        if level < DRAFT7 {
            gone.extend([
                "if",
                "then",
                "else",
                "$comment",
                "readOnly",
                "writeOnly",
                "contentEncoding",
                "contentMediaType",
            ]);
        }
        if level == DRAFT4 {
            gone.extend(["contains", "propertyNames", "examples"]);
            draft4_values(m);
        }
        m.retain(|(k, _)| !gone.contains(&k.as_str()));
        let mut formats_out = false;
        for (k, v) in m.iter() {
            if let (true, J::Str(name)) = (k == "format", v) {
                if !oracle_format(name, level) {
                    formats_out |= self.oracle_only;
                    self.oracle &= self.oracle_only;
                }
            }
        }
        if formats_out {
            m.retain(|(k, _)| k != "format");
        }
        if level < DRAFT2019 {
            ref_into_all_of(m);
        }
    }
}

/// `dependentRequired` and `dependentSchemas` as one `dependencies`, where the first of
/// them stood (a name in both keeps its first entry).
fn merge_dependencies(m: &mut Members) {
    let Some(at) = m
        .iter()
        .position(|(k, _)| k == "dependentRequired" || k == "dependentSchemas")
    else {
        return;
    };
    let mut entries = Members::new();
    for kw in ["dependentRequired", "dependentSchemas"] {
        if let Some(J::Obj(e)) = m.iter().find(|(k, _)| k == kw).map(|(_, v)| v) {
            entries.extend(e.iter().cloned());
        }
    }
    m.retain(|(k, _)| k != "dependentRequired" && k != "dependentSchemas");
    m.insert(
        at.min(m.len()),
        ("dependencies".into(), J::Obj(dedup(entries))),
    );
}

/// draft-04: `const` as a one-value `enum` (dropped beside an `enum`), numeric
/// `exclusiveMaximum`/`exclusiveMinimum` as the boolean beside `maximum`/`minimum`
/// (making an existing bound exclusive), `$id` as `id`.
fn draft4_values(m: &mut Members) {
    if let Some(i) = m.iter().position(|(k, _)| k == "const") {
        let (_, v) = m.remove(i);
        if !m.iter().any(|(k, _)| k == "enum") {
            m.insert(i, ("enum".into(), J::Arr(vec![v])));
        }
    }
    for (exclusive, bound) in [
        ("exclusiveMaximum", "maximum"),
        ("exclusiveMinimum", "minimum"),
    ] {
        let Some(i) = m.iter().position(|(k, _)| k == exclusive) else {
            continue;
        };
        let value = std::mem::replace(&mut m[i].1, J::Bool(true));
        if !m.iter().any(|(k, _)| k == bound) {
            m.insert(i, (bound.into(), value));
        }
    }
    for (k, _) in m.iter_mut() {
        if k == "$id" {
            *k = "id".into();
        }
    }
    // Empty lists draft-04 forbids ("MUST have at least one element"): an empty
    // `required` or dependency list asks nothing, and an empty `enum` admits nothing.
    m.retain(|(k, v)| !(k == "required" && matches!(v, J::Arr(a) if a.is_empty())));
    if let Some((_, J::Obj(entries))) = m.iter_mut().find(|(k, _)| k == "dependencies") {
        entries.retain(|(_, v)| !matches!(v, J::Arr(a) if a.is_empty()));
    }
    if let Some(i) = m
        .iter()
        .position(|(k, v)| k == "enum" && matches!(v, J::Arr(a) if a.is_empty()))
    {
        m.remove(i);
        let nothing = J::Obj(vec![("not".into(), J::Obj(Members::new()))]);
        match m.iter_mut().find(|(k, _)| k == "allOf") {
            Some((_, J::Arr(list))) => list.push(nothing),
            _ => m.insert(i, ("allOf".into(), J::Arr(vec![nothing]))),
        }
    }
}

/// draft-04..07 ignore `$ref`'s siblings: beside an assertion, the `$ref` moves into
/// the `allOf` (a new one if there is none), which applies it all the same.
fn ref_into_all_of(m: &mut Members) {
    let Some(at) = m.iter().position(|(k, _)| k == "$ref") else {
        return;
    };
    if m.iter()
        .all(|(k, _)| k == "$ref" || REF_SIBLINGS.contains(&k.as_str()))
    {
        return;
    }
    let (_, target) = m.remove(at);
    let branch = J::Obj(vec![("$ref".into(), target)]);
    match m.iter_mut().find(|(k, _)| k == "allOf") {
        Some((_, J::Arr(list))) => list.push(branch),
        _ => m.insert(at.min(m.len()), ("allOf".into(), J::Arr(vec![branch]))),
    }
}

/// Where a subschema stands, for draft-04's boolean schemas.
#[derive(Clone, Copy)]
enum Position {
    /// `additionalProperties`, `additionalItems`: a boolean is allowed.
    Additional,
    /// `items` as one schema.
    Items,
    Other,
}

/// Call `f` on each subschema under keyword `k` (schema positions only: data under
/// `enum`, `const`, `default`, `examples` is never visited).
fn subschemas(k: &str, v: &mut J, f: &mut dyn FnMut(&mut J, Position)) {
    match (k, v) {
        (
            "properties" | "patternProperties" | "dependentSchemas" | "dependencies" | "$defs"
            | "definitions",
            J::Obj(entries),
        ) => entries
            .iter_mut()
            .filter(|(_, c)| k != "dependencies" || !matches!(c, J::Arr(_)))
            .for_each(|(_, c)| f(c, Position::Other)),
        ("prefixItems" | "allOf" | "anyOf" | "oneOf" | "items", J::Arr(list)) => {
            list.iter_mut().for_each(|c| f(c, Position::Other))
        }
        ("additionalProperties" | "additionalItems", c) => f(c, Position::Additional),
        ("items", c) => f(c, Position::Items),
        (
            "not"
            | "if"
            | "then"
            | "else"
            | "contains"
            | "propertyNames"
            | "unevaluatedProperties"
            | "unevaluatedItems"
            | "contentSchema",
            c,
        ) => f(c, Position::Other),
        _ => {}
    }
}

/// Call `f` on every schema object of the form `s`, children first.
pub(crate) fn each_schema(s: &mut J, f: &mut dyn FnMut(&mut Members)) {
    let J::Obj(m) = s else { return };
    for (k, v) in m.iter_mut() {
        subschemas(k, v, &mut |c, _| each_schema(c, f));
    }
    f(m);
}
