"""The Set-of-Marks observation: interactable elements boxed and numbered on the screenshot.

`agent/som.js` runs in an isolated world of the page (agent/browser/observe.py) and returns the visible
interactable elements (tag, text, box) and the visible text in document order, keeping the elements
themselves in that world for the actions. Python numbers them, writes the text list, and draws the boxes
with Pillow on the decoded screenshot, encoded to PNG once (by `encode_png`) when a consumer asks for it.
"""

from __future__ import annotations

import colorsys
import io
import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType

import numpy as np
from PIL import Image, ImageDraw, ImageFont

_deflater: ModuleType
try:  # ISA-L's deflate: zlib-compatible streams, several times faster than zlib at its fastest level
    from isal import isal_zlib as _deflater
except ImportError:  # the same format, slower
    _deflater = zlib

COLLECTOR_JS = (Path(__file__).with_name("som.js")).read_text(encoding="utf-8")
_FONT_PATHS = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
)
LABEL_FONT_PX = 14


@dataclass(frozen=True)
class Mark:
    id: str
    element: object  # selenium WebElement (filled in by BrowserEnv.marks), else None
    tag: str
    text: str
    box: tuple[float, float, float, float]  # viewport x, y, w, h


@dataclass(frozen=True)
class SomResult:
    marks: list[Mark]
    text: str


def som_result(raw_marks: list, raw_lines: list) -> SomResult:
    """Number the collector's marks 0, 1, 2... in document order and write the text list."""
    marks = [Mark(str(i), None, tag, text, (x, y, w, h)) for i, (tag, text, x, y, w, h) in enumerate(raw_marks)]
    lines = []
    for index, text in raw_lines:
        if index < 0:
            lines.append(f"[] [StaticText] [{text}]")
        else:
            m = marks[index]
            lines.append(f"[{m.id}] [{m.tag}] [{m.text}]")
    return SomResult(marks, "\n".join(lines))


class _MaskCachingFont(ImageFont.FreeTypeFont):
    """A FreeType font that keeps each glyph mask it rendered: label ids (and their sub-pixel starts)
    repeat on every observation of a page, and rendering them is most of the drawing time. The masks
    are the ones FreeType renders; only the repeated work is saved."""

    _LIMIT = 20000

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._masks: dict = {}
        self._boxes: dict = {}

    def getmask2(self, text, mode="", *args, **kwargs):
        key = repr((text, mode, args, sorted(kwargs.items())))
        found = self._masks.get(key)
        if found is None:
            if len(self._masks) > self._LIMIT:
                self._masks.clear()
            found = self._masks[key] = super().getmask2(text, mode, *args, **kwargs)
        return found

    def getbbox(self, text, *args, **kwargs):
        key = repr((text, args, sorted(kwargs.items())))
        found = self._boxes.get(key)
        if found is None:
            if len(self._boxes) > self._LIMIT:
                self._boxes.clear()
            found = self._boxes[key] = super().getbbox(text, *args, **kwargs)
        return found


@lru_cache(maxsize=4)
def _font(size: int):
    for path in _FONT_PATHS:
        if Path(path).exists():
            return _MaskCachingFont(path, size)
    return ImageFont.load_default()


def mark_colour(index: int) -> tuple[int, int, int]:
    """Distinct, saturated colours: hues spread by the golden ratio, two brightness levels."""
    hue = (index * 0.618033988749895) % 1.0
    value = 0.85 if index % 2 == 0 else 0.62
    r, g, b = colorsys.hsv_to_rgb(hue, 0.95, value)
    return int(r * 255), int(g * 255), int(b * 255)


