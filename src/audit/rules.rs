//! The audit's rules: where the compiled form admits more than it should (portable
//! rules), or uses what a constrained decoder does not accept (profile rules).
//!
//! Invariants:
//! 1. Rules read the compiled nodes only (what is enforced), never the form's text.
//! 2. The bound rules (`unbounded-string`, `unbounded-array`, `open-object`) report a
//!    kind of value once, at the subschema that leaves it unbounded: a schema whose
//!    `anyOf` branch, `allOf` conjunct or `$ref` target is itself unbounded passes the
//!    finding down to it; a schema bounded by an enclosing conjunct (`maxLength` beside an
//!    `anyOf`, an `enum` around `properties`), or whose kind an enclosing `type` rules
//!    out, reports nothing.
//! 3. `unsatisfiable` is sound: it is reported where no value satisfies a subschema
//!    (the satisfiability analysis over-approximates), or where no value of a type the
//!    subschema's `type` allows satisfies its keywords for that type
//!    (`{"type": ["string", "null"], "minLength": 2, "maxLength": 1}` has a dead string
//!    part). A literal `false` is reported only in a same-instance position (`allOf`,
//!    `anyOf`, `oneOf`, `$ref`) and through the schema that requires a member or element
//!    it forbids; an optional member or element set to `false` is how a form forbids it.
//! 4. Profile rules add to the portable rules and never repeat one of their findings
//!    at the same place.
//!
//! Cost: O(nodes + edges + enum values) after the analyses of [`super::bounds`], plus
//! the disjointness proofs of every `oneOf` (`disjoint::BUDGET` steps per pair of
//! branches).

use std::collections::{HashMap, HashSet};

use crate::form::consts::Consts;
use crate::form::node::{Node, NodeId, Types};
use crate::form::pointer;
use crate::form::Form;

use super::bounds::{
    self, array_lengths, closed, kinds_of, names_bounded, number_kinds, number_range,
    string_lengths, string_possible, value_passes, Dp, Kinds, ARR, B, INT, NUM, OBJ, STR,
};
use super::graph::{tarjan, Edge, Graph, Via};
use super::{Audit, Bound, Finding, Profile, Rule};

/// OpenAI structured outputs: the deepest nesting accepted.
pub(crate) const OPENAI_MAX_NESTING: u64 = 10;
/// OpenAI structured outputs: the most object properties in one schema.
pub(crate) const OPENAI_MAX_PROPERTIES: usize = 5_000;
/// OpenAI structured outputs: the most `enum` values in one schema.
pub(crate) const OPENAI_MAX_ENUM_VALUES: usize = 1_000;

/// Everything the rules read about a form.
struct Facts<'f> {
    graph: Graph<'f>,
    consts: &'f Consts,
    sat: Vec<Kinds>,
    /// Kinds (of `STR`, `ARR`, `OBJ`) whose length or membership nothing bounds at each
    /// node, its conjuncts and branches included.
    unbounded: Vec<Kinds>,
    /// Whether an `enum`/`const` (of the node or of every alternative) fixes the value.
    enumerated: Vec<bool>,
}

/// Collects findings, once per rule and pointer.
struct Report {
    found: Vec<Finding>,
    seen: HashSet<(Rule, String)>,
}

impl Report {
    fn add(&mut self, rule: Rule, pointer: String, message: String) {
        if self.seen.insert((rule, pointer.clone())) {
            self.found.push(Finding {
                rule,
                pointer,
                message,
            });
        }
    }

    fn has(&self, rule: Rule, pointer: &str) -> bool {
        self.seen.contains(&(rule, pointer.to_owned()))
    }
}

