"""Read-only query API over the pristine forum database, for task authors.

    from sites.reddit.data import open_pristine
    with open_pristine() as data:                            # the data set of the current SEED/SCALE
        cats = data.find_posts(forum="aww", style="photo", kind="cat", count=2)
        post = data.post(cats[0].id)
        post.image.facts                                     # {"style": "photo", "kind": "cat", "count": 2}
        post.url_path                                        # /f/aww/123/meet_the_newest_member_of_the_family
        data.comments(post.id)                               # the thread, oldest first, with parents and depth

Image facts are what the picture shows (sites.imagery.forum_pictures draws them); post titles leave them out.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from sites.common.db import PristineData
from sites.config import Settings
from sites.reddit.schema import slugify


@dataclass(frozen=True)
class Image:
    id: int
    file_name: str
    style: str  # photo, meme, vintage, chart, stock, landscape, space, artwork, skyline
    subject: str
    facts: dict  # ForumPicture.facts(): kind, color, count, top_text, values, time_of_day, ...
    seed: int

    @property
    def url_path(self) -> str:
        return f"/submission_images/{self.file_name}"

    def picture(self):
        """The ForumPicture this image was drawn from (to render it again, e.g. as a task's input image)."""
        from sites.imagery.forum_pictures import ForumPicture

        fields: dict[str, Any] = {
            k: (tuple(v) if isinstance(v, list) else v)
            for k, v in self.facts.items()
            if k in ForumPicture.__dataclass_fields__
        }
        return ForumPicture(**fields)


@dataclass(frozen=True)
class Post:
    id: int
    forum: str
    title: str
    url: str | None
    body: str
    author: str
    created_at: str  # YYYY-MM-DD HH:MM:SS (UTC)
    upvotes: int
    downvotes: int
    net_score: int
    comment_count: int
    image: Image | None

    @property
    def url_path(self) -> str:
        return f"/f/{self.forum}/{self.id}/{slugify(self.title)}"


@dataclass(frozen=True)
class Comment:
    id: int
    post_id: int
    parent_id: int | None
    author: str
    body: str
    created_at: str
    net_score: int
    depth: int = 1  # 1 = a reply to the post

    def url_path(self, forum: str) -> str:
        return f"/f/{forum}/{self.post_id}/-/comment/{self.id}"

    @classmethod
    def from_row(cls, r: sqlite3.Row, depth: int) -> Comment:
        """A comment from a row of `comment` joined with its author's `username`."""
        return cls(
            r["id"],
            r["submission_id"],
            r["parent_id"],
            r["username"],
            r["body"],
            r["created_at"],
            r["net_score"],
            depth,
        )


@dataclass(frozen=True)
class Forum:
    name: str
    title: str
    description: str
    subscribers: int
    posts: int
    moderators: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class Thread:
    id: int
    title: str
    sender: str
    receiver: str
    messages: tuple[tuple[str, str], ...]  # (sender, body), oldest first


POST_SQL = (
    "SELECT s.*, f.name AS forum, u.username AS author FROM submission s JOIN forum f ON f.id = s.forum_id"
    " JOIN user u ON u.id = s.user_id"
)
POST_FILTERS = {"forum": "f.name = ?", "author": "u.username = ?", "style": "i.style = ?", "subject": "i.subject = ?"}


class RedditData(PristineData):
    WHAT = "forum"

    def official_forum_names(self) -> set[str]:
        """The forums added for the official catalogue (sites/reddit/official_forums.py) that this database has.
        Task builders pick from the other forums, so adding the catalogue moves no task."""
        from sites.reddit.official_forums import missing_forums

        names = {spec.name for spec in missing_forums()}
        return {r[0] for r in self.conn.execute("SELECT name FROM forum") if r[0] in names}

    # ---- posts -------------------------------------------------------------------------------------

    def _image(self, image_id: int | None) -> Image | None:
        if image_id is None:
            return None
        r = self.conn.execute("SELECT * FROM image WHERE id = ?", (image_id,)).fetchone()
        return Image(r["id"], r["file_name"], r["style"], r["subject"], json.loads(r["facts"]), r["seed"])

    def _post(self, r: sqlite3.Row) -> Post:
        return Post(
            r["id"],
            r["forum"],
            r["title"],
            r["url"],
            r["body"],
            r["author"],
            r["created_at"],
            r["upvotes"],
            r["downvotes"],
            r["net_score"],
            r["comment_count"],
            self._image(r["image_id"]),
        )

    def post(self, post_id: int) -> Post:
        row = self.conn.execute(f"{POST_SQL} WHERE s.id = ?", (post_id,)).fetchone()
        if row is None:
            raise KeyError(f"no post with id {post_id} in {self.path}")
        return self._post(row)

    def find_posts(
        self,
        *,
        forum: str | None = None,
        author: str | None = None,
        style: str | None = None,
        subject: str | None = None,
        has_image: bool | None = None,
        title_contains: str | None = None,
        min_comments: int | None = None,
        order: str = "id",
        limit: int | None = 50,
        **facts,
    ) -> list[Post]:
        """Posts matching every given field; extra keywords match the image's facts (kind="cat", count=2,
        time_of_day="night", ...). order: id (oldest first), -net_score, -comment_count."""
        clauses: list[str] = []
        params: list[object] = []
        for name, value in (("forum", forum), ("author", author), ("style", style), ("subject", subject)):
            if value is not None:
                clauses.append(POST_FILTERS[name])
                params.append(value)
        if has_image is not None or style or subject or facts:
            clauses.append("s.image_id IS NOT NULL" if has_image is not False else "s.image_id IS NULL")
        for key, value in facts.items():
            if not key.replace("_", "").isalnum():
                raise TypeError(f"unknown image fact {key!r}")
            clauses.append(f"json_extract(i.facts, '$.{key}') = ?")
            params.append(int(value) if isinstance(value, bool) else value)
        if title_contains:
            clauses.append("s.title LIKE ?")
            params.append(f"%{title_contains}%")
        if min_comments is not None:
            clauses.append("s.comment_count >= ?")
            params.append(min_comments)
        orders = {"id": "s.id", "-net_score": "s.net_score DESC, s.id", "-comment_count": "s.comment_count DESC, s.id"}
        if order not in orders:
            raise ValueError(f"order {order!r}: one of {', '.join(orders)}")
        sql = (
            POST_SQL.replace(" FROM submission s", " FROM submission s LEFT JOIN image i ON i.id = s.image_id")
            + (" WHERE " + " AND ".join(clauses) if clauses else "")
            + f" ORDER BY {orders[order]}"
        )
        return [self._post(r) for r in self.rows(sql, params, limit)]

    # ---- comments ----------------------------------------------------------------------------------

    def comments(self, post_id: int) -> list[Comment]:
        """The post's comments, oldest first, each with its depth in the thread."""
        rows = self.conn.execute(
            "SELECT c.*, u.username FROM comment c JOIN user u ON u.id = c.user_id WHERE c.submission_id = ?"
            " ORDER BY c.id",
            (post_id,),
        ).fetchall()
        depth: dict[int, int] = {}
        out = []
        for r in rows:
            d = 1 if r["parent_id"] is None else depth.get(r["parent_id"], 1) + 1
            depth[r["id"]] = d
            out.append(Comment.from_row(r, d))
        return out

    def top_comment(self, post_id: int) -> Comment | None:
        """The top-level comment with the highest score (ties: the oldest), as the site's thread shows first."""
        top = [c for c in self.comments(post_id) if c.parent_id is None]
        return max(top, key=lambda c: (c.net_score, -c.id)) if top else None

    # ---- forums, users, votes, messages ----------------------------------------------------------------

    def forums(self) -> list[Forum]:
        out = []
        for r in self.conn.execute("SELECT * FROM forum ORDER BY name COLLATE NOCASE"):
            mods = tuple(
                x[0]
                for x in self.conn.execute(
                    "SELECT u.username FROM moderator m JOIN user u ON u.id = m.user_id WHERE m.forum_id = ?"
                    " ORDER BY u.username",
                    (r["id"],),
                )
            )
            out.append(
                Forum(r["name"], r["title"], r["description"], r["subscriber_count"], r["submission_count"], mods)
            )
        return out

    def forum(self, name: str) -> Forum:
        for f in self.forums():
            if f.name.lower() == name.lower():
                return f
        raise KeyError(f"no forum {name!r}")

    def usernames(self, limit: int | None = None) -> list[str]:
        sql = "SELECT username FROM user ORDER BY id" + (f" LIMIT {int(limit)}" if limit else "")
        return [r[0] for r in self.conn.execute(sql)]

    def subscriptions(self, username: str) -> list[str]:
        return [
            r[0]
            for r in self.conn.execute(
                "SELECT f.name FROM subscription s JOIN forum f ON f.id = s.forum_id JOIN user u ON u.id = s.user_id"
                " WHERE u.username = ? ORDER BY f.name COLLATE NOCASE",
                (username,),
            )
        ]

    def votes(self, username: str) -> dict[int, int]:
        """post id -> +1 / -1 for the user's votes on posts."""
        return {
            r[0]: r[1]
            for r in self.conn.execute(
                "SELECT v.submission_id, v.choice FROM submission_vote v JOIN user u ON u.id = v.user_id"
                " WHERE u.username = ? ORDER BY v.submission_id",
                (username,),
            )
        }

    def comments_by(self, username: str, limit: int = 50) -> list[Comment]:
        rows = self.conn.execute(
            "SELECT c.*, u.username FROM comment c JOIN user u ON u.id = c.user_id WHERE u.username = ?"
            " ORDER BY c.id LIMIT ?",
            (username, limit),
        ).fetchall()
        return [Comment.from_row(r, 0) for r in rows]

    def threads(self, username: str) -> list[Thread]:
        out = []
        for t in self.conn.execute(
            "SELECT t.*, a.username AS sender, b.username AS receiver FROM message_thread t"
            " JOIN user a ON a.id = t.sender_id JOIN user b ON b.id = t.receiver_id"
            " WHERE a.username = ? OR b.username = ? ORDER BY t.id",
            (username, username),
        ).fetchall():
            msgs = tuple(
                (m[0], m[1])
                for m in self.conn.execute(
                    "SELECT u.username, m.body FROM message m JOIN user u ON u.id = m.sender_id WHERE m.thread_id = ?"
                    " ORDER BY m.id",
                    (t["id"],),
                )
            )
            out.append(Thread(t["id"], t["title"], t["sender"], t["receiver"], msgs))
        return out


def open_pristine(settings: Settings | None = None) -> RedditData:
    """The pristine database of the configured SEED/SCALE (generated first if it is missing)."""
    return RedditData.configured("sites.reddit.store", settings, generate=True)
