"""Shopping templates scored on the page the agent ends on: program_html on a product page, url_match on
category, search, sorted, price-range and list-mode pages, and SSIM on the product photo.
"""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import quote_plus

from sites.shopping.data import Product

from ..evals import click, goto, html_eval, image_eval, stop, target, type_in, url_eval
from ..text import plural, price_text
from .base import NAME_H1, SITE, Suite, leaf, page_url, pick, signature
from .order_steps_r5sp import to_order


def _url_task(s: Suite, template: str, args: dict, url: str, steps: list[dict]) -> None:
    """A kind of our own (easy): `steps` reach the page at `url`, scored on it."""
    s.fill(template, args, eval_=url_eval(url), solution=[*steps, stop("")], difficulty=("easy", "easy", "easy"))


def _product_page_task(
    s: Suite, template: str, args: dict, p: Product, check: dict, steps: list[dict], difficulty: tuple, **task
) -> None:
    """A kind of our own: `steps` open the page of `p`, scored on its name and on `check` (a target on it)."""
    ev = html_eval([check, target("last", NAME_H1, exact_match=p.name)])
    s.fill(template, args, eval_=ev, solution=[*steps, stop("")], difficulty=difficulty, **task)


def open_by_color_attributes(s: Suite) -> None:
    template = "Open the page of the {color} {noun} in {leaf}."
    cands = s.visual("color", extra=lambda p: "Brand" in p.attributes and "Material" in p.attributes)
    for p in pick(s, cands, 4):
        args = {"color": p.photos[0].color, "noun": p.photos[0].kind, "leaf": leaf(p)}
        check = target(
            "last",
            "func:shopping_get_product_attributes(__page__, 'Brand |OR| Material')",
            must_include=[p.attributes["Brand"], p.attributes["Material"]],
        )
        ground = s.ground([p], [p.photos[0].color])
        _product_page_task(
            s, template, args, p, check, s.open_from_leaf(p), ("easy", "medium", "medium"), grounding=ground
        )


def open_cheapest_color(s: Suite) -> None:
    template = "Open the cheapest {noun} showing something {color} in {leaf}."
    cands = []
    for _key, group in sorted(s.groups.items()):
        colored = [p for p in group if p.photos[0].color]
        by_color: defaultdict[str, list] = defaultdict(list)
        for p in colored:
            shown = p.photos[0].color
            if shown:
                by_color[shown].append(p)
        for color, ps in sorted(by_color.items()):
            ps.sort(key=lambda p: (p.final_price, p.id))
            if (
                len(ps) >= 2
                and ps[0].final_price < ps[1].final_price
                and all(s.clean(p, [color]) for p in ps)
                and not any(color in (v.lower() for v in vals) for p in ps for vals in p.options.values())
            ):
                cands.append((ps[0], color, ps))
                break
    for p, color, ps in pick(s, cands, 3):
        args = {"noun": p.photos[0].kind, "color": color, "leaf": leaf(p)}
        check = target(
            "last", "func:shopping_get_product_price(__page__)", required_values=[f"== {price_text(p.final_price)}"]
        )
        steps = [
            goto(s.listing_url(p, "price", "asc"), "lowest price first"),
            click(f".product-item-link[href='/{p.url_key}.html']"),
        ]
        ground = s.ground(ps, [color])
        _product_page_task(s, template, args, p, check, steps, ("medium", "medium", "hard"), grounding=ground)


def open_most_reviewed_kind(s: Suite) -> None:
    template = "Among the {noun} in {leaf}, open the one with the most reviews."
    cands = []
    for _key, group in sorted(s.groups.items()):
        ranked = sorted(group, key=lambda p: (-len(p.reviews), p.id))
        if len(ranked) >= 3 and len(ranked[0].reviews) > len(ranked[1].reviews):
            cands.append(ranked[0])
    for p in pick(s, cands, 4):
        args = {"noun": plural(p.photos[0].kind), "leaf": leaf(p)}
        check = target("last", "func:shopping_get_num_reviews(__page__)", required_values=[f"== {len(p.reviews)}"])
        _product_page_task(s, template, args, p, check, s.open_from_leaf(p), ("medium", "easy", "medium"))


def open_best_rated_pictured(s: Suite) -> None:
    template = "Of the products in {leaf} that look like the one in this picture, open the best-rated one."
    cands = []
    for _key, group in sorted(s.groups.items()):
        for p in group:
            same = [x for x in group if signature(x)[:2] == signature(p)[:2]]
            rated = sorted(same, key=lambda x: (-x.rating_percent, x.id))
            if len(same) >= 2 and rated[0] is p and rated[0].rating_percent > rated[1].rating_percent:
                cands.append(p)
    for p in pick(s, cands, 3):
        args = {"leaf": leaf(p)}
        image = s.product_image(p)
        check = target(
            "last", "func:shopping_get_rating_as_percentage(__page__)", required_values=[f"== {p.rating_percent}"]
        )
        _product_page_task(s, template, args, p, check, s.open_from_leaf(p), ("hard", "medium", "hard"), image=image)


