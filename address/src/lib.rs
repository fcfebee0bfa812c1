//! # formgate-address
//!
//! The GPT address protocol, once, over the [`http`] crate's types: what `GET` answers
//! ([`Arrival`]), how an act's body is read and verified as it streams in
//! ([`read_act`]), and what a refused act is answered ([`refused`]). It has no server
//! and no runtime of its own: `formgate serve` and formgate-axum's `Address` serve it,
//! so both answer every request alike.
//!
//! The layers, each using only those above it:
//!
//! | module | what |
//! |---|---|
//! | `header` | the protocol's header names, headers as an [`http::HeaderMap`] |
//! | `verdict` | [`Verdict`]: what became of an act |
//! | `report` | [`problem_json`], [`ProblemError`]: why a body was refused, by the stable names, never a value of the body |
//! | `arrival` | [`Arrival`]: the precomputed answers to `GET` and `HEAD` |
//! | `rate` | [`RateLimiter`]: token buckets per client for acts and `GET`s, in a bounded table; [`client_address`]; [`limited`], the `429` |
//! | `read` | [`read_act`]: an act's body verified frame by frame ([`Admit`] says what an admitted body becomes) |
//! | `answer` | [`refused`]: the answer to an act that was not accepted (`204`, or `412`, or with reports a `422` problem) |
//!
//! ```
//! use formgate_address::{read_act, refused, Verdict, Verify};
//! use http_body_util::Full;
//!
//! let form = formgate::Form::compile(br#"{"type":"integer","maximum":5}"#).unwrap();
//! let rt = tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap();
//! let read = rt.block_on(read_act(
//!     &form,
//!     Full::new(bytes::Bytes::from_static(b"9")),
//!     &Verify,
//!     false,
//!     std::future::pending(),
//! ));
//! assert!(matches!(read.verdict, Verdict::Reject(_)));
//! assert_eq!(refused(&read.verdict, false, !read.drained).status(), 204);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod answer;
mod arrival;
mod header;
mod rate;
mod read;
mod report;
mod verdict;

pub use answer::refused;
pub use arrival::Arrival;
pub use header::{header_map, GPT_ACTOR, GPT_TYPE};
pub use rate::{
    client_address, find_client, limited, retry_seconds, ClientAddress, Rate, RateLimiter, Traffic,
    MAX_RETRY_AFTER,
};
pub use read::{read_act, Admit, Read, Verify};
pub use report::{
    cut_pointer, detail, problem_json, ProblemError, MAX_POINTER, PROBLEM_CONTENT_TYPE,
};
pub use verdict::Verdict;
