//! Form bytes → compiled nodes, failing closed.
//!
//! Invariants:
//! 1. Every member of every schema object is a Vocabulary v1 keyword whose value has
//!    the right shape, or compilation fails naming the keyword and its pointer.
//! 2. The whole form is compiled, `$defs` nothing references included.
//! 3. Values of `enum`, `const`, `default`, `examples` and names under `properties` are
//!    data: they are never read as keywords.
//! 4. Every `$ref` resolves to a schema of this form, and no cycle of same-instance
//!    applicators exists (so expansion terminates: [`super::node`] invariant 2).
//!
//! Cost: O(size of the form) time and memory, plus the cost of compiling patterns.

use std::collections::HashMap;
use std::sync::Arc;

use smallvec::SmallVec;

use crate::parse::value::{write_compact, Value};

use super::consts::Consts;
use super::dialect::{self, Legacy};
use super::discriminator;
use super::dynamic;
use super::error::{FormError, FormErrorKind};
use super::format::owner::OwnerFormat;
use super::format::Format;
use super::node::{
    ArrayChecks, Content, Count, Member, Node, NodeId, Num, NumberChecks, ObjectChecks,
    StringChecks, Types, Via,
};
use super::number::{Decimal, NumRef};
use super::pattern::Pattern;
use super::pointer;
use super::resolve::Scopes;
use super::vocabulary::{Dialect, Keyword};

/// The compiled nodes and values of a form.
pub(crate) struct Compiled {
    pub(crate) nodes: Vec<Node>,
    pub(crate) consts: Consts,
    pub(crate) root: NodeId,
    pub(crate) dialect: Dialect,
    /// Whether some node has `unevaluatedProperties` or `unevaluatedItems`.
    pub(crate) unevaluated: bool,
}

/// Which keyword a pending reference is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RefKind {
    /// `$ref`.
    Static,
    /// `$dynamicRef` (2020-12).
    Dynamic,
    /// `$recursiveRef` (2019-09).
    Recursive,
}

struct PendingRef {
    kind: RefKind,
    node: NodeId,
    /// The `$ref` as written.
    reference: String,
    /// The base URI in scope where it is written.
    base: String,
    /// Where the `$ref` is, for the error.
    pointer: String,
}

struct Compiler<'a> {
    /// Extension keywords the form's owner declared annotations.
    annotations: &'a [Box<str>],
    /// Formats the form's owner defined.
    owner_formats: &'a [Arc<OwnerFormat>],
    dialect: Dialect,
    nodes: Vec<Node>,
    consts: Consts,
    by_pointer: HashMap<String, NodeId>,
    refs: Vec<PendingRef>,
    /// The resource (an index into `resources`) each node was written in; `u32::MAX`
    /// for the boolean schemas.
    node_resource: Vec<u32>,
    /// Resource URIs, by index (2019-09 and later; for dynamic scope).
    resources: Vec<String>,
    /// The dynamic references found (`form/dynamic.rs`).
    dynamic: Vec<dynamic::Edge>,
    /// Base URIs, embedded resources and anchors (`resolve.rs`).
    scopes: Scopes,
    /// Discriminators, checked against their branches once references resolve.
    discriminators: Vec<discriminator::Pending>,
    /// The next schema may be a boolean even in draft-04 (`additionalProperties`,
    /// `additionalItems`).
    bool_ok: bool,
}

type Result<T> = std::result::Result<T, FormError>;

impl PendingRef {
    /// The keyword, for errors.
    fn name(&self) -> &'static str {
        match self.kind {
            RefKind::Static => "$ref",
            RefKind::Dynamic => "$dynamicRef",
            RefKind::Recursive => "$recursiveRef",
        }
    }
}

fn err(kind: FormErrorKind, keyword: Keyword, at: &str) -> FormError {
    FormError::new(
        kind,
        Some(keyword.name()),
        pointer::join(at, keyword.name()),
    )
}

fn invalid(keyword: Keyword, at: &str, expected: &'static str) -> FormError {
    err(FormErrorKind::InvalidValue(expected), keyword, at)
}

/// The dialect of the form `root`: its `$schema`'s, or `default` without one.
pub(crate) fn dialect_of(root: &Value<'_>, default: Dialect) -> Result<Dialect> {
    match root.get("$schema") {
        None => Ok(default),
        Some(Value::String(uri)) => Dialect::from_uri(uri)
            .ok_or_else(|| err(FormErrorKind::UnsupportedDialect, Keyword::Schema, "")),
        Some(_) => Err(invalid(Keyword::Schema, "", "a string")),
    }
}

