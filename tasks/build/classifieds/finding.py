"""More classifieds kinds mirroring official "find the listing" templates, told apart by their photos: reached
from the start page through a category or a state and a sort link (with or without an input image), or asked
about on a given results page.
"""

from __future__ import annotations

from ..evals import answer_eval, click, stop, url_eval
from ..text import price_text
from .base import Suite, clean_of
from .lookalike import browse_pictured
from .onpage import ORDERS, browse, browse_targets, entry_step, gallery_pages, kin, sort_step


def cheapest_in_category(s: Suite) -> None:
    browse(
        s,
        'Find the {noun} in "{category}" that is the {superlative} one whose photo {condition}.',
        23,
        4,
        "category",
        ("lowest", "highest"),
        ("easy", "easy", "easy"),
    )


def from_state_photo(s: Suite) -> None:
    browse(
        s,
        "Navigate to the {superlative} {noun} from {region} whose photo {condition}.",
        58,
        5,
        "region",
        ("highest", "newest"),
        ("hard", "medium", "hard"),
        pages=2,
    )


def cheapest_in_state(s: Suite) -> None:
    browse(
        s,
        "Find the cheapest {noun} in {region} whose photo {condition}.",
        32,
        6,
        "region",
        ("lowest",),
        ("medium", "hard", "hard"),
        pages=2,
    )


def seller_of_found(s: Suite) -> None:
    template = 'For the {superlative} {noun} in "{category}" whose photo {condition}, tell me where it is listed.'
    cands = [
        (r, order, phrase, terms, page)
        for order in ("newest", "lowest")
        for r, phrase, terms, page in browse_targets(s, "category", order, ("text", "count", "color"))
    ]
    for r, order, phrase, terms, page in s.fresh(cands, 5):
        args = {"superlative": ORDERS[order][2], "noun": r.kind, "category": r.category, "condition": phrase}
        said = f"{r.city}, {r.region}"
        solution = [
            entry_step("category", r),
            *sort_step(order),
            click(r.card_css, "the photo that fits"),
            stop(said, "the location on the listing"),
        ]
        s.add(
            template,
            args,
            intent=template.format(**args),
            eval_=answer_eval({"must_include": [r.city]}),
            solution=solution,
            difficulty=("easy", "hard", "medium"),
            grounding={"listings": kin(r, page), "visual_terms": terms},
            official=53,
        )


def pictured_superlative(s: Suite) -> None:
    browse_pictured(
        s,
        'Find the {superlative} {noun} in "{category}" whose photo shows the same thing as this picture.',
        26,
        7,
        "category",
        ("lowest", "highest"),
        ("hard", "medium", "medium"),
    )


def pictured_recent_state(s: Suite) -> None:
    browse_pictured(
        s,
        "I remember seeing the item in this picture for sale in {region}. Open its most recent listing.",
        19,
        4,
        "region",
        ("newest",),
        ("hard", "medium", "hard"),
        pages=2,
    )


def pictured_detail(s: Suite) -> None:
    browse_pictured(
        s,
        'Navigate to the {noun} in "{category}" with the look of this picture.',
        59,
        3,
        "category",
        ("lowest",),
        ("medium", "medium", "medium"),
    )


def pictured_in_region(s: Suite) -> None:
    browse_pictured(
        s,
        "Navigate to the {noun} of this picture; it is listed in {region}.",
        61,
        1,
        "region",
        ("highest",),
        ("easy", "hard", "medium"),
        pages=2,
    )


def pictured_which(s: Suite) -> None:
    browse_pictured(
        s,
        'Find the {superlative} listing in "{category}" which shows the item in this picture.',
        27,
        3,
        "category",
        ("newest", "highest"),
        ("hard", "hard", "hard"),
    )


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
        s.add(
            template,
            args,
            intent=template.format(**args),
            start_url=url,
            eval_=answer_eval({"must_include": [low, high]}),
            solution=[stop(f"${low} to ${high}")],
            difficulty=("easy", "easy", "easy"),
            grounding={"listings": [p.id for p in page], "visual_terms": [color]},
            official=17,
        )


def pictured_on_page_find(s: Suite, template: str, official: int, n: int, order: str, style: str, difficulty) -> None:
    from .onpage import page_targets

    for r, url, _, terms, page in s.fresh(page_targets(s, order), n):
        args = {"noun": r.kind}
        s.add(
            template,
            args,
            intent=template.format(**args),
            start_url=url,
            image=s.listing_image(r, style),
            eval_=url_eval(r.url),
            solution=[click(r.card_css, "the photo like the picture"), stop("")],
            difficulty=difficulty,
            grounding={"listings": kin(r, page), "visual_terms": terms},
            official=official,
            comments=f"input image: a {style} of the listing's item",
        )


def similar_on_page(s: Suite) -> None:
    pictured_on_page_find(
        s,
        "Find the {noun} on this page most like the one in this picture.",
        34,
        3,
        "lowest",
        "photo",
        ("easy", "medium", "easy"),
    )


def matching_on_page(s: Suite) -> None:
    pictured_on_page_find(
        s,
        "Navigate to the {noun} on this page that matches this drawing.",
        45,
        3,
        "highest",
        "sketch",
        ("easy", "medium", "medium"),
    )


TEMPLATES = [
    cheapest_in_category,
    from_state_photo,
    cheapest_in_state,
    seller_of_found,
    pictured_superlative,
    pictured_recent_state,
    pictured_detail,
    pictured_in_region,
    pictured_which,
    price_range_on_page,
    similar_on_page,
    matching_on_page,
]
