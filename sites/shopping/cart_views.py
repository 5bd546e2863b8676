"""Cart, minicart, checkout (#shipping and #payment steps), placing an order and the success page."""

from __future__ import annotations

import json
import re
from datetime import datetime

from flask import abort, flash, redirect, render_template, request, session

import sites.shopping.catalog_views as catalog_views
import sites.shopping.web as web
from sites.common.db import write_transaction
from sites.shopping.generate import FLAT_RATE_CENTS

MAX_QTY = 10_000
GUEST_EMAIL = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[A-Za-z]{2,}$")
ADDRESS_FIELDS = ("firstname", "lastname", "street", "city", "region", "postcode", "country", "telephone")
FIELD_LABELS = {
    "firstname": "First Name",
    "lastname": "Last Name",
    "street": "Street Address",
    "city": "City",
    "region": "State/Province",
    "postcode": "Zip/Postal Code",
    "country": "Country",
    "telephone": "Phone Number",
    "email": "Email Address",
}


def _product(pid_raw: str | None):
    pid = web.parse_int(pid_raw)
    if pid is None:
        abort(400, description="parameter product is not a product id")
    prod = web.get_db().execute("SELECT * FROM product WHERE id = ?", (pid,)).fetchone()
    if prod is None:
        abort(404)
    return prod


def _qty(raw: str | None, name: str = "qty") -> int:
    raw = (raw or "").strip() or "1"  # an empty box means 1, as in Magento
    value = web.parse_int(raw)
    if value is None or value < 1 or value > MAX_QTY:
        abort(400, description=f"{name}: please enter a quantity from 1 to {MAX_QTY}")
    return value


def add_lines(owner: str, prod, qty: int, options: list[tuple[str, str]]) -> None:
    conn = web.get_db()
    encoded = json.dumps(options)
    row = conn.execute(
        "SELECT id FROM cart_item WHERE owner = ? AND product_id = ? AND options = ?", (owner, prod["id"], encoded)
    ).fetchone()
    if row:
        conn.execute("UPDATE cart_item SET qty = MIN(qty + ?, ?) WHERE id = ?", (qty, MAX_QTY, row[0]))
    else:
        conn.execute(
            "INSERT INTO cart_item(owner, product_id, qty, options) VALUES (?, ?, ?, ?)",
            (owner, prod["id"], qty, encoded),
        )


def add():
    web.check_form_key()
    prod = _product(request.form.get("product"))
    qty = _qty(request.form.get("qty"))
    conn = web.get_db()
    defined = [
        (r["name"], r["vals"].split("|"))
        for r in conn.execute(
            "SELECT name, vals FROM product_option WHERE product_id = ? ORDER BY position", (prod["id"],)
        )
    ]
    chosen, missing = [], []
    for name, values in defined:
        value = request.form.get(f"options[{name}]", "").strip()
        if value in values:
            chosen.append((name, value))
        else:
            missing.append(name)
    if missing:
        flash("You need to choose options for your item.", "error")
        page, _ = catalog_views.product_page(prod, missing=tuple(missing), chosen=dict(chosen))
        return page, 400
    back = web.return_target(f"/{prod['url_key']}.html")  # decided before the write
    add_lines(web.cart_owner(create=True), prod, qty, chosen)
    flash(f"You added {prod['name']} to your shopping cart.", "success")
    return redirect(back)


def _totals(lines) -> dict:
    subtotal = sum(line["row_total"] for line in lines)
    shipping = FLAT_RATE_CENTS * sum(line["qty"] for line in lines)
    return {"subtotal": subtotal, "shipping": shipping, "total": subtotal + shipping}


def cart():
    lines = web.cart_lines()
    return render_template("cart.html", lines=lines, totals=_totals(lines))


def _owned_line(line_raw: str | None):
    owner = web.cart_owner()
    line_id = web.parse_int(line_raw)
    if owner is None or line_id is None:
        abort(404)
    row = web.get_db().execute("SELECT * FROM cart_item WHERE id = ? AND owner = ?", (line_id, owner)).fetchone()
    if row is None:
        abort(404)
    return row


