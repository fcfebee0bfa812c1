//! What has been read of one open container whose node reads it in one go (a plain
//! object, or an array without `contains` and `uniqueItems`: [`enterable`]), kept
//! between calls: by the streamed fast path (`resumable.rs`) between chunks, and by
//! the guided deserializer (`guided.rs`) between the visitor's calls.
//!
//! Each member name and element is counted and checked before its value is read, as
//! the general validator checks it: the duplicate check, the `required` count,
//! `maxProperties`/`maxItems`, a closed object. The checks on the container as a
//! whole (`required`, `minProperties`, `minItems`) come at its close.
//!
//! The recursive pass (`fast/mod.rs`, `members` and `elements`) keeps the same state in
//! locals, as its hottest loop. What is decided from that state is decided in one
//! place for both, and for the general validator: `form/check/container.rs`.

use crate::form::check::container as check;
use crate::form::node::{ArrayChecks, Node, NodeId, ObjectChecks};
use crate::form::vocabulary::Keyword;
use crate::parse::keys::KeySet;

/// Whether a container meeting node `n` can be read member by member: `n` reads it in
/// one go (no in-place applicator, no composite `enum`, no `unevaluated*`), and is a
/// plain object (names looked up in the member index alone) or an array without
/// `contains` and `uniqueItems`.
pub(in crate::verify) fn enterable(n: &Node, object: bool) -> bool {
    if n.in_place || n.values.is_some() || n.general_only {
        return false;
    }
    if object {
        n.object
            .as_deref()
            .is_none_or(|o| o.plain && o.members.len() <= 64)
    } else {
        n.array
            .as_deref()
            .is_none_or(|a| !a.unique() && a.contains.is_none())
    }
}

/// The members or elements read so far of one open container (see the module
/// documentation). Every method's `None`/`false` is "not admitted here": the caller
/// hands over to the general validator.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::verify) struct Tally {
    /// Members or elements begun.
    count: u64,
    /// Members listed in the member index that were read, a bit each.
    seen: u64,
    /// Required listed members read.
    required: u32,
    /// The member index's guess at the next name.
    guess: u32,
    /// Whether the object has opened its own set of unlisted names in `keys`.
    keys_open: bool,
}

impl Tally {
    /// The member name `name` of an object meeting `checks`: the subschema its value
    /// meets, once the name is counted and checked; else the keyword the name fails
    /// (`maxProperties` for one member too many, checked first as the general
    /// validator checks it; `additionalProperties` for a name a closed object does not
    /// list), or `None` for a duplicate (the parser's to report). `keys` holds the
    /// unlisted names of the open objects.
    ///
    /// Always inlined: the guided route's `next_key_seed` did not inline it, and
    /// inlined it takes 1.6% (small) and 2.2% (large) fewer instructions in `into`
    /// (`benches/examples/instructions.rs`); `stream` does not change.
    #[inline(always)]
    pub(in crate::verify) fn name(
        &mut self,
        checks: Option<&ObjectChecks>,
        name: &str,
        keys: &mut KeySet,
    ) -> Result<NodeId, Option<Keyword>> {
        let guess = self.guess(checks);
        let index = checks.and_then(|o| o.member_index_guessing(name, guess));
        self.named(checks, index, name, keys)
    }

    /// The member the next name of an object meeting `checks` is guessed to be (an
    /// index in its member index, or `u32::MAX`), from the form's order.
    #[inline(always)]
    pub(in crate::verify) fn guess(&self, checks: Option<&ObjectChecks>) -> u32 {
        if self.count == 0 {
            checks.map_or(u32::MAX, |o| o.first_written)
        } else {
            self.guess
        }
    }

    /// [`Tally::name`] once the name's entry in the member index (`index`) is known,
    /// as when it was read in place (`ObjectChecks::listed_at`; benches/README.md,
    /// optimization `guided-names`).
    #[inline(always)]
    pub(in crate::verify) fn named(
        &mut self,
        checks: Option<&ObjectChecks>,
        index: Option<usize>,
        name: &str,
        keys: &mut KeySet,
    ) -> Result<NodeId, Option<Keyword>> {
        let listed = match (checks, index) {
            (Some(o), Some(k)) => {
                self.guess = o.then_written[k];
                let bit = 1u64 << k;
                if self.seen & bit != 0 {
                    return Err(None); // a duplicate name
                }
                self.seen |= bit;
                self.required += u32::from(o.members[k].required);
                Some(&o.members[k])
            }
            (Some(o), None) if o.unlisted_fails(self.count).is_some() => {
                // Closed: no need to remember the name, which fails as it begins.
                return Err(o.unlisted_fails(self.count));
            }
            _ => {
                // Names outside the member index cannot equal one inside it, so they
                // need their own duplicate check.
                if !self.keys_open {
                    keys.open();
                    self.keys_open = true;
                }
                if !keys.insert(name.as_bytes()) {
                    return Err(None);
                }
                None
            }
        };
        self.count += 1;
        let Some(o) = checks else {
            return Ok(NodeId::TRUE);
        };
        if o.too_many(self.count) {
            return Err(Some(Keyword::MaxProperties));
        }
        // An enterable object has no `patternProperties`: the member index decides.
        match o.member_schema(listed, false) {
            // The value meets `false`: the general validator fails the name, naming
            // the keyword that gave it.
            Some(a) if a.schema() == NodeId::FALSE => Err(Some(a.keyword())),
            Some(a) => Ok(a.schema()),
            None => Ok(NodeId::TRUE),
        }
    }

    /// Whether a member or element has been begun.
    #[inline(always)]
    pub(in crate::verify) fn begun(&self) -> bool {
        self.count > 0
    }

    /// Count a member or element that nothing is checked of (one inside a value the
    /// fast pass checked whole).
    #[inline(always)]
    pub(in crate::verify) fn plain(&mut self) {
        self.count += 1;
    }

    /// The next element of an array meeting `checks`: the subschema it meets, once it
    /// is counted; else the keyword it fails at its start (`maxItems` for one element
    /// too many; `prefixItems` or `items` where that subschema is `false`).
    #[inline]
    pub(in crate::verify) fn element(
        &mut self,
        checks: Option<&ArrayChecks>,
    ) -> Result<NodeId, Keyword> {
        let (schema, keyword) = check::element(checks, self.count);
        self.count += 1;
        if checks.is_some_and(|a| a.too_many(self.count)) {
            return Err(Keyword::MaxItems);
        }
        if schema == NodeId::FALSE {
            return Err(keyword);
        }
        Ok(schema)
    }

    /// The object meeting `checks` is closed: whether it has every required member
    /// and enough of them, else the keyword it fails. Closes its set of unlisted names
    /// in `keys`.
    pub(in crate::verify) fn close_object(
        self,
        checks: Option<&ObjectChecks>,
        keys: &mut KeySet,
    ) -> Result<(), Keyword> {
        if self.keys_open {
            keys.close();
        }
        match checks {
            // An enterable object tracks no names: `dependentRequired` has none.
            Some(o) => o.at_close(self.required, self.count, |_| false),
            None => Ok(()),
        }
    }

    /// The array meeting `checks` is closed: whether it has enough elements, else
    /// `minItems`.
    pub(in crate::verify) fn close_array(
        self,
        checks: Option<&ArrayChecks>,
    ) -> Result<(), Keyword> {
        // An enterable array has no `contains`.
        checks.map_or(Ok(()), |a| a.at_close(self.count, 0))
    }

    /// Members or elements begun.
    #[inline]
    pub(in crate::verify) fn count(&self) -> u64 {
        self.count
    }
}
