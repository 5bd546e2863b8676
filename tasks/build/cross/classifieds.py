"""Multi-site kinds whose main site is classifieds (official templates of test_classifieds.raw.json that span sites).
Each function takes the multi-site Suite (tasks.build.multisite.Suite) and adds its tasks to it, picking with its own
random stream so the suite's older tasks do not move."""

from __future__ import annotations

import random

from sites.classifieds.queries import PAGE_SIZE

from ..classifieds.base import SITE as CLASSIFIEDS
from ..classifieds.base import Row, clean_of
from ..classifieds.onpage import reach
from ..evals import answer_eval, click, stop
from ..shopping.base import leaf, page_url
from .kit import SHOP, mirror, tab


def same_item(r: Row) -> bool:
    """A listing showing one plain thing with nothing printed on it: its kind and colour say what item it is."""
    return bool(r.color) and r.pattern == "plain" and r.count == 1 and not r.text


def cheaper_of_listings_and_store(s) -> None:
    """Official 14: the pictured item's cheapest classifieds listing against the store's cheapest one; the answer
    is the link of the cheaper. On classifieds, the item's category sorted by price, the first card of that
    colour (listings of the same kind in other colours come before it); in the store, the leaf the intent names
    sorted by price, the first product of that colour."""
    template = (
        "Find every listing of the item in this picture on the classifieds site, and compare the cheapest "
        'of them with the cheapest one the store sells under "{leaf}". Give me the link of whichever '
        "is cheaper."
    )
    rng = random.Random("3400:cross:classifieds:14")
    by_category: dict[int, list[Row]] = {}
    for r in s.rows:
        by_category.setdefault(r.category_id, []).append(r)
    cands = []
    for p in s.shop.products:
        ph = p.photos[0]
        if (
            not ph.color
            or ph.pattern != "plain"
            or (ph.count or 1) != 1
            or ph.printed_text
            or not s.shop.clean(p, [ph.color])
        ):
            continue
        same_look = [r for r in s.rows if r.kind == ph.kind and r.color == ph.color]
        if not same_look:
            continue
        cheapest = min(same_look, key=lambda r: (r.price, r.id))
        listed = sorted(by_category[cheapest.category_id], key=lambda r: (r.price, r.id))
        i = listed.index(cheapest)
        before = [r for r in listed[:i] if r.kind == ph.kind]
        if (
            i >= 2 * PAGE_SIZE
            or not before
            or not same_item(cheapest)
            or abs(cheapest.price - p.final_price) < 1
            or not clean_of([cheapest, *before], [ph.color])
        ):
            continue
        shop_same = [x for x in s.shop.products if x.photos[0].kind == ph.kind and x.photos[0].color == ph.color]
        if any(x.category_url != p.category_url or x.final_price < p.final_price for x in shop_same if x.id != p.id):
            continue
        page = listed[: (i // PAGE_SIZE + 1) * PAGE_SIZE]
        cands.append((cheapest, p, page, before))
    rng.shuffle(cands)
    picked: list = []
    for want_store in (True, False):  # one where the store wins, one where the listing does
        for c in cands:
            r, p = c[0], c[1]
            if (
                (p.final_price < r.price) == want_store
                and ("listings", r.id) not in s.taken
                and ("products", p.id) not in s.taken
            ):
                s.taken.update({("listings", r.id), ("products", p.id)})
                picked.append(c)
                break
    for r, p, page, before in sorted(picked, key=lambda c: c[0].id):
        color = r.color
        link = f"{SHOP}/{p.url_key}.html" if p.final_price < r.price else r.url
        solution = [
            *reach("category", "lowest", r, page, f"the first {color} {r.kind}"),
            tab(1, "the store"),
            {"do": "goto", "url": s.shop.listing_url(p, "price", "asc"), "note": "the leaf the intent names, by price"},
            click(f".product-item-link[href='/{p.url_key}.html']", f"the first {color} {r.kind}"),
            stop(link),
        ]
        mirror(
            s,
            14,
            template,
            {"leaf": leaf(p)},
            ["classifieds", "shopping"],
            start_url=f"{CLASSIFIEDS} |AND| {SHOP}",
            image=s.product_image(p),
            eval_=answer_eval({"must_include": [link]}),
            solution=solution,
            grounding={"listings": [r.id, *[b.id for b in before]], "products": [p.id], "visual_terms": [color]},
            comments=f"listing ${r.price:.2f} ({page_url(p).split('/')[-1]} ${p.final_price:.2f} in the store)",
        )


TEMPLATES: list = [cheaper_of_listings_and_store]
