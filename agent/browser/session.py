"""The WebDriver session: the driver (started by agent.browser.driver), WebDriver's current window, the
browser-level DevTools socket, the settle timeout, the dialogs met since the last observation, and whether the
session still lives. Every other part of the env (agent/browser/env.py) reaches the browser through it.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.remote.command import Command
from selenium.webdriver.remote.remote_connection import RemoteConnection

from agent.browser.devtools import DevToolsPage
from agent.browser.driver import create_driver, quit_driver
from agent.browser.errors import BrowserCrashed, _is_dead_session


class Session:
    """One Chromium + ChromeDriver session and what the env keeps about it."""

    def __init__(self, viewport: tuple[int, int], remote_url: str | None, record_network: bool):
        # Dialogs a command runs into are accepted by ChromeDriver and reported to us, so that checking for
        # one costs no request of its own: see Page.settle.
        self.driver = create_driver(
            viewport, remote_url, performance_log=record_network, unhandled_prompt="accept and notify"
        )
        self.record_network = record_network  # the driver buffers network events (agent.network)
        self._closed = False
        self._settle_timeout = 0.0
        self._debugger: str | None = None
        self._browser: DevToolsPage | None = None
        self._window: str | None = None
        self._dialogs: list[str] = []

    def find_debugger(self, devtools_socket: bool) -> None:
        """Chromium's own DevTools address, when the browser is local and `devtools_socket` asks for it."""
        if devtools_socket and getattr(self.driver, "_vwa_pgid", None):  # a local Chromium
            self._debugger = (self.driver.capabilities.get("goog:chromeOptions") or {}).get("debuggerAddress")

    @property
    def debugger(self) -> str | None:
        """Chromium's DevTools address when the browser is local (None on a Selenium Grid)."""
        return self._debugger

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def settle_timeout(self) -> float:
        return self._settle_timeout

    @property
    def browser(self) -> DevToolsPage | None:
        """The browser-level DevTools socket (a local Chromium, when the sandbox opened it)."""
        return self._browser

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            if self._browser is not None:
                self._browser.close()
            quit_driver(self.driver)

    def quit(self) -> None:
        """End the session whatever state the env's start left it in (a failed start)."""
        if self._browser is not None:
            self._browser.close()
        quit_driver(self.driver)

    def connect_browser(self) -> None:
        """Open the browser-level socket (a local Chromium only)."""
        if self._debugger:
            with urllib.request.urlopen(f"http://{self._debugger}/json/version", timeout=10) as answer:
                url = json.load(answer)["webSocketDebuggerUrl"]
            self._browser = DevToolsPage.connect_url(url)

    def browser_call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        if self._browser is not None:
            return self._browser.call(method, params, timeout=15)
        return self.cdp(method, params)  # through ChromeDriver (a Selenium Grid)

    def check_alive(self, exc: BaseException) -> None:
        """Raise BrowserCrashed when `exc` (or a probe) shows that the session is dead."""
        if _is_dead_session(exc):
            raise BrowserCrashed(f"the browser session died: {str(exc).splitlines()[0][:300]}") from exc
        try:
            _ = self.driver.window_handles
        except Exception as probe:
            raise BrowserCrashed(
                f"the browser session died: {str(exc).splitlines()[0][:300]} "
                f"(probe: {str(probe).splitlines()[0][:200]})"
            ) from exc

    def set_settle_timeout(self, seconds: float) -> None:
        """How long page loads and settle waits may take before an action reports a timeout: WebDriver's page
        load and script timeouts, in one request."""
        self._settle_timeout = float(seconds)
        ms = int(self._settle_timeout * 1000)
        self.driver.execute(Command.SET_TIMEOUTS, {"pageLoad": ms, "script": ms})

    # ---- WebDriver's current window ---------------------------------------------------------------------
    @property
    def window(self) -> str | None:
        """WebDriver's current window as the env last made it (None: not known)."""
        return self._window

    def forget_window(self) -> None:
        """WebDriver may be on another window than the env made it (a step, the harness, a closed window)."""
        self._window = None

    def switch(self, handle: str) -> None:
        """Make `handle` WebDriver's current window, remembered in `window` (None while unknown: a step, the
        harness and closed windows forget it), so that focusing the tab WebDriver is on costs no request."""
        self._window = None
        self.driver.switch_to.window(handle)
        self._window = handle

    # ---- dialogs ------------------------------------------------------------------------------------------
    def note_dialog(self, text: str) -> None:
        """A dialog met (and accepted): its text goes to the next observation's meta["dialogs"]."""
        self._dialogs.append(text)

    def take_dialogs(self) -> list[str]:
        dialogs, self._dialogs = self._dialogs, []
        return dialogs

    def cdp(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send a Chrome DevTools Protocol command to the focused tab through ChromeDriver (local or on a
        grid); its answer as DevTools gave it."""
        executor = self.driver.command_executor
        if not isinstance(executor, RemoteConnection):  # Selenium makes one of its URL at the session's start
            raise WebDriverException(f"the WebDriver session has no command connection ({executor!r})")
        if "vwaCdp" not in getattr(executor, "_commands", {}):
            executor.add_command(  # type: ignore[no-untyped-call]  # selenium leaves add_command unannotated
                "vwaCdp", "POST", "/session/$sessionId/goog/cdp/execute"
            )
        # Straight to the connection: WebDriver's own answer handling would walk the whole (possibly
        # megabyte) answer looking for element references, which DevTools answers never hold.
        response = executor.execute(  # type: ignore[no-untyped-call]  # unannotated in selenium
            "vwaCdp", {"sessionId": self.driver.session_id, "cmd": method, "params": params or {}}
        )
        if response:
            self.driver.error_handler.check_response(response)
        value: dict[str, Any] = (response or {}).get("value") or {}
        return value
