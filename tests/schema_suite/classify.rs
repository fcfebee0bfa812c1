//! The classifier: which keywords a suite schema uses, from the documented vocabulary.

use super::*;

/// The reasons (short categories, deduplicated, in the order found) why `schema` is
/// outside Vocabulary v1 when read as `draft`; empty means in the vocabulary.
pub(crate) fn classify(schema: &Value, draft: Draft) -> Vec<String> {
    let mut walk = Walk {
        draft,
        reasons: Vec::new(),
        schemas: HashSet::new(),
        refs: Vec::new(),
    };
    walk.schema(schema, "", true);
    let refs = std::mem::take(&mut walk.refs);
    for r in refs {
        walk.resolve(schema, &r);
    }
    walk.reasons
}

pub(crate) struct Walk {
    pub(crate) draft: Draft,
    pub(crate) reasons: Vec<String>,
    /// JSON Pointers (canonically escaped) of every schema position walked.
    pub(crate) schemas: HashSet<String>,
    /// Every `$ref` value seen.
    pub(crate) refs: Vec<String>,
}

impl Walk {
    pub(crate) fn out(&mut self, reason: impl Into<String>) {
        let reason = reason.into();
        if !self.reasons.contains(&reason) {
            self.reasons.push(reason);
        }
    }

    pub(crate) fn schema(&mut self, v: &Value, ptr: &str, root: bool) {
        let obj = match v {
            Value::Bool(_) => {
                self.schemas.insert(ptr.to_string());
                return;
            }
            Value::Object(obj) => obj,
            _ => return self.out("a schema that is neither object nor boolean"),
        };
        self.schemas.insert(ptr.to_string());
        if self.draft == Draft::D7 && obj.contains_key("$ref") {
            // draft-07 ignores every sibling of `$ref`: where one of them would assert
            // something, the meanings differ.
            let asserting = obj.keys().any(|k| {
                k != "$ref"
                    && !ANNOTATIONS.contains(&k.as_str())
                    && !["$schema", "$id", "definitions"].contains(&k.as_str())
            });
            if asserting {
                self.out("draft-07 $ref with sibling keywords");
            }
        }
        for (k, val) in obj {
            let at = format!("{ptr}/{}", escape(k));
            match (k.as_str(), self.draft) {
                ("properties", _) => self.schema_map(val, &at, k),
                (
                    "additionalProperties"
                    | "not"
                    | "if"
                    | "then"
                    | "else"
                    | "contains"
                    | "propertyNames",
                    _,
                ) => self.schema(val, &at, false),
                ("patternProperties", _) => {
                    if let Some(map) = val.as_object() {
                        for p in map.keys() {
                            if let Some(why) = regex_outside(p) {
                                self.out(format!("pattern with {why}"));
                            }
                        }
                    }
                    self.schema_map(val, &at, k)
                }
                ("dependentSchemas", Draft::D2020) => self.schema_map(val, &at, k),
                ("dependentRequired" | "minContains" | "maxContains", Draft::D2020) => {}
                ("items", Draft::D7) if val.is_array() => {
                    self.out("draft-07 array-form items");
                }
                ("items", _) => self.schema(val, &at, false),
                ("prefixItems", Draft::D2020) | ("allOf" | "anyOf" | "oneOf", _) => {
                    self.schema_list(val, &at, k)
                }
                ("$defs", Draft::D2020) | ("definitions", Draft::D7) => {
                    self.schema_map(val, &at, k)
                }
                ("$ref", _) => match val.as_str() {
                    Some(r) => self.refs.push(r.to_string()),
                    None => self.out("malformed $ref"),
                },
                ("format", _) => match val.as_str() {
                    Some(f) if FORMATS.contains(&f) => {}
                    Some(f) => self.out(format!("format {f:?}")),
                    None => self.out("malformed format"),
                },
                ("pattern", _) => match val.as_str() {
                    Some(p) => {
                        if let Some(why) = regex_outside(p) {
                            self.out(format!("pattern with {why}"));
                        }
                    }
                    None => self.out("malformed pattern"),
                },
                ("$schema", _) if !root => self.out("$schema below the root"),
                ("$schema", Draft::D2020) => {
                    if !is_uri(val, URI_2020_12) {
                        self.out("$schema other than 2020-12");
                    }
                }
                ("$schema", Draft::D7) => {
                    if !is_uri(val, URI_DRAFT_07) {
                        self.out("$schema other than draft-07");
                    }
                }
                ("$id", _) if !root => self.out("$id below the root"),
                ("$id", _) => {}
                (k, _) if DATA_ASSERTIONS.contains(&k) || ANNOTATIONS.contains(&k) => {}
                (
                    "prefixItems" | "$defs" | "definitions" | "dependentSchemas"
                    | "dependentRequired" | "minContains" | "maxContains",
                    _,
                ) => {
                    self.out(format!("keyword {k} outside {}", self.draft_name()));
                }
                (k, _) => self.out(format!("keyword {k}")),
            }
        }
    }

    pub(crate) fn draft_name(&self) -> &'static str {
        match self.draft {
            Draft::D2020 => "2020-12",
            Draft::D7 => "draft-07",
        }
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

    /// `$ref` resolves only `#` and `#/...` JSON Pointers (with `~0`, `~1` and
    /// percent-decoding) inside the same document, to a schema.
    pub(crate) fn resolve(&mut self, root: &Value, r: &str) {
        let Some(fragment) = r.strip_prefix('#') else {
            return self.out("$ref to another document");
        };
        if !fragment.is_empty() && !fragment.starts_with('/') {
            return self.out("$ref to an anchor");
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
        if self.schemas.contains(&canonical) {
            return;
        }
        let exists = tokens
            .iter()
            .try_fold(root, |v, t| match v {
                Value::Object(m) => m.get(t),
                Value::Array(a) => t.parse::<usize>().ok().and_then(|i| a.get(i)),
                _ => None,
            })
            .is_some();
        if exists {
            self.out("$ref to a value that is not a schema of the vocabulary");
        } else {
            self.out("$ref to nothing");
        }
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
