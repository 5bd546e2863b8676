"""Round 4 (issue 34): the official reddit templates that post store products to the forum (reddit + shopping, and
reddit + shopping + wikipedia). Each kind picks with its own random stream and only reads the multi-site suite's
`taken` keys (it adds none), so that neither the kinds before it nor those after it move.

- 16: find a product in a store category by what its photo shows, post its full name in a forum;
- 17: find the priciest product of a store category, post its photo as an image post titled with its name;
- 86: two store products in two tabs: post in one forum, then in another, asking which to buy, with both SKUs
  in the title and the photo of the one of a named colour;
- 78: a Wikipedia article about a sport and a store listing page: post, with a given title, the full-sized photo
  of the product on that page the sport is played with, then stay on the new post.
"""

from __future__ import annotations

import random

from ..evals import click, goto, html_eval, ssim_check, target, url_eval, with_images
from ..evals import stop as stop_step
from ..reddit.base import query_text, submit_steps
from ..reddit.forum import USER
from ..shopping.base import LISTING_LIMIT, leaf, page_url
from ..text import plural
from .kit import REDDIT, SHOP, article_url, mirror, tab

LAST_POST = "func:reddit_get_post_url('__last_url__')"
# The forums a store product may be posted to here: none is the start of another forum's name, so that the URL
# check "the final page is in f/<forum>" cannot be met by another forum's page.
GENERAL_FORUMS = ("mildlyinteresting", "AskReddit", "technology", "pittsburgh", "boston", "philadelphia")


def forum_url_eval(forum: str) -> dict:
    """url_match: the final page is in f/<forum> (the new post's page is /f/<forum>/<id>/...)."""
    return {**url_eval(f"{REDDIT}/f/{forum}/"), "url_note": "GOLD in PRED"}


def combine(*evals: dict) -> dict:
    """One eval with the evaluator types and checks of several."""
    out = dict(evals[0])
    for ev in evals[1:]:
        out["eval_types"] = out["eval_types"] + [t for t in ev["eval_types"] if t not in out["eval_types"]]
        for key in ("reference_url", "url_note", "program_html", "reference_answers", "page_image_query"):
            if ev.get(key):
                out[key] = ev[key]
    return out


def unique_prefix(forum: str, forums) -> bool:
    return not any(f != forum and f.lower().startswith(forum.lower()) for f in forums)


def photo_url(p) -> str:
    return f"{SHOP}{p.photos[0].url_path}"


def taken(s, p) -> bool:
    return ("products", p.id) in s.taken


# ---- 16 ---------------------------------------------------------------------------------------------------


def store_name_to_post(s) -> None:
    """Official 16: the name of a store product, found by the colour its photo shows, posted in a forum."""
    template = (
        "In the store (first tab), find the {color} {kind} sold under {leaf}. Then, in the forum (second "
        'tab), make a post in f/{forum} titled "{title}" whose body is that product\'s full name.'
    )
    rng = random.Random("3400:cross:16")
    titles = ("Has anyone here bought this?", "Is this any good?", "Thoughts on this one before I order?")
    forums = [f for f in GENERAL_FORUMS if f in s.forum.forums and unique_prefix(f, s.forum.forums)]
    cands = [p for p in s.shop.visual("color") if not taken(s, p) and len(p.name) <= 200]
    rng.shuffle(cands)
    for i, p in enumerate(sorted(cands[:1], key=lambda p: p.id)):
        forum, title = rng.choice(forums), titles[i % len(titles)]
        color, kind = p.photos[0].color, p.photos[0].kind
        ev = combine(
            forum_url_eval(forum),
            html_eval(
                [
                    target(LAST_POST, query_text(".submission__title"), exact_match=title),
                    target(LAST_POST, query_text(".submission__body"), must_include=[p.name]),
                ]
            ),
        )
        solution = [
            *s.shop.open_from_leaf(p, f"the {color} {kind} of the leaf"),
            tab(1),
            *submit_steps(forum, title, body=p.name),
            stop_step(""),
        ]
        mirror(
            s,
            16,
            template,
            {"color": color, "kind": kind, "leaf": leaf(p), "forum": forum, "title": title},
            ["reddit", "shopping"],
            start_url=f"{SHOP} |AND| {REDDIT}/forums",
            eval_=ev,
            solution=solution,
            require_reset=True,
            grounding={"products": [p.id], "visual_terms": [color]},
            comments=f"the {color} {kind} of {leaf(p)} is {p.name!r} (SKU {p.sku})",
        )


# ---- 17 ---------------------------------------------------------------------------------------------------


