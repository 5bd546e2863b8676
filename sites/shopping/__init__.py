"""The Shopping site ("One Stop Market"): a Magento 2 (Luma) compatible storefront (Flask application factory).

Owns the site's app, schema, generated data, queries, views and REST API; its modules import each other
as modules (never names from this package). May import sites.common, sites.config and sites.imagery.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sites.common.app import SiteApp, create_site_app

if TYPE_CHECKING:  # flask loads with the app, not with the registry (site.py)
    from flask import Flask


@dataclass(frozen=True)
class ShoppingConfig:
    live_db: Path  # this instance's writable database
    pristine_db: Path  # the shared read-only copy that reset restores
    photo_cache: Path  # shared cache of rendered product photos
    reset_token: str  # also the bearer token of the REST API (/rest/V1/...)
    secret_key: str = ""


def _register_views(app: Flask) -> None:
    from sites.shopping import views

    views.register(app)


APP = SiteApp(
    "shopping",
    __name__,
    static_url_path="/static/frontend/Luma",
    max_upload=1024 * 1024,
    user_key="customer_id",
    register_views=_register_views,
    folders=(),
)


def create_app(config: ShoppingConfig) -> Flask:
    return create_site_app(APP, config)
