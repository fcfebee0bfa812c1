//! `uniqueItems`: the elements of an array are pairwise unequal as JSON values.
//!
//! Equality is JSON value equality with exact numbers: `1`, `1.0` and `1e0` are equal,
//! and so are `0` and `-0`; strings are compared after unescaping; objects regardless of
//! member order; arrays element by element. The validator streams, so each element is
//! turned, as its events arrive, into a *canonical key*: a byte string equal for two
//! values iff the values are equal. A set of the keys seen in each tracked array says
//! whether an element repeats one before it.
//!
//! The key is `form/check/unique.rs`'s (one encoding, read back from its end, for the
//! fast pass's scalar keys and for these): a scalar's by `scalar_key`, a container's by
//! its elements' (members') keys and `container_end`, an object's members in the order
//! of their names' keys.
//!
//! Invariants:
//! 1. Keys are built only inside arrays that some instance holds to `uniqueItems: true`
//!    ("tracked" arrays), and for everything nested in their elements.
//! 2. When an element of a tracked array is complete, its key is looked up in that
//!    array's set (a `HashSet` with a randomly keyed SipHash, so chosen collisions cost
//!    no more than chance ones) and then added; a repeat is reported at once, at the
//!    event that completed the element.
//!
//! Cost: an object's members are sorted by name when it closes and its key is copied
//! once into place, so a byte of the body is copied once per enclosing object within
//! the tracked array: O(n · d) time for a body of n bytes nested d deep there (d is
//! bounded by `max_depth`), O(n log n) for the sorts, and memory linear in the size of
//! the tracked elements (each tracked array keeps the keys of its elements until it
//! closes).

use std::collections::HashSet;

use crate::form::check::unique::{container_end, scalar_key};
use crate::form::consts::Scalar;

/// One open container whose key is being built.
#[derive(Debug)]
struct Level {
    object: bool,
    /// Where the container's key starts in `Keys::buf`.
    start: usize,
    /// Elements or members so far.
    count: u32,
    /// Objects: where this object's member records start in `Keys::members`.
    members: usize,
    /// Objects: where the current member's name key starts, and where it ends.
    name: (usize, usize),
    /// Tracked arrays: the index of their set in `Keys::sets`.
    set: Option<usize>,
}

/// The canonical keys of the values inside tracked arrays, and their sets.
#[derive(Debug, Default)]
pub(crate) struct Keys {
    buf: Vec<u8>,
    levels: Vec<Level>,
    /// Member records of open objects: (start of the name key, end of the name key,
    /// end of the value key).
    members: Vec<(usize, usize, usize)>,
    /// One set per open tracked array, innermost last.
    sets: Vec<HashSet<Box<[u8]>>>,
    /// Scratch for reordering an object's members.
    scratch: Vec<u8>,
    order: Vec<(usize, usize, usize)>,
}

impl Keys {
    /// Forget everything (a new body).
    pub(crate) fn clear(&mut self) {
        self.buf.clear();
        self.levels.clear();
        self.members.clear();
        self.sets.clear();
    }

    /// Whether a key is being built (invariant 1).
    #[inline]
    pub(crate) fn active(&self) -> bool {
        !self.levels.is_empty()
    }

    /// A container opens; `tracked`: an array held to `uniqueItems`. Call only when
    /// [`Keys::active`] or `tracked`.
    pub(crate) fn open(&mut self, object: bool, tracked: bool) {
        let set = tracked.then(|| {
            self.sets.push(HashSet::new());
            self.sets.len() - 1
        });
        self.levels.push(Level {
            object,
            start: self.buf.len(),
            count: 0,
            members: self.members.len(),
            name: (0, 0),
            set,
        });
    }

    /// A member name in the innermost object.
    pub(crate) fn key(&mut self, name: &str) {
        let start = self.buf.len();
        scalar_key(Scalar::String(name), &mut self.buf);
        if let Some(level) = self.levels.last_mut() {
            level.name = (start, self.buf.len());
        }
    }

    /// A scalar value. Returns whether it completes an element that repeats one before
    /// it in the innermost tracked array (invariant 2).
    pub(crate) fn scalar(&mut self, s: Scalar<'_>) -> bool {
        let start = self.buf.len();
        scalar_key(s, &mut self.buf);
        self.done(start)
    }