def priciest_photo_post(s) -> None:
    """Official 17: the photo of the most expensive product of a store category, posted as an image post."""
    template = (
        "Find the most expensive product sold under {leaf} in the store (first tab) and post its photo in "
        "f/{forum} (second tab) as an image post: the post's URL is the photo's address and its title is "
        "the product's full name."
    )
    rng = random.Random("3400:cross:17")
    forums = [f for f in GENERAL_FORUMS if f in s.forum.forums and unique_prefix(f, s.forum.forums)]
    leaves: dict[str, list] = {}
    for p in s.shop.products:
        leaves.setdefault(p.category_url, []).append(p)
    cands = []
    for url, products in sorted(leaves.items()):
        top = max(products, key=lambda p: p.final_price)
        if len(products) < 4 or taken(s, top) or len(top.name) > 200:
            continue
        others = [p for p in products if p.id != top.id]
        first = s.shop.data.category_listing(url[: -len(".html")], "price", "desc", 1, LISTING_LIMIT)[1][0]
        if all(p.final_price < top.final_price and p.price < top.final_price for p in others) and first == top.id:
            cands.append(top)
    rng.shuffle(cands)
    for p in sorted(cands[:1], key=lambda p: p.id):
        forum = rng.choice(forums)
        picture = photo_url(p)
        ev = combine(
            forum_url_eval(forum),
            html_eval([target(LAST_POST, query_text(".submission__title"), must_include=[p.name])]),
            with_images(html_eval([]), [ssim_check("last", ".submission__image", picture, 0.9)]),
        )
        ev["eval_types"] = ["url_match", "program_html", "page_image_query"]
        solution = [
            goto(s.shop.listing_url(p, "price", "desc"), "the leaf, by price, highest first"),
            s.shop.open_from_leaf(p)[1],
            tab(1),
            *submit_steps(forum, p.name, url=picture),
            stop_step(""),
        ]
        mirror(
            s,
            17,
            template,
            {"leaf": leaf(p), "forum": forum},
            ["reddit", "shopping"],
            start_url=f"{SHOP} |AND| {REDDIT}/forums",
            eval_=ev,
            solution=solution,
            require_reset=True,
            comments=f"the priciest product of {leaf(p)} is {p.name!r} at ${p.final_price:,.2f}",
        )


# ---- 86 ---------------------------------------------------------------------------------------------------


def compare_two_posts(s) -> None:
    """Official 86: two posts (two forums, in order) asking to compare two store products, with both SKUs in the
    title and the photo of the one of a named colour."""
    template = (
        "The second and third tabs show two {kinds} from the store. Make a post in f/{first}, then another "
        "in f/{second}, asking which of the two to buy: each title must hold both products' SKUs, and each "
        "post links the photo of the {color} one. Stay on the second post's page."
    )
    rng = random.Random("3400:cross:86")
    groups: dict[tuple, list] = {}
    for p in s.shop.visual("color"):
        if not taken(s, p):
            groups.setdefault((p.category_url, p.photos[0].kind), []).append(p)
    forums = [f for f in GENERAL_FORUMS if f in s.forum.forums]
    pairs = []
    for _key, products in sorted(groups.items()):
        if len(products) >= 2:
            a, b = sorted(products, key=lambda p: p.id)[:2]
            pairs.append((a, b))
    rng.shuffle(pairs)
    for a, b in sorted(pairs[:3], key=lambda c: c[0].id):
        shown = rng.choice((a, b))
        first, second = rng.sample(forums, 2)
        color, kind = shown.photos[0].color, shown.photos[0].kind
        title = f"{a.sku} or {b.sku}: which one should I get?"
        picture = photo_url(shown)
        user = f"{REDDIT}/user/{USER}"
        ev = with_images(
            html_eval(
                [
                    target(
                        user,
                        'func:get_query_text(__page__, "#main > article:nth-child(4)")',
                        must_include=[f"f/{first}", a.sku, b.sku],
                    ),
                    target(
                        user,
                        'func:get_query_text(__page__, "#main > article:nth-child(3)")',
                        must_include=[f"f/{second}", a.sku, b.sku],
                    ),
                ]
            ),
            [ssim_check("last", ".submission__image", picture, 0.6)],
        )
        solution = [
            tab(1, f"SKU {a.sku}"),
            tab(2, f"SKU {b.sku}; the {color} one is {'this' if shown is b else 'the other'}"),
            tab(0),
            *submit_steps(first, title, url=picture),
            *submit_steps(second, title, url=picture),
            stop_step(""),
        ]
        mirror(
            s,
            86,
            template,
            {"kinds": plural(kind), "first": first, "second": second, "color": color},
            ["reddit", "shopping"],
            start_url=f"{REDDIT} |AND| {page_url(a)} |AND| {page_url(b)}",
            eval_=ev,
            solution=solution,
            require_reset=True,
            grounding={"products": [a.id, b.id], "visual_terms": [color]},
            comments=f"{a.sku} and {b.sku} ({kind}); the {color} one is {shown.sku}",
        )


