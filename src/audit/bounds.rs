//! What the compiled form admits, over-approximated per kind of value: which kinds are
//! satisfiable at all, and upper bounds of the compact size and nesting depth.
//!
//! Values fall into seven *kinds*: null, boolean, integer (a number whose value is an
//! integer, `1.0` included), fraction (any other number), string, array, object.
//! `"type": "number"` admits both number kinds.
//!
//! Invariants:
//! 1. **Satisfiability is over-approximated.** `sat[id]` holds every kind of which some
//!    finite value satisfies node `id` (it may hold more). It is the least fixpoint of
//!    the node equations, so a node that only a value of infinite depth could satisfy
//!    (a required member that recurses into itself) has no kinds.
//! 2. **Bounds are upper bounds.** For every admitted value `v` of kind `k`,
//!    `size[id][k] >= len(compact(v))` and `depth[id][k] >= depth(v)`; `Empty` means
//!    there is no such value (only where `sat` says so).
//! 3. Where exactness is hard the answer is conservative: `pattern` never narrows a
//!    bound, a context (`type` of an enclosing schema) never narrows a subschema's own
//!    bound, and every `$ref` that closes a cycle of the form counts as unbounded
//!    (the nesting measure counts it as a leaf instead, see [`Dp::nesting`]).
//!
//! Definitions, exactly:
//! - the *compact serialization* of a value is formgate's: no whitespace, strings
//!   escaped minimally (`"` `\` as two bytes, U+0000–U+001F as `\n`-style or `\u00XX`),
//!   numbers exactly as written. A string of `n` code points is therefore at most
//!   `6n + 2` bytes, and a number is unbounded even under `enum`: `1`, `1.0`, `1.000`
//!   are all the value 1.
//! - the *depth* of a value counts nested containers as `max_depth` does: a scalar 0,
//!   `[]` 1, `[[1]]` 2.
//!
//! Cost: the fixpoint is O(passes × (nodes + edges)), where a pass is needed for each
//! `$ref` pointing back in the form's order along a dependency chain (a few in
//! practice); the bounds are one pass in postorder, O(nodes + edges + enum values).

use crate::form::check::container::{self, Applies};
use crate::form::check::scalar;
use crate::form::consts::{CValue, Consts, ValueId};
use crate::form::format::Format;
use crate::form::node::{ArrayChecks, Node, NodeId, NumberChecks, ObjectChecks, Types};
use crate::form::number::NumRef;

use super::graph::{Graph, Via};

/// A set of value kinds, as bits.
pub(crate) type Kinds = u8;

pub(crate) const NULL: Kinds = 1;
pub(crate) const BOOL: Kinds = 2;
pub(crate) const INT: Kinds = 4;
pub(crate) const FRAC: Kinds = 8;
pub(crate) const STR: Kinds = 16;
pub(crate) const ARR: Kinds = 32;
pub(crate) const OBJ: Kinds = 64;
pub(crate) const ALL: Kinds = 127;
/// Both number kinds.
pub(crate) const NUM: Kinds = INT | FRAC;

/// The kinds, in bit order (index `i` is bit `1 << i`).
pub(crate) const KINDS: [Kinds; 7] = [NULL, BOOL, INT, FRAC, STR, ARR, OBJ];

/// The kinds a `type` admits.
pub(crate) fn kinds_of(types: Types) -> Kinds {
    let mut k = 0;
    if types.has(Types::NULL) {
        k |= NULL;
    }
    if types.has(Types::BOOLEAN) {
        k |= BOOL;
    }
    if types.has(Types::INTEGER) {
        k |= INT;
    }
    if types.has(Types::NUMBER) {
        k |= NUM;
    }
    if types.has(Types::STRING) {
        k |= STR;
    }
    if types.has(Types::ARRAY) {
        k |= ARR;
    }
    if types.has(Types::OBJECT) {
        k |= OBJ;
    }
    k
}

