//! Stage 2: the compiled form. [`Form::compile`] turns schema bytes into nodes once;
//! the same object verifies bodies (stage 3, `crate::verify`) and renders the
//! published schema.
//!
//! Invariants:
//! 1. A `Form` exists only if every keyword of its schema is implemented exactly
//!    (see [`compile`] invariants); there is no partially compiled form.
//! 2. A `Form` is immutable after compilation, `Send + Sync`; per-call state lives in a
//!    reusable runtime, never in the form.

pub(crate) mod compile;
pub(crate) mod consts;
pub(crate) mod error;
pub(crate) mod format;
pub(crate) mod node;
pub(crate) mod number;
pub(crate) mod pattern;
pub(crate) mod plan;
pub(crate) mod pointer;
pub(crate) mod vocabulary;

use std::cell::RefCell;

use crate::limits::Limits;
use crate::render::publish::{Message, Published};
use crate::verify::accepted::Accepted;
use crate::verify::rejection::Rejection;
use crate::verify::stream::{ReadError, Verifier};
use crate::verify::Runtime;
use consts::Consts;
use error::FormError;
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
}

/// Options for compiling a form: the limits its bodies are held to.
///
/// ```
/// let form = formgate::Form::builder()
///     .max_bytes(64 * 1024)
///     .max_depth(16)
///     .compile(br#"{"type":"array","items":{"type":"integer"}}"#)
///     .unwrap();
/// assert_eq!(form.limits().max_depth(), 16);
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct FormBuilder {
    limits: Limits,
}

impl FormBuilder {
    /// The largest body accepted, in bytes (default 1 MiB).
    pub fn max_bytes(mut self, n: usize) -> FormBuilder {
        self.limits = self.limits.with_max_bytes(n);
        self
    }

    /// The deepest nesting of containers accepted in a body (default 128).
    pub fn max_depth(mut self, n: usize) -> FormBuilder {
        self.limits = self.limits.with_max_depth(n);
        self
    }

    /// Set both limits at once.
    pub fn limits(mut self, limits: Limits) -> FormBuilder {
        self.limits = limits;
        self
    }

    /// Compile `schema` with these options. The schema itself is parsed strictly with
    /// the default limits (1 MiB, depth 128).
    pub fn compile(self, schema: &[u8]) -> Result<Form, FormError> {
        let value = crate::parse::parse(schema, &Limits::default()).map_err(FormError::parse)?;
        let compiled = compile::compile(&value).map_err(|mut e| {
            e.set_offset(offset_of(schema, e.pointer()));
            e
        })?;
        let schema_json =
            crate::render::schema(&compiled.nodes, &compiled.consts, compiled.root).into();
        let plans = Plans::new(&compiled.nodes);
        Ok(Form {
            plans,
            schema_json,
            nodes: compiled.nodes,
            consts: compiled.consts,
            root: compiled.root,
            dialect: compiled.dialect,
            limits: self.limits,
        })
    }
}

thread_local! {
    static RUNTIME: RefCell<Option<Runtime>> = const { RefCell::new(None) };
}

/// Run `f` with this thread's reusable runtime (invariant 2), or a fresh one if it is
/// in use.
fn with_runtime<R>(f: impl FnOnce(&mut Runtime) -> R) -> R {
    // Used in place rather than moved out and back: the runtime is a few hundred bytes,
    // and on a 279-byte body the two moves were a measurable part of a verify.
    RUNTIME.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => f(slot.get_or_insert_with(Runtime::new)),
        Err(_) => f(&mut Runtime::new()),
    })
}

impl Form {
    /// Compile a form with the default limits for its bodies (1 MiB, depth 128).
    ///
    /// Fails, naming the keyword and its JSON Pointer, on anything outside Vocabulary v1.
    pub fn compile(schema: &[u8]) -> Result<Form, FormError> {
        FormBuilder::default().compile(schema)
    }

    /// Options for compiling: limits for the bodies.
    pub fn builder() -> FormBuilder {
        FormBuilder::default()
    }

    /// The limits bodies are held to.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Verify a body: the size check first, then the strict parse and the compiled form
    /// together; no tree is built. `Ok(())` means the form admits it.
    ///
    /// A schema-directed fast pass admits most admitted bodies on its own; when it is
    /// not sure (a rejection, or a form or body beyond what it handles) the general
    /// validator, one pass of the strict parser's events, decides and explains. O(n)
    /// time for a fixed form (the fast pass is bounded by a multiple of the body's
    /// length); a rejection points at the first byte after which no admitted value can
    /// begin.
    pub fn verify(&self, body: &[u8]) -> Result<(), Rejection> {
        with_runtime(|rt| rt.verify(self, body))
    }