/// Audit `form` under `profile`.
pub(crate) fn audit(form: &Form, profile: Profile) -> Audit {
    let graph = Graph::new(form);
    let sat = bounds::satisfiable(&graph);
    let (unbounded, enumerated) = structural(&graph, &sat);
    let facts = Facts {
        consts: form.consts(),
        graph,
        sat,
        unbounded,
        enumerated,
    };
    let dp = Dp::bounds(&facts.graph, &facts.sat);
    let root = form.root();
    let bound = |b: B| match b {
        B::Empty => Bound::Finite(0),
        B::Fin(n) => Bound::Finite(n),
        B::Unb => Bound::Unbounded,
    };
    let max_size = bound(bounds::overall(&dp.size[root.index()]));
    let max_depth = bound(bounds::overall(&dp.depth[root.index()]));

    let mut report = Report {
        found: Vec::new(),
        seen: HashSet::new(),
    };
    bound_rules(&facts, &mut report);
    recursion_rule(&facts, &mut report);
    keyword_rules(&facts, &mut report);
    unsatisfiable_rule(&facts, &mut report);
    match profile {
        Profile::Portable => {}
        Profile::OpenAi => openai_rules(&facts, &mut report),
        Profile::Anthropic => anthropic_rules(&facts, &mut report),
        _ => {
            for (rule, pointer, message) in
                super::decoders::findings(&facts.graph, &facts.sat, profile)
            {
                report.add(rule, pointer, message);
            }
        }
    }
    // Document order: a finding goes with the innermost schema its pointer is in, and
    // node ids follow the form's text; ties keep the rule order above.
    let schemas: HashMap<&str, NodeId> = form
        .nodes()
        .iter()
        .enumerate()
        .skip(2)
        .map(|(i, n)| (&*n.pointer, NodeId(i as u32)))
        .collect();
    let owner = |pointer: &str| {
        let mut p = pointer;
        loop {
            if let Some(&id) = schemas.get(p) {
                return id;
            }
            match p.rfind('/') {
                Some(cut) => p = &p[..cut],
                None => return root,
            }
        }
    };
    let mut findings = report.found;
    findings.sort_by_key(|f| owner(&f.pointer));
    // The bounds never narrow by a condition; where one is unbounded, say which
    // conditions might have bounded it.
    let conditions = if max_size == Bound::Unbounded || max_depth == Bound::Unbounded {
        form.nodes()
            .iter()
            .skip(2)
            .filter(|n| {
                n.not.is_some()
                    || (n.if_.is_some() && (n.then_.is_some() || n.else_.is_some()))
                    || !n.dependent_schemas.is_empty()
            })
            .map(|n| n.pointer.to_string())
            .collect()
    } else {
        Vec::new()
    };
    Audit {
        profile,
        findings,
        conditions,
        max_depth,
        max_size,
        memory: crate::form::memory::bound(form),
    }
}

/// The unbounded kinds and the enumerated flag of every node, children first over
/// same-instance edges (a DAG).
fn structural(graph: &Graph<'_>, sat: &[Kinds]) -> (Vec<Kinds>, Vec<bool>) {
    let nodes = graph.form.nodes();
    let n = nodes.len();
    let mut unbounded = vec![0 as Kinds; n];
    let mut enumerated = vec![false; n];
    unbounded[NodeId::TRUE.index()] = STR | ARR | OBJ;
    for id in graph.same_instance_order() {
        if id == NodeId::TRUE || id == NodeId::FALSE {
            continue;
        }
        let node = &nodes[id.index()];
        let mut u: Kinds = 0;
        if node.values.is_none() {
            if string_lengths(node).1.is_none() {
                u |= STR;
            }
            if array_lengths(node.array.as_deref(), sat).1.is_none() {
                u |= ARR;
            }
            if !closed(node, sat) && !names_bounded(node, nodes) {
                u |= OBJ;
            }
        }
        let mut fixed = node.values.is_some();
        for r in node.reference.into_iter().chain(node.dynamic_reference) {
            u &= unbounded[r.index()];
            fixed |= enumerated[r.index()];
        }
        for c in &node.all_of {
            u &= unbounded[c.index()];
            fixed |= enumerated[c.index()];
        }
        for list in [&node.any_of, &node.one_of] {
            if !list.is_empty() {
                u &= list.iter().fold(0, |acc, c| acc | unbounded[c.index()]);
                fixed |= list.iter().all(|c| enumerated[c.index()]);
            }
        }
        unbounded[id.index()] = u & sat[id.index()];
        enumerated[id.index()] = fixed;
    }
    (unbounded, enumerated)
}

