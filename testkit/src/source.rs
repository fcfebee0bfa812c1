//! [`Source`]: where the generators' choices come from.
//!
//! The generation rules ([`crate::Gen`]) ask only two questions: "a number below `n`"
//! and "yes with probability `p`". Three sources answer them:
//!
//! - [`Rng`], a seeded splitmix64: bodies of the property tests, replayable from a seed;
//! - [`Tape`], a list of words drawn by proptest (feature `proptest`): forms of the
//!   property tests, shrunk by proptest towards words of zero;
//! - `arbitrary::Unstructured` (feature `arbitrary`): the fuzzer's bytes.
//!
//! Tapes and bytes run out. Then, and on a word or byte of zero, every choice takes its
//! simplest answer: `below` gives 0 (the first option) and `chance` gives `false` (leave
//! the optional part out). So generation always ends, a short input gives a small case,
//! and shrinking towards zero makes cases simpler.

/// The choices a generator makes.
pub trait Source {
    /// A number in `0..n`; 0 when `n <= 1` (then nothing is consumed) or when the source
    /// has run out.
    fn below(&mut self, n: usize) -> usize;

    /// `true` with probability `p`; `false` when the source has run out.
    fn chance(&mut self, p: f64) -> bool;

    /// One of `items` (which must not be empty).
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A random permutation of `items` (Fisher–Yates).
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

impl<S: Source + ?Sized> Source for &mut S {
    fn below(&mut self, n: usize) -> usize {
        (**self).below(n)
    }

    fn chance(&mut self, p: f64) -> bool {
        (**self).chance(p)
    }
}

/// splitmix64: values drawn from a seed, so a failing case replays exactly.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64) < p * (1u64 << 53) as f64
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[Rng::below(self, items.len())]
    }
}

impl Source for Rng {
    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        Rng::below(self, n)
    }

    fn chance(&mut self, p: f64) -> bool {
        Rng::chance(self, p)
    }
}

/// Choices read from a list of words: word `w` answers `below(n)` with `w % n` and
/// `chance(p)` with `w ≥ (1 − p)·2³²`. Zero, and the end of the list, give the simplest
/// answer.
#[derive(Debug, Clone)]
pub struct Tape {
    words: Vec<u32>,
    at: usize,
}

impl Tape {
    pub fn new(words: Vec<u32>) -> Tape {
        Tape { words, at: 0 }
    }

    /// Words read so far.
    pub fn used(&self) -> usize {
        self.at
    }

    fn next(&mut self) -> Option<u32> {
        let w = self.words.get(self.at).copied();
        self.at += usize::from(w.is_some());
        w
    }
}

impl Source for Tape {
    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.next().map_or(0, |w| w as usize % n)
    }

    fn chance(&mut self, p: f64) -> bool {
        self.next()
            .is_some_and(|w| f64::from(w) >= (1.0 - p) * 4_294_967_296.0)
    }
}

/// The fuzzer's bytes: `below` reads as few bytes as `n` needs
/// (`Unstructured::int_in_range`), `chance` one byte.
#[cfg(feature = "arbitrary")]
impl Source for arbitrary::Unstructured<'_> {
    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.int_in_range(0..=n - 1).unwrap_or(0)
    }

    /// (`Unstructured::ratio` would answer `true` once the bytes run out, and loops
    /// asking "one more?" would never end.)
    fn chance(&mut self, p: f64) -> bool {
        !self.is_empty()
            && self
                .int_in_range(0u8..=255)
                .is_ok_and(|b| f64::from(b) >= (1.0 - p) * 256.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_tape_gives_the_simplest_answers() {
        let mut t = Tape::new(Vec::new());
        assert_eq!(Source::below(&mut t, 7), 0);
        assert!(!Source::chance(&mut t, 0.99));
        let mut t = Tape::new(vec![0, 0, u32::MAX]);
        assert!(!Source::chance(&mut t, 0.5));
        assert_eq!(Source::below(&mut t, 3), 0);
        assert!(Source::chance(&mut t, 0.01));
        assert_eq!(t.used(), 3);
    }

    #[test]
    fn rng_chances_follow_their_probability() {
        let mut r = Rng::new(7);
        let n = (0..10_000).filter(|_| Source::chance(&mut r, 0.3)).count();
        assert!((2_700..3_300).contains(&n), "{n}");
    }

    #[cfg(feature = "arbitrary")]
    #[test]
    fn bytes_run_out_into_the_simplest_answers() {
        let mut u = arbitrary::Unstructured::new(&[255]);
        assert!(Source::chance(&mut u, 0.1));
        assert!(!Source::chance(&mut u, 0.9));
        assert_eq!(Source::below(&mut u, 1000), 0);
    }
}
