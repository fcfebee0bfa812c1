//! `--max-bytes` and `--max-depth`, shared by every subcommand that reads documents
//! (`#[command(flatten)]` them into the subcommand's arguments).

use formgate::Limits;

/// Size and depth limits from the command line; the library defaults where absent.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct LimitArgs {
    /// Reject inputs longer than N bytes [default: 1048576]
    #[arg(long, value_name = "N")]
    pub max_bytes: Option<usize>,
    /// Reject containers nested deeper than N [default: 128]
    #[arg(long, value_name = "N")]
    pub max_depth: Option<usize>,
}

impl LimitArgs {
    /// The limits in force.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::default();
        if let Some(n) = self.max_bytes {
            limits = limits.with_max_bytes(n);
        }
        if let Some(n) = self.max_depth {
            limits = limits.with_max_depth(n);
        }
        limits
    }
}
