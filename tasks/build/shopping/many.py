"""Official shopping kinds on a category page that touch several products or go further than the cart: all
products of a look into the cart (72, 145), the one showing the most pieces (144), to the checkout's last step
(89), a review with text (87), the cheaper of two into the cart and the other into the wish list (76), a count
into the wish list (69), and the cheapest or dearest of a look in a one-page category (0, 1, 14).
"""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import click, goto, html_eval, stop, target, url_eval
from ..text import NUMBER_WORDS, plural, price_text
from .base import (
    CART_LINES,
    NICKNAME,
    SITE,
    WISHLIST_NAMES,
    Suite,
    open_card,
    page_url,
    review_steps,
    review_targets,
)
from .page_kinds import PAGE, Page, color_groups, look_pairs, look_task, look_words, named_looks, pages


def _all_of(s: Suite, page: Page, key) -> list[Product]:
    return [p for p in page.products if key(p)]


def _group_cands(s: Suite, fact: str, same_kind: bool):
    """(products, value, page): 2-3 products of a page sharing a look (and a kind when same_kind), no other product
    of the page showing it, none with options, none saying it in their text."""
    out = []
    for page in pages(s):
        seen = set()
        for p in page.products:
            value = getattr(p.photos[0], fact)
            key = (p.photos[0].kind if same_kind else None, value)
            if value in (None, "plain") or key in seen:
                continue
            seen.add(key)
            group = _all_of(
                s,
                page,
                lambda x, value=value, p=p: (
                    getattr(x.photos[0], fact) == value and (not same_kind or x.photos[0].kind == p.photos[0].kind)
                ),
            )
            if 2 <= len(group) <= 3 and all(
                not x.options and x.id not in s.official_products and s.clean(x, [str(value)]) for x in group
            ):
                if not same_kind or len(_all_of(s, page, lambda x, p=p: x.photos[0].kind == p.photos[0].kind)) > len(
                    group
                ):
                    out.append((group[0], group, value, page))
    return out


def _cart_all(page: Page, group: list[Product], s: Suite) -> list[dict]:
    steps: list[dict] = []
    for n, p in enumerate(group):
        if n:
            steps.append(goto(page.url, "back to the page the task started on"))
        steps += [open_card(p), *s.add_to_cart(p)]
    return steps


def _cart_all_job(s: Suite, official: int, template: str, args: dict, page: Page, group: list[Product], term: str):
    """Put every product of `group` (their photos show `term`) on `page` into the cart, one of each."""
    ev = html_eval([target(f"{SITE}/checkout/cart/", CART_LINES, must_include=[f"{p.name} x 1" for p in group])])
    s.page_job(
        official, template, args, page.url, _cart_all(page, group, s), eval_=ev, grounding=s.ground(group, [term])
    )


def cart_all_color(s: Suite, n: int = 4) -> None:
    """Official 72: every product of a kind on this page that shows a colour, into the cart."""
    template = "Add all the {color} {noun} on this page to my shopping cart."
    for first, group, color, page in s.fresh(_group_cands(s, "color", True), n):
        args = {"color": color, "noun": plural(first.photos[0].kind)}
        _cart_all_job(s, 72, template, args, page, group, color)


def cart_all_pattern(s: Suite, n: int = 3) -> None:
    """Official 145: every product on this page whose photo shows a pattern, into the cart."""
    template = "Put all the items with a {pattern} pattern on this page into my cart."
    for _first, group, pattern, page in s.fresh(_group_cands(s, "pattern", False), n):
        args = {"pattern": pattern}
        _cart_all_job(s, 145, template, args, page, group, pattern)


