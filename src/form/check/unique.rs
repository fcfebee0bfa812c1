//! `uniqueItems`: the one canonical key of a value, a byte string equal for two values
//! iff they are equal as JSON values, with exact numbers (`1`, `1.0` and `1e0` are one
//! number, and so are `0` and `-0`) and strings compared after unescaping.
//!
//! A key is written so that it can be read back from its end, which makes the keys of
//! a sequence of values injective without a header that would have to be known first:
//! - `null`, `false`, `true`: one tag byte;
//! - a number: its exact canonical form (`NumRef::canonical_key`), its length, a tag;
//! - a string: its decoded UTF-8, its length, a tag;
//! - an array: its elements' keys in order, their count, a tag ([`container_end`]);
//! - an object: for each member in the order of their names' keys, the name's key and
//!   the value's key, then their count, a tag ([`container_end`]).
//!
//! The fast pass keys scalar elements with [`scalar_key`]; the general validator
//! (`verify/general/unique.rs`) builds the keys of every value, containers included,
//! from the same two functions, so a repeat is the same repeat to both.

use crate::form::consts::Scalar;
use crate::form::number::NumRef;

const NULL: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;
const NUMBER: u8 = 3;
const STRING: u8 = 4;
const ARRAY: u8 = 5;
const OBJECT: u8 = 6;

/// Append the key of a scalar (a member name is keyed as a string).
#[inline]
pub(crate) fn scalar_key(value: Scalar<'_>, out: &mut Vec<u8>) {
    let start = out.len();
    let tag = match value {
        Scalar::Null => return out.push(NULL),
        Scalar::Bool(false) => return out.push(FALSE),
        Scalar::Bool(true) => return out.push(TRUE),
        Scalar::Number(lexeme) => {
            NumRef::new(lexeme).canonical_key(out);
            NUMBER
        }
        Scalar::String(text) => {
            out.extend_from_slice(text.as_bytes());
            STRING
        }
    };
    let len = (out.len() - start) as u64;
    out.extend_from_slice(&len.to_le_bytes());
    out.push(tag);
}

/// Close a container's key, whose elements' (members') keys were appended in order:
/// their `count` and the container's tag.
#[inline]
pub(crate) fn container_end(count: u32, object: bool, out: &mut Vec<u8>) {
    out.extend_from_slice(&count.to_le_bytes());
    out.push(if object { OBJECT } else { ARRAY });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(value: Scalar<'_>) -> Vec<u8> {
        let mut out = Vec::new();
        scalar_key(value, &mut out);
        out
    }

    #[test]
    fn accepts_equal_scalars_as_equal_keys() {
        use Scalar::*;
        assert_eq!(key(Number("1")), key(Number("1.0")));
        assert_eq!(key(Number("1e0")), key(Number("10e-1")));
        assert_eq!(key(Number("0")), key(Number("-0.0")));
        assert_eq!(key(Number("1e400")), key(Number("10e399")));
    }

    #[test]
    fn rejects_unequal_scalars_and_containers_as_unequal_keys() {
        use Scalar::*;
        let mut keys = vec![
            key(Null),
            key(Bool(false)),
            key(Bool(true)),
            key(Number("0")),
            key(Number("1")),
            key(Number("-1")),
            key(Number("1.5")),
            key(String("")),
            key(String("1")),
            key(String("a")),
            key(String("ab")),
        ];
        let mut empty_array = Vec::new();
        container_end(0, false, &mut empty_array);
        let mut empty_object = Vec::new();
        container_end(0, true, &mut empty_object);
        keys.push(empty_array);
        keys.push(empty_object);
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
