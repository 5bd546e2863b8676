"""URL placeholders of task files (`__CLASSIFIEDS__` ...) and their replacement by site base URLs."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from sites.config import SITES


class _Placeholders(Mapping[str, str]):
    """Placeholder token -> site name, e.g. "__SHOPPING__" -> "shopping", for every registered site (read from
    sites.config.SITES each time: a site registered later has its placeholder)."""

    def _items(self) -> dict[str, str]:
        return {f"__{var}__": site for site, (var, _port) in SITES.items()}

    def __getitem__(self, token: str) -> str:
        return self._items()[token]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())


PLACEHOLDERS: Mapping[str, str] = _Placeholders()
_TOKEN = re.compile(r"__[A-Z][A-Z0-9_]*?__")


class PlaceholderError(KeyError):
    def __init__(self, token: str, message: str):
        self.token = token
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0])


def unknown_placeholders(text: str) -> list[str]:
    """Upper-case `__NAME__` tokens that are not site placeholders."""
    return [t for t in _TOKEN.findall(text) if t not in PLACEHOLDERS]


def sites_referenced(text: str) -> set[str]:
    return {PLACEHOLDERS[t] for t in _TOKEN.findall(text) if t in PLACEHOLDERS}


def sites_in_order(text: str) -> list[str]:
    """The sites whose placeholders `text` holds, in the order they first appear."""
    return list(dict.fromkeys(PLACEHOLDERS[t] for t in _TOKEN.findall(text) if t in PLACEHOLDERS))


def resolve_text(text: str, urls: Mapping[str, str]) -> str:
    """Replace every site placeholder of `text` by the site's base URL (no trailing slash)."""

    def repl(match: re.Match[str]) -> str:
        token: str = match.group(0)
        site = PLACEHOLDERS.get(token)
        if site is None:
            return token
        if site not in urls or not urls[site]:
            raise PlaceholderError(
                token,
                f"{token} needs the URL of site {site!r}, which is not configured "
                f"(configured: {', '.join(sorted(urls)) or 'none'})",
            )
        return str(urls[site]).rstrip("/")

    return _TOKEN.sub(repl, text)


def resolve_tree(value: Any, urls: Mapping[str, str]) -> Any:
    """`resolve_text` applied to every string of a JSON value."""
    if isinstance(value, str):
        return resolve_text(value, urls)
    if isinstance(value, list):
        return [resolve_tree(v, urls) for v in value]
    if isinstance(value, dict):
        return {k: resolve_tree(v, urls) for k, v in value.items()}
    return value
