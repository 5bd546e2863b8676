"""Pictures people post on a forum: photos, captioned memes, old photos, charts with numbers, stock charts,
landscapes, space scenes, abstract artworks and city skylines (and, drawn by forum_screens, film posters and
brokerage screenshots).

    from sites.imagery.forum_pictures import ForumPicture, render_picture
    pic = ForumPicture("meme", kind="cat", top_text="WHEN THE CODE RUNS", bottom_text="FIRST TRY")
    render_picture(pic, (640, 480), seed=7)
    pic.facts()        # what the picture shows, for task authors: {"style": "meme", "kind": "cat", ...}

Every field is something a person sees in the picture; `validate` checks them, naming the field at fault.
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass

from PIL import Image, ImageDraw, ImageFilter, ImageOps

from sites.imagery.catalog import COLORS
from sites.imagery.compose import render_photo
from sites.imagery.glyphs import text_font
from sites.imagery.spec import PhotoSpec
from sites.imagery.spec import validate as validate_photo

STYLES = (
    "photo",
    "meme",
    "vintage",
    "chart",
    "stock",
    "landscape",
    "space",
    "artwork",
    "skyline",
    "poster",
    "brokerage",
)
TIMES = ("day", "sunset", "night")
SHAPES = ("circles", "squares", "triangles", "stripes")
TONES = ("sepia", "black and white")
MAX_CAPTION = 40
MAX_BARS = 7


@dataclass(frozen=True)
class ForumPicture:
    style: str
    kind: str | None = None  # photo, meme, vintage: the object or animal shown
    color: str | None = None  # photo/meme: the object's colour; artwork: its shapes; space: the planet
    count: int = 1  # photo/vintage: how many; artwork: how many shapes; space: moons; skyline: towers
    top_text: str | None = None  # meme captions
    bottom_text: str | None = None
    title: str | None = None  # chart title; stock ticker
    labels: tuple[str, ...] = ()  # chart bars
    values: tuple[int, ...] = ()  # chart bar values; stock: the price series
    time_of_day: str | None = None  # landscape, skyline
    shape: str | None = None  # artwork
    tone: str | None = None  # vintage
    rings: bool = False  # space: the planet has rings
    snow: bool = False  # landscape: snow on the peaks
    water: bool = False  # landscape: a lake in front
    date: str | None = None  # poster: the film's release date (ISO), written in words on the poster
    currency: str | None = None  # brokerage: USD or EUR
    amount: str | None = None  # brokerage: the total loss shown ("31146.66")

    def facts(self) -> dict:
        """The visible attributes (empty fields left out), as JSON-able values."""
        flags = {"space": ("rings",), "landscape": ("snow", "water")}.get(self.style, ())
        out = {}
        for key, value in asdict(self).items():
            if key in ("rings", "snow", "water"):
                if key not in flags:
                    continue
            elif value in (None, ()) or (key == "count" and self.style in ("chart", "stock", "poster", "brokerage")):
                continue
            out[key] = list(value) if isinstance(value, tuple) else value
        if self.style == "chart" and self.values:
            top = max(range(len(self.values)), key=lambda i: self.values[i])
            low = min(range(len(self.values)), key=lambda i: self.values[i])
            out["highest"], out["lowest"] = self.labels[top], self.labels[low]
        if self.style == "stock" and self.values:
            out["trend"] = "up" if self.values[-1] > self.values[0] else "down"
            out["last"] = self.values[-1]
        return out


def _caption_ok(field: str, text: str | None) -> None:
    if text is None:
        return
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_CAPTION:
        raise ValueError(f"ForumPicture.{field}: 1..{MAX_CAPTION} characters, got {text!r}")
    if not all(32 <= ord(ch) < 127 for ch in text):
        raise ValueError(f"ForumPicture.{field}: printable ASCII only, got {text!r}")


def validate(pic: ForumPicture) -> None:
    """Check `pic` field by field; raises ValueError naming the field at fault."""
    if pic.style not in STYLES:
        raise ValueError(f"ForumPicture.style: unknown style {pic.style!r} (known: {', '.join(STYLES)})")
    if pic.style in ("photo", "meme", "vintage"):
        validate_photo(PhotoSpec(kind=pic.kind or "", color=pic.color, count=pic.count))
    elif pic.color is not None and pic.color not in COLORS:
        raise ValueError(f"ForumPicture.color: unknown colour {pic.color!r} (known: {', '.join(COLORS)})")
    _caption_ok("top_text", pic.top_text)
    _caption_ok("bottom_text", pic.bottom_text)
    _caption_ok("title", pic.title)
    if pic.style == "chart":
        if not 2 <= len(pic.labels) <= MAX_BARS or len(pic.labels) != len(pic.values):
            raise ValueError(f"ForumPicture.labels/values: 2..{MAX_BARS} bars with one value each")
        for label in pic.labels:
            _caption_ok("labels", label)
    if pic.style in ("chart", "stock"):
        if any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 10**7 for v in pic.values):
            raise ValueError(f"ForumPicture.values: integers 0..9,999,999, got {pic.values!r}")
        if pic.style == "stock" and len(pic.values) < 2:
            raise ValueError("ForumPicture.values: a stock chart needs at least 2 prices")
    if pic.style in ("landscape", "skyline") and pic.time_of_day not in TIMES:
        raise ValueError(f"ForumPicture.time_of_day: one of {', '.join(TIMES)}, got {pic.time_of_day!r}")
    if pic.style == "artwork" and pic.shape not in SHAPES:
        raise ValueError(f"ForumPicture.shape: one of {', '.join(SHAPES)}, got {pic.shape!r}")
    if pic.style in ("poster", "brokerage"):
        from sites.imagery.forum_screens import validate_screen

        validate_screen(pic)
    if pic.style == "vintage" and pic.tone not in TONES:
        raise ValueError(f"ForumPicture.tone: one of {', '.join(TONES)}, got {pic.tone!r}")
    if isinstance(pic.count, bool) or not isinstance(pic.count, int) or not 0 <= pic.count <= 12:
        raise ValueError(f"ForumPicture.count: 0..12, got {pic.count!r}")


# ---- drawing -------------------------------------------------------------------------------------------


def _outlined(
    draw: ImageDraw.ImageDraw, text: str, box: tuple[int, int, int, int], fill=(255, 255, 255), outline=(0, 0, 0)
) -> None:
    """`text` centred in `box`, as large as fits, with an outline (meme captions, titles)."""
    x0, y0, x1, y1 = box
    px = max(10, int(y1 - y0))
    font = text_font(px)
    while px > 10 and font.getlength(text) > (x1 - x0):
        px -= 2
        font = text_font(px)
    width = font.getlength(text)
    stroke = max(1, px // 14)
    draw.text(
        ((x0 + x1 - width) / 2, y0 + (y1 - y0 - px) / 2),
        text,
        font=font,
        fill=fill,
        stroke_width=stroke,
        stroke_fill=outline,
    )


def _meme(pic: ForumPicture, size, seed) -> Image.Image:
    spec = PhotoSpec(kind=_required(pic.kind, "kind"), color=pic.color, count=pic.count, condition="like new")
    img = render_photo(spec, size, seed)
    draw = ImageDraw.Draw(img)
    w, h = size
    band = int(h * 0.13)
    if pic.top_text:
        _outlined(draw, pic.top_text.upper(), (int(w * 0.04), int(h * 0.03), int(w * 0.96), int(h * 0.03) + band))
    if pic.bottom_text:
        _outlined(
            draw, pic.bottom_text.upper(), (int(w * 0.04), h - band - int(h * 0.04), int(w * 0.96), h - int(h * 0.04))
        )
    return img


def _vintage(pic: ForumPicture, size, seed) -> Image.Image:
    spec = PhotoSpec(kind=_required(pic.kind, "kind"), color=pic.color, count=pic.count, condition="like new")
    img = render_photo(spec, size, seed)
    grey = ImageOps.grayscale(img)
    if pic.tone == "sepia":
        img = ImageOps.colorize(grey, (40, 26, 12), (246, 226, 186))
    else:
        img = ImageOps.autocontrast(grey).convert("RGB")
    # a white print border and soft grain
    framed = Image.new("RGB", size, (238, 234, 222))
    inner = img.resize((int(size[0] * 0.9), int(size[1] * 0.86)))
    framed.paste(inner, (int(size[0] * 0.05), int(size[1] * 0.05)))
    return framed.filter(ImageFilter.GaussianBlur(0.6))


BAR_COLORS = (
    (66, 133, 244),
    (234, 67, 53),
    (251, 188, 5),
    (52, 168, 83),
    (155, 89, 182),
    (230, 126, 34),
    (26, 188, 156),
)


def _chart(pic: ForumPicture, size, seed) -> Image.Image:
    w, h = size
    img = Image.new("RGB", size, (252, 252, 250))
    draw = ImageDraw.Draw(img)
    _outlined(
        draw,
        pic.title or "",
        (int(w * 0.05), int(h * 0.03), int(w * 0.95), int(h * 0.12)),
        fill=(30, 30, 30),
        outline=(252, 252, 250),
    )
    top, bottom, left, right = int(h * 0.20), int(h * 0.82), int(w * 0.08), int(w * 0.96)
    draw.line((left, bottom, right, bottom), fill=(60, 60, 60), width=2)
    peak = max(pic.values) or 1
    n = len(pic.values)
    slot = (right - left) / n
    value_font = text_font(max(11, int(h * 0.045)))
    label_font = text_font(max(10, int(h * 0.038)))
    for i, (label, value) in enumerate(zip(pic.labels, pic.values, strict=False)):
        x0 = left + slot * i + slot * 0.15
        x1 = left + slot * (i + 1) - slot * 0.15
        y0 = bottom - (bottom - top) * value / peak
        draw.rectangle((x0, y0, x1, bottom), fill=BAR_COLORS[i % len(BAR_COLORS)])
        text = f"{value:,}"
        draw.text(
            ((x0 + x1 - value_font.getlength(text)) / 2, y0 - value_font.size - 4),
            text,
            font=value_font,
            fill=(20, 20, 20),
        )
        draw.text(((x0 + x1 - label_font.getlength(label)) / 2, bottom + 6), label, font=label_font, fill=(40, 40, 40))
    return img


def _stock(pic: ForumPicture, size, seed) -> Image.Image:
    w, h = size
    img = Image.new("RGB", size, (18, 22, 30))
    draw = ImageDraw.Draw(img)
    rising = pic.values[-1] > pic.values[0]
    color = (38, 200, 90) if rising else (230, 60, 60)
    left, right, top, bottom = int(w * 0.06), int(w * 0.80), int(h * 0.18), int(h * 0.90)
    for k in range(5):
        y = top + (bottom - top) * k / 4
        draw.line((left, y, right, y), fill=(40, 46, 58), width=1)
    lo, hi = min(pic.values), max(pic.values)
    span = max(hi - lo, 1)
    pts = [
        (left + (right - left) * i / (len(pic.values) - 1), bottom - (bottom - top) * (v - lo) / span)
        for i, v in enumerate(pic.values)
    ]
    draw.line(pts, fill=color, width=max(2, w // 200))
    font = text_font(max(14, int(h * 0.07)))
    draw.text((left, int(h * 0.04)), pic.title or "", font=font, fill=(235, 235, 235))
    small = text_font(max(11, int(h * 0.05)))
    draw.text((right + 8, pts[-1][1] - small.size / 2), f"{pic.values[-1]:,}", font=small, fill=color)
    return img


SKIES = {
    "day": ((110, 170, 235), (200, 228, 250)),
    "sunset": ((70, 50, 120), (250, 150, 70)),
    "night": ((6, 10, 30), (30, 40, 80)),
}


def _required(value: str | None, field: str) -> str:
    """A field validate() requires of the picture's style (so present when a picture is drawn)."""
    if value is None:
        raise ValueError(f"ForumPicture.{field} is required by this style")
    return value


