"""The tasks that need two sites: tasks/multisite.json and tasks/images/multisite/ from the pristine data of
the default data set (`python -m tasks.build multisite`).

The official shapes of the benchmark's multi-site tasks: a question about a forum post or a store product
answered with Wikipedia open in the second tab (` |AND| ` in `start_url`); an account field of the store changed
with a fact from Wikipedia (a country's calling code in front of a phone number); a forum post about a store
product (its photo and its price); a classifieds listing compared with a store product by what their photos show.
Every fact comes from the generated data: posts, products and listings from each site's pristine database, the
articles' facts from the entities the ZIM is built from (sites.wikipedia.build.articles).

Each task names its sites, the main one first (where the answer is read or the state changes). Task ids start at
FIRST_TASK_ID, so that the pytest items `<main site>/<task_id>` and the trajectory files `<site>_<id>.html` of this
file never collide with those of the site's own suite (tasks/<site>.json numbers from 0).
"""

from __future__ import annotations

import functools
from collections import Counter

from sites.wikipedia.entities import Entity

from . import build_pristine, suite_settings
from . import classifieds as classifieds_suite
from . import reddit as reddit_suite
from . import shopping as shopping_suite
from .classifieds import base as classifieds_base
from .cross.kit import (  # noqa: F401
    REDDIT,
    SHOP,
    WIKI,
    WIKI_LANDING,
    animal_articles,
    article_url,
    calling_code_countries,
    look_up,
    mirror,
    post_wiki_task,
    search_url,
    tab,
)
from .evals import answer_eval, click, goto, html_eval, ssim_check, stop, target, type_in, url_eval, with_images
from .reddit.base import query_text, submit_steps
from .reddit.forum import USER, Forum, clean_of, visual_terms
from .shopping.base import WISHLIST_NAMES, leaf
from .shopping.lists import phone_eval, phone_steps
from .suite import Suite as BaseSuite
from .text import article as a_or_an
from .text import mentions, price_text

FIRST_TASK_ID = 1000
MIN_TASKS, MIN_TEMPLATES, MIN_STATE_CHANGING = 20, 9, 8
GIFT_NAME = ("Sofia", "Lopez")  # the second address of the customer's book (sites.shopping.generate)
ADDRESS_ROWS = (
    "[...document.querySelectorAll('#additional-addresses-table tbody tr')].map(r => [...r.cells]"
    ".slice(0, 8).map(c => c.textContent.trim()).join(' | ')).join('\\n')"
)


def money(price: float) -> str:
    """A price as the store and the classifieds site show it ($1,234.50)."""
    return f"${price:,.2f}"


def price_answer(price: float) -> str:
    """The price in an answer: with cents or without trailing zeros (each a whole token of the answer)."""
    forms = list(dict.fromkeys([f"{price:.2f}", price_text(price)]))
    return " |OR| ".join(forms)


