"""Round-3 official shopping kinds with an input picture (pictured.py has the earlier ones). The pictures are
other renderings of the store's items (Suite.product_image: another framing, backdrop and light, or a sketch),
never the product photo itself:

- 27: something like the pictured item onto the wish list, from the start page (found by searching its kind);
- 29: the same from a drawing of the item;
- 30: the product of this page most like the pictured one onto the wish list;
- 125: buy the product of a kind in a named category whose colour is that of the pictured things (another kind);
- 49 / 56: a product of a kind in a named category with the pattern of the pictured thing into the cart / bought
  in a quantity.
"""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import click, html_eval, stop, target, type_in
from ..text import article
from .base import SITE, WISHLIST_NAMES, Suite, cart_eval, open_card, order_targets, signature
from .page_kinds import kind_searches, looks_on, pages


def some(kind: str) -> str:
    """ "a chair", "an apron", "some socks" (kinds named in the plural take "some")."""
    if kind.endswith("s") and not kind.endswith("ss"):
        return f"some {kind}"
    return f"{article(kind)} {kind}"


def wish_target(names: list[str]) -> dict:
    """The wish list holds one of these products."""
    return target(f"{SITE}/wishlist/", WISHLIST_NAMES, must_include=[" |OR| ".join(names)])


def _look(p: Product) -> tuple:
    """What "something like this" keeps: the kind, colour, pattern and printed words (not how many)."""
    ph = p.photos[0]
    return (ph.kind, ph.color, ph.pattern, ph.printed_text)


def _searchable(s: Suite) -> list[tuple[Product, list[Product], list[Product]]]:
    """(product, every product of the store that looks the same, the search page) for products on the first page
    of a search for their kind where no other result looks like them."""
    looks: dict[tuple, list[Product]] = {}
    for p in s.products:
        looks.setdefault(_look(p), []).append(p)
    out = []
    for kind, shown in kind_searches(s):
        for p in shown:
            if (
                p.photos[0].kind == kind
                and p.id not in s.wishlist_ids
                and p.photos[0].color
                and sum(signature(x) == signature(p) for x in shown) == 1
                and sum(x.photos[0].kind == kind for x in shown) >= 3
            ):
                out.append((p, looks[_look(p)], shown))
                break
    return out


def _wish_by_search(s: Suite, template: str, official: int, style: str, n: int) -> None:
    cands = [c for c in _searchable(s) if all(x.id not in s.wishlist_ids for x in c[1])]
    for p, same, shown in s.fresh(cands, n):
        if any(_look(x) == _look(p) for x in shown if x.id != p.id):
            continue  # another result looks the same but for how many things it shows
        kind = p.photos[0].kind
        s.mirror(
            official,
            template,
            {},
            start_url=f"{SITE}/",
            image=s.product_image(p, style),
            eval_=html_eval([wish_target([x.name for x in same])]),
            solution=[type_in("#search", kind, enter=True), open_card(p), click("button.towishlist"), stop("")],
            require_reset=True,
            comments=f"a {kind} that looks like the picture; any product looking the same counts",
        )


def wish_like_this(s: Suite, n: int = 3) -> None:
    """Official 27: something like the pictured item onto the wish list, from the start page."""
    _wish_by_search(s, "I could use something like this at home. Can you add one to my wish list?", 27, "photo", n)


def wish_like_drawing(s: Suite, n: int = 4) -> None:
    """Official 29: something like the item of a drawing onto the wish list, from the start page."""
    _wish_by_search(
        s, "I drew the thing I want in this sketch. Can you add one like it to my wish list?", 29, "sketch", n
    )


def wish_most_similar_here(s: Suite, n: int = 3) -> None:
    """Official 30: the product of this page most like the pictured one onto the wish list."""
    template = "I love the colour and style of this. Can you add the most similar one on this page to my wish list?"
    cands = [
        (p, page)
        for page in pages(s)
        for p, fact in looks_on(s, page, page.products, options=None)
        if fact == "color" and p.id not in s.wishlist_ids
    ]
    for p, page in s.fresh(cands, n):
        s.mirror(
            30,
            template,
            {},
            start_url=page.url,
            image=s.product_image(p),
            eval_=html_eval([wish_target([p.name])]),
            solution=[open_card(p), click("button.towishlist"), stop("")],
            require_reset=True,
            grounding=s.ground([p], [str(p.photos[0].color)]),
        )


