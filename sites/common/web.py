"""Request helpers every embedded Flask site shares: CSRF tokens, numeric parameters, formatting.

Numeric parameters accept ASCII digits only (`'²'.isdigit()` is true in Python, and `int('²')` raises), with a
length bound so a 30-digit number is a clear 400, never an overflow in SQLite (which stores 64-bit integers).
"""
from __future__ import annotations

import secrets
import sqlite3
from datetime import datetime

from flask import abort, request, session

from sites.common.tokens import tokens_equal

MAX_INT_DIGITS = 12


def inserted_id(cursor: sqlite3.Cursor) -> int:
    """The id of the row the cursor's INSERT made (sqlite3's `lastrowid`, None only when no row was made)."""
    if cursor.lastrowid is None:
        raise RuntimeError("the INSERT made no row")
    return cursor.lastrowid


def is_plain_int(raw: str) -> bool:
    """True for 1 to MAX_INT_DIGITS ASCII digits: the only integers a URL or form of these sites carries."""
    return 0 < len(raw) <= MAX_INT_DIGITS and raw.isascii() and raw.isdigit()


def parse_int(raw: str | None) -> int | None:
    """The value of a plain ASCII integer string, or None for anything else (unicode digits, signs, 30 digits)."""
    raw = (raw or "").strip()
    return int(raw) if is_plain_int(raw) else None


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def check_csrf(field: str = "csrf") -> None:
    if not tokens_equal(request.form.get(field, ""), session.get("csrf")):
        abort(400, description="the form expired or did not come from this site; reload the page and try again")


def int_arg(name: str, source=None, *, required: bool = False, minimum: int | None = None) -> int | None:
    """An integer request parameter; 400 (naming the parameter) if it is not a plain number."""
    source = request.args if source is None else source
    raw = (source.get(name) or "").strip()
    if not raw:
        if required:
            abort(400, description=f"parameter {name} is required")
        return None
    if not is_plain_int(raw):
        abort(400, description=f"parameter {name}={raw[:40]!r} is not a number")
    value = int(raw)
    if minimum is not None and value < minimum:
        abort(400, description=f"parameter {name} must be at least {minimum}")
    return value


def money_arg(name: str, source=None) -> int | None:
    """A price in dollars (commas, a leading $ and cents allowed) -> cents; 400 if malformed."""
    source = request.args if source is None else source
    raw = (source.get(name) or "").strip().replace(",", "").lstrip("$")
    if not raw:
        return None
    if not raw.isascii():
        abort(400, description=f"parameter {name}={source.get(name)[:40]!r} is not a price")
    try:
        value = float(raw)
    except ValueError:
        abort(400, description=f"parameter {name}={source.get(name)[:40]!r} is not a price")
    if not (0 <= value < 1e9):
        abort(400, description=f"parameter {name} is out of range")
    return int(round(value * 100))


def format_price(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def format_date(stamp: str) -> str:
    try:
        return datetime.strptime(stamp[:19], "%Y-%m-%d %H:%M:%S").strftime("%B %-d, %Y")
    except ValueError:
        return stamp
