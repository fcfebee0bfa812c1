"""The Python API of formgate.Form, formgate.check and the exceptions."""

from __future__ import annotations

import pickle
import sys
from decimal import Decimal

import pytest

import formgate

NOTE = b"""{
  "type": "object",
  "properties": {
    "role": {"enum": ["user", "admin"]},
    "note": {"type": "string", "maxLength": 80},
    "n": {"type": "number"}
  },
  "required": ["role"],
  "additionalProperties": false
}"""


@pytest.fixture(scope="module")
def form() -> formgate.Form:
    return formgate.Form(NOTE)


def test_accepts_admitted_body(form: formgate.Form) -> None:
    assert form.verify(b'{"role":"user","note":"hi"}') is None
    assert form.is_valid(b'{"role":"user","note":"hi"}')
    assert form.verify(bytearray(b'{"role":"admin"}')) is None


def test_rejects_duplicate_member_name(form: formgate.Form) -> None:
    body = b'{"role":"admin","role":"user"}'
    assert not form.is_valid(body)
    with pytest.raises(formgate.Rejection) as info:
        form.verify(body)
    e = info.value
    assert (e.kind, e.reason, e.offset, e.pointer, e.form_pointer) == (
        "malformed",
        "duplicate-key",
        16,
        "",
        None,
    )
    assert isinstance(e, ValueError)


def test_rejection_names_keyword_and_pointers(form: formgate.Form) -> None:
    with pytest.raises(formgate.Rejection) as info:
        form.verify(b'{"role":"user","extra":1}')
    e = info.value
    assert (e.kind, e.reason, e.offset, e.pointer, e.form_pointer) == (
        "not-admitted",
        "additionalProperties",
        15,
        "/extra",
        "/additionalProperties",
    )
    assert "additionalProperties" in str(e)


def test_rejection_survives_pickling(form: formgate.Form) -> None:
    with pytest.raises(formgate.Rejection) as info:
        form.verify(b'{"role":"root"}')
    copy = pickle.loads(pickle.dumps(info.value))
    assert (copy.kind, copy.offset, copy.pointer, copy.form_pointer, str(copy)) == (
        info.value.kind,
        info.value.offset,
        info.value.pointer,
        info.value.form_pointer,
        str(info.value),
    )


def test_rejects_body_over_max_bytes_before_parsing() -> None:
    form = formgate.Form(b"{}", max_bytes=8)
    assert form.max_bytes == 8
    assert form.is_valid(b'{"a":12}')  # exactly 8 bytes
    with pytest.raises(formgate.Rejection) as info:
        form.verify(b'{"a":1234')  # 9 bytes, and not even JSON: size comes first
    assert (info.value.kind, info.value.offset, info.value.limit) == ("too-large", 8, 8)


def test_depth_limit_on_both_sides() -> None:
    form = formgate.Form(b"true", max_depth=3)
    assert form.max_depth == 3
    assert form.is_valid(b"[[[1]]]")
    with pytest.raises(formgate.Rejection) as info:
        form.verify(b"[[[[1]]]]")
    assert (info.value.kind, info.value.reason, info.value.offset, info.value.limit) == (
        "malformed",
        "too-deep",
        3,
        3,
    )


def test_body_must_be_bytes(form: formgate.Form) -> None:
    for method in (form.verify, form.is_valid, form.verify_into, formgate.check):
        with pytest.raises(TypeError, match="bytes"):
            method('{"role":"user"}')  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            method(None)  # type: ignore[arg-type]


def test_verify_into_builds_python_values(form: formgate.Form) -> None:
    value = form.verify_into(b'{"role":"user","note":"caf\\u00e9 \\"x\\"","n":-0}')
    assert value == {"role": "user", "note": 'café "x"', "n": 0}
    assert list(value) == ["role", "note", "n"]
    nested = formgate.Form(b"true").verify_into(b'[null,true,false,[],{},{"a":[{"b":"c"}]}]')
    assert nested == [None, True, False, [], {}, {"a": [{"b": "c"}]}]


