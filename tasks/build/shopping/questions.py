"""Shopping templates that ask a question answered from the store's pages (string_match), and the
unachievable ones.
"""

from __future__ import annotations

from collections import defaultdict

from sites.shopping.data import Product

from ..evals import answer_eval, goto, stop
from ..text import NUMBER_WORDS, plural, price_text
from .base import SITE, Suite, leaf, page_url, pick
from .official import difficulty
from .order_steps_r5sp import to_order


def price_pictured(s: Suite, count: int = 4) -> None:
    template = "How much does the product in this picture cost? It is sold under {leaf}."
    cands = [p for p in s.products if s.unique_look(p) and len(s.peers(p)) >= 1]
    for p in pick(s, cands, count):
        args = {"leaf": leaf(p)}
        image = s.product_image(p)
        solution = [*s.open_from_leaf(p), stop(price_text(p.final_price))]
        s.mirror(
            36,
            template,
            args,
            image=image,
            eval_=answer_eval({"must_include": [price_text(p.final_price)]}),
            solution=solution,
        )


def _leaf_question(
    s: Suite, template: str, args: dict, p: Product, ev: dict, answer: str, difficulty: tuple, note: str = "", **task
) -> None:
    """A question of our own, answered (`answer`, read where `note` says) on the page of `p` opened from its leaf
    category."""
    solution = [*s.open_from_leaf(p), stop(answer, note)]
    s.fill(template, args, eval_=ev, solution=solution, difficulty=difficulty, **task)


def higher_rating_pair(s: Suite) -> None:
    template = (
        "Both products in this picture are sold under {leaf}. Which has the higher customer rating, the "
        "left one or the right one?"
    )
    cands = []
    for p in s.products:
        if not p.reviews or not s.unique_look(p):
            continue
        for x in s.peers(p):
            if x.id > p.id and x.reviews and s.unique_look(x) and abs(x.rating_percent - p.rating_percent) >= 10:
                cands.append((p, x))
                break
    for n, (a, b) in enumerate(pick(s, cands, 3)):
        left, right = (a, b) if n % 2 == 0 else (b, a)
        answer, other = ("left", "right") if left.rating_percent > right.rating_percent else ("right", "left")
        args = {"leaf": leaf(a)}
        image = s.pair_image(left, right)
        solution = s.open_from_leaf(left) + s.open_from_leaf(right) + [stop(answer)]
        s.fill(
            template,
            args,
            image=image,
            eval_=answer_eval({"must_include": [answer], "must_exclude": [other]}),
            solution=solution,
            difficulty=("medium", "hard", "hard"),
        )


def rating_by_color(s: Suite) -> None:
    template = "What percentage rating does the {color} {noun} in {leaf} have? Answer with the number."
    cands = s.visual("color", extra=lambda p: len(p.reviews) >= 1)
    for p in pick(s, cands, 3):
        args = {"color": p.photos[0].color, "noun": p.photos[0].kind, "leaf": leaf(p)}
        ev = answer_eval({"required_values": [f"== {p.rating_percent}"]})
        ground = s.ground([p], [p.photos[0].color])
        _leaf_question(
            s, template, args, p, ev, str(p.rating_percent), ("medium", "medium", "medium"), grounding=ground
        )


def reviews_pictured(s: Suite) -> None:
    template = "How many reviews does the product in this picture have? You'll find it under {leaf}."
    cands = [p for p in s.products if s.unique_look(p) and len(s.peers(p)) >= 1 and len(p.reviews) >= 2]
    for p in pick(s, cands, 3):
        args = {"leaf": leaf(p)}
        ev = answer_eval({"required_values": [f"== {len(p.reviews)}"]})
        image = s.product_image(p)
        _leaf_question(s, template, args, p, ev, str(len(p.reviews)), ("easy", "medium", "easy"), image=image)


