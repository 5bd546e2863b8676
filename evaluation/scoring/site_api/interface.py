"""What a stack's shopping API gives the named helpers (`ShoppingAPI`), the records it returns and its
error. The package's factory and each implementation (magento.py) import these from here.
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
    rating: float  # percent: 20 per star


class ShoppingAPI(Protocol):
    def latest_order_url(self) -> str:
        """URL of the customer's newest order page (`<base>/sales/order/view/order_id/N/`)."""

    def product_page_url(self, sku: str) -> str:
        """URL of the product page of a SKU."""

    def latest_review(self, sku: str) -> Review | None:
        """The newest review of a SKU, or None when it has none."""
