"""Fixtures of the shopping site tests: one small generated store per worker session, a fresh Flask app per
test (its own database copy), and signing in through the real form."""

from __future__ import annotations

import pytest

from sites.config import Settings
from sites.shopping import site as shopping_site
from tests.sites.fixtures import hidden_field, site_fixtures

RESET_TOKEN = Settings().reset_token  # the embedded ShoppingAPI reads the configured token
EMMA = ("emma.lopez@gmail.com", "Password.123")

# a store of 300 products (seed 777) generated once a session; per test a fresh app on its own copy, and its client
shop_settings, shop_data, shop_app, shop = site_fixtures(
    shopping_site, 777, 300, RESET_TOKEN, ("shop_settings", "shop_data", "shop_app", "shop")
)


def form_key(client, path: str = "/customer/account/login/") -> str:
    return hidden_field(client, path, "form_key")


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
