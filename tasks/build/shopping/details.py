"""Official shopping kinds about options, the search box and the facts of a product's page: buy in any size
(121, 124), add one in any size to the cart (148), buy a look found by searching (127, 126) and the weight (63)
of a product named by its look on this page.
"""

from __future__ import annotations

from sites.shopping.data import Product

from ..evals import answer_eval, html_eval, stop, type_in
from .base import Suite, cart_eval, open_card, order_targets
from .page_kinds import kind_searches, look_task, look_words, looks_on, named_looks, pages


def _color_option(p: Product) -> str | None:
    """The colour option the photo shows, when the product offers it."""
    c = p.photos[0].color
    return c.title() if c and c.title() in p.options.get("Color", []) else None


def _sized(s: Suite, facts: tuple[str, ...]):
    out = []
    for page in pages(s):
        for p, fact in looks_on(s, page, page.products, options=True):
            if fact in facts and _color_option(p) and p.sku not in s.latest_order_skus:
                out.append((p, fact, page))
    return out


def _opts(p: Product, k: int) -> dict[str, str]:
    sizes = p.options["Size"]
    return {"Size": sizes[k % len(sizes)], "Color": _color_option(p) or ""}


def buy_any_size(s: Suite, n: int = 4) -> None:
    """Official 121: buy the product a look names on this page, in any size (the colour its photo shows)."""
    template = "Buy the {look} from this page, in the colour of its photo; any size will do."
    for k, (p, fact, page) in enumerate(s.fresh(_sized(s, ("pattern", "printed_text")), n)):
        opts = _opts(p, k)
        args = {"look": look_words(p, fact)}
        ground = s.look_ground(p, fact)
        _buy_in_colour(s, 121, template, args, p, page, opts, grounding=ground, comments="any size is right")


def _buy_in_colour(s: Suite, official: int, template: str, args: dict, p: Product, page, opts: dict, **task) -> None:
    """Buy `p` from `page` with the options `opts`: scored on an order of it in the colour of `opts`."""
    s.buy_job(official, template, args, p, page.url, options=opts, eval_=html_eval_order(p, opts), **task)


def html_eval_order(p: Product, opts: dict[str, str]) -> dict:
    return html_eval(order_targets(p, 1, {"Color": opts["Color"]}))


def buy_any_color_text(s: Suite, n: int = 2) -> None:
    """Official 124: buy the product whose photo shows printed words, in the colour its photo shows."""
    template = 'Buy the {noun} with "{text}" on its photo, in the photo\'s colour and any size.'
    cands = _sized(s, ("printed_text",))
    for k, (p, _fact, page) in enumerate(s.fresh(cands, n)):
        opts = _opts(p, k + 1)
        args = {"noun": p.photos[0].kind, "text": p.photos[0].printed_text}
        _buy_in_colour(s, 124, template, args, p, page, opts, grounding=s.ground([p], [p.photos[0].printed_text]))


def cart_any_size(s: Suite, n: int = 2) -> None:
    """Official 148: put one of the product a look names on this page into the cart, any size."""
    template = "Find the {look} on this page and put one in my cart (any size, the colour of its photo)."
    for k, (p, fact, page) in enumerate(s.fresh(_sized(s, ("pattern", "printed_text", "color")), n)):
        opts = _opts(p, k)
        solution = [open_card(p), *s.add_to_cart(p, 1, opts), stop("")]
        look_task(s, 148, template, p, fact, page.url, eval_=cart_eval(p), solution=solution, require_reset=True)


def _searched(s: Suite):
    """(product, fact, kind): a product on the first results page for its kind, the store's only one of that kind
    showing its look."""
    out = []
    for kind, shown in kind_searches(s):
        same = [p for p in shown if p.photos[0].kind == kind]
        for p in same:
            if p.options or p.sku in s.latest_order_skus or len(same) < 2:
                continue
            for fact in ("pattern", "printed_text", "color"):
                value = getattr(p.photos[0], fact)
                if value in (None, "plain") or not s.clean(p, [str(value)]):
                    continue
                if all(
                    getattr(x.photos[0], fact) != value for x in s.products if x.photos[0].kind == kind and x.id != p.id
                ):
                    out.append((p, fact, kind))
                    break
    return out


def buy_searched(s: Suite, n: int = 5) -> None:
    """Official 127 (and 126 with the search words given): buy a product of a look, found with the search box."""
    template = "Buy me a {look}."
    template2 = 'Search for "{query}" and buy me the {look}.'
    for k, (p, fact, kind) in enumerate(s.fresh(_searched(s), n)):
        look = look_words(p, fact)
        solution = [type_in("#search", kind, enter=True), open_card(p), *s.add_to_cart(p), *s.checkout(), stop("")]
        official, sentence, args = (
            (127, template, {"look": look}) if k < 4 else (126, template2, {"query": kind, "look": look})
        )
        s.mirror(
            official,
            sentence,
            args,
            eval_=html_eval_order_plain(p),
            solution=solution,
            require_reset=True,
            grounding=s.look_ground(p, fact),
        )


def html_eval_order_plain(p: Product) -> dict:
    return html_eval(order_targets(p, 1))


def weight_on_page(s: Suite, n: int = 3) -> None:
    """Official 63: the weight of the product a look names on this page, in the unit asked."""
    template = "How much does the {look} on this page weigh, in {units}?"
    cands = named_looks(s, 1, options=None)
    for p, fact, page in s.fresh(cands, n):
        value, unit = p.attributes["Item Weight"].split()
        ev = answer_eval({"must_include": [value]})
        solution = [open_card(p), stop(f"{value} {unit}", "Item Weight row of More Information")]
        look_task(s, 63, template, p, fact, page.url, {"units": unit}, eval_=ev, solution=solution)


TEMPLATES = [buy_any_size, buy_any_color_text, cart_any_size, buy_searched, weight_on_page]
