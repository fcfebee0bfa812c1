//! Dynamic scope, resolved at compile time: `$dynamicRef` (2020-12) and
//! `$recursiveRef` (2019-09).
//!
//! A dynamic reference resolves against the *dynamic scope*: the schema resources
//! evaluation has entered on its way to the reference, outermost first. When its
//! initial target carries the dynamic anchor it names (`$dynamicAnchor` of the
//! fragment's name; `$recursiveAnchor: true` at the resource's root, kept here as the
//! anchor named ""), it resolves to that anchor in the outermost resource of the scope
//! that has one, and else to its initial target.
//!
//! The scope depends on the path through the form only, never on the body: which
//! resources a path entered, in order. What a dynamic reference needs of it is, for
//! each anchor name some dynamic reference uses, the outermost entered resource
//! defining that name: the *context*. Entering a resource binds the names it defines
//! that are not bound yet; a context only grows, and there are finitely many. So every
//! node that can reach a dynamic reference gets one copy per context that reaches it,
//! whose children are the copies for their own contexts, and each copy of a dynamic
//! reference points at its resolved target. Nodes that reach no dynamic reference are
//! shared. Both engines then verify the copies as they verify any node: the dynamic
//! scope is exact, and bounded work stays bounded.
//!
//! Invariants:
//! 1. A copy is its original with its subschemas replaced by their copies: same
//!    pointer, keywords and order, so it renders the same `s` and a rejection names
//!    the same form pointer.
//! 2. Entering a resource already in the scope changes nothing (its names are bound,
//!    by it or by a resource outside it), so re-entry is not tracked.
//! 3. At most [`MAX_COPIES`] copies are made, holding at most [`MAX_COPY_WEIGHT`]
//!    entries of lists in all (a copy clones its node's member names, patterns and
//!    keyword order): a form whose dynamic scopes multiply beyond either is refused as
//!    `ExpansionTooLarge`, never compiled in part.
//! 4. The originals stay, their dynamic references at their initial targets: they are
//!    what `$defs` hold, which apply to nothing.
//!
//! Cost: O(copies × children) time and memory, plus one pass over the form.

use std::collections::HashMap;

use super::error::{FormError, FormErrorKind};
use super::node::{Node, NodeId};

/// The most nodes dynamic scope may add to a form (invariant 3).
pub(crate) const MAX_COPIES: usize = 100_000;

/// The most list entries the copies may hold in all ([`weight`], invariant 3): a node
/// of 5,000 properties copied for 1,000 scopes would otherwise cost hundreds of
/// megabytes from a form of 200 KB.
pub(crate) const MAX_COPY_WEIGHT: usize = 2_000_000;

/// What a copy of `node` holds, in entries of its lists (1 for the node itself).
fn weight(node: &Node) -> usize {
    let object = node.object.as_deref().map_or(0, |o| {
        o.members.len()
            + o.pattern_properties.len()
            + o.required_order.len()
            + o.properties_order.len()
            + o.tracked.len()
            + o.dependent_required
                .iter()
                .map(|(_, names)| 1 + names.len())
                .sum::<usize>()
    });
    let array = node.array.as_deref().map_or(0, |a| a.prefix.len());
    1 + object
        + array
        + node.all_of.len()
        + node.any_of.len()
        + node.one_of.len()
        + node.dependent_schemas.len()
        + node.defs.len()
        + node.declared.len()
        + node.order.len()
}

/// A dynamic reference whose initial target has its anchor.
pub(crate) struct Edge {
    /// The node holding `$dynamicRef` or `$recursiveRef`.
    pub(crate) node: NodeId,
    /// The anchor's name ("" for `$recursiveAnchor`).
    pub(crate) anchor: String,
}

/// A dynamic anchor of the form.
pub(crate) struct Anchor {
    /// The resource that defines it (the compiler's index).
    pub(crate) resource: u32,
    /// Its name ("" for `$recursiveAnchor: true`).
    pub(crate) name: String,
    /// The schema it names.
    pub(crate) node: NodeId,
}

/// No anchor bound for a name in a context.
const UNBOUND: u32 = u32::MAX;

struct Specializer<'a> {
    nodes: &'a mut Vec<Node>,
    node_resource: &'a mut Vec<u32>,
    /// Per node: whether it can reach a dynamic reference.
    relevant: Vec<bool>,
    /// Per dynamic reference node: its anchor name's index.
    dynamic: HashMap<NodeId, usize>,
    /// Per resource: the (name index, node) of the anchors it defines, of used names.
    defines: HashMap<u32, Vec<(usize, NodeId)>>,
    /// Contexts by id: per name index, the bound anchor's node or [`UNBOUND`].
    contexts: Vec<Box<[u32]>>,
    context_ids: HashMap<Box<[u32]>, u32>,
    copies: HashMap<(NodeId, u32), NodeId>,
    work: Vec<(NodeId, NodeId, u32)>,
    original_len: usize,
    /// The [`weight`] of the copies made.
    weight: usize,
}

