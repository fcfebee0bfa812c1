#!/usr/bin/env python3
"""Check the xgrammar claims of the decoder profile by hand.

    pip install --no-deps xgrammar==0.2.8 && pip install apache-tvm-ffi numpy pydantic
    python scripts/xgrammar_claims.py

xgrammar's package depends on torch and transformers, which CI does not install; its
grammar compiler and matcher need neither, so this script loads it with stand-ins for
those two modules (unless they are installed) and checks every xgrammar row of
tests/data/decoders/claims.json: a construct refused does not compile; for one not
enforced, the matcher accepts the witness (a string-level check: xgrammar's
`testing._is_grammar_accept_string`, the bytes of the witness through its matcher).
Exits 1 if a claim does not hold.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_xgrammar() -> types.ModuleType:
    """xgrammar, with stand-ins for torch and transformers when they are missing."""
    import tvm_ffi  # noqa: F401  (first, so that it does not see the stand-in torch)

    if importlib.util.find_spec("torch") is None:

        class Anything:
            def __init__(self, *args: object, **kwargs: object) -> None:
                pass

            def __getattr__(self, name: str) -> "Anything":
                return Anything()

            def __call__(self, *args: object, **kwargs: object) -> "Anything":
                return Anything()

        torch = types.ModuleType("torch")
        torch.__getattr__ = lambda name: Anything()  # type: ignore[attr-defined]
        torch.Tensor = type("Tensor", (), {})  # type: ignore[attr-defined]
        sys.modules["torch"] = torch
    if importlib.util.find_spec("transformers") is None:
        transformers = types.ModuleType("transformers")
        transformers.__getattr__ = lambda name: object  # type: ignore[attr-defined]
        sys.modules["transformers"] = transformers
    import xgrammar

    return xgrammar


def main() -> int:
    xgr = load_xgrammar()
    from xgrammar.testing import _is_grammar_accept_string

    table = json.loads((ROOT / "tests" / "data" / "decoders" / "claims.json").read_text("utf-8"))
    wrong = 0
    rows = table["engines"]["xgrammar"]["claims"]
    for row in rows:
        schema = json.dumps(row["schema"])
        try:
            grammar = xgr.Grammar.from_json_schema(schema)
        except Exception as e:  # xgrammar raises RuntimeError and others
            held = row["refuses"]
            why = f"refused: {str(e).splitlines()[0][:100]}"
        else:
            if row["refuses"]:
                held, why = False, "compiles"
            else:
                held = _is_grammar_accept_string(grammar, row["witness"])
                why = f"{'accepts' if held else 'blocks'} {row['witness']}"
        wrong += not held
        print(f"{'ok ' if held else 'NO '} {row['what']}: {why}")
    print(f"{len(rows) - wrong} of {len(rows)} xgrammar claims hold")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
