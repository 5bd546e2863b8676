"""A post and its comments: the post page, comment permalinks, submitting, editing and deleting posts and
comments, and votes on both (toggling)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from types import SimpleNamespace
from urllib.parse import urlsplit

from flask import abort, flash, redirect, render_template, request

from sites.common.db import write_transaction
from sites.common.web import inserted_id
from sites.reddit.queries import LISTING_SQL
from sites.reddit.schema import ranking
from sites.reddit.web import (
    check_csrf,
    current_user,
    forum_moderators,
    forum_row,
    get_db,
    id_from_path,
    now_stamp,
    post_path,
    require_user,
    safe_next,
)

TITLE_MAX = 300
BODY_MAX = 20000
COMMENT_MAX = 10000
URL_MAX = 2000
IMAGE_URL = re.compile(r"\.(png|jpe?g|gif|webp)(\?.*)?$", re.IGNORECASE)


def _post(forum_name: str, raw_id: str):
    post_id = id_from_path(raw_id, "post")
    row = get_db().execute(f"{LISTING_SQL} WHERE s.id = ?", (post_id,)).fetchone()
    if row is None or row["forum"].lower() != forum_name.lower():
        abort(404, description=f"post {post_id} does not exist in forum {forum_name[:60]!r}")
    return row


def _comment_tree(post_id: int, root_id: int | None = None):
    """Comments of the post as nested dicts (children ordered by score, then age); from `root_id` if given."""
    db = get_db()
    rows = db.execute(
        "SELECT c.*, u.username FROM comment c JOIN user u ON u.id = c.user_id WHERE c.submission_id = ? ORDER BY c.id",
        (post_id,),
    ).fetchall()
    # plain attribute objects: the template reads a dozen fields of each of hundreds of comments
    nodes = {r["id"]: SimpleNamespace(row=SimpleNamespace(**dict(r)), children=[]) for r in rows}
    roots = []
    for r in rows:
        node = nodes[r["id"]]
        parent = nodes.get(r["parent_id"]) if r["parent_id"] is not None else None
        if root_id is not None:
            if r["id"] == root_id:
                roots.append(node)
            elif parent is not None:
                parent.children.append(node)
        elif parent is None:
            roots.append(node)
        else:
            parent.children.append(node)

    def order(items):
        items.sort(key=lambda n: (-n.row.net_score, n.row.id))
        for n in items:
            order(n.children)

    order(roots)
    return roots, [r["id"] for r in rows]


def _votes(table: str, post_id: int) -> dict[int, int]:
    """The logged-in user's votes on the post (submission_vote) or on its comments (comment_vote)."""
    user = current_user()
    if user is None:
        return {}
    if table == "submission_vote":
        sql = "SELECT submission_id, choice FROM submission_vote WHERE user_id = ? AND submission_id = ?"
    else:
        sql = (
            "SELECT v.comment_id, v.choice FROM comment c JOIN comment_vote v ON v.comment_id = c.id"
            " AND v.user_id = ? WHERE c.submission_id = ?"
        )
    return {r[0]: r[1] for r in get_db().execute(sql, (user["id"], post_id))}


def _forum_sidebar(forum_id: int):
    db = get_db()
    forum = db.execute("SELECT * FROM forum WHERE id = ?", (forum_id,)).fetchone()
    mods = forum_moderators(forum_id)
    user = current_user()
    subscribed = (
        user is not None
        and db.execute(
            "SELECT 1 FROM subscription WHERE forum_id = ? AND user_id = ?", (forum_id, user["id"])
        ).fetchone()
        is not None
    )
    return forum, mods, subscribed


def show(forum_name: str, post_id: str, slug: str | None = None, comment_id: str | None = None):
    post = _post(forum_name, post_id)
    root = None
    if comment_id is not None:
        root = id_from_path(comment_id, "comment")
        if (
            get_db().execute("SELECT 1 FROM comment WHERE id = ? AND submission_id = ?", (root, post["id"])).fetchone()
            is None
        ):
            abort(404, description=f"comment {root} does not exist on this post")
    tree, _ids = _comment_tree(post["id"], root)
    forum_id = get_db().execute("SELECT forum_id FROM submission WHERE id = ?", (post["id"],)).fetchone()[0]
    forum, mods, subscribed = _forum_sidebar(forum_id)
    return render_template(
        "post.html",
        post=post,
        tree=tree,
        permalink=root,
        post_votes=_votes("submission_vote", post["id"]),
        comment_votes=_votes("comment_vote", post["id"]),
        forum=forum,
        moderators=mods,
        subscribed=subscribed,
        is_image_url=_is_image_url,
    )


