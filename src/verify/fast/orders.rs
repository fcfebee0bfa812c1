//! The order of members the body itself keeps: an object whose first member is not
//! the first the form lists is read, the next time an object meets the same checks
//! in the same pass, in the order that object was written (benches/README.md,
//! optimization `learned-orders`).
//!
//! Bodies a program serializes write every object of one type in one order, which
//! need not be the form's: a form derived from a type may list its properties by
//! name. The pass remembers the order of such an object's members, as their indexes,
//! in a few slots kept by the address of the object's checks, and reads the next
//! object by comparing each name with the [`Key`](crate::form::names::Key) of the
//! member that order proposes.
//!
//! An order is only a guess. Each name is compared whole with its member's key, and
//! the members seen and required are counted from the members read, a duplicate
//! included: a wrong or stale order (another object's, one overwritten by a nested
//! object, one of a form dropped since) costs a comparison, never a verdict.

use crate::form::node::ObjectChecks;

use super::{Fail, Listed, Pass, MAX_FRAMES};

/// The most members an order holds; an object with more is not remembered.
const MOST: usize = 16;

/// How many orders a pass keeps.
const SLOTS: usize = 4;

/// The order of one object's members, by index in its checks' `members`.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Order {
    /// The address of the checks the object met (0: none).
    owner: usize,
    len: u8,
    members: [u8; MOST],
}

/// The orders a pass has learned, a slot each by the address of their checks.
#[derive(Debug, Default)]
pub(super) struct Orders {
    slots: [Order; SLOTS],
}

/// The address that stands for `o` (only compared, never followed).
fn owner(o: &ObjectChecks) -> usize {
    std::ptr::from_ref(o) as usize
}

impl Orders {
    fn slot(owner: usize) -> usize {
        (owner >> 4 ^ owner >> 10) % SLOTS
    }

    /// The order learned for `o`, if any.
    #[inline(always)]
    fn get(&self, o: &ObjectChecks) -> Option<Order> {
        let owner = owner(o);
        let order = self.slots[Orders::slot(owner)];
        (order.owner == owner).then_some(order)
    }

    /// Remember `order` for `o`.
    fn learn(&mut self, o: &ObjectChecks, mut order: Order) {
        order.owner = owner(o);
        self.slots[Orders::slot(order.owner)] = order;
    }
}

/// The members of an object read so far, in the order read, while they fit an
/// [`Order`].
#[derive(Clone, Copy)]
pub(super) struct Reading {
    order: Order,
    /// Whether every member read so far is in `order`.
    whole: bool,
}

impl Reading {
    /// Nothing read yet.
    pub(super) fn new() -> Reading {
        Reading {
            order: Order::default(),
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
        let at = usize::from(self.order.len);
        match (self.order.members.get_mut(at), u8::try_from(k)) {
            (Some(slot), Ok(k)) => {
                *slot = k;
                self.order.len += 1;
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
    // Out of line: inlined into the member loop, it cost the bodies in the form's
    // order about 1% (callgrind on the large body).
    #[inline(never)]
    pub(super) fn learned_members(
        &mut self,
        o: &'f ObjectChecks,
        read: &mut Listed,
        reading: &mut Reading,
    ) -> Result<bool, Fail> {
        let Some(order) = self.orders.get(o) else {
            return Ok(false);
        };
        // A frame of its own below the object's, under every value it reads: counted
        // as the recursion's frames are (invariant 3).
        if self.frames >= MAX_FRAMES {
            return Err(Fail::Abort);
        }
        self.frames += 1;
        let r = self.in_order(o, read, reading, order);
        self.frames -= 1;
        r
    }

    /// [`Pass::learned_members`] in `order`.
    #[inline(always)]
    fn in_order(
        &mut self,
        o: &'f ObjectChecks,
        read: &mut Listed,
        reading: &mut Reading,
        order: Order,
    ) -> Result<bool, Fail> {
        let (mut seen, mut required, mut count) = (0u64, 0u32, 0u64);
        for &k in &order.members[..usize::from(order.len)] {
            let k = usize::from(k);
            let (Some(m), Some(Some(key))) = (o.members.get(k), o.keys.get(k)) else {
                break;
            };
            // A member has a key only among the first 64 (`ObjectChecks::key`).
            let bit = 1u64 << k;
            if seen & bit != 0 {
                // An order learned from an object read whole holds no member twice, but
                // an order is a guess: the loop after this one reads the name.
                break;
            }
            let Some(closed) = self.keyed_member(o, key, m.landed, count + 1)? else {
                break;
            };
            seen |= bit;
            required += u32::from(m.required);
            count += 1;
            if closed {
                (read.seen, read.required, read.count) = (seen, required, count);
                return Ok(true);
            }
        }
        if count > 0 {
            // Out of the form's order: no guess from it either.
            (read.seen, read.required, read.count, read.guess) = (seen, required, count, u32::MAX);
            // The members read so far are the learned order's first `count`.
            reading.order = Order {
                len: count as u8,
                ..order
            };
        }
        Ok(false)
    }

    /// Remember the order of the members of the object meeting `o` whose closing `}`
    /// was just read, when every member was read in place and there were at most
    /// [`MOST`].
    #[inline(always)]
    pub(super) fn learn(&mut self, o: &'f ObjectChecks, reading: &Reading) {
        if reading.whole {
            self.orders.learn(o, reading.order);
        }
    }
}
