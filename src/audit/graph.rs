//! The compiled form as a graph: one vertex per node, one edge per subschema position.
//!
//! Invariants:
//! 1. [`edges`] lists every subschema a node holds, each with the keyword (and index or
//!    name) that holds it, so an edge can be named by a JSON Pointer ([`Edge::pointer`]).
//! 2. Every cycle of the graph passes through a `$ref` (or a `$dynamicRef` or
//!    `$recursiveRef`, which count as one here) whose source and target lie in
//!    the same strongly connected component: `properties`, `items` & co. only go deeper
//!    into the form's text, and the compiler rejects cycles of same-instance edges. So
//!    cutting those `$ref`s ([`Graph::recursive`]) leaves a DAG.
//! 3. Nothing here recurses on the form: traversals use explicit stacks.
//!
//! Cost: O(nodes + edges) time and memory for each traversal.

use crate::form::dialect::Legacy;
use crate::form::node::{Node, NodeId};
use crate::form::pointer;
use crate::form::Form;

/// Which keyword holds a subschema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Via {
    Ref,
    /// `$dynamicRef` or `$recursiveRef`, at the target dynamic scope chose
    /// (`form/dynamic.rs`).
    DynamicRef,
    AllOf(usize),
    AnyOf(usize),
    OneOf(usize),
    Prefix(usize),
    Items,
    /// The index of the member in `ObjectChecks::members`.
    Property(usize),
    Additional,
    Not,
    If,
    Then,
    Else,
    /// The index in `Node::dependent_schemas`.
    Dependent(usize),
    PropertyNames,
    UnevaluatedProperties,
    UnevaluatedItems,
    /// The index in `ObjectChecks::pattern_properties`.
    Pattern(usize),
    Contains,
    /// `contentSchema`: the document a string holds, not a value of the body.
    ContentSchema,
}

impl Via {
    /// Whether the subschema applies to the same instance (an applicator) rather than
    /// to an element or member value.
    pub(crate) fn same_instance(self) -> bool {
        matches!(
            self,
            Via::Ref
                | Via::DynamicRef
                | Via::AllOf(_)
                | Via::AnyOf(_)
                | Via::OneOf(_)
                | Via::Not
                | Via::If
                | Via::Then
                | Via::Else
                | Via::Dependent(_)
        )
    }
}

impl Via {
    /// Whether the subschema describes values the form admits there: `not` and `if`
    /// hold conditions, `propertyNames` holds names, `contains` some elements that
    /// `items` already describes, and `contentSchema` documents inside strings.
    pub(crate) fn admits(self) -> bool {
        !matches!(
            self,
            Via::Not | Via::If | Via::PropertyNames | Via::Contains | Via::ContentSchema
        )
    }
}

/// One subschema position of a node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Edge {
    pub(crate) to: NodeId,
    pub(crate) via: Via,
}

impl Edge {
    /// The JSON Pointer of this position in the form (`/properties/a`, `/anyOf/1`, or
    /// `/$ref` for a reference).
    pub(crate) fn pointer(self, from: &Node) -> String {
        let at = &*from.pointer;
        match self.via {
            Via::Ref => pointer::join(at, "$ref"),
            Via::DynamicRef => pointer::join(at, from.dynamic_keyword().name()),
            Via::AllOf(i) => pointer::join(&pointer::join(at, "allOf"), &i.to_string()),
            Via::AnyOf(i) => pointer::join(&pointer::join(at, "anyOf"), &i.to_string()),
            Via::OneOf(i) => pointer::join(&pointer::join(at, "oneOf"), &i.to_string()),
            Via::Prefix(i) => {
                let kw = Legacy::prefix_keyword(from.legacy.as_deref());
                pointer::join(&pointer::join(at, kw), &i.to_string())
            }
            Via::Items => pointer::join(at, Legacy::items_keyword(from.legacy.as_deref())),
            Via::Property(m) => {
                let name = from.object.as_ref().map_or("", |o| &*o.members[m].name);
                pointer::join(&pointer::join(at, "properties"), name)
            }
            Via::Additional => pointer::join(at, "additionalProperties"),
            Via::Not => pointer::join(at, "not"),
            Via::If => pointer::join(at, "if"),
            Via::Then => pointer::join(at, "then"),
            Via::Else => pointer::join(at, "else"),
            Via::Dependent(i) => {
                let name = from.dependent_schemas.get(i).map_or("", |(n, _)| &**n);
                let kw = Legacy::dependent_keyword(from.legacy.as_deref());
                pointer::join(&pointer::join(at, kw), name)
            }
            Via::PropertyNames => pointer::join(at, "propertyNames"),
            Via::UnevaluatedProperties => pointer::join(at, "unevaluatedProperties"),
            Via::UnevaluatedItems => pointer::join(at, "unevaluatedItems"),
            Via::Pattern(i) => {
                let source = from
                    .object
                    .as_ref()
                    .and_then(|o| o.pattern_properties.get(i))
                    .map_or("", |(p, _)| p.source());
                pointer::join(&pointer::join(at, "patternProperties"), source)
            }
            Via::Contains => pointer::join(at, "contains"),
            Via::ContentSchema => pointer::join(at, "contentSchema"),
        }
    }
}

