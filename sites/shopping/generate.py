"""Deterministic generator of the shopping database.

One `random.Random(seed)` stream, a fixed insertion order, dates from a fixed epoch (never the clock) and a
final VACUUM: the same seed and product count give a byte-identical file. Photos are recorded as what they show
(kind, colour, pattern, count, printed text, shape); names and descriptions leave those facts out.
"""

from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path

import sites.shopping.wording as W
from sites.common.datafiles import count_for_scale, new_database, seal, write_atomic
from sites.common.passwords import SELLER_ITERATIONS, STRONG_ITERATIONS, hash_with_salt
from sites.shopping.cereal_boxes_r5sp import add_cereal_boxes, leave_out_of_search
from sites.shopping.departments import APPAREL_SIZES, SHOE_SIZES, TREE, parse_leaf, slugify
from sites.shopping.facts_r4spa import add_facts
from sites.shopping.schema import SCHEMA

EPOCH = datetime(2020, 1, 1, 9, 0, 0)
SCALES = {"tiny": 400, "small": 1000, "default": 2400, "full": 90000}
CUSTOMER = {
    "email": "emma.lopez@gmail.com",
    "password": "Password.123",
    "firstname": "Emma",
    "lastname": "Lopez",
    "street": "101 S San Mateo Dr",
    "city": "San Mateo",
    "region": "California",
    "postcode": "94010",
    "country": "United States",
    "telephone": "6505551212",
}
# a second address in the customer's book (not a default): some of her orders are gifts shipped there
CUSTOMER_GIFT_ADDRESS = {
    "firstname": "Sofia",
    "lastname": "Lopez",
    "street": "2450 Fair Oaks Blvd",
    "city": "Sacramento",
    "region": "California",
    "postcode": "95825",
    "country": "United States",
    "telephone": "9165550123",
}
CUSTOMER_PASSWORD = "Password.123"  # generated customers share it; the homepage lists accounts
ORDER_STATUSES = ["complete"] * 7 + ["canceled", "closed"]
FLAT_RATE_CENTS = 500  # Magento's flat rate: $5.00 per item


@dataclass(frozen=True)
class GenerationResult:
    path: Path
    products: int
    categories: int
    photos: int
    reviews: int
    customers: int
    orders: int


def product_count(scale: str | int) -> int:
    """Number of products for a SCALE value: tiny, small, default, full, or an explicit number (20 to 500,000)."""
    return count_for_scale(scale, SCALES, "product", most=500_000)


def _stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M:%S")


def _sku(pid: int) -> str:
    n = (pid * 7_919_393 + 104_729) % 36**8
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    out = ""
    for _ in range(8):
        n, r = divmod(n, 36)
        out = digits[r] + out
    return "B0" + out


def _categories(conn: sqlite3.Connection) -> list[tuple[int, list[int], str, str, list[tuple[str, str]]]]:
    """Insert the tree; returns leaves as (leaf id, ancestor ids, department, sub name, kinds)."""
    leaves, next_id = [], 1
    for t_pos, (top, subs) in enumerate(TREE.items()):
        top_id, top_path = next_id, slugify(top)
        conn.execute("INSERT INTO category VALUES (?, NULL, ?, ?, 1, ?)", (top_id, top, top_path, t_pos))
        next_id += 1
        for s_pos, (sub, lines) in enumerate(subs.items()):
            sub_id, sub_path = next_id, f"{top_path}/{slugify(sub)}"
            conn.execute("INSERT INTO category VALUES (?, ?, ?, ?, 2, ?)", (sub_id, top_id, sub, sub_path, s_pos))
            next_id += 1
            for l_pos, line in enumerate(lines):
                name, kinds = parse_leaf(line)
                conn.execute(
                    "INSERT INTO category VALUES (?, ?, ?, ?, 3, ?)",
                    (next_id, sub_id, name, f"{sub_path}/{slugify(name)}", l_pos),
                )
                leaves.append((next_id, [top_id, sub_id], top, sub, kinds))
                next_id += 1
    return leaves


def _price(rng: random.Random, low: int, high: int) -> int:
    dollars = low + (high - low) * rng.random() ** 2
    return max(99, int(dollars) * 100 + rng.choice((99, 99, 95, 49, 0)))


