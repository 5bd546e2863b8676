"""Round-2 official shopping kinds on products found by search or on a category page (page_kinds.py has the
grid's rules):

- 7: search, then open the first result showing a colour, or the first of the second row (url_match);
- 15: open the cheapest product of a named category whose photo shows a colour (url_match);
- 61: the price of the product on this page whose picture shows a detail (string_match);
- 68: put the product of a kind and colour with the most stars on this page into the cart (program_html).
"""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import stop, type_in, url_eval
from .base import Suite, cart_eval, open_card, page_url
from .page_kinds import COLUMNS, PAGE, color_groups, kind_searches, named_looks, pages


def _search_color(s: Suite, query: str, shown: list[Product]):
    """(first product showing a colour, colour, all showing it) when another result further on shows it too and
    every result before it shows another definite colour."""
    for _k, p in enumerate(shown):
        color = p.photos[0].color
        if color is None:
            return None
        same = [x for x in shown if x.photos[0].color == color]
        if (
            len(same) >= 2
            and p.id not in s.official_products
            and all(s.clean(x, [color]) for x in same)
            and query.lower() not in color.lower()
        ):
            return p, color, same
    return None


def search_first(s: Suite, n: int = 3) -> None:
    """Official 7: search for a kind, then open the first result showing a colour or the first of row two."""
    templates = (
        'Search for "{query}" and open the first result that is {color}.',
        'Search for "{query}" and open the first product of the second row of results.',
    )
    cands: list[tuple[Product, str, str | None, list[Product]]] = []
    for kind, shown in kind_searches(s, full=True):
        if len(cands) % 2 == 0:
            hit = _search_color(s, kind, shown)
            if hit:
                cands.append((hit[0], kind, hit[1], hit[2]))
        else:
            cands.append((shown[COLUMNS], kind, None, []))
    for p, kind, color, same in s.fresh(cands, n):
        template = templates[0] if color else templates[1]
        args = {"query": kind, "color": color} if color else {"query": kind}
        s.mirror(
            7,
            template,
            args,
            eval_=url_eval(page_url(p)),
            solution=[type_in("#search", kind, enter=True), open_card(p), stop("")],
            grounding=s.ground(same, [color]) if color else None,
        )


def cheapest_color_in_leaf(s: Suite, n: int = 3) -> None:
    """Official 15: open the cheapest product of a named leaf category whose photo shows a colour."""
    template = 'Find the cheapest product in the "{leaf}" category that comes in {color}.'
    by_leaf: dict[str, list[Product]] = {}
    for p in s.products:
        by_leaf.setdefault(p.category_url, []).append(p)
    cands = []
    for _url, ps in sorted(by_leaf.items()):
        ps = sorted(ps, key=lambda p: (p.final_price, p.id))
        colors = sorted({p.photos[0].color for p in ps if p.photos[0].color})
        for color in colors:
            same = [p for p in ps if p.photos[0].color == color]
            cheap = same[0]
            earlier = [p for p in ps if p.final_price <= cheap.final_price and p.id != cheap.id]
            if (
                len(same) >= 2
                and same[1].final_price > cheap.final_price
                and all(p.photos[0].color is not None for p in earlier)
                and not any(color in (v.lower() for v in vals) for p in earlier for vals in p.options.values())
                and all(s.clean(p, [color]) for p in same)
                and not any(color in (v.lower() for v in vals) for p in same for vals in p.options.values())
            ):
                cands.append((cheap, color, same))
                break
    for p, color, same in s.fresh(cands, n):
        args = {"leaf": p.category_path[-1], "color": color}
        solution = [*s.open_by_price(p), stop("")]
        s.mirror(15, template, args, eval_=url_eval(page_url(p)), solution=solution, grounding=s.ground(same, [color]))


def _detail(p: Product, fact: str) -> str:
    ph = p.photos[0]
    if fact == "printed_text":
        return f'the words "{ph.printed_text}"'
    if fact == "pattern":
        return f"a {ph.pattern} pattern"
    return f"something {ph.color}"


def price_by_detail(s: Suite, n: int = 4) -> None:
    """Official 61: the price of the product on this page whose picture shows a detail."""
    template = "How much is the {kind} with {detail} in its picture on this page?"
    cands = named_looks(s, options=None)
    for p, fact, page in s.fresh(cands, n):
        args = {"kind": p.photos[0].kind, "detail": _detail(p, fact)}
        s.price_job(61, template, args, p, page.url, fact)


def cart_most_stars(s: Suite, n: int = 4) -> None:
    """Official 68: put into the cart the product of a kind and colour on this page with the most stars."""
    template = "Add the {color} {kind} with the most stars on this page to my cart."
    cands = []
    for page in pages(s):
        if len(page.products) > PAGE:
            continue
        for (_kind, color), ps in color_groups(page.products):
            rated = sorted((p for p in ps if p.reviews), key=lambda p: (-p.rating_percent, p.id))
            if len(rated) < 2 or rated[0].rating_percent - rated[1].rating_percent < 10:
                continue
            best = rated[0]
            if not best.options and best.id not in s.official_products and all(s.clean(p, [color]) for p in ps):
                cands.append((best, color, ps, page))
    for p, color, ps, page in s.fresh(cands, n):
        args = {"color": color, "kind": p.photos[0].kind}
        s.cart_job(
            68,
            template,
            args,
            p,
            page.url,
            grounding=s.ground(ps, [color]),
            comments="stars as the grid shows them; the next best of that look has at least half a star fewer",
        )


def cheapest_pattern_any_size(s: Suite, n: int = 3) -> None:
    """Official 147: put one of the cheapest products of a kind in a leaf whose photo shows a pattern or printed
    words into the cart, in any of its options."""
    template = "Find the cheapest {kind} in {leaf} with {detail} on it and put one in my cart, any size and colour."
    cands = []
    for (_url, _kind), ps in sorted(s.groups.items()):
        ps = sorted(ps, key=lambda p: (p.final_price, p.id))
        for fact in ("pattern", "printed_text"):
            values = sorted({str(getattr(p.photos[0], fact)) for p in ps if getattr(p.photos[0], fact)} - {"plain"})
            for value in values:
                same = [p for p in ps if str(getattr(p.photos[0], fact)) == value]
                cheap = same[0]
                if (
                    len(same) >= 2
                    and same[1].final_price > cheap.final_price
                    and cheap.options
                    and cheap.id not in s.official_products
                    and all(s.clean(p, [value]) for p in same)
                ):
                    cands.append((cheap, fact, same))
    for p, fact, same in s.fresh(cands, n):
        args = {"kind": p.photos[0].kind, "leaf": p.category_path[-1], "detail": _detail(p, fact)}
        chosen = {name: values[0] for name, values in p.options.items()}
        solution = [*s.open_by_price(p), *s.add_to_cart(p, 1, chosen), stop("")]
        s.mirror(
            147,
            template,
            args,
            start_url=None,
            eval_=cart_eval(p),
            solution=solution,
            require_reset=True,
            grounding=s.ground(same, [getattr(p.photos[0], fact)]),
        )


TEMPLATES = [search_first, cheapest_color_in_leaf, price_by_detail, cart_most_stars, cheapest_pattern_any_size]
