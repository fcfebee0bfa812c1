//! Differential test of `pattern` against V8: formgate's verdicts must be those of
//! `new RegExp(source, "u").test(string)` in node, on every pattern and string tried.
//!
//! Three groups of trials, each comparing both of formgate's engines where they apply
//! (the matcher a form uses, and the linear matcher that patterns with lookaround use,
//! forced on every pattern):
//!
//! - `v8/known`: the patterns generators and forms write, lookaround included (zod 4's
//!   email, hostname, domain, IBAN, duration and emoji, pydantic's Decimal, password
//!   rules, `(?<!\$)\d+`, the backtracking traps of the benches), each on its samples
//!   and on strings drawn from an alphabet that suits it.
//! - `v8/generated/<batch>`: patterns drawn from a grammar of nested lookarounds,
//!   groups, alternations, quantifiers, classes and assertions, by a seeded generator,
//!   each on strings drawn from a small alphabet (ASCII, `é`, a non-BMP character, a
//!   newline). Set `FORMGATE_V8_SEED` to explore other seeds.
//! - `v8/suite`: every `pattern` and `patternProperties` name of JSON-Schema-Test-Suite
//!   (draft2020-12 and draft7) that formgate compiles, on the strings and names of its
//!   file. Ignored without the suite data, as the conformance runners are.
//!
//! One node process per trial reads every pattern and string as JSON on stdin and
//! writes the verdicts as JSON. Without node every trial is listed as ignored, never
//! passed; with `FORMGATE_REQUIRE_NODE=1` they fail instead. Each trial prints its
//! figures (`--nocapture`): patterns, comparisons, disagreements (always 0 when it
//! passes).
//!
//! The reference is ECMA-262 as V8 computes it with a sticky match at every code point
//! boundary. V8's own `test` also tries the positions inside surrogate pairs, where an
//! empty match can succeed (`/\B/u` and `/(?!.)/u` match inside `"🐲a"`), which the
//! specification does not (`src/form/pattern.rs`, invariant 3): each trial counts those
//! cases as V8 deviations, and fails if one occurs on a string without a non-BMP
//! character.

mod common;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::{json, Value};

/// Asks for the trials to fail, rather than be ignored, when node is missing.
const REQUIRE_NODE_ENV: &str = "FORMGATE_REQUIRE_NODE";

/// Overrides the generator's seed.
const SEED_ENV: &str = "FORMGATE_V8_SEED";

/// The default seed of the generated trials.
const SEED: u64 = 0x005e_ed1a_b50f_10c4;

/// Generated batches (one trial and one node process each).
const BATCHES: u64 = 8;

/// Patterns per generated batch.
const PATTERNS_PER_BATCH: usize = 400;

/// Strings per generated pattern.
const STRINGS_PER_PATTERN: usize = 32;

/// Random strings per known pattern, besides its samples.
const STRINGS_PER_KNOWN: usize = 300;

/// The node program: `[{"p": source, "s": [strings]}]` in, per pattern either the error
/// `new RegExp` threw or, per string, `[test, spec]`: `test` is `RegExp.prototype.test`,
/// `spec` tries a sticky match at every code point boundary, which is what ECMA-262
/// specifies for `u` (`AdvanceStringIndex` steps over whole code points). V8's `test`
/// also tries the position inside a surrogate pair, where an empty match can succeed.
const NODE_SCRIPT: &str = r#"
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = input.map(({ p, s }) => {
  let re, sticky;
  try { re = new RegExp(p, "u"); sticky = new RegExp(p, "uy"); } catch (e) { return String(e); }
  return s.map((x) => {
    let spec = false;
    for (let i = 0; i <= x.length && !spec; i += (x.codePointAt(i) > 0xffff ? 2 : 1)) {
      sticky.lastIndex = i;
      spec = sticky.test(x);
    }
    return [re.test(x), spec];
  });
});
process.stdout.write(JSON.stringify(out));
"#;

