//! An object's listed member names, found from a body's bytes before they are scanned.
//!
//! The fast engine reads a member name by comparing the body's bytes after the opening
//! quote with the name the form lists there, and the closing quote after them: a name
//! that needs no escape in JSON (no `"`, `\` or control character) and is followed by
//! `"` is exactly that string, so neither the string scanner nor the hash of the
//! member index is needed. Which listed name to compare is guessed from the form's
//! order first (`ObjectChecks::then_written`), then from the name's first two bytes
//! through [`NameTable`], a table built at compile time whose cost does not depend on
//! how many names the object lists (benches/README.md, optimization `fused-names`).
//!
//! A string `enum`'s candidates are found the same way ([`Words`]): a body string
//! whose bytes and closing quote are a candidate's, one that needs no escape, is that
//! candidate (benches/README.md, optimization `enum-words`).
//!
//! Invariant: the table only proposes a member; the caller admits the name only after
//! comparing every byte of it and the closing quote, so a wrong proposal costs time,
//! never a wrong member. A name the table does not resolve is read the usual way.

/// Slots of the table: a power of two, at least twice the 64 members the fast engine
/// takes on.
const SLOTS: usize = 256;

/// No member starts with these two bytes.
const NONE: u8 = 0;
/// More than one member starts with these two bytes: the name is read the usual way.
const MANY: u8 = u8::MAX;

/// The multipliers tried, in order, for a table without collisions between members
/// whose first two bytes differ (odd, with well-spread high bits).
const MULTIPLIERS: [u32; 8] = [
    0x9E37_79B1,
    0x85EB_CA77,
    0xC2B2_AE3D,
    0x27D4_EB2F,
    0x1656_67B1,
    0xD3A2_646D,
    0xFD70_46C5,
    0xB55A_4F09,
];

/// From the first two bytes of a member name as a body writes it (the name's first two
/// bytes, or its one byte and the closing quote) to the one listed member that starts
/// so. The empty name is never proposed.
#[derive(Debug, Clone, Default)]
pub(crate) struct NameTable {
    multiplier: u32,
    /// `NONE`, `MANY`, or the member's index plus one. Empty when the object lists
    /// more names than a slot can index: then nothing is proposed.
    slots: Box<[u8]>,
}

impl NameTable {
    /// The table of `names` (a member's index is its place in `names`), of which
    /// only those for which `bare` says `true` are proposed.
    pub(crate) fn build<'n>(names: impl Iterator<Item = (&'n [u8], bool)> + Clone) -> NameTable {
        if names.clone().count() >= usize::from(MANY) {
            return NameTable::default();
        }
        let mut best = NameTable::default();
        let mut best_many = usize::MAX;
        for &multiplier in &MULTIPLIERS {
            let mut slots = vec![NONE; SLOTS];
            let mut keys = vec![u16::MAX as u32 + 1; SLOTS];
            let mut many = 0;
            for (k, (name, bare)) in names.clone().enumerate() {
                let Some(key) = lead(name).filter(|_| bare) else {
                    continue;
                };
                let at = slot(multiplier, key);
                match slots[at] {
                    NONE => {
                        slots[at] = k as u8 + 1;
                        keys[at] = key;
                    }
                    MANY => {}
                    _ if keys[at] == key => slots[at] = MANY,
                    _ => {
                        slots[at] = MANY;
                        many += 1;
                    }
                }
            }
            if many < best_many {
                best_many = many;
                best = NameTable {
                    multiplier,
                    slots: slots.into_boxed_slice(),
                };
            }
            if many == 0 {
                break;
            }
        }
        best
    }

    /// The member the body's two bytes `b0`, `b1` after an opening quote propose.
    #[inline(always)]
    pub(crate) fn propose(&self, b0: u8, b1: u8) -> Option<usize> {
        self.propose_key(u32::from(b0) | u32::from(b1) << 8)
    }

    /// The member the key of [`lead`] proposes.
    #[inline(always)]
    fn propose_key(&self, key: u32) -> Option<usize> {
        match self.slots.get(slot(self.multiplier, key)) {
            Some(&s) if s != NONE && s != MANY => Some(usize::from(s) - 1),
            _ => None,
        }
    }
}

/// The string candidates of an `enum` or `const`, found from a body string's bytes
/// (see the module's documentation).
#[derive(Debug, Clone)]
pub(crate) struct Words {
    table: NameTable,
    /// Every string candidate, in the order of the set; the table proposes only those
    /// that need no escape.
    words: Box<[Box<str>]>,
}

