#!/usr/bin/env python3
"""Ratio tables from criterion results, as in benches/README.md.

    python3 benches/ratios.py snapshot run1.json    # after each `cargo bench` run
    python3 benches/ratios.py table run1.json run2.json run3.json

`snapshot` copies each benchmark's median time from target/criterion (run it from the
repository root). `table` prints, per size, each function's time divided by the
serde_json_value time of the same run, as the median over the given runs, with the
median time itself.
"""
import glob
import json
import os
import statistics
import sys

BASELINE = "serde_json_value"


def snapshot(path):
    medians = {}
    pattern = os.path.join("target", "criterion", "parse_*", "*", "*", "new", "estimates.json")
    for f in sorted(glob.glob(pattern)):
        group, function = f.split(os.sep)[2:4]
        with open(f) as fh:
            medians[f"{group}/{function}"] = json.load(fh)["median"]["point_estimate"]
    if not medians:
        sys.exit("no criterion results under target/criterion; run cargo bench first")
    with open(path, "w") as fh:
        json.dump(medians, fh, indent=1, sort_keys=True)


def table(paths):
    runs = []
    for p in paths:
        with open(p) as fh:
            runs.append(json.load(fh))
    groups = sorted({k.split("/")[0] for k in runs[0]}, key=lambda g: ("MB" in g, g))
    print("| size | function | time / serde_json_value | median time |")
    print("|---|---|---:|---:|")
    for g in groups:
        functions = sorted({k.split("/")[1] for k in runs[0] if k.startswith(g + "/")})
        for fn in functions:
            ratio = statistics.median(r[f"{g}/{fn}"] / r[f"{g}/{BASELINE}"] for r in runs)
            t = statistics.median(r[f"{g}/{fn}"] for r in runs) / 1000
            print(f"| {g.split('_', 1)[1]} | `{fn}` | {ratio:.2f} | {t:,.1f} µs |")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "snapshot":
        snapshot(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "table":
        table(sys.argv[2:])
    else:
        sys.exit(__doc__)
