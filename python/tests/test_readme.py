"""The examples in the READMEs run as written."""

from __future__ import annotations

import re
from pathlib import Path

BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def _blocks(path: Path) -> list:
    return BLOCK.findall(path.read_text("utf-8"))


def test_main_readme_python_example(repo_root: Path) -> None:
    text = (repo_root / "README.md").read_text("utf-8")
    section = text.split("## Python\n", 1)[1].split("\n## ", 1)[0]
    (example,) = BLOCK.findall(section)
    assert len(example.strip().splitlines()) == 5
    exec(compile(example, "README.md", "exec"), {})


def test_package_readme_usage_example(repo_root: Path, capsys: object) -> None:
    usage = _blocks(repo_root / "python" / "README.md")[0]
    namespace: dict = {}
    exec(compile(usage, "python/README.md", "exec"), namespace)
    assert namespace["act"] == {"role": "user", "note": "café"}
    assert namespace["etag"].startswith('"fg-')
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert out.strip() == "not-admitted additionalProperties 15 /extra /additionalProperties"
