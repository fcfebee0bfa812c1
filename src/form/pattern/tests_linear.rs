//! Unit tests of the linear matcher (`linear`, `pike`): patterns with lookaround
//! against V8's verdicts, and the linear matcher against the `regex` crate on
//! patterns both can run.

use super::tests::{rows, strings, MATCHES};
use super::*;

/// Lookaround corpus, one JSON array per line as in `tests::MATCHES`: name, ECMA
/// source, inputs that match, inputs that do not. Every verdict is V8's
/// (`new RegExp(source, "u").test(input)`, node 20), recorded once.
const LOOKAROUNDS: &str = r#"
["lookahead_simple", "a(?=b)", ["ab", "xab"], ["a", "ac", "ba"]]
["negative_lookahead_simple", "a(?!b)", ["a", "ac", "aab"], ["ab", "abab"]]
["lookbehind_simple", "(?<=a)b", ["ab", "aab"], ["b", "cb"]]
["negative_lookbehind_simple", "(?<!a)b", ["b", "cb", "bab"], ["ab", "abab"]]
["lookahead_at_start_anchored", "^(?=.*[a-z])(?=.*\\d).{8,64}$", ["abcdefg1", "A1bcdefg", "abcdefg\u00e91"], ["abcdefgh", "12345678", "a1", "a1\nbcdefgh"]]
["password_three_classes", "^(?=.*[A-Z])(?=.*[a-z])(?=.*[^A-Za-z0-9]).{8,}$", ["Abcdefg!"], ["abcdefg!", "ABCDEFG!", "Abcdefgh", "Ab!"]]
["dollar_lookbehind", "(?<!\\$)\\d+", ["5", "$55", "x9"], ["$5", "a$"]]
["dollar_lookbehind_anchored", "^(?<!\\$)\\d+$", ["5", "55"], ["$5"]]
["zod4_email_old", "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$", ["a@b.co", "a.b@c.de", "o'neil@x.org"], [".a@b.co", "a..b@c.de", "a@b", "a.@b.co", "a@-b.co", "\u00e9@b.co"]]
["pydantic_decimal", "^(?!^[-+.]*$)[+-]?0*\\d*\\.?\\d*$", ["1", "-1.5", ".5", "00.10"], ["", "+", "-.", "1.2.3", "1e5", "+-1"]]
["zod_hostname", "^(?=.{1,253}\\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\\.?$", ["example.com", "example.com.", "a"], ["-a.com", "a..b"]]
["zod_iban", "^[A-Z]{2}(?!00|01|99)\\d{2}[A-Z0-9]{11,30}$", ["DE89370400440532013000", "DE02370400440532013000"], ["DE00370400440532013000", "DE01370400440532013000", "de89370400440532013000"]]
["zod_duration", "^P(?:(\\d+W)|(?!.*W)(?=\\d|T\\d)(\\d+Y)?(\\d+M)?(\\d+D)?(T(?=\\d)(\\d+H)?(\\d+M)?(\\d+([.,]\\d+)?S)?)?)$", ["P1W", "P1Y2M3D", "PT1H", "PT1.5S", "P1DT2H3M4,5S"], ["P", "PT", "P1YT", "P1Y1W"]]
["nested_lookahead_in_lookbehind", "(?<=a(?=b))b", ["ab", "aab"], ["ac", "b"]]
["nested_lookbehind_in_lookahead", "a(?=(?<=a)b)", ["ab"], ["a", "b"]]
["negated_nested", "(?!(?<!x)y)\\w", ["xy", "z"], ["y", "yy"]]
["lookaround_in_alternation", "^(?:(?=a)\\w|(?<=^)b|c(?!d))+$", ["a", "b", "c", "ba", "cc"], ["cd", "ab"]]
["lookaround_in_quantified_group", "^(?:(?=\\d)\\w)+$", ["123", "1"], ["12a", ""]]
["lookbehind_in_quantified_group", "^(?:\\w(?<=[a-c]))*$", ["abc", "", "cab"], ["abd"]]
["lookbehind_variable_length", "(?<=(a|aa)+)b", ["ab", "aab", "aaab"], ["b", "cb", "a"]]
["lookahead_backtracking_trap", "^(?=(a+)+$)a*$", ["aaaa", "a"], ["aaab", ""]]
["lookbehind_with_anchor", "(?<=^a)b", ["ab"], ["aab", "b"]]
["lookahead_with_end", "a(?=$)", ["a", "ba"], ["ab"]]
["lookahead_word_boundary", "\\w+(?=\\b)", ["abc"], ["", " "]]
["lookbehind_word_boundary_inside", "(?<=\\bfoo)bar", ["foobar", " foobar"], ["xfoobar", "bar"]]
["empty_lookahead", "(?=)", ["", "a"], []]
["empty_negative_lookahead", "(?!)", [], ["", "a"]]
["empty_lookbehind", "(?<=)", ["", "a"], []]
["empty_negative_lookbehind", "(?<!)", [], ["", "a"]]
["lookahead_dot_line_terminators", "^(?=.*x).*$", ["ax"], ["a\nx", "x\u2028", "\u2028x"]]
["lookbehind_non_bmp", "(?<=\ud83d\udc32)a", ["\ud83d\udc32a"], ["a", "\ud83d\udc09a"]]
["lookahead_non_bmp_class", "^(?=[\\u{1F400}-\\u{1F4FF}])..$", ["\ud83d\udc32x"], ["x\ud83d\udc32", "\ud83d\udc32"]]
["lookahead_property", "^(?=\\p{Lu})\\p{L}+$", ["Hello", "\u00c9t\u00e9"], ["hello", "H1"]]
["lookbehind_script", "(?<=\\p{Script=Greek})\\d", ["\u03b11"], ["a1", "1"]]
["lookahead_empty_loop", "^(?:(?=a)|b)*$", ["", "b", "bb"], ["a", "ab"]]
["lookahead_nullable_plus", "^(?:a?(?=b))+b$", ["ab", "b"], ["aab", "a"]]
["double_negation", "^(?!(?!a))a$", ["a"], ["b", ""]]
["lookbehind_of_lookahead_of_lookbehind", "(?<=(?=(?<=x)y)y)z", ["xyz"], ["yz", "xy z", "xyyz"]]
["lookahead_inside_lookahead", "^(?=a(?=b(?=c)))abc$", ["abc"], ["abd", "ab"]]
["negated_lookbehind_at_start", "^(?<!a)a", ["a", "aa"], ["ba"]]
["lookahead_counted_repeat", "^(?:(?=.{3})\\w)+$", [], ["abcd", "ab", "abc"]]
["lookbehind_counted", "(?<=\\d{3})x", ["123x", "1234x"], ["12x", "x"]]
["lookahead_class_negated", "[^a](?![^b])", ["cb", "cc", "c", "ab"], []]
"#;

