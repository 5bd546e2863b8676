"""Accounts and what belongs to one: log in, register, log out, subscriptions, direct messages, blocking users."""

from __future__ import annotations

import re

from flask import abort, flash, redirect, render_template, request

from sites.common.db import write_transaction
from sites.common.passwords import hash_new, verify
from sites.common.sessions import begin_login, end_login, harness_login
from sites.common.throttle import client_address, login_throttle
from sites.common.web import inserted_id
from sites.reddit.web import check_csrf, forum_row, get_db, id_from_path, now_stamp, require_user, safe_next

USERNAME = re.compile(r"^[A-Za-z0-9_-]{3,25}$")
MESSAGE_MAX = 10000
TITLE_MAX = 200
_UNKNOWN_USER_HASH = hash_new("not a password of anyone")


def _start_session(user_id: int) -> None:
    begin_login(user_id, keep=("csrf",))


def harness_session():
    """POST /__session (token, user = username): sites.common.sessions.harness_login."""
    from sites.reddit.web import conf

    def find(username: str):
        row = get_db().execute("SELECT id FROM user WHERE username = ?", (username,)).fetchone()
        return row["id"] if row else None

    return harness_login(conf().reset_token, find, _start_session)


def login_form():
    return render_template("login.html", error=None, username="", next=safe_next("/"))


def login():
    check_csrf("_csrf_token")
    username = (request.form.get("_username") or "").strip()[:100]
    password = request.form.get("_password") or ""
    throttle, address = login_throttle(), client_address()
    refusal = throttle.refusal(username, address)
    if refusal:
        return render_template("login.html", error=refusal, username=username, next=safe_next("/")), 429
    row = (
        get_db().execute("SELECT id, password_hash FROM user WHERE username = ?", (username,)).fetchone()
        if username
        else None
    )
    if row is None:
        verify(_UNKNOWN_USER_HASH, password)  # the same cost as a known name: no timing tell
    if row is None or not verify(row["password_hash"], password):
        throttle.failed(username, address)
        return render_template(
            "login.html", error="Invalid username or password.", username=username, next=safe_next("/")
        ), 400
    throttle.succeeded(username)
    back = safe_next("/")
    _start_session(row["id"])
    return redirect(back)


def logout():
    check_csrf("token")
    end_login()
    return redirect("/")


def register_form():
    return render_template("register.html", errors={}, username="")


def register():
    check_csrf("token")
    form = request.form
    username = (form.get("user[username]") or "").strip()
    first, second = form.get("user[password][first]") or "", form.get("user[password][second]") or ""
    errors = {}
    if not USERNAME.match(username):
        errors["username"] = "A username is 3 to 25 letters, digits, '_' or '-'."
    elif get_db().execute("SELECT 1 FROM user WHERE username = ?", (username,)).fetchone():
        errors["username"] = "That username is taken."
    if len(first) < 8:
        errors["password"] = "The password must have at least 8 characters."
    elif first != second:
        errors["password"] = "The two passwords do not match."
    elif len(first) > 200:
        errors["password"] = "The password is too long."
    if errors:
        return render_template("register.html", errors=errors, username=username[:40]), 400
    cur = get_db().execute(
        "INSERT INTO user(username, password_hash, created_at) VALUES (?, ?, ?)",
        (username, hash_new(first), now_stamp()),
    )
    _start_session(inserted_id(cur))
    flash(f"Welcome, {username}! Your account is ready.", "success")
    return redirect("/")


# ---- subscriptions --------------------------------------------------------------------------------------


def _subscription(forum_name: str, subscribe: bool):
    user = require_user()
    check_csrf("token")
    forum = forum_row(forum_name)
    back = safe_next(f"/f/{forum['name']}")  # decided before the write
    db = get_db()
    with write_transaction(db):
        if subscribe:
            changed = db.execute(
                "INSERT OR IGNORE INTO subscription(forum_id, user_id) VALUES (?, ?)", (forum["id"], user["id"])
            ).rowcount
        else:
            changed = -db.execute(
                "DELETE FROM subscription WHERE forum_id = ? AND user_id = ?", (forum["id"], user["id"])
            ).rowcount
        db.execute("UPDATE forum SET subscriber_count = subscriber_count + ? WHERE id = ?", (changed, forum["id"]))
    return redirect(back)


def subscribe(forum_name: str):
    return _subscription(forum_name, True)


def unsubscribe(forum_name: str):
    return _subscription(forum_name, False)


# ---- messages -------------------------------------------------------------------------------------------


def _user_named(username: str):
    row = get_db().execute("SELECT * FROM user WHERE username = ?", (username,)).fetchone()
    if row is None:
        abort(404, description=f"there is no user called {username[:60]!r}")
    return row


def _blocked(blocker_id: int, blocked_id: int) -> bool:
    return (
        get_db()
        .execute("SELECT 1 FROM user_block WHERE blocker_id = ? AND blocked_id = ?", (blocker_id, blocked_id))
        .fetchone()
        is not None
    )


def inbox():
    user = require_user()
    threads = (
        get_db()
        .execute(
            "SELECT t.*, a.username AS sender, b.username AS receiver,"
            " (SELECT max(m.created_at) FROM message m WHERE m.thread_id = t.id) AS last_at,"
            " (SELECT count(*) FROM message m WHERE m.thread_id = t.id) AS n,"
            " (SELECT m.body FROM message m WHERE m.thread_id = t.id ORDER BY m.id DESC LIMIT 1) AS last_body"
            " FROM message_thread t JOIN user a ON a.id = t.sender_id JOIN user b ON b.id = t.receiver_id"
            " WHERE t.sender_id = :u OR t.receiver_id = :u ORDER BY last_at DESC, t.id DESC",
            {"u": user["id"]},
        )
        .fetchall()
    )
    return render_template("messages.html", threads=threads)


