"""The classifieds database schema (SQLite), with an index for every query a page makes."""

from __future__ import annotations

from sites.common.schema import fts_index

SCHEMA = """
CREATE TABLE category (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    slug TEXT NOT NULL UNIQUE
);
CREATE TABLE region (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE city (
    id INTEGER PRIMARY KEY,
    region_id INTEGER NOT NULL REFERENCES region(id),
    name TEXT NOT NULL
);
CREATE INDEX city_region ON city(region_id, name);
CREATE TABLE user (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    phone TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE item (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES user(id),
    category_id INTEGER NOT NULL REFERENCES category(id),
    region_id INTEGER NOT NULL REFERENCES region(id),
    city_id INTEGER NOT NULL REFERENCES city(id),
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    pub_date TEXT NOT NULL
);
CREATE INDEX item_pub ON item(pub_date, id);
CREATE INDEX item_price ON item(price_cents, id);
CREATE INDEX item_cat_pub ON item(category_id, pub_date, id);
CREATE INDEX item_cat_price ON item(category_id, price_cents, id);
CREATE INDEX item_region_pub ON item(region_id, pub_date, id);
CREATE INDEX item_city_pub ON item(city_id, pub_date, id);
CREATE INDEX item_user ON item(user_id, pub_date, id);
CREATE TABLE photo (
    id INTEGER PRIMARY KEY,
    item_id INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    kind TEXT,
    color TEXT,
    count INTEGER,
    printed_text TEXT,
    condition TEXT,
    pattern TEXT,
    view INTEGER,
    seed INTEGER,
    upload_name TEXT,
    tape_inches INTEGER  -- a measuring tape laid across the item shows it this many inches wide (NULL: no tape)
);
CREATE INDEX photo_item ON photo(item_id, position);
CREATE INDEX photo_attrs ON photo(kind, color);
CREATE TABLE comment (
    id INTEGER PRIMARY KEY,
    item_id INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES user(id),
    author_name TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    created_at TEXT NOT NULL
);
CREATE INDEX comment_item ON comment(item_id, created_at, id);
CREATE TABLE message (
    id INTEGER PRIMARY KEY,
    item_id INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
    sender_name TEXT NOT NULL,
    sender_email TEXT NOT NULL,
    body TEXT NOT NULL
);
CREATE INDEX message_item ON message(item_id);
""" + fts_index("item", "title", "description")

CATEGORIES = [
    "Antiques",
    "Appliances",
    "Arts + crafts",
    "Auto parts",
    "Beauty + health",
    "Bikes",
    "Boats",
    "Books",
    "Cars + trucks",
    "Cell phones",
    "Clothing",
    "Computers",
    "Electronics",
    "Furniture",
    "Jewelry",
    "Music instruments",
    "Sporting goods",
    "Tools",
    "Toys + games",
    "Video gaming",
]

LOCATIONS: dict[str, list[str]] = {
    "Virginia": ["Richmond", "Arlington", "Alexandria", "Norfolk", "Virginia Beach", "Roanoke", "Charlottesville"],
    "Pennsylvania": ["Philadelphia", "Pittsburgh", "Harrisburg", "Allentown", "Erie", "Lancaster"],
    "Maryland": ["Baltimore", "Annapolis", "Rockville", "Frederick", "Silver Spring", "Columbia"],
    "Ohio": ["Columbus", "Cleveland", "Cincinnati", "Toledo", "Akron", "Dayton"],
    "Washington D.C.": ["Washington", "Georgetown", "Capitol Hill", "Anacostia"],
    "West Virginia": ["Charleston", "Morgantown", "Huntington", "Wheeling", "Parkersburg"],
    "Delaware": ["Wilmington", "Dover", "Newark", "Rehoboth Beach", "Lewes"],
}


def slugify(name: str) -> str:
    out = "".join(ch.lower() if ch.isalnum() else "-" for ch in name)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")
