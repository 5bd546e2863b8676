"""Classifieds kinds mirroring the official "find it, it should cost between..." templates: browse a category
from the start page, set the Refine side bar's price range, sort, and open the listing whose photo fits.
"""

from __future__ import annotations

from sites.classifieds.queries import PAGE_SIZE

from ..evals import click, type_in
from .base import Suite, kinds
from .onpage import ORDERS, describe, entry_step, ordered, sort_step

APPLY = {**click(".filters button[type=submit]", "apply the price range"), "sight": {"text": "Apply", "tag": "BUTTON"}}


def bounds(price: float) -> tuple[int, int]:
    return int(price * 0.7) // 10 * 10, (int(price * 1.4) // 10 + 1) * 10


def ranged_targets(s: Suite, order: str) -> list[tuple]:
    """(target, phrase, terms, low, high, page): the target is the first listing of its look in its category within
    [low, high] in `order`, on the first results page, with a listing of its kind that looks otherwise there."""
    cands = []
    for cat in sorted({r.category_id for r in s.rows}):
        rows = ordered(s, order, category_id=cat)
        for r in rows:
            if r.id not in s.by_id or r.price < 20:
                continue
            low, high = bounds(r.price)
            inside = [p for p in rows if low <= p.price <= high]
            page = inside[:PAGE_SIZE]
            if r not in page or len(inside) == len(rows):
                continue
            d = describe(r, page)
            if d and any(p.kind == r.kind for p in page[: page.index(r)]):
                cands.append((r, d[0], d[1], low, high, page))
    return cands


def ranged(s: Suite, official: int, n: int, orders: tuple[str, ...], template: str) -> None:
    cands = [(r, order, *rest) for order in orders for r, *rest in ranged_targets(s, order)]
    for r, order, phrase, terms, low, high, page in s.fresh(cands, n):
        args = {
            "superlative": ORDERS[order][2],
            "noun": r.kind,
            "category": r.category,
            "condition": phrase,
            "low": low,
            "high": high,
        }
        steps = [
            entry_step("category", r),
            {**type_in("input[name=sPriceMin]", str(low)), "sight": {"after": "Min price"}},
            {**type_in("input[name=sPriceMax]", str(high)), "sight": {"after": "Max price"}},
            APPLY,
            *sort_step(order),
            click(r.card_css, "the photo that fits"),
        ]
        s.open_job(official, template, args, r, page, terms, steps)


TEMPLATES = kinds(
    ranged,
    (
        1,
        3,
        ("lowest", "newest"),
        'Find me the {superlative} {noun} in "{category}" whose photo {condition}. It should cost between '
        "${low} and ${high}.",
    ),
    (
        56,
        3,
        ("highest", "newest"),
        'Navigate to the {superlative} {noun} in "{category}" that costs from ${low} to ${high} and whose '
        "photo {condition}.",
    ),
)


def colours_of_newest(s: Suite) -> None:
    """Official 15: the three newest listings of a kind in a category, and a fact each photo shows (colour)."""
    from ..evals import answer_eval, stop
    from .base import clean_of
    from .onpage import plural

    template = 'Find the three most recent {noun_plural} in the "{category}" category and tell me their colours.'
    cands = []
    for cat in sorted({r.category_id for r in s.rows}):
        rows = ordered(s, "newest", category_id=cat)[: PAGE_SIZE * 2]
        for kind in sorted({r.kind for r in rows}):
            three = [r for r in rows if r.kind == kind][:3]
            colours = [r.color or "" for r in three]
            if (
                len(three) == 3
                and all(c and r.pattern == "plain" for c, r in zip(colours, three, strict=False))
                and len(set(colours)) == 3
                and all(r.id in s.by_id for r in three)
                and clean_of(three, colours)
            ):
                cands.append((three[0], three, rows))
    for first, three, rows in s.fresh(cands, 2):
        colours = [r.color or "" for r in three]
        steps = [entry_step("category", first)]
        if rows.index(three[-1]) >= PAGE_SIZE:
            steps.append(
                {**click(".pagination a[href*='iPage=2']", "the next results page"), "sight": {"text": "2", "tag": "A"}}
            )
        args = {"noun_plural": plural(first.kind), "category": first.category}
        s.mirror(
            15,
            template,
            args,
            eval_=answer_eval({"must_include": colours}),
            solution=[*steps, stop(", ".join(colours), "the three newest of that kind")],
            grounding={"listings": [r.id for r in three], "visual_terms": colours},
        )


TEMPLATES.append(colours_of_newest)