    /// Verify a body and deserialize it into `T` in the same single pass: the validator
    /// sees every event the deserializer consumes (and those it skips), and a `T` is
    /// returned only for a body [`Form::verify`] admits. Strings without escapes can be
    /// borrowed (`&'de str`, `Cow<'de, str>`).
    ///
    /// A body the form admits but `T` cannot hold gives
    /// [`RejectionKind::Unrepresentable`](crate::RejectionKind::Unrepresentable).
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Act<'a> { role: &'a str }
    /// let form = formgate::Form::compile(br#"{"type":"object","properties":{"role":{"enum":["user","admin"]}},"required":["role"]}"#).unwrap();
    /// let act: Act = form.verify_into(br#"{"role":"user"}"#).unwrap();
    /// assert_eq!(act.role, "user");
    /// // A duplicate never deserializes, whichever value a permissive parser would keep.
    /// assert!(form.verify_into::<Act>(br#"{"role":"admin","role":"user"}"#).is_err());
    /// ```
    pub fn verify_into<'de, T: serde::Deserialize<'de>>(
        &self,
        body: &'de [u8],
    ) -> Result<T, Rejection> {
        with_runtime(|rt| crate::verify::deserialize::verify_into(self, rt, body))
    }

    /// An incremental verifier for one body fed in chunks as it arrives (see
    /// [`Verifier`]): it counts bytes, and says no at the first chunk that leaves the
    /// form or crosses `max_bytes`.
    pub fn verifier(&self) -> Verifier<'_> {
        Verifier::new(self)
    }

    /// Verify everything a reader yields, reading at most `max_bytes + 1` bytes in
    /// bounded memory, and stopping at the first chunk that leaves the form.
    ///
    /// ```
    /// let form = formgate::Form::builder().max_bytes(8).compile(b"{}").unwrap();
    /// assert!(form.verify_reader(&b"{\"a\":1}"[..]).is_ok());
    /// assert!(form.verify_reader(std::io::repeat(b' ')).is_err()); // stops after 9 bytes
    /// ```
    pub fn verify_reader<R: std::io::Read>(&self, reader: R) -> Result<(), ReadError> {
        crate::verify::stream::verify_reader(self, reader)
    }

    /// Verify a body and keep its tree, built in the same pass, as proof of acceptance.
    pub fn accept<'a>(&self, body: &'a [u8]) -> Result<Accepted<'a>, Rejection> {
        let value = with_runtime(|rt| rt.accept(self, body))?;
        Ok(Accepted::new(body, value))
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

    /// The GET body of an address serving this form, `{"p": prompt, "m": messages,
    /// "s": form}`, with its strong entity tag. Build it once and serve the bytes.
    ///
    /// ```
    /// use formgate::{Form, Message};
    /// let form = Form::compile(br#"{"type":"string","maxLength":80}"#).unwrap();
    /// let get = form.publish("Write a haiku title.", &[Message::new("user", "about rain")]);
    /// assert!(std::str::from_utf8(get.body()).unwrap().ends_with(r#""s":{"type":"string","maxLength":80}}"#));
    /// assert_eq!(get.content_type(), "application/json");
    /// ```
    pub fn publish(&self, prompt: &str, messages: &[Message]) -> Published {
        crate::render::publish::publish(self, prompt, messages)
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

    #[allow(dead_code)]
    pub(crate) fn dialect(&self) -> Dialect {
        self.dialect
    }
}

/// The byte offset of the member name (or array element) at `pointer` in `schema`, for
/// error messages. Re-parses the form; called only on compile errors.
fn offset_of(schema: &[u8], pointer: &str) -> Option<u64> {
    use crate::parse::event::Event;
    if pointer.is_empty() {
        return Some(0);
    }
    let target: Vec<String> = pointer
        .strip_prefix('/')?
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let mut p = crate::parse::Parser::new(schema, &Limits::default()).ok()?;
    // One entry per open container: the current member name or element index.
    let mut path: Vec<(bool, String, usize)> = Vec::new();
    let at = |path: &[(bool, String, usize)]| -> bool {
        path.len() == target.len()
            && path.iter().zip(&target).all(|((object, name, i), t)| {
                if *object {
                    name == t
                } else {
                    i.to_string() == *t
                }
            })
    };
    loop {
        let ev = p.next().ok()??;
        let mut matched = false;
        match ev {
            Event::Key(k) => {
                if let Some(last) = path.last_mut() {
                    last.1 = k.as_str().to_owned();
                }
                matched = at(&path);
            }
            Event::ObjectEnd | Event::ArrayEnd => {
                path.pop();
                continue;
            }
            _ => {
                if let Some(last) = path.last_mut() {
                    if !last.0 {
                        last.2 = last.2.wrapping_add(1);
                        matched = at(&path);
                    }
                }
            }
        }
        if matched {
            return Some(p.offset());
        }
        match ev {
            Event::ObjectStart => path.push((true, String::new(), 0)),
            Event::ArrayStart => path.push((false, String::new(), usize::MAX)),
            _ => {}
        }
    }
}