impl Words {
    /// The words of `strings` (the string candidates of an `enum` or `const`), or
    /// `None` when the table would propose none of them.
    pub(crate) fn build(strings: &[Box<str>]) -> Option<Words> {
        let table = NameTable::build(strings.iter().map(|w| (w.as_bytes(), bare(w))));
        let proposes = strings
            .iter()
            .enumerate()
            .any(|(k, w)| lead(w.as_bytes()).and_then(|key| table.propose_key(key)) == Some(k));
        proposes.then(|| Words {
            table,
            words: strings.into(),
        })
    }

    /// Whether the body's bytes at `at` (after a string's opening quote) are one of
    /// the words, needing no escape, and its closing quote: the index past that quote.
    #[inline(always)]
    pub(crate) fn written_at(&self, body: &[u8], at: usize) -> Option<usize> {
        let k = self.table.propose(*body.get(at)?, *body.get(at + 1)?)?;
        written(body, at, self.words.get(k)?.as_bytes())
    }
}

/// Whether the body's bytes at `at` are `text` (one that needs no escape) followed by
/// a closing quote: the index past the quote. The one comparison behind a listed
/// name read in place and an `enum` word.
// Inlined in optimized builds only: a debug build keeps every inlined local in the
// recursive pass's frame (`verify/fast/mod.rs`, `MAX_FRAMES`).
#[cfg_attr(debug_assertions, inline(never))]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn written(body: &[u8], at: usize, text: &[u8]) -> Option<usize> {
    let end = at + text.len();
    match (body.get(at..end), body.get(end)) {
        (Some(w), Some(b'"')) if crate::fasthash::bytes_eq(w, text) => Some(end + 1),
        _ => None,
    }
}

/// The first two bytes of `name` followed by its closing quote, as a key; `None` for
/// the empty name, whose second byte is the body's, not the name's.
fn lead(name: &[u8]) -> Option<u32> {
    let (&b0, rest) = name.split_first()?;
    let b1 = rest.first().copied().unwrap_or(b'"');
    Some(u32::from(b0) | u32::from(b1) << 8)
}

/// The slot of `key`.
#[inline(always)]
fn slot(multiplier: u32, key: u32) -> usize {
    (key.wrapping_mul(multiplier) >> 24) as usize & (SLOTS - 1)
}

/// A listed name as a body most often writes it: the opening quote, the name, the
/// closing quote and the colon, with no whitespace between them, in at most
/// [`Key::MAX`] bytes. It is held as two little-endian words and a mask of the bytes
/// each holds, so that it is compared with the body by two loads rather than byte by
/// byte (benches/README.md, optimization `keyed-members`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key {
    words: [u64; 2],
    masks: [u64; 2],
    len: usize,
}

impl Key {
    /// The longest key: a name of at most 13 bytes.
    pub(crate) const MAX: usize = 16;

    /// A key for none, to fill an array; never compared (no body's bytes begin with
    /// it: it wants a NUL byte where the opening quote goes).
    pub(crate) const VACANT: Key = Key {
        words: [0; 2],
        masks: [0xFF, 0],
        len: 1,
    };

    /// The key of `name`: `None` when it needs an escape (`bare`) or its key is
    /// longer than [`Key::MAX`].
    pub(crate) fn new(name: &str) -> Option<Key> {
        if !bare(name) || name.len() + 3 > Key::MAX {
            return None;
        }
        let mut text = [0u8; Key::MAX];
        let mut mask = [0u8; Key::MAX];
        let written = [b"\"".as_slice(), name.as_bytes(), b"\":"].concat();
        text[..written.len()].copy_from_slice(&written);
        mask[..written.len()].fill(u8::MAX);
        let word = |b: &[u8; Key::MAX], half: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&b[half * 8..half * 8 + 8]);
            u64::from_le_bytes(w)
        };
        Some(Key {
            words: [word(&text, 0), word(&text, 1)],
            masks: [word(&mask, 0), word(&mask, 1)],
            len: written.len(),
        })
    }

    /// Whether the body's bytes at `at` begin with the key: the index past its colon.
    /// `None` as well within [`Key::MAX`] bytes of the body's end, where the name is
    /// read the usual way.
    #[inline(always)]
    pub(crate) fn written_at(&self, body: &[u8], at: usize) -> Option<usize> {
        let w = body.get(at..at + Key::MAX)?;
        let (a, b) = w.split_at(8);
        let a = u64::from_le_bytes(a.try_into().ok()?);
        let b = u64::from_le_bytes(b.try_into().ok()?);
        let differ = (a ^ self.words[0]) & self.masks[0] | (b ^ self.words[1]) & self.masks[1];
        (differ == 0).then_some(at + self.len)
    }
}

