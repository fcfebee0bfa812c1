//! `formgate check` over many forms: directories walked in order, one line per form,
//! the `--summary` table, and the exit code of a mixed run.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use support::{code, formgate, stderr, stdout};

/// This file's scratch directory.
const DIR: &str = "check_cli";

const OK: &[u8] = br#"{"type":"string"}"#;
const UNKNOWN: &[u8] = br#"{"frobnicate":{}}"#;
const FORMAT: &[u8] = br#"{"properties":{"u":{"format":"unknown"}}}"#;
const DRAFT3: &[u8] = br#"{"$schema":"http://json-schema.org/draft-03/schema#"}"#;
const DUPLICATE: &[u8] = br#"{"type":"string","type":"number"}"#;

/// An empty directory `name` in the scratch directory.
fn fresh(name: &str) -> PathBuf {
    let dir = PathBuf::from(support::tmp(DIR, name));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Write `contents` to `dir/rel`, creating folders; return the path as text.
fn put(dir: &Path, rel: &str, contents: &[u8]) -> String {
    let path = dir.join(rel);
    fs::create_dir_all(path.parent().expect("parent")).expect("dirs");
    fs::write(&path, contents).expect("write");
    text(&path)
}

fn text(path: &Path) -> String {
    path.to_str().expect("UTF-8 path").to_owned()
}

/// A tree of forms: two good, two refused, one malformed, and files to skip.
fn mixed(name: &str) -> PathBuf {
    let dir = fresh(name);
    put(&dir, "b/ok.json", OK);
    put(&dir, "b/a/format.json", FORMAT);
    put(&dir, "a.json", UNKNOWN);
    put(&dir, "c.json", DUPLICATE);
    put(&dir, "Z.json", OK);
    put(&dir, "notes.txt", b"not a form");
    put(&dir, "b/schema.json.bak", UNKNOWN);
    dir
}

#[test]
fn a_directory_is_walked_in_path_order_one_line_per_form() {
    let dir = mixed("walk");
    let d = text(&dir);
    let o = formgate(&["check", &d], b"");
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let want = format!(
        "{d}/Z.json: ok\n\
         {d}/a.json: \"frobnicate\": keyword outside the vocabulary at \"/frobnicate\" (byte 1)\n\
         {d}/b/a/format.json: \"format\": unsupported format at \"/properties/u/format\" (byte 20)\n\
         {d}/b/ok.json: ok\n\
         {d}/c.json: the form is not strict JSON: duplicate member name at byte 17 (in \"\")\n"
    );
    assert_eq!(stdout(&o), want);
    // The same lines whatever the number of threads.
    for jobs in ["1", "3"] {
        assert_eq!(stdout(&formgate(&["check", "--jobs", jobs, &d], b"")), want);
    }
}

#[test]
fn files_and_directories_mix_and_exit_0_when_all_compile() {
    let dir = fresh("all_ok");
    let a = put(&dir, "one.json", OK);
    put(&dir, "sub/two.json", OK);
    // A file named on the command line is a form whatever its name.
    let named = put(&dir, "form.schema", OK);
    let o = formgate(&["check", &named, &text(&dir.join("sub")), &a], b"");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let d = text(&dir);
    assert_eq!(
        stdout(&o),
        format!("{named}: ok\n{d}/sub/two.json: ok\n{a}: ok\n")
    );
}

#[test]
fn a_single_form_keeps_its_output() {
    let dir = fresh("single");
    let ok = put(&dir, "ok.json", OK);
    let o = formgate(&["check", &ok], b"");
    assert_eq!((code(&o), stdout(&o)), (0, format!("ok {ok}\n")));
    let bad = put(&dir, "bad.json", UNKNOWN);
    let o = formgate(&["check", &bad], b"");
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        format!(
            "{bad}: \"frobnicate\": keyword outside the vocabulary at \"/frobnicate\" (byte 1)\n"
        )
    );
    // The many-form line for one form is asked for with a flag.
    let o = formgate(&["check", "--summary", &ok], b"");
    assert!(
        stdout(&o).starts_with(&format!("{ok}: ok\nforms ")),
        "{}",
        stdout(&o)
    );
}

