"""The sighted agent's eyes (agent/sight.py) on real rendered photos and real Set-of-Marks text lists; and the
`sight` field of reference solutions."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from agent.agents.reference import parse_solution
from agent.sight import (
    _nearest_difference,
    _small,
    caption_link,
    find_after,
    find_by_text,
    match_picture,
    screenshot_image,
    similarity,
)
from agent.som import Mark, decode_rows, encode_rows, som_result
from sites.imagery import PhotoSpec, render_photo


def _mark(i, tag, text, box):
    return Mark(str(i), None, tag, text, box)


def _as_thumbnail(image: Image.Image, size=(228, 171)) -> Image.Image:
    """As a store shows it: a JPEG thumbnail scaled by the browser."""
    buf = io.BytesIO()
    image.resize((240, 180), Image.Resampling.LANCZOS).save(buf, "JPEG", quality=85)
    return Image.open(io.BytesIO(buf.getvalue())).convert("RGB").resize(size, Image.Resampling.BILINEAR)


@pytest.fixture(scope="module")
def grid():
    """A screen of four laundry-basket photos (counts 1..4, same backdrop) and their caption links, like a
    category grid."""
    specs = [PhotoSpec("laundry basket", count=n) for n in (1, 2, 3, 4)]
    photos = [render_photo(s, seed=40) for s in specs]
    screen = Image.new("RGB", (1280, 800), (255, 255, 255))
    marks = []
    for i, photo in enumerate(photos):
        x = 20 + i * 300
        screen.paste(_as_thumbnail(photo), (x, 100))
        marks.append(_mark(2 * i, "A", f"Basket {i}", (x, 100, 228, 171)))
        marks.append(_mark(2 * i + 1, "A", f"Basket {i}", (x, 280, 180, 16)))  # the title link under it
    return screen, marks, photos


def test_the_photo_is_found_among_photos_of_the_same_thing_with_a_clear_margin(grid):
    screen, marks, photos = grid
    for i, photo in enumerate(photos):
        found = match_picture(screen, marks, photo.resize((160, 120), Image.Resampling.LANCZOS))
        assert found.mark is not None and found.mark.id == str(2 * i), found.as_dict()
        assert found.score > 0.9 and found.margin > 0.1, found.as_dict()
        assert caption_link(marks, found.mark).id == str(2 * i + 1)


def test_a_photo_not_on_screen_has_no_good_match(grid):
    screen, marks, _ = grid
    absent = render_photo(PhotoSpec("teddy bear", color="orange"), seed=3)
    assert match_picture(screen, marks, absent).score < 0.75


def test_text_and_labels_are_read_from_the_set_of_marks_list():
    raw = [
        ["INPUT", "Search entire store here...", 0, 0, 300, 30],
        ["LABEL", "S", 0, 50, 40, 30],
        ["LABEL", "Purple", 50, 50, 40, 30],
        ["INPUT", "", 0, 120, 300, 30],
        ["BUTTON", "Publish", 0, 200, 80, 30],
    ]
    lines = [[0, ""], [-1, "Size"], [1, ""], [2, ""], [-1, "Price ($)"], [3, ""], [4, ""]]
    som = som_result(raw, lines)
    assert getattr(find_by_text(som.marks, "S", "LABEL"), "id", None) == "1"
    assert find_by_text(som.marks, "S", "INPUT") is None  # a one-letter size never picks "Search..."
    assert getattr(find_by_text(som.marks, "purple"), "id", None) == "2"
    assert getattr(find_after(som.text, som.marks, "Price ($)"), "id", None) == "3"
    assert getattr(find_after(som.text, som.marks, "Size", text="Purple"), "id", None) == "2"
    assert find_after(som.text, som.marks, "Weight") is None


def test_sight_fields_are_checked_with_the_step_named():
    steps = parse_solution([{"do": "click", "css": "a", "sight": {"picture": "sight/x.png", "near": "Edit"}}])
    assert steps[0].sight == {"picture": "sight/x.png", "near": "Edit"}
    for bad, words in (
        ({"colour": "red"}, "unknown key 'colour'"),
        ({"text": "a", "picture": "b"}, "one of"),
        ({"after": "x", "near": "y"}, "near goes with sight.picture"),
        ({"text": ""}, "non-empty"),
    ):
        with pytest.raises(ValueError, match=r"reference_solution\[0\]: sight"):
            parse_solution([{"do": "click", "css": "a", "sight": bad}])
        with pytest.raises(ValueError) as info:
            parse_solution([{"do": "click", "css": "a", "sight": bad}])
        assert words in str(info.value)


def _nearest_difference_in_floats(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The measure's definition as first written: per pixel of `a` (rows, columns, channels), the smallest
    channel-mean difference to a pixel of `b` within one pixel of it, `b` extended at its edges."""
    side = a.shape[0]
    padded = np.pad(b, ((1, 1), (1, 1), (0, 0)), mode="edge")
    shifted = [np.abs(a - padded[dy : dy + side, dx : dx + side]).mean(axis=2) for dy in range(3) for dx in range(3)]
    return np.asarray(np.min(shifted, axis=0))