class Sources:
    """The pristine data of the three sites with a database, and the articles of the Wikipedia ZIM."""

    def __init__(self, conf):
        from sites.classifieds.data import open_pristine as classifieds_pristine
        from sites.shopping.data import open_pristine as shopping_pristine
        from sites.wikipedia.build import articles

        self.classifieds = classifieds_pristine(conf, generate=True)
        self.shopping = shopping_pristine(conf, generate=True)
        self.reddit = reddit_suite.open_pristine(conf)
        self.articles = {e.title: e for e in articles(conf.seed, conf.scale)}

    def close(self) -> None:
        for data in (self.classifieds, self.shopping, self.reddit):
            data.close()

    def __enter__(self) -> Sources:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Suite(BaseSuite):
    """The multi-site suite. Picks are keyed by (site's grounding key, id), so one item serves one task only."""

    suite_name = "multisite"
    first_task_id = FIRST_TASK_ID

    def __init__(self, sources: Sources, seed: int):
        super().__init__(seed)
        self.src = sources
        self.shop = shopping_suite.Suite(sources.shopping, seed)  # its data views and steps
        self.forum = Forum(sources.reddit)
        self.rows = classifieds_base.load_rows(sources.classifieds)
        self.wiki = sources.articles
        self.taken: set[tuple] = set()

    def pick(self, cands: list, n: int, keys) -> list:
        """Up to n candidates, none sharing a key (`keys(c)`: a tuple of hashable keys) with a task before, in a
        fixed-seed order; returned in key order."""
        pool = list(cands)
        self.rng.shuffle(pool)
        out = []
        for c in pool:
            ks = keys(c)
            if any(k in self.taken for k in ks):
                continue
            self.taken.update(ks)
            out.append(c)
            if len(out) == n:
                break
        return sorted(out, key=keys)

    def task(self, template: str, args: dict, sites: list[str], *, grounding: dict | None = None, **kw) -> dict:
        grounding = dict(grounding or {})
        ground = {
            **{k: v for k, v in grounding.items() if k != "visual_terms"},
            "visual_terms": grounding.get("visual_terms", []),
        }
        return self.fill(template, args, sites=sites, grounding=ground, **kw)

    def product_image(self, p) -> str:
        return self.input_image(self.shop.spec(p), p.photos[0].seed)

    def fact(self, title: str, label: str) -> str:
        return dict(self.wiki[title].facts)[label]

    @functools.cached_property
    def companies(self) -> set[str]:
        """The titles of the Wikipedia articles on companies."""
        return {e.title for e in self.articles_of("company")}

    def brand_fact(self, p, label: str) -> str | None:
        """The `label` fact of the Wikipedia article on the company that makes product `p` (None without one)."""
        brand = p.attributes.get("Brand")
        return self.fact(brand, label) if brand in self.companies else None

    def brand_fact_apart(self, p, label: str) -> bool:
        """Whether the company that makes product `p` has a `label` fact that no other's of its peers (same kind,
        same leaf) shares: the fact tells `p` apart."""
        fact = self.brand_fact(p, label)
        return fact is not None and all(self.brand_fact(x, label) != fact for x in self.shop.peers(p))

    def brand_question(self, template: str, args: dict, p, answer: str, eval_: dict, **task) -> None:
        """A question about the company that makes product `p`: open `p` from its leaf in the store, look its brand
        up in Wikipedia (second tab) and answer `answer`."""
        brand = p.attributes["Brand"]
        self.task(
            template,
            args,
            ["shopping", "wikipedia"],
            start_url=f"{SHOP} |AND| {WIKI_LANDING}",
            eval_=eval_,
            solution=[*self.shop.open_from_leaf(p), tab(1, f"made by {brand}"), *look_up(brand), stop(answer)],
            **task,
        )

    def articles_of(self, kind: str) -> list[Entity]:
        return [e for e in self.wiki.values() if e.kind == kind]


# ---- reddit + wikipedia ------------------------------------------------------------------------------------


def animal_binomial(s: Suite) -> None:
    template = (
        "Which animal is in the picture of this post? Find its article in Wikipedia (second tab) and "
        "answer with the binomial name the article gives."
    )
    animals = animal_articles(s)
    cands = [
        t
        for t in s.forum.image_threads(style="photo")
        if t.facts.get("kind") in animals and clean_of([t], visual_terms(t.facts))
    ]
    for t in s.pick(cands, 3, lambda t: (("kind", t.facts["kind"]), ("posts", t.id))):
        article = animals[t.facts["kind"]]
        binomial = s.fact(article.title, "Binomial name")
        post_wiki_task(
            s,
            19,
            template,
            {},
            t,
            start_url=f"{t.url} |AND| {WIKI_LANDING}",
            eval_=answer_eval({"exact_match": binomial}),
            solution=[
                tab(1, f"the picture shows {a_or_an(t.facts['kind'])} {t.facts['kind']}"),
                *look_up(article.title, f"the article on the {t.facts['kind']}"),
                stop(binomial),
            ],
            comments=f"the picture shows {t.facts['kind']}; the article {article.title!r} gives the binomial name",
        )


