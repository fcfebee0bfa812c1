//! Identifiers and discriminators in generated forms: `$defs` entries that are embedded
//! resources (`$id`) or carry an anchor (`$anchor`), with every `$ref` respelled to
//! name its target through them, and the `mapping` of generated `discriminator`s
//! pointed at their branches.
//!
//! Invariants:
//! 1. Respelling never changes what a `$ref` names: a `$ref` inside an embedded
//!    resource resolves against that resource, so it names the root's schemas through
//!    the root's `$id` ([`ROOT_ID`]), and `#` there becomes `form` (the root).
//! 2. A `mapping` placeholder `@branch{i}` becomes the pointer, from the root of the
//!    resource around it, of branch `i` of the `oneOf`/`anyOf` beside it.
//!
//! Both the tame and the wild generator call these after their `$ref`s are resolved.

use crate::value::J;

/// The root's `$id` once some entry is an embedded resource: `form` relative to an
/// entry's `d{i}.json` names it.
pub const ROOT_ID: &str = "https://example.com/form";

/// How `$defs` entry `i` is named besides its pointer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Naming {
    /// By its pointer only.
    Pointer,
    /// An embedded resource `d{i}.json`.
    Id,
    /// An anchor `a{i}` of the root resource.
    Anchor,
    /// An embedded resource `d{i}.json` with the anchor `a{i}` at its root.
    IdAnchor,
}

impl Naming {
    /// The naming numbered `n` (modulo 4).
    pub fn nth(n: usize) -> Naming {
        [
            Naming::Pointer,
            Naming::Id,
            Naming::Anchor,
            Naming::IdAnchor,
        ][n % 4]
    }

    fn embedded(self) -> bool {
        matches!(self, Naming::Id | Naming::IdAnchor)
    }
}

/// Visit every schema position below `node` (at JSON Pointer `at`) with its pointer,
/// parents before children.
fn each_schema(node: &mut J, at: &str, f: &mut dyn FnMut(&mut J, &str)) {
    f(node, at);
    let J::Obj(members) = node else { return };
    for (k, v) in members.iter_mut() {
        let here = format!("{at}/{}", k.replace('~', "~0").replace('/', "~1"));
        match k.as_str() {
            "properties" | "patternProperties" | "dependentSchemas" | "$defs" | "definitions"
            | "dependencies" => {
                if let J::Obj(entries) = v {
                    for (name, s) in entries {
                        let p = format!("{here}/{}", name.replace('~', "~0").replace('/', "~1"));
                        each_schema(s, &p, f);
                    }
                }
            }
            // `items` is an array of schemas in forms translated to draft-04..2019-09.
            "prefixItems" | "allOf" | "anyOf" | "oneOf" | "items" if matches!(v, J::Arr(_)) => {
                if let J::Arr(items) = v {
                    for (i, s) in items.iter_mut().enumerate() {
                        each_schema(s, &format!("{here}/{i}"), f);
                    }
                }
            }
            "additionalProperties"
            | "items"
            | "additionalItems"
            | "contentSchema"
            | "contains"
            | "propertyNames"
            | "unevaluatedProperties"
            | "unevaluatedItems"
            | "not"
            | "if"
            | "then"
            | "else" => each_schema(v, &here, f),
            _ => {}
        }
    }
}

/// The pointer of the `$defs` entry whose resource holds the schema at `at`, or `""`.
fn resource_of<'e>(embedded: &'e [String], at: &str) -> &'e str {
    embedded
        .iter()
        .find(|p| at == p.as_str() || at.starts_with(&format!("{p}/")))
        .map_or("", String::as_str)
}

