"""Facts added to the store's products after everything else was generated (round 4, r4-spa), from a random stream
of their own, as More Information rows after a product's first ones, so no earlier row, product or order moves:

- food (the Grocery & Gourmet Food department): "Calories per Serving" and "Servings per Container";
- tops, dresses and coats sold in letter sizes: "Size Chart", the chest measure in inches each size fits;
- containers (bags, buckets, baskets, jars, cups, boxes): "Capacity", in liters or fluid ounces.

Every number is 10 or more, so none of them reads as a count of things in a photo.
"""

from __future__ import annotations

import random
import sqlite3

FIRST_POSITION = 20  # after the generator's rows (0..6), leaving room for other additions
CAPACITY = {
    "backpack": ("liters", 10, 40),
    "briefcase": ("liters", 10, 25),
    "handbag": ("liters", 10, 18),
    "bucket": ("liters", 10, 24),
    "laundry basket": ("liters", 20, 80),
    "shipping box": ("liters", 10, 60),
    "jar": ("fl oz", 10, 64),
    "mug": ("fl oz", 10, 20),
    "cup with straw": ("fl oz", 12, 40),
}
SIZES = ("XS", "S", "M", "L", "XL")
CHEST_KINDS = ("t-shirt", "blouse", "coat", "dress", "swimsuit")  # sized by the chest


def size_chart(low: int) -> str:
    """Chest ranges of the letter sizes, 3 inches apart from `low`: "XS: 32-34 in; S: 35-37 in; ..."."""
    return "; ".join(f"{size}: {low + 3 * n}-{low + 3 * n + 2} in" for n, size in enumerate(SIZES)) + " (chest)"


def add_facts(conn: sqlite3.Connection, seed: int) -> int:
    """Insert the rows; returns how many."""
    rng = random.Random(f"r4-spa-facts-{seed}")
    rows = []
    for pid, kind, mode, path in conn.execute(
        "SELECT p.id, p.kind, p.option_kind, c.url_path FROM product p JOIN category c ON c.id = p.category_id"
        " ORDER BY p.id"
    ).fetchall():
        facts = []
        if path.startswith("grocery-gourmet-food/"):
            facts += [
                ("Calories per Serving", str(rng.randrange(50, 400, 10))),
                ("Servings per Container", str(rng.randint(10, 24))),
            ]
        if mode == "apparel" and kind in CHEST_KINDS:
            facts.append(("Size Chart", size_chart(rng.randint(30, 36))))
        if kind in CAPACITY:
            unit, low, high = CAPACITY[kind]
            facts.append(("Capacity", f"{rng.randint(low, high)} {unit}"))
        rows += [(pid, FIRST_POSITION + n, label, value) for n, (label, value) in enumerate(facts)]
    conn.executemany("INSERT INTO attribute VALUES (?, ?, ?, ?)", rows)
    return len(rows)
