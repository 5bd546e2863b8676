"""Model-based judgements: the fuzzy_match judge (a chat model) and visual question answering.

Configured from the environment (documented in .env.example):
    JUDGE_BASE_URL, JUDGE_API_KEY, JUDGE_MODEL   (base URL and key default to OPENAI_BASE_URL / OPENAI_API_KEY)
    VQA_BACKEND = openai | blip2 | none
    VQA_MODEL, VQA_BASE_URL, VQA_API_KEY        (openai backend; default to the judge's endpoint)
    BLIP2_MODEL_PATH, BLIP2_DEVICE               (blip2 backend: a local folder or a hub name; auto|cpu|cuda)

Any failure (endpoint down, HTTP error, unparseable verdict, backend not configured) raises `JudgeError`
or `VQAError`: the task becomes an ERROR with that cause, never a silent 0.
"""

from __future__ import annotations

import base64
import io
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from PIL import Image

from agent.blip2 import Blip2Model
from evaluation.vocabulary.errors import JudgeError, VQAError

if TYPE_CHECKING:
    from agent.llm import LLMClient

_VERDICT = re.compile(r"\b(partially\s+correct|not\s+correct|incorrect|correct)\b")


def parse_verdict(reply: str) -> str:
    """`correct`, `incorrect` or `partially correct` from a judge reply: the last verdict word wins;
    "not correct" reads as incorrect. No verdict at all raises JudgeError."""
    found = _VERDICT.findall((reply or "").lower())
    if not found:
        raise JudgeError(f"the judge's reply has no verdict (correct / incorrect / partially correct): {reply!r}")
    last = re.sub(r"\s+", " ", found[-1])
    return {"not correct": "incorrect"}.get(last, last)


