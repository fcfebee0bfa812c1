//! Deterministic benchmark documents: the same bytes on every machine and every run.
//!
//! A document is `{"records":[...]}`, one record per line, each record a small act-like
//! object: integers, decimals, booleans, `null`, ASCII and non-ASCII strings (some with
//! escapes), a nested array of styled text spans and an array of tags. The content comes
//! from a seeded SplitMix64 generator, so no `rand` dependency is needed.

use crate::inputs::Rng;

const WORDS: &[&str] = &[
    "order",
    "shipment",
    "greeting",
    "invoice",
    "reply",
    "summary",
    "draft",
    "review",
    "approve",
    "decline",
    "schedule",
    "remind",
    "translate",
    "refund",
    "status",
    "address",
];

/// Strings as they appear in JSON source: some escaped, some non-ASCII, some both.
const PHRASES: &[&str] = &[
    "Thanks for your order",
    "Your parcel left the warehouse",
    "Zo\u{eb} and Ren\u{e9}e confirmed",
    "\u{6771}\u{4eac}\u{3067}\u{4f1a}\u{3044}\u{307e}\u{3057}\u{3087}\u{3046}",
    "Price: 12 \u{20ac} incl. VAT",
    "He said \\\"soon\\\" twice",
    "line one\\nline two",
    "C:\\\\forms\\\\act.json",
    "caf\\u00e9 cr\\u00e8me",
    "emoji \u{1f600} and \\ud83d\\ude80",
    "tab\\tseparated\\tvalues",
    "\u{41f}\u{440}\u{438}\u{432}\u{435}\u{442}, \u{43c}\u{438}\u{440}",
];

const STYLES: &[&str] = &["bold", "italic", "code", "underline", "strike"];

/// A document of at least `min_len` bytes (it stops after the first record past it).
pub fn records(min_len: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut out = String::from("{\"records\":[\n");
    let mut id = 0u64;
    while out.len() < min_len {
        if id > 0 {
            out.push_str(",\n");
        }
        record(&mut rng, id, &mut out);
        id += 1;
    }
    out.push_str("\n]}\n");
    out.into_bytes()
}

fn record(rng: &mut Rng, id: u64, out: &mut String) {
    use std::fmt::Write;
    let cents = rng.below(1_000_000);
    let _ = write!(
        out,
        "  {{\"id\":{id},\"act\":\"{}\",\"amount\":{}.{:02},\"ratio\":{}e-{},\"active\":{},\"parent\":",
        rng.pick(WORDS),
        cents / 100,
        cents % 100,
        rng.below(10_000),
        rng.below(8),
        rng.below(2) == 0,
    );
    if rng.below(3) == 0 {
        out.push_str("null");
    } else {
        let _ = write!(out, "{}", rng.below(id + 1));
    }
    let _ = write!(out, ",\"title\":\"{}\",\"body\":[", rng.pick(PHRASES));
    for i in 0..1 + rng.below(4) {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{{\"text\":\"{}\"", rng.pick(PHRASES));
        if rng.below(2) == 0 {
            let _ = write!(out, ",\"style\":[\"{}\"", rng.pick(STYLES));
            if rng.below(3) == 0 {
                let _ = write!(out, ",\"{}\"", rng.pick(STYLES));
            }
            out.push(']');
        }
        out.push('}');
    }
    out.push_str("],\"tags\":[");
    for i in 0..rng.below(4) {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{}\"", rng.pick(WORDS));
    }
    let _ = write!(
        out,
        "],\"matrix\":[[{},{}],[{},-{}]]}}",
        rng.below(100),
        rng.below(100),
        rng.below(100),
        rng.below(100)
    );
}
