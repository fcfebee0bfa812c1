//! Identifiers within a form: base URIs, embedded resources and anchors, and what a
//! `$ref` names.
//!
//! A form is one document. Its root and every schema with an `$id` (`id` in draft-04)
//! are *resources*, each with an absolute URI: the `$id` resolved against the base URI
//! in scope (RFC 3986, section 5.2), the form's own base being [`DEFAULT_BASE`] when the
//! root has no `$id`. A `$ref` is resolved against the base URI in scope where it is
//! written; the resource it names must be in the form (nothing is ever fetched), and its
//! fragment is a JSON Pointer from that resource's root or the name of an anchor in it
//! (`$anchor`, or a draft-04..07 `$id` that is a fragment only).
//!
//! Invariants:
//! 1. Every resource URI and every anchor (per resource) names one schema: a second one
//!    is a compile error, never a silent choice.
//! 2. In draft-04..07 a `$ref` ignores its siblings, so an `$id` beside it changes
//!    nothing (the suite's "$ref prevents a sibling $id from changing the base URI").
//! 3. Only schema positions are visited, so an `$id` inside an `enum`, a `const` or
//!    an object of property names is data, as the specifications say.
//! 4. Resource URIs compare after RFC 3986 section 6.2.2 syntax-based normalization
//!    (scheme and host lowercased, percent-encodings in upper-case hex, unreserved
//!    characters decoded, dot segments removed): `HTTP://X.org/a` and
//!    `http://x.org/./a` are one resource. Every base is stored normalized, so a
//!    fragment-only `$ref` needs no parsing. An empty fragment (`root#`) names the
//!    resource itself, which 2020-12 tolerates in `$id`: below a root of the same URI
//!    it is a duplicate (invariant 1).
//!
//! Cost: O(length of the identifier) per `$id`, `$anchor` and `$ref`, plus hashing.

use std::collections::HashMap;

use iri_string::types::{IriAbsoluteStr, IriReferenceStr};

use super::error::{FormError, FormErrorKind};
use super::pointer;
use super::vocabulary::{Dialect, Keyword};
use crate::parse::value::Value;

/// The base URI of a form whose root has no `$id`: a URI of no network, under which
/// relative identifiers resolve as paths do (`item.json` → `formgate:///item.json`).
pub(crate) const DEFAULT_BASE: &str = "formgate:///form.json";

/// The identifiers of one form, gathered while it compiles.
#[derive(Debug)]
pub(crate) struct Scopes {
    /// Resource URI (absolute, no fragment) → the JSON Pointer of its root.
    resources: HashMap<String, String>,
    /// (resource URI, anchor name) → the JSON Pointer of the schema it names.
    anchors: HashMap<(String, String), String>,
    /// The `$dynamicAnchor`s (2020-12) among `anchors`, each (resource URI, name) →
    /// JSON Pointer, in the order written.
    dynamic: Vec<((String, String), String)>,
    /// The resources whose root says `$recursiveAnchor: true` (2019-09).
    recursive: Vec<String>,
    /// The base URI in scope for each schema being compiled, innermost last.
    stack: Vec<String>,
}

