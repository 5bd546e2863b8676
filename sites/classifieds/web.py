"""Helpers the classifieds views share: the request's database, the current user, CSRF, formatting."""
from __future__ import annotations

import secrets
import sqlite3

from flask import abort, current_app, g, request, session



def conf():
    return current_app.config["CLASSIFIEDS"]


def get_db() -> sqlite3.Connection:
    if "db" not in g:
        g.db = current_app.extensions["classifieds_db"].open()
    return g.db


def current_user() -> sqlite3.Row | None:
    if "user" not in g:
        uid = session.get("user_id")
        g.user = None
        if isinstance(uid, int):
            g.user = get_db().execute("SELECT id, name, email, phone, created_at FROM user WHERE id = ?",
                                      (uid,)).fetchone()
    return g.user


def require_user() -> sqlite3.Row:
    user = current_user()
    if user is None:
        abort(401)
    return user


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def check_csrf() -> None:
    sent = request.form.get("csrf", "")
    if not sent or not secrets.compare_digest(sent, session.get("csrf", "")):
        abort(400, description="the form expired or did not come from this site; reload the page and try again")


def int_arg(name: str, source=None, *, required: bool = False, minimum: int | None = None) -> int | None:
    """An integer request parameter; 400 (naming the parameter) if it is not a number."""
    source = request.args if source is None else source
    raw = source.get(name, "").strip()
    if not raw:
        if required:
            abort(400, description=f"parameter {name} is required")
        return None
    if not raw.isdigit() or len(raw) > 12:
        abort(400, description=f"parameter {name}={raw!r} is not a number")
    value = int(raw)
    if minimum is not None and value < minimum:
        abort(400, description=f"parameter {name} must be at least {minimum}")
    return value


def money_arg(name: str, source=None) -> int | None:
    """A price in dollars (commas, a leading $ and cents allowed) -> cents; 400 if malformed."""
    source = request.args if source is None else source
    raw = source.get(name, "").strip().replace(",", "").lstrip("$")
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        abort(400, description=f"parameter {name}={source.get(name)!r} is not a price")
    if not (0 <= value < 1e9):
        abort(400, description=f"parameter {name} is out of range")
    return int(round(value * 100))


def format_price(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def format_date(stamp: str) -> str:
    from datetime import datetime

    try:
        return datetime.strptime(stamp[:19], "%Y-%m-%d %H:%M:%S").strftime("%B %-d, %Y")
    except ValueError:
        return stamp
