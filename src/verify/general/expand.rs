//! Expansion: the instances a value gets, one per subschema that applies to it in place
//! (`$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`),
//! parents before children (`State` invariant 1).
//!
//! Two mechanisms keep the number of instances down to the distinct subschemas:
//! - the targets of one value (from the enclosing container's members, patterns,
//!   items...) share an instance per node (a *batch*);
//! - a node too large for a precomputed plan (`form::plan`) is expanded as a DAG: one
//!   instance per distinct node it reaches in place, however many paths reach it. A
//!   chain of definitions each referring to the next twice has 2^n paths but n + 1
//!   nodes, and every path sees the same value, so one instance decides for all of them;
//!   its extra parents are links, each reported to in its own role.
//!
//! Sharing never changes a verdict: an instance's verdict is its node's verdict on the
//! value, whatever the path, and each parent edge (even two edges from one parent, as
//! in `"allOf": [{"$ref": "#/$defs/a"}, {"$ref": "#/$defs/a"}]`) counts on its own.
//!
//! Cost: a plan is copied (at most `MAX_PLAN` instances); a DAG expansion is
//! O(nodes + edges reachable in place), and so is the work per value that follows.

use crate::form::Form;

use super::{role_of, Inst, Link, Role, State, Target, NONE};

impl State {
    /// Create instances for every pending target and its same-instance applicators,
    /// children after parents (invariant 1). Returns the index of the first.
    pub(super) fn expand(&mut self, form: &Form) -> u32 {
        let first = self.insts.len() as u32;
        if self.targets.len() > 1 {
            self.next_batch(form);
        }
        for k in 0..self.targets.len() {
            let t = self.targets[k];
            if self.targets.len() > 1 {
                // The same node on the same value: share the instance (its parents are
                // all in the enclosing container, which finishes after it).
                let (batch, inst) = self.rooted[t.node.index()];
                if batch == self.batch {
                    let next = self.insts[inst as usize].links;
                    self.links.push(Link {
                        parent: t.parent,
                        role: t.role,
                        next,
                    });
                    self.insts[inst as usize].links = self.links.len() as u32 - 1;
                    continue;
                }
                self.rooted[t.node.index()] = (self.batch, self.insts.len() as u32);
            }
            match form.plans().of(t.node) {
                Some(plan) => {
                    // Invariant 1 of `plan`: parents first, so offsets stay valid.
                    let base = self.insts.len() as u32;
                    for (j, p) in plan.iter().enumerate() {
                        let (parent, role) = if j == 0 {
                            (t.parent, t.role)
                        } else {
                            (base + p.parent, role_of(p.via))
                        };
                        self.insts
                            .push(Inst::new(p.node, parent, role, p.any, p.one));
                    }
                }
                None => self.expand_shared(form, t),
            }
        }
        self.targets.clear();
        first
    }

    /// Start a new sharing batch (one value's targets).
    fn next_batch(&mut self, form: &Form) {
        next_stamp(&mut self.rooted, &mut self.batch, form.nodes().len());
    }

    /// Expand one target too large for a plan as a DAG (see the module docs): the
    /// distinct nodes it reaches in place, in reverse post-order of a depth-first
    /// search (parents first: the in-place graph is acyclic, form invariant 2), then
    /// every in-place edge as a child's first parent or as a link.
    #[cold]
    fn expand_shared(&mut self, form: &Form, t: Target) {
        next_stamp(&mut self.reached, &mut self.reach_stamp, form.nodes().len());
        let stamp = self.reach_stamp;
        let mut order = std::mem::take(&mut self.order);
        let mut dfs = std::mem::take(&mut self.dfs);
        order.clear();
        dfs.clear();
        dfs.push((t.node, false));
        while let Some((id, done)) = dfs.pop() {
            if done {
                order.push(id);
                continue;
            }
            if self.reached[id.index()].0 == stamp {
                continue;
            }
            self.reached[id.index()].0 = stamp;
            dfs.push((id, true));
            let reached = &self.reached;
            form.node(id).for_each_in_place(|c, _| {
                if reached[c.index()].0 != stamp {
                    dfs.push((c, false));
                }
            });
        }
        let base = self.insts.len() as u32;
        for (j, &id) in order.iter().rev().enumerate() {
            self.reached[id.index()].1 = base + j as u32;
            let node = form.node(id);
            self.insts.push(Inst::new(
                id,
                NONE,
                Role::All,
                node.any_of.len() as u32,
                node.one_of.len() as u32,
            ));
        }
        let root = &mut self.insts[base as usize];
        root.parent = t.parent;
        root.role = t.role;
        for i in base..self.insts.len() as u32 {
            let (insts, links, reached) = (&mut self.insts, &mut self.links, &self.reached);
            form.node(insts[i as usize].node)
                .for_each_in_place(|c, via| {
                    let child = reached[c.index()].1;
                    let role = role_of(via);
                    let inst = &mut insts[child as usize];
                    if inst.parent == NONE {
                        inst.parent = i;
                        inst.role = role;
                    } else {
                        links.push(Link {
                            parent: i,
                            role,
                            next: inst.links,
                        });
                        inst.links = links.len() as u32 - 1;
                    }
                });
        }
        self.order = order;
        self.dfs = dfs;
    }
}

/// A new stamp for a per-node table of (stamp, instance) entries, so that entries of
/// earlier stamps read as absent without clearing the table (it is cleared only when
/// the stamp wraps around).
fn next_stamp(table: &mut Vec<(u32, u32)>, stamp: &mut u32, nodes: usize) {
    if table.len() < nodes {
        table.resize(nodes, (0, 0));
    }
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        table.iter_mut().for_each(|r| *r = (0, 0));
        *stamp = 1;
    }
}
