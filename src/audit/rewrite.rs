//! The form spelled for decoders: `oneOf` → `anyOf` where the branches are proven
//! disjoint, `allOf` of plain object branches merged into their schema, a definition
//! used by one `$ref` moved to that use (docs/REWRITE.md).
//!
//! The rewrite works on the rendered form (`s`, which holds all that is enforced) and
//! decides every step on the compiled nodes of the form as it stands. One round finds
//! the candidates in the form's order; it applies every proven rename at once (a rename
//! changes what no other proof reads), or else every proven inline whose `$ref` lies in
//! no other definition moved (`independent_inlines`), or else the first structural
//! step; the text is
//! compiled again, and the next round starts from that form. A round that applies
//! nothing ends the rewrite, and its candidates are reported as kept, each with why.
//!
//! Invariants:
//! 1. **Exact.** A step is applied only where it leaves every schema's verdict and, when
//!    it passes, its annotations for `unevaluated*` unchanged:
//!    - *rename*: every compiled node at the pointer (dynamic scope may compile one
//!      schema more than once) has pairwise disjoint `oneOf` branches among the values
//!      its other keywords admit (`disjoint` invariant 1), so a value that passes meets
//!      exactly one branch under `oneOf` and under `anyOf` alike;
//!    - *merge*: a branch is plain (`type: "object"`, `properties`, `required` and
//!      annotations only), its member schemas agree with the schema's where both list a
//!      name, and the schema has no `additionalProperties` (which depends on the names
//!      `properties` lists); `required` joins, `properties` joins, `type` narrows to
//!      `"object"`; `properties`' evaluated names are the same union either way;
//!    - *inline*: the definition (under the root's `$defs` or `definitions`) is the
//!      target of exactly one `$ref`, which is bare (only annotations beside it) and
//!      not inside the definition, in the same resource, and no `discriminator` mapping
//!      names the definition.
//!
//!    Structural steps (merge, inline) move subschemas, so they are refused where a
//!    `$ref` names a schema inside what moves (or shifts) by its place, where the form
//!    resolves dynamic references or is read by more than one dialect or metaschema
//!    or refers to a `true` or `false` schema by its place, and where a definition to
//!    inline holds an identifier (a merged branch keeps its base URI).
//! 2. **Checked.** Each round's text must compile with the form's settings (limits,
//!    owner formats, declared annotations, dialect); a step whose result does not is
//!    undone and reported kept with the compiler's error. So the result is a form.
//! 3. **Ends at a fixed point.** Every applied step removes a `oneOf`, an `allOf`
//!    branch or a definition, so the rounds end; the last round applied nothing, so
//!    rewriting the result again applies nothing and gives the same `s` (but after
//!    invariant 5 stopped it, which the report says).
//! 4. Annotations never change a verdict: where a merged branch or an inlined
//!    definition has one that the schema it joins already has, the schema keeps its
//!    own.
//!
//! 5. **Bounded.** The proofs of all rounds share one budget
//!    (`disjoint::FORM_BUDGET` steps, each `oneOf` at most `disjoint::BUDGET`), and
//!    the rounds compile at most 64 MiB of forms in all (at least 64 rounds): a form
//!    that would need more is rewritten that far, its other candidates reported kept
//!    with why.
//!
//! Cost: a round is O((nodes + edges) log edges) plus its proofs and one compile; the
//! rounds are at most as many as the steps, and invariant 5 bounds both.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::form::error::FormError;
use crate::form::node::NodeId;
use crate::form::pointer;
use crate::form::vocabulary::{Dialect, Keyword};
use crate::form::Form;
use crate::limits::Limits;
use crate::parse::value::{write_compact, write_json_string, Value};

use super::disjoint::Prover;

/// A rewrite rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum RewriteRule {
    /// `oneOf` written `anyOf`, where its branches are proven pairwise disjoint.
    OneOfToAnyOf,
    /// `allOf` branches that are plain objects merged into the schema that holds them.
    MergeAllOf,
    /// A definition used by a single `$ref` moved to that use.
    InlineRef,
}

