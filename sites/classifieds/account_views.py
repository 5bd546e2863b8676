"""Login, logout, registration, the user's listings and profile, and the reset endpoint."""

from __future__ import annotations

import re
import shutil
import time

from flask import flash, redirect, render_template, request

import sites.classifieds.web as web
import sites.common.passwords as passwords
from sites.common.sessions import begin_login, end_login, harness_login
from sites.common.throttle import client_address, login_throttle
from sites.common.web import inserted_id, reset_instance

# Verified when the email has no account, so a wrong email costs as much time as a wrong password.
_DECOY_HASH = passwords.hash_with_salt("no account has this password", "decoy-salt", passwords.STRONG_ITERATIONS)

EMAIL_RE = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[A-Za-z]{2,}$")


def login_form():
    if web.current_user() is not None:
        return redirect("/")
    return render_template("login.html", email="", error=None)


def login_post():
    web.check_csrf()
    email = request.form.get("email", "").strip()[:200]
    password = request.form.get("password", "")
    throttle, address = login_throttle(), client_address()
    refusal = throttle.refusal(email, address)
    if refusal:
        return render_template("login.html", email=email, error=refusal), 429
    row = web.get_db().execute("SELECT id, password_hash FROM user WHERE email = ?", (email,)).fetchone()
    ok = passwords.verify(row["password_hash"] if row else _DECOY_HASH, password)
    if row is None or not ok:
        throttle.failed(email, address)
        return render_template("login.html", email=email, error="The email or the password is wrong."), 401
    throttle.succeeded(email)
    begin_login(row["id"])
    flash("You are now logged in.")
    return redirect("/")


def logout():
    web.check_csrf()
    end_login()
    flash("You have been logged out.")
    return redirect("/")


def register_form():
    return render_template("register.html", form={}, errors=[])


def register_post():
    web.check_csrf()
    form = {k: request.form.get(k, "").strip() for k in ("name", "email", "phone")}
    password, again = request.form.get("password", ""), request.form.get("password2", "")
    errors = []
    if not (1 <= len(form["name"]) <= 80):
        errors.append("Name: between 1 and 80 characters.")
    if not EMAIL_RE.match(form["email"]) or len(form["email"]) > 120:
        errors.append("Email: not a valid address.")
    if len(password) < 6:
        errors.append("Password: at least 6 characters.")
    if password != again:
        errors.append("Passwords do not match.")
    if len(form["phone"]) > 30:
        errors.append("Phone: at most 30 characters.")
    conn = web.get_db()
    if not errors and conn.execute("SELECT 1 FROM user WHERE email = ?", (form["email"],)).fetchone():
        errors.append("Email: an account with this address already exists.")
    if errors:
        return render_template("register.html", form=form, errors=errors), 400
    cur = conn.execute(
        "INSERT INTO user(name, email, phone, password_hash, created_at) VALUES (?, ?, ?, ?, ?)",
        (form["name"], form["email"], form["phone"], passwords.hash_new(password), time.strftime("%Y-%m-%d %H:%M:%S")),
    )
    begin_login(inserted_id(cur))
    flash("Your account is ready. Welcome!")
    return redirect("/")


def my_items():
    user = web.require_user()
    conn = web.get_db()
    import sites.classifieds.queries as queries

    q = queries.SearchQuery(user_id=user["id"], page=web.page_arg("iPage"))
    total, rows = queries.search(conn, q, page_size=20)
    return render_template("user_items.html", rows=rows, total=total, page=q.page, pages=max(1, -(-total // 20)))


def _profile_page(user, errors: list[str], status: int = 200):
    count = web.get_db().execute("SELECT COUNT(*) FROM item WHERE user_id = ?", (user["id"],)).fetchone()[0]
    return render_template("profile.html", user=user, listings=count, errors=errors), status


def profile():
    return _profile_page(web.require_user(), [])


def profile_post():
    user = web.require_user()
    web.check_csrf()
    name = request.form.get("name", "").strip()
    phone = request.form.get("phone", "").strip()
    errors = []
    if not (1 <= len(name) <= 80):
        errors.append("Name: between 1 and 80 characters.")
    if len(phone) > 30:
        errors.append("Phone: at most 30 characters.")
    if errors:
        return _profile_page(user, errors, 400)
    web.get_db().execute("UPDATE user SET name = ?, phone = ? WHERE id = ?", (name, phone, user["id"]))
    flash("Your profile has been updated.")
    return redirect("/index.php?page=user&action=profile")


def harness_session():
    """POST index.php?page=session (token, user = email): sites.common.sessions.harness_login."""

    def find(email: str):
        row = web.get_db().execute("SELECT id FROM user WHERE email = ?", (email,)).fetchone()
        return row["id"] if row else None

    return harness_login(web.conf().reset_token, find)


def reset():
    """Restore the pristine database and remove this instance's uploads (token required)."""
    conf = web.conf()

    def remove_uploads() -> None:
        if conf.upload_dir.exists():
            for entry in conf.upload_dir.iterdir():
                if entry.is_dir():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)

    return reset_instance("classifieds", conf.reset_token, remove_uploads)
