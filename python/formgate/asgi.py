"""ASGI middleware: request bodies are verified against a form before the app sees them.

Plain ASGI, so it needs neither Starlette nor FastAPI and works with both::

    from fastapi import FastAPI
    import formgate
    from formgate.asgi import FormGate

    form = formgate.Form(open("act.form.json", "rb").read())
    app = FastAPI()
    app.add_middleware(FormGate, forms={"/act": form})   # a GPT address: 204 on reject

For each HTTP request whose method is gated (``POST``, ``PUT``, ``PATCH`` by default)
and whose path is a key of ``forms``, the middleware reads the body, at most
``form.max_bytes`` bytes of it (a longer body is rejected without reading the rest),
verifies it, and only then calls the application, handing it the same bytes. A body
the form does not admit never reaches the application; it is answered, per ``mode``:

- ``"gpt"`` (the default, for GPT addresses): ``204 No Content``, no body, no reason,
  as the protocol asks. The reason is logged (logger ``formgate``, level INFO).
- ``"problem"`` (for APIs): an RFC 9457 ``application/problem+json`` answer with the
  rejection's kind, offset and pointers: ``413`` for a body over ``max_bytes``,
  ``400`` for one that is not strict JSON (or nests deeper than ``max_depth``), ``422``
  for strict JSON the form does not admit.

Other requests (other paths, other methods, websockets, lifespan) pass through
untouched. A client that disconnects while sending never reaches the application.
Paths match ``scope["path"]`` exactly.
"""

from __future__ import annotations

import json
import logging
from typing import Any, Awaitable, Callable, Dict, Iterable, List, Mapping, MutableMapping, Union

from ._errors import Rejection
from ._formgate import Form

__all__ = ["FormGate", "problem_details"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The logger that gets one line per rejected body (level INFO).
logger = logging.getLogger("formgate")

_MODES = ("gpt", "problem")
_TITLES = {
    413: "Content Too Large",
    400: "Bad Request",
    422: "Unprocessable Content",
}


class FormGate:
    """ASGI middleware verifying request bodies against forms (see the module docs).

    Args:
        app: the ASGI application behind the gate.
        forms: a mapping from path (``scope["path"]``, exact) to the form its bodies
            must conform to; or one form for every path.
        methods: the HTTP methods whose bodies are verified.
        mode: ``"gpt"`` answers a rejected body ``204`` with no body; ``"problem"``
            answers ``413``, ``400`` or ``422`` with ``application/problem+json``.
    """

    def __init__(
        self,
        app: ASGIApp,
        forms: Union[Form, Mapping[str, Form]],
        *,
        methods: Iterable[str] = ("POST", "PUT", "PATCH"),
        mode: str = "gpt",
    ) -> None:
        if mode not in _MODES:
            raise ValueError(f"mode must be one of {_MODES}, not {mode!r}")
        if isinstance(forms, Form):
            self._every_path: Union[Form, None] = forms
            self._forms: Dict[str, Form] = {}
        else:
            self._every_path = None
            self._forms = dict(forms)
            for path, form in self._forms.items():
                if not isinstance(form, Form):
                    raise TypeError(f"forms[{path!r}] is not a formgate.Form")
        self.app = app
        self.methods = frozenset(m.upper() for m in methods)
        self.mode = mode

    def _form(self, scope: Scope) -> Union[Form, None]:
        if scope.get("type") != "http" or scope.get("method") not in self.methods:
            return None
        if self._every_path is not None:
            return self._every_path
        return self._forms.get(scope.get("path", ""))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        form = self._form(scope)
        if form is None:
            await self.app(scope, receive, send)
            return
        limit = form.max_bytes
        chunks: List[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                # Stop reading: nothing past max_bytes is ever buffered.
                await self._reject(scope, send, _too_large(limit))
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        try:
            form.verify(body)
        except Rejection as rejection:
            await self._reject(scope, send, rejection)
            return

        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _reject(self, scope: Scope, send: Send, rejection: Rejection) -> None:
        logger.info(
            "formgate: rejected %s %s: %s",
            scope.get("method"),
            scope.get("path"),
            rejection,
            extra={"formgate_rejection": rejection},
        )
        if self.mode == "gpt":
            await send({"type": "http.response.start", "status": 204, "headers": []})
            await send({"type": "http.response.body", "body": b""})
            return
        status = {"too-large": 413, "malformed": 400}.get(rejection.kind, 422)
        problem = json.dumps(problem_details(rejection, status), ensure_ascii=False).encode("utf-8")
        headers = [
            (b"content-type", b"application/problem+json"),
            (b"content-length", str(len(problem)).encode("ascii")),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": problem})


def problem_details(rejection: Rejection, status: int) -> Dict[str, Any]:
    """The RFC 9457 problem object the ``"problem"`` mode answers for a rejection:
    ``type``, ``title``, ``status``, ``detail`` and the rejection's ``kind``,
    ``reason``, ``offset``, ``pointer``, ``form_pointer`` and ``applicator`` as
    extension members."""
    return {
        "type": "about:blank",
        "title": _TITLES.get(status, "Rejected"),
        "status": status,
        "detail": str(rejection),
        "kind": rejection.kind,
        "reason": rejection.reason,
        "offset": rejection.offset,
        "pointer": rejection.pointer,
        "form_pointer": rejection.form_pointer,
        "applicator": rejection.applicator,
    }


def _too_large(limit: int) -> Rejection:
    return Rejection(
        f"body exceeds max_bytes ({limit}) at byte {limit}, body \"\"",
        "too-large",
        limit,
        "",
        None,
        None,
        limit,
    )
