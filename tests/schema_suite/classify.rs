//! The classifier: which keywords a suite schema uses, from the documented vocabulary.

use super::*;

/// The reasons (short categories, deduplicated, in the order found) why `schema` is
/// outside the vocabulary when read as `draft`; empty means in the vocabulary.
pub(crate) fn classify(schema: &Value, draft: Draft) -> Vec<String> {
    let mut walk = Walk {
        draft,
        vocabularies: None,
        document_root: false,
        reasons: Vec::new(),
        schemas: HashSet::new(),
        refs: Vec::new(),
        bases: Vec::new(),
        resources: HashMap::new(),
        anchors: HashMap::new(),
        walked: Vec::new(),
    };
    if let Some(uri) = schema.get("$schema") {
        if let Some((draft, vocabularies)) = walk.metaschema(uri) {
            walk.draft = draft;
            walk.vocabularies = vocabularies;
        }
    }
    walk.schema(schema, "", true);
    // Resolving may walk a document of `remotes/`, whose `$ref`s resolve in turn.
    while !walk.refs.is_empty() {
        for (r, base) in std::mem::take(&mut walk.refs) {
            walk.resolve(schema, &r, &base);
        }
    }
    walk.reasons
}

/// The base URI of a document without `$id` (any absolute URI of a hierarchical
/// scheme would do: the suite never names it).
const DOCUMENT: &str = "suite:///document.json";

pub(crate) struct Walk {
    /// The draft of the schema being walked: the group's, or what a `$schema` names.
    pub(crate) draft: Draft,
    /// The vocabularies a metaschema `$schema` named declares (`None`: every one of
    /// the draft's).
    pub(crate) vocabularies: Option<Vec<&'static str>>,
    /// The next schema walked is a document's root (a resource, whatever its `$id`).
    pub(crate) document_root: bool,
    pub(crate) reasons: Vec<String>,
    /// JSON Pointers (canonically escaped) of every schema position walked.
    pub(crate) schemas: HashSet<String>,
    /// Every `$ref` value seen, with the base URI in scope where it was.
    pub(crate) refs: Vec<(String, String)>,
    /// The base URI of each schema being walked, innermost last.
    pub(crate) bases: Vec<String>,
    /// Resource URI (no fragment) → JSON Pointer of its root.
    pub(crate) resources: HashMap<String, String>,
    /// (resource URI, anchor name) → JSON Pointer of its schema.
    pub(crate) anchors: HashMap<(String, String), String>,
    /// The documents of `remotes/` walked (indices into [`remotes`]); the pointers of
    /// document `i` start with `@i`.
    pub(crate) walked: Vec<usize>,
}

/// `reference` (no fragment) resolved against `base` (RFC 3986 section 5.2).
fn resolve_uri(reference: &str, base: &str) -> Option<String> {
    use iri_string::types::{IriAbsoluteStr, IriReferenceStr};
    let resolved = IriReferenceStr::new(reference)
        .ok()?
        .resolve_against(IriAbsoluteStr::new(base).ok()?)
        .to_string();
    Some(resolved)
}

impl Walk {
    pub(crate) fn out(&mut self, reason: impl Into<String>) {
        let reason = reason.into();
        if !self.reasons.contains(&reason) {
            self.reasons.push(reason);
        }
    }

    /// A schema position; `bool_ok`: a boolean is a schema here even in draft-04
    /// (`additionalProperties`, `additionalItems`), which has no boolean schemas
    /// elsewhere.
    pub(crate) fn schema(&mut self, v: &Value, ptr: &str, root: bool) {
        self.schema_at(v, ptr, root, false)
    }

