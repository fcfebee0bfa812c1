//! Unit tests of `form::pattern`.

use super::*;

/// Matching corpus, one JSON array per line: unique name, ECMA source,
/// inputs that must match, inputs that must not. JSON string escapes,
/// so `\\d` is the ECMA source `\d` and `\n` an input newline.
pub(super) const MATCHES: &str = r#"
["accepts_empty_pattern", "", ["", "abc"], []]
["accepts_unanchored_search", "a+", ["xxaayy"], ["xyz"]]
["accepts_literal_case_sensitive", "^É$", ["É"], ["é"]]
["accepts_literal_spaces_and_hash", "^a b#c$", ["a b#c"], ["ab#c"]]
["accepts_literal_punctuation", "^-,=!<>:#\" '@~`%&;_/$", ["-,=!<>:#\" '@~`%&;_/"], ["-"]]
["accepts_anchors_whole_input_only", "^abc$", ["abc"], ["abc\n", "\nabc", "xabc"]]
["accepts_dollar_not_before_newline", "abc$", ["xabc"], ["abc\n"]]
["accepts_caret_not_after_newline", "^b", ["b\n"], ["a\nb"]]
["accepts_anchor_in_alternation", "^a|b$", ["ax", "xb"], ["xa"]]
["accepts_dot_ecma_line_terminators", "^.$", ["a", "\u0085", "🐲"], ["\n", "\r", "\u2028", "\u2029", "", "ab"]]
["accepts_digit_ascii_only", "^\\d$", ["0", "9"], ["\u0660", "\u07c0", "a"]]
["accepts_not_digit", "^\\D$", ["\u0660", "🐲", "\n"], ["0"]]
["accepts_word_ascii_only", "^\\w+$", ["azAZ09_"], ["é", "\u017f", "\u212a", "-"]]
["accepts_not_word", "^\\W$", ["é", "-"], ["a", "_"]]
["accepts_space_ecma_set", "^\\s$", [" ", "\t", "\u000b", "\u000c", "\u00a0", "\ufeff", "\n", "\r", "\u2028", "\u2029", "\u1680", "\u2003", "\u202f", "\u3000"], ["\u0085", "\u180e", "\u200b", "\u0001", "\u2013"]]
["accepts_not_space", "^\\S$", ["\u0085", "a"], [" ", "\ufeff"]]
["accepts_word_boundary_ascii", "\\bfoo\\b", ["a foo b", "foo", "éfooé"], ["foobar", "_foo"]]
["accepts_non_word_boundary", "\\Boo\\B", ["food"], ["oo", "éooé"]]
["accepts_non_word_boundary_never_inside_a_code_point", "\\B", ["é", "", "ab"], ["aéa", "a"]]
["accepts_non_word_boundary_never_inside_a_surrogate_pair", "\\B", [], ["a🐲a", "b🐲Z"]]
["accepts_non_word_boundary_on_empty_input", "^\\B$", [""], []]
["accepts_boundary_between_ascii_and_non_ascii", "a\\Bé", [], ["aé"]]
["accepts_control_escapes", "^\\t\\n\\v\\f\\r\\0$", ["\t\n\u000b\u000c\r\u0000"], ["tnvfr0"]]
["accepts_letter_control_escapes", "^\\cC\\cc\\cJ\\cz$", ["\u0003\u0003\n\u001a"], ["cCccCJcz"]]
["accepts_hex_escape", "^\\x41\\x7e\\xE9$", ["A~é"], []]
["accepts_unicode_escape", "^\\u0041\\u00e9\\u2028$", ["Aé\u2028"], []]
["accepts_unicode_brace_escape", "^\\u{1F432}\\u{41}\\u{0000000041}\\u{0}$", ["🐲AA\u0000"], []]
["accepts_surrogate_pair_escape_as_one_code_point", "^\\uD83D\\uDE00{2}$", ["😀😀"], ["😀"]]
["accepts_surrogate_pair_in_class", "^[\\uD83D\\uDE00-\\uD83D\\uDE4F]$", ["😀", "🙏"], ["🚀"]]
["accepts_lone_surrogate_matching_nothing", "\\uD83D|\\u{DE00}|\\uD83D\\u{DE00}", [], ["😀", "", "\ud7ff"]]
["accepts_lone_surrogate_in_alternation", "^(?:a|\\uD800)$", ["a"], []]
["accepts_surrogate_range_without_surrogates", "^[\\u0000-\\uFFFF]$", ["\ue000", "\ud7ff"], ["😀"]]
["accepts_negated_lone_surrogate", "^[^\\uD800]$", ["😀", "a"], []]
["accepts_identity_escapes", "^\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/$", ["^$\\.*+?()[]{}|/"], []]
["accepts_class", "^[abc]+$", ["abcab"], ["abd"]]
["accepts_class_ranges", "^[a-z0-9_]+$", ["ab_09"], ["aB"]]
["accepts_negated_class", "^[^abc]$", ["d", "\n"], ["a"]]
["accepts_class_regex_metacharacters_as_literals", "^[[&&~~-]+$", ["[&~-"], ["a"]]
["accepts_class_caret_not_first", "^[a^]+$", ["^a"], ["b"]]
["accepts_class_dash_first", "^[-a]$", ["-", "a"], ["b"]]
["accepts_class_dash_last", "^[a-]$", ["-", "a"], []]
["accepts_class_dash_after_range", "^[a-c-e]$", ["-", "b", "e"], ["d"]]
["accepts_class_dash_range", "^[--/]$", ["-", ".", "/"], [","]]
["accepts_class_escaped_dash", "^[a\\-z]$", ["-"], ["b"]]
["accepts_class_escape_then_dash", "^[\\w-]+$", ["a-b"], ["a b"]]
["accepts_class_backspace", "^[\\b]$", ["\b"], ["b"]]
["accepts_class_with_escapes", "^[\\d\\s.]+$", ["1 2\ufeff."], ["1a"]]
["accepts_class_escaped_syntax", "^[\\]\\[\\\\\\^]+$", ["][\\^"], ["a"]]
["accepts_negated_class_of_negations", "^[^\\D]$", ["1"], ["a"]]
["accepts_negated_class_of_word", "^[^\\W\\d]+$", ["a_Z"], ["a1"]]
["accepts_empty_class", "[]", [], ["a", ""]]
["accepts_negated_empty_class", "^[^]$", ["\n", "🐲"], [""]]
["accepts_class_non_bmp", "^[🐲🐉\\u{1F400}-\\u{1F40F}]$", ["🐉", "🐀"], ["🐐"]]
["accepts_class_control_and_hex", "^[\\cA\\x42\\u0043]+$", ["\u0001BC"], []]
["accepts_non_bmp_star", "^🐲*$", ["", "🐲🐲"], ["🐉"]]
["accepts_quantifier_exact", "^a{2}$", ["aa"], ["a", "aaa"]]
["accepts_quantifier_at_least", "^a{2,}$", ["aaaa"], ["a"]]
["accepts_quantifier_range", "^a{2,3}$", ["aa", "aaa"], ["aaaa"]]
["accepts_quantifier_zero", "^a{0}$", [""], ["a"]]
["accepts_quantifier_leading_zero", "^a{01,02}$", ["a"], ["aaa"]]
["accepts_lazy_quantifiers", "^a*?b+?c??d{1,2}?$", ["aabbcd", "bd"], []]
["accepts_quantified_group", "^(?:ab){2}$", ["abab"], ["ab"]]
["accepts_quantified_assertion_group", "(?:^)+a", ["a"], ["ba"]]
["accepts_capturing_group", "^(ab|cd)+$", ["abcd"], ["ac"]]
["accepts_empty_groups_and_alternatives", "^(?:a|)()$", ["", "a"], []]
["accepts_named_groups", "^(?<year>\\d{4})-(?<month>\\d{2})$", ["2024-01"], ["24-01"]]
["accepts_group_names_unicode_and_escaped", "(?<π>a)(?<$x_1>b)(?<\\u0061b>c)(?<\\u{62}>d)", ["abcd"], []]
["accepts_alternation", "^(?:cat|dog)$", ["dog"], ["cow"]]
["accepts_empty_alternation", "|", ["", "x"], []]
["accepts_nested_groups", "^((a|b)(c(d)?))+$", ["acbcd"], ["ab"]]
["accepts_property_letter", "^\\p{Letter}+$", ["Hello", "π"], ["123"]]
["accepts_property_short", "^\\p{Lu}\\p{Ll}$", ["Ab"], ["aB"]]
["accepts_property_negated", "^\\P{L}$", ["1"], ["a"]]
["accepts_property_digit_alias", "^\\p{digit}+$", ["42৪২"], ["-"]]
["accepts_property_general_category", "^\\p{gc=Lu}\\p{General_Category=Uppercase_Letter}$", ["AB"], ["Ab"]]
["accepts_property_script", "^\\p{Script=Greek}\\p{sc=Grek}\\p{scx=Grek}$", ["αβγ"], ["abc"]]
["accepts_property_any", "^\\p{Any}$", ["\n", "🐲"], [""]]
["accepts_property_ascii", "^\\p{ASCII}+$", ["a~\u007f"], ["é"]]
["accepts_property_binary_alias", "^\\p{Emoji_Presentation}\\p{EPres}$", ["🐲🐲"], ["ab"]]
["accepts_property_lowercase_binary", "^\\p{Lowercase}$", ["ª"], ["A"]]
["accepts_property_lowercase_letter", "^\\p{Ll}$", ["a"], ["ª"]]
["accepts_property_white_space", "^\\p{White_Space}$", ["\u0085"], ["\ufeff"]]
["accepts_property_in_class", "^[\\p{L}\\p{Nd}_]+$", ["a1_é"], ["-"]]
["accepts_property_in_negated_class", "^[^\\p{L}\\d]$", ["-"], ["a", "1"]]
["accepts_property_surrogate_empty", "\\p{Cs}|[\\p{Surrogate}]", [], ["a"]]
["accepts_property_not_surrogate", "^\\P{Cs}$", ["a", "🐲"], []]
["accepts_property_negated_not_surrogate", "[^\\P{Cs}]", [], ["a"]]
"#;

