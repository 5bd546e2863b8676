"""Wish list (`/wishlist/`, customers only) and product comparison (`/catalog/product_compare/`)."""

from __future__ import annotations

from datetime import datetime

from flask import abort, flash, redirect, render_template, request

import sites.shopping.cart_views as cart_views
import sites.shopping.catalog_views as catalog_views
import sites.shopping.web as web

WISHLIST_LIMITS = (10, 20, 50)


def wishlist():
    rows, pager = web.customer_page("wishlist_item", "id, product_id", "id", WISHLIST_LIMITS)
    cards = catalog_views._cards([r["product_id"] for r in rows])
    for card, row in zip(cards, rows, strict=False):
        card["item_id"] = row["id"]
    return render_template("wishlist.html", items=cards, **pager)


def wishlist_add():
    c = web.require_customer()
    web.check_form_key()
    prod = cart_views._product(request.form.get("product"))
    web.get_db().execute(
        "INSERT OR IGNORE INTO wishlist_item(customer_id, product_id, added_at) VALUES (?, ?, ?)",
        (c["id"], prod["id"], datetime.now().strftime("%Y-%m-%d %H:%M:%S")),
    )
    flash(f"{prod['name']} has been added to your Wish List. Click here to continue shopping.", "success")
    return redirect("/wishlist/")


def _own_item(raw):
    c = web.require_customer()
    iid = web.parse_int(raw)
    row = (
        web.get_db().execute("SELECT * FROM wishlist_item WHERE id = ? AND customer_id = ?", (iid, c["id"])).fetchone()
        if iid is not None
        else None
    )
    if row is None:
        abort(404)
    return row


def wishlist_remove():
    web.check_form_key()
    row = _own_item(request.form.get("item"))
    web.get_db().execute("DELETE FROM wishlist_item WHERE id = ?", (row["id"],))
    return redirect("/wishlist/")


def wishlist_to_cart():
    """Add a wish list item to the cart (products with options go to their page to choose them)."""
    web.check_form_key()
    row = _own_item(request.form.get("item"))
    conn = web.get_db()
    prod = conn.execute("SELECT * FROM product WHERE id = ?", (row["product_id"],)).fetchone()
    if prod["option_kind"]:
        flash("You need to choose options for your item.", "error")
        return redirect(f"/{prod['url_key']}.html")
    cart_views.add_lines(web.cart_owner(create=True), prod, 1, [])
    conn.execute("DELETE FROM wishlist_item WHERE id = ?", (row["id"],))
    flash(f"You added {prod['name']} to your shopping cart.", "success")
    return redirect("/checkout/cart/")


def _compare_owner() -> str:
    return web.cart_owner(create=True)


def compare():
    owner = web.cart_owner()
    conn = web.get_db()
    ids = (
        [r[0] for r in conn.execute("SELECT product_id FROM compare_item WHERE owner = ? ORDER BY rowid", (owner,))]
        if owner
        else []
    )
    cards = catalog_views._cards(ids)
    labels, table = [], {}
    for card in cards:
        for label, value in conn.execute(
            "SELECT label, value FROM attribute WHERE product_id = ? ORDER BY position", (card["p"]["id"],)
        ):
            if label not in labels:
                labels.append(label)
            table[(card["p"]["id"], label)] = value
    return render_template("compare.html", items=cards, labels=labels, table=table)


def compare_add():
    web.check_form_key()
    prod = cart_views._product(request.form.get("product"))
    back = web.return_target(f"/{prod['url_key']}.html")  # decided before the write
    web.get_db().execute(
        "INSERT OR IGNORE INTO compare_item(owner, product_id) VALUES (?, ?)", (_compare_owner(), prod["id"])
    )
    flash(f"You added product {prod['name']} to the comparison list.", "success")
    return redirect(back)


def compare_remove():
    web.check_form_key()
    prod = cart_views._product(request.form.get("product"))
    owner = web.cart_owner()
    if owner:
        web.get_db().execute("DELETE FROM compare_item WHERE owner = ? AND product_id = ?", (owner, prod["id"]))
    flash(f"You removed product {prod['name']} from the comparison list.", "success")
    return redirect("/catalog/product_compare/")


def compare_clear():
    web.check_form_key()
    owner = web.cart_owner()
    if owner:
        web.get_db().execute("DELETE FROM compare_item WHERE owner = ?", (owner,))
    flash("You cleared the comparison list.", "success")
    return redirect("/catalog/product_compare/")
