//! Formats the form's owner defines: a name and what a string of that format is.
//!
//! A form may name a `format` formgate does not implement only when its owner says
//! what it means ([`FormBuilder::format`](crate::FormBuilder::format),
//! [`FormBuilder::format_pattern`](crate::FormBuilder::format_pattern)); any other
//! unknown format is still refused.
//!
//! Invariants:
//! 1. An owner's format applies to strings only, as JSON Schema's string formats do:
//!    every other type passes it.
//! 2. A pattern format matches the whole string: its source is matched as
//!    `^(?:source)$`, by the same linear-time ECMA-262 matcher as `pattern`.
//! 3. A name is defined once, and never one of the formats formgate implements (whose
//!    meaning the specifications fix).
//!
//! Cost: a pattern as `pattern` costs; a check as its function does.

use std::fmt;
use std::sync::Arc;

use super::Format;
use crate::form::error::{FormError, FormErrorKind};
use crate::form::pattern::Pattern;

/// The test an owner's function makes.
pub(crate) type Check = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// What a string of the format is.
#[derive(Clone)]
enum Test {
    Check(Check),
    Pattern(Box<Pattern>),
}

/// One compiled format of the owner's.
#[derive(Clone)]
pub(crate) struct OwnerFormat {
    name: Box<str>,
    test: Test,
}

impl OwnerFormat {
    /// The format's name, as the form writes it.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// Whether the decoded string `s` is of this format.
    #[inline]
    pub(crate) fn is_valid(&self, s: &str) -> bool {
        match &self.test {
            Test::Check(f) => f(s),
            Test::Pattern(p) => p.is_match(s),
        }
    }
}

impl fmt::Debug for OwnerFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let test = match &self.test {
            Test::Check(_) => "a function".to_owned(),
            Test::Pattern(p) => format!("the pattern {:?}", p.source()),
        };
        write!(f, "format {:?} ({test})", self.name)
    }
}

/// A definition as the builder was given it.
#[derive(Clone)]
enum Definition {
    Check(Check),
    Pattern(Box<str>),
}

/// The owner's formats, as given to the builder; checked and compiled by
/// [`OwnerFormats::compile`].
#[derive(Clone, Default)]
pub(crate) struct OwnerFormats {
    given: Vec<(Box<str>, Definition)>,
}

impl fmt::Debug for OwnerFormats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.given.iter().map(|(name, _)| name))
            .finish()
    }
}

impl OwnerFormats {
    /// Define `name` by a function.
    pub(crate) fn add_check(&mut self, name: &str, check: Check) {
        self.given.push((name.into(), Definition::Check(check)));
    }

    /// Define `name` by an ECMA-262 pattern the whole string must match.
    pub(crate) fn add_pattern(&mut self, name: &str, source: &str) {
        self.given
            .push((name.into(), Definition::Pattern(source.into())));
    }

    /// The formats, each checked (invariant 3) and its pattern compiled.
    ///
    /// # Errors
    ///
    /// [`FormErrorKind::FormatDefinition`] naming the format: a name given twice, a
    /// name formgate implements, an empty name, or a pattern it cannot match exactly.
    pub(crate) fn compile(&self) -> Result<Vec<Arc<OwnerFormat>>, FormError> {
        let fail = |name: &str, why: String| {
            FormError::new(
                FormErrorKind::FormatDefinition(format!("{name:?}: {why}")),
                Some("format"),
                String::new(),
            )
        };
        let mut out: Vec<Arc<OwnerFormat>> = Vec::with_capacity(self.given.len());
        for (name, definition) in &self.given {
            if name.is_empty() {
                return Err(fail(name, "a format needs a name".to_owned()));
            }
            if Format::from_name(name).is_some() {
                return Err(fail(
                    name,
                    "formgate implements this format as its specification defines it".to_owned(),
                ));
            }
            if out.iter().any(|f| f.name == *name) {
                return Err(fail(name, "defined twice".to_owned()));
            }
            let test = match definition {
                Definition::Check(f) => Test::Check(Arc::clone(f)),
                Definition::Pattern(source) => {
                    let bad = |e: crate::form::pattern::PatternError| {
                        fail(name, format!("pattern {source:?}: {e}"))
                    };
                    // Alone first: a source that is a pattern on its own has balanced
                    // groups, so wrapping it cannot change how it parses.
                    Pattern::new(source).map_err(bad)?;
                    let p = Pattern::new(&format!("^(?:{source})$")).map_err(bad)?;
                    Test::Pattern(Box::new(p))
                }
            };
            out.push(Arc::new(OwnerFormat {
                name: name.clone(),
                test,
            }));
        }
        Ok(out)
    }
}
