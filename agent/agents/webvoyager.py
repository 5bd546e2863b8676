"""The WebVoyager agent (`--agent webvoyager`), as its paper describes it, on this harness.

Each step the model sees the viewport screenshot with black numbered boxes on the interactive elements
(the env's Set-of-Marks elements, drawn in WebVoyager's style) and the list of those elements (type, text,
aria-label), and answers `Thought: ...` then `Action: ...` in WebVoyager's own action format
(agent/agents/webvoyager_format.py), turned into this harness's actions.

Context clipping: the conversation keeps every thought and action, but only the `keep_images` most recent
screenshots (default 3, WEBVOYAGER_KEEP_IMAGES); older observations keep their text only.
Sampling: TEMPERATURE and TOP_P of the settings. Step limit: 15 (its spec's, agents/builtin.py) unless
--max-steps says otherwise.
One tab, as in the paper: on a task that starts with one tab, links and forms that would open a new tab open
in place; a task that starts with several tabs gets a `Tab [i]` action instead.
"""

from __future__ import annotations

import base64
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from agent.agents.base import AgentOutput, History
from agent.agents.registry import AgentSettings
from agent.agents.webvoyager_format import ACTION_FORMS, TAB_FORM, draw_black_marks, element_list, parse_reply
from agent.captioner import image_data_url
from agent.llm import LLMClient, LLMSettings, Message, env_int, load_project_env
from agent.observation import Observation

if TYPE_CHECKING:
    from agent.browser.env import BrowserEnv

DEFAULT_KEEP_IMAGES = 3

_ATTRS_JS = (Path(__file__).with_name("webvoyager_attrs.js")).read_text(encoding="utf-8")


def system_prompt(several_tabs: bool) -> str:
    forms = "\n".join(f"- {f}" for f in ACTION_FORMS)
    tabs = (
        f"\n- {TAB_FORM}: this task started with several browser tabs; switch to tab i (0 is the first). "
        "The tabs are listed with each observation."
        if several_tabs
        else ""
    )
    return f"""You operate a web browser to complete a task for a user. You work in steps. At each step you get a
screenshot of the browser window in which every element you can act on is framed by a black box, with its
number written in black in the box's top-left corner, and a list of those numbered elements (their type,
their text and their aria-label). Pick one action per step.

Actions (write them exactly in one of these forms; N is an element's number):
{forms}{tabs}

What they do:
- Click [N]: click the element.
- Type [N]; [content]: empty the text field N, type the content, then press Enter.
- Scroll [N or WINDOW]; [up or down]: scroll the whole page (WINDOW), or the scrolling area that contains
  element N, by one screen.
- Wait: let the page finish what it is doing, then look again.
- GoBack: the browser's back button.
- Google: there is no search engine on this network; this action takes you back to the page the task
  started on.
- ANSWER; [content]: finish. Give the answer the task asks for (or a short statement that it is done).

Rules: one action per reply; act only on numbers shown in the current screenshot; if an action changed
nothing, try something else; do not ask the user questions; the sites are self-hosted copies, so use their
own search boxes and menus.

Reply in exactly this form:
Thought: (what you see, and why the next action helps)
Action: (one action in the forms above)"""


def _image_part(png: bytes) -> dict[str, Any]:
    return {"type": "image_url", "image_url": {"url": "data:image/png;base64," + base64.b64encode(png).decode("ascii")}}


