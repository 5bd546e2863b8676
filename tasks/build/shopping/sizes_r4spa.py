"""Round-4 (r4-spa) official shopping kinds on a product's measures and on the customer's orders:

- 60: the length and width of the product a look names on a category page, in inches (its own size, which the
  More Information table gives as "Product Dimensions: length x width x height inches");
- 95: the size of the product a look names on a page of search results, in inches (all three measures);
- 44: the page of the customer's order in which she bought the product in the picture (another view of it).
"""

from __future__ import annotations

from collections import Counter
from urllib.parse import quote_plus

from sites.shopping.data import Product

from ..evals import answer_eval, stop, type_in, url_eval
from .base import SITE, Suite, open_card, signature
from .order_steps_r5sp import to_order
from .page_kinds import look_task, looks_on, pages


def measures(p: Product) -> list[str] | None:
    """The three numbers of "Product Dimensions: L x W x H inches", or None."""
    text = p.attributes.get("Product Dimensions", "")
    if not text.endswith(" inches"):
        return None
    parts = [x.strip() for x in text[: -len(" inches")].split("x")]
    return parts if len(parts) == 3 and all(x.isdigit() for x in parts) else None


class SearchPage:
    """The first page of the quick search's results for a query, as a person opens it."""

    def __init__(self, s: Suite, query: str):
        self.query = query
        self.total, ids = s.data.search(query)
        self.products = [s.data.product(i) for i in ids]
        self.url = f"{SITE}/catalogsearch/result/?q={quote_plus(query)}"


def _ask_size(
    s: Suite, official: int, template: str, p: Product, fact: str, url: str, wanted: list[str], answer: str
) -> None:
    """A question on the measures of `p` (named by its look on the page at `url`), read in its More Information
    table: the answer must include every number of `wanted`."""
    solution = [open_card(p), stop(answer, "Product Dimensions in More Information")]
    look_task(s, official, template, p, fact, url, eval_=answer_eval({"must_include": wanted}), solution=solution)


def length_and_width(s: Suite, n: int = 1) -> None:
    """Official 60: the length and width of the product a look names on this page, in inches."""
    template = "How long and how wide is the {look} on this page, in inches? I mean the item itself, not its box."
    cands = []
    for page in pages(s, 1):
        for p, fact in looks_on(s, page, page.products):
            m = measures(p)
            if m and m[0] != m[1] and s.clean(p, [str(getattr(p.photos[0], fact))]):
                cands.append((p, fact, page))
    for p, fact, page in s.fresh(cands, n):
        m = measures(p) or []
        _ask_size(s, 60, template, p, fact, page.url, [m[0], m[1]], f"{m[0]} in x {m[1]} in")


def size_in_inches(s: Suite, n: int = 3) -> None:
    """Official 95: the size of the product a look names on a page of search results, in inches."""
    template = "What size is the {look} among these results, in inches?"
    kinds = sorted({p.photos[0].kind for p in s.products})
    cands = []
    for kind in kinds:
        page = SearchPage(s, kind)
        for p, fact in looks_on(s, page, page.products):  # type: ignore[arg-type]
            m = measures(p)
            if m and len(set(m)) == 3 and p.photos[0].kind == kind:
                cands.append((p, fact, page))
    for p, fact, page in s.fresh(cands, n):
        m = measures(p) or []
        _ask_size(s, 95, template, p, fact, page.url, m, " x ".join(m) + " inches")


def order_of_pictured(s: Suite, n: int = 3) -> None:
    """Official 44: the page of the customer's order that holds the pictured product (bought once, looking unlike
    everything else she bought); found by searching its kind and reading its name, then in My Orders."""
    template = "I ordered something like the thing in this picture a while ago. Can you open that order's page?"
    times = Counter(i.sku for o in s.orders for i in o.items)
    bought = [s.data.product(i.product_id) for o in s.orders for i in o.items]
    looks = Counter(signature(p) for p in bought)
    cands = []
    for o in s.orders:
        for i in o.items:
            p = s.data.product(i.product_id)
            if times[i.sku] != 1 or looks[signature(p)] != 1 or p.id in s.official_products:
                continue
            _, found = s.data.search(p.photos[0].kind)
            page = [s.data.product(x) for x in found]
            if p.id in found and all(signature(x) != signature(p) for x in page if x.id != p.id):
                cands.append((p, o))
    for p, o in s.fresh(cands, n):
        image = s.product_image(p)
        s.mirror(
            44,
            template,
            {},
            image=image,
            eval_=url_eval(f"{SITE}{o.url_path}"),
            solution=[
                type_in("#search", p.photos[0].kind, enter=True),
                open_card(p),
                *to_order(s, o),  # round 5 (r5-sp): My Account > My Orders > View Order, by sight
                stop(""),
            ],
            comments=f"order {o.increment_id} is the only one holding {p.sku}; nothing else she bought looks alike",
        )


TEMPLATES = [length_and_width, size_in_inches, order_of_pictured]
