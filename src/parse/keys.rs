//! Duplicate member-name detection for every open object at once.
//!
//! Invariants:
//! 1. Names are compared after unescaping, byte for byte (so `"a"` and `"\u0061"` are the
//!    same name, and NFC and NFD spellings of `é` are not).
//! 2. An object with at most [`SMALL`] members is checked by linear scan over a shared
//!    arena, skipped when a 64-bit Bloom mask of the names' fast hashes shows the name
//!    is new (nearly always): no allocation once the arena has grown to its working
//!    size. The scan is bounded by `SMALL`, whatever names an attacker picks.
//! 3. A larger object switches to a hash index keyed by SipHash with a per-parser random
//!    key (`RandomState`), so chosen keys cannot force collisions: O(1) expected per name,
//!    O(n) per object. Tables are pooled by depth and reused.
//!
//! Cost: O(total length of the names of the open objects) memory.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;

/// Objects with more members than this use a hash index.
///
/// Linear scan up to 16 names costs at most 120 short comparisons per object and keeps
/// typical bodies (tens of fields per object) allocation-free.
pub(crate) const SMALL: usize = 16;

const NONE: u32 = u32::MAX;

/// The most heap bytes a [`KeySet`] takes per name beyond the name's own bytes, before
/// its buffers' growth: its span, and its share of a pooled table's entry and control
/// bytes at the lowest load (`form::memory` charges it).
pub(crate) const NAME_BYTES: u64 = 64;

// A span and a table entry (a `u64` hash, a `u32` index, padded, and a control byte)
// at a load of one in two fit the charge.
const _: () = assert!(
    (std::mem::size_of::<Span>() + 2 * (16 + 1)) as u64 <= NAME_BYTES,
    "a name's records outgrow form::memory's charge"
);

#[derive(Debug, Clone, Copy)]
struct Span {
    start: u32,
    len: u32,
    /// The next name of the same open object with the same hash (hash-index chains).
    next: u32,
}

/// Names of the members of every open object, innermost last.
#[derive(Debug)]
pub(crate) struct KeySet {
    arena: Vec<u8>,
    spans: Vec<Span>,
    /// One entry per open object: where its names start in `spans`, which pooled
    /// table (if any) indexes them, and the Bloom mask of its names.
    objects: Vec<(u32, u32, u64)>,
    tables: Vec<HashMap<u64, u32>>,
    tables_in_use: u32,
    hasher: RandomState,
}

impl Default for KeySet {
    fn default() -> Self {
        KeySet {
            arena: Vec::new(),
            spans: Vec::new(),
            objects: Vec::new(),
            tables: Vec::new(),
            tables_in_use: 0,
            hasher: RandomState::new(),
        }
    }
}

impl KeySet {
    /// Forget everything, keeping the capacity.
    pub(crate) fn clear(&mut self) {
        self.arena.clear();
        self.spans.clear();
        self.objects.clear();
        for t in &mut self.tables[..self.tables_in_use as usize] {
            t.clear();
        }
        self.tables_in_use = 0;
    }

    /// A new object opens.
    #[inline]
    pub(crate) fn open(&mut self) {
        self.objects.push((self.spans.len() as u32, NONE, 0));
    }

    /// The innermost object closes.
    #[inline]
    pub(crate) fn close(&mut self) {
        let (first, table, _) = self.objects.pop().expect("close without open");
        if let Some(span) = self.spans.get(first as usize) {
            self.arena.truncate(span.start as usize);
        }
        self.spans.truncate(first as usize);
        if table != NONE {
            self.tables[table as usize].clear();
            self.tables_in_use -= 1;
        }
    }

    /// The most recent name of the innermost open object, if it has one.
    pub(crate) fn last_in(&self, depth_index: usize) -> Option<&[u8]> {
        let (first, _, _) = *self.objects.get(depth_index)?;
        let end = self
            .objects
            .get(depth_index + 1)
            .map_or(self.spans.len(), |o| o.0 as usize);
        if end == first as usize {
            return None;
        }
        let s = self.spans[end - 1];
        Some(&self.arena[s.start as usize..(s.start + s.len) as usize])
    }

