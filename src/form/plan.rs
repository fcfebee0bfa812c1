//! Expansion plans: for each node, the subschemas it brings to bear on one value, laid
//! out at compile time for the validator (`crate::verify`) to copy.
//!
//! Expanding a node (itself, then the subschemas it applies to the same value, see
//! `Node::for_each_in_place`, recursively) does not depend on the value, so it is done once
//! per form. At run time expansion is a copy of the plan with parent indices offset.
//! On the 19 KB tree body, every node an `anyOf` of two `$ref`s, that cut expansion's
//! cost by more than two thirds (benches/README.md, optimization `expansion-plans`).
//!
//! Invariants:
//! 1. A plan lists parents before children, in the order the fallback expansion
//!    would create them.
//! 2. Only nodes whose expansion has at most [`MAX_PLAN`] instances get a plan, so a
//!    form's plans take O(nodes × MAX_PLAN) memory however `$ref`s are shared or
//!    chained; the others expand step by step.

pub(crate) use super::node::Via;
use super::node::{Node, NodeId};

/// The largest expansion kept as a plan.
pub(crate) const MAX_PLAN: usize = 32;

/// One instance of a plan.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Planned {
    pub(crate) node: NodeId,
    /// The parent's index within the plan (unused for the first entry).
    pub(crate) parent: u32,
    pub(crate) via: Via,
    pub(crate) any: u32,
    pub(crate) one: u32,
}

/// The plans of every node of a form.
#[derive(Debug, Default)]
pub(crate) struct Plans {
    steps: Vec<Planned>,
    /// Per node: where its plan starts in `steps` and its length (0: no plan).
    ranges: Vec<(u32, u32)>,
}

impl Plans {
    /// Plan every node. O(nodes × MAX_PLAN).
    pub(crate) fn new(nodes: &[Node]) -> Plans {
        let mut plans = Plans {
            steps: Vec::new(),
            ranges: vec![(0, 0); nodes.len()],
        };
        let mut scratch = Vec::new();
        for i in 0..nodes.len() {
            scratch.clear();
            if plan(nodes, NodeId(i as u32), &mut scratch) {
                let start = plans.steps.len() as u32;
                plans.steps.extend_from_slice(&scratch);
                plans.ranges[i] = (start, scratch.len() as u32);
            }
        }
        plans
    }

    /// The plan of `node`, if it has one.
    #[inline]
    pub(crate) fn of(&self, node: NodeId) -> Option<&[Planned]> {
        let (start, len) = self.ranges[node.index()];
        if len == 0 {
            return None;
        }
        Some(&self.steps[start as usize..(start + len) as usize])
    }
}

/// Lay out `root`'s expansion into `out` (pre-order); `false` if it exceeds `MAX_PLAN`.
fn plan(nodes: &[Node], root: NodeId, out: &mut Vec<Planned>) -> bool {
    // Pre-order with an explicit stack: (node, parent index, role).
    let mut stack = vec![(root, u32::MAX, Via::Root)];
    while let Some((id, parent, via)) = stack.pop() {
        if out.len() == MAX_PLAN {
            return false;
        }
        let node = &nodes[id.index()];
        let me = out.len() as u32;
        out.push(Planned {
            node: id,
            parent,
            via,
            any: node.any_of.len() as u32,
            one: node.one_of.len() as u32,
        });
        let mark = stack.len();
        node.for_each_in_place(|n, v| stack.push((n, me, v)));
        // Popped in the order listed.
        stack[mark..].reverse();
    }
    true
}
