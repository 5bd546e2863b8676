"""The env's tabs: the agent's tabs in order, the focused one (with its viewport emulated), tabs the page opened
or closed, the browser context new tabs open in, the harness's spare tab, and the tabs' titles and URLs for an
observation. Parts that keep something per tab (the DevTools sockets, the isolated worlds) are told which tabs
are left (`on_forget`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from selenium.common.exceptions import WebDriverException

from agent.browser.devtools import DevToolsError, DevToolsTimeout, DevToolsUnavailable
from agent.browser.errors import ActionError, BrowserCrashed
from agent.browser.session import Session
from agent.observation import Tab

_ERROR_PAGE = "chrome-error://"


class Tabs:
    """The env's tabs."""

    def __init__(self, session: Session, viewport: tuple[int, int]):
        self._session = session
        self._viewport = viewport
        self._tabs: list[str] = [session.driver.current_window_handle]
        self._focused = 0
        self._focused_handle = self._tabs[0]
        self._emulated: dict[str, tuple[int, int]] = {}
        self._spare: str | None = None  # the harness's tab between its uses (open_tab), not the agent's
        self._context: str | None = None  # the browser context the agent's tabs live in (None: the default one)
        self._fresh_history = False  # tab 0 was kept from the last episode: open() drops its history
        self._forget: list[Callable[[set[str]], None]] = []
        self._focus(0)

    def on_forget(self, keep_only: Callable[[set[str]], None]) -> None:
        """`keep_only(handles)` is called with the agent's tabs left whenever others closed."""
        self._forget.append(keep_only)

    def _keep_only(self, handles: set[str]) -> None:
        self._emulated = {h: v for h, v in self._emulated.items() if h in handles}
        for keep_only in self._forget:
            keep_only(handles)

    @property
    def handles(self) -> list[str]:
        """The agent's tabs in order."""
        return list(self._tabs)

    @property
    def focused(self) -> int:
        return self._focused

    @property
    def focused_handle(self) -> str:
        return self._focused_handle

    @property
    def viewport(self) -> tuple[int, int]:
        return self._viewport

    def _emulate(self, handle: str) -> None:
        if self._emulated.get(handle) == self._viewport:
            return
        width, height = self._viewport
        self._session.cdp(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        self._emulated[handle] = self._viewport

    def _focus(self, index: int) -> None:
        handle = self._tabs[index]
        if self._session.window != handle:
            self._session.switch(handle)
        self._focused = index
        self._focused_handle = handle
        self._emulate(handle)

    def page_targets(self) -> dict[str, dict[str, Any]] | None:
        """The browser's pages (the tabs of every context, which WebDriver's window handles name by the same
        ids) with their URLs, in DevTools' order: one command over the browser's own socket, where ChromeDriver
        would ask DevTools the same and answer over HTTP. None without that socket (a Selenium Grid) or when it
        fails."""
        browser = self._session.browser
        if browser is None:
            return None
        try:
            infos = browser.call("Target.getTargets", {}, timeout=15).get("targetInfos", [])
        except (DevToolsError, DevToolsTimeout, DevToolsUnavailable):
            return None
        return {info["targetId"]: info for info in infos if info.get("type") == "page"}

    def window_handles(self) -> list[str]:
        targets = self.page_targets()
        return list(targets) if targets is not None else list(self._session.driver.window_handles)

    def unchanged(self, targets: dict[str, dict[str, Any]]) -> bool:
        """Whether `targets` (the browser's pages) are exactly the env's tabs and the harness's spare tab."""
        return set(targets) - {self._spare} == set(self._tabs) and self._focused_handle in targets

    def sync(self) -> None:
        """Track tabs the page opened (focus the newest, as the benchmark does) or closed (the harness's
        spare tab is not the agent's)."""
        handles = [h for h in self.window_handles() if h != self._spare]
        known = set(handles)
        self._tabs = [h for h in self._tabs if h in known]
        new = [h for h in handles if h not in self._tabs]
        self._tabs.extend(new)
        self._keep_only(known)
        if new:
            self._focus(len(self._tabs) - 1)
        elif not self._tabs:
            raise BrowserCrashed("every tab of the browser was closed")
        elif self._focused_handle not in known:  # the page closed its own tab
            self._focus(len(self._tabs) - 1)
        else:
            self._focused = self._tabs.index(self._focused_handle)

    def set_viewport(self, width: int, height: int) -> None:
        self._viewport = (int(width), int(height))
        self._emulate(self._tabs[self._focused])

    # ---- opening and closing (an episode's start, the actions) ---------------------------------------------
    def close_others(self) -> None:
        """Close every tab but the first and focus it (an episode's start)."""
        for handle in self._tabs[1:]:
            self._session.switch(handle)
            self._session.driver.close()
            self._session.forget_window()
        self._tabs = self._tabs[:1]
        self._emulated = {h: v for h, v in self._emulated.items() if h in self._tabs}
        self._focus(0)

    def focus_first(self) -> None:
        self._focus(0)

    def add(self) -> None:
        """Open a blank tab after the others and focus it."""
        self._tabs.append(self._new_tab())
        self._focus(len(self._tabs) - 1)

    def switch_to(self, index: int) -> None:
        if not 0 <= index < len(self._tabs):
            raise ActionError(f"tab_focus [{index}]: no such tab; open tabs are 0..{len(self._tabs) - 1}")
        self._focus(index)

    def close_focused(self) -> None:
        closing = self._tabs[self._focused]
        if len(self._tabs) == 1:  # closing the last window would end the session: open a blank tab first
            self._tabs.append(self._new_tab())
            self._session.switch(closing)  # remembered: the focus below must switch to the new tab
        self._session.driver.close()
        self._tabs.remove(closing)
        self._keep_only(set(self._tabs))
        self._focus(len(self._tabs) - 1)

    @property
    def fresh_history(self) -> bool:
        """Tab 0 was kept from the last episode (Sandbox.confine): the next open() drops its history."""
        return self._fresh_history

    def history_dropped(self) -> None:
        self._fresh_history = False

    # ---- browser contexts (agent/browser/sandbox.py) ---------------------------------------------------
    def move_to_context(self, context: str, handles: list[str]) -> None:
        """The agent's tabs from now on live in `context`: one tab (the first, kept when it is in that context
        already, else a new blank one), every other window but the harness's spare tab of this context closed."""
        kept = self._tabs[0] if context == self._context and self._tabs and self._tabs[0] in handles else None
        if context != self._context:
            self._spare = None  # the harness's tab of the other context: closed below
        self._context = context
        fresh = kept or self._new_tab()
        self._fresh_history = kept is not None  # open() drops the kept tab's history
        for handle in handles:
            if handle not in (fresh, self._spare):
                self._session.switch(handle)
                self._session.driver.close()
                self._session.forget_window()
        self._tabs = [fresh]
        self._keep_only({fresh})
        self._focus(0)

    def _new_tab(self) -> str:
        """Open a blank tab (in the agent's context when confined) and make it WebDriver's current window;
        returns its handle. The caller adds it to the env's tabs."""
        if self._context is not None:
            # no size: Chromium takes one only for the context's first window; the viewport is emulated per tab
            target: str = self._session.browser_call(
                "Target.createTarget", {"url": "about:blank", "browserContextId": self._context}
            )["targetId"]
            self._session.switch(target)
            return target
        self._session.forget_window()
        self._session.driver.switch_to.new_window("tab")
        return self._session.driver.current_window_handle

    def open_tab(self) -> str:
        """A tab for the harness (the scoring tab), in the agent's context, focused in WebDriver but not one of
        the agent's tabs. The caller hands it back with `release_tab` (or closes it)."""
        spare, self._spare = self._spare, None
        self._session.forget_window()  # the harness switches between its tab and the agent's on its own
        if spare is not None:
            try:
                self._session.driver.switch_to.window(spare)
                return spare
            except WebDriverException:
                pass  # closed meanwhile: a new one
        return self._new_tab()

    def release_tab(self, handle: str) -> None:
        """Keep the harness's tab for its next use: loading a page in a tab that exists costs a third of
        opening a tab, loading it and closing the tab. It stays on the last page the harness read (in the
        agent's context, under the same rules), the agent never sees it among its tabs, and the next scoring
        loads its own page in it afresh. The caller switches WebDriver to the tab it works in next."""
        self._spare = handle

    # ---- an observation's list of tabs ---------------------------------------------------------------
    def tabs_of(self, read_targets: Callable[[], dict[str, Any]] | None, url: str, title: str) -> list[Tab]:
        """Titles and URLs of the open tabs: the focused one as given (`url`, `title`: from the settle), the
        others from DevTools' list of pages (`read_targets`: one request, without switching to each tab)."""
        if len(self._tabs) == 1 or read_targets is None:
            return [Tab(title, url)]
        infos = {t["targetId"]: t for t in read_targets().get("targetInfos", [])}
        tabs = []
        driver = self._session.driver
        for handle in self._tabs:
            info = infos.get(handle, {})
            if handle == self._focused_handle:
                tabs.append(Tab(title, url))
            elif info and not info.get("url", "").startswith(_ERROR_PAGE):
                tabs.append(Tab(_document_title(info.get("title", ""), info.get("url", "")), info["url"]))
            else:  # an error page (WebDriver names the URL that failed) or a tab DevTools did not list
                self._session.switch(handle)
                try:
                    tabs.append(Tab(driver.title, driver.current_url))
                finally:
                    self._session.switch(self._focused_handle)
        return tabs


def _document_title(title: str, url: str) -> str:
    """A tab's document.title from DevTools' page list, which shows the URL when the page has no title."""
    if not title or title == url:
        return ""
    bare = url.split("://", 1)[-1]
    return "" if title in (bare, bare.rstrip("/")) else title
