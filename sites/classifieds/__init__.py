"""The Classifieds site: an OSClass-compatible marketplace (Flask application factory).

Owns the site's app, schema, generated data, queries and views; its modules import each other as
modules (never names from this package). May import sites.common, sites.config, sites.imagery.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sites.common.app import SiteApp, SiteConfig, create_site_app

if TYPE_CHECKING:  # flask loads with the app, not with the registry (site.py)
    from flask import Flask


@dataclass(frozen=True, kw_only=True)
class ClassifiedsConfig(SiteConfig):  # the live and pristine databases, reset token and secret, and:
    photo_cache: Path  # shared cache of rendered generated photos
    upload_dir: Path  # this instance's uploaded photos


APP = SiteApp(
    "classifieds",
    __name__,
    static_url_path="/oc-content/themes/static",
    max_upload=24 * 1024 * 1024,
    folders=("upload_dir",),
)


def create_app(config: ClassifiedsConfig) -> Flask:
    return create_site_app(APP, config)
