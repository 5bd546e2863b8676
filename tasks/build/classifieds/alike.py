"""Classifieds kinds mirroring the official templates that match a listing to another picture (round 3): a listing
in a second tab (where the official task shows a store product or a forum picture) or an input picture gives the
look (a colour, a number of things, a pattern, the kind of thing), and the target is found by browsing a category
or a state from the start page, a sort link, the pager and the card whose photo fits. Where the official template
then acts on the listing, the task comments on it.

Each template draws from its own random stream (searching.stream), so adding one never moves another's tasks.
"""

from __future__ import annotations

import math

from ..evals import html_eval, stop, target, url_eval
from ..text import NUMBER_WORDS
from .base import SITE, Row, Suite, clean_of, kin
from .commenting import TITLES, comment_on_page
from .onpage import ORDERS, browse_targets, plural, reach, result_pages, up_to_page_of
from .searching import stream

PATTERN_WORDS = ["striped", "dotted", "checked"]
BODIES = "func:get_query_text(__page__, '.comments_list')"
LOOK_AT_TAB = [
    {"do": "tab_focus", "index": 1, "note": "look at the listing in the other tab"},
    {"do": "tab_focus", "index": 0, "note": "back to the start page"},
]


def comment_checks(r: Row, title: str, text: str) -> list[dict]:
    return [target(r.url, TITLES, must_include=[title]), target(r.url, BODIES, must_include=[text])]


def pick(rows: list[Row], key: int) -> Row | None:
    """One of `rows` chosen by `key` (a deterministic spread, no random draw), or None."""
    return rows[key * 7 % len(rows)] if rows else None


def count_terms(n: int) -> list[str]:
    return [str(n), NUMBER_WORDS[n]]


def other_tab_job(s: Suite, official: int, template: str, args: dict, r: Row, page, ref: Row, steps, terms, comments):
    """Open `r` (reached by `steps` from the start page) by what the listing `ref` in the second tab shows."""
    solution = [*LOOK_AT_TAB, *steps, stop("")]
    grounding = {"listings": [*kin(r, page), ref.id], "visual_terms": terms}
    task = {"start_url": f"{SITE} |AND| {ref.url}", "comments": comments}
    s.mirror(official, template, args, eval_=url_eval(r.url), solution=solution, grounding=grounding, **task)


# ---- official 62: the colour of the item in another tab ---------------------------------------------
def colour_of_other_tab(s: Suite) -> None:
    template = (
        "The listing in the second tab shows a {ref_noun}. Show me the {superlative} {noun} in the "
        '"{category}" category that has the same colour as that {ref_noun}.'
    )
    cands = []
    for order in ("lowest", "newest", "highest"):
        for r, _, terms, page in browse_targets(s, "category", order, ("color",), pages=2):
            refs = [
                p
                for p in s.rows
                if p.kind != r.kind
                and p.color == r.color
                and p.pattern == "plain"
                and p.count == 1
                and clean_of([p], [r.color])
            ]
            ref = pick(refs, r.id)
            if ref:
                cands.append((r, order, terms, page, ref))
    with stream(s, "colour_of_other_tab"):
        picked = s.fresh(cands, 6)
    for r, order, terms, page, ref in picked:
        args = {"ref_noun": ref.kind, "superlative": ORDERS[order][2], "noun": r.kind, "category": r.category}
        comments = f"the second tab's {ref.kind} is {r.color}"
        other_tab_job(s, 62, template, args, r, page, ref, reach("category", order, r, page), terms, comments)


# ---- official 68: a listing that fits a condition given elsewhere, and acting on it ----------------
def count_of_other_tab(s: Suite) -> None:
    template = (
        "Find the {superlative} {noun} from {region} whose photo shows as many {noun_plural} as the "
        "listing in the second tab shows {ref_plural}."
    )
    cands = []
    for order in ("lowest", "newest"):
        for r, _, terms, page in browse_targets(s, "region", order, ("count",), pages=2):
            refs = [p for p in s.rows if p.kind != r.kind and p.count == r.count and clean_of([p], terms)]
            ref = pick(refs, r.id)
            if ref:
                cands.append((r, order, terms, page, ref))
    with stream(s, "count_of_other_tab"):
        picked = s.fresh(cands, 3)
    for r, order, terms, page, ref in picked:
        args = {
            "superlative": ORDERS[order][2],
            "noun": r.kind,
            "region": r.region,
            "noun_plural": plural(r.kind),
            "ref_plural": plural(ref.kind),
        }
        comments = f"the second tab's photo shows {r.count} {plural(ref.kind)}"
        other_tab_job(s, 68, template, args, r, page, ref, reach("region", order, r, page), terms, comments)


