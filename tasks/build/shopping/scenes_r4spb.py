"""Round-4 official shopping kinds (helper r4-spb) whose input picture shows something other than one product of the
store: a dish, a situation, tools, or two products whose traits are to be combined. The pictures are drawn here
(emoji dishes on a table top, collages of several things rendered through sites.imagery), never a store photo:

- 23: everything needed to make the pictured dish or drink into the cart;
- 31: something to keep the pictured things in, into the cart;
- 73: the item of this page that best fits the pictured activity, into the cart;
- 92: the shoes of this page one would most likely wear in the pictured situation, ordered in a size;
- 94: the pictured food, but the buyer is allergic to what most of its kind in a named category contain: the one
  that is safe, ordered;
- 50 / 51: the product of a named category that combines the two pictures (the kind of thing of one, the pattern
  or colour of the other), opened; 52 / 57: the same, bought (57 in the sports department).
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFilter

from sites.imagery.spec import PhotoSpec
from sites.shopping.data import Product

from ..evals import html_eval, stop, target, type_in
from .base import CART_LINES, LATEST_ORDER, NAME_H1, SITE, Suite, open_card, order_targets
from .page_kinds import pages

PANEL = (320, 240)


def collage(s: Suite, kinds: tuple[str, ...], salt: str) -> str:
    """The things of `kinds` drawn side by side (each another framing of a generic item of that kind)."""
    from sites.imagery.task_images import make_input_image

    canvas = Image.new("RGB", (PANEL[0] * len(kinds) + 12 * (len(kinds) - 1), PANEL[1]), "white")
    for i, kind in enumerate(kinds):
        seed = sum(ord(ch) for ch in f"{salt}:{kind}") * 7919
        panel = make_input_image(PhotoSpec(kind=kind, condition="new"), seed, size=PANEL)
        canvas.paste(panel, (i * (PANEL[0] + 12), 0))
    return s.save_image(canvas)


def dish_picture(s: Suite, emoji: str) -> str:
    """A dish or drink (a colour emoji, large) on a wooden table top with a soft shadow."""
    from sites.imagery.glyphs import glyph

    w, h = 512, 384
    img = Image.new("RGB", (w, h), (170, 120, 80))
    draw = ImageDraw.Draw(img)
    for y in range(0, h, 24):  # planks
        draw.line([(0, y), (w, y)], fill=(140, 95, 60), width=2)
    g = glyph(emoji).image
    scale = 260 / max(g.size)
    g = g.resize((int(g.width * scale), int(g.height * scale)), Image.Resampling.LANCZOS)
    x, y = (w - g.width) // 2, (h - g.height) // 2
    shadow = Image.new("L", (w, h), 0)
    shadow.paste(g.getchannel("A"), (x + 12, y + 16))
    img.paste((90, 60, 40), (0, 0), shadow.filter(ImageFilter.GaussianBlur(10)).point(lambda v: v // 2))
    img.paste(g, (x, y), g)
    return s.save_image(img)


def _cart_has_one_of(groups: list[list[Product]]) -> dict:
    return html_eval(
        [target(f"{SITE}/checkout/cart/", CART_LINES, must_include=[" |OR| ".join(p.name for p in g) for g in groups])]
    )


def _first_found(s: Suite, query: str, kind: str) -> Product | None:
    _, found = s.data.search(query, limit=12)
    for i in found:
        if i in s.official_products:
            continue
        p = s.data.product(i)
        if p.photos[0].kind == kind and not p.options:
            return p
    return None


DISHES = (
    ("\U0001f96a", "a sandwich", (("bread", "bread loaf"), ("cheese", "cheese wedge"))),
    ("\U0001f9cb", "milk tea", (("tea", "tea cup"), ("milk", "milk glass"))),
)


def ingredients_to_cart(s: Suite) -> None:
    """Official 23: everything needed to make the pictured dish or drink into the cart."""
    template = "Add all the items I need to make this to my shopping cart."
    for emoji, what, parts in DISHES:
        picks = [_first_found(s, q, kind) for q, kind in parts]
        if any(p is None for p in picks):
            continue
        groups = [[p for p in s.products if p.photos[0].kind == kind] for _, kind in parts]
        steps: list[dict] = []
        for (query, _), p in zip(parts, picks, strict=False):
            assert p is not None
            steps += [type_in("#search", query, enter=True), open_card(p), *s.add_to_cart(p)]
        s.mirror(
            23,
            template,
            {},
            start_url=f"{SITE}/",
            image=dish_picture(s, emoji),
            eval_=_cart_has_one_of(groups),
            solution=[*steps, stop("")],
            require_reset=True,
            comments=f"the picture shows {what}: " + " and ".join(k for _, k in parts),
        )


def storage_for_pictured(s: Suite) -> None:
    """Official 31: something to keep the pictured tools in, into the cart."""
    template = "I need something to keep all of these in. Add one to my shopping cart."
    box = _first_found(s, "toolbox", "toolbox")
    if box is None:
        return
    boxes = [p for p in s.products if p.photos[0].kind == "toolbox"]
    s.mirror(
        31,
        template,
        {},
        start_url=f"{SITE}/",
        image=collage(s, ("wrench", "screwdriver", "hammer"), "tools"),
        eval_=_cart_has_one_of([boxes]),
        solution=[type_in("#search", "toolbox", enter=True), open_card(box), *s.add_to_cart(box), stop("")],
        require_reset=True,
        comments="the picture shows a wrench, a screwdriver and a hammer: any toolbox holds them",
    )


# (what the picture shows, the kinds fitting it, the kinds drawn)
SHOE_SCENES = (
    ("a day at the beach", {"flip flop", "sandal"}, ("swimsuit", "volleyball", "life ring")),
    ("a gala evening", {"high heel"}, ("tiara", "bead necklace", "dress")),
    ("a day at the office", {"dress shoe"}, ("briefcase", "laptop", "dress shirt")),
    ("a mountain hike", {"hiking boot"}, ("backpack", "compass", "axe")),
)
ACTIVITY_SCENES = (
    ("an ice rink in winter", {"ice skate"}, ("scarf", "gloves", "penguin")),
    ("a skate park", {"roller skate"}, ("skateboard", "kick scooter", "cap")),
    ("a day at the beach", {"sunglasses"}, ("swimsuit", "volleyball", "life ring")),
)


def _scene_pages(s: Suite, scenes, options: bool, one_per_scene: bool):
    """(a fitting product, fitting products, page, scene) where the page has products that fit the scene and
    products of other kinds, all with (or all without) options: the first page of each scene and its first fitting
    product when `one_per_scene`, else every page with its first fitting product no task used yet."""
    out = []
    for scene in scenes:
        _, fit, _ = scene
        for page in pages(s):
            ps = page.products
            fits = [p for p in ps if p.photos[0].kind in fit]
            free = fits if one_per_scene else [p for p in fits if p.id not in s.used]
            if (
                free
                and len(fits) < len(ps)
                and all(bool(p.options) == options for p in ps)
                and not any(p.id in s.official_products for p in fits)
            ):
                out.append((free[0], fits, page, scene))
                if one_per_scene:
                    break
    return out


def activity_item_to_cart(s: Suite, n: int = 1, one_per_scene: bool = True) -> None:
    """Official 73: the item of this page that fits the pictured activity best, into the cart."""
    template = (
        "This picture shows what I will be doing this weekend. Can you add the item on this page that "
        "fits it best to my cart?"
    )
    for p, fits, page, (what, fit, kinds) in s.fresh(_scene_pages(s, ACTIVITY_SCENES, False, one_per_scene), n):
        s.mirror(
            73,
            template,
            {},
            start_url=page.url,
            image=collage(s, kinds, what),
            eval_=_cart_has_one_of([fits]),
            solution=[open_card(p), *s.add_to_cart(p), stop("")],
            require_reset=True,
            comments=f"the picture shows {what}: " + " or ".join(sorted(fit)),
        )


def more_activity_items(s: Suite) -> None:
    """Official 73 again (its official count is 3), on every page that fits a scene, after the kinds above."""
    activity_item_to_cart(s, n=2, one_per_scene=False)


def shoes_for_situation(s: Suite) -> None:
    """Official 92: the shoes of this page one would most likely wear in the pictured situation, ordered in a
    size."""
    template = (
        "Can you order the shoes on this page that I would most likely wear if I were in this picture? "
        "I take size {size}; any colour will do."
    )
    cands = [c for c in _scene_pages(s, SHOE_SCENES, True, True) if "Size" in c[0].options and "Color" in c[0].options]
    for k, (p, fits, page, (what, fit, kinds)) in enumerate(s.fresh(cands, 3)):
        size = p.options["Size"][(k + 1) % len(p.options["Size"])]
        color = p.options["Color"][0]
        args = {"size": size}
        sizes = (
            "[...document.querySelectorAll('.order-details-items.ordered .item-options dd')]"
            ".map(e => e.textContent.trim()).join(' | ')"
        )
        ev = html_eval(
            [
                target(
                    LATEST_ORDER,
                    "func:shopping_get_order_product_name_list(__page__)",
                    must_include=[" |OR| ".join(x.name for x in fits)],
                ),
                target(LATEST_ORDER, sizes, must_include=[size]),
            ]
        )
        s.mirror(
            92,
            template,
            args,
            start_url=page.url,
            image=collage(s, kinds, what),
            eval_=ev,
            solution=[open_card(p), *s.add_to_cart(p, options={"Size": size, "Color": color}), *s.checkout(), stop("")],
            require_reset=True,
            comments=f"the picture shows {what}: " + " or ".join(sorted(fit)),
        )


ALLERGENS = (("Roasted nuts", "nuts"), ("Real cane sugar", "cane sugar"))


def safe_food_for_allergy(s: Suite) -> None:
    """Official 94: the pictured food, but the buyer cannot have what all but one of its kind in a named category
    contain: that one, ordered."""
    template = (
        "I want to eat this, but I can't have {allergen}. Can you order the closest thing to it from the "
        '"{leaf}" category that I can eat?'
    )
    cands = []
    for (_url, _kind), ps in sorted(s.groups.items()):
        if not ps[0].category_path[0].startswith("Grocery") or len(ps) < 3:
            continue
        for material, allergen in ALLERGENS:
            safe = [p for p in ps if p.attributes["Material"] != material]
            if (
                len(safe) == 1
                and not safe[0].options
                and safe[0].id not in s.official_products
                and safe[0].sku not in s.latest_order_skus
            ):
                shown = next(p for p in ps if p.id != safe[0].id)
                cands.append((safe[0], shown, allergen))
    for p, shown, allergen in s.fresh(cands, 1):
        args = {"allergen": allergen, "leaf": p.category_path[-1]}
        s.mirror(
            94,
            template,
            args,
            image=s.product_image(shown),
            eval_=html_eval(order_targets(p, 1)),
            solution=s.open_from_leaf(p) + s.add_to_cart(p) + s.checkout() + [stop("")],
            require_reset=True,
            comments=f"every other {p.photos[0].kind} of the category lists {allergen} as its material",
        )


def _combinations(s: Suite, fact: str, department: str | None = None):
    """(target, picture of the trait, picture of the kind): the target is the only product of its kind in its leaf
    showing a value of `fact`; the trait picture is a product of another kind (absent from the leaf) showing it;
    the kind picture another product of the target's kind and leaf not showing it."""
    shows: dict[str, list[Product]] = {}
    for p in s.products:
        value = getattr(p.photos[0], fact)
        if value and value != "plain" and p.id not in s.official_products:
            shows.setdefault(str(value), []).append(p)
    out = []
    for (url, _kind), ps in sorted(s.groups.items()):
        if len(ps) < 3 or (department and ps[0].category_path[0] != department):
            continue
        leaf_kinds = {p.photos[0].kind for p in s.products if p.category_url == url}
        for p in ps:
            if not s.shows_alone(p, fact, ps):
                continue
            value = getattr(p.photos[0], fact)
            traits = [x for x in shows[str(value)] if x.photos[0].kind not in leaf_kinds]
            plain = [
                x
                for x in ps
                if x.id != p.id
                and getattr(x.photos[0], fact) != value
                and x.photos[0].pattern == "plain"
                and x.id not in s.official_products
            ]
            if traits and plain:
                out.append((p, traits[p.id % len(traits)], plain[0], str(value)))
                break
    return out


