//! `enum` and `const` values, compiled into a flat arena for exact JSON equality.
//!
//! Invariants:
//! 1. Equality is JSON equality: numbers by exact value (`1 == 1.0 == 1e0`), strings by
//!    code points, arrays in order, objects as unordered maps (names are unique).
//! 2. Values keep the order and number lexemes they were written with, so they render
//!    exactly as written.
//! 3. Object members are also indexed by name (sorted), so a member lookup during
//!    incremental matching is O(log n).

use crate::parse::value::Value;

use super::number::NumRef;

/// The index of a value tree in [`Consts`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ValueId(pub(crate) u32);

/// The index of an `enum`/`const` set in [`Consts`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ConstId(pub(crate) u32);

/// One node of a value tree.
#[derive(Debug, Clone)]
pub(crate) enum CValue {
    Null,
    Bool(bool),
    /// The exact lexeme as written.
    Number(Box<str>),
    String(Box<str>),
    /// Elements: `elements[start..start + len]`.
    Array {
        start: u32,
        len: u32,
    },
    /// Members in written order: `members[start..start + len]`; the same range of
    /// `sorted` lists their positions sorted by name.
    Object {
        start: u32,
        len: u32,
    },
}

/// The admitted values of one `enum` or `const`.
#[derive(Debug, Clone)]
pub(crate) struct ConstSet {
    /// Whether it was written as `const` (one value) rather than `enum`.
    pub(crate) is_const: bool,
    /// Every candidate, in the order written.
    pub(crate) values: Vec<ValueId>,
    /// Whether some candidate is an array, some an object.
    pub(crate) has_array: bool,
    pub(crate) has_object: bool,
    /// The string candidates, for the common string `enum`: a body string is compared
    /// with these directly rather than through every candidate's `CValue`
    /// (benches/README.md, optimization `guessed-names`).
    pub(crate) strings: Box<[Box<str>]>,
}

/// All value trees of a form.
#[derive(Debug, Clone, Default)]
pub(crate) struct Consts {
    pub(crate) values: Vec<CValue>,
    pub(crate) elements: Vec<ValueId>,
    pub(crate) members: Vec<(Box<str>, ValueId)>,
    pub(crate) sorted: Vec<u32>,
    pub(crate) sets: Vec<ConstSet>,
}

impl Consts {
    /// Store a value tree (no recursion: an explicit stack).
    pub(crate) fn add_value(&mut self, v: &Value<'_>) -> ValueId {
        // Reserve ids top-down, fill children bottom-up through a work list.
        let root = self.reserve();
        let mut work = vec![(root, v)];
        while let Some((id, v)) = work.pop() {
            let node = match v {
                Value::Null => CValue::Null,
                Value::Bool(b) => CValue::Bool(*b),
                Value::Number(n) => CValue::Number(n.as_str().into()),
                Value::String(s) => CValue::String(s.as_ref().into()),
                Value::Array(items) => {
                    let start = self.elements.len() as u32;
                    for item in items {
                        let child = self.reserve();
                        self.elements.push(child);
                        work.push((child, item));
                    }
                    CValue::Array {
                        start,
                        len: items.len() as u32,
                    }
                }
                Value::Object(members) => {
                    let start = self.members.len() as u32;
                    for (name, item) in members {
                        let child = self.reserve();
                        self.members.push((name.as_ref().into(), child));
                        work.push((child, item));
                    }
                    let len = members.len() as u32;
                    let mut order: Vec<u32> = (0..len).collect();
                    let slice = &self.members[start as usize..(start + len) as usize];
                    order.sort_by(|&a, &b| slice[a as usize].0.cmp(&slice[b as usize].0));
                    self.sorted.extend(order);
                    CValue::Object { start, len }
                }
            };
            self.values[id.0 as usize] = node;
        }
        root
    }

    fn reserve(&mut self) -> ValueId {
        self.values.push(CValue::Null);
        ValueId(self.values.len() as u32 - 1)
    }