def cart_most_pieces(s: Suite, n: int = 3) -> None:
    """Official 144: the product of this page whose photo shows the most pieces, into the cart."""
    template = "Put the item on this page whose photo shows the most pieces into my cart."
    cands = []
    for page in pages(s):
        ranked = sorted(page.products, key=lambda p: -p.photos[0].count)
        top = ranked[0]
        c = top.photos[0].count
        if (
            len(ranked) >= 4
            and c > ranked[1].photos[0].count
            and not top.options
            and top.id not in s.official_products
            and s.clean(top, [str(c), NUMBER_WORDS[c]])
        ):
            cands.append((top, page))
    for p, page in s.fresh(cands, n):
        c = p.photos[0].count
        s.cart_job(144, template, {}, p, page.url, grounding=s.ground([p], [c, NUMBER_WORDS[c]]))


def to_payment_step(s: Suite, n: int = 4) -> None:
    """Official 89: the product of a look into the cart, then on to the checkout's last step without ordering."""
    template = "Add the {look} from this page to my cart and bring me to the last checkout step, but don't order."
    cands = named_looks(s)
    for p, fact, page in s.fresh(cands, n):
        ev = url_eval(f"{SITE}/checkout/#payment")
        ev["eval_types"] = ["url_match", "program_html"]
        ev["program_html"] = [
            target(f"{SITE}/checkout/#payment", 'func:get_query_text(__page__, "#opc-sidebar")', must_include=[p.name])
        ]
        solution = [open_card(p), *s.add_to_cart(p), goto(f"{SITE}/checkout/"), click("#shipping-next"), stop("")]
        look_task(s, 89, template, p, fact, page.url, eval_=ev, solution=solution, require_reset=True)


REVIEWS = (
    "Sturdy and well made, I use it every day.",
    "The colour faded after the first wash.",
    "Smaller than I thought, but it does the job.",
)


def review_on_page(s: Suite, n: int = 3) -> None:
    """Official 87: a review with given stars and text on the product a look names on this page."""
    template = 'Leave a {stars}-star review on the {look} on this page saying "{text}".'
    cands = named_looks(s, options=None, keep=lambda p, fact: p.id not in s.reviewed_ids)
    for k, (p, fact, page) in enumerate(s.fresh(cands, n)):
        stars, text = (4, 1, 3)[k % 3], REVIEWS[k % 3]
        title = text.split(",")[0].split(".")[0]
        args = {"stars": stars, "look": look_words(p, fact), "text": text}
        s.mirror(
            87,
            template,
            args,
            start_url=page.url,
            eval_=html_eval(
                [
                    t
                    for t in review_targets(p, stars, title, text)
                    if "title" not in t["locator"] and "author" not in t["locator"]
                ]
            ),
            solution=[open_card(p), *review_steps(stars, title, text), stop("")],
            require_reset=True,
            grounding=s.look_ground(p, fact),
            comments=f"the summary and nickname ({NICKNAME}) are the agent's to choose",
        )


def cheaper_cart_other_wishlist(s: Suite, n: int = 3) -> None:
    """Official 76: of two products named by their looks on this page, the cheaper into the cart, the other
    into the wish list."""
    template = (
        "Of the {look_a} and the {look_b} on this page, put the cheaper in my cart and the other on my wish list."
    )
    cands = look_pairs(s, lambda p: p.id not in s.wishlist_ids, lambda a, b: a.final_price != b.final_price)
    for a, fa, b, fb, page in s.fresh(cands, n):
        cheap, dear = (a, b) if a.final_price < b.final_price else (b, a)
        args = {"look_a": look_words(a, fa), "look_b": look_words(b, fb)}
        ev = html_eval(
            [
                target(f"{SITE}/checkout/cart/", CART_LINES, must_include=[f"{cheap.name} x 1"]),
                target(f"{SITE}/wishlist/", WISHLIST_NAMES, must_include=[dear.name]),
            ]
        )
        steps = [open_card(cheap), *s.add_to_cart(cheap), goto(page.url, "back to the page"), open_card(dear)]
        ground = s.ground([a, b], [getattr(a.photos[0], fa), getattr(b.photos[0], fb)])
        s.page_job(76, template, args, page.url, [*steps, click("button.towishlist")], eval_=ev, grounding=ground)


