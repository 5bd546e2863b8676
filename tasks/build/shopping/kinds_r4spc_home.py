"""Round-4 official shopping kinds with an input picture started on the home page (helper r4-spc;
kinds_r4spc.py has those started on a listing or a product's page):

- 108: buy a number of things like the pictured one (same kind and colour) at the least cost;
- 111: buy a product and ship it to the address of a pictured parcel label (N/A when the store has no such thing);
- 112: make the address written on a pictured envelope the default shipping address (N/A when it bears none);
- 137: every product between two prices that looks like the pictured one (kind and colour) into the cart;
- 139: the cheapest product of the pictured kind between two prices into the cart;
- 140: in the category of the pictured kind, the cheapest of that kind above a price into the cart;
- 141: in the category of the pictured kind, the cheapest of that kind into the cart;
- 142: the cheapest product of a kind with the pictured thing's pattern onto the wish list;
- 143: two pictures in one (left, right): the cheapest thing of the right one's kind in the left one's colour onto
  the wish list.

Each product picked lives, with every product it competes with, in one leaf category, which the solution opens
sorted by price (as a person would, from the menu).
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from sites.shopping.data import Product
from sites.shopping.generate import CUSTOMER

from ..evals import click, goto, html_eval, stop, target, type_in
from ..text import NUMBER_WORDS, article
from .base import LATEST_ORDER, SITE, Suite, order_targets
from .kinds_r4spc import _quiet, cart_has, kinds_of
from .like_kinds import _color_groups
from .lists import address_steps, shipping_address_eval
from .pictured_more import wish_target

_EVERY: dict[int, list[Product]] = {}


def _every(s: Suite) -> list[Product]:
    """Every product of the store, the official catalogue's too (they compete in store-wide questions)."""
    if id(s) not in _EVERY:
        _EVERY[id(s)] = s.products + [s.data.product(i) for i in sorted(s.official_products)]
    return _EVERY[id(s)]


_BY_KIND: dict[int, dict[str, list[Product]]] = {}


def _same_kind(s: Suite, kind: str) -> list[Product]:
    """The products of `_every` whose first photo shows `kind`, in its order (grouped once per suite: the
    kinds ask a thousand times)."""
    if id(s) not in _BY_KIND:
        grouped: dict[str, list[Product]] = {}
        for p in _every(s):
            grouped.setdefault(p.photos[0].kind, []).append(p)
        _BY_KIND[id(s)] = grouped
    return list(_BY_KIND[id(s)].get(kind, []))


def _one_leaf(ps: list[Product]) -> bool:
    return len({p.category_url for p in ps}) == 1


def _by_price(ps) -> list[Product]:
    return sorted(ps, key=lambda p: (p.final_price, p.id))


def _open_by_price(s: Suite, p: Product) -> list[dict]:
    return s.open_by_price(p, "its category, lowest price first")


def _pictured_cart(
    s: Suite, official: int, template: str, args: dict, ps: list[Product], image: str, comments: str, **task
) -> None:
    """From the start page, with an input image: open each product of `ps` in its category (lowest price first)
    and add it to the cart."""
    solution = [step for p in ps for step in _open_by_price(s, p) + s.add_to_cart(p)] + [stop("")]
    task |= {"start_url": f"{SITE}/", "image": image, "comments": comments}
    s.mirror(official, template, args, eval_=cart_has(ps), solution=solution, require_reset=True, **task)


