#!/usr/bin/env python3
"""Instruction counts per call, checked against the ones recorded in benches/counts.tsv.

An optimization can stop working without a test failing: a function the compiler
inlined goes out of line, and its cost comes back. Times on a shared machine drift too
much to catch that; callgrind's instruction counts do not drift (the same binary and
input give the same count). This script builds the `instructions` example, counts each
recorded case under callgrind, and fails when a count moved by more than the tolerance
(1%, and 20 instructions) either way: up, something got slower; down, the record is
stale and the gain should be recorded with the change that made it.

    python3 benches/counts.py            # check (what CI runs)
    python3 benches/counts.py --update   # record the counts measured now

A case's count is `(refs at N calls - refs at 0 calls) / N`, as benches/README.md
measures them: the setup (generating the body, compiling the form, one warming call)
cancels out. The counts depend on the instruction set the SIMD crates choose at run
time (simdutf8, memchr): they are recorded on x86_64 with AVX2, and elsewhere the
script says so and checks nothing.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RECORD = os.path.join(HERE, "counts.tsv")
# Where cargo puts the example (it runs from ROOT, so a relative directory is ROOT's).
TARGET = os.path.join(ROOT, os.environ.get("CARGO_TARGET_DIR", "target"))
BINARY = os.path.join(TARGET, "release", "examples", "instructions")

# Build to build, a count moves by up to about 0.3% (a clone in another directory, the
# same code); a lost optimization moves one by 1% or more.
TOLERANCE = 0.01
# Where the stack lies (the size of the environment, the paths) moves a count by up to
# about 15 instructions, whatever the body: 2,424 to 2,431 on the small body as the
# environment grew, 13 more in a clone at another path. On the small body that alone
# is half the tolerance, so each bound has this much more.
SLACK = 20


def fail(message):
    print(f"counts.py: {message}", file=sys.stderr)
    sys.exit(1)


def read_record():
    """The recorded cases: (body, mode, calls, count), in the file's order."""
    cases = []
    with open(RECORD, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 4:
                fail(f"{RECORD}:{number}: expected body, mode, calls and count, tab-separated")
            body, mode, calls, count = fields
            try:
                cases.append((body, mode, int(calls), int(count)))
            except ValueError:
                fail(f"{RECORD}:{number}: calls and count must be whole numbers")
    if not cases:
        fail(f"{RECORD} records no case")
    return cases


def write_record(rows):
    with open(RECORD, encoding="utf-8") as f:
        header = [line for line in f if line.startswith("#")]
    with open(RECORD, "w", encoding="utf-8") as f:
        f.writelines(header)
        for body, mode, calls, count in rows:
            f.write(f"{body}\t{mode}\t{calls}\t{count}\n")


def supported():
    """Why this machine's counts are not comparable with the record, or None."""
    if os.uname().machine != "x86_64":
        return f"the machine is {os.uname().machine}, not x86_64"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            flags = next((line for line in f if line.startswith("flags")), "")
    except OSError:
        return "/proc/cpuinfo cannot be read"
    if "avx2" not in flags.split():
        return "the processor has no AVX2"
    return None


def refs(body, mode, calls):
    """The instructions callgrind counts for `calls` calls on `body` in `mode`."""
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            BINARY,
            body,
            mode,
            str(calls),
        ],
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        fail(f"{body} {mode} {calls}: the example exited with {run.returncode}:\n{run.stderr}")
    found = re.search(r"Collected\s*:\s*(\d+)", run.stderr)
    if not found:
        fail(f"{body} {mode} {calls}: no count in callgrind's output:\n{run.stderr}")
    return int(found.group(1))


def per_call(body, mode, calls):
    return (refs(body, mode, calls) - refs(body, mode, 0)) // calls


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="record the counts measured now")
    args = parser.parse_args()

    cases = read_record()
    why = supported()
    if why:
        print(f"counts.py: {why}; the recorded counts are x86_64 with AVX2's: nothing checked")
        return
    if shutil.which("valgrind") is None:
        fail("valgrind is not installed (Debian's package valgrind)")
    subprocess.run(
        ["cargo", "build", "--release", "-p", "formgate-bench", "--example", "instructions"],
        cwd=ROOT,
        check=True,
    )

    rows, moved = [], []
    for body, mode, calls, recorded in cases:
        count = per_call(body, mode, calls)
        # (A case recorded as 0 is new: it counts as moved until recorded.)
        change = (count - recorded) / recorded if recorded else float("inf")
        within = recorded and abs(count - recorded) <= TOLERANCE * recorded + SLACK
        flag = "" if within else ("  slower" if change > 0 else "  faster")
        print(f"{body:14} {mode:7} {recorded:>12,} -> {count:>12,}  {change:+7.2%}{flag}")
        rows.append((body, mode, calls, count))
        if flag:
            moved.append((body, mode, change))
    if args.update:
        write_record(rows)
        print(f"recorded in {os.path.relpath(RECORD, ROOT)}")
        return
    if moved:
        lines = "\n".join(
            f"  {body} {mode}: {change:+.2%}"
            + (" (record the gain: --update)" if change < 0 else "")
            for body, mode, change in moved
        )
        fail(
            f"counts moved by more than {TOLERANCE:.0%} and {SLACK} instructions"
            f" from {os.path.relpath(RECORD, ROOT)}:\n{lines}"
        )
    print(f"every count within {TOLERANCE:.0%} and {SLACK} instructions of the record")


if __name__ == "__main__":
    main()
