"""The classifieds task templates: tasks/classifieds.json and tasks/images/classifieds/ from the pristine
database of the default data set (`python -m tasks.build classifieds`).

Every choice is deterministic: listings are picked by SQL-free Python filters over the data set in id order
and a fixed-seed random stream, so the same data gives byte-identical output. Each task records, under
`grounding`, the listings it touches and the visual words that must not appear in their text.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from sites.classifieds.data import ClassifiedsData, open_pristine
from sites.classifieds.queries import PAGE_SIZE
from sites.classifieds.schema import CATEGORIES

from . import suite_settings
from .evals import answer_eval, html_eval, stop, target, url_eval
from .suite import Suite as BaseSuite
from .text import NUMBER_WORDS, article, mentions, plural, price_text

SITE = "__CLASSIFIEDS__"
# the listing's price as a number: the official harness reads a located text with int() only ("$35.00" fails)
PRICE_VALUE = "lambda:parseFloat(document.querySelector('.price').textContent.replace(/[^0-9.]/g, ''))"
# Words of the generated descriptions that give the condition away (a task about condition avoids them).
CONDITION_SENTENCES = ("never used", "handful of times", "signs of use", "sold as is", "see the photos")


@dataclass(frozen=True)
class Row:
    id: int
    title: str
    description: str
    price: float
    pub_date: str
    category_id: int
    category: str
    region_id: int
    region: str
    city_id: int
    city: str
    seller: str
    user_id: int
    photo_id: int
    photo_seed: int
    photo_view: int
    kind: str
    color: str | None
    count: int
    text: str | None
    condition: str
    pattern: str
    comments: str

    @property
    def url(self) -> str:
        return f"{SITE}/index.php?page=item&id={self.id}"

    @property
    def card_css(self) -> str:
        return f"a.card-title[href='/index.php?page=item&id={self.id}']"

    def page_text(self) -> str:
        return " ".join((self.title, self.description, self.comments)).lower()


def load_rows(data: ClassifiedsData) -> list[Row]:
    conn = data.conn
    comments: dict[int, list[str]] = defaultdict(list)
    for r in conn.execute("SELECT item_id, title, body FROM comment ORDER BY id"):
        comments[r[0]].append(f"{r[1]} {r[2]}")
    rows = conn.execute(
        "SELECT item.id, item.title, item.description, item.price_cents, item.pub_date, item.category_id,"
        " category.name AS category, item.region_id, region.name AS region, item.city_id, city.name AS city,"
        " user.name AS seller, item.user_id, p.id AS photo_id, p.seed, p.view, p.kind, p.color, p.count,"
        " p.printed_text, p.condition, p.pattern FROM item"
        " JOIN photo p ON p.item_id = item.id AND p.position = 0"
        " JOIN category ON category.id = item.category_id JOIN region ON region.id = item.region_id"
        " JOIN city ON city.id = item.city_id JOIN user ON user.id = item.user_id ORDER BY item.id")
    return [Row(r[0], r[1], r[2], r[3] / 100, r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13],
                r[14], r[15] or 0, r[16], r[17], r[18] or 1, r[19], r[20], r[21], " ".join(comments[r[0]]))
            for r in rows]


class Suite(BaseSuite):
    """The classifieds suite: the listings of the pristine data, in id order."""

    site = "classifieds"
    grounding_key = "listings"

    def __init__(self, rows: list[Row], seed: int):
        super().__init__(seed)
        self.rows = rows
        self.by_id = {r.id: r for r in rows}

    # ---- data views -----------------------------------------------------------------------------
    def search(self, *, category_id=None, region_id=None, city_id=None, order="date_desc") -> list[Row]:
        out = [r for r in self.rows if (category_id is None or r.category_id == category_id)
               and (region_id is None or r.region_id == region_id) and (city_id is None or r.city_id == city_id)]
        if order == "price_asc":
            out.sort(key=lambda r: (r.price, r.id))
        else:
            out.sort(key=lambda r: (r.pub_date, r.id), reverse=True)
        return out

    @staticmethod
    def search_url(page: int = 1, **params) -> str:
        query = "&".join(f"{k}={v}" for k, v in params.items() if v is not None)
        return f"{SITE}/index.php?page=search&{query}" + (f"&iPage={page}" if page > 1 else "")

    def open_in_results(self, target: Row, results: list[Row], note: str, **params) -> list[dict]:
        """Steps: open the results page holding `target`, then click its card."""
        page = results.index(target) // PAGE_SIZE + 1
        return [{"do": "goto", "url": self.search_url(page, **params), "note": note},
                {"do": "click", "css": target.card_css, "note": "its photo matches"}]

    def navigate_to(self, target: Row, results: list[Row], note: str, **params) -> list[dict]:
        """`open_in_results` and stop there (tasks scored on the final page)."""
        return self.open_in_results(target, results, note, **params) + [stop("")]

    # ---- images ---------------------------------------------------------------------------------
    def listing_image(self, row: Row, style: str = "photo") -> str:
        from sites.imagery import PhotoSpec

        spec = PhotoSpec(kind=row.kind, color=row.color, count=row.count, text=row.text, condition=row.condition,
                         pattern=row.pattern, view=row.photo_view)
        return self.input_image(spec, row.photo_seed, style)


def clean_of(rows, terms) -> bool:
    return all(not mentions(r.page_text(), t) for r in rows for t in terms)


# ---- templates ----------------------------------------------------------------------------------------

def cheapest_color_kind(s: Suite) -> None:
    template = "Find the cheapest listing in {category} whose photo shows a {color} {noun}, and open its page."
    groups = defaultdict(list)
    for r in s.rows:
        if r.color:
            groups[(r.category_id, r.kind, r.color)].append(r)
    cands = []
    for (cat, kind, color), rows in sorted(groups.items()):
        if len(rows) < 2:
            continue
        best = min(rows, key=lambda r: (r.price, r.id))
        results = s.search(category_id=cat, order="price_asc")
        if results.index(best) < 40 and clean_of([best], [color]):
            cands.append(best)
    for r in s.fresh(cands, 3):
        results = s.search(category_id=r.category_id, order="price_asc")
        args = {"category": r.category, "color": r.color, "noun": r.kind}
        s.add(template, args, intent=template.format(**args), eval_=url_eval(r.url),
              solution=s.navigate_to(r, results, "cheapest first in the category",
                                         sCategory=r.category_id, sOrder="i_price", iOrderType="asc"),
              difficulty=("hard", "medium", "hard"),
              grounding={"listings": [r.id], "visual_terms": [r.color]})


def newest_with_count(s: Suite) -> None:
    template = ("Open the most recently posted listing in {category} in {region} whose photo shows exactly "
                "{count_word} {noun_plural}.")
    groups = defaultdict(list)
    for r in s.rows:
        if r.count >= 2:
            groups[(r.category_id, r.region_id, r.kind, r.count)].append(r)
    cands = []
    for key, rows in sorted(groups.items()):
        newest = max(rows, key=lambda r: (r.pub_date, r.id))
        same_kind = [r for r in s.search(category_id=key[0], region_id=key[1]) if r.kind == key[2]]
        if len(same_kind) >= 2 and clean_of([newest], [str(newest.count), NUMBER_WORDS[newest.count]]):
            cands.append(newest)
    for r in s.fresh(cands, 3):
        results = s.search(category_id=r.category_id, region_id=r.region_id)
        args = {"category": r.category, "region": r.region, "count_word": NUMBER_WORDS[r.count],
                "noun_plural": plural(r.kind)}
        s.add(template, args, intent=template.format(**args), eval_=url_eval(r.url),
              solution=s.navigate_to(r, results, "newest first", sCategory=r.category_id,
                                         sRegion=r.region_id),
              difficulty=("medium", "hard", "hard"),
              grounding={"listings": [r.id], "visual_terms": [str(r.count), NUMBER_WORDS[r.count]]})


def price_of_color_in_city(s: Suite) -> None:
    template = "What is the asking price of the {color} {noun} listed in {city}? Answer with the number of dollars."
    groups = defaultdict(list)
    for r in s.rows:
        if r.color:
            groups[(r.city_id, r.kind)].append(r)
    cands = []
    for key, rows in sorted(groups.items()):
        colors = [r.color for r in rows]
        for r in rows:
            if colors.count(r.color) == 1 and len(rows) >= 2 and clean_of([r], [r.color]):
                cands.append(r)
    for r in s.fresh(cands, 3):
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        args = {"color": r.color, "noun": r.kind, "city": r.city}
        solution = s.open_in_results(r, results, "the city's listings in the item's category",
                                     sCategory=r.category_id, sCity=r.city_id)
        solution.append(stop(price_text(r.price), "price shown on the listing"))
        s.add(template, args, intent=template.format(**args),
              eval_=answer_eval({"required_values": [f"== {price_text(r.price)}"]}), solution=solution,
              difficulty=("medium", "easy", "medium"),
              grounding={"listings": [r.id], "visual_terms": [r.color]})


def printed_text_here(s: Suite) -> None:
    template = "What is printed on the {noun} in the photo of this listing?"
    cands = [r for r in s.rows if r.text and clean_of([r], [r.text])]
    for r in s.fresh(cands, 3):
        args = {"noun": r.kind}
        s.add(template, args, intent=template.format(**args), start_url=r.url,
              eval_=answer_eval({"exact_match": r.text}), solution=[stop(r.text, "read off the photo")],
              difficulty=("easy", "medium", "easy"),
              grounding={"listings": [r.id], "visual_terms": [r.text]})


def count_here(s: Suite) -> None:
    template = "How many {noun_plural} can you see in the first photo of this listing?"
    cands = [r for r in s.rows if r.count >= 3 and clean_of([r], [str(r.count), NUMBER_WORDS[r.count]])]
    for r in s.fresh(cands, 3):
        args = {"noun_plural": plural(r.kind)}
        s.add(template, args, intent=template.format(**args), start_url=r.url,
              eval_=answer_eval({"required_values": [f"== {r.count}"]}), solution=[stop(str(r.count))],
              difficulty=("easy", "medium", "medium"),
              grounding={"listings": [r.id], "visual_terms": [str(r.count), NUMBER_WORDS[r.count]]})


def color_here(s: Suite) -> None:
    template = "What colour is the {noun} shown in this listing? Answer with one colour word."
    cands = [r for r in s.rows if r.color and r.pattern == "plain" and clean_of([r], [r.color])]
    for r in s.fresh(cands, 3):
        args = {"noun": r.kind}
        s.add(template, args, intent=template.format(**args), start_url=r.url,
              eval_=answer_eval({"exact_match": r.color}), solution=[stop(r.color)],
              difficulty=("easy", "easy", "easy"),
              grounding={"listings": [r.id], "visual_terms": [r.color]})


def damaged_here(s: Suite) -> None:
    template = ("Does the photo of this listing show the {noun} damaged (cracked, scratched or dented)? "
                "Answer yes or no.")
    cands = [r for r in s.rows if r.condition in ("damaged", "new")
             and clean_of([r], ("damaged", "broken", "cracked", "scratched") + CONDITION_SENTENCES)]
    damaged = [r for r in cands if r.condition == "damaged"]
    new = [r for r in cands if r.condition == "new"]
    for r in s.fresh(damaged, 2) + s.fresh(new, 1):
        answer = "yes" if r.condition == "damaged" else "no"
        args = {"noun": r.kind}
        s.add(template, args, intent=template.format(**args), start_url=r.url,
              eval_=answer_eval({"exact_match": answer}), solution=[stop(answer)],
              difficulty=("easy", "medium", "medium"),
              grounding={"listings": [r.id],
                         "visual_terms": ["damaged", "broken", "cracked", "scratched", *CONDITION_SENTENCES]})


def two_tab_pattern(s: Suite) -> None:
    template = ("Two {noun} listings are open in the two tabs. Which one shows a {pattern} {noun}? "
                "Answer with its price in dollars.")
    by_kind = defaultdict(list)
    for r in s.rows:
        if r.color:
            by_kind[r.kind].append(r)
    cands = []
    for kind, rows in sorted(by_kind.items()):
        patterned = [r for r in rows if r.pattern != "plain" and clean_of([r], [r.pattern])]
        plain = [r for r in rows if r.pattern == "plain" and clean_of([r], ["striped", "dotted", "checked"])]
        for a, b in zip(patterned, plain):
            if a.price != b.price:
                cands.append((a, b))
    for n, (a, b) in enumerate(s.fresh(cands, 3)):
        first, second = (a, b) if n % 2 == 0 else (b, a)
        args = {"noun": a.kind, "pattern": a.pattern}
        s.add(template, args, intent=template.format(**args), start_url=f"{first.url} |AND| {second.url}",
              eval_=answer_eval({"must_include": [price_text(a.price)], "must_exclude": [price_text(b.price)]}),
              solution=[{"do": "tab_focus", "index": 1}, stop(price_text(a.price))],
              difficulty=("easy", "medium", "medium"),
              grounding={"listings": [a.id, b.id], "visual_terms": ["striped", "dotted", "checked"]})


def cheaper_of_two_colors(s: Suite) -> None:
    template = ("Which is cheaper: the {color_a} {noun} or the {color_b} {noun} (open in the two tabs)? "
                "Answer with its colour.")
    by_kind = defaultdict(list)
    for r in s.rows:
        if r.color:
            by_kind[r.kind].append(r)
    cands = []
    for kind, rows in sorted(by_kind.items()):
        for a, b in zip(rows[::2], rows[1::2]):
            if a.color != b.color and a.price != b.price and clean_of([a, b], [a.color, b.color]):
                cands.append((a, b))
    for a, b in s.fresh(cands, 3):
        cheap, dear = (a, b) if a.price < b.price else (b, a)
        args = {"color_a": a.color, "color_b": b.color, "noun": a.kind}
        s.add(template, args, intent=template.format(**args), start_url=f"{a.url} |AND| {b.url}",
              eval_=answer_eval({"must_include": [cheap.color], "must_exclude": [dear.color]}),
              solution=[{"do": "tab_focus", "index": 1}, stop(cheap.color)],
              difficulty=("medium", "easy", "medium"),
              grounding={"listings": [a.id, b.id], "visual_terms": [a.color, b.color]})


def count_color_on_page(s: Suite) -> None:
    template = ("On the first page of {category} listings sorted by lowest price, how many listings show "
                "a {color} item in their photo?")
    cands = []
    for cat_id, name in enumerate(CATEGORIES, start=1):
        page = s.search(category_id=cat_id, order="price_asc")[:PAGE_SIZE]
        colors = sorted({r.color for r in page if r.color})
        for color in colors:
            n = sum(r.color == color for r in page)
            if n >= 2 and clean_of(page, [color]):
                cands.append((page[0], color, n, page))
    for first, color, n, page in s.fresh(cands, 3):
        args = {"category": first.category, "color": color}
        url = s.search_url(sCategory=first.category_id, sOrder="i_price", iOrderType="asc")
        s.add(template, args, intent=template.format(**args), start_url=url,
              eval_=answer_eval({"required_values": [f"== {n}"]}), solution=[stop(str(n))],
              difficulty=("medium", "medium", "hard"),
              grounding={"listings": [r.id for r in page], "visual_terms": [color]})


def multi_item_count(s: Suite) -> None:
    template = "Among the {category} listings in {city}, how many have a photo showing more than one item?"
    cands = []
    groups = defaultdict(list)
    for r in s.rows:
        groups[(r.category_id, r.city_id)].append(r)
    for key, rows in sorted(groups.items()):
        n = sum(r.count > 1 for r in rows)
        if 4 <= len(rows) <= PAGE_SIZE and n >= 1 and clean_of(rows, ["lot", "set", "pair", "bundle"]):
            cands.append((rows[0], n, rows))
    for first, n, rows in s.fresh(cands, 3):
        args = {"category": first.category, "city": first.city}
        solution = [{"do": "goto", "url": s.search_url(sCategory=first.category_id, sCity=first.city_id),
                     "note": "every listing fits on one page"}, stop(str(n))]
        s.add(template, args, intent=template.format(**args),
              eval_=answer_eval({"required_values": [f"== {n}"]}), solution=solution,
              difficulty=("hard", "medium", "hard"),
              grounding={"listings": [r.id for r in rows], "visual_terms": ["lot", "set", "pair", "bundle"]})


def image_find(s: Suite) -> None:
    template = "I saw the item in this picture listed under {category} somewhere in {region}. Open its listing."
    groups = defaultdict(list)
    for r in s.rows:
        if r.color:
            groups[(r.category_id, r.region_id, r.kind)].append(r)
    cands = [r for key, rows in sorted(groups.items()) if len({x.color for x in rows}) >= 3
             for r in rows if [x.color for x in rows].count(r.color) == 1 and clean_of([r], [r.color])]
    for n, r in enumerate(s.fresh(cands, 4)):
        style = "sketch" if n == 3 else "photo"
        image = s.listing_image(r, style)
        results = s.search(category_id=r.category_id, region_id=r.region_id)
        args = {"category": r.category, "region": r.region}
        s.add(template, args, intent=template.format(**args), image=image, eval_=url_eval(r.url),
              solution=s.navigate_to(r, results, "the region's listings in that category",
                                         sCategory=r.category_id, sRegion=r.region_id),
              difficulty=("easy", "hard" if style == "sketch" else "medium", "hard" if style == "sketch" else "medium"),
              grounding={"listings": [r.id], "visual_terms": [r.color]},
              comments=f"input image: a {style} of the listing's item from another framing")


def image_open_ssim(s: Suite) -> None:
    template = ("Open the listing of the {noun} in this picture; it is for sale in {city}. "
                "Stay on the listing page when you are done.")
    groups = defaultdict(list)
    for r in s.rows:
        groups[(r.city_id, r.kind)].append(r)
    cands = []
    for key, rows in sorted(groups.items()):
        if len(rows) >= 2:
            for r in rows:
                twins = [x for x in rows if (x.color, x.count, x.text, x.pattern) == (r.color, r.count, r.text, r.pattern)]
                if len(twins) == 1 and (r.color or r.text) and clean_of([r], [t for t in (r.color, r.text) if t]):
                    cands.append(r)
    for r in s.fresh(cands, 4):
        image = s.listing_image(r)
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        args = {"noun": r.kind, "city": r.city}
        terms = [t for t in (r.color, r.text) if t]
        ev = {"eval_types": ["page_image_query"], "reference_answers": None, "reference_url": "",
              "program_html": [],
              "page_image_query": [{"eval_image_url": "last", "eval_image_class": ".item-photos",
                                    "eval_fuzzy_image_match": f"{SITE}/oc-content/uploads/{r.photo_id}.jpg",
                                    "ssim_threshold": 0.9}]}
        s.add(template, args, intent=template.format(**args), image=image, eval_=ev,
              solution=s.navigate_to(r, results, "the city's listings in that category",
                                         sCategory=r.category_id, sCity=r.city_id),
              difficulty=("easy", "medium", "medium"),
              grounding={"listings": [r.id], "visual_terms": terms},
              comments="scored by SSIM between the final page's listing photos and the target's own photo")


def image_price(s: Suite) -> None:
    template = "How much is the seller asking for the item in this picture? It is listed in {city}."
    groups = defaultdict(list)
    for r in s.rows:
        if r.color:
            groups[(r.city_id, r.kind)].append(r)
    cands = [r for key, rows in sorted(groups.items()) if len(rows) >= 2
             for r in rows if [x.color for x in rows].count(r.color) == 1 and clean_of([r], [r.color])]
    for r in s.fresh(cands, 3):
        image = s.listing_image(r)
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        args = {"city": r.city}
        solution = s.open_in_results(r, results, "the city's listings in the item's category",
                                     sCategory=r.category_id, sCity=r.city_id)
        solution.append(stop(price_text(r.price)))
        s.add(template, args, intent=template.format(**args), image=image,
              eval_=answer_eval({"required_values": [f"== {price_text(r.price)}"]}), solution=solution,
              difficulty=("medium", "medium", "medium"),
              grounding={"listings": [r.id], "visual_terms": [r.color]})


def image_seller(s: Suite) -> None:
    template = ("Who is selling the item in this picture (listed under {category} in {region})? "
                "Answer with the seller's name as shown on the listing.")
    groups = defaultdict(list)
    for r in s.rows:
        if r.color:
            groups[(r.category_id, r.region_id, r.kind)].append(r)
    cands = []
    for key, rows in sorted(groups.items()):
        for r in rows:
            others = [x for x in rows if x is not r]
            if others and all(x.color != r.color and x.seller != r.seller for x in others) \
                    and clean_of([r], [r.color]):
                cands.append(r)
    for r in s.fresh(cands, 3):
        image = s.listing_image(r)
        results = s.search(category_id=r.category_id, region_id=r.region_id)
        args = {"category": r.category, "region": r.region}
        solution = s.open_in_results(r, results, "the region's listings in that category",
                                     sCategory=r.category_id, sRegion=r.region_id)
        solution.append(stop(r.seller))
        s.add(template, args, intent=template.format(**args), image=image,
              eval_=answer_eval({"must_include": [r.seller]}), solution=solution,
              difficulty=("medium", "medium", "hard"),
              grounding={"listings": [r.id], "visual_terms": [r.color]})


POST_ITEMS = [  # (kind, color, category, price, city, region)
    ("kettle", "green", "Appliances", 35, "Dayton", "Ohio"),
    ("bicycle", "purple", "Bikes", 180, "Lancaster", "Pennsylvania"),
    ("guitar", "orange", "Music instruments", 240, "Roanoke", "Virginia"),
]


def post_from_photo(s: Suite) -> None:
    from sites.imagery import PhotoSpec, kind as lookup_kind

    template = ("Post a listing for the item in this photo: title \"{title}\", price ${price}, category {category}, "
                "city {city} ({region}). The description must say what colour the item is.")
    existing = {r.title for r in s.rows}
    for n, (kind_name, color, category, price, city, region) in enumerate(POST_ITEMS):
        try:
            lookup_kind(kind_name)
        except (KeyError, ValueError):
            continue
        title = f"{kind_name.capitalize()} for sale, barely used"
        if title in existing:
            title = f"{kind_name.capitalize()} in good shape"
        image = s.input_image(PhotoSpec(kind=kind_name, color=color, condition="like new"),
                              seed=9000 + n)
        description = f"A {color} {kind_name} in good shape. Pickup in {city}."
        args = {"title": title, "price": price, "category": category, "city": city, "region": region}
        solution = [
            {"do": "goto", "url": f"{SITE}/index.php?page=item&action=item_add"},
            {"do": "type", "css": "input[name=title]", "value": title, "enter": False},
            {"do": "type", "css": "textarea[name=description]", "value": description, "enter": False},
            {"do": "type", "css": "input[name=price]", "value": str(price), "enter": False},
            {"do": "type", "css": "select[name=sCategory]", "value": category, "enter": False},
            {"do": "type", "css": "select[name=sRegion]", "value": region, "enter": False},
            {"do": "type", "css": "select[name=sCity]", "value": city, "enter": False},
            {"do": "click", "css": "button.btn-publish"},
            stop(""),
        ]
        ev = html_eval([
            target("last", "func:get_query_text(__page__, \".item-title\")", exact_match=title),
            target("last", PRICE_VALUE, required_values=[f"== {price}"]),
            target("last", "func:get_query_text_lowercase(__page__, \".desc\")", must_include=[color]),
            target("last", "document.querySelector('.item-meta').textContent", must_include=[city, category]),
            target(f"{SITE}/index.php?page=user&action=items", "document.querySelector('.user-items').innerText",
                   must_include=[title]),
        ])
        s.add(template, args, intent=template.format(**args), image=image, eval_=ev, solution=solution,
              require_reset=True, difficulty=("medium", "easy", "medium"),
              comments="the colour is only in the input photo")


def comment_on_visual(s: Suite) -> None:
    template = ("Leave a {stars}-star comment titled \"{title}\" on the listing in {city} whose photo shows "
                "{a_color} {color} {noun}. Write a short comment body.")
    titles = ["Love the colour", "Still for sale?", "Nice find"]
    groups = defaultdict(list)
    for r in s.rows:
        if r.color:
            groups[(r.city_id, r.kind)].append(r)
    cands = [r for key, rows in sorted(groups.items()) if len(rows) >= 2
             for r in rows if [x.color for x in rows].count(r.color) == 1 and clean_of([r], [r.color])]
    for n, r in enumerate(s.fresh(cands, 3)):
        stars, title = (5, 3, 4)[n], titles[n]
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        args = {"stars": stars, "title": title, "city": r.city, "a_color": article(r.color), "color": r.color,
                "noun": r.kind}
        solution = s.open_in_results(r, results, "the city's listings in the item's category",
                                     sCategory=r.category_id, sCity=r.city_id)
        solution += [
            {"do": "type", "css": "#comment-form input[name=title]", "value": title, "enter": False},
            {"do": "click", "css": f"#comment-form input[name=rating][value='{stars}']"},
            {"do": "type", "css": "#comment-form textarea[name=body]", "value": "Is it still available?",
             "enter": False},
            {"do": "click", "css": "#comment-form button[type=submit]"},
            stop(""),
        ]
        locator = ("[...document.querySelectorAll('.comments_list .comment')].map(c => "
                   "c.querySelector('h3').textContent + ' :: ' + c.querySelector('.stars').getAttribute('title'))"
                   ".join(' || ')")
        ev = html_eval([
            target(r.url, locator, must_include=[f"{title} :: {stars} of 5 stars"]),
            target(r.url, "func:get_query_text(__page__, \".comments_list .comment:last-child .comment-author\")",
                   must_include=["Blake Sullivan"]),
        ])
        s.add(template, args, intent=template.format(**args), eval_=ev, solution=solution, require_reset=True,
              difficulty=("medium", "easy", "medium"),
              grounding={"listings": [r.id], "visual_terms": [r.color]})


def edit_own_listing(s: Suite) -> None:
    template = ("Change the price of your listing whose photo shows {visual} to ${price}, and add the sentence "
                "\"{sentence}\" at the end of its description.")
    own = [r for r in s.rows if r.user_id == 1]
    plans = []
    colors = [r.color for r in own]
    for r in own:
        if r.color and colors.count(r.color) == 1 and clean_of([r], [r.color]):
            plans.append((r, f"{article(r.color)} {r.color} item", [r.color]))
        elif r.text and clean_of([r], [r.text]):
            plans.append((r, f"the word \"{r.text}\" printed on the item", [r.text]))
    sentences = ["Price drop this week.", "Open to reasonable offers.", "Can deliver within 10 miles."]
    for n, (r, visual, terms) in enumerate(plans[:3]):
        new_price = max(1, int(r.price * 0.8) // 5 * 5)
        sentence = sentences[n]
        args = {"visual": visual, "price": new_price, "sentence": sentence}
        solution = [
            {"do": "goto", "url": f"{SITE}/index.php?page=user&action=items"},
            {"do": "click", "css": f".user-item-actions a[href='/index.php?page=item&action=item_edit&id={r.id}']",
             "note": "the card whose thumbnail matches"},
            {"do": "type", "css": "input[name=price]", "value": str(new_price), "enter": False},
            {"do": "type", "css": "textarea[name=description]", "value": f"{r.description} {sentence}",
             "enter": False},
            {"do": "click", "css": "button.btn-publish"},
            stop(""),
        ]
        ev = html_eval([
            target(r.url, PRICE_VALUE, required_values=[f"== {new_price}"]),
            target(r.url, "func:get_query_text(__page__, \".desc\")",
                   must_include=[sentence, r.description.split(". ")[0]]),
        ])
        s.add(template, args, intent=template.format(**args), eval_=ev, solution=solution, require_reset=True,
              difficulty=("medium", "easy", "medium"),
              grounding={"listings": [r.id], "visual_terms": terms})


def search_gallery(s: Suite) -> None:
    template = ("Show the {category} listings in {city} priced from ${low} to ${high}, lowest price first, "
                "as a gallery.")
    groups = defaultdict(list)
    for r in s.rows:
        groups[(r.category_id, r.city_id)].append(r)
    cands = []
    for key, rows in sorted(groups.items()):
        prices = sorted(r.price for r in rows)
        if len(rows) >= 6:
            low, high = int(prices[1]), int(prices[-2]) + 1
            inside = sorted((r for r in rows if low <= r.price <= high), key=lambda r: (r.price, r.id))
            if 3 <= len(inside) <= PAGE_SIZE and len(inside) < len(rows):
                cands.append((inside[0], low, high, inside))
    for first, low, high, inside in s.fresh(cands, 3):
        args = {"category": first.category, "city": first.city, "low": low, "high": high}
        url = s.search_url(sCategory=first.category_id, sCity=first.city_id, sPriceMin=low, sPriceMax=high,
                           sOrder="i_price", iOrderType="asc", sShowAs="gallery")
        count = f"{len(inside)} listing{'s' if len(inside) != 1 else ''} found"
        ev = html_eval([
            target("last", "document.querySelector('.results').className", must_include=["grid"]),
            target("last", "func:get_query_text(__page__, \".result-count\")", must_include=[count]),
            target("last", "func:get_query_text(__page__, \".results .card-title\")", exact_match=first.title),
        ])
        s.add(template, args, intent=template.format(**args), eval_=ev,
              solution=[{"do": "goto", "url": url}, stop("")],
              difficulty=("easy", "easy", "easy"), comments="navigation with filters; not visual")


def unachievable(s: Suite) -> None:
    template = "What is the asking price of the {color} {noun} listed in {city}? Answer with the number of dollars."
    groups = defaultdict(list)
    for r in s.rows:
        if r.color:
            groups[(r.city_id, r.kind)].append(r)
    from sites.imagery import COLORS
    cands = []
    for key, rows in sorted(groups.items()):
        present = {r.color for r in rows}
        if len(rows) >= 2:
            missing = sorted(set(COLORS) - present)
            cands.append((rows[0], missing[len(rows) % len(missing)]))
    for r, color in s.fresh(cands, 2):
        args = {"color": color, "noun": r.kind, "city": r.city}
        note = f"No {color} {r.kind} is listed in {r.city}."
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        s.add(template, args, intent=template.format(**args),
              eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
              solution=[{"do": "goto", "url": s.search_url(sCategory=r.category_id, sCity=r.city_id),
                         "note": "none of these photos shows that colour"}, stop("N/A")],
              difficulty=("medium", "medium", "medium"),
              grounding={"listings": [x.id for x in results if x.kind == r.kind], "visual_terms": [color]},
              comments="unachievable: " + note)
    template2 = "Lower the price of your listing in {category} by $10."
    own_categories = {r.category for r in s.rows if r.user_id == 1}
    missing = [c for c in CATEGORIES if c not in own_categories]
    for category in missing[:2]:
        args = {"category": category}
        note = f"You have no listing in {category}."
        s.add(template2, args, intent=template2.format(**args),
              eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
              solution=[{"do": "goto", "url": f"{SITE}/index.php?page=user&action=items"}, stop("N/A")],
              difficulty=("easy", "easy", "easy"), comments="unachievable: " + note)


TEMPLATES = [cheapest_color_kind, newest_with_count, price_of_color_in_city, printed_text_here, count_here,
             color_here, damaged_here, two_tab_pattern, cheaper_of_two_colors, count_color_on_page,
             multi_item_count, image_find, image_open_ssim, image_price, image_seller, post_from_photo,
             comment_on_visual, edit_own_listing, search_gallery, unachievable]


def build(data: ClassifiedsData, seed: int) -> Suite:
    suite = Suite(load_rows(data), seed)
    for make in TEMPLATES:
        make(suite)
    return suite


def build_suite(conf=None) -> Suite:
    """The suite for the data set of `conf` (default: SUITE_SEED / SUITE_SCALE), generating the data if needed."""
    conf = conf or suite_settings()
    with open_pristine(conf, generate=True) as data:
        return build(data, conf.seed)


def grounding_fields(data: ClassifiedsData, item_id: int) -> dict[str, str]:
    """The text of a listing the grounding lint searches: title, description and each comment."""
    listing = data.listing(item_id)
    fields = {"title": listing.title, "description": listing.description}
    for c in data.comments(item_id):
        fields[f"comment {c.id}"] = f"{c.title} {c.body}"
    return fields


MIN_TASKS, MIN_TEMPLATES, MIN_STATE_CHANGING = 60, 20, 6


def changes_state(step: dict) -> bool:
    """Whether a reference-solution step changes the site (publishing a listing or a comment)."""
    return step["do"] == "click" and ("btn-publish" in step.get("css", "") or "comment-form" in step.get("css", ""))
