"""Pages anyone can see: home, search, a listing, photos, health."""

from __future__ import annotations

from flask import abort, render_template, request, send_file

import sites.classifieds.queries as queries
import sites.classifieds.web as web
import sites.common.photos as photo_files
from sites.classifieds.queries import SearchQuery


def healthz():
    from flask import current_app

    web.get_db().execute("SELECT 1 FROM item LIMIT 1").fetchone()
    return {"site": "classifieds", "ok": True, "reset_ready": current_app.extensions["classifieds_db"].reset_ready}


def home():
    conn = web.get_db()
    return render_template(
        "home.html",
        latest=queries.latest(conn, 12),
        categories=queries.categories_with_counts(conn),
        regions=queries.regions_with_counts(conn),
    )


def search_filter(conn, table: str, param: str) -> int | None:
    """The id a search filter names. A well-formed id the data lacks still filters (OSClass answers such a
    search with its results page, listing nothing); a name that matches nothing is a bad request."""
    try:
        return queries.resolve(conn, table, request.args.get(param, ""), param)
    except queries.UnknownId:
        return int(request.args.get(param, "").strip())


def parse_search() -> SearchQuery:
    conn = web.get_db()
    args = request.args
    q = SearchQuery(pattern=args.get("sPattern", "").strip()[:200])
    q.category_id = search_filter(conn, "category", "sCategory")
    q.region_id = search_filter(conn, "region", "sRegion")
    q.city_id = search_filter(conn, "city", "sCity")
    q.price_min_cents = web.money_arg("sPriceMin")
    q.price_max_cents = web.money_arg("sPriceMax")
    order = args.get("sOrder", "").strip() or "dt_pub_date"
    if order not in ("dt_pub_date", "i_price"):
        abort(400, description=f"sOrder={order!r}: use dt_pub_date or i_price")
    q.order = order
    order_type = args.get("iOrderType", "").strip().lower() or "desc"
    if order_type not in ("asc", "desc"):
        abort(400, description=f"iOrderType={order_type!r}: use asc or desc")
    q.order_type = order_type
    q.page = web.page_arg("iPage")
    show_as = args.get("sShowAs", "").strip() or "list"
    if show_as not in ("list", "gallery"):
        abort(400, description=f"sShowAs={show_as!r}: use list or gallery")
    q.show_as = show_as
    return q


def search():
    q = parse_search()
    conn = web.get_db()
    total, rows = queries.search(conn, q)
    pages = max(1, -(-total // queries.PAGE_SIZE))
    base = {k: v for k, v in request.args.items() if k not in ("iPage", "page") and v}

    def link(**changes) -> str:
        from urllib.parse import urlencode

        params = {"page": "search", **base, **{k: str(v) for k, v in changes.items()}}
        return "/index.php?" + urlencode({k: v for k, v in params.items() if v != ""})

    return render_template(
        "search.html",
        q=q,
        total=total,
        rows=rows,
        pages=pages,
        link=link,
        categories=queries.categories_with_counts(conn),
        **queries.places(conn),
    )


def item():
    item_id = web.int_arg("id", required=True)
    if item_id is None:
        abort(404)
    conn = web.get_db()
    listing = queries.item(conn, item_id)
    if listing is None:
        abort(404)
    user = web.current_user()
    return render_template(
        "item.html",
        item=listing,
        photos=queries.photos(conn, item_id),
        comments=queries.comments(conn, item_id),
        related=queries.related(conn, listing),
        is_owner=user is not None and user["id"] == listing["user_id"],
    )


def photo_file(name: str):
    """/oc-content/uploads/<photo id>.jpg and <photo id>_thumbnail.jpg."""
    stem, dot, ext = name.rpartition(".")
    if not dot or ext != "jpg":
        abort(404)
    thumb = stem.endswith("_thumbnail")
    if thumb:
        stem = stem[: -len("_thumbnail")]
    if not web.is_plain_int(stem):
        abort(404)
    row = queries.photo(web.get_db(), int(stem))
    if row is None:
        abort(404)
    info = photo_files.PhotoRow.from_row(row)
    if info.upload_name:
        path = photo_files.uploaded_photo(info, web.conf().upload_dir, thumb)
        if path is None:
            abort(404)
    else:
        path = photo_files.generated_photo(info, web.conf().photo_cache, thumb)
    return send_file(path, mimetype="image/jpeg", max_age=3600)
