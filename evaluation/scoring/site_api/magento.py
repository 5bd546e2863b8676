"""`ShoppingAPI` over the REST API of the official Magento shopping image (docker stack).

- Newest order of the benchmark's customer: `GET /rest/V1/orders` filtered on `customer_email`, sorted by
  `entity_id` descending, one item -> `<base>/sales/order/view/order_id/<entity_id>/`.
- Product page of a SKU: `GET /rest/V1/products/<sku>` -> its `url_key` custom attribute -> `<base>/<url_key>.html`.
- Newest review of a SKU: `GET /rest/V1/products/<sku>/reviews`. Magento core has no review REST
  endpoint, but the official shopping image ships a reviews extension answering this route, and the
  public benchmark's own helpers read reviews through it (newest = the last item of the list). We use
  the same source so that scores agree with the official evaluator; when items carry `created_at`, the
  newest by that date wins (ties: the later item). Rating: the first rating's `percent` when present,
  else its `value` (stars) x 20.

Authentication: an admin/integration token (MAGENTO_ADMIN_TOKEN), or an admin user and password
exchanged once for a token at `POST /rest/V1/integration/admin/token`. Every failure is a
`SiteAPIError` naming the request and its cause.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from .interface import Review, SiteAPIError

CUSTOMER_EMAIL = "emma.lopez@gmail.com"


@dataclass
class MagentoShoppingAPI:
    base_url: str
    admin_token: str | None = None
    admin_user: str | None = None
    admin_password: str | None = None
    customer_email: str = CUSTOMER_EMAIL
    timeout_s: float = 30.0
    _token: str | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self.base_url = self.base_url.rstrip("/")
        self._token = self.admin_token or None

    @classmethod
    def from_env(cls, base_url: str) -> MagentoShoppingAPI:
        """Credentials from MAGENTO_ADMIN_TOKEN, or MAGENTO_ADMIN_USER / MAGENTO_ADMIN_PASSWORD (.env)."""
        return cls(
            base_url,
            admin_token=os.environ.get("MAGENTO_ADMIN_TOKEN") or None,
            admin_user=os.environ.get("MAGENTO_ADMIN_USER") or None,
            admin_password=os.environ.get("MAGENTO_ADMIN_PASSWORD") or None,
        )

    # ---- ShoppingAPI -------------------------------------------------------------------------------

    def latest_order_url(self) -> str:
        query = {
            "searchCriteria[filterGroups][0][filters][0][field]": "customer_email",
            "searchCriteria[filterGroups][0][filters][0][value]": self.customer_email,
            "searchCriteria[filterGroups][0][filters][0][conditionType]": "eq",
            "searchCriteria[sortOrders][0][field]": "entity_id",
            "searchCriteria[sortOrders][0][direction]": "DESC",
            "searchCriteria[pageSize]": "1",
            "searchCriteria[currentPage]": "1",
        }
        data = self._get("/rest/V1/orders?" + urllib.parse.urlencode(query))
        items = data.get("items") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise SiteAPIError(f"Magento orders search at {self.base_url}: answer has no 'items' list: {_short(data)}")
        if not items:
            raise SiteAPIError(f"Magento at {self.base_url}: customer {self.customer_email} has no order")
        order_id = items[0].get("entity_id")
        if not isinstance(order_id, int):
            raise SiteAPIError(f"Magento orders search: newest order has no integer entity_id: {_short(items[0])}")
        return f"{self.base_url}/sales/order/view/order_id/{order_id}/"

    def product_page_url(self, sku: str) -> str:
        product = self._product(sku)
        for attr in product.get("custom_attributes") or []:
            if attr.get("attribute_code") == "url_key" and attr.get("value"):
                return f"{self.base_url}/{attr['value']}.html"
        raise SiteAPIError(f"Magento product {sku!r} at {self.base_url} has no url_key attribute")

    def latest_review(self, sku: str) -> Review | None:
        data = self._get(f"/rest/V1/products/{_quote(sku)}/reviews", what=f"reviews of SKU {sku!r}")
        if not isinstance(data, list):
            raise SiteAPIError(f"Magento reviews of SKU {sku!r}: expected a list, got {_short(data)}")
        if not data:
            return None
        newest = data[-1]
        if all(isinstance(r, dict) and r.get("created_at") for r in data):
            newest = max(enumerate(data), key=lambda pair: (str(pair[1]["created_at"]), pair[0]))[1]
        return Review(
            author=str(newest.get("nickname", "")),
            title=str(newest.get("title", "")),
            text=str(newest.get("detail", "")),
            rating=_rating(newest, sku),
        )

    # ---- HTTP ----------------------------------------------------------------------------------------

    def _product(self, sku: str) -> dict[str, Any]:
        data = self._get(f"/rest/V1/products/{_quote(sku)}", what=f"product SKU {sku!r}")
        if not isinstance(data, dict):
            raise SiteAPIError(f"Magento product {sku!r}: expected an object, got {_short(data)}")
        return data

    def token(self) -> str:
        if self._token:
            return self._token
        if not (self.admin_user and self.admin_password):
            raise SiteAPIError(
                "Magento REST API needs credentials: set MAGENTO_ADMIN_TOKEN, or MAGENTO_ADMIN_USER and "
                "MAGENTO_ADMIN_PASSWORD, in .env"
            )
        body = json.dumps({"username": self.admin_user, "password": self.admin_password}).encode()
        token = self._request(
            "POST",
            "/rest/V1/integration/admin/token",
            body=body,
            auth=False,
            what=f"admin token for user {self.admin_user!r}",
        )
        if not isinstance(token, str) or not token:
            raise SiteAPIError(f"Magento admin token request answered {_short(token)} instead of a token")
        self._token = token
        return token

    def _get(self, path: str, what: str | None = None) -> object:
        """The decoded JSON answer (its shape checked by the caller)."""
        return self._request("GET", path, what=what)

    def _request(
        self, method: str, path: str, body: bytes | None = None, auth: bool = True, what: str | None = None
    ) -> object:
        url = self.base_url + path
        label = what or path.split("?", 1)[0]
        headers = {"Accept": "application/json"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if auth:
            headers["Authorization"] = f"Bearer {self.token()}"
        request = urllib.request.Request(url, data=body, method=method, headers=headers)
        try:
            with _opener(url).open(request, timeout=self.timeout_s) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            detail = _message(exc.read())
            if exc.code == 404:
                raise SiteAPIError(f"Magento at {self.base_url}: {label} not found (HTTP 404: {detail})") from None
            if exc.code == 401:
                raise SiteAPIError(
                    f"Magento at {self.base_url} refused the credentials for {label} "
                    f"(HTTP 401: {detail}); check MAGENTO_ADMIN_TOKEN / user / password"
                ) from None
            raise SiteAPIError(
                f"Magento at {self.base_url}: {label} failed with HTTP {exc.code}: {detail}",
                retryable=exc.code >= 500 or exc.code in (408, 429),
            ) from None
        except OSError as exc:
            raise SiteAPIError(f"Magento at {self.base_url} unreachable for {label}: {exc}", retryable=True) from None
        try:
            return json.loads(raw)
        except ValueError:
            raise SiteAPIError(
                f"Magento at {self.base_url}: {label} answered non-JSON: {raw[:200]!r}", retryable=True
            ) from None


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _opener(url: str) -> urllib.request.OpenerDirector:
    """Loopback sites (the embedded store) are reached directly, never through a proxy from the environment."""
    host = urllib.parse.urlsplit(url).hostname or ""
    return _DIRECT if host in ("127.0.0.1", "localhost", "::1") else urllib.request.build_opener()


def _quote(sku: str) -> str:
    if not sku:
        raise SiteAPIError("empty SKU")
    return urllib.parse.quote(sku, safe="")


def _rating(review: dict[str, Any], sku: str) -> float:
    ratings = review.get("ratings") or []
    if not ratings:
        raise SiteAPIError(f"Magento review of SKU {sku!r} has no rating: {_short(review)}")
    first = ratings[0]
    try:
        if first.get("percent") is not None:
            return float(first["percent"])
        return float(first["value"]) * 20.0
    except (KeyError, TypeError, ValueError):
        raise SiteAPIError(f"Magento review of SKU {sku!r}: unreadable rating {_short(first)}") from None


def _message(raw: bytes) -> str:
    try:
        data = json.loads(raw)
        if isinstance(data, dict) and "message" in data:
            return str(data["message"])
    except ValueError:
        pass
    return raw[:200].decode("utf-8", "replace") or "(empty body)"


def _short(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 200 else text[:200] + "..."
