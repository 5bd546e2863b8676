"""Browsing: home, category pages, product pages, quick search, product photos, health and reset."""

from __future__ import annotations

import re
import sqlite3
from urllib.parse import urlencode

from flask import abort, current_app, render_template, request, send_file

import sites.shopping.queries as queries
import sites.shopping.web as web
from sites.common.web import reset_instance


def healthz():
    web.get_db().execute("SELECT 1 FROM product LIMIT 1").fetchone()
    return {"site": "shopping", "ok": True, "reset_ready": current_app.extensions["shopping_db"].reset_ready}


def reset():
    return reset_instance("shopping", web.conf().reset_token)


def photo(photo_id: str, thumb: bool = False):
    from sites.shopping.photos import cached_file

    pid = web.parse_int(photo_id)
    if pid is None:
        abort(404)
    row = web.get_db().execute("SELECT * FROM photo WHERE id = ?", (pid,)).fetchone()
    if row is None:
        abort(404)
    return send_file(cached_file(row, web.conf().photo_cache, thumb), mimetype="image/jpeg", max_age=86400)


def thumb(photo_id: str):
    return photo(photo_id, thumb=True)


def _cards(ids: list[int]) -> list:
    if not ids:
        return []
    conn = web.get_db()
    marks = ",".join("?" * len(ids))
    rows = {r["id"]: r for r in conn.execute(f"SELECT * FROM product WHERE id IN ({marks})", ids)}
    photos = {
        r[0]: r[1]
        for r in conn.execute(f"SELECT product_id, id FROM photo WHERE product_id IN ({marks}) AND position = 0", ids)
    }
    return [{"p": rows[i], "photo": photos.get(i), "rating": web.rating_percent(rows[i])} for i in ids if i in rows]


def home():
    conn = web.get_db()
    ids = [r[0] for r in conn.execute("SELECT id FROM product WHERE featured = 1 ORDER BY id")]
    return render_template("home.html", products=_cards(ids))


def _listing_params():
    mode = request.args.get("product_list_mode", "grid")
    if mode not in ("grid", "list"):
        mode = "grid"
    allowed = web.PER_PAGE_GRID if mode == "grid" else web.PER_PAGE_LIST
    limit = web.int_arg("product_list_limit") or allowed[0]
    if limit not in allowed:
        limit = allowed[0]
    order = request.args.get("product_list_order", "position")
    if order not in queries.SORT_COLUMNS:
        order = "position"
    direction = request.args.get("product_list_dir", "asc")
    if direction not in ("asc", "desc"):
        direction = "asc"
    page = web.int_arg("p", minimum=1) or 1
    return mode, limit, order, direction, page


def _price_filter() -> tuple[int, int] | None:
    raw = request.args.get("price", "").strip()
    if not raw:
        return None
    m = re.fullmatch(r"([0-9]{1,7})-([0-9]{0,7})", raw)
    if not m or not raw.isascii():
        abort(400, description=f"parameter price={raw[:40]!r} is not a range like 10-20")
    low = int(m.group(1)) * 100
    high = int(m.group(2)) * 100 if m.group(2) else 10**12
    return low, high


def _url_with(**changes) -> str:
    args = {k: v for k, v in request.args.items()}
    for k, v in changes.items():
        if v is None:
            args.pop(k, None)
        else:
            args[k] = v
    return request.path + ("?" + urlencode(args) if args else "")


