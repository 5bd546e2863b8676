"""Settings of the sites: their names, URLs, data locations, seed and reset token.

Values come from the environment, which `.env` at the project root fills (python-dotenv; variables
already set in the environment win). Every setting is documented in `.env.example`.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

from sites.registry import SpecView

PROJECT_ROOT = Path(__file__).resolve().parent.parent
load_dotenv(PROJECT_ROOT / ".env", override=False)

# Site name -> (environment variable holding its base URL, default port of the official deployment), for every
# registered site (sites/registry.py; this project's in each sites/<site>/site.py), always current.
SITES: Mapping[str, tuple[str, int]] = SpecView(lambda spec: (spec.url_env, spec.default_port))


# The token published in .env.example before `make install` wrote a random one: never accepted.
PUBLISHED_RESET_TOKEN = "vwa-reset-token"
_PROCESS_TOKEN = secrets.token_urlsafe(24)


def reset_token() -> str:
    """RESET_TOKEN from the environment (`make install` writes a random one into .env). Unset, empty or the
    once-published example value: a random token of this process, so that no guessable token ever works
    (sites started by this process, such as the test arena, are given it explicitly)."""
    value = os.environ.get("RESET_TOKEN", "").strip()
    return value if value and value != PUBLISHED_RESET_TOKEN else _PROCESS_TOKEN


def _path(var: str, default: Path) -> Path:
    value = os.environ.get(var)
    path = Path(value) if value else default
    return path if path.is_absolute() else PROJECT_ROOT / path


def site_url(site: str) -> str:
    """Base URL of a site (no trailing slash), from its environment variable or the default port."""
    if site not in SITES:
        raise KeyError(f"unknown site {site!r}; known: {', '.join(SITES)}")
    var, port = SITES[site]
    return os.environ.get(var, f"http://127.0.0.1:{port}").rstrip("/")


def site_urls() -> dict[str, str]:
    return {site: site_url(site) for site in SITES}


# The default data set (SEED and SCALE of .env.example): the one the task suites are written for.
DEFAULT_SEED = 20240101
DEFAULT_SCALE = "default"


@dataclass(frozen=True)
class Settings:
    stack: str = field(default_factory=lambda: os.environ.get("STACK", "embedded"))
    seed: int = field(default_factory=lambda: int(os.environ.get("SEED", str(DEFAULT_SEED))))
    scale: str | int = field(default_factory=lambda: os.environ.get("SCALE", DEFAULT_SCALE))
    reset_token: str = field(default_factory=lambda: reset_token())
    data_dir: Path = field(default_factory=lambda: _path("DATA_DIR", PROJECT_ROOT / "data"))
    run_dir: Path = field(default_factory=lambda: _path("RUN_DIR", PROJECT_ROOT / "run"))
    # The address the embedded sites listen on and the host of their URLs: loopback unless browsers on
    # other machines (a Selenium Grid) must reach them; then this machine's name or address on that network.
    arena_host: str = field(default_factory=lambda: os.environ.get("ARENA_HOST", "").strip() or "127.0.0.1")


def settings() -> Settings:
    return Settings()
