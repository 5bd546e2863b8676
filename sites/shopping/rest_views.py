"""The slice of Magento's REST API (`/rest/V1/...`) that the evaluation's ShoppingAPI reads, behind a bearer
token (the site's reset token): the newest orders of a customer, a product by SKU, a product's reviews."""

from __future__ import annotations

from flask import abort, jsonify, request

import sites.shopping.web as web
from sites.common.tokens import tokens_equal


def _authorise() -> None:
    """Magento's 401 (as JSON: the site's error handler answers /rest/ paths so) unless the request carries the
    bearer token."""
    sent = request.headers.get("Authorization", "")
    if not (sent.startswith("Bearer ") and tokens_equal(sent[7:], web.conf().reset_token)):
        abort(401, description="The consumer isn't authorized to access %resources.")


def _product(sku: str):
    """The product with this SKU, for an authorised request; Magento's 404 when there is none."""
    _authorise()
    row = web.get_db().execute("SELECT * FROM product WHERE sku = ?", (sku,)).fetchone()
    if row is None:
        abort(404, description="The product that was requested doesn't exist. Verify the product and try again.")
    return row


def orders():
    _authorise()
    args = request.args
    email = None
    for i in range(5):
        field = args.get(f"searchCriteria[filterGroups][0][filters][{i}][field]")
        if field == "customer_email":
            email = args.get(f"searchCriteria[filterGroups][0][filters][{i}][value]")
    size = web.parse_int(args.get("searchCriteria[pageSize]")) or 20
    desc = args.get("searchCriteria[sortOrders][0][direction]", "ASC").upper() == "DESC"
    # Magento filters on the email each order was placed with, so a guest order with that email is included
    sql = (
        "SELECT * FROM sales_order"
        + (" WHERE customer_email = ?" if email else "")
        + f" ORDER BY id {'DESC' if desc else 'ASC'} LIMIT ?"
    )
    rows = web.get_db().execute(sql, ([email] if email else []) + [min(size, 1000)]).fetchall()
    items = [
        {
            "entity_id": r["id"],
            "increment_id": r["increment_id"],
            "customer_email": r["customer_email"],
            "customer_id": r["customer_id"],
            "customer_is_guest": int(r["customer_id"] is None),
            "status": r["status"],
            "created_at": r["created_at"],
            "grand_total": r["grand_total_cents"] / 100,
        }
        for r in rows
    ]
    return jsonify({"items": items, "total_count": len(items)})


def product(sku: str):
    row = _product(sku)
    return jsonify(
        {
            "id": row["id"],
            "sku": row["sku"],
            "name": row["name"],
            "price": row["price_cents"] / 100,
            "custom_attributes": [{"attribute_code": "url_key", "value": row["url_key"]}],
        }
    )


def reviews(sku: str):
    row = _product(sku)
    rows = web.get_db().execute("SELECT * FROM review WHERE product_id = ? ORDER BY created_at, id", (row["id"],))
    return jsonify(
        [
            {
                "id": r["id"],
                "nickname": r["nickname"],
                "title": r["title"],
                "detail": r["detail"],
                "created_at": r["created_at"],
                "status": r["status"],
                "ratings": [{"rating_name": "Rating", "value": r["rating"], "percent": r["rating"] * 20}],
            }
            for r in rows
        ]
    )
