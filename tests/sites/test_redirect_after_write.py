"""The reproductions of the redirect findings: a form whose `return` or `next` holds a line break or a tab still
saves its change and then goes to the page it would go to without one (never a 500 after the write, never
another host); a login with such a `next` logs in."""

from __future__ import annotations

import sqlite3

import pytest

from tests.sites.reddit.conftest import MARVEL, forum_app, forum_data, forum_settings, log_in, token_of  # noqa: F401
from tests.sites.shopping.conftest import form_key, shop_app, shop_data, shop_settings  # noqa: F401

BAD = ("/a\nb", "/a\r\nb", "/\t/evil.example", "/%09/x\n")


def _simple_product(shop_app):  # noqa: F811
    conn = sqlite3.connect(shop_app.config["SHOPPING"].live_db)
    try:
        return conn.execute(
            "SELECT id, url_key FROM product p WHERE NOT EXISTS"
            " (SELECT 1 FROM product_option o WHERE o.product_id = p.id) LIMIT 1"
        ).fetchone()
    finally:
        conn.close()


@pytest.mark.parametrize("target", BAD)
@pytest.mark.parametrize(
    "route, table", [("/checkout/cart/add/", "cart_item"), ("/catalog/product_compare/add/", "compare_item")]
)
def test_the_store_saves_then_falls_back_to_the_product_page(shop_app, route, table, target):  # noqa: F811
    shop = shop_app.test_client()
    pid, url_key = _simple_product(shop_app)
    response = shop.post(route, data={"form_key": form_key(shop), "product": pid, "qty": "1", "return": target})
    assert response.status_code == 302 and response.headers["Location"] == f"/{url_key}.html"
    conn = sqlite3.connect(shop_app.config["SHOPPING"].live_db)
    assert conn.execute(f"SELECT COUNT(*) FROM {table} WHERE product_id = ?", (pid,)).fetchone()[0] == 1


def test_the_store_keeps_a_good_return_path(shop_app):  # noqa: F811
    shop = shop_app.test_client()
    pid, _ = _simple_product(shop_app)
    response = shop.post(
        "/checkout/cart/add/",
        data={"form_key": form_key(shop), "product": pid, "return": "/catalogsearch/result/?q=mug"},
    )
    assert response.headers["Location"] == "/catalogsearch/result/?q=mug"


def _my_post(forum_app):  # noqa: F811
    conn = sqlite3.connect(forum_app.config["REDDIT"].live_db)
    try:
        return conn.execute(
            "SELECT s.id, f.name, s.upvotes FROM submission s JOIN forum f ON f.id = s.forum_id"
            " WHERE s.user_id != (SELECT id FROM user WHERE username = ?) ORDER BY s.id LIMIT 1",
            (MARVEL[0],),
        ).fetchone()
    finally:
        conn.close()


@pytest.mark.parametrize("target", BAD)
def test_a_forum_vote_is_stored_then_goes_back_to_the_post(forum_app, target):  # noqa: F811
    forum = forum_app.test_client()
    assert log_in(forum).status_code == 302
    post_id, forum_name, upvotes = _my_post(forum_app)
    response = forum.post(
        f"/sv/{post_id}", data={"token": token_of(forum, "/login", "_csrf_token"), "choice": "1", "next": target}
    )
    assert response.status_code == 302, response.status_code
    assert response.headers["Location"].startswith(f"/f/{forum_name}/{post_id}/")
    assert _my_post(forum_app)[2] == upvotes + 1


@pytest.mark.parametrize("target", BAD)
def test_subscribing_is_stored_then_goes_to_the_forum(forum_app, target):  # noqa: F811
    forum = forum_app.test_client()
    assert log_in(forum).status_code == 302
    token = token_of(forum, "/login", "_csrf_token")
    conn = sqlite3.connect(forum_app.config["REDDIT"].live_db)
    name = conn.execute(
        "SELECT name FROM forum WHERE id NOT IN (SELECT forum_id FROM subscription WHERE user_id ="
        " (SELECT id FROM user WHERE username = ?)) LIMIT 1",
        (MARVEL[0],),
    ).fetchone()[0]
    for action, count in (("subscribe", 1), ("unsubscribe", 0)):
        response = forum.post(f"/f/{name}/{action}", data={"token": token, "next": target})
        assert response.status_code == 302 and response.headers["Location"] == f"/f/{name}", action
        assert (
            conn.execute(
                "SELECT COUNT(*) FROM subscription s JOIN forum f ON f.id = s.forum_id JOIN user u"
                " ON u.id = s.user_id WHERE f.name = ? AND u.username = ?",
                (name, MARVEL[0]),
            ).fetchone()[0]
            == count
        )


@pytest.mark.parametrize("target", BAD)
def test_a_login_with_a_bad_next_logs_in_and_goes_home(forum_app, target):  # noqa: F811
    forum = forum_app.test_client()
    token = token_of(forum, "/login", "_csrf_token")
    response = forum.post(
        "/login", data={"_username": MARVEL[0], "_password": MARVEL[1], "_csrf_token": token, "next": target}
    )
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert forum.get("/messages").status_code == 200
