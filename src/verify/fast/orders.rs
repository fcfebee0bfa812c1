//! The order of members the body itself keeps: an object whose first member is not
//! the first the form lists is read, the next time an object meets the same checks
//! on the same thread, in the order that object was written (benches/README.md,
//! optimizations `learned-orders` and `learned-keys`).
//!
//! Bodies a program serializes write every object of one type in one order, which
//! need not be the form's: a form derived from a type may list its properties by
//! name. The pass remembers the order of such an object's members in a few slots
//! filed by the [serial](ObjectChecks::serial) of the object's checks, each member
//! as [`ObjectChecks::keyed`] holds the form's order: its [`Key`](crate::form::names::Key),
//! its landed node, and the members seen and required up to it. The next object is
//! read as one in the form's order is, each name compared with the key the order
//! proposes.
//!
//! An order is only a guess about the body: each name is compared whole with its
//! key, and an object of the same checks written in another order costs a
//! comparison, never a verdict. What an order holds of the form is exact: it was
//! taken from the very checks its serial names, which no other checks share, not
//! even those of a form compiled after this one is dropped. While an object is read
//! in its order, the order is out of its slot, so an object nested in it cannot
//! overwrite it. A slot holds a short stack of orders, so that an object nested in
//! one of the same checks (a recursive form: a comment in the replies to a comment)
//! takes the next one down, learned from an object at its own depth.

use crate::form::node::{Keyed, ObjectChecks};

use super::{Fail, Listed, Pass, MAX_FRAMES};

/// The most members an order holds; an object with more is not remembered.
const MOST: usize = 16;

/// How many slots a pass keeps orders in.
const SLOTS: usize = 4;

/// The most orders a slot holds, the ones out being read included: objects of one
/// slot nested deeper than this in one another are read without one, and a thread's
/// buffers hold at most `SLOTS * DEEPEST` orders, of about 1 KB each.
const DEEPEST: u8 = 8;

/// The order of one object's members.
#[derive(Debug, Clone)]
pub(super) struct Order {
    /// The serial of the checks the object met (0: none).
    owner: u64,
    /// The members' indexes in the checks' `members`, in the order read.
    members: [u8; MOST],
    /// The first `keyed` members in that order as the member loop reads them, as
    /// `ObjectChecks::keyed` holds the form's order: up to the first member without
    /// a key (`ObjectChecks::keys`). Only those are read.
    keyed: u8,
    steps: [Keyed; MOST],
}

impl Default for Order {
    fn default() -> Order {
        Order {
            owner: 0,
            members: [0; MOST],
            keyed: 0,
            steps: [Keyed::VACANT; MOST],
        }
    }
}

impl Order {
    /// The members of this order a body's object is read by.
    fn steps(&self) -> &[Keyed] {
        self.steps
            .get(..usize::from(self.keyed))
            .unwrap_or_default()
    }
}

/// The orders a pass has learned, a stack of them in each slot, filed by the serial
/// of their checks. Each is boxed, so that the member loop takes the one it reads off
/// its slot's stack at the cost of a pointer: an object nested in it finds the next
/// order down, or none (and learns one there). A box is made when a slot has none on
/// its stack to learn an order in, then kept with the buffers: at most [`DEEPEST`] a
/// slot, and none for buffers that never learn one (the general validator's runtime,
/// made at a streamed body's hand-over, holds a fast engine's buffers).
#[derive(Debug, Default)]
pub(super) struct Orders {
    /// Each slot's stack, the topmost last. Boxed in the `Vec`: an order is taken off
    /// and put back for each object read in it, a pointer rather than a kilobyte.
    #[allow(clippy::vec_box)]
    slots: [Vec<Box<Order>>; SLOTS],
    /// How many boxes each slot has made: those on its stack and those out being read.
    made: [u8; SLOTS],
}

impl Orders {
    /// The slot an order for `o` takes. Serials are handed out in the order checks
    /// are compiled, so the objects of one form take the slots in turn.
    fn slot(o: &ObjectChecks) -> usize {
        o.serial as usize % SLOTS
    }

    /// The order learned for `o`, taken off the top of its slot's stack:
    /// [`Orders::put`] puts it back.
    #[inline(always)]
    fn take(&mut self, o: &ObjectChecks) -> Option<Box<Order>> {
        let slot = &mut self.slots[Orders::slot(o)];
        if o.serial != 0 && slot.last()?.owner == o.serial {
            slot.pop()
        } else {
            None
        }
    }