/// Give `$defs` entry `i` the identifiers `namings[i % len]` says, and respell every
/// `$ref` [`crate::fix_refs`] wrote (`#`, `#/$defs/...`) to name the same schema
/// (invariant 1). Boolean entries keep their pointer.
pub fn embed_ids(root: &mut J, namings: &[Naming]) {
    let Some(J::Obj(defs)) = root.get("$defs") else {
        return;
    };
    if namings.is_empty() || defs.is_empty() {
        return;
    }
    let names: Vec<(String, Naming)> = defs
        .iter()
        .enumerate()
        .map(|(i, (k, v))| {
            let naming = if matches!(v, J::Obj(_)) {
                namings[i % namings.len()]
            } else {
                Naming::Pointer
            };
            (k.clone(), naming)
        })
        .collect();
    let Some(J::Obj(defs)) = root.get_mut("$defs") else {
        return;
    };
    let mut embedded = Vec::new();
    for (i, (name, s)) in defs.iter_mut().enumerate() {
        let J::Obj(m) = s else { continue };
        // An entry's own `$id` or `$anchor` (none are generated) would clash.
        m.retain(|(k, _)| k != "$id" && k != "$anchor");
        match names[i].1 {
            Naming::Pointer => {}
            Naming::Id => m.insert(0, ("$id".into(), J::Str(format!("d{i}.json")))),
            Naming::Anchor => m.insert(0, ("$anchor".into(), J::Str(format!("a{i}")))),
            Naming::IdAnchor => {
                m.insert(0, ("$anchor".into(), J::Str(format!("a{i}"))));
                m.insert(0, ("$id".into(), J::Str(format!("d{i}.json"))));
            }
        }
        if names[i].1.embedded() {
            embedded.push(format!(
                "/$defs/{}",
                name.replace('~', "~0").replace('/', "~1")
            ));
        }
    }
    if let J::Obj(m) = root {
        m.retain(|(k, _)| k != "$id");
        m.insert(0, ("$id".into(), J::str(ROOT_ID)));
    }
    each_schema(root, "", &mut |s, at| {
        let J::Obj(m) = s else { return };
        let inside = !resource_of(&embedded, at).is_empty();
        for (k, v) in m.iter_mut() {
            let J::Str(t) = v else { continue };
            if k != "$ref" {
                continue;
            }
            let target = names
                .iter()
                .enumerate()
                .find(|(_, (name, _))| crate::refs::fragment(name) == *t);
            *t = match (target, inside) {
                (None, true) if t == "#" => "form".to_owned(),
                (None, _) => continue,
                (Some((j, (_, naming))), _) => match (naming, inside) {
                    (Naming::Id, _) => format!("d{j}.json"),
                    (Naming::IdAnchor, _) => format!("d{j}.json#a{j}"),
                    (Naming::Anchor, false) => format!("#a{j}"),
                    (Naming::Anchor, true) => format!("form#a{j}"),
                    (Naming::Pointer, false) => continue,
                    (Naming::Pointer, true) => format!("form{t}"),
                },
            };
        }
    });
}

/// The schema a `$ref` written by [`crate::fix_refs`], and perhaps respelled by
/// [`embed_ids`], names; `None` for any other spelling.
pub fn resolve<'a>(root: &'a J, target: &str) -> Option<&'a J> {
    let t = match target.strip_prefix("form") {
        Some("") => "#",
        Some(rest) if rest.starts_with('#') => rest,
        _ => target,
    };
    if t == "#" {
        return Some(root);
    }
    // `#/definitions/...` in a form translated to draft-04..07 names the same entry.
    let (key, t) = match t.strip_prefix("#/definitions/") {
        Some(rest) => ("definitions", format!("#/$defs/{rest}")),
        None => ("$defs", t.to_owned()),
    };
    let t = t.as_str();
    let J::Obj(defs) = root.get(key)? else {
        return None;
    };
    let by_pointer = defs.iter().find(|(k, _)| crate::refs::fragment(k) == t);
    let text = |s: &J, k: &str| match s.get(k) {
        Some(J::Str(v)) => Some(v.clone()),
        _ => None,
    };
    let by_name = || {
        defs.iter().find(|(_, s)| {
            let (id, anchor) = (text(s, "$id"), text(s, "$anchor"));
            match t.split_once('#') {
                Some(("", a)) => id.is_none() && anchor.as_deref() == Some(a),
                Some((u, a)) => id.as_deref() == Some(u) && anchor.as_deref() == Some(a),
                None => id.as_deref() == Some(t),
            }
        })
    };
    by_pointer.or_else(by_name).map(|(_, v)| v)
}

/// A `mapping` value naming branch `i` of the `oneOf`/`anyOf` beside it, until
/// [`fix_mappings`] writes its pointer.
pub fn branch_placeholder(i: usize) -> String {
    format!("@branch{i}")
}

/// Write every `mapping` placeholder as the branch's pointer from the root of its
/// resource (invariant 2); a placeholder naming no branch is left out.
pub fn fix_mappings(root: &mut J) {
    let mut embedded = Vec::new();
    if let Some(J::Obj(defs)) = root.get("$defs") {
        for (name, s) in defs {
            if matches!(s.get("$id"), Some(J::Str(_))) {
                embedded.push(format!(
                    "/$defs/{}",
                    name.replace('~', "~0").replace('/', "~1")
                ));
            }
        }
    }
    each_schema(root, "", &mut |s, at| {
        let J::Obj(m) = s else { return };
        let union = m
            .iter()
            .find(|(k, _)| k == "oneOf" || k == "anyOf")
            .map(|(k, v)| {
                (
                    k.clone(),
                    matches!(v, J::Arr(b) if !b.is_empty()).then(|| match v {
                        J::Arr(b) => b.len(),
                        _ => 0,
                    }),
                )
            });
        let Some((_, J::Obj(d))) = m.iter_mut().find(|(k, _)| k == "discriminator") else {
            return;
        };
        let Some((_, J::Obj(mapping))) = d.iter_mut().find(|(k, _)| k == "mapping") else {
            return;
        };
        let base = &at[resource_of(&embedded, at).len()..];
        mapping.retain_mut(|(_, v)| {
            let J::Str(t) = v else { return true };
            let Some(i) = t
                .strip_prefix("@branch")
                .and_then(|n| n.parse::<usize>().ok())
            else {
                return true;
            };
            match &union {
                Some((kw, Some(n))) if i < *n => {
                    *t = crate::refs::pointer_fragment(&format!("{base}/{kw}/{i}"));
                    true
                }
                _ => false,
            }
        });
    });
}
