//! Which branches of an `anyOf` or a `oneOf` a value certainly fails, told from its
//! first byte and, for an object, its first member's name: a branch whose own `type`
//! leaves out the value's kind fails at that byte, and a branch whose own
//! `additionalProperties` is `false` (without `patternProperties`) fails at a first
//! name that `properties` does not list. Both failures hold whatever else the branch
//! says, so an engine may skip such a branch as if it had read it and seen it fail.
//!
//! This is how a recursive form's union is read once instead of once per branch: the
//! tree of `benches/inputs.rs` (`anyOf` of a text and a span, two closed objects) is
//! told apart by the first byte of each node's first name.
//!
//! Cost: O(1) per branch: a first byte is looked up in a set of 256 bits.

use crate::form::node::{landed, Node, NodeId, Types};

/// The kind of the value whose first byte (after whitespace) is `c`, as one bit of
/// [`Types`] (`NUMBER` for every number: whether it is an integer is not yet known);
/// `0` for a byte that begins no value.
#[inline]
pub(crate) fn kind_of(c: u8) -> u8 {
    match c {
        b'{' => Types::OBJECT,
        b'[' => Types::ARRAY,
        b'"' => Types::STRING,
        b'-' | b'0'..=b'9' => Types::NUMBER,
        b't' | b'f' => Types::BOOLEAN,
        b'n' => Types::NULL,
        _ => 0,
    }
}

/// Every kind [`kind_of`] gives.
const KINDS: u8 = Types::ALL.0 & !Types::INTEGER;

/// The kinds of value node `n`'s own `type` (or `false`) lets through, as [`kind_of`]
/// spells them (a subset of [`KINDS`]): an `integer` lets numbers through.
#[inline(always)]
fn kinds(n: &Node) -> u8 {
    if n.reject_all {
        return 0;
    }
    let t = n.types.0;
    let numbers = if t & (Types::INTEGER | Types::NUMBER) != 0 {
        Types::NUMBER
    } else {
        0
    };
    t & KINDS | numbers
}

/// Whether node `n`'s own `additionalProperties: false` fails an object at each name
/// that `properties` does not list (no `patternProperties` could take it instead).
#[inline(always)]
fn closed(n: &Node) -> bool {
    n.object
        .as_deref()
        .is_some_and(|o| o.pattern_properties.is_empty() && o.additional == Some(NodeId::FALSE))
}

/// Whether node `n` certainly fails a value of kind `kind` ([`kind_of`]) that is an
/// object whose first member's name, as the body writes it, starts with the byte
/// `first` (when given: a byte other than `\`). `kind` `0` (not a value's first byte)
/// rules nothing out.
#[inline(always)]
pub(crate) fn fails(n: &Node, kind: u8, first: Option<u8>) -> bool {
    if kinds(n) & kind == 0 {
        return kind != 0;
    }
    match (first, n.object.as_deref()) {
        (Some(b), Some(o)) if kind == Types::OBJECT && closed(n) => !o.may_start(b),
        _ => false,
    }
}

/// Whether some branch of node `n`'s `anyOf` or `oneOf` (each at the end of its bare
/// `$ref` chain, `Node::landing`) can be ruled out by [`fails`]: a `type` that leaves
/// out a kind, or `additionalProperties: false`. Only then does an engine look at the
/// value's first byte and name before trying the branches (`Node::leads`).
pub(crate) fn leads_plan(nodes: &[Node], n: &Node) -> bool {
    n.any_of.iter().chain(&n.one_of).any(|&b| {
        let l = landed(nodes, b);
        kinds(l) != KINDS || closed(l)
    })
}