def _is_image_url(url: str | None) -> bool:
    return bool(url) and bool(IMAGE_URL.search(urlsplit(url or "").path))


# ---- submitting and editing posts --------------------------------------------------------------------------


def _forums():
    return get_db().execute("SELECT id, name FROM forum ORDER BY name COLLATE NOCASE").fetchall()


def _read_post_form(require_forum: bool):
    """(values, errors) of the submission form; errors name each field."""
    form = request.form
    values = {k: (form.get(f"submission[{k}]") or "").strip() for k in ("title", "url", "body", "forum")}
    values["body"] = (form.get("submission[body]") or "").replace("\r\n", "\n").strip()
    errors = {}
    if not values["title"]:
        errors["title"] = "Please give your post a title."
    elif len(values["title"]) > TITLE_MAX:
        errors["title"] = f"The title is too long ({len(values['title'])} characters; at most {TITLE_MAX})."
    if values["url"]:
        parts = urlsplit(values["url"])
        if len(values["url"]) > URL_MAX:
            errors["url"] = f"The URL is too long (at most {URL_MAX} characters)."
        elif parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in values["url"]):
            errors["url"] = "The URL must be a full http:// or https:// address."
    if len(values["body"]) > BODY_MAX:
        errors["body"] = f"The body is too long (at most {BODY_MAX} characters)."
    forum = None
    if require_forum:
        forum = (
            get_db().execute("SELECT * FROM forum WHERE name = ?", (values["forum"],)).fetchone()
            if values["forum"]
            else None
        )
        if forum is None:
            errors["forum"] = (
                "Please choose a forum."
                if not values["forum"]
                else f"There is no forum called {values['forum'][:60]!r}."
            )
    return values, errors, forum


def submit_form(forum_name: str | None = None):
    require_user()
    if forum_name is not None:
        forum_row(forum_name)
    return render_template("submit.html", forums=_forums(), values={"forum": forum_name or ""}, errors={}, editing=None)


def submit(forum_name: str | None = None):
    user = require_user()
    check_csrf("token")
    values, errors, forum = _read_post_form(require_forum=True)
    if errors:
        return render_template("submit.html", forums=_forums(), values=values, errors=errors, editing=None), 400
    db = get_db()
    stamp = now_stamp()
    with write_transaction(db):
        cur = db.execute(
            "INSERT INTO submission(forum_id, user_id, title, url, body, created_at, last_active, upvotes, downvotes,"
            " net_score, comment_count, ranking) VALUES (?, ?, ?, ?, ?, ?, ?, 1, 0, 1, 0, ?)",
            (
                forum["id"],
                user["id"],
                values["title"],
                values["url"] or None,
                values["body"],
                stamp,
                stamp,
                ranking(stamp, 1),
            ),
        )
        post_id = inserted_id(cur)
        db.execute(
            "INSERT INTO submission_vote(submission_id, user_id, choice) VALUES (?, ?, 1)", (post_id, user["id"])
        )
        db.execute("UPDATE forum SET submission_count = submission_count + 1 WHERE id = ?", (forum["id"],))
    return redirect(post_path(forum["name"], post_id, values["title"]))


def _own_post(forum_name: str, raw_id: str):
    user = require_user()
    post = _post(forum_name, raw_id)
    if post["user_id"] != user["id"]:
        abort(403, description="Only the author of a post can edit or delete it.")
    return user, post


def edit_form(forum_name: str, post_id: str):
    _user, post = _own_post(forum_name, post_id)
    values = {"title": post["title"], "url": post["url"] or "", "body": post["body"], "forum": post["forum"]}
    return render_template("submit.html", forums=_forums(), values=values, errors={}, editing=post)


