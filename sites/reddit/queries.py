"""Listings of submissions: Postmill's sorts and its keyset pagination (`?next[ranking]=N&next[id]=N` ...).

A page is PAGE_SIZE rows in the sort's order; the link to the next page carries the sort key of the last row,
so every page is one index range scan whatever its depth.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import abort, request

from sites.common.web import is_plain_int
from sites.reddit.schema import STAMP

PAGE_SIZE = 25
SORTS = ("hot", "new", "active", "top", "controversial", "most_commented")
TIMED_SORTS = ("top", "controversial", "most_commented")
TIMES = {"day": 1, "week": 7, "month": 30, "year": 365, "all": None}
STAMP_RE = re.compile(r"^\d{4}-\d{2}-\d{2}( |T)\d{2}:\d{2}:\d{2}")


@dataclass(frozen=True)
class Sort:
    columns: tuple[tuple[str, str, str], ...]  # (column, query key, direction)

    def order_by(self) -> str:
        return ", ".join(f"s.{col} {direction}" for col, _key, direction in self.columns)


SORT_KEYS = {
    "hot": Sort((("ranking", "ranking", "DESC"), ("id", "id", "DESC"))),
    "new": Sort((("id", "id", "DESC"),)),
    "active": Sort((("last_active", "lastActive", "DESC"), ("id", "id", "DESC"))),
    "top": Sort((("net_score", "netScore", "DESC"), ("id", "id", "DESC"))),
    "controversial": Sort((("net_score", "netScore", "ASC"), ("id", "id", "DESC"))),
    "most_commented": Sort((("comment_count", "commentCount", "DESC"), ("id", "id", "DESC"))),
}

LISTING_SQL = (
    "SELECT s.id, s.title, s.url, s.body, s.image_id, s.created_at, s.edited_at, s.net_score, s.upvotes, s.downvotes,"
    " s.comment_count, s.user_id, s.ranking, s.last_active, f.name AS forum, u.username AS author,"
    " i.file_name AS image_file"
    " FROM submission s JOIN forum f ON f.id = s.forum_id JOIN user u ON u.id = s.user_id"
    " LEFT JOIN image i ON i.id = s.image_id"
)


def _cursor_value(key: str, raw: str):
    if key == "lastActive":
        if not STAMP_RE.match(raw) or len(raw) > 32:
            abort(400, description=f"parameter next[{key}]={raw[:40]!r} is not a time")
        return raw[:10] + " " + raw[11:19]
    negative = raw.startswith("-")
    digits = raw[1:] if negative else raw
    if not is_plain_int(digits):
        abort(400, description=f"parameter next[{key}]={raw[:40]!r} is not a number")
    return -int(digits) if negative else int(digits)


def cursor(sort: str) -> tuple | None:
    """The `next[...]` values of the request for `sort`, or None (first page); 400 if malformed."""
    spec = SORT_KEYS[sort]
    raw = {key: request.args.get(f"next[{key}]") for _c, key, _d in spec.columns}
    if all(v is None for v in raw.values()):
        return None
    given = {k: v.strip() for k, v in raw.items() if v is not None and v.strip()}
    missing = [k for k in raw if k not in given]
    if missing:
        abort(400, description=f"parameter next[{missing[0]}] is missing")
    return tuple(_cursor_value(key, given[key]) for _c, key, _d in spec.columns)


def since(db: sqlite3.Connection, t: str | None) -> str | None:
    """Lower bound of created_at for `?t=`; the window ends at the newest post (the forum's clock)."""
    if t is None or t == "all":
        return None
    if t not in TIMES:
        abort(400, description=f"parameter t={t[:20]!r}: one of {', '.join(TIMES)}")
    newest = db.execute("SELECT created_at FROM submission ORDER BY id DESC LIMIT 1").fetchone()
    if newest is None:
        return None
    days = TIMES[t]
    if days is None:  # "all", answered above
        return None
    end = datetime.strptime(newest[0], STAMP)
    return (end - timedelta(days=days)).strftime(STAMP)


def _page(db: sqlite3.Connection, spec: Sort, clauses: list[str], params: list, after: tuple | None) -> list:
    clauses, params = list(clauses), list(params)
    if after is not None:
        # (a, b) after (x, y) in the sort order, written out for SQLite's index use
        (c1, _k1, d1), *rest = spec.columns
        op1 = "<" if d1 == "DESC" else ">"
        if rest:
            ((c2, _k2, d2),) = rest
            op2 = "<" if d2 == "DESC" else ">"
            clauses.append(f"(s.{c1} {op1} ? OR (s.{c1} = ? AND s.{c2} {op2} ?))")
            params.extend([after[0], after[0], after[1]])
        else:
            clauses.append(f"s.{c1} {op1} ?")
            params.append(after[0])
    where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
    return db.execute(f"{LISTING_SQL}{where} ORDER BY {spec.order_by()} LIMIT ?", [*params, PAGE_SIZE + 1]).fetchall()


def _sort_key(spec: Sort):
    """A Python key giving the sort's order (for merging the pages of several forums)."""

    def key(row):
        out = []
        for col, _key, direction in spec.columns:
            value = row[col]
            if direction == "DESC":
                value = -value if isinstance(value, int) else _Desc(value)
            out.append(value)
        return tuple(out)

    return key


class _Desc:
    """Reverses the order of a string (descending text columns in a merged sort)."""

    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v > other.v

    def __eq__(self, other):
        return self.v == other.v


def listing(
    db: sqlite3.Connection,
    sort: str,
    *,
    forum_ids: list[int] | None = None,
    t: str | None = None,
    user_id: int | None = None,
) -> tuple[list[sqlite3.Row], dict | None]:
    """One page of submissions and the `next[...]` query of the following page (None on the last page).
    Several forums (a front page of subscriptions) are read one index range each and merged."""
    spec = SORT_KEYS[sort]
    clauses: list[str] = []
    params: list[object] = []
    if user_id is not None:
        clauses.append("s.user_id = ?")
        params.append(user_id)
    lower = since(db, t) if sort in TIMED_SORTS else None
    if lower:
        clauses.append("s.created_at >= ?")
        params.append(lower)
    after = cursor(sort)
    if forum_ids is None:
        rows = _page(db, spec, clauses, params, after)
    else:
        rows = []
        for fid in forum_ids:
            rows.extend(_page(db, spec, [*clauses, "s.forum_id = ?"], [*params, fid], after))
        rows.sort(key=_sort_key(spec))
        rows = rows[: PAGE_SIZE + 1]
    following = None
    if len(rows) > PAGE_SIZE:
        rows = rows[:PAGE_SIZE]
        following = {f"next[{key}]": rows[-1][col] for col, key, _d in spec.columns}
    return rows, following


def search(db: sqlite3.Connection, q: str, limit: int = 50) -> list[sqlite3.Row]:
    """Submissions whose title or body holds every word of `q` (FTS5, words quoted so no syntax leaks)."""
    words = re.findall(r"\w+", q)[:12]
    if not words:
        return []
    match = " ".join('"' + w.replace('"', "") + '"' for w in words)
    return db.execute(
        f"{LISTING_SQL} JOIN submission_fts ON submission_fts.rowid = s.id"
        f" WHERE submission_fts MATCH ? ORDER BY submission_fts.rank, s.id DESC LIMIT ?",
        (match, limit),
    ).fetchall()
