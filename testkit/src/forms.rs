//! [`Gen`]: the generation rules, and the forms they build.
//!
//! Invariants:
//! 1. A tame form ([`Gen::form`] with `wild` off) lies within Vocabulary v1 and
//!    compiles: keyword values are well shaped, names in `required` and `type` unique,
//!    `multipleOf` positive, and every `$ref` resolves with no cycle of same-instance
//!    applicators ([`fix_refs`]), now and then through embedded resources and anchors
//!    ([`embed_ids`]); a `discriminator` agrees with its branches, its `mapping`
//!    naming them ([`fix_mappings`]).
//! 2. A wild form may hold anything as well: foreign keywords, keywords with values of
//!    any shape, pattern sources from pieces of ECMA syntax, any `$ref`, `format` and
//!    `$schema`. It may or may not compile.
//! 3. What may appear (patterns, formats, number lexemes, strings) comes from the
//!    [`Profile`]. [`Gen::oracle`] stays `true` only while everything generated lies
//!    where formgate and jsonschema cannot legitimately differ: no number lexeme but a
//!    short decimal, no sample not marked `oracle`, no `\b`, no line terminator but
//!    `\n` in a body under a pattern with `.`, no duplicate member, no freely chosen
//!    string, no content keyword outside draft-07 (nor a sample the oracle's JSON reads
//!    otherwise), no integer spelled with a fraction or exponent in draft-04. Under
//!    [`crate::ORACLE`] it stays `true` up to duplicate members.
//! 4. Every choice goes through the [`Source`]; when it runs out every choice takes its
//!    simplest answer, so generation always ends and small inputs give small cases.

use crate::dialect::{Translation, DRAFT2019, DRAFT2020, DRAFT4, DRAFT7};
use crate::idents::{embed_ids, fix_mappings, Naming};
use crate::numbers::Dec;
use crate::refs::{fix_refs, odd_refs};
use crate::source::Source;
use crate::tables::{short_decimal, Profile, CONTENT_SAMPLES, DIALECT, DIALECT_URIS, TYPES};
use crate::value::{dedup, Members, J};
use crate::wild::{DIALECTS, FOREIGN_KEYWORDS, KEYWORDS, REGEX_TOKENS, WILD_FORMATS, WILD_REFS};

/// Schemas one form may hold at most.
const SCHEMA_BUDGET: u32 = 48;

/// Forms and bodies built by one set of rules from the choices of a [`Source`].
pub struct Gen<S> {
    pub(crate) src: S,
    pub(crate) profile: &'static Profile,
    /// Invariant 2.
    wild: bool,
    /// Invariant 3.
    pub oracle: bool,
    /// A pattern containing `.` is in the form.
    pub(crate) dot_pattern: bool,
    /// The form's dialect, an index into [`DIALECT_URIS`] (`crate::dialect`).
    pub(crate) level: usize,
    budget: u32,
}

impl<S: Source> Gen<S> {
    /// `wild`: forms beyond the vocabulary too (invariant 2).
    pub fn new(src: S, profile: &'static Profile, wild: bool) -> Self {
        Gen {
            src,
            profile,
            wild,
            oracle: true,
            dot_pattern: false,
            level: DRAFT2020,
            budget: SCHEMA_BUDGET,
        }
    }

    /// The source, to see what it has left.
    pub fn source(&self) -> &S {
        &self.src
    }

