"""Shopping templates on the customer's lists and account: wish list, compare list, cart, phone and address."""

from __future__ import annotations

from ..evals import click, goto, html_eval, stop, target, type_in
from ..text import NUMBER_WORDS, plural
from .base import CART_LINES, COMPARE_NAMES, SITE, WISHLIST_NAMES, Suite, leaf, pick


def address_steps(street: str, city: str, region: str, postcode: str) -> list[dict]:
    """Fill the open address form with a new street address, save it and stop."""
    return [
        type_in("input[name=street]", street),
        type_in("input[name=city]", city),
        type_in("input[name=region]", region),
        type_in("input[name=postcode]", postcode),
        click("button.action.save"),
        stop(""),
    ]


def shipping_address_eval(must_include: list[str]) -> dict:
    """The address book's default shipping address includes every string of `must_include`."""
    shipping = "document.querySelector('.box-address-shipping').innerText"
    return html_eval([target(f"{SITE}/customer/address/", shipping, must_include=must_include)])


def phone_steps(address: dict, phone: str) -> list[dict]:
    """Open the address book's form of `address`, set its phone number to `phone`, save it and stop."""
    return [
        goto(f"{SITE}/customer/address/edit/id/{address['id']}/"),
        type_in("input[name=telephone]", phone),
        click("button.action.save"),
        stop(""),
    ]


def phone_eval(default: dict, phone: str) -> dict:
    """The address book's default shipping and billing addresses read `phone` (the billing one still at the
    street of `default`)."""
    return html_eval(
        [
            target(
                f"{SITE}/customer/address/",
                'func:get_query_text(__page__, ".box-address-shipping")',
                must_include=[phone],
            ),
            target(
                f"{SITE}/customer/address/",
                'func:get_query_text(__page__, ".box-address-billing")',
                must_include=[phone, default["street"]],
            ),
        ]
    )


def wishlist_pictured(s: Suite, count: int = 4) -> None:
    template = "Add to my wish list the product from {leaf} that looks like this."
    cands = [p for p in s.products if s.unique_look(p) and len(s.peers(p)) >= 2 and p.id not in s.wishlist_ids]
    for p in pick(s, cands, count):
        args = {"leaf": leaf(p)}
        image = s.product_image(p, "sketch" if p.id % 2 else "photo")
        solution = [*s.open_from_leaf(p), click("button.towishlist"), stop("")]
        s.mirror(
            35,
            template,
            args,
            image=image,
            eval_=html_eval([target(f"{SITE}/wishlist/", WISHLIST_NAMES, must_include=[p.name])]),
            solution=solution,
            require_reset=True,
        )


def wishlist_by_pattern(s: Suite) -> None:
    template = "Save the {pattern} {noun} from {leaf} to my wish list."
    cands = s.visual("pattern", extra=lambda p: p.photos[0].pattern != "plain" and p.id not in s.wishlist_ids)
    for p in pick(s, cands, 4):
        args = {"pattern": p.photos[0].pattern, "noun": p.photos[0].kind, "leaf": leaf(p)}
        solution = [*s.open_from_leaf(p), click("button.towishlist"), stop("")]
        s.mirror(
            17,
            template,
            args,
            eval_=html_eval([target(f"{SITE}/wishlist/", WISHLIST_NAMES, must_include=[p.name])]),
            solution=solution,
            require_reset=True,
            grounding=s.ground([p], [p.photos[0].pattern]),
        )


