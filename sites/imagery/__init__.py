"""Deterministic, recognisable product photos for the embedded sites.

    from sites.imagery import PhotoSpec, render_photo, CATALOG, COLORS, CONDITIONS, PATTERNS, Kind
    img = render_photo(PhotoSpec(kind="guitar", color="red"), size=(640, 480), seed=1234)

Objects are colour emoji glyphs (Noto Color Emoji) recoloured, patterned, labelled and worn as the spec says,
placed on a textured backdrop with shadows, a camera framing per `view`, light falloff and sensor noise.
`render_scene` returns the same image plus where the objects and printed labels are.

Owns the photo renderer, its catalog of kinds (catalog.py; catalog_forum/catalog_store register their
kinds into it and import only catalog) and the task images. May import nothing of the project but
sites.config.
"""

from sites.imagery import (
    catalog_forum,  # noqa: F401  (registers the forum's kinds)
    catalog_store,  # noqa: F401  (registers the store's kinds in KINDS)
)
from sites.imagery.catalog import CATALOG, COLORS, CONDITIONS, KIND_CATEGORY, KINDS, PATTERNS, Kind, kind
from sites.imagery.compose import Scene, render_photo, render_scene
from sites.imagery.spec import MAX_COUNT, MAX_TEXT_CHARS, PhotoSpec, validate
from sites.imagery.version import renderer_version

__all__ = [
    "CATALOG",
    "COLORS",
    "CONDITIONS",
    "KINDS",
    "KIND_CATEGORY",
    "MAX_COUNT",
    "MAX_TEXT_CHARS",
    "PATTERNS",
    "Kind",
    "PhotoSpec",
    "Scene",
    "kind",
    "render_photo",
    "render_scene",
    "renderer_version",
    "validate",
]
