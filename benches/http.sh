#!/usr/bin/env bash
# The side-by-side HTTP bench: `formgate serve` (no upstream, so it answers itself)
# against an axum server that parses with serde_json and checks with the jsonschema
# crate (benches/examples/http_baseline.rs), both on loopback, both driven by the same
# load generator (benches/examples/http_load.rs).
#
# Bodies (benches/inputs.rs, written by the dump_inputs example): `small` (279 bytes)
# and `medium` (19 KB), each as admitted and as a rejected variant (`small` with a
# priority out of range in the middle, `medium` with an unknown style in its last
# span, so both servers read nearly all of it). Every answer's status is checked: 200
# for admitted bodies, 204 for rejected ones, from both servers.
#
# With two or more CPUs and `taskset`, the server runs on CPU 0 (both servers then run
# one worker thread) and the client on CPU 1. ROUNDS rounds, each measuring every
# server and body for RUN_SECONDS after a one-second warm-up; the table shows the
# median rate and p99 over the rounds. Takes about ROUNDS x 8 x (RUN_SECONDS + 2)
# seconds plus the release builds.
#
#     bash benches/http.sh                 # ROUNDS=3 RUN_SECONDS=10 CONNECTIONS=32
#     ROUNDS=1 RUN_SECONDS=2 bash benches/http.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

rounds="${ROUNDS:-3}"
seconds="${RUN_SECONDS:-10}"
connections="${CONNECTIONS:-32}"

cargo build --release --quiet -p formgate-cli
cargo build --release --quiet -p formgate-bench \
    --example http_baseline --example http_load --example dump_inputs

work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

"${CARGO_TARGET_DIR:-target}/release/examples/dump_inputs" "$work" >/dev/null
python3 - "$work" <<'PY'
import pathlib, re, sys
work = pathlib.Path(sys.argv[1])
small = (work / "small.body.json").read_bytes()
assert small.count(b'"priority":2') == 1
(work / "small-rejected.body.json").write_bytes(small.replace(b'"priority":2', b'"priority":9'))
medium = (work / "medium.body.json").read_bytes()
last = medium.rindex(b'"style":"')
end = medium.index(b'"', last + 9)
(work / "medium-rejected.body.json").write_bytes(medium[:last + 9] + b"blink" + medium[end:])
PY

# Where cargo puts the binaries.
bin="${CARGO_TARGET_DIR:-target}/release"

server_cpu=()
client_cpu=()
if command -v taskset >/dev/null && [[ "$(nproc)" -ge 2 ]]; then
    server_cpu=(taskset -c 0)
    client_cpu=(taskset -c 1)
fi

# start_server NAME FORM: starts it on a free port, sets server_pid and server_addr.
start_server() {
    local name="$1" form="$2" log="$work/server.log"
    : >"$log"
    case "$name" in
        formgate)
            ${server_cpu[@]+"${server_cpu[@]}"} "$bin/formgate" serve "$form" --addr 127.0.0.1:0 \
                --log-level off >"$log" 2>&1 &
            ;;
        baseline)
            ${server_cpu[@]+"${server_cpu[@]}"} "$bin/examples/http_baseline" "$form" 127.0.0.1:0 \
                >"$log" 2>&1 &
            ;;
    esac
    server_pid=$!
    server_addr=""
    for _ in $(seq 100); do
        server_addr="$(grep -oE '127\.0\.0\.1:[0-9]+' "$log" | head -n1 || true)"
        [[ -n "$server_addr" ]] && return
        sleep 0.1
    done
    echo "the $name server did not start:" >&2
    cat "$log" >&2
    exit 1
}

stop_server() {
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}

results="$work/results"
: >"$results"
for round in $(seq "$rounds"); do
    # Alternate which server goes first, so that neither always meets a cooler machine.
    servers="formgate baseline"
    if ((round % 2 == 0)); then
        servers="baseline formgate"
    fi
    for server in $servers; do
        for form in small medium; do
            start_server "$server" "$work/$form.form.json"
            for body in "$form" "$form-rejected"; do
                status=200
                [[ "$body" == *-rejected ]] && status=204
                ${client_cpu[@]+"${client_cpu[@]}"} "$bin/examples/http_load" "$server_addr" \
                    "$work/$body.body.json" "$status" 1 "$connections" >/dev/null
                line="$(${client_cpu[@]+"${client_cpu[@]}"} "$bin/examples/http_load" "$server_addr" \
                    "$work/$body.body.json" "$status" "$seconds" "$connections")"
                echo "round=$round server=$server body=$body $line" | tee -a "$results" >&2
            done
            stop_server
        done
    done
done

python3 - "$results" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    f = dict(kv.split("=", 1) for kv in line.split())
    runs.setdefault((f["body"], f["server"]), []).append(f)
def median(key, body, server):
    return statistics.median(float(r[key]) for r in runs[(body, server)])
print("| body | formgate acts/s | baseline acts/s | ratio | formgate p99 | baseline p99 |")
print("|---|---:|---:|---:|---:|---:|")
for body in ["small", "small-rejected", "medium", "medium-rejected"]:
    fr, br = median("rate", body, "formgate"), median("rate", body, "baseline")
    fp, bp = median("p99_ms", body, "formgate"), median("p99_ms", body, "baseline")
    print(f"| {body} | {fr:,.0f} | {br:,.0f} | {fr / br:.2f} | {fp:.2f} ms | {bp:.2f} ms |")
PY
