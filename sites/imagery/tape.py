"""A measuring tape laid across the item of a listing photo: its zero at the item's left edge and the item's right
edge at the mark of the width the photo row records (photo.tape_inches), so the photo shows how wide the item is."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from sites.imagery.glyphs import TEXT_FONT

TAPE = (250, 206, 36)
INK = (24, 22, 20)
HOOK = (150, 150, 156)


def lay_tape(image: Image.Image, box: tuple[int, int, int, int], inches: int) -> Image.Image:
    """`image` with a tape across the middle of `box` (the item), marked in inches: each inch a long tick, each
    half a short one, every second inch numbered (and the last whole inch the item spans, `inches`)."""
    if inches < 1:
        raise ValueError(f"tape: the item must be at least one inch wide, got {inches}")
    out = image.convert("RGB").copy()
    draw = ImageDraw.Draw(out)
    x0, y0, x1, y1 = box
    per_inch = (x1 - x0) / inches
    band = max(22, int(out.height * 0.06))
    top = (y0 + y1) // 2 - band // 2
    end = min(out.width - 2, int(x1 + 2.5 * per_inch))
    draw.rectangle((x0 - 8, top + 3, x0, top + band - 3), fill=HOOK)  # the metal hook at zero
    draw.rectangle((x0, top, end, top + band), fill=TAPE, outline=INK)
    font = ImageFont.truetype(str(TEXT_FONT), max(10, band // 2))
    half = 0
    while True:
        x = x0 + half * per_inch / 2
        if x > end:
            break
        whole = half % 2 == 0
        draw.line((x, top, x, top + (band * 0.45 if whole else band * 0.25)), fill=INK, width=2 if whole else 1)
        n = half // 2
        if whole and n > 0 and (n % 2 == 0 or n == inches):
            label = str(n)
            w = draw.textlength(label, font=font)
            draw.text((x - w / 2, top + band * 0.45), label, fill=INK, font=font)
        half += 1
    return out
