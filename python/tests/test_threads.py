"""One Form shared by threads: the verdicts stay right, and verifying large bodies
releases the interpreter lock so other threads run meanwhile."""

from __future__ import annotations

import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import formgate

FORM = formgate.Form(
    b'{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer","minimum":0}},'
    b'"required":["id"],"additionalProperties":false}}',
    max_bytes=64 << 20,
)


def _body(n: int, bad_at: int = -1) -> bytes:
    items = [b'{"id":-1}' if i == bad_at else b'{"id":%d}' % i for i in range(n)]
    return b"[" + b",".join(items) + b"]"


def test_shared_form_gives_every_thread_the_right_verdict() -> None:
    bodies = [(_body(50 + i, bad_at=i if i % 2 else -1), i % 2 == 0) for i in range(64)]

    def run(case: tuple) -> bool:
        body, admitted = case
        for _ in range(20):
            if FORM.is_valid(body) != admitted:
                return False
            if admitted and len(FORM.verify_into(body)) != body.count(b"{"):
                return False
        return True

    with ThreadPoolExecutor(max_workers=4) as pool:
        assert all(pool.map(run, bodies))


def test_verify_releases_the_interpreter_lock() -> None:
    body = _body(100_000)  # about 1.3 MB: milliseconds per verify
    assert FORM.is_valid(body)
    ticks = 0
    stop = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0)  # hands the lock over whenever another thread waits for it

    # With a switch interval this long, the interpreter never takes the lock from the
    # main thread by force: the counting thread can run while the main thread is
    # between two reads of `ticks` only if verify itself lets go of the lock.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    counter = threading.Thread(target=count)
    counter.start()
    try:
        during = [0]
        for _ in range(20):
            before = ticks
            FORM.verify(body)
            during.append(ticks - before)
            if during[-1] > 0:
                break
        assert max(during) > 0, f"the counting thread never ran during verify: {during}"
        small = _body(10)
        assert len(small) < 4096
        before = ticks
        for _ in range(1000):
            FORM.verify(small)  # short bodies keep the lock: releasing costs more
        assert ticks == before
    finally:
        stop.set()
        counter.join()
        sys.setswitchinterval(interval)
