"""Chat-model access through the `openai` package, to any OpenAI-compatible endpoint.

    llm = LLMClient(LLMSettings.from_env(model="gpt-4o"))
    reply = llm.complete(messages)          # -> Completion(text, prompt_tokens, completion_tokens, ...)

Settings (environment / .env, overridable per call of `from_env`): OPENAI_BASE_URL, OPENAI_API_KEY,
MODEL, TEMPERATURE (1.0), TOP_P (0.9), MAX_TOKENS (384), LLM_TIMEOUT (s, 120), LLM_RETRIES (attempts, 6),
LLM_BACKOFF_BASE (s, 2.0: waits 2, 4, 8, ... capped at 60), MODEL_PRICE_IN / MODEL_PRICE_OUT (USD per
million tokens; override the built-in table).

Retries: tenacity is the only retry layer (the openai client's own `max_retries` is 0). Rate limits,
server errors (5xx), timeouts and connection errors are retried with exponential backoff; other errors
(bad request, bad key) are not. When the attempts are exhausted, `ModelError` names the endpoint,
the model and the cause: the task is reported as an ERROR, not as a 0.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, TypeVar, cast

import openai
from dotenv import load_dotenv
from openai.types.chat import ChatCompletionMessageParam
from tenacity import RetryError, Retrying, retry_if_exception, stop_after_attempt, wait_exponential

from agent.usage import UsageMeter

# One chat message in OpenAI's shape, built as a plain dict (agent.prompts): role, and content as text or a list
# of parts ({"type": "text", ...}, {"type": "image_url", ...}).
Message = dict[str, Any]

# USD per million tokens (input, output), by model name prefix; the longest matching prefix wins.
PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1": (2.00, 8.00),
    "gpt-4-turbo": (10.00, 30.00),
    "gpt-4-vision-preview": (10.00, 30.00),
    "gpt-4-1106-vision-preview": (10.00, 30.00),
    "gpt-3.5-turbo": (0.50, 1.50),
    "gemini-1.5-pro": (1.25, 5.00),
    "gemini-1.5-flash": (0.075, 0.30),
}


_PROJECT_ENV = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".env")


def load_project_env() -> None:
    """Fill unset variables from the project's .env (variables already set, even empty, win)."""
    load_dotenv(_PROJECT_ENV, override=False)


_Number = TypeVar("_Number", int, float)


class ModelError(RuntimeError):
    """The model endpoint could not give a reply (after retries, or a non-retryable error)."""


def _env_number(name: str, default: _Number, read: Callable[[str], _Number], what: str) -> _Number:
    value = os.environ.get(name, "").strip()
    try:
        return read(value) if value else default
    except ValueError:
        raise ValueError(f"setting {name}={value!r} is not {what}") from None


def _float(name: str, default: float) -> float:
    return _env_number(name, default, float, "a number")


def env_int(name: str, default: int) -> int:
    """Integer setting `name` from the environment (after load_project_env), else `default`."""
    return _env_number(name, default, int, "an integer")


def _optional_float(name: str) -> float | None:
    return _float(name, 0.0) if os.environ.get(name, "").strip() else None


@dataclass(frozen=True)
class LLMSettings:
    base_url: str | None = None
    api_key: str | None = None
    model: str = "gpt-4o"
    temperature: float = 1.0
    top_p: float = 0.9
    max_tokens: int = 384
    timeout_s: float = 120.0
    attempts: int = 6
    backoff_base_s: float = 2.0
    backoff_max_s: float = 60.0
    price_in: float | None = None  # USD per million tokens; None: from PRICES
    price_out: float | None = None

    @classmethod
    def from_env(cls, **overrides: Any) -> LLMSettings:  # field values by name: unknown names are refused below
        load_project_env()
        env = cls(
            base_url=os.environ.get("OPENAI_BASE_URL") or None,
            api_key=os.environ.get("OPENAI_API_KEY") or None,
            model=os.environ.get("MODEL") or "gpt-4o",
            temperature=_float("TEMPERATURE", 1.0),
            top_p=_float("TOP_P", 0.9),
            max_tokens=env_int("MAX_TOKENS", 384),
            timeout_s=_float("LLM_TIMEOUT", 120.0),
            attempts=max(1, env_int("LLM_RETRIES", 6)),
            backoff_base_s=_float("LLM_BACKOFF_BASE", 2.0),
            price_in=_optional_float("MODEL_PRICE_IN"),
            price_out=_optional_float("MODEL_PRICE_OUT"),
        )
        known = {f.name for f in fields(cls)}
        unknown = set(overrides) - known
        if unknown:
            raise ValueError(f"unknown LLM setting(s): {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}")
        return replace(env, **{k: v for k, v in overrides.items() if v is not None})

    def prices(self) -> tuple[float, float] | None:
        if self.price_in is not None and self.price_out is not None:
            return self.price_in, self.price_out
        matches = [k for k in PRICES if self.model.startswith(k)]
        if not matches:
            return None
        base = PRICES[max(matches, key=len)]
        return (
            self.price_in if self.price_in is not None else base[0],
            self.price_out if self.price_out is not None else base[1],
        )


