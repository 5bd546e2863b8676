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
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

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


Rect = tuple[float, float, float, float]  # x0, y0, x1, y1
RGB = tuple[int, int, int]


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


def som_result(raw_marks: list[Any], raw_lines: list[Any]) -> SomResult:
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._masks: dict[str, Any] = {}
        self._boxes: dict[str, Any] = {}

    def getmask2(self, text: str | bytes, mode: str = "", *args: Any, **kwargs: Any) -> Any:
        key = repr((text, mode, args, sorted(kwargs.items())))
        found = self._masks.get(key)
        if found is None:
            if len(self._masks) > self._LIMIT:
                self._masks.clear()
            found = self._masks[key] = super().getmask2(text, mode, *args, **kwargs)
        return found

    def getbbox(self, text: str | bytes | bytearray, *args: Any, **kwargs: Any) -> tuple[float, float, float, float]:
        key = repr((text, args, sorted(kwargs.items())))
        found = self._boxes.get(key)
        if found is None:
            if len(self._boxes) > self._LIMIT:
                self._boxes.clear()
            found = self._boxes[key] = super().getbbox(text, *args, **kwargs)
        return found


@lru_cache(maxsize=4)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
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


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class _Grid:
    """Rectangles bucketed by 64 px cells, to find overlaps without comparing every pair."""

    CELL = 64

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}

    def _keys(self, r: Rect) -> list[tuple[int, int]]:
        c = self.CELL
        ys = range(int(r[1] // c), int(r[3] // c) + 1)
        return [(gx, gy) for gx in range(int(r[0] // c), int(r[2] // c) + 1) for gy in ys]

    def add(self, r: Rect) -> None:
        cells = self.cells
        for k in self._keys(r):
            found = cells.get(k)
            if found is None:
                cells[k] = [r]
            else:
                found.append(r)

    def hits(self, r: Rect) -> int:
        """How many stored rectangles overlap `r`."""
        cells = self.cells
        return len({id(o) for k in self._keys(r) for o in cells.get(k, ()) if _overlaps(r, o)})

    def covered_fraction(self, r: Rect, ignore: Rect | None = None) -> float:
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


def label_size(text: str) -> tuple[float, float, float, float]:
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


def draw_marks_on(image: Image.Image, marks: list[Mark], labels: list[Rect] | None = None) -> Image.Image:
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
    crc = zlib.crc32(data, zlib.crc32(kind))  # of the kind and the data, without joining them first
    return b"".join((struct.pack(">I", len(data)), kind, data, struct.pack(">I", crc)))


def encode_png(image: Image.Image) -> bytes:
    """A lossless RGB PNG, written for speed: every row with PNG's "up" filter (the difference from the
    row above, which is zero over most of a web page) computed with numpy, then deflated at level 1 by
    ISA-L (zlib when it is missing): several times faster than Pillow's encoder at its fastest level
    (about twice with zlib), and about as small."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return encode_rows(np.asarray(image, dtype=np.uint8))


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decode_rows(png: bytes) -> np.ndarray | None:
    """The pixels of an 8-bit RGB, non-interlaced PNG whose rows are filtered with "none" or "up" only (Chromium's
    fast PNG encoding, `optimizeForSpeed`, writes "up" on every row), as a (height, width, 3) array of its own:
    inflated by ISA-L and each row added to the one above with numpy, about twice as fast as Pillow's decoder.
    None for any other PNG (then `decode_rgb` reads it)."""
    if png[:8] != _PNG_SIGNATURE:
        return None
    view, pos, header, parts = memoryview(png), 8, None, []
    while pos + 8 <= len(png):
        length, kind = struct.unpack_from(">I4s", png, pos)
        if kind == b"IHDR":
            header = struct.unpack_from(">IIBBBBB", png, pos + 8)
        elif kind == b"IDAT":
            parts.append(view[pos + 8 : pos + 8 + length])
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None or header[2:] != (8, 2, 0, 0, 0):  # 8-bit RGB, deflate, standard filters, no interlace
        return None
    width, height = header[0], header[1]
    try:
        body = _deflater.decompress(b"".join(parts))
    except (zlib.error, _deflater.error):  # a stream zlib cannot read: Pillow says what is wrong with it
        return None
    stride = width * 3 + 1
    if len(body) != stride * height:
        return None
    filtered = np.frombuffer(body, dtype=np.uint8).reshape(height, stride)
    kinds = filtered[:, 0].tolist()
    if any(k not in (0, 2) for k in kinds):
        return None
    rows = np.empty((height, width * 3), dtype=np.uint8)
    for r, k in enumerate(kinds):
        if k == 2 and r > 0:  # uint8 addition wraps modulo 256, as PNG wants
            np.add(rows[r - 1], filtered[r, 1:], out=rows[r])
        else:  # "none", or "up" on the first row (whose row above is zero)
            rows[r] = filtered[r, 1:]
    return rows.reshape(height, width, 3)


# Labels as drawn (draw_marks_rows): (text, colour, sub-pixel spot) -> their block of pixels
_LABEL_BLOCKS: dict[tuple[str, tuple[int, int, int], float, float, float, float], np.ndarray] = {}
_LABEL_BLOCKS_LIMIT = 20000


def _outline(rows: np.ndarray, rect: tuple[int, int, int, int], colour: tuple[int, int, int]) -> bool:
    """A box outlined 2 px wide inside (x0, y0)-(x1, y1), both corners included, as Pillow's rectangle(width=2)
    draws it; False (nothing drawn) for a box under 4 px a side, which Pillow draws its own way."""
    x0, y0, x1, y1 = rect
    if x1 - x0 < 4 or y1 - y0 < 4:
        return False
    height, width = rows.shape[:2]
    for ya, yb, xa, xb in (
        (y0, y0 + 1, x0, x1),
        (y1 - 1, y1, x0, x1),
        (y0, y1, x0, x0 + 1),
        (y0, y1, x1 - 1, x1),
    ):
        ya, xa, yb, xb = max(ya, 0), max(xa, 0), min(yb, height - 1), min(xb, width - 1)
        if ya <= yb and xa <= xb:
            rows[ya : yb + 1, xa : xb + 1] = colour
    return True


def _pillow_patch(
    rows: np.ndarray, area: tuple[int, int, int, int], draw: Callable[[ImageDraw.ImageDraw, int, int], None]
) -> None:
    """Run `draw(ImageDraw, dx, dy)` with Pillow on a copy of `area` (x0, y0, x1, y1, ends excluded) of the
    frame and put the result back: `dx, dy` move the drawing's coordinates to the copy's, by whole pixels
    (the sub-pixel parts, which decide the glyphs' rendering, stay as they are)."""
    height, width = rows.shape[:2]
    x0, y0, x1, y1 = max(0, area[0]), max(0, area[1]), min(width, area[2]), min(height, area[3])
    if x1 <= x0 or y1 <= y0:
        return
    patch = Image.fromarray(rows[y0:y1, x0:x1], "RGB")
    draw(ImageDraw.Draw(patch), -x0, -y0)
    rows[y0:y1, x0:x1] = np.asarray(patch)


def draw_marks_rows(rows: np.ndarray, marks: list[Mark], labels: list[Rect] | None = None) -> np.ndarray:
    """`draw_marks_on` on a (height, width, 3) array, changed in place: the same pixels. Outlines are set with
    numpy; each label (and any box under 4 px a side) is drawn by Pillow on a copy of the few pixels it covers,
    at its own coordinates, so the glyphs are those `draw_marks_on` renders; a label drawn before at the same
    sub-pixel spot is copied as the block of pixels it was (labels repeat on every observation of a page)."""
    height, width = rows.shape[:2]
    size = (width, height)
    rects = mark_rects(marks, size)
    for i, rect in enumerate(rects):
        colour = mark_colour(i)
        if not _outline(rows, (int(rect[0]), int(rect[1]), int(rect[2]), int(rect[3])), colour):

            def box(draw: ImageDraw.ImageDraw, dx: int, dy: int, rect: Rect = rect, colour: RGB = colour) -> None:
                draw.rectangle((rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy), outline=colour, width=2)

            _pillow_patch(rows, (int(rect[0]) - 3, int(rect[1]) - 3, int(rect[2]) + 4, int(rect[3]) + 4), box)
    if labels is None:
        labels = place_labels(rects, [m.id for m in marks], size)
    font = _font(LABEL_FONT_PX)
    for i, (m, spot) in enumerate(zip(marks, labels, strict=False)):
        colour = mark_colour(i)
        _, _, left, top = label_size(m.id)

        def label(
            draw: ImageDraw.ImageDraw,
            dx: int,
            dy: int,
            spot: Rect = spot,
            colour: RGB = colour,
            text: str = m.id,
            left: float = left,
            top: float = top,
        ) -> None:
            draw.rectangle((spot[0] + dx, spot[1] + dy, spot[2] + dx, spot[3] + dy), fill=colour)
            draw.text((spot[0] + 3 - left + dx, spot[1] + 2 - top + dy), text, fill=_text_colour(colour), font=font)

        if spot[0] < 0 or spot[1] < 0:  # off the frame's top or left (a label wider than the frame): the whole frame
            _pillow_patch(rows, (0, 0, width, height), label)
            continue
        # The filled rectangle covers pixels x0..x1, y0..y1 (ends included); a label whose glyphs stay inside it
        # is the same block of pixels on any frame, so it is kept, by its text, colour and sub-pixel spot.
        x0, y0, x1, y1 = int(spot[0]), int(spot[1]), int(spot[2]), int(spot[3])
        inside = x1 < width and y1 < height
        key = (m.id, colour, spot[0] - x0, spot[1] - y0, spot[2] - x0, spot[3] - y0)
        block = _LABEL_BLOCKS.get(key) if inside else None
        if block is not None:
            rows[y0 : y1 + 1, x0 : x1 + 1] = block
            continue
        area = (x0 - 3, y0 - 3, x1 + 4, y1 + 4)
        before = rows[max(0, area[1]) : area[3], max(0, area[0]) : area[2]].copy()
        _pillow_patch(rows, area, label)
        if inside:
            after = rows[max(0, area[1]) : area[3], max(0, area[0]) : area[2]]
            changed = before != after
            oy, ox = y0 - max(0, area[1]), x0 - max(0, area[0])
            changed[oy : oy + y1 - y0 + 1, ox : ox + x1 - x0 + 1] = False
            if not changed.any():  # nothing drawn outside the rectangle
                if len(_LABEL_BLOCKS) > _LABEL_BLOCKS_LIMIT:
                    _LABEL_BLOCKS.clear()
                _LABEL_BLOCKS[key] = rows[y0 : y1 + 1, x0 : x1 + 1].copy()
    return rows


def encode_rows(rows: np.ndarray) -> bytes:
    """`encode_png` of a (height, width, 3) uint8 array."""
    height, width = rows.shape[:2]
    flat = rows.reshape(height, width * 3)
    body = np.empty((height, width * 3 + 1), dtype=np.uint8)
    body[:, 0] = 2  # filter type "up" on every row (the first row's "above" is zero)
    body[0, 1:] = flat[0]
    np.subtract(flat[1:], flat[:-1], out=body[1:, 1:])  # uint8 arithmetic wraps modulo 256, as PNG wants
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"".join(
        (
            _PNG_SIGNATURE,
            _png_chunk(b"IHDR", header),
            _png_chunk(b"IDAT", _deflater.compress(body.data, 1)),
            _png_chunk(b"IEND", b""),
        )
    )


def paint_png(screenshot_png: bytes, marks: list[Mark], labels: list[Rect] | None = None) -> bytes:
    """The marked frame as PNG straight from the screenshot: `decode_rows`, `draw_marks_rows`, `encode_rows`
    (the same pixels as `draw_marks`, without Pillow's decoder and image copies); through Pillow for a PNG
    `decode_rows` does not read."""
    rows = decode_rows(screenshot_png)
    if rows is None:
        return encode_png(draw_marks_on(decode_rgb(screenshot_png), marks, labels))
    return encode_rows(draw_marks_rows(rows, marks, labels))


def draw_marks(screenshot_png: bytes, marks: list[Mark]) -> bytes:
    """The screenshot with the marks drawn (see `draw_marks_on`), as PNG."""
    return encode_png(draw_marks_on(decode_rgb(screenshot_png), marks))
