"""Per-stack access to site data that pages alone do not show (used by named helpers).

Helpers such as `shopping_get_latest_order_url()` or `shopping_get_sku_latest_review_rating(sku)` need
the site's own records. Each stack provides an implementation of `ShoppingAPI`: the embedded shopping
site (its SQLite database / JSON endpoints) and the official Magento (its REST API, admin token).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class SiteAPIError(RuntimeError):
    """The site could not answer (down, bad credentials, unknown SKU): the task is an error, not a 0.

    `retryable`: the site may answer another time (unreachable, a server error); an answer such as 404 or a
    refused credential is the same on every attempt."""

    def __init__(self, message: str, *, retryable: bool = False):
        super().__init__(message)
        self.retryable = retryable


@dataclass(frozen=True)
class Review:
    author: str
    title: str
    text: str
    rating: float   # percent: 20 per star


class ShoppingAPI(Protocol):
    def latest_order_url(self) -> str:
        """URL of the customer's newest order page (`<base>/sales/order/view/order_id/N/`)."""

    def product_page_url(self, sku: str) -> str:
        """URL of the product page of a SKU."""

    def latest_review(self, sku: str) -> Review | None:
        """The newest review of a SKU, or None when it has none."""


def get_shopping_api(stack: str, urls: dict[str, str]) -> ShoppingAPI:
    """The shopping API of a stack: `docker` -> the official Magento (REST API; credentials from
    MAGENTO_ADMIN_TOKEN or MAGENTO_ADMIN_USER / MAGENTO_ADMIN_PASSWORD); `embedded` -> the embedded store, which
    serves the same slice of Magento's REST API behind its reset token (RESET_TOKEN)."""
    if stack == "embedded":
        from sites.config import settings

        from .magento import MagentoShoppingAPI
        if not urls.get("shopping"):
            raise SiteAPIError("no URL of the embedded shopping site (is it started by this run?)")
        return MagentoShoppingAPI(urls["shopping"], admin_token=settings().reset_token)
    if stack == "docker":
        from .magento import MagentoShoppingAPI   # written for the docker stack; imported only when used
        if not urls.get("shopping"):
            raise SiteAPIError("no URL configured for the shopping site (SHOPPING)")
        return MagentoShoppingAPI.from_env(urls["shopping"])
    raise SiteAPIError(f"unknown stack {stack!r}; use embedded or docker")
