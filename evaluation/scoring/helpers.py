"""Named helpers of program_html (`func:NAME(args)` in task files), as a registry.

Every helper takes a `HelperEnv` first (the browser, the final URL, the shopping API), then the
arguments written in the task file, where `__page__` becomes a `Page` (the browser tab being checked)
and `__last_url__` the episode's final URL. DOM helpers read the official sites' markup (Magento order and
product pages, Postmill comment trees); a missing element gives the empty value (the agent did not
reach the expected state: reward 0), while a browser or site-API failure raises `HelperError`.
"""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlparse

from selenium.common.exceptions import JavascriptException, WebDriverException

from evaluation.vocabulary.errors import HelperError
from evaluation.vocabulary.helper_calls import PAGE, HelperCall, Symbol
from evaluation.vocabulary.spec import OR_SEP

from .driver import Driver
from .site_api import Review, ShoppingAPI, SiteAPIError


@dataclass
class Page:
    """The browser tab a helper reads (Selenium driver)."""

    driver: Driver

    @property
    def url(self) -> str:
        return self.driver.current_url

    def run(self, script: str, *args: object) -> Any:  # what the script returns, decoded by Selenium
        """Run `script` (a function body using `arguments`) in the page; JS errors give None."""
        try:
            return self.driver.execute_script(script, *args)
        except JavascriptException:
            return None
        except WebDriverException as exc:
            raise HelperError(f"the browser failed while reading the page: {exc.msg or exc}") from exc


@dataclass
class HelperEnv:
    driver: Driver | None = None
    last_url: str = ""
    shopping_api_factory: Callable[[], ShoppingAPI] | None = None
    _api: ShoppingAPI | None = field(default=None, repr=False)

    @property
    def page(self) -> Page:
        if self.driver is None:
            raise HelperError("this helper reads a page, but no browser is available")
        return Page(self.driver)

    def shopping_api(self) -> ShoppingAPI:
        if self._api is None:
            if self.shopping_api_factory is None:
                raise HelperError(
                    "this helper needs the shopping site's API, which this stack does not provide", retryable=False
                )
            try:
                self._api = self.shopping_api_factory()
            except SiteAPIError as exc:
                raise HelperError(f"shopping API unavailable: {exc}", retryable=exc.retryable) from exc
        return self._api


HELPERS: dict[str, Callable[..., Any]] = {}


_Helper = TypeVar("_Helper", bound=Callable[..., Any])


def helper(fn: _Helper) -> _Helper:
    HELPERS[fn.__name__] = fn
    return fn


def check_arguments(call: HelperCall) -> None:
    """TypeError when the call's arguments do not fit the helper (count, names, `__page__` placement)."""
    fn = HELPERS[call.name]
    sig = inspect.signature(fn)
    try:
        bound = sig.bind(None, *call.args, **dict(call.kwargs))
    except TypeError as exc:
        params = ", ".join(list(sig.parameters)[1:])
        raise TypeError(f"{call.source!r}: {exc}; {call.name} takes ({params})") from None
    for name, value in bound.arguments.items():
        if name == "env":
            continue
        is_page = isinstance(value, Symbol) and value.name == PAGE
        if (name == "page") != is_page:
            raise TypeError(
                f"{call.source!r}: argument {name!r} of {call.name} "
                + ("must be __page__" if name == "page" else "cannot be __page__")
            )


def call_helper(call: HelperCall, env: HelperEnv) -> Any:
    values = (*call.args, *(v for _, v in call.kwargs))
    reads_page = any(isinstance(v, Symbol) and v.name == PAGE for v in values)
    args, kwargs = call.bind(env.page if reads_page else None, env.last_url)
    try:
        return HELPERS[call.name](env, *args, **kwargs)
    except SiteAPIError as exc:
        raise HelperError(f"{call.source}: site API error: {exc}", retryable=exc.retryable) from exc


def _number(text: Any) -> float | None:
    if text is None:
        return None
    m = re.search(r"-?\d[\d,]*(?:\.\d+)?", str(text))
    return float(m.group(0).replace(",", "")) if m else None


