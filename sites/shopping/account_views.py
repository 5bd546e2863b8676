"""Customer account: sign in/out, register, dashboard, account edit, address book, orders, reorder, reviews."""

from __future__ import annotations

import functools
import json
import re
import secrets
from datetime import datetime

from flask import abort, flash, redirect, render_template, request

import sites.shopping.cart_views as cart_views
import sites.shopping.catalog_views as catalog_views
import sites.shopping.web as web
from sites.common import passwords
from sites.common.sessions import begin_login, end_login, harness_login
from sites.common.throttle import client_address, login_throttle
from sites.common.web import inserted_id

EMAIL_RE = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[A-Za-z]{2,}$")
SIGN_IN_ERROR = (
    "The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later."
)
ORDERS_PER_PAGE = (10, 20, 50)


def login_form():
    if web.customer() is not None:
        return redirect("/customer/account/")
    return render_template("login.html", email="")


def login_post():
    web.check_form_key()
    email = request.form.get("login[username]", "").strip()
    password = request.form.get("login[password]", "")
    if not email or not password:
        flash("A login and a password are required.", "error")
        return render_template("login.html", email=email), 400
    throttle, address = login_throttle(), client_address()
    refusal = throttle.refusal(email, address)
    if refusal:
        flash(refusal, "error")
        return render_template("login.html", email=email), 429
    row = web.get_db().execute("SELECT id, password_hash FROM customer WHERE email = ?", (email,)).fetchone()
    # an unknown email costs the same hash as a known one, so the answer's timing does not tell them apart
    if not passwords.verify(row["password_hash"] if row else _decoy_hash(), password) or row is None:
        throttle.failed(email, address)
        flash(SIGN_IN_ERROR, "error")
        return render_template("login.html", email=email), 401
    throttle.succeeded(email)
    _sign_in(row["id"])
    return redirect("/customer/account/")


@functools.lru_cache(maxsize=1)
def _decoy_hash() -> str:
    return passwords.hash_new(secrets.token_urlsafe(16))


def _sign_in(customer_id: int) -> None:
    guest_cart = web.cart_owner()
    begin_login(customer_id)
    if guest_cart and guest_cart.startswith("s"):  # Magento merges the guest cart into the customer's
        web.get_db().execute("UPDATE cart_item SET owner = ? WHERE owner = ?", (f"c{customer_id}", guest_cart))


def harness_session():
    """POST /__session (token, user = email): sites.common.sessions.harness_login."""

    def find(email: str):
        row = web.get_db().execute("SELECT id FROM customer WHERE email = ?", (email,)).fetchone()
        return row["id"] if row else None

    return harness_login(web.conf().reset_token, find, _sign_in)


def logout():
    web.check_form_key()
    end_login()
    return redirect("/customer/account/logoutSuccess/")


def logout_success():
    return render_template(
        "message_page.html",
        title="You are signed out",
        message="You have signed out and will go to our homepage in 5 seconds.",
    )


def register_form():
    return render_template("register.html", form={}, errors={})


