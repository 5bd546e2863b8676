"""The listing queries the store's pages run, shared with the data API so task authors see the same order:
a category's products (sort, direction, page, price range) and quick search (FTS5, bm25 relevance)."""

from __future__ import annotations

import re
import sqlite3

SORT_COLUMNS = {"position": "product_id", "name": "name_key", "price": "price_cents"}
SEARCH_COLUMNS = {"relevance": "rank", "name": "p.name", "price": "p.final_cents", "position": "p.id"}


def _category_where(category_id: int, price: tuple[int, int] | None) -> tuple[str, list]:
    where, params = "category_id = ?", [category_id]
    if price:
        where += " AND price_cents >= ? AND price_cents < ?"
        params += list(price)
    return where, params


def category_count(conn: sqlite3.Connection, category_id: int, price: tuple[int, int] | None = None) -> int:
    """Products in a category and its descendants (price: [low, high) in cents)."""
    where, params = _category_where(category_id, price)
    return conn.execute(f"SELECT COUNT(*) FROM product_category WHERE {where}", params).fetchone()[0]


def category_ids(
    conn: sqlite3.Connection,
    category_id: int,
    order: str = "position",
    direction: str = "asc",
    limit: int = 12,
    offset: int = 0,
    price: tuple[int, int] | None = None,
) -> list[int]:
    """Product ids of one page of a category listing, in the order the page shows them."""
    where, params = _category_where(category_id, price)
    key, sql_dir = SORT_COLUMNS[order], "DESC" if direction == "desc" else "ASC"
    return [
        r[0]
        for r in conn.execute(
            f"SELECT product_id FROM product_category WHERE {where} ORDER BY {key} {sql_dir}, product_id {sql_dir}"
            " LIMIT ? OFFSET ?",
            [*params, limit, offset],
        )
    ]


def price_buckets(conn: sqlite3.Connection, category_id: int) -> list[tuple[str, str, int]]:
    """The layered navigation's price ranges of a category as (label, `price` parameter, product count), like
    Magento's automatic ranges: steps of a power of ten one digit below the category's highest price."""
    top = (
        conn.execute("SELECT MAX(price_cents) FROM product_category WHERE category_id = ?", (category_id,)).fetchone()[
            0
        ]
        or 0
    )
    step = 10 ** max(1, len(str(max(1, top // 100))) - 1) * 100
    out = []
    for b, n in conn.execute(
        "SELECT price_cents / ?, COUNT(*) FROM product_category WHERE category_id = ? GROUP BY 1 ORDER BY 1",
        (step, category_id),
    ):
        low, high = b * step // 100, (b + 1) * step // 100
        out.append((f"${low:,.2f} - ${high - 0.01:,.2f}", f"{low}-{high}", n))
    return out


def fts_match(q: str) -> str | None:
    """An FTS5 query matching any word of `q` (words only: quotes and operators of the input are dropped)."""
    words = re.findall(r"[^\W_]+", q.lower())[:12]
    return " OR ".join(f'"{w}"' for w in words) if words else None


def search_count(conn: sqlite3.Connection, q: str) -> int:
    match = fts_match(q)
    if not match:
        return 0
    return conn.execute("SELECT COUNT(*) FROM product_fts WHERE product_fts MATCH ?", (match,)).fetchone()[0]


def search_ids(
    conn: sqlite3.Connection,
    q: str,
    order: str = "relevance",
    direction: str = "desc",
    limit: int = 12,
    offset: int = 0,
) -> list[int]:
    """Product ids of one page of a quick search; relevance: name matches weigh 10x description ones."""
    match = fts_match(q)
    if not match:
        return []
    if order == "relevance":  # bm25 is lower for better matches: "desc" relevance (the default) is ascending rank
        sql_dir = "ASC" if direction == "desc" else "DESC"
    else:
        sql_dir = "DESC" if direction == "desc" else "ASC"
    return [
        r[0]
        for r in conn.execute(
            "SELECT p.id FROM product_fts JOIN product p ON p.id = product_fts.rowid"
            " WHERE product_fts MATCH ? AND rank MATCH 'bm25(10.0, 1.0)'"
            f" ORDER BY {SEARCH_COLUMNS[order]} {sql_dir}, p.id LIMIT ? OFFSET ?",
            (match, limit, offset),
        )
    ]
