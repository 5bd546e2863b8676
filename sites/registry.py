"""The registry of sites: one `SiteSpec` per site, the one place a site is declared.

    register_site(SiteSpec("toy", url_env="TOY", default_port=9100, launcher=SiteLauncher(...),
                           login=LoginSpec(...), card=HomepageCard("Toy", "..."), suite_module="my.suite",
                           data=SiteData(...), accounts=lambda: (SiteAccount(...),)))

Everything that lists sites reads it: `sites.config.SITES` (URL variable and default port), `sites.launchers.
LAUNCHERS` (the arena's launchers), the homepage's cards and accounts page (`login`'s account and `accounts`),
the evaluation's login recipes (from `login`, plain data here so that sites never import evaluation), the order
of sites in reports (`report_order`), the task builders of `tasks.build` (`suite_module`, a dotted module name),
and for a site with generated data (`data`): `python -m sites data` and `doctor`, and `make verify`'s
fingerprints (evaluation/reporting/verify.py). `docker_service` names the site's service in
compose/official.yml (sites/docker_config.py), None when the official stack has no image for it.
Each of this project's sites exports its spec as `SPEC` in its package's `site` module (sites/classifieds/site.py,
...); sites/builtin.py registers them, and the `sites` package imports it first.

A site's server runs in its own process (`python -m sites.serve`), which finds the launcher's `create_app` by
its module and name: a site registered in code must give a `create_app` that is a module-level function.

May import: nothing of the project (sites.config and sites.launchers read this module).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal


@dataclass(frozen=True)
class SiteLauncher:
    """How the arena starts one embedded site (the `Settings` below are sites.config.Settings)."""

    name: str
    description: str
    # (settings, instance dir, urls of the sites started before it) -> JSON-able options for create_app
    prepare: Callable[[Any, Any, dict[str, str]], dict]
    # (instance dir, options) -> WSGI app; runs in the site's own process (python -m sites.serve)
    create_app: Callable[[Any, dict], object] | None = None
    # a site that is an external program instead (kiwix-serve): (instance dir, options, port) -> argv;
    # the arena picks the free port and runs the command itself
    command: Callable[[Any, dict, int], list[str]] | None = None
    health_path: str = "/healthz"
    # (base url, settings) -> None; None if the site has no state to reset
    reset: Callable[[str, Any], None] | None = None
    # started after the others, because it links to them
    needs_other_urls: bool = False
    available: Callable[[Any], bool] = field(default=lambda s: True)

    def app_reference(self) -> str:
        """`module:qualified name` of create_app, by which the site's own process finds it (serve.py --app)."""
        if self.create_app is None:
            raise ValueError(f"site {self.name!r} has no create_app")
        return f"{self.create_app.__module__}:{self.create_app.__qualname__}"


@dataclass(frozen=True)
class LoginSpec:
    """How the harness logs in to the site (evaluation/running/login.py): CSS selectors of the login form,
    the words of the control that shows one is logged in, the account (environment variables and defaults)."""

    path: str  # login page, relative to the site's base URL
    user_field: str
    password_field: str
    submit: str
    logout_words: tuple[str, ...]  # a link or button containing one of them (any case) = logged in
    user_env: str
    password_env: str
    default_user: str
    default_password: str
    session_path: str = "/__session"  # embedded sites: a session for the account, bought with the reset token
    role: str = "benchmark account"  # how the homepage's accounts page names this account


@dataclass(frozen=True)
class SiteAccount:
    """An account the homepage's accounts page lists besides the login's (a generated user, a seller)."""

    role: str
    login: str
    password: str


@dataclass(frozen=True)
class Fingerprint:
    """One fingerprint of a site's generated data, computed by evaluation/reporting/fingerprints.py: a database
    (`sqlite`), a ZIM (`zim`) or a sample of the photos a database describes (`photos`: the rows of `photo_sql`,
    each drawn by `render`)."""

    key: str  # "<site>/<part>", the entry of data-manifest.json
    kind: Literal["sqlite", "zim", "photos"]
    path: Path
    photo_sql: str = ""
    render: Callable[[Any], Any] | None = None  # a row of photo_sql -> PIL image


