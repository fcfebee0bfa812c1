//! The heap memory one verification of a body may take, bounded per form: at most
//! [`MemoryBound::per_byte`] bytes per byte of the body, plus
//! [`MemoryBound::constant`].
//!
//! The bound holds for `verify`, the streaming `Verifier` (and `verify_reader`) and the
//! verification inside `verify_into`, on a runtime that starts cold, both engines
//! counted (the fast engine's buffers stay allocated while the general validator
//! runs). What the caller asks to be built (`accept`'s tree, `verify_into`'s `T`) is the
//! caller's, not counted. The argument, term by term, is in [`bound`]; every size it
//! charges is an upper bound that the structures of `verify` are held to at compile
//! time (the `const` assertions beside them), so a change there that outgrows the bound
//! does not build.
//!
//! Quantities of the form that the bound is made of:
//! - `instances`: the most instances one value can have in the general validator. A
//!   value's targets share one instance per node (`verify/general/expand.rs`), and a
//!   target expands into its plan, or into one instance per distinct node it reaches
//!   in place: so at most the sum, over every node that can be a target (the root and
//!   every subschema applied to a member or element), of that count.
//! - `links`: the most extra parents one value's instances can have: one per in-place
//!   edge of those expansions, and one per target beyond the first.
//! - `unique` and `content`: how many `uniqueItems` arrays (`contentSchema` documents)
//!   can nest, each keying (verifying) the bytes inside it once more: the number of
//!   nodes with the keyword, or `max_depth` where the form recurses.
//!
//! Cost: O(nodes + edges) once per call; nothing is kept.

use super::node::{Node, NodeId};
use super::plan::Plans;
use super::Form;
use crate::parse::keys::NAME_BYTES;

/// A bound on the heap memory one verification takes, for one form (see the module
/// documentation): `per_byte × body length + constant` bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MemoryBound {
    /// Bytes per byte of the body.
    pub(crate) per_byte: u64,
    /// Bytes whatever the body's length.
    pub(crate) constant: u64,
}

/// The most bytes one general-validator instance takes (`verify::general::Inst`).
pub(crate) const INSTANCE_BYTES: u64 = 64;
/// The most bytes one extra parent of a shared instance takes (`verify::general::Link`).
pub(crate) const LINK_BYTES: u64 = 16;
/// The most bytes one `unevaluated*` entry takes (`verify::general::unevaluated`'s
/// `Entry`), with its slot.
pub(crate) const ENTRY_BYTES: u64 = 32;
/// The most bytes the `uniqueItems` keys of one nesting level take per byte of the
/// array, both engines: a scalar's key is its text and nine bytes, a container's five,
/// kept in a buffer and once more in a set (with the allocation and the table entry of
/// every element of at least two bytes).
pub(crate) const UNIQUE_BYTES: u64 = 96;
/// What every verification may hold besides: the parser's and the engines' state of
/// fixed size, and the general validator's per-node tables.
const FIXED_BYTES: u64 = 64 * 1024;
/// Every buffer is a `Vec` (or a table) that at most doubles its length when it grows.
const GROWTH: u64 = 2;

/// The bound of `form` (see the module documentation).
pub(crate) fn bound(form: &Form) -> MemoryBound {
    let nodes = form.nodes();
    let max_depth = form.limits().max_depth() as u64;
    let (instances, links) = per_value(nodes, form.plans(), form.root());
    let cyclic = has_cycle(nodes);
    let nesting = |count: u64| match count {
        0 => 0,
        _ if cyclic => max_depth,
        n => n.min(max_depth),
    };
    let unique = nesting(
        nodes
            .iter()
            .filter(|n| n.array.as_deref().is_some_and(|a| a.unique()))
            .count() as u64,
    );
    let content = nesting(
        nodes
            .iter()
            .filter(|n| {
                n.string
                    .as_deref()
                    .and_then(|s| s.content.as_deref())
                    .is_some_and(|c| c.schema.is_some())
            })
            .count() as u64,
    );
    let tracked = nodes.iter().any(|n| {
        n.object.as_deref().is_some_and(|o| o.unevaluated.is_some())
            || n.array.as_deref().is_some_and(|a| a.unevaluated.is_some())
    });
    // The widest composite `enum`/`const`: a matcher keeps a row of its candidates for
    // every level open inside the container it matches.
    let widest_enum = nodes
        .iter()
        .filter_map(|n| n.values)
        .map(|id| form.consts().set(id).values.len() as u64)
        .max()
        .unwrap_or(0);
    let widest_names = nodes
        .iter()
        .filter_map(|n| n.object.as_deref())
        .map(|o| (o.tracked.len() + o.dependent_required.len() + 64) as u64 / 64)
        .max()
        .unwrap_or(1);

    // Per byte of one document (the body, or a content document decoded from it):
    // - the body itself, kept by the streaming `Verifier` for the general validator;
    let mut per_byte = 1;
    // - two sets of member names (the parser's and the fast engine's): the names'
    //   bytes, and a name's records for every member, which takes at least four
    //   bytes (`"":0`);
    per_byte += 2 * (1 + NAME_BYTES.div_ceil(4));
    // - a rejection's body pointer, made of the body's names, and its segments;
    per_byte += 2;
    // - the `uniqueItems` keys of every level that can nest;
    per_byte += unique * UNIQUE_BYTES;
    // - `unevaluated*`: per member or element (two bytes at least, `0,`), a row of a
    //   bit per instance of its container, an entry and a slot per owner instance,
    //   and, as the container closes, a row of a bit per member for each instance.
    if tracked {
        let words = instances.div_ceil(64).max(1);
        per_byte += (8 * words + ENTRY_BYTES * instances).div_ceil(2) + instances.div_ceil(16);
    }
    // A content document is decoded from a string of the body and verified while the
    // body's own state is held: each level of nesting costs the bytes inside it again.
    let per_byte = GROWTH * per_byte * (1 + content);

    // Whatever the length: each open container (at most `max_depth`, at every level
    // of content) holds its instances, their links and the targets that made them, the
    // presence bits of the names it tracks, its tracking heads, and a matcher per
    // instance with a composite `enum`; then the per-node tables and the fixed state.
    let matcher = 4 * widest_enum * (max_depth + 3) + 128;
    let per_container =
        instances * (INSTANCE_BYTES + 8 * widest_names + 32 + matcher) + links * (LINK_BYTES + 16);
    let constant = GROWTH
        * (max_depth * (1 + content) * per_container + nodes.len() as u64 * 32 + FIXED_BYTES);
    MemoryBound { per_byte, constant }
}

