"""Request helpers every embedded Flask site shares: CSRF tokens, numeric parameters, formatting, the reset route.

Numeric parameters accept ASCII digits only (`'²'.isdigit()` is true in Python, and `int('²')` raises), with a
length bound so a 30-digit number is a clear 400, never an overflow in SQLite (which stores 64-bit integers).
"""

from __future__ import annotations

import re
import secrets
import sqlite3
import time
from collections.abc import Callable, Mapping
from datetime import datetime

from flask import Flask, abort, current_app, g, request, session

from sites.common.sessions import end_all_sessions
from sites.common.throttle import login_throttle
from sites.common.tokens import tokens_equal

MAX_INT_DIGITS = 12


def template_globals(app: Flask, *functions: Callable[..., object], **named: object) -> None:
    """Make `functions` callable from every template of `app` under their own names, and `named` under theirs."""
    app.jinja_env.globals.update({function.__name__: function for function in functions}, **named)


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


def request_db(site: str) -> sqlite3.Connection:
    """The request's connection to the site's live database (the app's `<site>_db` extension), opened once."""
    if "db" not in g:
        g.db = current_app.extensions[f"{site}_db"].open()
    conn: sqlite3.Connection = g.db
    return conn


def signed_in(name: str, session_key: str, conn: Callable[[], sqlite3.Connection], sql: str) -> sqlite3.Row | None:
    """The row `sql` selects for the account id the session keeps under `session_key` (None when signed out),
    read once per request and kept as `g.<name>`."""
    if name not in g:
        uid = session.get(session_key)
        row = conn().execute(sql, (uid,)).fetchone() if isinstance(uid, int) else None
        setattr(g, name, row)
    found: sqlite3.Row | None = getattr(g, name)
    return found


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def check_csrf(field: str = "csrf") -> None:
    if not tokens_equal(request.form.get(field, ""), session.get("csrf")):
        abort(400, description="the form expired or did not come from this site; reload the page and try again")


def int_arg(
    name: str, source: Mapping[str, str] | None = None, *, required: bool = False, minimum: int | None = None
) -> int | None:
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


PHP_SPACE = " \t\n\r\v\f"
MAX_PAGE = 10**9  # a page number beyond every listing: an empty last page, never an overflow
_PHP_INT = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: '٣' and '２' are not digits here, as in PHP


def php_intval(raw: str | None) -> int:
    """The integer PHP's intval() reads from a string: leading whitespace, a sign, then the longest run of ASCII
    digits ('4y' -> 4, '  12abc' -> 12, 'abc' -> 0, '٣' -> 0), clamped to 64 bits as PHP clamps it."""
    match = _PHP_INT.match((raw or "").lstrip(PHP_SPACE))
    if match is None:
        return 0
    text = match.group(0)
    sign = -1 if text[0] == "-" else 1
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > 19:  # beyond 64 bits (and beyond int()'s digit limit): clamp
        return sign * (2**63 - 1) if sign > 0 else -(2**63)
    return max(-(2**63), min(2**63 - 1, sign * int(digits)))


def page_arg(name: str, source: Mapping[str, str] | None = None) -> int:
    """A page number read as the official PHP sites read theirs (intval, see php_intval), at least 1 and at most
    MAX_PAGE: never an error, whatever the parameter holds."""
    source = request.args if source is None else source
    return max(1, min(MAX_PAGE, php_intval(source.get(name))))


def money_arg(name: str, source: Mapping[str, str] | None = None) -> int | None:
    """A price in dollars (commas, a leading $ and cents allowed) -> cents; 400 if malformed."""
    source = request.args if source is None else source
    given = source.get(name) or ""
    raw = given.strip().replace(",", "").lstrip("$")
    if not raw:
        return None
    if not raw.isascii():
        abort(400, description=f"parameter {name}={given[:40]!r} is not a price")
    try:
        value = float(raw)
    except ValueError:
        abort(400, description=f"parameter {name}={given[:40]!r} is not a price")
    if not (0 <= value < 1e9):
        abort(400, description=f"parameter {name} is out of range")
    return round(value * 100)


def format_price(cents: int) -> str:
    return f"${cents / 100:,.2f}"


def format_date(stamp: str) -> str:
    try:
        return datetime.strptime(stamp[:19], "%Y-%m-%d %H:%M:%S").strftime("%B %-d, %Y")
    except ValueError:
        return stamp


def reset_instance(site: str, token: str, also: Callable[[], None] | None = None) -> tuple[dict[str, object], int]:
    """What a site's POST reset route does: with the right token (a 403 otherwise), restore the pristine database,
    run `also` (e.g. remove this instance's uploads), forget failed logins and end every session; the JSON
    answer ({"reset": true, "seconds": ...}) and its status, a 500 naming the cause when the restore failed."""
    if not tokens_equal(request.form.get("token", ""), token):
        abort(403, description="wrong reset token")
    started = time.perf_counter()
    try:
        current_app.extensions[f"{site}_db"].reset()
    except RuntimeError as exc:
        current_app.logger.error("reset failed: %s", exc)
        return {"reset": False, "error": str(exc)}, 500
    if also is not None:
        also()
    login_throttle().clear()
    end_all_sessions()
    elapsed = time.perf_counter() - started
    current_app.logger.info("reset in %.1f ms", elapsed * 1000)
    return {"reset": True, "seconds": elapsed}, 200
