"""The launcher and data of a site that serves a generated SQLite database (sites/registry.py says what a launcher
and a site's data are), from a few facts of the site (`SqliteSite`): prepare an instance folder from the generated
data, the config fields every such app reads, reset by a POSTed token, the one-line report of `python -m sites
data`, the fingerprints `make verify` checks (the database and a sample of its photos) and what `doctor` says.

A site's own `site.py` declares its `SqliteSite`, and keeps a module-level app function (the site's own process
finds it by module and name) that builds its config from `live_options`.

May import: sites.config, sites.registry, sites.launchers, and when run sites.common.db and the site's store module
(`ensure(data_dir, seed, scale) -> (dataset, made or None)`, `dataset(data_dir, seed, scale)`).
"""

from __future__ import annotations

import importlib
import secrets
import shutil
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sites.config import Settings
from sites.launchers import LOCAL
from sites.registry import Fingerprint, SiteData, SiteLauncher, SiteSpec


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


def live_options(name: str, instance: Path, options: dict[str, str], cache: str) -> dict[str, Any]:
    """The config fields every SQLite site's app takes (sites.common.app.SiteConfig and its cache folder), from
    what `SqliteSite.prepare` wrote."""
    return {
        "live_db": instance / f"{name}.sqlite",
        "pristine_db": Path(options["pristine"]),
        cache: Path(options[cache]),
        "reset_token": options["reset_token"],
        "secret_key": options["secret_key"],
    }


class SiteDataSet(Protocol):
    """What `SqliteSite` reads of a site's data set (its store module's DataSet); the shared cache folder is the
    attribute `SqliteSite.cache` names."""

    @property
    def db(self) -> Path: ...

    def exists(self) -> bool: ...


Scale = str | int  # a data set's scale: "default", "full" or a number of items


@dataclass(frozen=True)
class SqliteSite:
    name: str
    made: Callable[[Any], str]  # what a generation made, in words ("120 listings, ...")
    size: Callable[[Any], str]  # the size of a data set, in words ("5,000 listings")
    photo_sql: str  # the photo rows to sample, in order
    photo_render: str  # "module:function" drawing a photo row as a PIL image (imported when fingerprints are taken)
    cache: str = "photo_cache"  # the data set's attribute (and the option) naming its shared cache of pictures
    reset_path: str = "/__reset"  # where the site takes a POSTed reset token
    photo_key: str = ""  # the manifest's name of the photo sample (default "<site>/photos")
    fresh: tuple[str, ...] = ()  # instance folders emptied at each start (uploads)

    @property
    def store(self) -> str:
        """The module that generates and finds the data (ensure, dataset): the site package's `store`."""
        return f"sites.{self.name}.store"

    def _renderer(self) -> Callable[[Any], Any]:
        module, _, function = self.photo_render.partition(":")
        renderer: Callable[[Any], Any] = getattr(importlib.import_module(module), function)
        return renderer

    def ensure(self, data_dir: Path, seed: int, scale: Scale) -> tuple[SiteDataSet, object | None]:
        """(the data set, what a generation made or None when the data was there already)."""
        found: tuple[SiteDataSet, object | None] = importlib.import_module(self.store).ensure(data_dir, seed, scale)
        return found

    def _cache_folder(self, ds: SiteDataSet) -> Path:
        return Path(getattr(ds, self.cache))

    def prepare(self, settings: Settings, instance: Path, _urls: dict[str, str]) -> dict[str, str]:
        """Make sure the data exists, copy the pristine database to `<instance>/<name>.sqlite`, empty the
        instance folders `fresh` and create the data set's shared cache folder."""
        from sites.common import db

        ds, _made = self.ensure(settings.data_dir, settings.seed, settings.scale)
        db.install_copy(ds.db, instance / f"{self.name}.sqlite")
        for folder in self.fresh:
            shutil.rmtree(instance / folder, ignore_errors=True)
            (instance / folder).mkdir(parents=True)
        self._cache_folder(ds).mkdir(parents=True, exist_ok=True)
        return {
            "pristine": str(ds.db),
            self.cache: str(self._cache_folder(ds)),
            "reset_token": settings.reset_token,
            "secret_key": secrets.token_hex(32),
        }

    def reset(self, base_url: str, settings: Settings) -> None:
        post_token(base_url + self.reset_path, settings.reset_token)

    def generate(self, data_dir: Path, seed: int, scale: Scale) -> str:
        started = time.perf_counter()
        ds, made = self.ensure(data_dir, seed, scale)
        if made is None:
            return f"data already present: {ds.db}"
        return f"generated {self.made(made)} in {time.perf_counter() - started:.1f} s -> {ds.db}"

    def fingerprints(self, data_dir: Path, seed: int, scale: Scale) -> list[Fingerprint]:
        db = self.ensure(data_dir, seed, scale)[0].db
        return [
            Fingerprint(f"{self.name}/database", "sqlite", db),
            Fingerprint(
                self.photo_key or f"{self.name}/photos", "photos", db, photo_sql=self.photo_sql, render=self._renderer()
            ),
        ]

    def describe(self, data_dir: Path, seed: int, scale: Scale) -> tuple[bool, str]:
        ds: SiteDataSet = importlib.import_module(self.store).dataset(data_dir, seed, scale)
        return ds.exists(), f"{self.name} data (seed {seed}, {self.size(ds)}): {ds.db}"

    def launcher(self, description: str, create_app: Callable[[Path, dict[str, str]], object]) -> SiteLauncher:
        """The site's launcher: prepared, reset and health-checked as above; `create_app` is the site's
        module-level app function."""
        return SiteLauncher(self.name, description, prepare=self.prepare, create_app=create_app, reset=self.reset)

    def data(self) -> SiteData:
        return SiteData(self.generate, self.fingerprints, self.describe)

    def spec(self, description: str, create_app: Callable[[Path, dict[str, str]], object], **fields: Any) -> SiteSpec:
        """The site's registration: what every SQLite site declares alike (its launcher and data from above, its
        URL variable the upper-case name, its docker service the name, its suite `tasks.build.<name>`) and the
        site's own `fields` (default_port, report_order, login, card, accounts; a docker_service of another
        name)."""
        shared: dict[str, Any] = {
            "url_env": self.name.upper(),
            "docker_service": self.name,
            "suite_module": f"tasks.build.{self.name}",
            "launcher": self.launcher(description, create_app),
            "data": self.data(),
        }
        return SiteSpec(self.name, **(shared | fields))