def city_forum_article(s: Suite) -> None:
    template = "This post is in the forum of a city. In the second tab, open the Wikipedia article about that city."
    city_forums = sorted({t.post.forum for t in s.forum.image_threads(style="skyline")}, key=str.lower)
    cities = s.articles_of("city")
    named: dict[str, list[Entity]] = {e.title.split(", ")[0]: [] for e in cities}
    for e in cities:
        named[e.title.split(", ")[0]].append(e)
    places = {e.title for e in s.wiki.values() if e.kind in ("state", "country")}
    found, missing = [], []
    for name in city_forums:
        city = s.forum.forums[name].title
        post = next((t for t in s.forum.hot_page(name) if t.post.image is None), None)
        if post is None or city in places:
            continue
        if len(named.get(city, [])) == 1:
            found.append((post, named[city][0]))
        elif not any(city.lower() in title.lower() for title in s.wiki):
            missing.append((post, city))
    for post, article in s.pick(found, 2, lambda c: (("posts", c[0].id),)):
        s.task(
            template,
            {},
            ["reddit", "wikipedia"],
            start_url=f"{post.url} |AND| {WIKI_LANDING}",
            eval_=url_eval(article_url(article.title)),
            solution=[
                tab(1, f"the forum f/{post.post.forum} is about {article.title.split(', ')[0]}"),
                *look_up(article.title),
                stop(""),
            ],
            difficulty=("easy", "easy", "easy"),
        )
    for post, city in s.pick(missing, 1, lambda c: (("posts", c[0].id),)):
        note = f"The Wikipedia copy has no article about {city}."
        s.task(
            template,
            {},
            ["reddit", "wikipedia"],
            start_url=f"{post.url} |AND| {WIKI_LANDING}",
            eval_=answer_eval({"fuzzy_match": "N/A"}, string_note=note),
            solution=[tab(1), type_in("#kiwixsearchbox", city, enter=True), stop("N/A")],
            difficulty=("medium", "easy", "medium"),
            comments="unachievable: " + note,
        )


# ---- shopping + wikipedia ----------------------------------------------------------------------------------


def brand_founded_pictured(s: Suite) -> None:
    template = (
        "The product in this picture is sold in the store under {leaf}. In which year was the company "
        "that makes it founded? Wikipedia is open in the second tab."
    )
    cands = [
        p
        for p in s.shop.products
        if s.shop.unique_look(p) and len(s.shop.peers(p)) >= 1 and s.brand_fact_apart(p, "Founded")
    ]
    for p in s.pick(cands, 4, lambda p: (("products", p.id),)):
        brand, year = p.attributes["Brand"], str(s.brand_fact(p, "Founded"))
        s.brand_question(
            template,
            {"leaf": leaf(p)},
            p,
            year,
            answer_eval({"required_values": [f"== {year}"]}),
            image=s.product_image(p),
            difficulty=("hard", "medium", "hard"),
            comments=f"the pictured product is made by {brand}, founded in {year} (its Wikipedia infobox)",
        )


def brand_headquarters_by_color(s: Suite) -> None:
    template = (
        "In which U.S. state is the company that makes the {color} {noun} sold under {leaf} based? "
        "Look it up in Wikipedia (second tab)."
    )
    cands = s.shop.visual("color", extra=lambda p: s.brand_fact_apart(p, "Headquarters"))
    for p in s.pick(cands, 2, lambda p: (("products", p.id),)):
        state = str(s.brand_fact(p, "Headquarters"))
        color = p.photos[0].color
        args = {"color": color, "noun": p.photos[0].kind, "leaf": leaf(p)}
        # a state whose name holds this one (West Virginia for Virginia) is a wrong answer that would include it
        longer = [e.title for e in s.articles_of("state") if e.title != state and mentions(e.title, state)]
        answers = {"must_include": [state], **({"must_exclude": longer} if longer else {})}
        s.brand_question(
            template,
            args,
            p,
            state,
            answer_eval(answers),
            difficulty=("medium", "medium", "medium"),
            grounding={"products": [p.id], "visual_terms": [color]},
        )


def calling_code_task(
    s: Suite, template: str, args: dict, country: str, code: str, steps: list[dict], ev: dict
) -> None:
    """A change in the store's address book (first tab) that needs `country`'s calling code `code`: look it up in
    Wikipedia (second tab), back to the store, then `steps`."""
    s.task(
        template,
        args,
        ["shopping", "wikipedia"],
        start_url=f"{SHOP}/customer/address/ |AND| {WIKI_LANDING}",
        eval_=ev,
        solution=[tab(1), *look_up(country, f"the infobox gives {code}"), tab(0), *steps],
        require_reset=True,
        difficulty=("medium", "easy", "medium"),
    )


def phone_calling_code(s: Suite) -> None:
    template = (
        "I'm moving to {country}. Put {country}'s international calling code in front of the phone number "
        "of my default address: +<code>, a space, then the number as it is now."
    )
    default = next(a for a in s.src.shopping.customer_addresses() if a["default_shipping"])
    for country, code in s.pick(calling_code_countries(s), 3, lambda c: (("country", c[0]),)):
        phone = f"{code} {default['telephone']}"
        ev = phone_eval(default, phone)
        calling_code_task(s, template, {"country": country}, country, code, phone_steps(default, phone), ev)


