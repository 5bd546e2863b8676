"""One browser context and one tab kept across a process's BrowserGym episodes, emptied between them.

BrowserGym makes a new context at every `reset()` and its first page with it: a renderer process started, and the
start page's every resource fetched and decoded again (about 0.5 s of Chromium's CPU per episode on this machine,
a sixth of an episode of the replay). The Selenium path keeps its browser context and tab from task to task and
empties them (agent/browser/sandbox.py: no cookie, no storage of the task's origins, no history); this does the
same for BrowserGym's environment, with the kept browsers of reuse.py: `_KeptBrowser.new_context(**options)` hands
out the kept context of those options when no episode holds it, as a `KeptContext`, which BrowserGym uses as it
would use a new one.

BrowserGym registers on its context, at every reset, a page callback (`expose_binding`, which Playwright takes
once per name and context) and an init script: a KeptContext registers each callback name once with a dispatcher
that calls the latest episode's callback (none between episodes), and each init script once. The first page
BrowserGym asks for is the kept tab. When the episode closes the context, the KeptContext empties it instead:
every other tab closed, every route of the episode removed, cookies, permissions and geolocation cleared, the
storage of every origin the episode was allowed (`note_origins`, which TaskSession calls) cleared (local and
session storage, IndexedDB, caches, service workers: CDP's Storage.clearDataForOrigin), and the kept tab sent to
about:blank; once the next episode's start pages are open, the tab's history before them is dropped
(`drop_history`, Page.resetNavigationHistory, as the Selenium path does). A context that cannot be emptied is closed and
forgotten, and the next episode gets a new one. A context recording video is never kept.

A page's call to a callback reaches the episode's callback only from one of the context's tabs (`_dispatch`).
Playwright's `context.storage_state()` reads the storage of every origin the context ever loaded that no tab shows
in a hidden page of the context, where BrowserGym's init script runs and reports that page as the active one; the
page closes when the state is read, and BrowserGym's next action or screenshot went to a closed page ("Target page,
context or browser has been closed") or waited for a frame of a page never drawn. The scoring driver (driver.py)
called it at every scoring tab: in a kept context, the origins of every earlier episode of the process were loaded
there, hence round 8's "kept tab found closed" after multi-site episodes (shopping-0 after multisite-1067, the first
action after the null proof, which scores outside BrowserGym's own guard of its active page). Both are fixed: the
driver builds the scoring tab's state from the agent's tabs, and the dispatcher drops calls of pages that are not
the context's tabs (and of tabs closed since: Playwright runs a callback in a task of its event loop, at the next
Playwright call, which may be the next episode's).

May import: playwright.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from typing import Any

from playwright.sync_api import BrowserContext, CDPSession, Error, Page

Origin = tuple[str, str, int]
# the origins each context's episodes were allowed (TaskSession's confinement), emptied at the episode's end
_ORIGINS: weakref.WeakKeyDictionary[BrowserContext, set[Origin]] = weakref.WeakKeyDictionary()
_KEPT: weakref.WeakKeyDictionary[BrowserContext, KeptContext] = weakref.WeakKeyDictionary()  # by their real one


def note_origins(context: BrowserContext, origins: Iterable[Origin]) -> None:
    """The origins an episode in `context` may load: their storage is cleared when a kept context is emptied."""
    _ORIGINS.setdefault(context, set()).update(origins)


def drop_history(page: Page) -> None:
    """After the start pages are open: a kept tab forgets the pages before them (the last episode's about:blank),
    so that its history is what a new tab's would be. Nothing for a tab of a new context."""
    kept = _KEPT.get(page.context)
    if kept is not None and page is kept.tab:
        kept.cdp().send("Page.resetNavigationHistory")


def _quiet(*_: Any) -> None:
    """A callback between two episodes (the kept tab's about:blank reporting itself): nobody to tell."""


class KeptContext:
    """A kept browser context as BrowserGym's environment sees it (see the module's note)."""

    def __init__(self, real: BrowserContext) -> None:
        self.real = real
        self.in_use = self.discarded = False
        self.tab: Page | None = None
        self._tab_handed = False
        self._cdp: CDPSession | None = None
        self._callbacks: dict[str, Callable[..., Any]] = {}
        self._scripts: set[str] = set()
        _KEPT[real] = self

    def take(self) -> KeptContext:
        self.in_use, self._tab_handed = True, False
        return self

    # ---- what BrowserGym calls ------------------------------------------------------------------------
    def expose_binding(self, name: str, callback: Callable[..., Any], handle: bool | None = None) -> None:
        if name not in self._callbacks:
            self.real.expose_binding(name, lambda source, *args: self._dispatch(name, source, *args), handle=handle)
        self._callbacks[name] = callback

    def _dispatch(self, name: str, source: dict[str, Any], *args: Any) -> Any:
        """A page's call to the callback `name`, for the current episode's callback when the page is one of the
        context's tabs: not a page Playwright opened for itself (`storage_state()` reads the storage of origins no
        tab shows in a hidden page of the context, where BrowserGym's init script runs too), nor a tab closed since
        (the call is dispatched in a task of Playwright's event loop, at the next Playwright call: maybe the next
        episode's)."""
        page = source.get("page")
        if page is None or page.is_closed() or not any(page is tab for tab in self.real.pages):
            return None
        return self._callbacks[name](source, *args)

    def add_init_script(self, script: str | None = None, path: Any = None) -> None:
        key = script if script is not None else f"path:{path}"
        if key not in self._scripts:
            self.real.add_init_script(script=script, path=path)
            self._scripts.add(key)

    def new_page(self) -> Page:
        """The kept tab for the episode's first page, a new one after it."""
        if not self._tab_handed and self.tab is not None and not self.tab.is_closed():
            self._tab_handed = True
            return self.tab
        page = self.real.new_page()
        if self.tab is None or self.tab.is_closed():
            self.tab, self._cdp, self._tab_handed = page, None, True
        return page

    def close(self) -> None:
        """The episode's end: empty the context for the next one (or close it, if it cannot be emptied)."""
        if not self.in_use:
            return
        for name in self._callbacks:
            self._callbacks[name] = _quiet
        try:
            self._empty()
        except Error:
            self.discard()
        self.in_use = False

    def __eq__(self, other: object) -> bool:  # BrowserGym compares a page's context with its own
        return other is self or other is self.real

    def __hash__(self) -> int:
        return hash(self.real)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    # ---- between episodes -----------------------------------------------------------------------------
    def usable(self) -> bool:
        return not self.discarded and self.real.browser is not None and self.real.browser.is_connected()

    def discard(self) -> None:
        self.discarded, self.tab = True, None
        try:
            self.real.close()
        except Error:
            pass

    def _empty(self) -> None:
        real = self.real
        pages = [p for p in real.pages if not p.is_closed()]
        if self.tab not in pages:
            self.tab, self._cdp = (pages[0] if pages else None), None
        for page in pages:
            if page is not self.tab:
                page.close()
        real.unroute_all(behavior="ignoreErrors")
        real.clear_cookies()
        real.clear_permissions()
        real.set_geolocation(None)
        if self.tab is None:
            return
        self.tab.goto("about:blank")
        for scheme, host, port in sorted(_ORIGINS.pop(real, set())):
            shown = f"[{host}]" if ":" in host else host
            self.cdp().send(
                "Storage.clearDataForOrigin", {"origin": f"{scheme}://{shown}:{port}", "storageTypes": "all"}
            )

    def cdp(self) -> CDPSession:
        """A DevTools session on the kept tab."""
        assert self.tab is not None
        if self._cdp is None:
            self._cdp = self.real.new_cdp_session(self.tab)
        return self._cdp
