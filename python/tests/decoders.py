"""Constrained decoding engines as actors: llguidance and outlines-core over a byte-level
vocabulary (256 single-byte tokens and an end token), each compiling a published form
and either checking a body against its mask or writing bodies by random walks under
it. Shared by ``test_decoders.py`` and ``scripts/decoder_compiles.py``.

xgrammar is not here: its package pulls in torch, so its claims are not checked.
"""

from __future__ import annotations

import contextlib
import decimal
import faulthandler
import json
import multiprocessing
import os
import random
import resource
import sys
from decimal import Decimal
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

#: The end token of the byte-level vocabulary.
EOS = 256

#: The packages the claims were read from, as the claims table names them.
PACKAGES = {"llguidance": "llguidance==1.9.1", "outlines": "outlines-core==0.2.14"}


class Engine:
    """One engine: ``compile(schema_json)`` gives a compiled grammar or raises
    ``Refused`` with the engine's reason; ``admits`` and ``walk`` use it."""

    name = ""

    def compile(self, schema_json: str) -> Any:
        raise NotImplementedError

    def admits(self, grammar: Any, body: bytes) -> bool:
        """Whether the mask lets every byte of ``body`` through, then the end."""
        raise NotImplementedError

    def walk(self, grammar: Any, rng: random.Random, max_len: int) -> Optional[bytes]:
        """One random walk under the mask: a body, or None past ``max_len`` bytes."""
        raise NotImplementedError


class Refused(Exception):
    """The engine does not compile the form."""


class _ByteTokenizer:
    """The byte-level vocabulary in the shape llguidance's ``TokenizerWrapper`` reads."""

    def __init__(self) -> None:
        self.eos_token_id = EOS
        self.bos_token_id = None
        self.tokens = [bytes([i]) for i in range(256)] + [b"<eos>"]
        self.special_token_ids = [EOS]

    def __call__(self, s: Any) -> List[int]:
        return list(s.encode("utf-8") if isinstance(s, str) else s)


def _choose(rng: random.Random, allowed: List[int], length: int, max_len: int) -> int:
    """A random allowed token; the end, when allowed, with some weight, so that walks
    end without being cut."""
    if EOS in allowed and (rng.random() < 0.5 or length >= max_len):
        return EOS
    others = [t for t in allowed if t != EOS]
    return rng.choice(others) if others else EOS


class Llguidance(Engine):
    """llguidance with its defaults (`lenient` off), whitespace off; with
    ``coerce_one_of`` it reads every `oneOf` as `anyOf` (its option of that name)."""

    name = "llguidance"

    def __init__(self, coerce_one_of: bool = False) -> None:
        import llguidance

        self._llg = llguidance
        self._options = {"whitespace_flexible": False, "coerce_one_of": coerce_one_of}
        self._tok = llguidance.LLTokenizer(llguidance.TokenizerWrapper(_ByteTokenizer()))

    def compile(self, schema_json: str) -> Any:
        llg = self._llg
        try:
            grammar = llg.LLMatcher.grammar_from_json_schema(schema_json, defaults=self._options)
        except ValueError as e:
            raise Refused(str(e)) from e
        error = llg.LLMatcher.validate_grammar(grammar, self._tok)
        if error:
            raise Refused(error)
        matcher = llg.LLMatcher(self._tok, grammar, log_level=0)
        if matcher.is_error():
            raise Refused(matcher.get_error())
        return matcher

    def admits(self, grammar: Any, body: bytes) -> bool:
        m = grammar.deep_copy()
        return all(m.consume_token(b) for b in body) and m.is_accepting()

    def walk(self, grammar: Any, rng: random.Random, max_len: int) -> Optional[bytes]:
        m = grammar.deep_copy()
        out = bytearray()
        while True:
            mask = m.compute_bitmask()
            allowed = [t for t in range(EOS + 1) if mask[t >> 3] >> (t & 7) & 1]
            if not allowed or m.is_error():
                return None
            t = _choose(rng, allowed, len(out), max_len)
            if t == EOS:
                return bytes(out)
            if len(out) > 2 * max_len or not m.consume_token(t):
                return None
            out.append(t)


