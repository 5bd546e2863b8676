"""What the shopping templates share: the store's URLs and data views, the suite with its product pickers,
the eval targets of the official shopping helpers and the steps that order or review a product.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from sites.shopping.data import Product, ShoppingData

from ..evals import answer_eval, click, goto, html_eval, stop, target, type_in
from ..suite import Suite as BaseSuite
from ..text import mentions, price_text
from .official import difficulty

SITE = "__SHOPPING__"
LISTING_LIMIT = 36
LATEST_ORDER = "func:shopping_get_latest_order_url()"
NICKNAME = "Emma"


def product_text(p: Product) -> dict[str, str]:
    fields = {
        "name": p.name,
        "short description": p.short_description,
        "description": p.description,
        "attributes": " ".join(f"{k}: {v}" for k, v in p.attributes.items()),
    }
    for r in p.reviews:
        fields[f"review {r.id}"] = f"{r.nickname} {r.title} {r.detail}"
    return fields


def page_url(p: Product) -> str:
    return f"{SITE}/{p.url_key}.html"


def leaf(p: Product) -> str:
    return p.category_path[-1]


def signature(p: Product) -> tuple:
    ph = p.photos[0]
    return (ph.kind, ph.color, ph.pattern, ph.count, ph.printed_text)


class Suite(BaseSuite):
    site = "shopping"
    grounding_key = "products"

    def __init__(self, data: ShoppingData, seed: int):
        super().__init__(seed)
        self.data = data
        self.official_products = extra = data.official_product_ids()  # the official catalogue's: never picked
        ids = [r[0] for r in data.conn.execute("SELECT id FROM product ORDER BY id") if r[0] not in extra]
        self.official_categories = data.official_category_ids()
        self.official_names = {c[1] for c in data.categories() if c[0] in self.official_categories}
        self.products = [data.product(i) for i in ids]
        self.by_sku = {p.sku: p for p in self.products}
        self.groups: dict[tuple[str, str], list[Product]] = defaultdict(list)  # (leaf url, kind)
        for p in self.products:
            self.groups[(p.category_url, p.photos[0].kind)].append(p)
        self.orders = data.customer_orders()
        self.latest_order_skus = {i.sku for i in self.orders[0].items} if self.orders else set()
        self.wishlist_ids = {p.id for p in data.wishlist()}
        self.reviewed_ids = {p.id for p, _ in data.customer_reviews()}

    def categories(self) -> list[tuple[int, str, str, int]]:
        """The store's categories a template may pick (data.categories() without the official catalogue's)."""
        return [c for c in self.data.categories() if c[0] not in self.official_categories]

    # ---- picking --------------------------------------------------------------------------------
    def clean(self, p: Product, terms) -> bool:
        text = " ".join(product_text(p).values())
        return all(not mentions(text, t) for t in terms)

    def peers(self, p: Product) -> list[Product]:
        return [x for x in self.groups[(p.category_url, p.photos[0].kind)] if x.id != p.id]

    def unique_by(self, p: Product, fact: str, *, min_peers: int = 1) -> bool:
        """p is the only product of its kind in its leaf whose photo shows this value of `fact`."""
        value = getattr(p.photos[0], fact)
        peers = self.peers(p)
        return value is not None and len(peers) >= min_peers and all(getattr(x.photos[0], fact) != value for x in peers)

    def plain_buy(self, p: Product) -> bool:
        """`p` can be ordered as it is (no options), is not the official catalogue's and is not in the latest order."""
        return not p.options and p.id not in self.official_products and p.sku not in self.latest_order_skus

    def shows_alone(self, p: Product, fact: str, group: list[Product]) -> bool:
        """`p` (without options, not the official catalogue's) is the only product of `group` whose photo shows its
        value of `fact` (a colour, or a pattern other than plain), and its text never says that value."""
        value = getattr(p.photos[0], fact)
        if not value or value == "plain" or p.options or p.id in self.official_products:
            return False
        return sum(getattr(x.photos[0], fact) == value for x in group) == 1 and self.clean(p, [str(value)])

    def color_pairs(self, accept: Callable[[Product, Product], bool]) -> list[tuple[Product, Product]]:
        """(p, x): each product p without options whose photo shows a colour its text never says, with the first of
        its peers (same leaf, same kind) x that `accept(p, x)`, if any."""
        out = []
        for p in self.products:
            c = p.photos[0].color
            if not c or p.options or not self.clean(p, [c]):
                continue
            x = next((x for x in self.peers(p) if accept(p, x)), None)
            if x is not None:
                out.append((p, x))
        return out

    def unique_look(self, p: Product) -> bool:
        """No other product of its leaf shows the same kind of thing looking the same (for input pictures)."""
        return all(signature(x) != signature(p) for x in self.peers(p))

    def visual(self, fact: str, *, options: bool | None = None, min_peers: int = 1, extra=None) -> list[Product]:
        """Products identifiable in their leaf by `fact` of the photo, whose text never says it."""
        out = []
        for p in self.products:
            if options is not None and bool(p.options) != options:
                continue
            value = getattr(p.photos[0], fact)
            if value is None or not self.unique_by(p, fact, min_peers=min_peers):
                continue
            term = str(value)
            if not self.clean(p, [term]) or any(
                term.lower() in (v.lower() for v in vals) for vals in p.options.values()
            ):
                continue
            if extra is None or extra(p):
                out.append(p)
        return out

    # ---- steps ----------------------------------------------------------------------------------
    def listing_url(self, p: Product, order: str = "position", direction: str = "asc") -> str:
        path = p.category_url[: -len(".html")]
        total, _ = self.data.category_listing(path, order, direction, 1, LISTING_LIMIT)
        page = 1
        while page <= (total - 1) // LISTING_LIMIT + 1:
            if p.id in self.data.category_listing(path, order, direction, page, LISTING_LIMIT)[1]:
                break
            page += 1
        else:
            raise LookupError(f"product {p.id} not listed in {p.category_url}")
        query = f"product_list_limit={LISTING_LIMIT}"
        if order != "position":
            query = f"product_list_order={order}&product_list_dir={direction}&" + query
        return f"{SITE}{p.category_url}?{query}" + (f"&p={page}" if page > 1 else "")

    def open_from_leaf(self, p: Product, note: str = "the leaf category, 36 per page") -> list[dict]:
        return [
            goto(self.listing_url(p), note),
            open_card(p),
        ]

    def open_by_price(
        self, p: Product, note: str = "the category, lowest price first", direction: str = "asc"
    ) -> list[dict]:
        """The steps that open `p` from its leaf category sorted by price (lowest first; "desc": highest first)."""
        return [goto(self.listing_url(p, "price", direction), note), open_card(p)]

    @staticmethod
    def add_to_cart(p: Product, qty: int = 1, options: dict[str, str] | None = None) -> list[dict]:
        steps = [
            click(f".swatch-attribute.{name.lower()} .swatch-option[option-label='{value}']")
            for name, value in (options or {}).items()
        ]
        if qty != 1:
            steps.append(type_in("#qty", str(qty)))
        steps.append(click("#product-addtocart-button"))
        return steps

    @staticmethod
    def checkout() -> list[dict]:
        return [goto(f"{SITE}/checkout/"), click("#shipping-next"), click("#payment button.checkout")]

    def buy_steps(self, p: Product, qty: int = 1, options: dict[str, str] | None = None) -> list[dict]:
        """The steps that open `p` from its card on the page, put `qty` of it (with `options`) in the cart and order."""
        return [open_card(p), *self.add_to_cart(p, qty, options), *self.checkout()]

    # ---- images ---------------------------------------------------------------------------------
    @staticmethod
    def spec(p: Product):
        from sites.imagery import PhotoSpec

        ph = p.photos[0]
        return PhotoSpec(
            kind=ph.kind,
            color=ph.color,
            count=ph.count or 1,
            text=ph.printed_text,
            condition="new",
            pattern=ph.pattern,
            view=ph.view or 0,
        )

    def product_image(self, p: Product, style: str = "photo") -> str:
        return self.input_image(self.spec(p), p.photos[0].seed, style)

    def pair_image(self, left: Product, right: Product) -> str:
        """Two products side by side in one input picture."""
        from PIL import Image

        from sites.imagery.task_images import make_input_image

        a = make_input_image(self.spec(left), left.photos[0].seed, size=(384, 288))
        b = make_input_image(self.spec(right), right.photos[0].seed, size=(384, 288))
        canvas = Image.new("RGB", (784, 288), "white")
        canvas.paste(a, (0, 0))
        canvas.paste(b, (400, 0))
        return self.save_image(canvas)

    def ground(self, products, terms) -> dict:
        return {"products": [p.id for p in products], "visual_terms": [str(t) for t in terms]}

    def look_ground(self, p: Product, fact: str) -> dict:
        """The grounding of a task about `p` named by what its photo's `fact` shows."""
        return self.ground([p], [getattr(p.photos[0], fact)])

    # ---- tasks ----------------------------------------------------------------------------------
    def labels(self, official: int) -> tuple[str, str, str]:
        return difficulty(official)

    def page_job(self, official: int, template: str, args: dict, start_url: str, steps: list[dict], **task) -> dict:
        """Add a task that changes the store: from the page at `start_url`, `steps` and stop (`eval_` in `task`)."""
        return self.mirror(
            official, template, args, start_url=start_url, solution=[*steps, stop("")], require_reset=True, **task
        )

    def cart_job(self, official: int, template: str, args: dict, p: Product, start_url: str, **task) -> dict:
        """Add a task whose job is to put `p` into the cart from its card on the page at `start_url`."""
        steps = [open_card(p), *self.add_to_cart(p)]
        return self.page_job(official, template, args, start_url, steps, eval_=cart_eval(p), **task)

    def question(
        self, official: int, template: str, args: dict, start_url: str, wanted: list[str], steps: list[dict], **task
    ) -> dict:
        """Add a string_match question: from the page at `start_url`, `steps` (the last one answers); the answer
        must include every string of `wanted`."""
        ev = answer_eval({"must_include": wanted})
        return self.mirror(official, template, args, start_url=start_url, eval_=ev, solution=steps, **task)

    def na_job(self, official: int, template: str, args: dict, note: str, steps: list[dict], **task) -> dict:
        """Add an unachievable task: `steps` (the last one answers N/A) find that it cannot be done, `note` says why."""
        ev = answer_eval({"fuzzy_match": "N/A"}, string_note=note)
        return self.mirror(official, template, args, eval_=ev, solution=steps, comments="unachievable: " + note, **task)

    def price_job(self, official: int, template: str, args: dict, p: Product, start_url: str, fact: str) -> dict:
        """Add a task asking the price of `p`, named by what its photo's `fact` shows, on the page at `start_url`."""
        price = price_text(p.final_price)
        ev, solution = answer_eval({"must_include": [price]}), [stop(price, "the price under its photo")]
        return self.mirror(
            official,
            template,
            args,
            start_url=start_url,
            eval_=ev,
            solution=solution,
            grounding=self.look_ground(p, fact),
        )

    def buy_job(
        self,
        official: int,
        template: str,
        args: dict,
        p: Product,
        start_url: str,
        qty: int = 1,
        options: dict[str, str] | None = None,
        **task,
    ) -> dict:
        """Add a task whose job is to buy `qty` of `p` (with `options`) from its card on the page at `start_url`;
        scored on the order (`eval_` in `task` says otherwise)."""
        task.setdefault("eval_", html_eval(order_targets(p, qty)))
        return self.page_job(official, template, args, start_url, self.buy_steps(p, qty, options), **task)

    def wish_job(self, official: int, template: str, args: dict, p: Product, start_url: str, **task) -> dict:
        """Add a task whose job is to put `p` onto the wish list from its card on the page at `start_url`."""
        ev = html_eval([target(f"{SITE}/wishlist/", WISHLIST_NAMES, must_include=[p.name])])
        return self.page_job(
            official, template, args, start_url, [open_card(p), click("button.towishlist")], eval_=ev, **task
        )


