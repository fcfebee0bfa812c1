//! Stage 4: compiled form → the published `s`.
//!
//! Invariants:
//! 1. The text is produced from the compiled nodes alone (the fields the validator
//!    reads), never from a saved copy of the input: what is published is what is
//!    enforced.
//! 2. Compact JSON; keywords and members in the order written; numbers exactly as
//!    written; strings escaped minimally (`"`, `\`, control characters).
//! 3. Rendering the compilation of a rendering gives the same bytes (a fixed point).
//!
//! Cost: O(size of the form); done once, at compile time. Recursion depth is bounded
//! by the form's parse depth limit.

pub(crate) mod page;
pub(crate) mod publish;

use crate::form::consts::{CValue, Consts, ValueId};
use crate::form::node::{Node, NodeId, Types};
use crate::form::vocabulary::Keyword;
use crate::parse::value::write_json_string;

/// Render the schema rooted at `root`.
pub(crate) fn schema(nodes: &[Node], consts: &Consts, root: NodeId) -> String {
    let mut out = String::new();
    Renderer { nodes, consts }.node(root, &mut out);
    out
}

struct Renderer<'f> {
    nodes: &'f [Node],
    consts: &'f Consts,
}

fn type_name(bit: u8) -> &'static str {
    match bit {
        Types::NULL => "null",
        Types::BOOLEAN => "boolean",
        Types::INTEGER => "integer",
        Types::NUMBER => "number",
        Types::STRING => "string",
        Types::ARRAY => "array",
        _ => "object",
    }
}

