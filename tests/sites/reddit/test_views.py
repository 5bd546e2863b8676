"""The forum's pages and forms through the Flask test client: URLs, sorts and pagination, votes (toggle),
posting, editing and deleting (author only), comments, subscriptions, messages and blocks, and bad input."""

from __future__ import annotations

import re
import sqlite3

import pytest

from tests.found import found
from tests.sites.reddit.conftest import MARVEL, every_form_field, log_in, someone_and_thread, token_of


def _post_path(forum) -> str:
    html = forum.get("/f/aww/new").get_data(as_text=True)
    return found(r'href="(/f/aww/\d+/[^"#]+)" class="submission__comments-link"', html)


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/all",
        "/new",
        "/all/top",
        "/f/aww",
        "/f/aww/hot",
        "/f/aww/new",
        "/f/aww/active",
        "/f/aww/top?t=week",
        "/f/aww/controversial?t=all",
        "/f/aww/most_commented?t=year",
        "/forums",
        "/forums/all",
        "/search?q=dinner",
        "/user/MarvelsGrantMan136",
        "/user/MarvelsGrantMan136/comments",
        "/login",
        "/registration",
        "/healthz",
    ],
)
def test_pages_answer(forum, path):
    assert forum.get(path).status_code == 200


@pytest.mark.parametrize(
    "path,code",
    [
        ("/f/aww/hot?next[ranking]=abc&next[id]=3", 400),
        ("/f/aww/hot?next[ranking]=5", 400),
        ("/f/aww/top?next[netScore]=%C2%B2&next[id]=1", 400),
        ("/f/aww/top?next[netScore]=1&next[id]=" + "9" * 30, 400),
        ("/f/aww/top?t=fortnight", 400),
        ("/forums?sortBy=evil", 400),
        ("/f/aww/" + "9" * 30, 404),
        ("/f/aww/%D9%A3", 404),
        ("/f/nosuchforum", 404),
        ("/user/nobody_here", 404),
        ("/f/aww/1/-/comment/x1", 404),
        ("/submission_images/nothing.jpg", 404),
        ("/all/sideways", 404),
    ],
)
def test_bad_parameters_are_clear_errors_not_500(forum, path, code):
    response = forum.get(path)
    assert response.status_code == code
    assert "Traceback" not in response.get_data(as_text=True)


def test_keyset_pagination_walks_the_sort_without_repeats(forum):
    seen, path = [], "/all/top"
    for _ in range(4):
        html = forum.get(path).get_data(as_text=True)
        seen += re.findall(r'<article class="submission" data-id="(\d+)"', html)
        nxt = re.search(r'href="(/all/top\?[^"]+)" class="button button--secondary pagination__next"', html)
        if not nxt:
            break
        path = nxt.group(1).replace("&amp;", "&")
        assert "next%5BnetScore%5D=" in path or "next[netScore]=" in path
    assert len(seen) == len(set(seen)) > 25


def test_post_page_has_postmill_hooks_and_comment_tree(forum_app, forum):
    from sites.reddit.data import RedditData

    pristine = forum_app.config["REDDIT"].pristine_db
    with RedditData(pristine) as data:
        busy = data.find_posts(min_comments=200, limit=1)[0]
        n = busy.comment_count
    html = forum.get(busy.url_path).get_data(as_text=True)
    for hook in (
        "submission__inner",
        "submission__title",
        "submission__link",
        "submission__submitter",
        "submission__info",
        "submission__row",
        "submission__vote",
        "vote__net-score",
        'id="sidebar"',
        'id="main"',
        "site-nav",
        "site-content",
        "comment__content",
        "fg-inherit",
    ):
        assert hook in html, hook
    assert html.count('class="comment ') == n
    assert 'data-level="2"' in html


def test_login_logout_and_csrf(forum):
    assert log_in(forum, MARVEL[0], "wrong").status_code == 400
    no_token = forum.post("/login", data={"_username": MARVEL[0], "_password": MARVEL[1]})
    assert no_token.status_code == 400
    assert log_in(forum).status_code == 302
    assert "Log out" in forum.get("/").get_data(as_text=True)
    assert forum.post("/logout", data={}).status_code == 400  # no token
    assert forum.post("/logout", data={"token": token_of(forum, "/")}).status_code == 302
    assert "Log out" not in forum.get("/").get_data(as_text=True)


def _vote_class(forum, path):
    html = forum.get(path).get_data(as_text=True)
    return found(r'<div class="submission__vote">\s*<form [^>]*class="([^"]+)"', html)


