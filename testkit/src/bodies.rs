//! Bodies aimed at a form, so that both verdicts occur often: built from the form's own
//! keywords (enum members, bounds and multiples, lengths around the limits, format and
//! pattern samples, required members), with random values mixed in at every level.
//! A body is valid JSON nested below 16 levels; it holds a duplicate member name only
//! when its [`Style`] asked for one.

use crate::numbers::Dec;
use crate::refs::resolve;
use crate::source::{Rng, Source};
use crate::tables::{short_decimal, Profile, DIALECT_URIS, PALETTE, TYPES};
use crate::value::{dedup, Members, Style, J};
use crate::Gen;

/// How deep [`Gen::value`] follows a form.
pub const BODY_DEPTH: u32 = 6;

/// A body value aimed at `form`, drawn from `seed`.
pub fn body_value(form: &J, p: &'static Profile, seed: u64) -> J {
    Gen::new(Rng::new(seed), p, false).value(form, form, BODY_DEPTH)
}

/// A body as JSON text, drawn from `seed`: [`body_value`] in a varied spelling, with a
/// duplicate member in about one body of twelve.
pub fn body_text(form: &J, p: &'static Profile, seed: u64) -> String {
    let mut g = Gen::new(Rng::new(seed), p, false);
    let v = g.value(form, form, BODY_DEPTH);
    g.body_text(&v)
}

fn count(s: &J, kw: &str) -> Option<usize> {
    match s.get(kw)? {
        J::Num(n) => Some(n.parse::<f64>().ok()? as usize),
        _ => None,
    }
}

/// Lengths around the limits `min` and `max`.
fn around(min: Option<usize>, max: Option<usize>) -> Vec<usize> {
    let mut lens = Vec::new();
    for n in [min, max].into_iter().flatten() {
        lens.extend([n.saturating_sub(1), n, n + 1]);
    }
    lens
}

impl<S: Source> Gen<S> {
    fn random(&mut self, depth: u32) -> J {
        let n = if depth > 0 { 8 } else { 6 };
        match self.below(n) {
            0 => J::Null,
            1 => J::Bool(self.chance(0.5)),
            2 | 3 => J::Num(self.number()),
            4 | 5 => J::Str(self.string()),
            6 => {
                let len = self.below(4);
                J::Arr((0..len).map(|_| self.random(depth - 1)).collect())
            }
            _ => {
                let len = self.below(4);
                let m = (0..len)
                    .map(|_| {
                        let name = self.pick(self.profile.names).to_owned();
                        (name, self.random(depth - 1))
                    })
                    .collect();
                J::Obj(dedup(m))
            }
        }
    }

    /// A body value aimed at schema `s` of form `root`, following it at most `depth`
    /// levels deep.
    pub fn value(&mut self, root: &J, s: &J, depth: u32) -> J {
        if std::ptr::eq(root, s) {
            // The form's dialect, for the oracle's marks (`Gen::note_number`).
            let uri = root.get("$schema");
            self.level = (DIALECT_URIS.iter())
                .position(|u| uri == Some(&J::str(u)))
                .unwrap_or(self.level);
        }
        if depth == 0 || self.chance(0.06) {
            return self.random(depth.min(1));
        }
        let J::Obj(_) = s else {
            return self.random(2);
        };
        if let Some(J::Arr(vs)) = s.get("enum") {
            if !vs.is_empty() && self.chance(0.6) {
                let v = vs[self.below(vs.len())].clone();
                return self.respell(&v);
            }
        }
        if let Some(c) = s.get("const") {
            if self.chance(0.6) {
                return self.respell(c);
            }
        }
        if let Some(J::Str(t)) = s.get("$ref") {
            if self.chance(0.5) {
                if let Some(target) = resolve(root, t) {
                    return self.value(root, target, depth - 1);
                }
            }
        }
        for kw in ["anyOf", "oneOf", "allOf"] {
            if let Some(J::Arr(branches)) = s.get(kw) {
                if !branches.is_empty() && self.chance(0.4) {
                    let b = &branches[self.below(branches.len())];
                    return self.value(root, b, depth - 1);
                }
            }
        }
        match self.pick_type(s) {
            "null" => J::Null,
            "boolean" => J::Bool(self.chance(0.5)),
            "integer" | "number" => J::Num(self.aimed_number(s)),
            "string" => J::Str(self.aimed_string(s)),
            "array" => self.array(root, s, depth),
            _ => self.object(root, s, depth),
        }
    }