def test_verify_into_keeps_numbers_exact() -> None:
    form = formgate.Form(b'{"type":"array"}')
    big = "123456789012345678901234567890123456789"
    value = form.verify_into(f"[1,-7,{big},0.1,1.0,1e2,-0.0,1e400]".encode())
    assert value[:3] == [1, -7, int(big)]
    assert all(type(v) is int for v in value[:3])
    assert value[3:] == [Decimal("0.1"), Decimal("1.0"), Decimal("1e2"), Decimal("-0.0"), Decimal("1e400")]
    assert all(type(v) is Decimal for v in value[3:])
    assert str(value[3]) == "0.1" and str(value[6]) == "-0.0"


def test_verify_into_floats_on_request() -> None:
    form = formgate.Form(b'{"type":"array"}')
    assert form.verify_into(b"[1,0.1,1e2,1e-400]", floats=True) == [1, 0.1, 100.0, 0.0]
    assert type(form.verify_into(b"[1]", floats=True)[0]) is int
    with pytest.raises(formgate.Rejection) as info:
        form.verify_into(b'[1,{"a/b":[2,1e400]}]', floats=True)
    e = info.value
    assert (e.kind, e.offset, e.pointer) == ("unrepresentable", 13, "/1/a~1b/1")
    assert "1e400" in (e.detail or "")


def test_integer_beyond_the_interpreters_digit_limit_is_unrepresentable() -> None:
    if not hasattr(sys, "get_int_max_str_digits") or sys.get_int_max_str_digits() == 0:
        pytest.skip("this interpreter converts integers of any length")
    digits = sys.get_int_max_str_digits() + 1
    form = formgate.Form(b'{"type":"integer"}')
    body = b"9" * digits
    form.verify(body)  # admitted: exact numbers have no size limit
    with pytest.raises(formgate.Rejection) as info:
        form.verify_into(body)
    assert (info.value.kind, info.value.offset, info.value.pointer) == ("unrepresentable", 0, "")


def test_verify_into_rejects_as_verify(form: formgate.Form) -> None:
    with pytest.raises(formgate.Rejection) as info:
        form.verify_into(b'{"role":"user","note":1}')
    assert (info.value.kind, info.value.reason, info.value.pointer) == ("not-admitted", "type", "/note")


def test_verify_into_deep_body_does_not_recurse() -> None:
    depth = 100_000
    form = formgate.Form(b"true", max_depth=depth, max_bytes=4 * depth)
    value = form.verify_into(b"[" * depth + b"]" * depth)
    for _ in range(depth - 1):
        assert value == [value[0]]
        value = value[0]
    assert value == []


def test_form_error_names_keyword_and_pointer() -> None:
    with pytest.raises(formgate.FormError) as info:
        formgate.Form(b'{"properties":{"a":{"type":"string","format":"color"}}}')
    e = info.value
    assert (e.kind, e.keyword, e.pointer) == ("unsupported-format", "format", "/properties/a/format")
    assert e.offset is not None and e.offset > 0
    assert isinstance(e, ValueError)
    copy = pickle.loads(pickle.dumps(e))
    assert (copy.kind, copy.keyword, copy.pointer, str(copy)) == (e.kind, e.keyword, e.pointer, str(e))


def test_form_error_for_a_schema_that_is_not_strict_json() -> None:
    with pytest.raises(formgate.FormError) as info:
        formgate.Form('{"type":"string",}')
    assert (info.value.kind, info.value.reason, info.value.offset) == ("malformed", "trailing-comma", 17)


def test_schema_as_str_and_schema_json() -> None:
    form = formgate.Form('{ "type": "string", "maxLength": 3 }')
    assert form.schema_json == '{"type":"string","maxLength":3}'
    assert form.dialect == "2020-12"
    assert "2020-12" in repr(form)


def test_default_dialect() -> None:
    schema = b'{"items":[{"type":"string"}],"additionalItems":false}'
    with pytest.raises(formgate.FormError):
        formgate.Form(schema)
    for name in ("draft7", "http://json-schema.org/draft-07/schema#"):
        form = formgate.Form(schema, default_dialect=name)
        assert form.dialect == "draft7"
        assert form.is_valid(b'["a"]') and not form.is_valid(b'["a",1]')
    with pytest.raises(ValueError, match="draft4"):
        formgate.Form(schema, default_dialect="draft-99")


