//! `--max-bytes` and `--max-depth`, shared by every subcommand that reads documents
//! (`#[command(flatten)]` them into the subcommand's arguments).

use formgate::Limits;

/// Size and depth limits from the command line; the library defaults where absent.
#[derive(Debug, Clone, clap::Args)]
pub(crate) struct LimitArgs {
    /// Reject inputs longer than N bytes, at most 4294967295 [default: 1048576]
    #[arg(long, value_name = "N", value_parser = parse_max_bytes)]
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

/// `--max-bytes`: a byte count no larger than [`Limits::MAX_BYTES`], said so rather than
/// clamped in silence.
fn parse_max_bytes(arg: &str) -> Result<usize, String> {
    if arg.is_empty() || !arg.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("`{arg}` is not a byte count"));
    }
    arg.parse::<usize>()
        .ok()
        .filter(|&n| n <= Limits::MAX_BYTES)
        .ok_or_else(|| {
            format!(
                "{arg} is above the largest limit, {} bytes (4 GiB - 1)",
                Limits::MAX_BYTES
            )
        })
}
