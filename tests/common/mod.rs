//! Helpers specific to the integration tests: the name filter of the table-driven
//! runners and the parser verdicts they compare; where the pinned conformance suites
//! live comes from the test kit.
//!
//! Each test binary compiles this module on its own and uses only part of it.
#![allow(dead_code)]

// Where the conformance suites live: one lookup, in the test kit.
#[allow(unused_imports)]
pub use formgate_testkit::suites::{require_suites, suite_dir, REQUIRE_ENV, SUITE_DIR_ENV};

/// Restricts table-driven runners to the cases whose name contains this text.
pub const FILTER_ENV: &str = "FORMGATE_TEST_FILTER";

/// The name filter from `FORMGATE_TEST_FILTER`, if one is set.
pub fn filter() -> Option<String> {
    std::env::var(FILTER_ENV).ok().filter(|f| !f.is_empty())
}

/// Whether the case `name` passes the name filter (a substring match).
pub fn selected(name: &str, filter: Option<&str>) -> bool {
    match filter {
        Some(f) => name.contains(f),
        None => true,
    }
}

/// The name of a [`formgate::json::ParseErrorKind`] variant, without its fields
/// (`TooDeep { limit: 128 }` gives `TooDeep`).
pub fn kind_name(kind: formgate::json::ParseErrorKind) -> String {
    let debug = format!("{kind:?}");
    match debug.find([' ', '{', '(']) {
        Some(end) => debug[..end].to_string(),
        None => debug,
    }
}

/// The error's kind name and offset, or `None` if the input is accepted; checks that
/// [`formgate::json::parse`], [`formgate::json::check`] and the pull [`formgate::json::Parser`] agree.
pub fn verdict(
    input: &[u8],
    limits: &formgate::Limits,
) -> Result<Option<formgate::json::ParseError>, String> {
    let parsed = formgate::json::parse(input, limits).err();
    let checked = formgate::json::check(input, limits).err();
    let pulled = match formgate::json::Parser::new(input, limits) {
        Err(e) => Some(e),
        Ok(mut p) => loop {
            match p.next() {
                Ok(Some(_)) => {}
                Ok(None) => break None,
                Err(e) => break Some(e),
            }
        },
    };
    if parsed != checked || parsed != pulled {
        return Err(format!(
            "parse, check and Parser disagree: {parsed:?} / {checked:?} / {pulled:?}"
        ));
    }
    Ok(parsed)
}

/// Feed `body` to `form`'s streaming verifier, split at the given cut points.
pub fn stream(
    form: &formgate::Form,
    body: &[u8],
    cuts: &[usize],
) -> Result<(), formgate::Rejection> {
    let mut v = form.verifier();
    let mut at = 0;
    for &cut in cuts.iter().chain(std::iter::once(&body.len())) {
        let cut = cut.clamp(at, body.len());
        v.feed(&body[at..cut])?;
        at = cut;
    }
    v.finish()
}

/// Whether two verdicts agree: both accept, or both reject with the same kind, offset
/// and body pointer.
pub fn same(a: &Result<(), formgate::Rejection>, b: &Result<(), formgate::Rejection>) -> bool {
    match (a, b) {
        (Ok(()), Ok(())) => true,
        (Err(x), Err(y)) => {
            x.kind() == y.kind() && x.offset() == y.offset() && x.pointer() == y.pointer()
        }
        _ => false,
    }
}

/// Without the suite data: one placeholder trial per name, ignored (failing when
/// `FORMGATE_REQUIRE_SUITES=1`), and one message saying how to get the data.
pub fn missing_suite_trials(
    suite: &str,
    args: &libtest_mimic::Arguments,
    names: impl IntoIterator<Item = String>,
) -> Vec<libtest_mimic::Trial> {
    let required = require_suites();
    let msg = format!(
        "{suite} not found (looked in ${SUITE_DIR_ENV}, vendor-testsuite/, \
         ../shared/vendor-testsuite/): run `bash vendor-testsuite/sync`"
    );
    if !args.list {
        if required {
            eprintln!("\nerror: {msg}; {REQUIRE_ENV}=1, so its trials fail\n");
        } else {
            eprintln!("\nnote: {msg}; its trials are ignored\n");
        }
    }
    names
        .into_iter()
        .map(|name| {
            let msg = msg.clone();
            libtest_mimic::Trial::test(name, move || Err(msg.into())).with_ignored_flag(!required)
        })
        .collect()
}

