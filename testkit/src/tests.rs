//! The generators keep their promises (`forms` invariants 1, 3 and 4).

use crate::*;

/// Forms and bodies from seeded sources.
fn cases(p: &'static Profile, n: u64) -> impl Iterator<Item = (J, Gen<Rng>)> {
    (0..n).map(move |seed| {
        let mut g = Gen::new(Rng::new(seed), p, false);
        let form = g.form();
        (form, g)
    })
}

#[test]
fn tame_forms_compile() {
    for p in [&FULL, &ORACLE, &FUZZ] {
        for (form, _) in cases(p, 1500) {
            let text = form.compact();
            formgate::Form::compile(text.as_bytes()).unwrap_or_else(|e| panic!("{e}: {text}"));
        }
    }
}

/// `idents`: tame forms name definitions through embedded resources and anchors, and
/// hold discriminators whose mappings name branches, in a fair share; every `$ref` of
/// them names, for [`resolve`], a schema of the form.
#[test]
fn tame_forms_hold_identifiers_and_discriminators() {
    let (mut ids, mut anchors, mut mappings, total) = (0, 0, 0, 1500);
    for (form, _) in cases(&FULL, total) {
        let text = form.compact();
        ids += usize::from(text.contains("\"$id\":\"d"));
        anchors += usize::from(text.contains("\"$anchor\""));
        mappings += usize::from(text.contains("\"mapping\":{\""));
        assert!(!text.contains("@branch"), "{text}");
        let mut refs = Vec::new();
        collect_refs(&form, &mut refs);
        for r in refs {
            assert!(resolve(&form, &r).is_some(), "{r} in {text}");
        }
    }
    for (what, n) in [("$id", ids), ("$anchor", anchors), ("mapping", mappings)] {
        assert!(
            n * 50 >= total as usize,
            "{what} in only {n} of {total} forms"
        );
    }
}

fn collect_refs(v: &J, out: &mut Vec<String>) {
    match v {
        J::Obj(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("$ref", J::Str(t)) => out.push(t.clone()),
                    // Data: an `enum` or `const` may hold anything.
                    ("enum" | "const" | "default" | "examples", _) => {}
                    _ => collect_refs(x, out),
                }
            }
        }
        J::Arr(items) => items.iter().for_each(|x| collect_refs(x, out)),
        _ => {}
    }
}

/// Invariant 3: the marks and the [`ORACLE`] profile say the same; only a duplicate
/// member turns the oracle off there.
#[test]
fn the_oracle_profile_keeps_the_oracle() {
    for (form, mut g) in cases(&ORACLE, 1500) {
        assert!(g.oracle, "{}", form.compact());
        for _ in 0..4 {
            let v = g.value(&form, &form, BODY_DEPTH);
            assert!(g.oracle, "{} {}", form.compact(), v.compact());
        }
    }
}

/// The fuzzer's profile still leaves the oracle on for a fair share of cases, and turns
/// it off for some. Measured over 4,000 cases: the share is near a third, and 1,000
/// cases (a standard error of 1.5 points) let a shift of the generator's random draws
/// alone move it across.
#[test]
fn the_fuzz_profile_tracks_the_oracle() {
    let (mut on, total) = (0, 4000);
    for (form, mut g) in cases(&FUZZ, total) {
        let v = g.value(&form, &form, BODY_DEPTH);
        g.body_text(&v);
        on += usize::from(g.oracle);
    }
    assert!(
        on * 3 > total as usize && on < total as usize,
        "{on} of {total}"
    );
}

/// Words a form reads from its tape: far fewer than [`strategies::TAPE_WORDS`] but for
/// the rare largest forms.
#[test]
fn tapes_are_long_enough() {
    let mut used: Vec<usize> = (0..2000u64)
        .map(|seed| {
            let mut r = Rng::new(seed);
            let words = (0..8192).map(|_| r.next_u64() as u32).collect();
            let mut g = Gen::new(Tape::new(words), &FULL, false);
            g.form();
            g.source().used()
        })
        .collect();
    used.sort_unstable();
    let (median, p999) = (used[used.len() / 2], used[used.len() * 999 / 1000]);
    eprintln!(
        "tape words used: median {median}, 99.9% {p999}, max {}",
        used[used.len() - 1]
    );
    #[cfg(feature = "proptest")]
    assert!(p999 < strategies::TAPE_WORDS, "{p999}");
}

