//! Compiling a pattern's syntax tree to Thompson automata for the linear matcher
//! ([`super::pike`]): one automaton per lookaround and one for the pattern.
//!
//! Each automaton is a vector of instructions built back to front, each term compiled
//! with its continuation, so no jump needs patching except the loop of an unbounded
//! repetition. A lookahead `(?=r)` holds at position i iff some j >= i has
//! `input[i..j]` in L(r): its automaton recognises r *reversed* and runs backwards from
//! the end of the input. A lookbehind `(?<=r)` holds at i iff some j <= i has
//! `input[j..i]` in L(r): its automaton recognises r and runs forwards. Reversing a
//! pattern only reverses the order of the terms of each alternative: classes, counts
//! and zero-width tests (`^`, `$`, `\b`, a lookaround's table) are tests of one code
//! point or one position, the same read either way. Every lookaround's body is
//! compiled once, however often a repetition copies the term that holds it: the copies
//! consult the same table.
//!
//! Classes are resolved to code point ranges by `regex-syntax` from the same `regex`
//! spelling the other engine compiles ([`ClassSet::write`]), and shared between
//! states. The total number of states and repetition copies is bounded by
//! [`STATE_LIMIT`], checked as they are made, so compiling is bounded too.

use std::collections::HashMap;

use regex_syntax::hir::{Class, HirKind};

use super::class::ClassSet;
use super::parse::{Assertion, Ast, Atom, Disjunction, Look, Quantifier, Term};
use super::{PatternError, PatternErrorKind, STATE_LIMIT};

/// One automaton state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Inst {
    /// Consume one code point of the class numbered `class`, then go to `next`.
    Char {
        /// Index into [`Linear::classes`].
        class: u32,
        /// The state after the code point.
        next: u32,
    },
    /// Go to both states without consuming anything.
    Split(u32, u32),
    /// Go to `next` without consuming anything if `test` holds at the position.
    Assert {
        /// The zero-width test.
        test: Test,
        /// The state after it.
        next: u32,
    },
    /// The automaton accepts.
    Match,
}

/// A zero-width test of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Test {
    /// `^`: no code point before.
    Start,
    /// `$`: no code point after.
    End,
    /// `\b`: an ASCII word character on exactly one side.
    WordBoundary,
    /// `\B`: not `\b`.
    NotWordBoundary,
    /// A lookaround: its table's bit here, inverted if `negated`.
    Look {
        /// Index into [`Linear::looks`] and into the matcher's tables.
        id: u32,
        /// `(?!` or `(?<!`.
        negated: bool,
    },
}

/// One automaton.
#[derive(Debug, Clone)]
pub(super) struct Program {
    /// The states.
    pub(super) insts: Vec<Inst>,
    /// The initial state.
    pub(super) start: u32,
    /// The one [`Inst::Match`] state.
    pub(super) accept: u32,
}

/// The automaton of one lookaround's body.
#[derive(Debug, Clone)]
pub(super) struct LookProgram {
    /// A lookahead: `program` recognises the body reversed and runs backwards.
    /// Otherwise a lookbehind: it recognises the body and runs forwards.
    pub(super) ahead: bool,
    /// The automaton.
    pub(super) program: Program,
}

/// A pattern compiled for the linear matcher.
#[derive(Debug, Clone)]
pub(crate) struct Linear {
    /// Code point classes as sorted, disjoint inclusive ranges of scalar values.
    pub(super) classes: Vec<Box<[(u32, u32)]>>,
    /// The lookarounds by id: every lookaround nested in another comes first.
    pub(super) looks: Vec<LookProgram>,
    /// The pattern itself, run forwards.
    pub(super) main: Program,
    /// The largest number of states of one automaton (the matcher's set size).
    pub(super) widest: usize,
}

/// Compiles a parsed pattern. Fails with [`PatternErrorKind::TooManyStates`] past
/// [`STATE_LIMIT`] states and copies, and with [`PatternErrorKind::Engine`] if
/// `regex-syntax` refuses a class spelling (a bug, reported rather than hidden).
pub(super) fn compile(ast: &Ast) -> Result<Linear, PatternError> {
    let mut compiler = Compiler {
        classes: Vec::new(),
        class_ids: HashMap::new(),
        budget: STATE_LIMIT,
        looks: (0..ast.looks).map(|_| None).collect(),
    };
    compiler.lookarounds(&ast.body)?;
    let main = compiler.program(&ast.body, false)?;
    let looks: Vec<LookProgram> = compiler
        .looks
        .into_iter()
        .collect::<Option<_>>()
        .ok_or_else(|| engine("a lookaround was not compiled"))?;
    let widest = looks
        .iter()
        .map(|look| look.program.insts.len())
        .chain(std::iter::once(main.insts.len()))
        .max()
        .unwrap_or(0);
    Ok(Linear {
        classes: compiler.classes,
        looks,
        main,
        widest,
    })
}

