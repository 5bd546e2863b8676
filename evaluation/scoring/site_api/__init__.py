"""Per-stack access to site data that pages alone do not show (used by named helpers).

Helpers such as `shopping_get_latest_order_url()` or `shopping_get_sku_latest_review_rating(sku)` need
the site's own records. Each stack provides an implementation of `ShoppingAPI`: the embedded shopping
site (its SQLite database / JSON endpoints) and the official Magento (its REST API, admin token).

interface.py holds what implementations share (ShoppingAPI, Review, SiteAPIError); magento.py imports it,
never this package. May import sites.config only.
"""

from __future__ import annotations

from .interface import Review, ShoppingAPI, SiteAPIError

__all__ = ["Review", "ShoppingAPI", "SiteAPIError", "get_shopping_api"]


def get_shopping_api(stack: str, urls: dict[str, str]) -> ShoppingAPI:
    """The shopping API of a stack: `docker` -> the official Magento (REST API; credentials from
    MAGENTO_ADMIN_TOKEN or MAGENTO_ADMIN_USER / MAGENTO_ADMIN_PASSWORD); `embedded` and `compose` (the embedded
    sites in containers, started with the same RESET_TOKEN) -> the embedded store, which serves the same slice of
    Magento's REST API behind its reset token."""
    if stack in ("embedded", "compose"):
        from sites.config import settings

        from .magento import MagentoShoppingAPI

        if not urls.get("shopping"):
            raise SiteAPIError("no URL of the embedded shopping site (is it started by this run?)")
        return MagentoShoppingAPI(urls["shopping"], admin_token=settings().reset_token)
    if stack == "docker":
        from .magento import MagentoShoppingAPI  # written for the docker stack; imported only when used

        if not urls.get("shopping"):
            raise SiteAPIError("no URL configured for the shopping site (SHOPPING)")
        return MagentoShoppingAPI.from_env(urls["shopping"])
    raise SiteAPIError(f"unknown stack {stack!r}; use embedded, compose or docker")
