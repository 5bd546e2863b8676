"""Condition marks: a shine and a blank price tag when new, scuffs when used, cracks/tape/dirt/a missing
chunk when damaged. All drawn with a seeded random generator and clipped to the object's silhouette."""

from __future__ import annotations

import math
import random

from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter


def _clip_to(layer: Image.Image, alpha: Image.Image) -> Image.Image:
    layer.putalpha(ImageChops.multiply(layer.getchannel("A"), alpha))
    return layer


def _gloss(img: Image.Image, rng: random.Random, strength: int) -> None:
    w, h = img.size
    sw, sh = max(1, w // 4), max(1, h // 4)  # drawn small and blurred, then scaled up: it is soft anyway
    shine = Image.new("L", (sw, sh), 0)
    x = rng.uniform(0.15, 0.45) * sw
    band = max(2, sw // 9)
    ImageDraw.Draw(shine).polygon([(x, 0), (x + band, 0), (x + band - sh * 0.5, sh), (x - sh * 0.5, sh)], fill=strength)
    shine = shine.filter(ImageFilter.GaussianBlur(max(1, band // 4))).resize((w, h), Image.Resampling.BILINEAR)
    layer = Image.new("RGBA", img.size, (255, 255, 255, 0))
    layer.putalpha(shine)
    img.alpha_composite(_clip_to(layer, img.getchannel("A")))


def _price_tag(img: Image.Image, rng: random.Random) -> None:
    """A blank card tag tied to the top-right of the object (no text, so it never reads as printed text)."""
    w, h = img.size
    a = img.getchannel("A")
    box = a.getbbox() or (0, 0, w, h)
    s = max(10, (box[2] - box[0]) // 6)
    ax, ay = box[2] - s * 2.2, box[1] + s * 1.2
    tx, ty = min(w - s * 1.2, ax + s * 0.8), max(s * 0.7, ay - s * 0.2)
    d = ImageDraw.Draw(img)
    d.line((ax, ay, tx, ty), fill=(90, 80, 70, 255), width=max(1, s // 10))
    ang = math.radians(rng.uniform(-25, 10))
    pts = [
        (0, -s * 0.35),
        (s * 0.2, -s * 0.55),
        (s * 1.0, -s * 0.55),
        (s * 1.0, s * 0.55),
        (s * 0.2, s * 0.55),
        (0, s * 0.35),
    ]
    poly = [
        (tx + px * math.cos(ang) - py * math.sin(ang), ty + px * math.sin(ang) + py * math.cos(ang)) for px, py in pts
    ]
    d.polygon(poly, fill=(250, 236, 200, 255), outline=(150, 130, 100, 255))
    r = max(1, s // 12)
    d.ellipse((tx + s * 0.15 - r, ty - r, tx + s * 0.15 + r, ty + r), fill=(90, 80, 70, 255))


def _scuffs(img: Image.Image, rng: random.Random, n: int, alpha: int) -> None:
    w, h = img.size
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    for _ in range(n):
        x, y = rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h
        ang = rng.uniform(0, math.pi)
        ln = rng.uniform(0.05, 0.14) * w
        col = (255, 255, 255, alpha) if rng.random() < 0.6 else (40, 30, 20, alpha)
        d.line((x, y, x + ln * math.cos(ang), y + ln * math.sin(ang)), fill=col, width=max(1, w // 120))
    img.alpha_composite(_clip_to(layer, img.getchannel("A")))


def _damage(img: Image.Image, rng: random.Random) -> None:
    w, h = img.size
    a = img.getchannel("A")
    box = a.getbbox() or (0, 0, w, h)
    bw, bh = box[2] - box[0], box[3] - box[1]
    # dirt: soft brown blotches, drawn at quarter size and scaled up
    q = 4
    dirt = Image.new("L", (max(1, w // q), max(1, h // q)), 0)
    dd = ImageDraw.Draw(dirt)
    for _ in range(5):
        x, y = (box[0] + rng.uniform(0.1, 0.9) * bw) / q, (box[1] + rng.uniform(0.1, 0.9) * bh) / q
        r = rng.uniform(0.03, 0.08) * bw / q
        dd.ellipse((x - r, y - r * 0.7, x + r, y + r * 0.7), fill=110)
    dirt = dirt.filter(ImageFilter.GaussianBlur(max(1, w // (90 * q)))).resize((w, h), Image.Resampling.BILINEAR)
    layer = Image.new("RGBA", img.size, (70, 50, 25, 0))
    layer.putalpha(dirt)
    d = ImageDraw.Draw(layer)
    # cracks: jagged dark lines running from an edge inwards, with a light rim so they read on dark objects
    width = max(2, w // 110)
    for _ in range(2):
        x, y = box[0] + rng.uniform(0.2, 0.8) * bw, box[1] + rng.uniform(0.05, 0.25) * bh
        pts = [(x, y)]
        for _ in range(6):
            x += rng.uniform(-0.09, 0.09) * bw
            y += rng.uniform(0.06, 0.12) * bh
            pts.append((x, y))
        d.line([(px + width, py) for px, py in pts], fill=(255, 255, 255, 160), width=max(1, width // 2))
        d.line(pts, fill=(15, 12, 10, 235), width=width, joint="curve")
        bx, by = pts[3]
        d.line(
            (bx, by, bx + rng.choice((-1, 1)) * 0.12 * bw, by + 0.05 * bh),
            fill=(15, 12, 10, 220),
            width=max(1, width - 1),
        )
    # tape across a lower corner
    corner_left = rng.random() < 0.5
    tx = box[0] + (0.22 if corner_left else 0.78) * bw
    ty = box[1] + 0.8 * bh
    tl, tw = 0.34 * bw, 0.085 * bw
    ang = math.radians(rng.uniform(25, 50) * (1 if corner_left else -1))
    c, s = math.cos(ang), math.sin(ang)
    pts = [(-tl / 2, -tw / 2), (tl / 2, -tw / 2), (tl / 2, tw / 2), (-tl / 2, tw / 2)]
    d.polygon(
        [(tx + px * c - py * s, ty + px * s + py * c) for px, py in pts],
        fill=(228, 208, 150, 215),
        outline=(190, 170, 120, 230),
    )
    img.alpha_composite(_clip_to(layer, a))
    # a chunk broken off one top corner
    cut = Image.new("L", img.size, 0)
    cx = box[0] + (0.85 if corner_left else 0.15) * bw
    cy = box[1] + 0.12 * bh
    r = 0.13 * min(bw, bh)
    ImageDraw.Draw(cut).polygon(
        [
            (cx - r, cy - r * 1.4),
            (cx + r * 1.2, cy - r * 0.6),
            (cx + r * 0.1, cy + r * 0.4),
            (cx - r * 0.7, cy + r * 0.9),
            (cx - r * 1.3, cy - r * 0.1),
        ],
        fill=255,
    )
    img.putalpha(ImageChops.subtract(a, cut))


def apply_condition(img: Image.Image, condition: str, rng: random.Random) -> Image.Image:
    """Returns `img` (RGBA, padded so a tag fits) marked for `condition`."""
    if condition == "new":
        _gloss(img, rng, 90)
        _price_tag(img, rng)
    elif condition == "like new":
        _gloss(img, rng, 38)
    elif condition == "used":
        faded = ImageEnhance.Color(img).enhance(0.94)
        img.paste(faded)
        _scuffs(img, rng, 16, 120)
    elif condition == "damaged":
        faded = ImageEnhance.Color(img).enhance(0.75)
        img.paste(faded)
        _scuffs(img, rng, 14, 110)
        _damage(img, rng)
    return img