def printed_here(s: Suite) -> None:
    template = "What is printed on the {noun} in this product's main photo?"
    cands = [p for p in s.products if p.photos[0].printed_text and s.clean(p, [p.photos[0].printed_text])]
    for p in pick(s, cands, 3):
        text = p.photos[0].printed_text
        args = {"noun": p.photos[0].kind}
        s.fill(
            template,
            args,
            start_url=page_url(p),
            eval_=answer_eval({"exact_match": text}),
            solution=[stop(text, "read off the photo")],
            difficulty=("easy", "medium", "easy"),
            grounding=s.ground([p], [text]),
        )


def count_here(s: Suite) -> None:
    template = "How many {noun} does the main photo of this product show?"
    cands = [
        p
        for p in s.products
        if p.photos[0].count >= 3 and s.clean(p, [str(p.photos[0].count), NUMBER_WORDS[p.photos[0].count]])
    ]
    for p in pick(s, cands, 3):
        c = p.photos[0].count
        args = {"noun": plural(p.photos[0].kind)}
        s.mirror(
            67,
            template,
            args,
            start_url=page_url(p),
            eval_=answer_eval({"required_values": [f"== {c}"]}),
            solution=[stop(str(c), "counted on the photo")],
            grounding=s.ground([p], [c, NUMBER_WORDS[c]]),
        )


def color_here(s: Suite) -> None:
    template = "What colour is the {noun} in this product's photo? Answer with one word."
    cands = [
        p
        for p in s.products
        if p.photos[0].color and p.photos[0].pattern == "plain" and not p.options and s.clean(p, [p.photos[0].color])
    ]
    for p in pick(s, cands, 3):
        args = {"noun": p.photos[0].kind}
        s.fill(
            template,
            args,
            start_url=page_url(p),
            eval_=answer_eval({"exact_match": p.photos[0].color}),
            solution=[stop(p.photos[0].color)],
            difficulty=("easy", "easy", "easy"),
            grounding=s.ground([p], [p.photos[0].color]),
        )


def pattern_here(s: Suite) -> None:
    template = "Is the {noun} in this product's photo plain, striped, checked or dotted?"
    cands = [p for p in s.products if p.photos[0].pattern != "plain" and s.clean(p, [p.photos[0].pattern])]
    for p in pick(s, cands, 3):
        args = {"noun": p.photos[0].kind}
        pattern = p.photos[0].pattern
        others = [x for x in ("plain", "striped", "checked", "dotted") if x != pattern]
        s.fill(
            template,
            args,
            start_url=page_url(p),
            eval_=answer_eval({"must_include": [pattern], "must_exclude": others}),
            solution=[stop(pattern)],
            difficulty=("easy", "medium", "easy"),
            grounding=s.ground([p], [pattern]),
        )


def cheaper_of_two_tabs(s: Suite) -> None:
    template = "These two tabs show two {noun}. Which costs less, the {color_a} one or the {color_b} one?"

    def other_color_price(p: Product, x: Product) -> bool:
        c, cx = str(p.photos[0].color), x.photos[0].color
        return bool(
            x.id > p.id
            and cx
            and cx != c
            and not x.options
            and x.final_price != p.final_price
            and s.clean(x, [cx, c])
            and s.clean(p, [cx])
        )

    cands = s.color_pairs(other_color_price)
    for a, b in pick(s, cands, 3):
        cheap, dear = (a, b) if a.final_price < b.final_price else (b, a)
        args = {"noun": plural(a.photos[0].kind), "color_a": a.photos[0].color, "color_b": b.photos[0].color}
        s.fill(
            template,
            args,
            start_url=f"{page_url(a)} |AND| {page_url(b)}",
            eval_=answer_eval({"must_include": [cheap.photos[0].color], "must_exclude": [dear.photos[0].color]}),
            solution=[{"do": "tab_focus", "index": 1}, stop(cheap.photos[0].color)],
            difficulty=("easy", "medium", "medium"),
            grounding=s.ground([a, b], [a.photos[0].color, b.photos[0].color]),
        )