    pub(crate) fn schema_at(&mut self, v: &Value, ptr: &str, root: bool, bool_ok: bool) {
        let d = self.draft;
        let obj = match v {
            Value::Bool(_) if d == Draft::D4 && !bool_ok => {
                return self.out("boolean schema in draft-04");
            }
            Value::Bool(_) => {
                self.schemas.insert(ptr.to_string());
                return;
            }
            Value::Object(obj) => obj,
            _ => return self.out("a schema that is neither object nor boolean"),
        };
        self.schemas.insert(ptr.to_string());
        let outer = (self.draft, self.vocabularies.clone());
        let document_root = std::mem::take(&mut self.document_root);
        if let (false, Some(uri)) = (root, obj.get("$schema")) {
            self.enter_resource(uri, obj, document_root);
        }
        self.identify(obj, ptr, root);
        self.walk_object(obj, ptr);
        self.bases.pop();
        (self.draft, self.vocabularies) = outer;
    }

    /// A `$schema` below the root: the draft and vocabularies it names hold in its
    /// schema, where that is a resource's root (an `$id` of its draft beside it, or a
    /// document's root); elsewhere naming other ones is outside.
    fn enter_resource(
        &mut self,
        uri: &Value,
        obj: &serde_json::Map<String, Value>,
        document_root: bool,
    ) {
        let Some((draft, vocabularies)) = self.metaschema(uri) else {
            return;
        };
        if (draft, &vocabularies) == (self.draft, &self.vocabularies) {
            return;
        }
        let id = obj
            .get(id_keyword(draft))
            .and_then(Value::as_str)
            .is_some_and(|id| !id.split('#').next().unwrap_or("").is_empty());
        let ignored = draft <= Draft::D7 && obj.contains_key("$ref");
        if document_root || (id && !ignored) {
            self.draft = draft;
            self.vocabularies = vocabularies;
        } else {
            self.out("$schema naming another dialect, not at a resource's root");
        }
    }

    /// The draft and vocabularies the `$schema` value `uri` names: a standard draft,
    /// or a metaschema among the documents whose `$vocabulary` (2019-09 on) says which
    /// of a draft's vocabularies its schemas use; `None` (and a reason) otherwise.
    pub(crate) fn metaschema(&mut self, uri: &Value) -> Option<(Draft, Option<Vec<&'static str>>)> {
        let Some(uri) = uri.as_str() else {
            self.out("malformed $schema");
            return None;
        };
        if let Some(d) = DRAFTS
            .into_iter()
            .find(|&d| is_uri(&Value::from(uri), uri_of(d)))
        {
            return Some((d, None));
        }
        let Some((_, doc)) = document(uri.strip_suffix('#').unwrap_or(uri)) else {
            self.out("$schema naming an unknown metaschema");
            return None;
        };
        let Some(declared) = doc.value.get("$vocabulary").and_then(Value::as_object) else {
            // Its own `$schema`'s draft, whole.
            let own = doc
                .value
                .get("$schema")
                .and_then(Value::as_str)
                .unwrap_or("");
            let d = DRAFTS
                .into_iter()
                .find(|&d| is_uri(&Value::from(own), uri_of(d)));
            if d.is_none() {
                self.out("metaschema of no standard draft");
            }
            return d.map(|d| (d, None));
        };
        let mut draft = None;
        let mut names = Vec::new();
        for (vocab, required) in declared {
            let known = [
                (Draft::D2020, &VOCAB_2020[..]),
                (Draft::D2019, &VOCAB_2019[..]),
            ]
            .into_iter()
            .find_map(|(d, list)| {
                let name = vocab.strip_prefix(vocab_base(d))?;
                list.iter().find(|n| **n == name).map(|n| (d, *n))
            });
            match known {
                Some((d, name)) => {
                    if draft.is_some_and(|first| first != d) {
                        self.out("metaschema of vocabularies of two drafts");
                    }
                    draft = Some(d);
                    names.push(name);
                }
                None if required == &Value::Bool(true) => {
                    self.out("metaschema requiring a vocabulary formgate does not implement");
                }
                None => {}
            }
        }
        if !names.contains(&"core") {
            self.out("metaschema without the Core vocabulary");
        }
        draft.map(|d| (d, Some(names)))
    }

