"""Shared fixtures: where the repository's test data lives."""

from __future__ import annotations

from pathlib import Path

import pytest

#: The repository root (python/tests/ is two levels below it).
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root, whose tests/data/ the Rust tests read too."""
    if not (ROOT / "tests" / "data").is_dir():
        pytest.fail(f"the repository's tests/data/ is not at {ROOT}: run pytest from a clone")
    return ROOT