def buy_fewest_dollars(s: Suite, n: int = 2) -> None:
    """Official 108: buy a number of things like the pictured one (kind and colour) at the least cost."""
    template = "Buy {qty} {kinds} like the one in this picture, same colour, spending as little as possible."
    cands = []
    for (_, kind), color, same in _color_groups(s):
        everywhere = _by_price(p for p in _same_kind(s, kind) if p.photos[0].color == color)
        cheapest = everywhere[0]
        if (
            cheapest.id == same[0].id
            and cheapest.final_price < everywhere[1].final_price - 0.5
            and not cheapest.options
            and cheapest.sku not in s.latest_order_skus
            and cheapest.id not in s.official_products
        ):
            cands.append((cheapest, color, everywhere))
    for k, (p, color, same) in enumerate(s.fresh(cands, n)):
        qty = (3, 4)[k % 2]
        args = {"qty": NUMBER_WORDS[qty], "kinds": kinds_of(p)}
        s.mirror(
            108,
            template,
            args,
            start_url=f"{SITE}/",
            image=s.product_image(same[-1]),
            eval_=html_eval(order_targets(p, qty)),
            solution=_open_by_price(s, p) + s.add_to_cart(p, qty) + s.checkout() + [stop("")],
            require_reset=True,
            grounding=s.ground(same, [color]),
            comments=f"the cheapest {color} {p.photos[0].kind} of the store; the picture shows a dearer one",
        )


