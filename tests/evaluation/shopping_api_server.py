"""A tiny local HTTP server imitating a shopping site's data API, and a `ShoppingAPI` client for it.

Routes: GET /api/orders/latest -> {"order_id": N}; GET /api/products/SKU -> {"url_key": "..."};
GET /api/products/SKU/reviews -> [reviews, oldest first]. Unknown SKU: 404.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler

from devtools.local_http import send_json, serve
from evaluation.scoring.site_api import Review, SiteAPIError


class ShoppingDataServer:
    def __init__(self, products: dict, latest_order: int):
        self.products = products
        self.latest_order = latest_order
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                parts = [p for p in self.path.split("/") if p]
                status = 404
                body: dict[str, object] = {"message": f"no route {self.path}"}
                if parts == ["api", "orders", "latest"]:
                    status, body = 200, {"order_id": owner.latest_order}
                elif len(parts) >= 3 and parts[:2] == ["api", "products"] and parts[2] in owner.products:
                    product = owner.products[parts[2]]
                    if len(parts) == 3:
                        status, body = 200, {"url_key": product["url_key"]}
                    elif parts[3:] == ["reviews"]:
                        status, body = 200, product["reviews"]
                send_json(self, status, body)

        self._server, self.base_url = serve(Handler)

    def close(self):
        self._server.shutdown()
        self._server.server_close()


class JSONShoppingAPI:
    """ShoppingAPI over the routes above; `site_url` is the storefront the URLs point at."""

    def __init__(self, api_url: str, site_url: str):
        self.api_url, self.site_url = api_url, site_url

    def _get(self, path: str):
        try:
            with urllib.request.urlopen(self.api_url + path, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as exc:
            raise SiteAPIError(f"GET {path}: HTTP {exc.code}") from exc
        except OSError as exc:
            raise SiteAPIError(f"GET {path}: {exc}") from exc

    def latest_order_url(self) -> str:
        return f"{self.site_url}/sales/order/view/order_id/{self._get('/api/orders/latest')['order_id']}/"

    def product_page_url(self, sku: str) -> str:
        return f"{self.site_url}/{self._get(f'/api/products/{sku}')['url_key']}.html"

    def latest_review(self, sku: str) -> Review | None:
        reviews = self._get(f"/api/products/{sku}/reviews")
        if not reviews:
            return None
        r = reviews[-1]
        return Review(author=r["nickname"], title=r["title"], text=r["detail"], rating=float(r["percent"]))
