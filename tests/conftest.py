"""Shared fixtures of the project's tests.

`fixture_server`: a real HTTP server on 127.0.0.1 serving tests/fixtures/ (each test area keeps its
pages in a subfolder: tests/fixtures/agent/, tests/fixtures/evaluation/, ...).
"""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # keep test output clean
        pass


@pytest.fixture(scope="session")
def fixture_server():
    """Base URL (no trailing slash) of an HTTP server serving tests/fixtures/."""
    handler = functools.partial(_QuietHandler, directory=str(FIXTURES))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def openai_stub():
    """A local OpenAI-compatible server (devtools/openai_stub.py); closed after the test."""
    from devtools.openai_stub import OpenAIStub

    stub = OpenAIStub()
    yield stub
    stub.close()


@pytest.hookimpl(trylast=True)  # after tests/tasks/conftest.py put each suite's tests in their group
def pytest_collection_modifyitems(config, items):
    """Under `--dist loadgroup` (make test), the longest work units first (tests/schedule.py); a run without
    xdist keeps pytest's order (its modules' fixtures made once each)."""
    # xdist's workers, which collect and order the tests, see `--dist loadgroup` as option.loadgroup (their dist is no)
    if getattr(config.option, "loadgroup", False) or getattr(config.option, "dist", "no") == "loadgroup":
        from tests.schedule import longest_first

        items[:] = longest_first(items)
