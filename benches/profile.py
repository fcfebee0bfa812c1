#!/usr/bin/env python3
"""Split a callgrind profile of `Form::verify` into the parts of its work.

    cargo build --release -p formgate-bench --example instructions
    valgrind --tool=callgrind --callgrind-out-file=cg.large \
        --toggle-collect='formgate::verify::fast::decide' \
        target/release/examples/instructions large verify 3
    python3 benches/profile.py cg.large BYTES CALLS

BYTES is the body's length and CALLS the number of `decide` calls collected (the
example's N plus its one warming call). Each line of `callgrind_annotate`'s
self-cost table (one per source file and function, so inlined code is counted in the
file it was written in) goes to one part:

- lexing: `parse/lex.rs` (strings, escapes, whitespace is not here), the string
  scan's SSE2 step and the UTF-8 validation (`simdutf8`), both counted where their
  intrinsics are (`core_arch`), `core::str` slicing and boundary checks, the
  input's cells;
- names: the member-name lookup (`fasthash.rs`, `form/node.rs`);
- numbers: `lex::number`, `form/number.rs`, `form/format/numeric.rs`, and the lines of
  `check::scalar` that run in its number-only functions (`small_bounds`, `number`);
- scalar checks: the rest of `form/check/scalar.rs`, `form/consts.rs` (`enum`,
  `const`), `form/format/` (string formats);
- dispatch: everything else, the walk itself: `verify/fast/`, `form/check/container.rs`,
  whitespace and punctuation, and the bounds checks and `Option` plumbing of `core`
  inlined into the walk's functions.

It prints, per part, the instructions per call and per body byte and the share.
"""
import re
import subprocess
import sys

PARTS = ["lexing", "names", "numbers", "scalar checks", "dispatch"]


def part(path, function):
    if "simdutf8" in path or "/str/" in path or path.endswith("cell.rs"):
        return "lexing"
    # Explicit SIMD is all lexing: simdutf8's UTF-8 validation and the string scan's
    # SSE2 step (`lex::first_special`, through `safe_arch`), both inlined as
    # `core_arch`'s lines.
    if "core_arch" in path or "safe_arch" in path or "simdutf8" in function:
        return "lexing"
    if "lex::number" in function or "form/number.rs" in path or "numeric" in path:
        return "numbers"
    if "small_bounds" in function or "scalar::number" in function or "Small" in function:
        return "numbers"
    if "NumRef" in function:
        return "numbers"
    if path.endswith("parse/lex.rs"):
        return "lexing"
    if path.endswith("fasthash.rs") or path.endswith("form/node.rs"):
        return "names"
    if "check/scalar.rs" in path or "consts.rs" in path or "/format/" in path:
        return "scalar checks"
    if "values_in" in function or "format::" in function or "scalar::check" in function:
        return "scalar checks"
    return "dispatch"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    out, size, calls = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    text = subprocess.run(
        ["callgrind_annotate", "--threshold=100", out],
        capture_output=True, text=True, check=True,
    ).stdout
    line = re.compile(r"^\s*([\d,]+)\s+\([^)]*\)\s+(\S+?):(\S+)")
    totals = dict.fromkeys(PARTS, 0)
    for row in text.splitlines():
        m = line.match(row)
        if not m or "PROGRAM TOTALS" in row:
            continue
        count = int(m.group(1).replace(",", ""))
        totals[part(m.group(2), m.group(3))] += count
    whole = sum(totals.values())
    print(f"| part | instructions per call | per byte | share |")
    print(f"|---|---:|---:|---:|")
    for p in PARTS:
        per_call = totals[p] / calls
        print(f"| {p} | {per_call:,.0f} | {per_call / size:.2f} | {100 * totals[p] / whole:.0f}% |")
    print(f"| all | {whole / calls:,.0f} | {whole / calls / size:.2f} | 100% |")


if __name__ == "__main__":
    main()
