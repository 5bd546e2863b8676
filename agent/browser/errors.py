"""Errors of the browser environment: a dead session (`BrowserCrashed`), a page-level failure of one action
(`ActionError`, its message shown to the agent), and how the DevTools channels fail.
"""

from __future__ import annotations

import urllib3
from selenium.common.exceptions import InvalidSessionIdException


class BrowserCrashed(RuntimeError):
    """The browser session itself is gone (Chromium or ChromeDriver died, the grid dropped it)."""


class ActionError(Exception):
    """A page-level failure of one action; its message is shown to the agent."""


_DEAD_SESSION_HINTS = (
    "invalid session id",
    "session deleted",
    "chrome not reachable",
    "disconnected",
    "no such session",
    "target crashed",
    "tab crashed",
    "session not created",
    "connection refused",
    "max retries exceeded",
    "remote end closed",
)


def _is_dead_session(exc: BaseException) -> bool:
    if isinstance(exc, InvalidSessionIdException):
        return True
    if isinstance(exc, (ConnectionError, OSError, urllib3.exceptions.HTTPError)):
        return True  # ChromeDriver (or the grid) no longer answers
    text = str(exc).lower()
    return any(hint in text for hint in _DEAD_SESSION_HINTS)


class _ProtocolError(Exception):
    """A DevTools command was refused (through either channel); the message is DevTools' own."""


class _SocketFailed(Exception):
    """The DevTools socket failed during an observation: observe again through ChromeDriver."""


def _gone(message: str) -> bool:
    """A DevTools refusal that means the document (or node) the command named is no longer there."""
    text = message.lower()
    return any(
        hint in text
        for hint in (
            "cannot find context",
            "execution context was destroyed",
            "no node with given id",
            "could not find node",
            "no node found",
            "could not find object with given id",
            "node with given id does not belong",
        )
    )
