"""Round-4 (r4-spa) official shopping kinds on a product's brand, read from an input picture.

The picture shows a store product of one brand with the brand's name printed on it (its label or box), drawn from
another framing than the store's photo (the store's photo carries no brand mark, so only the brand is carried
over, never pixels to match). The job is to find, search or buy a product of another named kind of that brand:

- 45: a product of a kind of the pictured product's brand (the only one): the brand attribute and the page's photo;
- 46: the same with conditions (colour, number of reviews, price range) that leave one product: its page;
- 47: a product of a kind of the brand of one of two pictured products, with conditions (program_html, photo);
- 48: the kind in a first picture, the brand of a second, the colour of a third (one task has no such product);
- 53: the same as 46, bought (some in several pieces); 54: as 47, bought;
- 116: any product of a kind of the pictured brand under a price (the title and the price are checked);
- 118: from a category page, the product of the pictured brand of a kind in a colour: its page.

Every candidate set is counted over the whole store (the official catalogue's products included), so the
product asked for is the only one that fits.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import NamedTuple

from sites.shopping.data import Product

from ..evals import answer_eval, html_eval, stop, target, type_in
from ..text import plural
from .base import NAME_H1, Suite, order_targets, page_url, signature
from .navigation import ssim_eval

BRAND_ATTRS = "func:shopping_get_product_attributes(__page__, 'brand |OR| manufacturer')"
PRICE = "func:shopping_get_product_price(__page__)"
REVIEWS = "func:shopping_get_num_reviews(__page__)"
MAX_LABEL = 12


def _brand(p: Product) -> str:
    return p.attributes.get("Brand", "")


def _kind_word(kind: str) -> str:
    return kind


def _kinds_word(kind: str) -> str:
    return kind if kind.endswith("s") and not kind.endswith("ss") else plural(kind)


class Cond(NamedTuple):
    words: str  # how the intent says it
    test: object  # Product -> bool
    targets: tuple  # program_html targets on "last" that check it (may be empty)
    visual: str | None  # a visual term (the colour) for the grounding


class BrandKit:
    """The whole store by kind and brand, the pictures of brands and the search that finds a product."""

    def __init__(self, s: Suite):
        self.s = s
        self.found: dict[str, list[int]] = {}  # query -> the ids the store's first page of its search shows
        ids = [r[0] for r in s.data.conn.execute("SELECT id FROM product ORDER BY id")]
        own = {p.id: p for p in s.products}
        self.everything = [own.get(i) or s.data.product(i) for i in ids]
        self.groups: dict[tuple[str, str], list[Product]] = defaultdict(list)
        for p in self.everything:
            self.groups[(p.photos[0].kind, _brand(p))].append(p)
        from sites.imagery import KINDS

        self.sources: dict[str, list[Product]] = defaultdict(list)  # brand -> products to picture with it
        for p in s.products:
            b = _brand(p)
            if b and len(b) <= MAX_LABEL and KINDS[p.photos[0].kind].printable and not p.photos[0].printed_text:
                self.sources[b].append(p)

    def has_picture(self, brand: str, not_kind: str) -> bool:
        return any(p.photos[0].kind != not_kind for p in self.sources.get(brand, []))

    def group(self, p: Product) -> list[Product]:
        return self.groups[(p.photos[0].kind, _brand(p))]

    def picture(self, brand: str, not_kind: str, skip: int = 0):
        """A PIL picture of a product of `brand` (of another kind than `not_kind`) with the brand printed on it."""
        from sites.imagery.task_images import make_input_image

        cands = [p for p in self.sources.get(brand, []) if p.photos[0].kind != not_kind]
        if not cands:
            return None
        p = cands[skip % len(cands)]
        spec = replace(self.s.spec(p), text=brand)
        return make_input_image(spec, p.photos[0].seed + 17, size=(384, 288))

    def search_steps(self, p: Product) -> tuple[list[dict], str] | None:
        """Typing "<brand> <kind>" into the search box shows p on the first page, looking unlike the others."""
        query = f"{_brand(p)} {p.photos[0].kind}"
        found = self.found.get(query)
        if found is None:  # the products of a brand and kind share their query: searched once per build
            found = self.found[query] = self.s.data.search(query)[1]
        if p.id not in found:
            return None
        page = [self.s.data.product(i) for i in found]
        if any(signature(x) == signature(p) for x in page if x.id != p.id):
            return None
        return [
            type_in("#search", query, enter=True),
            {"do": "click", "css": f".product-item-link[href='/{p.url_key}.html']", "note": "its photo"},
        ], query

    def plain(self, p: Product) -> bool:
        """A product a kind of ours may ask for: the store's own, no options, its brand picturable."""
        return p.id not in self.s.official_products and not p.options and bool(_brand(p)) and _brand(p) in self.sources

    def alone_in_colour(self, p: Product, group: list[Product]) -> bool:
        """`p` is plain, the only product of `group` whose photo shows its colour, and its text never says it."""
        c = p.photos[0].color
        return (
            bool(c) and self.plain(p) and sum(x.photos[0].color == c for x in group) == 1 and self.s.clean(p, [str(c)])
        )


