//! Other documents, given by the form's owner and bundled into the form.
//!
//! formgate never fetches. A `$ref` that leaves the form names a document by URI; the
//! owner registers documents with their bytes (`FormBuilder::resource`), and the
//! builder embeds each one the form reaches, directly or through another, into the
//! root's `$defs` (`definitions` before 2019-09) as an embedded resource that carries
//! its URI in `$id` (`id` in draft-04): the bundling of JSON Schema 2020-12 (Core,
//! section 9.3). The bundle is what compiles and what the published `s` renders, so an
//! actor sees everything that is enforced, and compiling `s` with no resources gives a
//! form of the same verdicts (the fixed point, `tests/resources.rs`).
//!
//! Invariants:
//! 1. A registered URI is absolute and has no fragment (an empty one is dropped); it is
//!    compared after the normalization every base URI gets (`resolve.rs`, invariant 4),
//!    and two registrations of one URI are an error, never a silent choice.
//! 2. Only documents the form reaches are embedded, each once, under a `$defs` member
//!    named by its URI (suffixed where the owner's own `$defs` holds that name).
//! 3. An embedded document keeps its meaning. Its base URI is the URI it is registered
//!    at, or its own `$id` resolved against that, which is then written absolute (a
//!    relative `$id` would otherwise resolve against the form's base). When its `$id`
//!    names another URI, a second member at the registered URI refers to it
//!    (`{"$id": registered, "allOf": [{"$ref": own}]}`), so both names reach the
//!    document; a JSON Pointer through the registered name then names nothing in the
//!    bundle, a compile error rather than a guess.
//! 4. In draft-04..07, `$ref` ignores its siblings, an `$id` among them: a document
//!    whose root is a `$ref` has the registered URI as its base, so the bundle gives it
//!    that `$id` and moves the `$ref` into `allOf` (`{"$id": U, "allOf": [{"$ref":
//!    ...}]}`), where it means the same and the `$id` counts.
//! 5. A boolean document is embedded as the object schema of the same verdicts
//!    (`true` as `{}`, `false` as `{"not": {}}`), which can carry an `$id`.
//! 6. A document whose `$schema` names a standard dialect is embedded in that
//!    dialect's terms (its `$id` or `id`, invariant 4 by its dialect), and compiles in
//!    it: it is an embedded resource with a `$schema` of its own. A document without
//!    `$schema` is read in the form's dialect. A metaschema a `$schema` names is
//!    embedded like any document, so the published `s` holds the vocabularies it
//!    gives (`form/metaschema.rs`).
//!
//! An error inside an embedded document is reported in that document: its URI, the
//! JSON Pointer and byte offset in its own bytes ([`Placed::locate`]).
//!
//! Cost: one parse per embedded document, and one compile of the form per round of
//! documents reached (a chain of `k` documents, each reaching the next, costs `k + 1`
//! compiles; documents reached together are embedded in one round).

use std::borrow::Cow;

use super::error::{FormError, FormErrorKind};
use super::metaschema;
use super::pointer;
use super::resolve::{resolve, split, DEFAULT_BASE};
use super::vocabulary::Dialect;
use crate::parse::value::Value;

/// The documents an owner registered: URI → schema bytes, in the order given; and,
/// after them, the standard metaschemas formgate holds (`form/metaschema.rs`).
#[derive(Debug, Clone, Default)]
pub(crate) struct Registry {
    /// (URI as given, URI normalized (invariant 1), schema bytes).
    entries: Vec<(Box<str>, String, Vec<u8>)>,
}

impl Registry {
    /// Register `schema` at `uri`; its URI is checked when the form compiles
    /// ([`Registry::check`]), so that the builder's methods stay infallible.
    pub(crate) fn add(&mut self, uri: &str, schema: Vec<u8>) {
        let normalized = normalize(uri).unwrap_or_default();
        self.entries.push((uri.into(), normalized, schema));
    }