    /// Read the identifiers of the schema object at `ptr` and push its base URI: an
    /// `$id` (draft-04: `id`) is a new resource, unless a `$ref` beside it makes
    /// draft-04..07 ignore it; a fragment-only `$id` (draft-04..07) or an `$anchor`
    /// (2019-09 on) names an anchor.
    fn identify(&mut self, obj: &serde_json::Map<String, Value>, ptr: &str, root: bool) {
        let d = self.draft;
        let mut base = self
            .bases
            .last()
            .cloned()
            .unwrap_or_else(|| DOCUMENT.to_owned());
        if root {
            self.resources.insert(base.clone(), ptr.to_owned());
        }
        let id = obj
            .get(id_keyword(d))
            .filter(|_| !(d <= Draft::D7 && obj.contains_key("$ref")));
        if let Some(id) = id {
            let Some(text) = id.as_str() else {
                self.bases.push(base);
                return self.out("malformed $id");
            };
            let (uri, fragment) = text.split_once('#').unwrap_or((text, ""));
            if !uri.is_empty() {
                match resolve_uri(uri, &base) {
                    Some(resolved) => {
                        if root {
                            self.resources.clear();
                        }
                        // A document of `remotes/` whose `$id` is the URI it is
                        // served at names itself once.
                        if self
                            .resources
                            .insert(resolved.clone(), ptr.to_owned())
                            .is_some_and(|first| first != ptr)
                        {
                            self.out("the same $id twice");
                        }
                        base = resolved;
                    }
                    None => self.out("malformed $id"),
                }
            }
            if !fragment.is_empty() {
                if d <= Draft::D7 && !fragment.starts_with('/') {
                    self.anchors
                        .insert((base.clone(), fragment.to_owned()), ptr.to_owned());
                } else {
                    self.out("$id with a fragment");
                }
            }
        }
        if d == Draft::D2020 {
            // A `$dynamicAnchor` is also a plain anchor.
            if let Some(name) = obj.get("$dynamicAnchor").and_then(Value::as_str) {
                self.anchors
                    .insert((base.clone(), name.to_owned()), ptr.to_owned());
            }
        }
        if d >= Draft::D2019 {
            if let Some(anchor) = obj.get("$anchor") {
                match anchor.as_str() {
                    Some(name) if !name.is_empty() => {
                        self.anchors
                            .insert((base.clone(), name.to_owned()), ptr.to_owned());
                    }
                    _ => self.out("malformed $anchor"),
                }
            }
        }
        self.bases.push(base);
    }