    /// Put back on top of its slot's stack an order [`Orders::take`] took (the stack
    /// has room for every box its slot may make: nothing is allocated).
    #[inline(always)]
    fn put(&mut self, o: &ObjectChecks, order: Box<Order>) {
        self.slots[Orders::slot(o)].push(order);
    }

    /// Remember the order of `reading` for `o` on top of its slot's stack: each
    /// member's key, landed node and running totals, taken from `o`. Never in an order
    /// out being read.
    fn learn(&mut self, o: &ObjectChecks, reading: &Reading) {
        let len = usize::from(reading.len);
        if o.serial == 0 || len == 0 {
            return;
        }
        let s = Orders::slot(o);
        if self.slots[s].is_empty() {
            // Every order the slot has made, if any, is out being read by an object
            // this one is nested in (or it has made none yet).
            if self.made[s] >= DEEPEST {
                return;
            }
            if self.made[s] == 0 {
                // Room for every box the slot may make: `put` never grows it.
                self.slots[s].reserve_exact(usize::from(DEEPEST));
            }
            self.made[s] += 1;
            self.slots[s].push(Box::default());
        }
        let Some(order) = self.slots[s].last_mut() else {
            return;
        };
        order.owner = o.serial;
        order.members = reading.members;
        order.keyed = 0;
        let (mut seen, mut required) = (0u64, 0u8);
        for (step, &k) in order.steps.iter_mut().zip(&reading.members[..len]) {
            let k = usize::from(k);
            // A member has a key only among the first 64 (`ObjectChecks::key`).
            let (Some(m), Some(&Some(key))) = (o.members.get(k), o.keys.get(k)) else {
                break;
            };
            // No step past `maxProperties`, so that the learned loop need not count.
            // (An object read whole passed it, so this holds already; kept here so
            // that `keyed_members`' skipping the test rests on this line alone.)
            if o.too_many(u64::from(order.keyed) + 1) {
                break;
            }
            // An object read whole names each member once; a repeat would make the
            // totals wrong, so the order stops before it rather than trust that.
            let bit = 1u64 << k;
            if seen & bit != 0 {
                break;
            }
            seen |= bit;
            required += u8::from(m.required);
            *step = Keyed {
                key,
                landed: m.landed,
                seen,
                required,
                count: order.keyed + 1,
                // No guess from a learned order for the loop after it.
                next: u32::MAX,
                // A learned order is read while the body follows it, as it was.
                then: Keyed::NONE,
                skip: Keyed::NONE,
                prev: Keyed::NONE,
            };
            order.keyed += 1;
        }
    }
}

/// The members of an object read so far, by index, in the order read, while they
/// fit an [`Order`].
#[derive(Clone, Copy)]
pub(super) struct Reading {
    members: [u8; MOST],
    len: u8,
    /// Whether every member read so far is in `members`.
    whole: bool,
}

impl Reading {
    /// Nothing read yet.
    pub(super) fn new() -> Reading {
        Reading {
            members: [0; MOST],
            len: 0,
            whole: true,
        }
    }

    /// Nothing more to remember of this object.
    pub(super) fn stop(&mut self) {
        self.whole = false;
    }

    /// Member `k` was read.
    #[inline(always)]
    pub(super) fn read(&mut self, k: usize) {
        let at = usize::from(self.len);
        match (self.members.get_mut(at), u8::try_from(k)) {
            (Some(slot), Ok(k)) => {
                *slot = k;
                self.len += 1;
            }
            _ => self.whole = false,
        }
    }
}

