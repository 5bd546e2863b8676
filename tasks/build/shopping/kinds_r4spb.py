"""Round-4 official shopping kinds (helper r4-spb) that act on a category page or a product page:

- 78: from a row or a column of the grid, the two best-rated products into the cart, the others onto the wish list;
- 81: from a product's page, order another product of that brand and kind in a colour, shipped to a given
  address with a phone number;
- 82: buy a product of this page and review it: 3 stars saying so if the flat shipping is more than 7% of the
  order total, else 5 stars;
- 85: of two products of this page named by their looks, order the cheaper one and leave the other in the cart;
- 28: the pictured item is liked but not its colour: the cheapest one of this page in another colour onto the
  wish list;
- 26: the thing on the left of a picture of two: something like it from this page onto the wish list;
- 88: the cheapest product of a named category that looks like the pictured one (same kind and colour), bought;
- 32: something like the pictured item onto the wish list, scored by how like the wish list's photo is to it.
"""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import answer_eval, click, goto, html_eval, stop, target, type_in
from .base import CART_LINES, LATEST_ORDER, SITE, Suite, open_card, order_targets, review_steps, review_targets
from .like_kinds import _color_groups
from .navigation import ssim_eval
from .official import difficulty
from .page_kinds import COLUMNS, look_pairs, look_words, named_looks, pages
from .pictured import _pictured_on_page, cheapest_in_a_colour
from .pictured_more import _searchable, wish_target

SHIPPING = 5.0  # the store's flat rate per item (sites/shopping/generate.py FLAT_RATE_CENTS)


def _cart_has(names: list[str]) -> dict:
    return target(f"{SITE}/checkout/cart/", CART_LINES, must_include=[f"{n} x 1" for n in names])


def best_rated_to_cart(s: Suite) -> None:
    """Official 78: of a row (or column) of this page, the two best-rated products into the cart, the others onto
    the wish list."""
    template = (
        "From the {where} of this page, add the two items with the best ratings to my cart and put the "
        "others on my wish list."
    )
    for where, pick in (("third column", lambda pg: pg.products[2::COLUMNS]), ("top row", lambda pg: pg.row(0))):
        cands = []
        for page in pages(s):
            if len(page.products) < 12:
                continue
            group = pick(page)
            if any(p.options or p.id in s.official_products or p.id in s.wishlist_ids for p in group):
                continue
            ranked = sorted(group, key=lambda p: -p.rating_percent)
            if ranked[1].rating_percent - ranked[2].rating_percent >= 10 and all(p.reviews for p in group):
                cands.append((ranked[0], ranked, page))
        for _, ranked, page in s.fresh(cands, 1):
            best, rest = ranked[:2], ranked[2:]
            steps: list[dict] = []
            for p in best:
                steps += [goto(page.url, "back to the page"), open_card(p), *s.add_to_cart(p)]
            for p in rest:
                steps += [goto(page.url, "back to the page"), open_card(p), click("button.towishlist")]
            ev = html_eval([wish_target([p.name]) for p in rest] + [_cart_has([p.name for p in best])])
            args = {"where": where}
            s.mirror(
                78,
                template,
                args,
                start_url=page.url,
                eval_=ev,
                solution=[*steps[1:], stop("")],
                require_reset=True,
                comments="ratings " + ", ".join(f"{p.rating_percent}%" for p in ranked),
            )


PLACES = (
    ("353 Alder Creek Rd", "Eugene", "Oregon", "97401", "5415550182"),
    ("1210 Pecan Grove Ln", "Austin", "Texas", "78704", "5125550136"),
)


def gift_same_brand(s: Suite) -> None:
    """Official 81: from a product's page, another product of its brand and kind in a colour, ordered to an
    address with a phone number."""
    template = (
        "This would be a great present for a friend. Can you order another {kind} of this brand, the "
        "{color} one, shipped to {street}, {city}, {region} {postcode}? My phone number is {phone}, "
        "in case it is needed."
    )
    groups: dict[tuple[str, str], list[Product]] = {}
    for p in s.products:
        groups.setdefault((p.attributes["Brand"], p.photos[0].kind), []).append(p)
    cands = []
    for (brand, kind), ps in sorted(groups.items()):
        for t in ps:
            c = t.photos[0].color
            if not c or not s.plain_buy(t) or not s.clean(t, [c]) or sum(x.photos[0].color == c for x in ps) != 1:
                continue
            bases = [x for x in ps if x.id != t.id and x.photos[0].color != c and x.id not in s.official_products]
            query = f"{brand} {kind}"
            _, found = s.data.search(query, limit=12)
            if bases and t.id in found:
                cands.append((t, bases[0], query))
                break
    for (t, base, query), (street, city, region, postcode, phone) in zip(s.fresh(cands, 2), PLACES, strict=False):
        args = {
            "kind": t.photos[0].kind,
            "color": str(t.photos[0].color),
            "street": street,
            "city": city,
            "region": region,
            "postcode": postcode,
            "phone": phone,
        }
        box = "document.querySelector('.box-order-shipping-address').innerText"
        ev = html_eval(
            [*order_targets(t, 1), target(LATEST_ORDER, box, must_include=[street, city, region, postcode, phone])]
        )
        steps = [
            type_in("#search", query, enter=True),
            open_card(t),
            *s.add_to_cart(t),
            goto(f"{SITE}/checkout/"),
            type_in("input[name=street]", street),
            type_in("input[name=city]", city),
            type_in("input[name=region]", region),
            type_in("input[name=postcode]", postcode),
            type_in("input[name=telephone]", phone),
            click("#shipping-next"),
            click("#payment button.checkout"),
            stop(""),
        ]
        s.mirror(
            81,
            template,
            args,
            start_url=f"{SITE}/{base.url_key}.html",
            eval_=ev,
            solution=steps,
            require_reset=True,
            grounding=s.ground([t], [args["color"]]),
            comments=f'the only {args["color"]} {args["kind"]} of the brand; found by searching "{query}"',
        )