/// A pattern generators write, with strings to try it on.
struct Known {
    /// Where it comes from.
    name: &'static str,
    /// The ECMA-262 source.
    source: &'static str,
    /// Characters random strings are drawn from.
    alphabet: &'static str,
    /// Strings tried as they are.
    samples: &'static [&'static str],
}

/// zod 4.6's patterns with lookaround (`zod/v4/core/regexes.js`), zod 4.0's email,
/// pydantic's Decimal pattern (2.x before the `build_decimal_pattern` rewrite),
/// password rules and price guards as forms write them, and the benches' traps.
const KNOWN: &[Known] = &[
    Known {
        name: "zod 4.0 email",
        source: r"^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$",
        alphabet: "ab1._-+'@zZ",
        samples: &[
            "a@b.co",
            ".a@b.co",
            "a..b@c.de",
            "a.b@c.de",
            "o'neil@x.org",
            "a.@b.co",
        ],
    },
    Known {
        name: "zod 4.6 email",
        source: r"^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$",
        alphabet: "ab1._-+'@zZ",
        samples: &["a@b.co", ".a@b.co", "a..b@c.de"],
    },
    Known {
        name: "zod 4.6 hostname",
        source: r"^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$",
        alphabet: "ab1.-Z",
        samples: &["example.com", "example.com.", "-a.com", "a..b"],
    },
    Known {
        name: "zod 4.6 domain",
        source: r"^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$",
        alphabet: "ab1.-Z",
        samples: &["example.com", "a.b", "x.yz."],
    },
    Known {
        name: "zod 4.6 iban",
        source: r"^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$",
        alphabet: "DE0193Z",
        samples: &[
            "DE89370400440532013000",
            "DE00370400440532013000",
            "DE99370400440532013000",
        ],
    },
    Known {
        name: "zod 4.6 duration",
        source: r"^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$",
        alphabet: "P1TWYMDHS.,",
        samples: &["P1W", "P1Y2M3D", "PT1H", "P", "PT", "P1Y1W", "P1DT2H3M4,5S"],
    },
    Known {
        name: "zod 4.6 extendedDuration",
        source: r"^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$",
        alphabet: "P1T-+YMWDHS.",
        samples: &["P1Y", "-P1.5Y", "P", "PT1H", "PT", "+P1W2D"],
    },
    Known {
        name: "zod 4.6 emoji",
        source: r"^(?=[\s\S]*[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3])[\p{Extended_Pictographic}\p{Emoji_Component}]+$",
        alphabet: "a1#\u{20E3}\u{1F600}\u{1F1E6}\u{200D}\u{FE0F}",
        samples: &["\u{1F600}", "1\u{20E3}", "1", "#", "\u{1F1E6}\u{1F1E8}"],
    },
    Known {
        name: "pydantic Decimal",
        source: r"^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$",
        alphabet: "+-.019e",
        samples: &["", "+", "-.", "1", "-1.5", ".5", "00.10", "1.2.3"],
    },
    Known {
        name: "password: a lower-case letter and a digit, 8 to 64",
        source: r"^(?=.*[a-z])(?=.*\d).{8,64}$",
        alphabet: "aZ1!\n é",
        samples: &["abcdefg1", "abcdefgh", "a1\nbcdefgh"],
    },
    Known {
        name: "password: upper, lower, digit, symbol, no space",
        source: r"^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9])(?!.*\s).{12,}$",
        alphabet: "aZ1! \t",
        samples: &["Abcdefghij1!", "abcdefghij1!", "Abcdefghij1 !"],
    },
    Known {
        name: "not a price",
        source: r"(?<!\$)\d+",
        alphabet: "$1a ",
        samples: &["$5", "5", "$55", "a$"],
    },
    Known {
        name: "word not after a prefix",
        source: r"\b(?<!un)do\w*\b",
        alphabet: "undo ",
        samples: &["undo", "do", "redo", "un do"],
    },
    Known {
        name: "lookahead around a backtracking trap",
        source: r"^(?=(a+)+$)a*$",
        alphabet: "aab",
        samples: &["aaaa", "aaab", ""],
    },
    Known {
        name: "variable-length lookbehind",
        source: r"(?<=(a|aa)+)b",
        alphabet: "aab",
        samples: &["ab", "b", "aab"],
    },
    Known {
        name: "many lookaheads",
        source: r"^(?:(?=\w)(?!\d)(?<![.])(?=[^_]).)*$",
        alphabet: "a1_.",
        samples: &["abc", "a1", "a.b", ""],
    },
];

