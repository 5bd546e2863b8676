"""Agents, and `make_agent` that builds one by name from the registry (agent/agents/registry.py).

    agent = make_agent("reference", env=env, solution=task["reference_solution"])
    agent = make_agent("som", env=env, model="gpt-4o")

Names: `reference` (replays the task's reference solution), `null` (stops at once), and the
model-backed prompt agents, one per observation mode: `text` (accessibility tree), `caption`
(accessibility tree with image captions), `multimodal` (screenshot + accessibility tree with captions),
`som` (Set-of-Marks screenshot + its element list + captions); `prompt` is `som`; `webvoyager`
(WebVoyager's agent: black-boxed screenshot, element list, its own action format; agents/webvoyager.py).
Each agent has `observation_mode` ("som" or "accessibility_tree"): build the env in that mode.
Other packages add agents with `register_agent(AgentSpec(...))` or an entry point in the group
`vwa_arena.agents` (see registry.py); `AGENT_NAMES` is read from the registry each time it is asked for.

May import: agent's own modules (observation, llm, captioner, tokens, som, prompts/; the browser only
through the env it is given). Never sites or evaluation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent.agents.base import Agent, AgentOutput
from agent.agents.builtin import PROMPT_AGENTS, Solution, register_builtin_agents
from agent.agents.reference import SolutionStep, parse_solution
from agent.agents.registry import (
    ENTRY_POINT_GROUP,
    AgentSettings,
    AgentSpec,
    agent_names,
    get_agent_spec,
    register_agent,
    unregister_agent,
)
from agent.observation import OBSERVATION_MODES, ObservationMode

if TYPE_CHECKING:
    from agent.browser.env import BrowserEnv

__all__ = [
    "AGENT_NAMES",
    "ENTRY_POINT_GROUP",
    "OBSERVATION_MODES",
    "PROMPT_AGENTS",
    "Agent",
    "AgentOutput",
    "AgentSpec",
    "SolutionStep",
    "agent_names",
    "agent_observation_mode",
    "get_agent_spec",
    "make_agent",
    "parse_solution",
    "register_agent",
    "unregister_agent",
]

register_builtin_agents()


def __getattr__(name: str) -> tuple[str, ...]:
    if name == "AGENT_NAMES":  # always the registry's names, entry points included
        return agent_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def agent_observation_mode(name: str) -> ObservationMode:
    """The env mode an agent of that name needs (known before the env exists)."""
    return get_agent_spec(name).observation_mode


def make_agent(
    name: str,
    *,
    env: BrowserEnv | None = None,
    model: str | None = None,
    solution: Solution | None = None,
    observation_mode: ObservationMode | None = None,
    settings: AgentSettings = None,
) -> Agent:
    """Build an agent. `settings`: an `agent.llm.LLMSettings`, or a dict of overrides of the settings
    read from the environment (keys of LLMSettings, plus `url_map` for the reference agent and
    `captioner`/`max_obs_tokens` for the prompt agents)."""
    spec = get_agent_spec(name)
    if observation_mode is not None and observation_mode not in OBSERVATION_MODES:
        raise ValueError(f"unknown observation_mode {observation_mode!r}; known: {', '.join(OBSERVATION_MODES)}")
    if observation_mode is not None and spec.allowed_modes and observation_mode not in spec.allowed_modes:
        raise ValueError(
            f"the {name} agent observes {' or '.join(spec.allowed_modes)}: "
            f"observation_mode must be {' or '.join(spec.allowed_modes)}, not {observation_mode}"
        )
    agent: Agent = spec.factory(
        env=env,
        model=model,
        solution=solution,
        observation_mode=observation_mode or spec.observation_mode,
        requested_mode=observation_mode,
        settings=settings,
    )
    return agent
