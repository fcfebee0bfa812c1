//! Forms and bodies built from the fuzzer's bytes with `arbitrary::Unstructured`.
//!
//! Invariants:
//! 1. A form from [`Gen::form`] in tame mode lies within Vocabulary v1 and compiles:
//!    keyword values are well shaped, names in `required` and `type` unique,
//!    `multipleOf` positive, and every `$ref` resolves with no cycle of same-instance
//!    applicators ([`fix_refs`], the rule of `tests/common/gen.rs`).
//! 2. In wild mode anything may appear as well: foreign keywords, keywords with values
//!    of any shape, pattern sources from pieces of ECMA syntax, any `$ref`, `format` and
//!    `$schema`. Such a form may or may not compile.
//! 3. [`Gen::oracle`] stays `true` only while everything generated lies where formgate
//!    and jsonschema cannot legitimately differ (see `tables`): no exact-number lexeme,
//!    no sample marked otherwise, no `\b`, no line terminator but `\n` under a pattern
//!    with `.`, no duplicate member, no fuzzer-chosen string.
//! 4. Bodies are aimed at the form (enum members, bounds and multiples, lengths around
//!    the limits, format and pattern samples, required members), with random values at
//!    every level, nested at most 8 deep.
//! 5. When the bytes run out every choice takes its first option, so generation always
//!    ends, and small inputs give small cases.

use arbitrary::Unstructured;

use crate::json::{Spelling, J};
use crate::tables::*;

type Members = Vec<(String, J)>;

/// Schemas one form may hold at most.
const SCHEMA_BUDGET: u32 = 48;

pub struct Gen<'u, 'a> {
    u: &'u mut Unstructured<'a>,
    /// Invariant 3.
    pub oracle: bool,
    /// Invariant 2.
    wild: bool,
    /// A pattern containing `.` is in the form.
    dot_pattern: bool,
    budget: u32,
}

impl<'u, 'a> Gen<'u, 'a> {
    pub fn new(u: &'u mut Unstructured<'a>, wild: bool) -> Self {
        Gen {
            u,
            oracle: true,
            wild,
            dot_pattern: false,
            budget: SCHEMA_BUDGET,
        }
    }

