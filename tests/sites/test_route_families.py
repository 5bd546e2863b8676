"""Hardening families over every state-changing route of the three Flask sites, read from each app's route table
(Flask's URL map; for the classifieds site, its (page, action, method) table), so a route added later is probed
without a new test:

- a token that is not ASCII (form token, reset token) is refused with a 4xx, never a 500, and changes nothing;
- a redirect target (`return`, `next`) with a line break, a tab or another host never gives a 500 nor a
  Location off the site;
- a session ends at logout for every copy of its cookie, and every session ends at a reset.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import Flask

from sites.classifieds import views as classifieds_views
from tests.found import found
from tests.sites.conftest import RESET_TOKEN as CLASSIFIEDS_TOKEN
from tests.sites.conftest import login as classifieds_login
from tests.sites.reddit.conftest import MARVEL, forum_app, forum_data, forum_settings, someone_and_thread  # noqa: F401
from tests.sites.reddit.conftest import RESET_TOKEN as FORUM_TOKEN
from tests.sites.reddit.conftest import every_form_field as every_form_field_of_forum
from tests.sites.reddit.conftest import log_in as forum_login
from tests.sites.shopping.conftest import RESET_TOKEN as SHOP_TOKEN
from tests.sites.shopping.conftest import every_form_field, shop_app, shop_data, shop_settings  # noqa: F401  (fixtures)
from tests.sites.shopping.conftest import sign_in as shop_login

TOKEN_FIELDS = ("csrf", "form_key", "token", "_csrf_token")
TOKEN_RE = re.compile(r'name="(?:csrf|form_key|token|_csrf_token)" value="([^"]+)"')
BAD_TARGETS = ("/a\nb", "/a\r\nb", "/\t/evil.example", "//evil.example", "https://evil.example/x", "/\\evil.example")


@dataclass
class Site:
    name: str
    app: Flask
    cookie: str
    log_in: Callable
    account_page: str  # 200 when logged in, a redirect or 401 when not
    token_pages: tuple[str, ...]  # pages that carry the session's form token
    reset: Callable  # (client, token) -> response
    posts: list[tuple[str, dict]] = field(default_factory=list)  # (path, form) of every POST route

    def client(self):
        return self.app.test_client()

    def token(self, client) -> str:
        for page in self.token_pages:
            match = TOKEN_RE.search(client.get(page).get_data(as_text=True))
            if match:
                return match.group(1)
        raise AssertionError(f"{self.name}: no form token on {self.token_pages}")

    def logged_in(self, client) -> bool:
        return client.get(self.account_page).status_code == 200

    def live_db(self) -> Path:
        config = self.app.config.get("CLASSIFIEDS") or self.app.config.get("SHOPPING") or self.app.config["REDDIT"]
        return Path(config.live_db)


def _fill(rule, args: dict) -> str:
    path = rule.rule
    for name in rule.arguments:
        path = path.replace(f"<{name}>", str(args[name]))
    return path


def _routed_site(name: str, app, login, account_page: str, token_pages: tuple[str, ...], args: dict, form) -> Site:
    """A site whose POST routes are the app's own rules (the store, the forum): each rule but the reset filled with
    `args` and sent `form`; its reset a POST of the token to /__reset."""
    posts = [(_fill(r, args), form) for r in app.url_map.iter_rules() if "POST" in r.methods and r.rule != "/__reset"]
    return Site(name, app, f"{name}_session", login, account_page, token_pages, _post_reset, posts)


def _post_reset(client, token: str):
    return client.post("/__reset", data={"token": token})


def _classifieds(app) -> Site:
    conn = sqlite3.connect(app.config["CLASSIFIEDS"].live_db)
    item = conn.execute("SELECT id FROM item WHERE user_id = 1 LIMIT 1").fetchone()[0]
    conn.close()
    base = {
        "id": str(item),
        "title": "A title",
        "description": "A long enough description.",
        "price": "10",
        "catId": "1",
        "email": "new.person@example.com",
        "password": "secret12",
        "name": "N",
        "password2": "secret12",
        "body": "hello",
        "message": "hi",
        "yourName": "Y",
        "yourEmail": "y@example.com",
    }
    reset_token_routes = ("reset", "session")  # these answer 403 to a wrong token
    posts = [
        ("/index.php", {**base, "page": page, "action": action or ""})
        for (page, action, method) in classifieds_views.ROUTES
        if method == "POST" and page not in reset_token_routes
    ]
    return Site(
        "classifieds",
        app,
        "classifieds_session",
        classifieds_login,
        "/index.php?page=user&action=profile",
        ("/index.php?page=register", "/"),
        lambda c, t: c.post("/index.php", data={"page": "reset", "token": t}),
        posts,
    )


def _shopping(app) -> Site:
    conn = sqlite3.connect(app.config["SHOPPING"].live_db)
    args = {
        "order_id": conn.execute("SELECT id FROM sales_order WHERE customer_id = 1 LIMIT 1").fetchone()[0],
        "address_id": conn.execute("SELECT id FROM address WHERE customer_id = 1 LIMIT 1").fetchone()[0],
        "product_id": conn.execute("SELECT id FROM product LIMIT 1").fetchone()[0],
    }
    conn.close()
    form = every_form_field(args["product_id"], args["address_id"])
    return _routed_site(
        "shopping", app, shop_login, "/customer/account/", ("/customer/account/login/", "/"), args, form
    )


def _reddit(app) -> Site:
    conn = sqlite3.connect(app.config["REDDIT"].live_db)
    me = conn.execute("SELECT id FROM user WHERE username = ?", (MARVEL[0],)).fetchone()[0]
    post_id, forum_name = conn.execute(
        "SELECT s.id, f.name FROM submission s JOIN forum f ON f.id = s.forum_id WHERE s.user_id = ? LIMIT 1", (me,)
    ).fetchone()
    comment = conn.execute("SELECT id FROM comment WHERE submission_id = ? LIMIT 1", (post_id,)).fetchone()
    other, thread_id = someone_and_thread(conn, me)
    conn.close()
    args = {
        "forum_name": forum_name,
        "post_id": post_id,
        "comment_id": comment[0] if comment else 1,
        "parent_id": comment[0] if comment else 1,
        "username": other,
        "thread_id": thread_id,
    }
    return _routed_site(
        "reddit", app, forum_login, "/messages", ("/login",), args, every_form_field_of_forum(forum_name)
    )


SITES = {
    "classifieds": ("app", _classifieds, CLASSIFIEDS_TOKEN),
    "shopping": ("shop_app", _shopping, SHOP_TOKEN),
    "reddit": ("forum_app", _reddit, FORUM_TOKEN),
}


@pytest.fixture(params=sorted(SITES))
def site(request) -> Site:
    fixture, build, _ = SITES[request.param]
    return build(request.getfixturevalue(fixture))


def _reset_token(site: Site) -> str:
    return SITES[site.name][2]


def _fingerprint(db: Path) -> str:
    conn = sqlite3.connect(db)
    try:
        return hashlib.sha256("\n".join(conn.iterdump()).encode()).hexdigest()
    finally:
        conn.close()


def _logged_in_client(site: Site):
    client = site.client()
    assert site.log_in(client).status_code == 302, site.name
    return client


def test_every_post_route_has_a_route_table_entry(site):
    assert len(site.posts) >= (11 if site.name == "classifieds" else 19), [p for p, _ in site.posts]


def test_a_non_ascii_token_is_refused_everywhere_and_changes_nothing(site):
    client = _logged_in_client(site)
    before = _fingerprint(site.live_db())
    for path, form in site.posts:
        for bad in ("é", "\u2603" * 40, "\xff"):
            response = client.post(path, data={**form, **{f: bad for f in TOKEN_FIELDS}})
            assert 400 <= response.status_code < 500, (site.name, path, form.get("action"), bad, response.status_code)
    for bad in ("é", "token\u00e9"):
        assert site.reset(client, bad).status_code == 403, (site.name, bad)
    assert _fingerprint(site.live_db()) == before
    assert site.logged_in(client)


def test_no_post_route_writes_for_a_guest_without_the_form_token(site):
    """A guest's forms (the classifieds contact form among them) carry and check the form token like a
    member's: a post without it, or with a forged one, changes nothing."""
    before = _fingerprint(site.live_db())
    for path, form in site.posts:
        for bad in ({}, {f: "forged" for f in TOKEN_FIELDS}):
            response = site.client().post(path, data={**form, **bad})
            assert response.status_code >= 300, (site.name, path, form.get("action"), bad, response.status_code)
            assert _fingerprint(site.live_db()) == before, (site.name, path, form.get("action"), bad)


