//! `formgate-bowtie`: formgate as an implementation Bowtie runs
//! (<https://bowtie.report>), speaking its harness protocol on standard input and
//! output ([`protocol`]). Each case's schema is compiled with formgate's defaults,
//! failing closed, and each instance verified ([`run`]).
//!
//! A line that is not a command of the protocol, or commands out of order, end the
//! harness with a message on standard error and exit status 1: Bowtie sees the harness
//! fail rather than a guessed answer.

mod protocol;
mod run;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use formgate::Dialect;

use protocol::{Command, DialectSet, Implementation, Ran, Started, VERSION};

/// Where formgate is published: its crate's page (which links its repository and
/// tracker), its documentation, and its source as published.
const HOMEPAGE: &str = "https://crates.io/crates/formgate";
const DOCUMENTATION: &str = "https://docs.rs/formgate";
const SOURCE: &str = "https://docs.rs/crate/formgate/latest/source/";

fn main() -> ExitCode {
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    match serve(stdin, &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("formgate-bowtie: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Answer the commands of `input` on `output` until `stop` or the end of the input.
fn serve(input: impl BufRead, output: &mut impl Write) -> Result<(), String> {
    let mut started = false;
    let mut dialect = Dialect::default();
    for (n, line) in input.lines().enumerate() {
        let line = line.map_err(|e| format!("reading command {}: {e}", n + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        let command = Command::parse(&line)
            .map_err(|e| format!("command {} is not one of the protocol's: {e}", n + 1))?;
        let response = match command {
            Command::Start { version } => {
                if version != VERSION {
                    return Err(format!(
                        "Bowtie asked for protocol version {version}; this harness speaks {VERSION}"
                    ));
                }
                started = true;
                serde_json::to_string(&Started {
                    version: VERSION,
                    implementation: implementation(),
                })
            }
            _ if !started => return Err(format!("command {} came before start", n + 1)),
            Command::Dialect { dialect: uri } => {
                let known = Dialect::from_uri(&uri);
                if let Some(d) = known {
                    dialect = d;
                }
                serde_json::to_string(&DialectSet {
                    ok: known.is_some(),
                })
            }
            Command::Run(r) => {
                let outcome = run::run(&r.case, dialect, r.output.as_deref());
                serde_json::to_string(&Ran {
                    seq: r.seq,
                    outcome,
                })
            }
            Command::Stop => return Ok(()),
        };
        let response =
            response.map_err(|e| format!("writing the answer to command {}: {e}", n + 1))?;
        writeln!(output, "{response}")
            .and_then(|()| output.flush())
            .map_err(|e| format!("writing the answer to command {}: {e}", n + 1))?;
    }
    Ok(())
}

/// What Bowtie lists of formgate.
fn implementation() -> Implementation {
    Implementation {
        name: "formgate",
        // This package's version is formgate's (tests/protocol.rs holds them equal).
        version: env!("CARGO_PKG_VERSION"),
        language: "rust",
        dialects: Dialect::ALL.iter().rev().map(|d| d.uri()).collect(),
        homepage: HOMEPAGE,
        documentation: DOCUMENTATION,
        issues: HOMEPAGE,
        source: SOURCE,
    }
}
