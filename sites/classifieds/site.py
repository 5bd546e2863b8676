"""The classifieds site as one registration (sites/registry.py): its URL and port, launcher, login, homepage card,
generated data and its fingerprints, and the accounts the homepage lists.

May import: sites.registry and sites.common (the site's own modules load only when a function runs).
"""

from __future__ import annotations

from pathlib import Path

from sites.common.launch import SqliteSite, live_options
from sites.registry import HomepageCard, LoginSpec, SiteAccount

STORE = SqliteSite(
    "classifieds",
    reset_path="/index.php?page=reset",
    made=lambda r: f"{r.listings:,} listings, {r.users:,} users, {r.photos:,} photos, {r.comments:,} comments",
    size=lambda ds: f"{ds.listings:,} listings",
    photo_sql="SELECT * FROM photo WHERE upload_name IS NULL ORDER BY id",
    photo_render="sites.common.photos:render_row",
    fresh=("uploads",),
)


def app(instance: Path, options: dict):
    from sites.classifieds import ClassifiedsConfig, create_app

    fields = live_options("classifieds", instance, options, "photo_cache")
    return create_app(ClassifiedsConfig(**fields, upload_dir=instance / "uploads"))


def accounts() -> tuple[SiteAccount, ...]:
    from sites.classifieds.generate import SELLER_PASSWORD

    return (SiteAccount("any generated seller (seller00002 ... )", "seller00002@example.com", SELLER_PASSWORD),)


SPEC = STORE.spec(
    "A local classifieds marketplace: listings with photos, search by category, state "
    "and price, comments with ratings, post and edit your own ads.",
    app,
    default_port=9980,
    report_order=10,
    login=LoginSpec(
        "/index.php?page=login",
        "input[name=email]",
        "input[name=password]",
        "button[type=submit]",
        ("logout", "log out"),
        "CLASSIFIEDS_USER",
        "CLASSIFIEDS_PASSWORD",
        "blake.sullivan@gmail.com",
        "Password.123",
        session_path="/index.php?page=session",
        role="benchmark user (Blake Sullivan)",
    ),
    card=HomepageCard(
        "Classifieds",
        "A local marketplace: listings with photos, search by category, state and "
        "price, comments with star ratings; post and edit your own ads.",
    ),
    accounts=accounts,
)