def category_page(cat):
    conn = web.get_db()
    mode, limit, order, direction, page = _listing_params()
    price = _price_filter()
    total = queries.category_count(conn, cat["id"], price)
    last_page = max(1, -(-total // limit))
    page = min(page, last_page)
    ids = queries.category_ids(conn, cat["id"], order, direction, limit, (page - 1) * limit, price)
    buckets = [] if price else queries.price_buckets(conn, cat["id"])
    children = conn.execute(
        "SELECT c.name, c.url_path, (SELECT COUNT(*) FROM product_category pc"
        " WHERE pc.category_id = c.id) FROM category c WHERE parent_id = ? ORDER BY position",
        (cat["id"],),
    ).fetchall()
    crumbs: list[sqlite3.Row] = []
    parent = cat["parent_id"]
    while parent:
        row = conn.execute("SELECT * FROM category WHERE id = ?", (parent,)).fetchone()
        crumbs.insert(0, row)
        parent = row["parent_id"]
    return render_template(
        "category.html",
        cat=cat,
        crumbs=crumbs,
        products=_cards(ids),
        total=total,
        page=page,
        last_page=last_page,
        limit=limit,
        mode=mode,
        order=order,
        direction=direction,
        buckets=buckets,
        price_range=price,
        children=children,
        url_with=_url_with,
        pager_url=lambda n: _url_with(p=n),
        limits=web.PER_PAGE_GRID if mode == "grid" else web.PER_PAGE_LIST,
    )


def _search_page_url(n: int) -> str:
    args = {"p": n, "q": request.args.get("q", "")}
    args.update((k, v) for k, v in request.args.items() if k not in ("p", "q"))
    return "/catalogsearch/result/index/?" + urlencode(args)


def search():
    q = request.args.get("q", "").strip()
    if not q:
        return render_template(
            "search.html",
            q=q,
            products=[],
            total=0,
            page=1,
            last_page=1,
            mode="grid",
            limit=12,
            order="relevance",
            direction="desc",
            url_with=_url_with,
            pager_url=_search_page_url,
            limits=web.PER_PAGE_GRID,
            error="Search term is required.",
        )
    if len(q) > 128:
        q = q[:128]
    mode, limit, order, direction, page = _listing_params()
    if request.args.get("product_list_order") in (None, "", "relevance"):
        order = "relevance"
        direction = request.args.get("product_list_dir", "desc")
        direction = direction if direction in ("asc", "desc") else "desc"
    conn = web.get_db()
    total = queries.search_count(conn, q)
    page = min(page, max(1, -(-total // limit)))
    ids = queries.search_ids(conn, q, order, direction, limit, (page - 1) * limit)
    last_page = max(1, -(-total // limit))
    return render_template(
        "search.html",
        q=q,
        products=_cards(ids),
        total=total,
        page=page,
        last_page=last_page,
        mode=mode,
        limit=limit,
        order=order,
        direction=direction,
        url_with=_url_with,
        pager_url=_search_page_url,
        limits=web.PER_PAGE_GRID if mode == "grid" else web.PER_PAGE_LIST,
        error=None,
    )


def product_page(
    prod,
    status: int = 200,
    missing: tuple[str, ...] = (),
    chosen: dict | None = None,
    review_errors: dict | None = None,
    review_form: dict | None = None,
):
    conn = web.get_db()
    photos = [r[0] for r in conn.execute("SELECT id FROM photo WHERE product_id = ? ORDER BY position", (prod["id"],))]
    attributes = conn.execute(
        "SELECT label, value FROM attribute WHERE product_id = ? ORDER BY position", (prod["id"],)
    ).fetchall()
    options = [
        (r["name"], r["vals"].split("|"))
        for r in conn.execute(
            "SELECT name, vals FROM product_option WHERE product_id = ? ORDER BY position", (prod["id"],)
        )
    ]
    reviews = conn.execute(
        "SELECT * FROM review WHERE product_id = ? AND status = 'approved' ORDER BY created_at DESC, id DESC",
        (prod["id"],),
    ).fetchall()
    cat = conn.execute("SELECT * FROM category WHERE id = ?", (prod["category_id"],)).fetchone()
    crumbs = [cat]
    while crumbs[0]["parent_id"]:
        crumbs.insert(0, conn.execute("SELECT * FROM category WHERE id = ?", (crumbs[0]["parent_id"],)).fetchone())
    return render_template(
        "product.html",
        prod=prod,
        photos=photos,
        attributes=attributes,
        options=options,
        reviews=reviews,
        rating=web.rating_percent(prod),
        crumbs=crumbs,
        missing=missing,
        chosen=chosen or {},
        review_errors=review_errors or {},
        review_form=review_form or {},
    ), status


def by_path(path: str):
    """`/<category path>.html` or `/<product url key>.html`."""
    conn = web.get_db()
    cat = conn.execute("SELECT * FROM category WHERE url_path = ?", (path,)).fetchone()
    if cat is not None:
        return category_page(cat)
    prod = conn.execute("SELECT * FROM product WHERE url_key = ?", (path,)).fetchone()
    if prod is not None:
        return product_page(prod)
    abort(404)