    fn walk_object(&mut self, obj: &serde_json::Map<String, Value>, ptr: &str) {
        let d = self.draft;
        if d <= Draft::D7 && obj.contains_key("$ref") {
            // draft-04..07 ignore every sibling of `$ref`: where one of them would
            // assert something, the meanings differ.
            let asserting = obj.keys().any(|k| {
                k != "$ref"
                    && !annotations(d).contains(&k.as_str())
                    && !["$schema", id_keyword(d), "definitions"].contains(&k.as_str())
            });
            if asserting {
                self.out(format!(
                    "$ref with sibling keywords in {}",
                    self.draft_name()
                ));
            }
        }
        if obj.contains_key("contentSchema") && !obj.contains_key("contentMediaType") {
            // The drafts say to ignore it there; formgate ignores no keyword.
            self.out("contentSchema without contentMediaType");
        }
        for (k, val) in obj {
            let at = format!("{ptr}/{}", escape(k));
            let Some(kind) = keyword_kind(k, d) else {
                if KNOWN_ELSEWHERE.contains(&k.as_str()) {
                    self.out(format!("keyword {k} outside {}", self.draft_name()));
                } else {
                    self.out(format!("keyword {k}"));
                }
                continue;
            };
            if let (Some(names), Some(vocab)) = (&self.vocabularies, vocabulary_of(k, d)) {
                if !vocab.iter().any(|v| names.contains(v)) {
                    self.out(format!("keyword {k} outside its metaschema's vocabularies"));
                    continue;
                }
            }
            match kind {
                Kind::Schema => self.schema_at(val, &at, false, k.starts_with("additional")),
                Kind::Items if val.is_array() => self.schema_list(val, &at, k),
                Kind::Items => self.schema(val, &at, false),
                Kind::SchemaMap => self.schema_map(val, &at, k),
                Kind::PatternMap => {
                    if let Some(map) = val.as_object() {
                        for p in map.keys() {
                            if let Some(why) = regex_outside(p) {
                                self.out(format!("pattern with {why}"));
                            }
                        }
                    }
                    self.schema_map(val, &at, k)
                }
                Kind::Dependencies => match val.as_object() {
                    Some(map) => {
                        for (name, dep) in map {
                            if !dep.is_array() {
                                self.schema(dep, &format!("{at}/{}", escape(name)), false);
                            }
                        }
                    }
                    None => self.out(format!("malformed {k}")),
                },
                Kind::SchemaList => self.schema_list(val, &at, k),
                Kind::Ref => match val.as_str() {
                    Some(r) => {
                        let base = self.bases.last().cloned().unwrap_or_default();
                        self.refs.push((r.to_string(), base));
                    }
                    None => self.out("malformed $ref"),
                },
                Kind::Format => match val.as_str() {
                    Some(f) if FORMATS.contains(&f) => {}
                    Some(f) => self.out(format!("format {f:?}")),
                    None => self.out("malformed format"),
                },
                Kind::Pattern => match val.as_str() {
                    Some(p) => {
                        if let Some(why) = regex_outside(p) {
                            self.out(format!("pattern with {why}"));
                        }
                    }
                    None => self.out("malformed pattern"),
                },
                Kind::Content => match (k.as_str(), val.as_str()) {
                    ("contentEncoding", Some("base64"))
                    | ("contentMediaType", Some("application/json")) => {}
                    _ => self.out(format!("{k} {val}")),
                },
                // `$schema`: read by `classify` at the root, `enter_resource` below.
                Kind::Schema_ | Kind::Id | Kind::Data => {}
            }
        }
    }