/// Whether a member or element position can hold a value: its container kind is
/// satisfiable at `from` and the position is within the admitted lengths.
fn value_edge_live(facts: &Facts<'_>, from: NodeId, e: Edge) -> bool {
    let node = facts.graph.node(from);
    let sat = &facts.sat;
    if sat[e.to.index()] == 0 {
        return false;
    }
    let here = sat[from.index()];
    match e.via {
        Via::Prefix(i) => {
            here & ARR != 0
                && array_lengths(node.array.as_deref(), sat)
                    .1
                    .is_none_or(|h| (i as u64) < h)
        }
        Via::Items => here & ARR != 0 && items_live(node, sat),
        Via::Property(_) | Via::Additional | Via::Pattern(_) => here & OBJ != 0,
        _ => here & sat[e.to.index()] != 0,
    }
}

/// Whether an array at `node` can have an element beyond `prefixItems`.
fn items_live(node: &Node, sat: &[Kinds]) -> bool {
    let prefix = node.array.as_ref().map_or(0, |a| a.prefix.len()) as u64;
    array_lengths(node.array.as_deref(), sat)
        .1
        .is_none_or(|h| h > prefix)
}

const BOUND_RULES: [(Kinds, Rule); 3] = [
    (STR, Rule::UnboundedString),
    (ARR, Rule::UnboundedArray),
    (OBJ, Rule::OpenObject),
];

/// Why a kind is unbounded at a schema with no keyword bounding it.
fn bound_message(rule: Rule, node: &Node, sat: &[Kinds]) -> String {
    match rule {
        Rule::UnboundedString => {
            "strings of any length are admitted: no maxLength, enum, const or length-bounding format"
                .to_owned()
        }
        Rule::UnboundedArray => {
            "arrays of any length are admitted: no maxItems, and prefixItems is not closed by items: false"
                .to_owned()
        }
        _ => match node.object.as_ref().and_then(|o| o.additional) {
            Some(a)
                if sat[a.index()] == 0
                    && node
                        .object
                        .as_ref()
                        .is_some_and(|o| !o.pattern_properties.is_empty()) =>
            {
                "objects admit members of any name a patternProperties pattern matches"
                    .to_owned()
            }
            Some(a) if sat[a.index()] != 0 => {
                "objects admit members of any name: additionalProperties is a schema, not false"
                    .to_owned()
            }
            _ => "objects admit members of any name: no additionalProperties: false".to_owned(),
        },
    }
}

/// `unbounded-string`, `unbounded-array`, `open-object` (invariant 2): propagate, from
/// the root, which kinds are still unbounded and whether an `enum` already fixes the
/// value; report at the schemas that leave a kind unbounded.
fn bound_rules(facts: &Facts<'_>, report: &mut Report) {
    let graph = &facts.graph;
    let n = graph.edges.len();
    let root = graph.form.root();
    // reach: kinds the instance may have here; open: kinds still unbounded on the way
    // here; free: no enclosing `enum` fixes the value.
    let mut reach = vec![0 as Kinds; n];
    let mut open = vec![0 as Kinds; n];
    let mut free = vec![false; n];
    reach[root.index()] = bounds::ALL;
    open[root.index()] = bounds::ALL;
    free[root.index()] = true;
    let mut work = vec![root];
    let mut queued = vec![false; n];
    queued[root.index()] = true;
    while let Some(id) = work.pop() {
        queued[id.index()] = false;
        let here = reach[id.index()] & facts.sat[id.index()];
        if here == 0 || id == NodeId::TRUE || id == NodeId::FALSE {
            continue;
        }
        let node = graph.node(id);
        let unfixed = free[id.index()] && !facts.enumerated[id.index()];
        for &e in &graph.edges[id.index()] {
            if !e.via.admits() {
                continue;
            }
            let c = e.to.index();
            let (r, o, f) = if e.via.same_instance() {
                (
                    reach[c] | here,
                    open[c] | (open[id.index()] & facts.unbounded[id.index()]),
                    free[c] | unfixed,
                )
            } else {
                let kind = if matches!(e.via, Via::Prefix(_) | Via::Items) {
                    ARR
                } else {
                    OBJ
                };
                if !(unfixed && here & kind != 0 && value_edge_live(facts, id, e)) {
                    continue;
                }
                if e.to == NodeId::TRUE && e.via != Via::Additional {
                    report_any_value(report, e.pointer(node));
                }
                (bounds::ALL, bounds::ALL, true)
            };
            if (r, o, f) != (reach[c], open[c], free[c]) {
                reach[c] = r;
                open[c] = o;
                free[c] = f;
                if !queued[c] {
                    queued[c] = true;
                    work.push(e.to);
                }
            }
        }
        // An absent `items` on a schema about arrays: elements may be anything.
        let about_arrays = node.array.is_some()
            || node
                .types_written
                .as_ref()
                .is_some_and(|(_, ts)| ts.contains(&Types::ARRAY));
        let no_items = node.array.as_ref().is_none_or(|a| a.items.is_none());
        if unfixed && here & ARR != 0 && about_arrays && no_items && items_live(node, &facts.sat) {
            report_any_value(report, pointer::join(&node.pointer, "items"));
        }
    }
    for (i, node) in graph.form.nodes().iter().enumerate().skip(2) {
        let unbounded = open[i] & facts.unbounded[i];
        for (kind, rule) in BOUND_RULES {
            if unbounded & kind == 0 {
                continue;
            }
            // Invariant 2: a non-boolean conjunct or branch unbounded in this kind
            // receives the finding instead.
            let passed_down = graph.edges[i].iter().any(|e| {
                e.via.same_instance()
                    && e.to != NodeId::TRUE
                    && facts.unbounded[e.to.index()] & kind != 0
            });
            if !passed_down {
                let msg = bound_message(rule, node, &facts.sat);
                report.add(rule, node.pointer.to_string(), msg);
            }
        }
    }
}