/// Whether a name is written in a body as its own bytes when it is not escaped: it
/// holds no `"`, `\` or control character.
pub(crate) fn bare(name: &str) -> bool {
    !name.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(names: &[&str]) -> NameTable {
        NameTable::build(names.iter().map(|n| (n.as_bytes(), bare(n))))
    }

    fn propose(t: &NameTable, written: &str) -> Option<usize> {
        let b = written.as_bytes();
        t.propose(b[0], b[1])
    }

    #[test]
    fn proposes_each_name_by_its_first_two_bytes() {
        let names = [
            "a",
            "id",
            "name",
            "note",
            "price_cents",
            "quantity",
            "sku",
            "state",
        ];
        let t = table(&names);
        for (k, n) in names.iter().enumerate() {
            assert_eq!(propose(&t, &format!("{n}\":")), Some(k), "{n}");
        }
        assert_eq!(propose(&t, "zz\""), None);
    }

    #[test]
    fn names_sharing_their_first_two_bytes_are_not_proposed() {
        let t = table(&["price", "priority", "x"]);
        assert_eq!(propose(&t, "price\""), None);
        assert_eq!(propose(&t, "priority\""), None);
        assert_eq!(propose(&t, "x\""), Some(2));
    }

    #[test]
    fn words_are_found_whole_with_their_closing_quote() {
        let strings: Vec<Box<str>> = ["alpha", "beta", "b", "", "tab\t", "alps"]
            .iter()
            .map(|&w| w.into())
            .collect();
        let w = Words::build(&strings).expect("some word is proposed");
        let at = |written: &str| w.written_at(written.as_bytes(), 0);
        assert_eq!(at("beta\","), Some(5));
        assert_eq!(at("b\"]"), Some(2));
        // A prefix of a word, a word with more after it, a word cut off.
        assert_eq!(at("bet\""), None);
        assert_eq!(at("betas\""), None);
        assert_eq!(at("beta"), None);
        // Words sharing their first two bytes, the empty word and one that needs an
        // escape are left to the string scanner.
        assert_eq!(at("alpha\""), None);
        assert_eq!(at("\""), None);
        assert_eq!(at("tab\\t\""), None);
        assert!(Words::build(&["", "a\\"].map(Box::from)).is_none());
    }

    #[test]
    fn keys_are_the_quoted_name_and_its_colon() {
        let key = |n: &str| Key::new(n).expect("a key");
        let pad = |s: &str| format!("{s}{}", " ".repeat(Key::MAX));
        let at = |k: &Key, written: &str| k.written_at(pad(written).as_bytes(), 0);
        assert_eq!(at(&key("id"), "\"id\":1"), Some(5));
        assert_eq!(at(&key(""), "\"\":1"), Some(3));
        assert_eq!(at(&key("thirteen_byte"), "\"thirteen_byte\":1"), Some(16));
        // Another name, a longer one, whitespace before the colon, an escape.
        assert_eq!(at(&key("id"), "\"ix\":1"), None);
        assert_eq!(at(&key("id"), "\"ids\":1"), None);
        assert_eq!(at(&key("id"), "\"id\" :1"), None);
        assert_eq!(at(&key("id"), "\"\\u0069d\":1"), None);
        // Every byte of the key is compared, in either word.
        let k = key("abcdefghijklm");
        for i in 0..Key::MAX {
            let mut b = pad("\"abcdefghijklm\":").into_bytes();
            b[i] ^= 1;
            assert_eq!(k.written_at(&b, 0), None, "byte {i}");
        }
        // Within 16 bytes of the end, the name is read the usual way.
        assert_eq!(key("id").written_at(b"\"id\":1}", 0), None);
        // Too long for two words, or needing an escape: no key.
        assert_eq!(Key::new("fourteen_bytes"), None);
        assert_eq!(Key::new("a\"b"), None);
        assert_eq!(Key::new("tab\t"), None);
    }

    #[test]
    fn names_needing_escapes_and_the_empty_name() {
        let t = table(&["", "a\"b", "tab\t"]);
        assert_eq!(propose(&t, "\":"), None);
        assert_eq!(propose(&t, "a\\\"b\""), None);
        assert_eq!(propose(&t, "ta"), None);
    }
}
