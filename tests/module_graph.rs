//! The library's top-level modules form layers with no cycles (docs/ARCHITECTURE.md,
//! "Stages"): every `crate::` path a module names must lead to a module of a lower
//! layer. A new top-level module must be given a layer here, and an import that goes
//! up or sideways fails with the file and line that makes it.

mod layers;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use layers::{assert_downward, code, names_after};

/// Each top-level module of `src/` and its layer; an edge must go strictly down.
const LAYERS: &[(&str, u8)] = &[
    ("limits", 0),
    ("fasthash", 0),
    ("lines", 1),
    ("parse", 1),
    ("form", 2),
    ("verify", 3),
    ("render", 3),
    ("audit", 3),
    ("builder", 4),
    ("fuzz", 5),
    ("lib", 6),
];

/// Public modules declared inline in `lib.rs` that only re-export one stage's items.
const FACADES: &[(&str, &str)] = &[("json", "parse"), ("publish", "render")];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|&(_, l)| l)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file under `src/` belongs to.
fn owner(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_str()
        .unwrap();
    first.trim_end_matches(".rs").to_owned()
}

/// Names that `lib.rs` re-exports at the crate root, and the module each comes from,
/// so `crate::Form` counts as a use of `form`.
fn root_exports(src: &Path) -> BTreeMap<String, String> {
    let lib = fs::read_to_string(src.join("lib.rs")).unwrap();
    let mut map = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let module = rest
            .split("::")
            .next()
            .unwrap()
            .trim_start_matches("crate::");
        let module = rest
            .strip_prefix("crate::")
            .map_or(module, |r| r.split("::").next().unwrap());
        let names = match (rest.find('{'), rest.find('}')) {
            (Some(a), Some(b)) => rest[a + 1..b].to_owned(),
            _ => rest
                .rsplit("::")
                .next()
                .unwrap()
                .trim_end_matches(';')
                .to_owned(),
        };
        for name in names.split(',') {
            let name = name.trim();
            if !name.is_empty() {
                map.insert(name.to_owned(), module.to_owned());
            }
        }
    }
    map
}

/// Every `(from, to, where)` edge among the top-level modules.
fn edges() -> Vec<(String, String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let exports = root_exports(&src);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut edges = Vec::new();
    for file in &files {
        let from = owner(&src, file);
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = code(line);
            let mut rest = code;
            while let Some(at) = rest.find("crate::") {
                let tail = &rest[at + "crate::".len()..];
                // `crate::{a, b::c}` names several paths; `crate::a::b` one.
                let (names, used): (Vec<&str>, usize) = match tail.strip_prefix('{') {
                    Some(list) => {
                        let end = list.find('}').unwrap_or(list.len());
                        let names = list[..end]
                            .split(',')
                            .map(|p| p.trim().split("::").next().unwrap())
                            .collect();
                        (names, end + 1)
                    }
                    None => {
                        let len = tail
                            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .unwrap_or(tail.len());
                        (vec![&tail[..len]], len)
                    }
                };
                rest = &tail[used.min(tail.len())..];
                for name in names.into_iter().filter(|n| !n.is_empty()) {
                    let to = if layer(name).is_some() {
                        name.to_owned()
                    } else if let Some(&(_, stage)) = FACADES.iter().find(|(f, _)| *f == name) {
                        stage.to_owned()
                    } else if let Some(m) = exports.get(name) {
                        m.clone()
                    } else {
                        // A root item defined in lib.rs itself.
                        "lib".to_owned()
                    };
                    if to != from {
                        let rel = file.strip_prefix(&src).unwrap().display();
                        edges.push((from.clone(), to, format!("src/{rel}:{}", n + 1)));
                    }
                }
            }
        }
    }
    edges
}

#[test]
fn every_top_level_module_has_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let unknown: BTreeSet<String> = files
        .iter()
        .map(|f| owner(&src, f))
        .filter(|m| layer(m).is_none())
        .collect();
    assert!(
        unknown.is_empty(),
        "give these modules a layer in tests/module_graph.rs: {unknown:?}"
    );
}

#[test]
fn imports_only_go_down_the_layers() {
    let edges = edges();
    assert!(
        edges.iter().any(|(f, t, _)| f == "verify" && t == "form"),
        "the scan finds the edges that exist (verify uses form)"
    );
    assert_downward(&edges, layer);
}

