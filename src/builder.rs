//! The composition root: schema bytes → strict parse (`crate::parse`) → compiled nodes
//! (`crate::form::compile`) → rendered `s` (`crate::render`) → [`Form`].
//!
//! This is the one module that calls all three, so none of those stages needs to know
//! the others above it (see `docs/ARCHITECTURE.md`, "Stages").

use std::sync::Arc;

use crate::form::bundle::{self, Registry};
use crate::form::error::FormError;
use crate::form::error::FormErrorKind;
use crate::form::format::owner::{OwnerFormat, OwnerFormats};
use crate::form::metaschema;
use crate::form::vocabulary::{self, Dialect};
use crate::form::{compile, pointer, Form};
use crate::limits::Limits;
use crate::parse::value::Value;

/// Options for compiling a form: the limits its bodies are held to, the dialect of a
/// form without `$schema`, the extension keywords declared annotations, and the other
/// documents its `$ref`s may name.
///
/// ```
/// let form = formgate::Form::builder()
///     .max_bytes(64 * 1024)
///     .max_depth(16)
///     .compile(br#"{"type":"array","items":{"type":"integer"}}"#)
///     .unwrap();
/// assert_eq!(form.limits().max_depth(), 16);
/// ```
#[derive(Debug, Clone, Default)]
pub struct FormBuilder {
    limits: Limits,
    default_dialect: Dialect,
    annotations: Vec<Box<str>>,
    resources: Registry,
    formats: OwnerFormats,
}

impl FormBuilder {
    /// The largest body accepted, in bytes (default 1 MiB).
    #[must_use]
    pub fn max_bytes(mut self, n: usize) -> FormBuilder {
        self.limits = self.limits.with_max_bytes(n);
        self
    }

    /// The deepest nesting of containers accepted in a body (default 128).
    #[must_use]
    pub fn max_depth(mut self, n: usize) -> FormBuilder {
        self.limits = self.limits.with_max_depth(n);
        self
    }

    /// The dialect of a form whose root has no `$schema` (default 2020-12). A form's
    /// own `$schema` always wins.
    ///
    /// ```
    /// use formgate::{Dialect, Form};
    /// let schema = br#"{"items":[{"type":"string"}],"additionalItems":false}"#;
    /// assert!(Form::compile(schema).is_err()); // 2020-12 has no array-form items
    /// let form = Form::builder().default_dialect(Dialect::Draft7).compile(schema).unwrap();
    /// assert!(form.verify(br#"["a"]"#).is_ok());
    /// assert!(form.verify(br#"["a",1]"#).is_err());
    /// ```
    #[must_use]
    pub fn default_dialect(mut self, dialect: Dialect) -> FormBuilder {
        self.default_dialect = dialect;
        self
    }

    /// Declare the extension keyword `name` an annotation: wherever a schema of the
    /// form holds it, its value is kept verbatim in the published `s` and never
    /// decides a verdict. Without a declaration an unknown keyword fails the compile
    /// (fail closed); a keyword of JSON Schema cannot be declared (`NotDeclarable`).
    /// Repeat for each name.
    ///
    /// ```
    /// let form = formgate::Form::builder()
    ///     .annotation("x-order")
    ///     .compile(br#"{"type":"integer","x-order":{"after":"name"}}"#)
    ///     .unwrap();
    /// assert_eq!(form.schema_json(), r#"{"type":"integer","x-order":{"after":"name"}}"#);
    /// assert!(formgate::Form::compile(br#"{"x-order":1}"#).is_err());
    /// assert!(formgate::Form::builder().annotation("maxLength").compile(b"{}").is_err());
    /// ```
    #[must_use]
    pub fn annotation(mut self, name: impl Into<String>) -> FormBuilder {
        let name: Box<str> = name.into().into();
        if !self.annotations.contains(&name) {
            self.annotations.push(name);
        }
        self
    }

    /// Register `schema` as the document at `uri` (absolute, without a fragment), for
    /// the form's `$ref`s to name: by its URI, a JSON Pointer in it or one of its
    /// anchors. Nothing is ever fetched; a `$ref` to a document neither in the form
    /// nor registered fails the compile ([`FormErrorKind::RemoteRef`], naming the URI).
    /// Repeat for each document.
    ///
    /// The documents the form reaches (directly or through one another) are bundled
    /// into it: each is embedded in the root's `$defs` (`definitions` before
    /// 2019-09) with its URI as `$id`, and the published `s` is that bundle, one
    /// self-contained schema that compiles on its own to the same verdicts. A document
    /// without `$schema` is read in the form's dialect. An error in a document is
    /// reported in it ([`FormError::resource`]).
    ///
    /// ```
    /// let form = formgate::Form::builder()
    ///     .resource("https://example.com/money.json", br#"{"type":"integer","minimum":0}"#)
    ///     .compile(br#"{"type":"object","properties":{"price":{"$ref":"https://example.com/money.json"}}}"#)
    ///     .unwrap();
    /// assert!(form.verify(br#"{"price":12}"#).is_ok());
    /// assert!(form.verify(br#"{"price":-1}"#).is_err());
    /// assert!(form.schema_json().contains(r#""$defs":{"https://example.com/money.json":{"$id":"#));
    ///
    /// let alone = formgate::Form::compile(br#"{"$ref":"https://example.com/money.json"}"#);
    /// assert_eq!(alone.unwrap_err().kind().name(), "remote-ref");
    /// ```
    #[must_use]
    pub fn resource(mut self, uri: impl AsRef<str>, schema: impl Into<Vec<u8>>) -> FormBuilder {
        self.resources.add(uri.as_ref(), schema.into());
        self
    }

