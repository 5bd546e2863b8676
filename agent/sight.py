"""Finding a target on the screen by what it looks like or what it says: the sighted agent's eyes.

Only what an observation gives is used: the Set-of-Marks element list (each mark's tag, visible text and
box) and the screenshot's pixels.

- `find_by_text(marks, text, tag)`: the mark whose visible text is `text` (whitespace and case aside);
  a mark that merely contains it only when none equals it.
- `find_after(lines, marks, label)`: the first form field after the visible text `label` in the
  observation's reading order (a field under its label, as a person reads a form).
- `match_picture(screenshot, marks, picture)`: every image-sized mark's crop compared with `picture`;
  the best, its score and its margin over the runner-up (the best mark that is not the same place on
  screen, such as the link around the same image).

The measure compares the two pictures reduced to 64x64 RGB (after cutting the reference picture to the
crop's shape, as `object-fit: cover` does). Each pixel's difference is the smallest against the other picture's
pixels within one pixel of it (both ways), so a box a pixel off on screen costs little. The score is
1 - (mean difference + LOCAL_WEIGHT * the largest difference of any small patch) / (64 * (1 + LOCAL_WEIGHT)):
1 for the same picture, about 0.95 for the same photo shown as a JPEG thumbnail, 0.5 or less for another photo
of the same kind of thing. The patch term (the difference map blurred over a few pixels, its maximum away from
the rounded corners) is what a glance catches: a moon more or a ring less beside the same planet, a bar of
another height, which move a whole picture's mean by less than a star field's noise (issue 34: the abstract
drawings of the forum scored their look-alikes within 0.04-0.1 of themselves on the mean alone; 0.13 or more
apart with the patch term). A first try, normalised cross-correlation at 32x32, scored a photo of three laundry
baskets 0.95 against the reference of four: too close to tell apart with a margin.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from PIL import Image

from agent.som import Mark, decode_rows

SIDE = 64
SCALE = 64.0  # a mean difference of 64 levels (of 255) scores 0
SHIFT = 1  # px (of SIDE) a pixel may be matched away from its place
LOCAL_WEIGHT = 0.25  # of the largest patch difference beside the mean
PATCH_SIGMA = 1.5  # px (of SIDE): the blur that makes single pixels (stars, JPEG noise) a patch's minor part
CORNER = 4  # px (of SIDE) at each edge left out of the patch term (thumbnails' rounded corners)
MIN_SIDE_PX = 40  # marks smaller than this on either side are not pictures
FIELD_TAGS = ("INPUT", "TEXTAREA", "SELECT")
_LINE = re.compile(r"^\[(\d*)\] \[([^\]]*)\] \[(.*)\]$")


def _norm(text: str) -> str:
    return " ".join((text or "").split()).casefold()


def find_by_text(marks: Sequence[Mark], text: str, tag: str | None = None) -> Mark | None:
    """The first mark whose text equals `text` (else starts with it, else contains it), of tag `tag` when
    given; None if none."""
    want = _norm(text)
    pool = [m for m in marks if tag is None or m.tag.upper() == tag.upper()]
    tests: list[Callable[[str], bool]] = [lambda s: s == want]
    if len(want) >= 3:  # "S" (a size) must not pick "Search..."
        tests += [lambda s: s.startswith(want), lambda s: want in s]
    for test in tests:
        for mark in pool:
            if test(_norm(mark.text)):
                return mark
    return None


def reading_order(observation_text: str) -> list[tuple[str | None, str, str]]:
    """The Set-of-Marks list as (mark id or None for plain text, tag, text), in the page's reading order."""
    out = []
    for line in observation_text.splitlines():
        m = _LINE.match(line)
        if m:
            out.append((m.group(1) or None, m.group(2), m.group(3)))
    return out


def marks_after(observation_text: str, marks: Sequence[Mark], label: str) -> list[Mark]:
    """The marks after the first line whose text is `label` (else starts with it), in reading order."""
    want = _norm(label)
    by_id = {m.id: m for m in marks}
    lines = reading_order(observation_text)
    tests: list[Callable[[str], bool]] = [lambda s: s == want, lambda s: s.startswith(want)]
    for test in tests:
        at = next((i for i, (_, _, text) in enumerate(lines) if test(_norm(text))), None)
        if at is not None:
            return [by_id[mark_id] for mark_id, _, _ in lines[at + 1 :] if mark_id is not None and mark_id in by_id]
    return []