impl RewriteRule {
    /// Every rule.
    pub const ALL: [RewriteRule; 3] = [
        RewriteRule::OneOfToAnyOf,
        RewriteRule::MergeAllOf,
        RewriteRule::InlineRef,
    ];

    /// The rule's name in reports: `one-of-to-any-of`, `merge-all-of`, `inline-ref`.
    pub fn as_str(self) -> &'static str {
        match self {
            RewriteRule::OneOfToAnyOf => "one-of-to-any-of",
            RewriteRule::MergeAllOf => "merge-all-of",
            RewriteRule::InlineRef => "inline-ref",
        }
    }
}

impl fmt::Display for RewriteRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One step of a rewrite: applied, or kept with why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    rule: RewriteRule,
    pointer: String,
    applied: bool,
    reason: String,
}

impl Step {
    /// The rule.
    pub fn rule(&self) -> RewriteRule {
        self.rule
    }

    /// Where: the JSON Pointer of the schema holding the `oneOf` or `allOf`, or of the
    /// definition, in the form as it stood when the step was decided (an applied step)
    /// or in the result (a kept one).
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// Whether the step was applied.
    pub fn applied(&self) -> bool {
        self.applied
    }

    /// Why it was applied (what was proven), or why not.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

/// `applied RULE POINTER reason` or `kept RULE POINTER reason`, the pointer as a URI
/// fragment.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.applied { "applied" } else { "kept" };
        write!(
            f,
            "{verb} {} {} {}",
            self.rule,
            super::fragment(&self.pointer),
            self.reason
        )
    }
}

/// The result of [`Form::rewrite`]: the rewritten form and every step, applied or
/// kept.
#[derive(Debug)]
pub struct Rewrite {
    form: Form,
    steps: Vec<Step>,
}

impl Rewrite {
    /// The rewritten form: it admits exactly the values the original admits.
    pub fn form(&self) -> &Form {
        &self.form
    }

    /// The rewritten form, owned.
    pub fn into_form(self) -> Form {
        self.form
    }

    /// The steps applied, in order, then those kept (in the result's order).
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// How many steps were applied.
    pub fn applied(&self) -> usize {
        self.steps.iter().filter(|s| s.applied).count()
    }

    /// The steps as one compact JSON array of `{"rule", "pointer", "applied",
    /// "reason"}`.
    pub fn steps_json(&self) -> String {
        let mut out = String::from("[");
        for (i, s) in self.steps.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str("{\"rule\":");
            write_json_string(s.rule.as_str(), &mut out);
            out.push_str(",\"pointer\":");
            write_json_string(&s.pointer, &mut out);
            out.push_str(if s.applied {
                ",\"applied\":true"
            } else {
                ",\"applied\":false"
            });
            out.push_str(",\"reason\":");
            write_json_string(&s.reason, &mut out);
            out.push('}');
        }
        out.push(']');
        out
    }
}

/// An edit of the form's text, proven exact.
#[derive(Debug, Clone)]
enum Edit {
    /// Rename the `oneOf` of the schema at this pointer `anyOf`.
    Rename(String),
    /// Move the definition `holder`/`name` of the root to the `$ref` at `site`.
    Inline {
        site: String,
        holder: String,
        name: String,
    },
    /// Merge these `allOf` branches (indices, ascending) of the schema at `at`.
    Merge { at: String, branches: Vec<usize> },
}

/// A step found in one round.
struct Candidate {
    rule: RewriteRule,
    pointer: String,
    outcome: Result<(Edit, String), String>,
}

/// The bytes of forms a rewrite compiles at most, over its rounds (invariant 5): a
/// 1 MiB form gets 64 rounds, a 10 KB one 6,710.
const MAX_ROUNDS_BYTES: usize = 64 << 20;

/// The rounds a rewrite may take whatever the form's size.
const MIN_ROUNDS: usize = 64;

