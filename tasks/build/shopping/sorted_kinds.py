"""Round-3 official shopping kinds on a category sorted by price, lowest first, or on a page of search results
(page_kinds.py has the grid's rules: 4 columns, 12 per page):

- 10: the colour of the n-th product of the first row (string_match);
- 11: the colours of two products of the first row (string_match);
- 9: put the first product of a colour into the cart (program_html);
- 2: search for a kind, list the full names of those in a colour on the first page and give the price range
  of the page (string_match).

A colour is asked about only when the product's photo shows one, its text and options never say it, and (for
"the first of a colour") every product before it shows another colour.
"""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import answer_eval, goto, stop, type_in
from ..text import price_text
from .base import SITE, Suite, cart_eval, open_card
from .page_kinds import COLUMNS, PAGE
from .rows import COLUMN_WORDS

# How the templates of official 9, 10 and 11 begin.
OPEN_SORTED = 'Open the "{leaf}" category sorted by price from low to high and '


def _quiet(p: Product, color: str) -> bool:
    """None of p's options names the colour."""
    return not any(color in (v.lower() for v in vals) for vals in p.options.values())


def _clean_color(s: Suite, p: Product) -> bool:
    color = p.photos[0].color
    if color is None:
        return False
    return s.clean(p, [color]) and _quiet(p, color) and p.id not in s.official_products


class Sorted:
    """The first page of a leaf category listed by price, lowest first."""

    def __init__(self, s: Suite, name: str, path: str):
        self.name, self.path = name, path
        _, ids = s.data.category_listing(path, "price", "asc", 1, PAGE)
        self.products = [s.data.product(i) for i in ids]
        self.url = f"{SITE}/{path}.html?product_list_order=price&product_list_dir=asc"


def sorted_leaves(s: Suite) -> list[Sorted]:
    return [Sorted(s, name, path) for _, name, path, level in s.categories() if level == 3]


def _steps(leaf: Sorted) -> list[dict]:
    return [goto(leaf.url, "the category, sorted by price, lowest first")]


def first_rows(s: Suite) -> list[tuple[Sorted, list[Product]]]:
    """(leaf, its first row) for the leaves sorted by price whose first row is full."""
    return [(leaf, leaf.products[:COLUMNS]) for leaf in sorted_leaves(s) if len(leaf.products) >= COLUMNS]


def _ask_colors(
    s: Suite, official: int, template: str, args: dict, leaf: Sorted, ps: list[Product], answer: dict
) -> None:
    """From the home page, the colours of `ps` in the sorted `leaf` (the answer must name each), `answer` the stop."""
    colors = [str(p.photos[0].color) for p in ps]
    ev = answer_eval({"must_include": colors})
    s.mirror(
        official,
        template,
        args,
        start_url=f"{SITE}/",
        eval_=ev,
        solution=[*_steps(leaf), answer],
        grounding=s.ground(ps, colors),
    )


def color_in_first_row(s: Suite, n: int = 2) -> None:
    """Official 10: the colour of the n-th product of the first row of a category sorted by price."""
    template = OPEN_SORTED + "tell me the colour of the {ordinal} product in the first row."
    cands = []
    for leaf, row in first_rows(s):
        k = next((k for k, p in enumerate(row) if k > 0 and _clean_color(s, p)), None)
        if k is not None:
            cands.append((row[k], k, leaf))
    for p, k, leaf in s.fresh(cands, n):
        args = {"leaf": leaf.name, "ordinal": COLUMN_WORDS[k]}
        _ask_colors(s, 10, template, args, leaf, [p], stop(str(p.photos[0].color), "its photo"))