/// An upper bound: no value (`Empty`), at most `n`, or none. Ordered so that `min` is
/// the bound of an intersection and `max` the bound of a union.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum B {
    Empty,
    Fin(u64),
    Unb,
}

impl B {
    fn add(self, other: B) -> B {
        match (self, other) {
            (B::Empty, _) | (_, B::Empty) => B::Empty,
            (B::Fin(a), B::Fin(b)) => a.checked_add(b).map_or(B::Unb, B::Fin),
            _ => B::Unb,
        }
    }

    /// `self` repeated `n` times (`n > 0`).
    fn times(self, n: u64) -> B {
        match self {
            B::Fin(a) => a.checked_mul(n).map_or(B::Unb, B::Fin),
            other => other,
        }
    }
}

/// The largest of seven per-kind bounds.
pub(crate) fn overall(per_kind: &[B; 7]) -> B {
    per_kind.iter().copied().max().unwrap_or(B::Empty)
}

/// The shortest and longest string (in code points) a format admits, and how many bytes
/// each code point can take in the compact serialization. The ASCII formats admit only
/// printable ASCII (`format` invariant 2); of them only `email` (quoted local parts)
/// can hold a `"` or `\`, which serialize as two bytes. A format that admits other
/// characters counts 6 (a `\u` escape), a bound for any code point. Numeric formats
/// do not constrain strings.
pub(crate) fn format_lengths(f: Format) -> (u64, Option<u64>, u64) {
    match f {
        Format::Date => (10, Some(10), 1),
        // `2024-01-01T00:00:00Z`; fractions of a second have no limit.
        Format::DateTime => (20, None, 1),
        // `00:00:00Z`
        Format::Time => (9, None, 1),
        // `P1D`; digits have no limit.
        Format::Duration => (3, None, 1),
        // `a@b`; RFC 5321's 254-octet limit.
        Format::Email => (3, Some(254), 2),
        Format::Hostname => (1, Some(253), 1),
        // `0.0.0.0` to `255.255.255.255`
        Format::Ipv4 => (7, Some(15), 1),
        // `::` to six groups and a dotted quad.
        Format::Ipv6 => (2, Some(45), 1),
        Format::Uuid => (36, Some(36), 1),
        // `a@b`; 254 octets hold at most 254 code points.
        Format::IdnEmail => (3, Some(254), 6),
        // A U-label has no more code points than its A-label has octets.
        Format::IdnHostname => (1, Some(253), 6),
        // `a:`
        Format::Uri => (2, None, 1),
        Format::UriReference => (0, None, 1),
        Format::Iri => (2, None, 6),
        Format::IriReference | Format::UriTemplate | Format::JsonPointer | Format::Regex => {
            (0, None, 6)
        }
        // `0`
        Format::RelativeJsonPointer => (1, None, 6),
        Format::Byte => (0, None, 1),
        _ => (0, None, 6),
    }
}

/// The admitted lengths of strings at a node: `(min, max)` in code points.
pub(crate) fn string_lengths(node: &Node) -> (u64, Option<u64>) {
    let Some(s) = &node.string else {
        return (0, None);
    };
    let mut lo = s.min_length.as_ref().map_or(0, |c| c.value);
    let mut hi = s.max_length.as_ref().map(|c| c.value);
    if let Some(f) = s.format {
        let (flo, fhi, _) = format_lengths(f);
        lo = lo.max(flo);
        hi = match (hi, fhi) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    }
    (lo, hi)
}

/// Whether some string satisfies the node's string keywords (over-approximated: a
/// pattern is only tried on `""` when nothing longer is allowed).
pub(crate) fn string_possible(node: &Node) -> bool {
    let (lo, hi) = string_lengths(node);
    match hi {
        Some(hi) if hi < lo => false,
        Some(0) => node
            .string
            .as_ref()
            .and_then(|s| s.pattern.as_ref())
            .is_none_or(|p| p.is_match("")),
        _ => true,
    }
}

