"""formgate.asgi.FormGate: bodies verified before the application sees them.

The first tests drive the middleware with plain ASGI messages (no dependency); the
last ones go through Starlette's TestClient and FastAPI when they are installed
(FORMGATE_REQUIRE_EXTRAS=1, set by CI, makes their absence a failure).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import os
from typing import Any, Dict, List, Optional, Tuple

import pytest

import formgate
from formgate.asgi import FormGate

FORM = formgate.Form(
    b'{"type":"object","properties":{"n":{"type":"integer","maximum":5}},'
    b'"required":["n"],"additionalProperties":false}',
    max_bytes=64,
)


class App:
    """An ASGI application that records what reached it and answers 200."""

    def __init__(self) -> None:
        self.bodies: List[bytes] = []
        self.scopes: List[Dict[str, Any]] = []

    async def __call__(self, scope: Dict[str, Any], receive: Any, send: Any) -> None:
        self.scopes.append(scope)
        body = b""
        if scope["type"] == "http":
            while True:
                message = await receive()
                body += message.get("body", b"")
                if not message.get("more_body", False):
                    break
        self.bodies.append(body)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


def call(
    gate: FormGate, body: bytes, *, method: str = "POST", path: str = "/act", chunk: int = 0
) -> Tuple[int, Dict[bytes, bytes], bytes, int]:
    """Run one request through the gate; return status, headers, body and how many
    request messages the gate read."""
    pieces = [body[i : i + chunk] for i in range(0, len(body), chunk)] if chunk else [body]
    messages = [
        {"type": "http.request", "body": p, "more_body": i < len(pieces) - 1} for i, p in enumerate(pieces)
    ]
    read = 0
    sent: List[Dict[str, Any]] = []

    async def receive() -> Dict[str, Any]:
        nonlocal read
        if read < len(messages):
            read += 1
            return messages[read - 1]
        return {"type": "http.disconnect"}

    async def send(message: Dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": method, "path": path, "headers": []}
    asyncio.run(gate(scope, receive, send))
    start = sent[0]
    assert start["type"] == "http.response.start"
    payload = b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], dict(start.get("headers", [])), payload, read


def test_admitted_body_reaches_the_app_unchanged() -> None:
    app = App()
    gate = FormGate(app, {"/act": FORM})
    body = b'{ "n" : 3 }'
    assert call(gate, body)[:3] == (200, {}, b"ok")
    assert call(gate, body, chunk=2)[:3] == (200, {}, b"ok")
    assert app.bodies == [body, body]


def test_gpt_mode_answers_204_with_no_body() -> None:
    app = App()
    gate = FormGate(app, {"/act": FORM})
    for body in (b'{"n":6}', b'{"n":1,"n":2}', b'{"n":1} x', b"", b'{"m":1}'):
        status, headers, payload, _ = call(gate, body)
        assert (status, headers, payload) == (204, {}, b""), body
    assert app.bodies == []


def test_stops_reading_past_max_bytes() -> None:
    app = App()
    gate = FormGate(app, {"/act": FORM})
    body = b'{"n":1' + b" " * 200 + b"}"
    status, _, _, read = call(gate, body, chunk=16)
    assert status == 204
    assert read == 5  # 80 bytes read, then no more: the rest is never buffered
    assert app.bodies == []


def test_problem_mode_answers_problem_json() -> None:
    app = App()
    gate = FormGate(app, {"/act": FORM}, mode="problem")
    cases = [
        (b'{"n":6}', 422, "not-admitted", "maximum", 5, "/n", "/properties/n/maximum"),
        (b'{"n":1,"n":2}', 400, "malformed", "duplicate-key", 7, "", None),
        (b"x" * 65, 413, "too-large", None, 64, "", None),
    ]
    for body, status, kind, reason, offset, pointer, form_pointer in cases:
        got, headers, payload, _ = call(gate, body)
        assert got == status
        assert headers[b"content-type"] == b"application/problem+json"
        assert int(headers[b"content-length"]) == len(payload)
        problem = json.loads(payload)
        assert problem["status"] == status and problem["type"] == "about:blank"
        assert (problem["kind"], problem["reason"], problem["offset"]) == (kind, reason, offset)
        assert (problem["pointer"], problem["form_pointer"]) == (pointer, form_pointer)
        assert problem["detail"]
    assert app.bodies == []


def test_other_paths_methods_and_scopes_pass_through() -> None:
    app = App()
    gate = FormGate(app, {"/act": FORM})
    assert call(gate, b"not json", path="/other")[0] == 200
    assert call(gate, b"not json", method="GET")[0] == 200
    assert app.bodies == [b"not json", b"not json"]

    async def lifespan() -> None:
        async def receive() -> Dict[str, Any]:
            return {"type": "lifespan.startup"}

        async def send(message: Dict[str, Any]) -> None:
            pass

        await gate({"type": "lifespan"}, receive, send)

    asyncio.run(lifespan())
    assert app.scopes[-1]["type"] == "lifespan"


def test_one_form_for_every_path_and_chosen_methods() -> None:
    app = App()
    gate = FormGate(app, FORM, methods=["post", "DELETE"])
    assert call(gate, b"[]", path="/anything")[0] == 204
    assert call(gate, b"[]", method="DELETE")[0] == 204
    assert call(gate, b"[]", method="PUT")[0] == 200


def test_disconnect_before_the_body_ends_never_reaches_the_app() -> None:
    app = App()
    gate = FormGate(app, {"/act": FORM})
    sent: List[Dict[str, Any]] = []
    messages = [{"type": "http.request", "body": b'{"n":', "more_body": True}, {"type": "http.disconnect"}]

    async def receive() -> Dict[str, Any]:
        return messages.pop(0)

    async def send(message: Dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(gate({"type": "http", "method": "POST", "path": "/act"}, receive, send))
    assert app.bodies == [] and sent == []


def test_rejections_are_logged(caplog: pytest.LogCaptureFixture) -> None:
    gate = FormGate(App(), {"/act": FORM})
    with caplog.at_level("INFO", logger="formgate"):
        call(gate, b'{"n":6}')
    (record,) = caplog.records
    rejection = record.formgate_rejection  # type: ignore[attr-defined]
    assert (rejection.kind, rejection.offset) == ("not-admitted", 5)


def test_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        FormGate(App(), FORM, mode="quiet")
    with pytest.raises(TypeError):
        FormGate(App(), {"/act": b"{}"})  # type: ignore[dict-item]


def _require(module: str) -> Any:
    """The module, or a skip when it is not installed (a failure under
    FORMGATE_REQUIRE_EXTRAS=1, so CI never passes these tests by skipping them)."""
    if os.environ.get("FORMGATE_REQUIRE_EXTRAS") == "1":
        return importlib.import_module(module)
    try:
        return importlib.import_module(module)
    except (ImportError, RuntimeError) as e:  # starlette.testclient without an HTTP client
        pytest.skip(f"{module} is not usable here: {e}")


def test_starlette_test_client() -> None:
    _require("starlette.testclient")
    starlette_apps = _require("starlette.applications")
    responses = _require("starlette.responses")
    routing = _require("starlette.routing")
    middleware = _require("starlette.middleware")
    seen: List[Any] = []

    async def act(request: Any) -> Any:
        value = FORM.verify_into(await request.body())
        seen.append(value)
        return responses.JSONResponse({"accepted": True})

    app = starlette_apps.Starlette(
        routes=[routing.Route("/act", act, methods=["POST"])],
        middleware=[middleware.Middleware(FormGate, forms={"/act": FORM})],
    )
    from starlette.testclient import TestClient

    with TestClient(app) as client:
        ok = client.post("/act", content=b'{"n":2}')
        assert (ok.status_code, ok.json()) == (200, {"accepted": True})
        bad = client.post("/act", content=b'{"n":2,"n":2}')
        assert (bad.status_code, bad.content) == (204, b"")
        big = client.post("/act", content=b"[" + b"1," * 100 + b"1]")
        assert big.status_code == 204
    assert seen == [{"n": 2}]


def test_fastapi_example_app() -> None:
    _require("fastapi")
    _require("starlette.testclient")
    from pathlib import Path

    from starlette.testclient import TestClient

    path = Path(__file__).resolve().parents[1] / "examples" / "fastapi_app.py"
    spec = importlib.util.spec_from_file_location("fastapi_app", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    with TestClient(example.app) as client:
        got = client.get("/")
        assert got.status_code == 200
        assert got.headers["content-type"] == "application/json"
        etag: Optional[str] = got.headers.get("etag")
        assert etag and got.json()["s"] == json.loads(example.form.schema_json)
        assert client.get("/", headers={"If-None-Match": etag}).status_code == 304
        act = {"title": "Notes", "paragraphs": [[{"text": "Hello, "}, {"text": "world", "style": ["bold"]}]]}
        accepted = client.post("/", content=json.dumps(act).encode())
        assert accepted.status_code == 200 and accepted.json() == {"accepted": True, "paragraphs": 1}
        rejected = client.post("/", content=b'{"title":"x","paragraphs":[],"title":"y"}')
        assert (rejected.status_code, rejected.content) == (204, b"")
        problem = client.post("/api/notes", content=b'{"title":"x","paragraphs":[[1]]}')
        assert problem.status_code == 422
        assert problem.headers["content-type"] == "application/problem+json"
        assert problem.json()["pointer"] == "/paragraphs/0/0"