def test_the_rest_api_refuses_a_non_ascii_bearer_token(shop_app):  # noqa: F811
    client = shop_app.test_client()
    rules = [r for r in shop_app.url_map.iter_rules() if r.rule.startswith("/rest/") and "GET" in r.methods]
    assert rules
    for rule in rules:
        path = _fill(rule, {name: "1" for name in rule.arguments})
        for header in ("Bearer \xe9", "Bearer \xe9" * 30, "Bearer "):
            response = client.get(path, headers={"Authorization": header})
            assert response.status_code == 401, (path, header, response.status_code)
    assert client.get(
        _fill(rules[0], {n: "1" for n in rules[0].arguments}), headers={"Authorization": f"Bearer {SHOP_TOKEN}"}
    ).status_code in (200, 404)


def _safe_location(location: str) -> bool:
    if any(ord(ch) < 0x21 or ord(ch) == 0x7F for ch in location) or "\\" in location:
        return False
    parts = urlsplit(location)
    return not location.startswith("//") and parts.netloc in ("", "localhost") and parts.scheme in ("", "http")


def test_redirect_targets_never_give_a_500_or_leave_the_site(site):
    client = _logged_in_client(site)
    posts = sorted(site.posts, key=lambda p: "logout" in p[0] + p[1].get("action", ""))  # log out last
    for path, form in posts:
        for target in BAD_TARGETS:
            token = site.token(client)
            data = {**form, **{f: token for f in TOKEN_FIELDS}, "return": target, "next": target}
            response = client.post(path, data=data)
            where = (site.name, path, form.get("action"), target, response.status_code)
            assert response.status_code < 500, where
            assert _safe_location(response.headers.get("Location", "")), (*where, response.headers["Location"])


