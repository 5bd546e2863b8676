"""Classifieds kinds mirroring official templates that pick a listing by what its photo shows: on a given
results page (open it, read its price, count, seller) or by browsing from the start page (a category or a
state, a sort link, the card). Every target is told apart from listings of the same kind on the same page only
by its photo (a colour, a count of things, a printed word).
"""

from __future__ import annotations

from collections.abc import Callable

from sites.classifieds.queries import PAGE_SIZE
from sites.classifieds.schema import CATEGORIES

from ..evals import answer_eval, click, stop
from ..text import NUMBER_WORDS, price_text
from ..text import plural as english_plural
from .base import SITE, Row, Suite, clean_of, kinds

# order key -> (search URL parameters, the sort link's text, the wording of the superlative)
ORDERS: dict[str, tuple[dict[str, object], str, str]] = {
    "newest": ({}, "", "most recently posted"),
    "lowest": ({"sOrder": "i_price", "iOrderType": "asc"}, "Lowest price", "cheapest"),
    "highest": ({"sOrder": "i_price", "iOrderType": "desc"}, "Highest price", "most expensive"),
}


def plural(noun: str) -> str:
    return {"dice": "dice", "sheep": "sheep", "scarf": "scarves", "knife": "knives", "shelf": "shelves"}.get(
        noun, english_plural(noun)
    )


def ordered(s: Suite, order: str, **filters) -> list[Row]:
    """The listings a search with `filters` shows, in the site's `order`."""
    if order == "highest":
        return sorted(s.search(**filters), key=lambda r: (r.price, r.id), reverse=True)
    return s.search(**filters, order="price_asc" if order == "lowest" else "date_desc")


def result_pages(s: Suite, entry: str, order: str, pages: int) -> list[list[Row]]:
    """For each category (`entry` "category") or state ("region") of the listings, by id: the listings of its first
    `pages` results pages in `order`."""
    field = "category_id" if entry == "category" else "region_id"
    keys = sorted({getattr(r, field) for r in s.rows})
    return [ordered(s, order, **{field: key})[: PAGE_SIZE * pages] for key in keys]


