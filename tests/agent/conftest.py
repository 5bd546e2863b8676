"""Browser fixtures of the agent tests: one real headless Chromium per mode, shared by the session.
Every test starts with env.open(), which resets the tabs; tests that change a setting restore it."""

from __future__ import annotations

import pytest

from agent.browser import BrowserEnv


@pytest.fixture(scope="session")
def pages(fixture_server):
    """URL of a page in tests/fixtures/agent/."""
    return lambda name: f"{fixture_server}/agent/{name}"


@pytest.fixture(scope="session")
def som_env():
    with BrowserEnv(viewport=(1280, 2048), mode="som", settle_timeout=10.0) as env:
        yield env


@pytest.fixture(scope="session")
def ax_env():
    with BrowserEnv(viewport=(1280, 2048), mode="accessibility_tree", settle_timeout=10.0) as env:
        yield env
