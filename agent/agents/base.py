"""The interface every agent implements, and what one decision returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from PIL import Image

from agent.observation import Observation

if TYPE_CHECKING:
    from agent.episode import StepRecord


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


@runtime_checkable
class Agent(Protocol):
    observation_mode: str  # "som" | "accessibility_tree": the mode the harness builds the env in
    name: str

    def reset(self, intent: str, images: list[Image.Image]) -> None:
        """Start a new task."""

    def act(self, obs: Observation, history: list[StepRecord]) -> AgentOutput:
        """Decide the next action from the current observation and the steps so far (StepRecords)."""