def wishlist_by_count(s: Suite, n: int = 3) -> None:
    """Official 69: the product of this page whose photo shows a number of pieces, into the wish list."""
    template = "Add the {noun} on this page whose photo shows {count_word} of them to my wishlist."
    cands = []
    for page in pages(s):
        for p in page.products:
            c, kind = p.photos[0].count, p.photos[0].kind
            same = [x for x in page.products if x.photos[0].kind == kind and x.id != p.id]
            if (
                c >= 2
                and same
                and all(x.photos[0].count != c for x in same)
                and p.id not in s.wishlist_ids
                and p.id not in s.official_products
                and s.clean(p, [str(c), NUMBER_WORDS[c]])
            ):
                cands.append((p, page))
    for p, page in s.fresh(cands, n):
        c = p.photos[0].count
        args = {"noun": p.photos[0].kind, "count_word": NUMBER_WORDS[c]}
        s.wish_job(69, template, args, p, page.url, grounding=s.ground([p], [c, NUMBER_WORDS[c]]))


def _one_page_extremes(s: Suite, cheapest: bool):
    """(product, colour, same-looking products, page): the cheapest (or dearest) of a kind showing a colour in a
    category that fits one page."""
    out = []
    for page in pages(s, 1):
        if page.total > PAGE:
            continue
        for (_kind, color), ps in color_groups(page.products):
            ps.sort(key=lambda p: (p.final_price if cheapest else -p.final_price, p.id))
            if (
                len(ps) >= 2
                and ps[0].final_price != ps[1].final_price
                and ps[0].id not in s.official_products
                and all(s.clean(p, [color]) for p in ps)
            ):
                out.append((ps[0], color, ps, page))
                break
    return out


def buy_cheapest_in_category(s: Suite, n: int = 3) -> None:
    """Official 0: buy the least expensive product of a kind and colour in a category."""
    template = 'Buy the least expensive {color} {noun} from the "{leaf}" category.'
    cands = [c for c in _one_page_extremes(s, True) if not c[0].options and c[0].sku not in s.latest_order_skus]
    for p, color, ps, page in s.fresh(cands, n):
        args = {"color": color, "noun": p.photos[0].kind, "leaf": page.name}
        s.buy_job(0, template, args, p, page.url, grounding=s.ground(ps, [color]))


def open_dearest_in_category(s: Suite, n: int = 3) -> None:
    """Official 1: open the most expensive product of a kind and colour in a category."""
    template = 'For a price survey, show me the most expensive {color} {noun} in the "{leaf}" category.'
    for p, color, ps, page in s.fresh(_one_page_extremes(s, False), n):
        args = {"color": color, "noun": p.photos[0].kind, "leaf": page.name}
        s.mirror(
            1,
            template,
            args,
            start_url=page.url,
            eval_=url_eval(page_url(p)),
            solution=[open_card(p), stop("")],
            grounding=s.ground(ps, [color]),
        )


def brand_and_price_of_cheapest(s: Suite, n: int = 3) -> None:
    """Official 14: the brand and price of the cheapest product of a kind and colour in a category."""
    template = 'What brand is the cheapest {color} {noun} in the "{leaf}" category, and what does it cost?'
    cands = [c for c in _one_page_extremes(s, True) if c[0].attributes.get("Brand")]
    for p, color, ps, page in s.fresh(cands, n):
        brand, price = p.attributes["Brand"], price_text(p.final_price)
        args = {"color": color, "noun": p.photos[0].kind, "leaf": page.name}
        steps = [open_card(p), stop(f"{brand}, {price}", "Brand row of More Information")]
        s.question(14, template, args, page.url, [brand, price], steps, grounding=s.ground(ps, [color]))


TEMPLATES = [
    cart_all_color,
    cart_all_pattern,
    cart_most_pieces,
    to_payment_step,
    review_on_page,
    cheaper_cart_other_wishlist,
    wishlist_by_count,
    buy_cheapest_in_category,
    open_dearest_in_category,
    brand_and_price_of_cheapest,
]