/// Compile `form_text` and check `body` through every engine: `verify` (fast path
/// first) must give `admitted`; `accept`, `verify_into`, and the streaming verifier fed
/// whole, one byte and three bytes at a time must give the same verdict, kind and
/// offset; the form must render as written, and its rendering must render the same and
/// give the same verdict. Differences are pushed to `failures`; the form is returned
/// for further checks.
pub fn engines_agree(
    form_text: &str,
    body: &[u8],
    admitted: bool,
    failures: &mut Vec<String>,
) -> formgate::Form {
    use formgate::Form;
    let same_kind =
        |a: &Result<(), formgate::Rejection>, b: &Result<(), formgate::Rejection>| match (a, b) {
            (Ok(()), Ok(())) => true,
            (Err(x), Err(y)) => x.kind() == y.kind() && x.offset() == y.offset(),
            _ => false,
        };
    let form = Form::compile(form_text.as_bytes())
        .unwrap_or_else(|e| panic!("{form_text} does not compile: {e}"));
    let verdict = form.verify(body);
    let show = |what: &str, got: &dyn std::fmt::Debug| {
        format!(
            "{form_text} on {}: {what} {got:?}",
            String::from_utf8_lossy(body)
        )
    };
    if verdict.is_ok() != admitted {
        failures.push(show("verify", &verdict));
        return form;
    }
    // The fast pass rejects as the general validator does: the same kind, offset,
    // pointers and keyword.
    let general = formgate::__fuzz::general_verify(&form, body);
    if general != verdict {
        failures.push(show("the general validator", &general));
    }
    let accepted = form.accept(body).map(drop);
    if !same_kind(&accepted, &verdict) {
        failures.push(show("accept", &accepted));
    }
    let typed = form.verify_into::<serde::de::IgnoredAny>(body).map(drop);
    if !same_kind(&typed, &verdict) {
        failures.push(show("verify_into", &typed));
    }
    // Into a type that asks for its values every way serde types do: the same visitor
    // calls as the one-pass route, and the same verdict (an admitted number beyond
    // `f64` aside).
    let visits = form.verify_into::<formgate::__fuzz::Visits>(body);
    if visits != formgate::__fuzz::verify_into_one_pass(&form, body) {
        failures.push(show("verify_into's routes", &visits));
    }
    let unrepresentable = visits
        .as_ref()
        .is_err_and(|r| r.kind() == formgate::RejectionKind::Unrepresentable);
    if !(same_kind(&visits.as_ref().map(drop).map_err(Clone::clone), &verdict)
        || verdict.is_ok() && unrepresentable)
    {
        failures.push(show("verify_into Visits", &visits));
    }
    for step in [body.len(), 1, 3] {
        let cuts: Vec<usize> = (step..body.len()).step_by(step.max(1)).collect();
        let streamed = stream(&form, body, &cuts);
        if !same_kind(&streamed, &verdict) {
            failures.push(show(&format!("stream by {step}"), &streamed));
        }
    }
    let rendered = form.schema_json();
    if rendered != form_text {
        failures.push(show("rendered", &rendered));
    }
    let again = Form::compile(rendered.as_bytes()).expect("the rendering compiles");
    if again.schema_json() != rendered || !same_kind(&again.verify(body), &verdict) {
        failures.push(show("rendering's verdict", &again.verify(body)));
    }
    form
}

/// Whether the doc at `rel` (from the repository root) says each of `stated`, its
/// whitespace taken as single spaces (so line breaks do not matter): the figures the
/// conformance runners hold the suites to are the ones the docs state.
#[allow(dead_code)]
pub fn doc_states(rel: &str, stated: &[String]) -> Result<(), String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let doc = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    let missing: Vec<&String> = stated
        .iter()
        .filter(|s| !doc.contains(s.as_str()))
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!("{rel} does not say: {missing:?}"))
    }
}

