//! One case: its schema compiled with its registry, then each instance verified.
//!
//! A schema formgate refuses (fail closed: a keyword it does not implement exactly, a
//! format outside its list, a `$ref` to a document nobody gave) is reported as
//! `skipped`, with the compile error as the message, and so is an instance formgate
//! refuses before its schema (not strict JSON, such as a lone surrogate escape).
//! Formats and content are asserted, as formgate always does.

use std::panic::{catch_unwind, AssertUnwindSafe};

use formgate::{Dialect, Form, Limits, RejectionKind};

use crate::protocol::{Case, ErrorContext, Outcome, TestResult};

/// The bodies a case's instances are held to: far beyond any suite's, so that a
/// verdict is the schema's and never a size or depth limit's.
const LIMITS: Limits = Limits::new().with_max_bytes(64 << 20).with_max_depth(1024);

/// The outcome of `case`, whose schemas without `$schema` are of `dialect`, reported
/// as `output` asks (`flag` unless `annotations`).
pub fn run(case: &Case, dialect: Dialect, output: Option<&str>) -> Outcome {
    if output == Some("annotations") {
        let message = "formgate decides validity; it collects no annotations".to_owned();
        let results = case
            .tests
            .iter()
            .map(|_| TestResult::Skipped {
                skipped: true,
                message: message.clone(),
            })
            .collect();
        return Outcome::Results { results };
    }
    match catch_unwind(AssertUnwindSafe(|| decide(case, dialect))) {
        Ok(outcome) => outcome,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_owned());
            Outcome::Errored {
                errored: true,
                context: ErrorContext {
                    message: format!("formgate panicked: {what}"),
                },
            }
        }
    }
}

fn decide(case: &Case, dialect: Dialect) -> Outcome {
    let mut builder = Form::builder().default_dialect(dialect).limits(LIMITS);
    for (uri, document) in &case.registry {
        if !held_by_formgate(uri) {
            builder = builder.resource(uri, document.get().as_bytes());
        }
    }
    let form = match builder.compile(case.schema.get().as_bytes()) {
        Ok(form) => form,
        Err(e) => {
            return Outcome::Skipped {
                skipped: true,
                message: format!("formgate refuses this schema, failing closed: {e}"),
            }
        }
    };
    let results = case
        .tests
        .iter()
        .map(|t| match form.verify(t.instance.get().as_bytes()) {
            Ok(()) => TestResult::Valid { valid: true },
            Err(r) if matches!(r.kind(), RejectionKind::NotAdmitted { .. }) => {
                TestResult::Valid { valid: false }
            }
            // Refused before the schema is asked (a lone surrogate, say): the schema's
            // verdict is not what formgate gives, so none is claimed.
            Err(r) => TestResult::Skipped {
                skipped: true,
                message: format!("formgate refuses the instance before its schema: {r}"),
            },
        })
        .collect();
    Outcome::Results { results }
}

/// Whether `uri` names a standard metaschema, which formgate holds itself (and refuses
/// to have registered over its own).
fn held_by_formgate(uri: &str) -> bool {
    Dialect::from_uri(uri).is_some()
        || ["2019-09", "2020-12"].iter().any(|d| {
            uri.strip_prefix("https://json-schema.org/draft/")
                .and_then(|rest| rest.strip_prefix(d))
                .is_some_and(|rest| rest.starts_with("/meta/"))
        })
}
