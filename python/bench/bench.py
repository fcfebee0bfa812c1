"""formgate against the usual Python stacks, side by side in one process.

- ``verify``: ``Form.verify(body)`` against jsonschema-rs,
  ``validator_for(schema, validate_formats=True).is_valid(orjson.loads(body))`` (formats
  asserted, as formgate asserts them), on the three bodies of the Rust benchmark
  (benches/inputs.rs): 279 bytes, 19 KB and 1 MB. ``orjson.loads`` alone is timed too,
  for scale.
- ``verify_into``: ``Form.verify_into(body)`` (dicts, exact ints and Decimals) against
  pydantic's ``TypeAdapter(Model).validate_json(body)`` on the small body, the model
  spelling the small form's constraints.

Each run times every contender on every body (ten interleaved batches of about 20 ms
each, per-call mean), and takes each ratio (baseline time / formgate time) within the
run; the table gives the median over the runs. Every verdict is checked before timing.

    pip install ./python jsonschema-rs orjson pydantic
    python python/bench/bench.py [--runs 5] [--inputs DIR]

Without ``--inputs`` the script writes the bodies with
``cargo run --release -p formgate-bench --example dump_inputs -- DIR`` (run from a clone).
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any, Callable, Dict, List, Literal, Tuple

import jsonschema_rs
import orjson
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter

import formgate

CASES = ("small", "medium", "large")
ROOT = Path(__file__).resolve().parents[2]


class Small(BaseModel):
    """The small form of benches/inputs.rs, as a pydantic model."""

    model_config = ConfigDict(extra="forbid")

    intent: Literal["reply", "forward", "archive", "schedule", "escalate"]
    subject: Annotated[str, StringConstraints(min_length=1, max_length=120)]
    priority: Annotated[int, Field(ge=1, le=5)]
    due: datetime.date
    recipients: Annotated[List[Annotated[str, StringConstraints(max_length=64)]], Field(min_length=1, max_length=8)]
    summary: Annotated[str, StringConstraints(max_length=400)]


def calibrate(fn: Callable[[bytes], Any], arg: bytes, target: float) -> int:
    """How many calls take about `target` seconds."""
    n = 1
    while True:
        started = time.perf_counter()
        for _ in range(n):
            fn(arg)
        elapsed = time.perf_counter() - started
        if elapsed >= target / 4:
            return max(1, int(n * target / elapsed))
        n *= 2


def per_call(contenders: Dict[str, Callable[[bytes], Any]], arg: bytes, rounds: int = 10) -> Dict[str, float]:
    """Mean seconds per call of each contender on `arg`, in `rounds` interleaved
    batches of about 20 ms each, so that a drift in the machine's speed touches all
    contenders alike rather than whichever was timed last."""
    counts = {name: calibrate(fn, arg, 0.02) for name, fn in contenders.items()}
    spent = dict.fromkeys(contenders, 0.0)
    for _ in range(rounds):
        for name, fn in contenders.items():
            n = counts[name]
            started = time.perf_counter()
            for _ in range(n):
                fn(arg)
            spent[name] += time.perf_counter() - started
    return {name: spent[name] / (rounds * counts[name]) for name in contenders}


def inputs(directory: Path) -> Dict[str, Tuple[bytes, bytes]]:
    out = {}
    for name in CASES:
        out[name] = (
            (directory / f"{name}.form.json").read_bytes(),
            (directory / f"{name}.body.json").read_bytes(),
        )
    return out


def dump_inputs(directory: Path) -> None:
    command = ["cargo", "run", "-q", "--release", "-p", "formgate-bench", "--example", "dump_inputs", "--"]
    subprocess.run([*command, str(directory)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def show(seconds: float) -> str:
    micros = seconds * 1e6
    return f"{micros:,.2f} µs" if micros < 1000 else f"{micros:,.0f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--inputs", type=Path, help="a directory written by the dump_inputs example")
    args = parser.parse_args()
    if args.inputs is None:
        scratch = tempfile.TemporaryDirectory()
        args.inputs = Path(scratch.name)
        dump_inputs(args.inputs)
    cases = inputs(args.inputs)

    contenders: Dict[str, Dict[str, Callable[[bytes], Any]]] = {}
    for name, (schema, body) in cases.items():
        form = formgate.Form(schema)
        validator = jsonschema_rs.validator_for(json.loads(schema), validate_formats=True)
        assert form.is_valid(body) and validator.is_valid(orjson.loads(body)), name
        contenders[name] = {
            "formgate": form.verify,
            "jsonschema_rs": lambda b, v=validator: v.is_valid(orjson.loads(b)),
            "orjson": orjson.loads,
        }
    small_form = formgate.Form(cases["small"][0])
    small_body = cases["small"][1]
    adapter = TypeAdapter(Small)
    assert small_form.verify_into(small_body) == json.loads(small_body)
    assert adapter.validate_json(small_body).subject == json.loads(small_body)["subject"]
    # The model is as strict as the form where it matters to the timing.
    bad = small_body.replace(b'"priority":2', b'"priority":9')
    assert bad != small_body and not small_form.is_valid(bad)
    try:
        adapter.validate_json(bad)
        raise AssertionError("the pydantic model admits priority 9")
    except ValueError:
        pass

    runs: List[Dict[str, float]] = []
    for run in range(args.runs):
        times: Dict[str, float] = {}
        for name in CASES:
            for who, seconds in per_call(contenders[name], cases[name][1]).items():
                times[f"{name}/{who}"] = seconds
        pair = {"verify_into": small_form.verify_into, "pydantic": adapter.validate_json}
        for who, seconds in per_call(pair, small_body).items():
            times[f"small/{who}"] = seconds
        runs.append(times)
        print(f"run {run + 1}: " + ", ".join(f"{k} {show(v)}" for k, v in times.items()), file=sys.stderr)

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    def ratio(baseline: str, ours: str) -> str:
        ratios = [r[baseline] / r[ours] for r in runs]
        return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})"

    print(f"Medians of {args.runs} runs; ratios are the baseline's time over formgate's, within each run.\n")
    print("| body | formgate `verify` | jsonschema-rs + orjson | × (range) | orjson.loads alone |")
    print("|---|---:|---:|---:|---:|")
    for name in CASES:
        size = len(cases[name][1])
        print(
            f"| {name} ({size:,} bytes) | {show(med(name + '/formgate'))} | "
            f"{show(med(name + '/jsonschema_rs'))} | {ratio(name + '/jsonschema_rs', name + '/formgate')} | "
            f"{show(med(name + '/orjson'))} |"
        )
    print()
    print("| body | formgate `verify_into` | pydantic `validate_json` | × (range) |")
    print("|---|---:|---:|---:|")
    print(
        f"| small ({len(small_body):,} bytes) | {show(med('small/verify_into'))} | "
        f"{show(med('small/pydantic'))} | {ratio('small/pydantic', 'small/verify_into')} |"
    )


if __name__ == "__main__":
    main()
