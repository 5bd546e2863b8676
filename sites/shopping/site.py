"""The store (One Stop Market) as one registration (sites/registry.py): its URL and port, launcher, login,
homepage card, generated data and its fingerprints.

May import: sites.registry and sites.common (the site's own modules load only when a function runs).
"""

from __future__ import annotations

from pathlib import Path

from sites.common.launch import generate_report, live_options, post_token, prepare_sqlite
from sites.registry import Fingerprint, HomepageCard, LoginSpec, SiteData, SiteLauncher, SiteSpec


def _ensure(data_dir: Path, seed: int, scale):
    from sites.shopping import store

    return store.ensure(data_dir, seed, scale)


def prepare(settings, instance: Path, _urls: dict[str, str]) -> dict:
    return prepare_sqlite(settings, instance, name="shopping", ensure=_ensure, cache="photo_cache")


def app(instance: Path, options: dict):
    from sites.shopping import ShoppingConfig, create_app

    return create_app(ShoppingConfig(**live_options("shopping", instance, options, "photo_cache")))


def reset(base_url: str, settings) -> None:
    post_token(f"{base_url}/__reset", settings.reset_token)


def generate(data_dir: Path, seed: int, scale) -> str:
    def made(r) -> str:
        return (
            f"{r.products:,} products in {r.categories} categories, {r.photos:,} photos, {r.reviews:,} reviews, "
            f"{r.orders:,} orders"
        )

    return generate_report(_ensure, data_dir, seed, scale, made)


def fingerprints(data_dir: Path, seed: int, scale) -> list[Fingerprint]:
    from sites.shopping.photos import render

    db = _ensure(data_dir, seed, scale)[0].db
    return [
        Fingerprint("shopping/database", "sqlite", db),
        Fingerprint("shopping/photos", "photos", db, photo_sql="SELECT * FROM photo ORDER BY id", render=render),
    ]


def describe(data_dir: Path, seed: int, scale) -> tuple[bool, str]:
    from sites.shopping import store

    ds = store.dataset(data_dir, seed, scale)
    return ds.exists(), f"shopping data (seed {seed}, {ds.products:,} products): {ds.db}"


SPEC = SiteSpec(
    "shopping",
    url_env="SHOPPING",
    default_port=7770,
    docker_service="shopping",
    suite_module="tasks.build.shopping",
    report_order=30,
    launcher=SiteLauncher(
        name="shopping",
        description="One Stop Market: a general store (Magento Luma style) with departments, product pages "
        "with photos, options and reviews, cart, checkout, orders, wish list and compare.",
        prepare=prepare,
        create_app=app,
        reset=reset,
    ),
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
    data=SiteData(generate, fingerprints, describe),
)
