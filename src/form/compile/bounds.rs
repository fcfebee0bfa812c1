//! What makes verifying a value end and stay bounded: no cycle of same-instance
//! applicators (compile invariant 4, second half), a bound on how many subschemas one
//! value meets, and each node's landing at the end of its bare `$ref` chain.

use super::*;

/// Cache every node's `landing`: follow bare `$ref` chains, each node once (a chain of
/// 10,000 references costs 10,000 steps, not 10,000² / 2). Chains end because
/// same-instance cycles were refused before. Then each listed member's `landed`, and the
/// keys of the members in the order written (`ObjectChecks::key`).
pub(super) fn land(nodes: &mut [Node]) {
    const UNKNOWN: u32 = u32::MAX;
    let mut landing = vec![UNKNOWN; nodes.len()];
    let mut path = Vec::new();
    for start in 0..nodes.len() {
        let mut id = start;
        while landing[id] == UNKNOWN {
            match nodes[id].bare_reference() {
                Some(next) => {
                    path.push(id);
                    id = next.index();
                }
                None => landing[id] = id as u32,
            }
        }
        let end = landing[id];
        for p in path.drain(..) {
            landing[p] = end;
        }
    }
    for (node, &l) in nodes.iter_mut().zip(&landing) {
        node.landing = NodeId(l);
        if let Some(o) = node.object.as_deref_mut() {
            let additional = o.additional.unwrap_or(NodeId::TRUE);
            for m in &mut o.members {
                m.landed = NodeId(landing[m.schema.unwrap_or(additional).index()]);
            }
            o.key();
        }
    }
}

impl Compiler<'_> {
    /// Invariant 4, second half: no cycle through same-instance edges. Iterative DFS with
    /// three colours, O(nodes + edges).
    pub(super) fn check_cycles(&self) -> Result<()> {
        const WHITE: u8 = 0;
        const GREY: u8 = 1;
        const BLACK: u8 = 2;
        let n = self.nodes.len();
        let mut colour = vec![WHITE; n];
        let edges = |id: usize| -> Vec<(NodeId, Keyword)> {
            let node = &self.nodes[id];
            let mut e: Vec<(NodeId, Keyword)> = Vec::new();
            node.for_each_in_place(|c, via| {
                let kw = match via {
                    Via::All if Some(c) == node.reference => Keyword::Ref,
                    Via::All if Some(c) == node.dynamic_reference => node.dynamic_keyword(),
                    Via::All => Keyword::AllOf,
                    Via::Any => Keyword::AnyOf,
                    Via::One => Keyword::OneOf,
                    Via::Not => Keyword::Not,
                    Via::If => Keyword::If,
                    Via::Then => Keyword::Then,
                    Via::Else => Keyword::Else,
                    Via::Dependent(_) | Via::Root => Keyword::DependentSchemas,
                };
                e.push((c, kw));
            });
            e
        };
        for start in 0..n {
            if colour[start] != WHITE {
                continue;
            }
            let mut stack: Vec<DfsFrame> = vec![(start, edges(start), 0)];
            colour[start] = GREY;
            while let Some(top) = stack.last_mut() {
                let (id, ref es, ref mut next) = *top;
                if *next == es.len() {
                    colour[id] = BLACK;
                    stack.pop();
                    continue;
                }
                let (child, kw) = es[*next];
                *next += 1;
                match colour[child.index()] {
                    WHITE => {
                        colour[child.index()] = GREY;
                        let ce = edges(child.index());
                        stack.push((child.index(), ce, 0));
                    }
                    GREY => {
                        let at = &self.nodes[id].pointer;
                        return Err(err(FormErrorKind::RefCycle, kw, at));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

/// The most subschemas one node may bring to bear on one value through `$ref`,
/// `allOf`, `anyOf` and `oneOf`, counted along every path. Ordinary forms stay far
/// below; a chain of definitions each referring to the next twice reaches 2^n.
pub(crate) const MAX_EXPANSION: u64 = 100_000;

/// A node on the cycle check's stack: its id, its same-instance edges, the next edge.
type DfsFrame = (usize, Vec<(NodeId, Keyword)>, usize);

impl Compiler<'_> {
    /// Bounded work: no node expands into more than `MAX_EXPANSION` instances on one
    /// value. Post-order over the acyclic in-place graph, O(nodes + edges).
    pub(super) fn check_expansion(&self) -> Result<()> {
        let n = self.nodes.len();
        let mut size = vec![0u64; n];
        let mut done = vec![false; n];
        let children = |id: usize| {
            let mut out: Vec<usize> = Vec::new();
            self.nodes[id].for_each_in_place(|c, _| out.push(c.index()));
            out
        };
        for start in 0..n {
            if done[start] {
                continue;
            }
            let mut stack = vec![(start, false)];
            while let Some((id, expanded)) = stack.pop() {
                if done[id] {
                    continue;
                }
                if expanded {
                    let total = children(id)
                        .into_iter()
                        .fold(1u64, |acc, c| acc.saturating_add(size[c]));
                    if total > MAX_EXPANSION {
                        return Err(FormError::new(
                            FormErrorKind::ExpansionTooLarge,
                            None,
                            self.nodes[id].pointer.to_string(),
                        ));
                    }
                    size[id] = total;
                    done[id] = true;
                } else {
                    stack.push((id, true));
                    stack.extend(
                        children(id)
                            .into_iter()
                            .filter(|&c| !done[c])
                            .map(|c| (c, false)),
                    );
                }
            }
        }
        Ok(())
    }
}
