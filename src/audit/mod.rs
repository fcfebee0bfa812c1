//! Stage 5: the form is the attack surface. [`Form::audit`] reads the compiled nodes and
//! says where the form admits more than it should, and how large and how deep an
//! admitted value can be; [`Form::unroll`] bounds recursion within the form itself;
//! [`Form::rewrite`] spells it for decoders, admitting the same values.
//!
//! Everything an actor can cause at an address is the set of values its form admits,
//! so the audit works on what is enforced (the compiled nodes), never on the text.
//!
//! Invariants:
//! 1. **Bounds are upper bounds.** [`Audit::max_size`] is at least the length of the
//!    compact serialization (no whitespace, minimal string escapes, numbers as written)
//!    of every admitted value, and [`Audit::max_depth`] at least its nesting of
//!    containers (as [`Limits`](crate::Limits) counts it); [`Bound::Unbounded`] where no
//!    finite bound is proven. A number is always unbounded in size, `enum` or not:
//!    `1`, `1.0` and `1.000` are the same admitted value.
//! 2. **Findings are sound where they claim impossibility.** `unsatisfiable` is
//!    reported only where no value (or no value of one type the subschema allows)
//!    satisfies the subschema; the other rules report the absence of a bounding
//!    keyword where it matters, once per subschema (see `rules` invariants 2 and 3).
//!    `contentEncoding`, `contentMediaType` and `contentSchema` only narrow strings:
//!    bounds and findings take such a string as its other keywords allow it, which
//!    stays an upper bound. The document a string holds is part of that string's
//!    length and adds nothing to the body's depth (the validator holds it to the
//!    limits on its own, `verify/general/content.rs`); `contentSchema` describes that document,
//!    not a value of the body, so the rules do not look inside it. A `$ref` cycle
//!    through `contentSchema` is unrolled like any other (a document inside a document
//!    counts as one more visit).
//! 3. **Unrolling is exact for positive forms.** For a form without `oneOf` on a cycle,
//!    `form.unroll(n)` admits a value iff `form` admits it with recursion depth at most
//!    `n` (see [`Form::unroll`]); the result compiles and has no `$ref` cycle.
//!
//! Cost: an audit is O(nodes + edges + enum values) apart from the satisfiability
//! fixpoint (see `bounds`) and the `oneOf` proofs (see `disjoint`); unrolling is
//! O(n × size of the recursive definitions).

mod bounds;
mod decoders;
mod disjoint;
mod graph;
mod rewrite;
mod rules;
mod unroll;

pub use rewrite::{Rewrite, RewriteRule, Step};

use std::fmt;

use crate::form::error::FormError;
use crate::form::memory::MemoryBound;
use crate::form::Form;
use crate::parse::value::write_json_string;