    /// Invariant 1 for every registration.
    pub(crate) fn check(&self) -> Result<(), FormError> {
        for (i, (given, normalized, _)) in self.entries.iter().enumerate() {
            if normalized.is_empty() {
                return Err(invalid(
                    given,
                    "its URI must be absolute (a scheme, then the rest) and have no fragment"
                        .into(),
                ));
            }
            if let Some((first, _, _)) = self.entries[..i].iter().find(|e| e.1 == *normalized) {
                return Err(invalid(
                    given,
                    format!("{normalized} is registered twice (first as {first})"),
                ));
            }
            if metaschema::built_in_at(normalized).is_some() {
                return Err(invalid(
                    given,
                    format!("{normalized} is a standard metaschema, which formgate holds itself"),
                ));
            }
        }
        Ok(())
    }

    /// The index of the document at the normalized `uri`: registered, or else one of
    /// the standard metaschemas.
    pub(crate) fn find(&self, uri: &str) -> Option<usize> {
        self.entries.iter().position(|e| e.1 == uri).or_else(|| {
            let k = metaschema::built_in().position(|(u, _)| u == uri)?;
            Some(self.entries.len() + k)
        })
    }

    /// The URI as given, the URI normalized, and the bytes of document `i`.
    pub(crate) fn get(&self, i: usize) -> (&str, &str, &[u8]) {
        match self.entries.get(i) {
            Some((given, normalized, bytes)) => (given, normalized, bytes),
            None => {
                let (uri, bytes) = metaschema::built_in()
                    .nth(i - self.entries.len())
                    .expect("an index find gave");
                (uri, uri, bytes)
            }
        }
    }
}

/// `uri` normalized, when it is absolute with no fragment (or an empty one).
fn normalize(uri: &str) -> Option<String> {
    let uri = uri.strip_suffix('#').unwrap_or(uri);
    if uri.contains('#') || iri_string::types::IriAbsoluteStr::new(uri).is_err() {
        return None;
    }
    resolve(uri, DEFAULT_BASE)
}

fn invalid(uri: &str, why: String) -> FormError {
    FormError::new(FormErrorKind::InvalidResource(why), None, String::new()).in_resource(
        uri,
        String::new(),
        None,
    )
}

/// Where a document went in the bundle, to report its errors in its own terms.
#[derive(Debug)]
pub(crate) struct Placed {
    /// The registry index of the document.
    pub(crate) index: usize,
    /// The JSON Pointer of its root in the bundle (`/$defs/<uri>`).
    pub(crate) at: String,
    /// Whether its root `$ref` was moved to `/allOf/0/$ref` (invariant 4).
    ref_moved: bool,
}

impl Placed {
    /// The pointer in the document of the bundle's `pointer`, when it is inside it.
    pub(crate) fn locate(&self, pointer: &str) -> Option<String> {
        let rest = pointer.strip_prefix(self.at.as_str())?;
        if !(rest.is_empty() || rest.starts_with('/')) {
            return None;
        }
        if self.ref_moved {
            if let Some(tail) = rest.strip_prefix("/allOf/0") {
                return Some(tail.to_owned());
            }
        }
        Some(rest.to_owned())
    }
}

