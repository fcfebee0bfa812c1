//! Reading the documents named on the command line: a path, or `-` for standard input.
//!
//! Reading is bounded: at most `max_bytes + 1` bytes are read, enough for the parser to
//! reject an oversized input with its `TooLarge` error without holding the whole of it.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Where a document comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Source {
    /// `-`: standard input.
    Stdin,
    /// A file path.
    File(PathBuf),
}

impl Source {
    /// `-` is standard input; anything else is a path.
    pub fn new(arg: &Path) -> Source {
        if arg.as_os_str() == OsStr::new("-") {
            Source::Stdin
        } else {
            Source::File(arg.to_path_buf())
        }
    }

    /// The name to show in messages.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_owned(),
            Source::File(p) => p.display().to_string(),
        }
    }

    /// Read the whole input, or its first `cap` bytes if it is longer.
    pub fn read(&self, cap: usize) -> io::Result<Vec<u8>> {
        let limit = u64::try_from(cap).unwrap_or(u64::MAX);
        let mut bytes = Vec::new();
        match self {
            Source::Stdin => io::stdin().lock().take(limit).read_to_end(&mut bytes)?,
            Source::File(p) => File::open(p)?.take(limit).read_to_end(&mut bytes)?,
        };
        Ok(bytes)
    }
}

/// The sources for `args`, or an error message if standard input is named twice.
pub(crate) fn sources(args: &[PathBuf]) -> Result<Vec<Source>, String> {
    let sources: Vec<Source> = args.iter().map(|a| Source::new(a)).collect();
    if sources.iter().filter(|s| **s == Source::Stdin).count() > 1 {
        return Err("standard input (`-`) can be read only once".to_owned());
    }
    Ok(sources)
}
