"""More classifieds kinds mirroring official "find the listing" templates, told apart by their photos: reached
from the start page through a category or a state and a sort link (with or without an input image), or asked
about on a given results page.
"""

from __future__ import annotations

from ..evals import answer_eval, click, stop
from ..text import price_text
from .base import Suite, clean_of, kinds
from .lookalike import browse_pictured
from .onpage import ORDERS, browse, browse_orders, entry_step, gallery_pages, sort_step


def seller_of_found(s: Suite) -> None:
    template = 'For the {superlative} {noun} in "{category}" whose photo {condition}, tell me where it is listed.'
    for r, order, phrase, terms, page in s.fresh(browse_orders(s, "category", ("newest", "lowest")), 5):
        args = {"superlative": ORDERS[order][2], "noun": r.kind, "category": r.category, "condition": phrase}
        said = f"{r.city}, {r.region}"
        solution = [
            entry_step("category", r),
            *sort_step(order),
            click(r.card_css, "the photo that fits"),
            stop(said, "the location on the listing"),
        ]
        ev = answer_eval({"must_include": [r.city]})
        s.listing_job(53, template, args, r, page, terms, eval_=ev, solution=solution)


def price_range_on_page(s: Suite) -> None:
    template = "What is the price range of the listings on this page whose photos show {a} {color} item?"
    cands = []
    for url, page in gallery_pages(s, "newest"):
        for color in sorted({r.color for r in page if r.color}):
            hits = [r for r in page if r.color == color and r.pattern == "plain"]
            others = [r for r in page if r.color != color]
            if (
                len(hits) >= 2
                and len({r.price for r in hits}) >= 2
                and others
                and clean_of(page, [color])
                and all(r.pattern == "plain" for r in page if r.color == color)
            ):
                cands.append((hits[0], url, color, hits, page))
    for _first, url, color, hits, page in s.fresh(cands, 3):
        low, high = price_text(min(r.price for r in hits)), price_text(max(r.price for r in hits))
        args = {"a": "an" if color[0] in "aeiou" else "a", "color": color}
        s.mirror(
            17,
            template,
            args,
            start_url=url,
            eval_=answer_eval({"must_include": [low, high]}),
            solution=[stop(f"${low} to ${high}")],
            grounding={"listings": [p.id for p in page], "visual_terms": [color]},
        )


def pictured_on_page_find(s: Suite, official: int, n: int, order: str, style: str, template: str) -> None:
    from .onpage import page_targets

    for r, url, _, terms, page in s.fresh(page_targets(s, order), n):
        args, image, comments = (
            {"noun": r.kind},
            s.listing_image(r, style),
            f"input image: a {style} of the listing's item",
        )
        note = "the photo like the picture"
        s.open_job(official, template, args, r, page, terms, note=note, start_url=url, image=image, comments=comments)


# fmt: off
TEMPLATES = [
    *kinds(
        browse,
        (23, 4, "category", ("lowest", "highest"),
         'Find the {noun} in "{category}" that is the {superlative} one whose photo {condition}.'),
        (58, 5, "region", ("highest", "newest"),
         "Navigate to the {superlative} {noun} from {region} whose photo {condition}.",
         {"pages": 2}),
        (32, 6, "region", ("lowest",), "Find the cheapest {noun} in {region} whose photo {condition}.", {"pages": 2}),
    ),
    seller_of_found,
    *kinds(
        browse_pictured,
        (26, 7, "category", ("lowest", "highest"),
         'Find the {superlative} {noun} in "{category}" whose photo shows the same thing as this picture.'),
        (19, 4, "region", ("newest",),
         "I remember seeing the item in this picture for sale in {region}. Open its most recent listing.",
         {"pages": 2}),
        (59, 3, "category", ("lowest",), 'Navigate to the {noun} in "{category}" with the look of this picture.'),
        (61, 1, "region", ("highest",),
         "Navigate to the {noun} of this picture; it is listed in {region}.", {"pages": 2}),
        (27, 3, "category", ("newest", "highest"),
         'Find the {superlative} listing in "{category}" which shows the item in this picture.'),
    ),
    price_range_on_page,
    *kinds(
        pictured_on_page_find,
        (34, 3, "lowest", "photo", "Find the {noun} on this page most like the one in this picture."),
        (45, 3, "highest", "sketch", "Navigate to the {noun} on this page that matches this drawing."),
    ),
]
# fmt: on
