//! The modules of `formgate serve` (`src/serve/`) form layers with no cycles, as the
//! library's stages do (the library's `tests/module_graph.rs`): every `super::` path a
//! module names must lead to a module of a lower layer. A new module must be given a
//! layer here, and an import that goes up or sideways fails with the file and line
//! that makes it.

#[path = "../../tests/layers/mod.rs"]
mod layers;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use layers::{assert_downward, code, names_after};

/// Each module of `src/serve/` and its layer (`mod.rs`'s table says what each holds);
/// an edge must go strictly down.
const LAYERS: &[(&str, u8)] = &[
    ("http", 0),
    ("record", 0),
    ("conn", 0),
    ("config", 0),
    ("tls", 0),
    ("sink", 1),
    ("metrics", 1),
    ("deadline", 1),
    ("protocol", 2),
    ("log", 2),
    ("upstream", 2),
    ("address", 3),
    ("state", 4),
    ("act", 5),
    ("ops", 5),
    ("reload", 5),
    ("server", 6),
    ("mod", 7),
];

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(m, _)| *m == module).map(|&(_, l)| l)
}

/// The serve modules, and every `(from, to, where)` edge among them. `super::` in
/// `mod.rs` leads out of `serve/` (to the rest of the command line) and is no edge;
/// `super::super::` never occurs; `use super::*` in a file's own tests is its own.
fn edges() -> (BTreeSet<String>, Vec<(String, String, String)>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve");
    let on_disk = modules_on_disk(&dir);
    let mut modules = BTreeSet::new();
    let mut edges = Vec::new();
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("src/serve/")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    for file in files {
        assert!(
            file.extension().is_some_and(|e| e == "rs"),
            "src/serve/ holds only files: {}",
            file.display()
        );
        let from = file
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a UTF-8 name")
            .to_owned();
        modules.insert(from.clone());
        if from == "mod" {
            continue;
        }
        let text = fs::read_to_string(&file).expect("readable");
        for (n, line) in text.lines().enumerate() {
            for name in names_after(code(line), "super::") {
                if name == "*" || name == "super" {
                    continue;
                }
                // A name that is no module is an item of `mod.rs`.
                let to = if on_disk.contains(name) {
                    name.to_owned()
                } else {
                    "mod".to_owned()
                };
                edges.push((from.clone(), to, format!("src/serve/{from}.rs:{}", n + 1)));
            }
        }
    }
    (modules, edges)
}

fn modules_on_disk(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .expect("src/serve/")
        .filter_map(|e| {
            let p = e.ok()?.path();
            Some(p.file_stem()?.to_str()?.to_owned())
        })
        .collect()
}

#[test]
fn every_serve_module_has_a_layer() {
    let (modules, _) = edges();
    let unknown: Vec<&String> = modules.iter().filter(|m| layer(m).is_none()).collect();
    assert!(
        unknown.is_empty(),
        "give these modules a layer in tests/serve_modules.rs: {unknown:?}"
    );
}

#[test]
fn serve_imports_only_go_down_the_layers() {
    let (_, edges) = edges();
    assert!(
        edges.iter().any(|(f, t, _)| f == "act" && t == "state"),
        "the scan finds the edges that exist (act uses state)"
    );
    assert_downward(&edges, layer);
}

#[test]
fn the_scan_reads_paths_and_skips_comments() {
    assert_eq!(names_after("use super::{a, b::c};", "super::"), ["a", "b"]);
    assert_eq!(code("use super::a::B; // super::z"), "use super::a::B; ");
    assert_eq!(code("/// [`x`](super::log)"), "");
}
