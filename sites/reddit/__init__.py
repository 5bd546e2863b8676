"""The Reddit site: a Postmill-compatible forum (Flask application factory).

Owns the forum's app, schema, generated data, queries and views; its modules import each other as
modules (never names from this package). May import sites.common, sites.config and sites.imagery.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sites.common.app import SiteApp, create_site_app

if TYPE_CHECKING:  # flask loads with the app, not with the registry (site.py)
    from flask import Flask


@dataclass(frozen=True)
class RedditConfig:
    live_db: Path  # this instance's writable database
    pristine_db: Path  # the shared read-only copy that reset restores
    image_cache: Path  # shared cache of rendered pictures of image posts
    reset_token: str
    secret_key: str = ""


def _register_views(app: Flask) -> None:
    from sites.reddit import views

    views.register(app)


APP = SiteApp(
    "reddit",
    __name__,
    static_url_path="/build",
    max_upload=2 * 1024 * 1024,
    user_key="user_id",
    register_views=_register_views,
    folders=("image_cache",),
)


def create_app(config: RedditConfig) -> Flask:
    return create_site_app(APP, config)
