"""An object's look before it is placed: recoloured body, pattern clipped to the body, at a given pixel size."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageFilter

from sites.imagery.catalog import COLORS, Kind
from sites.imagery.glyphs import glyph
from sites.imagery.portable import luma as luma_of

_STEEPEN = [max(0, min(255, int((v - 128) * 2.4 + 128))) for v in range(256)]
LIGHT_COLORS = {"white", "yellow", "pink", "orange"}


@dataclass(frozen=True)
class Sprite:
    image: Image.Image  # RGBA at the requested size, turned by `angle`
    body: np.ndarray  # float32 HxW 0..1, the recolourable body (where patterns and prints go)
    upright: tuple[int, int]  # (w, h) of the object before it was turned
    angle: float


def recolor(kind: Kind, color: str | None) -> Image.Image:
    """The kind's glyph (RGBA, font resolution) with its body in `color`, shading kept."""
    g = glyph(kind.emoji, kind.body)
    if color is None:
        return g.image
    target = np.array(COLORS[color], dtype=np.float32)
    luma = luma_of(g.rgb)
    # Shading relative to the body's middle tone, added to the target; dark colours get a little less contrast
    # compression so folds and edges stay visible.
    gain = 0.85 if color not in ("black", "white") else 0.6
    shaded = np.clip(target + ((luma - g.body_luma_mid) * gain)[..., None], 0, 255)
    w = g.body[..., None]
    rgb = g.rgb * (1 - w) + shaded * w
    out = np.dstack([rgb, g.alpha * 255]).astype(np.uint8)
    return Image.fromarray(out, "RGBA")


@functools.lru_cache(maxsize=64)
def pattern_mask(pattern: str, size: tuple[int, int], period: int) -> np.ndarray:
    """1 where the pattern's second colour goes, for a sprite of `size` (w, h); float32 0..1."""
    w, h = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    p = float(max(period, 6))
    if pattern == "striped":
        phase = np.mod(xs + ys, p) / p  # diagonal stripes, anti-aliased edges
        return np.clip(np.minimum(phase, 1 - phase) * p - p * 0.22, 0, 1).astype(np.float32)
    if pattern == "dotted":
        row = np.floor(ys / p)
        cx = np.mod(xs + (row % 2) * p / 2, p) - p / 2
        cy = np.mod(ys, p) - p / 2
        r = p * 0.27
        return np.clip(r - np.sqrt(cx * cx + cy * cy) + 0.5, 0, 1).astype(np.float32)
    if pattern == "checked":
        return ((np.floor(xs / p) + np.floor(ys / p)) % 2).astype(np.float32)
    return np.zeros((h, w), np.float32)


def pattern_color(color: str | None, base_rgb: np.ndarray) -> np.ndarray:
    if color is None:
        light = float(luma_of(base_rgb)) > 150
    else:
        light = color in LIGHT_COLORS
    return np.array((28, 32, 60) if light else (246, 244, 236), dtype=np.float32)


def _apply_pattern(img: Image.Image, body: np.ndarray, pattern: str, color: str | None) -> Image.Image:
    arr = np.asarray(img, dtype=np.float32)
    rgb = arr[..., :3]
    sel = body > 0.5
    mean = rgb[sel].mean(axis=0) if sel.any() else np.array([128, 128, 128], np.float32)
    pcol = pattern_color(color, mean)
    # Keep the body's shading under the pattern: scale the pattern colour by the local brightness ratio.
    shade = np.clip(luma_of(rgb) / max(float(luma_of(mean)), 1.0), 0.55, 1.3)[..., None]
    period = max(img.size) // 9
    m = (pattern_mask(pattern, img.size, period - period % 2) * body)[..., None] * 0.92
    rgb = rgb * (1 - m) + np.clip(pcol * shade, 0, 255) * m
    return Image.fromarray(np.dstack([rgb, arr[..., 3]]).astype(np.uint8), "RGBA")


def _patterned(kind: Kind, mid: Image.Image, color: str | None, pattern: str) -> tuple[Image.Image, Image.Image]:
    """`mid` (the recoloured object at some size) with the pattern on its body, and the body mask (L) at its size."""
    g = glyph(kind.emoji, kind.body)
    body_mid = Image.fromarray((g.body * 255).astype(np.uint8), "L").resize(mid.size, Image.Resampling.BILINEAR)
    if pattern != "plain" and kind.colorable:
        mid = _apply_pattern(mid, np.asarray(body_mid, dtype=np.float32) / 255.0, pattern, color)
    return mid, body_mid


@functools.lru_cache(maxsize=128)  # ~0.4 MB each (272 px RGBA and its mask): 50 MB at most
def _doubled(kind: Kind, color: str | None, pattern: str) -> tuple[Image.Image, Image.Image]:
    """The object recoloured and patterned at twice the bitmaps' size, and its body mask (L) at that size: what
    every sprite of the kind, colour and pattern drawn larger than 1.5x is turned and scaled from."""
    base = recolor(kind, color)
    bw, bh = base.size
    # Soften the pixel steps at 2x (premultiplied, so edges do not darken), steepen the outline again, pattern.
    mid = base.resize((bw * 2, bh * 2), Image.Resampling.BICUBIC).convert("RGBa")
    mid = mid.filter(ImageFilter.GaussianBlur(0.9)).convert("RGBA")
    mid.putalpha(mid.getchannel("A").point(_STEEPEN))
    return _patterned(kind, mid, color, pattern)


@functools.lru_cache(maxsize=64)  # up to ~1.5 MB each at 640x480: bounded for long-running site processes
def sprite(kind: Kind, color: str | None, pattern: str, size: int, angle: float = 0.0) -> Sprite:
    """The object scaled so its longer side is `size` px, recoloured, patterned, and turned by `angle` degrees
    (counter-clockwise; the image grows to hold the turned object). Cached: there is no randomness here."""
    g = glyph(kind.emoji, kind.body)
    bw, bh = g.image.size
    scale = size / max(bw, bh)
    if scale > 1.5:
        # The bitmaps are 136 px. Work at 2x (the same for every size and angle: drawn once per kind, colour and
        # pattern), turn the object there, then scale to the final size. Turning at 2x rather than at the final
        # size is what keeps a render fast.
        factor: float = 2
        mid, body_mid = _doubled(kind, color, pattern)
    else:
        factor = scale
        base = recolor(kind, color)
        mid = base.resize((max(1, round(bw * scale)), max(1, round(bh * scale))), Image.Resampling.BICUBIC)
        mid, body_mid = _patterned(kind, mid, color, pattern)
    if angle:
        mid = mid.rotate(angle, resample=Image.Resampling.BILINEAR, expand=True)
        body_mid = body_mid.rotate(angle, resample=Image.Resampling.BILINEAR, expand=True)
    ratio = scale / factor
    out_size = (max(1, round(mid.width * ratio)), max(1, round(mid.height * ratio)))
    img = mid.resize(out_size, Image.Resampling.BILINEAR) if out_size != mid.size else mid
    body = np.asarray(body_mid.resize(out_size, Image.Resampling.BILINEAR), dtype=np.float32) / 255.0
    return Sprite(img, body, (round(bw * scale), round(bh * scale)), angle)
