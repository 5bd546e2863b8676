"""Classifieds kinds mirroring official templates that may have no answer on the page (N/A when no photo fits),
compare a colour with an input picture, ask who sells a listing picked by what its photo does not show, or
ask where the pictured item is listed.
"""

from __future__ import annotations

from ..evals import answer_eval, click, stop
from .base import Row, Suite, clean_of, kinds
from .lookalike import browse_pictured
from .onpage import describe, gallery_pages


def colour_gaps(page) -> list[tuple]:
    """(a listing of a colourable kind on `page`, a colour no listing of that kind on the page shows)."""
    from sites.imagery import COLORS

    out = []
    for r in page:
        same = [p for p in page if p.kind == r.kind]
        if r.color and len(same) >= 2 and same[0] is r:
            shown = {p.color for p in same}
            missing = [c for c in COLORS if c not in shown and clean_of(page, [c])]
            if missing:
                out.append((r, missing[r.id % len(missing)]))
    return out


def none_job(
    s: Suite, official: int, template: str, args: dict, r: Row, page: list[Row], color: str, note: str, **task
):
    """The N/A task: no listing of the kind of `r` on `page` is `color` (`note` says so)."""
    ev = answer_eval({"fuzzy_match": "N/A"}, string_note=note)
    solution, comments = [stop("N/A", note)], "unachievable: " + note
    s.listing_job(official, template, args, r, page, [color], eval_=ev, solution=solution, comments=comments, **task)


def on_page_or_none(s: Suite) -> None:
    template = "Navigate to the {noun} on this page whose photo {condition}."
    found = [
        (r, url, d[0], d[1], page)
        for url, page in gallery_pages(s, "lowest")
        for r in page
        if (d := describe(r, page, ("color", "count")))
    ]
    for r, url, phrase, terms, page in s.fresh(found, 3):
        s.open_job(48, template, {"noun": r.kind, "condition": phrase}, r, page, terms, start_url=url)
    gaps = [(r, url, color, page) for url, page in gallery_pages(s, "highest") for r, color in colour_gaps(page)]
    for r, url, color, page in s.fresh(gaps, 2):
        args = {"noun": r.kind, "condition": f"shows a {color} {r.kind}"}
        none_job(s, 48, template, args, r, page, color, f"No {r.kind} on this page is {color}.", start_url=url)


def same_colour_as_picture(s: Suite) -> None:
    from sites.imagery import PhotoSpec

    template = (
        "Navigate to the listing on this page whose photo shows a {noun} of the same colour as the one in this picture."
    )
    found = [(r, url, page) for url, page in gallery_pages(s, "newest") for r in page if describe(r, page, ("color",))]
    for r, url, page in s.fresh(found, 2):
        args = {"noun": r.kind}
        image = s.input_image(PhotoSpec(kind=r.kind, color=r.color, condition="like new"), seed=7100 + r.id)
        comments = "input image: another item of the same kind and colour"
        s.open_job(
            55,
            template,
            args,
            r,
            page,
            [r.color],
            note="the same colour",
            start_url=url,
            image=image,
            comments=comments,
        )
    gaps = [(r, url, color, page) for url, page in gallery_pages(s, "lowest") for r, color in colour_gaps(page)]
    for r, url, color, page in s.fresh(gaps, 2):
        args = {"noun": r.kind}
        note = f"No {r.kind} on this page is {color}, the colour of the pictured one."
        image = s.input_image(PhotoSpec(kind=r.kind, color=color, condition="like new"), seed=7200 + r.id)
        none_job(s, 55, template, args, r, page, color, note, start_url=url, image=image)


def seller_of_the_other(s: Suite) -> None:
    template = "Tell me the name of the seller of the {noun} on this page whose photo does not show {what}."
    cands = []
    for url, page in [pg for order in ("highest", "newest", "lowest") for pg in gallery_pages(s, order)]:
        for r in page:
            same = [p for p in page if p.kind == r.kind]
            if len(same) == 2 and same[0] is r:
                other = same[1] if r is same[0] else same[0]
                d = describe(other, page)
                if d and r.seller != other.seller:
                    cands.append((r, url, d[0].removeprefix("shows "), d[1], page))
    for r, url, what, terms, page in s.fresh(cands, 2):
        args, steps = {"noun": r.kind, "what": what}, [click(r.card_css, "the other one")]
        s.answer_job(
            31, template, args, r, page, terms, said=r.seller, steps=steps, note="the seller box", start_url=url
        )


# fmt: off
TEMPLATES = [
    on_page_or_none,
    same_colour_as_picture,
    seller_of_the_other,
    *kinds(
        browse_pictured,
        (20, 2, "category", ("newest",),
         'Find me the most recent {noun} in the "{category}" category that looks like this picture.', {"pages": 2}),
        (22, 2, "category", ("newest",),
         'Find the most recently listed item in the "{category}" category that shows what this picture shows.',
         {"pages": 2}),
        (51, 1, "category", ("lowest",),
         'I saw the item in this picture in "{category}" as one of the cheapest there. Which state is it listed in?',
         {"answer": "region"}),
    ),
]
# fmt: on
