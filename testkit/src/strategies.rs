//! The proptest front-end (feature `proptest`): strategies for the property tests.
//!
//! A form is the rules of [`Gen`] reading a [`Tape`] of words proptest draws; proptest
//! shrinks a failing case by driving words towards zero, that is towards the first
//! option and leaving optional keywords out. Bodies are drawn from seeds ([`body_text`]),
//! so that each replays on its own.

use proptest::prelude::*;

use crate::bodies::body_text;
use crate::source::Tape;
use crate::tables::Profile;
use crate::value::J;
use crate::Gen;

/// Words on a form's tape: more than nearly every form reads (see the test
/// `tapes_are_long_enough`); a form that reads them all ends with its simplest
/// choices.
pub const TAPE_WORDS: usize = 2048;

/// A form of profile `p`, within the vocabulary (tame).
pub fn form(p: &'static Profile) -> BoxedStrategy<J> {
    prop::collection::vec(any::<u32>(), TAPE_WORDS)
        .prop_map(move |words| Gen::new(Tape::new(words), p, false).form())
        .boxed()
}

/// A form and one to eight bodies aimed at it.
pub fn form_and_bodies(p: &'static Profile) -> BoxedStrategy<(J, Vec<String>)> {
    (form(p), prop::collection::vec(any::<u64>(), 1..=8))
        .prop_map(move |(f, seeds)| {
            let bodies = seeds.iter().map(|&s| body_text(&f, p, s)).collect();
            (f, bodies)
        })
        .boxed()
}

/// `n` values of `strategy`, the same on every run (for tests of the generators).
pub fn sample<T: std::fmt::Debug>(strategy: BoxedStrategy<T>, n: usize) -> Vec<T> {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    (0..n)
        .map(|_| strategy.new_tree(&mut runner).unwrap().current())
        .collect()
}