    /// Store an `enum` or `const` set.
    pub(crate) fn add_set(&mut self, values: &[Value<'_>], is_const: bool) -> ConstId {
        let ids: Vec<ValueId> = values.iter().map(|v| self.add_value(v)).collect();
        let has_array = ids
            .iter()
            .any(|id| matches!(self.values[id.0 as usize], CValue::Array { .. }));
        let has_object = ids
            .iter()
            .any(|id| matches!(self.values[id.0 as usize], CValue::Object { .. }));
        let strings = ids
            .iter()
            .filter_map(|id| match &self.values[id.0 as usize] {
                CValue::String(s) => Some(s.clone()),
                _ => None,
            })
            .collect();
        self.sets.push(ConstSet {
            is_const,
            values: ids,
            has_array,
            has_object,
            strings,
        });
        ConstId(self.sets.len() as u32 - 1)
    }

    #[inline]
    pub(crate) fn set(&self, id: ConstId) -> &ConstSet {
        &self.sets[id.0 as usize]
    }

    #[inline]
    pub(crate) fn value(&self, id: ValueId) -> &CValue {
        &self.values[id.0 as usize]
    }

    /// The `i`th element of an array value.
    #[inline]
    pub(crate) fn element(&self, array: ValueId, i: u32) -> Option<ValueId> {
        match *self.value(array) {
            CValue::Array { start, len } if i < len => Some(self.elements[(start + i) as usize]),
            _ => None,
        }
    }

    /// The member `name` of an object value.
    #[inline]
    pub(crate) fn member(&self, object: ValueId, name: &str) -> Option<ValueId> {
        let CValue::Object { start, len } = *self.value(object) else {
            return None;
        };
        let range = start as usize..(start + len) as usize;
        let members = &self.members[range.clone()];
        let sorted = &self.sorted[range];
        sorted
            .binary_search_by(|&i| (*members[i as usize].0).cmp(name))
            .ok()
            .map(|k| members[sorted[k] as usize].1)
    }

    /// How many elements or members a container value has.
    #[inline]
    pub(crate) fn len(&self, id: ValueId) -> u32 {
        match *self.value(id) {
            CValue::Array { len, .. } | CValue::Object { len, .. } => len,
            _ => 0,
        }
    }

    /// Whether the scalar value `id` equals a scalar from a body.
    #[inline]
    pub(crate) fn scalar_eq(&self, id: ValueId, scalar: Scalar<'_>) -> bool {
        match (self.value(id), scalar) {
            (CValue::Null, Scalar::Null) => true,
            (CValue::Bool(a), Scalar::Bool(b)) => *a == b,
            (CValue::String(a), Scalar::String(b)) => {
                crate::fasthash::bytes_eq(a.as_bytes(), b.as_bytes())
            }
            (CValue::Number(a), Scalar::Number(b)) => NumRef::new(a) == NumRef::new(b),
            _ => false,
        }
    }

    /// Whether some value of `set` equals `value` (JSON equality).
    pub(crate) fn set_contains(&self, set: ConstId, value: ValueId) -> bool {
        self.set(set)
            .values
            .iter()
            .any(|&v| self.values_equal(v, value))
    }

    /// JSON equality of two stored values (invariant 1), without recursion.
    pub(crate) fn values_equal(&self, a: ValueId, b: ValueId) -> bool {
        let mut work = vec![(a, b)];
        while let Some((a, b)) = work.pop() {
            match (self.value(a), self.value(b)) {
                (CValue::Null, CValue::Null) => {}
                (CValue::Bool(x), CValue::Bool(y)) if x == y => {}
                (CValue::Number(x), CValue::Number(y)) if NumRef::new(x) == NumRef::new(y) => {}
                (CValue::String(x), CValue::String(y)) if x == y => {}
                (CValue::Array { len: n, .. }, CValue::Array { len: m, .. }) if n == m => {
                    for i in 0..*n {
                        let (Some(x), Some(y)) = (self.element(a, i), self.element(b, i)) else {
                            return false;
                        };
                        work.push((x, y));
                    }
                }
                (CValue::Object { start, len }, CValue::Object { len: m, .. }) if len == m => {
                    for k in *start..start + len {
                        let (name, x) = &self.members[k as usize];
                        match self.member(b, name) {
                            Some(y) => work.push((*x, y)),
                            None => return false,
                        }
                    }
                }
                _ => return false,
            }
        }
        true
    }

    /// Whether some value of the set equals the scalar.
    #[inline]
    pub(crate) fn set_has_scalar(&self, set: ConstId, scalar: Scalar<'_>) -> bool {
        if let Scalar::String(s) = scalar {
            return self
                .set(set)
                .strings
                .iter()
                .any(|c| crate::fasthash::bytes_eq(c.as_bytes(), s.as_bytes()));
        }
        self.set(set)
            .values
            .iter()
            .any(|&id| self.scalar_eq(id, scalar))
    }
}

/// A scalar from a body, for comparison against stored values.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Scalar<'a> {
    Null,
    Bool(bool),
    /// The exact lexeme; decoded into a [`NumRef`] only by the checks that need it
    /// (most numbers in a body meet no numeric keyword).
    Number(&'a str),
    String(&'a str),
}