/// A lower or upper bound on numbers: the value and whether it is exclusive.
type Edge<'a> = (NumRef<'a>, bool);

/// The tighter lower and upper bounds of `minimum`/`exclusiveMinimum` and
/// `maximum`/`exclusiveMaximum`.
pub(crate) fn number_range(n: &NumberChecks) -> (Option<Edge<'_>>, Option<Edge<'_>>) {
    fn tighter<'a>(a: Option<Edge<'a>>, b: Option<Edge<'a>>, lower: bool) -> Option<Edge<'a>> {
        match (a, b) {
            (Some(x), Some(y)) => {
                let x_wins = match x.0.cmp(&y.0) {
                    std::cmp::Ordering::Equal => x.1,
                    std::cmp::Ordering::Greater => lower,
                    std::cmp::Ordering::Less => !lower,
                };
                Some(if x_wins { x } else { y })
            }
            (x, y) => x.or(y),
        }
    }
    let min = n.minimum.as_ref().map(|m| (m.value.as_num(), false));
    let xmin = n
        .exclusive_minimum
        .as_ref()
        .map(|m| (m.value.as_num(), true));
    let max = n.maximum.as_ref().map(|m| (m.value.as_num(), false));
    let xmax = n
        .exclusive_maximum
        .as_ref()
        .map(|m| (m.value.as_num(), true));
    (tighter(xmin, min, true), tighter(xmax, max, false))
}

/// The number kinds (`INT`, `FRAC`) some number satisfying `n` can have; exact for
/// empty ranges and integer-free ranges whose bounds fit in `i128`, otherwise an
/// over-approximation.
pub(crate) fn number_kinds(n: &NumberChecks) -> Kinds {
    let (lo, hi) = number_range(n);
    let multiple = n.multiple_of.as_ref().map(|m| m.value.as_num());
    let passes_multiple = |x: &NumRef<'_>| multiple.is_none_or(|m| x.is_multiple_of(&m));
    let kind_of = |x: &NumRef<'_>| if x.is_integer() { INT } else { FRAC };
    if let (Some(l), Some(h)) = (lo, hi) {
        match l.0.cmp(&h.0) {
            std::cmp::Ordering::Greater => return 0,
            std::cmp::Ordering::Equal if l.1 || h.1 => return 0,
            std::cmp::Ordering::Equal => {
                return if passes_multiple(&l.0) {
                    kind_of(&l.0)
                } else {
                    0
                };
            }
            std::cmp::Ordering::Less => {}
        }
    }
    // A multiple of an integer is an integer.
    let mut kinds = if multiple.is_some_and(|m| m.is_integer()) {
        INT
    } else {
        NUM
    };
    if let (Some(l), Some(h)) = (lo, hi) {
        let first = match (floor_ceil(&l.0), l.1) {
            (Some((f, _)), true) => f.checked_add(1),
            (Some((_, c)), false) => Some(c),
            (None, _) => None,
        };
        let last = match (floor_ceil(&h.0), h.1) {
            (Some((_, c)), true) => c.checked_sub(1),
            (Some((f, _)), false) => Some(f),
            (None, _) => None,
        };
        if let (Some(first), Some(last)) = (first, last) {
            if first > last {
                kinds &= !INT;
            }
        }
    }
    kinds
}

