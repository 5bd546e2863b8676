"""Classifieds kinds mirroring the official "search a phrase" templates (round 2): type a word in the header's
search box, sort the results if asked, then open the result told apart by its photo (a condition in words or an
input picture) or answer what that photo shows. The results are what the site's own search
(sites.classifieds.queries.search) lists on the pristine data, so the tasks follow the site's matching rules.

Each template draws from its own random stream, so adding one never moves the tasks of another.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

from sites.classifieds.queries import PAGE_SIZE, SearchQuery
from sites.classifieds.queries import search as site_search

from ..evals import answer_eval, click, html_eval, stop, url_eval
from ..text import NUMBER_WORDS
from .base import Row, Suite, clean_of, kin, kinds
from .onpage import ORDERS, describe, plural, sort_step

STREAM_SEED = "classifieds-search"
SEARCH_BOX = ".header-search input[name=sPattern]"


@contextmanager
def stream(s: Suite, name: str) -> Iterator[None]:
    """Draw the picks of one template from its own fixed-seed stream (s.fresh uses s.rng)."""
    saved = s.rng
    s.rng = random.Random(f"{STREAM_SEED}:{name}")
    try:
        yield
    finally:
        s.rng = saved


def search_step(phrase: str) -> dict:
    return {"do": "type", "css": SEARCH_BOX, "value": phrase, "enter": True, "note": "the search box"}


def results(s: Suite, phrase: str, order: str) -> list[Row]:
    """The first results page of the site's search for `phrase` in `order`."""
    params = ORDERS[order][0]
    q = SearchQuery(
        pattern=phrase, order=str(params.get("sOrder", "dt_pub_date")), order_type=str(params.get("iOrderType", "desc"))
    )
    if s.conn is None:
        raise RuntimeError("the classifieds suite is built without its database")
    _, found = site_search(s.conn, q, PAGE_SIZE)
    by_id = {r.id: r for r in s.listed}
    return [by_id[f["id"]] for f in found]


def phrases(s: Suite) -> list[str]:
    """The words searched: the kinds of things the listings' photos show."""
    return sorted({r.kind for r in s.rows})


def search_targets(s: Suite, order: str, allow=("text", "count", "color")) -> list[tuple]:
    """(target, phrase, condition, terms, page) for results singled out among their kind by the photo, with a
    result of the same kind before them."""
    cands = []
    for phrase in phrases(s):
        page = results(s, phrase, order)
        for i, r in enumerate(page):
            if r.id not in s.by_id or r.kind != phrase:
                continue
            d = describe(r, page, allow)
            if d and any(p.kind == r.kind for p in page[:i]):
                cands.append((r, phrase, d[0], d[1], page))
    return cands


def open_found(s: Suite, official: int, n: int, orders: tuple[str, ...], template: str) -> None:
    with stream(s, str(official)):
        cands = [
            (r, order, phrase, cond, terms, page)
            for order in orders
            for r, phrase, cond, terms, page in search_targets(s, order)
        ]
        for r, order, phrase, cond, terms, page in s.fresh(cands, n):
            args = {"phrase": phrase, "superlative": ORDERS[order][2], "condition": cond}
            args = {k: v for k, v in args.items() if "{" + k + "}" in template}
            steps = [search_step(phrase), *sort_step(order), click(r.card_css, "the photo that fits")]
            s.open_job(official, template, args, r, page, terms, steps)


def open_pictured(s: Suite, official: int, n: int, style: str, template: str) -> None:
    with stream(s, str(official)):
        cands = [(r, phrase, terms, page) for r, phrase, _, terms, page in search_targets(s, "newest")]
        for r, phrase, terms, page in s.fresh(cands, n):
            args = {"phrase": phrase}
            steps = [search_step(phrase), click(r.card_css, "the photo like the picture")]
            task = {"image": s.listing_image(r, style), "comments": f"input image: a {style} of the listing's item"}
            s.open_job(official, template, args, r, page, terms, steps, **task)


