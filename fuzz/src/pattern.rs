//! The `pattern` target's cases: a small pattern with lookarounds and a few short
//! strings, drawn from the fuzzer's bytes, spelled twice: as ECMA-262 for formgate and
//! as the same language in `fancy-regex` syntax for the backtracking reference.
//!
//! Only constructs both dialects read the same way on the strings drawn are generated:
//! the strings are ASCII (so `\b` means the same), `.` is spelled as ECMA's class
//! without line terminators for the reference, `\d` and `\w` as explicit ASCII classes
//! for it, `^` and `$` as `\A` and `\z`. Input that starts with `!` is taken as it is
//! instead: an ECMA source (no reference) and strings, separated by newlines, for the
//! seed corpus and hand-written cases.

/// A case: the ECMA-262 source, the `fancy-regex` source (`None` for a raw case), and
/// the strings.
pub struct PatternCase {
    /// The pattern as formgate reads it.
    pub ecma: String,
    /// The same pattern in `fancy-regex` syntax, if the case was generated.
    pub fancy: Option<String>,
    /// Strings to try it on.
    pub strings: Vec<String>,
}

/// Reads bytes one at a time, zero past the end; notes what the reference gets wrong.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
    /// How many lookbehinds enclose the term being generated.
    behind: u32,
    /// A lookbehind holds a lookaround, or is of variable length (a quantifier other
    /// than `{2}`, an alternation): `fancy-regex` 0.19 misreads some of those
    /// (`[^a](?<=(?<=(?<=\d\W*)\b)[^a]+)` on `"a1 \n\n"`, `(?!(?![^a]{1,2}(?<!_|\B.+?)))`
    /// on `"aa_ 1aa"`, where V8 and the specification disagree with it), so such cases
    /// have no reference; `tests/pattern_v8.rs` holds them against V8 instead.
    unreliable: bool,
}

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn below(&mut self, n: u8) -> u8 {
        self.next() % n
    }

    fn done(&self) -> bool {
        self.at >= self.data.len()
    }
}

/// Atoms as (ECMA, fancy-regex) spellings.
const ATOMS: &[(&str, &str)] = &[
    ("a", "a"),
    ("b", "b"),
    ("_", "_"),
    ("1", "1"),
    (" ", " "),
    (".", r"[^\n\r\x{2028}\x{2029}]"),
    (r"\d", "[0-9]"),
    (r"\w", "[0-9A-Za-z_]"),
    (r"\W", "[^0-9A-Za-z_]"),
    ("[ab]", "[ab]"),
    ("[^a]", "[^a]"),
    (r"\n", r"\n"),
];

/// Quantifiers, the same in both.
const QUANTIFIERS: &[&str] = &["*", "+", "?", "{0,2}", "{1,2}", "{2}", "*?", "+?"];

/// Characters of the strings.
const ALPHABET: &[u8] = b"aab_1 \n";

/// The case drawn from `data`.
pub fn pattern_case(data: &[u8]) -> PatternCase {
    if let Some(raw) = data.strip_prefix(b"!") {
        let text = String::from_utf8_lossy(raw);
        let mut lines = text.split('\n');
        let ecma = lines.next().unwrap_or("").to_string();
        return PatternCase {
            ecma,
            fancy: None,
            strings: lines.map(|s| s.replace("\\n", "\n")).collect(),
        };
    }
    let mut bytes = Bytes {
        data,
        at: 0,
        behind: 0,
        unreliable: false,
    };
    let (mut ecma, mut fancy) = (String::new(), String::new());
    disjunction(&mut bytes, 3, &mut ecma, &mut fancy);
    let mut strings = Vec::new();
    while !bytes.done() && strings.len() < 8 {
        let len = bytes.below(12);
        strings.push(
            (0..len)
                .map(|_| char::from(ALPHABET[usize::from(bytes.below(ALPHABET.len() as u8))]))
                .collect(),
        );
    }
    if strings.is_empty() {
        strings.push(String::new());
    }
    let reliable = !bytes.unreliable && !fancy_rewrites_wrongly(&fancy);
    PatternCase {
        ecma,
        fancy: reliable.then_some(fancy),
        strings,
    }
}

/// Whether `fancy-regex` 0.19's optimizer (`optimize_ambiguous_concat_repeats`) may
/// rewrite the pattern into a different language. It turns `X+ Y? X+` into
/// `X+ (?:Y X+)?`, which admits a single `X` where two are needed (`a+b?a+` matches
/// `"a"`; so did the generated `[ab]+(?:(?:(?:\W{0,2})))[ab]+`), and
/// `(?:X+ (?:Y X+)?)*` into `(?:X+ (?:Y X+)*)?`, which admits `XYXYX`. The check
/// over-approximates both shapes on the parsed tree (any bounds on the edges, nested
/// repeats seen through), so that no misread case keeps the reference.
fn fancy_rewrites_wrongly(fancy: &str) -> bool {
    fancy_regex::Expr::parse_tree(fancy).is_ok_and(|tree| has_ambiguous_repeats(&tree.expr))
}