/// `(floor, ceil)` of a number whose magnitude fits in `i128`, computed exactly from
/// its canonical digits and point exponent.
fn floor_ceil(x: &NumRef<'_>) -> Option<(i128, i128)> {
    let mut key = Vec::new();
    x.canonical_key(&mut key);
    if key == b"0" {
        return Some((0, 0));
    }
    // `±D e P`: the value is ±0.D × 10^P.
    let neg = key.first() == Some(&b'-');
    let body = std::str::from_utf8(&key[1..]).ok()?;
    let (digits, point) = body.split_once('e')?;
    let point: i64 = point.parse().ok()?;
    if point > 38 {
        return None;
    }
    let (int_digits, has_fraction) = if point <= 0 {
        ("", true)
    } else {
        let p = point as usize;
        if p >= digits.len() {
            (digits, false)
        } else {
            (&digits[..p], true)
        }
    };
    let mut int: i128 = 0;
    for c in int_digits.bytes() {
        int = int.checked_mul(10)?.checked_add(i128::from(c - b'0'))?;
    }
    if point > 0 && (point as usize) > digits.len() {
        let zeros = point as u32 - digits.len() as u32;
        int = int.checked_mul(10i128.checked_pow(zeros)?)?;
    }
    let frac = i128::from(has_fraction);
    Some(if neg {
        (-int - frac, -int)
    } else {
        (int, int + frac)
    })
}

/// The admitted array lengths at a node given the satisfiable kinds of its children:
/// `(min, max)`, `max` capped by `maxItems`, by the first `prefixItems` entry that admits
/// nothing, and by the prefix length when `items` admits nothing.
pub(crate) fn array_lengths(a: Option<&ArrayChecks>, sat: &[Kinds]) -> (u64, Option<u64>) {
    let Some(a) = a else {
        return (0, None);
    };
    let mut max = a.max_items.as_ref().map(|c| c.value);
    let cap = |max: &mut Option<u64>, n: u64| *max = Some(max.map_or(n, |m| m.min(n)));
    match a.prefix.iter().position(|p| sat[p.index()] == 0) {
        Some(i) => cap(&mut max, i as u64),
        None => {
            if sat[a.items.unwrap_or(NodeId::TRUE).index()] == 0 {
                cap(&mut max, a.prefix.len() as u64);
            }
        }
    }
    (a.min(), max)
}

/// Whether an object can satisfy the node's object keywords: every required member has
/// a satisfiable schema.
pub(crate) fn object_possible(node: &Node, sat: &[Kinds]) -> bool {
    let Some(o) = &node.object else {
        return true;
    };
    o.members
        .iter()
        .filter(|m| m.required)
        .all(|m| sat[named_member_schema(o, &m.name).index()] != 0)
}

/// The schema a member's value is held to, knowing its name, by the selection of
/// `form/check/container.rs`: where a `patternProperties` pattern matches a name that
/// `properties` does not give a schema, over-approximated here as `true` (the analyses
/// only need an upper bound of what is admitted).
pub(crate) fn named_member_schema(o: &ObjectChecks, name: &str) -> NodeId {
    let mut first = None;
    o.member_targets(o.member(name), name, |a| {
        first.get_or_insert(a);
    });
    match first {
        Some(Applies::Pattern(..)) | None => NodeId::TRUE,
        Some(a) => a.schema(),
    }
}

/// Whether an object at the node admits only the names under `properties`: no other
/// name meets `additionalProperties` or a `patternProperties` schema.
pub(crate) fn closed(node: &Node, sat: &[Kinds]) -> bool {
    node.object.as_ref().is_some_and(|o| {
        o.additional.is_some_and(|a| sat[a.index()] == 0)
            && o.pattern_properties
                .iter()
                .all(|(_, p)| sat[p.index()] == 0)
    })
}

/// Whether `maxProperties` and `propertyNames` bound an object at the node that
/// [`closed`] does not: at most `maxProperties` members, each name a string that
/// `propertyNames` bounds by its own `maxLength`, length-bounding `format` or `enum`
/// (followed through bare `$ref`s; a bound further down is not looked for).
pub(crate) fn names_bounded(node: &Node, nodes: &[Node]) -> bool {
    let Some(o) = &node.object else {
        return false;
    };
    let (Some(_), Some(names)) = (&o.max_properties, o.property_names) else {
        return false;
    };
    let names = crate::form::node::landed(nodes, names);
    names.reject_all || names.values.is_some() || string_lengths(names).1.is_some()
}

