"""The launchers of this project's embedded sites, and `LAUNCHERS`: name -> SiteLauncher of every registered site.

A launcher says how to prepare an instance folder (in the arena's process: make sure the data exists,
copy the pristine database), how to build the WSGI app (in the site's process), how to check its
health and how to reset it. Each is registered with the rest of its site's spec in sites/builtin.py.
"""

from __future__ import annotations

import shutil
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from pathlib import Path

from sites.config import PROJECT_ROOT, Settings
from sites.registry import SiteLauncher, SpecView

# The sites are on loopback: never send requests to them through an HTTP proxy from the environment.
LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


# ---- classifieds ---------------------------------------------------------------------------------------


def _classifieds_prepare(settings: Settings, instance: Path, _urls: dict[str, str]) -> dict:
    import secrets

    from sites.classifieds import store
    from sites.common import db

    ds, _generated = store.ensure(settings.data_dir, settings.seed, settings.scale)
    db.install_copy(ds.db, instance / "classifieds.sqlite")
    uploads = instance / "uploads"
    shutil.rmtree(uploads, ignore_errors=True)
    uploads.mkdir(parents=True)
    ds.photo_cache.mkdir(parents=True, exist_ok=True)
    return {
        "pristine": str(ds.db),
        "photo_cache": str(ds.photo_cache),
        "reset_token": settings.reset_token,
        "secret_key": secrets.token_hex(32),
    }


def _classifieds_app(instance: Path, options: dict):
    from sites.classifieds import ClassifiedsConfig, create_app

    return create_app(
        ClassifiedsConfig(
            live_db=instance / "classifieds.sqlite",
            pristine_db=Path(options["pristine"]),
            photo_cache=Path(options["photo_cache"]),
            upload_dir=instance / "uploads",
            reset_token=options["reset_token"],
            secret_key=options["secret_key"],
        )
    )


def post_reset(base_url: str, token: str, timeout: float = 30.0) -> None:
    """POST the reset form of an OSClass-style site; raises RuntimeError with the cause on failure."""
    post_token(f"{base_url}/index.php?page=reset", token, timeout)


def _classifieds_reset(base_url: str, settings: Settings) -> None:
    post_reset(base_url, settings.reset_token)


# ---- shopping ------------------------------------------------------------------------------------------


def _shopping_prepare(settings: Settings, instance: Path, _urls: dict[str, str]) -> dict:
    import secrets

    from sites.common import db
    from sites.shopping import store

    ds, _generated = store.ensure(settings.data_dir, settings.seed, settings.scale)
    db.install_copy(ds.db, instance / "shopping.sqlite")
    ds.photo_cache.mkdir(parents=True, exist_ok=True)
    return {
        "pristine": str(ds.db),
        "photo_cache": str(ds.photo_cache),
        "reset_token": settings.reset_token,
        "secret_key": secrets.token_hex(32),
    }


def _shopping_app(instance: Path, options: dict):
    from sites.shopping import ShoppingConfig, create_app

    return create_app(
        ShoppingConfig(
            live_db=instance / "shopping.sqlite",
            pristine_db=Path(options["pristine"]),
            photo_cache=Path(options["photo_cache"]),
            reset_token=options["reset_token"],
            secret_key=options["secret_key"],
        )
    )


def post_token(url: str, token: str, timeout: float = 30.0) -> None:
    """POST a reset token to `url`; raises RuntimeError with the cause on failure."""
    data = urllib.parse.urlencode({"token": token}).encode()
    request = urllib.request.Request(url, data=data, method="POST")
    try:
        with LOCAL.open(request, timeout=timeout) as response:
            response.read()
    except urllib.error.HTTPError as exc:
        raise RuntimeError(f"reset at {url} failed: HTTP {exc.code} {exc.reason}") from exc
    except OSError as exc:
        raise RuntimeError(f"reset at {url} failed: {exc}") from exc


def _shopping_reset(base_url: str, settings: Settings) -> None:
    post_token(f"{base_url}/__reset", settings.reset_token)


# ---- reddit --------------------------------------------------------------------------------------------


def _reddit_prepare(settings: Settings, instance: Path, _urls: dict[str, str]) -> dict:
    import secrets

    from sites.common import db
    from sites.reddit import store

    ds, _generated = store.ensure(settings.data_dir, settings.seed, settings.scale)
    db.install_copy(ds.db, instance / "reddit.sqlite")
    ds.image_cache.mkdir(parents=True, exist_ok=True)
    return {
        "pristine": str(ds.db),
        "image_cache": str(ds.image_cache),
        "reset_token": settings.reset_token,
        "secret_key": secrets.token_hex(32),
    }


def _reddit_app(instance: Path, options: dict):
    from sites.reddit import RedditConfig, create_app

    return create_app(
        RedditConfig(
            live_db=instance / "reddit.sqlite",
            pristine_db=Path(options["pristine"]),
            image_cache=Path(options["image_cache"]),
            reset_token=options["reset_token"],
            secret_key=options["secret_key"],
        )
    )


def _reddit_reset(base_url: str, settings: Settings) -> None:
    post_token(f"{base_url}/__reset", settings.reset_token)


# ---- homepage ------------------------------------------------------------------------------------------


def _homepage_prepare(settings: Settings, instance: Path, urls: dict[str, str]) -> dict:
    from sites.homepage import registered_cards
    from sites.homepage.accounts import accounts_for

    return {
        "urls": urls,
        "images_dir": str(PROJECT_ROOT / "tasks" / "images"),
        "cards": registered_cards(),
        "accounts": [a.__dict__ for a in accounts_for(settings, list(urls))],
    }


def _homepage_app(instance: Path, options: dict):
    from sites.homepage import create_app

    return create_app(options)


# ---- wikipedia (kiwix-serve, an external program: read-only content, nothing to reset) -------------------


def _wikipedia_prepare(settings: Settings, _instance: Path, _urls: dict[str, str]) -> dict:
    from sites.wikipedia.build import ensure

    zim, _built = ensure(settings.data_dir, settings.seed, settings.scale)
    return {"zim": str(zim)}


def _wikipedia_command(_instance: Path, options: dict, port: int) -> list[str]:
    # loopback unless told otherwise (a container serves on every interface: compose/serve_site.py)
    address = options.get("address", "127.0.0.1")
    return [shutil.which("kiwix-serve") or "kiwix-serve", f"--port={port}", f"--address={address}", options["zim"]]


# name -> launcher of every registered site that the arena can start (sites/builtin.py registers this
# project's; sites/registry.py says how to add one)
LAUNCHERS: Mapping[str, SiteLauncher] = SpecView(lambda spec: spec.launcher)
