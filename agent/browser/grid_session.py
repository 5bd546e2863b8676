"""A new session on a Selenium Grid that has just lost a node.

The hub notices a dead node only at its next health check; until then it may hand a new session to that node, and
answers "Connection error (POST http://<node>/se/grid/node/session)". Such a refusal says nothing about the Grid as a
whole, so the session is asked for again once the hub no longer lists that node as UP (polled from its /status, for at
most `wait_s`), a bounded number of times. Any other refusal is final at once.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

ATTEMPTS = 3
NODE_DOWN_WAIT_S = 15.0  # the hub's health check runs every few seconds (scripts/grid.py: 2 s)
POLL_S = 0.25  # poll interval of the hub's /status while a dead node is still listed as UP

_UNREACHABLE = re.compile(r"Connection error \(POST (https?://[^/\s)]+)/se/grid/node/session\)")


def unreachable_node(error: BaseException) -> str | None:
    """The node's address when `error` is the hub failing to reach the node it chose, else None."""
    found = _UNREACHABLE.search(str(error))
    return found.group(1) if found else None


def node_is_up(hub_url: str, node_uri: str, timeout: float = 5.0) -> bool:
    """Whether the hub's /status lists `node_uri` as UP (an unreadable status counts as not UP: the retry decides)."""
    try:
        with urllib.request.urlopen(f"{hub_url.rstrip('/')}/status", timeout=timeout) as answer:
            nodes = json.load(answer).get("value", {}).get("nodes", [])
    except (OSError, ValueError, AttributeError):
        return False
    return any(node.get("uri", "").rstrip("/") == node_uri and node.get("availability") == "UP" for node in nodes)


def start_session(
    hub_url: str, start: Callable[[], T], attempts: int = ATTEMPTS, wait_s: float = NODE_DOWN_WAIT_S
) -> T:
    """`start()` (a new session on the Grid at `hub_url`), asked again while the hub keeps routing to a dead node."""
    for attempt in range(1, attempts + 1):
        try:
            return start()
        except Exception as exc:
            node = unreachable_node(exc)
            if node is None or attempt == attempts:
                raise
            deadline = time.monotonic() + wait_s
            while time.monotonic() < deadline and node_is_up(hub_url, node):
                time.sleep(POLL_S)  # poll interval of the hub's view of the dead node
    raise AssertionError("unreachable: the last attempt returns or raises")
