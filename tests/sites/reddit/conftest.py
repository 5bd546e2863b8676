"""Fixtures of the forum tests: one tiny generated data set per session, a fresh app per test (its own copy)."""

from __future__ import annotations

import re

import pytest

from sites.common import db
from sites.config import Settings
from sites.reddit import RedditConfig, create_app, store

TEST_SEED = 777
TEST_POSTS = 400
RESET_TOKEN = "test-reset-token"
MARVEL = ("MarvelsGrantMan136", "test1234")


@pytest.fixture(scope="session")
def forum_settings(tmp_path_factory) -> Settings:
    return Settings(
        data_dir=tmp_path_factory.mktemp("forum-data"),
        seed=TEST_SEED,
        scale=str(TEST_POSTS),
        reset_token=RESET_TOKEN,
        run_dir=tmp_path_factory.mktemp("forum-run"),
    )


@pytest.fixture(scope="session")
def forum_data(forum_settings) -> store.DataSet:
    ds, _ = store.ensure(forum_settings.data_dir, forum_settings.seed, forum_settings.scale)
    return ds


@pytest.fixture
def forum_app(forum_data, tmp_path):
    live = tmp_path / "reddit.sqlite"
    db.install_copy(forum_data.db, live)
    app = create_app(
        RedditConfig(
            live_db=live,
            pristine_db=forum_data.db,
            image_cache=forum_data.image_cache,
            reset_token=RESET_TOKEN,
            secret_key="test-secret",
        )
    )
    app.config["TESTING"] = True
    return app


@pytest.fixture
def forum(forum_app):
    return forum_app.test_client()


def token_of(client, path: str, field: str = "token") -> str:
    html = client.get(path).get_data(as_text=True)
    match = re.search(rf'name="{field}" value="([^"]+)"', html)
    assert match, f"no {field} field on {path}"
    return match.group(1)


def log_in(client, username: str = MARVEL[0], password: str = MARVEL[1]):
    token = token_of(client, "/login", "_csrf_token")
    return client.post("/login", data={"_username": username, "_password": password, "_csrf_token": token})
