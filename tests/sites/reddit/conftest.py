"""Fixtures of the forum tests: one tiny generated data set per session, a fresh app per test (its own copy)."""

from __future__ import annotations

import re

import pytest

from sites.reddit import RedditConfig, create_app, store
from tests.sites.fixtures import app_on_copy, session_data

TEST_SEED = 777
TEST_POSTS = 400
RESET_TOKEN = "test-reset-token"
MARVEL = ("MarvelsGrantMan136", "test1234")


forum_settings, forum_data = session_data(
    store, "forum", TEST_SEED, TEST_POSTS, RESET_TOKEN, ("forum_settings", "forum_data")
)


@pytest.fixture
def forum_app(forum_data, tmp_path):
    live = tmp_path / "reddit.sqlite"
    return app_on_copy(
        create_app, RedditConfig, forum_data.db, live, image_cache=forum_data.image_cache, reset_token=RESET_TOKEN
    )


@pytest.fixture
def forum(forum_app):
    return forum_app.test_client()


def token_of(client, path: str, field: str = "token") -> str:
    html = client.get(path).get_data(as_text=True)
    match = re.search(rf'name="{field}" value="([^"]+)"', html)
    assert match, f"no {field} field on {path}"
    return match.group(1)


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
