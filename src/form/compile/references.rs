//! `$ref`, `$dynamicRef` and `$recursiveRef`: resolved once every identifier of the
//! form is known, into the nodes they name (compile invariant 4, first half), and the
//! dynamic scopes specialized (`form/dynamic.rs`).

use super::*;

impl Compiler<'_> {
    /// Invariant 4, first half: every `$ref` names a compiled schema. A `$ref` to
    /// another document fails the compile, after every such document is listed in
    /// `missing` (so that the builder can bundle them all in one more pass). A `$ref`
    /// whose JSON Pointer names a value of the form `root` that no keyword made a
    /// schema (inside an annotation's value: invariant 3 keeps it data otherwise) has
    /// that value compiled as a schema where it is, as the schemas around it are read.
    pub(super) fn resolve_refs(
        &mut self,
        root: &Value<'_>,
        missing: &mut Vec<String>,
    ) -> Result<()> {
        let mut refs = Vec::new();
        loop {
            let new = std::mem::take(&mut self.refs);
            if new.is_empty() {
                break;
            }
            let targets: Vec<_> = new
                .iter()
                .map(|r| self.scopes.target(&r.reference, &r.base))
                .collect();
            self.list_missing(&new, &targets, missing)?;
            for target in targets.iter().flatten() {
                if !self.by_pointer.contains_key(target) {
                    self.compile_late(root, target)?;
                }
            }
            refs.extend(new);
        }
        for r in refs {
            let target = self
                .scopes
                .target(&r.reference, &r.base)
                .map_err(|kind| FormError::new(kind, Some(r.name()), r.pointer.clone()))?;
            let Some(&target) = self.by_pointer.get(&target) else {
                return Err(FormError::new(
                    FormErrorKind::RefNotFound,
                    Some(r.name()),
                    r.pointer,
                ));
            };
            match r.kind {
                RefKind::Static => self.nodes[r.node.index()].reference = Some(target),
                RefKind::Dynamic | RefKind::Recursive => {
                    self.nodes[r.node.index()].dynamic_reference = Some(target);
                    if let Some(anchor) = self.dynamic_anchor(&r, target) {
                        self.dynamic.push(dynamic::Edge {
                            node: r.node,
                            anchor,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The documents outside the form `refs` name (`targets`, their resolutions), each
    /// put in `missing` once; the first such `$ref` is the error.
    fn list_missing(
        &self,
        refs: &[PendingRef],
        targets: &[std::result::Result<String, FormErrorKind>],
        missing: &mut Vec<String>,
    ) -> Result<()> {
        let mut first_remote: Option<FormError> = None;
        for (r, target) in refs.iter().zip(targets) {
            if let Err(FormErrorKind::RemoteRef) = target {
                let uri = Scopes::resource_uri(&r.reference, &r.base).unwrap_or_default();
                if first_remote.is_none() {
                    first_remote = Some(
                        FormError::new(FormErrorKind::RemoteRef, Some(r.name()), r.pointer.clone())
                            .with_detail(format!("{uri} is neither in the form nor registered")),
                    );
                }
                if !missing.contains(&uri) {
                    missing.push(uri);
                }
            }
        }
        first_remote.map_or(Ok(()), Err)
    }

    /// The value at `target` (a canonical JSON Pointer) in `root`, when there is one
    /// inside a schema the form compiled: compiled as a schema there, under the base
    /// URI and `$schema` of the innermost schema holding it, with no identifier,
    /// anchor or `$schema` of its own (`late_value`). Nothing when there is no
    /// such value (the `$ref` then names nothing: `RefNotFound`).
    fn compile_late(&mut self, root: &Value<'_>, target: &str) -> Result<()> {
        let tokens: Vec<String> = target
            .split('/')
            .skip(1)
            .map(|t| t.replace("~1", "/").replace("~0", "~"))
            .collect();
        let mut value = root;
        let mut holder = self.by_pointer.get("").copied();
        let mut at = String::new();
        for t in &tokens {
            let next = match value {
                Value::Object(members) => members.iter().find(|(k, _)| k == t).map(|(_, v)| v),
                Value::Array(items) => t.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            };
            let Some(next) = next else {
                return Ok(());
            };
            value = next;
            pointer::push(&mut at, t);
            if let Some(&id) = self.by_pointer.get(&at) {
                holder = Some(id);
            }
        }
        let Some(holder) = holder.filter(|h| h.index() >= 2) else {
            return Ok(());
        };
        let outer = self.meta;
        self.meta = self.node_meta[holder.index()];
        self.dialect = self.meta.dialect;
        let base = self.resources[self.node_resource[holder.index()] as usize].clone();
        self.scopes.push_base(base);
        self.late = true;
        let compiled = self.schema(value, target, false);
        self.late = false;
        compiled?;
        self.scopes.leave();
        self.meta = outer;
        self.dialect = outer.dialect;
        Ok(())
    }

    /// The index of the resource in scope, interned.
    pub(super) fn resource_index(&mut self) -> u32 {
        let base = self.scopes.base();
        match self.resources.iter().position(|r| r == base) {
            Some(i) => i as u32,
            None => {
                self.resources.push(base.to_owned());
                self.resources.len() as u32 - 1
            }
        }
    }

    /// The anchor name by which a `$dynamicRef` or `$recursiveRef` is dynamic, when it
    /// is: a `$dynamicRef` whose fragment is a plain name and whose initial target is
    /// the `$dynamicAnchor` of that name (2020-12 §8.2.3.2); a `$recursiveRef` whose
    /// initial target, its resource's root, has `$recursiveAnchor: true` (2019-09
    /// §8.2.4.2). `$recursiveAnchor` is kept as the anchor named "" (no 2020-12 name
    /// is empty). Any other one is a plain reference to its initial target.
    fn dynamic_anchor(&self, r: &PendingRef, target: NodeId) -> Option<String> {
        let uri = Scopes::resource_uri(&r.reference, &r.base)?;
        if r.kind == RefKind::Recursive {
            let anchored = self.scopes.recursive_anchors().contains(&uri);
            return anchored.then(String::new);
        }
        let (_, fragment) = crate::form::resolve::split(&r.reference);
        let fragment = fragment.filter(|f| !f.is_empty() && !f.starts_with('/'))?;
        let name = pointer::percent_decode(fragment)?;
        let at = &*self.nodes[target.index()].pointer;
        self.scopes
            .dynamic_anchors()
            .iter()
            .any(|((res, n), p)| *res == uri && *n == name && p == at)
            .then_some(name)
    }

    /// Give each dynamic scope a path can have its own copies of the nodes whose
    /// verdict depends on it (`form/dynamic.rs`); returns the root to verify from.
    pub(super) fn specialize(&mut self, root: NodeId) -> Result<NodeId> {
        if self.dynamic.is_empty() {
            return Ok(root);
        }
        let mut anchors: Vec<dynamic::Anchor> = Vec::new();
        for ((resource, name), at) in self.scopes.dynamic_anchors() {
            if let (Some(r), Some(&node)) = (
                self.resources.iter().position(|x| x == resource),
                self.by_pointer.get(at),
            ) {
                anchors.push(dynamic::Anchor {
                    resource: r as u32,
                    name: name.clone(),
                    node,
                });
            }
        }
        for resource in self.scopes.recursive_anchors() {
            let root_at = self.scopes.resource_root(resource);
            if let (Some(r), Some(&node)) = (
                self.resources.iter().position(|x| x == resource),
                root_at.and_then(|p| self.by_pointer.get(p)),
            ) {
                anchors.push(dynamic::Anchor {
                    resource: r as u32,
                    name: String::new(),
                    node,
                });
            }
        }
        let edges = std::mem::take(&mut self.dynamic);
        dynamic::specialize(
            &mut self.nodes,
            &mut self.node_resource,
            root,
            &edges,
            &anchors,
        )
    }
}
