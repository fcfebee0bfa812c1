//! Stage 2: the compiled form, as data. [`compile`] turns a parsed schema into nodes
//! once; the stages above read them: `crate::verify` decides bodies, `crate::render`
//! writes the published schema, `crate::audit` bounds what a form admits. This module
//! depends on none of them (only on `crate::parse` and the crate's utilities); the
//! composition of parse, compile and render into [`Form::compile`] is `crate::builder`.
//!
//! Invariants:
//! 1. A `Form` exists only if every keyword of its schema is implemented exactly
//!    (see [`compile`] invariants); there is no partially compiled form.
//! 2. A `Form` is immutable after compilation, `Send + Sync`; per-call state lives in a
//!    reusable runtime of the verifier, never in the form.

pub(crate) mod bundle;
pub(crate) mod check;
pub(crate) mod compile;
pub(crate) mod consts;
pub(crate) mod dialect;
pub(crate) mod discriminator;
pub(crate) mod dynamic;
pub(crate) mod error;
pub(crate) mod format;
pub(crate) mod memory;
pub(crate) mod metaschema;
pub(crate) mod names;
pub(crate) mod node;
pub(crate) mod number;
pub(crate) mod pattern;
pub(crate) mod plan;
pub(crate) mod pointer;
pub(crate) mod resolve;
pub(crate) mod vocabulary;

use crate::limits::Limits;
use consts::Consts;
use node::{Node, NodeId};
use plan::Plans;
use vocabulary::Dialect;

/// A compiled form: the one object that verifies acts and renders the published `s`.
///
/// ```
/// use formgate::Form;
/// let form = Form::compile(br#"{
///     "type": "object",
///     "properties": {"name": {"type": "string", "maxLength": 8}},
///     "required": ["name"],
///     "additionalProperties": false
/// }"#).unwrap();
/// assert!(form.verify(br#"{"name":"gate"}"#).is_ok());
/// assert!(form.verify(br#"{"name":"gate","extra":1}"#).is_err());
/// assert!(form.verify(br#"{"name":"a","name":"b"}"#).is_err());
/// ```
#[derive(Debug)]
pub struct Form {
    nodes: Vec<Node>,
    consts: Consts,
    root: NodeId,
    dialect: Dialect,
    limits: Limits,
    schema_json: Box<str>,
    plans: Plans,
    /// Whether some node has `unevaluatedProperties` or `unevaluatedItems`.
    unevaluated: bool,
    /// Whether the form is not one standard dialect throughout (`compile::Compiled`).
    mixed: bool,
    /// The formats its owner defined, as given (for forms made from this one).
    owner_formats: format::owner::OwnerFormats,
}

impl Form {
    /// Assemble a form from a compilation and its rendering (`crate::builder` calls
    /// this, once per form).
    pub(crate) fn assemble(
        compiled: compile::Compiled,
        schema_json: Box<str>,
        limits: Limits,
        owner_formats: format::owner::OwnerFormats,
    ) -> Form {
        let plans = Plans::new(&compiled.nodes);
        Form {
            plans,
            schema_json,
            nodes: compiled.nodes,
            consts: compiled.consts,
            root: compiled.root,
            dialect: compiled.dialect,
            unevaluated: compiled.unevaluated,
            mixed: compiled.mixed,
            limits,
            owner_formats,
        }
    }

    /// Whether the form is not one standard dialect throughout: its `$schema` names a
    /// metaschema it holds, or an embedded resource's names another dialect or
    /// metaschema than the root's.
    pub(crate) fn is_mixed(&self) -> bool {
        self.mixed
    }

    /// The formats the form's owner defined, as given to its builder.
    pub(crate) fn owner_formats(&self) -> &format::owner::OwnerFormats {
        &self.owner_formats
    }

    /// The limits bodies are held to.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Hold the same form to other limits. Compilation does not read the limits
    /// (`FormBuilder::compile` only hands them to [`Form::assemble`]), so this form is
    /// the one a compile with `limits` gives; the fuzz checks of `max_bytes` use it
    /// rather than compiling the form twice more per execution.
    #[cfg(any(fuzzing, feature = "__fuzz"))]
    pub(crate) fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The published `s`: compact JSON rendered from the compiled form at compile time
    /// (keywords in the order written, numbers as written, annotations kept).
    ///
    /// ```
    /// let form = formgate::Form::compile(b"{ \"type\": \"string\", \"maxLength\": 1e1 }").unwrap();
    /// assert_eq!(form.schema_json(), r#"{"type":"string","maxLength":1e1}"#);
    /// ```
    pub fn schema_json(&self) -> &str {
        &self.schema_json
    }

    #[inline]
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// Every compiled node, indexed by [`NodeId`] (for whole-form analyses).
    #[inline]
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    #[inline]
    pub(crate) fn plans(&self) -> &Plans {
        &self.plans
    }

    #[inline]
    pub(crate) fn consts(&self) -> &Consts {
        &self.consts
    }

    #[inline]
    pub(crate) fn root(&self) -> NodeId {
        self.root
    }

    /// The form's dialect: the one its `$schema` names, else the builder's default
    /// ([`FormBuilder::default_dialect`](crate::FormBuilder::default_dialect)).
    ///
    /// ```
    /// let form = formgate::Form::compile(br#"{"$schema":"http://json-schema.org/draft-04/schema#"}"#).unwrap();
    /// assert_eq!(form.dialect(), formgate::Dialect::Draft4);
    /// ```
    #[inline]
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Whether some node has `unevaluatedProperties` or `unevaluatedItems`: only then
    /// does the general validator track what containers' members evaluated.
    pub(crate) fn has_unevaluated(&self) -> bool {
        self.unevaluated
    }
}
