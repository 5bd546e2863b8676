"""The launchers' common steps for a site that serves a generated SQLite database (sites/registry.py says what a
launcher is): prepare an instance folder from the generated data, the options every such app reads, reset by a
POSTed token, and the one-line reports of `python -m sites data` and `doctor`.

A site's own `site.py` names its data module (with `ensure(data_dir, seed, scale) -> (dataset, made or None)` and
`dataset(data_dir, seed, scale)`), and keeps a module-level app function (the site's own process finds it by
module and name) that builds its config from `live_options`.

May import: sites.config, sites.registry, sites.launchers and sites.common.db (when run).
"""

from __future__ import annotations

import secrets
import shutil
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sites.config import Settings
from sites.launchers import LOCAL

# (data_dir, seed, scale) -> (the data set, what was generated or None when it was there already)
Ensure = Callable[[Path, int, Any], tuple[Any, Any]]


def prepare_sqlite(
    settings: Settings, instance: Path, *, name: str, ensure: Ensure, cache: str, fresh: tuple[str, ...] = ()
) -> dict:
    """Make sure the data exists, copy the pristine database to `<instance>/<name>.sqlite`, empty the instance
    folders `fresh` and create the data set's shared cache folder (its attribute `cache`, the option of that name)."""
    from sites.common import db

    ds, _made = ensure(settings.data_dir, settings.seed, settings.scale)
    db.install_copy(ds.db, instance / f"{name}.sqlite")
    for folder in fresh:
        shutil.rmtree(instance / folder, ignore_errors=True)
        (instance / folder).mkdir(parents=True)
    getattr(ds, cache).mkdir(parents=True, exist_ok=True)
    return {
        "pristine": str(ds.db),
        cache: str(getattr(ds, cache)),
        "reset_token": settings.reset_token,
        "secret_key": secrets.token_hex(32),
    }


def live_options(name: str, instance: Path, options: dict, cache: str) -> dict[str, Any]:
    """The config fields every SQLite site's app takes, from what `prepare_sqlite` wrote."""
    return {
        "live_db": instance / f"{name}.sqlite",
        "pristine_db": Path(options["pristine"]),
        cache: Path(options[cache]),
        "reset_token": options["reset_token"],
        "secret_key": options["secret_key"],
    }


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


def generate_report(ensure: Ensure, data_dir: Path, seed: int, scale: Any, made_text: Callable[[Any], str]) -> str:
    """Generate the data if missing; one line saying what was made (`made_text(made)`), how long it took and where
    it is, or that it was there already."""
    started = time.perf_counter()
    ds, made = ensure(data_dir, seed, scale)
    if made is None:
        return f"data already present: {ds.db}"
    return f"generated {made_text(made)} in {time.perf_counter() - started:.1f} s -> {ds.db}"