def colors_in_first_row(s: Suite, n: int = 1) -> None:
    """Official 11: the colours of two products of the first row of a category sorted by price."""
    template = OPEN_SORTED + "tell me the colours of the {first} and the {second} products in the first row."
    cands = []
    for leaf, row in first_rows(s):
        good = [k for k, p in enumerate(row) if _clean_color(s, p)]
        if len(good) >= 2 and row[good[0]].photos[0].color != row[good[1]].photos[0].color:
            cands.append((row[good[0]], row[good[1]], good[0], good[1], leaf))
    for p, q, i, j, leaf in s.fresh(cands, n):
        args = {"leaf": leaf.name, "first": COLUMN_WORDS[i], "second": COLUMN_WORDS[j]}
        answer = f"{p.photos[0].color} and {q.photos[0].color}"
        _ask_colors(s, 11, template, args, leaf, [p, q], stop(answer))


def first_of_color_to_cart(s: Suite, n: int = 2) -> None:
    """Official 9: put the first product of a colour of a category sorted by price into the cart."""
    template = OPEN_SORTED + "add the first {color} item to my cart."
    cands = []
    for leaf in sorted_leaves(s):
        ps = leaf.products
        for k, p in enumerate(ps):
            color = p.photos[0].color
            if color is None:
                break
            earlier = ps[:k]
            later = [x for x in ps[k + 1 :] if x.photos[0].color == color]
            if (
                k >= 1
                and later
                and not p.options
                and _clean_color(s, p)
                and all(_clean_color(s, x) for x in later)
                and all(x.photos[0].color != color for x in earlier)
                and all(x.photos[0].color for x in earlier)
                and all(_quiet(x, color) for x in earlier)
            ):
                cands.append((p, color, [p, *later], leaf))
                break
    for p, color, same, leaf in s.fresh(cands, n):
        args = {"leaf": leaf.name, "color": color}
        s.mirror(
            9,
            template,
            args,
            start_url=f"{SITE}/",
            eval_=cart_eval(p),
            solution=[*_steps(leaf), open_card(p), *s.add_to_cart(p), stop("")],
            require_reset=True,
            grounding=s.ground(same, [color]),
            comments="every product before it shows another colour",
        )


def names_and_range(s: Suite, n: int = 3) -> None:
    """Official 2: search for a kind; the full names of those in a colour on the first page, and the page's
    price range."""
    template = (
        'Search for "{query}". List the full names of the {color} ones on the first page of results '
        "and tell me the price range of the products on that page."
    )
    cands = []
    for kind in sorted({p.photos[0].kind for p in s.products}):
        _, found = s.data.search(kind, limit=PAGE)
        if len(found) < PAGE or any(i in s.official_products for i in found):
            continue
        shown = [s.data.product(i) for i in found]
        if any(p.photos[0].color is None for p in shown):
            continue
        for color in sorted({p.photos[0].color for p in shown if p.photos[0].color}):
            same = [p for p in shown if p.photos[0].color == color]
            nested = any(x.name.lower() in y.name.lower() for x in same for y in shown if x.id != y.id)
            if (
                2 <= len(same) <= 3
                and not nested
                and all(_clean_color(s, p) for p in same)
                and all(_quiet(p, color) and s.clean(p, [color]) for p in shown)
            ):
                cands.append((same[0], kind, color, same, shown))
                break
    for _p, kind, color, same, shown in s.fresh(cands, n):
        low = min(x.final_price for x in shown)
        high = max(x.final_price for x in shown)
        if high == low:
            continue
        names = [x.name for x in same]
        args = {"query": kind, "color": color}
        answer = "; ".join(names) + f". Prices range from {price_text(low)} to {price_text(high)}."
        s.mirror(
            2,
            template,
            args,
            start_url=f"{SITE}/",
            eval_=answer_eval({"must_include": [*names, price_text(low), price_text(high)]}),
            solution=[type_in("#search", kind, enter=True), stop(answer, "the photos and the prices")],
            grounding=s.ground(same, [color]),
            comments="the range of the first page's prices, lowest to highest",
        )


TEMPLATES = [color_in_first_row, colors_in_first_row, first_of_color_to_cart, names_and_range]
