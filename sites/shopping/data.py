"""Read-only query API over the pristine shopping database, for task authors.

    from sites.shopping.data import open_pristine
    with open_pristine() as data:
        ids = data.find_ids(kind="backpack", color="red")        # products whose photos show a red backpack
        p = data.product(ids[0])
        p.name, p.sku, p.price, p.url_path, p.photos[0].color, p.reviews[-1].title
        data.customer_orders()                                    # the benchmark customer's orders, newest first

Photo facts (kind, colour, pattern, count, printed text, shape) are what the picture shows; the product's
name and description leave them out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from sites.common.db import PristineData, photo_filters, same_named
from sites.config import Settings
from sites.shopping.generate import CUSTOMER


@dataclass(frozen=True)
class Photo:
    id: int
    position: int
    kind: str
    color: str | None
    pattern: str
    count: int
    printed_text: str | None
    shape: str
    view: int
    url_path: str  # /media/catalog/product/<id>.jpg
    seed: int = 0

    def image(self, size: tuple[int, int] = (640, 480)):
        """The photo as a PIL image (what the site shows, before JPEG encoding)."""
        from sites.shopping.photos import render

        return render(
            {
                "id": self.id,
                "kind": self.kind,
                "color": self.color,
                "count": self.count,
                "printed_text": self.printed_text,
                "pattern": self.pattern,
                "view": self.view,
                "seed": self.seed,
            },
            size,
        )


@dataclass(frozen=True)
class Review:
    id: int
    nickname: str
    title: str
    detail: str
    rating: int  # stars 1..5
    created_at: str
    customer_id: int | None


@dataclass(frozen=True)
class Product:
    id: int
    sku: str
    name: str
    url_key: str
    price: float  # regular price, dollars
    special_price: float | None
    final_price: float  # what the price box shows
    short_description: str
    description: str
    category_path: tuple[str, ...]  # department, sub-category, leaf
    category_url: str  # /<top>/<sub>/<leaf>.html
    kind: str
    options: dict[str, tuple[str, ...]]
    attributes: dict[str, str]
    photos: tuple[Photo, ...]
    reviews: tuple[Review, ...]  # oldest first
    created_at: str

    @property
    def url_path(self) -> str:
        return f"/{self.url_key}.html"

    @property
    def rating_percent(self) -> int:
        return round(sum(r.rating for r in self.reviews) * 20 / len(self.reviews)) if self.reviews else 0


@dataclass(frozen=True)
class OrderItem:
    product_id: int
    sku: str
    name: str
    price: float
    qty: int
    options: dict[str, str]


@dataclass(frozen=True)
class Order:
    id: int
    increment_id: str
    status: str
    created_at: str
    subtotal: float
    shipping: float
    grand_total: float
    items: tuple[OrderItem, ...]
    shipping_address: tuple[str, ...]
    billing_address: tuple[str, ...]

    @property
    def url_path(self) -> str:
        return f"/sales/order/view/order_id/{self.id}/"


PHOTO_FILTERS = same_named("p", "kind", "color", "pattern", "count", "printed_text", "shape")


class ShoppingData(PristineData):
    WHAT = "shopping"

    def __init__(self, db_path: Path):
        super().__init__(db_path)
        self._products: dict[int, Product] = {}  # read-only data: each product is read once

    def official_category_ids(self) -> set[int]:
        """Categories added for the official catalogue (the paths the generated tree lacks, see
        sites/shopping/official.py). Task builders pick from the other categories and their products, so adding
        the catalogue moves no task; answers that list a category still count every product in it."""
        from sites.shopping.departments import TREE, parse_leaf, slugify

        own = set()
        for top, subs in TREE.items():
            own.add(slugify(top))
            for sub, lines in subs.items():
                own.add(f"{slugify(top)}/{slugify(sub)}")
                own.update(f"{slugify(top)}/{slugify(sub)}/{slugify(parse_leaf(line)[0])}" for line in lines)
        return {r[0] for r in self.conn.execute("SELECT id, url_path FROM category") if r[1] not in own}

    def official_product_ids(self) -> set[int]:
        """Products added for the official catalogue: those of its categories (see official_category_ids) and
        those after the store's own count (PRAGMA user_version; they top up official leaves of the tree)."""
        extra = sorted(self.official_category_ids())
        own = self.conn.execute("PRAGMA user_version").fetchone()[0]
        ids = {r[0] for r in self.conn.execute("SELECT id FROM product WHERE id > ?", (own,))} if own else set()
        return ids | (
            {
                r[0]
                for r in self.conn.execute(
                    f"SELECT id FROM product WHERE category_id IN ({', '.join('?' * len(extra))})", extra
                )
            }
            if extra
            else set()
        )

    def product(self, pid: int) -> Product:
        known = self._products.get(pid)
        if known is None:
            known = self._products[pid] = self._read_product(pid)
        return known

    def _read_product(self, pid: int) -> Product:
        c = self.conn
        row = c.execute("SELECT * FROM product WHERE id = ?", (pid,)).fetchone()
        if row is None:
            raise KeyError(f"no product with id {pid} in {self.path}")
        chain: list[str] = []  # category names, root first
        cat = c.execute("SELECT * FROM category WHERE id = ?", (row["category_id"],)).fetchone()
        leaf_url = f"/{cat['url_path']}.html"
        while cat is not None:
            chain.insert(0, cat["name"])
            cat = (
                c.execute("SELECT * FROM category WHERE id = ?", (cat["parent_id"],)).fetchone()
                if cat["parent_id"]
                else None
            )
        photos = tuple(
            Photo(
                r["id"],
                r["position"],
                r["kind"],
                r["color"],
                r["pattern"],
                r["count"],
                r["printed_text"],
                r["shape"],
                r["view"],
                f"/media/catalog/product/{r['id']}.jpg",
                r["seed"],
            )
            for r in c.execute("SELECT * FROM photo WHERE product_id = ? ORDER BY position", (pid,))
        )
        reviews = tuple(
            Review(r["id"], r["nickname"], r["title"], r["detail"], r["rating"], r["created_at"], r["customer_id"])
            for r in c.execute("SELECT * FROM review WHERE product_id = ? ORDER BY created_at, id", (pid,))
        )
        options = {
            r["name"]: tuple(r["vals"].split("|"))
            for r in c.execute("SELECT * FROM product_option WHERE product_id = ? ORDER BY position", (pid,))
        }
        attributes = {
            r["label"]: r["value"]
            for r in c.execute("SELECT * FROM attribute WHERE product_id = ? ORDER BY position", (pid,))
        }
        cents = lambda v: None if v is None else v / 100  # noqa: E731
        return Product(
            row["id"],
            row["sku"],
            row["name"],
            row["url_key"],
            row["price_cents"] / 100,
            cents(row["special_cents"]),
            row["final_cents"] / 100,
            row["short_description"],
            row["description"],
            tuple(chain),
            leaf_url,
            row["kind"],
            options,
            attributes,
            photos,
            reviews,
            row["created_at"],
        )

    def by_sku(self, sku: str) -> Product:
        row = self.conn.execute("SELECT id FROM product WHERE sku = ?", (sku,)).fetchone()
        if row is None:
            raise KeyError(f"no product with SKU {sku!r}")
        return self.product(row[0])

    def find_ids(
        self,
        *,
        min_price: float | None = None,
        max_price: float | None = None,
        name_contains: str | None = None,
        category: str | None = None,
        min_reviews: int | None = None,
        has_options: bool | None = None,
        limit: int | None = 50,
        **facts,
    ) -> list[int]:
        """Ids of products whose first photo shows every given fact (kind, color, pattern, count, printed_text,
        shape) and that match the other filters (category: a department, sub-category or leaf name)."""
        clauses, params = photo_filters(
            PHOTO_FILTERS,
            facts,
            "fact",
            price="product.final_cents",
            min_price=min_price,
            max_price=max_price,
            text="product.name",
            contains=name_contains,
        )
        joins = ""
        if min_reviews is not None:
            clauses.append("product.review_count >= ?")
            params.append(min_reviews)
        if has_options is not None:
            clauses.append("product.option_kind != ''" if has_options else "product.option_kind = ''")
        if category:
            joins = (
                " JOIN product_category pc ON pc.product_id = product.id JOIN category ON category.id = pc.category_id"
            )
            clauses.append("category.name = ?")
            params.append(category)
        sql = (
            f"SELECT DISTINCT product.id FROM product JOIN photo p ON p.product_id = product.id{joins}"
            f" WHERE {' AND '.join(clauses)} ORDER BY product.id"
        )
        return [r[0] for r in self.rows(sql, params, limit)]

    def find(self, **criteria) -> list[Product]:
        return [self.product(i) for i in self.find_ids(**criteria)]

    def category_listing(
        self,
        url_path: str,
        order: str = "position",
        direction: str = "asc",
        page: int = 1,
        limit: int = 12,
        price: tuple[float, float] | None = None,
    ) -> tuple[int, list[int]]:
        """(total, product ids) of one page of a category (`url_path` without `.html`), in the order the store's
        page shows them (`order`: position, name, price; `price`: [low, high) dollars, like `?price=10-20`)."""
        import sites.shopping.queries as queries

        row = self.conn.execute("SELECT id FROM category WHERE url_path = ?", (url_path.strip("/"),)).fetchone()
        if row is None:
            raise KeyError(f"no category {url_path!r}")
        cents = (int(price[0] * 100), int(price[1] * 100)) if price else None
        return (
            queries.category_count(self.conn, row[0], cents),
            queries.category_ids(self.conn, row[0], order, direction, limit, (page - 1) * limit, cents),
        )

    def search(
        self, q: str, order: str = "relevance", direction: str = "desc", page: int = 1, limit: int = 12
    ) -> tuple[int, list[int]]:
        """(total, product ids) of one page of the store's quick search for `q`, in the page's order."""
        import sites.shopping.queries as queries

        return (
            queries.search_count(self.conn, q),
            queries.search_ids(self.conn, q, order, direction, limit, (page - 1) * limit),
        )

    def categories(self) -> list[tuple[int, str, str, int]]:
        """(id, name, url path without .html, level) of every category, in menu order."""
        return [tuple(r) for r in self.conn.execute("SELECT id, name, url_path, level FROM category ORDER BY url_path")]

    def customer_id(self, email: str = CUSTOMER["email"]) -> int:
        row = self.conn.execute("SELECT id FROM customer WHERE email = ?", (email,)).fetchone()
        if row is None:
            raise KeyError(f"no customer {email!r}")
        return row[0]

    def customer_orders(self, email: str = CUSTOMER["email"]) -> list[Order]:
        """The customer's orders, newest first."""
        cid = self.customer_id(email)
        out = []
        for o in self.conn.execute("SELECT * FROM sales_order WHERE customer_id = ? ORDER BY id DESC", (cid,)):
            items = tuple(
                OrderItem(
                    i["product_id"],
                    i["sku"],
                    i["name"],
                    i["price_cents"] / 100,
                    i["qty"],
                    dict(json.loads(i["options"])),
                )
                for i in self.conn.execute("SELECT * FROM order_item WHERE order_id = ? ORDER BY id", (o["id"],))
            )
            ship = tuple(
                o[f"ship_{k}"] for k in ("name", "street", "city", "region", "postcode", "country", "telephone")
            )
            bill = tuple(
                o[f"bill_{k}"] for k in ("name", "street", "city", "region", "postcode", "country", "telephone")
            )
            out.append(
                Order(
                    o["id"],
                    o["increment_id"],
                    o["status"],
                    o["created_at"],
                    o["subtotal_cents"] / 100,
                    o["shipping_cents"] / 100,
                    o["grand_total_cents"] / 100,
                    items,
                    ship,
                    bill,
                )
            )
        return out

    def customer_addresses(self, email: str = CUSTOMER["email"]) -> list[dict]:
        cid = self.customer_id(email)
        return [dict(r) for r in self.conn.execute("SELECT * FROM address WHERE customer_id = ? ORDER BY id", (cid,))]

    def wishlist(self, email: str = CUSTOMER["email"]) -> list[Product]:
        cid = self.customer_id(email)
        return [
            self.product(r[0])
            for r in self.conn.execute("SELECT product_id FROM wishlist_item WHERE customer_id = ? ORDER BY id", (cid,))
        ]

    def customer_reviews(self, email: str = CUSTOMER["email"]) -> list[tuple[Product, Review]]:
        cid = self.customer_id(email)
        out = []
        for r in self.conn.execute("SELECT * FROM review WHERE customer_id = ? ORDER BY created_at, id", (cid,)):
            out.append(
                (
                    self.product(r["product_id"]),
                    Review(
                        r["id"], r["nickname"], r["title"], r["detail"], r["rating"], r["created_at"], r["customer_id"]
                    ),
                )
            )
        return out


def open_pristine(settings: Settings | None = None, generate: bool = False) -> ShoppingData:
    """The pristine database of the configured SEED and SCALE (generated first if `generate`)."""
    return ShoppingData.configured("sites.shopping.store", settings, generate)
