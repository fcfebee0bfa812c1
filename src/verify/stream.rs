//! Streaming verification: a body fed chunk by chunk as it comes off a connection.
//!
//! Invariants:
//! 1. Bytes are counted as they arrive; the chunk that takes the total past
//!    `max_bytes` is rejected (`TooLarge` at offset `max_bytes`) before it is parsed.
//! 2. The parser runs directly on each chunk. Only a token that spans a chunk boundary
//!    is copied, into a reused carry buffer, and only up to its end; the parser then
//!    reads it from there with absolute offsets, so events, verdicts and offsets are
//!    those of [`Form::verify`] on the whole body.
//! 3. The end of a spanning token is found by a resumable scan (string: the first
//!    unescaped `"`; number or literal: the first byte that cannot continue it), so a
//!    token split into many small chunks costs O(its length), not O(length²).
//! 4. Within `max_bytes`, every split of a body gives the same verdict, kind and offset
//!    as [`Form::verify`]. Over `max_bytes` both reject; `verify` says `TooLarge`
//!    without parsing, while streaming may already have said no at an earlier chunk —
//!    that is its purpose.
//!
//! 5. The fast engine reads the chunks first. A first chunk that looks like a whole
//!    container is read as [`Form::verify`] reads a body, and nothing is kept of it
//!    but the verdict: admitted, only whitespace may follow it. Otherwise, or where
//!    that is not sure, the engine reads chunk by chunk (`fast/resumable.rs`),
//!    keeping every byte received. A prefix it certainly refuses at a place it names
//!    exactly is refused at once with the general validator's rejection (`fast`
//!    invariant 5); at its first "not sure" (a vague failure, or anything it leaves
//!    to the general validator), the general validator reads them all from the start
//!    and decides from then on. Either way verdicts, kinds and offsets are those of invariants
//!    2–4, and a prefix that breaks the form is refused at the chunk that broke it.
//!
//! Cost: O(n) time; memory O(n) while the fast path lasts (never more than
//! `max_bytes`), then O(depth + longest spanning token). Besides, the fast engine's
//! buffers keep the member orders it learns (`verify/fast/orders.rs`): at most 32 of
//! about 1 KB each, made only as a body's objects need them.

use std::cell::Cell;
use std::io::Read;

use crate::form::Form;
use crate::parse::error::{ParseError, ParseErrorKind};
use crate::parse::lex::{self, Input};
use crate::parse::machine::Step;
use crate::verify::rejection::Rejection;
use crate::verify::Runtime;

use super::fast;
use super::fast::resumable::Resumable;

/// Whether `chunk` looks like a whole container: its first byte other than whitespace
/// opens an object or an array, and its last closes the same kind. A cheap guess,
/// never a verdict: [`fast::decide`] reads it all the same.
fn looks_whole(chunk: &[u8]) -> bool {
    let mut bytes = chunk.iter().copied().filter(|&b| !lex::is_ws(b));
    matches!(
        (bytes.next(), bytes.next_back()),
        (Some(b'{'), Some(b'}')) | (Some(b'['), Some(b']'))
    )
}

/// What kind of token the carry holds, and where its end-scan stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    /// Nothing spans the boundary.
    None,
    /// A string; `true` if the last carried byte is an unfinished backslash escape.
    String { escaped: bool },
    /// A number or a literal.
    Word,
}

