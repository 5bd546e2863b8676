"""What the forum's views share: the request's database, the logged-in user, safe markdown, times, and
where to go back to after a form. CSRF and numeric parameters come from sites.common.web."""

from __future__ import annotations

import functools
import sqlite3
from datetime import UTC, datetime, timedelta
from urllib.parse import quote

from flask import abort, current_app, redirect, request
from markdown_it import MarkdownIt
from markupsafe import Markup

from sites.common.redirects import local_target
from sites.common.web import check_csrf, csrf_token, int_arg, parse_int, request_db, signed_in  # noqa: F401
from sites.reddit.schema import STAMP, slugify

# CommonMark with raw HTML turned off: tags in a body are shown as text, and markdown-it refuses
# javascript:/vbscript:/data: link targets.
_MD = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("strikethrough")


def conf():
    return current_app.config["REDDIT"]


def get_db() -> sqlite3.Connection:
    return request_db("reddit")


def current_user() -> sqlite3.Row | None:
    return signed_in("user", "user_id", get_db, "SELECT id, username, biography, created_at FROM user WHERE id = ?")


def require_user() -> sqlite3.Row:
    user = current_user()
    if user is None:
        # after logging in, come back to the page (a form's `next` for a POST such as a vote, not its action)
        back = request.path if request.method == "GET" else safe_next("/")
        abort(redirect(f"/login?next={quote(back, safe='/')}"))
    return user


def forum_moderators(forum_id: int) -> list[str]:
    """The usernames of a forum's moderators, alphabetically (its sidebar lists them)."""
    sql = "SELECT u.username FROM moderator m JOIN user u ON u.id = m.user_id WHERE m.forum_id = ? ORDER BY u.username"
    return [r[0] for r in get_db().execute(sql, (forum_id,))]


def subscription_names() -> list[str]:
    """Names of the forums the logged-in user subscribes to (the front page's sidebar lists them)."""
    user = current_user()
    if user is None:
        return []
    return [
        r[0]
        for r in get_db().execute(
            "SELECT f.name FROM subscription s JOIN forum f ON f.id = s.forum_id WHERE s.user_id = ?"
            " ORDER BY f.name COLLATE NOCASE",
            (user["id"],),
        )
    ]


@functools.lru_cache(maxsize=8192)
def _render_markdown(text: str) -> str:
    return _MD.render(text)


def markdown(text: str) -> Markup:
    """Safe HTML of a markdown body (rendered once per distinct text: threads repeat short replies)."""
    return Markup(_render_markdown(text or ""))


def now_stamp() -> str:
    return datetime.now(UTC).strftime(STAMP)


def iso(stamp: str) -> str:
    return stamp[:10] + "T" + stamp[11:19] + "+00:00"


def long_date(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp[:19]).strftime("%B %-d, %Y at %-I:%M %p")
    except ValueError:
        return stamp


def forum_now() -> datetime:
    """The forum's clock for relative dates ("5 months ago"): the end of the generated data's time span
    (sites.reddit.generate), not the machine's clock, so a page says the same whenever it is read and a question
    about when something was posted keeps its answer; anything newer (what an agent posts) reads "just now"."""
    from sites.reddit.generate import EPOCH, SPAN_DAYS

    return (EPOCH + timedelta(days=SPAN_DAYS)).replace(tzinfo=UTC)


def ago(stamp: str) -> str:
    """'3 months ago' style text for a UTC stamp, measured from the forum's clock (forum_now)."""
    try:
        then = datetime.fromisoformat(stamp[:19]).replace(tzinfo=UTC)
    except ValueError:
        return stamp
    seconds = max(0, int((forum_now() - then).total_seconds()))
    for unit, size in (("year", 365 * 86400), ("month", 30 * 86400), ("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            n = seconds // size
            return f"{n} {unit}{'s' if n != 1 else ''} ago"
    return "just now"


def safe_next(default: str) -> str:
    """The `next` form field (or query parameter) when it is a safe path on this site, else `default`."""
    return local_target(request.form.get("next") or request.args.get("next"), default)


def post_path(forum: str, post_id: int, title: str) -> str:
    return f"/f/{forum}/{post_id}/{slugify(title)}"


def forum_row(name: str) -> sqlite3.Row:
    row = get_db().execute("SELECT * FROM forum WHERE name = ?", (name,)).fetchone()
    if row is None:
        abort(404, description=f"there is no forum called {name[:60]!r}")
    return row


def id_from_path(raw: str, what: str) -> int:
    value = parse_int(raw)
    if value is None:
        abort(404, description=f"{what} {raw[:40]!r} does not exist")
    return value
