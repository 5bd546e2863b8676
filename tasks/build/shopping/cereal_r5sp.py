"""Round 5 (helper r5-sp): official 66, the name of the creature on the box of a colour in the bottom row of a
category page.

The boxes are the creature cereal boxes of sites/shopping/cereal_boxes_r5sp.py: the last page of the Cereals leaf
holds two rows of them, four colours a row, two colours in both rows (so the row decides which box is meant) and
two only in the upper row (asked about, the answer is that there is none, as in the official template's third
task). The creature's name is printed on its box above the drawing and nowhere in the product's text.
"""

from __future__ import annotations

from sites.shopping.cereal_boxes_r5sp import LEAF, PER_PAGE, PER_ROW
from sites.shopping.data import Product

from ..evals import answer_eval, stop
from .base import SITE, Suite

TEMPLATE = "What name is printed for the creature on the {color} box in the bottom row of this page?"


def _last_page(s: Suite) -> tuple[int, list[Product]]:
    total, _ = s.data.category_listing(LEAF, "position", "asc", 1, PER_PAGE)
    last = max(1, -(-total // PER_PAGE))
    _, ids = s.data.category_listing(LEAF, "position", "asc", last, PER_PAGE)
    return last, [s.data.product(i) for i in ids]


def creature_in_bottom_row(s: Suite, n: int = 3) -> None:
    """Official 66: the name on the box of a colour in the bottom row; `n` colours of that row (those also in the
    row above first), then one colour of the row above only (no such box: N/A)."""
    page, products = _last_page(s)
    if len(products) < 2 * PER_ROW or len(products) % PER_ROW:
        return
    bottom, upper = products[-PER_ROW:], products[-2 * PER_ROW : -PER_ROW]
    colour = {p.id: p.photos[0].color or "" for p in products}
    bottom_colours = [colour[p.id] for p in bottom]
    if len(set(bottom_colours)) != PER_ROW or not all(p.photos[0].printed_text for p in bottom):
        return
    upper_colours = {colour[p.id] for p in upper}
    shared = [p for p in bottom if colour[p.id] in upper_colours]
    alone = [p for p in bottom if colour[p.id] not in upper_colours]
    picked = (s.rng.sample(shared, len(shared)) + s.rng.sample(alone, len(alone)))[:n]
    url = f"{SITE}/{LEAF}.html" + (f"?p={page}" if page > 1 else "")
    for p in picked:
        name = p.photos[0].printed_text or ""
        args = {"color": colour[p.id]}
        twin = [q for q in upper if colour[q.id] == colour[p.id]]
        s.mirror(
            66,
            TEMPLATE,
            args,
            start_url=url,
            eval_=answer_eval({"must_include": [name]}),
            solution=[stop(name)],
            grounding=s.ground(products, [colour[p.id], name]),
            comments=f"the {colour[p.id]} box of the bottom row shows {name}"
            + (f"; the {colour[p.id]} box of the row above shows {twin[0].photos[0].printed_text}" if twin else ""),
        )
    missing = sorted(upper_colours - set(bottom_colours))
    if missing:
        color = s.rng.choice(missing)
        note = f"No box in the bottom row is {color} (the row above has one)."
        args = {"color": color}
        s.na_job(66, TEMPLATE, args, note, [stop("N/A")], start_url=url, grounding=s.ground(products, [color]))


TEMPLATES = [creature_in_bottom_row]