def count_color_on_listing(s: Suite) -> None:
    template = (
        "On the first page of {leaf} sorted by price (lowest first, 12 per page), how many products show "
        "something {color} in their photo?"
    )
    cands = []
    for _cid, name, path, level in s.categories():
        if level != 3:
            continue
        total, ids = s.data.category_listing(path, "price", "asc", 1, 12)
        if total < 12:
            continue
        page = [s.data.product(i) for i in ids]
        colors = [p.photos[0].color for p in page]
        for color in sorted({c for c in colors if c}):
            n = colors.count(color)
            hits = [p for p in page if p.photos[0].color == color]
            if n >= 2 and all(s.clean(p, [color]) for p in page):
                cands.append((page[0], name, path, color, n, hits))
                break
    for _first, name, path, color, n, hits in pick(s, cands, 3):
        args = {"leaf": name, "color": color}
        url = f"{SITE}/{path}.html?product_list_order=price&product_list_dir=asc"
        s.fill(
            template,
            args,
            start_url=url,
            eval_=answer_eval({"required_values": [f"== {n}"]}),
            solution=[stop(str(n))],
            difficulty=("medium", "hard", "hard"),
            grounding=s.ground(hits, [color]),
        )


def brand_pictured(s: Suite) -> None:
    template = "Which brand makes the product in this picture? It is sold under {leaf}."
    cands = [
        p
        for p in s.products
        if p.attributes.get("Brand")
        and s.unique_look(p)
        and len(s.peers(p)) >= 1
        and all(x.attributes.get("Brand") != p.attributes["Brand"] for x in s.peers(p))
    ]
    for p in pick(s, cands, 3):
        args = {"leaf": leaf(p)}
        image = s.product_image(p, "sketch")
        brand = p.attributes["Brand"]
        ev, note = answer_eval({"exact_match": brand}), "Brand row of More Information"
        _leaf_question(s, template, args, p, ev, brand, ("medium", "medium", "medium"), note, image=image)


def sku_by_color(s: Suite) -> None:
    template = "What is the SKU of the {color} {noun} in {leaf}?"
    cands = s.visual("color")
    for p in pick(s, cands, 3):
        args = {"color": p.photos[0].color, "noun": p.photos[0].kind, "leaf": leaf(p)}
        ev, ground = answer_eval({"exact_match": p.sku}), s.ground([p], [p.photos[0].color])
        _leaf_question(s, template, args, p, ev, p.sku, ("easy", "medium", "medium"), grounding=ground)


def material_by_pattern(s: Suite) -> None:
    template = "What material is the {pattern} {noun} in {leaf} made of?"
    cands = s.visual("pattern", extra=lambda p: p.photos[0].pattern != "plain" and "Material" in p.attributes)
    for p in pick(s, cands, 3):
        args = {"pattern": p.photos[0].pattern, "noun": p.photos[0].kind, "leaf": leaf(p)}
        material = p.attributes["Material"]
        ev, ground = answer_eval({"must_include": [material]}), s.ground([p], [p.photos[0].pattern])
        _leaf_question(s, template, args, p, ev, material, ("easy", "medium", "medium"), grounding=ground)


def order_total(s: Suite) -> None:
    template = "How much did I pay in total for the order I placed on {date}?"
    dates = defaultdict(list)
    for o in s.orders:
        dates[o.created_at[:10]].append(o)
    picked = [os[0] for d, os in sorted(dates.items()) if len(os) == 1][1::4][:3]
    for o in picked:
        date = o.created_at[:10]
        args = {"date": date}
        s.fill(
            template,
            args,
            eval_=answer_eval({"must_include": [price_text(o.grand_total)]}),
            solution=[*to_order(s, o), stop(price_text(o.grand_total))],  # round 5: reached as a person does
            difficulty=("easy", "easy", "easy"),
        )