/// Compile a parsed form, of dialect `default` unless its `$schema` names another.
///
/// When it fails for a `$ref` outside the form ([`FormErrorKind::RemoteRef`]),
/// `missing` holds the URI of every document the form's `$ref`s name and does not
/// hold, each once, in the order written: the builder bundles those it has
/// (`crate::form::bundle`) and compiles again.
pub(crate) fn compile(
    root: &Value<'_>,
    default: Dialect,
    annotations: &[Box<str>],
    owner_formats: &[Arc<OwnerFormat>],
    missing: &mut Vec<String>,
) -> Result<Compiled> {
    let dialect = dialect_of(root, default)?;
    let mut c = Compiler {
        annotations,
        owner_formats,
        dialect,
        nodes: vec![Node::empty("".into()), Node::empty("".into())],
        consts: Consts::default(),
        by_pointer: HashMap::new(),
        refs: Vec::new(),
        node_resource: vec![u32::MAX, u32::MAX],
        resources: Vec::new(),
        dynamic: Vec::new(),
        scopes: Scopes::new(),
        discriminators: Vec::new(),
        bool_ok: false,
    };
    c.nodes[NodeId::FALSE.index()].reject_all = true;
    let root_id = c.schema(root, "", true)?;
    let unevaluated = c.nodes.iter().any(|n| {
        n.object.as_ref().is_some_and(|o| o.unevaluated.is_some())
            || n.array.as_ref().is_some_and(|a| a.unevaluated.is_some())
    });
    if unevaluated {
        // `unevaluated*` sees the annotations of a passing lone `if`.
        for n in &mut c.nodes {
            n.lone_if_evaluates = n.if_.is_some();
        }
    }
    c.resolve_refs(missing)?;
    let root_id = c.specialize(root_id)?;
    c.check_cycles()?;
    c.check_expansion()?;
    for node in &mut c.nodes {
        let mut in_place = false;
        let mut only_any_of = true;
        node.for_each_in_place(|_, via| {
            in_place = true;
            only_any_of &= via == Via::Any;
        });
        node.in_place = in_place;
        node.asserts_nothing = !node.reject_all
            && node.types == Types::ALL
            && node.values.is_none()
            && node.object.is_none()
            && node.array.is_none()
            && node.string.is_none()
            && node.number.is_none();
        node.only_any_of = in_place && only_any_of && node.asserts_nothing;
        node.lengths = crate::form::check::scalar::lengths_plan(node);
        node.integers = crate::form::check::scalar::integers_plan(node);
    }
    land(&mut c.nodes);
    discriminator::check(
        &c.discriminators,
        &c.nodes,
        &c.consts,
        &c.scopes,
        &c.by_pointer,
    )?;
    Ok(Compiled {
        unevaluated,
        nodes: c.nodes,
        consts: c.consts,
        root: root_id,
        dialect,
    })
}

/// Cache every node's `landing`: follow bare `$ref` chains, each node once (a chain of
/// 10,000 references costs 10,000 steps, not 10,000² / 2). Chains end because
/// same-instance cycles were refused before.
fn land(nodes: &mut [Node]) {
    const UNKNOWN: u32 = u32::MAX;
    let mut landing = vec![UNKNOWN; nodes.len()];
    let mut path = Vec::new();
    for start in 0..nodes.len() {
        let mut id = start;
        while landing[id] == UNKNOWN {
            match nodes[id].bare_reference() {
                Some(next) => {
                    path.push(id);
                    id = next.index();
                }
                None => landing[id] = id as u32,
            }
        }
        let end = landing[id];
        for p in path.drain(..) {
            landing[p] = end;
        }
    }
    for (node, l) in nodes.iter_mut().zip(landing) {
        node.landing = NodeId(l);
    }
}

