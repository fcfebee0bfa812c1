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
use super::metaschema::{self, Embedded, Meta};
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
    /// Whether the form is not one standard dialect throughout: its `$schema` names a
    /// metaschema it holds, or an embedded resource's names another dialect or
    /// metaschema than the root's.
    pub(crate) mixed: bool,
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
    /// The dialect and vocabularies of the schema being compiled: the root's `$schema`,
    /// or an embedded resource's (`form/metaschema.rs`).
    meta: Meta,
    /// `meta.dialect`.
    dialect: Dialect,
    /// The metaschemas the form holds, for `$schema`s that name one.
    embedded: Embedded,
    /// Whether some resource's `meta` differs from the root's.
    mixed: bool,
    /// The metaschema a `$schema` named that the form does not hold (the builder
    /// bundles it when registered).
    missing_meta: Option<String>,
    /// Whether the value being compiled is one a `$ref` reads as a schema outside any
    /// schema position (`compile/references.rs`), which may name nothing.
    late: bool,
    nodes: Vec<Node>,
    consts: Consts,
    by_pointer: HashMap<String, NodeId>,
    refs: Vec<PendingRef>,
    /// The resource (an index into `resources`) each node was written in; `u32::MAX`
    /// for the boolean schemas.
    node_resource: Vec<u32>,
    /// Resource URIs, by index (2019-09 and later; for dynamic scope).
    resources: Vec<String>,
    /// What the `$schema` in scope gave each node written in the form (not the copies
    /// `form/dynamic.rs` makes), for a `$ref` into a value compiled late.
    node_meta: Vec<Meta>,
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

mod bounds;
mod references;
mod subschemas;

use bounds::land;

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

/// What the form `root`'s `$schema` gives it (its dialect and vocabularies), looked
/// up among the standard dialects and the metaschemas `embedded` in it; without one,
/// `default`, whole. A metaschema the form does not hold is put in `missing`.
fn meta_of_root(
    root: &Value<'_>,
    default: Dialect,
    embedded: &Embedded,
    missing: &mut Vec<String>,
) -> Result<Meta> {
    match root.get("$schema") {
        None => Ok(Meta::standard(default)),
        Some(Value::String(uri)) => match embedded.meta_of(uri) {
            Ok(Some(meta)) => Ok(meta),
            Ok(None) => {
                missing.extend(metaschema::uri_of(uri));
                Err(unknown_metaschema(uri, ""))
            }
            Err(why) => Err(metaschema::error("", why)),
        },
        Some(_) => Err(invalid(Keyword::Schema, "", "a string")),
    }
}

/// The schema object `members` at `at`, inside a value a `$ref` reads as a schema
/// outside any schema position: an identifier or a `$schema` there would name a
/// resource, an anchor or a dialect that exists only because something refers into
/// an annotation, so it is refused.
fn late_value(members: &[(std::borrow::Cow<'_, str>, Value<'_>)], at: &str) -> Result<()> {
    const NAMING: [&str; 6] = [
        "$id",
        "id",
        "$anchor",
        "$dynamicAnchor",
        "$recursiveAnchor",
        "$schema",
    ];
    match members.iter().find(|(k, _)| NAMING.contains(&k.as_ref())) {
        Some((k, _)) => Err(FormError::new(
            FormErrorKind::InvalidValue(
                "no identifier, anchor or $schema: a value a $ref reads as a schema outside \
                 the schema's keywords names nothing",
            ),
            Some(k),
            pointer::join(at, k),
        )),
        None => Ok(()),
    }
}

