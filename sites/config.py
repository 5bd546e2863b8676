"""Settings of the sites: their names, URLs, data locations, seed and reset token.

Values come from the environment, which `.env` at the project root fills (python-dotenv; variables
already set in the environment win). Every setting is documented in `.env.example`.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

PROJECT_ROOT = Path(__file__).resolve().parent.parent
load_dotenv(PROJECT_ROOT / ".env", override=False)

# Site name -> (environment variable holding its base URL, default port of the official deployment).
SITES: dict[str, tuple[str, int]] = {
    "classifieds": ("CLASSIFIEDS", 9980),
    "shopping": ("SHOPPING", 7770),
    "reddit": ("REDDIT", 9999),
    "wikipedia": ("WIKIPEDIA", 8888),
    "homepage": ("HOMEPAGE", 4399),
}


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


@dataclass(frozen=True)
class Settings:
    stack: str = field(default_factory=lambda: os.environ.get("STACK", "embedded"))
    seed: int = field(default_factory=lambda: int(os.environ.get("SEED", "20240101")))
    scale: str = field(default_factory=lambda: os.environ.get("SCALE", "default"))
    reset_token: str = field(default_factory=lambda: os.environ.get("RESET_TOKEN", "vwa-reset-token"))
    data_dir: Path = field(default_factory=lambda: _path("DATA_DIR", PROJECT_ROOT / "data"))
    run_dir: Path = field(default_factory=lambda: _path("RUN_DIR", PROJECT_ROOT / "run"))


def settings() -> Settings:
    return Settings()