/// Which constrained decoder's restrictions an audit adds to the portable rules.
///
/// ```
/// use formgate::audit::Profile;
/// assert_eq!(Profile::from_name("openai"), Some(Profile::OpenAi));
/// assert_eq!(Profile::OpenAi.name(), "openai");
/// assert_eq!(Profile::from_name("gpt"), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Profile {
    /// The portable rules only: bounded strings and arrays, closed objects, `anyOf`
    /// rather than `oneOf`, bounded recursion, no unsatisfiable subschema.
    #[default]
    Portable,
    /// The portable rules plus what OpenAI structured outputs (strict mode) accept: the
    /// root is an object and not `anyOf`; every property is required; every object has
    /// `additionalProperties: false`; no `allOf` or `prefixItems`; nesting at most 10;
    /// at most 5,000 properties and 1,000 enum values in all.
    OpenAi,
    /// The portable rules plus what Anthropic structured outputs accept: no recursion,
    /// and numeric and length bounds are flagged because its decoder does not enforce
    /// them (an actor may produce values formgate then rejects).
    Anthropic,
    /// The portable rules plus what llguidance 1.9.1 refuses to compile (`oneOf` it
    /// cannot show disjoint, `not`, `if`, `dependent*`, `propertyNames`,
    /// `unevaluated*`, `uniqueItems`, `contains`, lookaround, eleven formats...) and
    /// what it compiles but does not enforce (numeric formats such as `int32`, `date`'s
    /// calendar, the content keywords, duplicate member names): checked against the
    /// engine (docs/DECODERS.md).
    Llguidance,
    /// The portable rules plus what xgrammar 0.2.8 refuses to compile (`false` member
    /// schemas, array-form `items`) and what it compiles but does not enforce (nearly
    /// every keyword it does not implement: `oneOf` as `anyOf`, `not`, `if`,
    /// `dependent*`, `uniqueItems`, `contains`, the content keywords, numeric and six
    /// string formats, duplicate member names, lone surrogates...): checked by hand, not
    /// in CI (its package pulls in torch; docs/DECODERS.md).
    Xgrammar,
    /// The portable rules plus what outlines-core 0.2.14 refuses to compile (recursion,
    /// lookaround, `false` member schemas, `$ref`s by anchor or URI, array-form `items`,
    /// fifteen formats...) and what it compiles but does not enforce (`oneOf` as
    /// `anyOf`, `not`, `if`, `dependent*`, `propertyNames`, `uniqueItems`, `contains`,
    /// `maxProperties`, integer bounds, numeric formats, duplicate member names...):
    /// checked against the engine (docs/DECODERS.md).
    Outlines,
}

impl Profile {
    /// Every profile.
    pub const ALL: [Profile; 6] = [
        Profile::Portable,
        Profile::OpenAi,
        Profile::Anthropic,
        Profile::Llguidance,
        Profile::Xgrammar,
        Profile::Outlines,
    ];

    /// The profile called `name` (`portable`, `openai`, `anthropic`, `llguidance`,
    /// `xgrammar`, `outlines`).
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The profile's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Portable => "portable",
            Profile::OpenAi => "openai",
            Profile::Anthropic => "anthropic",
            Profile::Llguidance => "llguidance",
            Profile::Xgrammar => "xgrammar",
            Profile::Outlines => "outlines",
        }
    }
}

