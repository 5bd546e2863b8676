"""Round-4 (r4-spa) official shopping kinds on the facts sites/shopping/facts_r4spa.py adds to the More Information
table (nutrition of food, the size chart of letter-sized apparel, the capacity of containers):

- 100: the calories in a serving, or in a whole container, of the food a look names on a category page;
- 99: which letter size of the garment a look names on a category page fits a chest measure;
- 58: the cheapest product of a kind in a category that holds at least an amount, into the cart (one task asks for
  a kind of thing the store does not sell: N/A);
- 59: the product a look names, into the cart, on condition that it holds at least an amount (it does).
"""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import answer_eval, stop, type_in
from .base import Suite, cart_eval, leaf, open_card
from .page_kinds import look_words, looks_on, pages

SIZE_WORDS = {
    "XS": "XS |OR| Extra Small |OR| X-Small",
    "S": "S |OR| Small",
    "M": "M |OR| Medium",
    "L": "L |OR| Large",
    "XL": "XL |OR| Extra Large |OR| X-Large",
}
UNIT_WORDS = {"liters": "liters", "fl oz": "fluid ounces"}


def _int(p: Product, label: str) -> int | None:
    value = p.attributes.get(label, "")
    return int(value) if value.isdigit() else None


def capacity(p: Product) -> tuple[int, str] | None:
    """(amount, unit) of the Capacity row: "24 liters" -> (24, "liters")."""
    amount, _, unit = p.attributes.get("Capacity", "").partition(" ")
    return (int(amount), unit) if amount.isdigit() and unit in UNIT_WORDS else None


def chart(p: Product) -> list[tuple[str, int, int]]:
    """The Size Chart row as (size, lowest chest, highest chest) in inches."""
    out = []
    for part in p.attributes.get("Size Chart", "").removesuffix(" (chest)").split("; "):
        size, _, span = part.partition(": ")
        low, _, high = span.removesuffix(" in").partition("-")
        if low.isdigit() and high.isdigit():
            out.append((size, int(low), int(high)))
    return out


def calories(s: Suite, n: int = 4) -> None:
    """Official 100: the calories in one serving (two tasks) or in the whole container (two tasks)."""
    template = "How many calories are in {how} of the {look} on this page?"
    cands = []
    for page in pages(s, 1):
        if not page.path.startswith("grocery-gourmet-food/"):
            continue
        for p, fact in looks_on(s, page, page.products, options=None):
            if _int(p, "Calories per Serving") and _int(p, "Servings per Container"):
                cands.append((p, fact, page))
    for k, (p, fact, page) in enumerate(s.fresh(cands, n)):
        per, servings = _int(p, "Calories per Serving") or 0, _int(p, "Servings per Container") or 0
        how, answer = ("one serving", per) if k % 2 == 0 else ("the whole container", per * servings)
        args = {"how": how, "look": look_words(p, fact)}
        note = (
            "Calories per Serving" if k % 2 == 0 else f"Calories per Serving {per} x Servings per Container {servings}"
        )
        s.mirror(
            100,
            template,
            args,
            start_url=page.url,
            eval_=answer_eval({"must_include": [str(answer)]}),
            solution=[open_card(p), stop(str(answer), note)],
            grounding=s.look_ground(p, fact),
        )


def size_for_chest(s: Suite, n: int = 3) -> None:
    """Official 99: the letter size of the garment a look names whose chest range holds a measure."""
    template = "Which size of the {look} on this page should I order if my chest measures {chest} inches?"
    cands = []
    for page in pages(s, 1):
        for p, fact in looks_on(s, page, page.products, options=True):
            if len(chart(p)) == 5:
                cands.append((p, fact, page))
    for k, (p, fact, page) in enumerate(s.fresh(cands, n)):
        size, low, high = chart(p)[(1, 3, 2)[k % 3]]
        chest = (low + high) // 2
        args = {"look": look_words(p, fact), "chest": str(chest)}
        s.mirror(
            99,
            template,
            args,
            start_url=page.url,
            eval_=answer_eval({"must_include": [SIZE_WORDS[size]]}),
            solution=[open_card(p), stop(size, f"Size Chart in More Information: {size} fits {low}-{high} in")],
            grounding=s.look_ground(p, fact),
        )


def cheapest_that_holds(s: Suite, n: int = 1) -> None:
    """Official 58: the cheapest product of a kind in a leaf holding at least an amount, into the cart; a cheaper
    one of that kind there holds less. Then one task asks for a kind of thing the store does not sell."""
    template = "Add the cheapest {kind} from {leaf} that holds at least {amount} {unit} to my shopping cart."
    cands = []
    for (url, kind), group in sorted(s.groups.items()):
        everything = [s.data.product(i) for i in _leaf_ids(s, url)]
        same = sorted(
            (x for x in everything if x.photos[0].kind == kind and capacity(x)), key=lambda x: (x.final_price, x.id)
        )
        for i, p in enumerate(same[1:], start=1):
            need = (capacity(p) or (0, ""))[0]
            cheaper = same[:i]
            if (
                all((capacity(x) or (0, ""))[0] < need for x in cheaper)
                and p in group
                and not p.options
                and s.unique_look(p)
                and len({x.final_price for x in same[: i + 1]}) == i + 1
            ):
                cands.append((p, need))
                break
    for p, need in s.fresh(cands, n):
        cap = capacity(p) or (0, "liters")
        args = {"kind": p.photos[0].kind, "leaf": leaf(p), "amount": str(need), "unit": UNIT_WORDS[cap[1]]}
        s.mirror(
            58,
            template,
            args,
            eval_=cart_eval(p),
            solution=s.open_from_leaf(p) + s.add_to_cart(p) + [stop("")],
            require_reset=True,
            comments="every cheaper one of its kind there holds less (Capacity in More Information)",
        )
    template_na = "Add the cheapest {thing} that {holds} to my shopping cart."
    from sites.imagery import KINDS

    for thing, holds in (("tent", "sleeps four people"), ("minivan", "seats seven people")):
        total, _ = s.data.search(thing)
        if total or any(thing in k.nouns for k in KINDS.values()):  # a noun of a kind: a canoe may be a kayak
            continue
        note = f"The store sells no {thing}."
        args = {"thing": thing, "holds": holds}
        s.na_job(58, template_na, args, note, [type_in("#search", thing, enter=True), stop("N/A")])
        break


def _leaf_ids(s: Suite, url: str) -> list[int]:
    path = url[1 : -len(".html")]
    total, _ = s.data.category_listing(path, "position", "asc", 1, 1)
    return s.data.category_listing(path, "position", "asc", 1, max(1, total))[1]


def add_if_it_holds(s: Suite, n: int = 2) -> None:
    """Official 59: the product a look names on a category page, into the cart if it holds at least an amount."""
    template = (
        "I'm thinking about the {look} on this page, but only if it holds at least {amount} {unit}. "
        "If it does, can you add it to my cart?"
    )
    cands = []
    for page in pages(s, 1):
        for p, fact in looks_on(s, page, page.products):
            if capacity(p):
                cands.append((p, fact, page))
    for p, fact, page in s.fresh(cands, n):
        amount, unit = capacity(p) or (0, "liters")
        args = {"look": look_words(p, fact), "amount": str(amount - 2), "unit": UNIT_WORDS[unit]}
        s.cart_job(
            59,
            template,
            args,
            p,
            page.url,
            grounding=s.look_ground(p, fact),
            comments=f"Capacity: {amount} {unit}",
        )


TEMPLATES = [calories, size_for_chest, cheapest_that_holds, add_if_it_holds]
