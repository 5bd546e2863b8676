"""The SQL the classifieds pages run (each backed by an index of schema.py)."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from sites.common.web import is_plain_int

PAGE_SIZE = 10

LISTING_COLUMNS = """
    item.id, item.title, item.price_cents, item.pub_date, item.user_id, item.category_id,
    item.region_id, item.city_id, city.name AS city, region.name AS region, category.name AS category,
    (SELECT photo.id FROM photo WHERE photo.item_id = item.id ORDER BY photo.position LIMIT 1) AS photo_id
"""
LISTING_JOINS = """
    JOIN city ON city.id = item.city_id
    JOIN region ON region.id = item.region_id
    JOIN category ON category.id = item.category_id
"""


class BadParameter(ValueError):
    """A query parameter has a value the site cannot use; the message names it."""


class UnknownId(BadParameter):
    """A well-formed id that names no category, region or city here (404, as for a listing id)."""


def fts_query(pattern: str) -> str | None:
    """Turn free text into an FTS5 query: every word must occur (as a prefix). None if no words."""
    words = re.findall(r"\w+", pattern, flags=re.UNICODE)
    if not words:
        return None
    return " ".join(f'"{w}"*' for w in words[:12])


@dataclass
class SearchQuery:
    pattern: str = ""
    category_id: int | None = None
    region_id: int | None = None
    city_id: int | None = None
    price_min_cents: int | None = None
    price_max_cents: int | None = None
    order: str = "dt_pub_date"
    order_type: str = "desc"
    page: int = 1
    show_as: str = "list"
    user_id: int | None = None

    def where(self) -> tuple[str, list]:
        clauses: list[str] = []
        params: list[object] = []
        fts = fts_query(self.pattern) if self.pattern else None
        if fts:
            clauses.append("item.id IN (SELECT rowid FROM item_fts WHERE item_fts MATCH ?)")
            params.append(fts)
        for column, value in (
            ("item.category_id", self.category_id),
            ("item.region_id", self.region_id),
            ("item.city_id", self.city_id),
            ("item.user_id", self.user_id),
        ):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        if self.price_min_cents is not None:
            clauses.append("item.price_cents >= ?")
            params.append(self.price_min_cents)
        if self.price_max_cents is not None:
            clauses.append("item.price_cents <= ?")
            params.append(self.price_max_cents)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", params

    def order_by(self) -> str:
        direction = "ASC" if self.order_type == "asc" else "DESC"
        column = "item.price_cents" if self.order == "i_price" else "item.pub_date"
        return f" ORDER BY {column} {direction}, item.id {direction}"


DENSE_RESULTS = 500


def _order_index(q: SearchQuery, total: int) -> str:
    """When many listings match, walking the index of the sort order and filtering is faster than
    sorting every match (SQLite would pick e.g. the price-range index, then sort 30,000 rows by date).
    A single equality filter has a composite (filter, order) index that the planner already uses."""
    if total < DENSE_RESULTS:
        return ""
    equalities = [v for v in (q.category_id, q.region_id, q.city_id, q.user_id) if v is not None]
    ranged = q.pattern or q.price_min_cents is not None or q.price_max_cents is not None
    if not ranged and len(equalities) == 1 and (q.order == "dt_pub_date" or q.category_id is not None):
        return ""
    if not ranged and not equalities:
        return ""
    return " INDEXED BY item_pub" if q.order == "dt_pub_date" else " INDEXED BY item_price"


def search(conn: sqlite3.Connection, q: SearchQuery, page_size: int = PAGE_SIZE) -> tuple[int, list[sqlite3.Row]]:
    where, params = q.where()
    total = conn.execute(f"SELECT COUNT(*) FROM item{where}", params).fetchone()[0]
    offset = (q.page - 1) * page_size
    rows = conn.execute(
        f"SELECT {LISTING_COLUMNS} FROM item{_order_index(q, total)} {LISTING_JOINS}{where}{q.order_by()}"
        f" LIMIT ? OFFSET ?",
        [*params, page_size, offset],
    ).fetchall()
    return total, rows


def latest(conn: sqlite3.Connection, limit: int = 12) -> list[sqlite3.Row]:
    return conn.execute(
        f"SELECT {LISTING_COLUMNS} FROM item {LISTING_JOINS} ORDER BY item.pub_date DESC, item.id DESC LIMIT ?",
        (limit,),
    ).fetchall()


def categories_with_counts(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute(
        "SELECT category.id, category.name, category.slug,"
        " (SELECT COUNT(*) FROM item WHERE item.category_id = category.id) AS n"
        " FROM category ORDER BY category.name"
    ).fetchall()


def regions_with_counts(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute(
        "SELECT region.id, region.name, (SELECT COUNT(*) FROM item WHERE item.region_id = region.id) AS n"
        " FROM region ORDER BY region.name"
    ).fetchall()


def categories(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute("SELECT id, name, slug FROM category ORDER BY name").fetchall()


def regions(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute("SELECT id, name FROM region ORDER BY name").fetchall()


def cities(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    return conn.execute(
        "SELECT city.id, city.name, city.region_id, region.name AS region FROM city"
        " JOIN region ON region.id = city.region_id ORDER BY region.name, city.name"
    ).fetchall()


def places(conn: sqlite3.Connection) -> dict[str, list[sqlite3.Row]]:
    """The region and city choices of a search or a listing's form (template variables `regions`, `cities`)."""
    return {"regions": regions(conn), "cities": cities(conn)}


