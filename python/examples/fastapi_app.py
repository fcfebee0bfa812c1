"""A GPT address and an API endpoint in FastAPI, both gated by formgate.

    pip install ./python fastapi uvicorn
    uvicorn fastapi_app:app --app-dir python/examples

- ``GET /`` publishes the form: ``{"p": prompt, "m": [], "s": form}`` with a strong
  ETag (``If-None-Match`` gives ``304``).
- ``POST /`` is the address: the middleware answers ``204`` with no body to anything
  the form does not admit, so the handler only ever sees admitted acts.
- ``POST /api/notes`` takes the same form as an ordinary API: a rejected body gets
  ``400``/``413``/``422`` ``application/problem+json`` saying where and why.

In the handlers, ``form.verify_into`` turns the (already verified) body into Python
values without rounding numbers; verifying again costs about as much as parsing.
"""

from __future__ import annotations

from typing import Any, Dict

from fastapi import FastAPI, Request, Response

import formgate
from formgate.asgi import FormGate

#: Styled paragraphs: every string, array and object bounded, nothing else admitted.
SCHEMA = b"""{
  "title": "Styled text",
  "type": "object",
  "properties": {
    "title": {"type": "string", "minLength": 1, "maxLength": 120},
    "paragraphs": {
      "type": "array", "maxItems": 20,
      "items": {
        "type": "array", "minItems": 1, "maxItems": 40,
        "items": {
          "type": "object",
          "properties": {
            "text": {"type": "string", "minLength": 1, "maxLength": 2000},
            "style": {
              "type": "array", "maxItems": 3, "uniqueItems": true,
              "items": {"enum": ["bold", "italic", "code"]}
            }
          },
          "required": ["text"],
          "additionalProperties": false
        }
      }
    }
  },
  "required": ["title", "paragraphs"],
  "additionalProperties": false
}"""

form = formgate.Form(SCHEMA, max_bytes=64 * 1024, max_depth=8)
PUBLISHED, ETAG = form.publish("Write one short styled document as JSON that conforms to the form in `s`.")

app = FastAPI()
# Added last, so it runs first: the GPT address answers 204 to what it does not admit.
app.add_middleware(FormGate, forms={"/api/notes": form}, mode="problem")
app.add_middleware(FormGate, forms={"/": form})


@app.get("/")
def publish(request: Request) -> Response:
    """The GET body of the address, precomputed once, with its entity tag."""
    if request.headers.get("if-none-match") == ETAG:
        return Response(status_code=304, headers={"ETag": ETAG})
    return Response(PUBLISHED, media_type="application/json", headers={"ETag": ETAG})


@app.post("/")
async def act(request: Request) -> Dict[str, Any]:
    """An admitted act: act on it."""
    document = form.verify_into(await request.body())
    return {"accepted": True, "paragraphs": len(document["paragraphs"])}


@app.post("/api/notes")
async def notes(request: Request) -> Dict[str, Any]:
    """The same form as an API: only admitted bodies get here."""
    document = form.verify_into(await request.body())
    return {"accepted": True, "paragraphs": len(document["paragraphs"])}