impl<'a, 'f> Pass<'a, 'f> {
    /// The members of a plain object meeting `o`, whose first member is not the form's
    /// first (`ObjectChecks::keyed`), in the order learned for `o`: `true` once the
    /// closing `}` is read, `false` before the first member out of that order, with
    /// `read` and `reading` holding what was read.
    // Inlined in optimized builds: out of line, the call cost the order 0.4% and
    // moved the member loop's registers so that the large body cost 0.4% more too
    // (callgrind). Out of line in a debug build, which keeps every inlined local in
    // the loop's frame.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(super) fn learned_members(
        &mut self,
        o: &'f ObjectChecks,
        read: &mut Listed,
        reading: &mut Reading,
    ) -> Result<bool, Fail> {
        let Some(order) = self.orders.take(o) else {
            return Ok(false);
        };
        // A frame of its own below the object's, under every value it reads: counted
        // as the recursion's frames are (invariant 3).
        if self.frames >= MAX_FRAMES {
            self.orders.put(o, order);
            return Err(Fail::Abort);
        }
        self.frames += 1;
        let run = self.keyed_members(o, order.steps(), read);
        self.frames -= 1;
        if let Ok(Some(false)) = run {
            // The members read so far are the order's first `read.count` (at most
            // `MOST`, as many as it has steps).
            let len = read.count as usize;
            if let (Some(to), Some(from)) =
                (reading.members.get_mut(..len), order.members.get(..len))
            {
                to.copy_from_slice(from);
                reading.len = len as u8;
            } else {
                reading.stop();
            }
        }
        self.orders.put(o, order);
        Ok(run? == Some(true))
    }

    /// The members of a plain object meeting `o` while they follow `steps`, each read
    /// by [`Pass::keyed_member`]: `None` if the first does not; else whether the
    /// closing `}` was read, with `read` holding the members read. In such an order
    /// nothing can be a duplicate, and the members seen and required are each step's
    /// running totals, fixed where the order was learned, its count among them. (The
    /// loop of `listed_members` over the form's order, `ObjectChecks::keyed`, is this
    /// one spelt out: calling this from there cost the medium body 0.9% and the large
    /// one 0.2%, callgrind.)
    // Its steps walked by iterator, each member's count and the last step read taken
    // from the step itself, and no `maxProperties` test (benches/README.md,
    // optimization `learned-steps`): the order 116,701 -> 111,854 instructions, the
    // thread 1.88 M -> 1.82 M, large 10.94 M -> 10.81 M (`benches/counts.py`). By
    // time against its parent (sonic-rs's ÷ `verify`'s, medians), default layout: the
    // order 1.033 -> 1.090, large 0.957 -> 0.998, small 1.538 -> 1.495; loops and
    // functions aligned: the order 0.989 -> 1.023, large 0.955 -> 0.960, small 1.597
    // -> 1.586, `order_listed` 1.177 -> 1.146.
    #[inline(always)]
    fn keyed_members(
        &mut self,
        o: &'f ObjectChecks,
        steps: &[Keyed],
        read: &mut Listed,
    ) -> Result<Option<bool>, Fail> {
        let mut last = None;
        for w in steps {
            let Some(closed) = self.keyed_member::<false>(o, w)? else {
                break;
            };
            if closed {
                (read.seen, read.required, read.count) =
                    (w.seen, w.required.into(), w.count.into());
                return Ok(Some(true));
            }
            last = Some(w);
        }
        let Some(w) = last else {
            return Ok(None);
        };
        (read.seen, read.required, read.count, read.guess) =
            (w.seen, w.required.into(), w.count.into(), w.next);
        Ok(Some(false))
    }

    /// Remember the order of the members of the object meeting `o` whose closing `}`
    /// was just read, when every member was read in place and there were at most
    /// [`MOST`].
    #[inline(always)]
    pub(super) fn learn(&mut self, o: &'f ObjectChecks, reading: &Reading) {
        if reading.whole {
            self.orders.learn(o, reading);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{decide, Buffers, Verdict};
    use super::DEEPEST;
    use crate::form::Form;

    /// Objects of one recursive checks nested 10 deep (a debug build's recursion stops
    /// at 32 frames), each out of the form's order: each slot makes at most
    /// [`DEEPEST`] orders, however deep the body, and its stack never outgrows the
    /// room reserved for them.
    #[test]
    fn a_slot_makes_at_most_deepest_orders() {
        let source = r##"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"array","items":{"$ref":"#"}}},"required":["a","b"],"additionalProperties":false}"##;
        let form = Form::compile(source.as_bytes()).expect("the form compiles");
        let mut body = r#"{"b":[],"a":0}"#.to_owned();
        for d in 1..10 {
            body = format!(r#"{{"b":[{{"b":[],"a":{d}}},{body}],"a":{d}}}"#);
        }
        let mut buffers = Buffers::default();
        for _ in 0..3 {
            assert!(matches!(
                decide(&form, body.as_bytes(), &mut buffers),
                Verdict::Admitted
            ));
        }
        let orders = &buffers.orders;
        assert!(orders.made.iter().any(|&n| n > 1), "{:?}", orders.made);
        for (stack, &made) in orders.slots.iter().zip(&orders.made) {
            assert!(made <= DEEPEST, "{made} orders made");
            assert!(stack.len() <= usize::from(made));
            assert!(stack.capacity() <= usize::from(DEEPEST).max(stack.len()));
        }
    }
}
