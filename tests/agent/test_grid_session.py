"""A Grid session asked for while the hub still routes to a node that died: asked again once the hub's /status no
longer lists that node as UP (a stand-in hub speaking HTTP: its /status turns the node DOWN after a few reads)."""

from __future__ import annotations

from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler

import pytest

from agent.browser import grid_session
from devtools.local_http import send_json, serve

DEAD = "http://127.0.0.1:46961"
REFUSAL = (
    "Message: Could not start a new session. Connection error (POST http://127.0.0.1:46961/se/grid/node/session) "
    "Host info: host: 'vm'"
)


class Hub:
    status_reads = 0
    up_reads = 3  # the first reads still list the dead node as UP, as before the hub's next health check


class _StatusHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        Hub.status_reads += 1
        availability = "UP" if Hub.status_reads <= Hub.up_reads else "DOWN"
        nodes = [{"uri": DEAD, "availability": availability}, {"uri": "http://127.0.0.1:33821", "availability": "UP"}]
        send_json(self, 200, {"value": {"ready": True, "nodes": nodes}})

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def hub() -> Iterator[str]:
    Hub.status_reads = 0
    server, url = serve(_StatusHandler)
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


def test_the_refusal_names_the_unreachable_node():
    assert grid_session.unreachable_node(RuntimeError(REFUSAL)) == DEAD
    assert grid_session.unreachable_node(RuntimeError("session not created: Chrome failed to start")) is None


def test_a_session_refused_by_a_dead_node_is_asked_again_once_the_hub_marks_it_down(hub: str):
    calls: list[int] = []

    def start() -> str:
        calls.append(Hub.status_reads)
        if len(calls) == 1:
            raise RuntimeError(REFUSAL)
        return "session"

    assert grid_session.start_session(hub, start) == "session"
    assert calls == [0, Hub.up_reads + 1]  # the second ask came only after the hub listed the node DOWN


def test_any_other_refusal_is_final_at_once(hub: str):
    calls: list[str] = []

    def start() -> str:
        calls.append("ask")
        raise RuntimeError("session not created: the Grid has no node for these capabilities")

    with pytest.raises(RuntimeError, match="no node for these capabilities"):
        grid_session.start_session(hub, start)
    assert calls == ["ask"] and Hub.status_reads == 0


def test_the_asks_are_bounded(hub: str):
    calls: list[str] = []

    def start() -> str:
        calls.append("ask")
        raise RuntimeError(REFUSAL)

    with pytest.raises(RuntimeError, match="Connection error"):
        grid_session.start_session(hub, start, attempts=3, wait_s=5.0)
    assert len(calls) == 3
