"""Deterministic generator of the forum database.

Everything comes from one `random.Random(seed)` stream, rows are inserted in a fixed order, dates are
offsets from a fixed epoch (never the clock), and the file is VACUUMed at the end: the same seed and
post count give a byte-identical database file. Image posts record what their picture shows (the
`image.facts` JSON); their titles leave it out.
"""

from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path

from sites.common.datafiles import count_for_scale, new_database, seal, write_atomic
from sites.common.passwords import SELLER_ITERATIONS, STRONG_ITERATIONS, hash_with_salt
from sites.reddit.content import BODY_LINES, COMMENTS, FORUMS, REPLIES, USER_WORDS_A, USER_WORDS_B
from sites.reddit.schema import SCHEMA, STAMP, ranking

EPOCH = datetime(2022, 3, 1, 6, 0, 0)
SPAN_DAYS = 420
SCALES = {"tiny": 400, "small": 1200, "default": 4000, "full": 31464}
BENCHMARK_USER = {"username": "MarvelsGrantMan136", "password": "test1234"}
GENERATED_PASSWORD = "forum.1234"
MEGATHREAD_EVERY = 97  # every Nth post is a busy thread with 200+ comments
MEGATHREAD_COMMENTS = (200, 260)


@dataclass(frozen=True)
class GenerationResult:
    path: Path
    posts: int
    users: int
    comments: int
    images: int


def post_count(scale: str | int) -> int:
    """Number of posts for a SCALE value: tiny, small, default, full, or an explicit number (at least 20)."""
    return count_for_scale(scale, SCALES, "post")


def _stamp(moment: datetime) -> str:
    return moment.strftime(STAMP)


def _salt(rng: random.Random) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(16))


def _score(rng: random.Random, scale: float) -> tuple[int, int]:
    up = 1 + int(min(rng.paretovariate(1.15) - 1, 4000) * scale)
    down = int(up * rng.uniform(0.0, 0.35))
    return up, down


def _body(rng: random.Random) -> str:
    return "\n\n".join(rng.sample(BODY_LINES, rng.randint(1, 3)))


def _forum(conn: sqlite3.Connection, rng: random.Random, fid: int, spec, n_users: int) -> None:
    """One forum row with its sidebar and creation date, and its one to three moderators."""
    conn.execute(
        "INSERT INTO forum(id, name, title, description, sidebar, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        (
            fid,
            spec.name,
            spec.title,
            spec.description,
            f"{spec.description}\n\n**Rules**\n\n1. Be civil.\n2. Stay on topic.\n3. No spam.",
            _stamp(EPOCH - timedelta(days=rng.randint(500, 900))),
        ),
    )
    for uid in sorted(rng.sample(range(2, n_users + 1), rng.randint(1, 3))):
        conn.execute("INSERT INTO moderator(forum_id, user_id) VALUES (?, ?)", (fid, uid))


def generate(path: Path, seed: int, posts: int) -> GenerationResult:
    """Write a new database at `path` (which must not exist)."""
    path = Path(path)
    with new_database(path, SCHEMA) as conn:
        counts = _fill(conn, random.Random(seed), posts)
        conn.execute("COMMIT")
        seal(conn, "submission_fts")
    return GenerationResult(path, posts, *counts)


def _users(conn: sqlite3.Connection, rng: random.Random, n_users: int) -> None:
    conn.execute(
        "INSERT INTO user(id, username, password_hash, biography, created_at) VALUES (1, ?, ?, ?, ?)",
        (
            BENCHMARK_USER["username"],
            hash_with_salt(BENCHMARK_USER["password"], _salt(rng), STRONG_ITERATIONS),
            "Comics, movies and the occasional meme.",
            _stamp(EPOCH - timedelta(days=400)),
        ),
    )
    taken = {BENCHMARK_USER["username"].lower()}
    # one hash for every generated account (same public password), so the full scale builds quickly
    shared_hash = hash_with_salt(GENERATED_PASSWORD, _salt(rng), SELLER_ITERATIONS)
    rows = []
    for uid in range(2, n_users + 1):
        while True:
            name = f"{rng.choice(USER_WORDS_A)}{rng.choice(USER_WORDS_B)}{rng.randint(1, 9999)}"
            if name.lower() not in taken:
                taken.add(name.lower())
                break
        rows.append((uid, name, shared_hash, "", _stamp(EPOCH - timedelta(days=rng.randint(1, 1500)))))
    conn.executemany(
        "INSERT INTO user(id, username, password_hash, biography, created_at) VALUES (?, ?, ?, ?, ?)", rows
    )


