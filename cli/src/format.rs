//! `--format`, shared by `verify`, `check` and `audit`: lines for people, or one JSON
//! object per body or form for machines, by the library's stable names.

/// How a subcommand writes what it found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum Format {
    /// Lines of text, as documented for each subcommand
    #[default]
    Text,
    /// One compact JSON object per body (`verify`), per form (`check`) or for the
    /// audit (`audit`)
    Json,
}