/// A member or element position whose schema is `true` (or an absent `items`).
fn report_any_value(report: &mut Report, pointer: String) {
    let what = if pointer.ends_with("/items") {
        "elements"
    } else {
        "this value"
    };
    report.add(
        Rule::UnboundedString,
        pointer.clone(),
        format!("{what} may be any value, so strings of any length"),
    );
    report.add(
        Rule::UnboundedArray,
        pointer.clone(),
        format!("{what} may be any value, so arrays of any length"),
    );
    report.add(
        Rule::OpenObject,
        pointer,
        format!("{what} may be any value, so objects with any members"),
    );
}

/// The recursive `$ref`s on a cycle that values can actually follow: their cycle's
/// member and element positions can all hold values.
fn live_recursion(facts: &Facts<'_>) -> Vec<(NodeId, Edge)> {
    let graph = &facts.graph;
    let n = graph.edges.len();
    let successors = |id: NodeId| -> Vec<NodeId> {
        graph.edges[id.index()]
            .iter()
            .filter(|e| value_edge_live(facts, id, **e))
            .map(|e| e.to)
            .collect()
    };
    let scc = tarjan(n, &[graph.form.root()], successors);
    let mut live = Vec::new();
    for id in (0..n).map(|i| NodeId(i as u32)) {
        if !scc.cyclic(id) || facts.sat[id.index()] == 0 {
            continue;
        }
        let node = graph.node(id);
        for (target, via) in [
            (node.reference, Via::Ref),
            (node.dynamic_reference, Via::DynamicRef),
        ] {
            if let Some(t) = target {
                if graph.is_recursion(id, Edge { to: t, via }) && scc.same(id, t) {
                    live.push((id, Edge { to: t, via }));
                }
            }
        }
    }
    live
}

/// `unbounded-recursion`: a `$ref` cycle values can follow without end.
fn recursion_rule(facts: &Facts<'_>, report: &mut Report) {
    // `unroll` refuses a form with dynamic references (`unroll.rs`).
    let dynamic = facts
        .graph
        .form
        .nodes()
        .iter()
        .any(|n| n.dynamic_reference.is_some());
    let remedy = if dynamic {
        "formgate unroll does not take dynamic references"
    } else {
        "formgate unroll bounds it"
    };
    for (id, edge) in live_recursion(facts) {
        let node = facts.graph.node(id);
        let target = &*facts.graph.node(edge.to).pointer;
        let keyword = if edge.via == Via::Ref {
            "$ref"
        } else {
            node.dynamic_keyword().name()
        };
        report.add(
            Rule::UnboundedRecursion,
            edge.pointer(node),
            format!(
                "{keyword} to {} recurses without bound: values may nest to any depth ({remedy})",
                super::fragment(target)
            ),
        );
    }
}