def _fill(conn: sqlite3.Connection, rng: random.Random, posts: int) -> tuple[int, int, int]:
    n_users = max(80, posts // 6)
    _users(conn, rng, n_users)

    # forums, their moderators and subscribers
    subscribers: dict[int, set[int]] = {}
    for fid, spec in enumerate(FORUMS, start=1):
        _forum(conn, rng, fid, spec, n_users)
        subscribers[fid] = set()
    official_subs = [1, 7, 10, 12, 16, 17, 23]  # Art, memes, movies, food, dataisbeautiful, aww, boston
    for fid in official_subs:
        subscribers[fid].add(1)
    for uid in range(2, n_users + 1):
        for fid in rng.sample(range(1, len(FORUMS) + 1), rng.randint(1, 6)):
            subscribers[fid].add(uid)
    for fid in sorted(subscribers):
        conn.executemany(
            "INSERT INTO subscription(forum_id, user_id) VALUES (?, ?)",
            [(fid, uid) for uid in sorted(subscribers[fid])],
        )
        conn.execute("UPDATE forum SET subscriber_count = ? WHERE id = ?", (len(subscribers[fid]), fid))

    weights = [spec.weight for spec in FORUMS]
    step = SPAN_DAYS * 86400 / posts
    per_forum = [0] * (len(FORUMS) + 1)
    rows = _Rows()
    for sid in range(1, posts + 1):
        fid = rng.choices(range(1, len(FORUMS) + 1), weights=weights)[0]
        spec = FORUMS[fid - 1]
        per_forum[fid] += 1
        author = 1 if sid % 331 == 17 else rng.randint(2, n_users)
        created = EPOCH + timedelta(seconds=int(step * (sid - 1) + rng.uniform(0, step * 0.9)))
        _post(rng, sid, fid, spec, author, created, n_users, rows)
        if len(rows.submissions) >= 2000:
            rows.flush(conn)
    rows.flush(conn)
    for fid in range(1, len(FORUMS) + 1):
        conn.execute("UPDATE forum SET submission_count = ? WHERE id = ?", (per_forum[fid], fid))
    _messages(conn, rng, n_users, posts)
    _official_forums(conn, random.Random(f"official-forums-{posts}-{rng.random()}"), posts, n_users, rows)
    from sites.reddit.additions_r5_rdb import add_posts as add_r5_rdb_posts

    added = add_r5_rdb_posts(conn, posts)  # round 5 (r5-rdb): posters and trading screenshots, each by a new user
    from sites.reddit.additions_r5_rda import add_posts as add_r5_rda_posts

    added += add_r5_rda_posts(conn, posts)  # round 5 (r5-rda): a how-to tip and a poll's two charts, new users
    return n_users + added, rows.n_comments, rows.n_images + added


def _official_forums(conn: sqlite3.Connection, rng: random.Random, posts: int, n_users: int, rows: _Rows) -> None:
    """The official forums the generated ones lack, after every other row (ids after theirs), with posts, comments
    and subscribers from their own random stream; the benchmark account takes no part, so its pages stay."""
    from sites.reddit.official_forums import missing_forums

    specs = missing_forums()
    first_fid = len(FORUMS) + 1
    per_forum = max(6, posts // 150)
    sid = posts
    for fid, spec in enumerate(specs, start=first_fid):
        _forum(conn, rng, fid, spec, n_users)
        members = sorted(rng.sample(range(2, n_users + 1), rng.randint(n_users // 20 + 1, n_users // 6 + 2)))
        conn.executemany("INSERT INTO subscription(forum_id, user_id) VALUES (?, ?)", [(fid, u) for u in members])
        step = SPAN_DAYS * 86400 / per_forum
        for k in range(per_forum):
            sid += 1
            created = EPOCH + timedelta(seconds=int(step * k + rng.uniform(0, step * 0.9)))
            _post(rng, sid, fid, spec, rng.randint(2, n_users), created, n_users, rows, benchmark_user=False)
        conn.execute(
            "UPDATE forum SET subscriber_count = ?, submission_count = ? WHERE id = ?", (len(members), per_forum, fid)
        )
    rows.flush(conn)


class _Rows:
    """Rows waiting to be written, and the image and comment counters."""

    def __init__(self) -> None:
        self.images: list[tuple] = []
        self.submissions: list[tuple] = []
        self.comments: list[tuple] = []
        self.votes: list[tuple] = []
        self.comment_votes: list[tuple] = []
        self.n_images = self.n_comments = 0

    def flush(self, conn: sqlite3.Connection) -> None:
        _flush(conn, self.images, self.submissions, self.comments, self.votes, self.comment_votes)


def _post(
    rng: random.Random,
    sid: int,
    fid: int,
    spec,
    author: int,
    created: datetime,
    n_users: int,
    rows: _Rows,
    benchmark_user: bool = True,
) -> None:
    """One submission with its picture, comments and votes into `rows`. `benchmark_user=False` keeps the
    benchmark account out of it (no comment or vote of theirs)."""
    url = None
    body = ""
    image_id = None
    if spec.picture is not None and rng.random() < spec.image_share:
        picture = spec.picture(rng)
        rows.n_images += 1
        image_id = rows.n_images
        rows.images.append(
            (
                image_id,
                f"{rng.getrandbits(64):016x}.jpg",
                picture.style,
                picture.kind or picture.title or picture.style,
                json.dumps(picture.facts(), sort_keys=True),
                rng.randrange(2**31),
            )
        )
        title = rng.choice(spec.image_titles)
    else:
        title = rng.choice(spec.text_titles)
        if rng.random() < 0.35:
            url = f"https://{spec.link_domain}/story/{rng.randint(1000, 999999)}"
        else:
            body = _body(rng)
    up, down = _score(rng, 3.0 if image_id else 1.5)
    if sid % MEGATHREAD_EVERY == 5:
        n_post_comments = rng.randint(*MEGATHREAD_COMMENTS)
        up *= 3
    else:
        n_post_comments = rng.choices((0, 1, 2, 3, 5, 8, 14, 25), weights=(18, 14, 12, 10, 9, 6, 3, 1))[0]
    last = created
    ids_here: list[int] = []
    for k in range(n_post_comments):
        rows.n_comments += 1
        cid = rows.n_comments
        if ids_here and rng.random() < 0.45:
            parent = rng.choice(ids_here[-12:])
            text = rng.choice(REPLIES)
        else:
            parent = None
            text = rng.choice(COMMENTS)
        when = created + timedelta(minutes=rng.randint(2, 60) * (k + 1))
        last = max(last, when)
        cup, cdown = _score(rng, 0.6)
        cauthor = 1 if benchmark_user and cid % 613 == 11 else rng.randint(2, n_users)
        rows.comments.append((cid, sid, parent, cauthor, text, _stamp(when), cup, cdown, cup - cdown))
        ids_here.append(cid)
        if benchmark_user and cid % 41 == 3:
            rows.comment_votes.append((cid, 1, 1 if rng.random() < 0.8 else -1))
    net = up - down
    stamp = _stamp(created)
    rows.submissions.append(
        (
            sid,
            fid,
            author,
            title,
            url,
            body,
            image_id,
            stamp,
            _stamp(last),
            up,
            down,
            net,
            n_post_comments,
            ranking(stamp, net),
        )
    )
    if benchmark_user and sid % 53 == 7:  # the benchmark account's own votes
        rows.votes.append((sid, 1, 1 if rng.random() < 0.75 else -1))
    for voter in sorted(rng.sample(range(2, n_users + 1), 2)):
        rows.votes.append((sid, voter, 1 if rng.random() < 0.85 else -1))


def _flush(conn, image_rows, sub_rows, comment_rows, vote_rows, cvote_rows) -> None:
    conn.executemany(
        "INSERT INTO image(id, file_name, style, subject, facts, seed) VALUES (?, ?, ?, ?, ?, ?)", image_rows
    )
    conn.executemany(
        "INSERT INTO submission(id, forum_id, user_id, title, url, body, image_id, created_at, last_active, upvotes,"
        " downvotes, net_score, comment_count, ranking) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        sub_rows,
    )
    conn.executemany(
        "INSERT INTO comment(id, submission_id, parent_id, user_id, body, created_at, upvotes, downvotes, net_score)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        comment_rows,
    )
    conn.executemany("INSERT INTO submission_vote(submission_id, user_id, choice) VALUES (?, ?, ?)", vote_rows)
    conn.executemany("INSERT INTO comment_vote(comment_id, user_id, choice) VALUES (?, ?, ?)", cvote_rows)
    for rows in (image_rows, sub_rows, comment_rows, vote_rows, cvote_rows):
        rows.clear()


MESSAGE_OPENERS = (
    "Hey, loved your post!",
    "Quick question about your post",
    "Thanks for the advice",
    "Meetup this weekend?",
    "About the item you posted",
)
MESSAGE_BODIES = (
    "Where did you get it?",
    "Could you share the recipe?",
    "Thanks again, it worked!",
    "Let me know if you are still interested.",
    "Sounds good, see you there.",
)


def _messages(conn: sqlite3.Connection, rng: random.Random, n_users: int, posts: int) -> None:
    threads = max(10, posts // 60)
    mid = 0
    for tid in range(1, threads + 1):
        if tid <= 4:
            sender, receiver = rng.randint(2, n_users), 1
        else:
            sender, receiver = rng.sample(range(2, n_users + 1), 2)
        when = EPOCH + timedelta(days=rng.uniform(0, SPAN_DAYS))
        conn.execute(
            "INSERT INTO message_thread(id, sender_id, receiver_id, title, created_at) VALUES (?, ?, ?, ?, ?)",
            (tid, sender, receiver, rng.choice(MESSAGE_OPENERS), _stamp(when)),
        )
        for k in range(rng.randint(1, 3)):
            mid += 1
            who = sender if k % 2 == 0 else receiver
            conn.execute(
                "INSERT INTO message(id, thread_id, sender_id, body, created_at) VALUES (?, ?, ?, ?, ?)",
                (mid, tid, who, rng.choice(MESSAGE_BODIES), _stamp(when + timedelta(hours=k * 3))),
            )


def generate_atomic(final: Path, seed: int, posts: int) -> GenerationResult:
    """Generate into a temporary file next to `final`, then rename it into place (read-only)."""
    final = Path(final)
    return replace(write_atomic(final, lambda tmp: generate(tmp, seed, posts)), path=final)
