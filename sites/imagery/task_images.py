"""Input images for tasks ("find the listing that shows this item"): the same item as a listing photo, seen
through another camera framing and cropped closer, or drawn as a pencil sketch."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageChops, ImageFilter, ImageOps
from PIL.Image import Resampling

from sites.imagery.compose import render_scene
from sites.imagery.spec import PhotoSpec, validate

STYLES = ("photo", "sketch")


def _crop_to_objects(img: Image.Image, boxes, size: tuple[int, int], margin: float) -> Image.Image:
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[2] for b in boxes)
    y1 = max(b[3] for b in boxes)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    aspect = size[0] / size[1]
    w = (x1 - x0) * (1 + 2 * margin)
    h = (y1 - y0) * (1 + 2 * margin)
    w, h = max(w, h * aspect), max(h, w / aspect)
    w, h = min(w, img.width), min(h, img.height)
    if w / h > aspect:
        w = h * aspect
    else:
        h = w / aspect
    left = min(max(cx - w / 2, 0), img.width - w)
    top = min(max(cy - h / 2, 0), img.height - h)
    resample = Resampling.BILINEAR if img.mode == "L" else Resampling.LANCZOS
    return img.resize(size, resample, box=(left, top, left + w, top + h))


def _sketch(img: Image.Image, mask: Image.Image) -> Image.Image:
    """Pencil-style drawing of the objects only: dark strokes at their outlines and inner edges, a faint wash of
    their tones, on white paper (the backdrop is left out)."""
    paper = Image.new("L", img.size, 255)
    grey = Image.composite(ImageOps.grayscale(img), paper, mask).filter(ImageFilter.GaussianBlur(1.5))
    edges = ImageOps.autocontrast(grey.filter(ImageFilter.FIND_EDGES), cutoff=1)
    strokes = ImageOps.invert(edges.point(lambda v: 0 if v < 60 else min(255, v * 2)))
    wash = Image.composite(grey.point(lambda v: 255 - (255 - v) // 4), paper, mask)
    return ImageChops.multiply(strokes, wash).convert("RGB")


def make_input_image(
    spec: PhotoSpec, seed: int, size: tuple[int, int] = (512, 384), style: str = "photo"
) -> Image.Image:
    """The item of `spec` (as listed with `seed`) seen from a different framing than spec.view, cropped to the
    object(s); style "sketch" turns it into a pencil drawing. RGB, `size`, deterministic."""
    validate(spec)
    if style not in STYLES:
        raise ValueError(f"make_input_image style: {style!r} is not one of {', '.join(STYLES)}")
    other = replace(spec, view=(spec.view + 1) % 3)
    # rendered at twice the size, so the closer crop is still sharp
    scene = render_scene(other, size=(size[0] * 2, size[1] * 2), seed=seed)
    img = _crop_to_objects(scene.image, scene.boxes, size, margin=0.1)
    if style == "sketch":
        return _sketch(img, _crop_to_objects(scene.mask, scene.boxes, size, margin=0.1))
    return img
