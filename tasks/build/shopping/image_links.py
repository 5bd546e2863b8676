"""Round-3 official shopping kinds that answer with the address of a product photo (the image-link family:
official 37, 38, 39, 40, 41, 42, 43, 65, 79, 80 and 119), all string_match on the photo's file name.

A product page shows its photos as a gallery (sites/shopping/templates/product.html): the first one large and
every photo as a thumbnail; each is served at /media/catalog/product/<photo id>.jpg (the thumbnail from
.../cache/<photo id>.jpg, accepted too). What the store's photos can honestly tell apart is what the task asks
for: the product a look names on a page (its colour, pattern or printed words), the main photo versus the
other camera framings of the same item (positions 1 and 2 are the same scene framed differently), and the
photos from the fourth on, which show the item in another setting (another backdrop: a new scene seed).
A product with a single photo has no other view: the task asks for one anyway and the answer is N/A.
"""

from __future__ import annotations

from urllib.parse import quote_plus

from sites.shopping.data import Photo, Product

from ..evals import answer_eval, stop
from ..text import article, plural
from .base import SITE, Suite, open_card
from .page_kinds import ROWS, Page, color_groups, kind_searches, look_words, looks_on, named_looks, pages

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def link_of(ph: Photo) -> str:
    return f"/media/catalog/product/{ph.id}.jpg"


def links_eval(photos: list[Photo], note: str = "") -> dict:
    """string_match: the answer names one of these photos (full size or the gallery's thumbnail)."""
    alternatives = [f"{link_of(ph)} |OR| /media/catalog/product/cache/{ph.id}.jpg" for ph in photos]
    return answer_eval({"must_include": [" |OR| ".join(alternatives)]}, string_note=note)


def na_eval(note: str) -> dict:
    return answer_eval({"fuzzy_match": "N/A"}, string_note=note)


def other_views(p: Product) -> list[Photo]:
    """The photos after the main one."""
    return list(p.photos[1:])


# What a scene's backdrop looks like, and the word a person would use for it (backdrops of one family look alike:
# a task asks for one scene of a product only when its other scene's backdrop is of another family).
SETTINGS = {
    "table": ("on a wooden table", "wooden"),
    "floor": ("on a wooden floor", "wooden"),
    "wall": ("in front of a brick wall", "brick"),
    "studio": ("against a plain studio backdrop", "studio"),
    "grass": ("on grass", "grass"),
    "driveway": ("on a gravel driveway", "gravel"),
    "water": ("on water", "water"),
}


def scenes(p: Product) -> list[tuple[str, list[Photo]]]:
    """(backdrop, photos) of each scene of p's gallery (a scene: the photos rendered with one seed)."""
    from sites.imagery.compose import scene_backdrop

    out: list[tuple[str, list[Photo]]] = []
    for ph in p.photos:
        if out and out[-1][1][0].seed == ph.seed:
            out[-1][1].append(ph)
            continue
        key = (ph.kind, ph.seed)
        if key not in _BACKDROPS:
            _BACKDROPS[key] = scene_backdrop(Suite.spec(p), ph.seed)
        out.append((_BACKDROPS[key], [ph]))
    return out


_BACKDROPS: dict[tuple[str, int], str] = {}  # (kind, scene seed) -> backdrop: the same in every rendering


def two_settings(s: Suite, p: Product) -> list[tuple[str, list[Photo]]] | None:
    """p's two scenes when their backdrops are of different families and its text names neither family."""
    if len(p.photos) < 4 or p.id in s.official_products:
        return None
    both = scenes(p)
    words = [SETTINGS[b][1] for b, _ in both]
    if len(both) != 2 or words[0] == words[1] or not s.clean(p, words):
        return None
    return both


def _visit(p: Product) -> list[dict]:
    return [open_card(p)]


def another_view_of_look(s: Suite, n: int = 9) -> None:
    """Official 37: a product a look names on a category page; the link of a photo of it other than the main one
    (N/A when its page has a single photo)."""
    template = (
        "I'm interested in the {look} on this page. Can you give me the link of a photo that shows it "
        "from another viewpoint than its main picture?"
    )
    cands = named_looks(s, 1, options=None)
    single = [c for c in cands if len(c[0].photos) == 1]
    several = [c for c in cands if len(c[0].photos) >= 2]
    picked = s.fresh(several, n - 2) + s.fresh(single, 2)
    for p, fact, page in picked:
        args = {"look": look_words(p, fact)}
        views = other_views(p)
        if views:
            eval_ = links_eval(views)
            answer = link_of(views[0])
            comments = "any photo after the main one of its gallery"
        else:
            eval_ = na_eval(f"The {args['look']} has a single photo.")
            answer = "N/A"
            comments = "unachievable: its page has a single photo"
        s.mirror(
            37,
            template,
            args,
            start_url=page.url,
            eval_=eval_,
            solution=[*_visit(p), stop(answer, "its gallery's thumbnails")],
            grounding=s.look_ground(p, fact),
            comments=comments,
        )


