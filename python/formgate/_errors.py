"""The exceptions of formgate, raised by the native module and the middleware."""

from __future__ import annotations

from typing import Optional

__all__ = ["FormError", "Rejection"]


class FormError(ValueError):
    """A schema that does not compile into a form.

    formgate fails closed: every keyword is implemented exactly or the compile fails,
    naming the keyword and its JSON Pointer in the schema.

    Attributes:
        kind: what is wrong, a stable name: ``"malformed"`` (the schema is not
            strict JSON), ``"unknown-keyword"``, ``"invalid-value"``,
            ``"unsupported-format"``, ``"invalid-pattern"``, ``"remote-ref"``,
            ``"ref-not-found"``, ``"anchor-ref"``, ``"ref-cycle"``,
            ``"duplicate-identifier"``, ``"unsupported-dialect"``, ``"not-declarable"``,
            ``"unsupported-content"``, ``"content-schema-alone"``,
            ...
        keyword: the offending keyword, when one is at fault.
        pointer: the JSON Pointer of the keyword (or schema) in the form.
        offset: the byte offset of the keyword's name (or of the parse error) in the
            schema (or in the document ``resource``), when known.
        resource: the URI of the ``resources`` document the fault is in, where
            ``pointer`` and ``offset`` are; None for the schema itself.
        reason: more about the kind: the strictness rule for ``"malformed"``
            (``"duplicate-key"``), what was expected for ``"invalid-value"``, why a
            pattern is refused, the dialect for ``"ref-sibling"``.
    """

    kind: str
    keyword: Optional[str]
    pointer: str
    offset: Optional[int]
    reason: Optional[str]
    resource: Optional[str]

    def __init__(
        self,
        message: str,
        kind: str,
        keyword: Optional[str] = None,
        pointer: str = "",
        offset: Optional[int] = None,
        reason: Optional[str] = None,
        resource: Optional[str] = None,
    ) -> None:
        super().__init__(message, kind, keyword, pointer, offset, reason, resource)
        self.kind = kind
        self.keyword = keyword
        self.pointer = pointer
        self.offset = offset
        self.reason = reason
        self.resource = resource

    def __str__(self) -> str:
        return str(self.args[0])


class Rejection(ValueError):
    """A body that is not admitted: where and why, for logs only.

    A GPT address answers a rejection with ``204`` and no reason; nothing in here is
    meant for the actor.

    Attributes:
        kind: ``"too-large"`` (longer than ``max_bytes``; nothing was parsed),
            ``"malformed"`` (not strict JSON, or nested deeper than ``max_depth``),
            ``"not-admitted"`` (strict JSON the form does not admit), or
            ``"unrepresentable"`` (admitted, but a number Python cannot hold as asked,
            from ``verify_into``).
        offset: the byte offset at which the verdict became certain.
        pointer: the JSON Pointer of the offending value in the body (``""`` is the
            whole body).
        form_pointer: the JSON Pointer, in the form, of the keyword that decided
            (for ``"not-admitted"``), else None.
        reason: the keyword that decided for ``"not-admitted"`` (``"maxLength"``,
            ``"additionalProperties"``, ``"false"`` for the schema ``false``); the
            strictness rule for ``"malformed"`` (``"duplicate-key"``,
            ``"trailing-bytes"``, ``"too-deep"``, ...); else None.
        limit: the limit in force for ``"too-large"`` and for ``"too-deep"``.
        detail: what did not fit, for ``"unrepresentable"``.
        applicator: for a failure under ``anyOf`` or ``oneOf``, the JSON Pointer, in
            the form, of the innermost such applicator whose branches all failed (the
            last of them as ``form_pointer`` says), else None.
    """

    kind: str
    offset: int
    pointer: str
    form_pointer: Optional[str]
    reason: Optional[str]
    limit: Optional[int]
    detail: Optional[str]
    applicator: Optional[str]

    def __init__(
        self,
        message: str,
        kind: str,
        offset: int,
        pointer: str = "",
        form_pointer: Optional[str] = None,
        reason: Optional[str] = None,
        limit: Optional[int] = None,
        detail: Optional[str] = None,
        applicator: Optional[str] = None,
    ) -> None:
        super().__init__(
            message, kind, offset, pointer, form_pointer, reason, limit, detail, applicator
        )
        self.kind = kind
        self.offset = offset
        self.pointer = pointer
        self.form_pointer = form_pointer
        self.reason = reason
        self.limit = limit
        self.detail = detail
        self.applicator = applicator

    def __str__(self) -> str:
        return str(self.args[0])