/// An incremental verifier for one body (see [`Form::verifier`]). `Send + Sync`, so
/// it can be held across an `.await` on a multi-threaded runtime.
///
/// ```
/// let form = formgate::Form::compile(br#"{"type":"array","items":{"type":"string","maxLength":3}}"#).unwrap();
/// let mut v = form.verifier();
/// v.feed(br#"["ab", "c"#).unwrap();
/// v.feed(br#"d"]"#).unwrap();
/// assert!(v.finish().is_ok());
///
/// let mut v = form.verifier();
/// // Rejected at the chunk that breaks the form, whatever follows.
/// assert!(v.feed(br#"["ab", 1, "#).is_err());
/// ```
#[derive(Debug)]
pub struct Verifier<'f> {
    form: &'f Form,
    /// Bytes received so far.
    received: u64,
    /// Whether the body's first bytes were one chunk that the fast engine admitted
    /// whole, as [`Form::verify`] reads a body: only whitespace may follow.
    whole: bool,
    /// The fast engine while it lasts (`fast/resumable.rs`): `None` until a chunk is
    /// not decided whole (see [`Verifier::feed`]), and once the general validator has
    /// taken over.
    fast: Option<Engine>,
    /// The general validator, made when it takes over (a body the fast path admits
    /// never needs it).
    general: Option<Box<General>>,
    /// The rejection once made: by the general validator, for crossing `max_bytes`, of
    /// a first chunk read whole, or of a byte after a body admitted whole. Every later
    /// call returns it (the chunk-by-chunk engine keeps its own).
    rejected: Option<Box<Rejection>>,
}

/// The general validator's state for a streamed body: boxed, so that a verifier is seven
/// words to make, move and drop (on the 279-byte body, a verifier of 184 bytes took
/// 34 instructions of copying a body: benches/README.md, optimization
/// `whole-first-chunk`).
#[derive(Debug)]
struct General {
    rt: Runtime,
    carry: Vec<u8>,
    /// Absolute offset of `carry[0]`.
    carry_at: u64,
    pending: Pending,
}

/// The fast engine of a streamed body, and its buffers (both boxed, so that they pass
/// from one body to the next on a thread without being copied: [`Spare`]).
#[derive(Debug)]
struct Engine {
    resumable: Box<Resumable>,
    buffers: Box<fast::Buffers>,
}

/// What one streamed body leaves for the next on the same thread: the fast engine's
/// buffers and the received text's capacity, so that a warmed-up thread streams a
/// small body without allocating (benches/README.md, optimization `spare-stream`).
struct Spare {
    engine: Engine,
}

/// A text buffer kept for the next body holds at most this many bytes, so that one
/// large body does not keep its memory on the thread.
const SPARE_TEXT: usize = 64 * 1024;

thread_local! {
    static SPARE: Cell<Option<Spare>> = const { Cell::new(None) };
}

impl Drop for Verifier<'_> {
    fn drop(&mut self) {
        self.keep_spare();
    }
}

impl Engine {
    /// The engine the last body on this thread left ([`Spare`]), made fresh for
    /// another, or a new one.
    fn spare() -> Engine {
        // `try_with`, not `with`: a verifier made by another thread-local's destructor
        // runs after the spare may be gone, and `with` would panic there (a panic in a
        // thread-local's destructor aborts the process); it starts afresh instead.
        match SPARE.try_with(Cell::take).ok().flatten() {
            Some(Spare { mut engine }) => {
                engine.resumable.reset();
                engine
            }
            None => {
                let mut buffers = Box::default();
                let resumable = Box::new(Resumable::new(&mut buffers));
                Engine { resumable, buffers }
            }
        }
    }
}

