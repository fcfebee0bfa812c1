//! One test kit for formgate's property tests (`tests/`) and fuzz targets (`fuzz/`):
//! the value model [`J`], the [`tables`] of what forms and bodies are made of (each
//! pattern and format entry marked by whether the jsonschema crate must agree), the
//! rules that generate forms and bodies ([`Gen`]), the comparisons with serde_json and
//! jsonschema ([`oracle`], feature `oracle`), the conformance suite lookup ([`suites`])
//! and the proptest configuration ([`config()`], feature `proptest`).
//!
//! # One set of rules, two sources of randomness
//!
//! The rules are written once, as methods of [`Gen`], and ask every question of a
//! [`Source`]: "a number below `n`", "yes with probability `p`". proptest drives them
//! through a [`Tape`] of words it draws and shrinks ([`strategies`], feature
//! `proptest`); the fuzzer through its bytes, `arbitrary::Unstructured` implementing
//! [`Source`] ([`fuzzing`], feature `arbitrary`); a seeded [`Rng`] draws the property
//! tests' bodies. Both sources answer with the simplest choice when they run out, so
//! generation always ends.
//!
//! What differs between the front-ends is data, not rules: a [`Profile`] says what may
//! appear ([`FULL`] for the property tests, [`ORACLE`] for the differential test,
//! [`FUZZ`] adding freely chosen strings and numbers), `wild` adds what lies beyond
//! the vocabulary (the `compile_form` target), and [`Gen::oracle`] tracks whether a
//! case lies where formgate and jsonschema must agree.
//!
//! A tame form is written in one of the five dialects, by the profile's shares: built
//! in 2020-12's vocabulary, then respelled (`dialect`: draft-04's boolean
//! `exclusiveMaximum`, `definitions`, array-form `items` with `additionalItems`,
//! `dependencies`...) and named by its `$schema`. Numeric formats and the content
//! keywords are part of the vocabulary generated; [`for_jsonschema`] hands the oracle the
//! numeric formats as the ranges they mean.

mod bodies;
mod dialect;
mod forms;
mod idents;
mod numbers;
mod numeric;
mod refs;
mod source;
mod value;

pub mod suites;
pub mod tables;
pub mod wild;

#[cfg(feature = "proptest")]
mod config;
#[cfg(feature = "arbitrary")]
pub mod fuzzing;
#[cfg(feature = "oracle")]
pub mod oracle;
#[cfg(feature = "proptest")]
pub mod strategies;

pub use bodies::{body_text, body_value, BODY_DEPTH};
#[cfg(feature = "proptest")]
pub use config::config;
pub use forms::Gen;
pub use idents::{embed_ids, fix_mappings, Naming, ROOT_ID};
pub use numeric::for_jsonschema;
pub use refs::{fix_refs, fragment, odd_refs, pointer_fragment, resolve};
pub use source::{Rng, Source, Tape};
#[cfg(feature = "proptest")]
pub use strategies::{form, form_and_bodies, sample};
pub use tables::*;
pub use value::{dedup, plain_integer, spelled_integer, write_min_string, Members, Style, J};

#[cfg(test)]
mod tests;
