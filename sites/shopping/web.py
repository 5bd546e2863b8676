"""What the shopping views share: the request's database, the signed-in customer, the cart owner, the menu,
form keys (CSRF, from sites.common.web under Magento's field name `form_key`) and price/rating formatting."""

from __future__ import annotations

import functools
import json
import secrets
import sqlite3
from pathlib import Path
from typing import Literal, overload

from flask import abort, current_app, redirect, request, session

from sites.common.redirects import local_target
from sites.common.web import (  # noqa: F401  (re-exported)
    check_csrf,
    csrf_token,
    format_date,
    format_price,
    int_arg,
    parse_int,
    request_db,
    signed_in,
)

FORM_KEY = "form_key"
PER_PAGE_GRID = (12, 24, 36)
PER_PAGE_LIST = (5, 10, 15, 20, 25)


def conf():
    return current_app.config["SHOPPING"]


def get_db() -> sqlite3.Connection:
    return request_db("shopping")


def check_form_key() -> None:
    check_csrf(FORM_KEY)


def return_target(default: str) -> str:
    """Where a form goes back to: its `return` field when that is a safe path on this store, else `default`."""
    return local_target(request.form.get("return"), default)


def customer() -> sqlite3.Row | None:
    return signed_in("customer", "customer_id", get_db, "SELECT * FROM customer WHERE id = ?")


def require_customer():
    """The signed-in customer, or a redirect to the login page (raised as an HTTP exception)."""
    c = customer()
    if c is None:
        abort(redirect("/customer/account/login/"))
    return c


def customer_page(
    table: str, columns: str, order: str, limits: tuple[int, ...]
) -> tuple[list[sqlite3.Row], dict[str, object]]:
    """One page of the signed-in customer's rows of `table` (orders, wish list items), by the request's `limit`
    (one of `limits`, else the first) and `p` (past the last page: the last): its rows, and the pager's
    template values (total, page, last_page, limit, limits)."""
    c = require_customer()
    limit = int_arg("limit") or limits[0]
    if limit not in limits:
        limit = limits[0]
    page = int_arg("p", minimum=1) or 1
    conn = get_db()
    total = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE customer_id = ?", (c["id"],)).fetchone()[0]
    last_page = max(1, -(-total // limit))
    page = min(page, last_page)
    rows = conn.execute(
        f"SELECT {columns} FROM {table} WHERE customer_id = ? ORDER BY {order} LIMIT ? OFFSET ?",
        (c["id"], limit, (page - 1) * limit),
    ).fetchall()
    return rows, {"total": total, "page": page, "last_page": last_page, "limit": limit, "limits": limits}


@overload
def cart_owner(create: Literal[True]) -> str: ...
@overload
def cart_owner(create: bool = False) -> str | None: ...
def cart_owner(create: bool = False) -> str | None:
    """Whose cart the request's is: the customer's (c<id>) or the browser session's (s<token>); None when
    there is none yet and `create` is false (with `create`, always one)."""
    c = customer()
    if c is not None:
        return f"c{c['id']}"
    token = session.get("cart")
    if not token and create:
        token = session["cart"] = secrets.token_urlsafe(16)
    return f"s{token}" if token else None


def cart_lines() -> list[dict]:
    owner = cart_owner()
    if owner is None:
        return []
    rows = get_db().execute(
        "SELECT cart_item.id AS line_id, cart_item.qty AS line_qty, cart_item.options AS line_options, product.*"
        " FROM cart_item"
        " JOIN product ON product.id = cart_item.product_id WHERE owner = ? ORDER BY cart_item.id",
        (owner,),
    )
    out = []
    for r in rows:
        out.append(
            {
                "line_id": r["line_id"],
                "qty": r["line_qty"],
                "options": json.loads(r["line_options"]),
                "product": r,
                "row_total": r["final_cents"] * r["line_qty"],
                "photo": first_photo(r["id"]),
            }
        )
    return out


def first_photo(product_id: int) -> int | None:
    row = (
        get_db()
        .execute("SELECT id FROM photo WHERE product_id = ? ORDER BY position LIMIT 1", (product_id,))
        .fetchone()
    )
    return row[0] if row else None


def cart_count() -> int:
    owner = cart_owner()
    if owner is None:
        return 0
    return get_db().execute("SELECT COALESCE(SUM(qty), 0) FROM cart_item WHERE owner = ?", (owner,)).fetchone()[0]


@functools.lru_cache(maxsize=4)
def _menu(db_path: str) -> tuple:
    from sites.common.db import connect_readonly

    conn = connect_readonly(Path(db_path))
    try:
        rows = [
            dict(r)
            for r in conn.execute("SELECT id, parent_id, name, url_path, level FROM category ORDER BY level, position")
        ]
    finally:
        conn.close()
    children: dict = {}
    for r in rows:
        children.setdefault(r["parent_id"], []).append(r)

    def tree(parent):
        return tuple({**r, "children": tree(r["id"])} for r in children.get(parent, []))

    return tree(None)


def menu() -> tuple:
    """The category tree (static: it never changes on the site), read once per process from the pristine copy."""
    return _menu(str(conf().pristine_db))


def rating_percent(product) -> int:
    return round(product["rating_sum"] * 20 / product["review_count"]) if product["review_count"] else 0