/// What a finding is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Rule {
    /// A string position with no `maxLength`, `enum`, `const` or length-bounding
    /// `format` (`date`, `email`, `idn-email`, `hostname`, `idn-hostname`, `ipv4`, `ipv6`,
    /// `uuid`).
    UnboundedString,
    /// An array position with no `maxItems`, and not closed by `prefixItems` with
    /// `items: false`.
    UnboundedArray,
    /// An object position without `additionalProperties: false` (or a schema that
    /// admits nothing).
    OpenObject,
    /// `oneOf`: some constrained decoders reject it; `anyOf` says the same where the
    /// alternatives are disjoint, and the finding says whether formgate proves them so
    /// (then [`Form::rewrite`] writes it `anyOf`).
    OneOf,
    /// A `$ref` cycle values can follow without end.
    UnboundedRecursion,
    /// A subschema no value satisfies (`minLength` above `maxLength`, a required member
    /// the schema forbids, `type`s that exclude each other...), or whose keywords for
    /// one type it allows leave no value of that type.
    Unsatisfiable,
    /// OpenAI: the root is not `"type": "object"`.
    OpenAiRootNotObject,
    /// OpenAI: the root is `anyOf`.
    OpenAiRootAnyOf,
    /// OpenAI: a property not listed in `required`.
    OpenAiNotRequired,
    /// OpenAI: an object schema without the literal `additionalProperties: false`
    /// (where the portable `open-object` does not already say so).
    OpenAiOpenObject,
    /// OpenAI: `allOf`.
    OpenAiAllOf,
    /// OpenAI: `prefixItems`.
    OpenAiPrefixItems,
    /// OpenAI: values nest more than 10 levels (each recursion counted once).
    OpenAiTooDeep,
    /// OpenAI: more than 5,000 properties in all.
    OpenAiTooManyProperties,
    /// OpenAI: more than 1,000 `enum` values in all.
    OpenAiTooManyEnumValues,
    /// Anthropic: a recursive `$ref` (where `unbounded-recursion` does not already say
    /// so).
    AnthropicRecursion,
    /// Anthropic: a numeric or length bound its decoder does not enforce.
    AnthropicBoundNotEnforced,
    /// llguidance: a keyword, format or construct it refuses to compile.
    LlguidanceRefuses,
    /// llguidance: a keyword, format or construct it compiles but does not enforce.
    LlguidanceNotEnforced,
    /// xgrammar: a keyword, format or construct it refuses to compile.
    XgrammarRefuses,
    /// xgrammar: a keyword, format or construct it compiles but does not enforce.
    XgrammarNotEnforced,
    /// outlines-core: a keyword, format or construct it refuses to compile.
    OutlinesRefuses,
    /// outlines-core: a keyword, format or construct it compiles but does not enforce.
    OutlinesNotEnforced,
}

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 23] = [
        Rule::UnboundedString,
        Rule::UnboundedArray,
        Rule::OpenObject,
        Rule::OneOf,
        Rule::UnboundedRecursion,
        Rule::Unsatisfiable,
        Rule::OpenAiRootNotObject,
        Rule::OpenAiRootAnyOf,
        Rule::OpenAiNotRequired,
        Rule::OpenAiOpenObject,
        Rule::OpenAiAllOf,
        Rule::OpenAiPrefixItems,
        Rule::OpenAiTooDeep,
        Rule::OpenAiTooManyProperties,
        Rule::OpenAiTooManyEnumValues,
        Rule::AnthropicRecursion,
        Rule::AnthropicBoundNotEnforced,
        Rule::LlguidanceRefuses,
        Rule::LlguidanceNotEnforced,
        Rule::XgrammarRefuses,
        Rule::XgrammarNotEnforced,
        Rule::OutlinesRefuses,
        Rule::OutlinesNotEnforced,
    ];

    /// The rule's name in reports (kebab-case, e.g. `unbounded-string`).
    pub fn as_str(self) -> &'static str {
        match self {
            Rule::UnboundedString => "unbounded-string",
            Rule::UnboundedArray => "unbounded-array",
            Rule::OpenObject => "open-object",
            Rule::OneOf => "one-of",
            Rule::UnboundedRecursion => "unbounded-recursion",
            Rule::Unsatisfiable => "unsatisfiable",
            Rule::OpenAiRootNotObject => "openai-root-not-object",
            Rule::OpenAiRootAnyOf => "openai-root-any-of",
            Rule::OpenAiNotRequired => "openai-not-required",
            Rule::OpenAiOpenObject => "openai-open-object",
            Rule::OpenAiAllOf => "openai-all-of",
            Rule::OpenAiPrefixItems => "openai-prefix-items",
            Rule::OpenAiTooDeep => "openai-too-deep",
            Rule::OpenAiTooManyProperties => "openai-too-many-properties",
            Rule::OpenAiTooManyEnumValues => "openai-too-many-enum-values",
            Rule::AnthropicRecursion => "anthropic-recursion",
            Rule::AnthropicBoundNotEnforced => "anthropic-bound-not-enforced",
            Rule::LlguidanceRefuses => "llguidance-refuses",
            Rule::LlguidanceNotEnforced => "llguidance-not-enforced",
            Rule::XgrammarRefuses => "xgrammar-refuses",
            Rule::XgrammarNotEnforced => "xgrammar-not-enforced",
            Rule::OutlinesRefuses => "outlines-refuses",
            Rule::OutlinesNotEnforced => "outlines-not-enforced",
        }
    }

    /// The profile that adds this rule ([`Profile::Portable`] for the portable rules,
    /// which every profile reports).
    pub fn profile(self) -> Profile {
        match self {
            Rule::UnboundedString
            | Rule::UnboundedArray
            | Rule::OpenObject
            | Rule::OneOf
            | Rule::UnboundedRecursion
            | Rule::Unsatisfiable => Profile::Portable,
            Rule::AnthropicRecursion | Rule::AnthropicBoundNotEnforced => Profile::Anthropic,
            Rule::LlguidanceRefuses | Rule::LlguidanceNotEnforced => Profile::Llguidance,
            Rule::XgrammarRefuses | Rule::XgrammarNotEnforced => Profile::Xgrammar,
            Rule::OutlinesRefuses | Rule::OutlinesNotEnforced => Profile::Outlines,
            _ => Profile::OpenAi,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding: a rule, where in the form, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    rule: Rule,
    pointer: String,
    message: String,
}

impl Finding {
    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The JSON Pointer (RFC 6901) of the subschema or keyword in the form; `""` is the
    /// root.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// What is wrong, for people.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// `RULE POINTER message`, the pointer as a URI fragment (`#`, `#/properties/a%20b`) so
/// that the line splits on spaces.
impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.rule,
            fragment(&self.pointer),
            self.message
        )
    }
}