def _facts(rng: random.Random, kind, option_mode: str, text_blob: str):
    from sites.imagery import COLORS
    from sites.imagery.catalog_store import shape_of

    color = rng.choice(list(COLORS)) if kind.colorable else None
    pattern = "plain"
    if kind.colorable and rng.random() < 0.25:
        pattern = rng.choice(("striped", "dotted", "checked"))
    count = 1
    if kind.countable and not option_mode and rng.random() < 0.3:
        count = rng.randint(2, 6)
    text = None
    if kind.printable and rng.random() < 0.55:
        words = [w for w in W.PRINTED_WORDS if w.lower() not in text_blob]
        text = rng.choice(words) if words else None
    return color, pattern, count, text, shape_of(kind.name)


def generate(path: Path, seed: int, products: int) -> GenerationResult:
    from sites.imagery import KINDS

    rng = random.Random(seed)
    path = Path(path)
    with new_database(path, SCHEMA) as conn:
        leaves = _categories(conn)
        n_categories = conn.execute("SELECT COUNT(*) FROM category").fetchone()[0]

        # customers: the benchmark's customer first, then generated ones
        n_customers = max(40, products // 40)
        customers = [(1, CUSTOMER["firstname"], CUSTOMER["lastname"])]
        conn.execute(
            "INSERT INTO customer VALUES (1, ?, ?, ?, ?, ?)",
            (
                CUSTOMER["email"],
                CUSTOMER["firstname"],
                CUSTOMER["lastname"],
                hash_with_salt(CUSTOMER["password"], f"{rng.getrandbits(64):016x}", STRONG_ITERATIONS),
                _stamp(EPOCH),
            ),
        )
        conn.execute(
            "INSERT INTO address VALUES (1, 1, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1)",
            tuple(
                CUSTOMER[k]
                for k in ("firstname", "lastname", "street", "city", "region", "postcode", "country", "telephone")
            ),
        )
        emails = {1: CUSTOMER["email"]}
        addresses = {
            1: (
                f"{CUSTOMER['firstname']} {CUSTOMER['lastname']}",
                CUSTOMER["street"],
                CUSTOMER["city"],
                CUSTOMER["region"],
                CUSTOMER["postcode"],
                CUSTOMER["country"],
                CUSTOMER["telephone"],
            )
        }
        for cid in range(2, n_customers + 1):
            first, last = rng.choice(W.FIRST_NAMES), rng.choice(W.LAST_NAMES)
            email = f"{first.lower()}.{last.lower()}{cid}@example.com"
            conn.execute(
                "INSERT INTO customer VALUES (?, ?, ?, ?, ?, ?)",
                (
                    cid,
                    email,
                    first,
                    last,
                    hash_with_salt(CUSTOMER_PASSWORD, f"{rng.getrandbits(64):016x}", SELLER_ITERATIONS),
                    _stamp(EPOCH + timedelta(days=rng.randint(0, 700))),
                ),
            )
            city, region, zip3 = rng.choice(W.CITIES)
            addr = (
                f"{rng.randint(10, 9999)} {rng.choice(W.STREETS)}",
                city,
                region,
                f"{zip3}{rng.randint(10, 99)}",
                "United States",
                f"555{rng.randint(1000000, 9999999)}",
            )
            conn.execute(
                "INSERT INTO address VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1)", (cid, cid, first, last, *addr)
            )
            addresses[cid] = (f"{first} {last}", *addr)
            emails[cid] = email
            customers.append((cid, first, last))

        gift = CUSTOMER_GIFT_ADDRESS
        conn.execute(
            "INSERT INTO address VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)",
            (
                n_customers + 1,
                *tuple(
                    gift[k]
                    for k in ("firstname", "lastname", "street", "city", "region", "postcode", "country", "telephone")
                ),
            ),
        )
        gift_address = (
            f"{gift['firstname']} {gift['lastname']}",
            gift["street"],
            gift["city"],
            gift["region"],
            gift["postcode"],
            gift["country"],
            gift["telephone"],
        )

        # products
        rows = _Rows()
        catalog = []  # (id, sku, name, final cents, option rows)
        for pid in range(1, products + 1):
            catalog.append(_product(rng, pid, leaves[rng.randrange(len(leaves))], rows))
            if len(rows.products) >= 5000:
                rows.flush(conn)

        rows.flush(conn)
        n_reviews = rows.n_reviews
        featured = rng.sample(range(1, products + 1), min(12, products))
        conn.executemany("UPDATE product SET featured = 1 WHERE id = ?", [(p,) for p in sorted(featured)])

        # orders: the customer's history plus other customers' orders; ids grow with the order date
        orders = []
        for _ in range(30):
            orders.append((EPOCH + timedelta(days=rng.randint(700, 1230), minutes=rng.randint(0, 1439)), 1))
        for cid, _, _ in customers[1:]:
            for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
                orders.append((EPOCH + timedelta(days=rng.randint(300, 1230), minutes=rng.randint(0, 1439)), cid))
        orders.sort()
        latest_for_emma = max(i for i, (_, cid) in enumerate(orders) if cid == 1)
        n_items = 0
        for oid, (when, cid) in enumerate(orders, start=1):
            status = rng.choice(ORDER_STATUSES)
            if when > EPOCH + timedelta(days=1200):
                status = rng.choice(("pending", "processing"))
            if oid - 1 == latest_for_emma:
                status = "pending"
            items = []
            for product in rng.sample(catalog, rng.choice((1, 1, 2, 2, 3, 4))):
                pid, sku, pname, final, options = product
                chosen = [(oname, rng.choice(vals.split("|"))) for oname, vals in options]
                items.append((pid, sku, pname, final, rng.choice((1, 1, 1, 2, 3)), json.dumps(chosen)))
            subtotal = sum(i[3] * i[4] for i in items)
            shipping = FLAT_RATE_CENTS * sum(i[4] for i in items)
            bill = addresses[cid]
            ship = gift_address if cid == 1 and rng.random() < 0.2 else bill
            conn.execute(
                "INSERT INTO sales_order VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                " ?, ?, ?, ?)",
                (
                    oid,
                    f"{oid:09d}",
                    cid,
                    status,
                    _stamp(when),
                    subtotal,
                    shipping,
                    subtotal + shipping,
                    "Flat Rate - Fixed",
                    *ship,
                    *bill,
                    emails[cid],
                ),
            )
            for pid, sku, pname, final, qty, opts in items:
                n_items += 1
                conn.execute(
                    "INSERT INTO order_item VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (n_items, oid, pid, sku, pname, final, qty, opts),
                )

        # the customer's own reviews and wishlist
        for pid, _, _, _, _ in rng.sample(catalog, 4):
            stars = rng.choice((3, 4, 5))
            n_reviews += 1
            noun = KINDS[conn.execute("SELECT kind FROM product WHERE id = ?", (pid,)).fetchone()[0]].nouns[0]
            conn.execute(
                "INSERT INTO review VALUES (?, ?, 1, 'Emma', ?, ?, ?, ?, 'approved')",
                (
                    n_reviews,
                    pid,
                    rng.choice(W.REVIEW_TITLES[stars]),
                    rng.choice(W.REVIEW_BODIES[stars]).format(noun=noun),
                    stars,
                    _stamp(EPOCH + timedelta(days=rng.randint(1000, 1200))),
                ),
            )
            conn.execute(
                "UPDATE product SET review_count = review_count + 1, rating_sum = rating_sum + ? WHERE id = ?",
                (stars, pid),
            )
        for n, (pid, _, _, _, _) in enumerate(rng.sample(catalog, 3)):
            conn.execute(
                "INSERT INTO wishlist_item VALUES (?, 1, ?, ?)", (n + 1, pid, _stamp(EPOCH + timedelta(days=1100 + n)))
            )
        rows.n_reviews = n_reviews
        n_official = _official_products(conn, seed, products, rows, leaves)
        add_facts(conn, seed)  # round 4 (r4-spa): More Information rows on a stream of their own
        n_official += add_cereal_boxes(
            conn, seed, EPOCH, _sku
        )  # round 5 (r5-sp): creature cereal boxes, a stream of their own
        n_categories = conn.execute("SELECT COUNT(*) FROM category").fetchone()[0]
        conn.execute("COMMIT")
        conn.execute("INSERT INTO product_fts(product_fts) VALUES ('rebuild')")
        leave_out_of_search(conn)  # round 5 (r5-sp): the cereal boxes move no search ranking (bm25 statistics)
        seal(conn, "product_fts")
    return GenerationResult(
        path, products + n_official, n_categories, rows.n_photos, rows.n_reviews, len(customers), len(orders)
    )


