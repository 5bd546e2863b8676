"""Round-4 official shopping kinds with an input picture (or a look to read off the page), started on a page of
search results, a category page or a product's page (helper r4-spc; kinds_r4spc_home.py has those started on the
home page and the account's):

- 97: the price of the product of a kind on this page whose pattern is most like the pictured thing's;
- 104: open the pictured product among these results;
- 105: every product on this page that looks like the pictured one into the cart;
- 106: the pictured item, brand new, from this page into the cart: N/A (this page does not sell it);
- 114: empty the cart, then every product on this page of the pictured kind (whatever its colour) into it;
- 115: open the pictured product of this page in a darker colour;
- 123: buy the product on this page whose design carries the words the picture shows;
- 146: the cheapest product of a kind on this page in the colour most of its kind here show, into the cart;
- 149: from a product's page, one of its kind and category with a named pattern into the cart.

Pictures are other renderings of the store's items (another framing and light), or another thing carrying the
same pattern or words; never the product photo itself.
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import quote_plus

from sites.shopping.data import Product

from ..evals import goto, html_eval, stop, target, url_eval
from ..text import plural, price_text
from .base import CART_LINES, SITE, Suite, open_card, order_targets, page_url, signature
from .page_kinds import kind_groups, pages

RESULTS = 12


class Results:
    """The first page of the store's search for a kind of thing (12 results), as a person opens it."""

    def __init__(self, s: Suite, kind: str):
        self.kind = kind
        _, ids = s.data.search(kind, limit=RESULTS)
        self.products = [s.data.product(i) for i in ids]
        self.url = f"{SITE}/catalogsearch/result/?q={quote_plus(kind)}"


def results(s: Suite) -> list[Results]:
    out = []
    for kind in sorted({p.photos[0].kind for p in s.products}):
        r = Results(s, kind)
        if r.products and not any(p.id in s.official_products for p in r.products):
            out.append(r)
    return out


def kinds_of(p: Product) -> str:
    kind = p.photos[0].kind
    return kind if kind.endswith("s") and not kind.endswith("ss") else plural(kind)


def _quiet(s: Suite, p: Product, terms: list[str]) -> bool:
    return s.clean(p, terms) and not any(
        t.lower() in (v.lower() for v in vals) for t in terms for vals in p.options.values()
    )


def _shows(s: Suite, fact: str) -> dict[str, list[Product]]:
    out: dict[str, list[Product]] = {}
    for p in s.products:
        value = getattr(p.photos[0], fact)
        if value and value != "plain" and p.id not in s.official_products:
            out.setdefault(str(value), []).append(p)
    return out


def cart_has(products: list[Product]) -> dict:
    return html_eval([target(f"{SITE}/checkout/cart/", CART_LINES, must_include=[f"{p.name} x 1" for p in products])])


def price_by_pattern(s: Suite, n: int = 3) -> None:
    """Official 97: the price of the product of a kind on this page whose pattern is most like the picture's."""
    template = "How much is the {kind} on this page whose pattern comes closest to the pattern in this picture?"
    shows = _shows(s, "pattern")
    cands = []
    for r in results(s):
        ks = [p for p in r.products if p.photos[0].kind == r.kind]
        for p in ks:
            pattern = p.photos[0].pattern
            if (
                len(ks) < 2
                or pattern == "plain"
                or sum(x.photos[0].pattern == pattern for x in ks) != 1
                or not _quiet(s, p, [pattern])
            ):
                continue
            others = [x for x in shows[pattern] if x.photos[0].kind != r.kind]
            if others:
                cands.append((p, r, ks, others[p.id % len(others)]))
                break
    for p, r, ks, other in s.fresh(cands, n):
        args = {"kind": r.kind}
        price = price_text(p.final_price)
        s.question(
            97,
            template,
            args,
            r.url,
            [price],
            [stop(price, "the price under its card")],
            image=s.product_image(other),
            grounding=s.ground(ks, [p.photos[0].pattern]),
            comments=f"the picture shows a {p.photos[0].pattern} {other.photos[0].kind}; the only "
            f"{p.photos[0].pattern} {r.kind} of these results",
        )


