"""Browser sessions shared by the agent-loop tests (one per observation mode per worker), and helpers."""

from __future__ import annotations

import pytest

from agent.browser import BrowserEnv
from agent.llm import LLMClient, LLMSettings

VIEWPORT = (1024, 768)


@pytest.fixture(scope="package")
def env_a11y():
    env = BrowserEnv(viewport=VIEWPORT, mode="accessibility_tree")
    yield env
    env.close()


@pytest.fixture(scope="package")
def env_som():
    env = BrowserEnv(viewport=VIEWPORT, mode="som")
    yield env
    env.close()


@pytest.fixture
def pages(fixture_server):
    """Base URL of tests/fixtures/agent_loop/ on the fixture server."""
    return f"{fixture_server}/agent_loop"


def stub_settings(stub, **overrides) -> LLMSettings:
    """Settings pointing at the local OpenAI stub, with fast retries."""
    values = dict(
        base_url=stub.base_url,
        api_key="test-key",
        model="gpt-4o",
        attempts=3,
        backoff_base_s=0.01,
        backoff_max_s=0.05,
        timeout_s=10.0,
    )
    values.update(overrides)
    return LLMSettings.from_env(**values)


def stub_llm(stub, **overrides) -> LLMClient:
    return LLMClient(stub_settings(stub, **overrides))
