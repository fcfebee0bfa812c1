"""The decoder profiles checked against the engines, and the engines as honest actors.

1. Every claim of ``tests/data/decoders/claims.json`` for llguidance and outlines-core
   (the claims ``formgate audit --profile llguidance|outlines`` makes, which the
   crate's own test holds to the same table) against the engine itself: a construct
   the engine refuses does not compile there; for a construct it does not enforce, the
   engine's mask lets the claim's witness through and formgate refuses it. A ``oneOf``
   formgate proves disjoint compiles in llguidance once ``Form.rewrite`` wrote it
   ``anyOf``.
2. The honest actor: for the embedded tree and every form of the generator corpus
   (``tests/data/generators/``), each engine compiles the published form (and its
   rewrite) and writes bodies by random walks under its mask, each posted to the
   address through the ASGI gate (``204`` for a body refused); every body that is
   strict JSON and that an independent validator (the ``jsonschema`` package, with
   its format checks and the numeric formats as the ranges they mean) finds
   conforming must be admitted by the gate. How many forms each engine compiles,
   before and after the rewrite, is asserted (docs/DECODERS.md gives the figures).

The engines are optional here (a skip), required in CI (FORMGATE_REQUIRE_DECODERS=1).
"""

from __future__ import annotations

import decimal
import json
import os
import random
import re
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import formgate
from formgate.asgi import FormGate

from decoders import UNDECIDED, Engine, Refused, engines, sample, strict_json, unbounded_numbers

ROOT = Path(__file__).resolve().parents[2]
CLAIMS = json.loads((ROOT / "tests" / "data" / "decoders" / "claims.json").read_text("utf-8"))


def _engine(name: str) -> Engine:
    """The engine, or a skip when it is not installed (a failure under
    FORMGATE_REQUIRE_DECODERS=1, so CI never passes by skipping)."""
    if os.environ.get("FORMGATE_REQUIRE_DECODERS") == "1":
        return engines()[name]()
    try:
        return engines()[name]()
    except ImportError as e:
        pytest.skip(f"{name} is not installed: {e}")


@pytest.fixture(scope="module", params=["llguidance", "outlines"])
def engine(request: Any) -> Engine:
    return _engine(request.param)


def _rows() -> List[Tuple[str, Dict[str, Any]]]:
    return [
        (name, row)
        for name, e in CLAIMS["engines"].items()
        if e["checked"]
        for row in e["claims"]
    ]


@pytest.mark.parametrize(
    "name,row", _rows(), ids=[f"{n}: {r['what']}" for n, r in _rows()]
)
def test_claim_holds_in_the_engine(name: str, row: Dict[str, Any]) -> None:
    eng = _engine(name)
    schema = json.dumps(row["schema"])
    form = formgate.Form(schema)
    published = form.schema_json
    if row["refuses"]:
        with pytest.raises(Refused):
            eng.compile(published)
        if row["what"] == "oneOf formgate proves disjoint":
            rewritten, steps = form.rewrite()
            assert any(s["applied"] and s["rule"] == "one-of-to-any-of" for s in steps)
            eng.compile(rewritten.schema_json)
        return
    grammar = eng.compile(published)
    witness = row["witness"].encode("utf-8")
    assert eng.admits(grammar, witness), f"{name} does not write {row['witness']}"
    assert not form.is_valid(witness), f"formgate admits {row['witness']}"


def test_checked_engines_are_the_ones_installed() -> None:
    """The claims name the versions installed: a new version must be checked again."""
    from importlib.metadata import version

    for name, e in CLAIMS["engines"].items():
        if not e["checked"]:
            continue
        _engine(name)
        package, wanted = e["package"].split("==")
        assert version(package) == wanted, f"{package} {version(package)}, claims for {wanted}"


# ---------------------------------------------------------------------------
# The honest actor.