/// Specialize the form from `root` for dynamic scope (the module's comment); returns
/// the root to verify from.
pub(crate) fn specialize(
    nodes: &mut Vec<Node>,
    node_resource: &mut Vec<u32>,
    root: NodeId,
    edges: &[Edge],
    anchors: &[Anchor],
) -> Result<NodeId, FormError> {
    let mut names: Vec<&str> = Vec::new();
    let mut dynamic = HashMap::new();
    for e in edges {
        let k = match names.iter().position(|n| *n == e.anchor) {
            Some(k) => k,
            None => {
                names.push(&e.anchor);
                names.len() - 1
            }
        };
        dynamic.insert(e.node, k);
    }
    let mut defines: HashMap<u32, Vec<(usize, NodeId)>> = HashMap::new();
    let mut candidates: Vec<Vec<NodeId>> = vec![Vec::new(); names.len()];
    for a in anchors {
        if let Some(k) = names.iter().position(|n| *n == a.name) {
            defines.entry(a.resource).or_default().push((k, a.node));
            candidates[k].push(a.node);
        }
    }

    // Which nodes can reach a dynamic reference: backwards from them.
    let n = nodes.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, node) in nodes.iter_mut().enumerate() {
        for c in children(node) {
            parents[c.index()].push(i as u32);
        }
    }
    for (&d, &k) in &dynamic {
        for c in &candidates[k] {
            parents[c.index()].push(d.0);
        }
    }
    let mut relevant = vec![false; n];
    let mut stack: Vec<u32> = dynamic.keys().map(|d| d.0).collect();
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut relevant[i as usize], true) {
            continue;
        }
        stack.extend(
            parents[i as usize]
                .iter()
                .filter(|&&p| !relevant[p as usize]),
        );
    }

    let empty: Box<[u32]> = vec![UNBOUND; names.len()].into_boxed_slice();
    let mut s = Specializer {
        nodes,
        node_resource,
        relevant,
        dynamic,
        defines,
        contexts: vec![empty.clone()],
        context_ids: HashMap::from([(empty, 0)]),
        copies: HashMap::new(),
        weight: 0,
        work: Vec::new(),
        original_len: n,
    };
    let start = s.enter(0, root);
    let new_root = s.copy(root, start)?;
    while let Some((id, original, context)) = s.work.pop() {
        s.fill(id, original, context)?;
    }
    Ok(new_root)
}

/// The subschemas `node` applies (`Node::for_each_applied_mut`), read.
fn children(node: &mut Node) -> Vec<NodeId> {
    let mut out = Vec::new();
    node.for_each_applied_mut(|c| out.push(*c));
    out
}

impl Specializer<'_> {
    /// The context after evaluation enters the resource of `node` in `context`.
    fn enter(&mut self, context: u32, node: NodeId) -> u32 {
        let resource = self.node_resource[node.index()];
        let Some(defined) = self.defines.get(&resource) else {
            return context;
        };
        let mut next = self.contexts[context as usize].clone();
        let mut changed = false;
        for &(k, anchor) in defined {
            if next[k] == UNBOUND {
                next[k] = anchor.0;
                changed = true;
            }
        }
        if !changed {
            return context;
        }
        if let Some(&id) = self.context_ids.get(&next) {
            return id;
        }
        let id = self.contexts.len() as u32;
        self.contexts.push(next.clone());
        self.context_ids.insert(next, id);
        id
    }

    /// The node standing for `original` in `context`: itself when its verdict cannot
    /// depend on the scope, else its copy for the context (made on first use).
    fn copy(&mut self, original: NodeId, context: u32) -> Result<NodeId, FormError> {
        if !self.relevant[original.index()] {
            return Ok(original);
        }
        if let Some(&id) = self.copies.get(&(original, context)) {
            return Ok(id);
        }
        self.weight += weight(&self.nodes[original.index()]);
        if self.nodes.len() - self.original_len >= MAX_COPIES || self.weight > MAX_COPY_WEIGHT {
            return Err(FormError::new(
                FormErrorKind::ExpansionTooLarge,
                None,
                self.nodes[original.index()].pointer.to_string(),
            )
            .with_detail(format!(
                "its dynamic scopes need more than {MAX_COPIES} copies of schemas, or \
                 copies holding more than {MAX_COPY_WEIGHT} members and subschemas in all"
            )));
        }
        let id = NodeId(self.nodes.len() as u32);
        let node = self.nodes[original.index()].clone();
        self.nodes.push(node);
        self.node_resource
            .push(self.node_resource[original.index()]);
        self.copies.insert((original, context), id);
        self.work.push((id, original, context));
        Ok(id)
    }

    /// Point the copy `id` of `original` at its children's copies for `context`, and
    /// a dynamic reference at its target in that scope.
    fn fill(&mut self, id: NodeId, original: NodeId, context: u32) -> Result<(), FormError> {
        let mut node = std::mem::replace(&mut self.nodes[id.index()], Node::empty("".into()));
        let dynamic = self.dynamic.get(&original).copied();
        let initial = if dynamic.is_some() {
            node.dynamic_reference.take()
        } else {
            None
        };
        let mut failed = None;
        node.for_each_applied_mut(|c| {
            if failed.is_some() {
                return;
            }
            let inner = self.enter(context, *c);
            match self.copy(*c, inner) {
                Ok(copy) => *c = copy,
                Err(e) => failed = Some(e),
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        if let (Some(k), Some(initial)) = (dynamic, initial) {
            let bound = self.contexts[context as usize][k];
            let target = if bound == UNBOUND {
                initial
            } else {
                NodeId(bound)
            };
            let inner = self.enter(context, target);
            node.dynamic_reference = Some(self.copy(target, inner)?);
        }
        self.nodes[id.index()] = node;
        Ok(())
    }
}