/// The kind of a stored value.
pub(crate) fn value_kind(consts: &Consts, id: ValueId) -> Kinds {
    match consts.value(id) {
        CValue::Null => NULL,
        CValue::Bool(_) => BOOL,
        CValue::Number(n) => {
            if NumRef::new(n).is_integer() {
                INT
            } else {
                FRAC
            }
        }
        CValue::String(_) => STR,
        CValue::Array { .. } => ARR,
        CValue::Object { .. } => OBJ,
    }
}

/// Whether an `enum`/`const` value can pass the node's other keywords: exact for
/// scalars, over-approximated for containers (lengths, required names, closed names,
/// and the kinds of elements and members).
pub(crate) fn value_passes(node: &Node, consts: &Consts, id: ValueId, sat: &[Kinds]) -> bool {
    let kind = value_kind(consts, id);
    if kinds_of(node.types) & kind == 0 {
        return false;
    }
    match consts.value(id) {
        // The value is one of the node's own `enum`/`const` values, and its kind
        // passes `type`: what remains are the scalar's own keywords.
        CValue::String(s) => node
            .string
            .as_ref()
            .is_none_or(|c| scalar::string(c, s).is_ok()),
        CValue::Number(lexeme) => node
            .number
            .as_ref()
            .is_none_or(|c| scalar::number(c, &NumRef::new(lexeme)).is_ok()),
        &CValue::Array { start, len } => {
            let (lo, hi) = array_lengths(node.array.as_deref(), sat);
            if u64::from(len) < lo || hi.is_some_and(|h| u64::from(len) > h) {
                return false;
            }
            let a = node.array.as_deref();
            (0..len).all(|i| {
                let (child, _) = container::element(a, u64::from(i));
                let element = consts.elements[(start + i) as usize];
                sat[child.index()] & value_kind(consts, element) != 0
            })
        }
        &CValue::Object { start, len } => {
            let Some(o) = &node.object else {
                return true;
            };
            let members = &consts.members[start as usize..(start + len) as usize];
            let required_present = o
                .members
                .iter()
                .filter(|m| m.required)
                .all(|m| members.iter().any(|(name, _)| **name == *m.name));
            required_present
                && members.iter().all(|(name, v)| {
                    let child = named_member_schema(o, name);
                    sat[child.index()] & value_kind(consts, *v) != 0
                })
        }
        CValue::Null | CValue::Bool(_) => true,
    }
}

/// The kinds a node admits by its own keywords, given the kinds its children admit.
pub(crate) fn local_kinds(node: &Node, consts: &Consts, sat: &[Kinds]) -> Kinds {
    if node.reject_all {
        return 0;
    }
    let mut k = kinds_of(node.types);
    if let Some(set) = node.values {
        let mut of_values = 0;
        for &v in &consts.set(set).values {
            if value_passes(node, consts, v, sat) {
                of_values |= value_kind(consts, v);
            }
        }
        return k & of_values;
    }
    if k & STR != 0 && !string_possible(node) {
        k &= !STR;
    }
    if k & NUM != 0 {
        if let Some(n) = &node.number {
            k &= !NUM | number_kinds(n);
        }
    }
    if k & ARR != 0 {
        let (lo, hi) = array_lengths(node.array.as_deref(), sat);
        if hi.is_some_and(|h| h < lo) {
            k &= !ARR;
        }
    }
    if k & OBJ != 0 && !object_possible(node, sat) {
        k &= !OBJ;
    }
    k
}

