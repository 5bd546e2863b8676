"""Adding an agent is one registration: through the registry API, or through an entry point of another
distribution (a real `.dist-info` on sys.path, read by importlib.metadata), then built by `make_agent`."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

import agent.agents as agents
from agent.actions import Action, ActionType, parse_action
from agent.agents import AgentSpec, make_agent, register_agent, unregister_agent
from agent.agents.registry import reload_entry_points
from agent.observation import Observation
from tests.commands import run_module

ROOT = Path(__file__).resolve().parents[2]

TOY_MODULE = """
from agent.agents import AgentOutput, AgentSpec

class ToyAgent:
    name = "toy_plugin"

    def __init__(self, observation_mode, answer):
        self.observation_mode = observation_mode
        self.answer = answer

    def reset(self, intent, images):
        self.intent = intent

    def act(self, obs, history):
        return AgentOutput(action_text=f"stop [{self.answer} at {obs.url}]")

def make(*, observation_mode, settings, **_):
    return ToyAgent(observation_mode, (settings or {}).get("answer", "plugged in"))

SPEC = AgentSpec("toy_plugin", make, "som", description="an agent from another distribution")
"""


def _observation(url="http://127.0.0.1:1/page") -> Observation:
    return Observation(url=url, tabs=[], focused_tab=0, mode="accessibility_tree", text="", screenshot=b"")


class _EchoAgent:
    name = "toy_code"

    def __init__(self, observation_mode, model):
        self.observation_mode, self.model = observation_mode, model

    def reset(self, intent, images):
        self.intent = intent

    def act(self, obs, history):
        return agents.AgentOutput(action_text=f"stop [{self.model}: {self.intent}]")


@pytest.fixture
def toy_code_agent():
    spec = register_agent(
        AgentSpec("toy_code", lambda *, observation_mode, model, **_: _EchoAgent(observation_mode, model))
    )
    yield spec
    unregister_agent("toy_code")


def _write_distribution(root: Path) -> Path:
    (root / "toy_vwa_agent").mkdir(parents=True)
    (root / "toy_vwa_agent" / "__init__.py").write_text(textwrap.dedent(TOY_MODULE), encoding="utf-8")
    info = root / "toy_vwa_agent-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-vwa-agent\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[vwa_arena.agents]\ntoy_plugin = toy_vwa_agent:SPEC\n", encoding="utf-8")
    return root


@pytest.fixture
def toy_distribution(tmp_path, monkeypatch):
    root = _write_distribution(tmp_path / "site-packages")
    monkeypatch.syspath_prepend(str(root))
    reload_entry_points()
    yield root
    sys.modules.pop("toy_vwa_agent", None)
    reload_entry_points()


def test_a_registered_agent_is_built_by_make_agent(toy_code_agent):
    assert "toy_code" in agents.AGENT_NAMES
    assert agents.agent_observation_mode("toy_code") == "accessibility_tree"
    agent = make_agent("toy_code", model="m-1")
    agent.reset("find the red bike", [])
    action = parse_action(agent.act(_observation(), []).action_text)
    assert isinstance(action, Action) and action.type == ActionType.STOP and action.answer == "m-1: find the red bike"
    assert agent.observation_mode == "accessibility_tree"


def test_an_agent_is_gone_once_unregistered(toy_code_agent):
    unregister_agent("toy_code")
    assert "toy_code" not in agents.AGENT_NAMES
    with pytest.raises(ValueError, match="unknown agent 'toy_code'; known: reference, sighted, null"):
        make_agent("toy_code")


def test_a_name_is_registered_once(toy_code_agent):
    with pytest.raises(ValueError, match="'toy_code' is already registered"):
        register_agent(AgentSpec("toy_code", lambda **_: None))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"name": "two words", "factory": print}, "non-empty word"),
        ({"name": "x", "factory": "not callable"}, "is not callable"),
        ({"name": "x", "factory": print, "observation_mode": "pixels"}, "unknown observation mode 'pixels'"),
    ],
)
def test_a_bad_spec_is_refused_with_its_name(kwargs, message):
    with pytest.raises(ValueError, match=message):
        AgentSpec(**kwargs)


def test_an_agent_of_another_distribution_comes_through_its_entry_point(toy_distribution):
    assert "toy_plugin" in agents.AGENT_NAMES
    assert agents.agent_observation_mode("toy_plugin") == "som"
    agent = make_agent("toy_plugin", settings={"answer": "from the plugin"})
    assert type(agent).__module__ == "toy_vwa_agent" and agent.observation_mode == "som"
    action = parse_action(agent.act(_observation("http://127.0.0.1:1/x"), []).action_text)
    assert (
        isinstance(action, Action)
        and action.type == ActionType.STOP
        and action.answer == "from the plugin at http://127.0.0.1:1/x"
    )


def test_without_the_distribution_the_agent_is_unknown():
    reload_entry_points()
    assert "toy_plugin" not in agents.AGENT_NAMES


def test_a_broken_entry_point_names_itself(toy_distribution):
    (toy_distribution / "toy_vwa_agent-0.1.dist-info" / "entry_points.txt").write_text(
        "[vwa_arena.agents]\ntoy_plugin = toy_vwa_agent:MISSING\n", encoding="utf-8"
    )
    reload_entry_points()
    with pytest.raises(ValueError, match=r"entry point 'toy_plugin' = 'toy_vwa_agent:MISSING' .* does not load"):
        make_agent("toy_plugin")


def test_the_run_command_offers_an_entry_point_agent(tmp_path):
    root = _write_distribution(tmp_path / "site-packages")
    env = {"PYTHONPATH": f"{root}:{ROOT}", "PATH": "/usr/bin:/bin"}
    out = run_module("evaluation.run", "--help", env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "toy_plugin" in out.stdout and "webvoyager" in out.stdout