COMBINE = (  # official id, fact, department, buy it?, how many, the sentence
    (
        50,
        "pattern",
        None,
        False,
        1,
        'Can you find me a product from the "{leaf}" category that combines the things in these two pictures?',
    ),
    (
        51,
        "color",
        None,
        False,
        2,
        'Which product of the "{leaf}" category brings together what these two pictures show? Please open it.',
    ),
    (
        52,
        "pattern",
        None,
        True,
        1,
        'Can you find me a product from the "{leaf}" category that combines the things in these two pictures, '
        "and buy it for me?",
    ),
    (
        57,
        "color",
        "Sports & Outdoors",
        True,
        1,
        'Can you find me some sports gear in the "{leaf}" category that is these two pictures in one, and buy it '
        "for me?",
    ),
)


COMBINE_SEED = 7919  # added to a product's photo seed for its pictures in combined_product


def combined_product(s: Suite) -> None:
    """Official 50, 51 (open it), 52 and 57 (buy it): the product of a named category that is the thing of one
    picture with the pattern or colour of the other."""
    for official, fact, department, buying, n, template in COMBINE:
        cands = [c for c in _combinations(s, fact, department) if not buying or c[0].sku not in s.latest_order_skus]
        for p, trait, plain, value in s.fresh(cands, n):
            args = {"leaf": p.category_path[-1]}
            if buying:
                ev = html_eval(order_targets(p, 1))
                steps = s.open_from_leaf(p) + s.add_to_cart(p) + s.checkout() + [stop("")]
            else:
                ev = html_eval([target("last", NAME_H1, must_include=[p.name])])
                steps = [*s.open_from_leaf(p), stop("")]
            # each picture another drawing of its product than the ones earlier kinds give it (a seed of its own)
            pictures = [s.input_image(s.spec(q), q.photos[0].seed + COMBINE_SEED) for q in (trait, plain)]
            s.mirror(
                official,
                template,
                args,
                image=pictures,
                eval_=ev,
                solution=steps,
                require_reset=buying,
                grounding=s.ground([p], [value]),
                comments=f"a {trait.photos[0].kind} showing {value} and a {plain.photos[0].kind}: the only "
                f"{value} {p.photos[0].kind} of the category",
            )


TEMPLATES = [
    ingredients_to_cart,
    storage_for_pictured,
    activity_item_to_cart,
    shoes_for_situation,
    safe_food_for_allergy,
    combined_product,
]
