"""Encoded pictures of the task builders, kept on disk by the pixels they encode.

The builders encode the same pictures on every build (input images and the sighted agent's pictures, PNG at the
strongest compression: most of a build's time). A picture is encoded once per machine and library version; a
later build with the same pixels reads the bytes back (`run/cache/encoded/`, safe to delete). The key is the
pixels, the format and its settings, and the versions of Pillow and zlib (another encoder may write other bytes).
"""

from __future__ import annotations

import hashlib
import io
import os
import zlib
from pathlib import Path

import PIL
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("VWA_ENCODE_CACHE") or ROOT / "run" / "cache" / "encoded")
_VERSION = f"pillow {PIL.__version__} zlib {zlib.ZLIB_RUNTIME_VERSION}".encode()


def _key(image: Image.Image, fmt: str, params: dict) -> str:
    digest = hashlib.sha256(_VERSION)
    digest.update(repr((fmt, sorted(params.items()), image.mode, image.size)).encode())
    digest.update(image.tobytes())
    return digest.hexdigest()


def encode(image: Image.Image, fmt: str, **params) -> bytes:
    """`image` saved as `fmt` with `params` (Image.save's), from the cache when these pixels were saved so."""
    key = _key(image, fmt, params)
    path = CACHE / key[:2] / key
    try:
        return path.read_bytes()
    except OSError:
        pass
    buf = io.BytesIO()
    image.save(buf, fmt, **params)
    blob = buf.getvalue()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f"{key}.{os.getpid()}.part")
        part.write_bytes(blob)
        part.replace(path)  # whole or absent, whatever runs at once
    except OSError:
        pass  # a read-only tree: encode every time
    return blob
