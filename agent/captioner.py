"""Image captioners (pluggable), and putting captions into the page as alt text.

    captioner = make_captioner()            # from CAPTIONER=none|openai|blip2 (default none)
    captioner.caption([image, ...]) -> ["a red bicycle leaning on a wall", ...]
    caption_page_images(driver, captioner)  # sets each page image's alt text to its caption

Backends:
- `none`: no captions (the text agent then sees images only by their own alt text).
- `openai`: an OpenAI-compatible vision model (CAPTIONER_MODEL, CAPTIONER_BASE_URL, CAPTIONER_API_KEY;
  the last two default to OPENAI_BASE_URL / OPENAI_API_KEY), with the same retries as the agent's model.
- `blip2`: BLIP-2 through `transformers` (the optional `models` extra), loaded lazily from
  CAPTIONER_MODEL (a local folder, or a hub name when the machine may download it), on CAPTIONER_DEVICE
  (auto: the GPU when there is one; see agent/blip2.py).

Captions are cached by image content, so an image seen on several steps is captioned once.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Protocol, TypedDict, Unpack

from PIL import Image
from selenium.webdriver.remote.webdriver import WebDriver

from agent.blip2 import Blip2Model
from agent.llm import LLMClient, LLMSettings, load_project_env
from agent.usage import UsageMeter

CAPTION_PROMPT = (
    "Write one short sentence describing this image for someone who cannot see it: "
    "the main objects, their colours, any readable text."
)


class CaptionerError(RuntimeError):
    """The captioner is misconfigured or failed."""


class Captioner(Protocol):
    name: str
    usage: UsageMeter

    def caption(self, images: list[Image.Image]) -> list[str]:
        """One caption per image, in order."""


def _png_bytes(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="PNG")
    return buf.getvalue()


def image_data_url(image: Image.Image, max_side: int | None = None) -> str:
    """A PNG data URL of the image (downscaled so its longer side is at most `max_side`)."""
    if max_side and max(image.size) > max_side:
        image = image.copy()
        image.thumbnail((max_side, max_side))
    return "data:image/png;base64," + base64.b64encode(_png_bytes(image)).decode("ascii")


class NoCaptioner:
    name = "none"

    def __init__(self) -> None:
        self.usage = UsageMeter()

    def caption(self, images: list[Image.Image]) -> list[str]:
        return ["" for _ in images]


class _Cached(ABC):
    """Caches captions by the image's pixels; a subclass captions one image."""

    def __init__(self) -> None:
        self.usage = UsageMeter()
        self._cache: dict[str, str] = {}

    @abstractmethod
    def _caption_one(self, image: Image.Image) -> str:
        """The caption of one image (not yet cached)."""

    def caption(self, images: list[Image.Image]) -> list[str]:
        out = []
        for image in images:
            key = hashlib.sha1(image.convert("RGB").tobytes() + repr(image.size).encode()).hexdigest()
            if key not in self._cache:
                self._cache[key] = self._caption_one(image).strip()
            out.append(self._cache[key])
        return out


class OpenAICaptioner(_Cached):
    name = "openai"

    def __init__(self, settings: LLMSettings) -> None:
        super().__init__()
        self.llm = LLMClient(settings)

    def _caption_one(self, image: Image.Image) -> str:
        reply = self.llm.complete(
            [
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": CAPTION_PROMPT},
                        {"type": "image_url", "image_url": {"url": image_data_url(image, max_side=768)}},
                    ],
                }
            ],
            max_tokens=80,
        )
        self.usage.add(reply.usage())
        return reply.text


class Blip2Captioner(_Cached):
    name = "blip2"

    def __init__(self, model_path: str, device: str = "auto") -> None:
        super().__init__()
        self.model = Blip2Model(model_path, device=device, error=CaptionerError, setting="CAPTIONER=blip2")

    def _caption_one(self, image: Image.Image) -> str:
        text = self.model.generate(image, max_new_tokens=40)
        self.usage.add({"calls": 1})
        return text


class CaptionerOverrides(TypedDict, total=False):
    """Settings of `make_captioner` that win over the environment."""

    model: str
    base_url: str
    api_key: str
    device: str
    backoff_base_s: float


def make_captioner(kind: str | None = None, **overrides: Unpack[CaptionerOverrides]) -> Captioner:
    """Build the configured captioner. `overrides` may set model, base_url, api_key, device."""
    load_project_env()
    kind = (kind or os.environ.get("CAPTIONER") or "none").strip().lower()
    if kind == "none":
        return NoCaptioner()
    model = overrides.get("model") or os.environ.get("CAPTIONER_MODEL")
    if kind == "openai":
        settings = LLMSettings.from_env(
            base_url=overrides.get("base_url") or os.environ.get("CAPTIONER_BASE_URL") or None,
            api_key=overrides.get("api_key") or os.environ.get("CAPTIONER_API_KEY") or None,
            model=model or os.environ.get("MODEL") or "gpt-4o-mini",
            temperature=0.0,
            top_p=1.0,
            backoff_base_s=overrides.get("backoff_base_s"),
        )
        return OpenAICaptioner(settings)
    if kind == "blip2":
        if not model:
            raise CaptionerError("CAPTIONER=blip2 needs CAPTIONER_MODEL (a local folder or a hub model name)")
        return Blip2Captioner(model, overrides.get("device") or os.environ.get("CAPTIONER_DEVICE") or "auto")
    raise CaptionerError(f"unknown CAPTIONER {kind!r}; expected none, openai or blip2")


# Reads every sizeable <img> not captioned yet, through the page's own fetch (same cookies), as base64.
_COLLECT_JS = (Path(__file__).with_name("captioner_collect.js")).read_text(encoding="utf-8")

_APPLY_JS = (Path(__file__).with_name("captioner_apply.js")).read_text(encoding="utf-8")


def caption_page_images(driver: WebDriver, captioner: Captioner, limit: int = 40) -> int:
    """Caption the current page's images not captioned yet and add the captions to their alt text
    (so the accessibility tree and the Set-of-Marks list show them). Returns how many were captioned."""
    if isinstance(captioner, NoCaptioner):
        return 0
    found = driver.execute_async_script(_COLLECT_JS, limit) or []
    if not found:
        return 0
    captions: dict[str, str] = {}
    for item in found:
        data = item.get("data")
        if not data or "," not in data:
            continue
        try:
            image = Image.open(io.BytesIO(base64.b64decode(data.split(",", 1)[1])))
            image.load()
        except Exception:  # not a raster image (e.g. SVG): keep its own alt text
            continue
        captions[str(item["k"])] = captioner.caption([image])[0]
    driver.execute_script(_APPLY_JS, captions)
    return len(captions)
