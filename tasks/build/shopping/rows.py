"""More official shopping kinds on a category page (page_kinds.py has the grid's rules): by row and look into
the cart (16), the neighbour of a product (62), by row and column (102, 103), the cheapest of a colour on the
page into the wish list or cart (135, 136), the colours a product comes in (64) and the dearest of a colour (5).
"""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import answer_eval, stop, url_eval
from ..text import price_text
from .base import Suite, open_card, page_url
from .page_kinds import COLUMNS, ROWS, Page, color_groups, in_rows, look_task, look_words, looks_on, pages

COLUMN_WORDS = ("first", "second", "third", "fourth")


def cart_in_row(s: Suite, n: int = 3) -> None:
    """Official 16: put the product a look names in a given row into the cart."""
    template = "Add the {look} from the {row} row to my cart."
    cands = [c for c in in_rows(s) if not c[0].options]
    for p, fact, page, r in s.fresh(cands, n):
        args = {"look": look_words(p, fact), "row": ROWS[r]}
        s.cart_job(16, template, args, p, page.url, grounding=s.look_ground(p, fact))


def cart_neighbour(s: Suite, n: int = 3) -> None:
    """Official 62: put into the cart the product next to the one a look names (same row)."""
    template = "Add the item {side} the {look} to my cart."
    cands = []
    for p, fact, page, r in in_rows(s):
        row = page.row(r)
        k = row.index(p)
        for side, j in (("right after", k + 1), ("right before", k - 1)):
            if 0 <= j < len(row) and not row[j].options and row[j].id not in s.official_products:
                cands.append((row[j], p, fact, page, side))
                break
    for q, p, fact, page, side in s.fresh(cands, n):
        args = {"side": side, "look": look_words(p, fact)}
        s.cart_job(
            62,
            template,
            args,
            q,
            page.url,
            grounding=s.look_ground(p, fact),
            comments="'after' and 'before' read along the row, left to right",
        )


def _cells(s: Suite, options: bool | None = None) -> list[tuple[Product, Page, int, int]]:
    out = []
    for page in pages(s, 1):
        for k, p in enumerate(page.products):
            if p.id not in s.official_products and (options is None or bool(p.options) == options):
                out.append((p, page, k // COLUMNS, k % COLUMNS))
    return out


def open_at_cell(s: Suite, n: int = 3) -> None:
    """Official 102: open the product at a row and column of this page."""
    template = "Open the product page of the item in the {row} row, {column} column."
    for p, page, r, c in s.fresh(_cells(s), n):
        args = {"row": ROWS[r], "column": COLUMN_WORDS[c]}
        s.mirror(
            102, template, args, start_url=page.url, eval_=url_eval(page_url(p)), solution=[open_card(p), stop("")]
        )


def cart_at_cell(s: Suite, n: int = 2) -> None:
    """Official 103: put the product at a row and column of this page into the cart."""
    template = "Put the item in the {row} row, {column} column into my shopping cart."
    for p, page, r, c in s.fresh(_cells(s, options=False), n):
        args = {"row": ROWS[r], "column": COLUMN_WORDS[c]}
        s.cart_job(103, template, args, p, page.url)


def _cheapest_of_color(s: Suite, options: bool | None):
    """(cheapest, colour, all of that kind and colour, page): two or more of a kind show a colour on the page."""
    out = []
    for page in pages(s):
        for (_kind, color), ps in color_groups(page.products):
            ps.sort(key=lambda p: (p.final_price, p.id))
            cheap = ps[0]
            if (
                len(ps) >= 2
                and ps[0].final_price < ps[1].final_price
                and cheap.id not in s.official_products
                and all(s.clean(p, [color]) for p in ps)
                and (options is None or bool(cheap.options) == options)
            ):
                out.append((cheap, color, ps, page))
    return out


def wishlist_cheapest_color(s: Suite, n: int = 3) -> None:
    """Official 135: save the cheapest product of a kind that shows a colour on this page."""
    template = "Save the cheapest {color} {noun} on this page to my wish list."
    cands = [c for c in _cheapest_of_color(s, None) if c[0].id not in s.wishlist_ids]
    for p, color, ps, page in s.fresh(cands, n):
        args = {"color": color, "noun": p.photos[0].kind}
        s.wish_job(135, template, args, p, page.url, grounding=s.ground(ps, [color]))


def cart_cheapest_color(s: Suite, n: int = 3) -> None:
    """Official 136: put the cheapest product of a kind that shows a colour on this page into the cart."""
    template = "Put the least expensive {color} {noun} of this page in my cart."
    for p, color, ps, page in s.fresh(_cheapest_of_color(s, False), n):
        args = {"color": color, "noun": p.photos[0].kind}
        s.cart_job(136, template, args, p, page.url, grounding=s.ground(ps, [color]))


def colors_offered(s: Suite, n: int = 3) -> None:
    """Official 64: the colours a product (named by its look on this page) can be ordered in."""
    template = "In which colours can I order the {look} on this page?"
    cands = []
    for page in pages(s, 1):
        for p, fact in looks_on(s, page, page.products, options=True):
            if fact != "color" and len(p.options.get("Color", [])) >= 2:
                cands.append((p, fact, page))
    for p, fact, page in s.fresh(cands, n):
        colors = list(p.options["Color"])
        ev, solution = answer_eval({"must_include": colors}), [open_card(p), stop(", ".join(colors))]
        look_task(s, 64, template, p, fact, page.url, eval_=ev, solution=solution)


def dearest_of_color(s: Suite, n: int = 3) -> None:
    """Official 5: the price of the most expensive product on this page that shows a colour."""
    template = "What does the most expensive {color} product on this page cost?"
    cands = []
    for page in pages(s, 1):
        by_color: dict[str, list[Product]] = {}
        for p in page.products:
            if p.photos[0].color:
                by_color.setdefault(p.photos[0].color, []).append(p)
        for color, ps in sorted(by_color.items()):
            ps.sort(key=lambda p: (-p.final_price, p.id))
            if (
                len(ps) >= 2
                and ps[0].final_price > ps[1].final_price
                and ps[0].id not in s.official_products
                and all(s.clean(p, [color]) for p in page.products)
            ):
                cands.append((ps[0], color, ps, page))
                break
    for p, color, ps, page in s.fresh(cands, n):
        price = price_text(p.final_price)
        args = {"color": color}
        s.question(5, template, args, page.url, [price], [stop(price)], grounding=s.ground(ps, [color]))


TEMPLATES = [
    cart_in_row,
    cart_neighbour,
    open_at_cell,
    cart_at_cell,
    wishlist_cheapest_color,
    cart_cheapest_color,
    colors_offered,
    dearest_of_color,
]