def test_votes_toggle_and_need_a_token(forum):
    path = _post_path(forum)
    post_id = path.split("/")[3]
    anonymous = forum.post(f"/sv/{post_id}", data={"choice": "1", "next": path})
    assert anonymous.status_code == 302 and anonymous.headers["Location"].startswith("/login?next=/f/aww/")
    log_in(forum)
    if _vote_class(forum, path) != "vote":  # start from no vote
        forum.post(f"/sv/{post_id}", data={"token": token_of(forum, path), "choice": "0"})
    assert _vote_class(forum, path) == "vote"
    assert forum.post(f"/sv/{post_id}", data={"choice": "1"}).status_code == 400
    token = token_of(forum, path)
    forum.post(f"/sv/{post_id}", data={"token": token, "choice": "1"})
    assert _vote_class(forum, path) == "vote vote--user-upvoted"
    forum.post(f"/sv/{post_id}", data={"token": token, "choice": "-1"})
    assert _vote_class(forum, path) == "vote vote--user-downvoted"
    forum.post(f"/sv/{post_id}", data={"token": token, "choice": "0"})
    assert _vote_class(forum, path) == "vote"
    assert forum.post(f"/sv/{post_id}", data={"token": token, "choice": "7"}).status_code == 400
    assert forum.post("/sv/٣", data={"token": token, "choice": "1"}).status_code == 404


def test_submit_edit_delete_only_by_author(forum_app, forum):
    log_in(forum)
    token = token_of(forum, "/submit")
    bad = forum.post(
        "/submit",
        data={
            "token": token,
            "submission[title]": "",
            "submission[forum]": "nope",
            "submission[url]": "javascript:alert(1)",
        },
    )
    text = bad.get_data(as_text=True)
    assert bad.status_code == 400 and "Please give your post a title" in text and "full http" in text
    ok = forum.post(
        "/submit",
        data={
            "token": token,
            "submission[title]": "Look <b>here</b>",
            "submission[body]": "Hi <script>alert(1)</script> **bold** [x](javascript:evil)",
            "submission[forum]": "aww",
        },
    )
    assert ok.status_code == 302
    path = ok.headers["Location"]
    html = forum.get(path).get_data(as_text=True)
    assert "<script>alert" not in html and "&lt;script&gt;" in html and "<strong>bold</strong>" in html
    assert 'href="javascript:' not in html and "Look &lt;b&gt;here&lt;/b&gt;" in html
    post_id = path.split("/")[3]
    assert (
        forum.post(f"/f/aww/{post_id}/-/edit", data={"token": token, "submission[title]": "Changed"}).status_code == 302
    )
    assert "Changed" in forum.get(path.replace("look_b_here_b", "changed")).get_data(as_text=True)
    other = forum_app.test_client()
    sqlite3.connect(forum_app.config["REDDIT"].live_db).execute(
        "UPDATE user SET password_hash = (SELECT password_hash FROM user WHERE id = 2) WHERE id = 3"
    ).connection.commit()
    name = (
        sqlite3.connect(forum_app.config["REDDIT"].live_db)
        .execute("SELECT username FROM user WHERE id = 3")
        .fetchone()[0]
    )
    assert log_in(other, name, "forum.1234").status_code == 302
    other_token = token_of(other, "/submit")
    assert other.post(f"/f/aww/{post_id}/-/delete", data={"token": other_token}).status_code == 403
    assert other.get(f"/f/aww/{post_id}/-/edit").status_code == 403
    assert forum.post(f"/f/aww/{post_id}/-/delete", data={"token": token}).status_code == 302
    assert forum.get(f"/f/aww/{post_id}").status_code == 404


def test_comments_replies_edit_delete(forum):
    path = _post_path(forum)
    post_id = path.split("/")[3]
    log_in(forum)
    token = token_of(forum, path)
    assert forum.post(f"/f/aww/{post_id}/-/comment", data={"token": token, "comment[comment]": "  "}).status_code == 400
    r = forum.post(f"/f/aww/{post_id}/-/comment", data={"token": token, "comment[comment]": "first!"})
    cid = r.headers["Location"].split("#comment_")[1]
    r = forum.post(f"/f/aww/{post_id}/-/comment/{cid}/reply", data={"token": token, "comment[comment]": "reply"})
    assert r.status_code == 302
    html = forum.get(f"/f/aww/{post_id}/-/comment/{cid}").get_data(as_text=True)
    assert "first!" in html and "reply" in html and 'data-level="2"' in html
    assert (
        forum.post(
            f"/f/aww/{post_id}/-/comment/{cid}/edit", data={"token": token, "comment[comment]": "edited"}
        ).status_code
        == 302
    )
    assert "edited" in forum.get(path).get_data(as_text=True)
    assert forum.post(f"/f/aww/{post_id}/-/comment/{cid}/delete", data={"token": token}).status_code == 302
    assert "edited" not in forum.get(path).get_data(as_text=True)


