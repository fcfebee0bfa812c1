//! Expanding path arguments into the `*.json` files they name: the forms of
//! `formgate check`, the documents of `--resource-dir`.
//!
//! A directory is walked recursively for `*.json` files, its entries in byte order of
//! their names, depth first, so the list (and the output) is the same on every run. A
//! file named on the command line is a form whatever its name. Symbolic links are
//! followed, but a directory (by its canonical path) is walked only once, so a link
//! loop ends and a directory reached twice is not counted twice.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::input::Source;

/// One item of the list: a form to read, or a path that could not be walked.
#[derive(Debug)]
pub(crate) enum Item {
    /// A form: a file, or `-` for standard input.
    Form(Source),
    /// A path that could not be listed or examined, with the reason.
    Unreadable(PathBuf, io::Error),
}

/// The forms named by `args`, directories expanded, in order.
pub(crate) fn expand(args: &[PathBuf]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut walked = HashSet::new();
    for arg in args {
        // A path that cannot be examined is read as a file: the read reports the error.
        if is_dir(arg) {
            walk(arg, &mut walked, &mut items);
        } else {
            items.push(Item::Form(Source::new(arg)));
        }
    }
    items
}

/// Whether `path` is a directory argument (it is walked rather than read).
pub(crate) fn is_dir(path: &Path) -> bool {
    path.as_os_str() != OsStr::new("-") && fs::metadata(path).is_ok_and(|m| m.is_dir())
}

/// Append the `*.json` files under `dir` to `items`, unless `dir` was walked already.
fn walk(dir: &Path, walked: &mut HashSet<PathBuf>, items: &mut Vec<Item>) {
    match fs::canonicalize(dir) {
        Ok(canonical) => {
            if !walked.insert(canonical) {
                return;
            }
        }
        Err(e) => {
            items.push(Item::Unreadable(dir.to_path_buf(), e));
            return;
        }
    }
    let mut names = Vec::new();
    let listing = fs::read_dir(dir).and_then(|entries| {
        for entry in entries {
            names.push(entry?.file_name());
        }
        Ok(())
    });
    if let Err(e) = listing {
        items.push(Item::Unreadable(dir.to_path_buf(), e));
        return;
    }
    names.sort_unstable_by(|a, b| a.as_encoded_bytes().cmp(b.as_encoded_bytes()));
    for name in names {
        let path = dir.join(&name);
        let is_json = Path::new(&name).extension() == Some(OsStr::new("json"));
        // `metadata` follows links: a link to a directory is walked, a link to a file
        // is a form; a dangling link is reported only if it looks like a form. Other
        // kinds of file (a FIFO would block the read) are skipped.
        match fs::metadata(&path) {
            Ok(m) if m.is_dir() => walk(&path, walked, items),
            Ok(m) if m.is_file() && is_json => items.push(Item::Form(Source::File(path))),
            Ok(_) => {}
            Err(e) if is_json => items.push(Item::Unreadable(path, e)),
            Err(_) => {}
        }
    }
}
