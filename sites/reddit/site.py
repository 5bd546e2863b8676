"""The forum (Postmill) as one registration (sites/registry.py): its URL and port, launcher, login, homepage card,
generated data and its fingerprints, and the accounts the homepage lists.

May import: sites.registry and sites.common (the site's own modules load only when a function runs).
"""

from __future__ import annotations

from pathlib import Path

from sites.common.launch import SqliteSite, live_options
from sites.registry import HomepageCard, LoginSpec, SiteAccount

STORE = SqliteSite(
    "reddit",
    cache="image_cache",
    made=lambda r: f"{r.posts:,} posts ({r.images:,} with images), {r.comments:,} comments, {r.users:,} users",
    size=lambda ds: f"{ds.posts:,} posts",
    photo_key="reddit/pictures",
    photo_sql="SELECT * FROM image ORDER BY id",
    photo_render="sites.reddit.browse_views:render_image_row",
)


def app(instance: Path, options: dict):
    from sites.reddit import RedditConfig, create_app

    return create_app(RedditConfig(**live_options("reddit", instance, options, "image_cache")))


def accounts() -> tuple[SiteAccount, ...]:
    from sites.reddit.generate import GENERATED_PASSWORD

    return (
        SiteAccount(
            "any generated user (see a forum's posts for names)", "e.g. the author of any post", GENERATED_PASSWORD
        ),
    )


SPEC = STORE.spec(
    "A Postmill-style forum: forums with image, link and text posts, threaded comments, votes, "
    "subscriptions, direct messages and search.",
    app,
    default_port=9999,
    docker_service="forum",
    report_order=20,
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
    accounts=accounts,
)
