"""Classifieds kinds mirroring the official "seller's email" templates: the listing is picked by what its photo
shows (browsing from the start page, on a given results page, or from an input picture) and the answer is the
email address in its seller box.
"""

from __future__ import annotations

from ..evals import click
from .base import Row, Suite, kinds
from .lookalike import ANOTHER_FRAMING, alone
from .onpage import ORDERS, browse_orders, page_targets, reach

SELLER_BOX = "the seller box"


def email_job(s: Suite, official: int, template: str, args: dict, r: Row, page: list[Row], terms, steps, **task):
    """The job of these kinds: reach the listing `r` by `steps` and answer its seller's email."""
    s.answer_job(
        official, template, args, r, page, terms, said=s.emails[r.user_id], steps=steps, note=SELLER_BOX, **task
    )


def email_browsed(s: Suite) -> None:
    template = (
        'What is the email address of the seller of the {superlative} {noun} in "{category}" whose photo {condition}?'
    )
    for r, order, phrase, terms, page in s.fresh(browse_orders(s, "category", ("newest", "highest"), pages=2), 3):
        args = {"superlative": ORDERS[order][2], "noun": r.kind, "category": r.category, "condition": phrase}
        email_job(s, 6, template, args, r, page, terms, reach("category", order, r, page))


def email_on_page(s: Suite) -> None:
    template = "What is the email address of the seller of the {noun} on this page whose photo {condition}?"
    for r, url, phrase, terms, page in s.fresh(page_targets(s, "highest"), 2):
        args, steps = {"noun": r.kind, "condition": phrase}, [click(r.card_css, "the photo that fits")]
        email_job(s, 7, template, args, r, page, terms, steps, start_url=url)


def email_pictured(s: Suite, official: int, n: int, order: str, template: str) -> None:
    cands = [c for c in browse_orders(s, "category", (order,), pages=2) if alone(s, c[0], "category")]
    for r, _, _, terms, page in s.fresh(cands, n):
        steps = reach("category", order, r, page, "the photo of the pictured item")
        task = {"image": s.listing_image(r), "comments": ANOTHER_FRAMING}
        email_job(s, official, template, {"category": r.category}, r, page, terms, steps, **task)


TEMPLATES = [
    email_browsed,
    email_on_page,
    *kinds(
        email_pictured,
        (
            49,
            1,
            "lowest",
            'I remember this item from the site: it was one of the cheapest in "{category}". Tell me '
            "the email address of whoever listed it.",
        ),
        (
            50,
            3,
            "newest",
            'I remember this item from the site, in "{category}", posted not long ago. Tell me the email '
            "address of whoever listed it.",
        ),
    ),
]