/// Every verdict of `verify`, of the fast engine alone and of the general validator on
/// one form and body agree: the fast engine admits only what the general validator
/// admits, and a rejection of its own is the general validator's.
pub fn engines_agree_on(form: &formgate::Form, body: &[u8], what: &str) {
    let general = formgate::__fuzz::general_verify(form, body);
    assert!(
        !formgate::__fuzz::fast_accepts(form, body) || general.is_ok(),
        "fast path admits what the general validator rejects: {what} {:?}",
        String::from_utf8_lossy(body)
    );
    if let Some(r) = formgate::__fuzz::fast_rejects(form, body) {
        assert_eq!(
            Err(&r),
            general.as_ref(),
            "{what} {:?}",
            String::from_utf8_lossy(body)
        );
    }
    assert_eq!(
        form.verify(body),
        general,
        "{what} {:?}",
        String::from_utf8_lossy(body)
    );
}

/// The forms of object checks `shapes` (the keywords inside an object schema, without
/// its braces): each as the form's root, and as the items of an array form.
pub fn objects_alone_and_as_items(shapes: &[String]) -> Vec<String> {
    let mut forms = Vec::new();
    for shape in shapes {
        forms.push(format!(r#"{{"type":"object",{shape}}}"#));
        forms.push(format!(
            r#"{{"type":"array","items":{{"type":"object",{shape}}}}}"#
        ));
    }
    forms
}

/// [`every_engine_agrees`] on each of `bodies` under each of `sources`, the forms'
/// texts (each must compile).
pub fn every_engine_agrees_on_all(sources: &[String], bodies: &[String]) {
    for source in sources {
        let form = formgate::Form::compile(source.as_bytes()).expect("the form compiles");
        for body in bodies {
            every_engine_agrees(&form, body.as_bytes(), &format!("{source} with {body}"));
        }
    }
}

/// [`engines_agree_on`], and every other route that reads with the fast engine first
/// holds to the general validator's verdict too: the streaming verifier fed in chunks
/// of several sizes (the same rejection), `verify_into` into `serde_json::Value` and
/// `IgnoredAny` (the same rejection, or `Unrepresentable` for a body the form admits),
/// and `verify_into`'s guided and one-pass routes (the same visits).
pub fn every_engine_agrees(form: &formgate::Form, body: &[u8], what: &str) {
    engines_agree_on(form, body, what);
    let general = formgate::__fuzz::general_verify(form, body);
    let show = String::from_utf8_lossy(body);
    for step in [1, 2, 3, 7, body.len().max(1)] {
        let mut v = form.verifier();
        let streamed = body
            .chunks(step)
            .try_for_each(|c| v.feed(c))
            .and_then(|()| v.finish());
        assert_eq!(streamed, general, "{what} {show:?} streamed by {step}");
    }
    let agrees = |into: Result<(), formgate::Rejection>| match (&into, &general) {
        (Ok(()), Ok(())) => true,
        (Err(r), Ok(())) => r.kind() == formgate::RejectionKind::Unrepresentable,
        (into, general) => into == general,
    };
    let value = form.verify_into::<serde_json::Value>(body).map(drop);
    assert!(agrees(value), "{what} {show:?} into Value");
    let ignored = form.verify_into::<serde::de::IgnoredAny>(body).map(drop);
    assert!(agrees(ignored), "{what} {show:?} into IgnoredAny");
    let visits = form.verify_into::<formgate::__fuzz::Visits>(body);
    let one_pass = formgate::__fuzz::verify_into_one_pass::<formgate::__fuzz::Visits>(form, body);
    assert_eq!(visits, one_pass, "{what} {show:?}: verify_into's routes");
}

/// Set in a child process [`in_child_process`] starts: the name of the test it runs.
const CHILD_ENV: &str = "FORMGATE_TEST_CHILD";

/// For a test whose failure is the process's end (an abort in a thread-local's
/// destructor, a stack overflow): `true` in the child process, where the caller runs
/// the test's body; in the parent, runs the test binary again on `test` alone,
/// asserts that its child passed, and gives `false`.
pub fn in_child_process(test: &str) -> bool {
    if std::env::var(CHILD_ENV).as_deref() == Ok(test) {
        return true;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let out = std::process::Command::new(exe)
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, test)
        .output()
        .expect("running the test binary");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{test} failed in its child process ({}):\n{stdout}\n{stderr}",
        out.status
    );
    false
}
