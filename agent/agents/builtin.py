"""This project's own agents, as registry specs (one `AgentSpec` each; see registry.py).

May import: agent.agents' modules; the model-backed agents load their modules only when one is made.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from agent.agents.registry import AgentSettings, AgentSpec, register_agent
from agent.observation import ObservationMode

if TYPE_CHECKING:
    from agent.agents.base import Agent
    from agent.agents.prompt import PromptAgent
    from agent.agents.sighted import SightedAgent
    from agent.browser.env import BrowserEnv

# A task's reference_solution as the task file gives it (step dicts), or already parsed (SolutionSteps).
Solution = Sequence[Any]

PROMPT_AGENTS = ("text", "caption", "multimodal", "som")
WEBVOYAGER_MAX_STEPS = 15  # WebVoyager's own limit


def _tokenizer(agent: PromptAgent) -> str | None:
    """The prompt agents count the observation's tokens with the model's tokenizer: its name, for the results."""
    return agent.tokenizer_name


def _sight(agent: SightedAgent) -> dict[str, Any]:
    """How the sighted agent found its targets."""
    return agent.summary()


def _null(*, observation_mode: ObservationMode, **_: object) -> Agent:
    from agent.agents.null import NullAgent

    return NullAgent(observation_mode=observation_mode)


def _reference(
    *,
    env: BrowserEnv | None,
    solution: Solution | None,
    observation_mode: ObservationMode,
    settings: AgentSettings,
    **_: object,
) -> Agent:
    from agent.agents.reference import ReferenceAgent

    if env is None:
        raise ValueError("the reference agent needs the env (it resolves elements in the observation)")
    options = dict(settings) if isinstance(settings, dict) else {}
    return ReferenceAgent(env, solution, observation_mode=observation_mode, url_map=options.get("url_map"))


def _sighted(*, solution: Solution | None, settings: AgentSettings, **_: object) -> Agent:
    from agent.agents.sighted import SightedAgent

    options = dict(settings) if isinstance(settings, dict) else {}
    return SightedAgent(solution, task_dir=options.get("task_dir"), url_map=options.get("url_map"))


def _model_settings(settings: AgentSettings) -> AgentSettings:
    """The task's folder is for the sighted agent's pictures only: not a model setting."""
    return {k: v for k, v in settings.items() if k != "task_dir"} if isinstance(settings, dict) else settings


def _prompt(mode: str) -> Callable[..., Agent]:
    def factory(
        *,
        env: BrowserEnv | None,
        model: str | None,
        requested_mode: ObservationMode | None,
        settings: AgentSettings,
        **_: object,
    ) -> Agent:
        from agent.agents.prompt import make_prompt_agent  # the model stack loads only when needed

        return make_prompt_agent(
            mode, env=env, model=model, observation_mode=requested_mode, settings=_model_settings(settings)
        )

    return factory


def _webvoyager(*, env: BrowserEnv | None, model: str | None, settings: AgentSettings, **_: object) -> Agent:
    from agent.agents.webvoyager import make_webvoyager_agent

    return make_webvoyager_agent(env=env, model=model, settings=_model_settings(settings))


def builtin_specs() -> list[AgentSpec]:
    return [
        AgentSpec("reference", _reference, description="replays the task's reference solution", needs_solution=True),
        AgentSpec(
            "sighted",
            _sighted,
            "som",
            allowed_modes=("som",),
            description="replays the reference solution, finding each target from the marks' text and pixels",
            needs_solution=True,
            summary=_sight,
        ),
        AgentSpec("null", _null, description="stops at once with an empty answer"),
        *(
            AgentSpec(
                mode,
                _prompt(mode),
                "som" if mode == "som" else "accessibility_tree",
                description=f"prompt agent, {mode} observation",
                needs_endpoint=True,
                tokenizer=_tokenizer,
            )
            for mode in PROMPT_AGENTS
        ),
        AgentSpec(
            "prompt",
            _prompt("som"),
            "som",
            description="the som prompt agent",
            needs_endpoint=True,
            tokenizer=_tokenizer,
        ),
        AgentSpec(
            "webvoyager",
            _webvoyager,
            "som",
            allowed_modes=("som",),
            description="WebVoyager's agent and action format",
            needs_endpoint=True,
            max_steps=WEBVOYAGER_MAX_STEPS,
        ),
    ]


def register_builtin_agents() -> None:
    for spec in builtin_specs():
        register_agent(spec, replace=True)