@dataclass(frozen=True)
class SiteData:
    """How a site generates its data (deterministic from the seed and scale, into the data folder)."""

    # (data_dir, seed, scale) -> one line: what was generated, or that it was there already
    generate: Callable[[Path, int, Any], str]
    # (data_dir, seed, scale) -> the fingerprints of the generated data (generated first when missing)
    fingerprints: Callable[[Path, int, Any], list[Fingerprint]]
    # (data_dir, seed, scale) -> (present?, what and where) for `python -m sites doctor`; ValueError: a bad scale
    describe: Callable[[Path, int, Any], tuple[bool, str]] | None = None


@dataclass(frozen=True)
class HomepageCard:
    title: str
    text: str


@dataclass(frozen=True)
class SiteSpec:
    name: str
    url_env: str  # the environment variable of its base URL (and __URL_ENV__ placeholder)
    default_port: int
    launcher: SiteLauncher | None = None  # None: not an embedded site (only the docker stack serves it)
    login: LoginSpec | None = None  # None: no login needed
    card: HomepageCard | None = None  # None: not listed on the homepage
    docker_service: str | None = None
    suite_module: str | None = None  # the module of its own task suite (tasks.build.<site>)
    report_order: int = 100  # reports list sites by this, then by registration
    data: SiteData | None = None  # None: nothing generated
    accounts: Callable[[], tuple[SiteAccount, ...]] | None = None  # more accounts than the login's, for the homepage

    def __post_init__(self):
        if not re.fullmatch(r"[a-z][a-z0-9_]*", self.name or ""):
            raise ValueError(f"site name must be lower-case letters, digits and _, not {self.name!r}")
        if not re.fullmatch(r"[A-Z][A-Z0-9_]*", self.url_env or ""):
            raise ValueError(f"site {self.name!r}: url_env must be an upper-case variable name, not {self.url_env!r}")
        if not isinstance(self.default_port, int) or not 0 < self.default_port < 65536:
            raise ValueError(f"site {self.name!r}: default_port must be a port number, not {self.default_port!r}")
        if self.launcher is not None and self.launcher.name != self.name:
            raise ValueError(f"site {self.name!r}: its launcher is named {self.launcher.name!r}")


_SITES: dict[str, SiteSpec] = {}


def register_site(spec: SiteSpec, *, replace: bool = False) -> SiteSpec:
    """Add a site; a second spec of the same name, or of another site's URL variable, is an error unless
    `replace`."""
    if not isinstance(spec, SiteSpec):
        raise TypeError(f"register_site takes a SiteSpec, not {type(spec).__name__}")
    if not replace:
        if spec.name in _SITES:
            raise ValueError(f"site {spec.name!r} is already registered")
        clash = [s.name for s in _SITES.values() if s.url_env == spec.url_env]
        if clash:
            raise ValueError(f"site {spec.name!r}: url_env {spec.url_env} is already site {clash[0]!r}'s")
    _SITES[spec.name] = spec
    return spec


def unregister_site(name: str) -> None:
    _SITES.pop(name, None)


def site_specs() -> dict[str, SiteSpec]:
    """Every registered site by name, in registration order."""
    return dict(_SITES)


def get_site_spec(name: str) -> SiteSpec:
    if name not in _SITES:
        raise KeyError(f"unknown site {name!r}; known: {', '.join(_SITES)}")
    return _SITES[name]


def report_order() -> tuple[str, ...]:
    ranked = sorted(enumerate(_SITES.values()), key=lambda pair: (pair[1].report_order, pair[0]))
    return tuple(spec.name for _, spec in ranked)


class SpecView(Mapping):
    """A read-only mapping name -> part of each registered spec that has one, always current (a site
    registered later shows up in views made before)."""

    def __init__(self, part: Callable[[SiteSpec], Any]):
        self._part = part

    def _items(self) -> dict[str, Any]:
        return {name: value for name, spec in _SITES.items() if (value := self._part(spec)) is not None}

    def __getitem__(self, name: str):
        return self._items()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())

    def __repr__(self) -> str:
        return f"SpecView({self._items()!r})"


# name -> how the site generates its data, for every registered site that has generated data, always current
DATA: Mapping[str, SiteData] = SpecView(lambda spec: spec.data)