def _int_or_float(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


# ---- generic -----------------------------------------------------------------------------------------

_QUERY_TEXT = (Path(__file__).with_name("query_text.js")).read_text(encoding="utf-8")


@helper
def get_query_text(env: HelperEnv, page: Page, selector: str) -> str:
    """textContent of the first element matching the CSS selector ("" when none)."""
    text: str = page.run(_QUERY_TEXT, selector) or ""
    return text


@helper
def get_query_text_lowercase(env: HelperEnv, page: Page, selector: str) -> str:
    return get_query_text(env, page, selector).lower()


# ---- shopping (Magento) pages ------------------------------------------------------------------------

# Order view page: table #my-orders-table (inside .order-details-items.ordered), one <tbody> per product,
# cells td.col.name (strong.product-item-name, dl.item-options with dt/dd pairs), td.col.sku,
# td.col.price, td.col.qty (li items: span.title "Ordered" + span.content N), td.col.subtotal.
_ORDER_PRODUCTS = (Path(__file__).with_name("order_products.js")).read_text(encoding="utf-8")


def order_products(page: Page) -> list[dict[str, Any]]:
    products: list[dict[str, Any]] = page.run(_ORDER_PRODUCTS) or []
    return products


def _skus(sku: str) -> set[str]:
    return {s.strip() for s in str(sku).split(OR_SEP) if s.strip()}


@helper
def shopping_get_order_product_name_list(env: HelperEnv, page: Page) -> str:
    """Names of the products of the order shown, joined by ' |OR| '."""
    return OR_SEP.join(p["name"] for p in order_products(page))


@helper
def shopping_get_order_product_quantity(env: HelperEnv, page: Page, sku: str) -> int:
    wanted = _skus(sku)
    for product in order_products(page):
        if product["sku"].strip() in wanted:
            value = _number(product["qty"])
            return int(value) if value is not None else 0
    return 0


@helper
def shopping_get_order_product_option(env: HelperEnv, page: Page, sku: str, option_name: str) -> str:
    wanted = _skus(sku)
    for product in order_products(page):
        if product["sku"].strip() in wanted:
            for name, value in product["options"].items():
                if name.strip().lower() == option_name.strip().lower():
                    return str(value)
            return ""
    return ""


# Product page attribute table: rows of #productDetails_detailBullets_sections1 (the official data's
# description table) or Magento's #product-attribute-specs-table; first cell label, second cell value.
_ATTRIBUTES = (Path(__file__).with_name("attributes.js")).read_text(encoding="utf-8")


@helper
def shopping_get_product_attributes(env: HelperEnv, page: Page, names: str) -> str:
    """Values of the attribute rows whose label contains one of `names` (|OR|-joined), joined by ', '."""
    terms = [t.strip().lower() for t in str(names).split(OR_SEP) if t.strip()]
    rows = page.run(_ATTRIBUTES) or []
    return ", ".join(value for label, value in rows if any(t in label.lower() for t in terms))


# The numbers a product page shows (its final price, count of reviews, rating in percent): product_numbers.js
_PRODUCT_NUMBERS = (Path(__file__).with_name("product_numbers.js")).read_text(encoding="utf-8")


def _product_number(page: Page, which: str) -> float | int:
    """The product page's number `which` ("price", "reviews", "rating"), an int when whole; 0 when it shows none."""
    value = _number(page.run(_PRODUCT_NUMBERS, which))
    return 0 if value is None else _int_or_float(value)


@helper
def shopping_get_product_price(env: HelperEnv, page: Page) -> float | int:
    return _product_number(page, "price")


@helper
def shopping_get_num_reviews(env: HelperEnv, page: Page) -> int:
    return int(_product_number(page, "reviews"))


@helper
def shopping_get_rating_as_percentage(env: HelperEnv, page: Page) -> float | int:
    return _product_number(page, "rating")


# ---- shopping site API -----------------------------------------------------------------------------


@helper
def shopping_get_latest_order_url(env: HelperEnv) -> str:
    return env.shopping_api().latest_order_url()


@helper
def shopping_get_sku_product_page_url(env: HelperEnv, sku: str) -> str:
    return env.shopping_api().product_page_url(sku)


def _on_latest_review(env: HelperEnv, sku: str, read: Callable[[Review], str]) -> str:
    """`read` of the latest review of `sku` (through the site's API); "" when it has none."""
    review = env.shopping_api().latest_review(sku)
    return read(review) if review else ""


@helper
def shopping_get_sku_latest_review_author(env: HelperEnv, sku: str) -> str:
    return _on_latest_review(env, sku, lambda review: review.author)


@helper
def shopping_get_sku_latest_review_rating(env: HelperEnv, sku: str) -> str:
    return _on_latest_review(env, sku, lambda review: f"{_int_or_float(review.rating)}")


@helper
def shopping_get_sku_latest_review_text(env: HelperEnv, sku: str) -> str:
    return _on_latest_review(env, sku, lambda review: review.text)


@helper
def shopping_get_sku_latest_review_title(env: HelperEnv, sku: str) -> str:
    return _on_latest_review(env, sku, lambda review: review.title)


# ---- reddit (Postmill) -------------------------------------------------------------------------------


@helper
def reddit_get_post_url(env: HelperEnv, url: str) -> str:
    """`scheme://host/f/FORUM/ID/` of a post or comment URL; other URLs unchanged."""
    parsed = urlparse(url)
    parts = parsed.path.split("/")
    if len(parts) < 4 or parts[1] != "f" or not parts[2] or not parts[3]:
        return url
    return f"{parsed.scheme}://{parsed.netloc}/f/{parts[2]}/{parts[3]}/"


# Comment tree under #main: each comment is a `.comment` element with `data-level` (1 = reply to the post);
# a comment's children are the `.comment` descendants one level deeper. Fields, read in the comment's own
# markup (the first match inside it): author `.fg-inherit`, score `.vote__net-score`, text
# `.comment__content`, time `time[datetime]` of its header.
_COMMENT_TREE = (Path(__file__).with_name("comment_tree.js")).read_text(encoding="utf-8")


@helper
def reddit_get_post_comment_tree(env: HelperEnv, page: Page) -> dict[str, Any]:
    tree: dict[str, Any] = page.run(_COMMENT_TREE) or {}
    return tree


def _when(node: dict[str, Any]) -> datetime:
    try:
        value = datetime.fromisoformat(str(node.get("time", "")).replace("Z", "+00:00"))
        return value.replace(tzinfo=None) if value.tzinfo is None else value.astimezone().replace(tzinfo=None)
    except ValueError:
        return datetime.min


def _comment(node: dict[str, Any]) -> dict[str, Any]:
    return {k: node.get(k) for k in ("username", "net_score", "content", "time")}


def _latest_by(tree: dict[str, Any], username: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """(comment, parent) of the user's newest comment, or None."""
    best: tuple[datetime, dict[str, Any], dict[str, Any]] | None = None
    stack = [(child, tree) for child in tree.get("children", [])]
    while stack:
        node, parent = stack.pop()
        if node.get("username") == username:
            when = _when(node)
            if best is None or when > best[0]:
                best = (when, node, parent)
        stack.extend((child, node) for child in node.get("children", []))
    return (best[1], best[2]) if best else None


@helper
def reddit_get_latest_comment_obj_by_username(env: HelperEnv, page: Page, username: str) -> dict[str, Any]:
    found = _latest_by(reddit_get_post_comment_tree(env, page), username)
    return _comment(found[0]) if found else {}


@helper
def reddit_get_latest_comment_content_by_username(env: HelperEnv, page: Page, username: str) -> str:
    return reddit_get_latest_comment_obj_by_username(env, page, username).get("content", "") or ""


@helper
def reddit_get_parent_comment_obj_of_latest_comment_by_username(
    env: HelperEnv, page: Page, username: str
) -> dict[str, Any]:
    found = _latest_by(reddit_get_post_comment_tree(env, page), username)
    return _comment(found[1]) if found else {}


@helper
def reddit_get_parent_comment_username_of_latest_comment_by_username(env: HelperEnv, page: Page, username: str) -> str:
    return reddit_get_parent_comment_obj_of_latest_comment_by_username(env, page, username).get("username", "") or ""


def as_text(value: Any) -> str:
    """A helper or locator value as the text the expectations read."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return str(_int_or_float(value))
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)