def search_for(s: Suite) -> None:
    template = 'Search the store for "{query}".'
    used = set()
    for p in pick(s, [p for p in s.products if p.attributes.get("Brand")], 3):
        query = f"{p.attributes['Brand']} {p.photos[0].kind}"
        if query in used:
            continue
        used.add(query)
        args = {"query": query}
        ev = html_eval(
            [
                target(
                    "last",
                    'func:get_query_text_lowercase(__page__, "h1.page-title")',
                    must_include=[f"'{query.lower()}'"],
                )
            ]
        )
        s.fill(
            template,
            args,
            eval_=ev,
            solution=[type_in("#search", query, enter=True), stop("")],
            difficulty=("easy", "easy", "easy"),
        )


def leaf_sorted_url(s: Suite) -> None:
    template = "Show me {leaf}, {how}."
    hows = [
        ("price", "desc", "most expensive first"),
        ("name", "asc", "sorted by product name"),
        ("price", "asc", "cheapest first"),
    ]
    leaves = [c for c in s.categories() if c[3] == 3]
    for n, (_cid, name, path, _level) in enumerate(leaves[5 :: max(1, len(leaves) // 3)][:3]):
        order, direction, how = hows[n]
        url = f"{SITE}/{path}.html?product_list_order={order}&product_list_dir={direction}"
        args = {"leaf": name, "how": how}
        _url_task(s, template, args, url, [goto(url)])


def open_pictured_url(s: Suite, count: int = 4) -> None:
    template = "Open the page of the product in this picture; it is sold under {leaf}."
    cands = [p for p in s.products if s.unique_look(p) and len(s.peers(p)) >= 2]
    for n, p in enumerate(pick(s, cands, count)):
        image = s.product_image(p, "sketch" if n == 3 else "photo")
        args = {"leaf": leaf(p)}
        s.mirror(
            91, template, args, image=image, eval_=url_eval(page_url(p)), solution=[*s.open_from_leaf(p), stop("")]
        )


def open_by_pattern_url(s: Suite) -> None:
    template = "Open the {pattern} {noun} in {leaf}."
    cands = s.visual("pattern", extra=lambda p: p.photos[0].pattern != "plain")
    for p in pick(s, cands, 3):
        args = {"pattern": p.photos[0].pattern, "noun": p.photos[0].kind, "leaf": leaf(p)}
        s.mirror(
            101,
            template,
            args,
            eval_=url_eval(page_url(p)),
            solution=[*s.open_from_leaf(p), stop("")],
            grounding=s.ground([p], [p.photos[0].pattern]),
        )


def search_sorted_url(s: Suite, offset: int = 3, count: int = 3) -> None:
    template = 'Search for "{query}" and sort the results by price, {how}.'
    kinds = sorted({p.photos[0].kind for p in s.products})
    for n, kind in enumerate(kinds[offset :: max(1, len(kinds) // 3)][:count]):
        direction, how = (("asc", "lowest first"), ("desc", "highest first"))[n % 2]
        url = f"{SITE}/catalogsearch/result/?q={quote_plus(kind)}&product_list_order=price&product_list_dir={direction}"
        args = {"query": kind, "how": how}
        s.mirror(3, template, args, eval_=url_eval(url), solution=[goto(url), stop("")])


def order_of_product_url(s: Suite) -> None:
    template = 'Open the order in which I bought "{name}".'
    counts: defaultdict[str, int] = defaultdict(int)
    for o in s.orders:
        for i in o.items:
            counts[i.sku] += 1
    cands = [(o, i) for o in s.orders for i in o.items if counts[i.sku] == 1]
    for o, i in cands[1 :: max(1, len(cands) // 3)][:3]:
        args = {"name": i.name}
        s.fill(
            template,
            args,
            eval_=url_eval(f"{SITE}{o.url_path}"),
            solution=[*to_order(s, o), stop("")],  # round 5 (r5-sp): reached as a person does
            difficulty=("medium", "easy", "medium"),
        )


def ssim_eval(p: Product, url: str = "last", css: str = ".fotorama__stage__frame", photo: str = "") -> dict:
    """page_image_query: an image at `css` of the page `url` (default: the product page's large photo) looks like
    the main photo of `p` (at `photo` under the catalogue's folder: "" full size, "cache/" the thumbnail)."""
    return image_eval(url, css, f"{SITE}/media/catalog/product/{photo}{p.photos[0].id}.jpg")


def open_pictured_ssim(s: Suite) -> None:
    template = "Find this item in {leaf} and open its product page."
    cands = [p for p in s.products if s.unique_look(p) and len(s.peers(p)) >= 2]
    for p in pick(s, cands, 4):
        args = {"leaf": leaf(p)}
        image = s.product_image(p)
        s.mirror(
            98,
            template,
            args,
            image=image,
            eval_=ssim_eval(p),
            solution=[*s.open_from_leaf(p), stop("")],
            comments="scored by SSIM between the final page's gallery and the product's own photo",
        )


def open_printed_ssim(s: Suite) -> None:
    template = 'Open the {noun} in {leaf} with "{text}" printed on it.'
    cands = s.visual("printed_text")
    for p in pick(s, cands, 3):
        args = {"noun": p.photos[0].kind, "leaf": leaf(p), "text": p.photos[0].printed_text}
        s.fill(
            template,
            args,
            eval_=ssim_eval(p),
            solution=[*s.open_from_leaf(p), stop("")],
            difficulty=("easy", "medium", "medium"),
            grounding=s.ground([p], [p.photos[0].printed_text]),
        )


def _unique_leaves(s: Suite) -> list[tuple[int, str, str, int]]:
    """Leaf categories whose name no other category has (an intent naming one is unambiguous)."""
    cats = s.categories()
    names: defaultdict[str, int] = defaultdict(int)
    for _, name, _, _ in cats:
        names[name] += 1
    return [c for c in cats if c[3] == 3 and names[c[1]] == 1]


def price_range_url(s: Suite) -> None:
    from sites.shopping.queries import price_buckets

    template = "Show me the products in {leaf} priced from {low} to {high}."
    leaves = _unique_leaves(s)
    made = 0
    for cid, name, path, _ in leaves[1 :: max(1, len(leaves) // 12)]:
        if name in s.official_names:  # an official category of the same name: the intent would be ambiguous
            continue
        buckets = [b for b in price_buckets(s.data.conn, cid) if b[2] >= 2]
        if len(buckets) < 2:
            continue
        label, value, _ = buckets[made % len(buckets)]
        low, high = label.split(" - ")
        args = {"leaf": name, "low": low, "high": high}
        side_bar = click(f"#narrow-by-list a[href*='price={value}']", "the price range in the side bar")
        _url_task(s, template, args, f"{SITE}/{path}.html?price={value}", [goto(f"{SITE}/{path}.html"), side_bar])
        made += 1
        if made == 4:
            break


def list_mode_url(s: Suite) -> None:
    template = "Show me {leaf} as a list rather than a grid."
    leaves = _unique_leaves(s)
    for _cid, name, path, _ in leaves[4 :: max(1, len(leaves) // 3)][:3]:
        if name in s.official_names:  # an official category of the same name: the intent would be ambiguous
            continue
        args = {"leaf": name}
        steps = [goto(f"{SITE}/{path}.html"), click(".modes-mode.mode-list", "View as: List")]
        _url_task(s, template, args, f"{SITE}/{path}.html?product_list_mode=list", steps)


def search_page_url(s: Suite) -> None:
    template = 'Show me page {n} of the search results for "{query}".'
    kinds = sorted({p.photos[0].kind for p in s.products})
    made = 0
    for kind in kinds[2 :: max(1, len(kinds) // 10)]:
        total, found = s.data.search(kind, limit=100_000)
        own = total - sum(1 for i in found if i in s.official_products)  # the official catalogue's never decide
        if own <= 12 * 2:  # the grid shows 12 per page; ask for a page that is not the last
            continue
        n = 2 + made % 2
        args = {"n": str(n), "query": kind}
        url = f"{SITE}/catalogsearch/result/index/?p={n}&q={quote_plus(kind)}"
        steps = [type_in("#search", kind, enter=True)]
        steps += [click(".pages-items a.page[href*='p=2&']", "the pager")] + (
            [click(".pages-items a.page[href*='p=3&']", "the pager")] if n == 3 else []
        )
        _url_task(s, template, args, url, [*steps])
        made += 1
        if made == 3:
            break


def pictured_leaf_url(s: Suite) -> None:
    template = "Open the most specific category page under which the product in this picture is sold."
    leaves_of_kind = defaultdict(set)
    for p in s.products:
        leaves_of_kind[p.photos[0].kind].add(p.category_url)
    unique = {c[2] for c in _unique_leaves(s)}
    cands = [
        p
        for p in s.products
        if len(leaves_of_kind[p.photos[0].kind]) == 1
        and s.unique_look(p)
        and p.category_url[1 : -len(".html")] in unique
    ]
    for n, p in enumerate(pick(s, cands, 4)):
        path = p.category_url[1 : -len(".html")]
        image = s.product_image(p, "sketch" if n == 3 else "photo")
        s.add(
            template,
            {},
            intent=template,
            image=image,
            eval_=url_eval(f"{SITE}/{path}.html"),
            solution=[*s.open_from_leaf(p), click(f".breadcrumbs a[href='/{path}.html']", "the last crumb"), stop("")],
            difficulty=("medium", "medium", "medium"),
            comments="the pictured kind of product is sold in one leaf category only",
        )