def conditions(s: Suite, t: Product) -> list[Cond]:
    """Facts of t that could tell it from others: its photo's colour, its number of reviews, its price."""
    out = []
    color = t.photos[0].color
    if color and s.clean(t, [str(color)]):
        out.append(Cond(f"it should be {color}", lambda x, c=color: x.photos[0].color == c, (), str(color)))
    n = len(t.reviews)
    if n >= 2:
        out.append(
            Cond(
                f"it should have at least {n} reviews",
                lambda x, n=n: len(x.reviews) >= n,
                (target("last", REVIEWS, required_values=[f">= {n}"]),),
                None,
            )
        )
    low, high = math.floor(t.final_price / 10) * 10, math.floor(t.final_price / 10) * 10 + 10
    words = f"it should cost less than ${high}" if low == 0 else f"its price should be between ${low} and ${high}"
    out.append(
        Cond(
            words,
            lambda x, a=low, b=high: a <= x.final_price <= b,
            (target("last", PRICE, required_values=[f">= {low}", f"<= {high}"]),),
            None,
        )
    )
    return out


def narrowing(s: Suite, t: Product, group: list[Product], size: int) -> list[Cond] | None:
    """`size` conditions of t that no other product of the group meets all of (None when there are none)."""
    others = [x for x in group if x.id != t.id]
    for combo in combinations(conditions(s, t), size):
        if not any(all(c.test(x) for c in combo) for x in others):  # type: ignore[operator]
            return list(combo)
    return None


def _joined(conds: list[Cond]) -> str:
    words = [c.words for c in conds]
    return (", ".join(words[:-1]) + " and " + words[-1]) if len(words) > 1 else words[0]


def _ground(s: Suite, t: Product, conds: list[Cond]) -> dict:
    """The colour a condition names, if any (the lint wants no product listed without a visual term)."""
    terms = [c.visual for c in conds if c.visual]
    return s.ground([t] if terms else [], terms)


def _both(program: list[dict], t: Product) -> dict:
    ev = ssim_eval(t)
    ev["eval_types"] = ["program_html", "page_image_query"]
    ev["program_html"] = program
    return ev


def _panels(s: Suite, pictures) -> str:
    from PIL import Image

    w, h = pictures[0].size
    canvas = Image.new("RGB", (len(pictures) * (w + 16) - 16, h), "white")
    for n, pic in enumerate(pictures):
        canvas.paste(pic, (n * (w + 16), 0))
    return s.save_image(canvas)


def _picked(kit: BrandKit, cands: list, n: int) -> list:
    return kit.s.fresh(cands, n)


def _searched_brand(
    s: Suite,
    kit: BrandKit,
    official: int,
    template: str,
    args: dict,
    t: Product,
    skip: int,
    more: Sequence[dict] = (),
    **task,
) -> None:
    """Mirror `official` with a picture of a product of t's brand (the `skip`-th of another kind): the solution
    searches "<brand> <kind>", opens `t`, then takes the steps `more`."""
    steps, _ = kit.search_steps(t) or ([], "")
    image = s.save_image(kit.picture(_brand(t), t.photos[0].kind, skip=skip))
    s.mirror(official, template, args, image=image, solution=[*steps, *more, stop("")], **task)