impl<'f> Verifier<'f> {
    pub(crate) fn new(form: &'f Form) -> Verifier<'f> {
        Verifier {
            form,
            received: 0,
            whole: false,
            fast: None,
            general: None,
            rejected: None,
        }
    }

    /// Whether no engine has read a byte yet: nothing was received but empty chunks.
    fn unread(&self) -> bool {
        !self.whole && self.fast.is_none() && self.general.is_none()
    }

    /// Keep the fast engine's buffers and its text's capacity for the next body on
    /// this thread (see [`Spare`]), unless the text grew past [`SPARE_TEXT`].
    fn keep_spare(&mut self) {
        let Some(engine) = self.fast.take() else {
            return;
        };
        if engine.resumable.capacity() > SPARE_TEXT {
            return;
        }
        // A thread that streams several bodies at once keeps the last one's. A
        // verifier dropped while the thread's locals are destroyed (one held by another
        // thread-local) finds the spare gone: `try_with` drops its engine instead of
        // panicking in `Drop`, which would abort the process.
        let _ = SPARE.try_with(|slot| slot.set(Some(Spare { engine })));
    }

    /// How many bytes have been fed so far.
    pub fn received(&self) -> u64 {
        self.received
    }

    /// Take the next chunk of the body.
    ///
    /// # Errors
    ///
    /// A [`Rejection`] as soon as the bytes so far can no longer be completed into an
    /// admitted body, or exceed `max_bytes`
    /// ([`RejectionKind::TooLarge`](crate::RejectionKind::TooLarge)); once rejected,
    /// every later call returns the same rejection.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), Rejection> {
        if let Some(r) = &self.rejected {
            return Err((**r).clone());
        }
        if let Some(r) = self
            .fast
            .as_ref()
            .and_then(|f| f.resumable.rejection(self.form, &f.buffers))
        {
            // Refused by the fast engine before: the same rejection, made anew.
            return Err(r);
        }
        let start = self.received;
        self.received += chunk.len() as u64;
        let limit = self.form.limits().max_bytes();
        if self.received > limit as u64 {
            // Invariant 1.
            let e = ParseError::new(ParseErrorKind::TooLarge { limit }, limit as u64);
            return self.reject(Rejection::from_parse(e));
        }
        if self.whole {
            return self.after_whole(chunk, start);
        }
        if self.unread() {
            if chunk.is_empty() {
                return Ok(());
            }
            // The body's first bytes. A chunk that looks like a whole container is read
            // as `Form::verify` reads a body, in place, with the thread's runtime: no
            // copy, no frames, and no engine of the verifier's own (benches/README.md,
            // optimizations `whole-first-chunk` and `lazy-engine`). Not sure, or with
            // the thread's locals gone, it is read below by the engine, so that no
            // chunk is read more than twice (`fast/resumable.rs`, invariant 2).
            if looks_whole(chunk) {
                let form = self.form;
                match super::try_with_runtime(|rt| rt.decide_fast(form, chunk)) {
                    Some(fast::Verdict::Admitted) => {
                        self.whole = true;
                        return Ok(());
                    }
                    Some(fast::Verdict::Rejected(r)) => return self.reject(r),
                    Some(fast::Verdict::Unsure) | None => {}
                }
            }
            self.fast = Some(Engine::spare());
        }
        let result = match &mut self.fast {
            Some(Engine { resumable, buffers }) => {
                if resumable.feed(self.form, chunk, buffers) {
                    return Ok(());
                }
                // A refusal of the fast engine is kept there, not copied here.
                if let Some(r) = resumable.rejection(self.form, buffers) {
                    return Err(r);
                }
                self.hand_over()
            }
            None => {
                let form = self.form;
                self.general().run(form, chunk, start)
            }
        };
        if let Err(r) = result {
            return self.reject(r);
        }
        Ok(())
    }

    /// A chunk after a body admitted whole: only whitespace may follow. What the
    /// general validator says of a byte after the body's value is the parser's
    /// `TrailingBytes` there, outside every container.
    fn after_whole(&mut self, chunk: &[u8], start: u64) -> Result<(), Rejection> {
        match chunk.iter().position(|&b| !lex::is_ws(b)) {
            None => Ok(()),
            Some(i) => {
                let e = ParseError::new(ParseErrorKind::TrailingBytes, start + i as u64)
                    .with_pointer(String::new());
                self.reject(Rejection::from_parse(e))
            }
        }
    }

    /// The fast path is not sure: the general validator reads every byte received so
    /// far and decides from here on (invariant 5).
    fn hand_over(&mut self) -> Result<(), Rejection> {
        let body = self
            .fast
            .take()
            .map(|f| f.resumable.into_body())
            .unwrap_or_default();
        let form = self.form;
        self.general().run(form, &body, 0)
    }

