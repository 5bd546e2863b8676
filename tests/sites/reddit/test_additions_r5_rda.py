"""The posts sites/reddit/additions_r5_rda.py adds: after every other row, out of the way of the listings older kinds
read (the tip last in its forum, the forum's clock kept), and what only their pictures say."""

from __future__ import annotations

import json
import re
import sqlite3
from typing import Any

from sites.imagery.forum_pictures import ForumPicture, render_picture
from sites.reddit.additions_r5_rda import POLL_CHART, POLL_FORUM, POLL_TITLES, TIP_BODY, TIP_FORUM, TIP_TITLE, TIP_TOOL
from sites.reddit.data import open_pristine
from tests.sites.reddit.conftest import assert_added_posts_stand_alone

TITLES = (TIP_TITLE, *POLL_TITLES)


def mentions(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE) is not None


def _added(conn: sqlite3.Connection) -> list[tuple]:
    marks = ", ".join("?" for _ in TITLES)
    return conn.execute(
        "SELECT s.id, f.name, s.title, s.body, s.created_at, s.net_score, s.comment_count, i.facts, s.user_id"
        " FROM submission s JOIN forum f ON f.id = s.forum_id JOIN image i ON i.id = s.image_id"
        f" WHERE s.title IN ({marks}) ORDER BY s.id",
        TITLES,
    ).fetchall()


def test_added_posts_come_last_and_keep_the_clock(forum_data):
    conn = sqlite3.connect(forum_data.db)
    rows = _added(conn)
    assert [r[2] for r in rows] == list(TITLES) and [r[1] for r in rows] == [TIP_FORUM, POLL_FORUM, POLL_FORUM]
    first = rows[0][0]
    assert [r[0] for r in rows] == list(range(first, first + len(rows)))
    before = conn.execute("SELECT created_at FROM submission WHERE id = ?", (first - 1,)).fetchone()[0]
    # the time windows end at the newest post by id: the final poll post carries the clock the data had before
    assert rows[-1][4] == before
    tip_oldest = conn.execute(
        "SELECT min(s.created_at) FROM submission s JOIN forum f ON f.id = s.forum_id WHERE f.name = ? AND s.id < ?",
        (TIP_FORUM, first),
    ).fetchone()[0]
    assert rows[0][4] < tip_oldest  # last in the forum's hot, active and top tabs
    assert rows[1][4] < rows[2][4]  # the votes so far, then the final count
    assert_added_posts_stand_alone(conn, [(net, comments, uid) for *_, net, comments, _facts, uid in rows])


def test_the_pictures_say_what_the_text_does_not(forum_data):
    conn = sqlite3.connect(forum_data.db)
    tip, early, final = _added(conn)
    pictures = []
    for row in (tip, early, final):
        facts = json.loads(row[7])
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in facts.items()}
        pic = ForumPicture(**{k: v for k, v in fields.items() if k in ForumPicture.__dataclass_fields__})
        pictures.append((facts, render_picture(pic, (320, 240), 1)))
    assert pictures[0][0]["kind"] == TIP_TOOL and tip[3] == TIP_BODY
    assert not any(mentions(f"{tip[2]} {tip[3]}", w) for w in (TIP_TOOL, f"{TIP_TOOL}s"))
    (a, a_img), (b, b_img) = pictures[1], pictures[2]
    assert a["title"].startswith(POLL_CHART) and b["title"].startswith(POLL_CHART) and a["title"] != b["title"]
    assert a["labels"] == b["labels"] and a["highest"] != b["highest"] and max(a["values"]) < min(b["values"])
    assert a_img.tobytes() != b_img.tobytes()
    for row in (early, final):  # the chart's title is for the picture only
        assert not mentions(row[2], POLL_CHART)


def test_the_forum_search_finds_both_poll_posts_and_the_tip(forum_settings, forum_data):
    from sites.reddit.queries import search

    with open_pristine(forum_settings) as data:
        assert {r["title"] for r in search(data.conn, "pizza poll")} == set(POLL_TITLES)
        assert [r["title"] for r in search(data.conn, "battery door")] == [TIP_TITLE]
