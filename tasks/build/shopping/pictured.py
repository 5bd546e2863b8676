"""Official shopping kinds with an input picture, on a category page: something like the pictured item but in
another colour (24, 55, 138), the pictured item into the cart or the wish list (25, 29, 27, 30), the two pictured
items onto the comparison list (33). Pictures are other views of the store's items (Suite.product_image), never
the product photo itself.
"""

from __future__ import annotations

from collections.abc import Callable

from sites.shopping.data import Product

from ..evals import click, goto, html_eval, stop, target
from .base import COMPARE_NAMES, SITE, Suite, open_card, signature
from .page_kinds import Page, color_groups, kind_groups, pages


def _recolored(s: Suite):
    """(target, pictured, page): two products of a kind on a page, the target the only one of that kind there
    showing its colour, the pictured one another colour."""
    out = []
    for page in pages(s):
        for _kind, ps in kind_groups(page.products):
            for t in ps:
                c = t.photos[0].color
                if not c or t.options or t.id in s.official_products or not s.clean(t, [c]):
                    continue
                if any(x.photos[0].color == c for x in ps if x.id != t.id):
                    continue
                shown = [x for x in ps if x.id != t.id and x.photos[0].color and x.photos[0].color != c]
                if shown:
                    out.append((t, shown[0], page))
                    break
    return out


def _like_but_color(s: Suite, n: int, official: int, template: str, job, done: Callable[[Product], bool]) -> None:
    """`job` (a Suite job: wish_job, buy_job) on a `_recolored` target not `done` yet, pictured in another colour."""
    cands = [c for c in _recolored(s) if not done(c[0])]
    for t, shown, page in s.fresh(cands, n):
        c = str(t.photos[0].color)
        job(official, template, {"color": c}, t, page.url, image=s.product_image(shown), grounding=s.ground([t], [c]))


def wishlist_like_but_color(s: Suite, n: int = 4) -> None:
    """Official 24: something like the pictured item, but in another colour, from this page to the wish list."""
    template = "Add to my wish list something like the item in this picture, but {color}, from this page."
    _like_but_color(s, n, 24, template, s.wish_job, lambda t: t.id in s.wishlist_ids)


def buy_like_but_color(s: Suite, n: int = 2) -> None:
    """Official 55: buy something like the pictured item, but in another colour, from this page."""
    template = "Buy me something like the item in this picture, but {color}, from this page."
    _like_but_color(s, n, 55, template, s.buy_job, lambda t: t.sku in s.latest_order_skus)


def cheapest_in_a_colour(s: Suite, also: Callable[[Product], bool] = lambda p: True) -> list[tuple]:
    """For each listing page and kind of thing on it, the first colour (by name) of which the page shows two or more
    items, the cheapest strictly cheaper than the next, without options, and at least one item of another colour
    (the input picture): (cheapest, colour, the items of that colour, the other-coloured item, page). `also` narrows
    the cheapest item further."""
    cands = []
    for page in pages(s):
        for _kind, ps in kind_groups(page.products):
            for (_, c), same in color_groups(ps):
                same.sort(key=lambda p: (p.final_price, p.id))
                shown = [x for x in ps if x.photos[0].color != c]
                if (
                    len(same) >= 2
                    and same[0].final_price < same[1].final_price
                    and shown
                    and not same[0].options
                    and same[0].id not in s.official_products
                    and also(same[0])
                    and all(s.clean(x, [c]) for x in same)
                ):
                    cands.append((same[0], c, same, shown[0], page))
                    break
    return cands


def cheapest_like_in_color(s: Suite, n: int = 3) -> None:
    """Official 138: the cheapest item of this page like the pictured one, in a colour, into the cart."""
    template = "Find the cheapest {color} version of the thing in this image on this page and add it to my cart."
    cands = cheapest_in_a_colour(s)
    for t, c, same, shown, page in s.fresh(cands, n):
        args = {"color": c}
        s.cart_job(138, template, args, t, page.url, image=s.product_image(shown), grounding=s.ground(same, [c]))


def _pictured_on_page(s: Suite, options: bool | None = None) -> list[tuple[Product, Page]]:
    """Products no other product on their page looks like (kind, colour, pattern, count, printed text)."""
    out = []
    for page in pages(s):
        for p in page.products:
            if p.id in s.official_products or (options is not None and bool(p.options) != options):
                continue
            if all(signature(x) != signature(p) for x in page.products if x.id != p.id) and any(
                x.photos[0].kind == p.photos[0].kind for x in page.products if x.id != p.id
            ):
                out.append((p, page))
    return out


def cart_like_pictured(s: Suite, n: int = 9) -> None:
    """Official 25: something like the pictured item, from this page, into the cart."""
    template = "Add something like the thing in this picture to my shopping cart; this page has it."
    for p, page in s.fresh(_pictured_on_page(s, options=False), n):
        s.cart_job(25, template, {}, p, page.url, image=s.product_image(p))


WISH_TEMPLATES = (
    (29, "This is just what I have been looking for. Can you add one from this page to my wish list?", 7),
    (27, "I need something like this for my home. Please add the one on this page to my wish list.", 3),
    (30, "I love how this looks; add the most similar item on this page to my wish list.", 3),
)


def wishlist_pictured_on_page(s: Suite) -> None:
    """Official 29, 27 and 30: the pictured item, found on this page, into the wish list."""
    for official, template, n in WISH_TEMPLATES:
        cands = [c for c in _pictured_on_page(s) if c[0].id not in s.wishlist_ids]
        for p, page in s.fresh(cands, n):
            image = s.product_image(p, "sketch" if official == 30 else "photo")
            s.wish_job(official, template, {}, p, page.url, image=image)


def compare_pictured_pair(s: Suite, n: int = 8) -> None:
    """Official 33: the two items of the picture, both on this page, onto the comparison list."""
    template = "Can you put the two items in this picture on the comparison list? Both are on this page."
    cands = []
    by_page: dict[str, list[Product]] = {}
    for p, page in _pictured_on_page(s):
        by_page.setdefault(page.url, []).append(p)
    pages_by_url = {pg.url: pg for pg in pages(s)}
    for url, ps in sorted(by_page.items()):
        if len(ps) >= 2:
            cands.append((ps[0], ps[1], pages_by_url[url]))
    for a, b, page in s.fresh(cands, n):
        s.mirror(
            33,
            template,
            {},
            start_url=page.url,
            image=s.pair_image(a, b),
            eval_=html_eval([target(f"{SITE}/catalog/product_compare/", COMPARE_NAMES, must_include=[a.name, b.name])]),
            solution=[
                open_card(a),
                click("button.tocompare"),
                goto(page.url, "back to the page"),
                open_card(b),
                click("button.tocompare"),
                stop(""),
            ],
            require_reset=True,
        )


def buy_cheapest_pictured_in_color(s: Suite, n: int = 3) -> None:
    """Official 107: buy the cheapest item of this page like the pictured one, in a colour."""
    template = "Purchase the cheapest one of these from this page, in {color}."
    cands = cheapest_in_a_colour(s, lambda p: p.sku not in s.latest_order_skus)
    for t, c, same, shown, page in s.fresh(cands, n):
        args = {"color": c}
        s.buy_job(107, template, args, t, page.url, image=s.product_image(shown), grounding=s.ground(same, [c]))


TEMPLATES = [
    wishlist_like_but_color,
    buy_like_but_color,
    cheapest_like_in_color,
    cart_like_pictured,
    wishlist_pictured_on_page,
    compare_pictured_pair,
]