def find_after(
    observation_text: str, marks: Sequence[Mark], label: str, text: str | None = None, tag: str | None = None
) -> Mark | None:
    """The first field mark (input, textarea, select) after the visible text `label`; with `text`, the first
    mark after it whose text is `text` (a comment's Reply under its author's name)."""
    after = marks_after(observation_text, marks, label)
    if text is not None:
        return find_by_text(after, text, tag)
    return next((m for m in after if m.tag.upper() in FIELD_TAGS), None)


def _cover(picture: Image.Image, width: float, height: float) -> Image.Image:
    """The centre of `picture` cut to the aspect ratio width:height."""
    pw, ph = picture.size
    target = width / height
    if pw / ph > target:  # too wide: cut the sides
        keep = ph * target
        left = (pw - keep) / 2
        return picture.crop((round(left), 0, round(left + keep), ph))
    keep = pw / target
    top = (ph - keep) / 2
    return picture.crop((0, round(top), pw, round(top + keep)))


def _small(image: Image.Image) -> np.ndarray:
    """The picture at SIDE x SIDE, as three int16 planes (channel, row, column) of its 0-255 levels."""
    pixels = np.asarray(image.convert("RGB").resize((SIDE, SIDE), Image.Resampling.BILINEAR), dtype=np.int16)
    return np.ascontiguousarray(pixels.transpose(2, 0, 1))


