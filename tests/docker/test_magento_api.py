"""MagentoShoppingAPI against a local HTTP server speaking Magento's REST shapes (real HTTP, 127.0.0.1)."""

from __future__ import annotations

import json
import socket
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from devtools.local_http import send, serve
from evaluation.scoring.site_api import Review, SiteAPIError
from evaluation.scoring.site_api.magento import MagentoShoppingAPI

TOKEN = "tok-abc123"


class FakeMagento:
    def __init__(self):
        self.requests: list[tuple[str, str, dict, dict]] = []
        self.orders: list[dict[str, Any]] = [
            {"entity_id": 12, "customer_email": "emma.lopez@gmail.com"},
            {"entity_id": 207, "customer_email": "emma.lopez@gmail.com"},
            {"entity_id": 300, "customer_email": "someone@else.com"},
        ]
        self.products = {
            "B07XYZ/1": {
                "id": 41,
                "sku": "B07XYZ/1",
                "custom_attributes": [
                    {"attribute_code": "description", "value": "x"},
                    {"attribute_code": "url_key", "value": "sony-wh-1000xm4-headphones"},
                ],
            }
        }
        self.reviews = {
            "B07XYZ/1": [
                {
                    "id": 1,
                    "title": "Old",
                    "detail": "meh",
                    "nickname": "Ann",
                    "created_at": "2023-01-02 10:00:00",
                    "ratings": [{"rating_name": "Rating", "percent": 40, "value": 2}],
                },
                {
                    "id": 2,
                    "title": "Great sound",
                    "detail": "Loved it",
                    "nickname": "Bob",
                    "created_at": "2023-05-01 09:00:00",
                    "ratings": [{"rating_name": "Rating", "value": 4}],
                },
            ]
        }
        self.broken_json = False
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, code, payload):
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                send(self, code, data, "application/json")

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(("POST", self.path, dict(self.headers), body))
                if self.path == "/rest/V1/integration/admin/token":
                    if body == {"username": "admin", "password": "admin1234"}:
                        return self._send(200, TOKEN)
                    return self._send(401, {"message": "The account sign-in was incorrect."})
                self._send(404, {"message": "no route"})

            def do_GET(self):
                parts = urlsplit(self.path)
                outer.requests.append(("GET", self.path, dict(self.headers), parse_qs(parts.query)))
                if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                    return self._send(401, {"message": "The consumer isn't authorized to access %resources."})
                if outer.broken_json:
                    return self._send(200, b"<html>maintenance</html>")
                if parts.path == "/rest/V1/orders":
                    q = {k: v[0] for k, v in parse_qs(parts.query).items()}
                    email = q["searchCriteria[filterGroups][0][filters][0][value]"]
                    assert q["searchCriteria[filterGroups][0][filters][0][field]"] == "customer_email"
                    items = [o for o in outer.orders if o["customer_email"] == email]
                    reverse = q.get("searchCriteria[sortOrders][0][direction]") == "DESC"
                    items.sort(key=lambda o: o[q["searchCriteria[sortOrders][0][field]"]], reverse=reverse)
                    items = items[: int(q.get("searchCriteria[pageSize]", 20))]
                    return self._send(200, {"items": items, "total_count": len(items)})
                path = unquote(parts.path)
                if path.startswith("/rest/V1/products/"):
                    rest = path[len("/rest/V1/products/") :]
                    if rest.endswith("/reviews") and rest[: -len("/reviews")] in outer.products:
                        return self._send(200, outer.reviews.get(rest[: -len("/reviews")], []))
                    if rest in outer.products:
                        return self._send(200, outer.products[rest])
                    return self._send(404, {"message": "The product that was requested doesn't exist."})
                self._send(404, {"message": "Request does not match any route."})

        self.server, self.url = serve(Handler)


@pytest.fixture
def magento():
    fake = FakeMagento()
    yield fake
    fake.server.shutdown()
    fake.server.server_close()