    /// The innermost container closes. Returns whether it completes an element that
    /// repeats one before it in the enclosing tracked array.
    pub(crate) fn close(&mut self) -> bool {
        let Some(level) = self.levels.pop() else {
            return false;
        };
        if level.set.is_some() {
            self.sets.pop();
        }
        if level.object {
            // Members in the order of their names' keys (names are unique in an
            // object, so the order is total).
            let mut order = std::mem::take(&mut self.order);
            order.clear();
            order.extend(self.members.drain(level.members..));
            let buf = &self.buf;
            order.sort_unstable_by(|a, b| buf[a.0..a.1].cmp(&buf[b.0..b.1]));
            self.scratch.clear();
            for &(start, _, end) in &order {
                self.scratch.extend_from_slice(&self.buf[start..end]);
            }
            self.buf.truncate(level.start);
            self.buf.extend_from_slice(&self.scratch);
            self.order = order;
        }
        container_end(level.count, level.object, &mut self.buf);
        self.done(level.start)
    }

    /// A value whose key starts at `start` is complete: count it in its container and,
    /// in a tracked array, look it up.
    fn done(&mut self, start: usize) -> bool {
        let Some(level) = self.levels.last_mut() else {
            // The tracked array itself closed at the top: nothing encloses it.
            self.buf.truncate(start);
            return false;
        };
        level.count = level.count.saturating_add(1);
        if level.object {
            let (name_start, name_end) = level.name;
            self.members.push((name_start, name_end, self.buf.len()));
            return false;
        }
        let Some(set) = level.set else {
            return false;
        };
        let repeated = !self.sets[set].insert(self.buf[start..].into());
        if self.levels.len() == 1 {
            // Nothing encloses this array: its elements' keys need not be kept.
            self.buf.truncate(start);
        }
        repeated
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a whole value given as events: `[` `]` `{` `}`, `k:name`, scalars.
    fn key(events: &[&str]) -> Vec<u8> {
        let mut k = Keys::default();
        k.open(false, false);
        for e in events {
            match *e {
                "[" => k.open(false, false),
                "{" => k.open(true, false),
                "]" | "}" => {
                    k.close();
                }
                "null" => {
                    k.scalar(Scalar::Null);
                }
                "true" => {
                    k.scalar(Scalar::Bool(true));
                }
                "false" => {
                    k.scalar(Scalar::Bool(false));
                }
                s if s.starts_with("k:") => k.key(&s[2..]),
                s if s.starts_with('"') => {
                    k.scalar(Scalar::String(&s[1..]));
                }
                n => {
                    k.scalar(Scalar::Number(n));
                }
            }
        }
        k.buf.clone()
    }

    #[test]
    fn accepts_equal_values_as_equal_keys() {
        assert_eq!(key(&["1"]), key(&["1.0"]));
        assert_eq!(key(&["1"]), key(&["1e0"]));
        assert_eq!(key(&["0"]), key(&["-0"]));
        assert_eq!(key(&["0"]), key(&["0e-9"]));
        assert_eq!(key(&["1e400"]), key(&["10e399"]));
        assert_eq!(
            key(&["{", "k:a", "1", "k:b", "[", "2", "]", "}"]),
            key(&["{", "k:b", "[", "2.0", "]", "k:a", "1", "}"])
        );
    }

    #[test]
    fn rejects_unequal_values_as_unequal_keys() {
        let values: &[&[&str]] = &[
            &["null"],
            &["false"],
            &["true"],
            &["0"],
            &["1"],
            &["-1"],
            &["\""],
            &["\"1"],
            &["\"a"],
            &["\"ab"],
            &["[", "]"],
            &["{", "}"],
            &["[", "\"a", "\"b", "]"],
            &["[", "\"ab", "]"],
            &["[", "[", "]", "]"],
            &["[", "[", "]", "[", "]", "]"],
            &["[", "[", "[", "]", "]", "]"],
            &["{", "k:a", "\"b", "}"],
            &["{", "k:b", "\"a", "}"],
            &["{", "k:a", "[", "]", "}"],
            &["{", "k:a", "{", "}", "}"],
            &["{", "k:", "null", "}"],
            &["[", "{", "}", "{", "}", "]"],
        ];
        for (i, a) in values.iter().enumerate() {
            for b in &values[i + 1..] {
                assert_ne!(key(a), key(b), "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn rejects_a_repeat_when_its_element_completes() {
        let mut k = Keys::default();
        k.open(false, true);
        assert!(!k.scalar(Scalar::Number("1")));
        k.open(true, false);
        k.key("a");
        assert!(!k.scalar(Scalar::Null));
        assert!(!k.close());
        assert!(k.scalar(Scalar::Number("1.0")));
        k.open(true, false);
        k.key("a");
        k.scalar(Scalar::Null);
        assert!(k.close());
        assert!(!k.close());
        assert!(!k.active());
    }
}