impl Compiler<'_> {
    /// Compile the schema `v` found at `at` (invariant 2: every schema position is
    /// visited). Recursion depth is bounded by the form's parse depth limit.
    fn schema(&mut self, v: &Value<'_>, at: &str, is_root: bool) -> Result<NodeId> {
        let bool_ok = std::mem::take(&mut self.bool_ok);
        if matches!(v, Value::Bool(_)) && self.dialect == Dialect::Draft4 && !bool_ok {
            return Err(dialect::no_boolean_schema(at));
        }
        let id = match v {
            Value::Bool(true) => NodeId::TRUE,
            Value::Bool(false) => NodeId::FALSE,
            Value::Object(members) => {
                let id = NodeId(self.nodes.len() as u32);
                self.nodes.push(Node::empty(at.into()));
                self.by_pointer.insert(at.to_owned(), id);
                let has_ref = members.iter().any(|(k, _)| k == "$ref");
                self.scopes.enter(members, at, self.dialect, has_ref)?;
                let resource = self.resource_index();
                self.node_resource.push(resource);
                let node = self.node(id, members, at, is_root)?;
                self.scopes.leave();
                self.nodes[id.index()] = node;
                id
            }
            _ => {
                return Err(FormError::new(
                    FormErrorKind::NotASchema,
                    None,
                    at.to_owned(),
                ));
            }
        };
        self.by_pointer.entry(at.to_owned()).or_insert(id);
        Ok(id)
    }

    fn node(
        &mut self,
        id: NodeId,
        members: &[(std::borrow::Cow<'_, str>, Value<'_>)],
        at: &str,
        is_root: bool,
    ) -> Result<Node> {
        let mut node = Node::empty(at.into());
        let mut object = ObjectChecks::default();
        let mut array = ArrayChecks::default();
        let mut string = StringChecks::default();
        let mut number = NumberChecks::default();
        let (mut has_object, mut has_array, mut has_string, mut has_number) =
            (false, false, false, false);
        let mut required: Vec<Box<str>> = Vec::new();
        let mut properties: Vec<(Box<str>, NodeId)> = Vec::new();
        let mut general_only = false;
        let has_ref = members.iter().any(|(k, _)| k == "$ref");
        let mut legacy = Legacy::default();
        let mut content: Option<Content> = None;

        for (name, value) in members {
            let Some(kw) = Keyword::from_name(name) else {
                if self.annotations.iter().any(|a| **a == **name) {
                    // Declared by the form's owner: kept verbatim, never decides.
                    node.declared.push(name.as_ref().into());
                    node.order.push((None, Some(json(value))));
                    continue;
                }
                return Err(FormError::new(
                    FormErrorKind::UnknownKeyword,
                    Some(name),
                    pointer::join(at, name),
                ));
            };
            let here = pointer::join(at, name);
            dialect::admit(kw, name, self.dialect, has_ref, at)?;
            let mut verbatim = None;
            match kw {
                Keyword::Type => {
                    let (bits, written) = types(value, at)?;
                    node.types = bits;
                    node.types_written = Some((matches!(value, Value::Array(_)), written));
                    node.integer_by_spelling = self.dialect == Dialect::Draft4;
                }
                Keyword::Enum => {
                    let Value::Array(items) = value else {
                        return Err(invalid(kw, at, "an array"));
                    };
                    self.draft4_non_empty(
                        items.is_empty(),
                        kw,
                        at,
                        "a non-empty array (draft-04)",
                    )?;
                    node.enum_written = Some(self.consts.add_set(items, false));
                }
                Keyword::Const => {
                    node.const_written =
                        Some(self.consts.add_set(std::slice::from_ref(value), true));
                }
                Keyword::Required => {
                    let Value::Array(items) = value else {
                        return Err(invalid(kw, at, "an array of unique strings"));
                    };
                    self.draft4_non_empty(
                        items.is_empty(),
                        kw,
                        at,
                        "a non-empty array of unique strings (draft-04)",
                    )?;
                    for item in items {
                        let Value::String(s) = item else {
                            return Err(invalid(kw, at, "an array of unique strings"));
                        };
                        if required.iter().any(|r| **r == **s) {
                            return Err(invalid(kw, at, "an array of unique strings"));
                        }
                        required.push(s.as_ref().into());
                    }
                    has_object = true;
                }
                Keyword::MinItems => {
                    array.min_items = Some(count(value, kw, at)?);
                    has_array = true;
                }
                Keyword::MaxItems => {
                    array.max_items = Some(count(value, kw, at)?);
                    has_array = true;
                }
                Keyword::MinLength => {
                    string.min_length = Some(count(value, kw, at)?);
                    has_string = true;
                }
                Keyword::MaxLength => {
                    string.max_length = Some(count(value, kw, at)?);
                    has_string = true;
                }
                Keyword::Pattern => {
                    let Value::String(src) = value else {
                        return Err(invalid(kw, at, "a string"));
                    };
                    let p = Pattern::new(src)
                        .map_err(|e| err(FormErrorKind::InvalidPattern(e.to_string()), kw, at))?;
                    string.pattern = Some(p);
                    has_string = true;
                }
                Keyword::Format => {
                    let Value::String(f) = value else {
                        return Err(invalid(kw, at, "a string"));
                    };
                    let Some(f) = Format::from_name(f) else {
                        // Else one the form's owner defined, or refused.
                        let owner = self.owner_formats.iter().find(|o| o.name() == &**f);
                        let owner =
                            owner.ok_or_else(|| err(FormErrorKind::UnsupportedFormat, kw, at))?;
                        string.owner_format = Some(Arc::clone(owner));
                        has_string = true;
                        node.order.push((Some(kw), None));
                        continue;
                    };
                    // A numeric format constrains numbers, the others strings.
                    if f.applies_to_numbers() {
                        number.format = Some(f);
                        has_number = true;
                    } else {
                        string.format = Some(f);
                        has_string = true;
                    }
                }
                Keyword::Minimum => {
                    number.minimum = Some(decimal(value, kw, at)?);
                    has_number = true;
                }
                Keyword::Maximum => {
                    number.maximum = Some(decimal(value, kw, at)?);
                    has_number = true;
                }
                Keyword::ExclusiveMinimum | Keyword::ExclusiveMaximum
                    if self.dialect == Dialect::Draft4 =>
                {
                    let Value::Bool(on) = value else {
                        return Err(invalid(kw, at, "a boolean (draft-04)"));
                    };
                    if kw == Keyword::ExclusiveMinimum {
                        legacy.exclusive_minimum = *on;
                    } else {
                        legacy.exclusive_maximum = *on;
                    }
                    verbatim = Some(json(value));
                }
                Keyword::ExclusiveMinimum => {
                    number.exclusive_minimum = Some(decimal(value, kw, at)?);
                    has_number = true;
                }
                Keyword::ExclusiveMaximum => {
                    number.exclusive_maximum = Some(decimal(value, kw, at)?);
                    has_number = true;
                }
                Keyword::MultipleOf => {
                    let d = decimal(value, kw, at)?;
                    let n = d.value.as_num();
                    if n.is_zero() || n.is_negative() {
                        return Err(invalid(kw, at, "a number greater than 0"));
                    }
                    number.multiple_of = Some(d);
                    has_number = true;
                }
                Keyword::Properties => {
                    let Value::Object(props) = value else {
                        return Err(invalid(kw, at, "an object of schemas"));
                    };
                    for (pname, pschema) in props {
                        let child = self.schema(pschema, &pointer::join(&here, pname), false)?;
                        properties.push((pname.as_ref().into(), child));
                    }
                    object.has_properties = true;
                    has_object = true;
                }
                Keyword::AdditionalProperties => {
                    self.bool_ok = true;
                    object.additional = Some(self.schema(value, &here, false)?);
                    has_object = true;
                }
                Keyword::Items if self.dialect.has_array_items() && value.as_array().is_some() => {
                    array.prefix = self.schema_list(value, kw, at)?.into_vec();
                    legacy.items_array = true;
                    has_array = true;
                }
                Keyword::Items => {
                    if let Value::Array(_) = value {
                        return Err(invalid(kw, at, "a schema"));
                    }
                    array.items = Some(self.schema(value, &here, false)?);
                    has_array = true;
                }
                Keyword::AdditionalItems => {
                    self.bool_ok = true;
                    legacy.additional_items = Some(self.schema(value, &here, false)?);
                }
                Keyword::Dependencies => {
                    let Value::Object(entries) = value else {
                        return Err(invalid(kw, at, "an object of schemas or name lists"));
                    };
                    for (trigger, dep) in entries {
                        let is_schema = !matches!(dep, Value::Array(_));
                        if is_schema {
                            let child = self.schema(dep, &pointer::join(&here, trigger), false)?;
                            node.dependent_schemas
                                .push((trigger.as_ref().into(), child));
                        } else {
                            let list = names(dep, kw, at, "an object of schemas or name lists")?;
                            self.draft4_non_empty(
                                list.is_empty(),
                                kw,
                                at,
                                "an object of schemas or non-empty name lists (draft-04)",
                            )?;
                            object
                                .dependent_required
                                .push((trigger.as_ref().into(), list));
                        }
                        legacy
                            .dependencies
                            .push((trigger.as_ref().into(), is_schema));
                    }
                    has_object = true;
                }
                Keyword::PrefixItems => {
                    let list = self.schema_list(value, kw, at)?;
                    array.prefix = list.into_vec();
                    has_array = true;
                }
                Keyword::MinProperties => {
                    object.min_properties = Some(count(value, kw, at)?);
                    has_object = true;
                }
                Keyword::MaxProperties => {
                    object.max_properties = Some(count(value, kw, at)?);
                    has_object = true;
                }
                Keyword::DependentRequired => {
                    const WHAT: &str = "an object of arrays of unique strings";
                    let Value::Object(entries) = value else {
                        return Err(invalid(kw, at, WHAT));
                    };
                    for (trigger, list) in entries {
                        let list = names(list, kw, at, WHAT)?;
                        object
                            .dependent_required
                            .push((trigger.as_ref().into(), list));
                    }
                    has_object = true;
                }
                Keyword::DependentSchemas => {
                    let Value::Object(entries) = value else {
                        return Err(invalid(kw, at, "an object of schemas"));
                    };
                    for (trigger, sub) in entries {
                        let child = self.schema(sub, &pointer::join(&here, trigger), false)?;
                        node.dependent_schemas
                            .push((trigger.as_ref().into(), child));
                    }
                    has_object = true;
                }
                Keyword::PropertyNames => {
                    object.property_names = Some(self.schema(value, &here, false)?);
                    has_object = true;
                }
                Keyword::PatternProperties => {
                    let Value::Object(entries) = value else {
                        return Err(invalid(kw, at, "an object of schemas"));
                    };
                    for (source, sub) in entries {
                        let p = Pattern::new(source).map_err(|e| {
                            FormError::new(
                                FormErrorKind::InvalidPattern(e.to_string()),
                                Some(kw.name()),
                                pointer::join(&here, source),
                            )
                        })?;
                        let child = self.schema(sub, &pointer::join(&here, source), false)?;
                        object.pattern_properties.push((p, child));
                    }
                    has_object = true;
                }
                Keyword::Contains => {
                    array.contains = Some(self.schema(value, &here, false)?);
                    has_array = true;
                }
                Keyword::UnevaluatedProperties => {
                    object.unevaluated = Some(self.schema(value, &here, false)?);
                    has_object = true;
                    general_only = true;
                }
                Keyword::UnevaluatedItems => {
                    array.unevaluated = Some(self.schema(value, &here, false)?);
                    has_array = true;
                    general_only = true;
                }
                Keyword::UniqueItems => {
                    let Value::Bool(b) = value else {
                        return Err(invalid(kw, at, "a boolean"));
                    };
                    array.unique_items = Some(*b);
                    has_array = true;
                }
                Keyword::MinContains => {
                    array.min_contains = Some(count(value, kw, at)?);
                    has_array = true;
                }
                Keyword::MaxContains => {
                    array.max_contains = Some(count(value, kw, at)?);
                    has_array = true;
                }
                Keyword::ContentEncoding => {
                    // Only RFC 4648 base64 is implemented; any other encoding (or a
                    // misspelt one) would go unchecked, so it is refused.
                    if !matches!(value, Value::String(e) if e == "base64") {
                        return Err(err(FormErrorKind::UnsupportedContent, kw, at));
                    }
                    content.get_or_insert_with(Content::default).base64 = true;
                    verbatim = Some(json(value));
                }
                Keyword::ContentMediaType => {
                    if !matches!(value, Value::String(m) if m == "application/json") {
                        return Err(err(FormErrorKind::UnsupportedContent, kw, at));
                    }
                    content.get_or_insert_with(Content::default).json = true;
                    verbatim = Some(json(value));
                }
                Keyword::ContentSchema => {
                    let sub = self.schema(value, &here, false)?;
                    content.get_or_insert_with(Content::default).schema = Some(sub);
                }
                Keyword::Not => node.not = Some(self.schema(value, &here, false)?),
                Keyword::If => node.if_ = Some(self.schema(value, &here, false)?),
                Keyword::Then => node.then_ = Some(self.schema(value, &here, false)?),
                Keyword::Else => node.else_ = Some(self.schema(value, &here, false)?),
                Keyword::AllOf => node.all_of = self.schema_list(value, kw, at)?,
                Keyword::AnyOf => node.any_of = self.schema_list(value, kw, at)?,
                Keyword::OneOf => node.one_of = self.schema_list(value, kw, at)?,
                Keyword::Ref | Keyword::DynamicRef | Keyword::RecursiveRef => {
                    let Value::String(reference) = value else {
                        return Err(invalid(kw, at, "a string"));
                    };
                    // 2019-09 defines `$recursiveRef` for the value "#" alone.
                    if kw == Keyword::RecursiveRef && reference != "#" {
                        return Err(invalid(kw, at, "\"#\" (the only value 2019-09 defines)"));
                    }
                    // Resolved once every identifier of the form is known (a `$ref`
                    // may name a resource or anchor written after it).
                    self.refs.push(PendingRef {
                        kind: match kw {
                            Keyword::Ref => RefKind::Static,
                            Keyword::DynamicRef => RefKind::Dynamic,
                            _ => RefKind::Recursive,
                        },
                        node: id,
                        reference: reference.to_string(),
                        base: self.scopes.base().to_owned(),
                        pointer: here.clone(),
                    });
                    verbatim = Some(json(value));
                }
                Keyword::Defs | Keyword::Definitions => {
                    let Value::Object(defs) = value else {
                        return Err(invalid(kw, at, "an object of schemas"));
                    };
                    for (dname, dschema) in defs {
                        let child = self.schema(dschema, &pointer::join(&here, dname), false)?;
                        node.defs.push((kw, dname.as_ref().into(), child));
                    }
                }
                Keyword::Schema => {
                    // The root's `$schema` chose the dialect. Below the root, naming the
                    // same dialect changes nothing; another dialect would switch
                    // meanings mid-form, which is refused.
                    let same = matches!(value, Value::String(uri)
                        if Dialect::from_uri(uri) == Some(self.dialect));
                    if !is_root && !same {
                        return Err(err(FormErrorKind::UnsupportedDialect, kw, at));
                    }
                    verbatim = Some(json(value));
                }
                // Read, checked and recorded by `Scopes::enter`.
                Keyword::Id
                | Keyword::LegacyId
                | Keyword::Anchor
                | Keyword::DynamicAnchor
                | Keyword::RecursiveAnchor => {
                    verbatim = Some(json(value));
                }
                Keyword::Title | Keyword::Description | Keyword::Comment => {
                    if !matches!(value, Value::String(_)) {
                        return Err(invalid(kw, at, "a string"));
                    }
                    verbatim = Some(json(value));
                }
                Keyword::Deprecated | Keyword::ReadOnly | Keyword::WriteOnly => {
                    if !matches!(value, Value::Bool(_)) {
                        return Err(invalid(kw, at, "a boolean"));
                    }
                    verbatim = Some(json(value));
                }
                Keyword::Examples => {
                    if !matches!(value, Value::Array(_)) {
                        return Err(invalid(kw, at, "an array"));
                    }
                    verbatim = Some(json(value));
                }
                Keyword::Default => verbatim = Some(json(value)),
                Keyword::Discriminator => {
                    let d = discriminator::parse(value, id, at, self.scopes.base())?;
                    self.discriminators.push(d);
                    verbatim = Some(json(value));
                }
                // No name in a form looks it up (`Keyword::ALL`).
                Keyword::False => unreachable!("the boolean schema is not a keyword"),
            }
            node.order.push((Some(kw), verbatim));
        }

        if let Some(content) = content {
            // The specification says to ignore `contentSchema` without
            // `contentMediaType` (2020-12 validation §8.5): formgate ignores no keyword.
            if content.schema.is_some() && !content.json {
                return Err(err(
                    FormErrorKind::ContentSchemaAlone,
                    Keyword::ContentSchema,
                    at,
                ));
            }
            string.content = Some(Box::new(content));
            has_string = true;
            general_only = true;
        }
        if legacy.items_array {
            // `additionalItems` applies only after array-form `items`.
            array.items = legacy.additional_items;
        }
        if legacy.exclusive_minimum {
            number.exclusive_minimum = number.minimum.clone();
        }
        if legacy.exclusive_maximum {
            number.exclusive_maximum = number.maximum.clone();
        }
        if legacy.is_used() {
            node.legacy = Some(Box::new(legacy));
        }
        node.values = match (node.enum_written, node.const_written) {
            (Some(e), Some(c)) => {
                // Both must hold: the const value if the enum lists it, else nothing.
                let value = self.consts.set(c).values[0];
                if self.consts.set_contains(e, value) {
                    Some(c)
                } else {
                    Some(self.consts.add_set(&[], false))
                }
            }
            (e, c) => e.or(c),
        };
        if has_object {
            let mut members: Vec<Member> = properties
                .iter()
                .map(|(name, schema)| Member {
                    name: name.clone(),
                    schema: Some(*schema),
                    required: false,
                })
                .collect();
            members.sort_by(|a, b| a.name.cmp(&b.name));
            for r in &required {
                match members.binary_search_by(|m| m.name.cmp(r)) {
                    Ok(i) => members[i].required = true,
                    Err(i) => members.insert(
                        i,
                        Member {
                            name: r.clone(),
                            schema: None,
                            required: true,
                        },
                    ),
                }
            }
            object.members = members;
            object.required = required.len() as u32;
            object.required_order = required;
            object.properties_order = properties.into_iter().map(|(n, _)| n).collect();
            let mut tracked: Vec<Box<str>> = object
                .dependent_required
                .iter()
                .flat_map(|(t, names)| std::iter::once(t).chain(names))
                .chain(node.dependent_schemas.iter().map(|(t, _)| t))
                .cloned()
                .collect();
            tracked.sort();
            tracked.dedup();
            object.tracked = tracked;
            object.dependent_required_bits = object
                .dependent_required
                .iter()
                .map(|(t, names)| {
                    let bit = |n: &str| object.tracked_index(n).expect("tracked");
                    (bit(t), names.iter().map(|n| bit(n)).collect())
                })
                .collect();
            object.index();
            node.object = Some(Box::new(object));
        }
        if has_array {
            node.array = Some(Box::new(array));
        }
        if has_string {
            node.string = Some(Box::new(string));
        }
        if has_number {
            number.index();
            node.number = Some(Box::new(number));
        }
        node.general_only = general_only;
        Ok(node)
    }

    /// draft-04 says `enum`, `required` and a `dependencies` name list "MUST have at
    /// least one element" (later drafts allow none): an `empty` one is refused there.
    fn draft4_non_empty(
        &self,
        empty: bool,
        kw: Keyword,
        at: &str,
        what: &'static str,
    ) -> Result<()> {
        if empty && self.dialect == Dialect::Draft4 {
            return Err(invalid(kw, at, what));
        }
        Ok(())
    }

    fn schema_list(
        &mut self,
        value: &Value<'_>,
        kw: Keyword,
        at: &str,
    ) -> Result<SmallVec<[NodeId; 2]>> {
        let Value::Array(items) = value else {
            return Err(invalid(kw, at, "a non-empty array of schemas"));
        };
        if items.is_empty() {
            return Err(invalid(kw, at, "a non-empty array of schemas"));
        }
        let base = pointer::join(at, kw.name());
        let mut out = SmallVec::new();
        for (i, item) in items.iter().enumerate() {
            out.push(self.schema(item, &pointer::join(&base, &i.to_string()), false)?);
        }
        Ok(out)
    }

    /// Invariant 4, first half: every `$ref` names a compiled schema. A `$ref` to
    /// another document fails the compile, after every such document is listed in
    /// `missing` (so that the builder can bundle them all in one more pass).
    fn resolve_refs(&mut self, missing: &mut Vec<String>) -> Result<()> {
        let refs = std::mem::take(&mut self.refs);
        let targets: Vec<_> = refs
            .iter()
            .map(|r| self.scopes.target(&r.reference, &r.base))
            .collect();
        let mut first_remote: Option<FormError> = None;
        for (r, target) in refs.iter().zip(&targets) {
            if let Err(FormErrorKind::RemoteRef) = target {
                let uri = Scopes::resource_uri(&r.reference, &r.base).unwrap_or_default();
                if first_remote.is_none() {
                    first_remote = Some(
                        FormError::new(FormErrorKind::RemoteRef, Some(r.name()), r.pointer.clone())
                            .with_detail(format!("{uri} is neither in the form nor registered")),
                    );
                }
                if !missing.contains(&uri) {
                    missing.push(uri);
                }
            }
        }
        if let Some(e) = first_remote {
            return Err(e);
        }
        for (r, target) in refs.into_iter().zip(targets) {
            let target =
                target.map_err(|kind| FormError::new(kind, Some(r.name()), r.pointer.clone()))?;
            let Some(&target) = self.by_pointer.get(&target) else {
                return Err(FormError::new(
                    FormErrorKind::RefNotFound,
                    Some(r.name()),
                    r.pointer,
                ));
            };
            match r.kind {
                RefKind::Static => self.nodes[r.node.index()].reference = Some(target),
                RefKind::Dynamic | RefKind::Recursive => {
                    self.nodes[r.node.index()].dynamic_reference = Some(target);
                    if let Some(anchor) = self.dynamic_anchor(&r, target) {
                        self.dynamic.push(dynamic::Edge {
                            node: r.node,
                            anchor,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The index of the resource in scope, interned.
    fn resource_index(&mut self) -> u32 {
        let base = self.scopes.base();
        match self.resources.iter().position(|r| r == base) {
            Some(i) => i as u32,
            None => {
                self.resources.push(base.to_owned());
                self.resources.len() as u32 - 1
            }
        }
    }

    /// The anchor name by which a `$dynamicRef` or `$recursiveRef` is dynamic, when it
    /// is: a `$dynamicRef` whose fragment is a plain name and whose initial target is
    /// the `$dynamicAnchor` of that name (2020-12 §8.2.3.2); a `$recursiveRef` whose
    /// initial target, its resource's root, has `$recursiveAnchor: true` (2019-09
    /// §8.2.4.2). `$recursiveAnchor` is kept as the anchor named "" (no 2020-12 name
    /// is empty). Any other one is a plain reference to its initial target.
    fn dynamic_anchor(&self, r: &PendingRef, target: NodeId) -> Option<String> {
        let uri = Scopes::resource_uri(&r.reference, &r.base)?;
        if r.kind == RefKind::Recursive {
            let anchored = self.scopes.recursive_anchors().contains(&uri);
            return anchored.then(String::new);
        }
        let (_, fragment) = super::resolve::split(&r.reference);
        let fragment = fragment.filter(|f| !f.is_empty() && !f.starts_with('/'))?;
        let name = pointer::percent_decode(fragment)?;
        let at = &*self.nodes[target.index()].pointer;
        self.scopes
            .dynamic_anchors()
            .iter()
            .any(|((res, n), p)| *res == uri && *n == name && p == at)
            .then_some(name)
    }

    /// Give each dynamic scope a path can have its own copies of the nodes whose
    /// verdict depends on it (`form/dynamic.rs`); returns the root to verify from.
    fn specialize(&mut self, root: NodeId) -> Result<NodeId> {
        if self.dynamic.is_empty() {
            return Ok(root);
        }
        let mut anchors: Vec<dynamic::Anchor> = Vec::new();
        for ((resource, name), at) in self.scopes.dynamic_anchors() {
            if let (Some(r), Some(&node)) = (
                self.resources.iter().position(|x| x == resource),
                self.by_pointer.get(at),
            ) {
                anchors.push(dynamic::Anchor {
                    resource: r as u32,
                    name: name.clone(),
                    node,
                });
            }
        }
        for resource in self.scopes.recursive_anchors() {
            let root_at = self.scopes.resource_root(resource);
            if let (Some(r), Some(&node)) = (
                self.resources.iter().position(|x| x == resource),
                root_at.and_then(|p| self.by_pointer.get(p)),
            ) {
                anchors.push(dynamic::Anchor {
                    resource: r as u32,
                    name: String::new(),
                    node,
                });
            }
        }
        let edges = std::mem::take(&mut self.dynamic);
        dynamic::specialize(
            &mut self.nodes,
            &mut self.node_resource,
            root,
            &edges,
            &anchors,
        )
    }

    /// Invariant 4, second half: no cycle through same-instance edges. Iterative DFS with
    /// three colours, O(nodes + edges).
    fn check_cycles(&self) -> Result<()> {
        const WHITE: u8 = 0;
        const GREY: u8 = 1;
        const BLACK: u8 = 2;
        let n = self.nodes.len();
        let mut colour = vec![WHITE; n];
        let edges = |id: usize| -> Vec<(NodeId, Keyword)> {
            let node = &self.nodes[id];
            let mut e: Vec<(NodeId, Keyword)> = Vec::new();
            node.for_each_in_place(|c, via| {
                let kw = match via {
                    Via::All if Some(c) == node.reference => Keyword::Ref,
                    Via::All if Some(c) == node.dynamic_reference => node.dynamic_keyword(),
                    Via::All => Keyword::AllOf,
                    Via::Any => Keyword::AnyOf,
                    Via::One => Keyword::OneOf,
                    Via::Not => Keyword::Not,
                    Via::If => Keyword::If,
                    Via::Then => Keyword::Then,
                    Via::Else => Keyword::Else,
                    Via::Dependent(_) | Via::Root => Keyword::DependentSchemas,
                };
                e.push((c, kw));
            });
            e
        };
        for start in 0..n {
            if colour[start] != WHITE {
                continue;
            }
            let mut stack: Vec<DfsFrame> = vec![(start, edges(start), 0)];
            colour[start] = GREY;
            while let Some(top) = stack.last_mut() {
                let (id, ref es, ref mut next) = *top;
                if *next == es.len() {
                    colour[id] = BLACK;
                    stack.pop();
                    continue;
                }
                let (child, kw) = es[*next];
                *next += 1;
                match colour[child.index()] {
                    WHITE => {
                        colour[child.index()] = GREY;
                        let ce = edges(child.index());
                        stack.push((child.index(), ce, 0));
                    }
                    GREY => {
                        let at = &self.nodes[id].pointer;
                        return Err(err(FormErrorKind::RefCycle, kw, at));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

/// The most subschemas one node may bring to bear on one value through `$ref`,
/// `allOf`, `anyOf` and `oneOf`, counted along every path. Ordinary forms stay far
/// below; a chain of definitions each referring to the next twice reaches 2^n.
pub(crate) const MAX_EXPANSION: u64 = 100_000;

/// A node on the cycle check's stack: its id, its same-instance edges, the next edge.
type DfsFrame = (usize, Vec<(NodeId, Keyword)>, usize);

impl Compiler<'_> {
    /// Bounded work: no node expands into more than `MAX_EXPANSION` instances on one
    /// value. Post-order over the acyclic in-place graph, O(nodes + edges).
    fn check_expansion(&self) -> Result<()> {
        let n = self.nodes.len();
        let mut size = vec![0u64; n];
        let mut done = vec![false; n];
        let children = |id: usize| {
            let mut out: Vec<usize> = Vec::new();
            self.nodes[id].for_each_in_place(|c, _| out.push(c.index()));
            out
        };
        for start in 0..n {
            if done[start] {
                continue;
            }
            let mut stack = vec![(start, false)];
            while let Some((id, expanded)) = stack.pop() {
                if done[id] {
                    continue;
                }
                if expanded {
                    let total = children(id)
                        .into_iter()
                        .fold(1u64, |acc, c| acc.saturating_add(size[c]));
                    if total > MAX_EXPANSION {
                        return Err(FormError::new(
                            FormErrorKind::ExpansionTooLarge,
                            None,
                            self.nodes[id].pointer.to_string(),
                        ));
                    }
                    size[id] = total;
                    done[id] = true;
                } else {
                    stack.push((id, true));
                    stack.extend(
                        children(id)
                            .into_iter()
                            .filter(|&c| !done[c])
                            .map(|c| (c, false)),
                    );
                }
            }
        }
        Ok(())
    }
}

/// A list of unique names (`dependentRequired`'s and `dependencies`' lists).
fn names(value: &Value<'_>, kw: Keyword, at: &str, what: &'static str) -> Result<Vec<Box<str>>> {
    let Value::Array(names) = value else {
        return Err(invalid(kw, at, what));
    };
    let mut list: Vec<Box<str>> = Vec::new();
    for n in names {
        let Value::String(n) = n else {
            return Err(invalid(kw, at, what));
        };
        if list.iter().any(|l| **l == **n) {
            return Err(invalid(kw, at, what));
        }
        list.push(n.as_ref().into());
    }
    Ok(list)
}

fn json(v: &Value<'_>) -> Box<str> {
    let mut s = String::new();
    write_compact(v, &mut s);
    s.into()
}

fn types(value: &Value<'_>, at: &str) -> Result<(Types, SmallVec<[u8; 2]>)> {
    const WHAT: &str = "a type name or a non-empty array of unique type names";
    let mut bits = 0u8;
    let mut written = SmallVec::new();
    let mut add = |name: &Value<'_>| -> Result<()> {
        let Value::String(name) = name else {
            return Err(invalid(Keyword::Type, at, WHAT));
        };
        let bit = Types::bit(name).ok_or_else(|| invalid(Keyword::Type, at, WHAT))?;
        if bits & bit != 0 {
            return Err(err(FormErrorKind::DuplicateType, Keyword::Type, at));
        }
        bits |= bit;
        written.push(bit);
        Ok(())
    };
    match value {
        Value::String(_) => add(value)?,
        Value::Array(names) if !names.is_empty() => {
            for n in names {
                add(n)?;
            }
        }
        _ => return Err(invalid(Keyword::Type, at, WHAT)),
    }
    Ok((Types(bits), written))
}

/// A non-negative integer (`2.0` counts, as 2020-12 says); values beyond `u64` saturate,
/// which no string or array can reach.
fn count(value: &Value<'_>, kw: Keyword, at: &str) -> Result<Count> {
    const WHAT: &str = "a non-negative integer";
    let Value::Number(n) = value else {
        return Err(invalid(kw, at, WHAT));
    };
    let n = NumRef::new(n.as_str());
    if !n.is_integer() || (n.is_negative() && !n.is_zero()) {
        return Err(invalid(kw, at, WHAT));
    }
    Ok(Count {
        value: n.as_u64().unwrap_or(u64::MAX),
        lexeme: n_text(value).into(),
    })
}

fn n_text<'v>(value: &'v Value<'_>) -> &'v str {
    value.as_number().map_or("", |n| n.as_str())
}

fn decimal(value: &Value<'_>, kw: Keyword, at: &str) -> Result<Num> {
    match value {
        Value::Number(n) => Ok(Num {
            lexeme: n.as_str().into(),
            value: Decimal::parse(n.as_str()),
        }),
        _ => Err(invalid(kw, at, "a number")),
    }
}
