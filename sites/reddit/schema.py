"""The forum's database schema (SQLite), with an index for every query a page makes.

Scores are kept on the rows (net_score, upvotes, downvotes) and a row per user vote records who voted
what; `ranking` is the hot-sort key (creation time plus a bonus growing with the log of the score).
"""

from __future__ import annotations

import calendar
import math
import re
import unicodedata
from datetime import datetime

from sites.common.schema import fts_index

SCHEMA = """
CREATE TABLE user (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    biography TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL
);
CREATE TABLE forum (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    sidebar TEXT NOT NULL,
    created_at TEXT NOT NULL,
    subscriber_count INTEGER NOT NULL DEFAULT 0,
    submission_count INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE moderator (
    forum_id INTEGER NOT NULL REFERENCES forum(id),
    user_id INTEGER NOT NULL REFERENCES user(id),
    PRIMARY KEY (forum_id, user_id)
);
CREATE TABLE subscription (
    forum_id INTEGER NOT NULL REFERENCES forum(id),
    user_id INTEGER NOT NULL REFERENCES user(id),
    PRIMARY KEY (user_id, forum_id)
);
CREATE TABLE image (
    id INTEGER PRIMARY KEY,
    file_name TEXT NOT NULL UNIQUE,
    style TEXT NOT NULL,
    subject TEXT NOT NULL,
    facts TEXT NOT NULL,
    seed INTEGER NOT NULL
);
CREATE TABLE submission (
    id INTEGER PRIMARY KEY,
    forum_id INTEGER NOT NULL REFERENCES forum(id),
    user_id INTEGER NOT NULL REFERENCES user(id),
    title TEXT NOT NULL,
    url TEXT,
    body TEXT NOT NULL DEFAULT '',
    image_id INTEGER REFERENCES image(id),
    created_at TEXT NOT NULL,
    edited_at TEXT,
    last_active TEXT NOT NULL,
    upvotes INTEGER NOT NULL DEFAULT 1,
    downvotes INTEGER NOT NULL DEFAULT 0,
    net_score INTEGER NOT NULL DEFAULT 1,
    comment_count INTEGER NOT NULL DEFAULT 0,
    ranking INTEGER NOT NULL
);
CREATE INDEX sub_hot ON submission(ranking DESC, id DESC);
CREATE INDEX sub_new ON submission(id DESC);
CREATE INDEX sub_top ON submission(net_score DESC, id DESC);
CREATE INDEX sub_forum_hot ON submission(forum_id, ranking DESC, id DESC);
CREATE INDEX sub_forum_top ON submission(forum_id, net_score DESC, id DESC);
CREATE INDEX sub_forum_created ON submission(forum_id, created_at);
CREATE INDEX sub_forum_active ON submission(forum_id, last_active DESC, id DESC);
CREATE INDEX sub_forum_comments ON submission(forum_id, comment_count DESC, id DESC);
CREATE INDEX sub_user ON submission(user_id, id DESC);
CREATE INDEX sub_image ON submission(image_id);
CREATE TABLE comment (
    id INTEGER PRIMARY KEY,
    submission_id INTEGER NOT NULL REFERENCES submission(id) ON DELETE CASCADE,
    parent_id INTEGER REFERENCES comment(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES user(id),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    edited_at TEXT,
    upvotes INTEGER NOT NULL DEFAULT 1,
    downvotes INTEGER NOT NULL DEFAULT 0,
    net_score INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX comment_sub ON comment(submission_id, id);
CREATE INDEX comment_user ON comment(user_id, id DESC);
CREATE INDEX comment_parent ON comment(parent_id);
CREATE TABLE submission_vote (
    submission_id INTEGER NOT NULL REFERENCES submission(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES user(id),
    choice INTEGER NOT NULL CHECK (choice IN (-1, 1)),
    PRIMARY KEY (user_id, submission_id)
);
CREATE TABLE comment_vote (
    comment_id INTEGER NOT NULL REFERENCES comment(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES user(id),
    choice INTEGER NOT NULL CHECK (choice IN (-1, 1)),
    PRIMARY KEY (user_id, comment_id)
);
CREATE TABLE message_thread (
    id INTEGER PRIMARY KEY,
    sender_id INTEGER NOT NULL REFERENCES user(id),
    receiver_id INTEGER NOT NULL REFERENCES user(id),
    title TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX thread_sender ON message_thread(sender_id);
CREATE INDEX thread_receiver ON message_thread(receiver_id);
CREATE TABLE message (
    id INTEGER PRIMARY KEY,
    thread_id INTEGER NOT NULL REFERENCES message_thread(id) ON DELETE CASCADE,
    sender_id INTEGER NOT NULL REFERENCES user(id),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX message_thread_idx ON message(thread_id, id);
CREATE TABLE user_block (
    blocker_id INTEGER NOT NULL REFERENCES user(id),
    blocked_id INTEGER NOT NULL REFERENCES user(id),
    comment TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
""" + fts_index("submission", "title", "body")

STAMP = "%Y-%m-%d %H:%M:%S"
HOT_WEIGHT = 1800  # seconds of freshness one order of magnitude of score is worth


def ranking(created_at: str, net_score: int) -> int:
    """The hot-sort key: the creation time in seconds plus HOT_WEIGHT per power of ten of the score."""
    seconds = calendar.timegm(datetime.strptime(created_at[:19], STAMP).timetuple())
    magnitude = math.log10(max(abs(net_score), 1))
    return seconds + round(HOT_WEIGHT * magnitude) * (1 if net_score > 0 else -1 if net_score < 0 else 0)


def slugify(title: str, limit: int = 60) -> str:
    """The URL slug of a post title: lower-case ASCII words joined by '_' (Postmill's style)."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", ascii_title.lower())
    slug = "_".join(words)[:limit].strip("_")
    return slug or "-"