def search_answer_detail(s: Suite) -> None:
    """Official 16: the photo's detail (colour, count, printed word) of the cheapest/newest result of a kind."""
    template = 'Search for "{phrase}" and, for the {superlative} {phrase} in the results, tell me {question}.'
    with stream(s, "16"):
        cands = []
        for order in ("newest", "lowest"):
            for phrase in phrases(s):
                page = results(s, phrase, order)
                first = next((r for r in page if r.kind == phrase), None)
                if first is None or first.id not in s.by_id:
                    continue
                if first.text and clean_of([first], [first.text]):
                    cands.append(
                        (first, order, "what word is printed on it in its photo", first.text, [first.text], page)
                    )
                elif first.color and first.pattern == "plain" and clean_of([first], [first.color]):
                    cands.append((first, order, "what colour it is in its photo", first.color, [first.color], page))
                elif 2 <= first.count <= 9:
                    terms = [str(first.count), NUMBER_WORDS[first.count]]
                    if clean_of([first], terms):
                        cands.append(
                            (
                                first,
                                order,
                                f"how many {plural(phrase)} its photo shows",
                                f"{first.count} |OR| {NUMBER_WORDS[first.count]}",
                                terms,
                                page,
                            )
                        )
        for r, order, question, answer, terms, _page in s.fresh(cands, 4):
            args = {"phrase": r.kind, "question": question, "superlative": ORDERS[order][2]}
            said = answer.split(" |OR| ")[0]
            solution = [
                search_step(r.kind),
                *sort_step(order),
                click(r.card_css, "the first of its kind"),
                stop(said, "what its photo shows"),
            ]
            s.mirror(
                16,
                template,
                args,
                eval_=answer_eval({"must_include": [answer]}),
                solution=solution,
                grounding={"listings": [r.id], "visual_terms": terms},
            )


def links_answer(rows: list[Row]) -> tuple[dict, str]:
    urls = [r.url for r in rows]
    return answer_eval({"must_include": urls}), " ".join(urls)


def colour_runs(page: list[Row], kind: str | None, n: int) -> list[tuple[str, list[Row]]]:
    """(colour, the first n listings of `page` of `kind` (any kind if None) whose plain photo is that colour)
    where at least n such listings and another of the kind in another colour are on the page, and the colour word
    is in none of the texts of the listings of their kinds."""
    same = [r for r in page if kind is None or r.kind == kind]
    out = []
    for colour in sorted({r.color for r in same if r.color and r.pattern == "plain"}):
        hits = [r for r in same if r.color == colour and r.pattern == "plain"]
        peers = [r for r in same if r.kind in {h.kind for h in hits}]
        if (
            len(hits) >= n
            and any(r.color != colour for r in peers)
            and clean_of(peers, [colour])
            and all(r.pattern == "plain" for r in same if r.color == colour)
        ):
            out.append((colour, hits[:n]))
    return out


def search_links(s: Suite) -> None:
    """Official 13: the links of the newest results of a search whose photos show a colour."""
    template = (
        'Search for "{phrase}" and give me the links of the {count} most recent {noun} whose photos show '
        "{a} {color} one."
    )
    with stream(s, "13"):
        cands = []
        for phrase in phrases(s):
            page = results(s, phrase, "newest")
            for n in (2, 3):
                for colour, hits in colour_runs(page, phrase, n):
                    if all(r.id in s.by_id for r in hits):
                        cands.append((hits[0], phrase, colour, hits, page))
        for first, phrase, colour, hits, page in s.fresh(cands, 2):
            ev, said = links_answer(hits)
            args = {
                "phrase": phrase,
                "count": NUMBER_WORDS[len(hits)],
                "noun": plural(phrase),
                "a": "an" if colour[0] in "aeiou" else "a",
                "color": colour,
            }
            s.mirror(
                13,
                template,
                args,
                eval_=ev,
                solution=[search_step(phrase), stop(said, "the links of those listings")],
                grounding={"listings": kin(first, page), "visual_terms": [colour]},
            )


PRICE_BOXES = (".filters input[name=sPriceMin]", ".filters input[name=sPriceMax]")


