"""Fingerprints of a sample of everything the generators make: `python -m tests.imagery.portable_sample DIR`
prints JSON {name: sha256}. tests/imagery/test_portable_bytes.py runs it under several numpy dispatch targets
and OpenBLAS kernels and compares the outputs; a difference means a generator took a CPU-dependent path."""

from __future__ import annotations

import hashlib
import io
import json
import sys
from pathlib import Path

SEED = 7
SCALE = 120  # listings / products / posts: enough for every table, photos of each kind and a forum picture


def _png_hash(image) -> str:
    return hashlib.sha256(f"{image.mode}{image.size}".encode() + image.tobytes()).hexdigest()


def fingerprints(data_dir: Path) -> dict[str, str]:
    from evaluation.reporting.verify import site_fingerprints
    from sites.imagery import PhotoSpec
    from sites.imagery.forum_pictures import STYLES
    from sites.imagery.task_images import make_input_image
    from sites.reddit import content
    from sites.wikipedia.build import picture_png
    from sites.wikipedia.entities import core_entities

    out: dict[str, str] = {}
    for site in ("classifieds", "shopping", "reddit"):
        out.update(site_fingerprints(site, data_dir, SEED, SCALE))  # database rows and 24 rendered photos each
    # task input images, both styles, on specs that take every renderer path (pattern, print, sticker, wear)
    specs = [
        PhotoSpec(kind="guitar", color="red", count=1, text="ACME", condition="used", pattern="striped"),
        PhotoSpec(kind="t-shirt", color="blue", count=2, pattern="dotted"),
        PhotoSpec(kind="sneaker", color="green", count=3, condition="damaged", pattern="checked"),
        PhotoSpec(kind="bicycle", color="black", count=1, condition="like new"),
    ]
    for i, spec in enumerate(specs):
        for style in ("photo", "sketch"):
            out[f"task-image/{spec.kind}/{style}"] = _png_hash(make_input_image(spec, 100 + i, style=style))
    # one forum picture of every style, drawn from the generator's own picture makers
    import random

    rng = random.Random(SEED)
    for style in STYLES:
        maker = getattr(content, f"_{style}", None)
        if maker is None or style == "photo":
            continue
        from sites.imagery.forum_pictures import render_picture

        out[f"forum/{style}"] = _png_hash(render_picture(maker(rng), (480, 360), SEED))
    # Wikipedia pictures: flags from the emoji font and drawn emblems/scenes
    for entity in core_entities(SEED)[:12]:
        from PIL import Image

        out[f"wikipedia/{entity.title}"] = _png_hash(Image.open(io.BytesIO(picture_png(entity))))
    return out


if __name__ == "__main__":
    json.dump(fingerprints(Path(sys.argv[1])), sys.stdout, indent=1, sort_keys=True)