def _thread(raw_id: str, user_id: int):
    tid = id_from_path(raw_id, "message thread")
    row = (
        get_db()
        .execute(
            "SELECT t.*, a.username AS sender, b.username AS receiver FROM message_thread t JOIN user a"
            " ON a.id = t.sender_id JOIN user b ON b.id = t.receiver_id WHERE t.id = ?",
            (tid,),
        )
        .fetchone()
    )
    if row is None or user_id not in (row["sender_id"], row["receiver_id"]):
        abort(404, description=f"message thread {tid} does not exist")
    return row


def _messages(thread_id: int) -> list:
    """The messages of a thread, oldest first, with their senders' names."""
    return (
        get_db()
        .execute(
            "SELECT m.*, u.username FROM message m JOIN user u ON u.id = m.sender_id"
            " WHERE m.thread_id = ? ORDER BY m.id",
            (thread_id,),
        )
        .fetchall()
    )


def thread(thread_id: str):
    user = require_user()
    row = _thread(thread_id, user["id"])
    return render_template("message_thread.html", thread=row, messages=_messages(row["id"]), error=None)


def _message_body() -> tuple[str, str | None]:
    body = (request.form.get("message[body]") or "").replace("\r\n", "\n").strip()
    if not body:
        return body, "The message is empty."
    if len(body) > MESSAGE_MAX:
        return body, f"The message is too long (at most {MESSAGE_MAX} characters)."
    return body, None


def thread_reply(thread_id: str):
    user = require_user()
    check_csrf("token")
    row = _thread(thread_id, user["id"])
    other = row["receiver_id"] if row["sender_id"] == user["id"] else row["sender_id"]
    body, error = _message_body()
    if error is None and _blocked(other, user["id"]):
        error = "This user has blocked you; your message was not sent."
    if error:
        return render_template("message_thread.html", thread=row, messages=_messages(row["id"]), error=error), 400
    get_db().execute(
        "INSERT INTO message(thread_id, sender_id, body, created_at) VALUES (?, ?, ?, ?)",
        (row["id"], user["id"], body, now_stamp()),
    )
    return redirect(f"/messages/thread/{row['id']}")


def compose_form(username: str):
    require_user()
    receiver = _user_named(username)
    return render_template("compose.html", receiver=receiver, errors={}, title="", body="")


def compose(username: str):
    user = require_user()
    check_csrf("token")
    receiver = _user_named(username)
    title = (request.form.get("message[title]") or "").strip()
    body, body_error = _message_body()
    errors = {}
    if not title:
        errors["title"] = "Please give the message a subject."
    elif len(title) > TITLE_MAX:
        errors["title"] = f"The subject is too long (at most {TITLE_MAX} characters)."
    if body_error:
        errors["body"] = body_error
    if receiver["id"] == user["id"]:
        errors["receiver"] = "You cannot send a message to yourself."
    elif _blocked(receiver["id"], user["id"]):
        errors["receiver"] = f"{receiver['username']} has blocked you; your message was not sent."
    if errors:
        return render_template(
            "compose.html", receiver=receiver, errors=errors, title=title[:TITLE_MAX], body=body
        ), 400
    db = get_db()
    stamp = now_stamp()
    with write_transaction(db):
        tid = db.execute(
            "INSERT INTO message_thread(sender_id, receiver_id, title, created_at) VALUES (?, ?, ?, ?)",
            (user["id"], receiver["id"], title, stamp),
        ).lastrowid
        db.execute(
            "INSERT INTO message(thread_id, sender_id, body, created_at) VALUES (?, ?, ?, ?)",
            (tid, user["id"], body, stamp),
        )
    flash("Your message was sent.", "success")
    return redirect(f"/messages/thread/{tid}")


# ---- blocking -------------------------------------------------------------------------------------------


def block_form(username: str):
    user = require_user()
    target = _user_named(username)
    return render_template("block.html", target=target, already=_blocked(user["id"], target["id"]), error=None)


def block(username: str):
    user = require_user()
    check_csrf("token")
    target = _user_named(username)
    if target["id"] == user["id"]:
        return render_template("block.html", target=target, already=False, error="You cannot block yourself."), 400
    note = (request.form.get("user_block[comment]") or "").strip()[:300]
    get_db().execute(
        "INSERT OR IGNORE INTO user_block(blocker_id, blocked_id, comment, created_at) VALUES (?, ?, ?, ?)",
        (user["id"], target["id"], note, now_stamp()),
    )
    flash(f"{target['username']} is blocked: they can no longer send you messages.", "success")
    return redirect(f"/user/{user['username']}/block_list")


def unblock(username: str):
    user = require_user()
    check_csrf("token")
    target = _user_named(username)
    get_db().execute("DELETE FROM user_block WHERE blocker_id = ? AND blocked_id = ?", (user["id"], target["id"]))
    flash(f"{target['username']} is no longer blocked.", "success")
    return redirect(f"/user/{user['username']}/block_list")


def block_list(username: str | None = None):
    user = require_user()
    if username is not None and username.lower() != user["username"].lower():
        abort(403, description="You can only see your own list of blocked users.")
    sql = (
        "SELECT b.*, u.username FROM user_block b JOIN user u ON u.id = b.blocked_id"
        " WHERE b.blocker_id = ? ORDER BY u.username"
    )
    return render_template("block_list.html", blocks=get_db().execute(sql, (user["id"],)).fetchall())
