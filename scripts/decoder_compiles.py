#!/usr/bin/env python3
"""How many forms a decoding engine compiles, as published and after `Form.rewrite`,
and which it refuses only for their `oneOf`.

    python scripts/decoder_compiles.py [--engine llguidance|outlines] DIR...

Every `*.json` under each DIR that formgate compiles is published (`schema_json`),
compiled by the engine (in a process of its own, held to the memory and time of
python/tests/decoders.py), rewritten by formgate and compiled again. For llguidance a
form refused as published is *refused only for its oneOf* when llguidance compiles it
with `coerce_one_of` (every `oneOf` read as `anyOf`); of those, the form is *provable*
when the rewrite wrote every `oneOf` as `anyOf`, and then it must compile after the
rewrite (the script exits 1 if one does not).

Needs the formgate package and the engine installed (`pip install ./python
llguidance==1.9.1 outlines-core==0.2.14`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python" / "tests"))

import formgate  # noqa: E402
from decoders import Llguidance, Refused, engines, sample  # noqa: E402


def compiles(engine: object, schema_json: str) -> bool:
    try:
        sample(engine, schema_json, 0, 0, 0)  # type: ignore[arg-type]
    except Refused:
        return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", default="llguidance", choices=sorted(engines()))
    parser.add_argument("--list", action="store_true", help="print each oneOf-only form")
    parser.add_argument("dirs", nargs="+", type=Path)
    args = parser.parse_args()
    engine = engines()[args.engine]()
    coerced = Llguidance(coerce_one_of=True) if args.engine == "llguidance" else None

    files = sorted(p for d in args.dirs for p in d.rglob("*.json"))
    forms = before = after = one_of_only = provable = provable_compiled = 0
    failures = []
    for path in files:
        try:
            form = formgate.Form(path.read_bytes())
        except (formgate.FormError, ValueError):
            continue
        forms += 1
        rewritten, steps = form.rewrite()
        ok_before = compiles(engine, form.schema_json)
        ok_after = (
            ok_before
            if rewritten.schema_json == form.schema_json
            else compiles(engine, rewritten.schema_json)
        )
        before += ok_before
        after += ok_after
        if ok_before or coerced is None or '"oneOf"' not in form.schema_json:
            continue
        if not compiles(coerced, form.schema_json):
            continue
        one_of_only += 1
        kept = [s for s in steps if s["rule"] == "one-of-to-any-of" and not s["applied"]]
        if not kept:
            provable += 1
            provable_compiled += ok_after
            if not ok_after:
                failures.append(str(path))
        if args.list:
            state = "provable" if not kept else f"kept: {kept[0]['reason']}"
            print(f"{path}: {'compiles' if ok_after else 'refused'} after rewrite ({state})")
    print(f"{args.engine}: {forms} forms formgate compiles; the engine compiles {before} as published, {after} rewritten")
    if coerced is not None:
        print(
            f"refused only for oneOf: {one_of_only}; every oneOf proven disjoint: {provable},"
            f" of which {provable_compiled} compile after the rewrite"
        )
    for f in failures:
        print(f"provable but still refused: {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