/// The JSON-lines rows of a corpus, skipping blank lines.
pub(super) fn rows(corpus: &str) -> impl Iterator<Item = serde_json::Value> + '_ {
    corpus
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).unwrap_or_else(|err| panic!("{line}: {err}")))
}

/// The strings of a JSON array.
pub(super) fn strings(value: &serde_json::Value) -> Vec<&str> {
    let array = value.as_array().expect("an array of strings");
    array
        .iter()
        .map(|s| s.as_str().expect("a string"))
        .collect()
}

#[test]
fn accepts_and_matches_corpus() {
    let mut failures = Vec::new();
    let mut names = std::collections::HashSet::new();
    for row in rows(MATCHES) {
        let name = row[0].as_str().expect("name");
        let source = row[1].as_str().expect("source");
        assert!(names.insert(name.to_owned()), "duplicate case name {name}");
        let pattern = match Pattern::new(source) {
            Ok(pattern) => pattern,
            Err(err) => {
                failures.push(format!("{name}: {source:?} failed to compile: {err}"));
                continue;
            }
        };
        assert_eq!(pattern.source(), source);
        let cases = strings(&row[2])
            .into_iter()
            .map(|input| (input, true))
            .chain(strings(&row[3]).into_iter().map(|input| (input, false)));
        for (input, expected) in cases {
            if pattern.is_match(input) != expected {
                failures.push(format!(
                    "{name}: {source:?} on {input:?}: expected {expected}, translation {:?}",
                    translate(source)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Exact translations, pinning the emitted syntax: name, ECMA source,
/// `regex` syntax.
const TRANSLATIONS: &str = r#"
["accepts_translation_empty", "", "(?:)"]
["accepts_translation_literals", "ab9", "(?:ab9)"]
["accepts_translation_escaped_literals", "-é", "(?:\\x{2D}\\x{E9})"]
["accepts_translation_dot", ".", "(?:[\\x{0}-\\x{9}\\x{B}-\\x{C}\\x{E}-\\x{2027}\\x{202A}-\\x{D7FF}\\x{E000}-\\x{10FFFF}])"]
["accepts_translation_anchors", "^a$", "(?:\\Aa\\z)"]
["accepts_translation_digit", "\\d", "(?:[\\x{30}-\\x{39}])"]
["accepts_translation_word", "\\w", "(?:[\\x{30}-\\x{39}\\x{41}-\\x{5A}\\x{5F}\\x{61}-\\x{7A}])"]
["accepts_translation_groups", "(a|b)*?(?<n>c)", "(?:(?:a|b)*?(?:c))"]
["accepts_translation_class_metacharacters", "[a-c&&]", "(?:[\\x{26}\\x{61}-\\x{63}])"]
["accepts_translation_counted", "a{2,5}b{3}c{4,}", "(?:a{2,5}b{3}c{4,})"]
["accepts_translation_property", "\\p{L}", "(?:[\\p{General_Category=Letter}])"]
["accepts_translation_negated_property_class", "[^\\P{sc=Latn}]", "(?:[^\\P{Script=Latin}])"]
["accepts_translation_boundaries", "\\bx\\B", "(?:(?-u:\\b)x(?-u:\\B))"]
["accepts_translation_empty_class", "[]", "(?:[^\\x{0}-\\x{10FFFF}])"]
["accepts_translation_surrogate_pair", "\\uD83D\\uDE00", "(?:\\x{1F600})"]
["accepts_translation_lone_surrogate", "\\uD83D", "(?:[^\\x{0}-\\x{10FFFF}])"]
"#;

#[test]
fn accepts_translations() {
    let mut failures = Vec::new();
    for row in rows(TRANSLATIONS) {
        let name = row[0].as_str().expect("name");
        let source = row[1].as_str().expect("source");
        let expected = row[2].as_str().expect("translation");
        match translate(source) {
            Ok(got) if got == expected => {}
            other => failures.push(format!("{name}: {source:?} gave {other:?}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Rejection corpus, one JSON array per line: unique name, ECMA source,
/// the error kind (its `Debug` form) and byte offset.
const REJECTIONS: &str = r#"
["rejects_quantified_lookahead", "a(?=b)*", "NothingToRepeat", 6]
["rejects_quantified_negative_lookahead", "(?!b){2}", "NothingToRepeat", 5]
["rejects_quantified_lookbehind", "(?<=b)+", "NothingToRepeat", 6]
["rejects_quantified_negative_lookbehind", "(?<!b)?", "NothingToRepeat", 6]
["rejects_unclosed_lookahead", "x(?=a", "UnclosedGroup", 1]
["rejects_unclosed_lookbehind", "(?<!", "UnclosedGroup", 0]
["rejects_backreference_in_lookahead", "(a)(?=\\1)", "Backreference", 6]
["rejects_named_backreference_in_lookbehind", "(?<n>a)(?<=\\k<n>)", "Backreference", 11]
["rejects_modifiers_in_lookbehind", "(?<=(?i:a))", "Modifiers", 4]
["rejects_backreference", "(a)\\1", "Backreference", 3]
["rejects_backreference_without_group", "\\9", "Backreference", 0]
["rejects_named_backreference", "(?<n>a)\\k<n>", "Backreference", 7]
["rejects_bare_k_escape", "\\k", "InvalidEscape('k')", 0]
["rejects_modifiers", "(?i:a)", "Modifiers", 0]
["rejects_negative_modifiers", "b(?-i:a)", "Modifiers", 1]
["rejects_unknown_group_form", "(?x)", "InvalidGroup", 0]
["rejects_python_named_group", "(?P<n>a)", "InvalidGroup", 0]
["rejects_truncated_group_form", "(?", "InvalidGroup", 0]
["rejects_group_name_starting_with_digit", "(?<1a>x)", "InvalidGroupName", 3]
["rejects_empty_group_name", "(?<>x)", "InvalidGroupName", 3]
["rejects_unterminated_group_name", "(?<a", "InvalidGroupName", 3]
["rejects_group_name_with_dash", "(?<a-b>x)", "InvalidGroupName", 3]
["rejects_group_name_bad_escape", "(?<\\x41>x)", "InvalidGroupName", 3]
["rejects_duplicate_group_name", "(?<a>x)|(?<a>y)", "DuplicateGroupName(\"a\")", 11]
["rejects_unclosed_group", "(a", "UnclosedGroup", 0]
["rejects_unclosed_outer_group", "((a)", "UnclosedGroup", 0]
["rejects_unmatched_paren", "a)", "UnmatchedParen", 1]
["rejects_unclosed_class", "[a", "UnclosedClass", 0]
["rejects_unclosed_empty_class", "x[", "UnclosedClass", 1]
["rejects_unclosed_class_after_dash", "[a-", "UnclosedClass", 0]
["rejects_trailing_backslash_in_class", "[a\\", "TrailingBackslash", 2]
["rejects_lone_bracket", "a]", "LoneBracket", 1]
["rejects_lone_open_brace", "{", "LoneBrace", 0]
["rejects_lone_open_brace_after_atom", "a{", "LoneBrace", 1]
["rejects_unterminated_count", "a{1", "LoneBrace", 1]
["rejects_count_without_minimum", "a{,3}", "LoneBrace", 1]
["rejects_unterminated_range_count", "a{1,2", "LoneBrace", 1]
["rejects_non_numeric_count", "x{a}", "LoneBrace", 1]
["rejects_lone_close_brace", "a}", "LoneBrace", 1]
["rejects_leading_star", "*", "NothingToRepeat", 0]
["rejects_leading_plus", "+a", "NothingToRepeat", 0]
["rejects_double_star", "a**", "NothingToRepeat", 2]
["rejects_double_count", "a{1}{2}", "NothingToRepeat", 4]
["rejects_triple_question", "a???", "NothingToRepeat", 3]
["rejects_quantified_caret", "^*", "NothingToRepeat", 1]
["rejects_quantified_dollar", "$+", "NothingToRepeat", 1]
["rejects_quantified_word_boundary", "\\b?", "NothingToRepeat", 2]
["rejects_quantified_non_word_boundary", "a\\B{2}", "NothingToRepeat", 3]
["rejects_star_in_empty_group", "(*)", "NothingToRepeat", 1]
["rejects_star_after_bar", "a|*", "NothingToRepeat", 2]
["rejects_leading_count", "{1}", "NothingToRepeat", 0]
["rejects_leading_huge_count", "{99999999999}", "NothingToRepeat", 0]
["rejects_repetition_out_of_order", "a{3,2}", "RepetitionOutOfOrder { min: 3, max: 2 }", 1]
["rejects_repetition_too_large", "a{4294967296}", "RepetitionTooLarge { limit: 4294967295 }", 1]
["rejects_trailing_backslash", "a\\", "TrailingBackslash", 1]
["rejects_invalid_identity_escape", "\\a", "InvalidEscape('a')", 0]
["rejects_escaped_dash_outside_class", "a\\-", "InvalidEscape('-')", 1]
["rejects_escaped_space", "\\ ", "InvalidEscape(' ')", 0]
["rejects_escaped_e", "\\e", "InvalidEscape('e')", 0]
["rejects_escaped_underscore", "\\_", "InvalidEscape('_')", 0]
["rejects_escaped_quote", "\\\"", "InvalidEscape('\"')", 0]
["rejects_escaped_non_ascii", "\\é", "InvalidEscape('é')", 0]
["rejects_non_word_boundary_in_class", "[\\B]", "InvalidEscape('B')", 1]
["rejects_decimal_escape_in_class", "[\\1]", "InvalidEscape('1')", 1]
["rejects_k_escape_in_class", "[\\k<a>]", "InvalidEscape('k')", 1]
["rejects_bare_control_escape", "\\c", "InvalidControlEscape", 0]
["rejects_digit_control_escape", "\\c1", "InvalidControlEscape", 0]
["rejects_underscore_control_escape_in_class", "[\\c_]", "InvalidControlEscape", 1]
["rejects_short_hex_escape", "\\x4", "InvalidHexEscape", 0]
["rejects_non_hex_escape", "\\xg0", "InvalidHexEscape", 0]
["rejects_empty_hex_escape", "a\\x", "InvalidHexEscape", 1]
["rejects_short_unicode_escape", "\\u12", "InvalidUnicodeEscape", 0]
["rejects_unicode_escape_above_max", "\\u{110000}", "InvalidUnicodeEscape", 0]
["rejects_long_unicode_escape", "\\u{1234567}", "InvalidUnicodeEscape", 0]
["rejects_empty_unicode_braces", "\\u{}", "InvalidUnicodeEscape", 0]
["rejects_unterminated_unicode_braces", "\\u{12", "InvalidUnicodeEscape", 0]
["rejects_octal_escape", "\\00", "OctalEscape", 0]
["rejects_octal_escape_in_class", "[\\07]", "OctalEscape", 1]
["rejects_bare_property_escape", "\\p", "InvalidPropertyEscape", 0]
["rejects_unbraced_property", "\\pL", "InvalidPropertyEscape", 0]
["rejects_unterminated_property", "\\p{L", "InvalidPropertyEscape", 0]
["rejects_empty_property", "\\P{}", "InvalidPropertyEscape", 0]
["rejects_spaced_property", "\\p{ L}", "InvalidPropertyEscape", 0]
["rejects_empty_property_value", "\\p{sc=}", "InvalidPropertyEscape", 0]
["rejects_lowercase_property", "\\p{letter}", "UnknownProperty(\"letter\")", 0]
["rejects_lone_script_name", "\\p{Greek}", "UnknownProperty(\"Greek\")", 0]
["rejects_loosely_spelled_script", "a\\p{Script=greek}", "UnknownProperty(\"Script=greek\")", 1]
["rejects_unknown_property_name", "\\p{Block=Basic_Latin}", "UnknownProperty(\"Block=Basic_Latin\")", 0]
["rejects_category_as_name", "\\p{L=Lu}", "UnknownProperty(\"L=Lu\")", 0]
["rejects_lone_unknown_script", "\\p{Zzzz}", "UnknownProperty(\"Zzzz\")", 0]
["rejects_unsupported_binary_property", "\\p{CWKCF}", "UnsupportedProperty(\"CWKCF\")", 0]
["rejects_unsupported_script", "\\p{sc=Zzzz}", "UnsupportedProperty(\"sc=Zzzz\")", 0]
["rejects_script_without_code_points", "\\p{sc=Hrkt}", "UnknownProperty(\"sc=Hrkt\")", 0]
["rejects_class_range_out_of_order", "[z-a]", "ClassRangeOutOfOrder", 1]
["rejects_class_range_to_dash", "[a--]", "ClassRangeOutOfOrder", 1]
["rejects_class_range_from_escape", "[\\d-z]", "ClassRangeWithClassEscape", 1]
["rejects_class_range_to_escape", "[a-\\d]", "ClassRangeWithClassEscape", 1]
["rejects_class_range_from_property", "x[\\p{L}-z]", "ClassRangeWithClassEscape", 2]
"#;

#[test]
fn rejects_corpus() {
    let mut failures = Vec::new();
    let mut names = std::collections::HashSet::new();
    for row in rows(REJECTIONS) {
        let name = row[0].as_str().expect("name");
        let source = row[1].as_str().expect("source");
        let kind = row[2].as_str().expect("kind");
        let offset = row[3].as_u64().expect("offset") as usize;
        assert!(names.insert(name.to_owned()), "duplicate case name {name}");
        match Pattern::new(source) {
            Err(err) if format!("{:?}", err.kind()) == kind && err.offset() == offset => {
                // The message names the offset too.
                assert!(err.to_string().contains(&format!("at byte {offset} ")));
            }
            Err(err) => failures.push(format!(
                "{name}: {source:?} gave {:?} at {}, expected {kind} at {offset}",
                err.kind(),
                err.offset()
            )),
            Ok(_) => failures.push(format!("{name}: {source:?} was accepted")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn rejects_error_messages_that_say_what_and_where() {
    let err = Pattern::new("(a)b\\1").unwrap_err();
    assert_eq!(
        err.to_string(),
        "backreference is not supported (cannot be matched exactly in linear time) \
         (at byte 4 of the pattern)"
    );
    let source: &dyn std::error::Error = &err;
    assert!(source.source().is_none());
}

#[test]
fn accepts_nesting_at_limit_and_rejects_beyond() {
    let depth = NEST_LIMIT as usize;
    let at_limit = format!("{}a{}", "(".repeat(depth), ")*".repeat(depth));
    let pattern = Pattern::new(&at_limit).expect("nesting at the limit compiles");
    assert!(pattern.is_match("a"));
    let beyond = format!("{}a{}", "(".repeat(depth + 1), ")".repeat(depth + 1));
    let err = Pattern::new(&beyond).unwrap_err();
    assert_eq!(
        *err.kind(),
        PatternErrorKind::NestingTooDeep { limit: NEST_LIMIT }
    );
    assert_eq!(err.offset(), depth);
    // Deep input far beyond the limit fails without exhausting the stack.
    assert!(Pattern::new(&"(".repeat(100_000)).is_err());
}

#[test]
fn accepts_counts_on_both_sides_of_the_size_limit() {
    assert!(Pattern::new("^\\p{L}{1,100}$").is_ok());
    assert!(Pattern::new("^a{1000}$").is_ok());
    // Too large for the `regex` crate, not for the linear matcher, which
    // then decides it (a fuzz case: `.` is a large UTF-8 automaton).
    for source in ["^\\p{L}{1,1000}$", ".{9364}\u{FFFD}c$"] {
        assert!(build_regex(&emit::emit(&parse::parse(source).unwrap().body)).is_err());
        let pattern = Pattern::new(source).unwrap();
        assert!(matches!(pattern.engine, Engine::Linear(_)), "{source}");
    }
    let long = Pattern::new(".{9364}\u{FFFD}c$").unwrap();
    assert!(long.is_match(&format!("{}\u{FFFD}c", "x".repeat(9364))));
    assert!(!long.is_match(&format!("{}\u{FFFD}c", "x".repeat(9363))));
    assert!(!long.is_match(&format!("{}\u{FFFD}c\n", "x".repeat(9364))));
    for source in ["(?:a{1000}){1000}", "a{4294967295}"] {
        let err = Pattern::new(source).unwrap_err();
        assert_eq!(
            *err.kind(),
            PatternErrorKind::TooLarge { limit: SIZE_LIMIT }
        );
        assert_eq!(err.offset(), 0);
    }
}

/// Every code point that can be in a string: the BMP without surrogates,
/// and a stride through the supplementary planes (plus their last one).
fn scalar_values() -> impl Iterator<Item = char> {
    (0..0x1_0000u32)
        .chain((0x1_0000..=MAX_CODE_POINT).step_by(61))
        .chain(std::iter::once(MAX_CODE_POINT))
        .filter_map(char::from_u32)
}

#[test]
fn accepts_ecma_character_sets_exactly() {
    let zs = Regex::new(r"\A\p{Zs}\z").expect("Zs compiles");
    let is_space = |c: char| {
        matches!(c, '\t' | '\u{B}' | '\u{C}' | '\u{FEFF}' | '\n' | '\r')
            || matches!(c, '\u{2028}' | '\u{2029}')
            || zs.is_match(c.encode_utf8(&mut [0; 4]))
    };
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let is_dot = |c: char| !matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}');
    let checks: [(&str, &dyn Fn(char) -> bool); 7] = [
        ("^\\s$", &is_space),
        ("^\\S$", &|c| !is_space(c)),
        ("^\\w$", &is_word),
        ("^\\W$", &|c| !is_word(c)),
        ("^\\d$", &|c: char| c.is_ascii_digit()),
        ("^\\D$", &|c: char| !c.is_ascii_digit()),
        ("^.$", &is_dot),
    ];
    let mut failures = Vec::new();
    for (source, expected) in checks {
        let pattern = Pattern::new(source).expect("class pattern compiles");
        for c in scalar_values() {
            if pattern.is_match(c.encode_utf8(&mut [0; 4])) != expected(c) {
                failures.push(format!("{source} on U+{:04X}", u32::from(c)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn accepts_every_property_table_spelling() {
    let mut failures = Vec::new();
    let mut try_source = |source: String| {
        if let Err(err) = Pattern::new(&source) {
            failures.push(format!("{source}: {err}"));
        }
    };
    let spellings = |table: &'static str| {
        table
            .split_ascii_whitespace()
            .flat_map(|entry| entry.split(':'))
            .collect::<Vec<_>>()
    };
    for name in spellings(GENERAL_CATEGORIES) {
        try_source(format!("\\p{{{name}}}"));
        try_source(format!("[^\\P{{gc={name}}}]"));
        try_source(format!("\\p{{General_Category={name}}}"));
    }
    for name in spellings(BINARY_PROPERTIES) {
        try_source(format!("\\P{{{name}}}"));
    }
    for name in spellings(SCRIPTS) {
        try_source(format!("\\p{{sc={name}}}"));
        try_source(format!("\\p{{Script_Extensions={name}}}"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn accepts_property_names_with_their_own_meaning() {
    // The qualified names emitted must select the property asked for, not
    // another that `regex` loose matching might prefer.
    let cases: &[(&str, char, bool)] = &[
        ("\\p{Cased}", 'a', true),
        ("\\p{LC}", 'ª', false),
        ("\\p{Math}", '+', true),
        ("\\p{Sm}", '^', false),
        ("\\p{Dash}", '-', true),
        ("\\p{Hex}", 'f', true),
        ("\\p{Hex}", 'g', false),
        ("\\p{sc=Zyyy}", '1', true),
        ("\\p{sc=Latn}", 'a', true),
        ("\\p{scx=Deva}", '\u{964}', true),
        ("\\p{sc=Deva}", '\u{964}', false),
        ("\\p{punct}", '!', true),
        ("\\p{cntrl}", '\u{7}', true),
        ("\\p{Combining_Mark}", '\u{301}', true),
        ("\\p{space}", '\u{85}', true),
        ("\\p{Assigned}", '\u{378}', false),
        ("\\p{Cn}", '\u{378}', true),
        ("\\p{C}", '\u{378}', true),
    ];
    let mut failures = Vec::new();
    for &(source, c, expected) in cases {
        let anchored = format!("^{source}$");
        match Pattern::new(&anchored) {
            Ok(p) if p.is_match(c.encode_utf8(&mut [0; 4])) == expected => {}
            other => failures.push(format!("{source} on {c:?}: {other:?}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn rejects_nothing_with_a_panic_or_an_engine_error() {
    // Every pattern of up to three characters over an alphabet of syntax
    // characters: no panic, no translation the engine refuses.
    let alphabet: Vec<char> = "a0\\[]()-^$.|*+?{},1<>=!:bBdpuck".chars().collect();
    let mut failures = Vec::new();
    let mut source = String::new();
    let mut check = |source: &str| {
        if let Err(err) = Pattern::new(source) {
            if matches!(err.kind(), PatternErrorKind::Engine(_)) {
                failures.push(format!("{source:?}: {err}"));
            }
        }
    };
    for &a in &alphabet {
        for &b in &alphabet {
            for &c in &alphabet {
                source.clear();
                source.extend([a, b, c]);
                check(&source);
            }
            source.clear();
            source.extend([a, b]);
            check(&source);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
