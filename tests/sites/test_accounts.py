"""Login contract, logout, registration, profile, my listings, and the reset endpoint."""

from __future__ import annotations

import re
import sqlite3

from tests.sites.conftest import BLAKE, RESET_TOKEN, csrf_of, login, logout, png_bytes


def test_login_form_contract(client):
    html = client.get("/index.php?page=login").get_data(as_text=True)
    form = html.split('<form class="login-form"')[1].split("</form>")[0]
    assert 'method="post" action="/index.php"' in form
    assert '<input type="hidden" name="page" value="login">' in form
    assert '<input type="hidden" name="action" value="login_post">' in form
    assert 'name="email"' in form and 'name="password"' in form
    # the login button is the first button[type=submit] of the page (the harness clicks the first match)
    assert html.index('<button type="submit"') > html.index('<form class="login-form"')


def test_login_redirects_home_and_shows_name_and_logout(client):
    response = login(client)
    assert response.status_code == 302 and response.headers["Location"] in ("/", "http://localhost/")
    home = client.get("/").get_data(as_text=True)
    assert "Blake Sullivan" in home and ">Logout</button>" in home
    assert logout(client).status_code == 302
    home = client.get("/").get_data(as_text=True)
    assert "Blake Sullivan" not in home and ">Logout</button>" not in home


def test_wrong_password_and_unknown_user_are_refused(client):
    assert login(client, BLAKE[0], "wrong").status_code == 401
    assert login(client, "nobody@example.com", "x").status_code == 401
    assert ">Logout</button>" not in client.get("/").get_data(as_text=True)


def test_generated_seller_can_log_in(client):
    assert login(client, "seller00002@example.com", "Seller.123").status_code == 302


def test_register_then_profile_and_my_items(client, app):
    data = {
        "page": "register",
        "action": "register_post",
        "name": "Pat Q.",
        "email": "pat@example.com",
        "phone": "555-123-4567",
        "password": "secret12",
        "password2": "secret12",
        "csrf": csrf_of(client, "/index.php?page=register"),
    }
    assert client.post("/index.php", data=data).status_code == 302
    profile = client.get("/index.php?page=user&action=profile").get_data(as_text=True)
    assert "pat@example.com" in profile and "Pat Q." in profile
    assert logout(client).status_code == 302
    data["csrf"] = csrf_of(client, "/index.php?page=register")
    again = client.post("/index.php", data=data)
    assert again.status_code == 400 and "already exists" in again.get_data(as_text=True)
    bad = client.post("/index.php", data={**data, "email": "not-an-email", "password2": "other"})
    assert bad.status_code == 400 and "not a valid address" in bad.get_data(as_text=True)
    assert login(client, "pat@example.com", "secret12").status_code == 302
    items = client.get("/index.php?page=user&action=items").get_data(as_text=True)
    assert "My listings (0)" in items


def test_my_items_lists_own_listings(blake, dataset):
    conn = sqlite3.connect(dataset.db)
    own = {r[0] for r in conn.execute("SELECT id FROM item WHERE user_id = 1")}
    html = blake.get("/index.php?page=user&action=items").get_data(as_text=True)
    shown = {int(x) for x in re.findall(r'card-title" href="/index.php\?page=item&amp;id=(\d+)', html)}
    assert shown == own


def test_profile_update_needs_csrf(blake):
    token = csrf_of(blake, "/index.php?page=user&action=profile")
    no_token = blake.post("/index.php", data={"page": "user", "action": "profile_post", "name": "X", "phone": ""})
    assert no_token.status_code == 400
    ok = blake.post(
        "/index.php",
        data={"page": "user", "action": "profile_post", "name": "Blake S.", "phone": "555-000-1111", "csrf": token},
    )
    assert ok.status_code == 302
    assert "Blake S." in blake.get("/").get_data(as_text=True)


def test_profile_error_page_keeps_the_listing_count(blake, dataset):
    own = sqlite3.connect(dataset.db).execute("SELECT COUNT(*) FROM item WHERE user_id = 1").fetchone()[0]
    assert own > 0
    token = csrf_of(blake, "/index.php?page=user&action=profile")
    bad = blake.post(
        "/index.php", data={"page": "user", "action": "profile_post", "name": "", "phone": "", "csrf": token}
    )
    assert bad.status_code == 400
    assert f'action=items">{own}</a>' in bad.get_data(as_text=True)


def test_pages_needing_login_say_so(client):
    for path in (
        "/index.php?page=user&action=items",
        "/index.php?page=user&action=profile",
        "/index.php?page=item&action=item_add",
    ):
        response = client.get(path)
        assert response.status_code == 401 and "log in" in response.get_data(as_text=True).lower()


def test_reset_requires_token_and_restores_state(blake, app, dataset):
    token = csrf_of(blake, "/index.php?page=item&action=item_add")
    posted = blake.post(
        "/index.php",
        data={
            "page": "item",
            "action": "item_add_post",
            "csrf": token,
            "title": "Temporary thing",
            "description": "gone soon",
            "price": "5",
            "sCategory": "1",
            "sRegion": "1",
            "sCity": "1",
            "photos": (__import__("io").BytesIO(png_bytes()), "a.png"),
        },
        content_type="multipart/form-data",
    )
    assert posted.status_code == 302
    upload_dir = app.config["CLASSIFIEDS"].upload_dir
    assert list(upload_dir.iterdir())
    assert blake.post("/index.php?page=reset", data={"token": "wrong"}).status_code == 403
    assert blake.post("/index.php?page=reset", data={}).status_code == 403
    assert blake.get("/index.php?page=reset").status_code in (404, 405)
    assert "Temporary thing" in blake.get("/").get_data(as_text=True)
    response = blake.post("/index.php?page=reset", data={"token": RESET_TOKEN})
    assert response.status_code == 200 and response.get_json()["reset"] is True
    assert "Temporary thing" not in blake.get("/").get_data(as_text=True)
    assert list(upload_dir.iterdir()) == []
    live = app.config["CLASSIFIEDS"].live_db
    assert (
        sqlite3.connect(live).execute("SELECT COUNT(*) FROM item").fetchone()[0]
        == sqlite3.connect(dataset.db).execute("SELECT COUNT(*) FROM item").fetchone()[0]
    )