    /// Define the format `name` by a function: a string is of the format when `check`
    /// says `true`. The form may then name it in `format`, which applies to strings
    /// only (every other type passes, as with JSON Schema's string formats), and the
    /// published `s` keeps `format` as written. A format nobody defined is still
    /// refused ([`FormErrorKind::UnsupportedFormat`]); a name formgate implements
    /// cannot be redefined, nor a name defined twice
    /// ([`FormErrorKind::FormatDefinition`]). `check` is called once per string of
    /// the format a body holds, on the decoded string, and must not panic.
    ///
    /// ```
    /// let form = formgate::Form::builder()
    ///     .format("even-length", |s: &str| s.len() % 2 == 0)
    ///     .compile(br#"{"type":"string","format":"even-length"}"#)
    ///     .unwrap();
    /// assert!(form.verify(br#""ab""#).is_ok());
    /// assert!(form.verify(br#""abc""#).is_err());
    /// assert_eq!(form.schema_json(), r#"{"type":"string","format":"even-length"}"#);
    /// ```
    #[must_use]
    pub fn format(
        mut self,
        name: impl AsRef<str>,
        check: impl Fn(&str) -> bool + Send + Sync + 'static,
    ) -> FormBuilder {
        self.formats.add_check(name.as_ref(), Arc::new(check));
        self
    }

    /// Define the format `name` by an ECMA-262 regular expression that the whole
    /// string must match (as if written `^(?:pattern)$`), matched exactly and in
    /// linear time by the same matcher as `pattern` (docs/PATTERNS.md). Otherwise as
    /// [`FormBuilder::format`]; a pattern formgate cannot match exactly fails the
    /// compile ([`FormErrorKind::FormatDefinition`]).
    ///
    /// ```
    /// let form = formgate::Form::builder()
    ///     .format_pattern("topic", "[a-z]+(/[a-z]+)*")
    ///     .compile(br#"{"type":"string","format":"topic"}"#)
    ///     .unwrap();
    /// assert!(form.verify(br#""news/sport""#).is_ok());
    /// assert!(form.verify(br#""news/""#).is_err());
    /// assert!(form.verify(br#""x news""#).is_err()); // the whole string
    /// ```
    #[must_use]
    pub fn format_pattern(
        mut self,
        name: impl AsRef<str>,
        pattern: impl AsRef<str>,
    ) -> FormBuilder {
        self.formats.add_pattern(name.as_ref(), pattern.as_ref());
        self
    }

    /// The owner's formats of another form, as given (`Form::unroll` compiles its
    /// result with the formats of the form it unrolls).
    pub(crate) fn owner_formats(mut self, formats: OwnerFormats) -> FormBuilder {
        self.formats = formats;
        self
    }

    /// Set both limits at once.
    #[must_use]
    pub fn limits(mut self, limits: Limits) -> FormBuilder {
        self.limits = limits;
        self
    }

    /// Compile `schema` with these options. The schema itself is parsed strictly with
    /// the default limits (1 MiB, depth 128).
    ///
    /// # Errors
    ///
    /// A [`FormError`] when the schema is not strict JSON ([`FormErrorKind::Parse`]);
    /// when it uses a keyword outside the vocabulary or its dialect, gives a keyword a
    /// value of the wrong shape, or anything else [`FormErrorKind`] lists (a `$ref`
    /// that names no schema of the form, a pattern or format formgate cannot assert
    /// exactly...): fail closed, the error naming the keyword, its JSON Pointer and its
    /// byte offset; or when a declared annotation is a keyword of JSON Schema
    /// ([`FormErrorKind::NotDeclarable`]); or when a registered document is not
    /// strict JSON, not a schema, or registered at a URI that cannot name one
    /// ([`FormErrorKind::InvalidResource`]).
    pub fn compile(self, schema: &[u8]) -> Result<Form, FormError> {
        let value = crate::parse::parse(schema, &Limits::default()).map_err(FormError::parse)?;
        if let Some(name) = self.annotations.iter().find(|a| !vocabulary::declarable(a)) {
            return Err(FormError::new(
                FormErrorKind::NotDeclarable,
                Some(name),
                String::new(),
            ));
        }
        self.resources.check()?;
        let formats = self.formats.compile()?;
        let mut missing = Vec::new();
        let first = compile::compile(
            &value,
            self.default_dialect,
            &self.annotations,
            &formats,
            &mut missing,
        );
        let compiled = match first {
            Ok(compiled) => compiled,
            Err(e) if !missing.is_empty() => {
                self.compile_bundled(schema, &value, &formats, missing, e)?
            }
            Err(e) => return Err(self.locate(e, schema, &[])),
        };
        let schema_json =
            crate::render::schema(&compiled.nodes, &compiled.consts, compiled.root).into();
        Ok(Form::assemble(
            compiled,
            schema_json,
            self.limits,
            self.formats,
        ))
    }

