"""Backdrops: where the item is photographed (table top, floor, wall, studio sweep, grass, driveway, water).

Grey textures are made once (procedural wood grain and water, scikit-image's bundled brick/grass/gravel
photographs), then each photo crops them at a seeded offset and tints them with a seeded palette.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageOps
from PIL.Image import Resampling

from sites.imagery.portable import sin

TEX_W, TEX_H = 1100, 820

WALL_PAINTS = [
    ((200, 192, 178), (246, 240, 228)),
    ((170, 180, 186), (228, 234, 236)),
    ((176, 188, 170), (228, 236, 222)),
    ((196, 182, 168), (240, 230, 218)),
]
WOODS = [
    ((118, 74, 38), (186, 132, 80)),
    ((78, 48, 26), (138, 92, 56)),
    ((170, 130, 86), (226, 190, 142)),
    ((150, 134, 118), (212, 200, 186)),
]
BRICKS = [((70, 30, 22), (196, 104, 80)), ((110, 100, 96), (236, 232, 226))]
GRASSES = [((22, 60, 14), (120, 178, 70)), ((36, 66, 20), (150, 182, 84))]
GRAVELS = [((52, 52, 54), (170, 168, 162)), ((70, 64, 58), (190, 180, 166))]
WATERS = [((14, 52, 92), (96, 160, 196)), ((16, 70, 86), (110, 178, 182))]
STUDIOS = [((196, 196, 198), (252, 252, 252)), ((200, 194, 186), (250, 246, 240))]


def _skimage_sample(name: str, rotate: bool = False) -> Image.Image:
    """A grey sample photograph shipped inside the scikit-image wheel (no download)."""
    import skimage.data

    path = Path(skimage.data.__file__).parent / name
    img = Image.open(path).convert("L")
    if rotate:
        img = img.transpose(Image.Transpose.ROTATE_90)
    scale = max(TEX_W / img.width, TEX_H / img.height)
    tiled = img.resize((round(img.width * scale), round(img.height * scale)), Resampling.BICUBIC)
    tiled = tiled.crop((0, 0, TEX_W, TEX_H))
    return ImageOps.autocontrast(tiled, cutoff=1)


def _noise(w: int, h: int, seed: int, blur: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    img = Image.fromarray((rng.random((h, w)) * 255).astype(np.uint8), "L")
    if blur:
        img = img.filter(ImageFilter.GaussianBlur(blur))
    a = np.asarray(img, dtype=np.float32)
    return (a - a.min()) / max(float(a.max() - a.min()), 1.0)


@functools.cache
def grey_texture(name: str) -> Image.Image:
    """A TEX_W x TEX_H grey texture; cached for the life of the process."""
    if name == "brick":
        return _skimage_sample("brick.png", rotate=True)
    if name == "grass":
        return _skimage_sample("grass.png")
    if name == "gravel":
        return _skimage_sample("gravel.png")
    ys, xs = np.mgrid[0:TEX_H, 0:TEX_W].astype(np.float32)
    if name == "wood":
        warp = _noise(TEX_W // 8, TEX_H // 8, 11, 2)
        warp = (
            np.asarray(
                Image.fromarray((warp * 255).astype(np.uint8)).resize((TEX_W, TEX_H), Resampling.BICUBIC),
                dtype=np.float32,
            )
            / 255.0
        )
        fine = _noise(TEX_W, TEX_H // 4, 12, 0)
        fine = (
            np.asarray(
                Image.fromarray((fine * 255).astype(np.uint8)).resize((TEX_W, TEX_H), Resampling.BILINEAR),
                dtype=np.float32,
            )
            / 255.0
        )
        grain = 0.5 + 0.5 * sin((ys + warp * 35) * 0.09 + sin(xs * 0.003) * 2)
        plank = ((ys.astype(np.int32) % 150) < 3).astype(np.float32)  # seams between boards
        g = 0.55 * grain + 0.35 * fine + 0.1 * warp
        g = g * (1 - 0.6 * plank)
        return Image.fromarray((np.clip(g, 0, 1) * 255).astype(np.uint8), "L")
    if name == "water":
        n = _noise(TEX_W // 4, TEX_H // 4, 21, 1.5)
        n = (
            np.asarray(
                Image.fromarray((n * 255).astype(np.uint8)).resize((TEX_W, TEX_H), Resampling.BICUBIC), dtype=np.float32
            )
            / 255.0
        )
        waves = 0.5 + 0.5 * sin(ys * 0.25 + n * 9 + sin(xs * 0.03) * 1.5)
        g = 0.5 * (waves * waves * waves) + 0.5 * n
        return Image.fromarray((np.clip(g, 0, 1) * 255).astype(np.uint8), "L")
    if name == "paint":
        n = _noise(TEX_W // 2, TEX_H // 2, 31, 1)
        g = 0.82 + 0.12 * n
        img = Image.fromarray((np.clip(g, 0, 1) * 255).astype(np.uint8), "L")
        return img.resize((TEX_W, TEX_H), Resampling.BILINEAR)
    if name == "sweep":
        d = np.abs(ys / TEX_H - 0.62)
        g = 1.0 - 0.35 * (d * np.sqrt(d))  # d ** 1.5 without np.power (its SIMD path varies by CPU)
        return Image.fromarray((np.clip(g, 0, 1) * 255).astype(np.uint8), "L")
    raise ValueError(f"unknown texture {name!r}")


def _tinted(
    texture: str,
    palette: tuple[tuple[int, int, int], tuple[int, int, int]],
    size: tuple[int, int],
    offset: tuple[int, int],
    rotate: bool = False,
) -> Image.Image:
    w, h = size
    tex = _covering(texture, rotate, w, h)
    ox = offset[0] % max(1, tex.width - w + 1)
    oy = offset[1] % max(1, tex.height - h + 1)
    crop = tex.crop((ox, oy, ox + w, oy + h))
    return crop.convert("RGB").point(_ramp(palette))


@functools.cache
def _ramp(palette: tuple[tuple[int, int, int], tuple[int, int, int]]) -> list[int]:
    """A lookup table mapping grey 0..255 onto the line from palette[0] to palette[1], per channel."""
    lo, hi = palette
    return [lo[c] + (hi[c] - lo[c]) * v // 255 for c in range(3) for v in range(256)]


@functools.lru_cache(maxsize=32)
def _covering(texture: str, rotate: bool, w: int, h: int) -> Image.Image:
    """The texture, scaled up if needed so a w x h crop fits (cached per size: large photos stay fast)."""
    tex = _rotated(texture) if rotate else grey_texture(texture)
    if w > tex.width or h > tex.height:
        factor = max(w / tex.width, h / tex.height)
        tex = tex.resize((round(tex.width * factor) + 1, round(tex.height * factor) + 1), Resampling.BILINEAR)
    return tex


@functools.cache
def _rotated(texture: str) -> Image.Image:
    return grey_texture(texture).transpose(Image.Transpose.ROTATE_90).resize((TEX_W, TEX_H), Resampling.BILINEAR)


def render_backdrop(
    name: str, size: tuple[int, int], seed: int | str, horizon: float, shift: tuple[int, int]
) -> Image.Image:
    """An RGB backdrop of `size`. `horizon` (0..1) is where a wall meets a table/floor or the sky meets water;
    `shift` moves the texture crop (camera position), so different views of one scene show the same surface."""
    rng = random.Random(f"backdrop:{seed}")
    w, h = size
    off = (rng.randrange(100, 400) - shift[0], rng.randrange(80, 300) - shift[1])
    hy = max(0, min(h, int(h * horizon)))
    if name in ("table", "floor"):
        img = _tinted("paint", rng.choice(WALL_PAINTS), size, off)
        surface = _tinted("wood", rng.choice(WOODS), (w, h - hy), off, rotate=(name == "floor"))
        img.paste(surface, (0, hy))
        d = ImageDraw.Draw(img)
        if name == "table":  # the table's front edge catches the light, then a dark gap to the wall
            d.rectangle((0, hy - 3, w, hy), fill=(60, 44, 30))
        else:  # skirting board
            d.rectangle((0, hy - max(6, h // 40), w, hy), fill=(236, 234, 228))
            d.line((0, hy, w, hy), fill=(120, 110, 100), width=2)
        return img
    if name == "wall":
        return _tinted("brick", rng.choice(BRICKS), size, off)
    if name == "grass":
        return _tinted("grass", rng.choice(GRASSES), size, off)
    if name == "driveway":
        img = _tinted("gravel", rng.choice(GRAVELS), size, off)
        if hy > 0:  # a strip of lawn at the far end of the driveway
            img.paste(_tinted("grass", rng.choice(GRASSES), (w, hy), off), (0, 0))
        return img
    if name == "water":
        img = _tinted("water", rng.choice(WATERS), size, off)
        if hy > 0:
            sky = np.linspace(0, 1, hy, dtype=np.float32)[:, None, None]
            top, bottom = np.array((120, 170, 225), np.float32), np.array((214, 230, 244), np.float32)
            band = (top * (1 - sky) + bottom * sky) * np.ones((1, w, 1), np.float32)
            img.paste(Image.fromarray(band.astype(np.uint8), "RGB"), (0, 0))
            ImageDraw.Draw(img).line((0, hy, w, hy), fill=(70, 110, 130), width=2)
        return img
    if name == "studio":
        return _tinted("sweep", rng.choice(STUDIOS), size, (0, off[1] % 60))
    raise ValueError(f"unknown backdrop {name!r}")
