"""Agents, and `make_agent` that builds one by name.

    agent = make_agent("reference", env=env, solution=task["reference_solution"])
    agent = make_agent("som", env=env, model="gpt-4o")

Names: `reference` (replays the task's reference solution), `sighted` (replays it finding every target
from the observation only: marks' text and the screenshot's pixels), `null` (stops at once), and the
model-backed prompt agents, one per observation mode: `text` (accessibility tree), `caption`
(accessibility tree with image captions), `multimodal` (screenshot + accessibility tree with captions),
`som` (Set-of-Marks screenshot + its element list + captions); `prompt` is `som`; `webvoyager`
(WebVoyager's agent: black-boxed screenshot, element list, its own action format; agents/webvoyager.py).
Each agent has `observation_mode` ("som" or "accessibility_tree"): build the env in that mode.

May import: agent's own modules (observation, llm, captioner, tokens, som, prompts/; the browser only
through the env it is given). Never sites or evaluation.
"""
from __future__ import annotations

from agent.agents.base import Agent, AgentOutput
from agent.agents.null import NullAgent
from agent.agents.reference import ReferenceAgent, SolutionStep, parse_solution

PROMPT_AGENTS = ("text", "caption", "multimodal", "som")
AGENT_NAMES = ("reference", "sighted", "null", *PROMPT_AGENTS, "prompt", "webvoyager")
OBSERVATION_MODES = ("accessibility_tree", "som")

__all__ = ["Agent", "AgentOutput", "AGENT_NAMES", "make_agent", "parse_solution", "SolutionStep",
           "agent_observation_mode"]


def agent_observation_mode(name: str) -> str:
    """The env mode an agent of that name needs (known before the env exists)."""
    if name not in AGENT_NAMES:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(AGENT_NAMES)}")
    return "som" if name in ("som", "prompt", "webvoyager", "sighted") else "accessibility_tree"


def make_agent(name: str, *, env=None, model: str | None = None, solution=None,
               observation_mode: str | None = None, settings=None) -> Agent:
    """Build an agent. `settings`: an `agent.llm.LLMSettings`, or a dict of overrides of the settings
    read from the environment (keys of LLMSettings, plus `url_map` for the reference agent and
    `captioner`/`max_obs_tokens` for the prompt agents)."""
    if name not in AGENT_NAMES:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(AGENT_NAMES)}")
    if observation_mode is not None and observation_mode not in OBSERVATION_MODES:
        raise ValueError(f"unknown observation_mode {observation_mode!r}; known: {', '.join(OBSERVATION_MODES)}")
    mode = observation_mode or agent_observation_mode(name)
    options = dict(settings) if isinstance(settings, dict) else {}
    if name == "null":
        return NullAgent(observation_mode=mode)
    if name == "reference":
        if env is None:
            raise ValueError("the reference agent needs the env (it resolves elements in the observation)")
        return ReferenceAgent(env, solution, observation_mode=mode, url_map=options.get("url_map"))
    if name == "sighted":
        if observation_mode not in (None, "som"):
            raise ValueError("the sighted agent sees Set-of-Marks elements and pixels: observation_mode must be som")
        from agent.agents.sighted import SightedAgent
        return SightedAgent(solution, task_dir=options.get("task_dir"), url_map=options.get("url_map"))
    if isinstance(settings, dict):   # the task's folder is for the sighted agent's pictures only
        settings = {k: v for k, v in settings.items() if k != "task_dir"}
    if name == "webvoyager":
        if observation_mode not in (None, "som"):
            raise ValueError("the webvoyager agent observes Set-of-Marks elements: observation_mode must be som")
        from agent.agents.webvoyager import make_webvoyager_agent
        return make_webvoyager_agent(env=env, model=model, settings=settings)
    from agent.agents.prompt import make_prompt_agent   # the model stack loads only when needed
    return make_prompt_agent("som" if name == "prompt" else name, env=env, model=model,
                             observation_mode=observation_mode, settings=settings)