def endpoint_configured() -> bool:
    """True when OPENAI_BASE_URL or OPENAI_API_KEY is set."""
    load_project_env()
    return bool(os.environ.get("OPENAI_BASE_URL") or os.environ.get("OPENAI_API_KEY"))


@dataclass
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    model: str
    seconds: float
    attempts: int
    cost_usd: float | None

    def usage(self) -> dict[str, Any]:
        """This one call's usage dict (agent/usage.py) and its time at the model."""
        call = UsageMeter(self.prompt_tokens, self.completion_tokens, self.cost_usd, calls=1, model=self.model)
        return {**call.as_dict(), "model_s": round(self.seconds, 4)}


def _retryable(exc: BaseException) -> bool:
    if isinstance(
        exc, (openai.RateLimitError, openai.APITimeoutError, openai.APIConnectionError, openai.InternalServerError)
    ):
        return True
    return isinstance(exc, openai.APIStatusError) and exc.status_code >= 500


def _describe(exc: BaseException | None) -> str:
    if exc is None:
        return "no error recorded"
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}: {exc.message}"
    return f"{type(exc).__name__}: {exc}"


class LLMClient:
    def __init__(self, settings: LLMSettings | None = None):
        self.settings = settings or LLMSettings.from_env()
        s = self.settings
        self.endpoint = s.base_url or "https://api.openai.com/v1"
        self._client = openai.OpenAI(
            base_url=s.base_url, api_key=s.api_key or "not-set", timeout=s.timeout_s, max_retries=0
        )

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float | None:
        prices = self.settings.prices()
        if prices is None:
            return None
        return round((prompt_tokens * prices[0] + completion_tokens * prices[1]) / 1_000_000, 6)

    def complete(self, messages: list[Message], *, max_tokens: int | None = None) -> Completion:
        s = self.settings
        started = time.perf_counter()
        attempts = 0
        retrying = Retrying(
            stop=stop_after_attempt(s.attempts),
            wait=wait_exponential(multiplier=s.backoff_base_s, min=s.backoff_base_s, max=s.backoff_max_s),
            retry=retry_if_exception(_retryable),
            reraise=False,
        )
        try:
            for attempt in retrying:
                with attempt:
                    attempts += 1
                    response = self._client.chat.completions.create(
                        # the messages' shape is OpenAI's (agent.prompts builds them as plain dicts)
                        model=s.model,
                        messages=cast("list[ChatCompletionMessageParam]", messages),
                        temperature=s.temperature,
                        top_p=s.top_p,
                        max_tokens=max_tokens or s.max_tokens,
                    )
        except RetryError as exc:
            cause = exc.last_attempt.exception()
            raise ModelError(
                f"model {s.model!r} at {self.endpoint} failed after {attempts} attempts: {_describe(cause)}"
            ) from cause
        except openai.OpenAIError as exc:
            raise ModelError(f"model {s.model!r} at {self.endpoint} refused the request: {_describe(exc)}") from exc
        if not response.choices:
            raise ModelError(f"model {s.model!r} at {self.endpoint} returned no choices")
        text = response.choices[0].message.content or ""
        usage = response.usage
        prompt_tokens = int(getattr(usage, "prompt_tokens", 0) or 0)
        completion_tokens = int(getattr(usage, "completion_tokens", 0) or 0)
        return Completion(
            text=text,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            model=response.model or s.model,
            seconds=time.perf_counter() - started,
            attempts=attempts,
            cost_usd=self.cost(prompt_tokens, completion_tokens),
        )