/// An upper bound, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    /// No admitted value exceeds this.
    Finite(u64),
    /// No finite bound is proven.
    Unbounded,
}

impl Bound {
    /// The bound, if finite.
    pub fn finite(self) -> Option<u64> {
        match self {
            Bound::Finite(n) => Some(n),
            Bound::Unbounded => None,
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::Finite(n) => write!(f, "{n}"),
            Bound::Unbounded => f.write_str("unbounded"),
        }
    }
}

/// The result of [`Form::audit`]: findings in the form's order, and bounds on the
/// admitted values.
///
/// ```
/// use formgate::Form;
/// use formgate::audit::{Bound, Profile, Rule};
/// let form = Form::compile(br#"{
///     "type": "object",
///     "properties": {"name": {"type": "string", "maxLength": 8}},
///     "required": ["name"],
///     "additionalProperties": false
/// }"#).unwrap();
/// let audit = form.audit(Profile::Portable);
/// assert!(audit.is_clean());
/// assert_eq!(audit.max_depth(), Bound::Finite(1));
/// // {"name":"…"} with eight six-byte escapes: 9 + 8 × 6 + 2.
/// assert_eq!(audit.max_size(), Bound::Finite(59));
///
/// let open = Form::compile(br#"{"type": "object"}"#).unwrap();
/// let audit = open.audit(Profile::Portable);
/// assert_eq!(audit.findings()[0].rule(), Rule::OpenObject);
/// assert_eq!(audit.max_size(), Bound::Unbounded);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Audit {
    profile: Profile,
    findings: Vec<Finding>,
    conditions: Vec<String>,
    max_depth: Bound,
    max_size: Bound,
    memory: MemoryBound,
}

