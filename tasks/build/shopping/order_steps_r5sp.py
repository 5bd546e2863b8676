"""Round 5 (helper r5-sp): the steps a person takes to an order's page: My Account (the header's link), My Orders
(the account's menu), the page of the order list that holds the order (10 a page, newest first) and its View Order
link, found after the order's number (sight rules at the end of tasks/build/sight.py).
"""

from __future__ import annotations

from sites.shopping.account_views import ORDERS_PER_PAGE
from sites.shopping.data import Order

from ..evals import click
from .base import Suite

ACCOUNT_LINK = ".header.links a[href='/customer/account/']"
ORDERS_LINK = ".account-nav a[href='/sales/order/history/']"


def view_order_css(o: Order) -> str:
    return f"#my-orders-table a.action.view[href='/sales/order/view/order_id/{o.id}/']"


def to_my_orders() -> list[dict]:
    return [click(ACCOUNT_LINK, "the header's My Account"), click(ORDERS_LINK, "the account menu's My Orders")]


def to_order(s: Suite, o: Order) -> list[dict]:
    """My Account > My Orders > (the list's page holding `o`) > View Order of `o`."""
    index = [x.id for x in s.orders].index(o.id)
    page = index // ORDERS_PER_PAGE[0] + 1
    steps = to_my_orders()
    if page > 1:
        steps.append(click(f".pages-items a.page[href*='p={page}&']", f"page {page} of the order list"))
    steps.append(click(view_order_css(o), f"View Order in the row of order #{o.increment_id}"))
    return steps
