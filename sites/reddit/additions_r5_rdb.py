"""Posts added by helper r5-rdb (round 5) after every other row, from a random stream of their own: three film
posters in f/movies whose release date only the picture gives, and three brokerage screenshots in
f/wallstreetbets whose trading loss only the picture gives (two in dollars, one in euros), each by a new user
of its own, with no comments and no votes.

They are placed so that the listings older task kinds read stay as they were: every post but the last is dated
before the first post of its forum (so it is last in hot, active, top of any time window and, with a score of 0,
in top of all time; most commented puts it among the posts without comments), and the last one carries the
date of the post that ended the data until now, so the forum's time windows (sites.reddit.queries.since, which
end at the newest post by id) keep their bounds. That one is the newest post of f/wallstreetbets (its hot and
new tabs), which no older kind reads. New and controversial list the added posts first in their forums.
"""

from __future__ import annotations

import random
import sqlite3
from datetime import date, datetime, timedelta

from sites.imagery.forum_pictures import ForumPicture
from sites.reddit.additions import add_image_post
from sites.reddit.schema import STAMP

STREAM = "round5-r5-rdb"

# (film title, how the post is titled): the titles say nothing of the date
FILMS = (
    ("THE QUIET HARBOUR", "Spotted this poster at the old cinema downtown"),
    ("NIGHT OF THE PAPER KITES", "My local theater still has this one up"),
    ("A SUMMER IN VELLMAR", "Found this in my uncle's garage, anyone remember it?"),
)
# (broker app, currency, how the post is titled)
TRADES = (
    ("Tradewell", "USD", "Should have bought the dip, they said"),
    ("Tradewell", "USD", "Sold my car for this position"),
    ("Eurotrade", "EUR", "Greetings from Frankfurt, I will be working weekends now"),
)


def _forum_id(conn: sqlite3.Connection, name: str) -> int:
    return int(conn.execute("SELECT id FROM forum WHERE name = ?", (name,)).fetchone()[0])


def add_posts(conn: sqlite3.Connection, posts: int) -> int:
    """Insert the posts (each with its user and picture) into a database the generator has just filled; returns
    how many."""
    rng = random.Random(f"{STREAM}-{posts}")
    clock = conn.execute("SELECT created_at FROM submission ORDER BY id DESC LIMIT 1").fetchone()[0]
    password_hash = conn.execute("SELECT password_hash FROM user WHERE id = 2").fetchone()[0]
    plans: list[tuple[str, ForumPicture, str]] = []
    for title, post_title in FILMS:
        released = date(rng.randint(2004, 2021), rng.randint(1, 12), rng.randint(1, 28))
        plans.append(("movies", ForumPicture("poster", title=title, date=released.isoformat()), post_title))
    for app, currency, post_title in TRADES:
        amount = f"{rng.randint(1_200_000, 24_000_000) / 100:.2f}"
        plans.append(
            ("wallstreetbets", ForumPicture("brokerage", title=app, currency=currency, amount=amount), post_title)
        )
    for n, (forum, pic, post_title) in enumerate(plans):
        fid = _forum_id(conn, forum)
        first = conn.execute("SELECT min(created_at) FROM submission WHERE forum_id = ?", (fid,)).fetchone()[0]
        if n == len(plans) - 1:
            created = datetime.strptime(clock, STAMP)
        else:
            created = datetime.strptime(first or clock, STAMP) - timedelta(  # a forum without posts: before the clock
                days=rng.randint(200, 400), seconds=rng.randint(0, 86399)
            )
        add_image_post(conn, rng, password_hash, fid, pic, post_title, "", created)
    return len(plans)