impl Renderer<'_> {
    fn node(&self, id: NodeId, out: &mut String) {
        if id == NodeId::TRUE {
            out.push_str("true");
            return;
        }
        if id == NodeId::FALSE {
            out.push_str("false");
            return;
        }
        let node = &self.nodes[id.index()];
        out.push('{');
        let mut declared = node.declared.iter();
        for (i, (kw, verbatim)) in node.order.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let name = match kw {
                None => declared.next().expect("a name per declared entry"),
                Some(kw) => kw.name(),
            };
            write_json_string(name, out);
            out.push(':');
            match (verbatim, kw) {
                (Some(text), _) => out.push_str(text),
                (None, Some(kw)) => self.keyword(node, *kw, out),
                (None, None) => unreachable!("a declared annotation is kept verbatim"),
            }
        }
        out.push('}');
    }

    fn list(&self, ids: &[NodeId], out: &mut String) {
        out.push('[');
        for (i, &id) in ids.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.node(id, out);
        }
        out.push(']');
    }

    /// An object of schemas, members in the order written.
    fn map<'n>(&self, entries: impl Iterator<Item = (&'n str, NodeId)>, out: &mut String) {
        out.push('{');
        for (i, (name, id)) in entries.enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_json_string(name, out);
            out.push(':');
            self.node(id, out);
        }
        out.push('}');
    }

    fn keyword(&self, node: &Node, kw: Keyword, out: &mut String) {
        let object = node.object.as_deref();
        let array = node.array.as_deref();
        let string = node.string.as_deref();
        let number = node.number.as_deref();
        let missing = "null";
        match kw {
            Keyword::Type => match &node.types_written {
                Some((true, bits)) => {
                    out.push('[');
                    for (i, &b) in bits.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        write_json_string(type_name(b), out);
                    }
                    out.push(']');
                }
                Some((false, bits)) => write_json_string(type_name(bits[0]), out),
                None => out.push_str(missing),
            },
            Keyword::Enum | Keyword::Const => {
                let written = if kw == Keyword::Enum {
                    node.enum_written
                } else {
                    node.const_written
                };
                let set = self.consts.set(written.expect("enum/const compiled"));
                if set.is_const {
                    self.value(set.values[0], out);
                } else {
                    out.push('[');
                    for (i, &v) in set.values.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        self.value(v, out);
                    }
                    out.push(']');
                }
            }
            Keyword::Required => {
                out.push('[');
                let names = object.map_or(&[][..], |o| &o.required_order[..]);
                for (i, n) in names.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_string(n, out);
                }
                out.push(']');
            }
            Keyword::Properties => {
                out.push('{');
                if let Some(o) = object {
                    for (i, name) in o.properties_order.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        write_json_string(name, out);
                        out.push(':');
                        let child = o.member(name).and_then(|m| m.schema);
                        self.node(child.expect("listed property compiled"), out);
                    }
                }
                out.push('}');
            }
            Keyword::AdditionalProperties => {
                self.node(object.and_then(|o| o.additional).expect("compiled"), out)
            }
            Keyword::Items => match (array, node.legacy.as_deref()) {
                (Some(a), Some(l)) if l.items_array => self.list(&a.prefix, out),
                _ => self.node(array.and_then(|a| a.items).expect("compiled"), out),
            },
            Keyword::AdditionalItems => self.node(
                node.legacy
                    .as_deref()
                    .and_then(|l| l.additional_items)
                    .expect("compiled"),
                out,
            ),
            Keyword::Dependencies => self.dependencies(node, out),
            Keyword::PrefixItems => self.list(array.map_or(&[][..], |a| &a.prefix[..]), out),
            Keyword::MinItems => out.push_str(lexeme(array.and_then(|a| a.min_items.as_ref()))),
            Keyword::MaxItems => out.push_str(lexeme(array.and_then(|a| a.max_items.as_ref()))),
            Keyword::MinLength => out.push_str(lexeme(string.and_then(|s| s.min_length.as_ref()))),
            Keyword::MaxLength => out.push_str(lexeme(string.and_then(|s| s.max_length.as_ref()))),
            Keyword::Pattern => match string.and_then(|s| s.pattern.as_ref()) {
                Some(p) => write_json_string(p.source(), out),
                None => out.push_str(missing),
            },
            Keyword::Format => {
                let builtin =
                    (string.and_then(|s| s.format)).or_else(|| number.and_then(|n| n.format));
                let owner = string.and_then(|s| s.owner_format.as_deref());
                match (builtin, owner) {
                    (Some(f), _) => write_json_string(f.name(), out),
                    (None, Some(f)) => write_json_string(f.name(), out),
                    (None, None) => out.push_str(missing),
                }
            }
            Keyword::Minimum => out.push_str(num(number.and_then(|n| n.minimum.as_ref()))),
            Keyword::Maximum => out.push_str(num(number.and_then(|n| n.maximum.as_ref()))),
            Keyword::ExclusiveMinimum => {
                out.push_str(num(number.and_then(|n| n.exclusive_minimum.as_ref())))
            }
            Keyword::ExclusiveMaximum => {
                out.push_str(num(number.and_then(|n| n.exclusive_maximum.as_ref())))
            }
            Keyword::MultipleOf => out.push_str(num(number.and_then(|n| n.multiple_of.as_ref()))),
            Keyword::MinProperties => {
                out.push_str(lexeme(object.and_then(|o| o.min_properties.as_ref())))
            }
            Keyword::MaxProperties => {
                out.push_str(lexeme(object.and_then(|o| o.max_properties.as_ref())))
            }
            Keyword::UniqueItems => match array.and_then(|a| a.unique_items) {
                Some(true) => out.push_str("true"),
                Some(false) => out.push_str("false"),
                None => out.push_str(missing),
            },
            Keyword::MinContains => {
                out.push_str(lexeme(array.and_then(|a| a.min_contains.as_ref())))
            }
            Keyword::MaxContains => {
                out.push_str(lexeme(array.and_then(|a| a.max_contains.as_ref())))
            }
            Keyword::DependentRequired => {
                out.push('{');
                let entries = object.map_or(&[][..], |o| &o.dependent_required[..]);
                for (i, (trigger, names)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    names_entry(trigger, names, out);
                }
                out.push('}');
            }
            Keyword::DependentSchemas => self.map(
                node.dependent_schemas.iter().map(|(n, id)| (&**n, *id)),
                out,
            ),
            Keyword::PatternProperties => self.map(
                object
                    .map_or(&[][..], |o| &o.pattern_properties[..])
                    .iter()
                    .map(|(p, id)| (p.source(), *id)),
                out,
            ),
            Keyword::PropertyNames => self.node(
                object.and_then(|o| o.property_names).expect("compiled"),
                out,
            ),
            Keyword::Contains => self.node(array.and_then(|a| a.contains).expect("compiled"), out),
            Keyword::UnevaluatedProperties => {
                self.node(object.and_then(|o| o.unevaluated).expect("compiled"), out)
            }
            Keyword::UnevaluatedItems => {
                self.node(array.and_then(|a| a.unevaluated).expect("compiled"), out)
            }
            Keyword::ContentSchema => self.node(
                string
                    .and_then(|s| s.content.as_ref())
                    .and_then(|c| c.schema)
                    .expect("compiled"),
                out,
            ),
            Keyword::Not => self.node(node.not.expect("compiled"), out),
            Keyword::If => self.node(node.if_.expect("compiled"), out),
            Keyword::Then => self.node(node.then_.expect("compiled"), out),
            Keyword::Else => self.node(node.else_.expect("compiled"), out),
            Keyword::AllOf => self.list(&node.all_of, out),
            Keyword::AnyOf => self.list(&node.any_of, out),
            Keyword::OneOf => self.list(&node.one_of, out),
            Keyword::Defs | Keyword::Definitions => {
                out.push('{');
                let held = node.defs.iter().filter(|(holder, ..)| *holder == kw);
                for (i, (_, name, id)) in held.enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_string(name, out);
                    out.push(':');
                    self.node(*id, out);
                }
                out.push('}');
            }
            // Kept verbatim by the compiler; never reached.
            Keyword::Ref
            | Keyword::Title
            | Keyword::Description
            | Keyword::Default
            | Keyword::Examples
            | Keyword::Comment
            | Keyword::Deprecated
            | Keyword::ReadOnly
            | Keyword::WriteOnly
            | Keyword::False
            | Keyword::Schema
            | Keyword::Id
            | Keyword::LegacyId
            | Keyword::Anchor
            | Keyword::DynamicRef
            | Keyword::DynamicAnchor
            | Keyword::RecursiveRef
            | Keyword::RecursiveAnchor
            | Keyword::Vocabulary
            | Keyword::ContentEncoding
            | Keyword::ContentMediaType
            | Keyword::Discriminator => out.push_str(missing),
        }
    }

    /// `dependencies` (draft-04..07): its entries in the order written, each from
    /// `dependentSchemas` or `dependentRequired`, where the compiler put it.
    fn dependencies(&self, node: &Node, out: &mut String) {
        let object = node.object.as_deref();
        let entries = node
            .legacy
            .as_deref()
            .map_or(&[][..], |l| &l.dependencies[..]);
        out.push('{');
        for (i, (name, is_schema)) in entries.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if *is_schema {
                let (_, id) = node
                    .dependent_schemas
                    .iter()
                    .find(|(n, _)| n == name)
                    .expect("compiled");
                write_json_string(name, out);
                out.push(':');
                self.node(*id, out);
            } else {
                let (_, names) = object
                    .and_then(|o| o.dependent_required.iter().find(|(n, _)| n == name))
                    .expect("compiled");
                names_entry(name, names, out);
            }
        }
        out.push('}');
    }

    fn value(&self, id: ValueId, out: &mut String) {
        match self.consts.value(id) {
            CValue::Null => out.push_str("null"),
            CValue::Bool(true) => out.push_str("true"),
            CValue::Bool(false) => out.push_str("false"),
            CValue::Number(n) => out.push_str(n),
            CValue::String(s) => write_json_string(s, out),
            &CValue::Array { start, len } => {
                out.push('[');
                for k in 0..len {
                    if k > 0 {
                        out.push(',');
                    }
                    self.value(self.consts.elements[(start + k) as usize], out);
                }
                out.push(']');
            }
            &CValue::Object { start, len } => {
                out.push('{');
                for k in 0..len {
                    if k > 0 {
                        out.push(',');
                    }
                    let (name, v) = &self.consts.members[(start + k) as usize];
                    write_json_string(name, out);
                    out.push(':');
                    self.value(*v, out);
                }
                out.push('}');
            }
        }
    }
}

/// `"trigger":["name",...]`.
fn names_entry(trigger: &str, names: &[Box<str>], out: &mut String) {
    write_json_string(trigger, out);
    out.push_str(":[");
    for (j, n) in names.iter().enumerate() {
        if j > 0 {
            out.push(',');
        }
        write_json_string(n, out);
    }
    out.push(']');
}

fn lexeme(c: Option<&crate::form::node::Count>) -> &str {
    c.map_or("null", |c| &c.lexeme)
}

fn num(n: Option<&crate::form::node::Num>) -> &str {
    n.map_or("null", |n| &n.lexeme)
}