def _pictured_in_results(s: Suite) -> list[tuple[Product, Results]]:
    out = []
    for r in results(s):
        for p in r.products:
            if (
                p.photos[0].kind == r.kind
                and sum(signature(x) == signature(p) for x in r.products) == 1
                and sum(x.photos[0].kind == r.kind for x in r.products) >= 3
            ):
                out.append((p, r))
                break
    return out


def open_pictured_result(s: Suite, n: int = 2) -> None:
    """Official 104: open the pictured product among these search results."""
    template = "I need the thing in this picture. Find it for me among these results."
    for p, r in s.fresh(_pictured_in_results(s), n):
        s.mirror(
            104,
            template,
            {},
            start_url=r.url,
            image=s.product_image(p),
            eval_=url_eval(page_url(p)),
            solution=[open_card(p), stop("")],
            comments="no other result looks the same",
        )


def _look(p: Product) -> tuple:
    ph = p.photos[0]
    return (ph.kind, ph.color, ph.pattern, ph.printed_text)


def _cart_all_here(
    s: Suite, official: int, template: str, ps: list[Product], page, shown: Product, comments: str, **task
) -> None:
    """With a picture of `shown`: every product of `ps` into the cart, each opened from `page` (all taken)."""
    s.used.update(x.id for x in ps[1:])
    steps = [step for x in ps for step in (open_card(x), *s.add_to_cart(x), goto(page.url, "back to the page"))]
    s.mirror(
        official,
        template,
        {},
        start_url=page.url,
        image=s.product_image(shown),
        eval_=cart_has(ps),
        solution=[*steps[:-1], stop("")],
        require_reset=True,
        comments=comments,
        **task,
    )


def cart_every_like_pictured(s: Suite, n: int = 3) -> None:
    """Official 105: every product on this page that looks like the pictured one into the cart."""
    template = "Add to my cart every item on this page that looks like the one in this picture."
    cands = []
    for page in pages(s):
        for _kind, ks in kind_groups(page.products):
            looks: dict[tuple, list[Product]] = {}
            for p in ks:
                looks.setdefault(_look(p), []).append(p)
            for look, same in sorted(looks.items(), key=lambda kv: kv[1][0].id):
                if (
                    2 <= len(same) <= 3
                    and len(ks) > len(same)
                    and look[1]
                    and all(not x.options and x.id not in s.official_products for x in same)
                    and all(_quiet(s, x, [str(look[1])]) for x in same)
                ):
                    cands.append((same[0], same, page))
                    break
    for first, same, page in s.fresh(cands, n):
        kinds = kinds_of(first)
        note = f"{len(same)} {first.photos[0].color} {kinds} here look alike; the other {kinds} here look otherwise"
        ground = s.ground(same, [str(first.photos[0].color)])
        _cart_all_here(s, 105, template, same, page, same[-1], note, grounding=ground)


