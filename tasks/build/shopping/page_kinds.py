"""Official shopping kinds that start on a category page and point at a product by what its photo shows, by
the row of the grid it sits in, or both (official templates 129, 122, 12, 13, 18, 19 and 4): buy it, save it to
the wish list, or read prices off the grid.

The store's grid is 4 products wide and 12 long (sites/shopping/static/styles.css, the default page size), so
row r of a page holds its products 4(r-1) .. 4r-1 in the listing's order. A product is named by a look (colour,
pattern or printed text of its photo) only when no other product of the same kind on the same page (or row)
shows it, at least one other product of that kind is there (the look decides), and its text never says it.

The other kinds pick their products through the helpers here too: named_looks and look_pairs (products named by
their look on the category pages), kind_groups and color_groups (a page's products by kind, or kind and colour),
kind_searches (one page of results of a search for each kind) and look_task (a task about a product so named).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from sites.shopping.data import Product

from ..evals import stop
from ..text import price_text
from .base import SITE, Suite

COLUMNS, PAGE = 4, 12
ROWS = ("first", "second", "third")
FACTS = ("color", "pattern", "printed_text")


def look_words(p: Product, fact: str) -> str:
    """The words naming p by one fact of its photo: "red mug", "striped scarf", "mug reading "Hello"."."""
    ph = p.photos[0]
    if fact == "printed_text":
        return f'{ph.kind} with "{ph.printed_text}" printed on it'
    return f"{getattr(ph, fact)} {ph.kind}"


def distinct(p: Product, fact: str, among: list[Product]) -> bool:
    """Among `among`, p is the only one of its kind whose photo shows its value of `fact`."""
    ph = p.photos[0]
    value = getattr(ph, fact)
    if value is None or (fact == "pattern" and value == "plain"):
        return False
    same_kind = [x for x in among if x.id != p.id and x.photos[0].kind == ph.kind]
    return all(getattr(x.photos[0], fact) != value for x in same_kind)


class Page:
    """One page of a leaf category's grid (position order, 12 per page) as a person opens it."""

    def __init__(self, s: Suite, name: str, path: str, page: int):
        self.name, self.path, self.page = name, path, page
        self.total, ids = s.data.category_listing(path, "position", "asc", page, PAGE)
        self.products = [s.data.product(i) for i in ids]
        self.url = f"{SITE}/{path}.html" + (f"?p={page}" if page > 1 else "")

    def row(self, r: int) -> list[Product]:
        return self.products[COLUMNS * r : COLUMNS * (r + 1)]


