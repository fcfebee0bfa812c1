"""Verdict parity with the Rust crate: the same case files its tests read.

- ``tests/data/verdicts.json``: forms, options, bodies and their verdicts (kind, reason,
  offset, pointers), also checked by ``tests/verdicts.rs``;
- ``tests/data/parse_errors.txt``: the strict-parse corpus of ``tests/parse_errors.rs``,
  through ``formgate.check``.

Every failure is collected before one assertion, so a run names all of them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import formgate


def _options(case: Dict[str, Any]) -> Dict[str, Any]:
    return dict(case.get("options", {}))


def _body(case: Dict[str, Any]) -> bytes:
    body = case["body"]
    return bytes(body) if isinstance(body, list) else body.encode("utf-8")


def _rejection(e: formgate.Rejection) -> Dict[str, Any]:
    seen: Dict[str, Any] = {"kind": e.kind, "offset": e.offset, "pointer": e.pointer}
    for name in ("form_pointer", "reason", "limit", "applicator"):
        if getattr(e, name) is not None:
            seen[name] = getattr(e, name)
    return seen


def _verdict(call: Any) -> Any:
    try:
        call()
    except formgate.Rejection as e:
        return _rejection(e)
    return "accept"


def _cases(repo_root: Path) -> List[Dict[str, Any]]:
    return json.loads((repo_root / "tests" / "data" / "verdicts.json").read_text("utf-8"))["cases"]


def test_verdict_cases_match_the_rust_crate(repo_root: Path) -> None:
    cases = _cases(repo_root)
    assert len(cases) >= 40, "the shared file was read"
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "case names are unique"
    failures: List[str] = []
    for case in cases:
        name = case["name"]
        try:
            form = formgate.Form(case["form"], **_options(case))
        except formgate.FormError as e:
            seen: Dict[str, Any] = {"kind": e.kind, "pointer": e.pointer}
            if e.keyword is not None:
                seen["keyword"] = e.keyword
            expected = case.get("form_error")
            if expected is None:
                failures.append(f"{name}: the form does not compile: {e}")
            elif {k: seen.get(k) if k != "reason" else e.reason for k in expected} != expected:
                failures.append(f"{name}: form error {seen} (reason {e.reason!r}), expected {expected}")
            continue
        if "form_error" in case:
            failures.append(f"{name}: the form compiled, expected {case['form_error']}")
            continue
        body = _body(case)
        expected = case["verdict"]
        for via, call in (
            ("verify", lambda: form.verify(body)),
            ("verify_into", lambda: form.verify_into(body)),
            ("verify(bytearray)", lambda: form.verify(bytearray(body))),
        ):
            seen_verdict = _verdict(call)
            if seen_verdict != expected:
                failures.append(f"{name}: {via} gives {seen_verdict}, expected {expected}")
        if form.is_valid(body) != (expected == "accept"):
            failures.append(f"{name}: is_valid disagrees with {expected}")
    assert not failures, "\n".join(failures)


# tests/parse_errors.rs's corpus: `<name> <expect> <offset> <limits> <input>`.
_HEX = re.compile(rb"\\x([0-9A-Fa-f]{2})")
_KIND = re.compile(r"(?<!^)(?=[A-Z])")


def _decode(text: str) -> bytes:
    return _HEX.sub(lambda m: bytes([int(m.group(1), 16)]), text.encode("utf-8"))


def _limits(text: str) -> Dict[str, int]:
    if text == "-":
        return {}
    names = {"bytes": "max_bytes", "depth": "max_depth"}
    out = {}
    for part in text.split(","):
        key, value = part.split("=")
        out[names[key]] = int(value)
    return out


def _corpus(repo_root: Path) -> List[Tuple[str, str, str, str, bytes]]:
    """The corpus's cases: name, expect, offset, limits and the input's bytes."""
    text = (repo_root / "tests" / "data" / "parse_errors.txt").read_text("utf-8")
    cases = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split(None, 4)
        body = _decode(fields[4].rstrip()) if len(fields) == 5 else b""
        cases.append((fields[0], fields[1], fields[2], fields[3], body))
    return cases


def _kind_name(variant: str) -> str:
    """``DuplicateKey`` → ``duplicate-key``, as formgate's Python names strictness rules."""
    name = _KIND.sub("-", variant).lower()
    return {"invalid-utf8": "invalid-utf8"}.get(name, name)


def test_strict_parse_corpus_matches_the_rust_crate(repo_root: Path) -> None:
    failures: List[str] = []
    run = 0
    for name, expect, offset, limits, body in _corpus(repo_root):
        run += 1
        seen: Optional[Any]
        try:
            formgate.check(body, **_limits(limits))
            seen = "ok"
        except formgate.Rejection as e:
            seen = (e.kind if e.kind == "too-large" else e.reason, e.offset)
        if expect == "ok":
            wanted: Any = "ok"
        else:
            wanted = (_kind_name(expect), int(offset))
        if seen != wanted:
            failures.append(f"{name}: check gives {seen}, expected {wanted}")
    assert run > 100, f"the corpus was read ({run} cases)"
    assert not failures, "\n".join(failures)


def test_verify_into_equals_the_standard_library_on_strict_json(repo_root: Path) -> None:
    """Every body of the strict-parse corpus that formgate accepts gives, through
    verify_into, what json.loads gives with exact numbers (ints, and Decimals for
    numbers with a fraction or an exponent); every body it rejects is rejected by
    verify, verify_into and is_valid alike."""
    from decimal import Decimal, InvalidOperation

    form = formgate.Form(b"true", max_bytes=1 << 20, max_depth=1000)
    failures: List[str] = []
    accepted = 0
    for name, _, _, limits, body in _corpus(repo_root):
        if limits != "-":
            continue
        try:
            formgate.check(body, max_depth=1000)
            strict = True
        except formgate.Rejection:
            strict = False
        if form.is_valid(body) != strict:
            failures.append(f"{name}: is_valid {not strict}, check {strict}")
            continue
        if not strict:
            with pytest.raises(formgate.Rejection):
                form.verify_into(body)
            continue
        accepted += 1
        try:
            expected = json.loads(body.decode("utf-8"), parse_float=Decimal, parse_int=int)
        except InvalidOperation:  # an exponent beyond what Decimal holds
            with pytest.raises(formgate.Rejection) as info:
                form.verify_into(body)
            if info.value.kind != "unrepresentable":
                failures.append(f"{name}: {info.value}, expected unrepresentable")
            continue
        got = form.verify_into(body)
        if got != expected or type(got) is not type(expected):
            failures.append(f"{name}: verify_into gives {got!r}, json.loads {expected!r}")
    assert accepted > 20, f"the corpus has accepted bodies ({accepted})"
    assert not failures, "\n".join(failures)