// ---------------------------------------------------------------------------
// Seeded generation

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Atoms of generated patterns.
const ATOMS: &[&str] = &[
    "a",
    "a",
    "b",
    "b",
    "c",
    "1",
    " ",
    ".",
    ".",
    "\\d",
    "\\w",
    "\\s",
    "\\D",
    "\\W",
    "[ab]",
    "[^a]",
    "[a-c1]",
    "[\\d.]",
    "\\p{L}",
    "\\u{1F432}",
    "é",
    "\\n",
];

/// Quantifiers of generated patterns.
const QUANTIFIERS: &[&str] = &["*", "+", "?", "{0,2}", "{1,3}", "{2}", "{2,}"];

/// The characters of generated strings.
const STRING_ALPHABET: &[char] = &['a', 'a', 'b', 'b', 'c', '1', ' ', '.', 'é', '\n', '🐲', '_'];

/// A disjunction of up to three alternatives, `depth` levels of groups deep at most.
fn gen_disjunction(rng: &mut Rng, depth: u32, out: &mut String) {
    let alternatives = if rng.below(4) == 0 {
        2 + rng.below(2)
    } else {
        1
    };
    for i in 0..alternatives {
        if i > 0 {
            out.push('|');
        }
        for _ in 0..rng.below(4) + usize::from(depth > 0) {
            gen_term(rng, depth, out);
        }
    }
}

/// One term: an assertion, a lookaround, or an atom with an optional quantifier.
fn gen_term(rng: &mut Rng, depth: u32, out: &mut String) {
    match rng.below(20) {
        0 => out.push('^'),
        1 => out.push('$'),
        2 => out.push_str("\\b"),
        3 => out.push_str("\\B"),
        4..=8 if depth > 0 => {
            out.push_str(rng.pick(&["(?=", "(?!", "(?<=", "(?<!"]));
            gen_disjunction(rng, depth - 1, out);
            out.push(')');
        }
        9..=11 if depth > 0 => {
            out.push_str(rng.pick(&["(?:", "("]));
            gen_disjunction(rng, depth - 1, out);
            out.push(')');
            gen_quantifier(rng, out);
        }
        _ => {
            out.push_str(rng.pick(ATOMS));
            gen_quantifier(rng, out);
        }
    }
}

/// A quantifier, one time in three (lazy one time in four of those).
fn gen_quantifier(rng: &mut Rng, out: &mut String) {
    if rng.below(3) == 0 {
        out.push_str(rng.pick(QUANTIFIERS));
        if rng.below(4) == 0 {
            out.push('?');
        }
    }
}

/// A string of up to `max` characters drawn from `alphabet`.
fn gen_string(rng: &mut Rng, alphabet: &[char], max: usize) -> String {
    (0..rng.below(max + 1))
        .map(|_| rng.pick(alphabet))
        .collect()
}

/// A generated pattern holding at least one lookaround, with strings to try.
fn gen_case(rng: &mut Rng) -> (String, Vec<String>) {
    let source = loop {
        let mut source = String::new();
        gen_disjunction(rng, 3, &mut source);
        if ["(?=", "(?!", "(?<=", "(?<!"]
            .iter()
            .any(|l| source.contains(l))
        {
            break source;
        }
    };
    let alphabet: Vec<char> = if source.contains("\\B") {
        STRING_ALPHABET
            .iter()
            .copied()
            .filter(|c| c.len_utf16() == 1)
            .collect()
    } else {
        STRING_ALPHABET.to_vec()
    };
    let strings = (0..STRINGS_PER_PATTERN)
        .map(|_| gen_string(rng, &alphabet, 8))
        .collect();
    (source, strings)
}

