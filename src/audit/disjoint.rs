//! Proofs that two subschemas admit no value in common, for `rewrite`'s `oneOf` →
//! `anyOf` (docs/REWRITE.md, "Proof rules").
//!
//! A subschema is read as *facts*: the nodes whose own keywords every admitted value
//! meets (the schema itself and, transitively, its `$ref`, `$dynamicRef` and `allOf`
//! targets: its *conjuncts*), and the `anyOf`/`oneOf` lists one of whose branches every
//! admitted value meets (its *unions*). Conditions (`not`, `if`/`then`/`else`,
//! `dependentSchemas`), `unevaluated*` and the rest are left out: they only narrow what a
//! schema admits, so facts over-approximate it, and disjoint over-approximations are
//! disjoint schemas.
//!
//! Invariants:
//! 1. **Sound.** [`Prover::one_of_disjoint`] says yes for a pair of branches only if no JSON value meets both
//!    schemas. Each rule is proved per kind of value (null, boolean, integral number,
//!    other number, string, array, object), and the schemas are disjoint when every kind
//!    has a proof:
//!    - *kinds*: one side admits no value of the kind (the audit's satisfiable kinds,
//!      an over-approximation, of the conjuncts' own keywords and of each union);
//!    - *values*: a conjunct of one side has `enum`/`const`, and every one of its values
//!      of the kind is rejected by the other side (by a conjunct's own keywords, exactly
//!      as the validator decides scalars, or by every branch of a union);
//!    - *number ranges* (numbers): a conjunct of one side bounds numbers
//!      (`maximum`, `exclusiveMaximum`) entirely below where a conjunct of the other
//!      bounds them (`minimum`, `exclusiveMinimum`), compared exactly;
//!    - *a forbidden member* (objects): one side requires a name (some conjunct's
//!      `required`) that a conjunct of the other holds to a schema no value meets
//!      (`false`, or closed out by `additionalProperties: false`);
//!    - *a pinned member* (objects): a name both sides require whose member schemas
//!      (the schema a conjunct holds that member's value to) are disjoint,
//!      recursively;
//!    - *a union split*: every branch of one side's union, with the rest of that side's
//!      facts, is disjoint from the other side.
//! 2. **Bounded.** Recursion is bounded by a depth (member schemas and union splits),
//!    each `oneOf`'s proof and all of one form's by work budgets; running out of any is
//!    "not proven".
//!
//! Cost: at most [`BUDGET`] steps of O(facts) each per `oneOf`, whatever its number of
//! branches (each pair of branches takes one step at least), and [`FORM_BUDGET`] for
//! all the `oneOf`s a [`Prover`] is asked about.

use std::cell::Cell;

use crate::form::consts::ValueId;
use crate::form::node::{Node, NodeId};
use crate::form::number::NumRef;
use crate::form::Form;

use super::bounds::{self, local_kinds, named_member_schema, value_kind, value_passes, Kinds};
use super::graph::Graph;

/// Steps the proof of one `oneOf` may take before it is "not proven": a union of 600
/// `const` branches (180,000 pairs) is proven within it, in well under a second.
pub(crate) const BUDGET: u32 = 2_000_000;
/// Steps all the proofs of one form may take, so that a form of many large unions
/// costs a bounded time too.
pub(crate) const FORM_BUDGET: u64 = 40_000_000;
/// How deep member schemas and union splits are followed.
const DEPTH: u32 = 6;

/// The facts of a subschema (see the module docs).
#[derive(Clone, Default)]
struct Facts {
    conjuncts: Vec<NodeId>,
    unions: Vec<Vec<NodeId>>,
}

/// Answers disjointness questions about one form.
pub(crate) struct Prover<'f> {
    form: &'f Form,
    sat: Vec<Kinds>,
    budget: Cell<u32>,
    /// What is left of [`FORM_BUDGET`].
    form_budget: Cell<u64>,
}