    // -----------------------------------------------------------------------
    // Choices (invariant 5)

    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.u.int_in_range(0..=n - 1).unwrap_or(0)
    }

    /// True with probability `sixteenths / 16`; false once the bytes run out
    /// (`Unstructured::ratio` would say true then, and loops would never end).
    fn chance(&mut self, sixteenths: u8) -> bool {
        !self.u.is_empty() && self.u.int_in_range(0u8..=15).unwrap_or(15) < sixteenths
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A string the fuzzer chooses freely (invariant 3: the oracle is off).
    fn free_string(&mut self) -> String {
        self.oracle = false;
        let len = self.below(12);
        let mut s = String::new();
        for _ in 0..len {
            let c = match self.below(4) {
                0 => char::from(self.u.int_in_range(0x20u8..=0x7e).unwrap_or(b'a')),
                1 => char::from(self.u.int_in_range(0u8..=0x1f).unwrap_or(0)),
                _ => self.u.arbitrary::<char>().unwrap_or('a'),
            };
            s.push(c);
        }
        s
    }

    /// A number lexeme the fuzzer chooses (any length, any exponent).
    fn free_number(&mut self) -> String {
        let mut s = String::new();
        if self.chance(5) {
            s.push('-');
        }
        let int = self.below(24);
        if int == 0 {
            s.push('0');
        } else {
            s.push(char::from(b'1' + self.below(9) as u8));
            for _ in 1..int {
                s.push(char::from(b'0' + self.below(10) as u8));
            }
        }
        if self.chance(6) {
            s.push('.');
            for _ in 0..1 + self.below(20) {
                s.push(char::from(b'0' + self.below(10) as u8));
            }
        }
        if self.chance(6) {
            s.push(self.pick(&['e', 'E']));
            match self.below(3) {
                0 => s.push('-'),
                1 => s.push('+'),
                _ => {}
            }
            let digits = self.pick(&[1usize, 1, 2, 3, 5, 20]);
            for _ in 0..digits {
                s.push(char::from(b'0' + self.below(10) as u8));
            }
        }
        if !short_decimal(&s) {
            self.oracle = false;
        }
        s
    }

    fn number(&mut self) -> String {
        match self.below(8) {
            0 => {
                self.oracle = false;
                self.pick(EXACT_NUMBERS).to_owned()
            }
            1 => self.free_number(),
            _ => self.pick(PLAIN_NUMBERS).to_owned(),
        }
    }

    fn string(&mut self) -> String {
        if self.chance(1) {
            return self.free_string();
        }
        self.pick(STRINGS).to_owned()
    }

    // -----------------------------------------------------------------------
    // Forms

    /// A small JSON value for `enum`, `const`, `default`, `examples`.
    fn data(&mut self, depth: u32) -> J {
        let n = if depth > 0 { 6 } else { 4 };
        match self.below(n) {
            0 if self.chance(8) => J::Null,
            0 => J::Bool(self.chance(8)),
            1 => J::Num(self.number()),
            2 | 3 => J::Str(self.string()),
            4 => {
                let len = self.below(3);
                J::Arr((0..len).map(|_| self.data(depth - 1)).collect())
            }
            _ => {
                let len = self.below(3);
                let m = (0..len)
                    .map(|_| (self.pick(NAMES).to_owned(), self.data(depth - 1)))
                    .collect();
                J::Obj(dedup(m))
            }
        }
    }

    fn count(&mut self) -> J {
        J::num(self.pick(COUNTS))
    }

    fn type_part(&mut self, m: &mut Members) {
        if self.chance(12) {
            m.push(("type".into(), J::str(self.pick(&TYPES))));
        } else {
            let mut ts = TYPES.to_vec();
            self.shuffle(&mut ts);
            let n = 1 + self.below(3);
            m.push((
                "type".into(),
                J::Arr(ts[..n].iter().map(|t| J::str(t)).collect()),
            ));
        }
    }

    fn string_part(&mut self, m: &mut Members) {
        if self.chance(8) {
            m.push(("minLength".into(), self.count()));
        }
        if self.chance(8) {
            m.push(("maxLength".into(), self.count()));
        }
        if self.chance(6) {
            let p = self.pick(PATTERNS);
            if p.source.contains("\\b") {
                self.oracle = false;
            }
            self.dot_pattern |= p.source.contains('.');
            m.push(("pattern".into(), J::str(p.source)));
        }
        if self.chance(6) {
            m.push(("format".into(), J::str(self.pick(FORMATS).name)));
        }
    }

    fn number_part(&mut self, m: &mut Members) {
        for kw in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
            if self.chance(6) {
                let n = self.number();
                m.push((kw.into(), J::Num(n)));
            }
        }
        if self.chance(6) {
            m.push(("multipleOf".into(), J::num(self.pick(MULTIPLES))));
        }
    }

    /// `enum`, `const`, or both (each must hold).
    fn value_part(&mut self, m: &mut Members) {
        let (e, c) = match self.below(8) {
            0..=4 => (true, false),
            5 | 6 => (false, true),
            _ => (true, true),
        };
        if e {
            let n = 1 + self.below(4);
            let vs: Vec<J> = (0..n).map(|_| self.data(2)).collect();
            if c && self.chance(10) {
                // The const among the members, often: then both can hold.
                m.push(("const".into(), vs[self.below(n)].clone()));
            }
            m.push(("enum".into(), J::Arr(vs)));
        }
        if c && !m.iter().any(|(k, _)| k == "const") {
            let v = self.data(2);
            m.push(("const".into(), v));
        }
    }

    fn annotation_part(&mut self, m: &mut Members) {
        for kw in ["title", "description", "$comment"] {
            if self.chance(5) {
                m.push((kw.into(), J::str(self.pick(TEXTS))));
            }
        }
        if self.chance(4) {
            let v = self.data(2);
            m.push(("default".into(), v));
        }
        if self.chance(3) {
            let n = self.below(3);
            let vs = (0..n).map(|_| self.data(1)).collect();
            m.push(("examples".into(), J::Arr(vs)));
        }
        for kw in ["deprecated", "readOnly", "writeOnly"] {
            if self.chance(2) {
                m.push((kw.into(), J::Bool(self.chance(8))));
            }
        }
    }

    fn array_part(&mut self, m: &mut Members, depth: u32) {
        if self.chance(6) {
            let n = 1 + self.below(3);
            let items = (0..n).map(|_| self.schema(depth - 1)).collect();
            m.push(("prefixItems".into(), J::Arr(items)));
        }
        if self.chance(10) {
            let items = match self.below(5) {
                0 => J::Bool(true),
                1 => J::Bool(false),
                _ => self.schema(depth - 1),
            };
            m.push(("items".into(), items));
        }
        if self.chance(5) {
            m.push(("minItems".into(), self.count()));
        }
        if self.chance(5) {
            m.push(("maxItems".into(), self.count()));
        }
    }

    fn object_part(&mut self, m: &mut Members, depth: u32) {
        let mut props = Members::new();
        if self.chance(14) {
            for _ in 0..self.below(4) {
                let name = self.pick(NAMES).to_owned();
                let s = self.schema(depth - 1);
                props.push((name, s));
            }
            props = dedup(props);
        }
        if self.chance(8) {
            let mut req: Vec<String> = Vec::new();
            for _ in 0..self.below(4) {
                let name = if props.is_empty() || self.chance(3) {
                    self.pick(NAMES).to_owned()
                } else {
                    props[self.below(props.len())].0.clone()
                };
                if !req.contains(&name) {
                    req.push(name);
                }
            }
            m.push((
                "required".into(),
                J::Arr(req.into_iter().map(J::Str).collect()),
            ));
        }
        if !props.is_empty() || self.chance(4) {
            m.push(("properties".into(), J::Obj(props)));
        }
        if self.chance(7) {
            let a = match self.below(6) {
                0..=2 => J::Bool(false),
                3 => J::Bool(true),
                _ => self.schema(depth - 1),
            };
            m.push(("additionalProperties".into(), a));
        }
    }

    fn applicator_part(&mut self, m: &mut Members, depth: u32) {
        let mut kws = ["allOf", "anyOf", "oneOf"];
        self.shuffle(&mut kws);
        for kw in &kws[..1 + self.below(2)] {
            let n = 1 + self.below(3);
            let branches = (0..n).map(|_| self.schema(depth - 1)).collect();
            m.push(((*kw).into(), J::Arr(branches)));
        }
    }

    /// Something outside the vocabulary, or a keyword with a value of any shape
    /// (invariant 2).
    fn wild_part(&mut self, m: &mut Members, depth: u32) {
        match self.below(7) {
            0 => {
                let kw = self.pick(FOREIGN_KEYWORDS);
                let v = if self.chance(8) {
                    self.schema(depth.saturating_sub(1))
                } else {
                    self.data(2)
                };
                m.push((kw.into(), v));
            }
            1 => {
                let kw = self.pick(KEYWORDS);
                let v = self.data(2);
                m.push((kw.into(), v));
            }
            2 | 3 => {
                let mut source = String::new();
                for _ in 0..self.below(10) {
                    source.push_str(self.pick(REGEX_TOKENS));
                }
                if self.chance(3) {
                    source.push_str(&self.free_string());
                }
                m.push(("pattern".into(), J::Str(source)));
            }
            4 => m.push(("format".into(), J::str(self.pick(WILD_FORMATS)))),
            5 => m.push(("$ref".into(), J::str(self.pick(WILD_REFS)))),
            _ => {
                let kw = self.pick(&["minimum", "multipleOf", "maxLength", "minItems"]);
                let n = self.free_number();
                m.push((kw.into(), J::Num(n)));
            }
        }
    }

    /// One schema: an object of keywords in random order, now and then `true`/`false`.
    pub fn schema(&mut self, depth: u32) -> J {
        if self.budget == 0 || self.chance(1) {
            return J::Bool(self.chance(12));
        }
        self.budget -= 1;
        let mut m = Members::new();
        if self.chance(7) {
            self.type_part(&mut m);
        }
        if self.chance(5) {
            self.string_part(&mut m);
        }
        if self.chance(5) {
            self.number_part(&mut m);
        }
        if self.chance(3) {
            self.value_part(&mut m);
        }
        if self.chance(4) {
            self.annotation_part(&mut m);
        }
        if self.chance(2) {
            let n = self.u.arbitrary::<u16>().unwrap_or(0);
            m.push(("$ref".into(), J::Str(format!("@{n}"))));
        }
        if depth > 0 {
            if self.chance(5) {
                self.array_part(&mut m, depth);
            }
            if self.chance(6) {
                self.object_part(&mut m, depth);
            }
            if self.chance(4) {
                self.applicator_part(&mut m, depth);
            }
        }
        if self.wild {
            while self.chance(4) {
                self.wild_part(&mut m, depth);
            }
        }
        self.shuffle(&mut m);
        J::Obj(dedup(m))
    }

    /// A whole form: a schema, perhaps with `$defs`, `$schema`, `$id`; `$ref`s resolved
    /// (invariant 1; in wild mode a placeholder may also stay unresolved or odd).
    pub fn form(&mut self) -> J {
        let mut root = self.schema(3);
        let defs = if self.chance(6) {
            let n = 1 + self.below(3);
            let d = (0..n)
                .map(|_| (self.pick(DEF_NAMES).to_owned(), self.schema(2)))
                .collect();
            Some(dedup(d))
        } else {
            None
        };
        let dialect = self.chance(2);
        let id = self.chance(1);
        if let J::Obj(members) = &mut root {
            if let Some(defs) = defs {
                let key = if self.wild && self.chance(3) {
                    "definitions"
                } else {
                    "$defs"
                };
                let at = self.below(members.len() + 1);
                members.insert(at, (key.into(), J::Obj(defs)));
            }
            if dialect {
                let uri = if self.wild {
                    self.pick(DIALECTS)
                } else {
                    DIALECT
                };
                members.insert(0, ("$schema".into(), J::str(uri)));
            }
            if id {
                members.push(("$id".into(), J::str("https://example.com/form")));
            }
        }
        if !self.wild || self.chance(12) {
            fix_refs(&mut root);
        } else {
            odd_refs(&mut root);
        }
        root
    }

    // -----------------------------------------------------------------------
    // Bodies (invariant 4)

    fn random(&mut self, depth: u32) -> J {
        let n = if depth > 0 { 8 } else { 6 };
        match self.below(n) {
            0 => J::Null,
            1 => J::Bool(self.chance(8)),
            2 | 3 => J::Num(self.number()),
            4 | 5 => J::Str(self.string()),
            6 => {
                let len = self.below(4);
                J::Arr((0..len).map(|_| self.random(depth - 1)).collect())
            }
            _ => {
                let len = self.below(4);
                let m = (0..len)
                    .map(|_| (self.pick(NAMES).to_owned(), self.random(depth - 1)))
                    .collect();
                J::Obj(dedup(m))
            }
        }
    }

    /// A body value aimed at schema `s` of form `root`.
    pub fn value(&mut self, root: &J, s: &J, depth: u32) -> J {
        if depth == 0 || self.chance(1) {
            return self.random(depth.min(1));
        }
        if !matches!(s, J::Obj(_)) {
            return self.random(2);
        }
        if let Some(J::Arr(vs)) = s.get("enum") {
            if !vs.is_empty() && self.chance(10) {
                let v = vs[self.below(vs.len())].clone();
                return self.respell(&v);
            }
        }
        if let Some(c) = s.get("const") {
            if self.chance(10) {
                return self.respell(c);
            }
        }
        if let Some(J::Str(t)) = s.get("$ref") {
            if self.chance(8) {
                if let Some(target) = resolve(root, t) {
                    return self.value(root, target, depth - 1);
                }
            }
        }
        for kw in ["anyOf", "oneOf", "allOf"] {
            if let Some(J::Arr(branches)) = s.get(kw) {
                if !branches.is_empty() && self.chance(6) {
                    let b = &branches[self.below(branches.len())];
                    return self.value(root, b, depth - 1);
                }
            }
        }
        match self.pick_type(s) {
            "null" => J::Null,
            "boolean" => J::Bool(self.chance(8)),
            "integer" | "number" => J::Num(self.aimed_number(s)),
            "string" => J::Str(self.aimed_string(s)),
            "array" => self.array(root, s, depth),
            _ => self.object(root, s, depth),
        }
    }

    /// An equal value, sometimes spelled differently: another lexeme of the same number,
    /// members in another order.
    fn respell(&mut self, v: &J) -> J {
        if self.chance(8) {
            return v.clone();
        }
        match v {
            J::Num(n) => match Dec::parse(n) {
                Some(d) if d.m == 0 && self.chance(5) => J::num("-0"),
                Some(d) => J::Num(self.lexeme(d)),
                None => v.clone(),
            },
            J::Arr(items) => J::Arr(items.iter().map(|x| self.respell(x)).collect()),
            J::Obj(members) => {
                let mut m: Members = members
                    .iter()
                    .map(|(k, x)| (k.clone(), self.respell(x)))
                    .collect();
                self.shuffle(&mut m);
                J::Obj(m)
            }
            _ => v.clone(),
        }
    }

    fn pick_type(&mut self, s: &J) -> &'static str {
        let has = |kws: &[&str]| kws.iter().any(|k| s.get(k).is_some());
        let mut candidates: Vec<&'static str> = match s.get("type") {
            Some(J::Str(t)) => TYPES.iter().copied().filter(|x| x == t).collect(),
            Some(J::Arr(ts)) => TYPES
                .iter()
                .copied()
                .filter(|x| ts.contains(&J::str(x)))
                .collect(),
            _ => Vec::new(),
        };
        if candidates.is_empty() {
            if has(&["minLength", "maxLength", "pattern", "format"]) {
                candidates.push("string");
            }
            if has(&[
                "minimum",
                "maximum",
                "exclusiveMinimum",
                "exclusiveMaximum",
                "multipleOf",
            ]) {
                candidates.extend(["integer", "number"]);
            }
            if has(&["items", "prefixItems", "minItems", "maxItems"]) {
                candidates.push("array");
            }
            if has(&["properties", "required", "additionalProperties"]) {
                candidates.push("object");
            }
        }
        if candidates.is_empty() || self.chance(2) {
            return self.pick(&TYPES);
        }
        self.pick(&candidates)
    }

    fn lexeme(&mut self, d: Dec) -> String {
        let style = self.below(4);
        let e_upper = self.chance(8);
        d.lexeme(style, e_upper)
    }

    fn aimed_number(&mut self, s: &J) -> String {
        let dec = |kw: &str| match s.get(kw) {
            Some(J::Num(n)) => Dec::parse(n),
            _ => None,
        };
        let bounds: Vec<Dec> = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
            .iter()
            .filter_map(|k| dec(k))
            .collect();
        let multiple = dec("multipleOf");
        let one = Dec { m: 1, e: 0 };
        let aimed = match self.below(6) {
            0 | 1 => {
                let base = if bounds.is_empty() {
                    Dec { m: 0, e: 0 }
                } else {
                    bounds[self.below(bounds.len())]
                };
                let mut deltas = vec![
                    Dec { m: 0, e: 0 },
                    one,
                    Dec { m: -1, e: 0 },
                    Dec { m: 5, e: -1 },
                ];
                if let Some(m) = multiple {
                    deltas.extend([m, Dec { m: -m.m, e: m.e }]);
                }
                let d = self.pick(&deltas);
                base.add(d)
            }
            2 => {
                let k = self.below(10) as i128 - 3;
                match multiple {
                    Some(m) => m.times(k),
                    None => Some(Dec { m: k, e: 0 }),
                }
            }
            3 => {
                return self
                    .pick(&["-0", "0.0", "0", "-0.0", "0e3", "0E-2"])
                    .to_owned()
            }
            4 => return self.free_number(),
            _ => None,
        };
        match aimed {
            Some(d) => self.lexeme(d),
            None => self.number(),
        }
    }

    fn aimed_string(&mut self, s: &J) -> String {
        if let Some(J::Str(name)) = s.get("format") {
            if self.chance(11) {
                let fmts: Vec<Fmt> = FORMATS.iter().copied().filter(|f| f.name == name).collect();
                if !fmts.is_empty() {
                    let f = fmts[self.below(fmts.len())];
                    self.oracle &= f.oracle;
                    return self.pick(f.samples).to_owned();
                }
            }
        }
        if let Some(J::Str(source)) = s.get("pattern") {
            if self.chance(11) {
                let pats: Vec<Pat> = PATTERNS
                    .iter()
                    .copied()
                    .filter(|p| p.source == source)
                    .collect();
                if !pats.is_empty() {
                    let p = pats[self.below(pats.len())];
                    self.oracle &= p.oracle;
                    return self.pick(p.samples).to_owned();
                }
            }
        }
        let len_of = |kw: &str| match s.get(kw) {
            Some(J::Num(n)) => n.parse::<f64>().ok().map(|f| f as usize),
            _ => None,
        };
        let (min, max) = (len_of("minLength"), len_of("maxLength"));
        if (min.is_some() || max.is_some()) && self.chance(11) {
            let mut lens = Vec::new();
            for n in [min, max].into_iter().flatten() {
                lens.extend([n.saturating_sub(1), n, n + 1]);
            }
            let len = self.pick(&lens).min(24);
            return (0..len).map(|_| self.pick(PALETTE)).collect();
        }
        self.string()
    }

    fn array(&mut self, root: &J, s: &J, depth: u32) -> J {
        let prefix: Vec<J> = match s.get("prefixItems") {
            Some(J::Arr(p)) => p.clone(),
            _ => Vec::new(),
        };
        let items = s.get("items").cloned().unwrap_or(J::Bool(true));
        let count = |kw: &str| match s.get(kw) {
            Some(J::Num(n)) => n.parse::<f64>().ok().map(|f| f as usize),
            _ => None,
        };
        let mut lens = vec![0, 1, 2, prefix.len(), prefix.len() + 1];
        for n in [count("minItems"), count("maxItems")].into_iter().flatten() {
            lens.extend([n.saturating_sub(1), n, n + 1]);
        }
        let len = self.pick(&lens).min(6);
        let mut out = Vec::with_capacity(len);
        for i in 0..len {
            let sub = prefix.get(i).unwrap_or(&items).clone();
            out.push(self.value(root, &sub, depth - 1));
        }
        J::Arr(out)
    }

    fn object(&mut self, root: &J, s: &J, depth: u32) -> J {
        let props: Members = match s.get("properties") {
            Some(J::Obj(p)) => p.clone(),
            _ => Vec::new(),
        };
        let additional = s.get("additionalProperties").cloned();
        let schema_for = |name: &str| -> J {
            props
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
                .or_else(|| additional.clone())
                .unwrap_or(J::Bool(true))
        };
        let mut members = Members::new();
        if let Some(J::Arr(req)) = s.get("required") {
            for name in req {
                if let J::Str(name) = name {
                    if self.chance(15) {
                        let v = self.value(root, &schema_for(name), depth - 1);
                        members.push((name.clone(), v));
                    }
                }
            }
        }
        for (name, sub) in &props {
            if self.chance(8) && !members.iter().any(|(k, _)| k == name) {
                let v = self.value(root, sub, depth - 1);
                members.push((name.clone(), v));
            }
        }
        if self.chance(4) {
            let name = self.pick(NAMES).to_owned();
            if !members.iter().any(|(k, _)| *k == name) {
                let v = self.value(root, &schema_for(&name), depth - 1);
                members.push((name, v));
            }
        }
        self.shuffle(&mut members);
        J::Obj(members)
    }

    /// The body as JSON text: whitespace, needless escapes and a repeated member when
    /// the fuzzer asks (a repeated member turns the oracle off: serde_json keeps the
    /// last one, formgate must reject).
    pub fn body_text(&mut self, v: &J) -> String {
        if self.dot_pattern && has_line_terminator(v) {
            self.oracle = false;
        }
        let ws = self.chance(5);
        let escapes = self.chance(5);
        let dup = self.chance(1);
        let mut style = Style {
            g: self,
            ws,
            escapes,
            dup,
            duplicated: false,
        };
        let text = v.text(&mut style);
        if style.duplicated {
            self.oracle = false;
        }
        text
    }

    /// Split points within a body of `len` bytes, sorted.
    pub fn splits(&mut self, len: usize) -> Vec<usize> {
        let mut cuts: Vec<usize> = (0..self.below(7)).map(|_| self.below(len + 1)).collect();
        cuts.sort_unstable();
        cuts
    }
}

