"""The interface every agent implements, and what one decision returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from PIL import Image

from agent.observation import Observation


@dataclass
class AgentOutput:
    """One decision of an agent.

    `action_text` goes through `agent.actions.parse_action` like any model output. When `invalid_reason`
    is set, the agent itself knows the action cannot be carried out (e.g. the reference agent could not
    find an element); the episode records it as an invalid action with that reason instead of parsing.
    """

    action_text: str
    reasoning: str = ""
    usage: dict[str, Any] = field(default_factory=dict)  # prompt_tokens, completion_tokens, cost_usd, model, model_s
    invalid_reason: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)  # findings to show in the trajectory (match scores, margins)


class PastStep(Protocol):
    """What an agent reads of an earlier step of its episode (an agent.episode.StepRecord)."""

    @property
    def action_text(self) -> str: ...


History = Sequence[PastStep]


@runtime_checkable
class Agent(Protocol):
    observation_mode: str  # "som" | "accessibility_tree": the mode the harness builds the env in
    name: str

    def reset(self, intent: str, images: list[Image.Image]) -> None:
        """Start a new task."""

    # history: the episode's steps so far, agent.episode.StepRecords (named by shape only, as PastStep: that module
    # imports this one)
    def act(self, obs: Observation, history: list[Any]) -> AgentOutput:
        """Decide the next action from the current observation and the steps so far (StepRecords)."""
