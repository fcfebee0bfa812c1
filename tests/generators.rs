//! Forms as generators write them (`tests/data/generators/<generator>/`, written by the
//! programs in `scripts/generators/`): pydantic, zod 4, zod 3 with zod-to-json-schema,
//! schemars 1.x and 0.8. Every schema is compiled as it comes, never edited.
//!
//! 1. A schema not in [`REFUSED`] compiles, and gives every body of its
//!    `<name>.cases.json` the verdict the generator's own validator gave: `admitted`
//!    bodies pass and `rejected` ones fail through every engine (`verify` with its fast
//!    path, `accept`, `verify_into`, the streaming verifier by one byte), and through
//!    the form compiled again from its rendering. `differences` are bodies on which the
//!    generator's validator and its schema legitimately disagree (pydantic coerces, zod
//!    strips unknown members...); formgate must give the schema's verdict, the
//!    opposite of the generator's (`tests/data/generators/README.md` lists them).
//! 2. A schema in [`REFUSED`] fails to compile with exactly that kind, keyword and
//!    pointer. Each entry says what formgate lacks; when it lands, the entry fails and
//!    must be replaced by the verdicts its cases file already holds.
//! 3. Every listed refusal names a corpus file, every corpus file has its cases, and
//!    every cases file holds a body the generator admits and one it rejects.
//!
//! `FORMGATE_TEST_FILTER=zod4/` restricts the run to the files whose path contains it.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use formgate::{Dialect, Form};
use serde_json::Value;

/// The generators, one folder each, and the dialect each writes (pydantic writes no
/// `$schema`; its schemas are 2020-12, formgate's default).
const GENERATORS: &[(&str, Dialect)] = &[
    ("pydantic", Dialect::Draft2020_12),
    ("zod4", Dialect::Draft2020_12),
    ("zod3", Dialect::Draft7),
    ("schemars1", Dialect::Draft2020_12),
    ("schemars08", Dialect::Draft7),
];

/// A schema formgate refuses today: (path under `tests/data/generators/`, the
/// `FormErrorKind` variant's name, keyword, JSON Pointer of the keyword).
type Refusal = (&'static str, &'static str, &'static str, &'static str);

const REFUSED: &[Refusal] = &[];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/generators")
}

/// Every schema of the corpus (`<generator>/<name>.json`, not `.cases.json`), sorted.
fn schemas() -> Vec<String> {
    let mut out = Vec::new();
    for (generator, _) in GENERATORS {
        let dir = corpus_dir().join(generator);
        let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if name.ends_with(".json") && !name.ends_with(".cases.json") {
                out.push(format!("{generator}/{name}"));
            }
        }
    }
    out.sort();
    out
}

