"""DevTools reads: commands to the focused tab over Chromium's own DevTools socket (several sent at once,
their answers read when needed), or through ChromeDriver when there is no socket (a Selenium Grid) or it fails.
"""

from __future__ import annotations

import time
from typing import Any

from selenium.common.exceptions import JavascriptException, NoAlertPresentException, WebDriverException
from selenium.webdriver.remote.remote_connection import RemoteConnection

from agent.browser.devtools import DevToolsError, DevToolsPage, DevToolsTimeout, DevToolsUnavailable
from agent.browser.errors import _gone, _ProtocolError, _SocketFailed
from agent.browser.state import SessionState

_DIALOG_PROBE_S = 0.5  # a read over the DevTools socket slower than this looks for a dialog blocking the page


class _Reads:
    """Observation commands for the focused tab: all sent at once over the DevTools socket, their answers
    read when needed; or, without a socket, each sent through ChromeDriver when its answer is needed."""

    def __init__(self, env: Any, page: DevToolsPage | None, commands: dict[str, tuple[str, dict]]):
        self.env, self.page, self.commands = env, page, dict(commands)
        self.ids = {key: self._send(key) for key in self.commands} if page is not None else {}

    def _send(self, key: str) -> int:
        if self.page is None:
            raise _SocketFailed("no DevTools socket to send on")
        try:
            return self.page.send(*self.commands[key])
        except DevToolsUnavailable as exc:
            raise _SocketFailed(str(exc)) from exc

    def add(self, key: str, method: str, params: dict) -> None:
        self.commands[key] = (method, params)
        if self.page is not None:
            self.ids[key] = self._send(key)

    def abandon(self) -> None:
        """The answers not read yet are not wanted (the observation starts again)."""
        if self.page is not None:
            for command_id in self.ids.values():
                self.page.forget(command_id)
        self.ids.clear()

    def get(self, key: str) -> dict:
        if self.page is None:
            return self.env._relay(*self.commands[key])
        command_id = self.ids.pop(key)
        deadline = time.monotonic() + self.env.settle_timeout
        while True:
            try:
                return self.page.result(command_id, min(_DIALOG_PROBE_S, max(0.0, deadline - time.monotonic())))
            except DevToolsError as exc:
                raise _ProtocolError(str(exc)) from exc
            except DevToolsUnavailable as exc:
                raise _SocketFailed(str(exc)) from exc
            except DevToolsTimeout as exc:
                if time.monotonic() >= deadline:
                    raise _SocketFailed(str(exc)) from exc
                self.env._accept_open_dialog()  # a dialog holds the page's answers until it is closed


def _script_value(result: dict):
    """The value a DevTools Runtime call returned; a script that threw raises JavascriptException."""
    if "exceptionDetails" in result:
        details = result["exceptionDetails"]
        raise JavascriptException(str(details.get("exception", {}).get("description") or details.get("text")))
    return result.get("result", {}).get("value")


class DevToolsChannel(SessionState):
    """The env's DevTools channels: ChromeDriver's CDP relay and the focused tab's socket."""

    def cdp(self, method: str, params: dict | None = None) -> dict:
        """Send a Chrome DevTools Protocol command to the focused tab through ChromeDriver (local or on a
        grid); its answer as DevTools gave it."""
        executor = self.driver.command_executor
        if not isinstance(executor, RemoteConnection):  # Selenium makes one of its URL at the session's start
            raise WebDriverException(f"the WebDriver session has no command connection ({executor!r})")
        if "vwaCdp" not in getattr(executor, "_commands", {}):
            executor.add_command("vwaCdp", "POST", "/session/$sessionId/goog/cdp/execute")
        # Straight to the connection: WebDriver's own answer handling would walk the whole (possibly
        # megabyte) answer looking for element references, which DevTools answers never hold.
        response = executor.execute(
            "vwaCdp", {"sessionId": self.driver.session_id, "cmd": method, "params": params or {}}
        )
        if response:
            self.driver.error_handler.check_response(response)
        return (response or {}).get("value") or {}

    def cdp_tab(self, method: str, params: dict | None = None) -> dict:
        """A DevTools command to the focused tab over its own socket when there is one (else as `cdp`, through
        ChromeDriver): for commands whose effect does not belong to the session that sends them (cookies,
        storage, history; not an emulation, which ends with its session). DevTools' refusal raises
        WebDriverException, as through ChromeDriver."""
        try:
            return self._page_call(method, params or {})
        except _ProtocolError as exc:
            raise WebDriverException(f"DevTools refused {method}: {exc}") from exc

    def _relay(self, method: str, params: dict) -> dict:
        """`cdp`, with DevTools' refusals as _ProtocolError (ChromeDriver wraps them in its own error)."""
        try:
            return self.cdp(method, params)
        except WebDriverException as exc:
            text = str(exc)
            if "no such execution context" in text:  # ChromeDriver's words for a context id it cannot find
                raise _ProtocolError("Cannot find context with specified id") from exc
            if "inspector error" in text or ("unknown error: " in text and _gone(text)):
                raise _ProtocolError(text.splitlines()[0]) from exc
            raise

    def _page_call(self, method: str, params: dict) -> dict:
        """One DevTools command to the focused tab for an action: over the socket when there is one (a
        dialog that holds it is accepted), else, or when it fails, through ChromeDriver."""
        socket = self._socket()
        if socket is not None:
            try:
                return _Reads(self, socket, {"call": (method, params)}).get("call")
            except _SocketFailed:
                self._drop_socket()
        return self._relay(method, params)

    def _socket(self) -> DevToolsPage | None:
        """The DevTools socket of the focused tab, opened on first use; None when there is none."""
        if not self._debugger:
            return None
        handle = self._focused_handle
        socket = self._sockets.get(handle)
        if socket is None or socket.closed:
            try:
                socket = self._sockets[handle] = DevToolsPage.connect(self._debugger, handle)
            except DevToolsUnavailable:
                self._debugger = None  # not reachable from here: ChromeDriver carries everything
                return None
        return socket

    def _accept_open_dialog(self) -> None:
        """Accept a JavaScript dialog open in the focused tab, if any (its text goes to the next observation)."""
        try:
            alert = self.driver.switch_to.alert
            text = alert.text
            alert.accept()
        except NoAlertPresentException:
            return
        self._dialogs.append(text)

    def _drop_socket(self) -> None:
        socket = self._sockets.pop(self._focused_handle, None)
        if socket is not None:
            socket.close()
