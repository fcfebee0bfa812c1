//! References: the schema generator writes `$ref` placeholders `@n`; [`fix_refs`] turns
//! them into targets that resolve without a cycle of same-instance applicators (tame
//! forms), [`odd_refs`] into anything at all (wild forms).

use crate::value::J;
use crate::wild::WILD_REFS;

/// The URI fragment of a JSON Pointer to `$defs/<name>`: `~0`, `~1`, then
/// percent-encoding of everything outside the unreserved and sub-delimiter characters.
pub fn fragment(name: &str) -> String {
    let mut out = String::from("#/$defs/");
    percent_encode(&mut out, &name.replace('~', "~0").replace('/', "~1"), b"");
    out
}

/// `text` appended to `out`, every byte outside the unreserved and sub-delimiter
/// characters, `:`, `@` and `also` percent-encoded.
fn percent_encode(out: &mut String, text: &str, also: &[u8]) {
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&b) || also.contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

/// A JSON Pointer (its tokens escaped) as a URI fragment, `#` included: bytes outside
/// the unreserved and sub-delimiter characters, `:`, `@` and `/` percent-encoded.
pub fn pointer_fragment(pointer: &str) -> String {
    let mut out = String::from("#");
    percent_encode(&mut out, pointer, b"/");
    out
}

/// Resolve the `@n` placeholders of a form. A `$ref` reached without descending into
/// the instance ("unguarded") from `$defs` entry `i` may only name an entry before `i`,
/// and from the root any entry: so same-instance edges go strictly down that order and
/// cannot cycle. Below `properties`, `items` & co. any entry and the root `#` may be
/// named: recursion that the body's depth bounds. A placeholder with no allowed target
/// is dropped, so no placeholder survives anywhere a schema may stand, `definitions`
/// entries included (those have no `$defs` entry before them).
pub fn fix_refs(root: &mut J) {
    let defs: Vec<String> = match root.get("$defs") {
        Some(J::Obj(m)) => m.iter().map(|(k, _)| fragment(k)).collect(),
        _ => Vec::new(),
    };
    walk(root, None, false, &defs, &mut |targets, n| {
        if targets.is_empty() {
            None
        } else {
            Some(targets[n % targets.len()].clone())
        }
    });
}

/// Wild forms: placeholders name any target, cycles included, or something odd.
pub fn odd_refs(root: &mut J) {
    let mut defs: Vec<String> = match root.get("$defs").or(root.get("definitions")) {
        Some(J::Obj(m)) => m.iter().map(|(k, _)| fragment(k)).collect(),
        _ => Vec::new(),
    };
    defs.push("#".into());
    walk(root, None, true, &defs, &mut |targets, n| {
        Some(match targets.get((n / 2) % targets.len().max(1)) {
            Some(t) if n % 2 == 0 => t.clone(),
            _ => WILD_REFS[n % WILD_REFS.len()].to_owned(),
        })
    });
}

/// Picks a target among those allowed for placeholder `n`, or `None` to drop it.
type Choose<'c> = dyn FnMut(&[String], usize) -> Option<String> + 'c;

fn walk(node: &mut J, def: Option<usize>, guarded: bool, defs: &[String], choose: &mut Choose) {
    let J::Obj(members) = node else { return };
    for (k, v) in members.iter_mut() {
        match k.as_str() {
            "$ref" => {
                // Wild forms may hold a `$ref` of any other spelling, `@x` included.
                let n: usize = match v {
                    J::Str(s) if s.starts_with('@') => s[1..].parse().unwrap_or(0),
                    _ => continue,
                };
                let mut targets: Vec<String> = Vec::new();
                if guarded {
                    targets.push("#".to_owned());
                    targets.extend(defs.iter().cloned());
                } else {
                    let end = def.unwrap_or(defs.len()).min(defs.len());
                    targets.extend(defs[..end].iter().cloned());
                }
                *v = choose(&targets, n).map_or(J::Null, J::Str);
            }
            "properties" => {
                if let J::Obj(props) = v {
                    for (_, s) in props {
                        walk(s, def, true, defs, choose);
                    }
                }
            }
            "additionalProperties"
            | "items"
            | "contains"
            | "propertyNames"
            | "unevaluatedProperties"
            | "unevaluatedItems"
            // The document a string holds: another instance.
            | "contentSchema" => walk(v, def, true, defs, choose),
            // On the same value: like `allOf`.
            "not" | "if" | "then" | "else" => walk(v, def, guarded, defs, choose),
            "patternProperties" | "dependentSchemas" => {
                let g = guarded || k == "patternProperties";
                if let J::Obj(entries) = v {
                    for (_, s) in entries {
                        walk(s, def, g, defs, choose);
                    }
                }
            }
            "prefixItems" | "allOf" | "anyOf" | "oneOf" => {
                let g = guarded || k == "prefixItems";
                if let J::Arr(items) = v {
                    for s in items {
                        walk(s, def, g, defs, choose);
                    }
                }
            }
            // formgate reads `definitions` as it reads `$defs`.
            "$defs" | "definitions" => {
                if let J::Obj(entries) = v {
                    for (i, (_, s)) in entries.iter_mut().enumerate() {
                        walk(s, Some(i), false, defs, choose);
                    }
                }
            }
            // Data and annotations are never schemas.
            _ => {}
        }
    }
    members.retain(|(k, v)| !(k == "$ref" && *v == J::Null));
}

pub use crate::idents::resolve;

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(members: &[(&str, J)]) -> J {
        J::obj(members)
    }

    #[test]
    fn unguarded_refs_go_down_the_defs_and_guarded_ones_anywhere() {
        let at = |n: usize| obj(&[("$ref", J::Str(format!("@{n}")))]);
        let mut form = obj(&[
            ("$defs", obj(&[("a", at(5)), ("b/c", at(7))])),
            ("properties", obj(&[("p", at(1))])),
            ("allOf", J::Arr(vec![at(3)])),
        ]);
        fix_refs(&mut form);
        let defs = form.get("$defs").unwrap();
        // Entry 0 may name nothing unguarded: the placeholder is dropped.
        assert_eq!(defs.get("a").unwrap(), &obj(&[]));
        assert_eq!(
            defs.get("b/c").unwrap(),
            &obj(&[("$ref", J::str("#/$defs/a"))])
        );
        let p = form.get("properties").unwrap().get("p").unwrap();
        assert_eq!(p.get("$ref"), Some(&J::str("#/$defs/a")));
        assert_eq!(
            form.get("allOf").unwrap(),
            &J::Arr(vec![obj(&[("$ref", J::str("#/$defs/b~1c"))])])
        );
        assert_eq!(resolve(&form, "#/$defs/b~1c"), defs.get("b/c"));
    }

    #[test]
    fn no_placeholder_survives_in_definitions_or_odd_spellings() {
        let mut form = obj(&[(
            "definitions",
            obj(&[("a", obj(&[("items", obj(&[("$ref", J::str("@x"))]))]))]),
        )]);
        fix_refs(&mut form);
        assert_eq!(
            form.compact(),
            r##"{"definitions":{"a":{"items":{"$ref":"#"}}}}"##
        );
    }
}
