"""Classifieds templates that ask about listings as the site shows them (prices, counts, colours, printed
text, damage; on one page, two tabs or a results page), and the unachievable ones.
"""

from __future__ import annotations

from collections import defaultdict

from sites.classifieds.queries import PAGE_SIZE
from sites.classifieds.schema import CATEGORIES

from ..evals import answer_eval, stop, url_eval
from ..text import NUMBER_WORDS, plural, price_text
from .base import CONDITION_SENTENCES, SITE, Suite, clean_of, colours_in_cities, grouped, lone_colours


def cheapest_color_kind(s: Suite) -> None:
    template = "Find the cheapest listing in {category} whose photo shows a {color} {noun}, and open its page."
    groups = grouped(s.rows, lambda r: (r.category_id, r.kind, r.color), lambda r: r.color)
    cands = []
    for (cat, _kind, color), rows in groups:
        if len(rows) < 2:
            continue
        best = min(rows, key=lambda r: (r.price, r.id))
        results = s.search(category_id=cat, order="price_asc")
        if results.index(best) < 40 and clean_of([best], [color]):
            cands.append(best)
    for r in s.fresh(cands, 3):
        results = s.search(category_id=r.category_id, order="price_asc")
        args = {"category": r.category, "color": r.color, "noun": r.kind}
        s.mirror(
            0,
            template,
            args,
            eval_=url_eval(r.url),
            solution=s.navigate_to(
                r,
                results,
                "cheapest first in the category",
                sCategory=r.category_id,
                sOrder="i_price",
                iOrderType="asc",
            ),
            grounding={"listings": [r.id], "visual_terms": [r.color]},
        )


def newest_with_count(s: Suite) -> None:
    template = (
        "Open the most recently posted listing in {category} in {region} whose photo shows exactly "
        "{count_word} {noun_plural}."
    )
    groups = grouped(s.rows, lambda r: (r.category_id, r.region_id, r.kind, r.count), lambda r: r.count >= 2)
    cands = []
    for key, rows in groups:
        newest = max(rows, key=lambda r: (r.pub_date, r.id))
        same_kind = [r for r in s.search(category_id=key[0], region_id=key[1]) if r.kind == key[2]]
        if len(same_kind) >= 2 and clean_of([newest], [str(newest.count), NUMBER_WORDS[newest.count]]):
            cands.append(newest)
    for r in s.fresh(cands, 3):
        results = s.search(category_id=r.category_id, region_id=r.region_id)
        args = {
            "category": r.category,
            "region": r.region,
            "count_word": NUMBER_WORDS[r.count],
            "noun_plural": plural(r.kind),
        }
        s.mirror(
            43,
            template,
            args,
            eval_=url_eval(r.url),
            solution=s.navigate_to(r, results, "newest first", sCategory=r.category_id, sRegion=r.region_id),
            grounding={"listings": [r.id], "visual_terms": [str(r.count), NUMBER_WORDS[r.count]]},
        )


PRICE_IN_CITY = "What is the asking price of the {color} {noun} listed in {city}? Answer with the number of dollars."


def price_of_color_in_city(s: Suite) -> None:
    template = PRICE_IN_CITY
    cands = lone_colours(s)
    for r in s.fresh(cands, 3):
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        args = {"color": r.color, "noun": r.kind, "city": r.city}
        solution = s.open_in_results(
            r, results, "the city's listings in the item's category", sCategory=r.category_id, sCity=r.city_id
        )
        solution.append(stop(price_text(r.price), "price shown on the listing"))
        s.fill(
            template,
            args,
            eval_=answer_eval({"required_values": [f"== {price_text(r.price)}"]}),
            solution=solution,
            difficulty=("medium", "easy", "medium"),
            grounding={"listings": [r.id], "visual_terms": [r.color]},
        )


def here_job(s: Suite, official: int, template: str, args: dict, r, terms: list, must: str, said: dict) -> None:
    """A question on the page of listing `r` whose answer must include `must`; the reference stops with `said`."""
    ev, grounding = answer_eval({"must_include": [must]}), {"listings": [r.id], "visual_terms": terms}
    s.mirror(official, template, args, start_url=r.url, eval_=ev, solution=[said], grounding=grounding)


def printed_text_here(s: Suite) -> None:
    template = "What is printed on the {noun} in the photo of this listing?"
    cands = [r for r in s.rows if r.text and clean_of([r], [r.text])]
    for r in s.fresh(cands, 3):
        args = {"noun": r.kind}
        here_job(s, 38, template, args, r, [r.text], r.text, stop(r.text, "read off the photo"))


