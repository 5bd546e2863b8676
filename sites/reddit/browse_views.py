"""Pages that read: front page, /all, forum listings, the forum list, search, user pages, images, health, reset."""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

from flask import abort, current_app, render_template, request, send_file

import sites.reddit.queries as queries
from sites.common.web import reset_instance
from sites.reddit.web import conf, current_user, forum_moderators, forum_row, get_db

THUMB_SIZE = (140, 105)
FULL_SIZE = (800, 600)


def _votes_for(rows) -> dict[int, int]:
    user = current_user()
    if user is None or not rows:
        return {}
    ids = [r["id"] for r in rows]
    found = (
        get_db()
        .execute(
            f"SELECT submission_id, choice FROM submission_vote WHERE user_id = ? AND submission_id IN"
            f" ({', '.join('?' * len(ids))})",
            [user["id"], *ids],
        )
        .fetchall()
    )
    return {r[0]: r[1] for r in found}


def _sort(sort: str | None) -> str:
    sort = sort or "hot"
    if sort not in queries.SORTS:
        abort(404, description=f"unknown sort {sort[:30]!r} (known: {', '.join(queries.SORTS)})")
    return sort


def _time_filter(sort: str) -> str | None:
    t = request.args.get("t")
    return t if sort in queries.TIMED_SORTS else None


def _listing_page(template_title: str, base_path: str, sort: str, forum=None, forum_ids=None, **extra):
    db = get_db()
    t = _time_filter(sort)
    rows, following = queries.listing(db, sort, forum_ids=forum_ids, t=t)
    return render_template(
        "listing.html",
        title=template_title,
        rows=rows,
        following=following,
        sort=sort,
        t=t,
        base_path=base_path,
        votes=_votes_for(rows),
        forum=forum,
        subscribed=_subscribed(forum),
        moderators=_moderators(forum),
        **extra,
    )


def _subscribed(forum) -> bool:
    user = current_user()
    if forum is None or user is None:
        return False
    return (
        get_db()
        .execute("SELECT 1 FROM subscription WHERE forum_id = ? AND user_id = ?", (forum["id"], user["id"]))
        .fetchone()
        is not None
    )


def _moderators(forum) -> list[str]:
    return [] if forum is None else forum_moderators(forum["id"])


def front(sort: str | None = None):
    sort = _sort(sort)
    user = current_user()
    forum_ids = None
    if user is not None:
        subs = [r[0] for r in get_db().execute("SELECT forum_id FROM subscription WHERE user_id = ?", (user["id"],))]
        forum_ids = subs or None
    return _listing_page("Front page" if forum_ids else "All forums", "", sort, forum_ids=forum_ids, front=True)


def all_forums(sort: str | None = None):
    sort = _sort(sort)
    return _listing_page("All forums", "/all", sort, front=True)


def forum_listing(forum_name: str, sort: str | None = None):
    forum = forum_row(forum_name)
    sort = _sort(sort)
    return _listing_page(forum["title"], f"/f/{forum['name']}", sort, forum=forum, forum_ids=[forum["id"]])


FORUM_ORDERS = {
    "name": "f.name COLLATE NOCASE",
    "subscribers": "f.subscriber_count DESC, f.name COLLATE NOCASE",
    "submissions": "f.submission_count DESC, f.name COLLATE NOCASE",
}


def forum_list():
    order = request.args.get("sortBy", "name")
    if order not in FORUM_ORDERS:
        abort(400, description=f"parameter sortBy={order[:30]!r}: one of {', '.join(FORUM_ORDERS)}")
    forums = get_db().execute(f"SELECT f.* FROM forum f ORDER BY {FORUM_ORDERS[order]}").fetchall()
    user = current_user()
    subs = set()
    if user is not None:
        subs = {r[0] for r in get_db().execute("SELECT forum_id FROM subscription WHERE user_id = ?", (user["id"],))}
    return render_template("forums.html", forums=forums, order=order, subscribed=subs)