def _nearest_difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pixel of `a`, the smallest mean-channel difference to a pixel of `b` within SHIFT of it (`a`, `b`:
    `_small`'s planes). Summed in integers, divided by the channels once: the minimum commutes with the
    division, so the values are those of the channel mean of each shift."""
    side = a.shape[1]
    padded = np.pad(b, ((0, 0), (SHIFT, SHIFT), (SHIFT, SHIFT)), mode="edge")
    best: np.ndarray | None = None
    for dy in range(2 * SHIFT + 1):
        for dx in range(2 * SHIFT + 1):
            apart = np.abs(a - padded[:, dy : dy + side, dx : dx + side])
            summed = apart[0] + apart[1] + apart[2]
            best = summed if best is None else np.minimum(best, summed, out=best)
    if best is None:  # range(2 * SHIFT + 1) is never empty
        raise ValueError("no shift compared")
    return best / float(a.shape[0])


def _blur(d: np.ndarray, sigma: float = PATCH_SIGMA) -> np.ndarray:
    """A Gaussian blur of a 2-D map (separable, edges reflected)."""
    radius = int(4 * sigma + 0.5)
    x = np.arange(-radius, radius + 1)
    kernel = np.exp(-(x**2) / (2 * sigma**2))
    kernel /= kernel.sum()
    padded = np.pad(d, radius, mode="symmetric")
    rows = sliding_window_view(padded, kernel.size, axis=1) @ kernel
    return np.asarray(sliding_window_view(rows, kernel.size, axis=0) @ kernel)


def similarity(crop: Image.Image, picture: Image.Image) -> float:
    """How alike the two pictures look at 64x64 RGB (the reference cut to the crop's shape): 1 - (mean pixel
    difference + LOCAL_WEIGHT * largest patch difference) / (64 * (1 + LOCAL_WEIGHT)); 1 is identical."""
    return _score(_small(crop), _small(_cover(picture, *crop.size)))


def _score(a: np.ndarray, b: np.ndarray) -> float:
    """`similarity` of two `_small` pictures."""
    d = np.maximum(_nearest_difference(a, b), _nearest_difference(b, a))
    patch = float(_blur(d)[CORNER:-CORNER, CORNER:-CORNER].max())
    return float(1.0 - (d.mean() + LOCAL_WEIGHT * patch) / (SCALE * (1 + LOCAL_WEIGHT)))


Box = tuple[float, float, float, float]  # x, y, width, height


def _overlap(a: Box, b: Box) -> float:
    """Intersection over the smaller box's area."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    w = max(0.0, min(ax + aw, bx + bw) - max(ax, bx))
    h = max(0.0, min(ay + ah, by + bh) - max(ay, by))
    return float(w * h / max(1.0, min(aw * ah, bw * bh)))


@dataclass
class PictureMatch:
    mark: Mark | None  # the best mark, or None when no mark is picture-sized
    score: float  # its similarity
    runner_up: float  # the best score of a mark elsewhere on the screen (-1: none)
    candidates: int

    @property
    def margin(self) -> float:
        return self.score - self.runner_up

    def as_dict(self) -> dict[str, Any]:
        return {
            "mark": getattr(self.mark, "id", None),
            "score": round(self.score, 4),
            "runner_up": round(self.runner_up, 4),
            "margin": round(self.margin, 4),
            "candidates": self.candidates,
        }


def screenshot_image(png: bytes) -> Image.Image:
    """The screenshot's pixels as an RGB image. Chromium's fast PNG (the observations' screenshots) is read by
    `decode_rows` (the same pixels in half of Pillow's time: 15 ms instead of 30 for a 1280x2048 store page);
    any other PNG by Pillow."""
    rows = decode_rows(png)
    if rows is not None:
        return Image.fromarray(rows, "RGB")
    return Image.open(io.BytesIO(png)).convert("RGB")


def match_picture(screen: Image.Image, marks: Sequence[Mark], picture: Image.Image) -> PictureMatch:
    """Compare `picture` with the crop of every picture-sized mark of the screen."""
    scored = []
    references: dict[tuple[int, int], np.ndarray] = {}
    for mark in marks:
        x, y, w, h = mark.box
        left, top = max(0, round(x)), max(0, round(y))
        right, bottom = min(screen.width, round(x + w)), min(screen.height, round(y + h))
        if right - left < MIN_SIDE_PX or bottom - top < MIN_SIDE_PX:
            continue
        if (right - left) * (bottom - top) < 0.6 * w * h:  # mostly off screen: not a fair look
            continue
        crop = screen.crop((left, top, right, bottom))
        if crop.size not in references:  # marks of one size (a grid of thumbnails) share the cut reference
            references[crop.size] = _small(_cover(picture, *crop.size))
        scored.append((_score(_small(crop), references[crop.size]), mark))
    if not scored:
        return PictureMatch(None, -1.0, -1.0, 0)
    scored.sort(key=lambda item: -item[0])
    best_score, best = scored[0]
    elsewhere = [s for s, m in scored[1:] if _overlap(m.box, best.box) < 0.5]
    return PictureMatch(best, best_score, elsewhere[0] if elsewhere else -1.0, len(scored))


def nearest(marks: Sequence[Mark], text: str, to: Mark) -> Mark | None:
    """The mark whose text is `text` closest (box centres) to the mark `to`."""
    want = _norm(text)
    pool = [m for m in marks if _norm(m.text) == want] or [m for m in marks if want in _norm(m.text)]
    if not pool:
        return None
    cx, cy = to.box[0] + to.box[2] / 2, to.box[1] + to.box[3] / 2
    return min(pool, key=lambda m: (m.box[0] + m.box[2] / 2 - cx) ** 2 + (m.box[1] + m.box[3] / 2 - cy) ** 2)


def caption_link(marks: list[Mark], picture_mark: Mark) -> Mark:
    """The link that names the matched picture: a mark (A) outside the picture with the same text (a product's
    title under its photo), the nearest one; else the picture's own mark."""
    want = _norm(picture_mark.text)
    pool = (
        [
            m
            for m in marks
            if m.tag.upper() == "A"
            and _norm(m.text) == want
            and m is not picture_mark
            and _overlap(m.box, picture_mark.box) < 0.5
        ]
        if want
        else []
    )
    if not pool:
        return picture_mark
    cx, cy = picture_mark.box[0] + picture_mark.box[2] / 2, picture_mark.box[1] + picture_mark.box[3] / 2
    return min(pool, key=lambda m: (m.box[0] + m.box[2] / 2 - cx) ** 2 + (m.box[1] + m.box[3] / 2 - cy) ** 2)
