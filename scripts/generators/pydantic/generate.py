"""Write the pydantic part of formgate's generator corpus.

For each model below: `tests/data/generators/pydantic/<name>.json` is exactly what
`model_json_schema()` returns (written with `json.dumps(indent=2)`), and
`<name>.cases.json` holds bodies with the verdict of pydantic's own validator
(`TypeAdapter(...).validate_json`): `admitted` and `rejected` where pydantic and the
JSON Schema mean the same, `differences` where they legitimately do not (each with
pydantic's verdict and why).

Run from the repository root with the pinned versions of requirements.txt:

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install -r scripts/generators/pydantic/requirements.txt
    /tmp/venv/bin/python scripts/generators/pydantic/generate.py
"""

from __future__ import annotations

import datetime
import decimal
import enum
import json
import pathlib
import sys
import uuid
from typing import Annotated, Literal, Optional, Union

import pydantic
from pydantic import (
    AnyUrl,
    BaseModel,
    ConfigDict,
    EmailStr,
    Field,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

OUT = pathlib.Path(__file__).resolve().parents[3] / "tests/data/generators/pydantic"


# --- act: what a structured-output endpoint asks for -------------------------------


class Act(BaseModel):
    """One action on a ticket."""

    model_config = ConfigDict(extra="forbid")

    action: Literal["create", "update", "close"]
    title: Annotated[str, StringConstraints(min_length=1, max_length=80)]
    priority: Annotated[int, Field(ge=1, le=5)]
    confidence: Annotated[float, Field(ge=0, le=1)]
    labels: Annotated[list[str], Field(max_length=3)] = []
    note: Optional[str] = None


ACT = [
    {"action": "create", "title": "Printer on fire", "priority": 1, "confidence": 0.9},
    {
        "action": "close",
        "title": "x",
        "priority": 5,
        "confidence": 1,
        "labels": ["a", "b"],
        "note": None,
    },
    {"action": "update", "title": "t", "priority": 3, "confidence": 0.5, "note": "ok"},
    {"action": "delete", "title": "t", "priority": 3, "confidence": 0.5},
    {"action": "create", "title": "", "priority": 3, "confidence": 0.5},
    {"action": "create", "title": "t" * 81, "priority": 3, "confidence": 0.5},
    {"action": "create", "title": "t", "priority": 0, "confidence": 0.5},
    {"action": "create", "title": "t", "priority": 2.5, "confidence": 0.5},
    {"action": "create", "title": "t", "priority": 3, "confidence": 1.01},
    {"action": "create", "title": "t", "priority": 3, "confidence": 0.5, "extra": 1},
    {"action": "create", "title": "t", "priority": 3},
    {
        "action": "create",
        "title": "t",
        "priority": 3,
        "confidence": 0.5,
        "labels": ["a", "b", "c", "d"],
    },
    {"action": "create", "title": "t", "priority": 3, "confidence": 0.5, "note": 7},
    ("act: integer as a string", {"action": "create", "title": "t", "priority": "3", "confidence": 0.5}),
    {"action": "create", "title": "t", "priority": 3.0, "confidence": 0.5},
]


# --- numbers -----------------------------------------------------------------------


class Numbers(BaseModel):
    small: Annotated[int, Field(ge=-128, le=127)]
    positive: Annotated[int, Field(gt=0)]
    even: Annotated[int, Field(multiple_of=2)]
    ratio: Annotated[float, Field(gt=0, lt=1)]
    price: Annotated[decimal.Decimal, Field(max_digits=8, decimal_places=2)]
    big: int = 0


NUMBERS = [
    {"small": -128, "positive": 1, "even": 0, "ratio": 0.5, "price": 12.5},
    {"small": 127, "positive": 9007199254740993, "even": -4, "ratio": 1e-9, "price": 3, "big": 123456789012345678901234567890},
    {"small": 128, "positive": 1, "even": 0, "ratio": 0.5, "price": 1},
    {"small": 0, "positive": 0, "even": 0, "ratio": 0.5, "price": 1},
    {"small": 0, "positive": 1, "even": 3, "ratio": 0.5, "price": 1},
    {"small": 0, "positive": 1, "even": 0, "ratio": 1, "price": 1},
    {"small": 0, "positive": 1, "even": 0, "ratio": 0.5, "price": True},
    {"small": 0, "positive": 1, "even": 0, "ratio": 0.5},
    {"small": 0, "positive": 1, "even": 0, "ratio": 0.5, "price": "12.50"},
    ("numbers: the schema of a Decimal admits any string, pydantic parses it", {"small": 0, "positive": 1, "even": 0, "ratio": 0.5, "price": "abc"}),
    {"small": 0, "positive": 1, "even": 0, "ratio": 0.5, "price": 1, "big": "x"},
    ("numbers: decimal digits (max_digits and decimal_places are not in the schema)", {"small": 0, "positive": 1, "even": 0, "ratio": 0.5, "price": 1.234}),
    ("numbers: boolean for an integer", {"small": True, "positive": 1, "even": 0, "ratio": 0.5, "price": 1}),
]


# --- optional and nullable ---------------------------------------------------------


class Profile(BaseModel):
    name: str
    nickname: Optional[str] = None
    age: Optional[int]
    bio: str = ""
    score: Union[int, float, None] = None


PROFILE = [
    {"name": "a", "age": None},
    {"name": "a", "age": 3, "nickname": "b", "bio": "c", "score": 1.5},
    {"name": "a", "age": 3, "other": [1, 2]},
    {"name": "a"},
    {"age": 3},
    {"name": None, "age": 3},
    {"name": "a", "age": 3, "bio": None},
    {"name": "a", "age": "old"},
    {"name": "a", "age": 3, "score": "high"},
]


# --- enums -------------------------------------------------------------------------


class Color(str, enum.Enum):
    RED = "red"
    GREEN = "green"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


class Paint(BaseModel):
    color: Color
    level: Level
    finish: Literal["matte", "gloss"] = "matte"
    version: Literal[2]


PAINT = [
    {"color": "red", "level": 1, "version": 2},
    {"color": "green", "level": 2, "finish": "gloss", "version": 2},
    {"color": "blue", "level": 1, "version": 2},
    {"color": "red", "level": 3, "version": 2},
    {"color": "red", "level": 1, "finish": "satin", "version": 2},
    {"color": "red", "level": 1, "version": 1},
    {"color": "RED", "level": 1, "version": 2},
    {"color": "red", "level": 1.0, "version": 2},
]


# --- nested objects, arrays, sets, maps, tuples ------------------------------------


class Address(BaseModel):
    model_config = ConfigDict(extra="forbid")

    street: str
    city: str
    zip: Annotated[str, StringConstraints(pattern=r"^\d{5}$")]


class Order(BaseModel):
    customer: str
    shipping: Address
    billing: Optional[Address] = None
    lines: Annotated[list[Annotated[int, Field(ge=1)]], Field(min_length=1, max_length=4)]
    tags: set[str] = set()
    stock: dict[str, int] = {}
    point: tuple[float, float]
    rest: tuple[int, ...] = ()


ADDRESS = {"street": "1 Main St", "city": "Springfield", "zip": "12345"}
ORDER = [
    {"customer": "c", "shipping": ADDRESS, "lines": [1], "point": [0, 1.5]},
    {
        "customer": "c",
        "shipping": ADDRESS,
        "billing": None,
        "lines": [1, 2, 3, 4],
        "tags": ["a", "b"],
        "stock": {"apple": 3, "pear": 0},
        "point": [-1, 1e3],
        "rest": [1, 2, 3],
    },
    {"customer": "c", "shipping": ADDRESS, "billing": ADDRESS, "lines": [1], "point": [0, 0]},
    {"customer": "c", "shipping": {**ADDRESS, "zip": "1234"}, "lines": [1], "point": [0, 0]},
    {"customer": "c", "shipping": {**ADDRESS, "country": "US"}, "lines": [1], "point": [0, 0]},
    {"customer": "c", "shipping": {"street": "s", "zip": "12345"}, "lines": [1], "point": [0, 0]},
    {"customer": "c", "shipping": ADDRESS, "lines": [], "point": [0, 0]},
    {"customer": "c", "shipping": ADDRESS, "lines": [1, 2, 3, 4, 5], "point": [0, 0]},
    {"customer": "c", "shipping": ADDRESS, "lines": [0], "point": [0, 0]},
    {"customer": "c", "shipping": ADDRESS, "lines": [1], "point": [0]},
    {"customer": "c", "shipping": ADDRESS, "lines": [1], "point": [0, 1, 2]},
    ("order: a numeric string for a float", {"customer": "c", "shipping": ADDRESS, "lines": [1], "point": [0, "1"]}),
    {"customer": "c", "shipping": ADDRESS, "lines": [1], "point": [0, 0], "stock": {"a": "many"}},
    {"customer": "c", "shipping": ADDRESS, "lines": [1], "point": [0, 0], "rest": [1, "x"]},
    {"customer": "c", "shipping": ADDRESS, "lines": [1], "point": [0, 0], "tags": ["a", 1]},
    ("order: a set with a repeated element (pydantic builds the set, the schema says uniqueItems)", {"customer": "c", "shipping": ADDRESS, "lines": [1], "point": [0, 0], "tags": ["a", "a"]}),
]


# --- unions: plain and discriminated -----------------------------------------------


class Cat(BaseModel):
    kind: Literal["cat"]
    lives: Annotated[int, Field(ge=0, le=9)]


class Dog(BaseModel):
    kind: Literal["dog"]
    good: bool


class Pet(BaseModel):
    pet: Annotated[Union[Cat, Dog], Field(discriminator="kind")]


PET = [
    {"pet": {"kind": "cat", "lives": 9}},
    {"pet": {"kind": "dog", "good": True}},
    {"pet": {"kind": "cat", "lives": 10}},
    {"pet": {"kind": "cat", "good": True}},
    {"pet": {"kind": "cow"}},
    {"pet": {"lives": 3}},
    {"pet": "cat"},
]


class Shape(BaseModel):
    size: Union[int, str, list[int]]
    fill: Union[Annotated[str, StringConstraints(max_length=3)], bool, None] = None


SHAPE = [
    {"size": 3},
    {"size": "big"},
    {"size": [1, 2], "fill": "red"},
    {"size": 3, "fill": False},
    {"size": 3, "fill": "blue"},
    {"size": {"w": 1}},
    {"size": 1.5},
    {"fill": None},
]


# --- recursion ---------------------------------------------------------------------


class Node(BaseModel):
    model_config = ConfigDict(extra="forbid")

    label: Annotated[str, StringConstraints(max_length=10)]
    children: list[Node] = []


TREE = [
    {"label": "root"},
    {"label": "root", "children": [{"label": "a", "children": [{"label": "b"}]}, {"label": "c"}]},
    {"label": "root", "children": [{"label": "a", "children": [{"label": "b" * 11}]}]},
    {"label": "root", "children": [{"label": "a", "children": [{"name": "b"}]}]},
    {"label": "root", "children": [{"children": []}]},
    {"label": "root", "children": {"label": "a"}},
]


# --- formats -----------------------------------------------------------------------


class Contact(BaseModel):
    email: EmailStr
    homepage: AnyUrl
    id: uuid.UUID
    created: datetime.datetime
    birthday: Optional[datetime.date] = None


CONTACT_OK = {
    "email": "ada@example.com",
    "homepage": "https://example.com/ada",
    "id": "123e4567-e89b-12d3-a456-426614174000",
    "created": "2024-05-01T12:30:00Z",
}
CONTACT = [
    CONTACT_OK,
    {**CONTACT_OK, "created": "2024-05-01T12:30:00.5+02:00", "birthday": "1815-12-10"},
    {**CONTACT_OK, "email": "not an address"},
    {**CONTACT_OK, "email": "ada@"},
    {**CONTACT_OK, "homepage": "not a url"},
    {**CONTACT_OK, "id": "123e4567"},
    {**CONTACT_OK, "created": "yesterday"},
    {**CONTACT_OK, "created": "2024-02-30T00:00:00Z"},
    {**CONTACT_OK, "birthday": "1815-13-10"},
    {**CONTACT_OK, "id": 7},
    ("contact: date-time without an offset", {**CONTACT_OK, "created": "2024-05-01T12:30:00"}),
    ("contact: a date for a date-time", {**CONTACT_OK, "created": "2024-05-01"}),
    ("contact: a Unix time for a date-time", {**CONTACT_OK, "created": 1714566600}),
    ("contact: UUID without hyphens", {**CONTACT_OK, "id": "123e4567e89b12d3a456426614174000"}),
]


# --- bytes: the format pydantic writes for them ------------------------------------


class Upload(BaseModel):
    name: str
    data: bytes


UPLOAD = [
    {"name": "a.txt", "data": "hello"},
    {"name": "a.txt"},
    {"name": "a.txt", "data": 1},
]


MODELS = [
    ("act", Act, ACT),
    ("numbers", Numbers, NUMBERS),
    ("profile", Profile, PROFILE),
    ("paint", Paint, PAINT),
    ("order", Order, ORDER),
    ("pet", Pet, PET),
    ("shape", Shape, SHAPE),
    ("tree", Node, TREE),
    ("contact", Contact, CONTACT),
    ("upload", Upload, UPLOAD),
]


def admitted(adapter: TypeAdapter, body: object) -> bool:
    try:
        adapter.validate_json(json.dumps(body))
        return True
    except ValidationError:
        return False


def dump(value: object) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, model, bodies in MODELS:
        adapter = TypeAdapter(model)
        (OUT / f"{name}.json").write_text(dump(model.model_json_schema()))
        cases: dict[str, list] = {"admitted": [], "rejected": [], "differences": []}
        for body in bodies:
            if isinstance(body, tuple):
                why, body = body
                verdict = "admitted" if admitted(adapter, body) else "rejected"
                cases["differences"].append({"body": body, "generator": verdict, "why": why})
            else:
                cases["admitted" if admitted(adapter, body) else "rejected"].append(body)
        (OUT / f"{name}.cases.json").write_text(dump(cases))
    print(f"pydantic {pydantic.VERSION}: {len(MODELS)} schemas in {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