/// Rewrite `form` (see the module docs).
pub(crate) fn rewrite(form: &Form) -> Result<Rewrite, FormError> {
    let mut current = super::recompile(form, form.schema_json())?;
    let mut steps: Vec<Step> = Vec::new();
    // Steps whose result did not compile, with the error, by rule and pointer.
    let mut failed: HashMap<(RewriteRule, String), String> = HashMap::new();
    // Bounded work (invariant 5): the proofs share one budget over all rounds, and the
    // rounds, each a compile of the form, are at most `max_rounds`.
    let mut budget = super::disjoint::FORM_BUDGET;
    let max_rounds = (MAX_ROUNDS_BYTES / form.schema_json().len().max(1)).max(MIN_ROUNDS);
    let mut rounds = 0usize;
    loop {
        rounds += 1;
        let candidates = find(&current, &mut budget);
        let text = current.schema_json();
        let limits = Limits::default().with_max_bytes(text.len().max(1));
        let root = crate::parse::parse(text.as_bytes(), &limits)
            .expect("a rendered form parses")
            .into_owned();
        let usable = |c: &&Candidate| {
            c.outcome.is_ok() && !failed.contains_key(&(c.rule, c.pointer.clone()))
        };
        // Every proven rename at once, deepest first so that the pointers of the others
        // stay true; else the independent inlines at once; else the first structural
        // step.
        let renames: Vec<&Candidate> = candidates
            .iter()
            .filter(usable)
            .filter(|c| c.rule == RewriteRule::OneOfToAnyOf)
            .collect();
        let mut batches: Vec<Vec<&Candidate>> = Vec::new();
        if renames.len() > 1 {
            batches.push(renames.clone());
        }
        let inlines = independent_inlines(&candidates, &usable);
        if inlines.len() > 1 {
            batches.push(inlines);
        }
        batches.extend(candidates.iter().filter(usable).map(|c| vec![c]));
        let mut unedited = String::new();
        write_compact(&root, &mut unedited);
        let mut progressed = false;
        let out_of_rounds = rounds > max_rounds;
        for batch in batches.into_iter().filter(|_| !out_of_rounds) {
            let mut edited = root.clone();
            let mut order: Vec<&Candidate> = batch.clone();
            order.sort_by_key(|c| std::cmp::Reverse(depth_of(&c.pointer)));
            for c in &order {
                let (edit, _) = c.outcome.as_ref().expect("usable");
                apply(&mut edited, edit);
            }
            let mut out = String::new();
            write_compact(&edited, &mut out);
            // An edit that found nothing to change is no step (and would be found
            // again in every round).
            let compiled = if out == unedited {
                Err(None)
            } else {
                super::recompile(form, &out).map_err(Some)
            };
            match compiled {
                Ok(next) => {
                    for c in batch {
                        let (_, why) = c.outcome.as_ref().expect("usable");
                        steps.push(Step {
                            rule: c.rule,
                            pointer: c.pointer.clone(),
                            applied: true,
                            reason: why.clone(),
                        });
                    }
                    current = next;
                    progressed = true;
                    break;
                }
                Err(e) if batch.len() == 1 => {
                    let c = batch[0];
                    let why = match e {
                        Some(e) => format!("the rewritten form would not compile: {e}"),
                        None => "the edit found nothing to change in the rendered form".to_owned(),
                    };
                    failed.insert((c.rule, c.pointer.clone()), why);
                }
                // A batch that fails is tried one rename at a time.
                Err(_) => {}
            }
        }
        if !progressed {
            for c in candidates {
                let reason = match (&c.outcome, failed.get(&(c.rule, c.pointer.clone()))) {
                    (_, Some(why)) => why.clone(),
                    (Err(why), None) => why.clone(),
                    (Ok(_), None) if out_of_rounds => format!(
                        "the rewrite stops after {max_rounds} rounds on a form this large \
                         (bounded work); rewriting its result again goes on"
                    ),
                    (Ok(_), None) => continue,
                };
                steps.push(Step {
                    rule: c.rule,
                    pointer: c.pointer,
                    applied: false,
                    reason,
                });
            }
            return Ok(Rewrite {
                form: current,
                steps,
            });
        }
    }
}

