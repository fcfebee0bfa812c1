//! `--config FILE.toml`: the addresses one process serves, one `[[address]]` table
//! each, as plain data (address.rs builds them).
//!
//! ```toml
//! [[address]]
//! path = "/"                  # required: where the address is, unique
//! form = "tree.form.json"     # the form; without it, the embedded tree
//! prompt = "Write one short styled document."
//! messages = "messages.json"  # a JSON array of {"role", "content"}
//! type = "tree"               # the GPT-Type header
//! upstream = "http://127.0.0.1:9000/acts"
//! max_bytes = 65536
//! max_depth = 32
//! rate_limit = 5              # acts a second per client, and at once:
//! rate_burst = 10
//! get_rate_limit = 20         # GETs a second per client, and at once:
//! get_rate_burst = 40
//! ```
//!
//! Invariants:
//! 1. A table with a key it does not know, a path that does not start with `/`, two
//!    addresses at one path, or no address at all is an error naming it: nothing is
//!    guessed, nothing ignored.
//! 2. Files named in the config (`form`, `messages`) are relative to the config
//!    file's directory, so the config means the same wherever the server starts.
//! 3. The file is read bounded: a config is at most [`MAX_CONFIG_BYTES`].

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The largest config file read.
pub(crate) const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// One address as configured: what to serve at `path`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Spec {
    /// Where the address is: an absolute path, `/` or `/votes`.
    pub path: String,
    /// The form's file; `None` for the embedded tree.
    pub form: Option<PathBuf>,
    /// The system context `p`; `None` for the default.
    pub prompt: Option<String>,
    /// A file with the prior messages `m`.
    pub messages: Option<PathBuf>,
    /// The `GPT-Type` header.
    #[serde(rename = "type")]
    pub gpt_type: Option<String>,
    /// Where accepted acts are forwarded.
    pub upstream: Option<String>,
    /// The largest act, in bytes.
    pub max_bytes: Option<usize>,
    /// The deepest nesting of an act.
    pub max_depth: Option<usize>,
    /// Acts a second per client.
    pub rate_limit: Option<f64>,
    /// Acts at once per client.
    pub rate_burst: Option<u32>,
    /// `GET`s a second per client.
    pub get_rate_limit: Option<f64>,
    /// `GET`s at once per client.
    pub get_rate_burst: Option<u32>,
}

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    address: Vec<Spec>,
}

/// Where the addresses come from, to read them again on reload: a config file, or the
/// one address the command line describes.
#[derive(Debug, Clone)]
pub(crate) enum Origin {
    /// `--config FILE`.
    File(PathBuf),
    /// `formgate serve [FORM] …`.
    Given(Spec),
}

impl Origin {
    /// The addresses, read anew from the file when there is one (invariants 1–3).
    pub fn specs(&self) -> Result<Vec<Spec>, String> {
        match self {
            Origin::Given(spec) => Ok(vec![spec.clone()]),
            Origin::File(path) => read(path),
        }
    }

    /// Whether the addresses come from a config file.
    pub fn is_file(&self) -> bool {
        matches!(self, Origin::File(_))
    }
}

/// Read and check the config at `path` (invariants 1–3).
fn read(path: &Path) -> Result<Vec<Spec>, String> {
    let name = path.display();
    let text = read_bounded(path).map_err(|e| format!("{name}: {e}"))?;
    let file: File = toml::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
    let base = path.parent().unwrap_or(Path::new(""));
    let mut specs = file.address;
    if specs.is_empty() {
        return Err(format!("{name}: no [[address]] table"));
    }
    for (i, spec) in specs.iter_mut().enumerate() {
        if !spec.path.starts_with('/') {
            return Err(format!(
                "{name}: address {}: path {:?} must start with `/`",
                i + 1,
                spec.path
            ));
        }
        if let Some(form) = &mut spec.form {
            *form = base.join(&*form);
        }
        if let Some(messages) = &mut spec.messages {
            *messages = base.join(&*messages);
        }
    }
    for (i, spec) in specs.iter().enumerate() {
        if specs[..i].iter().any(|s| s.path == spec.path) {
            return Err(format!("{name}: two addresses at {}", spec.path));
        }
    }
    Ok(specs)
}

/// The file's text, at most [`MAX_CONFIG_BYTES`].
fn read_bounded(path: &Path) -> std::io::Result<String> {
    use std::io::Read as _;
    let mut text = String::new();
    std::fs::File::open(path)?
        .take(MAX_CONFIG_BYTES + 1)
        .read_to_string(&mut text)?;
    if text.len() as u64 > MAX_CONFIG_BYTES {
        return Err(std::io::Error::other(format!(
            "longer than {MAX_CONFIG_BYTES} bytes"
        )));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(text: &str) -> Result<Vec<Spec>, String> {
        let dir = std::env::temp_dir().join(format!("formgate-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!(
            "{:x}.toml",
            text.len() * 31 + text.bytes().map(usize::from).sum::<usize>()
        ));
        std::fs::write(&path, text).unwrap();
        read(&path)
    }

    #[test]
    fn reads_addresses_with_paths_relative_to_the_file() {
        let specs = config(
            "[[address]]\npath = \"/\"\n\n[[address]]\npath = \"/votes\"\nform = \"vote.form.json\"\ntype = \"vote\"\nmax_bytes = 512\nrate_limit = 0.5\n",
        )
        .unwrap();
        assert_eq!(specs.len(), 2);
        assert_eq!(specs[0].form, None);
        let form = specs[1].form.as_ref().unwrap();
        assert!(
            form.is_absolute() && form.ends_with("vote.form.json"),
            "{form:?}"
        );
        assert_eq!(specs[1].gpt_type.as_deref(), Some("vote"));
        assert_eq!(
            (specs[1].max_bytes, specs[1].rate_limit),
            (Some(512), Some(0.5))
        );
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        for (text, says) in [
            (
                "[[address]]\npath = \"/\"\nfrom = \"x.json\"\n",
                "unknown field `from`",
            ),
            ("[[address]]\npath = \"votes\"\n", "must start with `/`"),
            (
                "[[address]]\npath = \"/\"\n[[address]]\npath = \"/\"\n",
                "two addresses at /",
            ),
            ("", "no [[address]] table"),
            ("[[address]]\n", "missing field `path`"),
            ("[server]\nport = 1\n", "unknown field `server`"),
            ("[[address]]\npath = \"/\"\nmax_bytes = -1\n", "max_bytes"),
        ] {
            let e = config(text).unwrap_err();
            assert!(e.contains(says), "{text:?}: {e}");
        }
    }
}
