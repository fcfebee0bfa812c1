//! A fast, non-cryptographic hash of short byte strings (member names).
//!
//! Used only where a collision costs one extra comparison and the number of
//! comparisons is bounded independently of the hash (small objects, the form's own
//! member tables); large objects use SipHash with a random key instead.

const K: u64 = 0x517c_c1b7_2722_0a95;

/// Hash `bytes`: eight bytes at a time, then the tail and the length. O(len).
#[inline]
pub(crate) fn hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = bytes.len() as u64;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    // Read the tail with a few overlapping loads instead of copying it into a buffer:
    // the byte-wise copy followed by an 8-byte load stalled on store forwarding and
    // made this line 40% of `State::key` (perf, 1 MB body of 5,000 records).
    let n = rest.len();
    let w = if n >= 4 {
        let lo = u32::from_le_bytes(rest[..4].try_into().expect("4 bytes"));
        let hi = u32::from_le_bytes(rest[n - 4..].try_into().expect("4 bytes"));
        u64::from(lo) | (u64::from(hi) << 32)
    } else if n > 0 {
        u64::from(rest[0]) | (u64::from(rest[n / 2]) << 8) | (u64::from(rest[n - 1]) << 16)
    } else {
        0
    };
    if n > 0 {
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    // Final mix so that the low bits depend on every input bit.
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 32)
}

/// Byte equality without a `memcmp` call for short strings (member names, enum
/// values): overlapping word loads up to 16 bytes. The libc call cost 7.5% of verify's
/// samples on a 1 MB body of 5,000 records (perf). Always inlined: called, it made
/// the fast engine's member loop reload its constants after every name
/// (benches/README.md, optimization `guessing-stops`).
#[inline(always)]
pub(crate) fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let w8 = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().expect("8 bytes"));
    let w4 = |s: &[u8], at: usize| u32::from_le_bytes(s[at..at + 4].try_into().expect("4 bytes"));
    match n {
        0 => true,
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => w4(a, 0) == w4(b, 0) && w4(a, n - 4) == w4(b, n - 4),
        8..=16 => w8(a, 0) == w8(b, 0) && w8(a, n - 8) == w8(b, n - 8),
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::{bytes_eq, hash};

    #[test]
    fn bytes_eq_matches_slice_equality() {
        let words: Vec<Vec<u8>> = (0..40usize)
            .map(|n| (0..n).map(|i| b'a' + (i % 26) as u8).collect())
            .collect();
        for a in &words {
            for b in &words {
                assert_eq!(bytes_eq(a, b), a == b);
            }
            // Every single-byte difference is seen.
            for i in 0..a.len() {
                let mut c = a.clone();
                c[i] ^= 1;
                assert!(!bytes_eq(a, &c), "{a:?} {i}");
            }
        }
    }

    #[test]
    fn distinguishes_lengths_and_tails() {
        assert_ne!(hash(b""), hash(b"\0"));
        assert_ne!(hash(b"a"), hash(b"a\0"));
        assert_ne!(hash(b"abcdefgh"), hash(b"abcdefgh\0"));
        assert_eq!(hash(b"name"), hash(b"name"));
        let mut low_bits = std::collections::HashSet::new();
        for i in 0..64 {
            low_bits.insert(hash(format!("k{i}").as_bytes()) & 63);
        }
        assert!(
            low_bits.len() > 30,
            "low bits poorly mixed: {}",
            low_bits.len()
        );
    }
}