def _official_products(conn: sqlite3.Connection, seed: int, products: int, rows: _Rows, own_leaves) -> int:
    """The official catalogue's categories the tree lacks, and products in each of their leaves and in the
    official leaves of the tree that drew none (small scales), from a random stream of their own, ids after every
    other product (PRAGMA user_version keeps the store's own count): the store's own rows stay as they were."""
    from sites.common.official import store_categories
    from sites.shopping.official import add_categories, per_leaf

    conn.execute(f"PRAGMA user_version = {int(products)}")
    official_paths = {c["path"] for c in store_categories()}
    empty = {
        r[0]
        for r in conn.execute(
            "SELECT c.id FROM category c WHERE NOT EXISTS (SELECT 1 FROM product p WHERE p.category_id = c.id)"
            " AND url_path IN (SELECT value FROM json_each(?))",
            (json.dumps(sorted(official_paths)),),
        )
    }
    leaves = [leaf for leaf in own_leaves if leaf[0] in empty] + add_categories(conn)
    rng = random.Random(f"official-store-{seed}")
    pid = products
    for leaf in leaves:
        for _ in range(per_leaf(products)):
            pid += 1
            _product(rng, pid, leaf, rows)
    rows.flush(conn)
    return pid - products


class _Rows:
    """Rows waiting to be written, the url keys taken and the photo and review counters."""

    def __init__(self, n_photos: int = 0, n_reviews: int = 0, url_keys: set[str] | None = None):
        self.products: list[tuple] = []
        self.categories: list[tuple] = []
        self.attributes: list[tuple] = []
        self.options: list[tuple] = []
        self.photos: list[tuple] = []
        self.reviews: list[tuple] = []
        self.n_photos, self.n_reviews = n_photos, n_reviews
        self.url_keys: set[str] = set() if url_keys is None else url_keys

    def flush(self, conn: sqlite3.Connection) -> None:
        _flush(conn, self.products, self.categories, self.attributes, self.options, self.photos, self.reviews)