def _setting_here(s: Suite, n: int, official: int, template: str, scene: int, where: str) -> None:
    """On the page of a product with two scenes, the link of a photo of scene `scene` (0: photos 1 to 3, shown
    large first; 1: photos 4 on), named by its setting; `where` says where the solution finds it."""
    cands = [(p, both) for p in s.products if (both := two_settings(s, p))]
    for p, both in s.fresh(cands, n):
        backdrop, photos = both[scene]
        setting, other = SETTINGS[backdrop][0], SETTINGS[both[1 - scene][0]][0]
        comments = (
            f"photos 1 to 3; the later ones show it {other}"
            if scene == 0
            else f"photos 4 on show the item {setting}; 1 to 3 {other}"
        )
        s.mirror(
            official,
            template,
            {"setting": setting},
            start_url=f"{SITE}/{p.url_key}.html",
            eval_=links_eval(photos),
            solution=[stop(link_of(photos[0]), where)],
            grounding=s.ground([p], [SETTINGS[backdrop][1]]),
            comments=comments,
        )


def other_setting_here(s: Suite, n: int = 2) -> None:
    """Official 38: on a product page, the link of a photo showing this item in a setting its later photos show."""
    template = "Give me the link of a photo showing how this item looks {setting}."
    _setting_here(s, n, 38, template, 1, "the gallery's photos from the fourth on")


def link_of_cheapest(s: Suite, n: int = 2) -> None:
    """Official 39: the link of a photo of the cheapest product of a kind and colour in a named category."""
    template = 'Give me an image link of the cheapest {look} in the "{leaf}" category.'
    cands = []
    for (_url, _kind), ps in sorted(s.groups.items()):
        ps = sorted(ps, key=lambda p: (p.final_price, p.id))
        for color in sorted({p.photos[0].color for p in ps if p.photos[0].color}):
            same = [p for p in ps if p.photos[0].color == color]
            if (
                len(same) >= 2
                and same[1].final_price > same[0].final_price
                and all(s.clean(p, [color]) for p in same)
                and same[0].id not in s.official_products
                and not any(color in (v.lower() for v in vals) for p in same for vals in p.options.values())
            ):
                cands.append((same[0], color, same))
    for p, color, same in s.fresh(cands, n):
        args = {"look": f"{color} {p.photos[0].kind}", "leaf": p.category_path[-1]}
        solution = [*s.open_by_price(p), stop(link_of(p.photos[0]), "its main photo")]
        s.mirror(
            39,
            template,
            args,
            eval_=links_eval(list(p.photos)),
            solution=solution,
            grounding=s.ground(same, [color]),
            comments="any photo of that product",
        )


def link_from_page(s: Suite, n: int = 2, *, official: int = 40, page_no: int = 1) -> None:
    """Official 40 (and 65 on a later page): from the products of a category page, the link of a photo of one
    showing a kind in a colour (any photo of any of them)."""
    template = {
        40: "From the products here, give me an image link of one that shows {look}, if there is one.",
        65: "Give me the address of a picture, from an item on this page, that shows {look}.",
    }[official]
    cands = []
    for page in pages(s, page_no):
        if page.page != page_no:
            continue
        for (kind, color), ps in color_groups([p for p in page.products if p.id not in s.official_products]):
            same_kind = [x for x in page.products if x.photos[0].kind == kind]
            if (
                len(same_kind) > len(ps)
                and all(s.clean(p, [color]) for p in ps)
                and not any(color in (v.lower() for v in vals) for p in ps for vals in p.options.values())
            ):
                cands.append((ps[0], color, ps, page))
    for p, color, ps, page in s.fresh(cands, n):
        args = {"look": f"{article(color)} {color} {p.photos[0].kind}"}
        photos = [ph for x in ps for ph in x.photos]
        s.mirror(
            official,
            template,
            args,
            start_url=page.url,
            eval_=links_eval(photos),
            solution=[*_visit(p), stop(link_of(p.photos[0]), "its main photo")],
            grounding=s.ground(ps, [color]),
            comments="any photo of any product of the page showing that look",
        )


def other_design(s: Suite, n: int = 1) -> None:
    """Official 41: a product of a pattern is liked; the link of a photo of the same kind of thing on the same page
    with another pattern, if there is one."""
    template = (
        "The {liked} here is lovely. Can you give me an image link of {a_kind} with a {other} design "
        "instead, if there is one?"
    )
    cands = []
    for page in pages(s, 1):
        for p, fact in looks_on(s, page, page.products, options=None):
            if fact != "pattern":
                continue
            kind = p.photos[0].kind
            others = [
                x
                for x in page.products
                if x.photos[0].kind == kind
                and x.id != p.id
                and x.photos[0].pattern not in ("plain", p.photos[0].pattern)
            ]
            for q in others:
                pattern = q.photos[0].pattern
                same = [x for x in others if x.photos[0].pattern == pattern]
                if all(s.clean(x, [pattern]) for x in same) and q.id not in s.official_products:
                    cands.append((q, p, same, page))
                    break
    for q, p, same, page in s.fresh(cands, n):
        args = {
            "liked": look_words(p, "pattern"),
            "a_kind": f"{article(q.photos[0].kind)} {q.photos[0].kind}",
            "other": q.photos[0].pattern,
        }
        photos = [ph for x in same for ph in x.photos]
        s.mirror(
            41,
            template,
            args,
            start_url=page.url,
            eval_=links_eval(photos),
            solution=[*_visit(q), stop(link_of(q.photos[0]), "its main photo")],
            grounding=s.ground([p, *same], [p.photos[0].pattern, q.photos[0].pattern]),
        )