    // -----------------------------------------------------------------------
    // Choices

    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.src.below(n)
    }

    pub(crate) fn chance(&mut self, p: f64) -> bool {
        self.src.chance(p)
    }

    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        *self.src.pick(items)
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        self.src.shuffle(items);
    }

    /// A string of any characters (invariant 3: the oracle is off).
    fn free_string(&mut self) -> String {
        self.oracle = false;
        let len = self.below(12);
        let mut s = String::new();
        for _ in 0..len {
            let c = match self.below(4) {
                0 => char::from(0x20 + self.below(0x5f) as u8),
                1 => char::from(self.below(0x20) as u8),
                _ => char::from_u32(self.below(0x11_0000) as u32).unwrap_or('\u{fffd}'),
            };
            s.push(c);
        }
        s
    }

    /// A number lexeme of any length and exponent.
    pub(crate) fn free_number(&mut self) -> String {
        let mut s = String::new();
        if self.chance(0.3) {
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
        if self.chance(0.4) {
            s.push('.');
            for _ in 0..1 + self.below(20) {
                s.push(char::from(b'0' + self.below(10) as u8));
            }
        }
        if self.chance(0.4) {
            s.push(self.pick(&['e', 'E']));
            match self.below(3) {
                0 => s.push('-'),
                1 => s.push('+'),
                _ => {}
            }
            for _ in 0..self.pick(&[1usize, 1, 2, 3, 5, 20]) {
                s.push(char::from(b'0' + self.below(10) as u8));
            }
        }
        self.note_number(&s);
        s
    }

    /// Invariant 3 for a number lexeme written into the form or a body. In a draft-04
    /// form, an integer spelled with a fraction or exponent (`1.0`, `1e2`) is not for
    /// the oracle: jsonschema reads draft-04's `integer` by spelling, formgate by value
    /// (docs/DIALECTS.md).
    pub(crate) fn note_number(&mut self, lexeme: &str) {
        self.oracle &= short_decimal(lexeme);
        if self.level == DRAFT4 && lexeme.contains(['.', 'e', 'E']) {
            self.oracle &= Dec::parse(lexeme).is_some_and(|d| d.e < 0);
        }
    }

    /// A number from the profile (or, in a free profile, one in eight any lexeme).
    pub(crate) fn number(&mut self) -> String {
        if self.profile.free && self.chance(0.125) {
            return self.free_number();
        }
        let n = self.pick(self.profile.numbers).to_owned();
        self.note_number(&n);
        n
    }

    /// A string from the profile (or, in a free profile, one in sixteen any string).
    pub(crate) fn string(&mut self) -> String {
        if self.profile.free && self.chance(0.0625) {
            return self.free_string();
        }
        self.pick(self.profile.strings).to_owned()
    }

    // -----------------------------------------------------------------------
    // Forms

    /// A small JSON value for `enum`, `const`, `default`, `examples`.
    fn data(&mut self, depth: u32) -> J {
        let n = if depth > 0 { 10 } else { 8 };
        match self.below(n) {
            0 => J::Null,
            1 => J::Bool(self.chance(0.5)),
            2..=4 => J::Num(self.number()),
            5..=7 => J::Str(self.string()),
            8 => {
                let len = self.below(3);
                J::Arr((0..len).map(|_| self.data(depth - 1)).collect())
            }
            _ => {
                let len = self.below(3);
                let m = (0..len)
                    .map(|_| {
                        (
                            self.pick(self.profile.names).to_owned(),
                            self.data(depth - 1),
                        )
                    })
                    .collect();
                J::Obj(dedup(m))
            }
        }
    }

    fn count(&mut self) -> J {
        J::num(self.pick(self.profile.counts))
    }

    fn type_part(&mut self, m: &mut Members) {
        if self.chance(0.75) {
            m.push(("type".into(), J::str(self.pick(&TYPES))));
        } else {
            let mut ts = TYPES.to_vec();
            self.shuffle(&mut ts);
            let n = 1 + self.below(3);
            let ts = ts[..n].iter().map(|t| J::str(t)).collect();
            m.push(("type".into(), J::Arr(ts)));
        }
    }

    fn string_part(&mut self, m: &mut Members) {
        if self.chance(0.5) {
            m.push(("minLength".into(), self.count()));
        }
        if self.chance(0.5) {
            m.push(("maxLength".into(), self.count()));
        }
        if self.chance(0.4) {
            let p = self.pick(self.profile.patterns);
            // A pattern not marked `oracle` may read any string, not only its samples,
            // otherwise than jsonschema does.
            if !p.oracle || p.source.contains("\\b") {
                self.oracle = false;
            }
            self.dot_pattern |= p.source.contains('.');
            m.push(("pattern".into(), J::str(p.source)));
        }
        if self.chance(0.35) {
            let f = self.pick(self.profile.formats);
            // Likewise a format not marked `oracle` (jsonschema, as the oracle is built,
            // does not check `idn-email` or `idn-hostname` at all).
            if !f.oracle {
                self.oracle = false;
            }
            m.push(("format".into(), J::str(f.name)));
        }
        let content_here = match self.level {
            DRAFT7 => true,
            level => level > DRAFT7 && !self.profile.oracle_only,
        };
        if self.profile.content && content_here && self.chance(0.08) {
            self.content_part(m);
        }
    }

    /// `contentEncoding`, `contentMediaType` and (2019-09 and later, beside
    /// `contentMediaType`) `contentSchema`: formgate asserts them, jsonschema only in
    /// draft-07 (2019-09 and later make them annotations), so the oracle stays only
    /// there.
    fn content_part(&mut self, m: &mut Members) {
        self.oracle &= self.level == DRAFT7;
        let (encoding, media) = match self.below(3) {
            0 => (true, false),
            1 => (false, true),
            _ => (true, true),
        };
        if encoding {
            m.push(("contentEncoding".into(), J::str("base64")));
        }
        if media {
            m.push(("contentMediaType".into(), J::str("application/json")));
            if self.level >= DRAFT2019 && self.chance(0.6) {
                let s = self.schema(0);
                m.push(("contentSchema".into(), s));
            }
        }
    }

    /// A string for a schema with content keywords: one of [`CONTENT_SAMPLES`] (under
    /// an `oracle_only` profile, one marked `oracle`).
    pub(crate) fn content_string(&mut self) -> String {
        let oracle_only = self.profile.oracle_only;
        let samples: Vec<(&str, bool)> = (CONTENT_SAMPLES.iter().copied())
            .filter(|(_, marked)| *marked || !oracle_only)
            .collect();
        let (x, marked) = self.pick(&samples);
        self.oracle &= marked;
        x.to_owned()
    }

    fn number_part(&mut self, m: &mut Members) {
        for kw in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
            if self.chance(0.35) {
                let n = self.number();
                m.push((kw.into(), J::Num(n)));
            }
        }
        if self.chance(0.4) {
            m.push((
                "multipleOf".into(),
                J::num(self.pick(self.profile.multiples)),
            ));
        }
        if !self.profile.numeric_formats.is_empty() && self.chance(0.1) {
            // jsonschema ignores the numeric formats: the oracle reads them as the ranges
            // they mean (`crate::for_jsonschema`), and only where marked `oracle`.
            let f = self.pick(self.profile.numeric_formats);
            self.oracle &= f.oracle;
            m.push(("format".into(), J::str(f.name)));
        }
    }

    /// `enum`, `const`, or both (each must hold; the `const` often among the members,
    /// so that both can).
    fn value_part(&mut self, m: &mut Members) {
        let (e, c) = match self.below(8) {
            0..=4 => (true, false),
            5 | 6 => (false, true),
            _ => (true, true),
        };
        if e {
            let n = 1 + self.below(4);
            let vs: Vec<J> = (0..n).map(|_| self.data(2)).collect();
            if c && self.chance(0.625) {
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
            if self.chance(0.3) {
                m.push((kw.into(), J::str(self.pick(self.profile.texts))));
            }
        }
        if self.chance(0.25) {
            let v = self.data(2);
            m.push(("default".into(), v));
        }
        if self.chance(0.2) {
            let n = self.below(3);
            let vs = (0..n).map(|_| self.data(2)).collect();
            m.push(("examples".into(), J::Arr(vs)));
        }
        for kw in ["deprecated", "readOnly", "writeOnly"] {
            if self.chance(0.15) {
                m.push((kw.into(), J::Bool(self.chance(0.5))));
            }
        }
    }

    /// A `$ref` placeholder `@n`; [`fix_refs`] turns it into a real target or drops it.
    fn ref_part(&mut self, m: &mut Members) {
        let n = self.below(1 << 16);
        m.push(("$ref".into(), J::Str(format!("@{n}"))));
    }

    fn array_part(&mut self, m: &mut Members, depth: u32) {
        if self.chance(0.35) {
            let n = 1 + self.below(3);
            let items = (0..n).map(|_| self.schema(depth - 1)).collect();
            m.push(("prefixItems".into(), J::Arr(items)));
        }
        if self.chance(0.6) {
            let items = match self.below(5) {
                0 => J::Bool(true),
                1 => J::Bool(false),
                _ => self.schema(depth - 1),
            };
            m.push(("items".into(), items));
        }
        if self.chance(0.3) {
            m.push(("minItems".into(), self.count()));
        }
        if self.chance(0.3) {
            m.push(("maxItems".into(), self.count()));
        }
        if self.chance(0.15) {
            m.push(("uniqueItems".into(), J::Bool(self.chance(0.8))));
        }
        if self.chance(0.2) {
            let c = self.schema(depth - 1);
            m.push(("contains".into(), c));
            for kw in ["minContains", "maxContains"] {
                if self.chance(0.3) {
                    m.push((kw.into(), self.count()));
                }
            }
        }
        // 2019-09's `unevaluatedItems` does not see `contains`, the oracle's does (see
        // `Gen::form`): a profile that keeps the oracle writes it in 2020-12 only.
        let differs = self.profile.oracle_only && self.level == DRAFT2019;
        if !differs && self.chance(0.1) {
            let u = self.unevaluated(depth);
            m.push(("unevaluatedItems".into(), u));
        }
    }

    /// The value of `unevaluatedProperties` or `unevaluatedItems`: mostly `false`, as
    /// generators write it.
    fn unevaluated(&mut self, depth: u32) -> J {
        match self.below(8) {
            0..=4 => J::Bool(false),
            5 | 6 => J::Bool(true),
            _ => self.schema(depth - 1),
        }
    }

    fn object_part(&mut self, m: &mut Members, depth: u32) {
        let props = if self.chance(0.85) {
            let mut props = Members::new();
            for _ in 0..self.below(4) {
                let name = self.pick(self.profile.names).to_owned();
                let s = self.schema(depth - 1);
                props.push((name, s));
            }
            Some(dedup(props))
        } else {
            None
        };
        if self.chance(0.5) {
            let names: Vec<&str> = props.iter().flatten().map(|(k, _)| k.as_str()).collect();
            let mut req: Vec<String> = Vec::new();
            for _ in 0..self.below(4) {
                let name = if self.chance(0.2) || names.is_empty() {
                    self.pick(self.profile.names)
                } else {
                    self.pick(&names)
                };
                if !req.iter().any(|r| r == name) {
                    req.push(name.to_owned());
                }
            }
            let req = req.into_iter().map(J::Str).collect();
            m.push(("required".into(), J::Arr(req)));
        }
        if let Some(props) = props {
            m.push(("properties".into(), J::Obj(props)));
        }
        if self.chance(0.45) {
            let a = match self.below(6) {
                0..=2 => J::Bool(false),
                3 => J::Bool(true),
                _ => self.schema(depth - 1),
            };
            m.push(("additionalProperties".into(), a));
        }
        for kw in ["minProperties", "maxProperties"] {
            if self.chance(0.15) {
                m.push((kw.into(), self.count()));
            }
        }
        if self.chance(0.15) {
            let mut pats = Members::new();
            for _ in 0..1 + self.below(2) {
                let p = self.pick(self.profile.patterns);
                if !p.oracle || p.source.contains("\\b") {
                    self.oracle = false;
                }
                self.dot_pattern |= p.source.contains('.');
                let s = self.schema(depth - 1);
                pats.push((p.source.to_owned(), s));
            }
            m.push(("patternProperties".into(), J::Obj(dedup(pats))));
        }
        if self.chance(0.1) {
            let mut names = Members::new();
            if self.chance(0.5) {
                names.push(("maxLength".into(), self.count()));
            }
            if self.chance(0.4) {
                let p = self.pick(self.profile.patterns);
                if !p.oracle || p.source.contains("\\b") {
                    self.oracle = false;
                }
                self.dot_pattern |= p.source.contains('.');
                names.push(("pattern".into(), J::str(p.source)));
            }
            if self.chance(0.3) {
                let n = 1 + self.below(3);
                let vs = (0..n)
                    .map(|_| J::str(self.pick(self.profile.names)))
                    .collect();
                names.push(("enum".into(), J::Arr(vs)));
            }
            m.push(("propertyNames".into(), J::Obj(names)));
        }
        if self.chance(0.12) {
            let mut deps = Members::new();
            for _ in 0..1 + self.below(2) {
                let trigger = self.pick(self.profile.names).to_owned();
                let mut req: Vec<String> = Vec::new();
                for _ in 0..self.below(3) {
                    let name = self.pick(self.profile.names);
                    if !req.iter().any(|r| r == name) {
                        req.push(name.to_owned());
                    }
                }
                deps.push((trigger, J::Arr(req.into_iter().map(J::Str).collect())));
            }
            m.push(("dependentRequired".into(), J::Obj(dedup(deps))));
        }
        if self.chance(0.1) {
            let mut deps = Members::new();
            for _ in 0..1 + self.below(2) {
                let trigger = self.pick(self.profile.names).to_owned();
                let s = self.schema(depth - 1);
                deps.push((trigger, s));
            }
            m.push(("dependentSchemas".into(), J::Obj(dedup(deps))));
        }
        if self.chance(0.1) {
            let u = self.unevaluated(depth);
            m.push(("unevaluatedProperties".into(), u));
        }
    }

    /// A tagged union: a `oneOf` or `anyOf` whose branches each require `property` and
    /// pin it to values of their own, with a `discriminator` that agrees (what
    /// formgate's `discriminator` compiles), its `mapping` naming some branches through
    /// placeholders that [`crate::fix_mappings`] points at them.
    fn tagged_part(&mut self, m: &mut Members, depth: u32) {
        let kw = self.pick(&["oneOf", "anyOf"]);
        let property = self.pick(&["kind", "type", "t/ag"]);
        let n = 1 + self.below(3);
        let mut branches = Vec::with_capacity(n);
        let mut mapping = Members::new();
        for i in 0..n {
            let pin = if self.chance(0.3) {
                J::Obj(vec![(
                    "enum".into(),
                    J::Arr(vec![J::Str(format!("v{i}")), J::Str(format!("w{i}"))]),
                )])
            } else {
                J::Obj(vec![("const".into(), J::Str(format!("v{i}")))])
            };
            let mut b: Members = vec![
                ("type".into(), J::str("object")),
                ("properties".into(), J::Obj(vec![(property.into(), pin)])),
                ("required".into(), J::Arr(vec![J::str(property)])),
            ];
            if depth > 0 && self.chance(0.5) {
                b.push(("allOf".into(), J::Arr(vec![self.schema(depth - 1)])));
            }
            self.shuffle(&mut b);
            branches.push(J::Obj(b));
            if self.chance(0.5) {
                mapping.push((
                    format!("v{i}"),
                    J::Str(crate::idents::branch_placeholder(i)),
                ));
            }
        }
        let mut d: Members = vec![("propertyName".into(), J::str(property))];
        if !mapping.is_empty() {
            d.push(("mapping".into(), J::Obj(mapping)));
        }
        m.push((kw.into(), J::Arr(branches)));
        m.push(("discriminator".into(), J::Obj(d)));
    }

    /// A union of closed objects, and now and then a scalar beside them: an `anyOf`
    /// or `oneOf` whose object branches each list a few names and
    /// `additionalProperties: false`. Their names share first bytes or not (and one
    /// may be empty, or start past ASCII), and two branches may admit the same
    /// object, so that a branch ruled out by the value's first byte or its first
    /// name's (`Node::leads`) is ruled out rightly or caught.
    fn closed_union_part(&mut self, m: &mut Members, depth: u32) {
        const NAMES: [&str; 8] = ["a", "ab", "b", "bc", "c", "", "é", "ét"];
        let kw = self.pick(&["oneOf", "anyOf"]);
        let n = 2 + self.below(2);
        let mut branches = Vec::with_capacity(n + 1);
        for _ in 0..n {
            let mut props = Members::new();
            for _ in 0..1 + self.below(3) {
                let name = self.pick(&NAMES);
                if !props.iter().any(|(k, _)| k == name) {
                    let v = self.schema(depth.saturating_sub(1));
                    props.push((name.into(), v));
                }
            }
            let mut b: Members = Vec::new();
            if self.chance(0.7) {
                b.push(("type".into(), J::str("object")));
            }
            if self.chance(0.5) {
                let first = J::Str(props[0].0.clone());
                b.push(("required".into(), J::Arr(vec![first])));
            }
            b.push(("properties".into(), J::Obj(props)));
            b.push(("additionalProperties".into(), J::Bool(false)));
            self.shuffle(&mut b);
            branches.push(J::Obj(b));
        }
        if self.chance(0.4) {
            let t = self.pick(&["null", "integer", "string", "array"]);
            branches.push(J::Obj(vec![("type".into(), J::str(t))]));
        }
        self.shuffle(&mut branches);
        m.push((kw.into(), J::Arr(branches)));
    }

    fn applicator_part(&mut self, m: &mut Members, depth: u32) {
        let mut kws = ["allOf", "anyOf", "oneOf"];
        self.shuffle(&mut kws);
        // A tagged union or a union of closed objects stands for the `anyOf`/`oneOf`
        // (a discriminator may be beside only one of them).
        let tagged = match self.below(20) {
            0..=2 => {
                self.tagged_part(m, depth);
                true
            }
            3..=5 => {
                self.closed_union_part(m, depth);
                true
            }
            _ => false,
        };
        for kw in kws[..1 + self.below(2)]
            .iter()
            .filter(|kw| !tagged || **kw == "allOf")
        {
            let n = 1 + self.below(3);
            let branches = (0..n).map(|_| self.schema(depth - 1)).collect();
            m.push(((*kw).into(), J::Arr(branches)));
        }
        if self.chance(0.2) {
            let s = self.schema(depth - 1);
            m.push(("not".into(), s));
        }
        if self.chance(0.2) {
            // `if` now and then alone, `then` or `else` now and then without `if`:
            // those decide nothing, as 2020-12 says.
            for kw in ["if", "then", "else"] {
                if self.chance(0.7) {
                    let s = self.schema(depth - 1);
                    m.push((kw.into(), s));
                }
            }
        }
    }

    /// Something outside the vocabulary, or a keyword with a value of any shape
    /// (invariant 2).
    fn wild_part(&mut self, m: &mut Members, depth: u32) {
        match self.below(7) {
            0 => {
                let kw = self.pick(FOREIGN_KEYWORDS);
                let v = if self.chance(0.5) {
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
                if self.chance(0.2) {
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

    /// One schema nested at most `depth` levels of subschemas deep: an object of
    /// keywords in random order, now and then `true` or `false`.
    pub fn schema(&mut self, depth: u32) -> J {
        if self.budget == 0 || self.chance(0.125) {
            return J::Bool(self.chance(0.5));
        }
        self.budget -= 1;
        let mut m = Members::new();
        if self.chance(0.45) {
            self.type_part(&mut m);
        }
        if self.chance(0.3) {
            self.string_part(&mut m);
        }
        if self.chance(0.3) {
            self.number_part(&mut m);
        }
        if self.chance(0.2) {
            self.value_part(&mut m);
        }
        if self.chance(0.25) {
            self.annotation_part(&mut m);
        }
        if self.chance(0.12) {
            self.ref_part(&mut m);
        }
        if depth > 0 {
            if self.chance(0.3) {
                self.array_part(&mut m, depth);
            }
            if self.chance(0.4) {
                self.object_part(&mut m, depth);
            }
            if self.chance(0.25) {
                self.applicator_part(&mut m, depth);
            }
        }
        if self.wild {
            while self.chance(0.25) {
                self.wild_part(&mut m, depth);
            }
        }
        self.shuffle(&mut m);
        J::Obj(dedup(m))
    }

    /// A whole form: a schema, perhaps with `$defs`, `$schema`, `$id`; `$ref`s resolved
    /// (invariant 1; in a wild form a `$ref` may also name anything).
    pub fn form(&mut self) -> J {
        if !self.wild {
            self.level = self.dialect_level();
        }
        let mut root = self.schema(3);
        let defs = if self.chance(0.35) {
            let n = 1 + self.below(3);
            let d = (0..n)
                .map(|_| (self.pick(self.profile.def_names).to_owned(), self.schema(2)))
                .collect();
            Some(dedup(d))
        } else {
            None
        };
        let dialect = self.chance(0.15);
        let id = self.chance(0.05);
        if let J::Obj(members) = &mut root {
            if let Some(defs) = defs {
                let key = if self.wild && self.chance(0.2) {
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
        if !self.wild || self.chance(0.75) {
            fix_refs(&mut root);
            // Now and then the definitions are embedded resources or anchors, and the
            // `$ref`s name them so.
            // (Anchors are 2019-09's: in older dialects the definitions keep pointers.)
            if self.level >= DRAFT2019 && self.chance(0.3) {
                let namings: Vec<Naming> = (0..3).map(|_| Naming::nth(self.below(4))).collect();
                embed_ids(&mut root, &namings);
            }
        } else {
            odd_refs(&mut root);
        }
        if self.level < DRAFT2020 {
            let mut t = Translation::new(self.level, self.profile.oracle_only);
            t.schema(&mut root, false);
            self.oracle &= t.oracle;
            // draft-04's `integer` by spelling: jsonschema refuses `"maxLength": 3E0`.
            if self.level == DRAFT4 && root.has_spelled_number() {
                self.oracle = false;
            }
            // 2019-09's `unevaluatedItems` does not see `contains`; jsonschema's does, as
            // in 2020-12 (tests/differential.rs, `KNOWN_DIFFERENCES`).
            if self.level == DRAFT2019
                && root.has_member("contains")
                && root.has_member("unevaluatedItems")
            {
                self.oracle = false;
            }
            if let J::Obj(members) = &mut root {
                members.retain(|(k, _)| k != "$schema");
                members.insert(0, ("$schema".into(), J::str(DIALECT_URIS[self.level])));
            }
        }
        fix_mappings(&mut root);
        root
    }

    /// A dialect by the profile's shares (an index into [`DIALECT_URIS`]).
    fn dialect_level(&mut self) -> usize {
        let total: u32 = self.profile.dialects.iter().map(|(_, w)| w).sum();
        let mut at = self.below(total.max(1) as usize) as u32;
        for &(uri, w) in self.profile.dialects {
            if at < w {
                return DIALECT_URIS
                    .iter()
                    .position(|u| *u == uri)
                    .unwrap_or(DRAFT2020);
            }
            at -= w;
        }
        DRAFT2020
    }
}
