"""Posts added by helper r5-rda (round 5) after every other row, from a random stream of their own, each by a new
user of its own, with no comments and a score of 0 (one upvote, one downvote):

- f/gadgets: a how-to tip on getting a stuck battery door off a remote, whose text leaves the tool out and whose
  photo shows it (a screwdriver): the official template 31 (find the advice in a forum, buy the tool in the store);
- f/Newark: a pizza poll's chart twice, first with the votes so far, then with the final count (the same title on
  the chart, other numbers and another leader): the official template 61 (is there a version of this post with the
  final results?).

They are placed so that the listings older task kinds read stay as they were (tasks.build --check): the tip is
dated before the first post of f/gadgets (so it is last in its hot, active and top tabs, past the first page
another kind reads); the poll's two posts are the newest of f/Newark, a forum whose listings no older kind reads;
the final one carries the date of the post that ended the data until then, so the forum's time windows
(sites.reddit.queries.since, which end at the newest post by id) keep their bounds. New and controversial list
the added posts first in their forums; every forum's top three of all time stay (a score of 0 is below theirs).
"""

from __future__ import annotations

import random
import sqlite3
from datetime import datetime, timedelta

from sites.imagery.forum_pictures import ForumPicture
from sites.reddit.additions import add_image_post
from sites.reddit.schema import STAMP

STREAM = "round5-r5-rda"

TIP_FORUM = "gadgets"
TIP_TITLE = "Stuck battery door on a remote? Put the butter knife down"
TIP_BODY = (
    "Every remote in our house has one of those battery doors with a tiny notch at the bottom. Slide the tip of "
    "the tool in the photo into that notch and give it a gentle twist: the door pops right off and the clip "
    "survives. A knife slips and a fingernail bends. Keep one in the drawer with the spare batteries."
)
TIP_TOOL = "screwdriver"

POLL_FORUM = "Newark"
POLL_CHART = "Best pizza in Newark"
POLL_PLACES = ("Nonna's", "Brick City", "Ferry St", "Slice Hut", "Ironbound")
POLL_TITLES = (
    "Pizza poll update: where the votes stand after the first weekend",
    "Pizza poll is closed: here are the final results",
)


def _poll(rng: random.Random) -> tuple[ForumPicture, ForumPicture]:
    """The poll's chart with the votes so far and with the final count (distinct values, another leader)."""
    while True:
        early = tuple(rng.randint(6, 30) for _ in POLL_PLACES)
        final = tuple(rng.randint(60, 190) for _ in POLL_PLACES)
        lead = (max(range(len(early)), key=early.__getitem__), max(range(len(final)), key=final.__getitem__))
        if len(set(early)) == len(early) and len(set(final)) == len(final) and lead[0] != lead[1]:
            break
    return (
        ForumPicture("chart", title=f"{POLL_CHART} (so far)", labels=POLL_PLACES, values=early),
        ForumPicture("chart", title=f"{POLL_CHART} (final)", labels=POLL_PLACES, values=final),
    )


def add_posts(conn: sqlite3.Connection, posts: int) -> int:
    """Insert the posts (each with its user and picture) into a database the generator has just filled; returns
    how many."""
    rng = random.Random(f"{STREAM}-{posts}")
    clock = datetime.strptime(
        conn.execute("SELECT created_at FROM submission ORDER BY id DESC LIMIT 1").fetchone()[0], STAMP
    )
    password_hash = conn.execute("SELECT password_hash FROM user WHERE id = 2").fetchone()[0]
    early, final = _poll(rng)
    tip_forum = conn.execute("SELECT id FROM forum WHERE name = ?", (TIP_FORUM,)).fetchone()[0]
    first = conn.execute("SELECT min(created_at) FROM submission WHERE forum_id = ?", (tip_forum,)).fetchone()[0]
    tip_date = (datetime.strptime(first, STAMP) if first else clock) - timedelta(
        days=rng.randint(60, 120), seconds=rng.randint(0, 86399)
    )
    plans = [
        (TIP_FORUM, ForumPicture("photo", kind=TIP_TOOL, color="red"), TIP_TITLE, TIP_BODY, tip_date),
        (POLL_FORUM, early, POLL_TITLES[0], "", clock - timedelta(days=3, seconds=rng.randint(0, 7200))),
        (POLL_FORUM, final, POLL_TITLES[1], "", clock),
    ]
    for forum, pic, title, body, created in plans:
        fid = conn.execute("SELECT id FROM forum WHERE name = ?", (forum,)).fetchone()[0]
        add_image_post(conn, rng, password_hash, fid, pic, title, body, created)
    return len(plans)
