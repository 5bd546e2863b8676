"""The classifieds site as one registration (sites/registry.py): its URL and port, launcher, login, homepage card,
generated data and its fingerprints, and the accounts the homepage lists.

May import: sites.registry and sites.common (the site's own modules load only when a function runs).
"""

from __future__ import annotations

from pathlib import Path

from sites.common.launch import generate_report, live_options, post_token, prepare_sqlite
from sites.registry import Fingerprint, HomepageCard, LoginSpec, SiteAccount, SiteData, SiteLauncher, SiteSpec


def _ensure(data_dir: Path, seed: int, scale):
    from sites.classifieds import store

    return store.ensure(data_dir, seed, scale)


def prepare(settings, instance: Path, _urls: dict[str, str]) -> dict:
    return prepare_sqlite(
        settings, instance, name="classifieds", ensure=_ensure, cache="photo_cache", fresh=("uploads",)
    )


def app(instance: Path, options: dict):
    from sites.classifieds import ClassifiedsConfig, create_app

    fields = live_options("classifieds", instance, options, "photo_cache")
    return create_app(ClassifiedsConfig(**fields, upload_dir=instance / "uploads"))


def reset(base_url: str, settings) -> None:
    post_token(f"{base_url}/index.php?page=reset", settings.reset_token)


def generate(data_dir: Path, seed: int, scale) -> str:
    def made(r) -> str:
        return f"{r.listings:,} listings, {r.users:,} users, {r.photos:,} photos, {r.comments:,} comments"

    return generate_report(_ensure, data_dir, seed, scale, made)


def fingerprints(data_dir: Path, seed: int, scale) -> list[Fingerprint]:
    from sites.common.photos import PhotoRow, render_generated

    db = _ensure(data_dir, seed, scale)[0].db
    return [
        Fingerprint("classifieds/database", "sqlite", db),
        Fingerprint(
            "classifieds/photos",
            "photos",
            db,
            photo_sql="SELECT * FROM photo WHERE upload_name IS NULL ORDER BY id",
            render=lambda row: render_generated(PhotoRow.from_row(row)),
        ),
    ]


def describe(data_dir: Path, seed: int, scale) -> tuple[bool, str]:
    from sites.classifieds import store

    ds = store.dataset(data_dir, seed, scale)
    return ds.exists(), f"classifieds data (seed {seed}, {ds.listings:,} listings): {ds.db}"


def accounts() -> tuple[SiteAccount, ...]:
    from sites.classifieds.generate import SELLER_PASSWORD

    return (SiteAccount("any generated seller (seller00002 ... )", "seller00002@example.com", SELLER_PASSWORD),)


SPEC = SiteSpec(
    "classifieds",
    url_env="CLASSIFIEDS",
    default_port=9980,
    docker_service="classifieds",
    suite_module="tasks.build.classifieds",
    report_order=10,
    launcher=SiteLauncher(
        name="classifieds",
        description="A local classifieds marketplace: listings with photos, search by category, state "
        "and price, comments with ratings, post and edit your own ads.",
        prepare=prepare,
        create_app=app,
        reset=reset,
    ),
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
    data=SiteData(generate, fingerprints, describe),
    accounts=accounts,
)