def _sky(pic: ForumPicture, size) -> tuple[str, Image.Image, ImageDraw.ImageDraw]:
    """An outdoor scene's sky at the picture's time of day: (that time of day, the image, a draw on it)."""
    time_of_day = _required(pic.time_of_day, "time_of_day")
    top, low = SKIES[time_of_day]
    grad = Image.linear_gradient("L").resize(size)
    img = Image.composite(Image.new("RGB", size, low), Image.new("RGB", size, top), grad)
    return time_of_day, img, ImageDraw.Draw(img)


def _landscape(pic: ForumPicture, size, seed) -> Image.Image:
    time_of_day, img, draw = _sky(pic, size)
    rng = random.Random(f"landscape:{seed}")
    w, h = size
    if time_of_day == "night":
        for _ in range(160):
            x, y = rng.randrange(w), rng.randrange(int(h * 0.5))
            draw.point((x, y), fill=(235, 235, 255))
        draw.ellipse((w * 0.78, h * 0.08, w * 0.86, h * 0.08 + w * 0.08), fill=(240, 240, 220))
    else:
        sun_y = h * (0.42 if time_of_day == "sunset" else 0.10)
        sun = (255, 200, 90) if time_of_day == "sunset" else (255, 250, 220)
        draw.ellipse((w * 0.68, sun_y, w * 0.68 + w * 0.09, sun_y + w * 0.09), fill=sun)
    peaks = max(1, pic.count)
    shade = {"day": (92, 104, 120), "sunset": (70, 52, 72), "night": (26, 30, 48)}[time_of_day]
    for i in range(peaks):
        cx = w * (i + 0.5) / peaks + rng.uniform(-w * 0.04, w * 0.04)
        height = h * rng.uniform(0.38, 0.52)
        half = w / peaks * rng.uniform(0.6, 0.8)
        base = h * 0.72
        draw.polygon([(cx - half, base), (cx, base - height), (cx + half, base)], fill=shade)
        if pic.snow:
            cap = height * 0.28
            draw.polygon(
                [
                    (cx - half * cap / height, base - height + cap),
                    (cx, base - height),
                    (cx + half * cap / height, base - height + cap),
                ],
                fill=(245, 247, 250),
            )
    ground = {"day": (70, 130, 60), "sunset": (60, 80, 40), "night": (16, 26, 20)}[time_of_day]
    draw.rectangle((0, h * 0.72, w, h), fill=ground)
    if pic.water:
        water = {"day": (60, 120, 190), "sunset": (150, 90, 110), "night": (20, 30, 60)}[time_of_day]
        draw.ellipse((w * 0.1, h * 0.78, w * 0.9, h * 1.05), fill=water)
    for _ in range(18):  # a row of pine trees along the shore
        tx = rng.uniform(0, w)
        ty = h * rng.uniform(0.72, 0.76)
        draw.polygon([(tx - 9, ty + 4), (tx, ty - 26), (tx + 9, ty + 4)], fill=(22, 60, 30))
    return img.filter(ImageFilter.GaussianBlur(0.8))