#[test]
fn unreadable_files_exit_2_and_hide_no_refusal() {
    let dir = mixed("unreadable");
    let d = text(&dir);
    // A link to nothing, named like a form, inside the walked tree.
    std::os::unix::fs::symlink(dir.join("gone"), dir.join("b/dangling.json")).expect("link");
    let missing = text(&dir.join("missing.json"));
    let o = formgate(&["check", "--summary", &d, &missing], b"");
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!("{d}/b/dangling.json: cannot read: "))
            && err.contains(&format!("\n{missing}: cannot read: ")),
        "{err}"
    );
    let out = stdout(&o);
    assert!(
        out.contains(&format!("{d}/a.json: \"frobnicate\"")),
        "{out}"
    );
    assert!(out.contains("\nrefused         2   28.6%\n"), "{out}");
    assert!(out.contains("\nunreadable      2   28.6%\n"), "{out}");
}

#[test]
fn symlink_loops_end_and_count_each_directory_once() {
    let dir = fresh("loop");
    let form = put(&dir, "sub/form.json", OK);
    std::os::unix::fs::symlink("..", dir.join("sub/up")).expect("link");
    std::os::unix::fs::symlink("sub", dir.join("z_again")).expect("link");
    let o = formgate(&["check", &text(&dir)], b"");
    assert_eq!((code(&o), stdout(&o)), (0, format!("{form}: ok\n")));
}

#[test]
fn the_summary_counts_and_orders_the_reasons() {
    let dir = fresh("summary");
    for (name, form) in [
        ("ok1.json", OK),
        ("ok2.json", OK),
        ("draft3a.json", DRAFT3),
        ("draft3b.json", DRAFT3),
        ("format1.json", FORMAT),
        ("format2.json", FORMAT),
        ("unknown.json", UNKNOWN),
        ("dup.json", DUPLICATE),
    ] {
        put(&dir, name, form);
    }
    let o = formgate(&["check", "--summary", "--quiet", &text(&dir)], b"");
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let table = "\
forms           8
compiled        2   25.0%
refused         5   62.5%
malformed       1   12.5%
unreadable      0    0.0%
reasons (refused and malformed forms, first refusal each):
    2   25.0%  unsupported dialect \"draft-03\"
    2   25.0%  unsupported format \"unknown\"
    1   12.5%  invalid JSON: duplicate member name
    1   12.5%  unknown keyword \"frobnicate\"
";
    assert_eq!(stdout(&o), table);
    // Without --quiet the table follows the per-form lines.
    let o = formgate(&["check", "--summary", &text(&dir)], b"");
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 8 + table.lines().count(), "{out}");
    assert!(out.ends_with(table), "{out}");
}

#[test]
fn quiet_prints_nothing_and_keeps_the_exit_code() {
    let dir = mixed("quiet");
    let o = formgate(&["check", "--quiet", &text(&dir)], b"");
    assert_eq!(
        (code(&o), stdout(&o), stderr(&o)),
        (1, String::new(), String::new())
    );
}

#[test]
fn usage_errors_exit_2() {
    let ok = support::file(DIR, "usage.json", OK);
    for args in [
        vec!["check"],
        vec!["check", "-", "-"],
        vec!["check", "--all-reasons", &ok],
        vec!["check", "--jobs", "0", &ok],
    ] {
        assert_eq!(code(&formgate(&args, b"{}")), 2, "{args:?}");
    }
    // Standard input is one form among others.
    let o = formgate(&["check", &ok, "-"], OK);
    assert_eq!(
        (code(&o), stdout(&o)),
        (0, format!("{ok}: ok\n<stdin>: ok\n"))
    );
}

#[test]
fn the_summary_lists_the_top_reasons_unless_all_are_asked_for() {
    let dir = fresh("many_reasons");
    for i in 0..22 {
        put(
            &dir,
            &format!("f{i:02}.json"),
            format!("{{\"k{i:02}\":1}}").as_bytes(),
        );
    }
    let d = text(&dir);
    let out = stdout(&formgate(&["check", "--summary", "--quiet", &d], b""));
    assert!(
        out.contains("unknown keyword \"k19\"\n") && !out.contains("\"k20\""),
        "{out}"
    );
    assert!(
        out.ends_with("    2    9.1%  (2 other reasons; --all-reasons lists them)\n"),
        "{out}"
    );
    let all = stdout(&formgate(
        &["check", "--summary", "--quiet", "--all-reasons", &d],
        b"",
    ));
    assert!(
        all.ends_with("    1    4.5%  unknown keyword \"k21\"\n"),
        "{all}"
    );
}