    pub(crate) fn draft_name(&self) -> &'static str {
        draft_name(self.draft)
    }

    pub(crate) fn schema_map(&mut self, v: &Value, ptr: &str, keyword: &str) {
        match v {
            Value::Object(map) => {
                for (name, sub) in map {
                    self.schema(sub, &format!("{ptr}/{}", escape(name)), false);
                }
            }
            _ => self.out(format!("malformed {keyword}")),
        }
    }

    pub(crate) fn schema_list(&mut self, v: &Value, ptr: &str, keyword: &str) {
        match v {
            Value::Array(list) => {
                for (i, sub) in list.iter().enumerate() {
                    self.schema(sub, &format!("{ptr}/{i}"), false);
                }
            }
            _ => self.out(format!("malformed {keyword}")),
        }
    }

    /// The document `i` of `remotes/`, at `uri`: a resource at that URI (and at its
    /// own `$id`, if it has one that counts), read in the group's draft. Its root is not
    /// the group's root: a `$schema` naming another draft there is one below the root.
    fn walk_remote(&mut self, i: usize, uri: &str, doc: &Value) {
        self.walked.push(i);
        let at = format!("@{i}");
        self.resources.insert(uri.to_owned(), at.clone());
        self.bases.push(uri.to_owned());
        self.document_root = true;
        self.schema(doc, &at, false);
        self.bases.pop();
    }

    /// `$ref` resolves against the base URI in scope to a resource of the document, or
    /// of a document of `remotes/` (walked when first reached; nothing is fetched), then
    /// its fragment to a JSON Pointer from that resource's root (with `~0`, `~1` and
    /// percent-decoding) or to an anchor of it.
    pub(crate) fn resolve(&mut self, root: &Value, r: &str, base: &str) {
        let (uri, fragment) = r.split_once('#').unwrap_or((r, ""));
        let resource = if uri.is_empty() {
            Some(base.to_owned())
        } else {
            resolve_uri(uri, base)
        };
        if let Some(u) = &resource {
            if !self.resources.contains_key(u) {
                if let Some((i, remote)) = document(u) {
                    if !self.walked.contains(&i) {
                        self.walk_remote(i, u, &remote.value);
                    }
                }
            }
        }
        let Some(start) = resource
            .as_ref()
            .and_then(|u| self.resources.get(u))
            .cloned()
        else {
            return self.out("$ref to another document");
        };
        if !fragment.is_empty() && !fragment.starts_with('/') {
            let name = percent_decode(fragment).unwrap_or_default();
            if !self
                .anchors
                .contains_key(&(resource.unwrap_or_default(), name))
            {
                self.out("$ref to an anchor nothing defines");
            }
            return;
        }
        let Some(decoded) = percent_decode(fragment) else {
            return self.out("malformed $ref");
        };
        let tokens: Vec<String> = decoded
            .split('/')
            .skip(1)
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect();
        let canonical: String = tokens.iter().map(|t| format!("/{}", escape(t))).collect();
        let canonical = format!("{start}{canonical}");
        if self.schemas.contains(&canonical) {
            return;
        }
        let canonical_full = canonical.clone();
        let (document, canonical) = match canonical.strip_prefix('@') {
            Some(rest) => {
                let (i, tail) = rest.split_once('/').unwrap_or((rest, ""));
                let i: usize = i.parse().expect("a remote's index");
                (&documents()[i].value, format!("/{tail}"))
            }
            None => (root, canonical),
        };
        let canonical = if canonical == "/" {
            String::new()
        } else {
            canonical
        };
        let tokens: Vec<String> = canonical
            .split('/')
            .skip(1)
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect();
        let value = tokens.iter().try_fold(document, |v, t| match v {
            Value::Object(m) => m.get(t),
            Value::Array(a) => t.parse::<usize>().ok().and_then(|i| a.get(i)),
            _ => None,
        });
        match value {
            // A value no keyword makes a schema (inside an annotation's value): read as
            // a schema where it is, under the base URI of its resource.
            Some(v) => {
                self.bases.push(resource.unwrap_or_default());
                self.schema(v, &canonical_full, false);
                self.bases.pop();
            }
            None => self.out("$ref to nothing"),
        }
    }
}

/// What a keyword's value is, in the documented vocabulary of a draft.
#[allow(non_camel_case_types)]
pub(crate) enum Kind {
    /// One subschema.
    Schema,
    /// `items`: one subschema, or (before 2020-12) a list of them.
    Items,
    /// An object of subschemas.
    SchemaMap,
    /// `patternProperties`: an object of subschemas named by patterns.
    PatternMap,
    /// `dependencies`: an object of subschemas or name lists.
    Dependencies,
    /// A list of subschemas.
    SchemaList,
    Ref,
    Format,
    Pattern,
    /// `$schema`.
    Schema_,
    /// `$id` (draft-04: `id`), at the root only.
    Id,
    /// An assertion on data, or an annotation.
    Data,
    /// `contentEncoding` or `contentMediaType`: asserted (docs/FORMATS.md), for the one
    /// value formgate implements of each.
    Content,
}

/// Keywords of some draft: outside the others' vocabularies.
pub(crate) const KNOWN_ELSEWHERE: [&str; 33] = [
    "id",
    "$dynamicRef",
    "$dynamicAnchor",
    "$recursiveRef",
    "$recursiveAnchor",
    "$id",
    "const",
    "contains",
    "propertyNames",
    "examples",
    "if",
    "then",
    "else",
    "$comment",
    "readOnly",
    "writeOnly",
    "definitions",
    "dependencies",
    "additionalItems",
    "prefixItems",
    "$defs",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
    "$anchor",
    "$vocabulary",
    "dependentRequired",
    "dependentSchemas",
    "minContains",
    "maxContains",
    "unevaluatedProperties",
    "unevaluatedItems",
    "deprecated",
];

