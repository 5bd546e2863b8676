"""The official catalogue (sites/common/official_catalogue.json): facts of the public task files that the
generators read, so that the official start URLs find their categories, forums and articles here.

The file is written once by scripts/official_catalogue.py; nothing here reads the official checkout.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("official_catalogue.json")


@functools.lru_cache(maxsize=1)
def catalogue() -> dict[str, Any]:
    """The whole file (JSON: its parts are typed by the functions below)."""
    try:
        found: dict[str, Any] = json.loads(PATH.read_text(encoding="utf-8"))
        return found
    except (OSError, json.JSONDecodeError) as exc:
        raise RuntimeError(
            f"{PATH}: cannot read the official catalogue ({exc}); regenerate it with scripts/official_catalogue.py"
        ) from None


def store_categories() -> list[dict[str, Any]]:
    """[{path, name, name_from, named_in_urls}] of every official store category and its ancestors."""
    found: list[dict[str, Any]] = catalogue()["shopping"]["categories"]
    return found


def forum_names() -> list[str]:
    return [f["name"] for f in catalogue()["reddit"]["forums"]]


def classifieds_new_categories() -> list[tuple[int, str]]:
    """(id, name) of the official category ids above the embedded site's own."""
    return [(c["id"], c["name"]) for c in catalogue()["classifieds"]["new_ids"]]


def wikipedia_titles() -> list[str]:
    return [str(title) for title in catalogue()["wikipedia"]["articles"]]


def wikipedia_media() -> list[str]:
    return [str(name) for name in catalogue()["wikipedia"]["media"]]


def start_urls() -> list[dict[str, Any]]:
    """[{url, site, expect, absent?, tasks}] of every distinct official start URL."""
    found: list[dict[str, Any]] = catalogue()["start_urls"]
    return found