def count_here(s: Suite) -> None:
    template = "How many {noun_plural} can you see in the first photo of this listing?"
    cands = [r for r in s.rows if r.count >= 3 and clean_of([r], [str(r.count), NUMBER_WORDS[r.count]])]
    for r in s.fresh(cands, 3):
        args = {"noun_plural": plural(r.kind)}
        terms, must = [str(r.count), NUMBER_WORDS[r.count]], f"{r.count} |OR| {NUMBER_WORDS.get(r.count, r.count)}"
        here_job(s, 37, template, args, r, terms, must, stop(str(r.count)))


def color_here(s: Suite) -> None:
    template = "What colour is the {noun} shown in this listing? Answer with one colour word."
    cands = [r for r in s.rows if r.color and r.pattern == "plain" and clean_of([r], [r.color])]
    for r in s.fresh(cands, 3):
        args = {"noun": r.kind}
        here_job(s, 67, template, args, r, [r.color], r.color, stop(r.color))


def damaged_here(s: Suite) -> None:
    template = (
        "Does the photo of this listing show the {noun} damaged (cracked, scratched or dented)? Answer yes or no."
    )
    cands = [
        r
        for r in s.rows
        if r.condition in ("damaged", "new")
        and clean_of([r], ("damaged", "broken", "cracked", "scratched", *CONDITION_SENTENCES))
    ]
    damaged = [r for r in cands if r.condition == "damaged"]
    new = [r for r in cands if r.condition == "new"]
    for r in s.fresh(damaged, 2) + s.fresh(new, 1):
        answer = "yes" if r.condition == "damaged" else "no"
        args = {"noun": r.kind}
        s.fill(
            template,
            args,
            start_url=r.url,
            eval_=answer_eval({"exact_match": answer}),
            solution=[stop(answer)],
            difficulty=("easy", "medium", "medium"),
            grounding={
                "listings": [r.id],
                "visual_terms": ["damaged", "broken", "cracked", "scratched", *CONDITION_SENTENCES],
            },
        )


def coloured_by_kind(s: Suite) -> dict[str, list]:
    """The listings whose photo has a colour, by kind."""
    by_kind = defaultdict(list)
    for r in s.rows:
        if r.color:
            by_kind[r.kind].append(r)
    return by_kind


def two_tabs(
    s: Suite, template: str, args: dict, urls: str, a, b, terms: list, ev: dict, said: str, difficulty
) -> None:
    """A question on listings `a` and `b`, open in two tabs (`urls`); the reference looks at the second tab."""
    solution = [{"do": "tab_focus", "index": 1}, stop(said)]
    grounding = {"listings": [a.id, b.id], "visual_terms": terms}
    s.fill(template, args, start_url=urls, eval_=ev, solution=solution, difficulty=difficulty, grounding=grounding)


def two_tab_pattern(s: Suite) -> None:
    template = (
        "Two {noun} listings are open in the two tabs. Which one shows a {pattern} {noun}? "
        "Answer with its price in dollars."
    )
    by_kind = coloured_by_kind(s)
    cands = []
    for _kind, rows in sorted(by_kind.items()):
        patterned = [r for r in rows if r.pattern != "plain" and clean_of([r], [r.pattern])]
        plain = [r for r in rows if r.pattern == "plain" and clean_of([r], ["striped", "dotted", "checked"])]
        for a, b in zip(patterned, plain, strict=False):
            if a.price != b.price:
                cands.append((a, b))
    for n, (a, b) in enumerate(s.fresh(cands, 3)):
        first, second = (a, b) if n % 2 == 0 else (b, a)
        args = {"noun": a.kind, "pattern": a.pattern}
        ev = answer_eval({"must_include": [price_text(a.price)], "must_exclude": [price_text(b.price)]})
        terms, urls = ["striped", "dotted", "checked"], f"{first.url} |AND| {second.url}"
        two_tabs(s, template, args, urls, a, b, terms, ev, price_text(a.price), ("easy", "medium", "medium"))


