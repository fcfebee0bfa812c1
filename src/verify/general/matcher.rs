//! Incremental matching of a container against composite `enum`/`const` candidates.
//!
//! Invariants:
//! 1. Every candidate alive has matched every event of the container so far; all alive
//!    candidates are at the same path, so one member counter per level serves them all.
//! 2. Rows are flat `u32` vectors kept across bodies: no allocation once warmed up.
//!
//! Cost: O(candidates) per event while the container is open, O(log members) per name.

use crate::form::consts::{CValue, ConstId, Consts, Scalar, ValueId};

const DEAD: u32 = u32::MAX;

/// One container being matched against a set of candidate values.
#[derive(Debug, Default)]
pub(crate) struct Matcher {
    /// The instance slot waiting for the verdict.
    pub(crate) inst: u32,
    width: usize,
    /// `levels * width` entries: each candidate's value at each open level.
    rows: Vec<u32>,
    /// Members or elements seen at each open level.
    counts: Vec<u32>,
    /// Each candidate's value for the next value at the innermost level.
    pending: Vec<u32>,
    alive: usize,
    /// Set when the outermost container closed.
    pub(crate) done: bool,
}

impl Matcher {
    /// Start matching a container that just opened.
    pub(crate) fn start(&mut self, inst: u32, set: ConstId, consts: &Consts, object: bool) {
        self.inst = inst;
        self.done = false;
        self.rows.clear();
        self.counts.clear();
        self.pending.clear();
        let values = &consts.set(set).values;
        self.width = values.len();
        self.alive = 0;
        for &v in values {
            let ok = matches!(
                (consts.value(v), object),
                (CValue::Object { .. }, true) | (CValue::Array { .. }, false)
            );
            self.rows.push(if ok { v.0 } else { DEAD });
            self.alive += ok as usize;
        }
        self.pending.resize(self.width, DEAD);
        self.counts.push(0);
    }

    /// Whether some candidate is still alive.
    #[inline]
    pub(crate) fn alive(&self) -> bool {
        self.alive > 0
    }

    fn top(&self) -> usize {
        (self.counts.len() - 1) * self.width
    }

    fn kill(&mut self, c: usize) {
        let mut at = c;
        while at < self.rows.len() {
            self.rows[at] = DEAD;
            at += self.width;
        }
        self.pending[c] = DEAD;
        self.alive -= 1;
    }

    fn is_alive(&self, c: usize) -> bool {
        self.rows[c] != DEAD
    }

    /// A member name at the innermost level (an object).
    pub(crate) fn key(&mut self, consts: &Consts, name: &str) {
        let top = self.top();
        *self.counts.last_mut().expect("open level") += 1;
        for c in 0..self.width {
            if !self.is_alive(c) {
                continue;
            }
            match consts.member(ValueId(self.rows[top + c]), name) {
                Some(v) => self.pending[c] = v.0,
                None => self.kill(c),
            }
        }
    }

    /// A value begins at the innermost level; for arrays, take the next element.
    fn begin_value(&mut self, consts: &Consts, in_array: bool) {
        if !in_array {
            return;
        }
        let top = self.top();
        let level = self.counts.len() - 1;
        let i = self.counts[level];
        self.counts[level] += 1;
        for c in 0..self.width {
            if !self.is_alive(c) {
                continue;
            }
            match consts.element(ValueId(self.rows[top + c]), i) {
                Some(v) => self.pending[c] = v.0,
                None => self.kill(c),
            }
        }
    }

    /// A scalar value at the innermost level.
    pub(crate) fn scalar(&mut self, consts: &Consts, in_array: bool, s: Scalar<'_>) {
        self.begin_value(consts, in_array);
        for c in 0..self.width {
            if self.is_alive(c) && !consts.scalar_eq(ValueId(self.pending[c]), s) {
                self.kill(c);
            }
        }
    }

    /// A nested container opens at the innermost level.
    pub(crate) fn open(&mut self, consts: &Consts, in_array: bool, object: bool) {
        self.begin_value(consts, in_array);
        for c in 0..self.width {
            let ok = self.is_alive(c)
                && matches!(
                    (consts.value(ValueId(self.pending[c])), object),
                    (CValue::Object { .. }, true) | (CValue::Array { .. }, false)
                );
            if self.is_alive(c) && !ok {
                self.kill(c);
            }
        }
        for c in 0..self.width {
            let v = if self.is_alive(c) {
                self.pending[c]
            } else {
                DEAD
            };
            self.rows.push(v);
        }
        self.counts.push(0);
    }

    /// The innermost open container closes: candidates with more members or elements
    /// than were seen die. Sets `done` when the matched container itself closes.
    pub(crate) fn close(&mut self, consts: &Consts) {
        let top = self.top();
        let seen = self.counts.pop().expect("open level");
        for c in 0..self.width {
            if self.is_alive(c) && consts.len(ValueId(self.rows[top + c])) != seen {
                self.kill(c);
            }
        }
        self.rows.truncate(top);
        if self.counts.is_empty() {
            self.done = true;
        }
    }
}
