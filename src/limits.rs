//! Size and depth limits shared by the parser and the validator.

/// The default `max_bytes`: 1 MiB.
pub const DEFAULT_MAX_BYTES: usize = 1 << 20;
/// The default `max_depth`: 128 nested containers.
pub const DEFAULT_MAX_DEPTH: usize = 128;

/// Bounds on the work one document may cause.
///
/// Invariants:
/// 1. `max_bytes` is checked before a single byte is parsed: a longer input is rejected
///    with [`ParseErrorKind::TooLarge`](crate::json::ParseErrorKind::TooLarge) at offset
///    `max_bytes`.
/// 2. `max_depth` counts nested containers (`[[1]]` has depth 2). A document exactly
///    `max_depth` deep is accepted; one container deeper is rejected with
///    [`ParseErrorKind::TooDeep`](crate::json::ParseErrorKind::TooDeep) at the byte that opens it.
///
/// ```
/// let limits = formgate::Limits::default().with_max_bytes(4096).with_max_depth(16);
/// assert_eq!(limits.max_bytes(), 4096);
/// assert_eq!(limits.max_depth(), 16);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    max_bytes: usize,
    max_depth: usize,
}

impl Limits {
    /// Limits with the defaults: 1 MiB and depth 128.
    pub const fn new() -> Limits {
        Limits {
            max_bytes: DEFAULT_MAX_BYTES,
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }

    /// The largest `max_bytes` there is: 4 GiB − 1. The parser's member-name index
    /// holds offsets as `u32`, which bounds every document it reads.
    pub const MAX_BYTES: usize = if (u32::MAX as u64) < (usize::MAX as u64) {
        u32::MAX as usize
    } else {
        usize::MAX
    };

    /// The same limits with `max_bytes` set to `n`, or to [`Limits::MAX_BYTES`] if `n`
    /// is larger.
    ///
    /// ```
    /// let limits = formgate::Limits::default().with_max_bytes(usize::MAX);
    /// assert_eq!(limits.max_bytes(), formgate::Limits::MAX_BYTES);
    /// ```
    #[must_use]
    pub const fn with_max_bytes(mut self, n: usize) -> Limits {
        self.max_bytes = if n > Self::MAX_BYTES {
            Self::MAX_BYTES
        } else {
            n
        };
        self
    }

    /// The same limits with `max_depth` set to `n`.
    #[must_use]
    pub const fn with_max_depth(mut self, n: usize) -> Limits {
        self.max_depth = n;
        self
    }

    /// The largest accepted input, in bytes.
    pub const fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// The deepest accepted nesting of containers.
    pub const fn max_depth(&self) -> usize {
        self.max_depth
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::new()
    }
}