def forum_list_all():
    forums = get_db().execute("SELECT name, title FROM forum ORDER BY name COLLATE NOCASE").fetchall()
    groups: dict[str, list] = {}
    for f in forums:
        groups.setdefault(f["name"][0].upper(), []).append(f)
    return render_template("forums_all.html", groups=groups)


def search():
    q = (request.args.get("q") or "").strip()[:200]
    rows = queries.search(get_db(), q) if q else []
    return render_template("search.html", q=q, rows=rows, votes=_votes_for(rows))


def user_page(username: str, section: str = "overview"):
    db = get_db()
    owner = db.execute("SELECT * FROM user WHERE username = ?", (username,)).fetchone()
    if owner is None:
        abort(404, description=f"there is no user called {username[:60]!r}")
    posts = comments = []
    if section in ("overview", "submissions"):
        posts = db.execute(
            f"{queries.LISTING_SQL} WHERE s.user_id = ? ORDER BY s.id DESC LIMIT 25", (owner["id"],)
        ).fetchall()
    if section in ("overview", "comments"):
        comments = db.execute(
            "SELECT c.*, s.title AS post_title, f.name AS forum FROM comment c JOIN submission s"
            " ON s.id = c.submission_id JOIN forum f ON f.id = s.forum_id WHERE c.user_id = ?"
            " ORDER BY c.id DESC LIMIT 25",
            (owner["id"],),
        ).fetchall()
    # Postmill's overview is one list of the user's contributions, newest first (each an <article> right under
    # #main, after the heading and the tabs: the official locator `#main > article:nth-child(3)` is the newest)
    contributions = sorted(
        [("submission", p) for p in posts] + [("comment", c) for c in comments],
        key=lambda kc: (kc[1]["created_at"], kc[0] == "comment", kc[1]["id"]),
        reverse=True,
    )[:25]
    stats = db.execute(
        "SELECT (SELECT count(*) FROM submission WHERE user_id = :u),"
        " (SELECT count(*) FROM comment WHERE user_id = :u)",
        {"u": owner["id"]},
    ).fetchone()
    me = current_user()
    blocked = (
        me is not None
        and db.execute(
            "SELECT 1 FROM user_block WHERE blocker_id = ? AND blocked_id = ?", (me["id"], owner["id"])
        ).fetchone()
        is not None
    )
    return render_template(
        "user.html",
        owner=owner,
        contributions=contributions,
        section=section,
        stats=stats,
        votes=_votes_for(posts),
        blocked=blocked,
    )


# ---- images -------------------------------------------------------------------------------------------


def render_image_row(row, size: tuple[int, int] = FULL_SIZE):
    """The picture of an `image` row as a PIL image (what the site serves, before JPEG encoding)."""
    from sites.imagery.forum_pictures import ForumPicture, render_picture

    facts = json.loads(row["facts"])
    fields: dict[str, Any] = {
        k: (tuple(v) if isinstance(v, list) else v) for k, v in facts.items() if k in ForumPicture.__dataclass_fields__
    }
    return render_picture(ForumPicture(**fields), size, row["seed"])


def _image_file(file_name: str, size: tuple[int, int], folder: str) -> Path:
    row = get_db().execute("SELECT * FROM image WHERE file_name = ?", (file_name,)).fetchone()
    if row is None:
        abort(404, description="no such image")
    cache = conf().image_cache / folder
    path = cache / file_name
    if not path.is_file():
        img = render_image_row(row, size)
        cache.mkdir(parents=True, exist_ok=True)
        tmp = cache / f".{file_name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        img.save(tmp, "JPEG", quality=88)
        os.replace(tmp, path)
    return path


def image(file_name: str):
    return send_file(_image_file(file_name, FULL_SIZE, "full"), mimetype="image/jpeg", max_age=86400)


def thumbnail(file_name: str):
    return send_file(_image_file(file_name, THUMB_SIZE, "thumb"), mimetype="image/jpeg", max_age=86400)


# ---- operations -----------------------------------------------------------------------------------------


def healthz():
    get_db().execute("SELECT 1").fetchone()
    return {"ok": True, "reset_ready": current_app.extensions["reddit_db"].reset_ready}


def reset():
    return reset_instance("reddit", conf().reset_token)
