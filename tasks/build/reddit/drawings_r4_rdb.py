"""Input pictures drawn for round 4 (helper r4-rdb) forum tasks: a national flag on a pole (which country a dish
comes from) and a roadside welcome sign (which place a forum is for). Each is drawn from a fixed seed with
Pillow, so a build gives the same bytes; what the task asks about is what the picture plainly shows.
"""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from sites.imagery.glyphs import text_font

SIZE = (512, 384)
SKY_TOP, SKY_BOTTOM = (118, 172, 230), (205, 228, 248)
GRASS = (92, 150, 70)


def _sky(rng: random.Random) -> Image.Image:
    w, h = SIZE
    img = Image.new("RGB", SIZE, SKY_TOP)
    draw = ImageDraw.Draw(img)
    for y in range(h):
        k = y / h
        draw.line((0, y, w, y), fill=tuple(int(a + (b - a) * k) for a, b in zip(SKY_TOP, SKY_BOTTOM, strict=False)))
    for _ in range(3):  # a few soft clouds
        cx, cy = rng.randint(40, w - 40), rng.randint(20, h // 3)
        for dx in (-28, 0, 28):
            draw.ellipse((cx + dx - 30, cy - 16, cx + dx + 30, cy + 16), fill=(245, 247, 250))
    return img


def _ground(img: Image.Image, rng: random.Random, top: int) -> None:
    w, h = img.size
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, top, w, h), fill=GRASS)
    for _ in range(5):  # a few trees on the horizon
        x = rng.randint(10, w - 10)
        draw.rectangle((x - 3, top - 18, x + 3, top), fill=(90, 60, 35))
        draw.ellipse((x - 16, top - 46, x + 16, top - 12), fill=(50, 110, 50))


def _countryside(seed: int, horizon: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A sky with clouds over fields from `horizon` down, trees on it (drawn from `seed`), and a pen on it."""
    rng = random.Random(seed)
    img = _sky(rng)
    _ground(img, rng, horizon)
    return img, ImageDraw.Draw(img)


# vertical bands (left to right), horizontal bands (top to bottom), or a disc on a field
FLAGS: dict[str, tuple[str, tuple]] = {
    "France": ("vertical", ((0, 85, 164), (255, 255, 255), (239, 65, 53))),
    "Italy": ("vertical", ((0, 146, 70), (255, 255, 255), (206, 43, 55))),
    "Japan": ("disc", ((255, 255, 255), (188, 0, 45))),
}


def flag_picture(country: str, seed: int) -> Image.Image:
    """The flag of `country` (FLAGS) flying from a pole over a field."""
    w, h = SIZE
    img, draw = _countryside(seed, int(h * 0.82))
    pole_x = int(w * 0.22)
    draw.rectangle((pole_x - 4, 30, pole_x + 4, int(h * 0.9)), fill=(150, 150, 155))
    draw.ellipse((pole_x - 8, 20, pole_x + 8, 36), fill=(200, 170, 60))
    left, top, fw, fh = pole_x + 4, 44, int(w * 0.56), int(w * 0.56 * 2 / 3)
    layout, colours = FLAGS[country]
    if layout == "vertical":
        for i, colour in enumerate(colours):
            draw.rectangle((left + fw * i // 3, top, left + fw * (i + 1) // 3, top + fh), fill=colour)
    else:
        field, disc = colours
        draw.rectangle((left, top, left + fw, top + fh), fill=field)
        r = int(fh * 0.3)
        cx, cy = left + fw // 2, top + fh // 2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=disc)
    draw.rectangle((left, top, left + fw, top + fh), outline=(90, 90, 90), width=1)
    return img


def welcome_sign(lines: tuple[str, ...], seed: int) -> Image.Image:
    """A green roadside sign with white capital lettering on two posts, by a road through fields."""
    w, h = SIZE
    horizon = int(h * 0.68)
    img, draw = _countryside(seed, horizon)
    draw.polygon(((w * 0.55, horizon), (w * 0.62, horizon), (w * 0.95, h), (w * 0.30, h)), fill=(70, 70, 74))
    sx0, sy0, sx1, sy1 = int(w * 0.08), int(h * 0.14), int(w * 0.74), int(h * 0.56)
    for px in (sx0 + 50, sx1 - 50):
        draw.rectangle((px - 5, sy1, px + 5, int(h * 0.9)), fill=(120, 120, 125))
    draw.rounded_rectangle((sx0, sy0, sx1, sy1), radius=12, fill=(0, 110, 60))
    draw.rounded_rectangle((sx0 + 6, sy0 + 6, sx1 - 6, sy1 - 6), radius=9, outline=(255, 255, 255), width=3)
    sizes = [22] + [34] * (len(lines) - 1)
    total = sum(sizes) + 10 * (len(lines) - 1)
    y = (sy0 + sy1 - total) / 2
    for text, size in zip(lines, sizes, strict=False):
        font = text_font(size)
        while font.getlength(text) > sx1 - sx0 - 30 and size > 14:
            size -= 2
            font = text_font(size)
        draw.text(((sx0 + sx1 - font.getlength(text)) / 2, y), text, font=font, fill=(255, 255, 255))
        y += size + 10
    return img


def road_crossing(seed: int) -> Image.Image:
    """A country road with a zebra crossing, seen along the road, and a crossing sign at its side."""
    w, h = SIZE
    horizon = int(h * 0.45)
    img, draw = _countryside(seed, horizon)
    draw.polygon(((w * 0.46, horizon), (w * 0.54, horizon), (w * 0.98, h), (w * 0.02, h)), fill=(72, 72, 76))

    def x_at(y: float, side: float) -> float:  # the road's edge (side -1 left, 1 right) at height y
        k = (y - horizon) / (h - horizon)
        half = w * 0.04 + (w * 0.48 - w * 0.04) * k
        return w / 2 + side * half

    for y0, y1 in ((h * 0.50, h * 0.53), (h * 0.58, h * 0.62), (h * 0.70, h * 0.76)):  # centre dashes
        draw.polygon(((w / 2 - 2, y0), (w / 2 + 2, y0), (w / 2 + 4, y1), (w / 2 - 4, y1)), fill=(240, 210, 60))
    top, bottom = h * 0.80, h * 0.92
    stripes = 9
    for i in range(stripes):  # the zebra crossing's white bars across the road
        a, b = i / stripes, (i + 0.55) / stripes
        xt0 = x_at(top, -1) + (x_at(top, 1) - x_at(top, -1)) * a
        xt1 = x_at(top, -1) + (x_at(top, 1) - x_at(top, -1)) * b
        xb0 = x_at(bottom, -1) + (x_at(bottom, 1) - x_at(bottom, -1)) * a
        xb1 = x_at(bottom, -1) + (x_at(bottom, 1) - x_at(bottom, -1)) * b
        draw.polygon(((xt0, top), (xt1, top), (xb1, bottom), (xb0, bottom)), fill=(245, 245, 245))
    px, py = int(w * 0.86), int(h * 0.30)  # a triangular crossing sign on a post
    draw.rectangle((px - 3, py, px + 3, int(h * 0.72)), fill=(120, 120, 125))
    draw.polygon(((px, py - 46), (px - 42, py + 24), (px + 42, py + 24)), fill=(200, 30, 30))
    draw.polygon(((px, py - 32), (px - 30, py + 16), (px + 30, py + 16)), fill=(255, 255, 255))
    for dx in (-14, -4, 6, 16):  # the sign's own little zebra crossing
        draw.rectangle((px + dx - 3, py + 4, px + dx + 2, py + 12), fill=(30, 30, 30))
    return img