fn has_ambiguous_repeats(expr: &fancy_regex::Expr) -> bool {
    use fancy_regex::Expr;
    let same_edges = |left: &Expr, right: &Expr| matches!((unbounded(left), unbounded(right)), (Some(l), Some(r)) if l == r);
    let shaped = match expr {
        Expr::Concat(children) => children
            .windows(3)
            .any(|w| same_edges(&w[0], &w[2]) && may_be_empty_repeat(&w[1])),
        Expr::Repeat { .. } if unbounded(expr).is_some() => match core(expr) {
            Expr::Concat(children) => match children.as_slice() {
                [prefix, tail] if may_be_empty_repeat(tail) => match core(tail) {
                    Expr::Concat(inner) => {
                        matches!(inner.as_slice(), [_, right] if same_edges(prefix, right))
                    }
                    _ => false,
                },
                _ => false,
            },
            _ => false,
        },
        _ => false,
    };
    shaped || expr.children_iter().any(has_ambiguous_repeats)
}

/// `expr` without its layers of repetition.
fn core(mut expr: &fancy_regex::Expr) -> &fancy_regex::Expr {
    while let fancy_regex::Expr::Repeat { child, .. } = expr {
        expr = child;
    }
    expr
}

/// The repeated expression, if `expr` is a repetition with no upper bound at some layer.
fn unbounded(expr: &fancy_regex::Expr) -> Option<&fancy_regex::Expr> {
    let mut layer = expr;
    let mut any = false;
    while let fancy_regex::Expr::Repeat { child, hi, .. } = layer {
        any |= *hi == usize::MAX;
        layer = child;
    }
    any.then_some(layer)
}

/// Whether `expr` is a repetition that may match nothing at some layer.
fn may_be_empty_repeat(expr: &fancy_regex::Expr) -> bool {
    let mut layer = expr;
    while let fancy_regex::Expr::Repeat { child, lo, .. } = layer {
        if *lo == 0 {
            return true;
        }
        layer = child;
    }
    false
}

fn push(ecma: &mut String, fancy: &mut String, e: &str, f: &str) {
    ecma.push_str(e);
    fancy.push_str(f);
}

fn disjunction(bytes: &mut Bytes<'_>, depth: u32, ecma: &mut String, fancy: &mut String) {
    let alternatives = 1 + usize::from(bytes.below(4) == 0);
    bytes.unreliable |= alternatives > 1 && bytes.behind > 0;
    for i in 0..alternatives {
        if i > 0 {
            push(ecma, fancy, "|", "|");
        }
        for _ in 0..bytes.below(4) {
            term(bytes, depth, ecma, fancy);
        }
    }
}

fn term(bytes: &mut Bytes<'_>, depth: u32, ecma: &mut String, fancy: &mut String) {
    match bytes.below(16) {
        0 => push(ecma, fancy, "^", r"\A"),
        1 => push(ecma, fancy, "$", r"\z"),
        2 => push(ecma, fancy, r"\b", r"\b"),
        3 => push(ecma, fancy, r"\B", r"\B"),
        4..=7 if depth > 0 => {
            let open = ["(?=", "(?!", "(?<=", "(?<!"][usize::from(bytes.below(4))];
            let behind = open.starts_with("(?<");
            bytes.unreliable |= bytes.behind > 0;
            bytes.behind += u32::from(behind);
            push(ecma, fancy, open, open);
            disjunction(bytes, depth - 1, ecma, fancy);
            push(ecma, fancy, ")", ")");
            bytes.behind -= u32::from(behind);
        }
        8 | 9 if depth > 0 => {
            push(ecma, fancy, "(?:", "(?:");
            disjunction(bytes, depth - 1, ecma, fancy);
            push(ecma, fancy, ")", ")");
            quantifier(bytes, ecma, fancy);
        }
        _ => {
            let (e, f) = ATOMS[usize::from(bytes.below(ATOMS.len() as u8))];
            push(ecma, fancy, e, f);
            quantifier(bytes, ecma, fancy);
        }
    }
}

fn quantifier(bytes: &mut Bytes<'_>, ecma: &mut String, fancy: &mut String) {
    if bytes.below(3) == 0 {
        let q = QUANTIFIERS[usize::from(bytes.below(QUANTIFIERS.len() as u8))];
        bytes.unreliable |= q != "{2}" && bytes.behind > 0;
        push(ecma, fancy, q, q);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_misread_repeat_shapes_lose_their_reference() {
        for misread in [
            r"a+b?a+",
            r"[ab]+(?:(?:(?:[^0-9A-Za-z_]{0,2})))[ab]+",
            r"a+b?(?:a+)",
            r"(?:a+)+b*a{1,}",
            r"(?:a+(?:ba+)?)*",
            r"(?=x*a+b?a+)",
        ] {
            assert!(fancy_rewrites_wrongly(misread), "{misread}");
        }
        for kept in [r"a+b?a", r"a+b?b?a+", r"ab?a+", r"a+ba+", r"(?:a+b)*"] {
            assert!(!fancy_rewrites_wrongly(kept), "{kept}");
        }
    }

    /// The bytes that draw `a+b?a+` and the string `"a"`: fancy-regex admits it, so
    /// the case has no reference.
    #[test]
    fn a_drawn_misread_shape_has_no_reference() {
        let data = [1, 3, 10, 0, 0, 1, 10, 1, 0, 2, 10, 0, 0, 1, 1, 0];
        let case = pattern_case(&data);
        assert_eq!(
            (case.ecma.as_str(), &case.strings[..]),
            ("a+b?a+", &["a".to_string()][..])
        );
        let fancy = fancy_regex::Regex::new("a+b?a+").unwrap();
        assert!(
            fancy.is_match("a").unwrap(),
            "fancy-regex reads a+b?a+ right now"
        );
        assert_eq!(case.fancy, None);
    }
}