    /// The form `root` (parsed from `schema`), which names the documents `missing`,
    /// compiled with the registered documents it reaches bundled in
    /// (`crate::form::bundle`): one round per depth of documents reached through
    /// documents, each adding those the last round found missing, until the bundle
    /// compiles or needs a document nobody registered.
    fn compile_bundled(
        &self,
        schema: &[u8],
        root: &Value<'_>,
        formats: &[Arc<OwnerFormat>],
        mut missing: Vec<String>,
        mut error: FormError,
    ) -> Result<compile::Compiled, FormError> {
        let dialect = self.base_dialect(root);
        let mut parsed: Vec<(usize, Value<'_>)> = Vec::new();
        let mut placed = Vec::new();
        loop {
            let mut added = false;
            for uri in &missing {
                let Some(i) = self.resources.find(uri) else {
                    continue;
                };
                if parsed.iter().any(|(j, _)| *j == i) {
                    continue;
                }
                parsed.push((i, self.parse_resource(i)?));
                added = true;
            }
            if !added {
                return Err(self.locate(error, schema, &placed));
            }
            let docs: Vec<(usize, &str, &Value<'_>)> = parsed
                .iter()
                .map(|(i, doc)| (*i, self.resources.get(*i).1, doc))
                .collect();
            let bundle;
            (bundle, placed) = bundle::assemble(root, dialect, &docs);
            // The published `s` is the bundle, which must read back as a form: a
            // document embedded two levels down may not take it past the depth limit.
            let limit = Limits::default().max_depth();
            if bundle.depth() > limit {
                let why = format!(
                    "bundled into the form's {}, it would nest deeper than {limit} levels, \
                     so the published form could not be read back",
                    dialect.defs_keyword()
                );
                let deepest = placed
                    .iter()
                    .max_by_key(|p| self.parse_resource(p.index).map_or(0, |d| d.depth()))
                    .map(|p| self.resources.get(p.index).0);
                let e = FormError::new(FormErrorKind::InvalidResource(why), None, String::new());
                return Err(match deepest {
                    Some(uri) => e.in_resource(uri, String::new(), None),
                    None => e,
                });
            }
            missing.clear();
            match compile::compile(&bundle, dialect, &self.annotations, formats, &mut missing) {
                Ok(compiled) => return Ok(compiled),
                Err(e) if !missing.is_empty() => error = e,
                Err(e) => return Err(self.locate(e, schema, &placed)),
            }
        }
    }

    /// The dialect of the form `root` as the bundle is written (its `$defs` or
    /// `definitions`): its `$schema`'s, that of the metaschema `$schema` names (in
    /// the form or registered), or the default. Where none applies, the compile says
    /// why.
    fn base_dialect(&self, root: &Value<'_>) -> Dialect {
        let Some(schema) = root.get("$schema").and_then(Value::as_str) else {
            return self.default_dialect;
        };
        if let Ok(Some(meta)) = metaschema::Embedded::of(root).meta_of(schema) {
            return meta.dialect;
        }
        let registered = metaschema::uri_of(schema)
            .and_then(|uri| self.resources.find(&uri))
            .and_then(|i| self.parse_resource(i).ok())
            .and_then(|doc| metaschema::read(&doc).ok());
        registered.map_or(self.default_dialect, |meta| meta.dialect)
    }

    /// Registered document `i`, parsed strictly; an error names it.
    fn parse_resource(&self, i: usize) -> Result<Value<'_>, FormError> {
        let (given, _, bytes) = self.resources.get(i);
        let doc = crate::parse::parse(bytes, &Limits::default()).map_err(|e| {
            let e = FormError::parse(e);
            let (at, offset) = (e.pointer().to_owned(), e.offset());
            e.in_resource(given, at, offset)
        })?;
        if !matches!(doc, Value::Object(_) | Value::Bool(_)) {
            let why = "its schema must be an object or a boolean".to_owned();
            return Err(
                FormError::new(FormErrorKind::InvalidResource(why), None, String::new())
                    .in_resource(given, String::new(), Some(0)),
            );
        }
        Ok(doc)
    }

    /// `e`, an error at a JSON Pointer of the bundle, located where its keyword is
    /// written: in the registered document it is inside (`placed`), or in the form's
    /// own bytes `schema`.
    fn locate(&self, mut e: FormError, schema: &[u8], placed: &[bundle::Placed]) -> FormError {
        for p in placed {
            if let Some(at) = p.locate(e.pointer()) {
                let (given, _, bytes) = self.resources.get(p.index);
                let offset = pointer::offset_of(bytes, &at);
                return e.in_resource(given, at, offset);
            }
        }
        e.set_offset(pointer::offset_of(schema, e.pointer()));
        e
    }
}

#[cfg(feature = "schemars")]
impl FormBuilder {
    /// Compile the JSON Schema that schemars 1.x derives for `T` (JSON Schema 2020-12,
    /// `SchemaSettings::draft2020_12`), exactly as schemars writes it, with these
    /// options. Feature `schemars`.
    ///
    /// Nothing is rewritten: schemars' numeric formats (`uint8` … `int64`, `float`,
    /// `double`) are asserted as exact ranges, doc comments stay as `description`, and a
    /// keyword outside the vocabulary fails the compile as it would in any form (the
    /// `unevaluatedProperties` schemars writes for a flattened enum in a struct that
    /// denies unknown fields, the format `ip` of `IpAddr`). docs/SCHEMARS.md lists what
    /// compiles and where the form's verdict differs from serde's.
    ///
    /// ```
    /// #[derive(serde::Deserialize, schemars::JsonSchema)]
    /// #[serde(deny_unknown_fields)]
    /// struct Ticket {
    ///     #[schemars(length(min = 1, max = 120))]
    ///     title: String,
    ///     priority: u8,
    /// }
    ///
    /// let form = formgate::Form::builder()
    ///     .max_bytes(64 * 1024)
    ///     .compile_schemars::<Ticket>()
    ///     .unwrap();
    /// let t: Ticket = form.verify_into(br#"{"title":"Printer on fire","priority":1}"#).unwrap();
    /// assert_eq!((t.title.as_str(), t.priority), ("Printer on fire", 1));
    /// assert!(form.verify(br#"{"title":"","priority":1}"#).is_err()); // minLength
    /// assert!(form.verify(br#"{"title":"x","priority":256}"#).is_err()); // uint8
    /// assert!(form.verify(br#"{"title":"x","priority":1,"x":0}"#).is_err()); // unknown field
    /// ```
    ///
    /// # Errors
    ///
    /// A [`FormError`], as [`FormBuilder::compile`] gives, when the schema schemars
    /// derives uses a keyword or format outside the vocabulary.
    pub fn compile_schemars<T: schemars::JsonSchema + ?Sized>(self) -> Result<Form, FormError> {
        let schema = schemars::generate::SchemaSettings::draft2020_12()
            .into_generator()
            .into_root_schema_for::<T>();
        self.compile(schema.as_value().to_string().as_bytes())
    }
}

impl Form {
    /// Compile a form with the default limits for its bodies (1 MiB, depth 128).
    ///
    /// # Errors
    ///
    /// A [`FormError`] naming the keyword, its JSON Pointer and its byte offset, on
    /// anything outside the vocabulary (see the crate documentation) or a schema that
    /// is not strict JSON; see [`FormBuilder::compile`].
    pub fn compile(schema: &[u8]) -> Result<Form, FormError> {
        FormBuilder::default().compile(schema)
    }

    /// Options for compiling: limits for the bodies.
    #[must_use]
    pub fn builder() -> FormBuilder {
        FormBuilder::default()
    }

    /// Compile the JSON Schema schemars 1.x derives for `T`, with the default limits
    /// (see [`FormBuilder::compile_schemars`]). Feature `schemars`.
    ///
    /// ```
    /// #[derive(serde::Deserialize, schemars::JsonSchema)]
    /// struct Point { x: i32, y: i32 }
    ///
    /// let form = formgate::Form::from_schemars::<Point>().unwrap();
    /// let p: Point = form.verify_into(br#"{"x":1,"y":-2}"#).unwrap();
    /// assert_eq!((p.x, p.y), (1, -2));
    /// assert!(form.verify(br#"{"x":2147483648,"y":0}"#).is_err()); // int32
    /// ```
    ///
    /// # Errors
    ///
    /// A [`FormError`], as [`FormBuilder::compile_schemars`] gives.
    #[cfg(feature = "schemars")]
    pub fn from_schemars<T: schemars::JsonSchema + ?Sized>() -> Result<Form, FormError> {
        FormBuilder::default().compile_schemars::<T>()
    }
}