impl Audit {
    /// The profile audited against.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Every finding, in the order of the form's text.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Whether there is no finding.
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }

    /// Where a bound may be looser than the form: when [`Audit::max_size`] or
    /// [`Audit::max_depth`] is [`Bound::Unbounded`], the JSON Pointers of the subschemas
    /// with conditions (`not`, `if` with `then` or `else`, `dependentSchemas`), in the
    /// form's order. The bounds are computed from what the form admits without its
    /// conditions (which only narrow it), so a bound a condition would make finite is
    /// unknowable here. Empty when both bounds are finite.
    ///
    /// ```
    /// use formgate::Form;
    /// use formgate::audit::{Bound, Profile};
    /// let form = Form::compile(br#"{"type": "string",
    ///     "if": {"minLength": 1}, "then": {"maxLength": 3}, "else": {"maxLength": 0}}"#).unwrap();
    /// let audit = form.audit(Profile::Portable);
    /// assert_eq!(audit.max_size(), Bound::Unbounded);
    /// assert_eq!(audit.conditions(), [""]);
    /// ```
    pub fn conditions(&self) -> &[String] {
        &self.conditions
    }

    /// The deepest nesting of containers in an admitted value (a scalar is 0, `[]` is
    /// 1). `Finite(0)` when nothing is admitted.
    pub fn max_depth(&self) -> Bound {
        self.max_depth
    }

    /// The largest compact serialization of an admitted value, in bytes: no whitespace,
    /// strings escaped minimally (so a string of `n` code points takes at most `6n + 2`
    /// bytes), numbers as written (so any number makes the size unbounded).
    /// `Finite(0)` when nothing is admitted.
    pub fn max_size(&self) -> Bound {
        self.max_size
    }

    /// Bytes of heap memory that one verification of a body against the form may take
    /// per byte of the body, at most; with [`Audit::memory_constant`], the bound
    /// `memory_per_byte × body length + memory_constant`. It holds for `verify`, the
    /// streaming `Verifier` and the verification inside `verify_into` (not for what
    /// `accept` and `verify_into` build), `unevaluated*` included: the form's fan-out
    /// of `$ref`s, `uniqueItems`, `contentSchema` and composite `enum`s are charged in
    /// it, term by term.
    ///
    /// ```
    /// use formgate::Form;
    /// use formgate::audit::Profile;
    /// let form = Form::compile(br#"{"type": "array", "items": {"type": "integer"}}"#).unwrap();
    /// let audit = form.audit(Profile::Portable);
    /// let body = b"[1,2,3]";
    /// let at_most = audit.memory_per_byte() * body.len() as u64 + audit.memory_constant();
    /// assert!(at_most < 16 << 20);
    /// // Keys kept for `uniqueItems` are charged per byte.
    /// let unique = Form::compile(br#"{"type": "array", "uniqueItems": true}"#).unwrap();
    /// assert!(unique.audit(Profile::Portable).memory_per_byte() > audit.memory_per_byte());
    /// ```
    pub fn memory_per_byte(&self) -> u64 {
        self.memory.per_byte
    }

    /// Bytes of heap memory one verification may take whatever the body's length, beside
    /// [`Audit::memory_per_byte`]'s share: what the open containers (at most
    /// `max_depth`) hold, and the verifier's fixed state.
    pub fn memory_constant(&self) -> u64 {
        self.memory.constant
    }

    /// The memory line: `memory: at most P bytes per body byte + C bytes` (see
    /// [`Audit::memory_per_byte`]).
    pub fn memory_summary(&self) -> String {
        format!(
            "memory: at most {} bytes per body byte + {} bytes",
            self.memory.per_byte, self.memory.constant
        )
    }

    /// The summary line: `max depth: N|unbounded; max size: N bytes|unbounded`, then,
    /// if there are any, `; not narrowed by the conditions at #/…, #/…` (see
    /// [`Audit::conditions`]).
    pub fn summary(&self) -> String {
        let size = match self.max_size {
            Bound::Finite(n) => format!("{n} bytes"),
            Bound::Unbounded => "unbounded".to_owned(),
        };
        let mut line = format!("max depth: {}; max size: {size}", self.max_depth);
        if !self.conditions.is_empty() {
            line.push_str("; not narrowed by the conditions at ");
            for (i, p) in self.conditions.iter().enumerate() {
                if i > 0 {
                    line.push_str(", ");
                }
                line.push_str(&fragment(p));
            }
        }
        line
    }

    /// The audit as one compact JSON object: `{"profile": …, "findings": [{"rule",
    /// "pointer", "message"}…], "conditions": [pointer…], "max_depth": N|"unbounded",
    /// "max_size": N|"unbounded", "memory_per_byte": N, "memory_constant": N}`.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"profile\":");
        write_json_string(self.profile.name(), &mut out);
        out.push_str(",\"findings\":[");
        for (i, f) in self.findings.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"rule\":");
            write_json_string(f.rule.as_str(), &mut out);
            out.push_str(",\"pointer\":");
            write_json_string(&f.pointer, &mut out);
            out.push_str(",\"message\":");
            write_json_string(&f.message, &mut out);
            out.push('}');
        }
        out.push_str("],\"conditions\":[");
        for (i, p) in self.conditions.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_json_string(p, &mut out);
        }
        out.push_str("],\"max_depth\":");
        bound_json(self.max_depth, &mut out);
        out.push_str(",\"max_size\":");
        bound_json(self.max_size, &mut out);
        out.push_str(&format!(
            ",\"memory_per_byte\":{},\"memory_constant\":{}}}",
            self.memory.per_byte, self.memory.constant
        ));
        out
    }
}