struct Style<'g, 'u, 'a> {
    g: &'g mut Gen<'u, 'a>,
    ws: bool,
    escapes: bool,
    dup: bool,
    duplicated: bool,
}

impl Spelling for Style<'_, '_, '_> {
    fn space(&mut self, out: &mut String) {
        if self.ws && self.g.chance(4) {
            out.push_str(self.g.pick(&[" ", "\n", "\t", "\r\n", "  "]));
        }
    }

    fn escape(&mut self, _c: char) -> bool {
        self.escapes && self.g.chance(3)
    }

    fn duplicate(&mut self) -> bool {
        if self.dup && !self.duplicated {
            self.duplicated = true;
            return true;
        }
        false
    }
}

fn has_line_terminator(v: &J) -> bool {
    let bad = |s: &str| s.contains(['\r', '\u{2028}', '\u{2029}']);
    match v {
        J::Str(s) => bad(s),
        J::Arr(items) => items.iter().any(has_line_terminator),
        J::Obj(m) => m.iter().any(|(k, x)| bad(k) || has_line_terminator(x)),
        _ => false,
    }
}

/// At most 15 significant digits and a modest exponent: read exactly through an `f64`.
fn short_decimal(lexeme: &str) -> bool {
    let (mantissa, exp) = lexeme.split_once(['e', 'E']).unwrap_or((lexeme, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let significant = digits.trim_start_matches('0').trim_end_matches('0').len();
    significant <= 15 && exp.parse::<i32>().is_ok_and(|e| e.abs() <= 20)
}

/// Unique names, first one kept.
fn dedup(members: Members) -> Members {
    let mut out: Members = Vec::with_capacity(members.len());
    for (k, v) in members {
        if !out.iter().any(|(o, _)| *o == k) {
            out.push((k, v));
        }
    }
    out
}

// ---------------------------------------------------------------------------
// References

/// The URI fragment of a JSON Pointer to `$defs/<name>`.
pub fn fragment(name: &str) -> String {
    let mut out = String::from("#/$defs/");
    let escaped = name.replace('~', "~0").replace('/', "~1");
    for b in escaped.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Resolve the `@n` placeholders (invariant 1): a `$ref` reached without descending
/// into the instance from `$defs` entry `i` may name only entries before `i`, from the
/// root any entry; below `properties`, `items` & co. any entry and `#`. A placeholder
/// with no allowed target is dropped.
pub fn fix_refs(root: &mut J) {
    let defs: Vec<String> = match root.get("$defs") {
        Some(J::Obj(m)) => m.iter().map(|(k, _)| fragment(k)).collect(),
        _ => Vec::new(),
    };
    walk(root, None, false, &defs, &mut |targets, n| {
        if targets.is_empty() {
            None
        } else {
            Some(targets[n % targets.len()].clone())
        }
    });
}

/// Wild mode: placeholders name any target, cycles included, or something odd.
fn odd_refs(root: &mut J) {
    let mut defs: Vec<String> = match root.get("$defs").or(root.get("definitions")) {
        Some(J::Obj(m)) => m.iter().map(|(k, _)| fragment(k)).collect(),
        _ => Vec::new(),
    };
    defs.push("#".into());
    walk(root, None, true, &defs, &mut |targets, n| {
        Some(match targets.get((n / 2) % targets.len().max(1)) {
            Some(t) if n % 2 == 0 => t.clone(),
            _ => WILD_REFS[n % WILD_REFS.len()].to_owned(),
        })
    });
}

type Choose<'c> = dyn FnMut(&[String], usize) -> Option<String> + 'c;

fn walk(node: &mut J, def: Option<usize>, guarded: bool, defs: &[String], choose: &mut Choose) {
    let J::Obj(members) = node else { return };
    for (k, v) in members.iter_mut() {
        match k.as_str() {
            "$ref" => {
                let n: usize = match v {
                    J::Str(s) if s.starts_with('@') => s[1..].parse().unwrap_or(0),
                    _ => continue,
                };
                let mut targets: Vec<String> = Vec::new();
                if guarded {
                    targets.push("#".to_owned());
                    targets.extend(defs.iter().cloned());
                } else {
                    let end = def.unwrap_or(defs.len()).min(defs.len());
                    targets.extend(defs[..end].iter().cloned());
                }
                *v = choose(&targets, n).map_or(J::Null, J::Str);
            }
            "properties" => {
                if let J::Obj(props) = v {
                    for (_, s) in props {
                        walk(s, def, true, defs, choose);
                    }
                }
            }
            "additionalProperties" | "items" => walk(v, def, true, defs, choose),
            "prefixItems" | "allOf" | "anyOf" | "oneOf" => {
                let g = guarded || k == "prefixItems";
                if let J::Arr(items) = v {
                    for s in items {
                        walk(s, def, g, defs, choose);
                    }
                }
            }
            "$defs" | "definitions" => {
                if let J::Obj(entries) = v {
                    for (i, (_, s)) in entries.iter_mut().enumerate() {
                        walk(s, Some(i), false, defs, choose);
                    }
                }
            }
            _ => {}
        }
    }
    members.retain(|(k, v)| !(k == "$ref" && *v == J::Null));
}

/// The schema a `$ref` written by [`fix_refs`] names.
pub fn resolve<'a>(root: &'a J, target: &str) -> Option<&'a J> {
    if target == "#" {
        return Some(root);
    }
    let J::Obj(defs) = root.get("$defs")? else {
        return None;
    };
    defs.iter()
        .find(|(k, _)| fragment(k) == target)
        .map(|(_, v)| v)
}

// ---------------------------------------------------------------------------
// Decimals for aimed numbers

/// `m × 10^e`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Dec {
    m: i128,
    e: i32,
}

