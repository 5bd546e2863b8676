"""Extract the official catalogue from the public task files, once, into sites/common/official_catalogue.json.

    python scripts/official_catalogue.py --tasks PATH/config_files/vwa [--out sites/common/official_catalogue.json]

PATH is a checkout of github.com/web-arena-x/visualwebarena; the folder must hold test_classifieds.raw.json,
test_reddit.raw.json and test_shopping.raw.json (910 tasks). Only facts are taken: the category paths of the
store (URL keys and their nesting), the forum names (exact case), the classifieds category ids, the Wikipedia
titles and media paths, and every distinct start URL with the status the embedded stack should give it.

Names: a store category's human name is taken from the task files where an intent quotes it (its slug is the
URL key); the others follow the store's own naming of its Amazon-style tree and are marked `assumed`. The
files never pair a classifieds category id with its name: ids above the embedded site's 20 get plausible
OSClass names, marked `assumed`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
FILES = ("test_classifieds.raw.json", "test_reddit.raw.json", "test_shopping.raw.json")
DEFAULT_OUT = ROOT / "sites" / "common" / "official_catalogue.json"
BOOK = "wikipedia_en_all_maxi_2022-05"
# the store's departments (the first segment of every category path)
DEPARTMENTS = {
    "beauty-personal-care": "Beauty & Personal Care",
    "sports-outdoors": "Sports & Outdoors",
    "clothing-shoes-jewelry": "Clothing, Shoes & Jewelry",
    "home-kitchen": "Home & Kitchen",
    "office-products": "Office Products",
    "tools-home-improvement": "Tools & Home Improvement",
    "health-household": "Health & Household",
    "patio-lawn-garden": "Patio, Lawn & Garden",
    "electronics": "Electronics",
    "cell-phones-accessories": "Cell Phones & Accessories",
    "video-games": "Video Games",
    "grocery-gourmet-food": "Grocery & Gourmet Food",
}
# human names of URL keys the intents do not quote (the store's naming; an assumption)
ASSUMED_NAMES = {
    "foot-hand-nail-care": "Foot, Hand & Nail Care",
    "nail-art-polish": "Nail Art & Polish",
    "hair-care": "Hair Care",
    "hair-coloring-products": "Hair Coloring Products",
    "face": "Face",
    "oral-care": "Oral Care",
    "orthodontic-supplies": "Orthodontic Supplies",
    "personal-care": "Personal Care",
    "men-s": "Men's",
    "skin-care": "Skin Care",
    "maternity": "Maternity",
    "makeup": "Makeup",
    "sunscreens-tanning-products": "Sunscreens & Tanning Products",
    "tools-accessories": "Tools & Accessories",
    "mirrors": "Mirrors",
    "accessories": "Accessories",
    "cases-holsters-sleeves": "Cases, Holsters & Sleeves",
    "flip-cases": "Flip Cases",
    "men": "Men",
    "women": "Women",
    "clothing": "Clothing",
    "shoes": "Shoes",
    "uniforms-work-safety": "Uniforms, Work & Safety",
    "novelty-more": "Novelty & More",
    "sport-specific-clothing": "Sport Specific Clothing",
    "car-vehicle-electronics": "Car & Vehicle Electronics",
    "car-electronics": "Car Electronics",
    "computers-accessories": "Computers & Accessories",
    "computer-accessories-peripherals": "Computer Accessories & Peripherals",
    "computers-tablets": "Computers & Tablets",
    "headphones": "Headphones",
    "earbud-headphones": "Earbud Headphones",
    "portable-audio-video": "Portable Audio & Video",
    "mp3-mp4-player-accessories": "MP3 & MP4 Player Accessories",
    "television-video": "Television & Video",
    "televisions": "Televisions",
    "wine": "Wine",
    "breads-bakery": "Breads & Bakery",
    "cakes": "Cakes",
    "cookies": "Cookies",
    "breakfast-foods": "Breakfast Foods",
    "dairy-cheese-eggs": "Dairy, Cheese & Eggs",
    "cheese": "Cheese",
    "deli-prepared-foods": "Deli & Prepared Foods",
    "deli-meats-cheeses": "Deli Meats & Cheeses",
    "food-beverage-gifts": "Food & Beverage Gifts",
    "herb-spice-seasoning-gifts": "Herb, Spice & Seasoning Gifts",
    "fresh-meal-kits": "Fresh Meal Kits",
    "snacks-sweets": "Snacks & Sweets",
    "snack-foods": "Snack Foods",
    "diet-sports-nutrition": "Diet & Sports Nutrition",
    "nutrition-bars-drinks": "Nutrition Bars & Drinks",
    "health-care": "Health Care",
    "bedding": "Bedding",
    "furniture": "Furniture",
    "bedroom-furniture": "Bedroom Furniture",
    "game-recreation-room-furniture": "Game & Recreation Room Furniture",
    "home-office-furniture": "Home Office Furniture",
    "living-room-furniture": "Living Room Furniture",
    "heating-cooling-air-quality": "Heating, Cooling & Air Quality",
    "home-decor-accents": "Home Décor Accents",
    "kitchen-dining": "Kitchen & Dining",
    "kitchen-table-linens": "Kitchen & Table Linens",
    "wall-art": "Wall Art",
    "office-electronics": "Office Electronics",
    "office-furniture-lighting": "Office Furniture & Lighting",
    "office-school-supplies": "Office & School Supplies",
    "desk-accessories-workspace-organizers": "Desk Accessories & Workspace Organizers",
    "gardening-lawn-care": "Gardening & Lawn Care",
    "plants-seeds-bulbs": "Plants, Seeds & Bulbs",
    "pots-planters-container-accessories": "Pots, Planters & Container Accessories",
    "fan-shop": "Fan Shop",
    "footwear": "Footwear",
    "sports": "Sports",
    "lighting-ceiling-fans": "Lighting & Ceiling Fans",
    "legacy-systems": "Legacy Systems",
    "nintendo-systems": "Nintendo Systems",
    "playstation-systems": "PlayStation Systems",
    "pc": "PC",
    "xbox-one": "Xbox One",
    "alcoholic-beverages": "Alcoholic Beverages",
    "cell-phones": "Cell Phones",
    "shave-hair-removal": "Shave & Hair Removal",
    "home-decor-products": "Home Décor Products",
}
# ids above the embedded site's 20 categories: the files name the id, never its name
CLASSIFIEDS_ASSUMED = {21: "Collectibles", 22: "Farm + garden", 23: "Household", 24: "Motorcycles", 25: "Photo + video"}
SITES = {
    "__SHOPPING__": "shopping",
    "__REDDIT__": "reddit",
    "__CLASSIFIEDS__": "classifieds",
    "__WIKIPEDIA__": "wikipedia",
}


def slugify(text: str) -> str:
    """A store URL key from a name, as the store spells them ('Kids' Bedding' -> 'kids-bedding')."""
    text = text.lower().replace("&", " ").replace("'", "").replace("é", "e")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def load(folder: Path) -> dict[str, list[dict]]:
    out = {}
    for name in FILES:
        path = folder / name
        if not path.is_file():
            raise SystemExit(f"{path}: not found; --tasks must name the official config_files/vwa folder")
        try:
            out[name.split("_")[1].split(".")[0]] = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise SystemExit(f"{path}: not JSON ({exc})") from None
    return out


def _texts(task: dict) -> str:
    return json.dumps(task, ensure_ascii=False)


def shopping_categories(files: dict[str, list[dict]]) -> list[dict]:
    """Every category path named by a URL of the files (depth 1 to 3), with its ancestors, and a name."""
    quoted: dict[str, str] = {}
    paths: set[str] = set()
    for site, tasks in files.items():
        for task in tasks:
            text = _texts(task)
            for value in (task.get("instantiation_dict") or {}).values() if site == "shopping" else ():
                for part in str(value).split(">"):
                    part = part.strip().strip('"')
                    if part and part[0].isupper():
                        quoted.setdefault(slugify(part), part)
            for m in re.finditer(
                r'"([A-Z][^"]{2,60})" (?:category|section)', task.get("intent", "") if site == "shopping" else ""
            ):
                quoted.setdefault(slugify(m.group(1)), m.group(1))
            for m in re.finditer(r"__SHOPPING__/([a-z0-9\-/]+)\.html", text):
                path = m.group(1)
                if path.split("/")[0] in DEPARTMENTS and ("/" in path or path in DEPARTMENTS) and path.count("/") <= 2:
                    paths.add(path)
    nodes = {"/".join(p.split("/")[:i]) for p in paths for i in range(1, p.count("/") + 2)}
    out = []
    for node in sorted(nodes):
        key = node.rsplit("/", 1)[-1]
        if node in DEPARTMENTS:
            name, source = DEPARTMENTS[node], "store departments"
        elif key in quoted:
            name, source = quoted[key], "task files"
        elif key in ASSUMED_NAMES:
            name, source = ASSUMED_NAMES[key], "assumed"
        else:
            raise SystemExit(f"shopping category {node}: no name known for {key!r}; add it to ASSUMED_NAMES")
        out.append({"path": node, "name": name, "name_from": source, "named_in_urls": node in paths})
    return out


def forums(files: dict[str, list[dict]]) -> list[dict]:
    named: dict[str, set[str]] = {}
    for _site, tasks in files.items():
        for task in tasks:
            starts = task.get("start_url", "")
            for m in re.finditer(r"__REDDIT__/f/([A-Za-z0-9_]+)", _texts(task)):
                named.setdefault(m.group(1), set()).add("start_url" if f"/f/{m.group(1)}" in starts else "other")
    return [{"name": n, "in_start_urls": "start_url" in named[n]} for n in sorted(named, key=str.lower)]


def classifieds_categories(files: dict[str, list[dict]]) -> dict:
    ids = sorted(
        {int(m.group(1)) for tasks in files.values() for t in tasks for m in re.finditer(r"sCategory=(\d+)", _texts(t))}
    )
    names: set[str] = set()
    for task in files["classifieds"]:
        names.update(str(v) for k, v in (task.get("instantiation_dict") or {}).items() if k == "category")
        names.update(m.group(1) for m in re.finditer(r'"([A-Z][^"]{2,40})" (?:category|section)', task["intent"]))
    return {
        "ids_in_files": ids,
        "names_in_files": sorted(names),
        "new_ids": [
            {"id": i, "name": n, "name_from": "assumed"}
            for i, n in sorted(CLASSIFIEDS_ASSUMED.items())
            if i <= max(ids) + 1
        ],
    }


def wikipedia(files: dict[str, list[dict]]) -> dict:
    titles: set[str] = set()
    media: set[str] = set()
    for tasks in files.values():
        for task in tasks:
            for m in re.finditer(rf"__WIKIPEDIA__/{BOOK}/([AI])/([^\"\s\\]+)", _texts(task)):
                value = unquote(m.group(2)).rstrip(":,")
                (titles if m.group(1) == "A" else media).add(value)
    return {"book": BOOK, "articles": sorted(t.replace("_", " ") for t in titles), "media": sorted(media)}


def expectation(url: str, departments: set[str]) -> dict:
    """The status the embedded stack should give a start URL: 200, or 404 where it names an id or key that only
    the official data has."""
    placeholder, _, rest = url.partition("/")
    site = SITES[placeholder]
    parts = urlsplit("/" + rest)
    path, query = parts.path, parse_qs(parts.query)
    absent = None
    if site == "shopping" and path.endswith(".html") and "/" not in path[1:]:
        key = path[1:-5]
        if key not in departments:
            absent = f"product url key {key}"
    elif site == "classifieds":
        if not path.startswith("/index.php") and path != "/":
            absent = f"page {path} (no such script on OSClass either)"
        elif query.get("page") == ["item"]:
            absent = f"listing id {query['id'][0]}"
        # a search naming a region (OSClass's geographic ids) or category the data lacks lists nothing, as OSClass
    elif site == "reddit":
        m = re.fullmatch(r"/f/[^/]+/(\d+)(?:/.*)?", path)
        if m:
            absent = f"submission id {m.group(1)}"
        elif path.startswith("/submission_images/"):
            absent = f"image {path.rsplit('/', 1)[-1]}"
    return {"site": site, "expect": 404 if absent else 200, **({"absent": absent} if absent else {})}


def start_urls(files: dict[str, list[dict]]) -> list[dict]:
    seen: dict[str, list[str]] = {}
    for site, tasks in files.items():
        for task in tasks:
            for url in task["start_url"].split(" |AND| "):
                seen.setdefault(url.strip(), []).append(f"{site}/{task['task_id']}")
    out = []
    for url in sorted(seen):
        out.append({"url": url, **expectation(url, set(DEPARTMENTS)), "tasks": seen[url]})
    return out


def build(folder: Path) -> dict:
    files = load(folder)
    return {
        "about": "Facts read from the public VisualWebArena task files (config_files/vwa/test_*.raw.json) by "
        "scripts/official_catalogue.py; names marked 'assumed' are not in the files.",
        "task_counts": {site: len(tasks) for site, tasks in files.items()},
        "shopping": {"categories": shopping_categories(files)},
        "reddit": {"forums": forums(files)},
        "classifieds": classifieds_categories(files),
        "wikipedia": wikipedia(files),
        "start_urls": start_urls(files),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python scripts/official_catalogue.py", description=__doc__.split("\n")[0])
    parser.add_argument("--tasks", type=Path, required=True, help="the official config_files/vwa folder")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    data = build(args.tasks)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"{args.out}: {len(data['shopping']['categories'])} store categories, {len(data['reddit']['forums'])} "
        f"forums, {len(data['wikipedia']['articles'])} articles, {len(data['start_urls'])} start URLs"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
