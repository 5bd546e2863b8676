"""The posts sites/reddit/additions_r5_rdb.py adds: where they sit (after every other row, out of the way of the
listings older kinds read, the forum's clock kept) and what only their pictures say."""

from __future__ import annotations

import json
import sqlite3

from sites.imagery.forum_pictures import ForumPicture, render_picture
from sites.reddit.additions_r5_rdb import FILMS, TRADES
from tests.sites.reddit.conftest import assert_added_posts_stand_alone


def _added(conn: sqlite3.Connection) -> list[tuple]:
    return conn.execute(
        "SELECT s.id, f.name, s.title, s.created_at, s.net_score, s.comment_count, i.facts, u.id"
        " FROM submission s JOIN forum f ON f.id = s.forum_id JOIN image i ON i.id = s.image_id"
        " JOIN user u ON u.id = s.user_id WHERE i.style IN ('poster', 'brokerage') ORDER BY s.id"
    ).fetchall()


def test_added_posts_come_last_and_keep_the_clock(forum_data):
    conn = sqlite3.connect(forum_data.db)
    rows = _added(conn)
    assert len(rows) == len(FILMS) + len(TRADES)
    first = rows[0][0]
    assert [r[0] for r in rows] == list(range(first, first + len(rows)))  # one run of rows, after the forums' own
    assert conn.execute("SELECT count(*) FROM submission WHERE id < ?", (first,)).fetchone()[0] == first - 1
    before = conn.execute("SELECT created_at FROM submission WHERE id = ?", (first - 1,)).fetchone()[0]
    newest = conn.execute("SELECT created_at FROM submission ORDER BY id DESC LIMIT 1").fetchone()[0]
    # the time windows end at the newest post by id: it carries the clock the data had before these posts
    assert rows[-1][3] == before == newest
    for pid, forum, _title, created, _net, _comments, _facts, _uid in rows[:-1]:
        oldest = conn.execute(
            "SELECT min(s.created_at) FROM submission s JOIN forum f ON f.id = s.forum_id"
            " WHERE f.name = ? AND s.id < ?",
            (forum, first),
        ).fetchone()[0]
        assert created < oldest, pid
    assert_added_posts_stand_alone(conn, [(net, comments, uid) for *_, net, comments, _facts, uid in rows])


def test_added_pictures_say_what_the_titles_do_not(forum_data):
    conn = sqlite3.connect(forum_data.db)
    for _pid, forum, title, _created, _net, _comments, facts_json, _uid in _added(conn):
        facts = json.loads(facts_json)
        fields = {k: v for k, v in facts.items() if k in ForumPicture.__dataclass_fields__}
        render_picture(ForumPicture(**fields), (320, 240), 1)  # drawable
        if facts["style"] == "poster":
            assert forum == "movies"
            year = facts["date"][:4]
            assert year not in title and facts["title"].lower() not in title.lower()
        else:
            assert forum == "wallstreetbets" and facts["currency"] in ("USD", "EUR")
            whole = facts["amount"].split(".")[0]
            assert whole not in title.replace(",", "")