def share_nth(s: Suite, n: int = 2) -> None:
    """Official 42: the n-th product of a category page; the link of one of its photos in a given setting."""
    template = (
        "I'd like to send the {ordinal} item of this page to a friend. Can you give me an image link of it {setting}?"
    )
    cands = []
    for page in pages(s, 1):
        for k, p in enumerate(page.products[: len(ORDINALS)]):
            both = two_settings(s, p)
            if both:
                cands.append((p, k, page, both))
    for p, k, page, both in s.fresh(cands, n):
        backdrop, photos = both[1]
        args = {"ordinal": ORDINALS[k], "setting": SETTINGS[backdrop][0]}
        s.mirror(
            42,
            template,
            args,
            start_url=page.url,
            eval_=links_eval(photos),
            solution=[*_visit(p), stop(link_of(photos[0]), "its photos from the fourth on")],
            grounding=s.ground([p], [SETTINGS[backdrop][1]]),
            comments="counted along the rows, left to right",
        )


def main_photo_here(s: Suite, n: int = 5) -> None:
    """Official 43: on a product page, the link of a photo of the item in the setting of its first photos."""
    template = "Can you give me the link of an image of this product {setting}?"
    _setting_here(s, n, 43, template, 0, "the large photo of the gallery")


def named_other_angle(s: Suite, n: int = 1) -> None:
    """Official 79: a product named in the intent, on its category page; the link of a photo of it from another
    angle, in the setting of its later photos."""
    template = "Can you give me an image link showing the {name} from another angle, {setting}?"
    cands = []
    for p in s.products:
        both = two_settings(s, p)
        if not both:
            continue
        page = Page(s, p.category_path[-1], p.category_url.strip("/").removesuffix(".html"), 1)
        if p in page.products:
            cands.append((p, both, page))
    for p, both, page in s.fresh(cands, n):
        backdrop, photos = both[1]
        args = {"name": p.name, "setting": SETTINGS[backdrop][0]}
        s.mirror(
            79,
            template,
            args,
            start_url=page.url,
            eval_=links_eval(photos),
            solution=[open_card(p), stop(link_of(photos[0]), "its photos from the fourth on")],
            grounding=s.ground([p], [SETTINGS[backdrop][1]]),
        )


def row_look_other_angle(s: Suite, n: int = 2) -> None:
    """Official 80: the product a look names in a row of a category page; a photo of it from another angle."""
    from .page_kinds import in_rows

    template = "Can you give me an image link of the {look} in the {row} row from another angle?"
    cands = [c for c in in_rows(s) if len(c[0].photos) >= 2]
    for p, fact, page, r in s.fresh(cands, n):
        args = {"look": look_words(p, fact), "row": ROWS[r]}
        s.mirror(
            80,
            template,
            args,
            start_url=page.url,
            eval_=links_eval(other_views(p)),
            solution=[*_visit(p), stop(link_of(p.photos[1]), "its second photo")],
            grounding=s.look_ground(p, fact),
            comments="any photo after the main one",
        )


def search_page_link(s: Suite, n: int = 1) -> None:
    """Official 119: on a page of search results for a kind, the link of a photo of one in a colour."""
    template = "I want {kinds} that are {color}. Can you find the image address of one in {color} on this page?"
    cands = []
    for kind, shown in kind_searches(s, 2, full=True):
        of_kind = [p for p in shown if p.photos[0].kind == kind]
        for color in sorted({p.photos[0].color for p in of_kind if p.photos[0].color}):
            same = [p for p in of_kind if p.photos[0].color == color]
            if (
                len(same) < len(of_kind)
                and all(s.clean(p, [color]) for p in same)
                and not any(color in (v.lower() for v in vals) for p in same for vals in p.options.values())
            ):
                cands.append((same[0], kind, color, same))
                break
    for p, kind, color, same in s.fresh(cands, n):
        args = {"kinds": plural(kind), "color": color}
        start = f"{SITE}/catalogsearch/result/index/?p=2&q={quote_plus(kind)}"
        photos = [ph for x in same for ph in x.photos]
        s.mirror(
            119,
            template,
            args,
            start_url=start,
            eval_=links_eval(photos),
            solution=[*_visit(p), stop(link_of(p.photos[0]), "its main photo")],
            grounding=s.ground(same, [color]),
            comments="the second page of the search results; any photo of a product there in that colour",
        )


def link_from_later_page(s: Suite) -> None:
    """Official 65: link_from_page on the second page of a category."""
    link_from_page(s, 4, official=65, page_no=2)


TEMPLATES = [
    another_view_of_look,
    other_setting_here,
    link_of_cheapest,
    link_from_page,
    link_from_later_page,
    other_design,
    share_nth,
    main_photo_here,
    named_other_angle,
    row_look_other_angle,
    search_page_link,
]
