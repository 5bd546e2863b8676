"""Fixtures of the shopping site tests: one small generated store per worker session, a fresh Flask app per
test (its own database copy), and signing in through the real form."""

from __future__ import annotations

import re

import pytest

from sites.config import Settings
from sites.shopping import ShoppingConfig, create_app, store
from tests.sites.fixtures import app_on_copy, session_data

TEST_SEED = 777
TEST_PRODUCTS = 300
RESET_TOKEN = Settings().reset_token  # the embedded ShoppingAPI reads the configured token
EMMA = ("emma.lopez@gmail.com", "Password.123")


shop_settings, shop_data = session_data(
    store, "shop", TEST_SEED, TEST_PRODUCTS, RESET_TOKEN, ("shop_settings", "shop_data")
)


@pytest.fixture
def shop_app(shop_data, tmp_path):
    live = tmp_path / "live.sqlite"
    return app_on_copy(
        create_app, ShoppingConfig, shop_data.db, live, photo_cache=shop_data.photo_cache, reset_token=RESET_TOKEN
    )


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


def every_form_field(product_id, address_id) -> dict:
    """A value for every field of every POST form of the store (the route tests send it to each form)."""
    return {
        "product": product_id,
        "qty": "1",
        "item": "1",
        "id": str(address_id),
        "nickname": "a",
        "title": "b",
        "detail": "c",
        "ratings[1]": "5",
        "firstname": "X",
        "lastname": "Y",
        "email": "x@example.com",
        "password": "Secret.123",
        "password_confirmation": "Secret.123",
        "street": "1 A St",
        "city": "Reno",
        "region": "Nevada",
        "postcode": "89501",
        "country": "United States",
        "telephone": "5550000000",
        "login[username]": "a",
        "login[password]": "b",
        "shipping_method": "flatrate_flatrate",
        "payment_method": "checkmo",
    }
