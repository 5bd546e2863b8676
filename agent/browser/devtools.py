"""A direct DevTools Protocol connection to one page of the local Chromium, for the observation's reads.

ChromeDriver relays a CDP command by parsing the whole answer and writing it out again; for the
accessibility tree (close to a megabyte on a dense page) that relay costs nearly as much CPU as Chromium
spends building the tree, and it runs the commands one after another. Over Chromium's own
debugging socket several commands can be in flight at once (the screenshot is taken while the page answers
a script) and their answers arrive untouched.

It is used only for reads, after the environment has seen the page settle through ChromeDriver (which also
waits for navigations and meets JavaScript dialogs). When it is unavailable (a Selenium Grid, a closed
socket), callers fall back to ChromeDriver. A JavaScript dialog blocks the page's answers on this socket
until it closes, so callers waiting on a read look for one now and then (ChromeDriver accepts it).

    page = DevToolsPage.connect("localhost:40123", target_id)
    first, second = page.send("Runtime.evaluate", {...}), page.send("Page.captureScreenshot", {...})
    page.result(first, timeout=10); page.result(second, timeout=10)
"""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

import websocket


class DevToolsError(RuntimeError):
    """The page answered a command with a protocol error (its message says why)."""


class DevToolsUnavailable(RuntimeError):
    """The socket could not be opened, or it failed or closed."""


class DevToolsTimeout(RuntimeError):
    """A command did not answer in the time given; it is still pending (its answer may come later)."""


class DevToolsPage:
    def __init__(self, socket: websocket.WebSocket):
        self._socket = socket
        self._ids = itertools.count(1)
        self._answers: dict[int, dict[str, Any]] = {}
        self._pending: set[int] = set()
        self.closed = False

    @classmethod
    def connect(cls, debugger_address: str, target_id: str, timeout: float = 5.0) -> DevToolsPage:
        return cls.connect_url(f"ws://{debugger_address}/devtools/page/{target_id}", timeout)

    @classmethod
    def connect_url(cls, url: str, timeout: float = 5.0) -> DevToolsPage:
        """A socket to any DevTools target by its websocket URL (the browser's own: agent/browser/sandbox.py)."""
        try:
            # No Origin header: Chromium refuses socket clients that send one it was not told to allow.
            # The protocol is JSON in UTF-8 written by Chromium itself: validating it again in Python
            # would cost more than the whole transfer.
            socket = websocket.create_connection(
                url, timeout=timeout, suppress_origin=True, skip_utf8_validation=True, enable_multithread=False
            )
        except (OSError, websocket.WebSocketException) as exc:
            raise DevToolsUnavailable(f"cannot open the DevTools socket {url}: {exc}") from exc
        return cls(socket)

    def send(self, method: str, params: dict[str, Any] | None = None) -> int:
        """Send a command without waiting for its answer; returns its id for `result`."""
        if self.closed:
            raise DevToolsUnavailable("the DevTools socket is closed")
        command_id = next(self._ids)
        try:
            self._socket.send(json.dumps({"id": command_id, "method": method, "params": params or {}}))
        except (OSError, websocket.WebSocketException) as exc:
            self.close()
            raise DevToolsUnavailable(f"the DevTools socket failed: {exc}") from exc
        self._pending.add(command_id)
        return command_id

    def result(self, command_id: int, timeout: float) -> dict[str, Any]:
        """The answer of a command sent earlier (answers of other commands are kept for their callers)."""
        deadline = time.monotonic() + timeout
        while command_id not in self._answers:
            if command_id not in self._pending:
                raise KeyError(f"no command {command_id} was sent on this socket")
            left = deadline - time.monotonic()
            if left <= 0:
                raise DevToolsTimeout(f"no answer from the page within {timeout:g} s")
            try:
                self._socket.settimeout(left)
                message = self._socket.recv()
            except websocket.WebSocketTimeoutException:
                continue  # the deadline check above answers
            except (OSError, websocket.WebSocketException) as exc:
                self.close()
                raise DevToolsUnavailable(f"the DevTools socket failed: {exc}") from exc
            answer: dict[str, Any] = json.loads(message)
            answered = answer.get("id")
            if answered in self._pending:  # events (none are enabled) and stale answers are dropped
                self._pending.discard(answered)
                self._answers[answered] = answer
        answer = self._answers.pop(command_id)
        if "error" in answer:
            error = answer["error"]
            raise DevToolsError(
                f"{error.get('message', 'error')} ({error.get('code', '?')}): {error.get('data', '')}".rstrip(": ")
            )
        result: dict[str, Any] = answer.get("result", {})
        return result

    def forget(self, command_id: int) -> None:
        """Drop the answer of a command sent earlier (now, or when it arrives)."""
        self._pending.discard(command_id)
        self._answers.pop(command_id, None)

    def call(self, method: str, params: dict[str, Any] | None = None, timeout: float = 10.0) -> dict[str, Any]:
        return self.result(self.send(method, params), timeout)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self._socket.close()
            except Exception:
                pass