def second_address_country(s: Suite) -> None:
    template = (
        "{first} {last} (an address in my address book) has moved to {country}. Set the country of her "
        "address to {country} and put {country}'s international calling code in front of her phone number: "
        "+<code>, a space, then the number as it is now."
    )
    other = next(
        a
        for a in s.src.shopping.customer_addresses()
        if (a["firstname"], a["lastname"]) == GIFT_NAME and not a["default_shipping"]
    )
    for country, code in s.pick(calling_code_countries(s), 2, lambda c: (("country", c[0]),)):
        phone = f"{code} {other['telephone']}"
        row = " | ".join((other["firstname"], other["lastname"], other["street"], other["city"], country))
        ev = html_eval([target(f"{SHOP}/customer/address/", ADDRESS_ROWS, must_include=[row + " |", phone])])
        steps = [
            goto(f"{SHOP}/customer/address/edit/id/{other['id']}/"),
            type_in("input[name=country]", country),
            type_in("input[name=telephone]", phone),
            click("button.action.save"),
            stop(""),
        ]
        args = {"first": other["firstname"], "last": other["lastname"], "country": country}
        calling_code_task(s, template, args, country, code, steps, ev)


# ---- reddit + shopping -------------------------------------------------------------------------------------


def forum_for_kinds(s: Suite) -> dict[str, str]:
    """For each kind of thing the forum's photos show, the forum where such photos are posted most."""
    counts = Counter((t.facts["kind"], t.post.forum) for t in s.forum.image_threads(style="photo"))
    best: dict[str, tuple[int, str]] = {}
    for (kind, forum), n in sorted(counts.items()):
        if kind not in best or n > best[kind][0]:
            best[kind] = (n, forum)
    return {kind: forum for kind, (n, forum) in best.items()}


def post_store_photo(s: Suite) -> None:
    template = (
        "The second tab shows the photo of a product sold in the store under {leaf}. Post it to f/{forum} "
        'as a link to that photo, titled with the product\'s name, " for $" and its current price (as in '
        '"Blue Mug for $12.99"), and stay on the page of the new post.'
    )
    forums = forum_for_kinds(s)
    cands = [
        p
        for p in s.shop.products
        if p.photos[0].kind in forums
        and s.shop.unique_look(p)
        and len(s.shop.peers(p)) >= 1
        and p.final_price < 1000
        and len(p.name) <= 200
    ]
    for p in s.pick(cands, 3, lambda p: (("products", p.id),)):
        forum, photo = forums[p.photos[0].kind], p.photos[0]
        title = f"{p.name} for {money(p.final_price)}"
        picture = f"{SHOP}{photo.url_path}"
        ev = with_images(
            html_eval(
                [
                    target("last", query_text(".submission__link"), exact_match=title),
                    target(
                        "last",
                        query_text(".submission__info", lowercase=True),
                        must_include=[USER.lower(), f"f/{forum}".lower()],
                    ),
                ]
            ),
            [ssim_check("last", ".submission__image", picture, 0.9)],
        )
        solution = [
            tab(1, "the product's photo"),
            tab(0),
            *s.shop.open_from_leaf(p, "its photo is the one in tab 2"),
            *submit_steps(forum, title, url=picture),
            stop(""),
        ]
        mirror(
            s,
            77,
            template,
            {"leaf": leaf(p), "forum": forum},
            ["reddit", "shopping"],
            start_url=f"{REDDIT}/f/{forum} |AND| {picture}",
            image=s.product_image(p),
            eval_=ev,
            solution=solution,
            require_reset=True,
            comments="the new post links the store's photo (scored by SSIM) and gives the product's name and price",
        )


# ---- classifieds + shopping --------------------------------------------------------------------------------


def listing_product_pairs(s: Suite, extra=None) -> list[tuple]:
    """(listing, product): the listing's photo shows a thing of the same kind and colour as the product's, no text
    of either says the colour, and no other product of that kind in the product's leaf shows it."""
    products: dict[tuple, list] = {}
    for p in s.shop.visual("color"):
        products.setdefault((p.photos[0].kind, p.photos[0].color), []).append(p)
    out = []
    for r in s.rows:
        if r.color and classifieds_base.clean_of([r], [r.color]):
            out += [(r, p) for p in products.get((r.kind, r.color), []) if extra is None or extra(r, p)]
    return out


