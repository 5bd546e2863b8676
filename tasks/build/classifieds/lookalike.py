"""Classifieds kinds mirroring official templates with an input image: the picture is another framing of the
listing's item (sites/imagery/task_images.py), and the listing is reached from the start page through a
category or a state, a sort link and the card whose photo shows the same thing. Listings of the same kind on
that page look otherwise (another colour, count or printed word), so only the picture decides.
"""

from __future__ import annotations

from ..evals import answer_eval, stop, url_eval
from ..text import price_text
from .base import Row, Suite, kinds
from .onpage import browse_orders, listing_args, page_targets, reach

ANOTHER_FRAMING = "input image: the listing's item from another framing"


def alone(s: Suite, r: Row, entry: str) -> bool:
    """Whether no other listing of the category (or state) of `r` shows the same thing as its photo."""
    filt = {"category_id": r.category_id} if entry == "category" else {"region_id": r.region_id}
    look = (r.kind, r.color, r.count, r.text, r.pattern)
    return all((p.kind, p.color, p.count, p.text, p.pattern) != look for p in s.search(**filt) if p.id != r.id)


def browse_pictured(
    s: Suite,
    official: int,
    n: int,
    entry: str,
    orders: tuple[str, ...],
    template: str,
    answer: str = "",
    allow=("text", "count", "color"),
    pages: int = 1,
) -> None:
    """`answer` "" scores the final page (url_match); "price" asks its price too (url_match and string_match);
    "region" asks only the state it is listed in (string_match)."""
    cands = browse_orders(s, entry, orders, allow, pages)
    if "{superlative}" not in template:  # "the" pictured listing: no other one in the results looks the same
        cands = [c for c in cands if alone(s, c[0], entry)]
    for r, order, _, terms, page in s.fresh(cands, n):
        args = listing_args(template, r, order)
        ev = url_eval(r.url)
        said = ""
        if answer == "price":
            said = price_text(r.price)
            ev = {
                **ev,
                "eval_types": ["url_match", "string_match"],
                "reference_answers": {"must_include": [said]},
                "string_note": "",
            }
        elif answer == "region":
            said = r.region
            ev = answer_eval({"must_include": [said]})
        solution = [*reach(entry, order, r, page, "the photo of the pictured item"), stop(said)]
        image = s.listing_image(r)
        s.listing_job(
            official, template, args, r, page, terms, image=image, eval_=ev, solution=solution, comments=ANOTHER_FRAMING
        )


def pictured_on_page(s: Suite) -> None:
    template = "Open the listing on this page that shows the same {noun} as this picture."
    for r, url, _, terms, page in s.fresh(page_targets(s, "newest"), 4):
        args, image = {"noun": r.kind}, s.listing_image(r, "sketch")
        note, comments = "the photo like the sketch", "input image: a pencil sketch of the listing's item"
        s.open_job(47, template, args, r, page, terms, note=note, start_url=url, image=image, comments=comments)


def pictured_price_on_page(s: Suite) -> None:
    template = "What does the {noun} in this picture cost? It is one of the listings on this page."
    for r, url, _, terms, page in s.fresh(page_targets(s, "lowest"), 6):
        args, said, image = {"noun": r.kind}, price_text(r.price), s.listing_image(r)
        task = {"start_url": url, "image": image, "comments": ANOTHER_FRAMING}
        s.answer_job(40, template, args, r, page, terms, said=said, note="the price under its photo", **task)


# fmt: off
TEMPLATES = [
    *kinds(
        browse_pictured,
        (39, 2, "category", ("newest",),
         'Browse the "{category}" category and open the listing of the item in this picture.'),
        (30, 5, "region", ("newest", "lowest"),
         "Find me a {noun} in {region} that looks like the one in this picture."),
        (33, 6, "region", ("lowest", "highest"),
         "Find the {superlative} {noun} in {region} that matches this picture, and tell me its price in dollars.",
         {"answer": "price"}),
        (18, 3, "category", ("newest",),
         'I saw the item in this picture posted in "{category}" a while ago. Open the most recent listing of it.'),
    ),
    pictured_on_page,
    pictured_price_on_page,
]
# fmt: on
