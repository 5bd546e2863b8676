"""Rendering: determinism, every kind, size, views and the task input images."""

from __future__ import annotations

import hashlib
import io
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from sites.imagery import KINDS, PhotoSpec, render_photo, render_scene
from sites.imagery.task_images import make_input_image

ROOT = Path(__file__).resolve().parents[2]


def png_bytes(img) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


SPECS = [
    PhotoSpec("guitar", "red"),
    PhotoSpec("mug", "blue", count=3, text="DAD", condition="damaged"),
    PhotoSpec("t-shirt", "green", text="LOVE", pattern="striped", condition="new", view=2),
    PhotoSpec("car", "white", condition="like new", view=1),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.kind)
def test_same_spec_and_seed_give_identical_png_bytes(spec):
    a = render_photo(spec, size=(640, 480), seed=42)
    b = render_photo(spec, size=(640, 480), seed=42)
    assert a.mode == "RGB" and a.size == (640, 480)
    assert png_bytes(a) == png_bytes(b)
    assert png_bytes(render_photo(spec, size=(640, 480), seed=43)) != png_bytes(a)


def test_concurrent_renders_match_sequential_ones():
    from concurrent.futures import ThreadPoolExecutor

    jobs = [(spec, seed) for spec in SPECS for seed in (100, 101, 102)]
    expected = [png_bytes(render_photo(spec, size=(320, 240), seed=seed)) for spec, seed in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda job: png_bytes(render_photo(job[0], size=(320, 240), seed=job[1])), jobs * 2))
    assert got == expected * 2


def test_rendering_is_identical_in_a_fresh_process_with_another_hash_seed():
    spec = SPECS[1]
    here = hashlib.sha256(png_bytes(render_photo(spec, size=(320, 240), seed=7))).hexdigest()
    code = (
        "import hashlib, io; from sites.imagery import PhotoSpec, render_photo; "
        f"b = io.BytesIO(); render_photo(PhotoSpec(**{spec.__dict__!r}), size=(320, 240), seed=7)"
        ".save(b, format='PNG'); print(hashlib.sha256(b.getvalue()).hexdigest())"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == here


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_renders_a_visible_object(name):
    k = KINDS[name]
    spec = PhotoSpec(
        name,
        color="orange" if k.colorable else None,
        count=2 if k.countable else 1,
        text="SALE" if k.printable else None,
        condition="damaged",
    )
    scene = render_scene(spec, size=(320, 240), seed=5)
    assert scene.image.size == (320, 240) and scene.image.mode == "RGB"
    mask = np.asarray(scene.mask) > 0
    assert 0.04 < mask.mean() < 0.9, f"{name}: object covers {mask.mean():.2%} of the photo"
    obj = np.asarray(scene.image, dtype=np.float32)[mask]
    assert obj.std() > 15, f"{name}: object pixels are nearly flat"
    assert len(scene.boxes) == spec.count
    for x0, y0, x1, y1 in scene.boxes:
        assert 0 <= x0 < x1 <= 320 and 0 <= y0 < y1 <= 240


def test_other_sizes_render():
    for size in ((320, 240), (1024, 768), (200, 300)):
        assert render_photo(PhotoSpec("bicycle", "blue"), size=size, seed=3).size == size
    with pytest.raises(ValueError, match="size"):
        render_photo(PhotoSpec("bicycle"), size=(10, 10))


def test_the_backdrop_is_known_without_drawing():
    """scene_backdrop (what the store builder reads a scene's setting from) names the backdrop render_scene draws,
    for every kind (each its own backdrops), several seeds and views."""
    from sites.imagery.compose import scene_backdrop

    seen = set()
    for i, name in enumerate(sorted(KINDS)):
        for seed in (i, 1000 + 7 * i):
            spec = PhotoSpec(name, view=seed % 3)
            drawn = render_scene(spec, size=(64, 48), seed=seed).backdrop
            assert scene_backdrop(spec, seed) == drawn, (name, seed)
            seen.add(drawn)
    assert len(seen) >= 4


def test_views_frame_the_same_objects_differently():
    base = PhotoSpec("teddy bear", "pink", count=4)
    scenes = [render_scene(PhotoSpec(**{**base.__dict__, "view": v}), size=(640, 480), seed=9) for v in range(3)]
    assert len({png_bytes(s.image) for s in scenes}) == 3
    for s in scenes:
        assert len(s.boxes) == 4
        assert all(0 <= b[0] and 0 <= b[1] and b[2] <= 640 and b[3] <= 480 for b in s.boxes)


@pytest.mark.parametrize("style", ["photo", "sketch"])
def test_task_input_image(style):
    spec = PhotoSpec("guitar", "red", view=0)
    a = make_input_image(spec, seed=11, style=style)
    assert a.size == (512, 384) and a.mode == "RGB"
    assert png_bytes(a) == png_bytes(make_input_image(spec, seed=11, style=style))
    arr = np.asarray(a, dtype=np.int16)
    if style == "sketch":
        # pencil on paper: mostly near-white, grey (channels equal), with dark strokes
        assert np.abs(arr[..., 0] - arr[..., 2]).max() == 0
        assert (arr[..., 0] > 200).mean() > 0.5 and (arr[..., 0] < 110).mean() > 0.01
    else:
        # a closer crop than the listing photo: the object fills more of the frame
        listing = render_scene(spec, size=(512, 384), seed=11)
        assert png_bytes(a) != png_bytes(listing.image)
        red = (arr[..., 0] > 150) & (arr[..., 1] < 90) & (arr[..., 2] < 90)
        listing_arr = np.asarray(listing.image, dtype=np.int16)
        listing_red = (listing_arr[..., 0] > 150) & (listing_arr[..., 1] < 90) & (listing_arr[..., 2] < 90)
        assert red.mean() > listing_red.mean()
    with pytest.raises(ValueError, match="style"):
        make_input_image(spec, seed=1, style="cartoon")