def up_to_page_of(seen: list[Row], i: int) -> list[Row]:
    """The results pages of `seen` up to the one holding place `i`."""
    return seen[: (i // PAGE_SIZE + 1) * PAGE_SIZE]


LOOKS = ("text", "count", "color")  # what a photo may be told apart by


def describe(r: Row, peers: list[Row], allow: tuple[str, ...] = LOOKS):
    """(phrase after "whose photo", the visual words) that single out `r` among `peers` of the same kind, or
    None. A listing of the same kind with another value must be among the peers, so the kind alone (in the
    titles) never decides; the words must not be in the listing's text."""
    same = [p for p in peers if p.kind == r.kind and p.id != r.id]
    if not same:
        return None
    if "text" in allow and r.text and all(p.text != r.text for p in same) and clean_of([r, *same], [r.text]):
        return f'shows the word "{r.text}" printed on the {r.kind}', [r.text]
    if "count" in allow and r.count >= 2 and all(p.count != r.count for p in same):
        terms = [str(r.count), NUMBER_WORDS[r.count]]
        if clean_of([r, *same], terms):
            return f"shows exactly {NUMBER_WORDS[r.count]} {plural(r.kind)}", terms
    if (
        "color" in allow
        and r.color
        and r.pattern == "plain"
        and all(p.color != r.color for p in same)
        and clean_of([r, *same], [r.color])
    ):
        return f"shows a {r.color} {r.kind}", [r.color]
    return None


def gallery_pages(s: Suite, order: str = "newest") -> list[tuple[str, list[Row]]]:
    """(start URL, the listings on it) of the first gallery page of each category in `order`."""
    out = []
    for cat_id, _ in enumerate(CATEGORIES, start=1):
        page = ordered(s, order, category_id=cat_id)[:PAGE_SIZE]
        params: dict[str, object] = {"sCategory": cat_id, **ORDERS[order][0], "sShowAs": "gallery"}
        out.append((f"{SITE}/index.php?page=search&" + "&".join(f"{k}={v}" for k, v in params.items()), page))
    return out


def page_targets(s: Suite, order: str, allow=("text", "count", "color")) -> list[tuple]:
    cands = []
    for url, page in gallery_pages(s, order):
        for r in page:
            d = describe(r, page, allow)
            if d:
                cands.append((r, url, d[0], d[1], page))
    return cands


def open_on_page(s: Suite, official: int, n: int, order: str, template: str) -> None:
    for r, url, phrase, terms, page in s.fresh(page_targets(s, order), n):
        args = {"noun": r.kind, "condition": phrase}
        s.open_job(official, template, args, r, page, terms, start_url=url)


def price_on_page(s: Suite) -> None:
    template = "What is the asking price of the {noun} on this page whose photo {condition}?"
    for r, url, phrase, terms, page in s.fresh(page_targets(s, "highest"), 5):
        args = {"noun": r.kind, "condition": phrase}
        said = price_text(r.price)
        s.answer_job(5, template, args, r, page, terms, said=said, note="the price under that photo", start_url=url)


def seller_on_page(s: Suite) -> None:
    template = "For the {noun} on this page whose photo {condition}, tell me the name of its seller."
    for r, url, phrase, terms, page in s.fresh(page_targets(s, "lowest"), 4):
        args = {"noun": r.kind, "condition": phrase}
        steps = [click(r.card_css, "the photo that fits")]
        s.answer_job(
            54, template, args, r, page, terms, said=r.seller, steps=steps, note="the seller box", start_url=url
        )


def count_on_page(s: Suite) -> None:
    template = "How many {noun_plural} does the {noun} listing on this page priced at ${price} show in its photo?"
    cands = []
    for url, page in gallery_pages(s, "newest"):
        for r in page:
            terms = [str(r.count), NUMBER_WORDS[r.count]] if r.count in NUMBER_WORDS else []
            twins = [p for p in page if p.kind == r.kind and p.id != r.id]
            if (
                2 <= r.count <= 9
                and twins
                and all(p.price != r.price for p in page if p.id != r.id)
                and clean_of([r, *twins], terms)
            ):
                cands.append((r, url, terms, page))
    for r, url, terms, page in s.fresh(cands, 5):
        args = {"noun_plural": plural(r.kind), "noun": r.kind, "price": price_text(r.price)}
        s.listing_job(
            9,
            template,
            args,
            r,
            page,
            terms,
            start_url=url,
            eval_=answer_eval({"must_include": [f"{r.count} |OR| {NUMBER_WORDS[r.count]}"]}),
            solution=[stop(str(r.count), "count the things in that photo")],
        )


# ---- browsing from the start page ------------------------------------------------------------------
def entry_step(kind: str, row: Row) -> dict:
    if kind == "category":
        css = f"ul.categories a[href='/index.php?page=search&sCategory={row.category_id}']"
        return {**click(css, "the category in the side bar"), "sight": {"text": row.category, "tag": "A"}}
    css = f"ul.regions a[href='/index.php?page=search&sRegion={row.region_id}']"
    return {**click(css, "the state in the side bar"), "sight": {"text": row.region, "tag": "A"}}


def sort_step(order: str) -> list[dict]:
    params, label, _ = ORDERS[order]
    if not params:
        return []
    css = f".toolbar a[href*='sOrder=i_price'][href*='iOrderType={params['iOrderType']}']"
    return [{**click(css, "sort"), "sight": {"text": label, "tag": "A"}}]


def reach(entry: str, order: str, r: Row, page: list[Row], note: str = "the photo that fits") -> list[dict]:
    """Steps from the start page to the listing `r`: the category or state, the sort link, the pager when `r` is
    past the first page of `page` (the results as far as its page), its card."""
    steps = [entry_step(entry, r), *sort_step(order)]
    number = page.index(r) // PAGE_SIZE + 1
    if number > 1:
        steps.append(
            {
                **click(f".pagination a[href*='iPage={number}']", "the next results page"),
                "sight": {"text": str(number), "tag": "A"},
            }
        )
    return [*steps, click(r.card_css, note)]


def browse_targets(s: Suite, entry: str, order: str, allow, pages: int = 1) -> list[tuple]:
    """(target, phrase, terms, page) for the first listing of its kind and look in the first `pages` results pages
    of a category or state in `order` (a listing of the same kind that looks otherwise comes before it)."""
    cands = []
    for seen in result_pages(s, entry, order, pages):
        for i, r in enumerate(seen):
            page = up_to_page_of(seen, i)
            if r.id not in s.by_id:
                continue
            d = describe(r, page, allow)
            if d and any(p.kind == r.kind for p in page[:i]):
                cands.append((r, d[0], d[1], page))
    return cands


def browse_orders(s: Suite, entry: str, orders: tuple[str, ...], allow=LOOKS, pages: int = 1) -> list[tuple]:
    """(target, order, phrase, terms, page): `browse_targets` in each of `orders`."""
    return [(r, order, *rest) for order in orders for r, *rest in browse_targets(s, entry, order, allow, pages)]


def listing_args(template: str, r: Row, order: str, **more) -> dict:
    """The words `template` names of those about listing `r` reached in sort `order`: its superlative, noun,
    category and region, then `more`."""
    args = {"superlative": ORDERS[order][2], "noun": r.kind, "category": r.category, "region": r.region, **more}
    return {k: v for k, v in args.items() if "{" + k + "}" in template}


def browse(
    s: Suite,
    official: int,
    n: int,
    entry: str,
    orders: tuple[str, ...],
    template: str,
    allow=("text", "count", "color"),
    words: Callable[[Row, str], dict] | None = None,
    pages: int = 1,
) -> None:
    for r, order, phrase, terms, page in s.fresh(browse_orders(s, entry, orders, allow, pages), n):
        args = listing_args(template, r, order, condition=phrase, **(words(r, phrase) if words else {}))
        s.open_job(official, template, args, r, page, terms, reach(entry, order, r, page))


COLOR = {"allow": ("color",), "words": lambda r, phrase: {"color": r.color}}  # the colour named, not the photo

# fmt: off
TEMPLATES = [
    *kinds(
        open_on_page,
        (46, 6, "newest", "Go to the listing on this page whose photo {condition}."),
        (60, 4, "lowest", "Open the {noun} listing on this page where the photo {condition}."),
    ),
    price_on_page,
    seller_on_page,
    count_on_page,
    *kinds(
        browse,
        (36, 7, "category", ("newest", "highest"),
         'Browse the "{category}" category and open the {superlative} listing whose photo {condition}.'),
        (57, 3, "category", ("lowest",),
         'Go to the {superlative} {noun} in the "{category}" category whose photo {condition}.'),
        (8, 5, "category", ("newest", "lowest"), 'Show me the {superlative} {color} {noun} in "{category}".', COLOR),
        (63, 7, "region", ("newest", "lowest", "highest"),
         "Show me the {superlative} {noun} in {region} whose photo {condition}."),
        (28, 5, "region", ("highest",), "Find the most expensive {noun} from {region} that is {color}.", COLOR),
    ),
]
# fmt: on