class Outlines(Engine):
    name = "outlines"

    def __init__(self) -> None:
        import outlines_core

        self._oc = outlines_core
        self._vocab = outlines_core.Vocabulary(EOS, {bytes([i]): [i] for i in range(256)})

    def compile(self, schema_json: str) -> Any:
        oc = self._oc
        try:
            regex = oc.json_schema.build_regex_from_schema(schema_json)
            return oc.Index(regex, self._vocab)
        except Exception as e:  # the engine raises ValueError and others
            raise Refused(str(e)) from e

    def admits(self, grammar: Any, body: bytes) -> bool:
        g = self._oc.Guide(grammar)
        for b in body:
            if b not in g.get_tokens():
                return False
            g.advance(b)
        return EOS in g.get_tokens()

    def walk(self, grammar: Any, rng: random.Random, max_len: int) -> Optional[bytes]:
        g = self._oc.Guide(grammar)
        out = bytearray()
        while True:
            allowed = list(g.get_tokens())
            if not allowed:
                return None
            t = _choose(rng, allowed, len(out), max_len)
            if t == EOS:
                return bytes(out)
            if len(out) > 2 * max_len:
                return None
            g.advance(t)
            out.append(t)


#: What one compile (and its walks) may take in its own process: the engines build
#: automata whose size can explode (outlines-core runs out of any memory on the tree
#: form), and such a form counts as refused.
CHILD_MEMORY = 3 << 30
CHILD_SECONDS = 60.0


def _child(conn: Any, engine: Engine, schema_json: str, walks: int, seed: int, max_len: int) -> None:
    # An engine out of memory aborts the process: quietly (the parent reports it).
    faulthandler.disable()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))
    try:
        grammar = engine.compile(schema_json)
        rng = random.Random(seed)
        bodies = [engine.walk(grammar, rng, max_len) for _ in range(walks)]
        conn.send(("ok", [b for b in bodies if b is not None]))
    except Refused as e:
        conn.send(("refused", str(e)))
    except MemoryError:
        conn.send(("refused", "out of memory"))
    conn.close()


def sample(engine: Engine, schema_json: str, walks: int, seed: int, max_len: int) -> List[bytes]:
    """Compile the form and write ``walks`` bodies by random walks under the mask, in
    a process of its own held to ``CHILD_MEMORY`` and ``CHILD_SECONDS``; raises
    ``Refused`` when the engine refuses the form or exceeds those."""
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(send, engine, schema_json, walks, seed, max_len))
    proc.start()
    send.close()
    try:
        if not receive.poll(CHILD_SECONDS):
            raise Refused(f"not compiled within {CHILD_SECONDS:.0f} s")
        status, result = receive.recv()
    except EOFError:
        raise Refused(f"exceeded {CHILD_MEMORY >> 30} GiB of memory") from None
    finally:
        proc.kill()
        proc.join()
        receive.close()
    if status == "refused":
        raise Refused(result)
    return result


def engines() -> Dict[str, Callable[[], Engine]]:
    """The engines by name, each made on demand (its import may fail)."""
    return {"llguidance": Llguidance, "outlines": Outlines}


@contextlib.contextmanager
def unbounded_numbers() -> Iterator[None]:
    """Within: integers of any length convert from str (Python 3.11 limits that by
    default), and `Decimal` compares numbers of any exponent (an engine writes
    `1e+33210390`) without overflow. Both are restored on the way out."""
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else None
    if limit is not None:
        sys.set_int_max_str_digits(0)
    try:
        with decimal.localcontext() as ctx:
            ctx.Emax = decimal.MAX_EMAX
            ctx.Emin = decimal.MIN_EMIN
            ctx.traps[decimal.Inexact] = False
            yield
    finally:
        if limit is not None:
            sys.set_int_max_str_digits(limit)


#: A number whose exponent `Decimal` cannot hold: strict JSON, beyond the validator.
UNDECIDED = object()


def strict_json(body: bytes) -> Tuple[bool, Any]:
    """Whether ``body`` is strict JSON (UTF-8, no duplicate member names, no lone
    surrogate, no raw control character, no NaN): ``(True, value)`` with numbers as
    ``int`` and ``Decimal`` (``value`` is ``UNDECIDED`` when a number's exponent is
    beyond ``Decimal``), else ``(False, why)``."""

    def pairs(items: List[Tuple[str, Any]]) -> Dict[str, Any]:
        names = [k for k, _ in items]
        if len(set(names)) != len(names):
            raise ValueError("duplicate member name")
        return dict(items)

    def constant(name: str) -> Any:
        raise ValueError(f"not JSON: {name}")

    try:
        text = body.decode("utf-8")
        with unbounded_numbers():
            value = json.loads(
                text, object_pairs_hook=pairs, parse_float=Decimal, parse_constant=constant
            )
        # A lone surrogate escape decodes to a str that UTF-8 cannot encode.
        json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")
    except decimal.InvalidOperation:
        return True, UNDECIDED
    except (UnicodeError, ValueError) as e:
        return False, str(e)
    return True, value