def _space(pic: ForumPicture, size, seed) -> Image.Image:
    rng = random.Random(f"space:{seed}")
    w, h = size
    img = Image.new("RGB", size, (4, 4, 12))
    draw = ImageDraw.Draw(img)
    for _ in range(400):
        x, y = rng.randrange(w), rng.randrange(h)
        v = rng.randrange(120, 255)
        draw.point((x, y), fill=(v, v, v))
    color = COLORS[pic.color or "orange"]
    r = min(w, h) * 0.26
    cx, cy = w * 0.45, h * 0.5
    if pic.rings:
        draw.ellipse(
            (cx - r * 1.9, cy - r * 0.45, cx + r * 1.9, cy + r * 0.45),
            outline=(220, 205, 170),
            width=max(3, int(r * 0.08)),
        )
    planet = Image.new("RGB", size, color)
    shade = Image.new("L", size, 0)
    sd = ImageDraw.Draw(shade)
    sd.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    img.paste(planet, (0, 0), shade)
    dark = Image.new("L", size, 0)
    ImageDraw.Draw(dark).ellipse((cx - r * 0.6, cy - r * 1.3, cx + r * 1.6, cy + r * 1.1), fill=150)
    dark = Image.composite(dark, Image.new("L", size, 0), shade).filter(ImageFilter.GaussianBlur(r * 0.2))
    img.paste((0, 0, 0), (0, 0), dark)
    for i in range(pic.count):
        angle = 2 * math.pi * i / max(pic.count, 1) + 0.4
        mx, my = cx + math.cos(angle) * r * 1.6, cy + math.sin(angle) * r * 1.25
        mr = r * 0.09
        draw.ellipse((mx - mr, my - mr, mx + mr, my + mr), fill=(200, 200, 196))
    return img


