"""Round-3 official shopping kinds that put into the cart a product found by its look and a price condition:

- 71: the most expensive product of a kind and colour in a named category under a dollar amount;
- 150: from a product's page, one of the same kind like it but in another colour, at most a dollar amount.

The colour is the photo's (its text and options never say it); the amount is chosen between two products of
that look, so that the price condition decides which one is meant.
"""

from __future__ import annotations

import math

from sites.shopping.data import Product

from ..evals import stop
from .base import SITE, Suite, cart_eval


def _quiet(s: Suite, p: Product, color: str) -> bool:
    return s.clean(p, [color]) and not any(color in (v.lower() for v in vals) for vals in p.options.values())


def _color_groups(s: Suite):
    """((leaf url, kind), colour, products of that look sorted by price) for colours no product text says."""
    for (url, kind), ps in sorted(s.groups.items()):
        for color in sorted({p.photos[0].color for p in ps if p.photos[0].color}):
            same = sorted((p for p in ps if p.photos[0].color == color), key=lambda p: (p.final_price, p.id))
            if len(same) >= 3 and all(_quiet(s, p, color) for p in same):
                yield (url, kind), color, same


def _limit(below: Product, above: Product) -> int | None:
    """A whole dollar amount strictly between two prices, or None when they are too close."""
    amount = math.floor(below.final_price) + 1
    return amount if amount < above.final_price - 0.5 else None


def dearest_under(s: Suite, n: int = 2) -> None:
    """Official 71: the most expensive product of a kind and colour in a category below an amount, into the cart."""
    template = (
        'Add the most expensive {color} {kind} from the "{leaf}" category that costs less than ${dollars} to my cart.'
    )
    cands = []
    for _, color, same in _color_groups(s):
        for k in range(1, len(same) - 1):
            best, nxt = same[k], same[k + 1]
            amount = _limit(best, nxt)
            if (
                amount
                and same[k - 1].final_price < best.final_price
                and not best.options
                and best.id not in s.official_products
            ):
                cands.append((best, color, same, amount))
                break
    for p, color, same, amount in s.fresh(cands, n):
        args = {"color": color, "kind": p.photos[0].kind, "leaf": p.category_path[-1], "dollars": str(amount)}
        solution = [*s.open_by_price(p, "the category, highest price first", "desc"), *s.add_to_cart(p), stop("")]
        s.mirror(
            71,
            template,
            args,
            eval_=cart_eval(p),
            solution=solution,
            require_reset=True,
            grounding=s.ground(same, [color]),
            comments="the dearer products of that look cost more than the amount",
        )


def like_this_other_color(s: Suite, n: int = 5) -> None:
    """Official 150: from a product's page, one of the same kind and category in another colour, at most an
    amount, into the cart."""
    template = "Add to my cart a {kind} like this one, but {color}, that costs no more than ${dollars}."
    cands = []
    for (url, kind), color, same in _color_groups(s):
        for k in range(len(same) - 1):
            pick, nxt = same[k], same[k + 1]
            amount = _limit(pick, nxt)
            if amount is None or pick.options or pick.id in s.official_products:
                continue
            rivals = [
                x
                for x in s.products
                if x.photos[0].kind == kind
                and x.photos[0].color == color
                and x.final_price <= amount
                and x.id != pick.id
            ]
            if rivals:  # the only one of that look in the store at most the amount
                continue
            bases = [
                x
                for x in s.groups[(url, kind)]
                if x.photos[0].color not in (None, color) and x.id not in s.official_products
            ]
            if bases:
                cands.append((pick, bases[0], color, same, amount))
            break
    for p, base, color, same, amount in s.fresh(cands, n):
        args = {"kind": p.photos[0].kind, "color": color, "dollars": str(amount)}
        solution = [*s.open_by_price(p, "its category, lowest price first"), *s.add_to_cart(p), stop("")]
        s.mirror(
            150,
            template,
            args,
            start_url=f"{SITE}/{base.url_key}.html",
            eval_=cart_eval(p),
            solution=solution,
            require_reset=True,
            grounding=s.ground(same, [color]),
            comments="the page's category holds the other colours of that kind; only one in that colour costs "
            "no more than the amount",
        )


TEMPLATES = [dearest_under, like_this_other_color]