/// A `$schema` at `at` naming `uri`, which is neither a standard dialect nor a
/// metaschema of the form.
fn unknown_metaschema(uri: &str, at: &str) -> FormError {
    err(FormErrorKind::UnsupportedDialect, Keyword::Schema, at).with_detail(format!(
        "{uri} is none of the five dialects, nor a metaschema in the form or registered"
    ))
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
    let embedded = Embedded::of(root);
    let meta = meta_of_root(root, default, &embedded, missing)?;
    let dialect = meta.dialect;
    let mut c = Compiler {
        annotations,
        owner_formats,
        meta,
        dialect,
        embedded,
        mixed: false,
        missing_meta: None,
        late: false,
        nodes: vec![Node::empty("".into()), Node::empty("".into())],
        consts: Consts::default(),
        by_pointer: HashMap::new(),
        refs: Vec::new(),
        node_resource: vec![u32::MAX, u32::MAX],
        node_meta: vec![meta, meta],
        resources: Vec::new(),
        dynamic: Vec::new(),
        scopes: Scopes::new(),
        discriminators: Vec::new(),
        bool_ok: false,
    };
    c.nodes[NodeId::FALSE.index()].reject_all = true;
    let root_id = match c.schema(root, "", true) {
        Ok(id) => id,
        Err(e) => {
            missing.extend(c.missing_meta);
            return Err(e);
        }
    };
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
    c.resolve_refs(root, missing)?;
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
        node.decimals = crate::form::check::scalar::decimals_plan(node);
        node.words = crate::form::check::scalar::words_plan(node, &c.consts);
        node.date_times = crate::form::check::scalar::date_times_plan(node);
        node.opens = crate::form::check::scalar::opens_plan(node, &c.consts);
    }
    land(&mut c.nodes);
    for i in 0..c.nodes.len() {
        c.nodes[i].leads = crate::form::check::branches::leads_plan(&c.nodes, &c.nodes[i]);
    }
    for i in 0..c.nodes.len() {
        c.nodes[i].sole = crate::form::check::branches::sole_plan(&c.nodes, &c.nodes[i]);
    }
    discriminator::check(
        &c.discriminators,
        &c.nodes,
        &c.consts,
        &c.scopes,
        &c.by_pointer,
    )?;
    Ok(Compiled {
        unevaluated,
        mixed: c.mixed || meta != Meta::standard(dialect),
        nodes: c.nodes,
        consts: c.consts,
        root: root_id,
        dialect,
    })
}

/// What the keywords of one schema record while [`Compiler::node`] compiles them, made
/// into its [`Node`] by [`Compiler::finish_node`].
struct Building {
    node: Node,
    object: ObjectChecks,
    array: ArrayChecks,
    string: StringChecks,
    number: NumberChecks,
    has_object: bool,
    has_array: bool,
    has_string: bool,
    has_number: bool,
    required: Vec<Box<str>>,
    properties: Vec<(Box<str>, NodeId)>,
    general_only: bool,
    legacy: Legacy,
    content: Option<Content>,
}

