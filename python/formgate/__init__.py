"""formgate: a strict JSON parser and a compiled, fail-closed JSON Schema validator.

A *form* is the JSON Schema an endpoint publishes; a body must conform to it::

    import formgate
    form = formgate.Form(b'{"type":"object","properties":{"n":{"type":"integer"}}}')
    form.verify(b'{"n":1}')                   # None: admitted
    form.is_valid(b'{"n":1,"n":2}')           # False: a duplicate member name
    form.verify_into(b'{"n":12345678901234567890}')  # {'n': 12345678901234567890}

Every keyword of the schema is implemented exactly or ``Form`` raises ``FormError``
naming it; bodies are parsed strictly (RFC 8259, UTF-8 only, no duplicate names, nothing
after the value) and numbers are never rounded. ``formgate.asgi`` gates the request
bodies of an ASGI application (Starlette, FastAPI) before it sees them.
"""

from ._errors import FormError, Rejection
from ._formgate import DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, Form, __version__, check

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_DEPTH",
    "Form",
    "FormError",
    "Rejection",
    "__version__",
    "check",
]
