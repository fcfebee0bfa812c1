//! The linear matcher: state-set simulation of the automata of [`super::linear`],
//! without backtracking.
//!
//! Positions are the n + 1 boundaries between the n code points of the input. Each
//! lookaround, innermost first, gets a table of n + 1 bits: its automaton runs once over
//! the whole input (a lookbehind's forwards, a lookahead's backwards), restarting at
//! every position, and the bit of a position is whether the accepting state is live
//! there. Once a lookaround's table is full, the automata that hold it (the pattern's,
//! or an enclosing lookaround's) read it as a zero-width test, like `^` or `\b`. The
//! pattern then runs forwards as one unanchored simulation (restarting at every
//! position) that stops at the first position where it accepts.
//!
//! Each run keeps the set of live states in a sparse set and follows zero-width
//! transitions with an explicit stack, visiting each state at most once per position:
//! O(m) per position for an automaton of m states, so O(m * n) for all runs, where m
//! counts every automaton's states. Memory: the tables (n + 1 bits per lookaround),
//! two sets and a stack sized by the largest automaton. No recursion, no panics.

use super::linear::{Inst, Linear, Program, Test};

/// Whether `linear` matches anywhere in `s`.
pub(super) fn is_match(linear: &Linear, s: &str) -> bool {
    let n = s.chars().count();
    let mut sim = Sim::new(linear.widest);
    let mut tables: Vec<Table> = Vec::with_capacity(linear.looks.len());
    for look in &linear.looks {
        let mut table = Table::new(n + 1);
        let ctx = Ctx {
            classes: &linear.classes,
            tables: &tables,
        };
        let mut mark = |i: usize, accepts: bool| {
            if accepts {
                table.set(i);
            }
            false
        };
        if look.ahead {
            sim.run(
                &look.program,
                &ctx,
                s.chars().rev(),
                Direction::Backward(n),
                &mut mark,
            );
        } else {
            sim.run(
                &look.program,
                &ctx,
                s.chars(),
                Direction::Forward,
                &mut mark,
            );
        }
        tables.push(table);
    }
    let ctx = Ctx {
        classes: &linear.classes,
        tables: &tables,
    };
    let mut found = false;
    sim.run(
        &linear.main,
        &ctx,
        s.chars(),
        Direction::Forward,
        &mut |_, accepts| {
            found |= accepts;
            accepts
        },
    );
    found
}

/// What the zero-width tests and the classes read.
struct Ctx<'a> {
    /// The classes of [`Linear::classes`].
    classes: &'a [Box<[(u32, u32)]>],
    /// The tables of the lookarounds computed so far.
    tables: &'a [Table],
}

/// One position and the code points on either side of it.
#[derive(Clone, Copy)]
struct At {
    /// The number of code points before the position.
    i: usize,
    /// The code point before, if any.
    before: Option<char>,
    /// The code point after, if any.
    after: Option<char>,
}

/// Which way a run reads the input.
#[derive(Clone, Copy)]
enum Direction {
    /// From position 0 up, consuming the code point after each position.
    Forward,
    /// From position n (the count of code points) down, consuming the one before.
    Backward(usize),
}

/// One bit per position.
struct Table {
    /// The bits, 64 per word.
    words: Vec<u64>,
}

impl Table {
    /// A table of `len` clear bits.
    fn new(len: usize) -> Table {
        Table {
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// Sets bit `i`.
    fn set(&mut self, i: usize) {
        if let Some(word) = self.words.get_mut(i / 64) {
            *word |= 1 << (i % 64);
        }
    }

    /// Bit `i` (clear beyond the table).
    fn get(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|word| word & (1 << (i % 64)) != 0)
    }
}

/// A set of states with O(1) insertion, membership and clearing.
struct SparseSet {
    /// The members, in insertion order, in `dense[..len]`.
    dense: Vec<u32>,
    /// For a member `x`, its index in `dense`.
    sparse: Vec<u32>,
    /// The number of members.
    len: usize,
}

impl SparseSet {
    /// An empty set for states `0..capacity`.
    fn new(capacity: usize) -> SparseSet {
        SparseSet {
            dense: vec![0; capacity],
            sparse: vec![0; capacity],
            len: 0,
        }
    }

    /// Whether `x` is a member.
    fn contains(&self, x: u32) -> bool {
        let Some(&index) = self.sparse.get(x as usize) else {
            return false;
        };
        (index as usize) < self.len && self.dense.get(index as usize) == Some(&x)
    }

    /// Adds `x`; `false` if it was a member already (or is out of range).
    fn insert(&mut self, x: u32) -> bool {
        if self.contains(x) {
            return false;
        }
        let (Some(slot), Some(back)) = (
            self.dense.get_mut(self.len),
            self.sparse.get_mut(x as usize),
        ) else {
            return false;
        };
        *slot = x;
        // `len` is below `dense.len()`, which came from a `usize` of states
        // numbered by `u32`, so it fits.
        *back = self.len as u32;
        self.len += 1;
        true
    }