fn read(path: &str) -> Vec<u8> {
    fs::read(corpus_dir().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The cases of `schema` (`x.json` → `x.cases.json`).
fn cases(schema: &str) -> Value {
    let path = schema.replace(".json", ".cases.json");
    serde_json::from_slice(&read(&path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn list<'a>(cases: &'a Value, key: &str) -> &'a [Value] {
    cases
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

fn kind_name(kind: &formgate::FormErrorKind) -> String {
    let debug = format!("{kind:?}");
    match debug.find(['(', ' ', '{']) {
        Some(end) => debug[..end].to_string(),
        None => debug,
    }
}

/// Check `body` against `form` (and `again`, its rendering compiled) through every
/// engine; a verdict other than `admitted` is pushed to `failures`, saying `why` that
/// verdict was expected.
fn check(
    name: &str,
    (form, again): (&Form, &Form),
    body: &[u8],
    (admitted, why): (bool, &str),
    failures: &mut Vec<String>,
) {
    let mut verdicts = vec![
        ("verify", form.verify(body)),
        ("accept", form.accept(body).map(drop)),
        (
            "verify_into",
            form.verify_into::<serde::de::IgnoredAny>(body).map(drop),
        ),
        ("rendering", again.verify(body)),
    ];
    let cuts: Vec<usize> = (1..body.len()).collect();
    verdicts.push(("stream by 1", common::stream(form, body, &cuts)));
    for (engine, verdict) in verdicts {
        if verdict.is_ok() != admitted {
            failures.push(format!(
                "{name}: {engine} on {} gives {verdict:?}, expected {} ({why})",
                String::from_utf8_lossy(body),
                if admitted { "admitted" } else { "rejected" },
            ));
        }
    }
}

#[test]
fn generator_forms_compile_and_give_their_generators_verdicts() {
    let filter = common::filter();
    let mut failures = Vec::new();
    let (mut compiled, mut refused, mut bodies) = (0, 0, 0);
    for name in schemas() {
        if !common::selected(&name, filter.as_deref()) {
            continue;
        }
        let cases = cases(&name);
        let result = Form::compile(&read(&name));
        if let Some(&(_, kind, keyword, pointer)) = REFUSED.iter().find(|r| r.0 == name) {
            refused += 1;
            match result {
                Ok(_) => failures.push(format!(
                    "{name}: compiles now; replace its REFUSED entry by its verdicts"
                )),
                Err(e) => {
                    let got = (kind_name(e.kind()), e.keyword(), e.pointer());
                    if got != (kind.to_string(), Some(keyword), pointer) {
                        failures.push(format!(
                            "{name}: refused with {got:?}, expected ({kind}, {keyword}, {pointer}): {e}"
                        ));
                    }
                }
            }
            continue;
        }
        let form = match result {
            Ok(form) => form,
            Err(e) => {
                failures.push(format!(
                    "{name}: does not compile: {e} ({:?}, keyword {:?}, pointer {:?})",
                    e.kind(),
                    e.keyword(),
                    e.pointer()
                ));
                continue;
            }
        };
        compiled += 1;
        let dialect = GENERATORS
            .iter()
            .find(|g| name.starts_with(&format!("{}/", g.0)))
            .unwrap()
            .1;
        if form.dialect() != dialect {
            failures.push(format!(
                "{name}: read as {:?}, not {dialect:?}",
                form.dialect()
            ));
        }
        let again = Form::compile(form.schema_json().as_bytes())
            .unwrap_or_else(|e| panic!("{name}: the rendering does not compile: {e}"));
        let groups = [
            (list(&cases, "admitted"), true, "the generator admits it"),
            (list(&cases, "rejected"), false, "the generator rejects it"),
        ];
        for (values, admitted, why) in groups {
            for body in values {
                bodies += 1;
                let text = serde_json::to_string(body).unwrap();
                let expected = (admitted, why);
                check(
                    &name,
                    (&form, &again),
                    text.as_bytes(),
                    expected,
                    &mut failures,
                );
            }
        }
        // A difference: the schema's verdict, the opposite of the generator's.
        for difference in list(&cases, "differences") {
            bodies += 1;
            let text = serde_json::to_string(&difference["body"]).unwrap();
            let generator = difference["generator"].as_str();
            assert!(
                matches!(generator, Some("admitted" | "rejected")),
                "{name}: {difference}"
            );
            let expected = (
                generator == Some("rejected"),
                "a difference: the schema's verdict is the opposite of the generator's",
            );
            check(
                &name,
                (&form, &again),
                text.as_bytes(),
                expected,
                &mut failures,
            );
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures (compiled {compiled}, refused {refused}, bodies {bodies}):\n{}",
        failures.len(),
        failures.join("\n")
    );
    if filter.is_none() {
        assert!(compiled >= 40, "only {compiled} schemas compiled");
        assert!(bodies >= 300, "only {bodies} bodies checked");
    }
}

#[test]
fn the_corpus_is_whole() {
    let schemas = schemas();
    for (generator, _) in GENERATORS {
        let count = schemas
            .iter()
            .filter(|s| s.starts_with(&format!("{generator}/")))
            .count();
        assert!(
            (6..=14).contains(&count),
            "{generator}: {count} schemas, expected 6 to 14"
        );
    }
    for (path, ..) in REFUSED {
        assert!(
            schemas.iter().any(|s| s == path),
            "REFUSED names {path}, not in the corpus"
        );
    }
    for (i, (path, ..)) in REFUSED.iter().enumerate() {
        assert!(
            REFUSED[..i].iter().all(|r| r.0 != *path),
            "REFUSED lists {path} twice"
        );
    }
    for name in &schemas {
        let cases = cases(name);
        // A body the generator admits: in `admitted`, or, where its schema admits
        // nothing the generator does (schemars 0.8's flattened enums), in
        // `differences`.
        let generator_admits = !list(&cases, "admitted").is_empty()
            || list(&cases, "differences")
                .iter()
                .any(|d| d["generator"] == "admitted");
        assert!(
            generator_admits && !list(&cases, "rejected").is_empty(),
            "{name}: its cases need a body the generator admits and one it rejects"
        );
        for difference in list(&cases, "differences") {
            assert!(
                difference["why"].as_str().is_some_and(|w| !w.is_empty()),
                "{name}: a difference without its reason: {difference}"
            );
        }
    }
}