impl Building {
    /// Nothing recorded yet, for the schema at `at`; on the heap, so that the frames of
    /// the recursion through [`Compiler::node`] hold a pointer, not the checks.
    #[inline(never)]
    fn boxed(at: &str) -> Box<Building> {
        Box::new(Building {
            node: Node::empty(at.into()),
            object: ObjectChecks::default(),
            array: ArrayChecks::default(),
            string: StringChecks::default(),
            number: NumberChecks::default(),
            has_object: false,
            has_array: false,
            has_string: false,
            has_number: false,
            required: Vec::new(),
            properties: Vec::new(),
            general_only: false,
            legacy: Legacy::default(),
            content: None,
        })
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
                if self.late {
                    late_value(members, at)?;
                }
                let outer = self.meta;
                if let (false, Some((_, uri))) =
                    (is_root, members.iter().find(|(k, _)| k == "$schema"))
                {
                    self.enter_meta(uri, members, at)?;
                }
                let id = NodeId(self.nodes.len() as u32);
                self.nodes.push(Node::empty(at.into()));
                self.by_pointer.insert(at.to_owned(), id);
                let has_ref = members.iter().any(|(k, _)| k == "$ref");
                self.scopes.enter(members, at, self.dialect, has_ref)?;
                let resource = self.resource_index();
                self.node_resource.push(resource);
                self.node_meta.push(self.meta);
                let node = self.node(id, members, at)?;
                self.scopes.leave();
                self.nodes[id.index()] = node;
                self.meta = outer;
                self.dialect = outer.dialect;
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

    /// A `$schema` below the root (`value`, in the schema `members` at `at`): the
    /// schemas under it use what it names. Another dialect or other vocabularies than
    /// the schema around it has are allowed at an embedded resource's root only
    /// (2020-12 Core, section 8.1.1), as a document bundled in is
    /// (`form/bundle.rs`).
    fn enter_meta(
        &mut self,
        value: &Value<'_>,
        members: &[(std::borrow::Cow<'_, str>, Value<'_>)],
        at: &str,
    ) -> Result<()> {
        let Value::String(uri) = value else {
            return Err(invalid(Keyword::Schema, at, "a string"));
        };
        let meta = match self.embedded.meta_of(uri) {
            Ok(Some(meta)) => meta,
            Ok(None) => {
                self.missing_meta = metaschema::uri_of(uri);
                return Err(unknown_metaschema(uri, at));
            }
            Err(why) => return Err(metaschema::error(at, why)),
        };
        if meta == self.meta {
            return Ok(());
        }
        let id = meta.dialect.id_keyword().name();
        // draft-04..07 ignore every sibling of `$ref`, `$schema` and the identifier
        // included: where the schema around or the one named is of those, a `$ref`
        // beside them leaves no resource to switch.
        let has_ref = members.iter().any(|(k, _)| k == "$ref");
        let ignored = has_ref && (meta.dialect.is_pre_2019() || self.dialect.is_pre_2019());
        let is_resource = !ignored
            && members.iter().any(|(k, v)| {
                k == id && matches!(v, Value::String(s) if !super::resolve::split(s).0.is_empty())
            });
        if !is_resource {
            return Err(
                err(FormErrorKind::UnsupportedDialect, Keyword::Schema, at).with_detail(format!(
                    "a $schema naming another dialect or metaschema than the schema around it \
                     names is allowed only at an embedded resource's root, beside its {id} \
                     (or give the whole form that dialect, by its root's $schema or the \
                     default dialect)"
                )),
            );
        }
        self.meta = meta;
        self.dialect = meta.dialect;
        self.mixed = true;
        Ok(())
    }

    /// The node of the schema `members` at `at`, whose id is `id`: each keyword
    /// compiled in order, those with subschemas here (the recursion), the others by
    /// [`Compiler::leaf`], then the node made whole by [`Compiler::finish_node`].
    fn node(
        &mut self,
        id: NodeId,
        members: &[(std::borrow::Cow<'_, str>, Value<'_>)],
        at: &str,
    ) -> Result<Node> {
        let mut built = Building::boxed(at);
        let has_ref = members.iter().any(|(k, _)| k == "$ref");

        for (name, value) in members {
            self.keyword(&mut built, id, name, value, at, has_ref)?;
        }
        self.finish_node(built, at)
    }

    /// The member `name` of the schema at `at` (whose node is `id`; `has_ref` if it
    /// has a `$ref`), a keyword or an annotation the owner declared: checked and
    /// recorded in `built`, its subschemas compiled. Out of line, as [`Compiler::leaf`]
    /// and the `sub_` functions are, so that the recursion through [`Compiler::node`]
    /// keeps a small frame per level of nesting (see [`Compiler::leaf`]).
    #[inline(never)]
    fn keyword(
        &mut self,
        built: &mut Building,
        id: NodeId,
        name: &str,
        value: &Value<'_>,
        at: &str,
        has_ref: bool,
    ) -> Result<()> {
        let Some(kw) = Keyword::from_name(name) else {
            if self.annotations.iter().any(|a| **a == *name) {
                // Declared by the form's owner: kept verbatim, never decides.
                built.node.declared.push(name.into());
                built.node.order.push((None, Some(json(value))));
                return Ok(());
            }
            return Err(FormError::new(
                FormErrorKind::UnknownKeyword,
                Some(name),
                pointer::join(at, name),
            ));
        };
        let here = pointer::join(at, name);
        dialect::admit(kw, name, self.meta, has_ref, at)?;
        let verbatim = match kw {
            Keyword::Properties => self.sub_properties(built, kw, value, at, &here),
            Keyword::Dependencies => self.sub_dependencies(built, kw, value, at, &here),
            Keyword::DependentSchemas => self.sub_dependent_schemas(built, kw, value, at, &here),
            Keyword::PatternProperties => self.sub_pattern_properties(built, kw, value, at, &here),
            Keyword::Defs | Keyword::Definitions => self.sub_defs(built, kw, value, at, &here),
            Keyword::Items if self.dialect.has_array_items() && value.as_array().is_some() => {
                self.sub_list(built, kw, value, at)
            }
            Keyword::AllOf | Keyword::AnyOf | Keyword::OneOf | Keyword::PrefixItems => {
                self.sub_list(built, kw, value, at)
            }
            Keyword::AdditionalProperties
            | Keyword::Items
            | Keyword::AdditionalItems
            | Keyword::PropertyNames
            | Keyword::Contains
            | Keyword::UnevaluatedProperties
            | Keyword::UnevaluatedItems
            | Keyword::ContentSchema
            | Keyword::Not
            | Keyword::If
            | Keyword::Then
            | Keyword::Else => self.sub_one(built, kw, value, at, &here),
            _ => self.leaf(built, id, kw, value, at, here),
        }?;
        built.node.order.push((Some(kw), verbatim));
        Ok(())
    }

    /// The node made whole from what its keywords recorded in `built`: the legacy
    /// keywords' effects, `enum` beside `const`, the member index, and each kind's checks
    /// kept only where a keyword of that kind was written. Out of line, as
    /// [`Compiler::leaf`] is.
    #[inline(never)]
    fn finish_node(&mut self, built: Box<Building>, at: &str) -> Result<Node> {
        let Building {
            mut node,
            mut object,
            mut array,
            mut string,
            mut number,
            has_object,
            has_array,
            mut has_string,
            has_number,
            required,
            properties,
            mut general_only,
            legacy,
            content,
        } = *built;
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
                    landed: NodeId::TRUE,
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
                            landed: NodeId::TRUE,
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
            array.settle();
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

    /// The keyword `kw` (at `here`) of the schema at `at` whose node is
    /// `id`, when its value holds no subschema: checked and recorded in `built`; what
    /// the published form keeps of it verbatim, if anything.
    ///
    /// Out of line, as [`Compiler::keyword`], the `sub_` functions and
    /// [`Compiler::finish_node`] are, so that the frames the recursion through
    /// [`Compiler::node`] keeps per level of nesting stay small. With every keyword in
    /// `node`, a debug build kept about 42 KB of stack a level (37 KB of it `node`'s),
    /// and a thread of 2 MiB (a test's, a tokio worker's) overflowed at about 56 nested
    /// schemas, within what the parse depth limit lets a form nest (127 through
    /// `items`); split so, about 8.5 KB a level (`tests/form_depth.rs`).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn leaf(
        &mut self,
        built: &mut Building,
        id: NodeId,
        kw: Keyword,
        value: &Value<'_>,
        at: &str,
        here: String,
    ) -> Result<Option<Box<str>>> {
        let Building {
            node,
            object,
            array,
            string,
            number,
            has_object,
            has_array,
            has_string,
            has_number,
            required,
            legacy,
            content,
            ..
        } = built;
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
                self.draft4_non_empty(items.is_empty(), kw, at, "a non-empty array (draft-04)")?;
                node.enum_written = Some(self.consts.add_set(items, false));
            }
            Keyword::Const => {
                node.const_written = Some(self.consts.add_set(std::slice::from_ref(value), true));
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
                *has_object = true;
            }
            Keyword::MinItems => {
                array.min_items = Some(count(value, kw, at)?);
                *has_array = true;
            }
            Keyword::MaxItems => {
                array.max_items = Some(count(value, kw, at)?);
                *has_array = true;
            }
            Keyword::MinLength => {
                string.min_length = Some(count(value, kw, at)?);
                *has_string = true;
            }
            Keyword::MaxLength => {
                string.max_length = Some(count(value, kw, at)?);
                *has_string = true;
            }
            Keyword::Pattern => {
                let Value::String(src) = value else {
                    return Err(invalid(kw, at, "a string"));
                };
                let p = Pattern::new(src)
                    .map_err(|e| err(FormErrorKind::InvalidPattern(e.to_string()), kw, at))?;
                string.pattern = Some(p);
                *has_string = true;
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
                    *has_string = true;
                    // `keyword` records it in `node.order`, as every keyword.
                    return Ok(None);
                };
                // A numeric format constrains numbers, the others strings.
                if f.applies_to_numbers() {
                    number.format = Some(f);
                    *has_number = true;
                } else {
                    string.format = Some(f);
                    *has_string = true;
                }
            }
            Keyword::Minimum => {
                number.minimum = Some(decimal(value, kw, at)?);
                *has_number = true;
            }
            Keyword::Maximum => {
                number.maximum = Some(decimal(value, kw, at)?);
                *has_number = true;
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
                *has_number = true;
            }
            Keyword::ExclusiveMaximum => {
                number.exclusive_maximum = Some(decimal(value, kw, at)?);
                *has_number = true;
            }
            Keyword::MultipleOf => {
                let d = decimal(value, kw, at)?;
                let n = d.value.as_num();
                if n.is_zero() || n.is_negative() {
                    return Err(invalid(kw, at, "a number greater than 0"));
                }
                number.multiple_of = Some(d);
                *has_number = true;
            }
            Keyword::MinProperties => {
                object.min_properties = Some(count(value, kw, at)?);
                *has_object = true;
            }
            Keyword::MaxProperties => {
                object.max_properties = Some(count(value, kw, at)?);
                *has_object = true;
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
                *has_object = true;
            }
            Keyword::UniqueItems => {
                let Value::Bool(b) = value else {
                    return Err(invalid(kw, at, "a boolean"));
                };
                array.unique_items = Some(*b);
                *has_array = true;
            }
            Keyword::MinContains => {
                array.min_contains = Some(count(value, kw, at)?);
                *has_array = true;
            }
            Keyword::MaxContains => {
                array.max_contains = Some(count(value, kw, at)?);
                *has_array = true;
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
            // Read by `meta_of_root` at the root and by `enter_meta` below it.
            Keyword::Schema => verbatim = Some(json(value)),
            // Read, checked and recorded by `Scopes::enter`.
            Keyword::Id
            | Keyword::LegacyId
            | Keyword::Anchor
            | Keyword::DynamicAnchor
            | Keyword::RecursiveAnchor => {
                verbatim = Some(json(value));
            }
            Keyword::Vocabulary => {
                // Read where the schema is a metaschema (`form/metaschema.rs`);
                // here, only its shape is checked.
                let shaped = matches!(value, Value::Object(entries)
                    if entries.iter().all(|(_, v)| matches!(v, Value::Bool(_))));
                if !shaped {
                    return Err(invalid(kw, at, "an object of vocabulary URIs to booleans"));
                }
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

            // `keyword` compiles these (`compile/subschemas.rs`); listed rather than `_`, so
            // that a keyword added to the table is a compile error until it is handled.
            Keyword::Properties
            | Keyword::Dependencies
            | Keyword::DependentSchemas
            | Keyword::PatternProperties
            | Keyword::Defs
            | Keyword::Definitions
            | Keyword::AllOf
            | Keyword::AnyOf
            | Keyword::OneOf
            | Keyword::PrefixItems
            | Keyword::AdditionalProperties
            | Keyword::Items
            | Keyword::AdditionalItems
            | Keyword::PropertyNames
            | Keyword::Contains
            | Keyword::UnevaluatedProperties
            | Keyword::UnevaluatedItems
            | Keyword::ContentSchema
            | Keyword::Not
            | Keyword::If
            | Keyword::Then
            | Keyword::Else => unreachable!("`keyword` compiles the keywords with subschemas"),
        }
        Ok(verbatim)
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