    /// Record `name` in the innermost open object. Returns `false` if it is already there.
    #[inline]
    pub(crate) fn insert(&mut self, name: &[u8]) -> bool {
        let (first, table, mask) = *self.objects.last().expect("insert without open");
        let first = first as usize;
        if table == NONE {
            let count = self.spans.len() - first;
            // The Bloom mask spares the scan for names that are certainly new
            // (benches/README.md, optimization `bloom-names`).
            let bit = 1u64 << (crate::fasthash::hash(name) & 63);
            if mask & bit != 0 {
                for s in &self.spans[first..] {
                    if s.len as usize == name.len()
                        && crate::fasthash::bytes_eq(
                            &self.arena[s.start as usize..(s.start + s.len) as usize],
                            name,
                        )
                    {
                        return false;
                    }
                }
            }
            self.objects.last_mut().expect("open").2 = mask | bit;
            self.push(name, NONE);
            if count + 1 > SMALL {
                self.build_index();
            }
            true
        } else {
            let h = self.hasher.hash_one(name);
            let head = self.tables[table as usize].get(&h).copied().unwrap_or(NONE);
            let mut at = head;
            while at != NONE {
                let s = self.spans[at as usize];
                if &self.arena[s.start as usize..(s.start + s.len) as usize] == name {
                    return false;
                }
                at = s.next;
            }
            let idx = self.push(name, head);
            self.tables[table as usize].insert(h, idx);
            true
        }
    }

    fn push(&mut self, name: &[u8], next: u32) -> u32 {
        let idx = self.spans.len() as u32;
        self.spans.push(Span {
            start: self.arena.len() as u32,
            len: name.len() as u32,
            next,
        });
        self.arena.extend_from_slice(name);
        idx
    }

    /// Index the innermost object's names in a pooled hash table.
    #[cold]
    fn build_index(&mut self) {
        let slot = self.tables_in_use as usize;
        if slot == self.tables.len() {
            self.tables.push(HashMap::new());
        }
        self.tables_in_use += 1;
        let obj = self.objects.last_mut().expect("index without open");
        obj.1 = slot as u32;
        let first = obj.0 as usize;
        let table = &mut self.tables[slot];
        for i in first..self.spans.len() {
            let s = self.spans[i];
            let h = self
                .hasher
                .hash_one(&self.arena[s.start as usize..(s.start + s.len) as usize]);
            let head = table.get(&h).copied().unwrap_or(NONE);
            self.spans[i].next = head;
            table.insert(h, i as u32);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_duplicates_in_small_and_large_objects() {
        for n in [1usize, 2, SMALL, SMALL + 1, 1000] {
            let mut k = KeySet::default();
            k.open();
            for i in 0..n {
                assert!(k.insert(format!("k{i}").as_bytes()));
            }
            for i in 0..n {
                assert!(!k.insert(format!("k{i}").as_bytes()), "n={n} i={i}");
            }
            k.close();
            assert!(k.arena.is_empty() && k.spans.is_empty());
        }
    }

    #[test]
    fn accepts_same_name_in_nested_objects() {
        let mut k = KeySet::default();
        k.open();
        assert!(k.insert(b"a"));
        k.open();
        assert!(k.insert(b"a"));
        assert_eq!(k.last_in(1), Some(&b"a"[..]));
        k.close();
        assert!(!k.insert(b"a"));
        assert!(k.insert(b"b"));
        assert_eq!(k.last_in(0), Some(&b"b"[..]));
    }

    #[test]
    fn reuses_tables_after_close() {
        let mut k = KeySet::default();
        for _ in 0..3 {
            k.open();
            for i in 0..100 {
                assert!(k.insert(format!("{i}").as_bytes()));
            }
            k.close();
        }
        assert_eq!(k.tables.len(), 1);
        assert_eq!(k.tables_in_use, 0);
    }
}
