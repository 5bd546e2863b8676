"""Printed text on an object: straight on its body ("print") or on a white sticker ("sticker")."""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from sites.imagery.glyphs import text_font
from sites.imagery.portable import luma

REF_PX = 100


def _fit_font(text: str, max_w: float, max_h: float):
    ref = text_font(REF_PX)
    width = max(ref.getlength(text), 1.0)
    px = int(min(REF_PX * max_w / width, max_h))
    return text_font(max(px, 8))


def _centroid_box(mask: np.ndarray) -> tuple[float, float, int, int, int, int] | None:
    ys, xs = np.nonzero(mask > 0.5)
    if xs.size == 0:
        return None
    return float(xs.mean()), float(ys.mean()), int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max())


def draw_text(
    img: Image.Image,
    body: np.ndarray,
    text: str,
    style: str,
    upright: tuple[int, int],
    angle: float = 0.0,
    at: tuple[float, float, float] | None = None,
) -> tuple[int, int, int, int]:
    """Draw `text` onto RGBA `img` (an object centred in it, turned by `angle` degrees) in place, turned with
    the object. `upright` is the object's (w, h) before turning; `at` = (centre x, centre y, width) as fractions
    of that upright box, or None for the middle of the body. Returns the label's box (x0, y0, x1, y1)."""
    uw, uh = upright
    alpha = np.asarray(img.getchannel("A"), dtype=np.float32) / 255.0
    region = body if style == "print" and (body > 0.5).sum() > 0.08 * (alpha > 0.5).sum() else alpha
    if at is not None:
        a = math.radians(angle)
        dx, dy = (at[0] - 0.5) * uw, (at[1] - 0.5) * uh
        cx = img.width / 2 + math.cos(a) * dx + math.sin(a) * dy
        cy = img.height / 2 - math.sin(a) * dx + math.cos(a) * dy
        span_w, span_h = at[2] * uw / 0.72, at[2] * uw / 0.72 * 0.9
    else:
        found = _centroid_box(region)
        if found is None:
            found = (img.width / 2, img.height / 2, 0, 0, uw - 1, uh - 1)
        cx, cy, x0, y0, x1, y1 = found
        span_w, span_h = min(x1 - x0 + 1, uw), min(y1 - y0 + 1, uh)

    if style == "print":
        font = _fit_font(text, 0.72 * span_w, 0.34 * span_h)
        rgb = np.asarray(img.convert("RGB"), dtype=np.float32)
        sel = region > 0.5
        mean_luma = float(luma(rgb[sel]).mean()) if sel.any() else 128.0
        ink, outline = ((20, 20, 28), (255, 255, 255)) if mean_luma > 140 else ((255, 255, 255), (20, 20, 28))
        stroke = max(1, font.size // 14)
        layer = _layer_for(text, font, stroke, pad=(2, 2))
        ImageDraw.Draw(layer).text(
            (layer.width / 2, layer.height / 2),
            text,
            font=font,
            fill=ink,
            anchor="mm",
            stroke_width=stroke,
            stroke_fill=outline,
        )
    else:  # sticker: a white rounded label with dark text
        font = _fit_font(text, 0.77 * uw * 0.86, 0.26 * uh)
        pad = (max(4, font.size // 3), max(3, font.size // 4))
        layer = _layer_for(text, font, 0, pad)
        d = ImageDraw.Draw(layer)
        d.rounded_rectangle(
            (0, 0, layer.width - 1, layer.height - 1),
            radius=max(3, font.size // 4),
            fill=(250, 250, 246, 255),
            outline=(150, 150, 150, 255),
            width=max(1, font.size // 20),
        )
        d.text((layer.width / 2, layer.height / 2), text, font=font, fill=(18, 18, 24, 255), anchor="mm")
    if angle:
        layer = layer.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    x, y = round(cx - layer.width / 2), round(cy - layer.height / 2)
    img.paste(layer, (x, y), layer)
    lb = layer.getchannel("A").getbbox() or (0, 0, layer.width, layer.height)
    return (max(0, x + lb[0]), max(0, y + lb[1]), min(img.width, x + lb[2]), min(img.height, y + lb[3]))


def _layer_for(text: str, font, stroke: int, pad: tuple[int, int]) -> Image.Image:
    left, top, right, bottom = font.getbbox(text, anchor="mm", stroke_width=stroke)
    return Image.new("RGBA", (int(right - left) + 2 * pad[0] + 2, int(bottom - top) + 2 * pad[1] + 2), (0, 0, 0, 0))
