"""Official shopping kinds with a condition, a quantity, a total or two tabs: add this product to the cart if a
condition holds (21, 151), order enough for each of some people (83), order and report the total (84), order
only under a budget (90), the one of two open tabs that shows a colour into the cart (22), the product with a
number of stars into the cart (68), the colour of a category's cheapest product (6).
"""

from __future__ import annotations

from sites.shopping.data import Product
from sites.shopping.generate import FLAT_RATE_CENTS

from ..evals import html_eval, stop
from ..text import NUMBER_WORDS, price_text
from .base import Suite, cart_eval, open_card, order_targets, page_url
from .page_kinds import PAGE, Page, kind_groups, look_task, look_words, named_looks, pages


def total_cents(p: Product, qty: int) -> int:
    """What the store charges for qty of p: the price and the flat shipping rate per item."""
    return (round(p.final_price * 100) + FLAT_RATE_CENTS) * qty


def _cart_this_if(s: Suite, official: int, template: str, p: Product, fact: str, opts: dict | None = None) -> None:
    """On its own page, `p` into the cart (with the options `opts`) if its photo shows what its `fact` shows (the
    template's argument of that name)."""
    value = getattr(p.photos[0], fact)
    s.mirror(
        official,
        template,
        {fact: value},
        start_url=page_url(p),
        eval_=cart_eval(p),
        solution=[*s.add_to_cart(p, 1, opts), stop("")],
        require_reset=True,
        grounding=s.ground([p], [value]),
    )


def cart_this_if(s: Suite, n: int = 3) -> None:
    """Official 21: on a product's page, add it to the cart if its photo shows a colour (it does)."""
    template = "Add this to my cart if its photo shows something {color}."
    cands = [p for p in s.products if p.photos[0].color and not p.options and s.clean(p, [p.photos[0].color])]
    for p in s.fresh(cands, n):
        _cart_this_if(s, 21, template, p, "color")


def cart_this_any_size_if(s: Suite, n: int = 3) -> None:
    """Official 151: on a product's page, add it (any size) to the cart if its photo shows a pattern (it does)."""
    template = "Add this to my cart, any size, in the colour its photo shows, if that photo shows a {pattern} pattern."
    cands = [
        p
        for p in s.products
        if p.options
        and p.photos[0].pattern != "plain"
        and p.photos[0].color
        and p.photos[0].color.title() in p.options.get("Color", [])
        and s.clean(p, [p.photos[0].pattern])
    ]
    for k, p in enumerate(s.fresh(cands, n)):
        opts = {"Size": p.options["Size"][k % len(p.options["Size"])], "Color": str(p.photos[0].color).title()}
        _cart_this_if(s, 151, template, p, "pattern", opts)


PEOPLE = (("nephews", 3), ("roommates", 4), ("kids", 2))


def orderable_looks(s: Suite) -> list[tuple]:
    """(product, fact, page): a product a look names on a page, not in the customer's latest order."""
    return named_looks(s, keep=lambda p, fact: p.sku not in s.latest_order_skus)


def order_for_each(s: Suite, n: int = 3) -> None:
    """Official 83: order the product a look names on this page, enough for each of some people."""
    template = "I have {count_word} {people}; order enough of the {look} on this page for each to get their own."
    cands = orderable_looks(s)
    for k, (p, fact, page) in enumerate(s.fresh(cands, n)):
        people, qty = PEOPLE[k % len(PEOPLE)]
        args = {"count_word": NUMBER_WORDS[qty], "people": people, "look": look_words(p, fact)}
        s.buy_job(83, template, args, p, page.url, qty, grounding=s.look_ground(p, fact))


def order_and_total(s: Suite, n: int = 3) -> None:
    """Official 84: order the product a look names on this page and say what the order came to."""
    template = "Order the {look} on this page and tell me the order's total."
    cands = orderable_looks(s)
    for p, fact, page in s.fresh(cands, n):
        total = price_text(total_cents(p, 1) / 100)
        ev = html_eval(order_targets(p, 1))
        ev["eval_types"] = ["string_match", "program_html"]
        ev["reference_answers"] = {"must_include": [total]}
        solution = [open_card(p), *s.add_to_cart(p), *s.checkout(), stop(total, "the order total")]
        note = "the total includes flat-rate shipping"
        look_task(s, 84, template, p, fact, page.url, eval_=ev, solution=solution, require_reset=True, comments=note)


