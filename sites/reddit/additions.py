"""What the forum's added posts (additions_r5_rda.py, additions_r5_rdb.py) share: a new user with a free name and
a new picture row with a free file name, and an image post by such a user, each drawn from the caller's own
random stream."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import datetime, timedelta

from sites.imagery.forum_pictures import ForumPicture
from sites.reddit.content import USER_WORDS_A, USER_WORDS_B
from sites.reddit.schema import STAMP, ranking


def add_user(conn: sqlite3.Connection, rng: random.Random, password_hash: str, joined: datetime) -> int:
    while True:
        name = f"{rng.choice(USER_WORDS_A)}{rng.choice(USER_WORDS_B)}{rng.randint(10000, 99999)}"
        if conn.execute("SELECT 1 FROM user WHERE username = ?", (name,)).fetchone() is None:
            break
    cur = conn.execute(
        "INSERT INTO user(username, password_hash, biography, created_at) VALUES (?, ?, '', ?)",
        (name, password_hash, joined.strftime(STAMP)),
    )
    return int(cur.lastrowid or 0)


def add_image(conn: sqlite3.Connection, rng: random.Random, pic: ForumPicture) -> int:
    while True:
        file_name = f"{rng.getrandbits(64):016x}.jpg"
        if conn.execute("SELECT 1 FROM image WHERE file_name = ?", (file_name,)).fetchone() is None:
            break
    subject = pic.kind or pic.title or pic.style
    cur = conn.execute(
        "INSERT INTO image(file_name, style, subject, facts, seed) VALUES (?, ?, ?, ?, ?)",
        (file_name, pic.style, subject, json.dumps(pic.facts(), sort_keys=True), rng.randrange(2**31)),
    )
    return int(cur.lastrowid or 0)


def add_image_post(
    conn: sqlite3.Connection,
    rng: random.Random,
    password_hash: str,
    forum_id: int,
    pic: ForumPicture,
    title: str,
    body: str,
    created: datetime,
) -> None:
    """An image post in the forum by a new user who joined 30 to 900 days before it, with one vote each way."""
    author = add_user(conn, rng, password_hash, created - timedelta(days=rng.randint(30, 900)))
    image_id = add_image(conn, rng, pic)
    stamp = created.strftime(STAMP)
    conn.execute(
        "INSERT INTO submission(forum_id, user_id, title, url, body, image_id, created_at, last_active, upvotes,"
        " downvotes, net_score, comment_count, ranking) VALUES (?, ?, ?, NULL, ?, ?, ?, ?, 1, 1, 0, 0, ?)",
        (forum_id, author, title, body, image_id, stamp, stamp, ranking(stamp, 0)),
    )
    conn.execute("UPDATE forum SET submission_count = submission_count + 1 WHERE id = ?", (forum_id,))