/// Every subschema node `n` applies to a member or an element of its value.
fn for_each_target(n: &Node, mut f: impl FnMut(NodeId)) {
    if let Some(o) = n.object.as_deref() {
        o.members.iter().filter_map(|m| m.schema).for_each(&mut f);
        o.pattern_properties.iter().for_each(|(_, s)| f(*s));
        o.additional.into_iter().for_each(&mut f);
        o.property_names.into_iter().for_each(&mut f);
        o.unevaluated.into_iter().for_each(&mut f);
    }
    if let Some(a) = n.array.as_deref() {
        a.prefix.iter().for_each(|s| f(*s));
        a.items.into_iter().for_each(&mut f);
        a.contains.into_iter().for_each(&mut f);
        a.unevaluated.into_iter().for_each(&mut f);
    }
    if let Some(c) = n.string.as_deref().and_then(|s| s.content.as_deref()) {
        c.schema.into_iter().for_each(&mut f);
    }
}

/// `(instances, links)` of the module documentation.
fn per_value(nodes: &[Node], plans: &Plans, root: NodeId) -> (u64, u64) {
    let mut is_target = vec![false; nodes.len()];
    is_target[root.index()] = true;
    let mut targets_per_instance = 1u64;
    for n in nodes {
        let mut k = 0u64;
        for_each_target(n, |t| {
            is_target[t.index()] = true;
            k += 1;
        });
        targets_per_instance = targets_per_instance.max(k);
    }
    let mut instances = 0u64;
    let mut edges = 0u64;
    let mut seen = vec![u32::MAX; nodes.len()];
    let mut stack = Vec::new();
    for (i, _) in is_target.iter().enumerate().filter(|(_, t)| **t) {
        let id = NodeId(i as u32);
        if let Some(plan) = plans.of(id) {
            instances += plan.len() as u64;
            continue;
        }
        // One instance per distinct node reached in place, one link per edge.
        stack.push(id);
        seen[i] = i as u32;
        while let Some(at) = stack.pop() {
            instances += 1;
            nodes[at.index()].for_each_in_place(|c, _| {
                edges += 1;
                if seen[c.index()] != i as u32 {
                    seen[c.index()] = i as u32;
                    stack.push(c);
                }
            });
        }
    }
    // Each target beyond the first that meets a node already expanded is a link:
    // at most every instance of the container times its targets per member.
    let links = edges + instances * targets_per_instance;
    (instances, links)
}

/// Whether some node reaches itself through subschemas (in place, or through members
/// and elements): then values can nest through it without another bound than
/// `max_depth`.
fn has_cycle(nodes: &[Node]) -> bool {
    // Colours: 0 unvisited, 1 on the path, 2 done. Iterative, with each node's
    // subschemas listed once when it is entered.
    let mut colour = vec![0u8; nodes.len()];
    let mut stack: Vec<(NodeId, Vec<NodeId>)> = Vec::new();
    let children = |id: NodeId| {
        let mut out = Vec::new();
        let n = &nodes[id.index()];
        n.for_each_in_place(|c, _| out.push(c));
        for_each_target(n, |c| out.push(c));
        out
    };
    for start in 0..nodes.len() {
        if colour[start] != 0 {
            continue;
        }
        let id = NodeId(start as u32);
        colour[start] = 1;
        stack.push((id, children(id)));
        while let Some((at, next)) = stack.last_mut() {
            match next.pop() {
                Some(c) => match colour[c.index()] {
                    1 => return true,
                    0 => {
                        colour[c.index()] = 1;
                        let grand = children(c);
                        stack.push((c, grand));
                    }
                    _ => {}
                },
                None => {
                    colour[at.index()] = 2;
                    stack.pop();
                }
            }
        }
    }
    false
}
