"""The articles and media the official task files name (from the official catalogue) that the generated
encyclopedia lacks. Their text is generated, not Wikipedia's: a lead, an infobox and sections of the common
filler, under the official title; the calling-codes map is a drawn picture of the nine world zones.

They are added after every generated article, so the other articles (and the random stream that writes
them) stay as they were.
"""

from __future__ import annotations

import io
import random

from sites.common.official import wikipedia_media, wikipedia_titles
from sites.wikipedia import LANDING
from sites.wikipedia.entities import Entity

# zone digit -> (label, box on a 640 x 320 map, colour)
ZONES = {
    1: ("North America", (40, 50, 190, 140), (214, 96, 77)),
    2: ("Africa", (300, 150, 390, 270), (244, 165, 130)),
    3: ("Europe", (290, 50, 350, 110), (146, 197, 222)),
    4: ("Europe", (350, 50, 400, 110), (67, 147, 195)),
    5: ("South and Central America", (140, 160, 230, 290), (178, 223, 138)),
    6: ("Southeast Asia and Oceania", (500, 190, 620, 290), (51, 160, 44)),
    7: ("Russia and Kazakhstan", (400, 30, 600, 100), (253, 191, 111)),
    8: ("East Asia", (520, 100, 610, 180), (255, 127, 0)),
    9: ("West, Central and South Asia", (400, 110, 510, 190), (202, 178, 214)),
}


def official_entities(existing: set[str]) -> list[Entity]:
    """An entity for every official title without an article, in the catalogue's order."""
    landing = LANDING.replace("_", " ")
    out = []
    for title in wikipedia_titles():
        if title in existing or title == landing:
            continue
        rng = random.Random(title)
        out.append(
            Entity(
                title,
                "topic",
                [("Article", "generated for the embedded stack")],
                [],
                color=(rng.randrange(30, 220), rng.randrange(30, 220), rng.randrange(30, 220)),
            )
        )
    return out


def calling_codes_map(size: tuple[int, int] = (640, 320)) -> bytes:
    """A world map of the nine calling-code zones, each labelled with its first digit, as WebP."""
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("RGB", size, (200, 225, 245))
    draw = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    for digit, (_label, box, colour) in ZONES.items():
        draw.rounded_rectangle(box, radius=18, fill=colour, outline=(60, 60, 60))
        cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
        draw.text((cx - 3, cy - 6), str(digit), fill=(0, 0, 0), font=font)
    draw.text((10, size[1] - 16), "Country calling codes: the first digit of each zone", fill=(0, 0, 0), font=font)
    out = io.BytesIO()
    img.save(out, "WEBP", lossless=True)
    return out.getvalue()


def media_items() -> list[tuple[str, str, bytes]]:
    """(path inside the ZIM, mimetype, content) of every official media file the builder can draw."""
    drawers = {"Country_calling_codes_map.svg.png.webp": calling_codes_map}
    out = []
    for name in wikipedia_media():
        if name not in drawers:
            raise ValueError(f"official media {name}: no drawing in sites/wikipedia/official.py")
        out.append((f"I/{name}", "image/webp", drawers[name]()))
    return out
