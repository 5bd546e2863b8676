"""Put it together: backdrop, objects laid out without overlap, shadows, camera framing, light and sensor noise."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageChops, ImageFilter

from sites.imagery.backdrops import render_backdrop
from sites.imagery.catalog import Kind
from sites.imagery.labels import draw_text
from sites.imagery.spec import PhotoSpec, validate
from sites.imagery.surface import sprite
from sites.imagery.wear import apply_condition

Box = tuple[int, int, int, int]

# Camera framings per view: (zoom, shift x as a fraction of width, shift y as a fraction of height, roll degrees).
VIEWS = ((1.0, 0.0, 0.0, 0.0), (1.07, -0.035, 0.02, -2.0), (0.93, 0.04, -0.015, 2.5))
HORIZON = {"table": 0.30, "floor": 0.34, "driveway": 0.16, "water": 0.30}
# rows of objects for each count, so the objects sit on a grid and never overlap
ROWS = {1: (1,), 2: (2,), 3: (3,), 4: (2, 2), 5: (3, 2), 6: (3, 3), 7: (4, 3), 8: (4, 4), 9: (3, 3, 3)}


@dataclass(frozen=True)
class Scene:
    """A rendered photo and where things are in it (the ground truth tests and task authors can use)."""

    image: Image.Image  # RGB
    mask: Image.Image  # L, 255 where an object is (union of all objects)
    boxes: tuple[Box, ...]  # one box per object, in image pixels
    label_boxes: tuple[Box, ...]  # where printed text is, one per object when spec.text is set
    backdrop: str


@dataclass(frozen=True)
class _Placement:
    cx: float
    cy: float
    size: int
    angle: float


def _layout(count: int, size: tuple[int, int], rng: random.Random) -> list[_Placement]:
    w, h = size
    x0, x1, y0, y1 = 0.05 * w, 0.95 * w, 0.07 * h, 0.95 * h
    rows = ROWS[count]
    cell_h = (y1 - y0) / len(rows)
    cell_w = (x1 - x0) / max(rows)
    if count == 1:
        s = 0.94 * min(x1 - x0, y1 - y0)
    else:
        s = 0.80 * min(cell_w, cell_h)
    out = []
    for r, n in enumerate(rows):
        row_w = n * cell_w
        for c in range(n):
            slack_x = max(0.0, (cell_w - s) / 3)
            slack_y = max(0.0, (cell_h - s) / 3)
            cx = w / 2 - row_w / 2 + (c + 0.5) * cell_w + rng.uniform(-slack_x, slack_x)
            cy = y0 + (r + 0.5) * cell_h + rng.uniform(-slack_y, slack_y)
            angle = rng.uniform(-4, 4) if count == 1 else rng.uniform(-7, 7)
            out.append(_Placement(cx, cy, int(s), angle))
    return out


def _camera(view: int, rng: random.Random) -> tuple[float, float, float, float]:
    zoom, dx, dy, roll = VIEWS[view]
    return (
        zoom * rng.uniform(0.97, 1.03),
        dx + rng.uniform(-0.01, 0.01),
        dy + rng.uniform(-0.01, 0.01),
        roll + rng.uniform(-0.8, 0.8),
    )


@functools.lru_cache(maxsize=16)
def _light(size: tuple[int, int], variant: int) -> Image.Image:
    """A soft vignette with light falling from one side (L, multiplied in)."""
    w, h = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    nx, ny = xs / w - 0.5, ys / h - 0.5
    vignette = 1 - 0.35 * (nx * nx + ny * ny)
    side = (-1, 1, -0.5, 0.5)[variant % 4]
    falloff = 1 - 0.08 * (side * nx + 0.5) - 0.05 * (ny + 0.5)
    return Image.fromarray((np.clip(vignette * falloff, 0, 1) * 255).astype(np.uint8), "L").convert("RGB")


@functools.lru_cache(maxsize=8)
def _noise(size: tuple[int, int]) -> Image.Image:
    w, h = size
    rng = np.random.default_rng(1234)
    return Image.fromarray(rng.integers(0, 11, size=(h + 64, w + 64, 3), dtype=np.uint8), "RGB")


def _object(kind: Kind, spec: PhotoSpec, px: int, angle: float, rng: random.Random) -> tuple[Image.Image, Box | None]:
    px = max(16, px - px % 16)  # quantised, so scaled sprites are reused from the cache
    angle = round(angle * 2) / 2  # likewise, half-degree steps
    sp = sprite(kind, spec.color, spec.pattern, px, angle)
    pad = max(6, px // 7)
    canvas = Image.new("RGBA", (sp.image.width + 2 * pad, sp.image.height + 2 * pad), (0, 0, 0, 0))
    canvas.paste(sp.image, (pad, pad))
    apply_condition(canvas, spec.condition, rng)
    label_box = None
    if spec.text is not None:  # printed last, so wear never makes the text unreadable
        body = np.pad(sp.body, pad)
        label_box = draw_text(canvas, body, spec.text, kind.label, sp.upright, angle, kind.label_at)
    return canvas, label_box


def _pan(lo: float, hi: float, extent: int, slack: float) -> float:
    """How far to move [lo, hi] so it lies within [-slack*extent, (1+slack)*extent], or centre it if too big."""
    a, b = -slack * extent, (1 + slack) * extent
    if hi - lo > b - a:
        return (a + b) / 2 - (lo + hi) / 2
    if lo < a:
        return a - lo
    if hi > b:
        return b - hi
    return 0.0


def _scene_start(spec: PhotoSpec, seed: int) -> tuple[Kind, random.Random, str]:
    """The kind of `spec`, its scene's random stream (the same for every view of the item) and the backdrop it
    picks first."""
    kind = validate(spec)
    scene_rng = random.Random(f"scene:{seed}:{spec.kind}")
    return kind, scene_rng, kind.backdrops[scene_rng.randrange(len(kind.backdrops))]


def scene_backdrop(spec: PhotoSpec, seed: int = 0) -> str:
    """The backdrop render_scene(spec, any size, seed) draws, without drawing anything."""
    return _scene_start(spec, seed)[2]


def render_scene(spec: PhotoSpec, size: tuple[int, int] = (640, 480), seed: int = 0) -> Scene:
    """Render `spec` and report where the objects and labels are. Deterministic in (spec, size, seed)."""
    kind, scene_rng, backdrop = _scene_start(spec, seed)
    w, h = int(size[0]), int(size[1])
    if w < 32 or h < 32:
        raise ValueError(f"render size: at least 32x32 pixels, got {size!r}")
    placements = _layout(spec.count, (w, h), scene_rng)
    wear_seed = scene_rng.randrange(1 << 30)
    light_variant = scene_rng.randrange(4)
    shadow_dir = scene_rng.choice((-1, 1))
    zoom, dx, dy, roll = _camera(spec.view, random.Random(f"view:{seed}:{spec.view}"))

    horizon = HORIZON.get(backdrop, 0.0)
    horizon = 0.5 + (horizon - 0.5) * zoom + dy
    if backdrop in HORIZON:
        horizon = max(0.08, horizon)
    shift = (int(dx * w), int(dy * h))  # the surface moves with the objects when the camera pans
    img = render_backdrop(backdrop, (w, h), f"{seed}:{spec.kind}", horizon, shift)

    if spec.count > 1:
        zoom = min(zoom, 1.0)  # keep every object in frame, so the count stays visible
    rendered = []
    for i, p in enumerate(placements):
        rng = random.Random(wear_seed + i)
        obj, label = _object(kind, spec, int(p.size * zoom), p.angle + roll, rng)
        cx = w / 2 + zoom * (p.cx - w / 2) + dx * w
        cy = h / 2 + zoom * (p.cy - h / 2) + dy * h
        rendered.append((obj, cx, cy, label))
    # pan the group back into the frame as a whole (never squeezing objects together)
    left = min(cx - o.width / 2 for o, cx, _, _ in rendered)
    right = max(cx + o.width / 2 for o, cx, _, _ in rendered)
    top = min(cy - o.height / 2 for o, _, cy, _ in rendered)
    bottom = max(cy + o.height / 2 for o, _, cy, _ in rendered)
    slack = 0.0 if spec.count > 1 else 0.03
    pan_x = _pan(left, right, w, slack)
    pan_y = _pan(top, bottom, h, slack)
    objects: list[tuple[Image.Image, int, int, Box | None]] = [
        (o, int(cx + pan_x - o.width / 2), int(cy + pan_y - o.height / 2), label) for o, cx, cy, label in rendered
    ]

    # soft shadows first, so no shadow falls on a neighbouring object
    for obj, x, y, _ in objects:
        a = obj.getchannel("A")
        small = a.resize((max(1, a.width // 4), max(1, a.height // 4)), Image.Resampling.BILINEAR)
        small = small.filter(ImageFilter.GaussianBlur(2.5)).point(lambda v: v * 45 // 100)
        soft = small.resize(a.size, Image.Resampling.BILINEAR)
        off_x, off_y = int(shadow_dir * 0.04 * a.width), int(0.05 * a.height)
        img.paste((12, 10, 8), (x + off_x, y + off_y), soft)

    mask = Image.new("L", (w, h), 0)
    boxes, label_boxes = [], []
    for obj, x, y, label in objects:
        img.paste(obj, (x, y), obj)
        a = obj.getchannel("A").point(lambda v: 255 if v > 127 else 0)
        mask.paste(255, (x, y), a)
        bb = a.getbbox() or (0, 0, 0, 0)
        boxes.append((bb[0] + x, bb[1] + y, bb[2] + x, bb[3] + y))
        if label is not None:
            label_boxes.append((label[0] + x, label[1] + y, label[2] + x, label[3] + y))

    img = ImageChops.multiply(img, _light((w, h), light_variant))
    nrng = random.Random(f"noise:{seed}:{spec.view}")
    noise = _noise((w, h))
    ox, oy = nrng.randrange(64), nrng.randrange(64)
    img = ImageChops.add(img, noise.crop((ox, oy, ox + w, oy + h)), 1.0, -3)
    return Scene(img, mask, tuple(boxes), tuple(label_boxes), backdrop)


def render_photo(spec: PhotoSpec, size: tuple[int, int] = (640, 480), seed: int = 0) -> Image.Image:
    """A listing photo of `spec` (RGB, `size`), identical for identical (spec, size, seed)."""
    return render_scene(spec, size, seed).image