def order_size(s: Suite) -> None:
    template = 'Which size did I choose for "{name}" in order #{number}?'
    cands = [(o, i) for o in s.orders for i in o.items if "Size" in i.options]
    for o, i in cands[:: max(1, len(cands) // 3)][:3]:
        args = {"name": i.name, "number": o.increment_id}
        s.fill(
            template,
            args,
            eval_=answer_eval({"exact_match": i.options["Size"]}),
            solution=[*to_order(s, o), stop(i.options["Size"])],  # round 5: reached as a person does
            difficulty=("easy", "easy", "easy"),
        )


def order_status(s: Suite) -> None:
    template = "What is the status of my order #{number}?"
    seen = set()
    for o in s.orders:
        if o.status in seen:
            continue
        seen.add(o.status)
        args = {"number": o.increment_id}
        s.fill(
            template,
            args,
            eval_=answer_eval({"must_include": [o.status]}),
            solution=[goto(f"{SITE}/sales/order/history/"), stop(o.status.capitalize())],
            difficulty=("easy", "easy", "easy"),
        )
        if len(seen) == 3:
            break


def my_review_stars(s: Suite) -> None:
    template = 'How many stars did I give "{name}" in my review?'
    for p, r in s.data.customer_reviews()[:3]:
        args = {"name": p.name}
        s.fill(
            template,
            args,
            eval_=answer_eval({"required_values": [f"== {r.rating}"]}),
            solution=[goto(f"{SITE}/review/customer/"), stop(str(r.rating))],
            difficulty=("easy", "easy", "easy"),
        )


def wishlist_color_price(s: Suite) -> None:
    template = "One item in my wish list shows a {color} {noun}. What does it cost now?"
    wish = s.data.wishlist()
    for p in wish:
        c = p.photos[0].color
        same = [x for x in wish if x.photos[0].kind == p.photos[0].kind and x.id != p.id]
        if not c or p.options or not s.clean(p, [c]) or same:
            continue
        args = {"color": c, "noun": p.photos[0].kind}
        s.fill(
            template,
            args,
            eval_=answer_eval({"must_include": [price_text(p.final_price)]}),
            solution=[goto(f"{SITE}/wishlist/"), stop(price_text(p.final_price))],
            difficulty=("easy", "medium", "easy"),
            grounding=s.ground([p], [c]),
        )


def most_reviewed_in_leaf(s: Suite) -> None:
    template = "Which product in {leaf} has the most reviews? Give its name."
    cands = []
    for _cid, _name, path, level in s.categories():
        if level != 3:
            continue
        total, ids = s.data.category_listing(path, "position", "asc", 1, 36)
        if not 4 <= total <= 36:
            continue
        prods = sorted((s.data.product(i) for i in ids), key=lambda p: -len(p.reviews))
        if len(prods[0].reviews) > len(prods[1].reviews):
            cands.append((prods[0], path))
    for p, path in pick(s, cands, 3):
        args = {"leaf": leaf(p)}
        s.fill(
            template,
            args,
            eval_=answer_eval({"must_include": [p.name]}),
            solution=[goto(f"{SITE}/{path}.html?product_list_limit=36"), stop(p.name)],
            difficulty=("medium", "easy", "medium"),
        )


def unachievable(s: Suite) -> None:
    from sites.imagery import COLORS

    template = "Buy the {color} {noun} sold under {leaf}."
    cands = []
    for _key, group in sorted(s.groups.items()):
        present = {p.photos[0].color for p in group}
        if len(group) >= 2 and all(p.photos[0].color for p in group):
            missing = sorted(set(COLORS) - present)
            if missing:
                cands.append((group[0], missing[len(group) % len(missing)], group))
    for p, color, group in pick(s, cands, 4):
        args = {"color": color, "noun": p.photos[0].kind, "leaf": leaf(p)}
        note = f"No {color} {p.photos[0].kind} is sold under {leaf(p)}."
        s.fill(
            template,
            args,
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[goto(s.listing_url(p), "none of these photos shows that colour"), stop("N/A")],
            difficulty=difficulty(130),
            official=None,
            grounding=s.ground(group, [color]),
            comments="unachievable: " + note,
        )  # official 130 buys an item that exists (program_html)
    template2 = "Cancel my order #{number}."
    numbers = {o.increment_id for o in s.orders}
    for n in (7, 42, 118, 260):
        number = f"{n:09d}"
        if number in numbers:
            continue
        note = f"There is no order #{number} in the account."
        args = {"number": number}
        s.fill(
            template2,
            args,
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[goto(f"{SITE}/sales/order/history/"), stop("N/A")],
            difficulty=("easy", "easy", "easy"),
            comments="unachievable: " + note,
        )
