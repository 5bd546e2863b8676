"""A guest order stays a guest order, as in Magento: placing one with a registered customer's email does not put
it in that customer's account, and placing one with a new email makes no account (so the email can register
later). The REST API, like Magento's, filters orders on the email each was placed with."""

from __future__ import annotations

import sqlite3

import pytest

from tests.sites.shopping.conftest import EMMA, RESET_TOKEN, form_key, shop_app, shop_data, shop_settings  # noqa: F401

ADDRESS = {
    "firstname": "Guest",
    "lastname": "Buyer",
    "street": "9 Elsewhere Ave",
    "city": "Reno",
    "region": "Nevada",
    "postcode": "89501",
    "country": "United States",
    "telephone": "5559876543",
    "shipping_method": "flatrate_flatrate",
    "payment_method": "checkmo",
}


def _guest_order(client, conn, email: str):
    pid = conn.execute(
        "SELECT id FROM product p WHERE NOT EXISTS (SELECT 1 FROM product_option o WHERE o.product_id = p.id) LIMIT 1"
    ).fetchone()[0]
    key = form_key(client)
    assert client.post("/checkout/cart/add/", data={"form_key": key, "product": pid}).status_code == 302
    return client.post("/checkout/placeOrder/", data={**ADDRESS, "email": email, "form_key": key})


@pytest.fixture
def conn(shop_app):  # noqa: F811
    connection = sqlite3.connect(shop_app.config["SHOPPING"].live_db)
    yield connection
    connection.close()


def test_a_guest_order_with_a_customers_email_stays_out_of_her_account(shop_app, conn):  # noqa: F811
    emma_orders = conn.execute("SELECT COUNT(*) FROM sales_order WHERE customer_id = 1").fetchone()[0]
    customers = conn.execute("SELECT COUNT(*) FROM customer").fetchone()[0]
    placed = _guest_order(shop_app.test_client(), conn, EMMA[0])
    assert placed.status_code == 302 and placed.headers["Location"].endswith("/checkout/onepage/success/")
    assert conn.execute("SELECT COUNT(*) FROM sales_order WHERE customer_id = 1").fetchone()[0] == emma_orders
    assert conn.execute("SELECT COUNT(*) FROM customer").fetchone()[0] == customers
    row = conn.execute(
        "SELECT customer_id, customer_email, ship_street FROM sales_order ORDER BY id DESC LIMIT 1"
    ).fetchone()
    assert row == (None, EMMA[0], "9 Elsewhere Ave")
    # her account pages do not show it
    emma = shop_app.test_client()
    emma.post(
        "/customer/account/loginPost/",
        data={"form_key": form_key(emma), "login[username]": EMMA[0], "login[password]": EMMA[1]},
    )
    assert "9 Elsewhere Ave" not in emma.get("/sales/order/history/?limit=50").get_data(as_text=True)
    # the REST API lists orders by the email they were placed with, as Magento's does, and says it is a guest's
    api = (
        shop_app.test_client()
        .get(
            "/rest/V1/orders?searchCriteria[filterGroups][0][filters][0][field]=customer_email"
            f"&searchCriteria[filterGroups][0][filters][0][value]={EMMA[0]}"
            "&searchCriteria[sortOrders][0][direction]=DESC&searchCriteria[pageSize]=2",
            headers={"Authorization": f"Bearer {RESET_TOKEN}"},
        )
        .get_json()
    )
    newest = api["items"][0]
    assert newest["customer_is_guest"] == 1 and newest["customer_id"] is None
    assert newest["customer_email"] == EMMA[0] and api["items"][1]["customer_is_guest"] == 0


def test_a_guest_order_with_a_new_email_makes_no_account_and_the_email_can_register(shop_app, conn):  # noqa: F811
    email = "first.time@example.com"
    assert _guest_order(shop_app.test_client(), conn, email).status_code == 302
    assert conn.execute("SELECT COUNT(*) FROM customer WHERE email = ?", (email,)).fetchone()[0] == 0
    client = shop_app.test_client()
    registered = client.post(
        "/customer/account/createpost/",
        data={
            "form_key": form_key(client, "/customer/account/create/"),
            "firstname": "First",
            "lastname": "Time",
            "email": email,
            "password": "Secret.123",
            "password_confirmation": "Secret.123",
        },
    )
    assert registered.status_code == 302
    cid = conn.execute("SELECT id FROM customer WHERE email = ?", (email,)).fetchone()[0]
    assert conn.execute("SELECT COUNT(*) FROM sales_order WHERE customer_id = ?", (cid,)).fetchone()[0] == 0


@pytest.mark.parametrize("email", ["", "no-at-sign", "a@b", "x" * 130 + "@example.com"])
def test_a_guest_order_needs_a_valid_email(shop_app, conn, email):  # noqa: F811
    orders = conn.execute("SELECT COUNT(*) FROM sales_order").fetchone()[0]
    refused = _guest_order(shop_app.test_client(), conn, email)
    assert refused.status_code == 400 and "valid email address" in refused.get_data(as_text=True)
    assert conn.execute("SELECT COUNT(*) FROM sales_order").fetchone()[0] == orders