/// `one-of` on every reachable schema that uses it, saying whether formgate proves its
/// branches disjoint (then `formgate rewrite` writes it `anyOf`).
fn keyword_rules(facts: &Facts<'_>, report: &mut Report) {
    let prover = super::disjoint::Prover::new(facts.graph.form);
    for id in reachable(&facts.graph) {
        let node = facts.graph.node(id);
        if !node.one_of.is_empty() {
            let message = match prover.one_of_disjoint(id) {
                Ok(_) => "oneOf: some constrained decoders reject it; its branches are disjoint, so formgate rewrite writes it anyOf",
                Err(_) => "oneOf: some constrained decoders reject it; formgate cannot prove its branches disjoint, so anyOf may admit more",
            };
            report.add(
                Rule::OneOf,
                pointer::join(&node.pointer, "oneOf"),
                message.to_owned(),
            );
        }
    }
}

/// The non-boolean nodes reachable from the root, in id order.
fn reachable(graph: &Graph<'_>) -> Vec<NodeId> {
    (2..graph.edges.len())
        .filter(|&i| graph.reachable[i])
        .map(|i| NodeId(i as u32))
        .collect()
}

/// `unsatisfiable` (invariant 3).
fn unsatisfiable_rule(facts: &Facts<'_>, report: &mut Report) {
    let sat = &facts.sat;
    for id in reachable(&facts.graph) {
        let node = facts.graph.node(id);
        let here = node.pointer.to_string();
        let reasons = contradictions(facts, node);
        let found = !reasons.is_empty();
        for r in reasons {
            report.add(Rule::Unsatisfiable, here.clone(), r);
        }
        for &e in &facts.graph.edges[id.index()] {
            if e.via.same_instance() && e.to == NodeId::FALSE {
                report.add(
                    Rule::Unsatisfiable,
                    e.pointer(node),
                    "false admits no value".to_owned(),
                );
            }
        }
        if found || sat[id.index()] != 0 {
            continue;
        }
        let dead = |c: &NodeId| sat[c.index()] == 0;
        let explained = node.reference.as_ref().is_some_and(dead)
            || node.dynamic_reference.as_ref().is_some_and(dead)
            || node.all_of.iter().any(dead)
            || (!node.any_of.is_empty() && node.any_of.iter().all(dead))
            || (!node.one_of.is_empty() && node.one_of.iter().all(dead));
        if !explained {
            report.add(
                Rule::Unsatisfiable,
                here,
                "no value satisfies all of this schema's keywords and subschemas together"
                    .to_owned(),
            );
        }
    }
}