def same_brand_open(s: Suite, kit: BrandKit, n: int = 2) -> None:
    """Official 45: the only product of a kind of the pictured brand."""
    template = "Find me a {kind} of the same brand as the product in this picture."
    cands = []
    for (kind, brand), group in sorted(kit.groups.items()):
        if len(group) == 1 and kit.plain(group[0]) and kit.search_steps(group[0]) and kit.has_picture(brand, kind):
            cands.append(group[0])
    for t in _picked(kit, cands, n):
        args = {"kind": _kind_word(t.photos[0].kind)}
        ev = _both([target("last", BRAND_ATTRS, must_include=[_brand(t)])], t)
        note = f"the picture's label reads {_brand(t)}; the store has one {t.photos[0].kind} of that brand"
        _searched_brand(s, kit, 45, template, args, t, 0, eval_=ev, comments=note)


def _narrowed(s: Suite, kit: BrandKit, size: int) -> list[tuple[Product, list[Cond]]]:
    out = []
    for (kind, brand), group in sorted(kit.groups.items()):
        if len(group) < 2 or not kit.has_picture(brand, kind):
            continue
        for t in group:
            if kit.plain(t) and kit.search_steps(t):
                conds = narrowing(s, t, group, size)
                if conds:
                    out.append((t, conds))
                    break
    return out


def same_brand_conditions_url(s: Suite, kit: BrandKit, n: int = 3) -> None:
    """Official 46: among the products of a kind of the pictured brand, the one meeting the conditions."""
    template = "Find me a {kind} of the same brand as the product in this picture; {conditions}."
    for t, conds in _picked(kit, _narrowed(s, kit, 2), n):
        args = {"kind": _kind_word(t.photos[0].kind), "conditions": _joined(conds)}
        note = f"brand {_brand(t)}: {len(kit.group(t))} {t.photos[0].kind}s in the store, one meets all"
        _searched_brand(s, kit, 46, template, args, t, 1, eval_=_url(t), grounding=_ground(s, t, conds), comments=note)


def _url(t: Product) -> dict:
    from ..evals import url_eval

    return url_eval(page_url(t))


def _two_brands(s: Suite, kit: BrandKit) -> list[tuple[Product, list[Cond], str]]:
    """A product of a kind of one brand, with conditions that no other product of its kind of its brand or of a
    second brand (which sells that kind too) meets."""
    out = []
    brands = sorted(kit.sources)
    for t, _ in _narrowed(s, kit, 1):
        kind = t.photos[0].kind
        for other in brands:
            group2 = kit.groups.get((kind, other), [])
            if other == _brand(t) or not group2 or not kit.has_picture(other, kind):
                continue
            conds = narrowing(s, t, kit.group(t) + group2, 2)
            if conds:
                out.append((t, conds, other))
                break
    return out


def two_brands_open(s: Suite, kit: BrandKit, n: int = 3) -> None:
    """Official 47: the brand of one of two pictured products, a kind and conditions: the product's page."""
    template = "Find me a {kind} of the same brand as one of the products in these pictures; {conditions}."
    for k, (t, conds, other) in enumerate(_picked(kit, _two_brands(s, kit), n)):
        steps, _ = kit.search_steps(t) or ([], "")
        kind = t.photos[0].kind
        pics = [kit.picture(_brand(t), kind, skip=2), kit.picture(other, kind)]
        args = {"kind": _kind_word(kind), "conditions": _joined(conds)}
        program = [target("last", BRAND_ATTRS, must_include=[f"{_brand(t)} |OR| {other}"])]
        program += [x for c in conds for x in c.targets]
        s.mirror(
            47,
            template,
            args,
            image=_panels(s, pics[::-1] if k % 2 else pics),
            eval_=_both(program, t),
            solution=[*steps, stop("")],
            grounding=_ground(s, t, conds),
            comments=f"brands {_brand(t)} and {other}",
        )


def _kind_picture(s: Suite, like: Product):
    from sites.imagery.task_images import make_input_image

    spec = replace(s.spec(like), text=None, color=None, pattern="plain", count=1)
    return make_input_image(spec, like.photos[0].seed + 29, size=(384, 288), style="sketch")


