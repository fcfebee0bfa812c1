//! Ways into the recursive pass for the callers that keep containers open themselves:
//! the streamed fast path (`resumable.rs`), which holds its outer containers as frames
//! between chunks, and `verify_into`'s guided route, which holds the containers its
//! visitor walks. Each reads values with a [`Pass`] made for the call, inside the
//! caller's `open` containers, and charges the work to the caller's budget.

use super::tally::Tally;
use super::{Buffers, Fail, Pass};
use crate::form::node::{ArrayChecks, NodeId};
use crate::form::Form;
use crate::parse::lex::Input;

/// The value starting at `start` (after whitespace) in `body`, a prefix of the body
/// when `complete` is `false`, against node `id`, inside `open` containers that the
/// caller keeps (`resumable`): where the value ends, or why not. `Truncated` only
/// when `complete` is `false`. The body is text already, so nothing is validated again.
/// The work is charged to `budget`, shared by every call on one streamed body.
#[allow(clippy::too_many_arguments)]
pub(in crate::verify) fn value_at(
    form: &Form,
    body: &str,
    complete: bool,
    start: usize,
    open: usize,
    id: NodeId,
    budget: &mut usize,
    buffers: &mut Buffers,
) -> Result<usize, Fail> {
    let mut inp = Input::text_of(body);
    let pass = Pass::new(form, body.as_bytes(), complete, start, open, buffers);
    pass.run(id, &mut inp, budget)
}

/// The elements of an open array that `resumable` keeps as a frame (`open` frames in
/// all, this one innermost), read by one pass from `start`, just after its `[` or a
/// `,`: each counted on `tally` as [`Tally::element`] counts it, then read whole and
/// admitted, for as long as that goes. Where reading stopped, and whether that is
/// right after an element (else before one). Reading stops before the first element
/// the pass does not read whole and admit (cut off by the end of the bytes so far,
/// failing, or failing at its start), with `tally` as before it, so that the caller
/// reads that one as it reads any value; also before a container element when not
/// `containers`, and at the array's close. Also the work charged to `budget` for an
/// element the end of the bytes so far cut off, which the caller reads again.
///
/// What it bought (benches/README.md, optimization `batched-elements`): the per-element
/// round of the caller's frame loop (its state, the value's setup, a pass made for each
/// element), about 500 instructions an element of the large body.
#[allow(clippy::too_many_arguments)]
pub(in crate::verify) fn elements_at(
    form: &Form,
    body: &str,
    start: usize,
    open: usize,
    checks: Option<&ArrayChecks>,
    tally: &mut Tally,
    containers: bool,
    budget: &mut usize,
    buffers: &mut Buffers,
) -> (usize, bool, usize) {
    let mut inp = Input::text_of(body);
    let mut pass = Pass::new(form, body.as_bytes(), false, start, open, buffers);
    std::mem::swap(&mut pass.inp, &mut inp);
    pass.budget = *budget;
    let (mut at, mut after, mut cut) = (start, false, 0);
    loop {
        pass.skip_ws();
        match pass.bytes.get(pass.pos) {
            None | Some(b']') => break,
            Some(b'{' | b'[') if !containers => break,
            Some(_) => {}
        }
        let before = *tally;
        let Ok(schema) = tally.element(checks) else {
            *tally = before;
            break;
        };
        let left = pass.budget;
        if let Err(e) = pass.child(schema) {
            if e == Fail::Truncated {
                cut = left - pass.budget;
            }
            *tally = before;
            break;
        }
        (at, after) = (pass.pos, true);
        pass.skip_ws();
        if pass.bytes.get(pass.pos) != Some(&b',') {
            break;
        }
        pass.pos += 1;
        (at, after) = (pass.pos, false);
    }
    *budget = pass.budget;
    (at, after, cut)
}

/// The value starting at `start` (after whitespace) of the complete body that `inp`
/// reads, against node `id`, inside `open` containers that the caller keeps
/// (`guided`): where the value ends, or why not. The UTF-8 that `inp` validated is
/// not validated again, and what this call validates stays in `inp`. The work is
/// charged to `budget`, shared by every call on one body.
pub(in crate::verify) fn value_in<'a>(
    form: &Form,
    inp: &mut Input<'a>,
    start: usize,
    open: usize,
    id: NodeId,
    budget: &mut usize,
    buffers: &mut Buffers,
) -> Result<usize, Fail> {
    let pass = Pass::new(form, inp.bytes, true, start, open, buffers);
    pass.run(id, inp, budget)
}
