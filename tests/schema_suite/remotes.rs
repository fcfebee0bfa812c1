//! The suite's `remotes/`: the documents its groups name by `http://localhost:1234/...`,
//! registered with every compile (`FormBuilder::resource`, never fetched) and walked by
//! the classifier where a group's `$ref` reaches them; and the standard metaschemas,
//! which formgate holds itself (`src/form/metaschema/`), walked where a `$ref` names
//! one.

use super::*;

/// The base URI the suite serves `remotes/` at.
pub(crate) const REMOTE_BASE: &str = "http://localhost:1234/";

/// One document of `remotes/`.
pub(crate) struct Remote {
    /// `REMOTE_BASE` and its path under `remotes/`.
    pub(crate) uri: String,
    pub(crate) bytes: Vec<u8>,
    pub(crate) value: Value,
}

/// Every `*.json` under the suite's `remotes/`, read once; empty without the suite.
pub(crate) fn remotes() -> &'static [Remote] {
    static REMOTES: OnceLock<Vec<Remote>> = OnceLock::new();
    REMOTES.get_or_init(|| {
        let Some(dir) = common::suite_dir() else {
            return Vec::new();
        };
        let root = dir.join(SUITE).join("remotes");
        let mut out = Vec::new();
        let mut todo = vec![root.clone()];
        while let Some(d) = todo.pop() {
            let entries =
                std::fs::read_dir(&d).unwrap_or_else(|e| panic!("reading {}: {e}", d.display()));
            for entry in entries {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    todo.push(path);
                } else if path.extension().is_some_and(|x| x == "json") {
                    let rel = path.strip_prefix(&root).expect("under remotes/");
                    let rel: Vec<String> = rel
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned())
                        .collect();
                    let bytes = std::fs::read(&path)
                        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
                    let value = serde_json::from_slice(&bytes)
                        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                    out.push(Remote {
                        uri: format!("{REMOTE_BASE}{}", rel.join("/")),
                        bytes,
                        value,
                    });
                }
            }
        }
        out.sort_by(|a, b| a.uri.cmp(&b.uri));
        out
    })
}

/// Every document a group may name: `remotes/`, then the standard metaschemas, each at
/// its `$id` (`id`) without the empty fragment.
pub(crate) fn documents() -> &'static [Remote] {
    static DOCUMENTS: OnceLock<Vec<Remote>> = OnceLock::new();
    DOCUMENTS.get_or_init(|| {
        let mut out: Vec<Remote> = remotes()
            .iter()
            .map(|r| Remote {
                uri: r.uri.clone(),
                bytes: r.bytes.clone(),
                value: r.value.clone(),
            })
            .collect();
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/form/metaschema");
        let mut todo = vec![root];
        while let Some(d) = todo.pop() {
            for entry in std::fs::read_dir(&d).expect("the metaschemas' folder") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    todo.push(path);
                } else if path.extension().is_some_and(|x| x == "json") {
                    let bytes = std::fs::read(&path).expect("a metaschema");
                    let value: Value = serde_json::from_slice(&bytes).expect("a metaschema");
                    let id = ["$id", "id"]
                        .iter()
                        .find_map(|k| value.get(k).and_then(Value::as_str))
                        .expect("a metaschema names itself");
                    let uri = id.strip_suffix('#').unwrap_or(id).to_owned();
                    out.push(Remote { uri, bytes, value });
                }
            }
        }
        out
    })
}

/// The document at `uri` ([`documents`]), with its index.
pub(crate) fn document(uri: &str) -> Option<(usize, &'static Remote)> {
    documents().iter().enumerate().find(|(_, r)| r.uri == uri)
}
