#!/usr/bin/env bash
# `formgate verify FORM --lines FILE` against `Form::verify` on the same lines in one
# thread with the lines in memory (benches/examples/lines_baseline.rs): how much of
# verify's speed the command line keeps per core, and what `--jobs` adds.
#
# The file: about SIZE_MB megabytes (default 100) of the bench bodies of
# benches/inputs.rs (written by the dump_inputs example), one per line: `small`
# (283 bytes compact) by default, or BODY=medium (19 KB). Every tenth line is broken (a
# duplicate member name at its end), so rejections are written too. ROUNDS rounds
# (default 3); the medians are printed.
#
#     bash benches/lines.sh
#     BODY=medium SIZE_MB=100 ROUNDS=3 bash benches/lines.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

body="${BODY:-small}"
size_mb="${SIZE_MB:-100}"
rounds="${ROUNDS:-3}"

cargo build --release --quiet -p formgate-cli
cargo build --release --quiet -p formgate-bench --example dump_inputs --example lines_baseline

dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
target/release/examples/dump_inputs "$dir" >/dev/null
form="$dir/$body.form.json"
python3 - "$dir/$body.body.json" "$dir/lines.jsonl" "$size_mb" <<'PY'
import json, sys
body = json.dumps(json.load(open(sys.argv[1])), separators=(",", ":"))
assert body.endswith("}")
broken = body[:-1] + ',"zz":1,"zz":2}'
target = int(sys.argv[3]) * 10**6
with open(sys.argv[2], "w") as out:
    n = 0
    written = 0
    while written < target:
        line = (broken if n % 10 == 9 else body) + "\n"
        out.write(line)
        written += len(line)
        n += 1
PY
bytes=$(stat -c %s "$dir/lines.jsonl")
echo "file: $bytes bytes of $body bodies, one per line"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
rate() { # seconds -> MB/s
    awk -v b="$bytes" -v s="$1" 'BEGIN {printf "%.1f", b / s / 1e6}'
}
timed() { # command... -> seconds
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN {print b - a}'
}

base=$(target/release/examples/lines_baseline "$form" "$dir/lines.jsonl" "$rounds" 2>/dev/null | awk '{print $2}')
echo "Form::verify, in memory, one thread: $base MB/s"
for jobs in 1 2; do
    times=$(for _ in $(seq "$rounds"); do
        timed target/release/formgate verify "$form" --lines "$dir/lines.jsonl" --jobs "$jobs"
    done | median)
    r=$(rate "$times")
    ratio=$(awk -v r="$r" -v b="$base" -v j="$jobs" 'BEGIN {printf "%.2f", r / b / j}')
    echo "formgate verify --lines --jobs $jobs: $r MB/s ($ratio x the baseline per job)"
done
