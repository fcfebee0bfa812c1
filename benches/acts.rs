//! The Rust types of the benchmark acts whose shape is fixed (the small and the large
//! body of `inputs.rs`), their strings borrowed where they have no escape: shared by
//! `benches/into.rs` and by the allocation test of the `formgate` package.

use std::borrow::Cow;

use serde::Deserialize;

/// The small case's act.
#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Small<'a> {
    #[serde(borrow)]
    pub intent: Cow<'a, str>,
    #[serde(borrow)]
    pub subject: Cow<'a, str>,
    pub priority: u8,
    #[serde(borrow)]
    pub due: Cow<'a, str>,
    #[serde(borrow)]
    pub recipients: Vec<Cow<'a, str>>,
    #[serde(borrow)]
    pub summary: Cow<'a, str>,
}

/// The large case's act.
#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Records<'a> {
    #[serde(borrow)]
    pub records: Vec<Record<'a>>,
}

/// One record of the large case.
#[derive(Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record<'a> {
    pub id: u64,
    #[serde(borrow)]
    pub name: Cow<'a, str>,
    #[serde(borrow)]
    pub email: Cow<'a, str>,
    pub active: bool,
    pub score: f64,
    #[serde(borrow)]
    pub tags: Vec<Cow<'a, str>>,
    #[serde(borrow)]
    pub created: Cow<'a, str>,
    #[serde(borrow)]
    pub note: Cow<'a, str>,
}