    /// The body is complete: whether the fast engine admits it alone, as
    /// [`Verifier::finish`] would without the general validator ever taking over.
    #[cfg(any(fuzzing, feature = "__fuzz"))]
    pub(crate) fn finish_by_fast_engine(mut self) -> bool {
        self.rejected.is_none()
            && self.general.is_none()
            && (self.whole || matches!(self.fast_verdict(), Some(Ok(()))))
    }

    /// The fast engine's verdict on the complete body, if it decides one (`None`: it
    /// hands over, or has).
    fn fast_verdict(&mut self) -> Option<Result<(), Rejection>> {
        let form = self.form;
        let Engine { resumable, buffers } = self.fast.as_mut()?;
        if let Some(r) = resumable.rejection(form, buffers) {
            return Some(Err(r));
        }
        if resumable.finish(form, buffers) {
            return Some(Ok(()));
        }
        resumable.rejection(form, buffers).map(Err)
    }

    /// The body is complete: the final verdict.
    ///
    /// # Errors
    ///
    /// The [`Rejection`] of an earlier [`Verifier::feed`], or the one the bytes fed
    /// make certain now that no more follow (an unfinished value is
    /// [`ParseErrorKind::UnexpectedEnd`]).
    pub fn finish(mut self) -> Result<(), Rejection> {
        if let Some(r) = self.rejected.take() {
            return Err(*r);
        }
        if self.whole {
            return Ok(());
        }
        // (Nothing read, the body is empty: the general validator says so below.)
        if self.fast.is_some() {
            match self.fast_verdict() {
                // Spelt out: returning the verdict as it came copied the whole
                // rejection's bytes for an admission too.
                Some(Ok(())) => return Ok(()),
                Some(Err(r)) => return Err(r),
                None => self.hand_over()?,
            }
        }
        // The carry, if any, is the tail of what was received.
        let (received, form) = (self.received, self.form);
        let general = self.general();
        let carry = std::mem::take(&mut general.carry);
        general.rt.machine.set_base(received - carry.len() as u64);
        let mut pos = 0;
        general.step_all(form, &carry, &mut pos, true)?;
        Ok(())
    }

    /// The general validator, started on first use.
    fn general(&mut self) -> &mut General {
        let form = self.form;
        self.general.get_or_insert_with(|| {
            let mut rt = Runtime::new();
            rt.start(form);
            Box::new(General {
                rt,
                carry: Vec::new(),
                carry_at: 0,
                pending: Pending::None,
            })
        })
    }

    fn reject(&mut self, r: Rejection) -> Result<(), Rejection> {
        self.rejected = Some(Box::new(r.clone()));
        Err(r)
    }
}

impl General {
    /// Run the parser and validator over `input` from `*pos` until it needs more bytes
    /// (`Ok(false)`) or the document ended (`Ok(true)`).
    fn step_all(
        &mut self,
        form: &Form,
        input: &[u8],
        pos: &mut usize,
        last: bool,
    ) -> Result<bool, Rejection> {
        let input = Input::new(input);
        let rt = &mut self.rt;
        loop {
            let step = rt
                .machine
                .step(&input, pos, last)
                .map_err(Rejection::from_parse)?;
            match step {
                Step::Event(ev) => {
                    if !rt.state.event(form, ev) {
                        return Err(rt.rejection(form));
                    }
                }
                Step::End => return Ok(true),
                Step::NeedMore => return Ok(false),
            }
        }
    }

