"""Generating a site's pristine data once, even when several processes find it missing at the same time."""

from __future__ import annotations

import fcntl
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

R = TypeVar("R")


def generate_once(target: Path, make: Callable[[], R]) -> R | None:
    """Run `make()` (which writes `target` atomically) unless `target` exists; returns its result, or None when
    the file was already there. Processes serialise on a lock file next to `target`; the loser finds the file
    in place when it gets the lock and does nothing."""
    target = Path(target)
    if target.is_file():
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.parent / ".generate.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return None if target.is_file() else make()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def code_version(*paths: Path, extra: bytes = b"") -> str:
    """8 hex digits that change whenever one of the source files that decide a data set changes (or `extra`,
    e.g. the versions of the packages its facts come from), for the data folder's name: a changed generator
    writes a new folder instead of reusing stale data."""
    import hashlib

    digest = hashlib.sha256()
    for path in paths:
        digest.update(Path(path).read_bytes())
    digest.update(extra)
    return digest.hexdigest()[:8]
