"""Classifieds kinds mirroring official templates with an input image: the picture is another framing of the
listing's item (sites/imagery/task_images.py), and the listing is reached from the start page through a
category or a state, a sort link and the card whose photo shows the same thing. Listings of the same kind on
that page look otherwise (another colour, count or printed word), so only the picture decides.
"""

from __future__ import annotations

from ..evals import answer_eval, click, stop, url_eval
from ..text import price_text
from .base import Row, Suite
from .onpage import ORDERS, browse_targets, kin, page_targets, reach


def alone(s: Suite, r: Row, entry: str) -> bool:
    """Whether no other listing of the category (or state) of `r` shows the same thing as its photo."""
    filt = {"category_id": r.category_id} if entry == "category" else {"region_id": r.region_id}
    look = (r.kind, r.color, r.count, r.text, r.pattern)
    return all((p.kind, p.color, p.count, p.text, p.pattern) != look for p in s.search(**filt) if p.id != r.id)


def browse_pictured(
    s: Suite,
    template: str,
    official: int,
    n: int,
    entry: str,
    orders: tuple[str, ...],
    difficulty,
    answer: str = "",
    allow=("text", "count", "color"),
    pages: int = 1,
) -> None:
    """`answer` "" scores the final page (url_match); "price" asks its price too (url_match and string_match);
    "region" asks only the state it is listed in (string_match)."""
    cands = [
        (r, order, terms, page)
        for order in orders
        for r, _, terms, page in browse_targets(s, entry, order, allow, pages)
    ]
    if "{superlative}" not in template:  # "the" pictured listing: no other one in the results looks the same
        cands = [c for c in cands if alone(s, c[0], entry)]
    for r, order, terms, page in s.fresh(cands, n):
        args = {"superlative": ORDERS[order][2], "noun": r.kind, "category": r.category, "region": r.region}
        args = {k: v for k, v in args.items() if "{" + k + "}" in template}
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
        s.add(
            template,
            args,
            intent=template.format(**args),
            image=s.listing_image(r),
            eval_=ev,
            solution=solution,
            difficulty=difficulty,
            grounding={"listings": kin(r, page), "visual_terms": terms},
            official=official,
            comments="input image: the listing's item from another framing",
        )


def pictured_in_category(s: Suite) -> None:
    browse_pictured(
        s,
        'Browse the "{category}" category and open the listing of the item in this picture.',
        39,
        2,
        "category",
        ("newest",),
        ("medium", "hard", "hard"),
    )


def pictured_in_state(s: Suite) -> None:
    browse_pictured(
        s,
        "Find me a {noun} in {region} that looks like the one in this picture.",
        30,
        5,
        "region",
        ("newest", "lowest"),
        ("medium", "medium", "medium"),
    )


def pictured_priced(s: Suite) -> None:
    browse_pictured(
        s,
        "Find the {superlative} {noun} in {region} that matches this picture, and tell me its price in dollars.",
        33,
        6,
        "region",
        ("lowest", "highest"),
        ("medium", "medium", "medium"),
        answer="price",
    )


def pictured_newest(s: Suite) -> None:
    browse_pictured(
        s,
        'I saw the item in this picture posted in "{category}" a while ago. Open the most recent listing of it.',
        18,
        3,
        "category",
        ("newest",),
        ("hard", "medium", "medium"),
    )


def pictured_on_page(s: Suite) -> None:
    template = "Open the listing on this page that shows the same {noun} as this picture."
    for r, url, _, terms, page in s.fresh(page_targets(s, "newest"), 4):
        args = {"noun": r.kind}
        s.add(
            template,
            args,
            intent=template.format(**args),
            start_url=url,
            image=s.listing_image(r, "sketch"),
            eval_=url_eval(r.url),
            solution=[click(r.card_css, "the photo like the sketch"), stop("")],
            difficulty=("easy", "medium", "medium"),
            grounding={"listings": kin(r, page), "visual_terms": terms},
            official=47,
            comments="input image: a pencil sketch of the listing's item",
        )


def pictured_price_on_page(s: Suite) -> None:
    template = "What does the {noun} in this picture cost? It is one of the listings on this page."
    for r, url, _, terms, page in s.fresh(page_targets(s, "lowest"), 6):
        args = {"noun": r.kind}
        said = price_text(r.price)
        s.add(
            template,
            args,
            intent=template.format(**args),
            start_url=url,
            image=s.listing_image(r),
            eval_=answer_eval({"must_include": [said]}),
            solution=[stop(said, "the price under its photo")],
            difficulty=("medium", "hard", "hard"),
            grounding={"listings": kin(r, page), "visual_terms": terms},
            official=40,
            comments="input image: the listing's item from another framing",
        )


TEMPLATES = [
    pictured_in_category,
    pictured_in_state,
    pictured_priced,
    pictured_newest,
    pictured_on_page,
    pictured_price_on_page,
]
