#![no_main]
//! Patterns with lookaround: formgate's linear matcher (state-set simulation, no
//! backtracking) against the backtracking `fancy-regex` on small generated patterns
//! and short ASCII strings (see `formgate_fuzz::pattern_case`), and against the
//! matcher a form uses (the `regex` crate when there is no lookaround). A case the
//! reference refuses to compile or gives up on (its backtrack limit) is not compared
//! with it, nor one it is known to misread (a lookaround inside a lookbehind, the
//! repeat shapes its optimizer rewrites wrongly).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let case = formgate_fuzz::pattern_case(data);
    let linear = formgate::__fuzz::linear_pattern_matcher(&case.ecma);
    let form = formgate::__fuzz::pattern_matcher(&case.ecma);
    let (linear, form) = match (linear, form) {
        (Ok(linear), Ok(form)) => (linear, form),
        (Err(a), Err(b)) => {
            // The two engines measure size differently (program bytes, states).
            assert!(
                a.message == b.message || (a.limit && b.limit),
                "{:?}: the engines refuse differently: {a} / {b}",
                case.ecma
            );
            // A generated pattern is valid ECMA-262 within the limits.
            assert!(data.first() == Some(&b'!'), "{:?} refused: {a}", case.ecma);
            return;
        }
        // A pattern over the `regex` crate's size limit goes to the linear matcher, so
        // only the linear matcher's own state limit can refuse what the form compiles.
        (Err(a), Ok(_)) if a.limit => return,
        (Err(a), _) => panic!("{:?}: only the linear matcher refused it: {a}", case.ecma),
        (_, Err(b)) => panic!("{:?}: only the form's matcher refused it: {b}", case.ecma),
    };
    let reference = case.fancy.as_ref().and_then(|fancy| {
        fancy_regex::RegexBuilder::new(fancy)
            .backtrack_limit(100_000)
            .build()
            .ok()
    });
    for s in &case.strings {
        let got = linear(s);
        assert_eq!(
            got,
            form(s),
            "{:?} on {s:?}: linear and form matcher differ",
            case.ecma
        );
        if let Some(reference) = &reference {
            if let Ok(expected) = reference.is_match(s) {
                assert_eq!(
                    got, expected,
                    "{:?} on {s:?}: fancy-regex says {expected} (reading it as {:?})",
                    case.ecma, case.fancy
                );
            }
        }
    }
});