/// The proven inlines of `candidates` (those `usable`) that may be applied at once:
/// each moves a definition of the root to a `$ref` outside every other one moved, so
/// applying one changes nothing another's proof read (the others' definitions stay
/// where they are, their sites too), and the batch is the same as the steps one
/// after another.
fn independent_inlines<'c>(
    candidates: &'c [Candidate],
    usable: &dyn Fn(&&Candidate) -> bool,
) -> Vec<&'c Candidate> {
    let inlines: Vec<(&Candidate, &str)> = candidates
        .iter()
        .filter(usable)
        .filter_map(|c| match &c.outcome {
            Ok((Edit::Inline { site, .. }, _)) => Some((c, site.as_str())),
            _ => None,
        })
        .collect();
    let defs: HashSet<&str> = inlines.iter().map(|(c, _)| c.pointer.as_str()).collect();
    inlines
        .iter()
        .filter(|(c, site)| {
            // The root's definition the site is in, if it is in one.
            let holder = site
                .match_indices('/')
                .nth(2)
                .map_or(*site, |(i, _)| &site[..i]);
            !(defs.contains(holder) && holder != c.pointer)
        })
        .map(|(c, _)| *c)
        .collect()
}

fn depth_of(pointer: &str) -> usize {
    pointer.matches('/').count()
}

/// The tokens of a JSON Pointer, unescaped.
fn tokens(pointer: &str) -> Vec<String> {
    pointer
        .split('/')
        .skip(1)
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect()
}

