//! The syntax tree of a pattern without lookaround, written as `regex` crate syntax
//! with the same meaning (invariants 2 to 5 of [`super`]): every construct in one
//! unambiguous form, literals as `\x{..}` escapes (ASCII letters and digits excepted),
//! classes as explicit code point ranges plus canonical property names, groups as
//! non-capturing `(?:..)`.

use std::fmt::Write as _;

use super::class::write_literal;
use super::parse::{Assertion, Atom, Disjunction, Quantifier, Term};

/// Writes `body` wrapped in one non-capturing group. A lookaround has no `regex`
/// spelling: it is written as `(?=`, which the `regex` crate refuses, so a caller that
/// forgot to route it to the linear matcher gets an engine error, never a wrong match.
pub(super) fn emit(body: &Disjunction) -> String {
    let mut out = String::with_capacity(64);
    out.push_str("(?:");
    disjunction(body, &mut out);
    out.push(')');
    out
}

/// Alternatives joined by `|`.
fn disjunction(body: &Disjunction, out: &mut String) {
    for (i, alternative) in body.iter().enumerate() {
        if i > 0 {
            out.push('|');
        }
        for term in alternative {
            self::term(term, out);
        }
    }
}

/// One term: `^` is `\A`, `$` is `\z`, `\b` and `\B` are ASCII (invariant 3).
fn term(term: &Term, out: &mut String) {
    match term {
        Term::Assertion(Assertion::Start) => out.push_str(r"\A"),
        Term::Assertion(Assertion::End) => out.push_str(r"\z"),
        Term::Assertion(Assertion::WordBoundary) => out.push_str(r"(?-u:\b)"),
        Term::Assertion(Assertion::NotWordBoundary) => out.push_str(r"(?-u:\B)"),
        Term::Look(_) => out.push_str("(?="),
        Term::Atom(atom, quantifier) => {
            match atom {
                Atom::Char(cp) => write_literal(*cp, out),
                Atom::Set(set, negated) => set.write(*negated, out),
                Atom::Group(body) => {
                    out.push_str("(?:");
                    disjunction(body, out);
                    out.push(')');
                }
            }
            if let Some(quantifier) = quantifier {
                self::quantifier(quantifier, out);
            }
        }
    }
}

/// Writes the quantifier in `regex` syntax.
fn quantifier(q: &Quantifier, out: &mut String) {
    // Writing into a String cannot fail.
    let _ = match (q.min, q.max) {
        (0, None) => out.write_str("*"),
        (1, None) => out.write_str("+"),
        (0, Some(1)) => out.write_str("?"),
        (min, None) => write!(out, "{{{min},}}"),
        (min, Some(max)) if min == max => write!(out, "{{{min}}}"),
        (min, Some(max)) => write!(out, "{{{min},{max}}}"),
    };
    if q.lazy {
        out.push('?');
    }
}