def test_subscribe_unsubscribe(forum):
    log_in(forum)
    front = forum.get("/").get_data(as_text=True)
    sidebar = front[front.index('id="sidebar"') :]
    assert re.search(r'<section class="sidebar__section sidebar__subscriptions">.*?<ul>.*?/f/memes', sidebar, re.S)
    token = token_of(forum, "/f/space")
    forum.post("/f/space/subscribe", data={"token": token})
    assert "Unsubscribe" in forum.get("/f/space").get_data(as_text=True)
    forum.post("/f/space/unsubscribe", data={"token": token})
    assert ">Subscribe<" in forum.get("/f/space").get_data(as_text=True)
    assert forum.post("/f/space/subscribe", data={}).status_code == 400


def test_messages_and_blocks(forum_app):
    live = forum_app.config["REDDIT"].live_db
    conn = sqlite3.connect(live)
    other = conn.execute("SELECT username FROM user WHERE id = 2").fetchone()[0]
    marvel, them = forum_app.test_client(), forum_app.test_client()
    log_in(marvel)
    assert log_in(them, other, "forum.1234").status_code == 302
    token = token_of(them, f"/user/{MARVEL[0]}/compose_message")
    sent = them.post(
        f"/user/{MARVEL[0]}/compose_message",
        data={"token": token, "message[title]": "hello", "message[body]": "hi there"},
    )
    assert sent.status_code == 302
    assert "hello" in marvel.get("/messages").get_data(as_text=True)
    mtoken = token_of(marvel, f"/user/{other}/block_user")
    assert marvel.post(f"/user/{other}/block_user", data={"token": mtoken}).status_code == 302
    assert other in marvel.get(f"/user/{MARVEL[0]}/block_list").get_data(as_text=True)
    assert them.get(f"/user/{MARVEL[0]}/block_list").status_code == 403
    inbox = marvel.get("/messages").get_data(as_text=True)
    assert "hi there" in inbox and other in inbox
    refused = them.post(
        f"/user/{MARVEL[0]}/compose_message", data={"token": token, "message[title]": "again", "message[body]": "hi"}
    )
    assert refused.status_code == 400 and "has blocked you" in refused.get_data(as_text=True)
    thread = sent.headers["Location"].rsplit("/", 1)[1]
    reply = them.post(f"/messages/thread/{thread}/reply", data={"token": token, "message[body]": "please"})
    assert reply.status_code == 400 and "blocked you" in reply.get_data(as_text=True)
    assert marvel.get("/messages/thread/99999999").status_code == 404


def test_register_validates(forum):
    token = token_of(forum, "/registration")
    bad = forum.post(
        "/registration",
        data={"token": token, "user[username]": "a b", "user[password][first]": "x", "user[password][second]": "y"},
    )
    assert bad.status_code == 400
    ok = forum.post(
        "/registration",
        data={
            "token": token,
            "user[username]": "newbie_1",
            "user[password][first]": "longenough",
            "user[password][second]": "longenough",
        },
    )
    assert ok.status_code == 302 and "newbie_1" in forum.get("/").get_data(as_text=True)


def test_images_and_reset(forum_app, forum):
    html = forum.get("/f/aww").get_data(as_text=True)
    thumb = found(r'src="(/media/cache/resolve/submission_thumbnail_1x/submission_images/[0-9a-f]+\.jpg)"', html)
    response = forum.get(thumb)
    assert response.status_code == 200 and response.mimetype == "image/jpeg"
    assert forum.post("/__reset", data={"token": "wrong"}).status_code == 403
    assert forum.post("/__reset", data={"token": "é"}).status_code == 403
    assert forum.post("/__reset", data={"token": "test-reset-token"}).status_code == 200