def pages(s: Suite, max_page: int = 2) -> list[Page]:
    out = []
    for _, name, path, level in s.categories():
        if level != 3:
            continue
        first = Page(s, name, path, 1)
        out.append(first)
        for n in range(2, min(max_page, -(-first.total // PAGE)) + 1):
            out.append(Page(s, name, path, n))
    return out


def looks_on(s: Suite, page: Page, among: list[Product], *, options: bool | None = False):
    """(product, fact) pairs of `among` named unambiguously on `page` by one fact of their photo."""
    out = []
    for p in among:
        if p.id in s.official_products or (options is not None and bool(p.options) != options):
            continue
        kind_peers = [x for x in page.products if x.id != p.id and x.photos[0].kind == p.photos[0].kind]
        if not kind_peers:
            continue
        for fact in FACTS:
            value = getattr(p.photos[0], fact)
            if (
                distinct(p, fact, page.products)
                and s.clean(p, [str(value)])
                and not any(str(value).lower() in (v.lower() for v in vals) for vals in p.options.values())
            ):
                out.append((p, fact))
                break
    return out


def named_looks(
    s: Suite, max_page: int = 2, *, options: bool | None = False, keep: Callable[[Product, str], bool] | None = None
) -> list[tuple[Product, str, Page]]:
    """(product, fact, page) for the products named by their look (looks_on) on the category pages up to page
    `max_page`, that `keep(product, fact)` keeps."""
    return [
        (p, fact, page)
        for page in pages(s, max_page)
        for p, fact in looks_on(s, page, page.products, options=options)
        if keep is None or keep(p, fact)
    ]


def look_pairs(
    s: Suite, keep: Callable[[Product], bool], fits: Callable[[Product, Product], bool]
) -> list[tuple[Product, str, Product, str, Page]]:
    """(a, a's fact, b, b's fact, page): on each category page, the first two neighbours `fits(a, b)` among the
    products named by their look (looks_on) that `keep` keeps."""
    out = []
    for page in pages(s):
        named = [(p, f) for p, f in looks_on(s, page, page.products) if keep(p)]
        for (a, fa), (b, fb) in itertools.pairwise(named):
            if fits(a, b):
                out.append((a, fa, b, fb, page))
                break
    return out


def kind_groups(products: list[Product]) -> list[tuple[str, list[Product]]]:
    """(kind, the products showing it) by kind."""
    groups: dict[str, list[Product]] = {}
    for p in products:
        groups.setdefault(p.photos[0].kind, []).append(p)
    return sorted(groups.items())


def color_groups(products: list[Product]) -> list[tuple[tuple[str, str], list[Product]]]:
    """((kind, colour), the products showing it) for the products whose photo shows a colour, by kind and colour."""
    groups: dict[tuple[str, str], list[Product]] = {}
    for p in products:
        if p.photos[0].color:
            groups.setdefault((p.photos[0].kind, p.photos[0].color), []).append(p)
    return sorted(groups.items())


def kind_searches(s: Suite, page: int = 1, *, full: bool = False) -> list[tuple[str, list[Product]]]:
    """(kind, the products of one page of results, 12 a page, of a search for it) for every kind the store sells,
    without the searches that show a product of the official catalogue (and, when `full`, those whose page holds
    fewer than 12)."""
    out = []
    for kind in sorted({p.photos[0].kind for p in s.products}):
        _, found = s.data.search(kind, page=page, limit=PAGE)
        if (full and len(found) < PAGE) or any(i in s.official_products for i in found):
            continue
        out.append((kind, [s.data.product(i) for i in found]))
    return out


def look_task(
    s: Suite, official: int, template: str, p: Product, fact: str, start_url: str, extra: dict | None = None, **task
) -> dict:
    """Mirror `official` with a task about `p`, named on the page at `start_url` by its look (the `look` argument:
    what its photo's `fact` shows; `extra` the template's other arguments) and grounded on it."""
    args = {"look": look_words(p, fact), **(extra or {})}
    return s.mirror(official, template, args, start_url=start_url, grounding=s.look_ground(p, fact), **task)


def buy_on_page(s: Suite, n: int = 12) -> None:
    """Official 129: buy the product of this page that a look names."""
    template = "On this page, buy the {look}."
    cands = []
    for page in pages(s):
        for p, fact in looks_on(s, page, page.products):
            if p.sku not in s.latest_order_skus:
                cands.append((p, fact, page))
    for p, fact, page in s.fresh(cands, n):
        args = {"look": look_words(p, fact)}
        s.buy_job(129, template, args, p, page.url, grounding=s.look_ground(p, fact))


def buy_with_detail(s: Suite, n: int = 7) -> None:
    """Official 122: buy the product that has a visible detail (pattern or printed words), from its category."""
    template = "Buy the {look} from {leaf}."
    cands = []
    for page in pages(s, 1):
        for p, fact in looks_on(s, page, page.products):
            if fact != "color" and p.sku not in s.latest_order_skus:
                cands.append((p, fact, page))
    for p, fact, page in s.fresh(cands, n):
        args = {"look": look_words(p, fact), "leaf": page.name}
        s.buy_job(122, template, args, p, page.url, grounding=s.look_ground(p, fact))


def in_rows(s: Suite):
    """(product, fact, page, row index) for products named by a look within their row."""
    out = []
    for page in pages(s):
        for r in range(len(ROWS)):
            row = page.row(r)
            for p, fact in looks_on(s, page, row, options=None):
                if distinct(p, fact, row):
                    out.append((p, fact, page, r))
    return out


def wishlist_in_row(s: Suite, n: int = 8) -> None:
    """Official 12: add to the wish list the product a look names in a given row of this page."""
    template = "Put the {look} in the {row} row of this page on my wish list."
    cands = [c for c in in_rows(s) if c[0].id not in s.wishlist_ids]
    for p, fact, page, r in s.fresh(cands, n):
        args = {"look": look_words(p, fact), "row": ROWS[r]}
        s.wish_job(12, template, args, p, page.url, grounding=s.look_ground(p, fact))


def wishlist_on_page(s: Suite, n: int = 6) -> None:
    """Official 13: add to the wish list the product of this page a look names."""
    template = "Save the {look} shown on this page to my wish list."
    cands = named_looks(s, options=None, keep=lambda p, fact: p.id not in s.wishlist_ids)
    for p, fact, page in s.fresh(cands, n):
        args = {"look": look_words(p, fact)}
        s.wish_job(13, template, args, p, page.url, grounding=s.look_ground(p, fact))


def price_in_row(s: Suite, n: int = 7) -> None:
    """Official 18: the price of the product a look names in a given row of this page."""
    template = "How much is the {look} in the {row} row?"
    for p, fact, page, r in s.fresh(in_rows(s), n):
        args = {"look": look_words(p, fact), "row": ROWS[r]}
        s.price_job(18, template, args, p, page.url, fact)


def price_on_page(s: Suite, n: int = 5) -> None:
    """Official 19: the price of the product of this page a look names."""
    template = "What does the {look} on this page cost?"
    cands = named_looks(s, options=None)
    for p, fact, page in s.fresh(cands, n):
        args = {"look": look_words(p, fact)}
        s.price_job(19, template, args, p, page.url, fact)


ROW_SETS = (("first row", (0,)), ("last row", None), ("second row", (1,)), ("first two rows", (0, 1)))


def price_range_rows(s: Suite, n: int = 8) -> None:
    """Official 4: the lowest and highest price among the products of some rows of this page."""
    template = "What is the price range of the products in the {rows} of this page?"
    cands: list[tuple[Product, str, Page, list[float]]] = []
    for page in pages(s, 1):
        if len(page.products) < PAGE or any(p.id in s.official_products for p in page.products):
            continue
        k = len(cands) % len(ROW_SETS)
        words, rows = ROW_SETS[k]
        rows = rows or (len(page.products) // COLUMNS - 1,)
        chosen = [p for r in rows for p in page.row(r)]
        prices = sorted(p.final_price for p in chosen)
        if prices[0] != prices[-1]:
            cands.append((chosen[0], words, page, prices))
    for _p, words, page, prices in s.fresh(cands, n):
        low, high = price_text(prices[0]), price_text(prices[-1])
        args = {"rows": words}
        s.question(4, template, args, page.url, [low, high], [stop(f"{low} - {high}")])


TEMPLATES = [
    buy_on_page,
    buy_with_detail,
    wishlist_in_row,
    wishlist_on_page,
    price_in_row,
    price_on_page,
    price_range_rows,
]