/// The least fixpoint of satisfiable kinds (invariant 1).
pub(crate) fn satisfiable(graph: &Graph<'_>) -> Vec<Kinds> {
    let nodes = graph.form.nodes();
    let consts = graph.form.consts();
    let mut sat = vec![0 as Kinds; nodes.len()];
    sat[NodeId::TRUE.index()] = ALL;
    // Same-instance children first within a pass; recursion through members and
    // elements takes further passes.
    let order = graph.same_instance_order();
    loop {
        let mut changed = false;
        for &id in &order {
            if id == NodeId::TRUE || id == NodeId::FALSE {
                continue;
            }
            let node = &nodes[id.index()];
            let mut k = local_kinds(node, consts, &sat);
            for e in &graph.edges[id.index()] {
                match e.via {
                    Via::Ref | Via::DynamicRef | Via::AllOf(_) => k &= sat[e.to.index()],
                    _ => {}
                }
            }
            if !node.any_of.is_empty() {
                k &= node.any_of.iter().fold(0, |acc, c| acc | sat[c.index()]);
            }
            if !node.one_of.is_empty() {
                k &= node.one_of.iter().fold(0, |acc, c| acc | sat[c.index()]);
            }
            if k != sat[id.index()] {
                // Monotone: kinds only ever join, so the loop ends.
                sat[id.index()] |= k;
                changed = true;
            }
        }
        if !changed {
            return sat;
        }
    }
}

/// The compact size of a stored value (`None` when it holds a number, whose spelling
/// is unbounded), and its depth.
fn value_size(consts: &Consts, id: ValueId) -> (Option<u64>, u64) {
    let mut size: Option<u64> = Some(0);
    let mut depth = 0u64;
    let mut stack = vec![(id, 0u64)];
    let add = |size: &mut Option<u64>, n: u64| *size = size.and_then(|s| s.checked_add(n));
    while let Some((v, d)) = stack.pop() {
        match consts.value(v) {
            CValue::Null => add(&mut size, 4),
            CValue::Bool(b) => add(&mut size, if *b { 4 } else { 5 }),
            CValue::Number(_) => size = None,
            CValue::String(s) => add(&mut size, json_string_len(s)),
            &CValue::Array { start, len } => {
                depth = depth.max(d + 1);
                add(&mut size, 2 + u64::from(len.saturating_sub(1)));
                for k in 0..len {
                    stack.push((consts.elements[(start + k) as usize], d + 1));
                }
            }
            &CValue::Object { start, len } => {
                depth = depth.max(d + 1);
                add(&mut size, 2 + u64::from(len.saturating_sub(1)));
                for k in 0..len {
                    let (name, v) = &consts.members[(start + k) as usize];
                    add(&mut size, json_string_len(name) + 1);
                    stack.push((*v, d + 1));
                }
            }
        }
    }
    (size, depth)
}

/// The length of `s` as a compact JSON string literal (minimal escaping).
pub(crate) fn json_string_len(s: &str) -> u64 {
    let mut n = 2u64;
    for b in s.bytes() {
        n += match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
            0..=0x1f => 6,
            _ => 1,
        };
    }
    n
}

/// Per-kind size and depth bounds of every reachable node (invariant 2).
pub(crate) struct Dp {
    pub(crate) size: Vec<[B; 7]>,
    pub(crate) depth: Vec<[B; 7]>,
}

impl Dp {
    /// Bounds of the values each node admits, with every recursive `$ref` unbounded.
    pub(crate) fn bounds(graph: &Graph<'_>, sat: &[Kinds]) -> Dp {
        Dp::compute(graph, sat, B::Unb)
    }

    /// The static nesting of the form: depths as in [`Dp::bounds`], except that a
    /// recursive `$ref` counts as a scalar, so each cycle is counted once.
    pub(crate) fn nesting(graph: &Graph<'_>, sat: &[Kinds]) -> Dp {
        Dp::compute(graph, sat, B::Fin(0))
    }

