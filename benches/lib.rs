//! Inputs for formgate's benchmarks: deterministic generators, shared by the benches
//! and by the allocation test of the `formgate` package.

pub mod docs;
pub mod inputs;
