"""Glyph bitmaps from the colour emoji font and DejaVu text fonts, loaded once and cached."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from sites.imagery.portable import luma as luma_of

EMOJI_FONT = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
TEXT_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
EMOJI_PX = 109  # the only size the CBDT bitmaps come in


class FontMissing(RuntimeError):
    """A font the imagery library draws with is not installed."""


@functools.lru_cache(maxsize=1)
def emoji_font() -> ImageFont.FreeTypeFont:
    if not EMOJI_FONT.exists():
        raise FontMissing(f"colour emoji font not found at {EMOJI_FONT} (Debian package fonts-noto-color-emoji)")
    return ImageFont.truetype(str(EMOJI_FONT), EMOJI_PX)


@functools.lru_cache(maxsize=64)
def text_font(px: int) -> ImageFont.FreeTypeFont:
    if not TEXT_FONT.exists():
        raise FontMissing(f"text font not found at {TEXT_FONT} (Debian package fonts-dejavu-core)")
    return ImageFont.truetype(str(TEXT_FONT), px)


@dataclass(frozen=True)
class Glyph:
    """One emoji as RGBA (cropped to its pixels) plus arrays used for recolouring."""

    image: Image.Image  # RGBA
    rgb: np.ndarray  # float32 HxWx3, 0..255
    alpha: np.ndarray  # float32 HxW, 0..1
    body: np.ndarray  # float32 HxW, 0..1: how much each pixel belongs to the recolourable body
    body_luma_mid: float  # median luminance (0..255) of the body pixels


@functools.lru_cache(maxsize=256)
def glyph(emoji: str, body_mode: str = "hue") -> Glyph:
    if emoji.startswith("box:"):  # a box with a creature on its front, drawn in code (boxes.py)
        return _box_glyph(emoji[len("box:") :])
    codepoints = emoji.replace("\ufe0f", "")
    canvas = Image.new("RGBA", (160, 160), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).text((8, 8), codepoints, font=emoji_font(), embedded_color=True)
    box = canvas.getbbox()
    if box is None:
        raise FontMissing(f"emoji {emoji!r} has no bitmap in {EMOJI_FONT}")
    arr = np.asarray(canvas.crop(box), dtype=np.float32)
    rgb, alpha = arr[..., :3], arr[..., 3] / 255.0
    # the font's bitmaps come out premultiplied at the rim (colour * coverage): undo it, or edges turn dark
    rgb = np.where(alpha[..., None] > 0, np.clip(rgb / np.maximum(alpha[..., None], 1e-3), 0, 255), 0)
    img = Image.fromarray(np.dstack([rgb, alpha * 255]).astype(np.uint8), "RGBA")
    body = _body_mask(img, rgb, alpha, body_mode)
    luma = luma_of(rgb)
    sel = body > 0.5
    mid = float(np.median(luma[sel])) if sel.any() else 128.0
    return Glyph(img, rgb, alpha, body, mid)


def _box_glyph(creature: str) -> Glyph:
    from sites.imagery.boxes import box_drawing

    img, body = box_drawing(glyph(creature).image)
    arr = np.asarray(img, dtype=np.float32)
    rgb, alpha = arr[..., :3], arr[..., 3] / 255.0
    sel = body > 0.5
    mid = float(np.median(luma_of(rgb)[sel])) if sel.any() else 128.0
    return Glyph(img, rgb, alpha, body, mid)


def _body_mask(img: Image.Image, rgb: np.ndarray, alpha: np.ndarray, mode: str) -> np.ndarray:
    hsv = np.asarray(img.convert("RGB").convert("HSV"), dtype=np.float32)
    h, s, v = hsv[..., 0], hsv[..., 1] / 255.0, hsv[..., 2] / 255.0
    opaque = alpha > 0.5
    if mode == "pale":  # a pale-tinted body (the light blue t-shirt), not its saturated trim
        w = np.clip((0.36 - s) / 0.05, 0, 1) * np.clip((v - 0.62) / 0.1, 0, 1)
    elif mode == "light":
        w = np.clip((0.30 - s) / 0.12, 0, 1) * np.clip((v - 0.62) / 0.12, 0, 1)
    elif mode == "dark":
        w = np.clip((0.35 - s) / 0.12, 0, 1) * np.clip((0.40 - v) / 0.12, 0, 1)
    elif mode == "hue":
        sat = opaque & (s > 0.25) & (v > 0.15)
        if not sat.any():
            return np.zeros(alpha.shape, np.float32)
        hist = np.bincount((h[sat] // 8).astype(np.int64), minlength=32).astype(np.float64)
        hist = hist + np.roll(hist, 1) + np.roll(hist, -1)  # hue is circular; smooth over neighbours
        centre = (int(np.argmax(hist)) * 8 + 4) % 256
        dist = np.abs(h - centre)
        dist = np.minimum(dist, 256 - dist)
        w = np.clip((26 - dist) / 8, 0, 1) * np.clip((s - 0.18) / 0.1, 0, 1) * np.clip((v - 0.12) / 0.08, 0, 1)
    else:
        raise ValueError(f"Kind.body: unknown body mode {mode!r}")
    w = (w * opaque * 255).astype(np.uint8)
    # grow by one pixel into the anti-aliased rim, so the upscaled outline has no old-colour fringe
    grown = np.asarray(Image.fromarray(w, "L").filter(ImageFilter.MaxFilter(3)), dtype=np.float32) / 255.0
    rim = (alpha > 0) & ~opaque
    return np.where(rim, grown, w / 255.0).astype(np.float32)