/// `root` with the documents `docs` (registry index, normalized URI, parsed schema)
/// embedded (invariants 2 to 5), read as `dialect`; and where each went.
pub(crate) fn assemble<'a>(
    root: &Value<'a>,
    dialect: Dialect,
    docs: &[(usize, &str, &Value<'a>)],
) -> (Value<'a>, Vec<Placed>) {
    let Value::Object(members) = root else {
        // A boolean root has no `$ref` to need a document; the compile says what is
        // wrong with anything else.
        return (root.clone(), Vec::new());
    };
    let container = dialect.defs_keyword();
    let mut members = members.clone();
    let slot = match members.iter().position(|(k, _)| k == container) {
        Some(i) => i,
        None => {
            members.push((Cow::Borrowed(container), Value::Object(Vec::new())));
            members.len() - 1
        }
    };
    let Value::Object(defs) = &mut members[slot].1 else {
        // Not an object of schemas: the compile refuses it where it is written.
        return (root.clone(), Vec::new());
    };
    let mut placed = Vec::new();
    for &(index, uri, doc) in docs {
        // A document that names a standard dialect is read in it (invariant 6).
        let dialect = (doc.get("$schema").and_then(Value::as_str))
            .and_then(Dialect::from_uri)
            .unwrap_or(dialect);
        let id_keyword = dialect.id_keyword().name();
        let (embedded, own, ref_moved) = embed(doc, uri, dialect, id_keyword);
        let key = unique_key(defs, uri);
        placed.push(Placed {
            index,
            at: pointer::join(&pointer::join("", container), &key),
            ref_moved,
        });
        defs.push((Cow::Owned(key), embedded));
        if let Some(own) = own {
            // Invariant 3: the registered name refers to the document's own.
            let alias = Value::Object(vec![
                (
                    Cow::Borrowed(id_keyword),
                    Value::String(Cow::Owned(uri.to_owned())),
                ),
                (
                    Cow::Borrowed("allOf"),
                    Value::Array(vec![Value::Object(vec![(
                        Cow::Borrowed("$ref"),
                        Value::String(Cow::Owned(own)),
                    )])]),
                ),
            ]);
            let key = unique_key(defs, &format!("{uri} (registered)"));
            defs.push((Cow::Owned(key), alias));
        }
    }
    (Value::Object(members), placed)
}

/// A `$defs` member name for `uri` that `defs` does not hold yet.
fn unique_key(defs: &[(Cow<'_, str>, Value<'_>)], uri: &str) -> String {
    let taken = |k: &str| defs.iter().any(|(d, _)| d == k);
    if !taken(uri) {
        return uri.to_owned();
    }
    (2..)
        .map(|n| format!("{uri} ({n})"))
        .find(|k| !taken(k))
        .expect("some suffix is free")
}

/// The document `doc` registered at `uri`, as an embedded resource of a `dialect`
/// form; with its own URI when that differs from `uri` (invariant 3), and whether its
/// root `$ref` moved (invariant 4).
fn embed<'a>(
    doc: &Value<'a>,
    uri: &str,
    dialect: Dialect,
    id_keyword: &'static str,
) -> (Value<'a>, Option<String>, bool) {
    let mut members = match doc {
        Value::Object(m) => m.clone(),
        // Invariant 5.
        Value::Bool(true) => Vec::new(),
        Value::Bool(false) => vec![(Cow::Borrowed("not"), Value::Object(Vec::new()))],
        // Refused by the builder before bundling.
        _ => return (doc.clone(), None, false),
    };
    let has_ref = members.iter().any(|(k, _)| k == "$ref");
    let ref_moved = dialect.is_pre_2019() && has_ref && !members.iter().any(|(k, _)| k == "allOf");
    let id_at = members.iter().position(|(k, _)| k == id_keyword);
    let written = id_at.and_then(|i| match &members[i].1 {
        Value::String(s) => Some(s.to_string()),
        _ => None,
    });
    if written.is_none() && id_at.is_some() {
        // Not a string: the compile refuses it where it is written.
        return (Value::Object(members), None, false);
    }
    // Invariant 4: beside a `$ref`, draft-04..07 ignore the `$id`.
    let written = written.filter(|_| !(dialect.is_pre_2019() && has_ref));
    let (own, fragment) = match &written {
        None => (uri.to_owned(), None),
        Some(text) => {
            let (reference, fragment) = split(text);
            let own = if reference.is_empty() {
                Some(uri.to_owned())
            } else {
                resolve(reference, uri)
            };
            match own {
                Some(own) => (own, fragment.filter(|f| !f.is_empty())),
                // Not a URI reference: the compile refuses it where it is written.
                None => return (Value::Object(members), None, false),
            }
        }
    };
    let id = match fragment {
        Some(f) => format!("{own}#{f}"),
        None => own.clone(),
    };
    let id = (Cow::Borrowed(id_keyword), Value::String(Cow::Owned(id)));
    match id_at {
        Some(i) => members[i] = id,
        None => members.insert(0, id),
    }
    if ref_moved {
        let i = members
            .iter()
            .position(|(k, _)| k == "$ref")
            .expect("has_ref");
        let (k, r) = members.remove(i);
        members.push((
            Cow::Borrowed("allOf"),
            Value::Array(vec![Value::Object(vec![(k, r)])]),
        ));
    }
    let other = (own != uri).then_some(own);
    (Value::Object(members), other, ref_moved)
}
