"""Fixtures of the site tests: one small generated data set per worker session, a fresh Flask app per test
(its own database copy and upload folder), and helpers to log in through the real form."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from sites.classifieds import site as classifieds_site
from tests.sites.fixtures import hidden_field, site_fixtures

TEST_SEED = 4242
TEST_LISTINGS = 120
RESET_TOKEN = "test-reset-token"
BLAKE = ("blake.sullivan@gmail.com", "Password.123")

site_settings, dataset, app, client = site_fixtures(
    classifieds_site, TEST_SEED, TEST_LISTINGS, RESET_TOKEN, ("site_settings", "dataset", "app", "client")
)


def login(client, email: str = BLAKE[0], password: str = BLAKE[1]):
    return client.post(
        "/index.php",
        data={
            "page": "login",
            "action": "login_post",
            "email": email,
            "password": password,
            "csrf": csrf_of(client, "/index.php?page=login"),
        },
    )


def logout(client):
    return client.post("/index.php", data={"page": "main", "action": "logout", "csrf": csrf_of(client, "/")})


def csrf_of(client, path: str) -> str:
    return hidden_field(client, path, "csrf")


def png_bytes(color=(200, 30, 30), size=(64, 48), fmt="PNG") -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, fmt)
    return buf.getvalue()


@pytest.fixture
def blake(client):
    response = login(client)
    assert response.status_code == 302
    return client