impl Dec {
    fn parse(s: &str) -> Option<Dec> {
        let (mantissa, exp) = match s.find(['e', 'E']) {
            Some(i) => (&s[..i], s[i + 1..].parse::<i32>().ok()?),
            None => (s, 0),
        };
        let (neg, mantissa) = match mantissa.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, mantissa),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits = format!("{int}{frac}");
        let digits = digits.trim_start_matches('0');
        if digits.len() > 30 || exp.abs() > 30 {
            return None;
        }
        let m: i128 = if digits.is_empty() {
            0
        } else {
            digits.parse().ok()?
        };
        let d = Dec {
            m: if neg { -m } else { m },
            e: exp - frac.len() as i32,
        };
        Some(d.normal())
    }

    fn normal(mut self) -> Dec {
        if self.m == 0 {
            return Dec { m: 0, e: 0 };
        }
        while self.m % 10 == 0 {
            self.m /= 10;
            self.e += 1;
        }
        self
    }

    fn add(self, other: Dec) -> Option<Dec> {
        let e = self.e.min(other.e);
        let scale = |d: Dec| -> Option<i128> {
            d.m.checked_mul(10i128.checked_pow(u32::try_from(d.e - e).ok()?)?)
        };
        let m = scale(self)?.checked_add(scale(other)?)?;
        Some(Dec { m, e }.normal())
    }

    fn times(self, k: i128) -> Option<Dec> {
        Some(
            Dec {
                m: self.m.checked_mul(k)?,
                e: self.e,
            }
            .normal(),
        )
    }

    /// A lexeme for this value: `style` 0 exponent form, 1 with a trailing zero, else
    /// plain.
    fn lexeme(self, style: usize, e_upper: bool) -> String {
        let sign = if self.m < 0 { "-" } else { "" };
        let digits = self.m.unsigned_abs().to_string();
        if style == 0 && self.m != 0 {
            let e = if e_upper { "E" } else { "e" };
            return format!("{sign}{digits}{e}{}", self.e);
        }
        let plain = if self.e >= 0 {
            format!("{sign}{digits}{}", "0".repeat(self.e as usize))
        } else {
            let places = (-self.e) as usize;
            let padded = format!(
                "{}{digits}",
                "0".repeat((places + 1).saturating_sub(digits.len()))
            );
            let (int, frac) = padded.split_at(padded.len() - places);
            format!("{sign}{int}.{frac}")
        };
        match style {
            1 if !plain.contains('.') => format!("{plain}.0"),
            1 => format!("{plain}0"),
            _ => plain,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_spell_their_value() {
        let d = Dec::parse("-2.50").unwrap();
        assert_eq!(d, Dec { m: -25, e: -1 });
        assert_eq!(d.lexeme(0, false), "-25e-1");
        assert_eq!(d.lexeme(1, false), "-2.50");
        assert_eq!(d.lexeme(2, false), "-2.5");
        assert_eq!(Dec::parse("1e2").unwrap().lexeme(1, false), "100.0");
    }

    #[test]
    fn short_decimals() {
        assert!(short_decimal("12.75"));
        assert!(!short_decimal("9007199254740993"));
        assert!(!short_decimal("1e400"));
    }
}