def test_annotations() -> None:
    schema = b'{"type":"integer","x-order":{"after":"name"}}'
    with pytest.raises(formgate.FormError) as info:
        formgate.Form(schema)
    assert (info.value.kind, info.value.keyword) == ("unknown-keyword", "x-order")
    for names in (["x-order"], ("x-order",), {"x-order"}, iter(["x-order"])):
        form = formgate.Form(schema, annotations=names)
        assert form.schema_json == '{"type":"integer","x-order":{"after":"name"}}'
    with pytest.raises(TypeError):
        formgate.Form(schema, annotations="x-order")
    with pytest.raises(formgate.FormError) as info:
        formgate.Form(b"{}", annotations=["maxLength"])
    assert info.value.kind == "not-declarable"


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"max_bytes": -1}, ValueError),
        ({"max_bytes": 10**40}, ValueError),
        ({"max_depth": -5}, ValueError),
        ({"max_bytes": "10"}, TypeError),
        ({"max_bytes": True}, TypeError),
        ({"max_depth": 1.5}, TypeError),
    ],
)
def test_rejects_bad_limits(kwargs: dict, error: type) -> None:
    with pytest.raises(error):
        formgate.Form(b"{}", **kwargs)


def test_schema_must_be_bytes_or_str() -> None:
    with pytest.raises(TypeError):
        formgate.Form({"type": "string"})  # type: ignore[arg-type]


def test_publish() -> None:
    form = formgate.Form(b'{"type":"string","maxLength":80}')
    body, etag = form.publish("Leave a note.", [{"role": "user", "content": "hi"}, ("assistant", "ok")])
    assert body == (
        b'{"p":"Leave a note.","m":[{"role":"user","content":"hi"},'
        b'{"role":"assistant","content":"ok"}],"s":{"type":"string","maxLength":80}}'
    )
    assert etag.startswith('"fg-') and etag.endswith('"')
    assert form.publish("Leave a note.", [{"role": "user", "content": "hi"}, ("assistant", "ok")]) == (body, etag)
    empty, other = form.publish("Leave a note.")
    assert empty.endswith(b'"m":[],"s":{"type":"string","maxLength":80}}') and other != etag


@pytest.mark.parametrize(
    "messages",
    [
        [{"role": "user"}],
        [{"role": "user", "content": "x", "extra": "y"}],
        [{"role": "user", "content": 1}],
        [("user",)],
        ["user: hi"],
        "user: hi",
    ],
)
def test_publish_rejects_malformed_messages(messages: object) -> None:
    form = formgate.Form(b"{}")
    with pytest.raises((ValueError, TypeError)):
        form.publish("p", messages)  # type: ignore[arg-type]


def test_check_strict_json_alone() -> None:
    assert formgate.check(b'{"a":[1,2.5e3,"\\u00e9"]}') is None
    cases = [
        (b'{"a":1,"\\u0061":2}', "duplicate-key", 7),
        (b"[1,2] x", "trailing-bytes", 6),
        (b"NaN", "expected-value", 0),
        (b"\xef\xbb\xbf{}", "bom", 0),
        (b'"\xff"', "invalid-utf8", 1),
    ]
    for body, reason, offset in cases:
        with pytest.raises(formgate.Rejection) as info:
            formgate.check(body)
        assert (info.value.kind, info.value.reason, info.value.offset) == ("malformed", reason, offset), body
    with pytest.raises(formgate.Rejection) as info:
        formgate.check(b"[1]", max_bytes=2)
    assert info.value.kind == "too-large"
    with pytest.raises(formgate.Rejection) as info:
        formgate.check(b"[[1]]", max_depth=1)
    assert info.value.reason == "too-deep"


def test_module_constants() -> None:
    assert formgate.DEFAULT_MAX_BYTES == 1 << 20
    assert formgate.DEFAULT_MAX_DEPTH == 128
    assert formgate.Form(b"{}").max_bytes == formgate.DEFAULT_MAX_BYTES
    assert formgate.__version__


