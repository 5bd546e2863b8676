"""Printed text on an object: straight on its body ("print") or on a white sticker ("sticker")."""
from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

from sites.imagery.glyphs import text_font

LUMA = np.array([0.299, 0.587, 0.114], dtype=np.float32)
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


def draw_text(img: Image.Image, body: np.ndarray, text: str, style: str,
              at: tuple[float, float, float] | None = None,
              glyph_box: tuple[int, int, int, int] | None = None) -> tuple[int, int, int, int]:
    """Draw `text` onto RGBA `img` in place; returns the label's box (x0, y0, x1, y1) in `img` pixels.
    `at` = (centre x, centre y, width) as fractions of `glyph_box` (the object's box in `img`)."""
    alpha = np.asarray(img.getchannel("A"), dtype=np.float32) / 255.0
    region = body if style == "print" and (body > 0.5).sum() > 0.08 * (alpha > 0.5).sum() else alpha
    if at is not None and glyph_box is not None:
        gx0, gy0, gx1, gy1 = glyph_box
        gw, gh = gx1 - gx0, gy1 - gy0
        cx, cy = gx0 + at[0] * gw, gy0 + at[1] * gh
        half = at[2] * gw / (2 * 0.72)
        found = (cx, cy, cx - half, cy - half * 0.9, cx + half, cy + half * 0.9)
    else:
        found = _centroid_box(region)
    if found is None:
        found = (img.width / 2, img.height / 2, 0, 0, img.width - 1, img.height - 1)
    cx, cy, x0, y0, x1, y1 = found
    d = ImageDraw.Draw(img)
    if style == "print":
        max_w = 0.72 * (x1 - x0 + 1)
        font = _fit_font(text, max_w, 0.34 * (y1 - y0 + 1))
        rgb = np.asarray(img.convert("RGB"), dtype=np.float32)
        sel = region > 0.5
        mean_luma = float((rgb[sel] @ LUMA).mean()) if sel.any() else 128.0
        ink, outline = ((20, 20, 28), (255, 255, 255)) if mean_luma > 140 else ((255, 255, 255), (20, 20, 28))
        stroke = max(1, font.size // 14)
        box = d.textbbox((cx, cy), text, font=font, anchor="mm", stroke_width=stroke)
        d.text((cx, cy), text, font=font, fill=ink, anchor="mm", stroke_width=stroke, stroke_fill=outline)
        return tuple(int(v) for v in box)
    # sticker: white rounded label with dark text, centred on the object
    w = img.width
    max_w = 0.6 * w
    font = _fit_font(text, max_w * 0.86, 0.2 * img.height)
    tb = d.textbbox((cx, cy), text, font=font, anchor="mm")
    pad_x, pad_y = max(4, font.size // 3), max(3, font.size // 4)
    box = (tb[0] - pad_x, tb[1] - pad_y, tb[2] + pad_x, tb[3] + pad_y)
    d.rounded_rectangle(box, radius=max(3, font.size // 4), fill=(250, 250, 246, 255), outline=(150, 150, 150, 255),
                        width=max(1, font.size // 20))
    d.text((cx, cy), text, font=font, fill=(18, 18, 24, 255), anchor="mm")
    return tuple(int(v) for v in box)
