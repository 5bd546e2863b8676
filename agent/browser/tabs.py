"""Tab bookkeeping: the open tabs in order, the focused one (with its viewport emulated), tabs the page
opened or closed, opening an episode's start URLs, and the tabs' titles and URLs for an observation.
"""

from __future__ import annotations

from selenium.common.exceptions import WebDriverException

from agent.browser.devtools import DevToolsError, DevToolsTimeout, DevToolsUnavailable
from agent.browser.errors import BrowserCrashed
from agent.browser.navigation import same_document
from agent.browser.reads import _Reads
from agent.browser.state import SessionState
from agent.observation import Tab

_ERROR_PAGE = "chrome-error://"


class Tabs(SessionState):
    """The env's tabs."""

    def _emulate(self, handle: str) -> None:
        if self._emulated.get(handle) == self.viewport:
            return
        width, height = self.viewport
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        self._emulated[handle] = self.viewport

    def _switch(self, handle: str) -> None:
        """Make `handle` WebDriver's current window, remembered in `_window` (None while unknown: a step, the
        harness and closed windows forget it), so that focusing the tab WebDriver is on costs no request."""
        self._window = None
        self.driver.switch_to.window(handle)
        self._window = handle

    def _focus(self, index: int) -> None:
        handle = self._tabs[index]
        if self._window != handle:
            self._switch(handle)
        self._focused = index
        self._focused_handle = handle
        self._emulate(handle)

    def _page_targets(self) -> dict[str, dict] | None:
        """The browser's pages (the tabs of every context, which WebDriver's window handles name by the same
        ids) with their URLs, in DevTools' order: one command over the browser's own socket, where ChromeDriver
        would ask DevTools the same and answer over HTTP. None without that socket (a Selenium Grid) or when it
        fails."""
        if self._browser is None:
            return None
        try:
            infos = self._browser.call("Target.getTargets", {}, timeout=15).get("targetInfos", [])
        except (DevToolsError, DevToolsTimeout, DevToolsUnavailable):
            return None
        return {info["targetId"]: info for info in infos if info.get("type") == "page"}

    def _window_handles(self) -> list[str]:
        targets = self._page_targets()
        return list(targets) if targets is not None else list(self.driver.window_handles)

    def _tabs_unchanged(self, targets: dict[str, dict]) -> bool:
        """Whether `targets` (the browser's pages) are exactly the env's tabs and the harness's spare tab."""
        return set(targets) - {self._spare} == set(self._tabs) and self._focused_handle in targets

    def _sync_tabs(self) -> None:
        """Track tabs the page opened (focus the newest, as the benchmark does) or closed (the harness's
        spare tab is not the agent's)."""
        handles = [h for h in self._window_handles() if h != self._spare]
        known = set(handles)
        self._tabs = [h for h in self._tabs if h in known]
        new = [h for h in handles if h not in self._tabs]
        self._tabs.extend(new)
        for gone in set(self._emulated) - known:
            del self._emulated[gone]
        for gone in set(self._worlds) - known:
            del self._worlds[gone]
        for gone in set(self._sockets) - known:
            self._sockets.pop(gone).close()
        if new:
            self._focus(len(self._tabs) - 1)
        elif not self._tabs:
            raise BrowserCrashed("every tab of the browser was closed")
        elif self._focused_handle not in known:  # the page closed its own tab
            self._focus(len(self._tabs) - 1)
        else:
            self._focused = self._tabs.index(self._focused_handle)

    def set_viewport(self, width: int, height: int) -> None:
        self.viewport = (int(width), int(height))
        self._emulate(self._tabs[self._focused])

    def open(self, urls: list[str]) -> None:
        """Close extra tabs, open one tab per URL in order, focus tab 0 and wait until it settles.
        Raises RuntimeError naming the URL when a start page cannot be loaded."""
        if not urls:
            raise ValueError("open() needs at least one URL")
        self._generation += 1
        try:
            self._sync_tabs()
            for handle in self._tabs[1:]:
                self._switch(handle)
                self.driver.close()
                self._window = None
            self._tabs = self._tabs[:1]
            self._emulated = {h: v for h, v in self._emulated.items() if h in self._tabs}
            self._focus(0)
            for i, url in enumerate(urls):
                if i > 0:
                    self._tabs.append(self._new_tab())
                    self._focus(i)
                elif self._fresh_history and "#" in url and same_document(self.driver.current_url, url):
                    self._load("about:blank")  # the kept tab shows url: loading it again would not reload
                problem = self._load(url)
                if problem:
                    raise RuntimeError(f"could not open start URL {url!r}: {problem}")
            if len(urls) > 1:
                self._focus(0)
            if self._fresh_history:  # a tab kept from the last episode (sandbox.confine): no way back to it
                self.cdp_tab("Page.resetNavigationHistory", {})
                self._fresh_history = False
            problem = self._settle()
            if problem:
                raise RuntimeError(f"start URL {urls[0]!r}: {problem}")
        except WebDriverException as exc:
            self._check_alive(exc)
            raise RuntimeError(f"could not open {urls}: {str(exc).splitlines()[0]}") from exc
        self._targets = {}
        self._settled_at = self._generation  # settled, its tabs just synced: the first observation need not again

    @property
    def url(self) -> str:
        """The focused tab's URL as the last settle or observation saw it (no request unless it is an error
        page, whose failed URL WebDriver names)."""
        return self._observed_url()

    def _observed_url(self) -> str:
        """The focused tab's URL as the page reported it; on an error page, the URL that failed to load
        (as WebDriver gives it)."""
        url, title = self._page_state
        if url.startswith(_ERROR_PAGE):
            url = self.driver.current_url
            self._page_state = (url, title)
        return url

    def _tabs_of(self, reads: _Reads | None) -> list[Tab]:
        """Titles and URLs of the open tabs: the focused one from the settle, the others from DevTools'
        list of pages (one request, without switching to each tab)."""
        url, title = self._observed_url(), self._page_state[1]
        if len(self._tabs) == 1 or reads is None:
            return [Tab(title, url)]
        infos = {t["targetId"]: t for t in reads.get("targets").get("targetInfos", [])}
        tabs = []
        for handle in self._tabs:
            info = infos.get(handle, {})
            if handle == self._focused_handle:
                tabs.append(Tab(title, url))
            elif info and not info.get("url", "").startswith(_ERROR_PAGE):
                tabs.append(Tab(_document_title(info.get("title", ""), info.get("url", "")), info["url"]))
            else:  # an error page (WebDriver names the URL that failed) or a tab DevTools did not list
                self._switch(handle)
                try:
                    tabs.append(Tab(self.driver.title, self.driver.current_url))
                finally:
                    self._switch(self._focused_handle)
        return tabs


def _document_title(title: str, url: str) -> str:
    """A tab's document.title from DevTools' page list, which shows the URL when the page has no title."""
    if not title or title == url:
        return ""
    bare = url.split("://", 1)[-1]
    return "" if title in (bare, bare.rstrip("/")) else title