    /// Removes every member.
    fn clear(&mut self) {
        self.len = 0;
    }

    /// The members.
    fn members(&self) -> &[u32] {
        self.dense.get(..self.len).unwrap_or(&[])
    }
}

/// The simulation's scratch space, reused by every run of one match.
struct Sim {
    /// The states live at the current position.
    current: SparseSet,
    /// The states live at the next position.
    next: SparseSet,
    /// Pending zero-width transitions.
    stack: Vec<u32>,
}

impl Sim {
    /// Scratch space for automata of up to `states` states.
    fn new(states: usize) -> Sim {
        Sim {
            current: SparseSet::new(states),
            next: SparseSet::new(states),
            stack: Vec::new(),
        }
    }

    /// Runs `program` over `chars` (the input in the order `direction` reads it),
    /// restarting at every position, and calls `visit(i, accepts)` at each position
    /// `i` in reading order; stops early when `visit` returns `true`.
    fn run(
        &mut self,
        program: &Program,
        ctx: &Ctx<'_>,
        mut chars: impl Iterator<Item = char>,
        direction: Direction,
        visit: &mut dyn FnMut(usize, bool) -> bool,
    ) {
        let Sim {
            current,
            next,
            stack,
        } = self;
        current.clear();
        let mut last = None;
        let mut upcoming = chars.next();
        let mut i = match direction {
            Direction::Forward => 0,
            Direction::Backward(n) => n,
        };
        loop {
            let at = position(direction, i, last, upcoming);
            follow(program, ctx, at, program.start, current, stack);
            if visit(i, current.contains(program.accept)) {
                return;
            }
            let Some(c) = upcoming else {
                return;
            };
            let following = chars.next();
            i = match direction {
                Direction::Forward => i + 1,
                Direction::Backward(_) => i.saturating_sub(1),
            };
            let after = position(direction, i, Some(c), following);
            next.clear();
            for &state in current.members() {
                if let Some(&Inst::Char { class, next: to }) = program.insts.get(state as usize) {
                    if in_class(ctx, class, c) {
                        follow(program, ctx, after, to, next, stack);
                    }
                }
            }
            std::mem::swap(current, next);
            last = Some(c);
            upcoming = following;
        }
    }
}

/// The position `i` of a run, given the code point it consumed last and the one it
/// consumes next.
fn position(direction: Direction, i: usize, last: Option<char>, upcoming: Option<char>) -> At {
    match direction {
        Direction::Forward => At {
            i,
            before: last,
            after: upcoming,
        },
        Direction::Backward(_) => At {
            i,
            before: upcoming,
            after: last,
        },
    }
}

/// Adds `state` and every state reachable from it by zero-width transitions that
/// hold at `at` to `set`, each at most once.
fn follow(
    program: &Program,
    ctx: &Ctx<'_>,
    at: At,
    state: u32,
    set: &mut SparseSet,
    stack: &mut Vec<u32>,
) {
    stack.push(state);
    while let Some(state) = stack.pop() {
        if !set.insert(state) {
            continue;
        }
        match program.insts.get(state as usize) {
            Some(&Inst::Split(a, b)) => {
                stack.push(b);
                stack.push(a);
            }
            Some(&Inst::Assert { test, next }) => {
                if holds(ctx, test, at) {
                    stack.push(next);
                }
            }
            Some(Inst::Char { .. } | Inst::Match) | None => {}
        }
    }
}

/// Whether a zero-width test holds at `at`.
fn holds(ctx: &Ctx<'_>, test: Test, at: At) -> bool {
    match test {
        Test::Start => at.before.is_none(),
        Test::End => at.after.is_none(),
        Test::WordBoundary => is_word(at.before) != is_word(at.after),
        Test::NotWordBoundary => is_word(at.before) == is_word(at.after),
        Test::Look { id, negated } => {
            let bit = ctx
                .tables
                .get(id as usize)
                .is_some_and(|table| table.get(at.i));
            bit != negated
        }
    }
}

/// Whether `c` is an ECMA word character (`\w`: ASCII letters, digits, `_`).
fn is_word(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether `c` is in class `class`.
fn in_class(ctx: &Ctx<'_>, class: u32, c: char) -> bool {
    let Some(ranges) = ctx.classes.get(class as usize) else {
        return false;
    };
    let c = u32::from(c);
    let above = ranges.partition_point(|&(lo, _)| lo <= c);
    above
        .checked_sub(1)
        .and_then(|index| ranges.get(index))
        .is_some_and(|&(_, hi)| c <= hi)
}