def register_post():
    web.check_form_key()
    form = {k: request.form.get(k, "").strip() for k in ("firstname", "lastname", "email")}
    password, again = request.form.get("password", ""), request.form.get("password_confirmation", "")
    errors = {}
    for k in ("firstname", "lastname"):
        if not form[k]:
            errors[k] = "This is a required field."
        elif len(form[k]) > 255:
            errors[k] = "Please enter less or equal than 255 symbols."
    if not EMAIL_RE.match(form["email"]) or len(form["email"]) > 120:
        errors["email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
    if (
        len(password) < 8
        or sum(bool(re.search(p, password)) for p in (r"[a-z]", r"[A-Z]", r"[0-9]", r"[^A-Za-z0-9]")) < 3
    ):
        errors["password"] = (
            "Minimum length of this field must be equal or greater than 8 symbols, with at least "
            "3 classes of characters: lower case, upper case, digits, special characters."
        )
    if password != again:
        errors["password_confirmation"] = "Please enter the same value again."
    conn = web.get_db()
    if not errors and conn.execute("SELECT 1 FROM customer WHERE email = ?", (form["email"],)).fetchone():
        errors["email"] = "There is already an account with this email address."
    if errors:
        return render_template("register.html", form=form, errors=errors), 400
    cur = conn.execute(
        "INSERT INTO customer(email, firstname, lastname, password_hash, created_at) VALUES (?, ?, ?, ?, ?)",
        (form["email"], form["firstname"], form["lastname"], passwords.hash_new(password), _now()),
    )
    _sign_in(inserted_id(cur))
    flash("Thank you for registering with One Stop Market.", "success")
    return redirect("/customer/account/")


def _addresses(cid: int):
    return web.get_db().execute("SELECT * FROM address WHERE customer_id = ? ORDER BY id", (cid,)).fetchall()


def dashboard():
    c = web.require_customer()
    orders = (
        web.get_db()
        .execute("SELECT * FROM sales_order WHERE customer_id = ? ORDER BY id DESC LIMIT 5", (c["id"],))
        .fetchall()
    )
    return render_template("account/dashboard.html", c=c, addresses=_addresses(c["id"]), orders=orders)


def edit_form(errors: dict | None = None, status: int = 200):
    c = web.require_customer()
    return render_template("account/edit.html", c=c, errors=errors or {}), status


def edit_post():
    c = web.require_customer()
    web.check_form_key()
    first, last = request.form.get("firstname", "").strip(), request.form.get("lastname", "").strip()
    errors = {}
    for k, v in (("firstname", first), ("lastname", last)):
        if not v:
            errors[k] = "This is a required field."
        elif len(v) > 255:
            errors[k] = "Please enter less or equal than 255 symbols."
    change_email = request.form.get("change_email") == "1"
    change_password = request.form.get("change_password") == "1"
    email = request.form.get("email", "").strip() if change_email else c["email"]
    new_hash = None
    if change_email or change_password:
        if not passwords.verify(c["password_hash"], request.form.get("current_password", "")):
            errors["current_password"] = "The password doesn't match this account. Verify the password and try again."
    if change_email:
        if not EMAIL_RE.match(email):
            errors["email"] = "Please enter a valid email address (Ex: johndoe@domain.com)."
        elif web.get_db().execute("SELECT 1 FROM customer WHERE email = ? AND id != ?", (email, c["id"])).fetchone():
            errors["email"] = "A customer with the same email address already exists."
    if change_password:
        new, again = request.form.get("password", ""), request.form.get("password_confirmation", "")
        if len(new) < 8:
            errors["password"] = "Minimum length of this field must be equal or greater than 8 symbols."
        elif new != again:
            errors["password_confirmation"] = "Please enter the same value again."
        else:
            new_hash = passwords.hash_new(new)
    if errors:
        return edit_form(errors, 400)
    web.get_db().execute(
        "UPDATE customer SET firstname = ?, lastname = ?, email = ?, password_hash = ? WHERE id = ?",
        (first, last, email, new_hash or c["password_hash"], c["id"]),
    )
    flash("You saved the account information.", "success")
    return redirect("/customer/account/")


def _owned(table: str, raw: str):
    """The signed-in customer's own row of `table` (an address, an order) with the id `raw`; 404 for any other."""
    c = web.require_customer()
    row_id = web.parse_int(raw)
    conn = web.get_db()
    sql = f"SELECT * FROM {table} WHERE id = ? AND customer_id = ?"
    row = conn.execute(sql, (row_id, c["id"])).fetchone() if row_id is not None else None
    if row is None:
        abort(404)
    return row


def address_book():
    c = web.require_customer()
    return render_template("account/address_book.html", c=c, addresses=_addresses(c["id"]))


def address_form(address_id: str | None = None):
    c = web.require_customer()
    row = _owned("address", address_id) if address_id is not None else None
    form = dict(row) if row else {"firstname": c["firstname"], "lastname": c["lastname"], "country": "United States"}
    return render_template(
        "account/address_edit.html",
        form=form,
        errors={},
        address=row,
        labels=cart_views.FIELD_LABELS,
        fields=cart_views.ADDRESS_FIELDS,
    )


def address_save(address_id: str | None = None):
    c = web.require_customer()
    web.check_form_key()
    row = _owned("address", address_id) if address_id is not None else None
    values, errors = cart_views.validate_address(request.form)
    if errors:
        return render_template(
            "account/address_edit.html",
            form=values,
            errors=errors,
            address=row,
            labels=cart_views.FIELD_LABELS,
            fields=cart_views.ADDRESS_FIELDS,
        ), 400
    conn = web.get_db()
    billing = request.form.get("default_billing") == "1" or (row is not None and row["default_billing"])
    shipping = request.form.get("default_shipping") == "1" or (row is not None and row["default_shipping"])
    if not _addresses(c["id"]):
        billing = shipping = True
    if billing:
        conn.execute("UPDATE address SET default_billing = 0 WHERE customer_id = ?", (c["id"],))
    if shipping:
        conn.execute("UPDATE address SET default_shipping = 0 WHERE customer_id = ?", (c["id"],))
    cols = ", ".join(f"{k} = ?" for k in cart_views.ADDRESS_FIELDS)
    vals = [values[k] for k in cart_views.ADDRESS_FIELDS]
    if row is not None:
        conn.execute(
            f"UPDATE address SET {cols}, default_billing = ?, default_shipping = ? WHERE id = ?",
            [*vals, int(bool(billing)), int(bool(shipping)), row["id"]],
        )
    else:
        conn.execute(
            f"INSERT INTO address(customer_id, {', '.join(cart_views.ADDRESS_FIELDS)}, default_billing,"
            f" default_shipping) VALUES (?, {', '.join('?' * len(vals))}, ?, ?)",
            [c["id"], *vals, int(bool(billing)), int(bool(shipping))],
        )
    flash("You saved the address.", "success")
    return redirect("/customer/address/")


def address_delete():
    web.check_form_key()
    row = _owned("address", request.form.get("id", ""))
    if row["default_billing"] or row["default_shipping"]:
        abort(400, description="The default billing or shipping address cannot be deleted.")
    web.get_db().execute("DELETE FROM address WHERE id = ?", (row["id"],))
    flash("You deleted the address.", "success")
    return redirect("/customer/address/")


def order_history():
    orders, pager = web.customer_page("sales_order", "*", "id DESC", ORDERS_PER_PAGE)
    return render_template("account/orders.html", orders=orders, **pager)


def order_view(order_id: str):
    order = _owned("sales_order", order_id)
    items = [
        dict(r, options=json.loads(r["options"]))
        for r in web.get_db().execute("SELECT * FROM order_item WHERE order_id = ? ORDER BY id", (order["id"],))
    ]
    return render_template("account/order_view.html", order=order, items=items)


def reorder(order_id: str):
    web.check_form_key()
    order = _owned("sales_order", order_id)
    conn = web.get_db()
    owner = web.cart_owner(create=True)
    for item in conn.execute("SELECT * FROM order_item WHERE order_id = ? ORDER BY id", (order["id"],)).fetchall():
        prod = conn.execute("SELECT * FROM product WHERE id = ?", (item["product_id"],)).fetchone()
        cart_views.add_lines(owner, prod, item["qty"], [tuple(o) for o in json.loads(item["options"])])
    return redirect("/checkout/cart/")


# ---- reviews ----------------------------------------------------------------------------------------


def review_post(product_id: str):
    web.check_form_key()
    pid = web.parse_int(product_id)
    conn = web.get_db()
    prod = conn.execute("SELECT * FROM product WHERE id = ?", (pid,)).fetchone() if pid is not None else None
    if prod is None:
        abort(404)
    form = {k: request.form.get(k, "").strip() for k in ("nickname", "title", "detail")}
    errors = {k: "This is a required field." for k, v in form.items() if not v}
    for k, limit in (("nickname", 128), ("title", 255), ("detail", 10_000)):
        if len(form[k]) > limit:
            errors[k] = f"Please enter less or equal than {limit} symbols."
    stars = web.parse_int(request.form.get("ratings[1]"))
    if stars is None or not 1 <= stars <= 5:
        errors["rating"] = "Please select one of each of the ratings above."
    if errors:
        flash("We can't post your review right now.", "error")
        page, _ = catalog_views.product_page(prod, review_errors=errors, review_form=form)
        return page, 400
    c = web.customer()
    conn.execute(
        "INSERT INTO review(product_id, customer_id, nickname, title, detail, rating, created_at, status)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')",
        (prod["id"], c["id"] if c else None, form["nickname"], form["title"], form["detail"], stars, _now()),
    )
    flash("You submitted your review for moderation.", "success")
    return redirect(f"/{prod['url_key']}.html")


def my_reviews():
    c = web.require_customer()
    sql = (
        "SELECT review.*, product.name AS product_name, product.url_key FROM review JOIN product"
        " ON product.id = review.product_id WHERE customer_id = ? ORDER BY review.created_at DESC, review.id DESC"
    )
    return render_template("account/reviews.html", reviews=web.get_db().execute(sql, (c["id"],)).fetchall())


def my_review(review_id: str):
    c = web.require_customer()
    rid = web.parse_int(review_id)
    row = (
        web.get_db()
        .execute(
            "SELECT review.*, product.name AS product_name, product.url_key FROM review JOIN product"
            " ON product.id = review.product_id WHERE review.id = ? AND customer_id = ?",
            (rid, c["id"]),
        )
        .fetchone()
        if rid is not None
        else None
    )
    if row is None:
        abort(404)
    return render_template("account/review_view.html", r=row)


def _now() -> str:
    return datetime.now().strftime("%Y-%m-%d %H:%M:%S")
