"""Round-3 official shopping kinds that name a product of a page by what its photo shows in another way than a
colour word alone (page_kinds.py has the grid's rules):

- 74: the product that looks most like a row of coloured heart emojis (its colour and how many things its photo
  shows) into the cart;
- 75: the product of a kind whose pattern looks like something well known (a checkerboard, a zebra, a Dalmatian)
  onto the wish list;
- 70: how many things the photo of a product of a colour shows.
"""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import answer_eval, stop
from ..text import NUMBER_WORDS, plural
from .base import Suite
from .page_kinds import look_words, looks_on, pages

HEARTS = {
    "red": "\u2764\ufe0f",
    "orange": "\U0001f9e1",
    "yellow": "\U0001f49b",
    "green": "\U0001f49a",
    "blue": "\U0001f499",
    "purple": "\U0001f49c",
    "brown": "\U0001f90e",
    "black": "\U0001f5a4",
    "white": "\U0001f90d",
}
LOOKALIKES = {"checked": "a checkerboard", "striped": "a zebra", "dotted": "a Dalmatian"}


def _quiet(s: Suite, p: Product, terms: list[str]) -> bool:
    return s.clean(p, terms) and not any(
        t.lower() in (v.lower() for v in vals) for t in terms for vals in p.options.values()
    )


def like_hearts(s: Suite, n: int = 5) -> None:
    """Official 74: the product of this page that looks most like a row of hearts of a colour into the cart: the
    only one showing that colour, or the only one of that colour showing that many things."""
    template = "Can you add the product on this page that looks most like {emojis} to my cart?"
    cands = []
    for page in pages(s):
        for p in page.products:
            ph = p.photos[0]
            if ph.color not in HEARTS or p.options or p.id in s.official_products or not 1 <= ph.count <= 5:
                continue
            same = [x for x in page.products if x.photos[0].color == ph.color and x.id != p.id]
            if any(x.photos[0].count == ph.count for x in same):
                continue
            if _quiet(s, p, [str(ph.color), NUMBER_WORDS[ph.count]]) and all(
                _quiet(s, x, [str(ph.color)]) for x in same
            ):
                cands.append((p, page, same))
    for p, page, same in s.fresh(cands, n):
        ph = p.photos[0]
        args = {"emojis": HEARTS[str(ph.color)] * ph.count}
        s.cart_job(
            74,
            template,
            args,
            p,
            page.url,
            grounding=s.ground([p, *same], [str(ph.color)]),
            comments=f"{ph.count} {ph.color} thing(s) in its photo; any other {ph.color} product here shows "
            "another number",
        )


def lookalike_to_wishlist(s: Suite, n: int = 3) -> None:
    """Official 75: the product of a kind on this page whose pattern looks like a well-known thing, onto the wish
    list."""
    template = "Can you put the {kinds} on this page that look like they were cut from {reference} on my wish list?"
    cands = [
        (p, page)
        for page in pages(s)
        for p, fact in looks_on(s, page, page.products, options=None)
        if fact == "pattern" and p.photos[0].pattern in LOOKALIKES and p.id not in s.wishlist_ids
    ]
    for p, page in s.fresh(cands, n):
        kind = p.photos[0].kind
        args = {
            "kinds": kind if kind.endswith("s") and not kind.endswith("ss") else plural(kind),
            "reference": LOOKALIKES[p.photos[0].pattern],
        }
        s.wish_job(
            75,
            template,
            args,
            p,
            page.url,
            grounding=s.ground([p], [p.photos[0].pattern]),
            comments=f"its photo shows a {p.photos[0].pattern} pattern; no other {p.photos[0].kind} here does",
        )


def count_in_photo(s: Suite, n: int = 1) -> None:
    """Official 70: how many things the photo of the product of a colour on this page shows."""
    template = "How many {kinds} does the picture of the {look} on this page show?"
    cands = []
    for page in pages(s):
        for p, fact in looks_on(s, page, page.products, options=None):
            count = p.photos[0].count
            if fact == "color" and 2 <= count <= 9 and _quiet(s, p, [NUMBER_WORDS[count]]):
                cands.append((p, fact, page))
    for p, fact, page in s.fresh(cands, n):
        count = p.photos[0].count
        kind = p.photos[0].kind
        args = {
            "kinds": kind if kind.endswith("s") and not kind.endswith("ss") else plural(kind),
            "look": look_words(p, fact),
        }
        s.mirror(
            70,
            template,
            args,
            start_url=page.url,
            eval_=answer_eval({"must_include": [f"{count} |OR| {NUMBER_WORDS[count]}"]}),
            solution=[stop(str(count), "its photo")],
            grounding=s.ground([p], [str(p.photos[0].color), NUMBER_WORDS[count]]),
        )


TEMPLATES = [like_hearts, lookalike_to_wishlist, count_in_photo]