def _product(rng: random.Random, pid: int, leaf, rows: _Rows):
    """One product of `leaf` (leaf id, ancestor ids, department, sub-category name, kinds), its attributes,
    options, photos and reviews into `rows`; returns its catalog entry (id, sku, name, final cents, options)."""
    from sites.imagery import COLORS, KINDS

    leaf_id, ancestors, top, sub, kinds = leaf
    kind_name, option_mode = rng.choice(kinds)
    kind = KINDS[kind_name]
    brand = rng.choice(W.BRANDS)
    noun = rng.choice(kind.nouns)
    audience = W.AUDIENCE.get(sub, "") if option_mode else ""
    title = " ".join(w[:1].upper() + w[1:] for w in noun.split())
    if "'" in noun:
        audience = ""
    name = " ".join(p for p in (brand, audience, rng.choice(W.ADJECTIVES), title) if p)
    name += rng.choice(W.TAILS)
    key = slugify(name)[:80].strip("-")
    if key in rows.url_keys:
        key = f"{key}-{pid}"
    rows.url_keys.add(key)
    material = rng.choice(W.MATERIALS[top])
    description = " ".join(
        [
            rng.choice(W.OPENERS).format(name=name, noun=noun, brand=brand),
            rng.choice(W.MATERIAL_LINES).format(material=material),
            *rng.sample(W.FEATURES, 2),
        ]
    )
    short = f"{noun[0].upper()}{noun[1:]} by {brand}. {rng.choice(W.FEATURES)}"
    price = _price(rng, *kind.price_range)
    special = None
    if rng.random() < 0.12:
        special = max(50, int(price * rng.choice((0.7, 0.75, 0.8, 0.85, 0.9))) // 100 * 100 + 99)
        if special >= price:
            special = None
    final = special or price
    created = EPOCH + timedelta(days=rng.randint(0, 900), minutes=rng.randint(0, 1439))
    blob = f"{name} {description} {short}".lower()
    color, pattern, count, text, shape = _facts(rng, kind, option_mode, blob)
    options = []
    if option_mode:
        sizes = APPAREL_SIZES if option_mode == "apparel" else SHOE_SIZES
        others = [c for c in COLORS if c != color]
        colours = sorted([color, *rng.sample(others, rng.randint(1, 3))], key=list(COLORS).index)
        options = [("Size", "|".join(sizes)), ("Color", "|".join(c.title() for c in colours))]
    n_reviews_here = rng.choices((0, 1, 2, 3, 5, 8, 12), weights=(30, 18, 14, 12, 10, 8, 5))[0]
    stars_sum = 0
    for _ in range(n_reviews_here):
        stars = rng.choices((5, 4, 3, 2, 1), weights=(45, 28, 12, 8, 7))[0]
        stars_sum += stars
        rows.n_reviews += 1
        when = created + timedelta(days=rng.randint(3, 800), minutes=rng.randint(0, 1439))
        rows.reviews.append(
            (
                rows.n_reviews,
                pid,
                None,
                rng.choice(W.FIRST_NAMES) + rng.choice(("", "", " " + rng.choice(W.LAST_NAMES)[0] + ".")),
                rng.choice(W.REVIEW_TITLES[stars]),
                rng.choice(W.REVIEW_BODIES[stars]).format(noun=noun),
                stars,
                _stamp(when),
            )
        )
    sku = _sku(pid)
    rows.products.append(
        (
            pid,
            sku,
            name,
            key,
            leaf_id,
            kind.name,
            option_mode,
            price,
            special,
            final,
            short,
            description,
            _stamp(created),
            n_reviews_here,
            stars_sum,
            0,
        )
    )
    for cat in (leaf_id, *ancestors):
        rows.categories.append((cat, pid, name.lower(), final))
    weight = rng.randint(2, 400) / 10
    attrs = [
        ("Brand", brand),
        ("Material", material.capitalize()),
        ("Product Dimensions", f"{rng.randint(2, 30)} x {rng.randint(2, 20)} x {rng.randint(1, 12)} inches"),
        ("Item Weight", f"{weight} ounces" if weight < 16 else f"{weight / 16:.1f} pounds"),
        ("Manufacturer", f"{brand} Inc."),
        ("Item model number", f"{brand[:3].upper()}-{rng.randint(100, 9999)}"),
        ("Date First Available", created.strftime("%B %-d, %Y")),
    ]
    rows.attributes.extend((pid, i, label, value) for i, (label, value) in enumerate(attrs))
    rows.options.extend((pid, i, oname, vals) for i, (oname, vals) in enumerate(options))
    photo_seed = rng.randrange(2**31)
    for position in range(rng.choice((1, 2, 2, 3, 3, 4, 5))):
        rows.n_photos += 1
        rows.photos.append(
            (
                rows.n_photos,
                pid,
                position,
                kind.name,
                color,
                pattern,
                count,
                text,
                shape,
                position % 3,
                photo_seed + position // 3,
            )
        )
    return (pid, sku, name, final, options)


def _flush(conn, product_rows, pc_rows, attr_rows, opt_rows, photo_rows, review_rows) -> None:
    conn.executemany("INSERT INTO product VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", product_rows)
    conn.executemany("INSERT INTO product_category VALUES (?, ?, ?, ?)", pc_rows)
    conn.executemany("INSERT INTO attribute VALUES (?, ?, ?, ?)", attr_rows)
    conn.executemany("INSERT INTO product_option VALUES (?, ?, ?, ?)", opt_rows)
    conn.executemany("INSERT INTO photo VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", photo_rows)
    conn.executemany("INSERT INTO review VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'approved')", review_rows)
    for rows in (product_rows, pc_rows, attr_rows, opt_rows, photo_rows, review_rows):
        rows.clear()


def generate_atomic(final: Path, seed: int, products: int) -> GenerationResult:
    """Generate into a temporary file next to `final`, then rename it into place (read-only)."""
    final = Path(final)
    return replace(write_atomic(final, lambda tmp: generate(tmp, seed, products)), path=final)