    fn compute(graph: &Graph<'_>, sat: &[Kinds], recursion: B) -> Dp {
        let nodes = graph.form.nodes();
        let consts = graph.form.consts();
        let n = nodes.len();
        let mut size = vec![[B::Empty; 7]; n];
        let mut depth = vec![[B::Empty; 7]; n];
        size[NodeId::TRUE.index()] = [B::Fin(4), B::Fin(5), B::Unb, B::Unb, B::Unb, B::Unb, B::Unb];
        depth[NodeId::TRUE.index()] = [
            B::Fin(0),
            B::Fin(0),
            B::Fin(0),
            B::Fin(0),
            B::Fin(0),
            B::Unb,
            B::Unb,
        ];
        // Graph invariant 2: without the recursive `$ref`s the graph is a DAG.
        let order = graph.postorder(|from, e| !graph.is_recursion(from, e));
        for id in order {
            if id == NodeId::TRUE || id == NodeId::FALSE {
                continue;
            }
            let node = &nodes[id.index()];
            let kinds = sat[id.index()];
            let mut s = [B::Empty; 7];
            let mut d = [B::Empty; 7];
            for (i, &k) in KINDS.iter().enumerate() {
                if kinds & k != 0 {
                    let (ls, ld) = local_bound(node, consts, sat, k, &size, &depth);
                    s[i] = ls;
                    d[i] = ld;
                }
            }
            let recursive_ref = graph.recursive[id.index()];
            let recursive_dynamic = graph.recursive_dynamic[id.index()];
            let child = |c: NodeId, table: &[[B; 7]], is_recursion: bool| -> [B; 7] {
                if is_recursion {
                    let mut out = [B::Empty; 7];
                    for (i, &k) in KINDS.iter().enumerate() {
                        if sat[c.index()] & k != 0 {
                            out[i] = recursion;
                        }
                    }
                    out
                } else {
                    table[c.index()]
                }
            };
            let mut meet = |cs: [B; 7], ds: [B; 7]| {
                for i in 0..7 {
                    s[i] = s[i].min(cs[i]);
                    d[i] = d[i].min(ds[i]);
                }
            };
            if let Some(r) = node.reference {
                meet(
                    child(r, &size, recursive_ref),
                    child(r, &depth, recursive_ref),
                );
            }
            if let Some(r) = node.dynamic_reference {
                meet(
                    child(r, &size, recursive_dynamic),
                    child(r, &depth, recursive_dynamic),
                );
            }
            for &c in &node.all_of {
                meet(size[c.index()], depth[c.index()]);
            }
            for list in [&node.any_of, &node.one_of] {
                if list.is_empty() {
                    continue;
                }
                let mut js = [B::Empty; 7];
                let mut jd = [B::Empty; 7];
                for &c in list.iter() {
                    for i in 0..7 {
                        js[i] = js[i].max(size[c.index()][i]);
                        jd[i] = jd[i].max(depth[c.index()][i]);
                    }
                }
                meet(js, jd);
            }
            size[id.index()] = s;
            depth[id.index()] = d;
        }
        Dp { size, depth }
    }
}