def review_by_shipping(s: Suite) -> None:
    """Official 82: buy the product a look names on this page, then review it by the share of shipping."""
    template = (
        "Buy the {look} on this page. If the shipping comes to more than 7% of the order total, give it a "
        "3-star review that says so; otherwise give it 5 stars."
    )
    cands = named_looks(s, keep=lambda p, fact: p.sku not in s.latest_order_skus and p.id not in s.reviewed_ids)
    cheap = [c for c in cands if c[0].final_price < 40]
    dear = [c for c in cands if c[0].final_price > 100]
    for group in (cheap, dear):
        for p, fact, page in s.fresh(group, 1):
            share = SHIPPING / (p.final_price + SHIPPING)
            stars = 3 if share > 0.07 else 5
            title, text = (
                ("Shipping costs too much", "The shipping was more than 7% of what I paid.")
                if stars == 3
                else ("Happy with it", "Reasonable shipping and it arrived fine.")
            )
            args = {"look": look_words(p, fact)}
            ev = html_eval(
                order_targets(p, 1)
                + review_targets(p, stars, title)[:1]
                + (
                    [
                        target(
                            f"func:shopping_get_sku_product_page_url('{p.sku}')",
                            f"func:shopping_get_sku_latest_review_text('{p.sku}')",
                            must_include=["shipping"],
                        )
                    ]
                    if stars == 3
                    else []
                )
            )
            steps = [
                *s.buy_steps(p),
                goto(page.url, "back to the page"),
                open_card(p),
                *review_steps(stars, title, text),
            ]
            note = f"${p.final_price:.2f} + ${SHIPPING:.2f} shipping: shipping is {share:.1%} of the total"
            s.page_job(82, template, args, page.url, steps, eval_=ev, grounding=s.look_ground(p, fact), comments=note)


def cheaper_of_two(s: Suite) -> None:
    """Official 85: of two products of this page named by their looks, order the cheaper and leave the other in
    the cart."""
    template = (
        "Of the {first} and the {second} on this page, order the cheaper one and just leave the other one in my cart."
    )
    cands = look_pairs(
        s,
        lambda p: p.sku not in s.latest_order_skus,
        lambda a, b: a.photos[0].kind != b.photos[0].kind and abs(a.final_price - b.final_price) >= 2,
    )
    for a, fa, b, fb, page in s.fresh(cands, 2):
        cheap, dear = (a, b) if a.final_price < b.final_price else (b, a)
        args = {"first": look_words(a, fa), "second": look_words(b, fb)}
        ev = html_eval([*order_targets(cheap, 1), _cart_has([dear.name])])
        steps = [*s.buy_steps(cheap), goto(page.url, "back to the page"), open_card(dear), *s.add_to_cart(dear)]
        ground = s.ground([a, b], [getattr(a.photos[0], fa), getattr(b.photos[0], fb)])
        note = f"${cheap.final_price:.2f} against ${dear.final_price:.2f}"
        s.page_job(85, template, args, page.url, steps, eval_=ev, grounding=ground, comments=note)


def other_colour_cheapest_wish(s: Suite) -> None:
    """Official 28: the pictured item, but in another colour: the cheapest of that colour on this page onto the
    wish list."""
    template = (
        "I really like the thing in this picture, but not its colour. If this page has it in {color}, "
        "add the cheapest {color} one to my wish list."
    )
    cands = cheapest_in_a_colour(s, lambda p: p.id not in s.wishlist_ids)
    for t, c, same, shown, page in s.fresh(cands, 1):
        args = {"color": c}
        s.wish_job(28, template, args, t, page.url, image=s.product_image(shown), grounding=s.ground(same, [c]))


def left_one_to_wishlist(s: Suite) -> None:
    """Official 26: the thing on the left of a two-item picture: something like it from this page onto the wish
    list."""
    template = (
        "I like the thing on the left of this picture. Can you add something like it from this page to my "
        "wish list, if there is one?"
    )
    cands = [c for c in _pictured_on_page(s) if c[0].id not in s.wishlist_ids]
    for p, page in s.fresh(cands, 2):
        kinds_here = {x.photos[0].kind for x in page.products}
        right = next(
            x
            for x in s.products[p.id % 97 :] + s.products
            if x.photos[0].kind not in kinds_here and x.id not in s.official_products
        )
        s.mirror(
            26,
            template,
            {},
            start_url=page.url,
            image=s.pair_image(p, right),
            eval_=html_eval([wish_target([p.name])]),
            solution=[open_card(p), click("button.towishlist"), stop("")],
            require_reset=True,
            comments=f"the right-hand thing is a {right.photos[0].kind}, of which this page has none",
        )