/// The subschemas `node` holds, explicit ones only (an absent `items` is not an edge).
pub(crate) fn edges(node: &Node) -> Vec<Edge> {
    let mut out = Vec::new();
    let mut push = |to: NodeId, via: Via| out.push(Edge { to, via });
    if let Some(r) = node.reference {
        push(r, Via::Ref);
    }
    if let Some(r) = node.dynamic_reference {
        push(r, Via::DynamicRef);
    }
    for (i, &c) in node.all_of.iter().enumerate() {
        push(c, Via::AllOf(i));
    }
    for (i, &c) in node.any_of.iter().enumerate() {
        push(c, Via::AnyOf(i));
    }
    for (i, &c) in node.one_of.iter().enumerate() {
        push(c, Via::OneOf(i));
    }
    for (c, via) in [
        (node.not, Via::Not),
        (node.if_, Via::If),
        (node.then_, Via::Then),
        (node.else_, Via::Else),
    ] {
        if let Some(c) = c {
            push(c, via);
        }
    }
    for (i, (_, c)) in node.dependent_schemas.iter().enumerate() {
        push(*c, Via::Dependent(i));
    }
    if let Some(a) = &node.array {
        for (i, &c) in a.prefix.iter().enumerate() {
            push(c, Via::Prefix(i));
        }
        if let Some(c) = a.items {
            push(c, Via::Items);
        }
        if let Some(c) = a.contains {
            push(c, Via::Contains);
        }
        if let Some(c) = a.unevaluated {
            push(c, Via::UnevaluatedItems);
        }
    }
    if let Some(c) = node
        .string
        .as_ref()
        .and_then(|s| s.content.as_ref()?.schema)
    {
        push(c, Via::ContentSchema);
    }
    if let Some(o) = &node.object {
        for (i, m) in o.members.iter().enumerate() {
            if let Some(c) = m.schema {
                push(c, Via::Property(i));
            }
        }
        if let Some(c) = o.additional {
            push(c, Via::Additional);
        }
        for (i, (_, c)) in o.pattern_properties.iter().enumerate() {
            push(*c, Via::Pattern(i));
        }
        if let Some(c) = o.property_names {
            push(c, Via::PropertyNames);
        }
        if let Some(c) = o.unevaluated {
            push(c, Via::UnevaluatedProperties);
        }
    }
    out
}

/// The form's graph, with its edges listed once.
pub(crate) struct Graph<'f> {
    pub(crate) form: &'f Form,
    /// `edges[id]`: the edges of node `id`.
    pub(crate) edges: Vec<Vec<Edge>>,
    /// Nodes reachable from the root through any edge (unused `$defs` are not).
    pub(crate) reachable: Vec<bool>,
    /// `recursive[id]`: node `id` holds a `$ref` whose target is in its own strongly
    /// connected component (invariant 2): the edges unrolling multiplies and the
    /// bound computations cut.
    pub(crate) recursive: Vec<bool>,
    /// `recursive_dynamic[id]`: the same for node `id`'s `$dynamicRef` or
    /// `$recursiveRef` (which invariant 2 counts as a `$ref`).
    pub(crate) recursive_dynamic: Vec<bool>,
    /// The strongly connected component of each node over all edges, and whether it is
    /// a cycle (more than one node).
    pub(crate) component: Vec<u32>,
    pub(crate) cyclic: Vec<bool>,
}

impl<'f> Graph<'f> {
    /// Build the graph of `form`. O(nodes + edges).
    pub(crate) fn new(form: &'f Form) -> Graph<'f> {
        let nodes = form.nodes();
        let edges: Vec<Vec<Edge>> = nodes.iter().map(edges).collect();
        let n = nodes.len();
        let mut reachable = vec![false; n];
        let mut stack = vec![form.root()];
        reachable[form.root().index()] = true;
        while let Some(id) = stack.pop() {
            for e in &edges[id.index()] {
                if !reachable[e.to.index()] {
                    reachable[e.to.index()] = true;
                    stack.push(e.to);
                }
            }
        }
        let all: Vec<NodeId> = (0..n as u32).map(NodeId).collect();
        let scc = tarjan(n, &all, |id| {
            edges[id.index()].iter().map(|e| e.to).collect()
        });
        // Whether node `i`'s reference `pick` stays in its strongly connected component.
        let within = |pick: fn(&Node) -> Option<NodeId>| -> Vec<bool> {
            (0..n)
                .map(|i| {
                    let id = NodeId(i as u32);
                    pick(&nodes[i]).is_some_and(|t| scc.cyclic(id) && scc.same(id, t))
                })
                .collect()
        };
        let recursive = within(|node| node.reference);
        let recursive_dynamic = within(|node| node.dynamic_reference);
        let cyclic = (0..n).map(|i| scc.cyclic(NodeId(i as u32))).collect();
        Graph {
            form,
            edges,
            reachable,
            recursive,
            recursive_dynamic,
            component: scc.component,
            cyclic,
        }
    }

    /// Whether the edge `e` of `from` is a recursive reference (invariant 2): the
    /// edges that cutting leaves a DAG.
    pub(crate) fn is_recursion(&self, from: NodeId, e: Edge) -> bool {
        match e.via {
            Via::Ref => self.recursive[from.index()],
            Via::DynamicRef => self.recursive_dynamic[from.index()],
            _ => false,
        }
    }

    pub(crate) fn node(&self, id: NodeId) -> &'f Node {
        self.form.node(id)
    }