COMMENTS_68 = [
    ("Interested in buying", "Is this still available at the listed price?"),
    ("Buying", "Could I come and see it on Saturday morning?"),
    ("Question", "Would you ship it, or is it pickup only?"),
]


def newest_in_range_commented(s: Suite) -> None:
    template = (
        'Find the most recent {noun} in "{category}" priced between ${low} and ${high} whose photo '
        '{condition}. Leave a comment on it with the title "{title}" and the text "{text}".'
    )
    cands = []
    for r, phrase, terms, page in browse_targets(s, "category", "newest", ("text", "count", "color")):
        low, high = math.floor(r.price * 0.8), math.ceil(r.price * 1.25)
        before = page[: page.index(r)]
        if any(p.kind == r.kind and low <= p.price <= high for p in before):
            cands.append((r, phrase, terms, page, low, high))
    with stream(s, "newest_in_range_commented"):
        picked = s.fresh(cands, 2)
    for k, (r, phrase, terms, page, low, high) in enumerate(picked):
        title, text = COMMENTS_68[k % len(COMMENTS_68)]
        args = {
            "noun": r.kind,
            "category": r.category,
            "low": low,
            "high": high,
            "condition": phrase,
            "title": title,
            "text": text,
        }
        solution = [*reach("category", "newest", r, page), *comment_on_page(title, text), stop("")]
        s.listing_job(
            68,
            template,
            args,
            r,
            page,
            terms,
            eval_=html_eval(comment_checks(r, title, text)),
            solution=solution,
            require_reset=True,
        )


# ---- official 29: where to buy the pictured kind of thing ---------------------------------------------
def cheapest_like_picture(s: Suite) -> None:
    template = (
        "I like the thing in this picture. Find me the cheapest listing in {region} where I could buy "
        "one like it, if there is one."
    )
    cands = []
    for seen in result_pages(s, "region", "lowest", 2):
        first: dict[str, Row] = {}
        for r in seen:
            first.setdefault(r.kind, r)
        for i, r in enumerate(seen):
            if first[r.kind] is r and r.id in s.by_id and i >= 3:
                cands.append((r, seen))
    with stream(s, "cheapest_like_picture"):
        picked = s.fresh(cands, 1)
    for r, seen in picked:
        page = up_to_page_of(seen, seen.index(r))
        args = {"region": r.region}
        s.mirror(
            29,
            template,
            args,
            image=s.listing_image(r),
            eval_=url_eval(r.url),
            solution=[*reach("region", "lowest", r, page, "the first of the pictured kind"), stop("")],
            comments="input image: the listing's item from another framing",
        )


# ---- official 73: the item most like the one in another tab, colour aside -----------------------------
def pattern_of_other_tab(s: Suite) -> None:
    template = (
        'The listing in the second tab shows a {noun}. Show me the cheapest {noun} in the "{category}" '
        "category under ${limit} that looks the most like it. It need not be the same colour."
    )
    cands = []
    for seen in result_pages(s, "category", "lowest", 2):
        for i, r in enumerate(seen):
            if r.id not in s.by_id or r.pattern == "plain" or r.count != 1 or r.text:
                continue
            same = [p for p in seen[:i] if p.kind == r.kind]
            if not same or any(p.pattern == r.pattern for p in same):
                continue
            refs = [
                p
                for p in s.rows
                if p.kind == r.kind
                and p.pattern == r.pattern
                and p.color != r.color
                and p.count == 1
                and not p.text
                and p.price > r.price
                and p.id != r.id
            ]
            ref = pick(refs, r.id)
            page = up_to_page_of(seen, i)
            kinfolk = [p for p in page if p.kind == r.kind]
            if ref and clean_of([*kinfolk, ref], PATTERN_WORDS):
                cands.append((r, page, ref))
    with stream(s, "pattern_of_other_tab"):
        picked = s.fresh(cands, 1)
    for r, page, ref in picked:
        limit = math.ceil((r.price + 1) / 5) * 5
        args = {"noun": r.kind, "category": r.category, "limit": limit}
        comments = f"both show a {r.pattern} {r.kind}: {ref.color} in the tab, {r.color} the target"
        other_tab_job(
            s, 73, template, args, r, page, ref, reach("category", "lowest", r, page), PATTERN_WORDS, comments
        )


TEMPLATES = [
    colour_of_other_tab,
    count_of_other_tab,
    newest_in_range_commented,
    cheapest_like_picture,
    pattern_of_other_tab,
]
