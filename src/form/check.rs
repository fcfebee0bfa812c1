//! Each keyword's decision, written once: given a node's compiled checks and what has
//! been read of a value, whether the keyword admits it, and if not, which keyword
//! fails. Every engine (`crate::verify`'s general validator, its fast pass and the
//! fast pass's resumable tally) and the audit's reasoning about `enum` values call
//! these functions; none of them decides a keyword on its own. `docs/ARCHITECTURE.md`
//! ("Each keyword's decision") lists each keyword and the function that decides it.
//!
//! What stays with the engines is *how* they read (events, recursive descent, frames
//! kept between chunks) and the state they keep (counts, bits, keys), which differ by
//! design; what is decided from that state is here:
//! - [`branches`]: the `anyOf` and `oneOf` branches a value certainly fails by its
//!   first byte and first member name;
//! - [`scalar`]: the local assertions of a node on a scalar, and those decided when a
//!   container opens (`type`, `enum`/`const`, strings' and numbers' keywords);
//! - [`container`]: member and element selection (`properties`, `patternProperties`,
//!   `additionalProperties`, `prefixItems`, `items`), counts as a member or element
//!   begins (`maxProperties`, `maxItems`, `maxContains`) and at a container's close
//!   (`required`, `minProperties`, `dependentRequired`, `minItems`, `contains`,
//!   `minContains`);
//! - [`unique`]: the one canonical key of a scalar for `uniqueItems`, and the tags of
//!   containers' keys.
//!
//! Invariant: these functions are pure (they read the form and their arguments only),
//! so two engines given the same state reach the same decision, by construction.

pub(crate) mod branches;
pub(crate) mod container;
pub(crate) mod scalar;
pub(crate) mod unique;
