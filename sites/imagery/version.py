"""A short fingerprint of the renderer's code, for caches of rendered photos."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path


@functools.lru_cache(maxsize=1)
def renderer_version() -> str:
    """12 hex digits that change whenever a source file of sites/imagery changes."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