/// The value at a JSON Pointer.
fn at<'v>(root: &'v Value<'static>, pointer: &str) -> Option<&'v Value<'static>> {
    let mut v = root;
    for t in tokens(pointer) {
        v = match v {
            Value::Object(m) => m.iter().find(|(k, _)| *k == t).map(|(_, v)| v)?,
            Value::Array(items) => items.get(t.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(v)
}

/// The value at a JSON Pointer, to change.
fn at_mut<'v>(root: &'v mut Value<'static>, pointer: &str) -> Option<&'v mut Value<'static>> {
    let mut v = root;
    for t in tokens(pointer) {
        v = match v {
            Value::Object(m) => m.iter_mut().find(|(k, _)| *k == t).map(|(_, v)| v)?,
            Value::Array(items) => items.get_mut(t.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(v)
}

fn members<'v>(v: &'v Value<'static>) -> &'v [(Cow<'static, str>, Value<'static>)] {
    match v {
        Value::Object(m) => m,
        _ => &[],
    }
}

/// The facts of one form that every rule reads.
struct Scan<'f> {
    form: &'f Form,
    root: Value<'static>,
    /// Every node by pointer (dynamic scope may compile one pointer more than once).
    by_pointer: HashMap<&'f str, Vec<NodeId>>,
    /// The pointers of every `$ref`, `$dynamicRef` and `$recursiveRef` target, with
    /// the pointer of the schema holding the reference: sorted, each pair once (the
    /// copies dynamic scope makes share their pointers).
    targets: Vec<(&'f str, &'f str)>,
    /// Whether some reference names a `true` or `false` schema, whose place the nodes
    /// do not keep: then no schema may move.
    boolean_targets: bool,
    dynamic: bool,
    declared: HashSet<&'f str>,
    /// The references every `discriminator`'s `mapping` holds.
    mappings: Vec<String>,
}

impl<'f> Scan<'f> {
    fn new(form: &'f Form) -> Scan<'f> {
        let text = form.schema_json();
        let limits = Limits::default().with_max_bytes(text.len().max(1));
        let root = crate::parse::parse(text.as_bytes(), &limits)
            .expect("a rendered form parses")
            .into_owned();
        let mut by_pointer: HashMap<&str, Vec<NodeId>> = HashMap::new();
        let mut targets = Vec::new();
        let mut boolean_targets = false;
        let mut dynamic = false;
        let mut declared = HashSet::new();
        for (i, n) in form.nodes().iter().enumerate().skip(2) {
            by_pointer
                .entry(&*n.pointer)
                .or_default()
                .push(NodeId(i as u32));
            for t in n.reference.iter().chain(&n.dynamic_reference) {
                if t.index() > 1 {
                    targets.push((&*form.node(*t).pointer, &*n.pointer));
                } else {
                    boolean_targets = true;
                }
            }
            dynamic |= n.dynamic_reference.is_some()
                || n.order.iter().any(|(k, _)| {
                    matches!(k, Some(Keyword::DynamicAnchor | Keyword::RecursiveAnchor))
                });
            declared.extend(n.declared.iter().map(|d| &**d));
        }
        targets.sort_unstable();
        targets.dedup();
        let mappings = mapping_refs(&root);
        Scan {
            form,
            root,
            by_pointer,
            targets,
            boolean_targets,
            dynamic,
            declared,
            mappings,
        }
    }

    /// Why no schema may move in this form, if one may not: where it resolves dynamic
    /// references, or where its schemas are read by more than one dialect or
    /// metaschema (`Form::is_mixed`), whose resources a moved schema could leave.
    fn may_move(&self) -> Result<(), String> {
        if self.dynamic {
            return Err(
                "the form resolves dynamic references, which moving schemas could change"
                    .to_owned(),
            );
        }
        if self.boolean_targets {
            return Err(
                "a reference names a true or false schema, whose place moving \
                        schemas could change"
                    .to_owned(),
            );
        }
        if self.form.is_mixed() {
            return Err(
                "the form is read by more than one dialect or metaschema, whose \
                        resources a moved schema could leave"
                    .to_owned(),
            );
        }
        Ok(())
    }

    /// Whether a reference names a schema at or below `prefix` (a pointer plus `/`, or
    /// a whole pointer when `exact`).
    fn referenced_below(&self, prefix: &str) -> bool {
        self.starting_with(prefix).next().is_some()
    }

    /// The references whose target starts with `prefix`, by binary search of the
    /// sorted targets.
    fn starting_with<'s>(
        &'s self,
        prefix: &'s str,
    ) -> impl Iterator<Item = (&'f str, &'f str)> + 's {
        let first = self.targets.partition_point(|(t, _)| *t < prefix);
        self.targets[first..]
            .iter()
            .take_while(move |(t, _)| t.starts_with(prefix))
            .copied()
    }

    fn is_annotation(&self, name: &str) -> bool {
        Keyword::from_name(name).is_some_and(Keyword::is_annotation) || self.declared.contains(name)
    }

    /// Whether a schema object names a resource or an anchor.
    fn identifies(&self, v: &Value<'static>) -> bool {
        let id = self.form.dialect().id_keyword().name();
        members(v).iter().any(|(k, _)| {
            k == id
                || matches!(
                    k.as_ref(),
                    "$anchor" | "$dynamicAnchor" | "$recursiveAnchor"
                )
        })
    }

    /// Whether some schema enclosing `pointer` (the root excepted) names a resource.
    fn in_nested_resource(&self, pointer: &str) -> bool {
        let id = self.form.dialect().id_keyword();
        let mut p = pointer;
        while let Some(cut) = p.rfind('/') {
            p = &p[..cut];
            if p.is_empty() {
                break;
            }
            let named = self.by_pointer.get(p).is_some_and(|ids| {
                ids.iter()
                    .any(|&n| self.form.node(n).order.iter().any(|(k, _)| *k == Some(id)))
            });
            if named {
                return true;
            }
        }
        false
    }
}

/// Every candidate step of `form`, in the form's order; the proofs spend from `budget`
/// (what is left of the rewrite's [`FORM_BUDGET`](super::disjoint::FORM_BUDGET)).
fn find(form: &Form, budget: &mut u64) -> Vec<Candidate> {
    let scan = Scan::new(form);
    let prover = Prover::with_budget(form, *budget);
    let mut out = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    for (i, node) in form.nodes().iter().enumerate().skip(2) {
        let p = &*node.pointer;
        if !seen.insert(p) {
            continue;
        }
        if !node.one_of.is_empty() {
            out.push(Candidate {
                rule: RewriteRule::OneOfToAnyOf,
                pointer: p.to_owned(),
                outcome: rename(&scan, &prover, p),
            });
        }
        if !node.all_of.is_empty() {
            out.push(Candidate {
                rule: RewriteRule::MergeAllOf,
                pointer: p.to_owned(),
                outcome: merge(&scan, p, NodeId(i as u32)),
            });
        }
    }
    // The root's definitions, in their order.
    for (holder, defs) in members(&scan.root) {
        if !matches!(holder.as_ref(), "$defs" | "definitions") {
            continue;
        }
        for (name, _) in members(defs) {
            let at = pointer::join(&pointer::join("", holder), name);
            if let Some(outcome) = inline(&scan, holder, name, &at) {
                out.push(Candidate {
                    rule: RewriteRule::InlineRef,
                    pointer: at,
                    outcome,
                });
            }
        }
    }
    *budget = prover.budget_left();
    out
}

/// `oneOf` → `anyOf` at `p` (invariant 1, rename).
fn rename(scan: &Scan<'_>, prover: &Prover<'_>, p: &str) -> Result<(Edit, String), String> {
    let here = at(&scan.root, p).ok_or("the schema is not in the rendered form")?;
    if members(here).iter().any(|(k, _)| k == "anyOf") {
        return Err("it has an anyOf beside it, and a schema holds one anyOf".to_owned());
    }
    if scan.referenced_below(&format!("{}/", pointer::join(p, "oneOf"))) {
        return Err("a $ref names a schema inside a branch by its place".to_owned());
    }
    let mut why = String::new();
    for &id in &scan.by_pointer[p] {
        why = prover.one_of_disjoint(id)?;
    }
    Ok((Edit::Rename(p.to_owned()), why))
}

/// Whether `k: v` may join a schema as one of a plain object branch's keywords.
fn plain_keyword(scan: &Scan<'_>, k: &str, v: &Value<'static>) -> bool {
    match k {
        "type" => matches!(v, Value::String(t) if t == "object"),
        "properties" | "required" => true,
        _ => scan.is_annotation(k),
    }
}

/// `allOf` branches merged into the schema at `p` (invariant 1, merge).
fn merge(scan: &Scan<'_>, p: &str, id: NodeId) -> Result<(Edit, String), String> {
    scan.may_move()?;
    let here = at(&scan.root, p).ok_or("the schema is not in the rendered form")?;
    let own = members(here);
    if own.iter().any(|(k, _)| k == "additionalProperties") {
        return Err(
            "additionalProperties beside it depends on the names properties lists".to_owned(),
        );
    }
    if scan.referenced_below(&format!("{}/", pointer::join(p, "allOf"))) {
        return Err("a $ref names a schema inside a branch by its place".to_owned());
    }
    let node = scan.form.node(id);
    let Some((_, Value::Array(branches))) = own.iter().find(|(k, _)| k == "allOf") else {
        return Err("the schema's allOf is not in the rendered form".to_owned());
    };
    // The properties the schema holds so far, to compare with each branch's.
    let mut props: Vec<(Cow<'static, str>, Value<'static>)> = own
        .iter()
        .find(|(k, _)| k == "properties")
        .map(|(_, v)| members(v).to_vec())
        .unwrap_or_default();
    let object_allowed = node.types.has(crate::form::node::Types::OBJECT);
    let mut merged = Vec::new();
    let mut why_not = Vec::new();
    for (i, b) in branches.iter().enumerate() {
        let Value::Object(bm) = b else {
            why_not.push(format!("branch {i} is a boolean schema"));
            continue;
        };
        if let Some((k, _)) = bm.iter().find(|(k, v)| !plain_keyword(scan, k, v)) {
            why_not.push(format!("branch {i} has {k}, not only type \"object\", properties, required and annotations"));
            continue;
        }
        if bm.iter().any(|(k, _)| k == "type") && !object_allowed {
            why_not.push(format!(
                "branch {i} is an object and the schema's type excludes objects"
            ));
            continue;
        }
        let theirs = bm
            .iter()
            .find(|(k, _)| k == "properties")
            .map(|(_, v)| members(v))
            .unwrap_or(&[]);
        let clash = theirs
            .iter()
            .find(|(name, schema)| props.iter().any(|(n, s)| n == name && s != schema));
        if let Some((name, _)) = clash {
            let mut quoted = String::new();
            write_json_string(name, &mut quoted);
            why_not.push(format!(
                "branch {i} and the schema hold member {quoted} to different schemas"
            ));
            continue;
        }
        for (name, schema) in theirs {
            if !props.iter().any(|(n, _)| n == name) {
                props.push((name.clone(), schema.clone()));
            }
        }
        merged.push(i);
    }
    if merged.is_empty() {
        return Err(why_not.join("; "));
    }
    let list = merged
        .iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let mut why = if merged.len() == 1 {
        format!("branch {list} is a plain object: its properties and required join the schema's")
    } else {
        format!(
            "branches {list} are plain objects: their properties and required join the schema's"
        )
    };
    if !why_not.is_empty() {
        why.push_str(&format!(" (kept: {})", why_not.join("; ")));
    }
    Ok((
        Edit::Merge {
            at: p.to_owned(),
            branches: merged,
        },
        why,
    ))
}

/// The definition `holder`/`name` of the root moved to its one use (invariant 1,
/// inline); `None` when no `$ref` uses it.
fn inline(
    scan: &Scan<'_>,
    holder: &str,
    name: &str,
    def: &str,
) -> Option<Result<(Edit, String), String>> {
    let below = format!("{def}/");
    let mut uses: Vec<&str> = scan
        .starting_with(def)
        .filter(|(t, _)| *t == def || t.starts_with(&below))
        .map(|(_, from)| from)
        .collect();
    uses.sort_unstable();
    uses.dedup();
    let site = match uses.as_slice() {
        [] => return None,
        [one] => *one,
        more => {
            return Some(Err(format!(
                "{} schemas refer to it or into it",
                more.len()
            )))
        }
    };
    Some(inline_at(scan, holder, name, def, site))
}

fn inline_at(
    scan: &Scan<'_>,
    holder: &str,
    name: &str,
    def: &str,
    site: &str,
) -> Result<(Edit, String), String> {
    scan.may_move()?;
    if site == def || site.starts_with(&format!("{def}/")) {
        return Err("its one $ref is inside it".to_owned());
    }
    // The one use must name the definition itself, not a schema inside it.
    let named = scan
        .starting_with(def)
        .any(|(t, from)| t == def && from == site);
    if !named {
        return Err("its one $ref names a schema inside it".to_owned());
    }
    let target = at(&scan.root, def).ok_or("the definition is not in the rendered form")?;
    if scan.identifies(target) {
        return Err("it names a resource or an anchor".to_owned());
    }
    let moved_keywords = ["$schema", "$defs", "definitions"];
    if let Some((k, _)) = members(target)
        .iter()
        .find(|(k, _)| moved_keywords.contains(&k.as_ref()))
    {
        return Err(format!("it holds {k}"));
    }
    if scan.in_nested_resource(site) {
        return Err("its $ref is in another resource".to_owned());
    }
    let use_value = at(&scan.root, site).ok_or("its $ref is not in the rendered form")?;
    let at_root = site.is_empty();
    let id = scan.form.dialect().id_keyword().name();
    let allowed = |k: &str| {
        k == "$ref"
            || scan.is_annotation(k)
            || (at_root && (k == "$schema" || k == id || k == holder))
    };
    if let Some((k, _)) = members(use_value).iter().find(|(k, _)| !allowed(k)) {
        return Err(format!("its $ref has {k} beside it"));
    }
    if let Value::Bool(_) = target {
        let alone = members(use_value).len() == 1;
        if !alone || scan.form.dialect() == Dialect::Draft4 {
            return Err(
                "it is a boolean schema, which cannot take the $ref's place here".to_owned(),
            );
        }
    }
    let wanted = super::fragment(def);
    if scan.mappings.iter().any(|r| r.ends_with(&wanted)) {
        return Err("a discriminator's mapping names it".to_owned());
    }
    Ok((
        Edit::Inline {
            site: site.to_owned(),
            holder: holder.to_owned(),
            name: name.to_owned(),
        },
        format!(
            "its one $ref, at {}, takes its place",
            super::fragment(site)
        ),
    ))
}

/// The references of every `discriminator` `mapping` in `v`, in one walk.
fn mapping_refs(v: &Value<'static>) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(m) => {
                for (k, sub) in m {
                    if k == "discriminator" {
                        if let Some(Value::Object(map)) = sub.get("mapping") {
                            out.extend(
                                map.iter()
                                    .filter_map(|(_, r)| r.as_str())
                                    .map(str::to_owned),
                            );
                        }
                    }
                    stack.push(sub);
                }
            }
            Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    out
}

/// Apply a proven edit to the rendered form `root`.
fn apply(root: &mut Value<'static>, edit: &Edit) {
    match edit {
        Edit::Rename(p) => {
            if let Some(Value::Object(m)) = at_mut(root, p) {
                for (k, _) in m.iter_mut() {
                    if k == "oneOf" {
                        *k = Cow::Borrowed("anyOf");
                    }
                }
            }
        }
        Edit::Inline { site, holder, name } => {
            let mut moved = None;
            if let Value::Object(top) = &mut *root {
                if let Some(i) = top.iter().position(|(k, _)| k == holder) {
                    if let Value::Object(defs) = &mut top[i].1 {
                        if let Some(j) = defs.iter().position(|(k, _)| k == name) {
                            moved = Some(defs.remove(j).1);
                        }
                        if defs.is_empty() {
                            top.remove(i);
                        }
                    }
                }
            }
            let Some(moved) = moved else { return };
            let Some(use_value) = at_mut(root, site) else {
                return;
            };
            let Value::Object(m) = use_value else { return };
            if let Value::Bool(_) = moved {
                *use_value = moved;
                return;
            }
            // The use's annotations win over the definition's (invariant 4).
            let kept: Vec<Cow<'static, str>> = m
                .iter()
                .filter(|(k, _)| k != "$ref")
                .map(|(k, _)| k.clone())
                .collect();
            let mut out = Vec::with_capacity(m.len() + members(&moved).len());
            for (k, v) in m.drain(..) {
                if k == "$ref" {
                    out.extend(
                        members(&moved)
                            .iter()
                            .filter(|(mk, _)| !kept.contains(mk))
                            .cloned(),
                    );
                } else {
                    out.push((k, v));
                }
            }
            *m = out;
        }
        Edit::Merge { at: p, branches } => {
            let Some(Value::Object(m)) = at_mut(root, p) else {
                return;
            };
            let Some(pos) = m.iter().position(|(k, _)| k == "allOf") else {
                return;
            };
            let Value::Array(list) = &mut m[pos].1 else {
                return;
            };
            let mut taken = Vec::new();
            for &i in branches.iter().rev() {
                taken.push(list.remove(i));
            }
            taken.reverse();
            if list.is_empty() {
                m.remove(pos);
            }
            // New keywords go where the `allOf` stood, in the order the branches
            // wrote them.
            let mut cursor = pos;
            for branch in taken {
                for (k, v) in members(&branch) {
                    if merge_member(m, k, v, cursor) {
                        cursor += 1;
                    }
                }
            }
        }
    }
}

/// Join one keyword of a plain object branch into the schema's members `m`; a new
/// keyword goes at `pos` (or last), and then the answer is `true`.
fn merge_member(
    m: &mut Vec<(Cow<'static, str>, Value<'static>)>,
    k: &str,
    v: &Value<'static>,
    pos: usize,
) -> bool {
    let existing = m.iter().position(|(mk, _)| mk == k);
    match (k, existing) {
        (_, None) => {
            let pos = pos.min(m.len());
            m.insert(pos, (Cow::Owned(k.to_owned()), v.clone()));
            return true;
        }
        ("type", Some(i)) => m[i].1 = Value::String(Cow::Borrowed("object")),
        ("properties", Some(i)) => {
            if let Value::Object(props) = &mut m[i].1 {
                for (name, schema) in members(v) {
                    if !props.iter().any(|(n, _)| n == name) {
                        props.push((name.clone(), schema.clone()));
                    }
                }
            }
        }
        ("required", Some(i)) => {
            if let (Value::Array(names), Value::Array(more)) = (&mut m[i].1, v) {
                for n in more {
                    if !names.contains(n) {
                        names.push(n.clone());
                    }
                }
            }
        }
        // An annotation the schema already has: it keeps its own (invariant 4).
        _ => {}
    }
    false
}