def _colour_picture(s: Suite, color: str, pool: list[Product]):
    """A product of another kind in `color` (a plain one), drawn: the colour to match."""
    from sites.imagery.task_images import make_input_image

    for p in pool:
        if p.photos[0].color == color and p.photos[0].pattern == "plain" and not p.photos[0].printed_text:
            return make_input_image(replace(s.spec(p), count=1), p.photos[0].seed + 31, size=(384, 288))
    return None


def kind_brand_colour(s: Suite, kit: BrandKit, n: int = 2) -> None:
    """Official 48: the kind of a first picture, the brand of a second, the colour of a third; the second task asks
    for a colour the store has no such product in (N/A)."""
    template = (
        "Find me a product of the kind shown in the first picture, of the same brand as the product in the "
        "second picture and of the colour of the thing in the third picture."
    )
    found, missing = [], []
    for (kind, brand), group in sorted(kit.groups.items()):
        if len(group) < 2 or not kit.has_picture(brand, kind):
            continue
        colours = {x.photos[0].color for x in group}
        for t in group:
            if kit.alone_in_colour(t, group) and kit.search_steps(t):
                found.append((t, t.photos[0].color))
                break
        absent = [c for c in ("red", "blue", "green", "yellow", "purple", "orange") if c not in colours]
        if absent and all(x.photos[0].color for x in group) and all(kit.plain(x) for x in group[:1]):
            missing.append((group[0], absent[0]))
    pool = s.products
    picks = _picked(kit, found, max(1, n - 1)) + _picked(kit, missing, 1)
    for k, (t, colour) in enumerate(picks):
        kind = t.photos[0].kind
        like = next((x for x in s.products if x.photos[0].kind == kind and x.id != t.id), t)
        swatch = _colour_picture(s, str(colour), [x for x in pool if x.photos[0].kind != kind])
        pics = [_kind_picture(s, like), kit.picture(_brand(t), kind, skip=3), swatch]
        image = _panels(s, pics)
        if k < len(picks) - 1:
            steps, _ = kit.search_steps(t) or ([], "")
            s.mirror(
                48,
                template,
                {},
                image=image,
                eval_=_both([target("last", BRAND_ATTRS, must_include=[_brand(t)])], t),
                solution=[*steps, stop("")],
                grounding=s.ground([t], [str(colour)]),
                comments=f"a {kind} of {_brand(t)} in {colour}: the only one",
            )
        else:
            note = f"no {kind} of {_brand(t)} is {colour} in the store"
            s.mirror(
                48,
                template,
                {},
                image=image,
                eval_=answer_eval({"fuzzy_match": "N/A"}, note),
                solution=[type_in("#search", f"{_brand(t)} {kind}", enter=True), stop("N/A")],
                comments=note,
            )


def same_brand_buy(s: Suite, kit: BrandKit, n: int = 5) -> None:
    """Official 53: the product of a kind of the pictured brand meeting the conditions, bought (a number of)."""
    template = "Find me a {kind} of the same brand as the product in this picture and buy {count} for me; {conditions}."
    unique: dict[int, tuple[Product, list[Cond]]] = {}
    for t, c in _narrowed(s, kit, 2) + _narrowed(s, kit, 1):
        unique.setdefault(t.id, (t, c))
    for k, (t, conds) in enumerate(_picked(kit, list(unique.values()), n)):
        qty = (1, 2, 1, 3, 1)[k % 5]
        args = {
            "kind": _kind_word(t.photos[0].kind),
            "count": "one" if qty == 1 else f"{qty} of them",
            "conditions": _joined(conds),
        }
        ev, buy = html_eval(order_targets(t, qty=qty)), s.add_to_cart(t, qty) + s.checkout()
        _searched_brand(
            s, kit, 53, template, args, t, 4, buy, eval_=ev, require_reset=True, grounding=_ground(s, t, conds)
        )