def edit(forum_name: str, post_id: str):
    _user, post = _own_post(forum_name, post_id)
    check_csrf("token")
    values, errors, _forum = _read_post_form(require_forum=False)
    values["forum"] = post["forum"]
    if errors:
        return render_template("submit.html", forums=_forums(), values=values, errors=errors, editing=post), 400
    get_db().execute(
        "UPDATE submission SET title = ?, url = ?, body = ?, edited_at = ? WHERE id = ?",
        (values["title"], values["url"] or None, values["body"], now_stamp(), post["id"]),
    )
    flash("The post was updated.", "success")
    return redirect(post_path(post["forum"], post["id"], values["title"]))


def delete(forum_name: str, post_id: str):
    _user, post = _own_post(forum_name, post_id)
    check_csrf("token")
    db = get_db()
    with write_transaction(db):
        db.execute("DELETE FROM submission WHERE id = ?", (post["id"],))
        db.execute("UPDATE forum SET submission_count = submission_count - 1 WHERE name = ?", (post["forum"],))
    flash("The post was deleted.", "success")
    return redirect(f"/f/{post['forum']}")


# ---- comments -----------------------------------------------------------------------------------------------


def _comment_text(field: str = "comment[comment]") -> tuple[str, str | None]:
    text = (request.form.get(field) or "").replace("\r\n", "\n").strip()
    if not text:
        return text, "The comment is empty."
    if len(text) > COMMENT_MAX:
        return text, f"The comment is too long ({len(text)} characters; at most {COMMENT_MAX})."
    return text, None


def comment(forum_name: str, post_id: str, parent_id: str | None = None):
    user = require_user()
    post = _post(forum_name, post_id)
    check_csrf("token")
    db = get_db()
    parent = None
    if parent_id is not None:
        parent = id_from_path(parent_id, "comment")
        if (
            db.execute("SELECT 1 FROM comment WHERE id = ? AND submission_id = ?", (parent, post["id"])).fetchone()
            is None
        ):
            abort(404, description=f"comment {parent} does not exist on this post")
    text, error = _comment_text()
    back = post_path(post["forum"], post["id"], post["title"])
    if error:
        abort(400, description=error)
    stamp = now_stamp()
    with write_transaction(db):
        cur = db.execute(
            "INSERT INTO comment(submission_id, parent_id, user_id, body, created_at, upvotes, downvotes,"
            " net_score) VALUES (?, ?, ?, ?, ?, 1, 0, 1)",
            (post["id"], parent, user["id"], text, stamp),
        )
        db.execute(
            "INSERT INTO comment_vote(comment_id, user_id, choice) VALUES (?, ?, 1)", (cur.lastrowid, user["id"])
        )
        db.execute(
            "UPDATE submission SET comment_count = comment_count + 1, last_active = ? WHERE id = ?", (stamp, post["id"])
        )
    return redirect(f"{back}#comment_{cur.lastrowid}")


def _own_comment(forum_name: str, post_id: str, comment_id: str):
    user = require_user()
    post = _post(forum_name, post_id)
    cid = id_from_path(comment_id, "comment")
    row = get_db().execute("SELECT * FROM comment WHERE id = ? AND submission_id = ?", (cid, post["id"])).fetchone()
    if row is None:
        abort(404, description=f"comment {cid} does not exist on this post")
    if row["user_id"] != user["id"]:
        abort(403, description="Only the author of a comment can edit or delete it.")
    return post, row


def comment_edit_form(forum_name: str, post_id: str, comment_id: str):
    post, row = _own_comment(forum_name, post_id, comment_id)
    return render_template("comment_edit.html", post=post, comment=row, error=None, text=row["body"])


def comment_edit(forum_name: str, post_id: str, comment_id: str):
    post, row = _own_comment(forum_name, post_id, comment_id)
    check_csrf("token")
    text, error = _comment_text()
    if error:
        return render_template("comment_edit.html", post=post, comment=row, error=error, text=text), 400
    get_db().execute("UPDATE comment SET body = ?, edited_at = ? WHERE id = ?", (text, now_stamp(), row["id"]))
    return redirect(f"{post_path(post['forum'], post['id'], post['title'])}#comment_{row['id']}")