/// The contradictions among one schema's own keywords, for the kinds its `type` allows.
fn contradictions(facts: &Facts<'_>, node: &Node) -> Vec<String> {
    let sat = &facts.sat;
    let allowed = kinds_of(node.types);
    let mut out = Vec::new();
    if let Some(set) = node.values {
        let set = facts.consts.set(set);
        let any = set
            .values
            .iter()
            .any(|&v| value_passes(node, facts.consts, v, sat));
        if !any {
            let what = if set.is_const {
                "the const value"
            } else {
                "no enum value"
            };
            let verb = if set.is_const {
                "does not satisfy"
            } else {
                "satisfies"
            };
            out.push(format!("{what} {verb} the other keywords of this schema"));
        }
        return out;
    }
    if allowed & STR != 0 && node.string.is_some() && !string_possible(node) {
        out.push(string_contradiction(node));
    }
    if let Some(n) = &node.number {
        let wanted = allowed & NUM;
        if wanted != 0 && number_kinds(n) & wanted == 0 {
            let (lo, hi) = number_range(n);
            let show = |e: Option<(crate::form::number::NumRef<'_>, bool)>, lower: bool| {
                e.map_or(String::new(), |(_, ex)| {
                    let kw = match (lower, ex) {
                        (true, false) => "minimum",
                        (true, true) => "exclusiveMinimum",
                        (false, false) => "maximum",
                        (false, true) => "exclusiveMaximum",
                    };
                    let num = match (lower, ex) {
                        (true, false) => n.minimum.as_ref(),
                        (true, true) => n.exclusive_minimum.as_ref(),
                        (false, false) => n.maximum.as_ref(),
                        (false, true) => n.exclusive_maximum.as_ref(),
                    };
                    format!("{kw} {}", num.map_or("", |x| &*x.lexeme))
                })
            };
            let what = if wanted == INT { "integer" } else { "number" };
            out.push(format!(
                "no {what} satisfies {} and {}{}",
                show(lo, true),
                show(hi, false),
                n.multiple_of
                    .as_ref()
                    .map_or(String::new(), |m| format!(" (multipleOf {})", m.lexeme))
            ));
        }
    }
    if let Some(a) = node.array.as_deref() {
        let (lo, hi) = array_lengths(Some(a), sat);
        if allowed & ARR != 0 && hi.is_some_and(|h| h < lo) {
            let max_items = a.max_items.as_ref().map(|c| c.value);
            let msg = if max_items.is_some_and(|m| m < lo) {
                format!(
                    "minItems {} exceeds maxItems {}",
                    lexeme(a.min_items.as_ref()),
                    lexeme(a.max_items.as_ref())
                )
            } else if let Some(i) = a.prefix.iter().position(|p| sat[p.index()] == 0) {
                format!(
                    "prefixItems/{i} admits no value, but minItems {} requires that element",
                    lexeme(a.min_items.as_ref())
                )
            } else {
                format!(
                    "minItems {} exceeds the {} prefixItems, and items admits no further element",
                    lexeme(a.min_items.as_ref()),
                    a.prefix.len()
                )
            };
            out.push(msg);
        }
    }
    if let Some(o) = node.object.as_deref() {
        if allowed & OBJ != 0 {
            for m in o.members.iter().filter(|m| m.required) {
                let schema = bounds::named_member_schema(o, &m.name);
                if sat[schema.index()] != 0 {
                    continue;
                }
                let mut name = String::new();
                crate::parse::value::write_json_string(&m.name, &mut name);
                out.push(if m.schema.is_none() {
                    format!(
                        "required member {name} is not under properties, and additionalProperties admits nothing"
                    )
                } else {
                    format!("required member {name} admits no value")
                });
            }
        }
    }
    out
}

fn lexeme(c: Option<&crate::form::node::Count>) -> &str {
    c.map_or("0", |c| &c.lexeme)
}

fn string_contradiction(node: &Node) -> String {
    let s = node.string.as_deref().expect("string keywords");
    let min = s.min_length.as_ref().map(|c| (c.value, &*c.lexeme));
    let max = s.max_length.as_ref().map(|c| (c.value, &*c.lexeme));
    if let (Some((lo, lo_text)), Some((hi, hi_text))) = (min, max) {
        if lo > hi {
            return format!("minLength {lo_text} exceeds maxLength {hi_text}");
        }
    }
    if let Some(f) = s.format {
        let (flo, fhi, _) = bounds::format_lengths(f);
        let range = match fhi {
            Some(h) if h == flo => format!("exactly {flo}"),
            Some(h) => format!("{flo} to {h}"),
            None => format!("at least {flo}"),
        };
        return format!(
            "{} strings have {range} characters, which minLength/maxLength rule out",
            f.name()
        );
    }
    "maxLength 0 leaves only the empty string, which pattern does not match".to_owned()
}

