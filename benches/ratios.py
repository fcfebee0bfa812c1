#!/usr/bin/env python3
"""Ratio tables from criterion results, as in benches/README.md.

    python3 benches/ratios.py snapshot run1.json    # after each `cargo bench` run
    python3 benches/ratios.py table run1.json run2.json run3.json
    python3 benches/ratios.py verify-table run1.json run2.json run3.json
    python3 benches/ratios.py axum-table run1.json run2.json run3.json
    python3 benches/ratios.py rejection-table run1.json run2.json run3.json
    python3 benches/ratios.py into-table run1.json run2.json run3.json

`snapshot` copies each benchmark's median time from target/criterion (run it from the
repository root), for the parse and the verify benches alike. `table` prints, per size
of the parse bench, each function's time divided by the serde_json_value time of the
same run, as the median over the given runs, with the median time itself.
`verify-table` prints the verify bench's ratios (baseline time / formgate time, higher
is better) for each run and their medians, then the early-break, streaming and threads
ratios. `axum-table` prints the axum bench's: `Verified<T>`'s time against `Json<T>`
and `Json<Value>` + jsonschema (baseline time / formgate time, higher is better), and
the typed groups' times without HTTP. `rejection-table` prints the rejection bench's
ratios (the late rejection's time / the acceptance's, lower is better, whole and in
16 KiB chunks) for each run and their medians. `into-table` prints the into bench's
ratios (the baseline's time / `verify_into`'s, higher is better) for each run and their
medians.
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
    # The verify bench: every benchmark, named by its path below target/criterion.
    for group in ["verify_*", "early_break", "stream_*", "threads", "axum_*", "typed_*",
                  "rejection_*", "into_*"]:
        pattern = os.path.join("target", "criterion", group, "**", "new", "estimates.json")
        for f in sorted(glob.glob(pattern, recursive=True)):
            name = "/".join(f.split(os.sep)[2:-2])
            with open(f) as fh:
                medians[name] = json.load(fh)["median"]["point_estimate"]
    if not medians:
        sys.exit("no criterion results under target/criterion; run cargo bench first")
    with open(path, "w") as fh:
        json.dump(medians, fh, indent=1, sort_keys=True)


def load(paths):
    runs = []
    for p in paths:
        with open(p) as fh:
            runs.append(json.load(fh))
    return runs


def table(paths):
    runs = load(paths)
    groups = sorted({k.split("/")[0] for k in runs[0] if k.startswith("parse_")},
                    key=lambda g: ("MB" in g, g))
    print("| size | function | time / serde_json_value | median time |")
    print("|---|---|---:|---:|")
    for g in groups:
        functions = sorted({k.split("/")[1] for k in runs[0] if k.startswith(g + "/")})
        for fn in functions:
            ratio = statistics.median(r[f"{g}/{fn}"] / r[f"{g}/{BASELINE}"] for r in runs)
            t = statistics.median(r[f"{g}/{fn}"] for r in runs) / 1000
            print(f"| {g.split('_', 1)[1]} | `{fn}` | {ratio:.2f} | {t:,.1f} µs |")


def verify_table(paths):
    runs = load(paths)
    sizes = ["small", "medium", "large"]

    def ratios(r, size):
        fg = r[f"verify_{size}/formgate_verify/{size}"]
        return (r[f"verify_{size}/serde_json_parse/{size}"] / fg,
                r[f"verify_{size}/serde_json_jsonschema/{size}"] / fg, fg)

    print("| run | body | formgate `verify` | × serde_json parse | × parse + jsonschema |")
    print("|---|---|---:|---:|---:|")
    for k, r in enumerate(runs, 1):
        for size in sizes:
            p, j, fg = ratios(r, size)
            print(f"| {k} | {size} | {fg / 1000:,.2f} µs | {p:.2f} | {j:.2f} |")
    for size in sizes:
        rs = [ratios(r, size) for r in runs]
        p = statistics.median(x[0] for x in rs)
        j = statistics.median(x[1] for x in rs)
        fg = statistics.median(x[2] for x in rs)
        print(f"| median | {size} | {fg / 1000:,.2f} µs | {p:.2f} | {j:.2f} |")

    def median_of(f):
        return statistics.median(f(r) for r in runs)

    # The anchors: sonic-rs's parse and one memchr scan over the same bytes, each
    # time divided by verify's (higher is better for formgate).
    for anchor in ["sonic_rs_parse", "memchr_scan"]:
        if f"verify_small/{anchor}/small" not in runs[0]:
            continue
        print(f"\n| body | {anchor} time / verify time, per run | median | verify | {anchor} |")
        print("|---|---|---:|---:|---:|")
        for size in sizes:
            each = [r[f"verify_{size}/{anchor}/{size}"] / r[f"verify_{size}/formgate_verify/{size}"]
                    for r in runs]
            fg = median_of(lambda r: r[f"verify_{size}/formgate_verify/{size}"])
            an = median_of(lambda r: r[f"verify_{size}/{anchor}/{size}"])
            print(f"| {size} | " + ", ".join(f"{x:.2f}" for x in each)
                  + f" | {statistics.median(each):.2f} | {fg / 1000:,.2f} µs | {an / 1000:,.2f} µs |")

    eb = median_of(lambda r: r["early_break/formgate_verify_valid"]
                   / r["early_break/formgate_verify_broken_first_record"])
    print(f"\nearly break: the valid 1 MB body takes {eb:,.0f}x the time of the broken one")
    for size in ["small", "medium", "large"]:
        g = f"stream_{size}"
        if f"{g}/formgate_verify_whole" not in runs[0]:
            continue
        each = [r[f"{g}/formgate_verify_whole"] / r[f"{g}/formgate_feed_16KiB_chunks"]
                for r in runs]
        print(f"stream {size}: speed of 16 KiB chunks against verify's, per run: "
              + ", ".join(f"{x:.2f}" for x in each))
        whole = median_of(lambda r: r[f"{g}/formgate_feed_16KiB_chunks"]
                          / r[f"{g}/formgate_verify_whole"])
        one = median_of(lambda r: r[f"{g}/formgate_feed_16KiB_chunks"]
                        / r[f"{g}/formgate_feed_one_chunk"])
        print(f"stream {size}: 16 KiB chunks take {whole:.2f}x verify's time, "
              f"{one:.2f}x that of the whole body fed as one chunk")
    t = [r["threads/formgate_verify_medium/2"] / r["threads/formgate_verify_medium/1"]
         for r in runs]
    print("threads: two threads take " + ", ".join(f"{x:.2f}" for x in t)
          + " of one thread's time")


def axum_table(paths):
    runs = load(paths)
    bodies = ["ticket", "order"]

    def ratios(r, body):
        fg = r[f"axum_{body}/formgate_verified/{body}"]
        return (r[f"axum_{body}/axum_json/{body}"] / fg,
                r[f"axum_{body}/axum_json_value_jsonschema/{body}"] / fg, fg)

    print("| run | body | `Verified<T>` | × `Json<T>` | × `Json<Value>` + jsonschema |")
    print("|---|---|---:|---:|---:|")
    for k, r in enumerate(runs, 1):
        for body in bodies:
            j, s, fg = ratios(r, body)
            print(f"| {k} | {body} | {fg / 1000:,.2f} µs | {j:.2f} | {s:.2f} |")
    for body in bodies:
        rs = [ratios(r, body) for r in runs]
        j = statistics.median(x[0] for x in rs)
        s = statistics.median(x[1] for x in rs)
        fg = statistics.median(x[2] for x in rs)
        print(f"| median | {body} | {fg / 1000:,.2f} µs | {j:.2f} | {s:.2f} |")
    print()
    print("| body | function | median time |")
    print("|---|---|---:|")
    for body in bodies:
        for fn in ["axum_json", "axum_json_value_jsonschema"]:
            t = statistics.median(r[f"axum_{body}/{fn}/{body}"] for r in runs)
            print(f"| {body} | `{fn}` | {t / 1000:,.2f} µs |")
        for fn in ["verify_into", "verify", "serde_json"]:
            t = statistics.median(r[f"typed_{body}/{fn}/{body}"] for r in runs)
            print(f"| {body} | typed `{fn}` | {t / 1000:,.2f} µs |")


def into_table(paths):
    runs = load(paths)
    cases = [("small into a struct", "small", "formgate_into_struct", "serde_json_struct"),
             ("large into a struct", "large", "formgate_into_struct", "serde_json_struct"),
             ("small into `Value`", "small", "formgate_into_value", "serde_json_jsonschema"),
             ("medium into `Value`", "medium", "formgate_into_value", "serde_json_jsonschema"),
             ("large into `Value`", "large", "formgate_into_value", "serde_json_jsonschema")]
    print("| case | " + " | ".join(f"run {k}" for k in range(1, len(runs) + 1))
          + " | median | `verify_into`, median |")
    print("|---|" + "---:|" * (len(runs) + 2))
    for label, body, ours, base in cases:
        key = f"into_{body}/{{}}/{body}"
        if key.format(ours) not in runs[0]:
            continue
        each = [r[key.format(base)] / r[key.format(ours)] for r in runs]
        t = statistics.median(r[key.format(ours)] for r in runs)
        print(f"| {label} | " + " | ".join(f"{x:.2f}" for x in each)
              + f" | **{statistics.median(each):.2f}** | {t / 1000:,.2f} µs |")


def rejection_table(paths):
    runs = load(paths)
    bodies = ["small", "medium", "large", "order"]

    def ratios(r, body):
        g = f"rejection_{body}"
        return (r[f"{g}/reject_late/{body}"] / r[f"{g}/accept/{body}"],
                r[f"{g}/reject_late_stream/{body}"] / r[f"{g}/accept_stream/{body}"],
                r[f"{g}/accept/{body}"])

    print("| run | body | accept | late / accept | late / accept, 16 KiB chunks |")
    print("|---|---|---:|---:|---:|")
    for k, r in enumerate(runs, 1):
        for body in bodies:
            w, c, t = ratios(r, body)
            print(f"| {k} | {body} | {t / 1000:,.2f} µs | {w:.2f} | {c:.2f} |")
    for body in bodies:
        rs = [ratios(r, body) for r in runs]
        w = statistics.median(x[0] for x in rs)
        c = statistics.median(x[1] for x in rs)
        t = statistics.median(x[2] for x in rs)
        print(f"| median | {body} | {t / 1000:,.2f} µs | {w:.2f} | {c:.2f} |")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "snapshot":
        snapshot(sys.argv[2])
    elif len(sys.argv) >= 3 and sys.argv[1] == "table":
        table(sys.argv[2:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "verify-table":
        verify_table(sys.argv[2:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "axum-table":
        axum_table(sys.argv[2:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "into-table":
        into_table(sys.argv[2:])
    elif len(sys.argv) >= 3 and sys.argv[1] == "rejection-table":
        rejection_table(sys.argv[2:])
    else:
        sys.exit(__doc__)