#: Numeric formats as the ranges they mean, for the independent validator.
_INT_RANGES = {
    f"{sign}{bits}": (lo, hi)
    for bits in (8, 16, 32, 64, 128)
    for sign, lo, hi in (
        ("int", -(2 ** (bits - 1)), 2 ** (bits - 1) - 1),
        ("uint", 0, 2**bits - 1),
    )
}
_INT_RANGES["int"] = _INT_RANGES["int64"]
_INT_RANGES["uint"] = _INT_RANGES["uint64"]
_FLOAT_LIMITS = {
    "float": Decimal(2) ** 128 - Decimal(2) ** 103,
    "double": Decimal(2) ** 1024 - Decimal(2) ** 970,
}


_ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
_LOCAL = re.compile(rf'{_ATEXT}+(?:\.{_ATEXT}+)*|"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"')
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def _hostname(host: str) -> bool:
    """RFC 1123 host names; an `xn--` label must be an IDNA A-label."""
    import idna

    if not host or len(host) > 253:
        return False
    for label in host.split("."):
        if not _LABEL.fullmatch(label):
            return False
        if label.lower().startswith("xn--"):
            try:
                idna.decode(label)
            except idna.IDNAError:
                return False
    return True


def _email(address: Any) -> bool:
    """RFC 5321 `Mailbox` with the size limits of its section 4.5.3.1: the `jsonschema`
    package only looks for an `@`, and formgate holds addresses to the RFC."""
    import ipaddress

    if not isinstance(address, str):
        return True
    local, at, domain = address.rpartition("@")
    if not at or not _LOCAL.fullmatch(local) or len(local.encode()) > 64:
        return False
    if len(address.encode()) > 254:
        return False
    if domain.startswith("[") and domain.endswith("]"):
        literal = domain[1:-1]
        try:
            if literal[:5].lower() == "ipv6:":
                return isinstance(ipaddress.ip_address(literal[5:]), ipaddress.IPv6Address)
            return isinstance(ipaddress.ip_address(literal), ipaddress.IPv4Address)
        except ValueError:
            return False
    return _hostname(domain)


def _ecma(pattern: str) -> "re.Pattern[str]":
    """A pattern as ECMA-262 reads `\\d`, `\\w` and `\\b`: ASCII (Python's `re` reads
    them as Unicode). A pattern with `\\s` keeps Python's Unicode `\\s`, as ECMA-262's."""
    flags = 0 if re.search(r"\\[sS]", pattern) else re.ASCII
    return re.compile(pattern, flags)


def _validator(schema: Dict[str, Any]) -> Any:
    """The jsonschema package's validator for the form's dialect, asserting formats,
    with patterns read as ECMA-262 reads them."""
    import jsonschema

    def pattern(validator: Any, patrn: str, instance: Any, schema: Any) -> Any:
        if validator.is_type(instance, "string") and not _ecma(patrn).search(instance):
            yield jsonschema.ValidationError(f"{instance!r} does not match {patrn!r}")

    def pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "object"):
            return
        for p, sub in patterns.items():
            for k, v in instance.items():
                if _ecma(p).search(k):
                    yield from validator.descend(v, sub, path=k, schema_path=p)

    def additional_properties(validator: Any, aP: Any, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "object"):
            return
        listed = schema.get("properties", {})
        patterns = [_ecma(p) for p in schema.get("patternProperties", {})]
        extras = [k for k in instance if k not in listed and not any(p.search(k) for p in patterns)]
        if validator.is_type(aP, "object"):
            for k in extras:
                yield from validator.descend(instance[k], aP, path=k)
        elif not aP and extras:
            yield jsonschema.ValidationError(f"unexpected members {extras!r}")

    base = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    cls = jsonschema.validators.extend(
        base,
        {
            "pattern": pattern,
            "patternProperties": pattern_properties,
            "additionalProperties": additional_properties,
        },
    )
    checker = cls.FORMAT_CHECKER
    for name, (lo, hi) in _INT_RANGES.items():
        checker.checks(name)(
            lambda x, lo=lo, hi=hi: not isinstance(x, (int, Decimal))
            or isinstance(x, bool)
            or (lo <= x <= hi and x == int(x))
        )
    checker.checks("email")(_email)
    for name, limit in _FLOAT_LIMITS.items():
        checker.checks(name)(
            lambda x, limit=limit: not isinstance(x, (int, Decimal))
            or isinstance(x, bool)
            or abs(Decimal(x)) < limit
        )
    return cls(schema, format_checker=checker)