def comment_delete(forum_name: str, post_id: str, comment_id: str):
    post, row = _own_comment(forum_name, post_id, comment_id)
    check_csrf("token")
    db = get_db()
    with write_transaction(db):
        removed = (
            1
            + db.execute(
                "WITH RECURSIVE sub(id) AS (SELECT id FROM comment WHERE parent_id = ? UNION ALL"
                " SELECT c.id FROM comment c JOIN sub ON c.parent_id = sub.id) SELECT count(*) FROM sub",
                (row["id"],),
            ).fetchone()[0]
        )
        db.execute("DELETE FROM comment WHERE id = ?", (row["id"],))
        db.execute(
            "UPDATE submission SET comment_count = max(0, comment_count - ?) WHERE id = ?", (removed, post["id"])
        )
    flash("The comment was deleted.", "success")
    return redirect(post_path(post["forum"], post["id"], post["title"]))


# ---- votes ------------------------------------------------------------------------------------------------


def _choice() -> int:
    raw = (request.form.get("choice") or "").strip()
    if raw not in ("1", "0", "-1"):
        abort(400, description=f"vote choice {raw[:20]!r}: one of 1 (up), 0 (retract), -1 (down)")
    return int(raw)


def _apply_vote(target: str, item_id: int, user_id: int, choice: int) -> None:
    """Set the user's vote on a submission or comment (in `<target>_vote`) and the target's counts and ranking."""
    table, column = f"{target}_vote", f"{target}_id"
    db = get_db()
    with write_transaction(db):
        old = db.execute(
            f"SELECT choice FROM {table} WHERE {column} = ? AND user_id = ?", (item_id, user_id)
        ).fetchone()
        old = old[0] if old else 0
        if old != choice:
            if choice == 0:
                db.execute(f"DELETE FROM {table} WHERE {column} = ? AND user_id = ?", (item_id, user_id))
            else:
                db.execute(
                    f"INSERT INTO {table}({column}, user_id, choice) VALUES (?, ?, ?) ON CONFLICT(user_id,"
                    f" {column}) DO UPDATE SET choice = excluded.choice",
                    (item_id, user_id, choice),
                )
            up = (choice == 1) - (old == 1)
            down = (choice == -1) - (old == -1)
            db.execute(
                f"UPDATE {target} SET upvotes = upvotes + ?, downvotes = downvotes + ?,"
                f" net_score = net_score + ? WHERE id = ?",
                (up, down, up - down, item_id),
            )
            if target == "submission":
                row = db.execute("SELECT created_at, net_score FROM submission WHERE id = ?", (item_id,)).fetchone()
                db.execute("UPDATE submission SET ranking = ? WHERE id = ?", (ranking(row[0], row[1]), item_id))


def _vote(kind: str, target: str, raw_id: str, sql: str, back: Callable[[sqlite3.Row], str]):
    """Record the signed-in user's vote on the `target` row (a post is a submission) named by `raw_id`; `sql` finds
    it with what `back` needs for the page to return to."""
    user = require_user()
    check_csrf("token")
    item_id = id_from_path(raw_id, kind)
    row = get_db().execute(sql, (item_id,)).fetchone()
    if row is None:
        abort(404, description=f"{kind} {item_id} does not exist")
    page = safe_next(back(row))  # decided before the write
    _apply_vote(target, item_id, user["id"], _choice())
    return redirect(page)


def vote_submission(post_id: str):
    return _vote(
        "post",
        "submission",
        post_id,
        "SELECT s.id, s.title, f.name FROM submission s JOIN forum f ON f.id = s.forum_id WHERE s.id = ?",
        lambda row: post_path(row[2], row[0], row[1]),
    )


def vote_comment(comment_id: str):
    return _vote(
        "comment",
        "comment",
        comment_id,
        "SELECT c.id, s.id, s.title, f.name FROM comment c JOIN submission s ON s.id = c.submission_id"
        " JOIN forum f ON f.id = s.forum_id WHERE c.id = ?",
        lambda row: f"{post_path(row[3], row[1], row[2])}#comment_{row[0]}",
    )