/// The kind of `k` in `d`'s documented vocabulary (`docs/DIALECTS.md`), or `None`.
pub(crate) fn keyword_kind(k: &str, d: Draft) -> Option<Kind> {
    use Draft::*;
    let since = |first: Draft| d >= first;
    Some(match k {
        "additionalProperties" | "not" => Kind::Schema,
        "properties" => Kind::SchemaMap,
        "patternProperties" => Kind::PatternMap,
        "allOf" | "anyOf" | "oneOf" => Kind::SchemaList,
        "items" => Kind::Items,
        "$ref" => Kind::Ref,
        // Dynamic scope: the initial target resolves as `$ref` does.
        "$dynamicRef" if d == D2020 => Kind::Ref,
        "$recursiveRef" if d == D2019 => Kind::Ref,
        "$dynamicAnchor" if d == D2020 => Kind::Data,
        "$recursiveAnchor" if d == D2019 => Kind::Data,
        "format" => Kind::Format,
        "pattern" => Kind::Pattern,
        "$schema" => Kind::Schema_,
        "id" if d == D4 => Kind::Id,
        "$id" if since(D6) => Kind::Id,
        "$anchor" | "$vocabulary" if since(D2019) => Kind::Data,
        "contains" | "propertyNames" if since(D6) => Kind::Schema,
        "unevaluatedProperties" | "unevaluatedItems" if since(D2019) => Kind::Schema,
        "if" | "then" | "else" if since(D7) => Kind::Schema,
        "contentEncoding" | "contentMediaType" if since(D7) => Kind::Content,
        "contentSchema" if since(D2019) => Kind::Schema,
        "additionalItems" if d <= D2019 => Kind::Schema,
        // 2019-09 and 2020-12 keep it as a deprecated holder of schemas.
        "definitions" => Kind::SchemaMap,
        "dependencies" if d <= D7 => Kind::Dependencies,
        "$defs" | "dependentSchemas" if since(D2019) => Kind::SchemaMap,
        "prefixItems" if d == D2020 => Kind::SchemaList,
        "const" if since(D6) => Kind::Data,
        "dependentRequired" | "minContains" | "maxContains" if since(D2019) => Kind::Data,
        k if DATA_ASSERTIONS.contains(&k) || annotations(d).contains(&k) => Kind::Data,
        _ => return None,
    })
}

/// The annotations of `d`: kept verbatim, never affecting a verdict.
pub(crate) fn annotations(d: Draft) -> &'static [&'static str] {
    match d {
        Draft::D4 => &ANNOTATIONS[..3],
        Draft::D6 => &ANNOTATIONS[..4],
        Draft::D7 => &ANNOTATIONS[..7],
        Draft::D2019 | Draft::D2020 => &ANNOTATIONS,
    }
}

/// Every draft.
pub(crate) const DRAFTS: [Draft; 5] = [Draft::D4, Draft::D6, Draft::D7, Draft::D2019, Draft::D2020];

/// The vocabularies of 2020-12 and 2019-09, by the last segment of their URIs.
const VOCAB_2020: [&str; 8] = [
    "core",
    "applicator",
    "unevaluated",
    "validation",
    "meta-data",
    "format-annotation",
    "format-assertion",
    "content",
];
const VOCAB_2019: [&str; 6] = [
    "core",
    "applicator",
    "validation",
    "meta-data",
    "format",
    "content",
];

/// Where `d`'s vocabulary URIs start.
fn vocab_base(d: Draft) -> &'static str {
    if d == Draft::D2020 {
        "https://json-schema.org/draft/2020-12/vocab/"
    } else {
        "https://json-schema.org/draft/2019-09/vocab/"
    }
}