/// The bounds of the values of kind `k` a node admits by its own keywords, given its
/// members' and elements' bounds.
fn local_bound(
    node: &Node,
    consts: &Consts,
    sat: &[Kinds],
    k: Kinds,
    size: &[[B; 7]],
    depth: &[[B; 7]],
) -> (B, B) {
    if let Some(set) = node.values {
        let mut s = B::Empty;
        let mut d = B::Empty;
        for &v in &consts.set(set).values {
            if value_kind(consts, v) == k && value_passes(node, consts, v, sat) {
                let (vs, vd) = value_size(consts, v);
                s = s.max(vs.map_or(B::Unb, B::Fin));
                d = d.max(B::Fin(vd));
            }
        }
        return (s, d);
    }
    let whole = |c: NodeId| (overall(&size[c.index()]), overall(&depth[c.index()]));
    match k {
        NULL => (B::Fin(4), B::Fin(0)),
        BOOL => (B::Fin(5), B::Fin(0)),
        // Any number has unboundedly many spellings (`1.000…`).
        INT | FRAC => (B::Unb, B::Fin(0)),
        STR => {
            let (_, hi) = string_lengths(node);
            let per_char = match node.string.as_ref().and_then(|s| s.format) {
                Some(f) => format_lengths(f).2,
                // `\u0001`
                None => 6,
            };
            let s = hi.map_or(B::Unb, |h| B::Fin(h).times(per_char).add(B::Fin(2)));
            (s, B::Fin(0))
        }
        ARR => {
            let (_, hi) = array_lengths(node.array.as_deref(), sat);
            let (prefix, items): (&[NodeId], NodeId) = match &node.array {
                Some(a) => (&a.prefix, a.items.unwrap_or(NodeId::TRUE)),
                None => (&[], NodeId::TRUE),
            };
            let p = prefix.len() as u64;
            let used = hi.map_or(p, |h| h.min(p)) as usize;
            let mut s = B::Fin(2);
            let mut d = B::Fin(0);
            for &c in &prefix[..used] {
                let (cs, cd) = whole(c);
                s = s.add(cs);
                d = d.max(cd);
            }
            let rest = hi.map(|h| h.saturating_sub(p));
            if rest != Some(0) {
                let (cs, cd) = whole(items);
                d = d.max(cd);
                s = match rest {
                    Some(r) => s.add(cs.times(r)),
                    None => B::Unb,
                };
            }
            let count = hi.unwrap_or(u64::MAX);
            if count > 1 {
                s = s.add(B::Fin(count - 1));
            }
            (s, d.add(B::Fin(1)))
        }
        _ => {
            let mut s = B::Fin(2);
            let mut d = B::Fin(0);
            let mut count = 0u64;
            if let Some(o) = &node.object {
                for m in &o.members {
                    let Some(c) = m.schema else { continue };
                    if sat[c.index()] == 0 {
                        continue;
                    }
                    let (cs, cd) = whole(c);
                    s = s.add(B::Fin(json_string_len(&m.name) + 1)).add(cs);
                    d = d.max(cd);
                    count += 1;
                }
            }
            let names = node.object.as_ref().and_then(|o| o.property_names);
            let max = node.object.as_ref().and_then(|o| o.max_properties.as_ref());
            if let (Some(names), Some(max), false) = (names, max, closed(node, sat)) {
                // `maxProperties` members at most, each a name `propertyNames` bounds
                // and a value any member schema bounds: `{` `}`, then per member the
                // name, `:` and the value, and the commas between.
                let o = node.object.as_deref().expect("checked above");
                let name = size[names.index()][4];
                let mut value = whole(o.additional.unwrap_or(NodeId::TRUE)).0;
                for (_, p) in &o.pattern_properties {
                    value = value.max(whole(*p).0);
                }
                for m in &o.members {
                    if let Some(c) = m.schema {
                        value = value.max(whole(c).0);
                    }
                    d = d.max(m.schema.map_or(B::Fin(0), |c| whole(c).1));
                }
                let additional = o.additional.unwrap_or(NodeId::TRUE);
                d = d.max(whole(additional).1);
                for (_, p) in &o.pattern_properties {
                    d = d.max(whole(*p).1);
                }
                let m = max.value;
                s = match (name, value) {
                    // No name or no member value is admitted: only `{}`.
                    (B::Empty, _) | (_, B::Empty) => B::Fin(2),
                    _ if m == 0 => B::Fin(2),
                    _ => B::Fin(2)
                        .add(name.add(B::Fin(1)).add(value).times(m))
                        .add(B::Fin(m - 1)),
                };
            } else if !closed(node, sat) {
                // Any other name, any number of times.
                let additional = node
                    .object
                    .as_ref()
                    .and_then(|o| o.additional)
                    .unwrap_or(NodeId::TRUE);
                s = B::Unb;
                d = d.max(whole(additional).1);
                // Names that match a pattern meet its schema instead.
                for (_, p) in node.object.iter().flat_map(|o| &o.pattern_properties) {
                    d = d.max(whole(*p).1);
                }
            } else if count > 1 {
                s = s.add(B::Fin(count - 1));
            }
            (s, d.add(B::Fin(1)))
        }
    }
}
