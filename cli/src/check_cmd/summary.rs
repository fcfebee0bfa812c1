//! The `--summary` table of `formgate check`: how many forms compiled, were refused,
//! were not strict JSON or could not be read, and the refusal reasons by count.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::reason::Class;

/// How many reasons are listed without `--all-reasons`.
pub(crate) const TOP_REASONS: usize = 20;

/// The counts gathered while checking.
#[derive(Debug, Default)]
pub(crate) struct Summary {
    compiled: usize,
    refused: usize,
    malformed: usize,
    unreadable: usize,
    reasons: HashMap<String, usize>,
}

impl Summary {
    /// Count a form that compiled.
    pub fn compiled(&mut self) {
        self.compiled += 1;
    }

    /// Count a form that did not compile, for `reason`.
    pub fn failed(&mut self, class: Class, reason: &str) {
        match class {
            Class::Refused => self.refused += 1,
            Class::Malformed => self.malformed += 1,
        }
        match self.reasons.get_mut(reason) {
            Some(n) => *n += 1,
            None => {
                self.reasons.insert(reason.to_owned(), 1);
            }
        }
    }

    /// Count a form (or directory) that could not be read.
    pub fn unreadable(&mut self) {
        self.unreadable += 1;
    }

    /// The table: the four counts with their share of all forms, then the reasons by
    /// count (descending, then by name), the first `limit` of them and a line for
    /// the rest.
    pub fn render(&self, limit: Option<usize>) -> String {
        let total = self.compiled + self.refused + self.malformed + self.unreadable;
        let pct = |n: usize| {
            if total == 0 {
                0.0
            } else {
                100.0 * n as f64 / total as f64
            }
        };
        let width = total.to_string().len().max(5);
        let mut out = String::new();
        let _ = writeln!(out, "forms       {total:>width$}");
        for (name, n) in [
            ("compiled", self.compiled),
            ("refused", self.refused),
            ("malformed", self.malformed),
            ("unreadable", self.unreadable),
        ] {
            let _ = writeln!(out, "{name:<11} {n:>width$}  {:5.1}%", pct(n));
        }
        let mut reasons: Vec<(&str, usize)> =
            self.reasons.iter().map(|(k, n)| (k.as_str(), *n)).collect();
        reasons.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        if reasons.is_empty() {
            return out;
        }
        let _ = writeln!(
            out,
            "reasons (refused and malformed forms, first refusal each):"
        );
        let shown = limit.unwrap_or(reasons.len()).min(reasons.len());
        for (reason, n) in &reasons[..shown] {
            let _ = writeln!(out, "{n:>width$}  {:5.1}%  {reason}", pct(*n));
        }
        let rest = &reasons[shown..];
        if !rest.is_empty() {
            let forms: usize = rest.iter().map(|r| r.1).sum();
            let _ = writeln!(
                out,
                "{forms:>width$}  {:5.1}%  ({} other reasons; --all-reasons lists them)",
                pct(forms),
                rest.len()
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_sort_by_count_then_name_and_the_rest_is_counted() {
        let mut s = Summary::default();
        s.compiled();
        for (class, reason) in [
            (Class::Refused, "b"),
            (Class::Refused, "a"),
            (Class::Refused, "c"),
            (Class::Refused, "c"),
            (Class::Malformed, "invalid JSON: x"),
        ] {
            s.failed(class, reason);
        }
        s.unreadable();
        let table = s.render(Some(2));
        let want = "\
forms           7
compiled        1   14.3%
refused         4   57.1%
malformed       1   14.3%
unreadable      1   14.3%
reasons (refused and malformed forms, first refusal each):
    2   28.6%  c
    1   14.3%  a
    2   28.6%  (2 other reasons; --all-reasons lists them)
";
        assert_eq!(table, want);
        assert!(s.render(None).ends_with("    1   14.3%  invalid JSON: x\n"));
    }
}
