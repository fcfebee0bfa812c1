//! The numeric formats (`int8`…`uint128`, `int`, `uint`, `float`, `double`) as the
//! jsonschema crate can read them: it ignores these formats, so [`for_jsonschema`]
//! writes each as the range and integer test it means (docs/FORMATS.md), in keywords
//! of every dialect, for the oracle to compare.

use crate::dialect::each_schema;
use crate::value::{Members, J};

/// The bounds a numeric format means: `(integer, lowest, highest)` inclusive, or for
/// `float` and `double` `(false, B, B)` where every number of magnitude below `B`
/// rounds to a finite value.
fn range(name: &str) -> Option<(bool, String, String)> {
    let two = |n: u32| -> u128 { 1u128 << n };
    let signed = |n: u32| {
        Some((
            true,
            format!("-{}", two(n - 1)),
            (two(n - 1) - 1).to_string(),
        ))
    };
    let unsigned = |n: u32| {
        let hi = if n == 128 { u128::MAX } else { two(n) - 1 };
        Some((true, "0".to_owned(), hi.to_string()))
    };
    match name {
        "int8" => signed(8),
        "int16" => signed(16),
        "int32" => signed(32),
        "int64" | "int" => signed(64),
        "int128" => signed(128),
        "uint8" => unsigned(8),
        "uint16" => unsigned(16),
        "uint32" => unsigned(32),
        "uint64" | "uint" => unsigned(64),
        "uint128" => unsigned(128),
        // 2^128 − 2^103 and 2^1024 − 2^970 (docs/FORMATS.md).
        "float" => Some((
            false,
            "340282356779733661637539395458142568448".into(),
            String::new(),
        )),
        "double" => Some((false, double_limit(), String::new())),
        _ => None,
    }
}

/// 2^1024 − 2^970 in decimal.
fn double_limit() -> String {
    // (2^54 − 1) × 2^970, by repeated doubling of the decimal digits.
    let mut digits: Vec<u8> = (((1u64 << 54) - 1).to_string())
        .bytes()
        .map(|b| b - b'0')
        .collect();
    for _ in 0..970 {
        let mut carry = 0;
        for d in digits.iter_mut().rev() {
            let v = *d * 2 + carry;
            *d = v % 10;
            carry = v / 10;
        }
        if carry > 0 {
            digits.insert(0, carry);
        }
    }
    digits.iter().map(|d| char::from(b'0' + d)).collect()
}

/// `form` with every numeric `format` replaced by an `allOf` entry meaning the same:
/// a value that is no number, or an integer within the range (`float`, `double`: a
/// number of magnitude below the limit). The formats' integer is one by value in every
/// dialect (docs/FORMATS.md); draft-04's `"type": "integer"` is one by spelling, so a
/// draft-04 form says it with `"multipleOf": 1`.
pub fn for_jsonschema(form: &J) -> J {
    let draft4 = matches!(form, J::Obj(m) if m.iter().any(|(k, v)|
        k == "$schema" && matches!(v, J::Str(s) if s.contains("draft-04"))));
    let mut out = form.clone();
    each_schema(&mut out, &mut |m: &mut Members| {
        let Some(i) = m
            .iter()
            .position(|(k, v)| k == "format" && matches!(v, J::Str(name) if range(name).is_some()))
        else {
            return;
        };
        let (_, J::Str(name)) = m.remove(i) else {
            return;
        };
        let (integer, lo, hi) = range(&name).expect("a numeric format");
        let within = if integer {
            let bounds = [("minimum", J::num(&lo)), ("maximum", J::num(&hi))];
            if draft4 {
                J::obj(&[
                    ("multipleOf", J::num("1")),
                    bounds[0].clone(),
                    bounds[1].clone(),
                ])
            } else {
                J::obj(&[
                    ("type", J::str("integer")),
                    bounds[0].clone(),
                    bounds[1].clone(),
                ])
            }
        } else {
            let far = J::Arr(vec![
                J::obj(&[("minimum", J::num(&lo))]),
                J::obj(&[("maximum", J::Num(format!("-{lo}")))]),
            ]);
            J::obj(&[("not", J::obj(&[("anyOf", far)]))])
        };
        let entry = J::obj(&[(
            "anyOf",
            J::Arr(vec![
                J::obj(&[("not", J::obj(&[("type", J::str("number"))]))]),
                within,
            ]),
        )]);
        match m.iter_mut().find(|(k, _)| k == "allOf") {
            Some((_, J::Arr(list))) => list.push(entry),
            _ => m.push(("allOf".into(), J::Arr(vec![entry]))),
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_the_documented_ones() {
        assert_eq!(range("int8").unwrap(), (true, "-128".into(), "127".into()));
        assert_eq!(
            range("uint128").unwrap().2,
            "340282366920938463463374607431768211455"
        );
        // 2^1024 − 2^970 = 1.797693134862315807937...e308
        let d = double_limit();
        assert_eq!(d.len(), 309);
        assert!(d.starts_with("17976931348623158079"), "{d}");
    }
}
