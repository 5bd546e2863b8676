"""The store (One Stop Market) as one registration (sites/registry.py): its URL and port, launcher, login,
homepage card, generated data and its fingerprints.

May import: sites.registry and sites.common (the site's own modules load only when a function runs).
"""

from __future__ import annotations

from pathlib import Path

from sites.common.launch import SqliteSite, live_options
from sites.registry import HomepageCard, LoginSpec

STORE = SqliteSite(
    "shopping",
    made=lambda r: (
        f"{r.products:,} products in {r.categories} categories, {r.photos:,} photos, {r.reviews:,} reviews, "
        f"{r.orders:,} orders"
    ),
    size=lambda ds: f"{ds.products:,} products",
    photo_sql="SELECT * FROM photo ORDER BY id",
    photo_render="sites.shopping.photos:render",
)


def app(instance: Path, options: dict):
    from sites.shopping import ShoppingConfig, create_app

    return create_app(ShoppingConfig(**live_options("shopping", instance, options, "photo_cache")))


SPEC = STORE.spec(
    "One Stop Market: a general store (Magento Luma style) with departments, product pages "
    "with photos, options and reviews, cart, checkout, orders, wish list and compare.",
    app,
    default_port=7770,
    report_order=30,
    login=LoginSpec(
        "/customer/account/login/",
        "input[name='login[username]']",
        "input[name='login[password]']",
        "button#send2, button[type=submit]",
        ("sign out",),
        "SHOPPING_USER",
        "SHOPPING_PASSWORD",
        "emma.lopez@gmail.com",
        "Password.123",
        role="customer",
    ),
    card=HomepageCard(
        "One Stop Market",
        "An online store: product pages with photos, reviews, a cart, checkout and order history.",
    ),
)