def test_a_copied_cookie_is_logged_out_with_its_session(site):
    client = _logged_in_client(site)
    copy = site.client()
    copy.set_cookie(site.cookie, client.get_cookie(site.cookie).value)
    assert site.logged_in(copy)
    other = _logged_in_client(site)  # another login of the same account lives on
    logout = next((p, f) for p, f in site.posts if "logout" in p + f.get("action", ""))
    assert (
        client.post(logout[0], data={**logout[1], **{f: site.token(client) for f in TOKEN_FIELDS}}).status_code == 302
    )
    assert not site.logged_in(client)
    assert not site.logged_in(copy), f"{site.name}: a cookie copied before logout still opens {site.account_page}"
    assert site.logged_in(other)


def test_a_reset_ends_every_session(site):
    client = _logged_in_client(site)
    guest = site.client()
    guest_token = site.token(guest)
    assert site.reset(site.client(), _reset_token(site)).status_code == 200
    assert not site.logged_in(client), f"{site.name}: a session from before the reset is still logged in"
    assert site.token(guest) != guest_token  # a guest's session (its form token) ended too
    assert site.log_in(client).status_code == 302 and site.logged_in(client)  # logging in again works


def test_an_old_cookie_does_not_read_the_inbox_of_an_account_that_reuses_its_id(forum_app):  # noqa: F811
    def register(client, name):
        token = found(TOKEN_RE, client.get("/registration").get_data(as_text=True))
        assert (
            client.post(
                "/registration",
                data={
                    "token": token,
                    "user[username]": name,
                    "user[password][first]": "secret.123",
                    "user[password][second]": "secret.123",
                },
            ).status_code
            == 302
        )

    live = forum_app.config["REDDIT"].live_db
    alice = forum_app.test_client()
    register(alice, "alice_before_reset")
    alice_id = sqlite3.connect(live).execute("SELECT id FROM user WHERE username = 'alice_before_reset'").fetchone()[0]
    assert alice.get("/messages").status_code == 200
    assert forum_app.test_client().post("/__reset", data={"token": FORUM_TOKEN}).status_code == 200
    register(forum_app.test_client(), "bob_after_reset")
    bob_id = sqlite3.connect(live).execute("SELECT id FROM user WHERE username = 'bob_after_reset'").fetchone()[0]
    assert bob_id == alice_id  # the id is reused: the case this test is about
    assert alice.get("/messages").status_code == 302  # alice's old cookie is logged out, not Bob


def test_classifieds_registration_needs_the_form_token(client):
    data = {
        "page": "register",
        "action": "register_post",
        "name": "A",
        "email": "a@x.example",
        "password": "secret1",
        "password2": "secret1",
    }
    for bad in ({}, {"csrf": "forged"}, {"csrf": "é"}):
        response = client.post("/index.php", data={**data, **bad})
        assert response.status_code == 400, bad
    assert client.get("/index.php?page=user&action=profile").status_code == 401  # not logged in
    conn = sqlite3.connect(client.application.config["CLASSIFIEDS"].live_db)
    assert conn.execute("SELECT COUNT(*) FROM user WHERE email = 'a@x.example'").fetchone()[0] == 0


def test_every_classifieds_post_action_needs_the_form_token(client):
    assert classifieds_login(client).status_code == 302
    db = client.application.config["CLASSIFIEDS"].live_db
    before = _fingerprint(db)
    site = _classifieds(client.application)
    for path, form in site.posts:
        for bad in ({}, {"csrf": "forged"}):
            response = client.post(path, data={**form, **bad})
            assert response.status_code == 400, (form["action"], bad, response.status_code)
    assert _fingerprint(db) == before
    assert client.get("/index.php?page=user&action=profile").status_code == 200


HARNESS_SESSION = {
    "classifieds": ("/index.php", {"page": "session"}, "blake.sullivan@gmail.com"),
    "shopping": ("/__session", {}, "emma.lopez@gmail.com"),
    "reddit": ("/__session", {}, "MarvelsGrantMan136"),
}


def test_the_harness_buys_a_session_with_the_reset_token_only(site):
    """`POST /__session` (sites/common/sessions.harness_login): the reset token and an account name give a
    session of that account, which a reset ends like any other; no token, a forged one or an unknown account
    give nothing."""
    path, form, user = HARNESS_SESSION[site.name]
    client = site.client()
    for bad in ({}, {"token": "forged"}, {"token": "é"}):
        assert client.post(path, data={**form, "user": user, **bad}).status_code == 403, (site.name, bad)
        assert not site.logged_in(client)
    assert (
        client.post(path, data={**form, "user": "nobody@example.invalid", "token": _reset_token(site)}).status_code
        == 404
    )
    assert client.post(path, data={**form, "user": user, "token": _reset_token(site)}).status_code == 200
    assert site.logged_in(client), f"{site.name}: the harness session does not open {site.account_page}"
    assert site.reset(site.client(), _reset_token(site)).status_code == 200
    assert not site.logged_in(client)