#[cfg(feature = "arbitrary")]
mod fuzzing {
    use crate::fuzzing::{wild_form, VerifyCase};
    use crate::Rng;

    /// Pseudo-random inputs of every length up to 400 bytes.
    fn inputs(n: usize) -> impl Iterator<Item = Vec<u8>> {
        let mut r = Rng::new(0x5eed);
        (0..n).map(move |i| (0..i % 400).map(|_| r.next_u64() as u8).collect())
    }

    /// Tame forms compile, and the generator is worth its time: both verdicts and the
    /// oracle are common.
    #[test]
    fn generated_forms_compile_and_get_both_verdicts() {
        let (mut admitted, mut oracle, total) = (0, 0, 2000);
        for data in inputs(total) {
            let case = VerifyCase::generate(&data);
            let form = formgate::Form::compile(case.form.as_bytes())
                .unwrap_or_else(|e| panic!("{e}: {}", case.form));
            admitted += usize::from(form.verify(&case.body).is_ok());
            oracle += usize::from(case.oracle);
            let _ = wild_form(&data);
        }
        eprintln!("{admitted} of {total} admitted, {oracle} for the oracle");
        assert!(
            admitted * 5 > total && admitted * 5 < total * 4,
            "{admitted}"
        );
        assert!(oracle * 3 > total, "{oracle}");
    }

    #[test]
    fn empty_input_gives_a_small_case() {
        let case = VerifyCase::generate(&[]);
        assert_eq!(case.form, "{}");
        assert!(wild_form(&[]).len() < 8);
    }
}

/// A form that names a pattern or format not marked `oracle` leaves the comparison
/// whatever strings its bodies hold: jsonschema may read any string otherwise (it does
/// not check `idn-email` or `idn-hostname` at all).
#[test]
fn unmarked_patterns_and_formats_leave_the_oracle() {
    // Names with no marked entry (`time` has both, its tricky samples apart).
    let formats = ALL_FORMATS
        .iter()
        .filter(|f| !ALL_FORMATS.iter().any(|o| o.oracle && o.name == f.name))
        .map(|f| f.name);
    let patterns = PATTERNS
        .iter()
        .filter(|p| !PATTERNS.iter().any(|o| o.oracle && o.source == p.source))
        .map(|p| p.source);
    let unmarked: Vec<String> = formats
        .chain(patterns)
        .map(|n| J::str(n).compact())
        .collect();
    let mut seen = 0;
    for (form, g) in cases(&FUZZ, 3000) {
        let text = form.compact();
        if unmarked.iter().any(|u| text.contains(&format!(":{u}"))) {
            seen += 1;
            assert!(!g.oracle, "{text}");
        }
    }
    assert!(
        seen > 50,
        "only {seen} forms name an unmarked pattern or format"
    );
}

/// The generators write every dialect (`crate::dialect`), with what each spells its own
/// way, the numeric formats and the content keywords; every form compiles in the
/// dialect its `$schema` names.
#[test]
fn every_dialect_and_its_spellings_occur() {
    let forms: Vec<String> = cases(&FULL, 1500).map(|(f, _)| f.compact()).collect();
    let share = |needle: &str| forms.iter().filter(|f| f.contains(needle)).count();
    for needle in DIALECT_URIS[..4].iter().copied().chain([
        "\"definitions\"",
        "\"dependencies\"",
        "\"additionalItems\"",
        "\"exclusiveMaximum\":true",
        "\"id\":",
        "\"format\":\"int",
        "\"format\":\"uint",
        "\"contentEncoding\"",
        "\"contentMediaType\"",
        "\"contentSchema\"",
    ]) {
        let n = share(needle);
        assert!(
            n * 200 >= forms.len(),
            "{needle} in only {n} of {}",
            forms.len()
        );
    }
    for text in &forms {
        let form = formgate::Form::compile(text.as_bytes()).unwrap();
        let named = DIALECT_URIS
            .iter()
            .position(|u| text.starts_with(&format!("{{\"$schema\":\"{u}\"")));
        let dialect = formgate::Dialect::ALL[named.unwrap_or(4)];
        assert_eq!(form.dialect(), dialect, "{text}");
    }
}
