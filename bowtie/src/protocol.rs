//! Bowtie's harness protocol, version 1: one JSON command per line on standard input,
//! one JSON response per line on standard output (none to `stop`).
//!
//! Commands, as Bowtie sends them:
//! - `{"cmd":"start","version":1}`: answered with the protocol version and what the
//!   implementation is;
//! - `{"cmd":"dialect","dialect":URI}`: the dialect of schemas without `$schema`;
//! - `{"cmd":"run","seq":S,"case":{...},"output":"flag"|"annotations"}`: a case, a
//!   schema with its `registry` of other documents and its tests, answered with `seq`
//!   and a result per test, `skipped` for the whole case, or `errored`;
//! - `{"cmd":"stop"}`: the end.
//!
//! Schemas, registry documents and instances are kept as the bytes Bowtie sent
//! ([`RawValue`]): formgate reads them itself, strictly.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The protocol version this harness speaks.
pub const VERSION: u64 = 1;

/// A command from Bowtie.
#[derive(Debug)]
pub enum Command {
    /// The first command: which protocol version Bowtie intends.
    Start {
        /// The protocol version.
        version: u64,
    },
    /// The dialect of schemas that have no `$schema`.
    Dialect {
        /// The dialect's metaschema URI.
        dialect: String,
    },
    /// A case to run.
    Run(Box<RunCase>),
    /// The last command; nothing answers it.
    Stop,
}

/// A `run` command.
#[derive(Debug, Deserialize)]
pub struct RunCase {
    /// Bowtie's identifier of the case, echoed in the response.
    pub seq: Box<RawValue>,
    /// The schema and its tests.
    pub case: Case,
    /// `flag` (validity) or `annotations`.
    #[serde(default)]
    pub output: Option<String>,
}

impl Command {
    /// The command one line of input holds. The line is read twice, for its `cmd`
    /// and then as that command, so that schemas and instances stay raw bytes (a
    /// tagged enum would buffer them into values).
    pub fn parse(line: &str) -> Result<Command, String> {
        #[derive(Deserialize)]
        struct Tag {
            cmd: String,
        }
        #[derive(Deserialize)]
        struct Start {
            version: u64,
        }
        #[derive(Deserialize)]
        struct Dialect {
            dialect: String,
        }
        let tag: Tag = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let command = match tag.cmd.as_str() {
            "start" => {
                serde_json::from_str(line).map(|s: Start| Command::Start { version: s.version })
            }
            "dialect" => {
                serde_json::from_str(line).map(|d: Dialect| Command::Dialect { dialect: d.dialect })
            }
            "run" => serde_json::from_str(line).map(|r| Command::Run(Box::new(r))),
            "stop" => return Ok(Command::Stop),
            other => return Err(format!("unknown command {other:?}")),
        };
        command.map_err(|e| format!("{:?}: {e}", tag.cmd))
    }
}

/// A schema, the other documents it may name, and the instances to verify.
#[derive(Debug, Deserialize)]
pub struct Case {
    /// The schema, as sent.
    pub schema: Box<RawValue>,
    /// Other documents by URI, which a `$ref` may name (never fetched).
    #[serde(default)]
    pub registry: BTreeMap<String, Box<RawValue>>,
    /// The instances.
    pub tests: Vec<Test>,
}

/// One instance of a case.
#[derive(Debug, Deserialize)]
pub struct Test {
    /// The instance, as sent.
    pub instance: Box<RawValue>,
}

/// The answer to `start`.
#[derive(Debug, Serialize)]
pub struct Started {
    /// The protocol version.
    pub version: u64,
    /// What the implementation is.
    pub implementation: Implementation,
}

/// The implementation, as Bowtie lists it.
#[derive(Debug, Serialize)]
pub struct Implementation {
    /// `formgate`.
    pub name: &'static str,
    /// formgate's version.
    pub version: &'static str,
    /// `rust`.
    pub language: &'static str,
    /// The dialects formgate compiles, by metaschema URI.
    pub dialects: Vec<&'static str>,
    /// Where formgate is published.
    pub homepage: &'static str,
    /// Its documentation.
    pub documentation: &'static str,
    /// Where to report a problem.
    pub issues: &'static str,
    /// Its source.
    pub source: &'static str,
}

/// The answer to `dialect`.
#[derive(Debug, Serialize)]
pub struct DialectSet {
    /// Whether the dialect is taken for schemas without `$schema`.
    pub ok: bool,
}

/// The answer to `run`.
#[derive(Debug, Serialize)]
pub struct Ran {
    /// The case's `seq`, as sent.
    pub seq: Box<RawValue>,
    /// What happened.
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// What became of a case.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    /// The case ran: a result per test, in order.
    Results {
        /// Each test's result.
        results: Vec<TestResult>,
    },
    /// The case was not run (its schema does not compile): why.
    Skipped {
        /// Always `true`.
        skipped: bool,
        /// Why.
        message: String,
    },
    /// Something went wrong in the harness itself.
    Errored {
        /// Always `true`.
        errored: bool,
        /// What went wrong.
        context: ErrorContext,
    },
}

/// One test's result.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum TestResult {
    /// Whether formgate admits the instance.
    Valid {
        /// The verdict.
        valid: bool,
    },
    /// The test was not run: why.
    Skipped {
        /// Always `true`.
        skipped: bool,
        /// Why.
        message: String,
    },
}

/// What went wrong, for `errored`.
#[derive(Debug, Serialize)]
pub struct ErrorContext {
    /// A short description.
    pub message: String,
}