// ---------------------------------------------------------------------------
// Comparing

/// V8's verdicts on one string: `test`, and the specified one (see [`NODE_SCRIPT`]).
type Verdicts = Vec<(bool, bool)>;

/// Runs V8 on every case: per case, its verdicts, or the error `new RegExp` threw.
fn v8(cases: &[(String, Vec<String>)]) -> Result<Vec<Result<Verdicts, String>>, String> {
    let input: Vec<Value> = cases
        .iter()
        .map(|(p, s)| json!({ "p": p, "s": s }))
        .collect();
    let mut child = Command::new("node")
        .arg("-e")
        .arg(NODE_SCRIPT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run node: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let text = serde_json::to_vec(&input).map_err(|e| e.to_string())?;
    // Written from a thread so a large batch cannot deadlock on full pipes.
    let writer = std::thread::spawn(move || stdin.write_all(&text));
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    writer
        .join()
        .map_err(|_| "writer panicked".to_string())?
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!(
            "node failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let verdicts: Vec<Value> = serde_json::from_slice(&output.stdout).map_err(|e| e.to_string())?;
    Ok(verdicts
        .into_iter()
        .map(|v| match v {
            Value::Array(items) => Ok(items
                .iter()
                .map(|pair| (pair[0] == true, pair[1] == true))
                .collect()),
            other => Err(other.as_str().unwrap_or("?").to_string()),
        })
        .collect())
}

/// Compares formgate's engines with V8 on `cases`, printing the figures under `label`.
/// `must_compile`: a pattern formgate refuses is a failure (else it is skipped and
/// counted).
fn compare(label: &str, cases: &[(String, Vec<String>)], must_compile: bool) -> Result<(), Failed> {
    let verdicts = v8(cases)?;
    let mut failures = Vec::new();
    let (mut patterns, mut comparisons, mut refused, mut deviations) = (0, 0, 0, 0);
    for ((source, strings), v8) in cases.iter().zip(&verdicts) {
        let v8 = match v8 {
            Ok(v8) => v8,
            Err(e) => {
                failures.push(format!("{source:?}: V8 refused it: {e}"));
                continue;
            }
        };
        let form = formgate::__fuzz::pattern_matcher(source);
        let linear = formgate::__fuzz::linear_pattern_matcher(source);
        let (form, linear) = match (form, linear) {
            (Ok(form), Ok(linear)) => (form, linear),
            (Err(e), _) | (_, Err(e)) => {
                refused += 1;
                if must_compile {
                    failures.push(format!("{source:?}: formgate refused it: {e}"));
                }
                continue;
            }
        };
        patterns += 1;
        for (s, &(test, expected)) in strings.iter().zip(v8) {
            comparisons += 1;
            if test != expected {
                deviations += 1;
                if s.chars().all(|c| c.len_utf16() == 1) {
                    failures.push(format!(
                        "{source:?} on {s:?}: V8's test {test} differs from its sticky \
                         matches {expected} on a string without surrogate pairs"
                    ));
                }
            }
            let (got, got_linear) = (form(s), linear(s));
            if got != expected || got_linear != expected {
                failures.push(format!(
                    "{source:?} on {s:?}: V8 {expected}, formgate {got}, linear {got_linear}"
                ));
            }
        }
    }
    println!(
        "pattern_v8: {label}: {patterns} patterns, {comparisons} comparisons, \
         {} disagreements, {refused} refused by formgate, {deviations} strings where \
         V8's test matches inside a surrogate pair",
        failures.len()
    );
    if failures.is_empty() {
        Ok(())
    } else {
        failures.truncate(40);
        Err(failures.join("\n").into())
    }
}

fn known_trial() -> Result<(), Failed> {
    let mut rng = Rng(SEED);
    let cases: Vec<(String, Vec<String>)> = KNOWN
        .iter()
        .map(|k| {
            let alphabet: Vec<char> = k.alphabet.chars().collect();
            let mut strings: Vec<String> = k.samples.iter().map(|s| s.to_string()).collect();
            strings.extend((0..STRINGS_PER_KNOWN).map(|_| gen_string(&mut rng, &alphabet, 24)));
            (k.source.to_string(), strings)
        })
        .collect();
    for k in KNOWN {
        if let Err(e) = formgate::__fuzz::pattern_matcher(k.source) {
            return Err(format!("{}: {e}", k.name).into());
        }
    }
    compare("known", &cases, true)
}

fn generated_trial(seed: u64, batch: u64) -> Result<(), Failed> {
    let mut rng = Rng(seed ^ batch.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let cases: Vec<_> = (0..PATTERNS_PER_BATCH)
        .map(|_| gen_case(&mut rng))
        .collect();
    compare(&format!("generated/{batch} (seed {seed:#x})"), &cases, true)
}

/// Collects the patterns (`pattern` values, `patternProperties` names) and the strings
/// (string data and member names) of one suite file.
fn suite_file(value: &Value, patterns: &mut Vec<String>, strings: &mut Vec<String>) {
    match value {
        Value::Object(members) => {
            for (name, member) in members {
                match (name.as_str(), member) {
                    ("pattern", Value::String(p)) => patterns.push(p.clone()),
                    ("patternProperties", Value::Object(ps)) => patterns.extend(ps.keys().cloned()),
                    ("data", Value::Object(data)) => strings.extend(data.keys().cloned()),
                    _ => {}
                }
                suite_file(member, patterns, strings);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| suite_file(v, patterns, strings)),
        Value::String(s) => strings.push(s.clone()),
        _ => {}
    }
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

fn suite_trial(tests: PathBuf) -> Result<(), Failed> {
    let mut files = Vec::new();
    for draft in ["draft2020-12", "draft7"] {
        json_files(&tests.join(draft), &mut files);
    }
    files.sort();
    let mut cases = Vec::new();
    for file in &files {
        let text = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let value: Value =
            serde_json::from_slice(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        let (mut patterns, mut strings) = (Vec::new(), Vec::new());
        suite_file(&value, &mut patterns, &mut strings);
        strings.sort();
        strings.dedup();
        patterns.sort();
        patterns.dedup();
        cases.extend(patterns.into_iter().map(|p| (p, strings.clone())));
    }
    if cases.is_empty() {
        return Err("no patterns found in the suite".into());
    }
    compare("suite", &cases, false)
}

fn node_available() -> bool {
    Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn main() {
    let args = Arguments::from_args();
    let seed = std::env::var(SEED_ENV)
        .ok()
        .and_then(|s| {
            let s = s.trim_start_matches("0x");
            u64::from_str_radix(s, 16).ok()
        })
        .unwrap_or(SEED);
    let mut trials = vec![Trial::test("v8/known", known_trial)];
    trials.extend((0..BATCHES).map(|batch| {
        Trial::test(format!("v8/generated/{batch}"), move || {
            generated_trial(seed, batch)
        })
    }));
    match common::suite_dir() {
        Some(dir) => trials.push(Trial::test("v8/suite", move || {
            suite_trial(dir.join("JSON-Schema-Test-Suite").join("tests"))
        })),
        None => trials.extend(common::missing_suite_trials(
            "JSON-Schema-Test-Suite",
            &args,
            ["v8/suite".to_string()],
        )),
    }
    if !node_available() {
        let required = std::env::var(REQUIRE_NODE_ENV).is_ok_and(|v| v == "1");
        let msg = "node not found on PATH: the V8 differential trials need it";
        if !args.list {
            eprintln!(
                "\nnote: {msg}; they are {}\n",
                if required { "failed" } else { "ignored" }
            );
        }
        trials = trials
            .into_iter()
            .map(|t| {
                let name = t.name().to_string();
                Trial::test(name, move || Err(msg.into())).with_ignored_flag(!required)
            })
            .collect();
    }
    libtest_mimic::run(&args, trials).exit();
}
