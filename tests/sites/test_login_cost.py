"""A login with an unknown account name costs the same password hashing as one with a known account and a wrong
password (each site verifies a decoy hash when the name is unknown), so the answer's timing does not tell which
accounts exist. Counted, not timed: every PBKDF2 computation of the request is recorded in-process
(`hashlib.pbkdf2_hmac`, which Werkzeug's password hashes and this project's use) with its iteration count."""

from __future__ import annotations

import hashlib

import pytest

from tests.sites.conftest import BLAKE
from tests.sites.conftest import login as classifieds_login
from tests.sites.reddit.conftest import MARVEL, forum_app, forum_data, forum_settings  # noqa: F401  (fixtures)
from tests.sites.reddit.conftest import log_in as reddit_login
from tests.sites.shopping.conftest import EMMA, shop_app, shop_data, shop_settings  # noqa: F401  (fixtures)
from tests.sites.shopping.conftest import sign_in as shopping_login


@pytest.fixture
def pbkdf2(monkeypatch) -> list[int]:
    """The iteration counts of the PBKDF2 computations made since the list was last cleared."""
    done: list[int] = []
    real = hashlib.pbkdf2_hmac

    def counted(hash_name, password, salt, iterations, dklen=None):
        done.append(iterations)
        return real(hash_name, password, salt, iterations, dklen)

    monkeypatch.setattr(hashlib, "pbkdf2_hmac", counted)
    return done


SITES = {  # site: (app fixture, login helper, known account, refused status, a generated account: cheap hash)
    "classifieds": ("app", classifieds_login, BLAKE[0], 401, "seller00002@example.com"),
    "shopping": ("shop_app", shopping_login, EMMA[0], 401, None),
    "reddit": ("forum_app", reddit_login, MARVEL[0], 400, None),
}


def _generated_account(site: str, app) -> str:
    """An account of the generator, whose stored hash has SELLER_ITERATIONS rounds only."""
    known = SITES[site][4]
    if known:
        return known
    import sqlite3

    config = app.config["SHOPPING" if site == "shopping" else "REDDIT"]
    column, table = ("email", "customer") if site == "shopping" else ("username", "user")
    conn = sqlite3.connect(config.live_db)
    try:
        return conn.execute(
            f"SELECT {column} FROM {table} WHERE password_hash LIKE 'pbkdf2:sha256:2000$%' LIMIT 1"
        ).fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize("site", sorted(SITES))
def test_an_unknown_account_costs_the_same_hashing_as_a_wrong_password(site, request, pbkdf2):
    app_fixture, login, known, refused, _ = SITES[site]
    client = request.getfixturevalue(app_fixture).test_client()

    def cost(name: str) -> list[int]:
        pbkdf2.clear()
        response = login(client, name, "not-the-password")
        assert response.status_code == refused, (site, name, response.status_code)
        return list(pbkdf2)

    unknown = "nobody-here@example.com" if site != "reddit" else "nobody_here_at_all"
    cost("first-" + unknown)  # a decoy made on first use is not part of a steady-state login
    wrong_password = cost(known)
    no_account = cost(unknown)
    assert wrong_password and sum(wrong_password) >= 100_000, wrong_password  # one strong hash
    assert no_account == wrong_password, f"{site}: unknown account hashed {no_account}, known {wrong_password}"


@pytest.mark.parametrize("site", sorted(SITES))
def test_a_generated_account_costs_as_much_as_an_unknown_one(site, request, pbkdf2):
    """Generated accounts are stored with 2,000 rounds (fast data generation); checking one still costs the
    200,000 rounds of a strong hash or of the decoy, so timing does not tell them from unknown names."""
    from sites.common.passwords import SELLER_ITERATIONS, STRONG_ITERATIONS

    app_fixture, login, known, refused, _ = SITES[site]
    app = request.getfixturevalue(app_fixture)
    client = app.test_client()
    generated = _generated_account(site, app)
    unknown = "nobody-here@example.com" if site != "reddit" else "nobody_here_at_all"
    login(client, "first-" + unknown, "x")
    costs = {}
    for name in (generated, unknown, known):
        pbkdf2.clear()
        assert login(client, name, "not-the-password").status_code == refused, (site, name)
        costs[name] = list(pbkdf2)
    assert SELLER_ITERATIONS in costs[generated], costs  # its own cheap hash was checked...
    totals = {name: sum(c) for name, c in costs.items()}
    assert totals == dict.fromkeys(costs, STRONG_ITERATIONS), costs  # ...at one cost


def test_the_count_sees_a_login_that_skips_the_hash(app, pbkdf2, monkeypatch):
    """The counter is what the test above relies on: a login path without the decoy shows as no hashing."""
    from sites.common import passwords

    monkeypatch.setattr(passwords, "verify", lambda stored, password: False)
    client = app.test_client()
    pbkdf2.clear()
    assert classifieds_login(client, "nobody-here@example.com", "x").status_code == 401
    assert pbkdf2 == []
