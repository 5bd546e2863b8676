"""What the site tests' fixtures share: settings whose data and run folders are the session's temporary ones, a
fresh app per test on its own copy of the pristine database, a site served by an arena, a browser logged in to it,
and a page's form token."""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import ModuleType, SimpleNamespace

import pytest

from sites.common import db
from sites.config import Settings
from tests.found import found


def settings_for(tmp_path_factory, prefix: str, seed: int, scale: int, reset_token: str) -> Settings:
    return Settings(
        data_dir=tmp_path_factory.mktemp(f"{prefix}-data"),
        seed=seed,
        scale=str(scale),
        reset_token=reset_token,
        run_dir=tmp_path_factory.mktemp(f"{prefix}-run"),
    )


def site_fixtures(site: ModuleType, seed: int, scale: int, reset_token: str, names: tuple[str, str, str, str]):
    """Four fixtures named `names` of a SQLite site (`site`: its sites/<name>/site.py): per session, Settings whose
    data and run folders are temporary (`settings_for`) and the site's data set generated there; per test, the site's
    own app (its `app`, as the launcher makes it) on a fresh copy of that data set in tmp_path, in testing mode, and
    its test client. A site's conftest binds them: `a, b, c, d = site_fixtures(...)`."""
    store = site.STORE
    settings_name, data_name, app_name, client_name = names

    @pytest.fixture(scope="session", name=settings_name)
    def settings(tmp_path_factory) -> Settings:
        return settings_for(tmp_path_factory, store.name, seed, scale, reset_token)

    @pytest.fixture(scope="session", name=data_name)
    def data(request):
        made = request.getfixturevalue(settings_name)
        return store.ensure(made.data_dir, made.seed, made.scale)[0]

    @pytest.fixture(name=app_name)
    def app(request, tmp_path):
        ds = request.getfixturevalue(data_name)
        db.install_copy(ds.db, tmp_path / f"{store.name}.sqlite")
        for folder in store.fresh:
            (tmp_path / folder).mkdir()
        options = {"pristine": str(ds.db), store.cache: str(getattr(ds, store.cache)), "reset_token": reset_token}
        made = site.app(tmp_path, {**options, "secret_key": "test-secret"})
        made.config["TESTING"] = True
        return made

    @pytest.fixture(name=client_name)
    def client(request):
        return request.getfixturevalue(app_name).test_client()

    return settings, data, app, client


def logged_in_driver(site: str, urls: dict[str, str]) -> Iterator:
    """A Chromium driver (1280x1400) logged in to `site` at `urls` by the harness's own login recipe; it quits
    (and the harness forgets its logins) when the generator is closed. A module fixture: `yield from` it."""
    from agent.browser.driver import BrowserUnavailable, create_driver, quit_driver
    from evaluation.running.login import forget_logins, login_sites

    try:
        d = create_driver(viewport=(1280, 1400))
    except BrowserUnavailable as exc:
        pytest.fail(f"Chromium is needed for the browser tests: {exc}")
    forget_logins()
    login_sites(SimpleNamespace(driver=d), [site], urls)
    yield d
    quit_driver(d)
    forget_logins()


def site_arena(site: str, settings: Settings, tmp_path_factory) -> Iterator:
    """An Arena serving `site` with `settings` (the session's small data set) from a run folder of its own; it
    stops when the generator is closed. A module fixture: `yield from` it."""
    from sites.arena import Arena

    with Arena([site], run_dir=tmp_path_factory.mktemp(f"{site}-arena"), settings=settings) as arena:
        yield arena


def hidden_field(client, path: str, name: str) -> str:
    """The value of the hidden field `name` (a form token) of the page at `path`; the test fails when it has none."""
    return found(rf'name="{re.escape(name)}" value="([^"]+)"', client.get(path).get_data(as_text=True))