def _paper(size: tuple[int, int], tone: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", size, tone)
    return img, ImageDraw.Draw(img)


def label_picture(lines: list[str]) -> Image.Image:
    """A parcel's shipping label: a white sticker with a barcode strip on brown cardboard."""
    from sites.imagery.glyphs import text_font

    img, d = _paper((640, 420), (176, 132, 84))
    for y in range(0, 420, 14):  # corrugation
        d.line([(0, y), (640, y + 6)], fill=(168, 124, 78), width=2)
    d.rectangle([70, 50, 570, 370], fill=(250, 250, 246), outline=(60, 60, 60), width=3)
    d.text((95, 70), "SHIP TO:", font=text_font(22), fill=(40, 40, 40))
    y = 110
    for line in lines:
        d.text((95, y), line, font=text_font(26), fill=(20, 20, 20))
        y += 42
    for x in range(95, 545, 7):  # barcode
        d.rectangle([x, 320, x + (2 if x % 3 else 4), 352], fill=(20, 20, 20))
    return img.rotate(4, resample=Image.Resampling.BICUBIC, fillcolor=(176, 132, 84))


def envelope_picture(lines: list[str]) -> Image.Image:
    """An envelope with a stamp and a postmark, addressed in the middle (nothing written when `lines` is empty)."""
    from sites.imagery.glyphs import text_font

    img, d = _paper((640, 400), (92, 120, 150))
    d.rectangle([40, 40, 600, 360], fill=(244, 238, 222), outline=(120, 110, 90), width=2)
    d.rectangle([500, 60, 570, 140], fill=(200, 60, 60), outline=(255, 255, 255), width=4)
    d.ellipse([430, 70, 520, 130], outline=(70, 70, 70), width=3)
    y = 190
    for line in lines:
        d.text((180, y), line, font=text_font(24), fill=(30, 30, 80))
        y += 38
    return img.rotate(-3, resample=Image.Resampling.BICUBIC, fillcolor=(92, 120, 150))


RECIPIENTS = (
    ("Nora", "Whitfield", "48 Cedar Hollow Ln", "Bend", "Oregon", "97701"),
    ("Malik", "Osei", "912 Ridgeview Ct", "Boulder", "Colorado", "80302"),
)
PHONE = "6505550111"


def _not_sold(s: Suite) -> str:
    from sites.imagery.catalog import KINDS

    sold = {p.photos[0].kind for p in _every(s)}
    for name in sorted(KINDS):
        if name not in sold and " " not in name and s.data.search(name)[0] == 0 and len(name) > 4:
            return name
    raise LookupError("every kind of the imagery catalogue is sold or found by the store's search")


def buy_to_label(s: Suite, n: int = 2) -> None:
    """Official 111: buy a product (named by its colour and category) and ship it to the pictured label's address;
    a thing the store does not sell: N/A."""
    from .page_kinds import look_words

    template = (
        'Buy me the {look} from "{leaf}" and ship it to the address on this label. My phone number is '
        "{phone} if it is needed."
    )
    cands = s.visual(
        "color", options=False, extra=lambda p: p.sku not in s.latest_order_skus and p.id not in s.official_products
    )
    for p, (first, last, street, city, region, postcode) in zip(s.fresh(cands, n), RECIPIENTS, strict=False):
        args = {"look": look_words(p, "color"), "leaf": p.category_path[-1], "phone": "(650) 555-0111"}
        image = s.save_image(
            label_picture([f"{first} {last}", street, f"{city}, {region} {postcode}", "United States"])
        )
        ev = html_eval(
            [
                *order_targets(p, 1),
                target(
                    LATEST_ORDER,
                    "document.querySelector('.box-order-shipping-address').innerText",
                    must_include=[f"{first} {last}", street, f"{city}, {region}, {postcode}"],
                ),
            ]
        )
        fields = (
            ("firstname", first),
            ("lastname", last),
            ("street", street),
            ("city", city),
            ("region", region),
            ("postcode", postcode),
            ("telephone", PHONE),
        )
        solution = (
            s.open_from_leaf(p)
            + s.add_to_cart(p)
            + [goto(f"{SITE}/checkout/")]
            + [type_in(f"input[name={f}]", v) for f, v in fields]
            + [click("#shipping-next"), click("#payment button.checkout"), stop("")]
        )
        s.mirror(
            111,
            template,
            args,
            start_url=f"{SITE}/",
            image=image,
            eval_=ev,
            solution=solution,
            require_reset=True,
            grounding=s.ground([p], [str(p.photos[0].color)]),
            comments="the label names the recipient and the address; the checkout's form is filled from it",
        )
    kind = _not_sold(s)
    template2 = (
        "Buy me the cheapest {kind} you sell and send it to the address on this label. My phone number "
        "is {phone} if it is needed."
    )
    first, last, street, city, region, postcode = ("Ivy", "Brennan", "7 Lantern Row", "Salem", "Massachusetts", "01970")
    args = {"kind": kind, "phone": "(650) 555-0111"}
    note = f"The store sells no {kind}."
    image = s.save_image(label_picture([f"{first} {last}", street, f"{city}, {region} {postcode}", "United States"]))
    steps = [type_in("#search", kind, enter=True), stop("N/A", "the search finds nothing")]
    s.na_job(111, template2, args, note, steps, start_url=f"{SITE}/", image=image)


PLACES = (("3300 Birchwood Dr", "Ann Arbor", "Michigan", "48105"), ("61 Tidewater Ave", "Savannah", "Georgia", "31401"))


def default_shipping_from_envelope(s: Suite) -> None:
    """Official 112: the address on a pictured envelope becomes the default shipping address; an envelope with no
    address on it: N/A."""
    template = "Change my default shipping address to the one written on this envelope."
    for place in PLACES:
        street, city, region, postcode = place
        image = s.save_image(
            envelope_picture(
                [f"{CUSTOMER['firstname']} {CUSTOMER['lastname']}", street, f"{city}, {region} {postcode}"]
            )
        )
        steps = [
            goto(f"{SITE}/customer/account/", "My Account"),
            click(".box-address-shipping a.action.edit"),
            *address_steps(*place),
        ]
        ev = shipping_address_eval([street, f"{city}, {region}, {postcode}"])
        s.mirror(
            112,
            template,
            {},
            start_url=f"{SITE}/",
            image=image,
            eval_=ev,
            solution=steps,
            require_reset=True,
            comments=f"the envelope reads {street}, {city}, {region} {postcode}",
        )
    note = "The envelope in the picture has a stamp but no address written on it."
    image = s.save_image(envelope_picture([]))
    s.na_job(112, template, {}, note, [stop("N/A", "no address to read")], start_url=f"{SITE}/", image=image)


def _window(same: list[Product]):
    """(low, high, inside): whole dollar bounds holding two neighbours of `same` (by price) and no other."""
    for k in range(len(same) - 1):
        a, b = same[k], same[k + 1]
        low, high = int(a.final_price), int(b.final_price) + 1
        before = same[k - 1].final_price if k else None
        after = same[k + 2].final_price if k + 2 < len(same) else None
        if (
            (before is None or before < low - 0.5)
            and (after is None or after > high + 0.5)
            and (before is not None or after is not None)
        ):
            return low, high, [a, b]
    return None


def cart_all_in_range(s: Suite, n: int = 3) -> None:
    """Official 137: every product between two prices that looks like the pictured one into the cart."""
    template = "Put every item between ${low} and ${high} that looks like the one in this picture into my cart."
    cands = []
    for (_, kind), color, _same in _color_groups(s):
        everywhere = _by_price(p for p in _same_kind(s, kind) if p.photos[0].color == color)
        if not _one_leaf(everywhere) or any(p.id in s.official_products for p in everywhere):
            continue
        found = _window(everywhere)
        if found and all(not p.options for p in found[2]):
            low, high, inside = found
            shown = [p for p in everywhere if p not in inside]
            cands.append((inside[0], inside, low, high, shown[0], color, everywhere))
    for first, inside, low, high, shown, color, everywhere in s.fresh(cands, n):
        s.used.update(p.id for p in inside)
        args = {"low": str(low), "high": str(high)}
        note = f"the {color} {kinds_of(first)} of the store priced between the bounds"
        ground = s.ground(everywhere, [color])
        _pictured_cart(s, 137, template, args, inside, s.product_image(shown), note, grounding=ground)


def _kind_leaves(s: Suite):
    """(kind, its products by price) for kinds all of whose products are in one leaf with two or more others."""
    kinds = sorted({p.photos[0].kind for p in s.products})
    for kind in kinds:
        ps = _by_price(_same_kind(s, kind))
        if len(ps) >= 4 and _one_leaf(ps) and not any(p.id in s.official_products for p in ps):
            yield kind, ps


def cheapest_kind_in_range(s: Suite, n: int = 2) -> None:
    """Official 139: the cheapest product of the pictured kind between two prices into the cart."""
    template = (
        "Find the cheapest item between ${low} and ${high} that is the same kind of thing as in this "
        "picture, and add it to my cart."
    )
    cands = []
    for _kind, ps in _kind_leaves(s):
        for k in range(1, len(ps) - 1):
            p = ps[k]
            low = int(ps[k - 1].final_price) + 1
            if low <= p.final_price - 0.5 and ps[k + 1].final_price > p.final_price and not p.options:
                high = int(ps[k + 1].final_price) + 5
                cands.append((p, low, high, ps[-1], ps))
                break
    for p, low, high, shown, _ps in s.fresh(cands, n):
        args = {"low": str(low), "high": str(high)}
        comments = f"the cheapest {p.photos[0].kind} of the store costs less than the lower bound"
        _pictured_cart(s, 139, template, args, [p], s.product_image(shown), comments)


def category_cheapest_above(s: Suite, n: int = 1) -> None:
    """Official 140: in the category of the pictured kind, the cheapest of that kind above a price."""
    template = (
        "Go to the category where the thing in this picture is sold. Then add to my cart the cheapest item "
        "of that kind costing more than ${low}."
    )
    cands = []
    for _kind, ps in _kind_leaves(s):
        for k in range(1, len(ps)):
            p = ps[k]
            low = int(ps[k - 1].final_price) + 1
            if low <= p.final_price - 0.5 and not p.options:
                cands.append((p, low, ps[0] if ps[0].id != p.id else ps[-1], ps))
                break
    for p, low, shown, _ps in s.fresh(cands, n):
        args = {"low": str(low)}
        comments = f"{p.category_path[-1]}: the {kinds_of(p)} there, the first above the amount"
        _pictured_cart(s, 140, template, args, [p], s.product_image(shown), comments)


def category_cheapest(s: Suite, n: int = 2) -> None:
    """Official 141: in the category where the pictured kind is sold, the cheapest of that kind into the cart."""
    template = (
        "Take me to the category where I can buy something like this, and add the cheapest one of these "
        "there to my cart."
    )
    cands = [
        (ps[0], ps[-1], ps)
        for kind, ps in _kind_leaves(s)
        if not ps[0].options
        and ps[0].final_price < ps[1].final_price
        and len(s.groups[(ps[0].category_url, kind)])
        < len([x for x in s.products if x.category_url == ps[0].category_url])
    ]
    for p, shown, _ps in s.fresh(cands, n):  # a drawing: another kind's task may show the same product's photo
        comments = f"{p.category_path[-1]} sells other kinds too; the cheapest {p.photos[0].kind} there"
        _pictured_cart(s, 141, template, {}, [p], s.product_image(shown, "sketch"), comments)


def _cheapest_with(s: Suite, fact: str):
    """(cheapest, value, same) for a kind and a value of `fact` shown by two or more of its products (one leaf),
    the cheapest strictly cheaper, and another kind showing the value (for the picture)."""
    shows: dict[str, list[Product]] = {}
    for p in s.products:
        v = getattr(p.photos[0], fact)
        if v and v != "plain" and p.id not in s.official_products:
            shows.setdefault(str(v), []).append(p)
    for kind, ps in _kind_leaves(s):
        values = sorted({str(getattr(p.photos[0], fact)) for p in ps if getattr(p.photos[0], fact)} - {"plain"})
        for v in values:
            same = [p for p in ps if str(getattr(p.photos[0], fact)) == v]
            others = [x for x in shows[v] if x.photos[0].kind != kind]
            if (
                len(same) >= 2
                and same[0].final_price < same[1].final_price
                and len(same) < len(ps)
                and others
                and all(_quiet(s, x, [v]) for x in same)
                and same[0].id not in s.wishlist_ids
            ):
                yield same[0], v, same, others[same[0].id % len(others)], ps
                break


def wish_cheapest_with_pattern(s: Suite, n: int = 1) -> None:
    """Official 142: the cheapest product of a kind with the pictured thing's pattern onto the wish list."""
    template = "My kid loves the pattern on this. Add the least expensive {kind} with that pattern to my wish list."
    for p, v, _same, other, ps in s.fresh(list(_cheapest_with(s, "pattern")), n):
        args = {"kind": p.photos[0].kind}
        s.mirror(
            142,
            template,
            args,
            start_url=f"{SITE}/",
            image=s.product_image(other),
            eval_=html_eval([wish_target([p.name])]),
            solution=[*_open_by_price(s, p), click("button.towishlist"), stop("")],
            require_reset=True,
            grounding=s.ground(ps, [v]),
            comments=f"the picture shows a {v} {other.photos[0].kind}",
        )


def wish_cheapest_two_pictures(s: Suite, n: int = 2) -> None:
    """Official 143: a picture in two halves; the cheapest thing of the right half's kind in the left half's colour
    onto the wish list."""
    template = (
        "Put on my wish list the least expensive item that is the thing on the right of this picture in "
        "the colour of the thing on the left."
    )
    for p, v, _same, other, ps in s.fresh(list(_cheapest_with(s, "color")), n):
        kind_shown = [x for x in ps if x.photos[0].color != v]
        if not kind_shown:
            continue
        right = kind_shown[-1]
        left = replace(s.spec(other), pattern="plain")
        from sites.imagery.task_images import make_input_image

        a = make_input_image(left, other.photos[0].seed, size=(384, 288))
        b = make_input_image(s.spec(right), right.photos[0].seed, size=(384, 288))
        canvas = Image.new("RGB", (784, 288), "white")
        canvas.paste(a, (0, 0))
        canvas.paste(b, (400, 0))
        s.mirror(
            143,
            template,
            {},
            start_url=f"{SITE}/",
            image=s.save_image(canvas),
            eval_=html_eval([wish_target([p.name])]),
            solution=[*_open_by_price(s, p), click("button.towishlist"), stop("")],
            require_reset=True,
            grounding=s.ground(ps, [v]),
            comments=f"left: {article(str(other.photos[0].kind))} {other.photos[0].kind} in {v}; right: "
            f"{article(right.photos[0].kind)} {right.photos[0].kind} in another colour",
        )


TEMPLATES = [
    buy_fewest_dollars,
    buy_to_label,
    default_shipping_from_envelope,
    cart_all_in_range,
    cheapest_kind_in_range,
    category_cheapest_above,
    category_cheapest,
    wish_cheapest_with_pattern,
    wish_cheapest_two_pictures,
]