    /// The nodes reachable from the root in postorder over the edges `keep` keeps: every
    /// kept edge's target comes before its source when the kept edges form a DAG.
    pub(crate) fn postorder(&self, keep: impl Fn(NodeId, Edge) -> bool) -> Vec<NodeId> {
        let n = self.edges.len();
        let mut seen = vec![false; n];
        let mut order = Vec::with_capacity(n);
        let root = self.form.root();
        let mut stack: Vec<(NodeId, usize)> = vec![(root, 0)];
        seen[root.index()] = true;
        while let Some(top) = stack.last_mut() {
            let (id, next) = *top;
            match self.edges[id.index()].get(next) {
                Some(&e) => {
                    top.1 += 1;
                    if keep(id, e) && !seen[e.to.index()] {
                        seen[e.to.index()] = true;
                        stack.push((e.to, 0));
                    }
                }
                None => {
                    order.push(id);
                    stack.pop();
                }
            }
        }
        order
    }

    /// Every node (reachable or not) in postorder over same-instance edges, which form a
    /// DAG (the compiler's invariant): a `$ref` target or `anyOf` branch comes before
    /// the node that applies it.
    pub(crate) fn same_instance_order(&self) -> Vec<NodeId> {
        let n = self.edges.len();
        let mut seen = vec![false; n];
        let mut order = Vec::with_capacity(n);
        for start in 0..n {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut stack: Vec<(NodeId, usize)> = vec![(NodeId(start as u32), 0)];
            while let Some(top) = stack.last_mut() {
                let (id, next) = *top;
                match self.edges[id.index()].get(next) {
                    Some(&e) => {
                        top.1 += 1;
                        if e.via.same_instance() && !seen[e.to.index()] {
                            seen[e.to.index()] = true;
                            stack.push((e.to, 0));
                        }
                    }
                    None => {
                        order.push(id);
                        stack.pop();
                    }
                }
            }
        }
        order
    }
}

/// Strongly connected components.
pub(crate) struct Sccs {
    /// The component of each node; `u32::MAX` for nodes not visited.
    pub(crate) component: Vec<u32>,
    /// How many nodes each component has.
    pub(crate) sizes: Vec<u32>,
}

impl Sccs {
    /// Whether `id` lies on a cycle (its component has more than one node; no node is
    /// its own successor, see [`Graph`] invariant 2).
    pub(crate) fn cyclic(&self, id: NodeId) -> bool {
        let c = self.component[id.index()];
        c != u32::MAX && self.sizes[c as usize] > 1
    }

    /// Whether `a` and `b` were visited and share a component.
    pub(crate) fn same(&self, a: NodeId, b: NodeId) -> bool {
        let c = self.component[a.index()];
        c != u32::MAX && c == self.component[b.index()]
    }
}

/// Tarjan's algorithm from `starts`, without recursion. O(nodes + edges).
pub(crate) fn tarjan(
    n: usize,
    starts: &[NodeId],
    successors: impl Fn(NodeId) -> Vec<NodeId>,
) -> Sccs {
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<NodeId> = Vec::new();
    let mut component = vec![u32::MAX; n];
    let mut sizes: Vec<u32> = Vec::new();
    let mut next_index = 0u32;
    for &start in starts {
        if index[start.index()] != UNSEEN {
            continue;
        }
        let mut calls: Vec<(NodeId, Vec<NodeId>, usize)> = Vec::new();
        index[start.index()] = next_index;
        low[start.index()] = next_index;
        next_index += 1;
        stack.push(start);
        on_stack[start.index()] = true;
        calls.push((start, successors(start), 0));
        while let Some(top) = calls.last_mut() {
            let v = top.0;
            if let Some(&w) = top.1.get(top.2) {
                top.2 += 1;
                if index[w.index()] == UNSEEN {
                    index[w.index()] = next_index;
                    low[w.index()] = next_index;
                    next_index += 1;
                    stack.push(w);
                    on_stack[w.index()] = true;
                    let succ = successors(w);
                    calls.push((w, succ, 0));
                } else if on_stack[w.index()] {
                    low[v.index()] = low[v.index()].min(index[w.index()]);
                }
                continue;
            }
            calls.pop();
            if let Some(parent) = calls.last() {
                let p = parent.0.index();
                low[p] = low[p].min(low[v.index()]);
            }
            if low[v.index()] == index[v.index()] {
                let c = sizes.len() as u32;
                let mut size = 0;
                while let Some(w) = stack.pop() {
                    on_stack[w.index()] = false;
                    component[w.index()] = c;
                    size += 1;
                    if w == v {
                        break;
                    }
                }
                sizes.push(size);
            }
        }
    }
    Sccs { component, sizes }
}