def open_card(p: Product) -> dict:
    """The step that opens `p` from its card in a product grid (found by its photo)."""
    return click(f".product-item-link[href='/{p.url_key}.html']", "its photo matches")


def cart_eval(p: Product) -> dict:
    """The cart holds one of `p`."""
    return html_eval([target(f"{SITE}/checkout/cart/", CART_LINES, must_include=[f"{p.name} x 1"])])


def order_targets(p: Product, qty: int | None = None, options: dict[str, str] | None = None) -> list[dict]:
    out = [target(LATEST_ORDER, "func:shopping_get_order_product_name_list(__page__)", must_include=[p.name])]
    if qty is not None:
        out.append(
            target(
                LATEST_ORDER,
                f"func:shopping_get_order_product_quantity(__page__, '{p.sku}')",
                required_values=[f"== {qty}"],
            )
        )
    for name, value in (options or {}).items():
        out.append(
            target(
                LATEST_ORDER,
                f"func:shopping_get_order_product_option(__page__, '{p.sku}', '{name}')",
                exact_match=value,
            )
        )
    return out


def review_targets(p: Product, stars: int, title: str, text: str | None = None) -> list[dict]:
    url = f"func:shopping_get_sku_product_page_url('{p.sku}')"
    out = [
        target(url, f"func:shopping_get_sku_latest_review_rating('{p.sku}')", must_include=[str(stars * 20)]),
        target(url, f"func:shopping_get_sku_latest_review_title('{p.sku}')", exact_match=title),
        target(url, f"func:shopping_get_sku_latest_review_author('{p.sku}')", exact_match=NICKNAME),
    ]
    if text:
        out.append(target(url, f"func:shopping_get_sku_latest_review_text('{p.sku}')", must_include=[text]))
    return out


def review_steps(stars: int, title: str, text: str) -> list[dict]:
    return [
        click("#tab-label-reviews-title"),
        click(f"label[for=Rating_{stars}]"),
        type_in("#nickname_field", NICKNAME),
        type_in("#summary_field", title),
        type_in("#review_field", text),
        click("#review-form button.submit"),
    ]


NAME_H1 = 'func:get_query_text(__page__, "#maincontent > div.page-title-wrapper.product > h1 > span")'
WISHLIST_NAMES = 'func:get_query_text(__page__, ".products-grid.wishlist")'
COMPARE_NAMES = (
    "[...document.querySelectorAll('#product-comparison .product-item-name')]"
    ".map(e => e.textContent.trim()).join(' | ')"
)
CART_LINES = (
    "[...document.querySelectorAll('#shopping-cart-table tbody.cart.item')].map(b => "
    "b.querySelector('.product-item-name').textContent.trim() + ' x ' + b.querySelector('input.qty').value)"
    ".join(' | ')"
)


def pick(s: Suite, cands, n: int):
    return s.fresh(cands, n)


def not_in_latest_order(s: Suite):
    return lambda p: p.sku not in s.latest_order_skus