def two_brands_buy(s: Suite, kit: BrandKit, n: int = 2) -> None:
    """Official 54: as 47 (one or two pictured brands), bought."""
    template = "Find me a {kind} of the same brand as a product pictured here and buy one for me; {conditions}."
    for k, (t, conds, other) in enumerate(_picked(kit, _two_brands(s, kit), n)):
        steps, _ = kit.search_steps(t) or ([], "")
        kind = t.photos[0].kind
        pics = [kit.picture(_brand(t), kind, skip=5)] + ([kit.picture(other, kind, skip=1)] if k % 2 else [])
        args = {"kind": _kind_word(kind), "conditions": _joined(conds)}
        s.mirror(
            54,
            template,
            args,
            image=_panels(s, pics),
            eval_=html_eval(order_targets(t, qty=1)),
            solution=steps + s.add_to_cart(t) + s.checkout() + [stop("")],
            require_reset=True,
            grounding=_ground(s, t, conds),
        )


def same_brand_under(s: Suite, kit: BrandKit, n: int = 1) -> None:
    """Official 116: any product of a kind of the pictured brand under a price (its price and its title, which
    holds the brand and one of the kind's nouns, are checked)."""
    template = "Find me {kinds} of the same brand as the product in this picture; it must cost less than ${limit}."
    from sites.imagery import KINDS

    cands = []
    for (kind, brand), group in sorted(kit.groups.items()):
        ranked = sorted(group, key=lambda x: (x.final_price, x.id))
        cheap = ranked[0]
        limit = math.floor(cheap.final_price) + 1
        if brand and kit.has_picture(brand, kind) and kit.plain(cheap) and kit.search_steps(cheap):
            cands.append((cheap, limit))
    for t, limit in _picked(kit, cands, n):
        args = {"kinds": _kinds_word(t.photos[0].kind), "limit": str(limit)}
        nouns = sorted(
            {" ".join(w[:1].upper() + w[1:] for w in noun.split()) for noun in KINDS[t.photos[0].kind].nouns}
        )
        ev = html_eval(
            [
                target("last", PRICE, required_values=[f"< {limit}"]),
                target("last", NAME_H1, must_include=[_brand(t), " |OR| ".join(nouns)]),
            ]
        )
        note = f"the cheapest {t.photos[0].kind} of {_brand(t)} is under ${limit}"
        _searched_brand(s, kit, 116, template, args, t, 6, eval_=ev, comments=note)


def same_brand_from_leaf(s: Suite, kit: BrandKit, n: int = 1) -> None:
    """Official 118: from the product's category page, the product of a kind of the pictured brand in a colour."""
    template = "Find me a {kind} of the same brand as the product in this picture, a {colour} one."
    cands = []
    for (kind, brand), group in sorted(kit.groups.items()):
        if len(group) < 2 or not kit.has_picture(brand, kind):
            continue
        for t in group:
            if kit.alone_in_colour(t, group) and s.unique_look(t):
                cands.append(t)
                break
    for t in _picked(kit, cands, n):
        args = {"kind": _kind_word(t.photos[0].kind), "colour": str(t.photos[0].color)}
        image = s.save_image(kit.picture(_brand(t), t.photos[0].kind, skip=7))
        url = s.listing_url(t)
        s.mirror(
            118,
            template,
            args,
            image=image,
            start_url=url,
            eval_=_url(t),
            solution=[
                {"do": "click", "css": f".product-item-link[href='/{t.url_key}.html']", "note": "its photo"},
                stop(""),
            ],
            grounding=s.ground([t], [str(t.photos[0].color)]),
        )


def _kit(s: Suite) -> BrandKit:
    """The suite's BrandKit, made once."""
    kit = getattr(s, "_brand_kit", None)
    if kit is None:
        kit = BrandKit(s)
        s._brand_kit = kit  # type: ignore[attr-defined]
    return kit


def _with_kit(make):
    def run(s: Suite) -> None:
        make(s, _kit(s))

    run.__name__ = make.__name__
    return run


TEMPLATES = [
    _with_kit(make)
    for make in (
        same_brand_open,
        same_brand_conditions_url,
        two_brands_open,
        kind_brand_colour,
        same_brand_buy,
        two_brands_buy,
        same_brand_from_leaf,
    )
]
LATE_TEMPLATES = [_with_kit(same_brand_under)]  # built after the other round-4 kinds: they keep their picks