def test_the_integer_nearest_difference_equals_the_float_definition():
    """The planes of `_small` summed in integers give bit for bit the channel means of the float definition,
    on random pictures and on pictures that differ in a few pixels only."""
    rng = np.random.default_rng(7)
    for trial in range(40):
        a = rng.integers(0, 256, (64, 64, 3))
        b = a.copy() if trial % 2 else rng.integers(0, 256, (64, 64, 3))
        b[rng.integers(0, 64, 30), rng.integers(0, 64, 30)] = rng.integers(0, 256, (30, 3))
        planes_a, planes_b = (np.ascontiguousarray(x.astype(np.int16).transpose(2, 0, 1)) for x in (a, b))
        got = _nearest_difference(planes_a, planes_b)
        assert np.array_equal(got, _nearest_difference_in_floats(a.astype(np.float64), b.astype(np.float64)))
    photo = Image.fromarray(rng.integers(0, 256, (90, 120, 3), dtype=np.uint8))
    assert _small(photo).shape == (3, 64, 64) and _small(photo).dtype == np.int16


def test_match_picture_scores_each_mark_as_similarity_does(grid):
    """The reference cut once per crop size gives every mark the score `similarity` gives its crop alone."""
    screen, marks, photos = grid
    found = match_picture(screen, marks, photos[2])
    crops = [
        similarity(
            screen.crop((round(m.box[0]), round(m.box[1]), round(m.box[0] + m.box[2]), round(m.box[1] + m.box[3]))),
            photos[2],
        )
        for m in marks
        if m.box[2] >= 40 and m.box[3] >= 40
    ]
    assert found.score == max(crops)


def test_a_screenshot_reads_the_same_pixels_from_chromiums_fast_png_and_from_any_other_png(grid):
    """screenshot_image reads Chromium's fast PNG (rows filtered "up", as encode_rows writes them) with its own
    decoder, and any other PNG (Pillow's, with adaptive filters; a palette one) with Pillow: the same pixels."""
    screen = grid[0]
    pixels = np.asarray(screen.convert("RGB"))
    fast = encode_rows(np.ascontiguousarray(pixels))
    other = io.BytesIO()
    screen.convert("RGB").save(other, "PNG", optimize=True)
    palette = io.BytesIO()
    screen.convert("RGB").quantize(16).save(palette, "PNG")
    assert decode_rows(fast) is not None and decode_rows(palette.getvalue()) is None  # both paths are taken
    for png in (fast, other.getvalue()):
        image = screenshot_image(png)
        assert image.mode == "RGB" and image.size == screen.size
        assert np.array_equal(np.asarray(image), pixels)
    assert screenshot_image(palette.getvalue()).mode == "RGB"