def order_under_budget(s: Suite, n: int = 3) -> None:
    """Official 90: put the product a look names on this page in the cart and order it if the total stays under
    an amount (it does)."""
    template = "Add {qty_word} of the {look} on this page to my cart and order only if the total is below ${amount}."
    cands = orderable_looks(s)
    for k, (p, fact, page) in enumerate(s.fresh(cands, n)):
        qty = 2 + k % 2
        amount = (total_cents(p, qty) // 100 // 10 + 1) * 10 + 10
        args = {"qty_word": NUMBER_WORDS[qty], "look": look_words(p, fact), "amount": amount}
        comments = f"the total with shipping is {price_text(total_cents(p, qty) / 100)}"
        s.buy_job(
            90,
            template,
            args,
            p,
            page.url,
            qty,
            grounding=s.look_ground(p, fact),
            comments=comments,
        )


def cart_from_tabs(s: Suite, n: int = 4) -> None:
    """Official 22: of two products open in two tabs, add the one whose photo shows a colour to the cart."""
    template = "Of the products in my open tabs, add the {color} one to my shopping cart."

    def other_color(p: Product, x: Product) -> bool:
        c = p.photos[0].color
        return x.id != p.id and bool(x.photos[0].color) and x.photos[0].color != c and s.clean(x, [str(c)])

    cands = s.color_pairs(other_color)
    for k, (p, other) in enumerate(s.fresh(cands, n)):
        first, second = (p, other) if k % 2 else (other, p)
        args = {"color": p.photos[0].color}
        steps = ([{"do": "tab_focus", "index": 1}] if second is p else []) + s.add_to_cart(p)
        s.mirror(
            22,
            template,
            args,
            start_url=f"{page_url(first)} |AND| {page_url(second)}",
            eval_=cart_eval(p),
            solution=[*steps, stop("")],
            require_reset=True,
            grounding=s.ground([p, other], [p.photos[0].color]),
        )


def color_of_cheapest(s: Suite, n: int = 4) -> None:
    """Official 6: the colour of the cheapest (or dearest) product in a category that fits one page."""
    template = 'What colour is the {which} item in the "{leaf}" category?'
    cands: list[tuple[Product, str, Page]] = []
    for page in pages(s, 1):
        if page.total > PAGE or len(page.products) < 3:
            continue
        ranked = sorted(page.products, key=lambda p: (p.final_price, p.id))
        which = ("cheapest", "most expensive")[len(cands) % 2]
        p = ranked[0] if which == "cheapest" else ranked[-1]
        near = ranked[1] if which == "cheapest" else ranked[-2]
        c = p.photos[0].color
        if (
            c
            and p.photos[0].pattern == "plain"
            and near.final_price != p.final_price
            and p.id not in s.official_products
            and s.clean(p, [c])
            and not any(c in (v.lower() for v in vals) for vals in p.options.values())
        ):
            cands.append((p, which, page))
    for p, which, page in s.fresh(cands, n):
        c = p.photos[0].color
        args = {"which": which, "leaf": page.name}
        s.question(6, template, args, page.url, [c], [stop(c, "read off its photo")], grounding=s.ground([p], [c]))


def price_of_missing(s: Suite, n: int = 4) -> None:
    """Official 19's unachievable tasks: the price of a colour of a kind that this page does not show (N/A)."""
    from sites.imagery import COLORS

    template = "What does the {look} on this page cost?"
    cands: list[tuple[Product, str, list[Product], Page]] = []
    for page in pages(s):
        for _kind, ps in kind_groups(page.products):
            if len(ps) < 2 or not all(p.photos[0].color for p in ps) or any(p.options for p in ps):
                continue
            missing = sorted(set(COLORS) - {str(p.photos[0].color) for p in ps})
            if missing:
                cands.append((ps[0], missing[len(cands) % len(missing)], ps, page))
                break
    for p, color, ps, page in s.fresh(cands, n):
        note = f"No {color} {p.photos[0].kind} is on this page."
        args = {"look": f"{color} {p.photos[0].kind}"}
        steps = [stop("N/A", "none of these photos shows that colour")]
        s.na_job(19, template, args, note, steps, start_url=page.url, grounding=s.ground(ps, [color]))


TEMPLATES = [
    cart_this_if,
    cart_this_any_size_if,
    order_for_each,
    order_and_total,
    order_under_budget,
    cart_from_tabs,
    color_of_cheapest,
]
