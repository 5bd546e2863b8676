"""The official store's category paths (from the official catalogue) added to the generated tree, and what
each new leaf sells (imagery kinds, in departments.py's leaf notation: `*` apparel, `^` shoes).

A category the tree already has (same URL path) is kept; every other official category is added under its
parent, after the tree's own categories (new ids after theirs), and its leaves are filled by the generator
from a random stream of their own, after every other row: the generated store's own rows do not move.
"""

from __future__ import annotations

import sqlite3

from sites.common.official import store_categories
from sites.shopping.departments import parse_leaf

LEAF_KINDS = {
    "beauty-personal-care/foot-hand-nail-care/nail-art-polish": "nail polish",
    "beauty-personal-care/hair-care/hair-coloring-products": "lotion bottle, jar",
    "beauty-personal-care/makeup/face": "lipstick, mirror, jar",
    "beauty-personal-care/oral-care/orthodontic-supplies": "toothbrush, jar",
    "beauty-personal-care/oral-care/toothbrushes-accessories": "toothbrush",
    "beauty-personal-care/personal-care/deodorants-antiperspirants": "lotion bottle, soap",
    "beauty-personal-care/shave-hair-removal/men-s": "razor, lotion bottle",
    "beauty-personal-care/skin-care/face": "lotion bottle, jar",
    "beauty-personal-care/skin-care/maternity": "lotion bottle, jar",
    "beauty-personal-care/skin-care/sunscreens-tanning-products": "lotion bottle",
    "beauty-personal-care/tools-accessories/mirrors": "mirror",
    "cell-phones-accessories/cases-holsters-sleeves/basic-cases": "smartphone",
    "cell-phones-accessories/cases-holsters-sleeves/flip-cases": "smartphone, coin purse",
    "clothing-shoes-jewelry/men/clothing": "*dress shirt, *t-shirt, *jeans, *coat, *shorts",
    "clothing-shoes-jewelry/men/uniforms-work-safety": "*coat, ^hiking boot, gloves",
    "clothing-shoes-jewelry/novelty-more/clothing": "*t-shirt, *socks",
    "clothing-shoes-jewelry/sport-specific-clothing/competitive-swimwear": "*swimsuit",
    "clothing-shoes-jewelry/women/clothing": "*blouse, *dress, *t-shirt, *coat, *shorts",
    "clothing-shoes-jewelry/women/uniforms-work-safety": "*coat, *blouse, ^flat shoe",
    "electronics/car-vehicle-electronics/car-electronics": "vintage radio, car battery, beacon light",
    "electronics/computers-accessories/computer-accessories-peripherals": (
        "computer keyboard, computer mouse, trackball"
    ),
    "electronics/computers-accessories/computers-tablets": "laptop, desktop computer",
    "electronics/headphones/earbud-headphones": "headphones",
    "electronics/portable-audio-video/mp3-mp4-player-accessories": "headphones, phone charger",
    "electronics/video-projectors": "film projector",
    "grocery-gourmet-food/alcoholic-beverages/wine": "cup with straw, jar",
    "grocery-gourmet-food/breads-bakery/cakes": "cake slice, cupcake",
    "grocery-gourmet-food/breads-bakery/cookies": "cookie",
    "grocery-gourmet-food/breakfast-foods/cereals": "bowl, milk glass",
    "grocery-gourmet-food/dairy-cheese-eggs/cheese": "cheese wedge",
    "grocery-gourmet-food/deli-prepared-foods/deli-meats-cheeses": "cheese wedge, burger",
    "grocery-gourmet-food/food-beverage-gifts/herb-spice-seasoning-gifts": "salt shaker, jar",
    "grocery-gourmet-food/food-beverage-gifts/snack-gifts": "chocolate bar, cookie, candy, popcorn",
    "grocery-gourmet-food/fresh-meal-kits": "canned food, spaghetti, ramen",
    "grocery-gourmet-food/snacks-sweets/snack-foods": "popcorn, pretzel, peanuts",
    "health-household/diet-sports-nutrition/nutrition-bars-drinks": "chocolate bar, cup with straw, juice box",
    "health-household/health-care": "bandage, pill bottle, stethoscope",
    "home-kitchen/bedding/blankets-throws": "bed, scarf",
    "home-kitchen/bedding/decorative-pillows-inserts-covers": "couch, bed",
    "home-kitchen/bedding/kids-bedding": "bed, teddy bear",
    "home-kitchen/furniture/game-recreation-room-furniture": "chair, couch, dice",
    "home-kitchen/heating-cooling-air-quality": "oil lamp, kettle",
    "home-kitchen/home-decor-products/artificial-plants-flowers": "potted plant, cactus, bouquet",
    "home-kitchen/home-decor-products/home-decor-accents": "vase, candle, framed picture",
    "home-kitchen/kitchen-dining/kitchen-table-linens": "plate setting, scarf",
    "home-kitchen/wall-art/posters-prints": "framed picture",
    "office-products/office-electronics/printers-accessories": "printer",
    "office-products/office-furniture-lighting/chairs-sofas": "chair, couch",
    "office-products/office-school-supplies/desk-accessories-workspace-organizers": (
        "pushpin, paperclip, clipboard, file folder"
    ),
    "patio-lawn-garden/gardening-lawn-care/plants-seeds-bulbs": "potted plant, cactus",
    "patio-lawn-garden/gardening-lawn-care/pots-planters-container-accessories": "potted plant, vase",
    "patio-lawn-garden/patio-furniture-accessories": "chair, couch, oil lamp",
    "sports-outdoors/exercise-fitness": "boxing glove, cup with straw",
    "sports-outdoors/fan-shop/clothing": "*t-shirt, cap",
    "sports-outdoors/fan-shop/footwear": "^sneaker, ^flip flop",
    "sports-outdoors/sports": "soccer ball, basketball, tennis racket, volleyball",
    "tools-home-improvement/lighting-ceiling-fans/wall-lights": "light bulb, oil lamp",
    "video-games/legacy-systems/nintendo-systems": "game controller, game disc",
    "video-games/legacy-systems/playstation-systems": "game controller, game disc",
    "video-games/nintendo-switch": "game controller, game disc",
    "video-games/pc/accessories": "computer keyboard, computer mouse, headphones",
    "video-games/playstation-4/accessories": "game controller, headphones",
    "video-games/xbox-one/accessories": "game controller, joystick",
}