/// OpenAI structured outputs (strict mode).
fn openai_rules(facts: &Facts<'_>, report: &mut Report) {
    let graph = &facts.graph;
    let root = graph.form.root();
    let root_node = graph.node(root);
    let object_only = root != NodeId::TRUE
        && root != NodeId::FALSE
        && root_node.types_written.is_some()
        && root_node.types.0 == Types::OBJECT;
    if !object_only {
        report.add(
            Rule::OpenAiRootNotObject,
            String::new(),
            "the root must be \"type\": \"object\"".to_owned(),
        );
    }
    if !root_node.any_of.is_empty() && root.index() > 1 {
        report.add(
            Rule::OpenAiRootAnyOf,
            pointer::join(&root_node.pointer, "anyOf"),
            "the root must not be anyOf".to_owned(),
        );
    }
    let mut properties = 0usize;
    let mut enum_values = 0usize;
    for id in reachable(graph) {
        let node = graph.node(id);
        let at = &*node.pointer;
        let about_objects = node.object.is_some()
            || (node.types_written.is_some() && node.types.has(Types::OBJECT));
        if about_objects {
            let literal_false = node
                .object
                .as_ref()
                .is_some_and(|o| o.additional == Some(NodeId::FALSE));
            if !literal_false && !report.has(Rule::OpenObject, at) {
                report.add(
                    Rule::OpenAiOpenObject,
                    at.to_owned(),
                    "every object needs additionalProperties: false".to_owned(),
                );
            }
        }
        if let Some(o) = &node.object {
            properties += o.properties_order.len();
            for name in &o.properties_order {
                if !o.member(name).is_some_and(|m| m.required) {
                    report.add(
                        Rule::OpenAiNotRequired,
                        pointer::join(&pointer::join(at, "properties"), name),
                        "every property must be listed in required (make it nullable instead)"
                            .to_owned(),
                    );
                }
            }
        }
        if let Some(v) = node.values {
            let set = facts.consts.set(v);
            if !set.is_const {
                enum_values += set.values.len();
            }
        }
        if !node.all_of.is_empty() {
            report.add(
                Rule::OpenAiAllOf,
                pointer::join(at, "allOf"),
                "allOf is not supported".to_owned(),
            );
        }
        if node.array.as_ref().is_some_and(|a| !a.prefix.is_empty()) {
            report.add(
                Rule::OpenAiPrefixItems,
                pointer::join(at, "prefixItems"),
                "prefixItems is not supported".to_owned(),
            );
        }
    }
    let nesting = Dp::nesting(graph, &facts.sat);
    if let B::Fin(d) = bounds::overall(&nesting.depth[root.index()]) {
        if d > OPENAI_MAX_NESTING {
            report.add(Rule::OpenAiTooDeep,
                String::new(),
                format!(
                    "values nest {d} levels deep (each recursion counted once); at most {OPENAI_MAX_NESTING} are accepted"
                ),
            );
        }
    }
    if properties > OPENAI_MAX_PROPERTIES {
        report.add(
            Rule::OpenAiTooManyProperties,
            String::new(),
            format!("{properties} properties in all; at most {OPENAI_MAX_PROPERTIES} are accepted"),
        );
    }
    if enum_values > OPENAI_MAX_ENUM_VALUES {
        report.add(
            Rule::OpenAiTooManyEnumValues,
            String::new(),
            format!(
                "{enum_values} enum values in all; at most {OPENAI_MAX_ENUM_VALUES} are accepted"
            ),
        );
    }
}

/// Anthropic structured outputs.
fn anthropic_rules(facts: &Facts<'_>, report: &mut Report) {
    let graph = &facts.graph;
    for id in reachable(graph) {
        let node = graph.node(id);
        let at = &*node.pointer;
        let recursions = [
            (graph.recursive[id.index()], "$ref"),
            (
                graph.recursive_dynamic[id.index()],
                node.dynamic_keyword().name(),
            ),
        ];
        for (_, keyword) in recursions.into_iter().filter(|(r, _)| *r) {
            let p = pointer::join(at, keyword);
            if !report.has(Rule::UnboundedRecursion, &p) {
                report.add(
                    Rule::AnthropicRecursion,
                    p,
                    "recursive schemas are not supported (formgate unroll removes the cycle)"
                        .to_owned(),
                );
            }
        }
        let mut flagged: Vec<&str> = Vec::new();
        if let Some(n) = &node.number {
            for (kw, present) in [
                ("minimum", n.minimum.is_some()),
                ("maximum", n.maximum.is_some()),
                ("exclusiveMinimum", n.exclusive_minimum.is_some()),
                ("exclusiveMaximum", n.exclusive_maximum.is_some()),
                ("multipleOf", n.multiple_of.is_some()),
            ] {
                if present {
                    flagged.push(kw);
                }
            }
        }
        if let Some(s) = &node.string {
            if s.min_length.is_some() {
                flagged.push("minLength");
            }
            if s.max_length.is_some() {
                flagged.push("maxLength");
            }
        }
        if let Some(a) = &node.array {
            if a.min() > 1 {
                flagged.push("minItems");
            }
            if a.max_items.is_some() {
                flagged.push("maxItems");
            }
        }
        for kw in flagged {
            report.add(Rule::AnthropicBoundNotEnforced,
                pointer::join(at, kw),
                format!("the decoder does not enforce {kw}: generated values may break it, and formgate will reject them"),
            );
        }
    }
}