def cheapest_like_pictured(s: Suite) -> None:
    """Official 88: buy the cheapest product of a named category of the pictured item's kind and colour."""
    template = (
        'Can you order the cheapest thing like the one in this picture, in the same colour, from the "{leaf}" category?'
    )
    cands = []
    for _, color, same in _color_groups(s):
        t = same[0]
        if (
            same[0].final_price < same[1].final_price
            and not t.options
            and t.id not in s.official_products
            and t.sku not in s.latest_order_skus
        ):
            cands.append((t, color, same))
    for t, color, same in s.fresh(cands, 2):
        args = {"leaf": t.category_path[-1]}
        steps = [*s.open_by_price(t), *s.add_to_cart(t), *s.checkout(), stop("")]
        s.mirror(
            88,
            template,
            args,
            image=s.product_image(same[-1]),
            eval_=html_eval(order_targets(t, 1)),
            solution=steps,
            require_reset=True,
            grounding=s.ground(same, [color]),
            comments=f"the picture shows the dearest {color} {t.photos[0].kind} of the category",
        )


def wish_like_scored_by_picture(s: Suite) -> None:
    """Official 32: something like the pictured item onto the wish list, scored by comparing the wish list's
    photos with the product's photo (page_image_query)."""
    template = "Add something like what this picture shows to my wish list."
    cands = [c for c in _searchable(s) if len(c[1]) == 1]
    for p, _, _ in s.fresh(cands, 4):
        ev = ssim_eval(p, f"{SITE}/wishlist/", ".products-grid.wishlist .product-image-photo", "cache/")
        s.mirror(
            32,
            template,
            {},
            start_url=f"{SITE}/",
            image=s.product_image(p),
            eval_=ev,
            solution=[
                type_in("#search", p.photos[0].kind, enter=True),
                open_card(p),
                click("button.towishlist"),
                stop(""),
            ],
            require_reset=True,
            comments=f"the only {p.photos[0].kind} of the store that looks like the picture",
        )


def not_on_this_page(s: Suite) -> None:
    """Unachievable variants of the sentences of official 28 and 26 (whose official tasks all have an answer, so
    these mirror no official template): the page has no item of the pictured kind in the asked colour, or nothing
    like the thing on the left of the picture."""
    from sites.imagery import COLORS

    recolor = (
        "I really like the thing in this picture, but not its colour. If this page has it in {color}, "
        "add the cheapest {color} one to my wish list."
    )
    cands = []
    for page in pages(s):
        for p in page.products:
            kind, c = p.photos[0].kind, p.photos[0].color
            same = [x for x in page.products if x.photos[0].kind == kind]
            if not c or len(same) < 2 or p.id in s.official_products:
                continue
            missing = sorted(set(COLORS) - {x.photos[0].color for x in same})
            if missing:
                cands.append((p, page, missing[p.id % len(missing)], same))
                break
    for p, page, color, same in s.fresh(cands, 2):
        args = {"color": color}
        note = f"This page has no {color} {p.photos[0].kind}."
        s.fill(
            recolor,
            args,
            start_url=page.url,
            image=s.product_image(p),
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[stop("N/A", "no photo of that kind on the page shows the colour")],
            difficulty=difficulty(28),
            official=None,
            grounding=s.ground(same, [color]),
            comments="unachievable: " + note,
        )
    left = (
        "I like the thing on the left of this picture. Can you add something like it from this page to my "
        "wish list, if there is one?"
    )
    cands2 = []
    for page in pages(s):
        kinds_here = {x.photos[0].kind for x in page.products}
        away = [
            x
            for x in s.products[len(page.products) * 37 % 1000 :]
            if x.photos[0].kind not in kinds_here and x.id not in s.official_products
        ]
        if len(page.products) >= 6 and len(away) >= 2:
            b = next((x for x in away if x.photos[0].kind != away[0].photos[0].kind), None)
            if b is not None:
                cands2.append((away[0], b, page))
    for a, b, page in s.fresh(cands2, 2):
        note = f"This page sells no {a.photos[0].kind}, nor anything like one."
        s.add(
            left,
            {},
            intent=left,
            start_url=page.url,
            image=s.pair_image(a, b),
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[stop("N/A", "nothing on the page is like the left-hand thing")],
            difficulty=difficulty(26),
            official=None,
            comments="unachievable: " + note,
        )


TEMPLATES = [
    best_rated_to_cart,
    gift_same_brand,
    review_by_shipping,
    cheaper_of_two,
    other_colour_cheapest_wish,
    left_one_to_wishlist,
    cheapest_like_pictured,
    wish_like_scored_by_picture,
]
