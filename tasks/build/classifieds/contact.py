"""Classifieds kinds mirroring the official "seller's email" templates: the listing is picked by what its photo
shows (browsing from the start page, on a given results page, or from an input picture) and the answer is the
email address in its seller box.
"""

from __future__ import annotations

from ..evals import answer_eval, click, stop
from .base import Row, Suite
from .lookalike import alone
from .onpage import ORDERS, browse_targets, kin, page_targets, reach


def email_of(s: Suite, r: Row) -> str:
    return s.emails[r.user_id]


def email_browsed(s: Suite) -> None:
    template = (
        'What is the email address of the seller of the {superlative} {noun} in "{category}" whose photo {condition}?'
    )
    cands = [
        (r, order, phrase, terms, page)
        for order in ("newest", "highest")
        for r, phrase, terms, page in browse_targets(s, "category", order, ("text", "count", "color"), 2)
    ]
    for r, order, phrase, terms, page in s.fresh(cands, 3):
        args = {"superlative": ORDERS[order][2], "noun": r.kind, "category": r.category, "condition": phrase}
        said = email_of(s, r)
        s.add(
            template,
            args,
            intent=template.format(**args),
            eval_=answer_eval({"must_include": [said]}),
            solution=[*reach("category", order, r, page), stop(said, "the seller box")],
            difficulty=("easy", "easy", "easy"),
            grounding={"listings": kin(r, page), "visual_terms": terms},
            official=6,
        )


def email_on_page(s: Suite) -> None:
    template = "What is the email address of the seller of the {noun} on this page whose photo {condition}?"
    for r, url, phrase, terms, page in s.fresh(page_targets(s, "highest"), 2):
        args = {"noun": r.kind, "condition": phrase}
        said = email_of(s, r)
        s.add(
            template,
            args,
            intent=template.format(**args),
            start_url=url,
            eval_=answer_eval({"must_include": [said]}),
            solution=[click(r.card_css, "the photo that fits"), stop(said, "the seller box")],
            difficulty=("easy", "easy", "easy"),
            grounding={"listings": kin(r, page), "visual_terms": terms},
            official=7,
        )


def email_pictured(s: Suite, template: str, official: int, n: int, order: str, difficulty) -> None:
    cands = [
        (r, terms, page)
        for r, _, terms, page in browse_targets(s, "category", order, ("text", "count", "color"), 2)
        if alone(s, r, "category")
    ]
    for r, terms, page in s.fresh(cands, n):
        args = {"category": r.category}
        said = email_of(s, r)
        s.add(
            template,
            args,
            intent=template.format(**args),
            image=s.listing_image(r),
            eval_=answer_eval({"must_include": [said]}),
            solution=[
                *reach("category", order, r, page, "the photo of the pictured item"),
                stop(said, "the seller box"),
            ],
            difficulty=difficulty,
            grounding={"listings": kin(r, page), "visual_terms": terms},
            official=official,
            comments="input image: the listing's item from another framing",
        )


def email_pictured_cheap(s: Suite) -> None:
    email_pictured(
        s,
        'I remember this item from the site: it was one of the cheapest in "{category}". Tell me '
        "the email address of whoever listed it.",
        49,
        1,
        "lowest",
        ("hard", "hard", "hard"),
    )


def email_pictured_recent(s: Suite) -> None:
    email_pictured(
        s,
        'I remember this item from the site, in "{category}", posted not long ago. Tell me the email '
        "address of whoever listed it.",
        50,
        3,
        "newest",
        ("hard", "hard", "hard"),
    )


TEMPLATES = [email_browsed, email_on_page, email_pictured_cheap, email_pictured_recent]
