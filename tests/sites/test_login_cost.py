"""A login with an unknown account name costs the same password hashing as one with a known account and a wrong
password (each site verifies a decoy hash when the name is unknown), so the answer's timing does not tell which
accounts exist. Counted, not timed: every PBKDF2 computation of the request is recorded in-process
(`hashlib.pbkdf2_hmac`, which Werkzeug's password hashes and this project's use) with its iteration count."""
from __future__ import annotations

import hashlib

import pytest

from tests.sites.conftest import BLAKE, login as classifieds_login
from tests.sites.reddit.conftest import (MARVEL, forum_app, forum_data, forum_settings,  # noqa: F401  (fixtures)
                                         log_in as reddit_login)
from tests.sites.shopping.conftest import (EMMA, shop_app, shop_data, shop_settings,  # noqa: F401  (fixtures)
                                           sign_in as shopping_login)


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


SITES = {   # site: (app fixture, login helper, known account, refused status)
    "classifieds": ("app", classifieds_login, BLAKE[0], 401),
    "shopping": ("shop_app", shopping_login, EMMA[0], 401),
    "reddit": ("forum_app", reddit_login, MARVEL[0], 400),
}


@pytest.mark.parametrize("site", sorted(SITES))
def test_an_unknown_account_costs_the_same_hashing_as_a_wrong_password(site, request, pbkdf2):
    app_fixture, login, known, refused = SITES[site]
    client = request.getfixturevalue(app_fixture).test_client()

    def cost(name: str) -> list[int]:
        pbkdf2.clear()
        response = login(client, name, "not-the-password")
        assert response.status_code == refused, (site, name, response.status_code)
        return list(pbkdf2)

    unknown = "nobody-here@example.com" if site != "reddit" else "nobody_here_at_all"
    cost("first-" + unknown)          # a decoy made on first use is not part of a steady-state login
    wrong_password = cost(known)
    no_account = cost(unknown)
    assert wrong_password and sum(wrong_password) >= 100_000, wrong_password    # one strong hash
    assert no_account == wrong_password, f"{site}: unknown account hashed {no_account}, known {wrong_password}"


def test_the_count_sees_a_login_that_skips_the_hash(app, pbkdf2, monkeypatch):
    """The counter is what the test above relies on: a login path without the decoy shows as no hashing."""
    from sites.classifieds import passwords

    monkeypatch.setattr(passwords, "verify", lambda stored, password: False)
    client = app.test_client()
    pbkdf2.clear()
    assert classifieds_login(client, "nobody-here@example.com", "x").status_code == 401
    assert pbkdf2 == []
