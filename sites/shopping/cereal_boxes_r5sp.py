"""Cereal boxes with a creature on the front (round 5, r5-sp), added after everything else was generated, from a
random stream of their own, so no earlier row, product or order moves.

They go into the official catalogue's Cereals leaf (grocery-gourmet-food/breakfast-foods/cereals), after its
products, as many as make its last page two full rows of boxes: the row above and the bottom row, four boxes of
four colours each, two colours in both rows (a different creature on each) and two colours only in the upper row.
Each box shows its creature (a kind of sites/imagery/boxes.py) and the creature's name printed above it; neither
the name nor the box's colour is in the product's text. They are listed in the leaf only (not in its ancestors'
listings, which stay as they were) and left out of the quick search's index (whose bm25 ranking would move), and
their ids come after every other product (PRAGMA user_version keeps the store's own count), so task builders that
pick the store's own products never pick them.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from datetime import datetime, timedelta

LEAF = "grocery-gourmet-food/breakfast-foods/cereals"
PER_PAGE, PER_ROW = 12, 4
BOX_COLORS = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "white", "black")
# fmt: off
CREATURE_NAMES = (
    "Gorbulus", "Fangwick", "Snorlug", "Boohilda", "Mortimoo", "Vexabelle", "Drakmor", "Wobblefang", "Zorgle",
    "Blorbo", "Nibbleclaw", "Hexley", "Grimbald", "Squidrick", "Batolomew", "Rexford", "Count Munch", "Sir Sniffle",
    "Gloomella", "Crunchgore",
)
BRANDS = ("Moonlit Mills", "Hollow Oak Foods", "Fablefield", "Nightjar Kitchen")
FLAVOURS = (
    "Frosted Corn Puffs", "Cocoa Crunch", "Berry Marshmallow Bites", "Honey Toasted Rings", "Maple Nut Clusters",
    "Cinnamon Squares", "Fruity Swirls", "Peanut Butter Puffs", "Toasted Oat Hoops", "Caramel Crisps",
)
GRAINS = ("corn", "oats", "rice", "whole wheat")
# fmt: on


def _leaf(conn: sqlite3.Connection) -> int | None:
    row = conn.execute("SELECT id FROM category WHERE url_path = ?", (LEAF,)).fetchone()
    return row[0] if row else None


def colour_rows(rng: random.Random) -> tuple[list[str], list[str]]:
    """(upper row, bottom row) colours: four each, two shared, two only in the upper row."""
    picked = rng.sample(BOX_COLORS, 6)
    bottom, only_upper = picked[:4], picked[4:]
    upper = [*rng.sample(bottom, 2), *only_upper]
    rng.shuffle(upper)
    return upper, bottom


def add_cereal_boxes(conn: sqlite3.Connection, seed: int, epoch: datetime, sku: Callable[[int], str]) -> int:
    """Insert the boxes (products, their leaf row, attributes, photos); returns how many. `epoch` and `sku` are the
    generator's (sites/shopping/generate.py: its EPOCH and _sku), given so that this module does not import it back."""
    from sites.imagery.catalog_store import STORE_CATALOG
    from sites.shopping.departments import slugify

    leaf_id = _leaf(conn)
    if leaf_id is None:
        return 0
    rng = random.Random(f"r5-sp-cereal-boxes-{seed}")
    kinds = [k.name for k in STORE_CATALOG["Store cereal boxes"]]
    before = conn.execute("SELECT COUNT(*) FROM product WHERE category_id = ?", (leaf_id,)).fetchone()[0]
    n = 2 * PER_ROW + (-before) % PER_PAGE  # the leaf's last page: two full rows of boxes
    upper, bottom = colour_rows(rng)
    colours = [rng.choice(BOX_COLORS) for _ in range(n - 2 * PER_ROW)] + upper + bottom
    names = rng.sample(CREATURE_NAMES, n) if n <= len(CREATURE_NAMES) else rng.choices(CREATURE_NAMES, k=n)
    creature_kinds = [kinds[i % len(kinds)] for i in rng.sample(range(max(n, len(kinds))), n)]
    keys = {r[0] for r in conn.execute("SELECT url_key FROM product")}
    pid = conn.execute("SELECT MAX(id) FROM product").fetchone()[0]
    photo_id = conn.execute("SELECT MAX(id) FROM photo").fetchone()[0]
    for colour, name, kind in zip(colours, names, creature_kinds, strict=True):
        pid += 1
        brand, flavour, grain = rng.choice(BRANDS), rng.choice(FLAVOURS), rng.choice(GRAINS)
        ounces = rng.choice((10.4, 11.5, 12, 13.8, 14.5, 18))
        title = f"{brand} {flavour} Breakfast Cereal, {ounces:g} oz"
        key = slugify(title)[:80].strip("-")
        if key in keys:
            key = f"{key}-{pid}"
        keys.add(key)
        price = rng.randrange(3, 9) * 100 + rng.choice((29, 49, 79, 99))
        created = epoch + timedelta(days=rng.randint(200, 900), minutes=rng.randint(0, 1439))
        short = f"Breakfast cereal by {brand}. A collectible character on every box."
        description = (
            f"{flavour} made from toasted {grain}, crunchy in milk and good by the handful. Every box of {brand} "
            "cereal comes with a character of the collectible series on its front; collect them all."
        )
        conn.execute(
            "INSERT INTO product VALUES (?, ?, ?, ?, ?, ?, '', ?, NULL, ?, ?, ?, ?, 0, 0, 0)",
            (pid, sku(pid), title, key, leaf_id, kind, price, price, short, description, _stamp(created)),
        )
        conn.execute("INSERT INTO product_category VALUES (?, ?, ?, ?)", (leaf_id, pid, title.lower(), price))
        attrs = [
            ("Brand", brand),
            ("Net Weight", f"{ounces:g} ounces"),
            ("Manufacturer", f"{brand} Inc."),
            ("Item model number", f"{brand[:3].upper()}-{rng.randint(100, 9999)}"),
            ("Date First Available", created.strftime("%B %-d, %Y")),
        ]
        conn.executemany(
            "INSERT INTO attribute VALUES (?, ?, ?, ?)",
            [(pid, i, label, value) for i, (label, value) in enumerate(attrs)],
        )
        photo_seed = rng.randrange(2**31)
        for position in range(rng.choice((1, 2))):
            photo_id += 1
            conn.execute(
                "INSERT INTO photo VALUES (?, ?, ?, ?, ?, 'plain', 1, ?, 'rectangular', ?, ?)",
                (photo_id, pid, position, kind, colour, name, position % 3, photo_seed),
            )
    return n


def leave_out_of_search(conn: sqlite3.Connection) -> int:
    """Take the boxes out of the quick search's index (after its rebuild): search ranks by bm25, whose statistics
    (document count, lengths, term frequencies) would move with every product indexed, and with them the results
    other tasks read. Returns how many were taken out."""
    from sites.imagery.catalog_store import STORE_CATALOG

    kinds = [k.name for k in STORE_CATALOG["Store cereal boxes"]]
    rows = conn.execute(
        f"SELECT id, name, description FROM product WHERE kind IN ({', '.join('?' * len(kinds))})", kinds
    ).fetchall()
    conn.executemany("INSERT INTO product_fts(product_fts, rowid, name, description) VALUES ('delete', ?, ?, ?)", rows)
    return len(rows)


def _stamp(when) -> str:
    return when.strftime("%Y-%m-%d %H:%M:%S")