    /// An equal value, sometimes spelled differently: numbers by another lexeme of the
    /// same value (`1` as `1.0`, `1e0`; `0` as `-0`), members in another order.
    fn respell(&mut self, v: &J) -> J {
        if self.chance(0.5) {
            return v.clone();
        }
        match v {
            J::Num(n) => match Dec::parse(n) {
                Some(d) if d.m == 0 && self.chance(0.3) => J::num("-0"),
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
            if has(&[
                "items",
                "prefixItems",
                "minItems",
                "maxItems",
                "uniqueItems",
                "contains",
            ]) {
                candidates.push("array");
            }
            if has(&[
                "properties",
                "required",
                "additionalProperties",
                "patternProperties",
                "propertyNames",
                "dependentRequired",
                "dependentSchemas",
                "dependencies",
            ]) {
                candidates.push("object");
            }
        }
        if candidates.is_empty() || self.chance(0.1) {
            return self.pick(&TYPES);
        }
        self.pick(&candidates)
    }

    /// A lexeme of `d` in one of several spellings.
    fn lexeme(&mut self, d: Dec) -> String {
        let style = self.below(4);
        let e_upper = self.chance(0.5);
        let s = d.lexeme(style, e_upper);
        self.note_number(&s);
        s
    }

    fn aimed_number(&mut self, s: &J) -> String {
        if let Some(J::Str(name)) = s.get("format") {
            let keep = |x: &&str| !self.profile.oracle_only || short_decimal(x);
            let samples: Vec<&str> = (self.profile.numeric_formats.iter())
                .filter(|f| f.name == name)
                .flat_map(|f| f.samples.iter().copied())
                .filter(keep)
                .collect();
            if !samples.is_empty() && self.chance(0.6) {
                let x = self.pick(&samples).to_owned();
                self.note_number(&x);
                return x;
            }
        }
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
        let half = Dec { m: 5, e: -1 };
        let free = self.profile.free;
        let aimed = match self.below(if free { 6 } else { 5 }) {
            0 | 1 => {
                let base = if bounds.is_empty() {
                    Dec::ZERO
                } else {
                    bounds[self.below(bounds.len())]
                };
                let mut deltas = vec![Dec::ZERO, one, Dec { m: -1, e: 0 }, half];
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
            4 if free => return self.free_number(),
            _ => None,
        };
        match aimed {
            Some(d) => self.lexeme(d),
            None => self.number(),
        }
    }

    /// Samples of the profile's formats (or patterns) named `name`, with their marks.
    fn aimed_string(&mut self, s: &J) -> String {
        if (s.get("contentEncoding").is_some() || s.get("contentMediaType").is_some())
            && self.chance(0.7)
        {
            return self.content_string();
        }
        if let Some(J::Str(name)) = s.get("format") {
            if self.chance(0.7) {
                let samples: Vec<(&str, bool)> = (self.profile.formats.iter())
                    .filter(|f| f.name == name)
                    .flat_map(|f| f.samples.iter().map(|x| (*x, f.oracle)))
                    .collect();
                if !samples.is_empty() {
                    let (x, oracle) = self.pick(&samples);
                    self.oracle &= oracle;
                    return x.to_owned();
                }
            }
        }
        if let Some(J::Str(source)) = s.get("pattern") {
            if self.chance(0.7) {
                let samples: Vec<(&str, bool)> = (self.profile.patterns.iter())
                    .filter(|p| p.source == source)
                    .flat_map(|p| p.samples.iter().map(|x| (*x, p.oracle)))
                    .collect();
                if !samples.is_empty() {
                    let (x, oracle) = self.pick(&samples);
                    self.oracle &= oracle;
                    return x.to_owned();
                }
            }
        }
        let (min, max) = (count(s, "minLength"), count(s, "maxLength"));
        if (min.is_some() || max.is_some()) && self.chance(0.7) {
            let len = self.pick(&around(min, max)).min(24);
            return (0..len).map(|_| self.pick(PALETTE)).collect();
        }
        self.string()
    }

    fn array(&mut self, root: &J, s: &J, depth: u32) -> J {
        // Before 2020-12, array-form `items` and `additionalItems` (`crate::dialect`).
        let (prefix, items) = match (s.get("prefixItems"), s.get("items")) {
            (Some(J::Arr(p)), items) => (&p[..], items),
            (_, Some(J::Arr(p))) => (&p[..], s.get("additionalItems")),
            (_, items) => (&[][..], items),
        };
        let (min, max) = (count(s, "minItems"), count(s, "maxItems"));
        let len = if (min.is_some() || max.is_some()) && self.chance(0.7) {
            self.pick(&around(min, max)).min(6)
        } else if !prefix.is_empty() && self.chance(0.5) {
            prefix.len() + self.below(2)
        } else {
            self.below(4)
        };
        let mut elements: Vec<J> = (0..len)
            .map(|i| match (prefix.get(i), items) {
                (Some(p), _) => self.value(root, p, depth - 1),
                (None, Some(it)) => self.value(root, it, depth - 1),
                (None, None) => self.random(depth - 1),
            })
            .collect();
        // `uniqueItems` is only tested by a repeat: now and then an element comes twice.
        if matches!(s.get("uniqueItems"), Some(J::Bool(true)))
            && !elements.is_empty()
            && self.chance(0.3)
        {
            let copy = elements[self.below(elements.len())].clone();
            let at = self.below(elements.len() + 1);
            elements.insert(at, copy);
        }
        J::Arr(elements)
    }

    fn object(&mut self, root: &J, s: &J, depth: u32) -> J {
        let props: &[(String, J)] = match s.get("properties") {
            Some(J::Obj(p)) => p,
            _ => &[],
        };
        let additional = s.get("additionalProperties");
        let schema_for = |name: &str| -> J {
            props
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v)
                .or(additional)
                .cloned()
                .unwrap_or(J::Bool(true))
        };
        let mut members = Members::new();
        if let Some(J::Arr(req)) = s.get("required") {
            for name in req {
                if let J::Str(name) = name {
                    if self.chance(0.92) {
                        let v = self.value(root, &schema_for(name), depth - 1);
                        members.push((name.clone(), v));
                    }
                }
            }
        }
        for (name, sub) in props {
            if self.chance(0.5) && !members.iter().any(|(k, _)| k == name) {
                let v = self.value(root, sub, depth - 1);
                members.push((name.clone(), v));
            }
        }
        // The names a dependency is about (`dependentRequired`, `dependentSchemas`,
        // draft-04..07 `dependencies`): a trigger, or a name it requires, now and then.
        for kw in ["dependentRequired", "dependentSchemas", "dependencies"] {
            let Some(J::Obj(entries)) = s.get(kw) else {
                continue;
            };
            for (trigger, dep) in entries {
                let mut names = vec![trigger.as_str()];
                if let J::Arr(required) = dep {
                    names.extend(required.iter().filter_map(|n| match n {
                        J::Str(n) => Some(n.as_str()),
                        _ => None,
                    }));
                }
                for name in names {
                    if self.chance(0.4) && !members.iter().any(|(k, _)| k == name) {
                        let v = self.value(root, &schema_for(name), depth - 1);
                        members.push((name.to_owned(), v));
                    }
                }
            }
        }
        if self.chance(0.25) {
            let name = self.pick(self.profile.names).to_owned();
            if !members.iter().any(|(k, _)| *k == name) {
                let v = self.value(root, &schema_for(&name), depth - 1);
                members.push((name, v));
            }
        }
        // Member order never matters to a verdict.
        self.shuffle(&mut members);
        J::Obj(members)
    }

    /// The body as JSON text: whitespace, needless escapes and a repeated member now and
    /// then. A repeated member turns the oracle off (serde_json keeps the last one,
    /// formgate must reject), and so does a line terminator ECMA `.` and the regex
    /// crate read differently, if the form has a pattern with `.`.
    pub fn body_text(&mut self, v: &J) -> String {
        if self.dot_pattern && v.has_odd_line_terminator() {
            self.oracle = false;
        }
        // draft-04's `integer`: formgate reads it by value, jsonschema by spelling.
        if self.level == crate::dialect::DRAFT4 && v.has_spelled_number() {
            self.oracle = false;
        }
        let style = Style {
            ws: self.chance(0.3),
            escapes: self.chance(0.3),
            dup: self.chance(0.08),
        };
        let (text, duplicated) = v.text_noting_duplicate(&mut self.src, style);
        if duplicated {
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
