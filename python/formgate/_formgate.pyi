"""Type stubs of formgate's native module (re-exported by ``formgate``)."""

import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from ._errors import Rejection

__version__: str

DEFAULT_MAX_BYTES: int
"""The default ``max_bytes`` of a form and of ``check``: 1 MiB (1,048,576)."""

DEFAULT_MAX_DEPTH: int
"""The default ``max_depth`` of a form and of ``check``: 128 nested containers."""

Body = Union[bytes, bytearray]
Message = Union[Mapping[str, str], Tuple[str, str]]

class Form:
    """A compiled form: verifies request bodies and publishes itself.

    ``Form(schema)`` compiles a JSON Schema, itself parsed as strict JSON. Every keyword
    is implemented exactly or the compile fails with ``FormError`` naming the keyword
    and its JSON Pointer: unknown keywords, other formats, remote ``$ref``\\ s, regex
    features that cannot be matched exactly in linear time.

    A form is immutable: one instance may be shared by every thread of a server, and
    bodies of 4 KiB or more are verified with the interpreter lock released, so
    threads verify them in parallel.

    Args:
        schema: the JSON Schema, as bytes or str.
        max_bytes: the largest body admitted, in bytes (default 1 MiB). A longer body
            is rejected (``"too-large"``) before any byte is parsed.
        max_depth: the deepest nesting of containers admitted (default 128;
            ``[[1]]`` has depth 2).
        default_dialect: the dialect of a schema without ``$schema``: ``"draft4"``,
            ``"draft6"``, ``"draft7"``, ``"2019-09"`` or ``"2020-12"`` (the default),
            or a metaschema URI. A schema's own ``$schema`` wins.
        annotations: extension keywords (``"x-order"``, ``"example"``) to keep
            verbatim in the published form; they never decide a verdict. Without a
            declaration an unknown keyword fails the compile.
        resources: other documents a ``$ref`` may name, ``{uri: schema}`` (bytes or
            str), never fetched. The documents the form reaches are bundled into its
            ``$defs``, so ``schema_json`` holds all that is enforced; a ``$ref`` to a
            URI neither here nor in the form raises FormError ``"remote-ref"``.
        format_patterns: formats of the owner's, ``{name: pattern}``: a string is of
            the format when the ECMA-262 ``pattern`` matches all of it, in linear time
            like ``pattern``. The published form keeps ``format`` as written; a format
            nobody defined still raises FormError ``"unsupported-format"``, and a bad
            definition ``"format-definition"``.

    Raises:
        FormError: the schema does not compile.
        TypeError, ValueError: an argument of the wrong type or range.
    """

    def __init__(
        self,
        schema: Union[bytes, str],
        *,
        max_bytes: Optional[int] = None,
        max_depth: Optional[int] = None,
        default_dialect: Optional[str] = None,
        annotations: Optional[Iterable[str]] = (),
        resources: Optional[Mapping[str, Union[bytes, str]]] = None,
        format_patterns: Optional[Mapping[str, str]] = None,
    ) -> None: ...
    def verify(self, body: Body) -> None:
        """Verify a body: strict parse and validation in one pass, no tree built.

        Returns None if the form admits the body.

        Raises:
            Rejection: the body is too large, not strict JSON, or not admitted; the
                exception names the kind, the byte offset and the JSON Pointers in
                the body and in the form.
            TypeError: ``body`` is not bytes or bytearray.
        """
    def verify_lines(
        self, source: Union[bytes, bytearray, str, "os.PathLike[str]"]
    ) -> List[Optional[Rejection]]:
        """Verify every line of a JSON Lines source as a body of its own.

        Returns, for each line in order, None if the form admits it, else its
        ``Rejection`` (returned, not raised). ``source`` is the lines themselves
        (bytes or bytearray) or the path of a file, read as it is verified. A line
        ends at ``\\n`` (a ``\\r`` before it is whitespace); each is held to the form's
        limits, so a line over ``max_bytes`` is ``too-large``; a blank line is the
        empty body, and rejected. The interpreter lock is released for the whole run.

        Raises:
            OSError: the file cannot be read.
            TypeError: ``source`` is none of these types.
        """
    def is_valid(self, body: Body) -> bool:
        """Whether the form admits the body: ``verify``'s verdict, without a reason
        (and without the cost of an exception)."""
    def verify_into(self, body: Body, *, floats: bool = False) -> Any:
        """Verify a body, then return its value as Python objects.

        The verdict is ``verify``'s; only an admitted body is read again, strictly, to
        build the objects, so no value is ever returned for a body ``verify`` rejects.

        Objects become dicts (in document order), arrays lists, strings str,
        ``true``/``false``/``null`` True/False/None. A number written as an integer
        (no fraction, no exponent) becomes an ``int`` of any size the interpreter
        converts (``sys.get_int_max_str_digits()``); every other number becomes the
        ``decimal.Decimal`` of exactly what was written (``1.0`` gives
        ``Decimal('1.0')``, equal to 1), or with ``floats=True`` the nearest float.

        Raises:
            Rejection: as ``verify``; or ``"unrepresentable"`` for an admitted
                number Python cannot hold as asked (an integer longer than the
                interpreter's digit limit, a float out of range with
                ``floats=True``), naming its offset and pointer.
        """
    @property
    def schema_json(self) -> str:
        """The published form ``s``: compact JSON rendered from the compiled form,
        in the author's dialect and member order."""
    @property
    def max_bytes(self) -> int:
        """The largest body admitted, in bytes."""
    @property
    def max_depth(self) -> int:
        """The deepest nesting of containers admitted in a body."""
    @property
    def dialect(self) -> str:
        """The form's dialect: ``"draft4"``, ``"draft6"``, ``"draft7"``,
        ``"2019-09"`` or ``"2020-12"``."""
    def publish(self, prompt: str, messages: Optional[Iterable[Message]] = ()) -> Tuple[bytes, str]:
        """The GET body of a GPT address and its entity tag.

        Returns ``(body, etag)``: compact JSON ``{"p": prompt, "m": messages, "s":
        form}`` (``s`` is ``schema_json`` byte for byte, so what is published is what
        is enforced) and a strong ETag, quoted as HTTP wants it (``"fg-..."``).

        Args:
            prompt: the instruction for the actor.
            messages: prior messages, each ``{"role": ..., "content": ...}`` (exactly
                those two str members) or a ``(role, content)`` tuple.

        Raises:
            ValueError, TypeError: a malformed message, naming its index.
        """
    def audit(self, profile: str = "portable") -> Dict[str, Any]:
        """Audit the form: what it admits, and what a decoder refuses or does not enforce.

        Returns the audit as ``formgate audit --format json`` prints it: ``profile``,
        ``findings`` (each ``{"rule", "pointer", "message"}``), ``conditions``,
        ``max_depth``, ``max_size``, ``memory_per_byte``, ``memory_constant``.

        Args:
            profile: ``"portable"``, ``"openai"``, ``"anthropic"``, ``"llguidance"``,
                ``"xgrammar"`` or ``"outlines"``.

        Raises:
            ValueError: an unknown profile.
        """
    def rewrite(self) -> Tuple["Form", List[Dict[str, Any]]]:
        """The form spelled for decoders, admitting exactly the same values.

        Returns ``(form, steps)``: the rewritten form (same limits) and every step,
        ``{"rule", "pointer", "applied", "reason"}``, applied or kept with why
        (``oneOf`` as ``anyOf`` where the branches are proven disjoint, plain ``allOf``
        branches merged, single-use definitions inlined; docs/REWRITE.md).
        """

def check(body: Body, *, max_bytes: Optional[int] = None, max_depth: Optional[int] = None) -> None:
    """Check that a body is strict JSON, with no form: RFC 8259 exactly, UTF-8 only,
    no duplicate member names at any depth, nothing after the value but whitespace.

    Returns None for strict JSON within the limits (defaults 1 MiB, depth 128).

    Raises:
        Rejection: of kind ``"too-large"`` or ``"malformed"`` (the rule broken is in
            ``reason``), with the byte offset.
        TypeError: ``body`` is not bytes or bytearray.
    """