/// An internal error.
fn engine(why: &str) -> PatternError {
    PatternError::new(0, PatternErrorKind::Engine(why.to_owned()))
}

/// The compiler's state, shared by all automata of one pattern.
struct Compiler {
    /// Classes made so far.
    classes: Vec<Box<[(u32, u32)]>>,
    /// Class index by `regex` spelling, so copies and equal classes share one.
    class_ids: HashMap<String, u32>,
    /// States and repetition copies still allowed.
    budget: usize,
    /// Lookaround automata by id, filled innermost first.
    looks: Vec<Option<LookProgram>>,
}

/// An automaton under construction.
struct Builder {
    /// The states so far.
    insts: Vec<Inst>,
    /// Whether terms are compiled in reverse order (a lookahead's body).
    reverse: bool,
}

impl Compiler {
    /// Spends one unit of the budget.
    fn spend(&mut self) -> Result<(), PatternError> {
        match self.budget.checked_sub(1) {
            Some(rest) => {
                self.budget = rest;
                Ok(())
            }
            None => Err(PatternError::new(
                0,
                PatternErrorKind::TooManyStates { limit: STATE_LIMIT },
            )),
        }
    }

    /// Adds a state and returns its index.
    fn push(&mut self, b: &mut Builder, inst: Inst) -> Result<u32, PatternError> {
        self.spend()?;
        let index = u32::try_from(b.insts.len()).map_err(|_| engine("too many states"))?;
        b.insts.push(inst);
        Ok(index)
    }

    /// Compiles the lookarounds of `body` and of everything nested in it, each
    /// once, innermost first (their bodies' lookarounds before them).
    fn lookarounds(&mut self, body: &Disjunction) -> Result<(), PatternError> {
        for term in body.iter().flatten() {
            match term {
                Term::Look(look) => {
                    self.lookarounds(&look.body)?;
                    self.lookaround(look)?;
                }
                Term::Atom(Atom::Group(inner), _) => self.lookarounds(inner)?,
                Term::Atom(..) | Term::Assertion(_) => {}
            }
        }
        Ok(())
    }

    /// Compiles one lookaround's body into its slot.
    fn lookaround(&mut self, look: &Look) -> Result<(), PatternError> {
        let program = self.program(&look.body, !look.behind)?;
        let slot = self
            .looks
            .get_mut(look.id)
            .ok_or_else(|| engine("lookaround id out of range"))?;
        *slot = Some(LookProgram {
            ahead: !look.behind,
            program,
        });
        Ok(())
    }

    /// An automaton for `body`, reversed if asked.
    fn program(&mut self, body: &Disjunction, reverse: bool) -> Result<Program, PatternError> {
        let mut b = Builder {
            insts: Vec::new(),
            reverse,
        };
        let accept = self.push(&mut b, Inst::Match)?;
        let start = self.disjunction(&mut b, body, accept)?;
        Ok(Program {
            insts: b.insts,
            start,
            accept,
        })
    }

    /// Alternatives, each continuing to `next`; returns the entry state.
    fn disjunction(
        &mut self,
        b: &mut Builder,
        body: &Disjunction,
        next: u32,
    ) -> Result<u32, PatternError> {
        let mut entry = None;
        for alternative in body.iter().rev() {
            let mut at = next;
            if b.reverse {
                for term in alternative {
                    at = self.term(b, term, at)?;
                }
            } else {
                for term in alternative.iter().rev() {
                    at = self.term(b, term, at)?;
                }
            }
            entry = Some(match entry {
                None => at,
                Some(rest) => self.push(b, Inst::Split(at, rest))?,
            });
        }
        Ok(entry.unwrap_or(next))
    }