impl Scopes {
    /// No identifiers yet; the root's base is [`DEFAULT_BASE`] until its `$id` says
    /// otherwise.
    pub(crate) fn new() -> Scopes {
        Scopes {
            resources: HashMap::new(),
            anchors: HashMap::new(),
            dynamic: Vec::new(),
            recursive: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// The base URI in scope.
    pub(crate) fn base(&self) -> &str {
        self.stack.last().map_or(DEFAULT_BASE, String::as_str)
    }

    /// Enter the schema object `members` at `at`: read its identifier and anchor and
    /// push its base URI. Every `enter` is followed by one [`Scopes::leave`].
    pub(crate) fn enter(
        &mut self,
        members: &[(std::borrow::Cow<'_, str>, Value<'_>)],
        at: &str,
        dialect: Dialect,
        has_ref: bool,
    ) -> Result<(), FormError> {
        let is_root = self.stack.is_empty();
        let mut base = self.base().to_owned();
        if is_root {
            // A root without `$id` is the resource at the default base.
            self.resources.insert(base.clone(), at.to_owned());
        }
        let id_keyword = dialect.id_keyword();
        let id = members
            .iter()
            .find(|(k, _)| k == id_keyword.name())
            .map(|(_, v)| v);
        // Invariant 2.
        let id = id.filter(|_| !(has_ref && dialect.is_pre_2019()));
        let mut is_resource = is_root;
        if let Some(value) = id {
            let Value::String(text) = value else {
                return Err(invalid(id_keyword, at, "a string"));
            };
            let (uri, fragment) = split(text);
            if !uri.is_empty() {
                let resolved = resolve(uri, &base)
                    .ok_or_else(|| invalid(id_keyword, at, "a URI reference"))?;
                if is_root {
                    self.resources.clear();
                }
                if let Some(first) = self.resources.insert(resolved.clone(), at.to_owned()) {
                    let also = if fragment == Some("") {
                        " (an empty fragment names the resource itself)"
                    } else {
                        ""
                    };
                    return Err(duplicate(id_keyword, at).with_detail(format!(
                        "{resolved}{also} is already the resource at {first:?}"
                    )));
                }
                base = resolved;
                is_resource = true;
            }
            match fragment {
                None | Some("") => {}
                Some(name) if dialect.is_pre_2019() && !name.starts_with('/') => {
                    // draft-04..07: a location-independent identifier, an anchor.
                    self.anchor(&base, name, id_keyword, at)?;
                }
                Some(_) => {
                    return Err(invalid(
                        id_keyword,
                        at,
                        if dialect.is_pre_2019() {
                            "a URI whose fragment, if any, is a plain name"
                        } else {
                            "a URI without a fragment (name anchors with $anchor)"
                        },
                    ))
                }
            }
        }
        if dialect >= Dialect::Draft2019_09 {
            if let Some((_, value)) = members.iter().find(|(k, _)| k == "$anchor") {
                let name = match value {
                    Value::String(name) if is_anchor_name(name, dialect) => name,
                    _ => return Err(invalid(Keyword::Anchor, at, "an anchor name")),
                };
                self.anchor(&base, name, Keyword::Anchor, at)?;
            }
        }
        if dialect == Dialect::Draft2020_12 {
            if let Some((_, value)) = members.iter().find(|(k, _)| k == "$dynamicAnchor") {
                let name = match value {
                    Value::String(name) if is_anchor_name(name, dialect) => name,
                    _ => return Err(invalid(Keyword::DynamicAnchor, at, "an anchor name")),
                };
                // A `$dynamicAnchor` is a plain anchor too (`$ref: "#name"` finds it).
                self.anchor(&base, name, Keyword::DynamicAnchor, at)?;
                self.dynamic
                    .push(((base.clone(), name.to_string()), at.to_owned()));
            }
        }
        if dialect == Dialect::Draft2019_09 {
            if let Some((_, value)) = members.iter().find(|(k, _)| k == "$recursiveAnchor") {
                let Value::Bool(on) = value else {
                    return Err(invalid(Keyword::RecursiveAnchor, at, "a boolean"));
                };
                // Only a resource's root is ever the target of `$recursiveRef` ("#"):
                // elsewhere the anchor would be ignored, so it is refused.
                if *on && !is_resource {
                    return Err(invalid(
                        Keyword::RecursiveAnchor,
                        at,
                        "true only at a schema resource's root (beside $id)",
                    ));
                }
                if *on {
                    self.recursive.push(base.clone());
                }
            }
        }
        self.stack.push(base);
        Ok(())
    }

    /// Compile what follows with `base` in scope, as if inside a schema of that base;
    /// followed by one [`Scopes::leave`].
    pub(crate) fn push_base(&mut self, base: String) {
        self.stack.push(base);
    }

    /// Leave the schema last entered.
    pub(crate) fn leave(&mut self) {
        self.stack.pop();
    }

    fn anchor(&mut self, base: &str, name: &str, kw: Keyword, at: &str) -> Result<(), FormError> {
        let key = (base.to_owned(), name.to_owned());
        if let Some(first) = self.anchors.insert(key, at.to_owned()) {
            return Err(duplicate(kw, at).with_detail(format!(
                "the anchor {name:?} of {base} already names the schema at {first:?}"
            )));
        }
        Ok(())
    }

    /// Every `$dynamicAnchor` of the form: ((resource URI, name), JSON Pointer of the
    /// schema holding it), in the order written.
    pub(crate) fn dynamic_anchors(&self) -> &[((String, String), String)] {
        &self.dynamic
    }

    /// The resources whose root has `$recursiveAnchor: true`.
    pub(crate) fn recursive_anchors(&self) -> &[String] {
        &self.recursive
    }

    /// The JSON Pointer of the root of the resource with this URI.
    pub(crate) fn resource_root(&self, uri: &str) -> Option<&str> {
        self.resources.get(uri).map(String::as_str)
    }

    /// The absolute URI (normalized, no fragment) of the resource `reference` names,
    /// written where `base` was in scope; `None` when it is not a URI reference. For a
    /// `$ref` that [`Scopes::target`] finds outside the form, this is the document it
    /// would need (`crate::form::bundle`).
    pub(crate) fn resource_uri(reference: &str, base: &str) -> Option<String> {
        let (uri, _) = split(reference);
        if uri.is_empty() {
            Some(base.to_owned())
        } else {
            resolve(uri, base)
        }
    }

    /// The canonical JSON Pointer of the schema `reference` names, written where `base`
    /// was in scope; `Err` with the kind of compile error when it names nothing in the
    /// form.
    pub(crate) fn target(&self, reference: &str, base: &str) -> Result<String, FormErrorKind> {
        let (uri, fragment) = split(reference);
        let resource = if uri.is_empty() {
            // Same document: skip URI parsing, so fragments are read as leniently as
            // before (a pointer token may hold characters a URI would escape).
            base.to_owned()
        } else {
            resolve(uri, base).ok_or(FormErrorKind::InvalidValue("a URI reference"))?
        };
        let Some(root) = self.resources.get(&resource) else {
            return Err(FormErrorKind::RemoteRef);
        };
        let fragment = fragment.unwrap_or("");
        if fragment.is_empty() || fragment.starts_with('/') {
            let tail = pointer::canonical_fragment(fragment)
                .ok_or(FormErrorKind::InvalidValue("a JSON Pointer fragment"))?;
            return Ok(format!("{root}{tail}"));
        }
        let name = pointer::percent_decode(fragment)
            .ok_or(FormErrorKind::InvalidValue("a URI fragment"))?;
        self.anchors
            .get(&(resource, name))
            .cloned()
            .ok_or(FormErrorKind::AnchorRef)
    }
}

/// `text` split at its first `#`: the URI part and the fragment, if there is one.
pub(crate) fn split(text: &str) -> (&str, Option<&str>) {
    match text.split_once('#') {
        Some((uri, fragment)) => (uri, Some(fragment)),
        None => (text, None),
    }
}

/// `reference` (no fragment) resolved against the absolute `base` and normalized
/// (invariant 4); `None` when it is not a URI reference.
pub(crate) fn resolve(reference: &str, base: &str) -> Option<String> {
    let reference = IriReferenceStr::new(reference).ok()?;
    let base = IriAbsoluteStr::new(base).ok()?;
    let resolved = reference.resolve_against(base);
    resolved.ensure_rfc3986_normalizable().ok()?;
    let resolved = resolved.to_string();
    let normalized = IriAbsoluteStr::new(&resolved).ok()?.normalize();
    normalized.ensure_rfc3986_normalizable().ok()?;
    Some(normalized.to_string())
}

/// An anchor name: 2019-09 allows `[A-Za-z][-A-Za-z0-9.:_]*`, 2020-12
/// `[A-Za-z_][-A-Za-z0-9._]*`.
fn is_anchor_name(name: &str, dialect: Dialect) -> bool {
    let mut chars = name.chars();
    let first_ok = match chars.next() {
        Some(c) => c.is_ascii_alphabetic() || (c == '_' && dialect == Dialect::Draft2020_12),
        None => false,
    };
    first_ok
        && chars.all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '-' | '.' | '_')
                || (c == ':' && dialect == Dialect::Draft2019_09)
        })
}

fn invalid(kw: Keyword, at: &str, expected: &'static str) -> FormError {
    FormError::new(
        FormErrorKind::InvalidValue(expected),
        Some(kw.name()),
        pointer::join(at, kw.name()),
    )
}

fn duplicate(kw: Keyword, at: &str) -> FormError {
    FormError::new(
        FormErrorKind::DuplicateIdentifier,
        Some(kw.name()),
        pointer::join(at, kw.name()),
    )
}
