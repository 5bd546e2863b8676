"""One Chromium per process for every BrowserGym episode, instead of two new ones per episode.

BrowserGym's environment launches a Chromium at each `reset()` (and its chat window a second one), through the
process's global Playwright (`browsergym.core._get_global_playwright()`), and closes both when the episode ends:
about a second of every episode on a quiet machine, several on a loaded one. `keep_browsers()` sets that global
(with BrowserGym's own `_set_global_playwright`) to a Playwright whose `chromium.launch(**options)` hands out one
browser per distinct set of launch options, launched on first use; the environment's `browser.close()` then
closes only the contexts it made through it. Each episode still gets fresh contexts (no cookie, storage or page of
an earlier episode), with the launch options BrowserGym asked for. `release()` closes the kept browsers and
restores the plain Playwright.

    keep_browsers()                              # before the first gym.make(...).reset()
    ... episodes ...
    release()

Used by the tests (tests/bgym) and available to a study's worker; BrowserGym itself is unchanged.

May import: browsergym.core, playwright.
"""

from __future__ import annotations

import json
from typing import Any

import browsergym.core as bgym_core
from playwright.sync_api import Browser, BrowserContext, Error


class _KeptBrowser:
    """What `chromium.launch()` returns: the kept browser, whose close() closes only this launch's contexts."""

    def __init__(self, browser: Browser) -> None:
        self.real = browser
        self._contexts: list[BrowserContext] = []

    def new_context(self, **options: Any) -> BrowserContext:
        context = self.real.new_context(**options)
        self._contexts.append(context)
        return context

    def close(self) -> None:
        contexts, self._contexts = self._contexts, []
        for context in contexts:
            try:
                context.close()
            except Error:  # already closed (BrowserGym closes its context before its browser)
                pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


class _KeptChromium:
    def __init__(self, chromium: Any) -> None:
        self._chromium = chromium
        self.browsers: dict[str, Browser] = {}

    def launch(self, **options: Any) -> _KeptBrowser:
        key = json.dumps(options, sort_keys=True, default=repr)
        browser = self.browsers.get(key)
        if browser is None or not browser.is_connected():
            browser = self.browsers[key] = self._chromium.launch(**options)
        return _KeptBrowser(browser)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._chromium, name)


class KeptPlaywright:
    """A Playwright whose Chromium launches are kept (see the module's note); everything else is the real one."""

    def __init__(self, playwright: Any) -> None:
        self.real = playwright
        self.chromium = _KeptChromium(playwright.chromium)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def keep_browsers() -> KeptPlaywright:
    """From now on, this process's BrowserGym episodes share their browsers (idempotent)."""
    current = bgym_core._get_global_playwright()
    if isinstance(current, KeptPlaywright):
        return current
    kept = KeptPlaywright(current)
    bgym_core._set_global_playwright(kept)
    return kept


def release() -> None:
    """Close the kept browsers and give BrowserGym back the plain Playwright."""
    current = bgym_core._get_global_playwright()
    if not isinstance(current, KeptPlaywright):
        return
    for browser in current.chromium.browsers.values():
        if browser.is_connected():
            browser.close()
    current.chromium.browsers.clear()
    bgym_core._set_global_playwright(current.real)