/// The vocabularies of `d` (2019-09 on) of which one must be in use for `k` to be: the
/// specifications' lists (2020-12 and 2019-09 Core, section 8; Validation, section 6
/// on); `None` for a keyword of no vocabulary (`definitions`).
pub(crate) fn vocabulary_of(k: &str, d: Draft) -> Option<&'static [&'static str]> {
    Some(match k {
        "$schema" | "$id" | "$anchor" | "$ref" | "$dynamicRef" | "$dynamicAnchor"
        | "$recursiveRef" | "$recursiveAnchor" | "$vocabulary" | "$comment" | "$defs" => &["core"],
        "unevaluatedItems" | "unevaluatedProperties" if d == Draft::D2020 => &["unevaluated"],
        "allOf"
        | "anyOf"
        | "oneOf"
        | "not"
        | "if"
        | "then"
        | "else"
        | "dependentSchemas"
        | "prefixItems"
        | "items"
        | "additionalItems"
        | "contains"
        | "properties"
        | "patternProperties"
        | "additionalProperties"
        | "propertyNames"
        | "unevaluatedItems"
        | "unevaluatedProperties" => &["applicator"],
        "type" | "enum" | "const" | "multipleOf" | "maximum" | "exclusiveMaximum" | "minimum"
        | "exclusiveMinimum" | "maxLength" | "minLength" | "pattern" | "maxItems" | "minItems"
        | "uniqueItems" | "maxContains" | "minContains" | "maxProperties" | "minProperties"
        | "required" | "dependentRequired" => &["validation"],
        "title" | "description" | "default" | "deprecated" | "readOnly" | "writeOnly"
        | "examples" => &["meta-data"],
        "format" => &["format", "format-annotation", "format-assertion"],
        "contentEncoding" | "contentMediaType" | "contentSchema" => &["content"],
        _ => return None,
    })
}

/// `$id`'s name in `d`.
pub(crate) fn id_keyword(d: Draft) -> &'static str {
    if d == Draft::D4 {
        "id"
    } else {
        "$id"
    }
}

pub(crate) fn draft_name(d: Draft) -> &'static str {
    match d {
        Draft::D4 => "draft-04",
        Draft::D6 => "draft-06",
        Draft::D7 => "draft-07",
        Draft::D2019 => "2019-09",
        Draft::D2020 => "2020-12",
    }
}

/// `d`'s metaschema URI, as its specification writes it.
pub(crate) fn uri_of(d: Draft) -> &'static str {
    match d {
        Draft::D4 => "http://json-schema.org/draft-04/schema#",
        Draft::D6 => "http://json-schema.org/draft-06/schema#",
        Draft::D7 => "http://json-schema.org/draft-07/schema#",
        Draft::D2019 => "https://json-schema.org/draft/2019-09/schema",
        Draft::D2020 => "https://json-schema.org/draft/2020-12/schema",
    }
}

pub(crate) fn is_uri(v: &Value, uri: &str) -> bool {
    let bare = uri.strip_suffix('#').unwrap_or(uri);
    v.as_str()
        .is_some_and(|s| s.strip_suffix('#').unwrap_or(s) == bare)
}

/// A JSON Pointer token, escaped.
pub(crate) fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// A URI fragment, percent-decoded; `None` if malformed or not UTF-8.
pub(crate) fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Why an ECMA-262 pattern is outside what formgate matches exactly in linear time:
/// backreferences (a compile error; lookaround is matched). `None` if it has none.
pub(crate) fn regex_outside(p: &str) -> Option<&'static str> {
    let b = p.as_bytes();
    let mut class = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => {
                match (b.get(i + 1), b.get(i + 2)) {
                    (Some(b'1'..=b'9'), _) if !class => return Some("backreference"),
                    (Some(b'k'), Some(b'<')) if !class => return Some("backreference"),
                    _ => {}
                }
                i += 2;
                continue;
            }
            b'[' if !class => class = true,
            b']' if class => class = false,
            _ => {}
        }
        i += 1;
    }
    None
}