def test_verify_lines_gives_a_verdict_per_line(form: formgate.Form, tmp_path) -> None:
    lines = (
        b'{"role":"user"}\n'
        b'{"role":"admin","role":"user"}\n'
        b"\n"
        b'{"role":"admin"}\r\n'
        b'{"role":"guest"}'
    )
    expected = [None, "duplicate-key", "unexpected-end", None, "enum"]

    def reasons(verdicts):
        return [None if v is None else v.reason for v in verdicts]

    verdicts = form.verify_lines(lines)
    assert reasons(verdicts) == expected
    assert isinstance(verdicts[1], formgate.Rejection)
    assert verdicts[1].offset == 16
    assert reasons(form.verify_lines(bytearray(lines))) == expected
    path = tmp_path / "acts.jsonl"
    path.write_bytes(lines)
    assert reasons(form.verify_lines(path)) == expected
    assert reasons(form.verify_lines(str(path))) == expected
    assert form.verify_lines(b"") == []
    with pytest.raises(OSError):
        form.verify_lines(tmp_path / "missing.jsonl")
    with pytest.raises(TypeError):
        form.verify_lines(12)


def test_verify_lines_holds_each_line_to_the_limits() -> None:
    small = formgate.Form(NOTE, max_bytes=32)
    long = b'{"role":"user","note":"' + b"x" * 10_000 + b'"}'
    verdicts = small.verify_lines(long + b'\n{"role":"user"}\n')
    assert verdicts[0].kind == "too-large"
    assert verdicts[0].limit == 32
    assert verdicts[1] is None


def test_resources_are_reached_by_ref_and_bundled_into_the_published_form():
    money = "https://example.com/money.json"
    schema = (
        '{"type":"object","properties":{"price":{"$ref":"%s"},'
        '"code":{"$ref":"https://example.com/code.json"}}}' % money
    )
    form = formgate.Form(
        schema,
        resources={
            money: b'{"type":"integer","minimum":0}',
            "https://example.com/code.json": '{"type":"string","maxLength":2}',
        },
    )
    assert form.is_valid(b'{"price":3,"code":"ab"}')
    assert not form.is_valid(b'{"price":-1}')
    assert not form.is_valid(b'{"code":"abc"}')
    alone = formgate.Form(form.schema_json)
    assert alone.schema_json == form.schema_json
    assert not alone.is_valid(b'{"price":-1}')

    with pytest.raises(formgate.FormError) as info:
        formgate.Form(schema)
    assert info.value.kind == "remote-ref"
    assert money in str(info.value)
    assert info.value.resource is None

    with pytest.raises(formgate.FormError) as info:
        formgate.Form('{"$ref":"%s"}' % money, resources={money: '{"minimum":"0"}'})
    e = info.value
    assert (e.resource, e.pointer, e.keyword, e.offset) == (money, "/minimum", "minimum", 1)

    with pytest.raises(TypeError):
        formgate.Form("true", resources=[("a", "{}")])
    with pytest.raises(TypeError):
        formgate.Form("true", resources={money: 1})


def test_format_patterns_define_the_owners_formats():
    schema = '{"type":"object","properties":{"topic":{"type":"string","format":"topic"}}}'
    form = formgate.Form(schema, format_patterns={"topic": "[a-z]+(/[a-z]+)*"})
    assert form.is_valid(b'{"topic":"news/sport"}')
    assert not form.is_valid(b'{"topic":"news/"}')
    assert not form.is_valid(b'{"topic":"x news"}')  # the whole string
    assert form.is_valid(b'{"topic":1}') is False  # type still decides
    assert '"format":"topic"' in form.schema_json

    with pytest.raises(formgate.FormError) as info:
        formgate.Form(schema)
    assert info.value.kind == "unsupported-format"
    with pytest.raises(formgate.FormError) as info:
        formgate.Form(schema, format_patterns={"topic": "(a"})
    assert info.value.kind == "format-definition"
    with pytest.raises(formgate.FormError) as info:
        formgate.Form(schema, format_patterns={"email": ".+"})
    assert info.value.kind == "format-definition"
    with pytest.raises(TypeError):
        formgate.Form(schema, format_patterns={"topic": 1})
