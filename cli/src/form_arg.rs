//! Loading the FORM argument: read (bounded) and compile, with limits for its bodies.

use std::path::Path;
use std::sync::Arc;

use formgate::{Dialect, Form, Limits};

use crate::input::Source;

/// The largest form read from disk or standard input.
const MAX_FORM_BYTES: usize = formgate::DEFAULT_MAX_BYTES;

/// `--default-dialect`, `--annotation`, `--resource`, `--resource-dir` and
/// `--format-pattern`, shared by
/// every subcommand that compiles a form (`#[command(flatten)]` it into the
/// subcommand's arguments).
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct CompileArgs {
    /// The dialect of a form without `$schema`: draft4, draft6, draft7, 2019-09 or
    /// 2020-12 (a form's own `$schema` always wins)
    #[arg(long, value_name = "DIALECT", default_value = "2020-12", value_parser = parse_dialect)]
    pub default_dialect: Dialect,
    /// Keep the extension keyword NAME as an annotation wherever the form holds it
    /// (repeatable); any other unknown keyword fails the compile
    #[arg(long = "annotation", value_name = "NAME")]
    pub annotations: Vec<String>,
    /// Register the schema in FILE as the document at URI, for the form's `$ref`s
    /// (repeatable); nothing is ever fetched, and the documents the form reaches are
    /// bundled into the published `s`
    #[arg(long = "resource", value_name = "URI=FILE", value_parser = parse_resource)]
    pub resources: Vec<Resource>,
    /// Register every `*.json` file under DIR as the document at BASE_URI followed by
    /// its path relative to DIR (repeatable)
    #[arg(long = "resource-dir", value_name = "BASE_URI=DIR", value_parser = parse_resource_dir)]
    pub resource_dirs: Vec<ResourceDir>,
    /// Define the format NAME by an ECMA-262 regular expression the whole string must
    /// match, in linear time like `pattern` (repeatable); a format nobody defined is
    /// refused
    #[arg(long = "format-pattern", value_name = "NAME=REGEX", value_parser = parse_format_pattern)]
    pub format_patterns: Vec<(String, String)>,
}

/// A document given with `--resource`: its URI and bytes, read when the arguments are.
#[derive(Debug, Clone)]
pub(crate) struct Resource {
    uri: String,
    bytes: Arc<[u8]>,
}

/// The documents of one `--resource-dir`, in path order.
#[derive(Debug, Clone)]
pub(crate) struct ResourceDir(Vec<Resource>);

impl CompileArgs {
    /// A builder with these options and `limits` for the bodies.
    pub(crate) fn builder(&self, limits: Limits) -> formgate::FormBuilder {
        let mut b = Form::builder()
            .limits(limits)
            .default_dialect(self.default_dialect);
        for name in &self.annotations {
            b = b.annotation(name.as_str());
        }
        for r in self.all_resources() {
            b = b.resource(&r.uri, &*r.bytes);
        }
        for (name, regex) in &self.format_patterns {
            b = b.format_pattern(name, regex);
        }
        b
    }

    /// The bytes of the document registered at `uri` (as given), to read an error
    /// located in it.
    pub(crate) fn resource_bytes(&self, uri: &str) -> Option<&[u8]> {
        self.all_resources()
            .find(|r| r.uri == uri)
            .map(|r| &*r.bytes)
    }

    fn all_resources(&self) -> impl Iterator<Item = &Resource> {
        self.resources
            .iter()
            .chain(self.resource_dirs.iter().flat_map(|d| d.0.iter()))
    }
}

/// `NAME=REGEX`, split at the first `=` (a format name has none; a pattern may).
fn parse_format_pattern(s: &str) -> Result<(String, String), String> {
    let (name, regex) = s
        .split_once('=')
        .ok_or_else(|| "expected NAME=REGEX".to_owned())?;
    Ok((name.to_owned(), regex.to_owned()))
}

/// `URI=FILE`, the file read (bounded like a form).
fn parse_resource(s: &str) -> Result<Resource, String> {
    let (uri, file) = s
        .split_once('=')
        .ok_or_else(|| "expected URI=FILE".to_owned())?;
    Ok(Resource {
        uri: uri.to_owned(),
        bytes: read_bounded(Path::new(file))?.into(),
    })
}

/// `BASE_URI=DIR`: every `*.json` file under DIR (walked as `check` walks a
/// directory, [`crate::walk`]), at BASE_URI, a `/`, and its path relative to DIR with
/// `/` between the names.
fn parse_resource_dir(s: &str) -> Result<ResourceDir, String> {
    let (base, dir) = s
        .split_once('=')
        .ok_or_else(|| "expected BASE_URI=DIR".to_owned())?;
    let base = base.strip_suffix('/').unwrap_or(base);
    let root = Path::new(dir);
    if !crate::walk::is_dir(root) {
        return Err(format!("{dir} is not a directory"));
    }
    let mut out = Vec::new();
    for item in crate::walk::expand(&[root.to_path_buf()]) {
        let path = match item {
            crate::walk::Item::Form(Source::File(path)) => path,
            // Standard input is a form only when named as `-`, never under a directory.
            crate::walk::Item::Form(Source::Stdin) => continue,
            crate::walk::Item::Unreadable(path, e) => {
                return Err(format!("reading {}: {e}", path.display()))
            }
        };
        let relative = path.strip_prefix(root).expect("walked under DIR");
        let mut names = Vec::new();
        for c in relative.components() {
            let name = c.as_os_str().to_str().ok_or_else(|| {
                format!(
                    "{}: a path that is not UTF-8 cannot be a URI",
                    path.display()
                )
            })?;
            names.push(name);
        }
        out.push(Resource {
            uri: format!("{base}/{}", names.join("/")),
            bytes: read_bounded(&path)?.into(),
        });
    }
    if out.is_empty() {
        return Err(format!("no *.json file under {dir}"));
    }
    Ok(ResourceDir(out))
}

/// The file at `path` (a file: `-` is not standard input here), read up to one byte
/// past [`MAX_FORM_BYTES`], which the compile then refuses as too large.
fn read_bounded(path: &Path) -> Result<Vec<u8>, String> {
    Source::File(path.to_path_buf())
        .read(MAX_FORM_BYTES + 1)
        .map_err(|e| format!("reading {}: {e}", path.display()))
}

fn parse_dialect(s: &str) -> Result<Dialect, String> {
    Dialect::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.name()).collect();
        format!("expected one of {}", names.join(", "))
    })
}

/// Read and compile the form at `path` with `limits` for its bodies and the options
/// `args`. On failure the message is printed and the status to exit with is returned.
pub(crate) fn load(path: &Path, limits: Limits, args: &CompileArgs) -> Result<Form, crate::Status> {
    compile_file(path, limits, args).map_err(|(status, message)| {
        eprintln!("{message}");
        status
    })
}

/// [`load`], with the error as a message rather than printed: `Failed` when the file
/// cannot be read, `Rejected` when the form does not compile.
pub(crate) fn compile_file(
    path: &Path,
    limits: Limits,
    args: &CompileArgs,
) -> Result<Form, (crate::Status, String)> {
    let source = Source::new(path);
    let bytes = source
        .read(MAX_FORM_BYTES + 1)
        .map_err(|e| (crate::Status::Failed, format!("{}: {e}", source.name())))?;
    args.builder(limits)
        .compile(&bytes)
        .map_err(|e| (crate::Status::Rejected, format!("{}: {e}", source.name())))
}
