"""What the site tests' fixtures share: settings whose data and run folders are the session's temporary ones, and a
fresh app per test on its own copy of the pristine database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from sites.common import db
from sites.config import Settings


def settings_for(tmp_path_factory, prefix: str, seed: int, scale: int, reset_token: str) -> Settings:
    return Settings(
        data_dir=tmp_path_factory.mktemp(f"{prefix}-data"),
        seed=seed,
        scale=str(scale),
        reset_token=reset_token,
        run_dir=tmp_path_factory.mktemp(f"{prefix}-run"),
    )


def session_data(store, prefix: str, seed: int, scale: int, reset_token: str, names: tuple[str, str]):
    """Two session fixtures named `names`: the Settings of a small data set (`settings_for`) and the site's data
    set generated there by `store.ensure`. A site's conftest binds them: `a, b = session_data(...)`."""
    settings_name, data_name = names

    @pytest.fixture(scope="session", name=settings_name)
    def settings(tmp_path_factory) -> Settings:
        return settings_for(tmp_path_factory, prefix, seed, scale, reset_token)

    @pytest.fixture(scope="session", name=data_name)
    def data(request):
        made = request.getfixturevalue(settings_name)
        ds, _ = store.ensure(made.data_dir, made.seed, made.scale)
        return ds

    return settings, data


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


def app_on_copy(create_app, config_class, pristine: Path, live: Path, **config):
    """`create_app(config_class(...))` on a copy of `pristine` at `live`, in testing mode."""
    db.install_copy(pristine, live)
    app = create_app(config_class(live_db=live, pristine_db=pristine, secret_key="test-secret", **config))
    app.config["TESTING"] = True
    return app
