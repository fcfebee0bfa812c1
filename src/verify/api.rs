//! The verifying half of [`Form`]'s API: whole bodies, bodies in chunks, readers,
//! typed values and proofs of acceptance. Each call borrows this thread's reusable
//! [`Runtime`], so a warmed-up thread verifies without allocating.

use super::accepted::Accepted;
use super::rejection::Rejection;
use super::stream::{self, ReadError, Verifier};
use super::with_runtime;
use crate::form::Form;

impl Form {
    /// Verify a body: the size check first, then the strict parse and the compiled form
    /// together; no tree is built. `Ok(())` means the form admits it.
    ///
    /// A schema-directed fast pass admits most admitted bodies on its own; when it is
    /// not sure (a rejection, or a form or body beyond what it handles) the general
    /// validator, one pass of the strict parser's events, decides and explains. O(n)
    /// time for a fixed form (the fast pass is bounded by a multiple of the body's
    /// length); a rejection points at the first byte after which no admitted value can
    /// begin.
    ///
    /// # Errors
    ///
    /// A [`Rejection`] when the form does not admit the body: longer than `max_bytes`
    /// ([`RejectionKind::TooLarge`](crate::RejectionKind::TooLarge), before any
    /// parsing), not strict JSON or nested deeper than `max_depth`
    /// ([`RejectionKind::Malformed`](crate::RejectionKind::Malformed)), or strict JSON
    /// that a keyword of the form does not admit
    /// ([`RejectionKind::NotAdmitted`](crate::RejectionKind::NotAdmitted)).
    pub fn verify(&self, body: &[u8]) -> Result<(), Rejection> {
        with_runtime(|rt| rt.verify(self, body))
    }

    /// Verify a body and deserialize it into `T` in the same single pass: the validator
    /// sees every event the deserializer consumes (and those it skips), and a `T` is
    /// returned only for a body [`Form::verify`] admits. Strings without escapes can be
    /// borrowed (`&'de str`, `Cow<'de, str>`).
    ///
    /// # Errors
    ///
    /// The [`Rejection`] [`Form::verify`] gives for a body the form does not admit;
    /// for a body the form admits but `T` cannot hold,
    /// [`RejectionKind::Unrepresentable`](crate::RejectionKind::Unrepresentable) with
    /// the deserializer's message as [`Rejection::detail`].
    ///
    /// ```
    /// #[derive(serde::Deserialize)]
    /// struct Act<'a> { role: &'a str }
    /// let form = formgate::Form::compile(br#"{"type":"object","properties":{"role":{"enum":["user","admin"]}},"required":["role"]}"#).unwrap();
    /// let act: Act = form.verify_into(br#"{"role":"user"}"#).unwrap();
    /// assert_eq!(act.role, "user");
    /// // A duplicate never deserializes, whichever value a permissive parser would keep.
    /// assert!(form.verify_into::<Act>(br#"{"role":"admin","role":"user"}"#).is_err());
    /// ```
    pub fn verify_into<'de, T: serde::Deserialize<'de>>(
        &self,
        body: &'de [u8],
    ) -> Result<T, Rejection> {
        with_runtime(|rt| super::serde::verify_into(self, rt, body))
    }

    /// An incremental verifier for one body fed in chunks as it arrives (see
    /// [`Verifier`]): it counts bytes, and says no at the first chunk that leaves the
    /// form or crosses `max_bytes`.
    pub fn verifier(&self) -> Verifier<'_> {
        Verifier::new(self)
    }

    /// Verify everything a reader yields, reading at most `max_bytes + 1` bytes (held in
    /// memory at most once), and stopping at the first read whose bytes leave the form (a
    /// sender that pauses after a bad prefix is refused without waiting for more).
    ///
    /// ```
    /// let form = formgate::Form::builder().max_bytes(8).compile(b"{}").unwrap();
    /// assert!(form.verify_reader(&b"{\"a\":1}"[..]).is_ok());
    /// assert!(form.verify_reader(std::io::repeat(b' ')).is_err()); // stops after 9 bytes
    /// ```
    ///
    /// # Errors
    ///
    /// [`ReadError::Rejected`] with the [`Rejection`] the streaming [`Verifier`] gives
    /// (the same kind and offset as [`Form::verify`]'s on the whole body, except that
    /// a body over `max_bytes` may be refused earlier with another kind), or
    /// [`ReadError::Io`] when a read fails.
    pub fn verify_reader<R: std::io::Read>(&self, reader: R) -> Result<(), ReadError> {
        stream::verify_reader(self, reader)
    }

    /// Verify a body and keep its tree as proof of acceptance.
    ///
    /// The fast path decides first, as in [`Form::verify`]; a body it admits is then
    /// parsed into its tree by the strict parser (a second read of the body, without
    /// the general validator's bookkeeping); a body it rejects is rejected at once,
    /// as [`Form::verify`] rejects it. A body it is not sure of goes to the general
    /// validator, which builds the tree in its one pass.
    ///
    /// # Errors
    ///
    /// The [`Rejection`] [`Form::verify`] gives.
    pub fn accept<'a>(&self, body: &'a [u8]) -> Result<Accepted<'a>, Rejection> {
        let value = with_runtime(|rt| rt.accept(self, body))?;
        Ok(Accepted::new(body, value))
    }
}