def cheaper_of_two_colors(s: Suite) -> None:
    template = (
        "Which is cheaper: the {color_a} {noun} or the {color_b} {noun} (open in the two tabs)? Answer with its colour."
    )
    by_kind = coloured_by_kind(s)
    cands = []
    for _kind, rows in sorted(by_kind.items()):
        for a, b in zip(rows[::2], rows[1::2], strict=False):
            if a.color != b.color and a.price != b.price and clean_of([a, b], [a.color, b.color]):
                cands.append((a, b))
    for a, b in s.fresh(cands, 3):
        cheap, dear = (a, b) if a.price < b.price else (b, a)
        args = {"color_a": a.color, "color_b": b.color, "noun": a.kind}
        ev = answer_eval({"must_include": [cheap.color], "must_exclude": [dear.color]})
        urls, difficulty = f"{a.url} |AND| {b.url}", ("medium", "easy", "medium")
        two_tabs(s, template, args, urls, a, b, [a.color, b.color], ev, cheap.color, difficulty)


def count_color_on_page(s: Suite) -> None:
    template = (
        "On the first page of {category} listings sorted by lowest price, how many listings show "
        "a {color} item in their photo?"
    )
    cands = []
    for cat_id, _name in enumerate(CATEGORIES, start=1):
        page = s.search(category_id=cat_id, order="price_asc")[:PAGE_SIZE]
        colors = sorted({r.color for r in page if r.color})
        for color in colors:
            n = sum(r.color == color for r in page)
            if n >= 2 and clean_of(page, [color]):
                cands.append((page[0], color, n, page))
    for first, color, n, page in s.fresh(cands, 3):
        args = {"category": first.category, "color": color}
        url = s.search_url(sCategory=first.category_id, sOrder="i_price", iOrderType="asc")
        s.mirror(
            10,
            template,
            args,
            start_url=url,
            eval_=answer_eval({"must_include": [f"{n} |OR| {NUMBER_WORDS.get(n, n)}"]}),
            solution=[stop(str(n))],
            grounding={"listings": [r.id for r in page], "visual_terms": [color]},
        )


def multi_item_count(s: Suite) -> None:
    template = "Among the {category} listings in {city}, how many have a photo showing more than one item?"
    cands = []
    groups = grouped(s.rows, lambda r: (r.category_id, r.city_id))
    for _key, rows in groups:
        n = sum(r.count > 1 for r in rows)
        if 4 <= len(rows) <= PAGE_SIZE and n >= 1 and clean_of(rows, ["lot", "set", "pair", "bundle"]):
            cands.append((rows[0], n, rows))
    for first, n, rows in s.fresh(cands, 3):
        args = {"category": first.category, "city": first.city}
        solution = [
            {
                "do": "goto",
                "url": s.search_url(sCategory=first.category_id, sCity=first.city_id),
                "note": "every listing fits on one page",
            },
            stop(str(n)),
        ]
        s.fill(
            template,
            args,
            eval_=answer_eval({"required_values": [f"== {n}"]}),
            solution=solution,
            difficulty=("hard", "medium", "hard"),
            grounding={"listings": [r.id for r in rows], "visual_terms": ["lot", "set", "pair", "bundle"]},
        )


def unachievable(s: Suite) -> None:
    template = PRICE_IN_CITY
    groups = colours_in_cities(s)
    from sites.imagery import COLORS

    cands = []
    for _key, rows in sorted(groups.items()):
        present = {r.color for r in rows}
        if len(rows) >= 2:
            missing = sorted(set(COLORS) - present)
            cands.append((rows[0], missing[len(rows) % len(missing)]))
    for r, color in s.fresh(cands, 2):
        args = {"color": color, "noun": r.kind, "city": r.city}
        note = f"No {color} {r.kind} is listed in {r.city}."
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        s.fill(
            template,
            args,
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[
                {
                    "do": "goto",
                    "url": s.search_url(sCategory=r.category_id, sCity=r.city_id),
                    "note": "none of these photos shows that colour",
                },
                stop("N/A"),
            ],
            difficulty=("medium", "medium", "medium"),
            grounding={"listings": [x.id for x in results if x.kind == r.kind], "visual_terms": [color]},
            comments="unachievable: " + note,
        )
    template2 = "Lower the price of your listing in {category} by $10."
    own_categories = {r.category for r in s.rows if r.user_id == 1}
    missing = [c for c in CATEGORIES if c not in own_categories]
    for category in missing[:2]:
        args = {"category": category}
        note = f"You have no listing in {category}."
        s.fill(
            template2,
            args,
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[{"do": "goto", "url": f"{SITE}/index.php?page=user&action=items"}, stop("N/A")],
            difficulty=("easy", "easy", "easy"),
            comments="unachievable: " + note,
        )