def test_latest_order_url_of_the_customer(magento):
    api = MagentoShoppingAPI(magento.url + "/", admin_token=TOKEN)
    assert api.latest_order_url() == f"{magento.url}/sales/order/view/order_id/207/"
    _method, _path, headers, query = magento.requests[-1]
    assert headers["Authorization"] == f"Bearer {TOKEN}"
    assert query["searchCriteria[pageSize]"] == ["1"]


def test_product_page_url_from_url_key_with_a_sku_needing_quoting(magento):
    api = MagentoShoppingAPI(magento.url, admin_token=TOKEN)
    assert api.product_page_url("B07XYZ/1") == f"{magento.url}/sony-wh-1000xm4-headphones.html"
    assert "/rest/V1/products/B07XYZ%2F1" in magento.requests[-1][1]


def test_latest_review_is_the_newest_and_rating_in_percent(magento):
    api = MagentoShoppingAPI(magento.url, admin_token=TOKEN)
    assert api.latest_review("B07XYZ/1") == Review(author="Bob", title="Great sound", text="Loved it", rating=80.0)
    magento.reviews["B07XYZ/1"].reverse()  # order of the list does not matter when dates are given
    assert getattr(api.latest_review("B07XYZ/1"), "author", None) == "Bob"
    for r in magento.reviews["B07XYZ/1"]:
        del r["created_at"]
    review = api.latest_review("B07XYZ/1")
    assert review is not None and review.author == "Ann"  # without dates: the last item, as upstream
    assert review.rating == 40.0  # "percent" wins over value*20
    magento.reviews["B07XYZ/1"] = []
    assert api.latest_review("B07XYZ/1") is None


def test_user_and_password_exchanged_once_for_a_token(magento):
    api = MagentoShoppingAPI(magento.url, admin_user="admin", admin_password="admin1234")
    api.latest_order_url()
    api.product_page_url("B07XYZ/1")
    token_calls = [r for r in magento.requests if r[1] == "/rest/V1/integration/admin/token"]
    assert len(token_calls) == 1
    assert "Authorization" not in token_calls[0][2]


def test_errors_are_site_api_errors_with_their_cause(magento):
    bad = MagentoShoppingAPI(magento.url, admin_user="admin", admin_password="wrong")
    with pytest.raises(SiteAPIError, match=r"refused the credentials.*sign-in was incorrect"):
        bad.latest_order_url()
    with pytest.raises(SiteAPIError, match="set MAGENTO_ADMIN_TOKEN"):
        MagentoShoppingAPI(magento.url).latest_order_url()
    with pytest.raises(SiteAPIError, match="refused the credentials"):
        MagentoShoppingAPI(magento.url, admin_token="stale").latest_order_url()
    api = MagentoShoppingAPI(magento.url, admin_token=TOKEN)
    with pytest.raises(SiteAPIError, match=r"product SKU 'NOPE' not found \(HTTP 404: The product"):
        api.product_page_url("NOPE")
    magento.orders = []
    with pytest.raises(SiteAPIError, match=r"emma\.lopez@gmail\.com has no order"):
        api.latest_order_url()
    magento.products["B07XYZ/1"]["custom_attributes"] = []
    with pytest.raises(SiteAPIError, match="no url_key"):
        api.product_page_url("B07XYZ/1")
    magento.broken_json = True
    with pytest.raises(SiteAPIError, match="non-JSON"):
        api.latest_review("B07XYZ/1")


def test_unreachable_site():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    api = MagentoShoppingAPI(f"http://127.0.0.1:{port}", admin_token=TOKEN, timeout_s=5)
    with pytest.raises(SiteAPIError, match="unreachable"):
        api.latest_order_url()


def test_from_env(monkeypatch, magento):
    monkeypatch.setenv("MAGENTO_ADMIN_TOKEN", "")
    monkeypatch.setenv("MAGENTO_ADMIN_USER", "admin")
    monkeypatch.setenv("MAGENTO_ADMIN_PASSWORD", "admin1234")
    assert MagentoShoppingAPI.from_env(magento.url).latest_order_url().endswith("/order_id/207/")
