"""Fixtures of the forum tests: one tiny generated data set per session, a fresh app per test (its own copy)."""

from __future__ import annotations

from sites.reddit import site as reddit_site
from tests.sites.fixtures import hidden_field, site_fixtures

RESET_TOKEN = "test-reset-token"
MARVEL = ("MarvelsGrantMan136", "test1234")

# a forum of 400 posts (seed 777) generated once a session; per test a fresh app on its own copy, and its client
forum_settings, forum_data, forum_app, forum = site_fixtures(
    reddit_site, 777, 400, RESET_TOKEN, ("forum_settings", "forum_data", "forum_app", "forum")
)


def token_of(client, path: str, field: str = "token") -> str:
    return hidden_field(client, path, field)


def log_in(client, username: str = MARVEL[0], password: str = MARVEL[1]):
    token = token_of(client, "/login", "_csrf_token")
    return client.post("/login", data={"_username": username, "_password": password, "_csrf_token": token})


def someone_and_thread(conn, me: int) -> tuple[str, int]:
    """Another user's name, and a message thread of user `me` (1 when they have none): route arguments."""
    other = conn.execute("SELECT username FROM user WHERE id != ? LIMIT 1", (me,)).fetchone()[0]
    thread = conn.execute(
        "SELECT id FROM message_thread WHERE sender_id = ? OR receiver_id = ? LIMIT 1", (me, me)
    ).fetchone()
    return other, thread[0] if thread else 1


def every_form_field(forum_name: str) -> dict:
    """A value for every field of every POST form of the forum (the route tests send it to each form)."""
    return {
        "choice": "1",
        "comment[comment]": "hello",
        "submission[title]": "A title",
        "submission[forum]": forum_name,
        "submission[body]": "text",
        "message[body]": "hi",
        "_username": MARVEL[0],
        "_password": MARVEL[1],
        "user[username]": "newcomer42",
        "user[password][first]": "secret.123",
        "user[password][second]": "secret.123",
    }


def assert_added_posts_stand_alone(conn, posts) -> None:
    """Each added post (net score, comment count, user id) has no votes or comments and a user of its own (no other
    post or comment of theirs), and every forum's submission_count still counts its posts."""
    for net, comments, uid in posts:
        assert net == 0 and comments == 0
        assert conn.execute("SELECT count(*) FROM submission WHERE user_id = ?", (uid,)).fetchone()[0] == 1
        assert conn.execute("SELECT count(*) FROM comment WHERE user_id = ?", (uid,)).fetchone()[0] == 0
    counts = conn.execute(
        "SELECT f.submission_count, (SELECT count(*) FROM submission s WHERE s.forum_id = f.id) FROM forum f"
    ).fetchall()
    assert all(a == b for a, b in counts)
