"""Login throttle, CSRF on login, logout by POST only, long file names, and the reset token of .env."""

from __future__ import annotations

import pytest

from sites.common.throttle import ACCOUNT_LIMIT, LoginThrottle
from sites.config import PUBLISHED_RESET_TOKEN, Settings
from sites.envfile import ensure_env
from tests.sites.conftest import BLAKE, RESET_TOKEN, csrf_of, login
from tests.sites.reddit.conftest import forum, forum_app, forum_data, forum_settings, log_in  # noqa: F401
from tests.sites.shopping.conftest import shop, shop_app, shop_data, shop_settings, sign_in  # noqa: F401
from tests.sites.test_homepage import home  # noqa: F401


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_throttle_counts_per_account_and_per_address_and_forgets_after_the_window():
    clock = Clock()
    t = LoginThrottle(account_limit=3, address_limit=5, window_s=60, clock=clock)
    for _ in range(3):
        assert t.refusal("A@x.org", "1.1.1.1") is None
        t.failed("a@x.org ", "1.1.1.1")
    message = t.refusal("a@x.org", "2.2.2.2")  # the account, from anywhere (case/space-insensitive)
    assert message and "this account" in message and "60 seconds" in message
    assert t.refusal("b@x.org", "1.1.1.1") is None  # another account from the same address: not yet
    t.failed("b@x.org", "1.1.1.1")
    t.failed("c@x.org", "1.1.1.1")
    assert "your address" in (t.refusal("d@x.org", "1.1.1.1") or "")
    assert t.refusal("d@x.org", "3.3.3.3") is None
    clock.now += 30
    assert "30 seconds" in (t.refusal("a@x.org", "2.2.2.2") or "")
    clock.now += 30
    assert t.refusal("a@x.org", "1.1.1.1") is None  # the window has passed
    t.failed("e@x.org", "9.9.9.9")
    t.succeeded("E@x.org")
    assert t._fails.get(("account", "e@x.org")) is None and t._fails[("address", "9.9.9.9")]


def test_classifieds_login_is_throttled_before_any_hash_with_a_clear_message(client, monkeypatch):
    from sites.common import passwords

    for _ in range(ACCOUNT_LIMIT):
        assert login(client, BLAKE[0], "wrong").status_code == 401
    calls = []

    def verify(*a) -> bool:
        calls.append(a)
        return True

    monkeypatch.setattr(passwords, "verify", verify)
    refused = login(client, BLAKE[0], BLAKE[1])
    text = refused.get_data(as_text=True)
    assert refused.status_code == 429 and "Too many failed sign-in attempts for this account" in text
    assert calls == []  # refused before the password hash
    assert login(client, "seller00002@example.com", "Seller.123").status_code == 302  # other accounts go on


def test_classifieds_reset_clears_the_throttle(client):
    for _ in range(ACCOUNT_LIMIT):
        login(client, BLAKE[0], "wrong")
    assert login(client, BLAKE[0], BLAKE[1]).status_code == 429
    assert client.post("/index.php", data={"page": "reset", "token": RESET_TOKEN}).status_code == 200
    assert login(client, BLAKE[0], BLAKE[1]).status_code == 302


def test_shopping_and_forum_logins_are_throttled(shop, forum):  # noqa: F811
    for _ in range(ACCOUNT_LIMIT):
        assert sign_in(shop, "emma.lopez@gmail.com", "wrong").status_code == 401
        assert log_in(forum, "MarvelsGrantMan136", "wrong").status_code == 400
    shop_refused = sign_in(shop)
    assert shop_refused.status_code == 429 and "Too many failed sign-in attempts" in shop_refused.get_data(as_text=True)
    forum_refused = log_in(forum)
    assert forum_refused.status_code == 429 and "Too many failed sign-in attempts" in forum_refused.get_data(
        as_text=True
    )


def test_classifieds_login_needs_the_form_token(client):
    data = {"page": "login", "action": "login_post", "email": BLAKE[0], "password": BLAKE[1]}
    assert client.post("/index.php", data=data).status_code == 400
    assert client.post("/index.php", data={**data, "csrf": "forged"}).status_code == 400
    assert client.post("/index.php", data={**data, "csrf": csrf_of(client, "/index.php?page=login")}).status_code == 302


def test_classifieds_logout_is_post_only_with_the_token(blake):
    assert blake.get("/index.php?page=main&action=logout").status_code in (200, 302)  # the home page, still in
    assert blake.get("/index.php?page=logout").status_code == 404
    assert "Blake Sullivan" in blake.get("/").get_data(as_text=True)
    assert blake.post("/index.php", data={"page": "main", "action": "logout"}).status_code == 400
    assert "Blake Sullivan" in blake.get("/").get_data(as_text=True)
    token = csrf_of(blake, "/")
    assert blake.post("/index.php", data={"page": "main", "action": "logout", "csrf": token}).status_code == 302
    assert "Blake Sullivan" not in blake.get("/").get_data(as_text=True)


@pytest.mark.parametrize("name", ["a" * 5000 + ".png", "sub/" + "b" * 300 + ".png", ("c" * 200 + "/") * 30 + "x.png"])
def test_homepage_long_image_names_are_404(home, name):  # noqa: F811
    assert home.get("/images/" + name).status_code == 404


def test_published_reset_token_never_works(monkeypatch):
    monkeypatch.setenv("RESET_TOKEN", PUBLISHED_RESET_TOKEN)
    assert Settings().reset_token != PUBLISHED_RESET_TOKEN
    monkeypatch.setenv("RESET_TOKEN", "")
    assert Settings().reset_token not in ("", PUBLISHED_RESET_TOKEN)
    assert Settings().reset_token == Settings().reset_token  # one token per process
    monkeypatch.setenv("RESET_TOKEN", "mine")
    assert Settings().reset_token == "mine"


def test_install_writes_a_random_reset_token_into_a_new_env(tmp_path):
    example = tmp_path / "example"
    example.write_text("STACK=embedded\nRESET_TOKEN=\nSEED=1\n")
    env = tmp_path / ".env"
    assert ensure_env(env, example)
    first = env.read_text()
    token = first.split("RESET_TOKEN=")[1].split("\n")[0]
    assert len(token) >= 24 and "STACK=embedded" in first and "SEED=1" in first
    assert not ensure_env(env, example) and env.read_text() == first  # idempotent
    env.write_text(first.replace(token, PUBLISHED_RESET_TOKEN) + "# mine\n")
    assert ensure_env(env, example)  # an old .env is fixed
    fixed = env.read_text()
    assert PUBLISHED_RESET_TOKEN not in fixed and "# mine" in fixed and "SEED=1" in fixed
    other = tmp_path / ".env2"
    ensure_env(other, example)
    assert other.read_text() != first  # random per install
