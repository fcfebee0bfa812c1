#!/usr/bin/env python3
"""Copies the Docker build context of the repository's Dockerfile into DIR.

The context is what `docker build .` sends: the files in the working tree (the tracked
ones: a clean clone has no others) minus those .dockerignore excludes. .ci/run then
runs the Dockerfile's build command in DIR, so that a source file the image needs but
.dockerignore leaves out fails CI here, on a machine without a Docker daemon.

Patterns follow .dockerignore's rules as this repository uses them: a pattern matches
a path from the context's root, or a directory whose contents then go too; a leading
`**/` matches at any depth; `#` starts a comment. Any other syntax (`!`, a `**` inside
a pattern) is refused rather than guessed.
"""
import fnmatch
import os
import shutil
import subprocess
import sys


def patterns(text):
    out = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("!") or "**" in line.removeprefix("**/"):
            sys.exit(f"docker_context: .dockerignore pattern {line!r} is not supported here")
        out.append(line.strip("/"))
    return out


def excluded(path, pats):
    parts = path.split("/")
    for pat in pats:
        anywhere = pat.startswith("**/")
        pat = pat.removeprefix("**/")
        depth = pat.count("/") + 1
        starts = range(len(parts)) if anywhere else [0]
        # A pattern of `depth` parts matches that many parts of the path, from `start`;
        # when they name a directory, everything under it goes too.
        for start in starts:
            if start + depth <= len(parts) and fnmatch.fnmatchcase("/".join(parts[start : start + depth]), pat):
                return True
    return False


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: docker_context.py DIR")
    dest = sys.argv[1]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, ".dockerignore"), encoding="utf-8") as f:
        pats = patterns(f.read())
    tracked = subprocess.run(
        ["git", "-C", root, "ls-files", "-z"], check=True, capture_output=True
    ).stdout.decode("utf-8").split("\0")
    copied = size = 0
    for path in filter(None, tracked):
        if excluded(path, pats) or not os.path.isfile(os.path.join(root, path)):
            continue
        target = os.path.join(dest, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(os.path.join(root, path), target)
        copied += 1
        size += os.path.getsize(target)
    print(f"docker_context: {copied} files, {size / 1e6:.1f} MB, into {dest}")


if __name__ == "__main__":
    main()
