"""Shopping templates that order a product (by its picture, name, colour or printed text) or review one."""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import goto, html_eval, stop
from ..text import NUMBER_WORDS
from .base import (
    NICKNAME,
    Suite,
    leaf,
    not_in_latest_order,
    order_targets,
    page_url,
    pick,
    review_steps,
    review_targets,
)
from .official import difficulty


def buy_pictured_apparel(s: Suite, count: int = 4, first: int = 0) -> None:
    template = "Buy {qty_word} of the {noun} in this picture in size {size}, in the colour the picture shows."
    cands = [
        p
        for p in s.products
        if {"Size", "Color"} <= set(p.options)
        and p.photos[0].color
        and p.photos[0].color.title() in p.options["Color"]
        and s.unique_look(p)
        and p.sku not in s.latest_order_skus
    ]
    for n, p in enumerate(pick(s, cands, count), first):
        size = p.options["Size"][(n + 1) % len(p.options["Size"])]
        qty = (1, 2, 3, 2)[n % 4]
        opts = {"Size": size, "Color": p.photos[0].color.title()}
        args = {"qty_word": NUMBER_WORDS[qty], "noun": p.photos[0].kind, "size": size}
        image = s.product_image(p)
        solution = s.open_from_leaf(p) + s.add_to_cart(p, qty, opts) + s.checkout() + [stop("")]
        s.add(
            template,
            args,
            intent=template.format(**args) + f" It is sold under {leaf(p)}.",
            image=image,
            eval_=html_eval(order_targets(p, qty, opts)),
            solution=solution,
            require_reset=True,
            difficulty=difficulty(109),
            official=109,
            comments="the colour option must match the picture",
        )


def buy_by_name(s: Suite) -> None:
    template = 'Order {qty} of "{name}".'
    cands = [p for p in s.products if not p.options and p.sku not in s.latest_order_skus and p.final_price < 80]
    for n, p in enumerate(pick(s, cands, 4)):
        qty = (2, 3, 4, 2)[n]
        args = {"qty": qty, "name": p.name}
        solution = [goto(page_url(p)), *s.add_to_cart(p, qty), *s.checkout(), stop("")]
        s.mirror(86, template, args, eval_=html_eval(order_targets(p, qty)), solution=solution, require_reset=True)


def _order_from_leaf(s: Suite, official: int, template: str, args: dict, p: Product, qty: int, fact: str) -> None:
    """Buy `qty` of `p`, named by what its photo's `fact` shows and found in its leaf category; scored on the order
    (name and quantity)."""
    solution = s.open_from_leaf(p) + s.add_to_cart(p, qty) + s.checkout() + [stop("")]
    ev = html_eval(order_targets(p, qty))
    s.mirror(
        official, template, args, eval_=ev, solution=solution, require_reset=True, grounding=s.look_ground(p, fact)
    )


def buy_by_color(s: Suite, count: int = 4) -> None:
    template = "Buy the {color} {noun} sold under {leaf}."
    cands = s.visual("color", options=False, extra=not_in_latest_order(s))
    for p in pick(s, cands, count):
        args = {"color": p.photos[0].color, "noun": p.photos[0].kind, "leaf": leaf(p)}
        _order_from_leaf(s, 130, template, args, p, 1, "color")


def buy_by_printed_text(s: Suite, count: int = 4) -> None:
    template = 'Order two of the {noun} from {leaf} whose label reads "{text}".'
    cands = s.visual("printed_text", options=False, extra=not_in_latest_order(s))
    for p in pick(s, cands, count):
        args = {"noun": p.photos[0].kind, "leaf": leaf(p), "text": p.photos[0].printed_text}
        _order_from_leaf(s, 120, template, args, p, 2, "printed_text")


def buy_pictured(s: Suite) -> None:
    template = "Buy the product in this picture. It is sold under {leaf}."
    cands = [
        p
        for p in s.products
        if not p.options and s.unique_look(p) and len(s.peers(p)) >= 1 and p.sku not in s.latest_order_skus
    ]
    for p in pick(s, cands, 4):
        args = {"leaf": leaf(p)}
        image = s.product_image(p)
        solution = s.open_from_leaf(p) + s.add_to_cart(p) + s.checkout() + [stop("")]
        s.mirror(
            110, template, args, image=image, eval_=html_eval(order_targets(p)), solution=solution, require_reset=True
        )


REVIEW_LINES = [
    ("Exactly as pictured", "Arrived quickly and matches the photo."),
    ("Not for me", "It works, but I expected better finishing."),
    ("Great little buy", "Does the job and looks nice on the shelf."),
    ("Would order again", "Good quality for the price."),
    ("Disappointed", "Stopped working after a week."),
]


def review_by_color(s: Suite) -> None:
    template = (
        "Write a {stars}-star review of the {color} {noun} from {leaf}, nickname {nick}, summary "
        '"{title}" and text "{text}".'
    )
    cands = s.visual("color", extra=lambda p: p.id not in s.reviewed_ids)
    for n, p in enumerate(pick(s, cands, 4)):
        stars = (5, 2, 4, 3)[n]
        title, text = REVIEW_LINES[n]
        args = {
            "stars": stars,
            "color": p.photos[0].color,
            "noun": p.photos[0].kind,
            "leaf": leaf(p),
            "nick": NICKNAME,
            "title": title,
            "text": text,
        }
        solution = s.open_from_leaf(p) + review_steps(stars, title, text) + [stop("")]
        s.mirror(
            131,
            template,
            args,
            eval_=html_eval(review_targets(p, stars, title, text)),
            solution=solution,
            require_reset=True,
            grounding=s.ground([p], [p.photos[0].color]),
        )


def review_pictured(s: Suite) -> None:
    template = (
        'I bought the thing in this picture from {leaf}. Rate it {stars} stars with the summary "{title}" '
        "(nickname {nick}; any review text)."
    )
    cands = [p for p in s.products if s.unique_look(p) and len(s.peers(p)) >= 1 and p.id not in s.reviewed_ids]
    for n, p in enumerate(pick(s, cands, 4)):
        stars = (1, 5, 3, 4)[n]
        title = REVIEW_LINES[(n + 2) % len(REVIEW_LINES)][0]
        args = {"leaf": leaf(p), "stars": stars, "title": title, "nick": NICKNAME}
        image = s.product_image(p)
        solution = s.open_from_leaf(p) + review_steps(stars, title, "As described.") + [stop("")]
        s.fill(
            template,
            args,
            image=image,
            eval_=html_eval(review_targets(p, stars, title)),
            solution=solution,
            require_reset=True,
            difficulty=("easy", "medium", "medium"),
        )