fn bound_json(b: Bound, out: &mut String) {
    match b {
        Bound::Finite(n) => out.push_str(&n.to_string()),
        Bound::Unbounded => out.push_str("\"unbounded\""),
    }
}

/// One finding per line, then [`Audit::summary`] and [`Audit::memory_summary`] on a
/// line each.
impl fmt::Display for Audit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for finding in &self.findings {
            writeln!(f, "{finding}")?;
        }
        writeln!(f, "{}", self.summary())?;
        f.write_str(&self.memory_summary())
    }
}

/// A JSON Pointer as a URI fragment (RFC 6901 §6): `#` then the pointer with every byte
/// outside RFC 3986 `pchar` (and `/`) percent-encoded.
pub(crate) fn fragment(pointer: &str) -> String {
    format!("#{}", crate::form::pointer::to_fragment(pointer))
}

impl Form {
    /// Audit the form: findings under `profile`, and bounds on the depth and compact
    /// size of every admitted value (see [`Audit`]).
    ///
    /// O(nodes + edges + enum values) for most forms (see the module docs).
    pub fn audit(&self, profile: Profile) -> Audit {
        rules::audit(self, profile)
    }

    /// Bound recursion within the form: every `$ref` cycle becomes `depth` levels of
    /// copies under `$defs` (`definitions` in draft-04..07; `name_2`, `name_1`, … below the original, which is the top
    /// level), each level's recursive `$ref` pointing one level down; the last level
    /// leaves the recursive alternative out (an `anyOf` branch is dropped, a member or
    /// element becomes `false`). Annotations are kept. Every `$ref` of the result is the
    /// JSON Pointer of its target from the result's root, and `$id`/`$anchor` below the
    /// root are dropped (the root keeps its own), so forms with embedded resources and
    /// anchors unroll too, and no copy repeats an identifier. The result is compiled
    /// with this form's limits.
    ///
    /// The *recursion depth* of a value is the largest number of nested visits to one
    /// cycle along a path of its validation (entering the cycle counts 1, each `$ref`
    /// followed within it 1 more), taking the alternatives that need the fewest. For a
    /// form without `oneOf` on a cycle, the result admits exactly the values this form
    /// admits whose recursion depth is at most `depth` (with `depth` 0: the values that
    /// never enter a cycle). A form without cycles comes back unchanged.
    ///
    /// ```
    /// use formgate::Form;
    /// use formgate::audit::{Bound, Profile};
    /// let list = Form::compile(br##"{
    ///     "anyOf": [
    ///         {"type": "null"},
    ///         {"type": "array", "prefixItems": [{"type": "boolean"}, {"$ref": "#"}],
    ///          "minItems": 2, "items": false}
    ///     ]
    /// }"##).unwrap();
    /// assert_eq!(list.audit(Profile::Portable).max_depth(), Bound::Unbounded);
    /// // `null` has depth 1, `[true,null]` 2, `[true,[false,null]]` 3.
    /// let two = list.unroll(2).unwrap();
    /// assert!(two.verify(b"[true,null]").is_ok());
    /// assert!(two.verify(b"[true,[false,null]]").is_err());
    /// assert_eq!(two.audit(Profile::Portable).max_depth(), Bound::Finite(1));
    /// ```
    ///
    /// # Errors
    ///
    /// When the result exceeds the size of a form (1 MiB): the
    /// [`FormErrorKind::Parse`](crate::FormErrorKind::Parse) error with
    /// [`ParseErrorKind::TooLarge`](crate::json::ParseErrorKind::TooLarge) that
    /// compiling it would give, found before the copies are all made, whatever `depth`
    /// asks. And [`FormErrorKind::NotUnrollable`](crate::FormErrorKind::NotUnrollable)
    /// for a form it cannot rewrite exactly: one with dynamic references, or a
    /// recursive one whose schemas are read by more than one dialect or metaschema.
    pub fn unroll(&self, depth: u32) -> Result<Form, FormError> {
        let text = unroll::unroll(self, depth)?;
        recompile(self, &text)
    }

