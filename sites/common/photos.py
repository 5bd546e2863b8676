"""Photos of the sites: generated ones are rendered by sites.imagery on first request and cached on disk;
uploaded ones are checked (image type by content, size) and stored under safe generated names."""

from __future__ import annotations

import io
import os
import secrets
import sqlite3
from dataclasses import dataclass, fields
from pathlib import Path

from PIL import Image, UnidentifiedImageError

FULL_SIZE = (640, 480)
THUMB_SIZE = (240, 180)
MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAX_UPLOAD_PIXELS = 40_000_000
ALLOWED_FORMATS = {"JPEG", "PNG", "GIF", "WEBP"}


class UploadRejected(ValueError):
    """An uploaded file is not an acceptable image; the message says why."""


@dataclass(frozen=True)
class PhotoFacts:
    """What a generated photo shows: sites.imagery draws it from these (None where the photo does not say)."""

    kind: str | None
    color: str | None
    count: int | None
    printed_text: str | None
    condition: str | None
    pattern: str | None
    view: int | None


@dataclass(frozen=True)
class PhotoRow(PhotoFacts):
    id: int
    seed: int | None
    upload_name: str | None
    tape_inches: int | None = None  # a measuring tape across the item shows it this wide (sites/imagery/tape.py)

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> PhotoRow:
        return cls(**{field.name: row[field.name] for field in fields(cls)})


def _atomic_write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _jpeg(image: Image.Image, quality: int = 85) -> bytes:
    buf = io.BytesIO()
    image.convert("RGB").save(buf, "JPEG", quality=quality, optimize=True)
    return buf.getvalue()


def _thumbnail(image: Image.Image) -> Image.Image:
    thumb = image.convert("RGB")
    thumb.thumbnail(THUMB_SIZE, Image.Resampling.LANCZOS)
    return thumb


def render_generated(photo: PhotoRow, size: tuple[int, int] = FULL_SIZE) -> Image.Image:
    """The generated photo of a row, as a PIL image (what the site serves, before JPEG encoding)."""
    from sites.imagery import PhotoSpec, render_photo
    from sites.imagery.compose import render_scene

    if photo.kind is None or photo.condition is None or photo.pattern is None or photo.seed is None:
        raise ValueError(f"photo {photo.id} was uploaded, not generated: it has no description to render")
    spec = PhotoSpec(
        kind=photo.kind,
        color=photo.color,
        count=photo.count or 1,
        text=photo.printed_text,
        condition=photo.condition,
        pattern=photo.pattern,
        view=photo.view or 0,
    )
    if photo.tape_inches:
        from sites.imagery.tape import lay_tape

        scene = render_scene(spec, size=size, seed=photo.seed)
        return lay_tape(scene.image, scene.boxes[0], photo.tape_inches)
    return render_photo(spec, size=size, seed=photo.seed)


def render_row(row: sqlite3.Row) -> Image.Image:
    """The full-size picture of a generated photo's database row."""
    return render_generated(PhotoRow.from_row(row))


def generated_photo(photo: PhotoRow, cache: Path, thumb: bool) -> Path:
    """Path of the JPEG of a generated photo, rendering (and caching) it first if needed."""
    name = f"{photo.id}-{photo.seed}{'-t' if thumb else ''}.jpg"
    target = cache / name
    if target.is_file():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    image = render_generated(photo)
    full = cache / f"{photo.id}-{photo.seed}.jpg"
    if not full.is_file():
        _atomic_write(full, _jpeg(image))
    if thumb:
        _atomic_write(target, _jpeg(_thumbnail(image), quality=80))
    return target


def uploaded_photo(photo: PhotoRow, upload_dir: Path, thumb: bool) -> Path | None:
    """Path of an uploaded photo (or its thumbnail, made on first request); None if the file is gone."""
    name = photo.upload_name or ""
    if not (name.endswith(".jpg") and len(name) < 80 and "/" not in name and not name.startswith(".")):
        return None
    full = upload_dir / name
    if not full.is_file():
        return None
    if not thumb:
        return full
    target = upload_dir / name.replace(".jpg", "-t.jpg")
    if not target.is_file():
        with Image.open(full) as image:
            _atomic_write(target, _jpeg(_thumbnail(image), quality=80))
    return target


def accept_upload(data: bytes, upload_dir: Path) -> str:
    """Check an uploaded file and store it re-encoded as JPEG under a generated name; returns the name.
    Raises UploadRejected with the reason."""
    if not data:
        raise UploadRejected("the file is empty")
    if len(data) > MAX_UPLOAD_BYTES:
        raise UploadRejected(f"the file is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB")
    try:
        with Image.open(io.BytesIO(data)) as probe:
            fmt = probe.format
            width, height = probe.size
            probe.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        raise UploadRejected("the file is not an image (JPEG, PNG, GIF or WebP)") from None
    if fmt not in ALLOWED_FORMATS:
        raise UploadRejected(f"image type {fmt} is not accepted (JPEG, PNG, GIF or WebP)")
    if width * height > MAX_UPLOAD_PIXELS:
        raise UploadRejected("the image has too many pixels")
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            if image.width > 1600 or image.height > 1600:
                image.thumbnail((1600, 1600), Image.Resampling.LANCZOS)
            encoded = _jpeg(image, quality=88)
    except (OSError, ValueError, Image.DecompressionBombError):
        raise UploadRejected("the image could not be decoded") from None
    upload_dir.mkdir(parents=True, exist_ok=True)
    name = f"u{secrets.token_hex(12)}.jpg"
    _atomic_write(upload_dir / name, encoded)
    return name
