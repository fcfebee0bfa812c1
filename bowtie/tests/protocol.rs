//! The harness driven through Bowtie's protocol, as a process with pipes (no
//! container): the commands' answers, the errors that end it, and every case of
//! JSON-Schema-Test-Suite's five drafts with `remotes/` as each case's registry, whose
//! results must be the suite's but for formgate's recorded decisions
//! (`tests/data/schema_suite_decisions.txt`), and whose skipped cases are the groups
//! formgate refuses (`docs/CONFORMANCE.md`).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use formgate_testkit::suites::{require_suites, suite_dir};
use libtest_mimic::{Arguments, Failed, Trial};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

/// Groups of the five drafts' directories that formgate compiles, and refuses
/// (`docs/CONFORMANCE.md`, held by `tests/schema_suite/`).
const COMPILED: usize = 1655;
const REFUSED: usize = 50;

/// The harness run on `commands` (one per line): its exit status, answers and
/// standard error.
fn harness(commands: &[String]) -> (bool, Vec<Value>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_formgate-bowtie"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the harness starts");
    let mut stdin = child.stdin.take().expect("a pipe");
    let input = commands.join("\n") + "\n";
    // Written from a thread: the harness answers as it reads, and a pipe is finite.
    let writer = std::thread::spawn(move || {
        // The harness may end before reading everything (an error): not ours to report.
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("the harness ends");
    writer.join().expect("the writer thread");
    let answers = String::from_utf8(out.stdout)
        .expect("UTF-8 answers")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    (
        out.status.success(),
        answers,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const START: &str = r#"{"cmd":"start","version":1}"#;

fn run(seq: u64, schema: &str, instances: &[&str]) -> String {
    let tests: Vec<String> = instances
        .iter()
        .map(|i| format!(r#"{{"description":"t","instance":{i}}}"#))
        .collect();
    format!(
        r#"{{"cmd":"run","seq":{seq},"case":{{"description":"c","schema":{schema},"tests":[{}]}},"output":"flag"}}"#,
        tests.join(",")
    )
}

fn protocol() -> Result<(), Failed> {
    let (ok, answers, err) = harness(&[
        START.into(),
        r#"{"cmd":"dialect","dialect":"http://json-schema.org/draft-04/schema#"}"#.into(),
        // draft-04 reads `integer` by spelling; the bytes reach formgate as sent.
        run(1, r#"{"type":"integer"}"#, &["1", "1.0", "12345678901234567890123"]),
        r#"{"cmd":"dialect","dialect":"https://json-schema.org/draft/2020-12/schema"}"#.into(),
        run(2, r#"{"type":"integer"}"#, &["1.0"]),
        // Refused, failing closed: skipped, saying why.
        run(3, r#"{"unknownKeyword":1}"#, &["1"]),
        // An instance formgate refuses before its schema: that test skipped.
        run(5, "{}", &[r#""\ud800""#, "2"]),
        r#"{"cmd":"run","seq":"x","case":{"description":"c","schema":{},"tests":[{"description":"t","instance":1}]},"output":"annotations"}"#.into(),
        r#"{"cmd":"dialect","dialect":"http://json-schema.org/draft-03/schema#"}"#.into(),
        r#"{"cmd":"stop"}"#.into(),
        run(4, "{}", &["1"]),
    ]);
    assert!(ok, "{err}");
    let start = &answers[0];
    assert_eq!(start["version"], 1);
    assert_eq!(start["implementation"]["name"], "formgate");
    // The version reported is formgate's: this package keeps the crate's.
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml"))
            .expect("formgate's manifest");
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("formgate's version");
    assert_eq!(start["implementation"]["version"], version);
    assert_eq!(start["implementation"]["language"], "rust");
    assert_eq!(
        start["implementation"]["dialects"].as_array().map(Vec::len),
        Some(5)
    );
    assert_eq!(answers[1], serde_json::json!({"ok": true}));
    assert_eq!(
        answers[2],
        serde_json::json!({"seq": 1, "results": [{"valid": true}, {"valid": false}, {"valid": true}]})
    );
    assert_eq!(answers[3], serde_json::json!({"ok": true}));
    assert_eq!(
        answers[4],
        serde_json::json!({"seq": 2, "results": [{"valid": true}]})
    );
    assert_eq!(answers[5]["seq"], 3);
    assert_eq!(answers[5]["skipped"], true);
    let message = answers[5]["message"].as_str().unwrap_or("");
    assert!(message.contains("unknownKeyword"), "{message}");
    assert_eq!(answers[6]["seq"], 5);
    assert_eq!(answers[6]["results"][0]["skipped"], true);
    assert_eq!(answers[6]["results"][1], serde_json::json!({"valid": true}));
    assert_eq!(answers[7]["seq"], "x");
    assert_eq!(answers[7]["results"][0]["skipped"], true);
    assert_eq!(answers[8], serde_json::json!({"ok": false}));
    // Nothing answers `stop`, and nothing after it is read.
    assert_eq!(answers.len(), 9, "{answers:?}");

    // What is not the protocol ends the harness, saying why on standard error.
    for (commands, why) in [
        (vec![run(1, "{}", &["1"])], "before start"),
        (
            vec![r#"{"cmd":"start","version":2}"#.to_owned()],
            "version 2",
        ),
        (vec![START.into(), "{".into()], "not one of the protocol's"),
        (
            vec![START.into(), r#"{"cmd":"jump"}"#.into()],
            "not one of the protocol's",
        ),
    ] {
        let (ok, _, err) = harness(&commands);
        assert!(!ok && err.contains(why), "{commands:?}: {err}");
    }
    Ok(())
}

#[derive(Deserialize)]
struct Group {
    description: String,
    schema: Box<RawValue>,
    tests: Vec<SuiteTest>,
}

#[derive(Deserialize)]
struct SuiteTest {
    description: String,
    data: Box<RawValue>,
    valid: bool,
}

#[derive(Serialize)]
struct Run<'a> {
    cmd: &'static str,
    seq: usize,
    case: Case<'a>,
    output: &'static str,
}

#[derive(Serialize)]
struct Case<'a> {
    description: &'a str,
    schema: &'a RawValue,
    registry: &'a BTreeMap<String, Box<RawValue>>,
    tests: Vec<CaseTest<'a>>,
}

#[derive(Serialize)]
struct CaseTest<'a> {
    description: &'a str,
    instance: &'a RawValue,
}

/// The drafts' directories and the dialect Bowtie announces for each.
const DRAFTS: [(&str, &str); 5] = [
    (
        "draft2020-12",
        "https://json-schema.org/draft/2020-12/schema",
    ),
    (
        "draft2019-09",
        "https://json-schema.org/draft/2019-09/schema",
    ),
    ("draft7", "http://json-schema.org/draft-07/schema#"),
    ("draft6", "http://json-schema.org/draft-06/schema#"),
    ("draft4", "http://json-schema.org/draft-04/schema#"),
];

/// `text` (JSON) without the whitespace between its tokens, as Bowtie sends it on one
/// line; every token, numbers' spelling included, kept as written.
fn compact(text: &str) -> Box<RawValue> {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else if !matches!(c, ' ' | '\t' | '\n' | '\r') {
            in_string = c == '"';
            out.push(c);
        }
    }
    RawValue::from_string(out).expect("compact JSON is JSON")
}

/// Every `*.json` under `dir`, relative to `base`, sorted.
fn json_files(dir: &Path, base: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("a suite directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            json_files(&path, base, out);
        } else if path.extension().is_some_and(|x| x == "json") {
            let rel = path.strip_prefix(base).expect("under the base");
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

fn suite(dir: &Path) -> Result<(), Failed> {
    let suite = dir.join("JSON-Schema-Test-Suite");
    let remotes_dir = suite.join("remotes");
    let mut remotes = Vec::new();
    json_files(&remotes_dir, &remotes_dir, &mut remotes);
    let registry: BTreeMap<String, Box<RawValue>> = remotes
        .iter()
        .map(|rel| {
            let text = std::fs::read_to_string(remotes_dir.join(rel)).expect("a remote");
            (format!("http://localhost:1234/{rel}"), compact(&text))
        })
        .collect();

    let mut commands = vec![START.to_owned()];
    // (file, group, test, expected) of each test, in the order sent.
    let mut sent: Vec<Vec<(String, String, String, bool)>> = Vec::new();
    for (draft, dialect) in DRAFTS {
        commands.push(format!(r#"{{"cmd":"dialect","dialect":"{dialect}"}}"#));
        let tests_dir = suite.join("tests");
        let mut files = Vec::new();
        json_files(&tests_dir.join(draft), &tests_dir, &mut files);
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(tests_dir.join(&file)).expect("a suite file");
            let groups: Vec<Group> =
                serde_json::from_str(compact(&text).get()).expect("a list of groups");
            for g in &groups {
                let case = Case {
                    description: &g.description,
                    schema: &g.schema,
                    registry: &registry,
                    tests: g
                        .tests
                        .iter()
                        .map(|t| CaseTest {
                            description: &t.description,
                            instance: &t.data,
                        })
                        .collect(),
                };
                let command = Run {
                    cmd: "run",
                    seq: sent.len(),
                    case,
                    output: "flag",
                };
                commands.push(serde_json::to_string(&command).expect("a command"));
                sent.push(
                    g.tests
                        .iter()
                        .map(|t| {
                            (
                                file.clone(),
                                g.description.clone(),
                                t.description.clone(),
                                t.valid,
                            )
                        })
                        .collect(),
                );
            }
        }
    }
    commands.push(r#"{"cmd":"stop"}"#.to_owned());
    let (ok, answers, err) = harness(&commands);
    if !ok {
        return Err(format!("the harness failed: {err}").into());
    }
    // The answers: start, then each dialect's and run's, in order.
    let runs: Vec<&Value> = answers.iter().filter(|a| a.get("seq").is_some()).collect();
    if runs.len() != sent.len() {
        return Err(format!("{} cases sent, {} answered", sent.len(), runs.len()).into());
    }
    let (mut compiled, mut refused) = (0, 0);
    let mut differ: BTreeSet<(String, String, String)> = BTreeSet::new();
    for (i, (answer, tests)) in runs.iter().zip(&sent).enumerate() {
        if answer["seq"] != i {
            return Err(format!("answer {i} has seq {}", answer["seq"]).into());
        }
        if answer.get("skipped").is_some() {
            refused += 1;
            continue;
        }
        let Some(results) = answer["results"].as_array() else {
            return Err(format!("case {i} ({:?}): {answer}", tests.first()).into());
        };
        compiled += 1;
        for ((file, group, test, valid), result) in tests.iter().zip(results) {
            if result["valid"].as_bool() != Some(*valid) {
                differ.insert((file.clone(), group.clone(), test.clone()));
            }
        }
    }
    // The tests whose verdict formgate decided otherwise than the suite, on purpose.
    let decisions = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/schema_suite_decisions.txt"),
    )
    .expect("the decisions file");
    let decided: BTreeSet<(String, String, String)> = decisions
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            (f[0].to_owned(), f[1].to_owned(), f[2].to_owned())
        })
        .collect();
    let mut failures = Vec::new();
    if (compiled, refused) != (COMPILED, REFUSED) {
        failures.push(format!(
            "{compiled} cases ran and {refused} were skipped; expected {COMPILED} and {REFUSED}"
        ));
    }
    for d in differ.difference(&decided) {
        failures.push(format!("wrong verdict: {d:?}"));
    }
    for d in decided.difference(&differ) {
        failures.push(format!("a decision the harness did not show: {d:?}"));
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n").into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = vec![Trial::test("protocol", protocol)];
    let name = "suite: every case of the five drafts";
    trials.push(match suite_dir() {
        Some(dir) => Trial::test(name, move || suite(&dir)),
        None => {
            let required = require_suites();
            Trial::test(name, || {
                Err("JSON-Schema-Test-Suite not found: run `bash vendor-testsuite/sync`".into())
            })
            .with_ignored_flag(!required)
        }
    });
    libtest_mimic::run(&args, trials).exit();
}