def category_price_links(s: Suite) -> None:
    """Official 3: the links of the newest listings of a category within a price range whose photos show a
    colour (the category's link, then the price boxes of the Refine form)."""
    from .onpage import entry_step, ordered

    template = (
        'Give me the links of the {count} most recent listings in "{category}" priced from ${low} to '
        "${high} whose photos show {a} {color} item."
    )
    with stream(s, "3"):
        cands = []
        for cat_id in sorted({r.category_id for r in s.rows}):
            listed = ordered(s, "newest", category_id=cat_id)
            prices = sorted(r.price for r in listed[:40])
            if len(prices) < 10:
                continue
            for a, b in ((1, 3), (0, 2), (2, 4)):  # quarters of the newest prices: the range's ends
                low, high = int(prices[a * len(prices) // 4]), int(prices[min(b * len(prices) // 4, 39)]) + 1
                page = [r for r in listed if low <= r.price <= high][:PAGE_SIZE]
                for colour, hits in colour_runs(page, None, 2):
                    if all(r.id in s.by_id for r in hits):
                        cands.append((hits[0], low, high, colour, hits, page))
        for first, low, high, colour, hits, page in s.fresh(cands, 2):
            ev, said = links_answer(hits)
            args = {
                "count": NUMBER_WORDS[len(hits)],
                "category": first.category,
                "low": low,
                "high": high,
                "a": "an" if colour[0] in "aeiou" else "a",
                "color": colour,
            }
            solution = [
                entry_step("category", first),
                {"do": "type", "css": PRICE_BOXES[0], "value": str(low), "enter": False},
                {"do": "type", "css": PRICE_BOXES[1], "value": str(high), "enter": True},
                stop(said, "the links of those listings"),
            ]
            s.mirror(
                3,
                template,
                args,
                eval_=ev,
                solution=solution,
                grounding={
                    "listings": [r.id for r in page if r.kind in {h.kind for h in hits}],
                    "visual_terms": [colour],
                },
            )


APPLY = {**click(".filters button[type=submit]", "apply the filters"), "sight": {"text": "Apply", "tag": "BUTTON"}}


def category_in_state(s: Suite) -> None:
    """Official 24: a category's newest listings narrowed to a state (the Refine form's State box), then the
    newest listing of a kind in a colour its photo shows."""
    from .onpage import entry_step, ordered

    template = 'Look through the "{category}" category in {region} and open the newest {color} {noun}.'
    with stream(s, "24"):
        cands = []
        for cat_id in sorted({r.category_id for r in s.rows}):
            for region_id in sorted({r.region_id for r in s.rows}):
                page = ordered(s, "newest", category_id=cat_id, region_id=region_id)[:PAGE_SIZE]
                for i, r in enumerate(page):
                    d = describe(r, page, ("color",))
                    if (
                        r.id in s.by_id
                        and d
                        and any(p.kind == r.kind for p in page[:i])
                        and all(p.color != r.color for p in page[:i] if p.kind == r.kind)
                    ):
                        cands.append((r, d[1], page))
        for r, terms, page in s.fresh(cands, 1):
            args = {"category": r.category, "region": r.region, "color": str(r.color), "noun": r.kind}
            solution = [
                entry_step("category", r),
                {"do": "type", "css": "select[name=sRegion]", "value": r.region, "enter": False},
                APPLY,
                click(r.card_css, "the photo in that colour"),
                stop(""),
            ]
            s.listing_job(
                24,
                template,
                args,
                r,
                page,
                terms,
                eval_=url_eval(r.url),
                solution=solution,
            )


def comment_if_colour(s: Suite) -> None:
    """Official 64: on a given listing, comment one text if its photo shows a colour, another text if not."""
    from .commenting import comment_steps, last_comment_checks

    template = (
        'If the {noun} in this listing\'s photo is {color}, leave a comment titled "Interested" saying '
        '"{yes}"; otherwise use the same title with the text "{no}" (any star rating).'
    )
    yes, no = "I would like to buy it, is it still here?", "Do you have one in another colour?"
    with stream(s, "64"):
        cands = [r for r in s.rows if r.color and r.pattern == "plain" and clean_of([r], [r.color]) and not r.comments]
        for r in s.fresh(cands, 1):
            asked = "green" if r.color != "green" else "blue"  # the photo does not show it: the other text
            if not clean_of([r], [asked]):
                continue
            args = {"noun": r.kind, "color": asked, "yes": yes, "no": no}
            checks = last_comment_checks(r, "Interested", no)
            s.mirror(
                64,
                template,
                args,
                start_url=r.url,
                eval_=html_eval(checks),
                solution=comment_steps("Interested", no, 4),
                require_reset=True,
                grounding={"listings": [r.id], "visual_terms": [r.color, asked]},
            )


# fmt: off
TEMPLATES = [
    *kinds(
        open_found,
        (42, 3, ("highest", "lowest"),
         'Search for "{phrase}" and open the {superlative} result whose photo {condition}.'),
        (41, 1, ("newest",), 'Look up "{phrase}" with the search box and go to the listing whose photo {condition}.'),
    ),
    *kinds(
        open_pictured,
        (21, 1, "photo", 'Search for "{phrase}" and open the listing of the item in this picture.'),
        (44, 2, "sketch", 'Search for "{phrase}" and go to the result that shows what this drawing shows.'),
    ),
    search_answer_detail,
    search_links,
    category_price_links,
    category_in_state,
    comment_if_colour,
]
# fmt: on
