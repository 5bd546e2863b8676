"""A product box with a creature drawn on its front (a breakfast-cereal box), drawn in code in place of a glyph.

A kind whose emoji is `BOX_PREFIX + <creature emoji>` is such a box: glyphs.glyph() returns this drawing, a box
seen a little from the right and above (front, side and top faces) whose faces are the recolourable body, with the
creature's glyph, in its own colours, on the lower part of the front. Printed text (the creature's name) goes on
the upper part of the front (`LABEL_AT`, the kind's label position).
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

BOX_PREFIX = "box:"
# the drawing's size (font-resolution, like the emoji bitmaps) and its faces
WIDTH, HEIGHT = 112, 150
DEPTH = 14  # how far the side and top faces reach back
FRONT = (2, DEPTH, WIDTH - DEPTH - 2, HEIGHT - 2)  # x0, y0, x1, y1
LABEL_AT = ((FRONT[0] + FRONT[2]) / 2 / WIDTH, (FRONT[1] + 20) / HEIGHT, 0.84 * (FRONT[2] - FRONT[0]) / WIDTH)
BASE = (196, 52, 60)  # the face colour drawn; the body is recoloured from its shading
SHADES = {"front": 1.0, "side": 0.68, "top": 1.22}


def box_drawing(face: Image.Image) -> tuple[Image.Image, np.ndarray]:
    """(RGBA drawing, body mask float32 0..1) of a box with `face` (the creature's glyph image, which the caller,
    glyphs.glyph, draws) on its front."""
    img = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    body = Image.new("L", (WIDTH, HEIGHT), 0)
    x0, y0, x1, y1 = FRONT
    faces = {
        "top": [(x0, y0), (x0 + DEPTH, y0 - DEPTH + 1), (x1 + DEPTH, y0 - DEPTH + 1), (x1, y0)],
        "side": [(x1, y0), (x1 + DEPTH, y0 - DEPTH + 1), (x1 + DEPTH, y1 - DEPTH), (x1, y1)],
        "front": [(x0, y0), (x1, y0), (x1, y1), (x0, y1)],
    }
    draw, mask = ImageDraw.Draw(img), ImageDraw.Draw(body)
    for name, points in faces.items():
        fill = tuple(min(255, round(c * SHADES[name])) for c in BASE)
        draw.polygon(points, fill=(*fill, 255))
        mask.polygon(points, fill=255)
    edge = (70, 20, 24, 255)
    draw.line([*faces["front"], faces["front"][0]], fill=edge, width=1)
    draw.line([(x1, y0), (x1 + DEPTH, y0 - DEPTH + 1)], fill=edge, width=1)

    # the creature, in its own colours, on the lower part of the front (not part of the recolourable body)
    side = int(0.80 * (x1 - x0))
    scale = side / max(face.size)
    face = face.resize(
        (max(1, round(face.width * scale)), max(1, round(face.height * scale))), Image.Resampling.LANCZOS
    )
    fx = round((x0 + x1) / 2 - face.width / 2)
    fy = round(y1 - 6 - face.height)
    img.alpha_composite(face, (fx, fy))
    creature_mask = Image.new("L", (WIDTH, HEIGHT), 0)
    creature_mask.paste(face.getchannel("A"), (fx, fy))
    body_arr = np.asarray(body, dtype=np.float32) / 255.0
    body_arr = body_arr * (1.0 - np.asarray(creature_mask, dtype=np.float32) / 255.0)
    return img, body_arr.astype(np.float32)