def _text_colour(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    luminance = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return (0, 0, 0) if luminance > 150 else (255, 255, 255)


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class _Grid:
    """Rectangles bucketed by 64 px cells, to find overlaps without comparing every pair."""

    CELL = 64

    def __init__(self):
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}

    def _keys(self, r) -> list[tuple[int, int]]:
        c = self.CELL
        ys = range(int(r[1] // c), int(r[3] // c) + 1)
        return [(gx, gy) for gx in range(int(r[0] // c), int(r[2] // c) + 1) for gy in ys]

    def add(self, r) -> None:
        cells = self.cells
        for k in self._keys(r):
            found = cells.get(k)
            if found is None:
                cells[k] = [r]
            else:
                found.append(r)

    def hits(self, r) -> int:
        """How many stored rectangles overlap `r`."""
        cells = self.cells
        return len({id(o) for k in self._keys(r) for o in cells.get(k, ()) if _overlaps(r, o)})

    def covered_fraction(self, r, ignore=None) -> float:
        """The largest fraction of `r` that one stored rectangle (other than `ignore`) covers."""
        x0, y0, x1, y1 = r
        cells = self.cells
        largest = 0.0  # the largest overlap's area: dividing once at the end gives the same float
        for k in self._keys(r):
            for o in cells.get(k, ()):
                if o is ignore:
                    continue
                w = (x1 if x1 < o[2] else o[2]) - (x0 if x0 > o[0] else o[0])
                if w <= 0:
                    continue
                h = (y1 if y1 < o[3] else o[3]) - (y0 if y0 > o[1] else o[1])
                if h > 0 and w * h > largest:
                    largest = w * h
        return largest / max(1.0, (x1 - x0) * (y1 - y0))


def label_size(text: str) -> tuple[int, int, int, int]:
    """Width and height of the filled label of `text`, and the offset of its glyphs."""
    left, top, right, bottom = _font(LABEL_FONT_PX).getbbox(text)
    return right - left + 6, bottom - top + 4, left, top


def place_labels(
    boxes: list[tuple[float, float, float, float]], ids: list[str], size: tuple[int, int]
) -> list[tuple[float, float, float, float]]:
    """Label rectangles, one per box (x0, y0, x1, y1). A label goes just outside its box (above,
    below, beside) or else inside a corner: the first spot that covers no other label and hides no
    large part of another element; failing that, the spot covering the fewest labels."""
    width, height = size
    grid = _Grid()
    for rect in boxes:
        grid.add(rect)
    labels = _Grid()
    placed = []
    for rect_of_box, text in zip(boxes, ids, strict=False):
        x0, y0, x1, y1 = rect_of_box
        lw, lh, _, _ = label_size(text)
        candidates = [
            (x0, y0 - lh),
            (x1 - lw, y0 - lh),  # above the box, left or right
            (x0, y1),
            (x1 - lw, y1),  # below
            (x0 - lw, y0),
            (x1, y0),  # beside
            (x0, y0),
            (x1 - lw, y0),  # inside, top corners
        ]
        best, best_cost = None, None
        for order, (cx, cy) in enumerate(candidates):
            rect = (cx, cy, cx + lw, cy + lh)
            if cx < 0 or cy < 0 or rect[2] > width or rect[3] > height:
                continue
            # a label may clip the edge of a neighbour, not hide a good part of it
            cost = (labels.hits(rect), grid.covered_fraction(rect, ignore=rect_of_box) > 0.4, order)
            if best_cost is None or cost < best_cost:
                best, best_cost = rect, cost
            if cost[0] == 0 and not cost[1]:
                break
        if best is None:  # the box fills the image: inside the top-left corner, clipped to the image
            cx, cy = min(max(0, x0), width - lw), min(max(0, y0), height - lh)
            best = (cx, cy, cx + lw, cy + lh)
        labels.add(best)
        placed.append(best)
    return placed


def mark_rects(marks: list[Mark], size: tuple[int, int]) -> list[tuple[float, float, float, float]]:
    """Each mark's box as (x0, y0, x1, y1), clipped to an image of `size`."""
    width, height = size
    rects = []
    for m in marks:
        x, y, w, h = m.box
        rects.append((max(0, x), max(0, y), min(width - 1, x + w), min(height - 1, y + h)))
    return rects


def draw_marks_on(image: Image.Image, marks: list[Mark], labels: list | None = None) -> Image.Image:
    """Draw on `image` (RGB, changed in place) each mark's box outlined in its colour and its id in a
    filled label (placed by `place_labels`, or given as `labels` from an earlier call of it). Boxes are
    drawn first and labels on top, so no outline crosses a number."""
    size = image.size
    overlay = ImageDraw.Draw(image)
    font = _font(LABEL_FONT_PX)
    rects = mark_rects(marks, size)
    for i, rect in enumerate(rects):
        overlay.rectangle(rect, outline=mark_colour(i), width=2)
    if labels is None:
        labels = place_labels(rects, [m.id for m in marks], size)
    for i, (m, spot) in enumerate(zip(marks, labels, strict=False)):
        colour = mark_colour(i)
        _, _, left, top = label_size(m.id)
        overlay.rectangle(spot, fill=colour)
        overlay.text((spot[0] + 3 - left, spot[1] + 2 - top), m.id, fill=_text_colour(colour), font=font)
    return image


def decode_rgb(png: bytes) -> Image.Image:
    """The PNG as an RGB image of its own (Chromium's screenshots are RGB already: no conversion copy)."""
    image = Image.open(io.BytesIO(png))
    image.load()
    return image if image.mode == "RGB" else image.convert("RGB")


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode_png(image: Image.Image) -> bytes:
    """A lossless RGB PNG, written for speed: every row with PNG's "up" filter (the difference from the
    row above, which is zero over most of a web page) computed with numpy, then deflated at level 1 by
    ISA-L (zlib when it is missing): several times faster than Pillow's encoder at its fastest level
    (about twice with zlib), and about as small."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    rows = np.asarray(image, dtype=np.uint8).reshape(height, width * 3)
    body = np.empty((height, width * 3 + 1), dtype=np.uint8)
    body[:, 0] = 2  # filter type "up" on every row (the first row's "above" is zero)
    body[0, 1:] = rows[0]
    np.subtract(rows[1:], rows[:-1], out=body[1:, 1:])  # uint8 arithmetic wraps modulo 256, as PNG wants
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", _deflater.compress(body.data, 1))
        + _png_chunk(b"IEND", b"")
    )


def draw_marks(screenshot_png: bytes, marks: list[Mark]) -> bytes:
    """The screenshot with the marks drawn (see `draw_marks_on`), as PNG."""
    return encode_png(draw_marks_on(decode_rgb(screenshot_png), marks))