#[test]
fn the_scan_sees_comments_and_strings() {
    assert_eq!(
        code("use crate::form::Form; // crate::verify"),
        "use crate::form::Form; "
    );
    assert_eq!(code("/// [`x`](crate::verify)"), "");
    assert_eq!(code(r#"let s = "a // b"; // c"#), r#"let s = "a // b"; "#);
}

/// The parts of `src/verify/` (its files and folders: the meta module `mod.rs`, the
/// engines `fast/` and `general/`, the serde routes `serde/`, the entry points), and
/// every `(from, to, where)` edge among them: a `super::` or `crate::verify::` path
/// that leads out of the part it is written in.
fn verify_edges() -> (BTreeSet<String>, Vec<(String, String, String)>) {
    let verify = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/verify");
    let mut files = Vec::new();
    rust_files(&verify, &mut files);
    files.sort();
    let part_of = |file: &Path| owner(&verify, file);
    let parts: BTreeSet<String> = files.iter().map(|f| part_of(f)).collect();
    let mut edges = Vec::new();
    for file in &files {
        let from = part_of(file);
        let rel = file.strip_prefix(&verify).unwrap();
        // Where `super::` leads from this file: out of `verify/` for `mod.rs`, to
        // `verify/` for its files and a folder's `mod.rs`, into the folder otherwise.
        let depth = rel.components().count();
        let is_mod = rel.file_name().is_some_and(|n| n == "mod.rs");
        let super_is_verify = (depth == 1 && from != "mod") || (depth == 2 && is_mod);
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = code(line);
            for prefix in ["crate::verify::", "super::"] {
                if prefix == "super::" && !super_is_verify {
                    continue;
                }
                {
                    for name in names_after(code, prefix) {
                        // A name that is no part is an item of `verify/mod.rs`.
                        let to = if parts.contains(name) && name != "mod" {
                            name.to_owned()
                        } else {
                            "mod".to_owned()
                        };
                        if to != from {
                            let at = format!("src/verify/{}:{}", rel.display(), n + 1);
                            edges.push((from.clone(), to, at));
                        }
                    }
                }
            }
        }
    }
    (parts, edges)
}

/// The parts of `src/verify/` (its engines `fast/` and `general/`, the serde routes
/// `serde/`, the meta module and the entry points) import each other without a cycle:
/// each engine can be read, changed and tested on its own terms.
#[test]
fn the_parts_of_verify_are_acyclic() {
    let (parts, edges) = verify_edges();
    for folder in ["fast", "general", "serde"] {
        assert!(parts.contains(folder), "verify/{folder}/ exists");
    }
    assert!(
        edges.iter().any(|(f, t, _)| f == "serde" && t == "fast"),
        "the scan finds the edges that exist (the guided route uses the fast engine)"
    );
    // A part is on a cycle if it reaches itself.
    let reach = |start: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.to_owned()];
        while let Some(p) = stack.pop() {
            for (f, t, _) in &edges {
                if *f == p && seen.insert(t.clone()) {
                    stack.push(t.clone());
                }
            }
        }
        seen
    };
    let cyclic: Vec<String> = parts
        .iter()
        .filter(|p| reach(p).contains(*p))
        .map(|p| {
            let out: Vec<&String> = edges
                .iter()
                .filter(|(f, t, _)| f == p && reach(t).contains(p))
                .map(|(_, _, at)| at)
                .collect();
            format!("{p}, by {out:?}")
        })
        .collect();
    assert!(
        cyclic.is_empty(),
        "parts of src/verify/ on an import cycle:\n{}",
        cyclic.join("\n")
    );
}

/// The files of `src/verify/serde/` import each other without a cycle: the one
/// deserializer (`de.rs`) knows neither of its sources, each source knows the
/// deserializer's token types, and `mod.rs`, which picks the route, is imported by none.
#[test]
fn the_serde_files_are_acyclic_under_their_entry() {
    let serde = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/verify/serde");
    let mut files = Vec::new();
    rust_files(&serde, &mut files);
    files.sort();
    let stem = |f: &Path| f.file_stem().unwrap().to_string_lossy().into_owned();
    let names: BTreeSet<String> = files.iter().map(|f| stem(f)).collect();
    assert!(
        ["de", "events", "guided", "mod"]
            .iter()
            .all(|n| names.contains(*n)),
        "the scan sees the files: {names:?}"
    );
    let mut edges: Vec<(String, String, String)> = Vec::new();
    for file in files.iter().filter(|f| stem(f) != "mod") {
        let from = stem(file);
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            {
                for name in names_after(code(line), "super::") {
                    // A name that is no sibling file is an item of `serde/mod.rs`.
                    let to = if names.contains(name) && name != "mod" {
                        name.to_owned()
                    } else {
                        "mod".to_owned()
                    };
                    let rel = file.strip_prefix(&serde).unwrap().display();
                    edges.push((
                        from.clone(),
                        to,
                        format!("src/verify/serde/{rel}:{}", n + 1),
                    ));
                }
            }
        }
    }
    assert!(
        edges.iter().any(|(f, t, _)| f == "guided" && t == "de"),
        "the scan finds the edges that exist (the guided source uses the deserializer)"
    );
    let into_mod: Vec<&String> = edges
        .iter()
        .filter(|(_, t, _)| t == "mod")
        .map(|(_, _, at)| at)
        .collect();
    assert!(
        into_mod.is_empty(),
        "serde/mod.rs is imported at {into_mod:?}"
    );
    let de_out: Vec<&String> = edges
        .iter()
        .filter(|(f, _, _)| f == "de")
        .map(|(_, _, at)| at)
        .collect();
    assert!(de_out.is_empty(), "de.rs knows a source at {de_out:?}");
    for start in &names {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(p) = stack.pop() {
            for (f, t, _) in &edges {
                if *f == p && seen.insert(t.clone()) {
                    stack.push(t.clone());
                }
            }
        }
        assert!(
            !seen.contains(start),
            "serde/{start}.rs is on a cycle: {edges:?}"
        );
    }
}