/// Checks every row of a corpus with `compile`, returning the failures.
fn check_corpus(corpus: &str, compile: fn(&str) -> Result<Pattern, PatternError>) -> Vec<String> {
    let mut failures = Vec::new();
    for row in rows(corpus) {
        let name = row[0].as_str().expect("name");
        let source = row[1].as_str().expect("source");
        let pattern = match compile(source) {
            Ok(p) => p,
            Err(err) => {
                failures.push(format!("{name}: {source:?}: {err}"));
                continue;
            }
        };
        for (expected, inputs) in [(true, &row[2]), (false, &row[3])] {
            for input in strings(inputs) {
                if pattern.is_match(input) != expected {
                    failures.push(format!(
                        "{name}: {source:?} on {input:?}: expected {expected}"
                    ));
                }
            }
        }
    }
    failures
}

#[test]
fn accepts_lookaround_corpus() {
    let failures = check_corpus(LOOKAROUNDS, Pattern::new);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for row in rows(LOOKAROUNDS) {
        let source = row[1].as_str().expect("source");
        let pattern = Pattern::new(source).expect("compiles");
        assert!(matches!(pattern.engine, Engine::Linear(_)), "{source}");
    }
}

#[test]
fn linear_matcher_agrees_with_the_match_corpus() {
    let failures = check_corpus(MATCHES, Pattern::new_linear);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Strings over `ab_` and a non-ASCII letter, of up to `len` code points.
fn small_strings(len: usize) -> Vec<String> {
    let alphabet = ['a', 'b', '_', 'é'];
    let mut all = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..len {
        last = last
            .iter()
            .flat_map(|s| alphabet.iter().map(move |&c| format!("{s}{c}")))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// Every pattern of `len` characters over `alphabet` that compiles.
fn small_patterns(alphabet: &str, len: usize) -> Vec<String> {
    let alphabet: Vec<char> = alphabet.chars().collect();
    let mut last = vec![String::new()];
    for _ in 0..len {
        last = last
            .iter()
            .flat_map(|s| alphabet.iter().map(move |&c| format!("{s}{c}")))
            .collect();
    }
    last.retain(|p| Pattern::new(p).is_ok());
    last
}

#[test]
fn linear_matcher_agrees_with_regex_on_small_patterns() {
    let inputs = small_strings(3);
    let mut failures = Vec::new();
    let mut compared = 0;
    for len in 1..=4 {
        for source in small_patterns("ab|()*?^$.\\", len) {
            let (Ok(regex), Ok(linear)) = (Pattern::new(&source), Pattern::new_linear(&source))
            else {
                failures.push(format!("{source:?}: one engine refused it"));
                continue;
            };
            for input in &inputs {
                compared += 1;
                if regex.is_match(input) != linear.is_match(input) {
                    failures.push(format!("{source:?} on {input:?}"));
                }
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lookaround_tables_hold_their_definition() {
    // (?=r) holds at i iff some j >= i has s[i..j] in L(r); (?<=r) at i iff some
    // j <= i has s[j..i] in L(r). The test reaches position i with `^[^]{i}`.
    let bodies: Vec<String> = small_patterns("ab|()*?.", 3)
        .into_iter()
        .filter(|p| p.chars().any(|c| c.is_alphabetic() || c == '.'))
        .collect();
    let inputs: Vec<Vec<char>> = small_strings(3)
        .iter()
        .map(|s| s.chars().collect())
        .collect();
    let mut failures = Vec::new();
    for r in &bodies {
        // The `regex` crate's verdict on whether r matches a whole string.
        let whole = Pattern::new(&format!("^(?:{r})$")).expect("compiles");
        let whole = |chars: &[char]| whole.is_match(&chars.iter().collect::<String>());
        for i in 0..=3 {
            let looks = [
                format!("^[^]{{{i}}}(?={r})"),
                format!("^[^]{{{i}}}(?!{r})"),
                format!("^[^]{{{i}}}(?<={r})"),
                format!("^[^]{{{i}}}(?<!{r})"),
            ]
            .map(|source| Pattern::new(&source).expect("compiles"));
            for chars in inputs.iter().filter(|chars| chars.len() >= i) {
                let ahead = (i..=chars.len()).any(|j| whole(&chars[i..j]));
                let behind = (0..=i).any(|j| whole(&chars[j..i]));
                let s: String = chars.iter().collect();
                for (pattern, expected) in looks.iter().zip([ahead, !ahead, behind, !behind]) {
                    if pattern.is_match(&s) != expected {
                        failures.push(format!(
                            "{:?} on {s:?}: expected {expected}",
                            pattern.source()
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn accepts_lookaround_nesting_at_limit_and_rejects_beyond() {
    let depth = NEST_LIMIT as usize;
    let at_limit = format!("{}a{}", "(?=(?<=".repeat(depth / 2), "))".repeat(depth / 2));
    let pattern = Pattern::new(&at_limit).expect("nesting at the limit compiles");
    assert!(pattern.is_match("a"));
    assert!(!pattern.is_match("b"));
    let beyond = format!("{}a{}", "(?!".repeat(depth + 1), ")".repeat(depth + 1));
    let err = Pattern::new(&beyond).unwrap_err();
    assert_eq!(
        *err.kind(),
        PatternErrorKind::NestingTooDeep { limit: NEST_LIMIT }
    );
    assert_eq!(err.offset(), 3 * depth);
}

#[test]
fn accepts_lookaround_counts_on_both_sides_of_the_state_limit() {
    assert!(Pattern::new("^(?=\\d)\\p{L}{1,1000}$").is_ok());
    assert!(Pattern::new("(?<=a{1000})b").is_ok());
    for source in [
        "(?=a)(?:a{1000}){1000}",
        "(?=a)a{4294967295}",
        "(?=(?:){4294967295})",
        "(?<=(?:(?:){65536}){65536})",
        "(?=a)(?:){4294967295,}",
    ] {
        let err = Pattern::new(source).unwrap_err();
        assert_eq!(
            *err.kind(),
            PatternErrorKind::TooManyStates { limit: STATE_LIMIT },
            "{source}"
        );
        assert_eq!(err.offset(), 0);
    }
}

#[test]
fn linear_classes_equal_regex_classes() {
    // The same code points in both engines: every class of the character-set and
    // property tests, on every scalar value of a stride through the code space.
    let sources = [
        "\\s",
        "\\S",
        "\\w",
        "\\W",
        "\\d",
        "\\D",
        ".",
        "[^\\s\\d]",
        "\\p{L}",
        "\\P{Lu}",
        "\\p{sc=Greek}",
        "\\p{scx=Deva}",
        "\\p{Cn}",
        "\\p{Any}",
        "\\p{Assigned}",
        "\\p{ASCII}",
        "[\\p{Emoji}\\u{1F400}-\\u{1F4FF}]",
        "[^\\P{Nd}a-f]",
        "\\p{Cs}",
        "\\P{Cs}",
        "[\\uD800-\\uDFFF]",
        "[]",
        "[^]",
    ];
    let mut failures = Vec::new();
    for class in sources {
        let anchored = format!("^{class}$");
        let regex = Pattern::new(&anchored).expect("compiles");
        let linear = Pattern::new_linear(&anchored).expect("compiles");
        for c in (0..=MAX_CODE_POINT).step_by(7).filter_map(char::from_u32) {
            let s = c.encode_utf8(&mut [0; 4]).to_owned();
            if regex.is_match(&s) != linear.is_match(&s) {
                failures.push(format!("{class} on U+{:04X}", u32::from(c)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn decides_backtracking_traps_on_long_inputs() {
    let long = "a".repeat(100_000);
    let cases: [(&str, String, bool); 6] = [
        ("^(?=(a+)+$)a*$", long.clone(), true),
        ("^(?=(a+)+$)a*$", format!("{long}!"), false),
        ("(?<=(a|aa)+)b", format!("{long}b"), true),
        ("(?<=(a|aa)+)b", format!("!{long}"), false),
        ("^(?:(?=a)(?!b)(?<=a|^)(?<!c)a)*$", long.clone(), true),
        ("(?=(?:a*)*c)", long.clone(), false),
    ];
    for (source, input, expected) in cases {
        let pattern = Pattern::new(source).expect("compiles");
        assert_eq!(pattern.is_match(&input), expected, "{source}");
    }
}
