"""Model-backed prompt agents, one per observation mode of the benchmark's paper.

- `text`: accessibility tree only; input images as captions when a captioner is configured.
- `caption`: accessibility tree whose images carry captions (as alt text), input images as captions.
  Needs a captioner (CAPTIONER=openai or blip2).
- `multimodal`: screenshot + accessibility tree (with captions when a captioner is configured);
  input images as images.
- `som`: Set-of-Marks screenshot + its element list (with captions when configured); input images as images.

Each decision: build the messages (agent/prompts/build.py), call the model (agent/llm.py), and read the
action from the reply. A reply without a readable action becomes an invalid action with the reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PIL import Image

from agent.agents.base import AgentOutput, History
from agent.agents.registry import AgentSettings
from agent.captioner import Captioner, CaptionerError, NoCaptioner, caption_page_images, make_captioner
from agent.llm import LLMClient, LLMSettings, env_int, load_project_env
from agent.observation import Observation
from agent.prompts.build import ENV_MODE, build_messages
from agent.prompts.reply import extract_action
from agent.tokens import token_counter

if TYPE_CHECKING:
    from agent.browser.env import BrowserEnv

DEFAULT_MAX_OBS_TOKENS = 3840


class PromptAgent:
    def __init__(
        self,
        mode: str,
        llm: LLMClient,
        *,
        env: BrowserEnv | None = None,
        captioner: Captioner | None = None,
        max_obs_tokens: int = DEFAULT_MAX_OBS_TOKENS,
        observation_mode: str | None = None,
    ) -> None:
        if mode not in ENV_MODE:
            raise ValueError(f"unknown prompt mode {mode!r}; expected one of {', '.join(ENV_MODE)}")
        self.mode = self.name = mode
        self.llm = llm
        self.env = env
        self.captioner = captioner or NoCaptioner()
        if mode == "caption" and isinstance(self.captioner, NoCaptioner):
            raise CaptionerError("the caption agent needs a captioner: set CAPTIONER=openai or CAPTIONER=blip2")
        self.max_obs_tokens = max_obs_tokens
        self.token_counter = token_counter(llm.settings.model)
        self.tokenizer_name = self.token_counter.name  # recorded in the results
        self.observation_mode = observation_mode or ENV_MODE[mode]
        self.intent = ""
        self.images: list[Image.Image] = []
        self.input_captions: list[str] = []

    def reset(self, intent: str, images: list[Image.Image]) -> None:
        self.intent = intent
        self.images = list(images or [])
        self.input_captions = self.captioner.caption(self.images) if self.images else []

    def _with_page_captions(self, obs: Observation) -> Observation:
        """Caption the page's new images into their alt text and observe again, so the observation
        text shows them (the env's ids then refer to the new observation)."""
        if isinstance(self.captioner, NoCaptioner) or self.env is None:
            return obs
        if caption_page_images(self.env.driver, self.captioner) == 0:
            return obs
        fresh: Observation = self.env.observe()
        fresh.error = obs.error
        return fresh

    def act(self, obs: Observation, history: History) -> AgentOutput:
        used_before = self.captioner.usage.as_dict()
        obs = self._with_page_captions(obs)
        previous = "None"
        if history:
            last = history[-1]
            previous = last.action_text.strip() or "(empty)"
        messages = build_messages(
            self.mode,
            intent=self.intent,
            obs=obs,
            previous_action=previous,
            input_images=self.images,
            input_captions=self.input_captions,
            max_obs_tokens=self.max_obs_tokens,
            counter=self.token_counter,
        )
        reply = self.llm.complete(messages)
        usage = reply.usage()
        caption_usage = self.captioner.usage.as_dict()
        if caption_usage["calls"] > used_before["calls"]:
            usage["caption_prompt_tokens"] = caption_usage["prompt_tokens"] - used_before["prompt_tokens"]
            usage["caption_completion_tokens"] = caption_usage["completion_tokens"] - used_before["completion_tokens"]
        action_text, problem = extract_action(reply.text)
        return AgentOutput(action_text=action_text, reasoning=reply.text, usage=usage, invalid_reason=problem)


def make_prompt_agent(
    mode: str,
    *,
    env: BrowserEnv | None = None,
    model: str | None = None,
    observation_mode: str | None = None,
    settings: AgentSettings = None,
) -> PromptAgent:
    """Build a prompt agent; `settings` is an LLMSettings or a dict of overrides (LLMSettings fields,
    plus `captioner` (a Captioner or a backend name) and `max_obs_tokens`)."""
    options = dict(settings) if isinstance(settings, dict) else {}
    captioner = options.pop("captioner", None)
    load_project_env()  # MAX_OBS_TOKENS may come from .env
    max_obs = int(options.pop("max_obs_tokens", None) or env_int("MAX_OBS_TOKENS", DEFAULT_MAX_OBS_TOKENS))
    options.pop("url_map", None)
    if isinstance(settings, LLMSettings):
        llm_settings = settings if model is None else replace(settings, model=model)
    else:
        llm_settings = LLMSettings.from_env(**options, model=model)
    if captioner is None or isinstance(captioner, str):
        captioner = make_captioner(captioner)
    return PromptAgent(
        mode,
        LLMClient(llm_settings),
        env=env,
        captioner=captioner,
        max_obs_tokens=max_obs,
        observation_mode=observation_mode,
    )
