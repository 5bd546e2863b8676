"""The forum (Postmill) as one registration (sites/registry.py): its URL and port, launcher, login, homepage card,
generated data and its fingerprints, and the accounts the homepage lists.

May import: sites.registry and sites.common (the site's own modules load only when a function runs).
"""

from __future__ import annotations

from pathlib import Path

from sites.common.launch import generate_report, live_options, post_token, prepare_sqlite
from sites.registry import Fingerprint, HomepageCard, LoginSpec, SiteAccount, SiteData, SiteLauncher, SiteSpec


def _ensure(data_dir: Path, seed: int, scale):
    from sites.reddit import store

    return store.ensure(data_dir, seed, scale)


def prepare(settings, instance: Path, _urls: dict[str, str]) -> dict:
    return prepare_sqlite(settings, instance, name="reddit", ensure=_ensure, cache="image_cache")


def app(instance: Path, options: dict):
    from sites.reddit import RedditConfig, create_app

    return create_app(RedditConfig(**live_options("reddit", instance, options, "image_cache")))


def reset(base_url: str, settings) -> None:
    post_token(f"{base_url}/__reset", settings.reset_token)


def generate(data_dir: Path, seed: int, scale) -> str:
    def made(r) -> str:
        return f"{r.posts:,} posts ({r.images:,} with images), {r.comments:,} comments, {r.users:,} users"

    return generate_report(_ensure, data_dir, seed, scale, made)


def fingerprints(data_dir: Path, seed: int, scale) -> list[Fingerprint]:
    from sites.reddit.browse_views import render_image_row

    db = _ensure(data_dir, seed, scale)[0].db
    return [
        Fingerprint("reddit/database", "sqlite", db),
        Fingerprint(
            "reddit/pictures", "photos", db, photo_sql="SELECT * FROM image ORDER BY id", render=render_image_row
        ),
    ]


def describe(data_dir: Path, seed: int, scale) -> tuple[bool, str]:
    from sites.reddit import store

    ds = store.dataset(data_dir, seed, scale)
    return ds.exists(), f"reddit data (seed {seed}, {ds.posts:,} posts): {ds.db}"


def accounts() -> tuple[SiteAccount, ...]:
    from sites.reddit.generate import GENERATED_PASSWORD

    return (
        SiteAccount(
            "any generated user (see a forum's posts for names)", "e.g. the author of any post", GENERATED_PASSWORD
        ),
    )


SPEC = SiteSpec(
    "reddit",
    url_env="REDDIT",
    default_port=9999,
    docker_service="forum",
    suite_module="tasks.build.reddit",
    report_order=20,
    launcher=SiteLauncher(
        name="reddit",
        description="A Postmill-style forum: forums with image, link and text posts, threaded comments, votes, "
        "subscriptions, direct messages and search.",
        prepare=prepare,
        create_app=app,
        reset=reset,
    ),
    login=LoginSpec(
        "/login",
        "input[name=_username]",
        "input[name=_password]",
        "button[type=submit], input[type=submit]",
        ("log out", "logout"),
        "REDDIT_USER",
        "REDDIT_PASSWORD",
        "MarvelsGrantMan136",
        "test1234",
        role="user",
    ),
    card=HomepageCard("Postmill forums", "A discussion site: forums, posts with images, comments and votes."),
    data=SiteData(generate, fingerprints, describe),
    accounts=accounts,
)
