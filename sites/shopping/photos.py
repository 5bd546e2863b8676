"""Product photos: what a photo row of the database shows, as the imagery library's PhotoSpec, rendered on first
request and cached on disk (the classifieds' photo cache code), or rendered in memory for task authors."""

from __future__ import annotations

from pathlib import Path

from sites.common.photos import FULL_SIZE, PhotoRow, generated_photo, render_generated


def photo_row(row) -> PhotoRow:
    """A shopping `photo` row (sqlite3.Row or dict) as the cache's PhotoRow (store photos are all 'new')."""
    facts = {name: row[name] for name in ("id", "kind", "color", "count", "printed_text", "pattern", "view", "seed")}
    return PhotoRow(**facts, condition="new", upload_name=None)


def cached_file(row, cache: Path, thumb: bool) -> Path:
    return generated_photo(photo_row(row), cache, thumb)


def render(row, size: tuple[int, int] = FULL_SIZE):
    """The photo as a PIL image, pixel for pixel what the site serves at full size (before JPEG encoding)."""
    return render_generated(photo_row(row), size)
