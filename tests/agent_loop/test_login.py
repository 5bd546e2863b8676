"""Logging in through the embedded sites' own login forms, and reusing the session cookies; one browser logged in
to the classifieds, shopping (Magento) and reddit (Postmill) sites at once, as a multi-site task is.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from selenium.webdriver.common.by import By

from agent.browser import BrowserEnv
from evaluation.running import login
from evaluation.running.login import LoginError, forget_logins, login_sites
from sites.arena import Arena
from sites.config import Settings
from tests.agent_loop.conftest import VIEWPORT

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = pytest.mark.xdist_group("agent_loop/test_login")


THREE_SITES = ["classifieds", "shopping", "reddit"]


@pytest.fixture(scope="module")
def classifieds(tmp_path_factory):
    """The URLs of one arena of three sites on 127.0.0.1 (their data generated once for the module): the tests
    log in to classifieds, one to all three."""
    root = tmp_path_factory.mktemp("login-arena")
    settings = Settings(data_dir=root / "data", run_dir=root / "run", scale=100)
    with Arena(sites=THREE_SITES, run_dir=root / "run", settings=settings) as arena:
        yield arena.urls


@pytest.fixture
def fresh_env():
    env = BrowserEnv(viewport=VIEWPORT, mode="accessibility_tree")
    yield env
    env.close()


def _my_listings(env, base: str) -> str:
    env.driver.get(f"{base}/index.php?page=user&action=items")
    return env.driver.find_element(By.TAG_NAME, "body").text


def test_login_through_the_form_then_reuse_cookies_in_a_new_browser(classifieds, env_a11y, fresh_env, monkeypatch):
    forget_logins()
    form_logins = []
    real = login._form_login

    def counted(*a):
        form_logins.append(a[1])
        return real(*a)

    monkeypatch.setattr(login, "_form_login", counted)
    base = classifieds["classifieds"]
    assert "Logout" not in _my_listings(fresh_env, base)  # a fresh browser is logged out

    login_sites(env_a11y, ["classifieds", "wikipedia"], classifieds)
    page = _my_listings(env_a11y, base)
    assert "Logout" in page and "Blake Sullivan" in page
    assert form_logins == ["classifieds"]

    login_sites(fresh_env, ["classifieds"], classifieds)  # second browser: cookies restored
    page = _my_listings(fresh_env, base)
    assert "Logout" in page and "Blake Sullivan" in page
    assert form_logins == ["classifieds"]  # no second form login


def test_wrong_password_is_a_clear_error(classifieds, fresh_env, monkeypatch):
    forget_logins()
    monkeypatch.setenv("CLASSIFIEDS_PASSWORD", "not-the-password")
    monkeypatch.setattr(login, "LOGGED_IN_GRACE_S", 1.0)
    with pytest.raises(LoginError) as caught:
        login_sites(fresh_env, ["classifieds"], classifieds)
    message = str(caught.value)
    assert "classifieds" in message and f"{classifieds['classifieds']}/index.php?page=login" in message
    forget_logins()


def test_unknown_site_or_missing_url_is_an_error(fresh_env):
    with pytest.raises(LoginError, match="no login recipe for site 'forum'"):
        login_sites(fresh_env, ["forum"], {"forum": "http://127.0.0.1:1"})
    with pytest.raises(LoginError, match="no URL for site 'reddit'"):
        login_sites(fresh_env, ["reddit"], {})


def test_site_down_is_an_error_naming_the_url(fresh_env):
    forget_logins()
    with pytest.raises(
        LoginError,
        match=r"login to shopping at http://127\.0\.0\.1:9/customer/account/login/ failed: the site did not answer",
    ):
        login_sites(fresh_env, ["shopping"], {"shopping": "http://127.0.0.1:9"})


def test_one_browser_stays_logged_in_to_three_sites_on_one_host(classifieds, fresh_env):
    """Cookies belong to a host, not a port: the sites on 127.0.0.1 name their session cookies apart, so logging
    in to the second and third site keeps the first login (a multi-site task needs both)."""
    urls = classifieds
    assert {urlsplit(urls[site]).hostname for site in THREE_SITES} == {"127.0.0.1"}, urls  # one host, three ports
    forget_logins()
    try:
        login_sites(fresh_env, THREE_SITES, urls)
        driver = fresh_env.driver
        names = {c["name"] for c in driver.get_cookies()}
        assert {"classifieds_session", "shopping_session", "reddit_session"} <= names, names
        for site, path in (
            ("classifieds", "/index.php?page=user&action=items"),
            ("shopping", "/customer/account/"),
            ("reddit", "/"),
        ):
            driver.get(urls[site] + path)
            assert driver.find_elements(By.XPATH, login.recipes()[site].logged_in_xpath), (
                f"{site}: logged out after logging in to the others"
            )
    finally:
        forget_logins()


def test_after_a_reset_the_embedded_stack_buys_a_session_with_the_reset_token(classifieds, fresh_env, monkeypatch):
    """The embedded stack's path (sessions end at every reset): no form, one request per site, the browser
    logged in over DevTools; a wrong token is a LoginError naming the cause."""
    forget_logins()
    form_logins = []
    monkeypatch.setattr(login, "_form_login", lambda *a: form_logins.append(a[1]))
    base = classifieds["classifieds"]
    token = Settings().reset_token
    login_sites(fresh_env, ["classifieds"], classifieds, session_token=token)
    page = _my_listings(fresh_env, base)
    assert "Logout" in page and "Blake Sullivan" in page and form_logins == []
    with pytest.raises(LoginError) as caught:
        login_sites(fresh_env, ["classifieds"], classifieds, session_token="forged")
    assert "wrong reset token" in str(caught.value) and "classifieds" in str(caught.value)