def item(conn: sqlite3.Connection, item_id: int) -> sqlite3.Row | None:
    return conn.execute(
        f"SELECT {LISTING_COLUMNS}, item.description, user.name AS seller, user.phone AS seller_phone,"
        f" user.email AS seller_email, user.created_at AS seller_since"
        f" FROM item {LISTING_JOINS} JOIN user ON user.id = item.user_id"
        f" WHERE item.id = ?",
        (item_id,),
    ).fetchone()


def photos(conn: sqlite3.Connection, item_id: int) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM photo WHERE item_id = ? ORDER BY position, id", (item_id,)).fetchall()


def photo(conn: sqlite3.Connection, photo_id: int) -> sqlite3.Row | None:
    return conn.execute("SELECT * FROM photo WHERE id = ?", (photo_id,)).fetchone()


def comments(conn: sqlite3.Connection, item_id: int) -> list[sqlite3.Row]:
    return conn.execute("SELECT * FROM comment WHERE item_id = ? ORDER BY created_at, id", (item_id,)).fetchall()


def related(conn: sqlite3.Connection, listing: sqlite3.Row, limit: int = 4) -> list[sqlite3.Row]:
    return conn.execute(
        f"SELECT {LISTING_COLUMNS} FROM item {LISTING_JOINS} WHERE item.category_id = ? AND item.id != ?"
        f" ORDER BY item.pub_date DESC, item.id DESC LIMIT ?",
        (listing["category_id"], listing["id"], limit),
    ).fetchall()


def resolve(conn: sqlite3.Connection, table: str, value: str, param: str) -> int | None:
    """An id of `category`, `region` or `city` given as a number or a name (case-insensitive)."""
    value = value.strip()
    if not value:
        return None
    if table not in ("category", "region", "city"):
        raise ValueError(table)
    if is_plain_int(value):
        row = conn.execute(f"SELECT id FROM {table} WHERE id = ?", (int(value),)).fetchone()
    else:
        row = conn.execute(
            f"SELECT id FROM {table} WHERE name = ? COLLATE NOCASE" + (" OR slug = ?" if table == "category" else ""),
            (value, value.lower()) if table == "category" else (value,),
        ).fetchone()
    if row is None:
        raise (UnknownId if is_plain_int(value) else BadParameter)(f"{param}={value!r} is not a known {table}")
    return row[0]