@dataclass
class Usage:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def add(self, prompt_tokens: int = 0, completion_tokens: int = 0) -> None:
        self.calls += 1
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens

    def to_dict(self) -> dict[str, int]:
        return {"calls": self.calls, "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens}


class Judge(Protocol):
    """A judge model (fuzzy_match): are two answers equivalent, does an answer give a reason."""

    @property
    def usage(self) -> Usage: ...

    def equivalent(self, intent: str, reference: str, answer: str) -> str: ...

    def gives_reason(self, intent: str, reason: str, answer: str) -> bool: ...


class VQA(Protocol):
    """A visual question answering backend (eval_vqa, page_image_query)."""

    @property
    def usage(self) -> Usage: ...

    def ask(self, image: Image.Image, question: str) -> str: ...


_EQUIV_PROMPT = (
    "You grade answers of a web agent."
    " Decide whether the ANSWER is semantically equivalent to the REFERENCE for the task.\n"
    "Task: {intent}\n"
    "REFERENCE: {reference}\n"
    "ANSWER: {answer}\n"
    "A paraphrase, a different unit format or extra harmless detail is still correct."
    " Missing or wrong information is incorrect;"
    " an answer that gives only part of the reference is partially correct.\n"
    'Explain briefly, then end with one line: "Verdict: correct", "Verdict: incorrect" or "Verdict: partially correct".'
)

_REASON_PROMPT = (
    "You grade a web agent on a task that cannot be done."
    " Decide whether the ANSWER says the task cannot be done for the same REASON.\n"
    "Task: {intent}\n"
    "REASON: {reason}\n"
    "ANSWER: {answer}\n"
    'Explain briefly, then end with one line: "Verdict: correct" if the answer gives that reason,'
    ' else "Verdict: incorrect".'
)


@dataclass
class _ChatModel:
    """A chat model behind an OpenAI-compatible endpoint at temperature 0, through the agent's
    `LLMClient` (one client per judge, tenacity retries, `ModelError` after the last attempt)."""

    model: str
    base_url: str | None = None
    api_key: str | None = None
    timeout: float = 60.0
    attempts: int = 3
    backoff_base_s: float = 1.0
    usage: Usage = field(default_factory=Usage)
    _llm: LLMClient | None = field(default=None, init=False, repr=False)

    def _complete(self, content: str | list[dict[str, object]], error: type[Exception], what: str) -> str:
        from agent.llm import LLMClient, LLMSettings, ModelError

        if self._llm is None:
            self._llm = LLMClient(
                LLMSettings(
                    base_url=self.base_url,
                    api_key=self.api_key,
                    model=self.model,
                    temperature=0.0,
                    top_p=1.0,
                    max_tokens=256,
                    timeout_s=self.timeout,
                    attempts=self.attempts,
                    backoff_base_s=self.backoff_base_s,
                )
            )
        try:
            reply = self._llm.complete([{"role": "user", "content": content}])
        except ModelError as exc:
            raise error(f"{what} model {self.model!r} at {self._llm.endpoint} failed: {exc}") from exc
        self.usage.add(reply.prompt_tokens, reply.completion_tokens)
        return reply.text


@dataclass
class OpenAIJudge(_ChatModel):
    """The fuzzy_match judge: a chat model behind an OpenAI-compatible endpoint, temperature 0."""

    def equivalent(self, intent: str, reference: str, answer: str) -> str:
        prompt = _EQUIV_PROMPT.format(intent=intent, reference=reference, answer=answer)
        return parse_verdict(self._complete(prompt, JudgeError, "judge"))

    def gives_reason(self, intent: str, reason: str, answer: str) -> bool:
        prompt = _REASON_PROMPT.format(intent=intent, reason=reason, answer=answer)
        return parse_verdict(self._complete(prompt, JudgeError, "judge")) == "correct"


def _png_data_url(image: Image.Image) -> str:
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


@dataclass
class OpenAIVQA(_ChatModel):
    """A vision chat model behind an OpenAI-compatible endpoint; the image goes as a data URL."""

    def ask(self, image: Image.Image, question: str) -> str:
        content: list[dict[str, object]] = [
            {"type": "text", "text": f"{question}\nAnswer briefly."},
            {"type": "image_url", "image_url": {"url": _png_data_url(image)}},
        ]
        return self._complete(content, VQAError, "VQA")


class Blip2VQA:
    """BLIP-2 through transformers (optional extra `models`), loaded on first use from `model_path`
    on `device` (auto: the GPU when there is one); see agent/blip2.py."""

    def __init__(self, model_path: str, device: str = "auto"):
        self.model_path = model_path
        self.usage = Usage()
        self.model = Blip2Model(model_path, device=device, error=VQAError, setting="VQA_BACKEND=blip2")

    def ask(self, image: Image.Image, question: str) -> str:
        text = self.model.generate(image, f"Question: {question} Answer:", max_new_tokens=32)
        self.usage.add()
        return text


def judge_from_env(environ: Mapping[str, str] | None = None) -> OpenAIJudge | None:
    """The configured judge, or None when JUDGE_MODEL is not set."""
    env = os.environ if environ is None else environ
    model = env.get("JUDGE_MODEL", "").strip()
    if not model:
        return None
    return OpenAIJudge(
        model=model,
        base_url=env.get("JUDGE_BASE_URL") or env.get("OPENAI_BASE_URL") or None,
        api_key=env.get("JUDGE_API_KEY") or env.get("OPENAI_API_KEY") or None,
    )


def vqa_from_env(environ: Mapping[str, str] | None = None) -> VQA | None:
    """The configured VQA backend, or None (VQA_BACKEND=none or unset)."""
    env = os.environ if environ is None else environ
    backend = (env.get("VQA_BACKEND") or "none").strip().lower()
    if backend == "none":
        return None
    if backend == "openai":
        model = env.get("VQA_MODEL", "").strip()
        if not model:
            raise VQAError("VQA_BACKEND=openai needs VQA_MODEL (a vision model name)", retryable=False)
        return OpenAIVQA(
            model=model,
            base_url=(env.get("VQA_BASE_URL") or env.get("JUDGE_BASE_URL") or env.get("OPENAI_BASE_URL") or None),
            api_key=(env.get("VQA_API_KEY") or env.get("JUDGE_API_KEY") or env.get("OPENAI_API_KEY") or None),
        )
    if backend == "blip2":
        path = env.get("BLIP2_MODEL_PATH", "").strip()
        if not path:
            raise VQAError(
                "VQA_BACKEND=blip2 needs BLIP2_MODEL_PATH (a local folder or a hub model name)", retryable=False
            )
        return Blip2VQA(path, env.get("BLIP2_DEVICE", "").strip() or "auto")
    raise VQAError(f"unknown VQA_BACKEND {backend!r}; use openai, blip2 or none", retryable=False)
