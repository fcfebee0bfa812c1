//! `uniqueItems` on the fast path: the canonical keys of the scalar elements of the open
//! arrays that must be unique, in one reused buffer.
//!
//! A key is the one canonical key of `form/check/unique.rs`, which the general
//! validator uses too: equal for two values iff the values are equal (`1`, `1.0`, `1e0`
//! are one number, and so are `0` and `-0`). Each key is a span of `buf`. Arrays nest, so the
//! spans form a stack: an array notes the stack's height when it opens (`mark`), pushes
//! its elements' keys above it, sorts them when it closes to find a repeat, and gives
//! the space back (`release`). Sorting instead of hashing keeps the cost O(k log k)
//! comparisons for k elements whatever keys a sender chooses.
//!
//! Containers have no key here: the fast path hands an array of containers that must
//! be unique to the general validator (`verify/general/unique.rs`).

use crate::form::check::unique::scalar_key;
use crate::form::consts::Scalar;

/// Keys of the elements of open `uniqueItems` arrays, reused across bodies.
#[derive(Debug, Default)]
pub(crate) struct UniqueKeys {
    buf: Vec<u8>,
    /// `buf[start..end]` of each key, innermost array last.
    spans: Vec<(usize, usize)>,
}

impl UniqueKeys {
    /// Forget everything (a new body).
    pub(crate) fn clear(&mut self) {
        self.buf.clear();
        self.spans.clear();
    }

    /// The stack's height, noted when an array opens.
    pub(crate) fn mark(&self) -> usize {
        self.spans.len()
    }

    /// Drop the keys pushed since `mark`.
    pub(crate) fn release(&mut self, mark: usize) {
        if let Some(&(start, _)) = self.spans.get(mark) {
            self.buf.truncate(start);
        }
        self.spans.truncate(mark);
    }

    /// Push the key of one scalar element.
    pub(crate) fn push(&mut self, value: Scalar<'_>) {
        let start = self.buf.len();
        scalar_key(value, &mut self.buf);
        self.spans.push((start, self.buf.len()));
    }

    /// Whether two keys pushed since `mark` are equal.
    pub(crate) fn repeats(&mut self, mark: usize) -> bool {
        let UniqueKeys { buf, spans } = self;
        let Some(keys) = spans.get_mut(mark..) else {
            return false;
        };
        keys.sort_unstable_by(|a, b| buf[a.0..a.1].cmp(&buf[b.0..b.1]));
        keys.windows(2)
            .any(|w| buf[w[0].0..w[0].1] == buf[w[1].0..w[1].1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repeats(values: &[Scalar<'_>]) -> bool {
        let mut keys = UniqueKeys::default();
        let mark = keys.mark();
        for v in values {
            keys.push(*v);
        }
        keys.repeats(mark)
    }

    #[test]
    fn equal_values_have_equal_keys() {
        use Scalar::*;
        assert!(repeats(&[Number("1"), Number("1.0")]));
        assert!(repeats(&[Number("1e0"), Number("10e-1")]));
        assert!(repeats(&[Number("0"), Number("-0.0")]));
        assert!(repeats(&[String("a"), Null, String("a")]));
        assert!(repeats(&[Bool(true), Bool(true)]));
        assert!(!repeats(&[
            Number("1"),
            String("1"),
            Bool(true),
            Null,
            Bool(false)
        ]));
        assert!(!repeats(&[Number("1"), Number("1.5"), Number("-1")]));
        assert!(!repeats(&[String(""), Null]));
    }

    #[test]
    fn release_gives_back_the_space_of_inner_arrays() {
        let mut keys = UniqueKeys::default();
        let outer = keys.mark();
        keys.push(Scalar::String("x"));
        let inner = keys.mark();
        keys.push(Scalar::String("y"));
        keys.push(Scalar::String("y"));
        assert!(keys.repeats(inner));
        keys.release(inner);
        assert!(!keys.repeats(outer));
        keys.push(Scalar::String("x"));
        assert!(keys.repeats(outer));
    }
}