    /// One term continuing to `next`; returns its entry state.
    fn term(&mut self, b: &mut Builder, term: &Term, next: u32) -> Result<u32, PatternError> {
        let test = match term {
            Term::Assertion(Assertion::Start) => Test::Start,
            Term::Assertion(Assertion::End) => Test::End,
            Term::Assertion(Assertion::WordBoundary) => Test::WordBoundary,
            Term::Assertion(Assertion::NotWordBoundary) => Test::NotWordBoundary,
            Term::Look(look) => Test::Look {
                id: u32::try_from(look.id).map_err(|_| engine("too many lookarounds"))?,
                negated: look.negated,
            },
            Term::Atom(atom, quantifier) => return self.repeat(b, atom, *quantifier, next),
        };
        self.push(b, Inst::Assert { test, next })
    }

    /// An atom repeated as its quantifier says (once without one): `min` copies,
    /// then either a loop or `max - min` nested optional copies.
    fn repeat(
        &mut self,
        b: &mut Builder,
        atom: &Atom,
        quantifier: Option<Quantifier>,
        next: u32,
    ) -> Result<u32, PatternError> {
        let (min, max) = quantifier.map_or((1, Some(1)), |q| (q.min, q.max));
        let mut at = next;
        match max {
            None => {
                let head = self.push(b, Inst::Split(next, next))?;
                let body = self.atom(b, atom, head)?;
                let slot = b
                    .insts
                    .get_mut(head as usize)
                    .ok_or_else(|| engine("loop state out of range"))?;
                *slot = Inst::Split(body, next);
                at = head;
            }
            Some(max) => {
                for _ in min..max {
                    self.spend()?;
                    let body = self.atom(b, atom, at)?;
                    at = self.push(b, Inst::Split(body, next))?;
                }
            }
        }
        for _ in 0..min {
            self.spend()?;
            at = self.atom(b, atom, at)?;
        }
        Ok(at)
    }

    /// One copy of an atom continuing to `next`; returns its entry state.
    fn atom(&mut self, b: &mut Builder, atom: &Atom, next: u32) -> Result<u32, PatternError> {
        let class = match atom {
            Atom::Group(body) => return self.disjunction(b, body, next),
            Atom::Char(cp) => {
                let mut set = ClassSet::default();
                set.ranges.push((*cp, *cp));
                self.class(&set, false)?
            }
            Atom::Set(set, negated) => self.class(set, *negated)?,
        };
        self.push(b, Inst::Char { class, next })
    }

    /// The index of a class, resolved on first use.
    fn class(&mut self, set: &ClassSet, negated: bool) -> Result<u32, PatternError> {
        let mut spelling = String::new();
        set.write(negated, &mut spelling);
        if let Some(&id) = self.class_ids.get(&spelling) {
            return Ok(id);
        }
        let ranges = resolve(&spelling)?;
        let id = u32::try_from(self.classes.len()).map_err(|_| engine("too many classes"))?;
        self.classes.push(ranges);
        self.class_ids.insert(spelling, id);
        Ok(id)
    }
}

/// The code point ranges of a class written in `regex` syntax, as `regex-syntax`
/// (the `regex` crate's parser, with its Unicode tables) reads them.
fn resolve(spelling: &str) -> Result<Box<[(u32, u32)]>, PatternError> {
    let hir = regex_syntax::ParserBuilder::new()
        .unicode(true)
        .utf8(true)
        .build()
        .parse(spelling)
        .map_err(|err| engine(&format!("regex-syntax refused {spelling:?}: {err}")))?;
    let ranges = match hir.kind() {
        HirKind::Class(Class::Unicode(class)) => class
            .ranges()
            .iter()
            .map(|r| (u32::from(r.start()), u32::from(r.end())))
            .collect(),
        // The empty class is `Hir::fail`, spelled as an empty byte class.
        HirKind::Class(Class::Bytes(class)) if class.ranges().is_empty() => Vec::new(),
        // A class of one code point is simplified to a literal.
        HirKind::Literal(literal) => {
            let text = std::str::from_utf8(&literal.0)
                .map_err(|_| engine(&format!("{spelling:?} is not UTF-8")))?;
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => vec![(u32::from(c), u32::from(c))],
                _ => return Err(engine(&format!("{spelling:?} is not one class"))),
            }
        }
        _ => return Err(engine(&format!("{spelling:?} is not one class"))),
    };
    Ok(ranges.into_boxed_slice())
}