def _artwork(pic: ForumPicture, size, seed) -> Image.Image:
    rng = random.Random(f"art:{seed}")
    w, h = size
    canvas = Image.new("RGB", size, (rng.randrange(225, 245), rng.randrange(215, 235), rng.randrange(195, 215)))
    draw = ImageDraw.Draw(canvas)
    color = COLORS[pic.color or "blue"]
    n = max(1, pic.count)
    cols = math.ceil(math.sqrt(n))
    rows = math.ceil(n / cols)
    cell_w, cell_h = w * 0.8 / cols, h * 0.8 / rows
    for i in range(n):
        cx = w * 0.1 + cell_w * (i % cols + 0.5) + rng.uniform(-cell_w * 0.1, cell_w * 0.1)
        cy = h * 0.1 + cell_h * (i // cols + 0.5) + rng.uniform(-cell_h * 0.1, cell_h * 0.1)
        s = min(cell_w, cell_h) * rng.uniform(0.30, 0.42)
        if pic.shape == "circles":
            draw.ellipse((cx - s, cy - s, cx + s, cy + s), fill=color)
        elif pic.shape == "squares":
            draw.rectangle((cx - s, cy - s, cx + s, cy + s), fill=color)
        elif pic.shape == "triangles":
            draw.polygon([(cx - s, cy + s), (cx, cy - s), (cx + s, cy + s)], fill=color)
        else:
            draw.rectangle((cx - s * 1.2, cy - s * 0.25, cx + s * 1.2, cy + s * 0.25), fill=color)
    # brush texture and a wooden frame
    canvas = canvas.filter(ImageFilter.GaussianBlur(1.2))
    framed = Image.new("RGB", size, (96, 62, 30))
    border = int(min(w, h) * 0.05)
    framed.paste(canvas.resize((w - 2 * border, h - 2 * border)), (border, border))
    return framed


def _skyline(pic: ForumPicture, size, seed) -> Image.Image:
    time_of_day, img, draw = _sky(pic, size)
    rng = random.Random(f"skyline:{seed}")
    w, h = size
    n = max(3, pic.count)
    base = h * 0.86
    width = w / n
    lit = time_of_day == "night"
    for i in range(n):
        bh = h * rng.uniform(0.25, 0.7)
        x0 = i * width + width * 0.08
        x1 = (i + 1) * width - width * 0.08
        tone = 40 if lit else rng.randrange(70, 120)
        draw.rectangle((x0, base - bh, x1, base), fill=(tone, tone + 4, tone + 12))
        for wy in range(int(base - bh + 8), int(base - 6), 14):
            for wx in range(int(x0 + 5), int(x1 - 6), 12):
                if rng.random() < (0.55 if lit else 0.25):
                    draw.rectangle((wx, wy, wx + 5, wy + 7), fill=(250, 220, 120) if lit else (180, 200, 220))
    draw.rectangle((0, base, w, h), fill=(44, 48, 56))
    return img


def render_picture(pic: ForumPicture, size: tuple[int, int] = (640, 480), seed: int = 0) -> Image.Image:
    """The picture `pic` describes (RGB, `size`); identical for identical (pic, size, seed)."""
    validate(pic)
    size = (int(size[0]), int(size[1]))
    if size[0] < 64 or size[1] < 64:
        raise ValueError(f"render size: at least 64x64 pixels, got {size!r}")
    if pic.style == "photo":
        spec = PhotoSpec(kind=_required(pic.kind, "kind"), color=pic.color, count=pic.count, condition="like new")
        return render_photo(spec, size, seed)
    from sites.imagery.forum_screens import brokerage, poster

    drawer = {
        "poster": poster,
        "brokerage": brokerage,
        "meme": _meme,
        "vintage": _vintage,
        "chart": _chart,
        "stock": _stock,
        "landscape": _landscape,
        "space": _space,
        "artwork": _artwork,
        "skyline": _skyline,
    }[pic.style]
    return drawer(pic, size, seed)