def update():
    web.check_form_key()
    owner = web.cart_owner()
    conn = web.get_db()
    changes = []
    for key, raw in request.form.items():
        if key.startswith("cart[") and key.endswith("][qty]"):
            line = _owned_line(key[5:-6])
            qty = web.parse_int(raw.strip())
            if qty is None or qty > MAX_QTY:
                abort(400, description=f"{key}: please enter a quantity from 0 to {MAX_QTY}")
            changes.append((line["id"], qty))
    for line_id, qty in changes:
        if qty == 0:
            conn.execute("DELETE FROM cart_item WHERE id = ? AND owner = ?", (line_id, owner))
        else:
            conn.execute("UPDATE cart_item SET qty = ? WHERE id = ? AND owner = ?", (qty, line_id, owner))
    return redirect("/checkout/cart/")


def delete():
    web.check_form_key()
    line = _owned_line(request.form.get("id"))
    web.get_db().execute("DELETE FROM cart_item WHERE id = ?", (line["id"],))
    return redirect("/checkout/cart/")


def _default_address() -> dict:
    c = web.customer()
    if c is None:
        return {"country": "United States"}
    row = (
        web.get_db()
        .execute("SELECT * FROM address WHERE customer_id = ? ORDER BY default_shipping DESC, id LIMIT 1", (c["id"],))
        .fetchone()
    )
    if row is None:
        return {"firstname": c["firstname"], "lastname": c["lastname"], "country": "United States"}
    return {k: row[k] for k in ADDRESS_FIELDS}


def checkout(form: dict | None = None, errors: dict | None = None, status: int = 200):
    lines = web.cart_lines()
    if not lines:
        return redirect("/checkout/cart/")
    return render_template(
        "checkout.html",
        lines=lines,
        totals=_totals(lines),
        form=form or _default_address(),
        errors=errors or {},
        labels=FIELD_LABELS,
        fields=ADDRESS_FIELDS,
    ), status


def validate_address(form) -> tuple[dict, dict]:
    values = {k: (form.get(k) or "").strip() for k in ADDRESS_FIELDS}
    errors = {}
    for k, v in values.items():
        if not v:
            errors[k] = "This is a required field."
        elif len(v) > 120:
            errors[k] = "Please enter less or equal than 120 symbols."
    return values, errors


def place_order():
    web.check_form_key()
    lines = web.cart_lines()
    if not lines:
        flash("Your shopping cart is empty.", "error")
        return redirect("/checkout/cart/")
    values, errors = validate_address(request.form)
    c = web.customer()
    email = c["email"] if c is not None else request.form.get("email", "").strip()
    if c is None and (not GUEST_EMAIL.match(email) or len(email) > 120):
        errors["email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
    if request.form.get("shipping_method") != "flatrate_flatrate":
        errors["shipping_method"] = "The shipping method is missing. Select the shipping method and try again."
    if request.form.get("payment_method") != "checkmo":
        errors["payment_method"] = "The requested Payment Method is not available."
    if errors:
        return checkout(values, errors, 400)
    conn = web.get_db()
    # as in Magento, a guest order stays a guest order: no account is made or touched, whatever its email
    customer_id = c["id"] if c is not None else None
    totals = _totals(lines)
    addr = (
        f"{values['firstname']} {values['lastname']}",
        values["street"],
        values["city"],
        values["region"],
        values["postcode"],
        values["country"],
        values["telephone"],
    )
    with write_transaction(conn):
        next_id = conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM sales_order").fetchone()[0]
        conn.execute(
            "INSERT INTO sales_order VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, 'Flat Rate - Fixed', ?, ?, ?,"
            " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                next_id,
                f"{next_id:09d}",
                customer_id,
                _now(),
                totals["subtotal"],
                totals["shipping"],
                totals["total"],
                *addr,
                *addr,
                email,
            ),
        )
        for line in lines:
            p = line["product"]
            conn.execute(
                "INSERT INTO order_item(order_id, product_id, sku, name, price_cents, qty, options)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (next_id, p["id"], p["sku"], p["name"], p["final_cents"], line["qty"], json.dumps(line["options"])),
            )
        conn.execute("DELETE FROM cart_item WHERE owner = ?", (web.cart_owner(),))
    session["last_order"] = next_id
    return redirect("/checkout/onepage/success/")


def success():
    order_id = session.get("last_order")
    if not isinstance(order_id, int):
        return redirect("/checkout/cart/")
    order = web.get_db().execute("SELECT * FROM sales_order WHERE id = ?", (order_id,)).fetchone()
    if order is None:
        return redirect("/checkout/cart/")
    return render_template("success.html", order=order)


def _now() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M:%S")