def per_leaf(products: int) -> int:
    """Products in each new official leaf: a few at the small scales, more with the store."""
    return max(5, products // 200)


def add_categories(conn: sqlite3.Connection) -> list[tuple[int, list[int], str, str, list[tuple[str, str]]]]:
    """Insert the official categories the tree lacks; returns the new leaves as the generator's leaf tuples
    (leaf id, ancestor ids, department name, parent name, kinds), in path order."""
    rows = {r[3]: r for r in conn.execute("SELECT id, parent_id, name, url_path, level FROM category")}
    next_id = max(r[0] for r in rows.values()) + 1
    official = store_categories()
    paths = [c["path"] for c in official]
    new = []
    for cat in official:  # sorted by path: a parent comes before its children
        path = cat["path"]
        if path in rows:
            continue
        parent_path = path.rpartition("/")[0]
        if parent_path not in rows:
            raise ValueError(f"official store category {path}: its parent {parent_path!r} is missing")
        parent = rows[parent_path]
        position = conn.execute(
            "SELECT COALESCE(MAX(position) + 1, 0) FROM category WHERE parent_id = ?", (parent[0],)
        ).fetchone()[0]
        conn.execute(
            "INSERT INTO category VALUES (?, ?, ?, ?, ?, ?)",
            (next_id, parent[0], cat["name"], path, parent[4] + 1, position),
        )
        rows[path] = (next_id, parent[0], cat["name"], path, parent[4] + 1)
        new.append(path)
        next_id += 1
    leaves = []
    for path in new:
        if any(p.startswith(path + "/") for p in paths):
            continue
        if path not in LEAF_KINDS:
            raise ValueError(f"official store category {path}: no kinds in sites/shopping/official.py LEAF_KINDS")
        ancestors, up = [], rows[path][1]
        while up is not None:
            row = next(r for r in rows.values() if r[0] == up)
            ancestors.append(row[0])
            up = row[1]
        department = rows[path.split("/")[0]][2]
        parent_name = rows[path.rpartition("/")[0]][2]
        _, kinds = parse_leaf(f"{rows[path][2]}: {LEAF_KINDS[path]}")
        leaves.append((rows[path][0], ancestors, department, parent_name, kinds))
    return leaves
