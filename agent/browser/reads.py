"""DevTools reads: commands to the focused tab over Chromium's own DevTools socket (several sent at once,
their answers read when needed), or through ChromeDriver when there is no socket (a Selenium Grid) or it fails.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from selenium.common.exceptions import JavascriptException, NoAlertPresentException, WebDriverException

from agent.browser.devtools import DevToolsError, DevToolsPage, DevToolsTimeout, DevToolsUnavailable
from agent.browser.errors import _gone, _ProtocolError, _SocketFailed

if TYPE_CHECKING:
    from agent.browser.session import Session
    from agent.browser.tabs import Tabs

_DIALOG_PROBE_S = 0.5  # a read over the DevTools socket slower than this looks for a dialog blocking the page


class _Reads:
    """Observation commands for the focused tab: all sent at once over the DevTools socket, their answers
    read when needed; or, without a socket, each sent through ChromeDriver when its answer is needed."""

    def __init__(self, channel: Channel, page: DevToolsPage | None, commands: dict[str, tuple[str, dict[str, Any]]]):
        self.channel, self.page, self.commands = channel, page, dict(commands)
        self.ids = {key: self._send(key) for key in self.commands} if page is not None else {}

    def _send(self, key: str) -> int:
        if self.page is None:
            raise _SocketFailed("no DevTools socket to send on")
        try:
            return self.page.send(*self.commands[key])
        except DevToolsUnavailable as exc:
            raise _SocketFailed(str(exc)) from exc

    def add(self, key: str, method: str, params: dict[str, Any]) -> None:
        self.commands[key] = (method, params)
        if self.page is not None:
            self.ids[key] = self._send(key)

    def abandon(self) -> None:
        """The answers not read yet are not wanted (the observation starts again)."""
        if self.page is not None:
            for command_id in self.ids.values():
                self.page.forget(command_id)
        self.ids.clear()

    def get(self, key: str) -> dict[str, Any]:
        if self.page is None:
            return self.channel.relay(*self.commands[key])
        command_id = self.ids.pop(key)
        deadline = time.monotonic() + self.channel.settle_timeout
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
                self.channel.accept_open_dialog()  # a dialog holds the page's answers until it is closed


def _script_value(result: dict[str, Any]) -> Any:
    """The value a DevTools Runtime call returned; a script that threw raises JavascriptException."""
    if "exceptionDetails" in result:
        details = result["exceptionDetails"]
        raise JavascriptException(str(details.get("exception", {}).get("description") or details.get("text")))
    return result.get("result", {}).get("value")


class Channel:
    """The focused tab's DevTools channel: its own socket (one per tab, opened on first use), or ChromeDriver's
    CDP relay when there is no socket (a Selenium Grid) or it fails."""

    def __init__(self, session: Session, tabs: Tabs):
        self._session = session
        self._tabs = tabs
        self._debugger = session.debugger  # dropped when the sockets cannot be reached from here
        self._sockets: dict[str, DevToolsPage] = {}  # tab handle -> its DevTools socket
        tabs.on_forget(self._keep_only)

    @property
    def settle_timeout(self) -> float:
        return self._session.settle_timeout

    def _keep_only(self, handles: set[str]) -> None:
        for gone in [h for h in self._sockets if h not in handles]:
            self._sockets.pop(gone).close()

    @property
    def open_sockets(self) -> int:
        """How many tabs have a DevTools socket open (none: everything goes through ChromeDriver)."""
        return len(self._sockets)

    def close(self) -> None:
        for socket in self._sockets.values():
            socket.close()
        self._sockets.clear()

    def cdp_tab(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A DevTools command to the focused tab over its own socket when there is one (else as `cdp`, through
        ChromeDriver): for commands whose effect does not belong to the session that sends them (cookies,
        storage, history; not an emulation, which ends with its session). DevTools' refusal raises
        WebDriverException, as through ChromeDriver."""
        try:
            return self.page_call(method, params or {})
        except _ProtocolError as exc:
            raise WebDriverException(f"DevTools refused {method}: {exc}") from exc

    def relay(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """`cdp`, with DevTools' refusals as _ProtocolError (ChromeDriver wraps them in its own error)."""
        try:
            return self._session.cdp(method, params)
        except WebDriverException as exc:
            text = str(exc)
            if "no such execution context" in text:  # ChromeDriver's words for a context id it cannot find
                raise _ProtocolError("Cannot find context with specified id") from exc
            if "inspector error" in text or ("unknown error: " in text and _gone(text)):
                raise _ProtocolError(text.splitlines()[0]) from exc
            raise

    def page_call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """One DevTools command to the focused tab for an action: over the socket when there is one (a
        dialog that holds it is accepted), else, or when it fails, through ChromeDriver."""
        socket = self.socket()
        if socket is not None:
            try:
                return _Reads(self, socket, {"call": (method, params)}).get("call")
            except _SocketFailed:
                self.drop_socket()
        return self.relay(method, params)

    def socket(self) -> DevToolsPage | None:
        """The DevTools socket of the focused tab, opened on first use; None when there is none."""
        if not self._debugger:
            return None
        handle = self._tabs.focused_handle
        socket = self._sockets.get(handle)
        if socket is None or socket.closed:
            try:
                socket = self._sockets[handle] = DevToolsPage.connect(self._debugger, handle)
            except DevToolsUnavailable:
                self._debugger = None  # not reachable from here: ChromeDriver carries everything
                return None
        return socket

    def accept_open_dialog(self) -> None:
        """Accept a JavaScript dialog open in the focused tab, if any (its text goes to the next observation)."""
        try:
            alert = self._session.driver.switch_to.alert
            text = alert.text
            alert.accept()
        except NoAlertPresentException:
            return
        self._session.note_dialog(text)

    def drop_socket(self) -> None:
        socket = self._sockets.pop(self._tabs.focused_handle, None)
        if socket is not None:
            socket.close()