def _state(live_db) -> list:
    conn = sqlite3.connect(live_db)
    try:
        return [
            conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in (
                "submission",
                "comment",
                "submission_vote",
                "comment_vote",
                "subscription",
                "message",
                "user_block",
                "user",
            )
        ] + [conn.execute("SELECT total_changes()").fetchone()[0]]
    finally:
        conn.close()


def test_every_state_changing_route_needs_its_token(forum_app, forum):
    """Every POST route of the forum (read from the app's URL map, so a new route is covered the day it is added)
    refuses a request without its CSRF token or with a wrong one, and the database is left as it was."""
    log_in(forum)
    conn = sqlite3.connect(forum_app.config["REDDIT"].live_db)
    me = conn.execute("SELECT id FROM user WHERE username = ?", (MARVEL[0],)).fetchone()[0]
    post_id, forum_name = conn.execute(
        "SELECT s.id, f.name FROM submission s JOIN forum f ON f.id = s.forum_id WHERE s.user_id = ? LIMIT 1", (me,)
    ).fetchone()
    post_path = f"/f/{forum_name}/{post_id}"
    comment_id = (
        forum.post(
            f"{post_path}/-/comment", data={"token": token_of(forum, post_path), "comment[comment]": "my own comment"}
        )
        .headers["Location"]
        .split("#comment_")[1]
    )
    other, thread_id = someone_and_thread(conn, me)
    conn.close()
    args = {
        "forum_name": forum_name,
        "post_id": post_id,
        "comment_id": comment_id,
        "parent_id": comment_id,
        "username": other,
        "thread_id": thread_id,
    }
    form = every_form_field(forum_name)
    reset_token_routes = ("/__reset", "/__session")  # these answer 403 to a wrong token
    routes = [r for r in forum_app.url_map.iter_rules() if "POST" in r.methods and r.rule not in reset_token_routes]
    assert len(routes) >= 20
    live = forum_app.config["REDDIT"].live_db
    before = _state(live)[:-1]
    for rule in routes:
        path = rule.rule
        for name in rule.arguments:
            path = path.replace(f"<{name}>", str(args[name]))
        for bad in ({}, {"token": "forged", "_csrf_token": "forged"}):
            assert forum.post(path, data={**form, **bad}).status_code == 400, (path, bad)
    assert _state(live)[:-1] == before
    assert f"/user/{MARVEL[0]}" in forum.get("/").get_data(as_text=True)  # still logged in


def test_only_the_author_edits_or_deletes_a_comment(forum_app, forum):
    path = _post_path(forum)
    post_id = path.split("/")[3]
    log_in(forum)
    token = token_of(forum, path)
    cid = (
        forum.post(f"/f/aww/{post_id}/-/comment", data={"token": token, "comment[comment]": "mine"})
        .headers["Location"]
        .split("#comment_")[1]
    )
    live = forum_app.config["REDDIT"].live_db
    with sqlite3.connect(live) as conn:
        conn.execute("UPDATE user SET password_hash = (SELECT password_hash FROM user WHERE id = 2) WHERE id = 3")
        name = conn.execute("SELECT username FROM user WHERE id = 3").fetchone()[0]
    other = forum_app.test_client()
    assert log_in(other, name, "forum.1234").status_code == 302
    other_token = token_of(other, path)
    assert (
        other.post(
            f"/f/aww/{post_id}/-/comment/{cid}/edit", data={"token": other_token, "comment[comment]": "hijacked"}
        ).status_code
        == 403
    )
    assert other.post(f"/f/aww/{post_id}/-/comment/{cid}/delete", data={"token": other_token}).status_code == 403
    html = forum.get(path).get_data(as_text=True)
    assert "mine" in html and "hijacked" not in html


def test_the_forum_and_its_posts_list_its_moderators_alike(forum_app, forum):
    """The sidebar of a forum's listing and of one of its posts name the forum's moderators, alphabetically."""
    conn = sqlite3.connect(forum_app.config["REDDIT"].pristine_db)
    expected = [
        r[0]
        for r in conn.execute(
            "SELECT u.username FROM moderator m JOIN user u ON u.id = m.user_id JOIN forum f ON f.id = m.forum_id"
            " WHERE f.name = 'aww' ORDER BY u.username"
        )
    ]
    conn.close()
    assert expected
    for path in ("/f/aww", _post_path(forum)):
        html = forum.get(path).get_data(as_text=True)
        sidebar = html[html.index("sidebar__moderators") :]
        assert re.findall(r'<li><a href="/user/([^"]+)">', sidebar[: sidebar.index("</ul>")]) == expected, path
