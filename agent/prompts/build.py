"""Building the chat messages of the prompt agents.

Messages: a system message (instructions, action grammar, answer format), three in-context examples
(one per site, as user/assistant turns; the visual modes include the example screenshots), then the
current turn: objective, input images (as images in the visual modes, as captions in the text modes),
URL, open tabs, previous action (and its error), the observation text truncated to a token budget,
and the screenshot (visual modes).
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image

from agent.captioner import image_data_url
from agent.llm import Message
from agent.observation import Observation
from agent.prompts.instructions import system_prompt
from agent.tokens import CHARS_PER_TOKEN, EstimateCounter, TokenCounter, truncate  # noqa: F401

EXAMPLES_DIR = Path(__file__).with_name("examples")
VISUAL_MODES = ("multimodal", "som")
ENV_MODE = {
    "text": "accessibility_tree",
    "caption": "accessibility_tree",
    "multimodal": "accessibility_tree",
    "som": "som",
}
SCREENSHOT_MAX_SIDE = 2048
INPUT_IMAGE_MAX_SIDE = 1024


def truncate_to_tokens(text: str, max_tokens: int, counter: TokenCounter | None = None) -> str:
    """`text` cut to the budget, counted by `counter` (agent/tokens.py; default the 4-characters estimate)."""
    return truncate(counter or EstimateCounter(), text, max_tokens)


@dataclass(frozen=True)
class Example:
    name: str
    objective: str
    url: str
    previous: str
    observation: str
    reply: str
    screenshot_png: bytes


@lru_cache(maxsize=2)
def load_examples(env_mode: str) -> tuple[Example, ...]:
    path = EXAMPLES_DIR / "examples.json"
    try:
        records = json.loads(path.read_text(encoding="utf-8"))
        return tuple(
            Example(
                r["name"],
                r["objective"],
                r["url"],
                r["previous"],
                r[env_mode]["observation"],
                r[env_mode]["reply"],
                (EXAMPLES_DIR / r[env_mode]["screenshot"]).read_bytes(),
            )
            for r in records
        )
    except (OSError, KeyError, ValueError) as exc:
        raise RuntimeError(
            f"the prompt examples in {EXAMPLES_DIR} are missing or broken ({exc}); "
            f"regenerate them: python scripts/make_prompt_examples.py"
        ) from exc


def _png_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _image_part(url: str, detail: str = "auto") -> dict[str, Any]:
    return {"type": "image_url", "image_url": {"url": url, "detail": detail}}


def _turn_text(
    objective: str,
    url: str,
    tabs: str,
    previous: str,
    observation: str,
    mode: str,
    image_note: str = "",
    error: str | None = None,
) -> str:
    label = "ELEMENTS ON THE SCREENSHOT" if mode == "som" else "ACCESSIBILITY TREE"
    parts = [f"OBJECTIVE: {objective}"]
    if image_note:
        parts.append(image_note)
    parts += [f"URL: {url}", f"OPEN TABS:\n{tabs}" if tabs else "OPEN TABS: (one tab)", f"PREVIOUS ACTION: {previous}"]
    if error:
        parts.append(f"ERROR OF THE PREVIOUS ACTION: {error}")
    parts.append(f"{label}:\n{observation}")
    return "\n\n".join(parts)


def build_messages(
    mode: str,
    *,
    intent: str,
    obs: Observation,
    previous_action: str,
    input_images: list[Image.Image],
    input_captions: list[str] | None = None,
    max_obs_tokens: int = 3840,
    counter: TokenCounter | None = None,
) -> list[Message]:
    """The chat messages for one decision of a prompt agent in `mode` (text, caption, multimodal, som)."""
    if mode not in ENV_MODE:
        raise ValueError(f"unknown prompt mode {mode!r}; expected one of {', '.join(ENV_MODE)}")
    visual = mode in VISUAL_MODES
    messages: list[Message] = [{"role": "system", "content": system_prompt(mode)}]
    for ex in load_examples(ENV_MODE[mode]):
        text = "Example.\n\n" + _turn_text(ex.objective, ex.url, "", ex.previous, ex.observation, mode)
        if visual:
            shown = [
                {"type": "text", "text": text},
                {"type": "text", "text": "SCREENSHOT OF THE CURRENT PAGE:"},
                _image_part(_png_url(ex.screenshot_png), "low"),
            ]
            messages.append({"role": "user", "content": shown})
        else:
            messages.append({"role": "user", "content": text})
        messages.append({"role": "assistant", "content": ex.reply})

    image_note = ""
    if input_images and not visual:
        captions = input_captions or []
        lines = [
            f"Input image {i + 1}: {captions[i] if i < len(captions) and captions[i] else '(no description available)'}"
            for i in range(len(input_images))
        ]
        image_note = "IMAGES GIVEN WITH THE OBJECTIVE (described in words):\n" + "\n".join(lines)
    elif input_images:
        image_note = f"IMAGES GIVEN WITH THE OBJECTIVE: {len(input_images)} (attached below the objective)"
    text = "Now the real task.\n\n" + _turn_text(
        intent,
        obs.url,
        obs.tabs_text() if len(obs.tabs) > 1 else "",
        previous_action,
        truncate_to_tokens(obs.text, max_obs_tokens, counter),
        mode,
        image_note,
        obs.error,
    )
    if not visual:
        messages.append({"role": "user", "content": text})
        return messages
    content: list[dict[str, Any]] = [{"type": "text", "text": text}]
    for i, image in enumerate(input_images):
        content.append({"type": "text", "text": f"INPUT IMAGE {i + 1}:"})
        content.append(_image_part(image_data_url(image, INPUT_IMAGE_MAX_SIDE)))
    screenshot = obs.som_screenshot if mode == "som" and obs.som_screenshot else obs.screenshot
    content.append({"type": "text", "text": "SCREENSHOT OF THE CURRENT PAGE:"})
    content.append(_image_part(_png_url(screenshot)))
    messages.append({"role": "user", "content": content})
    return messages
