//! Running the built `formgate` binary from the command-line tests: its output, exit
//! code, scratch files and the bundled examples. Each test binary uses part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Run `formgate` with `args`, feeding `stdin` to standard input.
pub fn formgate(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_formgate"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the formgate binary runs");
    // The binary may exit before reading (usage errors): ignore a broken pipe.
    let _ = child.stdin.take().expect("piped").write_all(stdin);
    child.wait_with_output().expect("formgate finishes")
}

/// The exit code.
pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exited normally")
}

/// Standard output, lossily decoded.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error, lossily decoded.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A path `name` in the scratch directory `dir` (one per test file; names must be
/// unique within it).
pub fn tmp(dir: &str, name: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name).to_str().expect("UTF-8 temp path").to_owned()
}

/// A file `name` in the scratch directory `dir` holding `contents`.
///
/// Written beside and renamed into place: tests running at once may write the same
/// file (a shared form), and a `formgate` process of another test must never read it
/// half written (it did, as a form "not strict JSON", under load).
pub fn file(dir: &str, name: &str, contents: &[u8]) -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let path = tmp(dir, name);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let part = format!("{path}.{}.{n}.part", std::process::id());
    std::fs::write(&part, contents).expect("write temp file");
    std::fs::rename(&part, &path).expect("rename temp file into place");
    path
}

/// The path of `examples/<name>` at the repository root.
pub fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("examples")
        .join(name)
        .to_str()
        .expect("UTF-8 path")
        .to_owned()
}