def brand_new_not_here(s: Suite, n: int = 1) -> None:
    """Official 106: the pictured item, only if brand new, from this page into the cart; this page has no such
    item, so the answer is N/A."""
    template = "I want exactly this item, but only a brand new one. Can you add one from this page to my cart?"
    cands = []
    for page in pages(s, 1):
        kinds = {p.photos[0].kind for p in page.products}
        elsewhere = [
            p
            for p in s.products
            if p.photos[0].kind not in kinds
            and p.id not in s.official_products
            and p.category_path[0] == page.products[0].category_path[0]
        ]
        if elsewhere and len(page.products) >= 6:
            cands.append((elsewhere[len(elsewhere) // 2], page))
    for p, page in s.fresh(cands, n):
        note = f"No {p.photos[0].kind} is on this page, new or otherwise."
        steps = [stop("N/A", "no photo on this page shows that thing")]
        s.na_job(106, template, {}, note, steps, start_url=page.url, image=s.product_image(p))


def empty_then_every_of_kind(s: Suite, n: int = 2) -> None:
    """Official 114: empty the cart, then every product of the pictured kind on this page, whatever its colour."""
    template = (
        "Empty my cart first, then add every item on this page that is the same kind of thing as in this "
        "picture, in whatever colour."
    )
    cands = []
    for page in pages(s):
        for kind, ks in kind_groups(page.products):
            colors = {p.photos[0].color for p in ks}
            if (
                not 2 <= len(ks) <= 4
                or len(colors) < 2
                or len(ks) == len(page.products)
                or any(p.options or p.id in s.official_products for p in ks)
            ):
                continue
            shown = [
                x
                for x in s.groups[(ks[0].category_url, kind)]
                if x.id not in {p.id for p in ks} and x.id not in s.official_products
            ]
            shown.sort(key=lambda x: (x.photos[0].color in colors, x.id))  # a colour not on the page first
            if shown:
                cands.append((ks[0], ks, page, shown[0]))
                break
    for first, ks, page, shown in s.fresh(cands, n):
        shades = ", ".join(sorted(str(x.photos[0].color) for x in ks))
        note = f"the cart starts empty; the {len(ks)} {kinds_of(first)} of this page, in {shades}"
        _cart_all_here(s, 114, template, ks, page, shown, note)


def _darkness(color: str) -> float:
    from sites.imagery.catalog import COLORS

    r, g, b = COLORS[color]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def open_darker_here(s: Suite, n: int = 1) -> None:
    """Official 115: the pictured product of this page, but in a darker colour (url_match)."""
    template = "I like these {kinds}, but not their colour. Open the one on this page in a darker colour."
    cands = []
    for page in pages(s):
        for _kind, of_kind in kind_groups(page.products):
            ks = [p for p in of_kind if p.photos[0].color]
            if len(ks) < 2 or len({p.photos[0].color for p in ks}) != len(ks):
                continue
            ks.sort(key=lambda p: _darkness(str(p.photos[0].color)))
            dark, light = ks[0], ks[1]  # the darkest and the next
            if (
                _darkness(str(light.photos[0].color)) - _darkness(str(dark.photos[0].color)) >= 40
                and len(ks) == 2
                and _quiet(s, dark, [str(dark.photos[0].color)])
            ):
                cands.append((dark, light, page))
                break
    for dark, light, page in s.fresh(cands, n):
        args = {"kinds": kinds_of(dark)}
        s.mirror(
            115,
            template,
            args,
            start_url=page.url,
            image=s.product_image(light),
            eval_=url_eval(page_url(dark)),
            solution=[open_card(dark), stop("")],
            grounding=s.ground([dark, light], [str(dark.photos[0].color)]),
            comments=f"the picture shows the {light.photos[0].color} one; the other here is {dark.photos[0].color}",
        )


def buy_printed_like_picture(s: Suite, n: int = 2) -> None:
    """Official 123: buy the product on this page whose design carries the words the picture shows (on another
    thing)."""
    from sites.imagery.catalog import KINDS

    template = "The thing in this picture carries a design. Buy the item on this page that has the same design on it."
    printable = sorted({p.photos[0].kind for p in s.products if p.photos[0].printed_text})
    cands = []
    for page in pages(s):
        for p in page.products:
            words = p.photos[0].printed_text
            if (
                not words
                or not s.plain_buy(p)
                or sum(x.photos[0].printed_text == words for x in page.products) != 1
                or not any(x.photos[0].printed_text for x in page.products if x.id != p.id)
            ):
                continue
            others = [k for k in printable if k != p.photos[0].kind and k in KINDS]
            if others:
                cands.append((p, page, others[p.id % len(others)]))
                break
    for p, page, other_kind in s.fresh(cands, n):
        words = str(p.photos[0].printed_text)
        spec = replace(s.spec(p), kind=other_kind, text=words, pattern="plain")
        s.mirror(
            123,
            template,
            {},
            start_url=page.url,
            image=s.input_image(spec, p.photos[0].seed + 1),
            eval_=html_eval(order_targets(p, 1)),
            solution=[open_card(p), *s.add_to_cart(p), *s.checkout(), stop("")],
            require_reset=True,
            comments=f'the picture shows a {other_kind} reading "{words}"; the only item here printed so',
        )


def cheapest_in_majority_colour(s: Suite, n: int = 1) -> None:
    """Official 146: the cheapest product of a kind on this page in the colour most of its kind here show."""
    template = "Most of the {kinds} on this page share one colour. Add the cheapest {kind} in that colour to my cart."
    cands = []
    for page in pages(s):
        for _kind, of_kind in kind_groups(page.products):
            ks = [p for p in of_kind if p.photos[0].color]
            by: dict[str, list[Product]] = {}
            for p in ks:
                by.setdefault(str(p.photos[0].color), []).append(p)
            ranked = sorted(by.items(), key=lambda kv: -len(kv[1]))
            if len(ranked) < 2 or len(ranked[0][1]) <= len(ranked[1][1]) or len(ranked[0][1]) < 2:
                continue
            color, same = ranked[0]
            same = sorted(same, key=lambda p: (p.final_price, p.id))
            cheapest = min(ks, key=lambda p: (p.final_price, p.id))
            if (
                same[0].final_price < same[1].final_price
                and cheapest.photos[0].color != color
                and not same[0].options
                and same[0].id not in s.official_products
                and all(_quiet(s, x, [color]) for x in same)
            ):
                cands.append((same[0], color, ks, page))
                break
    for p, color, ks, page in s.fresh(cands, n):
        args = {"kinds": kinds_of(p), "kind": p.photos[0].kind}
        s.mirror(
            146,
            template,
            args,
            start_url=page.url,
            eval_=cart_has([p]),
            solution=[open_card(p), *s.add_to_cart(p), stop("")],
            require_reset=True,
            grounding=s.ground(ks, [color]),
            comments=f"most {kinds_of(p)} here are {color}; a {kind_word(p)} of another colour is cheaper",
        )


def kind_word(p: Product) -> str:
    return p.photos[0].kind


def pattern_version_of_this(s: Suite, n: int = 2) -> None:
    """Official 149: from a product's page, one of its kind in its category with a named pattern, into the cart."""
    template = "Find me a {pattern} version of this item, in the same category, and add it to my cart."
    cands = []
    for (_, _kind), ps in sorted(s.groups.items()):
        for p in ps:
            pattern = p.photos[0].pattern
            if (
                pattern == "plain"
                or p.options
                or p.id in s.official_products
                or sum(x.photos[0].pattern == pattern for x in ps) != 1
                or not _quiet(s, p, [pattern])
            ):
                continue
            bases = [x for x in ps if x.photos[0].pattern != pattern and x.id not in s.official_products]
            if bases:
                cands.append((p, bases[p.id % len(bases)], ps))
                break
    for p, base, ps in s.fresh(cands, n):
        args = {"pattern": p.photos[0].pattern}
        s.mirror(
            149,
            template,
            args,
            start_url=page_url(base),
            eval_=cart_has([p]),
            solution=[goto(s.listing_url(p), "its category"), open_card(p), *s.add_to_cart(p), stop("")],
            require_reset=True,
            grounding=s.ground(ps, [p.photos[0].pattern]),
            comments=f"the only {p.photos[0].pattern} {p.photos[0].kind} of the category",
        )


TEMPLATES = [
    price_by_pattern,
    open_pictured_result,
    cart_every_like_pictured,
    brand_new_not_here,
    empty_then_every_of_kind,
    open_darker_here,
    buy_printed_like_picture,
    cheapest_in_majority_colour,
    pattern_version_of_this,
]
