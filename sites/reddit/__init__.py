"""The Reddit site: a Postmill-compatible forum (Flask application factory).

Owns the forum's app, schema, generated data, queries and views; its modules import each other as
modules (never names from this package). May import sites.common, sites.config and sites.imagery.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sites.common.app import SiteApp, SiteConfig, create_site_app

if TYPE_CHECKING:  # flask loads with the app, not with the registry (site.py)
    from flask import Flask


@dataclass(frozen=True, kw_only=True)
class RedditConfig(SiteConfig):  # the live and pristine databases, reset token and secret, and:
    image_cache: Path  # shared cache of rendered pictures of image posts


APP = SiteApp("reddit", __name__, static_url_path="/build", max_upload=2 * 1024 * 1024, folders=("image_cache",))


def create_app(config: RedditConfig) -> Flask:
    return create_site_app(APP, config)