def compare_two_colors(s: Suite) -> None:
    template = "Add the {color_a} {noun} and the {color_b} {noun} from {leaf} to the comparison list."
    cands = []
    for p in s.visual("color", min_peers=1):
        partners = [
            x
            for x in s.peers(p)
            if x.id > p.id
            and s.unique_by(x, "color")
            and s.clean(x, [x.photos[0].color])
            and s.clean(p, [x.photos[0].color])
            and s.clean(x, [p.photos[0].color])
        ]
        if partners:
            cands.append((p, partners[0]))
    for a, b in pick(s, cands, 3):
        args = {"color_a": a.photos[0].color, "color_b": b.photos[0].color, "noun": a.photos[0].kind, "leaf": leaf(a)}
        solution = [
            *s.open_from_leaf(a),
            click("button.tocompare"),
            *s.open_from_leaf(b),
            click("button.tocompare"),
            stop(""),
        ]
        s.fill(
            template,
            args,
            eval_=html_eval([target(f"{SITE}/catalog/product_compare/", COMPARE_NAMES, must_include=[a.name, b.name])]),
            solution=solution,
            require_reset=True,
            difficulty=("medium", "medium", "hard"),
            grounding=s.ground([a, b], [a.photos[0].color, b.photos[0].color]),
        )


def cart_by_count(s: Suite) -> None:
    template = "Put {qty} packs of the {noun} from {leaf} whose photo shows {count_word} of them in my cart."
    cands = s.visual("count", options=False, extra=lambda p: p.photos[0].count >= 2)
    for n, p in enumerate(pick(s, cands, 3)):
        qty = (2, 3, 5)[n]
        ph = p.photos[0]
        args = {"qty": qty, "noun": plural(ph.kind), "leaf": leaf(p), "count_word": NUMBER_WORDS[ph.count]}
        solution = s.open_from_leaf(p) + s.add_to_cart(p, qty) + [stop("")]
        s.mirror(
            96,
            template,
            args,
            eval_=html_eval([target(f"{SITE}/checkout/cart/", CART_LINES, must_include=[f"{p.name} x {qty}"])]),
            solution=solution,
            require_reset=True,
            grounding=s.ground([p], [ph.count, NUMBER_WORDS[ph.count]]),
        )


def cart_pictured(s: Suite, count: int = 4, first: int = 0) -> None:
    template = "Add {qty} of these to my cart; they are sold under {leaf}. Don't check out yet."
    cands = [p for p in s.products if not p.options and s.unique_look(p) and len(s.peers(p)) >= 1]
    for n, p in enumerate(pick(s, cands, count), first):
        qty = (3, 2, 4, 2)[n % 4]
        args = {"qty": qty, "leaf": leaf(p)}
        image = s.product_image(p)
        solution = s.open_from_leaf(p) + s.add_to_cart(p, qty) + [stop("")]
        s.mirror(
            34,
            template,
            args,
            image=image,
            eval_=html_eval([target(f"{SITE}/checkout/cart/", CART_LINES, must_include=[f"{p.name} x {qty}"])]),
            solution=solution,
            require_reset=True,
        )


def _address_book_task(s: Suite, template: str, args: dict, ev: dict, solution: list[dict], **task) -> None:
    """A kind of our own (easy): change the default address in the address book."""
    s.fill(template, args, eval_=ev, solution=solution, require_reset=True, difficulty=("easy", "easy", "easy"), **task)


def change_phone(s: Suite) -> None:
    template = "Change the phone number of my default address to {phone}."
    default = next(a for a in s.data.customer_addresses() if a["default_shipping"])
    for phone in ("4155550199", "6505550142", "2125550173"):
        args = {"phone": phone}
        solution = phone_steps(default, phone)
        ev = phone_eval(default, phone)
        _address_book_task(s, template, args, ev, solution, start_url=f"{SITE}/customer/account/")


def change_address(s: Suite) -> None:
    template = "I moved. Update my default address to {street}, {city}, {region} {postcode}."
    default = next(a for a in s.data.customer_addresses() if a["default_shipping"])
    for place in (
        ("88 Harbor View Rd", "Seattle", "Washington", "98101"),
        ("1420 Maple Ave", "Evanston", "Illinois", "60201"),
        ("7 Beacon St", "Boston", "Massachusetts", "02108"),
    ):
        street, city, region, postcode = place
        args = {"street": street, "city": city, "region": region, "postcode": postcode}
        solution = [goto(f"{SITE}/customer/address/edit/id/{default['id']}/"), *address_steps(*place)]
        ev = shipping_address_eval([street, city, postcode])
        _address_book_task(s, template, args, ev, solution)
