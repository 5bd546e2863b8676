"""The attributes a task can ask about are measurable in the pixels: colour, count, text, pattern, condition,
and two views of one item look more alike than two different items."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image
from scipy import ndimage
from skimage.metrics import structural_similarity

from sites.imagery import COLORS, KINDS, PhotoSpec, render_photo, render_scene

HUE_DEG = {"red": 0, "orange": 28, "yellow": 52, "green": 128, "blue": 222, "purple": 278, "pink": 330}


def object_hsv(scene):
    mask = np.asarray(scene.mask) > 0
    hsv = np.asarray(scene.image.convert("HSV"), dtype=np.float32)[mask]
    return hsv[:, 0] * 360 / 256, hsv[:, 1] / 255, hsv[:, 2] / 255


def dominant_hue(scene) -> float:
    h, s, v = object_hsv(scene)
    sel = (s > 0.35) & (v > 0.25)
    hist, edges = np.histogram(h[sel], bins=36, range=(0, 360))
    hist = hist + np.roll(hist, 1) + np.roll(hist, -1)
    return float(edges[int(np.argmax(hist))] + 5)


def hue_distance(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


@pytest.mark.parametrize("kind", ["guitar", "t-shirt", "car", "mug", "chair", "book", "balloon", "handbag"])
@pytest.mark.parametrize("color", sorted(HUE_DEG))
def test_dominant_hue_of_the_object_is_the_named_colour(kind, color):
    scene = render_scene(PhotoSpec(kind, color=color), size=(320, 240), seed=3)
    hue = dominant_hue(scene)
    assert hue_distance(hue, HUE_DEG[color]) <= 22, f"{color} {kind}: dominant hue {hue:.0f} deg"


@pytest.mark.parametrize("kind", sorted(name for name, k in KINDS.items() if k.colorable))
def test_every_colorable_kind_takes_red_and_blue(kind):
    for color in ("red", "blue"):
        scene = render_scene(PhotoSpec(kind, color=color, condition="like new"), size=(320, 240), seed=3)
        hue = dominant_hue(scene)
        assert hue_distance(hue, HUE_DEG[color]) <= 22, f"{color} {kind}: dominant hue {hue:.0f} deg"
        h, s, _ = object_hsv(scene)
        share = ((np.minimum(np.abs(h - HUE_DEG[color]), 360 - np.abs(h - HUE_DEG[color])) < 25) & (s > 0.35)).mean()
        assert share > 0.2, f"{color} {kind}: only {share:.0%} of the object took the colour"


@pytest.mark.parametrize("kind", ["guitar", "t-shirt", "car", "mug", "couch"])
def test_black_white_brown_are_what_they_say(kind):
    def body_stats(color):
        scene = render_scene(PhotoSpec(kind, color=color), size=(320, 240), seed=4)
        h, s, v = object_hsv(scene)
        return h, s, v

    _, _, v_black = body_stats("black")
    _, s_white, v_white = body_stats("white")
    h_brown, s_brown, v_brown = body_stats("brown")
    # the most common brightness of a black object is dark, of a white object bright and unsaturated
    assert np.median(v_black) < 0.35
    assert np.percentile(v_white, 60) > 0.8 and np.median(s_white) < 0.2
    sel = (s_brown > 0.35) & (v_brown > 0.2) & (v_brown < 0.65)
    assert sel.mean() > 0.3, "a brown object is mostly dark, saturated orange-ish"
    assert hue_distance(float(np.median(h_brown[sel])), 27) < 15


def test_colours_are_far_apart():
    names = list(COLORS)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            d = np.linalg.norm(np.subtract(COLORS[a], COLORS[b]))
            assert d > 80, f"{a} and {b} are too close ({d:.0f})"


def components(mask: Image.Image) -> int:
    arr = np.asarray(mask) > 0
    # a hair of closing joins the thin parts of one object (a balloon's string) but not neighbours
    arr = ndimage.binary_closing(arr, iterations=2)
    labels, n = ndimage.label(arr)
    if n == 0:
        return 0
    sizes = np.bincount(labels.ravel())[1:]
    return int((sizes > 0.15 * sizes.max()).sum())


@pytest.mark.parametrize("kind", ["mug", "basketball", "smartphone", "yo-yo", "book", "teddy bear", "sneaker"])
@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 6, 7, 8, 9])
def test_count_is_the_number_of_separate_objects(kind, count):
    view = (count + len(kind)) % 3  # every view is exercised across the counts
    scene = render_scene(PhotoSpec(kind, count=count, view=view), size=(640, 480), seed=count * 10 + view)
    assert components(scene.mask) == count, f"{count} {kind} view {view}"
    boxes = scene.boxes
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap = max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))
            assert overlap < 0.05 * (a[2] - a[0]) * (a[3] - a[1]), f"{count} {kind}: objects overlap"


def small(img: Image.Image) -> np.ndarray:
    return np.asarray(img.resize((64, 48), Image.Resampling.BILINEAR), dtype=np.float64)


def ssim(a: Image.Image, b: Image.Image) -> float:
    """Colour SSIM at thumbnail scale, where a small camera pan does not dominate the score."""
    return float(structural_similarity(small(a), small(b), data_range=255, channel_axis=2))


@pytest.mark.parametrize(
    "kind, other",
    [
        ("guitar", "saxophone"),
        ("mug", "kettle"),
        ("car", "pickup truck"),
        ("chair", "couch"),
        ("book", "ledger"),
        ("t-shirt", "jeans"),
    ],
)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_two_views_of_one_item_are_more_alike_than_two_items(kind, other, seed):
    base = render_photo(PhotoSpec(kind, view=0), seed=seed)
    for view in (1, 2):
        same = ssim(base, render_photo(PhotoSpec(kind, view=view), seed=seed))
        different = ssim(base, render_photo(PhotoSpec(other, view=view), seed=seed))
        assert same > different, f"{kind} view {view}: same {same:.3f} <= {other} {different:.3f}"


@pytest.mark.parametrize(
    "kind, color",
    [
        ("t-shirt", "red"),
        ("t-shirt", "white"),
        ("mug", "yellow"),
        ("book", "blue"),
        ("car", "black"),
        ("laptop", None),
        ("cap", "green"),
        ("toolbox", "red"),
        ("television", None),
    ],
)
def test_printed_text_changes_the_label_region_and_is_large_enough(kind, color):
    with_text = render_scene(PhotoSpec(kind, color=color, text="SALE"), size=(640, 480), seed=8)
    without = render_scene(PhotoSpec(kind, color=color), size=(640, 480), seed=8)
    assert len(with_text.label_boxes) == 1 and not without.label_boxes
    x0, y0, x1, y1 = with_text.label_boxes[0]
    assert 0 <= x0 < x1 <= 640 and 0 <= y0 < y1 <= 480
    a = np.asarray(with_text.image, dtype=np.float32)[y0:y1, x0:x1]
    b = np.asarray(without.image, dtype=np.float32)[y0:y1, x0:x1]
    assert np.abs(a - b).mean() > 25
    # ink and background both present: the label has strong contrast
    luma = a @ np.array([0.299, 0.587, 0.114])
    assert np.percentile(luma, 95) - np.percentile(luma, 5) > 120
    # still readable as a 320x240 thumbnail: letters at least ~12 px tall there
    assert (y1 - y0) / 2 >= 12


def test_text_on_every_object_of_a_count():
    scene = render_scene(PhotoSpec("mug", "blue", count=3, text="DAD"), size=(640, 480), seed=2)
    assert len(scene.label_boxes) == 3


@pytest.mark.parametrize("pattern", ["striped", "dotted", "checked"])
@pytest.mark.parametrize(
    "kind, color", [("t-shirt", "blue"), ("dress", "red"), ("handbag", "black"), ("mug", "green"), ("scarf", "yellow")]
)
def test_pattern_adds_a_second_colour_inside_the_object(kind, color, pattern):
    plain = render_scene(PhotoSpec(kind, color=color, condition="like new"), size=(640, 480), seed=6)
    patterned = render_scene(
        PhotoSpec(kind, color=color, condition="like new", pattern=pattern), size=(640, 480), seed=6
    )
    mask = np.asarray(plain.mask) > 0
    a = np.asarray(plain.image, dtype=np.float32)[mask]
    b = np.asarray(patterned.image, dtype=np.float32)[mask]
    changed = np.abs(a - b).max(axis=1) > 60
    assert 0.08 < changed.mean() < 0.8, f"{pattern} {kind}: {changed.mean():.2%} of object pixels changed"
    # and only inside the object: the backdrop is the same
    outside = ~mask
    diff_out = np.abs(
        np.asarray(plain.image, dtype=np.float32)[outside] - np.asarray(patterned.image, dtype=np.float32)[outside]
    ).max(axis=1)
    assert (diff_out > 60).mean() < 0.01


@pytest.mark.parametrize("kind, color", [("guitar", "blue"), ("car", "red"), ("laptop", None), ("chair", "brown")])
def test_conditions_look_different_and_damage_is_the_most_visible(kind, color):
    scenes = {
        c: render_scene(PhotoSpec(kind, color=color, condition=c), size=(640, 480), seed=12)
        for c in ("new", "like new", "used", "damaged")
    }
    ref = np.asarray(scenes["like new"].image, dtype=np.float32)
    mask = np.asarray(scenes["like new"].mask) > 0

    def changed(c):
        where = mask | (np.asarray(scenes[c].mask) > 0)
        return (np.abs(np.asarray(scenes[c].image, dtype=np.float32) - ref).max(axis=2)[where] > 40).mean()

    used, damaged, new = changed("used"), changed("damaged"), changed("new")
    assert used > 0.003, f"used wear marks invisible ({used:.3%})"
    assert damaged > 2 * used, f"damage ({damaged:.2%}) not clearly more than wear ({used:.2%})"
    assert new > 0.003, f"new shine/tag invisible ({new:.3%})"
    # damaged objects lose a chunk: the silhouette is smaller
    assert (np.asarray(scenes["damaged"].mask) > 0).sum() < mask.sum()
