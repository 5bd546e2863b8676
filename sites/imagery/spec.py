"""PhotoSpec: the visible attributes of one listing photo, checked field by field."""

from __future__ import annotations

from dataclasses import dataclass

from sites.imagery.catalog import COLORS, CONDITIONS, PATTERNS, Kind
from sites.imagery.catalog import kind as lookup_kind

MAX_COUNT = 9
MAX_TEXT_CHARS = 14


@dataclass(frozen=True)
class PhotoSpec:
    kind: str
    color: str | None = None
    count: int = 1
    text: str | None = None
    condition: str = "used"
    pattern: str = "plain"
    view: int = 0


def validate(spec: PhotoSpec) -> Kind:
    """Check every field of `spec`; returns its Kind. Raises ValueError naming the field at fault."""
    if not isinstance(spec, PhotoSpec):
        raise TypeError(f"expected a PhotoSpec, got {type(spec).__name__}")
    k = lookup_kind(spec.kind)
    if spec.color is not None:
        if spec.color not in COLORS:
            raise ValueError(f"PhotoSpec.color: unknown colour {spec.color!r} (known: {', '.join(COLORS)})")
        if not k.colorable:
            raise ValueError(f"PhotoSpec.color: kind {k.name!r} is not colorable; use color=None")
    if isinstance(spec.count, bool) or not isinstance(spec.count, int):
        raise ValueError(f"PhotoSpec.count: must be an int, got {spec.count!r}")
    if not 1 <= spec.count <= MAX_COUNT:
        raise ValueError(f"PhotoSpec.count: must be 1..{MAX_COUNT}, got {spec.count}")
    if spec.count > 1 and not k.countable:
        raise ValueError(f"PhotoSpec.count: kind {k.name!r} is not countable; use count=1")
    if spec.text is not None:
        if not k.printable:
            raise ValueError(f"PhotoSpec.text: kind {k.name!r} is not printable; use text=None")
        if not isinstance(spec.text, str) or not spec.text.strip():
            raise ValueError(f"PhotoSpec.text: must be a non-empty string, got {spec.text!r}")
        if len(spec.text) > MAX_TEXT_CHARS:
            raise ValueError(f"PhotoSpec.text: at most {MAX_TEXT_CHARS} characters, got {len(spec.text)}")
        if not all(32 <= ord(ch) < 127 for ch in spec.text):
            raise ValueError(f"PhotoSpec.text: printable ASCII only (one line), got {spec.text!r}")
    if spec.condition not in CONDITIONS:
        raise ValueError(f"PhotoSpec.condition: unknown condition {spec.condition!r} (known: {', '.join(CONDITIONS)})")
    if spec.pattern not in PATTERNS:
        raise ValueError(f"PhotoSpec.pattern: unknown pattern {spec.pattern!r} (known: {', '.join(PATTERNS)})")
    if spec.pattern != "plain":
        if not k.colorable:
            raise ValueError(
                f"PhotoSpec.pattern: kind {k.name!r} is not colorable, so it has no pattern; use pattern='plain'"
            )
    if isinstance(spec.view, bool) or not isinstance(spec.view, int) or not 0 <= spec.view <= 2:
        raise ValueError(f"PhotoSpec.view: must be 0, 1 or 2, got {spec.view!r}")
    return k
