"""Fixtures of the shopping site tests: one small generated store per worker session, a fresh Flask app per
test (its own database copy), and signing in through the real form."""

from __future__ import annotations

import re

import pytest

from sites.common import db
from sites.config import Settings
from sites.shopping import ShoppingConfig, create_app, store

TEST_SEED = 777
TEST_PRODUCTS = 300
RESET_TOKEN = Settings().reset_token  # the embedded ShoppingAPI reads the configured token
EMMA = ("emma.lopez@gmail.com", "Password.123")


@pytest.fixture(scope="session")
def shop_settings(tmp_path_factory) -> Settings:
    return Settings(
        data_dir=tmp_path_factory.mktemp("shop-data"),
        seed=TEST_SEED,
        scale=str(TEST_PRODUCTS),
        reset_token=RESET_TOKEN,
        run_dir=tmp_path_factory.mktemp("shop-run"),
    )


@pytest.fixture(scope="session")
def shop_data(shop_settings) -> store.DataSet:
    ds, _ = store.ensure(shop_settings.data_dir, shop_settings.seed, shop_settings.scale)
    return ds


@pytest.fixture
def shop_app(shop_data, tmp_path):
    live = tmp_path / "live.sqlite"
    db.install_copy(shop_data.db, live)
    app = create_app(
        ShoppingConfig(
            live_db=live,
            pristine_db=shop_data.db,
            photo_cache=shop_data.photo_cache,
            reset_token=RESET_TOKEN,
            secret_key="test-secret",
        )
    )
    app.config["TESTING"] = True
    return app


@pytest.fixture
def shop(shop_app):
    return shop_app.test_client()


def form_key(client, path: str = "/customer/account/login/") -> str:
    html = client.get(path).get_data(as_text=True)
    match = re.search(r'name="form_key" value="([^"]+)"', html)
    assert match, f"no form_key field on {path}"
    return match.group(1)


def sign_in(client, email: str = EMMA[0], password: str = EMMA[1]):
    return client.post(
        "/customer/account/loginPost/",
        data={"form_key": form_key(client), "login[username]": email, "login[password]": password},
    )


@pytest.fixture
def emma(shop):
    assert sign_in(shop).status_code == 302
    return shop
