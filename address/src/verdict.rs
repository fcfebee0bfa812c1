//! [`Verdict`]: what became of an act's body.

use std::time::Duration;

use formgate::Rejection;

/// What became of an act's body: the one fact its answer, its log line and its count
/// are made from. Exhaustive on purpose: a new way for an act to end must be handled by
/// every front end.
#[derive(Debug)]
pub enum Verdict {
    /// The form admits the body.
    Accept,
    /// The verifier said no.
    Reject(Rejection),
    /// `Content-Length` was over `max_bytes`: refused before reading any of the body.
    Declared {
        /// The declared length.
        length: u64,
        /// `max_bytes`.
        limit: usize,
    },
    /// The body did not arrive in full within the body time-out.
    Timeout,
    /// The connection failed or the framing was invalid before the body ended.
    Broken,
    /// The act's `If-Match` names another form than the one served (or is malformed):
    /// refused before reading ([`formgate::publish::Published::if_match`]).
    Stale,
    /// The client was over its rate of acts: refused before reading
    /// ([`RateLimiter`](crate::RateLimiter)).
    Limited {
        /// How long until the client could act again.
        retry_after: Duration,
    },
}

impl Verdict {
    /// Whether the act was accepted.
    pub fn accepted(&self) -> bool {
        matches!(self, Verdict::Accept)
    }

    /// The verdict's name in logs: `accept`, `reject` (the verifier's, or a declared
    /// length over the limit), `timeout`, `broken`, `stale` or `limited`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Accept => "accept",
            Verdict::Reject(_) | Verdict::Declared { .. } => "reject",
            Verdict::Timeout => "timeout",
            Verdict::Broken => "broken",
            Verdict::Stale => "stale",
            Verdict::Limited { .. } => "limited",
        }
    }
}