/// The kinds' names, in [`bounds::KINDS`] order, for reasons.
const KIND_NAMES: [&str; 7] = [
    "null",
    "boolean",
    "integer",
    "non-integral number",
    "string",
    "array",
    "object",
];

impl<'f> Prover<'f> {
    pub(crate) fn new(form: &'f Form) -> Prover<'f> {
        Prover::with_budget(form, FORM_BUDGET)
    }

    /// A prover with `left` of [`FORM_BUDGET`] to spend: what a rewrite has left over
    /// its rounds, whose forms it proves one after another.
    pub(crate) fn with_budget(form: &'f Form, left: u64) -> Prover<'f> {
        let graph = Graph::new(form);
        let sat = bounds::satisfiable(&graph);
        Prover {
            form,
            sat,
            budget: Cell::new(BUDGET),
            form_budget: Cell::new(left),
        }
    }

    /// What is left of the form's budget.
    pub(crate) fn budget_left(&self) -> u64 {
        self.form_budget.get()
    }

    fn node(&self, id: NodeId) -> &'f Node {
        self.form.node(id)
    }

    /// The facts of `start`, leaving out the `oneOf` of `skip_one_of` (the schema whose
    /// branches are in question: its other keywords are the branches' context).
    fn gather(&self, start: NodeId, skip_one_of: Option<NodeId>, into: &mut Facts) {
        let mut stack = vec![start];
        while let Some(id) = stack.pop() {
            if into.conjuncts.contains(&id) {
                continue;
            }
            into.conjuncts.push(id);
            if id == NodeId::TRUE || id == NodeId::FALSE {
                continue;
            }
            let node = self.node(id);
            stack.extend(node.reference);
            stack.extend(node.dynamic_reference);
            stack.extend(node.all_of.iter().copied());
            if !node.any_of.is_empty() {
                into.unions.push(node.any_of.to_vec());
            }
            if !node.one_of.is_empty() && Some(id) != skip_one_of {
                into.unions.push(node.one_of.to_vec());
            }
        }
    }

    fn facts(&self, id: NodeId) -> Facts {
        let mut f = Facts::default();
        self.gather(id, None, &mut f);
        f
    }

    /// The kinds a value meeting `f` may have (an over-approximation).
    fn kinds(&self, f: &Facts) -> Kinds {
        let consts = self.form.consts();
        let mut k = bounds::ALL;
        for &c in &f.conjuncts {
            k &= match c {
                NodeId::TRUE => bounds::ALL,
                NodeId::FALSE => 0,
                _ => local_kinds(self.node(c), consts, &self.sat),
            };
        }
        for u in &f.unions {
            k &= u.iter().fold(0, |acc, b| acc | self.sat[b.index()]);
        }
        k
    }

    /// Whether the `oneOf` branches of `holder` are pairwise disjoint among the values
    /// its other keywords admit; else why not (the first pair and kinds not proven).
    pub(crate) fn one_of_disjoint(&self, holder: NodeId) -> Result<String, String> {
        let mut context = Facts::default();
        self.gather(holder, Some(holder), &mut context);
        let branches = &self.node(holder).one_of;
        let mut by: Vec<&str> = Vec::new();
        let budget = BUDGET.min(self.form_budget.get().min(u64::from(u32::MAX)) as u32);
        self.budget.set(budget);
        let result = self.prove_branches(branches, &context, &mut by);
        let spent = budget - self.budget.get();
        self.form_budget
            .set(self.form_budget.get() - u64::from(spent));
        result?;
        if by.is_empty() {
            return Ok("a single branch: nothing to be disjoint from".to_owned());
        }
        Ok(format!("branches pairwise disjoint by {}", by.join(", ")))
    }

    /// Every pair of `branches`, with `context`, proven disjoint kind by kind; the
    /// rules that did it are added to `by`.
    fn prove_branches(
        &self,
        branches: &[NodeId],
        context: &Facts,
        by: &mut Vec<&'static str>,
    ) -> Result<(), String> {
        let facts: Vec<Facts> = branches
            .iter()
            .map(|&b| {
                let mut f = context.clone();
                self.gather(b, None, &mut f);
                f
            })
            .collect();
        for i in 0..branches.len() {
            for j in i + 1..branches.len() {
                if !self.step() {
                    return Err(format!(
                        "branches {i} and {j} are not proven disjoint: the proof ran out of steps"
                    ));
                }
                let (a, b) = (&facts[i], &facts[j]);
                let common = self.kinds(a) & self.kinds(b);
                let mut open: Vec<&str> = Vec::new();
                for (bit, name) in bounds::KINDS.iter().zip(KIND_NAMES) {
                    if common & bit == 0 {
                        continue;
                    }
                    match self.kind_disjoint(a, b, *bit, DEPTH) {
                        Some(rule) => {
                            if !by.contains(&rule) {
                                by.push(rule);
                            }
                        }
                        None => open.push(name),
                    }
                }
                if common == 0 && !by.contains(&"type") {
                    by.push("type");
                }
                if !open.is_empty() {
                    let exhausted = if self.budget.get() == 0 {
                        " (the proof ran out of steps)"
                    } else {
                        ""
                    };
                    return Err(format!(
                        "branches {i} and {j} are not proven disjoint: both may admit the same {}{exhausted}",
                        join_or(&open)
                    ));
                }
            }
        }
        Ok(())
    }

    fn nodes_disjoint(&self, a: NodeId, b: NodeId, depth: u32) -> bool {
        let (fa, fb) = (self.facts(a), self.facts(b));
        let common = self.kinds(&fa) & self.kinds(&fb);
        bounds::KINDS
            .iter()
            .filter(|&&bit| common & bit != 0)
            .all(|&bit| self.kind_disjoint(&fa, &fb, bit, depth).is_some())
    }

    /// Spend a step; `false` when the budget is gone.
    fn step(&self) -> bool {
        let left = self.budget.get();
        if left == 0 {
            return false;
        }
        self.budget.set(left - 1);
        true
    }

    /// Whether no value of kind `kind` meets both `a` and `b`, and by which rule.
    fn kind_disjoint(&self, a: &Facts, b: &Facts, kind: Kinds, depth: u32) -> Option<&'static str> {
        if !self.step() {
            return None;
        }
        if self.kinds(a) & kind == 0 || self.kinds(b) & kind == 0 {
            return Some("type");
        }
        if self.values_excluded(a, b, kind, depth) || self.values_excluded(b, a, kind, depth) {
            return Some("const/enum");
        }
        if kind & bounds::NUM != 0 && self.ranges_apart(a, b) {
            return Some("number ranges");
        }
        if kind == bounds::OBJ && (self.forbidden_member(a, b) || self.forbidden_member(b, a)) {
            return Some("a member one side requires and the other forbids");
        }
        if kind == bounds::OBJ && self.pinned_member(a, b, depth) {
            return Some("a required member");
        }
        if depth == 0 {
            return None;
        }
        for (x, y) in [(a, b), (b, a)] {
            for (u, branches) in x.unions.iter().enumerate() {
                let split = branches.iter().all(|&branch| {
                    let mut rest = Facts {
                        conjuncts: x.conjuncts.clone(),
                        unions: x
                            .unions
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != u)
                            .map(|(_, v)| v.clone())
                            .collect(),
                    };
                    self.gather(branch, None, &mut rest);
                    self.kind_disjoint(&rest, y, kind, depth - 1).is_some()
                });
                if split {
                    return Some("the branches of a union");
                }
            }
        }
        None
    }

    /// Whether some conjunct of `a` lists its values, and `b` rejects every one of
    /// them of `kind`.
    fn values_excluded(&self, a: &Facts, b: &Facts, kind: Kinds, depth: u32) -> bool {
        let consts = self.form.consts();
        a.conjuncts.iter().any(|&c| {
            if c == NodeId::TRUE || c == NodeId::FALSE {
                return false;
            }
            let Some(set) = self.node(c).values else {
                return false;
            };
            consts
                .set(set)
                .values
                .iter()
                .filter(|&&v| value_kind(consts, v) & kind != 0)
                .all(|&v| self.facts_reject(b, v, depth))
        })
    }

    /// Whether every value meeting `f` differs from the stored value `v`.
    fn facts_reject(&self, f: &Facts, v: ValueId, depth: u32) -> bool {
        if !self.step() {
            return false;
        }
        let consts = self.form.consts();
        let own = f.conjuncts.iter().any(|&c| match c {
            NodeId::TRUE => false,
            NodeId::FALSE => true,
            _ => {
                let node = self.node(c);
                node.reject_all
                    || node.values.is_some_and(|s| !consts.set_contains(s, v))
                    || !value_passes(node, consts, v, &self.sat)
            }
        });
        own || (depth > 0
            && f.unions.iter().any(|u| {
                u.iter()
                    .all(|&b| self.facts_reject(&self.facts(b), v, depth - 1))
            }))
    }

    /// Whether a conjunct of one side bounds numbers entirely below where a conjunct of
    /// the other bounds them (`maximum`, `exclusiveMaximum` against `minimum`,
    /// `exclusiveMinimum`, compared exactly).
    fn ranges_apart(&self, a: &Facts, b: &Facts) -> bool {
        let ranges = |f: &Facts| {
            f.conjuncts
                .iter()
                .filter(|&&c| c != NodeId::TRUE && c != NodeId::FALSE)
                .filter_map(|&c| self.node(c).number.as_deref())
                .map(bounds::number_range)
                .collect::<Vec<_>>()
        };
        let below = |hi: Option<(NumRef<'_>, bool)>, lo: Option<(NumRef<'_>, bool)>| match (hi, lo)
        {
            (Some((h, h_excl)), Some((l, l_excl))) => h < l || (h == l && (h_excl || l_excl)),
            _ => false,
        };
        let (ours, theirs) = (ranges(a), ranges(b));
        ours.iter().any(|&(alo, ahi)| {
            theirs
                .iter()
                .any(|&(blo, bhi)| below(ahi, blo) || below(bhi, alo))
        })
    }

    /// The names some conjunct of `f` requires.
    fn required(&self, f: &Facts) -> Vec<&'f str> {
        let mut names = Vec::new();
        for &c in &f.conjuncts {
            if c == NodeId::TRUE || c == NodeId::FALSE {
                continue;
            }
            if let Some(o) = &self.node(c).object {
                names.extend(o.members.iter().filter(|m| m.required).map(|m| &*m.name));
            }
        }
        names
    }

    /// Whether `a` requires a member that a conjunct of `b` holds to a schema no value
    /// meets (`false`, or a name `additionalProperties: false` closes out).
    fn forbidden_member(&self, a: &Facts, b: &Facts) -> bool {
        self.required(a).into_iter().any(|name| {
            b.conjuncts
                .iter()
                .filter(|&&c| c != NodeId::TRUE && c != NodeId::FALSE)
                .filter_map(|&c| self.node(c).object.as_deref())
                .any(|o| self.sat[named_member_schema(o, name).index()] == 0)
        })
    }

    /// Whether a member both sides require is held to disjoint schemas.
    fn pinned_member(&self, a: &Facts, b: &Facts, depth: u32) -> bool {
        if depth == 0 {
            return false;
        }
        let member_schemas = |f: &Facts, name: &str| -> Vec<NodeId> {
            f.conjuncts
                .iter()
                .filter(|&&c| c != NodeId::TRUE && c != NodeId::FALSE)
                .filter_map(|&c| self.node(c).object.as_deref())
                .map(|o| named_member_schema(o, name))
                .filter(|&s| s != NodeId::TRUE)
                .collect()
        };
        let theirs = self.required(b);
        for name in self.required(a) {
            if !theirs.contains(&name) {
                continue;
            }
            for x in member_schemas(a, name) {
                for y in member_schemas(b, name) {
                    if self.nodes_disjoint(x, y, depth - 1) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// `a`, `a or b`, `a, b or c`.
fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