# ---- 78 ---------------------------------------------------------------------------------------------------

# Sport articles of the generated Wikipedia and the store's photo kinds each is played or done with.
SPORT_KINDS = {
    "Basketball": ("basketball",),
    "Volleyball": ("volleyball",),
    "Association football": ("soccer ball",),
    "American football": ("american football",),
    "Tennis": ("tennis racket",),
    "Cycling": ("bicycle",),
    "Swimming": ("swimsuit",),
    "Ice hockey": ("ice skate",),
}


def wiki_related_photo_post(s) -> None:
    """Official 78: post, titled as asked, the full-sized photo of the product on a store page that the Wikipedia
    article of the second tab relates to (the sport's equipment), then stay on the new post."""
    template = (
        'Make a post in f/{forum} titled "{title}" whose URL is the full-sized photo of the product on '
        "the store page (third tab) that goes best with the Wikipedia article in the second tab. End on the "
        "new post's page."
    )
    rng = random.Random("3400:cross:78")
    titles = ("Should I get this for the summer?", "Would this make a good gift?", "Worth it at this price?")
    kind_sport = {k: sport for sport, kinds in SPORT_KINDS.items() for k in kinds if sport in s.wiki}
    by_id = {p.id: p for p in s.shop.products}
    cands = []
    paths: set[str] = set()
    for p in s.shop.products:
        if p.photos[0].kind in kind_sport:
            parts = p.category_url[1 : -len(".html")].split("/")
            paths.update("/".join(parts[:n]) for n in range(1, len(parts) + 1))
    for path in sorted(paths):
        total, _ = s.shop.data.category_listing(path, "position", "asc", 1, LISTING_LIMIT)
        for page in range(1, (total - 1) // LISTING_LIMIT + 2):
            ids = s.shop.data.category_listing(path, "position", "asc", page, LISTING_LIMIT)[1]
            shown = [by_id[i] for i in ids if i in by_id]
            for sport in sorted({kind_sport[p.photos[0].kind] for p in shown if p.photos[0].kind in kind_sport}):
                related = [p for p in shown if p.photos[0].kind in SPORT_KINDS[sport]]
                if len(related) == 1 and len(shown) >= 3 and len(ids) == len(shown) and not taken(s, related[0]):
                    cands.append((related[0], path, page))
    rng.shuffle(cands)
    picked: list = []
    for p, path, page in cands:
        if all(
            kind_sport[p.photos[0].kind] != kind_sport[q.photos[0].kind] and path != where for q, where, _ in picked
        ):
            picked.append((p, path, page))
        if len(picked) == 3:
            break
    forums = [f for f in GENERAL_FORUMS if f in s.forum.forums]
    for i, (p, path, page) in enumerate(sorted(picked, key=lambda c: c[0].id)):
        sport = kind_sport[p.photos[0].kind]
        forum, title = rng.choice(forums), titles[i % len(titles)]
        listing = f"{SHOP}/{path}.html?product_list_limit={LISTING_LIMIT}" + (f"&p={page}" if page > 1 else "")
        picture = photo_url(p)
        ev = with_images(
            html_eval([target("last", query_text(".submission__header"), must_include=[title, USER, f"f/{forum}"])]),
            [ssim_check("last", ".submission__image", picture, 0.9)],
        )
        solution = [
            tab(1, f"the article is about {sport}"),
            tab(2),
            click(
                f".product-item-link[href='/{p.url_key}.html']", f"the {p.photos[0].kind}: {sport} is played with it"
            ),
            tab(0),
            *submit_steps(forum, title, url=picture),
            stop_step(""),
        ]
        mirror(
            s,
            78,
            template,
            {"forum": forum, "title": title},
            ["reddit", "shopping", "wikipedia"],
            start_url=f"{REDDIT} |AND| {article_url(sport)} |AND| {listing}",
            eval_=ev,
            solution=solution,
            require_reset=True,
            grounding={"products": [p.id], "visual_terms": [p.photos[0].kind]},
            comments=f"the article is {sport!r}; the page's {p.photos[0].kind} is {p.name!r}",
        )


TEMPLATES: list = [store_name_to_post, priciest_photo_post, compare_two_posts, wiki_related_photo_post]
