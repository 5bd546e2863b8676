"""The Shopping site ("One Stop Market"): a Magento 2 (Luma) compatible storefront (Flask application factory).

Owns the site's app, schema, generated data, queries, views and REST API; its modules import each other
as modules (never names from this package). May import sites.common, sites.config and sites.imagery.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sites.common.app import SiteApp, SiteConfig, create_site_app

if TYPE_CHECKING:  # flask loads with the app, not with the registry (site.py)
    from flask import Flask


@dataclass(frozen=True, kw_only=True)
class ShoppingConfig(SiteConfig):  # the live and pristine databases, reset token and secret, and:
    # the reset token is also the bearer token of the REST API (/rest/V1/...)
    photo_cache: Path  # shared cache of rendered product photos


APP = SiteApp(
    "shopping", __name__, static_url_path="/static/frontend/Luma", max_upload=1024 * 1024, user_key="customer_id"
)


def create_app(config: ShoppingConfig) -> Flask:
    return create_site_app(APP, config)
