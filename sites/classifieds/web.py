"""Helpers the classifieds views share: the request's database and the current user; CSRF, numeric parameters
and formatting come from sites.common.web (re-exported here)."""

from __future__ import annotations

import sqlite3

from flask import abort, current_app

from sites.common.web import (  # noqa: F401  (re-exported for the views)
    check_csrf,
    csrf_token,
    format_date,
    format_price,
    int_arg,
    is_plain_int,
    money_arg,
    page_arg,
    parse_int,
    request_db,
    signed_in,
)


def conf():
    return current_app.config["CLASSIFIEDS"]


def get_db() -> sqlite3.Connection:
    return request_db("classifieds")


def current_user() -> sqlite3.Row | None:
    return signed_in("user", "user_id", get_db, "SELECT id, name, email, phone, created_at FROM user WHERE id = ?")


def require_user() -> sqlite3.Row:
    user = current_user()
    if user is None:
        abort(401)
    return user
