"""The null agent: stops at once with an empty answer (the floor every task must fail)."""

from __future__ import annotations

from PIL import Image

from agent.agents.base import AgentOutput, History
from agent.observation import Observation


class NullAgent:
    name = "null"

    def __init__(self, observation_mode: str = "accessibility_tree") -> None:
        self.observation_mode = observation_mode

    def reset(self, intent: str, images: list[Image.Image]) -> None:
        pass

    def act(self, obs: Observation, history: History) -> AgentOutput:
        return AgentOutput(action_text="stop []", reasoning="The null agent stops at once with an empty answer.")
