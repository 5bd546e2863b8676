"""Render a contact sheet to look at the photos:  python -m sites.imagery [OUT.png] [--all]

Without --all: a fixed mix of ~40 specs across categories, colours, counts, texts, patterns and conditions.
With --all: one photo of every kind in the catalog.
"""

from __future__ import annotations

import sys

from PIL import Image, ImageDraw

from sites.imagery.catalog import KINDS
from sites.imagery.compose import render_photo
from sites.imagery.glyphs import text_font
from sites.imagery.spec import PhotoSpec

MIX = [
    PhotoSpec("guitar", "red"),
    PhotoSpec("guitar", "blue", view=1),
    PhotoSpec("t-shirt", "green", text="LOVE"),
    PhotoSpec("t-shirt", "white", pattern="striped"),
    PhotoSpec("mug", "yellow", count=3),
    PhotoSpec("mug", "blue", count=2, text="DAD"),
    PhotoSpec("car", "red"),
    PhotoSpec("pickup truck", "black", condition="damaged"),
    PhotoSpec("car", "white", text="FOR SALE"),
    PhotoSpec("bicycle", "purple"),
    PhotoSpec("sailboat", "orange"),
    PhotoSpec("canoe", "green"),
    PhotoSpec("book", "blue", text="DUNE"),
    PhotoSpec("book", "brown", count=4),
    PhotoSpec("smartphone", count=5),
    PhotoSpec("chair", "pink"),
    PhotoSpec("couch", "yellow", condition="new"),
    PhotoSpec("dress", "purple", pattern="dotted"),
    PhotoSpec("handbag", "black", pattern="checked"),
    PhotoSpec("cap", "red", text="NYC"),
    PhotoSpec("sneaker", "orange", count=2),
    PhotoSpec("basketball", count=6),
    PhotoSpec("soccer ball", count=9),
    PhotoSpec("violin"),
    PhotoSpec("hammer", count=3, condition="damaged"),
    PhotoSpec("toolbox", "blue", text="ACME"),
    PhotoSpec("teddy bear", "pink", count=4),
    PhotoSpec("balloon", "green", count=7),
    PhotoSpec("game controller", condition="new"),
    PhotoSpec("laptop", text="RAZR"),
    PhotoSpec("television", text="SONY", condition="damaged"),
    PhotoSpec("vase", "blue", pattern="striped"),
    PhotoSpec("ring", count=2),
    PhotoSpec("wheel"),
    PhotoSpec("lipstick", "purple", count=3),
    PhotoSpec("scarf", "red", pattern="checked"),
    PhotoSpec("kettle", "green", condition="like new"),
    PhotoSpec("drum", "white", text="ROCK"),
    PhotoSpec("yo-yo", "blue", count=8),
    PhotoSpec("coat", "brown"),
]


def contact_sheet(specs: list[PhotoSpec], cols: int = 6, tile: tuple[int, int] = (320, 240)) -> Image.Image:
    tw, th = tile
    rows = (len(specs) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * tw, rows * (th + 18)), (255, 255, 255))
    d = ImageDraw.Draw(sheet)
    font = text_font(12)
    for i, s in enumerate(specs):
        x, y = (i % cols) * tw, (i // cols) * (th + 18)
        sheet.paste(render_photo(s, seed=i).resize(tile, Image.Resampling.LANCZOS), (x, y))
        label = " ".join(
            str(p)
            for p in (
                s.kind,
                s.color or "",
                f"x{s.count}",
                repr(s.text) if s.text else "",
                s.condition,
                s.pattern,
                f"v{s.view}",
            )
            if p
        )
        d.text((x + 2, y + th + 2), label, fill=(0, 0, 0), font=font)
    return sheet


def main(argv: list[str]) -> int:
    specs = [PhotoSpec(k) for k in KINDS] if "--all" in argv else MIX
    out = next((a for a in argv if not a.startswith("--")), "/tmp/contact.png")
    contact_sheet(specs).save(out)
    print(f"wrote {out} ({len(specs)} photos)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
