"""Classifieds templates with an input image: find, open, price or the seller of the pictured listing."""

from __future__ import annotations

from ..evals import answer_eval, image_eval, stop, url_eval
from ..text import price_text
from .base import SITE, Suite, clean_of, grouped, lone_colours


def image_find(s: Suite) -> None:
    template = "I saw the item in this picture listed under {category} somewhere in {region}. Open its listing."
    groups = grouped(s.rows, lambda r: (r.category_id, r.region_id, r.kind), lambda r: r.color)
    cands = [
        r
        for key, rows in groups
        if len({x.color for x in rows}) >= 3
        for r in rows
        if [x.color for x in rows].count(r.color) == 1 and clean_of([r], [r.color])
    ]
    for n, r in enumerate(s.fresh(cands, 4)):
        style = "sketch" if n == 3 else "photo"
        image = s.listing_image(r, style)
        results = s.search(category_id=r.category_id, region_id=r.region_id)
        args = {"category": r.category, "region": r.region}
        s.mirror(
            25,
            template,
            args,
            image=image,
            eval_=url_eval(r.url),
            solution=s.navigate_to(
                r, results, "the region's listings in that category", sCategory=r.category_id, sRegion=r.region_id
            ),
            grounding={"listings": [r.id], "visual_terms": [r.color]},
            comments=f"input image: a {style} of the listing's item from another framing",
        )


def image_open_ssim(s: Suite) -> None:
    template = (
        "Open the listing of the {noun} in this picture; it is for sale in {city}. "
        "Stay on the listing page when you are done."
    )
    groups = grouped(s.rows, lambda r: (r.city_id, r.kind))
    cands = []
    for _key, rows in groups:
        if len(rows) >= 2:
            for r in rows:
                twins = [
                    x for x in rows if (x.color, x.count, x.text, x.pattern) == (r.color, r.count, r.text, r.pattern)
                ]
                if len(twins) == 1 and (r.color or r.text) and clean_of([r], [t for t in (r.color, r.text) if t]):
                    cands.append(r)
    for r in s.fresh(cands, 4):
        image = s.listing_image(r)
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        args = {"noun": r.kind, "city": r.city}
        terms = [t for t in (r.color, r.text) if t]
        ev = image_eval("last", ".item-photos", f"{SITE}/oc-content/uploads/{r.photo_id}.jpg")
        s.fill(
            template,
            args,
            image=image,
            eval_=ev,
            solution=s.navigate_to(
                r, results, "the city's listings in that category", sCategory=r.category_id, sCity=r.city_id
            ),
            difficulty=("easy", "medium", "medium"),
            grounding={"listings": [r.id], "visual_terms": terms},
            comments="scored by SSIM between the final page's listing photos and the target's own photo",
        )


def image_price(s: Suite) -> None:
    template = "How much is the seller asking for the item in this picture? It is listed in {city}."
    cands = lone_colours(s)
    for r in s.fresh(cands, 3):
        image = s.listing_image(r)
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        args = {"city": r.city}
        solution = s.open_in_results(
            r, results, "the city's listings in the item's category", sCategory=r.category_id, sCity=r.city_id
        )
        solution.append(stop(price_text(r.price)))
        s.fill(
            template,
            args,
            image=image,
            eval_=answer_eval({"required_values": [f"== {price_text(r.price)}"]}),
            solution=solution,
            difficulty=("medium", "medium", "medium"),
            grounding={"listings": [r.id], "visual_terms": [r.color]},
        )


def image_seller(s: Suite) -> None:
    template = (
        "Who is selling the item in this picture (listed under {category} in {region})? "
        "Answer with the seller's name as shown on the listing."
    )
    groups = grouped(s.rows, lambda r: (r.category_id, r.region_id, r.kind), lambda r: r.color)
    cands = []
    for _key, rows in groups:
        for r in rows:
            others = [x for x in rows if x is not r]
            if others and all(x.color != r.color and x.seller != r.seller for x in others) and clean_of([r], [r.color]):
                cands.append(r)
    for r in s.fresh(cands, 3):
        image = s.listing_image(r)
        results = s.search(category_id=r.category_id, region_id=r.region_id)
        args = {"category": r.category, "region": r.region}
        solution = s.open_in_results(
            r, results, "the region's listings in that category", sCategory=r.category_id, sRegion=r.region_id
        )
        solution.append(stop(r.seller))
        s.fill(
            template,
            args,
            image=image,
            eval_=answer_eval({"must_include": [r.seller]}),
            solution=solution,
            difficulty=("medium", "medium", "hard"),
            grounding={"listings": [r.id], "visual_terms": [r.color]},
        )
