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
//! Where a bare `anyOf`'s leads leave one branch, the compiler fixes which for every
//! first byte and first name's first byte ([`Sole`]), so that an engine finds it by
//! one lookup rather than by testing each branch (benches/README.md, optimization
//! `sole-table`).
//!
//! Cost: O(1) per branch: a first byte is looked up in a set of 256 bits; O(1) per
//! value with a [`Sole`].

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

/// For a bare `anyOf` whose leads may rule branches out (`Node::leads`): the one
/// branch that [`fails`] leaves, as an index into `any_of`, for each first byte of a
/// value (its kind, [`kind_of`]) and, for an object, each byte its first member's
/// name may start with; [`Sole::NONE`] where none or several are left. Fixed at
/// compile time ([`sole_plan`]), it is what testing each branch with [`fails`] would
/// find.
#[derive(Debug, Clone)]
pub(crate) struct Sole {
    /// By the value's first byte, whose kind it stands for: the byte indexes the
    /// table where [`kind_of`] took a jump (benches/README.md, optimization
    /// `sole-bytes`). For `{`, the entry for a first name that is not given (an
    /// escape, or no name).
    by_byte: [u8; 256],
    /// Where the bytes end before the value's first byte.
    at_end: u8,
    /// For an object, by its first name's first byte.
    by_first: [u8; 256],
}

impl Sole {
    /// Stands for none or several branches left.
    pub(crate) const NONE: u8 = u8::MAX;

    /// The branch left for a value whose first byte is `c` (`None`: the bytes end
    /// first) and whose first name, for an object, starts with `first`: an index into
    /// `any_of`, or [`Sole::NONE`].
    #[inline(always)]
    pub(crate) fn branch(&self, c: Option<u8>, first: Option<u8>) -> u8 {
        match (c, first) {
            (Some(b'{'), Some(f)) => self.by_first[usize::from(f)],
            (Some(c), _) => self.by_byte[usize::from(c)],
            (None, _) => self.at_end,
        }
    }
}

/// The [`Sole`] of node `n`, for a bare `anyOf` (`Node::only_any_of`) with leads of
/// fewer than 255 branches, once every node's `landing` is set.
pub(crate) fn sole_plan(nodes: &[Node], n: &Node) -> Option<Box<Sole>> {
    if !(n.only_any_of && n.leads) || n.any_of.len() >= usize::from(Sole::NONE) {
        return None;
    }
    // The one branch left, as an engine that tests each would find it: with kind `0`
    // nothing is ruled out.
    let left = |kind: u8, first: Option<u8>| {
        let mut left = n
            .any_of
            .iter()
            .enumerate()
            .filter(|&(_, &b)| kind == 0 || !fails(landed(nodes, b), kind, first));
        match (left.next(), left.next()) {
            (Some((i, _)), None) => i as u8,
            _ => Sole::NONE,
        }
    };
    let mut sole = Sole {
        by_byte: [Sole::NONE; 256],
        at_end: left(0, None),
        by_first: [Sole::NONE; 256],
    };
    for (c, entry) in (0..=u8::MAX).zip(sole.by_byte.iter_mut()) {
        *entry = left(kind_of(c), None);
    }
    for (b, entry) in (0..=u8::MAX).zip(sole.by_first.iter_mut()) {
        *entry = left(Types::OBJECT, Some(b));
    }
    Some(Box::new(sole))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bench tree's union of a text and a span, two closed objects: the first
    /// name's first byte leaves one of them, or none; any other kind leaves none.
    #[test]
    fn the_tree_union_leaves_a_branch_by_its_first_name() {
        let form = crate::Form::compile(
            br##"{"$defs":{
                "text":{"type":"object","properties":{"text":{"type":"string"}},"additionalProperties":false},
                "span":{"type":"object","properties":{"style":{},"children":{"type":"array","items":{"$ref":"#/$defs/node"}}},"additionalProperties":false},
                "node":{"anyOf":[{"$ref":"#/$defs/text"},{"$ref":"#/$defs/span"}]}},
              "$ref":"#/$defs/node"}"##,
        )
        .expect("the form compiles");
        let soles: Vec<&Sole> = form
            .nodes()
            .iter()
            .filter_map(|n| n.sole.as_deref())
            .collect();
        let [sole] = soles[..] else {
            panic!("one union with a sole-branch table, not {}", soles.len());
        };
        let object = Some(b'{');
        assert_eq!(sole.branch(object, Some(b't')), 0);
        assert_eq!(sole.branch(object, Some(b's')), 1);
        assert_eq!(sole.branch(object, Some(b'c')), 1);
        // A name neither lists fails both; an escaped or missing name, neither.
        assert_eq!(sole.branch(object, Some(b'x')), Sole::NONE);
        assert_eq!(sole.branch(object, None), Sole::NONE);
        // Every other first byte, of any kind or none, and the end of the bytes.
        for c in (0..=u8::MAX).filter(|&c| c != b'{') {
            assert_eq!(sole.branch(Some(c), None), Sole::NONE, "byte {c}");
        }
        assert_eq!(sole.branch(None, None), Sole::NONE);
    }

    /// A union with one branch leaves it for every first byte, `0` (no value's first
    /// byte) included, as testing each branch would.
    #[test]
    fn a_lone_branch_is_left_unless_its_type_rules_it_out() {
        let form = crate::Form::compile(
            br#"{"type":"array","items":{"anyOf":[{"type":"object","additionalProperties":false,"properties":{"a":{}}}]}}"#,
        )
        .expect("the form compiles");
        let sole = form
            .nodes()
            .iter()
            .find_map(|n| n.sole.as_deref())
            .expect("a sole-branch table");
        assert_eq!(sole.branch(None, None), 0);
        assert_eq!(sole.branch(Some(b'{'), Some(b'a')), 0);
        assert_eq!(sole.branch(Some(b'{'), Some(b'b')), Sole::NONE);
        assert_eq!(sole.branch(Some(b'{'), None), 0);
        // By the first byte's kind: an object's type rules out every other kind but
        // none (a byte no value begins with), which rules nothing out.
        for c in 0..=u8::MAX {
            let left = match kind_of(c) {
                Types::OBJECT | 0 => 0,
                _ => Sole::NONE,
            };
            assert_eq!(sole.branch(Some(c), None), left, "byte {c}");
        }
    }
}