def _only_in_group(s: Suite, fact: str):
    """(product, value, pictured product of another kind showing the value): the only product of its kind in its
    leaf whose photo shows that value of `fact` (a colour, or a pattern other than plain), without options."""
    shows: dict[str, list[Product]] = {}
    for p in s.products:
        value = getattr(p.photos[0], fact)
        if value and value != "plain":
            shows.setdefault(str(value), []).append(p)
    out = []
    for (_, kind), ps in sorted(s.groups.items()):
        if len(ps) < 3:
            continue
        for p in ps:
            if not s.shows_alone(p, fact, ps):
                continue
            value = getattr(p.photos[0], fact)
            others = [
                x
                for x in shows[str(value)]
                if x.photos[0].kind != kind
                and x.id not in s.official_products
                and (fact != "pattern" or x.photos[0].color != p.photos[0].color)
            ]
            if others:  # one of them, varied by the product's id
                out.append((p, str(value), others[p.id % len(others)]))
                break
    return out


def _like_picture(
    s: Suite,
    official: int,
    template: str,
    args: dict,
    p: Product,
    value: str,
    other: Product,
    comments: str,
    qty: int | None = None,
) -> None:
    """From the home page, `p` found in its leaf category, pictured by `other` showing the same `value`: into the
    cart (`qty` None) or bought (`qty` of it)."""
    if qty is None:
        ev, steps = cart_eval(p), s.add_to_cart(p)
    else:
        ev, steps = html_eval(order_targets(p, qty)), s.add_to_cart(p, qty) + s.checkout()
    s.mirror(
        official,
        template,
        args,
        start_url=f"{SITE}/",
        image=s.product_image(other),
        eval_=ev,
        solution=s.open_from_leaf(p) + steps + [stop("")],
        require_reset=True,
        grounding=s.ground([p], [value]),
        comments=comments,
    )


def buy_colour_of_picture(s: Suite, n: int = 4) -> None:
    """Official 125: buy the product of a kind in a named category whose colour is that of the pictured things."""
    template = 'Buy me {a_kind} from the "{leaf}" category that looks the most like the things in the picture.'
    cands = [c for c in _only_in_group(s, "color") if c[0].sku not in s.latest_order_skus]
    for p, color, other in s.fresh(cands, n):
        args = {"a_kind": some(p.photos[0].kind), "leaf": p.category_path[-1]}
        shown = f"{other.photos[0].kind}(s) in {color}"
        note = f"the picture shows {shown}; the only {color} {p.photos[0].kind} of the category"
        _like_picture(s, 125, template, args, p, color, other, note, qty=1)


def cart_pattern_of_picture(s: Suite, n: int = 3) -> None:
    """Official 49: a product of a kind in a named category with the pictured thing's pattern into the cart."""
    template = (
        'I really like the pattern of this. Can you find me {a_kind} in "{leaf}" with the same pattern '
        "and add it to my cart?"
    )
    for p, pattern, other in s.fresh(_only_in_group(s, "pattern"), n):
        args = {"a_kind": some(p.photos[0].kind), "leaf": p.category_path[-1]}
        _like_picture(s, 49, template, args, p, pattern, other, f"the picture shows a {pattern} {other.photos[0].kind}")


def buy_pattern_of_picture(s: Suite, n: int = 2) -> None:
    """Official 56: a product of a kind in a named category with the pictured thing's pattern, bought in a
    quantity."""
    template = (
        'I really like the pattern of this. Can you find me {a_kind} in "{leaf}" with the same pattern '
        "and buy {qty} for me?"
    )
    cands = [c for c in _only_in_group(s, "pattern") if c[0].sku not in s.latest_order_skus]
    for k, (p, pattern, other) in enumerate(s.fresh(cands, n)):
        qty = 2 + k
        args = {"a_kind": some(p.photos[0].kind), "leaf": p.category_path[-1], "qty": str(qty)}
        note = f"the picture shows a {pattern} {other.photos[0].kind}"
        _like_picture(s, 56, template, args, p, pattern, other, note, qty=qty)


TEMPLATES = [
    wish_like_this,
    wish_like_drawing,
    wish_most_similar_here,
    buy_colour_of_picture,
    cart_pattern_of_picture,
    buy_pattern_of_picture,
]