def pair_keys(c) -> tuple:
    return ("listings", c[0].id), ("products", c[1].id)


def cheaper_listing_or_store(s: Suite) -> None:
    template = (
        "The listing in the first tab shows a {kind}. In the second tab, the store sells a {kind} in the "
        "same colour under {leaf}. Which of the two costs less? Answer with its price."
    )
    cands = listing_product_pairs(s, lambda r, p: abs(r.price - p.final_price) >= 1)
    for r, p in s.pick(cands, 3, pair_keys):
        low, high = sorted((r.price, p.final_price))
        color = r.color
        s.task(
            template,
            {"kind": r.kind, "leaf": leaf(p)},
            ["classifieds", "shopping"],
            start_url=f"{r.url} |AND| {s.shop.listing_url(p)}",
            eval_=answer_eval(
                {
                    "must_include": [price_answer(low)],
                    "must_exclude": list(dict.fromkeys([f"{high:.2f}", price_text(high)])),
                }
            ),
            solution=[
                tab(1, f"the listing's {r.kind} is {color}"),
                click(f".product-item-link[href='/{p.url_key}.html']", f"the {color} {r.kind}"),
                stop(money(low)),
            ],
            difficulty=("hard", "medium", "hard"),
            grounding={"listings": [r.id], "products": [p.id], "visual_terms": [color]},
            comments=f"listing {money(r.price)} vs store {money(p.final_price)}",
        )


def wishlist_like_listing(s: Suite) -> None:
    template = (
        "Add to my wish list the {kind} sold under {leaf} whose photo shows the same colour as the one in "
        "the classifieds listing open in the second tab."
    )
    cands = listing_product_pairs(s, lambda r, p: p.id not in s.shop.wishlist_ids)
    for r, p in s.pick(cands, 3, pair_keys):
        color = r.color
        solution = [
            tab(1, f"the listing's {r.kind} is {color}"),
            tab(0),
            *s.shop.open_from_leaf(p, "36 per page"),
            click("button.towishlist"),
            stop(""),
        ]
        s.task(
            template,
            {"kind": r.kind, "leaf": leaf(p)},
            ["shopping", "classifieds"],
            start_url=f"{SHOP} |AND| {r.url}",
            eval_=html_eval([target(f"{SHOP}/wishlist/", WISHLIST_NAMES, must_include=[p.name])]),
            solution=solution,
            require_reset=True,
            difficulty=("medium", "hard", "hard"),
            grounding={"listings": [r.id], "products": [p.id], "visual_terms": [color]},
        )


TEMPLATES = [
    animal_binomial,
    city_forum_article,
    brand_founded_pictured,
    brand_headquarters_by_color,
    phone_calling_code,
    second_address_country,
    post_store_photo,
    cheaper_listing_or_store,
    wishlist_like_listing,
]


# ---- the suite module's interface (tasks/build/__init__.py) -------------------------------------------------


def open_pristine(conf=None, generate: bool = True) -> Sources:
    return Sources(conf or suite_settings())


def cross_templates() -> list:
    """The multi-site kinds that mirror official templates, one module per main site (tasks/build/cross/), after
    TEMPLATES; imported here, not at the top, since they use this module's Suite and helpers."""
    from .cross import classifieds, reddit, shopping

    return [*classifieds.TEMPLATES, *reddit.TEMPLATES, *shopping.TEMPLATES]


def build(sources: Sources, seed: int) -> Suite:
    suite = Suite(sources, seed)
    for make in [*TEMPLATES, *cross_templates()]:
        make(suite)
    return suite


def build_suite(conf=None) -> Suite:
    """The suite for the data set of `conf` (default: SUITE_SEED / SUITE_SCALE), generating the data if needed."""
    return build_pristine(open_pristine, build, conf)


def changes_state(step: dict) -> bool:
    """Whether a reference-solution step changes a site (the store's or the forum's state-changing clicks)."""
    return (
        shopping_suite.changes_state(step) or reddit_suite.changes_state(step) or classifieds_suite.changes_state(step)
    )


# The benchmark's shares for tests/tasks/test_suite.py: of the 45 official multi-site tasks, 3 have an input
# image and none is unachievable (the official multi-site kinds of tasks/build/cross/ follow them).
MIN_IMAGE_SHARE = 0.05
UNACHIEVABLE_SHARE = (0.0, 0.08)
