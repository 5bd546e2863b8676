"""Classifieds templates that change the site or end on a page: post a listing from a photo, comment on
one, edit the user's own listing, and a filtered gallery search.
"""

from __future__ import annotations

from sites.classifieds.queries import PAGE_SIZE

from ..evals import html_eval, stop, target
from ..text import article
from .base import PRICE_VALUE, SITE, Suite, clean_of, grouped, lone_colours
from .commenting import comment_on_page

POST_ITEMS = [  # (kind, color, category, price, city, region)
    ("kettle", "green", "Appliances", 35, "Dayton", "Ohio"),
    ("bicycle", "purple", "Bikes", 180, "Lancaster", "Pennsylvania"),
    ("guitar", "orange", "Music instruments", 240, "Roanoke", "Virginia"),
]


def _change(s: Suite, template: str, args: dict, ev: dict, solution: list[dict], **task) -> None:
    """A task of ours that changes the site (a listing posted, commented or edited): reset after it, labelled
    medium, easy, medium."""
    s.fill(
        template, args, eval_=ev, solution=solution, require_reset=True, difficulty=("medium", "easy", "medium"), **task
    )


def post_from_photo(s: Suite) -> None:
    from sites.imagery import PhotoSpec
    from sites.imagery import kind as lookup_kind

    template = (
        'Post a listing for the item in this photo: title "{title}", price ${price}, category {category}, '
        "city {city} ({region}). The description must say what colour the item is."
    )
    existing = {r.title for r in s.rows}
    for n, (kind_name, color, category, price, city, region) in enumerate(POST_ITEMS):
        try:
            lookup_kind(kind_name)
        except (KeyError, ValueError):
            continue
        title = f"{kind_name.capitalize()} for sale, barely used"
        if title in existing:
            title = f"{kind_name.capitalize()} in good shape"
        image = s.input_image(PhotoSpec(kind=kind_name, color=color, condition="like new"), seed=9000 + n)
        description = f"A {color} {kind_name} in good shape. Pickup in {city}."
        args = {"title": title, "price": price, "category": category, "city": city, "region": region}
        solution: list[dict] = [
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
        ev = html_eval(
            [
                target("last", 'func:get_query_text(__page__, ".item-title")', exact_match=title),
                target("last", PRICE_VALUE, required_values=[f"== {price}"]),
                target("last", 'func:get_query_text_lowercase(__page__, ".desc")', must_include=[color]),
                target("last", "document.querySelector('.item-meta').textContent", must_include=[city, category]),
                target(
                    f"{SITE}/index.php?page=user&action=items",
                    "document.querySelector('.user-items').innerText",
                    must_include=[title],
                ),
            ]
        )
        _change(s, template, args, ev, solution, image=image, comments="the colour is only in the input photo")


def comment_on_visual(s: Suite) -> None:
    template = (
        'Leave a {stars}-star comment titled "{title}" on the listing in {city} whose photo shows '
        "{a_color} {color} {noun}. Write a short comment body."
    )
    titles = ["Love the colour", "Still for sale?", "Nice find"]
    cands = lone_colours(s)
    for n, r in enumerate(s.fresh(cands, 3)):
        stars, title = (5, 3, 4)[n], titles[n]
        results = s.search(category_id=r.category_id, city_id=r.city_id)
        args = {
            "stars": stars,
            "title": title,
            "city": r.city,
            "a_color": article(r.color),
            "color": r.color,
            "noun": r.kind,
        }
        solution = s.open_in_results(
            r, results, "the city's listings in the item's category", sCategory=r.category_id, sCity=r.city_id
        )
        solution += [*comment_on_page(title, "Is it still available?", stars), stop("")]
        locator = (
            "[...document.querySelectorAll('.comments_list .comment')].map(c => "
            "c.querySelector('h3').textContent + ' :: ' + c.querySelector('.stars').getAttribute('title'))"
            ".join(' || ')"
        )
        ev = html_eval(
            [
                target(r.url, locator, must_include=[f"{title} :: {stars} of 5 stars"]),
                target(
                    r.url,
                    'func:get_query_text(__page__, ".comments_list .comment:last-child .comment-author")',
                    must_include=["Blake Sullivan"],
                ),
            ]
        )
        _change(s, template, args, ev, solution, grounding={"listings": [r.id], "visual_terms": [r.color]})


def edit_own_listing(s: Suite) -> None:
    template = (
        "Change the price of your listing whose photo shows {visual} to ${price}, and add the sentence "
        '"{sentence}" at the end of its description.'
    )
    own = [r for r in s.rows if r.user_id == 1]
    plans = []
    colors = [r.color for r in own]
    for r in own:
        if r.color and colors.count(r.color) == 1 and clean_of([r], [r.color]):
            plans.append((r, f"{article(r.color)} {r.color} item", [r.color]))
        elif r.text and clean_of([r], [r.text]):
            plans.append((r, f'the word "{r.text}" printed on the item', [r.text]))
    sentences = ["Price drop this week.", "Open to reasonable offers.", "Can deliver within 10 miles."]
    for n, (r, visual, terms) in enumerate(plans[:3]):
        new_price = max(1, int(r.price * 0.8) // 5 * 5)
        sentence = sentences[n]
        args = {"visual": visual, "price": new_price, "sentence": sentence}
        solution: list[dict] = [
            {"do": "goto", "url": f"{SITE}/index.php?page=user&action=items"},
            {
                "do": "click",
                "css": f".user-item-actions a[href='/index.php?page=item&action=item_edit&id={r.id}']",
                "note": "the card whose thumbnail matches",
            },
            {"do": "type", "css": "input[name=price]", "value": str(new_price), "enter": False},
            {"do": "type", "css": "textarea[name=description]", "value": f"{r.description} {sentence}", "enter": False},
            {"do": "click", "css": "button.btn-publish"},
            stop(""),
        ]
        ev = html_eval(
            [
                target(r.url, PRICE_VALUE, required_values=[f"== {new_price}"]),
                target(
                    r.url,
                    'func:get_query_text(__page__, ".desc")',
                    must_include=[sentence, r.description.split(". ")[0]],
                ),
            ]
        )
        _change(s, template, args, ev, solution, grounding={"listings": [r.id], "visual_terms": terms})


def search_gallery(s: Suite) -> None:
    template = "Show the {category} listings in {city} priced from ${low} to ${high}, lowest price first, as a gallery."
    groups = grouped(s.rows, lambda r: (r.category_id, r.city_id))
    cands = []
    for _key, rows in groups:
        prices = sorted(r.price for r in rows)
        if len(rows) >= 6:
            low, high = int(prices[1]), int(prices[-2]) + 1
            inside = sorted((r for r in rows if low <= r.price <= high), key=lambda r: (r.price, r.id))
            if 3 <= len(inside) <= PAGE_SIZE and len(inside) < len(rows):
                cands.append((inside[0], low, high, inside))
    for first, low, high, inside in s.fresh(cands, 3):
        args = {"category": first.category, "city": first.city, "low": low, "high": high}
        url = s.search_url(
            sCategory=first.category_id,
            sCity=first.city_id,
            sPriceMin=low,
            sPriceMax=high,
            sOrder="i_price",
            iOrderType="asc",
            sShowAs="gallery",
        )
        count = f"{len(inside)} listing{'s' if len(inside) != 1 else ''} found"
        ev = html_eval(
            [
                target("last", "document.querySelector('.results').className", must_include=["grid"]),
                target("last", 'func:get_query_text(__page__, ".result-count")', must_include=[count]),
                target("last", 'func:get_query_text(__page__, ".results .card-title")', exact_match=first.title),
            ]
        )
        s.fill(
            template,
            args,
            eval_=ev,
            solution=[{"do": "goto", "url": url}, stop("")],
            difficulty=("easy", "easy", "easy"),
            comments="navigation with filters; not visual",
        )
