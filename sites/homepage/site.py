"""The homepage as one registration (sites/registry.py): started after the other sites, whose URLs, cards and
accounts it lists (no data of its own, nothing to reset).

May import: sites.registry, sites.config and the homepage's own modules (loaded when a function runs).
"""

from __future__ import annotations

from pathlib import Path

from sites.config import PROJECT_ROOT
from sites.registry import SiteLauncher, SiteSpec


def prepare(settings, _instance: Path, urls: dict[str, str]) -> dict:
    from sites.homepage import registered_cards
    from sites.homepage.accounts import accounts_for

    return {
        "urls": urls,
        "images_dir": str(PROJECT_ROOT / "tasks" / "images"),
        "cards": registered_cards(),
        "accounts": [a.__dict__ for a in accounts_for(settings, list(urls))],
    }


def app(_instance: Path, options: dict):
    from sites.homepage import create_app

    return create_app(options)


SPEC = SiteSpec(
    "homepage",
    url_env="HOMEPAGE",
    default_port=4399,
    docker_service="homepage",
    report_order=50,
    launcher=SiteLauncher(
        name="homepage",
        description="This page: links to every site, their accounts, and the tasks' input images.",
        prepare=prepare,
        create_app=app,
        needs_other_urls=True,
    ),
)