class WebVoyagerAgent:
    name = "webvoyager"
    observation_mode = "som"

    def __init__(
        self, llm: LLMClient, *, env: BrowserEnv | None = None, keep_images: int = DEFAULT_KEEP_IMAGES
    ) -> None:
        if keep_images < 1:
            raise ValueError(f"keep_images must be at least 1, got {keep_images}")
        self.llm, self.env, self.keep_images = llm, env, keep_images
        self.intent = ""
        self.images: list[Image.Image] = []
        self.messages: list[Message] = []
        self.start_url = ""
        self.several_tabs = False

    def reset(self, intent: str, images: list[Image.Image]) -> None:
        self.intent, self.images = intent, list(images or [])
        self.messages, self.start_url, self.several_tabs = [], "", False

    # ---- observation ------------------------------------------------------------------------------
    def _marked(self, obs: Observation) -> tuple[bytes, str]:
        env = self.env
        marks = env.marks if env is not None else []
        if env is None or not marks:
            return obs.screenshot, "(no interactive elements on this screen)"
        attrs = env.driver.execute_script(_ATTRS_JS, [m.element for m in marks])
        png = draw_black_marks(obs.screenshot, [(m.id, m.box) for m in marks])
        items = [(m.id, kind, text, aria) for m, (kind, text, aria) in zip(marks, attrs, strict=False)]
        return png, element_list(items)

    def _observation_message(self, obs: Observation, first: bool) -> Message:
        png, elements = self._marked(obs)
        parts: list[dict[str, Any]] = []
        text = []
        if first:
            text.append(f"Task: {self.intent}")
            if self.images:
                text.append(f"The task comes with {len(self.images)} input image(s), shown first.")
        if obs.error:
            text.append(f"The previous action had a problem: {obs.error}")
        text.append(f"Current page: {obs.url}")
        if self.several_tabs:
            text.append("Tabs:\n" + obs.tabs_text())
        text.append("Screenshot attached. Numbered elements:\n" + elements)
        if first:
            parts += [
                {"type": "image_url", "image_url": {"url": image_data_url(img, max_side=1024)}} for img in self.images
            ]
        parts.append({"type": "text", "text": "\n\n".join(text)})
        parts.append(_image_part(png))
        return {"role": "user", "content": parts, "_screenshot": True}

    def _request(self) -> list[Message]:
        """The conversation as sent: screenshots only on the `keep_images` latest observations."""
        with_shot = [i for i, m in enumerate(self.messages) if m.get("_screenshot")]
        keep = set(with_shot[-self.keep_images :])
        out: list[Message] = [{"role": "system", "content": system_prompt(self.several_tabs)}]
        for i, m in enumerate(self.messages):
            content = m["content"]
            if m.get("_screenshot") and i not in keep:  # the screenshot is the last part
                content = [
                    p
                    if p["type"] != "text"
                    else {"type": "text", "text": p["text"] + "\n\n(This step's screenshot is no longer shown.)"}
                    for p in content[:-1]
                ]
            out.append({"role": m["role"], "content": content})
        return out

    def _keep_one_tab(self) -> None:
        """WebVoyager works in one tab: links and forms of the page that would open a new one open in place."""
        if self.env is None:  # (act calls it only with an env)
            return
        try:
            self.env.driver.execute_script(_SAME_TAB_JS)
        except Exception:  # the page may be gone or blocked; the action then runs as the page has it
            pass

    # ---- one decision -----------------------------------------------------------------------------
    def act(self, obs: Observation, history: History) -> AgentOutput:
        first = not self.messages
        if first:
            self.start_url = obs.url
            self.several_tabs = len(obs.tabs) > 1
        self.messages.append(self._observation_message(obs, first))
        reply = self.llm.complete(self._request())
        self.messages.append({"role": "assistant", "content": reply.text})
        action, problem = parse_reply(reply.text, start_url=self.start_url, tabs=self.several_tabs)
        if not self.several_tabs and self.env is not None:
            self._keep_one_tab()
        return AgentOutput(action_text=action, reasoning=reply.text, usage=reply.usage(), invalid_reason=problem)


_SAME_TAB_JS = (Path(__file__).with_name("same_tab.js")).read_text(encoding="utf-8")


def make_webvoyager_agent(
    *, env: BrowserEnv | None = None, model: str | None = None, settings: AgentSettings = None
) -> WebVoyagerAgent:
    """`settings`: an LLMSettings, or a dict of LLMSettings overrides plus `keep_images`."""
    options = dict(settings) if isinstance(settings, dict) else {}
    load_project_env()
    keep = int(options.pop("keep_images", None) or env_int("WEBVOYAGER_KEEP_IMAGES", DEFAULT_KEEP_IMAGES))
    for key in ("url_map", "captioner", "max_obs_tokens"):
        options.pop(key, None)
    if isinstance(settings, LLMSettings):
        llm_settings = settings if model is None else replace(settings, model=model)
    else:
        llm_settings = LLMSettings.from_env(**options, model=model)
    return WebVoyagerAgent(LLMClient(llm_settings), env=env, keep_images=keep)