    /// Spell the form for decoders: a new form that admits exactly the values this one
    /// admits, each step applied only where formgate proves it exact, and every step
    /// reported, applied or kept with why (see [`Rewrite`] and docs/REWRITE.md):
    /// - [`RewriteRule::OneOfToAnyOf`]: a `oneOf` whose branches are pairwise disjoint
    ///   (by `type`, by `const`/`enum` values the other side rejects, by a member both
    ///   require held to disjoint schemas) is written `anyOf`;
    /// - [`RewriteRule::MergeAllOf`]: `allOf` branches that are plain objects (`type:
    ///   "object"`, `properties`, `required`, annotations) join the schema holding them;
    /// - [`RewriteRule::InlineRef`]: a definition named by one bare `$ref` takes that
    ///   `$ref`'s place.
    ///
    /// The result is compiled with this form's limits, owner formats, declared
    /// annotations and dialect; rewriting it again applies nothing.
    ///
    /// ```
    /// use formgate::Form;
    /// use formgate::audit::RewriteRule;
    /// let form = Form::compile(br#"{"oneOf": [
    ///     {"type": "object", "properties": {"kind": {"const": "cat"}}, "required": ["kind"]},
    ///     {"type": "object", "properties": {"kind": {"const": "dog"}}, "required": ["kind"]},
    ///     {"type": "string"}
    /// ]}"#).unwrap();
    /// let rewritten = form.rewrite().unwrap();
    /// assert_eq!(rewritten.applied(), 1);
    /// assert_eq!(rewritten.steps()[0].rule(), RewriteRule::OneOfToAnyOf);
    /// assert!(rewritten.form().schema_json().starts_with(r#"{"anyOf":"#));
    /// // Two branches may both admit {"a": 1}: kept, with why.
    /// let open = Form::compile(br#"{"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}"#).unwrap();
    /// let kept = open.rewrite().unwrap();
    /// assert_eq!(kept.applied(), 0);
    /// assert!(!kept.steps()[0].applied());
    /// ```
    ///
    /// # Errors
    ///
    /// None in practice: only if this form's own rendered `s` failed to compile again,
    /// which the renderer's fixed point rules out.
    pub fn rewrite(&self) -> Result<Rewrite, FormError> {
        rewrite::rewrite(self)
    }
}

/// Compile `text` as a form derived from `form`: with its owner formats, limits,
/// dialect and declared annotations.
fn recompile(form: &Form, text: &str) -> Result<Form, FormError> {
    let mut builder = Form::builder()
        .owner_formats(form.owner_formats().clone())
        .limits(form.limits())
        .default_dialect(form.dialect());
    // The annotations this form's owner declared stay declared.
    for node in form.nodes() {
        for name in &node.declared {
            builder = builder.annotation(&**name);
        }
    }
    builder.compile(text.as_bytes())
}