async def _accept(scope: Any, receive: Any, send: Any) -> None:
    """The application behind the gate: it takes every act it is handed."""
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b'{"accepted":true}'})


def _post(gate: Any, body: bytes) -> int:
    """POST `body` to the address through the ASGI gate: the status it answers."""
    import asyncio

    sent: List[Dict[str, Any]] = []

    async def receive() -> Dict[str, Any]:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: Dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/",
        "headers": [(b"content-type", b"application/json")],
    }
    asyncio.run(gate(scope, receive, send))
    return next(m["status"] for m in sent if m["type"] == "http.response.start")


def _corpus() -> List[Tuple[str, str]]:
    forms = [("tree", (ROOT / "examples" / "tree.form.json").read_text("utf-8"))]
    for path in sorted((ROOT / "tests" / "data" / "generators").glob("*/*.json")):
        if not path.name.endswith(".cases.json"):
            forms.append((f"{path.parent.name}/{path.stem}", path.read_text("utf-8")))
    return forms


#: Walks per form and engine, and the longest body a walk may write.
WALKS = 5
MAX_LEN = 4000

#: How many of the 51 forms each engine compiles: published as they are, and
#: rewritten (docs/DECODERS.md).
COMPILED = {"llguidance": (40, 40), "outlines": (45, 45)}


def test_honest_actor_is_admitted(engine: Engine) -> None:
    import time

    started = time.monotonic()
    seed = 33
    compiled = [0, 0]
    wrote = admitted = refused = not_strict = nonconforming = undecided = 0
    wrong: List[str] = []
    for name, text in _corpus():
        original = formgate.Form(text)
        rewritten, _ = original.rewrite()
        for i, form in enumerate((original, rewritten)):
            seed += 1
            if i == 1 and form.schema_json == original.schema_json:
                # The rewrite changed nothing: the engine's answer is the same.
                compiled[1] += compiled_original
                continue
            compiled_original = 0
            try:
                bodies = sample(engine, form.schema_json, WALKS, seed, MAX_LEN)
            except Refused:
                continue
            compiled[i] += 1
            compiled_original = 1
            validator = _validator(json.loads(form.schema_json, parse_float=Decimal))
            gate = FormGate(_accept, forms={"/": form})
            for body in bodies:
                wrote += 1
                status = _post(gate, body)
                assert status in (200, 204), status
                verdict = status == 200
                assert verdict == form.is_valid(body)
                admitted += verdict
                strict, value = strict_json(body)
                if not strict:
                    not_strict += 1
                    if verdict:
                        wrong.append(f"{name}: admitted non-strict {body[:200]!r}: {value}")
                    continue
                if value is UNDECIDED:
                    undecided += 1
                    continue
                try:
                    with unbounded_numbers():
                        conforms = validator.is_valid(value)
                except decimal.DecimalException:
                    # A number beyond what `Decimal` decides exactly (`%` of a long
                    # exponent): the validator cannot say.
                    undecided += 1
                    continue
                if not conforms:
                    nonconforming += 1
                    continue
                if not verdict:
                    refused += 1
                    try:
                        form.verify(body)
                    except formgate.Rejection as e:
                        why = f"{e.kind} {e.reason} at {e.offset} {e.pointer!r} {e.form_pointer!r}"
                    wrong.append(f"{name}: refused conforming ({why}) {body[:300]!r}")
    print(
        f"{engine.name} ({time.monotonic() - started:.1f} s): compiles {compiled[0]} of 51 published forms, {compiled[1]} rewritten;"
        f" wrote {wrote}, admitted {admitted}, not strict {not_strict},"
        f" not conforming {nonconforming}, undecided {undecided}, conforming refused {refused}"
    )
    assert not wrong, "\n".join(wrong)
    assert tuple(compiled) == COMPILED[engine.name], (
        f"{engine.name} compiles {compiled} (published, rewritten); update COMPILED"
    )