    fn run(&mut self, form: &Form, chunk: &[u8], start: u64) -> Result<(), Rejection> {
        let mut from = 0;
        if self.pending != Pending::None {
            // Invariant 3: find where the spanning token ends in this chunk.
            match self.token_end(chunk) {
                None => {
                    self.carry.extend_from_slice(chunk);
                    return Ok(());
                }
                Some(end) => {
                    self.carry.extend_from_slice(&chunk[..end]);
                    from = end;
                    let carry = std::mem::take(&mut self.carry);
                    self.rt.machine.set_base(self.carry_at);
                    let mut pos = 0;
                    let outcome = self.step_all(form, &carry, &mut pos, false);
                    self.carry = carry;
                    outcome?;
                    // Whatever the carry held past the token is the start of the next.
                    self.carry.drain(..pos);
                    self.carry_at += pos as u64;
                    self.pending = Pending::None;
                    if !self.carry.is_empty() {
                        // At most the one delimiter byte taken with a number or literal;
                        // put it back in front of the chunk by parsing the rest from it.
                        self.restart_pending();
                        if self.pending != Pending::None {
                            return self.run(form, &chunk[from..], start + from as u64);
                        }
                    }
                }
            }
        }
        self.rt.machine.set_base(start);
        let mut pos = from;
        self.step_all(form, chunk, &mut pos, false)?;
        if pos < chunk.len() {
            // The chunk ends inside a token: carry it (invariant 2).
            self.carry.clear();
            self.carry.extend_from_slice(&chunk[pos..]);
            self.carry_at = start + pos as u64;
            self.restart_pending();
        }
        Ok(())
    }

    /// Classify the carried token from its first byte and scan what is carried.
    fn restart_pending(&mut self) {
        self.pending = match self.carry.first() {
            None => Pending::None,
            Some(b'"') => {
                let mut escaped = false;
                for &b in &self.carry[1..] {
                    escaped = !escaped && b == b'\\';
                }
                Pending::String { escaped }
            }
            Some(_) => Pending::Word,
        };
    }

    /// Where the carried token ends in `chunk` (exclusive), updating the scan state.
    /// A number or literal takes the byte after it too, so the parser sees it end.
    fn token_end(&mut self, chunk: &[u8]) -> Option<usize> {
        match self.pending {
            Pending::None => Some(0),
            Pending::String { escaped } => {
                let mut escaped = escaped;
                for (i, &b) in chunk.iter().enumerate() {
                    if escaped {
                        escaped = false;
                    } else if b == b'\\' {
                        escaped = true;
                    } else if b == b'"' {
                        return Some(i + 1);
                    }
                }
                self.pending = Pending::String { escaped };
                None
            }
            Pending::Word => chunk
                .iter()
                .position(
                    |&b| !matches!(b, b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'+' | b'-' | b'.'),
                )
                .map(|i| i + 1),
        }
    }
}

/// Why [`Form::verify_reader`] did not accept.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// Reading failed.
    #[error("reading the body failed: {0}")]
    Io(#[from] std::io::Error),
    /// The body was rejected.
    #[error("{0}")]
    Rejected(Rejection),
}

/// Verify everything `reader` yields, reading at most `max_bytes + 1` bytes into one
/// 16 KiB buffer.
///
/// Each read's bytes go to the streaming [`Verifier`] as they arrive, so a prefix that
/// breaks the form is refused at once, even if the sender then pauses; the verifier's
/// accept-only fast path reads a body that arrives in one read as `Form::verify` does.
pub(crate) fn verify_reader<R: Read>(form: &Form, reader: R) -> Result<(), ReadError> {
    let mut r = reader.take((form.limits().max_bytes() as u64).saturating_add(1));
    let mut buf = vec![0u8; 16 * 1024];
    let mut v = Verifier::new(form);
    loop {
        let n = read_some(&mut r, &mut buf)?;
        if n == 0 {
            return v.finish().map_err(ReadError::Rejected);
        }
        v.feed(&buf[..n]).map_err(ReadError::Rejected)?;
    }
}

/// One read (retried when interrupted): how many bytes, 0 at the end.
fn read_some<R: Read>(r: &mut R, buf: &mut [u8]) -> Result<usize, ReadError> {
    loop {
        match r.read(buf) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        }
    }
}
